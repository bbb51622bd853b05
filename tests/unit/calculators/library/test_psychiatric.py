"""Psychiatric scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments

GDS_REVERSE = {"q1", "q5", "q7", "q11", "q13"}  # a "No" scores 1 on these


def test_gds15_all_answers_in_the_depressed_direction_score_15():
    calc = CALCULATORS["gds_15"]
    args = {f"q{i}": ("No" if f"q{i}" in GDS_REVERSE else "Yes") for i in range(1, 16)}
    result = calc.run(args)
    assert result.value == 15 and result.interpretation == "Suggests severe depression"


def test_gds15_six_points_is_mild():
    # q1 "No" (+1), q2..q6 "Yes" (+1 each except q5: "Yes" scores 0) -> 1 + 4 = 5; q8 "Yes" -> 6
    args = {f"q{i}": ("Yes" if f"q{i}" in GDS_REVERSE else "No") for i in range(1, 16)}  # all 0 so far
    args.update(q1="No", q2="Yes", q3="Yes", q4="Yes", q6="Yes", q8="Yes")
    result = CALCULATORS["gds_15"].run(args)
    assert result.value == 6 and result.interpretation == "Suggests mild depression"


def test_gds15_refuses_unanswered_items():
    with pytest.raises(CalculatorInputError, match="missing q2"):
        CALCULATORS["gds_15"].run({"q1": True})


def test_gds15_medrisk_gold_inputs_map_by_mdcalc_value():
    raw = {f"q{i}": 1 for i in range(1, 16)}  # MDCalc's value 1 is the depressed answer of every item
    args, notes = mdcalc_arguments(CALCULATORS["gds_15"], 10566, raw)
    assert not notes and args["q1"] == "No" and args["q2"] == "Yes"
    assert CALCULATORS["gds_15"].run(args).value == 15


def test_epds_positive_at_ten():
    # 1+0+1+2+2+1+2+2+2+2 = 15 -> positive (>= 10)
    raw = {"q1": 1, "q2": 0, "q3": 1, "q4": 2, "q5": 2, "q6": 1, "q7": 2, "q8": 2, "q9": 2, "q10": 2}
    args, notes = mdcalc_arguments(CALCULATORS["epds"], 10466, raw)
    result = CALCULATORS["epds"].run(args)
    assert not notes and result.value == 15 and result.interpretation.startswith("Positive")
    # 9 points (1 on each of q1..q9, q10 0) -> negative
    raw = {f"q{i}": 1 for i in range(1, 10)} | {"q10": 0}
    args, _ = mdcalc_arguments(CALCULATORS["epds"], 10466, raw)
    assert CALCULATORS["epds"].run(args).interpretation == "Negative screening result"
    with pytest.raises(CalculatorInputError, match="q10"):
        CALCULATORS["epds"].run({k: v for k, v in args.items() if k != "q10"})
