"""The number after an item's words must be the item's own (issue 28 item 1, second pass), on sentences written for
these tests: its unit fits the item's, it is not part of a name ('IL-6') or of the item's own setting ('in the last 6
months'), a comma opening a new clause is not crossed, and a duration is read in the item's time unit."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, Number, opts, yes_no
from medmirror.tools.extraction.vignette import _foreign_unit, _part_of_a_name, _written_in
from tests.unit.extraction._vignette import one

EFFACE = Choice("eff", "Cervical effacement", opts(("< 25%", 0), ("25-75%", 1), ("> 75%", 2)))
LOSS = Choice("loss", "Intraoperative blood loss", opts(("<=400 mL", 0), ("401-700 mL", 1), (">700 mL", 2)))
IL6 = Choice("il", "IL-6", opts(("0-399", 0), (">=400", 1)))
PARTNERS = Choice("partners", "How many male partners did you have in the last 6 months?",
                  opts(("0-5", 0), ("6-10", 1), (">10", 2)))
EARLY = yes_no("early", "<1 year from diagnosis to systemic therapy")
RATIO = yes_no("ratio", "RA/PCWP ratio >0.54")
PAIN = Number("pain", "Pain intensity score (0-10)", "points", 0, 10)



def test_a_length_is_no_percentage():
    r = one(EFFACE, "On admission the cervical effacement was 50% and she was 3 cm dilated.")
    assert r.value == "25-75%"
    r = one(EFFACE, "She has cervical effacement, already 4 cm dilated.")  # the 4 is a dilation: no band read
    assert r.value != "< 25%" or r.status != "read"


def test_a_diameter_in_mm_is_no_blood_loss_in_ml():
    r = one(LOSS, "Intraoperative blood loss 4 mm duct noted; estimated loss of 550 mL.")
    assert r.value != "<=400 mL"
    assert _foreign_unit(" mm duct", "mL", "Intraoperative blood loss")
    assert not _foreign_unit(" mL total", "mL", "Intraoperative blood loss")
    assert not _foreign_unit(" mmol/L", "mg/dL", "Glucose")  # converts with the analyte: not foreign


def test_a_unitless_ratio_takes_no_concentration_but_a_p_f_ratio_keeps_mmhg():
    assert _foreign_unit(" g/dL", "", "RA/PCWP ratio >0.54")
    assert not _foreign_unit(" mmHg", "", "PaO2/FiO2 ratio")
    assert not _foreign_unit(" g/dL", "", "Haemoglobin")  # not a score or ratio: left to the other checks


def test_a_number_in_a_name_is_skipped_for_the_next_one():
    assert _part_of_a_name("IL-6 level of 420", 3, 4)
    assert not _part_of_a_name("T-score of -2.5", 12, 15)
    assert one(IL6, "Her IL-6 level was 450 pg/mL on day one.").value == ">=400"


def test_the_items_own_setting_is_no_value():
    assert _written_in("How many male partners did you have in the last 6 months?", "6", " months, and")
    assert not _written_in("Cervical dilation >= 4 cm", "4", " cm dilated")  # a cut-off, not a setting
    r = one(PARTNERS, "He reports male partners in the last 6 months, 3 in total.")
    assert r.value != "6-10"


def test_a_duration_is_read_in_the_items_time_unit():
    r = one(EARLY, "Systemic therapy began 5 months from diagnosis.")
    assert (r.value, r.status) == ("Yes", "read")
    r = one(EARLY, "Systemic therapy began 18 months from diagnosis.")
    assert (r.value, r.status) == ("No", "read")


def test_a_comma_opening_a_new_clause_is_not_crossed_but_a_rating_is_read():
    assert one(PAIN, "Her pain intensity score, rated at 7/10, limits walking.").value == 7
    r = one(PAIN, "She describes pain intensity, and 3 days of fever.")
    assert r.value != 3


LEUK = yes_no("leuk", "Leukocyte count >11 x10^9/L")
ISS = Number("iss", "Injury Severity Score", "points", 0, 75)


def test_the_items_word_heading_another_things_name_gives_no_number():
    r = one(LEUK, "Her platelet count is 400 x10^9/L and the leukocyte count is within normal limits.")
    assert not r.how.startswith("the number after")
    r = one(ISS, "On arrival his Revised Trauma Score was 4.0 and his Injury Severity Score was 34.")
    assert r.value == 34
    r = one(ISS, "On arrival his Revised Trauma Score was 4.0.")
    assert r.value != 4.0
