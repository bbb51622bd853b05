"""Issue 13 (k): Wells PE, RCRI and Caprini 2005 inputs read from the many ways clinicians write.

Rules tested here:
- RCRI ischaemic heart disease from tests: a positive exercise / stress / perfusion test written either way round
  ('treadmill test positive for inducible ischaemia', 'Myoview: reversible perfusion defect', 'inducible ischaemia'),
  with no denial in the gap ('DSE: no inducible ischaemia' stays negated); pathological Q waves named or placed in
  leads ('Q waves in II, III, aVF').
- RCRI insulin: insulin analogues and brands by their own names (glargine, detemir, degludec, lispro, glulisine,
  NovoRapid, Humulin, Toujeo, Actrapid, Mixtard ...) in drugs.json.
- Caprini surgery type: a major procedure done through the laparoscope or robot ('laparoscopic sigmoid colectomy',
  'robotic hemicolectomy') is the laparoscopic item, not the major one; 'lap chole', 'lap appy' are laparoscopic.
- Caprini '(< 1 month)' items (CHF, sepsis, pneumonia, stroke, acute MI): a current mention, or a mention ConText reads
  as past ('Hx of pneumonia 3 weeks ago', 'PMH: stroke 10 days ago') whose sentence dates it within four weeks;
  '3 months ago' stays past.
- Caprini pregnancy or postpartum: also a delivery (vaginal, caesarean, C-section, LSCS, 'gave birth') dated within the
  last four weeks.

Sentences written for this test in varied styles (triage shorthand, SBAR, clinic letters, form fields, pre-op
assessments); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's
published definition (Wells 2000, Lee 1999, Caprini 2005) and MedCalc-Bench's conventions; an input the note does not
give is read as absent (False).
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of

W, R, C = "wells_pe", "rcri", "caprini_vte"

CASES = [
 # Wells PE
 (W, "ED triage: 54F SOB, pleuritic CP. HR 118. L leg swollen and tender along deep veins.", {"dvt_signs": True, "heart_rate": 118}),
 (W, "Legs: no calf tenderness, no swelling bilaterally. HR 88.", {"dvt_signs": False, "heart_rate": 88}),
 (W, "Impression: PE most likely; pneumonia considered less likely.", {"pe_most_likely": True}),
 (W, "Assessment: community-acquired pneumonia more likely than PE.", {"pe_most_likely": False}),
 (W, "Pulse 96 bpm on arrival, 84 after fluids.", {"heart_rate": 96}),
 (W, "S: dyspnoea. B: bedbound x 5 days after fall. A: tachycardic 104.", {"immobilization": True, "heart_rate": 104}),
 (W, "Underwent laparoscopic cholecystectomy 2 weeks ago. Now sudden dyspnoea.", {"recent_surgery": True}),
 (W, "PMH: PE 2015 treated with warfarin for 6 months.", {"previous_pe": True}),
 (W, "Hx: provoked DVT of the right leg in 2018.", {"previous_dvt": True}),
 (W, "No prior VTE. Denies haemoptysis.", {"previous_pe": False, "previous_dvt": False, "hemoptysis": False}),
 (W, "Coughing up blood-streaked sputum since yesterday.", {"hemoptysis": True}),
 (W, "Metastatic pancreatic adenocarcinoma on palliative chemotherapy.", {"malignancy": True}),
 (W, "Breast cancer treated 12 years ago, in remission, no current treatment.", {"malignancy": False}),
 (W, "Known lung ca, currently receiving carboplatin.", {"malignancy": True}),
 (W, "Had a total hip replacement 3 weeks ago.", {"recent_surgery": True}),
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
 # Caprini
 (C, "Procedure: laparoscopic sigmoid colectomy, expected duration 3 h.", {"surgery_type": "laparoscopic >45 min"}),
 (C, "Listed for arthroscopic knee meniscectomy.", {"surgery_type": "arthroscopic"}),
 (C, "Mobility: bedbound for the last week.", {"mobility": "confined to bed >72 hours"}),
 (C, "Mobility: independent, walks without aid.", {"mobility": "normal/ambulatory"}),
 (C, "Hx of pneumonia 3 weeks ago, treated with amoxicillin.", {"pneumonia_last_month": True}),
 (C, "Positive lupus anticoagulant on thrombophilia screen.", {"lupus_anticoagulant": True}),
 (C, "On HRT (estradiol patch) for menopausal symptoms.", {"oral_contraceptives_or_hrt": True}),
 (C, "G2P1, currently 28 weeks pregnant.", {"pregnancy_or_postpartum": True}),
 (C, "Delivered by C-section 2 weeks ago.", {"pregnancy_or_postpartum": True}),
 (C, "History of three miscarriages.", {"pregnancy_loss_history": True}),
 (C, "Ulcerative colitis, in remission on mesalazine.", {"inflammatory_bowel_disease": True}),
 # guards for the rules added here: denials, dates older than a month, an open operation after a failed laparoscopy
 (R, "Dobutamine stress echo: no inducible ischaemia. Stress test negative last year.", {"ischemic_heart_disease": False}),
 (R, "Myoview 2022: reversible perfusion defect in the LAD territory.", {"ischemic_heart_disease": True}),
 (C, "Pneumonia 3 months ago, resolved.", {"pneumonia_last_month": False}),
 (C, "PMH: stroke 10 days ago with residual L arm weakness.", {"stroke_last_month": True}),
 (C, "Delivered her first child 6 years ago.", {"pregnancy_or_postpartum": False}),
 (C, "Underwent lap chole today.", {"surgery_type": "laparoscopic >45 min"}),
 (C, "Open sigmoid colectomy after a failed laparoscopic attempt.", {"surgery_type": "major >45 min"}),
]


@pytest.mark.parametrize("calc,note,expected", CASES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(CASES)])
def test_reads_input(calc: str, note: str, expected: dict) -> None:
    args = args_of(calc, note)
    for key, want in expected.items():
        got = args.get(key)
        if isinstance(want, bool):
            assert bool(got) is want, (key, got)
        elif isinstance(want, (int, float)):
            assert got is not None and abs(float(got) - want) <= 0.06 * max(1.0, abs(want)), (key, got)
        else:
            assert got == want, (key, got)
