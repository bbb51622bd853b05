"""Field map: for every calculator input, where rules read it from a note.

Each family module of :mod:`medmirror.tools.extraction.rules` declares its calculators' ``FIELD_MAP`` beside its
rules; ``CALCULATOR_MAP`` is their union (a calculator declared twice is an error at import). A source is from
:mod:`medmirror.tools.extraction.calc_sources` (extractor quantity, concept with negation and time frame,
medication, derived rule, method parameter, or a judgement rules cannot make). The map covers every input of all 55
MedCalc-Bench calculators; :func:`source_for` raises for an input it does not know, and a unit test keeps the map
complete.

Time frames follow the criteria's wording: "history of ..." items count past mentions
(``when="any"``); "current", "recent" and "active" items need a present mention
(``when="current"``: a past-only mention decides False); "previous / prior ..." items need a
past mention (``when="history"``).
"""

from __future__ import annotations

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.calc_sources import Judgement, Quantity, Source
from medmirror.tools.extraction.quantities import BY_NAME as QUANTITY_SPECS
from medmirror.tools.extraction.rules import (
    anthropometrics,
    cardiac_risk,
    comorbidity,
    critical_care,
    dosing,
    ecg_hemodynamics,
    electrolytes,
    glasgow_coma,
    hepatic,
    infection,
    metabolic,
    obstetrics,
    pneumonia,
    renal,
    vte,
)

FAMILIES = (renal, electrolytes, hepatic, metabolic, ecg_hemodynamics, anthropometrics, obstetrics, dosing, cardiac_risk,
            vte, critical_care, glasgow_coma, pneumonia, comorbidity, infection)


def _assemble(families: tuple) -> dict[str, dict[str, Source]]:
    out: dict[str, dict[str, Source]] = {}
    for family in families:
        for calculator_id, fields in family.FIELD_MAP.items():
            if calculator_id in out:
                raise ValueError(f"calculator '{calculator_id}' has a field map in two families ({family.__name__})")
            out[calculator_id] = fields
    return out


CALCULATOR_MAP: dict[str, dict[str, Source]] = _assemble(FAMILIES)


LIBRARY_ITEM = Judgement(
    "an item of a RiskAgent-library score: the model picks the option or value, and the note must support it "
    "(rules read only the numbers the extractor knows by the item's own name)")


def _library_source(calculator_id: str, field: str) -> Source:
    """A library score's input: the extractor's quantity of the same name (age, sodium, ...), else a judgement."""
    info = CALCULATORS[calculator_id].inputs.model_fields.get(field)
    if info is None:
        raise KeyError(f"calculator '{calculator_id}': input '{field}' is not in the field map") from None
    numeric = info.annotation in (float, int, float | None, int | None)
    return Quantity(field) if numeric and field in QUANTITY_SPECS else LIBRARY_ITEM


def source_for(calculator_id: str, field: str) -> Source:
    """The source of one input; raises KeyError naming what is not mapped.

    MedCalc-Bench's 55 have a written field map; any other calculator without one (RiskAgent's library, the
    workflow calculators) reads its inputs by :func:`_library_source`."""
    try:
        fields = CALCULATOR_MAP[calculator_id]
    except KeyError:
        calc = CALCULATORS.get(calculator_id)
        if calc is not None and calc.medcalc_id is None:
            return _library_source(calculator_id, field)
        raise KeyError(f"no field map for calculator '{calculator_id}'") from None
    try:
        return fields[field]
    except KeyError:
        raise KeyError(f"calculator '{calculator_id}': input '{field}' is not in the field map") from None


def describe(calculator_id: str) -> dict[str, str]:
    """Input -> human-readable description of where rules read it (for cards and reviewers)."""
    if calculator_id not in CALCULATOR_MAP:
        return {name: source_for(calculator_id, name).describe() for name in CALCULATORS[calculator_id].inputs.model_fields}
    return {name: src.describe() for name, src in CALCULATOR_MAP[calculator_id].items()}
