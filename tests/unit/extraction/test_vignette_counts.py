"""Counts written as a word glued to the counted noun ('a triple-lumen catheter' for 'Number of catheter lumens') and
graded items whose concept the text affirms not assumed absent (issue 28); sentences written for the tests."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from tests.unit.extraction._vignette import one

LUMENS = Choice("lumens", "Number of catheter lumens", opts(("1", 0), ("2", 1), ("3-4", 2)))
PRIOR_PE = Choice("pe", "History of pulmonary embolism", opts(("Never", 0), ("Yes, over a year ago", 1),
                                                               ("Yes, in the past year", 2)))



def test_a_count_glued_to_the_counted_noun():
    assert one(LUMENS, "A single-lumen catheter was placed in the left arm.").value == "1"
    assert one(LUMENS, "She has a double-lumen line.").value == "2"
    assert one(LUMENS, "A triple-lumen catheter is planned.").value == "3-4"
    assert one(LUMENS, "He has a 2-lumen catheter.").value == "2"


def test_no_count_of_that_noun_settles_nothing():
    assert one(LUMENS, "A catheter was placed in the left arm.").status != "read"
    assert one(LUMENS, "A single catheter with two ports was placed; the double-bore needle was removed.").value is None


def test_an_affirmed_concept_is_not_assumed_absent():
    r = one(PRIOR_PE, "She takes apixaban for a pulmonary embolism.")
    assert (r.value, r.status) == (None, "missing")  # not 'Never': when it was is not in the options' words
    r = one(PRIOR_PE, "She presents with cough and fever.")
    assert (r.value, r.status) == ("Never", "assumed")
    assert one(PRIOR_PE, "She has never had a pulmonary embolism.").value != "Yes, in the past year"


WAKING = Choice("wake", "How often does the child wake at night?", opts(("None", 0), ("1 time", 1), ("2 times", 2),
                                                                       (">=3 times", 3)))


def test_times_written_in_words_are_counts():
    assert one(WAKING, "Overnight she wakes twice, crying.").value == "2 times"
    assert one(WAKING, "Her mother says she woke up once last night.").value == "1 time"
    assert one(WAKING, "She stirs four times most nights.").value == ">=3 times"


def test_a_count_of_times_that_is_not_one_value_settles_nothing():
    r = one(WAKING, "She wakes more than once, sometimes twice.")
    assert r.status != "read"  # two counts in the text
    assert one(WAKING, "The sometimes restless child naps at noon.").status != "read"
