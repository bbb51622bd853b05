"""Charlson Comorbidity Index (age-adjusted, as MDCalc and MedCalc-Bench score it).

Charlson 1987 weights the 19 conditions; Charlson 1994 adds one point per decade
from 50 years. Diabetes, liver disease and solid tumour are categorical (their
milder and severer forms are mutually exclusive), as in MedCalc-Bench.
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from pydantic import Field, field_validator

from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, finding, quantity
from medmirror.tools.calculators.registry import register


def _choose(value: Any, synonyms: dict[str, str]) -> Any:
    """Map a categorical answer in any usual spelling (case/punctuation-insensitive) to its canonical option."""
    if not isinstance(value, str):
        return value
    key = re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()
    return synonyms.get(key, value)


LiverDisease = Literal["none", "mild", "moderate to severe"]
Diabetes = Literal["none or diet-controlled", "uncomplicated", "end-organ damage"]
SolidTumor = Literal["none", "localized", "metastatic"]

_LIVER_SYN = {
    "none": "none", "no": "none", "absent": "none", "mild": "mild",
    "chronic hepatitis": "mild", "cirrhosis without portal hypertension": "mild",
    "moderate to severe": "moderate to severe", "moderate severe": "moderate to severe",
    "moderate": "moderate to severe", "severe": "moderate to severe",
    "cirrhosis with portal hypertension": "moderate to severe",
}
_DIABETES_SYN = {
    "none or diet controlled": "none or diet-controlled", "none": "none or diet-controlled",
    "no": "none or diet-controlled", "diet controlled": "none or diet-controlled",
    "uncomplicated": "uncomplicated",
    "end organ damage": "end-organ damage", "complicated": "end-organ damage",
    "end organ damage present": "end-organ damage",
}
_TUMOR_SYN = {
    "none": "none", "no": "none", "absent": "none",
    "localized": "localized", "localised": "localized", "local": "localized",
    "metastatic": "metastatic", "metastasis": "metastatic", "metastases": "metastatic",
    "metastatic solid tumor": "metastatic",
}


class CharlsonInputs(CalculatorInputs):
    age: float = quantity("years", description="Age", ge=0, le=120)
    myocardial_infarction: bool = finding("History of definite or probable myocardial infarction")
    chf: bool = finding("Congestive heart failure")
    peripheral_vascular_disease: bool = finding(
        "Peripheral vascular disease (claudication, bypass, gangrene, acute arterial insufficiency, aneurysm >= 6 cm)")
    cerebrovascular_accident: bool = finding("Cerebrovascular accident (stroke)")
    tia: bool = finding("Transient ischaemic attack history")
    dementia: bool = finding("Dementia (chronic cognitive deficit)")
    chronic_pulmonary_disease: bool = finding("Chronic pulmonary disease (e.g. COPD)")
    connective_tissue_disease: bool = finding("Connective tissue disease")
    peptic_ulcer_disease: bool = finding("Peptic ulcer disease (treatment or bleeding)")
    liver_disease: LiverDisease = Field("none", description=(
        "Liver disease: none, mild (chronic hepatitis or cirrhosis without portal hypertension), or moderate to "
        "severe (cirrhosis with portal hypertension)"))
    diabetes: Diabetes = Field("none or diet-controlled", description=(
        "Diabetes mellitus: none or diet-controlled, uncomplicated, or end-organ damage"))
    hemiplegia: bool = finding("Hemiplegia")
    moderate_severe_ckd: bool = finding("Moderate to severe chronic kidney disease")
    solid_tumor: SolidTumor = Field("none", description="Solid tumour: none, localized, or metastatic")
    leukemia: bool = finding("Leukaemia")
    lymphoma: bool = finding("Lymphoma")
    aids: bool = finding("AIDS (not just HIV positive)")

    @field_validator("liver_disease", mode="before")
    @classmethod
    def _liver(cls, v: Any) -> Any:
        return _choose(v, _LIVER_SYN)

    @field_validator("diabetes", mode="before")
    @classmethod
    def _diabetes(cls, v: Any) -> Any:
        return _choose(v, _DIABETES_SYN)

    @field_validator("solid_tumor", mode="before")
    @classmethod
    def _tumor(cls, v: Any) -> Any:
        return _choose(v, _TUMOR_SYN)


def charlson_age_points(age: float) -> int:
    a = int(age)  # completed years
    return 0 if a < 50 else 1 if a < 60 else 2 if a < 70 else 3 if a < 80 else 4


def ten_year_survival(cci: int) -> float:
    """Charlson 1987 estimate as MDCalc gives it: 0.983^(e^(0.9 × CCI))."""
    return 0.983 ** math.exp(0.9 * cci)


def _charlson(x: CharlsonInputs) -> CalculatorResult:
    age_p = charlson_age_points(x.age)
    pts: dict[str, int] = {"age": age_p}
    steps = [f"age {int(x.age)} y (<50: 0, 50-59: 1, 60-69: 2, 70-79: 3, >=80: 4): +{age_p}"]
    binary = [
        ("myocardial_infarction", "myocardial infarction", 1), ("chf", "congestive heart failure", 1),
        ("peripheral_vascular_disease", "peripheral vascular disease", 1),
    ]
    for field, label, w in binary:
        pts[field] = w if getattr(x, field) else 0
        steps.append(f"{label}: {'present' if getattr(x, field) else 'absent'} -> +{pts[field]}")
    cva = x.cerebrovascular_accident or x.tia
    pts["cva_or_tia"] = 1 if cva else 0
    steps.append(f"CVA or TIA (stroke {x.cerebrovascular_accident}, TIA {x.tia}): +{pts['cva_or_tia']}")
    for field, label, w in [
        ("dementia", "dementia", 1), ("chronic_pulmonary_disease", "chronic pulmonary disease", 1),
        ("connective_tissue_disease", "connective tissue disease", 1),
        ("peptic_ulcer_disease", "peptic ulcer disease", 1),
    ]:
        pts[field] = w if getattr(x, field) else 0
        steps.append(f"{label}: {'present' if getattr(x, field) else 'absent'} -> +{pts[field]}")
    pts["liver_disease"] = {"none": 0, "mild": 1, "moderate to severe": 3}[x.liver_disease]
    steps.append(f"liver disease {x.liver_disease} (mild 1, moderate to severe 3): +{pts['liver_disease']}")
    pts["diabetes"] = {"none or diet-controlled": 0, "uncomplicated": 1, "end-organ damage": 2}[x.diabetes]
    steps.append(f"diabetes {x.diabetes} (uncomplicated 1, end-organ damage 2): +{pts['diabetes']}")
    for field, label, w in [("hemiplegia", "hemiplegia", 2), ("moderate_severe_ckd", "moderate to severe CKD", 2)]:
        pts[field] = w if getattr(x, field) else 0
        steps.append(f"{label}: {'present' if getattr(x, field) else 'absent'} -> +{pts[field]}")
    pts["solid_tumor"] = {"none": 0, "localized": 2, "metastatic": 6}[x.solid_tumor]
    steps.append(f"solid tumour {x.solid_tumor} (localized 2, metastatic 6): +{pts['solid_tumor']}")
    for field, label, w in [("leukemia", "leukaemia", 2), ("lymphoma", "lymphoma", 2), ("aids", "AIDS", 6)]:
        pts[field] = w if getattr(x, field) else 0
        steps.append(f"{label}: {'present' if getattr(x, field) else 'absent'} -> +{pts[field]}")
    total = sum(pts.values())
    surv = ten_year_survival(total)
    steps.append(f"CCI = {total}; estimated 10-year survival = 0.983^(e^(0.9 × {total})) = {surv:.1%}")
    return CalculatorResult(
        calculator="charlson", name="Charlson Comorbidity Index", value=total, unit="points",
        interpretation=f"estimated 10-year survival {surv:.0%}",
        explanation=steps,
        reference=("Charlson ME, Pompei P, Ales KL, MacKenzie CR. A new method of classifying prognostic "
                   "comorbidity in longitudinal studies: development and validation. J Chronic Dis. "
                   "1987;40(5):373-383; age adjustment: Charlson M, Szatrowski TP, Peterson J, Gold J. J Clin "
                   "Epidemiol. 1994;47(11):1245-1251."),
        components={**pts, "ten_year_survival": surv},
    )


CHARLSON = register(Calculator(
    id="charlson", name="Charlson Comorbidity Index (CCI)", category="risk",
    description=("Age-adjusted Charlson Comorbidity Index: comorbidity burden and estimated 10-year survival from "
                 "age and 17 conditions (MI, CHF, PVD, stroke/TIA, dementia, COPD, liver disease, diabetes, "
                 "CKD, cancer, leukaemia, lymphoma, AIDS)."),
    inputs=CharlsonInputs, compute=_charlson,
    reference="Charlson ME et al. J Chronic Dis. 1987;40:373-383; Charlson M et al. J Clin Epidemiol. 1994;47:1245-51.",
    output_unit="points", output_type="integer",
    medcalc_id=32, medcalc_name="Charlson Comorbidity Index (CCI)",
    aliases=["CCI", "Charlson index", "Charlson score", "age-adjusted Charlson", "comorbidity index"],
    conventions=[
        "Age points: <50: 0, 50-59: 1, 60-69: 2, 70-79: 3, >=80: 4 (completed years).",
        "Stroke or TIA together score 1; conditions not documented are absent (0).",
        "Liver disease, diabetes and solid tumour are single categorical choices (the severer form replaces the "
        "milder one).",
    ],
    medcalc_keys={
        "age": "age", "Myocardial infarction": "myocardial_infarction", "Congestive Heart Failure": "chf",
        "Congestive heart failure": "chf", "Peripheral vascular disease": "peripheral_vascular_disease",
        "Cerebrovascular Accident": "cerebrovascular_accident",
        "Transient Ischemic Attacks History": "tia", "Transient ischemic attack": "tia",
        "Dementia": "dementia", "Chronic Pulmonary Disease": "chronic_pulmonary_disease",
        "Connective tissue disease": "connective_tissue_disease", "Peptic ulcer disease": "peptic_ulcer_disease",
        "Liver disease": "liver_disease", "Diabetes mellitus": "diabetes", "Hemiplegia": "hemiplegia",
        "Moderate to severe Chronic Kidney Disease": "moderate_severe_ckd", "Solid tumor": "solid_tumor",
        "Leukemia": "leukemia", "Lymphoma": "lymphoma", "AIDS": "aids",
    },
    medcalc_values={
        "liver_disease": {"none": "none", "mild": "mild", "moderate to severe": "moderate to severe"},
        "diabetes": {"none or diet-controlled": "none or diet-controlled", "uncomplicated": "uncomplicated",
                     "end-organ damage": "end-organ damage"},
        "solid_tumor": {"none": "none", "localized": "localized", "metastatic": "metastatic"},
    },
))
