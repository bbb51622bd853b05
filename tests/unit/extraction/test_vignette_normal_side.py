"""A side of normal ('above normal', 'below the normal range', 'higher than normal') is no 'normal' (issue 28),
on sentences written for these tests."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts, yes_no
from tests.unit.extraction._vignette import one

LOW_HB = yes_no("hgb", "Hemoglobin < lower limit of normal", default=None)
HIGH_LDH = yes_no("ldh", "LDH >1.5x upper limit of normal", default=None)



def test_below_the_normal_range_affirms_a_low_finding():
    assert one(LOW_HB, "Her labs show hemoglobin below the normal range and a raised calcium.").value == "Yes"
    assert one(LOW_HB, "His hemoglobin is lower than normal.").value == "Yes"


def test_above_normal_nearby_does_not_deny_an_elevated_finding():
    assert one(HIGH_LDH, "Labs show elevated LDH, with serum calcium above normal.").value == "Yes"


def test_plain_normal_still_denies_the_finding():  # near misses: 'normal' and 'within normal limits' still deny
    assert one(LOW_HB, "Labs: normal hemoglobin, raised calcium.").value == "No"
    assert one(LOW_HB, "Her hemoglobin is within normal limits.").value == "No"
    assert one(HIGH_LDH, "His LDH is normal.").value == "No"


def test_a_cut_offs_limit_of_normal_does_not_name_the_item():
    # 'normal' of another lab in the sentence is not this item's name: the LDH clause decides
    assert one(HIGH_LDH, "His LDH level is elevated, and his hemoglobin is within normal range.").value == "Yes"
    assert one(LOW_HB, "Her hemoglobin is low, while her creatinine is normal.").value == "Yes"
    # near miss: the item's own sentence calling it normal still denies it
    assert one(HIGH_LDH, "His LDH is within normal limits and his calcium is raised.").value == "No"


def test_a_ratio_to_the_limit_of_normal_is_still_named_by_it():
    ratio = Choice("trop", "Ratio of initial troponin to upper limit of normal", opts(("<12", 0), (">=12", 2)))
    assert one(ratio, "Troponin was 15 times the upper limit of normal.").value == ">=12"
