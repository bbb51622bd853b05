"""Topology snapshots: each graph's Mermaid text (``graph.get_graph().draw_mermaid()``) against a committed file
in ``tests/graph/snapshots/``. A change of wiring (a node, an edge, a router's targets) fails here with the diff.

Update the snapshots after an intended change of wiring, and commit them with it:

    MEDMIRROR_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest -q tests/graph/test_topology.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from medmirror.core.presets import PRESETS
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph
from medmirror.graphs.optimize import build_optimize_graph

from ._helpers import models, small_registry

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("MEDMIRROR_UPDATE_SNAPSHOTS") == "1"


def mermaid_of(preset: str) -> str:
    return build_graph(preset=preset, models=models(), registry=small_registry()).get_graph().draw_mermaid()


def assert_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.mmd"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}; write it with MEDMIRROR_UPDATE_SNAPSHOTS=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(keepends=True), text.splitlines(keepends=True),
                                            fromfile=f"{path.name} (committed)", tofile=f"{name} (built now)"))
        pytest.fail(f"the {name} graph's topology changed:\n{diff}\nIf the change is intended, update the snapshot: "
                    "MEDMIRROR_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest -q tests/graph/test_topology.py")


def test_planner_graph() -> None:
    assert_snapshot("planner", mermaid_of("mirror"))


def test_single_loop_graph() -> None:
    assert_snapshot("single_loop", mermaid_of("react"))


def test_optimize_graph() -> None:
    graph = build_optimize_graph(scorer=lambda case, value: (False, ""), models=models())
    assert_snapshot("optimize", graph.get_graph().draw_mermaid())


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_preset_wires_only_its_graph(preset: str) -> None:
    """A preset changes the wiring only through ``use_planner``: its graph is one of the two snapshots."""
    name = "planner" if Settings.resolve(preset).use_planner else "single_loop"
    assert mermaid_of(preset) == (SNAPSHOTS / f"{name}.mmd").read_text(encoding="utf-8"), (
        f"preset {preset} wires a graph of its own; give it a snapshot")


def test_a_changed_topology_fails_with_its_diff(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "planner.mmd").write_text(mermaid_of("mirror").replace("reviewer", "inspector"), encoding="utf-8")
    globals_ = globals()
    monkeypatch.setitem(globals_, "SNAPSHOTS", tmp_path)
    monkeypatch.setitem(globals_, "UPDATE", False)
    with pytest.raises(pytest.fail.Exception, match=r"(?s)topology changed.*-.*inspector.*\+.*reviewer"):
        assert_snapshot("planner", mermaid_of("mirror"))
