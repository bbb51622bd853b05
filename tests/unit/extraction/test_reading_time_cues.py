"""Which reading is the presenting one: the time cues of narrative notes (pluperfect values, a value a change reached,
an encounter with its own past time, samples 'taken at that time', a cardioversion, an aside between label and value)
and the doubts they leave."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import assess
from medmirror.tools.extraction.grounding import rule_arguments
from medmirror.tools.extraction.measurements import Scanner

from ._rules import args_of


def _readings(note: str, name: str) -> list:
    return Scanner(note).scan().get(name, [])


def _one(note: str, name: str, value: float):
    found = [r for r in _readings(note, name) if r.value == pytest.approx(value, abs=0.01)]
    assert found, [(r.value, r.unit) for r in _readings(note, name)]
    return found[0]


# --- a value of the pluperfect is of an earlier time ------------------------------------------------------------------

def test_had_been_marks_a_reading_past():
    r = _one("Her creatinine had been 1.0 mg/dL. Today creatinine is 2.2 mg/dL.", "creatinine", 1.0)
    assert r.baseline
    assert args_of("ckd_epi_2021", "A 70-year-old man. His creatinine had been 1.1 mg/dL at a routine check. "
                   "Bloods showed creatinine 2.3 mg/dL and potassium 5.1 mmol/L.")["creatinine"] == pytest.approx(2.3)


def test_had_been_blood_pressure_is_an_earlier_one():
    note = ("A 30-year-old woman at 35 weeks. Her blood pressure at the 20-week check had been 118/72 mmHg, "
            "and ten days ago it had been 132/84 mmHg. Her blood pressure was 172/108 mmHg with a headache.")
    args = args_of("mean_arterial_pressure", note)
    assert (args["systolic_bp"], args["diastolic_bp"]) == (172, 108)


def test_had_been_timed_as_the_presentation_stays_presenting():
    r = _one("Her sodium had been 127 mmol/L on arrival.", "sodium", 127)
    assert not r.baseline
    # 'had been' elsewhere in the sentence does not time the reading
    assert not _one("She had been vomiting for two days; sodium 129 mmol/L.", "sodium", 129).baseline


# --- the value a change reached is a later one ------------------------------------------------------------------------

def test_value_reached_by_a_change_is_later():
    assert _one("By week six his weight had fallen to 58 kg.", "weight", 58).details.get("later")
    assert _one("At review her weight had recovered to 64 kg.", "weight", 64).details.get("later")


def test_value_reached_but_timed_as_the_presentation_is_not_later():
    assert not _one("His creatinine had risen to 2.4 mg/dL on admission.", "creatinine", 2.4).details.get("later")
    assert not _one("His weight was 72 kg.", "weight", 72).details.get("later")


# --- an encounter with a past time of its own after the reading -------------------------------------------------------

@pytest.mark.parametrize("note, value", [
    ("She had a creatinine of 80 µmol/L at her last blood test in the autumn.", 0.905),
    ("His creatinine was 1.2 mg/dL at a clinic visit three months earlier.", 1.2),
    ("Her creatinine was 0.9 mg/dL at the previous bloods.", 0.9),
])
def test_encounter_with_a_past_time_marks_the_reading_past(note, value):
    assert _one(note, "creatinine", value).baseline


def test_encounter_without_a_past_time_does_not():
    assert not _one("Creatinine was 2.1 mg/dL at the clinic visit.", "creatinine", 2.1).baseline


# --- samples 'taken at that time' -------------------------------------------------------------------------------------

def test_samples_taken_at_that_time_follow_the_sentence_before():
    now = "At midnight the registrar was called to see her. Blood tests taken at that time showed sodium 156 mmol/L."
    assert not _one(now, "sodium", 156).baseline
    past = ("Ten years ago she had an episode of hepatitis. Blood tests taken at that time showed sodium 131 mmol/L.")
    assert _one(past, "sodium", 131).baseline
    # a copula with 'at that time' stays a past value, as before
    assert _one("Creatinine was 1.0 mg/dL at that time. Creatinine now 2.0 mg/dL.", "creatinine", 1.0).baseline


def test_an_ecg_recorded_at_that_time_is_the_presenting_one():
    note = ("A 50-year-old woman had perioral tingling on the evening after surgery. Her pulse was 84 per minute. "
            "An electrocardiogram recorded at that time showed sinus rhythm at 84 beats per minute with a QT interval of "
            "470 msec. Four hours later, after calcium gluconate, a repeat electrocardiogram showed a heart rate of 78 beats "
            "per minute and a QT interval of 410 msec.")
    assert args_of("qtc_bazett", note)["qt_interval"] == 470


# --- a cardioversion is a treatment -----------------------------------------------------------------------------------

def test_reading_after_cardioversion_is_later():
    note = ("The first ECG showed atrial flutter at 150 beats per minute; the QT interval was measured at 300 msec. "
            "The post-cardioversion ECG showed sinus rhythm at 70 beats per minute with a QT interval of 400 msec.")
    assert _one(note, "qt_interval", 400).details.get("later")
    assert not _one(note, "qt_interval", 300).details.get("later")
    assert args_of("qtc_bazett", note)["qt_interval"] == 300


# --- an aside between the label and its value -------------------------------------------------------------------------

@pytest.mark.parametrize("note, value", [
    ("She weighed 45 kg; her height, taken from her last hospital record, was 154 cm.", 154),
    ("Her height, measured from her arm span because of a marked kyphosis, was 148 cm.", 148),
])
def test_height_after_an_aside(note, value):
    assert _one(note, "height", value)


def test_aside_naming_another_quantity_is_not_read():
    assert not [r for r in _readings("Her height, like her weight, was 61 in the notes.", "height") if r.value == 61]


# --- dated readings and time doubts -----------------------------------------------------------------------------------

def test_first_results_on_referral_are_not_in_conflict_with_later_ones():
    note = ("A 66-year-old man was referred with back pain. The first set of results on referral showed sodium 141 mmol/L, "
            "chloride 109 mmol/L, bicarbonate 23 mmol/L and albumin 27 g/L. He started chemotherapy. After four cycles "
            "the paraprotein had fallen. His sodium was 138 mmol/L, chloride 103 mmol/L, bicarbonate 26 mmol/L and "
            "albumin 39 g/L.")
    g = rule_arguments(CALCULATORS["albumin_corrected_anion_gap"], note)
    assert g.param("chloride").status == "rule" and g.args["chloride"] == 109


def _assess(calc, note):
    g = rule_arguments(calc, note)
    return assess(calc, g.args, g.params, note)


def test_a_pre_operative_reading_beside_an_untimed_one_is_a_time_doubt():
    fwd = CALCULATORS["free_water_deficit"]
    note = ("A 40-year-old woman had pituitary surgery. Pre-operative sodium was 138 mmol/L. That night she passed "
            "large volumes of dilute urine and weighed 60 kg. The blood tests showed sodium 155 mmol/L.")
    conf = _assess(fwd, note)
    assert ("sodium", "time_point") in {(d.input, d.kind) for d in conf.doubts}
    assert conf.uncertain(0.7)


def test_a_later_cycle_is_no_rival_of_the_baseline_tracing():
    bazett = CALCULATORS["qtc_bazett"]
    note = ("A 55-year-old woman starting ribociclib. Her baseline electrocardiogram, recorded before the first dose, showed sinus rhythm at "
            "60 beats per minute with a QT interval of 400 msec. At the start of the third cycle the QT interval was "
            "440 msec at a heart rate of 64 per minute.")
    conf = _assess(bazett, note)
    assert not [d for d in conf.doubts if d.kind == "time_point"]
