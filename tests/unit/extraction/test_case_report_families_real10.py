"""Reading conventions for case-report wording found on the real10 development set (issue 26, item 5), on sentences
written for these tests.

None of these sentences is taken from a benchmark note or from app/data/dev/. Each family has sentences that must be
read and a near miss that must not.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import GCS_EYE, GCS_MOTOR, GCS_VERBAL, arg_of, gcs_of


# --- GCS verbal 1: not a single sound ------------------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Found collapsed. Eyes opened to a sternal rub; he made no sound at all; flexed both arms to pain.",
    "Found collapsed. Eyes opened to a sternal rub. Not a single sound from him, even to pain; flexed both arms to pain.",
])
def test_no_sound_is_no_verbal_response(note: str) -> None:
    assert gcs_of(note)[1] == GCS_VERBAL[1]


def test_sounds_without_words_are_not_none() -> None:  # near miss
    note = "Found collapsed. Eyes opened to a sternal rub; he made grunting noises but no words; flexed both arms to pain."
    assert gcs_of(note)[1] == GCS_VERBAL[2]


# --- GCS eye 4: the eyes already open when the examiner arrives -----------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Seen in resus. He was sitting with his eyes open when we arrived, staring at the wall; confused; obeys commands.",
    "Seen in resus. Eyes open as I entered the cubicle; answers in random words; obeys commands.",
])
def test_eyes_open_at_the_examiners_arrival_are_spontaneous(note: str) -> None:
    assert gcs_of(note)[0] == GCS_EYE[4]


def test_eyes_open_when_spoken_to_are_to_voice() -> None:  # near miss
    note = "Seen in resus. Lying still, with her eyes open when I spoke to her and shut otherwise; confused; obeys commands."
    assert gcs_of(note)[0] == GCS_EYE[3]


# --- GCS motor 5: hands brought purposefully to the stimulus or to the examiner's hand --------------------------------
@pytest.mark.parametrize("note", [
    "Eyes to pain, groaning only. Both hands moved purposefully to the site of the trapezius squeeze.",
    "Eyes to pain, groaning only. With nail-bed pressure he brought his left hand up to my hand and pushed it away.",
])
def test_hands_brought_to_the_stimulus_localise(note: str) -> None:
    assert gcs_of(note)[2] == GCS_MOTOR[5]


def test_hands_pulled_away_withdraw() -> None:  # near miss
    note = "Eyes to pain, groaning only. With nail-bed pressure she pulled her hand away from my hand."
    assert gcs_of(note)[2] == GCS_MOTOR[4]


# --- PERC surgery or trauma within 4 weeks: an operation dated by the patient's age is past; a GP 'surgery' is a place --
@pytest.mark.parametrize("note", [
    "Pleuritic pain since yesterday. Past history: asthma. Tonsillectomy aged 9.",
    "Pleuritic pain since yesterday. She had a hernia repair at the age of 30, no problems since.",
    "Pleuritic pain since yesterday. He walked into the surgery this afternoon short of breath.",
    "Pleuritic pain since yesterday. Seen at the GP surgery two days ago and given antibiotics.",
])
def test_childhood_operation_and_gp_surgery_are_not_recent_surgery(note: str) -> None:
    assert arg_of("perc_rule", "recent_surgery_or_trauma", note) is not True


def test_an_operation_last_week_still_counts() -> None:  # near miss
    note = "Pleuritic pain since yesterday. Eight days ago she had a total knee replacement under general anaesthesia."
    assert arg_of("perc_rule", "recent_surgery_or_trauma", note) is True


def test_the_age_of_the_patient_presented_does_not_date_the_event() -> None:  # near miss
    note = "Acute pulmonary embolism in a woman aged 71, diagnosed on CT today."
    assert arg_of("perc_rule", "previous_pe", note) is not True


# --- PERC prior PE: a past year after a sentence adverb opens the history ------------------------------------------------
@pytest.mark.parametrize("note", [
    "Breathless for a week. Notably, in 2017 he had a pulmonary embolism after a long flight.",
    "Breathless for a week. Of note, she had pulmonary emboli in 2019.",
])
def test_a_dated_pe_is_a_previous_pe(note: str) -> None:
    assert arg_of("perc_rule", "previous_pe", note) is True


# --- PERC hormone use: a hormone given its end date is not current use ---------------------------------------------------
@pytest.mark.parametrize("note", [
    "Breathless for a week. She used Evorel patches for hot flushes from 2008 until she stopped them in 2014.",
    "Breathless for a week. She took Microgynon from 2005 to 2011.",
])
def test_a_hormone_that_ended_is_not_hormone_use(note: str) -> None:
    assert arg_of("perc_rule", "hormone_use", note) is not True


def test_a_hormone_taken_now_is_hormone_use() -> None:  # near miss
    note = "Breathless for a week. She takes Microgynon daily and plans to continue until her wedding next year."
    assert arg_of("perc_rule", "hormone_use", note) is True


# --- PERC unilateral leg swelling: one calf measured larger than the other ---------------------------------------------
def test_a_measured_calf_excess_is_one_sided_swelling() -> None:
    note = "Breathless for a week. The left calf was firm, and its girth measured 2 cm more than the right at the same level."
    assert arg_of("perc_rule", "unilateral_leg_swelling", note) is True


def test_calves_not_larger_are_not_one_sided_swelling() -> None:  # near miss
    note = "Breathless for a week. The left calf was no more than the right in size; both calves soft and equal."
    assert arg_of("perc_rule", "unilateral_leg_swelling", note) is not True


# --- Centor tender / swollen anterior cervical nodes: lay 'lumps under the jaw' ----------------------------------------
@pytest.mark.parametrize("note", [
    "Sore throat, 12 years old. There are two tender lumps just under the angle of the jaw on the right.",
    "Sore throat, 12 years old. On examination, swollen lumps below the jaw on both sides.",
])
def test_lumps_under_the_jaw_are_cervical_nodes(note: str) -> None:
    assert arg_of("centor_mcisaac", "tender_nodes", note) is True


def test_a_lump_elsewhere_is_not_a_cervical_node() -> None:  # near miss
    note = "Sore throat, 12 years old. A small lump on the forearm since last year, unchanged."
    assert arg_of("centor_mcisaac", "tender_nodes", note) is not True


# --- FeverPAIN fever in the past 24 hours: a home reading last night; a fever that ended days ago --------------------------
@pytest.mark.parametrize("note", [
    "Sore throat since Monday. Last night she felt awful and her thermometer read 38.6. In clinic temperature 37.2 °C "
    "after paracetamol.",
    "Sore throat since Monday. This morning at home the thermometer showed 38.4. Temperature 37.0 °C in clinic.",
])
def test_a_home_reading_of_the_last_day_is_a_fever(note: str) -> None:
    assert arg_of("feverpain", "fever_past_24h", note) is True


def test_an_old_home_reading_is_not_a_fever_of_the_last_day() -> None:  # near miss
    note = "Sore throat for a week. Temperature 37.1 °C in clinic. Last week the thermometer read 38.5 on one evening."
    assert arg_of("feverpain", "fever_past_24h", note) is not True


@pytest.mark.parametrize("note", [
    "Sore throat for 5 days. Fevers on Thursday and Friday, none since Friday evening. Temperature 36.9 °C today.",
    "Sore throat for 5 days. Had a high temperature at first but it settled three days ago. T 36.8 °C.",
])
def test_a_fever_that_ended_days_ago_is_not_in_the_past_24_hours(note: str) -> None:
    assert arg_of("feverpain", "fever_past_24h", note) is False


def test_a_fever_that_came_back_is_current() -> None:  # near miss
    note = "Sore throat for 5 days. Fevers at first, none since Saturday, but it came back again last night at 38.5."
    assert arg_of("feverpain", "fever_past_24h", note) is not False


# --- FeverPAIN attendance within 3 days: a treatment course or time off is not the illness's duration -------------------
@pytest.mark.parametrize("note, rapid", [
    ("Sore throat since yesterday morning. Plan: phenoxymethylpenicillin 500 mg four times daily for 10 days.", True),
    ("Sore throat, started this morning. Fit note for seven days.", True),
    ("Sore throat for 6 days. Plan: salt-water gargles, review in 2 days.", False),  # near miss: the illness's own length
])
def test_a_treatment_course_is_not_the_symptom_duration(note: str, rapid: bool) -> None:
    assert arg_of("feverpain", "rapid_attendance", note) is rapid


# --- FeverPAIN severely inflamed tonsils: swollen to the midline ---------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Sore throat for two days. Both tonsils are swollen to the midline and beefy.",
    "Sore throat for two days. Tonsils are red, enlarged and nearly touching.",
])
def test_tonsils_to_the_midline_are_severely_inflamed(note: str) -> None:
    assert arg_of("feverpain", "severe_tonsil_inflammation", note) is True


def test_a_midline_uvula_is_not_tonsil_swelling() -> None:  # near miss
    note = "Sore throat for two days. Tonsils small and pink; uvula in the midline; tongue nearly touching the palate."
    assert arg_of("feverpain", "severe_tonsil_inflammation", note) is not True


# --- PSI neoplastic disease: a tumour marker reported negative does not deny the cancer ---------------------------------
@pytest.mark.parametrize("note", [
    "Pneumonia. Metastatic breast cancer (ER-negative, HER2-positive) diagnosed in May, on docetaxel.",
    "Pneumonia. Lung adenocarcinoma, ALK-negative, diagnosed four months ago and on palliative chemotherapy.",
])
def test_a_negative_tumour_marker_keeps_the_cancer(note: str) -> None:
    assert arg_of("psi", "neoplastic_disease", note) is True


def test_a_biopsy_negative_for_cancer_is_no_cancer() -> None:  # near miss
    note = "Pneumonia. Lung nodule last month; the biopsy was negative for cancer."
    assert arg_of("psi", "neoplastic_disease", note) is not True


# --- PSI altered mental status: disorientation described in words ---------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Pneumonia. On arrival she was sleepy and could not give the year when asked.",
    "Pneumonia. On arrival he thought he was at the post office.",
])
def test_described_disorientation_is_altered_mental_status(note: str) -> None:
    assert arg_of("psi", "altered_mental_status", note) is True


def test_an_oriented_patient_has_no_altered_mental_status() -> None:  # near miss
    note = "Pneumonia. Alert and orientated on arrival, gave a clear history."
    assert arg_of("psi", "altered_mental_status", note) is not True
