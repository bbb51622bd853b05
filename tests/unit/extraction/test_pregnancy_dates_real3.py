"""Date notes written as case reports: the LMP of this pregnancy, an LMP after a relative clause, the encounter's date
after its place, and a maternal-fetal medicine clinic that names no fetus."""

from __future__ import annotations

import datetime as dt

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.context import other_person
from medmirror.tools.extraction.dates import extract_dates
from medmirror.tools.extraction.grounding import rule_arguments
from medmirror.tools.extraction.text import SentenceIndex

# --- dates ------------------------------------------------------------------------------------------------------------

def _dates(note: str) -> dict:
    return {k: v.value for k, v in extract_dates(note, SentenceIndex(note)).items()}


def test_lmp_of_an_earlier_pregnancy_gives_way_to_this_one():
    note = ("Her first baby was born at term after a pregnancy dated from a last period of 2 March 2022. "
            "Her last menstrual period began on 4 January 2026.")
    assert _dates(note)["lmp_date"] == "2026-01-04"


def test_close_lmp_dates_keep_the_note_order():
    note = "Her last menstrual period was 4 January 2026; an earlier note gives her last period as 11 January 2026."
    assert _dates(note)["lmp_date"] == "2026-01-04"


def test_lmp_after_a_relative_clause():
    note = "Her last menstrual period, which she noted in her diary as starting on the 9th of March 2026, was normal."
    assert _dates(note)["lmp_date"] == "2026-03-09"


def test_encounter_date_after_its_place():
    d = _dates("A 30-year-old woman attended the maternity assessment unit on 2 June 2026 with reduced movements.")
    assert d["current_date"] == "2026-06-02"
    d = _dates("She had attended the antenatal day unit on 2 May 2026. She is well.")
    assert "current_date" not in d


def test_a_fetal_medicine_clinic_is_no_fetus():
    note = "She was seen in the maternal-fetal medicine clinic on September 3, 2026 for a scan."
    at = note.index("clinic")
    assert other_person(note, at, len(note) - 1) == ""
    assert other_person("The fetal heart rate was 150.", 10, 28) != ""
    g = rule_arguments(CALCULATORS["estimated_gestational_age"], note + " Her LMP was 3/1/2026.")
    assert g.args["current_date"] in ("2026-09-03", dt.date(2026, 9, 3))


def test_unlabelled_period_starts_the_last_one_is_the_lmp():
    note = ("Her period that began on 3 November 2025 was followed by another, which her app recorded as starting on "
            "1 December 2025. A pregnancy test was positive.")
    assert _dates(note)["lmp_date"] == "2025-12-01"


def test_a_labelled_lmp_wins_over_period_starts():
    note = ("Her period that began on 3 November 2025 was light. Her last menstrual period was 20 October 2025.")
    assert _dates(note)["lmp_date"] == "2025-10-20"


def test_a_period_that_is_no_menses_is_not_read():
    note = "A trial period of the new inhaler started on 4 March 2026."
    assert "lmp_date" not in _dates(note)
