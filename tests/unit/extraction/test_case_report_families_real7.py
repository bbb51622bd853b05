"""Reading conventions for real case reports' value calculators (issue 26, item 5; development set real7).

MedCalc-Bench's convention: the values when the patient was first admitted, before any treatment, unless the question
says otherwise. None of these sentences is taken from a benchmark note or from app/data/dev/. Each family has sentences
that must be read and a near miss that must not.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.extractor import extract
from medmirror.tools.extraction.medications import extract_medications


def _first(note: str, name: str) -> float:
    return extract(note, findings=False).values[name].value


# --- a reading told as the admission one goes before an untimed one -------------------------------------------------------
@pytest.mark.parametrize("note, name, want", [
    # an earlier episode told without a date, then the admission block under its header
    ("Potassium before the ablation was 4.1 mmol/L.\nBloods at presentation (this morning):\nSerum: potassium 5.9 mmol/L, "
     "sodium 131 mmol/L", "potassium", 5.9),
    # an outside visit in the history, then the admission values in the same line as their cue
    ("Seen at a walk-in centre last week; bloods then: sodium 139 mmol/L. Admission chemistry: sodium 124 mmol/L.",
     "sodium", 124.0),
    ("Her weight at the gym was 80 kg; upon arrival she weighed 77 kg.", "weight", 77.0),
])
def test_admission_reading_goes_first(note: str, name: str, want: float) -> None:
    assert _first(note, name) == want


def test_admission_to_intensive_care_is_a_later_move_not_the_admission() -> None:
    # near miss: the ICU arrival comes after the emergency department's reading
    note = "In the emergency department sodium was 121 mmol/L. On arrival to the ICU sodium was 125 mmol/L."
    assert _first(note, "sodium") == 121.0


# --- a pluperfect weight, or one before the illness or the pregnancy, is a baseline ----------------------------------------
@pytest.mark.parametrize("note, want", [
    ("Last spring he had weighed 92 kg; he now weighs 81 kg.", 81.0),
    ("Before her illness she weighed 58 kg. She weighs 49 kg.", 49.0),
    ("Pre-pregnancy weight 62 kg. Weight 70 kg.", 70.0),
])
def test_earlier_weight_is_baseline(note: str, want: float) -> None:
    assert _first(note, "weight") == want


def test_had_weighed_timed_as_the_presentation_stays_current() -> None:
    # near miss: a pluperfect timed as the admission is the admission's weight
    assert _first("She had weighed 64 kg on admission and 61 kg at discharge.", "weight") == 64.0


# --- a closed bracket times only its own value --------------------------------------------------------------------------
def test_baseline_in_a_closed_bracket_does_not_time_the_next_reading() -> None:
    note = "Bloods: urea 12 mmol/L, creatinine 160 µmol/L (baseline 90 µmol/L in May), albumin 24 g/L."
    ex = extract(note, findings=False).values
    assert ex["albumin"].value == 2.4 and not ex["albumin"].details.get("baseline")
    assert ex["creatinine"].value == pytest.approx(1.81, abs=0.01)


def test_baseline_in_an_open_clause_still_times_the_reading() -> None:
    # near miss: no bracket, the baseline word is the reading's own
    ex = extract("Creatinine 2.0 mg/dL today; baseline creatinine 1.1 mg/dL.", findings=False).values
    assert ex["creatinine"].value == 2.0


# --- later in the course: the day of discharge, an N-month review, N months after the first visit ------------------------
@pytest.mark.parametrize("note, name, want", [
    ("On the day of discharge her weight had fallen, creatinine was 1.0 mg/dL. Creatinine on arrival 1.9 mg/dL.",
     "creatinine", 1.9),
    ("At the six-month review he weighed 70 kg. Weight 84 kg.", "weight", 84.0),
    ("Four months after the first visit her insulin was 12 µU/mL. Insulin 30 µU/mL at baseline visit.", "insulin", 12.0),
])
def test_later_phrases(note: str, name: str, want: float) -> None:
    values = extract(note, findings=False).values
    v = values[name]
    if name == "insulin":  # the only presenting reading of this note is the one timed as baseline: later first
        assert v.value == want and v.details.get("later")
    else:
        assert v.value == want


# --- a European decimal comma before an insulin or hormone unit ---------------------------------------------------------
@pytest.mark.parametrize("note, name, want", [
    ("Fasting insulin 17,5 µU/mL, glucose 5,9 mmol/L.", "insulin", 17.5),
    ("Insulin 42,1 mIU/L on the first morning.", "insulin", 42.1),
])
def test_decimal_comma_insulin(note: str, name: str, want: float) -> None:
    assert _first(note, name) == want


def test_comma_list_without_unit_is_not_a_decimal() -> None:
    # near miss: '12,5' before a plain word is a list, not 12.5
    assert "insulin" not in extract("Insulin doses 12,5 and 8 units were given.", findings=False).values


# --- a relative said to be present keeps her reading hers --------------------------------------------------------------
def test_relative_present_today_keeps_the_cholesterol_hers() -> None:
    note = ("His sister, present today, takes a statin for a cholesterol of 8.0 mmol/L. "
            "Total cholesterol 5.2 mmol/L, HDL 1.3 mmol/L.")
    assert _first(note, "total_cholesterol") == pytest.approx(201.08, abs=0.1)


def test_patient_presenting_after_a_relative_is_the_patient() -> None:
    # near miss: the sentence returns to the patient ('he'), so his value is his
    note = "His brother had a stroke, and he presents with a cholesterol of 6.5 mmol/L."
    assert _first(note, "total_cholesterol") == pytest.approx(251.35, abs=0.1)


# --- a strength per tablet times the number of tablets taken at once ---------------------------------------------------
@pytest.mark.parametrize("text, want", [
    ("Prednisone 5 mg tablets - take seven tablets every morning.", 35.0),
    ("Dexamethasone 2 mg tablets, three tablets (6 mg) once daily.", 6.0),
])
def test_strength_times_tablets(text: str, want: float) -> None:
    assert extract_medications(text)[0].dose == want


@pytest.mark.parametrize("text", [
    "Prednisone 5 mg tablets, 28 tablets dispensed.",  # a supply
    "Prednisone 5 mg tablets, three tablets (20 mg) daily.",  # a total that disagrees: not read
    "Prednisone 5 mg tablets, two tablets in the morning and one at night.",  # a split dose
])
def test_tablet_counts_that_are_not_the_dose(text: str) -> None:
    assert extract_medications(text)[0].dose == 5.0


@pytest.mark.parametrize("note", [
    # the note asks for today's values: the admission ones stay second
    "Today: chloride 112 mmol/L. On admission chloride was 102 mmol/L. Anion gap requested for today's labs.",
    # an admission value in a bracketed aside is a side remark
    "Labs this morning: chloride 112 mmol/L.\n(On admission: chloride 102 mmol/L.)",
])
def test_admission_preference_yields_to_the_note(note: str) -> None:
    assert _first(note, "chloride") == 112.0


def test_a_line_timed_by_its_own_label_is_not_the_blocks_admission() -> None:
    # under an admission header, a line labelled with its own later time is not an admission reading
    note = ("Sodium 133 mmol/L at the GP surgery.\nAdmission labs:\nDay 3: sodium 128 mmol/L\n"
            "Potassium 4.0 mmol/L")
    assert _first(note, "sodium") == 133.0


# --- a blood pressure goal is not a reading ----------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Seated BP 152/96 mmHg. Plan: target BP 135/85 or lower.",
    "Aim to keep the blood pressure under 140/90 mmHg; BP 152/96 mmHg today.",
])
def test_bp_goal_is_not_read(note: str) -> None:
    v = extract(note, findings=False).values["systolic_bp"]
    assert v.value == 152.0 and not v.alternatives


def test_bp_after_a_target_word_in_another_clause_is_read() -> None:
    # near miss: 'target' ends its clause before the reading
    assert _first("No target organ damage; BP 162/98 mmHg.", "systolic_bp") == 162.0
