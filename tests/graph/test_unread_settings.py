"""A setting the chosen graph does not read is refused by name, with the graph that reads it, where settings meet
a graph (``build_graph`` and ``solve``), before anything runs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from medmirror.api import solve
from medmirror.core.presets import PRESETS
from medmirror.core.settings import RUN_FIELDS, Settings
from medmirror.graphs.main import READ_BY, build_graph, unread_settings

from ._helpers import BMI_NOTE, BMI_Q, models, small_registry

ROOT = Path(__file__).resolve().parents[2]


def test_reflexion_on_the_planner_graph_is_refused_with_its_name_and_graph() -> None:
    with pytest.raises(ValueError) as err:
        build_graph(preset=Settings.resolve("mirror", self_reflection="reflexion"), models=models(),
                    registry=small_registry())
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith("self_reflection: only the single-loop graph reads it (presets cot, react,")
    assert "preset mirror runs the planner graph" in message


def test_planner_settings_on_a_single_loop_preset_are_refused_together() -> None:
    reason = unread_settings(Settings.resolve("react", theta_plan=9, max_rounds=3, max_trials=2))
    assert reason is not None and reason.startswith("theta_plan, max_rounds: only the planner graph reads them")


def test_solve_refuses_before_anything_runs() -> None:
    ms = models()  # empty scripts: any model call would fail the test
    with pytest.raises(ValueError, match=r"^max_react_steps: only the single-loop graph reads it"):
        solve(BMI_Q, BMI_NOTE, preset="mirror", max_react_steps=3, models=ms, registry=small_registry())
    assert all(not m._calls for m in ms.values())


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_alone_and_a_setting_both_graphs_read_are_accepted(preset: str) -> None:
    assert unread_settings(Settings.resolve(preset)) is None
    assert unread_settings(Settings.resolve(preset, theta_answer=7, max_tool_revisions=1)) is None


def test_a_preset_value_given_again_is_accepted() -> None:
    assert unread_settings(Settings.resolve("react", use_ltm=False)) is None  # the react preset's own value
    assert unread_settings(Settings.resolve("react", use_ltm=True)) is not None


def _settings_read_in(paths: list[Path]) -> set[str]:
    """The run fields a module reads as an attribute (``s.theta_plan``), by its source."""
    found: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in RUN_FIELDS}
    return found


def test_the_table_names_run_fields_that_only_the_other_graph_wires() -> None:
    """Each field of READ_BY is a run field that the other graph's own module (its routers) does not read;
    a field that no code reads at all cannot be in the table."""
    everything = _settings_read_in(sorted((ROOT / "nodes").glob("*.py")) + sorted((ROOT / "graphs").glob("*.py")))
    modules = {"planner": ROOT / "graphs" / "planner.py", "single-loop": ROOT / "graphs" / "single_loop.py"}
    for graph, names in READ_BY.items():
        assert set(names) <= set(RUN_FIELDS)
        assert set(names) <= everything, f"{set(names) - everything}: read nowhere"
        other = next(g for g in modules if g != graph)
        assert not set(names) & _settings_read_in([modules[other]]), f"the {other} graph's routers read one of {names}"
