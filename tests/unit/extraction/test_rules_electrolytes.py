"""Rules of the electrolytes family (tools/extraction/rules/electrolytes.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules_checks import check_value_in_unusual_layout, check_value_selection_across_time

CASES = [
    ('sodium_correction_hyperglycemia', 'glucose', 640,
     'Glucose 640 mg/dL, sodium 128 mEq/L on arrival. Repeat after insulin: glucose 310 mg/dL, sodium 134 mEq/L.'),
    ('sodium_correction_hyperglycemia', 'sodium', 128,
     'Glucose 640 mg/dL, sodium 128 mEq/L on arrival. Repeat after insulin: glucose 310 mg/dL, sodium 134 mEq/L.'),
    ('anion_gap', 'bicarbonate', 8,
     'Na 134, Cl 98, HCO3 8 on admission. After 6 h of insulin drip: Na 138, Cl 104, HCO3 16.'),
    ('calcium_correction', 'albumin', 2.1,
     'Calcium 7.8 mg/dL, albumin 2.1 g/dL. Albumin had been 3.8 g/dL a year earlier.'),
    ('calcium_correction', 'albumin', 2.3,
     'Albumin 3.8 g/dL (2019). Calcium 7.6 mg/dL and albumin 2.3 g/dL today.'),
]


@pytest.mark.parametrize("calc, field, expected, note", CASES)
def test_value_selection_across_time(calc, field, expected, note):
    check_value_selection_across_time(calc, field, expected, note)


CASES_2 = [
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
    ('calcium_correction', {'calcium': 8.4168, 'albumin': 2.5}, 'Calcium 2,10 mmol/L; Alb 25 g/L'),
    ('sodium_correction_hyperglycemia', {'sodium': 128.0, 'glucose': 599.9328}, 'Na 128 mmol/L, BSL 33,3 mmol/L'),
    ('albumin_corrected_anion_gap', {'sodium': 140.0, 'chloride': 100.0, 'bicarbonate': 20.0, 'albumin': 2.0}, 'Na 140, Cl 100, HCO3 20, albumin 2,0 g/dL'),
    ('delta_gap', {'sodium': 140.0, 'chloride': 100.0, 'bicarbonate': 10.0}, 'Na 140 / Cl 100 / HCO3 10'),
]


@pytest.mark.parametrize(("calc", "expected", "note"), CASES_2)
def test_value_in_unusual_layout(calc: str, expected: dict, note: str) -> None:
    check_value_in_unusual_layout(calc, expected, note)
