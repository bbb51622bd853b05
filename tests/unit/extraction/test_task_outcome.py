"""A bedside task item read from whether the case says the task was done (sentences and items written for these
tests): a failure word is the none-done end, a success word the all-done end; a partial outcome, a request with no
outcome or two clauses that disagree leave the item unsettled."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.task_outcome import ends
from medmirror.tools.extraction.vignette import read_items

ORIENT = Choice("orient", "Patient asked the city and his name",
                opts(("Both right", 0), ("One right", 1), ("Neither right", 2)))
GRIP = Choice("grip", "Patient asked to open mouth and squeeze fingers",
              opts(("Does both tasks", 0), ("Does 1 task", 1), ("Does 0 tasks", 2)))
LIFT = Choice("lift", "Can lift leg off the bed for 5 seconds", opts(("Can do", 0), ("Cannot do", 1)))
COLOUR = Choice("colour", "Skin colour", opts(("Pink", 0), ("Pale", 1), ("Blue", 2)))


def value(item, text):
    r = read_items((item,), text).items[item.name]
    return r.value, r.status


def test_ends_of_a_task_count():
    assert ends(ORIENT) == ("Both right", "Neither right")
    assert ends(GRIP) == ("Does both tasks", "Does 0 tasks")
    assert ends(LIFT) == ("Can do", "Cannot do")
    assert ends(COLOUR) is None


def test_a_failure_word_is_the_none_done_end():
    assert value(GRIP, "She could not open her mouth or squeeze the examiner's fingers on request.") == (
        "Does 0 tasks", "read")
    assert value(LIFT, "On examination he is unable to lift his leg off the bed.") == ("Cannot do", "read")


def test_a_success_word_is_the_all_done_end():
    assert value(ORIENT, "He correctly gives the city and his name.") == ("Both right", "read")
    assert value(LIFT, "She is able to lift her leg off the bed for 5 seconds.") == ("Can do", "read")


def test_each_clause_tells_its_own_task():
    text = ("He correctly gives the city and his name, but he is unable to open his mouth or squeeze the examiner's "
            "fingers.")
    assert value(ORIENT, text) == ("Both right", "read")
    assert value(GRIP, text) == ("Does 0 tasks", "read")


def test_partial_or_untold_outcomes_settle_nothing():
    # a partial outcome, a request with no outcome, and two clauses that disagree: not read (the score's default
    # may still be assumed)
    assert value(ORIENT, "He correctly gives the city but not his name.")[1] != "read"
    assert value(ORIENT, "He only gives his name correctly, not the city.")[1] != "read"
    assert value(GRIP, "She was asked to open her mouth and squeeze the examiner's fingers.")[1] != "read"
    assert value(GRIP, "At first she could open her mouth and squeeze fingers. An hour later she was unable to open her "
                       "mouth or squeeze fingers.")[1] != "read"


def test_an_item_with_no_task_count_is_not_read_so():
    assert value(COLOUR, "She is unable to describe her skin colour.")[0] != "Blue"
