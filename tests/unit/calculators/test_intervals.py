"""A calculator over inputs known only as intervals: one value when it is the same everywhere, the range when a
cut-off falls inside, refusals for intervals the input cannot take."""

from __future__ import annotations

import math

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.intervals import MAX_RUNS, Interval, IntervalError, number_kind, run_over_intervals

PERC_BASE = dict(unilateral_leg_swelling=False, hemoptysis=False, recent_surgery_or_trauma=False, previous_pe=False,
                 hormone_use=False)


def test_same_value_over_the_interval_is_the_answer():
    # PERC: age >= 50 is one point wherever in [50, 120] the age lies; HR < 100, SpO2 >= 95 score nothing
    out = run_over_intervals(CALCULATORS["perc_rule"], PERC_BASE, {
        "age": Interval(50, math.inf), "heart_rate": Interval(-math.inf, 100, high_closed=False),
        "oxygen_saturation": Interval(95, math.inf)})
    assert out.result is not None and out.result.value == 1 and out.values == [1]
    assert out.runs >= 8  # at least both ends of each of the three intervals, combined


def test_a_cut_off_inside_gives_the_range_and_no_value():
    # CURB-65's age point is at 65: an age of 60-70 leaves it open
    out = run_over_intervals(CALCULATORS["curb_65"], dict(confusion=False, urea=5, respiratory_rate=20,
                                                          systolic_bp=120, diastolic_bp=80),
                             {"age": Interval(60, 70)})
    assert out.result is None and out.values == [0, 1]
    assert "age [60, 70]" in out.reason


def test_open_end_is_just_inside():
    # heart rate > 100 is Wells' 1.5 points; the open end 100 itself would score 0
    base = dict(dvt_signs=False, pe_most_likely=False, immobilization=False, previous_pe=False, hemoptysis=False,
                malignancy=False)
    out = run_over_intervals(CALCULATORS["wells_pe"], base, {"heart_rate": Interval(100, 150, low_closed=False)})
    assert out.result is not None and out.result.value == 1.5


def test_interval_unit_converted_to_the_inputs():
    # free water deficit's TBW fraction changes at 65 years only; 'Adult' is 18-65
    out = run_over_intervals(CALCULATORS["free_water_deficit"], dict(sex="male", weight=70, sodium=150,
                                                                      target_sodium=140),
                             {"age": Interval(18, 65, True, False)})
    assert out.result is not None
    assert out.result.value == pytest.approx(0.6 * 70 * (150 / 140 - 1), rel=1e-6)  # 3.0 L


def test_refusals():
    calc = CALCULATORS["perc_rule"]
    with pytest.raises(IntervalError, match="not a number input"):
        run_over_intervals(calc, PERC_BASE, {"hemoptysis": Interval(0, 1)})
    with pytest.raises(IntervalError, match="outside the input's range"):
        run_over_intervals(calc, PERC_BASE, {"age": Interval(200, 300)})
    with pytest.raises(ValueError, match="not an interval"):
        Interval(5, 1)
    assert number_kind(calc, "age") == "number" and number_kind(calc, "hemoptysis") is None


def test_combinations_are_bounded():
    # every number input of the PSI over its whole range: the scan finds a cut-off in each, too many combinations
    calc = CALCULATORS["psi"]
    numbers = [s.name for s in calc.card().inputs if number_kind(calc, s.name)]
    assert len(numbers) >= 8
    with pytest.raises(IntervalError, match=f"exceed {MAX_RUNS}"):
        run_over_intervals(calc, {"sex": "male"}, {n: Interval(-math.inf, math.inf) for n in numbers})
