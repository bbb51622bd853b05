"""Opioid regimens of case reports (issue 26, item 5; development set real7): a brand with its generic name in brackets,
an as-needed drug's daily use told in the next sentence, and the regimen listed under an admission header. CDC 2022
MME convention: an as-needed opioid counts at the use the note states, else at its maximum schedule. Sentences written
for these tests, each family with a near miss."""

from __future__ import annotations

from medmirror.tools.extraction.medications import extract_medications
from medmirror.tools.extraction.rules.dosing import opioid_list
from tests.unit.extraction._rules import value


def _meds(note: str) -> list[dict]:
    return value(opioid_list, note)


# --- the schedule after a bracketed restatement of the product -----------------------------------------------------------
def test_schedule_after_the_generic_name_in_brackets() -> None:
    m = extract_medications("Percocet 10/325 (oxycodone/acetaminophen), two tablets at bedtime.")[0]
    assert (m.name, m.dose, m.doses_per_day) == ("oxycodone", 20.0, 1.0)


def test_a_bracket_naming_another_drug_ends_the_mention() -> None:
    # near miss: the bracket names a different drug with its own schedule
    m = extract_medications("Oxycodone 5 mg (and ibuprofen 400 mg three times daily).")[0]
    assert m.name == "oxycodone" and m.doses_per_day is None


# --- an as-needed drug's daily use told in the next sentence -----------------------------------------------------------
def test_prn_use_in_the_next_sentence() -> None:
    m = extract_medications("Oxycodone 5 mg every 4 hours as needed. Her pill count shows four tablets a day.")[0]
    assert m.prn and m.doses_per_day == 4.0


def test_prn_use_of_another_drug_in_the_next_sentence_is_not_this_ones() -> None:
    # near miss: the next sentence is about another drug
    m = extract_medications("Oxycodone 5 mg every 4 hours as needed. She takes two tablets a day of paracetamol 1 g.")[0]
    assert m.doses_per_day == 6.0


# --- the regimen listed under an admission header ----------------------------------------------------------------------
_LISTED = ("Pain history: long-standing back pain. His analgesia on admission, from the pharmacy record:\n"
           "- MS Contin (morphine) 30 mg twice daily.\n"
           "- Oxycodone 5 mg, one tablet at night.\n"
           "\n"
           "Plan: convert to methadone; avoid fentanyl. Daily morphine milligram equivalents calculated.")


def test_regimen_listed_under_an_admission_header() -> None:
    meds = _meds(_LISTED)
    assert sorted((m["drug"], m["dose"], m["doses_per_day"]) for m in meds) == [
        ("Morphine", 30.0, 2.0), ("OxyCODONE", 5.0, 1.0)]


def test_without_the_header_the_plans_drugs_leave_the_list_incomplete() -> None:
    # near miss: no admission header, so the plan's undosed methadone and fentanyl leave the list undecided
    note = _LISTED.replace("His analgesia on admission, from the pharmacy record:", "Notes:")
    assert _meds(note) is None
