"""Electrolyte and acid-base calculators.

Corrected calcium, sodium corrected for hyperglycaemia, calculated serum osmolality,
free water deficit, and the anion-gap family: anion gap, delta gap, delta ratio and
their albumin-corrected versions.

Canonical units: electrolytes in mEq/L (= mmol/L for Na, Cl, HCO3), calcium, glucose,
BUN and ethanol in mg/dL, albumin in g/dL. SI values convert explicitly: calcium
mmol/L x 4.008 (40.08 g/mol), glucose mmol/L x 18.016 (180.16 g/mol), BUN/urea mmol/L
x 2.8014 (28.014 g of urea nitrogen per mol of urea), albumin g/L / 10.
"""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, input_error, sex_input
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.registry import register

# ---------------------------------------------------------------------------
# Shared input declarations
# ---------------------------------------------------------------------------


def _sodium(description: str = "Serum sodium") -> Any:
    return quantity("mEq/L", analyte="sodium", description=description, ge=80, le=220, accepted_units=["mmol/L"])


def _chloride() -> Any:
    return quantity("mEq/L", analyte="chloride", description="Serum chloride", ge=40, le=180,
                    accepted_units=["mmol/L"])


def _bicarbonate() -> Any:
    return quantity("mEq/L", analyte="bicarbonate", description="Serum bicarbonate (HCO3- / total CO2)",
                    ge=1, le=70, accepted_units=["mmol/L"])


def _albumin(description: str = "Serum albumin", default: Any = ...) -> Any:
    kwargs: dict[str, Any] = {} if default is ... else {"default": default}
    return quantity("g/dL", analyte="albumin", description=description, ge=0.3, le=7, accepted_units=["g/L"],
                    **kwargs)


def _glucose() -> Any:
    return quantity("mg/dL", analyte="glucose", description="Serum glucose", ge=10, le=3000,
                    accepted_units=["mmol/L"])


def _normal_albumin() -> Any:
    return _albumin("Normal (reference) albumin used for the correction", default=4.0)


_NA_KEYS = {"sodium": "sodium", "serum sodium": "sodium", "na": "sodium"}
_AG_KEYS = {**_NA_KEYS, "chloride": "chloride", "serum chloride": "chloride", "cl": "chloride",
            "bicarbonate": "bicarbonate", "hco3": "bicarbonate", "serum bicarbonate": "bicarbonate"}
_ALB_KEYS = {"albumin": "albumin", "serum albumin": "albumin", "normal albumin": "normal_albumin"}


def _sodium_band(na: float) -> str:
    if na < 135:
        return "below the reference range 135-145 mEq/L (hyponatraemia)"
    if na > 145:
        return "above the reference range 135-145 mEq/L (hypernatraemia)"
    return "within the reference range 135-145 mEq/L"


# ---------------------------------------------------------------------------
# Calcium correction for hypoalbuminaemia (MedCalc-Bench 7)
# ---------------------------------------------------------------------------

PAYNE_REF = ("Payne RB, Little AJ, Williams RB, Milner JR. Interpretation of serum calcium in patients with "
             "abnormal serum proteins. Br Med J 1973;4:643-6.")


class CalciumCorrectionInputs(CalculatorInputs):
    calcium: float = quantity("mg/dL", analyte="calcium", description="Total serum calcium", ge=2, le=25,
                              accepted_units=["mmol/L", "mEq/L"])
    albumin: float = _albumin()
    normal_albumin: float = _normal_albumin()


def _calcium_band(ca: float) -> str:
    if ca < 8.5:
        return "below the usual reference range 8.5-10.5 mg/dL (hypocalcaemia)"
    if ca > 10.5:
        return "above the usual reference range 8.5-10.5 mg/dL (hypercalcaemia)"
    return "within the usual reference range 8.5-10.5 mg/dL"


def _calcium_correction(x: CalciumCorrectionInputs) -> CalculatorResult:
    value = 0.8 * (x.normal_albumin - x.albumin) + x.calcium
    return CalculatorResult(
        calculator="calcium_correction", name="Corrected Calcium (albumin)", value=value, unit="mg/dL",
        interpretation=_calcium_band(value),
        explanation=[
            "corrected Ca = 0.8 x (normal albumin - albumin) + serum Ca",
            f"corrected Ca = 0.8 x ({x.normal_albumin:g} g/dL - {x.albumin:g} g/dL) + {x.calcium:g} mg/dL "
            f"= {value:.5f} mg/dL",
        ],
        components={"mmol_per_L": value / 4.008},
        reference=PAYNE_REF,
    )


CALCIUM_CORRECTION = register(Calculator(
    id="calcium_correction", name="Corrected Calcium (albumin)", category="lab",
    description="Total serum calcium corrected for low albumin (hypoalbuminaemia): Ca + 0.8 x (4 - albumin), "
                "in mg/dL.",
    inputs=CalciumCorrectionInputs, compute=_calcium_correction, reference=PAYNE_REF,
    output_unit="mg/dL", output_type="decimal",
    medcalc_id=7, medcalc_name="Calcium Correction for Hypoalbuminemia",
    aliases=["corrected calcium", "albumin-corrected calcium", "Payne formula", "calcium correction", "Calcium Correction for Hypoalbuminemia and Hyperalbuminemia"],
    conventions=["Normal albumin 4.0 g/dL unless given; albumin g/L is divided by 10; calcium mmol/L x 4.008 "
                 "= mg/dL. Applied also when albumin is above normal (correction becomes negative)."],
    medcalc_keys={"calcium": "calcium", "serum calcium": "calcium", "total calcium": "calcium", **_ALB_KEYS},
))


# ---------------------------------------------------------------------------
# Sodium correction for hyperglycaemia (MedCalc-Bench 26)
# ---------------------------------------------------------------------------

HILLIER_REF = ("Hillier TA, Abbott RD, Barrett EJ. Hyponatremia: evaluating the correction factor for "
               "hyperglycemia. Am J Med 1999;106:399-403.")


class SodiumCorrectionInputs(CalculatorInputs):
    sodium: float = _sodium("Measured serum sodium")
    glucose: float = _glucose()


def _sodium_correction(x: SodiumCorrectionInputs) -> CalculatorResult:
    value = x.sodium + 0.024 * (x.glucose - 100)
    return CalculatorResult(
        calculator="sodium_correction_hyperglycemia", name="Sodium Corrected for Hyperglycaemia (Hillier)",
        value=value, unit="mEq/L", interpretation=_sodium_band(value),
        explanation=[
            "corrected Na = measured Na + 0.024 x (glucose mg/dL - 100)  (2.4 mEq/L per 100 mg/dL)",
            f"corrected Na = {x.sodium:g} + 0.024 x ({x.glucose:g} - 100) = {value:.5f} mEq/L",
        ],
        reference=HILLIER_REF,
    )


SODIUM_CORRECTION = register(Calculator(
    id="sodium_correction_hyperglycemia", name="Sodium Corrected for Hyperglycaemia (Hillier)", category="lab",
    description="Serum sodium corrected for hyperglycaemia (pseudohyponatraemia) with the Hillier 1999 factor of "
                "2.4 mEq/L per 100 mg/dL of glucose above 100.",
    inputs=SodiumCorrectionInputs, compute=_sodium_correction, reference=HILLIER_REF,
    output_unit="mEq/L", output_type="decimal",
    medcalc_id=26, medcalc_name="Sodium Correction for Hyperglycemia",
    aliases=["corrected sodium", "Hillier", "pseudohyponatremia", "sodium correction"],
    conventions=["Hillier factor 0.024 per mg/dL above 100 mg/dL (not Katz 1.6); applied also below 100 mg/dL; "
                 "glucose mmol/L x 18.016 = mg/dL."],
    medcalc_keys={**_NA_KEYS, "glucose": "glucose", "serum glucose": "glucose", "blood glucose": "glucose"},
))


# ---------------------------------------------------------------------------
# Serum osmolality (MedCalc-Bench 30)
# ---------------------------------------------------------------------------

OSM_REF = ("Smithline N, Gardner KD Jr. Gaps--anionic and osmolal. JAMA 1976;236:1594-7. Ethanol term: Purssell RA, "
           "et al. Ann Emerg Med 2001;38:653-9.")


class OsmolalityInputs(CalculatorInputs):
    sodium: float = _sodium()
    bun: float = quantity("mg/dL", analyte="bun", description="Blood urea nitrogen (BUN; urea in mmol/L "
                          "is the same number as BUN in mmol/L: x 2.8014 = mg/dL)", ge=1, le=300,
                          accepted_units=["mmol/L"])
    glucose: float = _glucose()
    ethanol: float | None = quantity("mg/dL", analyte="ethanol", description="Serum ethanol (used only when "
                                     "include_ethanol is true)", ge=0, le=1500, accepted_units=["mmol/L"],
                                     default=None)
    include_ethanol: bool = False


def _osmolality(x: OsmolalityInputs) -> CalculatorResult:
    base = 2 * x.sodium + x.bun / 2.8 + x.glucose / 18
    steps = ["calculated osmolality = 2 x Na + BUN/2.8 + glucose/18",
             f"= 2 x {x.sodium:g} + {x.bun:g}/2.8 + {x.glucose:g}/18 = {base:.5f} mOsm/kg"]
    value = base
    if x.include_ethanol:
        if x.ethanol is None:
            raise input_error("Serum Osmolality", "ethanol", "required input not given (include_ethanol is true)",
                              problem="missing", expected="a number in mg/dL")
        value = base + x.ethanol / 3.7
        steps.append(f"+ ethanol/3.7 = {x.ethanol:g}/3.7 -> {value:.5f} mOsm/kg")
    elif x.ethanol is not None:
        steps.append(f"ethanol {x.ethanol:g} mg/dL given but not added (MedCalc-Bench convention; "
                     "set include_ethanol to add ethanol/3.7)")
    if value < 275:
        band = "below the reference range 275-295 mOsm/kg"
    elif value > 295:
        band = "above the reference range 275-295 mOsm/kg"
    else:
        band = "within the reference range 275-295 mOsm/kg"
    return CalculatorResult(
        calculator="serum_osmolality", name="Serum Osmolality (calculated)", value=value, unit="mOsm/kg",
        interpretation=band, explanation=steps, reference=OSM_REF,
    )


SERUM_OSMOLALITY = register(Calculator(
    id="serum_osmolality", name="Serum Osmolality (calculated)", category="lab",
    description="Calculated serum osmolality (mOsm/kg) from sodium, BUN and glucose: 2Na + BUN/2.8 + glucose/18; "
                "used for the osmolal gap.",
    inputs=OsmolalityInputs, compute=_osmolality, reference=OSM_REF,
    output_unit="mOsm/kg", output_type="decimal",
    medcalc_id=30, medcalc_name="Serum Osmolality",
    aliases=["calculated osmolality", "serum osmolarity", "plasma osmolality", "osmolal gap", "Serum Osmolality/Osmolarity"],
    conventions=["2 x Na + BUN/2.8 + glucose/18 (mg/dL); ethanol is ignored by default as in MedCalc-Bench "
                 "(include_ethanol adds ethanol/3.7); BUN given as urea mmol/L converts x 2.8014."],
    medcalc_keys={**_NA_KEYS, "blood urea nitrogen (bun)": "bun", "bun": "bun", "blood urea nitrogen": "bun",
                  "glucose": "glucose", "serum glucose": "glucose", "ethanol": "ethanol",
                  "blood alcohol": "ethanol", "serum ethanol": "ethanol", "ethanol level": "ethanol"},
))


# ---------------------------------------------------------------------------
# Free water deficit (MedCalc-Bench 38)
# ---------------------------------------------------------------------------

FWD_REF = "Adrogué HJ, Madias NE. Hypernatremia. N Engl J Med 2000;342:1493-9."


class FreeWaterDeficitInputs(SexNormalised):
    age: float = quantity("years", description="Age", ge=0, le=120, accepted_units=["months"])
    sex: Sex = sex_input()
    weight: float = quantity("kg", description="Body weight", ge=0.5, le=400, accepted_units=["lb", "g"])
    sodium: float = _sodium()
    target_sodium: float = quantity("mEq/L", analyte="sodium", description="Target sodium", ge=120, le=160,
                                    default=140.0)


def total_body_water_fraction(age: float, sex: str) -> tuple[float, str]:
    """MedCalc-Bench fractions: child (< 18) 0.6; adult 18-64 male 0.6 / female 0.5; 65+ male 0.5 / female 0.45."""
    if age < 18:
        return 0.6, "child (< 18 years)"
    if age < 65:
        return (0.6, "adult male") if sex == "male" else (0.5, "adult female")
    return (0.5, "elderly male (>= 65)") if sex == "male" else (0.45, "elderly female (>= 65)")


def _free_water_deficit(x: FreeWaterDeficitInputs) -> CalculatorResult:
    frac, group = total_body_water_fraction(x.age, x.sex)
    value = frac * x.weight * (x.sodium / x.target_sodium - 1)
    if value > 0:
        band = f"free water deficit of {value:.2f} L (hypernatraemia)"
    elif value < 0:
        band = f"no deficit: free water excess of {-value:.2f} L (sodium below target)"
    else:
        band = "no free water deficit"
    return CalculatorResult(
        calculator="free_water_deficit", name="Free Water Deficit", value=value, unit="L",
        interpretation=band,
        explanation=[
            f"total body water fraction: {group} -> {frac:g}",
            f"FWD = TBW fraction x weight x (Na / {x.target_sodium:g} - 1) = {frac:g} x {x.weight:g} kg x "
            f"({x.sodium:g}/{x.target_sodium:g} - 1) = {value:.5f} L",
        ],
        components={"tbw_fraction": frac, "total_body_water_L": frac * x.weight},
        reference=FWD_REF,
    )


FREE_WATER_DEFICIT = register(Calculator(
    id="free_water_deficit", name="Free Water Deficit", category="lab",
    description="Free water deficit in litres for hypernatraemia: total body water (fraction by age and sex x "
                "weight) x (Na/140 - 1).",
    inputs=FreeWaterDeficitInputs, compute=_free_water_deficit, reference=FWD_REF,
    output_unit="L", output_type="decimal",
    medcalc_id=38, medcalc_name="Free Water Deficit",
    aliases=["FWD", "water deficit", "hypernatremia free water", "free water", "Free Water Deficit in Hypernatremia"],
    conventions=["TBW fraction: < 18 y 0.6; 18-64 y male 0.6, female 0.5; >= 65 y male 0.5, female 0.45 "
                 "(MedCalc-Bench). Target sodium 140 mEq/L unless given. Negative when Na is below target "
                 "(not clipped)."],
    medcalc_keys={"age": "age", "sex": "sex", "weight": "weight", **_NA_KEYS, "target sodium": "target_sodium"},
))


# ---------------------------------------------------------------------------
# Anion gap family (MedCalc-Bench 39, 63, 64, 65, 66, 67)
# ---------------------------------------------------------------------------

AG_REF = "Emmett M, Narins RG. Clinical use of the anion gap. Medicine (Baltimore) 1977;56:38-54."
ALB_AG_REF = ("Figge J, Jabor A, Kazda A, Fencl V. Anion gap and hypoalbuminemia. Crit Care Med 1998;26:1807-10.")
DELTA_REF = ("Wrenn K. The delta (delta) gap: an approach to mixed acid-base disorders. Ann Emerg Med "
             "1990;19:1310-3; Rastegar A. Use of the DeltaAG/DeltaHCO3- ratio in the diagnosis of mixed acid-base "
             "disorders. J Am Soc Nephrol 2007;18:2429-31.")


class AnionGapInputs(CalculatorInputs):
    sodium: float = _sodium()
    chloride: float = _chloride()
    bicarbonate: float = _bicarbonate()


class DeltaGapInputs(AnionGapInputs):
    normal_anion_gap: float = quantity("mEq/L", description="Normal anion gap", ge=3, le=16, default=12.0)


class DeltaRatioInputs(DeltaGapInputs):
    normal_bicarbonate: float = quantity("mEq/L", description="Normal bicarbonate", ge=18, le=30, default=24.0)


class AlbuminAnionGapInputs(AnionGapInputs):
    albumin: float = _albumin()
    normal_albumin: float = _normal_albumin()


class AlbuminDeltaGapInputs(AlbuminAnionGapInputs):
    normal_anion_gap: float = quantity("mEq/L", description="Normal anion gap", ge=3, le=16, default=12.0)


class AlbuminDeltaRatioInputs(AlbuminDeltaGapInputs):
    normal_bicarbonate: float = quantity("mEq/L", description="Normal bicarbonate", ge=18, le=30, default=24.0)


def anion_gap(sodium: float, chloride: float, bicarbonate: float) -> float:
    return sodium - (chloride + bicarbonate)


def _ag_step(x: AnionGapInputs, ag: float) -> str:
    return (f"anion gap = Na - (Cl + HCO3) = {x.sodium:g} - ({x.chloride:g} + {x.bicarbonate:g}) = {ag:.5g} mEq/L")


def _albumin_corrected(x: AlbuminAnionGapInputs) -> tuple[float, float, list[str]]:
    ag = anion_gap(x.sodium, x.chloride, x.bicarbonate)
    acag = ag + 2.5 * (x.normal_albumin - x.albumin)
    return ag, acag, [_ag_step(x, ag),
                      f"albumin-corrected AG = AG + 2.5 x (normal albumin - albumin) = {ag:.5g} + 2.5 x "
                      f"({x.normal_albumin:g} - {x.albumin:g} g/dL) = {acag:.5g} mEq/L"]


def _ag_band(ag: float, label: str = "anion gap") -> str:
    if ag > 12:
        return f"elevated {label} (> 12 mEq/L): high anion gap"
    if ag < 3:
        return f"low {label} (< 3 mEq/L)"
    return f"{label} within the usual range (3-12 mEq/L; laboratory-dependent)"


def _delta_gap_band(dg: float) -> str:
    if dg > 0:
        return f"anion gap exceeds normal by {dg:.4g} mEq/L"
    return "anion gap not above normal (no added unmeasured anions)"


def delta_ratio_band(ratio: float) -> str:
    if ratio < 0.4:
        return "< 0.4: hyperchloraemic normal anion gap acidosis"
    if ratio < 0.8:
        return "0.4-0.8: combined high anion gap and normal anion gap acidosis (or acidosis of renal failure)"
    if ratio <= 2.0:
        return "0.8-2.0: uncomplicated high anion gap metabolic acidosis"
    return "> 2.0: high anion gap acidosis with concurrent metabolic alkalosis (or chronic respiratory acidosis)"


def _ratio(calc: str, dg: float, x: DeltaRatioInputs | AlbuminDeltaRatioInputs) -> tuple[float, str]:
    denom = x.normal_bicarbonate - x.bicarbonate
    if denom == 0:
        raise input_error(calc, "bicarbonate", f"delta ratio is undefined when bicarbonate equals the normal "
                          f"{x.normal_bicarbonate:g} mEq/L (division by zero)")
    ratio = dg / denom
    step = (f"delta ratio = delta gap / ({x.normal_bicarbonate:g} - HCO3) = {dg:.5g} / ({x.normal_bicarbonate:g} - "
            f"{x.bicarbonate:g}) = {ratio:.5f}")
    return ratio, step


def _acidosis_note(x: Any) -> str:
    return "" if x.bicarbonate < x.normal_bicarbonate else \
        "; note: bicarbonate is not below normal, so the ratio does not describe a metabolic acidosis"


def _anion_gap(x: AnionGapInputs) -> CalculatorResult:
    ag = anion_gap(x.sodium, x.chloride, x.bicarbonate)
    return CalculatorResult(calculator="anion_gap", name="Anion Gap", value=ag, unit="mEq/L",
                            interpretation=_ag_band(ag), explanation=[_ag_step(x, ag)], reference=AG_REF)


def _delta_gap(x: DeltaGapInputs) -> CalculatorResult:
    ag = anion_gap(x.sodium, x.chloride, x.bicarbonate)
    dg = ag - x.normal_anion_gap
    return CalculatorResult(
        calculator="delta_gap", name="Delta Gap", value=dg, unit="mEq/L", interpretation=_delta_gap_band(dg),
        explanation=[_ag_step(x, ag), f"delta gap = AG - {x.normal_anion_gap:g} = {ag:.5g} - "
                     f"{x.normal_anion_gap:g} = {dg:.5g} mEq/L"],
        components={"anion_gap": ag}, reference=DELTA_REF)


def _delta_ratio(x: DeltaRatioInputs) -> CalculatorResult:
    ag = anion_gap(x.sodium, x.chloride, x.bicarbonate)
    dg = ag - x.normal_anion_gap
    ratio, step = _ratio("Delta Ratio", dg, x)
    return CalculatorResult(
        calculator="delta_ratio", name="Delta Ratio", value=ratio, unit="",
        interpretation=delta_ratio_band(ratio) + _acidosis_note(x),
        explanation=[_ag_step(x, ag), f"delta gap = AG - {x.normal_anion_gap:g} = {dg:.5g} mEq/L", step],
        components={"anion_gap": ag, "delta_gap": dg}, reference=DELTA_REF)


def _albumin_ag(x: AlbuminAnionGapInputs) -> CalculatorResult:
    ag, acag, steps = _albumin_corrected(x)
    return CalculatorResult(
        calculator="albumin_corrected_anion_gap", name="Albumin Corrected Anion Gap", value=acag, unit="mEq/L",
        interpretation=_ag_band(acag, "albumin-corrected anion gap"), explanation=steps,
        components={"anion_gap": ag}, reference=ALB_AG_REF)


def _albumin_dg(x: AlbuminDeltaGapInputs) -> CalculatorResult:
    ag, acag, steps = _albumin_corrected(x)
    dg = acag - x.normal_anion_gap
    steps.append(f"albumin-corrected delta gap = {acag:.5g} - {x.normal_anion_gap:g} = {dg:.5g} mEq/L")
    return CalculatorResult(
        calculator="albumin_corrected_delta_gap", name="Albumin Corrected Delta Gap", value=dg, unit="mEq/L",
        interpretation=_delta_gap_band(dg), explanation=steps,
        components={"anion_gap": ag, "albumin_corrected_anion_gap": acag},
        reference=f"{ALB_AG_REF} {DELTA_REF}")


def _albumin_dr(x: AlbuminDeltaRatioInputs) -> CalculatorResult:
    ag, acag, steps = _albumin_corrected(x)
    dg = acag - x.normal_anion_gap
    ratio, step = _ratio("Albumin Corrected Delta Ratio", dg, x)
    steps += [f"albumin-corrected delta gap = {acag:.5g} - {x.normal_anion_gap:g} = {dg:.5g} mEq/L", step]
    return CalculatorResult(
        calculator="albumin_corrected_delta_ratio", name="Albumin Corrected Delta Ratio", value=ratio, unit="",
        interpretation=delta_ratio_band(ratio) + _acidosis_note(x), explanation=steps,
        components={"anion_gap": ag, "albumin_corrected_anion_gap": acag, "albumin_corrected_delta_gap": dg},
        reference=f"{ALB_AG_REF} {DELTA_REF}")


_AG_CONV = "Anion gap = Na - (Cl + HCO3), no potassium term; mmol/L = mEq/L for these ions."
_DELTA_CONV = "Normal anion gap 12 mEq/L and normal bicarbonate 24 mEq/L unless given."
_ALB_CONV = "Albumin correction + 2.5 mEq/L per g/dL below normal albumin 4.0 g/dL (g/L divided by 10)."
_RATIO_CONV = ("Bands: < 0.4, 0.4 to < 0.8, 0.8-2.0, > 2.0; a bicarbonate equal to the normal value is refused "
               "(division by zero).")

ANION_GAP = register(Calculator(
    id="anion_gap", name="Anion Gap", category="lab",
    description="Serum anion gap Na - (Cl + HCO3) in mEq/L; screens a metabolic acidosis for unmeasured anions.",
    inputs=AnionGapInputs, compute=_anion_gap, reference=AG_REF, output_unit="mEq/L", output_type="decimal",
    medcalc_id=39, medcalc_name="Anion Gap", aliases=["AG", "serum anion gap", "high anion gap acidosis"],
    conventions=[_AG_CONV], medcalc_keys=_AG_KEYS,
))

DELTA_GAP = register(Calculator(
    id="delta_gap", name="Delta Gap", category="lab",
    description="Delta gap: anion gap minus the normal anion gap (12), the excess of unmeasured anions in a high "
                "anion gap acidosis.",
    inputs=DeltaGapInputs, compute=_delta_gap, reference=DELTA_REF, output_unit="mEq/L", output_type="decimal",
    medcalc_id=63, medcalc_name="Delta Gap", aliases=["delta anion gap", "ΔAG", "excess anion gap"],
    conventions=[_AG_CONV, _DELTA_CONV], medcalc_keys=_AG_KEYS,
))

DELTA_RATIO = register(Calculator(
    id="delta_ratio", name="Delta Ratio", category="lab",
    description="Delta ratio (ΔAG/ΔHCO3 = (AG - 12)/(24 - HCO3)) to detect mixed acid-base disorders in a high "
                "anion gap metabolic acidosis.",
    inputs=DeltaRatioInputs, compute=_delta_ratio, reference=DELTA_REF, output_unit="", output_type="decimal",
    medcalc_id=64, medcalc_name="Delta Ratio", aliases=["delta-delta", "ΔAG/ΔHCO3", "delta delta ratio"],
    conventions=[_AG_CONV, _DELTA_CONV, _RATIO_CONV], medcalc_keys=_AG_KEYS,
))

ALBUMIN_ANION_GAP = register(Calculator(
    id="albumin_corrected_anion_gap", name="Albumin Corrected Anion Gap", category="lab",
    description="Anion gap corrected for hypoalbuminaemia: AG + 2.5 x (4 - albumin g/dL), in mEq/L.",
    inputs=AlbuminAnionGapInputs, compute=_albumin_ag, reference=ALB_AG_REF, output_unit="mEq/L",
    output_type="decimal", medcalc_id=65, medcalc_name="Albumin Corrected Anion Gap",
    aliases=["corrected anion gap", "albumin-adjusted anion gap", "Figge correction"],
    conventions=[_AG_CONV, _ALB_CONV], medcalc_keys={**_AG_KEYS, **_ALB_KEYS},
))

ALBUMIN_DELTA_GAP = register(Calculator(
    id="albumin_corrected_delta_gap", name="Albumin Corrected Delta Gap", category="lab",
    description="Delta gap from the albumin-corrected anion gap: AG + 2.5 x (4 - albumin) - 12, in mEq/L.",
    inputs=AlbuminDeltaGapInputs, compute=_albumin_dg, reference=f"{ALB_AG_REF} {DELTA_REF}",
    output_unit="mEq/L", output_type="decimal", medcalc_id=66, medcalc_name="Albumin Corrected Delta Gap",
    aliases=["corrected delta gap", "albumin-adjusted delta gap"],
    conventions=[_AG_CONV, _ALB_CONV, _DELTA_CONV], medcalc_keys={**_AG_KEYS, **_ALB_KEYS},
))

ALBUMIN_DELTA_RATIO = register(Calculator(
    id="albumin_corrected_delta_ratio", name="Albumin Corrected Delta Ratio", category="lab",
    description="Delta ratio from the albumin-corrected anion gap: (corrected AG - 12)/(24 - HCO3), for mixed "
                "acid-base disorders with hypoalbuminaemia.",
    inputs=AlbuminDeltaRatioInputs, compute=_albumin_dr, reference=f"{ALB_AG_REF} {DELTA_REF}",
    output_unit="", output_type="decimal", medcalc_id=67, medcalc_name="Albumin Corrected Delta Ratio",
    aliases=["corrected delta ratio", "albumin-adjusted delta-delta"],
    conventions=[_AG_CONV, _ALB_CONV, _DELTA_CONV, _RATIO_CONV], medcalc_keys={**_AG_KEYS, **_ALB_KEYS},
))
