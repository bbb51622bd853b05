"""Rules of the metabolic family (tools/extraction/rules/metabolic.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules_checks import check_value_in_unusual_layout

CASES = [
    ('homa_ir', {'insulin': 12.0, 'glucose': 100.8896}, 'Fasting glucose 5.6 mmol/L, fasting insulin 12 µU/mL. Random glucose 9.0 mmol/L later.'),
    ('homa_ir', {'insulin': 12.0, 'glucose': 100.0}, 'FPG = 100 mg/dL; insulin 72 pmol/L'),
    ('homa_ir', {'insulin': 15.0, 'glucose': 109.8976}, 'Fasting insulin: 15 mIU/L (2-25). Fasting glucose: 6,1 mmol/L (3.9-5.5).'),
    ('ldl_friedewald', {'total_cholesterol': 201.058, 'hdl_cholesterol': 50.2645, 'triglycerides': 150.569}, 'Cholesterol 5,2 mmol/L, HDL 1,3 mmol/L, triglycerides 1,7 mmol/L'),
]


@pytest.mark.parametrize(("calc", "expected", "note"), CASES)
def test_value_in_unusual_layout(calc: str, expected: dict, note: str) -> None:
    check_value_in_unusual_layout(calc, expected, note)
