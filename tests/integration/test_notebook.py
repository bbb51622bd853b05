"""The walkthrough notebook runs top to bottom and shows the gates firing."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _text(nb: nbformat.NotebookNode) -> str:
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            parts.append(out.get("text", "") or "".join(out.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def test_walkthrough_notebook_executes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDMIRROR_DATA_DIR", str(tmp_path))
    nb = nbformat.read(ROOT / "notebooks" / "walkthrough.ipynb", as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    out = _text(nb)
    assert "graph TD" in out  # the Mermaid picture
    for event in ("plan_revise", "tool_error_to_stm", "answer_replan", "round_to_ltm", "answer_accept"):
        assert event in out, event
    assert f"status: answered | value: {82 / 1.65 ** 2!r} | rounds: 2" in out
    assert "attempt 1: bmi" in out  # STM shown to the tool agent
