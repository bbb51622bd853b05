"""Endocrine, metabolic, bone and nutrition scores of RiskAgent's library.

Fracture risk, diabetic ketoacidosis, fatty liver, thyroid storm, familial hypercholesterolemia,
malnutrition screening and others, each following its primary publication.
"""

from __future__ import annotations

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


# ---------------------------------------------------------------------------
# MDCalc 10540: FRACTURE Index
# ---------------------------------------------------------------------------

_FRACTURE_ID, _FRACTURE_NAME = "fracture_index", "FRACTURE Index"
_FRACTURE_REF = ("Black DM, Steinbuch M, Palermo L, et al. An assessment tool for predicting fracture risk in "
                 "postmenopausal women. Osteoporos Int. 2001;12(7):519-528.")
_FRACTURE_NO_BMD = (
    Band(0, 1, "0.6% 5-year risk of hip fracture (score without BMD)"),
    Band(2, 2, "1.4% 5-year risk of hip fracture (score without BMD)"),
    Band(3, 3, "2.1% 5-year risk of hip fracture (score without BMD)"),
    Band(4, 4, "3.2% 5-year risk of hip fracture (score without BMD)"),
    Band(5, 11, "8.2% 5-year risk of hip fracture (score without BMD)"),
)
_FRACTURE_BMD = (
    Band(0, 2, "0.4% 5-year risk of hip fracture (score with BMD)"),
    Band(3, 4, "0.9% 5-year risk of hip fracture (score with BMD)"),
    Band(5, 5, "1.9% 5-year risk of hip fracture (score with BMD)"),
    Band(6, 7, "3.9% 5-year risk of hip fracture (score with BMD)"),
    Band(8, 15, "8.7% 5-year risk of hip fracture (score with BMD)"),
)
_NO_BMD = "Not measured"


def _fracture(x: Any) -> CalculatorResult:
    rows = item_points(x)
    total = _total([p for _, _, p in rows])
    bands = _FRACTURE_NO_BMD if x.q7 == _NO_BMD else _FRACTURE_BMD
    band = band_of(bands, total)
    lines = [f"{text} -> {pts:+g}" for _, text, pts in rows]
    lines.append(f"Total = {total:g} points; {band.text}")
    return CalculatorResult(
        calculator=_FRACTURE_ID, name=_FRACTURE_NAME, value=total, unit="points", interpretation=band.text,
        explanation=lines, reference=_FRACTURE_REF, components={key: pts for key, _, pts in rows})


FRACTURE_INDEX = point_score(
    id=_FRACTURE_ID, name=_FRACTURE_NAME, mdcalc_id=10540, category="risk",
    description=("Estimates a postmenopausal woman's 5-year risk of hip fracture from age, prior fracture, "
                 "maternal hip fracture, low weight, smoking, needing the arms to rise from a chair and, when "
                 "available, the total hip BMD T-score (which changes the risk table)."),
    items=(
        Choice("q1", "Age", opts(("<65", 0), ("65-69", 1), ("70-74", 2), ("75-79", 3), ("80-84", 4), (">=85", 5))),
        Choice("q2", "Any fracture after age 50", opts(("No/don’t know", 0), ("Yes", 1)), default="No/don’t know"),
        Choice("q3", "Mother had a hip fracture after age 50", opts(("No/don’t know", 0), ("Yes", 1)),
               default="No/don’t know"),
        Choice("q4", "Weight", opts((">125 lb (>56.7 kg)", 0), ("<=125 lb (<=56.7 kg)", 1))),
        yes_no("q5", "Current smoker", 1),
        Choice("q6", "Needs the arms to stand up from a chair", opts(("No/don’t know", 0), ("Yes", 2)),
               default="No/don’t know"),
        Choice("q7", "Total hip BMD T-score",
               opts((_NO_BMD, 0, "not measured"), (">=-1", 0, 0.5), ("Between -1 and -2", 2), ("Between -2 and -2.5", 3),
                    ("<-2.5", 4))),
    ),
    bands=(Band(None, None, "5-year hip fracture risk (read from the table with or without BMD)"),),
    reference=_FRACTURE_REF,
    aliases=("FRACTURE index", "Black fracture index"),
    conventions=("MDCalc's value 0.5 for a T-score >=-1 is a code: it scores 0 as published.",
                 "The age band 75-79 (3 points), missing from MDCalc's option list, is restored from the paper.",
                 "The T-score is required; answer 'Not measured' to use the table without BMD.",
                 "Undocumented prior fracture, maternal hip fracture, smoking and arm use count as absent; "
                 "age and weight bands are required."),
    compute=_fracture,
)

# ---------------------------------------------------------------------------
# MDCalc 4003: DKA Mortality Prediction Model
# ---------------------------------------------------------------------------

DKA_MPM = point_score(
    id="dka_mpm", name="Diabetic Ketoacidosis Mortality Prediction Model (DKA MPM)", mdcalc_id=4003,
    category="risk",
    description=("Estimates in-hospital mortality in diabetic ketoacidosis from comorbidity and pH at "
                 "presentation, insulin need and glucose at 12 hours, and mental state and fever at 24 hours."),
    items=(
        yes_no("scd", "Severe comorbidities (immunosuppression, prior MI, COPD, cirrhosis, CHF or prior stroke)", 6),
        yes_no("ph", "pH <7.0 at presentation", 4),
        yes_no("regular", ">50 units of regular insulin needed over the first 12 hours", 4),
        yes_no("serum", "Serum glucose >300 mg/dL (16.7 mmol/L) after 12 hours", 4),
        yes_no("dep", "Depressed mental state at 24 hours (as judged by the examiner)", 4),
        yes_no("fever", "Fever (axillary temperature >=38 °C) at 24 hours", 3),
    ),
    bands=(
        Band(0, 14, "Low risk: 0.86% in-hospital mortality"),
        Band(15, 18, "High risk: 20.8% in-hospital mortality"),
        Band(19, 25, "Very high risk: 93.3% in-hospital mortality"),
    ),
    reference=("Efstathiou SP, Tsiakou AG, Tsioulos DI, et al. A mortality prediction model in diabetic "
               "ketoacidosis. Clin Endocrinol (Oxf). 2002;57(5):595-601."),
    aliases=("DKA MPM", "DKA mortality score"),
    conventions=("Undocumented findings count as absent.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10068: NAFLD Activity Score (NAS)
# ---------------------------------------------------------------------------

NAFLD_ACTIVITY = point_score(
    id="nafld_activity_score", name="NAFLD Activity Score (NAS)", mdcalc_id=10068, category="severity",
    description=("Grades the histological activity of non-alcoholic fatty liver disease on a liver biopsy from "
                 "steatosis, lobular inflammation and hepatocyte ballooning (0-8)."),
    items=(
        Choice("stenosis", "Steatosis grade (parenchyma involved)", opts(("<5%", 0), ("5-33%", 1), ("34-66%", 2),
                                                                          (">66%", 3))),
        Choice("inflam", "Lobular inflammation (foci per 200x field)",
               opts(("No foci", 0), ("1 focus per 200x field", 1), ("2-4 foci per 200x field", 2),
                    (">4 foci per 200x field", 3))),
        Choice("injury", "Hepatocyte ballooning",
               opts(("None", 0), ("Few balloon cells", 1), ("Many cells/prominent ballooning", 2))),
    ),
    bands=(
        Band(0, 0, "No activity"),
        Band(1, 2, "Mild activity (NAS <=2: steatohepatitis unlikely)"),
        Band(3, 5, "Moderate activity (NAS >=5 correlates with steatohepatitis)"),
        Band(6, 8, "Marked activity (correlates with steatohepatitis)"),
    ),
    reference=("Kleiner DE, Brunt EM, Van Natta M, et al. Design and validation of a histological scoring system "
               "for nonalcoholic fatty liver disease. Hepatology. 2005;41(6):1313-1321."),
    aliases=("NAS", "NAFLD activity score", "Kleiner score"),
    conventions=("MDCalc's input name for steatosis is 'stenosis'; it is kept so MedRisk's inputs map.",
                 "Activity words follow MDCalc's bands; the paper reads >=5 as correlating with steatohepatitis "
                 "and <=2 as not, and the score is not a diagnosis of NASH on its own.",
                 "All three biopsy items are required."),
)

# ---------------------------------------------------------------------------
# MDCalc 10168: Withdrawal Assessment Tool (WAT-1)
# ---------------------------------------------------------------------------

WAT1 = point_score(
    id="wat_1", name="Withdrawal Assessment Tool (WAT-1)", mdcalc_id=10168, category="severity",
    description=("Scores iatrogenic opioid and benzodiazepine withdrawal in children being weaned from "
                 "sedation, from the last 12 hours' record, a 2-minute observation, a progressive stimulus and "
                 "the recovery after it (0-12)."),
    items=(
        yes_no("stools", "Any loose or watery stools (previous 12 hours)", 1, default=None),
        yes_no("vomit", "Any vomiting, retching or gagging (previous 12 hours)", 1, default=None),
        yes_no("temp", "Temperature >37.8 °C (100.0 °F) (previous 12 hours)", 1, default=None),
        Choice("sbs", "State Behavioral Scale before stimulus",
               opts(("<=0 OR asleep or awake and calm", 0), (">=1 OR awake and distressed", 1))),
        Choice("tremor", "Tremor", opts(("None or mild", 0), ("Moderate to severe", 1))),
        yes_no("sweat", "Any sweating", 1, default=None),
        Choice("move", "Uncoordinated or repetitive movement", opts(("None or mild", 0), ("Moderate to severe", 1))),
        Choice("yawn", "Yawning or sneezing", opts(("0-1 time", 0), (">=2 times", 1))),
        Choice("touch", "Startle to touch", opts(("None or mild", 0), ("Moderate to severe", 1))),
        Choice("tone", "Muscle tone", opts(("Normal", 0), ("Increased", 1))),
        Choice("time", "Time to regain a calm state (SBS <=0) after the stimulus",
               opts(("<2 min", 0), ("2-5 min", 1), (">5 min", 2))),
    ),
    bands=(
        Band(0, 2, "WAT-1 <3: no clinically significant withdrawal"),
        Band(3, 12, "WAT-1 >=3: clinically significant withdrawal (weaning took a median of about 10 days "
                    "when the score reached 3 or more)"),
    ),
    reference=("Franck LS, Harris SK, Soetenga DJ, Amling JK, Curley MAQ. The Withdrawal Assessment Tool-1 (WAT-1): "
               "an assessment instrument for monitoring opioid and benzodiazepine withdrawal symptoms in pediatric "
               "patients. Pediatr Crit Care Med. 2008;9(6):573-580."),
    aliases=("WAT-1", "WAT1"),
    conventions=("Every item is an observation of the assessment and is required.",
                 "The tool defines one cut-off (>=3 = withdrawal); it publishes no mild/moderate/severe grades."),
)

# ---------------------------------------------------------------------------
# MDCalc 10086: BARD score for NAFLD fibrosis
# ---------------------------------------------------------------------------

_BARD_ID, _BARD_NAME = "bard_nafld", "BARD Score for NAFLD Fibrosis"
_BARD_REF = ("Harrison SA, Oliver D, Arnold HL, Gogia S, Neuschwander-Tetri BA. Development and validation of a "
             "simple NAFLD clinical scoring system for identifying patients without advanced disease. Gut. "
             "2008;57(10):1441-1447.")
_BARD_BANDS = (
    Band(0, 1, "Low risk of advanced fibrosis (BARD 0-1: negative predictive value 96%)"),
    Band(2, 4, "High risk of advanced fibrosis (BARD 2-4: odds ratio 17 for advanced fibrosis)"),
)


def _bard(x: Any) -> CalculatorResult:
    ratio = x.ast / x.alt
    rows = [*item_points(x),
            ("ast_alt", f"AST/ALT ratio {x.ast:g}/{x.alt:g} = {ratio:.2f} (>=0.8 scores 2)", 2 if ratio >= 0.8 else 0)]
    total = _total([p for _, _, p in rows])
    band = band_of(_BARD_BANDS, total)
    lines = [f"{text} -> {pts:+g}" for _, text, pts in rows]
    lines.append(f"Total = {total:g} points; {band.text}")
    return CalculatorResult(
        calculator=_BARD_ID, name=_BARD_NAME, value=total, unit="points", interpretation=band.text,
        explanation=lines, reference=_BARD_REF,
        components={"ast_alt_ratio": round(ratio, 2), **{k: p for k, _, p in rows}})


BARD = point_score(
    id=_BARD_ID, name=_BARD_NAME, mdcalc_id=10086, category="risk",
    description=("Screens a patient with non-alcoholic fatty liver disease for advanced fibrosis from BMI 28 or "
                 "over, an AST/ALT ratio of 0.8 or over (2 points) and diabetes; its strength is ruling advanced "
                 "fibrosis out."),
    items=(
        yes_no("bmi", "BMI >=28 kg/m²", 1, default=None),
        Number("ast", "AST", "U/L", ge=1, le=20000),
        Number("alt", "ALT", "U/L", ge=1, le=20000),
        yes_no("diabetes", "Diabetes", 1),
    ),
    bands=_BARD_BANDS,
    reference=_BARD_REF,
    aliases=("BARD", "BARD score"),
    conventions=("AST/ALT ratio >=0.8 scores 2; BMI >=28 and diabetes 1 each.",
                 "AST, ALT and the BMI item are required; diabetes not documented counts as absent."),
    compute=_bard,
)

# ---------------------------------------------------------------------------
# MDCalc 3816: Burch-Wartofsky Point Scale
# ---------------------------------------------------------------------------

BWPS = point_score(
    id="burch_wartofsky", name="Burch-Wartofsky Point Scale (BWPS) for Thyrotoxicosis", mdcalc_id=3816,
    category="diagnosis",
    description=("Weighs how likely biochemical thyrotoxicosis is thyroid storm from temperature, central nervous "
                 "system effects, gastrointestinal-hepatic dysfunction, heart rate, heart failure, atrial "
                 "fibrillation and a precipitating event."),
    items=(
        Choice("temp", "Temperature °F (°C)",
               opts(("<99", 0), ("99-99.9 (37.2-37.7)", 5), ("100-100.9 (37.8-38.2)", 10), ("101-101.9 (38.3-38.8)", 15),
                    ("102-102.9 (38.9-39.2)", 20), ("103-103.9 (39.3-39.9)", 25), (">=104.0 (>= 40.0)", 30))),
        Choice("cns", "Central nervous system effects",
               opts(("Absent", 0), ("Mild (agitation)", 10), ("Moderate (delirium, psychosis, extreme lethargy)", 20),
                    ("Severe (seizures, coma)", 30))),
        Choice("gihep", "Gastrointestinal-hepatic dysfunction",
               opts(("Absent", 0), ("Moderate (diarrhea, nausea/vomiting, abdominal pain)", 10),
                    ("Severe (unexplained jaundice)", 20))),
        Choice("tachy", "Heart rate (beats/min)", opts(("<90", 0), ("90-109", 5), ("110-119", 10), ("120-129", 15),
                                                       ("130-139", 20), (">=140", 25))),
        Choice("chf", "Congestive heart failure",
               opts(("Absent", 0), ("Mild (pedal edema)", 5), ("Moderate (bibasilar rales)", 10),
                    ("Severe (pulmonary edema)", 15))),
        yes_no("afib", "Atrial fibrillation present", 10),
        yes_no("precip", "Precipitating event", 10),
    ),
    bands=(
        Band(0, 24, "Unlikely to represent thyroid storm (score <25)"),
        Band(25, 44, "Suggestive of impending thyroid storm (score 25-44)"),
        Band(45, 140, "Highly suggestive of thyroid storm (score >=45)"),
    ),
    reference=("Burch HB, Wartofsky L. Life-threatening thyrotoxicosis. Thyroid storm. Endocrinol Metab Clin North "
               "Am. 1993;22(2):263-277."),
    aliases=("BWPS", "Burch-Wartofsky", "thyroid storm score"),
    conventions=("Temperature, CNS, GI-hepatic, heart rate and heart failure grades are required; atrial "
                 "fibrillation and a precipitating event not documented count as absent.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10190: Malnutrition Universal Screening Tool (MUST)
# ---------------------------------------------------------------------------

MUST = point_score(
    id="must_malnutrition", name="Malnutrition Universal Screening Tool (MUST)", mdcalc_id=10190, category="risk",
    description=("Screens adults for malnutrition or its risk from BMI, unplanned weight loss in the past 3-6 "
                 "months and an acute illness stopping intake for more than 5 days, and sets the management."),
    items=(
        Choice("bmi", "BMI, kg/m²", opts((">20", 0), ("18.5-20", 1), ("<18.5", 2))),
        Choice("unplanned", "Unplanned weight loss in past 3-6 months", opts(("<5%", 0), ("5-10%", 1), (">10%", 2))),
        yes_no("acute", "Acutely ill with no nutritional intake, or likely none, for >5 days", 2),
    ),
    bands=(
        Band(0, 0, "Low malnutrition risk: routine clinical care, repeat screening"),
        Band(1, 1, "Medium malnutrition risk: observe, document dietary intake; improve intake if inadequate"),
        Band(2, 6, "High malnutrition risk: treat; refer to a dietitian, improve and increase overall intake, "
                   "increase frequency of monitoring"),
    ),
    reference=("Elia M (chair). The 'MUST' report: nutritional screening of adults, a multidisciplinary "
               "responsibility. Malnutrition Advisory Group, British Association for Parenteral and Enteral "
               "Nutrition (BAPEN); 2003."),
    aliases=("MUST", "MUST score", "malnutrition universal screening tool"),
    conventions=("BMI and weight-loss bands are required; the acute disease effect not documented counts as "
                 "absent.", "Management follows BAPEN's guidance for each risk level."),
)

# ---------------------------------------------------------------------------
# MDCalc 3820: US MEDPED criteria for familial hypercholesterolemia
# ---------------------------------------------------------------------------

_MEDPED_ID, _MEDPED_NAME = "medped_fh", "US MEDPED Diagnostic Criteria for Familial Hypercholesterolemia"
_MEDPED_REF = ("Williams RR, Hunt SC, Schumacher MC, et al. Diagnosing heterozygous familial hypercholesterolemia "
               "using new practical criteria validated by molecular genetics. Am J Cardiol. 1993;72(2):171-176.")
_MEDPED_GENERAL = "No relative with FH (general population)"
# total cholesterol cut-off (mg/dL) by age band and closest relative with FH
_MEDPED_CUT = {
    "<20": {"1st Degree": 220, "2nd Degree": 230, "3rd Degree": 240, _MEDPED_GENERAL: 270},
    "20-29": {"1st Degree": 240, "2nd Degree": 250, "3rd Degree": 260, _MEDPED_GENERAL: 290},
    "30-39": {"1st Degree": 270, "2nd Degree": 280, "3rd Degree": 290, _MEDPED_GENERAL: 340},
    ">40": {"1st Degree": 290, "2nd Degree": 300, "3rd Degree": 310, _MEDPED_GENERAL: 360},
}


def _medped(x: Any) -> CalculatorResult:
    cut = _MEDPED_CUT[x.age][x.rel]
    met = round(x.tchol) >= cut  # whole mg/dL: a value converted from mmol/L (7.5 -> 289.99) reads as published
    text = (f"Criteria met: familial hypercholesterolemia diagnosed (total cholesterol {x.tchol:g} >= {cut} mg/dL)"
            if met else f"Criteria not met: total cholesterol {x.tchol:g} is below the {cut} mg/dL cut-off")
    return CalculatorResult(
        calculator=_MEDPED_ID, name=_MEDPED_NAME, value=int(met), unit="criteria met (0/1)", interpretation=text,
        explanation=[f"Age {x.age}; closest relative with FH: {x.rel}; cut-off {cut} mg/dL ({cut / 38.67:.1f} mmol/L)",
                     f"Total cholesterol {x.tchol:g} mg/dL -> {'met' if met else 'not met'}"],
        reference=_MEDPED_REF, components={"cutoff_mg_dl": cut})


MEDPED = point_score(
    id=_MEDPED_ID, name=_MEDPED_NAME, mdcalc_id=3820, category="diagnosis",
    description=("Diagnoses heterozygous familial hypercholesterolemia when total cholesterol reaches an "
                 "age-specific cut-off that is lower the closer the nearest relative known to have FH."),
    items=(
        Choice("age", "Age (years)", opts(("<20", 0, 1), ("20-29", 0, 2), ("30-39", 0, 3), (">40", 0, 4))),
        Choice("rel", "Closest degree relative with confirmed FH",
               opts(("1st Degree", 0, 1), ("2nd Degree", 0, 2), ("3rd Degree", 0, 3), (_MEDPED_GENERAL, 0, 0))),
        Number("tchol", "Total cholesterol", "mg/dL", ge=50, le=2000, analyte="cholesterol",
               accepted_units=("mmol/L",)),
    ),
    bands=(Band(0, 0, "Criteria not met"), Band(1, 1, "Criteria met: familial hypercholesterolemia diagnosed")),
    reference=_MEDPED_REF,
    aliases=("MEDPED", "US MEDPED", "MEDPED FH criteria"),
    unit="criteria met (0/1)",
    conventions=("Met when total cholesterol is at or above the cut-off for the age band and closest relative with "
                 "FH (compared in whole mg/dL, so the published mmol/L cut-offs match); the age band '>40' is 40 and over. MDCalc's age and relative values are codes.",
                 "The general-population column (no known relative with FH) is restored from the publication; "
                 "MDCalc lists relatives only. All inputs are required."),
    compute=_medped,
)
