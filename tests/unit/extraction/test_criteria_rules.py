"""Criteria judgement rules added for the weak calculators (issue 13), each on sentences written for
this test (none is taken from a benchmark note or from app/data/dev/).

Every rule is general: it decides present / absent / not documented from an evidence span, with
negation and a current-vs-past check where the criterion has a time frame.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction import calc_rules as R
from medmirror.tools.extraction.calc_sources import NoteContext, decide
from medmirror.tools.extraction.concepts import find_concepts
from medmirror.tools.extraction.extractor import extract
from tests.unit.extraction._rules import args_of, value

C = CALCULATORS


# --- demographics: "71F" at the start of a sentence or line --------------------------------------


@pytest.mark.parametrize("note,age,sex", [
    ("Seen 09:40. 71F, fell in the garden.", 71, "Female"),
    ("Handover:\n44M with productive cough.", 44, "Male"),
])
def test_age_sex_shorthand_at_sentence_or_line_start(note: str, age: float, sex: str) -> None:
    e = extract(note)
    assert e.get("age").value == age and e.get("sex").value == sex


def test_bare_letter_after_a_number_elsewhere_is_not_an_age() -> None:
    assert extract("Bay 12 F wing, bed 3.").get("age") is None


# --- ConText: past calendar year, diagnoses under consideration, planned events ------------------


def test_a_past_year_makes_a_mention_historical() -> None:
    ctx = NoteContext("Pulmonary embolism in 2016, treated with rivaroxaban for six months.")
    assert decide(ctx.findings("pulmonary_embolism"), "history")[0] is True
    assert decide(ctx.findings("pulmonary_embolism"), "current")[0] is False
    now = NoteContext("CT angiogram today shows a pulmonary embolism.")
    assert decide(now.findings("pulmonary_embolism"), "history")[0] is None


def test_a_diagnosis_under_consideration_is_not_asserted() -> None:
    f = NoteContext("Her breathlessness is concerning for pulmonary embolism.").findings("pulmonary_embolism")
    assert f and all(x.hypothetical for x in f)


def test_a_planned_operation_is_not_a_recent_one() -> None:
    note = "Booked for an elective laparoscopic hernia repair next month. BMI 24."
    a = args_of("caprini_vte", note)
    assert a["surgery_type"] == "laparoscopic >45 min"  # the type of surgery counts the planned operation
    assert a.get("major_surgery_last_month") is not True


# --- negation inside a term's gap, and node / leg-swelling phrasings ------------------------------


@pytest.mark.parametrize("note,concept,negated", [
    ("On inspection the tonsils are not swollen.", "tonsillar_exudate", True),
    ("Tonsils covered in thick exudate.", "tonsillar_exudate", False),
    ("The anterior lymph nodes are not enlarged.", "lymphadenopathy", True),
])
def test_negation_inside_the_gap_of_a_term(note: str, concept: str, negated: bool) -> None:
    found = find_concepts(note, [concept])
    assert found and found[0].negated is negated


@pytest.mark.parametrize("note", ["She has tender submandibular glands.", "Palpable anterior cervical nodes."])
def test_lymph_node_phrasings(note: str) -> None:
    assert args_of("centor_mcisaac", f"A 30-year-old woman. {note}")["tender_nodes"] is True


@pytest.mark.parametrize("note,expected", [
    ("His left calf is swollen and warm.", True),
    ("Both legs are swollen to the knee.", False),
    ("The right calf is not swollen.", False),
])
def test_leg_swelling_after_the_limb(note: str, expected: bool) -> None:
    assert value(R.unilateral_leg_swelling, note) is expected


# --- HEART: stated suspicion, troponin bands, stents ---------------------------------------------


@pytest.mark.parametrize("note,level", [
    ("The description was moderately suspicious for angina.", "moderately suspicious"),
    ("Overall a low suspicion for ACS.", "slightly suspicious"),
    ("Story is highly suspicious.", "highly suspicious"),
    ("He is at high risk for PE.", None),
    ("Chest pain since noon.", None),
])
def test_heart_history_from_a_stated_degree_of_suspicion(note: str, level: str | None) -> None:
    assert value(R.heart_history, note) == level


@pytest.mark.parametrize("note,band", [
    ("hs-TnI three times the upper limit of normal.", "1-3x normal limit"),
    ("Troponin double the upper reference limit.", "1-3x normal limit"),
    ("Troponin T 60 ng/L (ULN 14).", ">3x normal limit"),
    ("Trop I 0.03 ng/mL (URL 0.04).", "<= normal limit"),
    ("Troponin negative.", "<= normal limit"),
])
def test_heart_troponin_bands(note: str, band: str) -> None:
    assert value(R.heart_troponin, note) == band


def test_a_coronary_stent_is_atherosclerotic_disease_but_a_suspected_acs_is_not() -> None:
    assert args_of("heart_score", "A 60-year-old man. Bare-metal stent to the RCA in 2012.")["atherosclerotic_disease"] is True
    assert args_of("heart_score", "A 60-year-old man; the ECG is concerning for ACS.").get("atherosclerotic_disease") is not True


# --- GCS from descriptions --------------------------------------------------------------------------


@pytest.mark.parametrize("note,field,option", [
    ("She opened her eyes only when her name was shouted.", "eye", "eye opening to verbal command"),
    ("Eyes open only when the nail bed is pressed.", "eye", "eye opening to pain"),
    ("He believes he is in a hotel.", "verbal", "confused"),
    ("Says he thinks it is 1985.", "verbal", "confused"),
    ("Oriented to self only.", "verbal", "confused"),
    ("He pulled the left arm away from the stimulus.", "motor", "withdrawal from pain"),
])
def test_gcs_components_from_descriptions(note: str, field: str, option: str) -> None:
    assert args_of("glasgow_coma_scale", note)[field] == option


# --- APACHE II admission type ------------------------------------------------------------------------


def test_apache_post_op_after_emergency_surgery() -> None:
    note = "Transferred to ICU post-op following an emergency bowel resection. Age 70."
    assert value(R.admission_type, note) == "emergency postoperative"


# --- labs: abbreviations and a baseline header -------------------------------------------------------


def test_lab_abbreviations_albumin_and_bilirubin() -> None:
    e = extract("Chem: Alb 2.9 g/dL | Bili 2.2 | D bili 0.3")
    assert e.get("albumin").value == 2.9 and e.get("bilirubin").value == 2.2
    assert e.get("direct_bilirubin").value == 0.3


def test_a_baseline_header_demotes_the_whole_line() -> None:
    e = extract("Previous results (last year): Na 139, Alb 3.9 g/dL.\nCurrent: Alb 2.7 g/dL.")
    assert e.get("albumin").value == 2.7 and [a.value for a in e.get("albumin").alternatives] == [3.9]


# --- FeverPAIN: onset and inflammation --------------------------------------------------------------


@pytest.mark.parametrize("note,expected", [
    ("The sore throat began yesterday.", True),
    ("Sore throat 1/7.", True),
    ("c/o sore throat x5d.", False),
    ("Four days of throat pain.", False),
])
def test_rapid_attendance(note: str, expected: bool) -> None:
    assert value(R.rapid_attendance, note) is expected


def test_severe_tonsil_inflammation_words() -> None:
    assert value(R.severe_tonsils, "Angry red tonsils on both sides.") is True
    assert value(R.severe_tonsils, "Tonsils slightly pink.") is None


# --- SOFA: vasopressor named twice, urine volume ---------------------------------------------------


def test_vasopressor_dose_after_a_bracketed_synonym() -> None:
    assert args_of("sofa", "GCS 14. Noradrenaline (norepinephrine) 0.08 mcg/kg/min.")["norepinephrine"] == pytest.approx(0.08)


@pytest.mark.parametrize("note,ml", [
    ("She produced 300 mL of urine over the last 24 hours.", 300),
    ("Urinary output 40 mL/h.", 960),
])
def test_urine_output_phrasings(note: str, ml: float) -> None:
    assert value(R.urine_output, note) == pytest.approx(ml)


# --- second round (batch 2 of the development notes) -------------------------------------------------


def test_troponin_multiple_wins_over_the_word_normal() -> None:
    assert value(R.heart_troponin, "hs-troponin T four times the upper limit of normal.") == ">3x normal limit"


@pytest.mark.parametrize("note,drinks", [
    ("Drinks roughly 12 pints a week.", 12), ("Two glasses of wine every night.", 14), ("1 bottle of wine per week.", 1),
])
def test_alcohol_counted_in_pints_glasses_bottles(note: str, drinks: float) -> None:
    assert extract(note).get("alcohol_drinks_per_week").value == pytest.approx(drinks)


@pytest.mark.parametrize("note,age", [
    ("Care home resident, 88F, fall.", 88), ("Emergency laparotomy; 66M admitted to HDU.", 66),
    ("Placed a 6F sheath, then a 7F catheter.", None),
])
def test_age_shorthand_after_a_comma_or_semicolon(note: str, age: float | None) -> None:
    got = extract(note).get("age")
    assert (got.value if got else None) == age


def test_form_field_answered_none_is_negated() -> None:
    found = find_concepts("Headache: yes. Cough: none. Coryzal symptoms: nil.", ["cough", "coryza"])
    assert [f.negated for f in found] == [True, True]


def test_severe_tonsil_inflammation_after_punctuation() -> None:
    assert value(R.severe_tonsils, "Tonsils: pus on the left, markedly swollen.") is True


def test_a_fracture_is_recent_trauma() -> None:
    assert args_of("perc_rule", "A 30-year-old woman who fractured her wrist ten days ago.")["recent_surgery_or_trauma"] is True


def test_a_minor_operation_is_not_recent_major_surgery() -> None:
    assert value(R.caprini_recent_major_surgery, "Day-case minor surgery to remove a cyst.") is None
    assert value(R.caprini_recent_major_surgery, "Surgery for a perforated ulcer last week.") is True


def test_afebrile_with_a_reading() -> None:
    assert extract("Afebrile, 36.6 C.").get("temperature").value == pytest.approx(36.6)
    assert extract("She is afebrile.").get("temperature") is None


@pytest.mark.parametrize("note,fio2", [
    ("Gas on room air: PaO2 71. GCS 14.", 21.0),
    # oxygen named: not room air; the nasal-cannula flow gives the estimate (test_fio2_nasal_flow.py)
    ("PaO2 71 on 2 L nasal cannula; earlier 93% on RA. GCS 14.", 29.0),
    ("PaO2 71 on 10 L face mask; earlier 93% on RA. GCS 14.", None),
    ("PaO2 71 on FiO2 40%. GCS 14.", 40.0),
])
def test_fio2_from_room_air(note: str, fio2: float | None) -> None:
    assert args_of("sofa", note).get("fio2") == fio2


def test_a_mention_after_the_presentation_does_not_decide_a_current_criterion() -> None:
    note = ("A 58-year-old man with dyspnoea. He had knee surgery 6 months prior. He was discharged on day 9, "
            "and three months later he was walking slowly after his recent operation.")
    assert args_of("perc_rule", note).get("recent_surgery_or_trauma") is not True
    assert args_of("perc_rule", "A 58-year-old man, breathless 10 days after knee surgery.")["recent_surgery_or_trauma"] is True


# --- third round (long case-report development notes) ------------------------------------------------


def test_values_from_years_before_are_baseline() -> None:
    e = extract("Diabetes was found 3 years earlier, when her albumin was 4.1 g/dL. On admission albumin was 2.9 g/dL.")
    assert e.get("albumin").value == 2.9


@pytest.mark.parametrize("note,grade", [
    ("Abdomen distended with a fluid thrill. Bilirubin 2 mg/dL.", "moderate"),
    ("Ascites present. A therapeutic paracentesis was done on day 2.", "moderate"),
    ("Trace ascites on ultrasound.", "slight"),
])
def test_ascites_grade_from_signs_of_large_ascites(note: str, grade: str) -> None:
    assert value(R.ascites_grade, note) == grade


@pytest.mark.parametrize("note,level", [
    ("Central chest pressure on exertion radiating to the left arm, with sweating.", "highly suspicious"),
    ("Chest pain: burning like heartburn but with some tightness.", "moderately suspicious"),
    ("Sharp chest pain, worse on inspiration.", "slightly suspicious"),
])
def test_heart_history_from_the_described_features(note: str, level: str) -> None:
    assert value(R.heart_history, note) == level


def test_family_cvd_before_65_only() -> None:
    assert value(R.family_cvd, "His father had bypass surgery at 59.") is True
    assert value(R.family_cvd, "Her mother had a heart attack at 78.") is None


@pytest.mark.parametrize("note,option", [
    ("She did not open her eyes to speech but opened them to a sternal rub.", "eye opening to pain"),
    ("No eye opening to any stimulus.", "no eye opening"),
])
def test_gcs_eye_negated_stimulus_is_not_no_response(note: str, option: str) -> None:
    assert args_of("glasgow_coma_scale", note)["eye"] == option


def test_gcs_withdrawal_pronoun_and_later_state_ignored() -> None:
    note = "Groaning only. With nail-bed pressure he pulled it away from the stimulus. Two days later he was oriented."
    a = args_of("glasgow_coma_scale", note)
    assert a["motor"] == "withdrawal from pain" and a["verbal"] == "incomprehensible sounds"


@pytest.mark.parametrize("note,labile", [
    ("Only 5 of 11 INR results were within the therapeutic range.", True),
    ("TTR 78% over the last year.", False),
])
def test_labile_inr_from_time_in_range(note: str, labile: bool) -> None:
    assert value(R.labile_inr, note) is labile


def test_alcohol_at_weekends_and_word_ranges() -> None:
    assert extract("Has three or four beers at the weekend.").get("alcohol_drinks_per_week").value == pytest.approx(3.5)


@pytest.mark.parametrize("note,expected", [
    ("Tonsils enlarged and red, without exudate.", False),
    ("White patches of exudate on both tonsils.", True),
    ("Thick purulent discharge from the nose.", None),
    ("Non-exudative pharyngitis.", False),
])
def test_feverpain_purulence(note: str, expected: bool | None) -> None:
    assert value(R.purulence, note) is expected


def test_fever_felt_and_measured_at_home() -> None:
    assert extract("She measured 38.4 C at home last night.").get("temperature").value == pytest.approx(38.4)
    assert args_of("feverpain", "Felt hot and shivery overnight.")["fever_past_24h"] is True


def test_caprini_recent_major_surgery_needs_a_recency_cue() -> None:
    assert value(R.caprini_recent_major_surgery, "Admitted for a total hip arthroplasty.") is None
    assert value(R.caprini_recent_major_surgery, "Bowel surgery two weeks ago; now breathless.") is True


def test_clause_with_its_own_verb_ends_a_scope() -> None:
    f = NoteContext("She uses a hormonal contraceptive and had a hernia repair 2 years ago.").findings("hormone_use")
    assert f and not f[0].historical


def test_dose_after_started_at_and_fio2_as_oxygen_percentage() -> None:
    a = args_of("sofa", "Dopamine was started at 7 mcg/kg/min. ABG on 50% oxygen by mask: PaO2 80. GCS 15.")
    assert a["dopamine"] == pytest.approx(7) and a["fio2"] == pytest.approx(50)


def test_urine_output_over_24_hours_before_the_number() -> None:
    assert value(R.urine_output, "Urine output in the past 24 hours was 380 mL.") == pytest.approx(380)


# --- fourth round (structured H&P development notes) ---------------------------------------------------


def test_free_fluid_is_slight_ascites() -> None:
    assert value(R.ascites_grade, "CT: a small amount of free fluid around the liver.") == "slight"


def test_named_patient_with_the_age_after_a_comma() -> None:
    e = extract("Clinic letter re Mr Ade Bello, 58, with atrial fibrillation.")
    assert e.get("age").value == 58 and e.get("sex").value == "Male"


@pytest.mark.parametrize("note,expected", [
    ("Hypertension (clinic systolic 142-150) on two agents.", False),
    ("Hypertension, systolic 176 today.", True),
    ("Long-standing hypertension.", True),
])
def test_hasbled_hypertension_with_stated_systolic_readings(note: str, expected: bool) -> None:
    assert value(R.hasbled_hypertension, note) is expected


def test_abstinent_means_no_alcohol() -> None:
    assert value(R.alcohol_per_week, "Alcohol: abstinent for ten years.") == 0.0


def test_fever_hot_to_touch_and_negated_inflammation() -> None:
    assert args_of("feverpain", "Her father says she was hot to the touch last night.")["fever_past_24h"] is True
    assert value(R.severe_tonsils, "Tonsils red with exudate, not markedly inflamed.") is False


def test_ventilated_and_uo_abbreviation() -> None:
    a = args_of("sofa", "On the ICU, ventilated, FiO2 50%, PaO2 95. UO 280 mL/24 h. GCS 15.")
    assert a["mechanical_ventilation"] is True and a["urine_output"] == pytest.approx(280)
    assert args_of("sofa", "Non-invasively ventilated, FiO2 40%, PaO2 95. GCS 15.").get("mechanical_ventilation") is not True


def test_hx_and_a_bare_year_are_history_and_l_calf_is_one_side() -> None:
    ctx = NoteContext("Hx: DVT 2015, completed treatment.")
    assert decide(ctx.findings("dvt"), "history")[0] is True
    assert value(R.unilateral_leg_swelling, "R calf tenderness & swelling since Monday.") is True


# --- fifth round (serial values, nursing and consult narratives) ---------------------------------------


def test_a_respectively_sentence_that_does_not_parse_keeps_its_own_values() -> None:
    e = extract("At presentation the sodium was 129 mmol/L and potassium 3.1; a week later they were 136 and 4.0, respectively.")
    assert e.get("sodium").value == 129 and e.get("potassium").value == 3.1


@pytest.mark.parametrize("note,field,option", [
    ("She localised to a trapezius squeeze.", "motor", "localizes pain"),
    ("He answered with words that did not fit the questions.", "verbal", "inappropriate words"),
])
def test_gcs_named_stimulus_and_unfitting_words(note: str, field: str, option: str) -> None:
    assert args_of("glasgow_coma_scale", note)[field] == option


def test_a_brief_collapse_is_syncope() -> None:
    assert args_of("glasgow_blatchford", "Melaena for a day; she collapsed briefly in the bathroom. Hb 9 g/dL.")["syncope"] is True


@pytest.mark.parametrize("note,expected", [
    ("No fever over the past 24 hours; she was feverish last week.", False),
    ("Fever since yesterday.", True),
    ("Temperature 38.3 C.", True),
])
def test_fever_in_the_past_24_hours(note: str, expected: bool) -> None:
    assert value(R.fever_past_24h, note) is expected


def test_caprini_this_admissions_operation_is_not_recent_major_surgery() -> None:
    note = "Underwent an open anterior resection. On bed rest since the operation three days ago."
    assert value(R.caprini_recent_major_surgery, note) is None


def test_swollen_ankles_after_the_noun() -> None:
    assert args_of("caprini_vte", "A 60-year-old man. Both his ankles are swollen.")["swollen_legs"] is True


@pytest.mark.parametrize("note,expected", [
    ("He had a laparoscopic hernia repair 12 days earlier.", True),
    ("Hernia repair three months ago.", False),
    ("Operated on 6 weeks ago for a perforated ulcer.", False),
])
def test_perc_recent_surgery_within_four_weeks(note: str, expected: bool) -> None:
    assert value(R.recent_surgery_or_trauma, note) is expected


def test_coughing_up_blood_is_haemoptysis_not_cough() -> None:
    found = find_concepts("She coughed up a little fresh blood twice.", ["hemoptysis", "cough"])
    assert [f.concept for f in found] == ["hemoptysis"]


# --- sixth round (published-case-report style) ------------------------------------------------------------


def test_heart_features_ignore_negated_elements_and_count_rest_pain() -> None:
    note = "Chest discomfort at rest lasting about 10 minutes, without radiation and not pleuritic."
    assert value(R.heart_history, note) == "moderately suspicious"


def test_a_new_clause_ends_a_negation_scope() -> None:
    a = args_of("centor_mcisaac", "A 20-year-old. Tonsils red without exudate, and there was a tender, enlarged anterior cervical node.")
    assert a["tender_nodes"] is True


@pytest.mark.parametrize("note,option", [
    ("Admitted to the ICU after an elective aortic valve replacement.", "elective postoperative"),
    ("Admitted to the ICU after an urgent bowel resection.", "emergency postoperative"),
])
def test_apache_admission_type_after_a_named_operation(note: str, option: str) -> None:
    assert value(R.admission_type, note) == option


def test_maintenance_dialysis_is_chronic_renal_failure_but_acute_rrt_is_not() -> None:
    assert args_of("apache_ii", "Age 70. On maintenance haemodialysis for ESRD. Creatinine 5.1 mg/dL.")["chronic_renal_failure"] is True
    assert args_of("apache_ii", "Age 70. Needed renal replacement therapy for AKI. Creatinine 5.1 mg/dL.").get("chronic_renal_failure") is not True


def test_rapid_attendance_days_after_onset_and_severe_far_in_the_sentence() -> None:
    assert value(R.rapid_attendance, "She presented 3 days after the onset of throat pain.") is True
    assert value(R.severe_tonsils, "The tonsils were swollen and covered in exudate and were described as very inflamed.") is True


def test_caprini_surgery_type_from_open_repair_or_duration() -> None:
    assert value(R.caprini_surgery, "Listed for an open inguinal hernia repair.") == "major >45 min"
    assert value(R.caprini_surgery, "The operation lasted two hours.") == "major >45 min"


# --- seventh round (US abbreviation-heavy notes) ---------------------------------------------------------


def test_a_following_label_is_not_a_unit() -> None:
    e = extract("VS T 38.2 HR 101 BP 118/70 RR 20.")
    assert e.get("temperature").value == pytest.approx(38.2) and e.get("heart_rate").value == 101


def test_tmax_glu_and_lowercase_alb() -> None:
    e = extract("Tmax 38.7. Glu 212, alb 3.3.")
    assert e.get("temperature").value == pytest.approx(38.7)
    assert e.get("glucose").value == 212 and e.get("albumin").value == pytest.approx(3.3)


def test_abg_shorthand_ph_paco2_pao2() -> None:
    a = args_of("apache_ii", "Age 50. ABG on room air (FiO2 0.21): 7.29/51/58. GCS 15.")
    assert (a["ph"], a["paco2"], a["pao2"]) == (pytest.approx(7.29), pytest.approx(51), pytest.approx(58))


def test_norepi_abbreviation() -> None:
    assert args_of("sofa", "GCS 15. On norepi 0.12 mcg/kg/min.")["norepinephrine"] == pytest.approx(0.12)


def test_a_trigger_in_brackets_ends_at_the_closing_bracket() -> None:
    f = NoteContext("Admitted with ascites (s/p paracentesis) and new hepatic encephalopathy.").findings("encephalopathy")
    assert f and not f[0].historical


@pytest.mark.parametrize("note", ["Verbal: intubated (T).", "GCS E2 VT M4.", "GCS 7T on arrival."])
def test_gcs_verbal_not_testable_when_intubated(note: str) -> None:
    assert value(R.gcs_verbal, note) == "not testable"


def test_substernal_pressure_is_a_typical_element() -> None:
    assert value(R.heart_history, "Substernal pressure radiating to the neck with diaphoresis.") == "highly suspicious"


# --- eighth round (edge cases) ---------------------------------------------------------------------------


def test_epigastric_presentation_is_judged_like_chest_pain() -> None:
    assert value(R.heart_history, "Epigastric discomfort with nausea for an hour; no chest pain.") == "moderately suspicious"


def test_intracranial_bleeds_are_prior_bleeding_and_rarely_is_no_alcohol() -> None:
    a = args_of("has_bled", "A 70-year-old man. Subdural haematoma in 2019. Drinks rarely.")
    assert a["prior_bleeding"] is True and a["alcohol_drinks_per_week"] == 0.0


@pytest.mark.parametrize("note,expected", [("GCS 12 on arrival.", True), ("GCS 15, alert.", False), ("Confused.", True)])
def test_psi_altered_mental_status_from_gcs(note: str, expected: bool) -> None:
    assert value(R.altered_mental_status, f"A 70-year-old. {note}") is expected


def test_hemiarthroplasty_is_major_not_elective_arthroplasty() -> None:
    assert value(R.caprini_surgery, "Awaiting a hemiarthroplasty for a fractured neck of femur.") == "major >45 min"
