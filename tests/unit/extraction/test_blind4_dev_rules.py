"""General reading rules found from the development half of blind4 (app/data/dev/blind4.csv, Note IDs ending '-1';
issue 13, branch issue13g). Every sentence here was written for these tests: none is taken from a benchmark note.

Rules: a paracentesis the note denies ('no paracentesis needed') does not make ascites moderate (Child-Pugh);
tenderness along named deep veins listed together ('tender along the L popliteal and posterior tibial veins', Wells DVT);
'not himself' / 'not her usual self' is an idiom (a pseudo-trigger), not a negation of the AMT score after it (CURB-65);
a urine output with its 24 hours named before the volume ('Urine output last 24 h: 420 mL', SOFA renal);
a MAP target ('to keep MAP > 65', 'target MAP 65-70') is not a MAP reading;
a weekly alcohol total stated after the partial amounts of its sentence ('... - roughly 12 drinks/week') is the amount read;
a cycle 'every N days' a few words after 'cycles' / 'periods' (not irregular, not a range); a date marked '(today)'.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import calc_rules as R
from medmirror.tools.extraction import extract
from tests.unit.extraction._rules import args_of, value

# --- A. Child-Pugh ascites: a denied paracentesis is not a grade -------------------------------------------------


@pytest.mark.parametrize("note", [
    "Known cirrhosis. Mild ascites on diuretics; no paracentesis needed.",
    "Cirrhosis (NASH). A little ascites on ultrasound, paracentesis not required.",
    "HCV cirrhosis. Small-volume ascites controlled with furosemide and spironolactone, paracentesis was not needed.",
    "Liver clinic: slight ascites only, so no paracentesis so far.",
])
def test_denied_paracentesis_leaves_slight_ascites(note: str) -> None:
    assert value(R.ascites_grade, note) == "slight"


@pytest.mark.parametrize("note", [
    "Known cirrhosis. Ascites requiring paracentesis every two weeks.",
    "Alcohol-related cirrhosis. Ascites, drained by paracentesis last week.",
    "Cirrhosis with ascites; diagnostic and therapeutic paracentesis on Monday.",
])
def test_a_paracentesis_done_still_grades_moderate(note: str) -> None:
    assert value(R.ascites_grade, note) == "moderate"


# --- B. Wells DVT: tenderness along named deep veins, listed together ------------------------------------------------


@pytest.mark.parametrize("note", [
    "Right leg: tender along the R femoral and popliteal veins.",
    "Exam: tenderness over the left popliteal and posterior tibial veins, calf soft.",
    "Marked tenderness along the common femoral and superficial femoral veins on the left.",
    "He is tender along the peroneal and posterior tibial veins of the right leg.",
])
def test_tenderness_along_named_deep_veins(note: str) -> None:
    assert args_of("wells_dvt", note)["localized_tenderness"] is True


@pytest.mark.parametrize("note", [
    "Not tender along the left femoral and popliteal veins.",
    "No tenderness over the popliteal or posterior tibial veins.",
])
def test_denied_tenderness_along_named_deep_veins(note: str) -> None:
    assert args_of("wells_dvt", note)["localized_tenderness"] is False


# --- C. 'not himself' is an idiom, not a negation of what follows (CURB-65 confusion from the AMT) -------------------


@pytest.mark.parametrize("note", [
    'Pneumonia, 79-year-old man. Wife says he has been "not himself" since Tuesday - AMT 5/10 on the ward.',
    "84F with CAP. Carer reports she is not her usual self; abbreviated mental test score 7 out of 10.",
    "Not quite himself this week, AMT 6/10 on arrival. RR 26, BP 96/54.",
])
def test_not_himself_does_not_negate_a_low_amt(note: str) -> None:
    assert args_of("curb_65", note)["confusion"] is True


def test_not_himself_keeps_real_negations() -> None:
    # a negation outside the idiom still negates
    assert args_of("curb_65", "Daughter feels he is not himself, but he is not confused and AMT is 10/10.")["confusion"] is False


# --- D. urine output with its 24 hours named before the volume -----------------------------------------------------


@pytest.mark.parametrize("note, ml", [
    ("Fluid balance. Urine output last 24 h: 380 mL.", 380.0),
    ("UO past 24 hours 1.2 L, positive balance 2 L.", 1200.0),
    ("Urine output (24 h): 610 mL despite furosemide.", 610.0),
    ("Urine output in the last 24 hrs - 455 ml.", 455.0),
    ("Renal: urine output previous 24h 900 mL.", 900.0),
    # an hourly rate is still multiplied by 24
    ("Urine output 20 mL/h overnight.", 480.0),
])
def test_urine_output_with_24_hours_before_the_volume(note: str, ml: float) -> None:
    assert value(R.urine_output, note) == pytest.approx(ml)


# --- E. a MAP target is not a MAP reading ----------------------------------------------------------------------------


@pytest.mark.parametrize("note", [
    "Septic shock: noradrenaline titrated to keep MAP > 65.",
    "Vasopressin added, target MAP 65-70 mmHg.",
    "On norepinephrine 0.2 mcg/kg/min, MAP goal >= 65 mmHg.",
    "Plan: fluids and pressors aiming for a MAP above 65.",
])
def test_a_map_target_is_not_read(note: str) -> None:
    assert value(R.mean_arterial_pressure, note) is None


@pytest.mark.parametrize("note, mmhg", [
    ("BP 84/40, MAP 55 mmHg on arrival.", 55.0),
    ("MAP 58 despite 2 L crystalloid; target MAP > 65.", 58.0),
    ("Mean arterial pressure was 62 mmHg.", 62.0),
])
def test_a_map_reading_is_still_read(note: str, mmhg: float) -> None:
    assert value(R.mean_arterial_pressure, note) == mmhg


def test_a_map_falling_to_a_value_is_a_reading() -> None:
    assert value(R.mean_arterial_pressure, "After induction the pressure fell to a MAP of 52 mmHg.") == 52.0


# --- F. alcohol: a stated weekly total after the partial amounts ----------------------------------------------------


def drinks(note: str):  # noqa: ANN201
    found = extract(note).get("alcohol_drinks_per_week")
    return None if found is None else found.value


@pytest.mark.parametrize("note, n", [
    ("Social history: 4 pints at the weekend and wine with dinner - about 12 drinks per week.", 12.0),
    ("Drinks 2 cans of lager a night plus spirits on Saturdays, i.e. roughly 20 drinks/week.", 20.0),
    ("EtOH: 3 glasses of wine a day and 6 beers at weekends, 27 drinks a week in total.", 27.0),
    ("Alcohol 2 drinks per day, which comes to 14 drinks a week.", 14.0),
    # no total: the first amount, as before
    ("Alcohol: 6 beers per week, no spirits.", 6.0),
    ("Drinks 2 glasses of wine a day.", 14.0),
])
def test_a_weekly_total_after_partial_amounts_is_read(note: str, n: float) -> None:
    assert drinks(note) == pytest.approx(n)


def test_amounts_in_different_sentences_are_not_a_total() -> None:
    # the first sentence's amount stays first: a later sentence is not a sum of it
    assert drinks("Drinks 10 beers a week. Brother: 40 drinks a week.") == pytest.approx(10.0)


# --- G. obstetric dates: a cycle 'every N days' after other words; a date marked '(today)' -------------------------


def dates_of(note: str) -> tuple:
    found = extract(note)
    cur, cyc = found.get("current_date"), found.get("cycle_length")
    return (None if cur is None else cur.value), (None if cyc is None else cyc.value)


@pytest.mark.parametrize("note, days", [
    ("G3P2. Her cycles are regular but quite short, every 24 days.", 24.0),
    ("Periods come like clockwork every 35 days.", 35.0),
    ("Menses regular, reliably every 30 days since menarche.", 30.0),
])
def test_cycle_every_n_days_after_other_words(note: str, days: float) -> None:
    assert dates_of(note)[1] == days


@pytest.mark.parametrize("note", [
    "Cycles irregular, sometimes every 40 days.",
    "Periods every 25 to 40 days.",
    "Her periods are heavy; she changes pads every 2 hours.",
])
def test_irregular_or_ranged_cycles_are_not_one_length(note: str) -> None:
    assert dates_of(note)[1] is None


@pytest.mark.parametrize("note, iso", [
    ("Antenatal triage 14/03/2026 (today). LMP 01/09/2025.", "2026-03-14"),
    ("Seen on the day unit, 3 June 2026 (today's date); LMP 10 January 2026.", "2026-06-03"),
    ("Phone consult - 08/12/2026 (today)\nLMP 05/30/2026, sure of dates.", "2026-08-12"),
])
def test_a_date_marked_today_in_brackets_is_the_current_date(note: str, iso: str) -> None:
    assert dates_of(note)[0] == iso


def test_an_lmp_date_is_not_today() -> None:
    # without a date marked today's, an LMP date is not the current date
    assert dates_of("LMP 02/05/2026 (certain), reduced fetal movements today.")[0] is None


# --- GCS eyes: a denial of one stimulus is not 'no eye opening'; 'pressure' is the painful stimulus (GCS 2014) -------

@pytest.mark.parametrize("note", [
    "Neuro: no eye opening to voice; opens his eyes to pressure over the nail bed.",
    "E: no eye-opening to speech, eyes open only to supraorbital pressure.",
    "Eyes shut. No eye opening to his name being called, but opens eyes to pressure.",
])
def test_no_eye_opening_to_voice_then_opening_to_pressure_is_to_pain(note: str) -> None:
    assert value(R.gcs_eye, note) == "eye opening to pain"


@pytest.mark.parametrize("note", [
    "No eye opening to voice or pain.",
    "GCS assessment: no eye opening to voice or to pressure, no verbal output.",
    "No eye opening at all despite a sternal rub.",
])
def test_no_eye_opening_to_every_stimulus_is_still_none(note: str) -> None:
    assert value(R.gcs_eye, note) == "no eye opening"


def test_eye_field_to_pressure() -> None:
    assert value(R.gcs_eye, "GCS: Eyes: to pressure, Verbal: sounds, Motor: localises") == "eye opening to pain"
