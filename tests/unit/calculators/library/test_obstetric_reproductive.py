"""Obstetric and reproductive scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def test_vbac_flamm():
    # MedRisk row: age<40 2 + vaginal birth before cesarean 1 + other reason 1 + effacement <25% 0 + dilation 1 = 5
    raw = {"age": 2, "vaghx": 1, "reason": 1, "eff": 0, "dil": 1}
    args, notes = mdcalc_arguments(CALCULATORS["vbac_flamm"], 3317, raw)
    r = CALCULATORS["vbac_flamm"].run(args)
    assert not notes and r.value == 5 and r.interpretation.startswith("77%")
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS["vbac_flamm"].run({k: v for k, v in args.items() if k != "eff"})
    assert "eff" in err.value.missing


def test_bishop_score_bands():
    # row 9589: closed 0 + >=80% 3 + station -1/0 2 + anterior 2 + firm 0 = 7 -> indeterminate
    args, notes = mdcalc_arguments(CALCULATORS["bishop_score"], 3320, {"dil": 0, "eff": 3, "stat": 2, "pos": 2,
                                                                       "con": 0})
    r = CALCULATORS["bishop_score"].run(args)
    assert not notes and r.value == 7 and r.interpretation.startswith("Indeterminate")
    # 3 + 3 + 2 + 0 + 0 = 8 -> favorable; all 0 -> unfavorable
    assert CALCULATORS["bishop_score"].run({"dil": ">=5 cm", "eff": ">=80%", "stat": "-1, 0", "pos": "Posterior",
                                            "con": "Firm"}).interpretation.startswith("Favorable")
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS["bishop_score"].run({"dil": "Closed"})
    assert "stat" in err.value.missing
