"""Haemodynamic and ECG calculators: mean arterial pressure and five QTc corrections.

QTc formulas use exactly the forms MedCalc-Bench states: QT in msec, heart rate in
beats/min, RR interval in seconds = 60 / heart rate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from medmirror.tools.calculators.anthropometrics import input_error
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.registry import register

# ---------------------------------------------------------------------------
# Mean arterial pressure (MedCalc-Bench 5)
# ---------------------------------------------------------------------------

MAP_REF = ("MAP = DBP + (SBP - DBP)/3 (standard approximation at resting heart rates; Guyton & Hall, Textbook of "
           "Medical Physiology). Target >= 65 mmHg: Evans L, et al. Surviving Sepsis Campaign 2021. "
           "Crit Care Med 2021;49:e1063-143.")


class MAPInputs(CalculatorInputs):
    systolic_bp: float = quantity("mmHg", description="Systolic blood pressure", ge=30, le=320,
                                  accepted_units=["kPa"])
    diastolic_bp: float = quantity("mmHg", description="Diastolic blood pressure", ge=10, le=250,
                                   accepted_units=["kPa"])


def _map(x: MAPInputs) -> CalculatorResult:
    name = "Mean Arterial Pressure (MAP)"
    if x.diastolic_bp > x.systolic_bp:
        raise input_error(name, "diastolic_bp", f"diastolic {x.diastolic_bp:g} mmHg exceeds systolic "
                          f"{x.systolic_bp:g} mmHg (values swapped?)")
    value = x.systolic_bp / 3 + 2 * x.diastolic_bp / 3
    band = ("below 65 mmHg: under the usual organ-perfusion target" if value < 65
            else "at or above the 65 mmHg perfusion target")
    return CalculatorResult(
        calculator="mean_arterial_pressure", name=name, value=value, unit="mmHg", interpretation=band,
        explanation=[f"MAP = 1/3 x SBP + 2/3 x DBP = 1/3 x {x.systolic_bp:g} + 2/3 x {x.diastolic_bp:g} "
                     f"= {value:.5f} mmHg"],
        reference=MAP_REF,
    )


MEAN_ARTERIAL_PRESSURE = register(Calculator(
    id="mean_arterial_pressure", name="Mean Arterial Pressure (MAP)", category="physical",
    description="Mean arterial pressure (mmHg) from systolic and diastolic blood pressure: 1/3 SBP + 2/3 DBP.",
    inputs=MAPInputs, compute=_map, reference=MAP_REF, output_unit="mmHg", output_type="decimal",
    medcalc_id=5, medcalc_name="Mean Arterial Pressure (MAP)",
    aliases=["MAP", "mean blood pressure", "mean arterial blood pressure"],
    conventions=["MAP = 1/3 x SBP + 2/3 x DBP; kPa converts to mmHg; diastolic above systolic is refused."],
    medcalc_keys={"systolic blood pressure": "systolic_bp", "diastolic blood pressure": "diastolic_bp",
                  "sbp": "systolic_bp", "dbp": "diastolic_bp"},
))


# ---------------------------------------------------------------------------
# QTc (MedCalc-Bench 11, 56, 57, 58, 59)
# ---------------------------------------------------------------------------

ECG_STD_REF = ("Rautaharju PM, Surawicz B, Gettes LS. AHA/ACCF/HRS recommendations for the standardization and "
               "interpretation of the electrocardiogram, part IV. Circulation 2009;119:e241-50.")


class QTcInputs(CalculatorInputs):
    heart_rate: float = quantity("beats/min", description="Heart rate", ge=20, le=300, accepted_units=["bpm"])
    qt_interval: float = quantity("msec", description="Measured QT interval", ge=150, le=800, accepted_units=["s"])


def qtc_band(qtc: float) -> str:
    """Reading of a QTc value without sex (AHA/ACCF/HRS 2009 thresholds)."""
    if qtc < 350:
        return "short (< 350 msec)"
    if qtc < 450:
        return "normal (< 450 msec)"
    if qtc < 500:
        return "prolonged (>= 450 msec in men, >= 460 msec in women)"
    return "markedly prolonged (>= 500 msec): high risk of torsades de pointes"


@dataclass(frozen=True)
class _QTcFormula:
    slug: str
    label: str
    medcalc_id: int
    medcalc_name: str
    form: str  # as written in the explanation
    fn: Callable[[float, float, float], float]  # (qt_ms, hr_bpm, rr_s) -> qtc_ms
    step: Callable[[float, float, float, float], str]
    reference: str
    aliases: tuple[str, ...]


def _make_compute(f: _QTcFormula) -> Callable[[QTcInputs], CalculatorResult]:
    def compute(x: QTcInputs) -> CalculatorResult:
        rr = 60.0 / x.heart_rate
        value = f.fn(x.qt_interval, x.heart_rate, rr)
        return CalculatorResult(
            calculator=f.slug, name=f"QTc ({f.label})", value=value, unit="msec",
            interpretation=qtc_band(value),
            explanation=[f"QTc ({f.label}) = {f.form}",
                         f"RR = 60 / heart rate = 60 / {x.heart_rate:g} = {rr:.5f} s",
                         f.step(x.qt_interval, x.heart_rate, rr, value)],
            components={"rr_interval_s": rr},
            reference=f.reference,
        )
    return compute


_QTC_FORMULAS = [
    _QTcFormula(
        "qtc_bazett", "Bazett", 11, "QTc Bazett Calculator", "QT / sqrt(RR)",
        lambda qt, hr, rr: qt / math.sqrt(rr),
        lambda qt, hr, rr, v: f"QTc = {qt:g} / sqrt({rr:.5f}) = {v:.5f} msec",
        "Bazett HC. An analysis of the time-relations of electrocardiograms. Heart 1920;7:353-70.",
        ("Bazett", "QTc", "corrected QT", "Corrected QT Interval (QTc)"),
    ),
    _QTcFormula(
        "qtc_fridericia", "Fridericia", 56, "QTc Fridericia Calculator", "QT / RR^(1/3)",
        lambda qt, hr, rr: qt / rr ** (1 / 3),
        lambda qt, hr, rr, v: f"QTc = {qt:g} / {rr:.5f}^(1/3) = {v:.5f} msec",
        "Fridericia LS. Die Systolendauer im Elektrokardiogramm bei normalen Menschen und bei Herzkranken. "
        "Acta Med Scand 1920;53:469-86.",
        ("Fridericia", "Fredericia", "cube-root QT correction"),
    ),
    _QTcFormula(
        "qtc_framingham", "Framingham", 57, "QTc Framingham Calculator", "QT + 154 x (1 - RR)",
        lambda qt, hr, rr: qt + 154 * (1 - rr),
        lambda qt, hr, rr, v: f"QTc = {qt:g} + 154 x (1 - {rr:.5f}) = {v:.5f} msec",
        "Sagie A, Larson MG, Goldberg RJ, Bengtson JR, Levy D. An improved method for adjusting the QT interval "
        "for heart rate (the Framingham Heart Study). Am J Cardiol 1992;70:797-801.",
        ("Framingham QTc", "Sagie", "linear QT correction"),
    ),
    _QTcFormula(
        "qtc_hodges", "Hodges", 58, "QTc Hodges Calculator", "QT + 1.75 x (60/RR - 60)  (= QT + 1.75 x (HR - 60))",
        lambda qt, hr, rr: qt + 1.75 * (60 / rr - 60),
        lambda qt, hr, rr, v: f"QTc = {qt:g} + 1.75 x (60/{rr:.5f} - 60) = {v:.5f} msec",
        "Hodges M, Salerno D, Erlien D. Bazett's QT correction reviewed: evidence that a linear QT correction for "
        "heart rate is better. J Am Coll Cardiol 1983;1:694 (abstract).",
        ("Hodges", "Hodges QTc"),
    ),
    _QTcFormula(
        "qtc_rautaharju", "Rautaharju", 59, "QTc Rautaharju Calculator", "QT x (120 + HR) / 180",
        lambda qt, hr, rr: qt * (120 + hr) / 180,
        lambda qt, hr, rr, v: f"QTc = {qt:g} x (120 + {hr:g}) / 180 = {v:.5f} msec",
        "Rautaharju PM, Mason JW, Akiyama T. New age- and sex-specific criteria for QT prolongation based on rate "
        "correction formulas that minimize bias at the upper normal limits. Int J Cardiol 2014;174:535-40.",
        ("Rautaharju", "Rautaharju QTc"),
    ),
]

_QTC_KEYS = {"heart rate or pulse": "heart_rate", "heart rate": "heart_rate", "pulse": "heart_rate",
             "qt interval": "qt_interval", "qt": "qt_interval"}

QTC_CALCULATORS: dict[str, Calculator] = {}
for _f in _QTC_FORMULAS:
    QTC_CALCULATORS[_f.slug] = register(Calculator(
        id=_f.slug, name=f"QTc ({_f.label})", category="physical",
        description=f"Heart-rate-corrected QT interval (msec) by the {_f.label} formula, QTc = {_f.form}, "
                    "from the measured QT and heart rate.",
        inputs=QTcInputs, compute=_make_compute(_f), reference=_f.reference,
        output_unit="msec", output_type="decimal",
        medcalc_id=_f.medcalc_id, medcalc_name=_f.medcalc_name,
        # every formula computes 'the corrected QT': the generic names are shared, the formula's name is its own
        aliases=list(dict.fromkeys([*_f.aliases, f"{_f.label} formula", "QTc", "corrected QT", "corrected QT interval"])),
        conventions=[f"MedCalc-Bench form: QTc = {_f.form}, QT in msec, RR = 60 / heart rate in seconds.",
                     f"Interpretation thresholds (sex not taken): {ECG_STD_REF}"],
        medcalc_keys=dict(_QTC_KEYS),
    ))
