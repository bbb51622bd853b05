"""Shared helpers for the calculator tests' MedCalc-Bench one-shot rows.

`one_shot_rows(ids)` gives the rows of /work/shared/data/medcalc/one_shot.csv for the given
calculator ids as pytest params (one skipped param when the file is absent);
`assert_row_correct(row)` runs the row's calculator on its "Relevant Entities" and checks the result
against the row; `assert_one_shot_ids(ids)` checks that the file holds a row for each id and no other.

The rule `assert_row_correct` applies, by the row's "Output Type":
- weeks/days answers (calculator output type "weeks_days", MedCalc-Bench 69): (weeks, days) equal the
  ground-truth tuple ('34 weeks', '3 days');
- "date": the value equals the ground-truth string (MM/DD/YYYY);
- "decimal", and "integer" rows whose ground truth is not a whole number (24, 49 and 8 are labelled
  'integer' but answered as decimals with limits): Lower Limit <= value <= Upper Limit;
- other "integer" rows: the value equals the ground truth exactly (no rounding, so stricter than the
  benchmark's round-then-compare).
"""

from __future__ import annotations

import ast
import csv
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from medmirror.tools.calculators import by_medcalc_id
from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.medcalc_adapter import adapt

ONE_SHOT = Path(__file__).parents[3].parent / "shared/data/medcalc/one_shot.csv"


def _read(ids: Iterable[int]) -> list[dict[str, str]]:
    wanted = set(ids)
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        return [r for r in csv.DictReader(fh) if int(r["Calculator ID"]) in wanted]


def one_shot_rows(ids: Iterable[int]) -> list[Any]:
    """The one-shot rows of these calculator ids as pytest params with ids `medcalc-<id>`."""
    if not ONE_SHOT.exists():
        return [pytest.param(None, id="none", marks=pytest.mark.skip(reason=f"{ONE_SHOT} not found"))]
    return [pytest.param(r, id=f"medcalc-{r['Calculator ID']}") for r in _read(ids)]


def assert_one_shot_ids(ids: Iterable[int]) -> None:
    """The file has rows for exactly these ids (skips when the file is absent)."""
    wanted = set(ids)
    if not ONE_SHOT.exists():
        pytest.skip("MedCalc-Bench one-shot CSV not available")
    assert {int(r["Calculator ID"]) for r in _read(wanted)} == wanted


def _whole_number(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def assert_row_correct(row: dict[str, str]) -> CalculatorResult:
    """Run the row's calculator on its entities and check the result (rule in the module docstring)."""
    calc = by_medcalc_id(int(row["Calculator ID"]))
    result = calc.run(adapt(calc, row["Relevant Entities"]))
    truth = row["Ground Truth Answer"]
    kind = row["Output Type"]
    if calc.output_type == "weeks_days":
        weeks, days = (int(part.split()[0]) for part in ast.literal_eval(truth))
        assert (result.components["weeks"], result.components["days"]) == (weeks, days)
    elif kind == "date":
        assert result.value == truth
    elif kind == "decimal" or not _whole_number(truth):
        assert float(row["Lower Limit"]) <= float(result.value) <= float(row["Upper Limit"])
    else:
        assert result.value == int(truth)
    return result
