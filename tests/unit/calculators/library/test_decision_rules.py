"""Emergency decision rules (NEXUS, Canadian C-Spine, Ottawa ankle/knee, San Francisco syncope, Light's criteria);
patients written for these tests, answers worked by hand from each published rule."""

from __future__ import annotations

import pytest

from medmirror.bench.medmcp import resolve
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.library.decision_rules import all_of, any_of

NEXUS_NONE = {"midline_tenderness": False, "intoxication": False, "altered_alertness": False, "focal_deficit": False,
              "distracting_injury": False}


def test_kleene_logic():
    assert any_of(None, True) is True and any_of(False, None) is None and any_of(False, False) is False
    assert all_of(None, False) is False and all_of(True, None) is None and all_of(True, True) is True


def test_nexus_one_criterion_images_all_absent_clears_missing_refused():
    calc = CALCULATORS["nexus_cspine"]
    assert calc.run({**NEXUS_NONE, "intoxication": True}).value == "Imaging indicated"
    assert calc.run({"focal_deficit": "Yes"}).value == "Imaging indicated"  # one present decides alone
    assert calc.run(NEXUS_NONE).value == "Imaging not indicated"
    with pytest.raises(CalculatorInputError) as err:  # four absent, one undocumented: never cleared
        calc.run({k: v for k, v in NEXUS_NONE.items() if k != "distracting_injury"})
    assert err.value.missing == ["distracting_injury"]


def test_canadian_cspine_in_order():
    calc = CALCULATORS["canadian_cspine"]
    # a 70-year-old (high-risk factor): imaging, the later questions not needed
    result = calc.run({"high_risk_factor": True})
    assert result.value == "Imaging indicated" and "High risk" in result.interpretation
    # no high-risk factor, no low-risk factor: imaging before any rotation test
    assert "No low-risk factor" in calc.run({"high_risk_factor": False, "low_risk_factor": False}).interpretation
    # low risk but cannot rotate 45 degrees both ways: imaging; can rotate: cleared
    assert calc.run({"high_risk_factor": False, "low_risk_factor": True, "rotates_neck": False}).value == \
        "Imaging indicated"
    assert calc.run({"high_risk_factor": False, "low_risk_factor": True, "rotates_neck": True}).value == "No imaging"
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"high_risk_factor": False, "low_risk_factor": True})
    assert err.value.missing == ["rotates_neck"]
    assert resolve("Canadian C-Spine Rule").id == "canadian_cspine"


def test_ottawa_ankle_zones():
    calc = CALCULATORS["ottawa_ankle"]
    # malleolar pain + tender tip of the lateral malleolus, no midfoot pain: ankle series only
    result = calc.run({"malleolar_pain": True, "lateral_malleolus_tenderness": True, "midfoot_pain": False})
    assert result.value == "X-ray: ankle series"
    # both zones painful, cannot bear weight: both series
    assert calc.run({"malleolar_pain": True, "midfoot_pain": True, "unable_to_bear_weight": True}).value == \
        "X-ray: ankle and foot series"
    # malleolar pain without bone tenderness, walks 4 steps, no midfoot pain: no X-ray
    assert calc.run({"malleolar_pain": True, "lateral_malleolus_tenderness": False,
                     "medial_malleolus_tenderness": False, "unable_to_bear_weight": False,
                     "midfoot_pain": False}).value == "No X-ray"
    with pytest.raises(CalculatorInputError) as err:  # the weight-bearing finding decides and is missing
        calc.run({"malleolar_pain": True, "lateral_malleolus_tenderness": False, "medial_malleolus_tenderness": False,
                  "midfoot_pain": False})
    assert "unable_to_bear_weight" in err.value.missing


def test_ottawa_knee_age_boundary():
    calc = CALCULATORS["ottawa_knee"]
    rest = {"isolated_patellar_tenderness": False, "fibular_head_tenderness": False, "unable_to_flex_90": False,
            "unable_to_bear_weight": False}
    assert calc.run({"age": 55, **rest}).value == "X-ray indicated"  # >= 55 is a criterion
    assert calc.run({"age": 54, **rest}).value == "No X-ray"
    assert calc.run({"age": 30, **rest, "fibular_head_tenderness": True}).value == "X-ray indicated"
    with pytest.raises(CalculatorInputError) as err:
        calc.run(rest)
    assert err.value.missing == ["age"]


def test_san_francisco_syncope_rule():
    calc = CALCULATORS["sf_syncope"]
    none = {"chf_history": False, "hematocrit_below_30": False, "abnormal_ecg": False, "shortness_of_breath": False,
            "sbp_below_90": False}
    assert calc.run(none).value == "Low risk"
    assert calc.run({**none, "hematocrit_below_30": True}).value == "High risk"
    with pytest.raises(CalculatorInputError):
        calc.run({"chf_history": False})


def test_lights_criteria():
    calc = CALCULATORS["lights_criteria"]
    # protein 4.0/6.0 = 0.67 > 0.5: exudate whatever the LDH (the ULN not needed)
    result = calc.run({"pleural_protein": 4.0, "serum_protein": 6.0, "pleural_ldh": 100, "serum_ldh": 250})
    assert result.value == "Exudate" and result.components["criteria_met"] == 1
    # boundary: 3.0/6.0 = 0.5 and 150/250 = 0.6 are not above their cut-offs; 150 <= 2/3 x 240 = 160: transudate
    args = {"pleural_protein": "30 g/L", "serum_protein": 6.0, "pleural_ldh": 150, "serum_ldh": 250}
    assert calc.run({**args, "serum_ldh_uln": 240}).value == "Transudate"
    assert calc.run({**args, "serum_ldh_uln": 210}).value == "Exudate"  # 150 > 2/3 x 210 = 140
    with pytest.raises(CalculatorInputError) as err:  # the ratios do not decide and the ULN is missing
        calc.run(args)
    assert err.value.missing == ["serum_ldh_uln"]


def test_wfns_grades_and_the_deficit_only_at_13_14():
    calc = CALCULATORS["wfns_sah"]
    assert calc.run({"gcs": 15}).value == 1
    assert calc.run({"gcs": 14, "motor_deficit": False}).value == 2
    assert calc.run({"gcs": 13, "motor_deficit": True}).value == 3
    # boundaries: 12 and 7 are IV, 6 is V, whatever the deficit
    assert calc.run({"gcs": 12}).value == 4 and calc.run({"gcs": 7}).value == 4 and calc.run({"gcs": 6}).value == 5
    with pytest.raises(CalculatorInputError) as err:  # at 13-14 the deficit decides and is not documented
        calc.run({"gcs": 14})
    assert err.value.missing == ["motor_deficit"]
    with pytest.raises(CalculatorInputError):
        calc.run({"motor_deficit": False})
