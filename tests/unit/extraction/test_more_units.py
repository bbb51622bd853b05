"""Weights in stones, lengths in mm, counts written with K, serum ethanol and band neutrophils (issue 13).

Every sentence here was written for these tests; values worked by hand:
1 st = 14 lb = 6.35029318 kg, 1 lb = 0.45359237 kg; 1 mm = 0.1 cm; K = 10^3 per µL;
blood alcohol 0.15 % = 0.15 g/100 mL = 150 mg/dL."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS as C
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.grounding import rule_arguments
from medmirror.tools.extraction.rules.electrolytes import ethanol
from medmirror.tools.extraction.rules.infection import bands
from medmirror.tools.extraction.rules.vte import calf_swelling_3cm

# --- stones -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("note, kg", [
    ("Weight 11 st 6 lb at the clinic.", 11 * 6.35029318 + 6 * 0.45359237),  # 72.57
    ("She weighs 12 stone.", 12 * 6.35029318),  # 76.20
    ("Wt: 10st 4lbs, BP 128/80.", 10 * 6.35029318 + 4 * 0.45359237),  # 65.32
    ("He weighed 9 stones and 13 pounds.", 9 * 6.35029318 + 13 * 0.45359237),  # 63.05
])
def test_weight_in_stones_and_pounds(note: str, kg: float) -> None:
    w = extract(note)["weight"]
    assert w.value == pytest.approx(kg, abs=1e-3) and w.unit == "kg" and "st" in w.raw


def test_stones_that_are_not_a_weight_are_not_read() -> None:
    assert "weight" not in extract("Ultrasound showed 2 stones in the gallbladder.").values


def test_pounds_of_14_or_more_are_not_a_stone_remainder() -> None:
    e = extract("Weight 11 st 15 lb.")
    assert "weight" not in e.values and "not a remainder of a stone" in e.rejected["weight"][0].reason


def test_stones_reach_a_calculator() -> None:
    g = rule_arguments(C["bmi"], "Height 170 cm, weight 11 st 0 lb.")
    assert C["bmi"].run(g.args).value == pytest.approx(11 * 6.35029318 / 1.7 ** 2, abs=0.05)  # 24.2


# --- lengths in mm where a calculator takes cm -------------------------------------------------------------


@pytest.mark.parametrize("note, cm", [
    ("Height 1750 mm, weight 70 kg.", 175.0),
    ("Her height was 1,620 millimetres.", 162.0),
])
def test_height_in_mm(note: str, cm: float) -> None:
    assert extract(note)["height"].value == pytest.approx(cm)


@pytest.mark.parametrize("note, value", [
    ("The right calf was 35 mm larger than the left.", True),  # 3.5 cm > 3
    ("The left calf was 25 mm larger in circumference than the right.", False),  # 2.5 cm
    ("A 40 mm difference in calf circumference was measured.", True),
])
def test_calf_difference_in_mm(note: str, value: bool) -> None:
    h = calf_swelling_3cm(NoteContext(note))
    assert h is not None and h.value is value and ("mm" in h.note)


# --- counts written with K (thousands per µL) ---------------------------------------------------------------


@pytest.mark.parametrize("note, name, value", [
    ("CBC: plt 150K, Hb 11.2 g/dL.", "platelets", 150.0),
    ("wbc 12.3k on admission.", "wbc", 12.3),
    ("Platelets 85 K.", "platelets", 85.0),
    ("WBC 4.1K/uL this morning.", "wbc", 4.1),
])
def test_counts_with_k(note: str, name: str, value: float) -> None:
    v = extract(note)[name]
    assert v.value == pytest.approx(value) and v.unit == "10^3/µL"


def test_k_followed_by_a_number_is_the_potassium_label() -> None:
    e = extract("WBC 12.3 K 4.1 Na 139")
    assert e["wbc"].value == 12.3 and e["potassium"].value == 4.1 and e["sodium"].value == 139


def test_count_with_k_reaches_sirs() -> None:
    g = rule_arguments(C["sirs_criteria"], "Temp 38.6 C, HR 104, RR 18. WBC 14.2K.")
    assert g.args["wbc"] == pytest.approx(14200)
    assert C["sirs_criteria"].run(g.args).value == 3


# --- serum ethanol -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("note, value, unit", [
    ("Serum ethanol 250 mg/dL on arrival.", 250.0, "mg/dL"),
    ("Blood alcohol level 54 mmol/L.", 54.0, "mmol/L"),
    ("BAC 0.15% per the police report.", 150.0, "mg/dL"),
    ("EtOH level 310 mg% at triage.", 310.0, "mg/dL"),
    ("Ethanol 2.1 g/L.", 2.1, "g/L"),
])
def test_ethanol_with_its_unit(note: str, value: float, unit: str) -> None:
    h = ethanol(NoteContext(note))
    assert h is not None and (h.value, h.unit) == (pytest.approx(value), unit)


@pytest.mark.parametrize("note", ["EtOH: 3 drinks/day for years.", "Ethanol level 80 on the first sample."])
def test_drinking_history_or_a_bare_level_is_not_an_ethanol_value(note: str) -> None:
    assert ethanol(NoteContext(note)) is None


def test_ethanol_reaches_osmolality_when_it_is_added() -> None:
    note = "Na 140 mEq/L, BUN 14 mg/dL, glucose 90 mg/dL, blood alcohol level 54 mmol/L."
    g = rule_arguments(C["serum_osmolality"], note)
    assert g.args["ethanol"] == pytest.approx(54 * 4.607, rel=1e-3)  # 248.8 mg/dL
    with_ethanol = C["serum_osmolality"].run({**g.args, "include_ethanol": True}).value
    assert with_ethanol == pytest.approx(2 * 140 + 14 / 2.8 + 90 / 18 + 54 * 4.607 / 3.7, abs=0.1)


# --- band neutrophils (SIRS: bands > 10 %) -----------------------------------------------------------------


@pytest.mark.parametrize("note, value", [
    ("Differential with 15% band forms.", 15.0),
    ("Bandemia of 18% was noted.", 18.0),
    ("CBC: WBC 9.8, segs 62, lymphs 20, bands 14.", 14.0),  # a differential is in percent
    ("Diff: bands 4, segs 80, monos 6.", 4.0),
])
def test_bands_percent(note: str, value: float) -> None:
    h = bands(NoteContext(note))
    assert h is not None and h.value == value and h.unit == "%"


@pytest.mark.parametrize("note", [
    "Variceal band ligation with 6 bands placed.",
    "No bands seen; bands 3 on a repeat smear.",  # a bare number outside a differential
    "Absolute bands 1.2 x10^9/L.",
])
def test_bands_not_read(note: str) -> None:
    assert bands(NoteContext(note)) is None


def test_bands_decide_the_sirs_white_cell_criterion() -> None:
    g = rule_arguments(C["sirs_criteria"], "T 38.4 C, HR 96, RR 16. WBC 9.1 K/uL with 12% bands.")
    assert g.args["bands"] == 12 and C["sirs_criteria"].run(g.args).value == 3
