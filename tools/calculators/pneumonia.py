"""Pneumonia Severity Index (PSI / PORT score) for community-acquired pneumonia (Fine 1997).

The point total (the MedCalc-Bench answer) and the PORT risk class I-V are
returned. Risk class I is assigned by Fine's step 1 (age <= 50 with none of the
five comorbidities and none of the five examination abnormalities); the other
classes follow from the point total.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, sex_input
from medmirror.tools.calculators.base import Calculator, CalculatorResult, finding, quantity
from medmirror.tools.calculators.registry import register


def _percent(v: Any) -> Any:
    """A bare fraction (0 < v <= 1) is read as a fraction and turned into %."""
    if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 1:
        return float(v) * 100
    return v


class PSIInputs(SexNormalised):
    age: float = quantity("years", description="Age", ge=1, le=120)
    sex: Sex = sex_input()
    nursing_home_resident: bool = finding("Nursing home resident")
    neoplastic_disease: bool = finding("Neoplastic disease (active cancer other than basal/squamous skin cancer, "
                                       "or diagnosed within 1 year)")
    liver_disease: bool = finding("Liver disease history (cirrhosis or other chronic liver disease)")
    chf: bool = finding("Congestive heart failure history")
    cerebrovascular_disease: bool = finding("Cerebrovascular disease history (stroke or TIA)")
    renal_disease: bool = finding("Renal disease history (chronic renal disease)")
    altered_mental_status: bool = finding("Altered mental status (disorientation, stupor or coma)")
    respiratory_rate: float | None = quantity("1/min", description="Respiratory rate", ge=0, le=100, default=None)
    systolic_bp: float | None = quantity("mmHg", description="Systolic blood pressure", ge=20, le=300, default=None)
    temperature: float | None = quantity("degC", description="Temperature", ge=13, le=47, accepted_units=["degF"],
                                         default=None)
    heart_rate: float | None = quantity("1/min", description="Pulse", ge=0, le=300, default=None)
    ph: float | None = Field(None, description="Arterial pH", ge=6.5, le=8.0)
    bun: float | None = quantity("mg/dL", analyte="bun", description="Blood urea nitrogen", ge=1, le=300,
                                 accepted_units=["mmol/L"], default=None)
    sodium: float | None = quantity("mmol/L", analyte="sodium", description="Serum sodium", ge=80, le=220,
                                    accepted_units=["mEq/L"], default=None)
    glucose: float | None = quantity("mg/dL", analyte="glucose", description="Serum glucose", ge=5, le=3000,
                                     accepted_units=["mmol/L"], default=None)
    hematocrit: float | None = quantity("%", description="Haematocrit", ge=5, le=80, default=None)
    pao2: float | None = quantity("mmHg", description="Arterial PaO2", ge=10, le=700, accepted_units=["kPa"],
                                  default=None)
    o2_saturation: float | None = quantity("%", description="Arterial O2 saturation (used with or instead of PaO2)",
                                           ge=30, le=100, default=None)
    pleural_effusion: bool = finding("Pleural effusion on chest x-ray")

    @field_validator("hematocrit", "o2_saturation", mode="before")
    @classmethod
    def _fraction(cls, v: Any) -> Any:
        return _percent(v)


_CLASSES = {
    "I": "risk class I (mortality ~0.1%): outpatient care",
    "II": "risk class II (mortality ~0.6%): outpatient care",
    "III": "risk class III (mortality ~0.9-2.8%): outpatient care or brief observation/admission",
    "IV": "risk class IV (mortality ~8-9%): inpatient care",
    "V": "risk class V (mortality ~27-29%): inpatient care (consider ICU)",
}


def psi_class(total: int, class_one: bool) -> str:
    if class_one:
        return "I"
    return "II" if total <= 70 else "III" if total <= 90 else "IV" if total <= 130 else "V"


def _psi(x: PSIInputs) -> CalculatorResult:
    pts: dict[str, int] = {}
    steps: list[str] = []
    assumed: list[str] = []
    age = int(x.age)
    pts["age"] = age - 10 if x.sex == "female" else age
    steps.append(f"age {age} y, {x.sex}: {'age - 10' if x.sex == 'female' else 'age'} = {pts['age']} points")

    findings = [
        ("nursing_home_resident", "nursing home resident", 10),
        ("neoplastic_disease", "neoplastic disease", 30), ("liver_disease", "liver disease", 20),
        ("chf", "congestive heart failure", 10), ("cerebrovascular_disease", "cerebrovascular disease", 10),
        ("renal_disease", "renal disease", 10), ("altered_mental_status", "altered mental status", 20),
        ("pleural_effusion", "pleural effusion on x-ray", 10),
    ]
    for field, label, weight in findings:
        present = bool(getattr(x, field))
        pts[field] = weight if present else 0
        steps.append(f"{label}: {'present' if present else 'absent'} -> +{pts[field]}")

    def measured(field: str, label: str, value: float | None, abnormal: bool, rule: str, weight: int) -> None:
        if value is None:
            pts[field] = 0
            assumed.append(field)
            steps.append(f"{label} not given: assumed normal -> +0")
        else:
            pts[field] = weight if abnormal else 0
            steps.append(f"{label} {value:.4g} ({rule}): +{pts[field]}")

    t = x.temperature
    measured("respiratory_rate", "respiratory rate /min", x.respiratory_rate,
             x.respiratory_rate is not None and x.respiratory_rate >= 30, ">= 30 -> 20", 20)
    measured("systolic_bp", "systolic BP mmHg", x.systolic_bp, x.systolic_bp is not None and x.systolic_bp < 90,
             "< 90 -> 20", 20)
    measured("temperature", "temperature °C", t, t is not None and (t < 35 or t > 39.9),
             "< 35 or > 39.9 -> 15", 15)
    measured("heart_rate", "pulse /min", x.heart_rate, x.heart_rate is not None and x.heart_rate >= 125,
             ">= 125 -> 10", 10)
    measured("ph", "arterial pH", x.ph, x.ph is not None and x.ph < 7.35, "< 7.35 -> 30", 30)
    measured("bun", "BUN mg/dL", x.bun, x.bun is not None and x.bun >= 30, ">= 30 mg/dL (11 mmol/L) -> 20", 20)
    measured("sodium", "sodium mmol/L", x.sodium, x.sodium is not None and x.sodium < 130, "< 130 -> 20", 20)
    measured("glucose", "glucose mg/dL", x.glucose, x.glucose is not None and x.glucose >= 250,
             ">= 250 mg/dL (14 mmol/L) -> 10", 10)
    measured("hematocrit", "haematocrit %", x.hematocrit, x.hematocrit is not None and x.hematocrit < 30,
             "< 30 -> 10", 10)
    if x.pao2 is None and x.o2_saturation is None:
        pts["oxygenation"] = 0
        assumed.append("pao2")
        steps.append("PaO2 / O2 saturation not given: assumed normal -> +0")
    else:
        low = (x.pao2 is not None and x.pao2 < 60) or (x.o2_saturation is not None and x.o2_saturation < 90)
        pts["oxygenation"] = 10 if low else 0
        shown = ", ".join(s for s in (f"PaO2 {x.pao2:g} mmHg" if x.pao2 is not None else "",
                                      f"SaO2 {x.o2_saturation:g}%" if x.o2_saturation is not None else "") if s)
        steps.append(f"{shown} (PaO2 < 60 mmHg or SaO2 < 90% -> 10): +{pts['oxygenation']}")

    total = sum(pts.values())
    comorbid = x.neoplastic_disease or x.liver_disease or x.chf or x.cerebrovascular_disease or x.renal_disease
    exam = (x.altered_mental_status or (x.heart_rate is not None and x.heart_rate >= 125)
            or (x.respiratory_rate is not None and x.respiratory_rate >= 30)
            or (x.systolic_bp is not None and x.systolic_bp < 90) or (t is not None and (t < 35 or t >= 40)))
    class_one = age <= 50 and not comorbid and not exam
    cls = psi_class(total, class_one)
    steps.append(f"PSI = {total} points")
    steps.append("step 1: age <= 50 with no comorbidity and no examination abnormality -> class I" if class_one
                 else "class by points: <= 70 II, 71-90 III, 91-130 IV, > 130 V" + f" -> class {cls}")
    interp = _CLASSES[cls]
    if x.age < 18:
        interp += "; PSI was derived and validated in adults only"
    return CalculatorResult(
        calculator="psi", name="Pneumonia Severity Index (PSI)", value=total, unit="points",
        interpretation=interp, explanation=steps,
        reference=("Fine MJ, Auble TE, Yealy DM, et al. A prediction rule to identify low-risk patients with "
                   "community-acquired pneumonia. N Engl J Med. 1997;336(4):243-250."),
        components={**pts, "risk_class": cls}, assumed=assumed,
    )


PSI = register(Calculator(
    id="psi", name="PSI Score: Pneumonia Severity Index for CAP", category="severity",
    description=("Pneumonia Severity Index (PSI / PORT score) for community-acquired pneumonia: points and risk "
                 "class I-V (30-day mortality; outpatient vs inpatient care) from demographics, comorbidities, "
                 "examination, labs and pleural effusion."),
    inputs=PSIInputs, compute=_psi,
    core=("respiratory_rate", "systolic_bp", "temperature", "heart_rate"),  # the examination's vital signs observed
    reference="Fine MJ et al. N Engl J Med. 1997;336(4):243-250.",
    output_unit="points", output_type="integer",
    medcalc_id=29, medcalc_name="PSI Score: Pneumonia Severity Index for CAP",
    aliases=["PSI", "PORT score", "Pneumonia Severity Index", "pneumonia risk class", "CAP severity", "PSI/PORT Score: Pneumonia Severity Index for CAP"],
    conventions=[
        "The answer is the point total (age, -10 for women, plus the items); the risk class is in the "
        "interpretation.",
        "Findings and measurements not documented score 0 (assumed normal), as in Fine 1997 and MedCalc-Bench; "
        "the vital signs (respiratory rate, systolic pressure, temperature, pulse) must be observed.",
        "Temperature scores when < 35 °C or > 39.9 °C (MedCalc-Bench's wording of Fine's >= 40 °C).",
        "Glucose >= 250 mg/dL, BUN >= 30 mg/dL, PaO2 < 60 mmHg (or SaO2 < 90%); SI units are converted.",
        "Age in completed years.",
    ],
    medcalc_keys={
        "age": "age", "sex": "sex", "Nursing home resident": "nursing_home_resident",
        "Neoplastic disease": "neoplastic_disease", "Liver disease history": "liver_disease",
        "Congestive Heart Failure": "chf", "CHF History": "chf", "Congestive heart failure history": "chf",
        "Congestive Heart Failure History": "chf",
        "Cerebrovascular disease history": "cerebrovascular_disease", "Renal disease history": "renal_disease",
        "Altered mental status": "altered_mental_status", "respiratory rate": "respiratory_rate",
        "Systolic Blood Pressure": "systolic_bp", "Temperature": "temperature", "Heart Rate or Pulse": "heart_rate",
        "pH": "ph", "Blood Urea Nitrogen (BUN)": "bun", "Sodium": "sodium", "Glucose": "glucose",
        "Hematocrit": "hematocrit", "Partial pressure of oxygen": "pao2", "PaO2": "pao2",
        "O₂ saturation percentage": "o2_saturation", "Pleural effusion on x-ray": "pleural_effusion",
        "Pleural effusion": "pleural_effusion",
    },
))
