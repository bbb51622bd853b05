"""Options that join conditions on several measures ('No shock (SBP >=100 AND HR <100)', 'Hypotension (SBP <100)'):
each option's conditions, read apart so that an option is chosen only when every one of its conditions is read from
the text and holds (see :func:`medmirror.tools.extraction.vignette.read_items`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from medmirror.tools.calculators.option_match import Quantity, quantities
from medmirror.tools.calculators.points import Choice

# a measure's name, a comparison and a number with its unit: 'SBP >=100', 'HR < 100 bpm'
_CONDITION = re.compile(r"\s*([A-Za-z][\w/]*(?:\s+[A-Za-z][\w/]*){0,2})\s*((?:>=|<=|≥|≤|<|>)\s*\d+(?:\.\d+)?"
                        r"(?:\s*[A-Za-z%/]+)?)\s*")
_CHANGE = re.compile(r"(?i)\b(?:change|fall|drop|rise|increase|decrease|delta|variation|nadir|peak)\b")  # not a value


@dataclass(frozen=True)
class Condition:
    name: str  # the extractor's quantity ('systolic_bp')
    written: str  # as the label writes it ('SBP >=100')
    band: Quantity


def joined_conditions(item: Choice, name_of: Callable[[str], str | None]) -> list[list[Condition]] | None:
    """Per option, the conditions its label states on named measures, when at least one option joins two or more with
    AND and every number of every label belongs to a condition whose measure ``name_of`` names (a descriptor without
    a number, 'No shock', is no condition); None otherwise (an OR, a change 'fall >50%', a bare band '>=100')."""
    out: list[list[Condition]] = []
    for o in item.options:
        conds = []
        for piece in re.split(r"[()]|\band\b", o.label, flags=re.I):
            if not re.search(r"\d", piece):
                continue
            m = _CONDITION.fullmatch(piece.replace("≥", ">=").replace("≤", "<="))
            if m is None or re.search(r"(?i)\bor\b", piece) or _CHANGE.search(m.group(1)):
                return None
            name, qs = name_of(m.group(1)), quantities(m.group(2))
            if not name or len(qs) != 1 or qs[0].is_point:
                return None
            conds.append(Condition(name, m.group(0).strip(), qs[0]))
        if not conds:
            return None
        out.append(conds)
    return out if any(len(c) > 1 for c in out) else None
