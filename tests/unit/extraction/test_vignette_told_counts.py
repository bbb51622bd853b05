"""A count item read from a count told with the item's noun or its verb (issue 28 item 1), on items and sentences
written for these tests: the verb with times, a number before the noun, an ordinal, a denial, a synonym noun, and
counts with no number."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.told_counts import item_noun, told_counts
from tests.unit.extraction._vignette import one

ADMITS = Choice("adm", "Number of hospital admissions in the past 2 years", opts(("0-1", 0), ("2-4", 1), (">4", 2)))


def counts(text, noun="admission"):
    return [x for x, _ in told_counts(noun, text)]


def test_the_items_noun():
    assert item_noun(ADMITS.question) == "admission"
    assert item_noun("Number of hospitalizations, prior year") == "hospitalization"
    assert item_noun("Age") is None


def test_the_verb_with_times():
    assert counts("She was readmitted to the hospital four times since 2024.") == [4]
    assert counts("He was hospitalised twice for pneumonia.") == [2]


def test_a_number_before_the_noun_and_a_denial():
    assert counts("He has had two prior hospitalizations.") == [2]
    assert counts("There were no previous admissions.") == [0]


def test_an_ordinal():
    assert counts("This is her fourth admission this winter.") == [4]


def test_no_number_is_no_count():
    assert counts("He has a history of multiple hospitalizations and frequent admissions.") == []
    assert counts("She was admitted urgently three days ago.") == []  # days, not times


def test_the_item_is_placed_in_its_band():
    r = one(ADMITS, "A 70-year-old woman has been hospitalized five times for heart failure exacerbations.")
    assert (r.value, r.status) == (">4", "read")
    r = one(ADMITS, "This is his second admission; the first was for cellulitis.")
    assert r.value == "2-4"


def test_counts_that_disagree_settle_nothing():
    r = one(ADMITS, "She was admitted twice in 2024 and this is her sixth admission overall.")
    assert r.status != "read"
