"""Tests of tools/calculators/cardiac_risk.py: CHA2DS2-VASc, RCRI, HEART, HAS-BLED, Framingham hard CHD.

Known values are hand-worked from the published definitions (arithmetic in comments).
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

CHA = CALCULATORS["cha2ds2_vasc"]
RCRI = CALCULATORS["rcri"]
HEART = CALCULATORS["heart_score"]
HASBLED = CALCULATORS["has_bled"]
FRS = CALCULATORS["framingham_hard_chd"]

MY_IDS = {4, 17, 18, 25, 46}


# ---------------------------------------------------------------- CHA2DS2-VASc
def test_cha2ds2_vasc_known_values() -> None:
    # female 76: age >=75 (2) + female (1) + hypertension (1) + diabetes (1) = 5
    r = CHA.run({"age": 76, "sex": "female", "hypertension": True, "diabetes": True})
    assert r.value == 5 and isinstance(r.value, int)
    assert r.components == {"age": 2, "sex": 1, "congestive_heart_failure": 0, "hypertension": 1,
                            "stroke_tia_thromboembolism": 0, "vascular_disease": 0, "diabetes": 1}
    # male 70: age 65-74 (1) + CHF (1) + TIA (2) + vascular disease (1) = 5
    assert CHA.run({"age": 70, "sex": "male", "congestive_heart_failure": True, "tia": True,
                    "vascular_disease": True}).value == 5
    # stroke + TIA + thromboembolism count 2 points once: male 50 -> 0 + 2 = 2
    r = CHA.run({"age": 50, "sex": "male", "stroke": True, "tia": True, "thromboembolism": True})
    assert r.value == 2 and r.components["stroke_tia_thromboembolism"] == 2
    # all items: 2 + 1 + 1 + 1 + 2 + 1 + 1 = 9
    assert CHA.run({"age": 80, "sex": "female", "congestive_heart_failure": True, "hypertension": True,
                    "stroke": True, "vascular_disease": True, "diabetes": True}).value == 9


@pytest.mark.parametrize("age,pts", [(64.9, 0), (65, 1), (74.9, 1), (75, 2)])
def test_cha2ds2_vasc_age_bands(age: float, pts: int) -> None:
    assert CHA.run({"age": age, "sex": "male"}).components["age"] == pts


@pytest.mark.parametrize("sex,extra,band", [
    ("male", {}, "low"), ("female", {}, "low"),  # female sex alone: no anticoagulation
    ("male", {"hypertension": True}, "intermediate"), ("female", {"hypertension": True}, "intermediate"),
    ("male", {"hypertension": True, "diabetes": True}, "high"),
])
def test_cha2ds2_vasc_interpretation(sex: str, extra: dict, band: str) -> None:
    assert CHA.run({"age": 40, "sex": sex, **extra}).interpretation.startswith(band)


def test_cha2ds2_vasc_units_and_case() -> None:
    # 780 months = 65 years -> 1 point; 'Female'/'F' accepted
    r = CHA.run({"age": {"value": 780, "unit": "months"}, "sex": "Female"})
    assert r.components["age"] == 1 and r.value == 2
    assert CHA.run({"age": 30, "sex": "F"}).components["sex"] == 1
    assert "hypertension" in r.assumed


def test_cha2ds2_vasc_missing_and_invalid() -> None:
    with pytest.raises(CalculatorInputError) as e:
        CHA.run({"age": 70})
    assert e.value.missing == ["sex"]
    with pytest.raises(CalculatorInputError, match="age"):
        CHA.run({"age": 150, "sex": "male"})
    with pytest.raises(CalculatorInputError, match="sex"):
        CHA.run({"age": 50, "sex": "unknown"})


# ---------------------------------------------------------------- RCRI
def test_rcri_known_values() -> None:
    # all six criteria: 1+1+1+1+1+1 = 6 -> class IV
    r = RCRI.run({"elevated_risk_surgery": True, "ischemic_heart_disease": True, "congestive_heart_failure": True,
                  "cerebrovascular_disease": True, "insulin_treatment": True, "creatinine": 2.5})
    assert r.value == 6 and r.interpretation.startswith("class IV")
    # ischemic heart disease (1) + creatinine 1.2 <= 2 (0) = 1 -> class II
    r = RCRI.run({"ischemic_heart_disease": True, "creatinine": 1.2})
    assert r.value == 1 and r.components["creatinine_gt_2"] == 0 and r.interpretation.startswith("class II:")


@pytest.mark.parametrize("cr,pts", [(2.0, 0), (2.01, 1)])
def test_rcri_creatinine_threshold(cr: float, pts: int) -> None:
    assert RCRI.run({"creatinine": cr}).components["creatinine_gt_2"] == pts


@pytest.mark.parametrize("n,cls", [(0, "I"), (1, "II"), (2, "III"), (3, "IV")])
def test_rcri_classes(n: int, cls: str) -> None:
    keys = ["elevated_risk_surgery", "ischemic_heart_disease", "congestive_heart_failure"][:n]
    r = RCRI.run({"creatinine": 1.0, **{k: True for k in keys}})
    assert r.value == n and r.interpretation.startswith(f"class {cls}:")


def test_rcri_units_missing_invalid() -> None:
    # 177 µmol/L / 88.42 = 2.0018 mg/dL > 2 -> 1 point; 176 µmol/L = 1.9905 mg/dL -> 0
    assert RCRI.run({"creatinine": "177 µmol/L"}).components["creatinine_gt_2"] == 1
    assert RCRI.run({"creatinine": [176, "umol/L"]}).components["creatinine_gt_2"] == 0
    r = RCRI.run({"insulin_treatment": False})
    assert r.value == 0 and "creatinine" in r.assumed
    with pytest.raises(CalculatorInputError, match="at least 1 of: elevated_risk_surgery"):
        RCRI.run({})  # nothing given: a 0 would be made up
    with pytest.raises(CalculatorInputError, match="creatinine"):
        RCRI.run({"creatinine": 50})
    with pytest.raises(CalculatorInputError, match="insulin_treatment"):
        RCRI.run({"insulin_treatment": "sometimes"})
    with pytest.raises(CalculatorInputError, match="creatinine"):
        RCRI.run({"creatinine": "2 mmHg"})


# ---------------------------------------------------------------- HEART
def test_heart_known_values() -> None:
    # history highly (2) + ECG ST deviation (2) + age 70 (2) + HTN, DM, smoking = 3 factors (2) + troponin >3x (2) = 10
    r = HEART.run({"history": "highly suspicious", "ecg": "significant ST deviation", "age": 70,
                   "hypertension": True, "diabetes": True, "smoking": True, "initial_troponin": ">3x normal limit"})
    assert r.value == 10 and r.interpretation.startswith("high")
    # moderately (1) + normal ECG (0) + age 50 (1) + hypertension only (1) + troponin 1-3x (1) = 4
    r = HEART.run({"history": "moderately suspicious", "age": 50, "hypertension": True,
                   "initial_troponin": "1-3x normal limit"})
    assert r.value == 4 and r.interpretation.startswith("moderate")
    assert r.components == {"history": 1, "ecg": 0, "age": 1, "risk_factors": 1, "troponin": 1}


def test_heart_risk_factor_rules() -> None:
    base = {"age": 30}
    assert HEART.run(base).components["risk_factors"] == 0
    assert HEART.run({**base, "smoking": True, "hypercholesterolemia": True}).components["risk_factors"] == 1
    # three factors -> 2
    assert HEART.run({**base, "smoking": True, "hypercholesterolemia": True,
                      "family_history": True}).components["risk_factors"] == 2
    # known atherosclerotic disease alone -> 2; a prior TIA counts as atherosclerotic disease
    assert HEART.run({**base, "atherosclerotic_disease": True}).components["risk_factors"] == 2
    assert HEART.run({**base, "tia_history": True}).components["risk_factors"] == 2
    # obesity from BMI: > 30 counts, 30 does not
    assert HEART.run({**base, "bmi": "31 kg/m^2"}).components["risk_factors"] == 1
    assert HEART.run({**base, "bmi": 30}).components["risk_factors"] == 0


@pytest.mark.parametrize("age,pts", [(44.9, 0), (45, 1), (64.9, 1), (65, 2)])
def test_heart_age_bands(age: float, pts: int) -> None:
    assert HEART.run({"age": age}).components["age"] == pts


def test_heart_band_edges() -> None:
    # 3 points: history moderately (1) + age 70 (2) -> low; 4 points: + hypertension (1) -> moderate
    assert HEART.run({"history": "moderately suspicious", "age": 70}).interpretation.startswith("low")
    assert HEART.run({"history": "moderately suspicious", "age": 70, "hypertension": True}
                     ).interpretation.startswith("moderate")
    # 6 points: history 2 + age 2 + risk 2 -> moderate; 7: + ECG 1 -> high
    six = {"history": "highly suspicious", "age": 70, "atherosclerotic_disease": True}
    assert HEART.run(six).value == 6 and HEART.run(six).interpretation.startswith("moderate")
    seven = HEART.run({**six, "ecg": "non-specific repolarization disturbance"})
    assert seven.value == 7 and seven.interpretation.startswith("high")


def test_heart_defaults_units_missing_invalid() -> None:
    r = HEART.run({"age": [600, "months"]})  # 50 years -> 1
    assert r.value == 1 and {"history", "ecg", "initial_troponin"} <= set(r.assumed)
    assert HEART.run({"age": 50, "history": "Highly Suspicious"}).components["history"] == 2
    with pytest.raises(CalculatorInputError) as e:
        HEART.run({"history": "highly suspicious"})
    assert e.value.missing == ["age"]
    with pytest.raises(CalculatorInputError, match="history"):
        HEART.run({"age": 50, "history": "very suspicious"})
    with pytest.raises(CalculatorInputError, match="age"):
        HEART.run({"age": -3})


# ---------------------------------------------------------------- HAS-BLED
def test_has_bled_known_values() -> None:
    # every item: H1 A1+1 S1 B1 L1 E1 D1+1 = 9
    r = HASBLED.run({"age": 70, "hypertension": True, "renal_disease": True, "liver_disease": True, "stroke": True,
                     "prior_bleeding": True, "labile_inr": True, "bleeding_medication": True,
                     "alcohol_drinks_per_week": 14})
    assert r.value == 9
    # age 66 (>65: 1) + hypertension (1) + 8 drinks/week (1) = 3 -> high risk
    r = HASBLED.run({"age": 66, "hypertension": True, "alcohol_drinks_per_week": 8})
    assert r.value == 3 and r.interpretation.startswith("high")
    assert r.components["elderly"] == 1 and r.components["alcohol"] == 1


@pytest.mark.parametrize("age,pts", [(65, 0), (65.5, 1), (66, 1)])
def test_has_bled_age(age: float, pts: int) -> None:
    assert HASBLED.run({"age": age}).components["elderly"] == pts


@pytest.mark.parametrize("drinks,pts", [(0, 0), (7, 0), (8, 1), ("10 drinks per week", 1), ([3, "drinks/week"], 0)])
def test_has_bled_alcohol(drinks: object, pts: int) -> None:
    assert HASBLED.run({"age": 40, "alcohol_drinks_per_week": drinks}).components["alcohol"] == pts


def test_has_bled_band_edge_and_errors() -> None:
    # 2 points -> the moderate risk group, below the >= 3 high-risk threshold; 4 points -> the high risk group
    two = HASBLED.run({"age": 40, "stroke": True, "labile_inr": True}).interpretation
    assert two.startswith("moderate risk group") and "4.1%" in two
    four = HASBLED.run({"age": 70, "stroke": True, "labile_inr": True, "prior_bleeding": True}).interpretation
    assert four.startswith("high risk group") and "8.9%" in four
    assert HASBLED.run({"age": 40, "alcohol_excess": True}).components["alcohol"] == 1
    assert HASBLED.run({"age": [804, "months"]}).components["elderly"] == 1  # 67 years
    with pytest.raises(CalculatorInputError) as e:
        HASBLED.run({"hypertension": True})
    assert e.value.missing == ["age"]
    with pytest.raises(CalculatorInputError, match="alcohol_drinks_per_week"):
        HASBLED.run({"age": 40, "alcohol_drinks_per_week": -1})
    with pytest.raises(CalculatorInputError, match="alcohol_drinks_per_week"):
        HASBLED.run({"age": 40, "alcohol_drinks_per_week": "a lot"})


# ---------------------------------------------------------------- Framingham
def test_framingham_female_hand_worked() -> None:
    # female 55, TC 213, HDL 50, SBP 120, untreated, non-smoker:
    # 31.764001 ln55 = 127.2889; 22.465206 ln213 = 120.4425; -1.187731 ln50 = -4.6464; 2.552905 ln120 = 12.2220;
    # -5.060998 ln55 ln213 = -108.7329; sum - 146.5933061 = -0.01919
    # risk = (1 - 0.98767^exp(-0.01919)) x 100 = 1.2097 %
    r = FRS.run({"sex": "female", "age": 55, "total_cholesterol": 213, "hdl_cholesterol": 50, "systolic_bp": 120})
    assert r.value == pytest.approx(1.2097, abs=1e-3)
    assert r.components["linear_predictor"] == pytest.approx(-0.01919, abs=1e-4)
    assert r.interpretation.endswith("low (< 10%) (ATP III)")


def test_framingham_male_smoker_age_cap() -> None:
    # male 75 smoker, TC 200, HDL 40, SBP 150 treated; smoker term uses ln(70) (cap):
    # 224.5509 + 106.0409 - 3.3420 + 6.5428 + 0.2415 + 12.0963 - 105.3422 - 12.0813 (= -2.84367 ln70) - 54.6775
    # - 172.300168 = 1.7293; risk = (1 - 0.9402^exp(1.7293)) x 100 = 29.36 %
    r = FRS.run({"sex": "male", "age": 75, "total_cholesterol": 200, "hdl_cholesterol": 40, "systolic_bp": 150,
                 "bp_treated": True, "smoker": True})
    assert r.value == pytest.approx(29.361, abs=1e-2)
    assert r.components["age_smoke_term"] == 70
    assert "high" in r.interpretation
    # without the cap the term would be -2.84367 ln75: L = 1.7293 - 2.84367 (ln75 - ln70) = 1.5331 -> 24.85 %
    assert r.value != pytest.approx(24.849, abs=0.5)


def test_framingham_mmol_conversion() -> None:
    # 5.0 mmol/L x 386.65 g/mol / 10 = 193.325 mg/dL; 1.2 mmol/L = 46.398 mg/dL
    a = FRS.run({"sex": "male", "age": 50, "total_cholesterol": "5.0 mmol/L", "hdl_cholesterol": [1.2, "mmol/L"],
                 "systolic_bp": 130})
    b = FRS.run({"sex": "male", "age": 50, "total_cholesterol": 193.325, "hdl_cholesterol": 46.398,
                 "systolic_bp": 130})
    assert a.value == pytest.approx(b.value, rel=1e-9)


def test_framingham_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as e:
        FRS.run({"sex": "male", "age": 50, "total_cholesterol": 200, "systolic_bp": 130})
    assert e.value.missing == ["hdl_cholesterol"]
    with pytest.raises(CalculatorInputError, match="systolic_bp"):
        FRS.run({"sex": "male", "age": 50, "total_cholesterol": 200, "hdl_cholesterol": 45, "systolic_bp": 400})
    r = FRS.run({"sex": "male", "age": 85, "total_cholesterol": 200, "hdl_cholesterol": 45, "systolic_bp": 130})
    assert any("outside the 20-79" in line for line in r.explanation)


# ---------------------------------------------------------------- one-shot rows
@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


def test_cards_render() -> None:
    for calc in (CHA, RCRI, HEART, HASBLED, FRS):
        card = calc.card()
        assert card.inputs and calc.medcalc_id in MY_IDS and card.reference
