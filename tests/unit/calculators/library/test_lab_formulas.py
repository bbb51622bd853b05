"""SAAG, stool osmotic gap, CKD-EPI 2021 creatinine-cystatin C, the acetaminophen treatment line and ABC/2; values
worked by hand."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError


def test_saag_cut_off_inclusive():
    calc = CALCULATORS["saag"]
    assert calc.run({"serum_albumin": 3.0, "ascites_albumin": 1.9}).interpretation.startswith("SAAG >= 1.1")  # 1.1
    result = calc.run({"serum_albumin": "30 g/L", "ascites_albumin": "20 g/L"})
    assert result.value == pytest.approx(1.0) and result.interpretation.startswith("SAAG < 1.1")
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"serum_albumin": 3.0})
    assert err.value.missing == ["ascites_albumin"]


def test_stool_osmotic_gap():
    calc = CALCULATORS["stool_osmotic_gap"]
    # 290 - 2 x (30 + 20) = 190 -> osmotic; 290 - 2 x (80 + 40) = 50 -> indeterminate (50 is not < 50)
    assert calc.run({"stool_sodium": 30, "stool_potassium": 20}).interpretation.startswith("Gap > 125")
    result = calc.run({"stool_sodium": 80, "stool_potassium": 40})
    assert result.value == 50 and "indeterminate" in result.interpretation
    assert "secretory" in calc.run({"stool_sodium": 90, "stool_potassium": 40}).interpretation  # 30
    with pytest.raises(CalculatorInputError):
        calc.run({"stool_sodium": 90})


def test_ckd_epi_2021_creatinine_cystatin():
    calc = CALCULATORS["ckd_epi_2021_cr_cys"]
    # at kappa and 0.8 every ratio term is 1: 135 x 0.9961^50 (0.82252) x 0.963 = 106.9
    assert calc.run({"sex": "female", "age": 50, "creatinine": 0.7, "cystatin_c": 0.8}).value == pytest.approx(106.9)
    # male 60, Cr 1.8 (ratio 2), cys 1.6 (ratio 2): 135 x 2^-0.544 (0.6860) x 2^-0.778 (0.5830) x 0.9961^60 (0.7910)
    # = 42.7 -> G3b
    result = calc.run({"sex": "male", "age": 60, "creatinine": 1.8, "cystatin_c": 1.6})
    assert result.value == pytest.approx(42.7) and "G3b" in result.interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"sex": "male", "age": 60, "creatinine": 1.8})
    assert err.value.missing == ["cystatin_c"]


def test_acetaminophen_treatment_line():
    calc = CALCULATORS["acetaminophen_nomogram"]
    # line at 8 h = 150 x 0.5 = 75: 80 treat, 70 not; at 4 h exactly 150 is on the line (treated)
    assert calc.run({"hours": 8, "level": 80}).value == "Treat"
    assert calc.run({"hours": 8, "level": 70}).value == "Below treatment line"
    assert calc.run({"hours": 4, "level": "150 mg/L"}).value == "Treat"
    assert calc.run({"hours": 24, "level": 4}).components["treatment_line"] == pytest.approx(4.69)  # 150 / 32
    with pytest.raises(CalculatorInputError):  # before 4 h the nomogram does not apply
        calc.run({"hours": 2, "level": 100})


def test_abc2_volume():
    calc = CALCULATORS["abc2_ich_volume"]
    # 4 x 3 x 5 / 2 = 30 mL (boundary of the ICH score's >= 30 mL point)
    result = calc.run({"a": 4, "b": 3, "c": "50 mm"})
    assert result.value == 30 and ">= 30 mL" in result.interpretation
    assert "ICH score" not in calc.run({"a": 3, "b": 2, "c": 2}).interpretation  # 6 mL
    with pytest.raises(CalculatorInputError):
        calc.run({"a": 4, "b": 3})


def test_nac_dosing_regimens_and_cap():
    calc = CALCULATORS["nac_dosing"]
    # IV, 60 kg: 150 x 60 = 9000 mg over 60 min, 50 x 60 = 3000 mg over 4 h, 100 x 60 = 6000 mg over 16 h
    result = calc.run({"route": "IV", "weight": 60})
    assert result.value == 9000 and result.components == {"loading_mg": 9000, "second_mg": 3000, "third_mg": 6000}
    assert "21-hour regimen" in result.interpretation
    # boundary of the cap: 100 kg and 130 kg both dose as 100 kg IV (15000 mg)
    assert calc.run({"route": "IV", "weight": 100}).value == calc.run({"route": "IV", "weight": 130}).value == 15000
    # oral, 50 kg: 140 x 50 = 7000 mg, then 70 x 50 = 3500 mg every 4 h
    result = calc.run({"route": "oral", "weight": "110 lb"})  # 49.9 kg
    assert result.value == round(140 * 110 * 0.45359237) and "every 4 h for 17 doses" in result.interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"weight": 60})
    assert err.value.missing == ["route"]
