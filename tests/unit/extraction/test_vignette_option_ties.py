"""Ties between options of a graded item, on sentences written for these tests (items built here): a grade word
belongs to the item its clause names; a label inside a wider one; a word a label denies."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.vignette import read_items

GRADES = (("Not present", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3), ("Very severe", 4))
WORRY = Choice("worry", "Worry: apprehension, dread, fearful anticipation, irritability", opts(*GRADES))
SLEEP = Choice("sleep", "Sleep: trouble falling asleep, broken sleep, nightmares, early waking", opts(*GRADES))
TREMOR = Choice("tremor", "Tremor: shaking of the hands, jaw or voice at rest or on intention", opts(*GRADES))
SCALE = (WORRY, SLEEP, TREMOR)
WORK = Choice("work", "Breathing effort", opts(("Within normal limits, no grunting", 0),
                                              ("Mildly increased with flaring", 1),
                                              ("Marked increase with flaring and grunting", 2)))


def read(items, text):
    return read_items(items, text).items


def test_grade_word_belongs_to_the_item_its_clause_names():
    text = ("A 40-year-old man reports moderate worry about his job, mild shaking of the hands, "
            "and very severe trouble with broken sleep.")
    r = read(SCALE, text)
    assert (r["worry"].value, r["worry"].status) == ("Moderate", "read")
    assert (r["tremor"].value, r["tremor"].status) == ("Mild", "read")
    assert (r["sleep"].value, r["sleep"].status) == ("Very severe", "read")


def test_a_clause_naming_two_items_equally_settles_neither():
    # 'worry' and 'nightmares' in one clause: the grade is no more one item's than the other's
    r = read(SCALE, "She has moderate worry about nightmares, and severe sleep.")
    assert r["worry"].value is None and r["worry"].status == "uncertain"


def test_severe_is_not_very_severe_and_very_severe_is_not_severe():
    assert read(SCALE, "He has severe worry every day.")["worry"].value == "Severe"
    assert read(SCALE, "He has very severe worry every day.")["worry"].value == "Very severe"


def test_an_item_no_clause_names_is_not_read_from_other_items_grades():
    r = read(SCALE, "She has mild worry and moderate shaking of the hands.")
    assert r["sleep"].value != "Mild" and r["sleep"].value != "Moderate"


def test_a_word_the_label_denies_does_not_support_it_when_affirmed():
    r = read((WORK,), "The infant's breathing effort is marked by audible grunting.")["work"]
    assert not (r.status == "read" and r.value == "Within normal limits, no grunting")
    assert read((WORK,), "Breathing effort within normal limits, with no grunting.")["work"].value == \
        "Within normal limits, no grunting"


PUPILS = Choice("pupils", "Pupil response", opts(("Both pupils unreactive to light", 2), ("One pupil unreactive to light", 1),
                                                ("Both pupils reactive to light (normal)", 0)))


def test_a_word_every_option_has_does_not_make_a_label_wider():
    # 'light' is in every label: it does not tell 'One pupil unreactive to light' from 'Both pupils unreactive to light'
    assert read((PUPILS,), "On exam both pupils are unreactive to light.")["pupils"].value == \
        "Both pupils unreactive to light"
    assert read((PUPILS,), "On exam one pupil is unreactive to light.")["pupils"].value == "One pupil unreactive to light"


PHYS = Choice("phys", "Physical status class", opts(("1: healthy, no systemic illness", 0), ("2: mild systemic illness", 1),
                                                    ("3: severe systemic illness", 2),
                                                    ("4: severe systemic illness, a constant threat to life", 3)))
FUNC = Choice("func", "Heart failure functional class", opts(("I", 0), ("II", 1), ("III", 2), ("IV", 3)))


def test_a_coded_class_written_after_the_items_name():
    assert read((PHYS,), "He was rated physical status class of 3 before surgery.")["phys"].value == \
        "3: severe systemic illness"
    assert read((FUNC,), "She has heart failure, functional class III symptoms.")["func"].value == "III"
    assert read((FUNC,), "She reports heart failure functional class I symptoms.")["func"].value == "I"
    # a class of another scale, or two classes for the item, settle nothing
    assert read((FUNC,), "She has class 2 obesity and a cough.")["func"].status != "read"
    assert read((PHYS,), "Physical status class 2, later class 3.")["phys"].status != "read"


def test_a_coded_label_is_named_by_its_words_and_a_wider_label_needs_its_own():
    assert read((PHYS,), "A woman with severe systemic illness is scheduled for surgery.")["phys"].value == \
        "3: severe systemic illness"
    assert read((PHYS,), "A woman with severe systemic illness that is a constant threat to life.")["phys"].value == \
        "4: severe systemic illness, a constant threat to life"
