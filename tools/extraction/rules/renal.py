"""Rules and field map of the kidney function formulas (Cockcroft-Gault, CKD-EPI 2021, MDRD with race, FENa).

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

from medmirror.tools.extraction.calc_sources import Config, Derived, Hit, NoteContext, Quantity, Source
from medmirror.tools.extraction.rules.shared import AGE, CREATININE, HEIGHT, SEX, SODIUM, WEIGHT

_BLACK = (r"\bAfrican[- ]American\b|\bAfro[- ]Caribbean\b|\bBlack\b(?![- ](?:stool|tarry|box|urine|eschar|lesion|spot))"
          r"|\bblack (?:man|woman|male|female|patient|gentleman|lady|boy|girl|race|ethnicity|individual)\b")
_NON_BLACK = (r"\b(?:Caucasian|Asian|Hispanic|Latino|Latina|Arab|Indian|Chinese|Japanese|Korean)\b"
              r"|\bWhite\b(?![- ](?:blood|matter|cell|count|patch|plaque|coat|spot|lesion))"
              r"|\bwhite (?:man|woman|male|female|patient|gentleman|lady|boy|girl|race|ethnicity)\b")


def black_race(ctx: NoteContext) -> Hit | None:
    """MDRD race coefficient: True when the patient is described as Black / African American."""
    for f in ctx.terms(_BLACK, 0):
        if not (f.negated or f.family):
            return Hit.of_finding(f, True, "race stated")
    for f in ctx.terms(_NON_BLACK, 0):
        if not (f.negated or f.family):
            return Hit.of_finding(f, False, "race stated (not Black)")
    return None


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------

WEIGHT_BASIS = Config("which weight Cockcroft-Gault uses (MedCalc-Bench's BMI rule by default)")

FIELD_MAP: dict[str, dict[str, Source]] = {
    "creatinine_clearance": {"age": AGE, "sex": SEX, "weight": WEIGHT, "height": HEIGHT, "creatinine": CREATININE,
                             "weight_basis": WEIGHT_BASIS},
    "ckd_epi_2021": {"age": AGE, "sex": SEX, "creatinine": CREATININE},
    "mdrd_gfr": {"age": AGE, "sex": SEX, "creatinine": CREATININE,
                 "black_race": Derived(black_race, "race stated as Black / African American (else another race -> False)")},
    "fena": {"sodium": SODIUM, "creatinine": CREATININE, "urine_sodium": Quantity("urine_sodium"),
             "urine_creatinine": Quantity("urine_creatinine")},
}
