"""Gastrointestinal grading and staging scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def _gold(cid: str, mid: int, raw: dict):
    calc = CALCULATORS[cid]
    args, notes = mdcalc_arguments(calc, mid, raw)
    assert not notes
    return calc.run(args)


def test_milan_criteria_with_mdcalc_inverted_codes():
    # MedRisk row 2031: single tumour <=5 cm; extrahep/majorvess code 1 = "No" -> within
    r = _gold("milan_criteria", 3900, {"onetumor": 1, "threetumor": 0, "extrahep": 1, "majorvess": 1})
    assert r.value == "Within" and "eligible" in r.interpretation
    # row 2045: neither tumour-burden criterion -> outside
    assert _gold("milan_criteria", 3900, {"onetumor": 0, "threetumor": 0, "extrahep": 1, "majorvess": 1}).value \
        == "Outside"
    # single small tumour but major vessel involvement (code 0 = Yes) -> outside
    assert _gold("milan_criteria", 3900, {"onetumor": 1, "threetumor": 0, "extrahep": 1, "majorvess": 0}).value \
        == "Outside"
    with pytest.raises(CalculatorInputError, match="majorvess"):
        CALCULATORS["milan_criteria"].run({"onetumor": "Yes", "threetumor": "No", "extrahep": "No"})


@pytest.mark.parametrize("raw, gps, mgps", [
    ({"crp": 1, "alb": 1}, 1, 0),  # CRP <=10 (0) + albumin <35 (1): GPS 1; mGPS 0 (CRP normal)
    ({"crp": 1, "alb": 2}, 0, 0),  # both normal
    ({"crp": 2, "alb": 2}, 1, 1),  # CRP >10 only: GPS 1, mGPS 1
    ({"crp": 2, "alb": 1}, 2, 2),  # both abnormal
])
def test_glasgow_prognostic_scores(raw, gps, mgps):
    assert _gold("glasgow_prognostic_score", 3311, raw).value == gps
    r = _gold("modified_glasgow_prognostic_score", 3312, raw)
    assert r.value == mgps
    assert {0: "favorable", 1: "intermediate", 2: "poor"}[mgps] in r.interpretation


def test_mgps_refuses_missing_albumin():
    with pytest.raises(CalculatorInputError, match="alb"):
        CALCULATORS["modified_glasgow_prognostic_score"].run({"crp": "CRP >10 mg/L"})


def test_west_haven_and_la_grades():
    assert _gold("west_haven_he_grade", 674, {"signs_symptoms": 3}).interpretation \
        == "Grade III hepatic encephalopathy"
    r = _gold("la_esophagitis_grade", 4061, {"findings": 1})  # code 1 -> grade B, mild
    assert r.value == "B" and "mild" in r.interpretation
    r = _gold("la_esophagitis_grade", 4061, {"findings": 2})  # code 2 -> grade C, severe
    assert r.value == "C" and "severe" in r.interpretation
    with pytest.raises(CalculatorInputError, match="findings"):
        CALCULATORS["la_esophagitis_grade"].run({})


def test_eoss_takes_the_worst_domain():
    # row 6273: risk factors 2, physical 3, psychological 3 -> stage 3 (not 8)
    r = _gold("edmonton_obesity_staging", 10536, {"q1": 2, "q2": 3, "q3": 3})
    assert r.value == 3 and r.interpretation.startswith("EOSS stage 3")
    assert _gold("edmonton_obesity_staging", 10536, {"q1": 0, "q2": 0, "q3": 0}).value == 0
    with pytest.raises(CalculatorInputError, match="q3"):
        CALCULATORS["edmonton_obesity_staging"].run({"q1": "None", "q2": "None"})


def test_irae_colitis_grade():
    assert _gold("irae_colitis_grade", 10245, {"grading": 3}).interpretation == "Colitis grade 3 (G3)"


@pytest.mark.parametrize("raw, value", [
    ({"stools": 2, "crp": 0}, "Positive"),  # >8 stools alone
    ({"stools": 1, "crp": 1}, "Positive"),  # 3-8 stools and CRP >45 (row 7048)
    ({"stools": 1, "crp": 0}, "Negative"),  # 3-8 stools, CRP normal (row 7043)
    ({"stools": 0, "crp": 1}, "Negative"),  # <3 stools, CRP high
])
def test_travis(raw, value):
    assert _gold("travis_criteria", 10512, raw).value == value


def test_bisap_sum_and_refusal():
    # BUN 1 + SIRS 1 + age 1 = 3
    r = _gold("bisap", 1735, {"bun_25": 1, "mental_status": 0, "sirs_criteria": 1, "age_60": 1,
                              "pleural_effusion": 0})
    assert r.value == 3
    with pytest.raises(CalculatorInputError, match="pleural_effusion"):
        CALCULATORS["bisap"].run({"bun_25": "No", "mental_status": "No", "sirs_criteria": "No", "age_60": "No"})
