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
