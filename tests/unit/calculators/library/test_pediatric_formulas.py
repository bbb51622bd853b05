"""Pediatric ETT size, bedside Schwartz eGFR and the phenytoin/fosphenytoin load; values worked by hand."""

from __future__ import annotations

import pytest

from medmirror.bench.medmcp import resolve
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError


def test_pediatric_ett_size():
    calc = CALCULATORS["pediatric_ett_size"]
    # 6 years: uncuffed 6/4 + 4 = 5.5 mm, cuffed 6/4 + 3 = 4.5 mm
    result = calc.run({"age": 6})
    assert result.value == 5.5 and result.components["cuffed_mm"] == 4.5
    # 18 months = 1.5 years: 4.375 -> 4.38 uncuffed
    assert calc.run({"age": "18 months"}).value == pytest.approx(4.38)
    with pytest.raises(CalculatorInputError):  # under 1 year the age formula does not hold
        calc.run({"age": 0.5})
    assert resolve("Pediatric Endotracheal Tube (ETT) Size").id == "pediatric_ett_size"


def test_bedside_schwartz():
    calc = CALCULATORS["bedside_schwartz"]
    # 0.413 x 110 / 0.5 = 90.86 -> 90.9, normal (>= 90)
    result = calc.run({"height": 110, "creatinine": 0.5})
    assert result.value == pytest.approx(90.9) and "normal" in result.interpretation
    # 0.413 x 140 / 1.0 = 57.8 (30-59); creatinine in µmol/L: 88.4 µmol/L = 1.0 mg/dL
    assert "moderately" in calc.run({"height": 140, "creatinine": "88.4 umol/L"}).interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"height": 140})
    assert err.value.missing == ["creatinine"]


def test_phenytoin_load():
    calc = CALCULATORS["phenytoin_load"]
    # 0.7 x 70 x (20 - 0) / 0.92 = 1065.2 mg
    assert calc.run({"desired_level": 20, "current_level": 0, "weight": 70}).value == pytest.approx(1065.2)
    # top-up: 0.7 x 60 x (15 - 8) / 0.92 = 319.6 mg PE
    assert calc.run({"desired_level": "15 mg/L", "current_level": "8 mcg/mL", "weight": 60}).value == \
        pytest.approx(319.6)
    with pytest.raises(CalculatorInputError):  # already at the target: no load
        calc.run({"desired_level": 15, "current_level": 15, "weight": 60})
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"desired_level": 15, "weight": 60})
    assert err.value.missing == ["current_level"]
    assert resolve("Fosphenytoin Load").id == "phenytoin_load"
