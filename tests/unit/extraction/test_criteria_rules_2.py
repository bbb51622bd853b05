"""General criterion rules of issue 13 (branch issue13f). Every sentence here was written for this test in varied note
styles (ED shorthand, lab tables, letters, SBAR): none is taken from a benchmark note or from app/data/dev/.

Rules: the troponin reader's shorthand labels and a sampling time between label and value; HEART's troponin item
against the assay's limit in more forms (a bracketed range, a limit after ';', 'below the 99th centile'); Caprini's
family history of thrombosis when hedged; Wells DVT calf difference forms; SOFA's worst first-day value; vasopressor
infusion-rate spellings and a rate per minute over the stated weight (an opioid infusion rate is no daily dose); FiO2
written before its label; GCS eye and motor responses from more descriptions and form fields.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import calc_rules as R
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calc_sources import NoteContext
from tests.unit.extraction._rules import args_of, value

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


# --- HEART troponin item against the assay's limit ----------------------------------------------------------------


@pytest.mark.parametrize("note, band", [
    ("hs-TnT (0 h): 22 ng/L (99th centile 14 ng/L).", "1-3x normal limit"),
    ("Troponin: 18 ng/L [0-14]", "1-3x normal limit"),  # a lab table's bracketed reference range
    ("Initial troponin 0.02 (<0.04) - repeat in 3 h.", "<= normal limit"),  # a bracketed bound
    ("hs-cTnI at 0 h 62 ng/L; upper reference limit 26 ng/L.", "1-3x normal limit"),  # the limit after ';'
    ("S: chest pain. B: trop I (0h) 0.5 ng/mL; ULN 0.04 ng/mL.", ">3x normal limit"),
    ("hsTnI 3 ng/L (<URL of 34).", "<= normal limit"),
    ("Dear Dr Patel, his troponin was 0.03, below the 99th percentile for the assay.", "<= normal limit"),
    ("hs-TnT 9 ng/L, under the URL.", "<= normal limit"),
    ("Troponin elevated at 3x ULN.", "1-3x normal limit"),
])
def test_troponin_band_against_the_assays_limit(note: str, band: str) -> None:
    assert value(R.heart_troponin, note) == band


@pytest.mark.parametrize("note", [
    "Trop T <5 ng/L.",  # a bound with no limit stated
    "hs-TnT 40 ng/L, above the 99th centile.",  # above the limit: 1-3x or > 3x is not told
    "Trop 45 - will repeat.",
])
def test_troponin_band_refused_when_the_note_does_not_tell(note: str) -> None:
    assert value(R.heart_troponin, note) is None


# --- Caprini: a relative's thrombosis stated as a fact, not a hedged one --------------------------------------------


@pytest.mark.parametrize("note, expected", [
    ("FHx: brother had a PE aged 40.", True),
    ("Her father had a DVT after a long-haul flight; no other family history.", True),
    ("Family history: mother had a DVT in each pregnancy. Father may have had a DVT but she is not sure.", True),
    ("Her aunt possibly had a blood clot years ago (unconfirmed).", None),
    ("Family hx of VTE unknown - adopted.", None),
    ("Pre-op clinic letter: he thinks his father may have had a clot in the leg, but this cannot be confirmed.", None),
    ("His sister had a PE on the pill (patient unsure of the details, not verified).", None),
    ("No family history of thrombosis.", False),
    # a hedge about another item of the list does not reach the relative's clot
    ("Mother: DVT at 52; father's history unknown.", True),
])
def test_caprini_family_thrombosis_hedged(note: str, expected: bool | None) -> None:
    assert value(R.family_thrombosis, note) is expected


# --- Wells DVT: calf swelling > 3 cm against the other side ---------------------------------------------------------


@pytest.mark.parametrize("note, expected", [
    ("Calves: L 41 / R 37 cm.", True),  # the unit once, after the second number
    ("Calf measurements: right 35, left 33 cm.", False),  # 2 cm
    ("O/E calf asymmetry of 3.5 cm, L > R.", True),
    ("Calf swelling of 3 cm compared with the other side.", False),  # the criterion is more than 3 cm
    ("Leg: calf difference 32 mm.", True),  # 3.2 cm
    ("R calf 38 cm, L 34 cm.", True),
])
def test_wells_dvt_calf_difference_forms(note: str, expected: bool) -> None:
    assert value(R.calf_swelling_3cm, note) is expected


def test_two_bare_numbers_after_sides_are_not_circumferences() -> None:
    assert value(R.calf_swelling_3cm, "Calves: L 2 / R 1 on the tenderness scale.") is None


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
    hit = R.worst_first_day("platelets", lowest=True)(NoteContext("Plt 140 x10^9/L at 06:00; plt 90 x10^9/L at 20:00."))
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
    assert value(R.vasopressor(drug), note) == pytest.approx(dose)


def test_vasopressor_rate_per_minute_without_a_weight_is_not_read() -> None:
    assert value(R.vasopressor("norepinephrine"), "Noradrenaline 8 mcg/min.") is None


def test_an_opioid_infusion_rate_is_not_a_daily_dose() -> None:
    assert value(R.opioid_list, "Morphine infusion 2 mg/h overnight.") is None


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


# --- GCS components from descriptions -----------------------------------------------------------------------------


@pytest.mark.parametrize("note, eye", [
    ("Eyes closed, opens only to trapezius squeeze.", "eye opening to pain"),
    ("Responds to voice by opening her eyes.", "eye opening to verbal command"),
    ("Neuro obs - Eyes: spontaneous. Verbal: oriented. Motor: obeys.", "eyes open spontaneously"),
    ("GCS chart: E - to voice; V - confused; M - localises.", "eye opening to verbal command"),
    ("Eye opening: to pain.", "eye opening to pain"),
])
def test_gcs_eye_from_descriptions(note: str, eye: str) -> None:
    assert args_of("glasgow_coma_scale", note)["eye"] == eye


def test_gcs_eye_denied_opening_is_not_opening() -> None:
    assert value(R.gcs_eye, "Eyes were not opened to voice.") != "eye opening to verbal command"


@pytest.mark.parametrize("note, motor", [
    ("On sternal rub he pushed the examiner's hand away.", "localizes pain"),
    ("Brushes away the painful stimulus with the right arm.", "localizes pain"),
    ("Reaches up to the site of the supraorbital pressure.", "localizes pain"),
    ("Neuro obs - Eyes: spontaneous. Verbal: oriented. Motor: obeys.", "obeys commands"),
    ("GCS chart: E - to voice; V - confused; M - localises.", "localizes pain"),
])
def test_gcs_motor_from_descriptions(note: str, motor: str) -> None:
    assert args_of("glasgow_coma_scale", note)["motor"] == motor
