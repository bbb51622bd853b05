"""A number code of an option is not read from a digit group of a larger number: on sentences written for these
tests (items built here)."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.choice_labels import words
from medmirror.tools.extraction.vignette import read_items
from medmirror.tools.extraction.written_numbers import whole_number_stems

ECOG = Choice("ecog", "Performance status", opts(("0 (asymptomatic)", 0), ("1 (symptomatic but ambulatory)", 1),
                                                ("2 (in bed less than half the day)", 2)))
LDH = Choice("ldh", "Pleural fluid LDH", opts(("<1,500", 0), (">=1,500", 1)))


def read(items, text):
    return read_items(items, text).items


def test_a_digit_group_of_a_larger_number_is_no_number_of_its_own():
    text = "LDH 1,500 U/L, grade 1, pH 7.35"
    kept = [s for _, _, s in whole_number_stems(words(text), text) if s.isdigit()]
    assert kept == ["1"]  # the '1' of 'grade 1, ...'; not the groups of '1,500' nor the parts of '7.35'


def test_a_number_coded_option_is_not_read_from_a_thousands_number():
    r = read((LDH, ECOG), "A 60-year-old man. Pleural fluid shows an LDH of 1,500 U/L and no other finding.")
    assert r["ecog"].value != "1 (symptomatic but ambulatory)"
    r = read((LDH, ECOG), "A 60-year-old man, performance status 1: symptomatic but ambulatory. LDH 1,800 U/L.")
    assert r["ecog"].value == "1 (symptomatic but ambulatory)"
