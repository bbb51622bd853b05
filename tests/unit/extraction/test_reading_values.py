"""The value extractor on wordings met in development notes: ages and sexes, titles and initials, dates and cycles,
vitals, labs, alcohol amounts, readings over time.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.extractor import extract as extract_2
from medmirror.tools.extraction.grounding import rule_arguments


def age_sex(note: str) -> tuple:
    found = extract(note)
    age, sex = found.get("age"), found.get("sex")
    return (None if age is None else age.value), (None if sex is None else sex.value)


# --- A. an age after a title and dotted initials -----------------------------------------------------------------
@pytest.mark.parametrize("note, age, sex", [
    ("Ms K.L., 66 yrs. Referred with palpitations.", 66.0, "Female"),
    ("Mr P. J. R., 59 years, retired joiner.", 59.0, "Male"),
    ("Mrs T.B., 81, lives alone with carers twice daily.", 81.0, "Female"),
    ("Clinic letter re: Mr D.W., 47 yrs\nSeen today for review.", 47.0, "Male"),
    # the names already read stay read
    ("Re: Mrs Helen Marsh, 58 years", 58.0, "Female"),
    ("Mr A Mehta, 58 years. Known angina.", 58.0, "Male"),
])
def test_age_after_a_title_and_initials(note: str, age: float, sex: str) -> None:
    assert age_sex(note) == (age, sex)


def test_initials_without_an_age_give_no_age() -> None:
    # a number after the initials that is not an age ('room 12') is not read
    assert age_sex("Mrs K.L., room 12, bay 3.")[0] is None


# --- B. '67F' after a heading's dash, in any case -------------------------------------------------------------------
@pytest.mark.parametrize("note, age, sex", [
    ("Medical take - 83M\nPC: breathless for two days.", 83.0, "Male"),
    ("ward round – 67F with productive cough", 67.0, "Female"),
    ("Surgical admission — 45M\nRIF pain since last night.", 45.0, "Male"),
])
def test_two_digit_age_after_a_heading_dash(note: str, age: float, sex: str) -> None:
    assert age_sex(note) == (age, sex)


@pytest.mark.parametrize("note", [
    "Catheter - 8F\nflushed and patent.",  # one digit: a French size
    "Foley catheter - 14F inserted on the ward.",  # a device heading
    "Drain - 12F sutured in place.",
    "Temp 38 - 99F",  # a number in the heading, and Fahrenheit
    "Oral temp - 99F this morning.",
])
def test_heading_dash_sizes_and_temperatures_are_not_ages(note: str) -> None:
    assert age_sex(note)[0] is None


# --- C. a cycle length after 'regular,' ---------------------------------------------------------------------------
@pytest.mark.parametrize("note, days", [
    ("LMP 03/01/2024. Cycles: regular, every 26 days.", 26),
    ("LMP 03/01/2024. Cycle regular, about 30 days.", 30),
    ("LMP 03/01/2024. Cycle length: 35 days.", 35),
])
def test_cycle_length_after_a_comma(note: str, days: int) -> None:
    assert extract(note)["cycle_length"].value == days


@pytest.mark.parametrize("note", [
    "LMP 03/01/2024. Cycle: irregular, 25-40 days.",  # irregular, a range
    "LMP 03/01/2024. Cycles regular, 28-30 days.",  # a range is not one length
])
def test_cycle_ranges_and_irregular_cycles_give_no_length(note: str) -> None:
    assert extract(note).get("cycle_length") is None


# --- F. alcohol: a stated weekly total after the partial amounts ----------------------------------------------------
def drinks(note: str):  # noqa: ANN201
    found = extract(note).get("alcohol_drinks_per_week")
    return None if found is None else found.value


@pytest.mark.parametrize("note, n", [
    ("Social history: 4 pints at the weekend and wine with dinner - about 12 drinks per week.", 12.0),
    ("Drinks 2 cans of lager a night plus spirits on Saturdays, i.e. roughly 20 drinks/week.", 20.0),
    ("EtOH: 3 glasses of wine a day and 6 beers at weekends, 27 drinks a week in total.", 27.0),
    ("Alcohol 2 drinks per day, which comes to 14 drinks a week.", 14.0),
    # no total: the first amount, as before
    ("Alcohol: 6 beers per week, no spirits.", 6.0),
    ("Drinks 2 glasses of wine a day.", 14.0),
])
def test_a_weekly_total_after_partial_amounts_is_read(note: str, n: float) -> None:
    assert drinks(note) == pytest.approx(n)


def test_amounts_in_different_sentences_are_not_a_total() -> None:
    # the first sentence's amount stays first: a later sentence is not a sum of it
    assert drinks("Drinks 10 beers a week. Brother: 40 drinks a week.") == pytest.approx(10.0)


# --- G. obstetric dates: a cycle 'every N days' after other words; a date marked '(today)' -------------------------
def dates_of(note: str) -> tuple:
    found = extract(note)
    cur, cyc = found.get("current_date"), found.get("cycle_length")
    return (None if cur is None else cur.value), (None if cyc is None else cyc.value)


@pytest.mark.parametrize("note, days", [
    ("G3P2. Her cycles are regular but quite short, every 24 days.", 24.0),
    ("Periods come like clockwork every 35 days.", 35.0),
    ("Menses regular, reliably every 30 days since menarche.", 30.0),
])
def test_cycle_every_n_days_after_other_words(note: str, days: float) -> None:
    assert dates_of(note)[1] == days


@pytest.mark.parametrize("note", [
    "Cycles irregular, sometimes every 40 days.",
    "Periods every 25 to 40 days.",
    "Her periods are heavy; she changes pads every 2 hours.",
])
def test_irregular_or_ranged_cycles_are_not_one_length(note: str) -> None:
    assert dates_of(note)[1] is None


@pytest.mark.parametrize("note, iso", [
    ("Antenatal triage 14/03/2026 (today). LMP 01/09/2025.", "2026-03-14"),
    ("Seen on the day unit, 3 June 2026 (today's date); LMP 10 January 2026.", "2026-06-03"),
    ("Phone consult - 08/12/2026 (today)\nLMP 05/30/2026, sure of dates.", "2026-08-12"),
])
def test_a_date_marked_today_in_brackets_is_the_current_date(note: str, iso: str) -> None:
    assert dates_of(note)[0] == iso


def test_an_lmp_date_is_not_today() -> None:
    # without a date marked today's, an LMP date is not the current date
    assert dates_of("LMP 02/05/2026 (certain), reduced fetal movements today.")[0] is None


# --- A. Age after a titled name, with a bare 'y' ---------------------------------------------------------------------
@pytest.mark.parametrize(("note", "age"), [
    ("Re: Mr Tomas Brandt, 81 y, DOB 12/05/1945\nSeen in the AF clinic today.", 81),
    ("Patient: Mrs J. Okoro, 67 y; referred with palpitations.", 67),
    ("Dear colleague, I reviewed Ms Hale, 59 y, in clinic this morning.", 59),
    ("Re: Miss Ada Lunn, 72 y\nNHS no. 123 456 7890", 72),
])
def test_titled_name_age_with_bare_y(note: str, age: int) -> None:
    assert extract(note)["age"].value == age


@pytest.mark.parametrize("note", [
    "Mr Bell, 5 yards from the door, collapsed.",
    "Mrs Roe, 3 years after her hip replacement, presents with pain.",
])
def test_titled_name_number_that_is_not_an_age(note: str) -> None:
    found = extract(note).get("age")
    assert found is None or found.details.get("tier") != "patient"


# --- a past time right after the reading ------------------------------------------------------------------------
@pytest.mark.parametrize("note, name, now, then", [
    ("His haemoglobin was 13.6 g/dL in May of last year; this morning haemoglobin 9.2 g/dL.", "hemoglobin", 9.2, 13.6),
    ("Albumin 4.1 g/dL at her last visit, and albumin 2.7 g/dL on this admission.", "albumin", 2.7, 4.1),
    ("Sodium 139 mmol/L two months ago. Sodium now 124 mmol/L.", "sodium", 124.0, 139.0),
    ("Creatinine 0.8 mg/dL 6 mo ago; creatinine 2.2 mg/dL in the emergency department.", "creatinine", 2.2, 0.8),
    ("Platelets were 210 x10^9/L in August 2019 and platelets are 64 x10^9/L today.", "platelets", 64.0, 210.0),
    # a ';' ends an earlier clause's past time
    ("Bilirubin 1.1 mg/dL two years ago; bilirubin now 3.4 mg/dL.", "bilirubin", 3.4, 1.1),
])
def test_a_reading_followed_by_a_past_time_is_an_earlier_value(note: str, name: str, now: float, then: float) -> None:
    v = extract(note)[name]
    assert v.value == now and [a.value for a in v.alternatives] == [then]
    assert v.alternatives[0].details.get("baseline") is True


@pytest.mark.parametrize("note, name, first", [
    ("Creatinine 1.9 mg/dL (baseline 1.0 mg/dL).", "creatinine", 1.9),  # a bracket ends the reading
    ("Creatinine 2.4 mg/dL, up from 1.2 mg/dL last year.", "creatinine", 2.4),  # a comma and other words end it
    ("Potassium 5.8 mmol/L on arrival.", "potassium", 5.8),
])
def test_a_past_time_beyond_the_reading_does_not_move_it(note: str, name: str, first: float) -> None:
    v = extract(note)[name]
    assert v.value == first and not v.details.get("baseline")


# --- ECG rate and the QT's own heart rate ------------------------------------------------------------------------------
@pytest.mark.parametrize("note, hr", [
    ("ECG: atrial fibrillation, rate 142, QRS 88 ms.", 142.0),
    ("12-lead shows sinus bradycardia at a rate of 48.", 48.0),
    ("Rhythm strip: AF with a ventricular rate ~110.", 110.0),
])
def test_an_unqualified_rate_on_an_ecg_line_is_the_heart_rate(note: str, hr: float) -> None:
    assert extract(note)["heart_rate"].value == hr


@pytest.mark.parametrize("note", [
    "Respiratory rate 28 and sinus tachycardia on the monitor.",
    "Infusion rate 125 mL/h; telemetry shows sinus rhythm.",
    "Her growth rate 12 is normal.",  # no ECG in the sentence
])
def test_other_rates_are_not_heart_rates(note: str) -> None:
    assert "heart_rate" not in extract(note).values


# --- the encounter's date as today's -----------------------------------------------------------------------------------
@pytest.mark.parametrize("note, iso", [
    ("Antenatal clinic - 4 March 2023\nLMP 12/20/2022.", "2023-03-04"),
    ("Seen in clinic on 11/02/2021. LMP was 08/30/2021.", "2021-11-02"),
    ("Date: 2024-01-15\nG1P0, LMP 2023-11-01.", "2024-01-15"),
])
def test_the_encounter_date_is_today_when_none_is_labelled(note: str, iso: str) -> None:
    assert extract(note)["current_date"].value == iso


@pytest.mark.parametrize("note, iso", [
    ("Last visit 01/05/2023. Today's date is 02/09/2023.", "2023-02-09"),  # a labelled date wins
    ("Next appointment 6 June 2023. LMP 1 April 2023.", None),  # a later encounter is not today
    ("Estimated due date 03/04/2024.", None),
])
def test_other_dates_are_not_today(note: str, iso: str | None) -> None:
    v = extract(note).get("current_date")
    assert (v.value if v else None) == iso


# --- vital signs and anthropometrics in shorthand ------------------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("Ht 158cm Wt 63kg.", {"height": 158.0, "weight": 63.0}),  # 'Ht' with a length unit is the height
    ("Ht 36%, Hb 11.8 g/dL.", {"hematocrit": 36.0}),  # ... with % the haematocrit
    ("Ht 5'11\", Wt 176 lb.", {"height": 180.34}),  # feet and inches: no haematocrit of 5
    ("Blood pressure 162 over 98 in the left arm.", {"systolic_bp": 162.0, "diastolic_bp": 98.0}),
    ("Systolic 96, diastolic 54 after the fluid bolus.", {"systolic_bp": 96.0, "diastolic_bp": 54.0}),
    ("Obs: T 38.6, P 118, R 28, BP 92/56, SpO2 91%.", {"heart_rate": 118.0, "respiratory_rate": 28.0}),
    ("Vitals T 36.9 P 64 BP 128/80.", {"heart_rate": 64.0}),
    ("ECG: sinus rhythm 58/min, QT 452 ms.", {"heart_rate": 58.0, "qt_interval": 452.0}),
    ("Monitor shows atrial fibrillation at 136.", {"heart_rate": 136.0}),
    ("NSR 74, normal axis.", {"heart_rate": 74.0}),
    ("QT/QTc 396/441 ms on the admission ECG.", {"qt_interval": 396.0, "qtc_interval": 441.0}),
    ("Today she weighs 58.5 kilos.", {"weight": 58.5}),
    ("Infant, weight today 6 lb 12 oz.", {"weight": 3.061746}),  # 6.75 lb x 0.45359237
])
def test_shorthand_vitals_and_measurements(note: str, expected: dict) -> None:
    e = extract(note)
    for name, v in expected.items():
        assert e[name].value == pytest.approx(v, rel=1e-4), name


@pytest.mark.parametrize("note, absent", [
    ("Harsh systolic murmur 3/6 at the apex.", "systolic_bp"),
    ("Chem: Ca 2.31, Mg 0.84, P 1.12 mmol/L.", "heart_rate"),  # phosphate, not a pulse
    ("P 104 on the ward list.", "heart_rate"),  # no other vital sign on the line
    ("Morphine SR 30 mg twice daily.", "heart_rate"),  # sustained release, not sinus rhythm
    ("Weight 11 st 12 lb.", "heart_rate"),
    ("Diagnosed with AF at 70, on apixaban.", "heart_rate"),  # an age, not a rate: no tracing, no rate word
    ("Paroxysmal atrial fibrillation at 45 years.", "heart_rate"),
])
def test_shorthand_readings_need_their_context(note: str, absent: str) -> None:
    assert absent not in extract(note).values


# --- labs: ion labels, label pairs, bare glucose; titles -----------------------------------------------------------
@pytest.mark.parametrize("note, expected", [
    ("Na+ 131 mmol/L, K+ 5.6, Cl- 99, HCO3- 12.", {"bicarbonate": 12.0, "chloride": 99.0}),  # 'HCO3-' is no range
    ("BUN/Cr 46/2.8 on arrival.", {"bun": 46.0, "creatinine": 2.8}),
    ("Na/K 129/5.9 mmol/L.", {"sodium": 129.0, "potassium": 5.9}),  # the unit after the pair is both numbers'
    ("Urea/Cr 18.1/210 umol/L.", {"creatinine": 2.37552}),  # urea in µmol/L is not a urea: only Cr is read
])
def test_ion_labels_and_label_pairs(note: str, expected: dict) -> None:
    e = extract(note)
    for name, v in expected.items():
        assert e[name].value == pytest.approx(v, rel=1e-4), name
    if "Urea/Cr" in note:
        assert "urea" not in e.values


@pytest.mark.parametrize("note, mg_dl", [
    ("Random glucose 6.1.", 6.1 * 18.016),  # below 10: only mmol/L is possible
    ("BSL 19.4 on the ward meter.", 19.4 * 18.016),  # decimals up to 35: mmol/L
    ("Glucose 142.", 142.0),  # a whole number: mg/dL
    ("Glucose 27.", 27.0),
])
def test_bare_glucose(note: str, mg_dl: float) -> None:
    assert extract(note)["glucose"].value == pytest.approx(mg_dl, rel=1e-3)


@pytest.mark.parametrize("note, sex", [
    ("ECG: QT 420 ms, QRS 96 ms.", None),  # milliseconds, not 'Ms'
    ("PMH: MS, on natalizumab. Severe MR on echo.", None),  # multiple sclerosis, mitral regurgitation
    ("Ms. Okafor, 52, attends clinic.", "Female"),
    ("Reviewed Mr Haddad today.", "Male"),
])
def test_titles_only_as_titles(note: str, sex: str | None) -> None:
    v = extract(note).get("sex")
    assert (v.value if v else None) == sex


# --- obstetric dates and cycle length -------------------------------------------------------------------------------
@pytest.mark.parametrize("note, name, expected", [
    ("Last normal menstrual period: 9 February 2024.", "lmp_date", "2024-02-09"),
    ("LNMP 21st June 2022, regular.", "lmp_date", "2022-06-21"),
    ("Seen today (2 October 2023) for booking.", "current_date", "2023-10-02"),
    ("Clinic date 04/18/2022. LMP 01/30/2022.", "current_date", "2022-04-18"),
    ("Date of consultation: 08/09/2021.", "current_date", "2021-08-09"),
    ("She presented on 5 March 2024 with nausea.", "current_date", "2024-03-05"),
    ("Her cycle length is thirty-two days.", "cycle_length", 32.0),
    ("Periods come every 5 weeks.", "cycle_length", 35.0),
])
def test_obstetric_dates_and_cycles(note: str, name: str, expected) -> None:  # noqa: ANN001
    assert extract(note)[name].value == expected


@pytest.mark.parametrize("note", [
    "Cycles vary, 24-30 days.",  # a range is not one cycle length
    "Previous visit date 01/02/2023.",  # an earlier encounter is not today
])
def test_no_single_value_is_made_up(note: str) -> None:
    e = extract(note)
    assert "cycle_length" not in e.values and "current_date" not in e.values


@pytest.mark.parametrize("note, expected", [
    ("Tachycardic at 126 and febrile.", {"heart_rate": 126.0}),
    ("She was bradycardic to 44 after the dose.", {"heart_rate": 44.0}),
    ("White count 19.2 this morning.", {"wbc": 19.2}),
])
def test_rate_and_count_wordings(note: str, expected: dict) -> None:
    e = extract(note)
    for name, v in expected.items():
        assert e[name].value == v


# --- age and sex in forms and shorthand -----------------------------------------------------------------------------
@pytest.mark.parametrize("note, age, sex", [
    ("Age/Sex: 74/F. Presenting complaint: melaena.", 74.0, "Female"),
    ("M/61, chest tightness.", 61.0, "Male"),
    ("Sex: M. Age 39.", 39.0, "Male"),
    ("Gender - female; age 52.", 52.0, "Female"),
    ("Ms R., 63, reviewed.", 63.0, "Female"),
    ("G3P2, 29 years old, booking visit.", 29.0, "Female"),
    ("She is 84 and lives alone.", 84.0, "Female"),
    ("DOB 12/30/1961. Seen in clinic on 03/15/2024.", 62.0, None),  # age at today's date from the date of birth
])
def test_age_and_sex_forms(note: str, age: float, sex: str | None) -> None:
    e = extract(note)
    assert e["age"].value == age
    assert (e.get("sex").value if e.get("sex") else None) == sex


@pytest.mark.parametrize("note", [
    "She is 20 weeks pregnant.",  # not an age
    "He is 72 kg.",
    "DOB 12/30/1961.",  # no date of today: no age
])
def test_no_age_is_made_up(note: str) -> None:
    assert "age" not in extract(note).values


# --- heights and weights in more spellings ---------------------------------------------------------------------------
@pytest.mark.parametrize("note, name, expected", [
    ("He is 5 ft 4.", "height", 162.56),
    ("A five foot eleven builder.", "height", 180.34),
    ("Height: 1m64, weight 58 kg.", "height", 164.0),  # metres and centimetres
    ("Wt. 77 kg, Ht. 169 cm.", "weight", 77.0),  # abbreviations with a dot
    ("Wt. 77 kg, Ht. 169 cm.", "height", 169.0),
    ("Seen on the 3rd of July 2023; LMP 05/01/2023.", "current_date", "2023-07-03"),
])
def test_more_height_weight_and_date_spellings(note: str, name: str, expected) -> None:  # noqa: ANN001
    v = extract(note)[name].value
    assert v == (pytest.approx(expected) if isinstance(expected, float) else expected)


@pytest.mark.parametrize("note", ["She is 5 ft 4 kg.", "The lesion is 5 ft 3 years old."])
def test_feet_without_an_inch_unit_need_nothing_after(note: str) -> None:
    assert "height" not in extract(note).values


def test_age_in_brackets_after_a_titled_name() -> None:
    e = extract("Re: Mr Dlamini (aged 71), atrial fibrillation.")
    assert e["age"].value == 71.0 and e["sex"].value == "Male"


@pytest.mark.parametrize("note, first", [
    ("Cr 2.3 baseline 1.0. Cr 1.8 on day 3.", 2.3),  # 'baseline' without 'at' introduces the next number
    ("Hb 9.1, previous visit 12.0. Hb 8.7 after transfusion.", 9.1),
    ("Albumin 3.9 at baseline; albumin 2.6 now.", 2.6),
])
def test_only_a_past_time_of_the_reading_itself_moves_it(note: str, first: float) -> None:
    e = extract(note)
    name = next(n for n in ("creatinine", "hemoglobin", "albumin") if n in e.values)
    assert e[name].value == first


# --- demographics: "71F" at the start of a sentence or line --------------------------------------
@pytest.mark.parametrize("note,age,sex", [
    ("Seen 09:40. 71F, fell in the garden.", 71, "Female"),
    ("Handover:\n44M with productive cough.", 44, "Male"),
])
def test_age_sex_shorthand_at_sentence_or_line_start(note: str, age: float, sex: str) -> None:
    e = extract_2(note)
    assert e.get("age").value == age and e.get("sex").value == sex


def test_bare_letter_after_a_number_elsewhere_is_not_an_age() -> None:
    assert extract_2("Bay 12 F wing, bed 3.").get("age") is None


# --- labs: abbreviations and a baseline header -------------------------------------------------------
def test_lab_abbreviations_albumin_and_bilirubin() -> None:
    e = extract_2("Chem: Alb 2.9 g/dL | Bili 2.2 | D bili 0.3")
    assert e.get("albumin").value == 2.9 and e.get("bilirubin").value == 2.2
    assert e.get("direct_bilirubin").value == 0.3


def test_a_baseline_header_demotes_the_whole_line() -> None:
    e = extract_2("Previous results (last year): Na 139, Alb 3.9 g/dL.\nCurrent: Alb 2.7 g/dL.")
    assert e.get("albumin").value == 2.7 and [a.value for a in e.get("albumin").alternatives] == [3.9]


@pytest.mark.parametrize("note,drinks", [
    ("Drinks roughly 12 pints a week.", 12), ("Two glasses of wine every night.", 14), ("1 bottle of wine per week.", 5),
    ("He has a bottle of red wine a night.", 35), ("Two bottles of beer a day.", 14),
    ("He estimates ten cans a week.", 10), ("Half a bottle of vodka daily.", 56),
    ("In the 1990s he drank a bottle of spirits a day; he now has about ten cans a week.", 10),
    ("She drinks two cans of cola a day.", None),
])
def test_alcohol_counted_in_pints_glasses_bottles(note: str, drinks: float | None) -> None:
    """A glass, can, pint or shot is one drink; a bottle of wine five, of spirits sixteen (US standard drinks of 14 g);
    an amount of the past comes after the one drunk now."""
    got = extract_2(note).get("alcohol_drinks_per_week")
    assert (got.value if got else None) == (pytest.approx(drinks) if drinks is not None else None)


@pytest.mark.parametrize("note,age", [
    ("Care home resident, 88F, fall.", 88), ("Emergency laparotomy; 66M admitted to HDU.", 66),
    ("Placed a 6F sheath, then a 7F catheter.", None),
])
def test_age_shorthand_after_a_comma_or_semicolon(note: str, age: float | None) -> None:
    got = extract_2(note).get("age")
    assert (got.value if got else None) == age


def test_afebrile_with_a_reading() -> None:
    assert extract_2("Afebrile, 36.6 C.").get("temperature").value == pytest.approx(36.6)
    assert extract_2("She is afebrile.").get("temperature") is None


# --- third round (long case-report development notes) ------------------------------------------------
def test_values_from_years_before_are_baseline() -> None:
    e = extract_2("Diabetes was found 3 years earlier, when her albumin was 4.1 g/dL. On admission albumin was 2.9 g/dL.")
    assert e.get("albumin").value == 2.9


def test_alcohol_at_weekends_and_word_ranges() -> None:
    assert extract_2("Has three or four beers at the weekend.").get("alcohol_drinks_per_week").value == pytest.approx(3.5)


def test_named_patient_with_the_age_after_a_comma() -> None:
    e = extract_2("Clinic letter re Mr Ade Bello, 58, with atrial fibrillation.")
    assert e.get("age").value == 58 and e.get("sex").value == "Male"


# --- fifth round (serial values, nursing and consult narratives) ---------------------------------------
def test_a_respectively_sentence_that_does_not_parse_keeps_its_own_values() -> None:
    e = extract_2("At presentation the sodium was 129 mmol/L and potassium 3.1; a week later they were 136 and 4.0, respectively.")
    assert e.get("sodium").value == 129 and e.get("potassium").value == 3.1


# --- seventh round (US abbreviation-heavy notes) ---------------------------------------------------------
def test_a_following_label_is_not_a_unit() -> None:
    e = extract_2("VS T 38.2 HR 101 BP 118/70 RR 20.")
    assert e.get("temperature").value == pytest.approx(38.2) and e.get("heart_rate").value == 101


def test_tmax_glu_and_lowercase_alb() -> None:
    e = extract_2("Tmax 38.7. Glu 212, alb 3.3.")
    assert e.get("temperature").value == pytest.approx(38.7)
    assert e.get("glucose").value == 212 and e.get("albumin").value == pytest.approx(3.3)


# --- troponin reader: shorthand labels, a sampling time before the value -------------------------------------------
@pytest.mark.parametrize("note, ng_ml", [
    ("ED bloods: hs-TnT (0 h): 31 ng/L, repeat pending.", 0.031),
    ("Trop 52 ng/L on arrival.", 0.052),
    ("trop I 0.11 ng/mL", 0.11),
    ("hsTnI 7 ng/L.", 0.007),
    ("Serial hs-cTnI at 0 h 40 ng/L and at 3 h 95 ng/L.", 0.040),  # the first time point is the presenting value
    ("Troponin T (T0) 0.02 ng/mL.", 0.02),
    ("High-sensitivity troponin I 0-hour: 18 ng/L.", 0.018),
])
def test_troponin_shorthand_labels_and_a_sampling_time(note: str, ng_ml: float) -> None:
    v = extract(note)["troponin"]
    assert v.value == pytest.approx(ng_ml)


@pytest.mark.parametrize("note", [
    "Trop 45.",  # a bare 45 may be ng/L or ng/mL: the unit is needed
    "Tropical travel 3 weeks ago, 12 days in Ghana.",  # 'tropical' is no label
    "Creatinine 2 h later 1.4 mg/dL.",  # a time point is read only before the label's own value
])
def test_troponin_reader_does_not_read_without_unit_or_label(note: str) -> None:
    assert extract(note).get("troponin") is None


@pytest.mark.parametrize("note, days", [
    ("Her periods are long but regular at 35 days.", 35),
    ("Cycles are predictable, of 31 days.", 31),
])
def test_cycle_length_after_at_or_of(note: str, days: int) -> None:
    assert extract(note).get("cycle_length").value == days


def test_a_bracketed_past_value_does_not_date_the_readings_after_it() -> None:
    note = ("A 45-year-old man with melaena. Blood tests on arrival showed haemoglobin 13.4 g/dL (14.8 g/dL at his "
            "clinic visit two months earlier), platelets 96 x 10^9/L, urea 5.1 mmol/L and INR 1.3. Six hours later the "
            "haemoglobin was 12.2 g/dL and the urea 7.4 mmol/L.")
    g = rule_arguments(CALCULATORS["glasgow_blatchford"], note)
    assert g.args["bun"] == pytest.approx(5.1 * 2.8014, rel=1e-3)  # the arrival urea, as BUN (x 2.801)
    assert g.args["hemoglobin"] == pytest.approx(13.4)
    # the later urea is kept as a reading of another time, converted to BUN the same way (7.4 x 2.801, not x 6.006)
    assert [r["value"] for r in g.param("bun").readings] == [pytest.approx(7.4 * 2.8014, rel=1e-3)]


def test_a_temperature_some_nights_before_the_visit_is_not_the_presenting_one() -> None:
    note = ("A 48-year-old woman with a sore throat had a temperature of 39.1 °C three nights ago at home. "
            "On examination today her temperature was 37.6 °C.")
    assert rule_arguments(CALCULATORS["centor_mcisaac"], note).args["temperature"] == pytest.approx(37.6)
