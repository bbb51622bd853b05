"""Unparseable or schema-violating model output: retried structured_retries times, then status 'error'."""

from __future__ import annotations

import pytest

from ._helpers import (
    BMI_70,
    answer,
    bmi,
    bmi_plan,
    call,
    interpretation,
    last_message,
    models,
    plan,
    react,
    review,
    run,
    used_up,
)

GOOD_SUB = {"description": "Compute the BMI", "tool": "bmi"}

BAD_PLANS = {
    "huge_score": ({"subtasks": [GOOD_SUB], "evaluation": "ok", "score": 1e15}, "score: Input should be less than or equal to 10"),
    "zero_score": ({"subtasks": [GOOD_SUB], "evaluation": "ok", "score": 0}, "score: Input should be greater than or equal to 1"),
    "missing_fields": ({"subtasks": [GOOD_SUB]}, "evaluation: Field required"),
    "not_json": ("I would use the BMI calculator, score 9.", "Expecting value"),
    "truncated_json": ('{"subtasks": [{"description": "Compute the BMI", "tool": "bm', "Unterminated string"),
    "no_subtasks": ({"subtasks": [], "evaluation": "ok", "score": 9}, "subtasks: List should have at least 1 item"),
    "unknown_tool": (plan(("Compute the BMI", "bmi_calculator")), "['bmi_calculator'] are not among the candidates"),
    "list_not_object": ([GOOD_SUB], "Input should be a valid dictionary"),
}


@pytest.mark.parametrize("bad,fragment", list(BAD_PLANS.values()), ids=list(BAD_PLANS))
def test_invalid_planner_output_is_retried_then_an_error(bad, fragment):
    ms = models(planner=[bad, bad, bad])
    r = run(ms, structured_retries=2)
    assert len(ms["planner"].calls) == 3
    assert r["status"] == "error"
    detail = r["status_detail"]
    assert detail.startswith("planner: model output was invalid after 3 attempt(s)")
    assert fragment in detail
    assert r.events() == ["candidates", "invalid_model_output"]
    # never a default value: nothing downstream ran and no answer exists
    assert not ms["tool_agent"].calls and not ms["answer"].calls
    assert r.out.get("value") is None and not r.out.get("answer")
    # every retry fed the validation error back to the model
    assert fragment.split(":")[0] in last_message(ms["planner"], 1)
    assert r.out["usage"]["planner"]["retries"] == 2


def test_repeated_subtasks_are_dropped_not_fatal():
    ms = models(planner=[plan(("Compute the BMI", "bmi"), ("compute the  BMI", "bmi"))],
                tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms)
    assert r["status"] == "answered" and r["value"] == BMI_70
    assert [p["tool"] for p in r["plan"]] == ["bmi"]
    plan_events = [e for e in r["trace"] if e["node"] == "planner"]
    assert "dropped 1 repeated subtask(s)" in plan_events[0]["detail"]
    used_up(*ms.values())


def test_invalid_output_recovers_within_the_retry_bound():
    bad = {"subtasks": [GOOD_SUB], "evaluation": "ok", "score": 1e15}
    ms = models(planner=[bad, "not json", bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, structured_retries=2)
    assert r["status"] == "answered" and r["value"] == BMI_70
    assert "That reply was invalid (score: Input should be less than or equal to 10)" in last_message(ms["planner"], 1)
    assert r.out["usage"]["planner"]["calls"] == 3 and r.out["usage"]["planner"]["retries"] == 2
    used_up(*ms.values())


def test_zero_retries_means_one_attempt():
    ms = models(planner=["nope", bmi_plan()])
    r = run(ms, structured_retries=0)
    assert len(ms["planner"].calls) == 1
    assert r["status"] == "error" and "after 1 attempt(s)" in r["status_detail"]


@pytest.mark.parametrize("bad,fragment", [
    (call("target_weight", target_bmi=22, height=175), "tool must be 'bmi' for this subtask, got 'target_weight'"),
    ({"tool": "bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 11}, "score"),
    ({"tool": "bmi", "arguments": "weight=70", "evaluation": "ok", "score": 9}, "arguments: Input should be a valid dictionary"),
], ids=["other_tool", "score_11", "arguments_not_object"])
def test_invalid_tool_agent_output_is_an_error(bad, fragment):
    ms = models(planner=[bmi_plan()], tool_agent=[bad] * 3)
    r = run(ms, structured_retries=2)
    assert r["status"] == "error"
    assert r["status_detail"].startswith("tool_agent: model output was invalid after 3 attempt(s)")
    assert fragment in r["status_detail"]
    assert r.events("executor") == [] and not ms["answer"].calls


@pytest.mark.parametrize("bad,fragment", [
    ({"answer": "BMI 22.9", "value": BMI_70, "evaluation": "ok", "score": "high"}, "score: Input should be a valid integer"),
    ({"answer": "BMI 22.9", "value": BMI_70, "score": 9}, "evaluation: Field required"),
    ({"answer": "BMI 22.9", "value": "22.9 kg/m2", "evaluation": "ok", "score": 9}, "is not a number"),
], ids=["score_text", "missing_evaluation", "value_with_unit"])
def test_invalid_answer_output_is_an_error(bad, fragment):
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[bad] * 3)
    r = run(ms, structured_retries=2)
    assert r["status"] == "error"
    assert r["status_detail"].startswith("answer: model output was invalid after 3 attempt(s)")
    assert fragment in r["status_detail"]
    assert r.out.get("value") is None


def test_invalid_reviewer_output_is_an_error():
    bad = {"verdict": "MAYBE", "failing_stage": "none", "critique": ""}
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)], reviewer=[bad, bad])
    r = run(ms, "riskagent", structured_retries=1)
    assert r["status"] == "error"
    assert r["status_detail"].startswith("reviewer: model output was invalid after 2 attempt(s)")
    assert "verdict: Input should be 'RIGHT' or 'WRONG'" in r["status_detail"]


def test_invalid_react_action_is_an_error():
    ms = models(tool_agent=[react("calculator", weight=70)] * 2)
    r = run(ms, "react", structured_retries=1)
    assert r["status"] == "error"
    assert "action must be one of" in r["status_detail"] and "'calculator'" in r["status_detail"]


def test_empty_question_is_an_input_error():
    ms = models()
    r = run(ms, question="   ")
    assert r["status"] == "error" and r["status_detail"] == "no question given"
    assert r.events() == ["invalid_input"]


def test_answer_without_a_value_field_is_retried_not_defaulted():
    no_value = {"answer": "BMI is 22.9", "evaluation": "ok", "score": 9}
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[no_value, answer(BMI_70)])
    r = run(ms, structured_retries=1)
    assert len(ms["answer"].calls) == 2
    assert "value: Field required" in last_message(ms["answer"], 1)
    assert r["status"] == "answered" and r["value"] == BMI_70


def test_error_after_a_rejected_round_carries_no_stale_value():
    ms = models(planner=[bmi_plan(), "garbage", "garbage"],
                tool_agent=[call("bmi", weight=80, height=175)], answer=[answer(bmi(80, 175), score=3)])
    r = run(ms, structured_retries=1, theta_answer=8)
    assert r["status"] == "error"
    assert r.out.get("value") is None and not r.out.get("answer")
    assert r["ltm"][0]["value"] == bmi(80, 175)  # the rejected round is kept where it belongs


def test_error_after_a_rejected_review_carries_no_stale_value():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=80, height=175), "garbage", "garbage"],
                answer=[interpretation("The BMI is in the overweight class."), answer(bmi(80, 175))],
                reviewer=[review("WRONG", "tool_call", "the note gives 70 kg")])
    r = run(ms, "riskagent", structured_retries=1)
    assert r["status"] == "error"
    assert r.out.get("value") is None and not r.out.get("answer")
