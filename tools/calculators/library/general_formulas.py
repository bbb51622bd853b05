"""Everyday formulas of MDCalc's most used calculators: haematology, nutrition, fluids and doses, liver, acid-base.

APRI, Maddrey's discriminant function, the Mentzer index, the reticulocyte index, the absolute neutrophil count,
Harris-Benedict and Mifflin-St Jeor energy expenditure, Nadler's blood volume, the Parkland formula, creatinine
clearance from a 24-hour urine, the IV drip rate, weight- and BSA-based doses, cardiac power output and the base
excess (Van Slyke). Each follows its primary publication; the conventions each card states are the choices where
publications differ.
"""

from __future__ import annotations

import math
from typing import Any

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, bsa_mosteller, input_error, sex_input
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.registry import register


def _formula(calc_id: str, name: str, category: Any, description: str, inputs: type[CalculatorInputs], compute: Any,
             reference: str, unit: str, aliases: list[str], conventions: list[str]) -> Calculator:
    return register(Calculator(id=calc_id, name=name, category=category, description=description, inputs=inputs,
                               compute=compute, reference=reference, output_unit=unit, aliases=aliases,
                               conventions=conventions))


def _weight(**default: Any) -> Any:
    return quantity("kg", description="Body weight", ge=0.3, le=400, accepted_units=["lb", "g"], **default)


def _height(**default: Any) -> Any:
    return quantity("cm", description="Height", ge=30, le=250, accepted_units=["m", "in", "ft"], **default)


# ---------------------------------------------------------------------------
# Liver: APRI, Maddrey
# ---------------------------------------------------------------------------

APRI_REF = ("Wai CT, Greenson JK, Fontana RJ, et al. A simple noninvasive index can predict both significant fibrosis "
            "and cirrhosis in patients with chronic hepatitis C. Hepatology 2003;38(2):518-526.")


class APRIInputs(CalculatorInputs):
    ast: float = quantity("U/L", description="AST", ge=1, le=20000, accepted_units=["IU/L"])
    ast_upper_limit: float = quantity("U/L", description="Upper limit of normal of the laboratory's AST", ge=10,
                                      le=100, accepted_units=["IU/L"], default=40.0)
    platelets: float = quantity("10^9/L", description="Platelet count", ge=1, le=2000, accepted_units=["10^3/µL"])


def _apri(x: APRIInputs) -> CalculatorResult:
    value = (x.ast / x.ast_upper_limit) / x.platelets * 100
    text = ("> 2.0: cirrhosis likely" if value > 2 else "> 1.0: cirrhosis possible" if value > 1 else
            "> 0.7: significant fibrosis possible" if value > 0.7 else "<= 0.7: significant fibrosis unlikely")
    return _result("apri", "AST to Platelet Ratio Index (APRI)", APRI_REF, value, "", text,
                   [f"APRI = (AST / ULN) / platelets x 100 = ({x.ast:g} / {x.ast_upper_limit:g}) / {x.platelets:g} x "
                    f"100 = {value:.3f}"])


APRI = _formula("apri", "AST to Platelet Ratio Index (APRI)", "lab",
                "AST over its upper limit of normal, divided by the platelet count (10^9/L), x 100: liver fibrosis.",
                APRIInputs, _apri, APRI_REF, "", ["APRI", "AST platelet ratio index"],
                ["AST upper limit of normal 40 U/L unless given; cut-offs 0.7 (fibrosis), 1.0 and 2.0 (cirrhosis)."])

MADDREY_REF = ("Maddrey WC, Boitnott JK, Bedine MS, et al. Corticosteroid therapy of alcoholic hepatitis. "
               "Gastroenterology 1978;75(2):193-199; Carithers RL Jr, et al. Ann Intern Med 1989;110(9):685-690.")


class MaddreyInputs(CalculatorInputs):
    pt: float = quantity("s", description="Prothrombin time", ge=5, le=150)
    control_pt: float = quantity("s", description="Control (laboratory reference) prothrombin time", ge=5, le=30)
    bilirubin: float = quantity("mg/dL", analyte="bilirubin", description="Total bilirubin", ge=0.1, le=80,
                                accepted_units=["µmol/L"])


def _maddrey(x: MaddreyInputs) -> CalculatorResult:
    value = 4.6 * (x.pt - x.control_pt) + x.bilirubin
    text = (">= 32: severe alcoholic hepatitis, consider corticosteroids" if value >= 32 else
            "< 32: not severe by the discriminant function")
    return _result("maddrey_df", "Maddrey's Discriminant Function for Alcoholic Hepatitis", MADDREY_REF, value, "",
                   text, [f"DF = 4.6 x (PT - control) + bilirubin = 4.6 x ({x.pt:g} - {x.control_pt:g}) + "
                          f"{x.bilirubin:g} = {value:.2f}"])


MADDREY = _formula("maddrey_df", "Maddrey's Discriminant Function for Alcoholic Hepatitis", "severity",
                   "Severity of alcoholic hepatitis from the prolonged prothrombin time and bilirubin: 4.6 x (PT - "
                   "control PT) + bilirubin (mg/dL).", MaddreyInputs, _maddrey, MADDREY_REF, "",
                   ["Maddrey", "Maddrey DF", "discriminant function", "mDF"],
                   ["Bilirubin in mg/dL (µmol/L converted); >= 32 is severe (Carithers 1989)."])


# ---------------------------------------------------------------------------
# Haematology: Mentzer, reticulocyte index, ANC
# ---------------------------------------------------------------------------

MENTZER_REF = "Mentzer WC Jr. Differentiation of iron deficiency from thalassaemia trait. Lancet 1973;1(7808):882."


class MentzerInputs(CalculatorInputs):
    mcv: float = quantity("fL", description="Mean corpuscular volume", ge=30, le=150)
    rbc: float = quantity("10^12/L", description="Red blood cell count", ge=0.5, le=10, accepted_units=["10^6/µL"])


def _mentzer(x: MentzerInputs) -> CalculatorResult:
    value = x.mcv / x.rbc
    text = ("< 13: favours thalassaemia trait" if value < 13 else "> 13: favours iron deficiency" if value > 13
            else "13: indeterminate")
    return _result("mentzer_index", "Mentzer Index", MENTZER_REF, value, "", text,
                   [f"Mentzer = MCV / RBC = {x.mcv:g} / {x.rbc:g} = {value:.2f}"])


MENTZER = _formula("mentzer_index", "Mentzer Index", "lab",
                   "MCV over the red cell count in microcytic anaemia: thalassaemia trait (< 13) or iron deficiency "
                   "(> 13).", MentzerInputs, _mentzer, MENTZER_REF, "", ["Mentzer", "Mentzer index"],
                   ["RBC in 10^12/L (= 10^6/µL); a screen, not a diagnosis."])

RETIC_REF = ("Hillman RS, Finch CA. Erythropoiesis: normal and abnormal. Semin Hematol 1967;4(4):327-336 "
             "(maturation times 1.0/1.5/2.0/2.5 days by haematocrit).")


class ReticulocyteInputs(CalculatorInputs):
    reticulocytes: float = quantity("%", description="Reticulocyte count", ge=0, le=60)
    hematocrit: float = quantity("%", description="Haematocrit", ge=5, le=70)
    normal_hematocrit: float = quantity("%", description="Normal haematocrit", ge=30, le=55, default=45.0)


def _retic(x: ReticulocyteInputs) -> CalculatorResult:
    corrected = x.reticulocytes * x.hematocrit / x.normal_hematocrit
    maturation = 1.0 if x.hematocrit >= 36 else 1.5 if x.hematocrit >= 26 else 2.0 if x.hematocrit >= 16 else 2.5
    rpi = corrected / maturation
    text = ("RPI >= 2: adequate marrow response (loss or haemolysis)" if rpi >= 2 else
            "RPI < 2: inadequate marrow response (hypoproliferative)")
    return _result("reticulocyte_index", "Reticulocyte Production Index", RETIC_REF, rpi, "", text,
                   [f"corrected reticulocytes = {x.reticulocytes:g}% x {x.hematocrit:g} / {x.normal_hematocrit:g} = "
                    f"{corrected:.3f}%", f"maturation time for Hct {x.hematocrit:g}% = {maturation:g} days",
                    f"RPI = {corrected:.3f} / {maturation:g} = {rpi:.3f}"], {"corrected_reticulocytes": corrected,
                                                                               "maturation_days": maturation})


RETIC = _formula("reticulocyte_index", "Reticulocyte Production Index", "lab",
                 "Reticulocyte count corrected for the haematocrit and the maturation time: the marrow's response to "
                 "anaemia.", ReticulocyteInputs, _retic, RETIC_REF, "",
                 ["RPI", "reticulocyte index", "corrected reticulocyte count", "reticulocyte production index"],
                 ["Maturation 1.0 day at Hct >= 36%, 1.5 at 26-35%, 2.0 at 16-25%, 2.5 below; normal Hct 45% unless "
                  "given; the corrected count is in the components."])

ANC_REF = ("Al-Gwaiz LA, Babay HH. The diagnostic value of absolute neutrophil count, band count and morphologic "
           "changes of neutrophils in predicting bacterial infections. Med Princ Pract 2007;16(5):344-347.")


class ANCInputs(CalculatorInputs):
    wbc: float = quantity("10^9/L", description="White blood cell count", ge=0.01, le=500, accepted_units=["10^3/µL"])
    segmented: float = quantity("%", description="Segmented neutrophils (polys)", ge=0, le=100)
    bands: float = quantity("%", description="Band neutrophils", ge=0, le=100, default=0.0)


def _anc(x: ANCInputs) -> CalculatorResult:
    if x.segmented + x.bands > 100:
        raise input_error("Absolute Neutrophil Count (ANC)", "bands", "segmented + bands exceed 100%")
    cells = x.wbc * 1000 * (x.segmented + x.bands) / 100
    text = ("< 500/µL: severe neutropenia" if cells < 500 else "500-999/µL: moderate neutropenia" if cells < 1000
            else "1000-1499/µL: mild neutropenia" if cells < 1500 else ">= 1500/µL: no neutropenia")
    return _result("absolute_neutrophil_count", "Absolute Neutrophil Count (ANC)", ANC_REF, cells, "cells/µL", text,
                   [f"ANC = WBC x (segs + bands) = {x.wbc:g} x 1000 x ({x.segmented:g} + {x.bands:g})% = {cells:.0f}"
                    " cells/µL"])


ANC = _formula("absolute_neutrophil_count", "Absolute Neutrophil Count (ANC)", "lab",
               "Neutrophils per µL from the white count and the segmented and band percentages; neutropenia grade.",
               ANCInputs, _anc, ANC_REF, "cells/µL", ["ANC", "absolute neutrophil count", "neutropenia"],
               ["WBC in 10^9/L (= 10^3/µL); bands 0% unless given."])


# ---------------------------------------------------------------------------
# Nutrition and volumes: Harris-Benedict, Mifflin-St Jeor, Nadler, Parkland
# ---------------------------------------------------------------------------

HB_REF = ("Harris JA, Benedict FG. A biometric study of human basal metabolism. Proc Natl Acad Sci USA "
          "1918;4(12):370-373.")


class EnergyInputs(SexNormalised):
    sex: Sex = sex_input()
    age: float = quantity("years", description="Age", ge=18, le=120)
    weight: float = _weight()
    height: float = _height()


def _harris(x: EnergyInputs) -> CalculatorResult:
    if x.sex == "male":
        kcal, rule = 66.5 + 13.75 * x.weight + 5.003 * x.height - 6.755 * x.age, "66.5 + 13.75 W + 5.003 H - 6.755 A"
    else:
        kcal, rule = 655.1 + 9.563 * x.weight + 1.850 * x.height - 4.676 * x.age, "655.1 + 9.563 W + 1.850 H - 4.676 A"
    return _result("harris_benedict", "Basal Energy Expenditure (Harris-Benedict)", HB_REF, kcal, "kcal/day",
                   f"basal energy expenditure {kcal:.0f} kcal/day (multiply by an activity/stress factor)",
                   [f"BEE ({x.sex}) = {rule} = {kcal:.1f} kcal/day"])


HARRIS = _formula("harris_benedict", "Basal Energy Expenditure (Harris-Benedict)", "physical",
                  "Basal energy expenditure (kcal/day) from sex, age, weight and height by the 1918 Harris-Benedict "
                  "equations.", EnergyInputs, _harris, HB_REF, "kcal/day",
                  ["Harris-Benedict", "Basal Energy Expenditure", "BEE", "basal metabolic rate"],
                  ["Original 1918 coefficients; weight kg, height cm, age years. Adults."])

MSJ_REF = ("Mifflin MD, St Jeor ST, Hill LA, Scott BJ, Daugherty SA, Koh YO. A new predictive equation for resting "
           "energy expenditure in healthy individuals. Am J Clin Nutr 1990;51(2):241-247.")


def _mifflin(x: EnergyInputs) -> CalculatorResult:
    constant = 5 if x.sex == "male" else -161
    kcal = 10 * x.weight + 6.25 * x.height - 5 * x.age + constant
    return _result("mifflin_st_jeor", "Mifflin-St Jeor Equation", MSJ_REF, kcal, "kcal/day",
                   f"resting energy expenditure {kcal:.0f} kcal/day",
                   [f"REE = 10 x {x.weight:g} + 6.25 x {x.height:g} - 5 x {x.age:g} {constant:+d} = {kcal:.1f} kcal/day"])


MIFFLIN = _formula("mifflin_st_jeor", "Mifflin-St Jeor Equation", "physical",
                   "Resting energy expenditure (kcal/day) from sex, age, weight and height (Mifflin-St Jeor 1990).",
                   EnergyInputs, _mifflin, MSJ_REF, "kcal/day",
                   ["Mifflin-St Jeor", "Mifflin", "resting energy expenditure", "REE"],
                   ["+5 for men, -161 for women; adults."])

NADLER_REF = ("Nadler SB, Hidalgo JH, Bloch T. Prediction of blood volume in normal human adults. Surgery "
              "1962;51(2):224-232.")


class NadlerInputs(SexNormalised):
    sex: Sex = sex_input()
    weight: float = _weight()
    height: float = _height()


def _nadler(x: NadlerInputs) -> CalculatorResult:
    h3 = (x.height / 100) ** 3
    if x.sex == "male":
        litres, rule = 0.3669 * h3 + 0.03219 * x.weight + 0.6041, "0.3669 H³ + 0.03219 W + 0.6041"
    else:
        litres, rule = 0.3561 * h3 + 0.03308 * x.weight + 0.1833, "0.3561 H³ + 0.03308 W + 0.1833"
    return _result("nadler_blood_volume", "Blood Volume (Nadler)", NADLER_REF, litres, "L",
                   f"estimated blood volume {litres:.2f} L", [f"BV ({x.sex}) = {rule} = {litres:.3f} L (H in m)"])


NADLER = _formula("nadler_blood_volume", "Blood Volume (Nadler)", "physical",
                  "Estimated total blood volume of an adult in litres from sex, height and weight (Nadler 1962).",
                  NadlerInputs, _nadler, NADLER_REF, "L",
                  ["Nadler", "Blood Volume Calculation", "estimated blood volume", "EBV"],
                  ["Height in metres cubed, weight in kg; adults."])

PARKLAND_REF = ("Baxter CR, Shires T. Physiological response to crystalloid resuscitation of severe burns. Ann N Y "
                "Acad Sci 1968;150(3):874-894.")


class ParklandInputs(CalculatorInputs):
    weight: float = _weight()
    tbsa: float = quantity("%", description="Burned total body surface area (partial and full thickness)", ge=1,
                           le=100)


def _parkland(x: ParklandInputs) -> CalculatorResult:
    total = 4 * x.weight * x.tbsa
    return _result("parkland", "Parkland Formula for Burns", PARKLAND_REF, total, "mL",
                   f"{total:.0f} mL lactated Ringer's over 24 h: {total / 2:.0f} mL in the first 8 h from the burn "
                   f"({total / 16:.0f} mL/h), then {total / 2:.0f} mL over 16 h ({total / 32:.0f} mL/h)",
                   [f"total = 4 mL x {x.weight:g} kg x {x.tbsa:g}% = {total:.0f} mL"],
                   {"first_8h_ml": total / 2, "next_16h_ml": total / 2})


PARKLAND = _formula("parkland", "Parkland Formula for Burns", "dosage",
                    "Crystalloid for the first 24 hours after a burn: 4 mL x weight (kg) x % TBSA, half in 8 hours.",
                    ParklandInputs, _parkland, PARKLAND_REF, "mL", ["Parkland", "Baxter formula", "burn resuscitation"],
                    ["Partial and full thickness burns only; the first 8 hours count from the burn, not arrival."])


# ---------------------------------------------------------------------------
# Kidney, fluids and doses
# ---------------------------------------------------------------------------

CRCL24_REF = ("Kidney Disease: Improving Global Outcomes (KDIGO) CKD Work Group. KDIGO 2012 Clinical Practice "
              "Guideline for the Evaluation and Management of CKD. Kidney Int Suppl 2013;3(1):1-150 (timed urine "
              "collection).")


class CrCl24Inputs(CalculatorInputs):
    urine_creatinine: float = quantity("mg/dL", analyte="creatinine", description="Urine creatinine", ge=1, le=1000,
                                       accepted_units=["µmol/L", "mmol/L"])
    urine_volume: float = quantity("mL", description="Urine volume collected", ge=10, le=20000, accepted_units=["L"])
    serum_creatinine: float = quantity("mg/dL", analyte="creatinine", description="Serum creatinine", ge=0.1, le=40,
                                       accepted_units=["µmol/L", "mmol/L"])
    collection_hours: float = quantity("h", description="Collection time", ge=1, le=48, default=24.0)


def _crcl24(x: CrCl24Inputs) -> CalculatorResult:
    minutes = x.collection_hours * 60
    value = x.urine_creatinine * x.urine_volume / (x.serum_creatinine * minutes)
    return _result("crcl_24h_urine", "Creatinine Clearance from a Timed (24 h) Urine", CRCL24_REF, value, "mL/min",
                   f"measured creatinine clearance {value:.1f} mL/min (over-estimates GFR by tubular secretion)",
                   [f"CrCl = UCr x V / (SCr x minutes) = {x.urine_creatinine:g} x {x.urine_volume:g} / "
                    f"({x.serum_creatinine:g} x {minutes:g}) = {value:.2f} mL/min"])


CRCL24 = _formula("crcl_24h_urine", "Creatinine Clearance from a Timed (24 h) Urine", "lab",
                  "Measured creatinine clearance from a timed urine collection: urine creatinine x volume / (serum "
                  "creatinine x minutes).", CrCl24Inputs, _crcl24, CRCL24_REF, "mL/min",
                  ["CrCl from 24h Urine", "24-hour urine creatinine clearance", "measured creatinine clearance"],
                  ["Not normalised to 1.73 m²; 24 h collection unless given."])

DRIP_REF = ("Definition: drops per minute = volume (mL) x drop factor (gtt/mL) / time (min). Gahart BL, Nazareno AR. "
            "Gahart's Intravenous Medications. 39th ed. Elsevier; 2023.")


class DripInputs(CalculatorInputs):
    volume: float = quantity("mL", description="Volume to infuse", ge=1, le=10000, accepted_units=["L"])
    hours: float = quantity("h", description="Infusion time", ge=0.05, le=72, accepted_units=["min"])
    drop_factor: float = quantity("1/mL", description="Drop factor of the set (gtt/mL: 10, 15, 20 or 60)", ge=5, le=60)


def _drip(x: DripInputs) -> CalculatorResult:
    rate = x.volume * x.drop_factor / (x.hours * 60)
    return _result("iv_drip_rate", "IV Drip Rate", DRIP_REF, rate, "gtt/min",
                   f"{rate:.1f} drops/min ({x.volume / x.hours:.1f} mL/h)",
                   [f"drops/min = {x.volume:g} mL x {x.drop_factor:g} gtt/mL / ({x.hours:g} h x 60) = {rate:.2f}"],
                   {"ml_per_hour": x.volume / x.hours})


DRIP = _formula("iv_drip_rate", "IV Drip Rate", "dosage",
                "Gravity infusion rate in drops per minute from the volume, the time and the set's drop factor.",
                DripInputs, _drip, DRIP_REF, "gtt/min", ["IV Drip Rate Calculator", "drip rate", "drops per minute"],
                ["Drop factor in drops per mL; mL/h is in the components."])

WEIGHT_DOSE_REF = ("Definition: volume = dose (mg/kg) x weight (kg) / concentration (mg/mL). Taketomo CK. Pediatric "
                   "& Neonatal Dosage Handbook. Lexicomp.")


class WeightDoseInputs(CalculatorInputs):
    dose_per_kg: float = quantity("mg/kg", description="Prescribed dose per kg", ge=0.0001, le=1000)
    weight: float = _weight()
    concentration: float = quantity("mg/mL", description="Concentration of the liquid", ge=0.001, le=1000)
    max_dose: float | None = quantity("mg", description="Maximum single dose (caps the dose)", ge=0.001, le=100000,
                                      default=None)


def _weight_dose(x: WeightDoseInputs) -> CalculatorResult:
    dose = x.dose_per_kg * x.weight
    capped = min(dose, x.max_dose) if x.max_dose is not None else dose
    ml = capped / x.concentration
    lines = [f"dose = {x.dose_per_kg:g} mg/kg x {x.weight:g} kg = {dose:.3f} mg"]
    if capped < dose:
        lines.append(f"capped at the maximum {x.max_dose:g} mg")
    lines.append(f"volume = {capped:.3f} mg / {x.concentration:g} mg/mL = {ml:.3f} mL")
    return _result("weight_based_liquid_dose", "Weight-Based Liquid Medication Dose", WEIGHT_DOSE_REF, ml, "mL",
                   f"{ml:.2f} mL ({capped:.2f} mg)", lines, {"dose_mg": capped})


WEIGHT_DOSE = _formula("weight_based_liquid_dose", "Weight-Based Liquid Medication Dose", "dosage",
                       "Volume of a liquid medicine for a weight-based dose: mg/kg x kg / (mg/mL), capped by a maximum.",
                       WeightDoseInputs, _weight_dose, WEIGHT_DOSE_REF, "mL",
                       ["Weight-based liquid medication dosing", "mg/kg dose", "liquid dose volume"],
                       ["The dose in mg is in the components; a maximum, when given, caps it."])

BSA_DOSE_REF = ("Definition: dose = dose per m² x BSA. Mosteller RD. Simplified calculation of body-surface area. N "
                "Engl J Med 1987;317(17):1098.")


class BSADoseInputs(CalculatorInputs):
    dose_per_m2: float = quantity("mg/m²", description="Prescribed dose per m²", ge=0.0001, le=100000,
                                  accepted_units=["mg/m^2"])
    bsa: float | None = quantity("m²", description="Body surface area (or give height and weight)", ge=0.1, le=4,
                                 accepted_units=["m^2"], default=None)
    height: float | None = _height(default=None)
    weight: float | None = _weight(default=None)


def _bsa_dose(x: BSADoseInputs) -> CalculatorResult:
    name = "Body Surface Area Based Dosing"
    if x.bsa is not None:
        bsa, how = x.bsa, "given"
    elif x.height is not None and x.weight is not None:
        bsa, how = bsa_mosteller(x.weight, x.height), f"Mosteller sqrt({x.height:g} x {x.weight:g} / 3600)"
    else:
        raise input_error(name, "bsa", "give the BSA, or the height and the weight", problem="missing")
    dose = x.dose_per_m2 * bsa
    return _result("bsa_dose", name, BSA_DOSE_REF, dose, "mg", f"{dose:.1f} mg for BSA {bsa:.3f} m²",
                   [f"BSA = {bsa:.3f} m² ({how})", f"dose = {x.dose_per_m2:g} mg/m² x {bsa:.3f} m² = {dose:.2f} mg"],
                   {"bsa": bsa})


BSA_DOSE = _formula("bsa_dose", "Body Surface Area Based Dosing", "dosage",
                    "Dose of a drug prescribed per m²: dose per m² x body surface area (given or by Mosteller).",
                    BSADoseInputs, _bsa_dose, BSA_DOSE_REF, "mg", ["BSA dosing", "dose per m2", "BSA-based dose"],
                    ["BSA by Mosteller when not given; no capping of BSA."])

CPO_REF = ("Fincke R, Hochman JS, Lowe AM, et al. Cardiac power is the strongest hemodynamic correlate of mortality "
           "in cardiogenic shock: a report from the SHOCK trial registry. J Am Coll Cardiol 2004;44(2):340-348.")


class CPOInputs(CalculatorInputs):
    mean_arterial_pressure: float = quantity("mmHg", description="Mean arterial pressure", ge=10, le=250)
    cardiac_output: float = quantity("L/min", description="Cardiac output", ge=0.1, le=30)


def _cpo(x: CPOInputs) -> CalculatorResult:
    watts = x.mean_arterial_pressure * x.cardiac_output / 451
    text = "< 0.6 W: associated with higher mortality in cardiogenic shock" if watts < 0.6 else ">= 0.6 W"
    return _result("cardiac_power_output", "Cardiac Power Output (CPO)", CPO_REF, watts, "W", text,
                   [f"CPO = MAP x CO / 451 = {x.mean_arterial_pressure:g} x {x.cardiac_output:g} / 451 = {watts:.3f} W"])


CPO = _formula("cardiac_power_output", "Cardiac Power Output (CPO)", "physical",
               "Cardiac power output in watts, MAP x cardiac output / 451, the strongest haemodynamic correlate of "
               "mortality in cardiogenic shock.", CPOInputs, _cpo, CPO_REF, "W", ["CPO", "cardiac power"],
               ["451 converts mmHg x L/min to watts; threshold 0.6 W (Fincke 2004)."])

BE_REF = ("Siggaard-Andersen O. The Van Slyke equation. Scand J Clin Lab Invest Suppl 1977;146:15-20; HCO3 from "
          "Henderson-Hasselbalch (pKa 6.1, CO2 solubility 0.03).")


class BaseExcessInputs(CalculatorInputs):
    ph: float = quantity("", description="Arterial pH", ge=6.5, le=8.0)
    paco2: float = quantity("mmHg", description="Arterial PaCO2", ge=5, le=200, accepted_units=["kPa"])
    bicarbonate: float | None = quantity("mEq/L", analyte="bicarbonate", description="Bicarbonate (computed from pH "
                                         "and PaCO2 when not given)", ge=1, le=70, accepted_units=["mmol/L"],
                                         default=None)


def _base_excess(x: BaseExcessInputs) -> CalculatorResult:
    if x.bicarbonate is None:
        hco3 = 0.03 * x.paco2 * 10 ** (x.ph - 6.1)
        lines = [f"HCO3 = 0.03 x {x.paco2:g} x 10^({x.ph:g} - 6.1) = {hco3:.2f} mEq/L"]
    else:
        hco3, lines = x.bicarbonate, []
    be = 0.93 * (hco3 - 24.4 + 14.8 * (x.ph - 7.4))
    lines.append(f"BE = 0.93 x (HCO3 - 24.4 + 14.8 x (pH - 7.4)) = 0.93 x ({hco3:.2f} - 24.4 + 14.8 x "
                 f"{x.ph - 7.4:+.2f}) = {be:.2f} mEq/L")
    text = ("< -2: base deficit (metabolic acidosis)" if be < -2 else "> 2: base excess (metabolic alkalosis)"
            if be > 2 else "-2 to +2: normal")
    if not math.isfinite(be):
        raise input_error("Base Excess", "ph", "the values give no finite base excess")
    return _result("base_excess", "Base Excess", BE_REF, be, "mEq/L", text, lines, {"bicarbonate": hco3})


BASE_EXCESS = _formula("base_excess", "Base Excess", "lab",
                       "Standard base excess of blood by the Van Slyke equation from pH and PaCO2 (and bicarbonate).",
                       BaseExcessInputs, _base_excess, BE_REF, "mEq/L", ["base excess", "BE", "base deficit",
                                                                          "Van Slyke"],
                       ["Standard (extracellular) base excess, haemoglobin term absorbed in 0.93; normal -2 to +2."])
