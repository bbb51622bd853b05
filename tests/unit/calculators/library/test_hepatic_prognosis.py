"""MELD 3.0, Lille, ABIC, GAHS and the Sheiner-Tozer phenytoin correction; values worked by hand."""

from __future__ import annotations

import pytest

from medmirror.bench.medmcp import resolve
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError


def test_meld3_floor_bounds_and_value():
    calc = CALCULATORS["meld_3"]
    normal = {"sex": "male", "bilirubin": 0.5, "sodium": 140, "inr": 0.9, "creatinine": 0.7, "albumin": 4.2}
    # every value bounded to its limit (bili/INR/Cr 1.0, Na 137, albumin 3.5): all terms 0 -> 6
    assert calc.run(normal).value == 6
    # female 1.33; ln 3 = 1.0986, ln 2 = 0.6931: 1.33 + 5.0097 + 5.74 - 1.8457 + 6.3007 + 7.7216 + 1.85 - 1.2685 + 6
    # = 30.84 -> 31
    result = calc.run({"sex": "female", "bilirubin": 3, "sodium": 130, "inr": 2, "creatinine": 2, "albumin": 2.5})
    assert result.value == 31 and result.components["unrounded"] == pytest.approx(30.838, abs=0.01)
    # dialysis sets creatinine to 3.0 (ln 3 x 11.14 = 12.24 on the floor case -> 18)
    assert calc.run({**normal, "dialysis": True}).value == 18
    with pytest.raises(CalculatorInputError) as err:
        calc.run({k: v for k, v in normal.items() if k != "albumin"})
    assert err.value.missing == ["albumin"]
    assert resolve("MELD 3.0").id == "meld_3"


def test_lille_response_boundary():
    calc = CALCULATORS["lille_model"]
    # 50 y, albumin 30 g/L, bilirubin 256.6 -> 171.0 µmol/L (15 -> 10 mg/dL), Cr 1.0, PT 16 s:
    # R = 3.19 - 5.05 + 4.41 + 1.4111 - 0 - 1.6676 - 0.1536 = 2.1399; Lille = 0.105 -> response
    result = calc.run({"age": 50, "albumin": "3 g/dL", "bilirubin_day0": "15 mg/dL", "bilirubin_day7": "10 mg/dL",
                       "creatinine": 1.0, "prothrombin_time": 16})
    assert result.value == pytest.approx(0.105, abs=0.001) and "response" in result.interpretation
    # 60 y, albumin 25, bilirubin 300 -> 320 µmol/L, Cr 1.5 (renal 1), PT 25 s:
    # R = 3.19 - 6.06 + 3.675 - 0.33 - 0.206 - 1.95 - 0.24 = -1.921; Lille = 0.872 -> non-response
    result = calc.run({"age": 60, "albumin": 25, "bilirubin_day0": 300, "bilirubin_day7": 320, "creatinine": 1.5,
                       "prothrombin_time": 25})
    assert result.value == pytest.approx(0.872, abs=0.001) and "non-response" in result.interpretation
    with pytest.raises(CalculatorInputError):
        calc.run({"age": 60, "albumin": 25, "bilirubin_day0": 300})


def test_abic_bands():
    calc = CALCULATORS["abic_score"]
    # 5.0 + 0.8 + 0.3 + 1.2 = 7.3 -> intermediate
    assert calc.run({"age": 50, "bilirubin": 10, "inr": 1.5, "creatinine": 1.0}).value == pytest.approx(7.3)
    # boundary 9.0 exactly: 6.0 + 1.6 + 0.6 + 0.8 = 9.0 -> high
    assert "high risk" in calc.run({"age": 60, "bilirubin": 20, "inr": 1.0, "creatinine": 2.0}).interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"age": 60, "bilirubin": 20, "inr": 1.0})
    assert err.value.missing == ["creatinine"]


def test_gahs_points():
    calc = CALCULATORS["gahs"]
    # age 55 (2) + WBC 16 (2) + urea 4 (1) + INR 2.0 (2, 1.5-2.0 inclusive) + bilirubin 171 µmol/L (2) = 9 -> poor
    result = calc.run({"age": 55, "wbc": 16, "urea": 4, "inr": 2.0, "bilirubin": "10 mg/dL"})
    assert result.value == 9 and "poor prognosis" in result.interpretation
    # age 49 (1) + WBC 14.9 (1) + urea 5 (2) + INR 2.1 (3) + bilirubin 251 (3) = 10
    assert calc.run({"age": 49, "wbc": 14.9, "urea": 5, "inr": 2.1, "bilirubin": 251}).value == 10
    assert calc.run({"age": 40, "wbc": 8, "urea": 3, "inr": 1.2, "bilirubin": 100}).value == 5
    with pytest.raises(CalculatorInputError):
        calc.run({"age": 40, "wbc": 8, "urea": 3, "inr": 1.2})


def test_phenytoin_albumin_correction():
    calc = CALCULATORS["phenytoin_albumin_correction"]
    # 8 / (0.2 x 2.0 + 0.1) = 16.0; in renal failure 8 / (0.1 x 2.0 + 0.1) = 26.7 (above range)
    assert calc.run({"phenytoin": 8, "albumin": 2.0}).value == 16.0
    result = calc.run({"phenytoin": 8, "albumin": "20 g/L", "renal_failure": True})
    assert result.value == pytest.approx(26.7) and "above 20" in result.interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"phenytoin": 8})
    assert err.value.missing == ["albumin"]
