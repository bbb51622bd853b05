"""A frequency item read from the frequency word where the case names it (issue 28 item 1), on items and sentences
written for these tests: one option per step, a step two options share, a denial, a frequency word of another
clause, 'daily' as an adjective."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.frequency import option_for, option_steps, steps_in
from medmirror.tools.extraction.vignette import read_items

FIVE = (("Never", 0), ("Rarely", 1), ("Sometimes", 2), ("Fairly often", 3), ("Frequently", 4))
MOCK = Choice("mock", "How often does your partner mock you?", opts(*FIVE))
SHOVE = Choice("shove", "How often does your partner shove you?", opts(*FIVE))
DAYS = Choice("nap", "Napping during the day", opts(("Not at all", 0), ("Several days", 1),
                                                     ("More than half the days", 2), ("Nearly every day", 3)))


def read(text, items=(MOCK, SHOVE)):
    return read_items(items, text).items


def test_each_option_has_its_step():
    assert option_steps(MOCK) == {"Never": "never", "Rarely": "rare", "Sometimes": "some", "Fairly often": "often",
                                  "Frequently": "often"}
    assert option_steps(DAYS)["Nearly every day"] == "always"


def test_a_step_two_options_share_is_read_only_by_the_options_own_word():
    assert option_for(MOCK, "often", "frequent") == "Frequently"
    assert option_for(MOCK, "often", "regularly") is None


def test_daily_as_an_adjective_is_no_frequency():
    assert steps_in("loss of interest in daily activities") == []


def test_the_frequency_word_of_the_items_clause_answers_it():
    r = read("Her partner occasionally mocks her in front of friends.")["mock"]
    assert (r.value, r.status) == ("Sometimes", "read")


def test_a_denied_item_is_its_never_option():
    r = read("She denies that her partner has ever shoved her.")["shove"]
    assert (r.value, r.status) == ("Never", "read")


def test_a_frequency_word_of_another_clause_does_not_answer_it():
    r = read("She often works late and her partner mocks her.")["mock"]
    assert r.status == "missing"


def test_a_frequency_word_far_from_the_items_word_does_not_answer_it():
    r = read("Occasionally, when the children are asleep and the house is quiet at last, her partner mocks her.")["mock"]
    assert r.status == "missing"


def test_two_steps_by_the_items_word_settle_nothing():
    r = read("Her partner rarely or frequently mocks her.")["mock"]
    assert r.status != "read"


def test_the_items_own_frequency_word_wins_over_options_tied_in_its_sentence():
    # 'rarely' and 'fairly often' tie in the sentence; the clause naming the shoving says 'occasional'
    text = "She reports rarely being mocked, occasional shoving by her partner, and fairly often being ignored."
    r = read(text)
    assert (r["shove"].value, r["shove"].status) == ("Sometimes", "read")
    assert (r["mock"].value, r["mock"].status) == ("Rarely", "read")



def test_several_frequencies_in_one_sentence_are_told_apart_by_the_items_clause():
    text = "She reports rarely sleeping well, and her partner shoves her fairly often."
    assert read(text)["shove"].value == "Fairly often"
    text = "She reports fairly often sleeping badly, and her partner shoves her rarely."
    assert read(text)["shove"].value == "Rarely"
