"""Cardiac rhythm, heart failure, syncope, stroke and thrombosis scores of RiskAgent's library.

Atrial fibrillation stroke and bleeding risk, VTE risk and anticoagulation bleeding, syncope and TIA
triage, prehospital stroke severity, QT prolongation. Each score follows its primary publication; where
MDCalc's option value is a code rather than points, the option carries it as ``code``.
"""

from __future__ import annotations

import math
from typing import Any

from medmirror.tools.calculators.base import CalculatorInputError, CalculatorResult, InputIssue
from medmirror.tools.calculators.points import (
    Band,
    Choice,
    Number,
    band_of,
    item_points,
    opts,
    point_score,
    yes_no,
)


def _total(points: list[float]) -> int | float:
    total = sum(points)
    return int(total) if float(total).is_integer() else round(total, 6)


def _result(calc_id: str, name: str, reference: str, rows: list[tuple[str, str, float]],
            bands: tuple[Band, ...], *, unit: str = "points", notes: tuple[str, ...] = ()) -> CalculatorResult:
    """A point total's result from (name, explanation, points) rows, read against ``bands``."""
    total = _total([p for _, _, p in rows])
    band = band_of(bands, total)
    lines = [f"{text} -> {pts:+g}" for _, text, pts in rows]
    lines.extend(notes)
    lines.append(f"Total = {total:g} {unit}; {band.text}")
    return CalculatorResult(
        calculator=calc_id, name=name, value=total, unit=unit, interpretation=band.text, explanation=lines,
        reference=reference, components={key: pts for key, _, pts in rows})


# ---------------------------------------------------------------------------
# MDCalc 1842: ATRIA Stroke Risk Score
# ---------------------------------------------------------------------------

_ATRIA_STROKE_ID, _ATRIA_STROKE_NAME = "atria_stroke", "ATRIA Stroke Risk Score"
_ATRIA_STROKE_REF = ("Singer DE, Chang Y, Borowsky LH, et al. A new risk scheme to predict ischemic stroke and other "
                     "thromboembolism in atrial fibrillation: the ATRIA study stroke risk score. J Am Heart Assoc. "
                     "2013;2(3):e000250.")
# age option label -> (points without prior stroke, points with prior stroke)
_ATRIA_AGE = {"<65 years": (0, 8), "65-74 years": (3, 7), "75-84 years": (5, 7), ">=85 years": (6, 9)}
_ATRIA_STROKE_BANDS = (
    Band(0, 5, "Low risk: <1% annual risk of ischemic stroke/thromboembolism"),
    Band(6, 6, "Moderate (intermediate) risk: 1 to <2% annual risk of ischemic stroke/thromboembolism"),
    Band(7, 15, "High risk: >=2% annual risk of ischemic stroke/thromboembolism"),
)


def _atria_stroke(x: Any) -> CalculatorResult:
    rows = item_points(x)
    prior = x.stroke == "Yes"
    out = []
    for key, text, pts in rows:
        if key == "age":
            pts = _ATRIA_AGE[x.age][1 if prior else 0]
            text += " (with prior stroke)" if prior else " (no prior stroke)"
        out.append((key, text, pts))
    return _result(_ATRIA_STROKE_ID, _ATRIA_STROKE_NAME, _ATRIA_STROKE_REF, out, _ATRIA_STROKE_BANDS)


ATRIA_STROKE = point_score(
    id=_ATRIA_STROKE_ID, name=_ATRIA_STROKE_NAME, mdcalc_id=1842, category="risk",
    description=("Estimates the yearly risk of ischemic stroke or systemic embolism in a patient with atrial "
                 "fibrillation not on anticoagulation; age is weighted more heavily, and differently, when the "
                 "patient has already had a stroke, and kidney findings add points."),
    items=(
        yes_no("stroke", "Prior ischemic stroke", 0, yes_code=1),
        Choice("age", "Age", opts(("<65 years", 0), ("65-74 years", 3), ("75-84 years", 5), (">=85 years", 6))),
        yes_no("female", "Female sex", 1),
        yes_no("diabetes", "Diabetes mellitus", 1),
        yes_no("congestive_heart_failure", "Congestive heart failure", 1),
        yes_no("hypertension", "Hypertension", 1),
        yes_no("proteinuria", "Proteinuria (dipstick)", 1),
        yes_no("egfr_esrd", "eGFR <45 mL/min/1.73 m2 or end-stage renal disease", 1),
    ),
    bands=_ATRIA_STROKE_BANDS,
    reference=_ATRIA_STROKE_REF,
    aliases=("ATRIA stroke", "ATRIA stroke score"),
    conventions=("Prior stroke scores no points of its own: it switches the age points to the prior-stroke "
                 "column (<65: 8, 65-74: 7, 75-84: 7, >=85: 9 instead of 0, 3, 5, 6).",
                 "MDCalc's age option values (0, 3, 5, 6) are the no-prior-stroke points; its prior-stroke value 1 is a code.",
                 "Undocumented comorbidities count as absent; age is required."),
    compute=_atria_stroke,
)

# ---------------------------------------------------------------------------
# MDCalc 1718: ATRIA Bleeding Risk Score
# ---------------------------------------------------------------------------

ATRIA_BLEEDING = point_score(
    id="atria_bleeding", name="ATRIA Bleeding Risk Score", mdcalc_id=1718, category="risk",
    description=("Estimates the yearly risk of major hemorrhage on warfarin in atrial fibrillation from five "
                 "findings: anemia, severe kidney disease, age 75 or over, prior bleeding and hypertension."),
    items=(
        yes_no("anemia", "Anemia (hemoglobin <13 g/dL in men, <12 g/dL in women)", 3),
        yes_no("severe_renal_disease", "Severe renal disease (eGFR <30 mL/min or dialysis)", 3),
        yes_no("age_75", "Age >=75 years", 2),
        yes_no("prior_hemorrhage_diagnosis", "Any prior hemorrhage diagnosis", 1),
        yes_no("hypertension", "Diagnosed hypertension", 1),
    ),
    bands=(
        Band(0, 3, "Low risk: 0.76% annual risk of major hemorrhage"),
        Band(4, 4, "Intermediate risk: 2.6% annual risk of major hemorrhage"),
        Band(5, 10, "High risk: 5.8% annual risk of major hemorrhage"),
    ),
    reference=("Fang MC, Go AS, Chang Y, et al. A new risk scheme to predict warfarin-associated hemorrhage: the "
               "ATRIA (Anticoagulation and Risk Factors in Atrial Fibrillation) study. J Am Coll Cardiol. "
               "2011;58(4):395-401."),
    aliases=("ATRIA bleeding", "ATRIA hemorrhage score"),
    conventions=("Undocumented risk factors count as absent.",
                 "Rates are the derivation cohort's major hemorrhage rates per 100 patient-years (0.76, 2.62, "
                 "5.76)."),
)

# ---------------------------------------------------------------------------
# MDCalc 4009: Cincinnati Prehospital Stroke Severity Scale (CP-SSS)
# ---------------------------------------------------------------------------

_CPSSS_ID, _CPSSS_NAME = "cp_sss", "Cincinnati Prehospital Stroke Severity Scale (CP-SSS)"
_CPSSS_REF = ("Katz BS, McMullan JT, Sucharew H, Adeoye O, Broderick JP. Design and validation of a prehospital "
              "scale to predict stroke severity: Cincinnati Prehospital Stroke Severity Scale. Stroke. "
              "2015;46(6):1508-1512.")
_CPSSS_BANDS = (
    Band(0, 1, "Large vessel occlusion (LVO) and severe stroke (NIHSS >=15) less likely"),
    Band(2, 4, "Large vessel occlusion (LVO) and severe stroke (NIHSS >=15) likely"),
)


def _cp_sss(x: Any) -> CalculatorResult:
    rows = [r for r in item_points(x) if r[0] not in ("ask", "close")]
    loc = 1 if x.ask != "Both correct" and x.close != "Follows both commands" else 0
    rows.insert(1, ("loc", f"Level of consciousness: questions '{x.ask}', commands '{x.close}' "
                           "(1 point only when at least one question is missed AND at least one command not "
                           "followed)", loc))
    return _result(_CPSSS_ID, _CPSSS_NAME, _CPSSS_REF, rows, _CPSSS_BANDS)


CP_SSS = point_score(
    id=_CPSSS_ID, name=_CPSSS_NAME, mdcalc_id=4009, category="severity",
    description=("A prehospital screen of a suspected stroke for large vessel occlusion or severe deficit, from "
                 "gaze deviation, level of consciousness (questions and commands) and arm drift."),
    items=(
        Choice("gaze", "Conjugate gaze deviation", opts(("No", 0), ("Yes", 2))),
        Choice("ask", "Patient asked their age and the current month",
               opts(("Both correct", 0, 0), ("One correct", 0, 1), ("Neither correct", 0, 2))),
        Choice("close", "Patient asked to close eyes and open/close hand",
               opts(("Follows both commands", 0, 0), ("Follows one command", 0, 1),
                    ("Follows neither command", 0, 2))),
        Choice("instruct", "Can hold arm(s) up for 10 seconds", opts(("Can do", 0), ("Cannot do", 1))),
    ),
    bands=_CPSSS_BANDS,
    reference=_CPSSS_REF,
    aliases=("CP-SSS", "CPSSS", "Cincinnati stroke severity"),
    conventions=("The questions and commands items do not add their own values: together they give 1 point "
                 "when at least one question is answered wrongly and at least one command is not followed "
                 "(NIHSS 1b >=1 and 1c >=1); MDCalc's option values for them are codes.",
                 "Every item is an examination finding and is required."),
    compute=_cp_sss,
)

# ---------------------------------------------------------------------------
# MDCalc 3966: Modified SOAR score
# ---------------------------------------------------------------------------

MSOAR = point_score(
    id="msoar", name="Modified SOAR (mSOAR) Score for Stroke", mdcalc_id=3966, category="risk",
    description=("Predicts in-hospital death after acute stroke from stroke type, Oxfordshire classification, "
                 "age, pre-stroke disability (modified Rankin) and NIHSS severity."),
    items=(
        Choice("type", "Stroke type", opts(("Infarct", 0), ("Hemorrhage", 1))),
        Choice("classd", "Oxfordshire Community Stroke Project classification",
               opts(("LACS/PACS", 0), ("POCS", 1), ("TACS", 2))),
        Choice("age", "Age (years)", opts(("<=65", 0), ("66-85", 1), (">85", 2))),
        Choice("disability", "Pre-stroke modified Rankin Scale", opts(("0-2", 0), ("3-4", 1), ("5", 2))),
        Choice("nih", "NIH Stroke Scale score", opts(("0-4", 0), ("5-10", 1), (">=11", 2))),
    ),
    bands=(
        Band(0, 0, "1.0% inpatient mortality"),
        Band(1, 1, "1.0% inpatient mortality"),
        Band(2, 2, "1.5% inpatient mortality"),
        Band(3, 3, "6.5% inpatient mortality"),
        Band(4, 4, "9.2% inpatient mortality"),
        Band(5, 5, "19.5% inpatient mortality"),
        Band(6, 6, "26.2% inpatient mortality"),
        Band(7, 9, "49.2% inpatient mortality (score 7; higher scores were not reported separately)"),
    ),
    reference=("Abdul-Rahim AH, Quinn TJ, Alder S, et al. Derivation and validation of a novel prognostic scale "
               "(modified-stroke subtype, Oxfordshire Community Stroke Project classification, age, and "
               "prestroke modified Rankin) to predict early mortality in acute stroke. Stroke. 2016;47(1):74-79."),
    aliases=("mSOAR", "modified SOAR"),
    conventions=("All five items are required.",
                 "Scores 8-9 are read with the 7-point stratum, the highest the derivation reported."),
)

# ---------------------------------------------------------------------------
# MDCalc 10293: Tisdale risk score for QT prolongation
# ---------------------------------------------------------------------------

TISDALE = point_score(
    id="tisdale_qt", name="Tisdale Risk Score for QT Prolongation", mdcalc_id=10293, category="risk",
    description=("Estimates the risk that a hospitalized cardiac-care patient develops QTc prolongation "
                 "(>500 ms or a rise >60 ms) from age, sex, potassium, baseline QTc, admission diagnosis, "
                 "loop diuretics and the number of QT-prolonging drugs."),
    items=(
        yes_no("age", "Age >=68 years", 1),
        Choice("sex", "Sex", opts(("Male", 0), ("Female", 1))),
        yes_no("loop", "On a loop diuretic", 1),
        yes_no("potassium", "Serum potassium <=3.5 mEq/L", 2),
        yes_no("qtc", "Admission QTc >=450 ms", 2),
        yes_no("mi", "Admitted for acute myocardial infarction", 2),
        yes_no("sepsis", "Admitted for sepsis", 3),
        yes_no("hf", "Admitted for heart failure", 3),
        Choice("drugs", "Number of QTc-prolonging drugs given",
               opts(("None", 0), ("1 QTc-prolonging drug", 3), (">=2 QTc-prolonging drugs", 6)), default="None"),
    ),
    bands=(
        Band(0, 6, "Low risk of QT prolongation"),
        Band(7, 10, "Moderate risk of QT prolongation"),
        Band(11, 21, "High risk of QT prolongation"),
    ),
    reference=("Tisdale JE, Jaynes HA, Kingery JR, et al. Development and validation of a risk score to predict QT "
               "interval prolongation in hospitalized patients. Circ Cardiovasc Qual Outcomes. 2013;6(4):479-487."),
    aliases=("Tisdale score", "QT prolongation risk score"),
    conventions=("Undocumented risk factors and drugs count as absent; age and potassium items are findings "
                 "answered yes/no. Sex is required.",
                 ">=2 QT-prolonging drugs scores 6 in all (3 for the first, 3 more for the second)."),
)

# ---------------------------------------------------------------------------
# MDCalc 3951: Canadian Syncope Risk Score
# ---------------------------------------------------------------------------

# total -> (30-day serious adverse event risk %, category)
_CSRS = {-3: ("0.4", "Very low"), -2: ("0.7", "Very low"), -1: ("1.2", "Low"), 0: ("1.9", "Low"),
         1: ("3.1", "Medium"), 2: ("5.1", "Medium"), 3: ("8.1", "Medium"), 4: ("12.9", "High"),
         5: ("19.7", "High"), 6: ("28.9", "Very high"), 7: ("40.3", "Very high"), 8: ("52.8", "Very high"),
         9: ("65.0", "Very high"), 10: ("75.5", "Very high"), 11: ("83.6", "Very high")}

CANADIAN_SYNCOPE = point_score(
    id="canadian_syncope", name="Canadian Syncope Risk Score", mdcalc_id=3951, category="risk",
    description=("Estimates the 30-day risk of a serious adverse event (death, arrhythmia, MI, structural heart "
                 "disease, PE, hemorrhage and others) after an ED visit for syncope, from the history, blood "
                 "pressure, troponin, ECG findings and the ED's working diagnosis."),
    items=(
        yes_no("predis", "Predisposition to vasovagal symptoms (warm crowded place, prolonged standing, fear, "
                         "emotion or pain)", -1),
        yes_no("hx", "History of heart disease", 1),
        yes_no("sys", "Any systolic pressure <90 or >180 mmHg", 2),
        yes_no("trop", "Troponin elevated (>99th percentile of normal)", 2),
        yes_no("abn", "Abnormal QRS axis (<-30 or >100 degrees)", 1),
        yes_no("qrs", "QRS duration >130 ms", 1),
        yes_no("cqt", "Corrected QT interval >480 ms", 2),
        Choice("syncope", "ED diagnosis", opts(("Vasovagal syncope", -2), ("Cardiac syncope", 2), ("Neither", 0))),
    ),
    bands=tuple(Band(t, t, f"{cat} risk: {pct}% risk of a serious adverse event within 30 days")
                for t, (pct, cat) in _CSRS.items()),
    reference=("Thiruganasambandamoorthy V, Kwong K, Wells GA, et al. Development of the Canadian Syncope Risk "
               "Score to predict serious adverse events after emergency department assessment of syncope. CMAJ. "
               "2016;188(12):E289-E298."),
    aliases=("CSRS", "Canadian syncope score"),
    conventions=("Undocumented findings count as absent; the ED diagnosis is required.",
                 "Categories: very low -3 to -2, low -1 to 0, medium 1 to 3, high 4 to 5, very high 6 to 11."),
)

# ---------------------------------------------------------------------------
# MDCalc 10349 / 10350: IMPROVE and IMPROVEDD VTE risk
# ---------------------------------------------------------------------------

_IMPROVE_ITEMS = (
    yes_no("vte", "Previous VTE", 3),
    yes_no("thrombophilia", "Known thrombophilia", 2),
    yes_no("paralysis", "Current lower-limb paralysis", 2),
    yes_no("cancer", "Current cancer", 2),
    yes_no("immobilized", "Immobilized >=7 days (immediately before and during admission)", 1),
    yes_no("icu", "ICU/CCU stay", 1),
    yes_no("age", "Age >60 years", 1),
)

IMPROVE_VTE = point_score(
    id="improve_vte", name="IMPROVE Risk Score for VTE", mdcalc_id=10349, category="risk",
    description=("Estimates the 3-month risk of venous thromboembolism in a hospitalized medical patient from "
                 "seven risk factors (prior VTE, thrombophilia, paralysis, cancer, immobility, ICU stay, age)."),
    items=_IMPROVE_ITEMS,
    bands=(
        Band(0, 0, "0.4% 3-month risk of VTE"),
        Band(1, 1, "0.6% 3-month risk of VTE"),
        Band(2, 2, "1.0% 3-month risk of VTE"),
        Band(3, 3, "1.7% 3-month risk of VTE"),
        Band(4, 4, "2.9% 3-month risk of VTE"),
        Band(5, 12, "7.2% 3-month risk of VTE"),
    ),
    reference=("Spyropoulos AC, Anderson FA Jr, FitzGerald G, et al. Predictive and associative models to identify "
               "hospitalized medical patients at risk for VTE. Chest. 2011;140(3):706-714."),
    aliases=("IMPROVE VTE", "IMPROVE score"),
    conventions=("Undocumented risk factors count as absent.",
                 "Scores 5 and above share the derivation's highest stratum (7.2%)."),
)

_IMPROVEDD = {0: ("0.4", "0.5"), 1: ("0.6", "0.7"), 2: ("0.8", "1.0"), 3: ("1.2", "1.4"), 4: ("1.6", "1.9")}

IMPROVEDD_VTE = point_score(
    id="improvedd_vte", name="IMPROVEDD Risk Score for VTE", mdcalc_id=10350, category="risk",
    description=("The IMPROVE VTE score of hospitalized medical patients with D-dimer added: estimates the risk "
                 "of venous thromboembolism at 42 and 77 days."),
    items=(*_IMPROVE_ITEMS, yes_no("ddimer", "D-dimer >=2 times the upper limit of normal", 2)),
    bands=(*(Band(t, t, f"{a}% 42-day risk and {b}% 77-day risk of VTE") for t, (a, b) in _IMPROVEDD.items()),
           Band(5, 14, "2.2% 42-day risk and 2.7% 77-day risk of VTE")),
    reference=("Gibson CM, Spyropoulos AC, Cohen AT, et al. The IMPROVEDD VTE risk score: incorporation of D-dimer "
               "into the IMPROVE score to improve venous thromboembolism risk stratification. TH Open. "
               "2017;1(1):e56-e65."),
    aliases=("IMPROVEDD", "IMPROVE-DD"),
    conventions=("Undocumented risk factors count as absent.",
                 "Scores 5 and above share the highest stratum."),
)

# ---------------------------------------------------------------------------
# MDCalc 1785: HEMORR2HAGES
# ---------------------------------------------------------------------------

_HEMORR = {0: "1.9", 1: "2.5", 2: "5.3", 3: "8.4", 4: "10.4"}


def _hemorr_band(total: int) -> str:
    cat = "Low risk" if total <= 1 else "Intermediate risk" if total <= 3 else "High risk"
    rate = _HEMORR.get(total, "12.3")
    return f"{cat}: {rate} major bleeds per 100 patient-years on warfarin ({rate}% per year)"


HEMORR2HAGES = point_score(
    id="hemorr2hages", name="HEMORR2HAGES Score for Major Bleeding Risk", mdcalc_id=1785, category="risk",
    description=("Estimates the rate of major bleeding in an older patient with atrial fibrillation on or "
                 "considered for warfarin; the letters are its eleven risk factors, prior bleeding counting "
                 "double."),
    items=(
        yes_no("hepatic_renal_disease", "Hepatic or renal disease", 1),
        yes_no("ethanol_alcohol_abuse", "Ethanol (alcohol) abuse", 1),
        yes_no("malignancy", "Malignancy", 1),
        yes_no("age_75", "Older (age >75 years)", 1),
        yes_no("reduced_platelet", "Reduced platelet count or function (including aspirin)", 1),
        yes_no("rebleeding", "Rebleeding risk (prior bleed)", 2),
        yes_no("hypertension", "Hypertension (uncontrolled)", 1),
        yes_no("anemia", "Anemia", 1),
        yes_no("genetic", "Genetic factors (CYP2C9 variants)", 1),
        yes_no("fall_risk", "Excessive fall risk", 1),
        yes_no("stroke_history", "Stroke history", 1),
    ),
    bands=tuple(Band(t, t if t < 5 else 12, _hemorr_band(t)) for t in range(6)),
    reference=("Gage BF, Yan Y, Milligan PE, et al. Clinical classification schemes for predicting hemorrhage: "
               "results from the National Registry of Atrial Fibrillation (NRAF). Am Heart J. "
               "2006;151(3):713-719."),
    aliases=("HEMORR2HAGES", "HEMORRHAGES score"),
    conventions=("Undocumented risk factors count as absent.",
                 "Rates per 100 patient-years by score: 0: 1.9, 1: 2.5, 2: 5.3, 3: 8.4, 4: 10.4, >=5: 12.3; "
                 "categories low 0-1, intermediate 2-3, high >=4."),
)

# ---------------------------------------------------------------------------
# MDCalc 10421: Canadian TIA Score
# ---------------------------------------------------------------------------

_CTIA = {-3: "0.01", -2: "0.01-0.03", -1: "0.03", 0: "0.04", 1: "0.07", 2: "0.11", 3: "0.2", 4: "0.3", 5: "0.5",
         6: "0.8", 7: "1.2", 8: "2", 9: "3.2", 10: "5.1", 11: "8.1", 12: "12.6", 13: "19", 14: "27.6"}


def _ctia_band(total: int) -> str:
    cat = "Low risk" if total <= 3 else "Medium risk" if total <= 8 else "High risk"
    risk = _CTIA.get(total, ">27.6")
    return f"{cat}: {risk}% risk of stroke within 7 days"


CANADIAN_TIA = point_score(
    id="canadian_tia", name="Canadian TIA Score", mdcalc_id=10421, category="risk",
    description=("Estimates the 7-day risk of stroke (or carotid endarterectomy/stenting) after a transient "
                 "ischemic attack seen in the ED, from the history, examination, blood pressure and the ED's "
                 "ECG, CT and blood results."),
    items=(
        yes_no("tia", "First TIA in lifetime", 2),
        yes_no("symptoms", "Symptoms lasting >=10 minutes", 2),
        yes_no("stenosis", "History of carotid stenosis", 2),
        yes_no("therapy", "Already on antiplatelet therapy", 3),
        yes_no("gait", "History of gait disturbance", 1),
        yes_no("weakness", "History of unilateral weakness", 1),
        yes_no("vertigo", "History of vertigo", -3),
        yes_no("bp", "Initial triage diastolic blood pressure >=110 mmHg", 3),
        yes_no("d", "Dysarthria or aphasia (history or examination)", 1),
        yes_no("ecg", "Atrial fibrillation on ECG", 2),
        yes_no("ct", "Infarction (new or old) on CT", 1),
        yes_no("platelet", "Platelet count >=400 x10^9/L", 2),
        yes_no("glucose", "Glucose >=15 mmol/L (270 mg/dL)", 3),
    ),
    bands=tuple(Band(t, t if t < 15 else 23, _ctia_band(t)) for t in range(-3, 16)),
    reference=("Perry JJ, Sivilotti MLA, Émond M, et al. Prospective validation of Canadian TIA Score and comparison "
               "with ABCD2 and ABCD2i for subsequent stroke risk after transient ischaemic attack: multicentre "
               "prospective cohort study. BMJ. 2021;372:n49."),
    aliases=("Canadian TIA", "CTS"),
    conventions=("Undocumented findings count as absent.",
                 "Categories: low <=3, medium 4-8, high >=9; scores 15 and above read >27.6%."),
)

# ---------------------------------------------------------------------------
# MDCalc 1786: RIETE bleeding score
# ---------------------------------------------------------------------------

RIETE = point_score(
    id="riete_bleeding", name="RIETE Score for Major Bleeding in VTE Treatment", mdcalc_id=1786, category="risk",
    description=("Estimates the risk of major bleeding during the first 3 months of anticoagulation for acute "
                 "venous thromboembolism, from recent bleeding, creatinine, anemia, cancer, overt PE and age."),
    items=(
        yes_no("major_bleeding", "Recent major bleeding (within 30 days before the VTE)", 2),
        yes_no("creatinine", "Creatinine >1.2 mg/dL (106 µmol/L)", 1.5),
        yes_no("anemia", "Anemia (hemoglobin <13 g/dL in men, <12 g/dL in women)", 1.5),
        yes_no("malignancy", "Cancer", 1),
        yes_no("pulmonary_embolism", "Clinically overt pulmonary embolism", 1),
        yes_no("age_75", "Age >75 years", 1),
    ),
    bands=(
        Band(0, 0, "Low risk: 0.1% risk of major bleeding in 3 months"),
        Band(1, 4, "Intermediate risk: 2.8% risk of major bleeding in 3 months"),
        Band(4.5, 8, "High risk: 6.2% risk of major bleeding in 3 months"),
    ),
    reference=("Ruíz-Giménez N, Suárez C, González R, et al. Predictive variables for major bleeding events in "
               "patients presenting with documented acute venous thromboembolism. Findings from the RIETE "
               "Registry. Thromb Haemost. 2008;100(1):26-31."),
    aliases=("RIETE", "RIETE bleeding score"),
    conventions=("Undocumented risk factors count as absent.",
                 "Rates are the validation cohort's (derivation: 0.3%, 2.6%, 7.3%)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10498: IMPEDE-VTE
# ---------------------------------------------------------------------------

IMPEDE_VTE = point_score(
    id="impede_vte", name="IMPEDE VTE Score", mdcalc_id=10498, category="risk",
    description=("Estimates the 6-month risk of venous thromboembolism in multiple myeloma from the treatment "
                 "(immunomodulatory drugs, dexamethasone, doxorubicin, ESA), fractures, BMI, race, prior VTE, "
                 "central lines and the thromboprophylaxis already given."),
    items=(
        yes_no("immuno", "Immunomodulatory drug use", 4),
        yes_no("bmi", "BMI >=25 kg/m2", 1),
        yes_no("fracture", "Pelvic, hip or femur fracture", 4),
        yes_no("esa", "Erythropoiesis-stimulating agent", 1),
        yes_no("dox", "Doxorubicin use", 3),
        Choice("dex", "Dexamethasone use (low dose <=160 mg/month, high dose >160 mg/month)",
               opts(("No", 0), ("Low dose", 2), ("High dose", 4)), default="No"),
        yes_no("race", "Ethnicity/race Asian or Pacific Islander", -3),
        yes_no("hx", "History of VTE before the myeloma diagnosis", 5),
        yes_no("tunnel", "Tunneled line or central venous catheter", 2),
        yes_no("warfarin", "Existing thromboprophylaxis: therapeutic LMWH or warfarin", -4),
        yes_no("aspirin", "Existing thromboprophylaxis: prophylactic LMWH or aspirin", -3),
    ),
    bands=(
        Band(-10, 3, "Low risk of VTE within 6 months (about 3% in the derivation cohort)"),
        Band(4, 7, "Intermediate risk of VTE within 6 months (about 8%)"),
        Band(8, 24, "High risk of VTE within 6 months (about 15%)"),
    ),
    reference=("Sanfilippo KM, Luo S, Wang TF, et al. Predicting venous thromboembolism in multiple myeloma: "
               "development and validation of the IMPEDE VTE score. Am J Hematol. 2019;94(11):1176-1184."),
    aliases=("IMPEDE", "IMPEDE-VTE"),
    conventions=("Undocumented factors and treatments count as absent.",
                 "MDCalc's values for the race and thromboprophylaxis items are their (negative) points."),
)

# ---------------------------------------------------------------------------
# MDCalc 10439: AUB-HAS2 cardiovascular risk index
# ---------------------------------------------------------------------------

_AUB = {0: "0.3", 1: "1.6", 2: "5.6", 3: "11"}

AUB_HAS2 = point_score(
    id="aub_has2", name="AUB-HAS2 Cardiovascular Risk Index", mdcalc_id=10439, category="risk",
    description=("Estimates the 30-day risk of death, myocardial infarction or stroke after noncardiac surgery "
                 "from six bedside items: history of heart disease, angina or dyspnea, age 75 or over, "
                 "hemoglobin below 12 g/dL, vascular surgery and emergency surgery."),
    items=(
        Choice("age", "Age, years", opts(("<75", 0), (">=75", 1))),
        Choice("hem", "Hemoglobin", opts((">=12 g/dL", 0), ("<12 g/dL", 1))),
        yes_no("heart", "History of heart disease (prior MI, coronary revascularization, cardiac surgery, heart "
                        "failure, atrial fibrillation, or moderate/severe valve disease)", 1),
        yes_no("angina", "Symptoms of angina or dyspnea", 1),
        yes_no("vascular", "Vascular surgery", 1),
        Choice("urgency", "Surgical urgency", opts(("Elective", 0), ("Emergency", 1))),
    ),
    bands=(*(Band(t, t, f"{p}% risk of death, MI or stroke within 30 days after surgery") for t, p in _AUB.items()),
           Band(4, 6, "17.5% risk of death, MI or stroke within 30 days after surgery")),
    reference=("Dakik HA, Chehab O, Eldirani M, et al. A new index for pre-operative cardiovascular evaluation. "
               "J Am Coll Cardiol. 2019;73(24):3067-3078."),
    aliases=("AUB-HAS2", "AUB HAS2 index"),
    conventions=("Undocumented history, symptoms and vascular surgery count as absent; age band, hemoglobin band "
                 "and urgency are required.",
                 "Scores 4-6 share the highest reported stratum (17.5%)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10071: REVEAL 2.0 for pulmonary arterial hypertension
# ---------------------------------------------------------------------------

_REVEAL_ID, _REVEAL_NAME = "reveal_2", "REVEAL Registry Risk Score 2.0 for PAH"
_REVEAL_REF = ("Benza RL, Gomberg-Maitland M, Elliott CG, et al. Predicting survival in patients with pulmonary "
               "arterial hypertension: the REVEAL risk score calculator 2.0 and comparison with ESC/ERS-based risk "
               "assessment strategies. Chest. 2019;156(2):323-337.")
_REVEAL_BANDS = (
    Band(None, 6, "Low risk: predicted 1-year survival >=94%"),
    Band(7, 8, "Intermediate risk: predicted 1-year survival 70 to <94%"),
    Band(9, None, "High risk: predicted 1-year survival <70%"),
)


def _reveal(x: Any) -> CalculatorResult:
    rows = [("constant", "Constant of the score", 6), *item_points(x)]
    return _result(_REVEAL_ID, _REVEAL_NAME, _REVEAL_REF, rows, _REVEAL_BANDS)


REVEAL_2 = point_score(
    id=_REVEAL_ID, name=_REVEAL_NAME, mdcalc_id=10071, category="risk",
    description=("Predicts 1-year survival in WHO group 1 pulmonary arterial hypertension from the PAH subtype, "
                 "demographics, kidney function, functional class, vital signs, hospitalizations, 6-minute walk, "
                 "BNP, echocardiography, DLCO and right heart catheterization."),
    items=(
        Choice("who", "WHO group 1 subgroup",
               opts(("Associated PAH-portopulmonary hypertension", 3), ("Familial PAH", 2),
                    ("Associated PAH-connective tissue disease", 1), ("Other", 0))),
        yes_no("renal", "eGFR <60 mL/min/1.73 m2, or renal insufficiency if eGFR is unavailable", 1),
        yes_no("male", "Male and age >60 years", 2),
        Choice("nyha", "NYHA/WHO functional class", opts(("I", -1), ("II", 0), ("III", 1), ("IV", 2))),
        Choice("bp", "Systolic blood pressure", opts((">=110 mmHg", 0), ("<110 mmHg", 1))),
        Choice("hr", "Heart rate", opts(("<=96 bpm", 0), (">96 bpm", 1))),
        yes_no("hosp", "Any hospitalization within 6 months (any cause)", 1),
        Choice("min", "6-minute walk distance",
               opts((">=440 m", -2), ("320 to <440 m", -1), ("165 to <320 m", 0), ("<165 m", 1))),
        Choice("bnp", "BNP (or NT-proBNP at its own cut points)",
               opts(("<50 pg/mL", -2), ("50 to <200 pg/mL", 0), ("200 to <800 pg/mL", 1), (">=800 pg/mL", 2))),
        yes_no("eff", "Pericardial effusion on echocardiogram", 1),
        Choice("dl", "DLCO (% predicted)", opts((">=40%", 0), ("<40%", 1))),
        yes_no("pressure", "Mean right atrial pressure >20 mmHg within 1 year (right heart catheterization)", 1),
        yes_no("resistance", "Pulmonary vascular resistance <5 Wood units", -1),
    ),
    bands=_REVEAL_BANDS,
    reference=_REVEAL_REF,
    aliases=("REVEAL 2.0", "REVEAL score"),
    conventions=("The total is 6 plus the points of the items.",
                 "Findings not documented count as absent (PVR <5 Wood units then scores 0); the subtype, "
                 "functional class, blood pressure, heart rate, 6-minute walk, BNP and DLCO bands are required.",
                 "Survival cut-offs follow MDCalc's reading of the REVEAL 2.0 strata."),
    compute=_reveal,
)

# ---------------------------------------------------------------------------
# MDCalc 10105: H2FPEF (continuous model)
# ---------------------------------------------------------------------------

_H2FPEF_ID, _H2FPEF_NAME = "h2fpef", "H2FPEF Score for HFpEF (continuous model)"
_H2FPEF_REF = ("Reddy YNV, Carter RE, Obokata M, Redfield MM, Borlaug BA. A simple, evidence-based approach to help "
               "guide diagnosis of heart failure with preserved ejection fraction. Circulation. "
               "2018;138(9):861-870.")


def _h2fpef(x: Any) -> CalculatorResult:
    af = 1 if x.af == "Yes" else 0
    y = -9.1917 + 0.0451 * x.Age + 0.1307 * x.bmi + 0.0859 * x.eratio + 0.0520 * x.sp + 1.6997 * af
    p = math.exp(y) / (1 + math.exp(y)) * 100
    value = round(p, 1)
    text = f"{value:.1f}% probability of heart failure with preserved ejection fraction"
    return CalculatorResult(
        calculator=_H2FPEF_ID, name=_H2FPEF_NAME, value=value, unit="%", interpretation=text,
        explanation=[f"y = -9.1917 + 0.0451 x {x.Age:g} + 0.1307 x {x.bmi:g} + 0.0859 x {x.eratio:g} + "
                     f"0.0520 x {x.sp:g} + 1.6997 x {af} = {y:.4f}",
                     f"probability = e^y / (1 + e^y) = {p:.2f}%"],
        reference=_H2FPEF_REF, components={"y": round(y, 4)})


H2FPEF = point_score(
    id=_H2FPEF_ID, name=_H2FPEF_NAME, mdcalc_id=10105, category="diagnosis",
    description=("Estimates the probability that unexplained dyspnea with a preserved ejection fraction is heart "
                 "failure (HFpEF), from age, BMI, E/e' ratio, pulmonary artery systolic pressure and atrial "
                 "fibrillation, using the authors' continuous logistic model."),
    items=(
        Number("Age", "Age", "years", ge=18, le=120),
        Number("bmi", "Body mass index", "kg/m²", ge=10, le=90),
        Number("eratio", "E/e' ratio (echocardiography)", "ratio", ge=1, le=60),
        Number("sp", "Pulmonary artery systolic pressure (echocardiography)", "mmHg", ge=5, le=150),
        Choice("af", "Atrial fibrillation (paroxysmal or persistent)", opts(("No", 0), ("Yes", 1))),
    ),
    bands=(Band(None, None, "Probability of HFpEF"),),
    reference=_H2FPEF_REF,
    aliases=("H2FPEF", "H2FPEF continuous"),
    unit="%",
    conventions=("The continuous model: probability = e^y/(1+e^y), y = -9.1917 + 0.0451 age + 0.1307 BMI + "
                 "0.0859 E/e' + 0.0520 PASP + 1.6997 AF. The 0-9 point version is not this calculator.",
                 "Every input is required, atrial fibrillation included."),
    compute=_h2fpef,
)

# ---------------------------------------------------------------------------
# MDCalc 1247: Simplified PESI
# ---------------------------------------------------------------------------

SPESI = point_score(
    id="spesi", name="Simplified PESI (sPESI)", mdcalc_id=1247, category="risk",
    description=("Estimates 30-day mortality after acute pulmonary embolism from six items (age over 80, "
                 "cancer, chronic cardiopulmonary disease, tachycardia, hypotension, hypoxemia); any point "
                 "leaves the low-risk group."),
    items=(
        Choice("age_80", "Age, years", opts(("<=80", 0), (">80", 1))),
        yes_no("cancer", "History of cancer", 1),
        yes_no("cardiopulmonary_disease", "History of chronic cardiopulmonary disease (heart failure or chronic "
                                          "lung disease)", 1),
        Choice("heart_rate_110", "Heart rate, bpm", opts(("<110", 0), (">=110", 1))),
        Choice("systolic_blood_pressure_100", "Systolic blood pressure, mmHg", opts((">=100", 0), ("<100", 1))),
        Choice("o2_saturation_90", "Arterial oxygen saturation", opts((">=90%", 0), ("<90%", 1))),
    ),
    bands=(
        Band(0, 0, "Low risk: 1.1% risk of death in 30 days (1.5% recurrent thromboembolism or non-fatal bleeding)"),
        Band(1, 6, "High risk: 8.9% risk of death in 30 days"),
    ),
    reference=("Jiménez D, Aujesky D, Moores L, et al. Simplification of the pulmonary embolism severity index for "
               "prognostication in patients with acute symptomatic pulmonary embolism. Arch Intern Med. "
               "2010;170(15):1383-1389."),
    aliases=("sPESI", "simplified pulmonary embolism severity index"),
    conventions=("History items not documented count as absent; age, heart rate, blood pressure and oxygen "
                 "saturation bands are required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10297: CAHP (Cardiac Arrest Hospital Prognosis) score
# ---------------------------------------------------------------------------

_CAHP_ID, _CAHP_NAME = "cahp", "CAHP (Cardiac Arrest Hospital Prognosis) Score"
_CAHP_REF = ("Maupain C, Bougouin W, Lamhaut L, et al. The CAHP (Cardiac Arrest Hospital Prognosis) score: a tool "
             "for risk stratification after out-of-hospital cardiac arrest. Eur Heart J. 2016;37(42):3222-3228.")
_CAHP_BANDS = (
    Band(None, 149.9, "Low risk: 39% risk of poor neurological outcome (CPC 3-5) at discharge"),
    Band(150, 200, "Moderate risk: 81% risk of poor neurological outcome (CPC 3-5) at discharge"),
    Band(200.1, None, "High risk: 100% risk of poor neurological outcome (CPC 3-5) at discharge"),
)


def _cahp(x: Any) -> CalculatorResult:
    rows = [
        ("age", f"Age: 1.1 x ({x.age:g} - 10)", 1.1 * (x.age - 10)),
        *[r for r in item_points(x)],
        ("collapse", f"No-flow (collapse to CPR): 2.8 x {x.collapse:g} min", 2.8 * x.collapse),
        ("rosc", f"Low-flow (CPR to ROSC): 0.8 x {x.rosc:g} min", 0.8 * x.rosc),
        ("pH", f"Admission pH: 585 - 77 x {x.pH:g}", 585 - 77 * x.pH),
    ]
    rows = [(k, t, round(p, 6)) for k, t, p in rows]
    total = round(sum(p for _, _, p in rows), 1)
    band = band_of(_CAHP_BANDS, total)
    lines = [f"{text} -> {pts:+.1f}" for _, text, pts in rows]
    lines.append(f"Total = {total:g} points; {band.text}")
    return CalculatorResult(
        calculator=_CAHP_ID, name=_CAHP_NAME, value=total, unit="points", interpretation=band.text,
        explanation=lines, reference=_CAHP_REF, components={k: round(p, 2) for k, _, p in rows})


CAHP = point_score(
    id=_CAHP_ID, name=_CAHP_NAME, mdcalc_id=10297, category="risk",
    description=("Predicts a poor neurological outcome (severe disability, vegetative state or death) at "
                 "discharge after out-of-hospital cardiac arrest with return of circulation, from age, setting, "
                 "first rhythm, no-flow and low-flow times, epinephrine dose and admission pH."),
    items=(
        Number("age", "Age", "years", ge=18, le=110),
        Choice("setting", "Setting of the arrest", opts(("Public setting", 0), ("Home", 24))),
        Choice("shockable", "Initial rhythm", opts(("Shockable", 0), ("Non-shockable", 27))),
        Number("collapse", "Time from collapse to start of CPR (no-flow)", "min", ge=0, le=60),
        Number("rosc", "Time from start of CPR to return of spontaneous circulation (low-flow)", "min", ge=0,
               le=180),
        Number("pH", "Arterial pH on admission", "pH", ge=6.2, le=8.0),
        Choice("epi", "Total epinephrine given", opts(("0", 0), ("1-2", 27), (">=3", 43))),
    ),
    bands=_CAHP_BANDS,
    reference=_CAHP_REF,
    aliases=("CAHP", "CAHP score"),
    conventions=("Score = 1.1 x (age - 10) + 24 if at home + 27 if non-shockable + 2.8 x no-flow min + 0.8 x "
                 "low-flow min + (585 - 77 x pH) + epinephrine (1-2 mg: 27, >=3 mg: 43), rounded to 0.1.",
                 "Risk groups: <150 low, 150-200 moderate, >200 high. Every input is required."),
    compute=_cahp,
)

# ---------------------------------------------------------------------------
# MDCalc 3121: Infective endocarditis 6-month mortality score
# ---------------------------------------------------------------------------

_IE_ID, _IE_NAME = "ie_mortality", "Infective Endocarditis (IE) Mortality Risk Score"
_IE_REF = ("Park LP, Chu VH, Peterson G, et al. Validated risk score for predicting 6-month mortality in infective "
           "endocarditis. J Am Heart Assoc. 2016;5(4):e003016.")


def _ie_mortality(x: Any) -> CalculatorResult:
    rows = [("constant", "Constant of the score", 4), *item_points(x)]
    score = _total([p for _, _, p in rows])
    raw = 2.416 * score + 0.109 * score**2 - 4.849
    pct = round(min(100.0, max(0.0, raw)), 1)
    clamp = "" if 0 <= raw <= 100 else f" (the curve gives {raw:.1f}%, outside 0-100%; reported as {pct:g}%)"
    text = f"{pct:.1f}% predicted 6-month mortality"
    if score >= 8:
        text += " (score >=8: high-risk group)"
    lines = [f"{t} -> {p:+g}" for _, t, p in rows]
    lines += [f"Score = {score:g}",
              f"6-month mortality = 2.416 x {score:g} + 0.109 x {score:g}^2 - 4.849 = {raw:.1f}%{clamp}"]
    return CalculatorResult(
        calculator=_IE_ID, name=_IE_NAME, value=score, unit="points", interpretation=text, explanation=lines,
        reference=_IE_REF, components={"mortality_pct": pct, **{k: p for k, _, p in rows}})


IE_MORTALITY = point_score(
    id=_IE_ID, name=_IE_NAME, mdcalc_id=3121, category="risk",
    description=("Predicts 6-month mortality of left-sided infective endocarditis from host factors (age, "
                 "dialysis), features of the infection (acquisition, prosthesis, duration, organism, valve) and "
                 "its complications and treatment (heart failure, stroke, paravalvular disease, persistent "
                 "bacteremia, surgery)."),
    items=(
        Choice("age", "Age, years", opts(("<=45", 0), ("46-60", 2), ("61-70", 3), (">70", 4))),
        yes_no("dialysis", "History of dialysis", 3),
        yes_no("nosocomial", "Nosocomial infection", 2),
        yes_no("prosthetic", "Prosthetic valve endocarditis", 1),
        yes_no("sx", "Symptoms for more than 1 month before admission", -1),
        yes_no("staph", "Staphylococcus aureus", 1),
        yes_no("viridans", "Viridans group streptococci", -2),
        yes_no("aveg", "Aortic valve vegetation", 1),
        yes_no("mveg", "Mitral valve vegetation", 1),
        yes_no("nyha", "NYHA class III or IV heart failure", 3),
        yes_no("stroke", "Stroke", 2),
        yes_no("valv", "Paravalvular complication", 2),
        yes_no("bact", "Persistent bacteremia", 2),
        yes_no("surg", "Surgical treatment", -2),
    ),
    bands=(Band(None, None, "Predicted 6-month mortality from the score"),),
    reference=_IE_REF,
    aliases=("IE mortality score", "endocarditis mortality score"),
    conventions=("Score = 4 (constant) + item points; 6-month mortality (%) = 2.416 x score + 0.109 x score^2 - "
                 "4.849, kept within 0-100%.",
                 "Undocumented findings count as absent; the age band is required.",
                 "A score >=8 marks the high-risk group (sensitivity 86.7%, specificity 50.8%)."),
    compute=_ie_mortality,
)

# ---------------------------------------------------------------------------
# MDCalc 3994: Ottawa Heart Failure Risk Scale
# ---------------------------------------------------------------------------

_OHFRS = {0: ("2.8", "Low"), 1: ("5.1", "Medium"), 2: ("9.2", "Medium"), 3: ("15.9", "High"), 4: ("26.1", "High"),
          5: ("39.8", "Very high"), 6: ("55.3", "Very high"), 7: ("69.8", "Very high"), 8: ("81.2", "Very high"),
          9: ("89.0", "Very high")}

OHFRS = point_score(
    id="ottawa_hf_risk", name="Ottawa Heart Failure Risk Scale (OHFRS)", mdcalc_id=3994, category="risk",
    description=("Estimates the short-term risk of a serious adverse event (death within 30 days, ICU admission, "
                 "ventilation, MI, major procedure, or relapse with admission within 14 days) in an ED patient "
                 "with acute heart failure, from history, examination, a walk test and laboratory results."),
    items=(
        yes_no("stroke", "History of stroke or TIA", 1),
        yes_no("resp", "History of intubation for respiratory distress", 2),
        yes_no("heart", "Heart rate >=110 on ED arrival", 2),
        yes_no("sao", "SaO2 <90% on arrival", 1),
        yes_no("min", "Heart rate >=110 during a 3-minute walk test (or too ill to walk)", 1),
        yes_no("ecg", "New ischemic changes on ECG", 2),
        yes_no("urea", "Urea >=12 mmol/L (33 mg/dL)", 1),
        yes_no("serum", "Serum CO2 >=35 mmol/L", 2),
        yes_no("troponin", "Troponin I or T elevated to the MI level", 2),
        yes_no("probnp", "NT-proBNP >=5,000 ng/L", 1),
    ),
    bands=(*(Band(t, t, f"{cat} risk: {pct}% risk of a serious adverse event") for t, (pct, cat) in _OHFRS.items()),
           Band(10, 15, "Very high risk: >89.0% risk of a serious adverse event")),
    reference=("Stiell IG, Perry JJ, Clement CM, et al. Prospective and explicit clinical validation of the Ottawa "
               "Heart Failure Risk Scale, with and without use of quantitative NT-proBNP. Acad Emerg Med. "
               "2017;24(3):316-327."),
    aliases=("OHFRS", "Ottawa heart failure score"),
    conventions=("Undocumented findings count as absent (the scale is also used without NT-proBNP).",
                 "Categories: low 0, medium 1-2, high 3-4, very high >=5."),
)

# ---------------------------------------------------------------------------
# MDCalc 3950: OESIL score for syncope
# ---------------------------------------------------------------------------

OESIL = point_score(
    id="oesil", name="OESIL Score for Syncope", mdcalc_id=3950, category="risk",
    description=("Estimates 12-month mortality after syncope seen in the ED from four items: age over 65, "
                 "cardiovascular disease, syncope without prodrome and an abnormal ECG."),
    items=(
        Choice("age", "Age >65 years", opts(("No", 0), ("Yes", 1))),
        yes_no("hx", "Cardiovascular disease in the history (structural heart disease, heart failure, peripheral "
                     "arterial disease, stroke or TIA)", 1),
        yes_no("wopro", "Syncope without prodrome", 1),
        Choice("aecg", "Abnormal ECG (rhythm or conduction disorder, hypertrophy, left axis deviation, old MI, "
                       "ischemic ST-T changes)", opts(("No", 0), ("Yes", 1))),
    ),
    bands=(
        Band(0, 0, "0% 12-month mortality"),
        Band(1, 1, "0.8% 12-month mortality"),
        Band(2, 2, "19.6% 12-month mortality"),
        Band(3, 3, "34.7% 12-month mortality"),
        Band(4, 4, "57.1% 12-month mortality"),
    ),
    reference=("Colivicchi F, Ammirati F, Melina D, et al. Development and prospective validation of a risk "
               "stratification system for patients with syncope in the emergency department: the OESIL risk "
               "score. Eur Heart J. 2003;24(9):811-819."),
    aliases=("OESIL",),
    conventions=("History and prodrome not documented count as absent; age and the ECG reading are required.",
                 "A score >=2 marks high risk (admission advised in the derivation)."),
)

# ---------------------------------------------------------------------------
# MDCalc 1731: Duke criteria for infective endocarditis (modified, Li 2000)
# ---------------------------------------------------------------------------

_DUKE_ID, _DUKE_NAME = "duke_endocarditis", "Duke Criteria for Infective Endocarditis (modified)"
_DUKE_REF = ("Li JS, Sexton DJ, Mick N, et al. Proposed modifications to the Duke criteria for the diagnosis of "
             "infective endocarditis. Clin Infect Dis. 2000;30(4):633-638.")
_DUKE_PATH = ("microorganisms", "lesions")
_DUKE_MAJOR = ("endocarditis", "evidence_endocardial")
_DUKE_MINOR = ("heart_condition_injection_drug", "fever", "vascular", "immunologic", "microbiological")
_DUKE_TEXT = {
    0: "Rejected: the criteria for infective endocarditis are not met (fewer than 1 major + 1 minor or 3 minor)",
    1: "Possible infective endocarditis (1 major + 1 minor, or 3 minor criteria)",
    2: "Definite infective endocarditis",
}


def _duke(x: Any) -> CalculatorResult:
    path = [n for n in _DUKE_PATH if getattr(x, n) == "Yes"]
    major = sum(getattr(x, n) == "Yes" for n in _DUKE_MAJOR)
    minor = sum(getattr(x, n) == "Yes" for n in _DUKE_MINOR)
    if path:
        level, why = 2, "pathological criterion met (" + ", ".join(path) + ")"
    elif major == 2 or (major == 1 and minor >= 3) or minor == 5:
        level, why = 2, "clinical criteria: 2 major, or 1 major + 3 minor, or 5 minor"
    elif (major == 1 and minor >= 1) or minor >= 3:
        level, why = 1, "1 major + 1 minor, or 3 minor criteria"
    else:
        level, why = 0, "neither definite nor possible"
    text = _DUKE_TEXT[level]
    if level == 2:
        text += " (pathological criteria)" if path else " (clinical criteria)"
    lines = [f"{t} -> {'yes' if p else 'no'}" for _, t, p in item_points(x)]
    lines += [f"Pathological criteria met: {len(path)}; major clinical criteria: {major}/2; minor: {minor}/5",
              f"Diagnosis: {why}; {text}"]
    return CalculatorResult(
        calculator=_DUKE_ID, name=_DUKE_NAME, value=level, unit="class (0-2)", interpretation=text,
        explanation=lines, reference=_DUKE_REF,
        components={"pathological": len(path), "major": major, "minor": minor})


DUKE_ENDOCARDITIS = point_score(
    id=_DUKE_ID, name=_DUKE_NAME, mdcalc_id=1731, category="diagnosis",
    description=("Classifies suspected infective endocarditis as definite, possible or rejected from pathology "
                 "(organisms or lesions in a vegetation or abscess) or from major clinical criteria (typical "
                 "positive blood cultures, endocardial involvement on imaging) and minor ones (predisposition, "
                 "fever, vascular and immunologic phenomena, other microbiological evidence)."),
    items=(
        yes_no("microorganisms", "Pathology: microorganisms shown by culture or histology in a vegetation, "
                                 "embolized vegetation or intracardiac abscess", 1),
        yes_no("lesions", "Pathology: vegetation or intracardiac abscess confirmed by histology as active "
                          "endocarditis", 1),
        yes_no("endocarditis", "Major: blood cultures positive for endocarditis (typical organisms in 2 separate "
                               "cultures, persistently positive cultures, or Coxiella burnetii)", 1),
        yes_no("evidence_endocardial", "Major: evidence of endocardial involvement (echocardiographic vegetation, "
                                       "abscess or new dehiscence of a prosthetic valve, or new valvular "
                                       "regurgitation)", 1),
        yes_no("heart_condition_injection_drug", "Minor: predisposing heart condition or injection drug use", 1),
        yes_no("fever", "Minor: fever >=38 °C", 1),
        yes_no("vascular", "Minor: vascular phenomena (major arterial emboli, septic pulmonary infarcts, mycotic "
                           "aneurysm, intracranial or conjunctival hemorrhage, Janeway lesions)", 1),
        yes_no("immunologic", "Minor: immunologic phenomena (glomerulonephritis, Osler nodes, Roth spots, "
                              "rheumatoid factor)", 1),
        yes_no("microbiological", "Minor: microbiological evidence not meeting a major criterion", 1),
    ),
    bands=tuple(Band(k, k, v) for k, v in _DUKE_TEXT.items()),
    reference=_DUKE_REF,
    aliases=("Duke criteria", "modified Duke criteria", "Duke endocarditis criteria"),
    unit="class (0-2)",
    conventions=("Definite: a pathological criterion, or 2 major, or 1 major + 3 minor, or 5 minor criteria; "
                 "possible: 1 major + 1 minor or 3 minor; otherwise rejected.",
                 "Value: 0 rejected, 1 possible, 2 definite. A criterion not documented counts as absent "
                 "(reported as assumed); a firm alternative diagnosis or resolution on <=4 days of antibiotics "
                 "also rejects the diagnosis but is not an input here."),
    compute=_duke,
)

# ---------------------------------------------------------------------------
# MDCalc 10065: Steinhart model for acute heart failure in undifferentiated dyspnea
# ---------------------------------------------------------------------------

_STEINHART_ID, _STEINHART_NAME = "steinhart_ahf", "Steinhart Model for Acute Heart Failure in Dyspnea"
_STEINHART_REF = ("Steinhart B, Thorpe KE, Bayoumi AM, Moe G, Januzzi JL Jr, Mazer CD. Improving the diagnosis of "
                  "acute heart failure using a validated prediction model. J Am Coll Cardiol. "
                  "2009;54(16):1515-1521.")


_NTPROBNP_PG_PER_PMOL = 8.457  # NT-proBNP molar mass 8,457 g/mol: 1 pmol/L = 8.457 pg/mL


def _steinhart(x: Any) -> CalculatorResult:
    pre = x.pre / 100
    pg = x.bnp * _NTPROBNP_PG_PER_PMOL
    log_bnp = math.log10(pg)
    y = 8 + 0.011 * x.Age - 5.9 * pre - 2.3 * log_bnp + 0.82 * pre * log_bnp
    p = 100 / (1 + math.exp(y))
    value = round(p, 1)
    text = f"{value:.1f}% probability of acute heart failure"
    return CalculatorResult(
        calculator=_STEINHART_ID, name=_STEINHART_NAME, value=value, unit="%", interpretation=text,
        explanation=[f"NT-proBNP {x.bnp:g} pmol/L x 8.457 = {pg:.0f} pg/mL; log10 = {log_bnp:.4f}",
                     f"y = 8 + 0.011 x {x.Age:g} - 5.9 x {pre:g} - 2.3 x {log_bnp:.4f} + 0.82 x {pre:g} x "
                     f"{log_bnp:.4f} = {y:.4f}",
                     f"probability = 1 / (1 + e^y) = {p:.2f}%"],
        reference=_STEINHART_REF, components={"y": round(y, 4), "nt_probnp_pg_ml": round(pg, 1)})


STEINHART = point_score(
    id=_STEINHART_ID, name=_STEINHART_NAME, mdcalc_id=10065, category="diagnosis",
    description=("Revises the clinician's pre-test probability that undifferentiated dyspnea in the ED is acute "
                 "heart failure with the patient's age and NT-proBNP, giving a post-test probability."),
    items=(
        Number("Age", "Age", "years", ge=18, le=120),
        Number("pre", "Clinician's pre-test probability of acute heart failure", "%", ge=0, le=100),
        Number("bnp", "NT-proBNP", "pmol/L", ge=0.5, le=12000),
    ),
    bands=(Band(None, None, "Post-test probability of acute heart failure"),),
    reference=_STEINHART_REF,
    aliases=("Steinhart model", "Steinhart AHF", "NT-proBNP acute heart failure model"),
    unit="%",
    conventions=("probability = 1 / (1 + e^y), y = 8 + 0.011 age - 5.9 p - 2.3 log10(NT-proBNP) + 0.82 p "
                 "log10(NT-proBNP), with p the pre-test probability as a fraction (entered in %, divided by 100): "
                 "entered as a percentage number the equation would give 100% for every patient.",
                 "NT-proBNP is entered in pmol/L (MDCalc's unit) and converted to pg/mL for the equation "
                 "(x 8.457, its molar mass 8,457 g/mol); MedRisk's cases give it in pmol/L and their answers "
                 "follow this conversion. Every input is required."),
    compute=_steinhart,
)

# ---------------------------------------------------------------------------
# MDCalc 40: CHADS2
# ---------------------------------------------------------------------------

# total -> adjusted stroke rate per 100 patient-years (Gage 2001, no antithrombotic)
_CHADS2 = {0: "1.9", 1: "2.8", 2: "4.0", 3: "5.9", 4: "8.5", 5: "12.5", 6: "18.2"}


def _chads2_risk(total: int) -> str:
    return "Low" if total == 0 else "Moderate (intermediate)" if total <= 2 else "High"


CHADS2 = point_score(
    id="chads2", name="CHADS2 Score for Atrial Fibrillation Stroke Risk", mdcalc_id=40, category="risk",
    description=("Estimates the yearly stroke risk of a patient with non-valvular atrial fibrillation not on "
                 "anticoagulation from heart failure, hypertension, age 75 or over, diabetes (1 point each) and "
                 "prior stroke or TIA (2 points)."),
    items=(
        yes_no("heart_failure", "Congestive heart failure history", 1),
        yes_no("hypertension", "Hypertension history", 1),
        yes_no("age_75", "Age >=75 years", 1),
        yes_no("diabetes", "Diabetes mellitus history", 1),
        yes_no("stroke", "Prior stroke or TIA (symptoms)", 2),
    ),
    bands=tuple(Band(t, t, f"{_chads2_risk(t)} risk: {pct}% stroke risk per year (adjusted stroke rate per 100 "
                           f"patient-years without anticoagulation)") for t, pct in _CHADS2.items()),
    reference=("Gage BF, Waterman AD, Shannon W, Boechler M, Rich MW, Radford MJ. Validation of clinical "
               "classification schemes for predicting stroke: results from the National Registry of Atrial "
               "Fibrillation. JAMA. 2001;285(22):2864-2870."),
    aliases=("CHADS2", "CHADS-2", "CHADS2 score"),
    conventions=("Undocumented history items count as absent.",
                 "Yearly rates are Gage 2001's adjusted stroke rates (95% CI in the paper); risk words: 0 low, "
                 "1-2 moderate, 3-6 high."),
)

# ---------------------------------------------------------------------------
# MDCalc 1750: Revised Geneva score for pulmonary embolism
# ---------------------------------------------------------------------------

GENEVA_REVISED = point_score(
    id="geneva_revised", name="Revised Geneva Score for Pulmonary Embolism", mdcalc_id=1750, category="diagnosis",
    description=("Gives the clinical probability of pulmonary embolism in a suspected case from history "
                 "(age, prior VTE, recent surgery or fracture, cancer), symptoms (leg pain, hemoptysis) and signs "
                 "(heart rate, leg tenderness with edema), without needing a clinician's gestalt."),
    items=(
        yes_no("age_65", "Age >65 years", 1),
        yes_no("dvt_pe", "Previous DVT or PE", 3),
        yes_no("surgery_limb_fracture", "Surgery under general anesthesia or lower limb fracture in the past month",
               2),
        yes_no("malignant_condition", "Active malignant condition (solid or hematologic, active or considered "
                                      "cured <1 year)", 2),
        yes_no("limb_pain", "Unilateral lower limb pain", 3),
        yes_no("hemoptysis", "Hemoptysis", 2),
        Choice("heart_rate", "Heart rate (beats/min)", opts(("< 75", 0), ("75-94", 3), (">= 95", 5))),
        yes_no("pain_on_limb_palpatation", "Pain on deep venous palpation of the lower limb and unilateral edema",
               4),
    ),
    bands=(
        Band(0, 3, "Low clinical probability: about 8% prevalence of PE"),
        Band(4, 10, "Intermediate (moderate) clinical probability: about 28% prevalence of PE"),
        Band(11, 25, "High clinical probability: about 74% prevalence of PE"),
    ),
    reference=("Le Gal G, Righini M, Roy PM, et al. Prediction of pulmonary embolism in the emergency department: "
               "the revised Geneva score. Ann Intern Med. 2006;144(3):165-171."),
    aliases=("revised Geneva", "Geneva score", "Geneva PE score"),
    conventions=("History, symptoms and signs not documented count as absent; the heart rate band is required.",
                 "Prevalences are those of the validation cohort (8%, 28%, 74%)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10477: EUROMACS-RHF
# ---------------------------------------------------------------------------

EUROMACS_RHF = point_score(
    id="euromacs_rhf", name="EUROMACS-RHF Score", mdcalc_id=10477, category="risk",
    description=("Estimates the risk of early right-sided heart failure after implantation of a continuous-flow "
                 "left ventricular assist device, from the RA/PCWP ratio, hemoglobin, inotrope use, INTERMACS "
                 "class and echocardiographic right ventricular function."),
    items=(
        yes_no("ra", "Right atrial to pulmonary capillary wedge pressure ratio >0.54", 2),
        yes_no("hem", "Hemoglobin <=10 g/dL", 1),
        yes_no("iv", "Multiple intravenous inotropes", 2.5),
        yes_no("iclass", "INTERMACS class 1-3", 2),
        yes_no("rv", "Severe right ventricular dysfunction on echocardiography (semiquantitative)", 2),
    ),
    bands=(
        Band(0, 2, "Low risk of right heart failure after LVAD"),
        Band(2.5, 4, "Intermediate risk of right heart failure after LVAD"),
        Band(4.5, 9.5, "High risk of right heart failure after LVAD"),
    ),
    reference=("Soliman OII, Akin S, Muslem R, et al. Derivation and validation of a novel right-sided heart failure "
               "model after implantation of continuous flow left ventricular assist devices: the EUROMACS "
               "(European Registry for Patients with Mechanical Circulatory Support) right-sided heart failure "
               "risk score. Circulation. 2018;137(9):891-906."),
    aliases=("EUROMACS-RHF", "EUROMACS right heart failure score"),
    conventions=("Findings not documented count as absent.",
                 "Risk groups: 0-2 low, 2.5-4 intermediate, 4.5-9.5 high."),
)

# ---------------------------------------------------------------------------
# MDCalc 1756: Modified NIH Stroke Scale (mNIHSS)
# ---------------------------------------------------------------------------

_DRIFT_ARM = opts(("No drift", 0), ("Drift before 10 seconds", 1), ("Falls before 10 seconds", 2),
                  ("No effort against gravity", 3), ("No movement", 4))
_DRIFT_LEG = opts(("No drift", 0), ("Drift before 5 seconds", 1), ("Falls before 5 seconds", 2),
                  ("No effort against gravity", 3), ("No movement", 4))

MNIHSS = point_score(
    id="mnihss", name="Modified NIH Stroke Scale (mNIHSS)", mdcalc_id=1756, category="severity",
    description=("A shortened NIH Stroke Scale (0-31) that keeps the reproducible items (orientation questions "
                 "and commands, gaze, visual fields, limb drift, sensation, language, neglect) to grade the "
                 "neurological deficit of an acute stroke."),
    items=(
        Choice("consciousness", "1B: Orientation questions (month, age)",
               opts(("Both questions correct", 0), ("1 question correct", 1), ("0 questions correct", 2))),
        Choice("commands", "1C: Commands (close eyes, grip hand)",
               opts(("Both tasks correct", 0), ("1 task correct", 1), ("0 tasks correct", 2))),
        Choice("horizontal_movement", "2: Horizontal eye movements",
               opts(("Normal", 0), ("Partial gaze palsy", 1), ("Total gaze palsy", 2))),
        Choice("visual_fields", "3: Visual fields", opts(("No visual loss", 0), ("Partial hemianopia", 1),
                                                        ("Complete hemianopia", 2), ("Bilateral hemianopia", 3))),
        Choice("left_arm_drift", "5A: Left arm motor drift", _DRIFT_ARM),
        Choice("right_arm_drift", "5B: Right arm motor drift", _DRIFT_ARM),
        Choice("left_leg_drift", "6A: Left leg motor drift", _DRIFT_LEG),
        Choice("right_leg_drift", "6B: Right leg motor drift", _DRIFT_LEG),
        Choice("sensation", "8: Sensation", opts(("Normal; no sensory loss", 0), ("Abnormal; sensory loss", 1))),
        Choice("language", "9: Language", opts(("Normal; no aphasia", 0), ("Mild aphasia", 1), ("Severe aphasia", 2),
                                                ("Mute/global aphasia", 3))),
        Choice("extinction", "11: Extinction and inattention (neglect)", opts(("Normal", 0), ("Mild", 1),
                                                                             ("Severe", 2))),
    ),
    bands=(
        Band(0, 0, "No stroke symptoms (score 0)"),
        Band(1, 4, "Minor stroke (1-4)"),
        Band(5, 15, "Moderate stroke (5-15)"),
        Band(16, 20, "Moderate to severe stroke (16-20)"),
        Band(21, 31, "Severe stroke (21 or more)"),
    ),
    reference=("Lyden PD, Lu M, Levine SR, Brott TG, Broderick J; NINDS rtPA Stroke Study Group. A modified "
               "National Institutes of Health Stroke Scale for use in stroke clinical trials: preliminary "
               "reliability and validity. Stroke. 2001;32(6):1310-1317."),
    aliases=("mNIHSS", "modified NIHSS", "modified NIH stroke scale"),
    conventions=("Every item is an examination finding and is required.",
                 "The mNIHSS publishes no severity grades of its own; the bands are the NIHSS's conventional "
                 "ones (0 none, 1-4 minor, 5-15 moderate, 16-20 moderate to severe, >=21 severe)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10029: CART (Cardiac Arrest Risk Triage) score
# ---------------------------------------------------------------------------

CART = point_score(
    id="cart", name="CART (Cardiac Arrest Risk Triage) Score", mdcalc_id=10029, category="risk",
    description=("Predicts cardiac arrest within 48 hours in a hospitalized ward patient from respiratory rate, "
                 "heart rate, diastolic blood pressure and age."),
    items=(
        Choice("rr", "Respiratory rate (breaths/min)", opts(("<21", 0), ("21-23", 8), ("24-25", 12), ("26-29", 15),
                                                             (">29", 22))),
        Choice("hr", "Heart rate (beats/min)", opts(("<110", 0), ("110-139", 4), (">139", 13))),
        Choice("bp", "Diastolic blood pressure (mmHg)", opts((">49", 0), ("40-49", 4), ("35-39", 6), ("<35", 13))),
        Choice("age", "Age (years)", opts(("<55", 0), ("55-69", 4), (">69", 9))),
    ),
    bands=(
        Band(0, 20, "Low risk of cardiac arrest within 48 hours (score <=20)"),
        Band(21, 57, "High risk of cardiac arrest within 48 hours (score >20; 91.9% specific in derivation)"),
    ),
    reference=("Churpek MM, Yuen TC, Park SY, Meltzer DO, Hall JB, Edelson DP. Derivation of a cardiac arrest "
               "prediction model using ward vital signs. Crit Care Med. 2012;40(7):2102-2108."),
    aliases=("CART", "CART score", "cardiac arrest risk triage"),
    conventions=("Every vital-sign band and the age band is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3941: RACE scale
# ---------------------------------------------------------------------------

_RACE_ID, _RACE_NAME = "race_stroke", "Rapid Arterial oCclusion Evaluation (RACE) Scale"
_RACE_REF = ("Pérez de la Ossa N, Carrera D, Gorchs M, et al. Design and validation of a prehospital stroke scale to "
             "predict large arterial occlusion: the rapid arterial occlusion evaluation scale. Stroke. "
             "2014;45(1):87-91.")
_RACE_BANDS = (
    Band(0, 4, "LVO unlikely (RACE <5)"),
    Band(5, 9, "LVO likely (RACE >=5): consider direct transfer to a stroke center with endovascular capability"),
)


def _race(x: Any) -> CalculatorResult:
    used = "aph" if x.hemi == "Right" else "agn"
    if used not in x.given():
        what = "aphasia (right hemiparesis)" if used == "aph" else "agnosia (left hemiparesis)"
        raise CalculatorInputError(_RACE_NAME, [InputIssue(used, "missing", f"{what} is needed to score the scale")])
    rows = [r for r in item_points(x) if r[0] not in ("hemi", "aph", "agn") or r[0] == used]
    return _result(_RACE_ID, _RACE_NAME, _RACE_REF, rows, _RACE_BANDS,
                   notes=(f"{x.hemi} hemiparesis: the {'aphasia' if used == 'aph' else 'agnosia'} item is scored",))


RACE = point_score(
    id=_RACE_ID, name=_RACE_NAME, mdcalc_id=3941, category="diagnosis",
    description=("A prehospital stroke scale (0-9) that predicts large vessel occlusion from facial palsy, arm and "
                 "leg weakness, head and gaze deviation, and aphasia (right hemiparesis) or agnosia (left "
                 "hemiparesis)."),
    items=(
        Choice("facpal", "Facial palsy", opts(("Absent", 0), ("Mild", 1), ("Moderate to severe", 2))),
        Choice("arm", "Arm motor impairment", opts(("Normal to mild", 0), ("Moderate", 1), ("Severe", 2))),
        Choice("leg", "Leg motor impairment", opts(("Normal to mild", 0), ("Moderate", 1), ("Severe", 2))),
        Choice("gaze", "Head and gaze deviation", opts(("Absent", 0), ("Present", 1))),
        Choice("hemi", "Side of the hemiparesis", opts(("Left", 0, 0), ("Right", 0, 1))),
        Choice("aph", "Aphasia (scored with right hemiparesis)",
               opts(("Performs both tasks correctly", 0), ("Performs one task correctly", 1),
                    ("Performs neither task", 2)), default="Performs both tasks correctly"),
        Choice("agn", "Agnosia (scored with left hemiparesis)",
               opts(("Patient recognizes his/her arm and the impairment", 0),
                    ("Does not recognize his/her arm or the impairment", 1),
                    ("Does not recognize his/her arm nor the impairment", 2)),
               default="Patient recognizes his/her arm and the impairment"),
    ),
    bands=_RACE_BANDS,
    reference=_RACE_REF,
    aliases=("RACE", "RACE scale"),
    conventions=("Only one of aphasia and agnosia is scored: aphasia with right hemiparesis, agnosia with left; "
                 "the one scored is required, the other is ignored. MDCalc's hemiparesis value (0 left, 1 right) "
                 "is a code.",
                 "Motor items, facial palsy and gaze are required. A score >=5 was the best cut-off for large "
                 "vessel occlusion (sensitivity 85%, specificity 68%)."),
    compute=_race,
)

# ---------------------------------------------------------------------------
# MDCalc 4004: Bova score
# ---------------------------------------------------------------------------

BOVA = point_score(
    id="bova", name="Bova Score for Pulmonary Embolism Complications", mdcalc_id=4004, category="risk",
    description=("Stages a normotensive patient with acute pulmonary embolism by the 30-day risk of PE-related "
                 "complications (PE death, hemodynamic collapse, recurrent PE) from systolic pressure, troponin, "
                 "right ventricular dysfunction and heart rate."),
    items=(
        Choice("bp", "Systolic blood pressure", opts((">100 mm Hg", 0), ("90-100 mmHg", 2))),
        yes_no("trop", "Elevated cardiac troponin", 2),
        yes_no("rv", "Right ventricular dysfunction (echocardiography or CT)", 2),
        Choice("hr", "Heart rate (beats/min)", opts(("<110", 0), (">=110", 1))),
    ),
    bands=(
        Band(0, 2, "Stage I (low risk): 4.4% PE-related complications and 3.1% PE-related mortality at 30 days"),
        Band(3, 4, "Stage II (intermediate risk): 18% PE-related complications and 6.8% PE-related mortality at "
                   "30 days"),
        Band(5, 7, "Stage III (high risk): 42% PE-related complications and 10% PE-related mortality at 30 days"),
    ),
    reference=("Bova C, Sanchez O, Prandoni P, et al. Identification of intermediate-risk patients with acute "
               "symptomatic pulmonary embolism. Eur Respir J. 2014;44(3):694-703."),
    aliases=("Bova", "Bova score"),
    conventions=("For hemodynamically stable (normotensive) patients only.",
                 "Troponin and RV dysfunction not documented count as absent; systolic pressure and heart rate "
                 "bands are required."),
)

# ---------------------------------------------------------------------------
# MDCalc 3838: Michigan risk score for PICC-related thrombosis
# ---------------------------------------------------------------------------

MICHIGAN_PICC = point_score(
    id="michigan_picc", name="Michigan Risk Score for PICC-Related Thrombosis", mdcalc_id=3838, category="risk",
    description=("Estimates the risk of symptomatic venous thromboembolism after placement of a peripherally "
                 "inserted central catheter, from another central line, leukocytosis, the number of lumens, prior "
                 "VTE and active cancer."),
    items=(
        yes_no("cvc", "Another central venous catheter present when the PICC was placed", 1),
        yes_no("wbc", "WBC >12.0 x 10^9/L when the PICC was placed", 1),
        Choice("num_pic", "Number of PICC lumens", opts(("1", 0), ("2", 1), ("3-4", 2))),
        Choice("vte_hx", "History of VTE", opts(("Never", 0), ("Yes, >30 days prior", 2),
                                                 ("Yes, within 30 days", 3)), default="Never"),
        yes_no("ca", "Active cancer (on chemotherapy or admitted for cancer)", 3),
    ),
    bands=(
        Band(0, 0, "Class I: 0.9% risk of PICC-related VTE"),
        Band(1, 2, "Class II: 1.6% risk of PICC-related VTE"),
        Band(3, 4, "Class III: 2.7% risk of PICC-related VTE"),
        Band(5, 10, "Class IV: 4.7% risk of PICC-related VTE"),
    ),
    reference=("Chopra V, Kaatz S, Conlon A, et al. The Michigan Risk Score to predict peripherally inserted "
               "central catheter-associated thrombosis. J Thromb Haemost. 2017;15(10):1951-1962."),
    aliases=("Michigan risk score", "MRS PICC", "PICC thrombosis score"),
    conventions=("Findings and VTE history not documented count as absent; the number of lumens is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10516: TRiP(cast)
# ---------------------------------------------------------------------------

_TRIP_ID, _TRIP_NAME = "trip_cast", "TRiP(cast) Score"
_TRIP_REF = ("Nemeth B, Douillet D, le Cessie S, et al. Clinical risk assessment model to predict venous "
             "thromboembolism risk after immobilization for lower-limb trauma. EClinicalMedicine. "
             "2020;20:100270.")
_TRIP_BANDS = (Band(0, 6, "Low risk of VTE (score <7)"), Band(7, 34, "High risk of VTE (score >=7)"))


def _trip_cast(x: Any) -> CalculatorResult:
    rows = item_points(x)
    total = _total([p for _, _, p in rows])
    z = -6.677015 + 0.3332203 * total
    pct = round(100 * math.exp(z) / (1 + math.exp(z)), 1)
    band = band_of(_TRIP_BANDS, total)
    text = f"{band.text}: {pct:.1f}% 3-month risk of VTE"
    lines = [f"{t} -> {p:+g}" for _, t, p in rows]
    lines += [f"Total = {total:g} points", f"3-month VTE risk = e^x / (1 + e^x), x = -6.677015 + 0.3332203 x "
              f"{total:g} = {z:.4f} -> {pct:.1f}%; {text}"]
    return CalculatorResult(
        calculator=_TRIP_ID, name=_TRIP_NAME, value=total, unit="points", interpretation=text, explanation=lines,
        reference=_TRIP_REF, components={"risk_pct": pct, **{k: p for k, _, p in rows}})


TRIP_CAST = point_score(
    id=_TRIP_ID, name=_TRIP_NAME, mdcalc_id=10516, category="risk",
    description=("Estimates the 3-month risk of venous thromboembolism in an adult whose lower limb is immobilized "
                 "after trauma, from the injury, the cast or brace, age, sex, BMI and thrombotic risk factors; "
                 "guides thromboprophylaxis."),
    items=(
        Choice("trauma", "Trauma (the most severe)", opts(("Low-risk", 1), ("Intermediate-risk", 2), ("High-risk", 3))),
        Choice("immobilization", "Immobilization",
               opts(("Other cast or bracing with plantar support", 0),
                    ("Foot cast (ankle free) or any semi-rigid without plantar support", 1),
                    ("Lower-leg cast", 2), ("Upper-leg cast", 3))),
        Choice("age", "Age", opts(("<35 years", 0), (">=35 and <55 years", 1), (">=55 and <75 years", 2),
                                  (">=75 years", 3))),
        Choice("sex", "Sex", opts(("Female", 0), ("Male", 1))),
        Choice("bmi", "BMI", opts(("<25 kg/m²", 0), (">=25 and <35 kg/m²", 1), (">=35 kg/m²", 2))),
        yes_no("fam_hx", "Family history of VTE (first-degree relative)", 2),
        yes_no("hx", "Personal history of VTE or known major thrombophilia", 4),
        yes_no("oc", "Current oral contraceptive or estrogenic hormone therapy", 4),
        yes_no("cancer", "Cancer diagnosed within the past 5 years", 3),
        yes_no("preg", "Pregnancy or puerperium", 3),
        yes_no("other", "Other immobilization within 3 months (admission, bedridden, flight >6 h, limb paralysis)",
               2),
        yes_no("surgery", "Surgery within the past 3 months", 2),
        yes_no("como", "Comorbidity (heart failure, rheumatoid arthritis, CKD, COPD or IBD)", 1),
        yes_no("veins", "Chronic venous insufficiency (varicose veins)", 1),
    ),
    bands=_TRIP_BANDS,
    reference=_TRIP_REF,
    aliases=("TRiP(cast)", "TRIP cast", "TRiPcast"),
    conventions=("3-month VTE risk (%) = 100 e^x / (1 + e^x), x = -6.677015 + 0.3332203 x score; <7 low, >=7 high "
                 "(prophylaxis suggested).",
                 "Trauma, immobilization, age, sex and BMI are required; risk factors not documented count as "
                 "absent."),
    compute=_trip_cast,
)

# ---------------------------------------------------------------------------
# MDCalc 3948: EGSYS score for syncope
# ---------------------------------------------------------------------------

EGSYS = point_score(
    id="egsys", name="EGSYS Score for Syncope", mdcalc_id=3948, category="diagnosis",
    description=("Estimates at the first evaluation whether a syncope is cardiac, from an abnormal ECG or heart "
                 "disease, palpitations, effort or supine onset (points for) and autonomic prodromes or "
                 "predisposing factors (points against)."),
    items=(
        yes_no("ecg", "Abnormal ECG and/or heart disease", 3),
        yes_no("palp", "Palpitations before syncope", 4),
        yes_no("eff", "Syncope during effort", 3),
        yes_no("sup", "Syncope in supine position", 2),
        yes_no("auto", "Autonomic prodromes (nausea/vomiting)", -1),
        yes_no("predis", "Predisposing and/or precipitating factors (warm crowded place, prolonged standing, "
                         "fear, pain, emotion)", -1),
    ),
    bands=(
        Band(-2, 2, "Cardiac syncope less likely (score <3); 3% mortality at 21-24 months"),
        Band(3, 12, "Cardiac syncope likely (score >=3, 95% sensitive); 17% mortality at 21-24 months"),
    ),
    reference=("Del Rosso A, Ungar A, Maggi R, et al. Clinical predictors of cardiac syncope at initial evaluation "
               "in patients referred urgently to a general hospital: the EGSYS score. Heart. "
               "2008;94(12):1620-1626."),
    aliases=("EGSYS", "EGSYS score"),
    conventions=("Findings not documented count as absent.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10551: DOAC score
# ---------------------------------------------------------------------------

DOAC = point_score(
    id="doac_score", name="DOAC Score for Bleeding Risk", mdcalc_id=10551, category="risk",
    description=("Estimates the 1-year risk of major bleeding of a patient with atrial fibrillation on a direct "
                 "oral anticoagulant, from age, kidney function, low weight, prior stroke, diabetes, "
                 "hypertension, antiplatelet and NSAID use, bleeding history and liver disease."),
    items=(
        Choice("q1", "Age, years", opts(("<65", 0), ("65-69", 2), ("70-74", 3), ("75-79", 4), (">=80", 5))),
        Choice("q2", "Creatinine clearance/eGFR (mL/min)", opts((">60", 0), ("30-60", 1), ("<30", 2))),
        yes_no("q3", "Underweight (BMI <18.5 kg/m²)", 1),
        yes_no("q4", "Stroke, TIA or embolism history", 1),
        yes_no("q5", "Diabetes", 1),
        yes_no("q6", "Hypertension", 1),
        Choice("q7", "Antiplatelet use", opts(("No", 0), ("Aspirin", 2), ("Dual-antiplatelet", 3)), default="No"),
        yes_no("q8", "NSAID use", 1),
        yes_no("q9", "Bleeding history", 3),
        yes_no("q10", "Liver disease (AST or ALT >=3x ULN, ALP >=2x ULN, or cirrhosis)", 2),
    ),
    bands=(
        Band(0, 3, "Very low 1-year major bleeding risk"),
        Band(4, 5, "Low 1-year major bleeding risk"),
        Band(6, 7, "Moderate 1-year major bleeding risk"),
        Band(8, 9, "High 1-year major bleeding risk"),
        Band(10, 20, "Very high 1-year major bleeding risk (scores >=10 are grouped as 10)"),
    ),
    reference=("Aggarwal R, Ruff CT, Virdone S, et al. Development and validation of the DOAC score: a novel "
               "bleeding risk prediction tool for patients with atrial fibrillation on direct-acting oral "
               "anticoagulants. Circulation. 2023;148(12):936-946."),
    aliases=("DOAC score", "DOAC bleeding score"),
    conventions=("Age and kidney function bands are required; history items and drugs not documented count as "
                 "absent.",
                 "The total is reported as summed; the authors group scores of 10 or more as 10 (very high)."),
)

# ---------------------------------------------------------------------------
# MDCalc 3959: Los Angeles Motor Scale (LAMS)
# ---------------------------------------------------------------------------

LAMS = point_score(
    id="lams", name="Los Angeles Motor Scale (LAMS)", mdcalc_id=3959, category="severity",
    description=("A prehospital 0-5 motor score of suspected stroke (facial droop, arm drift, grip strength) "
                 "that grades severity and flags a likely large vessel occlusion."),
    items=(
        Choice("facial", "Facial droop", opts(("Absent", 0), ("Present", 1))),
        Choice("arm", "Arm drift", opts(("Absent", 0), ("Drifts down", 1), ("Falls rapidly", 2))),
        Choice("grip", "Grip strength", opts(("Normal", 0), ("Weak grip", 1), ("No grip", 2))),
    ),
    bands=(
        Band(0, 3, "LVO less likely (LAMS <4): minor or moderate severity stroke, which may still benefit from "
                   "acute treatment"),
        Band(4, 5, "LVO likely (LAMS >=4): severe stroke; transfer to a stroke center with endovascular capability"),
    ),
    reference=("Llanes JN, Kidwell CS, Starkman S, Leary MC, Eckstein M, Saver JL. The Los Angeles Motor Scale "
               "(LAMS): a new measure to characterize stroke severity in the field. Prehosp Emerg Care. "
               "2004;8(1):46-50."),
    aliases=("LAMS", "Los Angeles motor scale"),
    conventions=("All three examination items are required.",
                 "The >=4 cut-off for large vessel occlusion is from the scale's later validation (Nazliel, "
                 "Stroke 2008)."),
)

# ---------------------------------------------------------------------------
# MDCalc 3949: ROSE rule for syncope
# ---------------------------------------------------------------------------

ROSE = point_score(
    id="rose_syncope", name="ROSE (Risk Stratification of Syncope in the ED) Rule", mdcalc_id=3949, category="risk",
    description=("Identifies ED syncope patients at risk of a serious outcome or death within a month: any one of "
                 "raised BNP, bradycardia, occult blood on rectal examination, anemia, chest pain, Q waves or "
                 "low oxygen saturation calls for admission."),
    items=(
        yes_no("bnp", "BNP >=300 pg/mL", 1),
        yes_no("brady", "Bradycardia <=50 bpm in the ED or before hospital", 1),
        yes_no("rectal", "Fecal occult blood on rectal examination (when GI bleeding is suspected)", 1),
        yes_no("ane", "Anemia: hemoglobin <=90 g/L", 1),
        yes_no("cxpn", "Chest pain with the syncope", 1),
        yes_no("ecg", "Q wave on the ECG (not in lead III)", 1),
        yes_no("sat", "Oxygen saturation <=94% on room air", 1),
    ),
    bands=(
        Band(0, 0, "Low risk: no ROSE criterion present; outpatient follow-up can be considered"),
        Band(1, 7, "High risk of a serious outcome or death within 1 month: admission recommended"),
    ),
    reference=("Reed MJ, Newby DE, Coull AJ, Prescott RJ, Jacques KG, Gray AJ. The ROSE (risk stratification of "
               "syncope in the emergency department) study. J Am Coll Cardiol. 2010;55(8):713-721."),
    aliases=("ROSE rule", "ROSE syncope", "BRACES"),
    conventions=("Value: the number of criteria present; any one makes the patient high risk.",
                 "Criteria not documented count as absent."),
)

# ---------------------------------------------------------------------------
# MDCalc 2011: DASH score for recurrent VTE
# ---------------------------------------------------------------------------

_DASH = {-2: "1.8", -1: "1.0", 0: "2.4", 1: "3.9", 2: "6.3", 3: "10.8", 4: "19.9"}

DASH = point_score(
    id="dash_vte", name="DASH Prediction Score for Recurrent VTE", mdcalc_id=2011, category="risk",
    description=("Estimates the yearly risk of recurrence after a first unprovoked venous thromboembolism once "
                 "anticoagulation stops, from the D-dimer after treatment, age 50 or under, male sex and "
                 "hormone use at the first event."),
    items=(
        yes_no("ddimer", "D-dimer abnormal (after stopping anticoagulation)", 2, default=None),
        yes_no("age_50", "Age <=50 years", 1, default=None),
        yes_no("male", "Male patient", 1, default=None),
        yes_no("hormone", "Hormone use at the onset of the VTE (women)", -2),
    ),
    bands=tuple(Band(t, t, (f"{'Low' if t <= 1 else 'Higher'} risk: {pct}% annual risk of VTE recurrence"
                            + (" (few patients scored -2 in the derivation)" if t == -2 else "")))
                for t, pct in _DASH.items()),
    reference=("Tosetto A, Iorio A, Marcucci M, et al. Predicting disease recurrence in patients with previous "
               "unprovoked venous thromboembolism: a proposed prediction score (DASH). J Thromb Haemost. "
               "2012;10(6):1019-1025."),
    aliases=("DASH", "DASH score"),
    conventions=("D-dimer, age and sex are required; hormone use not documented counts as absent.",
                 "A score <=1 marks the low-risk group (annual recurrence about 3%) in which stopping "
                 "anticoagulation may be considered."),
)

# ---------------------------------------------------------------------------
# MDCalc 10203: ISTH criteria for overt DIC
# ---------------------------------------------------------------------------

ISTH_DIC = point_score(
    id="isth_dic", name="ISTH Criteria for Disseminated Intravascular Coagulation (DIC)", mdcalc_id=10203,
    category="diagnosis",
    description=("Scores overt disseminated intravascular coagulation in a patient with an underlying disorder "
                 "known to cause it, from the platelet count, a fibrin-related marker, prolongation of the "
                 "prothrombin time and fibrinogen."),
    items=(
        Choice("platelet", "Platelet count (x10^9/L)", opts((">=100", 0), ("50 to <100", 1), ("<50", 2))),
        Choice("marker", "Fibrin-related marker (e.g. D-dimer, fibrin degradation products)",
               opts(("No increase", 0), ("Moderate increase", 2), ("Severe increase", 3))),
        Choice("pt", "Prolongation of the prothrombin time (seconds)", opts(("<3", 0), ("3 to <6", 1), (">=6", 2))),
        Choice("fib", "Fibrinogen (g/L)", opts((">=1", 0), ("<1", 1))),
    ),
    bands=(
        Band(0, 4, "Not suggestive of overt DIC (score <5), may be non-overt DIC: repeat in 1-2 days"),
        Band(5, 8, "Compatible with overt DIC (score >=5): repeat the score daily"),
    ),
    reference=("Taylor FB Jr, Toh CH, Hoots WK, Wada H, Levi M. Towards definition, clinical and laboratory "
               "criteria, and a scoring system for disseminated intravascular coagulation. Thromb Haemost. "
               "2001;86(5):1327-1330."),
    aliases=("ISTH DIC score", "overt DIC score", "DIC score"),
    conventions=("Applies only with an underlying disorder known to be associated with overt DIC.",
                 "All four laboratory items are required; marker increases use the laboratory's cut-offs."),
)

# ---------------------------------------------------------------------------
# MDCalc 3828: ADHERE algorithm (classification tree)
# ---------------------------------------------------------------------------

_ADHERE_ID, _ADHERE_NAME = "adhere", "ADHERE Algorithm for In-Hospital Mortality in Heart Failure"
_ADHERE_REF = ("Fonarow GC, Adams KF Jr, Abraham WT, Yancy CW, Boscardin WJ; ADHERE Scientific Advisory Committee, "
               "Study Group, and Investigators. Risk stratification for in-hospital mortality in acutely "
               "decompensated heart failure: classification and regression tree analysis. JAMA. "
               "2005;293(5):572-580.")
_ADHERE_TEXT = {
    1: "Low risk: 2.1% in-hospital mortality (BUN <43 mg/dL, systolic BP >=115 mmHg)",
    2: "Intermediate risk (group 1 of 3): 5.5% in-hospital mortality (BUN <43 mg/dL, systolic BP <115 mmHg; "
       "intermediate groups 5.5-13.2%)",
    3: "Intermediate risk (group 2 of 3): 6.4% in-hospital mortality (BUN >=43 mg/dL, systolic BP >=115 mmHg; "
       "intermediate groups 5.5-13.2%)",
    4: "Intermediate risk (group 3 of 3): 12.4% in-hospital mortality (BUN >=43 mg/dL, systolic BP <115 mmHg, "
       "creatinine <2.75 mg/dL; intermediate groups 5.5-13.2%)",
    5: "High risk: 21.9% in-hospital mortality (BUN >=43 mg/dL, systolic BP <115 mmHg, creatinine >=2.75 mg/dL)",
}


def _adhere(x: Any) -> CalculatorResult:
    bun, low_bp, cr = x.bun == "Yes", x.sbp == "Yes", x.cr == "Yes"
    if not bun:
        node = 2 if low_bp else 1
    elif not low_bp:
        node = 3
    else:
        node = 5 if cr else 4
    used = "BUN and systolic BP" if node < 4 else "BUN, systolic BP and creatinine"
    lines = [f"BUN >=43 mg/dL: {x.bun}", f"Systolic BP <115 mmHg: {x.sbp}",
             f"Creatinine >=2.75 mg/dL: {x.cr}" + ("" if node >= 4 else " (not used on this branch)"),
             f"Tree branch read from {used}: {_ADHERE_TEXT[node]}"]
    return CalculatorResult(
        calculator=_ADHERE_ID, name=_ADHERE_NAME, value=node, unit="risk group (1-5)",
        interpretation=_ADHERE_TEXT[node], explanation=lines, reference=_ADHERE_REF, components={"group": node})


ADHERE = point_score(
    id=_ADHERE_ID, name=_ADHERE_NAME, mdcalc_id=3828, category="risk",
    description=("Sorts a patient admitted with acutely decompensated heart failure into five in-hospital "
                 "mortality groups with a decision tree on admission BUN, systolic blood pressure and, on the "
                 "worst branch, serum creatinine."),
    items=(
        yes_no("bun", "BUN >=43 mg/dL (15.35 mmol/L)", 1, default=None),
        yes_no("sbp", "Systolic blood pressure <115 mmHg", 1, default=None),
        yes_no("cr", "Creatinine >=2.75 mg/dL (243 µmol/L)", 1, default=None),
    ),
    bands=tuple(Band(k, k, v) for k, v in _ADHERE_TEXT.items()),
    reference=_ADHERE_REF,
    aliases=("ADHERE", "ADHERE tree", "ADHERE CART"),
    unit="risk group (1-5)",
    conventions=("A tree, not a sum: BUN first, then systolic BP, then creatinine only when BUN >=43 and SBP <115.",
                 "Value: group 1 low, 2-4 intermediate 1-3, 5 high; mortality per group is the derivation "
                 "cohort's; the intermediate groups span about 5.5-13.2% over derivation and validation. MDCalc's "
                 "'sBP' toggle means SBP <115 mmHg.",
                 "All three inputs are required (creatinine may be answered 'No' when the branch does not use it)."),
    compute=_adhere,
)

# ---------------------------------------------------------------------------
# MDCalc 4005: HERDOO2
# ---------------------------------------------------------------------------

HERDOO2 = point_score(
    id="herdoo2", name="HERDOO2 Rule for Discontinuing Anticoagulation in Unprovoked VTE", mdcalc_id=4005,
    category="risk",
    description=("Identifies women with a first unprovoked venous thromboembolism, after 5-12 months of "
                 "anticoagulation, whose low recurrence risk allows stopping it: post-thrombotic signs, D-dimer, "
                 "obesity and older age."),
    items=(
        yes_no("post", "Post-thrombotic signs (hyperpigmentation, edema or redness of either leg)", 1),
        Choice("level", "D-dimer on anticoagulation", opts(("<250 µg/L", 0), (">=250 µg/L", 1))),
        Choice("bmi", "BMI, kg/m²", opts(("<30", 0), (">=30", 1))),
        Choice("age", "Age, years", opts(("<65", 0), (">=65", 1))),
    ),
    bands=(
        Band(0, 1, "Low risk: 3.0% recurrent major VTE per 100 patient-years; oral anticoagulation can be "
                   "safely discontinued"),
        Band(2, 4, "Not low risk: 7.4% recurrent major VTE per 100 patient-years; continue oral anticoagulation"),
    ),
    reference=("Rodger MA, Kahn SR, Wells PS, et al. Identifying unprovoked thromboembolism patients at low risk "
               "for recurrence who can discontinue anticoagulant therapy. CMAJ. 2008;179(5):417-426."),
    aliases=("HERDOO2", "HER DOO2", "Men continue and HERDOO2"),
    conventions=("Applies to women with a first unprovoked VTE; men were not low risk in the derivation.",
                 "D-dimer, BMI and age bands are required; post-thrombotic signs not documented count as absent.",
                 "Recurrence rates per 100 patient-years are the REVERSE II validation's (Rodger, BMJ 2017) as "
                 "MDCalc reports them."),
)

# ---------------------------------------------------------------------------
# MDCalc 10559 and 10558: Grogan and Gillmore staging of ATTR cardiomyopathy
# ---------------------------------------------------------------------------

GROGAN = point_score(
    id="grogan_attr", name="Grogan Staging System for ATTR-CM", mdcalc_id=10559, category="severity",
    description=("Stages wild-type transthyretin amyloid cardiomyopathy by NT-proBNP above 3000 pg/mL and "
                 "troponin T above 0.05 ng/mL (one stage per raised marker), giving 4-year survival."),
    items=(
        Choice("bnp", "NT-proBNP", opts(("<=3000 pg/mL", 0), (">3000 pg/mL", 1))),
        Choice("trop", "Troponin T", opts(("<=0.05 ng/mL", 0), (">0.05 ng/mL", 1))),
    ),
    bands=(
        Band(1, 1, "Stage I: 57% 4-year overall survival"),
        Band(2, 2, "Stage II: 42% 4-year overall survival"),
        Band(3, 3, "Stage III: 18% 4-year overall survival"),
    ),
    reference=("Grogan M, Scott CG, Kyle RA, et al. Natural history of wild-type transthyretin cardiac amyloidosis "
               "and risk stratification using a novel staging system. J Am Coll Cardiol. 2016;68(10):1014-1020."),
    aliases=("Grogan stage", "Mayo ATTR-wt staging"),
    unit="stage",
    constant=1,
    conventions=("Stage = 1 + the number of raised markers. Both markers are required.",),
)

GILLMORE = point_score(
    id="gillmore_attr", name="Gillmore Staging System for ATTR-CM", mdcalc_id=10558, category="severity",
    description=("Stages transthyretin amyloid cardiomyopathy (wild-type or hereditary) by NT-proBNP above "
                 "3000 pg/mL and eGFR below 45 mL/min/1.73 m² (one stage per abnormal marker), giving median "
                 "survival."),
    items=(
        Choice("nt_probnp", "NT-proBNP", opts(("<=3000 pg/mL", 0), (">3000 pg/mL", 1))),
        Choice("egfr", "eGFR", opts((">=45 mL/min/1.73 m²", 0), ("<45 mL/min/1.73 m²", 1))),
    ),
    bands=(
        Band(1, 1, "Stage I: 69.2 months median survival"),
        Band(2, 2, "Stage II: 46.7 months median survival"),
        Band(3, 3, "Stage III: 24.1 months median survival"),
    ),
    reference=("Gillmore JD, Damy T, Fontana M, et al. A new staging system for cardiac transthyretin amyloidosis. "
               "Eur Heart J. 2018;39(30):2799-2806."),
    aliases=("Gillmore stage", "NAC ATTR staging"),
    unit="stage",
    constant=1,
    conventions=("Stage = 1 + the number of abnormal markers. Both markers are required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10209: RiskE score for cardiac surgery in active infective endocarditis
# ---------------------------------------------------------------------------

RISKE = point_score(
    id="riske_endocarditis_surgery", name="RiskE Score for Cardiac Surgery in Active Infective Endocarditis",
    mdcalc_id=10209, category="risk",
    description=("Scores the risk of dying in hospital after cardiac surgery for active left-sided infective "
                 "endocarditis from age band, prosthetic-valve infection, a virulent organism (Staphylococcus "
                 "aureus or fungi), septic shock, thrombocytopenia, acute renal insufficiency, cardiogenic shock "
                 "and periannular complications (0-68 points). This product gives the score only: the published "
                 "mortality for each score is in a supplementary table of the paper that is not available "
                 "offline."),
    items=(
        Choice("age", "Age, years", opts(("<=51", 0), ("52-63", 9), ("64-72", 13), (">=73", 14))),
        yes_no("pros", "Prosthetic endocarditis", 6),
        yes_no("vir", "Virulent microorganism (Staphylococcus aureus or fungi)", 9),
        yes_no("sep", "Septic shock", 7),
        yes_no("throm", "Thrombocytopenia", 7),
        yes_no("renal", "Acute renal insufficiency", 5),
        yes_no("cardio", "Cardiogenic shock", 15),
        yes_no("peri", "Periannular complications (abscess, pseudoaneurysm, fistula or prosthetic dehiscence)", 5),
    ),
    bands=(Band(0, 68, "RiskE score (0-68); the predicted in-hospital postoperative mortality at each score is "
                       "given in Table S3 of Olmos 2017, which is not available offline"),),
    reference=("Olmos C, Vilacosta I, Habib G, et al. Risk score for cardiac surgery in active left-sided infective "
               "endocarditis. Heart. 2017;103(18):1435-1442."),
    aliases=("RiskE", "RiskE score", "endocarditis surgery risk score"),
    conventions=(
        "Score = sum of the item points (age <=51 0, 52-63 9, 64-72 13, >=73 14; prosthetic endocarditis 6; "
        "S. aureus or fungi 9; septic shock 7; thrombocytopenia 7; acute renal insufficiency 5; cardiogenic shock "
        "15; periannular complication 5). The age band is required; undocumented findings count as absent.",
        "Not available offline: the score-to-mortality table (Olmos 2017, supplementary Table S3), so no "
        "mortality percentage or risk class is reported; the study's exact definitions of thrombocytopenia "
        "(the library's footnote giving the platelet cut-off is truncated) and of acute renal insufficiency.",
    ),
)
