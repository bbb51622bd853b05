"""Wording families of the VTE scores' criteria (Wells PE / DVT, PERC, Caprini), written from clinical usage.

Every sentence was written for these tests (none is taken from a benchmark note or app/data/dev/). Each family has
sentences that must be read and near misses that must not: a relative's, a denied one, a similar word for another
thing.
"""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import arg_of as read


# --- previous PE: the embolus named by its site or its imaging -------------------------------------------------------
@pytest.mark.parametrize("note", [
    "PMH: saddle embolus in 2019, on lifelong apixaban.",
    "History of bilateral subsegmental emboli two years ago treated for six months.",
    "She had a pulmonary artery embolism after her hysterectomy in 2015.",
    "Previously told she had a clot in her lungs in 2018.",
    "Past history: pulmonary embolectomy for massive embolism (2016).",
])
def test_previous_pe_in_other_words(note: str) -> None:
    assert read("wells_pe", "previous_pe", "A 58-year-old man with chest pain. " + note) is True


@pytest.mark.parametrize("note", [
    "His mother had a clot in her lungs after surgery.",           # a relative's
    "No history of saddle embolus or other thromboembolism.",      # denied
    "Filling defect in the left kidney on CT, a simple cyst.",     # a filling defect of another organ
    "In 2017 an aortic saddle embolus was removed from both iliac arteries.",  # an arterial embolus at the bifurcation
])
def test_previous_pe_near_misses(note: str) -> None:
    assert read("wells_pe", "previous_pe", "A 58-year-old man with chest pain. " + note) is not True


# --- previous DVT: the vein named, the ultrasound sign, the eponymous massive DVT ------------------------------------
@pytest.mark.parametrize("note", [
    "PMH: left calf vein thrombosis 2020, treated with rivaroxaban for 3 months.",
    "History of right iliofemoral thrombosis in 2017.",
    "Past history of axillary vein thrombosis after a PICC line.",
    "In 2021 a duplex showed a non-compressible left common femoral vein; anticoagulated for 6 months.",
    "Previous phlegmasia cerulea dolens of the left leg (2014).",
])
def test_previous_dvt_in_other_words(note: str) -> None:
    assert read("wells_dvt", "previous_dvt", "A 61-year-old woman with a painful leg. " + note) is True


@pytest.mark.parametrize("note", [
    "History of superficial venous thrombosis of the long saphenous vein.",     # superficial vein
    "PMH: cerebral venous thrombosis in 2012.",                                 # not a deep vein of a limb
    "Her father had a calf vein thrombosis.",                                   # a relative's
    "Previous duplex: femoral and popliteal veins fully compressible, no thrombus.",  # denied
])
def test_previous_dvt_near_misses(note: str) -> None:
    assert read("wells_dvt", "previous_dvt", "A 61-year-old woman with a painful leg. " + note) is not True


# --- haemoptysis -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Two small haemoptyses this morning.",
    "Sputum has been tinged with blood since yesterday.",
    "Reports a bloody cough overnight.",
    "He coughed up two small clots this morning.",
])
def test_hemoptysis_in_other_words(note: str) -> None:
    assert read("perc_rule", "hemoptysis", "A 44-year-old man with pleuritic pain. " + note) is True


@pytest.mark.parametrize("note", [
    "No blood on coughing.",
    "Nosebleed this morning, spat out blood from the nose.",   # epistaxis, not haemoptysis
])
def test_hemoptysis_near_misses(note: str) -> None:
    assert read("perc_rule", "hemoptysis", "A 44-year-old man with pleuritic pain. " + note) is not True


# --- immobility: bed- or chair-bound -----------------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "She has been chairbound since her stroke.",
    "Largely bedfast at home for the past fortnight.",
    "He is non-ambulant after the spinal injury.",
])
def test_immobility_in_other_words(note: str) -> None:
    assert read("wells_pe", "immobilization", "An 80-year-old with dyspnoea. " + note) is True


@pytest.mark.parametrize("note", [
    "Her husband is chairbound; she is his carer and fully mobile.",  # a relative's
    "Not bedfast; walks to the shops daily.",                        # denied
])
def test_immobility_near_misses(note: str) -> None:
    assert read("wells_pe", "immobilization", "An 80-year-old with dyspnoea. " + note) is not True


# --- paralysis (Wells DVT): the adjective forms; a face's or a vocal cord's palsy is not the leg's ---------------------
@pytest.mark.parametrize("note", [
    "He is paraplegic after a T10 spinal cord injury.",
    "Residual right hemiparetic gait.",
    "Known tetraparesis from cervical myelopathy.",
])
def test_paralysis_in_other_words(note: str) -> None:
    assert read("wells_dvt", "paralysis_or_cast", "A 52-year-old with a swollen calf. " + note) is True


@pytest.mark.parametrize("note", [
    "Left facial paralysis from Bell's palsy last year.",
    "Right vocal cord paresis after thyroid surgery.",
    "No paraparesis.",
])
def test_paralysis_near_misses(note: str) -> None:
    assert read("wells_dvt", "paralysis_or_cast", "A 52-year-old with a swollen calf. " + note) is not True


# --- hormone use: lay words for the pill, other routes, gender-affirming oestrogen ------------------------------------
@pytest.mark.parametrize("note", [
    "She has been on the pill for four years.",
    "Uses a contraceptive patch, changed weekly.",
    "Takes feminising hormones (oestradiol patches) since 2022.",
])
def test_hormone_use_in_other_words(note: str) -> None:
    assert read("perc_rule", "hormone_use", "A 29-year-old with pleuritic chest pain. " + note) is True


@pytest.mark.parametrize("note", [
    "She stopped taking the pill two years ago.",            # past, PERC asks for current use
    "Her sister is on the pill.",                            # a relative's
    "No contraceptive patch or other hormonal contraception.",
    "A vaginal ring pessary is in place for uterine prolapse.",  # a support ring, not a contraceptive one
])
def test_hormone_use_near_misses(note: str) -> None:
    assert read("perc_rule", "hormone_use", "A 29-year-old with pleuritic chest pain. " + note) is not True


# --- trauma (PERC): the mechanism named ----------------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Two weeks ago he was admitted after a motorcycle accident and had his femur fixed under general anaesthetic.",
    "Stab wound to the abdomen 10 days ago, laparotomy under general anaesthesia.",
])
def test_trauma_in_other_words(note: str) -> None:
    assert read("perc_rule", "recent_surgery_or_trauma", "A 33-year-old with chest pain. " + note) is True


def test_trauma_near_miss_a_relative() -> None:
    note = "A 33-year-old with chest pain. Her brother died in a car crash last week; she is grieving."
    assert read("perc_rule", "recent_surgery_or_trauma", note) is not True


# --- Caprini history items -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("field, note", [
    ("central_venous_access", "A Hickman line is in situ for chemotherapy."),
    ("central_venous_access", "Right chest portacath, accessed today."),
    ("central_venous_access", "Tunnelled dialysis catheter in the right internal jugular vein."),
    ("varicose_veins", "Duplex shows great saphenous vein incompetence with marked reflux."),
    ("varicose_veins", "Varicose eczema over both gaiter areas."),
    ("inflammatory_bowel_disease", "Maintained on mesalazine 2.4 g daily."),
    ("inflammatory_bowel_disease", "Known ulcerative proctitis, quiescent."),
    ("copd", "Inhalers: tiotropium 18 mcg daily and salbutamol PRN."),
    ("copd", "Chronic obstructive airways disease, GOLD stage 3."),
])
def test_caprini_history_in_other_words(field: str, note: str) -> None:
    assert read("caprini_vte", field, "A 67-year-old woman for surgery. " + note) is True


@pytest.mark.parametrize("field, note", [
    ("central_venous_access", "Peripheral cannula in the left hand; no Hickman line."),
    ("varicose_veins", "Oesophageal varices banded in 2020."),                  # varices of the gullet, not the leg
    ("varicose_veins", "Spider veins on both thighs, no reflux."),
    ("inflammatory_bowel_disease", "Irritable bowel syndrome, on mebeverine."),  # IBS is not IBD
    ("inflammatory_bowel_disease", "Her son has ulcerative proctitis."),         # a relative's
    ("copd", "Asthma since childhood, on salbutamol and beclometasone."),         # another airway disease
])
def test_caprini_history_near_misses(field: str, note: str) -> None:
    assert read("caprini_vte", field, "A 67-year-old woman for surgery. " + note) is not True


# --- recent surgery: the theatre visit, named operations and their suffixes -------------------------------------------
@pytest.mark.parametrize("note", [
    "Two weeks ago he was taken to theatre for an open appendix washout.",
    "Underwent CABG x3 eighteen days ago.",
    "Inguinal herniorrhaphy 10 days ago, discharged the same evening.",
    "Intramedullary nail to the left tibia three weeks ago.",
    "Right below-knee amputation 2 weeks ago for wet gangrene.",
])
def test_recent_surgery_in_other_words(note: str) -> None:
    assert read("wells_pe", "recent_surgery", "A 66-year-old with sudden dyspnoea. " + note) is True


@pytest.mark.parametrize("note", [
    "Coronary angioplasty and stent last week.",                          # a catheter procedure, not an operation
    "Transcatheter aortic valve replacement 2 weeks ago via the femoral artery.",
    "His wife had a CABG last month.",                                    # a relative's
    "Orchidopexy as a child.",                                            # long past
])
def test_recent_surgery_near_misses(note: str) -> None:
    assert read("wells_pe", "recent_surgery", "A 66-year-old with sudden dyspnoea. " + note) is not True


# --- Caprini trauma items and collateral veins -------------------------------------------------------------------------
@pytest.mark.parametrize("calc, field, note", [
    ("caprini_vte", "multiple_trauma_last_month", "Admitted 5 days ago, multiply injured after a fall from scaffolding."),
    ("caprini_vte", "multiple_trauma_last_month", "Multisystem trauma from a motorway collision this week."),
    ("caprini_vte", "spinal_cord_injury_last_month", "MRI: spinal cord contusion at C5 after the dive last week."),
    ("wells_dvt", "collateral_veins", "Venous collaterals visible over the left thigh."),
])
def test_trauma_items_and_collaterals_in_other_words(calc: str, field: str, note: str) -> None:
    assert read(calc, field, "A 45-year-old man. " + note) is True


@pytest.mark.parametrize("calc, field, note", [
    ("caprini_vte", "multiple_trauma_last_month", "Isolated wrist injury; not multiply injured."),
    ("caprini_vte", "spinal_cord_injury_last_month", "No spinal cord contusion on MRI."),
    ("wells_dvt", "collateral_veins", "No venous collaterals."),
])
def test_trauma_items_and_collaterals_near_misses(calc: str, field: str, note: str) -> None:
    assert read(calc, field, "A 45-year-old man. " + note) is not True


@pytest.mark.parametrize("note", [
    "Endocarditis. After 14 days of intravenous antibiotics he underwent a surgical aortic valve replacement.",
    "Perforated ulcer; on hospital day 3 he had a laparotomy.",
])
def test_an_operation_of_this_admissions_course_is_not_recent_surgery(note: str) -> None:
    assert read("perc_rule", "recent_surgery_or_trauma", "A 58-year-old man. " + note) is not True


# --- Caprini's obstetric history and mobility --------------------------------------------------------------------------
@pytest.mark.parametrize("note", [
    "Obstetric history: intrauterine fetal death at 34 weeks in 2016.",
    "Her second pregnancy was complicated by HELLP syndrome.",
    "First baby delivered at 32 weeks for severe fetal growth restriction.",
])
def test_pregnancy_loss_history_in_other_words(note: str) -> None:
    assert read("caprini_vte", "pregnancy_loss_history", "A 38-year-old woman for hysterectomy. " + note) is True


@pytest.mark.parametrize("note", [
    "No history of IUFD or pre-eclampsia.",
    "Her sister had a fetal demise at 30 weeks.",
])
def test_pregnancy_loss_history_near_misses(note: str) -> None:
    assert read("caprini_vte", "pregnancy_loss_history", "A 38-year-old woman for hysterectomy. " + note) is not True


def test_bedfast_is_confined_to_bed() -> None:
    note = "An 84-year-old man for hernia repair. He has been bedfast since his stroke."
    assert read("caprini_vte", "mobility", note) == "confined to bed >72 hours"
