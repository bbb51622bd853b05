"""Metabolic calculators: HOMA-IR and Friedewald LDL cholesterol.

Glucose is canonical in mg/dL (mmol/L x 18.016, from 180.16 g/mol); cholesterol
in mg/dL (mmol/L x 38.665, 386.65 g/mol); triglycerides in mg/dL (mmol/L x 88.57,
885.7 g/mol). Insulin is canonical in µIU/mL (= mIU/L); a value in pmol/L is
converted in this module with 1 µIU/mL = 6 pmol/L (the factor the HOMA
literature uses; some assays quote 6.945), stated in the explanation.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import model_validator

from medmirror.tools.calculators.anthropometrics import input_error
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.registry import register
from medmirror.tools.calculators.units import parse_quantity

# ---------------------------------------------------------------------------
# HOMA-IR (MedCalc-Bench 31)
# ---------------------------------------------------------------------------

HOMA_REF = ("Matthews DR, Hosker JP, Rudenski AS, et al. Homeostasis model assessment: insulin resistance and "
            "beta-cell function from fasting plasma glucose and insulin concentrations in man. "
            "Diabetologia 1985;28:412-9.")

PMOL_PER_MICROIU_ML = 6.0  # 1 µIU/mL insulin = 6 pmol/L
_PMOL_RE = re.compile(r"(?i)^\s*(pmol\s*/\s*l|pm|picomol(e|es)?\s*/\s*l(it(er|re))?)\s*$")


def insulin_from_pmol(raw: Any) -> Any:
    """Turn an insulin value given in pmol/L into µIU/mL (÷ 6); other forms pass through unchanged."""
    value: Any = None
    unit: Any = None
    if isinstance(raw, dict) and "value" in raw:
        value, unit = raw["value"], raw.get("unit")
    elif isinstance(raw, (list, tuple)) and len(raw) == 2 and isinstance(raw[1], str):
        value, unit = raw
    elif isinstance(raw, str):
        try:
            value, unit = parse_quantity(raw)
        except ValueError:
            return raw
    if isinstance(unit, str) and _PMOL_RE.match(unit):
        if isinstance(value, str):
            value, _ = parse_quantity(value)
        return float(value) / PMOL_PER_MICROIU_ML
    return raw


class HOMAIRInputs(CalculatorInputs):
    insulin: float = quantity("µIU/mL", description="Fasting insulin (pmol/L accepted: 6 pmol/L = 1 µIU/mL)",
                              ge=0.1, le=3000, accepted_units=["mIU/L", "pmol/L"])
    glucose: float = quantity("mg/dL", analyte="glucose", description="Fasting glucose", ge=10, le=3000,
                              accepted_units=["mmol/L"])

    @model_validator(mode="before")
    @classmethod
    def _insulin_pmol(cls, data: Any) -> Any:
        if isinstance(data, dict) and "insulin" in data:
            data = {**data, "insulin": insulin_from_pmol(data["insulin"])}
        return data


def _homa(x: HOMAIRInputs) -> CalculatorResult:
    value = x.insulin * x.glucose / 405
    band = ("above 2.5, commonly read as insulin resistance" if value > 2.5
            else "2.5 or below, commonly read as no insulin resistance")
    return CalculatorResult(
        calculator="homa_ir", name="HOMA-IR", value=value, unit="",
        interpretation=band + " (cut-offs are population-dependent; the original model defines none)",
        explanation=[
            "HOMA-IR = fasting insulin (µIU/mL) x fasting glucose (mg/dL) / 405  (= insulin x glucose mmol/L / 22.5)",
            f"HOMA-IR = {x.insulin:g} x {x.glucose:g} / 405 = {value:.5f}",
        ],
        reference=HOMA_REF,
    )


HOMA_IR = register(Calculator(
    id="homa_ir", name="HOMA-IR", category="lab",
    description="Homeostatic model assessment of insulin resistance from fasting insulin and glucose: "
                "insulin (µIU/mL) x glucose (mg/dL) / 405.",
    inputs=HOMAIRInputs, compute=_homa, reference=HOMA_REF,
    output_unit="", output_type="decimal",
    medcalc_id=31, medcalc_name="HOMA-IR (Homeostatic Model Assessment for Insulin Resistance)",
    aliases=["HOMA", "HOMA-IR", "insulin resistance index", "homeostasis model assessment"],
    conventions=["Insulin in µIU/mL (pmol/L divided by 6), glucose in mg/dL (mmol/L x 18.016); "
                 "the constant is 405 for mg/dL."],
    medcalc_keys={"insulin": "insulin", "fasting insulin": "insulin", "glucose": "glucose",
                  "fasting glucose": "glucose", "fasting plasma glucose": "glucose"},
))


# ---------------------------------------------------------------------------
# LDL calculated, Friedewald (MedCalc-Bench 44)
# ---------------------------------------------------------------------------

FRIEDEWALD_REF = ("Friedewald WT, Levy RI, Fredrickson DS. Estimation of the concentration of low-density lipoprotein "
                  "cholesterol in plasma, without use of the preparative ultracentrifuge. Clin Chem 1972;18:499-502.")
ATP3_REF = "NCEP Adult Treatment Panel III. Circulation 2002;106:3143-421."


class LDLInputs(CalculatorInputs):
    total_cholesterol: float = quantity("mg/dL", analyte="cholesterol", description="Total cholesterol", ge=30,
                                        le=1500, accepted_units=["mmol/L"])
    hdl_cholesterol: float = quantity("mg/dL", analyte="cholesterol", description="HDL cholesterol", ge=3, le=250,
                                      accepted_units=["mmol/L"])
    triglycerides: float = quantity("mg/dL", analyte="triglycerides", description="Triglycerides", ge=5, le=10000,
                                    accepted_units=["mmol/L"])


def ldl_band(ldl: float) -> str:
    """NCEP ATP III LDL categories (mg/dL)."""
    if ldl < 100:
        return "optimal (< 100 mg/dL)"
    if ldl < 130:
        return "near optimal (100-129 mg/dL)"
    if ldl < 160:
        return "borderline high (130-159 mg/dL)"
    if ldl < 190:
        return "high (160-189 mg/dL)"
    return "very high (>= 190 mg/dL)"


def _ldl(x: LDLInputs) -> CalculatorResult:
    value = x.total_cholesterol - x.hdl_cholesterol - x.triglycerides / 5
    if value <= 0:
        raise input_error(
            "LDL Calculated", "total_cholesterol",
            f"HDL ({x.hdl_cholesterol:g}) + triglycerides/5 ({x.triglycerides / 5:g}) is not below total cholesterol "
            f"({x.total_cholesterol:g} mg/dL); the lipid values are inconsistent",
        )
    interp = ldl_band(value) + " (ATP III)"
    if x.triglycerides >= 400:
        interp += "; WARNING: triglycerides >= 400 mg/dL, Friedewald estimate is not valid (measure LDL directly)"
    return CalculatorResult(
        calculator="ldl_friedewald", name="LDL Cholesterol (Friedewald)", value=value, unit="mg/dL",
        interpretation=interp,
        explanation=[
            "LDL = total cholesterol - HDL - triglycerides/5 (all mg/dL)",
            f"LDL = {x.total_cholesterol:g} - {x.hdl_cholesterol:g} - {x.triglycerides:g}/5 = {value:.5g} mg/dL",
        ],
        components={"mmol_per_L": value / 38.665},
        reference=f"{FRIEDEWALD_REF} Categories: {ATP3_REF}",
    )


LDL_CALCULATED = register(Calculator(
    id="ldl_friedewald", name="LDL Cholesterol (Friedewald)", category="lab",
    description="Calculated LDL cholesterol (mg/dL) from total cholesterol, HDL and triglycerides by the Friedewald "
                "equation; ATP III category.",
    inputs=LDLInputs, compute=_ldl, reference=FRIEDEWALD_REF,
    output_unit="mg/dL", output_type="decimal",
    medcalc_id=44, medcalc_name="LDL Calculated",
    aliases=["LDL-C", "calculated LDL", "Friedewald", "low-density lipoprotein cholesterol"],
    conventions=["Friedewald in mg/dL: TC - HDL - TG/5; cholesterol mmol/L x 38.665, triglycerides mmol/L x 88.57.",
                 "Computed also at TG >= 400 mg/dL (as MedCalc-Bench does) but flagged as not valid there."],
    medcalc_keys={"total cholesterol": "total_cholesterol", "cholesterol": "total_cholesterol",
                  "high-density lipoprotein cholesterol": "hdl_cholesterol", "hdl cholesterol": "hdl_cholesterol",
                  "hdl": "hdl_cholesterol", "triglycerides": "triglycerides", "triglyceride": "triglycerides"},
))
