"""Renal and urologic scores of RiskAgent's library: urinary symptoms, stones, kidney tumours and failure."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, band_of, item_points, opts, point_score


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
