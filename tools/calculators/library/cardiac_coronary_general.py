"""Cardiac, coronary and general-medicine scores of RiskAgent's library: early warning scores, acute
coronary syndrome risk, pneumonia, resuscitation and ECMO outcome, and others."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, ChoiceInputs, Number, band_of, opts, point_score


def _formula_result(calc_id: str, name: str, value: float, unit: str, bands: tuple[Band, ...],
                    lines: list[str], reference: str, digits: int = 1) -> CalculatorResult:
    """The result of a score computed by its own formula, banded by ``bands``."""
    value = round(value, digits)
    band = band_of(bands, value)
    return CalculatorResult(
        calculator=calc_id, name=name, value=value, unit=unit, interpretation=band.text,
        explanation=[*lines, f"= {value:g} {unit}; {band.text}".replace("  ", " ")], reference=reference)


# ---------------------------------------------------------------------------
# MDCalc 1875: Modified Early Warning Score (MEWS)
# ---------------------------------------------------------------------------

MEWS = point_score(
    id="mews", name="Modified Early Warning Score (MEWS)", mdcalc_id=1875, category="severity",
    description=("Bedside early warning score for adult ward patients: systolic pressure, heart rate, "
                 "respiratory rate, temperature and AVPU responsiveness each score 0-3; a total of 5 or "
                 "more flags a patient at higher risk of death or ICU admission."),
    items=(
        Choice("systolic_bp", "Systolic BP", opts(
            ("<=70 mmHg", 3), ("71-80 mmHg", 2), ("81-100 mmHg", 1), ("101-199 mmHg", 0), (">=200 mmHg", 2))),
        Choice("heart_rate", "Heart rate", opts(
            ("<40 bpm", 2), ("41-50 bpm", 1), ("51-100 bpm", 0), ("101-110 bpm", 1), ("111-129 bpm", 2),
            (">=130 bpm", 3))),
        Choice("respiratory_rate", "Respiratory rate", opts(
            ("<9 bpm", 2), ("9-14 bpm", 0), ("15-20 bpm", 1), ("21-29 bpm", 2), (">=30 bpm", 3))),
        Choice("temperature", "Temperature", opts(
            ("<35degC / 95degF", 2), ("35-38.4degC / 95-101.1degF", 0), (">=38.5degC / 101.3degF", 2))),
        Choice("avpu_score", "AVPU Score", opts(
            ("Alert", 0), ("Reacts to voice", 1), ("Reacts to pain", 2), ("Unresponsive", 3))),
    ),
    bands=(
        Band(0, 4, "MEWS below 5: lower risk of clinical deterioration; continue routine observation"),
        Band(5, 14, "MEWS 5 or more: increased risk of death or ICU admission; consider a higher level of care"),
    ),
    reference=("Subbe CP, Kruger M, Rutherford P, Gemmel L. Validation of a modified Early Warning Score in "
               "medical admissions. QJM. 2001;94(10):521-526."),
    aliases=("MEWS", "modified early warning score"),
    conventions=("Every vital sign must be given: an unrecorded one is refused, not scored 0.",
                 "Any single parameter scoring 3 also warrants considering a higher level of care (the "
                 "result lists each parameter's points)."),
)


# ---------------------------------------------------------------------------
# MDCalc 665: TIMI Risk Index
# ---------------------------------------------------------------------------

_TRI_REF = ("Morrow DA, Antman EM, Giugliano RP, et al. A simple risk index for rapid initial triage of "
            "patients with ST-elevation myocardial infarction: an InTIME II substudy. Lancet. "
            "2001;358(9293):1571-1575.")
_TRI_ITEMS = (
    Number("heart_rate", "Heart rate/pulse", "beats/min", ge=20, le=300, accepted_units=("bpm",)),
    Number("Age", "Age", "years", ge=18, le=120),
    Number("systolic_blood_pressure", "Systolic BP", "mmHg", ge=30, le=300),
)
_TRI_BANDS = (
    Band(None, 12.5, "TRI <=12.5: lowest risk group, low risk (about 0.8% 30-day mortality)"),
    Band(12.51, 17.5, "TRI >12.5-17.5: low risk group"),
    Band(17.51, 22.5, "TRI >17.5-22.5: intermediate risk group"),
    Band(22.51, 30, "TRI >22.5-30: intermediate/high risk group"),
    Band(30.01, None, "TRI >30: highest risk group, intermediate/high risk (about 17% 30-day mortality, over 10%)"),
)


def _tri(x: ChoiceInputs) -> CalculatorResult:
    hr, age, sbp = x.heart_rate, x.Age, x.systolic_blood_pressure
    value = hr * (age / 10) ** 2 / sbp
    return _formula_result(
        "timi_risk_index", "TIMI Risk Index", value, "", _TRI_BANDS,
        [f"TRI = heart rate x (age/10)^2 / systolic BP = {hr:g} x ({age:g}/10)^2 / {sbp:g}"], _TRI_REF, digits=2)


TIMI_RISK_INDEX = point_score(
    id="timi_risk_index", name="TIMI Risk Index", mdcalc_id=665, category="risk",
    description=("Quick mortality estimate for acute coronary syndrome (derived in STEMI) from three "
                 "bedside values: heart rate times the square of age in decades, divided by systolic "
                 "blood pressure; higher values mean higher early mortality."),
    items=_TRI_ITEMS, bands=_TRI_BANDS, reference=_TRI_REF, unit="", compute=_tri,
    aliases=("TRI", "TIMI risk index"),
    conventions=("Bands are the derivation study's five groups (<=12.5, >12.5-17.5, >17.5-22.5, >22.5-30, "
                 ">30); the value is rounded to 2 decimals before banding.",
                 "Mortality figures are the derivation cohort's 30-day mortality in the lowest and highest "
                 "groups; validation in NRMI-3 (Wiviott 2004) showed the same gradient for in-hospital "
                 "mortality, over 10% in the top group."),
)
