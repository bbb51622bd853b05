"""Risk-score items read from more wordings (sentences written for this test): CHA2DS2-VASc's 'C' from objective LV
systolic dysfunction (LVEF <= 40 %, Lip 2010 / ESC 2020) as well as a heart-failure history; Wells' clinical signs of
DVT and deep-vein tenderness from a swollen or tender calf with its side between the words."""

from __future__ import annotations

import pytest

from tests.unit.extraction._rules import args_of


@pytest.mark.parametrize("note, expected", [
    ("TTE last month: LVEF 35%.", True),
    ("Echo: ejection fraction estimated at 30-35%.", True),
    ("Moderately impaired left ventricular systolic function.", True),
    ("Known HFrEF, on sacubitril-valsartan.", True),
    ("Echo 2023: EF 55%, no heart failure.", False),  # a normal EF does not decide; the history says no
    ("Echo: LVEF 62%.", None),
    ("Mother had an EF of 30%.", None),  # a relative's
])
def test_cha2ds2_vasc_chf_from_lv_dysfunction(note: str, expected: bool | None) -> None:
    assert args_of("cha2ds2_vasc", note).get("congestive_heart_failure") is expected


@pytest.mark.parametrize("note, signs", [
    ("Exam: swollen, tender right calf.", True),
    ("The left leg is swollen and warm below the knee.", True),
    ("Calves soft and non-tender, no swelling.", None),
])
def test_wells_pe_dvt_signs_from_a_described_calf(note: str, signs: bool | None) -> None:
    assert args_of("wells_pe", note).get("dvt_signs") is signs


def test_a_tender_calf_with_its_side_is_deep_vein_tenderness() -> None:
    assert args_of("wells_dvt", "On palpation: tender left calf, no cords.")["localized_tenderness"] is True


@pytest.mark.parametrize("note, drinks", [
    ("ETOH: 20 units/week.", 20 * 8 / 14),  # UK units: 8 g each; a US standard drink is 14 g
    ("Drinks 28 units of alcohol per week.", 16.0),
    ("Alcohol 2 units per day.", 2 * 7 * 8 / 14),
    ("He drinks 12 pints of beer a week.", 12.0),  # drinks stay drinks
])
def test_alcohol_units_are_converted_to_standard_drinks(note: str, drinks: float) -> None:
    assert args_of("has_bled", note)["alcohol_drinks_per_week"] == pytest.approx(drinks, abs=1e-3)
