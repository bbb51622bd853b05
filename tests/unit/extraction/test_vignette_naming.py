"""How an item is named by a case's words (issue 28 item 1), on sentences written for these tests: one word of a
multi-word item, an item's cut-off numbers and units, the patient's sex, a cut-off in another unit."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts, yes_no
from medmirror.tools.extraction.vignette import _distinctive_head, _naming_words, read_items
from tests.unit.extraction._vignette import one

FLAIL = yes_no("flail", "Flail chest", default="No")
HARD = yes_no("hard", "Hard testicle", default="No")
QTC = yes_no("qtc", "Admission QTc >=450 ms", default="No")
MALE = yes_no("male", "Male sex", default="No")
FEMALE = yes_no("female", "Female gender", default="No")
SEX = Choice("sex", "Sex", opts(("Female", 1), ("Male", 0)))
GLUCOSE = yes_no("glucose", "Glucose >=15 mmol/L (270 mg/dL)", default="No")
HR_ED = yes_no("hr", "HR >=120 in ED", default="No")



def test_a_common_half_of_a_two_word_item_does_not_name_it():
    r = one(FLAIL, "She has chest wall tenderness after the fall.")
    assert r.status == "assumed" and r.value == "No"


def test_the_items_distinctive_head_names_it_alone():
    r = one(FLAIL, "A flail segment is seen moving paradoxically.")
    assert (r.value, r.status) == ("Yes", "read")


def test_the_distinctive_head_is_the_word_far_rarer_in_the_library():
    assert _distinctive_head("flail", {"flail": 1.0, "chest": 1.0})
    assert not _distinctive_head("chest", {"flail": 1.0, "chest": 1.0})


def test_an_items_cut_off_number_and_unit_do_not_name_it():
    assert _naming_words("Admission QTc >=450 ms") == ["admission", "qtc"]
    assert _naming_words("Platelet count >=400 x10^9/L") == ["platelet", "count"]
    assert _naming_words("Glucose >=15 mmol/L (270 mg/dL)") == ["gluco"]
    assert _naming_words(">=2 sites of metastasis") == ["site", "metastasi"]  # 'sites' is no unit


def test_a_cut_off_item_is_read_from_its_own_words_and_a_value():
    assert one(QTC, "On the admission ECG her QTc is 472 msec.").value == "Yes"
    assert one(QTC, "On the admission ECG her QTc is 431 msec.").value == "No"


def test_a_sex_item_is_read_from_the_patients_sex_words():
    assert one(MALE, "A 52-year-old man presents with knee pain.").value == "Yes"
    assert one(MALE, "A 47-year-old woman presents with knee pain.").value == "No"
    assert one(FEMALE, "Mrs Adeyemi, 70, reports a fall.").value == "Yes"
    assert one(SEX, "The patient is a 33-year-old lady with a cough.").value == "Female"
    assert one(SEX, "A 61-year-old gentleman with a cough.").value == "Male"


def test_a_sex_the_text_does_not_give_stays_unsettled():
    r = one(MALE, "The patient reports knee pain for two days.")
    assert r.status == "missing" and r.value is None


def test_a_value_is_compared_with_a_cut_off_in_the_cut_offs_unit():
    assert one(GLUCOSE, "Her blood glucose is 10 mmol/L.").value == "No"
    assert one(GLUCOSE, "Her blood glucose is 16 mmol/L.").value == "Yes"
    assert one(GLUCOSE, "Her blood glucose is 300 mg/dL.").value == "Yes"
    assert one(GLUCOSE, "Her blood glucose is 200 mg/dL.").value == "No"


def test_a_word_after_a_cut_off_is_no_unit():
    assert one(HR_ED, "In the emergency department her heart rate is 130 bpm.").value == "Yes"
    assert one(HR_ED, "In the emergency department her heart rate is 96 bpm.").value == "No"


REFLEX = yes_no("reflex", "Absent ankle jerk", default="No")


def test_an_item_named_by_its_absence_is_present_when_the_text_negates_its_words():
    assert one(REFLEX, "On examination the ankle jerk is absent on the left.").value == "Yes"
    assert one(REFLEX, "On examination the ankle jerk is brisk and symmetrical.").value == "No"


PENETRATING = yes_no("pen", "Penetrating mechanism", default="No")
TACHY = yes_no("tachy", "Tachycardia", default="No")
CORES = Choice("cores", "Percent biopsy cores positive for cancer", opts(("<34%", 0), (">=34%", 1)))


def test_a_stab_or_gunshot_wound_is_a_penetrating_mechanism():
    assert one(PENETRATING, "He was brought in after a stabbing outside a bar.").value == "Yes"
    assert one(PENETRATING, "She has a gunshot wound to the thigh.").value == "Yes"
    r = one(PENETRATING, "He was hurt in a motor vehicle collision (blunt trauma).")
    assert (r.value, r.status) == ("No", "assumed")


def test_an_elevated_heart_rate_is_tachycardia():
    assert one(TACHY, "The toddler has a fever and a rapid heart rate.").value == "Yes"


def test_a_percentage_of_the_items_things_is_read_before_them():
    assert one(CORES, "The biopsy found adenocarcinoma, with 60% of the cores positive for cancer.").value == ">=34%"
    assert one(CORES, "Biopsy: 12% of her biopsy cores were positive for cancer.").value == "<34%"


RANKIN = Choice("mrs", "Pre-event modified Rankin Scale", opts(("0-2", 0), ("3-4", 1), ("5", 2)))
STROKE_SCALE = Choice("nihss", "NIH Stroke Scale score", opts(("0-4", 0), ("5-10", 1), (">10", 2)))


def test_an_acronym_of_the_items_words_names_it():
    text = "Before the event she was independent (mRS of 1). Her NIHSS is 12 on arrival."
    got = read_items((RANKIN, STROKE_SCALE), text).items
    assert (got["mrs"].value, got["nihss"].value) == ("0-2", ">10")


def test_an_acronym_names_only_the_item_whose_words_it_stands_for():
    got = read_items((RANKIN, STROKE_SCALE), "Her mRS score before the event was 4.").items
    assert got["mrs"].value == "3-4" and got["nihss"].value is None


SLOW = yes_no("slow", "Bradycardia <=50 bpm in the ED or before hospital", default="No")


def test_an_items_setting_qualifies_it_and_does_not_name_it():
    r = one(SLOW, "On the monitor the paramedics noted bradycardia.")
    assert (r.value, r.status) == ("Yes", "read")
    assert one(SLOW, "Her pulse is regular and she is not bradycardic.").value == "No"


BEDBOUND = yes_no("bed", "Bedbound >=3 days", default="No")


def test_a_cut_off_value_in_a_denied_or_list_is_denied():
    text = "She denies recent surgery, a long flight, being bedbound for more than 4 days, or leg swelling."
    assert one(BEDBOUND, text).value == "No"


HIGH_LDH = yes_no("ldh", "LDH >600 IU/L", default="No")


def test_a_list_called_normal_answers_an_abnormal_cut_off_item():
    assert one(HIGH_LDH, "Bloods show normal levels of sodium, calcium, LDH, and albumin.").value == "No"
    assert one(HIGH_LDH, "Her sodium, LDH and albumin are within normal limits.").value == "No"
    assert one(HIGH_LDH, "Her LDH is raised, but her sodium and calcium are normal.").value == "Yes"
