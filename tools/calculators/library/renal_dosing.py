"""Kidney, fluid and renal-dose calculators that multi-calculator workflows chain (MedMCP-Calc's commonest).

KDIGO AKI staging, kinetic eGFR (Chen 2013), the sodium correction rate of an infusate (Adrogué-Madias, with
a safe-rate check), bicarbonate deficit, total body water (Watson), fractional excretion of urea, the
transtubular potassium gradient and Calvert's carboplatin dose. Each follows its primary publication; the
conventions each card states are the choices where publications differ.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, field_validator

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, input_error, sex_input
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, finding, quantity
from medmirror.tools.calculators.electrolytes import total_body_water_fraction
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.registry import register
from medmirror.tools.calculators.renal import CG_REF, CREATININE_CLEARANCE, MDRD, coerce_black_race


def _creatinine(description: str, **default: Any) -> Any:
    return quantity("mg/dL", analyte="creatinine", description=description, ge=0.1, le=40,
                    accepted_units=["µmol/L", "mmol/L"], **default)


def _weight(description: str = "Body weight", **default: Any) -> Any:
    return quantity("kg", description=description, ge=1, le=400, accepted_units=["lb", "g"], **default)


def _age(ge: float = 0, **default: Any) -> Any:
    return quantity("years", description="Age", ge=ge, le=120, accepted_units=["months"], **default)


AgeRange = Literal["child", "adult", "elderly"]
# MDCalc's age ranges: child < 18, adult 18-64, elderly >= 65 (the same total body water fractions)
RANGE_FRACTION = {("child", "male"): 0.6, ("child", "female"): 0.6, ("adult", "male"): 0.6, ("adult", "female"): 0.5,
                  ("elderly", "male"): 0.5, ("elderly", "female"): 0.45}


def _age_range(v: Any) -> Any:
    if isinstance(v, str):
        t = v.strip().lower()
        for key, words in (("child", ("child", "pediatric", "paediatric")), ("elderly", ("elderly", "older", "geriatric")),
                           ("adult", ("adult",))):
            if t.startswith(words):
                return key
    return v


def tbw_fraction(calculator: str, age: float | None, age_range: str | None, sex: str) -> tuple[float, str]:
    """Total body water fraction from the age, or else MDCalc's age range; neither given is refused."""
    if age is not None:
        return total_body_water_fraction(age, sex)
    if age_range is None:
        raise input_error(calculator, "age", "give the age or the age range (child, adult, elderly)", problem="missing")
    return RANGE_FRACTION[(age_range, sex)], f"{age_range} {sex}"


# ---------------------------------------------------------------------------
# KDIGO AKI staging
# ---------------------------------------------------------------------------

KDIGO_AKI_REF = ("Kidney Disease: Improving Global Outcomes (KDIGO) Acute Kidney Injury Work Group. KDIGO Clinical "
                 "Practice Guideline for Acute Kidney Injury. Kidney Int Suppl 2012;2(1):1-138 (Table 2).")


class KDIGOAKIInputs(CalculatorInputs):
    baseline_creatinine: float = _creatinine("Baseline serum creatinine")
    current_creatinine: float = _creatinine("Current (peak) serum creatinine")
    urine_output_rate: float | None = quantity("mL/kg/h", description="Urine output rate over the period below",
                                               ge=0, le=20, default=None)
    oliguria_hours: float | None = quantity("h", description="Hours the urine output has stayed at that rate",
                                            ge=0, le=720, default=None)
    anuria_hours: float = quantity("h", description="Hours of anuria", ge=0, le=720, default=0.0)
    renal_replacement_therapy: bool = finding("Renal replacement therapy started")


def _aki(x: KDIGOAKIInputs) -> CalculatorResult:
    name = "KDIGO AKI Staging"
    if (x.urine_output_rate is None) != (x.oliguria_hours is None):
        missing = "oliguria_hours" if x.oliguria_hours is None else "urine_output_rate"
        raise input_error(name, missing, "the urine-output criterion needs both the rate and its duration",
                          problem="missing")
    ratio = x.current_creatinine / x.baseline_creatinine
    rise = x.current_creatinine - x.baseline_creatinine
    if ratio >= 3 or x.current_creatinine >= 4.0 and rise >= 0.3 or x.renal_replacement_therapy:
        cr_stage = 3
    elif ratio >= 2:
        cr_stage = 2
    elif ratio >= 1.5 or rise >= 0.3:
        cr_stage = 1
    else:
        cr_stage = 0
    lines = [f"creatinine {x.current_creatinine:g} / baseline {x.baseline_creatinine:g} = {ratio:.3f} x; rise "
             f"{rise:+.2f} mg/dL -> creatinine stage {cr_stage}"]
    uo_stage = 0
    if x.anuria_hours >= 12:
        uo_stage = 3
    if x.urine_output_rate is not None and x.oliguria_hours is not None:
        rate, hours = x.urine_output_rate, x.oliguria_hours
        if rate < 0.3 and hours >= 24:
            uo_stage = 3
        elif rate < 0.5 and hours >= 12:
            uo_stage = max(uo_stage, 2)
        elif rate < 0.5 and hours >= 6:
            uo_stage = max(uo_stage, 1)
        lines.append(f"urine output {rate:g} mL/kg/h for {hours:g} h; anuria {x.anuria_hours:g} h -> urine stage "
                     f"{uo_stage}")
    elif x.anuria_hours:
        lines.append(f"anuria {x.anuria_hours:g} h -> urine stage {uo_stage}")
    stage = max(cr_stage, uo_stage)
    text = ("No AKI by KDIGO criteria" if stage == 0 else
            f"Stage {stage}: " + {1: "creatinine 1.5-1.9 x baseline or >= 0.3 mg/dL rise, or UO < 0.5 mL/kg/h 6-12 h",
                                  2: "creatinine 2.0-2.9 x baseline, or UO < 0.5 mL/kg/h >= 12 h",
                                  3: "creatinine >= 3.0 x baseline or >= 4.0 mg/dL, RRT, UO < 0.3 mL/kg/h >= 24 h or "
                                     "anuria >= 12 h"}[stage])
    lines.append(f"stage = the higher of the two = {stage}")
    return _result("kdigo_aki", name, KDIGO_AKI_REF, stage, "stage", text, lines,
                   {"creatinine_stage": cr_stage, "urine_output_stage": uo_stage, "ratio": ratio})


KDIGO_AKI = register(Calculator(
    id="kdigo_aki", name="KDIGO AKI Staging", category="diagnosis",
    description=("Stages acute kidney injury 0-3 by KDIGO 2012 from the rise of serum creatinine over baseline and "
                 "the urine output (rate and duration), anuria and renal replacement therapy; the higher stage wins."),
    inputs=KDIGOAKIInputs, compute=_aki, reference=KDIGO_AKI_REF, output_unit="stage", output_type="integer",
    aliases=["KDIGO AKI", "KDIGO AKI Staging", "AKI stage", "acute kidney injury staging", "AKI staging"],
    conventions=["The caller vouches for the time frames: a 0.3 mg/dL rise within 48 h, a 1.5 x rise within 7 days.",
                 "Creatinine >= 4.0 mg/dL is stage 3 only with an acute rise of at least 0.3 mg/dL.",
                 "Urine output needs its rate and its duration together; the paediatric eGFR < 35 criterion is not "
                 "applied. Value 0 means no AKI by these criteria."],
))


# ---------------------------------------------------------------------------
# Kinetic eGFR (Chen 2013)
# ---------------------------------------------------------------------------

KEGFR_REF = ("Chen S. Retooling the creatinine clearance equation to estimate kinetic GFR when the plasma creatinine "
             "is changing acutely. J Am Soc Nephrol 2013;24(6):877-888.")


class KineticGFRInputs(SexNormalised):
    age: float = _age(ge=18)
    sex: Sex = sex_input()
    black_race: bool = finding("Patient is Black (MDRD's 1.212 coefficient for the baseline eGFR)")
    baseline_creatinine: float = _creatinine("Baseline (steady-state) serum creatinine")
    creatinine_1: float = _creatinine("First of the two recent creatinine values")
    creatinine_2: float = _creatinine("Second creatinine value")
    hours: float = quantity("h", description="Hours between the two values", ge=1, le=720, accepted_units=["d"])
    max_daily_rise: float = quantity("mg/dL/d", description="Maximal creatinine rise per day at zero GFR", ge=0.5,
                                     le=5, default=1.5)

    @field_validator("black_race", mode="before")
    @classmethod
    def _race(cls, v: Any) -> Any:
        return coerce_black_race(v)


def _kegfr(x: KineticGFRInputs) -> CalculatorResult:
    base = MDRD.run({"age": x.age, "sex": x.sex, "creatinine": x.baseline_creatinine, "black_race": x.black_race})
    egfr = float(base.value)
    mean_cr = (x.creatinine_1 + x.creatinine_2) / 2
    delta = x.creatinine_2 - x.creatinine_1
    factor = 1 - 24 * delta / (x.hours * x.max_daily_rise)
    raw = x.baseline_creatinine * egfr / mean_cr * factor
    value = max(raw, 0.0)
    lines = [f"baseline eGFR (MDRD) = {egfr:.2f} mL/min/1.73 m²",
             f"KeGFR = SSCr x eGFR / mean Cr x (1 - 24 x ΔCr / (Δt x max ΔCr/day)) = {x.baseline_creatinine:g} x "
             f"{egfr:.2f} / {mean_cr:.3g} x (1 - 24 x {delta:+.3g} / ({x.hours:g} x {x.max_daily_rise:g})) = "
             f"{raw:.2f} mL/min"]
    if raw < 0:
        lines.append("creatinine rises faster than the maximal rise at zero GFR: reported as 0")
        text = "0: creatinine rising at or beyond the rate expected with no filtration"
    else:
        text = ("below 30 mL/min: consistent with AKI (90% specific, O'Sullivan 2017)" if value < 30 else
                "kinetic GFR estimate while creatinine is not at steady state")
    return _result("kinetic_egfr", "Kinetic Estimated Glomerular Filtration Rate (keGFR)", KEGFR_REF, value, "mL/min",
                   text, lines, {"baseline_egfr": egfr, "mean_creatinine": mean_cr, "unclipped": raw})


KINETIC_EGFR = register(Calculator(
    id="kinetic_egfr", name="Kinetic Estimated Glomerular Filtration Rate (keGFR)", category="lab",
    description=("Estimates GFR while serum creatinine is changing (acute kidney injury or recovery) from the baseline "
                 "creatinine and eGFR, two recent creatinine values and the hours between them (Chen 2013)."),
    inputs=KineticGFRInputs, compute=_kegfr, reference=f"{KEGFR_REF} Baseline eGFR: MDRD (Levey 2006).",
    output_unit="mL/min", output_type="decimal",
    aliases=["keGFR", "kinetic eGFR", "kinetic GFR", "kinetic estimated GFR", "Chen kinetic GFR"],
    conventions=["Baseline eGFR by the 4-variable MDRD equation from the baseline creatinine.",
                 "Maximal creatinine rise 1.5 mg/dL/day unless given. A negative result (creatinine rising faster than "
                 "that) is reported as 0 and the unclipped value is kept in the components."],
))


# ---------------------------------------------------------------------------
# Sodium correction rate (Adrogué-Madias)
# ---------------------------------------------------------------------------

NA_RATE_REF = ("Adrogué HJ, Madias NE. Hyponatremia. N Engl J Med 2000;342(21):1581-1589; Adrogué HJ, Madias NE. "
               "Hypernatremia. N Engl J Med 2000;342(20):1493-1499. Safe limits: Verbalis JG, Goldsmith SR, "
               "Greenberg A, et al. Am J Med 2013;126(10 Suppl 1):S1-S42.")
# published sodium content of the usual infusates (mmol/L)
INFUSATES = {
    "5% dextrose in water": 0.0, "0.2% saline": 34.0, "0.45% saline": 77.0, "lactated ringer's": 130.0,
    "0.9% saline": 154.0, "2% saline": 342.0, "3% saline": 513.0, "5% saline": 855.0,
}
Fluid = Literal["5% dextrose in water", "0.2% saline", "0.45% saline", "lactated ringer's", "0.9% saline",
                "2% saline", "3% saline", "5% saline"]
FLUID_SYNONYMS = (("d5w", "5% dextrose in water"), ("5% dextrose", "5% dextrose in water"),
                  ("half normal saline", "0.45% saline"), ("half-normal saline", "0.45% saline"),
                  ("normal saline", "0.9% saline"), ("ringer", "lactated ringer's"), ("hartmann", "lactated ringer's"))
MAX_CHANGE_PER_DAY = {"hyponatremia": 10.0, "hyponatremia_high_risk": 8.0, "hypernatremia": 10.0}


class SodiumRateInputs(SexNormalised):
    age: float | None = _age(default=None)
    age_range: AgeRange | None = Field(None, description="Age range (child < 18, adult 18-64, elderly >= 65) when "
                                       "the age is not given")
    sex: Sex = sex_input()
    weight: float = _weight()
    sodium: float = quantity("mEq/L", analyte="sodium", description="Serum sodium", ge=100, le=190,
                             accepted_units=["mmol/L"])
    fluid: Fluid | None = None
    infusate_sodium: float | None = quantity("mEq/L", analyte="sodium", description="Infusate sodium (instead of "
                                             "a named fluid)", ge=0, le=1000, accepted_units=["mmol/L"], default=None)
    infusate_potassium: float = quantity("mEq/L", analyte="potassium", description="Infusate potassium", ge=0,
                                         le=100, accepted_units=["mmol/L"], default=0.0)
    rate: float = quantity("mEq/L/h", description="Desired change of serum sodium per hour", ge=0.01, le=2)
    high_osmotic_demyelination_risk: bool = finding("High risk of osmotic demyelination (alcoholism, malnutrition, "
                                                    "hypokalaemia, advanced liver disease, Na <= 105)")

    _range = field_validator("age_range", mode="before")(classmethod(lambda cls, v: _age_range(v)))

    @field_validator("fluid", mode="before")
    @classmethod
    def _fluid(cls, v: Any) -> Any:
        """A fluid's name as usually written ('5% Dextrose in water (0 mmol/L Na)', 'D5W', 'normal saline',
        'Ringer's lactate') picks it; anything else is left for the Literal to refuse."""
        if not isinstance(v, str):
            return v
        t = re.sub(r"\s+", " ", v.strip().lower().replace("’", "'"))
        t = re.sub(r"\bnacl\b|\bsodium chloride\b", "saline", t)
        for label in INFUSATES:
            if t.startswith(label):
                return label
        for key, label in FLUID_SYNONYMS:
            if key in t:
                return label
        return v


def _sodium_rate(x: SodiumRateInputs) -> CalculatorResult:
    name = "Sodium Correction Rate in Hyponatremia and Hypernatremia"
    if (x.fluid is None) == (x.infusate_sodium is None):
        raise input_error(name, "fluid", "give either a named fluid or the infusate sodium (one of them)",
                          problem="missing" if x.fluid is None else "invalid",
                          expected="one of " + ", ".join(INFUSATES))
    infusate = INFUSATES[x.fluid] if x.fluid is not None else float(x.infusate_sodium or 0)
    frac, group = tbw_fraction(name, x.age, x.age_range, x.sex)
    tbw = frac * x.weight
    per_litre = (infusate + x.infusate_potassium - x.sodium) / (tbw + 1)
    if per_litre == 0:
        raise input_error(name, "fluid", f"an infusate of {infusate:g} mEq/L does not change a serum sodium of "
                          f"{x.sodium:g}")
    if x.sodium < 135 and per_litre < 0 or x.sodium > 145 and per_litre > 0:
        raise input_error(name, "fluid", f"this infusate would move sodium {x.sodium:g} further from normal "
                          f"({per_litre:+.2f} mEq/L per litre)")
    ml_per_hour = x.rate / abs(per_litre) * 1000
    lines = [f"TBW = {frac:g} ({group}) x {x.weight:g} kg = {tbw:.2f} L",
             f"change per litre = (infusate Na + K - serum Na) / (TBW + 1) = ({infusate:g} + {x.infusate_potassium:g}"
             f" - {x.sodium:g}) / {tbw + 1:.2f} = {per_litre:+.3f} mEq/L",
             f"rate = {x.rate:g} mEq/L/h / {abs(per_litre):.3f} mEq/L per L x 1000 = {ml_per_hour:.1f} mL/h"]
    direction = "raise" if per_litre > 0 else "lower"
    per_day = x.rate * 24
    if per_litre > 0:
        limit = MAX_CHANGE_PER_DAY["hyponatremia_high_risk" if x.high_osmotic_demyelination_risk else "hyponatremia"]
    else:
        limit = MAX_CHANGE_PER_DAY["hypernatremia"]
    safe = per_day <= limit
    lines.append(f"safe-rate check: {x.rate:g} x 24 h = {per_day:.1f} mEq/L/day vs limit {limit:g} -> "
                 f"{'within' if safe else 'EXCEEDS'} the limit")
    text = (f"{ml_per_hour:.0f} mL/h to {direction} sodium by {x.rate:g} mEq/L/h "
            f"({'within' if safe else 'exceeds'} the {limit:g} mEq/L/24 h limit)")
    if 135 <= x.sodium <= 145:
        text += "; sodium is within normal: confirm a correction is needed"
    return _result("sodium_correction_rate", name, NA_RATE_REF, ml_per_hour, "mL/h", text, lines,
                   {"change_per_litre": per_litre, "total_body_water": tbw, "safe": safe, "per_day": per_day})


SODIUM_CORRECTION_RATE = register(Calculator(
    id="sodium_correction_rate", name="Sodium Correction Rate in Hyponatremia and Hypernatremia", category="dosage",
    description=("Infusion rate (mL/h) of a chosen fluid that changes serum sodium at a desired hourly rate, by "
                 "Adrogué-Madias' change per litre of infusate, with a check against the safe 24-hour limits."),
    inputs=SodiumRateInputs, compute=_sodium_rate, reference=NA_RATE_REF, output_unit="mL/h",
    aliases=["sodium correction rate", "Adrogue-Madias formula", "Adrogué-Madias", "hyponatremia correction rate",
             "hypernatremia correction rate", "sodium infusion rate"],
    conventions=["Change per litre = (infusate Na + infusate K - serum Na) / (TBW + 1); TBW fraction: < 18 y 0.6; "
                 "18-64 y male 0.6, female 0.5; >= 65 y male 0.5, female 0.45.",
                 "Infusate sodium (mmol/L): D5W 0, 0.2% 34, 0.45% 77, lactated Ringer's 130, 0.9% 154, 2% 342, "
                 "3% 513, 5% 855.",
                 "Safe limits: hyponatraemia <= 10 mEq/L per 24 h (<= 8 with a high risk of osmotic demyelination); "
                 "hypernatraemia lowering <= 10 mEq/L per 24 h. A fluid that moves sodium the wrong way is refused."],
))


# ---------------------------------------------------------------------------
# Bicarbonate deficit
# ---------------------------------------------------------------------------

BICARB_REF = ("Fernandez PC, Cohen RM, Feldman GM. The concept of bicarbonate distribution space: the crucial role of "
              "body buffers. Kidney Int 1989;36(5):747-752.")


class BicarbonateDeficitInputs(CalculatorInputs):
    weight: float = _weight()
    bicarbonate: float = quantity("mEq/L", analyte="bicarbonate", description="Serum bicarbonate", ge=1, le=40,
                                  accepted_units=["mmol/L"])
    target_bicarbonate: float = quantity("mEq/L", description="Desired bicarbonate", ge=10, le=30, default=24.0)
    distribution_fraction: float = quantity("", description="Bicarbonate space as a fraction of body weight",
                                            ge=0.2, le=1.0, default=0.4)


def _bicarbonate_deficit(x: BicarbonateDeficitInputs) -> CalculatorResult:
    deficit = x.distribution_fraction * x.weight * (x.target_bicarbonate - x.bicarbonate)
    if deficit <= 0:
        raise input_error("Bicarbonate Deficit", "bicarbonate", f"bicarbonate {x.bicarbonate:g} is not below the "
                          f"target {x.target_bicarbonate:g} mEq/L: there is no deficit")
    return _result("bicarbonate_deficit", "Bicarbonate Deficit", BICARB_REF, deficit, "mEq",
                   f"bicarbonate deficit {deficit:.1f} mEq (replace a part, re-check: the space grows as HCO3 falls)",
                   [f"deficit = {x.distribution_fraction:g} x {x.weight:g} kg x ({x.target_bicarbonate:g} - "
                    f"{x.bicarbonate:g}) = {deficit:.2f} mEq"])


BICARBONATE_DEFICIT = register(Calculator(
    id="bicarbonate_deficit", name="Bicarbonate Deficit", category="dosage",
    description="Bicarbonate needed to raise serum bicarbonate to a target: bicarbonate space x (target - measured).",
    inputs=BicarbonateDeficitInputs, compute=_bicarbonate_deficit, reference=BICARB_REF, output_unit="mEq",
    aliases=["bicarbonate deficit", "HCO3 deficit", "bicarb deficit", "sodium bicarbonate dose"],
    conventions=["Bicarbonate space 0.4 x body weight and target 24 mEq/L unless given; no deficit is refused."],
))


# ---------------------------------------------------------------------------
# Total body water (Watson)
# ---------------------------------------------------------------------------

WATSON_REF = ("Watson PE, Watson ID, Batt RD. Total body water volumes for adult males and females estimated from "
              "simple anthropometric measurements. Am J Clin Nutr 1980;33(1):27-39.")


class WatsonInputs(SexNormalised):
    age: float = _age(ge=18)
    sex: Sex = sex_input()
    height: float = quantity("cm", description="Height", ge=100, le=250, accepted_units=["m", "in", "ft"])
    weight: float = _weight()


def _watson(x: WatsonInputs) -> CalculatorResult:
    if x.sex == "male":
        tbw = 2.447 - 0.09516 * x.age + 0.1074 * x.height + 0.3362 * x.weight
        rule = (f"2.447 - 0.09516 x {x.age:g} + 0.1074 x {x.height:g} + 0.3362 x {x.weight:g}")
    else:
        tbw = -2.097 + 0.1069 * x.height + 0.2466 * x.weight
        rule = f"-2.097 + 0.1069 x {x.height:g} + 0.2466 x {x.weight:g}"
    return _result("total_body_water_watson", "Total Body Water (Watson Formula)", WATSON_REF, tbw, "L",
                   f"total body water {tbw:.2f} L ({tbw / x.weight * 100:.0f}% of body weight)",
                   [f"TBW ({x.sex}) = {rule} = {tbw:.3f} L"])


WATSON_TBW = register(Calculator(
    id="total_body_water_watson", name="Total Body Water (Watson Formula)", category="physical",
    description="Total body water of an adult in litres from age, sex, height and weight (Watson 1980).",
    inputs=WatsonInputs, compute=_watson, reference=WATSON_REF, output_unit="L",
    aliases=["Watson formula", "total body water", "TBW", "Watson total body water"],
    conventions=["Male: 2.447 - 0.09516 age + 0.1074 height(cm) + 0.3362 weight(kg); female: -2.097 + 0.1069 "
                 "height + 0.2466 weight (age not used). Adults only."],
))


# ---------------------------------------------------------------------------
# Fractional excretion of urea
# ---------------------------------------------------------------------------

FEUREA_REF = ("Carvounis CP, Nisar S, Guro-Razuman S. Significance of the fractional excretion of urea in the "
              "differential diagnosis of acute renal failure. Kidney Int 2002;62(6):2223-2229.")


class FEUreaInputs(CalculatorInputs):
    serum_urea: float = quantity("mg/dL", analyte="bun", description="BUN (serum urea nitrogen)", ge=1, le=300,
                                 accepted_units=["mmol/L"])
    creatinine: float = _creatinine("Serum creatinine")
    urine_urea: float = quantity("mg/dL", analyte="bun", description="Urine urea nitrogen", ge=1, le=5000,
                                 accepted_units=["mmol/L"])
    urine_creatinine: float = quantity("mg/dL", analyte="creatinine", description="Urine creatinine", ge=1, le=1000,
                                       accepted_units=["µmol/L", "mmol/L"])


def _feurea(x: FEUreaInputs) -> CalculatorResult:
    value = (x.urine_urea * x.creatinine) / (x.serum_urea * x.urine_creatinine) * 100
    text = ("<= 35%: prerenal" if value <= 35 else "> 50%: intrinsic renal (acute tubular necrosis)" if value > 50
            else "35-50%: indeterminate")
    return _result("feurea", "Fractional Excretion of Urea (FEUrea)", FEUREA_REF, value, "%", text,
                   [f"FEUrea = (urine urea x serum Cr) / (serum urea x urine Cr) x 100 = ({x.urine_urea:g} x "
                    f"{x.creatinine:g}) / ({x.serum_urea:g} x {x.urine_creatinine:g}) x 100 = {value:.2f}%"])


FEUREA = register(Calculator(
    id="feurea", name="Fractional Excretion of Urea (FEUrea)", category="lab",
    description=("Fractional excretion of urea, which separates prerenal from intrinsic acute kidney injury when "
                 "diuretics make the FENa unreliable."),
    inputs=FEUreaInputs, compute=_feurea, reference=FEUREA_REF, output_unit="%",
    aliases=["FEUrea", "FEUN", "fractional excretion of urea", "fractional excretion of urea nitrogen"],
    conventions=["Serum and urine urea both as urea nitrogen (mg/dL) or both in mmol/L; <= 35% prerenal, > 50% "
                 "intrinsic (Carvounis 2002)."],
))


# ---------------------------------------------------------------------------
# Transtubular potassium gradient
# ---------------------------------------------------------------------------

TTKG_REF = ("West ML, Marsden PA, Richardson RM, Zettle RM, Halperin ML. New clinical approach to evaluate disorders "
            "of potassium excretion. Miner Electrolyte Metab 1986;12(4):234-238; Ethier JH, Kamel KS, Magner PO, "
            "Lemann J Jr, Halperin ML. Am J Kidney Dis 1990;15(4):309-315.")


class TTKGInputs(CalculatorInputs):
    urine_potassium: float = quantity("mEq/L", analyte="potassium", description="Urine potassium", ge=1, le=300,
                                      accepted_units=["mmol/L"])
    serum_potassium: float = quantity("mEq/L", analyte="potassium", description="Serum potassium", ge=1, le=12,
                                      accepted_units=["mmol/L"])
    urine_osmolality: float = quantity("mOsm/kg", description="Urine osmolality", ge=50, le=1500)
    serum_osmolality: float = quantity("mOsm/kg", description="Serum osmolality", ge=200, le=450)


def _ttkg(x: TTKGInputs) -> CalculatorResult:
    if x.urine_osmolality <= x.serum_osmolality:
        raise input_error("Transtubular Potassium Gradient (TTKG)", "urine_osmolality",
                          f"urine osmolality {x.urine_osmolality:g} is not above serum {x.serum_osmolality:g} "
                          "mOsm/kg: the TTKG is not interpretable (Ethier 1990)")
    value = (x.urine_potassium / x.serum_potassium) / (x.urine_osmolality / x.serum_osmolality)
    if x.serum_potassium > 5.0:
        text = ("< 7 in hyperkalaemia: suggests hypoaldosteronism or aldosterone resistance" if value < 7 else
                ">= 7 in hyperkalaemia: renal potassium excretion responding")
    elif x.serum_potassium < 3.5:
        text = ("> 3 in hypokalaemia: renal potassium loss" if value > 3 else
                "<= 3 in hypokalaemia: extrarenal potassium loss")
    else:
        text = "normokalaemia: TTKG about 8-9 on a usual diet"
    return _result("ttkg", "Transtubular Potassium Gradient (TTKG)", TTKG_REF, value, "", text,
                   [f"TTKG = (urine K / serum K) / (urine osm / serum osm) = ({x.urine_potassium:g} / "
                    f"{x.serum_potassium:g}) / ({x.urine_osmolality:g} / {x.serum_osmolality:g}) = {value:.3f}"])


TTKG = register(Calculator(
    id="ttkg", name="Transtubular Potassium Gradient (TTKG)", category="lab",
    description="Transtubular potassium gradient, the cortical collecting duct's potassium secretion in dyskalaemia.",
    inputs=TTKGInputs, compute=_ttkg, reference=TTKG_REF,
    aliases=["TTKG", "transtubular potassium gradient", "trans-tubular K gradient"],
    conventions=["Only when urine osmolality exceeds serum osmolality (otherwise refused). Value unrounded."],
))


# ---------------------------------------------------------------------------
# Carboplatin dose (Calvert)
# ---------------------------------------------------------------------------

CALVERT_REF = ("Calvert AH, Newell DR, Gumbrell LA, et al. Carboplatin dosage: prospective evaluation of a simple "
               "formula based on renal function. J Clin Oncol 1989;7(11):1748-1756. GFR cap 125 mL/min: US FDA "
               "carboplatin dosing communication (2010).")
GFR_CAP = 125.0


class CalvertInputs(SexNormalised):
    target_auc: float = quantity("mg·min/mL", description="Target AUC", ge=1, le=10, accepted_units=["mg/mL*min"])
    gfr: float | None = quantity("mL/min", description="Measured GFR (instead of Cockcroft-Gault)", ge=1, le=250,
                                 default=None)
    age: float | None = _age(ge=18, default=None)
    sex: Sex | None = None
    weight: float | None = _weight(default=None)
    creatinine: float | None = _creatinine("Serum creatinine", default=None)


def _calvert(x: CalvertInputs) -> CalculatorResult:
    name = "Carboplatin AUC Dosing (Calvert)"
    lines: list[str] = []
    if x.gfr is not None:
        gfr, basis = x.gfr, "measured GFR"
    else:
        missing = [f for f in ("age", "sex", "weight", "creatinine") if getattr(x, f) is None]
        if missing:
            raise input_error(name, missing[0], "required without a measured GFR: " + ", ".join(missing),
                              problem="missing")
        crcl = CREATININE_CLEARANCE.run({"age": x.age, "sex": x.sex, "weight": x.weight, "creatinine": x.creatinine,
                                         "weight_basis": "actual"})
        gfr, basis = float(crcl.value), "Cockcroft-Gault (actual weight)"
        lines += [*crcl.explanation, f"CrCl = {gfr:.2f} mL/min"]
    used = min(gfr, GFR_CAP)
    if used < gfr:
        lines.append(f"GFR capped at {GFR_CAP:g} mL/min")
    dose = x.target_auc * (used + 25)
    lines.append(f"dose = AUC x (GFR + 25) = {x.target_auc:g} x ({used:.2f} + 25) = {dose:.1f} mg")
    return _result("carboplatin_calvert", name, f"{CALVERT_REF} {CG_REF}", dose, "mg",
                   f"carboplatin {dose:.0f} mg for AUC {x.target_auc:g} (GFR {used:.1f} mL/min by {basis})", lines,
                   {"gfr": gfr, "gfr_used": used})


CALVERT = register(Calculator(
    id="carboplatin_calvert", name="Carboplatin AUC Dosing (Calvert)", category="dosage",
    description=("Carboplatin dose in mg for a target AUC by Calvert's formula, dose = AUC x (GFR + 25), with GFR "
                 "measured or estimated by Cockcroft-Gault on actual weight and capped at 125 mL/min."),
    inputs=CalvertInputs, compute=_calvert, reference=CALVERT_REF, output_unit="mg",
    aliases=["Calvert formula", "carboplatin dose", "carboplatin AUC dosing", "Carboplatin AUC Dosing (Calvert)"],
    conventions=["GFR: a measured GFR when given, else Cockcroft-Gault with actual body weight (x 0.85 female), no "
                 "creatinine floor; capped at 125 mL/min (FDA). Dose unrounded (mg)."],
))


# ---------------------------------------------------------------------------
# Sodium deficit in hyponatraemia
# ---------------------------------------------------------------------------

NA_DEFICIT_REF = (f"Adrogué HJ, Madias NE. Hyponatremia. N Engl J Med 2000;342(21):1581-1589. TBW: {WATSON_REF}")


class SodiumDeficitInputs(SexNormalised):
    age: float | None = _age(default=None)
    age_range: AgeRange | None = Field(None, description="Age range (child < 18, adult 18-64, elderly >= 65) when "
                                       "the age is not given")
    sex: Sex = sex_input()
    weight: float = _weight()
    height: float | None = quantity("cm", description="Height (adults: total body water by Watson)", ge=100, le=250,
                                    accepted_units=["m", "in", "ft"], default=None)
    sodium: float = quantity("mEq/L", analyte="sodium", description="Serum sodium", ge=90, le=160,
                             accepted_units=["mmol/L"])
    target_sodium: float = quantity("mEq/L", analyte="sodium", description="Desired sodium", ge=110, le=145,
                                    default=140.0)

    _range = field_validator("age_range", mode="before")(classmethod(lambda cls, v: _age_range(v)))


def _sodium_deficit(x: SodiumDeficitInputs) -> CalculatorResult:
    if x.target_sodium <= x.sodium:
        raise input_error("Sodium Deficit in Hyponatremia", "target_sodium", f"desired sodium {x.target_sodium:g} is "
                          f"not above the serum sodium {x.sodium:g}: there is no deficit")
    if x.height is not None and x.age is not None and x.age >= 18:
        tbw = _watson(WatsonInputs(age=x.age, sex=x.sex, height=x.height, weight=x.weight)).value
        basis = "Watson (height given)"
    else:
        frac, group = tbw_fraction("Sodium Deficit in Hyponatremia", x.age, x.age_range, x.sex)
        tbw, basis = frac * x.weight, f"{frac:g} x weight ({group})"
    deficit = float(tbw) * (x.target_sodium - x.sodium)
    return _result("sodium_deficit", "Sodium Deficit in Hyponatremia", NA_DEFICIT_REF, deficit, "mEq",
                   f"sodium deficit {deficit:.1f} mEq to reach {x.target_sodium:g} (correct <= 10 mEq/L per 24 h)",
                   [f"TBW = {float(tbw):.2f} L by {basis}",
                    f"deficit = TBW x (desired - serum Na) = {float(tbw):.2f} x ({x.target_sodium:g} - {x.sodium:g}) = "
                    f"{deficit:.2f} mEq"], {"total_body_water": tbw})


SODIUM_DEFICIT = register(Calculator(
    id="sodium_deficit", name="Sodium Deficit in Hyponatremia", category="dosage",
    description="Sodium needed to raise serum sodium to a desired value: total body water x (desired - measured).",
    inputs=SodiumDeficitInputs, compute=_sodium_deficit, reference=NA_DEFICIT_REF, output_unit="mEq",
    aliases=["sodium deficit", "Na deficit", "hyponatremia sodium deficit"],
    conventions=["Total body water by Watson when the height of an adult is given, else the fraction of weight "
                 "(< 18 y 0.6; 18-64 y male 0.6, female 0.5; >= 65 y male 0.5, female 0.45). Desired 140 unless given."],
))
