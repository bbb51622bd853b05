"""Liver calculators: Child-Pugh score, FIB-4 index and MELD Na (UNOS/OPTN 2016).

Each calculator states its publication; where MedCalc-Bench's documented
convention departs from it, the benchmark convention is the default and is
listed in the calculator's ``conventions``.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal

from pydantic import Field, field_validator

from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, finding, quantity
from medmirror.tools.calculators.registry import register


def _choose(value: Any, synonyms: dict[str, str]) -> Any:
    """Map a categorical answer written in any of its usual spellings to the canonical option.

    Matching ignores case, punctuation and repeated spaces. Unknown strings are
    returned unchanged so that pydantic reports them against the allowed options.
    """
    if not isinstance(value, str):
        return value
    key = re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()
    return synonyms.get(key, value)


def round_half_up(x: float, digits: int = 0) -> float:
    """Round half away from zero (clinical rounding; Python's round() is half-to-even)."""
    q = Decimal(1).scaleb(-digits)
    return float(Decimal(repr(x)).quantize(q, rounding=ROUND_HALF_UP))


# ---------------------------------------------------------------------------
# Child-Pugh
# ---------------------------------------------------------------------------

_ASCITES = {
    "absent": "absent", "none": "absent", "no": "absent", "no ascites": "absent", "false": "absent",
    "slight": "slight", "mild": "slight", "small": "slight", "minimal": "slight",
    "moderate": "moderate", "severe": "moderate", "large": "moderate", "tense": "moderate",
    "moderate to severe": "moderate", "moderate severe": "moderate",
}
_ENCEPHALOPATHY = {
    "none": "none", "no encephalopathy": "none", "no": "none", "absent": "none", "grade 0": "none",
    "false": "none",
    "grade 1 2": "grade 1-2", "grade 1": "grade 1-2", "grade 2": "grade 1-2", "mild": "grade 1-2",
    "grade 1 2 or suppressed with medication": "grade 1-2",
    "grade 3 4": "grade 3-4", "grade 3": "grade 3-4", "grade 4": "grade 3-4", "severe": "grade 3-4",
    "grade 3 4 or refractory": "grade 3-4",
}


class ChildPughInputs(CalculatorInputs):
    bilirubin: float = quantity("mg/dL", analyte="bilirubin", description="Total bilirubin",
                                ge=0.05, le=80, accepted_units=["µmol/L", "mg/L"])
    albumin: float = quantity("g/dL", analyte="albumin", description="Serum albumin",
                              ge=0.5, le=7.0, accepted_units=["g/L"])
    inr: float = Field(description="International normalised ratio (INR)", ge=0.5, le=20)
    ascites: Literal["absent", "slight", "moderate"] = Field(
        "absent", description="Ascites: absent, slight, or moderate (moderate-to-severe/tense); absent when not documented")
    encephalopathy: Literal["none", "grade 1-2", "grade 3-4"] = Field(
        "none", description="Hepatic encephalopathy (West Haven grade); none when not documented")

    @field_validator("ascites", mode="before")
    @classmethod
    def _ascites(cls, v: Any) -> Any:
        return _choose(v, _ASCITES)

    @field_validator("encephalopathy", mode="before")
    @classmethod
    def _enceph(cls, v: Any) -> Any:
        return _choose(v, _ENCEPHALOPATHY)


def _child_pugh(x: ChildPughInputs) -> CalculatorResult:
    # Bands as stated in MedCalc-Bench's explanation (MDCalc): bilirubin <2 / 2-3 / >3 mg/dL,
    # albumin >3.5 / 2.8-3.5 / <2.8 g/dL, INR <1.7 / 1.7-2.3 / >2.3 (boundaries in the middle band).
    bili = 1 if x.bilirubin < 2 else 2 if x.bilirubin <= 3 else 3
    alb = 1 if x.albumin > 3.5 else 2 if x.albumin >= 2.8 else 3
    inr = 1 if x.inr < 1.7 else 2 if x.inr <= 2.3 else 3
    asc = {"absent": 1, "slight": 2, "moderate": 3}[x.ascites]
    enc = {"none": 1, "grade 1-2": 2, "grade 3-4": 3}[x.encephalopathy]
    total = bili + alb + inr + asc + enc
    cls = "A" if total <= 6 else "B" if total <= 9 else "C"
    survival = {"A": "well-compensated disease; 1-year survival ~100%, 2-year ~85%",
                "B": "significant functional compromise; 1-year survival ~80%, 2-year ~60%",
                "C": "decompensated disease; 1-year survival ~45%, 2-year ~35%"}[cls]
    # Peri-operative mortality of abdominal surgery by class (Mansour et al. Surgery 1997;122:730-5).
    surgery = {"A": "10%", "B": "30%", "C": "82%"}[cls]
    survival += f"; abdominal surgery peri-operative mortality {surgery}"
    return CalculatorResult(
        calculator="child_pugh", name="Child-Pugh Score", value=total, unit="points",
        interpretation=f"Child-Pugh class {cls} ({survival})",
        explanation=[
            f"bilirubin {x.bilirubin:.3g} mg/dL (<2 -> 1, 2-3 -> 2, >3 -> 3): +{bili}",
            f"albumin {x.albumin:.3g} g/dL (>3.5 -> 1, 2.8-3.5 -> 2, <2.8 -> 3): +{alb}",
            f"INR {x.inr:g} (<1.7 -> 1, 1.7-2.3 -> 2, >2.3 -> 3): +{inr}",
            f"ascites {x.ascites}: +{asc}",
            f"encephalopathy {x.encephalopathy}: +{enc}",
            f"total = {bili} + {alb} + {inr} + {asc} + {enc} = {total} -> class {cls} "
            "(A 5-6, B 7-9, C 10-15)",
        ],
        reference=("Pugh RN, Murray-Lyon IM, Dawson JL, Pietroni MC, Williams R. Transection of the oesophagus "
                   "for bleeding oesophageal varices. Br J Surg. 1973;60(8):646-649."),
        components={"bilirubin": bili, "albumin": alb, "inr": inr, "ascites": asc,
                    "encephalopathy": enc, "class": cls},
    )


# MDCalc 340 gives each item as its points (1-3); a lab band is mapped onto a value inside that band
# (bilirubin <2 / 2-3 / >3 mg/dL, albumin >3.5 / 2.8-3.5 / <2.8 g/dL, INR <1.7 / 1.7-2.3 / >2.3).
_MDCALC_CHILD_PUGH = {
    "bilirubin": {1: 1.0, 2: 2.5, 3: 4.0},
    "albumin": {1: 4.0, 2: 3.0, 3: 2.5},
    "inr": {1: 1.2, 2: 2.0, 3: 2.8},
    "ascites": {1: "absent", 2: "slight", 3: "moderate"},
    "encephalopathy": {1: "none", 2: "grade 1-2", 3: "grade 3-4"},
}


def _child_pugh_from_mdcalc(raw: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, values in _MDCALC_CHILD_PUGH.items():
        if key in raw:
            try:
                out[key] = values[int(raw[key])]
            except (KeyError, TypeError, ValueError):
                continue  # left out: the calculator refuses it by name
    return out


CHILD_PUGH = register(Calculator(
    id="child_pugh", name="Child-Pugh Score for Cirrhosis Mortality", category="severity",
    description=("Child-Pugh (Child-Turcotte-Pugh) score 5-15 and class A/B/C grading the severity and "
                 "prognosis of chronic liver disease / cirrhosis from bilirubin, albumin, INR, ascites and "
                 "hepatic encephalopathy."),
    inputs=ChildPughInputs, compute=_child_pugh,
    reference="Pugh RN et al. Br J Surg. 1973;60(8):646-649.",
    output_unit="points", output_type="integer",
    medcalc_id=15, medcalc_name="Child-Pugh Score for Cirrhosis Mortality",
    aliases=["Child-Pugh", "Child-Turcotte-Pugh", "CTP score", "cirrhosis severity", "Child class"],
    conventions=[
        "Ascites and encephalopathy count as absent (1 point each) when not documented.",
        "Band edges belong to the middle band: bilirubin 2-3 mg/dL, albumin 2.8-3.5 g/dL, INR 1.7-2.3 -> 2 points.",
        "Bilirubin in µmol/L is converted with the molar mass 584.66 g/mol (2 mg/dL = 34.2 µmol/L).",
        "Peri-operative mortality of abdominal surgery by class (A 10%, B 30%, C 82%) is that of Mansour A, "
        "Watson W, Shayani V, Pickleman J. Abdominal operations in patients with cirrhosis: still a major "
        "surgical challenge. Surgery. 1997;122(4):730-735.",
    ],
    medcalc_keys={
        "Bilirubin": "bilirubin", "Total bilirubin": "bilirubin", "Albumin": "albumin",
        "international normalized ratio": "inr", "INR": "inr",
        "Ascites": "ascites", "Encephalopathy": "encephalopathy", "Hepatic encephalopathy": "encephalopathy",
    },
    medcalc_values={
        "ascites": {"absent": "absent", "slight": "slight", "moderate": "moderate"},
        "encephalopathy": {"no encephalopathy": "none", "grade 1-2": "grade 1-2", "grade 3-4": "grade 3-4"},
    },
    mdcalc_ids=[340],
    mdcalc_adapter=lambda mid, raw: _child_pugh_from_mdcalc(raw),
))


# ---------------------------------------------------------------------------
# FIB-4
# ---------------------------------------------------------------------------


class Fib4Inputs(CalculatorInputs):
    age: float = quantity("years", description="Age", ge=1, le=120)
    ast: float = quantity("U/L", description="Aspartate aminotransferase (AST)", ge=1, le=50000,
                          accepted_units=["IU/L"])
    alt: float = quantity("U/L", description="Alanine aminotransferase (ALT)", ge=1, le=50000,
                          accepted_units=["IU/L"])
    platelets: float = quantity(
        "10^9/L", description="Platelet count (a count per µL, e.g. 181000/µL, is converted: /1000)",
        ge=1, le=2500, accepted_units=["10^3/µL", "/µL", "/mm^3", "K/µL", "G/L", "/nL"])


def _fib4(x: Fib4Inputs) -> CalculatorResult:
    value = (x.age * x.ast) / (x.platelets * math.sqrt(x.alt))
    if value < 1.45:
        interp = "< 1.45: advanced fibrosis (Ishak 4-6) unlikely (NPV ~90%)"
    elif value <= 3.25:
        interp = "1.45-3.25: indeterminate; further evaluation (e.g. elastography) advised"
    else:
        interp = "> 3.25: advanced fibrosis (Ishak 4-6) likely (PPV ~65%)"
    return CalculatorResult(
        calculator="fib4", name="Fibrosis-4 (FIB-4) Index", value=value, unit="",
        interpretation=interp,
        explanation=[
            f"platelets = {x.platelets:g} × 10^9/L",
            f"FIB-4 = (age × AST) / (platelets[10^9/L] × √ALT) = ({x.age:g} × {x.ast:g}) / "
            f"({x.platelets:g} × √{x.alt:g}) = {value:.5f}",
        ],
        reference=("Sterling RK, Lissen E, Clumeck N, et al. Development of a simple noninvasive index to predict "
                   "significant fibrosis in patients with HIV/HCV coinfection. Hepatology. 2006;43(6):1317-1325."),
        components={"age": x.age, "ast": x.ast, "alt": x.alt, "platelets_10e9_per_L": x.platelets},
    )


FIB4 = register(Calculator(
    id="fib4", name="Fibrosis-4 (FIB-4) Index for Liver Fibrosis", category="lab",
    description=("FIB-4 index estimating liver fibrosis (advanced fibrosis unlikely / indeterminate / likely) "
                 "from age, AST, ALT and platelet count, e.g. in hepatitis C or fatty liver disease."),
    inputs=Fib4Inputs, compute=_fib4,
    reference="Sterling RK et al. Hepatology. 2006;43(6):1317-1325.",
    output_unit="", output_type="decimal",
    medcalc_id=19, medcalc_name="Fibrosis-4 (FIB-4) Index for Liver Fibrosis",
    aliases=["FIB-4", "FIB4", "fibrosis 4 index", "liver fibrosis score"],
    conventions=[
        "Platelets in 10^9/L (= 10^3/µL); a count per µL or per mm³ is divided by 1000.",
        "Value not rounded; the explanation shows 5 decimals.",
    ],
    medcalc_keys={
        "age": "age", "Aspartate aminotransferase": "ast", "AST": "ast",
        "Alanine aminotransferase": "alt", "ALT": "alt", "Platelet count": "platelets", "Platelets": "platelets",
    },
))


# ---------------------------------------------------------------------------
# MELD Na (UNOS/OPTN, 2016)
# ---------------------------------------------------------------------------


class MeldNaInputs(CalculatorInputs):
    creatinine: float = quantity("mg/dL", analyte="creatinine", description="Serum creatinine",
                                 ge=0.1, le=40, accepted_units=["µmol/L"])
    bilirubin: float = quantity("mg/dL", analyte="bilirubin", description="Total bilirubin",
                                ge=0.05, le=80, accepted_units=["µmol/L"])
    inr: float = Field(description="International normalised ratio (INR)", ge=0.5, le=20)
    sodium: float = quantity("mmol/L", analyte="sodium", description="Serum sodium", ge=90, le=200,
                             accepted_units=["mEq/L"])
    dialysis_twice_past_week: bool = finding("Dialysis at least twice in the past week")
    cvvhd_24h_past_week: bool = finding("Continuous veno-venous haemodialysis for >= 24 hours in the past week")


def meld_na_score(creatinine: float, bilirubin: float, inr: float, sodium: float,
                  dialysis: bool = False) -> tuple[float, list[str], dict[str, Any]]:
    """OPTN 2016 MELD(i) and MELD-Na; returns (score, steps, components)."""
    steps: list[str] = []
    cr = creatinine
    if dialysis:
        cr = 4.0
        steps.append("dialysis twice in the past week or CVVHD >= 24 h -> creatinine set to 4.0 mg/dL")
    elif cr > 4.0:
        cr = 4.0
        steps.append(f"creatinine {creatinine:g} > 4.0 mg/dL -> capped at 4.0 mg/dL")
    bili, inr_b = bilirubin, inr
    for label, val in (("creatinine", cr), ("bilirubin", bili), ("INR", inr_b)):
        if val < 1.0:
            steps.append(f"{label} {val:g} < 1.0 -> set to 1.0")
    cr, bili, inr_b = max(cr, 1.0), max(bili, 1.0), max(inr_b, 1.0)
    na = min(max(sodium, 125.0), 137.0)
    if na != sodium:
        steps.append(f"sodium {sodium:g} bounded to 125-137 -> {na:g} mmol/L")
    raw = 0.957 * math.log(cr) + 0.378 * math.log(bili) + 1.120 * math.log(inr_b) + 0.643
    meld_i = round_half_up(raw, 1) * 10
    steps.append(f"MELD(i) = 0.957 ln({cr:g}) + 0.378 ln({bili:g}) + 1.120 ln({inr_b:g}) + 0.643 = {raw:.5f}; "
                 f"rounded to the tenth and × 10 -> {meld_i:g}")
    if meld_i > 11:
        meld = meld_i + 1.32 * (137 - na) - 0.033 * meld_i * (137 - na)
        steps.append(f"MELD(i) > 11: MELD = {meld_i:g} + 1.32 × (137 - {na:g}) - 0.033 × {meld_i:g} × "
                     f"(137 - {na:g}) = {meld:.4f}")
    else:
        meld = meld_i
        steps.append(f"MELD(i) {meld_i:g} <= 11: no sodium adjustment, MELD = {meld_i:g}")
    score = round_half_up(meld, 0)
    if score > 40:
        steps.append(f"{score:g} > 40 -> capped at 40")
        score = 40.0
    else:
        steps.append(f"rounded to the nearest whole number: {score:g}")
    comps = {"creatinine_used": cr, "bilirubin_used": bili, "inr_used": inr_b, "sodium_used": na,
             "meld_i_raw": raw, "meld_i": meld_i}
    return score, steps, comps


def _meld_na(x: MeldNaInputs) -> CalculatorResult:
    dialysis = x.dialysis_twice_past_week or x.cvvhd_24h_past_week
    score, steps, comps = meld_na_score(x.creatinine, x.bilirubin, x.inr, x.sodium, dialysis)
    if score <= 9:
        interp = "MELD <= 9: ~1.9% 3-month mortality"
    elif score <= 19:
        interp = "MELD 10-19: ~6.0% 3-month mortality"
    elif score <= 29:
        interp = "MELD 20-29: ~19.6% 3-month mortality"
    elif score <= 39:
        interp = "MELD 30-39: ~52.6% 3-month mortality"
    else:
        interp = "MELD >= 40: ~71.3% 3-month mortality"
    return CalculatorResult(
        calculator="meld_na", name="MELD Na (UNOS/OPTN)", value=score, unit="points",
        interpretation=interp, explanation=steps,
        reference=("OPTN/UNOS Policy 9.1.D (MELD-Na, effective January 2016); Kim WR, Biggins SW, Kremers WK, "
                   "et al. Hyponatremia and mortality among patients on the liver-transplant waiting list. "
                   "N Engl J Med. 2008;359(10):1018-1026."),
        components=comps,
    )


MELD_NA = register(Calculator(
    id="meld_na", name="MELD Na (UNOS/OPTN)", category="lab",
    description=("MELD-Na score (UNOS/OPTN 2016) for end-stage liver disease: 3-month mortality and liver "
                 "transplant priority from creatinine, bilirubin, INR, sodium and dialysis status."),
    inputs=MeldNaInputs, compute=_meld_na,
    reference="OPTN/UNOS Policy 9.1.D (2016); Kim WR et al. N Engl J Med. 2008;359:1018-1026.",
    output_unit="points", output_type="decimal",
    medcalc_id=23, medcalc_name="MELD Na (UNOS/OPTN)",
    aliases=["MELD-Na", "MELDNa", "MELD sodium", "Model for End-Stage Liver Disease", "MELD score"],
    conventions=[
        "Creatinine, bilirubin and INR below 1.0 are set to 1.0; creatinine above 4.0 mg/dL, or any creatinine "
        "with dialysis twice in the past week or CVVHD >= 24 h, is set to 4.0.",
        "Sodium bounded to 125-137 mmol/L.",
        "MELD(i) is rounded to the tenth, then × 10; the sodium term applies only when MELD(i) > 11.",
        "Final score rounded half-up to a whole number and capped at 40.",
    ],
    medcalc_keys={
        "creatinine": "creatinine", "Bilirubin": "bilirubin", "international normalized ratio": "inr",
        "INR": "inr", "Sodium": "sodium",
        "Dialysis at least twice in the past week": "dialysis_twice_past_week",
        "Continuous veno-venous hemodialysis for ≥24 hours in the past week": "cvvhd_24h_past_week",
        "Continuous veno-venous hemodialysis for >= 24 hours in the past week": "cvvhd_24h_past_week",
    },
))
