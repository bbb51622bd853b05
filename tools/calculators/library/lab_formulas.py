"""Laboratory and imaging formulas of MDCalc's most used that the library lacks: the serum-ascites albumin gradient,
the stool osmotic gap, the CKD-EPI 2021 creatinine-cystatin C eGFR, the acetaminophen (Rumack-Matthew) treatment
line and the ABC/2 haematoma volume."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, input_error, sex_input
from medmirror.tools.calculators.base import CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.library.general_formulas import _formula
from medmirror.tools.calculators.renal import _creatinine

# ---------------------------------------------------------------------------
# Serum-ascites albumin gradient
# ---------------------------------------------------------------------------

SAAG_REF = ("Runyon BA, Montano AA, Akriviadis EA, Antillon MR, Irving MA, McHutchison JG. The serum-ascites albumin "
            "gradient is superior to the exudate-transudate concept in the differential diagnosis of ascites. Ann "
            "Intern Med 1992;117(3):215-220.")
SAAG_NAME = "Serum-Ascites Albumin Gradient (SAAG)"


class SaagInputs(CalculatorInputs):
    serum_albumin: float = quantity("g/dL", description="Serum albumin (drawn the same day)", ge=0.5, le=7,
                                    accepted_units=["g/L"])
    ascites_albumin: float = quantity("g/dL", description="Ascitic fluid albumin", ge=0, le=7, accepted_units=["g/L"])


def _saag(x: SaagInputs) -> CalculatorResult:
    saag = round(x.serum_albumin - x.ascites_albumin, 2)  # the cut-off compares the value as reported
    text = ("SAAG >= 1.1 g/dL: portal hypertension (cirrhosis, heart failure, Budd-Chiari, massive liver "
            "metastases)" if saag >= 1.1 else
            "SAAG < 1.1 g/dL: no portal hypertension (peritoneal carcinomatosis, tuberculosis, pancreatitis, "
            "nephrotic syndrome)")
    return _result("saag", SAAG_NAME, SAAG_REF, round(saag, 2), "g/dL", text,
                   [f"SAAG = {x.serum_albumin:g} - {x.ascites_albumin:g} = {saag:.2f} g/dL", text])


SAAG = _formula("saag", SAAG_NAME, "lab",
                "Serum minus ascitic fluid albumin: >= 1.1 g/dL points to portal hypertension as the cause of ascites "
                "(97% accuracy).", SaagInputs, _saag, SAAG_REF, "g/dL",
                ["SAAG", "serum ascites albumin gradient", "ascites albumin gradient"],
                ["Both albumins from the same day; the 1.1 g/dL (11 g/L) cut-off is inclusive for portal "
                 "hypertension."])


# ---------------------------------------------------------------------------
# Stool osmotic gap
# ---------------------------------------------------------------------------

STOOL_REF = ("Eherer AJ, Fordtran JS. Fecal osmotic gap and pH in experimental diarrhea of various causes. "
             "Gastroenterology 1992;103(2):545-551.")
STOOL_NAME = "Stool Osmotic Gap"


class StoolGapInputs(CalculatorInputs):
    stool_sodium: float = quantity("mmol/L", description="Stool sodium", ge=0, le=250, accepted_units=["mEq/L"])
    stool_potassium: float = quantity("mmol/L", description="Stool potassium", ge=0, le=250,
                                      accepted_units=["mEq/L"])
    stool_osmolality: float = quantity("mOsm/kg", description="Stool osmolality (290 assumed, the plasma value, when "
                                       "not measured)", ge=100, le=1000, default=290)


def _stool_gap(x: StoolGapInputs) -> CalculatorResult:
    gap = x.stool_osmolality - 2 * (x.stool_sodium + x.stool_potassium)
    text = ("Gap > 125 mOsm/kg: osmotic diarrhoea" if gap > 125 else "Gap < 50 mOsm/kg: secretory diarrhoea"
            if gap < 50 else "Gap 50-125 mOsm/kg: indeterminate (mixed) diarrhoea")
    return _result("stool_osmotic_gap", STOOL_NAME, STOOL_REF, round(gap, 1), "mOsm/kg", text,
                   [f"gap = {x.stool_osmolality:g} - 2 x ({x.stool_sodium:g} + {x.stool_potassium:g}) = {gap:.1f}",
                    text])


STOOL_GAP = _formula("stool_osmotic_gap", STOOL_NAME, "lab",
                     "Osmotic versus secretory diarrhoea: 290 (or measured stool osmolality) - 2 x (stool Na + K).",
                     StoolGapInputs, _stool_gap, STOOL_REF, "mOsm/kg",
                     ["stool osmotic gap", "fecal osmotic gap", "faecal osmotic gap", "stool osmolal gap"],
                     ["290 mOsm/kg is assumed for the stool osmolality unless measured (a measured value below ~250 "
                      "suggests contamination); > 125 osmotic, < 50 secretory (Eherer and Fordtran 1992)."])


# ---------------------------------------------------------------------------
# CKD-EPI 2021 creatinine-cystatin C
# ---------------------------------------------------------------------------

CKD_EPI_CYS_REF = ("Inker LA, Eneanya ND, Coresh J, et al. New creatinine- and cystatin C-based equations to estimate "
                   "GFR without race. N Engl J Med 2021;385(19):1737-1749.")
CKD_EPI_CYS_NAME = "CKD-EPI 2021 Creatinine-Cystatin C eGFR"


class CkdEpiCysInputs(SexNormalised):
    sex: Sex = sex_input()
    age: float = quantity("years", description="Age", ge=18, le=120)
    creatinine: float = _creatinine("Serum creatinine (IDMS-traceable)")
    cystatin_c: float = quantity("mg/L", description="Serum cystatin C (standardized)", ge=0.1, le=15)


def _ckd_epi_cys(x: CkdEpiCysInputs) -> CalculatorResult:
    female = x.sex == "female"
    kappa, alpha = (0.7, -0.219) if female else (0.9, -0.144)
    scr, scys = x.creatinine / kappa, x.cystatin_c / 0.8
    egfr = (135 * min(scr, 1) ** alpha * max(scr, 1) ** -0.544 * min(scys, 1) ** -0.323 * max(scys, 1) ** -0.778
            * 0.9961 ** x.age * (0.963 if female else 1))
    stage = ("G1 (>= 90)" if egfr >= 90 else "G2 (60-89)" if egfr >= 60 else "G3a (45-59)" if egfr >= 45 else
             "G3b (30-44)" if egfr >= 30 else "G4 (15-29)" if egfr >= 15 else "G5 (< 15)")
    return _result("ckd_epi_2021_cr_cys", CKD_EPI_CYS_NAME, CKD_EPI_CYS_REF, round(egfr, 1), "mL/min/1.73 m²",
                   f"eGFR {egfr:.1f} mL/min/1.73 m²: KDIGO category {stage}",
                   [f"kappa {kappa}, alpha {alpha}; Scr/kappa = {scr:.4f}, Scys/0.8 = {scys:.4f}",
                    f"135 x min(Scr/k,1)^{alpha} x max(Scr/k,1)^-0.544 x min(Scys/0.8,1)^-0.323 x "
                    f"max(Scys/0.8,1)^-0.778 x 0.9961^{x.age:g}{' x 0.963' if female else ''} = {egfr:.2f}"])


CKD_EPI_CYS = _formula("ckd_epi_2021_cr_cys", CKD_EPI_CYS_NAME, "lab",
                       "Race-free eGFR of adults from creatinine and cystatin C together (CKD-EPI 2021), more accurate "
                       "than either marker alone.", CkdEpiCysInputs, _ckd_epi_cys, CKD_EPI_CYS_REF, "mL/min/1.73 m²",
                       ["CKD-EPI creatinine-cystatin C", "eGFR creatinine cystatin C", "CKD-EPI 2021 cystatin",
                        "eGFR (CKD-EPI Cr-Cys 2021)", "combined creatinine cystatin eGFR"],
                       ["Adults; standardized cystatin C (mg/L) and IDMS-traceable creatinine (mg/dL). The value is "
                        "rounded to 0.1 and read in the KDIGO GFR categories."])


# ---------------------------------------------------------------------------
# Acetaminophen treatment line (Rumack-Matthew nomogram)
# ---------------------------------------------------------------------------

APAP_REF = ("Rumack BH, Matthew H. Acetaminophen poisoning and toxicity. Pediatrics 1975;55(6):871-876; treatment "
            "line 150 mcg/mL at 4 h: Smilkstein MJ, Knapp GL, Kulig KW, Rumack BH. Efficacy of oral "
            "N-acetylcysteine in the treatment of acetaminophen overdose. N Engl J Med 1988;319(24):1557-1562.")
APAP_NAME = "Acetaminophen Overdose Treatment Line (Rumack-Matthew)"


class AcetaminophenInputs(CalculatorInputs):
    hours: float = quantity("h", description="Hours since a single acute ingestion (known time; 4-24 h)", ge=0, le=48)
    level: float = quantity("mcg/mL", description="Serum acetaminophen (paracetamol) level", ge=0, le=2000,
                            accepted_units=["mg/L", "µg/mL", "ug/mL"])


def _acetaminophen(x: AcetaminophenInputs) -> CalculatorResult:
    if not 4 <= x.hours <= 24:
        raise input_error(APAP_NAME, "hours", f"{x.hours:g} h is outside the nomogram's 4-24 h (a level before 4 h "
                          "is not interpretable)", expected="4 to 24 hours after a single acute ingestion")
    line = 150 * 0.5 ** ((x.hours - 4) / 4)
    above = x.level >= line
    text = (f"Level {x.level:g} mcg/mL is on or above the treatment line ({line:.1f} mcg/mL at {x.hours:g} h): "
            "treat with N-acetylcysteine" if above else
            f"Level {x.level:g} mcg/mL is below the treatment line ({line:.1f} mcg/mL at {x.hours:g} h): "
            "N-acetylcysteine not indicated by the nomogram")
    return _result("acetaminophen_nomogram", APAP_NAME, APAP_REF, "Treat" if above else "Below treatment line", "",
                   text, [f"treatment line = 150 x 0.5^(({x.hours:g} - 4)/4) = {line:.2f} mcg/mL", text],
                   {"treatment_line": round(line, 2)})


ACETAMINOPHEN = _formula("acetaminophen_nomogram", APAP_NAME, "diagnosis",
                         "Whether an acute acetaminophen (paracetamol) overdose needs N-acetylcysteine: the level at "
                         "4-24 h against the treatment line (150 mcg/mL at 4 h, halving every 4 h).",
                         AcetaminophenInputs, _acetaminophen, APAP_REF, "",
                         ["Rumack-Matthew nomogram", "acetaminophen nomogram", "paracetamol nomogram",
                          "Tylenol overdose nomogram"],
                         ["Single acute ingestion of known time, level drawn 4-24 h after; not for staggered or "
                          "extended-release ingestions. The US treatment line (150 mcg/mL at 4 h) is used; a level on "
                          "the line is treated.", "The value is 'Treat' or 'Below treatment line'; the line's level "
                          "at that hour is in the components."])


# ---------------------------------------------------------------------------
# N-acetylcysteine dosing for acetaminophen overdose
# ---------------------------------------------------------------------------

NAC_REF = ("IV 21-hour regimen: Prescott LF, Illingworth RN, Critchley JA, Stewart MJ, Adam RD, Proudfoot AT. "
           "Intravenous N-acetylcystine: the treatment of choice for paracetamol poisoning. Br Med J "
           "1979;2(6198):1097-1100 (Acetadote prescribing information: dosing weight capped at 100 kg); oral "
           "72-hour regimen: Smilkstein MJ et al. N Engl J Med 1988;319(24):1557-1562.")
NAC_NAME = "Acetaminophen Overdose and NAC Dosing"


class NacInputs(CalculatorInputs):
    route: Literal["IV", "PO"] = Field(..., description="Route of N-acetylcysteine: IV (21-hour) or PO (72-hour)")
    weight: float = quantity("kg", description="Body weight", ge=1, le=400, accepted_units=["lb", "g"])

    @field_validator("route", mode="before")
    @classmethod
    def _route(cls, v: Any) -> Any:
        text = str(v).strip().lower()
        return "IV" if text in ("iv", "intravenous") else "PO" if text in ("po", "oral", "by mouth") else v


def _nac(x: NacInputs) -> CalculatorResult:
    kg = min(x.weight, 100.0) if x.route == "IV" else x.weight
    cap = [f"dosing weight capped at 100 kg (actual {x.weight:g} kg)"] if kg < x.weight else []
    if x.route == "IV":
        doses = (150 * kg, 50 * kg, 100 * kg)
        bags = ("in 200 mL of diluent over 60 min", "in 500 mL of diluent over 4 h",
                "in 1000 mL of diluent over 16 h") if x.weight >= 40 else (
                "over 60 min", "over 4 h", "over 16 h (volumes for < 40 kg per the product label)")
        text = ("IV dosing: 21-hour regimen ('3 bag dosing'): " + ", then ".join(
            f"{d:.0f} mg IV {b}" for d, b in zip(doses, bags)))
        lines = [*cap, f"150 mg/kg x {kg:g} kg = {doses[0]:.0f} mg; 50 mg/kg = {doses[1]:.0f} mg; 100 mg/kg = "
                 f"{doses[2]:.0f} mg (total 300 mg/kg)"]
        return _result("nac_dosing", NAC_NAME, NAC_REF, round(doses[0]), "mg", text, lines,
                       {"loading_mg": round(doses[0]), "second_mg": round(doses[1]), "third_mg": round(doses[2])})
    load, maintenance = 140 * kg, 70 * kg
    text = (f"Oral dosing: 72-hour regimen: {load:.0f} mg PO loading dose, then {maintenance:.0f} mg PO every 4 h for "
            "17 doses")
    return _result("nac_dosing", NAC_NAME, NAC_REF, round(load), "mg", text,
                   [*cap, f"140 mg/kg x {kg:g} kg = {load:.0f} mg; 70 mg/kg = {maintenance:.0f} mg"],
                   {"loading_mg": round(load), "maintenance_mg": round(maintenance)})


NAC = _formula("nac_dosing", NAC_NAME, "dosage",
               "N-acetylcysteine doses for acetaminophen (paracetamol) poisoning by weight: IV 21-hour three-bag "
               "regimen (150, 50, 100 mg/kg) or oral 72-hour regimen (140 mg/kg, then 70 mg/kg every 4 h x 17).",
               NacInputs, _nac, NAC_REF, "mg",
               ["NAC dosing", "N-acetylcysteine dosing", "Acetadote dosing", "acetylcysteine for acetaminophen "
                "overdose", "paracetamol overdose NAC"],
               ["The value is the loading dose in mg; the other doses are in the components. The IV dosing weight is "
                "capped at 100 kg (Acetadote label; the oral regimen uses the actual weight); IV bag volumes are the "
                "adult ones (>= 40 kg).",
                "Whether to treat is the nomogram's question (acetaminophen_nomogram)."])


# ---------------------------------------------------------------------------
# ABC/2 haematoma volume
# ---------------------------------------------------------------------------

ABC2_REF = ("Kothari RU, Brott T, Broderick JP, et al. The ABCs of measuring intracerebral hemorrhage volumes. Stroke "
            "1996;27(8):1304-1305.")
ABC2_NAME = "ABC/2 for Intracerebral Hemorrhage Volume"


class Abc2Inputs(CalculatorInputs):
    a: float = quantity("cm", description="A: largest haemorrhage diameter on the slice with the largest area",
                        ge=0.1, le=20, accepted_units=["mm"])
    b: float = quantity("cm", description="B: largest diameter perpendicular to A on that slice", ge=0.1, le=20,
                        accepted_units=["mm"])
    c: float = quantity("cm", description="C: vertical extent (number of slices with haemorrhage x slice thickness)",
                        ge=0.1, le=20, accepted_units=["mm"])


def _abc2(x: Abc2Inputs) -> CalculatorResult:
    volume = x.a * x.b * x.c / 2
    text = (f"Haematoma volume {volume:.1f} mL" + (" (>= 30 mL: a point on the ICH score)" if volume >= 30 else ""))
    return _result("abc2_ich_volume", ABC2_NAME, ABC2_REF, round(volume, 1), "mL", text,
                   [f"volume = {x.a:g} x {x.b:g} x {x.c:g} / 2 = {volume:.2f} cm³ (mL)"])


ABC2 = _formula("abc2_ich_volume", ABC2_NAME, "physical",
                "Volume of an intracerebral haemorrhage from its three CT diameters: A x B x C / 2 (the ellipsoid "
                "approximation).", Abc2Inputs, _abc2, ABC2_REF, "mL",
                ["ABC/2", "ABC/2 formula", "ICH volume", "intracerebral hemorrhage volume", "hematoma volume"],
                ["Diameters in cm (mm converted); for C, Kothari counts a slice with >= 75% of the largest area as "
                 "1, 25-75% as 0.5 and < 25% as 0, times the slice thickness (the caller applies it)."])
