"""General rules from the failures of blind6's development notes (`-1`), each tested on sentences written for this test
in other words and layouts (none is a sentence of a dev note or a benchmark note): CKD stage written after the disease's
name (Charlson), blood coughed up described (haemoptysis), the site of a calf measurement between label and values and
tenderness 'along the course of' the deep veins (Wells DVT), a troponin's time point described before the value
(HEART), a time in therapeutic range with its period and poor INR control in words (HAS-BLED), and the first
time-stamped entry of an observation chart as the GCS's first assessment."""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import extract
from tests.unit.extraction._rules import args_of


@pytest.mark.parametrize("note, expected", [
    ("PMH: chronic kidney disease stage 4, followed by nephrology.", True),
    ("Chronic renal failure, stage 5, not yet on dialysis.", True),
    ("CKD G4 (eGFR 19).", True),
    ("Chronic kidney disease (stage 3b).", True),
    ("Chronic kidney disease stage 2, creatinine 1.1 mg/dL.", False),
])
def test_charlson_ckd_stage_after_the_disease_name(note: str, expected: bool) -> None:
    assert args_of("charlson", note)["moderate_severe_ckd"] is expected


@pytest.mark.parametrize("note, expected", [
    ("Overnight she coughed up flecks of dark red blood.", True),
    ("He has been coughing up small amounts of fresh blood since Tuesday.", True),
    ("Sputum streaked with blood this morning.", True),
    ("Productive cough, no blood-streaked sputum.", False),
])
def test_haemoptysis_described(note: str, expected: bool) -> None:
    assert extract(note).has_finding("hemoptysis") is expected


@pytest.mark.parametrize("note, expected", [
    ("Calf girth 10 cm below the tibial tuberosity: R 44 cm, L 39 cm.", True),
    ("Calf circumference (measured 15 cm below the patella): left 35 cm, right 34 cm.", False),
    ("R calf circumference 12 cm distal to the knee joint 40 cm vs L 36 cm.", True),
])
def test_calf_measurement_site_between_label_and_values(note: str, expected: bool) -> None:
    assert args_of("wells_dvt", note)["calf_swelling"] is expected


def test_tenderness_along_the_course_of_the_deep_veins() -> None:
    assert args_of("wells_dvt", "Tenderness along the course of the right popliteal vein.")["localized_tenderness"] is True
    assert args_of("wells_dvt", "Marked tenderness along the course of the deep veins of the left calf.")["localized_tenderness"] is True


@pytest.mark.parametrize("note, band", [
    ("hs-TnT (2 h, after the first sample): 80 ng/L (URL 14 ng/L).", ">3x normal limit"),
    ("Troponin I (0 h, at triage) 20 ng/L (99th percentile 16 ng/L).", "1-3x normal limit"),
])
def test_troponin_time_point_described_before_the_value(note: str, band: str) -> None:
    assert args_of("heart_score", note)["initial_troponin"] == band


@pytest.mark.parametrize("note, expected", [
    ("Time in therapeutic range over the past 12 months: 52%.", True),
    ("TTR during the last 6 months 71%.", False),
    ("Her INR control has been erratic since the antibiotics.", True),
    ("Poor INR control on warfarin, INRs swinging between 1.4 and 5.", True),
])
def test_labile_inr_from_the_time_in_range_or_words(note: str, expected: bool) -> None:
    assert args_of("has_bled", note)["labile_inr"] is expected


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
