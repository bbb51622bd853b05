"""A calculator run on inputs known only as intervals (an age band '65-74', an SpO2 of '92-93 %', 'HR >= 100: yes').

A number input given as an :class:`Interval` is not replaced by a made-up point. The calculator runs at the
interval's ends (an open end just inside it; an unbounded end at the input's own range limit) and at one point of
every stretch of the interval over which the result is constant (found by scanning the interval at
:data:`SCAN_POINTS` evenly spaced points and, when it spans at most :data:`MAX_INTEGER_SCAN` units, every whole
number: published cut-offs sit on such values), over every combination of the interval inputs (at most
:data:`MAX_RUNS` runs, bounded work). When every run gives the same value, that value is the answer; otherwise
the outcome is the range of values, never one of them.
"""

from __future__ import annotations

import itertools
import math
import typing
from dataclasses import dataclass, field
from typing import Any

from medmirror.tools.calculators.base import Calculator, CalculatorResult
from medmirror.tools.calculators.units import ANALYTES, UnitConversionError, convert

SCAN_POINTS = 41
MAX_INTEGER_SCAN = 200
MAX_RUNS = 4096
_NUDGE = 1e-6  # relative step inside an open end


@dataclass(frozen=True)
class Interval:
    """``low``-``high`` in ``unit`` (None: the input's canonical unit); infinite ends are allowed."""

    low: float
    high: float
    low_closed: bool = True
    high_closed: bool = True
    unit: str | None = None

    def __post_init__(self) -> None:
        if math.isnan(self.low) or math.isnan(self.high) or self.low > self.high:
            raise ValueError(f"not an interval: {self.low} to {self.high}")

    def __str__(self) -> str:
        lo = "-inf" if self.low == -math.inf else f"{self.low:g}"
        hi = "inf" if self.high == math.inf else f"{self.high:g}"
        return f"{'[' if self.low_closed else '('}{lo}, {hi}{']' if self.high_closed else ')'}" + (
            f" {self.unit}" if self.unit else "")


@dataclass
class IntervalOutcome:
    """``result`` when every run agrees (then ``values`` has one element); otherwise ``result`` is None and
    ``reason`` says why (the values differ, or a run was refused)."""

    result: CalculatorResult | None
    values: list[Any] = field(default_factory=list)
    runs: int = 0
    reason: str = ""


class IntervalError(ValueError):
    """An interval the input cannot take (no unit conversion, outside its range, too many combinations)."""


def number_kind(calc: Calculator, name: str) -> str | None:
    """'number' or 'integer' when the input ``name`` takes a number (an optional one too), else None."""
    field_info = calc.inputs.model_fields.get(name)
    if field_info is None:
        return None
    kinds = {int: "integer", float: "number"}
    ann = field_info.annotation
    found = {kinds[a] for a in (ann, *typing.get_args(ann)) if a in kinds}
    return found.pop() if len(found) == 1 and (ann in kinds or set(typing.get_args(ann)) <= {*kinds, type(None)}) \
        else None


def _canonical(calc: Calculator, name: str, iv: Interval) -> tuple[float, float, bool, bool, bool]:
    """(low, high, low closed, high closed, integer) in the input's canonical unit, clamped to its range."""
    specs = {s.name: s for s in calc.card().inputs}
    spec = specs.get(name)
    if spec is None or number_kind(calc, name) is None:
        raise IntervalError(f"{name}: not a number input, cannot take an interval")
    lo, hi = iv.low, iv.high
    if iv.unit and spec.unit and iv.unit.strip() != spec.unit:
        try:
            lo, hi = (x if math.isinf(x) else convert(x, iv.unit, spec.unit, analyte=name if name in ANALYTES else None) for x in (lo, hi))
        except (UnitConversionError, ValueError) as exc:
            raise IntervalError(f"{name}: interval {iv}: {exc}") from None
    lo_closed, hi_closed = iv.low_closed, iv.high_closed
    if spec.minimum is not None and lo <= spec.minimum:
        lo, lo_closed = spec.minimum, True
    if spec.maximum is not None and hi >= spec.maximum:
        hi, hi_closed = spec.maximum, True
    if math.isinf(lo) or math.isinf(hi):
        raise IntervalError(f"{name}: interval {iv} is unbounded and the input states no range to bound it")
    if lo > hi:
        raise IntervalError(f"{name}: interval {iv} lies outside the input's range")
    return lo, hi, lo_closed, hi_closed, number_kind(calc, name) == "integer"


def _ends(lo: float, hi: float, lo_closed: bool, hi_closed: bool, integer: bool) -> tuple[float, float]:
    step = (lambda x: 1.0) if integer else (lambda x: max(abs(x), 1.0) * _NUDGE)
    a = lo if lo_closed else (math.floor(lo) + 1 if integer else lo + step(lo))
    b = hi if hi_closed else (math.ceil(hi) - 1 if integer else hi - step(hi))
    if integer:
        a, b = math.ceil(a), math.floor(b)
    if a > b:
        raise IntervalError(f"the interval {lo:g}-{hi:g} holds no value the input takes")
    return a, b


def _scan(a: float, b: float, integer: bool) -> list[float]:
    if a == b:
        return [a]
    points = {a, b, *(a + (b - a) * i / (SCAN_POINTS - 1) for i in range(SCAN_POINTS))}
    if b - a <= MAX_INTEGER_SCAN:
        points.update(float(n) for n in range(math.ceil(a), math.floor(b) + 1))
    if integer:
        points = {float(round(p)) for p in points if a <= round(p) <= b}
    return sorted(points)


def _key(value: Any) -> Any:
    return round(float(value), 9) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def run_over_intervals(calc: Calculator, args: dict[str, Any], intervals: dict[str, Interval]) -> IntervalOutcome:
    """Run ``calc`` on ``args`` with each input of ``intervals`` taken over its interval (module docstring)."""
    if not intervals:
        return IntervalOutcome(calc.run(args), runs=1)
    bounds = {name: _canonical(calc, name, iv) for name, iv in intervals.items()}
    ends = {name: _ends(*b) for name, b in bounds.items()}
    base = {name: e[0] for name, e in ends.items()}
    runs = 0

    def at(points: dict[str, float]) -> CalculatorResult:
        nonlocal runs
        runs += 1
        return calc.run({**args, **{n: (int(v) if bounds[n][4] else v) for n, v in points.items()}})

    candidates: dict[str, list[float]] = {}
    for name, (a, b) in ends.items():
        reps: list[float] = [a, b]
        last = None
        for p in _scan(a, b, bounds[name][4]):
            key = _key(at({**base, name: p}).value)
            if key != last:
                reps.append(p)
                last = key
        candidates[name] = sorted(set(reps))
    combos = math.prod(len(c) for c in candidates.values())
    if combos > MAX_RUNS:
        raise IntervalError(f"{combos} combinations of the interval inputs ({', '.join(intervals)}) exceed "
                            f"{MAX_RUNS}; give more of them as values")
    seen: dict[Any, tuple[Any, CalculatorResult]] = {}
    names = list(candidates)
    for combo in itertools.product(*(candidates[n] for n in names)):
        res = at(dict(zip(names, combo)))
        seen.setdefault(_key(res.value), (res.value, res))
    values = sorted((v for v, _ in seen.values()), key=lambda v: (isinstance(v, str), v))
    described = ", ".join(f"{n} {intervals[n]}" for n in names)
    if len(seen) == 1:
        result = next(iter(seen.values()))[1]
        result.explanation = [*result.explanation, f"Same value over the intervals given ({described}): "
                              f"{runs} runs at their ends and cut-offs."]
        return IntervalOutcome(result, values, runs)
    shown = f"{values[0]}-{values[-1]}" if all(not isinstance(v, str) for v in values) else " / ".join(map(str, values))
    return IntervalOutcome(None, values, runs, f"the value depends on where the inputs lie in their intervals "
                           f"({described}): {shown}")
