"""Cardiac rhythm, heart failure, syncope, stroke and thrombosis scores of RiskAgent's library.

Atrial fibrillation stroke and bleeding risk, VTE risk and anticoagulation bleeding, syncope and TIA
triage, prehospital stroke severity, QT prolongation. Each score follows its primary publication; where
MDCalc's option value is a code rather than points, the option carries it as ``code``.
"""

from __future__ import annotations

import math
from typing import Any

from medmirror.tools.calculators.base import CalculatorResult
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
