"""Rules of the glasgow coma family (tools/extraction/rules/glasgow_coma.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.rules.glasgow_coma import gcs_eye, gcs_motor, gcs_verbal
from tests.unit.extraction._rules import GCS_EYE, GCS_MOTOR, GCS_VERBAL, args_of, gcs_of, value


# --- H. GCS: eyes open when spoken to, a muddled or disoriented talker ----------------------------------------------------
@pytest.mark.parametrize("note", [
    "She opens her eyes when we speak to her.",
    "He opens his eyes when I talk to him.",
    "Eyes open when spoken to.",
    "Opens eyes to voice.",
])
def test_eyes_opening_when_spoken_to(note: str) -> None:
    assert value(gcs_eye, note) == "eye opening to verbal command"


def test_eyes_open_spontaneously_is_not_to_voice() -> None:
    assert value(gcs_eye, "Eyes open spontaneously, tracking the room.") == "eyes open spontaneously"


@pytest.mark.parametrize("note, verbal", [
    ("Speaking in full sentences but muddled.", "confused"),
    ("Talks in sentences, but does not know where she is.", "confused"),
    ("Chatting but doesn't know what month it is.", "confused"),
    ("Fully oriented; knows where she is and the date.", "oriented"),
    ("Not muddled, oriented to time and place.", "oriented"),
])
def test_verbal_response_described(note: str, verbal: str) -> None:
    assert value(gcs_verbal, note) == verbal


def test_knowing_where_one_is_is_not_confusion() -> None:
    assert value(gcs_verbal, "He does know where he is.") is None


# --- GCS eyes: a denial of one stimulus is not 'no eye opening'; 'pressure' is the painful stimulus (GCS 2014) -------
@pytest.mark.parametrize("note", [
    "Neuro: no eye opening to voice; opens his eyes to pressure over the nail bed.",
    "E: no eye-opening to speech, eyes open only to supraorbital pressure.",
    "Eyes shut. No eye opening to his name being called, but opens eyes to pressure.",
])
def test_no_eye_opening_to_voice_then_opening_to_pressure_is_to_pain(note: str) -> None:
    assert value(gcs_eye, note) == "eye opening to pain"


@pytest.mark.parametrize("note", [
    "No eye opening to voice or pain.",
    "GCS assessment: no eye opening to voice or to pressure, no verbal output.",
    "No eye opening at all despite a sternal rub.",
])
def test_no_eye_opening_to_every_stimulus_is_still_none(note: str) -> None:
    assert value(gcs_eye, note) == "no eye opening"


def test_eye_field_to_pressure() -> None:
    assert value(gcs_eye, "GCS: Eyes: to pressure, Verbal: sounds, Motor: localises") == "eye opening to pain"


# --- C. GCS: a re-assessment does not replace the first description -------------------------------------------------
@pytest.mark.parametrize("note", [
    "On arrival his eyes opened only to pain and he withdrew his arm from a nail-bed press.\n"
    "Re-assessed an hour later: eyes open spontaneously, obeys commands.",
    "Initial exam: opens eyes to pain. Withdraws from pain in all four limbs.\n"
    "On reassessment after the naloxone, eyes open spontaneously and she obeys commands.",
    "ED: eyes opened to a sternal rub; pulls the hand away from the pinch.\n"
    "Repeat neuro exam at 23:00 - eyes open spontaneously, follows commands.",
])
def test_reassessment_does_not_replace_first_gcs(note: str) -> None:
    a = args_of("glasgow_coma_scale", note)
    assert a["eye"] == "eye opening to pain"
    assert a["motor"] == "withdrawal from pain"


@pytest.mark.parametrize("note", [
    "Seen in resus. Re-assessed after the CT scan: eyes open spontaneously, obeys commands, oriented.",
    "Reassessment on the ward: opens eyes to voice, localises to pain, confused.",
])
def test_a_reassessment_alone_is_still_read(note: str) -> None:
    a = args_of("glasgow_coma_scale", note)
    assert a.get("eye") is not None and a.get("motor") is not None


def test_best_response_within_the_first_assessment_is_kept() -> None:
    note = ("Eyes open to voice on arrival and she obeys commands with the left arm.\n"
            "Re-examined after sedation: eyes opened to pain only, extending the arms.")
    a = args_of("glasgow_coma_scale", note)
    assert a["eye"] == "eye opening to verbal command"
    assert a["motor"] == "obeys commands"


def test_the_first_time_stamped_chart_entry_is_the_first_assessment() -> None:
    note = ("Nursing neuro obs, bay 4\n"
            "0300\n"
            "Eyes open to voice. Inappropriate words. Localises to trapezius pinch.\n"
            "0400\n"
            "Eyes open spontaneously, orientated, obeys commands.\n")
    a = args_of("glasgow_coma_scale", note)
    assert (a["eye"], a["verbal"], a["motor"]) == ("eye opening to verbal command", "inappropriate words", "localizes pain")


def test_clock_times_inside_sentences_are_not_chart_entries() -> None:
    # times within the text do not split the note into entries: the best described response stands
    note = "Seen at 09:15: opens eyes to pain. At 09:40 the eyes opened when her name was called."
    assert args_of("glasgow_coma_scale", note)["eye"] == "eye opening to verbal command"


# --- GCS: the speaker named, 'rather than' -------------------------------------------------------------------------
@pytest.mark.parametrize("note, eye", [
    ("Her eyes opened when the nurse spoke to her.", "eye opening to verbal command"),
    ("He opened his eyes when his wife called his name.", "eye opening to verbal command"),
    ("Eyes open only when we talked with him loudly.", "eye opening to verbal command"),
])
def test_eye_opening_to_a_named_speaker_is_to_voice(note: str, eye: str) -> None:
    assert value(gcs_eye, note) == eye


@pytest.mark.parametrize("note, motor", [
    ("She withdrew from a nail-bed press rather than localising to it.", "withdrawal from pain"),
    ("He localises to supraorbital pressure instead of obeying commands.", "localizes pain"),
    ("He obeys commands and localises to pain.", "obeys commands"),
])
def test_rather_than_denies_the_response_that_follows(note: str, motor: str) -> None:
    assert value(gcs_motor, note) == motor


# --- GCS from descriptions --------------------------------------------------------------------------
@pytest.mark.parametrize("note,field,option", [
    ("She opened her eyes only when her name was shouted.", "eye", "eye opening to verbal command"),
    ("Eyes open only when the nail bed is pressed.", "eye", "eye opening to pain"),
    ("He believes he is in a hotel.", "verbal", "confused"),
    ("Says he thinks it is 1985.", "verbal", "confused"),
    ("Oriented to self only.", "verbal", "confused"),
    ("He pulled the left arm away from the stimulus.", "motor", "withdrawal from pain"),
])
def test_gcs_components_from_descriptions(note: str, field: str, option: str) -> None:
    assert args_of("glasgow_coma_scale", note)[field] == option


@pytest.mark.parametrize("note,option", [
    ("She did not open her eyes to speech but opened them to a sternal rub.", "eye opening to pain"),
    ("No eye opening to any stimulus.", "no eye opening"),
])
def test_gcs_eye_negated_stimulus_is_not_no_response(note: str, option: str) -> None:
    assert args_of("glasgow_coma_scale", note)["eye"] == option


def test_gcs_withdrawal_pronoun_and_later_state_ignored() -> None:
    note = "Groaning only. With nail-bed pressure he pulled it away from the stimulus. Two days later he was oriented."
    a = args_of("glasgow_coma_scale", note)
    assert a["motor"] == "withdrawal from pain" and a["verbal"] == "incomprehensible sounds"


@pytest.mark.parametrize("note,field,option", [
    ("She localised to a trapezius squeeze.", "motor", "localizes pain"),
    ("He answered with words that did not fit the questions.", "verbal", "inappropriate words"),
])
def test_gcs_named_stimulus_and_unfitting_words(note: str, field: str, option: str) -> None:
    assert args_of("glasgow_coma_scale", note)[field] == option


@pytest.mark.parametrize("note", ["Verbal: intubated (T).", "GCS E2 VT M4.", "GCS 7T on arrival."])
def test_gcs_verbal_not_testable_when_intubated(note: str) -> None:
    assert value(gcs_verbal, note) == "not testable"


# --- GCS components from descriptions -----------------------------------------------------------------------------
@pytest.mark.parametrize("note, eye", [
    ("Eyes closed, opens only to trapezius squeeze.", "eye opening to pain"),
    ("Responds to voice by opening her eyes.", "eye opening to verbal command"),
    ("Neuro obs - Eyes: spontaneous. Verbal: oriented. Motor: obeys.", "eyes open spontaneously"),
    ("GCS chart: E - to voice; V - confused; M - localises.", "eye opening to verbal command"),
    ("Eye opening: to pain.", "eye opening to pain"),
])
def test_gcs_eye_from_descriptions(note: str, eye: str) -> None:
    assert args_of("glasgow_coma_scale", note)["eye"] == eye


def test_gcs_eye_denied_opening_is_not_opening() -> None:
    assert value(gcs_eye, "Eyes were not opened to voice.") != "eye opening to verbal command"


@pytest.mark.parametrize("note, motor", [
    ("On sternal rub he pushed the examiner's hand away.", "localizes pain"),
    ("Brushes away the painful stimulus with the right arm.", "localizes pain"),
    ("Reaches up to the site of the supraorbital pressure.", "localizes pain"),
    ("Neuro obs - Eyes: spontaneous. Verbal: oriented. Motor: obeys.", "obeys commands"),
    ("GCS chart: E - to voice; V - confused; M - localises.", "localizes pain"),
])
def test_gcs_motor_from_descriptions(note: str, motor: str) -> None:
    assert args_of("glasgow_coma_scale", note)["motor"] == motor


@pytest.mark.parametrize("note, eye", [
    ("Eyes: open when his name is shouted.", "eye opening to verbal command"),
    ("Eyes - open to trapezius squeeze only.", "eye opening to pain"),
    ("No eye opening to voice or to a sternal rub.", "no eye opening"),
    ("No eye opening to voice; opens them to nail-bed pressure.", "eye opening to pain"),
])
def test_gcs_eye_form_lines_and_named_stimuli(note: str, eye: str) -> None:
    assert args_of("glasgow_coma_scale", note)["eye"] == eye


def test_limbs_named_before_extension() -> None:
    assert args_of("glasgow_coma_scale", "Both arms extend stiffly to a nail-bed press.")["motor"] == "extension to pain"


@pytest.mark.parametrize("note, eye", [
    ("Eyes shut; does not open them even to pain.", "no eye opening"),
    ("He doesn't open his eyes to pain.", "no eye opening"),
    ("Did not open them to voice but opened them to pain.", "eye opening to pain"),
])
def test_gcs_eyes_not_opened_named_by_a_pronoun(note: str, eye: str) -> None:
    from tests.unit.extraction._rules import gcs_of
    assert gcs_of(note)[0] == eye


@pytest.mark.parametrize("note, component, expected", [
    ("When the nurse called her name she opened her eyes.", 0, "eye opening to verbal command"),
    ("When spoken to, he opens his eyes briefly.", 0, "eye opening to verbal command"),
    ("Says clear words, but they are random and do not fit what is asked.", 1, "inappropriate words"),
    ("His words were jumbled.", 1, "inappropriate words"),
    ("The words are clear and appropriate.", 1, "oriented"),
    ("To a sternal rub he brings his right hand up across his chest to the examiner's hand.", 2, "localizes pain"),
])
def test_gcs_descriptions_with_the_stimulus_first_or_words_between(note: str, component: int, expected: str) -> None:
    from tests.unit.extraction._rules import gcs_of
    assert gcs_of(note)[component] == expected


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
def test_gcs_components_from_descriptions_2(note: str, eye: int, verbal: int, motor: int) -> None:
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


E_2, V_2, M_2 = GCS_EYE, GCS_VERBAL, GCS_MOTOR


_gcs = gcs_of


@pytest.mark.parametrize("note, eye, verbal, motor", [
    ("GCS 9 (E2 V3 M4) on arrival.", 2, 3, 4),
    ("GCS 13 (E3 + V4 + M6).", 3, 4, 6),
    ("GCS E3/V4/M5 = 12.", 3, 4, 5),
    ("Neuro obs: Eyes 2, Verbal 2, Motor 4 (GCS 8).", 2, 2, 4),
    ("Eye opening: 3/4; Verbal: 4/5; Motor: 6/6.", 3, 4, 6),
    ("GCS: eye 3, verbal 3, motor 5 = 11", 3, 3, 5),
    ("GCS 3T (E1 VT M1), intubated on arrival.", 1, 0, 1),
    ("ICU: intubated and sedated on propofol. GCS E2 VT M5.", 2, 0, 5),
    ("Intubated, eyes open to pain, localises to pain, verbal not assessable.", 2, 0, 5),
    ("On arrival GCS E2V2M4; after naloxone GCS E4V5M6.", 2, 2, 4),
    ("Initial GCS was 8 (E2 V2 M4). Repeat GCS at 2 h: 12 (E3 V4 M5).", 2, 2, 4),
    ("He opened his eyes to sternal rub, made incomprehensible sounds and had decorticate posturing.", 2, 2, 3),
    ("A&O x3, moves all extremities on command, eyes open spontaneously.", 4, 5, 6),
    ("Eyes opened to voice. Speech confused. Obeys commands.", 3, 4, 6),
    ("No eye opening, no verbal response, withdraws to pain.", 1, 1, 4),
    ("Abnormal extension of all limbs to a painful stimulus; eyes do not open; no sounds.", 1, 1, 2),
    ("Confused, eyes open spontaneously, localises to pain.", 4, 4, 5),
    ("SBAR - S: found on floor. B: dementia. A: GCS 10 - E3 V2 M5. R: CT head.", 3, 2, 5),
    ("GCS 3 (E1V1M1), pupils fixed.", 1, 1, 1),
    ("GCS 14/15 (E4, V4, M6).", 4, 4, 6),
    ("Triage: GCS 11 E-3 V-3 M-5", 3, 3, 5),
    ("GCS 10 (eyes 3, verbal 2, motor 5)", 3, 2, 5),
    ("Opens eyes to command, mumbles, flexes arms abnormally to pain.", 3, 2, 3),
    ("Moans to stimulus, eyes closed, extensor posturing.", 1, 2, 2),
    ("GCS 7 (E1 V2 M4) before intubation; now sedated, GCS 3T.", 1, 2, 4),
    ("Neuro obs chart:\n08:00  E3 V4 M6\n10:00  E2 V2 M5", 3, 4, 6),
    ("Lying with her eyes closed, snoring. Wakes to voice, oriented, obeys.", 3, 5, 6),
])
def test_gcs(note: str, eye: int, verbal: int, motor: int) -> None:
    assert _gcs(note) == (E_2[eye], V_2[verbal], M_2[motor])


E_3, V_3, M_3 = GCS_EYE, GCS_VERBAL, GCS_MOTOR


CASES = [
    # eye opening
    ("Opens his eyes when his name is called, uses random words out of context, localises to supraorbital pressure.", 3, 3, 5),
    ("ED triage: eyes open to a shout; moaning; withdraws L arm to nailbed pressure.", 3, 2, 4),
    ("Opens eyes to touch, oriented to person, place and time, obeys commands.", 3, 5, 6),
    ("Eyes opened to a gentle shake of the shoulder. Confused - gave the wrong year. Obeys commands.", 3, 4, 6),
    ("Eyes open only to a painful stimulus; groans; abnormal flexion of both upper limbs.", 2, 2, 3),
    ("Does not open eyes even to a painful stimulus. No verbal response. Extensor posturing.", 1, 1, 2),
    ("No eye opening to voice; eyes opened to trapezius squeeze. Incomprehensible sounds. Withdraws from pain.", 2, 2, 4),
    ("She opened her eyes when spoken to and answered questions appropriately; moves all limbs to command.", 3, 5, 6),
    ("Eyes opened only after a trapezius pinch, made no sounds, and her arms stiffly extended with internal rotation "
     "(decerebrate).", 2, 1, 2),
    ("Eyes: to sound. Verbal: confused. Motor: localising.", 3, 4, 5),
    # verbal
    ("Eyes open spontaneously. Says words that do not fit the conversation. Obeys commands.", 4, 3, 6),
    ("Speech consisted of random words, swearing; no conversational exchange. Localises.", 4, 3, 5),
    ("Words were out of context and did not answer the questions asked.", 4, 3, 6),
    ("Verbal: inappropriate (random words only).", 4, 3, 6),
    ("He moaned but spoke no recognisable words.", 4, 2, 6),
    ("Only groans in response to sternal rub.", 4, 2, 6),
    ("Conversing, but disorientated in time: believes it is 1985.", 4, 4, 6),
    ("Alert, talking in sentences, but thought she was at the supermarket and gave the wrong year.", 4, 4, 6),
    ("Knows her name but not where she is or the year.", 4, 4, 6),
    ("A&O x3, MAE, follows commands.", 4, 5, 6),
    ("Oriented to time, place and person; speech fluent.", 4, 5, 6),
    # motor
    ("Her right hand moved to the site of pain when the trapezius was squeezed.", 4, 5, 5),
    ("Brings his hand across the midline towards the stimulus.", 4, 5, 5),
    ("On supraorbital pressure he raised his hand above the clavicle towards the examiner's hand.", 4, 5, 5),
    ("Tried to push the stimulus away with his left hand.", 4, 5, 5),
    ("Grabbed the examiner's hand during the sternal rub.", 4, 5, 5),
    ("Normal flexion to pain (withdrawal) in all four limbs.", 4, 5, 4),
    ("Withdraws to pain.", 4, 5, 4),
    ("Abnormal flexion: slow, stereotyped flexion of the arms with the thumb across the palm.", 4, 5, 3),
    ("Decorticate posturing to nail bed pressure.", 4, 5, 3),
    ("Extension to pain with internal rotation of the shoulders.", 4, 5, 2),
    ("No response to pain in any limb; flaccid.", 4, 5, 1),
    # several assessments: the first / pre-sedation one counts
    ("On arrival (before sedation) eyes opened to voice, confused, obeyed commands. After propofol for intubation: no eye "
     "opening, no verbal response, no motor response.", 3, 4, 6),
    ("Pre-intubation: opened eyes to pain, moaning, abnormal flexion. Post-intubation sedated, GCS 3T.", 2, 2, 3),
    ("Initial assessment: eyes opened when his name was called, random words, localised. Two hours later after "
     "naloxone he was oriented with eyes open spontaneously.", 3, 3, 5),
    ("Discharge summary. On admission he opened his eyes to speech, was disoriented to place and localised to pain. "
     "At discharge: alert, oriented, obeying commands, GCS 15.", 3, 4, 5),
    # nursing charts / SBAR / shorthand
    ("Neuro obs 02:00 - Eyes: to speech; Verbal: confused; Motor: obeys.\nNeuro obs 04:00 - Eyes: to pain; Verbal: "
     "sounds; Motor: localises.", 3, 4, 6),
    ("Neuro obs:\nTime | Eye opening | Best verbal | Best motor\n20:00 | to pain | sounds | withdraws\n"
     "22:00 | spontaneous | confused | obeys", 2, 2, 4),
    ("S: reduced consciousness. B: fall at home. A: opens eyes to voice, muttering inappropriate words, localises to "
     "pain. R: CT head.", 3, 3, 5),
    ("Nursing: Eyes open to name. Speech garbled, incomprehensible. Withdrew from pinch.", 3, 2, 4),
    ("Opens eyes to command, makes only grunting noises, localises.", 3, 2, 5),
    ("Pt denies headache. Eyes open to verbal stimuli; confused, doesn't know the month; obeys.", 3, 4, 6),
    ("Past: oriented at baseline per family. Now: eyes open to voice, confused, follows commands.", 3, 4, 6),
    ("GCS chart\nTime      20:00        22:00\nEyes      to pain      to speech\nVerbal    sounds       confused\n"
     "Motor     flexion      localises", 2, 2, 3),
    ("Hand reaches across to the examiner's hand at the trapezius.", 4, 5, 5),
    ("Crossed the midline with the left hand towards the supraorbital stimulus.", 4, 5, 5),
    ("CT head: large mass crossing the midline. Alert, oriented, obeys commands.", 4, 5, 6),
    ("Abdominal pain, localised to the right iliac fossa. Alert and oriented.", 4, 5, 6),
    ("Not localising; withdraws from pain.", 4, 5, 4),
    ("Eyes open spontaneously, usually oriented but today confused about the date, obeys commands.", 4, 4, 6),
]


@pytest.mark.parametrize("note, eye, verbal, motor", CASES)
def test_gcs_components_in_words(note: str, eye: int, verbal: int, motor: int) -> None:
    assert gcs_of(note) == (E_3[eye], V_3[verbal], M_3[motor])


@pytest.mark.parametrize("note, motor", [
    ("When asked to squeeze their hands and then to lift each arm and leg in turn, she did so correctly.",
     "obeys commands"),
    ("To trapezius pressure his arms bent slowly at the elbows and wrists, with the arms drawn in towards the chest.",
     "flexion to pain"),
])
def test_motor_response_in_words(note: str, motor: str) -> None:
    assert value(gcs_motor, f"A 70-year-old found on the floor. {note}") == motor


def test_asked_to_move_but_did_not_is_no_obeying() -> None:
    assert value(gcs_motor, "A 70-year-old. He was asked to squeeze my hand but did not.") is None


# --- the eyes as 'they', a stimulus 'during', voice and touch tried without pain (issue 26, item 5) --------------------
@pytest.mark.parametrize("note, eye", [
    ("Eyes shut; he did not open them when the nurse spoke to him or shook his arm; they opened only during nail-bed "
     "pressure.", "eye opening to pain"),
    ("She lay with her eyes closed, and they opened briefly when her husband called her name.",
     "eye opening to verbal command"),
    ("He kept his eyes closed but they opened with a firm trapezius squeeze.", "eye opening to pain"),
])
def test_eyes_named_then_they_open(note: str, eye: str) -> None:
    assert value(gcs_eye, f"An 80-year-old brought in drowsy. {note}") == eye


def test_they_open_without_eyes_nearby_is_not_read() -> None:
    # near miss: 'they' are not the eyes
    assert value(gcs_eye, "An 80-year-old brought in drowsy. The ward doors were locked; they opened only to a swipe card.") is None


def test_not_opening_to_voice_or_touch_is_not_no_eye_opening() -> None:
    # pain was not tried: the eyes' best response is not known to be 'none'
    assert value(gcs_eye, "Drowsy. He did not open his eyes when his daughter called his name or touched his hand.") is None
    # near miss: every stimulus, pain included, failed
    assert value(gcs_eye, "Unresponsive. He did not open his eyes even to a sternal rub.") == "no eye opening"


@pytest.mark.parametrize("note, verbal", [
    ("Asked where he was, he called out isolated words like 'garden' and 'Mary', without answering the question.",
     "inappropriate words"),
    ("She produced clear words but without forming any sentences.", "inappropriate words"),
    ("Her verbal response could not be assessed because of the tracheostomy.", "not testable"),
])
def test_verbal_response_in_narrative_words(note: str, verbal: str) -> None:
    assert value(gcs_verbal, f"A 75-year-old found on the floor. {note}") == verbal


def test_single_words_from_breathlessness_are_not_inappropriate_words() -> None:
    # near miss: an asthmatic 'speaking in single words' is breathless, not a GCS verbal grade
    assert value(gcs_verbal, "Acute asthma: speaking in single words only, oriented to time and place.") == "oriented"
