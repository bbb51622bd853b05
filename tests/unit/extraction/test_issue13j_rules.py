"""Issue 13 (j): the Glasgow Coma Scale and the Centor score (Modified/McIsaac) read from the many ways clinicians write.

Rules tested here:
- GCS components in a row, E before V before M, with separators and words: 'E3 + V4 + M6', 'E3/V4/M5', 'E-3 V-3 M-5',
  'E2 V(T) M5', 'Eyes 2, Verbal 2, Motor 4', 'Eye opening: 3/4; Verbal: 4/5; Motor: 6/6' (V 'T' or '(T)' = not
  testable, scored full as MedCalc-Bench does); the first of several assessments.
- GCS eye: 'eyes do not open' is no eye opening (not '... to voice'); eyes closed in a sentence that names a painful
  stimulus and no opening is no eye opening ('eyes closed' alone may be sleep).
- Vocabulary '...' gaps: a form field's colon after the first word ('Tonsils: swollen', 'nodes: tender'), '2+' as a gap
  word, and no crossing of a comma that opens a denial ('Tonsils: enlarged, no exudate' is enlarged tonsils).
- ConText: a finding of an earlier encounter is past ('at his last visit', 'at the visit two weeks ago').
- Centor exudate or swelling: also an exudate / pus in a sentence about the tonsils, pharynx or throat, or a form field
  'Exudate: present' in a throat note; not an exudate of another site (wound, pleural, retinal ...).
- Centor nodes: 'cervical LAD', 'cervical LN tender'; lymphadenopathy of another region only (posterior cervical,
  axillary, inguinal ...) is not the anterior cervical nodes Centor scores.
Not solved (xfail): a positive finding listed after 'no X,' ('no lymphadenopathy, productive cough') stays in the
negation's scope, as ConText reads 'denies fever, chills, productive cough'.

Sentences written for this test in varied styles (ICU tables, triage shorthand, SBAR, nursing charts, clinic letters, form
fields); none is taken from a benchmark note or from app/data/dev/. A GCS component the note does not give scores full,
as the calculator's default (MedCalc-Bench) does.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import GCS_EYE, GCS_MOTOR, GCS_VERBAL, args_of, gcs_of

E, V, M = GCS_EYE, GCS_VERBAL, GCS_MOTOR
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
    assert _gcs(note) == (E[eye], V[verbal], M[motor])


CENTOR_DEFAULTS = {"exudate_or_swelling": False, "tender_nodes": False, "cough_absent": True, "temperature": None,
                   "age": None}


@pytest.mark.parametrize("note, expected", [
    ("16 yo F with sore throat x3 days. T 38.6 C. Tonsillar exudates bilaterally, tender anterior cervical LAD, no cough.",
     {"age": 16, "temperature": 38.6, "exudate_or_swelling": True, "tender_nodes": True, "cough_absent": True}),
    pytest.param("45M, sore throat, temp 101.3 F, tonsils erythematous without exudate, no lymphadenopathy, productive cough.",
                 {"age": 45, "exudate_or_swelling": False, "tender_nodes": False, "cough_absent": False},
                 marks=pytest.mark.xfail(strict=True, reason="a positive finding listed after 'no X,' stays in the negation's "
                                                        "scope (ConText); told apart from 'denies fever, chills, productive "
                                                        "cough' by no general rule")),
    ("Sore throat, denies cough or rhinorrhea.", {"cough_absent": True}),
    ("ROS: Cough: none. Fever: yes.", {"cough_absent": True}),
    ("ROS: Cough: yes. Sore throat: yes.", {"cough_absent": False}),
    ("Cough - absent. Coryza - absent.", {"cough_absent": True}),
    ("She has had a dry cough for two days.", {"cough_absent": False}),
    ("Exam: tonsils 2+ with white exudate bilaterally.", {"exudate_or_swelling": True}),
    ("Tonsils: enlarged, no exudate.", {"exudate_or_swelling": True}),
    ("Tonsils without exudate or swelling.", {"exudate_or_swelling": False}),
    ("Bilateral tonsillar hypertrophy, grade 3.", {"exudate_or_swelling": True}),
    ("Pharynx: erythematous; tonsils 3+ bilaterally with exudates.", {"exudate_or_swelling": True}),
    ("Sore throat review. Exudate: present. Anterior cervical nodes: tender.",
     {"exudate_or_swelling": True, "tender_nodes": True}),
    ("Sore throat. Wound on the left shin: exudate present.", {"exudate_or_swelling": False}),
    ("Pharyngitis. Inguinal lymphadenopathy noted.", {"tender_nodes": False}),
    ("Sore throat; cervical and axillary lymphadenopathy.", {"tender_nodes": True}),
    ("Tonsillar exudate at the visit two weeks ago. Today: tonsils normal, no exudate.", {"exudate_or_swelling": False}),
    ("Anterior cervical nodes tender and enlarged.", {"tender_nodes": True}),
    ("Neck supple, no cervical lymphadenopathy.", {"tender_nodes": False}),
    ("Small non-tender anterior cervical nodes palpable.", {"tender_nodes": False}),
    ("Posterior cervical lymphadenopathy only; anterior chain not enlarged.", {"tender_nodes": False}),
    ("Ant cervical LN tender bilaterally.", {"tender_nodes": True}),
    ("Neck: tender anterior cervical adenopathy.", {"tender_nodes": True}),
    ("Tmax 39.1 C today; pharyngitis.", {"temperature": 39.1}),
    ("9-year-old boy with a sore throat and fever of 38.4.", {"age": 9, "temperature": 38.4}),
    ("Temp 99.1 F, sore throat.", {"temperature": 37.3}),
    ("Cough: denies. Tonsils: swollen, exudative.", {"cough_absent": True, "exudate_or_swelling": True}),
    ("Clinic letter: 30-year-old woman with odynophagia. There was no tonsillar exudate. "
     "Cervical nodes were not tender. She has no cough.",
     {"age": 30, "exudate_or_swelling": False, "tender_nodes": False, "cough_absent": True}),
])
def test_centor(note: str, expected: dict) -> None:
    a = args_of("centor_mcisaac", note)
    got = {k: a.get(k, CENTOR_DEFAULTS[k]) for k in expected}
    if "temperature" in got and got["temperature"] is not None:
        got["temperature"] = round(float(got["temperature"]), 1)
    if "age" in got and got["age"] is not None:
        got["age"] = float(got["age"])
        expected = {**expected, "age": float(expected["age"])}
    assert got == expected
