"""Liver scores of RiskAgent's library: REACH-B (HCC risk in chronic hepatitis B) and the ALBI grade."""

from __future__ import annotations

import math
from typing import Any

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, Number, opts, point_score

# ---------------------------------------------------------------------------
# MDCalc 10031: REACH-B
# ---------------------------------------------------------------------------

# Score -> (3-year, 5-year, 10-year) HCC risk (Yang 2011 nomogram, as MDCalc tabulates it).
_REACH_B = ((0.0, 0.0, 0.0), (0.0, 0.0, 0.1), (0.0, 0.0, 0.1), (0.0, 0.1, 0.2), (0.0, 0.1, 0.3), (0.1, 0.2, 0.5),
            (0.1, 0.3, 0.7), (0.2, 0.5, 1.2), (0.3, 0.8, 2.0), (0.5, 1.2, 3.2), (0.9, 2.0, 5.2), (1.4, 3.3, 8.4),
            (2.3, 5.3, 13.4), (3.7, 8.5, 21.0), (6.0, 13.6, 32.0), (9.6, 21.3, 46.8), (15.2, 32.4, 64.4),
            (23.6, 47.4, 81.6))

REACH_B = point_score(
    id="reach_b", name="REACH-B Score for Hepatocellular Carcinoma", mdcalc_id=10031, category="risk",
    description=("Predicts the 3-, 5- and 10-year risk of hepatocellular carcinoma in adults with chronic "
                 "hepatitis B without cirrhosis from sex, age, ALT, HBeAg and HBV DNA (0-17 points)."),
    items=(
        Choice("sex", "Sex", opts(("Female", 0), ("Male", 2))),
        Choice("age", "Age, years", opts(("30-34", 0), ("35-39", 1), ("40-44", 2), ("45-49", 3), ("50-54", 4),
                                         ("55-59", 5), ("60-65", 6))),
        Choice("alanine", "ALT, U/L", opts(("<15", 0), ("15-44", 1), (">=45", 2))),
        Choice("ag", "HBeAg", opts(("Negative", 0), ("Positive", 2))),
        Choice("dna_level", "Hepatitis B virus DNA level, copies/mL", opts(
            ("<300 (undetectable)", 0), ("300-9,999", 0), ("10,000-99,999", 3), ("100,000-999,999", 5),
            (">=10⁶", 4))),
    ),
    bands=tuple(Band(s, s, f"REACH-B {s}: HCC risk {r3:.1f}% at 3 years, {r5:.1f}% at 5 years, {r10:.1f}% at "
                           "10 years") for s, (r3, r5, r10) in enumerate(_REACH_B)),
    reference=("Yang HI, Yuen MF, Chan HL, et al. Risk estimation for hepatocellular carcinoma in chronic "
               "hepatitis B (REACH-B): development and validation of a predictive score. Lancet Oncol. "
               "2011;12(6):568-574."),
    aliases=("REACH-B",),
    conventions=("HBV DNA >=10^6 copies/mL scores 4, less than 10^5-10^6 (5), as published: most such patients "
                 "are HBeAg positive and score for that.",
                 "Derived in patients aged 30-65 without cirrhosis; every item must be given."),
)


# ---------------------------------------------------------------------------
# MDCalc 10070: ALBI grade
# ---------------------------------------------------------------------------

_ALBI_GRADES = (
    Band(None, -2.60, "ALBI grade 1: median survival 18.5-85.6 months"),
    Band(-2.60, -1.39, "ALBI grade 2 (>-2.60 to <=-1.39): median survival 5.3-46.5 months"),
    Band(-1.39, None, "ALBI grade 3 (>-1.39): median survival 2.3-15.5 months"),
)
_ALBI_REF = ("Johnson PJ, Berhane S, Kagebayashi C, et al. Assessment of liver function in patients with "
             "hepatocellular carcinoma: a new evidence-based approach-the ALBI grade. J Clin Oncol. "
             "2015;33(6):550-558.")


def _albi(x: Any) -> CalculatorResult:
    bili_umol = x.Bilirubin * 17.104  # mg/dL -> µmol/L (MDCalc's factor)
    alb_gl = x.Albumin * 10  # g/dL -> g/L
    score = math.log10(bili_umol) * 0.66 + alb_gl * -0.085
    grade = 1 if score <= -2.60 else 2 if score <= -1.39 else 3
    band = _ALBI_GRADES[grade - 1]
    shown = round(score, 2)
    return CalculatorResult(
        calculator="albi", name="ALBI (Albumin-Bilirubin) Grade", value=shown, unit="", interpretation=band.text,
        explanation=[f"Bilirubin {x.Bilirubin:g} mg/dL = {bili_umol:.1f} µmol/L; albumin {x.Albumin:g} g/dL = "
                     f"{alb_gl:g} g/L",
                     f"ALBI = 0.66 x log10({bili_umol:.1f}) - 0.085 x {alb_gl:g} = {score:.3f}",
                     f"Grade {grade} (1: <=-2.60, 2: >-2.60 to <=-1.39, 3: >-1.39); {band.text}"],
        reference=_ALBI_REF, components={"grade": grade})


ALBI = point_score(
    id="albi", name="ALBI (Albumin-Bilirubin) Grade", mdcalc_id=10070, category="severity",
    description=("Grades liver function in hepatocellular carcinoma (and chronic liver disease) from serum "
                 "bilirubin and albumin alone, as a linear score read as grade 1, 2 or 3 with median "
                 "survival."),
    items=(
        Number("Bilirubin", "Total bilirubin", "mg/dL", ge=0.01, le=50, analyte="bilirubin",
               accepted_units=("µmol/L", "mg/L")),
        Number("Albumin", "Serum albumin", "g/dL", ge=0.5, le=7, analyte="albumin", accepted_units=("g/L",)),
    ),
    bands=_ALBI_GRADES, unit="", compute=_albi, reference=_ALBI_REF,
    aliases=("ALBI", "ALBI grade", "albumin-bilirubin grade"),
    conventions=("ALBI = 0.66 x log10(bilirubin, µmol/L) - 0.085 x albumin (g/L), as published; inputs are taken "
                 "in mg/dL and g/dL as MDCalc asks them and converted (x17.104, x10).",
                 "Grade cut-offs: <=-2.60 grade 1, >-2.60 to <=-1.39 grade 2, >-1.39 grade 3; the value is "
                 "shown to 2 decimals, the grade read from the unrounded value.",
                 "Median survival ranges per grade are those MDCalc shows from Johnson 2015's cohorts."),
)
