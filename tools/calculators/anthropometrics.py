"""Body size calculators: BMI, ideal / adjusted body weight, BSA, target weight, maintenance fluids.

Also holds the helpers shared with the renal and electrolyte modules: sex coercion
(MedCalc-Bench writes 'Male'/'Female'), Devine ideal body weight and adjusted body weight.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import Field, field_validator

from medmirror.tools.calculators.base import (
    Calculator,
    CalculatorInputError,
    CalculatorInputs,
    CalculatorResult,
    InputIssue,
    quantity,
)
from medmirror.tools.calculators.registry import register


class BMIInputs(CalculatorInputs):
    weight: float = quantity("kg", description="Body weight", ge=0.5, le=400, accepted_units=["lb", "g", "oz"])
    height: float = quantity("cm", description="Body height", ge=30, le=260, accepted_units=["m", "in", "ft"])


def _bmi_band(bmi: float) -> str:
    # WHO adult classification.
    if bmi < 18.5:
        return "underweight"
    if bmi < 25:
        return "normal weight"
    if bmi < 30:
        return "overweight"
    return "obese"


def bmi_value(weight_kg: float, height_cm: float) -> float:
    return weight_kg / (height_cm / 100.0) ** 2


def _bmi(x: BMIInputs) -> CalculatorResult:
    value = bmi_value(x.weight, x.height)
    return CalculatorResult(
        calculator="bmi", name="Body Mass Index (BMI)", value=value, unit="kg/m²",
        interpretation=_bmi_band(value),
        explanation=[
            f"height = {x.height:g} cm = {x.height / 100:g} m",
            f"BMI = weight / height² = {x.weight:g} kg / ({x.height / 100:g} m)² = {value:.3f} kg/m²",
        ],
        reference="WHO. Obesity: preventing and managing the global epidemic. WHO Technical Report Series 894, 2000.",
    )


BMI = register(Calculator(
    id="bmi", name="Body Mass Index (BMI)", category="physical",
    description="Body mass index from weight and height; WHO weight class.",
    inputs=BMIInputs, compute=_bmi,
    reference="WHO Technical Report Series 894 (2000).",
    output_unit="kg/m²", output_type="decimal",
    medcalc_id=6, medcalc_name="Body Mass Index (BMI)", aliases=["BMI", "body mass index", "Quetelet index", "BMI Calculator (Body Mass Index and BSA)", "BMI and BSA (Mosteller)"],
    conventions=["No rounding of the returned value; the explanation shows 3 decimals."],
    medcalc_keys={"weight": "weight", "height": "height"},
))


# ---------------------------------------------------------------------------
# Shared helpers (also used by renal.py and electrolytes.py)
# ---------------------------------------------------------------------------

Sex = Literal["male", "female"]

_SEX_WORDS = {
    "male": "male", "m": "male", "man": "male", "boy": "male",
    "female": "female", "f": "female", "woman": "female", "girl": "female",
}

# MedCalc-Bench writes the Devine conversion with this factor (1 cm = 0.393701 in).
CM_TO_IN = 0.393701


def coerce_sex(value: Any) -> Any:
    """Map 'Male'/'Female' (any case) and common synonyms to 'male'/'female'; leave the rest to pydantic."""
    if isinstance(value, str):
        return _SEX_WORDS.get(value.strip().lower(), value)
    return value


def sex_input(description: str = "Patient sex") -> Any:
    return Field(..., description=f"{description} ('male' or 'female'; MedCalc-Bench 'Male'/'Female' accepted)")


class SexNormalised(CalculatorInputs):
    """Base for input models with a ``sex`` field: coerces MedCalc-Bench's 'Male'/'Female' and synonyms."""

    @field_validator("sex", mode="before", check_fields=False)
    @classmethod
    def _sex(cls, v: Any) -> Any:
        return coerce_sex(v)


def input_error(
    calculator: str, name: str, message: str, *, problem: str = "invalid", expected: str = ""
) -> CalculatorInputError:
    """A CalculatorInputError naming one input, for checks that need more than one field."""
    return CalculatorInputError(calculator, [InputIssue(name, problem, message, expected)])


def ideal_body_weight(sex: str, height_cm: float) -> float:
    """Devine (1974) ideal body weight in kg: 50 kg (male) or 45.5 kg (female) + 2.3 kg per inch over 60 in."""
    base = 50.0 if sex == "male" else 45.5
    return base + 2.3 * (height_cm * CM_TO_IN - 60.0)


def adjusted_body_weight(ibw_kg: float, weight_kg: float) -> float:
    """Adjusted body weight in kg: IBW + 0.4 x (actual weight - IBW)."""
    return ibw_kg + 0.4 * (weight_kg - ibw_kg)


def _ibw_steps(sex: str, height_cm: float, ibw: float) -> list[str]:
    base = 50.0 if sex == "male" else 45.5
    inches = height_cm * CM_TO_IN
    return [
        f"height = {height_cm:g} cm x {CM_TO_IN} in/cm = {inches:.5f} in",
        f"IBW ({sex}) = {base:g} kg + 2.3 kg x ({inches:.5f} in - 60 in) = {ibw:.5f} kg",
    ]


def _checked_ibw(calculator: str, sex: str, height_cm: float) -> tuple[float, str]:
    """Devine IBW with a refusal when the height makes it non-positive, plus a caveat for < 60 in."""
    ibw = ideal_body_weight(sex, height_cm)
    if ibw <= 0:
        raise input_error(
            calculator, "height",
            f"Devine ideal body weight is not defined at {height_cm:g} cm (it would be {ibw:.1f} kg)",
            expected="an adult height (the formula is built on heights of 60 in / 152.4 cm and above)",
        )
    note = ""
    if height_cm * CM_TO_IN < 60:
        note = "height below 60 in (152.4 cm): the Devine formula is extrapolated below its intended range"
    return ibw, note


DEVINE_REF = "Devine BJ. Gentamicin therapy. Drug Intell Clin Pharm 1974;8:650-5."


# ---------------------------------------------------------------------------
# Ideal Body Weight (MedCalc-Bench 10)
# ---------------------------------------------------------------------------


class IBWInputs(SexNormalised):
    sex: Sex = sex_input()
    height: float = quantity("cm", description="Body height", ge=30, le=260, accepted_units=["m", "in", "ft"])


def _ibw(x: IBWInputs) -> CalculatorResult:
    ibw, note = _checked_ibw("Ideal Body Weight", x.sex, x.height)
    return CalculatorResult(
        calculator="ideal_body_weight", name="Ideal Body Weight (Devine)", value=ibw, unit="kg",
        interpretation=note,
        explanation=_ibw_steps(x.sex, x.height, ibw),
        reference=DEVINE_REF,
    )


IDEAL_BODY_WEIGHT = register(Calculator(
    id="ideal_body_weight", name="Ideal Body Weight (Devine)", category="physical",
    description="Ideal body weight (IBW) in kg from sex and height by the Devine formula; used for drug dosing "
                "and ventilator tidal volumes.",
    inputs=IBWInputs, compute=_ibw, reference=DEVINE_REF,
    output_unit="kg", output_type="decimal",
    medcalc_id=10, medcalc_name="Ideal Body Weight",
    aliases=["IBW", "Devine formula", "ideal weight", "predicted body weight", "Ideal Body Weight"],
    conventions=[
        "IBW = 50 kg (male) / 45.5 kg (female) + 2.3 kg x (height in inches - 60); 1 cm = 0.393701 in.",
        "Heights under 60 in are not clamped (extrapolated, flagged); a non-positive IBW is refused.",
    ],
    medcalc_keys={"sex": "sex", "height": "height"},
))


# ---------------------------------------------------------------------------
# Body Surface Area, Mosteller (MedCalc-Bench 60)
# ---------------------------------------------------------------------------

MOSTELLER_REF = "Mosteller RD. Simplified calculation of body-surface area. N Engl J Med 1987;317:1098."


class BSAInputs(CalculatorInputs):
    weight: float = quantity("kg", description="Body weight", ge=0.3, le=400, accepted_units=["lb", "g", "oz"])
    height: float = quantity("cm", description="Body height", ge=20, le=260, accepted_units=["m", "in", "ft"])


def bsa_mosteller(weight_kg: float, height_cm: float) -> float:
    return math.sqrt(weight_kg * height_cm / 3600.0)


def _bsa(x: BSAInputs) -> CalculatorResult:
    value = bsa_mosteller(x.weight, x.height)
    return CalculatorResult(
        calculator="body_surface_area", name="Body Surface Area (Mosteller)", value=value, unit="m²",
        explanation=[f"BSA = sqrt(weight (kg) x height (cm) / 3600) = sqrt({x.weight:g} x {x.height:g} / 3600) "
                     f"= {value:.5f} m²"],
        reference=MOSTELLER_REF,
    )


BODY_SURFACE_AREA = register(Calculator(
    id="body_surface_area", name="Body Surface Area (Mosteller)", category="physical",
    description="Body surface area (BSA) in m² from weight and height by the Mosteller formula; used for "
                "chemotherapy dosing and indexing cardiac output.",
    inputs=BSAInputs, compute=_bsa, reference=MOSTELLER_REF,
    output_unit="m²", output_type="decimal",
    medcalc_id=60, medcalc_name="Body Surface Area Calculator",
    aliases=["BSA", "Mosteller", "body surface area"],
    conventions=["Mosteller: BSA = sqrt(weight kg x height cm / 3600), as MedCalc-Bench uses."],
    medcalc_keys={"weight": "weight", "height": "height"},
))


# ---------------------------------------------------------------------------
# Target weight (MedCalc-Bench 61)
# ---------------------------------------------------------------------------


class TargetWeightInputs(CalculatorInputs):
    target_bmi: float = quantity("kg/m²", description="Target body mass index", ge=10, le=60)
    height: float = quantity("cm", description="Body height", ge=30, le=260, accepted_units=["m", "in", "ft"])


def _target_weight(x: TargetWeightInputs) -> CalculatorResult:
    metres = x.height / 100.0
    value = x.target_bmi * metres**2
    return CalculatorResult(
        calculator="target_weight", name="Target Weight", value=value, unit="kg",
        explanation=[
            f"height = {x.height:g} cm = {metres:.5f} m",
            f"target weight = target BMI x height² = {x.target_bmi:g} kg/m² x ({metres:.5f} m)² = {value:.5f} kg",
        ],
        reference="Definition of BMI (weight / height²) solved for weight; WHO Technical Report Series 894 (2000).",
    )


TARGET_WEIGHT = register(Calculator(
    id="target_weight", name="Target Weight", category="physical",
    description="Body weight in kg that corresponds to a target BMI at the patient's height "
                "(target BMI x height²).",
    inputs=TargetWeightInputs, compute=_target_weight,
    reference="BMI definition (WHO TRS 894, 2000).",
    output_unit="kg", output_type="decimal",
    medcalc_id=61, medcalc_name="Target weight",
    aliases=["target body weight", "goal weight", "weight for target BMI"],
    conventions=["MedCalc-Bench gives the target BMI under the key 'Body Mass Index (BMI)'."],
    medcalc_keys={"Body Mass Index (BMI)": "target_bmi", "target bmi": "target_bmi", "height": "height"},
))


# ---------------------------------------------------------------------------
# Adjusted Body Weight (MedCalc-Bench 62)
# ---------------------------------------------------------------------------


class ABWInputs(SexNormalised):
    sex: Sex = sex_input()
    weight: float = quantity("kg", description="Actual body weight", ge=0.5, le=400, accepted_units=["lb", "g"])
    height: float = quantity("cm", description="Body height", ge=30, le=260, accepted_units=["m", "in", "ft"])


def _abw(x: ABWInputs) -> CalculatorResult:
    ibw, note = _checked_ibw("Adjusted Body Weight", x.sex, x.height)
    value = adjusted_body_weight(ibw, x.weight)
    return CalculatorResult(
        calculator="adjusted_body_weight", name="Adjusted Body Weight", value=value, unit="kg",
        interpretation=note,
        explanation=_ibw_steps(x.sex, x.height, ibw) + [
            f"ABW = IBW + 0.4 x (weight - IBW) = {ibw:.5f} + 0.4 x ({x.weight:g} - {ibw:.5f}) = {value:.5f} kg",
        ],
        components={"ideal_body_weight_kg": ibw},
        reference="Devine IBW (1974) with the 0.4 correction factor: Bauer LA. Applied Clinical "
                  "Pharmacokinetics, 2nd ed. McGraw-Hill 2008 (aminoglycoside dosing weight).",
    )


ADJUSTED_BODY_WEIGHT = register(Calculator(
    id="adjusted_body_weight", name="Adjusted Body Weight", category="physical",
    description="Adjusted body weight (ABW) in kg for dosing in obesity: Devine ideal body weight plus 40% of the "
                "excess of actual weight over it.",
    inputs=ABWInputs, compute=_abw,
    reference="Devine 1974 (IBW); Bauer, Applied Clinical Pharmacokinetics (ABW factor 0.4).",
    output_unit="kg", output_type="decimal",
    medcalc_id=62, medcalc_name="Adjusted Body Weight",
    aliases=["ABW", "AdjBW", "dosing weight", "adjusted weight", "Ideal Body Weight and Adjusted Body Weight"],
    conventions=["ABW = IBW + 0.4 x (actual weight - IBW), IBW by Devine; applied whatever the BMI "
                 "(also when actual weight < IBW), as MedCalc-Bench does."],
    medcalc_keys={"sex": "sex", "weight": "weight", "height": "height"},
))


# ---------------------------------------------------------------------------
# Maintenance fluids, Holliday-Segar 4-2-1 (MedCalc-Bench 22)
# ---------------------------------------------------------------------------

HOLLIDAY_REF = ("Holliday MA, Segar WE. The maintenance need for water in parenteral fluid therapy. "
                "Pediatrics 1957;19:823-32.")


class MaintenanceFluidsInputs(CalculatorInputs):
    weight: float = quantity("kg", description="Body weight", ge=0.3, le=400, accepted_units=["lb", "g"])


def maintenance_rate_ml_hr(weight_kg: float) -> tuple[float, str]:
    """Hourly maintenance fluid rate by the 4-2-1 rule, and the arithmetic used."""
    w = weight_kg
    if w < 10:
        return 4.0 * w, f"4 mL/kg/hr x {w:g} kg = {4.0 * w:g} mL/hr"
    if w <= 20:
        v = 40.0 + 2.0 * (w - 10)
        return v, f"40 mL/hr + 2 mL/kg/hr x ({w:g} kg - 10 kg) = {v:g} mL/hr"
    v = 60.0 + 1.0 * (w - 20)
    return v, f"60 mL/hr + 1 mL/kg/hr x ({w:g} kg - 20 kg) = {v:g} mL/hr"


def _maintenance(x: MaintenanceFluidsInputs) -> CalculatorResult:
    value, step = maintenance_rate_ml_hr(x.weight)
    return CalculatorResult(
        calculator="maintenance_fluids", name="Maintenance Fluids (Holliday-Segar 4-2-1)", value=value,
        unit="mL/hr",
        explanation=[
            "4-2-1 rule: 4 mL/kg/hr for the first 10 kg, 2 mL/kg/hr for the next 10 kg, 1 mL/kg/hr above 20 kg",
            step,
            f"per day: {value:g} mL/hr x 24 = {value * 24:g} mL/day",
        ],
        components={"mL_per_day": value * 24},
        reference=HOLLIDAY_REF,
    )


MAINTENANCE_FLUIDS = register(Calculator(
    id="maintenance_fluids", name="Maintenance Fluids (Holliday-Segar 4-2-1)", category="physical",
    description="Hourly maintenance IV fluid rate in mL/hr from body weight by the Holliday-Segar 4-2-1 rule.",
    inputs=MaintenanceFluidsInputs, compute=_maintenance, reference=HOLLIDAY_REF,
    output_unit="mL/hr", output_type="decimal",
    medcalc_id=22, medcalc_name="Maintenance Fluids Calculations",
    aliases=["4-2-1 rule", "Holliday-Segar", "maintenance IV fluids", "maintenance fluid rate"],
    conventions=["Result in mL/hr (not mL/day); < 10 kg: 4 mL/kg/hr; 10-20 kg: 40 + 2 x (kg - 10); "
                 "> 20 kg: 60 + 1 x (kg - 20); no adult cap."],
    medcalc_keys={"weight": "weight"},
))
