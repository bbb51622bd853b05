"""Reviewer (RiskAgent Reflect[RIGHT]/Reflect[WRONG]): routing to the earliest failing stage, and its bound."""

from __future__ import annotations

import pytest

from ._helpers import (
    BMI_70,
    BMI_MEANING,
    answer,
    bmi_plan,
    call,
    interpretation,
    last_message,
    models,
    plan,
    prompt,
    review,
    run,
    section,
    used_up,
)


def test_reflect_right_ends_the_run():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)], reviewer=[review("RIGHT")])
    r = run(ms, "riskagent")
    assert r.events()[-3:] == ["interpretation_accept", "answer_accept", "reflect_right"]
    assert r["review"]["verdict"] == "RIGHT" and r["reviews"] == 1
    assert r["status"] == "answered" and r["value"] == BMI_70
    shown = prompt(ms["reviewer"])
    assert 'bmi({"weight": 70.0, "height": 175.0})' in section(shown, "Tool calls")
    assert f"Structured value (number): {BMI_70}" in shown
    used_up(*ms.values())


def test_wrong_plan_goes_back_to_the_planner_with_the_critique():
    critique = "ideal body weight is not the BMI; use the bmi calculator"
    from medmirror.tools.calculators import CALCULATORS

    ibw = repr(CALCULATORS["ideal_body_weight"].run({"sex": "Male", "height": 175}).value)
    ms = models(
        planner=[plan(("Compute the ideal body weight", "ideal_body_weight")), bmi_plan()],
        tool_agent=[call("ideal_body_weight", sex="Male", height=175), call("bmi", weight=70, height=175)],
        answer=[interpretation("This is the ideal body weight for his height."), answer(ibw),
                interpretation(), answer(BMI_70)],
        reviewer=[review("WRONG", "plan", critique), review("RIGHT")],
    )
    r = run(ms, "riskagent")
    assert r.events("reviewer") == ["reflect_wrong_plan", "reflect_right"]
    assert section(prompt(ms["planner"], 0), "Reviewer critique") == "(none)"
    assert section(prompt(ms["planner"], 1), "Reviewer critique") == critique
    # the re-plan starts from scratch: earlier steps are gone
    assert section(prompt(ms["tool_agent"], 1), "Results so far") == "(no tool results yet)"
    assert [s["tool"] for s in r["steps"]] == ["bmi"]
    assert r["plan"] == [{"description": "Compute the BMI from weight and height", "tool": "bmi"}]
    assert r["reviews"] == 2 and r["status"] == "answered" and r["value"] == BMI_70
    used_up(*ms.values())


def test_wrong_tool_call_goes_back_to_the_tool_agent_with_the_critique():
    # (a value the note contradicts is caught by the evidence check before the reviewer model is asked:
    # see test_grounding_in_graph.py; here the model's own verdict routes the run)
    critique = "check that the height is the standing height in cm"
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", weight=70, height=175), call("bmi", weight=70, height=175)],
        answer=[interpretation(), answer(BMI_70), interpretation(), answer(BMI_70)],
        reviewer=[review("WRONG", "tool_call", critique), review("RIGHT")],
    )
    r = run(ms, "riskagent")
    assert r.events("reviewer") == ["reflect_wrong_tool_call", "reflect_right"]
    assert len(ms["planner"].calls) == 1  # the plan stands
    assert section(prompt(ms["tool_agent"], 0), "Reviewer critique") == "(none)"
    assert section(prompt(ms["tool_agent"], 1), "Reviewer critique") == critique
    assert [s["arguments"]["weight"] for s in r["steps"]] == [70]  # the re-run replaced the first step
    assert r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_wrong_answer_goes_back_to_the_answer_agent_with_the_critique():
    critique = "say that 22.9 is a normal weight"
    ms = models(
        planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
        answer=[interpretation(), answer(BMI_70, text="The patient is obese."),
                answer(BMI_70, text="BMI 22.9: normal weight.")],
        reviewer=[review("WRONG", "answer", critique), review("RIGHT")],
    )
    r = run(ms, "riskagent")
    assert r.events("reviewer") == ["reflect_wrong_answer", "reflect_right"]
    assert len(ms["tool_agent"].calls) == 1  # tool results are kept
    # the interpretation is kept too: only the formatting step re-runs, shown the same interpretation
    assert r.events("interpret") == ["interpretation_accept"]
    assert section(prompt(ms["answer"], 1), "Reviewer critique") == "(none)"
    assert section(prompt(ms["answer"], 2), "Reviewer critique") == critique
    assert section(prompt(ms["answer"], 2), "Interpretation") == BMI_MEANING
    assert "bmi(" in section(prompt(ms["answer"], 2), "Tool results")
    assert r["answer"] == "BMI 22.9: normal weight." and r["status"] == "answered"
    used_up(*ms.values())


def test_review_bound_exhausted_ends_with_the_last_critique():
    ms = models(
        planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
        answer=[interpretation(), answer(BMI_70), answer(BMI_70)],
        reviewer=[review("WRONG", "answer", "mention the WHO class"), review("WRONG", "answer", "still no WHO class")],
    )
    r = run(ms, "riskagent", max_reviews=1)
    assert r.events("reviewer") == ["reflect_wrong_answer", "review_bound_exhausted"]
    assert r["review"]["exhausted"] is True and r["review"]["verdict"] == "WRONG"
    assert r["reviews"] == 2
    assert "reviewer still found the answer wrong after 1 re-run(s)" in r["status_detail"]
    assert "still no WHO class" in r["status_detail"]
    used_up(*ms.values())


def test_review_bound_zero_allows_no_rerun():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)], reviewer=[review("WRONG", "plan", "wrong tool")])
    r = run(ms, "riskagent", max_reviews=0)
    assert r.events("reviewer") == ["review_bound_exhausted"]
    assert len(ms["planner"].calls) == 1
    used_up(*ms.values())


def test_wrong_without_a_stage_is_invalid_and_retried():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)],
                reviewer=[{"verdict": "WRONG", "failing_stage": "none", "critique": "bad"}, review("RIGHT")])
    r = run(ms, "riskagent")
    assert "must name the failing stage" in last_message(ms["reviewer"], 1)
    assert r.events("reviewer") == ["reflect_right"]
    used_up(*ms.values())


@pytest.mark.parametrize("preset", ["mirror", "react", "cot"])
def test_reviewer_is_off_unless_the_preset_or_a_setting_turns_it_on(preset):
    from medmirror.settings import Settings

    assert Settings.resolve(preset).use_reviewer is False
    assert Settings.resolve(preset, use_reviewer=True).use_reviewer is True


def test_full_preset_combines_gates_with_review():
    critique = "check the height's unit"
    ms = models(
        planner=[bmi_plan(score=5), bmi_plan(score=9)],
        tool_agent=[call("bmi", weight=70, height=175), call("bmi", weight=70, height=175)],
        answer=[answer(BMI_70), answer(BMI_70)],
        reviewer=[review("WRONG", "tool_call", critique), review("RIGHT")],
    )
    r = run(ms, "full")
    assert r.events() == ["candidates", "plan_revise", "plan_accept", "tool_accept", "ok", "answer_accept",
                          "reflect_wrong_tool_call", "tool_accept", "ok", "answer_accept", "reflect_right"]
    assert section(prompt(ms["tool_agent"], 1), "Reviewer critique") == critique
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_cot_with_reviewer_routes_every_stage_to_the_answer():
    ms = models(answer=[answer("23"), answer("22.9")],
                reviewer=[review("WRONG", "tool_call", "recompute: 70 / 1.75^2"), review("RIGHT")])
    r = run(ms, "cot", use_reviewer=True)
    assert r.events() == ["candidates", "answer_accept", "reflect_wrong_answer", "answer_accept", "reflect_right"]
    assert section(prompt(ms["answer"], 1), "Reviewer critique") == "recompute: 70 / 1.75^2"
    assert r["value"] == "22.9"
    used_up(*ms.values())


def test_react_with_reviewer_shows_the_critique_to_the_tool_agent():
    from ._helpers import react

    critique = "check the height's unit"
    ms = models(
        tool_agent=[react("bmi", weight=70, height=175), react("finish"),
                    react("bmi", weight=70, height=175), react("finish")],
        answer=[answer(BMI_70), answer(BMI_70)],
        reviewer=[review("WRONG", "plan", critique), review("RIGHT")],
    )
    r = run(ms, "react", use_reviewer=True)
    # a 'plan' verdict maps to the tool loop when there is no planner
    assert r.events("reviewer") == ["reflect_wrong_tool_call", "reflect_right"]
    assert r["value"] == BMI_70
    assert critique in prompt(ms["tool_agent"], 2)


def test_wrong_tool_call_on_a_plan_without_tools_goes_back_to_the_planner():
    critique = "a tool is needed: call the bmi calculator"
    ms = models(
        planner=[plan(("Reason from the note", "none")), bmi_plan()],
        tool_agent=[call("bmi", weight=70, height=175)],
        answer=[answer(None, text="no tool was needed"), answer(BMI_70)],
        reviewer=[review("WRONG", "tool_call", critique), review("RIGHT")],
    )
    r = run(ms, "full")
    assert r.events("reviewer") == ["reflect_wrong_plan", "reflect_right"]  # escalated: no tool call to redo
    assert critique in prompt(ms["planner"], 1)
    assert r["status"] == "answered" and r["value"] == BMI_70
