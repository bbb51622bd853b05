"""`medmirror experiment` on the clinical toolbox (cab) and radiology (rada) runners: their dataset keys and
checks, the example files, and a tiny real run through the harness with the scripted model."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import medmirror
from medmirror.bench.cab import load_tasks
from medmirror.bench.common import load_records
from medmirror.bench.experiment_config import ExperimentConfigError, load_experiment
from medmirror.bench.rada import METRICS, make_cases
from medmirror.cli import main
from medmirror.tools.radiology.toolsets import build_toolset

EXPERIMENTS = Path(medmirror.__file__).parent / "data" / "experiments"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name, n", [("cab_small", 3), ("rada_small", 4)])
def test_the_example_files_dry_run(name: str, n: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = EXPERIMENTS / f"{name}.toml"
    exp = load_experiment(cfg, out=tmp_path / "out")
    assert len(exp.subruns()) == n and all(s.mode == "agent" for s in exp.subruns())
    assert main(["experiment", str(cfg), "--out", str(tmp_path / "out"), "--dry-run"]) == 0
    assert f"{n} sub-run(s)" in capsys.readouterr().out and not (tmp_path / "out").exists()
    if name == "rada_small":
        d = exp.datasets[0]
        assert d.benchmark == "rada" and d.params["toolset"] == "baseline" and d.params["records"] == 2
        assert {c.settings.get("rada_few_shot") for c in exp.conditions} >= {0, 2}
        assert any(c.settings.get("rada_prompt_backprop") for c in exp.conditions)


@pytest.mark.parametrize("dataset, message", [
    ('benchmark = "rada"\npath = "x.csv"', r"datasets\[0\]\.path: unknown key"),
    ('benchmark = "rada"\ntoolset = "redundant"', r"datasets\[0\]: unknown condition 'redundant'"),
    ('benchmark = "rada"\ntasks = ["lesion_counting"]', r"datasets\[0\]: unknown task type"),
    ('benchmark = "rada"\nrecords = 0', r"datasets\[0\]\.records: must be an integer >= 1"),
    ('benchmark = "cab"\ndimension = "vision"', r"datasets\[0\]: unknown dimension"),
    ('benchmark = "cab"\nmode = "gold"', r"datasets\[0\]\.mode: cab runs the whole graph"),
])
def test_bad_cab_and_rada_datasets_name_the_key(tmp_path: Path, dataset: str, message: str) -> None:
    cfg = write(tmp_path / "exp.toml", f"[[datasets]]\n{dataset}\n[[conditions]]\npreset = 'react'\n")
    with pytest.raises(ExperimentConfigError, match=message):
        load_experiment(cfg)


def test_a_condition_in_another_mode_is_refused_on_rada(tmp_path: Path) -> None:
    cfg = write(tmp_path / "exp.toml", "[[datasets]]\nbenchmark = 'rada'\n[[conditions]]\npreset = 'react'\n"
                                       "mode = 'gold'\n")
    with pytest.raises(ExperimentConfigError, match="rada runs in agent mode only"):
        load_experiment(cfg)


def _rada_script(path: Path) -> Path:
    """MIRROR on the one rada case: plan the gold chain, call its optimal tools, answer with the reference."""
    [case] = make_cases(1, 0, ["organ_segmentation"], ["baseline"])
    ts = build_toolset(case.condition, case.task, 0)
    calls = [(ts.optimal[s.index], {k: k for k in s.inputs}) for s in case.task.gold_chain]
    script = {
        "planner": [{"subtasks": [{"description": f"step {i + 1}", "tool": t} for i, (t, _) in enumerate(calls)],
                     "evaluation": "follows the data flow", "score": 9}],
        "tool_agent": [{"tool": t, "arguments": a, "evaluation": "inputs from memory", "score": 9} for t, a in calls],
        "answer": [{"answer": case.task.reference_answer, "value": None, "evaluation": "from memory", "score": 9}],
    }
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


def _cab_script(path: Path) -> Path:
    """ReAct on the first knowledge task: search, finish, answer with the gold option."""
    task = load_tasks("knowledge")[0]
    gold = task["gold"]["answer"]
    script = {
        "tool_agent": [{"thought": "look it up", "action": "knowledge_search", "arguments": {"query": task["question"]}},
                       {"thought": "found", "action": "finish", "arguments": {}}],
        "answer": [{"answer": f"The answer is {gold}.", "value": gold, "evaluation": "from the passage", "score": 9}],
    }
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


def test_cab_and_rada_through_the_harness(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rada, cab = _rada_script(tmp_path / "rada.json"), _cab_script(tmp_path / "cab.json")
    cfg = write(tmp_path / "exp.toml", f"""
name = "tiny"
out = "{tmp_path / 'out'}"
[settings]
data_dir = "{tmp_path / 'data'}"
model_provider = "scripted"
[statistics]
resamples = 500

[[datasets]]
name = "rada"
benchmark = "rada"
toolset = "baseline"
records = 1
tasks = ["organ_segmentation"]

[[datasets]]
name = "cab"
benchmark = "cab"
dimension = "knowledge"
limit = 1

[[conditions]]
preset = "mirror"
label = "rada-mirror"
datasets = ["rada"]
settings = {{ script_path = "{rada}" }}

[[conditions]]
preset = "mirror"
label = "rada-mirror-fewshot"
datasets = ["rada"]
settings = {{ script_path = "{rada}", rada_few_shot = 1 }}

[[conditions]]
preset = "react"
label = "cab-react"
datasets = ["cab"]
settings = {{ script_path = "{cab}" }}
""")
    assert main(["experiment", str(cfg)]) == 0
    assert capsys.readouterr().out.count(": run,") == 3
    out = tmp_path / "out"
    rows = pd.read_csv(out / "rows.csv", dtype={"row_id": str})
    assert len(rows) == 3
    for col in ("condition", "seed", "row_id", "correct", "score", "tokens", "calls", "seconds", "category",
                "toolset", "few_shot", "prompt_version", "group", "tool_selection_errors", *METRICS):
        assert col in rows.columns, col
    r = rows[rows["dataset"] == "rada"].set_index("condition")
    for label, shots in (("rada-mirror", 0), ("rada-mirror-fewshot", 1)):
        [rec] = load_records(out / "runs" / "rada" / label / "seed-0" / "records.jsonl")
        row = r.loc[label]
        assert bool(row["correct"]) and row["score"] == 1.0 == rec["metrics"]["execution_completion"]
        assert row["category"] == "organ_segmentation" and row["toolset"] == "baseline" and row["few_shot"] == shots
        assert row["tokens"] == rec["tokens"] and row["calls"] == rec["calls"] > 0
        assert row["exec_levenshtein"] == 0.0 and row["target_hit"] == 1.0 and row["row_id"] == rec["id"]
        assert row["n_tool_calls"] == 3 and row["tools"].count(";") == 2
    c = rows[rows["dataset"] == "cab"].iloc[0]
    [crec] = load_records(out / "runs" / "cab" / "cab-react" / "seed-0" / "records.jsonl")
    assert bool(c["correct"]) and c["score"] == 1.0 and c["category"] == "knowledge" and c["row_id"] == crec["id"]
    assert c["tools"] == "knowledge_search" and c["tool_selection_errors"] == 0 and c["tokens"] == crec["tokens"]
    summary = pd.read_csv(out / "summary.csv")
    assert list(summary["accuracy_mean"]) == [1.0, 1.0, 1.0]
    comparisons = pd.read_csv(out / "comparisons.csv")
    assert ("rada-mirror", "rada-mirror-fewshot") in set(zip(comparisons["a"], comparisons["b"]))
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "rada (rada: toolset baseline" in report and "cab (cab: dimension knowledge" in report
    meta = json.loads((out / "runs" / "rada" / "rada-mirror" / "seed-0" / "subrun.json").read_text())
    assert meta["finished"] is True and meta["accuracy"] == 1.0
    # rerun: every sub-run finished and is skipped
    assert main(["experiment", str(cfg)]) == 0
    assert capsys.readouterr().out.count("finished earlier, skipped") == 3


