"""Dose conversions: corticosteroid equivalents and daily morphine milligram equivalents (MME).

Both calculators take MedCalc-Bench entities that the generic adapter cannot
express (a ``[name, dose, unit]`` triple for steroids; ``'<Drug> Dose'`` /
``'<Drug> Dose Per Day'`` pairs for opioids), so each has a ``medcalc_adapter`` hook.
"""

from __future__ import annotations

import re
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.medcalc_adapter import EntityAdapterError, normalise_key
from medmirror.tools.calculators.registry import register
from medmirror.tools.calculators.units import UnitConversionError, convert, parse_quantity


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


# ---------------------------------------------------------------------------
# Steroid conversion
# ---------------------------------------------------------------------------

# Equivalent doses (mg) as MedCalc-Bench's explanation table lists them (glucocorticoid potency).
STEROID_EQUIVALENT_MG: dict[str, float] = {
    "Betamethasone": 0.75, "Cortisone": 25.0, "Dexamethasone": 0.75, "Hydrocortisone": 20.0,
    "MethylPrednisoLONE": 4.0, "PrednisoLONE": 5.0, "PredniSONE": 5.0, "Triamcinolone": 4.0,
}
# Routes MedCalc-Bench names for each steroid.
STEROID_ROUTES: dict[str, tuple[str, ...]] = {
    "Betamethasone": ("IV",), "Cortisone": ("PO",), "Dexamethasone": ("IV", "PO"),
    "Hydrocortisone": ("IV", "PO"), "MethylPrednisoLONE": ("IV", "PO"), "PrednisoLONE": ("PO",),
    "PredniSONE": ("PO",), "Triamcinolone": ("IV",),
}
SteroidName = Literal[
    "Betamethasone IV", "Cortisone PO", "Dexamethasone IV", "Dexamethasone PO", "Hydrocortisone IV",
    "Hydrocortisone PO", "MethylPrednisoLONE IV", "MethylPrednisoLONE PO", "PrednisoLONE PO", "PredniSONE PO",
    "Triamcinolone IV", "Betamethasone", "Cortisone", "Dexamethasone", "Hydrocortisone", "MethylPrednisoLONE",
    "PrednisoLONE", "PredniSONE", "Triamcinolone",
]
_STEROID_BRANDS = {"decadron": "Dexamethasone", "solu medrol": "MethylPrednisoLONE IV", "medrol": "MethylPrednisoLONE PO",
                   "solu cortef": "Hydrocortisone IV", "cortef": "Hydrocortisone PO", "deltasone": "PredniSONE PO",
                   "kenalog": "Triamcinolone IV", "celestone": "Betamethasone IV"}
_ROUTE_WORDS = {"iv": "IV", "intravenous": "IV", "po": "PO", "oral": "PO", "by mouth": "PO"}


def _steroid_name(value: Any) -> Any:
    """'dexamethasone po', 'Hydrocortisone (IV)', 'Oral prednisone', 'Decadron' -> canonical option."""
    if not isinstance(value, str):
        return value
    key = _key(value)
    if key in _STEROID_BRANDS:
        return _STEROID_BRANDS[key]
    route = None
    for word, canon in _ROUTE_WORDS.items():
        if re.search(rf"\b{word}\b", key):
            route = canon
            key = re.sub(rf"\b{word}\b", " ", key)
    key = " ".join(key.split())
    drug = next((d for d in STEROID_EQUIVALENT_MG if d.lower() == key), None)
    if drug is None:
        return value
    if route is None:
        return drug
    if route not in STEROID_ROUTES[drug]:
        return value  # e.g. 'Prednisone IV': not an option; pydantic lists the allowed ones
    return f"{drug} {route}"


def _steroid_drug(name: str) -> str:
    return name.split(" ")[0]


class SteroidInputs(CalculatorInputs):
    input_steroid: SteroidName = Field(description="Steroid the patient takes (route optional: IV/PO)")
    dose: float = quantity("mg", description="Dose of the input steroid", ge=0.001, le=10000,
                           accepted_units=["g", "µg"])
    target_steroid: SteroidName = Field(description="Steroid to convert to (route optional: IV/PO)")

    @field_validator("input_steroid", "target_steroid", mode="before")
    @classmethod
    def _names(cls, v: Any) -> Any:
        return _steroid_name(v)


def _steroid(x: SteroidInputs) -> CalculatorResult:
    src, dst = _steroid_drug(x.input_steroid), _steroid_drug(x.target_steroid)
    eq_src, eq_dst = STEROID_EQUIVALENT_MG[src], STEROID_EQUIVALENT_MG[dst]
    factor = eq_dst / eq_src
    value = x.dose * factor
    return CalculatorResult(
        calculator="steroid_conversion", name="Steroid Conversion", value=value, unit="mg",
        interpretation=f"{x.dose:g} mg {x.input_steroid} ≈ {value:.5g} mg {x.target_steroid} "
                       "(glucocorticoid-equivalent dose)",
        explanation=[
            f"equivalent doses: {src} {eq_src:g} mg, {dst} {eq_dst:g} mg",
            f"conversion factor = {eq_dst:g} / {eq_src:g} = {factor:.5g} mg {x.target_steroid} per mg "
            f"{x.input_steroid}",
            f"{x.dose:g} mg × {factor:.5g} = {value:.5f} mg {x.target_steroid}",
        ],
        reference=("Liu D, Ahmet A, Ward L, et al. A practical guide to the monitoring and management of the "
                   "complications of systemic corticosteroid therapy. Allergy Asthma Clin Immunol. 2013;9(1):30 "
                   "(equivalent-dose table as used by MDCalc/MedCalc-Bench)."),
        components={"input_equivalent_mg": eq_src, "target_equivalent_mg": eq_dst, "factor": factor},
    )


def _steroid_entities(ents: dict[str, Any]) -> dict[str, Any]:
    """{'input steroid': ['Hydrocortisone IV', 65.867, 'mg'], 'target steroid': 'Dexamethasone PO'}."""
    args: dict[str, Any] = {}
    for key, raw in ents.items():
        k = normalise_key(key)
        if k == "input steroid":
            if isinstance(raw, (list, tuple)) and len(raw) == 3:
                args["input_steroid"], args["dose"] = raw[0], {"value": raw[1], "unit": raw[2]}
            elif isinstance(raw, (list, tuple)) and len(raw) == 2 and isinstance(raw[0], str):
                args["input_steroid"], args["dose"] = raw[0], raw[1]
            else:
                raise EntityAdapterError(f"Steroid Conversion: 'input steroid' must be [name, dose, unit], got {raw!r}")
        elif k == "target steroid":
            args["target_steroid"] = raw
        else:
            raise EntityAdapterError(f"Steroid Conversion: entity key(s) not understood: {key!r}")
    return args


STEROID = register(Calculator(
    id="steroid_conversion", name="Steroid Conversion Calculator", category="dosage",
    description=("Converts a corticosteroid dose to the equivalent dose of another corticosteroid "
                 "(hydrocortisone, cortisone, prednisone, prednisolone, methylprednisolone, triamcinolone, "
                 "dexamethasone, betamethasone; IV or PO)."),
    inputs=SteroidInputs, compute=_steroid,
    reference="Equivalent glucocorticoid doses (Liu D et al. Allergy Asthma Clin Immunol. 2013;9:30; MDCalc).",
    output_unit="mg", output_type="decimal",
    medcalc_id=24, medcalc_name="Steroid Conversion Calculator",
    aliases=["corticosteroid conversion", "steroid equivalence", "glucocorticoid equivalent dose",
             "prednisone equivalent", "dexamethasone equivalent"],
    conventions=[
        "Equivalent doses (mg): betamethasone 0.75, cortisone 25, dexamethasone 0.75, hydrocortisone 20, "
        "methylprednisolone 4, prednisolone 5, prednisone 5, triamcinolone 4; IV and PO are equipotent.",
        "Target dose = dose × (target equivalent / input equivalent); not rounded.",
        "MedCalc-Bench lists this calculator's output type as 'integer' but answers it as a decimal with limits.",
    ],
    medcalc_keys={"input steroid": "input_steroid", "target steroid": "target_steroid"},
    medcalc_adapter=_steroid_entities,
))


# ---------------------------------------------------------------------------
# Morphine milligram equivalents
# ---------------------------------------------------------------------------

OpioidName = Literal["Codeine", "FentaNYL buccal", "FentANYL patch", "HYDROcodone", "HYDROmorphone", "Methadone",
                     "Morphine", "OxyCODONE", "OxyMORphone", "Tapentadol", "TraMADol", "Buprenorphine"]

# (MME conversion factor, unit the factor applies to). CDC 2022 (Dowell et al.), as MedCalc-Bench lists them.
MME_FACTORS: dict[str, tuple[float, str]] = {
    "Codeine": (0.15, "mg"), "FentaNYL buccal": (0.13, "µg"), "FentANYL patch": (2.4, "µg/h"),
    "HYDROcodone": (1.0, "mg"), "HYDROmorphone": (5.0, "mg"), "Methadone": (4.7, "mg"), "Morphine": (1.0, "mg"),
    "OxyCODONE": (1.5, "mg"), "OxyMORphone": (3.0, "mg"), "Tapentadol": (0.4, "mg"), "TraMADol": (0.2, "mg"),
    "Buprenorphine": (10.0, "mg"),
}
_OPIOID_SYN: dict[str, str] = {_key(n): n for n in get_args(OpioidName)}
_OPIOID_SYN.update({
    "fentanyl buccal or sublingual": "FentaNYL buccal", "fentanyl sublingual": "FentaNYL buccal",
    "fentanyl lozenge": "FentaNYL buccal", "fentanyl buccal tablet": "FentaNYL buccal",
    "fentanyl transdermal": "FentANYL patch", "fentanyl transdermal patch": "FentANYL patch",
    "transdermal fentanyl": "FentANYL patch", "duragesic": "FentANYL patch",
    "dilaudid": "HYDROmorphone", "oxycontin": "OxyCODONE", "percocet": "OxyCODONE", "opana": "OxyMORphone",
    "norco": "HYDROcodone", "vicodin": "HYDROcodone", "ultram": "TraMADol", "nucynta": "Tapentadol",
    "ms contin": "Morphine", "morphine sulfate": "Morphine",
})


# The largest single dose a marketed form gives, in the drug's conversion unit (fentanyl buccal: Actiq 1,600 µg; a
# patch: 100 µg/h, up to three worn together; morphine MS Contin 200 mg; oxycodone OxyContin 80 mg; hydromorphone
# Exalgo 32 mg; hydrocodone Hysingla 120 mg; oxymorphone Opana ER 40 mg; methadone 40 mg dispersible; codeine 60 mg;
# tramadol ER 300 mg; tapentadol ER 250 mg; buprenorphine sublingual 24 mg (32 allowed)). A dose above it is
# computed as given but marked implausible: most often a unit slip (mg written for µg).
MAX_SINGLE_DOSE: dict[str, float] = {
    "Codeine": 60, "FentaNYL buccal": 1600, "FentANYL patch": 300, "HYDROcodone": 120, "HYDROmorphone": 32,
    "Methadone": 40, "Morphine": 200, "OxyCODONE": 80, "OxyMORphone": 40, "Tapentadol": 250, "TraMADol": 300,
    "Buprenorphine": 32,
}


class OpioidDose(BaseModel):
    """One opioid: the dose per administration, its unit and the number of doses per day."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    drug: OpioidName = Field(description="Opioid (fentanyl: 'FentaNYL buccal' or 'FentANYL patch')")
    dose: float = Field(gt=0, le=100000, description="Dose per administration (patch: strength in µg/h)")
    unit: str | None = Field(None, description=(
        "Unit of the dose (mg; µg for fentanyl buccal; µg/h for a fentanyl patch); when omitted the dose is "
        "taken to be in that conversion unit"))
    doses_per_day: float = Field(gt=0, le=48, description="Number of doses per day (patch: 1)")


class MMEInputs(CalculatorInputs):
    medications: list[OpioidDose] = Field(min_length=1, description=(
        "Opioids taken: list of {drug, dose, unit, doses_per_day}"))

    @model_validator(mode="before")
    @classmethod
    def _normalise(cls, data: Any) -> Any:
        """Canonical drug names and doses in each drug's conversion unit, with errors naming the entry."""
        if not isinstance(data, dict) or not isinstance(data.get("medications"), list):
            return data
        problems: list[str] = []
        meds: list[Any] = []
        for i, item in enumerate(data["medications"], start=1):
            if not isinstance(item, dict):
                meds.append(item)
                continue
            item = dict(item)
            name = item.get("drug")
            label = f"entry {i} ({name})"
            if isinstance(name, str):
                canon = _OPIOID_SYN.get(_key(name))
                if canon is None and _key(name) == "fentanyl":
                    problems.append(f"medications: {label}: say 'FentaNYL buccal' or 'FentANYL patch'")
                    continue
                if canon is None:
                    problems.append(f"medications: {label}: unknown opioid; one of {', '.join(MME_FACTORS)}")
                    continue
                item["drug"] = canon
            else:
                problems.append(f"medications: entry {i}: drug missing")
                continue
            for field in ("dose", "doses_per_day"):
                if field not in item or item[field] is None:
                    problems.append(f"medications: {label}: {field} missing")
            dose = item.get("dose")
            if isinstance(dose, dict) and "value" in dose:
                item["dose"], item["unit"] = dose["value"], dose.get("unit") or item.get("unit")
            elif isinstance(dose, str):
                try:
                    item["dose"], unit = parse_quantity(dose)
                    item["unit"] = unit or item.get("unit")
                except UnitConversionError as exc:
                    problems.append(f"medications: {label}: {exc}")
                    continue
            dpd = item.get("doses_per_day")
            if isinstance(dpd, dict) and "value" in dpd:
                item["doses_per_day"] = dpd["value"]
            for field in ("dose", "doses_per_day"):
                v = item.get(field)
                if isinstance(v, (int, float)) and not isinstance(v, bool) and v <= 0:
                    problems.append(f"medications: {label}: {field} must be greater than 0 (got {v:g})")
            native = MME_FACTORS[item["drug"]][1]
            if not item.get("unit"):
                item["unit"] = native
            elif isinstance(item.get("dose"), (int, float)) and not isinstance(item.get("dose"), bool):
                try:
                    item["dose"] = _to_native(float(item["dose"]), str(item["unit"]), native)
                    item["unit"] = native
                except UnitConversionError as exc:
                    problems.append(f"medications: {label}: {exc} (expected {native})")
            meds.append(item)
        if problems:
            raise ValueError("; ".join(problems))
        return {**data, "medications": meds}


def _to_native(value: float, unit: str, native: str) -> float:
    """Convert a dose to the unit its MME factor applies to (mg, µg, or µg/h for patches)."""
    u = unit.strip().replace("μ", "µ")
    if native == "µg/h":
        u = re.sub(r"(?i)\s*(/|per\s*)\s*(h|hr|hour)s?$", "", u)  # patch strength: µg/h -> mass per hour
        return convert(value, u, "µg")
    if re.search(r"(?i)/\s*(h|hr|hour|day|d)$", u):
        raise UnitConversionError(f"'{unit}' is a rate; give the dose per administration")
    return convert(value, u, native)


def _mme(x: MMEInputs) -> CalculatorResult:
    total = 0.0
    steps: list[str] = []
    per_drug: dict[str, float] = {}
    for med in x.medications:
        factor, unit = MME_FACTORS[med.drug]
        daily = med.dose * med.doses_per_day
        mme = daily * factor
        total += mme
        per_drug[med.drug] = per_drug.get(med.drug, 0.0) + mme
        steps.append(f"{med.drug}: {med.dose:g} {unit}/dose × {med.doses_per_day:g} doses/day = {daily:g} {unit}/day; "
                     f"× {factor:g} MME per {unit} = {mme:.4g} MME/day")
    steps.append(f"total = {total:.4g} MME/day")
    if total >= 90:
        interp = ">= 90 MME/day: high dose; avoid or carefully justify further increases (CDC)"
    elif total >= 50:
        interp = ">= 50 MME/day: reassess benefits and risks before increasing (CDC)"
    else:
        interp = "< 50 MME/day"
    if "Methadone" in per_drug:
        interp += "; methadone's conversion is dose-dependent, the single CDC 2022 factor 4.7 is an approximation"
    implausible = []
    for i, med in enumerate(x.medications):
        if med.dose > MAX_SINGLE_DOSE[med.drug]:
            unit = MME_FACTORS[med.drug][1]
            moved = [m.model_dump() for m in x.medications]
            moved[i] = {**moved[i], "dose": med.dose / 1000}
            implausible.append({"input": "medications", "alternative": moved, "reason": (
                f"{med.drug} {med.dose:g} {unit} per dose is above the largest marketed single dose "
                f"({MAX_SINGLE_DOSE[med.drug]:g} {unit}); a unit slip would make it {med.dose / 1000:g} {unit}")})
            steps.append(f"note: {implausible[-1]['reason']}")
    return CalculatorResult(
        calculator="morphine_milligram_equivalents", name="Morphine Milligram Equivalents", value=total,
        unit="MME/day", interpretation=interp, explanation=steps, implausible=implausible,
        reference=("Dowell D, Ragan KR, Jones CM, Baldwin GT, Chou R. CDC Clinical Practice Guideline for "
                   "Prescribing Opioids for Pain - United States, 2022. MMWR Recomm Rep. 2022;71(3):1-95."),
        components=per_drug,
    )


def _mme_entities(ents: dict[str, Any]) -> dict[str, Any]:
    """Group MedCalc-Bench's '<Drug> Dose' / '<Drug> Dose Per Day' pairs into medication entries."""
    grouped: dict[str, dict[str, Any]] = {}
    for key, raw in ents.items():
        m = re.match(r"(?i)^\s*(.*?)\s+dose(\s+per\s+day)?\s*$", key)
        if not m or not m.group(1):
            raise EntityAdapterError(f"Morphine Milligram Equivalents: entity key not understood: {key!r}")
        drug = m.group(1)
        entry = grouped.setdefault(drug.lower(), {"drug": drug})
        value = raw[0] if isinstance(raw, (list, tuple)) else raw
        if m.group(2):
            entry["doses_per_day"] = value
        else:
            entry["dose"] = value
            if isinstance(raw, (list, tuple)) and len(raw) == 2:
                entry["unit"] = raw[1]
    return {"medications": list(grouped.values())}


MME = register(Calculator(
    id="morphine_milligram_equivalents", name="Morphine Milligram Equivalents (MME) Calculator", category="dosage",
    description=("Total daily morphine milligram equivalents (MME/day) of a patient's opioids (codeine, fentanyl "
                 "buccal/patch, hydrocodone, hydromorphone, methadone, morphine, oxycodone, oxymorphone, "
                 "tapentadol, tramadol, buprenorphine) with CDC 2022 conversion factors."),
    inputs=MMEInputs, compute=_mme,
    reference="Dowell D et al. CDC Clinical Practice Guideline for Prescribing Opioids for Pain, 2022. MMWR 71(3).",
    output_unit="MME/day", output_type="decimal",
    medcalc_id=49, medcalc_name="Morphine Milligram Equivalents (MME) Calculator",
    aliases=["MME", "morphine equivalent dose", "opioid conversion", "MEDD", "morphine milligram equivalents"],
    conventions=[
        "MME/day = sum of dose × doses per day × factor; factors (CDC 2022 as MedCalc-Bench lists them): codeine "
        "0.15, fentanyl buccal 0.13 per µg, fentanyl patch 2.4 per µg/h, hydrocodone 1, hydromorphone 5, "
        "methadone 4.7, morphine 1, oxycodone 1.5, oxymorphone 3, tapentadol 0.4, tramadol 0.2 per mg.",
        "Buprenorphine: factor 10 per mg as in MedCalc-Bench's table (CDC 2022 gives no buprenorphine factor).",
        "Doses in another mass unit are converted explicitly (e.g. fentanyl mg -> µg); a patch dose is its "
        "strength in µg/h, with 1 dose per day.",
        "MedCalc-Bench lists this calculator's output type as 'integer' but answers it as a decimal with limits.",
    ],
    medcalc_keys={},
    medcalc_adapter=_mme_entities,
))
