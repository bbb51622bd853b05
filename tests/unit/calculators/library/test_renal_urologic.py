"""Renal and urologic scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def test_ipss_quality_of_life_reported_apart():
    # MedRisk row: 1 + 3 + 0 + 2 + 0 + 5 + 0 = 11 -> moderate; QoL code 6 = "Unhappy" = 5, not added
    raw = {"incomplete": 1, "freq": 3, "intermit": 0, "urgency": 2, "weak": 0, "strain": 5, "noct": 0, "quality": 6}
    args, notes = mdcalc_arguments(CALCULATORS["ipss"], 10462, raw)
    r = CALCULATORS["ipss"].run(args)
    assert not notes and args["quality"] == "Unhappy"
    assert r.value == 11 and r.interpretation.startswith("Moderate") and r.components["quality_of_life"] == 5


def test_ipss_severe_and_refusal():
    calc = CALCULATORS["ipss"]
    args = {k: "Almost always" for k in ("incomplete", "freq", "intermit", "urgency", "weak", "strain")}
    r = calc.run({**args, "noct": ">=5 times"})  # 6 x 5 + 5 = 35
    assert r.value == 35 and r.interpretation.startswith("Severe") and "quality_of_life" not in r.components
    with pytest.raises(CalculatorInputError) as err:
        calc.run(args)
    assert "noct" in err.value.missing


def test_reid_colposcopic_index():
    # MedRisk row: margin 1 + colour 1 + vessels 0 + iodine 2 = 4 -> intermediate (CIN 1 or CIN 2)
    args, notes = mdcalc_arguments(CALCULATORS["reid_colposcopic_index"], 10530, {"q1": 1, "q2": 1, "q3": 0, "q4": 2})
    r = CALCULATORS["reid_colposcopic_index"].run(args)
    assert not notes and r.value == 4 and "CIN 1 or CIN 2" in r.interpretation


def test_ruis_bands():
    # 3 + 2 + 1 + 3 + 2 = 11 -> moderate; 1 + 3 + 1 + 2 + 1 = 8 -> mild
    calc = CALCULATORS["ruis"]
    for raw, value, word in (({"urgency": 3, "activity": 2, "drops": 1, "leakfreq": 3, "lose": 2}, 11, "Moderate"),
                             ({"urgency": 1, "activity": 3, "drops": 1, "leakfreq": 2, "lose": 1}, 8, "Mild")):
        args, _ = mdcalc_arguments(calc, 2047, raw)
        r = calc.run(args)
        assert r.value == value and r.interpretation.startswith(word)


def _mdcalc_run(cid, mid, raw, labels=None):
    args, notes = mdcalc_arguments(CALCULATORS[cid], mid, raw, labels)
    assert not notes
    return CALCULATORS[cid].run(args)


def test_stone_nephrolithometry():
    # row 574: size 3 + tract 2 + obstruction 2 + calyces 1 + essence 2 = 10 -> 42% stone-free
    r = _mdcalc_run("stone_nephrolithometry", 2044, {"size": 3, "tract": 2, "obstruction": 2, "calyces": 1,
                                                     "essence": 2})
    assert r.value == 10 and "42%" in r.interpretation
    # all lowest: 5 -> 94%
    assert "94%" in _mdcalc_run("stone_nephrolithometry", 2044, {"size": 1, "tract": 1, "obstruction": 1,
                                                                 "calyces": 1, "essence": 1}).interpretation


def test_kidney_failure_risk_points_table():
    # row 5917: eGFR 20-24 -25, male -2, ACR <30 0, age 80-89 +8, albumin <=2.5 -5, phosphorus 4.6-5.5 -3,
    # bicarbonate 23-25 -1, calcium 8.6-9.5 0 = -28 -> 45.9%
    r = _mdcalc_run("kidney_failure_risk_points", 10045, {"gfr": -25, "sex": -2, "acr": 0, "age": 8, "albumin": -5,
                                                          "phosphorous": -3, "bicarbonate": -1, "calcium": 0})
    assert r.value == -28 and r.interpretation.startswith("45.9%")
    # row 5921: -30 + 0 - 22 + 4 - 5 + 3 + 0 + 2 = -48 -> > 90%
    r = _mdcalc_run("kidney_failure_risk_points", 10045, {"gfr": -30, "sex": 0, "acr": -22, "age": 4, "albumin": -5,
                                                          "phosphorous": 3, "bicarbonate": 0, "calcium": 2})
    assert r.value == -48 and r.interpretation.startswith(">90.0%")
    # row 5914: 0 + 0 + 0 + 10 + 0 + 3 - 1 + 2 = 14 -> < 5%
    assert CALCULATORS["kidney_failure_risk_points"].run({
        "gfr": "45-49", "sex": "Female", "acr": "<30", "age": ">=90", "albumin": "2.6-3.0 (26-30)",
        "phosphorous": "<3.5 (<1.13)", "bicarbonate": "23-25 (23-25)", "calcium": ">=9.6 (>=2.4)",
    }).interpretation.startswith("<5.0%")
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS["kidney_failure_risk_points"].run({"gfr": "45-49"})
    assert "acr" in err.value.missing


def test_stone_score_ureteral_race_codes():
    # row 8604: female 0 + pain <6 h 3 + no nausea 0 + no haematuria 0 + MDCalc code 4 (non-black, 3) = 6 -> 51.3%
    r = _mdcalc_run("stone_score_ureteral", 10110, {"sex": 0, "pain": 3, "nausea": 0, "hematuria": 0, "race": 4})
    assert r.value == 6 and "51.3%" in r.interpretation
    # row 8614: male 2 + 6-24 h 1 + vomiting 2 + haematuria 3 + non-black 3 = 11 -> high 88.6%
    r = _mdcalc_run("stone_score_ureteral", 10110, {"sex": 2, "pain": 1, "nausea": 2, "hematuria": 3, "race": 4})
    assert r.value == 11 and r.interpretation.startswith("High risk: 88.6%")


def test_renal_nephrometry_suffixes():
    # row 8833: radius >=7 3 + entirely endophytic 3 + nearness >=7 mm 1 + crosses axial midline 3 = 10, 'ah'
    r = _mdcalc_run("renal_nephrometry", 3908, {"radius": 3, "exo": 3, "nearness": 1, "ant": 0, "loc": 4, "hilum": 1})
    assert r.value == 10 and r.interpretation.startswith("RENAL 10ah: High complexity: 21.9%")
    # row 8826: 1 + 2 + 3 + crosses a polar line 2 = 8, neither -> 'x' -> intermediate 11.1%
    r = _mdcalc_run("renal_nephrometry", 3908, {"radius": 1, "exo": 2, "nearness": 3, "ant": 2, "loc": 2, "hilum": 0})
    assert r.value == 8 and r.components["suffix"] == "x" and "11.1%" in r.interpretation


def test_vurx_resolution():
    # row 8004: female 1 + voiding 1 + anomaly 1 + low grade 0 = 3 -> 53%
    assert "53%" in _mdcalc_run("vurx", 10478, {"gender": 1, "time": 1, "anomaly": 1, "grade": 0}).interpretation
    # row 8000: 1 + 3 + 1 + 1 = 6 -> 11%
    r = _mdcalc_run("vurx", 10478, {"gender": 1, "time": 3, "anomaly": 1, "grade": 1})
    assert r.value == 6 and r.interpretation.startswith("11%")


def test_twist_bands():
    # swelling 2 + hard 2 + absent reflex 1 = 5 -> high; hard 2 + nausea 1 = 3 -> intermediate
    r = _mdcalc_run("twist_score", 10440, {"swelling": 2, "hard": 2, "absent": 1, "nausea": 0, "high": 0})
    assert r.value == 5 and r.interpretation.startswith("High risk")
    r = _mdcalc_run("twist_score", 10440, {"swelling": 0, "hard": 2, "absent": 0, "nausea": 1, "high": 0})
    assert r.value == 3 and "ultrasound indicated" in r.interpretation
