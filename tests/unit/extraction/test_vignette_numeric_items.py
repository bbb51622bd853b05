"""Numeric items read from a vignette (issue 28): a ratio from its parts, and temperature bands as labels
write them; on sentences written for these tests, near misses included."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from tests.unit.extraction._vignette import one

PF = Choice("pf", "PaO₂/FiO₂", opts((">200", 0), ("60 to 200", 1), ("<60", 2)))
PF_RATIO = Choice("pf", "PaO2/FiO2 ratio", opts((">=300", 0), ("225-299", 1), ("100-224", 2), ("<100", 3)))
SF = Choice("sf", "SpO2/FiO2", opts((">315", 0), (">235 to <=315", 1), (">150 to <=235", 2), ("<=150", 3)))
TEMP = Choice("temp", "Temperature", opts(("<35.1degC (<95.18degF)", 3), ("35.1-36.0degC (95.18 - 96.8degF)", 1),
                                          ("36.1-38.0degC (>96.8 - 100.4degF)", 0), ("38.1-39.0degC (>100.4 - 102.2degF)", 1),
                                          (">39.0degC (>102.2degF)", 2)))



def test_a_ratio_written_as_such_is_read():
    assert one(PF, "A chest film shows infiltrates and his PaO₂/FiO₂ ratio of 150.").value == "60 to 200"
    r = one(PF, "Her P/F ratio is less than 60 despite high flow.")
    assert (r.value, r.status) == ("<60", "read")


def test_a_ratio_is_computed_from_both_parts_with_their_units():
    r = one(PF_RATIO, "The blood gas shows a PaO2 of 80 mmHg on an FiO2 of 0.5.")
    assert (r.value, r.status) == ("100-224", "read")  # 80 / 0.5 = 160
    assert one(PF_RATIO, "PaO2 12 kPa while breathing FiO2 40%.").value == ("225-299")  # 90 mmHg / 0.4 = 225
    assert one(SF, "Her SpO2 is 94% on FiO2 0.35 by venturi mask.").value == ">235 to <=315"  # 268.6


def test_one_part_of_a_ratio_is_no_ratio():
    assert one(PF, "The blood gas shows a PaO2 of 80 mmHg.").value is None  # not '60 to 200'
    assert one(SF, "Her oxygen saturation is 94% on room air.").value is None
    assert one(PF, "His FiO2 is 0.4 on the ventilator.").value is None


def test_a_ratio_named_in_brackets_before_its_number():
    assert one(PF, "His oxygenation (PaO2/FiO2) of 180 is poor.").value == "60 to 200"


def test_a_temperature_band_with_its_unit_glued():
    assert one(TEMP, "On arrival his temperature is 38.6degC.").value == "38.1-39.0degC (>100.4 - 102.2degF)"
    assert one(TEMP, "Temperature was 95.9 degF on arrival.").value == "35.1-36.0degC (95.18 - 96.8degF)"
    assert one(TEMP, "He reports feeling feverish at home.").value is None


SECRETIONS = Choice("trach", "Tracheal secretions", opts(("<14+", 0), (">=14+", 1), (">=14+ plus purulent secretions", 2)))


def test_another_quantity_after_a_comma_gives_an_item_no_number():
    assert one(SECRETIONS, "He has scant tracheal secretions, a PaO2/FiO2 ratio of 230 and fever.").value is None
    assert one(SECRETIONS, "Tracheal secretions, counted at 10+ on suctioning, are thin.").value == "<14+"  # near miss


PF_IF_VENTILATED = Choice("pf", "PaO2/FiO2, if on mechanical ventilation or CPAP", opts(
    ("<100", 11), ("100-199", 9), (">=200", 6), ("Not on mechanical ventilation or CPAP within the last 24 hours", 0)))


def test_an_item_asked_only_under_a_condition_is_not_assumed_outside_it():
    r = one(PF_IF_VENTILATED, "A 60-year-old man with a heart rate of 120 and a GCS of 7.")
    assert (r.value, r.status) == (None, "missing")  # ventilation not mentioned: not 'Not on mechanical ventilation'
    r = one(PF_IF_VENTILATED, "She breathes room air and is not on mechanical ventilation.")
    assert (r.value, r.status) == ("Not on mechanical ventilation or CPAP within the last 24 hours", "read")
    assert one(PF_IF_VENTILATED, "He was started on CPAP overnight.").status == "missing"  # on it, but no ratio
    assert one(PF_IF_VENTILATED, "Ventilated, his PaO2/FiO2 ratio is 150.").value == "100-199"
