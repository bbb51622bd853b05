"""Neurologic stroke scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run_mdcalc(cid: str, mid: int, raw: dict):
    """Run a calculator on MedRisk-style gold inputs (MDCalc names and option values)."""
    calc = CALCULATORS[cid]
    args, notes = mdcalc_arguments(calc, mid, raw)
    assert not notes, notes
    return calc.run(args)


def test_pediatric_nihss_untestable_items_add_nothing():
    # 0+1+0+1+0+3 + fivea untestable(0) + 0 + 2 + sixb untestable(0) + 0+2+3+2+0 = 14 -> moderate (5-15)
    raw = {"onea": 0, "oneb": 1, "onec": 0, "two": 1, "three": 0, "four": 3, "fivea": 9, "fiveb": 0, "sixa": 2,
           "sixb": 9, "seven": 0, "eight": 2, "nine": 3, "ten": 2, "eleven": 0}
    result = run_mdcalc("pediatric_nihss", 10270, raw)
    assert result.value == 14 and result.interpretation == "Moderate stroke"
    # 3+0+2+1+3+2+1+2+3+2+1+0+3+0+1 = 24 -> severe (21-42)
    raw = {"onea": 3, "oneb": 0, "onec": 2, "two": 1, "three": 3, "four": 2, "fivea": 1, "fiveb": 2, "sixa": 3,
           "sixb": 2, "seven": 1, "eight": 0, "nine": 3, "ten": 0, "eleven": 1}
    assert run_mdcalc("pediatric_nihss", 10270, raw).value == 24
    with pytest.raises(CalculatorInputError, match="onea"):
        CALCULATORS["pediatric_nihss"].run({k: v for k, v in raw.items() if k != "onea"})


def test_dragon_score_two_and_eight():
    # either CT sign 1 + age 65-79 1 = 2 -> 88% good outcome
    calc = CALCULATORS["dragon"]
    result = calc.run({"cerebral_artery": "Either", "age": "65-79", "baseline_nihss": "0-4"})
    assert result.value == 2 and "88%" in result.interpretation
    # both 2 + mRS 1 + >=80 2 + glucose 1 + >90 min 1 + NIHSS 5-9 1 = 8 -> 70% miserable
    result = calc.run({"cerebral_artery": "Both", "mrs_prestroke": "Yes", "age": ">=80", "glucose": "Yes",
                       "treatment_onset": "Yes", "baseline_nihss": "5-9"})
    assert result.value == 8 and "70%" in result.interpretation
    with pytest.raises(CalculatorInputError, match="baseline_nihss"):
        calc.run({"cerebral_artery": "No", "age": "<65"})


def test_phases_risk_table():
    # Japanese 3 + hypertension 1 + age >= 70 1 + size 7.0-9.9 3 + MCA 2 = 10 -> 5.3%
    result = run_mdcalc("phases", 10459, {"population": 3, "hypertension": 1, "age": 1, "size": 3, "sah": 0,
                                          "site": 2})
    assert result.value == 10 and result.interpretation.startswith("5.3%")
    # Finnish 5 + >= 20 mm 10 + posterior 4 = 19 -> >= 12: 17.8%
    assert run_mdcalc("phases", 10459, {"population": 5, "hypertension": 0, "age": 0, "size": 10, "sah": 0,
                                        "site": 4}).interpretation.startswith("17.8%")


def test_rosier_subtracts_syncope_and_seizure():
    # seizure -1 + arm weakness 1 = 0 -> unlikely; + speech 1 = 1 -> possible
    calc = CALCULATORS["rosier"]
    assert calc.run({"seizure": "Yes", "armweakness": "Yes"}).interpretation.startswith("Stroke unlikely")
    result = calc.run({"seizure": "Yes", "armweakness": "Yes", "speech": "Yes"})
    assert result.value == 1 and result.interpretation.startswith("Stroke possible")


def test_ich_score_mortality():
    # GCS 5-12 1 + age >= 80 1 + volume >= 30 1 + IVH 0 + infratentorial 0 = 3 -> 72%
    raw = {"glasgow_coma_score": 1, "age_80": 1, "ich_volume_30": 1, "intraventricular_hemorrhage": 0,
           "infratentorial_hemorrhage": 0}
    result = run_mdcalc("ich_score", 402, raw)
    assert result.value == 3 and result.interpretation.startswith("72%")
    with pytest.raises(CalculatorInputError, match="ich_volume_30"):
        CALCULATORS["ich_score"].run({"glasgow_coma_score": "13-15", "age_80": "No",
                                      "intraventricular_hemorrhage": "No", "infratentorial_hemorrhage": "No"})


def test_sedan_risk():
    # glucose 145-216 1 + early infarct 1 + age > 75 1 = 3 -> 8.8%
    raw = {"gluc": 1, "infarct": 1, "ct": 0, "age": 1, "nihss": 0}
    result = run_mdcalc("sedan", 2039, raw)
    assert result.value == 3 and result.interpretation.startswith("8.8%")
    with pytest.raises(CalculatorInputError, match="infarct"):
        CALCULATORS["sedan"].run({"gluc": "<145 mg/dL (8.1 mmol/L)", "ct": "No", "age": "No", "nihss": "No"})


def test_thrive_score_and_thrive_c_probability():
    # no LVO: x = 4.942 - 0.035*55 - 0.190*5 = 2.067 -> 1/(1+e^-2.067) = 88.8%; THRIVE 0 + 0 = 0
    calc = CALCULATORS["thrive"]
    result = calc.run({"age": 55, "nihss": 5})
    assert result.value == 0 and "88.8%" in result.interpretation
    # LVO, ASPECTS 4, age 70, NIHSS 25, hypertension + diabetes (CDS2):
    # x = 1.828 - 0.031*70 - 0.097*25 - 0.419 + 0.153*4 = -2.574 -> 7.1%; with EVT -1.726 -> 15.1%
    # THRIVE: age 60-79 1 + NIHSS >= 21 4 + 2 = 7
    result = run_mdcalc("thrive", 1706, {"age": 70, "nihss": 25, "ht": 1, "db": 1, "af": 0, "lvo": 1, "aspects": 4})
    assert result.value == 7
    assert "7.1% without endovascular treatment" in result.interpretation
    assert "15.1% with endovascular treatment" in result.interpretation
    # LVO, ASPECTS unknown, 82 y, NIHSS 25, CDS3: x = 2.864 - 2.05 - 2.65 - 1.665 = -3.501 -> 2.9%
    result = run_mdcalc("thrive", 1706, {"age": 82, "nihss": 25, "ht": 1, "db": 1, "af": 1, "lvo": 1, "aspects": -1})
    assert result.components["good_outcome_pct"] == pytest.approx(2.9)
    with pytest.raises(CalculatorInputError, match="nihss"):
        calc.run({"age": 70})


def test_func_score_points_favour_independence():
    # volume < 30 4 + age < 70 2 + deep 1 + GCS >= 9 2 + no cognitive impairment 1 = 10 -> 66% / 75%
    raw = {"ichvol": 4, "age": 2, "location": 1, "gcs": 2, "cog": 1}
    result = run_mdcalc("func_score", 3883, raw)
    assert result.value == 10 and "66% of the entire cohort, 75% of survivors" in result.interpretation
    # 30-60 2 + 70-79 1 + infratentorial 0 + GCS <= 8 0 + impairment 0 = 3 -> 0%
    assert "0% of the entire cohort" in run_mdcalc("func_score", 3883, {"ichvol": 2, "age": 1, "location": 0,
                                                                        "gcs": 0, "cog": 0}).interpretation
    with pytest.raises(CalculatorInputError, match="cog"):
        run_mdcalc("func_score", 3883, {k: v for k, v in raw.items() if k != "cog"})


def test_abcd2_moderate_risk():
    # age >= 60 1 + BP 1 + speech without weakness 1 + 10-59 min 1 + no diabetes 0 = 4 -> moderate
    raw = {"age_60": 1, "bp_140": 1, "tia_features": 1, "duration": 1, "diabetes": 0}
    result = run_mdcalc("abcd2", 357, raw)
    assert result.value == 4 and "4.1% at 2 days, 5.9% at 7 days, 9.8% at 90 days" in result.interpretation
    with pytest.raises(CalculatorInputError, match="duration"):
        run_mdcalc("abcd2", 357, {k: v for k, v in raw.items() if k != "duration"})


def test_nihss_duplicate_points_are_told_apart_by_label():
    calc = CALCULATORS["nihss"]
    args = {"consciousness": "Movements to pain", "month_age": "Aphasic", "blink_squeeze": "Performs 1 task",
            "horizontal_movements": "Forced gaze palsy: cannot be overcome", "visual_fields": "Complete hemianopia",
            "facial_palsy": "Partial paralysis (lower face)", "left_arm_drift": "No drift for 10 seconds",
            "right_arm_drift": "No movement", "left_leg_drift": "No drift for 5 seconds",
            "right_leg_drift": "Drift, hits bed", "limb_ataxia": "Paralyzed",
            "sensation": "Mild-moderate loss: can sense being touched", "language": "Severe aphasia: fragmentary "
            "expression, inference needed, cannot identify materials", "dysarthria": "Intubated/unable to test",
            "extinction": "No abnormality"}
    # 2 + 2 + 1 + 2 + 2 + 2 + 0 + 4 + 0 + 2 + 0 + 1 + 2 + 0 + 0 = 20 -> moderate to severe (16-20)
    result = calc.run(args)
    assert result.value == 20 and result.interpretation == "Moderate to severe stroke"


def test_rcvs2_can_go_negative():
    # headache 5 + carotid affected -2 + trigger 3 + female 1 + SAH 0 = 7 -> positive
    assert run_mdcalc("rcvs2", 10347, {"one": 5, "two": -2, "three": 3, "four": 1, "five": 0}).value == 7
    # no headache 0 + affected -2 + 0 + male 0 + 0 = -2 -> negative
    result = run_mdcalc("rcvs2", 10347, {"one": 0, "two": -2, "three": 0, "four": 0, "five": 0})
    assert result.value == -2 and result.interpretation.startswith("Negative")


def test_secondary_ich_score():
    # NCCT indeterminate 1 + age 46-70 1 + female 1 + no HTN/coagulopathy 1 = 4 -> 38.1%
    result = run_mdcalc("secondary_ich_score", 3802, {"ncct": 1, "age": 1, "sex": 1, "htn": 1})
    assert result.value == 4 and result.interpretation.startswith("38.1%")


def test_hat_score():
    # diabetes 1 + NIHSS 15-20 1 + hypodensity < 1/3 MCA 1 = 3 -> 36% / 15% / 6%
    result = run_mdcalc("hat_score", 2030, {"hist": 1, "nihss_score": 1, "hypodensity": 1})
    assert result.value == 3 and "symptomatic ICH 15%" in result.interpretation
    # 1 + 2 + 2 = 5 -> > 3: 78% / 44% / 33%
    assert "44%" in run_mdcalc("hat_score", 2030, {"hist": 1, "nihss_score": 2, "hypodensity": 2}).interpretation


def test_esus_needs_all_four_criteria():
    raw = {"ischemic": 1, "arteries": 1, "embolic": 1, "other": 1}
    assert run_mdcalc("esus_criteria", 10007, raw).interpretation.startswith("Positive")
    assert run_mdcalc("esus_criteria", 10007, raw | {"embolic": 0}).interpretation.startswith("Negative")
    with pytest.raises(CalculatorInputError, match="other"):
        run_mdcalc("esus_criteria", 10007, {k: v for k, v in raw.items() if k != "other"})


def test_hints_any_dangerous_finding():
    assert run_mdcalc("hints_exam", 10184, {"hit": 0, "nys": 0, "skew": 0}).interpretation.startswith("Benign")
    assert run_mdcalc("hints_exam", 10184, {"hit": 1, "nys": 0, "skew": 0}).interpretation.startswith("Dangerous")
    with pytest.raises(CalculatorInputError, match="skew"):
        run_mdcalc("hints_exam", 10184, {"hit": 0, "nys": 0})


def test_bjh_dysphagia_screen():
    calc = CALCULATORS["bjh_stroke_dysphagia_screen"]
    exam = {"glasgow_coma_scale_13": "No", "facial": "No", "tongue": "No", "palatal": "No"}
    assert calc.run(exam | {"aspiration_signs": "No"}).value == "Passed"
    assert calc.run(exam | {"aspiration_signs": "Yes"}).value == "Failed"
    assert calc.run(exam | {"facial": "Yes"}).value == "Failed"  # no water test when the exam is positive
    with pytest.raises(CalculatorInputError, match="aspiration_signs"):
        calc.run(exam)


def test_pre_score():
    # 70 + 2 x 18 - 10 x 7 = 36 -> likely to benefit; 80 + 2 x 25 - 10 x 6 = 70 -> not likely
    calc = CALCULATORS["pre_score"]
    result = calc.run({"Age": 70, "nih": 18, "asp": 7})
    assert result.value == 36 and result.interpretation.startswith("Likely to benefit")
    assert calc.run({"Age": 80, "nih": 25, "asp": 6}).interpretation.startswith("Not likely")
    assert calc.run({"Age": 38, "nih": 0, "asp": 8}).interpretation.startswith("Below the range")  # -42


def test_hunt_hess_and_fisher_grades():
    assert run_mdcalc("hunt_hess", 404, {"signs_symptoms": 4}).interpretation == "Grade IV: about 80% mortality"
    assert "range 23-96%" in run_mdcalc("fisher_grade", 3836, {"fisher": 3}).interpretation
