"""Body size calculators: BMI (and, below, the other anthropometric formulas)."""

from __future__ import annotations

from tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, quantity
from tools.calculators.registry import register


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
    medcalc_id=6, medcalc_name="Body Mass Index (BMI)", aliases=["BMI", "body mass index", "Quetelet index"],
    conventions=["No rounding of the returned value; the explanation shows 3 decimals."],
    medcalc_keys={"weight": "weight", "height": "height"},
))
