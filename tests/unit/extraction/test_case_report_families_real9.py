"""Reading conventions for case-report wording found on the real9 development set (issue 26, item 5), on sentences
written for these tests.

None of these sentences is taken from a benchmark note or from app/data/dev/. Each family has sentences that must be
read and a near miss that must not.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import assess
from medmirror.tools.extraction.grounding import rule_arguments
from medmirror.tools.extraction.medications import extract_medications
from tests.unit.extraction._rules import arg_of, gcs_of


# --- a denied admission: "never been admitted with heart failure" keeps the denial over the reason -----------------------
@pytest.mark.parametrize("note", [
    "71 y/o F for open colectomy. She has never been admitted with heart failure and walks a mile daily.",
    "71 y/o F for open colectomy. Not admitted for cardiac failure at any time.",
])
def test_a_denied_admission_denies_its_reason(note: str) -> None:
    assert arg_of("rcri", "congestive_heart_failure", note) is False


def test_an_admission_after_a_denial_is_its_own_clause() -> None:  # near miss
    note = "71 y/o F for open colectomy. No fever; admitted in May with heart failure."
    assert arg_of("rcri", "congestive_heart_failure", note) is True


# --- a denied list whose members each take an article: "never had a heart attack, a stent, a stroke" --------------------
def test_an_articled_list_stays_denied() -> None:
    note = "49-year-old man with chest pain. He has never had an infarct, a bypass, a stroke or leg claudication."
    assert arg_of("heart_score", "atherosclerotic_disease", note) is False


def test_an_articled_member_with_its_own_verb_is_a_clause() -> None:  # near miss
    note = "49-year-old man with chest pain. He has never had an infarct, a stroke was treated in 2019."
    assert arg_of("heart_score", "atherosclerotic_disease", note) is True


# --- Wells PE: the clinician ranks PE first in the first person ("PE is my leading diagnosis") ---------------------------
def test_my_leading_diagnosis_ranks_pe_first() -> None:
    note = "61 M, day 10 after hip replacement, breathless. A PE is my leading diagnosis; pneumonia less likely."
    assert arg_of("wells_pe", "pe_most_likely", note) is True


def test_my_leading_diagnosis_of_another_disease_does_not() -> None:  # near miss
    note = "61 M, day 10 after hip replacement, breathless. Pneumonia is my leading diagnosis; PE less likely."
    assert arg_of("wells_pe", "pe_most_likely", note) is False


# --- HEART: 'behind the breastbone' is the lay word for retrosternal (a typical element, Six 2008) -----------------------
def test_pressure_behind_the_breastbone_is_a_typical_history() -> None:
    note = ("55-year-old woman. At rest tonight a crushing pressure behind her breastbone, spreading to the jaw and left "
            "arm, with sweating.")
    assert arg_of("heart_score", "history", note) == "highly suspicious"


def test_a_sharp_pain_under_the_sternum_on_breathing_is_not_highly_suspicious() -> None:  # near miss
    note = "55-year-old woman. A sharp stabbing pain under the sternum, worse on breathing in and tender to palpation."
    assert arg_of("heart_score", "history", note) != "highly suspicious"


# --- HEART family history: a parent's coronary bypass before 65 -----------------------------------------------------------
@pytest.mark.parametrize("note", [
    "47 M with chest pain. His mother had a coronary artery bypass when she was 59.",
    "47 M with chest pain. Smokes; his brother needed a quadruple bypass aged 52.",
])
def test_a_relatives_coronary_bypass_is_family_history(note: str) -> None:
    assert arg_of("heart_score", "family_history", note) is True


@pytest.mark.parametrize("note", [
    "47 M with chest pain. His mother had a gastric bypass when she was 59.",
    "47 M with chest pain. His father had a triple bypass at 77.",  # after 65
])
def test_another_bypass_or_a_late_one_is_not(note: str) -> None:  # near miss
    assert arg_of("heart_score", "family_history", note) is not True


# --- a TIA told as an episode: a one-sided deficit or speech disturbance that resolved fully (Easton 2009) ---------------
@pytest.mark.parametrize("note", [
    "78 y/o M with AF. Two years ago he had 10 minutes of right arm weakness and slurred speech, which fully resolved.",
    "78 y/o M with AF. In 2021 her left hand went numb and she had trouble finding her words; it cleared completely "
    "within the hour.",
])
def test_a_transient_focal_deficit_is_a_tia(note: str) -> None:
    assert arg_of("cha2ds2_vasc", "tia", note) is True


@pytest.mark.parametrize("note", [
    "78 y/o M with AF. No focal weakness or slurred speech during this episode.",
    "78 y/o M with AF. Right arm weakness and slurred speech since this morning, still present on arrival.",
    "78 y/o M with AF. Generalised weakness for a week that fully resolved with fluids.",
])
def test_a_denied_lasting_or_generalised_deficit_is_not(note: str) -> None:  # near miss
    assert arg_of("cha2ds2_vasc", "tia", note) is not True


# --- APACHE II worst value: a course told by its extreme ("was at most 30/min") is the highest value measured ------------
def test_a_rate_that_was_at_most_n_is_its_worst_value() -> None:
    note = ("70 M admitted to ICU with pneumonia. Respiratory rate 22/min on arrival. During the night the respiratory "
            "rate was at most 31/min.")
    assert arg_of("apache_ii", "respiratory_rate", note) == 31


def test_a_target_at_most_n_is_no_reading() -> None:  # near miss
    note = ("70 M admitted to ICU with pneumonia. Respiratory rate 22/min on arrival. Plan: keep the respiratory rate at "
            "most 31/min.")
    assert arg_of("apache_ii", "respiratory_rate", note) == 22


# --- a vasopressor's current dose after the clock time it was started ---------------------------------------------------
@pytest.mark.parametrize("text, dose", [
    ("Noradrenaline started at 03:15, currently 0.12 mcg/kg/min.", 0.12),
    ("norepinephrine commenced at 2200 and now at 0.05 mcg/kg/min", 0.05),
])
def test_current_dose_after_start_time(text: str, dose: float) -> None:
    assert [m.dose for m in extract_medications(text) if m.name == "norepinephrine"] == [dose]


def test_a_dose_of_another_drug_after_the_start_time_is_not_the_pressors() -> None:  # near miss
    meds = extract_medications("Norepinephrine started at 03:15; lactate 2.2, vasopressin 0.03 units/min.")
    assert [m.dose for m in meds if m.name == "norepinephrine"] == [None]


# --- GCS: the arrival examination, not a review on a later (post-operative) day --------------------------------------
def test_arrival_responses_before_a_day_one_review() -> None:
    note = ("Trauma call. On arrival her eyes remained shut when spoken to loudly and opened only to trapezius squeeze. "
            "She moaned without words. With a nail-bed press her left hand travelled across her body to the examiner's "
            "hand. Ward review, day 1: sedation stopped at 07:00; eyes open spontaneously, obeys commands.")
    assert gcs_of(note) == ("eye opening to pain", "incomprehensible sounds", "localizes pain")


def test_arms_drawn_across_the_chest_are_not_localising() -> None:  # near miss: flexion, no target
    note = "Trauma call. On arrival he groaned to a sternal rub; both arms drawn up across his chest, eyes shut."
    assert gcs_of(note)[2] == "flexion to pain"


# --- Charlson moderate-severe CKD (Charlson 1987: creatinine > 3 mg/dL, dialysis, transplant, uraemia) -------------------
@pytest.mark.parametrize("note, ckd", [
    ("80 F. Chronic kidney disease, creatinine 150 µmol/L (eGFR 41) and steady; no dialysis.", False),
    ("80 F. Chronic kidney disease with a creatinine of 3.6 mg/dL.", True),
    ("80 F. Chronic kidney disease on peritoneal dialysis; creatinine 2.4 mg/dL.", True),
])
def test_ckd_severity_from_the_notes_creatinine(note: str, ckd: bool) -> None:
    assert arg_of("charlson", "moderate_severe_ckd", note) is ckd


def test_a_low_egfr_is_left_undecided() -> None:  # near miss: stage 4 by eGFR, creatinine under 3
    note = "80 F, small and frail. Chronic kidney disease, creatinine 2.2 mg/dL, eGFR 21."
    assert arg_of("charlson", "moderate_severe_ckd", note) is None


# --- the second reader: a description's qualifier ('treatment') names no criterion -------------------------------------
def _doubted(calc_id: str, note: str) -> set[str]:
    calc = CALCULATORS[calc_id]
    g = rule_arguments(calc, note)
    return {d.input for d in assess(calc, g.args, g.params, note).doubts}


def test_a_laser_treatment_is_no_sign_of_an_ulcer() -> None:
    note = "72 M. Type 2 diabetes with retinopathy, laser treatment to both eyes in 2020. Hypertension."
    assert "peptic_ulcer_disease" not in _doubted("charlson", note)


def test_an_ulcer_treatment_is_still_seen() -> None:  # near miss
    note = "72 M. Type 2 diabetes. Took a course of ulcer treatment from the GP last year. Hypertension."
    assert "peptic_ulcer_disease" in _doubted("charlson", note)


# --- an operation put off is not done; the present event named by its management is no history -------------------------
def test_a_deferred_operation_is_not_recent_surgery() -> None:
    note = "66 F with a swollen calf. Her planned nephrectomy has been postponed until the spring; walks daily."
    assert arg_of("wells_dvt", "major_surgery", note) is not True


def test_an_operation_done_beside_a_postponed_one_is_surgery() -> None:  # near miss
    note = "66 F with a swollen calf. Her hysterectomy was done five weeks ago; a hernia repair was postponed."
    assert arg_of("wells_dvt", "major_surgery", note) is True


def test_the_event_being_treated_is_not_known_atherosclerosis() -> None:
    note = "50 M with chest pain and a rising troponin, so we are managing this as an NSTEMI. No cardiac history."
    assert arg_of("heart_score", "atherosclerotic_disease", note) is not True


def test_a_past_infarct_is_known_atherosclerosis() -> None:  # near miss
    note = "50 M with chest pain and a rising troponin. NSTEMI in 2015 treated with a stent to the LAD."
    assert arg_of("heart_score", "atherosclerotic_disease", note) is True


# --- "the surgery" as the British GP's premises, not an operation -------------------------------------------------------
@pytest.mark.parametrize("note", [
    "59 F. She came to the surgery this morning with a painful swollen calf. Walks daily.",
    "59 F. Seen at her GP surgery yesterday with a swollen calf; otherwise well.",
])
def test_the_gp_surgery_is_a_place(note: str) -> None:
    assert arg_of("wells_dvt", "major_surgery", note) is not True


def test_an_operation_beside_the_gp_surgery_is_still_read() -> None:  # near miss
    note = "59 F. Knee replacement surgery three weeks ago; she came to the surgery today with a swollen calf."
    assert arg_of("wells_dvt", "major_surgery", note) is True


# --- Wells DVT calf swelling: the larger calf compared in words, then its two circumferences ----------------------------
@pytest.mark.parametrize("note, swollen", [
    ("66 F. The left calf is clearly bigger than the right: measured 10 cm below the tibial tuberosity it is 39 cm "
     "against 35.5 cm on the right.", True),
    ("66 F. The left calf is slightly fuller than the right: measured 10 cm below the tibial tuberosity it is 38 cm "
     "against 36 cm on the right.", False),  # near miss: 2 cm
])
def test_calf_compared_in_words_then_measured(note: str, swollen: bool) -> None:
    assert arg_of("wells_dvt", "calf_swelling", note) is swollen
