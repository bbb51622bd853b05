"""Issue 13 (v): lab and vital values in unusual layouts (electrolytes, renal, glucose/insulin, QTc, liver, lipids).

Rules added (tools/extraction/measurements.py), with the layouts that already held:
- A slash list of three or more labels and as many numbers ('Na/K/Cl/HCO3 134/4.1/101/22', 'Na/BUN/Glu 150/40/200'):
  each label reads its own number in order; a count mismatch reads nothing (the 'BUN/Cr 40/2.1' pair rule generalised).
- The abbreviation dot of a short label (at most five characters) before its value ('Creat. = 1.8 mg/dl', 'Cr. 2.3') is
  not a sentence end.
- Held already: flags '(H)', '*', '↑'; reference ranges in brackets; values after '=' or '~'; decimal commas before a
  unit; thousands separators; pipe tables; ECG rate over the vitals' HR for QTc; fasting glucose over random glucose;
  'now' over 'baseline'; SI units converted (µmol/L, mmol/L, g/L, pmol/L).

Sentences written for this test (ICU lab lines, ED shorthand, clinic letters); none is taken from a benchmark note or
from app/data/dev/. Expected values in the extractor's canonical units (mg/dL, g/dL, mEq/L, µIU/mL, ms, bpm).
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of

CASES = [
    ('anion_gap', {'sodium': 134.0, 'chloride': 101.0, 'bicarbonate': 22.0}, 'Na/K/Cl/HCO3 134/4.1/101/22'),
    ('anion_gap', {'sodium': 141.0, 'chloride': 99.0, 'bicarbonate': 17.0}, 'Labs: Na / K / Cl / HCO3: 141 / 3.8 / 99 / 17 mmol/L'),
    ('serum_osmolality', {'sodium': 150.0, 'bun': 40.0, 'glucose': 200.0}, 'Na/BUN/Glu 150/40/200'),
    ('anion_gap', {'sodium': 138.0, 'chloride': 100.0, 'bicarbonate': 18.0}, 'BMP: Na 138 (H) K 4.0 Cl 100* HCO3 18 ↓'),
    ('anion_gap', {'sodium': 131.0, 'chloride': 95.0, 'bicarbonate': 15.0}, 'Labs (values in brackets are reference ranges): Na 131 (135-145), Cl 95 (98-107), total CO2 15 (22-29).'),
    ('anion_gap', {'sodium': 140.0, 'chloride': 104.0, 'bicarbonate': 12.0}, 'Sodium = 140 mmol/L, chloride = 104 mmol/L, bicarbonate ~ 12 mmol/L.'),
    ('anion_gap', {'sodium': 141.0, 'chloride': 102.0, 'bicarbonate': 19.0}, 'Na+ 141, Cl- 102, HCO3- 19'),
    ('anion_gap', {'sodium': 135.0, 'chloride': 98.0, 'bicarbonate': 20.0}, 'Chem: Na 135 | K 3.9 | Cl 98 | CO2 20 | BUN 22 | Cr 1,2 | Glu 110'),
    ('anion_gap', {'sodium': 136.0, 'chloride': 100.0, 'bicarbonate': 16.0}, 'Na | K | Cl | HCO3\n136 | 4.5 | 100 | 16'),
    ('serum_osmolality', {'sodium': 140.0, 'bun': 28.0, 'glucose': 97.2864}, 'Na 140, BUN 28, glucose 5,4 mmol/L'),
    ('serum_osmolality', {'sodium': 132.0, 'bun': 28.014, 'glucose': 1250.0}, 'Na 132 mmol/L, urea 10.0 mmol/L, glucose 1,250 mg/dL'),
    ('homa_ir', {'insulin': 12.0, 'glucose': 100.8896}, 'Fasting glucose 5.6 mmol/L, fasting insulin 12 µU/mL. Random glucose 9.0 mmol/L later.'),
    ('homa_ir', {'insulin': 12.0, 'glucose': 100.0}, 'FPG = 100 mg/dL; insulin 72 pmol/L'),
    ('homa_ir', {'insulin': 15.0, 'glucose': 109.8976}, 'Fasting insulin: 15 mIU/L (2-25). Fasting glucose: 6,1 mmol/L (3.9-5.5).'),
    ('qtc_bazett', {'heart_rate': 60.0, 'qt_interval': 400.0}, 'ECG: sinus rhythm, rate 60 bpm, QT 400 ms. Vitals: HR 88, BP 120/80.'),
    ('qtc_bazett', {'heart_rate': 75.0, 'qt_interval': 420.0}, 'Vitals HR 110. ECG: HR 75, QT interval 420 msec'),
    ('qtc_fridericia', {'heart_rate': 80.0, 'qt_interval': 380.0}, 'EKG - ventricular rate 80, QT/QTc 380/440 ms'),
    ('mean_arterial_pressure', {'systolic_bp': 90.0, 'diastolic_bp': 60.0}, 'Triage: BP 90/60 (L), HR 120*'),
    ('ckd_epi_2021', {'creatinine': 1.4}, '55 yo woman. Creatinine 1,4 mg/dL.'),
    ('ckd_epi_2021', {'creatinine': 1.493184}, '60M. Cr 132 µmol/L (H) [60-110]'),
    ('ckd_epi_2021', {'creatinine': 1.8}, '60M. Creat. = 1.8 mg/dl'),
    ('ckd_epi_2021', {'creatinine': 2.3}, '71F. Cr. 2.3 mg/dL'),
    ('mdrd_gfr', {'creatinine': 2.1, 'black_race': True}, '70 yo black male. SCr: 2.1 ↑'),
    ('creatinine_clearance', {'weight': 80.0, 'creatinine': 1.5}, '68 yo man, weight 80 kg, creatinine 1.5 mg/dL (baseline 1.0)'),
    ('fena', {'sodium': 138.0, 'creatinine': 1.990912, 'urine_sodium': 35.0, 'urine_creatinine': 99.5456}, 'Urine: Na 35 mmol/L, creatinine 8800 µmol/L. Plasma: Na 138 mmol/L, creatinine 176 µmol/L.'),
    ('fib4', {'ast': 1234.0, 'alt': 980.0, 'platelets': 150.0}, '52 yo. AST 1,234 U/L, ALT 980 U/L, Plt 150 x10^9/L'),
    ('fib4', {'ast': 80.0, 'alt': 60.0, 'platelets': 120.0}, '52 yo. AST/ALT 80/60, platelets 120K'),
    ('child_pugh', {'bilirubin': 2.5, 'albumin': 2.8, 'inr': 1.9, 'ascites': 'slight', 'encephalopathy': 'none'}, 'Albumin 2.8 g/dL, bilirubin 2.5 mg/dL, INR 1.9. Ascites: mild. Encephalopathy: none.'),
    ('child_pugh', {'bilirubin': 4.1, 'albumin': 2.6, 'inr': 2.1}, 'Baseline albumin 3.8; now albumin 2.6 g/dL. Total bilirubin 4.1 mg/dL (H). INR 2.1*'),
    ('ldl_friedewald', {'total_cholesterol': 201.058, 'hdl_cholesterol': 50.2645, 'triglycerides': 150.569}, 'Cholesterol 5,2 mmol/L, HDL 1,3 mmol/L, triglycerides 1,7 mmol/L'),
    ('calcium_correction', {'calcium': 8.4168, 'albumin': 2.5}, 'Calcium 2,10 mmol/L; Alb 25 g/L'),
    ('sodium_correction_hyperglycemia', {'sodium': 128.0, 'glucose': 599.9328}, 'Na 128 mmol/L, BSL 33,3 mmol/L'),
    ('albumin_corrected_anion_gap', {'sodium': 140.0, 'chloride': 100.0, 'bicarbonate': 20.0, 'albumin': 2.0}, 'Na 140, Cl 100, HCO3 20, albumin 2,0 g/dL'),
    ('delta_gap', {'sodium': 140.0, 'chloride': 100.0, 'bicarbonate': 10.0}, 'Na 140 / Cl 100 / HCO3 10'),
]


@pytest.mark.parametrize(("calc", "expected", "note"), CASES)
def test_issue13v_layout(calc: str, expected: dict, note: str) -> None:
    got = args_of(calc, note)
    for arg, want in expected.items():
        if isinstance(want, (str, bool)):
            assert got.get(arg) == want, (note, arg, got)
        else:
            assert got.get(arg) is not None and got[arg] == pytest.approx(want, abs=1e-3), (note, arg, got)
