"""Label disagreements in `bench medcalc --mode gold` (app/bench/label_conventions.py), on constructed rows.

Each convention is checked both ways: it marks a row whose label omits exactly the item it names, and it
does not mark a row that is wrong for another reason (so a real error of ours is never explained away).
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from medmirror.bench.label_conventions import CONVENTIONS, find_disagreement
from medmirror.bench.medcalc import COLUMNS, run_medcalc
from medmirror.tools.calculators import CALCULATORS


def _row(n: int, calc_id: int, category: str, entities: dict[str, Any], label: int) -> dict[str, Any]:
    return {"Row Number": n, "Calculator ID": calc_id, "Calculator Name": f"calc {calc_id}", "Category": category,
            "Output Type": "integer", "Note ID": f"n{n}", "Note Type": "Original", "Patient Note": "note",
            "Question": "q?", "Relevant Entities": repr(entities), "Ground Truth Answer": str(label),
            "Lower Limit": str(label), "Upper Limit": str(label), "Ground Truth Explanation": ""}


# HEART: age 50 (+1), hypertension + prior MI -> risk factors 2 (athero), history/ECG/troponin 0 -> 3.
HEART = {"age": [50, "years"], "Hypertension history": True, "atherosclerotic disease": True,
         "Suspicion History": "Slightly suspicious"}
# APACHE II: all physiology normal, age 40 (0), immunocompromised nonoperative -> 0 + 0 + 5 = 5.
APACHE = {"age": [40, "years"], "Heart Rate or Pulse": [80, "beats per minute"],
          "Temperature": [37.0, "degrees celsius"], "Systolic Blood Pressure": [120, "mm Hg"],
          "Diastolic Blood Pressure": [80, "mm Hg"], "respiratory rate": [14, "breaths per minute"],
          "Sodium": [140, "mEq/L"], "Potassium": [4.0, "mEq/L"], "creatinine": [1.0, "mg/dL"],
          "Hematocrit": [40, "%"], "White blood cell count": [8000, "mm^3"], "Glasgow Coma Score": 15,
          "pH": 7.40, "FiO2": [21, "%"], "PaO2": [90, "mm Hg"],
          "History of severe organ failure or immunocompromise": True}
# Caprini: age 50 (+1), minor surgery (+1), plaster cast (+1) -> 3.
CAPRINI = {"age": [50, "years"], "sex": "Male", "Surgery Type": "Minor",
           "Immobilizing plaster cast in the last month": True}


def _run(tmp_path: Path, rows: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    path = tmp_path / "d.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(COLUMNS))
        w.writeheader()
        w.writerows(rows)
    printed: list[str] = []
    summary = run_medcalc(path, "gold", out_dir=tmp_path / "out", quiet=True, plot=False, echo=printed.append)
    import json
    records = [json.loads(x) for x in (tmp_path / "out" / "records.jsonl").read_text().splitlines()]
    return summary, records, "\n".join(printed)


def test_our_values_on_the_constructed_inputs(tmp_path: Path) -> None:
    summary, records, _ = _run(tmp_path, [_row(1, 18, "risk", HEART, 3), _row(2, 28, "risk", APACHE, 5),
                                          _row(3, 36, "risk", CAPRINI, 3)])
    assert [r["got"] for r in records] == [3, 5, 3]
    assert summary["correct"] == 3 and summary["label_disagreements"] == 0
    assert not any("label_disagreement" in r for r in records)


def test_rows_whose_label_omits_the_item_are_reported_not_counted_right(tmp_path: Path) -> None:
    rows = [_row(1, 18, "risk", HEART, 2),     # label counted the MI as a 2nd risk factor (1 point)
            _row(2, 28, "risk", APACHE, 0),    # label left out the 5 chronic-health points
            _row(3, 36, "risk", CAPRINI, 2),   # label one point lower on a surgical row
            _row(4, 18, "risk", HEART, 1),     # 2 lower: not the convention -> plain wrong
            _row(5, 28, "risk", {**APACHE, "History of severe organ failure or immunocompromise": False}, 3)]
    summary, records, table = _run(tmp_path, rows)
    assert summary["correct"] == 0  # never silently right
    marked = {r["id"]: r.get("label_disagreement", {}).get("rule") for r in records}
    assert marked == {"1": "heart-atherosclerotic-disease-2", "2": "apache-chronic-health-5",
                      "3": "caprini-surgery-type", "4": None, "5": None}
    assert summary["label_disagreements"] == 3
    assert summary["label_disagreements_by_rule"] == {"heart-atherosclerotic-disease-2": 1,
                                                      "apache-chronic-health-5": 1, "caprini-surgery-type": 1}
    assert "label disagreements" in table and "apache-chronic-health-5 1" in table
    assert records[0]["label_disagreement"]["source"]


def test_heart_convention_needs_atherosclerotic_disease_and_fewer_than_three_factors() -> None:
    heart = CALCULATORS["heart_score"]
    base = {"age": 50, "hypertension": True, "atherosclerotic_disease": True}
    r = heart.run(base)
    assert find_disagreement("heart_score", base, r.value, r.components, r.value - 1) is not None
    no_athero = {"age": 50, "hypertension": True, "smoking": True, "diabetes": True}  # 3 factors -> 2 anyway
    r2 = heart.run(no_athero)
    assert find_disagreement("heart_score", no_athero, r2.value, r2.components, r2.value - 1) is None
    three = {**base, "smoking": True, "diabetes": True}  # 2 points also by count: the label has no excuse
    r3 = heart.run(three)
    assert find_disagreement("heart_score", three, r3.value, r3.components, r3.value - 1) is None


def test_apache_convention_uses_the_points_actually_scored() -> None:
    apache = CALCULATORS["apache_ii"]
    normal = {"temperature": 37, "heart_rate": 80, "respiratory_rate": 16, "sodium": 140, "potassium": 4, "gcs": 15}
    elective = {"age": 40, "chronic_health": True, "admission_type": "elective postoperative", **normal}
    r = apache.run(elective)
    assert r.components["chronic_health"] == 2
    assert find_disagreement("apache_ii", elective, r.value, r.components, r.value - 2) is not None
    assert find_disagreement("apache_ii", elective, r.value, r.components, r.value - 5) is None


def test_caprini_convention_needs_an_operation() -> None:
    no_surgery = {"age": 50, "plaster_cast_last_month": True}
    r = CALCULATORS["caprini_vte"].run(no_surgery)
    assert find_disagreement("caprini_vte", no_surgery, r.value, r.components, r.value - 1) is None


def test_every_convention_is_documented() -> None:
    ids = [c.rule for c in CONVENTIONS]
    assert len(ids) == len(set(ids))
    for c in CONVENTIONS:
        assert c.calculator in CALCULATORS and c.description and c.source
