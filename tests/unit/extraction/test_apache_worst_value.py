"""APACHE II scores the worst value of the first 24 hours (Knaus 1985). Most physiology items are U-shaped, so "worst"
is the reading with the most points, not the highest or the lowest. Sentences written for this test (ICU tables, SBAR,
flow-sheet lines); none is taken from a benchmark note or from app/data/dev/."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators.critical_care import apache_points
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.rules.critical_care import worst_by_points
from tests.unit.extraction._rules import args_of


@pytest.mark.parametrize("note, name, expected", [
    # a fever of 38.2 scores 0, a low of 34.9 scores 1: the low one is worse
    ("ICU admission. T 38.2 C on arrival, T 34.9 C overnight.", "temperature", 34.9),
    ("Na 128 mmol/L on arrival; Na 134 mmol/L at 18:00.", "sodium", 128.0),  # 2 points vs 0
    ("WBC 14 x10^9/L; repeat WBC 22 x10^9/L the same evening.", "wbc", 22.0),  # 0 vs 2
    ("pH 7.31 at 06:00, pH 7.52 at 14:00 after bicarbonate.", "ph", 7.31),  # 2 vs 1
    ("Hct 0.38 on admission; Hct 0.29 after fluids.", "hematocrit", 29.0),  # a fraction read as %: 0 vs 2
    ("HR 118 in ED, HR 62 on the unit.", "heart_rate", 118.0),  # 2 points each: the first reading stays
    ("K 3.1 mmol/L, repeat K 5.8 mmol/L.", "potassium", 3.1),  # 1 point each
])
def test_apache_takes_the_first_day_reading_with_the_most_points(note: str, name: str, expected: float) -> None:
    assert args_of("apache_ii", note)[name] == pytest.approx(expected)


@pytest.mark.parametrize("note, name, expected", [
    ("Temperature 39.5 C. Day 3: temperature 36.8 C.", "temperature", 39.5),  # a later day is not first-day
    ("Creatinine 2.4 mg/dL (baseline 1.0 mg/dL).", "creatinine", 2.4),  # a baseline is not a first-day value
    ("Sodium 131 mmol/L.", "sodium", 131.0),  # one reading: that reading
    ("GCS 13 in ED; GCS 8 after sedation was held an hour later.", "gcs", 8.0),  # GCS: the lowest
])
def test_apache_worst_value_leaves_out_later_days_and_baselines(note: str, name: str, expected: float) -> None:
    assert args_of("apache_ii", note)[name] == pytest.approx(expected)


def test_worst_by_points_names_each_reading_and_its_points() -> None:
    rule = worst_by_points("sodium", lambda v: apache_points("sodium", v))
    hit = rule(NoteContext("Na 128 mmol/L on arrival; Na 134 mmol/L at 18:00."))
    assert hit.value == 128.0 and "128 (2 pt)" in hit.note and "134 (0 pt)" in hit.note


def test_apache_points_follow_the_published_bands() -> None:
    # Knaus 1985, worked by hand: 38.5-38.9 C = 1, 39-40.9 = 3, >= 41 = 4, 34-35.9 = 1, < 30 = 4
    assert [apache_points("temperature", t) for t in (37.0, 38.6, 39.0, 41.0, 35.0, 29.9)] == [0, 1, 3, 4, 1, 4]
    # sodium 111-119 = 3, 120-129 = 2, 150-154 = 1, >= 180 = 4; creatinine < 0.6 = 2, 1.5-1.9 = 2, >= 3.5 = 4
    assert [apache_points("sodium", n) for n in (115, 125, 140, 152, 180)] == [3, 2, 0, 1, 4]
    assert [apache_points("creatinine", c) for c in (0.5, 1.0, 1.7, 3.5)] == [2, 0, 2, 4]
