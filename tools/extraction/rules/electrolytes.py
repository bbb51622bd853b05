"""Rules and field map of the electrolyte and osmolality formulas (corrections, gaps, free water deficit, serum
osmolality with its ethanol level).

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import re

from medmirror.tools.extraction.calc_sources import Config, Derived, Hit, NoteContext, Source
from medmirror.tools.extraction.rules.readers import first_number_after, make_hit
from medmirror.tools.extraction.rules.shared import AGE, ALBUMIN, BICARBONATE, BUN, GLUCOSE, SEX, SODIUM, WEIGHT, _lab

# Ethanol (serum / blood alcohol). Units as written; '%' is a blood alcohol concentration in g/100 mL (0.08 % = 80
# mg/dL), 'mg%' is mg/dL; mmol/L converts through 46.07 g/mol in the calculator. A number without a unit is not read
# (mg/dL and mmol/L values overlap), and a drinking history ('EtOH 3 drinks/day') is not a level.
_ETHANOL_LABEL = (r"(?:(?:serum|blood|plasma)\s+)?(?:ethanol|ethyl alcohol|alcohol)\s+(?:level|concentration|content)"
                  r"|(?:serum|blood|plasma)\s+(?:ethanol|ethyl alcohol|alcohol|EtOH)|(?-i:\bEtOH\b)\s*(?:level|concentration)?"
                  r"|\bethanol\b|(?-i:\bBAC\b)|blood alcohol")
_ETHANOL_UNIT = r"mg\s*/\s*dL|mg\s*/\s*dl|mg\s*%|mmol\s*/\s*L|mmol\s*/\s*l|g\s*/\s*dL|g\s*/\s*L|g\s*/\s*l|mg\s*/\s*L|%(?!\s*of)"


def ethanol(ctx: NoteContext) -> Hit | None:
    """Serum ethanol with its unit (mg/dL, mg%, mmol/L, g/L, g/dL, mg/L, or a blood alcohol % = g/100 mL)."""
    r = first_number_after(ctx, _ETHANOL_LABEL, _ETHANOL_UNIT, lo=0, hi=2000)
    if r is None:
        return None
    n, u, m = r
    unit = re.sub(r"\s+", "", u)
    if unit.lower() == "mg%":
        unit = "mg/dL"
    elif unit == "%":
        return make_hit(ctx, m, n * 1000, f"blood alcohol {n:g} % = {n:g} g/100 mL = {n * 1000:g} mg/dL", unit="mg/dL")
    return make_hit(ctx, m, n, unit=unit)


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------

CHLORIDE = _lab("chloride")
CALCIUM = _lab("calcium")
NORMAL_ALBUMIN = Config("normal albumin of the correction, 4 g/dL")
NORMAL_AG = Config("normal anion gap, 12 mEq/L")
NORMAL_HCO3 = Config("normal bicarbonate, 24 mEq/L")
_ALB_AG = {"sodium": SODIUM, "chloride": CHLORIDE, "bicarbonate": BICARBONATE}

FIELD_MAP: dict[str, dict[str, Source]] = {
    "calcium_correction": {"calcium": CALCIUM, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN},
    "sodium_correction_hyperglycemia": {"sodium": SODIUM, "glucose": GLUCOSE},
    "serum_osmolality": {"sodium": SODIUM, "bun": BUN, "glucose": GLUCOSE,
                         "ethanol": Derived(ethanol, "serum ethanol level"),
                         "include_ethanol": Config("whether to add ethanol (off: MedCalc-Bench's formula)")},
    "free_water_deficit": {"age": AGE, "sex": SEX, "weight": WEIGHT, "sodium": SODIUM,
                           "target_sodium": Config("target sodium, 140 mEq/L")},
    "anion_gap": dict(_ALB_AG),
    "delta_gap": {**_ALB_AG, "normal_anion_gap": NORMAL_AG},
    "delta_ratio": {**_ALB_AG, "normal_anion_gap": NORMAL_AG, "normal_bicarbonate": NORMAL_HCO3},
    "albumin_corrected_anion_gap": {**_ALB_AG, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN},
    "albumin_corrected_delta_gap": {**_ALB_AG, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN,
                                    "normal_anion_gap": NORMAL_AG},
    "albumin_corrected_delta_ratio": {**_ALB_AG, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN,
                                      "normal_anion_gap": NORMAL_AG, "normal_bicarbonate": NORMAL_HCO3},
}
