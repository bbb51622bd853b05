"""A noun and its adjective name the same item (issue 28 item 1, second pass): words written for these tests."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators.points import yes_no
from medmirror.tools.extraction.choice_labels import same_word, words
from medmirror.tools.extraction.vignette import read_items


def stem_of(word: str) -> str:
    return words(word)[0][2]


@pytest.mark.parametrize("a, b", [("pregnancy", "pregnant"), ("hypotension", "hypotensive"), ("dyspnea", "dyspneic"),
                                  ("ischemia", "ischemic"), ("testicle", "testicular"), ("hospital", "hospitalized"),
                                  ("abnormal", "abnormality"), ("confidence", "confident"), ("nausea", "nauseous")])
def test_a_noun_and_its_adjective_are_one_word(a, b):
    assert same_word(stem_of(a), stem_of(b))


@pytest.mark.parametrize("a, b", [("position", "positive"), ("relation", "relative"), ("history", "histology"),
                                  ("patient", "patience"), ("mental", "mentality"), ("para", "parent")])
def test_near_misses_stay_apart(a, b):
    assert not same_word(stem_of(a), stem_of(b))


def test_the_adjective_names_an_item_written_as_a_noun():
    item = yes_no("preg", "Pregnancy")
    r = read_items((item,), "She is 20 weeks pregnant.").items["preg"]
    assert (r.value, r.status) == ("Yes", "read")
    r = read_items((item,), "She is not pregnant.").items["preg"]
    assert (r.value, r.status) == ("No", "read")
