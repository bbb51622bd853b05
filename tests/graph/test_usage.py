"""Usage accounting: per-node runs, model calls, tokens, retries and seconds in result.usage."""

from __future__ import annotations

import json

from medmirror.api import solve

from ._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi_plan, call, models, review


def _words(model, i: int) -> int:
    """What the scripted model reports as input tokens: words of the messages it was sent."""
    return sum(len(str(m.content).split()) for m in model.calls[i]["messages"])


def test_usage_per_node_is_counted_and_plausible():
    replies = {
        "planner": [bmi_plan()],
        "tool_agent": [call("bmi", score=4, weight=70, height=1.75), call("bmi", weight=70, height=175)],
        "answer": ["not json", answer(BMI_70)],
        "reviewer": [review("RIGHT")],
    }
    ms = models(**replies)
    res = solve(BMI_Q, BMI_NOTE, preset="full", models=ms, saver=None)
    assert res.status == "answered"
    nodes = res.usage["nodes"]
    assert set(nodes) == {"intake", "planner", "tool_agent", "executor", "answer", "reviewer"}
    expect_runs = {"intake": 1, "planner": 1, "tool_agent": 2, "executor": 1, "answer": 1, "reviewer": 1}
    expect_calls = {"intake": 0, "planner": 1, "tool_agent": 2, "executor": 0, "answer": 2, "reviewer": 1}
    assert {n: u["runs"] for n, u in nodes.items()} == expect_runs
    assert {n: u["calls"] for n, u in nodes.items()} == expect_calls
    assert nodes["answer"]["retries"] == 1 and nodes["planner"]["retries"] == 0
    for role in ("planner", "tool_agent", "answer", "reviewer"):
        m = ms[role]
        assert nodes[role]["input_tokens"] == sum(_words(m, i) for i in range(len(m.calls)))
        out_words = sum(len((r if isinstance(r, str) else json.dumps(r)).split()) for r in replies[role])
        assert nodes[role]["output_tokens"] == out_words
    for node in ("intake", "executor"):
        assert nodes[node]["input_tokens"] == nodes[node]["output_tokens"] == 0
        assert nodes[node]["model_seconds"] == 0
    for u in nodes.values():
        assert 0 <= u["model_seconds"] <= u["seconds"] < 5
    node_seconds = sum(u["seconds"] for u in nodes.values())
    assert 0 < node_seconds <= res.usage["wall_seconds"]
    totals = res.totals
    assert totals["calls"] == 6 and totals["runs"] == 7 and totals["retries"] == 1
    assert totals["input_tokens"] == sum(u["input_tokens"] for u in nodes.values())
    assert res.to_dict()["totals"] == totals


def test_usage_sums_over_rounds():
    ms = models(planner=[bmi_plan(), bmi_plan()],
                tool_agent=[call("bmi", weight=70, height=175), call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70, score=5), answer(BMI_70, score=9)])
    res = solve(BMI_Q, BMI_NOTE, models=ms, saver=None, theta_answer=8)
    nodes = res.usage["nodes"]
    assert nodes["planner"]["runs"] == nodes["planner"]["calls"] == 2
    assert nodes["ltm_update"]["runs"] == 1 and nodes["ltm_update"]["calls"] == 0
    assert nodes["answer"]["calls"] == 2


def test_failed_node_still_reports_its_calls():
    ms = models(planner=["x", "y", "z"])
    res = solve(BMI_Q, BMI_NOTE, models=ms, saver=None, structured_retries=2)
    assert res.status == "error"
    assert res.usage["nodes"]["planner"]["calls"] == 3 and res.usage["nodes"]["planner"]["retries"] == 2
