"""Tests of tools/calculators/infection.py: Centor (McIsaac), FeverPAIN, CURB-65, SIRS criteria.

Known values are hand-worked from the published definitions (arithmetic in comments).
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

CENTOR = CALCULATORS["centor_mcisaac"]
FEVERPAIN = CALCULATORS["feverpain"]
CURB = CALCULATORS["curb_65"]
VITALS = {"respiratory_rate": 16, "systolic_bp": 120}  # CURB-65's core (observed vital signs), below its cut-offs
SIRS = CALCULATORS["sirs_criteria"]

MY_IDS = {20, 33, 45, 51}


# ---------------------------------------------------------------- Centor / McIsaac
def test_centor_known_values() -> None:
    # age 10 (+1) + exudate (+1) + nodes (+1) + 38.5 °C > 38 (+1) + cough absent (+1) = 5
    r = CENTOR.run({"age": 10, "exudate_or_swelling": True, "tender_nodes": True, "temperature": 38.5,
                    "cough_absent": True})
    assert r.value == 5 and "51-53%" in r.interpretation
    # age 50 (-1) + cough present (0) + 37 °C (0) = -1
    r = CENTOR.run({"age": 50, "cough_absent": False, "temperature": 37})
    assert r.value == -1 and "1-2.5%" in r.interpretation
    assert r.components == {"age": -1, "exudate_or_swelling": 0, "tender_nodes": 0, "temperature": 0,
                            "cough_absent": 0}


def test_centor_cough_not_documented_scores_one() -> None:
    # MedCalc-Bench convention: undocumented cough = absent cough = +1
    r = CENTOR.run({"age": 30})
    assert r.value == 1 and "cough_absent" in r.assumed and "temperature" in r.assumed


def test_centor_fever_by_history_scores_when_no_temperature_is_given() -> None:
    # age 30 (0) + fever by history (+1) + cough not documented (+1) = 2
    r = CENTOR.run({"age": 30, "fever_history": True})
    assert r.value == 2 and r.components["temperature"] == 1 and "fever by history" in " ".join(r.explanation)
    # a measured temperature decides over the history
    assert CENTOR.run({"age": 30, "fever_history": True, "temperature": 37.2}).components["temperature"] == 0


@pytest.mark.parametrize("age,pts", [(3, 1), (14.9, 1), (15, 0), (44.9, 0), (45, -1)])
def test_centor_age_bands(age: float, pts: int) -> None:
    assert CENTOR.run({"age": age}).components["age"] == pts


@pytest.mark.parametrize("temp,pts", [(38.0, 0), (38.1, 1), ("100.4 °F", 0), ([101, "degrees fahrenheit"], 1)])
def test_centor_temperature(temp: object, pts: int) -> None:
    # 100.4 °F = (100.4 - 32) x 5/9 = 38.0 °C (not > 38); 101 °F = 38.33 °C
    assert CENTOR.run({"age": 30, "temperature": temp}).components["temperature"] == pts


def test_centor_fahrenheit_explained() -> None:
    r = CENTOR.run({"age": 30, "temperature": {"value": 101, "unit": "°F"}})
    assert any("101 °F = (101 - 32) x 5/9 = 38.33 °C" in line for line in r.explanation)


@pytest.mark.parametrize("kw,advice", [
    ({"age": 30}, "no throat culture"),                                          # 1
    ({"age": 30, "tender_nodes": True}, "throat culture or rapid"),              # 2
    ({"age": 30, "tender_nodes": True, "exudate_or_swelling": True}, "throat culture or rapid"),  # 3
    ({"age": 10, "tender_nodes": True, "exudate_or_swelling": True}, "empirical"),  # 4
])
def test_centor_bands(kw: dict, advice: str) -> None:
    assert advice in CENTOR.run(kw).interpretation


def test_centor_missing_invalid() -> None:
    with pytest.raises(CalculatorInputError) as e:
        CENTOR.run({"temperature": 39})
    assert e.value.missing == ["age"]
    with pytest.raises(CalculatorInputError, match="age"):
        CENTOR.run({"age": 2})
    with pytest.raises(CalculatorInputError, match="temperature"):
        CENTOR.run({"age": 30, "temperature": 101})  # a bare °F number is out of the °C range
    with pytest.raises(CalculatorInputError, match="temperature"):
        CENTOR.run({"age": 30, "temperature": "39 mmHg"})


# ---------------------------------------------------------------- FeverPAIN
def test_feverpain_known_values() -> None:
    # all five: 1+1+1+1+1 = 5
    r = FEVERPAIN.run({"fever_past_24h": True, "purulence": True, "rapid_attendance": True,
                       "severe_tonsil_inflammation": True, "no_cough_or_coryza": True})
    assert r.value == 5 and "62-65%" in r.interpretation
    # fever + purulence = 2
    r = FEVERPAIN.run({"fever_past_24h": True, "purulence": True, "no_cough_or_coryza": False})
    assert r.value == 2 and r.components["no_cough_or_coryza"] == 0


# isolation per score in Little 2013's two cohorts: 0-1 13-18%, 2 30-35%, 3 39-48%, 4-5 62-65%
@pytest.mark.parametrize("n,band", [(0, "13-18%"), (1, "13-18%"), (2, "30-35%"), (3, "39-48%"), (4, "62-65%")])
def test_feverpain_bands(n: int, band: str) -> None:
    keys = ["fever_past_24h", "purulence", "rapid_attendance", "severe_tonsil_inflammation"][:n]
    r = FEVERPAIN.run({**{k: True for k in keys}, "no_cough_or_coryza": False})
    assert r.value == n and band in r.interpretation


def test_feverpain_invalid() -> None:
    assert FEVERPAIN.run({"no_cough_or_coryza": False}).value == 0  # undocumented items score 0
    with pytest.raises(CalculatorInputError, match="purulence"):
        FEVERPAIN.run({"purulence": "lots"})
    with pytest.raises(CalculatorInputError, match="fever"):
        FEVERPAIN.run({"fever": True})  # unknown input named


def test_feverpain_undocumented_cough_or_coryza_scores_one() -> None:
    # MedCalc-Bench convention (as Centor's cough): fever (1) + onset 2 days (1) + cough/coryza not mentioned (1) = 3
    r = FEVERPAIN.run({"fever_past_24h": True, "rapid_attendance": True})
    assert r.value == 3 and r.components["no_cough_or_coryza"] == 1
    assert any("not documented, assumed absent" in line for line in r.explanation)
    # documented coryza: 2
    assert FEVERPAIN.run({"fever_past_24h": True, "rapid_attendance": True, "no_cough_or_coryza": False}).value == 2
    assert any("cough or coryza" in c.lower() and "MedCalc-Bench" in c for c in CALCULATORS["feverpain"].conventions)


# ---------------------------------------------------------------- CURB-65
def test_curb65_known_values() -> None:
    # age 70 (1) + RR 30 (1) + SBP 88 < 90 (1) + BUN 15 (0) + no confusion = 3
    r = CURB.run({"age": 70, "respiratory_rate": 30, "systolic_bp": 88, "diastolic_bp": 70, "bun": 15})
    assert r.value == 3 and r.interpretation.startswith("severe (high severity)") and "17.0%" in r.interpretation
    # age 40, confusion (1), urea 8 mmol/L > 7 (1) = 2
    r = CURB.run({**VITALS, "age": 40, "confusion": True, "urea": 8})
    assert r.value == 2 and r.interpretation.startswith("moderate")


@pytest.mark.parametrize("kw,key,pts", [
    ({"bun": 19}, "urea", 0), ({"bun": 19.1}, "urea", 1),
    ({"urea": 7}, "urea", 0), ({"urea": 7.1}, "urea", 1),
    ({"respiratory_rate": 29}, "respiratory_rate", 0), ({"respiratory_rate": 30}, "respiratory_rate", 1),
    ({"systolic_bp": 90}, "blood_pressure", 0), ({"systolic_bp": 89}, "blood_pressure", 1),
    ({"diastolic_bp": 61}, "blood_pressure", 0), ({"diastolic_bp": 60}, "blood_pressure", 1),
    ({"systolic_bp": 120, "diastolic_bp": 60}, "blood_pressure", 1),
])
def test_curb65_thresholds(kw: dict, key: str, pts: int) -> None:
    assert CURB.run({**VITALS, "age": 40, **kw}).components[key] == pts


@pytest.mark.parametrize("age,pts", [(64, 0), (65, 1)])
def test_curb65_age(age: float, pts: int) -> None:
    assert CURB.run({**VITALS, "age": age}).components["age"] == pts


def test_curb65_units() -> None:
    # BUN 7.5 mmol/L (urea nitrogen) x 28.014 / 10 = 21.0 mg/dL > 19 -> 1; 6.5 mmol/L = 18.2 mg/dL -> 0
    assert CURB.run({**VITALS, "age": 40, "bun": "7.5 mmol/L"}).components["urea"] == 1
    assert CURB.run({**VITALS, "age": 40, "bun": [6.5, "mmol/L"]}).components["urea"] == 0
    # urea 45 mg/dL / 60.06 g/mol x 10 = 7.49 mmol/L > 7 -> 1
    assert CURB.run({**VITALS, "age": 40, "urea": "45 mg/dL"}).components["urea"] == 1
    assert CURB.run({**VITALS, "age": 40, "systolic_bp": "11.5 kPa"}).components["blood_pressure"] == 1  # 86 mmHg


def test_curb65_bands_missing_invalid() -> None:
    with pytest.raises(CalculatorInputError) as e:
        CURB.run({"age": 40})  # age alone: the vital signs would be assumed normal, a made-up score
    assert set(e.value.missing) == {"respiratory_rate", "systolic_bp"}
    r = CURB.run({**VITALS, "age": 40})
    assert r.value == 0 and r.interpretation.startswith("low")
    assert {"bun", "diastolic_bp"} <= set(r.assumed)
    assert CURB.run({**VITALS, "age": 70}).interpretation.startswith("low")  # 1
    with pytest.raises(CalculatorInputError) as e:
        CURB.run({"confusion": True})
    assert e.value.missing == ["age"]
    with pytest.raises(CalculatorInputError, match="respiratory_rate"):
        CURB.run({"age": 40, "respiratory_rate": 200})


# ---------------------------------------------------------------- SIRS
def test_sirs_known_values() -> None:
    # 35.5 °C < 36 (1) + HR 95 > 90 (1) + RR 18 but PaCO2 30 < 32 (1) + WBC 3,500 < 4,000 (1) = 4
    r = SIRS.run({"temperature": 35.5, "heart_rate": 95, "respiratory_rate": 18, "paco2": 30, "wbc": 3500})
    assert r.value == 4 and r.interpretation.startswith("meets SIRS")
    # 37 °C (0) + HR 80 (0) + RR 22 (1) + WBC 8,000 with bands 12% (1) = 2
    r = SIRS.run({"temperature": 37, "heart_rate": 80, "respiratory_rate": 22, "wbc": 8000, "bands": 12})
    assert r.value == 2 and r.components == {"temperature": 0, "heart_rate": 0, "respiratory": 1, "white_cells": 1}


@pytest.mark.parametrize("kw,key,pts", [
    ({"temperature": 36}, "temperature", 0), ({"temperature": 35.9}, "temperature", 1),
    ({"temperature": 38}, "temperature", 0), ({"temperature": 38.1}, "temperature", 1),
    ({"heart_rate": 90}, "heart_rate", 0), ({"heart_rate": 91}, "heart_rate", 1),
    ({"respiratory_rate": 20}, "respiratory", 0), ({"respiratory_rate": 21}, "respiratory", 1),
    ({"paco2": 32}, "respiratory", 0), ({"paco2": 31.9}, "respiratory", 1),
    ({"wbc": 12000}, "white_cells", 0), ({"wbc": 12001}, "white_cells", 1),
    ({"wbc": 4000}, "white_cells", 0), ({"wbc": 3999}, "white_cells", 1),
    ({"bands": 10}, "white_cells", 0), ({"bands": 11}, "white_cells", 1),
])
def test_sirs_thresholds(kw: dict, key: str, pts: int) -> None:
    assert SIRS.run(kw).components[key] == pts


def test_sirs_units() -> None:
    # 96 °F = (96 - 32) x 5/9 = 35.56 °C < 36 -> 1; 15 x 10^9/L = 15,000 /µL -> 1; 4 kPa = 30.0 mmHg < 32 -> 1
    r = SIRS.run({"temperature": [96, "degrees fahrenheit"], "wbc": "15 10^9/L", "paco2": "4 kPa"})
    assert r.value == 3
    assert any("96 °F = (96 - 32) x 5/9 = 35.56 °C" in line for line in r.explanation)
    # 96.8 °F = (96.8 - 32) x 5/9 = 36.0 °C exactly: not < 36 (conversion rounding must not flip it)
    assert SIRS.run({"temperature": "96.8 °F"}).components["temperature"] == 0
    assert SIRS.run({"wbc": [33000, "µL"]}).components["white_cells"] == 1  # MedCalc-Bench writes 'µL'
    assert SIRS.run({"wbc": "11.5 K/µL"}).components["white_cells"] == 0


def test_sirs_band_missing_invalid() -> None:
    assert SIRS.run({"heart_rate": 120}).interpretation.startswith("does not meet")  # 1 criterion
    with pytest.raises(CalculatorInputError, match="at least 1 of: temperature, heart_rate"):
        SIRS.run({})
    with pytest.raises(CalculatorInputError, match="wbc"):
        SIRS.run({"wbc": 5})  # a bare '5' is not 5 cells/µL: give units
    with pytest.raises(CalculatorInputError, match="temperature"):
        SIRS.run({"temperature": 50})


# ---------------------------------------------------------------- one-shot rows
@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)
