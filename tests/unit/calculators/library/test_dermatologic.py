"""Dermatologic scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def test_pedis_high_risk_at_7():
    # PAD 1 + 1-3 cm² 2 + fascia 2 + surface infection 1 + loss of sensation 1 = 7 -> high risk
    raw = {"perfusion": 1, "extent": 2, "depth": 2, "infection": 1, "sensation": 1}
    args, notes = mdcalc_arguments(CALCULATORS["pedis_score"], 10059, raw)
    assert not notes
    result = CALCULATORS["pedis_score"].run(args)
    assert result.value == 7 and result.interpretation.startswith("High risk")
    args["sensation"] = "Sensation intact"  # 6 -> low risk
    assert CALCULATORS["pedis_score"].run(args).interpretation.startswith("Low risk")


def test_pedis_refuses_missing_depth():
    with pytest.raises(CalculatorInputError, match="missing depth"):
        CALCULATORS["pedis_score"].run({"perfusion": "Critical limb ischemia", "extent": ">3 cm²",
                                        "infection": "None", "sensation": "Loss of sensation"})
