"""Acute abdominal and colitis scores of RiskAgent's library: the Appendicitis Inflammatory Response score,
the Harmless Acute Pancreatitis Score and the Ho index for acute severe ulcerative colitis."""

from __future__ import annotations

from medmirror.tools.calculators.points import Band, Choice, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# MDCalc 3984: Appendicitis Inflammatory Response (AIR) score
# ---------------------------------------------------------------------------

AIR = point_score(
    id="air_appendicitis", name="Appendicitis Inflammatory Response (AIR) Score", mdcalc_id=3984,
    category="diagnosis",
    description=("Grades the probability of acute appendicitis from vomiting, right iliac fossa pain, rebound "
                 "tenderness, fever of 38.5 C or more, neutrophil share, white cell count and CRP (0-12 points) "
                 "into low, indeterminate and high risk, each with a management step."),
    items=(
        Choice("vomit", "Vomiting", opts(("No", 0), ("Yes", 1))),
        Choice("pain", "Pain in the right iliac fossa (RIF)", opts(("No", 0), ("Yes", 1))),
        Choice("rebound", "Rebound tenderness or muscular defence", opts(
            ("None", 0), ("Light", 1), ("Medium", 2), ("Strong", 3))),
        Choice("body", "Temperature >=38.5 C (101.3 F)", opts(("No", 0), ("Yes", 1))),
        Choice("poly", "Polymorphonuclear leukocytes", opts(("<70%", 0), ("70-84%", 1), (">=85%", 2))),
        Choice("wbc", "WBC count, x10^9/L", opts(("<10", 0), ("10.0-14.9", 1), (">=15", 2))),
        Choice("crp", "CRP level, mg/L", opts(("<10", 0), ("10-49", 1), (">=50", 2))),
    ),
    bands=(
        Band(0, 4, "AIR 0-4: low risk of appendicitis; outpatient follow-up if the general condition is "
                   "unaltered"),
        Band(5, 8, "AIR 5-8: indeterminate risk; in-hospital active observation with serial re-examination, "
                   "imaging or diagnostic laparoscopy according to local practice"),
        Band(9, 12, "AIR 9-12: high risk of appendicitis; surgical exploration"),
    ),
    reference=("Andersson M, Andersson RE. The appendicitis inflammatory response score: a tool for the diagnosis "
               "of acute appendicitis that outperforms the Alvarado score. World J Surg. 2008;32(8):1843-1849."),
    aliases=("AIR score", "appendicitis inflammatory response"),
    conventions=("Every item must be given, the laboratory items included; none is assumed normal.",
                 "Management per group follows the Scandinavian validation (Andersson 2014), as MDCalc "
                 "shows."),
)


# ---------------------------------------------------------------------------
# MDCalc 3286: Harmless Acute Pancreatitis Score (HAPS)
# ---------------------------------------------------------------------------

HAPS = point_score(
    id="haps", name="Harmless Acute Pancreatitis Score (HAPS)", mdcalc_id=3286, category="severity",
    description=("Identifies, on admission, acute pancreatitis that will run a harmless (non-severe) course: "
                 "no peritonitis, creatinine under 2 mg/dL and a normal haematocrit; any abnormal finding means "
                 "the attack cannot be called harmless."),
    items=(
        Choice("peri", "Peritonitis (rebound tenderness or guarding)", opts(("Absent", 0), ("Present", 1))),
        yes_no("creat", "Creatinine >=2 mg/dL (177 µmol/L)", 1, default=None),
        yes_no("hct", "Hematocrit >=43% (male) or >=39.6% (female)", 1, default=None),
    ),
    bands=(
        Band(0, 0, "HAPS 0: harmless (non-severe) acute pancreatitis; likely no further testing or ICU admission "
                   "needed"),
        Band(1, 3, "HAPS >=1: not harmless; severe course possible - consider further testing and possible ICU "
                   "admission"),
    ),
    reference=("Lankisch PG, Weber-Dany B, Hebel K, Maisonneuve P, Lowenfels AB. The harmless acute "
               "pancreatitis score: a clinical algorithm for rapid initial stratification of nonsevere disease. "
               "Clin Gastroenterol Hepatol. 2009;7(6):702-705."),
    aliases=("HAPS",),
    conventions=("All three findings must be given; none is assumed normal.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10511: Ho index (acute severe ulcerative colitis)
# ---------------------------------------------------------------------------

HO_INDEX = point_score(
    id="ho_index", name="Ho Index for Acute Severe Ulcerative Colitis", mdcalc_id=10511, category="risk",
    description=("Predicts failure of intravenous steroid therapy in acute severe ulcerative colitis from the "
                 "mean stool frequency over the first 3 days, colonic dilatation and hypoalbuminaemia (0-9 "
                 "points)."),
    items=(
        Choice("msf", "Mean stool frequency, stools/24 hrs", opts(
            ("<=4", 0), (">4 to <=6", 1), (">6 to <=9", 2), (">9", 4))),
        Choice("cd", "Colonic dilatation", opts(("Absent", 0), ("Present", 4))),
        yes_no("ha", "Hypoalbuminemia (albumin <=3 g/dL, 30 g/L)", 1, default=None),
    ),
    bands=(
        Band(0, 1, "Ho index 0-1: low risk; 11% risk of medical therapy failure"),
        Band(2, 3, "Ho index 2-3: intermediate risk; 45% risk of medical therapy failure"),
        Band(4, 9, "Ho index 4-9: high risk; 85% risk of medical therapy failure"),
    ),
    reference=("Ho GT, Mowat C, Goddard CJ, et al. Predicting the outcome of severe ulcerative colitis: "
               "development of a novel risk score to aid early selection of patients for second-line medical "
               "therapy or surgery. Aliment Pharmacol Ther. 2004;19(10):1079-1087."),
    aliases=("Ho score", "Ho index"),
    conventions=("Every item must be given; none is assumed.",),
)
