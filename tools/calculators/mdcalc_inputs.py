"""MedRisk's gold inputs -> a library calculator's arguments.

MedRisk-Qualitative rows give each question's gold inputs twice: ``inputs_raw`` (MDCalc input name ->
the schema's option value, or a number) and ``inputs`` (the input's label -> the option's label, or a
number). A score written with :mod:`medmirror.tools.calculators.points` takes MDCalc's input names, so
an option is found by its MDCalc value and, where two options share a value, by its label. A
calculator with other inputs (one of MedCalc-Bench's 55 serving an MDCalc id) maps them with its own
``mdcalc_adapter``. Anything that cannot be mapped is left out, so the calculator refuses it by name.
"""

from __future__ import annotations

import re
from typing import Any

from medmirror.tools.calculators.base import Calculator
from medmirror.tools.calculators.points import SPECS, Choice


class MappingProblem(ValueError):
    """A gold input that names no option of its item, or names two."""


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    try:
        return abs(float(a) - float(b)) < 1e-9
    except (TypeError, ValueError):
        return str(a).strip().casefold() == str(b).strip().casefold()


def _norm(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text).replace('"', "'").strip().casefold())


def mdcalc_arguments(calc: Calculator, mdcalc_id: int, inputs_raw: dict[str, Any],
                     inputs: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[str]]:
    """(arguments, notes): the calculator's arguments for a MedRisk row, and what could not be mapped."""
    if calc.mdcalc_adapter is not None:
        return calc.mdcalc_adapter(mdcalc_id, dict(inputs_raw)), []
    spec = SPECS.get(calc.id)
    if spec is None:
        return dict(inputs_raw), []
    labelled = {_norm(k): v for k, v in (inputs or {}).items()}
    args: dict[str, Any] = {}
    notes: list[str] = []
    for item in spec.items:
        if item.name not in inputs_raw:
            continue
        raw = inputs_raw[item.name]
        if not isinstance(item, Choice):
            args[item.name] = raw
            continue
        hits = [o for o in item.options if _same(o.mdcalc_value, raw)]
        if len(hits) > 1:
            by_label = labelled.get(_norm(item.question))
            hits = [o for o in hits if by_label is not None and _norm(o.label) == _norm(by_label)] or hits[:0]
        if len(hits) == 1:
            args[item.name] = hits[0].label
        else:
            notes.append(f"{item.name}: the gold value {raw!r} names {'no' if not hits else 'more than one'} "
                         f"option of '{item.question}'")
    return args, notes
