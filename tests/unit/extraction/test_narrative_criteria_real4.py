"""Criteria that case reports write in narrative words (issue 26, item 5; found on the real4 development set).

Every sentence here was written for these tests; none is taken from a benchmark note or from app/data/dev/. Each
convention has a near-miss that must not be read.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.confidence import _PAST, NoteReader, second_reader
from medmirror.tools.extraction.grounding import rule_arguments
from medmirror.tools.extraction.rules.critical_care import urine_output
from tests.unit.extraction._rules import args_of


def _arg(calc: str, note: str, name: str):
    return args_of(calc, note).get(name)


# --- HEART (Six 2008) ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("note, expected", [
    # an NSTEMI written out names a diagnosis without ST elevation; the tracing's own words decide
    ("ECG: T-wave inversion in V4-V6, no ST elevation. He was treated as a non-ST elevation myocardial infarction.",
     "non-specific repolarization disturbance"),
    ("The tracing showed 2 mm ST elevation in II, III and aVF.", "significant st deviation"),
])
def test_heart_ecg_is_not_read_from_a_non_st_elevation_diagnosis(note, expected):
    assert _arg("heart_score", note, "ecg") == expected


@pytest.mark.parametrize("note, expected", [
    ("His total cholesterol was 6.9 mmol/L at a works health check.", True),  # 267 mg/dL >= 240 (NCEP ATP III)
    ("Fasting lipids: LDL 172 mg/dL, HDL 41 mg/dL.", True),
    ("Total cholesterol 4.8 mmol/L on simvastatin.", False),  # a normal value decides nothing: default False
])
def test_heart_hypercholesterolemia_from_a_high_cholesterol_value(note, expected):
    assert bool(_arg("heart_score", "A 58-year-old man with chest pain. " + note, "hypercholesterolemia")) is expected


@pytest.mark.parametrize("note, expected", [
    # the event the score predicts, diagnosed and treated after arrival, is no known atherosclerotic disease
    ("He was admitted with a working diagnosis of myocardial infarction. Angiography the next morning showed a "
     "circumflex lesion, treated with a drug-eluting stent.", False),
    ("He had a drug-eluting stent to the circumflex artery in 2017.", True),
])
def test_heart_atherosclerosis_is_known_disease_not_this_event(note, expected):
    assert bool(_arg("heart_score", "A 61-year-old man with chest pain. " + note, "atherosclerotic_disease")) is expected


# --- HAS-BLED: a drug of the past ------------------------------------------------------------------------------

@pytest.mark.parametrize("note, expected", [
    ("She used to take clopidogrel after her stent.", False),
    ("He took aspirin 75 mg, but this was stopped when he started apixaban.", False),
    ("He takes aspirin 75 mg each morning, which his GP started last year.", True),
])
def test_hasbled_antiplatelet_of_the_past_is_not_taken_now(note, expected):
    assert bool(_arg("has_bled", "A 70-year-old with atrial fibrillation. " + note, "bleeding_medication")) is expected


# --- Charlson (1987): peripheral vascular and chronic pulmonary disease in other words -------------------------

@pytest.mark.parametrize("note, expected", [
    ("Walking uphill brings on a tight pain in his left calf after about 200 metres, which eases with rest.", True),
    ("Her ankle-brachial pressure index was 0.71 on the left.", True),
    ("ABPI 1.05 bilaterally.", False),
    ("He has calf pain at rest since a muscle tear last week.", False),  # not brought on by walking, not eased by rest
])
def test_charlson_pvd_from_claudication_words_and_abpi(note, expected):
    assert bool(_arg("charlson", "A 70-year-old man. " + note, "peripheral_vascular_disease")) is expected


@pytest.mark.parametrize("note, expected", [
    ("Post-bronchodilator spirometry: FEV1/FVC 0.61.", True),
    ("Lung function: FEV1/FVC ratio 64%.", True),
    ("She takes umeclidinium-vilanterol once daily.", True),  # a maintenance inhaler for chronic airway disease
    ("Spirometry was normal, FEV1/FVC 0.79.", False),
    ("He was given nebulised salbutamol in the ambulance.", False),  # a reliever given once is no chronic disease
])
def test_charlson_chronic_pulmonary_disease_from_spirometry_and_maintenance_inhalers(note, expected):
    assert bool(_arg("charlson", "A 66-year-old. " + note, "chronic_pulmonary_disease")) is expected

def test_charlson_abpi_reads_only_its_own_numbers():
    note = "A 70-year-old man. ABPI 1.1 on the right, creatinine 0.8 mg/dL."
    assert not _arg("charlson", note, "peripheral_vascular_disease")


# --- Wells' PE (Wells 2000): immobilisation and a previous DVT in narrative words ------------------------------

@pytest.mark.parametrize("note, expected", [
    ("For the past five days she has stayed upstairs, getting up only to go to the bathroom.", True),
    ("She spends all day in bed since the chemotherapy.", True),
    ("He walks his dog each day and gets up early.", False),
])
def test_wells_pe_immobilisation_as_bed_rest_except_the_bathroom(note, expected):
    assert bool(_arg("wells_pe", "A 59-year-old with dyspnoea. " + note, "immobilization")) is expected


@pytest.mark.parametrize("note, expected", [
    ("In 2020 she was anticoagulated for three months for a clot in the right femoral vein after a hip operation.", True),
    ("Four years ago he had a thrombus in the left peroneal veins, treated with apixaban.", True),
    ("Years ago she had a thrombosis of the great saphenous vein (superficial), treated with stockings.", False),
])
def test_wells_pe_previous_dvt_named_by_its_vein(note, expected):
    assert bool(_arg("wells_pe", "A 62-year-old with chest pain. " + note, "previous_dvt")) is expected


# --- Glasgow-Blatchford: syncope told as its parts -------------------------------------------------------------

@pytest.mark.parametrize("note, expected", [
    ("He stood up from the toilet and has no recollection of falling; his wife found him on the floor.", True),
    ("Bystanders said she was unconscious for about thirty seconds.", True),
    ("He tripped on the kerb and remembers the fall clearly.", False),
])
def test_gbs_syncope_as_a_short_loss_of_consciousness(note, expected):
    assert bool(_arg("glasgow_blatchford", "A 77-year-old with melaena. " + note, "syncope")) is expected


# --- SOFA: vasopressor dose in words, urine from the catheter over a stated time --------------------------------

def test_sofa_reads_a_dose_written_in_words():
    note = ("A 50-year-old in septic shock. Blood pressure 80/45 mmHg on a dobutamine infusion of 5 micrograms per "
            "kilogram per minute.")
    assert _arg("sofa", note, "dobutamine") == pytest.approx(5.0)


@pytest.mark.parametrize("note, expected", [
    ("The Foley catheter collected 480 mL over the past 24 hours.", 480.0),
    ("The catheter drained 20 mL/h overnight.", 480.0),
    ("On insertion the catheter drained 350 mL of dark urine.", None),  # a residual volume, no time: not a day's output
])
def test_sofa_urine_output_from_the_catheter(note, expected):
    hit = urine_output(NoteContext(note))
    assert (hit.value if hit else None) == expected


# --- Caprini: a relative's or a past clot in lay words ----------------------------------------------------------

@pytest.mark.parametrize("note, expected", [
    ("His sister had a clot in her leg during her first pregnancy.", True),
    ("Her father was treated for clots on the lungs in his sixties.", True),
    ("His brother needed surgery for a clot in an artery of his arm.", False),  # an arterial clot, not a VTE
])
def test_caprini_family_thrombosis_in_lay_words(note, expected):
    assert bool(_arg("caprini_vte", "A 55-year-old man before a hernia repair. " + note, "family_history_thrombosis")) is expected


# --- CHA2DS2-VASc: treated hypertension and diabetes, peripheral revascularisation, a territorial infarct ---------

@pytest.mark.parametrize("field, note, expected", [
    ("hypertension", "She takes bendroflumethiazide 2.5 mg each morning for her blood pressure.", True),
    ("hypertension", "He was given 500 mL of saline for his blood pressure of 84/50 mmHg.", False),
    ("diabetes", "His latest HbA1c was 58 mmol/mol.", True),  # IFCC 58 mmol/mol = 7.5 % (NGSP) >= 6.5 %
    ("diabetes", "Her HbA1c was 40 mmol/mol at the last check.", False),  # 5.8 %
    ("diabetes", "He takes glimepiride 2 mg with breakfast.", True),  # a sulfonylurea: prescribed for diabetes alone
    ("vascular_disease", "In 2015 she had a left femoro-distal bypass for rest pain.", True),
    ("vascular_disease", "A coronary angiogram in 2021 showed smooth coronary arteries.", False),
    ("stroke", "An MRI in 2018 showed an old infarct in the right posterior cerebral artery territory.", True),
])
def test_chads_criteria_in_other_words(field, note, expected):
    assert bool(_arg("cha2ds2_vasc", "A 72-year-old woman with atrial fibrillation. " + note, field)) is expected


# --- RCRI (Lee 1999): insulin treatment and cerebrovascular disease ----------------------------------------------

@pytest.mark.parametrize("note, expected", [
    ("Diabetes on metformin; a variable-rate insulin infusion will be used peri-operatively.", False),
    ("Post-operatively he needed a sliding scale insulin for two days.", False),
    ("He injects insulin detemir 18 units at night, with aspart sliding scale at meals.", True),
])
def test_rcri_insulin_is_the_patients_treatment_not_a_perioperative_regimen(note, expected):
    assert bool(_arg("rcri", "A 70-year-old before a hip replacement. " + note, "insulin_treatment")) is expected


@pytest.mark.parametrize("note, expected", [
    ("In 2021 he had a painless loss of vision in the right eye which cleared within twenty minutes.", True),
    ("She had amaurosis fugax last spring.", True),
    ("He has had loss of vision in the left eye since a retinal detachment.", False),  # permanent, not transient
])
def test_rcri_cerebrovascular_disease_from_transient_monocular_visual_loss(note, expected):
    assert bool(_arg("rcri", "A 70-year-old before a hip replacement. " + note, "cerebrovascular_disease")) is expected


# --- The second reader: a test's name or a vessel described as clean supports nothing ---------------------------

@pytest.mark.parametrize("sentence, found", [
    ("Coronary angiography was arranged for next week.", False),  # a test named, no finding
    ("Coronary angiography in 2022 showed smooth coronary arteries.", False),
    ("Coronary angiography showed two-vessel coronary artery disease.", True),
])
def test_second_reader_tells_a_test_name_from_a_finding(sentence, found):
    doubt, sentences = second_reader(CALCULATORS["cha2ds2_vasc"], "vascular_disease",
                                     NoteReader("A 70-year-old woman. " + sentence))
    assert bool(sentences) is found


# --- Wells' DVT (Wells 1997/2003): measured calves, popliteal tenderness, a past cancer, the note's ranking ------

@pytest.mark.parametrize("note, expected", [
    ("The left calf measured 40 cm in circumference 10 cm below the tibial tuberosity, compared with 36.5 cm on the right.",
     True),  # 3.5 cm > 3
    ("Calf girths, measured 10 cm below the tibial tuberosity, were 38 cm on the right and 36 cm on the left.", False),
    ("Calf girths were 42 cm on the right and 37 cm on the right after elevation.", False),  # one side twice
])
def test_wells_dvt_calf_difference_with_each_side_after_its_number(note, expected):
    assert bool(_arg("wells_dvt", "A 64-year-old with a painful leg. " + note, "calf_swelling")) is expected


@pytest.mark.parametrize("note, expected", [
    ("She was tender on firm palpation in the popliteal fossa.", True),
    ("There was no tenderness in the popliteal fossa or along the femoral vein.", False),
])
def test_wells_dvt_popliteal_fossa_tenderness(note, expected):
    assert bool(_arg("wells_dvt", "A 64-year-old with a painful leg. " + note, "localized_tenderness")) is expected


@pytest.mark.parametrize("note, expected", [
    ("Her history included breast cancer, treated with mastectomy in 2009, with no recurrence since.", False),
    ("She has breast cancer and is receiving letrozole.", True),
])
def test_wells_dvt_cancer_told_in_a_history_list_is_past(note, expected):
    assert bool(_arg("wells_dvt", "A 64-year-old with a painful leg. " + note, "active_cancer")) is expected


@pytest.mark.parametrize("note, expected", [
    ("Her GP wondered about a torn calf muscle but thought it less likely than a venous thrombosis.", False),
    ("A ruptured Baker's cyst was thought to be as likely as a deep vein thrombosis.", True),
])
def test_wells_dvt_alternative_ranked_below_or_level_with_dvt(note, expected):
    assert _arg("wells_dvt", "A 64-year-old with a painful leg. " + note, "alternative_diagnosis") is expected


# --- HAS-BLED: a glass of a named wine is a drink ----------------------------------------------------------------

@pytest.mark.parametrize("note, expected", [
    ("He has two glasses of white wine a day with dinner.", 14.0),
    ("She drinks a glass of red wine on Fridays.", 1.0),  # a weekly day: once a week
])
def test_hasbled_glasses_of_a_named_wine(note, expected):
    assert _arg("has_bled", "A 70-year-old with atrial fibrillation. " + note, "alcohol_drinks_per_week") == expected


# --- Timing: a later hospital day, a removed line, a reading of day three ---------------------------------------

@pytest.mark.parametrize("note, expected", [
    ("A Hickman line was inserted on day three for antibiotics.", False),  # a later hospital day: not at presentation
    ("She has a PICC line for her chemotherapy; the line was flushed on arrival.", True),
    ("Her tunnelled line was removed last month.", False),
])
def test_caprini_central_line_in_place_at_presentation(note, expected):
    assert bool(_arg("caprini_vte", "A 60-year-old woman admitted with pneumonia. " + note,
                     "central_venous_access")) is expected


def test_a_reading_of_day_three_in_words_is_no_rival_of_the_first_days():
    note = ("A 61-year-old man in the ICU with cholangitis. The worst values of the first 24 hours were platelets "
            "72,000 per microlitre and bilirubin 4.1 mg/dL. On day three his platelets were 98,000 per microlitre.")
    platelets = next(p for p in rule_arguments(CALCULATORS["sofa"], note).params if p.name == "platelets")
    assert platelets.status != "conflict" and platelets.value == pytest.approx(72.0)


def test_an_age_is_not_a_past_time():
    assert not _PAST.search("A 52-year-old woman was admitted from her GP with a chest infection.")
    assert _PAST.search("The ECG showed old Q waves.")


@pytest.mark.parametrize("sentence, found", [
    ("She was admitted from her general practitioner's surgery with a cough.", False),  # the GP's practice, a place
    ("She had surgery on her knee two weeks ago.", True),
])
def test_second_reader_tells_the_gps_surgery_from_an_operation(sentence, found):
    _, sentences = second_reader(CALCULATORS["caprini_vte"], "surgery_type", NoteReader("A 52-year-old. " + sentence))
    assert bool(sentences) is found


# --- Wells' PE: haemoptysis told as streaks of blood in the sputum -------------------------------------------------

@pytest.mark.parametrize("note, expected", [
    ("This morning she coughed up phlegm with a few flecks of dark blood.", True),
    ("He noticed streaks of blood on the toilet paper.", False),  # rectal, not sputum
])
def test_wells_pe_haemoptysis_as_streaks_in_the_sputum(note, expected):
    assert bool(_arg("wells_pe", "A 49-year-old with pleuritic pain. " + note, "hemoptysis")) is expected


def test_a_later_day_in_another_clause_does_not_move_the_diagnosis():
    note = ("A 66-year-old man with pneumonia and a creatinine of 2.4 mg/dL (0.9 mg/dL last year). The team diagnosed "
            "acute kidney injury; the creatinine peaked at 2.8 mg/dL on day two.")
    assert _arg("apache_ii", note, "acute_renal_failure") is True


@pytest.mark.parametrize("note, expected", [
    ("In 2019 he had a clot in his left leg and took warfarin for six months.", True),
    ("In 2019 he had a clot in the artery of his left leg, removed by embolectomy.", False),  # arterial, not a DVT
])
def test_wells_pe_previous_dvt_as_a_clot_in_the_leg(note, expected):
    assert bool(_arg("wells_pe", "A 62-year-old with chest pain. " + note, "previous_dvt")) is expected


@pytest.mark.parametrize("sentence, found", [
    ("He takes atorvastatin 40 mg at night.", True),  # a drug with its dose: the drug is taken, no reading
    ("His total cholesterol was 4.1 mmol/L.", False),
])
def test_second_reader_reads_a_drug_with_its_dose(sentence, found):
    _, sentences = second_reader(CALCULATORS["heart_score"], "hypercholesterolemia",
                                 NoteReader("A 60-year-old man. " + sentence))
    assert bool(sentences) is found
