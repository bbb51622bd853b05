"""Age, sex, vital signs, height and weight."""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import extract


def ex(note: str):
    return extract(note, findings=False)


# --- age -----------------------------------------------------------------------

@pytest.mark.parametrize("note,years,unit", [
    ("A 62-year-old man presents.", 62.0, "years"),
    ("62 yo M with chest pain", 62.0, "years"),
    ("Pt is a 62 y/o woman.", 62.0, "years"),
    ("The patient, aged 62, was seen.", 62.0, "years"),
    ("A 62 years old lady.", 62.0, "years"),
    ("He is 62 years of age.", 62.0, "years"),
    ("Sixty-two-year-old female with cough.", 62.0, "years"),
    ("An 18-month-old boy with fever.", 1.5, "months"),  # 18 / 12 = 1.5 years
    ("A 3-week-old girl.", 3 * 7 / 365.25, "weeks"),
    ("A 10-day-old neonate.", 10 / 365.25, "days"),
    ("62M presenting with dyspnea.", 62.0, "years"),
    ("CAP in 62M, RR 24.", 62.0, "years"),  # after "in", a two-digit number with M/F
    ("62yoF with cough.", 62.0, "years"),
])
def test_age_forms(note, years, unit):
    v = ex(note)["age"]
    assert v.value == pytest.approx(years, rel=1e-4)
    assert v.unit == "years" and v.original_unit == unit and v.details["unit"] == unit
    assert note[v.start:v.end] == v.raw


def test_age_of_relative_or_event_is_not_primary():
    note = ("His 12-year-old son is well. His father died at age 54. "
            "The patient is a 45-year-old man. A fibroid was found at 30 years of age.")
    v = ex(note)["age"]
    assert v.value == 45.0
    assert sorted(a.value for a in v.alternatives) == [12.0, 30.0]
    assert [o.value for o in ex(note).others["age"]] == [54.0]  # the father's age: another person's (issue 31)


@pytest.mark.parametrize("note, years", [
    ("Pt: M, 71 yrs.", 71.0),
    ("71 years, male, retired.", 71.0),
    ("71 y male", 71.0),
    ("female, 64 years, diabetic", 64.0),
    ("Smoked for 30 years, man of few words.", None),  # a duration is no age
    ("DOB 12/03/1953. Admitted 14/05/2024.", 71.0),  # at the date of admission when no date is today's
    ("DOB 12/03/1953.", None),
])
def test_age_beside_the_sex_and_at_admission(note, years):
    v = ex(note).get("age")
    assert (v.value if v else None) == years


def test_no_age():
    assert ex("Patient has a heart rate of 113 bpm and a QT interval of 330 msec.").get("age") is None
    assert ex("Temperature: a rise in 5F overnight.").get("age") is None  # one digit after "in" is not an age


# --- sex -----------------------------------------------------------------------

@pytest.mark.parametrize("note,sex,method", [
    ("A 62-year-old man with CHF.", "Male", "age descriptor"),
    ("A 29-year-old multiparous female at 35 weeks.", "Female", "age descriptor"),
    ("62F with cough.", "Female", "age descriptor"),
    ("A 70-year-old presented. He had pain. His wife called. He was admitted.", "Male", "pronouns"),
    ("She was brought in by her male partner. She was confused.", "Female", "pronouns"),
    ("Patient is a gentleman with gout.", "Male", "sex word"),
])
def test_sex(note, sex, method):
    v = ex(note)["sex"]
    assert (v.value, v.details["method"]) == (sex, method)
    assert note[v.start:v.end] == v.raw


def test_sex_counts_recorded():
    v = ex("A 50-year-old woman. She reports that her husband snores; he is fine.")["sex"]
    assert v.value == "Female"
    assert v.details["female_pronouns"] == 2 and v.details["male_pronouns"] == 1
    assert v.details["female_words"] == 1


def test_sex_absent():
    assert ex("Patient has a heart rate of 113 bpm.").get("sex") is None


# --- vitals --------------------------------------------------------------------

@pytest.mark.parametrize("note,sbp,dbp", [
    ("BP 140/90 mmHg.", 140, 90), ("blood pressure of 110/70 mm Hg", 110, 70), ("BP: 120/80", 120, 80),
    ("Her blood pressure was 80/50mmHg.", 80, 50),
    ("systolic pressure of 110 mm Hg and a diastolic pressure of 58 mm Hg", 110, 58),
])
def test_blood_pressure(note, sbp, dbp):
    e = ex(note)
    assert (e["systolic_bp"].value, e["diastolic_bp"].value) == (sbp, dbp)
    assert e["systolic_bp"].unit == "mmHg"
    assert note[e["systolic_bp"].start:e["systolic_bp"].end] == e["systolic_bp"].raw


@pytest.mark.parametrize("note", [
    "GCS 15/15.", "Power 2/5 in all limbs.", "BP fluctuated within 130-150/90-100 mmHg.",
    "Pulmonary artery pressure 45/20 mmHg.", "The ratio was 80/120 mmHg",
])
def test_not_blood_pressure(note):
    assert ex(note).get("systolic_bp") is None


@pytest.mark.parametrize("note,celsius,orig_unit", [
    ("Temperature 101.3 F.", 38.5, "F"),  # (101.3 - 32) x 5/9 = 38.5
    ("He was febrile at 38.5°C.", 38.5, "°C"),
    ("temp 98.6 °F", 37.0, "°F"),  # (98.6 - 32) x 5/9 = 37.0
    ("temperature of 100.8 degrees Fahrenheit", 38.222, "degrees Fahrenheit"),
    ("body temperature was 35.4℃", 35.4, "℃"),
    ("Temperature 38.2", 38.2, None),  # no unit: 25-45 can only be °C
])
def test_temperature(note, celsius, orig_unit):
    v = ex(note)["temperature"]
    assert v.value == pytest.approx(celsius, abs=0.01)
    assert v.unit == "°C" and v.original_unit == orig_unit


def test_temperature_conversion_in_brackets_is_not_a_second_reading():
    v = ex("Her temperature is 102.2°F (39°C), pulse 94/min.")["temperature"]
    assert v.value == pytest.approx(39.0) and v.alternatives == []


@pytest.mark.parametrize("note,name,expected", [
    ("heart rate of 113 bpm", "heart_rate", 113), ("pulse was 76/min", "heart_rate", 76),
    ("tachycardic at 120 beats per minute", "heart_rate", 120), ("HR 88", "heart_rate", 88),
    ("respiratory rate of 22 breaths per minute", "respiratory_rate", 22), ("RR 18/min", "respiratory_rate", 18),
    ("respirations are 23/min", "respiratory_rate", 23),
    ("SpO2 96% on room air", "spo2", 96), ("oxygen saturation of 88%", "spo2", 88), ("saturating 92% on 2 L", "spo2", 92),
    ("a QT interval of 330 msec", "qt_interval", 330), ("QT 0.42 s", "qt_interval", 420),
    ("Glasgow Coma Scale (GCS) score of 13", "gcs", 13), ("GCS was 15/15", "gcs", 15),
    ("BMI is 23.2 kg/m^2", "bmi", 23.2),
])
def test_vital_values(note, name, expected):
    assert ex(note)[name].value == pytest.approx(expected)


def test_gcs_components_and_total():
    e = ex("On arrival his GCS was E2V3M4.")
    assert (e["gcs_eye"].value, e["gcs_verbal"].value, e["gcs_motor"].value) == (2, 3, 4)
    assert e["gcs"].value == 9  # E2 + V3 + M4
    assert e["gcs"].details["derived_from"]


# --- height and weight -----------------------------------------------------------

@pytest.mark.parametrize("note,cm", [
    ("He is 5 ft 8 in tall.", 172.72),  # 68 in x 2.54 = 172.72 cm
    ("Height 5'8\".", 172.72),
    ("He is 6'0'' tall", 182.88),  # 72 in x 2.54
    ("height of 72 in", 182.88),
    ("height, 175 cm; weight, 87 kg", 175.0),
    ("She was 1.60 m tall.", 160.0),
    ("body mass index, 30.5 kg/m2 (160 cm, 78 kg)", 160.0),
])
def test_height(note, cm):
    v = ex(note)["height"]
    assert v.value == pytest.approx(cm, abs=0.01) and v.unit == "cm"
    assert note[v.start:v.end] == v.raw


@pytest.mark.parametrize("note,kg", [
    ("He weighs 154 lb.", 69.853),  # 154 x 0.45359237 = 69.853 kg
    ("weight, 87 kg", 87.0), ("weighing 35 Kg", 35.0), ("birth history unremarkable; weight 3200 g", 3.2),
    ("A 40-year-old (45-kg weight) woman", 45.0), ("1.75 m tall and 76 kg (BMI 24.8)", 76.0),
])
def test_weight(note, kg):
    v = ex(note)["weight"]
    assert v.value == pytest.approx(kg, abs=0.001) and v.unit == "kg"


@pytest.mark.parametrize("note", [
    "He reported weight loss of 8 kg.", "after loosing 40 kg weight afterward", "a 4.3 × 4.2 cm mass",
    "The ideal body weight is 70 kg.", "weight 70",
])
def test_not_height_or_weight(note):
    e = ex(note)
    assert e.get("weight") is None and e.get("height") is None


def test_compact_vitals_and_slash_lists():
    e = ex("Vitals: T 37.2 °C, HR 88 bpm, BP 132/84 mmHg, RR 16, SpO2 98% on RA. "
           "ABG: pH 7.21/PaCO2 30/PaO2 65 on FiO2 0.5. Later BP 170/95.")
    got = {k: e[k].value for k in ("temperature", "heart_rate", "systolic_bp", "diastolic_bp", "respiratory_rate",
                                   "spo2", "ph", "paco2", "pao2", "fio2")}
    assert got == {"temperature": 37.2, "heart_rate": 88, "systolic_bp": 132, "diastolic_bp": 84,
                   "respiratory_rate": 16, "spo2": 98, "ph": 7.21, "paco2": 30, "pao2": 65, "fio2": 50}
    assert [a.value for a in e["systolic_bp"].alternatives] == [170]


def test_weight_right_after_feet_inches():
    e = ex("He is a 5'10\" 200 lb man.")
    assert e["height"].value == pytest.approx(177.8)  # 70 in x 2.54
    assert e["weight"].value == pytest.approx(90.718, abs=0.001)  # 200 x 0.45359237


def test_pulse_oximetry_is_not_heart_rate():
    e = ex("Pulse ox 91%. Pulse 88.")
    assert e["spo2"].value == 91 and e["heart_rate"].value == 88


def test_compound_age():
    v = ex("A 2-year and 3-month-old boy.")["age"]
    assert v.value == pytest.approx(2.25) and v.alternatives == []  # 2 + 3/12


# --- general rules from the blind notes' held-out misses (sentences written for these tests) --------------------

@pytest.mark.parametrize("note,cm", [
    ("At the pre-assessment visit she measured 171 cm without shoes.", 171.0),
    ("He stands 1.83 m and is otherwise well.", 183.0),
    ("Patient is 149 cm; weight not recorded.", 149.0),
])
def test_height_with_the_patient_as_subject(note, cm):
    v = ex(note)["height"]
    assert v.value == pytest.approx(cm, abs=0.01) and v.unit == "cm"


@pytest.mark.parametrize("note", [
    "The left ovarian cyst measured 9 cm on ultrasound.",
    "The wound measured 3 cm by 2 cm.",
    "The laceration is 4 cm long.",
    "He was 40 cm from the edge of the bed.",  # a patient subject, but a distance
])
def test_an_object_s_length_is_not_a_height(note):
    assert ex(note).get("height") is None


@pytest.mark.parametrize("note,years,sex", [
    ("Re: Mr Dominic Varga, 73 years\nReferred with breathlessness.", 73.0, "Male"),
    ("Patient: Mrs Ines Duarte, 66 years. Seen in the falls clinic.", 66.0, "Female"),
    ("ORTHO REVIEW - 81F, fell at home, painful left hip.", 81.0, "Female"),
    ("STROKE CALL – 59M, right arm weakness from 08:10.", 59.0, "Male"),
])
def test_age_after_a_titled_name_or_a_heading_dash(note, years, sex):
    e = ex(note)
    assert e["age"].value == years and e["sex"].value == sex


def test_a_heading_dash_needs_a_capitalised_heading():
    # "size - 8F" after a lower-case word is not a heading: no age is read from it
    assert ex("catheter size - 8F inserted without difficulty.").get("age") is None
