"""Bedside scores and formulas that multi-calculator workflows chain (MedMCP-Calc's commonest).

CRB-65 and SMART-COP for pneumonia, the Critical-Care Pain Observation Tool, CAM-ICU, the Clinical Frailty
Scale (an observed scale), estimated average glucose from HbA1c, the glucose infusion rate, the platelet
corrected count increment, PESI, the Naranjo scale, AUDIT-C and the Canadian CT Head Rule. Each follows its primary publication; the conventions each card states are the
choices where publications differ.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, field_validator

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, bsa_mosteller, input_error, sex_input
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, finding, quantity
from medmirror.tools.calculators.library._workflow_common import pick_option
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.library._workflow_common import words as _words
from medmirror.tools.calculators.registry import register


def _points_text(rows: list[tuple[str, str, int]]) -> list[str]:
    return [f"{label}: {choice} -> {pts:+d}" for label, choice, pts in rows]


# ---------------------------------------------------------------------------
# CRB-65
# ---------------------------------------------------------------------------

CRB65_REF = ("Lim WS, van der Eerden MM, Laing R, et al. Defining community acquired pneumonia severity on "
             "presentation to hospital: an international derivation and validation study. Thorax "
             "2003;58(5):377-382.")


class CRB65Inputs(CalculatorInputs):
    confusion: bool = finding("New confusion (abbreviated mental test <= 8 or new disorientation)")
    respiratory_rate_30: bool = finding("Respiratory rate >= 30/min")
    low_blood_pressure: bool = finding("Systolic BP < 90 mmHg or diastolic BP <= 60 mmHg")
    age_65: bool = Field(..., description="Age >= 65 years (required: never assumed)")


def _crb65(x: CRB65Inputs) -> CalculatorResult:
    rows = [("Confusion", x.confusion), ("Respiratory rate >= 30", x.respiratory_rate_30),
            ("SBP < 90 or DBP <= 60", x.low_blood_pressure), ("Age >= 65", x.age_65)]
    total = sum(int(v) for _, v in rows)
    text = ("0: low risk (mortality < 1%), consider home treatment" if total == 0 else
            "1-2: increased risk, consider hospital referral" if total <= 2 else
            "3-4: high risk, urgent hospital admission")
    return _result("crb_65", "CRB-65 Score for Pneumonia Severity", CRB65_REF, total, "points", text,
                   [f"{k}: {'yes' if v else 'no'} -> {int(v):+d}" for k, v in rows] + [f"Total = {total}"])


CRB_65 = register(Calculator(
    id="crb_65", name="CRB-65 Score for Pneumonia Severity", category="severity",
    description=("Severity of community-acquired pneumonia without a urea value: confusion, respiratory rate >= 30, "
                 "low blood pressure and age >= 65, one point each (for primary care)."),
    inputs=CRB65Inputs, compute=_crb65, reference=CRB65_REF, output_unit="points", output_type="integer",
    aliases=["CRB-65", "CRB65", "CRB 65 score"],
    conventions=["Age >= 65 must be stated; the other findings count 0 when not documented (reported as assumed)."],
))


# ---------------------------------------------------------------------------
# SMART-COP
# ---------------------------------------------------------------------------

SMART_COP_REF = ("Charles PG, Wolfe R, Whitby M, et al. SMART-COP: a tool for predicting the need for intensive "
                 "respiratory or vasopressor support in community-acquired pneumonia. Clin Infect Dis "
                 "2008;47(3):375-384.")
# (input, criterion as published, points)
SMART_COP_ITEMS = (
    ("low_sbp", "Systolic blood pressure < 90 mmHg", 2),
    ("multilobar", "Multilobar chest radiograph involvement", 1),
    ("low_albumin", "Albumin < 3.5 g/dL", 1),
    ("high_rr", "Respiratory rate high for age (>= 25/min if <= 50 years; >= 30/min if > 50 years)", 1),
    ("tachycardia", "Heart rate >= 125/min", 1),
    ("confusion", "New confusion", 1),
    ("low_oxygen", "Low oxygen for age (<= 50 y: PaO2 < 70 mmHg or SpO2 <= 93% or P/F < 333; > 50 y: PaO2 < 60 "
                   "mmHg or SpO2 <= 90% or P/F < 250)", 2),
    ("low_ph", "Arterial pH < 7.35", 2),
)


class SmartCopInputs(CalculatorInputs):
    low_sbp: bool = finding(SMART_COP_ITEMS[0][1])
    multilobar: bool = finding(SMART_COP_ITEMS[1][1])
    low_albumin: bool = finding(SMART_COP_ITEMS[2][1])
    high_rr: bool = finding(SMART_COP_ITEMS[3][1])
    tachycardia: bool = finding(SMART_COP_ITEMS[4][1])
    confusion: bool = finding(SMART_COP_ITEMS[5][1])
    low_oxygen: bool = finding(SMART_COP_ITEMS[6][1])
    low_ph: bool = finding(SMART_COP_ITEMS[7][1])


def _smart_cop(x: SmartCopInputs) -> CalculatorResult:
    rows = [(text, "yes" if getattr(x, key) else "no", pts if getattr(x, key) else 0)
            for key, text, pts in SMART_COP_ITEMS]
    total = sum(p for _, _, p in rows)
    text = ("0-2: low risk of needing intensive respiratory or vasopressor support" if total <= 2 else
            "3-4: moderate risk (1 in 8)" if total <= 4 else "5-6: high risk (1 in 3)" if total <= 6 else
            ">= 7: very high risk (2 in 3)")
    return _result("smart_cop", "SMART-COP Score for Pneumonia Severity", SMART_COP_REF, total, "points", text,
                   _points_text(rows) + [f"Total = {total}; {text}"], {k: p for (k, _, _), (_, _, p)
                                                                      in zip(SMART_COP_ITEMS, rows)})


SMART_COP = register(Calculator(
    id="smart_cop", name="SMART-COP Score for Pneumonia Severity", category="severity",
    description=("Predicts the need for intensive respiratory or vasopressor support in community-acquired pneumonia "
                 "from blood pressure, radiograph, albumin, respiratory rate, heart rate, confusion, oxygenation and "
                 "pH, with age-adjusted thresholds."),
    inputs=SmartCopInputs, compute=_smart_cop, reference=SMART_COP_REF, output_unit="points", output_type="integer",
    aliases=["SMART-COP", "SMARTCOP", "SMART COP score"],
    conventions=["Each criterion is given as met or not (the age-adjusted thresholds are in its description); an "
                 "undocumented criterion counts 0 and is reported as assumed."],
))


# ---------------------------------------------------------------------------
# Critical-Care Pain Observation Tool
# ---------------------------------------------------------------------------

CPOT_REF = ("Gélinas C, Fillion L, Puntillo KA, Viens C, Fortier M. Validation of the critical-care pain observation "
            "tool in adult patients. Am J Crit Care 2006;15(4):420-427.")
FACIAL = ("Relaxed, neutral", "Tense", "Grimacing")
BODY = ("Absence of movements or normal position", "Protection", "Restlessness")
TENSION = ("Relaxed", "Tense, rigid", "Very tense or rigid")
VENTILATOR = ("Tolerating ventilator or movement", "Coughing but tolerating", "Fighting ventilator")
VOCAL = ("Talking in normal tone or no sound", "Sighing, moaning", "Crying out, sobbing")


class CPOTInputs(CalculatorInputs):
    facial_expression: Literal["Relaxed, neutral", "Tense", "Grimacing"]
    body_movements: Literal["Absence of movements or normal position", "Protection", "Restlessness"]
    muscle_tension: Literal["Relaxed", "Tense, rigid", "Very tense or rigid"]
    ventilator_compliance: Literal["Tolerating ventilator or movement", "Coughing but tolerating",
                                   "Fighting ventilator"] | None = None
    vocalization: Literal["Talking in normal tone or no sound", "Sighing, moaning", "Crying out, sobbing"] | None = None

    @field_validator("facial_expression", "body_movements", "muscle_tension", "ventilator_compliance", "vocalization",
                     mode="before")
    @classmethod
    def _pick(cls, v: Any, info: Any) -> Any:
        options = {"facial_expression": FACIAL, "body_movements": BODY, "muscle_tension": TENSION,
                   "ventilator_compliance": VENTILATOR, "vocalization": VOCAL}[info.field_name]
        return pick_option(v, options)


def _cpot(x: CPOTInputs) -> CalculatorResult:
    if (x.ventilator_compliance is None) == (x.vocalization is None):
        raise input_error("Critical Care Pain Observation Tool (CPOT)", "ventilator_compliance",
                          "give exactly one of ventilator_compliance (intubated) or vocalization (extubated)",
                          problem="missing" if x.vocalization is None else "invalid")
    fourth = ("Compliance with the ventilator", x.ventilator_compliance, VENTILATOR) \
        if x.ventilator_compliance is not None else ("Vocalization", x.vocalization, VOCAL)
    rows = [("Facial expression", x.facial_expression, FACIAL.index(x.facial_expression)),
            ("Body movements", x.body_movements, BODY.index(x.body_movements)),
            ("Muscle tension", x.muscle_tension, TENSION.index(x.muscle_tension)),
            (fourth[0], str(fourth[1]), fourth[2].index(str(fourth[1])))]
    total = sum(p for _, _, p in rows)
    text = "> 2: unacceptable pain, treat and reassess" if total > 2 else "0-2: acceptable pain control"
    return _result("cpot", "Critical Care Pain Observation Tool (CPOT)", CPOT_REF, total, "points", text,
                   _points_text(rows) + [f"Total = {total}; {text}"])


CPOT = register(Calculator(
    id="cpot", name="Critical Care Pain Observation Tool (CPOT)", category="severity",
    description=("Observed pain of a critically ill adult who cannot self-report: facial expression, body movements, "
                 "muscle tension and ventilator compliance (intubated) or vocalization (extubated), 0-2 each."),
    inputs=CPOTInputs, compute=_cpot, reference=CPOT_REF, output_unit="points", output_type="integer",
    aliases=["CPOT", "critical-care pain observation tool", "ICU pain score"],
    conventions=["Exactly one of ventilator compliance (intubated) or vocalization (extubated); > 2 means pain "
                 "(Gélinas 2006). Every observed item is required."],
))


# ---------------------------------------------------------------------------
# CAM-ICU
# ---------------------------------------------------------------------------

CAM_ICU_REF = ("Ely EW, Inouye SK, Bernard GR, et al. Delirium in mechanically ventilated patients: validity and "
               "reliability of the confusion assessment method for the intensive care unit (CAM-ICU). JAMA "
               "2001;286(21):2703-2710.")


class CAMICUInputs(CalculatorInputs):
    rass: int = Field(..., ge=-5, le=4, description="Current RASS (-5 to +4)")
    acute_change_or_fluctuation: bool = Field(..., description="Feature 1: acute change from baseline mental status "
                                              "or a fluctuating course in the past 24 h")
    inattention: bool = Field(..., description="Feature 2: inattention, more than 2 errors on the letters test")
    disorganized_thinking: bool | None = Field(None, description="Feature 4: more than 1 error on the questions and "
                                               "command (needed only when RASS is 0)")


def _cam_icu(x: CAMICUInputs) -> CalculatorResult:
    name = "Confusion Assessment Method for the ICU (CAM-ICU)"
    lines = [f"RASS {x.rass:+d}"]
    if x.rass <= -4:
        text = "Unable to assess (RASS -4 or -5: comatose); reassess later"
        return _result("cam_icu", name, CAM_ICU_REF, text, "", text, lines)
    altered = x.rass != 0
    lines += [f"Feature 1 (acute change or fluctuation): {'yes' if x.acute_change_or_fluctuation else 'no'}",
              f"Feature 2 (inattention): {'yes' if x.inattention else 'no'}",
              f"Feature 3 (altered level of consciousness, RASS not 0): {'yes' if altered else 'no'}"]
    if not (x.acute_change_or_fluctuation and x.inattention):
        positive = False
    elif altered:
        positive = True
    else:
        if x.disorganized_thinking is None:
            raise input_error(name, "disorganized_thinking", "needed when features 1 and 2 are present and RASS is 0",
                              problem="missing", expected="true or false")
        lines.append(f"Feature 4 (disorganized thinking): {'yes' if x.disorganized_thinking else 'no'}")
        positive = x.disorganized_thinking
    text = "CAM-ICU positive" if positive else "CAM-ICU negative"
    return _result("cam_icu", name, CAM_ICU_REF, text, "", text + ("; delirium present" if positive else
                                                                   "; delirium absent"), lines)


CAM_ICU = register(Calculator(
    id="cam_icu", name="Confusion Assessment Method for the ICU (CAM-ICU)", category="diagnosis",
    description=("Delirium in the ICU, including ventilated patients: acute change or fluctuation and inattention, "
                 "with an altered level of consciousness (RASS not 0) or disorganized thinking."),
    inputs=CAMICUInputs, compute=_cam_icu, reference=CAM_ICU_REF, output_type="decimal",
    aliases=["CAM-ICU", "CAM ICU", "ICU delirium assessment"],
    conventions=["Positive = feature 1 and feature 2 and (feature 3 or feature 4); RASS -4/-5 cannot be assessed.",
                 "The value is the result as text: 'CAM-ICU positive' or 'CAM-ICU negative'."],
))


# ---------------------------------------------------------------------------
# Clinical Frailty Scale
# ---------------------------------------------------------------------------

CFS_REF = ("Rockwood K, Song X, MacKnight C, et al. A global clinical measure of fitness and frailty in elderly "
           "people. CMAJ 2005;173(5):489-495; Rockwood K, Theou O. Using the Clinical Frailty Scale in allocating "
           "scarce health care resources. Can Geriatr J 2020;23(3):210-215 (version 2.0).")
# (level, name, published description, phrases that name it)
CFS_LEVELS = (
    (1, "Very fit", "Robust, active, energetic and motivated; exercise regularly", ("very fit", "robust")),
    (2, "Fit", "No active disease symptoms but less fit than category 1", ("fit", "well")),
    (3, "Managing well", "Medical problems well controlled; not regularly active beyond routine walking",
     ("managing well",)),
    (4, "Living with very mild frailty", "Not dependent on others for daily help, but symptoms limit activities",
     ("very mild frailty", "vulnerable", "not dependent on others for daily help")),
    (5, "Living with mild frailty", "Evident slowing; needs help with high-order instrumental activities of daily "
     "living (finances, transportation, heavy housework)", ("mild frailty", "mildly frail",
                                                            "limited dependence on others for instrumental")),
    (6, "Living with moderate frailty", "Needs help with all outside activities and with keeping house; help with "
     "bathing", ("moderate frailty", "moderately frail", "help with all outside activities")),
    (7, "Living with severe frailty", "Completely dependent for personal care, but stable",
     ("severe frailty", "severely frail", "completely dependent for personal care")),
    (8, "Living with very severe frailty", "Completely dependent and approaching end of life",
     ("very severe frailty", "very severely frail", "approaching the end of life", "approaching end of life")),
    (9, "Terminally ill", "Life expectancy under 6 months, not otherwise evidently frail", ("terminally ill",)),
)
CfsLevel = Literal["Very fit", "Fit", "Managing well", "Living with very mild frailty", "Living with mild frailty",
                   "Living with moderate frailty", "Living with severe frailty", "Living with very severe frailty",
                   "Terminally ill"]


class CFSInputs(CalculatorInputs):
    level: CfsLevel

    @field_validator("level", mode="before")
    @classmethod
    def _level(cls, v: Any) -> Any:
        """A level's number (1-9), its name, or a phrase of its description picks it; the longest phrase wins, so
        'very severe frailty' is level 8 and not 7."""
        if isinstance(v, int) and not isinstance(v, bool):
            return next((name for n, name, _, _ in CFS_LEVELS if n == v), v)
        if not isinstance(v, str):
            return v
        text = _words(v)
        hits = [(len(p), name) for _, name, _, phrases in CFS_LEVELS for p in (name.lower(), *phrases)
                if re.search(rf"(?<![a-z]){re.escape(_words(p))}(?![a-z])", text)]
        return max(hits)[1] if hits else v


def _cfs(x: CFSInputs) -> CalculatorResult:
    level, name, desc, _ = next(lvl for lvl in CFS_LEVELS if lvl[1] == x.level)
    text = f"{level} {name}" + ("; frail (CFS >= 5)" if level >= 5 else "")
    return _result("clinical_frailty_scale", "CSHA Clinical Frailty Scale (CFS)", CFS_REF, level, "points", text,
                   [f"observed level: {name} ({desc}) -> {level}"], {"level": name})


CLINICAL_FRAILTY_SCALE = register(Calculator(
    id="clinical_frailty_scale", name="CSHA Clinical Frailty Scale (CFS)", category="severity",
    description=("Rockwood's Clinical Frailty Scale of an older adult from 1 (very fit) to 9 (terminally ill): the "
                 "clinician selects the one described level that fits the patient's usual state."),
    inputs=CFSInputs, compute=_cfs, reference=CFS_REF, output_unit="points", output_type="integer",
    aliases=["CFS", "Clinical Frailty Scale", "Rockwood frailty scale", "CSHA frailty scale", "frailty scale"],
    conventions=["An observed scale: one level is selected by its number, name or a phrase of its description "
                 "(version 2.0 names; 'vulnerable' and 'well' of version 1 accepted). Level >= 5 is frail."],
))


# ---------------------------------------------------------------------------
# Estimated average glucose, glucose infusion rate, platelet corrected count increment
# ---------------------------------------------------------------------------

EAG_REF = ("Nathan DM, Kuenen J, Borg R, et al. Translating the A1C assay into estimated average glucose values. "
           "Diabetes Care 2008;31(8):1473-1478.")


class EAGInputs(CalculatorInputs):
    hba1c: float = quantity("%", description="Haemoglobin A1c (NGSP %)", ge=3, le=20)


def _eag(x: EAGInputs) -> CalculatorResult:
    mg = 28.7 * x.hba1c - 46.7
    return _result("estimated_average_glucose", "Estimated Average Glucose (eAG) From HbA1C", EAG_REF, mg, "mg/dL",
                   f"eAG {mg:.1f} mg/dL ({mg / 18.016:.1f} mmol/L)",
                   [f"eAG = 28.7 x {x.hba1c:g} - 46.7 = {mg:.2f} mg/dL"], {"mmol_per_l": mg / 18.016})


EAG = register(Calculator(
    id="estimated_average_glucose", name="Estimated Average Glucose (eAG) From HbA1C", category="lab",
    description="Estimated average glucose from HbA1c by the ADAG regression: eAG (mg/dL) = 28.7 x A1c - 46.7.",
    inputs=EAGInputs, compute=_eag, reference=EAG_REF, output_unit="mg/dL",
    aliases=["eAG", "estimated average glucose", "A1c to average glucose", "ADAG"],
    conventions=["HbA1c in NGSP %; mmol/L = mg/dL / 18.016 (glucose 180.16 g/mol)."],
))

GIR_REF = ("Definition (dextrose delivered per kg per minute): Gomella TL, Eyal FG, Bany-Mohammed F. Gomella's "
           "Neonatology: Management, Procedures, On-Call Problems, Diseases, and Drugs. 8th ed. McGraw-Hill; 2020.")


class GIRInputs(CalculatorInputs):
    dextrose_concentration: float = quantity("g/dL", description="Dextrose concentration (D10 = 10% = 10 g/dL)",
                                             ge=1, le=70)
    infusion_rate: float = quantity("mL/h", description="Infusion rate", ge=0.1, le=1000)
    weight: float = quantity("kg", description="Body weight", ge=0.3, le=400, accepted_units=["lb", "g"])


def _gir(x: GIRInputs) -> CalculatorResult:
    gir = x.dextrose_concentration * x.infusion_rate * 1000 / 100 / 60 / x.weight
    return _result("glucose_infusion_rate", "Glucose Infusion Rate (GIR)", GIR_REF, gir, "mg/kg/min",
                   f"GIR {gir:.2f} mg/kg/min (neonatal maintenance usually 4-8)",
                   [f"GIR = {x.dextrose_concentration:g} g/dL x {x.infusion_rate:g} mL/h x 1000 mg/g / 100 mL/dL / 60 "
                    f"min/h / {x.weight:g} kg = {gir:.3f} mg/kg/min"])


GIR = register(Calculator(
    id="glucose_infusion_rate", name="Glucose Infusion Rate (GIR)", category="dosage",
    description="Glucose delivered by a dextrose infusion in mg/kg/min from its concentration, rate and the weight.",
    inputs=GIRInputs, compute=_gir, reference=GIR_REF, output_unit="mg/kg/min",
    aliases=["GIR", "glucose infusion rate", "dextrose infusion rate"],
    conventions=["A percentage dextrose is read as g/dL (D10 = 10 g/dL)."],
))

CCI_REF = ("Davis KB, Slichter SJ, Corash L. Corrected count increment and percent platelet recovery as measures of "
           "posttransfusion platelet response: problems and a solution. Transfusion 1999;39(6):586-592.")


class PlateletCCIInputs(CalculatorInputs):
    pre_count: float = quantity("10^3/µL", description="Platelet count before transfusion", ge=0, le=2000,
                                accepted_units=["10^9/L", "/µL"])
    post_count: float = quantity("10^3/µL", description="Platelet count after transfusion", ge=0, le=2000,
                                 accepted_units=["10^9/L", "/µL"])
    height: float = quantity("cm", description="Height", ge=30, le=250, accepted_units=["in", "m"])
    weight: float = quantity("kg", description="Body weight", ge=1, le=400, accepted_units=["lb"])
    platelets_transfused: float = quantity("", description="Platelets transfused, in units of 10^11", ge=0.1, le=20)
    hours_after: Literal["1 hour", "18-24 hours"] = "1 hour"

    @field_validator("hours_after", mode="before")
    @classmethod
    def _hours(cls, v: Any) -> Any:
        if isinstance(v, str):
            t = v.lower()
            if re.search(r"\b1\s*-?\s*h", t) and not re.search(r"18|24", t):
                return "1 hour"
            if re.search(r"18|24", t):
                return "18-24 hours"
        return v


def _platelet_cci(x: PlateletCCIInputs) -> CalculatorResult:
    bsa = bsa_mosteller(x.weight, x.height)
    cci = (x.post_count - x.pre_count) * 1000 * bsa / x.platelets_transfused
    threshold = 7500 if x.hours_after == "1 hour" else 4500
    text = (f"{cci:.0f} at {x.hours_after}: " + (f"> {threshold}: adequate response" if cci > threshold else
                                                  f"<= {threshold}: poor response (refractoriness if repeated)"))
    return _result("platelet_cci", "Corrected Count Increment (CCI) for Platelet Transfusion", CCI_REF, cci, "", text,
                   [f"BSA (Mosteller) = {bsa:.3f} m²",
                    f"CCI = (post - pre) per µL x BSA / platelets (10^11) = ({x.post_count:g} - {x.pre_count:g}) x 1000 "
                    f"x {bsa:.3f} / {x.platelets_transfused:g} = {cci:.0f}"], {"bsa": bsa})


PLATELET_CCI = register(Calculator(
    id="platelet_cci", name="Corrected Count Increment (CCI) for Platelet Transfusion", category="lab",
    description=("Platelet count increment after a transfusion corrected for body surface area and the platelet dose, "
                 "to recognise refractoriness."),
    inputs=PlateletCCIInputs, compute=_platelet_cci, reference=CCI_REF,
    aliases=["platelet CCI", "corrected count increment", "platelet refractoriness"],
    conventions=["Counts in 10^3/µL (= 10^9/L); BSA by Mosteller; 1-hour CCI > 7500 and 18-24-hour CCI > 4500 are "
                 "adequate."],
))


# ---------------------------------------------------------------------------
# PESI, Naranjo, AUDIT-C, Canadian CT Head Rule
# ---------------------------------------------------------------------------

PESI_REF = ("Aujesky D, Obrosky DS, Stone RA, et al. Derivation and validation of a prognostic model for pulmonary "
            "embolism. Am J Respir Crit Care Med 2005;172(8):1041-1046.")
# (input, finding, points)
PESI_ITEMS = (
    ("male", "Male sex", 10), ("cancer", "History of cancer", 30), ("heart_failure", "History of heart failure", 10),
    ("chronic_lung_disease", "History of chronic lung disease", 10), ("heart_rate_110", "Heart rate >= 110/min", 20),
    ("sbp_below_100", "Systolic blood pressure < 100 mmHg", 30), ("respiratory_rate_30", "Respiratory rate >= 30/min",
                                                                   20),
    ("temperature_below_36", "Temperature < 36 °C", 20), ("altered_mental_status", "Altered mental status", 60),
    ("spo2_below_90", "Arterial oxygen saturation < 90%", 20),
)
PESI_CLASSES = ((65, "Class I (<= 65): very low 30-day mortality (0-1.6%)"),
                (85, "Class II (66-85): low mortality (1.7-3.5%)"),
                (105, "Class III (86-105): moderate mortality (3.2-7.1%)"),
                (125, "Class IV (106-125): high mortality (4.0-11.4%)"))


class PESIInputs(CalculatorInputs):
    age: float = quantity("years", description="Age (points = years)", ge=18, le=120)
    male: bool = finding(PESI_ITEMS[0][1])
    cancer: bool = finding(PESI_ITEMS[1][1])
    heart_failure: bool = finding(PESI_ITEMS[2][1])
    chronic_lung_disease: bool = finding(PESI_ITEMS[3][1])
    heart_rate_110: bool = finding(PESI_ITEMS[4][1])
    sbp_below_100: bool = finding(PESI_ITEMS[5][1])
    respiratory_rate_30: bool = finding(PESI_ITEMS[6][1])
    temperature_below_36: bool = finding(PESI_ITEMS[7][1])
    altered_mental_status: bool = finding(PESI_ITEMS[8][1])
    spo2_below_90: bool = finding(PESI_ITEMS[9][1])


def _pesi(x: PESIInputs) -> CalculatorResult:
    age_points = int(x.age)
    rows = [("Age (years)", f"{age_points}", age_points)] + [
        (text, "yes" if getattr(x, key) else "no", pts if getattr(x, key) else 0) for key, text, pts in PESI_ITEMS]
    total = sum(p for _, _, p in rows)
    text = next((t for hi, t in PESI_CLASSES if total <= hi), "Class V (> 125): very high mortality (10.0-24.5%)")
    return _result("pesi", "Pulmonary Embolism Severity Index (PESI)", PESI_REF, total, "points", text,
                   _points_text(rows) + [f"Total = {total}; {text}"])


PESI = register(Calculator(
    id="pesi", name="Pulmonary Embolism Severity Index (PESI)", category="risk",
    description=("30-day mortality of acute pulmonary embolism from age, sex, comorbidities and vital signs: the "
                 "original 11-item index with classes I-V."),
    inputs=PESIInputs, compute=_pesi, reference=PESI_REF, output_unit="points", output_type="integer",
    aliases=["PESI", "Pulmonary Embolism Severity Index", "PESI score"],
    conventions=["Age adds its years (completed); an undocumented finding counts 0 and is reported as assumed."],
))

NARANJO_REF = ("Naranjo CA, Busto U, Sellers EM, et al. A method for estimating the probability of adverse drug "
               "reactions. Clin Pharmacol Ther 1981;30(2):239-245.")
# (input, question, points for yes, points for no); 'do not know' scores 0
NARANJO_ITEMS = (
    ("previous_reports", "Are there previous conclusive reports on this reaction?", 1, 0),
    ("after_drug", "Did the adverse event appear after the suspected drug was administered?", 2, -1),
    ("improved_on_stopping", "Did the reaction improve when the drug was discontinued or an antagonist given?", 1, 0),
    ("reappeared_on_rechallenge", "Did the reaction reappear when the drug was readministered?", 2, -1),
    ("alternative_causes", "Are there alternative causes that could on their own have caused the reaction?", -1, 2),
    ("placebo_reaction", "Did the reaction reappear when a placebo was given?", -1, 1),
    ("toxic_concentration", "Was the drug detected in blood or other fluids in toxic concentrations?", 1, 0),
    ("dose_related", "Was the reaction more severe when the dose was increased, or less when decreased?", 1, 0),
    ("previous_similar_reaction", "Did the patient have a similar reaction to the same or similar drugs before?", 1, 0),
    ("objective_evidence", "Was the adverse event confirmed by any objective evidence?", 1, 0),
)
Answer = Literal["yes", "no", "do not know"]


def _answer(v: Any) -> Any:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str):
        t = _words(v)
        if t.startswith(("yes", "y ")) or t == "y":
            return "yes"
        if t.startswith(("do not know", "don t know", "dont know", "unknown", "not known", "n a", "na")):
            return "do not know"
        if t.startswith("no"):
            return "no"
    return v


class NaranjoInputs(CalculatorInputs):
    previous_reports: Answer = "do not know"
    after_drug: Answer = "do not know"
    improved_on_stopping: Answer = "do not know"
    reappeared_on_rechallenge: Answer = "do not know"
    alternative_causes: Answer = "do not know"
    placebo_reaction: Answer = "do not know"
    toxic_concentration: Answer = "do not know"
    dose_related: Answer = "do not know"
    previous_similar_reaction: Answer = "do not know"
    objective_evidence: Answer = "do not know"

    @field_validator(*(key for key, *_ in NARANJO_ITEMS), mode="before")
    @classmethod
    def _yes_no(cls, v: Any) -> Any:
        return _answer(v)


def _naranjo(x: NaranjoInputs) -> CalculatorResult:
    rows = [(question, getattr(x, key), yes if getattr(x, key) == "yes" else no if getattr(x, key) == "no" else 0)
            for key, question, yes, no in NARANJO_ITEMS]
    total = sum(p for _, _, p in rows)
    text = ("Definite ADR (>= 9)" if total >= 9 else "Probable ADR (5-8)" if total >= 5 else
            "Possible ADR (1-4)" if total >= 1 else "Doubtful ADR (<= 0)")
    return _result("naranjo", "Naranjo Adverse Drug Reaction Probability Scale", NARANJO_REF, total, "points", text,
                   _points_text(rows) + [f"Total = {total}; {text}"])


NARANJO = register(Calculator(
    id="naranjo", name="Naranjo Adverse Drug Reaction Probability Scale", category="diagnosis",
    description=("Probability that an adverse event is caused by a drug, from ten questions on timing, dechallenge, "
                 "rechallenge, alternative causes and evidence: doubtful, possible, probable or definite."),
    inputs=NaranjoInputs, compute=_naranjo, reference=NARANJO_REF, output_unit="points", output_type="integer",
    aliases=["Naranjo", "Naranjo scale", "ADR probability scale", "Naranjo algorithm"],
    conventions=["Each question is yes, no or do not know (0); an unanswered question counts as do not know and is "
                 "reported as assumed."],
))

AUDIT_C_REF = ("Bush K, Kivlahan DR, McDonell MB, Fihn SD, Bradley KA. The AUDIT alcohol consumption questions "
               "(AUDIT-C): an effective brief screening test for problem drinking. Arch Intern Med "
               "1998;158(16):1789-1795.")
FREQ = ("Never", "Monthly or less", "2-4 times a month", "2-3 times a week", "4 or more times a week")
DRINKS = ("1 or 2", "3 or 4", "5 or 6", "7 to 9", "10 or more")
BINGE = ("Never", "Less than monthly", "Monthly", "Weekly", "Daily or almost daily")


class AuditCInputs(SexNormalised):
    sex: Sex = sex_input()
    frequency: Literal["Never", "Monthly or less", "2-4 times a month", "2-3 times a week", "4 or more times a week"]
    drinks_per_day: Literal["1 or 2", "3 or 4", "5 or 6", "7 to 9", "10 or more"]
    six_or_more: Literal["Never", "Less than monthly", "Monthly", "Weekly", "Daily or almost daily"]

    @field_validator("frequency", "drinks_per_day", "six_or_more", mode="before")
    @classmethod
    def _pick(cls, v: Any, info: Any) -> Any:
        return pick_option(v, {"frequency": FREQ, "drinks_per_day": DRINKS, "six_or_more": BINGE}[info.field_name])


def _audit_c(x: AuditCInputs) -> CalculatorResult:
    rows = [("How often do you have a drink containing alcohol?", x.frequency, FREQ.index(x.frequency)),
            ("How many standard drinks on a typical drinking day?", x.drinks_per_day, DRINKS.index(x.drinks_per_day)),
            ("How often do you have six or more drinks on one occasion?", x.six_or_more, BINGE.index(x.six_or_more))]
    total = sum(p for _, _, p in rows)
    cutoff = 4 if x.sex == "male" else 3
    text = (f"positive screen (>= {cutoff} for {'men' if x.sex == 'male' else 'women'})" if total >= cutoff else
            f"negative screen (< {cutoff})")
    return _result("audit_c", "AUDIT-C for Alcohol Use", AUDIT_C_REF, total, "points", text,
                   _points_text(rows) + [f"Total = {total}; {text}"])


AUDIT_C = register(Calculator(
    id="audit_c", name="AUDIT-C for Alcohol Use", category="diagnosis",
    description="Three alcohol consumption questions of the AUDIT (0-12) screening for hazardous drinking.",
    inputs=AuditCInputs, compute=_audit_c, reference=AUDIT_C_REF, output_unit="points", output_type="integer",
    aliases=["AUDIT-C", "AUDIT C", "alcohol use screening"],
    conventions=["Positive at >= 4 for men and >= 3 for women (Bradley 2007); every question is required."],
))

CCHR_REF = ("Stiell IG, Wells GA, Vandemheen K, et al. The Canadian CT Head Rule for patients with minor head "
            "injury. Lancet 2001;357(9266):1391-1396.")
CCHR_HIGH = (("gcs_below_15_at_2h", "GCS < 15 at 2 hours after injury"),
             ("open_or_depressed_fracture", "Suspected open or depressed skull fracture"),
             ("basal_skull_fracture_signs", "Any sign of basal skull fracture"),
             ("vomiting_twice", "Vomiting >= 2 episodes"), ("age_65", "Age >= 65 years"))
CCHR_MEDIUM = (("amnesia_30_min", "Retrograde amnesia to the event >= 30 minutes"),
               ("dangerous_mechanism", "Dangerous mechanism (pedestrian struck, ejected, fall > 3 ft or 5 stairs)"))


class CCHRInputs(CalculatorInputs):
    gcs_below_15_at_2h: bool = finding(CCHR_HIGH[0][1])
    open_or_depressed_fracture: bool = finding(CCHR_HIGH[1][1])
    basal_skull_fracture_signs: bool = finding(CCHR_HIGH[2][1])
    vomiting_twice: bool = finding(CCHR_HIGH[3][1])
    age_65: bool = Field(..., description=CCHR_HIGH[4][1] + " (required: never assumed)")
    amnesia_30_min: bool = finding(CCHR_MEDIUM[0][1])
    dangerous_mechanism: bool = finding(CCHR_MEDIUM[1][1])


def _cchr(x: CCHRInputs) -> CalculatorResult:
    high = [t for k, t in CCHR_HIGH if getattr(x, k)]
    medium = [t for k, t in CCHR_MEDIUM if getattr(x, k)]
    if high:
        text = "High risk for neurosurgical intervention: CT head indicated"
    elif medium:
        text = "Medium risk for brain injury on CT: CT head indicated"
    else:
        text = "No high- or medium-risk criterion: CT head not required by the rule"
    return _result("canadian_ct_head", "Canadian CT Head Rule", CCHR_REF, "CT indicated" if high or medium else
                   "CT not required", "", text, [f"high risk: {', '.join(high) or 'none'}",
                                                 f"medium risk: {', '.join(medium) or 'none'}"],
                   {"high_risk": high, "medium_risk": medium})


CCHR = register(Calculator(
    id="canadian_ct_head", name="Canadian CT Head Rule", category="diagnosis",
    description=("Which adults with minor head injury (GCS 13-15 with loss of consciousness, amnesia or disorientation) "
                 "need a head CT: five high-risk and two medium-risk criteria."),
    inputs=CCHRInputs, compute=_cchr, reference=CCHR_REF, output_type="decimal",
    aliases=["Canadian CT Head Rule", "CCHR", "Canadian head CT rule"],
    conventions=["Only for minor head injury in patients >= 16 years without anticoagulation or seizure; the value "
                 "is 'CT indicated' or 'CT not required'."],
))
