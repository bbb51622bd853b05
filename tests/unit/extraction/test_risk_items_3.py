"""Risk-score items read from how notes describe them (issue 13). Every sentence here was written for this test: none
is taken from a benchmark note or from app/data/dev/.

Rules: HEART's history counts the elements of a chest pain described in the sentences that go on describing it ("It is
sharp ...", "The pain radiates ...", "Describes it as ..."), exertional triggers written as "brought on by climbing
stairs", pain lasting seconds and a tender chest wall as nonspecific elements; Caprini's major and laparoscopic
operations are "> 45 min", so a stated duration of 45 minutes or less makes the operation minor.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS as C
from tests.unit.extraction._rules import args_of


@pytest.mark.parametrize("note, history", [
    ("34F presents with chest pain. It is sharp and stabbing, reproducible on palpation, lasting seconds. ECG normal.",
     "slightly suspicious"),
    ("61M with chest pain since this morning. The pain is a heavy pressure, radiating to the left arm, with sweating.",
     "highly suspicious"),
    ("Chest pain for two days. Pain is pleuritic and worse lying flat.", "slightly suspicious"),
    ("CC: chest pain. Describes it as a tightness brought on by climbing stairs and relieved by rest.",
     "highly suspicious"),
    ("Presenting complaint: left-sided chest discomfort. Character: sharp, fleeting; tender chest wall.",
     "slightly suspicious"),
    ("Central chest pain. She describes it as a pressure, but it is also reproducible on palpation.",
     "moderately suspicious"),
    # a paragraph break or a sentence about something else ends the description
    ("Chest pain today.\n\nIt is raining. Sharp knife found at home.", None),
    ("58M with chest pain. He smokes 20 a day. It started at rest.", None),
])
def test_heart_history_from_the_sentences_that_describe_the_pain(note: str, history: str | None) -> None:
    assert args_of("heart_score", note).get("history") == history


@pytest.mark.parametrize("note, surgery", [
    ("Listed for laparoscopic cholecystectomy, expected 40 minutes.", "minor"),
    ("Laparoscopic cholecystectomy (40 min expected).", "minor"),
    ("Open inguinal hernia repair expected to take 35 minutes.", "minor"),
    ("Laparoscopic appendicectomy.", "laparoscopic >45 min"),
    ("Laparoscopic hemicolectomy (180 min).", "laparoscopic >45 min"),
    ("Planned open right hemicolectomy, anticipated duration about 150 minutes.", "major >45 min"),
    # a duration that is not the operation's
    ("Laparotomy for perforation; pain for 20 minutes before collapse.", "major >45 min"),
])
def test_caprini_surgery_with_a_stated_duration(note: str, surgery: str) -> None:
    assert args_of("caprini_vte", note).get("surgery_type") == surgery


def test_a_short_laparoscopic_operation_scores_one_point() -> None:
    a = args_of("caprini_vte", "45-year-old man for laparoscopic cholecystectomy (30 min expected). Walks normally.")
    assert a["surgery_type"] == "minor"
    assert C["caprini_vte"].run(a).value == 2  # age 41-60: 1, minor surgery: 1


@pytest.mark.parametrize("note, high_risk", [
    ("Planned for open repair of a thoracoabdominal aneurysm.", True),
    ("Booked for VATS lobectomy.", True),
    ("Laparoscopic right hemicolectomy planned.", True),
    ("Elective appendicectomy tomorrow.", True),
    ("Laparoscopic inguinal hernia repair.", False),  # extraperitoneal
    ("Right total hip replacement.", False),
])
def test_rcri_high_risk_surgery_sites(note: str, high_risk: bool) -> None:
    assert args_of("rcri", note).get("elevated_risk_surgery") is high_risk


@pytest.mark.parametrize("note", [
    "Type 2 diabetes, diet-controlled; insulin never needed.",
    "Gestational diabetes in 2015, insulin not required.",
])
def test_a_treatment_never_needed_is_not_given(note: str) -> None:
    assert not args_of("rcri", note).get("insulin_treatment")


@pytest.mark.parametrize("note, veins", [
    ("Dilated non-varicose superficial veins over the left shin.", True),
    ("Superficial venous dilatation over the right thigh.", True),
    ("Varicose veins both legs.", None),
])
def test_wells_dvt_collateral_superficial_veins(note: str, veins: bool | None) -> None:
    assert args_of("wells_dvt", note).get("collateral_veins") is veins


@pytest.mark.parametrize("note", [
    "Treated for breast cancer in 2012 (surgery and chemotherapy), disease-free and off all treatment since 2013.",
    "Colon cancer resected in 2010; in remission since 2011.",
])
def test_an_absence_since_a_past_year_makes_what_precedes_it_past(note: str) -> None:
    a = args_of("wells_pe", note)
    assert not a.get("malignancy") and not a.get("recent_surgery")


def test_a_state_since_a_past_year_still_goes_on() -> None:
    assert args_of("psi", "80-year-old woman who has lived in a nursing home since 2019.")["nursing_home_resident"] is True


@pytest.mark.parametrize("note, leading", [
    ("Assessment: pulmonary embolism is top of the differential.", True),
    ("Clinically I suspect a PE over other causes.", True),
    ("Impression: likely PE.", True),
    ("Impression: probable pulmonary embolism.", True),
    ("No other diagnosis explains her hypoxia as well as PE.", True),
    ("PE #1 diagnosis.", True),
    ("High clinical suspicion of PE.", True),
    ("Strongly suspect PE; start LMWH.", True),
    ("Low suspicion for PE.", False),
    ("Impression: PE ruled out on CTPA; pneumonia.", None),
])
def test_wells_pe_ranking_in_more_wordings(note: str, leading: bool | None) -> None:
    assert args_of("wells_pe", note).get("pe_most_likely") is leading


@pytest.mark.parametrize("note, active", [
    ("Completed radiotherapy for prostate cancer 3 months ago.", True),
    ("Breast cancer: last chemotherapy cycle five months ago.", True),
    ("Bowel cancer resected 9 months ago, no further treatment.", False),  # beyond Wells' 6 months
    ("Prostate cancer treated with radical prostatectomy 6 years ago, no recurrence.", False),
])
def test_wells_active_cancer_is_treatment_within_six_months(note: str, active: bool) -> None:
    assert bool(args_of("wells_pe", note).get("malignancy")) is active
    assert bool(args_of("wells_dvt", note).get("active_cancer")) is active


def test_psi_still_counts_a_cancer_within_a_year() -> None:
    assert args_of("psi", "Bowel cancer resected 9 months ago, no further treatment.")["neoplastic_disease"] is True


@pytest.mark.parametrize("note", [
    "Appendicectomy as a child.",
    "As a child she had a tonsillectomy.",
    "Hernia repair in childhood.",
])
def test_an_operation_in_childhood_is_not_recent(note: str) -> None:
    assert not args_of("wells_pe", note).get("recent_surgery")


@pytest.mark.parametrize("note, admission", [
    ("Nonoperative admission: septic shock.", "nonoperative"),
    ("Admission type: medical (non-operative).", "nonoperative"),
    ("Admission type: elective surgical.", "elective postoperative"),
    ("Planned ICU admission after scheduled AAA repair.", "elective postoperative"),
    ("Taken to theatre emergently for a ruptured AAA, then to ICU.", "emergency postoperative"),
    ("Returned from theatre after an urgent Hartmann's procedure.", "emergency postoperative"),
    ("He had an elective knee replacement 5 years ago. Now admitted with sepsis.", None),
])
def test_apache_admission_type_as_notes_write_it(note: str, admission: str | None) -> None:
    assert args_of("apache_ii", "70-year-old man with cirrhosis. " + note).get("admission_type") == admission


def test_an_elective_surgical_admission_scores_chronic_health_two() -> None:
    note = ("70-year-old man with cirrhosis. Admission type: elective surgical. T 37 C, HR 80, RR 14, BP 120/70, "
            "Na 140, K 4.0, creatinine 1.0 mg/dL, Hct 40%, WBC 8, GCS 15, pH 7.40, FiO2 21%, PaO2 90 mmHg.")
    r = C["apache_ii"].run(args_of("apache_ii", note))
    assert r.components["chronic_health"] == 2


@pytest.mark.parametrize("note, pe, dvt", [
    # Wells PE counts surgery within 4 weeks, Wells DVT major surgery within 12 weeks
    ("Had a laparoscopic cholecystectomy 6 weeks ago.", False, True),
    ("Right hemicolectomy 3 weeks ago.", True, True),
    ("Knee replacement 10 weeks ago.", False, True),
    ("Hip replacement 4 months ago.", False, False),
    ("Five days after a caesarean section.", True, True),
])
def test_surgery_within_each_wells_window(note: str, pe: bool, dvt: bool) -> None:
    assert bool(args_of("wells_pe", note).get("recent_surgery")) is pe
    assert bool(args_of("wells_dvt", note).get("major_surgery")) is dvt


@pytest.mark.parametrize("note, immobile", [
    ("Bed-bound for 2 days with flu.", False),  # Wells 2000: >= 3 consecutive days
    ("Bedbound for 5 days.", True),
    ("Immobilised in a cast for 3 weeks after an ankle fracture.", True),
])
def test_wells_pe_immobilisation_of_three_days(note: str, immobile: bool) -> None:
    assert bool(args_of("wells_pe", note).get("immobilization")) is immobile


@pytest.mark.parametrize("note, insulin", [
    ("IDDM.", True),
    ("Type 1 diabetes since childhood.", True),
    ("T1DM on a pump.", True),
    ("Insulin was discussed but she declined.", None),
    ("Type 2 diabetes, not type 1; on metformin.", None),
])
def test_rcri_insulin_from_the_diabetes_type_and_a_declined_offer(note: str, insulin: bool | None) -> None:
    assert args_of("rcri", "Pre-operative assessment. " + note).get("insulin_treatment") is insulin


@pytest.mark.parametrize("note, athero", [
    ("Carotid endarterectomy in 2019.", True),
    ("Abdominal aortic aneurysm under surveillance.", True),
    ("Renal artery stenosis.", True),
    ("No carotid stenosis on duplex.", False),
])
def test_heart_atherosclerotic_disease_beyond_the_coronaries(note: str, athero: bool) -> None:
    assert args_of("heart_score", "58M with chest pain. " + note).get("atherosclerotic_disease") is athero


@pytest.mark.parametrize("note, eye", [
    ("Eyes shut; does not open them even to pain.", "no eye opening"),
    ("He doesn't open his eyes to pain.", "no eye opening"),
    ("Did not open them to voice but opened them to pain.", "eye opening to pain"),
])
def test_gcs_eyes_not_opened_named_by_a_pronoun(note: str, eye: str) -> None:
    from tests.unit.extraction._rules import gcs_of
    assert gcs_of(note)[0] == eye


@pytest.mark.parametrize("note, component, expected", [
    ("When the nurse called her name she opened her eyes.", 0, "eye opening to verbal command"),
    ("When spoken to, he opens his eyes briefly.", 0, "eye opening to verbal command"),
    ("Says clear words, but they are random and do not fit what is asked.", 1, "inappropriate words"),
    ("His words were jumbled.", 1, "inappropriate words"),
    ("The words are clear and appropriate.", 1, "oriented"),
    ("To a sternal rub he brings his right hand up across his chest to the examiner's hand.", 2, "localizes pain"),
])
def test_gcs_descriptions_with_the_stimulus_first_or_words_between(note: str, component: int, expected: str) -> None:
    from tests.unit.extraction._rules import gcs_of
    assert gcs_of(note)[component] == expected
