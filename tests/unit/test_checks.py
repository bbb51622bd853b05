"""The verifiable checks and the answer composition as pure functions (nodes/checks.py, nodes/compose.py).

The question-target rule is tested on questions written for these tests and on the retrieval
paraphrases; the development set (app/data/dev/paraphrased.csv, written without looking at the
rules) is checked too, so a rule that only fits the one-shot file fails here.
"""

from __future__ import annotations

import pytest

from medmirror.bench.medcalc import read_medcalc_csv
from medmirror.bench.retrieval import PARAPHRASES
from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState
from medmirror.nodes.checks import (
    call_key,
    failed_calls,
    fallback_plan,
    number_supported,
    plan_checks,
    question_target,
    result_feeds,
)
from medmirror.nodes.common import Deps
from medmirror.nodes.compose import answering_step, compose_answer, filter_rationale, unsupported_numbers
from medmirror.nodes.intake import choose_candidates
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import by_medcalc_id

REG = default_registry()
DEPS = Deps(registry=REG)


def _target(question: str, note: str | None = None) -> dict:
    return question_target(REG, question, choose_candidates(DEPS, question, note, {}, Settings.resolve("mirror")))


WRITTEN = [
    ("Calculate this patient's body-mass index from the weight and height given.", "bmi"),
    ("How high is her stroke risk by CHA2DS2-VASc given her AF?", "cha2ds2_vasc"),
    ("Estimate renal function using Cockcroft-Gault; give mL/min.", "creatinine_clearance"),
    ("Compute the serum anion gap from the electrolytes.", "anion_gap"),
    ("What is the albumin corrected delta gap?", "albumin_corrected_delta_gap"),
    ("Give the QTc using Hodges.", "qtc_hodges"),
    ("Using the MDRD equation, what is her GFR?", "mdrd_gfr"),
    ("Based on her height and target BMI of 22, what is her target weight in kg?", "target_weight"),
    ("What is the patient's MAP?", "mean_arterial_pressure"),
]


# Questions several scores of RiskAgent's library answer alike: "annual stroke risk in AF" is CHA2DS2-VASc's,
# CHADS2's and ATRIA's question. The target ranks first but must not be decisive (a check that would overrule the
# agent's choice of another valid score).
SHARED = {"What is his annual stroke risk given his atrial fibrillation?"}


@pytest.mark.parametrize("question,tool", [(q, t) for q, t in WRITTEN + list(PARAPHRASES) if q not in SHARED])
def test_the_question_names_its_tool_decisively(question: str, tool: str) -> None:
    t = _target(question)
    assert t["tool"] == tool and t["decisive"], t


@pytest.mark.parametrize("question,tool", [(q, t) for q, t in PARAPHRASES if q in SHARED])
def test_a_question_several_library_scores_answer_ranks_its_tool_first_without_deciding(question: str,
                                                                                        tool: str) -> None:
    t = _target(question)
    assert t["tool"] == tool and not t["decisive"], t


def test_a_question_naming_two_quantities_is_not_decisive() -> None:
    t = _target("What are the patient's BMI and mean arterial pressure?")
    assert not t["decisive"] and set(t["named"]) == {"bmi", "mean_arterial_pressure"}


def test_a_question_naming_nothing_has_no_decisive_target() -> None:
    assert not _target("What should we do next?")["decisive"]


def test_the_development_set_questions_name_their_calculators() -> None:
    rows = read_medcalc_csv("app/data/dev/paraphrased.csv")
    wrong = [(r.question, _target(r.question, r.note)) for r in rows
             if _target(r.question, r.note)["tool"] != by_medcalc_id(r.calculator_id).id]
    assert not wrong


def test_result_feeds_reads_dependencies_from_the_cards() -> None:
    assert result_feeds(REG, "bmi", "target_weight")  # a BMI input
    # a weight in kg feeds a weight in kg only when the question names the source ("based on the IBW"):
    # otherwise a target weight would count as the patient's weight
    assert result_feeds(REG, "ideal_body_weight", "maintenance_fluids", by_kind=True)
    assert not result_feeds(REG, "ideal_body_weight", "maintenance_fluids")
    assert not result_feeds(REG, "target_weight", "bmi")
    assert not result_feeds(REG, "heart_score", "bmi") and not result_feeds(REG, "bmi", "mean_arterial_pressure")


def test_a_target_weight_is_not_an_input_of_the_bmi() -> None:
    # found on the embedded model: a plan [bmi, target_weight] passed as if the target weight fed the BMI
    target = _target("What is the patient's body mass index (BMI)? Your answer should be in terms of kg/m².")
    rep = plan_checks([{"description": "x", "tool": "bmi"}, {"description": "y", "tool": "target_weight"}], target, REG)
    assert not rep["passed"] and "unrelated tool(s) target_weight" in rep["checks"][1]["reason"]
    ibw = _target("What is the patient's hourly maintenance fluid rate based on the patient's ideal body weight?")
    assert ibw["tool"] == "maintenance_fluids" and "ideal_body_weight" in ibw["mentioned"]
    ok = plan_checks([{"description": "x", "tool": "ideal_body_weight"},
                      {"description": "y", "tool": "maintenance_fluids"}], ibw, REG)
    assert ok["passed"]


def test_plan_checks_name_the_missing_and_the_unrelated_tools() -> None:
    target = _target("What is the patient's BMI?")
    ok = plan_checks([{"description": "BMI", "tool": "bmi"}], target, REG)
    assert ok["passed"] and ok["decisive"]
    bad = plan_checks([{"description": "x", "tool": "heart_score"}, {"description": "y", "tool": "none"}], target, REG)
    reasons = " ".join(c["reason"] for c in bad["checks"])
    assert not bad["passed"] and "does not use bmi" in reasons and "unrelated tool(s) heart_score" in reasons
    assert fallback_plan(REG, "bmi") == [{"description": "Compute the BMI for this patient", "tool": "bmi"}]


def test_a_call_is_the_same_whatever_the_order_and_nulls() -> None:
    assert call_key("bmi", {"weight": 70, "height": None}) == call_key("bmi", {"weight": 70})
    state = MedMirrorState(stm=[{"attempt": 1, "tool": "bmi", "arguments": {"weight": 70}, "run_arguments": {"weight": 70.0}}])
    assert failed_calls(state) == {call_key("bmi", {"weight": 70}): 1, call_key("bmi", {"weight": 70.0}): 1}


@pytest.mark.parametrize("number,ok", [("22.9", True), ("23", True), ("22.86", True), ("95", False), ("2.15", False),
                                       ("70", True), ("1977", False), ("7", False), ("17", False)])
def test_a_number_is_supported_by_a_tool_result_or_the_note(number: str, ok: bool) -> None:
    assert number_supported(number, [22.857142857142858], "weighs 70 kg, 175 cm") is ok


OBS = {"calculator": "bmi", "name": "Body Mass Index (BMI)", "value": 22.857142857142858, "unit": "kg/m²",
       "interpretation": "normal weight", "reference": "Quetelet 1832", "inputs": {"weight": 70.0, "height": 175.0},
       "assumed": []}


def test_the_answering_step_is_the_named_tools_not_the_last() -> None:
    steps = [{"subtask": 0, "tool": "bmi", "ok": True, "observation": OBS},
             {"subtask": 1, "tool": "mean_arterial_pressure", "ok": True, "observation": {"name": "MAP", "value": 110}}]
    plan = [{"tool": "bmi"}, {"tool": "mean_arterial_pressure"}]
    assert answering_step(MedMirrorState(**{"steps": steps, "plan": plan, "target": {"tool": "bmi"}}))["tool"] == "bmi"
    # without a target, the plan's last tool subtask answers
    assert answering_step(MedMirrorState(**{"steps": steps, "plan": plan}))["tool"] == "mean_arterial_pressure"
    assert answering_step(MedMirrorState(**{"steps": [{"tool": "bmi", "ok": False}], "plan": plan[:1]})) is None


def test_the_answer_is_composed_from_the_result_with_evidence() -> None:
    step = {"tool": "bmi", "ok": True, "observation": OBS, "grounding": {"params": [
        {"name": "weight", "value": 70.0, "status": "rule", "evidence": {"text": "weighs 70 kg"}},
        {"name": "height", "value": 175.0, "status": "agree", "evidence": {"text": "175 cm tall"}}]}}
    text = compose_answer(step)
    assert text == ("Body Mass Index (BMI) = 22.8571 kg/m² (normal weight). Inputs: weight = 70 ('weighs 70 kg'); "
                    "height = 175 ('175 cm tall'). Reference: Quetelet 1832")


def test_the_rationale_keeps_only_checked_prose() -> None:
    text = ("The BMI of 22.9 is in the normal range. It is 31.2 by my count. a, b, c, d. "
            "{\"value\": 3}. I'm sorry, but the answer is not available. Tool results: bmi. Too short here.")
    assert filter_rationale(text, [22.857142857142858], "") == "The BMI of 22.9 is in the normal range."
    assert filter_rationale("Pneumonia.", [], "", strict=False) == "Pneumonia."
    assert unsupported_numbers("BMI 22.9, weight 95 kg", [22.857142857142858], "weighs 70 kg") == ["95"]
