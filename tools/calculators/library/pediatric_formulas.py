"""Bedside formulas of MDCalc's most used that MedMCP-Calc names: the pediatric endotracheal tube size, the bedside
Schwartz eGFR of children and the phenytoin/fosphenytoin loading dose from a target level."""

from __future__ import annotations

from medmirror.tools.calculators.anthropometrics import input_error
from medmirror.tools.calculators.base import CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.library.general_formulas import _formula, _height, _weight
from medmirror.tools.calculators.renal import _creatinine

# ---------------------------------------------------------------------------
# Pediatric endotracheal tube size
# ---------------------------------------------------------------------------

ETT_REF = ("Uncuffed: Cole F. Pediatric formulas for the anesthesiologist. AMA J Dis Child 1957;94(6):672-673 "
           "(internal diameter = age/4 + 4); cuffed: Khine HH, Corddry DH, Kettrick RG, et al. Comparison of cuffed "
           "and uncuffed endotracheal tubes in young children during general anesthesia. Anesthesiology "
           "1997;86(3):627-631 (age/4 + 3).")
ETT_NAME = "Pediatric Endotracheal Tube (ETT) Size"


class PediatricETTInputs(CalculatorInputs):
    age: float = quantity("years", description="Age of the child (the age formulas hold from about 1-2 years)", ge=1,
                          le=16, accepted_units=["months"])


def _ett(x: PediatricETTInputs) -> CalculatorResult:
    uncuffed, cuffed = x.age / 4 + 4, x.age / 4 + 3
    text = (f"Uncuffed tube {uncuffed:.1f} mm, cuffed tube {cuffed:.1f} mm internal diameter; tubes come in 0.5 mm "
            "steps: take the nearest size and have one 0.5 mm smaller and larger ready")
    return _result("pediatric_ett_size", ETT_NAME, ETT_REF, round(uncuffed, 2), "mm", text,
                   [f"uncuffed = age/4 + 4 = {x.age:g}/4 + 4 = {uncuffed:.2f} mm",
                    f"cuffed = age/4 + 3 = {x.age:g}/4 + 3 = {cuffed:.2f} mm"],
                   {"uncuffed_mm": round(uncuffed, 2), "cuffed_mm": round(cuffed, 2)})


PEDIATRIC_ETT = _formula(
    "pediatric_ett_size", ETT_NAME, "physical",
    "Endotracheal tube internal diameter for a child from age: uncuffed age/4 + 4 mm, cuffed age/4 + 3 mm.",
    PediatricETTInputs, _ett, ETT_REF, "mm",
    ["Pediatric ETT size", "Pediatric Endotracheal Tube Size", "ETT size by age", "Cole formula",
     "pediatric tube size"],
    ["The value is the uncuffed size (Cole, age/4 + 4); the cuffed size (Khine, age/4 + 3) is in the components "
     "and the interpretation. Both unrounded to 2 decimals.",
     "Age 1-16 years; in infants and neonates size the tube by weight or gestational age instead."])


# ---------------------------------------------------------------------------
# Bedside Schwartz eGFR
# ---------------------------------------------------------------------------

SCHWARTZ_REF = ("Schwartz GJ, Munoz A, Schneider MF, et al. New equations to estimate GFR in children with CKD. J Am Soc "
                "Nephrol 2009;20(3):629-637.")
SCHWARTZ_NAME = "Bedside Schwartz Equation for Pediatric eGFR"


class SchwartzInputs(CalculatorInputs):
    height: float = _height()
    creatinine: float = _creatinine("Serum creatinine (enzymatic, IDMS-traceable)")


def _schwartz(x: SchwartzInputs) -> CalculatorResult:
    egfr = 0.413 * x.height / x.creatinine
    stage = ("normal or high (>= 90)" if egfr >= 90 else "mildly decreased (60-89)" if egfr >= 60 else
             "moderately decreased (30-59)" if egfr >= 30 else "severely decreased (15-29)" if egfr >= 15 else
             "kidney failure range (< 15)")
    return _result("bedside_schwartz", SCHWARTZ_NAME, SCHWARTZ_REF, round(egfr, 1), "mL/min/1.73 m²",
                   f"eGFR {egfr:.1f} mL/min/1.73 m²: {stage}",
                   [f"eGFR = 0.413 x height / creatinine = 0.413 x {x.height:g} cm / {x.creatinine:g} mg/dL = "
                    f"{egfr:.2f}"])


BEDSIDE_SCHWARTZ = _formula(
    "bedside_schwartz", SCHWARTZ_NAME, "lab",
    "Estimated GFR of a child (1-18 years) from height and serum creatinine: 0.413 x height (cm) / creatinine "
    "(mg/dL).", SchwartzInputs, _schwartz, SCHWARTZ_REF, "mL/min/1.73 m²",
    ["Bedside Schwartz", "Schwartz equation", "updated Schwartz formula", "Pediatric eGFR",
     "Pediatric GFR (Bedside Schwartz)", "Bedside Schwartz Equation", "Bedside Schwartz Equation for Pediatric GFR",
     "Pediatric Glomerular Filtration Rate (Bedside Schwartz)", "Schwartz Equation for Pediatric eGFR"],
    ["Creatinine by an enzymatic (IDMS-traceable) assay, as in the 2009 derivation; children 1-18 years.",
     "The value is rounded to 0.1; the reading uses the KDIGO GFR categories."])


# ---------------------------------------------------------------------------
# Phenytoin / fosphenytoin loading dose
# ---------------------------------------------------------------------------

PHENYTOIN_REF = ("Winter ME. Basic Clinical Pharmacokinetics, 5th ed. Lippincott Williams & Wilkins 2010, chapter "
                 "'Phenytoin': loading dose = Vd (0.7 L/kg) x weight x (desired - current level) / S (0.92, the "
                 "phenytoin fraction of phenytoin sodium).")
PHENYTOIN_NAME = "Phenytoin / Fosphenytoin Loading Dose"
VD_L_PER_KG, SALT_FACTOR = 0.7, 0.92


class PhenytoinLoadInputs(CalculatorInputs):
    desired_level: float = quantity("mcg/mL", description="Desired total phenytoin level (target concentration)", ge=1, le=40,
                                    accepted_units=["mg/L", "µg/mL", "ug/mL"])
    current_level: float = quantity("mcg/mL", description="Current (actual, measured) total phenytoin level or concentration (0 if none)", ge=0, le=60,
                                    accepted_units=["mg/L", "µg/mL", "ug/mL"])
    weight: float = _weight()


def _phenytoin_load(x: PhenytoinLoadInputs) -> CalculatorResult:
    if x.current_level >= x.desired_level:
        raise input_error(PHENYTOIN_NAME, "current_level", f"{x.current_level:g} mcg/mL is not below the desired "
                          f"{x.desired_level:g} mcg/mL: no load is needed", expected="a level below the desired one")
    dose = VD_L_PER_KG * x.weight * (x.desired_level - x.current_level) / SALT_FACTOR
    text = (f"Loading dose {dose:.1f} mg of phenytoin sodium, or {dose:.1f} mg PE of fosphenytoin; infuse "
            "phenytoin at <= 50 mg/min, fosphenytoin at <= 150 mg PE/min")
    return _result("phenytoin_load", PHENYTOIN_NAME, PHENYTOIN_REF, round(dose, 1), "mg", text,
                   [f"dose = {VD_L_PER_KG} L/kg x {x.weight:g} kg x ({x.desired_level:g} - {x.current_level:g}) "
                    f"mg/L / {SALT_FACTOR} = {dose:.2f} mg"])


PHENYTOIN_LOAD = _formula(
    "phenytoin_load", PHENYTOIN_NAME, "dosage",
    "Loading dose of phenytoin (or fosphenytoin in phenytoin sodium equivalents) to raise the total level from the "
    "current to the desired one: 0.7 L/kg x weight x difference / 0.92.", PhenytoinLoadInputs, _phenytoin_load,
    PHENYTOIN_REF, "mg",
    ["Fosphenytoin Load", "Phenytoin Load", "Fosphenytoin loading dose", "Phenytoin loading dose",
     "Dilantin load", "Cerebyx load"],
    ["Vd 0.7 L/kg and salt factor 0.92; fosphenytoin is dosed in mg PE (phenytoin sodium equivalents), so the "
     "same number serves both.", "Total (not free) levels; in hypoalbuminaemia or renal failure correct the level "
     "first (e.g. Sheiner-Tozer)."])
