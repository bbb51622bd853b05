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
    # UK brand names of opioids
    ("MST 30 mg BD", "morphine", 30, "mg", None, 2, False),
    ("Oramorph 10 mg up to four times a day", "morphine", 10, "mg", None, 4, False),
    ("OxyNorm 5 mg qds prn", "oxycodone", 5, "mg", None, 4, True),
    ("Palexia 100mg BD", "tapentadol", 100, "mg", None, 2, False),
    ("Zydol 50 mg three times daily", "tramadol", 50, "mg", None, 3, False),
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


# --- one date order per note; the heading's date (sentences written for these tests) ----------------------------

@pytest.mark.parametrize("note, lmp, today", [
    # 23/02/2025 can only be day/month: the note's other dates are read day/month too
    ("Antenatal booking 04/03/2025. LMP 06/01/2025, cycles regular. Bloods sent 17/03/2025.", "2025-01-06", "2025-03-04"),
    # 01/28/2024 can only be month/day: ambiguous dates stay month/day
    ("Clinic visit 03/04/2024. LMP 01/28/2024.", "2024-01-28", "2024-03-04"),
    # nothing pinned: month/day (the benchmark's convention)
    ("Clinic visit 03/04/2024. LMP 02/01/2024.", "2024-02-01", "2024-03-04"),
])
def test_a_note_is_read_in_one_date_order(note, lmp, today):
    e = extract(note, findings=False)
    assert e["lmp_date"].value == lmp and e["current_date"].value == today


def test_a_note_that_pins_both_orders_keeps_month_first():
    from medmirror.tools.extraction.dates import note_day_first

    assert note_day_first("Seen 25/03/2024, LMP 14/02/2024.")
    assert not note_day_first("Seen 25/03/2024, LMP 02/14/2024.")  # pins both: the default stays
    assert parse_date("05/09/2024", day_first=True).isoformat() == "2024-09-05"
    assert parse_date("25/09/2024", day_first=False).isoformat() == "2024-09-25"


@pytest.mark.parametrize("note, today", [
    ("Labour ward handover - 11/14/2023, 19:30\nBed 4: G2P1, LMP 02/20/2023.", "2023-11-14"),
    ("EARLY PREGNANCY UNIT: 7 June 2024\nLMP 20 April 2024, positive test at home.", "2024-06-07"),
])
def test_the_heading_date_is_today_when_no_date_is_labelled(note, today):
    assert extract(note, findings=False)["current_date"].value == today


@pytest.mark.parametrize("note", [
    "LMP - 02/20/2023\nReviewed for nausea.",
    "Admission date: 11/02/2023\nTransferred to the ward.",
])
def test_a_heading_naming_another_date_is_not_today(note):
    assert extract(note, findings=False).get("current_date") is None


# --- combination products (sentences written for these tests) ---------------------------------------------------

@pytest.mark.parametrize("note, first, second, per_dose, per_day", [
    ("Takes tramadol/acetaminophen 37.5/325 mg every 6 hours for knee pain.", "tramadol", "acetaminophen",
     (37.5, 325.0), 4.0),
    ("hydrocodone-acetaminophen 7.5/325 mg, two tablets twice daily", "hydrocodone", "acetaminophen",
     (15.0, 650.0), 2.0),  # two tablets: 2 x 7.5 mg and 2 x 325 mg per dose
])
def test_a_combination_product_splits_its_dose(note, first, second, per_dose, per_day):
    meds = {m.name: m for m in extract_medications(note)}
    assert (meds[first].dose, meds[second].dose) == per_dose
    assert meds[first].dose_unit == meds[second].dose_unit == "mg"
    assert meds[first].doses_per_day == meds[second].doses_per_day == per_day


def test_a_product_the_vocabulary_names_as_one_drug_takes_the_first_dose():
    (oxy,) = [m for m in extract_medications("Takes oxycodone/acetaminophen 10/325 mg every 6 hours.")
              if m.name == "oxycodone"]
    assert oxy.dose == 10.0 and oxy.dose_unit == "mg" and oxy.doses_per_day == 4.0


def test_two_drugs_in_a_list_are_not_a_combination():
    meds = {m.name: m for m in extract_medications("Regular morphine 10 mg twice daily and acetaminophen 1 g four "
                                                   "times daily.")}
    assert meds["morphine"].dose == 10.0 and meds["acetaminophen"].dose == 1.0


@pytest.mark.parametrize("note, name, dose, per_day", [
    # combination tablets by their strengths without a unit: the opioid's mg is the first number
    ("Percocet 5/325 two tablets every 6 hours.", "oxycodone", 10.0, 4.0),
    ("Norco 10/325 q6h", "hydrocodone", 10.0, 4.0),
    ("co-codamol 30/500 two tablets four times a day", "codeine", 60.0, 4.0),
    # a tablet count before the drug multiplies the strength
    ("Takes 2 tablets of tramadol 50 mg three times daily.", "tramadol", 100.0, 3.0),
    # an as-needed drug's stated daily use replaces its maximum frequency
    ("Hydrocodone/APAP 10/325 mg q4h PRN, takes about 4 doses a day.", "hydrocodone", 10.0, 4.0),
    ("Morphine IR 10 mg q4h prn, using 3 doses daily.", "morphine", 10.0, 3.0),
    ("Oxycodone 5 mg q4h prn.", "oxycodone", 5.0, 6.0),
])
def test_opioid_doses_as_prescriptions_write_them(note, name, dose, per_day):
    (m,) = extract_medications(note)
    assert (m.name, m.dose, m.doses_per_day) == (name, pytest.approx(dose), pytest.approx(per_day))


def test_two_numbers_that_are_not_a_combination_tablet_stay_unread():
    (m,) = extract_medications("Oxycodone 5/10 mg")  # a range of doses, not a strength with paracetamol
    assert m.dose is None


@pytest.mark.parametrize("note, dose, per_day", [
    # a dose changed later in the sentence is the current one
    ("Maintained on prednisone 7.5 mg daily for polymyalgia; increased to 20 mg daily this week.", 20.0, 1.0),
    ("Morphine 10 mg q4h, increased to 15 mg q4h yesterday.", 15.0, 6.0),
    ("Oxycodone 10 mg bd; dose reduced to 5 mg bd after a fall.", 5.0, 2.0),
    # a planned change is not the dose taken
    ("Prednisolone 40 mg daily, to be tapered to 5 mg over 4 weeks.", 40.0, 1.0),
    ("Prednisone 60 mg daily, plan to reduce to 40 mg next week.", 60.0, 1.0),
])
def test_a_dose_changed_in_the_same_sentence(note, dose, per_day):
    (m,) = extract_medications(note)
    assert (m.dose, m.doses_per_day) == (dose, per_day)


@pytest.mark.parametrize("question_drug, note, source, dose", [
    # the question names the patient's steroid: it is the source even when another steroid comes first
    ("Dexamethasone IV", "Prednisone 20 mg daily. Dexamethasone 4 mg IV was given once in ED.", "Dexamethasone IV", 4.0),
    ("PredniSONE PO", "Prednisone 20 mg daily. Dexamethasone 4 mg IV was given once in ED.", "PredniSONE PO", 20.0),
    # a steroid the note says was stopped is not the patient's dose
    ("MethylPrednisoLONE IV", "Previously on dexamethasone 4 mg, stopped. Now methylprednisolone 60 mg IV daily.",
     "MethylPrednisoLONE IV", 60.0),
])
def test_the_steroid_conversion_starts_from_the_patients_steroid(question_drug, note, source, dose):
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.extraction.grounding import rule_arguments

    q = f"Based on the patient's dose of {question_drug}, what is the equivalent dosage in mg of Hydrocortisone IV?"
    a = rule_arguments(CALCULATORS["steroid_conversion"], note, question=q).args
    assert (a["input_steroid"], a["dose"]) == (source, dose)


@pytest.mark.parametrize("extra", [
    "Allergies: codeine (vomiting).",
    "Avoid codeine.",
    "Her husband takes methadone.",
    "Hydromorphone was tried in 2019 without benefit.",
    "Given fentanyl 50 mcg IV once in the ED.",
    "She was given one dose of IV morphine 4 mg in the ambulance.",
    "Tapentadol was switched to oxycodone last month.",
])
def test_an_opioid_not_taken_now_neither_counts_nor_blocks_the_mme(extra):
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.extraction.grounding import rule_arguments

    calc = CALCULATORS["morphine_milligram_equivalents"]
    a = rule_arguments(calc, "Current opioids: oxycodone 10 mg twice daily. " + extra).args
    assert calc.run(a).value == 30.0  # 10 mg x 2 x 1.5


def test_an_opioid_of_the_regimen_without_a_frequency_still_blocks_the_mme():
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.extraction.grounding import rule_arguments

    a = rule_arguments(CALCULATORS["morphine_milligram_equivalents"],
                       "Current opioids: oxycodone 10 mg twice daily. Morphine 2.5-5 mg SC PRN.").args
    assert "medications" not in a or not isinstance(a["medications"], list)
