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


def test_ohts_points_and_risk():
    # age 55-64 2 + IOP 24-<26 2 + CCT 551-575 2 + C/D 0.4-<0.5 2 + PSD 2.0-<2.4 2 = 10 -> 15%
    result = run_mdcalc("ohts_glaucoma", 10025, {"age": 2, "iop": 2, "cct": 2, "cdr": 2, "stdev": 2})
    assert result.value == 10 and "15% 5-year risk" in result.interpretation
    # 1 + 0 + 0 + 0 + 0 = 1 -> low, <= 4%
    assert "<=4%" in run_mdcalc("ohts_glaucoma", 10025, {"age": 1, "iop": 0, "cct": 0, "cdr": 0,
                                                         "stdev": 0}).interpretation


def test_brain_metastasis_velocity():
    # 20 / 0.75 = 26.67 per year -> high (> 13): 4.3 months; 25 / 2 = 12.5 -> intermediate: 8.2 months
    calc = CALCULATORS["brain_metastasis_velocity"]
    result = calc.run({"number": 20, "time": 0.75})
    assert result.value == pytest.approx(26.67) and "4.3 months" in result.interpretation
    assert "8.2 months" in calc.run({"number": 25, "time": 2}).interpretation
    assert "12.4 months" in calc.run({"number": 3, "time": 3}).interpretation  # 1 per year
    with pytest.raises(CalculatorInputError, match="time"):
        calc.run({"number": 3})


def test_centor_serves_mdcalc_104_from_gold_inputs():
    # MedRisk gold: age 3-14 (+1), exudate 1, nodes 1, fever 0, cough absent 1 -> 1+1+1+0+1 = 4 -> 51-53%
    calc = CALCULATORS["centor_mcisaac"]
    raw = {"age_range": 1, "exudate_swelling": 1, "lymph_nodes": 1, "fever": 0, "cough": 1}
    args, notes = mdcalc_arguments(calc, 104, raw)
    result = calc.run(args)
    assert not notes and result.value == 4 and "51-53%" in result.interpretation
    # >= 45 years (-1) + fever (+1), cough present, no exudate or nodes -> 0 -> 1-2.5%
    args, _ = mdcalc_arguments(calc, 104, {"age_range": -1, "exudate_swelling": 0, "lymph_nodes": 0, "fever": 1,
                                           "cough": 0})
    assert calc.run(args).value == 0


def test_feverpain_serves_mdcalc_3316_from_gold_inputs():
    # fever 1 + absence of cough/coryza 1 + onset <= 3 days 0 + purulence 1 + inflammation 0 = 3
    calc = CALCULATORS["feverpain"]
    args, notes = mdcalc_arguments(calc, 3316, {"fev": 1, "cough": 1, "symp": 0, "pur": 1, "inf": 0})
    assert not notes and calc.run(args).value == 3
    # cough/coryza present (0) is kept as given, not assumed absent
    args, _ = mdcalc_arguments(calc, 3316, {"fev": 0, "cough": 0, "symp": 1, "pur": 0, "inf": 0})
    assert calc.run(args).value == 1
