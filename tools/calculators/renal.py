"""Kidney function calculators: Cockcroft-Gault creatinine clearance, CKD-EPI 2021, MDRD, FENa.

Serum creatinine is canonical in mg/dL; µmol/L (and other molar units) convert through
creatinine's molar mass, 113.12 g/mol (88.4 µmol/L = 1.0 mg/dL). Sodium is in mEq/L
(= mmol/L for the monovalent ion).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import field_validator

from medmirror.tools.calculators.anthropometrics import (
    CM_TO_IN,
    Sex,
    SexNormalised,
    adjusted_body_weight,
    bmi_value,
    ideal_body_weight,
    input_error,
    sex_input,
)
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, finding, quantity
from medmirror.tools.calculators.registry import register

SCR_UNITS = ["µmol/L", "mmol/L"]


def _creatinine(description: str = "Serum creatinine") -> Any:
    return quantity("mg/dL", analyte="creatinine", description=description, ge=0.1, le=40,
                    accepted_units=SCR_UNITS)


def _age(ge: float = 0) -> Any:
    return quantity("years", description="Age", ge=ge, le=120, accepted_units=["months"])


def kdigo_gfr_category(gfr: float) -> str:
    """KDIGO 2012 GFR category (mL/min/1.73 m²)."""
    if gfr >= 90:
        return "G1: normal or high (>= 90)"
    if gfr >= 60:
        return "G2: mildly decreased (60-89)"
    if gfr >= 45:
        return "G3a: mildly to moderately decreased (45-59)"
    if gfr >= 30:
        return "G3b: moderately to severely decreased (30-44)"
    if gfr >= 15:
        return "G4: severely decreased (15-29)"
    return "G5: kidney failure range (< 15)"


KDIGO_REF = ("KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of CKD. "
             "Kidney Int Suppl 2013;3:1-150.")


def _pediatric_note(age: float) -> str:
    return "; not validated under 18 years" if age < 18 else ""


# ---------------------------------------------------------------------------
# Creatinine clearance, Cockcroft-Gault (MedCalc-Bench 2)
# ---------------------------------------------------------------------------

CG_REF = ("Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. "
          "Nephron 1976;16:31-41.")

WeightBasis = Literal["bmi_rule", "actual", "ideal", "adjusted"]


class CrClInputs(SexNormalised):
    age: float = _age()
    sex: Sex = sex_input()
    weight: float = quantity("kg", description="Actual body weight", ge=1, le=400, accepted_units=["lb", "g"])
    height: float | None = quantity("cm", description="Body height (needed for the BMI rule, IBW and ABW)",
                                    ge=30, le=260, accepted_units=["m", "in", "ft"], default=None)
    creatinine: float = _creatinine()
    weight_basis: WeightBasis = "bmi_rule"


def cockcroft_gault_weight(sex: str, weight: float, height: float) -> tuple[float, str, list[str]]:
    """MedCalc-Bench's weight choice: BMI < 18.5 actual; 18.5-24.9 min(IBW, actual); >= 25 adjusted."""
    bmi = bmi_value(weight, height)
    ibw = ideal_body_weight(sex, height)
    steps = [f"BMI = {weight:g} kg / ({height / 100:g} m)² = {bmi:.5f} kg/m²",
             f"IBW ({sex}, Devine) = {'50' if sex == 'male' else '45.5'} kg + 2.3 kg x "
             f"({height * CM_TO_IN:.5f} in - 60) = {ibw:.5f} kg"]
    if bmi < 18.5:
        steps.append("BMI < 18.5 (underweight): use actual body weight")
        return weight, "actual (underweight)", steps
    if bmi < 25:
        used = min(ibw, weight)
        steps.append(f"BMI 18.5-24.9 (normal weight): use min(IBW, actual) = min({ibw:.5f}, {weight:g}) "
                     f"= {used:.5f} kg")
        return used, "min(IBW, actual) (normal weight)", steps
    abw = adjusted_body_weight(ibw, weight)
    steps.append(f"BMI >= 25 (overweight/obese): use adjusted body weight = {ibw:.5f} + 0.4 x ({weight:g} - "
                 f"{ibw:.5f}) = {abw:.5f} kg")
    return abw, "adjusted (overweight/obese)", steps


def _crcl(x: CrClInputs) -> CalculatorResult:
    name = "Creatinine Clearance (Cockcroft-Gault)"
    if x.age >= 140:  # unreachable with le=120, kept as the formula's own limit
        raise input_error(name, "age", "Cockcroft-Gault needs age < 140")
    if x.weight_basis != "actual" and x.height is None:
        raise input_error(name, "height", f"required input not given (weight basis '{x.weight_basis}' needs it)",
                          problem="missing", expected="a number in cm, or weight_basis='actual'")
    steps: list[str] = []
    if x.weight_basis == "bmi_rule":
        assert x.height is not None
        wt, label, steps = cockcroft_gault_weight(x.sex, x.weight, x.height)
    elif x.weight_basis == "actual":
        wt, label = x.weight, "actual (requested)"
    else:
        assert x.height is not None
        ibw = ideal_body_weight(x.sex, x.height)
        wt = ibw if x.weight_basis == "ideal" else adjusted_body_weight(ibw, x.weight)
        label = f"{x.weight_basis} (requested)"
        steps.append(f"{x.weight_basis} body weight = {wt:.5f} kg (IBW {ibw:.5f} kg)")
    if wt <= 0:
        raise input_error(name, "height", f"the dosing weight from this height is not positive ({wt:.1f} kg)")
    sex_coef = 0.85 if x.sex == "female" else 1.0
    value = (140 - x.age) * wt * sex_coef / (72 * x.creatinine)
    steps.append(f"CrCl = (140 - age) x weight x sex coefficient / (72 x SCr) = (140 - {x.age:g}) x {wt:.5f} x "
                 f"{sex_coef:g} / (72 x {x.creatinine:g} mg/dL) = {value:.5f} mL/min")
    return CalculatorResult(
        calculator="creatinine_clearance", name=name, value=value, unit="mL/min",
        interpretation=kdigo_gfr_category(value).split(":")[1].strip() + " (KDIGO bands applied to CrCl)"
        + _pediatric_note(x.age),
        explanation=steps,
        components={"weight_used_kg": wt, "weight_basis": label, "sex_coefficient": sex_coef},
        reference=CG_REF,
    )


CREATININE_CLEARANCE = register(Calculator(
    id="creatinine_clearance", name="Creatinine Clearance (Cockcroft-Gault)", category="lab",
    description="Estimated creatinine clearance (mL/min) from age, sex, weight, height and serum creatinine by the "
                "Cockcroft-Gault equation; used for renal drug dosing.",
    inputs=CrClInputs, compute=_crcl, reference=CG_REF,
    output_unit="mL/min", output_type="decimal",
    medcalc_id=2, medcalc_name="Creatinine Clearance (Cockcroft-Gault Equation)",
    aliases=["CrCl", "Cockcroft-Gault", "Cockroft-Gault", "creatinine clearance", "renal dosing", "CrCl Cockroft-Gault", "Creatinine Clearance (Cockcroft-Gault Equation)"],
    conventions=[
        "Weight by BMI class (MedCalc-Bench): BMI < 18.5 actual weight; 18.5 <= BMI < 25 min(IBW, actual); "
        "BMI >= 25 adjusted body weight IBW + 0.4 x (actual - IBW); IBW by Devine. Override with weight_basis.",
        "Female coefficient 0.85; serum creatinine used as measured (no rounding up to 0.8/1.0 mg/dL).",
        "Creatinine in µmol/L converts at 113.12 g/mol (88.4 µmol/L = 1 mg/dL).",
    ],
    medcalc_keys={"age": "age", "sex": "sex", "weight": "weight", "height": "height", "creatinine": "creatinine"},
))


# ---------------------------------------------------------------------------
# CKD-EPI 2021 creatinine, race-free (MedCalc-Bench 3)
# ---------------------------------------------------------------------------

CKD_EPI_REF = ("Inker LA, Eneanya ND, Coresh J, et al. New creatinine- and cystatin C-based equations to estimate "
               "GFR without race. N Engl J Med 2021;385:1737-49.")


class CKDEPIInputs(SexNormalised):
    age: float = _age()
    sex: Sex = sex_input()
    creatinine: float = _creatinine()


def ckd_epi_2021(age: float, sex: str, scr: float) -> tuple[float, float, float]:
    """Return (eGFR, kappa, alpha) of the 2021 race-free CKD-EPI creatinine equation."""
    kappa, alpha = (0.7, -0.241) if sex == "female" else (0.9, -0.302)
    ratio = scr / kappa
    gfr = 142 * min(ratio, 1.0) ** alpha * max(ratio, 1.0) ** -1.200 * 0.9938**age
    if sex == "female":
        gfr *= 1.012
    return gfr, kappa, alpha


def _ckd_epi(x: CKDEPIInputs) -> CalculatorResult:
    value, kappa, alpha = ckd_epi_2021(x.age, x.sex, x.creatinine)
    exponent = alpha if x.creatinine <= kappa else -1.200
    return CalculatorResult(
        calculator="ckd_epi_2021", name="eGFR (CKD-EPI 2021 creatinine)", value=value, unit="mL/min/1.73 m²",
        interpretation=kdigo_gfr_category(value) + _pediatric_note(x.age),
        explanation=[
            "eGFR = 142 x min(SCr/κ, 1)^α x max(SCr/κ, 1)^-1.200 x 0.9938^age x 1.012 [female]",
            f"{x.sex}: κ = {kappa}, α = {alpha}; SCr = {x.creatinine:g} mg/dL "
            f"{'<=' if x.creatinine <= kappa else '>'} κ, so the active exponent is {exponent}",
            f"eGFR = 142 x ({x.creatinine:g}/{kappa})^{exponent} x 0.9938^{x.age:g}"
            f"{' x 1.012' if x.sex == 'female' else ''} = {value:.5f} mL/min/1.73 m²",
        ],
        components={"kappa": kappa, "alpha": alpha},
        reference=f"{CKD_EPI_REF} GFR categories: {KDIGO_REF}",
    )


CKD_EPI = register(Calculator(
    id="ckd_epi_2021", name="eGFR (CKD-EPI 2021 creatinine)", category="lab",
    description="Estimated glomerular filtration rate (mL/min/1.73 m²) from serum creatinine, age and sex by the "
                "race-free 2021 CKD-EPI creatinine equation; CKD stage.",
    inputs=CKDEPIInputs, compute=_ckd_epi, reference=CKD_EPI_REF,
    output_unit="mL/min/1.73 m²", output_type="decimal",
    medcalc_id=3, medcalc_name="CKD-EPI Equations for Glomerular Filtration Rate",
    aliases=["CKD-EPI", "eGFR", "GFR", "CKD-EPI 2021", "race-free eGFR", "glomerular filtration rate", "CKD-EPI Equations for Glomerular Filtration Rate (GFR)"],
    conventions=["2021 race-free equation (no race input): κ 0.7/0.9, α -0.241/-0.302 (female/male), "
                 "exponent -1.200 above κ, 0.9938^age, x 1.012 if female."],
    medcalc_keys={"age": "age", "sex": "sex", "creatinine": "creatinine"},
))


# ---------------------------------------------------------------------------
# MDRD (IDMS-traceable, 175) (MedCalc-Bench 9)
# ---------------------------------------------------------------------------

MDRD_REF = ("Levey AS, Coresh J, Greene T, et al. Using standardized serum creatinine values in the Modification "
            "of Diet in Renal Disease study equation for estimating glomerular filtration rate. "
            "Ann Intern Med 2006;145:247-54.")

_NEGATIONS = ("non", "not", "other than")
_BOOL_WORDS = {"yes", "no", "true", "false", "y", "n", "1", "0", "on", "off"}


def coerce_black_race(value: Any) -> Any:
    """'Black', 'African American' -> True; any other race text -> False; yes/no words left to pydantic."""
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    if text in _BOOL_WORDS:
        return value
    if any(text.startswith(n) for n in _NEGATIONS):
        return False
    return "black" in text or "african" in text


class MDRDInputs(SexNormalised):
    age: float = _age(ge=1)
    sex: Sex = sex_input()
    creatinine: float = _creatinine()
    black_race: bool = finding("Patient is Black (applies the 1.212 coefficient); race text such as "
                               "'Black' or 'White' is accepted")

    @field_validator("black_race", mode="before")
    @classmethod
    def _race(cls, v: Any) -> Any:
        return coerce_black_race(v)


def _mdrd(x: MDRDInputs) -> CalculatorResult:
    race = 1.212 if x.black_race else 1.0
    sex_coef = 0.742 if x.sex == "female" else 1.0
    value = 175 * x.creatinine**-1.154 * x.age**-0.203 * race * sex_coef
    return CalculatorResult(
        calculator="mdrd_gfr", name="eGFR (MDRD, IDMS-traceable)", value=value, unit="mL/min/1.73 m²",
        interpretation=kdigo_gfr_category(value) + _pediatric_note(x.age),
        explanation=[
            "GFR = 175 x SCr^-1.154 x age^-0.203 x 1.212 [Black] x 0.742 [female]",
            f"race coefficient = {race:g} ({'Black' if x.black_race else 'not Black / not stated'}); "
            f"sex coefficient = {sex_coef:g} ({x.sex})",
            f"GFR = 175 x {x.creatinine:g}^-1.154 x {x.age:g}^-0.203 x {race:g} x {sex_coef:g} = {value:.5f} "
            "mL/min/1.73 m²",
        ],
        components={"race_coefficient": race, "sex_coefficient": sex_coef},
        reference=f"{MDRD_REF} GFR categories: {KDIGO_REF}",
    )


MDRD = register(Calculator(
    id="mdrd_gfr", name="eGFR (MDRD, IDMS-traceable)", category="lab",
    description="Estimated GFR (mL/min/1.73 m²) by the 4-variable MDRD study equation with the IDMS-traceable "
                "constant 175, from serum creatinine, age, sex and Black race.",
    inputs=MDRDInputs, compute=_mdrd, reference=MDRD_REF,
    output_unit="mL/min/1.73 m²", output_type="decimal",
    medcalc_id=9, medcalc_name="MDRD GFR Equation",
    aliases=["MDRD", "MDRD eGFR", "Modification of Diet in Renal Disease", "eGFR MDRD", "MDRD GFR", "eGFR", "GFR", "glomerular filtration rate"],
    conventions=["Constant 175 (IDMS-traceable creatinine); race coefficient 1.212 only when the patient is "
                 "stated to be Black, otherwise 1.0 (MedCalc-Bench default when race is not given)."],
    medcalc_keys={"age": "age", "sex": "sex", "creatinine": "creatinine", "race": "black_race",
                  "black race": "black_race", "african american": "black_race", "black": "black_race"},
))


# ---------------------------------------------------------------------------
# Fractional excretion of sodium (MedCalc-Bench 40)
# ---------------------------------------------------------------------------

FENA_REF = ("Espinel CH. The FENa test: use in the differential diagnosis of acute renal failure. "
            "JAMA 1976;236:579-81.")


class FENaInputs(CalculatorInputs):
    sodium: float = quantity("mEq/L", analyte="sodium", description="Serum sodium", ge=80, le=220,
                             accepted_units=["mmol/L"])
    creatinine: float = _creatinine("Serum creatinine")
    urine_sodium: float = quantity("mEq/L", analyte="sodium", description="Urine sodium", ge=0, le=400,
                                   accepted_units=["mmol/L"])
    urine_creatinine: float = quantity("mg/dL", analyte="creatinine", description="Urine creatinine", ge=1,
                                       le=1000, accepted_units=SCR_UNITS)


def _fena_band(fena: float) -> str:
    if fena < 1:
        return "< 1%: suggests a prerenal cause"
    if fena <= 2:
        return "1-2%: indeterminate"
    return "> 2%: suggests intrinsic renal injury (e.g. acute tubular necrosis) or post-renal cause"


def _fena(x: FENaInputs) -> CalculatorResult:
    value = 100 * (x.creatinine * x.urine_sodium) / (x.sodium * x.urine_creatinine)
    return CalculatorResult(
        calculator="fena", name="Fractional Excretion of Sodium (FENa)", value=value, unit="%",
        interpretation=_fena_band(value) + " (unreliable after diuretics)",
        explanation=[
            "FENa = 100 x (serum creatinine x urine sodium) / (serum sodium x urine creatinine)",
            f"FENa = 100 x ({x.creatinine:g} mg/dL x {x.urine_sodium:g} mEq/L) / ({x.sodium:g} mEq/L x "
            f"{x.urine_creatinine:g} mg/dL) = {value:.5f} %",
        ],
        reference=FENA_REF,
    )


FENA = register(Calculator(
    id="fena", name="Fractional Excretion of Sodium (FENa)", category="lab",
    description="Fractional excretion of sodium (%) from serum and urine sodium and creatinine; separates prerenal "
                "from intrinsic acute kidney injury.",
    inputs=FENaInputs, compute=_fena, reference=FENA_REF,
    output_unit="%", output_type="decimal",
    medcalc_id=40, medcalc_name="Fractional Excretion of Sodium (FENa)",
    aliases=["FENa", "FE Na", "fractional sodium excretion", "prerenal vs ATN"],
    conventions=["Serum and urine creatinine each convert to mg/dL (µmol/L or mmol/L via 113.12 g/mol); "
                 "sodium in mEq/L = mmol/L. Bands: < 1% prerenal, 1-2% indeterminate, > 2% intrinsic/ATN."],
    medcalc_keys={"sodium": "sodium", "creatinine": "creatinine", "urine sodium": "urine_sodium",
                  "urine creatinine": "urine_creatinine", "serum sodium": "sodium",
                  "serum creatinine": "creatinine"},
))
