"""The vignette reader on sentences written for these tests (items built here, not taken from one score)."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, Number, opts, yes_no
from medmirror.tools.extraction.choice_labels import absent_option, band_holds, bands, content_words, is_finding
from medmirror.tools.extraction.vignette import read_items
from tests.unit.extraction._vignette import one

COPD = yes_no("copd", "Active COPD")
FEVER = yes_no("fever", "Fever in the last week")
DIABETES = yes_no("dm", "Diabetes mellitus", default=None)
HYPOTENSION = yes_no("hypo", "Hypotension (systolic BP <90 mmHg)", default=None)
RR = Choice("rr", "Respiratory rate", opts(("<9 bpm", 2), ("9-14 bpm", 0), ("15-20 bpm", 1), ("21-29 bpm", 2),
                                           (">=30 bpm", 3)))
AGE = Choice("age", "Age (years)", opts(("<60", 0), (">=60", 1)))
DURATION = Choice("dur", "Duration of symptoms", opts(("<6 weeks", 0), (">=6 weeks", 1)))
BURDEN = Choice("burden", "Burden of illness", opts(("None or mild", 5), ("Moderate", 3), ("Severe", 0)))
TREMOR = Choice("tremor", "Tremor", opts(("No tremor", 0), ("Mild tremor", 1), ("Marked tremor", 2)))
CANCER = Choice("cancer", "Tumor type", opts(("Solid tumor", 0), ("Breast or gynecologic cancer", 1),
                                            ("Lung or any other cancer", 2)))
HR = Number("hr", "Heart rate", "beats/min", 20, 300)



def test_label_kinds():
    assert is_finding(COPD) and absent_option(COPD) == "No"
    assert not is_finding(BURDEN) and bands(BURDEN) is None
    qs = bands(RR)
    assert qs is not None and [q.text for q in qs][:2] == ["<9", "9-14"]
    assert band_holds(qs[1], 14.5) and not band_holds(qs[1], 15) and band_holds(qs[2], 15)
    assert "chronic" in content_words("COPD")  # the vocabulary's abbreviation spelled out


def test_band_read_from_the_raw_value_with_its_span():
    text = "A 70-year-old man. On arrival his respiratory rate was 24 breaths/min and he looked unwell."
    r = one(RR, text)
    assert (r.value, r.status) == ("21-29 bpm", "read")
    assert r.span is not None and "respiratory rate was 24" in text[r.span[0]:r.span[1]]
    assert one(RR, "Respiratory rate 14/min.").value == "9-14 bpm"
    assert one(AGE, "A 72-year-old woman with a cough.").value == ">=60"
    assert one(AGE, "A 45-year-old woman with a cough.").value == "<60"


def test_time_band_from_the_duration_in_the_text():
    assert one(DURATION, "Joint swelling in both hands for the past 8 weeks.").value == ">=6 weeks"
    assert one(DURATION, "Joint swelling for three weeks.").value == "<6 weeks"
    two = one(DURATION, "Pain for 2 weeks after a fall 9 months ago.")
    assert two.status == "uncertain" and two.value is None


def test_band_without_a_number_is_left_out_not_guessed():
    r = one(RR, "He is breathing comfortably.")
    assert r.status == "missing" and r.value is None


def test_finding_with_negation_and_assumption():
    assert one(COPD, "She has active COPD on two inhalers.").value == "Yes"
    assert one(COPD, "He denies chronic obstructive pulmonary disease.").value == "No"
    r = one(COPD, "A 40-year-old runner with an ankle sprain.")
    assert (r.value, r.status) == ("No", "assumed")
    # the scope of a negation ends at 'but'
    assert one(FEVER, "No cough, but he had a fever last week.").value == "Yes"
    assert one(FEVER, "He reports no fever in the last week.").value == "No"
    # a relative's disease is not the patient's
    assert one(DIABETES, "Her mother has diabetes mellitus.").status == "assumed"


def test_finding_with_a_threshold_read_from_the_number():
    assert one(HYPOTENSION, "Blood pressure 84/50 mmHg on arrival.").value == "Yes"
    assert one(HYPOTENSION, "Blood pressure 128/70 mmHg on arrival.").value == "No"


def test_graded_choice_from_its_label_words():
    assert one(BURDEN, "He is admitted with severe symptoms of febrile neutropenia.").value == "Severe"
    assert one(TREMOR, "There is a mild tremor of both hands.").value == "Mild tremor"
    assert one(TREMOR, "There is a slight tremor of both hands.").value == "Mild tremor"  # synonym
    assert one(CANCER, "A woman treated for metastatic breast cancer.").value == "Breast or gynecologic cancer"
    # both options named: uncertain, both given as candidates
    tie = one(TREMOR, "The tremor varies from mild to marked.")
    assert tie.status == "uncertain" and set(tie.candidates) == {"Mild tremor", "Marked tremor"}
    # not named: its normal option is assumed
    assert (one(TREMOR, "Walks without aid.").value, one(TREMOR, "Walks without aid.").status) == (
        "No tremor", "assumed")
    # a negated option word does not support that option
    assert one(TREMOR, "There is no marked tremor.").value != "Marked tremor"


def test_number_item_from_the_extractor_in_its_unit():
    r = one(HR, "Pulse 112 bpm, BP 120/80.")
    assert (r.value, r.status) == (112.0, "read")
    assert one(HR, "Alert and oriented.").status == "missing"


# ---------------------------------------------------------------------------
# The model's proposals, checked
# ---------------------------------------------------------------------------

# no option scores 0 and none says 'absent': a gait the text does not settle is missing, never assumed
GAIT = Choice("gait", "Gait", opts(("Steady gait", 1), ("Shuffling steps", 2), ("Unable to walk", 3)))
CASE = "An 80-year-old man comes with his son. He walks with small shuffling steps and needs a cane. No falls."


def scripted(*replies):
    from medmirror.core.models.scripted import ScriptedChatModel

    return ScriptedChatModel(responses=list(replies), name_="extractor")


def test_a_proposal_with_a_fabricated_quote_is_refused():
    assert one(GAIT, "He is unsteady on his feet.").status == "missing"
    model = scripted({"option": "Unable to walk", "quote": "He is unable to walk at all."})
    r = read_items((GAIT,), "He is unsteady on his feet.", model=model).items["gait"]
    assert len(model.calls) == 1
    assert (r.status, r.value) == ("missing", None)
    assert "the model's proposal was refused" in r.how and "is not in the text" in r.how


def test_a_proposal_with_a_real_supporting_quote_is_accepted():
    from medmirror.tools.extraction.vignette import check_proposal

    label, why, span = check_proposal(CASE, GAIT, "Shuffling steps", "He walks with small shuffling steps")
    assert label == "Shuffling steps" and span is not None and CASE[span[0]:span[1]].startswith("He walks")
    # a real sentence that does not say what the option says
    assert check_proposal(CASE, GAIT, "Unable to walk", "He walks with small shuffling steps")[0] is None
    # a real sentence whose words are negated
    assert check_proposal("He has no shuffling steps today.", GAIT, "Shuffling steps",
                          "He has no shuffling steps today")[0] is None
    # a finding: 'No' needs the negated words, 'Yes' the affirmed ones
    assert check_proposal("She denies active COPD.", COPD, "No", "She denies active COPD")[0] == "No"
    assert check_proposal("She denies active COPD.", COPD, "Yes", "She denies active COPD")[0] is None
    # not one of the labels
    assert check_proposal(CASE, GAIT, "Ataxic", "He walks with small shuffling steps")[0] is None


def test_the_reader_asks_the_model_only_for_what_the_rules_leave_and_checks_it():
    text = "On bad days he is unable to walk. Today he walks with shuffling steps."
    assert set(one(GAIT, text).candidates) == {"Unable to walk", "Shuffling steps"}  # the rules cannot tell
    model = scripted({"option": "Shuffling steps", "quote": "Today he walks with shuffling steps."})
    reading = read_items((COPD, GAIT), text, model=model)
    assert reading.items["copd"].status == "assumed"  # rules settled it (absent, assumed): no model call for it
    g = reading.items["gait"]
    assert (g.value, g.status) == ("Shuffling steps", "read") and "proposed by the model" in g.how
    assert len(model.calls) <= 1


def test_variants_move_only_the_unsettled_items_within_what_the_text_allows():
    text = "The tremor varies from mild to marked. She has active COPD."
    reading = read_items((TREMOR, COPD, GAIT), text)
    vs = reading.variants((TREMOR, COPD, GAIT))
    # tremor over its two candidates, gait (missing) over its three options, COPD fixed as read
    assert vs is not None and len(vs) == 2 * 3 and all(v["copd"] == "Yes" for v in vs)
    assert {v["tremor"] for v in vs} == {"Mild tremor", "Marked tremor"} and len({v["gait"] for v in vs}) == 3
    assert reading.variants((TREMOR, COPD, GAIT), limit=5) is None  # bounded
    assert read_items((HR,), "No vitals taken.").variants((HR,)) is None  # a number is never enumerated


ACR = Choice("acr", "Urine albumin-to-creatinine ratio, mg/g", opts(("<30", 0), ("30-300", 1), (">300", 2)))


def test_a_comparison_in_the_text_is_an_interval_placed_whole():
    assert one(ACR, "Her urine albumin-to-creatinine ratio is >300 mg/g.").value == ">300"
    assert one(ACR, "Her urine albumin-to-creatinine ratio is 300 mg/g.").value == "30-300"
    assert one(ACR, "Urine albumin-to-creatinine ratio below 30 mg/g.").value == "<30"
    r = one(ACR, "Urine albumin-to-creatinine ratio under 200 mg/g.")  # <200 spans two bands
    assert r.status == "uncertain" and set(r.candidates) == {"<30", "30-300"}
    assert one(HYPOTENSION, "Systolic blood pressure below 80 mmHg.").value == "Yes"


def test_a_finding_with_two_cut_offs_is_present_when_either_holds():
    temp = yes_no("temp", "Temp >38°C (100.4°F) or <36°C (96.8°F)", default=None)
    assert one(temp, "Temperature 39.2 °C, pulse 100.").value == "Yes"
    assert one(temp, "Temperature 35.1 °C, pulse 100.").value == "Yes"
    assert one(temp, "Temperature 37.0 °C, pulse 100.").value == "No"  # 37 < 96.8 (°F) is not read


def test_a_band_without_a_number_in_the_text_is_read_by_its_labels_words():
    cough = Choice("cough", "Cough", opts(("0 ('I never cough')", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4),
                                          ("5 ('I cough all the time')", 5)))
    assert bands(cough) is not None
    assert one(cough, "She says she coughs all the time, day and night.").value == "5 ('I cough all the time')"
    assert one(cough, "She is breathless on stairs.").status in ("missing", "assumed")


def test_normal_answers_an_abnormal_finding_but_a_limit_of_normal_does_not():
    low_hb = yes_no("hgb", "Hemoglobin < lower limit of normal", default=None)
    assert one(low_hb, "Labs: normal hemoglobin, raised calcium.").value == "No"
    assert one(low_hb, "His hemoglobin level is below the lower limit of normal.").value == "Yes"


def test_an_option_told_apart_by_a_combination_of_shared_words():
    cyto = Choice("cyto", "Cytogenetic group", opts(("Very good: del(11q)", 0), ("Good: normal", 1),
                                                   ("Poor: complex 3 abnormalities", 3),
                                                   ("Very poor: complex >3 abnormalities", 4)))
    assert one(cyto, "Bloodwork: cytogenetic group very poor, complex karyotype.").value == \
        "Very poor: complex >3 abnormalities"


# issue 28: bands and cut-offs in the unit their text writes; numbers as words, with thousands, before the words
TEMP_F = Choice("temp", "Temperature, degF (degC)", opts(("<101.1 (<38.4)", 0), ("101.1-102.9 (38.4-39.4)", 1),
                                                       (">102.9 (>39.4)", 2)))
WEIGHT_LB = Choice("wt", "Weight", opts((">125 lb (>56.7 kg)", 0), ("<=125 lb (<=56.7 kg)", 1)))
WBC_CUT = yes_no("wbc", "WBC > 12,000 cells/mm3")
STOOLS = Choice("stools", "Bowel movements per day", opts(("<4", 0), ("4-5", 1), (">=6", 2)))
RADIUS = Choice("radius", "Radius: maximal diameter, cm", opts(("<=4", 1), (">4 and <7", 2), (">=7", 3)))
SIZE = Choice("size", "Size of aneurysm", opts(("<7.0 mm", 0), ("7.0-9.9 mm", 3), (">=10.0 mm", 6)))
SINCE = Choice("since", "Years since diabetes diagnosis", opts(("<10 years", 0), (">=10 years", 1)))
SHOCK = Choice("shock", "Shock", opts(("No shock (SBP >=100 AND HR <100)", 0), ("Tachycardia (SBP >=100 AND HR >=100)", 1),
                                     ("Hypotension (SBP <100)", 2)))


def test_a_band_in_fahrenheit_or_pounds_takes_the_extractors_value_converted():
    # the extractor keeps 103 degF as 39.44 degC and 130 lb as 58.97 kg: placed in degC/kg bands it would be '<101.1'
    assert one(TEMP_F, "Fever of 103degF for two days.").value == ">102.9 (>39.4)"
    assert one(TEMP_F, "Temperature 38.0 °C.").value == "<101.1 (<38.4)"  # 100.4 degF
    assert one(WEIGHT_LB, "She weighs 130 lb.").value == ">125 lb (>56.7 kg)"
    assert one(WEIGHT_LB, "She weighs 54 kg.").value == "<=125 lb (<=56.7 kg)"  # 119 lb
    # 14,000 cells/mm3 is 14 x 10^9/L for the extractor; the cut-off is written in cells/mm3
    assert one(WBC_CUT, "His white blood cell count is 14,000 cells/mm3.").value == "Yes"
    assert one(WBC_CUT, "His white blood cell count is 9,000 cells/mm3.").value == "No"


def test_counts_in_words_before_the_items_words_and_intervals_written_with_and():
    assert one(STOOLS, "She has fewer than four bowel movements a day.").value == "<4"
    assert one(STOOLS, "She has seven bowel movements a day.").value == ">=6"
    assert one(STOOLS, "Bowel movements: 5 per day.").value == "4-5"
    assert [(q.low, q.high) for q in bands(RADIUS)][1] == (4, 7)  # '>4 and <7' is one band, not '>4'
    assert one(RADIUS, "A renal mass with a radius of 9 cm.").value == ">=7"
    assert one(RADIUS, "A renal mass with a radius of 5 cm.").value == ">4 and <7"


def test_a_band_item_not_named_takes_the_one_value_in_its_unit_and_an_age_is_no_duration():
    # the text does not name the item ('Size of aneurysm'): its one value in mm is read
    r = one(SIZE, "Angiography shows a new sac of 6.5 mm at the bifurcation.")
    assert r.value == "<7.0 mm" and "the only value in mm" in r.how
    two = one(SIZE, "Angiography shows sacs of 6.5 mm and 12 mm at the bifurcation.")
    assert two.value is None and two.status != "read"  # two values in mm: which one is not guessed
    # '55-year-old' is an age, not a duration of 55 years
    assert one(SINCE, "A 55-year-old woman with type 2 diabetes diagnosed 6 years ago.").value == "<10 years"


def test_a_negative_label_is_supported_by_a_negation():
    from medmirror.tools.extraction.vignette import check_proposal

    text = "He is pale and feels faint but there is no shock."
    assert check_proposal(text, SHOCK, "No shock (SBP >=100 AND HR <100)", text)[0] == "No shock (SBP >=100 AND HR <100)"
    assert check_proposal(text, SHOCK, "Hypotension (SBP <100)", text)[0] is None
    assert check_proposal("He is in shock.", SHOCK, "No shock (SBP >=100 AND HR <100)", "He is in shock.")[0] is None
