"""Reading conventions for case-report wording found on the real8 development set (issue 26, item 5), on sentences
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
from tests.unit.extraction._rules import arg_of


# --- "neg for" is the clinician's "negative for": a review of systems list is denied -------------------------------------
@pytest.mark.parametrize("note, chf", [
    ("68 y/o F for open cholecystectomy. ROS neg for chest pain, orthopnea, PND, ankle swelling.", False),
    ("68 y/o F for open cholecystectomy. ROS: neg. for dyspnea, PND, palpitations.", False),
    ("68 y/o F for open cholecystectomy. Two weeks of PND and orthopnea; CXR neg for effusion.", True),  # near miss
])
def test_neg_for_denies_a_list(note: str, chf: bool) -> None:
    assert arg_of("rcri", "congestive_heart_failure", note) is chf


# --- FeverPAIN severely inflamed tonsils: tonsils reaching the uvula or each other (Brodsky grade 3-4) -------------------
@pytest.mark.parametrize("note, severe", [
    ("Sore throat for three days. Tonsils fiery and enlarged, almost touching the uvula.", True),
    ("Sore throat for three days. Both tonsils swollen and abutting each other, with pus.", True),
    ("Sore throat for three days. Tonsils red and swollen, not touching the uvula.", False),
])
def test_tonsils_reaching_the_uvula_are_severely_inflamed(note: str, severe: bool) -> None:
    assert arg_of("feverpain", "severe_tonsil_inflammation", note) is severe


def test_a_uvula_touching_something_else_is_not_tonsil_size() -> None:  # near miss
    note = "Sore throat for three days. Long uvula touching the tongue base; tonsils small and pink."
    assert arg_of("feverpain", "severe_tonsil_inflammation", note) is not True


# --- Caprini recurrent spontaneous abortion: pregnancy losses counted and dated by gestation -----------------------------
@pytest.mark.parametrize("note", [
    "Pre-op for myomectomy. She had four losses before 12 weeks, all unexplained.",
    "Pre-op for myomectomy. Obstetric history: three early losses at 7-9 wk.",
])
def test_three_losses_by_gestation_are_recurrent_abortion(note: str) -> None:
    assert arg_of("caprini_vte", "pregnancy_loss_history", note) is True


@pytest.mark.parametrize("note", [
    "Pre-op for myomectomy. One loss at 8 weeks, then two term deliveries.",  # a single loss is not recurrent
    "Pre-op for myomectomy. Weight loss of three kilograms over 8 weeks.",
])
def test_a_single_loss_or_weight_loss_is_not_recurrent_abortion(note: str) -> None:
    assert arg_of("caprini_vte", "pregnancy_loss_history", note) is not True


# --- a GCS scored by the crew at the scene, in a note that examines the patient again on arrival: a doubt --------------
def _time_doubts(note: str) -> list[str]:
    gcs = CALCULATORS["glasgow_coma_scale"]
    g = rule_arguments(gcs, note)
    return sorted({d.input for d in assess(gcs, g.args, g.params, note).doubts if d.kind == "time_point"})


def test_a_scene_gcs_before_an_arrival_examination_is_in_doubt() -> None:
    note = ("Handover: 51-year-old cyclist struck by a van; at the scene the paramedics scored him E3 V4 M6. "
            "On arrival in resus he grunted to a sternal rub, eyes shut.")
    assert _time_doubts(note) == ["eye", "verbal"]  # the motor response is not examined again: no doubt


@pytest.mark.parametrize("note", [
    # near miss: the scene score is the only examination
    "Handover: 51-year-old cyclist struck by a van; at the scene the paramedics scored him E3 V4 M6. On arrival in "
    "resus the CT scanner was free and he went straight through.",
    "Handover: 51-year-old cyclist struck by a van; at the scene the paramedics scored him E3 V4 M6. CT head booked.",
    # near miss: a department score
    "51-year-old cyclist struck by a van. On arrival in resus he scored E3 V4 M6 and the crew gave no analgesia.",
])
def test_a_scene_gcs_alone_or_a_department_gcs_is_not_in_doubt(note: str) -> None:
    assert _time_doubts(note) == []


# --- a value timed at admission, then a second one this morning: both are presenting-period readings -------------------
def test_an_admission_value_before_a_morning_value_is_not_a_baseline() -> None:
    note = ("ICU day 2 (first 24 hours). Hepatic: total bilirubin 5.6 mg/dL on admission, 3.9 this morning after the "
            "stent. Platelets 140.")
    assert arg_of("sofa", "bilirubin", note) == 5.6  # SOFA: the worst (highest) of the first 24 h


def test_a_past_value_before_a_presenting_one_stays_a_baseline() -> None:  # near miss
    note = "ICU day 1. Hepatic: total bilirubin 1.1 mg/dL in March, 3.9 mg/dL on admission. Platelets 140."
    assert arg_of("sofa", "bilirubin", note) == 3.9


# --- a vasopressor dose after 'started and now at' --------------------------------------------------------------------
@pytest.mark.parametrize("sentence, dose", [
    ("Shock: norepinephrine started and now at 0.11 mcg/kg/min.", 0.11),
    ("Shock: noradrenaline commenced and is currently running at 0.2 micrograms/kg/min.", 0.2),
    ("Shock: norepinephrine now at 0.09 mcg/kg/min.", 0.09),
])
def test_a_vasopressor_dose_after_started_and_now(sentence: str, dose: float) -> None:
    meds = [m for m in extract_medications(sentence) if m.name == "norepinephrine"]
    assert meds and meds[0].dose == dose


def test_another_drugs_dose_after_and_is_not_the_vasopressors() -> None:  # near miss
    meds = extract_medications("Norepinephrine started and vasopressin at 0.04 units/min added.")
    assert [m.dose for m in meds if m.name == "norepinephrine"] == [None]


# --- APACHE II blood pressure: the first-day pair whose mean arterial pressure scores most -------------------------------
def test_apache_takes_the_blood_pressure_pair_with_the_worst_map() -> None:
    note = ("ICU admission summary. A 61-year-old man; in the ED blood pressure 118/70 mmHg, pulse 110. Worst values in "
            "the first 24 hours: lowest blood pressure 78/40 mmHg on the unit, temperature 38.6 C.")
    assert (arg_of("apache_ii", "systolic_bp", note), arg_of("apache_ii", "diastolic_bp", note)) == (78.0, 40.0)


def test_apache_keeps_one_blood_pressure_when_a_later_day_is_lower() -> None:  # near miss: a later day is no first-day value
    note = ("ICU admission summary. A 61-year-old man; blood pressure 118/70 mmHg on admission. On day 3 the blood "
            "pressure was 80/42 mmHg.")
    assert (arg_of("apache_ii", "systolic_bp", note), arg_of("apache_ii", "diastolic_bp", note)) == (118.0, 70.0)


# --- hypertension in the patient's words: drugs "for my pressure", tablets for the blood pressure ---------------------
@pytest.mark.parametrize("sentence, htn", [
    ('He takes amlodipine 5 mg "for my pressures".', True),
    ("She has taken two tablets for her blood pressure for years.", True),
    ("Midodrine tablets for her low blood pressure.", None),  # near miss: hypotension
    ("Nursed on an air mattress for her pressure sores.", None),  # near miss: pressure areas
])
def test_hypertension_in_lay_words(sentence: str, htn: bool | None) -> None:
    assert arg_of("cha2ds2_vasc", "hypertension", "A 71-year-old woman with atrial fibrillation. " + sentence) is htn


# --- a TIA told as a lay deficit that passed: the second reader sees it (a rule cannot call it a TIA) ------------------
def _doubted(calc_id: str, note: str) -> list[str]:
    calc = CALCULATORS[calc_id]
    g = rule_arguments(calc, note)
    return sorted({d.input for d in assess(calc, g.args, g.params, note).doubts if d.kind == "documented"})


def test_words_that_would_not_come_for_minutes_are_a_tia_doubt() -> None:
    note = ("A 69-year-old man with atrial fibrillation. Last spring he could not get his words out for about ten minutes "
            "at dinner, then was fine.")
    assert "tia" in _doubted("cha2ds2_vasc", note)


def test_could_not_find_a_clot_still_denies() -> None:  # near miss: 'could not find' before a finding is a denial
    assert arg_of("wells_dvt", "previous_dvt", "A 60-year-old man with a swollen calf. The scan could not find a DVT "
                                               "in 2019.") is not True


# --- Wells: the clinician's ranking in other words ---------------------------------------------------------------------
@pytest.mark.parametrize("sentence, leading", [
    ("Assessment: picture most consistent with PE; pneumonia less likely.", True),
    ("Assessment: findings best explained by a pulmonary embolism.", True),
    ("Assessment: picture most consistent with pneumonia; PE considered.", None),  # near miss: another diagnosis fits
])
def test_pe_ranked_first_by_what_fits_best(sentence: str, leading: bool | None) -> None:
    assert arg_of("wells_pe", "pe_most_likely", "Pleuritic pain and a pulse of 108. " + sentence) is leading


@pytest.mark.parametrize("sentence, alternative", [
    ("I wondered about cellulitis, but a clot seems far more likely.", False),
    # a denial in the clause before ('no erythema') is not a denial of the ranking
    ("There is no erythema and a blood clot seems more likely than cellulitis.", False),
    ("A clot is less likely than a ruptured Baker's cyst.", True),
    ("I do not think a clot is more likely than cellulitis.", None),  # near miss: the ranking itself is denied
])
def test_a_lay_clot_ranked_against_another_diagnosis(sentence: str, alternative: bool | None) -> None:
    assert arg_of("wells_dvt", "alternative_diagnosis", "Swollen left calf for four days. " + sentence) is alternative


# --- drinks counted by a weekly day ('with Sunday lunch', 'on Fridays'); 'a glass of red' is wine ---------------------
@pytest.mark.parametrize("sentence, per_week", [
    ("He has a glass of red with his Sunday roast, nothing else.", 1.0),
    ("She drinks three pints on Fridays.", 3.0),
    ("Two glasses of white every Saturday night.", 2.0),
])
def test_drinks_on_a_weekly_day(sentence: str, per_week: float) -> None:
    assert arg_of("has_bled", "alcohol_drinks_per_week", "A 77-year-old man on warfarin. " + sentence) == per_week


def test_drinks_on_one_sunday_are_no_weekly_habit() -> None:  # near miss: one day, not a habit
    assert arg_of("has_bled", "alcohol_drinks_per_week", "A 77-year-old man on warfarin. He had four pints on Sunday "
                                                         "before the fall.") is None
