"""Cardiac, coronary and general scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def _run_gold(cid: str, mdcalc_id: int, raw: dict, labels: dict | None = None):
    args, notes = mdcalc_arguments(CALCULATORS[cid], mdcalc_id, raw, labels)
    assert not notes
    return CALCULATORS[cid].run(args)


def test_mews_gold_inputs_with_shared_codes_map_by_label():
    # SBP 71-80 (2) + HR 51-100 (0) + RR >=30 (3) + T <35 (2) + unresponsive (3) = 10 -> >= 5
    raw = {"systolic_bp": 2, "heart_rate": 0, "respiratory_rate": 3, "temperature": 2, "avpu_score": 3}
    labels = {"Systolic BP": "71-80 mmHg", "Heart rate": "51-100 bpm", "Respiratory rate": ">=30 bpm",
              "Temperature": "<35degC / 95degF", "AVPU Score": "Unresponsive"}
    result = _run_gold("mews", 1875, raw, labels)
    assert result.value == 10 and result.interpretation.startswith("MEWS 5 or more")


def test_mews_low_and_refusal():
    # SBP 101-199 (0) + HR 41-50 (1) + RR 15-20 (1) + T normal (0) + alert (0) = 2
    args = {"systolic_bp": "101-199 mmHg", "heart_rate": "41-50 bpm", "respiratory_rate": "15-20 bpm",
            "temperature": "35-38.4degC / 95-101.1degF", "avpu_score": "Alert"}
    assert CALCULATORS["mews"].run(args).value == 2
    with pytest.raises(CalculatorInputError, match="missing avpu_score"):
        CALCULATORS["mews"].run({k: v for k, v in args.items() if k != "avpu_score"})


def test_timi_risk_index():
    # 120 x (75/10)^2 / 100 = 120 x 56.25 / 100 = 67.5 -> > 30
    result = _run_gold("timi_risk_index", 665, {"heart_rate": 120, "Age": 75, "systolic_blood_pressure": 100})
    assert result.value == 67.5 and result.interpretation.startswith("TRI >30")
    # 70 x (50/10)^2 / 120 = 1750 / 120 = 14.58 -> >12.5-17.5
    result = CALCULATORS["timi_risk_index"].run({"heart_rate": 70, "Age": 50, "systolic_blood_pressure": 120})
    assert result.value == 14.58 and result.interpretation.startswith("TRI >12.5-17.5")
    with pytest.raises(CalculatorInputError, match="missing systolic_blood_pressure"):
        CALCULATORS["timi_risk_index"].run({"heart_rate": 70, "Age": 50})
