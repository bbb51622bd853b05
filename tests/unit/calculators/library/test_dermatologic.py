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


def test_braden_lower_is_worse():
    # 1 + 3 + 2 + 1 + 4 + 2 = 13 -> moderate
    raw = {"sensory": 1, "moisture": 3, "activity": 2, "mobility": 1, "nutrition": 4, "friction": 2}
    args, notes = mdcalc_arguments(CALCULATORS["braden_scale"], 10038, raw)
    assert not notes and args["activity"] == "Chairfast: ability to walk severely limited or non-existent; cannot " \
        "bear own weight and/or must be assisted into chair/wheelchair"
    result = CALCULATORS["braden_scale"].run(args)
    assert result.value == 13 and result.interpretation.startswith("Moderate risk")
    # 3 + 1 + 3 + 3 + 4 + 3 = 17 -> mild; all worst: 6 -> high
    raw = {"sensory": 3, "moisture": 1, "activity": 3, "mobility": 3, "nutrition": 4, "friction": 3}
    args, _ = mdcalc_arguments(CALCULATORS["braden_scale"], 10038, raw)
    assert CALCULATORS["braden_scale"].run(args).interpretation.startswith("Mild risk")
    args, _ = mdcalc_arguments(CALCULATORS["braden_scale"], 10038, {k: 1 for k in raw})
    assert CALCULATORS["braden_scale"].run(args).value == 6


def test_alt70():
    def run(raw):
        args, notes = mdcalc_arguments(CALCULATORS["alt_70"], 3998, raw)
        assert not notes
        return CALCULATORS["alt_70"].run(args)
    # asymmetric 3 + age 2 + WBC 1 + HR 1 = 7 -> treat
    assert run({"asy": 3, "age": 2, "wbc": 1, "hr": 1}).interpretation.startswith("Treat: >82.2%")
    # asymmetric 3 alone -> 3 -> consult
    assert run({"asy": 3, "age": 0, "wbc": 0, "hr": 0}).interpretation.startswith("Indeterminate: consult")
    # WBC + HR -> 2 -> reassess
    assert run({"asy": 0, "age": 0, "wbc": 1, "hr": 1}).interpretation.startswith("Reassess: >83.3%")


def test_malt_ipi():
    def run(raw):
        args, notes = mdcalc_arguments(CALCULATORS["malt_ipi"], 10539, raw)
        assert not notes
        return CALCULATORS["malt_ipi"].run(args)
    assert "overall survival 96.7%" in run({"q1": 0, "q2": 0, "q3": 0}).interpretation
    result = run({"q1": 1, "q2": 0, "q3": 0})  # age >= 70 -> 1 -> intermediate
    assert result.value == 1 and "overall survival 81.7%" in result.interpretation
    result = run({"q1": 1, "q2": 1, "q3": 0})  # 2 -> high
    assert result.interpretation.startswith("High risk") and "event-free survival 15.7%" in result.interpretation
