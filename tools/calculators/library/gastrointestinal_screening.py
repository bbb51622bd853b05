"""Screening and risk questionnaires of RiskAgent's gastrointestinal list: NUTRIC (nutrition risk in the
critically ill), BAWS (alcohol withdrawal), SCOFF (eating disorders) and the IDF-DAR Ramadan fasting risk."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
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
# MDCalc 4011: NUTRIC score (the original, with IL-6)
# ---------------------------------------------------------------------------

_NUTRIC_MORTALITY = ("~1%", "~2%", "~3%", "~8%", "~11%", "~20%", "~30%", "~45%", "~58%", "~70%", "~80%")
_NUTRIC_REF = ("Heyland DK, Dhaliwal R, Jiang X, Day AG. Identifying critically ill patients who benefit the most "
               "from nutrition therapy: the development and initial validation of a novel risk assessment tool. "
               "Crit Care. 2011;15(6):R268. Without IL-6 (modified NUTRIC): Rahman A, Hasan RM, Agarwala R, "
               "Martin C, Day AG, Heyland DK. Identifying critically-ill patients who will benefit most from "
               "nutritional therapy: further validation of the 'modified NUTRIC' nutritional risk assessment "
               "tool. Clin Nutr. 2016;35(1):158-162.")
_IL6_NOT_MEASURED = "Not measured"
_NUTRIC_BANDS = tuple(Band(s, s, f"NUTRIC {s}: {'low' if s <= 5 else 'high'} risk (low score: 0-5, high: 6-10); "
                                 f"{m} 28-day mortality" + ("" if s <= 5 else
                                                            "; most likely to benefit from aggressive nutrition therapy"))
                      for s, m in enumerate(_NUTRIC_MORTALITY))
_MNUTRIC_BANDS = (
    Band(0, 4, "modified NUTRIC (without IL-6) 0-4: low malnutrition risk"),
    Band(5, 9, "modified NUTRIC (without IL-6) 5-9: high risk; worse outcomes (mortality, ventilation) and most "
               "likely to benefit from aggressive nutrition therapy"),
)


def _nutric(x) -> CalculatorResult:
    rows = item_points(x)
    total = int(sum(p for _, _, p in rows))
    modified = x.il == _IL6_NOT_MEASURED
    text = band_of(_MNUTRIC_BANDS if modified else _NUTRIC_BANDS, total).text
    lines = ["IL-6 not measured: the modified NUTRIC (0-9, high >= 5) is read"] if modified else []
    return explained_result("nutric", NUTRIC_NAME, _NUTRIC_REF, x, total, text, lines)


NUTRIC_NAME = "Nutrition Risk in the Critically Ill (NUTRIC) Score"
NUTRIC = point_score(
    id="nutric", name=NUTRIC_NAME, mdcalc_id=4011, category="risk",
    description=("Identifies critically ill patients likely to benefit from aggressive nutrition therapy, from "
                 "age, APACHE II, SOFA, comorbidities, days in hospital before ICU admission and IL-6 (0-10 "
                 "points; without IL-6 the modified NUTRIC, 0-9); a high score goes with higher 28-day mortality."),
    items=(
        Choice("age", "Age, years", opts(("<50", 0), ("50-74", 1), (">=75", 2))),
        Choice("apache", "APACHE II score", opts(("<15", 0), ("15-19", 1), ("20-27", 2), (">=28", 3))),
        Choice("sofa", "SOFA score (initial, on presentation)", opts(("<6", 0), ("6-9", 1), (">=10", 2))),
        Choice("num", "Number of comorbidities", opts(("0-1", 0), (">=2", 1))),
        Choice("days", "Days in hospital to ICU admission", opts(("0", 0), (">=1", 1))),
        Choice("il", "IL-6, pg/mL", opts(("0-399", 0), (">=400", 1), (_IL6_NOT_MEASURED, 0, "not_measured")),
               default=_IL6_NOT_MEASURED),
    ),
    bands=_NUTRIC_BANDS + _MNUTRIC_BANDS, compute=_nutric, reference=_NUTRIC_REF,
    aliases=("NUTRIC", "NUTRIC score", "modified NUTRIC", "mNUTRIC"),
    conventions=("IL-6 is asked as MDCalc does (the original NUTRIC, 0-10, high >= 6); when IL-6 is not measured "
                 "the modified NUTRIC (Rahman 2016: the same items without IL-6, 0-9, high >= 5) is read, and the "
                 "result says so.",
                 "MDCalc labels the IL-6 unit µ/mL; the assay's usual unit is pg/mL, with the same 400 cut-off.",
                 "28-day mortality per score (original NUTRIC only) as MDCalc tabulates it from the derivation "
                 "cohort."),
)


# ---------------------------------------------------------------------------
# MDCalc 10446: Brief Alcohol Withdrawal Scale (BAWS)
# ---------------------------------------------------------------------------

BAWS = point_score(
    id="baws", name="Brief Alcohol Withdrawal Scale (BAWS)", mdcalc_id=10446, category="severity",
    description=("Rates alcohol withdrawal from five items scored 0-3 (tremor, sweating, agitation, "
                 "disorientation, hallucinations; total 0-15) and sets the symptom-triggered diazepam dose "
                 "and reassessment interval."),
    items=(
        Choice("tremor", "Tremor", opts(("No tremor", 0), ("Not visible, but can be felt", 1),
                                        ("Moderate, with arms extended", 2), ("At rest, without arms extended", 3))),
        Choice("sweats", "Diaphoresis/sweats", opts(("No sweats", 0), ("Mild, barely visible", 1),
                                                    ("Beads of sweat", 2), ("Drenching sweats", 3))),
        Choice("agitation", "Agitation", opts(
            ("Alert and calm (RASS = 0)", 0),
            ("Restless, anxious, apprehensive, movements not aggressive (RASS = 1)", 1),
            ("Agitated, frequent non-purposeful movement (RASS = 2)", 2),
            ("Very agitated or combative, violent (RASS = 3 or 4)", 3))),
        Choice("confusion", "Confusion/orientation", opts(
            ("Oriented to person, place, time", 0), ("Disoriented to time or place, but not both", 1),
            ("Disoriented to time and place", 2), ("Disoriented to person", 3))),
        Choice("hallucinations", "Hallucinations (visual, auditory, tactile)", opts(
            ("None", 0), ("Mild (vague report, reality testing intact)", 1),
            ("Moderate (more defined hallucinations)", 2),
            ("Severe (obviously responding to internal stimuli, poor reality testing)", 3))),
    ),
    bands=(
        Band(0, 2, "BAWS 0-2: minimal withdrawal; diazepam 5 mg orally as needed, reassess every 4 hours for 24 "
                   "hours, then every 6 hours"),
        Band(3, 5, "BAWS 3-5: mild withdrawal; diazepam 10 mg orally every 4 hours until BAWS <3, reassess every "
                   "4 hours"),
        Band(6, 8, "BAWS 6-8: moderate withdrawal; diazepam 20 mg orally every 2 hours until BAWS <3, reassess "
                   "every 2 hours; notify the physician if BAWS >5 after 6 hours"),
        Band(9, 15, "BAWS >8: severe withdrawal; diazepam 20 mg orally and notify the physician"),
    ),
    reference=("Rastegar DA, Applewhite D, Alvanzo AAH, Welsh C, Niessen T, Chen ES. Development and "
               "implementation of an alcohol withdrawal protocol using a 5-item scale, the Brief Alcohol "
               "Withdrawal Scale (BAWS). Subst Abus. 2017;38(4):394-400."),
    aliases=("BAWS",),
    conventions=("The protocol gives four treatment tiers (<3, 3-5, 6-8, >8) without severity words; the words "
                 "minimal / mild / moderate / severe for the tiers are ours.",
                 "Every item must be assessed; none is assumed."),
)


# ---------------------------------------------------------------------------
# MDCalc 10524: SCOFF questionnaire
# ---------------------------------------------------------------------------

SCOFF = point_score(
    id="scoff", name="SCOFF Questionnaire for Eating Disorders", mdcalc_id=10524, category="diagnosis",
    description=("Five yes/no screening questions for anorexia nervosa and bulimia (Sick, Control, One stone, "
                 "Fat, Food); two or more yes answers are a positive screen."),
    items=(
        yes_no("q1", "Do you make yourself Sick because you feel uncomfortably full?", 1, default=None),
        yes_no("q2", "Do you worry you have lost Control over how much you eat?", 1, default=None),
        yes_no("q3", "Have you recently lost more than One stone (14 pounds or 6.35 kg) in a 3 month period?", 1,
               default=None),
        yes_no("q4", "Do you believe yourself to be Fat when others say you are too thin?", 1, default=None),
        yes_no("q5", "Would you say that Food dominates your life?", 1, default=None),
    ),
    bands=(
        Band(0, 1, "SCOFF 0-1: negative screen for an eating disorder"),
        Band(2, 5, "SCOFF >=2: positive screen for an eating disorder (anorexia or bulimia likely; assess "
                   "further)"),
    ),
    reference=("Morgan JF, Reid F, Lacey JH. The SCOFF questionnaire: assessment of a new screening tool for "
               "eating disorders. BMJ. 1999;319(7223):1467-1468."),
    aliases=("SCOFF",),
    conventions=("Every question must be answered; none is assumed No.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10522: IDF-DAR fasting risk assessment (Ramadan)
# ---------------------------------------------------------------------------

IDF_DAR = point_score(
    id="idf_dar_fasting_risk", name="IDF-DAR Fasting Risk Assessment (Ramadan)", mdcalc_id=10522,
    category="risk",
    description=("Scores the risk of fasting during Ramadan for a person with diabetes from diabetes type and "
                 "duration, hypoglycaemia, HbA1c, treatment, glucose self-monitoring, recent DKA/HHS, "
                 "macrovascular and renal disease, pregnancy, frailty, physical labour, previous Ramadan "
                 "experience and fasting hours, read as low, moderate or high risk."),
    items=(
        Choice("q1", "Diabetes type", opts(("Type 2 diabetes", 0), ("Type 1 diabetes", 1))),
        Choice("q2", "Years since diabetes diagnosis", opts(("<10 years", 0), (">=10 years", 1))),
        Choice("q3", "Presence of hypoglycemia", opts(
            ("No hypoglycemia", 0), ("Hypoglycemia <1 time per week", 1),
            ("Hypoglycemia multiple times per week", 3.5), ("Recent severe hypoglycemia", 5.5),
            ("Hypoglycemia unawareness", 6.5))),
        Choice("q4", "Level of glycemic control", opts(
            ("HbA1c levels <7.5% (58.5 mmol/mol)", 0), ("HbA1c levels 7.5-9% (58.5-75 mmol/mol)", 1),
            ("HbA1c levels >9% (75 mmol/mol)", 2))),
        Choice("q5", "Type of treatment", opts(
            ("Other therapy not including SU or insulin", 0), ("Gliclazide/MR or glimepiride or repaglinide", 0.5),
            ("Glibenclamide", 1), ("Basal insulin", 1.5), ("Once daily mixed insulin", 2),
            ("Basal bolus/insulin pump", 2.5), ("Multiple daily mixed insulin injections", 3))),
        Choice("q6", "Self-monitoring of blood glucose (SMBG)", opts(
            ("Conducted as indicated", 0), ("Indicated but conducted suboptimally", 1),
            ("Indicated but not conducted", 2))),
        Choice("q7", "Acute complications", opts(
            ("No DKA or HHS", 0), ("DKA/HHS in the last 12 months", 1), ("DKA/HHS in the last 6 months", 2),
            ("DKA/HHS in the last 3 months", 3))),
        Choice("q8", "Macrovascular (MVD) complications/comorbidities", opts(
            ("No MVD", 0), ("Stable MVD", 2), ("Unstable MVD", 6.5))),
        Choice("q9", "Renal complications/comorbidities", opts(
            ("eGFR >60mL/min", 0), ("eGFR 45-60mL/min", 2), ("eGFR 30-45mL/min", 4), ("eGFR <30mL/min", 6.5))),
        Choice("q10", "Pregnancy", opts(
            ("Not pregnant", 0), ("Pregnant within targets", 3.5), ("Pregnant not within targets", 6.5))),
        Choice("q11", "Frailty and cognitive function", opts(
            ("No frailty or loss in cognitive function", 0), (">70 years old with no home support", 3.5),
            ("Impaired cognitive function or frail", 6.5))),
        Choice("q12", "Physical labor", opts(
            ("No physical labor", 0), ("Moderately intense physical labor", 2), ("Highly intense physical labor", 4))),
        Choice("q13", "Previous Ramadan experience", opts(("Positive experience", 0), ("Negative experience", 1))),
        Choice("q14", "Fasting hours", opts(("<16 h", 0), (">=16 h", 1))),
    ),
    bands=(
        Band(0, 3, "Score 0-3: low risk; fasting is probably safe"),
        Band(3.5, 6, "Score 3.5-6: moderate risk; the safety of fasting is uncertain"),
        Band(6.5, None, "Score >6: high risk; fasting is probably unsafe"),
    ),
    reference=("Hassanein M, Afandi B, Yakoob Ahmedani M, et al. Diabetes and Ramadan: practical guidelines 2021. "
               "Diabetes Res Clin Pract. 2022;185:109185."),
    aliases=("IDF-DAR", "IDF-DAR risk score", "Ramadan fasting risk"),
    conventions=("Every item must be given; none is assumed.",
                 "Points move in half-point steps, so the bands 0-3, 3.5-6 and >=6.5 meet without a gap."),
)
