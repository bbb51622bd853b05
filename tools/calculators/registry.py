"""All calculators, by tool name. Modules register themselves at import."""

from __future__ import annotations

from medmirror.tools.calculators.base import Calculator

CALCULATORS: dict[str, Calculator] = {}


def register(calc: Calculator) -> Calculator:
    if calc.id in CALCULATORS:
        raise ValueError(f"duplicate calculator id {calc.id}")
    CALCULATORS[calc.id] = calc
    return calc


def by_medcalc_id(medcalc_id: int) -> Calculator:
    for calc in CALCULATORS.values():
        if calc.medcalc_id == medcalc_id:
            return calc
    raise KeyError(f"no calculator implements MedCalc-Bench id {medcalc_id}")
