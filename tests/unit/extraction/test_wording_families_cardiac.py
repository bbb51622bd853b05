"""Wording families of the cardiac risk and comorbidity criteria (CHA2DS2-VASc, HAS-BLED, HEART, RCRI, Charlson):
the ways clinicians write each criterion (synonyms, abbreviations, named procedures and devices, drugs specific to
the disease, examination words), each with a near miss that must not be read (a relative's, a denied one, a similar
word for another thing).

Every sentence here was written for these tests from clinical usage; none is taken from a benchmark note or from
app/data/dev/.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import NoteReader, second_reader
from tests.unit.extraction._rules import args_of

AF = "A 74-year-old woman with atrial fibrillation. "


def _read(calc: str, field: str, note: str):
    return args_of(calc, note).get(field)


# --- CHA2DS2-VASc 'C': heart failure / LV systolic dysfunction -----------------------------------------------------------
@pytest.mark.parametrize("sentence", [
    "Echo last year: poor LV function.",
    "Transthoracic echo showed impaired left ventricular systolic function.",
    "Known LVSD, followed in the heart-function clinic.",
    "She has a biventricular pacemaker (CRT-D).",
    "Cardiac resynchronisation therapy was started in 2021.",
    "Bridged with a left ventricular assist device since 2022.",
    "Admitted twice last winter with ADHF.",
])
def test_heart_failure_families_are_read(sentence):
    assert _read("cha2ds2_vasc", "congestive_heart_failure", AF + sentence) is True


@pytest.mark.parametrize("sentence", [
    "Echo: mild LV systolic dysfunction, EF 50%.",  # mild: not the moderate-severe dysfunction of the criterion
    "Echo showed mildly impaired left ventricular systolic function.",
    "Her father had a left ventricular assist device.",  # a relative's
    "There is no LV systolic dysfunction on echo.",  # denied
    "Capillary refill time was 2 seconds.",  # 'CRT' alone is capillary refill, not a CRT device
])
def test_heart_failure_near_misses_are_not_read(sentence):
    assert not _read("cha2ds2_vasc", "congestive_heart_failure", AF + sentence)


# --- hypertension -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sentence", [
    "PMH: HT, osteoarthritis.",
    "Long-standing essential hypertension.",
    "Known high BP, on treatment.",
])
def test_hypertension_families_are_read(sentence):
    assert _read("cha2ds2_vasc", "hypertension", AF + sentence) is True


@pytest.mark.parametrize("sentence", [
    "Ht 162 cm, Wt 70 kg.",  # height, not hypertension
    "She was started on a 5-HT3 antagonist for nausea.",
    "No history of HT.",
])
def test_hypertension_near_misses_are_not_read(sentence):
    assert not _read("cha2ds2_vasc", "hypertension", AF + sentence)


# --- diabetes: abbreviations and drugs given for diabetes alone ---------------------------------------------------------
@pytest.mark.parametrize("sentence", [
    "Medications: gliclazide 80 mg bd, apixaban.",
    "She takes metformin 1 g twice daily.",
    "Known T2D.",
    "Diagnosed with MODY in her twenties.",
    "She is on sitagliptin and insulin glargine.",
    "Her sugars are controlled with oral hypoglycaemics.",
])
def test_diabetes_families_are_read(sentence):
    assert _read("cha2ds2_vasc", "diabetes", AF + sentence) is True


@pytest.mark.parametrize("sentence", [
    "Her mother has T2D.",  # a relative's
    "She is not diabetic.",
    "Hyperkalaemia was treated with insulin and dextrose.",  # insulin for potassium, not for diabetes
    "She has diabetes insipidus after pituitary surgery.",
])
def test_diabetes_near_misses_are_not_read(sentence):
    assert not _read("cha2ds2_vasc", "diabetes", AF + sentence)


# --- stroke and TIA -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sentence", [
    "Past history: left PACS in 2018 with residual dysphasia.",
    "She had a right LACI two years ago.",
    "MRI in 2020 showed a left internal capsule infarct.",
    "She had a cerebral haemorrhage in 2016.",
    "Lateral medullary syndrome in 2019, now recovered.",
])
def test_stroke_families_are_read(sentence):
    assert _read("cha2ds2_vasc", "stroke", AF + sentence) is True


@pytest.mark.parametrize("sentence", [
    "Her brother had a TACS.",  # a relative's
    "Heat stroke in 2018 while hiking.",
    "She has had no previous stroke or TIA.",
])
def test_stroke_near_misses_are_not_read(sentence):
    assert not _read("cha2ds2_vasc", "stroke", AF + sentence)


@pytest.mark.parametrize("sentence", [
    "An episode of amaurosis fugax in the left eye last spring.",
    "She describes transient monocular blindness lasting ten minutes in 2022.",
    "She had a ministroke in 2020.",
])
def test_tia_families_are_read(sentence):
    assert _read("cha2ds2_vasc", "tia", AF + sentence) is True


@pytest.mark.parametrize("sentence", [
    "No history of amaurosis fugax.",
    "Her mother had amaurosis fugax.",
])
def test_tia_near_misses_are_not_read(sentence):
    assert not _read("cha2ds2_vasc", "tia", AF + sentence)


# --- thromboembolism ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sentence", [
    "In 2019 she had a mesenteric embolus needing bowel resection.",
    "Previous systemic emboli to both legs.",
])
def test_thromboembolism_families_are_read(sentence):
    assert _read("cha2ds2_vasc", "thromboembolism", AF + sentence) is True


def test_a_denied_embolic_occlusion_is_not_read():
    assert not _read("cha2ds2_vasc", "thromboembolism", AF + "Angiography showed no embolic occlusion.")


# --- vascular disease: infarcts by wall, coronary operations, peripheral arterial disease ------------------------------
@pytest.mark.parametrize("sentence", [
    "ECG shows an old inferior wall infarct.",
    "She had a triple bypass in 2015.",
    "Angiography in 2020 showed three vessel disease.",
    "Left femoropopliteal bypass for rest pain in 2017.",
    "Known PAOD with a claudication distance of 100 m.",
    "She is a claudicant at 50 yards.",
])
def test_vascular_disease_families_are_read(sentence):
    assert _read("cha2ds2_vasc", "vascular_disease", AF + sentence) is True


@pytest.mark.parametrize("sentence", [
    "Her father had a triple bypass.",  # a relative's
    "Coronary angiography showed no coronary artery stenosis.",  # denied
    "Gastric bypass surgery in 2012.",  # a bypass of another kind
])
def test_vascular_disease_near_misses_are_not_read(sentence):
    assert not _read("cha2ds2_vasc", "vascular_disease", AF + sentence)


# --- the second reader: wordings that only suggest a criterion raise a doubt, never a reading --------------------------
def _doubt(calc: str, field: str, sentence: str) -> float:
    return second_reader(CALCULATORS[calc], field, NoteReader(AF + sentence))[0]


@pytest.mark.parametrize("calc, field, sentence", [
    ("cha2ds2_vasc", "congestive_heart_failure", "She sleeps on four pillows because of orthopnoea."),
    ("cha2ds2_vasc", "congestive_heart_failure", "Breathless on minimal exertion, NYHA class III."),
    ("charlson", "chf", "On examination she had a raised JVP and pitting oedema to the knees."),
    ("rcri", "cerebrovascular_disease", "She walks with a stick because of a residual hemiparesis."),
    ("cha2ds2_vasc", "tia", "In 2021 she had transient weakness of the right arm lasting twenty minutes."),
])
def test_suggestive_wordings_are_a_doubt(calc, field, sentence):
    assert _doubt(calc, field, sentence) > 0


@pytest.mark.parametrize("calc, field, sentence", [
    ("cha2ds2_vasc", "congestive_heart_failure", "She denies orthopnoea."),
    ("cha2ds2_vasc", "tia", "Her mother had transient weakness of one arm."),
    ("cha2ds2_vasc", "stroke", "She was thrombolysed for a pulmonary embolism."),  # weak: the drug is no stroke
])
def test_suggestive_wordings_denied_or_a_relatives_are_no_strong_doubt(calc, field, sentence):
    assert _doubt(calc, field, sentence) < 0.6


def test_a_suggestive_wording_is_not_read_as_the_criterion():
    assert not _read("cha2ds2_vasc", "congestive_heart_failure", AF + "She sleeps on four pillows because of orthopnoea.")
