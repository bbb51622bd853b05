"""Reading conventions of the vignette reader (issue 28), on sentences written for these tests."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, Number, opts, yes_no
from medmirror.tools.extraction.vignette import read_items
from tests.unit.extraction._vignette import one

NEUTROPHILS = yes_no("anc", "Absolute neutrophil count >8x10^9/L", default=None)
PLATELETS = yes_no("plt", "Platelet count >=400 x 10⁹/L", default=None)
SBP_LOW = yes_no("sbp", "Systolic BP <90 mmHg", default=None)
ULCER = yes_no("ulcer", "Oral ulceration grade >=3", default=None)
NONVIRAL = yes_no("nonviral", "Non-viral cause of hepatitis", default=None)
TREATED_HTN = yes_no("htn", "Treated hypertension", default=None)
ORIGIN = Choice("origin", "Region of origin", opts(("Southern European (other than Maltese)", 0), ("Maltese", 1),
                                                 ("Northern European", 2)))
CYST = Choice("cyst", "Cyst size, mm", opts(("<20", 0), ("20-39", 1), (">=40", 2)))
HEARING = Choice("loss", "Hearing threshold shift, dB", opts(("<15", 0), ("15 to <30", 1), (">=30", 2)))
POLYP = Number("polyp", "Polyp diameter", "mm", 1, 100)
CREAT = Number("creat", "Serum creatinine", "mg/dL", 0.1, 20)
DOOR = Number("door", "Time from arrival to balloon inflation", "min", 1, 600)
OXYGEN = Number("fio2", "FiO2", "%", 21, 100)
LESIONS = Choice("lesions", "Number of liver lesions", opts(("1", 0), ("2-3", 1), (">3", 2)))



def test_a_count_scale_is_the_cut_off_unit_not_a_number():
    assert one(NEUTROPHILS, "Her absolute neutrophil count is below 8x10^9/L.").value == "No"
    assert one(NEUTROPHILS, "Absolute neutrophil count 11.2 x10^9/L on admission.").value == "Yes"
    assert one(PLATELETS, "He has a platelet count <400×10⁹/L and no bleeding.").value == "No"


def test_a_negated_comparison_states_the_complement():
    r = one(SBP_LOW, "Her systolic blood pressure is not below 90 mmHg.")
    assert (r.value, r.status) == ("No", "read")
    assert one(SBP_LOW, "His systolic blood pressure is below 90 mmHg.").value == "Yes"


def test_a_cut_off_met_only_inside_a_denial_is_absent():
    r = one(ULCER, "She is on chemotherapy and shows no oral ulceration of grade 3 or higher.")
    assert (r.value, r.status) == ("No", "read")
    assert one(ULCER, "She has oral ulceration of grade 3 on examination.").value == "Yes"
    # a denial that ends before the value does not reach it
    assert one(SBP_LOW, "He has no chest pain, systolic blood pressure 80 mmHg.").value == "Yes"


def test_non_written_in_the_item_is_not_a_negation():
    assert one(NONVIRAL, "A 50-year-old with non-viral hepatitis from autoimmune disease.").value == "Yes"


def test_a_concept_item_needs_the_concepts_words():
    r = one(TREATED_HTN, "He was treated for a hip fracture last year.")
    assert r.status == "assumed" and r.value == "No"
    assert one(TREATED_HTN, "He has treated hypertension on two drugs.").value == "Yes"


def test_what_a_label_excludes_does_not_name_it():
    r = one(ORIGIN, "A 40-year-old Maltese woman.")
    assert (r.value, r.status) == ("Maltese", "read")


def test_a_band_item_read_by_the_unit_its_question_is_written_in():
    assert one(HEARING, "An audiogram showed a threshold shift of 22 dB in the left ear.").value == "15 to <30"
    assert one(CYST, "Ultrasound showed one lesion of 25 mm.").value == "20-39"
    r = one(CYST, "Ultrasound showed lesions of 25 mm and 45 mm.")
    assert r.status != "read"  # two values in mm: not told apart


def test_a_measured_number_read_by_its_own_unit_in_a_sentence_naming_it():
    r = one(POLYP, "Colonoscopy found a 12 mm sessile polyp in the sigmoid colon.")
    assert (r.value, r.status) == (12, "read")
    # a unit many quantities share is not enough
    assert one(CREAT, "His serum albumin and glucose were checked; glucose 110 mg/dL.").status == "missing"
    # a value in the unit in a sentence that does not name the item is not taken
    assert one(POLYP, "A 12 mm gallstone was seen.").status == "missing"


def test_a_time_item_read_from_the_duration_in_its_sentence():
    r = one(DOOR, "He had chest pain at home. Balloon inflation was achieved 85 minutes after his arrival.")
    assert (r.value, r.status) == (85, "read")
    r = one(DOOR, "Balloon inflation followed arrival after 1.5 hours, and a 10 minute delay in the lab.")
    assert (r.value, r.status) == (90, "read")  # in the item's unit; the other duration is in another clause
    r = one(DOOR, "Balloon inflation after arrival took 30 minutes (45 minutes by the nurse's note).")
    assert r.status == "missing"  # two durations in the clause naming it: not settled
    # several durations in the sentence: the one in the clause that names the item
    r = one(DOOR, "After arrival the lab was called within 20 minutes, and balloon inflation came 75 minutes after arrival.")
    assert (r.value, r.status) == (75, "read")


def test_a_number_before_the_name_with_a_percent_and_a_single():
    assert one(OXYGEN, "On high-flow oxygen at 60% FiO2 she remains tachypneic.").value == 60
    assert one(LESIONS, "CT shows a single liver lesion.").value == "1"


LOWEST_HR = Choice("low_hr", "Lowest heart rate", opts((">85 bpm", 0), ("56-85 bpm", 1), ("<=55 bpm", 2),
                                                      ("Asystole or pathological bradyarrhythmia", 3)))


def test_bands_beside_a_worded_option_are_read_by_the_number():
    r = one(LOWEST_HR, "A 55-year-old man. During the operation his lowest heart rate was 48 bpm.")
    assert (r.value, r.status) == ("<=55 bpm", "read")
    assert one(LOWEST_HR, "A 60-year-old whose heart rate fell to 70 bpm under anaesthesia.").value == "56-85 bpm"
    r = one(LOWEST_HR, "A 55-year-old woman had a smooth operation.")
    assert r.status != "read"  # the age is not the heart rate's band
    assert one(LOWEST_HR, "Her heart rate showed a pathological bradyarrhythmia during induction.").value == \
        "Asystole or pathological bradyarrhythmia"


CYANOSIS = Choice("cyan", "Cyanosis", opts(("None", 0), ("With agitation", 4), ("At rest", 5)))


def test_a_graded_item_every_mention_denies_takes_its_absent_option():
    r = one(CYANOSIS, "The child has stridor with agitation, but no cyanosis.")
    assert (r.value, r.status) == ("None", "read")
    assert one(CYANOSIS, "Cyanosis appears with agitation and settles at rest.").value == "With agitation"
    r = one(CYANOSIS, "No cyanosis at first; later cyanosis at rest was seen.")
    assert r.value != "None"  # one mention affirms it


LEG = Choice("leg", "Leg weakness", opts(("None or mild", 0), ("Moderate", 1), ("Severe", 2)))
ARM = Choice("arm", "Arm weakness", opts(("None or mild", 0), ("Moderate", 1), ("Severe", 2)))
VESSELS = Choice("vessels", "Vessel pattern", opts(("Normal", 0), ("Partial loss", 1), ("Loss", 2)))


def test_a_graded_item_read_in_the_clause_that_names_it_best():
    text = "She has moderate arm weakness, severe leg weakness and a mild facial droop."
    got = read_items((LEG, ARM), text).items
    assert (got["leg"].value, got["arm"].value) == ("Severe", "Moderate")


def test_of_two_fully_named_options_the_wider_one_wins():
    assert one(VESSELS, "Endoscopy shows partial loss of the vessel pattern.").value == "Partial loss"
    assert one(VESSELS, "Endoscopy shows loss of the vessel pattern.").value != "Partial loss"


FOCI = Choice("foci", "Portal inflammation (foci per 100x field)", opts(("No foci", 0), ("1 focus per 100x field", 1),
                                                                          ("2-4 foci per 100x field", 2),
                                                                          (">4 foci per 100x field", 3)))
FOCI_COUNT = Choice("foci_n", "Portal inflammation (foci per 100x field)", opts(("0", 0), ("1", 1), ("2-4", 2), (">4", 3)))
EPISODES = Choice("episodes", "Episodes of syncope", opts(("0", 0), ("1-2", 1), ("3-5", 2), (">5", 3)))
SPIRO = Choice("spiro", "DLCO % predicted", opts((">60%", 0), ("40-60%", 1), ("<40%", 2), ("Unable to perform", 3)))


def test_dashes_and_magnifications():
    assert one(FOCI, "Biopsy: 2–4 foci of portal inflammation per 100× field.").value == "2-4 foci per 100x field"
    assert one(FOCI_COUNT, "Biopsy: portal inflammation, foci per 100× field: 3.").value == "2-4"


def test_a_band_label_read_as_written_but_not_from_an_age():
    assert one(EPISODES, "She reports 3-5 episodes of fainting this year.").value == "3-5"
    r = one(EPISODES, "A 5-year-old with episodes of syncope.")
    assert r.value != ">5" and r.value != "3-5"


def test_a_worded_option_beside_bands_named_by_its_words():
    assert one(SPIRO, "He was unable to perform the DLCO test.").value == "Unable to perform"
    assert one(SPIRO, "His DLCO was 52% of predicted.").value == "40-60%"


ANGINA_OR_DYSPNEA = yes_no("sx", "Symptoms of angina or dyspnea", default=None)
NYHA = yes_no("nyha", "NYHA class III or IV heart failure", default=None)


def test_a_concept_that_is_one_alternative_of_the_item():
    r = one(ANGINA_OR_DYSPNEA, "She presents with shortness of breath on exertion.")
    assert (r.value, r.status) == ("Yes", "read")
    # grades joined by 'or' are no alternatives: heart failure is not 'class III or IV' heart failure
    assert one(NYHA, "He has had heart failure for two years.").value != "Yes"


FLOW = Choice("flow", "Oxygen flow rate, L/min", opts(("<=2", 0), ("3-4", 1), ("5-6", 2), (">6", 3)))


def test_a_band_label_number_the_band_holds():
    assert one(FLOW, "She receives 4 liters of oxygen each minute by nasal cannula.").value == "3-4"
    assert one(FLOW, "A 4-year-old girl on nasal cannula oxygen.").value != "3-4"


VERTEBRAE = Choice("vert", "Number of vertebral metastases", opts(("1", 0), ("2", 1), (">=3", 2)))


def test_a_number_after_a_later_use_of_the_items_words():
    text = "Vertebral imaging showed no rib metastases at all, but extensive metastatic involvement of more than three."
    assert one(VERTEBRAE, text).value == ">=3"


SBP_EXTREME = yes_no("sbp_x", "Any systolic pressure <90 or >180 mmHg", default=None)


def test_a_systolic_pressure_is_not_the_diastolic_of_a_ratio():
    assert one(SBP_EXTREME, "His blood pressure was 195/100 mmHg on arrival.").value == "Yes"
    assert one(SBP_EXTREME, "Her systolic pressure was 120 mmHg.").value == "No"


VIRAL_LOAD = Choice("load", "Viral load, copies/mL", opts(("<1,000", 0), ("1,000-99,999", 1), ("100,000-999,999", 2),
                                                         (">=10⁶", 3)))


def test_a_band_written_as_a_power_of_ten():
    assert one(VIRAL_LOAD, "Her viral load is 250,000 copies/mL.").value == "100,000-999,999"
    assert one(VIRAL_LOAD, "Her viral load is 3,500,000 copies/mL.").value == ">=10⁶"


FAINT = yes_no("faint", "Presyncope or syncope", default=None)


def test_an_alternative_no_concept_names_is_named_by_its_words():
    assert one(FAINT, "She had a presyncopal episode while standing.").value == "Yes"


SMOKING = Choice("smoke", "Smoking status", opts(("Non smoker", 0), ("Former smoker", 1), ("Current smoker", 2)))
RACE = Choice("race", "Race", opts(("Black", 1), ("Non-black", 0)))


def test_a_non_label_needs_its_own_non_word():
    assert one(SMOKING, "He is a lifelong non-smoker.").value == "Non smoker"
    assert one(RACE, "A non-Caucasian woman with flank pain.").status != "read"
    assert one(RACE, "A non-black woman with flank pain.").value == "Non-black"


ASPECTS = Number("aspects", "ASPECTS score", "points", 0, 10)
NIHSS = Number("nihss", "NIHSS score", "points", 0, 42)
NEW_LESIONS = Number("new", "Number of new brain lesions", "count", 0, 100)


def test_the_number_after_the_items_most_telling_word():
    text = "On arrival the NIHSS score is 4, and the ASPECTS score is 9."
    got = read_items((ASPECTS, NIHSS), text).items
    assert (got["aspects"].value, got["nihss"].value) == (9, 4)


def test_a_number_with_a_time_unit_is_no_count():
    r = one(NEW_LESIONS, "MRI shows 7 new brain lesions appearing 2 years after radiosurgery.")
    assert (r.value, r.status) == (7, "read")



T_SCORE = Choice("t", "Femoral neck T-score", opts(("Not measured", 0), (">=-1", 0), ("Between -1 and -2.5", 1),
                                                    ("<-2.5", 2)))
BASE_EXCESS = Number("be", "Base excess", "mEq/L", -40, 40)


def test_a_negative_value_keeps_its_sign():
    assert one(BASE_EXCESS, "Arterial gas: base excess of -6 mEq/L.").value == -6
    assert one(BASE_EXCESS, "Arterial gas: base excess of 4 mEq/L.").value == 4


def test_bands_with_negative_labels_are_read_with_their_sign():
    assert one(T_SCORE, "Densitometry gives a femoral neck T-score of -3.1.").value == "<-2.5"
    assert one(T_SCORE, "Densitometry gives a femoral neck T-score of -1.8.").value == "Between -1 and -2.5"
    assert one(T_SCORE, "Densitometry gives a femoral neck T-score of 0.4.").value == ">=-1"


INSULIN = Number("insulin", "Regular insulin needed, units", "units", 0, 1000)
DAYS_BEFORE = Choice("days", "Hospital days before transfer", opts(("<=2", 0), ("3-7", 1), (">7", 2)))


def test_the_number_after_the_items_words_stays_in_its_phrase():
    r = one(INSULIN, "He needed regular insulin over 12 hours, and his serum glucose was 310 mg/dL.")
    assert r.value != 310
    assert one(INSULIN, "He needed regular insulin of 60 units.").value == 60


def test_a_day_count_item_reads_a_number_with_days():
    assert one(DAYS_BEFORE, "Her hospital stay before transfer lasted 5 days.").value == "3-7"


B2M = Choice("b2m", "Serum beta2 microglobulin", opts(("<3.5 mg/L", 1), ("3.5 - 5.4 mg/L", 2), (">5.4 mg/L", 3)))


def test_a_spaced_range_dash_is_no_minus_sign():
    assert one(B2M, "Tests reveal a serum beta2 microglobulin level of 4.2 mg/L.").value == "3.5 - 5.4 mg/L"


AGE_BANDS = Choice("age", "Age", opts(("<35 years", 0), (">=35 and <55 years", 1), (">=55 and <75 years", 2),
                                      (">=75 years", 3)))


def test_a_band_whose_unit_is_written_once_is_still_a_band():
    assert one(AGE_BANDS, "A 61-year-old man with a fractured ankle.").value == ">=55 and <75 years"
    assert one(AGE_BANDS, "A 40-year-old man with a fractured ankle.").value == ">=35 and <55 years"
