"""Reading conventions for case-report wording found on the real9 development set (issue 26, item 5), on sentences
written for these tests.

None of these sentences is taken from a benchmark note or from app/data/dev/. Each family has sentences that must be
read and a near miss that must not.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import arg_of


# --- a denied admission: "never been admitted with heart failure" keeps the denial over the reason -----------------------
@pytest.mark.parametrize("note", [
    "71 y/o F for open colectomy. She has never been admitted with heart failure and walks a mile daily.",
    "71 y/o F for open colectomy. Not admitted for cardiac failure at any time.",
])
def test_a_denied_admission_denies_its_reason(note: str) -> None:
    assert arg_of("rcri", "congestive_heart_failure", note) is False


def test_an_admission_after_a_denial_is_its_own_clause() -> None:  # near miss
    note = "71 y/o F for open colectomy. No fever; admitted in May with heart failure."
    assert arg_of("rcri", "congestive_heart_failure", note) is True


# --- a denied list whose members each take an article: "never had a heart attack, a stent, a stroke" --------------------
def test_an_articled_list_stays_denied() -> None:
    note = "49-year-old man with chest pain. He has never had an infarct, a bypass, a stroke or leg claudication."
    assert arg_of("heart_score", "atherosclerotic_disease", note) is False


def test_an_articled_member_with_its_own_verb_is_a_clause() -> None:  # near miss
    note = "49-year-old man with chest pain. He has never had an infarct, a stroke was treated in 2019."
    assert arg_of("heart_score", "atherosclerotic_disease", note) is True


# --- Wells PE: the clinician ranks PE first in the first person ("PE is my leading diagnosis") ---------------------------
def test_my_leading_diagnosis_ranks_pe_first() -> None:
    note = "61 M, day 10 after hip replacement, breathless. A PE is my leading diagnosis; pneumonia less likely."
    assert arg_of("wells_pe", "pe_most_likely", note) is True


def test_my_leading_diagnosis_of_another_disease_does_not() -> None:  # near miss
    note = "61 M, day 10 after hip replacement, breathless. Pneumonia is my leading diagnosis; PE less likely."
    assert arg_of("wells_pe", "pe_most_likely", note) is False
