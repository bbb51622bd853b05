"""Values written in lists and series: a label's second value in its clause ('1.9 mg/dL last year and 2.4 mg/dL at the
pre-op clinic', 'rising to 134 the next day'), and labels joined by 'and' / commas followed by as many values.

Every sentence here was written for these tests; none is taken from a benchmark note or from app/data/dev/.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.extractor import extract
from medmirror.tools.extraction.measurements import Scanner


def readings(note: str, name: str) -> list[tuple[float, str | None, str]]:
    """(value, unit as written, time) of every reading of ``name``, presenting first; time is 'now', 'later' or 'past'."""
    out = []
    for r in Scanner(note).scan().get(name, []):
        when = "past" if r.baseline else "later" if r.details.get("later") else "now"
        out.append((r.value, r.unit, when))
    return out


# --- a label's second value in the same clause ---------------------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    # the first value's own time is past: the second is the presenting one
    ("Her creatinine was 1.9 mg/dL last year and 2.4 mg/dL at the pre-op clinic.",
     [(2.4, "mg/dL", "now"), (1.9, "mg/dL", "past")]),
    ("Creatinine 1.3 mg/dL at her annual review last year and 2.2 mg/dL at the anaesthetic assessment.",
     [(2.2, "mg/dL", "now"), (1.3, "mg/dL", "past")]),
    ("HbA1c was 6.1% in 2022 and 7.4% at this visit.", [(7.4, "%", "now"), (6.1, "%", "past")]),
    # the second value's own time is past: the first stays the presenting one
    ("Creatinine 2.6 mg/dL at the pre-op clinic and 1.4 mg/dL in 2021.", [(2.6, "mg/dL", "now"), (1.4, "mg/dL", "past")]),
])
def test_second_value_of_a_label_takes_its_own_time(note: str, expected: list) -> None:
    assert readings(note, "creatinine" if "reatinine" in note else "hba1c") == expected


@pytest.mark.parametrize("note, expected", [
    ("Sodium was 128 mmol/L on admission, rising to 134 mmol/L the next day.",
     [(128.0, "mmol/L", "now"), (134.0, "mmol/L", "later")]),
    # a bare value after the change takes the first's unit
    ("Sodium was 128 mmol/L on admission, rising to 134 the next day.",
     [(128.0, "mmol/L", "now"), (134.0, "mmol/L", "later")]),
    ("Sodium 126 mmol/L, then 131 mmol/L after fluid restriction.", [(126.0, "mmol/L", "now"), (131.0, "mmol/L", "later")]),
    ("Sodium 141 mmol/L and later 147 mmol/L.", [(141.0, "mmol/L", "now"), (147.0, "mmol/L", "later")]),
    ("Sodium 124 mmol/L falling to 119 mmol/L overnight.", [(124.0, "mmol/L", "now"), (119.0, "mmol/L", "later")]),
])
def test_a_value_after_a_change_is_a_later_reading(note: str, expected: list) -> None:
    assert readings(note, "sodium") == expected


def test_a_later_reading_leaves_the_presenting_value() -> None:
    e = extract("Sodium was 128 mmol/L on admission, rising to 134 mmol/L the next day.")
    v = e.get("sodium")
    assert v.value == 128 and [a.value for a in v.alternatives] == [134]
    assert v.alternatives[0].details["later"] is True


def test_the_presenting_creatinine_is_the_pre_op_one() -> None:
    e = extract("Her creatinine was 1.9 mg/dL last year and 2.4 mg/dL at the pre-op clinic.")
    v = e.get("creatinine")
    assert v.value == 2.4 and [a.value for a in v.alternatives] == [1.9]
    assert v.alternatives[0].details["baseline"] is True


@pytest.mark.parametrize("note, expected", [
    # a bare number after a comma is not the label's second value
    ("Haemoglobin 9.1 g/dL, 12 hours after arrival.", [(9.1, "g/dL", "now")]),
    ("Creatinine 1.2 mg/dL, then 2 days later the ultrasound was repeated.", [(1.2, "mg/dL", "now")]),
    ("Sodium 131 mmol/L and 3 litres of saline were given.", [(131.0, "mmol/L", "now")]),
    # another label between the two values: each label reads its own
    ("Sodium 131 mmol/L, potassium 4.4 mmol/L.", [(131.0, "mmol/L", "now")]),
])
def test_no_second_value_where_the_number_is_not_the_labels(note: str, expected: list) -> None:
    name = "hemoglobin" if "aemoglobin" in note else "creatinine" if "reatinine" in note else "sodium"
    assert readings(note, name) == expected
