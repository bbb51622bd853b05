"""Rules of the ecg hemodynamics family (tools/extraction/rules/ecg_hemodynamics.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of
from tests.unit.extraction._rules_checks import check_value_in_unusual_layout


def test_qtc_takes_the_heart_rate_of_the_qt_tracing() -> None:
    note = "Triage: HR 78, BP 130/80. Later ECG: sinus tachycardia, rate 124, QT 320 ms."
    a = args_of("qtc_bazett", note)
    assert (a["heart_rate"], a["qt_interval"]) == (124.0, 320.0)
    # no heart rate beside the QT: the note's first heart rate
    assert args_of("qtc_bazett", "Pulse 66 bpm. The QT interval measured 410 ms.")["heart_rate"] == 66.0


CASES = [
    ('qtc_bazett', {'heart_rate': 60.0, 'qt_interval': 400.0}, 'ECG: sinus rhythm, rate 60 bpm, QT 400 ms. Vitals: HR 88, BP 120/80.'),
    ('qtc_bazett', {'heart_rate': 75.0, 'qt_interval': 420.0}, 'Vitals HR 110. ECG: HR 75, QT interval 420 msec'),
    ('qtc_fridericia', {'heart_rate': 80.0, 'qt_interval': 380.0}, 'EKG - ventricular rate 80, QT/QTc 380/440 ms'),
    ('mean_arterial_pressure', {'systolic_bp': 90.0, 'diastolic_bp': 60.0}, 'Triage: BP 90/60 (L), HR 120*'),
]


@pytest.mark.parametrize(("calc", "expected", "note"), CASES)
def test_value_in_unusual_layout(calc: str, expected: dict, note: str) -> None:
    check_value_in_unusual_layout(calc, expected, note)
