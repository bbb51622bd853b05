"""Gastrointestinal and hepatic scores of RiskAgent's library: bleeding, inflammatory bowel disease,
pancreatitis, liver disease, surgery risk and the Rome diagnostic criteria of functional GI disorders.

Plain sums of points are written with :func:`point_score`. Scores read by a rule (all criteria met,
"two of six", a class from a table, a capped item) go through :func:`._gi_rules._rule_score`, which keeps the
items as data and states the rule in a small function.
"""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.library._gi_rules import (
    _ROME_CONVENTION,
    ROME_IV_ADULT_BOWEL,
    ROME_IV_CAPS,
    ROME_IV_CHILD,
    _rome,
    _rule_score,
)
from medmirror.tools.calculators.points import (
    Band,
    Choice,
    opts,
    point_score,
    yes_no,
)

# ---------------------------------------------------------------------------
# MDCalc 3643: Rockall score, pre-endoscopy (clinical Rockall)
# ---------------------------------------------------------------------------

ROCKALL_REF = ("Rockall TA, Logan RF, Devlin HB, Northfield TC. Risk assessment after acute upper "
               "gastrointestinal haemorrhage. Gut. 1996;38(3):316-321.")

_ROCKALL_AGE = Choice("age", "Age", opts(("<60 years", 0), ("60-79 years", 1), (">=80 years", 2)))
_ROCKALL_SHOCK = Choice("shock", "Shock", opts(
    ("No shock (SBP >=100 AND HR <100)", 0), ("Tachycardia (SBP >=100 AND HR >=100)", 1),
    ("Hypotension (SBP <100)", 2)))
_ROCKALL_COMOR = Choice("comor", "Comorbidities", opts(
    ("No major comorbidity", 0),
    ("Any comorbidity EXCEPT renal failure, liver failure, and/or disseminated malignancy", 2),
    ("Renal failure, liver failure, and/or disseminated malignancy", 3)))

ROCKALL_PRE = point_score(
    id="rockall_pre_endoscopy", name="Rockall Score, pre-endoscopy (clinical Rockall)", mdcalc_id=3643,
    category="risk",
    description=("Estimates the risk of death in acute upper GI bleeding before endoscopy, from age, "
                 "haemodynamic shock (heart rate, systolic pressure) and comorbidity; 0-7 points."),
    items=(_ROCKALL_AGE, _ROCKALL_SHOCK, _ROCKALL_COMOR),
    bands=(
        Band(0, 0, "Score 0: 0.2% mortality prior to endoscopy"),
        Band(1, 1, "Score 1: 2.4% mortality prior to endoscopy"),
        Band(2, 2, "Score 2: 5.6% mortality prior to endoscopy"),
        Band(3, 3, "Score 3: 11% mortality prior to endoscopy"),
        Band(4, 4, "Score 4: 24.6% mortality prior to endoscopy"),
        Band(5, 5, "Score 5: 39.6% mortality prior to endoscopy"),
        Band(6, 6, "Score 6: 48.9% mortality prior to endoscopy"),
        Band(7, 7, "Score 7: 50% mortality prior to endoscopy"),
    ),
    reference=ROCKALL_REF,
    aliases=("clinical Rockall", "pre-endoscopy Rockall", "Rockall"),
    conventions=("Age, shock and comorbidity must be given; none is assumed.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10308: Rome IV centrally mediated abdominal pain syndrome (CAPS)
# ---------------------------------------------------------------------------

ROME_CAPS = _rome(
    id="rome4_caps", name="Rome IV Criteria for Centrally Mediated Abdominal Pain Syndrome (CAPS)",
    mdcalc_id=10308, condition="centrally mediated abdominal pain syndrome",
    description=("Rome IV diagnosis of centrally mediated abdominal pain syndrome: continuous pain unrelated "
                 "to eating or defecation that limits daily life, not feigned and not explained otherwise, "
                 "for the last 3 months with onset at least 6 months before."),
    criteria=(
        ("one", "Continuous or nearly continuous abdominal pain"),
        ("two", "No or only occasional relationship of pain with physiological events (e.g. eating, "
                "defecation, or menses)"),
        ("three", "Pain limits some aspect of daily functioning"),
        ("four", "The pain is not feigned"),
        ("five", "Pain is not explained by another structural or functional gastrointestinal disorder, or "
                 "other medical condition"),
    ),
    reference=ROME_IV_CAPS, aliases=("CAPS", "functional abdominal pain syndrome", "FAPS"),
)


# ---------------------------------------------------------------------------
# MDCalc 3167: Manning criteria for IBS
# ---------------------------------------------------------------------------

_MANNING = (
    ("freq", "Onset of pain linked to more frequent bowel movements"),
    ("loose", "Looser stools associated with onset of pain"),
    ("painrel", "Pain relieved by passage of stool"),
    ("bloat", "Noticeable abdominal bloating"),
    ("evac", "Sensation of incomplete evacuation > 25% of the time"),
    ("diarrhea", "Diarrhea with mucus > 25% of the time"),
)
_MANNING_FLAGS = (
    ("age", "Age > 50 years"), ("weight", "Weight loss"), ("blood", "Blood in stools"),
    ("anemia", "Anemia"), ("fever", "Fever"),
)


def _manning(pts: dict[str, float], picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    count = int(sum(pts[k] for k, _ in _MANNING))
    flags = [q for k, q in _MANNING_FLAGS if picked[k] == "Yes"]
    if count < 3:
        text = f"{count} of 6 criteria: IBS unlikely by the Manning criteria (fewer than 3 met)"
    elif flags:
        text = (f"{count} of 6 criteria but red flag signs present ({', '.join(flags)}): inconclusive, IBS "
                "cannot be diagnosed on the Manning criteria alone; evaluate for organic disease")
    else:
        text = f"{count} of 6 criteria and no red flags: IBS likely (high likelihood)"
    return count, text, [f"Criteria met: {count} of 6; red flags: {', '.join(flags) or 'none'}"]


MANNING = _rule_score(
    id="manning_ibs", name="Manning Criteria for Irritable Bowel Syndrome", mdcalc_id=3167, category="diagnosis",
    description=("Counts six symptoms typical of irritable bowel syndrome (pain linked to bowel habit, bloating, "
                 "incomplete evacuation, mucus); three or more point to IBS when no red flag sign (age over 50, "
                 "weight loss, bleeding, anaemia, fever) calls for a search for organic disease."),
    items=(tuple(yes_no(k, q, 1, default=None) for k, q in _MANNING)
           + tuple(yes_no(k, q, 0, default=None, yes_code=1) for k, q in _MANNING_FLAGS)),
    rule=_manning, unit="criteria",
    reference=("Manning AP, Thompson WG, Heaton KW, Morris AF. Towards positive diagnosis of the irritable "
               "bowel. Br Med J. 1978;2(6138):653-654."),
    aliases=("Manning criteria", "Manning score"),
    conventions=("The red flags score no points; any of them makes 3+ criteria inconclusive (MDCalc's reading: "
                 "the criteria apply only when no red flag is present).",
                 "Every item must be answered; none is assumed absent."),
)


# ---------------------------------------------------------------------------
# MDCalc 10235: Truelove and Witts severity index for ulcerative colitis
# ---------------------------------------------------------------------------


def _truelove(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    systemic = [k for k in ("pyr", "hr", "an", "esr") if pts[k]]
    if pts["bowel"] == 2 and systemic:
        return "Severe", "Severe ulcerative colitis", [
            f"Rule: >=6 stools/day and {len(systemic)} sign(s) of systemic upset -> severe"]
    if all(pts[k] == 0 for k in ("bowel", "blood", "pyr", "hr", "an", "esr")):
        return "Mild", "Mild ulcerative colitis", [
            "Rule: every criterion in its mild range -> mild"]
    return "Moderate", "Moderate severity ulcerative colitis", [
        "Rule: neither all mild criteria nor >=6 stools/day with systemic upset -> moderate"]


TRUELOVE_WITTS = _rule_score(
    id="truelove_witts", name="Truelove and Witts Severity Index for Ulcerative Colitis", mdcalc_id=10235,
    category="severity",
    description=("Grades an ulcerative colitis flare as mild, moderate or severe from stool frequency, blood in "
                 "the stool and signs of systemic upset (fever, tachycardia, anaemia, raised ESR)."),
    items=(
        Choice("bowel", "Bowel movements per day", opts(("<4", 0), ("4-5", 1), (">=6", 2))),
        Choice("blood", "Blood in stool", opts(("None or no more than small amounts of blood", 0),
                                               ("Between mild and severe", 1), ("Visible blood", 2))),
        yes_no("pyr", "Pyrexia (temperature >=37.8 C)", 1, default=None),
        yes_no("hr", "Pulse >90 bpm", 1, default=None),
        yes_no("an", "Anemia (hemoglobin <=10.5 g/dL)", 1, default=None),
        Choice("esr", "Erythrocyte sedimentation rate, mm/hr", opts(("<=30", 0), (">30", 1))),
    ),
    rule=_truelove, unit="",
    reference=("Truelove SC, Witts LJ. Cortisone in ulcerative colitis; final report on a therapeutic trial. "
               "Br Med J. 1955;2(4947):1041-1048."),
    aliases=("Truelove-Witts", "Truelove and Witts criteria"),
    conventions=("Severe: >=6 stools/day plus at least one of fever, pulse >90, anaemia or ESR >30 (MDCalc's "
                 "statement of the rule; the 1955 paper speaks of >=6 bloody stools).",
                 "Mild only when every criterion is in its mild range; anything else is moderate.",
                 "Every item must be answered; none is assumed."),
)


# ---------------------------------------------------------------------------
# MDCalc 10329: Rome IV child abdominal migraine
# ---------------------------------------------------------------------------

ROME_CHILD_ABDOMINAL_MIGRAINE = _rome(
    id="rome4_child_abdominal_migraine", name="Rome IV Criteria for Child Abdominal Migraine", mdcalc_id=10329,
    condition="abdominal migraine (child)",
    description=("Rome IV diagnosis of abdominal migraine in children and adolescents: stereotyped, "
                 "incapacitating paroxysms of periumbilical or diffuse pain lasting an hour or more, weeks to "
                 "months apart, with migraine-like features, occurring at least twice in 6 months."),
    criteria=(
        ("one", "Paroxysmal episodes of intense, acute periumbilical, midline, or diffuse abdominal pain lasting "
                ">=1 hour (should be the most severe and distressing symptom)"),
        ("two", "Episodes are separated by weeks to months"),
        ("three", "The pain is incapacitating and interferes with normal activities"),
        ("four", "Stereotypical pattern and symptoms in the individual patient"),
        ("five", "The pain is associated with >=2 of the following: anorexia, nausea, vomiting, headache, "
                 "photophobia, pallor"),
        ("eleven", "After appropriate evaluation, the symptoms cannot be fully explained by another medical "
                   "condition"),
    ),
    reference=ROME_IV_CHILD, aliases=("abdominal migraine",),
)


# ---------------------------------------------------------------------------
# MDCalc 10194: Fistula Risk Score (pancreatic fistula after pancreatoduodenectomy)
# ---------------------------------------------------------------------------

PANCREATIC_FISTULA = point_score(
    id="pancreatic_fistula_risk", name="Pancreatic Fistula Risk Score (FRS)", mdcalc_id=10194, category="risk",
    description=("Predicts clinically relevant postoperative pancreatic fistula after pancreatoduodenectomy "
                 "from gland texture, pathology, pancreatic duct diameter and intraoperative blood loss "
                 "(0-10 points)."),
    items=(
        Choice("gland", "Gland texture", opts(("Firm", 0), ("Soft", 2))),
        Choice("path", "Pathology", opts(
            ("Pancreatic adenocarcinoma or pancreatitis", 0),
            ("Any other pathology (e.g. ampullary, duodenal, cystic, islet cell)", 1))),
        Choice("diameter", "Pancreatic duct diameter", opts(
            (">=5 mm", 0), ("4 mm", 1), ("3 mm", 2), ("2 mm", 3), ("<=1 mm", 4))),
        Choice("loss", "Intraoperative blood loss", opts(
            ("<=400 mL", 0), ("401-700 mL", 1), ("701-1,000 mL", 2), (">1,000 mL", 3))),
    ),
    bands=(
        Band(0, 0, "Negligible risk: ~0% clinically relevant pancreatic fistula"),
        Band(1, 2, "Low risk: 6.6% clinically relevant pancreatic fistula"),
        Band(3, 6, "Intermediate risk: 12.9% clinically relevant pancreatic fistula"),
        Band(7, 10, "High risk: 28.1% clinically relevant pancreatic fistula"),
    ),
    reference=("Callery MP, Pratt WB, Kent TS, Chaikof EL, Vollmer CM Jr. A prospectively validated clinical "
               "risk score accurately predicts pancreatic fistula after pancreatoduodenectomy. J Am Coll Surg. "
               "2013;216(1):1-14."),
    aliases=("FRS", "fistula risk score", "POPF risk score"),
    conventions=("Fistula rates per risk group are those of Miller et al. 2014 (the figures MDCalc shows).",),
)


# ---------------------------------------------------------------------------
# MDCalc 3675: Mayo score (Disease Activity Index) for ulcerative colitis
# ---------------------------------------------------------------------------

MAYO_UC = point_score(
    id="mayo_uc", name="Mayo Score / Disease Activity Index (DAI) for Ulcerative Colitis", mdcalc_id=3675,
    category="severity",
    description=("Rates ulcerative colitis activity from stool frequency, rectal bleeding, the endoscopic "
                 "appearance of the mucosa and the physician's global assessment, each 0-3 (total 0-12)."),
    items=(
        Choice("stool", "Stool frequency", opts(
            ("Normal", 0), ("1-2 stools/day more than normal", 1), ("3-4 stools/day more than normal", 2),
            (">4 stools/day more than normal", 3))),
        Choice("rectal", "Rectal bleeding", opts(
            ("None", 0), ("Visible blood with stool less than half the time", 1),
            ("Visible blood with stool half of the time or more", 2), ("Passing blood alone", 3))),
        Choice("mucos", "Mucosal appearance at endoscopy", opts(
            ("Normal or inactive disease", 0),
            ("Mild disease (erythema, decreased vascular pattern, mild friability)", 1),
            ("Moderate disease (marked erythema, absent vascular pattern, friability, erosions)", 2),
            ("Severe disease (spontaneous bleeding, ulceration)", 3))),
        Choice("rating", "Physician rating of disease activity", opts(
            ("Normal", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))),
    ),
    bands=(
        Band(0, 2, "Remission / inactive disease (Mayo 0-2)"),
        Band(3, 5, "Mild disease activity (Mayo 3-5)"),
        Band(6, 10, "Moderate disease activity (Mayo 6-10)"),
        Band(11, 12, "Severe disease activity (Mayo 11-12)"),
    ),
    reference=("Schroeder KW, Tremaine WJ, Ilstrup DM. Coated oral 5-aminosalicylic acid therapy for mildly to "
               "moderately active ulcerative colitis. A randomized study. N Engl J Med. 1987;317(26):1625-1629."),
    aliases=("Mayo score", "Mayo DAI", "UC disease activity index", "Mayo Clinic score"),
    conventions=("The paper gives no bands; the usual trial reading is used (0-2 remission, 3-5 mild, 6-10 "
                 "moderate, 11-12 severe). A higher score means more active disease; compare with the "
                 "patient's previous scores.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10520: Obesity Surgery Mortality Risk Score (OS-MRS)
# ---------------------------------------------------------------------------

OS_MRS = point_score(
    id="os_mrs", name="Obesity Surgery Mortality Risk Score (OS-MRS)", mdcalc_id=10520, category="risk",
    description=("Estimates the risk of death after gastric bypass from five risk factors (BMI >=50, male sex, "
                 "hypertension, pulmonary embolism risk, age >=45), one point each, read as class A-C."),
    items=(
        yes_no("q1", "BMI >=50 kg/m2", 1, default=None),
        yes_no("q2", "Male gender", 1, default=None),
        yes_no("q3", "Hypertension", 1, default=None),
        yes_no("q4", "Risk of PE (obesity hypoventilation, venous stasis ulcers, previous PE or IVC filter)", 1,
               default=None),
        yes_no("q5", "Age >=45 years", 1, default=None),
    ),
    bands=(
        Band(0, 1, "Class A (low risk): 0.31% mortality"),
        Band(2, 3, "Class B (intermediate risk): 1.9% mortality"),
        Band(4, 5, "Class C (high risk): 7.56% mortality"),
    ),
    reference=("DeMaria EJ, Portenier D, Wolfe L. Obesity surgery mortality risk score: proposal for a "
               "clinically useful score to predict mortality risk in patients undergoing gastric bypass. "
               "Surg Obes Relat Dis. 2007;3(2):134-140."),
    aliases=("OS-MRS", "obesity surgery mortality risk"),
    conventions=("Every factor must be answered; none is assumed absent.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10395: Ulcerative Colitis Endoscopic Index of Severity (UCEIS)
# ---------------------------------------------------------------------------

UCEIS = point_score(
    id="uceis", name="Ulcerative Colitis Endoscopic Index of Severity (UCEIS)", mdcalc_id=10395,
    category="severity",
    description=("Grades the endoscopic severity of ulcerative colitis from the vascular pattern, bleeding and "
                 "erosions or ulcers at the worst-affected area (0-8)."),
    items=(
        Choice("pattern", "Vascular pattern", opts(("Normal", 0), ("Patchy obliteration", 1), ("Obliterated", 2))),
        Choice("bleeding", "Bleeding", opts(
            ("None", 0), ("Mucosal", 1), ("Luminal mild", 2), ("Luminal moderate or severe", 3))),
        Choice("ulcers", "Erosions and ulcers", opts(
            ("None", 0), ("Erosions", 1), ("Superficial ulcer", 2), ("Deep ulcer", 3))),
    ),
    bands=(
        Band(0, 1, "Remission (UCEIS 0-1)"),
        Band(2, 4, "Mild endoscopic severity (UCEIS 2-4)"),
        Band(5, 6, "Moderate endoscopic severity (UCEIS 5-6)"),
        Band(7, 8, "Severe endoscopic severity (UCEIS 7-8)"),
    ),
    reference=("Travis SP, Schnell D, Krzeski P, et al. Developing an instrument to assess the endoscopic "
               "severity of ulcerative colitis: the Ulcerative Colitis Endoscopic Index of Severity (UCEIS). "
               "Gut. 2012;61(4):535-542."),
    aliases=("UCEIS",),
)


# ---------------------------------------------------------------------------
# MDCalc 10218: ATLAS score for Clostridioides difficile infection
# ---------------------------------------------------------------------------

_ATLAS_TABLE = {0: ("95.7%", "0.0%"), 1: ("93.3%", "0.0%"), 2: ("92.7%", "0.0%"), 3: ("89.5%", "3.6%"),
                4: ("81.1%", "4.2%"), 5: ("76.1%", "8.7%"), 6: ("85.7%", "10.9%"), 7: ("50.0%", "14.3%"),
                8: ("55.6%", "56.0%")}

ATLAS = point_score(
    id="atlas_cdi", name="ATLAS Score for Clostridioides difficile Infection", mdcalc_id=10218, category="risk",
    description=("Predicts cure with treatment and mortality in C. difficile infection from age, concurrent "
                 "systemic antibiotics, leukocyte count, serum albumin and creatinine (0-10 points)."),
    items=(
        Choice("age", "Age, years", opts(("<60", 0), ("60-79", 1), (">=80", 2))),
        yes_no("treat", "Treatment with systemic antibiotics during C. diff infection therapy (>=1 day)", 2,
               default=None),
        Choice("leuk", "Leukocyte count, cells/µL", opts(("<16,000", 0), ("16,000-25,000", 1), (">25,000", 2))),
        Choice("alb", "Serum albumin", opts(
            (">3.5 g/dL (>35\u2009g/L)", 0), ("2.6-3.5 g/dL (26-35\u2009g/L)", 1), ("<2.6 g/dL (<26\u2009g/L)", 2))),
        Choice("cr", "Serum creatinine", opts(
            ("<=1.3 mg/dL (<=120\u2009umol/L)", 0), ("1.4-2.0 mg/dL (121-179\u2009umol/L)", 1),
            (">=2.1 mg/dL (>=180\u2009umol/L)", 2))),
    ),
    bands=tuple(Band(s, s, f"ATLAS {s}: cure rate {c}, mortality {m}") for s, (c, m) in _ATLAS_TABLE.items())
    + (Band(9, 10, "ATLAS 9-10: cure rate 33.0%, mortality >56%"),),
    reference=("Miller MA, Louie T, Mullane K, et al. Derivation and validation of a simple clinical bedside "
               "score (ATLAS) for Clostridium difficile infection which predicts response to therapy. "
               "BMC Infect Dis. 2013;13:148."),
    aliases=("ATLAS", "C diff ATLAS"),
    conventions=("The five-variable version (temperature left out), as MDCalc uses; cure rates from Miller "
                 "2013, mortality from Miller 2010. Scores 9 and 10 are read together.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10003: Rome IV functional constipation
# ---------------------------------------------------------------------------

_FC_SYMPTOMS = (
    ("strain", "Straining"),
    ("lumpy", "Lumpy or hard stools"),
    ("evacuation", "Sensation of incomplete evacuation"),
    ("blockage", "Sensation of anorectal obstruction/blockage"),
    ("manual", "Manual maneuvers to facilitate defecation"),
    ("spontaneous", "<3 spontaneous bowel movements per week"),
)

ROME_FUNCTIONAL_CONSTIPATION = _rome(
    id="rome4_functional_constipation", name="Rome IV Criteria for Functional Constipation", mdcalc_id=10003,
    condition="functional constipation",
    description=("Rome IV diagnosis of functional constipation in adults: two or more of six defecation "
                 "symptoms (straining, hard stools, incomplete evacuation, blockage, manual help, fewer than "
                 "3 spontaneous stools a week), loose stools rare without laxatives, and IBS criteria not met."),
    criteria=(*_FC_SYMPTOMS,
              ("laxative", "Loose stools rarely present without use of laxatives"),
              ("ibs", "Does NOT meet Rome IV Criteria for IBS")),
    rule=lambda p: sum(p[k] for k, _ in _FC_SYMPTOMS) >= 2 and p["laxative"] == 1 and p["ibs"] == 1,
    how=">=2 of the six symptoms, loose stools rare without laxatives, and IBS criteria not met",
    reference=ROME_IV_ADULT_BOWEL, aliases=("functional constipation", "chronic idiopathic constipation"),
)


# ---------------------------------------------------------------------------
# MDCalc 3112: Simplified criteria for autoimmune hepatitis (IAIHG 2008)
# ---------------------------------------------------------------------------


def _aih(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    antibodies = pts["ana"] + pts["lkm"] + pts["sla"]
    capped = min(antibodies, 2)
    total = int(capped + pts["igg"] + pts["liver"] + pts["hep"])
    return total, None, [f"Autoantibodies: {antibodies:g} points, counted at most 2 -> {capped:g}"]


SIMPLIFIED_AIH = _rule_score(
    id="simplified_aih", name="Simplified Autoimmune Hepatitis (AIH) Score", mdcalc_id=3112, category="diagnosis",
    description=("The International AIH Group's simplified criteria: autoantibodies, IgG, liver histology and "
                 "the absence of viral hepatitis give 0-8 points, read as possible, probable or definite "
                 "autoimmune hepatitis."),
    items=(
        Choice("ana", "ANA or SMA/F-actin", opts(("Negative", 0), ("Positive or strongly positive", 1))),
        Choice("lkm", "LKM1 antibody", opts(("<1:40", 0), (">=1:40", 2))),
        Choice("sla", "SLA", opts(("Negative", 0), ("Positive", 2))),
        Choice("igg", "IgG", opts(("Normal", 0), (">Upper limit of normal", 1), (">1.1x upper limit of normal", 2))),
        Choice("liver", "Liver histology", opts(("Compatible with AIH", 1), ("Typical of AIH", 2))),
        Choice("hep", "Viral hepatitis", opts(("Present", 0), ("Absent", 2))),
    ),
    rule=_aih,
    bands=(
        Band(None, 5, "Score <=5: AIH not established (possible AIH; investigate further)"),
        Band(6, 6, "Score 6: probable AIH"),
        Band(7, None, "Score >=7: definite AIH"),
    ),
    reference=("Hennes EM, Zeniya M, Czaja AJ, et al. Simplified criteria for the diagnosis of autoimmune "
               "hepatitis. Hepatology. 2008;48(1):169-176."),
    aliases=("simplified AIH criteria", "IAIHG simplified score"),
    conventions=("Autoantibodies (ANA/SMA, LKM1, SLA) add up to at most 2 points together.",
                 "ANA or SMA scores 1 point at any positive titre, as MDCalc offers it; the paper gives 1 for "
                 ">=1:40 and 2 for >=1:80 (the cap of 2 still applies).",
                 "Normal histology excludes AIH: the score does not apply then.",
                 "Every item must be answered; none is assumed."),
)


# ---------------------------------------------------------------------------
# MDCalc 10393: Graded Prognostic Assessment for GI cancer with brain metastases (GI-GPA)
# ---------------------------------------------------------------------------

GI_GPA = point_score(
    id="gi_gpa", name="Graded Prognostic Assessment for Gastrointestinal Cancer (GI-GPA)", mdcalc_id=10393,
    category="risk",
    description=("Estimates median survival of patients with gastrointestinal cancer and brain metastases from "
                 "Karnofsky performance status, age, extracranial metastases and the number of brain "
                 "metastases (0-4 points in half-point steps)."),
    items=(
        Choice("kps", "Karnofsky Performance Score", opts(("<80", 0), ("80", 1), ("90-100", 2))),
        Choice("age", "Age, years", opts((">=60", 0), ("<60", 0.5))),
        Choice("em", "Extracranial metastases", opts(("Present", 0), ("Absent", 0.5))),
        Choice("num", "Number of brain metastases", opts((">3", 0), ("2-3", 0.5), ("1", 1))),
    ),
    bands=(
        Band(0, 1, "GI-GPA 0-1: median survival 3 months"),
        Band(1.5, 2, "GI-GPA 1.5-2: median survival 9 months"),
        Band(2.5, 3, "GI-GPA 2.5-3: median survival 12 months"),
        Band(3.5, 4, "GI-GPA 3.5-4: median survival 17 months"),
    ),
    reference=("Sperduto PW, Fang P, Li J, et al. Survival and prognostic factors in patients with "
               "gastrointestinal cancers and brain metastases: have we made progress? Transl Res. "
               "2019;208:63-72."),
    aliases=("GI-GPA", "GPA gastrointestinal"),
)


# ---------------------------------------------------------------------------
# MDCalc 10319: Rome IV biliary pain
# ---------------------------------------------------------------------------

ROME_BILIARY_PAIN = _rome(
    id="rome4_biliary_pain", name="Rome IV Criteria for Biliary Pain", mdcalc_id=10319, condition="biliary pain",
    description=("Rome IV definition of biliary pain: epigastric and/or right upper quadrant pain that builds to a "
                 "steady level for 30 minutes or more, recurs at intervals, is severe, and is not explained by "
                 "bowel movements, posture or acid suppression; the first step towards functional gallbladder "
                 "or sphincter of Oddi disorder."),
    criteria=(
        ("one", "Builds up to a steady level and lasting 30 minutes or longer"),
        ("two", "Occurs at different intervals (not daily)"),
        ("three", "Severe enough to interrupt daily activities or lead to an emergency department visit"),
        ("four", "Not significantly (<20%) related to bowel movements"),
        ("five", "Not significantly (<20%) relieved by postural change or acid suppression"),
    ),
    reference=("Cotton PB, Elta GH, Carter CR, Pasricha PJ, Corazziari ES. Gallbladder and sphincter of Oddi "
               "disorders. Gastroenterology. 2016;150(6):1420-1429."),
    aliases=("biliary pain criteria",),
    conventions=("The pain is taken to be epigastric and/or right upper quadrant, as the criteria presuppose; "
                 "the next step (gallbladder present, gallstones, enzymes, duct dilation) is not scored here.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3642: Rockall score, complete (post-endoscopy)
# ---------------------------------------------------------------------------

_ROCKALL_FULL = {0: ("4.9%", "0%"), 1: ("3.4%", "0%"), 2: ("5.3%", "0.2%"), 3: ("11.2%", "2.9%"),
                 4: ("14.1%", "5.3%"), 5: ("24.1%", "10.8%"), 6: ("32.9%", "17.3%"), 7: ("43.8%", "27%")}


def _rockall_risk(score: int) -> str:
    return "Low risk" if score <= 2 else "Intermediate risk" if score <= 4 else "High risk"


ROCKALL_COMPLETE = point_score(
    id="rockall_complete", name="Rockall Score, complete (post-endoscopy)", mdcalc_id=3642, category="risk",
    description=("Estimates rebleeding and death after acute upper GI bleeding from age, shock, comorbidity and "
                 "the endoscopic diagnosis and stigmata of recent haemorrhage (0-11 points)."),
    items=(
        _ROCKALL_AGE, _ROCKALL_SHOCK, _ROCKALL_COMOR,
        Choice("diag", "Diagnosis", opts(
            ("Mallory-Weiss tear", 0), ("No lesion identified and no stigmata of recent hemorrhage", 0),
            ("All other diagnoses", 1), ("Malignancy of upper GI tract", 2))),
        Choice("srh", "Major stigmata of recent hemorrhage", opts(
            ("None", 0), ("Dark spot only", 0), ("Blood in upper GI tract", 2), ("Adherent clot", 2),
            ("Visible or spurting vessel", 2))),
    ),
    bands=tuple(Band(s, s, f"Score {s} ({_rockall_risk(s).lower()}): rebleeding {r}, mortality {d}")
                for s, (r, d) in _ROCKALL_FULL.items())
    + (Band(8, 11, "Score >=8 (high risk): rebleeding 41.8%, mortality 41.1%"),),
    reference=ROCKALL_REF,
    aliases=("complete Rockall", "post-endoscopy Rockall", "full Rockall"),
    conventions=("Risk words: <=2 low, 3-4 intermediate, >=5 high (the usual reading; Rockall's paper calls "
                 "<=2 an excellent prognosis). Rates per score are those of Rockall 1996.",),
)


# ---------------------------------------------------------------------------
# MDCalc 2141: Kruis score for IBS
# ---------------------------------------------------------------------------

KRUIS = point_score(
    id="kruis_ibs", name="Kruis Score for Irritable Bowel Syndrome", mdcalc_id=2141, category="diagnosis",
    description=("Weighs typical IBS symptoms (pain, flatulence or irregular bowels, duration over 2 years, "
                 "character of the pain, alternating stools) against findings of organic disease (abnormal "
                 "examination, raised ESR or WBC, anaemia, blood in stool); 44 points or more favour IBS."),
    items=(
        yes_no("pfi", "Symptoms of abdominal pain, flatulence, or bowel irregularity", 34, default=None),
        yes_no("duration", "Symptom duration > 2 years", 16, default=None),
        yes_no("abdpain", "Pain described as burning, cutting, very strong, terrible, feeling of pressure, dull, "
                          "boring, or 'not so bad'", 23, default=None),
        yes_no("dc", "Alternating constipation and diarrhea", 14, default=None),
        yes_no("abnl", "Abnormal physical findings or history pathognomonic of other disease", -47, default=None),
        yes_no("esr", "ESR > 10 mm/hr", -13, default=None),
        yes_no("wbc", "WBC > 10,000/µL", -50, default=None),
        yes_no("anemia", "Hemoglobin (female < 12 g/dL; male < 14 g/dL)", -98, default=None),
        yes_no("blood", "History of blood in stool", -98, default=None),
    ),
    bands=(
        Band(None, 43, "Score <44: negative for IBS (IBS not supported; consider other pathology)"),
        Band(44, None, "Score >=44: positive for IBS"),
    ),
    reference=("Kruis W, Thieme C, Weinzierl M, Schussler P, Holl J, Paulus W. A diagnostic score for the "
               "irritable bowel syndrome. Its value in the exclusion of organic disease. Gastroenterology. "
               "1984;87(1):1-7."),
    aliases=("Kruis criteria", "Kruis score"),
    conventions=("Cut-off 44 points as in Kruis 1984 (>=44 diagnoses IBS).",
                 "Every item must be answered: the negative items (organic-disease findings) are not assumed "
                 "absent."),
)


# ---------------------------------------------------------------------------
# MDCalc 617: Alvarado score
# ---------------------------------------------------------------------------

ALVARADO = point_score(
    id="alvarado", name="Alvarado Score for Acute Appendicitis", mdcalc_id=617, category="diagnosis",
    description=("Scores the likelihood of acute appendicitis from symptoms (migration of pain, anorexia, "
                 "nausea), signs (right lower quadrant tenderness, rebound, fever) and laboratory findings "
                 "(leukocytosis, left shift); 0-10 points (MANTRELS)."),
    items=(
        yes_no("right_lower_quadrant_tenderness", "Right lower quadrant tenderness", 2),
        yes_no("elevated_temperature", "Elevated temperature (37.3 C or 99.1 F)", 1),
        yes_no("rebound_tenderness", "Rebound tenderness", 1),
        yes_no("pain_right_lower_quadrant", "Migration of pain to the right lower quadrant", 1),
        yes_no("anorexia", "Anorexia", 1),
        yes_no("nausea", "Nausea or vomiting", 1),
        yes_no("leukocytosis", "Leukocytosis >10,000", 2),
        yes_no("leukocyte_left_shift", "Leukocyte left shift", 1),
    ),
    bands=(
        Band(0, 3, "Score 0-3: appendicitis unlikely (no CT needed to diagnose appendicitis)"),
        Band(4, 4, "Score 4: appendicitis unlikely; CT if the suspicion remains"),
        Band(5, 6, "Score 5-6: possible appendicitis (compatible); CT recommended"),
        Band(7, 8, "Score 7-8: probable appendicitis; surgical consultation"),
        Band(9, 10, "Score 9-10: very probable (near definite) appendicitis; surgical consultation"),
    ),
    reference=("Alvarado A. A practical score for the early diagnosis of acute appendicitis. Ann Emerg Med. "
               "1986;15(5):557-564."),
    aliases=("MANTRELS", "Alvarado"),
    conventions=("A finding not documented counts as absent (0 points), as in clinical use of the score.",
                 "Classes follow Alvarado 1986 (5-6 compatible, 7-8 probable, 9-10 very probable); the "
                 "imaging advice follows McKay 2007 (<=3 no CT, 4-6 CT, >=7 surgery consult)."),
)


# ---------------------------------------------------------------------------
# MDCalc 89: Ranson's criteria
# ---------------------------------------------------------------------------

RANSON = point_score(
    id="ranson", name="Ranson's Criteria for Pancreatitis Mortality", mdcalc_id=89, category="risk",
    description=("Predicts mortality of acute (non-gallstone) pancreatitis from five findings at admission and "
                 "six within the first 48 hours, one point each."),
    items=(
        yes_no("age_55", "Age >55 years (admission)", 1, default=None),
        yes_no("wbc_16k", "WBC >16k (admission)", 1, default=None),
        yes_no("glucose_200", "Glucose >200 mg/dL (>11.1 mmol/L) (admission)", 1, default=None),
        yes_no("ast_250", "AST >250 (admission)", 1, default=None),
        yes_no("ldh_350", "LDH >350 (admission)", 1, default=None),
        yes_no("hct_10", "Hct drop >10% from admission (48 h)", 1, default=None),
        yes_no("bun_5", "BUN increase >5 mg/dL (>1.79 mmol/L) from admission (48 h)", 1, default=None),
        yes_no("ca_8", "Ca <8 mg/dL (<2 mmol/L) within 48 hours", 1, default=None),
        yes_no("po2_60", "Arterial pO2 <60 mmHg within 48 hours", 1, default=None),
        yes_no("base_deficit_4", "Base deficit (24 - HCO3) >4 mEq/L within 48 hours", 1, default=None),
        yes_no("fluid_needs_6", "Fluid needs >6 L within 48 hours", 1, default=None),
    ),
    bands=(
        Band(0, 2, "Ranson 0-2: 0-3% mortality"),
        Band(3, 4, "Ranson 3-4: 15% mortality"),
        Band(5, 6, "Ranson 5-6: 40% mortality"),
        Band(7, 11, "Ranson >=7: ~100% mortality"),
    ),
    reference=("Ranson JH, Rifkind KM, Roses DF, Fink SD, Eng K, Spencer FC. Prognostic signs and the role of "
               "operative management in acute pancreatitis. Surg Gynecol Obstet. 1974;139(1):69-81."),
    aliases=("Ranson criteria", "Ranson score"),
    conventions=("Criteria for non-gallstone pancreatitis, as MDCalc uses.",
                 "Every criterion must be answered; none is assumed absent.",
                 "Mortality figures are the usual reading of Ranson 1974 (0-2 ~1%, 3-4 ~15%, 5-6 ~40%, "
                 ">=7 ~100%); the score may overestimate mortality today."),
)


# ---------------------------------------------------------------------------
# MDCalc 3287: Glasgow-Imrie criteria
# ---------------------------------------------------------------------------

GLASGOW_IMRIE = point_score(
    id="glasgow_imrie", name="Glasgow-Imrie Criteria for Severity of Acute Pancreatitis", mdcalc_id=3287,
    category="severity",
    description=("Predicts severe acute pancreatitis from eight findings within 48 hours of admission (PANCREAS: "
                 "PaO2, age, neutrophils/WBC, calcium, urea, LDH, albumin, glucose); 3 or more predict a "
                 "severe attack."),
    items=(
        yes_no("pao2", "PaO2 <59.3 mmHg (7.9 kPa)", 1, default=None),
        yes_no("age", "Age >55 years", 1, default=None),
        yes_no("wbc", "WBC >15 x 10^3/µL (10^9/L)", 1, default=None),
        yes_no("ca", "Calcium <8 mg/dL (2 mmol/L)", 1, default=None),
        yes_no("renal", "BUN >44.8 mg/dL (serum urea >16 mmol/L)", 1, default=None),
        yes_no("ldh", "LDH >600 IU/L", 1, default=None),
        yes_no("alb", "Albumin <3.2 g/dL (32 g/L)", 1, default=None),
        yes_no("gluc", "Glucose >180 mg/dL (10 mmol/L)", 1, default=None),
    ),
    bands=(
        Band(0, 2, "Score 0-2: low risk for severe pancreatitis"),
        Band(3, 8, "Score >=3: high risk for severe pancreatitis"),
    ),
    reference=("Blamey SL, Imrie CW, O'Neill J, Gilmour WH, Carter DC. Prognostic factors in acute "
               "pancreatitis. Gut. 1984;25(12):1340-1346."),
    aliases=("Glasgow score", "Imrie score", "modified Glasgow pancreatitis", "PANCREAS"),
    conventions=("Every criterion must be answered; none is assumed absent.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10064: Wexner (Cleveland Clinic) fecal incontinence score
# ---------------------------------------------------------------------------

_FREQUENCY = opts(("Never", 0), ("Less than once a month", 1), ("Less than once a week but at least once a month", 2),
                  ("Less than once a day but at least once a week", 3), ("At least once a day", 4))

WEXNER = point_score(
    id="wexner_incontinence", name="Wexner (Cleveland Clinic) Fecal Incontinence Score", mdcalc_id=10064,
    category="severity",
    description=("Grades the severity of fecal incontinence from how often the patient leaks solid stool, "
                 "liquid stool or gas, wears a pad and has to alter their life (each 0-4; total 0-20, 0 "
                 "perfect continence, 20 complete incontinence)."),
    items=(
        Choice("solid", "Incontinence to solid stool", _FREQUENCY),
        Choice("liquid", "Incontinence to liquid stool", _FREQUENCY),
        Choice("gas", "Incontinence to gas", _FREQUENCY),
        Choice("pad", "Wears pad", _FREQUENCY),
        Choice("alt", "Lifestyle alteration", _FREQUENCY),
    ),
    bands=(
        Band(0, 0, "Score 0: perfect continence"),
        Band(1, 7, "Score 1-7: mild severity incontinence"),
        Band(8, 14, "Score 8-14: moderate severity incontinence"),
        Band(15, 19, "Score 15-19: severe incontinence"),
        Band(20, 20, "Score 20: complete incontinence"),
    ),
    reference=("Jorge JM, Wexner SD. Etiology and management of fecal incontinence. Dis Colon Rectum. "
               "1993;36(1):77-97."),
    aliases=("Wexner score", "Cleveland Clinic Incontinence Score", "CCIS", "Jorge-Wexner score"),
    conventions=("The paper anchors only 0 (continence) and 20 (complete incontinence); the mild 1-7 / moderate "
                 "8-14 / severe 15-20 reading is the usual clinical one.",
                 "MDCalc lists it under obstructed defecation, but the items are those of fecal incontinence."),
)


# ---------------------------------------------------------------------------
# MDCalc 10322: Rome IV functional anorectal pain (levator ani syndrome / unspecified)
# ---------------------------------------------------------------------------


def _anorectal(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    pain, long, tender, excluded, unspecified = (pts[k] == 1 for k in ("one", "two", "three", "four", "five"))
    if pain and long and tender and excluded:
        return "Positive", "Positive diagnosis: levator ani syndrome (meets the Rome IV criteria)", [
            "Rule: rectal pain, episodes >=30 min, puborectalis tenderness and other causes excluded"]
    if unspecified or (pain and long and excluded):
        return "Positive", ("Positive diagnosis: unspecified functional anorectal pain (meets the Rome IV "
                            "criteria: levator ani symptoms without puborectalis tenderness)"), [
            "Rule: symptom criteria of levator ani syndrome without tenderness on traction"]
    return "Negative", "Negative diagnosis: functional anorectal pain unlikely (Rome IV criteria not met)", [
        "Rule: neither levator ani syndrome nor unspecified functional anorectal pain criteria met"]


ROME_ANORECTAL_PAIN = _rule_score(
    id="rome4_functional_anorectal_pain", name="Rome IV Criteria for Functional Anorectal Pain", mdcalc_id=10322,
    category="diagnosis",
    description=("Rome IV diagnosis of chronic functional anorectal pain: levator ani syndrome (recurrent rectal "
                 "aching of 30 minutes or more with tenderness on puborectalis traction, other causes excluded) "
                 "or unspecified functional anorectal pain (the same without tenderness)."),
    items=tuple(yes_no(k, q, 1, default=None) for k, q in (
        ("one", "Chronic or recurrent rectal pain or aching"),
        ("two", "Episodes last >=30 minutes"),
        ("three", "Tenderness during traction on the puborectalis"),
        ("four", "Exclusion of other causes of rectal pain (IBD, intramuscular abscess, fissure, thrombosed "
                 "hemorrhoids, prostatitis, coccygodynia, major structural pelvic floor changes)"),
        ("five", "Symptom criteria for chronic levator ani syndrome but no tenderness during posterior traction "
                 "on the puborectalis muscle"),
    )),
    rule=_anorectal, unit="", reference=ROME_IV_ADULT_BOWEL,
    aliases=("levator ani syndrome", "functional anorectal pain", "chronic proctalgia"),
    conventions=(_ROME_CONVENTION,
                 "The last item, when answered Yes, states that the symptom criteria are met without "
                 "tenderness, and so diagnoses unspecified functional anorectal pain on its own (MDCalc's "
                 "reading)."),
)


# ---------------------------------------------------------------------------
# MDCalc 10129: Mumtaz score for 30-day readmission in cirrhosis
# ---------------------------------------------------------------------------

# 30-day readmission risk (%) for scores -11..49, in order (Mumtaz 2019, as MDCalc tabulates it).
_MUMTAZ_RISK = (9.3, 9.7, 10.2, 10.6, 11.1, 11.6, 12.2, 12.7, 13.3, 13.9, 14.5, 15.1, 15.7, 16.4, 17.1, 17.8,
                18.6, 19.4, 20.1, 21.0, 21.8, 22.7, 23.6, 24.5, 25.4, 26.4, 27.3, 28.3, 29.4, 30.4, 31.5, 32.6,
                33.7, 34.8, 36.0, 37.1, 38.3, 39.5, 40.7, 41.9, 43.1, 44.3, 45.6, 46.8, 48.1, 49.3, 50.6, 51.8,
                53.1, 54.3, 55.5, 56.8, 58.0, 59.2, 60.4, 61.6, 62.8, 63.9, 65.1, 66.2, 67.3)

MUMTAZ = point_score(
    id="mumtaz_readmission", name="Mumtaz Score for Readmission in Cirrhosis", mdcalc_id=10129, category="risk",
    description=("Predicts 30-day readmission of a patient admitted with cirrhosis from age, payer, comorbidity, "
                 "aetiology, complications (ascites, encephalopathy, variceal bleeding, HCC), procedures "
                 "during the stay and discharge disposition (-11 to 49 points)."),
    items=(
        Choice("age", "Age, years", opts(("18-39", 7), ("40-64", 4), (">=65", 0))),
        Choice("payer", "Primary payer", opts(("Medicare", 4), ("Medicaid", 5), ("Private insurance", 0),
                                              ("Self-pay", -3), ("No charge or other", -1))),
        Choice("index", "Elixhauser Comorbidity Index (liver disease excluded)", opts((">=3", 2), ("<3", 0))),
        yes_no("et", "Non-alcoholic etiology of cirrhosis", 2, default=None),
        yes_no("as", "Ascites", 5, default=None),
        yes_no("en", "Hepatic encephalopathy", 4, default=None),
        yes_no("bleeding", "Variceal bleeding", -7, default=None),
        yes_no("hcc", "Hepatocellular carcinoma", 3, default=None),
        yes_no("para", "Paracentesis during admission", 4, default=None),
        yes_no("hemo", "Hemodialysis during admission", 7, default=None),
        Choice("dis", "Disposition", opts(("Routine", 0), ("Transfer", -1), ("Home health care", 1),
                                          ("Against medical advice", 10))),
    ),
    bands=tuple(Band(s, s, f"Mumtaz {s}: {risk:.1f}% risk of readmission within 30 days")
                for s, risk in zip(range(-11, 50), _MUMTAZ_RISK)),
    reference=("Mumtaz K, Issak A, Porter K, et al. Validation of risk score in predicting early readmissions in "
               "decompensated cirrhotic patients: a model based on the administrative database. Hepatology. "
               "2019;70(2):630-639."),
    aliases=("Mumtaz score", "cirrhosis readmission score"),
    conventions=("Every item must be answered; none is assumed.",),
)


# ---------------------------------------------------------------------------
# MDCalc 3925: Fong clinical risk score (colorectal liver metastases)
# ---------------------------------------------------------------------------

_FONG_SURVIVAL = {0: (93, 79, 72, 60, 60), 1: (91, 76, 66, 54, 44), 2: (89, 73, 60, 51, 40),
                  3: (86, 67, 42, 25, 20), 4: (70, 45, 38, 29, 25), 5: (71, 45, 27, 14, 14)}


def _fong_text(score: int) -> str:
    y = _FONG_SURVIVAL[score]
    risk = "low risk" if score <= 2 else "high risk"
    return (f"Score {score} ({risk}): survival {y[0]}% at 1 year, {y[1]}% at 2 years, {y[2]}% at 3 years, "
            f"{y[3]}% at 4 years, {y[4]}% at 5 years")


FONG = point_score(
    id="fong_crs", name="Fong Clinical Risk Score for Colorectal Cancer Recurrence", mdcalc_id=3925,
    category="risk",
    description=("Predicts recurrence and survival after hepatic resection of colorectal liver metastases from "
                 "five factors: node-positive primary, disease-free interval under 12 months, more than one "
                 "tumour, CEA over 200 ng/mL and largest tumour over 5 cm."),
    items=(
        yes_no("nodes", "Node-positive primary", 1, default=None),
        yes_no("interval", "Disease-free interval <12 months", 1, default=None),
        yes_no("tumor", ">1 tumor", 1, default=None),
        yes_no("cea", "Preoperative CEA level >200 ng/mL", 1, default=None),
        yes_no("size", "Size of largest tumor >5cm", 1, default=None),
    ),
    bands=tuple(Band(s, s, _fong_text(s)) for s in range(6)),
    reference=("Fong Y, Fortner J, Sun RL, Brennan MF, Blumgart LH. Clinical score for predicting recurrence "
               "after hepatic resection for metastatic colorectal cancer: analysis of 1001 consecutive cases. "
               "Ann Surg. 1999;230(3):309-318."),
    aliases=("Fong score", "clinical risk score colorectal liver metastases", "CRS"),
    conventions=("Scores 0-2 are read as low risk and 3-5 as high risk, as in Fong 1999.",
                 "Every factor must be answered; none is assumed."),
)


# ---------------------------------------------------------------------------
# MDCalc 3801: AIMS65
# ---------------------------------------------------------------------------

AIMS65 = point_score(
    id="aims65", name="AIMS65 Score for Upper GI Bleeding Mortality", mdcalc_id=3801, category="risk",
    description=("Predicts in-hospital death in acute upper GI bleeding from five admission findings: albumin "
                 "under 3 g/dL, INR over 1.5, altered mental status, systolic pressure 90 mmHg or less, and "
                 "age 65 or over."),
    items=(
        yes_no("alb", "Albumin <3 g/dL (30 g/L)", 1, default=None),
        yes_no("inr", "INR >1.5", 1, default=None),
        yes_no("ams", "Alteration in mental status", 1, default=None),
        yes_no("sbp", "sBP <=90 mm Hg", 1, default=None),
        yes_no("age", "Age >=65 years", 1, default=None),
    ),
    bands=(
        Band(0, 0, "AIMS65 0: 0.3% in-hospital mortality (low risk)"),
        Band(1, 1, "AIMS65 1: 1.2% in-hospital mortality"),
        Band(2, 2, "AIMS65 2: 5.3% in-hospital mortality (high risk)"),
        Band(3, 3, "AIMS65 3: 10.3% in-hospital mortality (high risk)"),
        Band(4, 4, "AIMS65 4: 16.5% in-hospital mortality (high risk)"),
        Band(5, 5, "AIMS65 5: 24.5% in-hospital mortality (high risk)"),
    ),
    reference=("Saltzman JR, Tabak YP, Hyett BH, Sun X, Travis AC, Johannes RS. A simple risk score accurately "
               "predicts in-hospital mortality, length of stay, and cost in acute upper GI bleeding. "
               "Gastrointest Endosc. 2011;74(6):1215-1224."),
    aliases=("AIMS65", "AIMS 65"),
    conventions=("Every factor must be answered; none is assumed absent. A score of 2 or more is the high-risk "
                 "threshold of the derivation study.",),
)
