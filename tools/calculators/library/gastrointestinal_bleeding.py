"""GI bleeding scores of RiskAgent's library: the Oakland score for lower GI bleeding and the Forrest
classification of bleeding peptic ulcers."""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.library._gi_rules import _rule_score
from medmirror.tools.calculators.points import Band, Choice, opts, point_score

# ---------------------------------------------------------------------------
# MDCalc 10042: Oakland score for safe discharge after lower GI bleeding
# ---------------------------------------------------------------------------

# (low, high, probability of safe discharge) per score range (Oakland 2017, as MDCalc tabulates it).
_OAKLAND = ((0, 2, "99%"), (3, 4, "98%"), (5, 5, "97%"), (6, 7, "96%"), (8, 8, "95%"), (9, 9, "93%"),
            (10, 10, "91%"), (11, 11, "89%"), (12, 13, "87-89%"), (14, 15, "77-81%"), (16, 17, "67-72%"),
            (18, 20, "50-62%"), (21, 23, "33-45%"), (24, 26, "20-28%"), (27, 29, "11-16%"), (30, 35, "0-1%"))


def _oakland_text(low: int, high: int, probability: str) -> str:
    score = f"{low}" if low == high else f"{low}-{high}" if high < 35 else f">={low}"
    advice = ("score <=8: consider discharge with appropriate precautions (low risk)" if high <= 8 else
              "score >8: admission with further workup and resuscitation as necessary (high risk of an adverse "
              "outcome)")
    return f"Oakland {score}: {probability} probability of safe discharge; {advice}"


OAKLAND = point_score(
    id="oakland_lgib", name="Oakland Score for Safe Discharge After Lower GI Bleeding", mdcalc_id=10042,
    category="risk",
    description=("Estimates the probability that a patient presenting with acute lower GI bleeding can be "
                 "discharged safely (no rebleeding, transfusion, intervention, readmission within 28 days or "
                 "death) from age, sex, previous LGIB admission, blood on rectal exam, heart rate, systolic "
                 "pressure and haemoglobin (0-35 points)."),
    items=(
        Choice("age", "Age, years", opts(("<40", 0), ("40-69", 1), (">=70", 2))),
        Choice("sex", "Sex", opts(("Female", 0), ("Male", 1))),
        Choice("previosgiadmit", "Previous lower GI bleeding admission", opts(("No", 0), ("Yes", 1))),
        Choice("dre", "Digital rectal examination findings", opts(("No blood", 0), ("Blood", 1))),
        Choice("hr", "Heart rate, bpm", opts(("<70", 0), ("70-89", 1), ("90-109", 2), (">=110", 3))),
        Choice("sbp", "Systolic blood pressure, mmHg", opts(
            ("50-89", 5), ("90-119", 4), ("120-129", 3), ("130-159", 2), (">=160", 0))),
        Choice("hb", "Hemoglobin, g/L (g/dL)", opts(
            ("36-69 (3.6-6.9)", 22), ("70-89 (7-8.9)", 17), ("90-109 (9-10.9)", 13), ("110-129 (11-12.9)", 8),
            ("130-159 (13-15.9)", 4), (">=160 (16)", 0))),
    ),
    bands=tuple(Band(low, high, _oakland_text(low, high, p)) for low, high, p in _OAKLAND),
    reference=("Oakland K, Jairath V, Uberoi R, et al. Derivation and validation of a novel risk score for safe "
               "discharge after acute lower gastrointestinal bleeding: a modelling study. Lancet Gastroenterol "
               "Hepatol. 2017;2(9):635-643."),
    aliases=("Oakland score", "Oakland LGIB score"),
    conventions=("Every item must be given; none is assumed.",
                 "Discharge threshold: a score of 8 or less (about 95% probability of safe discharge), as in "
                 "Oakland 2017; the probabilities per score range are the derivation study's."),
)


# ---------------------------------------------------------------------------
# MDCalc 3923: Forrest classification of upper GI bleeding
# ---------------------------------------------------------------------------

# label -> (class, rebleeding without endoscopic therapy, mortality) (Laine and Peterson 1994).
_FORREST = {
    "Active spurting": ("Ia", "55%", "11%"),
    "Active oozing": ("Ib", "55%", "11%"),
    "Non-bleeding visible vessel": ("IIa", "43%", "11%"),
    "Adherent clot": ("IIb", "22%", "7%"),
    "Flat pigmented spot": ("IIc", "10%", "3%"),
    "Clean ulcer base": ("III", "5%", "2%"),
}
_FORREST_CODES = (1, 11, 2, 22, 222, 3)  # MDCalc's values for the six findings, in order


def _forrest(_pts: dict[str, float], picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    finding = picked["clas"]
    cls, rebleed, death = _FORREST[finding]
    stigmata = "high-risk stigmata" if cls in ("Ia", "Ib", "IIa") else (
        "intermediate-risk stigmata" if cls == "IIb" else "low-risk stigmata")
    return (f"Forrest {cls}", f"Forrest class {cls} ({finding.lower()}, {stigmata}): rebleeding rate {rebleed}, "
            f"mortality {death}", [f"Endoscopic finding: {finding} -> class {cls}"])


FORREST = _rule_score(
    id="forrest_classification", name="Forrest Classification of Upper GI Bleeding", mdcalc_id=3923,
    category="risk",
    description=("Classifies the endoscopic appearance of a bleeding peptic ulcer (active spurting or oozing, "
                 "visible vessel, adherent clot, pigmented spot, clean base) and reads off the risk of "
                 "rebleeding and death."),
    items=(Choice("clas", "Endoscopic finding", opts(
        *[(label, i, code) for i, (label, code) in enumerate(zip(_FORREST, _FORREST_CODES))])),),
    rule=_forrest, unit="",
    reference=("Forrest JA, Finlayson ND, Shearman DJ. Endoscopy in gastrointestinal bleeding. Lancet. "
               "1974;2(7877):394-397."),
    aliases=("Forrest class", "Forrest classification"),
    conventions=("Rebleeding and mortality per class are those of Laine L, Peterson WL. Bleeding peptic ulcer. "
                 "N Engl J Med. 1994;331(11):717-727 (without endoscopic therapy).",),
)
