"""General-medicine scores of RiskAgent's library: abuse screening, readmission, perioperative and
trauma risk, pain and symptom scales."""

from __future__ import annotations

import math

from medmirror.tools.calculators.base import CalculatorInputError, CalculatorResult, InputIssue
from medmirror.tools.calculators.points import Band, Choice, Number, band_of, item_points, opts, point_score, yes_no


def _result(calc_id: str, name: str, reference: str, value: float, unit: str, text: str, lines: list[str],
            components: dict) -> CalculatorResult:
    return CalculatorResult(calculator=calc_id, name=name, value=value, unit=unit, interpretation=text,
                            explanation=lines, reference=reference, components=components)


def _sum_lines(x) -> tuple[list[tuple[str, str, float]], list[str]]:
    rows = item_points(x)
    return rows, [f"{text} -> {pts:+g}" for _, text, pts in rows]


# ---------------------------------------------------------------------------
# MDCalc 10396: Woman Abuse Screening Tool (WAST)
# ---------------------------------------------------------------------------

_NEVER = opts(("Never", 1), ("Sometimes", 2), ("Often", 3))
_WAST_REF = ("Brown JB, Lent B, Brett PJ, Sas G, Pederson LL. Development of the Woman Abuse Screening Tool for use "
             "in family practice. Fam Med. 1996;28(6):422-428.")
_WAST_NAME = "Woman Abuse Screening Tool (WAST)"
_WAST_EXTRA = (
    ("three", "Do arguments ever result in you feeling down or bad about yourself?"),
    ("four", "Do arguments ever result in hitting, kicking, or pushing?"),
    ("five", "Do you ever feel frightened by what your partner says or does?"),
    ("six", "Has your partner ever abused you physically?"),
    ("seven", "Has your partner ever abused you emotionally?"),
    ("eight", "Has your partner ever abused you sexually?"),
)
_WAST_BANDS = (
    Band(None, 12, "Negative screening result for intimate partner abuse (WAST < 13)"),
    Band(13, None, "Positive screening result for intimate partner abuse (WAST >= 13)"),
)


def _wast(x) -> CalculatorResult:
    rows, lines = _sum_lines(x)
    pts = {k: p for k, _, p in rows}
    short_positive = pts["one"] == 3 and pts["two"] == 3
    if not short_positive:
        total = pts["one"] + pts["two"]
        lines = lines[:2] + ["WAST-Short not positive (needs 'A lot of tension' and 'Great difficulty'): "
                             "the six further questions are not asked"]
        text = _WAST_BANDS[0].text
        comps = {"one": pts["one"], "two": pts["two"]}
    else:
        missing = [k for k, _ in _WAST_EXTRA if k not in x.given()]
        if missing:
            raise CalculatorInputError(_WAST_NAME, [InputIssue(
                k, "missing", "asked when the first two answers are 'A lot of tension' and 'Great difficulty'")
                for k in missing])
        total = sum(pts.values())
        text = band_of(_WAST_BANDS, total).text
        comps = pts
    lines.append(f"Total = {total:g} points; {text}")
    return _result("wast", _WAST_NAME, _WAST_REF, total, "points", text, lines, comps)


WAST = point_score(
    id="wast", name=_WAST_NAME, mdcalc_id=10396, category="diagnosis",
    description=("Screens women for intimate partner abuse in primary care: two questions on tension and "
                 "arguments in the relationship and, when both take their most severe answer, six questions on "
                 "the consequences of arguments and on abuse, each scored 1-3."),
    items=(
        Choice("one", "In general, how would you describe your relationship?",
               opts(("No tension", 1), ("Some tension", 2), ("A lot of tension", 3))),
        Choice("two", "Do you and your partner work out arguments with:",
               opts(("No difficulty", 1), ("Some difficulty", 2), ("Great difficulty", 3))),
        *(Choice(name, q, _NEVER, default="Never") for name, q in _WAST_EXTRA),
    ),
    bands=_WAST_BANDS,
    reference=_WAST_REF,
    aliases=("WAST", "Woman Abuse Screening Tool"),
    conventions=("The six further questions are scored only when the two short-form questions both take their "
                 "most severe answer (MDCalc's reading); otherwise the screen is negative.",
                 "When they are asked, each of the six must be answered: an unanswered one is refused."),
    compute=_wast,
)

# ---------------------------------------------------------------------------
# MDCalc 10306: Coronavirus Anxiety Scale (CAS)
# ---------------------------------------------------------------------------

_CAS_FREQ = opts(("Not at all", 0), ("Rare, less than a day or two", 1), ("Several days", 2),
                 ("More than 7 days", 3), ("Nearly every day over the last 2 weeks", 4))

CAS = point_score(
    id="coronavirus_anxiety_scale", name="Coronavirus Anxiety Scale (CAS)", mdcalc_id=10306, category="diagnosis",
    description=("Screens for dysfunctional anxiety tied to the COVID-19 crisis from five physical symptoms "
                 "(dizziness, sleep trouble, freezing, loss of appetite, nausea) rated by frequency over two "
                 "weeks, 0-4 each."),
    items=(
        Choice("one", "I felt dizzy, lightheaded, or faint when I read or listened to news about the coronavirus",
               _CAS_FREQ),
        Choice("two", "I had trouble falling or staying asleep because I was thinking about the coronavirus",
               _CAS_FREQ),
        Choice("three", "I felt paralyzed or frozen when I thought about or was exposed to information about the "
               "coronavirus", _CAS_FREQ),
        Choice("four", "I lost interest in eating when I thought about or was exposed to information about the "
               "coronavirus", _CAS_FREQ),
        Choice("five", "I felt nauseous or had stomach problems when I thought about or was exposed to information "
               "about the coronavirus", _CAS_FREQ),
    ),
    bands=(
        Band(0, 8, "Negative: CAS < 9, below the cut-off for dysfunctional coronavirus anxiety"),
        Band(9, 20, "Positive: probable dysfunctional coronavirus anxiety (CAS >= 9)"),
    ),
    reference=("Lee SA. Coronavirus Anxiety Scale: a brief mental health screener for COVID-19 related anxiety. "
               "Death Stud. 2020;44(7):393-401."),
    aliases=("CAS", "COVID anxiety scale"),
    conventions=("Every item must be answered: an unanswered item is refused, not scored 0.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10418: Ongoing Violence Assessment Tool (OVAT)
# ---------------------------------------------------------------------------

_OVAT_NAME = "Ongoing Violence Assessment Tool (OVAT)"
_OVAT_REF = ("Weiss SJ, Ernst AA, Cham E, Nick TG. Development of a screen for ongoing intimate partner violence. "
             "Violence Vict. 2003;18(2):131-141.")
_OVAT_ITEMS = (
    yes_no("one", "Has your partner threatened you with a weapon?", default=None),
    yes_no("two", "Has your partner beaten you so badly that you had to seek medical care?", default=None),
    yes_no("three", "Has your partner acted like they would like to kill you?", default=None),
    Choice("four", "Has your partner had no respect for your feelings?",
           opts(("Never", 1), ("Rarely", 2), ("Occasionally", 3), ("Frequently", 4), ("Very frequently", 5))),
)
_OVAT_POS = "Positive screening result for ongoing intimate partner violence"
_OVAT_NEG = "Negative screening result for ongoing intimate partner violence"


def _ovat(x) -> CalculatorResult:
    rows, lines = _sum_lines(x)
    pts = {k: p for k, _, p in rows}
    positive = pts["one"] or pts["two"] or pts["three"] or pts["four"] >= 3
    text = _OVAT_POS if positive else _OVAT_NEG
    lines.append("Positive when any of the first three is 'Yes' or the last is 'Occasionally' or more often"
                 f"; {text}")
    return _result("ovat", _OVAT_NAME, _OVAT_REF, "Positive" if positive else "Negative", "", text, lines, pts)


OVAT = point_score(
    id="ovat", name=_OVAT_NAME, mdcalc_id=10418, category="diagnosis",
    description=("Screens emergency department patients (women and men) for ongoing intimate partner violence "
                 "in the past month: threats with a weapon, beatings needing care, acting as if to kill, and "
                 "disrespect for feelings."),
    items=_OVAT_ITEMS,
    bands=(Band(None, None, "Positive if any 'Yes' or disrespect at least 'Occasionally'"),),
    reference=_OVAT_REF,
    aliases=("OVAT",),
    conventions=("A rule, not a sum: positive when any of the first three answers is 'Yes' or the fourth is "
                 "'Occasionally', 'Frequently' or 'Very frequently'.",
                 "Every question must be answered: an unanswered one is refused."),
    compute=_ovat,
)

# ---------------------------------------------------------------------------
# MDCalc 10051: HOSPITAL score for readmissions
# ---------------------------------------------------------------------------

HOSPITAL = point_score(
    id="hospital_score", name="HOSPITAL Score for Readmissions", mdcalc_id=10051, category="risk",
    description=("Predicts the risk of a potentially avoidable readmission within 30 days after discharge of a "
                 "medical inpatient, from discharge haemoglobin and sodium, oncology service, procedures, "
                 "admission type, prior admissions and length of stay."),
    items=(
        Choice("hb", "Hemoglobin level at discharge, g/dL", opts((">=12", 0), ("<12", 1))),
        Choice("onco", "Discharged from oncology service", opts(("No", 0), ("Yes", 2))),
        Choice("na", "Sodium level at discharge, mEq/L", opts((">=135", 0), ("<135", 1))),
        Choice("icd", "Any ICD-9 coded procedure performed during hospital stay", opts(("No", 0), ("Yes", 1))),
        Choice("admit", "Index admission type", opts(("Elective", 0), ("Urgent or emergent", 1))),
        Choice("admitsyr", "Number of hospital admissions during the previous year",
               opts(("0-1", 0), ("2-5", 2), (">5", 5))),
        Choice("lengthofstay", "Length of stay", opts(("<5 days", 0), (">=5 days", 2))),
    ),
    bands=(
        Band(0, 4, "Low risk: 5.8% risk of potentially avoidable 30-day readmission"),
        Band(5, 6, "Intermediate risk: 12.0% risk of potentially avoidable 30-day readmission"),
        Band(7, 13, "High risk: 22.8% risk of potentially avoidable 30-day readmission"),
    ),
    reference=("Donze J, Aujesky D, Williams D, Schnipper JL. Potentially avoidable 30-day hospital readmissions "
               "in medical patients: derivation and validation of a prediction model. JAMA Intern Med. "
               "2013;173(8):632-638."),
    aliases=("HOSPITAL score", "readmission score"),
    conventions=("Risk percentages are those of the international validation (Donze 2016), as MDCalc reports.",
                 "Every item must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10545: FLACC scale
# ---------------------------------------------------------------------------

FLACC = point_score(
    id="flacc", name="FLACC Scale (Face, Legs, Activity, Cry, Consolability)", mdcalc_id=10545,
    category="severity",
    description=("Rates pain by observed behaviour in young children who cannot report it (postoperative "
                 "setting): face, legs, activity, cry and consolability, 0-2 each."),
    items=(
        Choice("q1", "Face", opts(("No particular expression or smile", 0),
                                  ("Occasional grimace or frown, withdrawn, disinterested", 1),
                                  ("Frequent to constant quivering chin, clenched jaw", 2))),
        Choice("q2", "Legs", opts(("Normal position or relaxed", 0), ("Uneasy, restless, tense", 1),
                                  ("Kicking, or legs drawn up", 2))),
        Choice("q3", "Activity", opts(("Lying quietly, normal position, moves easily", 0),
                                      ("Squirming, shifting back and forth, tense", 1),
                                      ("Arched, rigid or jerking", 2))),
        Choice("q4", "Cry", opts(("No cry (awake or asleep)", 0), ("Moans or whimpers, occasional complaint", 1),
                                 ("Crying steadily, screams or sobs, frequent complaints", 2))),
        Choice("q5", "Consolability", opts(
            ("Content, relaxed", 0),
            ("Reassured by occasional touching, hugging or being talked to, distractible", 1),
            ("Difficult to console or comfort", 2))),
    ),
    bands=(
        Band(0, 0, "Relaxed and comfortable"),
        Band(1, 3, "Mild discomfort"),
        Band(4, 6, "Moderate pain"),
        Band(7, 10, "Severe discomfort/pain"),
    ),
    reference=("Merkel SI, Voepel-Lewis T, Shayevitz JR, Malviya S. The FLACC: a behavioral scale for scoring "
               "postoperative pain in young children. Pediatr Nurs. 1997;23(3):293-297."),
    aliases=("FLACC", "FLACC pain scale"),
    conventions=("Every category must be observed: an unrated one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10419: Abuse Assessment Screen (AAS)
# ---------------------------------------------------------------------------

AAS = point_score(
    id="abuse_assessment_screen", name="Abuse Assessment Screen (AAS)", mdcalc_id=10419, category="diagnosis",
    description=("Screens women, pregnant or not, for intimate partner abuse: lifetime emotional or physical "
                 "abuse, physical hurt or forced sex in the past year, fear of a partner, and physical hurt "
                 "during pregnancy. Any 'Yes' is a positive screen."),
    items=(
        yes_no("one", "Have you ever been emotionally or physically abused by your partner or someone important to "
               "you?", default=None),
        yes_no("two", "Within the last year, have you been hit, slapped, kicked, or otherwise physically hurt by "
               "your partner or someone important to you?", default=None),
        yes_no("three", "Within the last year, has anyone forced you to have sexual activities?", default=None),
        yes_no("four", "Are you afraid of your partner or any one of the following: husband/wife, "
               "ex-husband/ex-wife, boyfriend/girlfriend, stranger?", default=None),
        yes_no("five", "If pregnant, have you been hit, slapped, kicked, or otherwise physically hurt by your "
               "partner or someone important to you during your pregnancy?"),
    ),
    bands=(
        Band(0, 0, "Negative screening result for intimate partner abuse"),
        Band(1, 5, "Positive screening result for intimate partner abuse"),
    ),
    reference=("McFarlane J, Parker B, Soeken K, Bullock L. Assessing for abuse during pregnancy: severity and "
               "frequency of injuries and associated entry into prenatal care. JAMA. 1992;267(23):3176-3178."),
    aliases=("AAS",),
    conventions=("The pregnancy question scores 'No' when not documented (it applies only in pregnancy); the "
                 "other four must be answered.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10185: Pediatric Trauma Score (PTS)
# ---------------------------------------------------------------------------

PTS = point_score(
    id="pediatric_trauma_score", name="Pediatric Trauma Score (PTS)", mdcalc_id=10185, category="severity",
    description=("Grades the severity of injury in an injured child from weight, airway, systolic pressure (or "
                 "palpable pulse), consciousness, skeletal injury and wounds, +2 to -1 each; lower totals mean "
                 "more severe injury and higher mortality."),
    items=(
        Choice("weight", "Weight", opts((">20 kg (>44 lbs)", 2), ("10-20 kg (22-44 lbs)", 1),
                                        ("<10 kg (<22 lbs)", -1))),
        Choice("airway", "Airway status", opts(("Normal", 2), ("Maintainable", 1), ("Unmaintainable", -1))),
        Choice("bp", "Systolic BP", opts((">90 mmHg (or pulse palpable at wrist)", 2),
                                         ("50-90 mmHg (or pulse palpable at groin)", 1),
                                         ("<50 mmHg (or no pulse palpable)", -1))),
        Choice("cns", "Central nervous system", opts(("Awake", 2), ("Obtunded/loss of consciousness", 1),
                                                     ("Coma/decerebrate", -1))),
        Choice("skeletal", "Skeletal injury", opts(("None", 2), ("Closed fracture", 1),
                                                   ("Open/multiple fractures", -1))),
        Choice("wounds", "Cutaneous wounds", opts(("None", 2), ("Minor", 1), ("Major/penetrating", -1))),
    ),
    bands=(
        Band(-6, 0, "Low likelihood of survival: critical injury, high mortality (PTS <= 0)"),
        Band(1, 8, "Moderate likelihood of survival: potentially serious injury, mortality rises as the score "
                   "falls; treat at a pediatric trauma centre (PTS <= 8)"),
        Band(9, 12, "High likelihood of survival: minor injury, no deaths with PTS > 8"),
    ),
    reference=("Tepas JJ 3rd, Mollitt DL, Talbert JL, Bryant M. The pediatric trauma score as a predictor of injury "
               "severity in the injured child. J Pediatr Surg. 1987;22(1):14-18."),
    aliases=("PTS",),
    conventions=("Bands follow the publications' reading: no deaths above 8, triage to a pediatric trauma "
                 "centre at 8 or less, mortality steep at 0 or less; the score defines no finer classes.",
                 "Every item must be rated: an unrated one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10145: Rapid Emergency Medicine Score (REMS)
# ---------------------------------------------------------------------------

REMS = point_score(
    id="rems", name="Rapid Emergency Medicine Score (REMS)", mdcalc_id=10145, category="risk",
    description=("Predicts in-hospital mortality of non-surgical adults seen in the emergency department from "
                 "age and five vital signs: mean arterial pressure, heart rate, respiratory rate, oxygen "
                 "saturation and Glasgow Coma Scale."),
    items=(
        Choice("age", "Age, years", opts(("<45", 0), ("45-54", 2), ("55-64", 3), ("65-74", 5), (">74", 6))),
        Choice("map", "Mean arterial pressure, mmHg", opts((">159", 4), ("130-159", 3), ("110-129", 2),
                                                            ("70-109", 0), ("50-69", 2), ("<=49", 4))),
        Choice("hr", "Heart rate, beats per minute", opts((">179", 4), ("140-179", 3), ("110-139", 2), ("70-109", 0),
                                                          ("55-69", 2), ("40-54", 3), ("<=39", 4))),
        Choice("resp", "Respiratory rate, breaths per minute", opts(
            (">49", 4), ("35-49", 3), ("25-34", 1), ("12-24", 0), ("10-11", 1), ("6-9", 2), ("<=5", 4))),
        Choice("o2", "Peripheral oxygen saturation", opts(("<75%", 4), ("75-85%", 3), ("86-89%", 1), (">89%", 0))),
        Choice("gcs", "Glasgow Coma Scale", opts(("<5", 4), ("5-7", 3), ("8-10", 2), ("11-13", 1), (">13", 0))),
    ),
    bands=(
        Band(0, 2, "0% in-hospital mortality"),
        Band(3, 5, "1% in-hospital mortality"),
        Band(6, 9, "3% in-hospital mortality"),
        Band(10, 11, "4% in-hospital mortality"),
        Band(12, 13, "10% in-hospital mortality"),
        Band(14, 15, "17% in-hospital mortality"),
        Band(16, 17, "38% in-hospital mortality"),
        Band(18, 19, "75% in-hospital mortality"),
        Band(20, 21, "56% in-hospital mortality"),
        Band(22, 23, "66% in-hospital mortality"),
        Band(24, 26, "100% in-hospital mortality"),
    ),
    reference=("Olsson T, Terent A, Lind L. Rapid Emergency Medicine score: a new prognostic tool for in-hospital "
               "mortality in nonsurgical emergency department patients. J Intern Med. 2004;255(5):579-587."),
    aliases=("REMS",),
    conventions=("Mortality per band as observed in the derivation cohort (few patients above 19, hence the "
                 "non-monotone figures).",
                 "Every item must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 4038: Gupta perioperative risk for MI or cardiac arrest (MICA)
# ---------------------------------------------------------------------------

_MICA_NAME = "Gupta Perioperative Risk for Myocardial Infarction or Cardiac Arrest (MICA)"
_MICA_REF = ("Gupta PK, Gupta H, Sundaram A, et al. Development and validation of a risk calculator for prediction "
             "of cardiac risk after surgery. Circulation. 2011;124(4):381-387.")


def _mica(x) -> CalculatorResult:
    rows, lines = _sum_lines(x)
    age_term = 0.02 * x.Age
    logit = -5.25 + age_term + sum(p for _, _, p in rows)
    risk = 100 * math.exp(logit) / (1 + math.exp(logit))
    value = round(risk, 1)
    text = f"{value:g}% risk of perioperative myocardial infarction or cardiac arrest"
    lines = [f"Age {x.Age:g} years x 0.02 -> {age_term:+.2f}"] + lines
    lines.append(f"x = -5.25 + terms = {logit:.3f}; risk = e^x / (1 + e^x) = {value:g}%")
    comps = {k: p for k, _, p in rows} | {"Age": round(age_term, 4), "logit": round(logit, 4)}
    return _result("gupta_mica", _MICA_NAME, _MICA_REF, value, "%", text, lines, comps)


MICA = point_score(
    id="gupta_mica", name=_MICA_NAME, mdcalc_id=4038, category="risk",
    description=("Estimates the risk of myocardial infarction or cardiac arrest within 30 days of surgery from a "
                 "logistic model of age, functional status, ASA class, creatinine and type of procedure "
                 "(NSQIP-derived)."),
    items=(
        Number("Age", "Age", "years", ge=18, le=120),
        Choice("status", "Functional status", opts(("Independent", 0), ("Partially dependent", 0.65),
                                                   ("Totally dependent", 1.03))),
        Choice("asa", "ASA class", opts(
            ("1: normal healthy patient", -5.17), ("2: mild systemic disease", -3.29),
            ("3: severe systemic disease", -1.92),
            ("4: severe systemic disease that is a constant threat to life (i.e., patient could die acutely "
             "without intervention)", -0.95),
            ("5: moribund, not expected to survive without surgery", 0))),
        Choice("creatinine", "Creatinine", opts(("Normal (<=1.5 mg/dL, 133 umol/L)", 0),
                                                ("Elevated (>1.5 mg/dL, 133 umol/L)", 0.61), ("Unknown", -0.10))),
        Choice("surgery", "Type of procedure", opts(
            ("Anorectal", -0.16), ("Aortic", 1.60), ("Bariatric", -0.25), ("Brain", 1.40), ("Breast", -1.61),
            ("Cardiac", 1.01), ("ENT (except thyroid/parathyroid)", 0.71),
            ("Foregut (esophagus, stomach) or hepatopancreatobiliary", 1.39),
            ("Gallbladder, appendix, adrenals, or spleen", 0.59), ("Hernia (ventral, inguinal, femoral)", 0),
            ("Intestinal", 1.14), ("Neck (thyroid/parathyroid)", 0.18), ("Obstetric/gynecologic", 0.76),
            ("Orthopedic and non-vascular extremity", 0.80), ("Other abdominal", 1.13), ("Peripheral vascular", 0.86),
            ("Skin", 0.54), ("Spine", 0.21), ("Non-esophageal thoracic (lung, mediastinum, etc)", 0.40),
            ("Vein", -1.09), ("Urology", -0.26))),
    ),
    bands=(Band(None, None, "Risk read off the logistic equation"),),
    reference=_MICA_REF,
    aliases=("MICA", "Gupta MICA", "Gupta perioperative cardiac risk"),
    conventions=("Risk % = e^x / (1 + e^x), x = -5.25 + 0.02 x age + the coefficients of the chosen options; "
                 "reported to one decimal.",
                 "Creatinine 'Unknown' is a published option (coefficient -0.10); no other input is assumed."),
    unit="%",
    compute=_mica,
)

# ---------------------------------------------------------------------------
# MDCalc 4037: Focused Assessment with Sonography for Trauma (FAST)
# ---------------------------------------------------------------------------

_FAST_NAME = "Focused Assessment with Sonography for Trauma (FAST)"
_FAST_REF = ("Rozycki GS, Ballard RB, Feliciano DV, Schmidt JA, Pennington SD. Surgeon-performed ultrasound for the "
             "assessment of truncal injuries: lessons learned from 1540 patients. Ann Surg. 1998;228(4):557-567.")
_FLUID = opts(("Absent", 0), ("Present", 1), ("Equivocal", 2))
_FAST_VIEWS = (("pericardial", "Pericardial fluid"), ("ruq", "Right upper quadrant (Morison’s pouch) fluid"),
               ("luq", "Left upper quadrant (splenorenal recess) fluid"), ("suprapubic", "Suprapubic fluid"))


def _fast(x) -> CalculatorResult:
    found = {name: getattr(x, name) for name, _ in _FAST_VIEWS}
    lines = [f"{q}: {found[n]}" for n, q in _FAST_VIEWS]
    abdominal = [n for n in ("ruq", "luq", "suprapubic") if found[n] == "Present"]
    if found["pericardial"] == "Present" or abdominal:
        parts = []
        if found["pericardial"] == "Present":
            parts.append("pericardial fluid: surgical intervention warranted")
        if abdominal:
            parts.append("intra-abdominal fluid: emergent laparotomy if unstable, CT if stable")
        value, text = "Positive", "Positive FAST (" + "; ".join(parts) + ")"
    elif "Equivocal" in found.values():
        value, text = "Equivocal", "Equivocal FAST: repeat the scan or obtain further imaging"
    else:
        value, text = "Negative", "Negative FAST: no free fluid seen"
    lines.append(text)
    return _result("fast_exam", _FAST_NAME, _FAST_REF, value, "", text, lines, {})


FAST = point_score(
    id="fast_exam", name=_FAST_NAME, mdcalc_id=4037, category="diagnosis",
    description=("Reads a bedside trauma ultrasound: free fluid in the pericardium, Morison's pouch, the "
                 "splenorenal recess or the pelvis makes the exam positive, which with the patient's stability "
                 "directs surgery, laparotomy or CT."),
    items=tuple(Choice(name, q, _FLUID) for name, q in _FAST_VIEWS),
    bands=(Band(None, None, "Positive if fluid present in any view, equivocal if none present but any "
                            "equivocal, else negative"),),
    reference=_FAST_REF,
    aliases=("FAST", "FAST exam", "FAST scan"),
    conventions=("Positive if any view shows fluid; equivocal if none does but at least one is equivocal; "
                 "negative only when every view is read as absent (each view must be given).",),
    compute=_fast,
)

# ---------------------------------------------------------------------------
# MDCalc 10098: Danger Assessment (brief, 5 items, DA-5)
# ---------------------------------------------------------------------------

DANGER = point_score(
    id="danger_assessment_5", name="Danger Assessment Tool for Domestic Abuse (DA-5)", mdcalc_id=10098,
    category="risk",
    description=("Brief emergency-department screen for the risk of a lethal or potentially lethal assault by an "
                 "intimate partner in a violent relationship: five yes/no questions on escalation, weapons, "
                 "perceived capability to kill, violence in pregnancy and jealousy."),
    items=(
        yes_no("increase", "Has the physical violence increased in frequency or severity over the past 6 months?",
               default=None),
        yes_no("weapon", "Have they ever used a weapon or threatened you with a weapon?", default=None),
        yes_no("capability", "Do you believe they are capable of killing you?", default=None),
        yes_no("pregnancy", "Have you ever been beaten by them while you were pregnant?", default=None),
        yes_no("jealousy", "Are they violently and constantly jealous of you?", default=None),
    ),
    bands=(
        Band(0, 2, "Low risk of potentially lethal assault by the partner"),
        Band(3, 5, "High risk of potentially lethal assault by the partner (83% sensitive)"),
    ),
    reference=("Snider C, Webster D, O'Sullivan CS, Campbell J. Intimate partner violence: development of a brief "
               "risk assessment for the emergency department. Acad Emerg Med. 2009;16(11):1208-1216."),
    aliases=("DA-5", "Danger Assessment", "brief Danger Assessment"),
    conventions=("Every question must be answered: an unanswered one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10424: CARG chemotherapy toxicity tool
# ---------------------------------------------------------------------------

_CARG_NAME = "Cancer and Aging Research Group Chemotherapy Toxicity Tool (CARG-TT)"
_CARG_REF = ("Hurria A, Togawa K, Mohile SG, et al. Predicting chemotherapy toxicity in older adults with cancer: a "
             "prospective multicenter study. J Clin Oncol. 2011;29(25):3457-3465.")
_CARG_BANDS = (
    Band(0, 5, "Low risk: 30% risk of grade 3 or greater chemotherapy toxicity"),
    Band(6, 9, "Intermediate risk: 52% risk of grade 3 or greater chemotherapy toxicity"),
    Band(10, None, "High risk: 83% risk of grade 3 or greater chemotherapy toxicity"),
)


def _carg(x) -> CalculatorResult:
    hb_item = "hg2" if x.sex == "Male" else "hg"
    given = x.given()
    if hb_item == "hg" and "hg" not in given and "hg2" in given and x.hg2 == ">=11 g/dL":
        x = x.model_copy(update={"hg": ">=10 g/dL"})  # Hb >= 11 entails Hb >= 10: the female item is known
        given = given | {"hg"}
    if hb_item not in given:
        raise CalculatorInputError(_CARG_NAME, [InputIssue(
            hb_item, "missing", f"haemoglobin band for a {x.sex.lower()} patient (< {11 if x.sex == 'Male' else 10} "
                                "g/dL scores 3)")])
    rows = [r for r in item_points(x) if r[0] not in ("sex", "hg", "hg2") or r[0] == hb_item]
    total = int(sum(p for _, _, p in rows))
    text = band_of(_CARG_BANDS, total).text
    lines = [f"Sex: {x.sex}"] + [f"{t} -> {p:+g}" for _, t, p in rows] + [f"Total = {total} points; {text}"]
    return _result("carg_tt", _CARG_NAME, _CARG_REF, total, "points", text, lines, {k: p for k, _, p in rows})


CARG_TT = point_score(
    id="carg_tt", name=_CARG_NAME, mdcalc_id=10424, category="risk",
    description=("Estimates the risk of grade 3 or worse chemotherapy toxicity in adults 65 and older with cancer, "
                 "from age, tumour type, dosing, number of drugs, haemoglobin (sex-specific cut-off), creatinine "
                 "clearance and geriatric assessment items (hearing, falls, help with medicines, walking, social "
                 "activity)."),
    items=(
        Choice("sex", "Sex", opts(("Female", 0, 0), ("Male", 0, 1))),
        Choice("age", "Age, years", opts(("<72", 0), (">=72", 2))),
        Choice("cancer", "Cancer type", opts(("Other", 0), ("Gastrointestinal or genitourinary", 2))),
        Choice("dose", "Dosage (first dose of chemotherapy)", opts(("Reduced dose", 0), ("Standard dose", 2))),
        Choice("drugs", "Number of chemotherapy drugs", opts(("1", 0), (">1", 2))),
        Choice("hg", "Hemoglobin, g/dL (female)", opts((">=10 g/dL", 0), ("<10 g/dL", 3)), default=">=10 g/dL"),
        Choice("hg2", "Hemoglobin, g/dL (male)", opts((">=11 g/dL", 0), ("<11 g/dL", 3)), default=">=11 g/dL"),
        Choice("creatinine", "Creatinine clearance, mL/min", opts((">=34 mL/min", 0), ("<34 mL/min", 3))),
        Choice("hearing", "Hearing", opts(("Excellent/good", 0), ("Fair/poor/totally deaf", 2))),
        Choice("falls", "Number of falls in the past six months", opts(("None", 0), (">=1", 3))),
        yes_no("meds", "Needs help taking meds", 1, default=None),
        Choice("walking", "Walking ability (within one block)", opts(("Not limited", 0), ("Limited", 2))),
        Choice("social", "Social activity", opts(("Not decreased due to health", 0), ("Decreased due to health", 1))),
    ),
    bands=_CARG_BANDS,
    reference=_CARG_REF,
    aliases=("CARG", "CARG-TT", "CARG toxicity score"),
    conventions=("Haemoglobin scores 3 below 11 g/dL in men and below 10 g/dL in women: only the item for the "
                 "patient's sex is read and it must be given (the other is ignored, though listed as assumed); "
                 "for a woman, Hb >= 11 g/dL on the male item is read as >= 10 g/dL, Hb < 11 is refused as "
                 "undetermined.",
                 "Every other item must be given: an unknown one is refused."),
    compute=_carg,
)

# ---------------------------------------------------------------------------
# MDCalc 10417: HITS
# ---------------------------------------------------------------------------

_OFTEN = opts(("Never", 1), ("Rarely", 2), ("Sometimes", 3), ("Fairly often", 4), ("Frequently", 5))

HITS = point_score(
    id="hits_score", name="Hurt, Insult, Threaten, Scream (HITS) Score", mdcalc_id=10417, category="diagnosis",
    description=("Screens women and men for intimate partner violence from how often the partner physically hurts, "
                 "insults, threatens and screams or curses at them, 1-5 each."),
    items=(
        Choice("hurt", "How often does your partner physically hurt you?", _OFTEN),
        Choice("insult", "How often does your partner insult you or talk down to you?", _OFTEN),
        Choice("threaten", "How often does your partner threaten you with harm?", _OFTEN),
        Choice("scream", "How often does your partner scream or curse at you?", _OFTEN),
    ),
    bands=(
        Band(4, 10, "Negative screening result for intimate partner violence (HITS <= 10)"),
        Band(11, 20, "Positive screening result for intimate partner violence (HITS > 10)"),
    ),
    reference=("Sherin KM, Sinacore JM, Li XQ, Zitter RE, Shakil A. HITS: a short domestic violence screening tool "
               "for use in a family practice setting. Fam Med. 1998;30(7):508-512."),
    aliases=("HITS",),
    conventions=("Every question must be answered: an unanswered one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1826: Surgical Apgar Score
# ---------------------------------------------------------------------------

SURGICAL_APGAR = point_score(
    id="surgical_apgar", name="Surgical Apgar Score (SAS)", mdcalc_id=1826, category="risk",
    description=("Rates, at the end of an operation, the risk of major complications or death after surgery from "
                 "the estimated blood loss and the lowest mean arterial pressure and heart rate during the "
                 "operation; lower scores mean higher risk."),
    items=(
        Choice("estimated_blood_loss", "Estimated blood loss (EBL)",
               opts((">1000 mL", 0), ("601-1000 mL", 1), ("101-600 mL", 2), ("<=100 mL", 3))),
        Choice("lowest_mean_arterial_pressure", "Lowest mean arterial pressure",
               opts(("<40 mmHg", 0), ("40-54 mmHg", 1), ("55-69 mmHg", 2), (">=70 mmHg", 3))),
        Choice("lowest_heart_rate", "Lowest heart rate",
               opts((">85 bpm", 0), ("76-85 bpm", 1), ("66-75 bpm", 2), ("56-65 bpm", 3), ("<=55 bpm", 4),
                    ("Pathologic bradyarrhythmia or asystole", 0))),
    ),
    bands=(
        Band(0, 4, "Very high risk: 56% risk of major complications, 14% mortality"),
        Band(5, 6, "High risk: 16% risk of major complications, 4% mortality"),
        Band(7, 8, "Moderate risk: 1% mortality"),
        Band(9, 10, "Low risk: 0% mortality"),
    ),
    reference=("Gawande AA, Kwaan MR, Regenbogen SE, Lipsitz SA, Zinner MJ. An Apgar score for surgery. J Am Coll "
               "Surg. 2007;204(2):201-208."),
    aliases=("SAS", "Surgical Apgar"),
    conventions=("A pathologic bradyarrhythmia or asystole scores 0 for heart rate, like a rate above 85.",
                 "Band figures as reported for the score's validation; complication rates are given where the "
                 "definition states them.",
                 "Every item must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10088: Cumulative Illness Rating Scale-Geriatric (CIRS-G)
# ---------------------------------------------------------------------------

_CIRSG_NAME = "Cumulative Illness Rating Scale-Geriatric (CIRS-G)"
_CIRSG_REF = ("Miller MD, Paradis CF, Houck PR, et al. Rating chronic medical illness burden in geropsychiatric "
              "practice and research: application of the Cumulative Illness Rating Scale. Psychiatry Res. "
              "1992;41(3):237-248.")
_CIRSG_SYSTEMS = (
    ("heart", "Heart", (
        "No problem", "MI >5 years ago, occasional angina treated with meds as needed",
        "CHF compensated with meds, daily antianginal meds, left ventricular hypertrophy, atrial fibrillation, "
        "bundle branch block, daily antiarrhythmic drugs",
        "MI <=5 years ago, abnormal stress test, or past PTCA or CABG",
        "Marked activity restriction secondary to cardiac status (i.e., unstable angina or intractable CHF)")),
    ("vascular", "Vascular", (
        "No problem", "Hypertension compensated with salt restriction and weight loss, cholesterol >200 mg/dL",
        "Daily antihypertensive meds, one symptom of atherosclerotic disease (angina, claudication, bruit, amaurosis "
        "fugax, absent pedal pulses), aortic aneurysm <4 cm",
        ">=2 symptoms of atherosclerosis", "Previous vascular surgery, aortic aneurysm >=4 cm")),
    ("hema", "Hematopoietic", (
        "No problem", "Hemoglobin: females 10-12 g/dL, males 12-14 g/dL, anemia of chronic disease",
        "Hemoglobin: females 8 to <10 g/dL, males 10 to <12 g/dL, anemia secondary to iron/vitamin B-12/folate "
        "deficiency or chronic renal failure, total WBC 2,000-4,000",
        "Hemoglobin: females <8 g/dL, males <10 g/dL, total WBC <2,000", "Any leukemia or lymphoma")),
    ("respiratory", "Respiratory", (
        "No problem", "Recurrent episodes of acute bronchitis, current treated asthma with inhalers as needed, "
        "cigarette smoker 10-20 pack years",
        "X-ray evidence of COPD, requires daily theophylline or inhalers, treated for pneumonia two or more times in "
        "the past 5 years, smoked 21-40 pack years",
        "Limited ambulation secondary to limited respiratory capacity, requires oral steroids for lung disease, "
        "smoked >40 pack years",
        "Requires supplemental oxygen, >=1 episode of respiratory failure requiring assisted ventilation, any lung "
        "cancer")),
    ("ent", "Eyes, ears, nose, throat, and larynx", (
        "No problem", "Corrected vision 20/40, chronic sinusitis, mild hearing loss",
        "Corrected vision 20/60 or reads newsprint with difficulty, requires hearing aid, chronic sinonasal "
        "complaints requiring medication, requires medication for vertigo",
        "Partially blind (requires an escort to venture out), unable to read newsprint, conversational hearing "
        "still impaired with hearing aid",
        "Functional blindness, functional deafness, laryngectomy, requires surgical intervention for vertigo")),
    ("upper", "Upper GI", (
        "No problem", "Hiatal hernia, heartburn complaints treated with as-needed meds",
        "Needs daily H₂ blocker or antacid, documented gastric or duodenal ulcer within 5 years",
        "Active ulcer, guaiac positive stools, any swallowing disorder or dysphagia",
        "Gastric cancer, history of perforated ulcer, melena or hematochezia from upper GI source")),
    ("lower", "Lower GI", (
        "No problem", "Constipation managed with meds as needed, active hemorrhoids, status post hernia repair",
        "Requires daily bulk laxatives or stool softeners, diverticulosis, untreated hernia",
        "Bowel impaction in the past year, daily use of stimulant laxatives or enemas",
        "Hematochezia from lower GI source, currently impacted, diverticulitis flare up, status post bowel "
        "obstruction, bowel carcinoma")),
    ("liver", "Liver, pancreas, and biliary", (
        "No problem", "History of hepatitis >5 years ago, cholecystectomy",
        "Mildly elevated LFTs (<=150% of normal), hepatitis within 5 years, cholelithiasis, daily or heavy alcohol "
        "use within 5 years",
        "Elevated bilirubin (total >2 mg/dL), marked elevation of LFTs (>150% of normal), requires supplemental "
        "pancreatic enzymes for digestion",
        "Clinical or lab evidence of biliary obstruction, any biliary tree carcinoma, cholecystitis, pancreatitis, "
        "active hepatitis")),
    ("renal", "Renal", (
        "No problem", "Kidney stone passage within the past 10 years or asymptomatic kidney stone, pyelonephritis "
        "within 5 years",
        "Serum creatinine 1.5-3.0 mg/dL without diuretic or antihypertensive medication",
        "Serum creatinine >3.0 mg/dL OR serum creatinine >1.5 mg/dL on diuretic, antihypertensive, or bicarbonate "
        "therapy, current pyelonephritis",
        "Requires dialysis, renal carcinoma")),
    ("genitourinary", "Genitourinary", (
        "No problem", "Stress incontinence, hysterectomy, BPH without urinary symptoms",
        "Abnormal pap smear, frequent UTIs (>=3 in past year), urinary incontinence (non-stress) in females, BPH with "
        "hesitancy or frequency, current UTI, any urinary diversion procedure, status post TURP",
        "Prostate cancer in situ (i.e., found incidentally during TURP), vaginal bleeding, cervical carcinoma in "
        "situ, hematuria, status post urosepsis in past year",
        "Acute urinary retention, any GU carcinoma except as above")),
    ("muscle", "Musculoskeletal and skin", (
        "No problem", "Uses meds as needed for arthritis or has mildly limited activities of daily living (ADLs) "
        "from joint pathology, excised non-melanoma skin cancers, skin infections requiring antibiotics within a "
        "year",
        "Daily antiarthritic meds or use of assistive devices or moderate limitation in ADLs, daily meds for chronic "
        "skin conditions, melanoma without metastasis",
        "Severely impaired ADLs secondary to arthritis, requires steroids for arthritic condition, vertebral "
        "compression fractures from osteoporosis",
        "Wheelchair bound, severe joint deformity or severely impaired usage, osteomyelitis, any bone or muscle "
        "carcinoma, metastatic melanoma")),
    ("neuro", "Neurologic", (
        "No problem", "Frequent headaches requiring meds as needed without interference with daily activities, "
        "history of TIA phenomena (at least one)",
        "Requires daily meds for chronic headaches or headaches that regularly interfere with daily activities, "
        "status post CVA without significant residual, mild neurodegenerative disease (Parkinson's, MS, ALS, etc)",
        "Status post CVA with mild residual dysfunction, any CNS neurosurgical procedure, moderate "
        "neurodegenerative disease",
        "Status post CVA with residual functional hemiparesis or aphasia, severe neurodegenerative disease")),
    ("endo", "Endocrine and breast", (
        "No problem", "Diabetes mellitus compensated with diet, obesity (BMI >30), requires thyroid hormone "
        "replacement",
        "Diabetes mellitus requiring insulin or oral agents, fibrocystic breast disease",
        "Any electrolyte disturbance requiring hospital treatment, morbid obesity (BMI >45)",
        "Brittle or poorly controlled diabetes mellitus or diabetic coma in the past year, requires adrenal hormone "
        "replacement, adrenal, thyroid, or breast carcinoma")),
    ("psych", "Psychiatric illness", (
        "No problem", "Minor psychiatric condition or history thereof: specifically, previous outpatient mental "
        "health treatment during a crisis, outpatient treatment for depression >10 years ago, current use of minor "
        "tranquilizers for episodic anxiety (occasional usage), mild early dementia",
        "A history of major depression (by DSM) within the past 10 years (treated or untreated), mild dementia, any "
        "previous psychiatric hospitalization, any psychotic episode substance abuse history >10 years ago",
        "Currently meets DSM criteria for major depression or two or more episodes of major depression in the past "
        "10 years, moderate dementia, current usage of daily anti-anxiety medication, currently meets DSM criteria "
        "for substance abuse or dependency, requires daily antipsychotic medication",
        "Current mental illness requiring psychiatric hospitalization, institutionalization, or intensive outpatient "
        "management (e.g. patients with severe or suicidal depression, acute psychosis or psychotic "
        "decompensation, severe agitation from dementia, severe substance abuse, etc), severe dementia")),
)
_CIRSG_BANDS = (Band(0, 56, "Total of 14 organ-system ratings (0-56): higher scores mean a higher severity of "
                            "chronic illness burden"),)


def _cirsg(x) -> CalculatorResult:
    rows, lines = _sum_lines(x)
    pts = {k: int(p) for k, _, p in rows}
    total = sum(pts.values())
    endorsed = sum(1 for p in pts.values() if p > 0)
    level3 = sum(1 for p in pts.values() if p == 3)
    level4 = sum(1 for p in pts.values() if p == 4)
    index = round(total / endorsed, 2) if endorsed else 0
    text = (f"CIRS-G total {total}/56 (higher scores mean higher severity of comorbidity); {endorsed} of 14 systems "
            f"affected, severity index {index:g}, {level3} system(s) at level 3 and {level4} at level 4 (severe)")
    lines.append(f"Total = {total} points; severity index = {total}/{endorsed or 1} systems affected")
    return _result("cirs_g", _CIRSG_NAME, _CIRSG_REF, total, "points", text, lines,
                   pts | {"systems_endorsed": endorsed, "severity_index": index, "level_3": level3,
                          "level_4": level4})


CIRS_G = point_score(
    id="cirs_g", name=_CIRSG_NAME, mdcalc_id=10088, category="severity",
    description=("Measures the burden of chronic illness in older adults: each of 14 organ systems is rated 0 (no "
                 "problem) to 4 (extremely severe) from the patient's conditions and treatments, and the ratings "
                 "are added; the number of systems affected, the mean rating of those (severity index) and the "
                 "systems at levels 3 and 4 are reported alongside."),
    items=tuple(Choice(name, q, opts(*((label, i) for i, label in enumerate(labels))))
                for name, q, labels in _CIRSG_SYSTEMS),
    bands=_CIRSG_BANDS,
    reference=_CIRSG_REF,
    aliases=("CIRS-G", "CIRS", "Cumulative Illness Rating Scale"),
    conventions=("Each system is rated by its most severe problem; every system must be rated (an unrated one is "
                 "refused, 'No problem' is an answer).",
                 "The severity index is the total divided by the number of systems rated above 0 (Miller 1992)."),
    compute=_cirsg,
)

# ---------------------------------------------------------------------------
# MDCalc 1239: Injury Severity Score (ISS)
# ---------------------------------------------------------------------------

_ISS_NAME = "Injury Severity Score (ISS)"
_ISS_REF = ("Baker SP, O'Neill B, Haddon W Jr, Long WB. The injury severity score: a method for describing patients "
            "with multiple injuries and evaluating emergency care. J Trauma. 1974;14(3):187-196.")
_AIS = opts(("No injury", 0), ("Minor", 1), ("Moderate", 2), ("Serious", 3), ("Severe", 4), ("Critical", 5),
            ("Unsurvivable", 6))
_ISS_REGIONS = (("head_neck", "Head and neck worst injury (AIS)"), ("face", "Face worst injury (AIS)"),
                ("chest", "Chest worst injury (AIS)"), ("abdomen", "Abdomen worst injury (AIS)"),
                ("extremity", "Extremity (including pelvis) worst injury (AIS)"),
                ("external", "External worst injury (AIS)"))
_ISS_BANDS = (
    Band(0, 0, "No injury (ISS 0)"),
    Band(1, 8, "Minor trauma (ISS 1-8)"),
    Band(9, 15, "Moderate trauma (ISS 9-15)"),
    Band(16, 24, "Severe injury: major trauma (ISS > 15)"),
    Band(25, 74, "Very severe (critical) injuries: major trauma (ISS > 15)"),
    Band(75, 75, "Maximum injury severity (ISS 75): major trauma with an injury regarded as unsurvivable"),
)


def _iss(x) -> CalculatorResult:
    rows, lines = _sum_lines(x)
    ais = {k: int(p) for k, _, p in rows}
    if 6 in ais.values():
        value = 75
        lines.append("An AIS 6 (unsurvivable) injury sets the ISS to 75")
    else:
        top = sorted(ais.values(), reverse=True)[:3]
        value = sum(a * a for a in top)
        lines.append("ISS = sum of the squares of the three highest regional AIS = "
                     + " + ".join(f"{a}²" for a in top) + f" = {value}")
    text = band_of(_ISS_BANDS, value).text
    lines.append(text)
    return _result("injury_severity_score", _ISS_NAME, _ISS_REF, value, "points", text, lines, ais)


ISS = point_score(
    id="injury_severity_score", name=_ISS_NAME, mdcalc_id=1239, category="severity",
    description=("Summarises the overall severity of injury in a trauma patient: the worst injury in each of six "
                 "body regions is graded on the Abbreviated Injury Scale (0-6), and the squares of the three "
                 "highest grades are added (0-75); any unsurvivable (AIS 6) injury makes it 75."),
    items=tuple(Choice(name, q, _AIS) for name, q in _ISS_REGIONS),
    bands=_ISS_BANDS,
    reference=_ISS_REF,
    aliases=("ISS",),
    conventions=("Only one injury per body region counts (the region's worst); the three most severely injured "
                 "regions are squared and added.",
                 "Bands are the customary reading (ISS > 15 = major trauma; 75 = maximum), not part of Baker's "
                 "definition.",
                 "Every region must be graded ('No injury' is an answer): an ungraded one is refused."),
    compute=_iss,
)

# ---------------------------------------------------------------------------
# MDCalc 10420: Humiliation, Afraid, Rape, Kick (HARK)
# ---------------------------------------------------------------------------

HARK = point_score(
    id="hark", name="Humiliation, Afraid, Rape, Kick (HARK)", mdcalc_id=10420, category="diagnosis",
    description=("Four questions that screen women in primary care for intimate partner violence in the past "
                 "year: emotional abuse or humiliation, fear of the partner, forced sex and physical hurt by a "
                 "partner or ex-partner. Any 'Yes' is a positive screen."),
    items=(
        yes_no("hum", "Within the last year, have you been humiliated or emotionally abused in other ways by your "
               "partner or your ex-partner?", default=None),
        yes_no("afraid", "Within the last year, have you been afraid of your partner or ex-partner?", default=None),
        yes_no("rape", "Within the last year, have you been raped or forced to have any kind of sexual activity by "
               "your partner or ex-partner?", default=None),
        yes_no("kick", "Within the last year, have you been kicked, hit, slapped or otherwise physically hurt by your "
               "partner or ex-partner?", default=None),
    ),
    bands=(
        Band(0, 0, "Negative screening result for intimate partner violence (HARK 0)"),
        Band(1, 4, "Positive screening result for intimate partner violence (HARK >= 1)"),
    ),
    reference=("Sohal H, Eldridge S, Feder G. The sensitivity and specificity of four questions (HARK) to identify "
               "intimate partner violence: a diagnostic accuracy study in general practice. BMC Fam Pract. "
               "2007;8:49."),
    aliases=("HARK",),
    conventions=("Every question must be answered: an unanswered one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 4044: Simplified Acute Physiology Score (SAPS) II
# ---------------------------------------------------------------------------

_SAPS_NAME = "Simplified Acute Physiology Score (SAPS) II"
_SAPS_REF = ("Le Gall JR, Lemeshow S, Saulnier F. A new Simplified Acute Physiology Score (SAPS II) based on a "
             "European/North American multicenter study. JAMA. 1993;270(24):2957-2963.")


def _saps(x) -> CalculatorResult:
    rows, lines = _sum_lines(x)
    score = int(sum(p for _, _, p in rows))
    logit = -7.7631 + 0.0737 * score + 0.9971 * math.log(score + 1)
    risk = round(100 / (1 + math.exp(-logit)), 1)
    text = f"SAPS II {score} points: predicted in-hospital mortality {risk:.1f}%"
    lines.append(f"Total = {score} points; logit = -7.7631 + 0.0737 x {score} + 0.9971 x ln({score} + 1) = "
                 f"{logit:.4f}; mortality = e^logit / (1 + e^logit) = {risk:.1f}%")
    return _result("saps_ii", _SAPS_NAME, _SAPS_REF, score, "points", text, lines,
                   {k: p for k, _, p in rows} | {"mortality_percent": risk})


SAPS_II = point_score(
    id="saps_ii", name=_SAPS_NAME, mdcalc_id=4044, category="risk",
    description=("Scores illness severity in adult ICU patients from the worst values of the first 24 hours (vital "
                 "signs, GCS, oxygenation if ventilated, urine output, laboratory values), age, chronic disease and "
                 "type of admission, and converts the score to a predicted in-hospital mortality."),
    items=(
        Choice("age", "Age, years", opts(("<40", 0), ("40-59", 7), ("60-69", 12), ("70-74", 15), ("75-79", 16),
                                          (">=80", 18))),
        Choice("heartrate", "Heart rate (worst in 24 h), beats/min",
               opts(("<40", 11), ("40-69", 2), ("70-119", 0), ("120-159", 4), (">=160", 7))),
        Choice("bloodpressure", "Systolic BP (worst in 24 h), mmHg",
               opts(("<70", 13), ("70-99", 5), ("100-199", 0), (">=200", 2))),
        yes_no("temperature", "Temperature >=39ºC (102.2ºF)", 3, default=None),
        Choice("gcs", "GCS (lowest in 24 h; estimated before sedation)",
               opts(("14-15", 0), ("11-13", 5), ("9-10", 7), ("6-8", 13), ("<6", 26))),
        Choice("mmhg", "PaO₂/FiO₂, if on mechanical ventilation or CPAP", opts(
            ("<100 mm Hg/% (13.3 kPa/%)", 11), ("100-199 mm Hg/% (13.3-26.5 kPa/%)", 9),
            (">=200 mm Hg/% (26.6 kPa/%)", 6), ("Not on mechanical ventilation or CPAP within the last 24 hours", 0))),
        Choice("bun", "BUN, mg/dL or serum urea, mmol/L (highest in 24 h)", opts(
            ("BUN <28 or urea <10", 0), ("BUN 28-83 or urea 10-29.6", 6), ("BUN >=84 or urea >=30", 10))),
        Choice("urine", "Urine output, mL/day", opts(("<500", 11), ("500-999", 4), (">=1000", 0))),
        Choice("sodium", "Sodium, mEq/L or mmol/L (worst in 24 h)", opts(("<125", 5), ("125-144", 0), (">=145", 1))),
        Choice("potassium", "Potassium, mEq/L", opts(("<3.0", 3), ("3.0-4.9", 0), (">=5.0", 3))),
        Choice("bicarbonate", "Bicarbonate, mEq/L (lowest in 24 h)", opts(("<15", 6), ("15-19", 3), (">=20", 0))),
        Choice("bilirubin", "Bilirubin (highest in 24 h)", opts(
            ("<4.0 mg/dL (<68.4 µmol/L)", 0), ("4.0-5.9 mg/dL (68.4-102.5 µmol/L)", 4),
            (">=6.0 mg/dL (>=102.6 µmol/L)", 9))),
        Choice("wbc", "WBC, x 10³/mm³ (worst in 24 h)", opts(("<1.0", 12), ("1.0-19.9", 0), (">=20.0", 3))),
        Choice("chronic", "Chronic disease", opts(("None", 0), ("Metastatic cancer", 9),
                                                  ("Hematologic malignancy", 10), ("AIDS", 17))),
        Choice("admission", "Type of admission", opts(("Scheduled surgical", 0), ("Medical", 6),
                                                      ("Unscheduled surgical", 8))),
    ),
    bands=(Band(0, 163, "Predicted in-hospital mortality read off the logistic equation"),),
    reference=_SAPS_REF,
    aliases=("SAPS II", "SAPS 2", "SAPS-II"),
    conventions=("Mortality % = e^x / (1 + e^x), x = -7.7631 + 0.0737 x score + 0.9971 x ln(score + 1) (Le Gall "
                 "1993); reported to one decimal.",
                 "Scheduled surgical = surgery planned >= 24 h ahead; unscheduled = planned < 24 h ahead; medical = "
                 "no surgery within a week of admission.",
                 "Every item must be given (worst value of the first 24 h): an unknown one is refused."),
    compute=_saps,
)

# ---------------------------------------------------------------------------
# MDCalc 4028: Blast Lung Injury Severity Score (BLISS)
# ---------------------------------------------------------------------------

BLAST_LUNG = point_score(
    id="blast_lung_injury_severity", name="Blast Lung Injury Severity Score", mdcalc_id=4028, category="severity",
    description=("Grades primary blast lung injury on arrival (mild, moderate, severe) to anticipate ARDS and guide "
                 "ventilation, from the PaO₂/FiO₂ ratio, the extent of infiltrates on chest x-ray and a "
                 "bronchopleural fistula."),
    items=(
        Choice("ratio", "PaO₂/FiO₂", opts((">200", 0), ("60 to 200", 1), ("<60", 2))),
        Choice("chest", "Chest x-ray", opts(("Localized lung infiltrates", 0),
                                            ("Bilateral or unilateral lung infiltrates", 1),
                                            ("Massive bilateral lung infiltrates", 2))),
        yes_no("bronchial", "Bronchial pleural fistula", default=None),
    ),
    bands=(
        Band(0, 0, "Mild blast lung injury: ~0% ARDS risk at 24 hrs post injury, ~0% BLI-associated mortality"),
        Band(1, 4, "Moderate blast lung injury: 33% ARDS risk at 24 hrs post injury, ~0% BLI-associated mortality"),
        Band(5, 5, "Severe blast lung injury: 100% ARDS risk at 24 hrs post injury, 75% BLI-associated mortality"),
    ),
    reference=("Pizov R, Oppenheim-Eden A, Matot I, et al. Blast lung injury from an explosion on a civilian bus. "
               "Chest. 1999;115(1):165-172."),
    aliases=("BLISS", "BLI severity score", "blast lung score"),
    conventions=("The three findings are added (0-5) and read as mild (0), moderate (1-4) or severe (5), as MDCalc "
                 "does; ARDS and mortality figures come from a series of 10 patients.",
                 "Every finding must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10405: Pain, Enjoyment of Life and General Activity (PEG) scale
# ---------------------------------------------------------------------------

_PEG_NAME = "Pain, Enjoyment of Life and General Activity (PEG) Scale"
_PEG_REF = ("Krebs EE, Lorenz KA, Bair MJ, et al. Development and initial validation of the PEG, a three-item scale "
            "assessing pain intensity and interference. J Gen Intern Med. 2009;24(6):733-738.")
_PEG_ITEMS = (
    Number("avgpain", "Pain on average in the past week (0 = no pain, 10 = as bad as you can imagine)", "points",
           ge=0, le=10),
    Number("eol", "Interference of pain with enjoyment of life in the past week (0 = none, 10 = completely)",
           "points", ge=0, le=10),
    Number("ga", "Interference of pain with general activity in the past week (0 = none, 10 = completely)",
           "points", ge=0, le=10),
)


def _peg(x) -> CalculatorResult:
    vals = {"avgpain": x.avgpain, "eol": x.eol, "ga": x.ga}
    value = round(sum(vals.values()) / 3, 1)
    text = (f"PEG {value:g}/10 (mean of pain, enjoyment and activity): higher means more severe pain and "
            "interference; follow the trend over treatment")
    lines = [f"{i.question}: {vals[i.name]:g}" for i in _PEG_ITEMS]
    lines.append(f"PEG = ({' + '.join(f'{v:g}' for v in vals.values())}) / 3 = {value:g}")
    return _result("peg_scale", _PEG_NAME, _PEG_REF, value, "points", text, lines, vals)


PEG = point_score(
    id="peg_scale", name=_PEG_NAME, mdcalc_id=10405, category="severity",
    description=("Tracks chronic pain in primary care with three 0-10 ratings over the past week: average pain "
                 "intensity and how much pain interferes with enjoyment of life and with general activity; the "
                 "score is their mean, followed over time."),
    items=_PEG_ITEMS,
    bands=(Band(0, 10, "Mean of the three ratings, 0-10: higher is worse"),),
    reference=_PEG_REF,
    aliases=("PEG", "PEG scale", "PEG-3"),
    conventions=("The score is the mean of the three ratings, to one decimal; it has no published severity "
                 "cut-offs (a falling score means response to treatment).",
                 "All three ratings must be given: an unrated one is refused."),
    unit="points",
    compute=_peg,
)

# ---------------------------------------------------------------------------
# MDCalc 10104: Apfel score for postoperative nausea and vomiting
# ---------------------------------------------------------------------------

APFEL = point_score(
    id="apfel_ponv", name="Apfel Score for Postoperative Nausea and Vomiting", mdcalc_id=10104, category="risk",
    description=("Estimates an adult's risk of nausea and vomiting in the first 24 hours after inhalational "
                 "anaesthesia from four factors: female sex, non-smoking, history of motion sickness or PONV, and "
                 "expected postoperative opioids; guides antiemetic prophylaxis."),
    items=(
        Choice("gender", "Gender", opts(("Male", 0), ("Female", 1))),
        Choice("smoking", "Smoking status", opts(("Smoker", 0), ("Nonsmoker", 1))),
        yes_no("history", "History of motion sickness or PONV", default=None),
        yes_no("opiods", "Use of postoperative opioids", default=None),
    ),
    bands=(
        Band(0, 0, "10% 24-hour risk of PONV"),
        Band(1, 1, "21% 24-hour risk of PONV"),
        Band(2, 2, "39% 24-hour risk of PONV"),
        Band(3, 3, "61% 24-hour risk of PONV"),
        Band(4, 4, "79% 24-hour risk of PONV"),
    ),
    reference=("Apfel CC, Laara E, Koivuranta M, Greim CA, Roewer N. A simplified risk score for predicting "
               "postoperative nausea and vomiting: conclusions from cross-validations between two centers. "
               "Anesthesiology. 1999;91(3):693-700."),
    aliases=("Apfel score", "Apfel PONV score", "PONV risk score"),
    conventions=("Every factor must be documented: an unknown one is refused (a non-smoker scores, so smoking is "
                 "never assumed).",),
)


# ---------------------------------------------------------------------------
# MDCalc 10097: Preoperative Mortality Predictor (PMP) score
# ---------------------------------------------------------------------------

_PMP_RISK = ((-1, 5, "0.1%"), (6, 10, "0.6%"), (11, 15, "2.4%"), (16, 20, "12.6%"), (21, 25, "37.5%"),
             (26, 30, "40.0%"))


def _pmp_bands() -> tuple[Band, ...]:
    """The published bands, and between each pair the half-point total the 65-69 age item can reach."""
    bands: list[Band] = []
    for i, (low, high, risk) in enumerate(_PMP_RISK):
        bands.append(Band(low, high, f"PMP {low} to {high}: {risk} risk of perioperative mortality"))
        if i + 1 < len(_PMP_RISK):
            nlow, nhigh, nrisk = _PMP_RISK[i + 1]
            bands.append(Band(high + 0.5, high + 0.5, (
                f"PMP {high + 0.5:g} lies between the {low} to {high} ({risk}) and {nlow} to {nhigh} ({nrisk}) "
                f"bands: {risk.rstrip('%')}-{nrisk} risk of perioperative mortality")))
    return tuple(bands)


PMP = point_score(
    id="pmp_score", name="Preoperative Mortality Predictor (PMP) Score", mdcalc_id=10097, category="risk",
    description=("Estimates the risk of death around general surgery from preoperative facts: inpatient status, "
                 "sepsis, dependent functional status, disseminated cancer, age, cardiac, pulmonary, renal and "
                 "liver comorbidity, chronic steroids, weight loss, bleeding disorder and DNR status (obesity "
                 "subtracts a point); the total reads off a mortality band."),
    items=(
        yes_no("inpatient", "Inpatient", 6, default=None),
        yes_no("sepsis", "Sepsis", 4),
        yes_no("pfs", "Poor functional status (total assistance required for all daily activities)", 3),
        yes_no("cancer", "Disseminated cancer", 1),
        Choice("age", "Age, years", opts(("<65", 0), ("65-69", 0.5), ("70-79", 1), (">=80", 2))),
        yes_no("cardiac", "Cardiac comorbidity (dyspnea and CHF history, past MI or angina, peripheral artery "
                          "disease, hypertension requiring medication)", 5),
        yes_no("pulmonary", "Pulmonary comorbidity (on ventilator, COPD history, current pneumonia)", 3),
        yes_no("renal", "Renal comorbidity (dialysis, renal failure)", 1),
        yes_no("liver", "Liver comorbidity (ascites, esophageal varices)", 1),
        yes_no("steroids", "Steroids for chronic condition", 1),
        yes_no("loss", "Weight loss (>10% body weight in last 6 months)", 1),
        yes_no("bleeding", "Bleeding disorder", 1),
        yes_no("dnr", "DNR status", 1),
        yes_no("obesity", "Obesity", -1),
    ),
    bands=_pmp_bands(),
    reference=("Vaid S, Bell T, Grim R, Ahuja V. Predicting risk of death in general surgery patients on the basis "
               "of preoperative variables using American College of Surgeons National Surgical Quality Improvement "
               "Program data. Perm J. 2012;16(4):10-17."),
    aliases=("PMP", "PMP score", "preoperative mortality predictor"),
    conventions=("Points and mortality per band as MDCalc states them; the reference is cited from memory and its "
                 "tables were not checked offline.",
                 "The 65-69 age item scores half a point, so a total can fall between two published bands "
                 "(5.5, 10.5, 15.5, 20.5, 25.5): the result then names both neighbouring bands and gives the "
                 "range between their risks; no new threshold is made up.",
                 "Age and inpatient status are required (never assumed); a comorbidity, sepsis, DNR or "
                 "obesity not documented is scored absent and reported as assumed."),
)


# ---------------------------------------------------------------------------
# MDCalc 10415: Hack's Impairment Index (HII)
# ---------------------------------------------------------------------------

_HII_NAME = "Hack's Impairment Index (HII)"
_HII_REF = ("Hack JB, Goldlust EJ, Gibbs F, Zink B. The H-Impairment Index (HII): a standardized assessment of "
            "alcohol-induced impairment in the emergency department. Am J Drug Alcohol Abuse. 2014;40(2):111-117.")
_REFUSED = "Patient refused task"


def _hii_task(name: str, question: str, labels: tuple[str, str, str, str, str]) -> Choice:
    """A task scored 0-4; MDCalc codes the unimpaired answer -1 and a refusal 5 (which is not scored)."""
    return Choice(name, question, opts((labels[0], 0, -1), *((lab, i) for i, lab in enumerate(labels[1:], 1)),
                                       (_REFUSED, 0, 5)))


_HII_ITEMS = (
    _hii_task("speech", "Speech quality and mentation", (
        "Normal or baseline speech; conversive and appropriate",
        "Imperfect speech; answers most questions appropriately",
        "Slurred speech; answers few questions appropriately", "Slurred speech; does not make sense",
        "Unintelligible speech or only moans")),
    _hii_task("gross_motor", "Gross motor skills (sitting, standing, walking)", (
        "Can stand and walk, and is steady", "Can stand and walk, but is unsteady",
        "Can sit up and is steady, but cannot stand", "Can sit up, but is unsteady", "Cannot sit up")),
    _hii_task("eye", "Eye movement (tracking a moving finger; nystagmus)", (
        "No nystagmus; follows finger with eyes whole time",
        "Minimal nystagmus; follows finger with eyes whole time",
        "Moderate nystagmus; only follows finger with eyes for short distance",
        "Profound nystagmus; unable to follow finger with eyes", "Unable to participate")),
    _hii_task("target", "Coordination with target pursuit (finger to examiner's finger)", (
        "Steady; accurate finger to target", "Steady; inaccurate but touches target",
        "Unsteady; inaccurate, barely touches target", "Grossly unsteady; misses finger to target",
        "Unable to participate")),
    _hii_task("fine_motor", "Fine motor skills (tracing a curve between two printed lines)", (
        "Traces curve perfectly", "Traces mostly inside lines", "Traces mostly outside lines",
        "Makes mark on paper", "Unable to participate")),
)


def _hii(x) -> CalculatorResult:
    refused = [i.name for i in _HII_ITEMS if getattr(x, i.name) == _REFUSED]
    if len(refused) > 1:
        raise CalculatorInputError(_HII_NAME, [InputIssue(
            n, "invalid", "more than one task refused: the index cannot be calculated") for n in refused])
    rows = item_points(x)
    pts = {k: p for k, _, p in rows if k not in refused}
    lines = [f"{t} -> {'task refused, not scored' if k in refused else f'{p:+g}'}" for k, t, p in rows]
    total, maximum = sum(pts.values()), 4 * len(pts)
    value = round(total / maximum, 3)
    hours = total / maximum / 0.0616
    text = (f"HII {value:g} ({total:g}/{maximum} points on {len(pts)} tasks); estimated time to resolution of "
            f"impairment {hours:.1f} hours (HII / 0.0616); no impairment classes are defined")
    lines += [f"HII = {total:g} / {maximum} (4 points x {len(pts)} completed tasks) = {value:g}",
              f"Time to resolution = {total / maximum:.4g} / 0.0616 = {hours:.1f} hours"]
    return _result("hack_impairment_index", _HII_NAME, _HII_REF, value, "index", text, lines, pts)


HII = point_score(
    id="hack_impairment_index", name=_HII_NAME, mdcalc_id=10415, category="severity",
    description=("Quantifies alcohol-induced impairment in an emergency department patient from five bedside tasks "
                 "(speech, gross motor, eye tracking, finger-to-target, tracing a curve), each scored 0-4: the "
                 "index is the points over the maximum for the tasks done (0 = unimpaired, 1 = maximal), and it "
                 "estimates the hours until impairment resolves."),
    items=_HII_ITEMS,
    bands=(Band(0, 1, "Fraction of the maximum impairment on the tasks completed (0-1); no classes"),),
    reference=_HII_REF,
    aliases=("HII", "Hack's impairment index", "H-Impairment Index"),
    conventions=("The index is the sum of the task scores divided by 4 x the number of tasks completed (20 with "
                 "all five, 16 with one refused); with more than one task refused it is not calculated and the "
                 "input is refused.",
                 "Time to resolution = HII / 0.0616, in hours, as MDCalc states it; the reference is cited from "
                 "memory and not checked offline.",
                 "No impairment classes (mild, moderate, severe) are given: the library defines none.",
                 "Every task must be answered (a refusal is an answer); none is assumed."),
    unit="index",
    compute=_hii,
)


# ---------------------------------------------------------------------------
# MDCalc 4035: Pediatric trauma BIG score
# ---------------------------------------------------------------------------

_BIG_NAME = "Pediatric Trauma BIG Score"
_BIG_REF = ("Borgman MA, Maegele M, Wade CE, Blackbourne LH, Spinella PC. Pediatric trauma BIG score: predicting "
            "mortality in children after military and civilian trauma. Pediatrics. 2011;127(4):e892-e897.")
_BIG_ITEMS = (
    Number("deficit", "Base deficit (positive = acidosis)", "mmol/L", ge=-30, le=50),
    Number("INR", "INR", "ratio", ge=0.1, le=20),
    Number("gcs", "Glasgow Coma Scale", "points", ge=3, le=15),
)


def _big(x) -> CalculatorResult:
    big = round(x.deficit + 2.5 * x.INR + (15 - x.gcs), 2)
    b = 0.2 * big - 5.208
    mortality = round(100 / (1 + math.exp(-b)), 1)
    text = f"BIG score {big:g}: predicted in-hospital mortality {mortality:.1f}%"
    lines = [f"BIG = base deficit {x.deficit:g} + 2.5 x INR {x.INR:g} + (15 - GCS {x.gcs:g}) = {big:g}",
             f"Predicted mortality = 1 / (1 + e^-(0.2 x {big:g} - 5.208)) = {mortality:.1f}%"]
    return _result("pediatric_big_score", _BIG_NAME, _BIG_REF, big, "points", text, lines,
                   {"deficit": x.deficit, "INR": x.INR, "gcs": x.gcs})


BIG = point_score(
    id="pediatric_big_score", name=_BIG_NAME, mdcalc_id=4035, category="risk",
    description=("Predicts in-hospital death of an injured child on arrival from three values at hand early: base "
                 "deficit, INR and the Glasgow Coma Scale (BIG = base deficit + 2.5 x INR + (15 - GCS)), turned "
                 "into a predicted mortality by a logistic equation."),
    items=_BIG_ITEMS,
    bands=(Band(None, None, "Predicted in-hospital mortality = 1 / (1 + e^-(0.2 x BIG - 5.208))"),),
    reference=_BIG_REF,
    aliases=("BIG score", "pediatric BIG score", "base deficit INR GCS score"),
    conventions=("Predicted mortality = 1 / (1 + e^-B), B = 0.2 x BIG - 5.208, to one decimal percent; no risk class "
                 "is read off (a BIG of 26 corresponds to about 50% mortality; Davis et al. 2015 reported 16 as "
                 "the optimal cut-off).",
                 "All three values must be given; the GCS is the total (3-15)."),
    unit="points",
    compute=_big,
)


# ---------------------------------------------------------------------------
# MDCalc 10024: ASA physical status classification
# ---------------------------------------------------------------------------

_ASA_NAME = "ASA Physical Status Classification"
_ASA_REF = ("American Society of Anesthesiologists. ASA Physical Status Classification System (approved 1963, last "
            "amended 15 October 2014, with examples); after Saklad M. Grading of patients for surgical procedures. "
            "Anesthesiology. 1941;2:281-284.")
_ASA_ITEMS = (
    Choice("asa", "Description", opts(
        ("Normal healthy patient", 1), ("Patient with mild systemic disease", 2),
        ("Patient with severe systemic disease", 3),
        ("Patient with severe systemic disease that is a constant threat to life", 4),
        ("Moribund patient not expected to survive without the operation", 5),
        ("Declared brain-dead patient whose organs are being removed for donor purposes", 6))),
    yes_no("emergency", "Emergency surgery (delay would significantly increase the threat to life or body part)",
           0, yes_code=1, default=None),
)
_ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


def _asa(x) -> CalculatorResult:
    cls = int(next(o.points for o in _ASA_ITEMS[0].options if o.label == x.asa))
    emergency = x.emergency == "Yes"
    value = f"ASA {cls}{'E' if emergency else ''}"
    text = f"{value} (ASA {_ROMAN[cls]}{'E' if emergency else ''}): {x.asa.lower()}" + (
        "; emergency surgery" if emergency else "")
    lines = [f"Description: {x.asa} -> ASA {cls}", f"Emergency surgery: {x.emergency}"
             + (" -> suffix E" if emergency else ""), f"Result: {text}"]
    return _result("asa_physical_status", _ASA_NAME, _ASA_REF, value, "", text, lines,
                   {"asa": cls, "emergency_suffix": int(emergency)})


ASA = point_score(
    id="asa_physical_status", name=_ASA_NAME, mdcalc_id=10024, category="severity",
    description=("Classifies a patient's preoperative health from ASA 1 (healthy) to ASA 6 (brain-dead organ "
                 "donor) by the severity of systemic disease, with the suffix E when the surgery is an emergency."),
    items=_ASA_ITEMS,
    bands=(Band(None, None, "ASA class 1-6, suffix E for emergency surgery"),),
    reference=_ASA_REF,
    aliases=("ASA", "ASA class", "ASA score", "ASA physical status"),
    conventions=("The class is the description picked (a clinical judgement); the emergency suffix must be "
                 "answered, not assumed.",),
    compute=_asa,
    unit="",
)


# ---------------------------------------------------------------------------
# MDCalc 10454: 2023 Emergency Medicine Coding Guide (AMA CPT 2023 ED E/M levels by MDM)
# ---------------------------------------------------------------------------

_EDCODE_ID = "ed_em_coding_2023"
_EDCODE_NAME = "2023 Emergency Medicine Coding Guide (ED E/M level by medical decision making)"
_EDCODE_REF = ("American Medical Association. CPT Evaluation and Management (E/M) Services Guidelines, effective "
               "January 1, 2023: Levels of Medical Decision Making (MDM) table and Emergency Department Services "
               "codes 99281-99285. Chicago: AMA; 2022.")
_MDM = {1: "straightforward", 2: "low", 3: "moderate", 4: "high"}  # MDM level per element level 1-4
_DATA = {1: "minimal or none", 2: "limited", 3: "moderate", 4: "extensive"}
_PROBLEM_CLASS = {1: "minimal", 2: "low", 3: "moderate", 4: "high"}
_COUNT = opts((">=3", 3), ("2", 2), ("1", 1), ("0", 0))
_EDCODE_ITEMS = (
    # points = the problems' MDM level (1 minimal .. 4 high); code = MDCalc's option value
    Choice("problems", "Number and Complexity", opts(
        ("5: chronic illness w/severe exacerbation (a)", 4, 1),
        ("5: illness/injury w/life or body threat (b)", 4, 2),
        ("4: chronic illness with exacerbation (c)", 3, 3),
        ("4: >=2 stable, chronic illnesses (d)", 3, 4),
        ("4: undiagnosed new problem, uncertain outcome (e)", 3, 5),
        ("4: acute illness w/systemic sx (f)", 3, 6),
        ("4: acute, complicated injury (g)", 3, 7),
        ("3: 2 minor problems (h)", 2, 8),
        ("3: 1 stable, chronic illness (i)", 2, 9),
        ("3: acute uncomplicated illness/injury (j)", 2, 10),
        ("3: stable, acute illness (k)", 2, 11),
        ("3: uncomplicated illness/injury requiring hospitalization (l)", 2, 12),
        ("2: 1 minor problem (m)", 1, 13))),
    Choice("risk", "Risk level", opts(("High", 4), ("Moderate", 3), ("Low", 2), ("Minimal", 1))),
    Choice("ordered", "Tests ordered", _COUNT, default="0"),
    Choice("results", "Tests results reviewed (excluding labs)", _COUNT, default="0"),
    Choice("notes", "Prior external notes reviewed", _COUNT, default="0"),
    yes_no("hist", "Assessment requiring an independent historian"),
    yes_no("interp", "Independent interpretation of tests"),
    yes_no("ext", "Discussed management/test interpretation w/external professional"),
)
_EDCODE_BANDS = (
    Band(2, 2, "Level 2 ED visit (CPT 99282): straightforward medical decision making"),
    Band(3, 3, "Level 3 ED visit (CPT 99283): low level of medical decision making"),
    Band(4, 4, "Level 4 ED visit (CPT 99284): moderate level of medical decision making"),
    Band(5, 5, "Level 5 ED visit (CPT 99285): high level of medical decision making"),
)


def _ed_data_level(pts: dict[str, float]) -> tuple[int, str]:
    """The 'amount and/or complexity of data' level (1 minimal .. 4 extensive) and how it was reached."""
    docs = pts["ordered"] + pts["results"] + pts["notes"]  # unique tests ordered, results, external notes
    hist, interp, ext = bool(pts["hist"]), bool(pts["interp"]), bool(pts["ext"])
    cat1 = docs + pts["hist"] >= 3  # any 3 of tests, documents and independent historian
    categories = int(cat1) + int(interp) + int(ext)
    if categories >= 2:
        level = 4
    elif categories == 1:
        level = 3
    elif docs >= 2 or hist:
        level = 2
    else:
        level = 1
    how = (f"{docs:g} tests/documents (ordered + results + external notes, >=3 counted as 3), independent "
           f"historian {'yes' if hist else 'no'}, independent interpretation {'yes' if interp else 'no'}, "
           f"external discussion {'yes' if ext else 'no'} -> {categories} of the 3 moderate/extensive categories")
    return level, how


def _ed_coding(x) -> CalculatorResult:
    rows = item_points(x)
    pts = {k: p for k, _, p in rows}
    problems, risk = int(pts["problems"]), int(pts["risk"])
    data, how = _ed_data_level(pts)
    mdm = sorted((problems, data, risk))[1]  # the level met or exceeded by 2 of the 3 elements
    level = mdm + 1  # straightforward -> 99282 ... high -> 99285
    band = band_of(_EDCODE_BANDS, level)
    lines = [text for _, text, _ in rows]
    lines += [f"Problems: {_PROBLEM_CLASS[problems]} ({_MDM[problems]} MDM)",
              f"Data: {_DATA[data]} ({_MDM[data]} MDM): {how}",
              f"Risk of management: {_PROBLEM_CLASS[risk]} ({_MDM[risk]} MDM)",
              f"MDM = the level met or exceeded by 2 of the 3 elements: {_MDM[mdm]}",
              f"Result: {band.text}"]
    return _result(_EDCODE_ID, _EDCODE_NAME, _EDCODE_REF, level, "", band.text, lines,
                   {**pts, "problems_level": problems, "data_level": data, "risk_level": risk, "mdm_level": mdm,
                    "cpt": f"9928{level}"})


ED_CODING = point_score(
    id=_EDCODE_ID, name=_EDCODE_NAME, mdcalc_id=10454, category="severity",
    description=("Assigns the level of an emergency department evaluation and management visit (CPT 99282-99285) "
                 "from the complexity of medical decision making under the AMA's 2023 CPT E/M guidelines: the "
                 "number and complexity of problems addressed, the amount and complexity of data reviewed and "
                 "analysed, and the risk of the management chosen; the visit takes the level that two of the "
                 "three elements meet or exceed."),
    items=_EDCODE_ITEMS,
    bands=_EDCODE_BANDS,
    reference=_EDCODE_REF,
    aliases=("ED coding guide", "ED E/M level", "ED level of service", "emergency department E/M coding",
             "medical decision making level", "CPT 99281-99285"),
    conventions=(
        "Source: the AMA CPT 2023 E/M guidelines' Levels of Medical Decision Making table applied to the ED codes "
        "(99282 straightforward, 99283 low, 99284 moderate, 99285 high MDM), with the problem classes a-m and "
        "the inputs of MDCalc's 2023 Emergency Medicine Coding Guide. 99281 (a visit that may not need a "
        "physician) has no MDM level and is never assigned; critical care (99291-99292) is out of scope.",
        "Data: limited = 2 or more of tests ordered, test results reviewed and external notes reviewed, or an "
        "independent historian; moderate = 1 and extensive = 2 or more of the 3 categories (any 3 of tests, "
        "notes and independent historian; independent interpretation of a test; discussion of management with "
        "an external professional). '>=3' counts as 3 (enough for every threshold).",
        "The problem class and the risk level are required (clinical and coding judgements); data elements "
        "not documented count as not done (coding credits only documented work) and are reported as assumed.",
    ),
    unit="",
    compute=_ed_coding,
)
