"""General reading rules found from the development half of blind3 (app/data/dev/blind3.csv, Note IDs ending '-1';
issue 13, branch issue13e). Every sentence here was written for these tests: none is taken from a benchmark note.

Rules: an age after a title and dotted initials ('Ms K.L., 66 yrs.'); a two-digit '67F' after a heading's dash in any
case (one digit, a device or a temperature heading stay out); a cycle length after 'regular,'; a goal BMI written a
few words after the goal ('aim for a BMI of 25'); CURB-65 confusion from the abbreviated mental test (<= 8 of 10,
Lim et al. 2003) and 'muddled'; the difference of two measured calf circumferences (Wells DVT, > 3 cm); a troponin
against the lab's stated upper limit (HEART bands); GCS eyes opening 'when we speak to him' and a verbal response
described as muddled or not knowing the place or time.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import calc_rules as R
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calc_sources import NoteContext
from tests.unit.extraction._rules import args_of, value


def age_sex(note: str) -> tuple:
    found = extract(note)
    age, sex = found.get("age"), found.get("sex")
    return (None if age is None else age.value), (None if sex is None else sex.value)


# --- A. an age after a title and dotted initials -----------------------------------------------------------------


@pytest.mark.parametrize("note, age, sex", [
    ("Ms K.L., 66 yrs. Referred with palpitations.", 66.0, "Female"),
    ("Mr P. J. R., 59 years, retired joiner.", 59.0, "Male"),
    ("Mrs T.B., 81, lives alone with carers twice daily.", 81.0, "Female"),
    ("Clinic letter re: Mr D.W., 47 yrs\nSeen today for review.", 47.0, "Male"),
    # the names already read stay read
    ("Re: Mrs Helen Marsh, 58 years", 58.0, "Female"),
    ("Mr A Mehta, 58 years. Known angina.", 58.0, "Male"),
])
def test_age_after_a_title_and_initials(note: str, age: float, sex: str) -> None:
    assert age_sex(note) == (age, sex)


def test_initials_without_an_age_give_no_age() -> None:
    # a number after the initials that is not an age ('room 12') is not read
    assert age_sex("Mrs K.L., room 12, bay 3.")[0] is None


# --- B. '67F' after a heading's dash, in any case -------------------------------------------------------------------


@pytest.mark.parametrize("note, age, sex", [
    ("Medical take - 83M\nPC: breathless for two days.", 83.0, "Male"),
    ("ward round – 67F with productive cough", 67.0, "Female"),
    ("Surgical admission — 45M\nRIF pain since last night.", 45.0, "Male"),
])
def test_two_digit_age_after_a_heading_dash(note: str, age: float, sex: str) -> None:
    assert age_sex(note) == (age, sex)


@pytest.mark.parametrize("note", [
    "Catheter - 8F\nflushed and patent.",  # one digit: a French size
    "Foley catheter - 14F inserted on the ward.",  # a device heading
    "Drain - 12F sutured in place.",
    "Temp 38 - 99F",  # a number in the heading, and Fahrenheit
    "Oral temp - 99F this morning.",
])
def test_heading_dash_sizes_and_temperatures_are_not_ages(note: str) -> None:
    assert age_sex(note)[0] is None


# --- C. a cycle length after 'regular,' ---------------------------------------------------------------------------


@pytest.mark.parametrize("note, days", [
    ("LMP 03/01/2024. Cycles: regular, every 26 days.", 26),
    ("LMP 03/01/2024. Cycle regular, about 30 days.", 30),
    ("LMP 03/01/2024. Cycle length: 35 days.", 35),
])
def test_cycle_length_after_a_comma(note: str, days: int) -> None:
    assert extract(note)["cycle_length"].value == days


@pytest.mark.parametrize("note", [
    "LMP 03/01/2024. Cycle: irregular, 25-40 days.",  # irregular, a range
    "LMP 03/01/2024. Cycles regular, 28-30 days.",  # a range is not one length
])
def test_cycle_ranges_and_irregular_cycles_give_no_length(note: str) -> None:
    assert extract(note).get("cycle_length") is None


# --- D. a goal BMI -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("note, bmi", [
    ("Target BMI is 23.2 kg/m^2.", 23.2),
    ("Her BMI goal of 24 was discussed at length.", 24.0),
    ("We agreed to aim for a BMI of 25 kg/m2 over the next year.", 25.0),
    ("Goal set together with him today: a BMI of 26.", 26.0),
    ("Longer-term target agreed in clinic - BMI of 27 kg/m2.", 27.0),
])
def test_target_bmi_written_as_a_goal(note: str, bmi: float) -> None:
    assert value(R.target_bmi, note) == bmi


@pytest.mark.parametrize("note", [
    "Target: weight loss, current BMI 34.",  # the present BMI
    "Aim to lose weight, BMI now 31.",
    "Goal: weight loss, BMI 33 today.",
    "Goal: lose weight. BMI 31.",  # another sentence
    "Target weight 70 kg, BMI 31.",  # a number in between
    "Target HbA1c 48; BMI 30.",
    "Ideal body weight 60 kg. BMI 29.",
])
def test_a_present_bmi_is_not_the_target(note: str) -> None:
    assert value(R.target_bmi, note) is None


def test_target_weight_reads_a_goal_bmi() -> None:
    args = args_of("target_weight", "Height 172 cm. We agreed to aim for a BMI of 24 kg/m2.")
    assert args["target_bmi"] == 24.0


# --- E. CURB-65 confusion: AMT <= 8 of 10, 'muddled' ----------------------------------------------------------------


@pytest.mark.parametrize("note, confused", [
    ("AMT 7/10 on the ward.", True),
    ("Abbreviated mental test score 5 out of 10.", True),
    ("AMTS: 8/10.", True),  # 8 is still confusion
    ("AMT 9/10.", False),
    ("AMT 10/10, not confused.", False),
    ("AMT 10/10 but disorientated to place.", True),  # new disorientation counts by itself
    ("Her son says she is muddled today.", True),
    ("Wife reports he has been muddled since yesterday; AMT 10/10 now.", True),
    ("No confusion. AMT4 3/4.", False),  # the four-item AMT4 is another scale
    ("Not muddled, chatting normally.", False),
])
def test_curb65_confusion(note: str, confused: bool) -> None:
    assert value(R.curb65_confusion, note) is confused


@pytest.mark.parametrize("note", ["4AT score 2.", "AMT not done.", "Cough and fever for three days."])
def test_curb65_confusion_not_decided(note: str) -> None:
    assert value(R.curb65_confusion, note) is None


def test_curb65_reads_the_amt() -> None:
    args = args_of("curb_65", "82-year-old woman with pneumonia. AMT 6/10. RR 24, BP 100/60, urea 8 mmol/L.")
    assert args["confusion"] is True and args["age"] == 82.0


def test_muddled_is_a_confusion_concept() -> None:
    ctx = NoteContext("His daughter finds him muddled this evening.")
    assert any(not f.negated for f in ctx.findings("confusion"))


# --- F. two measured calf circumferences ------------------------------------------------------------------------------


@pytest.mark.parametrize("note, swollen", [
    ("L calf circumference 41 cm vs R 37 cm.", True),
    ("Right calf 36.5 cm compared with left calf 33 cm.", True),
    ("Calf circumference: R 40 cm and L 36 cm.", True),
    ("Calf girth left 39 cm, right 35 cm.", True),
    ("Lt calf 380 mm versus Rt calf 345 mm.", True),  # mm: 3.5 cm
    ("Right calf 36 cm compared with left calf 33 cm.", False),  # exactly 3 cm is not > 3 cm
    ("L calf 41.2 cm vs R 38.2 cm.", False),  # 3 cm without a rounding error
    ("R calf circumference 37 cm vs L 35 cm.", False),
    ("Left calf 35 cm and right calf 35 cm.", False),
    ("L calf 4 cm > R.", True),  # the stated difference still reads
])
def test_calf_swelling_from_two_circumferences(note: str, swollen: bool) -> None:
    assert value(R.calf_swelling_3cm, note) is swollen


@pytest.mark.parametrize("note", [
    "R calf 38 cm, L thigh 50 cm.",  # not the other calf
    "L calf circumference 40 cm vs L ankle 30 cm.",  # the same side
    "R calf tender, L 2 cm scar over the shin.",
])
def test_calf_measures_that_are_not_a_comparison(note: str) -> None:
    assert value(R.calf_swelling_3cm, note) is None


# --- G. HEART troponin against the lab's stated limit ------------------------------------------------------------------


@pytest.mark.parametrize("note, band", [
    ("hs-TnT (0 h): 22 ng/L (99th percentile URL 14 ng/L).", "1-3x normal limit"),
    ("hs-cTnI at 0h 40 ng/L, upper limit of normal 14 ng/L; at 3h 60 ng/L.", "1-3x normal limit"),
    ("Troponin I 0.09 ng/mL (ULN 0.04).", "1-3x normal limit"),
    ("Trop 45 (ref < 34).", "1-3x normal limit"),
    ("Troponin T 30 ng/L (normal < 14 ng/L).", "1-3x normal limit"),
    ("Troponin 12 ng/L (upper reference limit 16 ng/L).", "<= normal limit"),
    ("Troponin 14 ng/L (ULN 14).", "<= normal limit"),  # equal to the limit
    ("Troponin I 0.2 ng/mL (URL 40 ng/L).", ">3x normal limit"),  # the limit in another unit
    ("Troponin 60 ng/L (reference range 0-14).", ">3x normal limit"),
])
def test_troponin_against_a_stated_limit(note: str, band: str) -> None:
    assert value(R.heart_troponin, note) == band


@pytest.mark.parametrize("note", [
    "Troponin 25 ng/L.",  # no limit given: the band is not decided
    "Troponin pending; ULN 14 ng/L.",  # no value
    "hs-TnI sent at 0 h.",
])
def test_troponin_without_a_limit_or_value_is_not_banded(note: str) -> None:
    assert value(R.heart_troponin, note) is None


# --- H. GCS: eyes open when spoken to, a muddled or disoriented talker ----------------------------------------------------


@pytest.mark.parametrize("note", [
    "She opens her eyes when we speak to her.",
    "He opens his eyes when I talk to him.",
    "Eyes open when spoken to.",
    "Opens eyes to voice.",
])
def test_eyes_opening_when_spoken_to(note: str) -> None:
    assert value(R.gcs_eye, note) == "eye opening to verbal command"


def test_eyes_open_spontaneously_is_not_to_voice() -> None:
    assert value(R.gcs_eye, "Eyes open spontaneously, tracking the room.") == "eyes open spontaneously"


@pytest.mark.parametrize("note, verbal", [
    ("Speaking in full sentences but muddled.", "confused"),
    ("Talks in sentences, but does not know where she is.", "confused"),
    ("Chatting but doesn't know what month it is.", "confused"),
    ("Fully oriented; knows where she is and the date.", "oriented"),
    ("Not muddled, oriented to time and place.", "oriented"),
])
def test_verbal_response_described(note: str, verbal: str) -> None:
    assert value(R.gcs_verbal, note) == verbal


def test_knowing_where_one_is_is_not_confusion() -> None:
    assert value(R.gcs_verbal, "He does know where he is.") is None
