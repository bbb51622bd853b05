"""Endocrine, metabolic, bone and nutrition scores of RiskAgent's library.

Fracture risk, diabetic ketoacidosis, fatty liver, thyroid storm, familial hypercholesterolemia,
malnutrition screening and others, each following its primary publication.
"""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, band_of, item_points, opts, point_score, yes_no


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
