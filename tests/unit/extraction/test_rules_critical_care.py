"""Rules of the critical care family (tools/extraction/rules/critical_care.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS as C
from medmirror.tools.calculators.base import CalculatorInputError
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.rules.critical_care import (
    admission_type,
    mean_arterial_pressure,
    urine_output,
    vasopressor,
    worst_first_day,
)
from tests.unit.extraction._rules import args_of, value
from tests.unit.extraction._rules_checks import (
    _check,
    check_input_checked,
    check_item_read,
    check_value_selection_across_time,
)


# --- D. urine output with its 24 hours named before the volume -----------------------------------------------------
@pytest.mark.parametrize("note, ml", [
    ("Fluid balance. Urine output last 24 h: 380 mL.", 380.0),
    ("UO past 24 hours 1.2 L, positive balance 2 L.", 1200.0),
    ("Urine output (24 h): 610 mL despite furosemide.", 610.0),
    ("Urine output in the last 24 hrs - 455 ml.", 455.0),
    ("Renal: urine output previous 24h 900 mL.", 900.0),
    # an hourly rate is still multiplied by 24
    ("Urine output 20 mL/h overnight.", 480.0),
])
def test_urine_output_with_24_hours_before_the_volume(note: str, ml: float) -> None:
    assert value(urine_output, note) == pytest.approx(ml)


# --- E. a MAP target is not a MAP reading ----------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Septic shock: noradrenaline titrated to keep MAP > 65.",
    "Vasopressin added, target MAP 65-70 mmHg.",
    "On norepinephrine 0.2 mcg/kg/min, MAP goal >= 65 mmHg.",
    "Plan: fluids and pressors aiming for a MAP above 65.",
])
def test_a_map_target_is_not_read(note: str) -> None:
    assert value(mean_arterial_pressure, note) is None


@pytest.mark.parametrize("note, mmhg", [
    ("BP 84/40, MAP 55 mmHg on arrival.", 55.0),
    ("MAP 58 despite 2 L crystalloid; target MAP > 65.", 58.0),
    ("Mean arterial pressure was 62 mmHg.", 62.0),
])
def test_a_map_reading_is_still_read(note: str, mmhg: float) -> None:
    assert value(mean_arterial_pressure, note) == mmhg


def test_a_map_falling_to_a_value_is_a_reading() -> None:
    assert value(mean_arterial_pressure, "After induction the pressure fell to a MAP of 52 mmHg.") == 52.0


# --- APACHE II admission type ------------------------------------------------------------------------
def test_apache_post_op_after_emergency_surgery() -> None:
    note = "Transferred to ICU post-op following an emergency bowel resection. Age 70."
    assert value(admission_type, note) == "emergency postoperative"


# --- SOFA: vasopressor named twice, urine volume ---------------------------------------------------
def test_vasopressor_dose_after_a_bracketed_synonym() -> None:
    assert args_of("sofa", "GCS 14. Noradrenaline (norepinephrine) 0.08 mcg/kg/min.")["norepinephrine"] == pytest.approx(0.08)


@pytest.mark.parametrize("note,ml", [
    ("She produced 300 mL of urine over the last 24 hours.", 300),
    ("Urinary output 40 mL/h.", 960),
])
def test_urine_output_phrasings(note: str, ml: float) -> None:
    assert value(urine_output, note) == pytest.approx(ml)


@pytest.mark.parametrize("note,fio2", [
    ("Gas on room air: PaO2 71. GCS 14.", 21.0),
    # oxygen named: not room air; the nasal-cannula flow gives the estimate (test_fio2_nasal_flow.py)
    ("PaO2 71 on 2 L nasal cannula; earlier 93% on RA. GCS 14.", 29.0),
    ("PaO2 71 on 10 L face mask; earlier 93% on RA. GCS 14.", None),
    ("PaO2 71 on FiO2 40%. GCS 14.", 40.0),
])
def test_fio2_from_room_air(note: str, fio2: float | None) -> None:
    assert args_of("sofa", note).get("fio2") == fio2


def test_dose_after_started_at_and_fio2_as_oxygen_percentage() -> None:
    a = args_of("sofa", "Dopamine was started at 7 mcg/kg/min. ABG on 50% oxygen by mask: PaO2 80. GCS 15.")
    assert a["dopamine"] == pytest.approx(7) and a["fio2"] == pytest.approx(50)


def test_urine_output_over_24_hours_before_the_number() -> None:
    assert value(urine_output, "Urine output in the past 24 hours was 380 mL.") == pytest.approx(380)


def test_ventilated_and_uo_abbreviation() -> None:
    a = args_of("sofa", "On the ICU, ventilated, FiO2 50%, PaO2 95. UO 280 mL/24 h. GCS 15.")
    assert a["mechanical_ventilation"] is True and a["urine_output"] == pytest.approx(280)
    assert args_of("sofa", "Non-invasively ventilated, FiO2 40%, PaO2 95. GCS 15.").get("mechanical_ventilation") is not True


def test_a_brief_collapse_is_syncope() -> None:
    assert args_of("glasgow_blatchford", "Melaena for a day; she collapsed briefly in the bathroom. Hb 9 g/dL.")["syncope"] is True


@pytest.mark.parametrize("note,option", [
    ("Admitted to the ICU after an elective aortic valve replacement.", "elective postoperative"),
    ("Admitted to the ICU after an urgent bowel resection.", "emergency postoperative"),
])
def test_apache_admission_type_after_a_named_operation(note: str, option: str) -> None:
    assert value(admission_type, note) == option


def test_maintenance_dialysis_is_chronic_renal_failure_but_acute_rrt_is_not() -> None:
    assert args_of("apache_ii", "Age 70. On maintenance haemodialysis for ESRD. Creatinine 5.1 mg/dL.")["chronic_renal_failure"] is True
    assert args_of("apache_ii", "Age 70. Needed renal replacement therapy for AKI. Creatinine 5.1 mg/dL.").get("chronic_renal_failure") is not True


def test_abg_shorthand_ph_paco2_pao2() -> None:
    a = args_of("apache_ii", "Age 50. ABG on room air (FiO2 0.21): 7.29/51/58. GCS 15.")
    assert (a["ph"], a["paco2"], a["pao2"]) == (pytest.approx(7.29), pytest.approx(51), pytest.approx(58))


def test_norepi_abbreviation() -> None:
    assert args_of("sofa", "GCS 15. On norepi 0.12 mcg/kg/min.")["norepinephrine"] == pytest.approx(0.12)


# --- SOFA: the worst value of the first 24 hours -------------------------------------------------------------------
@pytest.mark.parametrize("note, name, expected", [
    # ICU table: two platelet counts on the first day -> the lowest
    ("ICU admission bloods: Plt 140 x10^9/L. Repeat at 18:00: Plt 90 x10^9/L.", "platelets", 90.0),
    # SBAR: bilirubin rising within the day -> the highest
    ("S: jaundice worsening. B: bilirubin 2.1 mg/dL at 08:00, bilirubin 3.4 mg/dL this evening.", "bilirubin", 3.4),
    ("Creatinine 180 µmol/L on arrival; creatinine 265 µmol/L six hours later.", "creatinine", pytest.approx(2.99768, 1e-3)),
    ("GCS 14 in ED; GCS 9 after the seizure an hour later.", "gcs", 9),
])
def test_sofa_takes_the_worst_first_day_value(note: str, name: str, expected: float) -> None:
    assert args_of("sofa", note)[name] == expected


@pytest.mark.parametrize("note, name, expected", [
    ("Platelets 150 x10^9/L on arrival. Day 3: platelets 60 x10^9/L.", "platelets", 150.0),  # a later day
    ("Creatinine 2.0 mg/dL (baseline 1.0 mg/dL).", "creatinine", 2.0),  # a baseline is not a first-day value
    ("Bilirubin 1.1 mg/dL; bilirubin 3.0 mg/dL at 48 h.", "bilirubin", 1.1),
    ("Platelets 85 x10^9/L.", "platelets", 85.0),  # one reading: that reading
])
def test_sofa_worst_value_leaves_out_later_days_and_baselines(note: str, name: str, expected: float) -> None:
    assert args_of("sofa", note)[name] == expected


def test_worst_first_day_says_which_it_took() -> None:
    hit = worst_first_day("platelets", lowest=True)(NoteContext("Plt 140 x10^9/L at 06:00; plt 90 x10^9/L at 20:00."))
    assert hit.value == 90.0 and "worst" in hit.note and "140" in hit.note


# --- SOFA vasopressors: infusion-rate spellings, a rate per minute over the stated weight ---------------------------
@pytest.mark.parametrize("note, drug, dose", [
    ("On norepinephrine at 0.3 micrograms/kg/min.", "norepinephrine", 0.3),
    ("Pressors: norad 0.15 mcg/kg/min.", "norepinephrine", 0.15),
    ("ICU chart - dopamine 7.5 microgram/kg/minute.", "dopamine", 7.5),
    ("Noradrenaline 0.2 µg·kg⁻¹·min⁻¹ via CVC.", "norepinephrine", 0.2),
    ("Noradrenaline 8 mcg/min; weight 80 kg.", "norepinephrine", 0.1),  # 8 µg/min / 80 kg
    ("Weight 50 kg. Adrenaline infusion 0.6 mg/h.", "epinephrine", 0.2),  # 600 µg/h = 10 µg/min / 50 kg
])
def test_vasopressor_rates(note: str, drug: str, dose: float) -> None:
    assert value(vasopressor(drug), note) == pytest.approx(dose)


def test_vasopressor_rate_per_minute_without_a_weight_is_not_read() -> None:
    assert value(vasopressor("norepinephrine"), "Noradrenaline 8 mcg/min.") is None


# --- FiO2: the percentage written before its label ----------------------------------------------------------------
@pytest.mark.parametrize("note, fio2", [
    ("ABG: PaO2 70 mmHg on 50% FiO2.", 50.0),
    ("Intubated; vent on 35 % FiO2, PEEP 5.", 35.0),
    ("FiO2 0.6, PaO2 80.", 60.0),  # the label first, as before
])
def test_fio2_percentage_before_its_label(note: str, fio2: float) -> None:
    assert args_of("sofa", note)["fio2"] == fio2


def test_a_percentage_before_another_label_is_no_fio2() -> None:
    assert args_of("sofa", "PaO2 71 mmHg on room air; SpO2 93% O2 sats.")["fio2"] == 21.0


@pytest.mark.parametrize("note, admission", [
    ("Nonoperative admission: septic shock.", "nonoperative"),
    ("Admission type: medical (non-operative).", "nonoperative"),
    ("Admission type: elective surgical.", "elective postoperative"),
    ("Planned ICU admission after scheduled AAA repair.", "elective postoperative"),
    ("Taken to theatre emergently for a ruptured AAA, then to ICU.", "emergency postoperative"),
    ("Returned from theatre after an urgent Hartmann's procedure.", "emergency postoperative"),
    ("He had an elective knee replacement 5 years ago. Now admitted with sepsis.", None),
])
def test_apache_admission_type_as_notes_write_it(note: str, admission: str | None) -> None:
    assert args_of("apache_ii", "70-year-old man with cirrhosis. " + note).get("admission_type") == admission


def test_an_elective_surgical_admission_scores_chronic_health_two() -> None:
    note = ("70-year-old man with cirrhosis. Admission type: elective surgical. T 37 C, HR 80, RR 14, BP 120/70, "
            "Na 140, K 4.0, creatinine 1.0 mg/dL, Hct 40%, WBC 8, GCS 15, pH 7.40, FiO2 21%, PaO2 90 mmHg.")
    r = C["apache_ii"].run(args_of("apache_ii", note))
    assert r.components["chronic_health"] == 2


CASES = [
    # --- APACHE II ------------------------------------------------------------------------------------------
    ("apache_ii", "ICU admission. Temp 39.4 C, HR 128, RR 32. Age 67.",
     {"temperature": 39.4, "heart_rate": 128, "respiratory_rate": 32, "age": 67}),
    ("apache_ii", "55-year-old woman. Na 128 mmol/L, K 5.8 mmol/L, creatinine 265 umol/L.",
     {"sodium": 128, "potassium": 5.8, "creatinine": 3.0}),
    ("apache_ii", "70 y/o male. Sodium 152 mEq/L, potassium 3.1 mEq/L, Cr 2.4 mg/dL, Hct 28%, WBC 18.2 x10^9/L.",
     {"sodium": 152, "potassium": 3.1, "creatinine": 2.4, "hematocrit": 28, "wbc": 18.2}),
    ("apache_ii", "48M. ABG on FiO2 0.6: pH 7.28, PaCO2 48 mmHg, PaO2 72 mmHg. A-a gradient 310 mmHg.",
     {"fio2": 60, "ph": 7.28, "paco2": 48, "pao2": 72, "a_a_gradient": 310}),
    ("apache_ii", "65 year old man on 40% FiO2; PaO2 58 mmHg.", {"fio2": 40, "pao2": 58}),
    ("apache_ii", "Age: 74\nTemp: 35.2 °C\nMAP: 58\nHR: 45\nRR: 8\nFiO2: 50%\nA-a gradient: 360",
     {"age": 74, "temperature": 35.2, "mean_arterial_pressure": 58, "heart_rate": 45, "respiratory_rate": 8,
      "fio2": 50, "a_a_gradient": 360}),
    ("apache_ii", "ICU chart 63F: T(max) 38.9, HR 104, RR 24, MAP 72. ABG: 7.22/62/55 on FiO2 35%.",
     {"temperature": 38.9, "ph": 7.22, "paco2": 62, "pao2": 55, "fio2": 35}),
    ("apache_ii", "54F. PaO2 9.1 kPa on 28% Venturi mask.", {"fio2": 28}),
    ("apache_ii", "Age 50. Temperature 95.4 F rectal.", {"temperature": 35.2}),
    ("apache_ii", "57 y.o. Leukocytes 0.8 x 10^3/uL, Hct 19.5 %.", {"wbc": 0.8, "hematocrit": 19.5}),
    ("apache_ii", "60M. Cr 0.5 mg/dL. Heart rate 38 bpm. Resp rate 5/min.",
     {"creatinine": 0.5, "heart_rate": 38, "respiratory_rate": 5}),
    ("apache_ii", "59M. Creatinine 2.9 mg/dL on admission, 1.4 after fluids.", {"creatinine": 2.9}),
    ("apache_ii", "58 year old with acute kidney injury, creatinine 3.1 mg/dL up from baseline 0.9.",
     {"acute_renal_failure": True, "creatinine": 3.1}),
    ("apache_ii", "58 year old. No evidence of acute kidney injury. Creatinine 1.0 mg/dL.", {"acute_renal_failure": False}),
    ("apache_ii", "75M. Serum creatinine 1.8 mg/dL on admission (baseline 1.7). CKD stage 4.",
     {"creatinine": 1.8, "chronic_renal_failure": True, "acute_renal_failure": False}),
    ("apache_ii", "66 yo with ESRD on hemodialysis three times weekly. Creatinine 7.2 mg/dL.",
     {"chronic_renal_failure": True, "chronic_health": True}),
    ("apache_ii", "73F. Glasgow Coma Scale score of 7.", {"gcs": 7}),
    ("apache_ii", "47 yo. BP 84/46 mmHg. Serum bicarbonate 14 mmol/L.",
     {"systolic_bp": 84, "diastolic_bp": 46, "bicarbonate": 14}),
    ("apache_ii", "71M with known cirrhosis (Child C) admitted with variceal bleed, no surgery.",
     {"chronic_health": True, "admission_type": None}),
    ("apache_ii", "52 yo on tacrolimus and prednisone after renal transplant, admitted with pneumonia.", {"chronic_health": True}),
    ("apache_ii", "58F, SBAR. S: hypotensive, BP 78/40. B: on long-term prednisolone for SLE.", {"chronic_health": True}),
    ("apache_ii", "80-year-old. No history of cirrhosis, heart failure, COPD or immunosuppression.", {"chronic_health": False}),
    ("apache_ii", "68M with severe COPD on home oxygen, admitted with respiratory failure.", {"chronic_health": True}),
    ("apache_ii", "60 year old admitted to ICU after emergency laparotomy for perforated bowel.",
     {"admission_type": "emergency postoperative"}),
    ("apache_ii", "59F admitted to ICU following elective abdominal aortic aneurysm repair.",
     {"admission_type": "elective postoperative"}),
    ("apache_ii", "Post-op day 0 following emergency Hartmann's procedure. Age 78.",
     {"admission_type": "emergency postoperative"}),
    ("apache_ii", "55F. Transferred to ICU from theatre after an elective Whipple's procedure.",
     {"admission_type": "elective postoperative"}),
    # --- SOFA -----------------------------------------------------------------------------------------------
    ("sofa", "Intubated on SIMV, FiO2 60%, PaO2 90 mmHg. Platelets 85 x10^9/L.",
     {"mechanical_ventilation": True, "fio2": 60, "pao2": 90, "platelets": 85}),
    ("sofa", "On CPAP 10 cmH2O with FiO2 0.5; PaO2 75 mmHg.", {"cpap": True, "fio2": 50, "pao2": 75}),
    ("sofa", "Not intubated, on nasal cannula. PaO2 68 mmHg.", {"mechanical_ventilation": False}),
    ("sofa", "Total bilirubin 52 umol/L. Plt 42 K/uL.", {"bilirubin": 3.04, "platelets": 42}),
    ("sofa", "Norepinephrine 0.15 mcg/kg/min and vasopressin 0.04 U/min, MAP 64.",
     {"norepinephrine": 0.15, "mean_arterial_pressure": 64}),
    ("sofa", "Noradrenaline running at 0.3 µg/kg/min.", {"norepinephrine": 0.3}),
    ("sofa", "Adrenaline 0.12 mcg/kg/min.", {"epinephrine": 0.12}),
    ("sofa", "Dobutamine 5 µg/kg/min started for low output.", {"dobutamine": 5}),
    ("sofa", "Weight 80 kg. Norepinephrine 8 mcg/min.", {"norepinephrine": 0.1}),
    ("sofa", "GCS 13. Creatinine 2.6 mg/dL. Urine output 350 mL in the last 24 hours.",
     {"gcs": 13, "creatinine": 2.6, "urine_output": 350}),
    ("sofa", "Nursing chart: UO 20 ml/hr x 24 h; creat 176 µmol/L.", {"urine_output": 480, "creatinine": 1.99}),
    ("sofa", "Plts 45 x 10^3/µL on admission, 30 on day 3.", {"platelets": 45}),
]


@pytest.mark.parametrize("calc, note, expected", CASES)
def test_input_checked(calc: str, note: str, expected: dict) -> None:
    check_input_checked(calc, note, expected)


@pytest.mark.xfail(reason="'resolved' makes the renal failure past (ConText); the first-day state is not told apart "
                          "from a past episode by a general rule", strict=True)
def test_resolved_acute_renal_failure_of_this_admission() -> None:
    _check("apache_ii", "Discharge summary: 70F admitted to ICU with urosepsis. Acute renal failure resolved with fluids.",
           {"acute_renal_failure": True})


CASES_2 = [
    ('glasgow_blatchford', 'hemoglobin', 7.9,
     'Hb 7.9 g/dL on admission; post-transfusion Hb 9.6 g/dL. Urea 14 mmol/L. BP 96/60, HR 110.'),
    ('glasgow_blatchford', 'hemoglobin', 7.1,
     'Hb 9.6 g/dL after 2 units PRBC (pre-transfusion Hb 7.1 g/dL). BUN 40 mg/dL, SBP 102, pulse 104.'),
    ('glasgow_blatchford', 'hemoglobin', 8.8,
     'Male 61. Hemoglobin 14.2 g/dL in March 2021. Today hemoglobin 8.8 g/dL, BUN 32 mg/dL, BP 104/66, HR 98.'),
    ('sofa', 'platelets', 62,
     'Day 1 platelets 140, day 1 bilirubin 1.0 mg/dL. Platelets 62 x10^3/uL at 06:00 and 110 at 18:00 (first 24 h). Creatinine 1.0 mg/dL.'),
    ('glasgow_blatchford', 'systolic_bp', 92,
     'Following resuscitation with 2 L crystalloid, BP 118/76 and pulse 92. BP on arrival was 92/58 with pulse 116. Hb 8.1 g/dL, urea 12 mmol/L.'),
    ('glasgow_blatchford', 'heart_rate', 116,
     'Following resuscitation with 2 L crystalloid, BP 118/76 and pulse 92. BP on arrival was 92/58 with pulse 116. Hb 8.1 g/dL, urea 12 mmol/L.'),
    ('apache_ii', 'creatinine', 2.4,
     'On ICU admission: temp 38.1 C, HR 130, RR 30, Na 131, K 5.8, creatinine 2.4 mg/dL, Hct 31%, WBC 19. Two years ago creatinine 4.1 mg/dL.'),
    ('sofa', 'platelets', 61,
     'ICU flowsheet (first 24 h)\nTime | Platelets | Bilirubin (mg/dL) | Creatinine (mg/dL)\n06:00 | 88 | 2.2 | 1.9\n18:00 | 61 | 2.9 | 2.4\n'),
    ('sofa', 'creatinine', 2.4,
     'ICU flowsheet (first 24 h)\nTime | Platelets | Bilirubin (mg/dL) | Creatinine (mg/dL)\n06:00 | 88 | 2.2 | 1.9\n18:00 | 61 | 2.9 | 2.4\n'),
    ('glasgow_blatchford', 'hemoglobin', 7.1,
     'Hb 7.1 g/dL prior to transfusion; Hb 9.0 g/dL after. BUN 30 mg/dL, SBP 100, HR 100.'),
]


@pytest.mark.parametrize("calc, field, expected, note", CASES_2)
def test_value_selection_across_time(calc, field, expected, note):
    check_value_selection_across_time(calc, field, expected, note)


A = "apache_ii"


S = "sofa"


CASES_3 = [
 # worst first-24h among readings
 (A,"temperature",34.8,"ICU day 1 vitals: T max 38.4 C, T min 34.8 C. HR 96. 60 yo man, nonoperative admission."),
 (A,"heart_rate",148,"HR range 88-148 over the first 24 h. BP 110/60."),
 (A,"respiratory_rate",38,"Resp rate 18-38/min in the first 24 hours."),
 (A,"sodium",126,"Na nadir 126 mmol/L on day 1; Na 133 this evening."),
 (A,"wbc",24.5,"WBC peak 24.5 x10^9/L. Hct 33%."),
 (A,"potassium",6.2,"Worst K+ 6.2 mmol/L in the first 24h."),
 # temperature forms
 (A,"temperature",39.5,"Temp 103.1 F axillary. HR 120."),
 (A,"temperature",35.5,"Core temperature 35.5 °C via bladder probe."),
 (A,"temperature",38.0,"T 100.4°F. HR 100."),
 # MAP
 (A,"mean_arterial_pressure",58,"BP 82/46 (MAP 58) on arrival to ICU."),
 (S,"mean_arterial_pressure",62,"Mean arterial pressure of 62 mmHg despite 3 L crystalloid."),
 (A,"systolic_bp",78,"BP 78/40 mmHg, HR 130."),
 # FiO2 forms
 (A,"fio2",40,"ABG on FiO2 0.4: pH 7.30, PaCO2 50 mmHg, PaO2 68 mmHg."),
 (A,"fio2",40,"ABG on 40% FiO2: pH 7.30, PaCO2 50, PaO2 68."),
 (S,"fio2",40,"PaO2 80 mmHg with FiO2 40 %. Intubated and ventilated."),
 (S,"fio2",None,"On 15 L non-rebreather, PaO2 62 mmHg."),
 (S,"fio2",21,"ABG on room air: PaO2 58 mmHg, PaCO2 32 mmHg."),
 (A,"fio2",60,"FiO2 60%, PaO2 85 mmHg, PaCO2 40 mmHg, A-a gradient 310 mmHg."),
 # PaO2 / PaCO2 kPa
 (S,"pao2",60,"PaO2 8.0 kPa on FiO2 0.35."),
 (A,"paco2",45,"PaCO2 6.0 kPa, PaO2 9.3 kPa, FiO2 0.6."),
 (A,"a_a_gradient",310,"FiO2 60%, PaO2 85 mmHg, PaCO2 40 mmHg, A-a gradient 310 mmHg."),
 (A,"a_a_gradient",420,"A-a gradient: 420 mmHg on FiO2 0.8."),
 # P/F given directly
 (S,"pao2",90,"P/F ratio 150 on FiO2 0.6; intubated."),
 # ventilation
 (S,"mechanical_ventilation",True,"Intubated and mechanically ventilated, SIMV. PaO2 70 mmHg, FiO2 0.5."),
 (S,"mechanical_ventilation",True,"On the ventilator (AC/VC, PEEP 10). PaO2 70 mmHg on FiO2 0.5."),
 (S,"cpap",True,"Started on BiPAP 12/6, FiO2 0.5. PaO2 65 mmHg."),
 (S,"cpap",True,"On NIV overnight, FiO2 45 %, PaO2 70 mmHg."),
 (S,"mechanical_ventilation",False,"Not intubated. On 2 L nasal cannula. PaO2 75 mmHg."),
 # vasopressors
 (S,"norepinephrine",0.15,"Norepinephrine 0.15 mcg/kg/min to keep MAP > 65."),
 (S,"norepinephrine",0.1,"Weight 80 kg. Noradrenaline 8 mcg/min infusion."),
 (S,"dopamine",7,"Dopamine at 7 mcg/kg/min."),
 (S,"epinephrine",0.05,"Adrenaline infusion 0.05 µg/kg/min."),
 (S,"dobutamine",5,"Dobutamine 5 mcg/kg/min started for low output."),
 # urine output
 (S,"urine_output",350,"Urine output 350 mL/24 h."),
 (S,"urine_output",480,"UO 20 mL/h over the first day."),
 (S,"urine_output",480,"Weight 80 kg. Urine output 0.25 mL/kg/h."),
 (S,"urine_output",150,"Oliguric: 150 mL urine in 24 hours."),
 # SI labs
 (S,"bilirubin",3.51,"Bilirubin 60 µmol/L."),
 (S,"creatinine",2.26,"Creatinine 200 umol/L."),
 (S,"platelets",45,"Platelets 45 x 10^9/L."),
 (S,"bilirubin",5.0,"Bili 2.1 mg/dL on arrival, peak 5.0 mg/dL at 20:00."),
 (S,"platelets",62,"Plt 110 -> 62 over the first 24 h."),
 # GCS before sedation
 (S,"gcs",9,"GCS 9 prior to sedation; now sedated on propofol (GCS 3T)."),
 (A,"gcs",10,"Pre-sedation GCS 10 (E2V3M5). Intubated, RASS -4."),
 # renal failure
 (A,"acute_renal_failure",True,"AKI on CKD, creatinine 3.1 mg/dL."),
 (A,"chronic_renal_failure",True,"AKI on CKD stage 4, creatinine 3.1 mg/dL."),
 (A,"acute_renal_failure",False,"Creatinine 1.8 mg/dL, at his baseline (CKD 3b); no AKI."),
 # chronic health
 (A,"chronic_health",True,"PMH: Child-Pugh C cirrhosis."),
 (A,"chronic_health",True,"PMH: ischaemic cardiomyopathy, NYHA class IV."),
 (A,"chronic_health",True,"COPD on 2 L home O2."),
 (A,"chronic_health",True,"ESRD on HD MWF."),
 (A,"chronic_health",True,"On prednisone 40 mg daily for the last 3 months for vasculitis."),
 (A,"chronic_health",False,"No history of cirrhosis, heart failure or immunosuppression."),
 # admission type
 (A,"admission_type","emergency postoperative","Admitted to ICU after emergency laparotomy for perforated bowel."),
 (A,"admission_type","elective postoperative","Post-op elective AAA repair, admitted to ICU for monitoring."),
 (A,"admission_type",None,"Admitted to ICU with community-acquired pneumonia and septic shock. No surgery."),
 (S,"pao2",90,"P/F ratio 150 on FiO2 0.6; intubated, PEEP 10."),
 (S,"pao2",None,"P/F ratio 150; intubated."),
 (S,"pao2",64,"PaO2/FiO2 ratio of 160 on 40% FiO2. Ventilated."),
 (A,"temperature",35.2,"Temp (axillary) 95.4 F on arrival, 99.1 F later that evening."),
 (A,"heart_rate",42,"HR 42-70 overnight, sinus bradycardia."),
 (A,"ph",7.12,"pH 7.28 on admission; worst pH 7.12 at 04:00."),
 (A,"sodium",128,"Sodium 128-134 mmol/L over the first day."),
 (A,"hematocrit",24,"Hct 31% on arrival, nadir 24% after GI bleed at 06:00."),
 (S,"platelets",38,"Platelets: 92 -> 61 -> 38 x10^9/L in first 24 h."),
 (S,"creatinine",3.4,"Creatinine 1.9 mg/dL on admission, rose to 3.4 mg/dL by evening."),
 (S,"gcs",7,"GCS 7 (E1V2M4) before intubation; subsequently sedated with propofol, GCS 3T."),
 (S,"gcs",11,"Sedation held: GCS 11. On propofol GCS 5."),
 (S,"urine_output",600,"UOP 25 ml/hr."),
 (S,"urine_output",None,"Urine output 0.3 mL/kg/h."),
 (S,"norepinephrine",0.2,"Levophed 16 mcg/min. Wt 80 kg."),
 (S,"norepinephrine",0.0,"Norepinephrine was weaned off yesterday. MAP 72."),
 (A,"chronic_health",True,"Renal transplant 2015 on tacrolimus and mycophenolate."),
 (A,"chronic_health",True,"Severe COPD (FEV1 25%), on LTOT 2 L/min."),
 (A,"chronic_health",False,"COPD, uses inhalers only, no home oxygen."),
 (A,"chronic_health",False,"Prednisone taper completed 2 years ago."),
 (A,"acute_renal_failure",True,"Acute kidney injury (creatinine 2.9 mg/dL, baseline 0.9)."),
 (A,"chronic_renal_failure",True,"ESRD on haemodialysis three times a week."),
 (A,"admission_type","elective postoperative","Admitted to ICU after elective Whipple procedure."),
 (A,"admission_type","emergency postoperative","Admitted to ICU post-op from theatre after an urgent laparotomy for ischemic bowel."),
 (A,"fio2",None,"On 15 L non-rebreather mask. ABG: pH 7.35, PaCO2 38, PaO2 62."),
 (A,"fio2",35,"On 35% Venturi mask; PaO2 66 mmHg."),
]


@pytest.mark.parametrize("calc, name, expected, note", CASES_3)
def test_icu_note_input(calc: str, name: str, expected, note: str) -> None:
    got = args_of(calc, note).get(name)
    if expected in (None, False) or (expected == 0.0 and not isinstance(expected, bool)):
        assert got in (None, False, 0.0)
    elif isinstance(expected, str) or isinstance(expected, bool):
        assert got == expected
    else:
        assert got == pytest.approx(expected, rel=0.02)


def test_apache_fio2_over_half_without_paco2_names_paco2() -> None:
    a = args_of(A, "60 yo man, intubated on FiO2 0.8, PaO2 70 mmHg. HR 110, BP 100/60.")
    with pytest.raises(CalculatorInputError) as e:
        C[A].run(a)
    assert "paco2" in str(e.value) and "A-a gradient" in str(e.value)


def test_apache_missing_age_is_named() -> None:
    with pytest.raises(CalculatorInputError, match="age"):
        C[A].run(args_of(A, "ICU admission. T 38.9 C, HR 120, BP 90/50."))


def test_apache_scores_with_physiology_items_missing() -> None:
    a = args_of(A, "55 yo woman, ICU admission for sepsis. T 38.9 C, HR 120, RR 28, BP 90/50. Na 131, K 3.9, "
                   "Cr 1.2 mg/dL, Hct 33%, WBC 18. GCS 15.")
    r = C[A].run(a)
    assert r.value == 10 and "oxygenation" in r.assumed


def test_sofa_refuses_only_without_any_organ_value() -> None:
    with pytest.raises(CalculatorInputError, match="at least 1 of: pao2"):
        C[S].run(args_of(S, "Admitted with urosepsis; vitals stable."))
    assert C[S].run(args_of(S, "Platelets 80 x10^9/L, bilirubin 2.5 mg/dL.")).value == 4


CASES_4 = [
    # --- Glasgow-Blatchford -------------------------------------------------------------------------------------
    ('glasgow_blatchford', 'bun', 42.0,
     'ED triage: 58M, coffee-ground vomit x2. Urea 15 mmol/L, Hb 98 g/L, BP 104/70, P 112.'),
    ('glasgow_blatchford', 'melena', True,
     '64 yo woman reports passing black, tarry stools for two days. BUN 38 mg/dL, Hgb 10.1 g/dL.'),
    ('glasgow_blatchford', 'melena', True,
     'S: Pt notes her bowel motions have been jet black and sticky since Tuesday.'),
    ('glasgow_blatchford', 'melena', False,
     'Haematemesis this morning. No melaena. No black stools. BUN 20 mg/dL.'),
    ('glasgow_blatchford', 'syncope', True,
     'He passed out on the bathroom floor after vomiting blood. Hb 8.2 g/dL.'),
    ('glasgow_blatchford', 'syncope', True,
     'SBAR - S: 71F fainted at home this AM, vomited fresh blood. B: on aspirin.'),
    ('glasgow_blatchford', 'syncope', True,
     'Collapsed in the supermarket queue; wife reports brief loss of consciousness. Hematemesis x1.'),
    ('glasgow_blatchford', 'syncope', False,
     'Lightheaded on standing but did not pass out. Black stools x3.'),
    ('glasgow_blatchford', 'hepatic_disease', True,
     'PMH: alcohol-related cirrhosis (Child B), oesophageal varices banded 2022.'),
    ('glasgow_blatchford', 'cardiac_failure', True,
     'Background: HFrEF, EF 30%, on bisoprolol and furosemide. Presents with haematemesis.'),
    ('glasgow_blatchford', 'hemoglobin', 7.4,
     'Female, 80. Haemoglobin 74 g/L (baseline 120 g/L). Urea 11.2 mmol/L.'),
    # --- written after the first fixes (rules above) ---------------------------------------------------------------
    ('glasgow_blatchford', 'melena', True,
     'Reports dark, tar-like stools since Monday.'),
    ('glasgow_blatchford', 'melena', False,
     'Stools were brown, not black. Haematemesis x1.'),
    ('glasgow_blatchford', 'syncope', True,
     'Found on the floor by her husband having blacked out briefly.'),
    ('glasgow_blatchford', 'syncope', True,
     'Collapse at home. GCS 15 on arrival.'),
]


@pytest.mark.parametrize("calc, field, expected, note", CASES_4)
def test_item_read(calc, field, expected, note):
    check_item_read(calc, field, expected, note)
