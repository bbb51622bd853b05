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
