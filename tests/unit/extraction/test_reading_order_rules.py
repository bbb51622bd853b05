"""General reading rules found from the one-shot file's last misses (issue 13), each tested on sentences written
for it: a label naming its specimen is blood even after urine words; 'mg/d' after a blood concentration is mg/dL;
a ';' list item written value first; a bound ('< 10') goes after measured values; this admission's emergency
operation is not 'surgery in the previous weeks'."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS as C
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.grounding import rule_arguments
from medmirror.tools.extraction.rules.vte import surgery_in_previous_weeks

# --- specimen named in the label ---------------------------------------------------------------------------


def test_serum_label_after_urine_words_is_blood() -> None:
    e = extract("Urine dipstick: protein 2+, urinary glucose negative, serum albumin: 2.6 g/dl, serum sodium 136 mEq/L.")
    assert e["albumin"].value == 2.6 and e["sodium"].value == 136 and "urine_sodium" not in e.values


def test_unqualified_label_after_urine_words_stays_urine() -> None:
    e = extract("Urinalysis: specific gravity 1.010, sodium 62 mEq/L.")
    assert e["urine_sodium"].value == 62 and "sodium" not in e.values


# --- 'mg/d' after a blood concentration -----------------------------------------------------------------------


@pytest.mark.parametrize("note, name, value", [
    ("Her serum creatinine was 1.9 mg/d. on the day of surgery.", "creatinine", 1.9),
    ("Plasma glucose 212 mg/d, HbA1c 9.1%.", "glucose", 212.0),
    ("Hemoglobin 8.4 g/d this morning.", "hemoglobin", 8.4),
])
def test_truncated_per_decilitre_is_read(note: str, name: str, value: float) -> None:
    v = extract(note)[name]
    assert v.value == value and v.details.get("unit_as_written", "").endswith("/d")


@pytest.mark.parametrize("note", [
    "Urine creatinine 1100 mg/d in the 24-hour collection.",  # a daily amount: urine, not read
    "Creatinine 1.9 mg/day.",  # 'mg/day' is not a truncated mg/dL
    "Creatinine 1.9 g/d.",  # g/d is not the creatinine's mg/dL
])
def test_per_day_is_not_a_concentration(note: str) -> None:
    e = extract(note)
    assert "creatinine" not in e.values and "urine_creatinine" not in e.values


def test_truncated_unit_reaches_rcri() -> None:
    note = "A 70-year-old man before an elective colectomy; insulin-treated diabetes; creatinine level of 2.3 mg/d."
    g = rule_arguments(C["rcri"], note)
    assert g.args["creatinine"] == 2.3


# --- ';' list items written value first --------------------------------------------------------------------


def test_value_first_item_in_a_semicolon_list() -> None:
    e = extract("Chemistry: sodium, 131 mEq/L; chloride, 104 mEq/L; 14, bicarbonate; and potassium, 5.2 mEq/L.")
    assert e["bicarbonate"].value == 14 and e["bicarbonate"].details["order"].startswith("value before label")
    assert e["chloride"].value == 104 and e["potassium"].value == 5.2


@pytest.mark.parametrize("note", [
    "Given 2 units of insulin; then 3 L of fluid; glucose rechecked.",  # a number with another unit
    "Plan: repeat in 6 hours; 2 sodium tablets; review.",  # more than a label after the number
])
def test_value_first_rule_needs_a_bare_item(note: str) -> None:
    e = extract(note)
    assert "insulin" not in e.values and "sodium" not in e.values


# --- bounds --------------------------------------------------------------------------------------------------


def test_a_bound_goes_after_a_measured_value() -> None:
    e = extract("The bicarbonate was below 12 on arrival. A formal serum bicarbonate of 9.8 mEq/L came back later.")
    v = e["bicarbonate"]
    assert v.value == 9.8 and [a.value for a in v.alternatives] == [12.0]


def test_a_bound_alone_is_used_and_says_so() -> None:
    g = rule_arguments(C["anion_gap"], "Na 138 mEq/L, Cl 110 mEq/L, bicarbonate < 10 mEq/L.")
    assert g.args["bicarbonate"] == 10 and "only a bound ('< 10')" in g.param("bicarbonate").note


def test_up_to_is_a_measured_value() -> None:
    v = extract("Temperature up to 39.2 °C overnight; temperature 37.9 °C this morning.")["temperature"]
    assert v.value == 39.2


# --- this admission's emergency operation -------------------------------------------------------------------


def test_emergency_operation_of_this_admission_is_not_recent_surgery() -> None:
    note = ("A 41-year-old man arrived with sudden abdominal pain and a pulse of 124. An emergent laparotomy was "
            "performed for a perforated ulcer. Postoperatively he developed pleuritic chest pain.")
    assert surgery_in_previous_weeks(NoteContext(note)) is None
    g = rule_arguments(C["wells_pe"], note)
    assert g.param("recent_surgery").status == "assumed" and g.args.get("recent_surgery") is None


def test_surgery_before_the_presentation_still_counts() -> None:
    note = ("She had a total knee replacement 10 days ago and now presents with dyspnoea. She was taken for an "
            "emergency thrombectomy.")
    h = surgery_in_previous_weeks(NoteContext(note))
    assert h is not None and h.value is True and "knee replacement" in h.sentence


def test_emergency_operation_with_a_time_cue_before_presentation_counts() -> None:
    note = "Two weeks ago he underwent an emergency appendectomy. He now has a swollen right calf."
    h = surgery_in_previous_weeks(NoteContext(note))
    assert h is not None and h.value is True
