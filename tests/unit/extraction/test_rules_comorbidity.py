"""Rules of the comorbidity family (tools/extraction/rules/comorbidity.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.rules.comorbidity import charlson_tumor
from tests.unit.extraction._rules import args_of, value
from tests.unit.extraction._rules_checks import check_comorbidity_and_residence, check_item


@pytest.mark.parametrize("note, expected", [
    ("PMH: chronic kidney disease stage 4, followed by nephrology.", True),
    ("Chronic renal failure, stage 5, not yet on dialysis.", True),
    ("CKD G4 (eGFR 19).", True),
    ("Chronic kidney disease (stage 3b).", True),
    ("Chronic kidney disease stage 2, creatinine 1.1 mg/dL.", False),
])
def test_charlson_ckd_stage_after_the_disease_name(note: str, expected: bool) -> None:
    assert args_of("charlson", note)["moderate_severe_ckd"] is expected


@pytest.mark.parametrize("note, tumour", [
    ("PMH: CKD stage 4, bladder cancer treated in 2016.", "localized"),
    ("Stage 4 pressure ulcer on the sacrum; breast cancer in 2012.", "localized"),
    ("Stage IV lung adenocarcinoma.", "metastatic"),
])
def test_a_stage_of_another_disease_is_not_metastatic_cancer(note: str, tumour: str) -> None:
    assert value(charlson_tumor, note) == tumour


@pytest.mark.parametrize("note, expected", [
    ("Referred to the stroke team for a transient visual disturbance, diagnosed as migraine.", None),
    ("Seen by the stroke nurse specialist in clinic; no neurological deficit.", None),
    ("Left PCA infarct in 2021 with a residual field defect.", True),
    ("Old right MCA territory infarct on CT.", True),
])
def test_stroke_services_and_infarct_territories(note: str, expected: bool | None) -> None:
    assert args_of("charlson", note).get("cerebrovascular_accident") is expected


@pytest.mark.parametrize("note, grade", [
    ("Chronic hepatitis B, HBsAg positive, HBeAg negative, normal liver stiffness.", "mild"),
    ("Chronic hepatitis C on follow-up, HBsAg negative.", "mild"),
    ("No liver disease; hepatitis serology negative.", "none"),
])
def test_a_marker_reported_negative_does_not_deny_the_disease(note: str, grade: str) -> None:
    assert args_of("charlson", note)["liver_disease"] == grade


CASES = [
    # --- Charlson ---
    ("charlson", "PMH: squamous cell carcinoma of the lung with bone metastases.", {"solid_tumor": "metastatic"}),
    ("charlson", "Ca colon, Dukes B, resected 2019, no evidence of recurrence.", {"solid_tumor": "localized"}),
    ("charlson", "Clinic letter: CLL under watch and wait; follicular lymphoma in remission.", {"leukemia": True, "lymphoma": True}),
    ("charlson", "Background: alcoholic cirrhosis with oesophageal varices and ascites.", {"liver_disease": "moderate to severe"}),
    ("charlson", "Chronic hepatitis B, no cirrhosis.", {"liver_disease": "mild"}),
    ("charlson", "CKD stage 4 (eGFR 22). Alzheimer's dementia. CVA 2017 with residual weakness; TIA 2015.",
     {"moderate_severe_ckd": True, "dementia": True, "cerebrovascular_accident": True, "tia": True}),
    ("charlson", "Nursing chart: known vascular dementia, CCF.", {"dementia": True, "chf": True}),
    ("charlson", "No history of cancer, leukaemia or lymphoma. Denies liver disease.",
     {"solid_tumor": "none", "leukemia": False, "lymphoma": False, "liver_disease": "none"}),
    ("charlson", "Metastatic melanoma on pembrolizumab.", {"solid_tumor": "metastatic"}),
    ("charlson", "Family history of leukemia in his brother. Benign lipoma on back.", {"leukemia": False, "solid_tumor": "none"}),
    ("charlson", "Prostate adenocarcinoma, Gleason 7, on active surveillance.", {"solid_tumor": "localized"}),
    ("charlson", "Multiple myeloma on lenalidomide.", {"lymphoma": True, "solid_tumor": "none"}),
    ("charlson", "CKD G4A2, eGFR 24.", {"moderate_severe_ckd": True}),
    ("charlson", "CKD G3aA1, creatinine 1.4 mg/dL.", {"moderate_severe_ckd": False}),
    ("charlson", "Cognitive impairment, MMSE 18/30, on donepezil.", {"dementia": True}),
    ("charlson", "Adenocarcinoma of the pancreas with liver mets.", {"solid_tumor": "metastatic"}),
    ("charlson", "Prostate Ca, PSA 40, bone scan: sclerotic deposits in the spine.", {"solid_tumor": "metastatic"}),
    ("charlson", "Gout with urate deposits. Colon cancer resected.", {"solid_tumor": "localized"}),
    ("charlson", "pT3 N1 M1a rectal adenocarcinoma.", {"solid_tumor": "metastatic"}),
    ("charlson", "Cirrhosis (Child A), no varices on last OGD.", {"liver_disease": "mild"}),
]


@pytest.mark.parametrize("calc_id,note,expected", CASES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(CASES)])
def test_comorbidity_and_residence(calc_id, note, expected):
    check_comorbidity_and_residence(calc_id, note, expected)


CASES_2 = [
    # Charlson
    ('charlson', 'peripheral_vascular_disease', True, 'PMH: HTN, T2DM, PAD s/p L fem-pop bypass 2018.'),
    ('charlson', 'peripheral_vascular_disease', True, 'History: infrarenal AAA 4.8 cm under surveillance; COPD.'),
    ('charlson', 'peripheral_vascular_disease', True, 's/p EVAR for abdominal aortic aneurysm 2019.'),
    ('charlson', 'peripheral_vascular_disease', False, 'Screening US: no AAA. Denies claudication.'),
    ('charlson', 'chf', True, 'Background: CCF (EF 30%), AF on warfarin.'),
    ('charlson', 'chf', False, 'Father had CHF. Patient denies dyspnoea.'),
    ('charlson', 'diabetes', 'uncomplicated', 'PMHx: NIDDM on metformin, HbA1c 7.1%.'),
    ('charlson', 'diabetes', 'end-organ damage', 'Known IDDM since age 12, complicated by proliferative retinopathy and nephropathy.'),
    ('charlson', 'diabetes', 'none or diet-controlled', 'Diet-controlled type 2 diabetes, no medications.'),
    ('charlson', 'aids', True, 'HIV on ART since 2009, prior PCP pneumonia, CD4 nadir 80.'),
    ('charlson', 'aids', True, 'HIV with CD4 count 120 cells/mm3.'),
    ('charlson', 'aids', False, 'HIV positive on ART, CD4 650, undetectable viral load, no opportunistic infections.'),
    ('charlson', 'aids', False, 'HIV negative.'),
    ('charlson', 'liver_disease', 'mild', 'Chronic hepatitis C, no cirrhosis.'),
    ('charlson', 'liver_disease', 'moderate to severe', 'Alcohol-related cirrhosis with oesophageal varices and ascites.'),
    ('charlson', 'solid_tumor', 'metastatic', 'Ca breast 2015 with bone mets, on letrozole.'),
    ('charlson', 'solid_tumor', 'none', 'Basal cell carcinoma of the nose excised.'),
    ('charlson', 'moderate_severe_ckd', True, 'ESKD on HD via L brachiocephalic fistula.'),
    ('charlson', 'moderate_severe_ckd', False, 'CKD stage 2, eGFR 75.'),
    ('charlson', 'tia', True, 'PMH: TIA x2 (2019, 2021), on clopidogrel.'),
    ('charlson', 'hemiplegia', True, 'Old R MCA infarct with residual left hemiparesis.'),
]


@pytest.mark.parametrize("calc,field,expected,note", CASES_2)
def test_item(calc: str, field: str, expected, note: str) -> None:
    check_item(calc, field, expected, note)


# --- issue 26: the CKD stage after a verb ---------------------------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("His chronic kidney disease is stage 4.", True),
    ("Her CKD has progressed to stage 5 and dialysis is being planned.", True),
    ("Chronic kidney disease, now at stage 3b (eGFR 38).", True),
    ("His chronic kidney disease is stage 2, with an eGFR of 75.", False),
    ("Her CKD remains stage 3a.", False),
    ("Her mother's chronic kidney disease is stage 5.", None),
])
def test_charlson_ckd_stage_after_a_verb(note: str, expected: bool | None) -> None:
    assert args_of("charlson", note).get("moderate_severe_ckd") is expected
