"""Where a calculator comes from in RiskAgent's library: MDCalc's id, name and categories.

``library/mdcalc_index.json`` holds, per MDCalc id of the 387 calculators in RiskAgent's library,
short facts (name, calc function, disease, specialty, chief complaint, organ system) that retrieval
uses as fields and the cards show. They are labels, not the library's texts.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

MDCALC_INDEX = Path(__file__).parent / "library" / "mdcalc_index.json"
FIELDS = ("specialty", "organ_system", "chief_complaint", "disease", "calc_function")


@cache
def mdcalc_index() -> dict[int, dict[str, str]]:
    """MDCalc id -> {name, calc_function, disease, specialty, chief_complaint, organ_system}."""
    return {int(k): v for k, v in json.loads(MDCALC_INDEX.read_text(encoding="utf-8")).items()}


def mdcalc_fields(mdcalc_id: int) -> dict[str, str]:
    """The index entry of ``mdcalc_id``; KeyError naming it when the library has no such calculator."""
    entry = mdcalc_index().get(mdcalc_id)
    if entry is None:
        raise KeyError(f"MDCalc id {mdcalc_id} is not in RiskAgent's library")
    return dict(entry)
