"""Cardiac risk scores: CHA2DS2-VASc, RCRI, HEART, HAS-BLED and Framingham hard-CHD risk.

MedCalc-Bench ids 4, 17, 18, 25 and 46. Each calculator follows its publication;
where MedCalc-Bench's documented convention differs (or fills a gap, e.g. how an
undocumented finding scores) the benchmark's convention is the default and is
listed in the calculator's ``conventions``.

The module also holds the small scoring helpers shared with :mod:`vte` and
:mod:`infection` (:class:`ScoreInputs`, :func:`tally`, :func:`age_points`).
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal, get_args, get_origin

from pydantic import model_validator

from medmirror.tools.calculators.base import (
    Calculator,
    CalculatorInputError,
    CalculatorInputs,
    CalculatorResult,
    InputIssue,
    finding,
    quantity,
)
from medmirror.tools.calculators.registry import register

# ---------------------------------------------------------------------------
# Shared scoring helpers (also used by vte.py and infection.py)
# ---------------------------------------------------------------------------

Sex = Literal["male", "female"]
SEX_VALUES: dict[str, str] = {"male": "male", "female": "female", "m": "male", "f": "female"}

Item = tuple[str, str, int | float]  # (component key, explanation text, points)


class ScoreInputs(CalculatorInputs):
    """Inputs of a point score: Literal options and ``sex`` are matched case-insensitively."""

    @model_validator(mode="before")
    @classmethod
    def _normalise_options(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out = dict(data)
        for name, info in cls.model_fields.items():
            value = out.get(name)
            if not isinstance(value, str):
                continue
            options = _literal_options(info.annotation)
            if not options:
                continue
            v = re.sub(r"\s+", " ", value.strip().lower())
            if name == "sex":
                v = SEX_VALUES.get(v, v)
            match = next((o for o in options if o.lower() == v), None)
            if match is not None:
                out[name] = match
        return out


def _literal_options(annotation: Any) -> list[str]:
    if get_origin(annotation) is Literal:
        return [a for a in get_args(annotation) if isinstance(a, str)]
    for arg in get_args(annotation):  # Optional[Literal[...]]
        if get_origin(arg) is Literal:
            return [a for a in get_args(arg) if isinstance(a, str)]
    return []


def tally(items: list[Item]) -> tuple[int | float, dict[str, int | float], list[str]]:
    """Sum per-criterion points; return (total, components, explanation lines)."""
    components = {key: pts for key, _, pts in items}
    total: int | float = sum(pts for _, _, pts in items)
    if isinstance(total, float) and total.is_integer() and all(isinstance(p, int) for _, _, p in items):
        total = int(total)
    lines = [f"{text} -> {pts:+g} point(s)" for _, text, pts in items]
    lines.append("Total = " + " + ".join(f"{pts:g}" for _, _, pts in items) + f" = {total:g}")
    return total, components, lines


def yes_no(flag: bool, given: bool) -> str:
    """Render a finding, noting when it was assumed absent."""
    if flag:
        return "present"
    return "absent" if given else "not documented, assumed absent"


def age_points(age: float, bands: list[tuple[float, int]], top: int) -> int:
    """Points for ``age``: the first band whose upper bound (exclusive) exceeds age, else ``top``."""
    for upper, pts in bands:
        if age < upper:
            return pts
    return top


def input_error(calculator: str, name: str, problem: str, message: str, expected: str = "") -> CalculatorInputError:
    return CalculatorInputError(calculator, [InputIssue(name, problem, message, expected)])


def age_field(ge: float = 0, le: float = 120) -> Any:
    return quantity("years", description="Age", ge=ge, le=le, accepted_units=["months"])


# ---------------------------------------------------------------------------
# 4: CHA2DS2-VASc
# ---------------------------------------------------------------------------

CHA2DS2_REF = (
    "Lip GYH, Nieuwlaat R, Pisters R, Lane DA, Crijns HJGM. Refining clinical risk stratification for "
    "predicting stroke and thromboembolism in atrial fibrillation using a novel risk factor-based approach: "
    "the Euro Heart Survey on Atrial Fibrillation. Chest. 2010;137(2):263-272."
)


# Yearly ischemic stroke rate (%) without anticoagulation by score: Friberg L, Rosenqvist M, Lip GYH. Evaluation
# of risk stratification schemes for ischaemic stroke and bleeding in 182 678 patients with atrial fibrillation:
# the Swedish Atrial Fibrillation cohort study. Eur Heart J. 2012;33(12):1500-1510.
_CHA2DS2_STROKE_RATE = {0: "0.2", 1: "0.6", 2: "2.2", 3: "3.2", 4: "4.8", 5: "7.2", 6: "9.7", 7: "11.2", 8: "10.8",
                        9: "12.2"}


class CHA2DS2VAScInputs(ScoreInputs):
    age: float = age_field()
    sex: Sex
    congestive_heart_failure: bool = finding("History of congestive heart failure / LV dysfunction")
    hypertension: bool = finding("History of hypertension")
    stroke: bool = finding("Prior stroke")
    tia: bool = finding("Prior transient ischemic attack")
    thromboembolism: bool = finding("Prior thromboembolism")
    vascular_disease: bool = finding("Vascular disease: prior myocardial infarction, peripheral artery disease or aortic plaque")
    diabetes: bool = finding("Diabetes mellitus")


def _cha2ds2_vasc(x: CHA2DS2VAScInputs) -> CalculatorResult:
    g = x.given()
    age_pts = age_points(x.age, [(65, 0), (75, 1)], 2)
    stroke_any = x.stroke or x.tia or x.thromboembolism
    stroke_txt = ", ".join(f"{n} {yes_no(v, k in g)}" for n, v, k in (
        ("stroke", x.stroke, "stroke"), ("TIA", x.tia, "tia"), ("thromboembolism", x.thromboembolism, "thromboembolism")))
    items: list[Item] = [
        ("age", f"Age {x.age:g} years (<65: 0, 65-74: 1, >=75: 2)", age_pts),
        ("sex", f"Sex {x.sex} (female: 1)", 1 if x.sex == "female" else 0),
        ("congestive_heart_failure", f"Congestive heart failure {yes_no(x.congestive_heart_failure, 'congestive_heart_failure' in g)}",
         int(x.congestive_heart_failure)),
        ("hypertension", f"Hypertension {yes_no(x.hypertension, 'hypertension' in g)}", int(x.hypertension)),
        ("stroke_tia_thromboembolism", f"Stroke/TIA/thromboembolism ({stroke_txt})", 2 if stroke_any else 0),
        ("vascular_disease", f"Vascular disease {yes_no(x.vascular_disease, 'vascular_disease' in g)}", int(x.vascular_disease)),
        ("diabetes", f"Diabetes {yes_no(x.diabetes, 'diabetes' in g)}", int(x.diabetes)),
    ]
    total, comps, lines = tally(items)
    # 2020 ESC AF guideline: the female point alone does not indicate anticoagulation.
    non_sex = int(total) - (1 if x.sex == "female" else 0)
    if non_sex == 0:
        interp = "low risk: oral anticoagulation not indicated"
    elif non_sex == 1:
        interp = "intermediate (low-moderate) risk: consider oral anticoagulation"
    else:
        interp = "high (moderate-high) risk: oral anticoagulation recommended"
    interp += (f"; {_CHA2DS2_STROKE_RATE[int(total)]}% yearly risk of ischemic stroke without anticoagulation at a "
               f"score of {int(total)} (Friberg 2012)")
    return CalculatorResult(
        calculator="cha2ds2_vasc", name="CHA2DS2-VASc Score", value=int(total), unit="points",
        interpretation=interp, explanation=lines, reference=CHA2DS2_REF, components=comps,
    )


# MDCalc 801 (RiskAgent's library): its age is a band (0: <65, 1: 65-74, 2: >=75), read here as an age inside
# the band (64, 65, 75: the band's points are what the score uses); sex 1 = female; stroke/TIA/TE value 2 = yes.
_CHA2DS2_MDCALC_AGE = {0: 64, 1: 65, 2: 75}
_CHA2DS2_MDCALC_FLAGS = {"heart_failure": "congestive_heart_failure", "hypertension": "hypertension",
                         "stroke": "stroke", "vascular_disease": "vascular_disease", "diabetes": "diabetes"}


def _cha2ds2_mdcalc(mdcalc_id: int, raw: dict[str, Any]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    if raw.get("age") in _CHA2DS2_MDCALC_AGE:
        args["age"] = _CHA2DS2_MDCALC_AGE[raw["age"]]
    if raw.get("sex") in (0, 1):
        args["sex"] = "female" if raw["sex"] == 1 else "male"
    for key, name in _CHA2DS2_MDCALC_FLAGS.items():
        if key in raw:
            args[name] = bool(raw[key])
    return args


register(Calculator(
    id="cha2ds2_vasc", name="CHA2DS2-VASc Score", category="risk",
    description="Stroke and thromboembolism risk score in atrial fibrillation (0-9 points) to decide on oral anticoagulation.",
    inputs=CHA2DS2VAScInputs, compute=_cha2ds2_vasc, reference=CHA2DS2_REF,
    output_unit="points", output_type="integer",
    medcalc_id=4, medcalc_name="CHA2DS2-VASc Score for Atrial Fibrillation Stroke Risk",
    aliases=["CHA2DS2-VASc", "CHADS-VASc", "CHA2DS2VASc", "atrial fibrillation stroke risk", "AF anticoagulation score"],
    conventions=[
        "Undocumented history items are assumed absent (0 points).",
        "Stroke, TIA and thromboembolism together give 2 points once.",
        "Age bands: <65 = 0, 65-74 = 1, >=75 = 2; female sex = 1.",
        "Interpretation by the 2020 ESC AF guideline (female point excluded); the yearly ischemic stroke risk per "
        "score is the Swedish AF cohort's rate without anticoagulation (Friberg 2012).",
    ],
    medcalc_keys={
        "age": "age", "sex": "sex",
        "Congestive Heart Failure": "congestive_heart_failure", "Congestive Heart Failure history": "congestive_heart_failure",
        "Hypertension history": "hypertension", "Hypertension": "hypertension",
        "Stroke": "stroke", "Stroke history": "stroke",
        "Transient Ischemic Attacks History": "tia", "Transient Ischemic Attack": "tia",
        "Thromboembolism history": "thromboembolism", "Thromboembolism": "thromboembolism",
        "Vascular disease history": "vascular_disease", "Vascular disease": "vascular_disease",
        "Diabetes history": "diabetes", "Diabetes mellitus": "diabetes", "Diabetes": "diabetes",
    },
    medcalc_values={"sex": {"Male": "male", "Female": "female"}},
    mdcalc_ids=[801], mdcalc_adapter=_cha2ds2_mdcalc,
))


# ---------------------------------------------------------------------------
# 17: Revised Cardiac Risk Index
# ---------------------------------------------------------------------------

RCRI_REF = (
    "Lee TH, Marcantonio ER, Mangione CM, et al. Derivation and prospective validation of a simple index for "
    "prediction of cardiac risk of major noncardiac surgery. Circulation. 1999;100(10):1043-1049."
)
RCRI_CLASS = {0: ("I", "0.4%"), 1: ("II", "0.9%"), 2: ("III", "6.6%")}


class RCRIInputs(ScoreInputs):
    elevated_risk_surgery: bool = finding("High-risk surgery: intraperitoneal, intrathoracic or suprainguinal vascular")
    ischemic_heart_disease: bool = finding(
        "History of ischemic heart disease: MI, positive exercise test, ischemic chest pain, nitrate use or pathological Q waves")
    congestive_heart_failure: bool = finding(
        "History of congestive heart failure: pulmonary edema, bilateral rales or S3 gallop, PND, or CXR vascular redistribution")
    cerebrovascular_disease: bool = finding("History of cerebrovascular disease: prior TIA or stroke")
    insulin_treatment: bool = finding("Pre-operative treatment with insulin")
    creatinine: float | None = quantity(
        "mg/dL", description="Pre-operative serum creatinine (criterion: > 2 mg/dL); not given = assumed <= 2",
        analyte="creatinine", ge=0.1, le=40, accepted_units=["µmol/L"], default=None)


def _rcri(x: RCRIInputs) -> CalculatorResult:
    g = x.given()
    if x.creatinine is None:
        cr_txt, cr_pts = "Pre-operative creatinine not given, assumed <= 2 mg/dL", 0
    else:
        cr_pts = int(x.creatinine > 2.0)
        cr_txt = f"Pre-operative creatinine {x.creatinine:g} mg/dL ({'>' if cr_pts else '<='} 2 mg/dL = 176.8 µmol/L)"
    items: list[Item] = [
        ("elevated_risk_surgery", f"Elevated-risk surgery {yes_no(x.elevated_risk_surgery, 'elevated_risk_surgery' in g)}",
         int(x.elevated_risk_surgery)),
        ("ischemic_heart_disease", f"Ischemic heart disease {yes_no(x.ischemic_heart_disease, 'ischemic_heart_disease' in g)}",
         int(x.ischemic_heart_disease)),
        ("congestive_heart_failure", f"Congestive heart failure {yes_no(x.congestive_heart_failure, 'congestive_heart_failure' in g)}",
         int(x.congestive_heart_failure)),
        ("cerebrovascular_disease", f"Cerebrovascular disease {yes_no(x.cerebrovascular_disease, 'cerebrovascular_disease' in g)}",
         int(x.cerebrovascular_disease)),
        ("insulin_treatment", f"Pre-operative insulin {yes_no(x.insulin_treatment, 'insulin_treatment' in g)}",
         int(x.insulin_treatment)),
        ("creatinine_gt_2", cr_txt, cr_pts),
    ]
    total, comps, lines = tally(items)
    cls, rate = RCRI_CLASS.get(int(total), ("IV", "11%"))
    return CalculatorResult(
        calculator="rcri", name="Revised Cardiac Risk Index (RCRI)", value=int(total), unit="points",
        interpretation=(f"class {cls}: {_RCRI_DUCEPPE[min(int(total), 3)]} 30-day risk of cardiac death, "
                        f"myocardial infarction or cardiac arrest (Duceppe 2017); major cardiac complication rate "
                        f"{rate} in Lee 1999's validation cohort"),
        explanation=lines, reference=RCRI_REF, components=comps,
        assumed=["creatinine"] if x.creatinine is None else [],
    )


# Duceppe E, et al. Canadian Cardiovascular Society guidelines on perioperative cardiac risk assessment and
# management for patients who undergo noncardiac surgery. Can J Cardiol. 2017;33(1):17-32 (0, 1, 2, >= 3 points).
_RCRI_DUCEPPE = {0: "3.9%", 1: "6.0%", 2: "10.1%", 3: "15.0%"}


def _rcri_from_mdcalc(mdcalc_id: int, raw: dict[str, Any]) -> dict[str, Any]:
    """MDCalc 1739's gold inputs (one yes/no per criterion) -> this calculator's inputs; the creatinine
    criterion becomes a value on its side of the 2 mg/dL cut-off."""
    names = {"surgery": "elevated_risk_surgery", "heart_disease": "ischemic_heart_disease",
             "heart_failure": "congestive_heart_failure", "cerebrovasclar_disease": "cerebrovascular_disease",
             "pre_op_insulin": "insulin_treatment"}
    out: dict[str, Any] = {ours: bool(raw[theirs]) for theirs, ours in names.items() if theirs in raw}
    if "pre_op_creatinine" in raw:
        out["creatinine"] = 2.5 if raw["pre_op_creatinine"] else 1.0
    return out


register(Calculator(
    id="rcri", name="Revised Cardiac Risk Index (RCRI)", category="risk",
    description="Lee Revised Cardiac Risk Index: risk of major cardiac complications after noncardiac surgery (0-6 points).",
    inputs=RCRIInputs, compute=_rcri, reference=RCRI_REF, output_unit="points", output_type="integer",
    medcalc_id=17, medcalc_name="Revised Cardiac Risk Index for Pre-Operative Risk",
    mdcalc_ids=[1739], mdcalc_adapter=_rcri_from_mdcalc,
    aliases=["RCRI", "Lee index", "Lee criteria", "revised Goldman index", "pre-operative cardiac risk"],
    conventions=[
        "Undocumented criteria are assumed absent (0 points); creatinine not given is assumed <= 2 mg/dL.",
        "Creatinine criterion is strictly > 2 mg/dL (176.8 µmol/L); µmol/L converted with M = 113.12 g/mol.",
    ],
    medcalc_keys={
        "Elevated-risk surgery": "elevated_risk_surgery",
        "History of ischemic heart disease": "ischemic_heart_disease",
        "Congestive Heart Failure criteria for the Cardiac Risk Index rule": "congestive_heart_failure",
        "Congestive Heart Failure": "congestive_heart_failure",
        "History of cerebrovascular disease": "cerebrovascular_disease",
        "Pre-operative treatment with insulin": "insulin_treatment",
        "Pre-operative creatinine": "creatinine", "creatinine": "creatinine",
    },
))


# ---------------------------------------------------------------------------
# 18: HEART score
# ---------------------------------------------------------------------------

HEART_REF = (
    "Six AJ, Backus BE, Kelder JC. Chest pain in the emergency room: value of the HEART score. "
    "Neth Heart J. 2008;16(6):191-196; Backus BE, et al. A prospective validation of the HEART score for chest "
    "pain patients at the emergency department. Int J Cardiol. 2013;168(3):2153-2158."
)
HistoryLevel = Literal["slightly suspicious", "moderately suspicious", "highly suspicious"]
EcgLevel = Literal["normal", "non-specific repolarization disturbance", "significant st deviation"]
TroponinLevel = Literal["<= normal limit", "1-3x normal limit", ">3x normal limit"]


class HEARTInputs(ScoreInputs):
    history: HistoryLevel = "slightly suspicious"
    ecg: EcgLevel = "normal"
    age: float = age_field()
    initial_troponin: TroponinLevel = "<= normal limit"
    hypertension: bool = finding("Hypertension")
    hypercholesterolemia: bool = finding("Hypercholesterolemia")
    diabetes: bool = finding("Diabetes mellitus")
    obesity: bool = finding("Obesity (BMI > 30 kg/m²)")
    bmi: float | None = quantity("kg/m²", description="Body mass index; > 30 counts as obesity", ge=8, le=120, default=None)
    smoking: bool = finding("Current smoker or quit within 3 months")
    family_history: bool = finding("Parent or sibling with cardiovascular disease before age 65")
    atherosclerotic_disease: bool = finding("Known atherosclerotic disease: prior MI, PCI/CABG, CVA/TIA or peripheral arterial disease")
    tia_history: bool = finding("Prior transient ischemic attack (counts as atherosclerotic disease)")


_HEART_LEVEL_POINTS: dict[str, int] = {
    "slightly suspicious": 0, "moderately suspicious": 1, "highly suspicious": 2,
    "normal": 0, "non-specific repolarization disturbance": 1, "significant st deviation": 2,
    "<= normal limit": 0, "1-3x normal limit": 1, ">3x normal limit": 2,
}


def _heart(x: HEARTInputs) -> CalculatorResult:
    g = x.given()
    obese = x.obesity or (x.bmi is not None and x.bmi > 30)
    athero = x.atherosclerotic_disease or x.tia_history
    factors = {
        "hypertension": x.hypertension, "hypercholesterolemia": x.hypercholesterolemia, "diabetes mellitus": x.diabetes,
        "obesity": obese, "smoking": x.smoking, "family history of CVD < 65": x.family_history,
        "atherosclerotic disease": athero,
    }
    present = [k for k, v in factors.items() if v]
    n = len(present)
    if athero or n >= 3:
        rf_pts = 2
    elif n >= 1:
        rf_pts = 1
    else:
        rf_pts = 0
    rf_txt = (f"Risk factors present: {', '.join(present) or 'none'} ({n}; "
              "0 = 0, 1-2 = 1, >=3 or atherosclerotic disease = 2)")
    if x.bmi is not None:
        rf_txt += f"; BMI {x.bmi:g} kg/m²"

    def level(name: str, label: str, value: str) -> str:
        return f"{label}: {value}" + ("" if name in g else " (not given, assumed)")

    items: list[Item] = [
        ("history", level("history", "History", x.history), _HEART_LEVEL_POINTS[x.history]),
        ("ecg", level("ecg", "ECG", x.ecg), _HEART_LEVEL_POINTS[x.ecg]),
        ("age", f"Age {x.age:g} years (<45: 0, 45-64: 1, >=65: 2)", age_points(x.age, [(45, 0), (65, 1)], 2)),
        ("risk_factors", rf_txt, rf_pts),
        ("troponin", level("initial_troponin", "Initial troponin", x.initial_troponin),
         _HEART_LEVEL_POINTS[x.initial_troponin]),
    ]
    total, comps, lines = tally(items)
    if total <= 3:
        interp = "low risk (0-3): 0.9-1.7% risk of major adverse cardiac event"
    elif total <= 6:
        interp = "moderate risk (4-6): 12-16.6% risk of major adverse cardiac event"
    else:
        interp = "high risk (7-10): 50-65% risk of major adverse cardiac event"
    return CalculatorResult(
        calculator="heart_score", name="HEART Score", value=int(total), unit="points",
        interpretation=interp, explanation=lines, reference=HEART_REF, components=comps,
    )


def _heart_from_mdcalc(mdcalc_id: int, raw: dict[str, Any]) -> dict[str, Any]:
    """MDCalc 1752's gold inputs (each item's points, 0-2) -> this calculator's inputs.

    MDCalc gives age and risk factors as their point levels only: an age inside the level's range stands
    for it (<45 -> 40, 45-64 -> 55, >=65 -> 70), and the risk-factor level by one factor (1 -> hypertension)
    or by known atherosclerotic disease (2), which score the same.
    """
    levels = {"history": ["slightly suspicious", "moderately suspicious", "highly suspicious"],
              "ekg": ["normal", "non-specific repolarization disturbance", "significant st deviation"],
              "troponin": ["<= normal limit", "1-3x normal limit", ">3x normal limit"]}
    out: dict[str, Any] = {}
    for key, name in (("history", "history"), ("ekg", "ecg"), ("troponin", "initial_troponin")):
        if key in raw:
            out[name] = levels[key][int(raw[key])]
    if "age" in raw:
        out["age"] = (40, 55, 70)[int(raw["age"])]
    rf = int(raw.get("risk_factors", 0))
    if rf == 1:
        out["hypertension"] = True
    elif rf == 2:
        out["atherosclerotic_disease"] = True
    return out


register(Calculator(
    id="heart_score", name="HEART Score", category="risk",
    description="HEART score (History, ECG, Age, Risk factors, Troponin) for 6-week major adverse cardiac events in emergency chest pain.",
    inputs=HEARTInputs, compute=_heart, reference=HEART_REF, output_unit="points", output_type="integer",
    medcalc_id=18, medcalc_name="HEART Score for Major Cardiac Events",
    mdcalc_ids=[1752], mdcalc_adapter=_heart_from_mdcalc,
    aliases=["HEART", "HEART score", "chest pain MACE risk", "major adverse cardiac events"],
    conventions=[
        "History, ECG and troponin not given are assumed to be the 0-point level (slightly suspicious, normal, <= normal limit).",
        "Risk factors counted: hypertension, hypercholesterolemia, diabetes, obesity (BMI > 30), smoking, "
        "family history of CVD before 65, atherosclerotic disease; undocumented ones assumed absent.",
        "Risk factors: 0 = 0 points, 1-2 = 1, >= 3 or any atherosclerotic disease (prior MI, PCI/CABG, CVA/TIA, PAD) = 2.",
    ],
    medcalc_keys={
        "age": "age", "Suspicion History": "history", "History": "history",
        "Electrocardiogram Test": "ecg", "Electrocardiogram": "ecg", "EKG": "ecg",
        "Initial troponin": "initial_troponin",
        "Hypertension history": "hypertension", "Hypertension": "hypertension",
        "hypercholesterolemia": "hypercholesterolemia",
        "Diabetes mellitus": "diabetes", "Diabetes history": "diabetes",
        "Obesity": "obesity", "Body Mass Index (BMI)": "bmi",
        "smoking": "smoking", "Smoker": "smoking",
        "parent or sibling with Cardiovascular disease before age 65": "family_history",
        "atherosclerotic disease": "atherosclerotic_disease",
        "Transient Ischemic Attacks History": "tia_history",
    },
    medcalc_values={
        "history": {"Slightly suspicious": "slightly suspicious", "Moderately suspicious": "moderately suspicious",
                    "Highly suspicious": "highly suspicious"},
        "ecg": {"Normal": "normal", "Non-specific repolarization": "non-specific repolarization disturbance",
                "Non-specific repolarization disturbance": "non-specific repolarization disturbance",
                "Significant ST deviation": "significant st deviation"},
        "initial_troponin": {
            "less than or equal to normal limit": "<= normal limit",
            "between the normal limit or up to three times the normal limit": "1-3x normal limit",
            "between one and three times normal limit": "1-3x normal limit",
            "greater than three times normal limit": ">3x normal limit",
        },
    },
))


# ---------------------------------------------------------------------------
# 25: HAS-BLED
# ---------------------------------------------------------------------------

HASBLED_REF = (
    "Pisters R, Lane DA, Nieuwlaat R, de Vos CB, Crijns HJGM, Lip GYH. A novel user-friendly score (HAS-BLED) to "
    "assess 1-year risk of major bleeding in patients with atrial fibrillation: the Euro Heart Survey. "
    "Chest. 2010;138(5):1093-1100."
)
HASBLED_RATE = {0: "1.13", 1: "1.02", 2: "1.88", 3: "3.74", 4: "8.70", 5: "12.50"}
# 1-year major bleeding (%) by score in the validation of Lip GYH, Frison L, Halperin JL, Lane DA. Comparative
# validation of a novel risk score for predicting bleeding risk in anticoagulated patients with atrial
# fibrillation: the HAS-BLED score. J Am Coll Cardiol. 2011;57(2):173-180.
HASBLED_LIP_PCT = {0: "0.9", 1: "3.4", 2: "4.1", 3: "5.8", 4: "8.9", 5: "9.1"}


def _has_bled_text(total: int) -> str:
    """The risk group of the score first (0 relatively low, 1-2 moderate, 3-5 high, above 5 very high), then the
    per-score figures of the two publications."""
    if total > 5:
        return ("very high risk group: scores above 5 were too rare to give a rate (likely over 10% major bleeding a "
                "year); consider alternatives to anticoagulation, correct modifiable factors")
    figures = (f"{HASBLED_LIP_PCT[total]}% risk of major bleeding in a year (Lip 2011); {HASBLED_RATE[total]} "
               f"bleeds per 100 patient-years (Pisters 2010)")
    if total >= 3:
        return (f"high risk group (>= 3): {figures}; caution, regular review and correction of modifiable factors; "
                "consider alternatives to anticoagulation")
    group = "relatively low risk group" if total <= 1 else "moderate risk group"
    return f"{group}: {figures}; below the high-risk cut-off of 3, anticoagulation can be considered"


class HASBLEDInputs(ScoreInputs):
    age: float = age_field()
    hypertension: bool = finding("Uncontrolled hypertension (systolic > 160 mmHg)")
    renal_disease: bool = finding("Renal disease: dialysis, transplant, Cr > 2.26 mg/dL (200 µmol/L)")
    liver_disease: bool = finding("Liver disease: cirrhosis, or bilirubin > 2x normal with AST/ALT/AP > 3x normal")
    stroke: bool = finding("Stroke history")
    prior_bleeding: bool = finding("Prior major bleeding or predisposition to bleeding")
    labile_inr: bool = finding("Labile INR (unstable/high INRs, time in therapeutic range < 60%)")
    bleeding_medication: bool = finding("Medication predisposing to bleeding (antiplatelets such as aspirin, clopidogrel; NSAIDs)")
    alcohol_drinks_per_week: float | None = quantity(
        "drinks/week", description="Alcoholic drinks per week (>= 8 scores 1); not given = assumed 0",
        ge=0, le=500, default=None)
    alcohol_excess: bool = finding("Alcohol excess (>= 8 drinks/week) when the number of drinks is not known")

    @model_validator(mode="before")
    @classmethod
    def _drinks_number(cls, data: Any) -> Any:
        """Drinks are a count: accept '10 drinks per week', [10, 'drinks/week'] or {'value': 10, 'unit': ...}."""
        if not isinstance(data, dict) or "alcohol_drinks_per_week" not in data:
            return data
        raw = data["alcohol_drinks_per_week"]
        if isinstance(raw, dict) and "value" in raw:
            raw = raw["value"]
        elif isinstance(raw, (list, tuple)) and len(raw) == 2:
            raw = raw[0]
        if isinstance(raw, str):
            m = re.match(r"^\s*(\d+(?:\.\d+)?)\s*(?:(?:alcoholic\s+)?drinks?)?\s*(?:(?:/|per|a)\s*(?:week|wk))?\s*$", raw, re.I)
            if m is None:
                raise ValueError(f"alcohol_drinks_per_week: not a number of drinks per week: {raw!r} (expected drinks/week)")
            raw = float(m.group(1))
        return {**data, "alcohol_drinks_per_week": raw}


def _has_bled(x: HASBLEDInputs) -> CalculatorResult:
    g = x.given()
    if x.alcohol_drinks_per_week is not None:
        alc_pts = int(x.alcohol_drinks_per_week >= 8 or x.alcohol_excess)
        alc_txt = f"Alcohol {x.alcohol_drinks_per_week:g} drinks/week ({'>=' if x.alcohol_drinks_per_week >= 8 else '<'} 8)"
        if x.alcohol_excess and x.alcohol_drinks_per_week < 8:
            alc_txt += "; alcohol excess documented"
    else:
        alc_pts = int(x.alcohol_excess)
        alc_txt = ("Alcohol excess (>= 8 drinks/week) present" if x.alcohol_excess
                   else "Alcohol use not quantified, assumed < 8 drinks/week")

    def item(key: str, label: str) -> Item:
        v = getattr(x, key)
        return (key, f"{label} {yes_no(v, key in g)}", int(v))

    items: list[Item] = [
        item("hypertension", "Uncontrolled hypertension"),
        item("renal_disease", "Renal disease"),
        item("liver_disease", "Liver disease"),
        item("stroke", "Stroke history"),
        item("prior_bleeding", "Prior major bleeding or predisposition"),
        item("labile_inr", "Labile INR"),
        ("elderly", f"Age {x.age:g} years (> 65 scores 1)", int(x.age > 65)),
        item("bleeding_medication", "Medication predisposing to bleeding"),
        ("alcohol", alc_txt, alc_pts),
    ]
    total, comps, lines = tally(items)
    return CalculatorResult(
        calculator="has_bled", name="HAS-BLED Score", value=int(total), unit="points",
        interpretation=_has_bled_text(int(total)),
        explanation=lines, reference=HASBLED_REF, components=comps,
    )


# MDCalc 807 (RiskAgent's library): its age item is a toggle "Age >65", read here as an age on the side of the
# threshold it states (66 or 65: only the > 65 test uses age); its alcohol toggle is the >= 8 drinks/week item.
_HASBLED_MDCALC = {"hypertension": "hypertension", "renal_disease": "renal_disease", "liver_disease": "liver_disease",
                   "stroke": "stroke", "bleeding_predisposition": "prior_bleeding", "labile_inr": "labile_inr",
                   "medication_usage": "bleeding_medication", "alcohol_drug_use": "alcohol_excess"}


def _has_bled_mdcalc(mdcalc_id: int, raw: dict[str, Any]) -> dict[str, Any]:
    args: dict[str, Any] = {ours: bool(raw[key]) for key, ours in _HASBLED_MDCALC.items() if key in raw}
    if raw.get("age_65") in (0, 1):
        args["age"] = 66 if raw["age_65"] else 65
    return args


register(Calculator(
    id="has_bled", name="HAS-BLED Score", category="risk",
    description="HAS-BLED score (0-9): 1-year major bleeding risk in anticoagulated atrial fibrillation patients.",
    inputs=HASBLEDInputs, compute=_has_bled, reference=HASBLED_REF, output_unit="points", output_type="integer",
    medcalc_id=25, medcalc_name="HAS-BLED Score for Major Bleeding Risk",
    aliases=["HAS-BLED", "HASBLED", "bleeding risk on anticoagulation"],
    conventions=[
        "Undocumented criteria are assumed absent (0 points).",
        "Age > 65 years scores 1 (66 and over).",
        "Alcohol scores 1 when the number of drinks per week is >= 8; not given = assumed 0 drinks.",
        "Medication (antiplatelets/NSAIDs) and alcohol are separate 1-point items.",
        "Risk groups: 0-1 relatively low, 2 moderate, 3-5 high (>= 3: caution), > 5 very high; figures per score "
        "from Lip 2011 (% major bleeding a year) and Pisters 2010 (bleeds per 100 patient-years).",
    ],
    medcalc_keys={
        "age": "age", "Hypertension": "hypertension", "Hypertension history": "hypertension",
        "Renal disease criteria for the HAS-BLED rule": "renal_disease",
        "Liver disease criteria for the HAS-BLED rule": "liver_disease",
        "Stroke": "stroke", "Stroke history": "stroke",
        "Prior major bleeding or predisposition to bleeding": "prior_bleeding",
        "Labile international normalized ratio": "labile_inr",
        "Medication usage predisposing to bleeding": "bleeding_medication",
        "Number of Alcoholic Drinks Per Week": "alcohol_drinks_per_week",
    },
    mdcalc_ids=[807], mdcalc_adapter=_has_bled_mdcalc,
))


# ---------------------------------------------------------------------------
# 46: Framingham Risk Score for hard CHD (ATP III 2001)
# ---------------------------------------------------------------------------

FRAMINGHAM_REF = (
    "Expert Panel on Detection, Evaluation, and Treatment of High Blood Cholesterol in Adults. Executive Summary of "
    "the Third Report of the National Cholesterol Education Program (NCEP) Adult Treatment Panel III. JAMA. "
    "2001;285(19):2486-2497 (Framingham 10-year hard CHD risk: MI or coronary death)."
)

# (coefficients, constant, baseline survival, age cap of the age x smoker term)
_FRS = {
    "male": dict(ln_age=52.00961, ln_tc=20.014077, ln_hdl=-0.905964, ln_sbp=1.305784, bp_med=0.241549,
                 smoker=12.096316, ln_age_ln_tc=-4.605038, ln_age_smoker=-2.84367, ln_age_sq=-2.93323,
                 const=-172.300168, s0=0.9402, smoke_age_cap=70.0),
    "female": dict(ln_age=31.764001, ln_tc=22.465206, ln_hdl=-1.187731, ln_sbp=2.552905, bp_med=0.420251,
                   smoker=13.07543, ln_age_ln_tc=-5.060998, ln_age_smoker=-2.996945, ln_age_sq=0.0,
                   const=-146.5933061, s0=0.98767, smoke_age_cap=78.0),
}


class FraminghamInputs(ScoreInputs):
    sex: Sex
    age: float = age_field(ge=18, le=120)
    total_cholesterol: float = quantity("mg/dL", description="Total cholesterol", analyte="cholesterol",
                                        ge=50, le=1000, accepted_units=["mmol/L"])
    hdl_cholesterol: float = quantity("mg/dL", description="HDL cholesterol", analyte="cholesterol",
                                      ge=5, le=250, accepted_units=["mmol/L"])
    systolic_bp: float = quantity("mmHg", description="Systolic blood pressure", ge=50, le=300, accepted_units=["kPa"])
    bp_treated: bool = finding("Blood pressure treated with medication")
    smoker: bool = finding("Current smoker")


def framingham_hard_chd(sex: str, age: float, tc: float, hdl: float, sbp: float,
                        bp_treated: bool, smoker: bool) -> tuple[float, float, float]:
    """Return (linear predictor, 10-year risk %, age used in the age x smoker term)."""
    c = _FRS[sex]
    la = math.log(age)
    age_smoke = min(age, c["smoke_age_cap"])
    s, b = float(smoker), float(bp_treated)
    lp = (c["ln_age"] * la + c["ln_tc"] * math.log(tc) + c["ln_hdl"] * math.log(hdl) + c["ln_sbp"] * math.log(sbp)
          + c["bp_med"] * b + c["smoker"] * s + c["ln_age_ln_tc"] * la * math.log(tc)
          + c["ln_age_smoker"] * math.log(age_smoke) * s + c["ln_age_sq"] * la * la + c["const"])
    risk = (1.0 - c["s0"] ** math.exp(lp)) * 100.0
    return lp, risk, age_smoke


def _framingham(x: FraminghamInputs) -> CalculatorResult:
    lp, risk, age_smoke = framingham_hard_chd(x.sex, x.age, x.total_cholesterol, x.hdl_cholesterol,
                                              x.systolic_bp, x.bp_treated, x.smoker)
    c = _FRS[x.sex]
    s, b = int(x.smoker), int(x.bp_treated)
    lines = [
        f"Sex {x.sex}: {'male' if x.sex == 'male' else 'female'} equation, baseline survival S0 = {c['s0']}",
        f"Age {x.age:g} years; age used in the ln(age) x smoker term = {age_smoke:g} (capped at {c['smoke_age_cap']:g})",
        f"Total cholesterol {x.total_cholesterol:g} mg/dL, HDL {x.hdl_cholesterol:g} mg/dL, systolic BP {x.systolic_bp:g} mmHg",
        f"Smoker = {s}, BP treated = {b}",
    ]
    terms = (f"{c['ln_age']} x ln({x.age:g}) + {c['ln_tc']} x ln({x.total_cholesterol:g}) + {c['ln_hdl']} x ln({x.hdl_cholesterol:g})"
             f" + {c['ln_sbp']} x ln({x.systolic_bp:g}) + {c['bp_med']} x {b} + {c['smoker']} x {s}"
             f" + {c['ln_age_ln_tc']} x ln({x.age:g}) x ln({x.total_cholesterol:g}) + {c['ln_age_smoker']} x ln({age_smoke:g}) x {s}")
    if c["ln_age_sq"]:
        terms += f" + {c['ln_age_sq']} x ln({x.age:g})²"
    lines.append(f"Linear predictor L = {terms} {c['const']:+} = {lp:.4f}")
    lines.append(f"10-year risk = (1 - {c['s0']}^exp(L)) x 100 = {risk:.3f}%")
    if not 20 <= x.age <= 79:
        lines.append(f"Warning: age {x.age:g} is outside the 20-79 years range the ATP III equation was built for.")
    band = "low (< 10%)" if risk < 10 else ("intermediate (10-20%)" if risk <= 20 else "high (> 20%)")
    return CalculatorResult(
        calculator="framingham_hard_chd", name="Framingham Risk Score for Hard Coronary Heart Disease",
        value=risk, unit="%", interpretation=f"10-year risk of MI or coronary death {risk:.1f}%: {band} (ATP III)",
        explanation=lines, reference=FRAMINGHAM_REF,
        components={"linear_predictor": lp, "age_smoke_term": age_smoke},
    )


register(Calculator(
    id="framingham_hard_chd", name="Framingham Risk Score for Hard Coronary Heart Disease", category="risk",
    description="ATP III Framingham 10-year risk (%) of hard coronary heart disease (myocardial infarction or coronary death).",
    inputs=FraminghamInputs, compute=_framingham, reference=FRAMINGHAM_REF, output_unit="%", output_type="decimal",
    medcalc_id=46, medcalc_name="Framingham Risk Score for Hard Coronary Heart Disease",
    aliases=["Framingham", "FRS", "ATP III risk", "10-year CHD risk", "hard CHD risk"],
    conventions=[
        "ATP III sex-specific Cox equation as in MedCalc-Bench: the ln(age) x smoker term uses age capped at 70 (men) / 78 (women).",
        "Risk % = (1 - S0^exp(L)) x 100 with S0 = 0.9402 (men), 0.98767 (women); not rounded.",
        "Smoker and BP treatment not documented are assumed 0. Cholesterol in mmol/L converted with M = 386.65 g/mol.",
    ],
    medcalc_keys={
        "sex": "sex", "age": "age", "Systolic Blood Pressure": "systolic_bp",
        "Total cholesterol": "total_cholesterol", "Total Cholestrol": "total_cholesterol",
        "high-density lipoprotein cholesterol": "hdl_cholesterol", "HDL cholesterol": "hdl_cholesterol",
        "Blood pressure being treated with medicines": "bp_treated",
        "Smoker": "smoker", "smoking": "smoker", "Current smoker": "smoker",
    },
    medcalc_values={"sex": {"Male": "male", "Female": "female"}},
))

__all__ = ["ScoreInputs", "tally", "yes_no", "age_points", "input_error", "age_field", "framingham_hard_chd"]
