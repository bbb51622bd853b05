"""Pneumonia Severity Index (MedCalc-Bench 29)."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {29}
PSI = CALCULATORS["psi"]
VITALS = {"respiratory_rate": 16, "systolic_bp": 120, "temperature": 37, "heart_rate": 80}  # PSI's core, all 0 points


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


def test_psi_young_healthy_is_class_one() -> None:
    # male 45, nothing abnormal: 45 points; step 1 -> class I (nursing home is not a step-1 item)
    r = PSI.run({**VITALS, "age": 45, "sex": "Male", "heart_rate": 80, "respiratory_rate": 16, "temperature": 37})
    assert r.value == 45 and r.components["risk_class"] == "I"
    r = PSI.run({**VITALS, "age": 45, "sex": "male", "nursing_home_resident": True})
    assert r.value == 55 and r.components["risk_class"] == "I"


def test_psi_older_woman_accumulates() -> None:
    # female 80: 80 - 10 = 70 ; nursing home +10 = 80 ; CHF +10 = 90 ; RR 32 +20 = 110 ; BUN 35 +20 = 130 -> IV
    args = {**VITALS, "age": 80, "sex": "Female", "nursing_home_resident": True, "chf": True, "respiratory_rate": 32,
            "bun": 35}
    r = PSI.run(args)
    assert r.value == 130 and r.components["risk_class"] == "IV"
    # + pH 7.30 (+30) = 160 -> V
    r = PSI.run({**args, "ph": 7.30})
    assert r.value == 160 and r.components["risk_class"] == "V"


def test_psi_all_items() -> None:
    # male 60 = 60 ; +10 NH +30 neo +20 liver +10 CHF +10 CVD +10 renal +20 AMS +20 RR +20 SBP +15 temp +10 pulse
    # +30 pH +20 BUN +20 Na +10 glucose +10 Hct +10 PaO2 +10 effusion = 60 + 285 = 345
    r = PSI.run({**VITALS, "age": 60, "sex": "male", "nursing_home_resident": True, "neoplastic_disease": True,
                 "liver_disease": True, "chf": True, "cerebrovascular_disease": True, "renal_disease": True,
                 "altered_mental_status": True, "respiratory_rate": 30, "systolic_bp": 89, "temperature": 34.9,
                 "heart_rate": 125, "ph": 7.34, "bun": 30, "sodium": 129, "glucose": 250, "hematocrit": 29,
                 "pao2": 59, "pleural_effusion": True})
    assert r.value == 345 and r.components["risk_class"] == "V"


def test_psi_class_boundaries() -> None:
    cls = lambda age: PSI.run({**VITALS, "age": age, "sex": "male"}).components["risk_class"]  # noqa: E731
    # age > 50 leaves step 1; then <=70 II, 71-90 III, 91-130 IV, >130 V (points = age for a man)
    assert [cls(a) for a in (50, 51, 70, 71, 90, 91)] == ["I", "II", "II", "III", "III", "IV"]
    r = PSI.run({**VITALS, "age": 91, "sex": "male", "neoplastic_disease": True, "nursing_home_resident": True})
    assert r.value == 131 and r.components["risk_class"] == "V"
    # young man with pulse 130: 40 + 10 = 50 but an exam abnormality -> class II
    assert PSI.run({**VITALS, "age": 40, "sex": "male", "heart_rate": 130}).components["risk_class"] == "II"
    # woman of 60: 50 points but age > 50 -> class II
    r = PSI.run({**VITALS, "age": 60, "sex": "female"})
    assert r.value == 50 and r.components["risk_class"] == "II"


def test_psi_threshold_edges() -> None:
    t = lambda v: PSI.run({**VITALS, "age": 60, "sex": "male", "temperature": v}).components["temperature"]  # noqa: E731
    assert [t(v) for v in (34.9, 35, 39.9, 40.0)] == [15, 0, 0, 15]
    assert PSI.run({**VITALS, "age": 60, "sex": "male", "respiratory_rate": 29}).value == 60
    assert PSI.run({**VITALS, "age": 60, "sex": "male", "systolic_bp": 90}).value == 60
    assert PSI.run({**VITALS, "age": 60, "sex": "male", "heart_rate": 124}).value == 60
    assert PSI.run({**VITALS, "age": 60, "sex": "male", "ph": 7.35, "sodium": 130, "glucose": 249, "hematocrit": 30,
                    "pao2": 60, "bun": 29}).value == 60


def test_psi_unit_conversions() -> None:
    # 104 °F = 40 °C -> 15 ; urea 11 mmol/L = 30.8 mg/dL BUN -> 20 ; glucose 14 mmol/L = 252.2 mg/dL -> 10 ;
    # PaO2 7.5 kPa = 56.3 mmHg -> 10 ; haematocrit 0.28 (fraction) = 28% -> 10
    r = PSI.run({**VITALS, "age": 60, "sex": "male", "temperature": "104 degF", "bun": "11 mmol/L",
                 "glucose": [14, "mmol/L"], "pao2": "7.5 kPa", "hematocrit": 0.28})
    assert r.value == 60 + 15 + 20 + 10 + 10 + 10
    # urea 10.5 mmol/L = 29.4 mg/dL -> 0
    assert PSI.run({**VITALS, "age": 60, "sex": "male", "bun": "10.5 mmol/L"}).value == 60


def test_psi_saturation_counts_as_hypoxaemia() -> None:
    # SaO2 88% -> +10
    assert PSI.run({**VITALS, "age": 60, "sex": "male", "o2_saturation": 88}).value == 70


def test_psi_missing_and_invalid() -> None:
    with pytest.raises(CalculatorInputError) as err:
        PSI.run({**VITALS, "sex": "male"})
    assert err.value.missing == ["age"]
    with pytest.raises(CalculatorInputError) as err:
        PSI.run({**VITALS, "age": 60, "sex": "unknown"})
    assert "sex" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        PSI.run({**VITALS, "age": 60, "sex": "male", "ph": 5})
    assert "ph" in str(err.value)


def test_psi_unlisted_values_reported_as_assumed() -> None:
    with pytest.raises(CalculatorInputError, match="missing respiratory_rate, systolic_bp, temperature, heart_rate"):
        PSI.run({"age": 60, "sex": "male"})  # age and sex alone: a class from assumed vital signs would be made up
    r = PSI.run({**VITALS, "age": 60, "sex": "male"})
    assert {"ph", "bun", "pleural_effusion", "chf"} <= set(r.assumed)
