"""A graded item's option word is not read from another item's clause, nor a number code from a digit group of a
larger number: on sentences written for these tests (items built here)."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.choice_labels import words
from medmirror.tools.extraction.clause_owners import Owner, anothers_clause, without_others
from medmirror.tools.extraction.vignette import read_items
from medmirror.tools.extraction.written_numbers import whole_number_stems

GRADES = (("Not present", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))
WORRY = Choice("worry", "Worry: apprehension, dread, fearful anticipation", opts(*GRADES))
SLEEP = Choice("sleep", "Sleep: trouble falling asleep, broken sleep, nightmares", opts(*GRADES))
MOOD = Choice("mood", "Behaviour", opts(("Playing", 0), ("Irritable", 1), ("Lethargic or confused", 2)))
PAIN = Choice("pain", "Pain", opts(("Mild", 0), ("Moderate", 1), ("Severe", 2)))
SCALE = (WORRY, SLEEP)
ECOG = Choice("ecog", "Performance status", opts(("0 (asymptomatic)", 0), ("1 (symptomatic but ambulatory)", 1),
                                                ("2 (in bed less than half the day)", 2)))
LDH = Choice("ldh", "Pleural fluid LDH", opts(("<1,500", 0), (">=1,500", 1)))


def read(items, text):
    return read_items(items, text).items


def _owner(item):
    from medmirror.tools.extraction.choice_labels import content_words
    from medmirror.tools.extraction.vignette import item_weights
    w = item_weights((WORRY, SLEEP, MOOD, PAIN))[item.name]
    return Owner(w, frozenset(x for o in item.options for x in content_words(o.label)))


def test_a_grade_word_in_a_clause_naming_another_item_is_that_items():
    sleep, worry = _owner(SLEEP), _owner(WORRY)
    assert anothers_clause(" and she has severe worry", sleep, {"worry": worry})
    assert not anothers_clause(" and she has severe broken sleep", sleep, {"worry": worry})
    assert not anothers_clause("she has worry", sleep, {"worry": worry})  # no grade word of the item: nothing to drop
    s = "Her sleep is troubled, and she has severe worry about work."
    assert [x.strip(" ,") for x in without_others(s, sleep, {"worry": worry})] == ["Her sleep is troubled"]


def test_an_item_named_without_a_grade_is_not_read_from_the_grade_of_anothers_clause():
    r = read(SCALE, "Her sleep is broken by nightmares, and she has severe worry about work.")
    assert r["worry"].value == "Severe"
    assert r["sleep"].value != "Severe"


def test_the_items_own_grade_in_the_same_sentence_is_still_read():
    r = read(SCALE, "She has mild worry about work, and her sleep is severely broken by nightmares.")
    assert (r["worry"].value, r["sleep"].value) == ("Mild", "Severe")


def test_a_word_only_this_items_options_use_counts_in_anothers_clause():
    # 'lethargic' is no option word of Pain: the clause naming pain does not take it
    mood, pain = _owner(MOOD), _owner(PAIN)
    assert not anothers_clause("she is lethargic with severe pain", mood, {"pain": pain})
    r = read((MOOD, PAIN), "The child was seen today: she is lethargic with severe pain.")
    assert r["mood"].value == "Lethargic or confused"


def test_a_digit_group_of_a_larger_number_is_no_number_of_its_own():
    text = "LDH 1,500 U/L, grade 1, pH 7.35"
    kept = [s for _, _, s in whole_number_stems(words(text), text) if s.isdigit()]
    assert kept == ["1"]  # the '1' of 'grade 1, ...'; not the groups of '1,500' nor the parts of '7.35'


def test_a_number_coded_option_is_not_read_from_a_thousands_number():
    r = read((LDH, ECOG), "A 60-year-old man. Pleural fluid shows an LDH of 1,500 U/L and no other finding.")
    assert r["ecog"].value != "1 (symptomatic but ambulatory)"
    r = read((LDH, ECOG), "A 60-year-old man, performance status 1: symptomatic but ambulatory. LDH 1,800 U/L.")
    assert r["ecog"].value == "1 (symptomatic but ambulatory)"
