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
    sent_schema,
    system,
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
    from medmirror.core.settings import Settings

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


# ---------------------------------------------------------------------------
# RiskAgent's four stages: the interpretation is a stage of its own (answer_steps=interpret_then_format)
# ---------------------------------------------------------------------------


def test_the_riskagent_reviewer_checks_four_stages():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)], reviewer=[review("RIGHT")])
    run(ms, "riskagent")
    assert "3. interpretation: does the interpretation of the result agree" in system(ms["reviewer"])
    assert "4. answer: does the answer give the value in the asked format?" in system(ms["reviewer"])
    assert f"Interpretation of the result: {BMI_MEANING}\nAnswer: " in prompt(ms["reviewer"])
    stages = [b["properties"]["failing_stage"]["enum"] for b in sent_schema(ms["reviewer"])["anyOf"]]
    assert stages == [["none"], ["plan", "tool_call", "interpretation", "answer"]]


def test_one_step_presets_keep_three_stages():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)],
                reviewer=[review("RIGHT")])
    run(ms, "full")
    assert "3. answer: does the answer interpret the result correctly" in system(ms["reviewer"])
    assert "interpretation" not in system(ms["reviewer"]) and "Interpretation of the result" not in prompt(ms["reviewer"])
    stages = [b["properties"]["failing_stage"]["enum"] for b in sent_schema(ms["reviewer"])["anyOf"]]
    assert stages == [["none"], ["plan", "tool_call", "answer"]]


def test_wrong_interpretation_goes_back_to_the_interpretation_step_with_the_critique():
    critique = "say which WHO class the BMI falls in"
    better = "The BMI falls in the WHO normal weight class."
    ms = models(
        planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
        answer=[interpretation("The value was computed from the weight and the height."), answer(BMI_70),
                interpretation(better), answer(BMI_70)],
        reviewer=[review("WRONG", "interpretation", critique), review("RIGHT")],
    )
    r = run(ms, "riskagent")
    assert r.events("reviewer") == ["reflect_wrong_interpretation", "reflect_right"]
    assert r.events("interpret") == ["interpretation_accept", "interpretation_accept"]
    # the plan and the tool call stand; the interpretation is redone with the critique, then the answer
    assert len(ms["planner"].calls) == 1 and len(ms["tool_agent"].calls) == 1
    assert [s["tool"] for s in r["steps"]] == ["bmi"]
    assert section(prompt(ms["answer"], 0), "Reviewer critique") == "(none)"
    assert section(prompt(ms["answer"], 2), "Reviewer critique") == critique
    assert section(prompt(ms["answer"], 3), "Interpretation") == better
    assert r["reviews"] == 2
    assert r["interpretation"]["text"] == better and r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_wrong_interpretation_is_bounded_by_max_reviews():
    ms = models(
        planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
        answer=[interpretation(), answer(BMI_70), interpretation(), answer(BMI_70)],
        reviewer=[review("WRONG", "interpretation", "name the class"),
                  review("WRONG", "interpretation", "still no class")],
    )
    r = run(ms, "riskagent", max_reviews=1)
    assert r.events("reviewer") == ["reflect_wrong_interpretation", "review_bound_exhausted"]
    assert r.events("interpret") == ["interpretation_accept", "interpretation_accept"]
    assert "reviewer still found the interpretation wrong after 1 re-run(s)" in r["status_detail"]
    used_up(*ms.values())


def test_an_interpretation_verdict_without_an_interpretation_step_goes_to_the_answer():
    critique = "say what the BMI means"
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70), answer(BMI_70)],
                reviewer=[review("WRONG", "interpretation", critique), review("RIGHT")])
    r = run(ms, "full")
    assert r.events("reviewer") == ["reflect_wrong_answer", "reflect_right"] and "interpret" not in r.nodes()
    assert section(prompt(ms["answer"], 1), "Reviewer critique") == critique
    used_up(*ms.values())


def test_the_tools_own_interpretation_outweighs_the_models_wrong_verdict():
    # checks on: the interpretation fell back to the tool's own text, a decisive pass; the model's
    # Reflect[WRONG] at that stage is overruled and no step re-runs
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation("It is obese."), interpretation("It is obese."), interpretation("It is obese."),
                        answer(BMI_70)],
                reviewer=[review("WRONG", "interpretation", "the interpretation is wrong")])
    r = run(ms, "riskagent", use_checks=True)
    assert r.events("interpret") == ["interpretation_fallback"]
    ev = r.event("reflect_right")
    assert ev["decided_by"] == "checks" and "interpretation's checks passed and are decisive" in ev["detail"]
    assert "interpretation: checks passed (decisive)" in ev["checks"]
    assert r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_the_interpretation_stage_check_fails_without_a_model_call():
    """The reviewer's deterministic interpretation check, on an interpretation that disagrees with the tool's."""
    from types import SimpleNamespace

    from medmirror.core.models.factory import ModelSet
    from medmirror.core.settings import Settings
    from medmirror.memory.state import MedMirrorState
    from medmirror.nodes.common import Deps
    from medmirror.nodes.reviewer import make_reviewer, stage_checks

    step = {"subtask": 0, "tool": "bmi", "ok": True, "arguments": {"weight": 70, "height": 175},
            "observation": {"name": "Body Mass Index (BMI)", "value": 22.857142857142858, "unit": "kg/m²",
                            "interpretation": "normal weight"}}
    state = MedMirrorState(question="What is the patient's BMI?", note="Weight 70 kg, height 175 cm.",
                           plan=[{"description": "BMI", "tool": "bmi"}], steps=[step], answer_format="number",
                           interpretation={"text": "A BMI of 40 is obese.", "by": "model",
                                           "tool_interpretation": "normal weight"})
    s = Settings.resolve("riskagent", use_checks=True)
    stages = stage_checks(state, Deps(), s, planner=True)
    assert list(stages) == ["plan", "tool_call", "interpretation", "answer"]
    reasons = [c["reason"] for c in stages["interpretation"]["checks"]]
    assert stages["interpretation"]["passed"] is False
    assert "the interpretation writes 40, found in no tool result or the note" in reasons
    assert "the interpretation does not name the tool's category 'normal weight'" in reasons
    assert any("says obese" in r for r in reasons)
    # the checks decide first: the reviewer routes to the interpretation step without asking its model
    reviewer = make_reviewer(Deps(models=ModelSet(models())), planner=True)
    update = reviewer(state, SimpleNamespace(context=s))
    assert update["review"]["verdict"] == "WRONG" and update["review"]["routed_to"] == "interpretation"
    assert update["review"]["model_verdict"] is None and update["interpretation"] is None
    assert "found in no tool result or the note" in update["critique"]["interpretation"]
    one_step = stage_checks(state, Deps(), Settings.resolve("mirror", use_checks=True), planner=True)
    assert one_step["interpretation"] is None
