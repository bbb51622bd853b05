"""Label disagreements: documented, general conventions under which a benchmark label departs from the
published definition that our calculator follows.

A MedCalc-Bench row run on its gold inputs (``--mode gold``) can be wrong for two reasons: our
calculator is wrong, or the row's label does not follow the score's published definition. The second
kind must be visible, never hidden: the gold runner still scores such a row as *not* correct, and adds
``label_disagreement`` (the rule that decides, what it says and its source) to the record and a count to
the summary and the printed table.

Each :class:`LabelConvention` is general: it names a calculator and an item of the published score, and
its predicate recognises the disagreement from the row's gold inputs, our result and the label alone,
typically "our value - label == the points of the item the label omits" with that item present in the
gold inputs. No row number or note text is ever consulted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

# predicate(gold_args, result_value, result_components, label) -> the row's label omits/changes the item
Predicate = Callable[[Mapping[str, Any], float, Mapping[str, Any], float], bool]


@dataclass(frozen=True)
class LabelConvention:
    calculator: str  # our calculator id
    rule: str  # stable rule id, reported per row
    description: str  # what the published definition says and what the label does instead
    source: str  # where the published definition comes from
    predicate: Predicate

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "calculator": self.calculator, "description": self.description,
                "source": self.source}


def _heart_athero_as_factor(args: Mapping[str, Any], ours: float, comps: Mapping[str, Any], label: float) -> bool:
    """HEART risk factors: a history of atherosclerotic disease (or TIA) scores 2 on its own; the label
    counted it as one risk factor among fewer than three (1 point), so ours is exactly 1 higher."""
    athero = bool(args.get("atherosclerotic_disease") or args.get("tia_history"))
    if not athero or comps.get("risk_factors") != 2:
        return False
    others = ["hypertension", "hypercholesterolemia", "diabetes", "obesity", "smoking", "family_history"]
    n = 1 + sum(bool(args.get(k)) for k in others)
    if args.get("bmi") is not None and not args.get("obesity") and float(args["bmi"]) > 30:
        n += 1
    return n < 3 and ours - label == 1


def _apache_chronic_health_omitted(args: Mapping[str, Any], ours: float, comps: Mapping[str, Any],
                                   label: float) -> bool:
    """APACHE II chronic health points: severe organ insufficiency or immunocompromise scores 5 for a
    nonoperative or emergency postoperative patient (2 elective postoperative); the label left them out."""
    chp = comps.get("chronic_health") or 0
    return bool(args.get("chronic_health")) and chp > 0 and ours - label == chp


def _caprini_surgery_type_lower(args: Mapping[str, Any], ours: float, comps: Mapping[str, Any],
                                label: float) -> bool:
    """Caprini type of surgery: the benchmark's own criteria list (minor +1, major > 45 min +2) equals the
    publication's; the labels score a minor or major operation one point lower than that list."""
    surgery = str(args.get("surgery_type") or "none")
    pts = comps.get("surgery_type") or 0
    return surgery in ("minor", "major >45 min", "laparoscopic >45 min", "arthroscopic") and pts >= 1 \
        and ours - label == 1


CONVENTIONS: tuple[LabelConvention, ...] = (
    LabelConvention(
        "heart_score", "heart-atherosclerotic-disease-2",
        "HEART risk factors: known atherosclerotic disease (prior MI, PCI/CABG, stroke/TIA, peripheral arterial "
        "disease) scores 2 whatever the number of other risk factors; the label counted it as one risk factor "
        "(1-2 factors = 1 point), one point lower.",
        "Six AJ, Backus BE, Kelder JC. Neth Heart J. 2008;16(6):191-196 (Table 1); MedCalc-Bench's own "
        "HEART implementation also scores 2.",
        _heart_athero_as_factor),
    LabelConvention(
        "apache_ii", "apache-chronic-health-5",
        "APACHE II chronic health points: a history of severe organ insufficiency or immunocompromise scores 5 "
        "for a nonoperative or emergency postoperative admission (2 for elective postoperative); the label "
        "omitted those points.",
        "Knaus WA et al. Crit Care Med. 1985;13(10):818-829 (Fig. 1, C); MedCalc-Bench's own APACHE II "
        "implementation also adds them.",
        _apache_chronic_health_omitted),
    LabelConvention(
        "caprini_vte", "caprini-surgery-type",
        "Caprini type of surgery: minor +1, major > 45 min (laparoscopic or arthroscopic) +2, as in Caprini "
        "2005 and in the criteria list the benchmark's own explanations print; the label is exactly one point "
        "lower on a row with a minor or major operation (observed on held-out rows with minor surgery + "
        "plaster cast, and major surgery + recent CHF / family history of thrombosis). Our items equal the "
        "benchmark's stated list item by item, so we keep them and report the row.",
        "Caprini JA. Dis Mon. 2005;51(2-3):70-78; MedCalc-Bench one-shot explanation for calculator 36.",
        _caprini_surgery_type_lower),
)


def find_disagreement(calculator: str, args: Mapping[str, Any], value: Any, components: Mapping[str, Any] | None,
                      label: Any) -> LabelConvention | None:
    """The first convention of ``calculator`` whose predicate recognises this (wrong) row, else None."""
    try:
        ours, lab = float(value), float(label)
    except (TypeError, ValueError):
        return None
    for conv in CONVENTIONS:
        if conv.calculator != calculator:
            continue
        try:
            if conv.predicate(args, ours, dict(components or {}), lab):
                return conv
        except (TypeError, ValueError):
            continue
    return None
