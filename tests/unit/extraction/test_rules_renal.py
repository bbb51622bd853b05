"""Rules of the renal family (tools/extraction/rules/renal.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules_checks import check_value_in_unusual_layout, check_value_selection_across_time

CASES = [
    ('ckd_epi_2021', 'creatinine', 2.3,
     '72 yo man. Baseline creatinine 1.0 mg/dL. Creatinine today 2.3 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 1.9,
     '72 yo man, creatinine this AM 1.9 mg/dL (baseline creatinine 1.0).'),
    ('ckd_epi_2021', 'creatinine', 2.6,
     '68 year old woman. Creatinine 1.4 mg/dL 3 years ago. Now creatinine 2.6 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 1.8,
     'Labs from last year: creatinine 0.9 mg/dL. Labs this admission: creatinine 1.8 mg/dL. 60 yo F.'),
    ('ckd_epi_2021', 'creatinine', 1.8,
     '60 yo F. Creatinine 0.9 mg/dL at her last clinic visit, 1.8 mg/dL this morning.'),
    ('ckd_epi_2021', 'creatinine', 2.4,
     '55 yo male. Cr 1.1 (2022) -> 2.4 mg/dL today.'),
    ('ckd_epi_2021', 'creatinine', 2.0,
     '70 yo woman. Creatinine was 1.0 mg/dL at that time. Creatinine now 2.0 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 1.9,
     '66 yo woman. Creatinine 1.9 mg/dL; repeat creatinine after IV fluids 1.3 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 1.9,
     '66 yo woman. After IV fluids creatinine 1.3 mg/dL. Creatinine on admission 1.9 mg/dL.'),
    ('ckd_epi_2021', 'creatinine', 2.3,
     '70 yo man. Creatinine 2.3 mg/dL at the time of admission. Creatinine 1.1 mg/dL before discharge.'),
    # a table with one quantity per row (times as columns) is no column table: the label reads its row's first value
    ('ckd_epi_2021', 'creatinine', 2.1,
     '64 yo man.\nTest | 08:00 | 14:00\nCreatinine (mg/dL) | 2.1 | 1.8\nPotassium | 5.9 | 5.1\n'),
]


@pytest.mark.parametrize("calc, field, expected, note", CASES)
def test_value_selection_across_time(calc, field, expected, note):
    check_value_selection_across_time(calc, field, expected, note)


CASES_2 = [
    ('ckd_epi_2021', {'creatinine': 1.4}, '55 yo woman. Creatinine 1,4 mg/dL.'),
    ('ckd_epi_2021', {'creatinine': 1.493184}, '60M. Cr 132 µmol/L (H) [60-110]'),
    ('ckd_epi_2021', {'creatinine': 1.8}, '60M. Creat. = 1.8 mg/dl'),
    ('ckd_epi_2021', {'creatinine': 2.3}, '71F. Cr. 2.3 mg/dL'),
    ('mdrd_gfr', {'creatinine': 2.1, 'black_race': True}, '70 yo black male. SCr: 2.1 ↑'),
    ('creatinine_clearance', {'weight': 80.0, 'creatinine': 1.5}, '68 yo man, weight 80 kg, creatinine 1.5 mg/dL (baseline 1.0)'),
    ('fena', {'sodium': 138.0, 'creatinine': 1.990912, 'urine_sodium': 35.0, 'urine_creatinine': 99.5456}, 'Urine: Na 35 mmol/L, creatinine 8800 µmol/L. Plasma: Na 138 mmol/L, creatinine 176 µmol/L.'),
]


@pytest.mark.parametrize(("calc", "expected", "note"), CASES_2)
def test_value_in_unusual_layout(calc: str, expected: dict, note: str) -> None:
    check_value_in_unusual_layout(calc, expected, note)
