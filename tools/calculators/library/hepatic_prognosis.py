"""Liver prognosis formulas of MDCalc's most used that the library lacks: MELD 3.0, the Lille model, the ABIC score and
the Glasgow Alcoholic Hepatitis Score; and the phenytoin level corrected for albumin (Sheiner-Tozer)."""

from __future__ import annotations

import math

from pydantic import Field

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, sex_input
from medmirror.tools.calculators.base import CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.library.general_formulas import _formula
from medmirror.tools.calculators.renal import _creatinine


def _age() -> float:
    return quantity("years", description="Age", ge=18, le=120)


def _bilirubin(description: str, unit: str = "mg/dL") -> float:
    other = ["µmol/L", "umol/L"] if unit == "mg/dL" else ["mg/dL"]
    return quantity(unit, description=description, analyte="bilirubin", ge=0.01 if unit == "mg/dL" else 0.1,
                    le=80 if unit == "mg/dL" else 1400, accepted_units=other)


def _inr() -> float:
    return Field(..., ge=0.5, le=15, description="INR")


# ---------------------------------------------------------------------------
# MELD 3.0
# ---------------------------------------------------------------------------

MELD3_REF = ("Kim WR, Mannalithara A, Heimbach JK, et al. MELD 3.0: the Model for End-Stage Liver Disease updated for "
             "the modern era. Gastroenterology 2021;161(6):1887-1895.")
MELD3_NAME = "MELD 3.0 for Liver Cirrhosis"


class Meld3Inputs(SexNormalised):
    sex: Sex = sex_input()
    bilirubin: float = _bilirubin("Total bilirubin")
    sodium: float = quantity("mmol/L", description="Serum sodium", analyte="sodium", ge=100, le=180,
                             accepted_units=["mEq/L"])
    inr: float = _inr()
    creatinine: float = _creatinine()
    albumin: float = quantity("g/dL", description="Serum albumin", ge=0.5, le=7, accepted_units=["g/L"])
    dialysis: bool = Field(False, description="Dialysis >= 2 times, or CVVHD >= 24 h, in the past week (creatinine "
                                              "is then set to 3.0)")


def _meld3(x: Meld3Inputs) -> CalculatorResult:
    bili, inr = max(x.bilirubin, 1.0), max(x.inr, 1.0)
    cr = 3.0 if x.dialysis else min(max(x.creatinine, 1.0), 3.0)
    na, alb = min(max(x.sodium, 125.0), 137.0), min(max(x.albumin, 1.5), 3.5)
    female = 1.33 if x.sex == "female" else 0.0
    raw = (female + 4.56 * math.log(bili) + 0.82 * (137 - na) - 0.24 * (137 - na) * math.log(bili)
           + 9.09 * math.log(inr) + 11.14 * math.log(cr) + 1.85 * (3.5 - alb) - 1.83 * (3.5 - alb) * math.log(cr) + 6)
    score = min(round(raw), 40)
    survival = 0.946 ** math.exp(0.17698 * raw - 3.56)
    text = f"MELD 3.0 {score}: estimated 90-day survival {100 * survival:.1f}%"
    return _result("meld_3", MELD3_NAME, MELD3_REF, score, "points", text,
                   [f"bounded: bilirubin {bili:g} mg/dL, INR {inr:g}, creatinine {cr:g} mg/dL"
                    f"{' (dialysis)' if x.dialysis else ''}, sodium {na:g} mmol/L, albumin {alb:g} g/dL",
                    f"1.33 x female ({female:g}) + 4.56 ln(bili) + 0.82 (137 - Na) - 0.24 (137 - Na) ln(bili) + 9.09 "
                    f"ln(INR) + 11.14 ln(Cr) + 1.85 (3.5 - alb) - 1.83 (3.5 - alb) ln(Cr) + 6 = {raw:.3f}",
                    f"rounded {round(raw)}, capped at 40 -> {score}; 90-day survival 0.946^exp(0.17698 x MELD - 3.56) "
                    f"= {100 * survival:.1f}%"], {"unrounded": round(raw, 4), "survival_90d": round(survival, 4)})


MELD3 = _formula(
    "meld_3", MELD3_NAME, "risk",
    "90-day mortality of chronic liver disease (transplant allocation) from sex, bilirubin, sodium, INR, creatinine "
    "and albumin (MELD 3.0, 6-40).", Meld3Inputs, _meld3, MELD3_REF, "points",
    ["MELD 3.0", "MELD3", "MELD 3.0 for Liver Cirrhosis", "Model for End-Stage Liver Disease 3.0"],
    ["Bounds as published: bilirubin, INR and creatinine at least 1.0; creatinine at most 3.0 (3.0 with dialysis "
     "twice or CVVHD 24 h in the past week); sodium 125-137 mmol/L; albumin 1.5-3.5 g/dL.",
     "The score is rounded to an integer and capped at 40 (OPTN); the survival uses the unrounded score."])


# ---------------------------------------------------------------------------
# Lille model
# ---------------------------------------------------------------------------

LILLE_REF = ("Louvet A, Naveau S, Abdelnour M, et al. The Lille model: a new tool for therapeutic strategy in patients "
             "with severe alcoholic hepatitis treated with steroids. Hepatology 2007;45(6):1348-1354.")
LILLE_NAME = "Lille Model for Alcoholic Hepatitis"


class LilleInputs(CalculatorInputs):
    age: float = _age()
    albumin: float = quantity("g/L", description="Albumin on day 0", ge=5, le=70, accepted_units=["g/dL"])
    bilirubin_day0: float = _bilirubin("Bilirubin on day 0", "µmol/L")
    bilirubin_day7: float = _bilirubin("Bilirubin on day 7 of steroids", "µmol/L")
    creatinine: float = _creatinine("Creatinine on day 0 (renal insufficiency: > 1.3 mg/dL)")
    prothrombin_time: float = quantity("s", description="Prothrombin time on day 0, seconds", ge=5, le=150)


def _lille(x: LilleInputs) -> CalculatorResult:
    renal = 1 if x.creatinine > 1.3 else 0
    r = (3.19 - 0.101 * x.age + 0.147 * x.albumin + 0.0165 * (x.bilirubin_day0 - x.bilirubin_day7) - 0.206 * renal
         - 0.0065 * x.bilirubin_day0 - 0.0096 * x.prothrombin_time)
    lille = math.exp(-r) / (1 + math.exp(-r))
    text = ("Lille >= 0.45: non-response to corticosteroids (6-month survival ~25%); consider stopping steroids"
            if lille >= 0.45 else "Lille < 0.45: response to corticosteroids (6-month survival ~85%); continue steroids")
    return _result("lille_model", LILLE_NAME, LILLE_REF, round(lille, 3), "", text,
                   [f"renal insufficiency (creatinine > 1.3 mg/dL): {renal}",
                    f"R = 3.19 - 0.101 x {x.age:g} + 0.147 x {x.albumin:g} + 0.0165 x ({x.bilirubin_day0:g} - "
                    f"{x.bilirubin_day7:g}) - 0.206 x {renal} - 0.0065 x {x.bilirubin_day0:g} - 0.0096 x "
                    f"{x.prothrombin_time:g} = {r:.4f}", f"Lille = exp(-R) / (1 + exp(-R)) = {lille:.4f}"],
                   {"R": round(r, 4)})


LILLE = _formula(
    "lille_model", LILLE_NAME, "risk",
    "Response to 7 days of corticosteroids in severe alcoholic hepatitis from age, albumin, bilirubin on days 0 and "
    "7, renal insufficiency and prothrombin time; >= 0.45 is non-response.", LilleInputs, _lille, LILLE_REF, "",
    ["Lille", "Lille model", "Lille score", "Lille Model for Alcoholic Hepatitis"],
    ["Units as published: albumin g/L, bilirubin µmol/L (mg/dL converted), prothrombin time in seconds; renal "
     "insufficiency is creatinine > 1.3 mg/dL (115 µmol/L). The value is rounded to 0.001."])


# ---------------------------------------------------------------------------
# ABIC score
# ---------------------------------------------------------------------------

ABIC_REF = ("Dominguez M, Rincon D, Abraldes JG, et al. A new scoring system for prognostic stratification of "
            "patients with alcoholic hepatitis. Am J Gastroenterol 2008;103(11):2747-2756.")
ABIC_NAME = "ABIC Score for Alcoholic Hepatitis"


class AbicInputs(CalculatorInputs):
    age: float = _age()
    bilirubin: float = _bilirubin("Serum bilirubin")
    inr: float = _inr()
    creatinine: float = _creatinine()


def _abic(x: AbicInputs) -> CalculatorResult:
    score = round(0.1 * x.age + 0.08 * x.bilirubin + 0.3 * x.creatinine + 0.8 * x.inr, 2)  # cut-offs read the 0.01
    text = ("ABIC < 6.71: low risk (90-day survival ~100%)" if score < 6.71 else
            "ABIC 6.71-8.99: intermediate risk (90-day survival ~70%)" if score < 9 else
            "ABIC >= 9.0: high risk (90-day survival ~25%)")
    return _result("abic_score", ABIC_NAME, ABIC_REF, round(score, 2), "points", text,
                   [f"0.1 x {x.age:g} + 0.08 x {x.bilirubin:g} + 0.3 x {x.creatinine:g} + 0.8 x {x.inr:g} = "
                    f"{score:.3f}", text])


ABIC = _formula(
    "abic_score", ABIC_NAME, "risk",
    "90-day survival in alcoholic hepatitis from Age, Bilirubin, INR and Creatinine: 0.1 age + 0.08 bilirubin + 0.3 "
    "creatinine + 0.8 INR.", AbicInputs, _abic, ABIC_REF, "points",
    ["ABIC", "ABIC score", "Age Bilirubin INR Creatinine score"],
    ["Bilirubin and creatinine in mg/dL; cut-offs 6.71 and 9.0 as derived; the value is rounded to 0.01."])


# ---------------------------------------------------------------------------
# Glasgow Alcoholic Hepatitis Score
# ---------------------------------------------------------------------------

GAHS_REF = ("Forrest EH, Evans CD, Stewart S, et al. Analysis of factors predictive of mortality in alcoholic "
            "hepatitis and derivation and validation of the Glasgow alcoholic hepatitis score. Gut "
            "2005;54(8):1174-1179.")
GAHS_NAME = "Glasgow Alcoholic Hepatitis Score (GAHS)"


class GahsInputs(CalculatorInputs):
    age: float = _age()
    wbc: float = quantity("10^9/L", description="White cell count", ge=0.1, le=200, accepted_units=["10^3/µL"])
    urea: float = quantity("mmol/L", description="Blood urea, mmol/L (BUN mg/dL / 2.8)", ge=0.5, le=100)
    inr: float = Field(..., ge=0.5, le=15, description="INR (or prothrombin time ratio)")
    bilirubin: float = _bilirubin("Bilirubin", "µmol/L")


def _gahs(x: GahsInputs) -> CalculatorResult:
    rows = [("age", f"age {x.age:g} years", 1 if x.age < 50 else 2),
            ("wbc", f"white cells {x.wbc:g} x10^9/L", 1 if x.wbc < 15 else 2),
            ("urea", f"urea {x.urea:g} mmol/L", 1 if x.urea < 5 else 2),
            ("inr", f"INR {x.inr:g}", 1 if x.inr < 1.5 else 2 if x.inr <= 2.0 else 3),
            ("bilirubin", f"bilirubin {x.bilirubin:g} µmol/L", 1 if x.bilirubin < 125 else 2 if x.bilirubin <= 250
             else 3)]
    total = sum(p for _, _, p in rows)
    text = ("GAHS >= 9: poor prognosis (28-day survival ~46% untreated); corticosteroids improve survival when the "
            "discriminant function is also >= 32" if total >= 9 else
            "GAHS < 9: better prognosis (28-day survival ~87%); no survival benefit from corticosteroids shown")
    return _result("gahs", GAHS_NAME, GAHS_REF, total, "points", text,
                   [f"{t} -> {p:+d}" for _, t, p in rows] + [f"Total = {total}; {text}"], {k: p for k, _, p in rows})


GAHS = _formula(
    "gahs", GAHS_NAME, "risk",
    "Mortality of alcoholic hepatitis from age, white cells, urea, INR and bilirubin (5-12); >= 9 is poor "
    "prognosis.", GahsInputs, _gahs, GAHS_REF, "points",
    ["GAHS", "Glasgow alcoholic hepatitis score", "Glasgow Alcoholic Hepatitis Score (GAHS)"],
    ["Points: age < 50 / >= 50: 1/2; WBC < 15 / >= 15 x10^9/L: 1/2; urea < 5 / >= 5 mmol/L: 1/2; INR < 1.5 / "
     "1.5-2.0 / > 2.0: 1/2/3; bilirubin < 125 / 125-250 / > 250 µmol/L: 1/2/3.",
     "Urea in mmol/L only (BUN in mg/dL divided by 2.8 gives it); bilirubin in mg/dL is converted."])


# ---------------------------------------------------------------------------
# Phenytoin corrected for albumin (Sheiner-Tozer)
# ---------------------------------------------------------------------------

TOZER_REF = ("Sheiner LB, Tozer TN. Clinical pharmacokinetics: the use of plasma concentrations of drugs. In: Melmon "
             "KL, Morrelli HF, eds. Clinical Pharmacology. Macmillan 1978; Winter ME. Basic Clinical "
             "Pharmacokinetics, 5th ed. 2010 (end-stage renal disease: 0.1 x albumin + 0.1).")
TOZER_NAME = "Phenytoin Correction for Albumin or Renal Failure (Sheiner-Tozer)"


class TozerInputs(CalculatorInputs):
    phenytoin: float = quantity("mcg/mL", description="Measured total phenytoin level", ge=0.1, le=80,
                                accepted_units=["mg/L", "µg/mL", "ug/mL"])
    albumin: float = quantity("g/dL", description="Serum albumin", ge=0.5, le=7, accepted_units=["g/L"])
    renal_failure: bool = Field(False, description="End-stage renal disease (creatinine clearance < 10 mL/min or "
                                                   "dialysis)")


def _tozer(x: TozerInputs) -> CalculatorResult:
    factor = (0.1 if x.renal_failure else 0.2) * x.albumin + 0.1
    corrected = x.phenytoin / factor
    where = ("below 10" if corrected < 10 else "within 10-20" if corrected <= 20 else "above 20")
    text = f"Corrected phenytoin {corrected:.1f} mcg/mL: {where} mcg/mL (the usual total therapeutic range 10-20)"
    return _result("phenytoin_albumin_correction", TOZER_NAME, TOZER_REF, round(corrected, 1), "mcg/mL", text,
                   [f"corrected = {x.phenytoin:g} / ({'0.1' if x.renal_failure else '0.2'} x {x.albumin:g} + 0.1) = "
                    f"{corrected:.2f} mcg/mL", text])


TOZER = _formula(
    "phenytoin_albumin_correction", TOZER_NAME, "lab",
    "Total phenytoin level adjusted for low albumin (and end-stage renal disease): measured / (0.2 x albumin + 0.1), "
    "or / (0.1 x albumin + 0.1) in renal failure.", TozerInputs, _tozer, TOZER_REF, "mcg/mL",
    ["Sheiner-Tozer", "Winter-Tozer", "corrected phenytoin", "phenytoin correction for albumin",
     "Phenytoin (Dilantin) Correction for Albumin or Renal Failure", "adjusted phenytoin level"],
    ["Albumin in g/dL with the classic coefficient 0.2 (0.1 in end-stage renal disease); newer assays may "
     "underestimate with it (revised coefficients 0.25-0.29 exist). A measured free level is preferable."])
