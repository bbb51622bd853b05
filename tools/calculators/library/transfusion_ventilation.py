"""Bedside dose and volume formulas MedMCP-Calc's workflows use: CRRT effluent dose, plasma and cryoprecipitate
dosing, maximum allowable blood loss (Gross), endotracheal tube depth with lung-protective tidal volumes, and the
treadmill walking MET estimate (ACSM). Each follows its published definition; the card states the conventions.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, ideal_body_weight, input_error, sex_input
from medmirror.tools.calculators.base import CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.library.general_formulas import _formula, _weight

# ---------------------------------------------------------------------------
# CRRT effluent dose
# ---------------------------------------------------------------------------

CRRT_REF = ("KDIGO Acute Kidney Injury Work Group. KDIGO Clinical Practice Guideline for Acute Kidney Injury. Kidney "
            "Int Suppl. 2012;2(1):1-138 (recommendation 5.8.1: effluent volume 20-25 mL/kg/h for CRRT).")


class CrrtInputs(CalculatorInputs):
    weight: float = _weight()
    dose: float = quantity("mL/kg/h", description="Desired dialysis (effluent) dose", ge=5, le=80)


def _crrt(x: CrrtInputs) -> CalculatorResult:
    rate = x.dose * x.weight
    note = "within" if 20 <= x.dose <= 25 else "outside"
    return _result("crrt_dose", "CRRT Dosing", CRRT_REF, rate, "mL/h",
                   f"effluent rate {rate:.0f} mL/h; {x.dose:g} mL/kg/h is {note} KDIGO's 20-25 mL/kg/h",
                   [f"effluent rate = {x.dose:g} mL/kg/h x {x.weight:g} kg = {rate:.1f} mL/h"])


CRRT = _formula("crrt_dose", "CRRT Dosing", "dosage",
                "Continuous renal replacement therapy effluent rate (mL/h) from the weight and the prescribed dose "
                "in mL/kg/h.", CrrtInputs, _crrt, CRRT_REF, "mL/h",
                ["CRRT Dosing Calculator", "CRRT dose", "continuous renal replacement therapy dose", "effluent rate"],
                ["Delivered dose is often below the prescribed one; KDIGO advises prescribing above the 20-25 target."])

# ---------------------------------------------------------------------------
# Plasma and cryoprecipitate dosing
# ---------------------------------------------------------------------------

PLASMA_REF = ("Definition: volume = dose (mL/kg) x weight; units = volume / unit volume. Dose 10-20 mL/kg: "
              "Roback JD, ed. AABB Technical Manual. 17th ed. 2011; British Committee for Standards in Haematology. "
              "Guidelines for the use of fresh-frozen plasma, cryoprecipitate and cryosupernatant. Br J Haematol. "
              "2004;126(1):11-28.")


class PlasmaInputs(CalculatorInputs):
    weight: float = _weight()
    dose: float = quantity("mL/kg", description="Desired plasma dose (10-20 mL/kg)", ge=1, le=40)
    unit_volume: float = quantity("mL", description="Volume of one plasma unit", ge=50, le=1000, default=250)


def _plasma(x: PlasmaInputs) -> CalculatorResult:
    volume = x.dose * x.weight
    units = volume / x.unit_volume
    whole = max(1, round(units))
    return _result("plasma_dose", "Plasma Dosage", PLASMA_REF, whole, "units",
                   f"{volume:.0f} mL of plasma, {whole} unit(s) of {x.unit_volume:g} mL",
                   [f"volume = {x.dose:g} mL/kg x {x.weight:g} kg = {volume:.1f} mL",
                    f"units = {volume:.1f} / {x.unit_volume:g} mL = {units:.2f} -> {whole} (nearest whole unit)"],
                   {"volume_ml": volume, "units_exact": units})


PLASMA = _formula("plasma_dose", "Plasma Dosage", "dosage",
                  "Fresh frozen plasma dose: volume from a mL/kg dose and the weight, and the number of units.",
                  PlasmaInputs, _plasma, PLASMA_REF, "units",
                  ["Plasma Dosage", "FFP dose", "fresh frozen plasma dose", "plasma transfusion dose"],
                  ["Units rounded to the nearest whole unit (at least 1); the exact volume is in the components.",
                   "Unit volume 250 mL unless given."])

CRYO_REF = ("Definition: units = (goal - initial fibrinogen, mg/dL) x plasma volume (dL) / fibrinogen per unit (mg). "
            "Callum JL, et al. Cryoprecipitate: the current state of knowledge. Transfus Med Rev. 2009;23(3):177-88; "
            "AABB Technical Manual.")


class CryoInputs(CalculatorInputs):
    plasma_volume: float = quantity("mL", description="Plasma volume", ge=100, le=10000, accepted_units=["L"])
    fibrinogen: float = quantity("mg/dL", description="Initial fibrinogen", ge=0, le=1000, accepted_units=["g/L"])
    goal_fibrinogen: float = quantity("mg/dL", description="Goal fibrinogen", ge=1, le=1000, accepted_units=["g/L"])
    per_unit: float = quantity("mg", description="Fibrinogen content of one unit", ge=50, le=2000, default=250)


def _cryo(x: CryoInputs) -> CalculatorResult:
    if x.goal_fibrinogen <= x.fibrinogen:
        raise input_error("Cryoprecipitate Dosing", "goal_fibrinogen",
                          f"goal {x.goal_fibrinogen:g} mg/dL is not above the initial {x.fibrinogen:g} mg/dL",
                          expected="a goal above the initial fibrinogen")
    needed = (x.goal_fibrinogen - x.fibrinogen) * x.plasma_volume / 100
    units = needed / x.per_unit
    whole = math.ceil(units - 1e-9)
    return _result("cryoprecipitate_dose", "Cryoprecipitate Dosing for Fibrinogen Replacement", CRYO_REF, whole,
                   "units", f"{whole} unit(s) of cryoprecipitate ({needed:.0f} mg fibrinogen)",
                   [f"fibrinogen needed = ({x.goal_fibrinogen:g} - {x.fibrinogen:g}) mg/dL x {x.plasma_volume:g} mL "
                    f"/ 100 mL/dL = {needed:.0f} mg", f"units = {needed:.0f} / {x.per_unit:g} mg = {units:.2f} -> "
                    f"{whole} (rounded up)"], {"fibrinogen_mg": needed, "units_exact": units})


CRYO = _formula("cryoprecipitate_dose", "Cryoprecipitate Dosing for Fibrinogen Replacement", "dosage",
                "Cryoprecipitate units to raise fibrinogen to a goal, from the plasma volume and each unit's "
                "fibrinogen content.", CryoInputs, _cryo, CRYO_REF, "units",
                ["Cryoprecipitate Dosing for Fibrinogen Replacement", "cryoprecipitate dose", "cryo dosing"],
                ["Units rounded up to whole units; 250 mg fibrinogen per unit unless given (content varies, "
                 "150-350 mg)."])

# ---------------------------------------------------------------------------
# Maximum allowable blood loss (Gross 1983)
# ---------------------------------------------------------------------------

ABL_REF = ("Gross JB. Estimating allowable blood loss: corrected for dilution. Anesthesiology. 1983;58(3):277-80. "
           "Blood volume per kg: Miller's Anesthesia (premature neonate 95, term neonate 85, infant 80, adult man "
           "75, adult woman 65 mL/kg).")
EBV_PER_KG = {"Premature neonate": 95.0, "Term neonate": 85.0, "Infant": 80.0, "Adult man": 75.0,
              "Adult woman": 65.0}


class AblInputs(CalculatorInputs):
    category: Literal["Premature neonate", "Term neonate", "Infant", "Adult man", "Adult woman"]
    weight: float = _weight()
    hemoglobin_initial: float = quantity("g/dL", description="Initial hemoglobin (or hematocrit, same unit both)",
                                         ge=1, le=25, accepted_units=["g/L"])
    hemoglobin_final: float = quantity("g/dL", description="Lowest acceptable (final) hemoglobin", ge=1, le=25,
                                       accepted_units=["g/L"])


def _abl(x: AblInputs) -> CalculatorResult:
    if x.hemoglobin_final >= x.hemoglobin_initial:
        raise input_error("Maximum Allowable Blood Loss", "hemoglobin_final",
                          f"final {x.hemoglobin_final:g} is not below the initial {x.hemoglobin_initial:g} g/dL",
                          expected="a final hemoglobin below the initial")
    ebv = EBV_PER_KG[x.category] * x.weight
    mean = (x.hemoglobin_initial + x.hemoglobin_final) / 2
    abl = ebv * (x.hemoglobin_initial - x.hemoglobin_final) / mean
    return _result("allowable_blood_loss", "Maximum Allowable Blood Loss", ABL_REF, abl, "mL",
                   f"allowable blood loss {abl:.0f} mL before transfusion (EBV {ebv:.0f} mL)",
                   [f"EBV = {EBV_PER_KG[x.category]:g} mL/kg x {x.weight:g} kg = {ebv:.1f} mL",
                    f"ABL = EBV x (Hi - Hf) / mean(Hi, Hf) = {ebv:.1f} x ({x.hemoglobin_initial:g} - "
                    f"{x.hemoglobin_final:g}) / {mean:g} = {abl:.1f} mL"], {"ebv_ml": ebv})


ABL = _formula("allowable_blood_loss", "Maximum Allowable Blood Loss", "physical",
               "Blood loss tolerable before transfusion (Gross): estimated blood volume x (initial - final "
               "hemoglobin) / their mean.", AblInputs, _abl, ABL_REF, "mL",
               ["Maximum Allowable Blood Loss (ABL) Without Transfusion", "allowable blood loss", "ABL",
                "maximum allowable blood loss"],
               ["Gross's formula with the mean of the initial and final values; hematocrit may be used instead of "
                "hemoglobin (both values the same measure)."])

# ---------------------------------------------------------------------------
# ETT depth (Chula formula) and tidal volumes
# ---------------------------------------------------------------------------

ETT_REF = ("Techanivate A, Kumwilaisak K, Samranrean S. Estimation of the proper length of orotracheal intubation by "
           "Chula formula. J Med Assoc Thai. 2005;88(12):1838-46 (depth = 0.1 x height (cm) + 4). Tidal volume "
           "6-8 mL/kg of Devine ideal body weight: ARDS Network. N Engl J Med. 2000;342(18):1301-8.")


class EttInputs(SexNormalised):
    sex: Sex = sex_input()
    height: float = quantity("cm", description="Height", ge=100, le=250, accepted_units=["in", "m", "ft"])


def _ett(x: EttInputs) -> CalculatorResult:
    depth = 0.1 * x.height + 4
    ibw = ideal_body_weight(x.sex, x.height)
    if ibw <= 0:
        raise input_error("ETT Depth and Tidal Volume", "height", "ideal body weight is not positive at this height")
    low, high = 6 * ibw, 8 * ibw
    return _result("ett_depth_tidal_volume", "ETT Depth and Tidal Volume", ETT_REF, round(depth), "cm",
                   f"ETT depth {round(depth)} cm at the front teeth; tidal volume {low:.0f}-{high:.0f} mL "
                   f"(6-8 mL/kg of IBW {ibw:.0f} kg)",
                   [f"depth = 0.1 x {x.height:g} cm + 4 = {depth:.1f} cm -> {round(depth)} cm",
                    f"IBW (Devine, {x.sex}) = {ibw:.1f} kg; 6 mL/kg = {low:.0f} mL, 8 mL/kg = {high:.0f} mL"],
                   {"ideal_body_weight_kg": ibw, "tidal_volume_6_ml": low, "tidal_volume_8_ml": high})


ETT = _formula("ett_depth_tidal_volume", "ETT Depth and Tidal Volume", "physical",
               "Orotracheal tube depth at the front teeth from the height (Chula formula) and lung-protective tidal "
               "volumes (6 and 8 mL/kg of ideal body weight).", EttInputs, _ett, ETT_REF, "cm",
               ["Endotracheal Tube (ETT) Depth and Tidal Volume Calculator", "ETT depth", "endotracheal tube depth",
                "Chula formula"],
               ["Adults, oral intubation; depth rounded to whole cm. Confirm position clinically and on chest x-ray."])

# ---------------------------------------------------------------------------
# Exercise capacity from a treadmill walk (ACSM walking equation)
# ---------------------------------------------------------------------------

METS_REF = ("American College of Sports Medicine. ACSM's Guidelines for Exercise Testing and Prescription, metabolic "
            "equations: VO2 (mL/kg/min) = 0.1 x speed + 1.8 x speed x grade + 3.5 (speed in m/min, grade as a "
            "fraction); 1 MET = 3.5 mL/kg/min. Women's predicted capacity: Gulati M, et al. N Engl J Med. "
            "2005;353(5):468-75 (14.7 - 0.13 x age).")
MPH_TO_M_PER_MIN = 26.8224


class MetsInputs(SexNormalised):
    speed: float = quantity("mph", description="Treadmill speed", ge=0.5, le=10, accepted_units=["km/h"])
    grade: float = quantity("%", description="Treadmill grade (incline)", ge=0, le=40)
    sex: Sex | None = Field(None, description="Patient sex (for a woman's predicted capacity)")
    age: float | None = quantity("years", description="Age (for a woman's predicted capacity)", ge=18, le=110,
                                 default=None)


def _mets(x: MetsInputs) -> CalculatorResult:
    speed = x.speed * MPH_TO_M_PER_MIN
    vo2 = 0.1 * speed + 1.8 * speed * x.grade / 100 + 3.5
    mets = vo2 / 3.5
    lines = [f"speed = {x.speed:g} mph x {MPH_TO_M_PER_MIN} = {speed:.2f} m/min",
             f"VO2 = 0.1 x {speed:.2f} + 1.8 x {speed:.2f} x {x.grade / 100:g} + 3.5 = {vo2:.2f} mL/kg/min",
             f"METs = {vo2:.2f} / 3.5 = {mets:.2f}"]
    text = f"{mets:.2f} METs ({vo2:.1f} mL/kg/min)"
    components: dict[str, float] = {"vo2_ml_kg_min": vo2}
    if x.sex == "female" and x.age is not None:
        predicted = 14.7 - 0.13 * x.age
        lines.append(f"predicted (Gulati, women) = 14.7 - 0.13 x {x.age:g} = {predicted:.2f} METs")
        text += f"; {100 * mets / predicted:.0f}% of the {predicted:.2f} METs predicted for age"
        components["predicted_mets"] = predicted
    return _result("treadmill_mets", "Exercise Capacity (METs)", METS_REF, mets, "METs", text, lines, components)


METS = _formula("treadmill_mets", "Exercise Capacity (METs)", "physical",
                "Exercise capacity in METs from treadmill walking speed and grade (ACSM walking equation).",
                MetsInputs, _mets, METS_REF, "METs",
                ["Exercise Capacity (METs)", "treadmill METs", "metabolic equivalents", "exercise capacity"],
                ["ACSM's walking equation (valid about 1.9-3.7 mph); a predicted capacity only for women (Gulati "
                 "2005): the men's nomogram MDCalc shows could not be checked offline."])
