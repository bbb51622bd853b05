"""A side of normal ('above normal', 'below the normal range', 'higher than normal') is no 'normal' (issue 28),
on sentences written for these tests."""

from __future__ import annotations

from medmirror.tools.calculators.points import yes_no
from medmirror.tools.extraction.vignette import read_items

LOW_HB = yes_no("hgb", "Hemoglobin < lower limit of normal", default=None)
HIGH_LDH = yes_no("ldh", "LDH >1.5x upper limit of normal", default=None)


def one(item, text):
    return read_items((item,), text).items[item.name]


def test_below_the_normal_range_affirms_a_low_finding():
    assert one(LOW_HB, "Her labs show hemoglobin below the normal range and a raised calcium.").value == "Yes"
    assert one(LOW_HB, "His hemoglobin is lower than normal.").value == "Yes"


def test_above_normal_nearby_does_not_deny_an_elevated_finding():
    assert one(HIGH_LDH, "Labs show elevated LDH, with serum calcium above normal.").value == "Yes"


def test_plain_normal_still_denies_the_finding():  # near misses: 'normal' and 'within normal limits' still deny
    assert one(LOW_HB, "Labs: normal hemoglobin, raised calcium.").value == "No"
    assert one(LOW_HB, "Her hemoglobin is within normal limits.").value == "No"
    assert one(HIGH_LDH, "His LDH is normal.").value == "No"
