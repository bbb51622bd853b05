"""Renal and urologic scores of RiskAgent's library: urinary symptoms, stones, kidney tumours and failure."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, band_of, item_points, opts, point_score, yes_no


def _result(calc_id: str, name: str, reference: str, value, unit: str, text: str, lines: list[str],
            components: dict) -> CalculatorResult:
    return CalculatorResult(calculator=calc_id, name=name, value=value, unit=unit, interpretation=text,
                            explanation=lines, reference=reference, components=components)


# ---------------------------------------------------------------------------
# MDCalc 10462: AUA Symptom Index / International Prostate Symptom Score (IPSS)
# ---------------------------------------------------------------------------

_IPSS_NAME = "AUA Symptom Index (AUA-SI) / International Prostate Symptom Score (IPSS)"
_IPSS_REF = ("Barry MJ, Fowler FJ Jr, O'Leary MP, et al. The American Urological Association symptom index for "
             "benign prostatic hyperplasia. The Measurement Committee of the American Urological Association. "
             "J Urol. 1992;148(5):1549-1557.")
_HOW_OFTEN = opts(("Not at all", 0), ("Less than 1 in 5 times", 1), ("Less than half the time", 2),
                  ("About half the time", 3), ("More than half the time", 4), ("Almost always", 5))
_IPSS_SYMPTOMS = (
    ("incomplete", "Incomplete emptying: How often have you had the sensation of not emptying your bladder?"),
    ("freq", "Frequency: How often have you had to urinate less than every two hours?"),
    ("intermit", "Intermittency: How often have you found you stopped and started again several times when you "
                 "urinated?"),
    ("urgency", "Urgency: How often have you found it difficult to postpone urination?"),
    ("weak", "Weak stream: How often have you had a weak urinary stream?"),
    ("strain", "Straining: How often have you had to strain to start urination?"),
)
_IPSS_BANDS = (
    Band(0, 7, "Mild BPH symptoms (IPSS 0-7)"),
    Band(8, 19, "Moderate BPH symptoms (IPSS 8-19)"),
    Band(20, None, "Severe BPH symptoms (IPSS 20-35)"),
)


def _ipss(x) -> CalculatorResult:
    rows = item_points(x)
    symptoms = [(k, t, p) for k, t, p in rows if k != "quality"]
    total = int(sum(p for _, _, p in symptoms))
    text = band_of(_IPSS_BANDS, total).text
    lines = [f"{t} -> {p:+g}" for _, t, p in symptoms]
    comps = {k: p for k, _, p in symptoms}
    if x.quality != "Not asked":
        qol = next(p for k, _, p in rows if k == "quality")
        lines.append(f"Quality of life due to urinary symptoms: {x.quality} ({qol:g}/6; reported apart, not added)")
        comps["quality_of_life"] = qol
        text += f"; quality of life score {qol:g} ({x.quality})"
    lines.append(f"Total = {total} points; {text}")
    return _result("ipss", _IPSS_NAME, _IPSS_REF, total, "points", text, lines, comps)


IPSS = point_score(
    id="ipss", name=_IPSS_NAME, mdcalc_id=10462, category="severity",
    description=("Grades the severity of lower urinary tract symptoms of benign prostatic hyperplasia from seven "
                 "questions on the past month (emptying, frequency, intermittency, urgency, stream, straining, "
                 "nocturia), 0-5 each; an optional quality-of-life question is reported apart."),
    items=(
        *(Choice(n, q, _HOW_OFTEN) for n, q in _IPSS_SYMPTOMS),
        Choice("noct", "Nocturia: How many times do you typically get up at night to urinate?",
               opts(("None", 0), ("1 time", 1), ("2 times", 2), ("3 times", 3), ("4 times", 4), (">=5 times", 5))),
        Choice("quality", "If you were to spend the rest of your life with your urinary condition just the way it "
               "is now, how would you feel about that?",
               opts(("Not asked", 0, 0), ("Delighted", 0, 1), ("Pleased", 1, 2), ("Mostly satisfied", 2, 3),
                    ("Mixed", 3, 4), ("Mostly dissatisfied", 4, 5), ("Unhappy", 5, 6), ("Terrible", 6, 7)),
               default="Not asked"),
    ),
    bands=_IPSS_BANDS,
    reference=_IPSS_REF,
    aliases=("IPSS", "AUA-SI", "AUA symptom score", "I-PSS"),
    conventions=("The total is the seven symptom questions (0-35); the quality-of-life question (0-6) is optional, "
                 "reported apart and never added. MDCalc's values for it are codes 1-7.",
                 "Every symptom question must be answered: an unanswered one is refused."),
    compute=_ipss,
)

# ---------------------------------------------------------------------------
# MDCalc 10530: Reid's Colposcopic Index (RCI)
# ---------------------------------------------------------------------------

RCI = point_score(
    id="reid_colposcopic_index", name="Reid's Colposcopic Index (RCI)", mdcalc_id=10530, category="diagnosis",
    description=("Predicts the histological grade of a cervical lesion seen at colposcopy from four signs after "
                 "acetic acid and iodine: margin, colour, vessels and iodine staining, 0-2 each."),
    items=(
        Choice("q1", "Margin", opts(
            ("Condylomatous or micropapillary contour. Indistinct borders. Flocculated or feathered margins. "
             "Jagged, angular lesions. Satellite lesions, acetowhitening that extends beyond the transformation "
             "zone.", 0),
            ("Regular lesions with smooth, straight outlines. Sharp peripheral margins.", 1),
            ("Rolled, peeling edges. Internal borders between areas of differing appearance.", 2))),
        Choice("q2", "Color", opts(
            ("Shiny, snow white color. Indistinct acetowhitening, semi transparent rather than completely opaque.", 0),
            ("Shiny, off white. Intermediate white.", 1), ("Dull, oyster gray.", 2))),
        Choice("q3", "Vessels", opts(
            ("Uniform, fine caliber. Randomly arranged with poorly formed patterns. Nondilated capillary loops. "
             "Ill-defined areas of fine punctation or mosaic.", 0),
            ("Absence of surface vessels, following acetic acid soaking.", 1),
            ("Definite punctuation or mosaicism. Individual vessels dilated, arranged in sharply demarcated, "
             "well-defined patterns.", 2))),
        Choice("q4", "Iodine staining", opts(
            ("Positive iodine uptake, producing a mahogany-brown color. Negative iodine uptake by an area that is "
             "recognizable as a low-grade lesion by above criteria (<=2/6).", 0),
            ("Partial iodine uptake. Variegated, tortoise shell appearance.", 1),
            ("Negative staining of a lesion, which is a high-grade lesion by the above criteria (>=3/6). "
             "Mustard-yellow appearance.", 2))),
    ),
    bands=(
        Band(0, 2, "Low grade: predicted histology HPV or CIN 1"),
        Band(3, 4, "Intermediate grade: predicted histology CIN 1 or CIN 2"),
        Band(5, 8, "High grade: predicted histology CIN 2 or CIN 3"),
    ),
    reference=("Reid R, Scalzi P. Genital warts and cervical cancer. VII. An improved colposcopic index for "
               "differentiating benign papillomaviral infections from high-grade cervical intraepithelial neoplasia. "
               "Am J Obstet Gynecol. 1985;153(6):611-618."),
    aliases=("RCI", "Reid colposcopic index", "Reid index"),
    conventions=("Every sign must be graded: an ungraded one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 2047: Revised Urinary Incontinence Scale (RUIS)
# ---------------------------------------------------------------------------

_BOTHER = opts(("Not at all", 0), ("Slightly", 1), ("Moderately", 2), ("Greatly", 3))

RUIS = point_score(
    id="ruis", name="Revised Urinary Incontinence Scale (RUIS)", mdcalc_id=2047, category="severity",
    description=("Grades urinary incontinence and follows it over treatment from five questions: how much urge, "
                 "stress and drip leakage bother the patient, how often leakage happens and how much is lost."),
    items=(
        Choice("urgency", "Urine leakage related to the feeling of urgency", _BOTHER),
        Choice("activity", "Urine leakage related to physical activity, coughing or sneezing", _BOTHER),
        Choice("drops", "Small amounts of urine leakage (drops)", _BOTHER),
        Choice("leakfreq", "How often do you experience urine leakage?", opts(
            ("Never", 0), ("Less than once a month", 1), ("A few times a month", 2), ("A few times a week", 3),
            ("Every day and/or night", 4))),
        Choice("lose", "How much urine do you lose each time?", opts(("None", 0), ("Drops", 1),
                                                                     ("Small splashes", 2), ("More", 3))),
    ),
    bands=(
        Band(0, 3, "No or minimal urinary incontinence"),
        Band(4, 8, "Mild urinary incontinence"),
        Band(9, 12, "Moderate urinary incontinence"),
        Band(13, 16, "Severe urinary incontinence"),
    ),
    reference=("Sansoni J, Hawthorne G, Fleming G, Owen E, Marosszeky N. The Revised Urinary Incontinence Scale: a "
               "clinical validation. Aust N Z Continence J. 2015;21(2):43-51."),
    aliases=("RUIS",),
    conventions=("Every question must be answered: an unanswered one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 2044: S.T.O.N.E. nephrolithometry score
# ---------------------------------------------------------------------------

STONE_NEPHRO = point_score(
    id="stone_nephrolithometry", name="STONE Nephrolithometry Score for Renal Calculi", mdcalc_id=2044,
    category="risk",
    description=("Grades the complexity of a kidney stone before percutaneous nephrolithotomy from non-contrast CT: "
                 "stone size, skin-to-stone tract length, hydronephrosis, number of calyces involved and stone "
                 "density; the total (5-13) reads off the expected stone-free rate after the first procedure."),
    items=(
        Choice("size", "Stone size (length x width), mm²", opts(("0-399", 1), ("400-799", 2), ("800-1599", 3),
                                                                 (">1600", 4))),
        Choice("tract", "Tract length (skin to stone), mm", opts(("<=100", 1), (">100", 2))),
        Choice("obstruction", "Obstruction (hydronephrosis)", opts(("No/mild hydronephrosis", 1),
                                                                    ("Moderate/severe hydronephrosis", 2))),
        Choice("calyces", "Number of calyces with calculi", opts(("1-2", 1), ("3", 2), ("Full staghorn stone", 3))),
        Choice("essence", "Essence (stone density), Hounsfield units", opts(("<=950", 1), (">950", 2))),
    ),
    bands=(
        Band(5, 5, "Low complexity: 94% chance of being stone-free after the first procedure"),
        Band(6, 7, "Low-moderate complexity: 92% chance of being stone-free after the first procedure"),
        Band(8, 8, "Moderate complexity: 83% chance of being stone-free after the first procedure"),
        Band(9, 9, "Moderate-high complexity: 64% chance of being stone-free after the first procedure"),
        Band(10, 10, "High complexity: 42% chance of being stone-free after the first procedure"),
        Band(11, 13, "High complexity: 27% chance of being stone-free after the first procedure"),
    ),
    reference=("Okhunov Z, Friedlander JI, George AK, et al. S.T.O.N.E. nephrolithometry: novel surgical "
               "classification system for kidney calculi. Urology. 2013;81(6):1154-1159."),
    aliases=("STONE nephrolithometry", "S.T.O.N.E. score", "STONE score for PCNL"),
    conventions=("Stone-free rates per score are those reported for the derivation cohort (as MDCalc tabulates "
                 "them); score 6 takes the rate of score 7 and scores 11-13 share one rate. The complexity words "
                 "are ours, for reading the rate.",
                 "Every item must be measured: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10045: Kidney Failure Risk Calculator (points version of the 8-variable KFRE)
# ---------------------------------------------------------------------------

_KFRE_NAME = "Kidney Failure Risk Calculator (8-variable, points)"
_KFRE_REF = ("Tangri N, Stevens LA, Griffith J, et al. A predictive model for progression of chronic kidney disease "
             "to kidney failure. JAMA. 2011;305(15):1553-1559.")
# points -> 5-year probability of kidney failure (the published points table); <= -42: > 90%, >= -3: < 5%
_KFRE_TABLE = {
    -41: 89.0, -40: 86.9, -39: 84.1, -38: 81.0, -37: 81.0, -36: 74.4, -35: 70.9, -34: 67.3, -33: 63.6, -32: 59.9,
    -31: 56.3, -30: 52.8, -29: 49.3, -28: 45.9, -27: 42.7, -26: 39.6, -25: 36.6, -24: 33.8, -23: 31.2, -22: 28.7,
    -21: 26.4, -20: 24.2, -19: 22.2, -18: 20.3, -17: 18.6, -16: 17.0, -15: 15.5, -14: 14.1, -13: 12.9, -12: 11.7,
    -11: 10.7, -10: 9.7, -9: 8.8, -8: 8.0, -7: 7.3, -6: 6.6, -5: 6.0, -4: 5.5,
}


def _kfre_text(total: int) -> str:
    if total <= -42:
        return ">90.0% risk of kidney failure at 5 years"
    if total >= -3:
        return "<5.0% risk of kidney failure at 5 years"
    return f"{_KFRE_TABLE[total]:.1f}% risk of kidney failure at 5 years"


def _kfre(x) -> CalculatorResult:
    rows = item_points(x)
    total = int(sum(p for _, _, p in rows))
    text = _kfre_text(total)
    lines = [f"{t} -> {p:+g}" for _, t, p in rows] + [f"Total = {total} points; {text}"]
    return _result("kidney_failure_risk_points", _KFRE_NAME, _KFRE_REF, total, "points", text, lines,
                   {k: p for k, _, p in rows})


KFRE_POINTS = point_score(
    id="kidney_failure_risk_points", name=_KFRE_NAME, mdcalc_id=10045, category="risk",
    description=("Estimates the 5-year probability that a patient with chronic kidney disease stage 3-5 progresses "
                 "to kidney failure (dialysis or transplant), from points for eGFR, sex, urine albumin-to-creatinine "
                 "ratio, age, and serum albumin, phosphorus, bicarbonate and calcium."),
    items=(
        Choice("gfr", "eGFR, mL/min/1.73m²", opts(
            ("10-14", -35), ("15-19", -30), ("20-24", -25), ("25-29", -20), ("30-34", -15), ("35-39", -10),
            ("40-44", -5), ("45-49", 0), ("50-54", 5), ("55-59", 10))),
        Choice("sex", "Sex", opts(("Female", 0), ("Male", -2))),
        Choice("acr", "Urine albumin-to-creatinine ratio, mg/g", opts(("<30", 0), ("30-300", -14), (">300", -22))),
        Choice("age", "Age, years", opts(("<30", -4), ("30-39", -2), ("40-49", 0), ("50-59", 2), ("60-69", 4),
                                          ("70-79", 6), ("80-89", 8), (">=90", 10))),
        Choice("albumin", "Serum albumin, g/dL (g/L)", opts(
            ("<=2.5 (<=25)", -5), ("2.6-3.0 (26-30)", 0), ("3.1-3.5 (31-35)", 2), (">=3.6 (>=36)", 4))),
        Choice("phosphorous", "Serum phosphorus, mg/dL (mmol/L)", opts(
            ("<3.5 (<1.13)", 3), ("3.5-4.5 (1.13-1.45)", 0), ("4.6-5.5 (1.49-1.78)", -3), (">5.5 (>1.78)", -5))),
        Choice("bicarbonate", "Serum bicarbonate, mEq/L (mmol/L)", opts(
            ("<18 (<18)", -7), ("18-22 (18-22)", -4), ("23-25 (23-25)", -1), (">25 (>25)", 0))),
        Choice("calcium", "Serum calcium, mg/dL (mmol/L)", opts(
            ("<=8.5 (<=2.12)", -3), ("8.6-9.5 (2.12-2.37)", 0), (">=9.6 (>=2.4)", 2))),
    ),
    bands=(Band(None, None, "5-year risk of kidney failure read off the points table"),),
    reference=_KFRE_REF,
    aliases=("KFRE", "Kidney Failure Risk Equation", "Tangri score", "kidney failure risk score"),
    conventions=("Lower totals mean higher risk: <= -42 points reads > 90%, >= -3 reads < 5%; between, the "
                 "published points table (-37 and -38 both read 81.0% there, kept as published).",
                 "Serum albumin's middle band is 2.6-3.0 g/dL (MDCalc's label misprints it '2.6-30').",
                 "Every item must be given: an unknown one is refused."),
    compute=_kfre,
)

# ---------------------------------------------------------------------------
# MDCalc 10110: STONE score for uncomplicated ureteral stone
# ---------------------------------------------------------------------------

STONE_URETERAL = point_score(
    id="stone_score_ureteral", name="STONE Score for Uncomplicated Ureteral Stone", mdcalc_id=10110,
    category="diagnosis",
    description=("Estimates how likely a ureteral stone is in a non-toxic adult with flank pain, from sex, time "
                 "since pain onset, race, nausea or vomiting and dipstick haematuria (0-13 points), to decide on "
                 "CT imaging."),
    items=(
        Choice("sex", "Sex", opts(("Female", 0), ("Male", 2))),
        Choice("pain", "Duration of pain prior to presentation", opts(("<6 hours", 3), ("6-24 hours", 1),
                                                                      (">24 hours", 0))),
        Choice("nausea", "Nausea and vomiting", opts(("None", 0), ("Nausea alone", 1), ("Nausea and vomiting", 2))),
        Choice("hematuria", "Hematuria on urine dipstick", opts(("Absent", 0), ("Present", 3))),
        Choice("race", "Race", opts(("Black", 0, 1), ("Non-black", 3, 4))),
    ),
    bands=(
        Band(0, 5, "Low risk: 9.2% probability of ureteral stone; consider other diagnoses"),
        Band(6, 9, "Moderate risk: 51.3% probability of ureteral stone; ultrasound showing hydronephrosis makes a "
                   "stone more likely"),
        Band(10, 13, "High risk: 88.6% probability of ureteral stone; if improving, may be managed without CT"),
    ),
    reference=("Moore CL, Bomann S, Daniels B, et al. Derivation and validation of a clinical prediction rule for "
               "uncomplicated ureteral stone--the STONE score: retrospective and prospective observational cohort "
               "studies. BMJ. 2014;348:g2191."),
    aliases=("STONE score", "ureteral stone score"),
    conventions=("Race as published: non-black race scores 3, black race 0. MDCalc's labels read 'Caucasian' "
                 "(code 4) and 'Non-Caucasian' (code 1); its codes map onto the published options.",
                 "Vomiting (with or without nausea) scores 2, nausea alone 1.",
                 "Every item must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 3908: R.E.N.A.L. nephrometry score
# ---------------------------------------------------------------------------

_RENAL_NAME = "RENAL Nephrometry Score"
_RENAL_REF = ("Kutikov A, Uzzo RG. The R.E.N.A.L. nephrometry score: a comprehensive standardized system for "
              "quantitating renal tumor size, location and depth. J Urol. 2009;182(3):844-853.")
_RENAL_BANDS = (
    Band(4, 6, "Low complexity: 6.4% risk of major complications"),
    Band(7, 9, "Intermediate complexity: 11.1% risk of major complications"),
    Band(10, 12, "High complexity: 21.9% risk of major complications"),
)


def _renal(x) -> CalculatorResult:
    rows = item_points(x)
    scored = [(k, t, p) for k, t, p in rows if k not in ("ant", "hilum")]
    total = int(sum(p for _, _, p in scored))
    suffix = {"Anterior": "a", "Posterior": "p", "Neither": "x"}[x.ant] + ("h" if x.hilum == "Yes" else "")
    text = f"RENAL {total}{suffix}: " + band_of(_RENAL_BANDS, total).text
    lines = [f"{t} -> {p:+g}" for _, t, p in scored]
    lines += [f"Anterior/posterior: {x.ant} -> suffix '{suffix[0]}'",
              f"Hilar tumor: {x.hilum}" + (" -> suffix 'h'" if x.hilum == "Yes" else ""),
              f"Total = {total} points; {text}"]
    return _result("renal_nephrometry", _RENAL_NAME, _RENAL_REF, total, "points", text, lines,
                   {k: p for k, _, p in scored} | {"suffix": suffix})


RENAL_NEPHROMETRY = point_score(
    id="renal_nephrometry", name=_RENAL_NAME, mdcalc_id=3908, category="severity",
    description=("Grades the anatomical complexity of a solid renal mass on CT or MRI for surgical planning: "
                 "radius, exophytic/endophytic share, nearness to the collecting system or sinus and location "
                 "relative to the polar lines (1-3 each, 4-12), with suffixes for anterior/posterior position and "
                 "hilar contact; complexity relates to the risk of major complications of partial nephrectomy."),
    items=(
        Choice("radius", "Radius: maximal diameter, cm", opts(("<=4", 1), (">4 and <7", 2), (">=7", 3))),
        Choice("exo", "Exophytic/endophytic", opts((">=50% exophytic", 1), ("<50% exophytic", 2),
                                                   ("Entirely endophytic", 3))),
        Choice("nearness", "Nearness to collecting system or sinus, mm", opts((">=7", 1), (">4 and <7", 2),
                                                                               ("<=4", 3))),
        Choice("ant", "Anterior/posterior (suffix, no points)", opts(("Anterior", 0), ("Posterior", 0, 1),
                                                                     ("Neither", 0, 2))),
        Choice("loc", "Location relative to polar lines", opts(
            ("Entirely above or below", 1), ("Crosses a polar line", 2), (">50% across polar line", 3),
            ("Crosses axial renal midline", 3, 4), ("Entirely between polar lines", 3, 5))),
        Choice("hilum", "Hilar tumor (touches main renal artery or vein; suffix, no points)",
               opts(("No", 0), ("Yes", 0, 1))),
    ),
    bands=_RENAL_BANDS,
    reference=_RENAL_REF,
    aliases=("RENAL score", "R.E.N.A.L. nephrometry", "nephrometry score"),
    conventions=("Location scores 3 when > 50% of the mass crosses a polar line, it lies entirely between the "
                 "polar lines or it crosses the axial midline (MDCalc codes these 3, 4 and 5).",
                 "Anterior/posterior and hilar contact add suffixes (a/p/x, h), not points; both must be given.",
                 "Complication rates (Clavien 3-5) by complexity are those of Simhan 2011, as MDCalc reports them.",
                 "Every item must be given: an unknown one is refused."),
    compute=_renal,
)

# ---------------------------------------------------------------------------
# MDCalc 10478: Vesicoureteral Reflux Index (VURx)
# ---------------------------------------------------------------------------

VURX = point_score(
    id="vurx", name="Vesicoureteral Reflux Index (VURx)", mdcalc_id=10478, category="risk",
    description=("Predicts spontaneous improvement or resolution of primary vesicoureteral reflux in young children "
                 "from the voiding cystourethrogram and sex: female sex, timing of reflux onset during filling, "
                 "ureteral anomalies and reflux grade."),
    items=(
        Choice("gender", "Gender", opts(("Male", 0), ("Female", 1))),
        Choice("time", "VUR timing", opts(("Voiding", 1), ("Late filling", 2), ("Early to mid filling", 3))),
        Choice("anomaly", "Ureteral anomalies (e.g. duplication, paraureteral diverticulum)",
               opts(("Absent", 0), ("Present", 1))),
        Choice("grade", "VUR grade", opts(("Low to moderate", 0), ("High", 1))),
    ),
    bands=(
        Band(1, 1, "89% rate of resolution of vesicoureteral reflux"),
        Band(2, 2, "69% rate of resolution of vesicoureteral reflux"),
        Band(3, 3, "53% rate of resolution of vesicoureteral reflux"),
        Band(4, 4, "16% rate of resolution of vesicoureteral reflux"),
        Band(5, 6, "11% rate of resolution of vesicoureteral reflux"),
    ),
    reference=("Kirsch AJ, Arlen AM, Leong T, et al. Vesicoureteral reflux index (VURx): a novel tool to predict "
               "primary reflux improvement and resolution in children less than 2 years of age. J Pediatr Urol. "
               "2014;10(6):1249-1254."),
    aliases=("VURx", "VUR index"),
    conventions=("Timing scores 1 (voiding), 2 (late filling) or 3 (early to mid filling), so totals run 1-6, as "
                 "MDCalc tabulates the resolution rates.",
                 "Every item must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10440: Testicular Workup for Ischemia and Suspected Torsion (TWIST)
# ---------------------------------------------------------------------------

TWIST = point_score(
    id="twist_score", name="Testicular Workup for Ischemia and Suspected Torsion (TWIST)", mdcalc_id=10440,
    category="diagnosis",
    description=("Estimates the risk of testicular torsion in a boy with acute scrotal pain from five bedside "
                 "findings (swelling, hard testis, absent cremasteric reflex, nausea or vomiting, high-riding "
                 "testis), to decide between no imaging, ultrasound and surgical exploration."),
    items=(
        yes_no("swelling", "Testicular swelling", 2, default=None),
        yes_no("hard", "Hard testicle", 2, default=None),
        yes_no("absent", "Absent cremasteric reflex", default=None),
        yes_no("nausea", "Nausea/vomiting", default=None),
        yes_no("high", "High riding testis", default=None),
    ),
    bands=(
        Band(0, 2, "Low risk of testicular torsion; no recommendation for ultrasound"),
        Band(3, 4, "Intermediate risk of testicular torsion; ultrasound indicated"),
        Band(5, 7, "High risk of testicular torsion; surgical exploration recommended"),
    ),
    reference=("Barbosa JA, Tiseo BC, Barayan GA, et al. Development and initial validation of a scoring system to "
               "diagnose testicular torsion in children. J Urol. 2013;189(5):1859-1864."),
    aliases=("TWIST", "TWIST score"),
    conventions=("Every finding must be examined: an unknown one is refused.",),
)
