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
    ("Creatinine 2.6 mg/dL today and 1.4 mg/dL last year.", [(2.6, "mg/dL", "now"), (1.4, "mg/dL", "past")]),
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
    # a value written before its own label is not the first label's
    ("Creatinine 1.2 mg/dL and 30 mg/dL BUN.", [(1.2, "mg/dL", "now")]),
    ("Creatinine 1.2 mg/dL, 30 mg/dL BUN.", [(1.2, "mg/dL", "now")]),
])
def test_no_second_value_where_the_number_is_not_the_labels(note: str, expected: list) -> None:
    name = "hemoglobin" if "aemoglobin" in note else "creatinine" if "reatinine" in note else "sodium"
    assert readings(note, name) == expected


# --- labels joined by 'and' / commas, then as many values ------------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("Sodium and potassium were 134 and 3.2 mmol/L.", {"sodium": (134.0, "mmol/L"), "potassium": (3.2, "mmol/L")}),
    ("Na, K and glucose: 129, 5.1 and 6.8 mmol/L.",
     {"sodium": (129.0, "mmol/L"), "potassium": (5.1, "mmol/L"), "glucose": (pytest.approx(122.5, abs=0.1), "mmol/L")}),
    ("Serum sodium and potassium levels were 147 and 4.9.", {"sodium": (147.0, None), "potassium": (4.9, None)}),
    ("Her sodium and potassium were low at 128 and 3.1 mmol/L.", {"sodium": (128.0, "mmol/L"), "potassium": (3.1, "mmol/L")}),
    ("Sodium, potassium, and chloride levels of 136, 3.9, and 99 mEq/L.",
     {"sodium": (136.0, "mEq/L"), "potassium": (3.9, "mEq/L"), "chloride": (99.0, "mEq/L")}),
    # each value with its own unit
    ("Haemoglobin and creatinine were 8.7 g/dL and 2.3 mg/dL.", {"hemoglobin": (8.7, "g/dL"), "creatinine": (2.3, "mg/dL")}),
    ("Heart rate and temperature were 112 bpm and 38.4 °C.", {"heart_rate": (112.0, "bpm"), "temperature": (38.4, "°C")}),
    ("Her temperature and pulse were 38.4 °C and 112/min.", {"temperature": (38.4, "°C"), "heart_rate": (112.0, "/min")}),
    ("Pulse and respiratory rate were 104 and 28 per minute.",
     {"heart_rate": (104.0, "per minute"), "respiratory_rate": (28.0, "per minute")}),
    # the shared unit fits a bare value its quantity cannot read alone (a bare urea of 7.1 may be mmol/L or mg/dL)
    ("Urea and glucose were 7.1 and 5.4 mmol/L.",
     {"urea": (pytest.approx(42.64, abs=0.01), "mmol/L"), "glucose": (pytest.approx(97.29, abs=0.01), "mmol/L")}),
])
def test_labels_listed_before_their_values_pair_in_order(note: str, expected: dict) -> None:
    found = Scanner(note).scan()
    assert {k: (v[0].value, v[0].unit) for k, v in found.items()} == expected


@pytest.mark.parametrize("note, expected", [
    # µmol/L is no sodium unit: the sodium's 134 is read as a bare number
    ("Sodium and creatinine were 134 and 88 µmol/L.",
     {"sodium": (134.0, None), "creatinine": (pytest.approx(0.995, abs=0.001), "µmol/L")}),
    # a potassium of 4.1 mg/dL would be 1.05 mmol/L, where a bare 4.1 is 4.1 mmol/L: mg/dL is the calcium's only
    ("Potassium and calcium were 4.1 and 9.2 mg/dL.", {"potassium": (4.1, None), "calcium": (9.2, "mg/dL")}),
])
def test_the_shared_unit_applies_only_where_it_is_plausible(note: str, expected: dict) -> None:
    found = Scanner(note).scan()
    assert {k: (v[0].value, v[0].unit) for k, v in found.items()} == expected


def test_a_listed_bare_creatinine_above_25_stays_refused() -> None:
    # the bare-number convention: a creatinine above 25 may be mg/dL or µmol/L, so it is not read (and says why)
    for note in ("Bloods showed sodium 131, potassium 5.9, urea 14.2 and creatinine 187.",
                 "Sodium, potassium, urea and creatinine were 131, 5.9, 14.2 and 187."):
        e = extract(note)
        assert e.get("sodium").value == 131 and e.get("potassium").value == 5.9
        assert e.get("creatinine") is None and e.get("urea") is None
        assert "the unit is needed" in e.rejected["creatinine"][0].reason
        assert "the unit is needed" in e.rejected["urea"][0].reason
    e = extract("Bloods showed sodium 131, potassium 5.9, urea 14.2 mmol/L and creatinine 187 µmol/L.")
    assert e.get("urea").original_value == 14.2 and e.get("creatinine").value == pytest.approx(2.115, abs=0.001)


@pytest.mark.parametrize("note, expected", [
    # a blood pressure takes its place in the list (its pair is read by the vitals rules), the others pair after it
    ("BP and HR were 132/84 mmHg and 92.", {"heart_rate": (92.0, None)}),
    ("Her blood pressure, heart rate and temperature were 88/52 mmHg, 126 and 38.9 °C.",
     {"heart_rate": (126.0, None), "temperature": (38.9, "°C")}),
    # a blood pressure's value is a systolic/diastolic pair, and only its ('12/03' may be a date): nothing pairs
    ("Sodium and potassium were 12/03 and 4.", {}),
    ("Blood pressure and pulse were 150 and 96.", {}),
])
def test_a_blood_pressure_in_a_list_of_labels(note: str, expected: dict) -> None:
    found = Scanner(note).scan()
    assert {k: (v[0].value, v[0].unit) for k, v in found.items()} == expected


def test_vitals_listed_with_a_blood_pressure_are_all_read() -> None:
    e = extract("BP and HR were 132/84 mmHg and 92.")
    assert (e.get("systolic_bp").value, e.get("diastolic_bp").value, e.get("heart_rate").value) == (132, 84, 92)


def test_a_list_introduced_as_baseline_is_past() -> None:
    found = Scanner("Baseline sodium and potassium were 134 and 3.2 mmol/L.").scan()
    assert found["sodium"][0].baseline and found["potassium"][0].baseline


@pytest.mark.parametrize("note", [
    # fewer or more values than labels
    "Sodium and potassium were 134 mmol/L.",
    "Sodium and potassium were 134, 3.2 and 4.1 mmol/L.",
    # the numbers are dates or durations, or doses given
    "Sodium and potassium were checked on 12 and 14 March.",
    "Sodium and potassium were 12 and 14 March.",
    "Sodium and potassium were 3 and 5 days apart.",
    "Sodium and potassium were replaced with 100 and 40 mmol.",
])
def test_no_pairing_where_the_values_are_not_the_lists(note: str) -> None:
    found = Scanner(note).scan()
    assert "sodium" not in found
    assert all(not r.details.get("in_list") for rs in found.values() for r in rs)


def test_more_values_than_labels_are_read_by_none() -> None:
    # the potassium's label is not followed by its own value here: it reads nothing, not the sodium's 134
    sc = Scanner("Sodium and potassium were 134, 3.2 and 4.1 mmol/L.")
    assert sc.scan() == {} and not sc.refused


# --- the readings' times in the answer's confidence -------------------------------------------------------------------
def test_a_past_first_value_is_no_rival_of_the_second() -> None:
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.extraction.confidence import assess
    from medmirror.tools.extraction.grounding import rule_arguments

    rcri = CALCULATORS["rcri"]
    note = ("A 71-year-old man awaits open repair of an abdominal aortic aneurysm. He had a myocardial infarction in "
            "2019. His creatinine was 1.3 mg/dL at his annual review last year and 2.3 mg/dL at the pre-operative "
            "clinic. He takes no insulin.")
    g = rule_arguments(rcri, note)
    cr = g.args["creatinine"]
    assert (cr["value"] if isinstance(cr, dict) else cr) == pytest.approx(2.3)
    conf = assess(rcri, g.args, g.params, note)
    assert "creatinine" not in [d.input for d in conf.doubts if d.kind == "time_point"]


# --- a change from one value to another ------------------------------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("Potassium rose from 4.6 mmol/L to 6.3 mmol/L within an hour.", [(4.6, "mmol/L", "now"), (6.3, "mmol/L", "later")]),
    ("Potassium fell from 5.9 to 4.2 mmol/L after insulin.", [(5.9, None, "now"), (4.2, "mmol/L", "later")]),
    # the second value is the presenting one, the first a baseline
    ("Potassium climbed from a baseline of 4.0 to 6.8 mmol/L on admission.", [(6.8, "mmol/L", "now"), (4.0, None, "past")]),
    # a range of values is no change: neither end is read
    ("Potassium ranged from 3.9 to 5.1 mmol/L during the stay.", []),
    ("Potassium 3.9 to 5.1 mmol/L.", []),
])
def test_a_change_from_one_value_to_another(note: str, expected: list) -> None:
    assert readings(note, "potassium") == expected


# --- one label, then its values over time ----------------------------------------------------------------------------
@pytest.mark.parametrize("note, name, expected", [
    ("Lactate 5.2, 3.9 and 2.1 mmol/L over the first six hours.", "lactate",
     [(5.2, "mmol/L", "now"), (3.9, "mmol/L", "later"), (2.1, "mmol/L", "later")]),
    ("Heart rate 124, 108 and 96 after each bolus.", "heart_rate",
     [(124.0, None, "now"), (108.0, None, "later"), (96.0, None, "later")]),
    ("Previous creatinine 1.0, 1.1 and 1.2 mg/dL.", "creatinine",
     [(1.0, "mg/dL", "past"), (1.1, "mg/dL", "past"), (1.2, "mg/dL", "past")]),
    ("Creatinine 1.0, 1.1 and 1.2 mg/dL last year.", "creatinine",
     [(1.0, "mg/dL", "past"), (1.1, "mg/dL", "past"), (1.2, "mg/dL", "past")]),
    # a second value marked as the presenting one is no series' later value
    ("Haematocrit 42%, 29% on admission.", "hematocrit", [(29.0, "%", "now"), (42.0, "%", "past")]),
])
def test_a_series_of_one_labels_values(note: str, name: str, expected: list) -> None:
    assert readings(note, name) == expected


@pytest.mark.parametrize("note, name, expected", [
    # values of other quantities after one label: not all plausible, so no series
    ("Na 136, 4.4, 102 and 25 mmol/L.", "sodium", [(136.0, None, "now")]),
    # a range, a count of people, a duration
    ("INR values between 1.8 and 3.6 over the year.", "inr", [(1.8, None, "now")]),  # the 3.6 is no later value
    ("Sodium 139 mmol/L and 120 patients were screened.", "sodium", [(139.0, "mmol/L", "now")]),
    ("Creatinine 1.2, 3 days after contrast.", "creatinine", [(1.2, None, "now")]),
])
def test_no_series_where_the_values_are_not_the_labels(note: str, name: str, expected: list) -> None:
    assert readings(note, name) == expected


# --- a day or hour written before its number: the number is no value -------------------------------------------------
@pytest.mark.parametrize("note, name, expected", [
    ("Creatinine on day 3 was 2.1 mg/dL.", "creatinine", [(2.1, "mg/dL", "later")]),
    ("Creatinine on day 1 was 1.4 mg/dL.", "creatinine", [(1.4, "mg/dL", "now")]),
    ("Hb on day 2: 8.1 g/dL.", "hemoglobin", [(8.1, "g/dL", "later")]),
    ("Sodium at hour 6 was 131 mmol/L.", "sodium", [(131.0, "mmol/L", "later")]),
    ("Creatinine on days 1, 3 and 5 was 1.2, 1.8 and 2.4 mg/dL.", "creatinine",
     [(1.2, "mg/dL", "now"), (1.8, "mg/dL", "later"), (2.4, "mg/dL", "later")]),
    ("Creatinine 1.4 mg/dL on day 1 and 2.0 mg/dL on day 3.", "creatinine", [(1.4, "mg/dL", "now"), (2.0, "mg/dL", "later")]),
])
def test_a_day_number_is_no_value(note: str, name: str, expected: list) -> None:
    assert readings(note, name) == expected


def test_a_slash_pair_after_a_change_is_later() -> None:
    found = Scanner("On day 9 the BUN/creatinine level decreased to 22.1/1.48 mg/dL.").scan()
    assert [(r.value, r.unit, bool(r.details.get("later"))) for r in found["bun"] + found["creatinine"]] == [
        (22.1, "mg/dL", True), (1.48, "mg/dL", True)]


def test_a_respectively_list_takes_its_time() -> None:
    note = ("On admission AST 212 IU/L and ALT 188 IU/L. After treatment the AST and ALT were 41 and 36 IU/L, "
            "respectively.")
    found = Scanner(note).scan()
    assert [(r.value, bool(r.details.get("later"))) for r in found["ast"]] == [(212.0, False), (41.0, True)]
    assert [(r.value, bool(r.details.get("later"))) for r in found["alt"]] == [(188.0, False), (36.0, True)]
