"""Verified reflection in the main graph: each gate's checks caught and routed (checks on, the default).

Every scripted reply below is one a weak model really gives: an extra unrelated tool in the
plan, the question's own tool left out, an argument the note does not support, a call that
already failed, prose with a number no tool produced, a reviewer whose critique contradicts
its verdict. Each must be caught by a check, shown in the trace with the self-score, and
routed as the gate says.
"""

from __future__ import annotations

import pytest

from ._helpers import (
    BMI_70,
    BMI_NOTE,
    BMI_Q,
    answer,
    bmi,
    bmi_plan,
    call,
    interpretation,
    models,
    plan,
    prompt,
    review,
    run,
    section,
    used_up,
)

MAP_NOTE = "A 60-year-old woman, blood pressure 150/90 mm Hg, heart rate 72."
MAP_Q = "What is the patient's mean arterial pressure in mm Hg?"
MAP_110 = "110"  # (150 + 2 x 90) / 3 = 330 / 3 = 110


def _event(r, name):
    return next(e for e in r.out["trace"] if e["event"] == name)


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------


def test_target_is_read_from_the_question_and_shown_in_the_trace_and_to_the_planner():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms)
    assert r.state["target"]["tool"] == "bmi" and r.state["target"]["decisive"]
    assert "the question asks for bmi (named in the question ('bmi'))" in r.out["trace"][0]["detail"]
    assert section(prompt(ms["planner"]), "The question asks for").startswith("bmi (named in the question")


def test_plan_with_an_extra_unrelated_tool_is_revised_with_a_critique_naming_it():
    ms = models(
        planner=[plan(("Compute the BMI", "bmi"), ("Compute the MAP", "mean_arterial_pressure"), score=10),
                 bmi_plan(score=9)],
        tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)],
    )
    r = run(ms)
    first = r.out["trace"][1]
    assert first["event"] == "plan_revise" and first["score"] == 10  # a perfect self-score does not save it
    assert "checks FAILED: unrelated tool(s) mean_arterial_pressure" in first["checks"]
    assert "revise: checks" in first["detail"]
    assert "Checks failed: unrelated tool(s) mean_arterial_pressure: the question asks for bmi only" \
        in prompt(ms["planner"], 1)
    assert r.events("planner") == ["plan_revise", "plan_accept"]
    assert [s["tool"] for s in r["steps"]] == ["bmi"] and r["value"] == BMI_70
    used_up(*ms.values())


def test_plan_missing_the_named_tool_falls_back_to_the_checked_single_tool_plan_at_the_bound():
    wrong = plan(("Compute the ideal body weight", "ideal_body_weight"), score=9)
    ms = models(planner=[wrong, wrong, wrong], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, max_plan_revisions=2)
    assert r.events("planner") == ["plan_revise", "plan_revise", "plan_fallback"]
    assert "the plan does not use bmi" in r.out["trace"][1]["checks"]
    fb = _event(r, "plan_fallback")
    assert "no plan passed the checks after 3 tries" in fb["detail"] and "single-tool plan: bmi" in fb["detail"]
    assert r["plan"] == [{"description": "Compute the BMI for this patient", "tool": "bmi"}]
    assert r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_a_decisive_plan_is_accepted_despite_a_low_self_score():
    ms = models(planner=[bmi_plan(score=3)], tool_agent=[call("bmi", score=2, weight=70, height=175)],
                answer=[answer(BMI_70, score=2)])
    r = run(ms, theta_plan=8, theta_tool=8, theta_answer=8)
    ev = r.out["trace"][1]
    assert ev["event"] == "plan_accept" and ev["score"] == 3 and ev["checks"] == "checks passed (decisive)"
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "ok", "answer_accept"]
    assert len(ms["planner"].calls) == len(ms["tool_agent"].calls) == len(ms["answer"].calls) == 1
    used_up(*ms.values())


def test_with_checks_off_the_self_score_alone_decides():
    ms = models(planner=[bmi_plan(score=3), bmi_plan(score=9)], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, use_checks=False)
    assert r.events("planner") == ["plan_revise", "plan_accept"]
    assert "checks" not in r.state["answer"]  # no check words in the answer: the model's text is kept
    used_up(*ms.values())


def test_a_tool_whose_result_feeds_the_target_is_not_unrelated():
    # the question names the IBW as the weight to use: the IBW subtask is an input, not an extra tool
    q = "What is the patient's hourly maintenance fluid rate based on the patient's ideal body weight?"
    note = "A 40-year-old man, height 180 cm, weight 95 kg, is admitted for elective surgery."
    ms = models(planner=[plan(("Ideal body weight", "ideal_body_weight"), ("Maintenance fluids", "maintenance_fluids"))],
                tool_agent=[call("ideal_body_weight", sex="male", height=180), call("maintenance_fluids", weight=95)],
                answer=[lambda msgs: answer(section(str(msgs[1].content), "Allowed values"))])
    r = run(ms, question=q, note=note)
    assert r.state["target"]["tool"] == "maintenance_fluids"
    assert r.out["trace"][1]["checks"] == "checks passed (decisive)"
    # 95 kg: 4 x 10 + 2 x 10 + 1 x 75 = 135 mL/h, the result of the subtask that answers the question
    assert r["value"] == "135"
    used_up(*ms.values())


# ---------------------------------------------------------------------------
# Tool-call checks
# ---------------------------------------------------------------------------


def test_a_hallucinated_argument_is_corrected_to_the_note_and_the_trace_says_so():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=95, height=175)], answer=[answer(BMI_70)])
    r = run(ms, extractor="hybrid")
    ev = _event(r, "tool_accept")
    assert "corrected" not in ev["checks"]  # corrections are passes: the trace's line says passed
    assert ev["checks"].startswith("checks passed")
    step = r["steps"][0]
    assert step["arguments"] == {"weight": 70.0, "height": 175.0}  # the note's 70 kg ran, not the model's 95
    assert any(c["reason"].startswith("corrected to the note: weight 95.0 -> 70.0") for c in step["checks"]["checks"])
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_an_argument_without_evidence_is_revised_then_refused_naming_what_is_missing():
    note = "A 45-year-old man comes for a check-up. Height 175 cm. No complaints."
    ms = models(planner=[bmi_plan()],
                tool_agent=[call("bmi", weight=80, height=175), call("bmi", weight=80, height=175),
                            call("bmi", weight=80, height=175)],
                answer=[answer(None, text="The weight is missing.")])
    r = run(ms, note=note, extractor="hybrid", max_tool_revisions=2, max_attempts_per_subtask=1)
    assert r.events("tool_agent") == ["tool_revise", "tool_revise", "tool_bound_exhausted"]
    assert "bmi needs weight (the proposed 80.0 is not in the note)" in r.out["trace"][2]["checks"]
    assert r["status"] == "refused" and r["value"] is None
    assert r["answer"].startswith("No answer:") and "missing weight" in r["answer"]
    ac = r.state["answer_checks"]["checks"]
    assert ac[0]["name"] == "refusal_justified" and "the note does not give weight" in ac[0]["reason"]
    used_up(*ms.values())


def test_a_repeated_failed_call_is_refused_without_running():
    note = "A 45-year-old man comes for a check-up. Weight 70 kg. No complaints."
    q = "What is the patient's BMI?"
    ms = models(planner=[bmi_plan()],
                tool_agent=[call("bmi", weight=70), call("bmi", weight=70), call("bmi", weight=70)],
                answer=[answer(None)])
    # no revisions at the gate, so the same failing call reaches the executor twice
    r = run(ms, question=q, note=note, max_tool_revisions=0, max_attempts_per_subtask=2)
    first, second = r["steps"] if len(r["steps"]) == 2 else (None, r["steps"][-1])
    assert "missing height" in r.state["stm"][0]["error"] if r.state["stm"] else True
    assert "refused without running: repeats failed attempt 1 (bmi with the same arguments)" in second["error"]
    assert "which failed: " in second["error"] and "missing height" in second["error"]
    assert r["status"] == "refused"


# ---------------------------------------------------------------------------
# Answer composition and checks
# ---------------------------------------------------------------------------


def test_the_answer_text_is_composed_from_the_tool_result_and_prose_numbers_are_filtered():
    prose = ("The BMI is 22.9, in the normal range. The patient weighs 95 kg and should lose 12 kg. "
             "I'm sorry, but the answer is not available. a, b, c, d. }")
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70, text=prose)])
    r = run(ms)
    text = r["answer"]
    assert text.startswith(f"Body Mass Index (BMI) = {float(BMI_70):.6g} kg/m²")
    assert "Inputs: weight = 70" in text and "height = 175" in text
    assert "95" not in text and "12" not in text and "sorry" not in text
    # the rationale keeps only the sentence whose number a tool produced
    assert r.state["rationale"] == "The BMI is 22.9, in the normal range."
    assert r.state["answer_checks"]["passed"] and r.state["answer_checks"]["decisive"]
    used_up(*ms.values())


def test_the_value_is_the_result_of_the_subtask_that_answers_the_question():
    # MAP first, then BMI (a plan the checks revise); at the bound the kept plan still runs both: the
    # answer's value must be the BMI (the question's tool), although the MAP ran last in the other order
    two = plan(("Compute the BMI", "bmi"), ("Compute the MAP", "mean_arterial_pressure"), score=9)
    note = BMI_NOTE + " Blood pressure 150/90 mm Hg."
    ms = models(planner=[two], tool_agent=[call("bmi", weight=70, height=175),
                                           call("mean_arterial_pressure", systolic_bp=150, diastolic_bp=90)],
                answer=[lambda msgs: answer(section(str(msgs[1].content), "Allowed values"))])
    r = run(ms, note=note, max_plan_revisions=0, use_checks=True)
    assert [s["tool"] for s in r["steps"]] == ["bmi"]  # the fallback plan at the bound: bmi alone
    assert r["value"] == BMI_70


def test_an_answer_check_failure_sends_the_round_to_ltm():
    # round 1 leaves out the height the note gives (llm mode runs the call as proposed): the refusal is
    # not justified by the note, so the answer's check fails and the round goes to LTM (with replan_on_failure
    # off: on, the given-up subtask itself sends the round to LTM before any answer, test_rounds_ltm.py)
    ms = models(planner=[bmi_plan(), bmi_plan()],
                tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
                answer=[answer(None), answer(BMI_70)])
    r = run(ms, max_attempts_per_subtask=1, max_tool_revisions=0, extractor="llm", replan_on_failure=False)
    assert "bmi needs height (not given, although the note gives 175.0)" in r.out["trace"][2]["checks"]
    assert r.events("answer") == ["answer_replan", "answer_accept"]
    assert "has_result" in str(r.state["ltm"][0]["checks"]) and r["value"] == BMI_70
    used_up(*ms.values())


# ---------------------------------------------------------------------------
# Reviewer
# ---------------------------------------------------------------------------


def test_reviewer_critique_that_contradicts_its_verdict_is_not_printed_as_agreement():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)],
                reviewer=[review("RIGHT", critique="WRONG")])
    r = run(ms, "full")
    ev = _event(r, "reflect_right")
    assert "contradicts its verdict RIGHT" in ev["detail"] and "the checks decide" in ev["detail"]
    assert r.state["review"]["model_critique"] == "WRONG" and r.state["review"]["verdict"] == "RIGHT"
    used_up(*ms.values())


def test_reviewer_wrong_at_a_stage_whose_checks_are_decisive_is_overruled():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)],
                reviewer=[review("WRONG", "plan", "should use another tool")])
    r = run(ms, "full")
    ev = _event(r, "reflect_right")
    assert "Reflect[WRONG] at the plan, but the plan's checks passed and are decisive" in ev["detail"]
    assert r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_reviewer_runs_the_checks_first_without_a_model_call():
    # llm mode runs the model's unsupported weight; the reviewer's evidence check catches it first
    ms = models(planner=[bmi_plan(), bmi_plan()],
                tool_agent=[call("bmi", weight=95, height=175), call("bmi", weight=70, height=175)],
                answer=[interpretation("The BMI is in the obese class."), answer(bmi(95, 175)),
                        interpretation(), answer(BMI_70)], reviewer=[review("RIGHT")])
    r = run(ms, "riskagent", extractor="llm")
    assert r.events("reviewer")[0] == "reflect_wrong_tool_call"
    assert "Not supported by the note: weight=95" in r.out["trace"][[e["event"] for e in r.out["trace"]].index(
        "reflect_wrong_tool_call")]["detail"]
    assert len(ms["reviewer"].calls) == 1  # only the second review asked the model
    assert r["value"] == BMI_70


# ---------------------------------------------------------------------------
# No note: the question's words are the evidence
# ---------------------------------------------------------------------------


def test_without_a_note_the_question_grounds_the_arguments():
    q = "A man weighs 70 kg and is 175 cm tall. What is his BMI?"
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=95, height=160)], answer=[answer(BMI_70)])
    r = run(ms, question=q, note=None, extractor="hybrid")
    assert r["steps"][0]["arguments"] == {"weight": 70.0, "height": 175.0} and r["value"] == BMI_70


def test_without_a_note_or_values_in_the_question_invented_arguments_are_refused():
    ms = models(planner=[bmi_plan()],
                tool_agent=[call("bmi", weight=95, height=160)] * 3, answer=[answer(None)])
    r = run(ms, question=BMI_Q, note=None, extractor="hybrid", max_attempts_per_subtask=1)
    assert r["status"] == "refused" and r["value"] is None and "37" not in r["answer"]
    assert "missing" in r["answer"]


@pytest.mark.parametrize("preset", ["mirror", "riskagent"])
def test_default_presets_answer_the_map_case(preset):
    ms = models(planner=[plan(("Compute the mean arterial pressure", "mean_arterial_pressure"))],
                tool_agent=[call("mean_arterial_pressure", systolic_bp=150, diastolic_bp=90)],
                answer=([interpretation("The pressure is at or above the 65 mmHg perfusion target.")]
                        if preset == "riskagent" else []) + [answer(MAP_110)], reviewer=[review("RIGHT")])
    r = run(ms, preset, question=MAP_Q, note=MAP_NOTE)
    assert r["value"] == MAP_110 and r["answer"].startswith("Mean Arterial Pressure")


# ---------------------------------------------------------------------------
# Unusable model output: the checked fallbacks say so in the trace
# ---------------------------------------------------------------------------

BAD = "not json at all"


def test_an_unusable_plan_falls_back_to_the_checked_single_tool_plan():
    ms = models(planner=[BAD] * 3, tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms)
    ev = _event(r, "plan_fallback")
    assert "the planner's reply was invalid" in ev["detail"] and "single-tool plan: bmi" in ev["detail"]
    assert r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_an_unusable_tool_call_falls_back_to_the_rule_extractors_arguments():
    ms = models(planner=[bmi_plan()], tool_agent=[BAD] * 3, answer=[answer(BMI_70)])
    r = run(ms, extractor="hybrid")
    ev = _event(r, "tool_fallback")
    assert "using the rule extractor's arguments: bmi(" in ev["detail"]
    assert r["steps"][0]["arguments"] == {"weight": 70.0, "height": 175.0} and r["value"] == BMI_70
    used_up(*ms.values())


def test_an_unusable_answer_reply_is_composed_from_the_tool_result_alone():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[BAD] * 3)
    r = run(ms)
    assert "answer_fallback" in r.events()
    assert r["value"] == BMI_70 and r["answer"].startswith("Body Mass Index (BMI) =")
    assert r.state["rationale"] == ""


def test_an_unusable_review_leaves_the_checks_to_decide():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)], reviewer=[BAD] * 3)
    r = run(ms, "riskagent")
    ev = _event(r, "reflect_right")
    assert "the reviewer's reply was invalid" in ev["detail"] and r["status"] == "answered"


def test_with_checks_off_an_unusable_plan_is_still_an_error():
    ms = models(planner=[BAD] * 3)
    r = run(ms, use_checks=False)
    assert r["status"] == "error" and "planner: model output was invalid" in r.out["status_detail"]


# ---------------------------------------------------------------------------
# MIRROR divergences closed in issue 15, with the checks deciding
# ---------------------------------------------------------------------------


def test_a_switch_away_from_the_named_tool_fails_its_check_and_is_revised():
    ms = models(planner=[bmi_plan()],
                tool_agent=[call("bmi", score=3, weight=70, height=1.75),
                            call("target_weight", score=9, target_bmi=22, height=175),
                            call("bmi", score=9, weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, extractor="llm", theta_tool=8)
    ev = [e for e in r.out["trace"] if e["node"] == "tool_agent"]
    assert [e["event"] for e in ev] == ["tool_revise", "tool_revise", "tool_accept"]
    assert "switched to target_weight, but the question asks for bmi" in ev[1]["checks"] and ev[1]["decided_by"] == "checks"
    assert "tool_switch" not in r.events() and r["plan"][0]["tool"] == "bmi" and r["value"] == BMI_70
    used_up(*ms.values())


def test_a_failure_the_note_explains_is_answered_not_replanned():
    # the note lacks the height: no plan can supply it, so the given-up subtask goes to the answer (a refusal)
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70)] * 3,
                answer=[answer(None, text="The height is not recorded.")])
    r = run(ms, extractor="llm", max_tool_revisions=0, note="A 45-year-old man, weight 70 kg. Height not recorded.")
    assert "round_to_ltm" not in r.events() and r.state["failure_justified"] is True
    assert r["status"] == "refused" and r["round"] == 1
    used_up(*ms.values())


def test_a_failure_the_note_does_not_explain_is_replanned():
    ms = models(planner=[bmi_plan(), bmi_plan()],
                tool_agent=[call("bmi", weight=70)] * 3 + [call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, extractor="llm", max_tool_revisions=0)
    assert r.events("ltm_update") == ["round_to_ltm"] and r.state["ltm"][0]["failed"] is True
    assert r["value"] == BMI_70 and r["round"] == 2
    used_up(*ms.values())
