"""Rules of the cardiac risk family (tools/extraction/rules/cardiac_risk.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.rules.cardiac_risk import (
    alcohol_per_week,
    family_cvd,
    hasbled_hypertension,
    heart_history,
    heart_troponin,
    high_risk_surgery,
    hypertension_history,
    labile_inr,
)
from tests.unit.extraction._rules import args_of, value
from tests.unit.extraction._rules_checks import (
    check_input_checked,
    check_item,
    check_item_read,
    check_reads_input,
    check_value_selection_across_time,
)


# --- G. HEART troponin against the lab's stated limit ------------------------------------------------------------------
@pytest.mark.parametrize("note, band", [
    ("hs-TnT (0 h): 22 ng/L (99th percentile URL 14 ng/L).", "1-3x normal limit"),
    ("hs-cTnI at 0h 40 ng/L, upper limit of normal 14 ng/L; at 3h 60 ng/L.", "1-3x normal limit"),
    ("Troponin I 0.09 ng/mL (ULN 0.04).", "1-3x normal limit"),
    ("Trop 45 (ref < 34).", "1-3x normal limit"),
    ("Troponin T 30 ng/L (normal < 14 ng/L).", "1-3x normal limit"),
    ("Troponin 12 ng/L (upper reference limit 16 ng/L).", "<= normal limit"),
    ("Troponin 14 ng/L (ULN 14).", "<= normal limit"),  # equal to the limit
    ("Troponin I 0.2 ng/mL (URL 40 ng/L).", ">3x normal limit"),  # the limit in another unit
    ("Troponin 60 ng/L (reference range 0-14).", ">3x normal limit"),
])
def test_troponin_against_a_stated_limit(note: str, band: str) -> None:
    assert value(heart_troponin, note) == band


@pytest.mark.parametrize("note", [
    "Troponin 25 ng/L.",  # no limit given: the band is not decided
    "Troponin pending; ULN 14 ng/L.",  # no value
    "hs-TnI sent at 0 h.",
])
def test_troponin_without_a_limit_or_value_is_not_banded(note: str) -> None:
    assert value(heart_troponin, note) is None


@pytest.mark.parametrize("note, band", [
    ("hs-TnT (2 h, after the first sample): 80 ng/L (URL 14 ng/L).", ">3x normal limit"),
    ("Troponin I (0 h, at triage) 20 ng/L (99th percentile 16 ng/L).", "1-3x normal limit"),
])
def test_troponin_time_point_described_before_the_value(note: str, band: str) -> None:
    assert args_of("heart_score", note)["initial_troponin"] == band


@pytest.mark.parametrize("note, expected", [
    ("Time in therapeutic range over the past 12 months: 52%.", True),
    ("TTR during the last 6 months 71%.", False),
    ("Her INR control has been erratic since the antibiotics.", True),
    ("Poor INR control on warfarin, INRs swinging between 1.4 and 5.", True),
])
def test_labile_inr_from_the_time_in_range_or_words(note: str, expected: bool) -> None:
    assert args_of("has_bled", note)["labile_inr"] is expected


# --- RCRI: aortic aneurysm repair ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Booked for open repair of his 5.8 cm abdominal aortic aneurysm.",
    "Planned EVAR next month.",
    "Assessment before repair of a juxtarenal AAA.",
])
def test_aortic_aneurysm_repair_is_suprainguinal_vascular_surgery(note: str) -> None:
    assert value(high_risk_surgery, note) is True


# --- risk-score wordings --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("note, htn", [
    ("Background: high blood pressure on amlodipine.", True),  # treated: a diagnosis
    ("Known high blood pressure, diet only.", True),
    ("High blood pressure in the department, 178/96.", None),  # a reading at presentation is not a diagnosis
])
def test_high_blood_pressure_as_a_diagnosis(note: str, htn: bool | None) -> None:
    assert value(hypertension_history, note) is htn


# --- HEART: stated suspicion, troponin bands, stents ---------------------------------------------
@pytest.mark.parametrize("note,level", [
    ("The description was moderately suspicious for angina.", "moderately suspicious"),
    ("Overall a low suspicion for ACS.", "slightly suspicious"),
    ("Story is highly suspicious.", "highly suspicious"),
    ("He is at high risk for PE.", None),
    ("Chest pain since noon.", None),
])
def test_heart_history_from_a_stated_degree_of_suspicion(note: str, level: str | None) -> None:
    assert value(heart_history, note) == level


@pytest.mark.parametrize("note,band", [
    ("hs-TnI three times the upper limit of normal.", "1-3x normal limit"),
    ("Troponin double the upper reference limit.", "1-3x normal limit"),
    ("Troponin T 60 ng/L (ULN 14).", ">3x normal limit"),
    ("Trop I 0.03 ng/mL (URL 0.04).", "<= normal limit"),
    ("Troponin negative.", "<= normal limit"),
])
def test_heart_troponin_bands(note: str, band: str) -> None:
    assert value(heart_troponin, note) == band


def test_a_coronary_stent_is_atherosclerotic_disease_but_a_suspected_acs_is_not() -> None:
    assert args_of("heart_score", "A 60-year-old man. Bare-metal stent to the RCA in 2012.")["atherosclerotic_disease"] is True
    assert args_of("heart_score", "A 60-year-old man; the ECG is concerning for ACS.").get("atherosclerotic_disease") is not True


# --- second round (batch 2 of the development notes) -------------------------------------------------
def test_troponin_multiple_wins_over_the_word_normal() -> None:
    assert value(heart_troponin, "hs-troponin T four times the upper limit of normal.") == ">3x normal limit"


@pytest.mark.parametrize("note,level", [
    ("Central chest pressure on exertion radiating to the left arm, with sweating.", "highly suspicious"),
    ("Chest pain: burning like heartburn but with some tightness.", "moderately suspicious"),
    ("Sharp chest pain, worse on inspiration.", "slightly suspicious"),
])
def test_heart_history_from_the_described_features(note: str, level: str) -> None:
    assert value(heart_history, note) == level


def test_family_cvd_before_65_only() -> None:
    assert value(family_cvd, "His father had bypass surgery at 59.") is True
    assert value(family_cvd, "Her mother had a heart attack at 78.") is None


@pytest.mark.parametrize("note,labile", [
    ("Only 5 of 11 INR results were within the therapeutic range.", True),
    ("TTR 78% over the last year.", False),
    ("Her clinic book shows that roughly 40% of her INR readings were in the therapeutic range this year.", True),
    ("About 85% of his results were within the target range.", False),
    ("His INRs have been scattered from 1.5 to 5.1 since the spring.", True),
])
def test_labile_inr_from_time_in_range(note: str, labile: bool) -> None:
    assert value(labile_inr, note) is labile


@pytest.mark.parametrize("note,expected", [
    ("Hypertension (clinic systolic 142-150) on two agents.", False),
    ("Hypertension, systolic 176 today.", True),
    ("Long-standing hypertension.", True),
])
def test_hasbled_hypertension_with_stated_systolic_readings(note: str, expected: bool) -> None:
    assert value(hasbled_hypertension, note) is expected


def test_abstinent_means_no_alcohol() -> None:
    assert value(alcohol_per_week, "Alcohol: abstinent for ten years.") == 0.0


# --- sixth round (published-case-report style) ------------------------------------------------------------
def test_heart_features_ignore_negated_elements_and_count_rest_pain() -> None:
    note = "Chest discomfort at rest lasting about 10 minutes, without radiation and not pleuritic."
    assert value(heart_history, note) == "moderately suspicious"


def test_substernal_pressure_is_a_typical_element() -> None:
    assert value(heart_history, "Substernal pressure radiating to the neck with diaphoresis.") == "highly suspicious"


# --- eighth round (edge cases) ---------------------------------------------------------------------------
def test_epigastric_presentation_is_judged_like_chest_pain() -> None:
    assert value(heart_history, "Epigastric discomfort with nausea for an hour; no chest pain.") == "moderately suspicious"


def test_intracranial_bleeds_are_prior_bleeding_and_rarely_is_no_alcohol() -> None:
    a = args_of("has_bled", "A 70-year-old man. Subdural haematoma in 2019. Drinks rarely.")
    assert a["prior_bleeding"] is True and a["alcohol_drinks_per_week"] == 0.0


# --- HEART troponin item against the assay's limit ----------------------------------------------------------------
@pytest.mark.parametrize("note, band", [
    ("hs-TnT (0 h): 22 ng/L (99th centile 14 ng/L).", "1-3x normal limit"),
    ("Troponin: 18 ng/L [0-14]", "1-3x normal limit"),  # a lab table's bracketed reference range
    ("Initial troponin 0.02 (<0.04) - repeat in 3 h.", "<= normal limit"),  # a bracketed bound
    ("hs-cTnI at 0 h 62 ng/L; upper reference limit 26 ng/L.", "1-3x normal limit"),  # the limit after ';'
    ("S: chest pain. B: trop I (0h) 0.5 ng/mL; ULN 0.04 ng/mL.", ">3x normal limit"),
    ("hsTnI 3 ng/L (<URL of 34).", "<= normal limit"),
    ("Dear Dr Patel, his troponin was 0.03, below the 99th percentile for the assay.", "<= normal limit"),
    ("hs-TnT 9 ng/L, under the URL.", "<= normal limit"),
    ("Troponin elevated at 3x ULN.", "1-3x normal limit"),
])
def test_troponin_band_against_the_assays_limit(note: str, band: str) -> None:
    assert value(heart_troponin, note) == band


@pytest.mark.parametrize("note", [
    "Trop T <5 ng/L.",  # a bound with no limit stated
    "hs-TnT 40 ng/L, above the 99th centile.",  # above the limit: 1-3x or > 3x is not told
    "Trop 45 - will repeat.",
])
def test_troponin_band_refused_when_the_note_does_not_tell(note: str) -> None:
    assert value(heart_troponin, note) is None


@pytest.mark.parametrize("note, expected", [
    ("PMH: ?TIA 2023 (neurology: vestibular migraine).", None),
    ("Impression: ? PE, CTPA requested.", None),
    ("TIA in 2023, on clopidogrel.", True),
])
def test_a_query_mark_glued_to_a_diagnosis_is_a_question(note: str, expected: bool | None) -> None:
    assert args_of("cha2ds2_vasc", note).get("tia") is expected


def test_a_clinicians_rating_of_suspicion_is_not_hypothetical() -> None:
    assert args_of("heart_score", "On balance I would grade this history as highly suspicious.")["history"] == "highly suspicious"
    assert args_of("heart_score", "Should it recur with exertion it would be highly suspicious.").get("history") is None


def test_negative_for_negates_what_follows_not_what_precedes() -> None:
    note = "Diagnoses: TIA 2021 (slurred speech for an hour, CT negative for bleed)."
    assert args_of("cha2ds2_vasc", note)["tia"] is True


def test_an_inr_that_swung_is_labile() -> None:
    assert args_of("has_bled", "Her INR has swung from 1.5 to 4.8 this spring.")["labile_inr"] is True


@pytest.mark.parametrize("note, expected", [
    ("TTE last month: LVEF 35%.", True),
    ("Echo: ejection fraction estimated at 30-35%.", True),
    ("Moderately impaired left ventricular systolic function.", True),
    ("Known HFrEF, on sacubitril-valsartan.", True),
    ("Echo 2023: EF 55%, no heart failure.", False),  # a normal EF does not decide; the history says no
    ("Echo: LVEF 62%.", None),
    ("Mother had an EF of 30%.", None),  # a relative's
])
def test_cha2ds2_vasc_chf_from_lv_dysfunction(note: str, expected: bool | None) -> None:
    assert args_of("cha2ds2_vasc", note).get("congestive_heart_failure") is expected


@pytest.mark.parametrize("note, drinks", [
    ("ETOH: 20 units/week.", 20 * 8 / 14),  # UK units: 8 g each; a US standard drink is 14 g
    ("Drinks 28 units of alcohol per week.", 16.0),
    ("Alcohol 2 units per day.", 2 * 7 * 8 / 14),
    ("He drinks 12 pints of beer a week.", 12.0),  # drinks stay drinks
])
def test_alcohol_units_are_converted_to_standard_drinks(note: str, drinks: float) -> None:
    assert args_of("has_bled", note)["alcohol_drinks_per_week"] == pytest.approx(drinks, abs=1e-3)


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


W, R, C = "wells_pe", "rcri", "caprini_vte"


CASES = [
 # RCRI
 (R, "Scheduled for elective Whipple procedure.", {"elevated_risk_surgery": True}),
 (R, "Booked for right hemicolectomy next week.", {"elevated_risk_surgery": True}),
 (R, "Planned VATS lobectomy for RUL nodule.", {"elevated_risk_surgery": True}),
 (R, "Pre-op assessment for aortobifemoral bypass.", {"elevated_risk_surgery": True}),
 (R, "Pre-op for left total knee replacement.", {"elevated_risk_surgery": False}),
 (R, "Pre-op: carotid endarterectomy planned.", {"elevated_risk_surgery": False}),
 (R, "Takes GTN spray PRN for exertional angina.", {"ischemic_heart_disease": True}),
 (R, "Exercise treadmill test positive for inducible ischaemia in 2021.", {"ischemic_heart_disease": True}),
 (R, "ECG: sinus rhythm, Q waves in II, III, aVF.", {"ischemic_heart_disease": True}),
 (R, "Denies chest pain; no history of coronary artery disease.", {"ischemic_heart_disease": False}),
 (R, "HFrEF, EF 30%, on furosemide.", {"congestive_heart_failure": True}),
 (R, "No history of heart failure. CXR clear.", {"congestive_heart_failure": False}),
 (R, "PMHx: TIA 2019, no residual deficit.", {"cerebrovascular_disease": True}),
 (R, "T2DM on metformin only, not on insulin.", {"insulin_treatment": False}),
 (R, "DM2 on basal-bolus: glargine 20 units nocte and aspart with meals.", {"insulin_treatment": True}),
 (R, "Creatinine 221 umol/L.", {"creatinine": 2.5}),
 (R, "Cr 1.1 mg/dL (baseline).", {"creatinine": 1.1}),
 # guards for the rules added here: denials, dates older than a month, an open operation after a failed laparoscopy
 (R, "Dobutamine stress echo: no inducible ischaemia. Stress test negative last year.", {"ischemic_heart_disease": False}),
 (R, "Myoview 2022: reversible perfusion defect in the LAD territory.", {"ischemic_heart_disease": True}),
]


@pytest.mark.parametrize("calc,note,expected", CASES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(CASES)])
def test_reads_input(calc: str, note: str, expected: dict) -> None:
    check_reads_input(calc, note, expected)


CASES_2 = [
    # --- HEART ----------------------------------------------------------------------------------------------
    ("heart_score", "HEART: History moderately suspicious. ECG nonspecific ST-T changes.",
     {"history": "moderately suspicious", "ecg": "non-specific repolarization disturbance"}),
    ("heart_score", "ECG showed LBBB, no new ST changes.", {"ecg": "non-specific repolarization disturbance"}),
    ("heart_score", "ECG: 1 mm ST depression in V4-V6.", {"ecg": "significant st deviation"}),
    ("heart_score", "12-lead ECG: sinus rhythm, normal axis, no ischaemic changes.", {"ecg": "normal"}),
    ("heart_score", "Initial hs-troponin T 45 ng/L (ULN 14 ng/L).", {"initial_troponin": ">3x normal limit"}),
    ("heart_score", "62M. Troponin I 0.02 ng/mL (normal < 0.04).", {"initial_troponin": "<= normal limit"}),
    ("heart_score", "Smoker, quit 6 weeks ago.", {"smoking": True}),
    ("heart_score", "Former smoker (quit 2 months ago).", {"smoking": True}),
    ("heart_score", "BMI 33 kg/m2. Ex-smoker, quit 10 years ago.", {"bmi": 33, "smoking": False}),
    ("heart_score", "Height 170 cm, weight 95 kg.", {"obesity": True}),
    ("heart_score", "PMH: HTN, T2DM, hyperlipidaemia, prior PCI to LAD in 2019.",
     {"hypertension": True, "diabetes": True, "hypercholesterolemia": True, "atherosclerotic_disease": True}),
]


@pytest.mark.parametrize("calc, note, expected", CASES_2)
def test_input_checked(calc: str, note: str, expected: dict) -> None:
    check_input_checked(calc, note, expected)


CASES_3 = [
    ('has_bled', 'renal_disease', False,
     'Creatinine 2.5 mg/dL during the previous admission. Current creatinine 1.3 mg/dL. Age 70.'),
]


@pytest.mark.parametrize("calc, field, expected, note", CASES_3)
def test_value_selection_across_time(calc, field, expected, note):
    check_value_selection_across_time(calc, field, expected, note)


CASES_4 = [
    # HAS-BLED
    ('has_bled', 'hypertension', True, 'SBAR. S: AF review. B: HTN. A: BP 168/94 mmHg today, 172/90 on repeat.'),
    ('has_bled', 'hypertension', False, 'BP 150/85. Hypertension controlled on losartan.'),
    ('has_bled', 'renal_disease', True, 'Creatinine 240 umol/L, chronic.'),
    ('has_bled', 'renal_disease', True, 'Renal: HD-dependent (Mon/Wed/Fri).'),
    ('has_bled', 'renal_disease', False, 'Admitted on HD 3 with pneumonia; creatinine 1.1 mg/dL.'),
    ('has_bled', 'liver_disease', True, 'Bilirubin 3.1 mg/dL (ULN 1.2), AST 160 U/L, ALT 150 U/L (ULN 40).'),
    ('has_bled', 'prior_bleeding', True, 'Hx of haemorrhagic stroke in 2017.'),
    ('has_bled', 'labile_inr', True, 'INR has been all over the place (1.4-4.8) over the last 3 months.'),
    ('has_bled', 'labile_inr', False, 'INR stable, TTR 78%.'),
    ('has_bled', 'bleeding_medication', True, 'Takes ibuprofen 400 mg tds for knee pain.'),
    ('has_bled', 'bleeding_medication', False, 'Aspirin was stopped last year.'),
    ('has_bled', 'bleeding_medication', False, 'Allergy: aspirin (angioedema).'),
    ('has_bled', 'bleeding_medication', False, 'Avoid NSAIDs.'),
    ('has_bled', 'alcohol_drinks_per_week', 28, 'Drinks 4 beers daily.'),
    ('has_bled', 'alcohol_drinks_per_week', 10, 'Alcohol: 10 drinks/week.'),
]


@pytest.mark.parametrize("calc,field,expected,note", CASES_4)
def test_item(calc: str, field: str, expected, note: str) -> None:
    check_item(calc, field, expected, note)


CASES_5 = [
    # --- CHA2DS2-VASc --------------------------------------------------------------------------------------------
    ('cha2ds2_vasc', 'congestive_heart_failure', True,
     'Clinic letter: new AF. Echo: LVEF 35% with global hypokinesis. BP 128/80.'),
    ('cha2ds2_vasc', 'hypertension', True,
     'Problem list: AF; HTN on amlodipine 5 mg; T2DM.'),
    ('cha2ds2_vasc', 'hypertension', False,
     'AF found on ECG. No hypertension. Brother has high blood pressure.'),
    ('cha2ds2_vasc', 'diabetes', False,
     'Mother has type 2 diabetes. He is not diabetic. AF.'),
    ('cha2ds2_vasc', 'vascular_disease', True,
     'AF. PMH: peripheral arterial disease with intermittent claudication; femoral-popliteal bypass 2018.'),
    ('cha2ds2_vasc', 'vascular_disease', True,
     'AF. Past history: NSTEMI 2017 treated with PCI to LAD.'),
    ('cha2ds2_vasc', 'thromboembolism', True,
     'AF. History of left popliteal artery embolism requiring embolectomy in 2020.'),
    # --- RCRI ----------------------------------------------------------------------------------------------------
    ('rcri', 'elevated_risk_surgery', True,
     'Pre-op assessment for elective open right hemicolectomy. PMH: MI 2015.'),
    ('rcri', 'ischemic_heart_disease', True,
     'Pre-op: exercise treadmill test positive for inducible ischaemia last year. For AAA repair.'),
    ('rcri', 'ischemic_heart_disease', True,
     'Pre-op: uses GTN spray for exertional chest pain. For elective hip replacement.'),
    ('rcri', 'ischemic_heart_disease', True,
     'Pre-op ECG: pathological Q waves in leads II, III and aVF. Scheduled for laparotomy.'),
    ('rcri', 'creatinine', 2.49,
     'Pre-op bloods: creatinine 220 umol/L, eGFR 24. For oesophagectomy.'),
    ('rcri', 'congestive_heart_failure', True,
     'Orthopnoea and PND; S3 on auscultation.'),
]


@pytest.mark.parametrize("calc, field, expected, note", CASES_5)
def test_item_read(calc, field, expected, note):
    check_item_read(calc, field, expected, note)


@pytest.mark.parametrize("sentence, expected", [
    ("TOE showed protruding complex atheromatous plaque, 5 mm thick, in the aortic arch.", True),
    ("There was atheroma of the aortic arch.", True),
    ("Atheromatous plaque in the left carotid bulb.", False),  # carotid plaque is not CHA2DS2-VASc's aortic plaque
])
def test_aortic_plaque_in_words(sentence: str, expected: bool) -> None:
    got = args_of("cha2ds2_vasc", f"An 80-year-old man with atrial fibrillation. {sentence}").get("vascular_disease", False)
    assert got is expected


# --- issue 26: hypertension as a drug's purpose, or raised on repeated occasions --------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("He takes lisinopril 10 mg once daily for his blood pressure.", True),
    ("Medications: bisoprolol and indapamide, both started by her GP for high blood pressure.", True),
    ("She has been on tablets for her BP for about ten years.", True),
    ("His blood pressure was noted to be high on three separate occasions at the surgery last year.", True),
    ("BP elevated at several consecutive clinic reviews.", True),
    ("Repeatedly raised blood pressure at the practice, not yet treated.", True),
    ("His father takes amlodipine for his blood pressure.", None),  # a relative's
    ("She is not on any tablets for her blood pressure.", False),
    ("In the department IV labetalol was given for her blood pressure of 210/120.", None),  # a reading treated
    ("Her blood pressure was raised at 168/94 on arrival.", None),  # one reading at presentation
    ("Blood pressure was normal at three successive clinic visits.", None),
    ("She takes metformin for her diabetes; blood pressure 128/76.", None),
])
def test_hypertension_from_a_drugs_purpose_or_repeated_readings(note: str, expected: bool | None) -> None:
    assert value(hypertension_history, note) is expected


# --- issue 26: RCRI suprainguinal vascular / intraperitoneal surgery named after the aneurysm ------------------------
@pytest.mark.parametrize("note, expected", [
    ("A 5.8 cm AAA was found on ultrasound and he is listed for open repair.", True),
    ("Open transperitoneal nephrectomy is planned for a renal mass.", True),
    ("Her father had an AAA awaiting repair.", None),
    ("Infrarenal aortic aneurysm of 4.2 cm, not for repair at present.", None),
])
def test_rcri_aneurysm_repair_and_transperitoneal_approach(note: str, expected: bool | None) -> None:
    assert value(high_risk_surgery, note) is expected


# --- issue 26: diabetes from an HbA1c at the diagnostic threshold when the note names none ----------------------------
@pytest.mark.parametrize("note, expected", [
    ("Takes gliclazide 80 mg twice daily; HbA1c 8.1% in the spring.", True),
    ("Her glycated haemoglobin was 6.5% at her last check.", True),
    ("HbA1c 6.1%.", None),  # below 6.5 %: decides nothing
    ("No diabetes; HbA1c 7.0% on screening.", False),  # the note's own word decides first
])
def test_diabetes_from_hba1c(note: str, expected: bool | None) -> None:
    assert args_of("cha2ds2_vasc", "A 70-year-old man with atrial fibrillation. " + note).get("diabetes") is expected


# --- issue 26: the pre-operative value after an older one ------------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("Creatinine was 1.7 mg/dL at her renal clinic last year and 2.3 mg/dL at the pre-operative assessment.", 2.3),
    ("Creatinine 1.2 mg/dL at her annual review, 2.6 mg/dL at pre-op assessment.", 2.6),
    ("Creatinine 2.2 mg/dL at his last review and 1.6 mg/dL in March 2019.", 2.2),
])
def test_rcri_creatinine_at_the_pre_operative_assessment(note: str, expected: float) -> None:
    assert args_of("rcri", "Listed for laparotomy. " + note)["creatinine"] == pytest.approx(expected)
