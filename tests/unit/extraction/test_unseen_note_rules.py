"""General reading rules found from the development half of the blind notes (issue 13, branch issue13d). Every
sentence here was written for this test: none is taken from a benchmark note or from app/data/dev/.

Rules: a past time written right after a reading makes it an earlier value; GCS eye opening to a named speaker and
'rather than' denying what follows; an unqualified 'rate N' on an ECG line is the heart rate, and QTc takes the rate
of the QT's own tracing; the encounter's date is today's when none is labelled; a stopped opioid is not in the daily
MME; the clinician's written ranking of PE / DVT; 'CA' next to an organ, and a cancer treatment written as ongoing in a
history list; 'L calf 4 cm > R', 'entire L leg', 'tender along the femoral vein'; aortic aneurysm repair is
suprainguinal vascular surgery.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS as C
from medmirror.tools.extraction import calc_rules as R
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.grounding import rule_arguments
from tests.unit.extraction._rules import args_of, value

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


# --- GCS: the speaker named, 'rather than' -------------------------------------------------------------------------


@pytest.mark.parametrize("note, eye", [
    ("Her eyes opened when the nurse spoke to her.", "eye opening to verbal command"),
    ("He opened his eyes when his wife called his name.", "eye opening to verbal command"),
    ("Eyes open only when we talked with him loudly.", "eye opening to verbal command"),
])
def test_eye_opening_to_a_named_speaker_is_to_voice(note: str, eye: str) -> None:
    assert value(R.gcs_eye, note) == eye


@pytest.mark.parametrize("note, motor", [
    ("She withdrew from a nail-bed press rather than localising to it.", "withdrawal from pain"),
    ("He localises to supraorbital pressure instead of obeying commands.", "localizes pain"),
    ("He obeys commands and localises to pain.", "obeys commands"),
])
def test_rather_than_denies_the_response_that_follows(note: str, motor: str) -> None:
    assert value(R.gcs_motor, note) == motor


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


def test_qtc_takes_the_heart_rate_of_the_qt_tracing() -> None:
    note = "Triage: HR 78, BP 130/80. Later ECG: sinus tachycardia, rate 124, QT 320 ms."
    a = args_of("qtc_bazett", note)
    assert (a["heart_rate"], a["qt_interval"]) == (124.0, 320.0)
    # no heart rate beside the QT: the note's first heart rate
    assert args_of("qtc_bazett", "Pulse 66 bpm. The QT interval measured 410 ms.")["heart_rate"] == 66.0


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


# --- stopped opioids -------------------------------------------------------------------------------------------------


def test_a_stopped_opioid_is_not_in_the_daily_mme() -> None:
    note = "Hydromorphone infusion was discontinued this morning. Now on oxycodone 5 mg every 4 hours."
    meds = args_of("morphine_milligram_equivalents", note)["medications"]
    assert meds == [{"drug": "OxyCODONE", "dose": 5.0, "unit": "mg", "doses_per_day": 6.0}]
    prev = "She previously took codeine 30 mg QID. Current: tramadol 100 mg twice daily."
    assert [m["drug"] for m in args_of("morphine_milligram_equivalents", prev)["medications"]] == ["TraMADol"]


def test_a_history_header_does_not_stop_an_opioid() -> None:
    note = "PMH: lumbar stenosis on morphine 15 mg twice daily."
    assert args_of("morphine_milligram_equivalents", note)["medications"][0]["doses_per_day"] == 2.0


# --- the clinician's ranking of PE and DVT ---------------------------------------------------------------------------

PE = R.stated_leading(R.PE_RX, "PE")
ALT = R.alternative_as_likely(R.DVT_RX, "DVT")


@pytest.mark.parametrize("note, ranked", [
    ("The registrar considered pulmonary embolism the most likely diagnosis.", True),
    ("Working diagnosis: PE.", True),
    ("We regard acute PE as the leading diagnosis and have started heparin.", True),
    ("PE and pneumonia were felt equally likely.", True),
    ("PE is felt less likely than a pneumothorax.", False),
    ("Pneumonia is favoured over PE.", False),
    ("PE is not the leading diagnosis.", None),
    ("Wells 1.5 points, PE unlikely; D-dimer sent.", None),  # the score's category, not a ranking
    ("Her sister's PE was the leading diagnosis at the time.", None),
    ("Chest pain; PE possible.", None),
    # Wells' own wording of the alternative, and a ranking after "but"/"however"
    ("An alternative diagnosis is less likely than PE.", True),
    ("No alternative diagnosis is more likely than pulmonary embolism.", True),
    ("Wells: alternative diagnosis less likely - yes.", True),
    ("An alternative diagnosis (costochondritis) is more likely.", False),
    ("Differential includes PE, but ACS is more likely.", False),
    ("PE was considered; however, pneumonia is far more likely given the consolidation.", False),
    ("PE is the leading diagnosis, but dissection is also possible.", True),
])
def test_pe_ranked_in_the_notes_own_words(note: str, ranked: bool | None) -> None:
    assert value(PE, note) is ranked


@pytest.mark.parametrize("note, alt", [
    ("An alternative diagnosis is at least as likely, given the erythema.", True),
    ("Cellulitis is favoured over DVT.", True),
    ("DVT and a ruptured Baker's cyst are equally likely.", True),
    ("Other diagnoses less likely.", False),
    ("DVT remains the leading diagnosis.", False),
    # the impression names DVT (as likely) and ranks the other diagnosis below it
    ("Imp: DVT likely, haematoma less likely.", False),
    ("DVT likely, haematoma less likely.", None),  # no impression line: no ranking of DVT itself or of 'an alternative'
    ("No alternative diagnosis is more likely than DVT.", False),
    ("DVT suspected but a ruptured Baker's cyst seems more likely.", True),
])
def test_alternative_diagnosis_ranked_against_dvt(note: str, alt: bool | None) -> None:
    assert value(ALT, note) is alt


def test_wells_pe_reads_a_written_ranking() -> None:
    a = args_of("wells_pe", "Heart rate 104 bpm. The consultant regarded PE as the most likely diagnosis.")
    assert a["pe_most_likely"] is True and C["wells_pe"].run(a).value == 4.5


# --- cancer: 'CA' beside an organ; treatment written as ongoing in a history list ------------------------------------


@pytest.mark.parametrize("note, found", [
    ("Background: prostate CA, on degarelix.", "prostate CA"),
    ("Ca breast 2014 treated with mastectomy.", "Ca breast"),
    ("Calcium: Ca 2.05 mmol/L; CA 19-9 normal.", None),
])
def test_ca_next_to_an_organ_is_a_cancer(note: str, found: str | None) -> None:
    texts = [f.text for f in NoteContext(note).findings("cancer")]
    assert (texts[0] if texts else None) == found


@pytest.mark.parametrize("note, active", [
    ("PMH: lung adenocarcinoma on pembrolizumab, COPD.", True),
    ("Past medical history: rectal cancer, last cycle of FOLFIRI 2 weeks ago; hypertension.", True),
    ("PMH: gastric adenocarcinoma, oxaliplatin with capecitabine, last infusion of the current course 3 weeks ago.", True),
    ("PMH: breast cancer 2009, treated with surgery and chemotherapy in 2009.", False),
    ("Hx: colon CA resected 2012, no further treatment.", False),
])
def test_cancer_treatment_ongoing_in_a_history_list(note: str, active: bool) -> None:
    assert value(R.active_cancer, note) is active


# --- Wells DVT: calf difference with '>', 'entire L leg', tenderness along a named vein -------------------------------


def test_wells_dvt_leg_findings_in_shorthand() -> None:
    note = "Exam: entire R leg swollen, R calf 3.5 cm > L, tender along R popliteal vein."
    a = args_of("wells_dvt", note)
    assert a["entire_leg_swollen"] is True and a["calf_swelling"] is True and a["localized_tenderness"] is True
    assert args_of("wells_dvt", "L calf 2 cm > R.")["calf_swelling"] is False


# --- RCRI: aortic aneurysm repair ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("note", [
    "Booked for open repair of his 5.8 cm abdominal aortic aneurysm.",
    "Planned EVAR next month.",
    "Assessment before repair of a juxtarenal AAA.",
])
def test_aortic_aneurysm_repair_is_suprainguinal_vascular_surgery(note: str) -> None:
    assert value(R.high_risk_surgery, note) is True


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


# --- steroid conversion: one-route drugs, a weight-based dose with its absolute dose ----------------------------------


@pytest.mark.parametrize("note, steroid, dose", [
    ("She has taken 15mg prednisone daily since March.", "PredniSONE PO", 15.0),  # prednisone is oral only
    ("Prednisolone 0.5 mg/kg/day (35 mg) for two weeks.", "PrednisoLONE PO", 35.0),
    ("Hydrocortisone 10 mg twice daily.", "Hydrocortisone", 10.0),  # two routes listed: none is chosen
])
def test_steroid_option_and_dose(note: str, steroid: str, dose: float) -> None:
    a = rule_arguments(C["steroid_conversion"], note, question="Convert to dexamethasone PO.").args
    assert (a["input_steroid"], a["dose"]) == (steroid, dose)


def test_a_weight_based_steroid_dose_alone_is_refused() -> None:
    a = rule_arguments(C["steroid_conversion"], "Methylprednisolone 2 mg/kg IV.", question="Convert to prednisone.").args
    assert "rejected" in a["dose"]


# --- pharyngitis, SIRS, PERC wordings --------------------------------------------------------------------------------


@pytest.mark.parametrize("note, rapid", [
    ("Two days of odynophagia and fever.", True),
    ("Seen on day 6 of a sore throat.", False),
    ("Throat pain since Saturday (2 days).", True),
    ("Tonsillitis. Symptoms 72 h.", True),
    ("Sore throat, duration: 5 days.", False),
])
def test_symptom_duration_wordings(note: str, rapid: bool) -> None:
    assert value(R.rapid_attendance, note) is rapid


def test_tonsils_hypertrophied_or_with_pus_count_for_centor() -> None:
    assert args_of("centor_mcisaac", "Hypertrophied tonsils, no exudate seen.")["exudate_or_swelling"] is True
    assert args_of("centor_mcisaac", "Pus on the tonsils bilaterally.")["exudate_or_swelling"] is True


@pytest.mark.parametrize("note, expected", [
    ("Tachycardic at 126 and febrile.", {"heart_rate": 126.0}),
    ("She was bradycardic to 44 after the dose.", {"heart_rate": 44.0}),
    ("White count 19.2 this morning.", {"wbc": 19.2}),
])
def test_rate_and_count_wordings(note: str, expected: dict) -> None:
    e = extract(note)
    for name, v in expected.items():
        assert e[name].value == v


def test_a_fall_is_trauma_for_perc() -> None:
    assert args_of("perc_rule", "He fell off a ladder ten days ago and now has chest pain.")["recent_surgery_or_trauma"] is True
    assert args_of("perc_rule", "She fell from a horse two years ago.").get("recent_surgery_or_trauma") is not True


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


# --- risk-score wordings --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("note, htn", [
    ("Background: high blood pressure on amlodipine.", True),  # treated: a diagnosis
    ("Known high blood pressure, diet only.", True),
    ("High blood pressure in the department, 178/96.", None),  # a reading at presentation is not a diagnosis
])
def test_high_blood_pressure_as_a_diagnosis(note: str, htn: bool | None) -> None:
    assert value(R.hypertension_history, note) is htn


@pytest.mark.parametrize("note, tumour", [
    ("PMH: CKD stage 4, bladder cancer treated in 2016.", "localized"),
    ("Stage 4 pressure ulcer on the sacrum; breast cancer in 2012.", "localized"),
    ("Stage IV lung adenocarcinoma.", "metastatic"),
])
def test_a_stage_of_another_disease_is_not_metastatic_cancer(note: str, tumour: str) -> None:
    assert value(R.charlson_tumor, note) == tumour


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
