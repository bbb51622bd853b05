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

from medmirror.tools.calculators.base import Calculator


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


_STOP = {"the", "of", "or", "and", "a", "an", "for", "in", "to", "with", "on", "at", "by", "rule", "criteria",
         "history", "present", "patient", "s"}


def _tokens(text: str) -> set[str]:
    return {t.rstrip("s") if len(t) > 3 else t for t in normalise_key(text).split() if t not in _STOP}


def similar_field(calc: Calculator, key: str, *, threshold: float = 0.6, margin: float = 0.15) -> tuple[str, float] | None:
    """The input a key names by word overlap with the known keys and field names, if one stands out.

    MedCalc-Bench spells some criteria differently across rows ("Pneumonia" vs "Pneumonia in the
    last month"); an exact key map cannot list every variant. A key maps only when its best field
    is clearly better than the next (``margin``) and similar enough (``threshold``; the score is the
    mean of the Jaccard overlap and the share of the key's words found).
    """
    words = _tokens(key)
    if not words:
        return None
    by_field: dict[str, float] = {}
    names = [(k, f) for k, f in calc.medcalc_keys.items()] + [(f.replace("_", " "), f) for f in calc.inputs.model_fields]
    for name, fname in names:
        other = _tokens(name)
        if not other:
            continue
        shared = len(words & other)
        # mean of Jaccard and coverage of the key's own words: "Sepsis" fits "sepsis last month"
        score = (shared / len(words | other) + shared / len(words)) / 2
        by_field[fname] = max(by_field.get(fname, 0.0), score)
    ranked = sorted(by_field.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] < threshold:
        return None
    if len(ranked) > 1 and ranked[0][1] - ranked[1][1] < margin:
        return None
    return ranked[0]


def adapt(calc: Calculator, entities: str | dict[str, Any], report: list[str] | None = None) -> dict[str, Any]:
    """Map MedCalc-Bench entities to keyword arguments for ``calc.run``.

    Keys are looked up in the calculator's ``medcalc_keys``; a key not listed there is
    mapped by :func:`similar_field` when one input clearly matches (noted in ``report``),
    otherwise the entities are refused with the unknown keys named.
    """
    ents = parse_entities(entities)
    if calc.medcalc_adapter is not None:
        return calc.medcalc_adapter(ents)
    keymap = {normalise_key(k): f for k, f in calc.medcalc_keys.items()}
    args: dict[str, Any] = {}
    unknown: list[str] = []
    for key, raw in ents.items():
        fname = keymap.get(normalise_key(key))
        if fname is None:
            match = similar_field(calc, key)
            if match is None or match[0] in args:
                unknown.append(key)
                continue
            fname = match[0]
            if report is not None:
                report.append(f"entity {key!r} mapped to input {fname!r} by word overlap {match[1]:.2f}")
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
