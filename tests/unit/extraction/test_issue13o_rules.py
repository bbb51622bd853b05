"""Issue 13 (o): comorbidity and residence items of PSI, Caprini and Charlson read from the many ways clinicians write.

Rules tested here:
- Residence (PSI nursing home resident, current): a care-home word read with its verb. Present and present perfect are
  current ('lives in assisted living', 'resides at', 'a resident of', 'from a care home', 'has lived in a nursing home
  since 2019', 'moved into a care home 3 months ago'), even under a history header; 'since <year>' is no past cue
  (ConText pseudo-trigger). Residence in the past with an end is past ('lived in a care home until last year, now lives
  with her son', 'until <year> / N months ago' as a backward ConText history trigger, 'used to live in'); a destination
  ('discharge to a nursing home', 'needs nursing home placement') is no residence. More care-home words ('residential
  home', 'care facility').
- Malignancy: a cancer named as the indication of a planned operation or treatment ('listed for resection of rectal
  adenocarcinoma', 'pre-op assessment for Whipple for pancreatic head carcinoma') is a diagnosis, not a hypothesis; a
  hedge in the gap ('excision of suspected melanoma') or a rule-out keeps it unasserted. Negations, family history and
  benign tumours (adenoma, lipoma, benign polyp) stay excluded.
- PSI neoplastic disease (the calculator: active cancer other than skin basal / squamous cell, or diagnosed within one
  year): a past cancer dated within a year ('diagnosed 4 months ago', 'resected 8 months ago', 'last month') or with a
  treatment still to come ('awaiting radiotherapy') counts; one dated years ago or in remission does not.
- Charlson metastatic solid tumour: 'mets', 'secondaries', site-named deposits ('liver mets', 'sclerotic deposits in the
  spine'), carcinomatosis, TNM M1 ('pT3 N1 M1a'); other deposits (urate) are not.
- Charlson lymphoma follows Charlson 1987 (Hodgkin's, lymphosarcoma, Waldenström's, myeloma, other lymphomas); leukaemia
  abbreviations are case-sensitive. Dementia also from an anti-dementia drug (donepezil, memantine ...). CKD stage in
  KDIGO G/A form ('CKD G4A2' moderate-severe, 'G3aA1' not).

Sentences written for this test in varied styles (triage shorthand, SBAR, nursing charts, clinic letters, pre-op
notes, discharge summaries); none is taken from a benchmark note or from app/data/dev/. Expected values follow each
calculator's published definition and MedCalc-Bench's conventions. An input the rules leave unread (None) takes the
calculator's default, so an expected False / 'none' also accepts None.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of

CASES = [
    # --- PSI residence ---
    ("psi", "82F with cough. She has lived in a nursing home since 2019.", {"nursing_home_resident": True}),
    ("psi", "79M, resides at Oakwood Care Home, brought in by ambulance with fever.", {"nursing_home_resident": True}),
    ("psi", "ED triage: 88 yo F, a resident of a long-term care facility, RR 28.", {"nursing_home_resident": True}),
    ("psi", "SBAR. S: 90M from a care home with productive cough.", {"nursing_home_resident": True}),
    ("psi", "Social: widowed, lives in assisted living, uses a walker.", {"nursing_home_resident": True}),
    ("psi", "Social history: lived in a care home until last year, now lives with her son.", {"nursing_home_resident": False}),
    ("psi", "Lives at home with her husband; independent with ADLs. No nursing home.", {"nursing_home_resident": False}),
    ("psi", "Social: previously resided in a nursing home, moved back home in 2021 and lives alone.", {"nursing_home_resident": False}),
    ("psi", "Nursing home resident with advanced dementia, admitted with aspiration pneumonia.", {"nursing_home_resident": True}),
    ("psi", "Admitted from SNF with hypoxia.", {"nursing_home_resident": True}),
    ("psi", "Plan: discharge to a nursing home once medically fit. Lives alone at present.", {"nursing_home_resident": False}),
    ("psi", "She lived in a nursing home for 3 years before moving in with her daughter.", {"nursing_home_resident": False}),
    ("psi", "Used to live in a care home; currently lives with his wife.", {"nursing_home_resident": False}),
    ("psi", "Moved into a care home 3 months ago after a fall.", {"nursing_home_resident": True}),
    ("psi", "Has been in a residential home since his stroke.", {"nursing_home_resident": True}),
    ("psi", "Lives at home. Daughter works in a nursing home.", {"nursing_home_resident": False}),
    # --- PSI neoplastic ---
    ("psi", "PMH: adenocarcinoma of the lung diagnosed 4 months ago, on carboplatin.", {"neoplastic_disease": True}),
    ("psi", "Background: CA prostate on androgen deprivation therapy.", {"neoplastic_disease": True}),
    ("psi", "Past history of breast cancer treated with mastectomy in 2005, in remission since.", {"neoplastic_disease": False}),
    ("psi", "Background: basal cell carcinoma of the nose excised 2 months ago.", {"neoplastic_disease": False}),
    ("psi", "Family history: mother had colon cancer. No personal history of malignancy.", {"neoplastic_disease": False}),
    ("psi", "Colonoscopy 2 months ago: tubular adenoma removed, benign.", {"neoplastic_disease": False}),
    ("psi", "CT chest: 3 cm right upper lobe mass, biopsy-proven malignant; oncology referral made.", {"neoplastic_disease": True}),
    ("psi", "Hx: squamous cell carcinoma of the lung, diagnosed last month, awaiting radiotherapy.", {"neoplastic_disease": True}),
    ("psi", "Known multiple myeloma on lenalidomide.", {"neoplastic_disease": True}),
    ("psi", "Colorectal cancer resected 8 months ago, no adjuvant therapy, surveillance CT clear.", {"neoplastic_disease": True}),
    ("psi", "Melanoma excised 15 years ago, no recurrence.", {"neoplastic_disease": False}),
    # --- PSI other comorbidities ---
    ("psi", "PMH: alcohol-related cirrhosis (Child-Pugh B), CCF with EF 30%, previous stroke 2018, CKD 3b.",
     {"liver_disease": True, "chf": True, "cerebrovascular_disease": True, "renal_disease": True}),
    ("psi", "No history of heart failure, liver disease, stroke or kidney disease.",
     {"chf": False, "liver_disease": False, "cerebrovascular_disease": False}),
    ("psi", "Background: HFrEF (EF 25%), hepatitis C, TIA 2020, on haemodialysis MWF.",
     {"chf": True, "liver_disease": True, "cerebrovascular_disease": True, "renal_disease": True}),
    # --- Caprini ---
    ("caprini_vte", "62F listed for resection of rectal adenocarcinoma.", {"malignancy": True}),
    ("caprini_vte", "58M, pre-op assessment for Whipple for pancreatic head carcinoma.", {"malignancy": True}),
    ("caprini_vte", "Pre-op: 70M, Ca colon, for right hemicolectomy.", {"malignancy": True}),
    ("caprini_vte", "History of breast cancer 20 years ago, treated with lumpectomy.", {"malignancy": True}),
    ("caprini_vte", "Excision of a lipoma of the back under local anaesthetic.", {"malignancy": False}),
    ("caprini_vte", "Pre-op clinic: for removal of benign colonic polyp. No history of cancer.", {"malignancy": False}),
    ("caprini_vte", "Father died of lung cancer. Patient has no malignancy.", {"malignancy": False}),
    ("caprini_vte", "Soft tissue sarcoma of the thigh, for wide local excision.", {"malignancy": True}),
    ("caprini_vte", "PMH: Crohn's disease on azathioprine; COPD on inhalers.", {"inflammatory_bowel_disease": True, "copd": True}),
    ("caprini_vte", "PMH: ulcerative colitis, in remission. Non-smoker, no lung disease.", {"inflammatory_bowel_disease": True}),
    ("caprini_vte", "Admitted 10 days ago with NSTEMI, now for surgery.", {"acute_mi": True}),
    ("caprini_vte", "Myocardial infarction in 2009, stented.", {"acute_mi": False}),
    ("caprini_vte", "Heart failure exacerbation 2 weeks ago, treated with IV furosemide.", {"chf_last_month": True}),
    ("caprini_vte", "Pituitary adenoma resection planned.", {"malignancy": False}),
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
    # --- more residence, cancer and comorbidity wording ---
    ("psi", "Past medical history: dementia, hypertension, lives in a care home.", {"nursing_home_resident": True}),
    ("psi", "Medically fit; to be discharged back to her nursing home tomorrow.", {"nursing_home_resident": True}),
    ("psi", "She was a resident of a care home in 2015-2017 and now lives independently.", {"nursing_home_resident": False}),
    ("psi", "Needs nursing home placement.", {"nursing_home_resident": False}),
    ("psi", "Was admitted to a nursing home 2 years ago.", {"nursing_home_resident": True}),
    ("psi", "PMH: breast cancer 2 years ago, completed chemotherapy 18 months ago.", {"neoplastic_disease": False}),
    ("psi", "Lung adenocarcinoma diagnosed in March, for review by oncology.", {"neoplastic_disease": True}),
    ("caprini_vte", "Booked for left mastectomy for invasive ductal carcinoma.", {"malignancy": True}),
    ("caprini_vte", "Listed for excision of suspected melanoma.", {"malignancy": False}),
    ("caprini_vte", "Scheduled for biopsy to rule out carcinoma of the tongue.", {"malignancy": False}),
    ("caprini_vte", "Colon polyps (adenomatous) removed 2019; no malignancy.", {"malignancy": False}),
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

# the calculator default an unread input takes
_DEFAULT = {"solid_tumor": "none", "liver_disease": "none"}


@pytest.mark.parametrize("calc_id,note,expected", CASES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(CASES)])
def test_comorbidity_and_residence(calc_id, note, expected):
    args = args_of(calc_id, note)
    for name, want in expected.items():
        got = args.get(name)
        if got is None:
            got = _DEFAULT.get(name, False)
        assert got == want, f"{name}: {args.get(name)!r} != {want!r} in {note!r}"
