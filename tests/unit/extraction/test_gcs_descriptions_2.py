"""GCS components from more descriptions (Teasdale & Jennett 1974; 2014 wording): rousable to a stimulus (the eyes open
to it), eyes open with no stimulus named, the eyes named before a bare 'open', a movement done on request (obeys),
a movement away from the stimulus (withdrawal, not abnormal flexion), and form fields for every component.
Sentences written for this test in varied styles; none is taken from a benchmark note or from app/data/dev/."""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import GCS_EYE, GCS_MOTOR, GCS_VERBAL, args_of

E, V, M = GCS_EYE, GCS_VERBAL, GCS_MOTOR


@pytest.mark.parametrize("note, eye, verbal, motor", [
    ("Opens eyes only to a sternal rub, mumbles incomprehensible sounds, withdraws from pain.", 2, 2, 4),
    ("Eyes closed, open to loud voice. Inappropriate words. Localises to supraorbital pressure.", 3, 3, 5),
    ("Neuro: eyes open to trapezius squeeze; moaning only; abnormal flexion of both arms.", 2, 2, 3),
    ("Drowsy but rousable to voice, disorientated to time, moves all limbs to command.", 3, 4, 6),
    ("Rousable only to a sternal rub; groaning; squeezes the examiner's hand on request.", 2, 2, 6),
    ("On arrival she was staring ahead with eyes open, saying random words, and pushing the examiner's hand away "
     "from a nail-bed press.", 4, 3, 5),
    ("Eyes: to pain (2). Verbal: sounds (2). Motor: withdrawal (4).", 2, 2, 4),
    ("E: spontaneous. V: words. M: abnormal flexion.", 4, 3, 3),
    ("Eye opening - none. Verbal - none. Motor - extension.", 1, 1, 2),
    ("Patient groans to painful stimulus, does not open eyes, flexes arm away from pain.", 1, 2, 4),
    ("GCS: eyes opening to speech, speaking in confused sentences, localising pain.", 3, 4, 5),
])
def test_gcs_components_from_descriptions(note: str, eye: int, verbal: int, motor: int) -> None:
    a = args_of("glasgow_coma_scale", note)
    assert (a["eye"], a["verbal"], a["motor"]) == (E[eye], V[verbal], M[motor])


@pytest.mark.parametrize("note, motor", [
    ("Flexes both arms at the elbows to pain (decorticate).", 3),  # flexion without 'away from' stays abnormal flexion
    ("Moves the left hand away from the nail-bed pressure.", 4),
    ("Lifts both arms to command.", 6),
])
def test_motor_movement_words(note: str, motor: int) -> None:
    assert args_of("glasgow_coma_scale", note)["motor"] == M[motor]


def test_a_stimulus_after_eyes_open_is_not_spontaneous() -> None:
    assert args_of("glasgow_coma_scale", "Lying with her eyes open to voice only.")["eye"] == E[3]
