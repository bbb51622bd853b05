"""GCS components described in words (Teasdale & Jennett 1974; the 2014 'structured approach' wording): words that are
random, out of context or do not fit the conversation are inappropriate words; moans / groans are sounds; a hand
brought to or across to the stimulus, the examiner's hand, the site of pain, across the midline or above the clavicle,
or trying to push the stimulus away, localises; withdrawal / normal flexion, abnormal (decorticate) flexion and
extension (decerebrate); eye opening when the name is called, when spoken to, to a shout or to touch / a shake is to
sound (3), only to a painful stimulus is to pain (2); oriented vs confused (wrong year / place); several assessments in
one note, where the first (pre-sedation, on arrival) one counts; nursing neuro-obs rows and tables.
Sentences written for this test in varied styles; none is taken from a benchmark note or from app/data/dev/."""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import GCS_EYE, GCS_MOTOR, GCS_VERBAL, gcs_of

E, V, M = GCS_EYE, GCS_VERBAL, GCS_MOTOR

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
    assert gcs_of(note) == (E[eye], V[verbal], M[motor])
