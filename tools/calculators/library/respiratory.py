"""Respiratory scores of RiskAgent's library: asthma, COPD, lung injury, pneumonia, airway and sleep apnoea."""

from __future__ import annotations

import math
from typing import Any

from medmirror.tools.calculators.base import CalculatorInputError, CalculatorResult, InputIssue
from medmirror.tools.calculators.points import (
    Band,
    Choice,
    Number,
    band_of,
    explained_result,
    item_points,
    opts,
    point_score,
    yes_no,
)

# ---------------------------------------------------------------------------
# MDCalc 3385: PIAMA risk score (asthma at school age in preschool children with wheeze)
# ---------------------------------------------------------------------------

PIAMA = point_score(
    id="piama", name="PIAMA Risk Score", mdcalc_id=3385, category="risk",
    description=("Estimates the chance that a preschool child with wheezing or nocturnal cough will have asthma "
                 "by school age (about 8 years) from sex, family and birth history, how often the child "
                 "wheezes and eczema; the total reads a risk range."),
    items=(
        Choice("sex", "Sex", opts(("Female", 0), ("Male", 2))),
        yes_no("edu", "Medium/low parental education", 1),
        yes_no("asthma", "Parental asthma", 4),
        yes_no("birth", "Preterm birth (<37 wk)", 1),
        Choice("wheezing", "Wheezing frequency", opts(("1-3 times/year", 4), (">=4 times/year", 7))),
        yes_no("colds", "Wheezing/dyspnea apart from colds", 2),
        yes_no("eczema", "Eczema", 6),
    ),
    bands=(
        Band(None, 7, "Low risk: <=5% risk of asthma by school age"),
        Band(8, 15, "Intermediate risk: 6%-22% risk of asthma by school age"),
        Band(16, None, "High risk: 25%-60% risk of asthma by school age"),
    ),
    reference=("Caudri D, Wijga A, Schipper CMA, et al. Predicting the long-term prognosis of children with "
               "symptoms suggestive of asthma at preschool age. J Allergy Clin Immunol. 2009;124(5):903-910."),
    aliases=("PIAMA", "PIAMA asthma risk score"),
    conventions=("Sex and wheezing frequency are required; the other findings score as absent when not "
                 "documented (reported as assumed).",
                 "The score applies to children who wheeze: there is no 'never wheezes' option."),
)


# ---------------------------------------------------------------------------
# MDCalc 3996: Murray lung injury score
# ---------------------------------------------------------------------------

_UNKNOWN = 5  # MDCalc's value for "Unknown" (a component left out of the average)
_MURRAY_REF = ("Murray JF, Matthay MA, Luce JM, Flick MR. An expanded definition of the adult respiratory "
               "distress syndrome. Am Rev Respir Dis. 1988;138(3):720-723.")
_MURRAY_BANDS = (
    Band(0, 0, "No lung injury"),
    Band(0.01, 2.5, "Mild to moderate lung injury"),
    Band(2.501, None, "Severe lung injury (ARDS); >=3 consider ECMO referral"),
)
_MURRAY_ITEMS = (
    Choice("cxr", "Consolidation on CXR", opts(("None", 0), ("1 quadrant", 1), ("2 quadrants", 2),
                                               ("3 quadrants", 3), ("4 quadrants", 4), ("Unknown", 0, _UNKNOWN))),
    Choice("ratio", "PaO2/FiO2 ratio", opts((">=300", 0), ("225-299", 1), ("175-224", 2), ("100-174", 3),
                                            ("<100", 4), ("Unknown", 0, _UNKNOWN))),
    Choice("peep", "PEEP, cm H2O", opts(("<=5", 0), ("6-8", 1), ("9-11", 2), ("12-14", 3), (">=15", 4),
                                        ("Unknown", 0, _UNKNOWN))),
    Choice("comp", "Compliance, ml/cm H2O", opts((">=80", 0), ("60-79", 1), ("40-59", 2), ("20-39", 3),
                                                 ("<=19", 4), ("Unknown", 0, _UNKNOWN))),
)


def _murray(x: Any) -> CalculatorResult:
    known = [(n, t, p) for n, t, p in item_points(x) if getattr(x, n) != "Unknown"]
    if not known:
        raise CalculatorInputError("Murray Lung Injury Score", [InputIssue(
            "cxr", "invalid", "every component is 'Unknown': there is nothing to average",
            "at least one known component")])
    value = round(sum(p for _, _, p in known) / len(known), 2)
    text = band_of(_MURRAY_BANDS, value).text
    return explained_result("murray_lung_injury", "Murray Lung Injury Score", _MURRAY_REF, x, value, text,
                   [f"Average of the {len(known)} known component(s)"])


MURRAY = point_score(
    id="murray_lung_injury", name="Murray Lung Injury Score", mdcalc_id=3996, category="severity",
    description=("Grades acute lung injury in a ventilated adult from chest X-ray consolidation, the "
                 "PaO2/FiO2 ratio, PEEP and static respiratory compliance, each scored 0-4; the score is the "
                 "average of the components available."),
    items=_MURRAY_ITEMS, bands=_MURRAY_BANDS, reference=_MURRAY_REF, compute=_murray, unit="points (average)",
    aliases=("Murray score", "Lung Injury Score", "LIS"),
    conventions=("Each component must be answered; 'Unknown' leaves it out of the average (MDCalc's "
                 "convention: divide by the number of components known).",
                 "0 = no lung injury, 0.1-2.5 = mild to moderate, >2.5 = severe; >=3 is the usual ECMO "
                 "referral threshold."),
)


# ---------------------------------------------------------------------------
# MDCalc 10022: ARISCAT (postoperative pulmonary complications)
# ---------------------------------------------------------------------------

ARISCAT = point_score(
    id="ariscat", name="ARISCAT Score for Postoperative Pulmonary Complications", mdcalc_id=10022, category="risk",
    description=("Predicts in-hospital postoperative pulmonary complications in adults having surgery under "
                 "anaesthesia from age, preoperative oxygen saturation, recent respiratory infection, anaemia, "
                 "incision site, duration and urgency of surgery."),
    items=(
        Choice("age", "Age, years", opts(("<=50", 0), ("51-80", 3), (">80", 16))),
        Choice("oxygen", "Preoperative SpO2", opts((">=96%", 0), ("91-95%", 8), ("<=90%", 24))),
        yes_no("infection", "Respiratory infection in the last month", 17),
        yes_no("anemia", "Preoperative anemia (Hgb <=10 g/dL)", 11),
        Choice("incision", "Surgical incision", opts(("Peripheral", 0), ("Upper abdominal", 15),
                                                     ("Intrathoracic", 24))),
        Choice("duration", "Duration of surgery", opts(("<2 hrs", 0), ("2-3 hrs", 16), (">3 hrs", 23))),
        yes_no("emergency", "Emergency procedure", 8),
    ),
    bands=(
        Band(None, 25, "Low risk: 1.6% risk of in-hospital postoperative pulmonary complications"),
        Band(26, 44, "Intermediate risk: 13.3% risk of in-hospital postoperative pulmonary complications"),
        Band(45, None, "High risk: 42.1% risk of in-hospital postoperative pulmonary complications"),
    ),
    reference=("Canet J, Gallart L, Gomar C, et al. Prediction of postoperative pulmonary complications in a "
               "population-based surgical cohort. Anesthesiology. 2010;113(6):1338-1350."),
    aliases=("ARISCAT", "Canet risk index"),
    conventions=("Age, SpO2, incision and duration are required; infection, anaemia and emergency score as "
                 "absent when not documented (reported as assumed).",),
)


# ---------------------------------------------------------------------------
# MDCalc 2156: du Bois score (1-year mortality in idiopathic pulmonary fibrosis)
# ---------------------------------------------------------------------------

DU_BOIS = point_score(
    id="du_bois_ipf", name="du Bois Score for IPF Mortality", mdcalc_id=2156, category="risk",
    description=("Estimates the 1-year risk of death in idiopathic pulmonary fibrosis from age, a respiratory "
                 "hospitalisation in the past 6 months, baseline percent-predicted FVC and its change over "
                 "24 weeks."),
    items=(
        Choice("age", "Age", opts(("<60 years", 0), ("60-69 years", 4), (">=70 years", 8))),
        yes_no("hosp", "Respiratory hospitalization in past 6 months", 14),
        Choice("fvc", "Predicted baseline forced vital capacity (FVC)",
               opts((">=80%", 0), ("66-79%", 8), ("51-65%", 13), ("<=50%", 18))),
        Choice("fvc24", "24-Week change in predicted FVC",
               opts(("<=-10%", 21), ("-5% - -9.9%", 10), (">=-4.9%", 0))),
    ),
    bands=(
        Band(None, 4, "<2% expected 1-year mortality"),
        Band(5, 14, "2-5% expected 1-year mortality"),
        Band(15, 21, "5-10% expected 1-year mortality"),
        Band(22, 29, "10-20% expected 1-year mortality"),
        Band(30, 33, "20-30% expected 1-year mortality"),
        Band(34, 37, "30-40% expected 1-year mortality"),
        Band(38, 40, "40-50% expected 1-year mortality"),
        Band(41, 43, "50-60% expected 1-year mortality"),
        Band(44, 46, "60-70% expected 1-year mortality"),
        Band(47, 49, "70-80% expected 1-year mortality"),
        Band(50, None, ">80% expected 1-year mortality"),
    ),
    reference=("du Bois RM, Weycker D, Albera C, et al. Ascertainment of individual risk of mortality for "
               "patients with idiopathic pulmonary fibrosis. Am J Respir Crit Care Med. 2011;184(4):459-466."),
    aliases=("du Bois score", "IPF mortality score"),
    conventions=("The published table lists only the totals the items can make (0-4, 8-14, 16-21, ...); the "
                 "bands here close its gaps, and a total of 46 (reachable, not in the table) reads 60-70%.",
                 "Hospitalisation scores as absent when not documented; the other items are required."),
)


# ---------------------------------------------------------------------------
# MDCalc 3992: STOP-BANG (obstructive sleep apnoea)
# ---------------------------------------------------------------------------

_STOPBANG_REF = ("Chung F, Yegneswaran B, Liao P, et al. STOP questionnaire: a tool to screen patients for "
                 "obstructive sleep apnea. Anesthesiology. 2008;108(5):812-821; Chung F, Yang Y, Brown R, "
                 "Liao P. Alternative scoring models of STOP-bang questionnaire improve specificity to detect "
                 "undiagnosed obstructive sleep apnea. J Clin Sleep Med. 2014;10(9):951-958.")
_STOPBANG_BANDS = (
    Band(0, 2, "Low risk of OSA"),
    Band(3, 4, "Intermediate risk of OSA"),
    Band(5, 8, "High risk of OSA"),
)
_HIGH_OSA = "High risk of OSA (>=2 STOP items with male sex, BMI >35 or neck >40 cm)"


def _stop_bang(x: Any) -> CalculatorResult:
    rows = item_points(x)
    pts = {n: p for n, _, p in rows}
    total = sum(pts.values())
    text = band_of(_STOPBANG_BANDS, total).text
    stop = sum(pts[n] for n in ("snore", "tired", "observed", "pressure"))
    if total < 5 and stop >= 2 and (pts["gender"] or pts["bmi"] or pts["neck"]):
        text = _HIGH_OSA
    return explained_result("stop_bang", "STOP-BANG Score", _STOPBANG_REF, x, total, text)


STOP_BANG = point_score(
    id="stop_bang", name="STOP-BANG Score", mdcalc_id=3992, category="diagnosis",
    description=("Screens adults for obstructive sleep apnoea (e.g. before surgery) from snoring, daytime "
                 "tiredness, observed apnoeas, hypertension, BMI, age, neck circumference and sex; one point "
                 "each."),
    items=(
        yes_no("snore", "Do you snore loudly?", 1),
        yes_no("tired", "Do you often feel tired, fatigued, or sleepy during the daytime?", 1),
        yes_no("observed", "Has anyone observed you stop breathing during sleep?", 1),
        yes_no("pressure", "Do you have (or are you being treated for) high blood pressure?", 1),
        Choice("bmi", "BMI", opts(("<=35 kg/m2", 0), (">35 kg/m2", 1))),
        Choice("age", "Age", opts(("<=50 years", 0), (">50 years", 1))),
        Choice("neck", "Neck circumference", opts(("<=40 cm", 0), (">40 cm", 1))),
        Choice("gender", "Gender", opts(("Female", 0), ("Male", 1))),
    ),
    bands=_STOPBANG_BANDS, reference=_STOPBANG_REF, compute=_stop_bang,
    aliases=("STOP-Bang", "STOPBANG"),
    conventions=("High risk also when >=2 of the 4 STOP items are positive together with male sex, BMI >35 "
                 "kg/m2 or neck circumference >40 cm (Chung 2014).",
                 "The four questions score as 'No' when not documented; BMI, age, neck and sex are required."),
)


# ---------------------------------------------------------------------------
# MDCalc 677: Westley croup score
# ---------------------------------------------------------------------------

WESTLEY = point_score(
    id="westley_croup", name="Westley Croup Score", mdcalc_id=677, category="severity",
    description=("Grades the severity of croup in a child from chest wall retractions, stridor, cyanosis, level "
                 "of consciousness and air entry; the total reads mild, moderate, severe or impending "
                 "respiratory failure."),
    items=(
        Choice("chest_wall_retractions", "Chest wall retractions",
               opts(("None", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))),
        Choice("stridor", "Stridor", opts(("None", 0), ("With agitation", 1), ("At rest", 2))),
        Choice("cyanosis", "Cyanosis", opts(("None", 0), ("With agitation", 4), ("At rest", 5))),
        Choice("consciousness", "Level of consciousness", opts(("Normal", 0), ("Disoriented", 5))),
        Choice("air_entry", "Air entry", opts(("Normal", 0), ("Decreased", 1), ("Markedly decreased", 2))),
    ),
    bands=(
        Band(0, 2, "Mild croup"),
        Band(3, 5, "Moderate croup"),
        Band(6, 11, "Severe croup"),
        Band(12, 17, "Impending respiratory failure"),
    ),
    reference=("Westley CR, Cotton EK, Brooks JG. Nebulized racemic epinephrine by IPPB for the treatment of "
               "croup: a double-blind study. Am J Dis Child. 1978;132(5):484-487; severity bands from "
               "Bjornson CL, Johnson DW. Croup in the paediatric emergency department. Paediatr Child Health. "
               "2007;12(6):473-477."),
    aliases=("Westley score", "croup score"),
    conventions=("Every item is an examination finding and is required (no item is assumed normal).",),
)


# ---------------------------------------------------------------------------
# MDCalc 10280: SCAP score (severe community-acquired pneumonia)
# ---------------------------------------------------------------------------

SCAP = point_score(
    id="scap_score", name="Severe Community-Acquired Pneumonia (SCAP) Score", mdcalc_id=10280, category="risk",
    description=("Predicts severe community-acquired pneumonia (in-hospital death, septic shock or mechanical "
                 "ventilation) in adults from two major criteria (acidosis, hypotension) and six minor ones; "
                 ">=10 points defines severe CAP needing ICU, a monitored bed or immediate intervention."),
    items=(
        yes_no("one", "Arterial pH <7.30", 13),
        yes_no("two", "Systolic pressure <90 mmHg", 11),
        yes_no("three", "Respiratory rate >30 breaths/min", 9),
        yes_no("four", "BUN >30 mg/dL (>10.7 mmol/L)", 5),
        yes_no("five", "Altered mental status", 5),
        yes_no("six", "PaO2 <54 mmHg or PaO2/FiO2 <250 mmHg", 6),
        yes_no("seven", "Age >=80 years", 5),
        yes_no("eight", "Multilobar/bilateral X-ray", 5),
    ),
    bands=(
        Band(0, 0, "Low risk: 0.27-3.43% risk of SCAP (death, septic shock or mechanical ventilation)"),
        Band(1, 9, "Low risk: 0.66-3.25% risk of SCAP (death, septic shock or mechanical ventilation)"),
        Band(10, 19, "Intermediate risk: 9.23-11.24% risk of SCAP; severe CAP, recommend ICU, monitored bed or "
                     "immediate intervention"),
        Band(20, 29, "High risk: 36.62-41.82% risk of SCAP; severe CAP, recommend ICU, monitored bed or "
                     "immediate intervention"),
        Band(30, None, "High risk: 50% risk of SCAP; severe CAP, recommend ICU, monitored bed or immediate "
                       "intervention"),
    ),
    reference=("España PP, Capelastegui A, Gorordo I, et al. Development and validation of a clinical prediction "
               "rule for severe community-acquired pneumonia. Am J Respir Crit Care Med. "
               "2006;174(11):1249-1256."),
    aliases=("SCAP", "SCAP score", "PS-CURXO80"),
    conventions=("A criterion not documented scores as absent (reported as assumed).",
                 "Thresholds of the paper: pH <7.30, SBP <90 mmHg, PaO2 <54 mmHg or PaO2/FiO2 <250 (MDCalc's "
                 "scraped labels lost them)."),
)


# ---------------------------------------------------------------------------
# MDCalc 3916: BODE index (COPD survival)
# ---------------------------------------------------------------------------

BODE = point_score(
    id="bode_index", name="BODE Index for COPD Survival", mdcalc_id=3916, category="risk",
    description=("Estimates 4-year survival in COPD from BMI, airflow obstruction (FEV1 % predicted), dyspnoea "
                 "(mMRC grade) and exercise capacity (6-minute walk distance)."),
    items=(
        Choice("fev", "FEV1 (% of predicted)", opts((">=65%", 0), ("50-64%", 1), ("36-49%", 2), ("<=35%", 3))),
        Choice("walking", "6 Minute Walk Distance",
               opts((">=350 m (383 yds)", 0), ("250-349 m (273-382 yds)", 1), ("150-249 m (164-272 yds)", 2),
                    ("<=149 m (163 yds)", 3))),
        Choice("dyspnea", "mMRC Dyspnea Scale", opts(
            ("Dyspnea only with strenuous exercise", 0),
            ("Dyspnea when hurrying or walking up a slight hill", 0),
            ("Walks slower than people of same age because of dyspnea or stops for breath when walking at own "
             "pace", 1),
            ("Stops for breath after walking 100 yards (91 m) or after a few minutes", 2),
            ("Too dyspneic to leave house or breathless when dressing", 3))),
        Choice("bmi", "BMI (kg/m2)", opts((">21", 0), ("<=21", 1))),
    ),
    bands=(
        Band(0, 2, "Quartile 1: 80% 4-year survival"),
        Band(3, 4, "Quartile 2: 67% 4-year survival"),
        Band(5, 6, "Quartile 3: 57% 4-year survival"),
        Band(7, 10, "Quartile 4: 18% 4-year survival"),
    ),
    reference=("Celli BR, Cote CG, Marin JM, et al. The body-mass index, airflow obstruction, dyspnea, and "
               "exercise capacity index in chronic obstructive pulmonary disease. N Engl J Med. "
               "2004;350(10):1005-1012."),
    aliases=("BODE", "BODE index"),
    conventions=("Every item is required.",
                 "mMRC grades 0-1 score 0, grade 2 scores 1, grade 3 scores 2, grade 4 scores 3."),
)


# ---------------------------------------------------------------------------
# MDCalc 10161: COPD Assessment Test (CAT)
# ---------------------------------------------------------------------------

_CAT = (  # (name, item, the wording anchoring 0, the wording anchoring 5)
    ("cough", "Cough", "I never cough", "I cough all the time"),
    ("ph", "Phlegm", "I have no phlegm in my chest at all", "My chest is completely full of phlegm"),
    ("chest", "Chest tightness", "My chest does not feel tight at all", "My chest feels very tight"),
    ("breath", "Breathlessness", "When I walk up a hill or one flight of stairs I am not breathless",
     "When I walk up a hill or one flight of stairs I am very breathless"),
    ("activities", "Activities", "I am not limited doing any activities at home",
     "I am very limited doing any activities at home"),
    ("confidence", "Confidence", "I am confident leaving my home despite my lung condition",
     "I am not at all confident leaving my home because of my lung condition"),
    ("sleep", "Sleep", "I sleep soundly", "I don't sleep soundly because of my lung condition"),
    ("energy", "Energy", "I have lots of energy", "I have no energy at all"),
)

CAT = point_score(
    id="copd_cat", name="COPD Assessment Test (CAT)", mdcalc_id=10161, category="severity",
    description=("Measures the impact of COPD on a patient's health from eight self-rated symptoms and "
                 "limitations (each 0-5); the total 0-40 reads low, medium, high or very high impact."),
    items=tuple(
        Choice(name, item, opts((f'0 ("{zero}")', 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4), (f'5 ("{five}")', 5)))
        for name, item, zero, five in _CAT
    ),
    bands=(
        Band(0, 10, "Low health impact"),
        Band(11, 20, "Medium health impact"),
        Band(21, 30, "High health impact"),
        Band(31, 40, "Very high health impact"),
    ),
    reference=("Jones PW, Harding G, Berry P, et al. Development and first validation of the COPD Assessment "
               "Test. Eur Respir J. 2009;34(3):648-654."),
    aliases=("CAT", "COPD assessment test", "CAT score"),
    conventions=("Every item is required; impact bands as used by GOLD (0-10 low, 11-20 medium, 21-30 high, "
                 "31-40 very high). A CAT >=10 marks a highly symptomatic patient in GOLD's groups.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3386: Risk Score for Asthma Exacerbation (RSE)
# ---------------------------------------------------------------------------

RSE = point_score(
    id="rse_asthma", name="Risk Score for Asthma Exacerbation (RSE)", mdcalc_id=3386, category="risk",
    description=("Estimates the chance of a severe asthma exacerbation in the next 6 months in adults and "
                 "adolescents with asthma, from obesity, symptom control (ACQ-5), post-bronchodilator FEV1, "
                 "reliever use and treatment step."),
    items=(
        yes_no("bmi", "BMI >=30 kg/m2", 14),
        Choice("acq", "Asthma Control Questionnaire-5 (ACQ-5) Score", opts(("< 1.5", 0), ("1.5-2.5", 7),
                                                                           (">=2.5", 13))),
        Choice("fev", "Postbronchodilator FEV1 (% Predicted normal value)",
               opts((">=90%", 0), ("80% to 90%", 13), ("<80%", 20))),
        Choice("reliever", "Rescue inhaler usage per day", opts(("<2", 0), ("2-4", 11), (">=4", 26))),
        yes_no("gina", "Global Initiative for Asthma (GINA) treatment step 4 or higher", 27),
    ),
    bands=(
        Band(0, 10, "5% likelihood of exacerbation in 6 months"),
        Band(11, 20, "5-7% likelihood of exacerbation in 6 months"),
        Band(21, 30, "7-10% likelihood of exacerbation in 6 months"),
        Band(31, 40, "10-12% likelihood of exacerbation in 6 months"),
        Band(41, 50, "12-15% likelihood of exacerbation in 6 months"),
        Band(51, 60, "15-18% likelihood of exacerbation in 6 months"),
        Band(61, 70, "18-24% likelihood of exacerbation in 6 months"),
        Band(71, 80, "24-30% likelihood of exacerbation in 6 months"),
        Band(81, 90, "30-37% likelihood of exacerbation in 6 months"),
        Band(91, 100, "37-45% likelihood of exacerbation in 6 months"),
    ),
    reference=("Bateman ED, Buhl R, O'Byrne PM, et al. Development and validation of a novel risk score for "
               "asthma exacerbations: the risk score for exacerbations. J Allergy Clin Immunol. "
               "2015;135(6):1457-1464."),
    aliases=("RSE", "asthma exacerbation risk score"),
    conventions=("ACQ-5, FEV1 and reliever use are required; obesity and GINA step >=4 score as absent when "
                 "not documented (reported as assumed).",),
)


# ---------------------------------------------------------------------------
# MDCalc 10287: modified SOFA (mSOFA)
# ---------------------------------------------------------------------------

MSOFA = point_score(
    id="msofa", name="Modified SOFA (mSOFA) Score", mdcalc_id=10287, category="risk",
    description=("A simplified organ-failure score for triage of critically ill adults that needs no arterial "
                 "blood gas, platelets or bilirubin: SpO2/FiO2, clinical jaundice, hypotension or vasopressors, "
                 "GCS and creatinine; the total reads 30-day mortality."),
    items=(
        Choice("sfratio", "SpO2/FiO2", opts((">400", 0), (">315 to <=400", 1), (">235 to <=315", 2),
                                            (">150 to <=235", 3), ("<=150", 4))),
        yes_no("jaundice", "Scleral icterus or jaundice present", 3),
        Choice("hypo", "Hypotension", opts(
            ("No hypotension", 0), ("MAP <70 mmHg", 1), ("DOPamine <=5 or DOBUTamine (any dose)", 2),
            ("DOPamine >5, EPINEPHrine <=0.1, or norEPINEPHrine <=0.1", 3),
            ("DOPamine >15, EPINEPHrine >0.1, or norEPINEPHrine >0.1", 4))),
        Choice("gcs", "Glasgow Coma Scale", opts(("15", 0), ("13-14", 1), ("10-12", 2), ("6-9", 3), ("<6", 4))),
        Choice("cr", "Creatinine, mg/dL", opts(("<1.2", 0), ("1.2-1.9", 1), ("2.0-3.4", 2), ("3.5-4.9", 3),
                                              (">5.0", 4))),
    ),
    bands=(
        Band(0, 7, "4% 30-day mortality (96% 30-day survival)"),
        Band(8, 11, "31% 30-day mortality (69% 30-day survival)"),
        Band(12, None, "58% 30-day mortality (42% 30-day survival)"),
    ),
    reference=("Grissom CK, Brown SM, Kuttler KG, et al. A modified sequential organ failure assessment score "
               "for critical care triage. Disaster Med Public Health Prep. 2010;4(4):277-284."),
    aliases=("mSOFA", "modified SOFA"),
    conventions=("Jaundice scores as absent when not documented; the graded items are required.",
                 "Vasoactive doses in mcg/kg/min; FiO2 may be estimated from the oxygen flow."),
)


# ---------------------------------------------------------------------------
# MDCalc 3383: Pediatric Asthma Severity Score (PASS)
# ---------------------------------------------------------------------------

PASS = point_score(
    id="pass_asthma", name="Pediatric Asthma Severity Score (PASS)", mdcalc_id=3383, category="severity",
    description=("Rates the severity of an asthma exacerbation in children from wheezing, work of breathing and "
                 "prolongation of expiration (0-2 each)."),
    items=(
        Choice("wheezing", "Wheezing", opts(("None or mild", 0), ("Moderate", 1),
                                            ("Severe wheezing or absent due to poor air movement", 2))),
        Choice("amu", "Work of breathing", opts(("Normal or mildly diminished", 0), ("Moderate", 1),
                                                ("Severe", 2))),
        Choice("exp", "Prolongation of expiration", opts(("Normal or mildly prolonged", 0),
                                                         ("Moderately prolonged", 1), ("Severely prolonged", 2))),
    ),
    bands=(
        Band(0, 1, "Mild to moderate asthma exacerbation (below the admission cut-off of 2)"),
        Band(2, 6, "Severe asthma exacerbation: >=2, consider admission"),
    ),
    reference=("Gorelick MH, Stevens MW, Schultz TR, Scribano PV. Performance of a novel clinical score, the "
               "Pediatric Asthma Severity Score (PASS), in the evaluation of acute asthma. Acad Emerg Med. "
               "2004;11(1):10-18."),
    aliases=("PASS", "pediatric asthma severity score"),
    conventions=("Every item is required.",
                 "The paper reports the score as continuous; the reading uses MDCalc's cut-off of 2 for "
                 "potential admission."),
)


# ---------------------------------------------------------------------------
# MDCalc 3384: Pediatric Respiratory Assessment Measure (PRAM)
# ---------------------------------------------------------------------------

PRAM = point_score(
    id="pram_asthma", name="Pediatric Respiratory Assessment Measure (PRAM)", mdcalc_id=3384,
    category="severity",
    description=("Grades the severity of airway obstruction in a child with an asthma exacerbation from oxygen "
                 "saturation, suprasternal retractions, scalene contraction, air entry and wheezing."),
    items=(
        Choice("o2", "O2 saturation", opts((">= 95%", 0), ("92-94%", 1), ("< 92%", 2))),
        yes_no("sup", "Suprasternal retractions present", 2),
        yes_no("scal", "Scalene muscle contractions present", 2),
        Choice("air", "Air entry", opts(("Normal", 0), ("Decreased at the base", 1),
                                        ("Decreased at the apex and the base", 2), ("Minimal or absent", 3))),
        Choice("wheezing", "Wheezing", opts(
            ("Absent", 0), ("Expiratory only", 1), ("Inspiratory (+/- expiratory)", 2),
            ("Audible without stethoscope or silent chest (minimal or no air entry)", 3))),
    ),
    bands=(
        Band(0, 3, "Mild asthma"),
        Band(4, 7, "Moderate asthma"),
        Band(8, 12, "Severe asthma"),
    ),
    reference=("Ducharme FM, Chalut D, Plotnick L, et al. The Pediatric Respiratory Assessment Measure: a valid "
               "clinical score for assessing acute asthma severity from toddlers to teenagers. J Pediatr. "
               "2008;152(4):476-480."),
    aliases=("PRAM",),
    conventions=("Saturation, air entry and wheezing are required; retractions and scalene contraction score "
                 "as absent when not documented (reported as assumed).",),
)


# ---------------------------------------------------------------------------
# MDCalc 10476: MACOCHA score (difficult intubation in the ICU)
# ---------------------------------------------------------------------------

MACOCHA = point_score(
    id="macocha", name="MACOCHA Score", mdcalc_id=10476, category="risk",
    description=("Predicts difficult tracheal intubation in the ICU from patient factors (Mallampati III-IV, "
                 "sleep apnoea, cervical spine mobility, mouth opening), pathology (coma, severe hypoxaemia) "
                 "and whether the operator is not an anaesthesiologist."),
    items=(
        yes_no("mal", "Mallampati score III or IV", 5, default=None),
        yes_no("osa", "Obstructive sleep apnea syndrome", 2),
        yes_no("spine", "Reduced mobility of cervical spine", 1),
        yes_no("open", "Limited mouth opening <3 cm", 1),
        yes_no("coma", "Coma", 1),
        yes_no("o2", "Severe hypoxemia (SpO2 <80%)", 1),
        yes_no("doc", "Nonanesthesiologist", 1),
    ),
    bands=(
        Band(0, 2, "Lower difficulty of intubation: low risk, below the cut-off of 3"),
        Band(3, 12, "Higher difficulty of intubation: high risk, >=3 predicts a difficult intubation"),
    ),
    reference=("De Jong A, Molinari N, Terzi N, et al. Early identification of patients at risk for difficult "
               "intubation in the intensive care unit: development and validation of the MACOCHA score in a "
               "multicenter cohort study. Am J Respir Crit Care Med. 2013;187(8):832-839."),
    aliases=("MACOCHA",),
    conventions=("Mallampati is required (it carries 5 of 12 points); the other findings score as absent when "
                 "not documented (reported as assumed).",
                 "The paper's cut-off is 3 (higher scores, higher difficulty); it defines no other classes."),
)


# ---------------------------------------------------------------------------
# MDCalc 10304: Quick COVID-19 Severity Index (qCSI)
# ---------------------------------------------------------------------------

QCSI = point_score(
    id="qcsi", name="Quick COVID-19 Severity Index (qCSI)", mdcalc_id=10304, category="risk",
    description=("Predicts critical respiratory illness within 24 hours in adults admitted with COVID-19 from "
                 "respiratory rate, the lowest pulse oximetry and the oxygen flow in the first four hours."),
    items=(
        Choice("rate", "Respiratory rate, breaths/min", opts(("<=22", 0), ("23-28", 1), (">28", 2))),
        Choice("pulse", "Pulse oximetry", opts((">92%", 0), ("89-92%", 2), ("<=88%", 5))),
        Choice("flow", "O2 flow rate, L/min", opts(("<=2", 0), ("3-4", 4), ("5-6", 5))),
    ),
    bands=(
        Band(0, 3, "Low risk: 4% risk of critical illness at 24 hours"),
        Band(4, 6, "Low-intermediate risk: 30% risk of critical illness at 24 hours"),
        Band(7, 9, "High-intermediate risk: 44% risk of critical illness at 24 hours"),
        Band(10, 12, "High risk: 57% risk of critical illness at 24 hours"),
    ),
    reference=("Haimovich AD, Ravindra NG, Stoytchev S, et al. Development and validation of the quick COVID-19 "
               "severity index: a prognostic tool for early clinical decompensation. Ann Emerg Med. "
               "2020;76(4):442-453."),
    aliases=("qCSI", "quick COVID severity index"),
    conventions=("Every item is required (the worst value of the first four hours).",
                 "Critical illness: oxygen >10 L/min by low-flow device, high-flow, non-invasive or invasive "
                 "ventilation, or death."),
)


# ---------------------------------------------------------------------------
# MDCalc 10302: ROX index (high-flow nasal cannula failure)
# ---------------------------------------------------------------------------

_ROX_REF = ("Roca O, Caralt B, Messika J, et al. An index combining respiratory rate and oxygenation to "
            "predict outcome of nasal high-flow therapy. Am J Respir Crit Care Med. 2019;199(11):1368-1376.")
_ROX_HIGH, _ROX_LOW = 3.85, 4.88
_ROX_BANDS = (
    Band(None, 3.8499, "High risk of progressing to intubation (ROX <3.85): consider intubation"),
    Band(3.85, 4.8799, "Indeterminate risk of intubation (ROX 3.85-4.87): reassess within 1-2 hours"),
    Band(4.88, None, "Low risk of progressing to intubation (ROX >=4.88)"),
)


def _rox(x: Any) -> CalculatorResult:
    value = (x.spo2 / (x.fio2 / 100)) / x.rr
    text = _ROX_BANDS[0].text if value < _ROX_HIGH else _ROX_BANDS[1].text if value < _ROX_LOW else _ROX_BANDS[2].text
    return explained_result("rox_index", "ROX Index", _ROX_REF, x, value, text,
                   [f"ROX = (SpO2 {x.spo2:g}% / FiO2 {x.fio2 / 100:.2f}) / RR {x.rr:g} = {value:.2f}"], unit="")


ROX = point_score(
    id="rox_index", name="ROX Index", mdcalc_id=10302, category="risk",
    description=("Predicts whether a patient with acute hypoxaemic respiratory failure on high-flow nasal "
                 "cannula will need intubation: the SpO2/FiO2 ratio divided by the respiratory rate, read at "
                 "2, 6 or 12 hours of therapy."),
    items=(
        Number("spo2", "SpO2", "%", ge=50, le=100),
        Number("fio2", "FiO2", "%", ge=21, le=100),
        Number("rr", "Respiratory rate", "/min", ge=1, le=80),
    ),
    bands=_ROX_BANDS, reference=_ROX_REF, compute=_rox, unit="",
    aliases=("ROX", "ROX index"),
    conventions=("FiO2 is entered in percent (21-100), as MDCalc does; ROX = (SpO2 / FiO2 fraction) / RR.",
                 ">=4.88 at 2, 6 or 12 h: low risk; <3.85: high risk; between: reassess (Roca 2019)."),
)


# ---------------------------------------------------------------------------
# MDCalc 10188: Ottawa COPD Risk Scale
# ---------------------------------------------------------------------------

_OTTAWA_RISK = ("2.2%", "4.0%", "7.2%", "12.5%", "20.9%", "32.9%", "47.5%", "62.6%", "75.6%", None, "91.4%")
_OTTAWA_GROUP = ("Low", "Medium", "Medium", "High", "High") + ("Very high",) * 6


def _ottawa_band(total: int) -> Band:
    risk = _OTTAWA_RISK[total]
    what = (f"{risk} risk of a serious adverse event" if risk
            else "no patient of the derivation cohort scored 9 (between 75.6% and 91.4%)")
    return Band(total, total, f"{_OTTAWA_GROUP[total]} risk: {what}")


OTTAWA_COPD = point_score(
    id="ottawa_copd", name="Ottawa COPD Risk Scale", mdcalc_id=10188, category="risk",
    description=("Estimates the risk of a serious adverse event (30-day death, ICU, ventilation, MI, major "
                 "procedure or readmission within 14 days) in adults seen in the emergency department for a "
                 "COPD exacerbation, from history, examination, ECG, X-ray and laboratory findings."),
    items=(
        yes_no("cabg", "Coronary bypass graft", 1),
        yes_no("peri", "Intervention for peripheral vascular disease", 1),
        yes_no("intu", "Intubation for respiratory distress", 2),
        yes_no("hr", "HR >=110/min", 2),
        yes_no("walk", "Too ill to do walk test after treatment in ED", 2),
        yes_no("ekg", "Acute ischemic changes on EKG", 2),
        yes_no("xray", "Pulmonary congestion on chest x-ray", 1),
        yes_no("hemo", "Hemoglobin <10 g/dL (100 g/L)", 3),
        yes_no("urea", "Urea >=12 mmol/L (BUN >=34 mg/dL)", 1),
        yes_no("co2", "Serum CO2 >=35 mEq/L (35 mmol/L)", 1),
    ),
    bands=tuple(_ottawa_band(t) for t in range(11)) + (
        Band(11, None, "Very high risk: above 10 points (no patient of the derivation cohort; >91.4%)"),),
    reference=("Stiell IG, Perry JJ, Clement CM, et al. Clinical validation of a risk scale for serious outcomes "
               "among patients with chronic obstructive pulmonary disease managed in the emergency department. "
               "CMAJ. 2018;190(48):E1406-E1413."),
    aliases=("Ottawa COPD", "Ottawa COPD risk scale"),
    conventions=("Findings not documented score as absent (reported as assumed).",
                 "Walk test: a 3-minute walk after ED treatment; too ill if SaO2 <90% on usual oxygen or heart "
                 "rate >=120/min during it."),
)


# ---------------------------------------------------------------------------
# MDCalc 2157: GAP index (idiopathic pulmonary fibrosis)
# ---------------------------------------------------------------------------

GAP = point_score(
    id="gap_ipf", name="GAP Index for IPF Mortality", mdcalc_id=2157, category="risk",
    description=("Stages idiopathic pulmonary fibrosis by gender, age and physiology (percent-predicted FVC and "
                 "DLCO) and reads 1-, 2- and 3-year mortality of the stage."),
    items=(
        Choice("gender", "Gender", opts(("Female", 0), ("Male", 1))),
        Choice("age", "Age", opts(("<=60 years", 0), ("61-65 years", 1), (">65 years", 2))),
        Choice("fvc", "Predicted Forced Vital Capacity (FVC)", opts((">75%", 0), ("50-75%", 1), ("<50%", 2))),
        Choice("dlco", "Predicted Diffusing Capacity of the Lung for Carbon Monoxide (DLCO)",
               opts((">55%", 0), ("36-55%", 1), ("<=35%", 2), ("Unable to perform", 3))),
    ),
    bands=(
        Band(0, 3, "Stage I: 5.6% mortality at 1 year, 10.9% at 2 years, 16.3% at 3 years"),
        Band(4, 5, "Stage II: 16.2% mortality at 1 year, 29.9% at 2 years, 42.1% at 3 years"),
        Band(6, 8, "Stage III: 39.2% mortality at 1 year, 62.1% at 2 years, 76.8% at 3 years"),
    ),
    reference=("Ley B, Ryerson CJ, Vittinghoff E, et al. A multidimensional index and staging system for "
               "idiopathic pulmonary fibrosis. Ann Intern Med. 2012;156(10):684-691."),
    aliases=("GAP index", "GAP stage"),
    conventions=("Every item is required; a patient unable to perform DLCO scores 3 on that item.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10278: PIRO score for community-acquired pneumonia (ICU)
# ---------------------------------------------------------------------------

PIRO_CAP = point_score(
    id="piro_cap", name="PIRO Score for Community-Acquired Pneumonia", mdcalc_id=10278, category="risk",
    description=("Estimates 28-day mortality of severe community-acquired pneumonia in the ICU from "
                 "predisposition (comorbidity, age), insult (bacteraemia, multilobar opacities), response "
                 "(shock, severe hypoxaemia) and organ dysfunction (renal failure, ARDS)."),
    items=(
        yes_no("one", "Comorbidities (COPD or immunocompromised)", 1),
        yes_no("two", "Age >70 years", 1),
        yes_no("three", "Bacteremia", 1),
        yes_no("four", "Multilobar opacities in chest radiograph", 1),
        yes_no("five", "Shock", 1),
        yes_no("six", "Severe hypoxemia", 1),
        yes_no("seven", "Acute renal failure", 1),
        yes_no("eight", "Acute respiratory distress syndrome", 1),
    ),
    bands=(
        Band(0, 2, "Low risk: 3.6% 28-day mortality"),
        Band(3, 3, "Mild risk: 13.0% 28-day mortality"),
        Band(4, 4, "High risk: 43.0% 28-day mortality"),
        Band(5, 8, "Very high risk: 76.3% 28-day mortality"),
    ),
    reference=("Rello J, Rodriguez A, Lisboa T, et al. PIRO score for community-acquired pneumonia: a new "
               "prediction rule for assessment of severity in intensive care unit patients with "
               "community-acquired pneumonia. Crit Care Med. 2009;37(2):456-462."),
    aliases=("PIRO", "PIRO CAP"),
    conventions=("A finding not documented scores as absent (reported as assumed).",
                 "Severe hypoxaemia: PaO2/FiO2 <150 mmHg in the paper."),
)


# ---------------------------------------------------------------------------
# MDCalc 10193: Gupta postoperative respiratory failure risk (logistic model)
# ---------------------------------------------------------------------------

_GUPTA_REF = ("Gupta H, Gupta PK, Fang X, et al. Development and validation of a risk calculator predicting "
              "postoperative respiratory failure. Chest. 2011;140(5):1207-1215.")
_GUPTA_INTERCEPT = -1.7397
# (label, the paper's coefficient, MDCalc's rounded value)
_GUPTA_PROCEDURES = (
    ("Anorectal", -1.3530, -1.35), ("Aortic", 1.0781, 1.08), ("Bariatric", -1.0112, -1.01),
    ("Brain", 0.7336, 0.73), ("Breast", -2.6462, -2.65), ("Cardiac", 0.2744, 0.27),
    ("ENT (except thyroid/parathyroid)", 0.1060, 0.11),
    ("Foregut (esophagus, stomach) or hepatopancreatobiliary", 0.9694, 0.97),
    ("Gallbladder, appendix, adrenals, or spleen", -0.5668, -0.57), ("Hernia (ventral, inguinal, femoral)", 0, 0),
    ("Intestinal", 0.5737, 0.57), ("Neck (thyroid/parathyroid)", -0.5271, -0.53),
    ("Obstetric/gynecologic", -1.2431, -1.24), ("Orthopedic and non-vascular extremity", -0.8577, -0.86),
    ("Other abdominal", 0.2416, 0.24), ("Peripheral vascular", -0.2389, -0.24), ("Skin", -0.3206, -0.32),
    ("Spine", -0.5220, -0.52), ("Non-esophageal thoracic (lung, mediastinum, etc)", 0.6715, 0.67),
    ("Vein", -2.0080, -2.01), ("Urology", 0.3093, 0.31),
)


def _gupta(x: Any) -> CalculatorResult:
    lin = _GUPTA_INTERCEPT + sum(p for _, _, p in item_points(x))
    risk = 100 * math.exp(lin) / (1 + math.exp(lin))
    text = (f"{risk:.1f}% risk of postoperative respiratory failure (ventilation >48 h or unplanned intubation "
            "within 30 days)")
    return explained_result("gupta_respiratory_failure", "Gupta Postoperative Respiratory Failure Risk", _GUPTA_REF, x,
                   round(risk, 1), text, [f"x = {_GUPTA_INTERCEPT} + sum of coefficients = {lin:.4f}",
                                          "risk = e^x / (1 + e^x)"], unit="%")


GUPTA_PRF = point_score(
    id="gupta_respiratory_failure", name="Gupta Postoperative Respiratory Failure Risk", mdcalc_id=10193,
    category="risk",
    description=("Predicts postoperative respiratory failure (ventilation beyond 48 hours or unplanned "
                 "reintubation within 30 days) from functional status, ASA class, preoperative sepsis, "
                 "emergency surgery and the type of procedure, by a logistic model from NSQIP data."),
    items=(
        Choice("status", "Functional status", opts(("Independent", 0, 0), ("Partially dependent", 0.7678, 0.77),
                                                   ("Totally dependent", 1.4046, 1.4))),
        Choice("class1", "ASA class", opts(
            ("1: normal healthy patient", -3.5265, -3.53), ("2: mild systemic disease", -2.0008, -2),
            ("3: severe systemic disease", -0.6201, -0.62),
            ("4: severe systemic disease that is a constant threat to life (i.e., patient could die acutely "
             "without intervention)", 0.2441, 0.24),
            ("5: moribund, not expected to survive without surgery", 0, 0))),
        Choice("sepsis", "Sepsis", opts(("None", -0.7840, -0.78),
                                        ("Preoperative systemic inflammatory response syndrome", 0, 0),
                                        ("Preoperative sepsis", 0.2752, 0.28),
                                        ("Preoperative septic shock", 0.9035, 0.9))),
        Choice("emergency", "Emergency case", opts(("No", -0.5739, -0.57), ("Yes", 0, 0))),
        Choice("procedure", "Type of procedure", opts(*_GUPTA_PROCEDURES)),
    ),
    bands=(Band(None, None, "Predicted risk of postoperative respiratory failure (logistic model)"),),
    reference=_GUPTA_REF, compute=_gupta, unit="%",
    aliases=("Gupta PRF", "Gupta respiratory failure calculator"),
    conventions=("Every item is required.",
                 "Coefficients are the paper's (4 decimals); MDCalc's rounded option values are used only to "
                 "recognise the option."),
)


# ---------------------------------------------------------------------------
# MDCalc 4018: DECAF score (acute exacerbation of COPD)
# ---------------------------------------------------------------------------

_DECAF_TEXT = ("Low risk: 0% in-hospital mortality; routine management (consider early discharge)",
               "Low risk: 1.5% in-hospital mortality; routine management (consider early discharge)",
               "Intermediate risk: 5.4% in-hospital mortality; use clinical judgment on disposition",
               "High risk: 15.3% in-hospital mortality; consider escalation of care or palliative care",
               "High risk: 31% in-hospital mortality; consider escalation of care or palliative care",
               "High risk: 40.5% in-hospital mortality; consider escalation of care or palliative care",
               "High risk: 50% in-hospital mortality; consider escalation of care or palliative care")

DECAF = point_score(
    id="decaf", name="DECAF Score for Acute Exacerbation of COPD", mdcalc_id=4018, category="risk",
    description=("Predicts in-hospital mortality of patients admitted with an acute exacerbation of COPD from "
                 "Dyspnoea (extended MRC grade), Eosinopenia, Consolidation, Acidaemia and atrial Fibrillation."),
    items=(
        Choice("emrcd", "Extended MRC Dyspnea Scale (eMRCD)", opts(
            ("Not too dyspneic to leave house (eMRCD 1-4)", 0),
            ("Too dyspneic to leave house but independent with washing/dressing (eMRCD 5a)", 1),
            ("Too dyspneic to leave house and wash/dress (eMRCD 5b)", 2))),
        yes_no("eos", "Eosinopenia (eosinophils <0.05 x10^9/L)", 1, default=None),
        yes_no("cons", "Consolidation on chest x-ray", 1, default=None),
        yes_no("aci", "Acidemia (pH <7.30)", 1, default=None),
        yes_no("afib", "Atrial fibrillation (including history of paroxysmal AF)", 1),
    ),
    bands=tuple(Band(t, t, text) for t, text in enumerate(_DECAF_TEXT)),
    reference=("Steer J, Gibson J, Bourke SC. The DECAF Score: predicting hospital mortality in exacerbations of "
               "chronic obstructive pulmonary disease. Thorax. 2012;67(11):970-976; mortality by score from "
               "Echevarria C, et al. Thorax. 2016;71(2):133-140."),
    aliases=("DECAF",),
    conventions=("Dyspnoea grade, eosinophils, chest X-ray and pH are required; atrial fibrillation scores as "
                 "absent when not documented (reported as assumed).",),
)


# ---------------------------------------------------------------------------
# MDCalc 10149: El-Ganzouri Risk Index (difficult airway)
# ---------------------------------------------------------------------------

EGRI = point_score(
    id="egri", name="El-Ganzouri Risk Index (EGRI) for Difficult Airway", mdcalc_id=10149, category="risk",
    description=("Predicts difficult laryngoscopy and intubation before anaesthesia from mouth opening, "
                 "thyromental distance, Mallampati class, neck movement, ability to prognath, weight and a "
                 "history of difficult intubation."),
    items=(
        Choice("mouth", "Mouth opening", opts((">=4 cm", 0), ("<4 cm", 1))),
        Choice("thyro", "Thyromental distance", opts((">6.5 cm", 0), ("6.0-6.5 cm", 1), ("<6.0 cm", 2))),
        Choice("mclass", "Modified Mallampati Classification", opts(
            ("I (soft palate, fauces, uvula, and pillars seen)", 0), ("II (soft palate, fauces, and uvula seen)", 1),
            ("III (soft palate and base of uvula seen)", 2), ("IV (soft palate not visible)", 2))),
        Choice("neck", "Neck movement", opts((">90deg", 0), ("80-90deg", 1), ("<80deg", 2))),
        Choice("prog", "Ability to prognath (advance lower jaw forward)", opts(("Yes", 0), ("No", 1))),
        Choice("body", "Weight", opts(("<90 kg (198.4 lbs)", 0), ("90-110 kg (198.4-242.5 lbs)", 1),
                                      (">110 kg (242.5 lbs)", 2))),
        Choice("history", "History of difficult intubation", opts(("None", 0), ("Questionable", 1), ("Definite", 2))),
    ),
    bands=(
        Band(0, 3, "Low risk of difficult airway"),
        Band(4, 12, "High risk of difficult airway (>=4)"),
    ),
    reference=("el-Ganzouri AR, McCarthy RJ, Tuman KJ, Tanck EN, Ivankovich AD. Preoperative airway assessment: "
               "predictive value of a multivariate risk index. Anesth Analg. 1996;82(6):1197-1204."),
    aliases=("EGRI", "El-Ganzouri index"),
    conventions=("Every item is an examination finding and is required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10460: HACOR score (failure of non-invasive ventilation)
# ---------------------------------------------------------------------------

HACOR = point_score(
    id="hacor", name="HACOR Score", mdcalc_id=10460, category="risk",
    description=("Predicts failure of non-invasive ventilation in hypoxaemic respiratory failure from Heart "
                 "rate, Acidosis (pH), Consciousness (GCS), Oxygenation (PaO2/FiO2) and Respiratory rate, "
                 "measured after 1 hour of NIV."),
    items=(
        Choice("hr", "Heart rate, beats/min", opts(("<=120", 0), (">=121", 1))),
        Choice("ph", "Acidosis (pH)", opts((">=7.35", 0), ("7.30-7.34", 2), ("7.25-7.29", 3), ("<7.25", 4))),
        Choice("gcs", "Consciousness (GCS)", opts(("15", 0), ("13-14", 2), ("11-12", 5), ("<=10", 10))),
        Choice("pao2", "Oxygenation (PaO2/FiO2), mm Hg", opts((">=201", 0), ("176-200", 2), ("151-175", 3),
                                                              ("126-150", 4), ("101-125", 5), ("<=100", 6))),
        Choice("resp", "Respiratory rate, breaths/min", opts(("<=30", 0), ("31-35", 1), ("36-40", 2), ("41-45", 3),
                                                             (">=46", 4))),
    ),
    bands=(
        Band(0, 5, "Low risk of NIV failure"),
        Band(6, 25, "High risk of NIV failure (>5)"),
    ),
    reference=("Duan J, Han X, Bai L, Zhou L, Huang S. Assessment of heart rate, acidosis, consciousness, "
               "oxygenation, and respiratory rate to predict noninvasive ventilation failure in hypoxemic "
               "patients. Intensive Care Med. 2017;43(2):192-199."),
    aliases=("HACOR",),
    conventions=("Every item is required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3382: modified Asthma Predictive Index (mAPI)
# ---------------------------------------------------------------------------

_MAPI_REF = ("Guilbert TW, Morgan WJ, Zeiger RS, et al. Atopic characteristics of children with recurrent "
             "wheezing at high risk for the development of childhood asthma. J Allergy Clin Immunol. "
             "2004;114(6):1282-1287; Chang TS, Lemanske RF, Guilbert TW, et al. Evaluation of the modified "
             "asthma predictive index in high-risk preschool children. J Allergy Clin Immunol Pract. "
             "2013;1(2):152-156.")
_MAPI_POS = ("Positive mAPI: likely asthma diagnosis by school age (ages 6-11; high specificity, "
             "about 98-100%)")
_MAPI_NEG = "Negative mAPI: asthma diagnosis by school age (ages 6-11) less likely"
_MAPI_MAJOR = ("asthma", "eczema", "airallerg")
_MAPI_MINOR = ("cold", "eos", "foodaller")


def _mapi(x: Any) -> CalculatorResult:
    major = sum(getattr(x, n) == "Yes" for n in _MAPI_MAJOR)
    minor = sum(getattr(x, n) == "Yes" for n in _MAPI_MINOR)
    positive = x.wheezing == "Yes" and (major >= 1 or minor >= 2)
    text = _MAPI_POS if positive else _MAPI_NEG
    lines = [f">=4 wheezing episodes/year: {x.wheezing}; major criteria {major}/3, minor criteria {minor}/3",
             "Positive when >=4 episodes AND (>=1 major OR >=2 minor)"]
    return explained_result("mapi", "Modified Asthma Predictive Index (mAPI)", _MAPI_REF, x,
                   1 if positive else 0, text, lines, unit="index (0-1)")


MAPI = point_score(
    id="mapi", name="Modified Asthma Predictive Index (mAPI)", mdcalc_id=3382, category="risk",
    description=("Predicts which preschool children with recurrent wheezing will have asthma at school age: "
                 "positive with frequent wheezing plus one major (parental asthma, atopic dermatitis, "
                 "aeroallergen sensitisation) or two minor criteria (wheeze apart from colds, eosinophilia, "
                 "food allergy)."),
    items=(
        yes_no("wheezing", ">=4 wheezing episodes/year", 1, default=None),
        yes_no("asthma", "Parent with asthma", 1),
        yes_no("eczema", "Patient has atopic dermatitis", 1),
        yes_no("airallerg", "Patient with aeroallergen sensitivity (ex: hay fever)", 1),
        yes_no("cold", "Wheezing unrelated to colds", 1),
        yes_no("eos", "Eosinophils >=4% (on CBC)", 1),
        yes_no("foodaller", "Patient with allergy to milk, egg, or peanuts", 1),
    ),
    bands=(Band(None, None, "Positive or negative by the criteria rule (not a sum)"),),
    reference=_MAPI_REF, compute=_mapi, unit="index (0-1)",
    aliases=("mAPI", "modified API"),
    conventions=("The wheezing frequency is required; a criterion not documented counts as absent (reported as "
                 "assumed).",
                 "The result is a rule, not a sum: value 1 = positive, 0 = negative."),
)


# ---------------------------------------------------------------------------
# MDCalc 10369: PRIEST COVID-19 clinical severity score
# ---------------------------------------------------------------------------

_PRIEST_RISK = {0: "1%", 1: "1%", 2: "2%", 3: "2%", 4: "3%", 5: "9%", 6: "15%", 7: "18%", 8: "22%", 9: "26%",
                10: "29%", 11: "34%", 12: "38%", 13: "46%", 14: "47%", 15: "49%", 16: "55%"}

PRIEST = point_score(
    id="priest_covid", name="PRIEST COVID-19 Clinical Severity Score", mdcalc_id=10369, category="risk",
    description=("Estimates the 30-day risk of death or organ support in adults presenting to the emergency "
                 "department with suspected COVID-19, from sex, age, NEWS2 vital-sign bands and performance "
                 "status."),
    items=(
        Choice("sex", "Sex", opts(("Female", 0), ("Male", 1))),
        Choice("age", "Age, years", opts(("16-49", 0), ("50-65", 2), ("66-80", 3), (">80", 4))),
        Choice("res", "Respiratory rate, breaths per min", opts(("<9", 3), ("9-11", 1), ("12-20", 0), ("21-24", 2),
                                                                (">24", 3))),
        Choice("oxy", "Oxygen saturation", opts((">95%", 0), ("94-95%", 1), ("92-93%", 2), ("<92%", 3))),
        Choice("bpm", "Heart rate, beats per min", opts(("<41", 3), ("41-50", 1), ("51-90", 0), ("91-110", 1),
                                                        ("111-130", 2), (">130", 3))),
        Choice("sys", "Systolic BP, mmHg", opts(("<91", 3), ("91-100", 2), ("101-110", 1), ("111-219", 0),
                                                (">219", 3))),
        Choice("temp", "Temperature", opts(
            ("<35.1degC (<95.18degF)", 3), ("35.1-36.0degC (95.18 - 96.8degF)", 1),
            ("36.1-38.0degC (>96.8 - 100.4degF)", 0), ("38.1-39.0degC (>100.4 - 102.2degF)", 1),
            (">39.0degC (>102.2degF)", 2))),
        Choice("alert", "Alertness", opts(("Alert", 0), ("Confused or not alert", 3))),
        Choice("ins", "Inspired oxygen", opts(("Air", 0), ("Supplemental oxygen", 2))),
        Choice("status", "Performance status", opts(
            ("Unrestricted normal activity", 0), ("Limited strenuous activity, can do light activity", 1),
            ("Limited activity, can self-care", 2), ("Limited self-care", 3), ("Bed/chair bound, no self-care", 4))),
    ),
    bands=tuple(Band(t, t, f"{risk} probability of adverse outcome (death or organ support) within 30 days"
                     + ("; >4 predicts adverse outcome" if t > 4 else ""))
                for t, risk in _PRIEST_RISK.items()) + (
        Band(17, 25, "59-88% probability of adverse outcome (death or organ support) within 30 days; >4 predicts "
                     "adverse outcome"),
        Band(26, None, ">99% probability of adverse outcome (death or organ support) within 30 days"),
    ),
    reference=("Goodacre S, Thomas B, Sutton L, et al. Derivation and validation of a clinical severity score for "
               "acutely ill adults with suspected COVID-19: the PRIEST observational cohort study. PLoS One. "
               "2021;16(1):e0245840."),
    aliases=("PRIEST", "PRIEST score"),
    conventions=("Every item is required (the vital signs at presentation).",),
)


# ---------------------------------------------------------------------------
# MDCalc 10279: MuLBSTA score (viral pneumonia mortality)
# ---------------------------------------------------------------------------

_MULBSTA_RISK = {0: "0.47%", 2: "0.87%", 3: "1.18%", 4: "1.60%", 5: "2.17%", 6: "2.92%", 7: "3.93%", 8: "5.27%",
                 9: "7.03%", 10: "9.33%", 11: "12.27%", 12: "15.99%", 13: "20.56%", 14: "26.03%", 15: "32.36%",
                 16: "39.42%", 17: "46.95%", 18: "54.61%", 19: "62.07%", 20: "68.99%"}

MULBSTA = point_score(
    id="mulbsta", name="MuLBSTA Score for Viral Pneumonia Mortality", mdcalc_id=10279, category="risk",
    description=("Estimates 90-day mortality of viral pneumonia from Multilobe infiltrates, Lymphopenia, "
                 "Bacterial coinfection, Smoking, hyper-Tension and Age >=60."),
    items=(
        yes_no("one", "Multilobe infiltrate", 5, default=None),
        yes_no("two", "Absolute Lymphocyte count <=0.8 x 10^9/L", 4, default=None),
        yes_no("three", "Bacterial coinfection", 4),
        Choice("four", "Smoking history", opts(("Non smoker", 0), ("Prior smoker", 2), ("Active smoker", 3))),
        yes_no("six", "History of hyper-Tension", 2),
        yes_no("seven", "Age >=60 years", 2, default=None),
    ),
    bands=(Band(0, 1, "Low risk: 0.47% 90-day mortality"),) + tuple(
        Band(t, t, f"{'High' if t >= 12 else 'Low'} risk: {risk} 90-day mortality")
        for t, risk in _MULBSTA_RISK.items() if t >= 2),
    reference=("Guo L, Wei D, Zhang X, et al. Clinical features predicting mortality risk in patients with viral "
               "pneumonia: the MuLBSTA score. Front Microbiol. 2019;10:2752."),
    aliases=("MuLBSTA",),
    conventions=("Infiltrates, lymphocyte count, smoking and age are required; coinfection and hypertension "
                 "score as absent when not documented (reported as assumed).",
                 ">=12 points is the paper's high-risk group. A total of 1 cannot occur."),
)


# ---------------------------------------------------------------------------
# MDCalc 4019: BAP-65 (acute exacerbation of COPD)
# ---------------------------------------------------------------------------

_BAP65_REF = ("Tabak YP, Sun X, Johannes RS, Gupta V, Shorr AF. Mortality and need for mechanical ventilation in "
              "acute exacerbations of chronic obstructive pulmonary disease: development and validation of a "
              "simple risk score. Arch Intern Med. 2009;169(17):1595-1602.")
_BAP65_CLASS = {
    1: "Class I: 0.3% in-hospital mortality, 0.3% need for mechanical ventilation within 48 h; routine management",
    2: "Class II: 1.0% in-hospital mortality, 0.2% need for mechanical ventilation within 48 h; routine management",
    3: "Class III: 2.2% in-hospital mortality, 1.2% need for mechanical ventilation within 48 h; consider early "
       "non-invasive ventilation and/or ICU care",
    4: "Class IV: 6.4% in-hospital mortality, 5.5% need for mechanical ventilation within 48 h; consider early "
       "non-invasive ventilation and/or ICU care",
    5: "Class V: 14.1% in-hospital mortality, 12.4% need for mechanical ventilation within 48 h; consider early "
       "non-invasive ventilation and/or ICU care",
}


def _bap65(x: Any) -> CalculatorResult:
    bap = sum(p for _, _, p in item_points(x))
    klass = (2 if x.age == ">=65" else 1) if bap == 0 else bap + 2
    return explained_result("bap_65", "BAP-65 Score", _BAP65_REF, x, klass, _BAP65_CLASS[klass],
                   [f"BAP findings = {bap:g}; with 0 findings the class is I (<65 y) or II (>=65 y), else "
                    "findings + 2"], unit="class")


BAP65 = point_score(
    id="bap_65", name="BAP-65 Score for Acute Exacerbation of COPD", mdcalc_id=4019, category="risk",
    description=("Classes patients admitted with an acute exacerbation of COPD (I-V) by raised BUN, altered "
                 "mental status, pulse >=109 and age >=65, and reads in-hospital mortality and early need for "
                 "mechanical ventilation."),
    items=(
        yes_no("bun", "BUN >=25 mg/dL (8.9 mmol/L)", 1, default=None),
        yes_no("ams", "Altered mental status", 1),
        yes_no("pulse", "Pulse >=109 beats/min", 1, default=None),
        Choice("age", "Age, years", opts(("41-64", 0, 0), (">=65", 0, 1))),
    ),
    bands=(Band(0, 0, "Class I or II (by age)"), Band(1, 1, "Class III"), Band(2, 2, "Class IV"),
           Band(3, 3, "Class V")),
    reference=_BAP65_REF, compute=_bap65, unit="class",
    aliases=("BAP-65", "BAP65"),
    conventions=("BUN, pulse and age are required; altered mental status (initial GCS <14, disorientation, "
                 "stupor or coma) scores as absent when not documented.",
                 "The value is the class, 1-5 for I-V; age only separates class I from II."),
)


# ---------------------------------------------------------------------------
# MDCalc 3381: Asthma Predictive Index (API)
# ---------------------------------------------------------------------------

_API_REF = ("Castro-Rodriguez JA, Holberg CJ, Wright AL, Martinez FD. A clinical index to define risk of asthma "
            "in young children with recurrent wheezing. Am J Respir Crit Care Med. 2000;162(4 Pt 1):1403-1406.")
_API_TEXT = {
    2: "Positive (stringent) API: positive likelihood of asthma; 76% had active asthma at school age "
       "(specificity about 96%)",
    1: "Positive (loose) API: positive likelihood of asthma; 59% had active asthma at school age (specificity "
       "about 80%)",
    0: "Negative API: asthma at school age unlikely",
}


def _api(x: Any) -> CalculatorResult:
    major = sum(getattr(x, n) == "Yes" for n in ("asthma", "eczema"))
    minor = sum(getattr(x, n) == "Yes" for n in ("rhin", "cold", "eos"))
    criteria = major >= 1 or minor >= 2
    level = 0 if not criteria else 2 if x.wheezing == ">=3" else 1
    return explained_result("api_asthma", "Asthma Predictive Index (API)", _API_REF, x, level, _API_TEXT[level],
                   [f"major criteria {major}/2, minor criteria {minor}/3; wheezing episodes/year {x.wheezing}",
                    "Loose: >=1 major or >=2 minor; stringent: the same with >=3 wheezing episodes a year"],
                   unit="index (0-2)")


API = point_score(
    id="api_asthma", name="Asthma Predictive Index (API)", mdcalc_id=3381, category="risk",
    description=("Predicts asthma at school age in young children who wheeze, from wheezing frequency and major "
                 "(parental asthma, eczema) and minor (allergic rhinitis, wheeze apart from colds, "
                 "eosinophilia) criteria; reads a loose and a stringent index."),
    items=(
        Choice("wheezing", "Wheezing episodes/year", opts((">=3", 0, 2), ("<3", 0, 1))),
        yes_no("asthma", "Parent with asthma", 1),
        yes_no("eczema", "Patient with eczema", 1),
        yes_no("rhin", "Patient has allergic rhinitis", 1),
        yes_no("cold", "Wheezing apart from colds", 1),
        yes_no("eos", "Eosinophilia (>=4% on CBC)", 1),
    ),
    bands=(Band(None, None, "Negative, loose-positive or stringent-positive by the criteria rule"),),
    reference=_API_REF, compute=_api, unit="index (0-2)",
    aliases=("API", "Castro-Rodriguez index"),
    conventions=("Wheezing frequency is required; a criterion not documented counts as absent (reported as "
                 "assumed).",
                 "MDCalc codes the wheezing options 2 (>=3/year) and 1 (<3/year); they are not points.",
                 "Value: 0 negative, 1 positive by the loose index only, 2 positive by the stringent index."),
)


# ---------------------------------------------------------------------------
# MDCalc 4055: Radiologist's Score (RADS) for smoke inhalation injury
# ---------------------------------------------------------------------------

_RADS_FINDING = opts(("Normal", 0), ("Increased interstitial markings", 1), ("Ground glass opacification", 2),
                     ("Consolidation", 3))
_ORD = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}

RADS = point_score(
    id="rads_smoke_inhalation", name="Radiologist's Score (RADS) for Smoke Inhalation Injury", mdcalc_id=4055,
    category="risk",
    description=("Scores a chest CT slice after smoke inhalation: the worst finding in each of the four quadrants "
                 "of each lung (normal to consolidation, 0-3); more than 8 per slice marks a high risk of "
                 "pneumonia, lung injury/ARDS or death."),
    items=tuple(Choice(f"{side}_q{q}", f"Worst finding, {_ORD[q]} quadrant {side} lung", _RADS_FINDING)
                for side in ("left", "right") for q in range(1, 5)),
    bands=(
        Band(0, 8, "Low risk: RADS <=8 per slice"),
        Band(9, 24, "High risk: RADS >8 per slice, 12.7x increased risk of pneumonia, acute lung injury/ARDS or "
                    "death"),
    ),
    reference=("Oh JS, Chung KK, Allen A, et al. Admission chest CT complements fiberoptic bronchoscopy in "
               "prediction of adverse outcomes in thermally injured patients. J Burn Care Res. "
               "2012;33(4):532-538."),
    aliases=("RADS", "radiologist's score"),
    conventions=("Every quadrant is required. Scored per slice; over several slices, average the slice totals "
                 "before applying the >8 threshold.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3918: Hestia criteria (outpatient treatment of pulmonary embolism)
# ---------------------------------------------------------------------------

HESTIA = point_score(
    id="hestia", name="Hestia Criteria for Outpatient PE Treatment", mdcalc_id=3918, category="risk",
    description=("Decides whether a patient with acute pulmonary embolism can be treated at home: eleven "
                 "exclusion criteria (instability, need for reperfusion, bleeding risk, oxygen, pain, social "
                 "reasons, renal or liver failure, pregnancy, HIT...); any one excludes outpatient care."),
    items=(
        yes_no("unstable", "Hemodynamically unstable", 1, default=None),
        yes_no("thrombolysis", "Thrombolysis or embolectomy needed", 1, default=None),
        yes_no("activebleeding", "Active bleeding or high risk for bleeding", 1, default=None),
        yes_no("oxygen", ">24 hrs on supplemental oxygen required to maintain SaO2 >90%", 1, default=None),
        yes_no("anticoagulant", "PE diagnosed while on anticoagulation", 1, default=None),
        yes_no("painmeds", "Severe pain needing IV pain medication required >24 hr", 1, default=None),
        yes_no("medicalsocial", "Medical or social reason for admission >24 hr (infection, malignancy, no support "
                                "system)", 1, default=None),
        yes_no("crcl", "Creatinine clearance <30 mL/min (Cockcroft-Gault)", 1, default=None),
        yes_no("liver", "Severe liver impairment", 1, default=None),
        yes_no("preg", "Pregnant", 1, default=None),
        yes_no("hit", "Documented history of heparin-induced thrombocytopenia (HIT)", 1, default=None),
    ),
    bands=(
        Band(0, 0, "Eligible for outpatient care or treatment: low risk (0% mortality, 2% VTE recurrence)"),
        Band(1, 11, "Not eligible for outpatient care or treatment; inpatient treatment recommended"),
    ),
    reference=("Zondag W, Mos IC, Creemers-Schild D, et al. Outpatient treatment in patients with acute pulmonary "
               "embolism: the Hestia Study. J Thromb Haemost. 2011;9(8):1500-1507."),
    aliases=("Hestia",),
    conventions=("Every criterion is required: assuming one absent would make a patient eligible for home "
                 "treatment by default.",),
)


# ---------------------------------------------------------------------------
# MDCalc 4056: Abbreviated Injury Score (AIS) for inhalation injury (bronchoscopic grade)
# ---------------------------------------------------------------------------

AIS_INHALATION = point_score(
    id="ais_inhalation_injury", name="Abbreviated Injury Score (AIS) for Inhalation Injury", mdcalc_id=4056,
    category="severity",
    description=("Grades smoke inhalation injury in burn patients from what fibreoptic bronchoscopy shows in the "
                 "airway (soot, erythema, oedema, secretions, obstruction, sloughing or necrosis), from no "
                 "injury (0) to massive injury (4); the grade reads in-hospital survival."),
    items=(
        Choice("findings", "Bronchoscopic findings", opts(
            ("No carbonaceous deposits, erythema, edema, bronchorrhea, or obstruction", 0),
            ("Minor or patchy areas of erythema, carbonaceous deposits, bronchorrhea, or bronchial obstruction "
             "present", 1),
            ("Moderate erythema, carbonaceous deposits, bronchorrhea, or bronchial obstruction present", 2),
            ("Severe inflammation with friability, copious carbonaceous deposits, bronchorrhea, or obstruction "
             "present", 3),
            ("Mucosal sloughing, necrosis, or endoluminal obstruction present", 4))),
    ),
    bands=(
        Band(0, 0, "Grade 0, no injury: 84% in-hospital survival (grades 0-1)"),
        Band(1, 1, "Grade 1, mild injury: 84% in-hospital survival (grades 0-1)"),
        Band(2, 2, "Grade 2, moderate injury: 57% in-hospital survival (grades 2-4)"),
        Band(3, 3, "Grade 3, severe injury: 57% in-hospital survival (grades 2-4)"),
        Band(4, 4, "Grade 4, massive injury: 57% in-hospital survival (grades 2-4)"),
    ),
    reference=("Endorf FW, Gamelli RL. Inhalation injury, pulmonary perturbations, and fluid resuscitation. J Burn "
               "Care Res. 2007;28(1):80-83."),
    unit="grade",
    aliases=("AIS inhalation injury", "bronchoscopic inhalation injury grade"),
    conventions=("The bronchoscopic finding is required; the grade is the worst finding seen.",
                 "Survival is given for the two groups of Endorf and Gamelli: grades 0-1 and grades 2-4."),
)
