"""What the rule tests call: a calculator's rule arguments for a note, and one rule's value for a note."""

from __future__ import annotations

from typing import Any, Callable

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.grounding import rule_arguments


def args_of(calc_id: str, note: str) -> dict:
    """The arguments the rule extractor grounds for calculator ``calc_id`` in ``note``."""
    return rule_arguments(CALCULATORS[calc_id], note).args


def value(rule: Callable[[NoteContext], Any], note: str) -> Any:
    """The value one rule reads from ``note`` (None when it finds nothing)."""
    hit = rule(NoteContext(note))
    return None if hit is None else hit.value
