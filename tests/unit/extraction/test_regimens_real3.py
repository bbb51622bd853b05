"""Dose notes written as case reports: the opioid regimen at admission, the steroid taken now (not a past course), a
target BMI named after its number."""

from __future__ import annotations

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.grounding import rule_arguments

from ._rules import args_of


def _drugs(note: str) -> dict:
    meds = args_of("morphine_milligram_equivalents", note).get("medications") or []
    return {(m["drug"] if isinstance(m, dict) else m.drug): (m["dose"] if isinstance(m, dict) else m.dose,
            m["doses_per_day"] if isinstance(m, dict) else m.doses_per_day) for m in meds}


# --- the opioid regimen at admission ----------------------------------------------------------------------------------

def test_admission_regimen_is_the_list():
    note = ("A 70-year-old man was admitted after a fall. At the time of admission he was using morphine sulfate "
            "extended-release 30 mg twice daily and hydrocodone 10 mg every 6 hours. On the ward he was given oxycodone "
            "5 mg every 4 hours as needed. The team calculated his morphine milligram equivalents. After surgery he "
            "needed extra oral morphine, 10 mg about four times a day.")
    assert _drugs(note) == {"Morphine": (30.0, 2.0), "HYDROcodone": (10.0, 4.0)}


def test_without_an_admission_sentence_every_current_opioid_counts():
    note = ("A 60-year-old woman with chronic back pain takes oxycodone 10 mg twice daily. She also uses "
            "hydromorphone 2 mg three times a day.")
    assert _drugs(note) == {"OxyCODONE": (10.0, 2.0), "HYDROmorphone": (2.0, 3.0)}


# --- the steroid taken now --------------------------------------------------------------------------------------------

STEROID_Q = "Based on the patient's dose of PredniSONE PO, what is the equivalent dosage in mg of Dexamethasone PO?"


def test_a_past_course_gives_way_to_the_current_dose():
    note = ("A 70-year-old man with COPD had two exacerbations in the past year, one treated with prednisone 30 mg daily. "
            "He was admitted and given prednisone 40 mg by mouth once daily.")
    g = rule_arguments(CALCULATORS["steroid_conversion"], note, question=STEROID_Q)
    assert g.args["dose"] == 40


def test_a_single_course_in_a_history_sentence_is_still_read():
    note = "A 50-year-old woman with a history of asthma on prednisone 10 mg daily was reviewed."
    g = rule_arguments(CALCULATORS["steroid_conversion"], note, question=STEROID_Q)
    assert g.args["dose"] == 10


# --- a target BMI named after its number ------------------------------------------------------------------------------

def test_target_bmi_set_after_its_number():
    note = ("She is 5'4\" tall. Because of the higher risk of complications, the programme required a body mass index of "
            "32 kg/m² or less, and the panel set this as her target.")
    assert args_of("target_weight", note)["target_bmi"] == 32


def test_target_bmi_not_set_is_not_read():
    note = ("She is 5'4\" tall. Her body mass index of 36 kg/m² was noted, and the panel did not set this as her target.")
    assert args_of("target_weight", note).get("target_bmi") is None
