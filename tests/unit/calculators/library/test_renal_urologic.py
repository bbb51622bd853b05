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
