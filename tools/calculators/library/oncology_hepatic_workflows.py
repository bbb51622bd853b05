"""Oncology, liver and VTE calculators that multi-calculator workflows chain (MedMCP-Calc's commonest).

The Emory score for mortality after TIPS, the Karnofsky <-> ECOG performance status conversion and the
age-adjusted D-dimer cut-off. Each follows its primary publication; the conventions each card states are the
choices where publications differ.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import field_validator

from medmirror.tools.calculators.anthropometrics import input_error
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, finding, quantity
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.registry import register

# ---------------------------------------------------------------------------
# Emory score (mortality after TIPS)
# ---------------------------------------------------------------------------

EMORY_REF = ("Chalasani N, Clark WS, Martin LG, et al. Determinants of mortality in patients with advanced cirrhosis "
             "after transjugular intrahepatic portosystemic shunting. Gastroenterology 2000;118(1):138-144.")
EMORY_BANDS = ((0, 0, "Low risk"), (1, 3, "Moderate risk"), (4, 5, "High risk"))


class EmoryInputs(CalculatorInputs):
    bilirubin: float = quantity("mg/dL", analyte="bilirubin", description="Total bilirubin before TIPS", ge=0.05,
                                le=80, accepted_units=["µmol/L"])
    alt: float = quantity("U/L", description="ALT before TIPS", ge=1, le=20000, accepted_units=["IU/L"])
    encephalopathy: bool = finding("Hepatic encephalopathy before TIPS (not induced by a bleed)")
    urgency: Literal["elective", "urgent"]

    @field_validator("urgency", mode="before")
    @classmethod
    def _urgency(cls, v: Any) -> Any:
        if isinstance(v, str):
            t = v.strip().lower()
            if t.startswith(("urgent", "emergen")):
                return "urgent"
            if t.startswith(("elective", "non-urgent", "nonurgent")):
                return "elective"
        return v


def _emory(x: EmoryInputs) -> CalculatorResult:
    pts = {"bilirubin_over_3": int(x.bilirubin > 3.0), "alt_over_100": int(x.alt > 100),
           "encephalopathy": int(x.encephalopathy), "urgent_tips": 2 if x.urgency == "urgent" else 0}
    total = sum(pts.values())
    band = next(text for lo, hi, text in EMORY_BANDS if lo <= total <= hi)
    lines = [f"bilirubin {x.bilirubin:g} mg/dL {'>' if pts['bilirubin_over_3'] else '<='} 3.0 -> "
             f"{pts['bilirubin_over_3']:+d}",
             f"ALT {x.alt:g} U/L {'>' if pts['alt_over_100'] else '<='} 100 -> {pts['alt_over_100']:+d}",
             f"pre-TIPS encephalopathy: {'yes' if x.encephalopathy else 'no'} -> {pts['encephalopathy']:+d}",
             f"TIPS {x.urgency} -> {pts['urgent_tips']:+d}", f"Total = {total}; {band}"]
    return _result("emory_tipss", "Emory Model (TIPSS)", EMORY_REF, total, "points", band, lines, pts)


EMORY_TIPSS = register(Calculator(
    id="emory_tipss", name="Emory Model (TIPSS)", category="risk",
    description=("Emory score for mortality after a transjugular intrahepatic portosystemic shunt in cirrhosis, from "
                 "bilirubin, ALT, pre-TIPS hepatic encephalopathy and the urgency of the procedure."),
    inputs=EmoryInputs, compute=_emory, reference=EMORY_REF, output_unit="points", output_type="integer",
    aliases=["Emory score", "Emory model", "Emory TIPS score", "TIPSS mortality", "TIPS mortality score",
             "Emory Model (TIPSS)"],
    conventions=["Bilirubin > 3.0 mg/dL 1, ALT > 100 U/L 1, pre-TIPS encephalopathy 1, urgent (or emergent) TIPS 2; "
                 "0 low, 1-3 moderate, 4-5 high risk. Thresholds are strict (3.0 and 100 score 0)."],
))


# ---------------------------------------------------------------------------
# Karnofsky <-> ECOG performance status
# ---------------------------------------------------------------------------

KPS_REF = ("Buccheri G, Ferrigno D, Tamburini M. Karnofsky and ECOG performance status scoring in lung cancer: a "
           "prospective, longitudinal study of 536 patients from a single institution. Eur J Cancer "
           "1996;32A(7):1135-1141; Oken MM, Creech RH, Tormey DC, et al. Am J Clin Oncol 1982;5(6):649-655.")
# ECOG grade -> the Karnofsky scores it corresponds to
ECOG_TO_KPS = {0: (100, 90), 1: (80, 70), 2: (60, 50), 3: (40, 30), 4: (20, 10), 5: (0,)}


class PerformanceInputs(CalculatorInputs):
    karnofsky: int | None = None
    ecog: int | None = None

    @field_validator("karnofsky")
    @classmethod
    def _kps(cls, v: int | None) -> int | None:
        if v is not None and (v < 0 or v > 100 or v % 10):
            raise ValueError("Karnofsky is a multiple of 10 from 0 to 100")
        return v

    @field_validator("ecog")
    @classmethod
    def _ecog(cls, v: int | None) -> int | None:
        if v is not None and not 0 <= v <= 5:
            raise ValueError("ECOG is a grade from 0 to 5")
        return v


def _performance(x: PerformanceInputs) -> CalculatorResult:
    name = "Karnofsky / ECOG Performance Status Conversion"
    if (x.karnofsky is None) == (x.ecog is None):
        raise input_error(name, "karnofsky", "give exactly one of karnofsky or ecog", problem="missing"
                          if x.karnofsky is None else "invalid")
    if x.karnofsky is not None:
        grade = next(g for g, kps in ECOG_TO_KPS.items() if x.karnofsky in kps)
        return _result("karnofsky_ecog", name, KPS_REF, grade, "ECOG grade",
                       f"Karnofsky {x.karnofsky} corresponds to ECOG {grade}",
                       [f"Karnofsky {x.karnofsky} is in {'/'.join(map(str, ECOG_TO_KPS[grade]))} -> ECOG {grade}"],
                       {"direction": "karnofsky_to_ecog"})
    assert x.ecog is not None
    kps = ECOG_TO_KPS[x.ecog]
    text = f"ECOG {x.ecog} corresponds to Karnofsky {'-'.join(str(k) for k in sorted(kps))}"
    return _result("karnofsky_ecog", name, KPS_REF, max(kps), "Karnofsky (highest of the range)", text, [text],
                   {"direction": "ecog_to_karnofsky", "karnofsky_range": list(kps)})


KARNOFSKY_ECOG = register(Calculator(
    id="karnofsky_ecog", name="Karnofsky / ECOG Performance Status Conversion", category="severity",
    description="Converts a Karnofsky performance score (0-100) to the ECOG/Zubrod grade (0-5), or a grade to its "
                "Karnofsky range.",
    inputs=PerformanceInputs, compute=_performance, reference=KPS_REF, output_type="integer",
    aliases=["Karnofsky", "Karnofsky Performance Status", "KPS", "Karnofsky to ECOG", "ECOG to Karnofsky",
             "Karnofsky performance scale"],
    conventions=["KPS 100-90 = ECOG 0, 80-70 = 1, 60-50 = 2, 40-30 = 3, 20-10 = 4, 0 = 5 (Buccheri 1996).",
                 "ECOG to Karnofsky: the value is the highest Karnofsky of the grade's range; the range is in the "
                 "components."],
))


# ---------------------------------------------------------------------------
# Age-adjusted D-dimer
# ---------------------------------------------------------------------------

DDIMER_REF = ("Righini M, Van Es J, Den Exter PL, et al. Age-adjusted D-dimer cutoff levels to rule out pulmonary "
              "embolism: the ADJUST-PE study. JAMA 2014;311(11):1117-1124.")


class DDimerInputs(CalculatorInputs):
    age: float = quantity("years", description="Age", ge=18, le=120)
    unit_type: Literal["FEU", "DDU"] = "FEU"
    d_dimer: float | None = quantity("µg/L", description="Measured D-dimer (optional: compared with the cut-off)",
                                     ge=0, le=100000, accepted_units=["mg/L", "µg/mL", "ng/mL"], default=None)

    @field_validator("unit_type", mode="before")
    @classmethod
    def _unit_type(cls, v: Any) -> Any:
        return v.strip().upper()[:3] if isinstance(v, str) else v


def _ddimer(x: DDimerInputs) -> CalculatorResult:
    per_year, floor = (10.0, 500.0) if x.unit_type == "FEU" else (5.0, 250.0)
    cutoff = x.age * per_year if x.age > 50 else floor
    rule = f"age {x.age:g} x {per_year:g}" if x.age > 50 else f"age <= 50: {floor:g}"
    text = f"age-adjusted cut-off {cutoff:g} µg/L ({x.unit_type})"
    comps: dict[str, Any] = {}
    if x.d_dimer is not None:
        above = x.d_dimer >= cutoff
        comps["above_cutoff"] = above
        text += (f"; D-dimer {x.d_dimer:g} is at or above it: PE not excluded (imaging)" if above else
                 f"; D-dimer {x.d_dimer:g} is below it: PE excluded in a non-high clinical probability")
    return _result("age_adjusted_d_dimer", "Age-Adjusted D-dimer", DDIMER_REF, cutoff, "µg/L", text,
                   [f"cut-off = {rule} = {cutoff:g} µg/L {x.unit_type}"], comps)


AGE_ADJUSTED_D_DIMER = register(Calculator(
    id="age_adjusted_d_dimer", name="Age-Adjusted D-dimer", category="lab",
    description=("Age-adjusted D-dimer cut-off to exclude pulmonary embolism or VTE in patients over 50 with a "
                 "non-high clinical probability (age x 10 µg/L FEU), and whether a measured value is below it."),
    inputs=DDimerInputs, compute=_ddimer, reference=DDIMER_REF, output_unit="µg/L",
    aliases=["age-adjusted D-dimer", "Age-Adjusted D-dimer for Venous Thromboembolism (VTE)", "ADJUST-PE",
             "D-dimer cutoff"],
    conventions=["Over 50 years: age x 10 µg/L FEU (age x 5 µg/L DDU); 50 or younger: 500 µg/L FEU (250 DDU).",
                 "Only for a non-high pre-test probability (Wells or Geneva); at or above the cut-off is not excluded."],
))
