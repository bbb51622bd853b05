"""Issue 13 (l): APACHE II, SOFA and HEART inputs read from the many ways clinicians write.

Rules tested here:
- A-a gradient: a form field whose value ends the note or the line ('A-a gradient: 360') is read.
- FiO2: a fixed-performance mask named by its percentage ('PaO2 9.1 kPa on 28% Venturi mask'), not a saturation
  written before it.
- Temperature labels 'T(max)' / 'T-max' as 'Tmax'; creatinine label 'creat' in lower case as 'Creat'.
- Vasopressor doses after the infusion verb without its auxiliary ('Noradrenaline running at 0.3 µg/kg/min', '@').
- APACHE II admission type: an operation 'following' as 'after' ('admitted to ICU following elective AAA repair'), and
  gap words with an eponym's apostrophe or a hyphen ('emergency Hartmann's procedure').
- APACHE II chronic health (immunocompromise): immunosuppressant drugs (tacrolimus, ciclosporin, mycophenolate,
  azathioprine, sirolimus ...), an organ transplant, long-term / chronic / maintenance steroids by name
  ('long-term prednisolone'), steroid dependence.
- HEART ECG: an ST change denied as new ('LBBB, no new ST changes'; ConText's pseudo-trigger 'no new' keeps it affirmed)
  is no ST deviation, so the repolarization disturbance is scored.
- HEART smoking: a patient who quit less than 3 months ago counts as a smoker ('quit 6 weeks ago', 'former smoker
  (quit 2 months ago)'); years ago does not.
- HEART obesity: with no BMI and no obesity word, the BMI of the stated weight and height (> 30).
Not solved (xfail): 'Acute renal failure resolved with fluids' in a discharge summary reads as past (ConText 'resolved'),
though APACHE II scores the first-day renal failure.

Sentences written for this test in varied styles (ICU tables, triage shorthand, SBAR, nursing charts, clinic letters,
discharge summaries, form fields); none is taken from a benchmark note or from app/data/dev/. Expected values follow each
calculator's published definition and MedCalc-Bench's conventions. An admission type of None is the calculator's default
(nonoperative).
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of

CASES = [
    # --- APACHE II ------------------------------------------------------------------------------------------
    ("apache_ii", "ICU admission. Temp 39.4 C, HR 128, RR 32. Age 67.",
     {"temperature": 39.4, "heart_rate": 128, "respiratory_rate": 32, "age": 67}),
    ("apache_ii", "55-year-old woman. Na 128 mmol/L, K 5.8 mmol/L, creatinine 265 umol/L.",
     {"sodium": 128, "potassium": 5.8, "creatinine": 3.0}),
    ("apache_ii", "70 y/o male. Sodium 152 mEq/L, potassium 3.1 mEq/L, Cr 2.4 mg/dL, Hct 28%, WBC 18.2 x10^9/L.",
     {"sodium": 152, "potassium": 3.1, "creatinine": 2.4, "hematocrit": 28, "wbc": 18.2}),
    ("apache_ii", "48M. ABG on FiO2 0.6: pH 7.28, PaCO2 48 mmHg, PaO2 72 mmHg. A-a gradient 310 mmHg.",
     {"fio2": 60, "ph": 7.28, "paco2": 48, "pao2": 72, "a_a_gradient": 310}),
    ("apache_ii", "65 year old man on 40% FiO2; PaO2 58 mmHg.", {"fio2": 40, "pao2": 58}),
    ("apache_ii", "Age: 74\nTemp: 35.2 °C\nMAP: 58\nHR: 45\nRR: 8\nFiO2: 50%\nA-a gradient: 360",
     {"age": 74, "temperature": 35.2, "mean_arterial_pressure": 58, "heart_rate": 45, "respiratory_rate": 8,
      "fio2": 50, "a_a_gradient": 360}),
    ("apache_ii", "ICU chart 63F: T(max) 38.9, HR 104, RR 24, MAP 72. ABG: 7.22/62/55 on FiO2 35%.",
     {"temperature": 38.9, "ph": 7.22, "paco2": 62, "pao2": 55, "fio2": 35}),
    ("apache_ii", "54F. PaO2 9.1 kPa on 28% Venturi mask.", {"fio2": 28}),
    ("apache_ii", "Age 50. Temperature 95.4 F rectal.", {"temperature": 35.2}),
    ("apache_ii", "57 y.o. Leukocytes 0.8 x 10^3/uL, Hct 19.5 %.", {"wbc": 0.8, "hematocrit": 19.5}),
    ("apache_ii", "60M. Cr 0.5 mg/dL. Heart rate 38 bpm. Resp rate 5/min.",
     {"creatinine": 0.5, "heart_rate": 38, "respiratory_rate": 5}),
    ("apache_ii", "59M. Creatinine 2.9 mg/dL on admission, 1.4 after fluids.", {"creatinine": 2.9}),
    ("apache_ii", "58 year old with acute kidney injury, creatinine 3.1 mg/dL up from baseline 0.9.",
     {"acute_renal_failure": True, "creatinine": 3.1}),
    ("apache_ii", "58 year old. No evidence of acute kidney injury. Creatinine 1.0 mg/dL.", {"acute_renal_failure": False}),
    ("apache_ii", "75M. Serum creatinine 1.8 mg/dL on admission (baseline 1.7). CKD stage 4.",
     {"creatinine": 1.8, "chronic_renal_failure": True, "acute_renal_failure": False}),
    ("apache_ii", "66 yo with ESRD on hemodialysis three times weekly. Creatinine 7.2 mg/dL.",
     {"chronic_renal_failure": True, "chronic_health": True}),
    ("apache_ii", "73F. Glasgow Coma Scale score of 7.", {"gcs": 7}),
    ("apache_ii", "47 yo. BP 84/46 mmHg. Serum bicarbonate 14 mmol/L.",
     {"systolic_bp": 84, "diastolic_bp": 46, "bicarbonate": 14}),
    ("apache_ii", "71M with known cirrhosis (Child C) admitted with variceal bleed, no surgery.",
     {"chronic_health": True, "admission_type": None}),
    ("apache_ii", "52 yo on tacrolimus and prednisone after renal transplant, admitted with pneumonia.", {"chronic_health": True}),
    ("apache_ii", "58F, SBAR. S: hypotensive, BP 78/40. B: on long-term prednisolone for SLE.", {"chronic_health": True}),
    ("apache_ii", "80-year-old. No history of cirrhosis, heart failure, COPD or immunosuppression.", {"chronic_health": False}),
    ("apache_ii", "68M with severe COPD on home oxygen, admitted with respiratory failure.", {"chronic_health": True}),
    ("apache_ii", "60 year old admitted to ICU after emergency laparotomy for perforated bowel.",
     {"admission_type": "emergency postoperative"}),
    ("apache_ii", "59F admitted to ICU following elective abdominal aortic aneurysm repair.",
     {"admission_type": "elective postoperative"}),
    ("apache_ii", "Post-op day 0 following emergency Hartmann's procedure. Age 78.",
     {"admission_type": "emergency postoperative"}),
    ("apache_ii", "55F. Transferred to ICU from theatre after an elective Whipple's procedure.",
     {"admission_type": "elective postoperative"}),
    # --- SOFA -----------------------------------------------------------------------------------------------
    ("sofa", "Intubated on SIMV, FiO2 60%, PaO2 90 mmHg. Platelets 85 x10^9/L.",
     {"mechanical_ventilation": True, "fio2": 60, "pao2": 90, "platelets": 85}),
    ("sofa", "On CPAP 10 cmH2O with FiO2 0.5; PaO2 75 mmHg.", {"cpap": True, "fio2": 50, "pao2": 75}),
    ("sofa", "Not intubated, on nasal cannula. PaO2 68 mmHg.", {"mechanical_ventilation": False}),
    ("sofa", "Total bilirubin 52 umol/L. Plt 42 K/uL.", {"bilirubin": 3.04, "platelets": 42}),
    ("sofa", "Norepinephrine 0.15 mcg/kg/min and vasopressin 0.04 U/min, MAP 64.",
     {"norepinephrine": 0.15, "mean_arterial_pressure": 64}),
    ("sofa", "Noradrenaline running at 0.3 µg/kg/min.", {"norepinephrine": 0.3}),
    ("sofa", "Adrenaline 0.12 mcg/kg/min.", {"epinephrine": 0.12}),
    ("sofa", "Dobutamine 5 µg/kg/min started for low output.", {"dobutamine": 5}),
    ("sofa", "Weight 80 kg. Norepinephrine 8 mcg/min.", {"norepinephrine": 0.1}),
    ("sofa", "GCS 13. Creatinine 2.6 mg/dL. Urine output 350 mL in the last 24 hours.",
     {"gcs": 13, "creatinine": 2.6, "urine_output": 350}),
    ("sofa", "Nursing chart: UO 20 ml/hr x 24 h; creat 176 µmol/L.", {"urine_output": 480, "creatinine": 1.99}),
    ("sofa", "Plts 45 x 10^3/µL on admission, 30 on day 3.", {"platelets": 45}),
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


def _check(calc: str, note: str, expected: dict) -> None:
    a = args_of(calc, note)
    for key, want in expected.items():
        got = a.get(key)
        if want is None:
            assert got is None, (key, got)
        elif isinstance(want, bool):
            assert bool(got) is want, (key, got)
        elif isinstance(want, (int, float)):
            assert isinstance(got, (int, float)) and abs(float(got) - want) <= 0.02 * abs(want) + 0.01, (key, got)
        else:
            assert got == want, (key, got)


@pytest.mark.parametrize("calc, note, expected", CASES)
def test_issue13l(calc: str, note: str, expected: dict) -> None:
    _check(calc, note, expected)


@pytest.mark.xfail(reason="'resolved' makes the renal failure past (ConText); the first-day state is not told apart "
                          "from a past episode by a general rule", strict=True)
def test_resolved_acute_renal_failure_of_this_admission() -> None:
    _check("apache_ii", "Discharge summary: 70F admitted to ICU with urosepsis. Acute renal failure resolved with fluids.",
           {"acute_renal_failure": True})
