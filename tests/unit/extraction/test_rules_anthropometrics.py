"""Rules of the anthropometrics family (tools/extraction/rules/anthropometrics.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.rules.anthropometrics import target_bmi
from tests.unit.extraction._rules import args_of, value


# --- D. a goal BMI -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("note, bmi", [
    ("Target BMI is 23.2 kg/m^2.", 23.2),
    ("Her BMI goal of 24 was discussed at length.", 24.0),
    ("We agreed to aim for a BMI of 25 kg/m2 over the next year.", 25.0),
    ("Goal set together with him today: a BMI of 26.", 26.0),
    ("Longer-term target agreed in clinic - BMI of 27 kg/m2.", 27.0),
])
def test_target_bmi_written_as_a_goal(note: str, bmi: float) -> None:
    assert value(target_bmi, note) == bmi


@pytest.mark.parametrize("note", [
    "Target: weight loss, current BMI 34.",  # the present BMI
    "Aim to lose weight, BMI now 31.",
    "Goal: weight loss, BMI 33 today.",
    "Goal: lose weight. BMI 31.",  # another sentence
    "Target weight 70 kg, BMI 31.",  # a number in between
    "Target HbA1c 48; BMI 30.",
    "Ideal body weight 60 kg. BMI 29.",
])
def test_a_present_bmi_is_not_the_target(note: str) -> None:
    assert value(target_bmi, note) is None


def test_target_weight_reads_a_goal_bmi() -> None:
    args = args_of("target_weight", "Height 172 cm. We agreed to aim for a BMI of 24 kg/m2.")
    assert args["target_bmi"] == 24.0
