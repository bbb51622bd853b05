"""Dependencies between a plan's subtasks: validation, the subtasks a failure blocks, repeats, per-gate scores."""

from __future__ import annotations

import json

import pytest

from medmirror.nodes.gates import (
    blocked_subtasks,
    dependency_errors,
    gate_scores,
    next_tool_subtask,
    valid_dependencies,
)
from medmirror.nodes.planner import drop_repeats
from medmirror.nodes.schemas import tool_call_schema
from medmirror.tools.builtin import default_registry


def _plan(*deps: list[int], tools: list[str] | None = None) -> list[dict]:
    tools = tools or ["bmi"] * len(deps)
    return [{"description": f"step {i + 1}", "tool": t, **({"depends_on": d} if d else {})}
            for i, (d, t) in enumerate(zip(deps, tools))]


def test_a_plan_that_only_depends_on_earlier_subtasks_is_valid():
    assert dependency_errors(_plan([], [0], [0, 1])) == []
    assert dependency_errors(_plan([], [], [])) == []


@pytest.mark.parametrize("deps, error", [
    (([], [1]), "subtask 2 depends on itself"),
    (([1], []), "subtask 1 depends on the later subtask 2"),
    (([], [7]), "subtask 2 depends on 7, which is not a subtask"),
    (([], [-1]), "subtask 2 depends on -1, which is not a subtask"),
    (([], ["1"]), "subtask 2 depends on '1', which is not a subtask"),
    (([], [True]), "subtask 2 depends on True, which is not a subtask"),
])
def test_invalid_references_are_named(deps, error):
    assert error in dependency_errors(_plan(*deps))


def test_a_cycle_is_found():
    errors = dependency_errors(_plan([2], [0], [1]))
    assert any("dependency cycle" in e for e in errors)
    assert not any("cycle" in e for e in dependency_errors(_plan([], [0], [0])))


def test_valid_dependencies_keeps_earlier_references_and_drops_the_rest():
    plan, dropped = valid_dependencies(_plan([0, 1], [0, 0, 5], [1]))
    assert [p.get("depends_on") for p in plan] == [None, [0], [1]]
    assert dropped == ["subtask 1: 1, 2", "subtask 2: 6"]
    assert dependency_errors(plan) == []


def test_explicit_dependencies_block_only_the_dependents_transitively():
    plan = _plan([], [], [0], [2], [1], tools=["bmi", "bmi", "none", "bmi", "bmi"])
    assert blocked_subtasks(plan, [0]) == {2, 3}
    assert next_tool_subtask(plan, 1, [0]) == 1 and next_tool_subtask(plan, 2, [0]) == 4
    assert blocked_subtasks(plan, []) == set()


def test_without_declared_dependencies_a_failure_blocks_everything_after_it():
    plan = _plan([], [], [])
    assert blocked_subtasks(plan, [1]) == {2}
    assert next_tool_subtask(plan, 2, [1]) == 3


def test_drop_repeats_points_dependencies_at_the_kept_subtask():
    plan = [{"description": "BMI", "tool": "bmi"}, {"description": "bmi ", "tool": "bmi"},
            {"description": "target", "tool": "target_weight", "depends_on": [1]}]
    kept, n = drop_repeats(plan)
    assert n == 1 and kept[1] == {"description": "target", "tool": "target_weight", "depends_on": [0]}


def test_gate_scores_collect_every_self_score_by_gate():
    trace = [{"node": "intake", "event": "candidates"}, {"node": "planner", "event": "plan_revise", "score": 4},
             {"node": "planner", "event": "plan_accept", "score": 9}, {"node": "tool_agent", "event": "rule_call"},
             {"node": "tool_agent", "event": "tool_accept", "score": 7}, {"node": "answer", "event": "answer_accept", "score": 8},
             {"node": "reviewer", "event": "reflect_right"}]
    assert gate_scores(trace) == {"plan": [4, 9], "tool_call": [7], "answer": [8]}
    assert gate_scores([]) == {"plan": [], "tool_call": [], "answer": []}


def test_tool_call_schema_with_alternatives_and_a_reflection_converts_to_a_grammar():
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    from medmirror.core.models.grammar import relax_large_bounds

    reg = default_registry()
    alts = {n: reg.get(n).args_schema for n in ("target_weight", "ideal_body_weight")}
    schema = tool_call_schema("bmi", reg.get("bmi").args_schema, alts, reflection=True)
    assert [b["properties"]["tool"]["enum"] for b in schema["anyOf"]] == [["bmi"], ["target_weight"], ["ideal_body_weight"]]
    assert all(b["required"][0] == "reflection" for b in schema["anyOf"])
    assert json_schema_to_gbnf(json.dumps(relax_large_bounds(schema)))
    # without alternatives or a reflection the schema is the single call it always was
    single = tool_call_schema("bmi", reg.get("bmi").args_schema)
    assert single["properties"]["tool"]["enum"] == ["bmi"] and "reflection" not in single["properties"]
