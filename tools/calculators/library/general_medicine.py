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
        Band(0, 8, "Negative: no dysfunctional coronavirus anxiety (CAS < 9)"),
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
