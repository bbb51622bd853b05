"""The second reader's implied wordings for the VTE, Glasgow-Blatchford, CURB-65 and PSI criteria: a wording that
only suggests a criterion raises a doubt (the answer is withheld), never a reading.

Every sentence was written for these tests (none is taken from a benchmark note or app/data/dev/); each family has
near misses that must raise no doubt (a relative's, a denied or hypothetical one).
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import NoteReader, second_reader


@pytest.mark.parametrize("calc_id, field, sentence, strong", [
    ("glasgow_blatchford", "hepatic_disease", "Caput medusae noted over the abdomen.", True),
    ("glasgow_blatchford", "hepatic_disease", "He looks jaundiced.", False),
    ("glasgow_blatchford", "cardiac_failure", "Breathless on exertion, NYHA class III.", True),
    ("glasgow_blatchford", "cardiac_failure", "Three-pillow orthopnoea for a month.", False),
    ("glasgow_blatchford", "syncope", "He collapsed in the bathroom this morning.", False),
    ("psi", "nursing_home_resident", "She lives in a retirement village.", True),  # two words: a strong phrase
    ("psi", "nursing_home_resident", "She is a resident of an EMI home.", True),
    ("curb_65", "confusion", "Much more drowsy than usual today.", False),
    ("wells_pe", "previous_pe", "History of CTEPH, on riociguat.", True),
    ("wells_dvt", "previous_dvt", "She has had post-thrombotic syndrome of the left leg for years.", True),
    ("wells_pe", "malignancy", "Under oncology follow-up.", False),
])
def test_implied_wordings_raise_a_doubt(calc_id: str, field: str, sentence: str, strong: bool) -> None:
    doubt, found = second_reader(CALCULATORS[calc_id], field, NoteReader("A 66-year-old. " + sentence))
    assert found and doubt == (0.6 if strong else 0.2)


@pytest.mark.parametrize("calc_id, field, sentence", [
    ("glasgow_blatchford", "hepatic_disease", "Her husband is jaundiced with hepatitis A."),     # a relative's
    ("glasgow_blatchford", "cardiac_failure", "No orthopnoea or ankle swelling."),               # denied
    ("glasgow_blatchford", "syncope", "He did not collapse."),                                  # denied
    ("psi", "nursing_home_resident", "Her mother lives in a retirement home."),                # a relative's
    ("wells_pe", "previous_pe", "The CT was done to exclude CTEPH."),                          # hypothetical
])
def test_implied_wordings_near_misses(calc_id: str, field: str, sentence: str) -> None:
    assert second_reader(CALCULATORS[calc_id], field, NoteReader("A 66-year-old. " + sentence)) == (0.0, [])


@pytest.mark.parametrize("calc_id, field, sentence", [
    ("wells_pe", "previous_pe", "History of VTE in 2019, on apixaban since."),            # DVT or PE: not which
    ("wells_dvt", "previous_dvt", "She had a blood clot after her hip replacement in 2012."),
    ("wells_pe", "immobilization", "Unable to walk since the fall four days ago."),       # walking lost, bed rest not said
])
def test_unspecific_wordings_of_a_past_clot_or_immobility_raise_a_doubt(calc_id: str, field: str, sentence: str) -> None:
    doubt, found = second_reader(CALCULATORS[calc_id], field, NoteReader("A 66-year-old. " + sentence))
    assert found


@pytest.mark.parametrize("calc_id, field, sentence", [
    ("wells_pe", "previous_pe", "Her mother had a VTE in 2019."),
    ("wells_pe", "immobilization", "Her husband is unable to walk and she is his carer."),  # a relative's
])
def test_unspecific_wordings_near_misses(calc_id: str, field: str, sentence: str) -> None:
    assert second_reader(CALCULATORS[calc_id], field, NoteReader("A 66-year-old. " + sentence)) == (0.0, [])


@pytest.mark.parametrize("calc_id, field, sentence", [
    ("curb_65", "confusion", "She has been lethargic since last night."),
    ("psi", "altered_mental_status", "Somnolent but rousable on arrival."),
])
def test_drowsiness_words_doubt_confusion(calc_id: str, field: str, sentence: str) -> None:
    doubt, found = second_reader(CALCULATORS[calc_id], field, NoteReader("A 66-year-old. " + sentence))
    assert found and doubt == 0.2


def test_a_relatives_lethargy_is_no_doubt() -> None:
    reader = NoteReader("A 66-year-old. Her husband has been lethargic with a cold.")
    assert second_reader(CALCULATORS["curb_65"], "confusion", reader) == (0.0, [])
