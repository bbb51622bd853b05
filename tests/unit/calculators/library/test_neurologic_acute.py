"""Neurologic acute scores, values worked by hand from each definition."""

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


def test_2helps2b_sums_findings_and_reads_the_seizure_risk():
    # prior 1 + sporadic 1 + plus 1 = 3 -> 50%; BIRDs 2 + LPDs 1 + sporadic 1 = 4 -> 73%
    assert run_mdcalc("two_helps2b", 10474, {"birds": 0, "lpds": 0, "prior": 1, "spor": 1, "freq": 0,
                                             "plus": 1}).interpretation.startswith("50% risk")
    result = CALCULATORS["two_helps2b"].run({"birds": "Yes", "lpds": "Yes", "spor": "Yes"})
    assert result.value == 4 and result.interpretation.startswith("73% risk")


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


def test_nexus_head_ct_any_criterion_means_ct():
    calc = CALCULATORS["nexus_head_ct"]
    assert calc.run({"scalp": "No"}).interpretation.startswith("Low risk")  # no criterion: 0
    assert calc.run({"scalp": "Yes"}).interpretation.endswith("CT necessary")


def test_catch_high_medium_low():
    calc = CALCULATORS["catch_head_ct"]
    assert calc.run({"basal": "No"}).value == "Low risk"
    # only medium-risk findings (basal skull fracture sign, dangerous mechanism) -> medium
    result = calc.run({"basal": "Yes", "moi": "Yes"})
    assert result.value == "Medium risk" and "CT of the head indicated" in result.interpretation
    # any high-risk finding (worsening headache) -> high
    assert calc.run({"hx": "Yes", "boggy": "Yes"}).value == "High risk"


def test_gcs_pupils_subtracts_unreactive_pupils():
    # eye to pain 2 + inappropriate words 3 + flexion 3 = GCS 8; one pupil unreactive -1 -> GCS-P 7
    raw = {"eye": 2, "verbal": 3, "motor": 3, "pupil": -1}
    result = run_mdcalc("gcs_pupils", 10140, raw)
    assert result.value == 7 and "mortality 19.17% (survival 80.83%)" in result.interpretation
    # intubated and not-assessable eyes share value 1 with other options: the label decides
    args = {"eye": "Not assessable (trauma, edema, etc)", "verbal": "Intubated", "motor": "Obeys commands",
            "pupil": "Both pupils reactive to light (normal)"}
    assert CALCULATORS["gcs_pupils"].run(args).value == 8


def test_four_score_sum():
    # 3 + 2 + 4 + 1 = 10
    result = run_mdcalc("four_score", 10028, {"eyeresponse": 3, "motorresponse": 2, "brainstemreflex": 4,
                                              "respirationpattern": 1})
    assert result.value == 10


def test_4at_possible_delirium():
    # alert normal 0 + 1 mistake 1 + lists < 7 months 1 + acute change 4 = 6 -> possible delirium
    # (alertness value 0 is shared by two options: MedRisk's labelled inputs decide)
    calc = CALCULATORS["four_at"]
    args, notes = mdcalc_arguments(calc, 3982, {"alert": 0, "amt": 1, "atte": 1, "acute": 4}, {"Alertness": "Normal"})
    result = calc.run(args)
    assert not notes and result.value == 6 and result.interpretation.startswith("Possible delirium")
    with pytest.raises(CalculatorInputError, match="acute"):
        calc.run({k: v for k, v in args.items() if k != "acute"})


def test_ciwa_ar_intermediate_grades_by_points():
    # nausea 2 + tremor 4 + sweats 1 + anxiety 4 + agitation 3 + tactile 0 + auditory 0 + visual 1
    # + headache 2 + orientation 1 = 18 -> mild to moderate (9-19)
    raw = {"nausea": 2, "tremor": 4, "sweats": 1, "anxiety": 4, "agitation": 3, "tactile": 0, "auditory": 0,
           "visual_input": 1, "headache": 2, "orientation": 1}
    result = run_mdcalc("ciwa_ar", 1736, raw)
    assert result.value == 18 and result.interpretation == "Mild to moderate withdrawal"


def test_triss_probability_of_survival():
    # penetrating, RTS 5, ISS 30, age <= 54: b = -0.6029 + 1.1430*5 - 0.1516*30 = 0.5641 -> 1/(1+e^-0.5641) = 63.7%
    result = run_mdcalc("triss", 10404, {"traumatype": 1, "rts": 5.0, "iss": 30, "a": 0})
    assert result.value == pytest.approx(63.7)
    # blunt, RTS 7, ISS 20, age <= 54: b = -1.2470 + 6.6808 - 1.536 = 3.8978 -> 98.0%
    assert run_mdcalc("triss", 10404, {"traumatype": 0, "rts": 7.0, "iss": 20, "a": 0}).value == pytest.approx(98.0)
    # a triage RTS (0-12) is not the coded RTS TRISS needs: refused
    with pytest.raises(CalculatorInputError, match="rts"):
        run_mdcalc("triss", 10404, {"traumatype": 0, "rts": 12.0, "iss": 9, "a": 0})


def test_pediatric_nexus_ii():
    calc = CALCULATORS["pediatric_nexus_ii_head_ct"]
    assert calc.run({"vomit": "No"}).interpretation.startswith("Low risk")
    assert calc.run({"vomit": "Yes"}).interpretation.endswith("consider CT")


def test_awol_delirium_risk():
    # >= 80 1 + cannot spell world backward 1 + oriented 0 + moderately ill 1 = 3 -> 20%
    calc = CALCULATORS["awol_delirium"]
    result = calc.run({"age": ">=80 years", "world": "No", "orient": "Yes", "nursing": "Moderately ill"})
    assert result.value == 3 and result.interpretation.startswith("20%")
    with pytest.raises(CalculatorInputError, match="nursing"):
        calc.run({"age": "<80 years", "world": "Yes", "orient": "Yes"})


def test_chip_one_major_or_two_minor():
    calc = CALCULATORS["chip_head_ct"]
    base = {"age": "<40 years", "gcs": "No"}
    assert calc.run(base | {"loc": "Yes"}).interpretation.startswith("CT not required")  # one minor
    assert calc.run(base | {"loc": "Yes", "fall": "Yes"}).interpretation.startswith("CT of the head")  # two minor
    assert calc.run(base | {"vomit": "Yes"}).interpretation.startswith("CT of the head")  # one major
    assert calc.run({"age": ">=60 years", "gcs": "No"}).interpretation.startswith("CT of the head")  # age >= 60
    with pytest.raises(CalculatorInputError, match="gcs"):
        calc.run({"age": "<40 years"})


def test_simplified_motor_score():
    assert run_mdcalc("simplified_motor_score", 1832, {"patient_response": 1}).interpretation.startswith("SMS < 2")
    assert run_mdcalc("simplified_motor_score", 1832, {"patient_response": 2}).value == 2
