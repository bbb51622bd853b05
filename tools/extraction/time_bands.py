"""Band labels of a time written in two units ('>7 days', '48 hours to 7 days', '<48 hours').

:func:`medmirror.tools.extraction.choice_labels.bands` reads bands of one unit; a time item's labels may change unit
from band to band, or within one ('48 hours to 7 days'). Each label is read here as an interval of hours: '>N unit',
'<N unit', '>=N unit', '<=N unit', 'N unit to M unit', 'N-M unit'. An item is time-banded when every label is one.
"""

from __future__ import annotations

import math
import re

from medmirror.tools.calculators.option_match import Quantity

HOURS = {"minute": 1 / 60, "hour": 1.0, "day": 24.0, "week": 168.0, "month": 720.0, "year": 8760.0}
_ALIASES = {"min": "minute", "mins": "minute", "hr": "hour", "hrs": "hour", "h": "hour", "d": "day", "wk": "week",
            "mo": "month", "yr": "year"}
_N = r"(\d+(?:\.\d+)?)"
_U = r"([a-z]+)"
_SIDE = re.compile(rf"(?i)^\s*(>=|<=|>|<|≥|≤)\s*{_N}\s*{_U}\s*$")
_SPAN = re.compile(rf"(?i)^\s*{_N}\s*{_U}?\s*(?:to|-|–)\s*{_N}\s*{_U}\s*$")


def _hours(n: str, unit: str | None) -> float | None:
    if unit is None:
        return None
    u = unit.casefold()
    u = _ALIASES.get(u, u.rstrip("s"))
    return float(n) * HOURS[u] if u in HOURS else None


def time_band(label: str) -> Quantity | None:
    """The interval of hours a label states; None: not a time band."""
    if m := _SIDE.match(label):
        x = _hours(m.group(2), m.group(3))
        if x is None:
            return None
        sign = m.group(1).replace("≥", ">=").replace("≤", "<=")
        if sign.startswith(">"):
            return Quantity(x, math.inf, low_open=sign == ">", high_open=True, unit="hour", text=label)
        return Quantity(-math.inf, x, low_open=True, high_open=sign == "<", unit="hour", text=label)
    if m := _SPAN.match(label):
        a, b = _hours(m.group(1), m.group(2) or m.group(4)), _hours(m.group(3), m.group(4))
        if a is None or b is None or a >= b:
            return None
        return Quantity(a, b, unit="hour", text=label, decimals=1)
    return None


def time_bands(labels: list[str]) -> list[Quantity] | None:
    """The hours each label states, when every label states one and they use more than one time unit."""
    qs = [time_band(label) for label in labels]
    units = {u.casefold().rstrip("s") for label in labels for u in re.findall(r"(?i)[a-z]+", label) if u != "to"}
    if any(q is None for q in qs) or len(units) < 2:
        return None
    return [q for q in qs if q is not None]
