"""Dates of case reports (issue 26, item 5; development set real7): a 'date of service' is today's date, and an LMP
told relative to a dated event is read by day arithmetic, checked against a weekday written with the date. Sentences
written for these tests, each family with a near miss."""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.extractor import extract


@pytest.mark.parametrize("note, want", [
    # the date is not the note's heading: only its label makes it today's
    ("SURGICAL CONSULT\nRequested by the ward team. Date of service: 03/14/2026, 09:10. Pelvic pain.", "2026-03-14"),
    ("ANTENATAL NOTE\nReferred by her GP. Service date - 2 February 2026.", "2026-02-02"),
])
def test_date_of_service_is_today(note: str, want: str) -> None:
    assert extract(note, findings=False).values["current_date"].value == want


def test_last_service_date_is_not_today() -> None:
    # near miss: a previous encounter's service date
    values = extract("Last service date 03/14/2026 for a smear test.", findings=False).values
    assert "current_date" not in values or values["current_date"].value != "2026-03-14"


@pytest.mark.parametrize("note, want", [
    # a weekday that agrees with the date (1 August 2026 is a Saturday)
    ("Her last menstrual period began ten days before her graduation on Saturday 1 August 2026.", "2026-07-22"),
    ("LMP was two weeks after the move, which was on 3 March 2026.", "2026-03-17"),
])
def test_lmp_relative_to_a_dated_event(note: str, want: str) -> None:
    assert extract(note, findings=False).values["lmp_date"].value == want


@pytest.mark.parametrize("note", [
    # the weekday disagrees with the date (1 August 2026 is not a Monday): the date is doubtful
    "Her last menstrual period began ten days before her graduation on Monday 1 August 2026.",
    # a time ago, not relative to the date
    "Her last menstrual period was six weeks ago; she was seen on 3 March 2026.",
])
def test_relative_lmp_near_misses(note: str) -> None:
    assert "lmp_date" not in extract(note, findings=False).values
