"""Time bands written across units and a duration told as an interval (issue 28 item 1), on items and sentences
written for these tests."""

from __future__ import annotations

import math

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.time_bands import time_band, time_bands
from tests.unit.extraction._vignette import one

DIALYSIS = Choice("dial", "Dialysis before transplant listing",
                  opts(("<36 hours", 0), ("36 hours to 10 days", 1), (">10 days", 2)))
SURGERY = Choice("dur", "Duration of surgery", opts(("<2 hrs", 0), ("2-3 hrs", 1), (">3 hrs", 2)))


def test_labels_in_two_units():
    assert (time_band("36 hours to 10 days").low, time_band("36 hours to 10 days").high) == (36, 240)
    assert time_band(">10 days").high == math.inf
    assert time_bands([o.label for o in DIALYSIS.options]) is not None
    assert time_bands(["<2 hrs", "2-3 hrs", ">3 hrs"]) is None  # one unit: choice_labels.bands reads it
    assert time_bands(["<36 hours", "Unknown"]) is None


def test_a_duration_in_another_unit_is_placed():
    r = one(DIALYSIS, "She received dialysis for 4 days before being listed for transplant.")
    assert (r.value, r.status) == ("36 hours to 10 days", "read")
    r = one(DIALYSIS, "He was on dialysis for 20 hours before listing.")
    assert r.value == "<36 hours"


def test_a_duration_told_as_an_interval():
    r = one(DIALYSIS, "He has been on dialysis for over 10 days before listing.")
    assert r.value == ">10 days"
    r = one(SURGERY, "The dialysis catheter was placed during surgery lasting more than 3 hours.")
    assert r.value == ">3 hrs"
    r = one(SURGERY, "The operation is expected to take less than 3 hours of surgery.")
    assert r.status != "read"  # '<3 hours' spans two bands
