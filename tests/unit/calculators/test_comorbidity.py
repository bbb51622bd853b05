"""Charlson Comorbidity Index (MedCalc-Bench 32)."""

from __future__ import annotations

import math

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.medcalc_adapter import adapt

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {32}
CCI = CALCULATORS["charlson"]


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


def test_cci_no_conditions() -> None:
    # age 45: 0 points; 10-year survival 0.983^(e^0) = 0.983
    r = CCI.run({"age": 45})
    assert r.value == 0
    assert r.components["ten_year_survival"] == pytest.approx(0.983)
    assert "myocardial_infarction" in r.assumed


def test_cci_known_values() -> None:
    # age 65: 2 + MI 1 + diabetes with end-organ damage 2 + metastatic tumour 6 = 11
    r = CCI.run({"age": 65, "myocardial_infarction": True, "diabetes": "end-organ damage",
                 "solid_tumor": "metastatic"})
    assert r.value == 11
    # age 75: 3 + CHF 1 + stroke and TIA together 1 + liver moderate-severe 3 + hemiplegia 2 + CKD 2
    # + leukaemia 2 + lymphoma 2 + AIDS 6 = 22
    r = CCI.run({"age": 75, "chf": True, "cerebrovascular_accident": True, "tia": True,
                 "liver_disease": "moderate to severe", "hemiplegia": True, "moderate_severe_ckd": True,
                 "leukemia": True, "lymphoma": True, "aids": True})
    assert r.value == 22 and r.components["cva_or_tia"] == 1


def test_cci_age_bands() -> None:
    pts = [CCI.run({"age": a}).value for a in (49, 50, 59, 60, 69, 70, 79, 80)]
    assert pts == [0, 1, 1, 2, 2, 3, 3, 4]


def test_cci_categorical_options_and_synonyms() -> None:
    base = {"age": 40}
    assert CCI.run({**base, "diabetes": "Diet controlled"}).value == 0
    assert CCI.run({**base, "diabetes": "uncomplicated"}).value == 1
    assert CCI.run({**base, "liver_disease": "Mild"}).value == 1
    assert CCI.run({**base, "solid_tumor": "Localised"}).value == 2
    # each single condition weighted 1
    for f in ("peripheral_vascular_disease", "dementia", "chronic_pulmonary_disease",
              "connective_tissue_disease", "peptic_ulcer_disease", "tia"):
        assert CCI.run({**base, f: True}).value == 1, f


def test_cci_survival_estimate() -> None:
    # CCI 2 (age 60): 0.983^(e^1.8) = exp(6.0496 × ln 0.983) = exp(-0.10373) = 0.9015
    r = CCI.run({"age": 60})
    assert r.components["ten_year_survival"] == pytest.approx(0.9015, abs=1e-4)
    assert "90%" in r.interpretation


def test_cci_age_unit_conversion() -> None:
    # 600 months = 50 years -> 1 point
    assert CCI.run({"age": [600, "months"]}).value == 1


def test_cci_missing_and_invalid() -> None:
    with pytest.raises(CalculatorInputError) as err:
        CCI.run({"chf": True})
    assert err.value.missing == ["age"]
    with pytest.raises(CalculatorInputError) as err:
        CCI.run({"age": 50, "diabetes": "type 2"})
    assert "diabetes" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        CCI.run({"age": 150})
    assert "age" in str(err.value)


def test_cci_medcalc_categorical_values() -> None:
    args = adapt(CCI, "{'age': [55, 'years'], 'Liver disease': 'mild', 'Solid tumor': 'localized', "
                      "'Diabetes mellitus': 'end-organ damage', 'Cerebrovascular Accident': True}")
    # 1 + 1 + 2 + 2 + 1 = 7
    assert CCI.run(args).value == 7
    assert math.isclose(CCI.run(args).components["ten_year_survival"], 0.983 ** math.exp(6.3), rel_tol=1e-3)
