"""An item asking when an event was, read from the time a case tells beside the event (issue 28 item 1), on items
and sentences written for these tests: a point ('3 weeks ago'), a stated window ('within the past month'), an open
bound ('more than 90 days ago'), nested windows, a time of another event, no number ('recently'), a denial, and
labels that are ages or durations (no event window)."""

from __future__ import annotations

import math

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.event_windows import (
    Window,
    event_name,
    label_window,
    option_windows,
    told_times,
    window_option,
)
from tests.unit.extraction._vignette import one

STROKE = Choice("stroke", "History of stroke", opts(("Never", 0), ("Yes, >90 days prior", 1),
                                                     ("Yes, within 90 days", 2)))
SEIZURE = Choice("seiz", "Recent events", opts(("No seizure", 0), ("Seizure in the last 12 months", 1),
                                               ("Seizure in the last 6 months", 2), ("Seizure in the last 2 months", 3)))


def test_label_windows():
    assert label_window("Yes, within 90 days") == Window(0, 90)
    assert label_window("Yes, >90 days prior") == Window(90, math.inf, low_open=True, high_open=True)
    assert label_window("Seizure in the last 6 months") == Window(0, 180)
    assert label_window("<=65 years") is None  # an age
    assert label_window(">=6 weeks") is None  # a duration, no event's time


def test_only_items_of_event_windows_have_them():
    assert set(option_windows(STROKE)) == {"Yes, >90 days prior", "Yes, within 90 days"}
    age = Choice("age", "Age", opts(("<65 years", 0), ("65-74 years", 1), (">=75 years", 2)))
    assert option_windows(age) is None


def test_the_event_named_by_the_labels():
    assert event_name(list(option_windows(SEIZURE))) == "seizure"
    assert event_name(list(option_windows(STROKE))) is None  # 'Yes, ...': the item's question names it


def test_told_times():
    assert told_times("a stroke three weeks ago") == [(Window(21, 21), "three weeks ago")]
    assert told_times("a stroke within the past month")[0][0] == Window(0, 30)
    assert told_times("a stroke over 4 months ago")[0][0].low == 120
    assert told_times("a recent stroke") == []
    assert told_times("a stroke last month") == []  # no number: not read


def test_nested_windows_give_the_narrowest():
    wins = option_windows(SEIZURE)
    assert window_option(wins, Window(45, 45)) == "Seizure in the last 2 months"
    assert window_option(wins, Window(0, 150)) == "Seizure in the last 6 months"
    assert window_option(wins, Window(400, 400)) is None


def test_a_point_time_beside_the_event():
    r = one(STROKE, "A 70-year-old man had an ischemic stroke 6 weeks ago and now presents with a fall.")
    assert (r.value, r.status) == ("Yes, within 90 days", "read")


def test_a_relative_clause_tells_the_events_time():
    r = one(STROKE, "She has a history of stroke, which occurred two years ago.")
    assert (r.value, r.status) == ("Yes, >90 days prior", "read")


def test_an_open_bound():
    r = one(STROKE, "History is notable for a stroke more than 90 days ago, now presenting with fever.")
    assert r.value == "Yes, >90 days prior"


def test_the_labels_own_event_word_places_the_time():
    r = one(SEIZURE, "He had a seizure four months ago and takes levetiracetam.")
    assert (r.value, r.status) == ("Seizure in the last 6 months", "read")


def test_a_time_of_another_clause_is_not_the_events():
    r = one(STROKE, "He had a stroke, and he was started on warfarin 10 days ago.")
    assert r.how.find("event's time") < 0


def test_no_number_settles_nothing():
    r = one(STROKE, "She had a recent stroke and presents with weakness.")
    assert r.value != "Yes, within 90 days" or "event's time" not in r.how


def test_a_denied_event_reads_no_window():
    r = one(SEIZURE, "He denies any seizure in the last 12 months.")
    assert r.value != "Seizure in the last 12 months"
