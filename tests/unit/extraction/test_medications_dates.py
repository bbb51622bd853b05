"""Medications (dose, unit, route, doses per day) and dates / cycle length."""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import extract, extract_medications, parse_frequency
from medmirror.tools.extraction.dates import parse_date


@pytest.mark.parametrize("text,per_day", [
    ("q6h", 4), ("q 8 h", 3), ("every 8 hours", 3), ("every 4-6 hours", 6), ("6-hourly", 4),
    ("BID", 2), ("b.i.d.", 2), ("twice daily", 2), ("twice a day", 2), ("q12h", 2),
    ("TID", 3), ("three times a day", 3), ("tds", 3), ("QID", 4), ("four times daily", 4),
    ("once daily", 1), ("daily", 1), ("OD", 1), ("qhs", 1), ("at bedtime", 1), ("1 time a day", 1),
    ("3 times per day", 3), ("every other day", 0.5), ("weekly", 1 / 7), ("every 72 hours", 1 / 3),
])
def test_frequency(text, per_day):
    parsed = parse_frequency(text)
    assert parsed is not None and parsed[1] == pytest.approx(per_day)


def test_frequency_absent():
    assert parse_frequency("with food") is None


def test_mme_template_note():
    note = ("The patient takes 10 mg of OxyMORphone 1 time a day, 20 mg of FentaNYL buccal 2 times a day, "
            "and 20 mg of Morphine 3 times a day.")
    meds = extract_medications(note)
    got = [(m.name, m.drug_class, m.dose, m.dose_unit, m.route, m.doses_per_day) for m in meds]
    assert got == [
        ("oxymorphone", "opioid", 10.0, "mg", None, 1.0),
        ("fentanyl", "opioid", 20.0, "mg", "buccal", 2.0),
        ("morphine", "opioid", 20.0, "mg", None, 3.0),
    ]
    assert meds[1].label == "FentaNYL buccal"
    assert meds[2].daily_dose == 60.0
    for m in meds:
        assert note[m.start:m.end] == m.raw


def test_steroid_template_note():
    (m,) = extract_medications("Patient has taken 65.867 mg of Hydrocortisone IV.")
    assert (m.name, m.drug_class, m.dose, m.dose_unit, m.route) == ("hydrocortisone", "corticosteroid", 65.867, "mg", "iv")
    assert m.doses_per_day is None and m.daily_dose is None  # no frequency written: not guessed


@pytest.mark.parametrize("note,name,dose,unit,route,per_day,prn", [
    ("oxycodone 5 mg PO q6h prn pain", "oxycodone", 5, "mg", "po", 4, True),
    ("hydromorphone 2 mg IV every 4 hours as needed", "hydromorphone", 2, "mg", "iv", 6, True),
    ("fentanyl 25 mcg/hr transdermal patch every 72 hours", "fentanyl", 25, "mcg/hr", "patch", 1 / 3, False),
    ("oral prednisolone 35mg/day", "prednisolone", 35, "mg", "po", 1, False),
    ("Amlodipine (5 mg twice daily)", "amlodipine", 5, "mg", None, 2, False),
    ("500 mg levetiracetam bid", "levetiracetam", 500, "mg", None, 2, False),
    ("Solu-Medrol 125 mg IV once", "methylprednisolone", 125, "mg", "iv", None, False),
])
def test_medication_forms(note, name, dose, unit, route, per_day, prn):
    (m,) = extract_medications(note)
    assert (m.name, m.dose, m.dose_unit, m.route, m.prn) == (name, dose, unit, route, prn)
    assert m.doses_per_day == (pytest.approx(per_day) if per_day is not None else None)


def test_drug_without_dose_is_listed_without_numbers():
    (m,) = extract_medications("He has been on warfarin for years.")
    assert (m.name, m.drug_class, m.dose, m.doses_per_day) == ("warfarin", "anticoagulant", None, None)


# --- dates ----------------------------------------------------------------------

def test_lmp_and_cycle_and_today():
    note = "The patient's last menstrual period was on 02/24/2000. Her cycle length is 30 days. Today's date is 08/21/2000."
    e = extract(note, findings=False)
    assert e["lmp_date"].value == "2000-02-24"
    assert e["lmp_date"].details["mm/dd/yyyy"] == "02/24/2000"
    assert e["lmp_date"].original_value == "02/24/2000"
    assert e["cycle_length"].value == 30 and e["cycle_length"].unit == "days"
    assert e["current_date"].value == "2000-08-21"
    for name in ("lmp_date", "cycle_length", "current_date"):
        v = e[name]
        assert note[v.start:v.end] == v.raw


@pytest.mark.parametrize("text,iso", [
    ("02/24/2000", "2000-02-24"), ("2/4/2000", "2000-02-04"), ("24/02/2000", "2000-02-24"),
    ("2017-01-07", "2017-01-07"), ("January 7, 2017", "2017-01-07"), ("7 Jan 2017", "2017-01-07"),
    ("03/15/21", "2021-03-15"),
])
def test_parse_date(text, iso):
    assert parse_date(text).isoformat() == iso


@pytest.mark.parametrize("text", ["02/30/2000", "13/13/2000", "soon"])
def test_invalid_dates(text):
    assert parse_date(text) is None


def test_lmp_other_spelling_and_28_day_cycles():
    e = extract("LMP: January 7, 2017, regular 28-day cycles.", findings=False)
    assert e["lmp_date"].value == "2017-01-07"
    assert e["cycle_length"].value == 28


def test_alcohol_drinks_per_week():
    e = extract("He drinks 2 beers per day.", findings=False)
    assert e["alcohol_drinks_per_week"].value == 14  # 2 per day x 7


def test_more_date_and_cycle_spellings():
    e = extract("Her last menstrual period began on March 3, 2021. The date today is 2021-05-04. "
                "Her cycles are every 32 days.", findings=False)
    assert (e["lmp_date"].value, e["current_date"].value, e["cycle_length"].value) == ("2021-03-03", "2021-05-04", 32)
    assert extract("LMP was 3 weeks ago.", findings=False).get("lmp_date") is None


def test_mme_template_with_patch_in_micrograms():
    meds = extract_medications("The patient takes 60 mcg of FentANYL patch 1 time a day and 100 mg of TraMADol "
                               "4 times a day.")
    assert [(m.name, m.dose, m.dose_unit, m.route, m.doses_per_day) for m in meds] == [
        ("fentanyl", 60.0, "mcg", "patch", 1.0), ("tramadol", 100.0, "mg", None, 4.0)]
