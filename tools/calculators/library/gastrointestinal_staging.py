"""Gastrointestinal grading, staging and criteria of RiskAgent's library: Milan criteria, the Glasgow
Prognostic Scores, West Haven hepatic encephalopathy grades, LA oesophagitis grades, Edmonton obesity
staging, immune-related colitis grade, Travis criteria and BISAP."""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.library._gi_rules import _rule_score
from medmirror.tools.calculators.points import Band, Choice, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# MDCalc 3900: Milan criteria for liver transplantation
# ---------------------------------------------------------------------------


def _milan(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    burden = pts["onetumor"] == 1 or pts["threetumor"] == 1
    spread = pts["extrahep"] == 1 or pts["majorvess"] == 1
    ok = burden and not spread
    notes = [f"Tumour burden within limits (single <=5 cm or up to 3 each <=3 cm): {'yes' if burden else 'no'}",
             f"Extra-hepatic or major vessel involvement: {'yes' if spread else 'no'}"]
    if ok:
        return "Within", "Milan criteria met: eligible for liver transplantation for HCC", notes
    return "Outside", "Milan criteria not met: not eligible for liver transplantation by the Milan criteria", notes


MILAN = _rule_score(
    id="milan_criteria", name="Milan Criteria for Liver Transplantation", mdcalc_id=3900, category="diagnosis",
    description=("Decides whether a patient with cirrhosis and hepatocellular carcinoma is a transplant candidate: "
                 "one tumour up to 5 cm or up to three tumours each up to 3 cm, with no major vessel invasion and "
                 "no spread outside the liver."),
    items=(
        yes_no("onetumor", "Single tumor with diameter <=5 cm", 1, default=None),
        yes_no("threetumor", "Up to 3 tumors each with diameter <=3 cm", 1, default=None),
        yes_no("extrahep", "Extra-hepatic involvement", 1, default=None, yes_code=0, no_code=1),
        yes_no("majorvess", "Major vessel involvement", 1, default=None, yes_code=0, no_code=1),
    ),
    rule=_milan,
    reference=("Mazzaferro V, Regalia E, Doci R, et al. Liver transplantation for the treatment of small "
               "hepatocellular carcinomas in patients with cirrhosis. N Engl J Med. 1996;334(11):693-699."),
    aliases=("Milan criteria", "Mazzaferro criteria"),
    conventions=("MDCalc codes the involvement items 1 for No and 0 for Yes; they are read by label here.",
                 "Every item must be answered: none is assumed."),
    unit="",
)


# ---------------------------------------------------------------------------
# MDCalc 3311 and 3312: Glasgow Prognostic Score (GPS) and modified GPS
# ---------------------------------------------------------------------------

# MDCalc codes both items 1 and 2; the points are whether the value is abnormal.
_CRP = Choice("crp", "CRP", opts(("CRP <=10 mg/L", 0, 1), ("CRP >10 mg/L", 1, 2)))
_ALB = Choice("alb", "Albumin", opts(("Albumin <3.5 g/dL (35 g/L)", 1, 1), ("Albumin >=3.5 g/dL (35 g/L)", 0, 2)))

GPS = point_score(
    id="glasgow_prognostic_score", name="Glasgow Prognostic Score (GPS) for Cancer Outcomes", mdcalc_id=3311,
    category="risk",
    description=("Grades the systemic inflammatory response of a patient with cancer from two blood tests: one "
                 "point for CRP above 10 mg/L and one for albumin below 35 g/L (0-2); a higher score means a "
                 "poorer prognosis."),
    items=(_CRP, _ALB),
    bands=(
        Band(0, 0, "GPS 0: favorable prognosis (normal CRP and albumin)"),
        Band(1, 1, "GPS 1: intermediate prognosis (raised CRP or low albumin)"),
        Band(2, 2, "GPS 2: poor prognosis (raised CRP and low albumin)"),
    ),
    reference=("Forrest LM, McMillan DC, McArdle CS, Angerson WJ, Dunlop DJ. Evaluation of cumulative prognostic "
               "scores based on the systemic inflammatory response in patients with inoperable non-small-cell lung "
               "cancer. Br J Cancer. 2003;89(6):1028-1030."),
    aliases=("GPS", "Glasgow prognostic score"),
    conventions=("MDCalc codes each option 1 or 2; the score counts the abnormal values (CRP >10 mg/L, albumin "
                 "<35 g/L).",
                 "The words favorable / intermediate / poor name the order of the three groups; survival differs "
                 "by cancer type and is not stated here.",
                 "Both tests must be given."),
)


def _mgps(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    if pts["crp"] == 0:
        value, note = 0, "CRP <=10 mg/L scores 0 whatever the albumin"
    else:
        value = 2 if pts["alb"] == 1 else 1
        note = f"CRP >10 mg/L with albumin {'<' if value == 2 else '>='}35 g/L scores {value}"
    return value, None, [note]


MGPS = _rule_score(
    id="modified_glasgow_prognostic_score", name="Modified Glasgow Prognostic Score (mGPS) for Cancer Outcomes",
    mdcalc_id=3312, category="risk",
    description=("A variant of the Glasgow Prognostic Score that counts low albumin only when CRP is raised: 0 with "
                 "CRP up to 10 mg/L, 1 with raised CRP and normal albumin, 2 with raised CRP and albumin below 35 "
                 "g/L; a higher score means poorer survival in many cancers."),
    items=(_CRP, _ALB),
    rule=_mgps,
    bands=(
        Band(0, 0, "mGPS 0: favorable prognosis (e.g. gastric cancer 5-year overall survival 74.6%; renal cancer "
                   "1-year recurrence-free survival 90.9%)"),
        Band(1, 1, "mGPS 1: intermediate prognosis (e.g. gastric cancer 5-year overall survival 61.4%; renal "
                   "cancer 1-year recurrence-free survival 61.1%)"),
        Band(2, 2, "mGPS 2: poor prognosis (e.g. gastric cancer 5-year overall survival 34.6%; renal cancer 1-year "
                   "recurrence-free survival 10.1%)"),
    ),
    reference=("McMillan DC, Crozier JE, Canna K, Angerson WJ, McArdle CS. Evaluation of an inflammation-based "
               "prognostic score (GPS) in patients undergoing resection for colon and rectal cancer. Int J "
               "Colorectal Dis. 2007;22(8):881-886."),
    aliases=("mGPS", "modified GPS", "modified Glasgow prognostic score"),
    conventions=("Survival figures per group are the examples MDCalc lists for gastric and renal cancer; other "
                 "cancers differ. The words favorable / intermediate / poor name the order of the groups.",
                 "Both tests must be given (albumin is needed only when CRP is raised, but is always asked)."),
)


# ---------------------------------------------------------------------------
# MDCalc 674: hepatic encephalopathy grades (West Haven criteria)
# ---------------------------------------------------------------------------

HE_GRADES = point_score(
    id="west_haven_he_grade", name="Hepatic Encephalopathy Grades/Stages (West Haven Criteria)", mdcalc_id=674,
    category="severity",
    description=("Grades overt hepatic encephalopathy from the mental state at the bedside, from grade I (subtle "
                 "behavioural change) to grade IV (coma)."),
    items=(Choice("signs_symptoms", "Signs/Symptoms", opts(
        ("Changes in behavior with minimal change in level of consciousness", 1),
        ("Gross disorientation, drowsiness, possibly asterixis, inappropriate behavior", 2),
        ("Marked confusion, incoherent speech, sleeping most of the time but arousable to vocal stimuli", 3),
        ("Comatose, unresponsive to pain; decorticate or decerebrate posturing", 4))),),
    bands=(
        Band(1, 1, "Grade I hepatic encephalopathy"),
        Band(2, 2, "Grade II hepatic encephalopathy"),
        Band(3, 3, "Grade III hepatic encephalopathy"),
        Band(4, 4, "Grade IV hepatic encephalopathy"),
    ),
    reference=("Conn HO, Leevy CM, Vlahcevic ZR, et al. Comparison of lactulose and neomycin in the treatment of "
               "chronic portal-systemic encephalopathy: a double blind controlled trial. Gastroenterology. "
               "1977;72(4 Pt 1):573-583."),
    aliases=("West Haven criteria", "West Haven grade", "hepatic encephalopathy grade", "HE grade"),
    conventions=("The value is the grade (1-4); the presentation must be given.",),
    unit="grade",
)


# ---------------------------------------------------------------------------
# MDCalc 4061: Los Angeles (LA) grading of oesophagitis
# ---------------------------------------------------------------------------

_LA = "ABCD"


def _la(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    grade = _LA[int(pts["findings"])]
    severity = "mild" if grade in "AB" else "severe"
    return grade, f"LA grade {grade}: {severity} reflux esophagitis", []


LA_GRADE = _rule_score(
    id="la_esophagitis_grade", name="Los Angeles (LA) Grading of Esophagitis", mdcalc_id=4061,
    category="severity",
    description=("Grades erosive reflux oesophagitis at endoscopy by the length and spread of mucosal breaks, from "
                 "grade A (breaks up to 5 mm) to grade D (breaks around at least three quarters of the "
                 "circumference); A-B is mild, C-D severe."),
    items=(Choice("findings", "Endoscopic findings", opts(
        ("Mucosal break(s) <=5 mm, without continuity across mucosal folds", 0),
        ("Mucosal break(s) >5 mm, without continuity across mucosal folds", 1),
        ("Mucosal break(s) continuous between >=2 mucosal folds, involving <75% of the esophageal circumference", 2),
        ("Mucosal break(s) involving >=75% of the esophageal circumference", 3))),),
    rule=_la,
    reference=("Lundell LR, Dent J, Bennett JR, et al. Endoscopic assessment of oesophagitis: clinical and "
               "functional correlates and further validation of the Los Angeles classification. Gut. "
               "1999;45(2):172-180."),
    aliases=("LA classification", "LA grade", "Los Angeles classification of esophagitis"),
    conventions=("MDCalc codes grades A-D as 0-3; the value is the letter.",
                 "The endoscopic finding must be given."),
    unit="",
)


# ---------------------------------------------------------------------------
# MDCalc 10536: Edmonton Obesity Staging System (EOSS)
# ---------------------------------------------------------------------------

_EOSS_TEXT = {
    0: "EOSS stage 0: no obesity-related risk factors, physical symptoms, psychopathology or functional limitation",
    1: "EOSS stage 1: subclinical obesity-related risk factors, mild physical symptoms, mild psychopathology or "
       "mild functional limitation",
    2: "EOSS stage 2: established obesity-related chronic disease, moderate limitation of daily activities or "
       "well-being",
    3: "EOSS stage 3: established end-organ damage, significant psychopathology or significant functional "
       "limitation",
    4: "EOSS stage 4: severe (potentially end-stage) disability from obesity-related disease, psychopathology or "
       "functional limitation",
}


def _eoss(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    stage = int(max(pts.values()))
    return stage, _EOSS_TEXT[stage], ["Stage = the most severe of the three domains"]


EOSS = _rule_score(
    id="edmonton_obesity_staging", name="Edmonton Obesity Staging System (EOSS)", mdcalc_id=10536,
    category="severity",
    description=("Stages a person with obesity by the harm it does rather than by weight: the worst of "
                 "obesity-related medical risk factors, physical symptoms or functional limits, and psychological "
                 "symptoms sets a stage from 0 to 4."),
    items=(
        Choice("q1", "Obesity-related risk factors", opts(
            ("None", 0), ("Subclinical (examples include borderline HTN, impaired fasting glucose, etc.)", 1),
            ("Established (risk factors that require medical intervention, including HTN, DMII, sleep apnea, etc.)", 2),
            ("Significant (risk factors that have led to end-organ damage, such as MI, HF, complications from DM, "
             "etc.)", 3),
            ("Severe (potentially end-stage obesity-related medical conditions)", 4))),
        Choice("q2", "Physical symptoms or functional limitations", opts(
            ("None", 0), ("Mild (some dyspnea on exertion, occasional aches, fatigue, etc.)", 1),
            ("Moderate (some limitations in daily activity)", 2),
            ("Significant (unable to work or complete routine activities)", 3),
            ("Severe (disabling functional limitations)", 4))),
        Choice("q3", "Psychological symptoms", opts(
            ("None", 0), ("Mild (symptoms of well-being impairment, without impact to quality of life)", 1),
            ("Moderate (depression, anxiety, eating disorders, quality of life is beginning to be impacted due to "
             "limitations)", 2),
            ("Significant (major depression, suicidal ideation, quality of life is significantly impacted)", 3),
            ("Severe (disabling psychological symptoms)", 4))),
    ),
    rule=_eoss,
    reference=("Sharma AM, Kushner RF. A proposed clinical staging system for obesity. Int J Obes (Lond). "
               "2009;33(3):289-295."),
    aliases=("EOSS", "Edmonton obesity stage"),
    conventions=("The stage is the highest of the three domains, not a sum.",
                 "All three domains must be given (a domain without problems is answered 'None')."),
    unit="stage",
)


# ---------------------------------------------------------------------------
# MDCalc 10245: immune-related adverse events, GI toxicity - colitis (CTCAE grade)
# ---------------------------------------------------------------------------

IRAE_COLITIS = point_score(
    id="irae_colitis_grade", name="Immune-Related Adverse Events for GI Toxicity - Colitis", mdcalc_id=10245,
    category="severity",
    description=("Grades diarrhoea and colitis during immune checkpoint inhibitor therapy by the CTCAE scale, from "
                 "grade 1 (fewer than 4 extra stools a day) to grade 4 (life-threatening), the grade that sets the "
                 "management."),
    items=(Choice("grading", "CTCAE for diarrhea", opts(
        ("Increase of <4 stools per day over baseline; mild increase in ostomy output compared with baseline", 1),
        ("Increase of 4-6 stools per day over baseline; moderate increase in ostomy output compared with baseline",
         2),
        ("Increase of >=7 stools per day over baseline; incontinence; hospitalization indicated; severe increase in "
         "ostomy output compared with baseline; limiting self-care/activities of daily living", 3),
        ("Life-threatening consequences; urgent intervention indicated", 4))),),
    bands=(
        Band(1, 1, "Colitis grade 1 (G1)"),
        Band(2, 2, "Colitis grade 2 (G2)"),
        Band(3, 3, "Colitis grade 3 (G3)"),
        Band(4, 4, "Colitis grade 4 (G4)"),
    ),
    reference=("Brahmer JR, Lacchetti C, Schneider BJ, et al. Management of immune-related adverse events in "
               "patients treated with immune checkpoint inhibitor therapy: American Society of Clinical Oncology "
               "clinical practice guideline. J Clin Oncol. 2018;36(17):1714-1768."),
    aliases=("irAE colitis grade", "checkpoint inhibitor colitis grade", "CTCAE diarrhea grade"),
    conventions=("The grade only: the management steps MDCalc shows are not in the library and are not given "
                 "here.",
                 "The diarrhoea grade must be given."),
    unit="grade",
)


# ---------------------------------------------------------------------------
# MDCalc 10512: Travis criteria (acute severe ulcerative colitis, day 3)
# ---------------------------------------------------------------------------


def _travis(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    high = pts["stools"] == 2 or (pts["stools"] == 1 and pts["crp"] == 1)
    note = "Rule: >8 stools, or 3-8 stools with CRP >45 mg/L, on day 3"
    if high:
        return "Positive", "Travis criteria met: high risk of needing colectomy", [note + " -> met"]
    return "Negative", "Travis criteria not met: low risk of needing colectomy by these criteria", [note + " -> not met"]


TRAVIS = _rule_score(
    id="travis_criteria", name="Travis Criteria", mdcalc_id=10512, category="risk",
    description=("On the third day of intravenous steroids for acute severe ulcerative colitis, flags patients "
                 "likely to need colectomy: more than 8 stools a day, or 3-8 stools with CRP above 45 mg/L."),
    items=(
        Choice("stools", "Number of stools (day 3)", opts(("<3", 0), ("3-8", 1), (">8", 2))),
        yes_no("crp", "CRP >45 mg/L (>428 nmol/L)", 1, default=None),
    ),
    rule=_travis,
    reference=("Travis SP, Farrant JM, Ricketts C, et al. Predicting outcome in severe ulcerative colitis. Gut. "
               "1996;38(6):905-910."),
    aliases=("Travis criteria", "Oxford criteria", "Travis index"),
    conventions=("Both items must be given (CRP is asked even with >8 stools).",),
    unit="",
)


# ---------------------------------------------------------------------------
# MDCalc 1735: BISAP score for pancreatitis mortality
# ---------------------------------------------------------------------------

BISAP = point_score(
    id="bisap", name="BISAP Score for Pancreatitis Mortality", mdcalc_id=1735, category="risk",
    description=("Early (first 24 hours) risk score in acute pancreatitis: one point each for BUN above 25 mg/dL, "
                 "impaired mental status, two or more SIRS criteria, age over 60 and pleural effusion (0-5); a "
                 "higher score means higher in-hospital mortality and more severe disease."),
    items=(
        yes_no("bun_25", "BUN >25 mg/dL (8.92 mmol/L)", 1, default=None),
        yes_no("mental_status", "Impaired mental status", 1, default=None),
        yes_no("sirs_criteria", ">=2 SIRS Criteria", 1, default=None),
        yes_no("age_60", "Age >60 years", 1, default=None),
        yes_no("pleural_effusion", "Pleural effusion present", 1, default=None),
    ),
    bands=(Band(0, 5, "BISAP total (0-5): mortality and severity rise with the score; no mortality per score is "
                      "applied (the library states none)"),),
    reference=("Wu BU, Johannes RS, Sun X, Tabak Y, Conwell DL, Banks PA. The early prediction of mortality in acute "
               "pancreatitis: a large population-based study. Gut. 2008;57(12):1698-1703."),
    aliases=("BISAP", "bedside index for severity in acute pancreatitis"),
    conventions=("The mortality per score is not in the library and was not checked against the paper offline, so "
                 "the total is reported without a mortality figure or class.",
                 "Every item must be given: none is assumed normal."),
)
