"""Helpers shared by the workflow calculator modules (critical_care_workflows, renal_dosing, bedside_scores,
oncology_hepatic_workflows, general_formulas)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import field_validator

from medmirror.tools.calculators.base import CalculatorInputs, CalculatorResult


def result(calc_id: str, name: str, reference: str, value: Any, unit: str, text: str, lines: list[str],
           components: dict[str, Any] | None = None) -> CalculatorResult:
    return CalculatorResult(calculator=calc_id, name=name, value=value, unit=unit, interpretation=text,
                            explanation=lines, reference=reference, components=components or {})


def words(text: str) -> str:
    """Lower case, a parenthesised note ('(+2)') dropped, punctuation as spaces."""
    return re.sub(r"[^a-z0-9]+", " ", re.sub(r"\([^)]*\)", " ", text.lower())).strip()


def pick_option(value: Any, options: tuple[str, ...]) -> Any:
    """The option ``value`` names: equal after :func:`words`, or the one option it starts with (the longest
    such, so 'very tense or rigid' is not 'tense'). Anything else is returned for the Literal to refuse."""
    if not isinstance(value, str):
        return value
    text = words(value)
    exact = [o for o in options if words(o) == text]
    if exact:
        return exact[0]
    prefixed = sorted((o for o in options if text.startswith(words(o))), key=lambda o: -len(words(o)))
    return prefixed[0] if prefixed else value


class FiO2Percent(CalculatorInputs):
    """Inputs with an ``fio2`` in %: a bare 0.21-1.0 is a fraction (x 100); a bare 21-100 is a percentage."""

    @field_validator("fio2", mode="before", check_fields=False)
    @classmethod
    def _fraction(cls, v: Any) -> Any:
        if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 1:
            return float(v) * 100
        return v
