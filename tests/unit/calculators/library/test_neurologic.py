"""Neurologic scores, values worked by hand from each definition."""

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


def test_cpp_is_map_minus_icp_read_against_the_target():
    # 70 - 5 = 65 (in 60-70); 90 - 10 = 80 (> 70); 45 - 15 = 30 (< 60)
    calc = CALCULATORS["cerebral_perfusion_pressure"]
    assert calc.run({"map": 70, "icp": 5}).value == 65
    assert calc.run({"map": 70, "icp": 5}).interpretation.startswith("Normal CPP")
    assert calc.run({"map": 90, "icp": 10}).interpretation.startswith("High CPP")
    assert calc.run({"map": 45, "icp": 15}).interpretation.startswith("Low CPP")
    with pytest.raises(CalculatorInputError, match="icp"):
        calc.run({"map": 70})


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


def test_2helps2b_sums_findings_and_reads_the_seizure_risk():
    # prior 1 + sporadic 1 + plus 1 = 3 -> 50%; BIRDs 2 + LPDs 1 + sporadic 1 = 4 -> 73%
    assert run_mdcalc("two_helps2b", 10474, {"birds": 0, "lpds": 0, "prior": 1, "spor": 1, "freq": 0,
                                             "plus": 1}).interpretation.startswith("50% risk")
    result = CALCULATORS["two_helps2b"].run({"birds": "Yes", "lpds": "Yes", "spor": "Yes"})
    assert result.value == 4 and result.interpretation.startswith("73% risk")


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


def test_ohts_points_and_risk():
    # age 55-64 2 + IOP 24-<26 2 + CCT 551-575 2 + C/D 0.4-<0.5 2 + PSD 2.0-<2.4 2 = 10 -> 15%
    result = run_mdcalc("ohts_glaucoma", 10025, {"age": 2, "iop": 2, "cct": 2, "cdr": 2, "stdev": 2})
    assert result.value == 10 and "15% 5-year risk" in result.interpretation
    # 1 + 0 + 0 + 0 + 0 = 1 -> low, <= 4%
    assert "<=4%" in run_mdcalc("ohts_glaucoma", 10025, {"age": 1, "iop": 0, "cct": 0, "cdr": 0,
                                                         "stdev": 0}).interpretation


def test_nvps_moderate_pain():
    # face 1 + activity 1 + guarding 0 + vital signs 2 + respiratory 0 = 4 -> moderate (3-6)
    result = run_mdcalc("nvps", 3621, {"face": 1, "activity": 1, "guard": 0, "vs": 2, "resp": 0})
    assert result.value == 4 and result.interpretation.startswith("Moderate pain")


def test_bops_three_points_calls_for_analgesia():
    # face 1 + verbal 1 + body 1 = 3 -> significant pain (>= 3)
    result = run_mdcalc("bops", 3625, {"face": 1, "verbal": 1, "body": 1})
    assert result.value == 3 and result.interpretation.startswith("Significant pain")
    assert run_mdcalc("bops", 3625, {"face": 1, "verbal": 0, "body": 1}).interpretation.startswith("Minimal")


def test_phases_risk_table():
    # Japanese 3 + hypertension 1 + age >= 70 1 + size 7.0-9.9 3 + MCA 2 = 10 -> 5.3%
    result = run_mdcalc("phases", 10459, {"population": 3, "hypertension": 1, "age": 1, "size": 3, "sah": 0,
                                          "site": 2})
    assert result.value == 10 and result.interpretation.startswith("5.3%")
    # Finnish 5 + >= 20 mm 10 + posterior 4 = 19 -> >= 12: 17.8%
    assert run_mdcalc("phases", 10459, {"population": 5, "hypertension": 0, "age": 0, "size": 10, "sah": 0,
                                        "site": 4}).interpretation.startswith("17.8%")


def test_behavioral_pain_scale_ranges_from_three():
    # face 2 + limb 2 + vent 2 = 6 -> unacceptable (6-11); 1+1+1 = 3 -> no pain
    assert run_mdcalc("behavioral_pain_scale", 3622, {"face": 2, "limb": 2, "vent": 2}).interpretation.startswith(
        "Unacceptable")
    assert CALCULATORS["behavioral_pain_scale"].run(
        {"face": "Relaxed", "limb": "No movement", "vent": "Tolerating movement"}).interpretation == "No pain"


def test_setscore_eight_points_predicts_tracheostomy():
    # dysphagia 4 + GCS < 10 3 + hydrocephalus 4 = 11 -> >= 8
    calc = CALCULATORS["setscore"]
    result = calc.run({"dysphagia": "Yes", "gcs": "<10", "hydro": "Yes", "apache": "<=20", "lung": "<=1"})
    assert result.value == 11 and "tracheostomy likely" in result.interpretation
    # aspiration 3 + sepsis 3 = 6 -> < 8
    assert calc.run({"aspiration": "Yes", "sepsis": "Yes", "gcs": ">=10", "apache": "<=20",
                     "lung": "<=1"}).value == 6
    with pytest.raises(CalculatorInputError, match="apache"):
        calc.run({"gcs": ">=10", "lung": "<=1"})


def test_webster_moderate_disability():
    # 1+0+2+1+0 + tremor 0 + facies 1 + 1 + 2 + 3 = 11 -> moderate (11-20)
    raw = {"hands": 1, "rigidity": 0, "posture": 2, "upper": 1, "gait": 0, "tremor": 0, "facies": 1, "sebor": 1,
           "speech": 2, "selfc": 3}
    result = run_mdcalc("webster_parkinson", 3978, raw)
    assert result.value == 11 and result.interpretation == "Moderate disability"
    with pytest.raises(CalculatorInputError, match="tremor"):
        run_mdcalc("webster_parkinson", 3978, {k: v for k, v in raw.items() if k != "tremor"})


def test_nexus_head_ct_any_criterion_means_ct():
    calc = CALCULATORS["nexus_head_ct"]
    assert calc.run({}).interpretation.startswith("Low risk")  # no criterion documented: 0
    assert calc.run({"scalp": "Yes"}).interpretation.endswith("CT necessary")


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


def test_neck_disability_index_bands():
    # 2+1+3+2+1+2+3+2+2+2 = 20 -> moderate (15-24)
    raw = {"q1": 2, "q2": 1, "q3": 3, "q4": 2, "q5": 1, "q6": 2, "q7": 3, "q8": 2, "q9": 2, "q10": 2}
    result = run_mdcalc("neck_disability_index", 10532, raw)
    assert result.value == 20 and result.interpretation == "Moderate neck disability"
    with pytest.raises(CalculatorInputError, match="q9"):
        run_mdcalc("neck_disability_index", 10532, {k: v for k, v in raw.items() if k != "q9"})


def test_sedan_risk():
    # glucose 145-216 1 + early infarct 1 + age > 75 1 = 3 -> 8.8%
    raw = {"gluc": 1, "infarct": 1, "ct": 0, "age": 1, "nihss": 0}
    result = run_mdcalc("sedan", 2039, raw)
    assert result.value == 3 and result.interpretation.startswith("8.8%")
    with pytest.raises(CalculatorInputError, match="infarct"):
        CALCULATORS["sedan"].run({"gluc": "<145 mg/dL (8.1 mmol/L)", "ct": "No", "age": "No", "nihss": "No"})


def test_brain_metastasis_velocity():
    # 20 / 0.75 = 26.67 per year -> high (> 13): 4.3 months; 25 / 2 = 12.5 -> intermediate: 8.2 months
    calc = CALCULATORS["brain_metastasis_velocity"]
    result = calc.run({"number": 20, "time": 0.75})
    assert result.value == pytest.approx(26.67) and "4.3 months" in result.interpretation
    assert "8.2 months" in calc.run({"number": 25, "time": 2}).interpretation
    assert "12.4 months" in calc.run({"number": 3, "time": 3}).interpretation  # 1 per year
    with pytest.raises(CalculatorInputError, match="time"):
        calc.run({"number": 3})


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
