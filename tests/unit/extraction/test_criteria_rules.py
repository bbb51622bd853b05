"""Criteria judgement rules added for the weak calculators (issue 13), each on sentences written for
this test (none is taken from a benchmark note or from app/data/dev/).

Every rule is general: it decides present / absent / not documented from an evidence span, with
negation and a current-vs-past check where the criterion has a time frame.
"""

from __future__ import annotations

import pytest

from tools.calculators import CALCULATORS
from tools.extraction import calc_rules as R
from tools.extraction.calc_sources import NoteContext, decide
from tools.extraction.concepts import find_concepts
from tools.extraction.extractor import extract
from tools.extraction.grounding import rule_arguments

C = CALCULATORS


def args_of(calc_id: str, note: str) -> dict:
    return rule_arguments(C[calc_id], note).args


def value(rule, note: str):  # noqa: ANN001
    hit = rule(NoteContext(note))
    return None if hit is None else hit.value


# --- demographics: "71F" at the start of a sentence or line --------------------------------------


@pytest.mark.parametrize("note,age,sex", [
    ("Seen 09:40. 71F, fell in the garden.", 71, "Female"),
    ("Handover:\n44M with productive cough.", 44, "Male"),
])
def test_age_sex_shorthand_at_sentence_or_line_start(note: str, age: float, sex: str) -> None:
    e = extract(note)
    assert e.get("age").value == age and e.get("sex").value == sex


def test_bare_letter_after_a_number_elsewhere_is_not_an_age() -> None:
    assert extract("Bay 12 F wing, bed 3.").get("age") is None


# --- ConText: past calendar year, diagnoses under consideration, planned events ------------------


def test_a_past_year_makes_a_mention_historical() -> None:
    ctx = NoteContext("Pulmonary embolism in 2016, treated with rivaroxaban for six months.")
    assert decide(ctx.findings("pulmonary_embolism"), "history")[0] is True
    assert decide(ctx.findings("pulmonary_embolism"), "current")[0] is False
    now = NoteContext("CT angiogram today shows a pulmonary embolism.")
    assert decide(now.findings("pulmonary_embolism"), "history")[0] is None


def test_a_diagnosis_under_consideration_is_not_asserted() -> None:
    f = NoteContext("Her breathlessness is concerning for pulmonary embolism.").findings("pulmonary_embolism")
    assert f and all(x.hypothetical for x in f)


def test_a_planned_operation_is_not_a_recent_one() -> None:
    note = "Booked for an elective laparoscopic hernia repair next month. BMI 24."
    a = args_of("caprini_vte", note)
    assert a["surgery_type"] == "laparoscopic >45 min"  # the type of surgery counts the planned operation
    assert a.get("major_surgery_last_month") is not True


# --- negation inside a term's gap, and node / leg-swelling phrasings ------------------------------


@pytest.mark.parametrize("note,concept,negated", [
    ("On inspection the tonsils are not swollen.", "tonsillar_exudate", True),
    ("Tonsils covered in thick exudate.", "tonsillar_exudate", False),
    ("The anterior lymph nodes are not enlarged.", "lymphadenopathy", True),
])
def test_negation_inside_the_gap_of_a_term(note: str, concept: str, negated: bool) -> None:
    found = find_concepts(note, [concept])
    assert found and found[0].negated is negated


@pytest.mark.parametrize("note", ["She has tender submandibular glands.", "Palpable anterior cervical nodes."])
def test_lymph_node_phrasings(note: str) -> None:
    assert args_of("centor_mcisaac", f"A 30-year-old woman. {note}")["tender_nodes"] is True


@pytest.mark.parametrize("note,expected", [
    ("His left calf is swollen and warm.", True),
    ("Both legs are swollen to the knee.", False),
    ("The right calf is not swollen.", False),
])
def test_leg_swelling_after_the_limb(note: str, expected: bool) -> None:
    assert value(R.unilateral_leg_swelling, note) is expected


# --- HEART: stated suspicion, troponin bands, stents ---------------------------------------------


@pytest.mark.parametrize("note,level", [
    ("The description was moderately suspicious for angina.", "moderately suspicious"),
    ("Overall a low suspicion for ACS.", "slightly suspicious"),
    ("Story is highly suspicious.", "highly suspicious"),
    ("He is at high risk for PE.", None),
    ("Chest pain since noon.", None),
])
def test_heart_history_from_a_stated_degree_of_suspicion(note: str, level: str | None) -> None:
    assert value(R.heart_history, note) == level


@pytest.mark.parametrize("note,band", [
    ("hs-TnI three times the upper limit of normal.", "1-3x normal limit"),
    ("Troponin double the upper reference limit.", "1-3x normal limit"),
    ("Troponin T 60 ng/L (ULN 14).", ">3x normal limit"),
    ("Trop I 0.03 ng/mL (URL 0.04).", "<= normal limit"),
    ("Troponin negative.", "<= normal limit"),
])
def test_heart_troponin_bands(note: str, band: str) -> None:
    assert value(R.heart_troponin, note) == band


def test_a_coronary_stent_is_atherosclerotic_disease_but_a_suspected_acs_is_not() -> None:
    assert args_of("heart_score", "A 60-year-old man. Bare-metal stent to the RCA in 2012.")["atherosclerotic_disease"] is True
    assert args_of("heart_score", "A 60-year-old man; the ECG is concerning for ACS.").get("atherosclerotic_disease") is not True


# --- GCS from descriptions --------------------------------------------------------------------------


@pytest.mark.parametrize("note,field,option", [
    ("She opened her eyes only when her name was shouted.", "eye", "eye opening to verbal command"),
    ("Eyes open only when the nail bed is pressed.", "eye", "eye opening to pain"),
    ("He believes he is in a hotel.", "verbal", "confused"),
    ("Says he thinks it is 1985.", "verbal", "confused"),
    ("Oriented to self only.", "verbal", "confused"),
    ("He pulled the left arm away from the stimulus.", "motor", "withdrawal from pain"),
])
def test_gcs_components_from_descriptions(note: str, field: str, option: str) -> None:
    assert args_of("glasgow_coma_scale", note)[field] == option


# --- APACHE II admission type ------------------------------------------------------------------------


def test_apache_post_op_after_emergency_surgery() -> None:
    note = "Transferred to ICU post-op following an emergency bowel resection. Age 70."
    assert value(R.admission_type, note) == "emergency postoperative"


# --- labs: abbreviations and a baseline header -------------------------------------------------------


def test_lab_abbreviations_albumin_and_bilirubin() -> None:
    e = extract("Chem: Alb 2.9 g/dL | Bili 2.2 | D bili 0.3")
    assert e.get("albumin").value == 2.9 and e.get("bilirubin").value == 2.2
    assert e.get("direct_bilirubin").value == 0.3


def test_a_baseline_header_demotes_the_whole_line() -> None:
    e = extract("Previous results (last year): Na 139, Alb 3.9 g/dL.\nCurrent: Alb 2.7 g/dL.")
    assert e.get("albumin").value == 2.7 and [a.value for a in e.get("albumin").alternatives] == [3.9]


# --- FeverPAIN: onset and inflammation --------------------------------------------------------------


@pytest.mark.parametrize("note,expected", [
    ("The sore throat began yesterday.", True),
    ("Sore throat 1/7.", True),
    ("c/o sore throat x5d.", False),
    ("Four days of throat pain.", False),
])
def test_rapid_attendance(note: str, expected: bool) -> None:
    assert value(R.rapid_attendance, note) is expected


def test_severe_tonsil_inflammation_words() -> None:
    assert value(R.severe_tonsils, "Angry red tonsils on both sides.") is True
    assert value(R.severe_tonsils, "Tonsils slightly pink.") is None


# --- SOFA: vasopressor named twice, urine volume ---------------------------------------------------


def test_vasopressor_dose_after_a_bracketed_synonym() -> None:
    assert args_of("sofa", "GCS 14. Noradrenaline (norepinephrine) 0.08 mcg/kg/min.")["norepinephrine"] == pytest.approx(0.08)


@pytest.mark.parametrize("note,ml", [
    ("She produced 300 mL of urine over the last 24 hours.", 300),
    ("Urinary output 40 mL/h.", 960),
])
def test_urine_output_phrasings(note: str, ml: float) -> None:
    assert value(R.urine_output, note) == pytest.approx(ml)
