"""Criteria written in narrative words rather than named (issue 26, item 5): a drug specific to a disease, lay words
for a sign, a clot named by its vein, a follow-up service that is not a new injury.

Every sentence here was written for these tests; none is taken from a benchmark note or from app/data/dev/. Each
reading has a near miss that must not be read.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.concepts import has_finding
from tests.unit.extraction._rules import args_of


# --- heart failure: lay words, and sacubitril-valsartan (licensed only for heart failure with reduced EF) ----------
@pytest.mark.parametrize("note, expected", [
    ("Background: his heart is failing and he sees the cardiology nurse monthly.", True),
    ("She has a failing heart after two infarcts.", True),
    ("Medications: sacubitril/valsartan 49/51 mg twice daily, bisoprolol 5 mg.", True),
    ("Drug chart: Entresto 24/26 mg bd.", True),
    # near misses: another failing organ, a sartan that many conditions take
    ("Her kidneys are failing and dialysis is being discussed.", None),
    ("Medications: valsartan 80 mg daily for blood pressure.", None),
    ("His heart is not failing; the echo was normal.", False),
])
def test_heart_failure_in_narrative_words(note: str, expected: bool | None) -> None:
    assert has_finding(note, "heart_failure") is expected


def test_psi_reads_heart_failure_from_its_drug() -> None:
    note = ("72-year-old woman from home with cough and fever. Takes sacubitril-valsartan and furosemide. "
            "T 38.4, HR 96, RR 22, BP 128/70.")
    assert args_of("psi", note).get("chf") is True


# --- a clot named by the deep leg vein it sits in is a DVT; a superficial or arterial clot is not ---------------------
@pytest.mark.parametrize("note, expected", [
    ("Doppler in 2019 showed a clot in the right femoral and popliteal veins.", True),
    ("Years ago he had a clot in his left calf and took warfarin for six months.", True),
    ("Scan: thrombus in the left peroneal veins.", True),
    ("Known right popliteal vein thrombosis in 2021.", True),
    # near misses: a superficial vein, an artery, a clot elsewhere
    ("Ultrasound showed a clot in the long saphenous vein only (superficial thrombophlebitis).", None),
    ("Angiography showed a clot in the left popliteal artery.", None),
    ("A clot in the left atrial appendage was seen on TOE.", None),
])
def test_dvt_named_by_its_vein(note: str, expected: bool | None) -> None:
    assert has_finding(note, "dvt") is expected


def test_perc_previous_dvt_from_a_past_clot_in_a_named_vein() -> None:
    past = ("29-year-old with pleuritic chest pain. In 2018, after a long flight, a scan found a clot in her right "
            "femoral vein and she was anticoagulated for six months. HR 92, SpO2 98%.")
    assert args_of("perc_rule", past).get("previous_dvt") is True
    now = ("55-year-old with a swollen calf. Today's duplex shows thrombus in the left popliteal vein. "
           "She has never had a clot before. HR 90, SpO2 97%.")
    assert args_of("perc_rule", now).get("previous_dvt") is not True  # this presentation's clot is not a previous one


# --- a follow-up service named after an injury is not a new injury (PERC) ----------------------------------------------
def test_fracture_clinic_is_not_an_injury() -> None:
    assert has_finding("Discharged with review at the fracture clinic next week.", "trauma") is None
    assert has_finding("He has a fracture of the left radius from a fall.", "trauma") is True
    note = ("40-year-old man with pleuritic pain for a day. Two weeks ago his ankle fracture was set under a regional "
            "nerve block and he went home the same day. Follow-up at the fracture clinic on Friday. HR 88, SpO2 97%.")
    assert args_of("perc_rule", note).get("recent_surgery_or_trauma") is not True


# --- Centor: tonsils described by size and follicles, neck glands described by place -----------------------------------
@pytest.mark.parametrize("note, expected", [
    ("The tonsils are large and red, nearly meeting in the midline.", True),
    ("Throat: large tonsils studded with yellow follicles.", True),
    ("Follicular tonsillitis on the left.", True),
    ("Both tonsils carried white follicles.", True),
    # near misses: denied, or not the tonsils
    ("The tonsils were not large and there were no white follicles.", False),
    ("Large bowel loops were seen on the film.", None),
    ("Tonsils normal, large uvula.", None),
])
def test_tonsils_in_narrative_words(note: str, expected: bool | None) -> None:
    assert has_finding(note, "tonsillar_exudate") is expected


@pytest.mark.parametrize("note, expected", [
    ("The glands under the angle of the jaw were swollen and sore to touch.", True),
    ("Nodes at the angle of the jaw tender on the right.", True),
    ("His neck glands were enlarged on both sides.", True),
    # near misses: denied, or the jaw without glands
    ("The glands at the angle of the jaw were not enlarged.", False),
    ("Swelling at the angle of the jaw from a dental abscess.", None),
    ("Both parotid glands were enlarged and firm (mumps).", None),
    ("Neck glands normal, enlarged liver edge.", None),
    ("The salivary glands are swollen after the contrast study.", None),
])
def test_neck_glands_by_place(note: str, expected: bool | None) -> None:
    assert has_finding(note, "lymphadenopathy") is expected


def test_centor_reads_narrative_tonsils_and_glands() -> None:
    note = ("19-year-old student with a sore throat for two days, no cough. Temperature 38.6 C. Tonsils large and "
            "covered in creamy white follicles. Glands below the angle of the jaw enlarged and tender.")
    a = args_of("centor_mcisaac", note)
    assert a.get("exudate_or_swelling") is True
    assert a.get("tender_nodes") is True
