"""Infectious-disease scores of RiskAgent's library: pleural infection, pneumonia, sepsis, soft tissue and joints."""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.library.hematologic import criteria_rule
from medmirror.tools.calculators.points import (
    Band,
    Choice,
    band_of,
    explained_result,
    item_points,
    opts,
    point_score,
    yes_no,
)

# ---------------------------------------------------------------------------
# MDCalc 4014: RAPID score (pleural infection)
# ---------------------------------------------------------------------------

RAPID = point_score(
    id="rapid_pleural", name="RAPID Score for Pleural Infection", mdcalc_id=4014, category="risk",
    description=("Stratifies 3-month mortality of adults with pleural infection from urea, age, whether the "
                 "pleural fluid is purulent, where the infection was acquired and serum albumin."),
    items=(
        Choice("bun", "BUN, serum", opts(("<14 mg/dL (5 mmol/L)", 0), ("14-23 mg/dL (5-8 mmol/L)", 1),
                                         (">23 mg/dL (8 mmol/L)", 2))),
        Choice("age", "Age, years", opts(("<50", 0), ("50-70", 1), (">70", 2))),
        Choice("pleural", "Purulent pleural fluid", opts(("Yes", 0), ("No", 1))),
        Choice("infection", "Infection source", opts(("Community-acquired", 0), ("Hospital-acquired", 1))),
        Choice("albumin", "Serum albumin", opts((">=2.7 g/dL (27 g/L)", 0), ("<2.7 g/dL (27 g/L)", 1))),
    ),
    bands=(
        Band(0, 2, "Low risk: 1.5% mortality at 3 months"),
        Band(3, 4, "Medium risk: 17.8% mortality at 3 months"),
        Band(5, 7, "High risk: 47.8% mortality at 3 months"),
    ),
    reference=("Rahman NM, Kahan BC, Miller RF, et al. A clinical score (RAPID) to identify those at risk for "
               "poor outcome at presentation in patients with pleural infection. Chest. 2014;145(4):848-855; "
               "mortality by group from White HD, et al. Ann Am Thorac Soc. 2015;12(9):1310-1316."),
    aliases=("RAPID", "RAPID score"),
    conventions=("Every item is required (non-purulent fluid scores 1, so no default is safe).",
                 "Mortality figures are those of the validation cohort (White 2015)."),
)


# ---------------------------------------------------------------------------
# MDCalc 3962: Shorr score (MRSA pneumonia)
# ---------------------------------------------------------------------------

SHORR = point_score(
    id="shorr_mrsa", name="Shorr Score for MRSA Pneumonia", mdcalc_id=3962, category="risk",
    description=("Estimates the risk that pneumonia in a patient admitted from the community is due to MRSA, "
                 "from age, healthcare exposures, recent IV antibiotics, ICU admission, cerebrovascular disease, "
                 "dementia and diabetes in women; guides empiric anti-MRSA coverage."),
    items=(
        yes_no("age", "Age 19-29 or >79 years", 1),
        yes_no("nursing", "Nursing home, skilled nursing facility, or long term acute care exposure", 1),
        yes_no("prioriv", "Prior IV antibiotic therapy", 1),
        yes_no("hospital", "Hospitalization for >=2 days", 2),
        yes_no("icu", "ICU admission", 2),
        yes_no("cereb", "Any cerebrovascular disease", 1),
        yes_no("dementia", "Dementia", 1),
        yes_no("fdiabetes", "Female with diabetes mellitus", 1),
    ),
    bands=(
        Band(0, 1, "Low risk for MRSA: routine antibiotic coverage"),
        Band(2, 5, "Intermediate (medium) risk for MRSA: clinical judgment on anti-MRSA coverage"),
        Band(6, 10, "High risk for MRSA: consider extended (anti-MRSA) antibiotic coverage"),
    ),
    reference=("Shorr AF, Myers DE, Huang DB, et al. A risk score for identifying methicillin-resistant "
               "Staphylococcus aureus in patients presenting to the hospital with pneumonia. BMC Infect Dis. "
               "2013;13:268."),
    aliases=("Shorr score", "MRSA pneumonia risk score"),
    conventions=("A finding not documented scores as absent (reported as assumed).",
                 "Time windows: nursing-home exposure and hospitalisation within 90 days, IV antibiotics within "
                 "30 days, ICU admission on or before the index culture."),
)


# ---------------------------------------------------------------------------
# MDCalc 2202: CKD risk in HIV-positive patients (tenofovir)
# ---------------------------------------------------------------------------

_CKD_HIV_REF = ("Scherzer R, Gandhi M, Estrella MM, et al. A chronic kidney disease risk score to determine "
                "tenofovir safety in a prospective cohort of HIV-positive male veterans. AIDS. "
                "2014;28(9):1289-1295.")
# 5-year CKD event rate (%) by score 0..8 and >=9, for tenofovir (TDF) users and non-users
_CKD_TDF = (1.4, 2.2, 3.6, 5.3, 7.6, 8.6, 10.9, 13.1, 19.4, 21.4)
_CKD_NO_TDF = (0.5, 0.3, 1.5, 1.9, 2.7, 4.1, 5.1, 8.7, 11.0, 16.4)
_CKD_HIV_BANDS = (
    Band(0, 0, "Low score (0)"),
    Band(1, 8, "Intermediate score (1-8)"),
    Band(9, None, "High score (>=9)"),
)


def _ckd_hiv(x: Any) -> CalculatorResult:
    total = sum(p for _, _, p in item_points(x))
    tdf = x.tenofivir == "Yes"
    rate = (_CKD_TDF if tdf else _CKD_NO_TDF)[min(int(total), 9)]
    text = (f"{rate}% 5-year risk of CKD ({'tenofovir user' if tdf else 'not on tenofovir'}); "
            f"{band_of(_CKD_HIV_BANDS, total).text.lower()}")
    return explained_result("ckd_hiv", "CKD Risk in HIV-positive Patients", _CKD_HIV_REF, x, total, text,
                   ["Tenofovir use selects the risk table; it adds no points"])


CKD_HIV = point_score(
    id="ckd_hiv", name="CKD Risk Score in HIV-positive Patients", mdcalc_id=2202, category="risk",
    description=("Estimates the 5-year risk of chronic kidney disease (eGFR <60) in people with HIV from age, "
                 "glucose, blood pressure, hypertension, triglycerides, proteinuria and CD4 count, read in the "
                 "table for tenofovir (TDF) users or non-users."),
    items=(
        Choice("age", "Age", opts(("19-39 years", 0), ("40-49 years", 2), ("50-59 years", 4), ("60-90 years", 6))),
        yes_no("gluc", "Glucose >140 mg/dL (7.77 mmol/L)", 2, default=None),
        yes_no("sbp", "Systolic BP >140 mmHg", 1, default=None),
        yes_no("htn", "Hypertension", 2),
        yes_no("tg", "Triglycerides >200 mg/dL (>2.26 mmol/L)", 1, default=None),
        yes_no("proturia", "Proteinuria", 2, default=None),
        yes_no("cd4", "CD4+ <200 cells/uL", 1, default=None),
        Choice("tenofivir", "Tenofivir (TDF) use", opts(("No", 0, 0), ("Yes", 0, 1))),
    ),
    bands=_CKD_HIV_BANDS, reference=_CKD_HIV_REF, compute=_ckd_hiv,
    aliases=("CKD in HIV", "Scherzer CKD risk score"),
    conventions=("Laboratory items and tenofovir use are required; a hypertension diagnosis scores as absent "
                 "when not documented (reported as assumed).",
                 "Tenofovir use chooses which 5-year risk table is read (MDCalc codes it as 1, but it adds no "
                 "points)."),
)


# ---------------------------------------------------------------------------
# MDCalc 3278: Clinical Pulmonary Infection Score (CPIS)
# ---------------------------------------------------------------------------

CPIS = point_score(
    id="cpis", name="Clinical Pulmonary Infection Score (CPIS) for VAP", mdcalc_id=3278, category="diagnosis",
    description=("Estimates the likelihood of ventilator-associated pneumonia from temperature, white cell count, "
                 "tracheal secretions, oxygenation, chest radiograph and tracheal aspirate culture."),
    items=(
        Choice("temp", "Temperature (degC)", opts(("36.5-38.4", 0), ("38.5-38.9", 1), (">=39.0 or <=36.0", 2))),
        Choice("leuks", "White blood cell count", opts(("4-11", 0), ("<4 or >11", 1),
                                                       ("Either <4 or >11 plus band forms >=500", 2))),
        Choice("trach", "Tracheal secretions", opts(("<14+", 0), (">=14+", 1), (">=14+ plus purulent secretions", 2))),
        Choice("oxy", "Oxygenation, PaO2/FiO2 mm Hg", opts((">240 or ARDS", 0), ("<=240 and no ARDS", 2))),
        Choice("pulm", "Pulmonary radiography", opts(("No infiltrate", 0), ("Diffuse or patchy infiltrate", 1),
                                                     ("Localized infiltrate", 2))),
        Choice("culture", "Culture of tracheal aspirate specimen", opts(
            ("Pathogenic bacteria cultured <=1 or no growth", 0), ("Pathogenic bacteria cultured >1+", 1),
            ("Pathogenic bacteria cultured >1+ plus same pathogenic bacteria on gram stain >1+", 2))),
    ),
    bands=(
        Band(0, 6, "Low likelihood of VAP (<=6): use clinical suspicion to decide on cultures or BAL"),
        Band(7, 12, "High likelihood of VAP (>=7): consider BAL or mini-BAL"),
    ),
    reference=("Pugin J, Auckenthaler R, Mili N, et al. Diagnosis of ventilator-associated pneumonia by "
               "bacteriologic analysis of bronchoscopic and nonbronchoscopic 'blind' bronchoalveolar lavage "
               "fluid. Am Rev Respir Dis. 1991;143(5 Pt 1):1121-1129."),
    aliases=("CPIS",),
    conventions=("Every item is required.",
                 "MDCalc's scraped WBC labels lost their '<4 or >11'; the options are written out and matched by "
                 "MDCalc's value. Pugin's threshold: >6 suggests VAP."),
)


# ---------------------------------------------------------------------------
# MDCalc 1817: Kocher criteria (septic arthritis of the hip in children)
# ---------------------------------------------------------------------------

KOCHER = point_score(
    id="kocher_septic_arthritis", name="Kocher Criteria for Septic Arthritis", mdcalc_id=1817, category="diagnosis",
    description=("Distinguishes septic arthritis from transient synovitis of the hip in children from inability "
                 "to bear weight, fever >38.5 C, ESR >40 mm/h and WBC >12,000/mm3."),
    items=(
        yes_no("weight_bearing_inability", "Non weight-bearing", 1, default=None),
        yes_no("temperature", "Temp > 38.5 degC / 101.3 degF", 1, default=None),
        yes_no("esr_40", "ESR > 40 mm/hr", 1, default=None),
        yes_no("white_blood_cell_count", "WBC > 12,000 cells/mm3", 1, default=None),
    ),
    bands=(
        Band(0, 0, "Very low probability of septic arthritis (<0.2%)"),
        Band(1, 1, "3% probability of septic arthritis"),
        Band(2, 2, "40% probability of septic arthritis"),
        Band(3, 3, "93% probability of septic arthritis"),
        Band(4, 4, "99.6% probability of septic arthritis"),
    ),
    reference=("Kocher MS, Zurakowski D, Kasser JR. Differentiating between septic arthritis and transient "
               "synovitis of the hip in children: an evidence-based clinical prediction algorithm. J Bone Joint "
               "Surg Am. 1999;81(12):1662-1670."),
    aliases=("Kocher criteria", "Kocher"),
    conventions=("Every criterion is required (two are laboratory values).",),
)


# ---------------------------------------------------------------------------
# MDCalc 1734: LRINEC score (necrotising soft tissue infection)
# ---------------------------------------------------------------------------

LRINEC = point_score(
    id="lrinec", name="LRINEC Score for Necrotizing Soft Tissue Infection", mdcalc_id=1734, category="diagnosis",
    description=("Helps tell necrotising soft tissue infection from other soft tissue infections using six "
                 "laboratory values: CRP, white cell count, haemoglobin, sodium, creatinine and glucose."),
    items=(
        Choice("crp", "C-reactive protein", opts(("<15 mg/dL (150 mg/L)", 0), (">=15 mg/dL (150 mg/L)", 4))),
        Choice("white_blood_cell_count", "White blood cell count (x1,000/uL)", opts(("<15", 0), ("15-25", 1),
                                                                                    (">25", 2))),
        Choice("hemoglobin", "Hemoglobin (g/dL)", opts((">13.5", 0), ("11-13.5", 1), ("<11", 2))),
        Choice("sodium", "Sodium (mEq/L)", opts((">=135", 0), ("<135", 2))),
        Choice("creatinine", "Creatinine", opts(("<=1.6 mg/dL (141 umol/L)", 0), (">1.6 mg/dL (141 umol/L)", 2))),
        Choice("glucose", "Glucose", opts(("<=180 mg/dL (10 mmol/L)", 0), (">180 mg/dL (10 mmol/L)", 1))),
    ),
    bands=(
        Band(0, 5, "Low risk: <50% probability of necrotizing soft tissue infection"),
        Band(6, 7, "Intermediate risk: 50-75% probability of necrotizing soft tissue infection (score >=6: "
                   "PPV 92%)"),
        Band(8, 13, "High risk: >75% probability of necrotizing soft tissue infection (score >=6: PPV 92%)"),
    ),
    reference=("Wong CH, Khin LW, Heng KS, Tan KC, Low CO. The LRINEC (Laboratory Risk Indicator for Necrotizing "
               "Fasciitis) score: a tool for distinguishing necrotizing fasciitis from other soft tissue "
               "infections. Crit Care Med. 2004;32(7):1535-1541."),
    aliases=("LRINEC",),
    conventions=("Every value is required.",
                 "White cell count in thousands per uL (MDCalc's label reads x10,000; the paper's cut-offs are "
                 "15 and 25 x10^3/mm3)."),
)


# ---------------------------------------------------------------------------
# MDCalc 2654: qSOFA (quick SOFA) for suspected infection outside the ICU
# ---------------------------------------------------------------------------

_QSOFA_NAME = "qSOFA (Quick SOFA) Score for Sepsis"
_QSOFA_REF = ("Seymour CW, Liu VX, Iwashyna TJ, et al. Assessment of clinical criteria for sepsis: for the Third "
              "International Consensus Definitions for Sepsis and Septic Shock (Sepsis-3). JAMA. "
              "2016;315(8):762-774.")
_QSOFA_BANDS = (
    Band(0, 1, "Not high risk for in-hospital mortality (qSOFA <2)"),
    Band(2, 3, "High risk for in-hospital mortality (qSOFA >=2): 3- to 14-fold increase in in-hospital "
               "mortality; assess for organ dysfunction (sepsis)"),
)


def _qsofa(x: Any) -> CalculatorResult:
    return criteria_rule("qsofa", _QSOFA_NAME, _QSOFA_REF, x, 2, _QSOFA_BANDS[1].text, _QSOFA_BANDS[0].text,
                         "qSOFA >=2 of 3 criteria: high risk")


QSOFA = point_score(
    id="qsofa", name=_QSOFA_NAME, mdcalc_id=2654, category="risk",
    description=("Flags adults with suspected infection outside the ICU who are at high risk of dying in hospital, "
                 "from three bedside signs: altered mentation, respiratory rate >=22/min and systolic pressure "
                 "<=100 mmHg; two or more is high risk."),
    items=(
        yes_no("ams", "Altered mental status (GCS <15)", 1),
        yes_no("rr", "Respiratory rate >=22", 1),
        yes_no("sbp", "Systolic BP <=100", 1),
    ),
    bands=_QSOFA_BANDS, reference=_QSOFA_REF, compute=_qsofa,
    aliases=("qSOFA", "quick SOFA"),
    conventions=("The value is the number of criteria documented as present (0-3).",
                 "A criterion not documented is not assumed absent when it decides the reading: with one "
                 "criterion present and one unknown the score is refused, naming it; two present is high risk "
                 "whatever the third."),
)


# ---------------------------------------------------------------------------
# MDCalc 3988: Rule of 7s (Lyme meningitis vs aseptic meningitis in children)
# ---------------------------------------------------------------------------

_SEVENS_NAME = "Rule of 7s for Lyme Meningitis"
_SEVENS_REF = ("Garro AC, Rutman M, Simonsen K, et al. Prospective validation of a clinical prediction model for "
               "Lyme meningitis in children. Pediatrics. 2009;123(5):e829-e834; Cohn KA, Thompson AD, Shah SS, "
               "et al. Validation of a clinical prediction rule to distinguish Lyme meningitis from aseptic "
               "meningitis. Pediatrics. 2012;129(1):e46-e53.")
_SEVENS_BANDS = (
    Band(0, 0, "Low risk for Lyme meningitis (no criterion met)"),
    Band(1, 3, "Not low risk for Lyme meningitis (>=1 criterion met)"),
)


def _sevens(x: Any) -> CalculatorResult:
    return criteria_rule("rule_of_7s_lyme", _SEVENS_NAME, _SEVENS_REF, x, 1, _SEVENS_BANDS[1].text,
                         _SEVENS_BANDS[0].text, "Low risk only when all three criteria are absent")


RULE_OF_7S = point_score(
    id="rule_of_7s_lyme", name=_SEVENS_NAME, mdcalc_id=3988, category="diagnosis",
    description=("Separates children with meningitis in Lyme-endemic areas who are at low risk of Lyme "
                 "meningitis (versus aseptic meningitis) from those who are not: headache for 7 days or more, "
                 "70% or more mononuclear cells in the CSF, and a seventh or other cranial nerve palsy."),
    items=(
        Choice("headache", "Number of days of headache", opts(("<7", 0), (">=7", 1)), default="<7"),
        Choice("csf", "CSF mononuclear cells", opts(("<70%", 0), (">=70%", 1)), default="<70%"),
        yes_no("palsy", "7th (or other) cranial nerve palsy", 1),
    ),
    bands=_SEVENS_BANDS, reference=_SEVENS_REF, compute=_sevens,
    aliases=("Rule of 7s", "Rule of sevens", "Lyme meningitis rule"),
    conventions=("Low risk needs all three criteria documented as absent (an undocumented one is refused by "
                 "name); any one documented criterion makes the patient not low risk.",
                 "The value is the number of criteria documented as present."),
)


# ---------------------------------------------------------------------------
# MDCalc 10410: Utah COVID-19 Risk Score
# ---------------------------------------------------------------------------

_UTAH_COMORBIDITIES = (
    ("cancer", "Active cancer"),
    ("drugs", "Other immunosuppressive therapies and conditions (e.g. methotrexate, chronic corticosteroids, "
              "TNF or interleukin inhibitors, immunotherapy)"),
    ("hyper", "Hypertension"),
    ("artery", "Coronary artery disease"),
    ("ca", "Cardiac arrhythmia"),
    ("hf", "Congestive heart failure"),
    ("kidney", "Chronic kidney disease"),
    ("pulmonary", "Chronic pulmonary disease"),
    ("liver", "Chronic liver disease"),
    ("cd", "Cerebrovascular disease (stroke or TIA)"),
    ("neuro", "Chronic neurologic disease (e.g. MS, Parkinson's disease, dementia, myasthenia gravis)"),
)

UTAH_COVID = point_score(
    id="utah_covid19_risk", name="Utah COVID-19 Risk Score", mdcalc_id=10410, category="risk",
    description=("Ranks outpatients with COVID-19 for oral antiviral treatment by adding points for age (1 point at "
                 "16-20 years rising by half a point per decade), diabetes and obesity (2 each), eleven other "
                 "chronic conditions and new shortness of breath (1 each); a higher total means higher priority."),
    items=(
        Choice("age2", "Age, years", opts(
            ("16-20", 1), ("21-30", 1.5), ("31-40", 2), ("41-50", 2.5), ("51-60", 3), ("61-70", 3.5),
            ("71-80", 4), ("81-90", 4.5), ("91-100", 5), (">=101", 5.5))),
        yes_no("diabetes", "Diabetes mellitus", 2),
        yes_no("obesity", "Obesity (BMI >30 kg/m2)", 2),
        *(yes_no(key, question, 1) for key, question in _UTAH_COMORBIDITIES),
        yes_no("short", "New shortness of breath", 1),
    ),
    bands=(Band(1, 21.5, "Utah COVID-19 Risk Score total (higher = higher priority for oral antivirals); no risk "
                         "class or treatment cut-off is applied: the library states none"),),
    reference=("Utah Department of Health. Utah COVID-19 Risk Score for prioritising outpatient COVID-19 "
               "therapies (version updated 28 January 2022), as MDCalc presents it; source document not checked "
               "offline."),
    aliases=("Utah COVID score", "Utah COVID-19 risk score", "Utah risk score"),
    conventions=("Points as MDCalc states them; primary publication not checked.",
                 "No eligibility threshold or risk class is given: the library states none and the state's "
                 "cut-off is not in it, so the total is reported without a class.",
                 "Age is required; a condition or symptom not documented is scored absent and reported as "
                 "assumed."),
)
