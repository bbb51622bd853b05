"""Every notebook runs top to bottom on the embedded model, on the small slices, and shows what it says.

``notebooks/execute.py --small`` does the same by hand. Each notebook asserts its own claims in its
cells (a failed assert is a cell error, which fails the run); the markers below are outputs the
committed notebook's prose relies on. Per-notebook seconds: ``pytest --durations=0``.

Opt-in: ``make test-notebooks`` (``MEDMIRROR_TEST_NOTEBOOKS=1``). On the embedded model on a 2-core CPU
each notebook takes minutes even on its small slices (several real solves each), so all eight would
double ``make test``; ``tests/unit/test_notebook_pairing.py``, which ``make test`` always runs, checks the
committed notebooks are their sources executed without errors.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.integration, pytest.mark.slow,
              pytest.mark.skipif(os.environ.get("MEDMIRROR_TEST_NOTEBOOKS") != "1",
                                 reason="notebooks run with `make test-notebooks` (minutes each on the embedded model)")]

_spec = importlib.util.spec_from_file_location("notebook_execute", ROOT / "notebooks" / "execute.py")
execute_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(execute_mod)

# outputs each notebook must show (besides its own asserts)
MARKERS: dict[str, list[str]] = {
    "01_quickstart": ["status: refused", "'answer': 'openai'", "json_object"],
    "02_mirror": ["tool_error_to_stm", "round_to_ltm", "reflect_wrong_answer", "unrelated tool(s) knowledge_search",
                  "checks passed (decisive)"],
    "03_riskagent": ["is ranked first", "what the answer agent was told after its first interpretation",
                     "interpretation_accept", "MedCalc-Bench (gold): accuracy", "MedCalc-Bench (extract): accuracy",
                     "MedCalc-Bench (agent): accuracy"],
    "04_reflectool": ["outcome solved_after_reflection", "When the note gives several weights, use the current one.",
                      "3 distinct of 3; chose 1: bmi"],
    "05_rada": ["EndCall  biomarker_quantifier_2", "answers: ['call', 'call', 'no_call']",
                "'unsolvability_grounding': 1.0", "completion by complexity:"],
    "06_toolbox": ["no such column: patient_id", "attempt to write a readonly database", "and was stopped (after",
                   "as stated in chunk discharge_01_pneumonia.md#1", "bm25 vs bm25+dense (e5)",
                   "no retrieved chunk supports an answer: none of the query's terms occurs in the documents"],
    "07_benchmark_report": ["paired row(s): the smallest two-sided McNemar p-value possible is",
                            "wall time of the experiment command", "sub-run(s) (1 dataset(s) x"],
    "08_workflows": ["[from step ibw]", "map >= 90 is True", "map < 90 is True", "not in the library (no validated tool",
                     "planner events:"],
}


def _outputs(nb) -> str:
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            parts.append(out.get("text", "") or "".join(data.get("text/markdown", "") or data.get("text/plain", "")))
    return "\n".join(parts)


@pytest.mark.parametrize("source", execute_mod.sources(), ids=lambda p: p.stem)
def test_notebook_runs_on_small_slices(source: Path) -> None:
    nb, seconds = execute_mod.execute(source, small=True, timeout=600)
    out = _outputs(nb)
    for marker in MARKERS.get(source.stem, []):
        assert marker in out, f"{source.stem}: {marker!r} not in the outputs"
