"""Reading conventions for case-report wording found on the real10 development set (issue 26, item 5), on sentences
written for these tests.

None of these sentences is taken from a benchmark note or from app/data/dev/. Each family has sentences that must be
read and a near miss that must not.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import GCS_EYE, GCS_MOTOR, GCS_VERBAL, gcs_of


# --- GCS verbal 1: not a single sound ------------------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Found collapsed. Eyes opened to a sternal rub; he made no sound at all; flexed both arms to pain.",
    "Found collapsed. Eyes opened to a sternal rub. Not a single sound from him, even to pain; flexed both arms to pain.",
])
def test_no_sound_is_no_verbal_response(note: str) -> None:
    assert gcs_of(note)[1] == GCS_VERBAL[1]


def test_sounds_without_words_are_not_none() -> None:  # near miss
    note = "Found collapsed. Eyes opened to a sternal rub; he made grunting noises but no words; flexed both arms to pain."
    assert gcs_of(note)[1] == GCS_VERBAL[2]


# --- GCS eye 4: the eyes already open when the examiner arrives -----------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Seen in resus. He was sitting with his eyes open when we arrived, staring at the wall; confused; obeys commands.",
    "Seen in resus. Eyes open as I entered the cubicle; answers in random words; obeys commands.",
])
def test_eyes_open_at_the_examiners_arrival_are_spontaneous(note: str) -> None:
    assert gcs_of(note)[0] == GCS_EYE[4]


def test_eyes_open_when_spoken_to_are_to_voice() -> None:  # near miss
    note = "Seen in resus. Lying still, with her eyes open when I spoke to her and shut otherwise; confused; obeys commands."
    assert gcs_of(note)[0] == GCS_EYE[3]


# --- GCS motor 5: hands brought purposefully to the stimulus or to the examiner's hand --------------------------------
@pytest.mark.parametrize("note", [
    "Eyes to pain, groaning only. Both hands moved purposefully to the site of the trapezius squeeze.",
    "Eyes to pain, groaning only. With nail-bed pressure he brought his left hand up to my hand and pushed it away.",
])
def test_hands_brought_to_the_stimulus_localise(note: str) -> None:
    assert gcs_of(note)[2] == GCS_MOTOR[5]


def test_hands_pulled_away_withdraw() -> None:  # near miss
    note = "Eyes to pain, groaning only. With nail-bed pressure she pulled her hand away from my hand."
    assert gcs_of(note)[2] == GCS_MOTOR[4]
