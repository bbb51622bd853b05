"""Adapter from MedCalc-Bench's "Relevant Entities" to calculator inputs.

MedCalc-Bench lists the gold parameters of a row as a Python-literal dict:
``{'age': [53, 'years'], 'sex': 'Male', 'Stroke': True, ...}``. Keys are the
benchmark's own names; values are a number, a string, a boolean or a
``[value, unit]`` pair. The text is parsed with :func:`ast.literal_eval` (never
``eval``) and each key is mapped through the calculator's ``medcalc_keys``.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from tools.calculators.base import Calculator


class EntityAdapterError(ValueError):
    """The entities could not be mapped onto the calculator's inputs."""


def normalise_key(key: str) -> str:
    k = key.lower().replace("₂", "2").replace("≥", ">=").replace("≤", "<=")
    k = re.sub(r"[^a-z0-9<>=#%]+", " ", k)
    return re.sub(r"\s+", " ", k).strip()


def parse_entities(text: str | dict[str, Any]) -> dict[str, Any]:
    """Parse the entity column. Accepts an already-parsed dict."""
    if isinstance(text, dict):
        return text
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError) as exc:
        raise EntityAdapterError(f"entities are not a Python-literal dict: {exc}") from None
    if not isinstance(value, dict):
        raise EntityAdapterError(f"entities must be a dict, got {type(value).__name__}")
    return value


def _value(raw: Any) -> Any:
    if isinstance(raw, (list, tuple)) and len(raw) == 2 and isinstance(raw[1], str) and not isinstance(raw[0], str):
        return {"value": raw[0], "unit": raw[1]}
    return raw


def adapt(calc: Calculator, entities: str | dict[str, Any]) -> dict[str, Any]:
    """Map MedCalc-Bench entities to keyword arguments for ``calc.run``."""
    ents = parse_entities(entities)
    if calc.medcalc_adapter is not None:
        return calc.medcalc_adapter(ents)
    keymap = {normalise_key(k): f for k, f in calc.medcalc_keys.items()}
    args: dict[str, Any] = {}
    unknown: list[str] = []
    for key, raw in ents.items():
        fname = keymap.get(normalise_key(key))
        if fname is None:
            unknown.append(key)
            continue
        value = _value(raw)
        options = calc.medcalc_values.get(fname)
        if options and isinstance(value, str):
            lowered = {k.lower(): v for k, v in options.items()}
            if value.lower() in lowered:
                value = lowered[value.lower()]
        args[fname] = value
    if unknown:
        raise EntityAdapterError(
            f"{calc.name}: entity key(s) not understood: {', '.join(repr(u) for u in unknown)}"
        )
    return args
