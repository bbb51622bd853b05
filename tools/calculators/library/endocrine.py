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
