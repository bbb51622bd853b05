"""Smoke test over the MedCalc-Bench one-shot notes (55 rows, CC-BY-SA 4.0).

Checks that age and sex come out where the gold "Relevant Entities" have them
and that every evidence span points at its raw text.
The thresholds are floors against regressions, not targets tuned to the file.
"""

from __future__ import annotations

import ast
import csv
from pathlib import Path

import pytest

from medmirror.tools.extraction import extract

CSV = Path(__file__).parents[3].parent / "shared/data/medcalc/one_shot.csv"  # shared/ beside the repo
pytestmark = pytest.mark.skipif(not CSV.exists(), reason="one-shot CSV not available")


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    with CSV.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="module")
def extractions(rows):
    return [extract(r["Patient Note"]) for r in rows]


def _gold(row: dict) -> dict:
    return {k.lower(): v for k, v in ast.literal_eval(row["Relevant Entities"]).items()}


def test_age_and_sex_hit_rate(rows, extractions):
    age_hits = age_total = sex_hits = sex_total = 0
    misses = []
    for row, e in zip(rows, extractions):
        gold = _gold(row)
        if "age" in gold:
            age_total += 1
            want = float(gold["age"][0])
            got = e.get("age")
            if got is not None and abs(got.value - want) < 0.01:
                age_hits += 1
            else:
                misses.append((row["Calculator ID"], "age", want, got and got.value))
        if "sex" in gold:
            sex_total += 1
            got = e.get("sex")
            if got is not None and got.value == gold["sex"]:
                sex_hits += 1
            else:
                misses.append((row["Calculator ID"], "sex", gold["sex"], got and got.value))
    print(f"\nage {age_hits}/{age_total}, sex {sex_hits}/{sex_total}; misses: {misses}")
    assert age_total >= 15 and sex_total >= 10
    assert age_hits / age_total >= 0.95
    assert sex_hits / sex_total >= 0.95


def test_every_span_points_at_its_text(rows, extractions):
    for row, e in zip(rows, extractions):
        note = row["Patient Note"]
        for v in e.values.values():
            for item in (v, *v.alternatives):
                assert note[item.start:item.end] == item.raw
                assert note[item.sentence.start:item.sentence.end] == item.sentence.text
                assert item.sentence.start <= item.start < item.sentence.end + 1
        for f in e.findings:
            assert note[f.start:f.end] == f.text
        for m in e.medications:
            assert note[m.start:m.end] == m.raw
