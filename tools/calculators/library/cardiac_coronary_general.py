"""Cardiac, coronary and general-medicine scores of RiskAgent's library: early warning scores, acute
coronary syndrome risk, pneumonia, resuscitation and ECMO outcome, and others."""

from __future__ import annotations

import math

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, ChoiceInputs, Number, band_of, opts, point_score, yes_no


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
    Band(None, 12.5, "TRI <=12.5: first of five risk groups, low risk (about 0.8% 30-day mortality)"),
    Band(12.51, 17.5, "TRI >12.5-17.5: low risk group"),
    Band(17.51, 22.5, "TRI >17.5-22.5: intermediate risk group"),
    Band(22.51, 30, "TRI >22.5-30: intermediate/high risk group"),
    Band(30.01, None, "TRI >30: fifth of five risk groups, intermediate/high risk (about 17% 30-day mortality, over 10%)"),
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


# ---------------------------------------------------------------------------
# MDCalc 10471: Acute renal failure after cardiac surgery (Thakar score)
# ---------------------------------------------------------------------------

THAKAR = point_score(
    id="thakar_arf", name="Thakar Score for Acute Renal Failure after Cardiac Surgery", mdcalc_id=10471,
    category="risk",
    description=("Preoperative risk of acute renal failure needing dialysis after open-heart surgery, from sex, "
                 "heart failure, low ejection fraction, preoperative balloon pump, COPD, insulin-treated "
                 "diabetes, redo or emergency surgery, the type of operation and the preoperative creatinine "
                 "(0-17 points, four risk groups)."),
    items=(
        Choice("gender", "Gender", opts(("Male", 0), ("Female", 1))),
        yes_no("chf", "Congestive heart failure", default=None),
        yes_no("left", "Left ventricular ejection fraction <35%", default=None),
        yes_no("iabp", "Preoperative use of IABP", 2, default=None),
        yes_no("copd", "COPD", default=None),
        yes_no("insulin", "Insulin-requiring diabetes", default=None),
        yes_no("cardiac", "Previous cardiac surgery", default=None),
        yes_no("surgery", "Emergency surgery", 2, default=None),
        Choice("type", "Surgery type", opts(("None", 0), ("Valve only", 1), ("CABG and valve", 2), ("Other", 2))),
        Choice("cr", "Preoperative creatinine, mg/dL", opts(("<1.2", 0), ("1.2-2.0", 2), (">2.0", 5))),
    ),
    bands=(
        Band(0, 2, "Thakar 0-2: 0.4% risk of acute renal failure needing dialysis"),
        Band(3, 5, "Thakar 3-5: 1.8% risk of acute renal failure needing dialysis"),
        Band(6, 8, "Thakar 6-8: 7.8-9.5% risk of acute renal failure needing dialysis"),
        Band(9, 17, "Thakar 9-17: 21.3-21.5% risk of acute renal failure needing dialysis"),
    ),
    reference=("Thakar CV, Arrigain S, Worley S, Yared JP, Paganini EP. A clinical score to predict acute renal "
               "failure after cardiac surgery. J Am Soc Nephrol. 2005;16(1):162-168."),
    aliases=("Thakar score", "Cleveland Clinic ARF score"),
    conventions=("Surgery type 'None' is CABG alone (no valve or other procedure), 0 points; 'Other' is "
                 "other cardiac surgery, 2 points.",
                 "Creatinine bands follow MDCalc's labels (<1.2, 1.2-2.0, >2.0 mg/dL); the paper's are "
                 "1.2 to <2.1 and >=2.1 mg/dL.",
                 "The two risk figures of the upper groups are the derivation and validation cohorts'.",
                 "Every item is required: an undocumented one is refused."),
)


# ---------------------------------------------------------------------------
# MDCalc 10485: RibScore
# ---------------------------------------------------------------------------

RIBSCORE = point_score(
    id="ribscore", name="RibScore", mdcalc_id=10485, category="risk",
    description=("Radiographic score of a rib-fracture pattern on CT (number, bilaterality, flail segment, "
                 "displacement, first rib, all three anatomic areas) that predicts pneumonia, respiratory "
                 "failure and tracheostomy; 4 or more marks the higher-risk patient."),
    items=(
        yes_no("n_fractures", ">=6 fractures", default=None),
        yes_no("bilat", "Bilateral fractures", default=None),
        yes_no("flail", "Flail chest", default=None),
        yes_no("displaced", ">=3 severely (bicortical) displaced fractures", default=None),
        yes_no("first", "First rib fracture", default=None),
        yes_no("anatomic", ">=1 fracture in all three anatomic areas (anterior, lateral, and posterior)",
               default=None),
    ),
    bands=(
        Band(0, 3, "Low risk (RibScore below 4): lower risk of pneumonia, respiratory failure and tracheostomy"),
        Band(4, 6, "Greater risk (RibScore 4 or more): higher risk of pneumonia, respiratory failure and tracheostomy "
                   "(adverse pulmonary outcomes)"),
    ),
    reference=("Chapman BC, Herbert B, Rodil M, et al. RibScore: a novel radiographic score based on fracture "
               "pattern that predicts pneumonia, respiratory failure, and tracheostomy. J Trauma Acute Care "
               "Surg. 2016;80(1):95-101."),
    aliases=("RibScore", "rib score"),
    conventions=("Every radiographic feature must be stated: an unreported one is refused.",
                 "The paper's cut-off is 4; it defines no intermediate group."),
)


# ---------------------------------------------------------------------------
# MDCalc 4050: Drug Resistance in Pneumonia (DRIP) score
# ---------------------------------------------------------------------------

DRIP = point_score(
    id="drip_score", name="Drug Resistance in Pneumonia (DRIP) Score", mdcalc_id=4050, category="risk",
    description=("Risk that community-onset pneumonia is caused by a drug-resistant pathogen, from four major "
                 "(2-point) and six minor (1-point) risk factors; 4 or more suggests extended-spectrum "
                 "antibiotics are needed."),
    items=(
        yes_no("antibiotic", "Antibiotic use within 60 days", 2, default=None),
        yes_no("longterm", "Long term care resident", 2, default=None),
        yes_no("tube", "Tube feeding", 2, default=None),
        yes_no("pneumonia", "Prior drug-resistant pneumonia diagnosis within 1 year", 2, default=None),
        yes_no("hospitalization", "Hospitalization within 60 days", default=None),
        yes_no("pulmonary", "Chronic pulmonary disease", default=None),
        yes_no("status", "Poor functional status", default=None),
        yes_no("gastric", "H2 blocker or PPI within 14 days", default=None),
        yes_no("wound", "Active wound care at time of admission", default=None),
        yes_no("mrsa", "MRSA colonization within 1 year", default=None),
    ),
    bands=(
        Band(0, 3, "Low risk of drug-resistant pneumonia (DRIP <4): consider treating without "
                   "extended-spectrum antibiotics"),
        Band(4, 14, "High risk of drug-resistant pneumonia (DRIP >=4): extended-spectrum antibiotics likely "
                    "necessary"),
    ),
    reference=("Webb BJ, Dascomb K, Stenehjem E, et al. Derivation and multicenter validation of the drug "
               "resistance in pneumonia clinical prediction score. Antimicrob Agents Chemother. "
               "2016;60(5):2652-2663."),
    aliases=("DRIP", "DRIP score"),
    conventions=("Every risk factor must be stated: the score rules out resistant pathogens, so an "
                 "unreported factor is refused rather than assumed absent.",
                 "Long-term care includes long-term acute care, skilled nursing and inpatient rehabilitation; "
                 "tube feeding is nasogastric, nasojejunal or gastrostomy; poor functional status is "
                 "Karnofsky <70 or non-ambulatory."),
)


# ---------------------------------------------------------------------------
# MDCalc 10282: PRESET score (survival on ECMO for ARDS)
# ---------------------------------------------------------------------------

PRESET = point_score(
    id="preset_score", name="PRESET Score (PREdiction of Survival on ECMO Therapy)", mdcalc_id=10282,
    category="risk",
    description=("Mortality risk of an adult with ARDS at the start of veno-venous ECMO, from mean arterial "
                 "pressure, lactate, arterial pH, platelet count and hospital days before ECMO (0-15 points, "
                 "three risk classes)."),
    items=(
        Choice("one", "Mean arterial pressure, mmHg", opts(
            (">100", 0), ("91-100", 1), ("81-90", 2), ("71-80", 3), ("<=70", 4))),
        Choice("two", "Lactate concentration, mmol/L", opts(
            ("<=1.50", 0), ("1.51-3.00", 1), ("3.01-6.00", 2), ("6.01-10.00", 3), (">10.00", 4))),
        Choice("three", "pHa", opts((">7.300", 0), ("7.201-7.300", 1), ("7.101-7.200", 2), ("<=7.100", 3))),
        Choice("four", "Platelet concentration, x 1000 cells/ul", opts((">200", 0), ("101-200", 1), ("<=100", 2))),
        Choice("five", "Hospital days pre-ECMO", opts(("<=2", 0), ("3-7", 1), (">7", 2))),
    ),
    bands=(
        Band(0, 5, "Risk class I: 26% ICU mortality"),
        Band(6, 9, "Risk class II: 68% ICU mortality"),
        Band(10, 15, "Risk class III: 93% ICU mortality"),
    ),
    reference=("Hilder M, Herbstreit F, Adamzik M, et al. Comparison of mortality prediction models in acute "
               "respiratory distress syndrome undergoing extracorporeal membrane oxygenation and development of "
               "a novel prediction score: the PREdiction of Survival on ECMO Therapy-Score (PRESET-Score). Crit "
               "Care. 2017;21(1):301."),
    aliases=("PRESET", "PRESET score"),
    conventions=("Values are those just before ECMO is started; each is required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10470: VIRSTA score (infective endocarditis in S. aureus bacteremia)
# ---------------------------------------------------------------------------

VIRSTA = point_score(
    id="virsta_score", name="VIRSTA Score", mdcalc_id=10470, category="risk",
    description=("Risk of infective endocarditis in Staphylococcus aureus bacteraemia, to decide how urgently "
                 "echocardiography is needed: emboli, meningitis, intracardiac device or prior endocarditis, "
                 "valve disease, injection drug use, persistent bacteraemia, vertebral osteomyelitis, "
                 "community acquisition, sepsis and a high CRP; 3 or more is high risk."),
    items=(
        yes_no("emboli", "Cerebral or peripheral emboli", 5, default=None),
        yes_no("meningitis", "Meningitis", 5, default=None),
        yes_no("device", "Permanent intracardiac device or previous IE", 4, default=None),
        yes_no("pre", "Pre-existing native valve disease", 3, default=None),
        yes_no("iv", "Intravenous drug use", 4, default=None),
        yes_no("bact", "Persistent bacteremia", 3, default=None),
        yes_no("vert", "Vertebral osteomyelitis", 2, default=None),
        yes_no("hc", "Community or non-nosocomial health care associated acquisition", 2, default=None),
        yes_no("shock", "Severe sepsis or shock", 1, default=None),
        yes_no("c", "C-reactive protein >190 mg/L", 1, default=None),
    ),
    bands=(
        Band(0, 2, "Low risk of infective endocarditis (VIRSTA <=2): echocardiography may be deferred or "
                   "omitted"),
        Band(3, 30, "High risk of infective endocarditis (VIRSTA >=3): urgent echocardiography strongly "
                    "encouraged"),
    ),
    reference=("Tubiana S, Duval X, Alla F, et al. The VIRSTA score, a prediction score to estimate risk of "
               "infective endocarditis and determine priority for echocardiography in patients with "
               "Staphylococcus aureus bacteremia. J Infect. 2016;72(5):544-553."),
    aliases=("VIRSTA",),
    conventions=("Every item must be stated: the score is used to rule endocarditis out, so an unreported "
                 "finding is refused rather than assumed absent.",
                 "Persistent bacteraemia: positive blood cultures 48 hours or more after starting "
                 "appropriate antibiotics."),
)


# ---------------------------------------------------------------------------
# MDCalc 10020: ACTION ICU score (NSTEMI)
# ---------------------------------------------------------------------------

_ACTION_RISK = {1: "3.4%", 2: "4.9%", 3: "5.5%", 4: "6.9%", 5: "9.3%", 6: "12%", 7: "14.6%", 8: "17.4%",
                9: "20.8%", 10: "23.3%", 11: "27.7%", 12: "31%", 13: "31.5%", 14: "39.3%"}

ACTION_ICU = point_score(
    id="action_icu", name="ACTION ICU Score for NSTEMI", mdcalc_id=10020, category="risk",
    description=("Risk that an initially uncomplicated NSTEMI patient develops a complication needing "
                 "intensive care (cardiac arrest, shock, high-grade AV block, respiratory failure, stroke or "
                 "death), from age, creatinine, heart rate, systolic pressure, troponin ratio, heart failure, "
                 "ST depression, prior revascularisation and chronic lung disease."),
    items=(
        Choice("age", "Age, years", opts(("<70", 0), (">=70", 1))),
        Choice("cr", "Serum creatinine, mg/dL", opts(("<1.1", 0), (">=1.1", 1))),
        Choice("hr", "Heart rate, bpm", opts(("<85", 0), ("85-100", 1), (">=100", 3))),
        Choice("bp", "Systolic blood pressure, mmHg", opts((">=145", 0), ("125-145", 1), ("<125", 3))),
        Choice("troponin", "Ratio of initial troponin to upper limit of normal", opts(("<12", 0), (">=12", 2))),
        yes_no("hf", "Signs or symptoms of heart failure", 5, default=None),
        yes_no("stdep", "ST segment depression on EKG", 1, default=None),
        Choice("pci", "Prior revascularization", opts(("Yes", 0), ("No", 1))),
        yes_no("lung", "Chronic lung disease", 2, default=None),
    ),
    bands=(
        Band(0, 1, "3.4% risk of complications requiring ICU care"),
        *(Band(t, t, f"{risk} risk of complications requiring ICU care") for t, risk in _ACTION_RISK.items()
          if t > 1),
        Band(15, 19, ">39.3% risk of complications requiring ICU care"),
    ),
    reference=("Fanaroff AC, Chen AY, Thomas LE, et al. Risk score to predict need for intensive care in "
               "initially hemodynamically stable adults with non-ST-segment elevation myocardial infarction. "
               "J Am Heart Assoc. 2018;7(11):e008894."),
    aliases=("ACTION ICU", "ACTION ICU score"),
    conventions=("Risks are those of the derivation cohort (ACTION Registry-GWTG) per total; totals above 14 "
                 "are reported as above 39.3%.",
                 "Every item is required (no prior revascularisation scores 1)."),
)


# ---------------------------------------------------------------------------
# MDCalc 3901: Pediatric Early Warning Score (PEWS)
# ---------------------------------------------------------------------------

PEWS = point_score(
    id="pews", name="Pediatric Early Warning Score (PEWS)", mdcalc_id=3901, category="severity",
    description=("Early warning score for children on the ward: behaviour, cardiovascular and respiratory "
                 "status each score 0-3, plus a point each for quarter-hourly nebulisers and persistent "
                 "post-operative vomiting; the total sets the escalation (low, intermediate, high risk)."),
    items=(
        Choice("behavior", "Behavior", opts(
            ("Playing/appropriate", 0), ("Sleeping", 1), ("Irritable", 2),
            ("Lethargic/confused or reduced response to pain", 3))),
        Choice("cardiovascular", "Cardiovascular", opts(
            ("Pink OR capillary refill 1-2 seconds", 0), ("Pale OR capillary refill 3 seconds", 1),
            ("Gray OR capillary refill 4 seconds OR tachycardia of 20 bpm above normal", 2),
            ("Gray and mottled OR capillary refill >=5 seconds OR tachycardia of 30 bpm above normal OR "
             "bradycardia", 3))),
        Choice("respiratory", "Respiratory", opts(
            ("Within normal parameters, no retractions", 0),
            (">10 above normal parameters using accessory muscles OR 30+ %FiO2 or 4+ L/min", 1),
            (">20 above normal parameters and retractions OR 40+ %FiO2 or 6+ L/min", 2),
            ("Five below normal parameters with retractions and grunting OR 50% FiO2 or 8+ L/min", 3))),
        yes_no("neb", "Quarter hourly nebulizers (every 15 minutes)", default="No"),
        yes_no("vom", "Persistent vomiting following surgery", default="No"),
    ),
    bands=(
        Band(0, 2, "Low risk for deterioration (PEWS <=2): reassess as needed"),
        Band(3, 4, "Intermediate risk for deterioration (PEWS 3-4): alert the charge nurse and physician"),
        Band(5, 11, "High risk for deterioration (PEWS >=5): call the rapid response team"),
    ),
    reference=("Monaghan A. Detecting and managing deterioration in children. Paediatr Nurs. "
               "2005;17(1):32-35."),
    aliases=("PEWS", "Brighton PEWS", "paediatric early warning score"),
    conventions=("Behaviour, cardiovascular and respiratory status are required; quarter-hourly nebulisers "
                 "and post-operative vomiting are treatments/events that are charted when present, so "
                 "undocumented ones are taken as absent (reported as assumed).",
                 "Normal ranges of heart and respiratory rate are by age (MDCalc uses the University of "
                 "Maryland table)."),
)


# ---------------------------------------------------------------------------
# MDCalc 10033: GO-FAR score (in-hospital cardiac arrest)
# ---------------------------------------------------------------------------

GO_FAR = point_score(
    id="go_far", name="GO-FAR Score", mdcalc_id=10033, category="risk",
    description=("Before an in-hospital cardiac arrest, estimates the chance of surviving to discharge "
                 "neurologically intact (CPC 1) if resuscitated, from age, neurological status on admission "
                 "and thirteen admission diagnoses and conditions; used to inform code-status discussions."),
    items=(
        Choice("age", "Age, years", opts(("<70", 0), ("70-74", 2), ("75-79", 5), ("80-84", 6), (">=85", 11))),
        yes_no("admitneuro", "Neurologically intact or with minimal deficits at admission", -15, default=None),
        yes_no("trauma", "Major trauma", 10, default=None),
        yes_no("stroke", "Acute stroke", 8, default=None),
        yes_no("cancer", "Metastatic or hematologic cancer", 7, default=None),
        yes_no("septicemia", "Septicemia", 7, default=None),
        yes_no("noncardiacdx", "Medical noncardiac diagnosis on admission", 7, default=None),
        yes_no("hepinsuffiiency", "Hepatic insufficiency", 6, default=None),
        yes_no("admitfromsnf", "Admit from skilled nursing facility", 6, default=None),
        yes_no("hypotension", "Hypotension or hypoperfusion within 4 hrs prior to arrest", 5, default=None),
        yes_no("dialysis", "Renal insufficiency or dialysis", 4, default=None),
        yes_no("respinsuff", "Respiratory insufficiency", 4, default=None),
        yes_no("pneuomnia", "Pneumonia", 1, default=None),
    ),
    bands=(
        Band(-15, -6, "Above average survival: >15% chance of survival to discharge with good neurologic "
                      "outcome"),
        Band(-5, 13, "Average survival: 3-15% chance of survival to discharge with good neurologic outcome"),
        Band(14, 23, "Low survival: 1-3% chance of survival to discharge with good neurologic outcome"),
        Band(24, 76, "Very low survival: <1% chance of survival to discharge with good neurologic outcome"),
    ),
    reference=("Ebell MH, Jang W, Shen Y, Geocadin RG; Get With the Guidelines-Resuscitation Investigators. "
               "Development and validation of the Good Outcome Following Attempted Resuscitation (GO-FAR) "
               "score to predict neurologically intact survival after in-hospital cardiopulmonary "
               "resuscitation. JAMA Intern Med. 2013;173(20):1872-1878."),
    aliases=("GO-FAR", "GOFAR"),
    conventions=("Good outcome is cerebral performance category 1 at discharge.",
                 "Every item is required; the input names keep MDCalc's spellings ('hepinsuffiiency', "
                 "'pneuomnia')."),
)


# ---------------------------------------------------------------------------
# MDCalc 10143: RESP score (survival after ECMO for respiratory failure)
# ---------------------------------------------------------------------------

RESP = point_score(
    id="resp_score", name="RESP Score (Respiratory ECMO Survival Prediction)", mdcalc_id=10143,
    category="risk",
    description=("In-hospital survival of an adult put on ECMO for severe acute respiratory failure, from "
                 "age, immunocompromise, days of ventilation, the diagnosis and pre-ECMO factors (CNS "
                 "dysfunction, non-pulmonary infection, paralysis, nitric oxide, bicarbonate, cardiac "
                 "arrest, hypercapnia, high airway pressure); five risk classes."),
    items=(
        Choice("age", "Age, years", opts(("18-49", 0), ("50-59", -2), (">=60", -3))),
        yes_no("status", "Immunocompromised status at time of ECMO", -2, default=None),
        Choice("venti", "Mechanically ventilated before ECMO initiated", opts(
            (">7 days", 0), ("48 hours to 7 days", 1), ("<48 hours", 3))),
        Choice("diag", "Diagnosis", opts(
            ("Viral pneumonia", 3), ("Bacterial pneumonia", 3), ("Asthma", 11), ("Trauma or burn", 3),
            ("Aspiration pneumonitis", 5), ("Other acute respiratory diagnosis", 1),
            ("Nonrespiratory or chronic respiratory diagnosis", 0))),
        yes_no("cns", "History of central nervous system dysfunction", -7, default=None),
        yes_no("acute", "Acute associated nonpulmonary infection", -3, default=None),
        yes_no("ecmo", "Neuromuscular blockade before ECMO", 1, default=None),
        yes_no("nitric", "Nitric oxide before ECMO", -1, default=None),
        yes_no("bicarb", "Bicarbonate infusion before ECMO", -2, default=None),
        yes_no("cardiac", "Cardiac arrest before ECMO", -2, default=None),
        yes_no("pa", "PaCO₂ >=75 mmHg (>=10 kPa)", -1, default=None),
        yes_no("peak", "Peak inspiratory pressure >=42 cm H₂O (>=4.1 kPa)", -1, default=None),
    ),
    bands=(
        Band(None, -6, "Risk class V: 18% in-hospital survival"),
        Band(-5, -2, "Risk class IV: 33% in-hospital survival"),
        Band(-1, 2, "Risk class III: 57% in-hospital survival"),
        Band(3, 5, "Risk class II: 76% in-hospital survival"),
        Band(6, None, "Risk class I: 92% in-hospital survival"),
    ),
    reference=("Schmidt M, Bailey M, Sheldrake J, et al. Predicting survival after extracorporeal membrane "
               "oxygenation for severe acute respiratory failure. The Respiratory Extracorporeal Membrane "
               "Oxygenation Survival Prediction (RESP) score. Am J Respir Crit Care Med. "
               "2014;189(11):1374-1382."),
    aliases=("RESP", "RESP score"),
    conventions=("Every item is required; values are those before ECMO is started.",
                 "Immunocompromise: haematological or solid malignancy, solid organ transplant, HIV or "
                 "cirrhosis."),
)


# ---------------------------------------------------------------------------
# MDCalc 10464: Adverse Childhood Experiences (ACE) score
# ---------------------------------------------------------------------------

_ACE_QUESTIONS = (
    ("q1", "Did a parent or other adult in the household often or very often... Swear at you, insult you, put you "
           "down, or humiliate you? or Act in a way that made you afraid that you might be physically hurt?"),
    ("q2", "Did a parent or other adult in the household often or very often... Push, grab, slap, or throw "
           "something at you? or Ever hit you so hard that you had marks or were injured?"),
    ("q3", "Did an adult or person at least five years older than you ever... Touch or fondle you or have you "
           "touch their body in a sexual way? or Attempt or actually have oral, anal, or vaginal intercourse "
           "with you?"),
    ("q4", "Did you often or very often feel that... No one in your family loved you or thought you were "
           "important or special? or Your family didn’t look out for each other, feel close to each other, or "
           "support each other?"),
    ("q5", "Did you often or very often feel that... You didn’t have enough to eat, had to wear dirty clothes, "
           "and had no one to protect you? or Your parents were too drunk or high to take care of you or take "
           "you to the doctor if you needed it?"),
    ("q6", "Were your parents ever separated or divorced?"),
    ("q7", "Was your mother or stepmother: Often or very often pushed, grabbed, slapped, or had something thrown "
           "at her? or Sometimes, often, or very often kicked, bitten, hit with a fist, or hit with something "
           "hard? or Ever repeatedly hit at least a few minutes orthreatened with a gun or knife?"),
    ("q8", "Did you live with anyone who was a problem drinker or alcoholic or who used street drugs?"),
    ("q9", "Was a household member depressed or mentally ill, or did a household member attempt suicide?"),
    ("q10", "Did a household member go to prison?"),
)

ACE = point_score(
    id="ace_score", name="Adverse Childhood Experiences (ACE) Score", mdcalc_id=10464, category="risk",
    description=("Counts ten categories of abuse, neglect and household dysfunction experienced before age "
                 "18 (0-10); the more categories, the higher the adult risk of poor physical, mental and "
                 "social health, with 4 or more marking a strongly raised risk."),
    items=tuple(yes_no(name, question, default=None) for name, question in _ACE_QUESTIONS),
    bands=(
        Band(0, 0, "ACE score 0: no adverse childhood experiences reported (lowest risk)"),
        Band(1, 3, "ACE score 1-3: higher risk of health, social and emotional problems, rising with each "
                   "additional ACE"),
        Band(4, 10, "ACE score 4 or more: high risk, a markedly higher risk of health, social and "
                    "emotional problems; about 4- to 12-fold for alcoholism, drug use, depression and suicide "
                    "attempt"),
    ),
    reference=("Felitti VJ, Anda RF, Nordenberg D, et al. Relationship of childhood abuse and household "
               "dysfunction to many of the leading causes of death in adults. The Adverse Childhood "
               "Experiences (ACE) Study. Am J Prev Med. 1998;14(4):245-258."),
    aliases=("ACE", "ACE score", "ACE questionnaire"),
    conventions=("Each question is answered by the person (self-report): an unanswered one is refused.",
                 "The score has no published cut-off for individual care; the >=4 group is the original "
                 "study's highest-exposure group."),
)


# ---------------------------------------------------------------------------
# MDCalc 4022: Marburg Heart Score
# ---------------------------------------------------------------------------

MARBURG = point_score(
    id="marburg_heart_score", name="Marburg Heart Score (MHS)", mdcalc_id=4022, category="diagnosis",
    description=("Rules out coronary artery disease as the cause of chest pain in primary care, from five "
                 "findings (age/sex, known vascular disease, exertional pain, pain not reproducible by "
                 "palpation, patient's belief the pain is cardiac); 0-2 low, 3-5 raised probability."),
    items=(
        yes_no("age", "Female >=65 years or male >=55 years", default=None),
        yes_no("knowndisease", "Known CAD, cerebrovascular disease, or peripheral vascular disease", default=None),
        yes_no("exercisepain", "Pain worse with exercise", default=None),
        Choice("reproduciblepain", "Pain reproducible with palpation", opts(("No", 1), ("Yes", 0))),
        yes_no("cardiacpain", "Patient assumes pain is cardiac", default=None),
    ),
    bands=(
        Band(0, 2, "Low risk: 3% risk of coronary artery disease; non-urgent (outpatient) evaluation as needed"),
        Band(3, 5, "Higher risk: 23% risk of coronary artery disease; consider urgent evaluation or inpatient "
                   "admission"),
    ),
    reference=("Bösner S, Haasenritter J, Becker A, et al. Ruling out coronary artery disease in primary care: "
               "development and validation of a simple prediction rule. CMAJ. 2010;182(12):1295-1300."),
    aliases=("MHS", "Marburg heart score", "Marburg score"),
    conventions=("Pain reproducible by palpation scores 0; pain NOT reproducible scores 1.",
                 "Every item is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 99: TIMI risk score for STEMI
# ---------------------------------------------------------------------------

_TIMI_STEMI_MORTALITY = {0: "0.8%", 1: "1.6%", 2: "2.2%", 3: "4.4%", 4: "7.3%", 5: "12.4%", 6: "16.1%",
                         7: "23.4%", 8: "26.8%"}

TIMI_STEMI = point_score(
    id="timi_stemi", name="TIMI Risk Score for STEMI", mdcalc_id=99, category="risk",
    description=("30-day mortality of ST-elevation myocardial infarction (fibrinolysis-eligible patients) "
                 "from age, history, presenting haemodynamics, weight, infarct location and time to "
                 "treatment (0-14 points)."),
    items=(
        Choice("age", "Age", opts(("< 65 years", 0), ("65-74", 2), (">= 75", 3))),
        yes_no("dm_hypertension_angina", "Diabetes, Hypertension or Angina", default=None),
        yes_no("systolic_blood_pressure_100", "Systolic BP < 100 mmHg", 3, default=None),
        yes_no("heart_rate_100", "Heart rate > 100", 2, default=None),
        yes_no("killip_class", "Killip Class II-IV", 2, default=None),
        yes_no("weight_67kg", "Weight < 67kg (147.7 lbs)", 1, default=None),
        yes_no("anterior_st_elevation_lbbb", "Anterior ST Elevation or LBBB", 1, default=None),
        yes_no("treatment_time_4hrs", "Time to treatment > 4 hours", 1, default=None),
    ),
    bands=(
        *(Band(t, t, f"{risk} 30-day mortality") for t, risk in _TIMI_STEMI_MORTALITY.items()),
        Band(9, 14, "35.9% 30-day mortality (score >8)"),
    ),
    reference=("Morrow DA, Antman EM, Charlesworth A, et al. TIMI risk score for ST-elevation myocardial "
               "infarction: a convenient, bedside, clinical score for risk assessment at presentation: an "
               "intravenous nPA for treatment of infarcting myocardium early II trial substudy. Circulation. "
               "2000;102(17):2031-2037."),
    aliases=("TIMI STEMI", "TIMI score for STEMI"),
    conventions=("Every item is required; mortality is the derivation cohort's 30-day all-cause mortality.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3942: Troponin-only Manchester ACS (T-MACS) decision aid
# ---------------------------------------------------------------------------

_TMACS_COEF = (("ecg", 1.713), ("ang", 0.847), ("pnrad", 0.607), ("vomit", 1.417), ("sweat", 2.058),
               ("hypo", 1.208))
_TMACS_BANDS = (
    Band(None, 1.99, "Very low risk (<2%): ACS ruled out; consider discharge"),
    Band(2, 4.99, "Low risk (2 to <5%): serial troponin (e.g. at 3 h) in the ED; discharge if normal"),
    Band(5, 94.99, "Moderate risk (5 to <95%): serial troponin on a ward, then consider stress testing or CT "
                   "coronary angiography"),
    Band(95, None, "High risk (>=95%): ACS ruled in; refer to cardiology and treat as ACS"),
)
_TMACS_REF = ("Body R, Carlton E, Sperrin M, et al. Troponin-only Manchester Acute Coronary Syndromes (T-MACS) "
              "decision aid: single biomarker re-stratification of patients with suspected acute coronary "
              "syndromes in the emergency department, an international external validation study. Emerg Med "
              "J. 2017;34(6):349-356.")


def _tmacs(x: ChoiceInputs) -> CalculatorResult:
    terms = [(name, coef, int(getattr(x, name) == "Yes")) for name, coef in _TMACS_COEF]
    lin = sum(c * v for _, c, v in terms) + 0.089 * x.tnt - 4.766
    p = 100 / (1 + math.exp(-lin))
    band = _TMACS_BANDS[0 if p < 2 else 1 if p < 5 else 2 if p < 95 else 3]
    value = round(p, 1)
    lines = [" + ".join(f"{c:g} x {v} ({n})" for n, c, v in terms) + f" + 0.089 x {x.tnt:g} (hs-cTnT ng/L) - 4.766 "
             f"= {lin:.3f}", f"p = 1 / (1 + e^-x) = {p:.2f}%"]
    return CalculatorResult(
        calculator="t_macs", name="T-MACS Decision Aid", value=value, unit="%", interpretation=band.text,
        explanation=[*lines, f"= {value:g}%; {band.text}"], reference=_TMACS_REF,
        components={n: v for n, _, v in terms})


T_MACS = point_score(
    id="t_macs", name="Troponin-only Manchester Acute Coronary Syndromes (T-MACS) Decision Aid",
    mdcalc_id=3942, category="diagnosis",
    description=("Probability of acute coronary syndrome in an emergency patient with suspected cardiac chest "
                 "pain, from one high-sensitivity troponin T on arrival and six clinical findings (ischaemic "
                 "ECG, crescendo angina, right arm/shoulder radiation, vomiting, observed sweating, "
                 "hypotension); sorts patients into very low (rule-out) to high (rule-in) risk."),
    items=(
        *(yes_no(name, question, default=None) for name, question in (
            ("ecg", "EKG ischemia"), ("ang", "Worsening or crescendo angina"),
            ("pnrad", "Pain radiating to right arm or shoulder"), ("vomit", "Pain associated with vomiting"),
            ("sweat", "Sweating observed"), ("hypo", "Hypotension"))),
        Number("tnt", "hs-cTnT concentration on arrival", "ng/L", ge=0, le=100000, accepted_units=("pg/mL",)),
    ),
    bands=_TMACS_BANDS, reference=_TMACS_REF, unit="%", compute=_tmacs,
    aliases=("T-MACS", "TMACS"),
    conventions=("Logistic model: 1.713 ECG ischaemia + 0.847 crescendo angina + 0.607 right arm/shoulder "
                 "radiation + 1.417 vomiting + 2.058 sweating + 1.208 hypotension (SBP <100 mmHg) + 0.089 x "
                 "hs-cTnT (ng/L) - 4.766.",
                 "Risk cut-offs <2%, <5%, <95% and >=95% are applied to the unrounded probability.",
                 "Developed for the Roche Elecsys hs-cTnT assay; every finding is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 10430: Modified Rankin Scale, 9-question interview (mRS-9Q)
# ---------------------------------------------------------------------------

_MRS9Q_QUESTIONS = (
    ("q1", "Q1: Do you have any symptoms that are bothering you?"),
    ("q2", "Q2: Are you able to do the same work as before?"),
    ("q3", "Q3: Are you able to keep up with your hobbies?"),
    ("q4", "Q4: Have you maintained your ties to friends and family?"),
    ("q5", "Q5: Do you need help making a simple meal, doing household chores, or balancing a checkbook?"),
    ("q6", "Q6: Do you need help with shopping or traveling close to home?"),
    ("q7", "Q7: Do you need another person to help you walk?"),
    ("q8", "Q8: Do you need help with eating, going to the toilet, or bathing?"),
    ("q9", "Q9: Do you stay in bed most of the day and need constant nursing care?"),
)
_MRS_GRADES = (
    Band(0, 0, "mRS 0: no symptoms"),
    Band(1, 1, "mRS 1: no significant disability despite symptoms"),
    Band(2, 2, "mRS 2: slight disability"),
    Band(3, 3, "mRS 3: moderate disability"),
    Band(4, 4, "mRS 4: moderately severe disability"),
    Band(5, None, "mRS 5: severe disability"),
)
_MRS9Q_REF = ("Patel N, Rao VA, Heilman-Espinoza ER, Lai R, Quesada RA, Flint AC. Simple and reliable "
              "determination of the modified Rankin Scale score in neurosurgical and neurological patients: "
              "the mRS-9Q. Neurosurgery. 2012;71(5):971-975.")


def _mrs9q(x: ChoiceInputs) -> CalculatorResult:
    yes = {name: getattr(x, name) == "Yes" for name, _ in _MRS9Q_QUESTIONS}
    if yes["q9"]:
        grade, why = 5, "Q9 yes (bed-bound, constant nursing care)"
    elif yes["q7"] or yes["q8"]:
        grade, why = 4, "Q7 or Q8 yes (needs help to walk or with bodily needs)"
    elif yes["q5"] or yes["q6"]:
        grade, why = 3, "Q5 or Q6 yes (needs some help with instrumental activities)"
    elif not (yes["q2"] and yes["q3"] and yes["q4"]):
        grade, why = 2, "Q2, Q3 or Q4 no (cannot keep up all previous activities)"
    elif yes["q1"]:
        grade, why = 1, "Q1 yes (bothersome symptoms, all usual activities kept)"
    else:
        grade, why = 0, "no symptoms and no limitation"
    conflicts = []
    if grade >= 2 and not yes["q1"]:
        conflicts.append("no bothersome symptoms (Q1) yet limitations reported")
    if grade >= 3 and any(yes[q] for q in ("q2", "q3", "q4")):
        conflicts.append("needs help (Q5-Q9) yet keeps work, hobbies or social ties (Q2-Q4)")
    band = band_of(_MRS_GRADES, grade)
    text = band.text + (f"; potential conflicts in the answers: {'; '.join(conflicts)}" if conflicts else "")
    lines = [f"{q}: {'Yes' if yes[n] else 'No'}" for n, q in _MRS9Q_QUESTIONS]
    lines.append(f"Highest level reached: {why} -> mRS {grade}")
    return CalculatorResult(
        calculator="mrs_9q", name="Modified Rankin Scale (mRS-9Q)", value=grade, unit="", interpretation=text,
        explanation=[*lines, f"= mRS {grade}; {text}"], reference=_MRS9Q_REF)


MRS_9Q = point_score(
    id="mrs_9q", name="Modified Rankin Scale, 9-Question Interview (mRS-9Q)", mdcalc_id=10430,
    category="severity",
    description=("Assigns the modified Rankin Scale grade (0 no symptoms to 5 severe disability) after a "
                 "neurological illness such as stroke, from nine structured yes/no interview questions; the "
                 "grade is the highest level at which the patient answers in the disabled direction."),
    items=tuple(yes_no(name, question, default=None) for name, question in _MRS9Q_QUESTIONS),
    bands=_MRS_GRADES, reference=_MRS9Q_REF, unit="", compute=_mrs9q,
    aliases=("mRS-9Q", "modified Rankin scale questionnaire", "mRS"),
    conventions=("Questions 2-4 count when answered 'No' (unable to keep work, hobbies or ties); the others "
                 "when answered 'Yes'. mRS 6 (death) is not assessed by the interview.",
                 "Answers that contradict the grade (e.g. needing help yet keeping all activities) are "
                 "reported as potential conflicts to re-check; the grade is still the highest level reached."),
)


# ---------------------------------------------------------------------------
# MDCalc 111: TIMI risk score for UA/NSTEMI
# ---------------------------------------------------------------------------

_TIMI_UA_ITEMS = (
    ("age_65", "Age >=65"),
    ("cad_risk_factors", ">=3 CAD risk factors"),
    ("known_cad", "Known CAD (stenosis >=50%)"),
    ("asa_use", "ASA use in past 7 days"),
    ("angina", "Severe angina (>=2 episodes in 24 hrs)"),
    ("ekg_changes", "EKG ST changes >=0.5mm"),
    ("cardiac_marker", "Positive cardiac marker"),
)
_TIMI_UA_RISK = ((0, 1, "4.7% (about 5%)"), (2, 2, "8.3% (about 8%)"), (3, 3, "13.2% (about 13%)"),
                 (4, 4, "19.9% (about 20%)"), (5, 5, "26.2% (about 26%)"), (6, 7, "40.9% (about 41%)"))

TIMI_UA_NSTEMI = point_score(
    id="timi_ua_nstemi", name="TIMI Risk Score for UA/NSTEMI", mdcalc_id=111, category="risk",
    description=("Early risk in unstable angina or non-ST-elevation MI: one point for each of seven "
                 "findings (age, risk factors, known coronary stenosis, recent aspirin, severe angina, ST "
                 "deviation, positive marker); the total gives the 14-day risk of death, new or recurrent MI "
                 "or urgent revascularisation."),
    items=tuple(yes_no(name, question, default=None) for name, question in _TIMI_UA_ITEMS),
    bands=tuple(Band(lo, hi, f"{risk} 14-day risk of all-cause death, new or recurrent MI, or severe recurrent "
                             f"ischemia requiring urgent revascularization (score {lo if lo == hi else f'{lo}-{hi}'})")
                for lo, hi, risk in _TIMI_UA_RISK),
    reference=("Antman EM, Cohen M, Bernink PJ, et al. The TIMI risk score for unstable angina/non-ST elevation "
               "MI: a method for prognostication and therapeutic decision making. JAMA. 2000;284(7):835-842."),
    aliases=("TIMI", "TIMI UA/NSTEMI", "TIMI score for NSTEMI"),
    conventions=("CAD risk factors: family history of CAD, hypertension, hypercholesterolaemia, diabetes, "
                 "current smoking.",
                 "Risks are the derivation cohort's (TIMI 11B); MDCalc rounds them to 5, 8, 13, 20, 26 and 41%.",
                 "Every item is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 1857: ADAPT protocol (2-hour accelerated diagnostic protocol for chest pain)
# ---------------------------------------------------------------------------

_ADAPT_TIMI = ("age_65", "cad_risk_factors", "known_cad", "aspirin_use", "angina")
_ADAPT_BANDS = (
    Band(0, 0, "Low risk (normal troponin, normal EKG, TIMI 0): 0-0.3% 30-day risk of major adverse cardiac "
               "event; suitable for early discharge and outpatient follow-up"),
    Band(1, 5, "Intermediate risk (normal troponin and EKG, TIMI >=1): about 0.8% 30-day MACE at TIMI 1; "
               "further evaluation before discharge"),
    Band(6, 7, "High risk (abnormal troponin or ischemic EKG): not suitable for the accelerated pathway; "
               "admit for cardiac evaluation"),
)
_ADAPT_REF = ("Than M, Cullen L, Aldous S, et al. 2-Hour accelerated diagnostic protocol to assess patients "
              "with chest pain symptoms using contemporary troponins as the only biomarker: the ADAPT trial. "
              "J Am Coll Cardiol. 2012;59(23):2091-2098.")


def _adapt(x: ChoiceInputs) -> CalculatorResult:
    yes = {name: getattr(x, name) == "Yes" for name in ("abnormal_troponin", "abnormal_ekg", *_ADAPT_TIMI)}
    timi = sum(yes[n] for n in _ADAPT_TIMI)
    high = yes["abnormal_troponin"] or yes["abnormal_ekg"]
    band = _ADAPT_BANDS[2] if high else _ADAPT_BANDS[0 if timi == 0 else 1]
    lines = [f"Abnormal troponin at 0 or 2 h: {'yes' if yes['abnormal_troponin'] else 'no'}; ischemic EKG: "
             f"{'yes' if yes['abnormal_ekg'] else 'no'}",
             f"TIMI (UA/NSTEMI) points from history: {timi} ("
             + ", ".join(n for n in _ADAPT_TIMI if yes[n]) + ")" if timi else
             "TIMI (UA/NSTEMI) points from history: 0"]
    group = "high" if high else "low" if timi == 0 else "intermediate"
    return CalculatorResult(
        calculator="adapt_protocol", name="ADAPT Protocol", value=group, unit="", interpretation=band.text,
        explanation=[*lines, f"= {group} risk; {band.text}"], reference=_ADAPT_REF,
        components={"timi": timi, "abnormal_troponin": int(yes["abnormal_troponin"]),
                    "abnormal_ekg": int(yes["abnormal_ekg"])})


ADAPT = point_score(
    id="adapt_protocol", name="ADAPT Protocol for Cardiac Event Risk", mdcalc_id=1857, category="risk",
    description=("Two-hour accelerated diagnostic protocol for emergency chest pain: troponin at 0 and 2 "
                 "hours, the EKG and the TIMI (UA/NSTEMI) history items sort the patient into low risk "
                 "(early discharge), intermediate or high risk of a major adverse cardiac event within 30 "
                 "days."),
    items=(
        yes_no("abnormal_troponin", "Abnormal troponin at 0 or 2 hours", default=None),
        yes_no("abnormal_ekg", "Ischemic changes on EKG", default=None),
        yes_no("age_65", "Age >=65 years", default=None),
        yes_no("cad_risk_factors", ">=3 CAD risk factors", default=None),
        yes_no("known_cad", "Known CAD (stenosis >=50%)", default=None),
        yes_no("aspirin_use", "Aspirin use in past 7 days", default=None),
        yes_no("angina", "Severe angina (>=2 episodes in 24 hrs or persisting discomfort)", default=None),
    ),
    bands=_ADAPT_BANDS, reference=_ADAPT_REF, unit="", compute=_adapt,
    aliases=("ADAPT", "ADAPT protocol", "2-hour ADP"),
    conventions=("Any abnormal troponin or ischemic EKG makes the patient high risk whatever the TIMI score; "
                 "otherwise TIMI 0 is low and TIMI >=1 intermediate risk (TIMI 1: 0.8% 30-day MACE, Cullen L "
                 "et al., J Am Coll Cardiol 2013;62:1242-1249; no published figure above TIMI 1).",
                 "The result's value is the risk group; every item is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 10016: Dual Antiplatelet Therapy (DAPT) score
# ---------------------------------------------------------------------------

DAPT = point_score(
    id="dapt_score", name="Dual Antiplatelet Therapy (DAPT) Score", mdcalc_id=10016, category="risk",
    description=("For a patient who has completed 12 months of dual antiplatelet therapy after coronary "
                 "stenting without major events, weighs ischaemic against bleeding risk to decide whether "
                 "to continue it: older age subtracts, smoking, diabetes, infarct presentation, prior "
                 "PCI/MI, stent features, heart failure and vein-graft stenting add; 2 or more favours "
                 "prolonged therapy."),
    items=(
        Choice("age", "Age, years", opts((">=75", -2), ("65-74", -1), ("<65", 0))),
        yes_no("smoking", "Cigarette smoking", default=None),
        yes_no("dm", "Diabetes mellitus", default=None),
        yes_no("mi", "MI at presentation", default=None),
        yes_no("priorpci", "Prior PCI or prior MI", default=None),
        yes_no("stent", "Paclitaxel-eluting stent", default=None),
        yes_no("stentdiameter", "Stent diameter <3 mm", default=None),
        yes_no("chf", "CHF or LVEF <30%", 2, default=None),
        yes_no("veinstent", "Vein graft stent", 2, default=None),
    ),
    bands=(
        Band(-2, 1, "Low risk (DAPT score <2): ischemic benefit does not outweigh bleeding risk; prolonged "
                    "DAPT not recommended"),
        Band(2, 10, "High risk (DAPT score >=2): ischemic benefit outweighs bleeding risk; prolonged DAPT "
                    "recommended"),
    ),
    reference=("Yeh RW, Secemsky EA, Kereiakes DJ, et al. Development and validation of a prediction rule for "
               "benefit and harm of dual antiplatelet therapy beyond 1 year after percutaneous coronary "
               "intervention. JAMA. 2016;315(16):1735-1749."),
    aliases=("DAPT score", "DAPT"),
    conventions=("Smoking means within the year before the index procedure.",
                 "Recommendation per the 2016 ACC/AHA focused update on DAPT duration (Levine GN et al.).",
                 "Every item is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 10486: SCARF score (rib fractures in the ICU)
# ---------------------------------------------------------------------------

SCARF = point_score(
    id="scarf_score", name="SCARF Score (Sequential Clinical Assessment of Respiratory Function)",
    mdcalc_id=10486, category="risk",
    description=("Bedside respiratory-function score for critically ill patients with rib fractures, repeated "
                 "over the stay: poor incentive spirometry, tachypnoea, pain of 5 or more and an ineffective "
                 "cough each add a point; the total predicts pneumonia, intubation and other adverse "
                 "pulmonary outcomes."),
    items=(
        yes_no("is", "Incentive spirometry <50% of predicted", default=None),
        yes_no("rr", "Respiratory rate >20 breaths/min", default=None),
        yes_no("nps", "Numeric pain score >=5", default=None),
        yes_no("cough", "Cough inadequate to clear respiratory secretions", default=None),
    ),
    bands=(
        Band(0, 0, "Low risk of an adverse pulmonary outcome (SCARF 0)"),
        Band(1, 2, "Intermediate risk of an adverse pulmonary outcome (SCARF 1-2)"),
        Band(3, 4, "High risk of an adverse pulmonary outcome (SCARF 3-4)"),
    ),
    reference=("Hardin KS, Leasia KN, Haenel J, Moore EE, Burlew CC, Pieracci FM. The Sequential Clinical "
               "Assessment of Respiratory Function (SCARF) score: a dynamic pulmonary physiologic score that "
               "predicts adverse outcomes in critically ill rib fracture patients. J Trauma Acute Care Surg. "
               "2019;87(6):1260-1268."),
    aliases=("SCARF", "SCARF score"),
    conventions=("Every item is required; the score is meant to be repeated (e.g. daily).",),
)


# ---------------------------------------------------------------------------
# MDCalc 1096: SIRS, sepsis and septic shock criteria (1992 ACCP/SCCM consensus)
# ---------------------------------------------------------------------------

_SEPSIS_REF = ("Bone RC, Balk RA, Cerra FB, et al. Definitions for sepsis and organ failure and guidelines for the "
               "use of innovative therapies in sepsis. The ACCP/SCCM Consensus Conference Committee. Chest. "
               "1992;101(6):1644-1655.")
_SEPSIS_BANDS = (
    Band(0, 1, "SIRS criteria not met (fewer than 2 of 4)"),
    Band(2, None, "SIRS criteria met (2 or more of 4); the sepsis stage depends on infection and organ findings"),
)
_SIRS_ITEMS = ("temperature", "heart_rate", "respiratory_rate", "white_blood_cell_count")


def _sepsis(x: ChoiceInputs) -> CalculatorResult:
    yes = {name: getattr(x, name) == "Yes" for name in (*_SIRS_ITEMS, "infection", "lactic_acidosis",
                                                          "severe_sepsis", "organ_failure")}
    sirs = sum(yes[n] for n in _SIRS_ITEMS)
    met: list[str] = []
    if sirs >= 2:
        if yes["organ_failure"]:
            met.append("Multiple organ dysfunction syndrome (MODS, multi-organ dysfunction): SIRS with 2 or more failing organs")
        if yes["infection"]:
            if yes["severe_sepsis"]:
                met.append("Septic shock: sepsis with hypotension despite adequate fluid resuscitation")
            if yes["lactic_acidosis"]:
                met.append("Severe sepsis: sepsis with hypoperfusion (lactic acidosis or SBP <90 mmHg)")
            met.append("Sepsis: SIRS with a suspected or confirmed infection")
        met.append("SIRS: 2 or more of 4 criteria")
        if not yes["infection"] and (yes["lactic_acidosis"] or yes["severe_sepsis"]):
            met.append("no source of infection given, so no sepsis stage is met")
    text = met[0] + (f" (also: {'; '.join(met[1:])})" if len(met) > 1 else "") if met else _SEPSIS_BANDS[0].text
    lines = [f"SIRS criteria met: {sirs} of 4 (" + ", ".join(n for n in _SIRS_ITEMS if yes[n]) + ")",
             *(f"{n.replace('_', ' ')}: {'yes' if yes[n] else 'no'}" for n in
               ("infection", "lactic_acidosis", "severe_sepsis", "organ_failure"))]
    return CalculatorResult(
        calculator="sirs_sepsis_shock", name="SIRS, Sepsis, and Septic Shock Criteria", value=sirs,
        unit="SIRS criteria", interpretation=text, explanation=[*lines, f"= {text}"], reference=_SEPSIS_REF,
        components={n: int(yes[n]) for n in yes})


SIRS_SEPSIS = point_score(
    id="sirs_sepsis_shock", name="SIRS, Sepsis, and Septic Shock Criteria", mdcalc_id=1096, category="diagnosis",
    description=("Stages a patient along the 1992 consensus continuum: SIRS (2 or more of temperature, heart "
                 "rate, respiration and white-cell criteria), sepsis (SIRS with infection), severe sepsis "
                 "(with hypoperfusion), septic shock (hypotension despite fluids) and multiple organ "
                 "dysfunction; reports the most advanced stage met."),
    items=(
        yes_no("temperature", "Temp >38degC (100.4degF) or <36degC (96.8degF)", default=None),
        yes_no("heart_rate", "Heart rate >90", default=None),
        yes_no("respiratory_rate", "Respiratory rate >20 or PaCO₂ <32 mmHg", default=None),
        yes_no("white_blood_cell_count", "WBC >12,000/mm³, <4,000/mm³, or >10% bands", default=None),
        yes_no("infection", "Suspected or present source of infection", default=None),
        yes_no("lactic_acidosis", "Lactic acidosis, SBP <90 or SBP drop >=40 mmHg of normal", default=None),
        yes_no("severe_sepsis", "Severe sepsis with hypotension, despite adequate fluid resuscitation",
               default=None),
        yes_no("organ_failure", "Evidence of >=2 organs failing", default=None),
    ),
    bands=_SEPSIS_BANDS, reference=_SEPSIS_REF, unit="SIRS criteria", compute=_sepsis,
    aliases=("SIRS sepsis septic shock", "sepsis criteria 1992", "Sepsis-1"),
    conventions=("The value is the number of SIRS criteria met; the interpretation is the most advanced stage "
                 "met (MODS, septic shock, severe sepsis, sepsis, SIRS) and lists the others.",
                 "Per the 1992 definitions, severe sepsis and septic shock require infection (sepsis); MODS "
                 "does not. These are superseded by Sepsis-3 (2016) for clinical definitions.",
                 "MedCalc-Bench's count-only SIRS calculator is sirs_criteria; this one takes MDCalc's yes/no "
                 "criteria and stages sepsis."),
)


# ---------------------------------------------------------------------------
# MDCalc 3991: Duke Treadmill Score
# ---------------------------------------------------------------------------

_DTS_BANDS = (
    Band(None, -10.1, "High risk (score below -10): 79% 5-year survival; refer for coronary angiography"),
    Band(-10, 4.9, "Medium risk (score -10 to +4): 95% 5-year survival"),
    Band(5, None, "Low risk (score +5 or more): 99% 5-year survival"),
)
_DTS_REF = ("Mark DB, Shaw L, Harrell FE Jr, et al. Prognostic value of a treadmill exercise score in outpatients "
            "with suspected coronary artery disease. N Engl J Med. 1991;325(12):849-853.")


def _dts(x: ChoiceInputs) -> CalculatorResult:
    angina = type(x).__items__[2].option(x.index).points
    value = x.duration - 5 * x.stseg - 4 * angina
    return _formula_result(
        "duke_treadmill", "Duke Treadmill Score", value, "", _DTS_BANDS,
        [f"DTS = exercise minutes - 5 x ST deviation (mm) - 4 x angina index = {x.duration:g} - 5 x {x.stseg:g} "
         f"- 4 x {angina:g}"], _DTS_REF)


DUKE_TREADMILL = point_score(
    id="duke_treadmill", name="Duke Treadmill Score", mdcalc_id=3991, category="risk",
    description=("Prognosis of suspected coronary disease from a Bruce-protocol exercise test: exercise time "
                 "minus five times the largest ST deviation minus four times the angina index; low, "
                 "medium or high risk with 5-year survival."),
    items=(
        Number("duration", "Duration of exercise", "min", ge=0, le=40),
        Number("stseg", "Maximal net ST-segment deviation", "mm", ge=0, le=15),
        Choice("index", "Angina index", opts(("No angina during exercise", 0), ("Non-limiting angina", 1),
                                             ("Patient stops exercising because of angina", 2))),
    ),
    bands=_DTS_BANDS, reference=_DTS_REF, unit="", compute=_dts,
    aliases=("DTS", "Duke treadmill"),
    conventions=("Exercise minutes on the Bruce protocol; ST deviation is the largest net deviation during or "
                 "after exercise, any lead except aVR.",
                 "The value is rounded to 1 decimal before banding."),
)


# ---------------------------------------------------------------------------
# MDCalc 10148: READMITS score (30-day readmission after STEMI)
# ---------------------------------------------------------------------------

READMITS = point_score(
    id="readmits", name="READMITS Score for Readmissions in Acute MI", mdcalc_id=10148, category="risk",
    description=("30-day readmission risk after ST-elevation myocardial infarction, from renal function, "
                 "natriuretic peptide, age, diabetes, female sex, lack of timely PCI and low systolic "
                 "pressure; five risk groups (derivation study only, not externally validated)."),
    items=(
        yes_no("renal", "Renal function (serum creatinine >2 mg/dL)", 6, default=None),
        yes_no("neuro", "Elevated BNP or NT-proBNP (BNP >=50 pg/mL, NT-proBNP >=125 pg/mL)", 8, default=None),
        Number("Age", "Age", "years", ge=18, le=110, bands=(
            (18, 28, 0), (28, 38, 1), (38, 48, 2), (48, 58, 3), (58, 68, 4), (68, 78, 5), (78, 88, 6),
            (88, 98, 7), (98, 108, 8), (108, None, 9))),
        yes_no("diab", "Diabetes mellitus history", 4, default=None),
        Choice("sex", "Sex", opts(("Male", 0), ("Female", 2))),
        Choice("pci", "Intervention with timely PCI", opts(("No", 1), ("Yes", 0))),
        yes_no("bp", "sBP <100 mmHg", 3, default=None),
    ),
    bands=(
        Band(0, 13, "Extremely low risk: 2% 30-day readmission risk (READMITS <=13)"),
        Band(14, 15, "Low risk: 8% 30-day readmission risk (READMITS 14-15)"),
        Band(16, 17, "Moderate risk: 9% 30-day readmission risk (READMITS 16-17)"),
        Band(18, 19, "High risk: 17% 30-day readmission risk (READMITS 18-19)"),
        Band(20, None, "Extremely high risk: 34% 30-day readmission risk (READMITS >=20)"),
    ),
    reference=("Nguyen OK, Makam AN, Clark C, et al. Predicting 30-day hospital readmissions in acute "
               "myocardial infarction: the AMI \"READMITS\" (Renal Function, Elevated Brain Natriuretic "
               "Peptide, Age, Diabetes Mellitus, Nonmale Sex, Intervention with Timely Percutaneous Coronary "
               "Intervention, and Low Systolic Blood Pressure) score. J Am Heart Assoc. 2018;7(8):e008882."),
    aliases=("READMITS", "AMI READMITS"),
    conventions=("Age scores 1 point per full decade above 18 years (18-27: 0, 28-37: 1, ...).",
                 "Timely PCI is within 24 hours of presentation; its absence scores 1. Every item is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 10225: INTERCHEST rule (chest pain in primary care)
# ---------------------------------------------------------------------------

INTERCHEST = point_score(
    id="interchest", name="INTERCHEST Clinical Prediction Rule", mdcalc_id=10225, category="diagnosis",
    description=("Rules out coronary artery disease as the cause of chest pain in primary care from six "
                 "findings (known CAD, age/sex, effort-related pain, pain not reproducible by palpation, the "
                 "physician's suspicion, pressure-like discomfort); 1 or less is low risk."),
    items=(
        yes_no("history", "History of CAD", default=None),
        yes_no("age", "Female >=65 years or male >=55 years", default=None),
        yes_no("chest", "Chest pain related to effort", default=None),
        yes_no("pain", "Pain reproducible by palpation", -1, default=None),
        yes_no("phys", "Physician initially suspected a serious condition", default=None),
        yes_no("pressure", "Chest discomfort feels like “pressure”", default=None),
    ),
    bands=(
        Band(-1, 1, "Low risk: 2.1% probability of coronary artery disease (INTERCHEST <=1)"),
        Band(2, 5, "Not low risk: 43.0% probability of coronary artery disease (INTERCHEST >=2)"),
    ),
    reference=("Aerts M, Minalu G, Bösner S, et al. Pooled individual patient data from five countries were "
               "used to derive a clinical prediction rule for coronary artery disease in primary care. J Clin "
               "Epidemiol. 2017;81:120-128."),
    aliases=("INTERCHEST",),
    conventions=("Pain reproducible by palpation subtracts 1. Every item is required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10353: Modified Sgarbossa criteria (MI in left bundle branch block)
# ---------------------------------------------------------------------------

MODIFIED_SGARBOSSA = point_score(
    id="modified_sgarbossa", name="Modified Sgarbossa Criteria for MI in LBBB", mdcalc_id=10353,
    category="diagnosis",
    description=("Diagnoses acute coronary occlusion (STEMI-equivalent) on the ECG of a patient with left "
                 "bundle branch block: concordant ST elevation, concordant ST depression in V1-V3, or "
                 "excessively discordant ST elevation (at least 25% of the preceding S wave); any one is "
                 "positive."),
    items=(
        yes_no("concordant_st_elevation", "Concordant ST elevation >=1 mm in leads with a positive QRS complex",
               default=None),
        yes_no("concordant_st_depression", "Concordant ST depression >=1 mm in V1-V3", default=None),
        yes_no("discordant_st_elevation", "ST Elevation at the J-point, relative to QRS onset, is at least 1 mm "
               "AND has an amplitude at least 25% of the preceding S-wave", default=None),
    ),
    bands=(
        Band(0, 0, "Negative for acute MI by the modified Sgarbossa criteria (criteria not met); other findings may "
                   "still show an infarction"),
        Band(1, 3, "Positive: modified Sgarbossa criteria met, diagnostic of acute MI (coronary occlusion) in "
                   "LBBB"),
    ),
    reference=("Smith SW, Dodd KW, Henry TD, Dvorak DM, Pearce LA. Diagnosis of ST-elevation myocardial "
               "infarction in the presence of left bundle branch block with the ST-elevation to S-wave ratio in "
               "a modified Sgarbossa rule. Ann Emerg Med. 2012;60(6):766-776."),
    aliases=("modified Sgarbossa", "Smith-modified Sgarbossa", "Smith criteria"),
    conventions=("The value is the number of criteria present; one is enough. The third criterion replaces "
                 "Sgarbossa's fixed 5 mm discordant elevation by an ST/S ratio of 25% or more.",
                 "Every criterion is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 23: APGAR score
# ---------------------------------------------------------------------------

APGAR = point_score(
    id="apgar", name="APGAR Score", mdcalc_id=23, category="severity",
    description=("Condition of a newborn at 1 and 5 minutes after birth from five signs (activity/tone, "
                 "pulse, grimace/reflex irritability, appearance/colour, respirations), each 0-2."),
    items=(
        Choice("activity", "Activity/muscle tone", opts(("Active", 2), ("Some extremity flexion", 1), ("Limp", 0))),
        Choice("pulse", "Pulse", opts((">=100 BPM", 2), ("<100 BPM", 1), ("Absent", 0))),
        Choice("grimace", "Grimace", opts(("Sneeze/cough", 2), ("Grimace", 1), ("None", 0))),
        Choice("appearance", "Appearance/color", opts(
            ("All pink", 2), ("Blue extremities, pink body", 1), ("Blue/pale", 0))),
        Choice("respirations", "Respirations", opts(("Good/crying", 2), ("Irregular/slow", 1), ("Absent", 0))),
    ),
    bands=(
        Band(0, 3, "APGAR 0-3: critically low; needs immediate intervention"),
        Band(4, 6, "APGAR 4-6: fairly low; may need some assistance"),
        Band(7, 10, "APGAR 7-10: generally normal condition"),
    ),
    reference=("Apgar V. A proposal for a new method of evaluation of the newborn infant. Curr Res Anesth "
               "Analg. 1953;32(4):260-267."),
    aliases=("Apgar", "APGAR"),
    conventions=("Every sign is required; the score is usually taken at 1 and 5 minutes (and every 5 "
                 "minutes thereafter while below 7).",),
)


# ---------------------------------------------------------------------------
# MDCalc 1977: Pediatric SIRS, sepsis and septic shock (2005 international consensus)
# ---------------------------------------------------------------------------

_PED_SEPSIS_REF = ("Goldstein B, Giroir B, Randolph A; International Consensus Conference on Pediatric Sepsis. "
                   "International pediatric sepsis consensus conference: definitions for sepsis and organ "
                   "dysfunction in pediatrics. Pediatr Crit Care Med. 2005;6(1):2-8.")
_PED_SIRS = ("temperature", "tachycardia", "tachypnea", "leukocyte")
_PED_SEPSIS_BANDS = (
    Band(0, 1, "SIRS criteria not met (fewer than 2 of 4)"),
    Band(2, None, "2 or more SIRS criteria; SIRS needs one of them to be temperature or leukocyte count"),
)


def _ped_sepsis(x: ChoiceInputs) -> CalculatorResult:
    yes = {n: getattr(x, n) == "Yes" for n in (*_PED_SIRS, "infection", "severe_sepsis", "septic_shock")}
    count = sum(yes[n] for n in _PED_SIRS)
    sirs = count >= 2 and (yes["temperature"] or yes["leukocyte"])
    if not sirs:
        text = ("SIRS criteria not met" + (" (2 or more criteria but neither temperature nor leukocyte count is "
                                            "abnormal)" if count >= 2 else f" ({count} of 4)"))
    elif not yes["infection"]:
        text = "SIRS (no suspected or proven infection, so not sepsis)"
        if yes["severe_sepsis"] or yes["septic_shock"]:
            text += "; organ dysfunction without infection does not define severe sepsis or septic shock"
    elif yes["septic_shock"]:
        text = "Septic shock: sepsis with cardiovascular dysfunction despite adequate fluid resuscitation"
    elif yes["severe_sepsis"]:
        text = "Severe sepsis: sepsis with cardiovascular dysfunction, ARDS or 2 or more other organ dysfunctions"
    else:
        text = "Sepsis: SIRS with suspected or proven infection"
    lines = [f"SIRS criteria met: {count} of 4 (" + ", ".join(n for n in _PED_SIRS if yes[n]) + ")",
             *(f"{n.replace('_', ' ')}: {'yes' if yes[n] else 'no'}" for n in
               ("infection", "severe_sepsis", "septic_shock"))]
    return CalculatorResult(
        calculator="pediatric_sirs_sepsis", name="Pediatric SIRS, Sepsis, and Septic Shock Criteria", value=count,
        unit="SIRS criteria", interpretation=text, explanation=[*lines, f"= {text}"], reference=_PED_SEPSIS_REF,
        components={n: int(v) for n, v in yes.items()})


PEDIATRIC_SEPSIS = point_score(
    id="pediatric_sirs_sepsis", name="Pediatric SIRS, Sepsis, and Septic Shock Criteria", mdcalc_id=1977,
    category="diagnosis",
    description=("Stages a child along the 2005 paediatric consensus continuum with age-specific vital-sign "
                 "and leukocyte limits: SIRS (2 of 4 criteria, one being temperature or leukocytes), sepsis "
                 "(with infection), severe sepsis (with cardiovascular dysfunction, ARDS or 2 other organ "
                 "dysfunctions) and septic shock (cardiovascular dysfunction despite fluids)."),
    items=(
        yes_no("temperature", "Temp >38.5degC (101.3degF) or <36degC (96.8degF)", default=None),
        yes_no("tachycardia", "Tachycardia or bradycardia (if <1 year)", default=None),
        yes_no("tachypnea", "Tachypnea or mechanical ventilation (related to an acute process)", default=None),
        yes_no("leukocyte", "Abnormal leukocyte count or >10% bands", default=None),
        yes_no("infection", "Suspected or present source of infection", default=None),
        yes_no("severe_sepsis", "Cardiovascular dysfunction OR ARDS OR >=2 other organ dysfunction", default=None),
        yes_no("septic_shock", "Cardiovascular dysfunction despite adequate fluid resuscitation", default=None),
    ),
    bands=_PED_SEPSIS_BANDS, reference=_PED_SEPSIS_REF, unit="SIRS criteria", compute=_ped_sepsis,
    aliases=("pediatric SIRS", "pediatric sepsis criteria", "Goldstein criteria"),
    conventions=("Temperature is core temperature; heart rate, respiratory rate and leukocyte limits are "
                 "those of the child's age group (consensus table).",
                 "Sepsis, severe sepsis and septic shock require suspected or proven infection; hypotension is "
                 "not required for septic shock in children.",
                 "The value is the number of SIRS criteria met; the interpretation is the stage."),
)


# ---------------------------------------------------------------------------
# MDCalc 1732: Sgarbossa criteria (MI in left bundle branch block)
# ---------------------------------------------------------------------------

SGARBOSSA = point_score(
    id="sgarbossa", name="Sgarbossa's Criteria for MI in LBBB", mdcalc_id=1732, category="diagnosis",
    description=("Weighted ECG criteria for acute myocardial infarction in left bundle branch block "
                 "(concordant ST elevation 5, concordant ST depression in V1-V3 3, excessively discordant ST "
                 "elevation 2); a total of 3 or more is specific for acute MI but a lower total does not rule "
                 "it out."),
    items=(
        yes_no("concordant_st_elevation", "Concordant ST elevation > 1mm in leads with a positive QRS complex", 5,
               default=None),
        yes_no("concordant_st_depression", "Concordant ST depression > 1 mm in V1-V3", 3, default=None),
        yes_no("discordant_st_elevation", "Excessively discordant ST elevation (or depression) in leads with a "
               "negative QRS", 2, default=None),
    ),
    bands=(
        Band(0, 2, "Score <3: not diagnostic; low sensitivity, does not rule out acute MI"),
        Band(3, 10, "Score >=3: 90% specificity for acute MI (positive; sensitivity only 36%)"),
    ),
    reference=("Sgarbossa EB, Pinski SL, Barbagelata A, et al. Electrocardiographic diagnosis of evolving acute "
               "myocardial infarction in the presence of left bundle-branch block. N Engl J Med. "
               "1996;334(8):481-487."),
    aliases=("Sgarbossa", "Sgarbossa criteria", "Sgarbossa score"),
    conventions=("Excessively discordant ST elevation is >=5 mm in leads with a negative QRS (the modified "
                 "Smith criterion uses an ST/S ratio instead: see modified_sgarbossa).",
                 "Every criterion is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 1856: Vancouver chest pain rule
# ---------------------------------------------------------------------------

_VANCOUVER_REF = ("Christenson J, Innes G, McKnight D, et al. A clinical prediction rule for early discharge of "
                  "patients with chest pain. Ann Emerg Med. 2006;47(1):1-10.")
_VANCOUVER_BANDS = (
    Band(0, 0, "Low risk: early discharge (all answers no)"),
    Band(1, None, "At least one finding present: the step-wise rule decides between early discharge and "
                  "standard evaluation"),
)


def _vancouver(x: ChoiceInputs) -> CalculatorResult:
    yes = {n: getattr(x, n) == "Yes" for n in ("abnormal_ecg", "troponin", "acs_nitrate_use", "palpation",
                                                 "age_50", "pain_radiate")}
    if yes["abnormal_ecg"] or yes["troponin"] or yes["acs_nitrate_use"]:
        out, why = "standard", "step 1: abnormal EKG, positive 2-hour troponin or prior ACS/nitrate use"
    elif yes["palpation"]:
        out, why = "discharge", "step 2: pain reproduced by palpation"
    elif yes["age_50"] or yes["pain_radiate"]:
        out, why = "standard", "step 3: age 50 or more, or pain radiating to neck, jaw or left arm"
    else:
        out, why = "discharge", "step 3: under 50 without radiating pain"
    text = ("Low risk: early discharge" if out == "discharge"
            else "Not low risk: standard evaluation (not eligible for early discharge)")
    lines = [f"{n.replace('_', ' ')}: {'yes' if v else 'no'}" for n, v in yes.items()] + [f"Decided at {why}"]
    return CalculatorResult(
        calculator="vancouver_chest_pain", name="Vancouver Chest Pain Rule",
        value="early discharge" if out == "discharge" else "standard evaluation", unit="", interpretation=text,
        explanation=[*lines, f"= {text}"], reference=_VANCOUVER_REF)


VANCOUVER = point_score(
    id="vancouver_chest_pain", name="Vancouver Chest Pain Rule", mdcalc_id=1856, category="risk",
    description=("Step-wise rule for emergency chest pain patients: EKG, 2-hour troponin and coronary history "
                 "first, then chest-wall tenderness, then age and pain radiation; identifies low-risk "
                 "patients safe for early discharge."),
    items=(
        yes_no("abnormal_ecg", "Abnormal initial EKG", default=None),
        yes_no("troponin", "Positive troponin at 2 hours", default=None),
        yes_no("acs_nitrate_use", "Prior ACS or nitrate use", default=None),
        yes_no("palpation", "Does palpation reproduce pain?", default=None),
        yes_no("age_50", "Age 50 and above?", default=None),
        yes_no("pain_radiate", "Does pain radiate to neck, jaw, or left arm?", default=None),
    ),
    bands=_VANCOUVER_BANDS, reference=_VANCOUVER_REF, unit="", compute=_vancouver,
    aliases=("Vancouver rule", "Vancouver chest pain rule"),
    conventions=("Steps as MDCalc lays out the published rule: any step-1 finding means standard evaluation; "
                 "otherwise pain reproduced by palpation allows early discharge; otherwise age >=50 or "
                 "radiating pain means standard evaluation.",
                 "The value is the disposition; every item is required."),
)


# ---------------------------------------------------------------------------
# MDCalc 3990: Killip classification
# ---------------------------------------------------------------------------

KILLIP = point_score(
    id="killip_class", name="Killip Classification for Heart Failure", mdcalc_id=3990, category="severity",
    description=("Bedside class of heart failure in acute myocardial infarction, from no congestion (I) to "
                 "rales/S3 (II), pulmonary oedema (III) and cardiogenic shock (IV), with the associated "
                 "mortality."),
    items=(
        Choice("killip", "Classification", opts(
            ("No signs of congestion", 1), ("S3 and basal rales on auscultation", 2), ("Acute pulmonary edema", 3),
            ("Cardiogenic shock", 4))),
    ),
    bands=(
        Band(1, 1, "Killip class I: 2-3% 30-day mortality (historical in-hospital mortality 6%)"),
        Band(2, 2, "Killip class II: 5-12% 30-day mortality (historical in-hospital mortality 17%)"),
        Band(3, 3, "Killip class III: 10-20% 30-day mortality, classes III-IV combined (historical in-hospital "
                   "mortality 38%)"),
        Band(4, 4, "Killip class IV: 10-20% 30-day mortality, classes III-IV combined (historical in-hospital "
                   "mortality 81%)"),
    ),
    reference=("Killip T 3rd, Kimball JT. Treatment of myocardial infarction in a coronary care unit. A two year "
               "experience with 250 patients. Am J Cardiol. 1967;20(4):457-464."),
    aliases=("Killip", "Killip class", "Killip-Kimball"),
    conventions=("30-day mortality per Khot UN et al. (JAMA 2003;290:2174-2181), which pooled classes III and "
                 "IV; in-hospital mortality is the 1967 series' (of historical interest).",),
)


# ---------------------------------------------------------------------------
# MDCalc 10067: Canadian Cardiovascular Society (CCS) angina grade
# ---------------------------------------------------------------------------

CCS_ANGINA = point_score(
    id="ccs_angina", name="Canadian Cardiovascular Society (CCS) Angina Grade", mdcalc_id=10067,
    category="severity",
    description=("Grades how much exertion brings on angina, from grade I (only strenuous or prolonged "
                 "exertion) to grade IV (any activity, or at rest)."),
    items=(
        Choice("des", "Description", opts(
            ("Angina with strenuous/rapid/prolonged exertion at work or recreation only; no angina with ordinary "
             "physical activity, e.g. walking, climbing stairs", 1, 0),
            ("Ordinary activity slightly limited: angina with walking/climbing stairs rapidly, walking uphill, "
             "walking or stair climbing after meals, in cold/wind, under emotional stress, during few hours after "
             "awakening, walking >2 blocks on level ground, or climbing >1 flight of stairs at normal pace and "
             "normal conditions", 2, 1),
            ("Marked limitation of ordinary physical activity: angina with walking 1-2 blocks on level ground or "
             "climbing 1 flight of stairs at normal pace and normal conditions", 3, 2),
            ("Inability to carry on any physical activity without discomfort; anginal syndrome may be present at "
             "rest", 4, 3),
        )),
    ),
    bands=(
        Band(1, 1, "CCS grade I: angina only with strenuous, rapid or prolonged exertion"),
        Band(2, 2, "CCS grade II: slight limitation of ordinary activity"),
        Band(3, 3, "CCS grade III: marked limitation of ordinary physical activity"),
        Band(4, 4, "CCS grade IV: angina with any physical activity or at rest"),
    ),
    reference="Campeau L. Grading of angina pectoris. Circulation. 1976;54(3):522-523.",
    aliases=("CCS", "CCS class", "Canadian angina classification"),
    conventions=("The value is the grade (1-4 for I-IV); MDCalc's option values are 0-3.",),
)


# ---------------------------------------------------------------------------
# MDCalc 4060: Aortic Dissection Detection Risk Score (ADD-RS)
# ---------------------------------------------------------------------------

ADD_RS = point_score(
    id="add_rs", name="Aortic Dissection Detection Risk Score (ADD-RS)", mdcalc_id=4060, category="risk",
    description=("Pre-test risk of acute aortic dissection from three categories of findings (high-risk "
                 "condition, high-risk pain features, high-risk examination features), one point per category "
                 "present; guides D-dimer testing versus direct imaging."),
    items=(
        yes_no("hx", "Any high risk condition", default=None),
        yes_no("pain", "Any high risk pain feature", default=None),
        yes_no("exam", "Any high risk exam feature", default=None),
    ),
    bands=(
        Band(0, 1, "Low risk (ADD-RS <=1): proceed to D-dimer testing; D-dimer <500 ng/mL FEU makes aortic "
                   "dissection unlikely"),
        Band(2, 3, "High risk (ADD-RS >1): consider proceeding directly to CT angiography or other definitive "
                   "aortic imaging"),
    ),
    reference=("Rogers AM, Hermann LK, Booher AM, et al. Sensitivity of the aortic dissection detection risk "
               "score, a novel guideline-based tool for identification of acute aortic dissection at initial "
               "presentation: results from the International Registry of Acute Aortic Dissection. Circulation. "
               "2011;123(20):2213-2218."),
    aliases=("ADD-RS", "ADD risk score", "aortic dissection detection risk score"),
    conventions=("High-risk conditions: Marfan or other connective tissue disease, family history of aortic "
                 "disease, known aortic valve disease, recent aortic manipulation, known thoracic aortic "
                 "aneurysm. Pain: abrupt, severe, ripping or tearing. Exam: pulse or pressure deficit or focal "
                 "neurological deficit with pain, new aortic regurgitation murmur with pain, hypotension/shock.",
                 "D-dimer strategy per the ADvISED study (Nazerian P et al., Circulation 2018;137:250-258)."),
)


# ---------------------------------------------------------------------------
# MDCalc 10181: Metabolic Score for Insulin Resistance (METS-IR)
# ---------------------------------------------------------------------------

_METS_IR_BANDS = (
    Band(None, 50.39, "METS-IR <=50.39: low risk of developing type 2 diabetes"),
    Band(50.40, None, "METS-IR >50.39: high risk of developing type 2 diabetes"),
)
_METS_IR_REF = ("Bello-Chavolla OY, Almeda-Valdes P, Gomez-Velasco D, et al. METS-IR, a novel score to evaluate "
                "insulin sensitivity, is predictive of visceral adiposity and incident type 2 diabetes. Eur J "
                "Endocrinol. 2018;178(5):533-544.")


def _mets_ir(x: ChoiceInputs) -> CalculatorResult:
    value = math.log(2 * x.fglu + x.tg) * x.bmi / math.log(x.hdlc)
    return _formula_result(
        "mets_ir", "METS-IR", value, "", _METS_IR_BANDS,
        [f"METS-IR = ln(2 x glucose + triglycerides) x BMI / ln(HDL-c) = ln(2 x {x.fglu:g} + {x.tg:g}) x "
         f"{x.bmi:g} / ln({x.hdlc:g})"], _METS_IR_REF, digits=2)


METS_IR = point_score(
    id="mets_ir", name="Metabolic Score for Insulin Resistance (METS-IR)", mdcalc_id=10181, category="risk",
    description=("Non-insulin index of insulin resistance from fasting glucose, triglycerides, BMI and HDL "
                 "cholesterol; above 50.39 predicts incident type 2 diabetes in people without diabetes."),
    items=(
        Number("fglu", "Fasting glucose", "mg/dL", ge=20, le=1000, analyte="glucose", accepted_units=("mmol/L",)),
        Number("tg", "Triglyceride concentration", "mg/dL", ge=10, le=5000, analyte="triglycerides",
               accepted_units=("mmol/L",)),
        Number("bmi", "BMI", "kg/m²", ge=10, le=90),
        Number("hdlc", "HDL-c", "mg/dL", ge=5, le=200, analyte="cholesterol", accepted_units=("mmol/L",)),
    ),
    bands=_METS_IR_BANDS, reference=_METS_IR_REF, unit="", compute=_mets_ir,
    aliases=("METS-IR", "METS IR"),
    conventions=("All values fasting, in mg/dL (mmol/L converted); the value is rounded to 2 decimals before "
                 "the 50.39 cut-off.",),
)
