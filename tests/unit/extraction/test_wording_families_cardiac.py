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
from tests.unit.extraction._rules import arg_of as _read

AF = "A 74-year-old woman with atrial fibrillation. "



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


# --- HAS-BLED -----------------------------------------------------------------------------------------------------------
WARF = "A 78-year-old man on warfarin for atrial fibrillation. "


@pytest.mark.parametrize("field, sentence", [
    ("labile_inr", "His INRs have been repeatedly supratherapeutic."),
    ("labile_inr", "There has been difficulty keeping his INR in the target range."),
    ("labile_inr", "Poor anticoagulation control despite weekly checks."),
    ("prior_bleeding", "He had haematochezia needing admission in 2022."),
    ("prior_bleeding", "He has type 1 von Willebrand disease."),
    ("prior_bleeding", "A retroperitoneal haematoma complicated his angiogram in 2021."),
    ("bleeding_medication", "He takes Nurofen most days for his knees."),
    ("bleeding_medication", "He takes etoricoxib 60 mg daily."),
    ("bleeding_medication", "He remains on Brilique after his stent."),
    ("renal_disease", "He has a renal allograft since 2015."),
    ("alcohol_excess", "He meets criteria for harmful drinking."),
    ("alcohol_excess", "He is alcohol-dependent and drinks vodka daily."),
])
def test_has_bled_families_are_read(field, sentence):
    assert _read("has_bled", field, WARF + sentence) is True


@pytest.mark.parametrize("field, sentence", [
    ("labile_inr", "His INR has been stable within the therapeutic range."),
    ("prior_bleeding", "No haematochezia or melaena."),
    ("prior_bleeding", "His brother has von Willebrand disease."),
    ("bleeding_medication", "He was told to avoid Nurofen."),
    ("bleeding_medication", "Etoricoxib was stopped last year."),
    ("alcohol_excess", "History of alcohol withdrawal seizures; abstinent for ten years."),  # past, not current
])
def test_has_bled_near_misses_are_not_read(field, sentence):
    assert not _read("has_bled", field, WARF + sentence)


# --- HEART risk factors -------------------------------------------------------------------------------------------------
CP = "A 58-year-old man with chest pain. "


@pytest.mark.parametrize("sentence", [
    "He takes ezetimibe 10 mg daily.",
    "Known hypercholesterolaemic, on treatment.",
    "Started on evolocumab by the lipid clinic.",
])
def test_hypercholesterolaemia_families_are_read(sentence):
    assert _read("heart_score", "hypercholesterolemia", CP + sentence) is True


@pytest.mark.parametrize("sentence", [
    "His father takes ezetimibe.",
    "Lipid profile normal; no dyslipidaemia.",
])
def test_hypercholesterolaemia_near_misses_are_not_read(sentence):
    assert not _read("heart_score", "hypercholesterolemia", CP + sentence)


def test_known_atherosclerosis_told_by_its_operation_is_read():
    assert _read("heart_score", "atherosclerotic_disease", CP + "He had a quadruple bypass in 2016.") is True
    assert not _read("heart_score", "atherosclerotic_disease", CP + "His brother had a quadruple bypass.")


# --- RCRI ---------------------------------------------------------------------------------------------------------------
OP = "A 70-year-old man before surgery. "


@pytest.mark.parametrize("field, sentence", [
    ("elevated_risk_surgery", "He is listed for an Ivor Lewis oesophagectomy."),
    ("elevated_risk_surgery", "Planned: laparoscopic Roux-en-Y gastric bypass."),
    ("elevated_risk_surgery", "Scheduled for a right upper lobe wedge resection."),
    ("elevated_risk_surgery", "Booked for mitral valve repair."),
    ("ischemic_heart_disease", "He uses isosorbide mononitrate and nicorandil."),
    ("ischemic_heart_disease", "He reports cardiac chest pain on exertion."),
    ("congestive_heart_failure", "Bibasal crackles and Kerley B lines on the chest film."),
    ("insulin_treatment", "He takes insulin degludec at night."),
    ("insulin_treatment", "Insulin via CSII since 2019."),
])
def test_rcri_families_are_read(field, sentence):
    assert _read("rcri", field, OP + sentence) is True


@pytest.mark.parametrize("field, sentence", [
    ("elevated_risk_surgery", "He is listed for a total knee replacement."),
    ("ischemic_heart_disease", "His father used nicorandil."),
    ("ischemic_heart_disease", "Non-cardiac chest pain after a fall."),
    ("congestive_heart_failure", "Chest clear, no bibasal crackles."),
    ("insulin_treatment", "Hyperkalaemia was treated with insulin and dextrose."),  # for potassium, not diabetes
    ("insulin_treatment", "Insulin was stopped last year; he takes metformin only."),
])
def test_rcri_near_misses_are_not_read(field, sentence):
    assert not _read("rcri", field, OP + sentence)


@pytest.mark.parametrize("calc, field, sentence", [
    ("has_bled", "alcohol_excess", "He was given chlordiazepoxide on the ward."),
    ("has_bled", "labile_inr", "His warfarin has needed frequent dose adjustments."),
    ("heart_score", "obesity", "He had a sleeve gastrectomy in 2019."),
    ("rcri", "ischemic_heart_disease", "He gets chest tightness on exertion."),
])
def test_suggestive_wordings_of_the_risk_scores_are_a_doubt_not_a_reading(calc, field, sentence):
    assert _doubt(calc, field, sentence) > 0
    assert not _read(calc, field, AF + sentence)


@pytest.mark.parametrize("sentence", ["Non ischaemic chest pain, musculoskeletal.", "Atypical, non-anginal pain."])
def test_chest_pain_called_not_cardiac_is_no_ischaemic_heart_disease(sentence):
    assert not _read("rcri", "ischemic_heart_disease", OP + sentence)


# --- Charlson comorbidity index -----------------------------------------------------------------------------------------
PT = "A 71-year-old man seen in clinic. "


@pytest.mark.parametrize("field, sentence, expected", [
    ("liver_disease", "He has chronic hepatitis C, treated in 2018.", "mild"),
    ("liver_disease", "Alcohol-related liver disease with a TIPS in place.", "moderate to severe"),
    ("liver_disease", "Cirrhosis, Child-Pugh class A, with caput medusae on examination.", "moderate to severe"),
    ("chronic_pulmonary_disease", "He uses Spiriva once daily.", True),
    ("chronic_pulmonary_disease", "Known chronic obstructive airways disease.", True),
    ("chronic_pulmonary_disease", "Asbestosis from shipyard work.", True),
    ("chronic_pulmonary_disease", "Asthmatic since childhood, on Symbicort.", True),
    ("connective_tissue_disease", "Known PMR on low-dose prednisolone.", True),
    ("connective_tissue_disease", "CREST syndrome with sclerodactyly.", True),
    ("peptic_ulcer_disease", "Vagotomy for ulcer disease in 1985.", True),
    ("peptic_ulcer_disease", "A prepyloric ulcer was found at endoscopy in 2020.", True),
    ("dementia", "Known DLB, lives in a nursing home.", True),
    ("dementia", "He has frontotemporal lobar degeneration.", True),
    ("hemiplegia", "Spastic diplegia since birth.", True),
    ("hemiplegia", "Paraparetic after a spinal cord infarct in 2015.", True),
    ("diabetes", "Type 2 diabetes with maculopathy.", "end-organ damage"),
    ("diabetes", "Type 1 diabetes complicated by a Charcot foot.", "end-organ damage"),
    ("peripheral_vascular_disease", "Dry gangrene of two toes from arterial disease.", True),
])
def test_charlson_families_are_read(field, sentence, expected):
    assert _read("charlson", field, PT + sentence) == expected


@pytest.mark.parametrize("field, sentence", [
    ("connective_tissue_disease", "Lupus anticoagulant was positive."),  # a laboratory test, not lupus
    ("connective_tissue_disease", "His mother has PMR."),
    ("chronic_pulmonary_disease", "His wife uses Spiriva."),
    ("dementia", "His mother had Lewy body dementia."),
    ("dementia", "No features of DLB."),
    ("hemiplegia", "No paraparesis."),
    ("peptic_ulcer_disease", "No history of a prepyloric ulcer."),
])
def test_charlson_near_misses_are_not_read(field, sentence):
    assert _read("charlson", field, PT + sentence) in (None, False, "none")


@pytest.mark.parametrize("field, sentence", [
    ("liver_disease", "HBV vaccination completed in 2010."),  # a vaccine, not hepatitis
    ("diabetes", "Laser photocoagulation for a retinal tear; no diabetes."),
])
def test_charlson_graded_near_misses_are_not_read(field, sentence):
    assert _read("charlson", field, PT + sentence) in (None, "none", "none or diet-controlled")


@pytest.mark.parametrize("field, sentence", [
    ("dementia", "He was referred to the memory clinic last year."),
    ("chronic_pulmonary_disease", "He uses home oxygen overnight."),
    ("peptic_ulcer_disease", "He had Helicobacter eradication therapy in 2019."),
    ("liver_disease", "Endoscopy showed oesophageal varices."),
])
def test_suggestive_wordings_of_charlson_are_a_doubt(field, sentence):
    assert second_reader(CALCULATORS["charlson"], field, NoteReader(PT + sentence))[0] > 0


def test_a_calcium_channel_blocker_is_no_doubt_on_charlson_liver_disease():
    # 'portal hypertension' in the item's wording is not the hypertension amlodipine treats
    assert second_reader(CALCULATORS["charlson"], "liver_disease", NoteReader(PT + "He takes amlodipine 5 mg."))[0] == 0


# --- objective criterion: an ankle-brachial index <= 0.90 is peripheral arterial disease -----------------------------
@pytest.mark.parametrize("calc, field, sentence", [
    ("cha2ds2_vasc", "vascular_disease", AF + "ABPI 0.62 on the right, 0.95 on the left."),
    ("charlson", "peripheral_vascular_disease", PT + "Ankle-brachial index of 0.7 on the left."),
    ("heart_score", "atherosclerotic_disease", CP + "Ankle brachial indices were 0.8 and 0.85."),
])
def test_a_low_ankle_brachial_index_is_peripheral_arterial_disease(calc, field, sentence):
    assert _read(calc, field, sentence) is True


@pytest.mark.parametrize("sentence", [
    AF + "Ankle-brachial index of 1.05 bilaterally.",  # normal
    AF + "ABPI 1.6, non-compressible vessels.",  # calcified: decides nothing
    AF + "Her husband's ABPI was 0.6.",  # not the patient's (a relative's)
])
def test_a_normal_or_another_persons_ankle_brachial_index_is_not_read(sentence):
    assert not _read("cha2ds2_vasc", "vascular_disease", sentence)


# --- near misses in the shared vocabularies: similar words for other things ---------------------------------------------
def test_angina_of_another_organ_is_no_coronary_disease():
    assert not _read("rcri", "ischemic_heart_disease", OP + "Ludwig's angina drained in 2019.")
    assert not _read("cha2ds2_vasc", "vascular_disease", AF + "She has abdominal angina from mesenteric stenosis.")


@pytest.mark.parametrize("sentence", ["Gestational diabetes in her second pregnancy, 1985.", "Told she has borderline diabetes."])
def test_gestational_and_borderline_diabetes_are_no_diabetes_mellitus(sentence):
    assert not _read("cha2ds2_vasc", "diabetes", AF + sentence)


def test_smoking_cannabis_is_no_tobacco_smoking():
    assert not _read("heart_score", "smoking", CP + "He smokes cannabis most evenings.")
    assert _read("heart_score", "smoking", CP + "He smokes 10 cigarettes a day and some cannabis.") is True


def test_an_infarct_placed_in_a_lobe_is_a_stroke():
    assert _read("cha2ds2_vasc", "stroke", AF + "CT showed an old infarct in the left parietal lobe.") is True
    assert not _read("cha2ds2_vasc", "stroke", AF + "CT showed no infarct in the left parietal lobe.")


def test_a_subarachnoid_haemorrhage_is_a_doubt_on_stroke_not_a_reading():
    sentence = "She had a subarachnoid haemorrhage from an aneurysm in 2012."
    assert _doubt("cha2ds2_vasc", "stroke", sentence) > 0
    assert not _read("cha2ds2_vasc", "stroke", AF + sentence)


@pytest.mark.parametrize("field, sentence", [
    ("hemiplegia", "She has hemiplegic migraine, last attack in 2020."),  # a migraine, not a paralysis
    ("connective_tissue_disease", "Sarcoidosis with lupus pernio on the nose."),  # sarcoid skin, not SLE
    ("peptic_ulcer_disease", "Omeprazole for peptic ulcer prophylaxis while on steroids."),  # prevention, no ulcer
    ("chronic_pulmonary_disease", "Nocturnal breathlessness, 'cardiac asthma', from heart failure."),
])
def test_charlson_words_for_other_things_are_not_read(field, sentence):
    assert not _read("charlson", field, PT + sentence)


def test_a_hepatitis_vaccination_is_no_liver_disease():
    assert _read("charlson", "liver_disease", PT + "Hepatitis B vaccination in 2015.") in (None, "none")


def test_dialysis_access_is_a_doubt_on_moderate_severe_ckd():
    assert second_reader(CALCULATORS["charlson"], "moderate_severe_ckd", NoteReader(PT + "A left arm AV fistula was formed."))[0] > 0


@pytest.mark.parametrize("sentence", [
    "ECG: sinus rhythm with LV strain.",
    "ECG shows digoxin effect.",
    "ECG: ventricular-paced rhythm at 70.",
    "ECG: biphasic T waves in V2-V3.",
])
def test_heart_ecg_non_specific_changes_are_read(sentence):
    assert _read("heart_score", "ecg", CP + sentence) == "non-specific repolarization disturbance"


def test_heart_ecg_without_those_changes_is_not_read_as_them():
    assert _read("heart_score", "ecg", CP + "ECG: normal sinus rhythm, no strain pattern.") != "non-specific repolarization disturbance"


# --- HEART hypercholesterolaemia by its measured definition (NCEP ATP III 'high') ---------------------------------------
@pytest.mark.parametrize("sentence", [
    "Fasting lipids: total cholesterol 6.8 mmol/L, LDL 4.5 mmol/L.",
    "Total cholesterol 252 mg/dL.",
    "LDL cholesterol 171 mg/dL.",
])
def test_high_measured_cholesterol_is_hypercholesterolaemia(sentence):
    assert _read("heart_score", "hypercholesterolemia", CP + sentence) is True


@pytest.mark.parametrize("sentence", [
    "LDL 120 mg/dL, total cholesterol 190 mg/dL.",  # below the thresholds
    "His brother's total cholesterol was 300 mg/dL.",  # a relative's
])
def test_lower_or_anothers_cholesterol_is_not_read(sentence):
    assert not _read("heart_score", "hypercholesterolemia", CP + sentence)


@pytest.mark.parametrize("sentence", ["He chews tobacco daily.", "He uses electronic cigarettes, never smoked."])
def test_tobacco_not_smoked_is_no_smoking(sentence):
    assert not _read("heart_score", "smoking", CP + sentence)


def test_coronary_thrombosis_is_an_old_word_for_myocardial_infarction():
    assert _read("charlson", "myocardial_infarction", PT + "He had a coronary thrombosis in 1998.") is True
    assert not _read("charlson", "myocardial_infarction", PT + "His father died of a coronary thrombosis.")


# --- diabetes by the IFCC HbA1c (mmol/mol, British reports): 48 mmol/mol is the 6.5 % threshold ------------------------
@pytest.mark.parametrize("sentence, expected", [
    ("HbA1c 58 mmol/mol on the GP record.", True),
    ("Glycated haemoglobin 42 mmol/mol.", None),  # below 48: decides nothing
])
def test_an_ifcc_hba1c_is_read_against_the_diabetes_threshold(sentence, expected):
    assert _read("cha2ds2_vasc", "diabetes", AF + sentence) is expected


def test_insulin_treated_is_diabetes():
    assert _read("cha2ds2_vasc", "diabetes", AF + "She is insulin-treated since 2012.") is True


@pytest.mark.parametrize("sentence", [
    "She had an angioplasty to her left superficial femoral artery in 2021.",
    "Right iliac stent placed for claudication.",
])
def test_peripheral_angioplasty_and_stents_are_vascular_disease(sentence):
    assert _read("cha2ds2_vasc", "vascular_disease", AF + sentence) is True


def test_a_coronary_angioplasty_is_not_taken_for_a_peripheral_one():
    assert not _read("charlson", "peripheral_vascular_disease", PT + "Coronary angioplasty to the LAD in 2019.")


def test_an_aortic_aneurysm_is_a_doubt_on_chads_vascular_disease():
    assert _doubt("cha2ds2_vasc", "vascular_disease", "She has a 5 cm abdominal aortic aneurysm under surveillance.") > 0


@pytest.mark.parametrize("sentence", ["She takes BP tablets from her GP.", "She is on blood pressure pills."])
def test_blood_pressure_tablets_in_short_are_hypertension(sentence):
    assert _read("cha2ds2_vasc", "hypertension", AF + sentence) is True


def test_blood_pressure_tablets_never_needed_are_no_hypertension():
    assert not _read("cha2ds2_vasc", "hypertension", AF + "She has never needed BP tablets.")


def test_giant_cell_arteritis_is_a_doubt_on_connective_tissue_disease_not_a_reading():
    sentence = "Giant cell arteritis on prednisolone since 2022."
    assert second_reader(CALCULATORS["charlson"], "connective_tissue_disease", NoteReader(PT + sentence))[0] > 0
    assert not _read("charlson", "connective_tissue_disease", PT + sentence)


def test_pacs_the_image_archive_is_no_partial_anterior_circulation_stroke():
    assert not _read("cha2ds2_vasc", "stroke", AF + "Her CT images were reviewed on PACS.")
    assert _read("cha2ds2_vasc", "stroke", AF + "A right PACS in 2017 left her with a weak left hand.") is True
