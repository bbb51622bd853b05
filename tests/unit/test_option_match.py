"""The option matcher: one test per rule, on synthetic option texts (none copied from a dataset row)."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators.option_match import categories, contexts, match_options, quantities


def opts(*texts: str) -> dict[str, str]:
    return dict(zip("ABCD", texts))


def test_number_point_equals_the_stated_percentage():
    m = match_options(opts("3.1% yearly bleeding", "7.4% yearly bleeding", "11% yearly bleeding", "0.5% yearly bleeding"),
                      4, "points", "Intermediate: 7.4% yearly bleeding risk")
    assert m.letter == "B" and "number" in m.reason


def test_number_value_in_an_option_range():
    m = match_options(opts("score 0-2", "score 3-5", "score 6-9", "score 10 or more"), 4, "points", "")
    assert m.letter == "B"


def test_number_comparators_and_open_intervals():
    m = match_options(opts("< 3 points", "≥ 12 points", "between 3 and 11", "exactly 2"), 14, "points", "")
    assert m.letter == "B"
    (q,) = quantities("under 40%")
    assert q.high == 40 and q.high_open and q.unit == "%"


def test_number_rounding_and_exact_beats_rounded():
    m = match_options(opts("0.24% probability", "0.2% probability", "2% probability", "20% probability"),
                      None, None, "Estimated probability 0.2%")
    assert m.letter == "B"  # 0.24 agrees only at the evidence's precision, 0.2 is the number as printed
    assert m.options["A"].supported and "agrees with" in m.options["A"].matches[0]
    m = match_options(opts("41% risk", "18% risk", "9% risk", "63% risk"), 17.96, "%", "")
    assert m.letter == "B"


def test_number_of_another_unit_is_not_compared():
    # the options speak of months, the result only of points: nothing to compare, no option
    m = match_options(opts("8 months", "20 months", "35 months", "50 months"), 20, "points", "")
    assert m.letter is None and "no option supported" in m.reason


def test_range_with_open_upper_end_and_units_that_differ_are_two_quantities():
    (q,) = quantities("10 to <25% chance")
    assert (q.low, q.high, q.high_open) == (10, 25, True)
    assert len(quantities("2.5 years to 40% progression")) == 2


def test_time_frames_and_class_numerals_are_not_quantities():
    assert quantities("10-year survival at 6 months, Class III") == []
    assert quantities("by age 9 years") == []


def test_level_words_and_compounds():
    assert categories("Moderate-to-severe symptoms")["level"] == {"moderate_severe"}
    assert categories("very low chance")["level"] == {"very_low"}
    assert categories("intermediate-high group")["level"] == {"moderate_high"}
    assert categories("on high-flow oxygen, low risk")["level"] == {"low"}  # high-flow is not a level
    m = match_options(opts("Low concern", "Intermediate concern", "High concern", "Very high concern"), 6, "points",
                      "Moderate concern: refer")
    assert m.letter == "B" and "level: moderate" in m.reason


def test_level_alternatives_with_a_slash():
    m = match_options(opts("Quiet/minimal activity", "Moderate activity", "High activity", "Remission"), 2, "points",
                      "Minimal disease activity")
    assert m.letter == "A"


def test_level_with_a_bracketed_synonym_offers_both():
    assert categories("high (moderate-high) risk: treat")["level"] == {"high", "moderate_high"}
    m = match_options(opts("Very high risk", "Minimal risk", "Low risk", "Moderate-high risk"), 5, "points",
                      "high (moderate-high) risk: treat")
    assert m.letter == "D"


def test_first_level_mention_is_the_level():
    assert categories("High chance of severe colitis")["level"] == {"high"}


def test_none_level_from_negation():
    assert categories("No relevant anxiety")["level"] == {"none"}
    m = match_options(opts("No relevant anxiety", "Mild anxiety", "Moderate anxiety", "Severe anxiety"), 1, "points",
                      "Anxiety absent")
    assert m.letter == "A"


def test_likelihood_axis():
    m = match_options(opts("Gallstones unlikely", "Gallstones likely", "Gallstones possible", "Gallstones definite"),
                      1, "points", "Not likely: look for another cause")
    assert m.letter == "A"
    assert categories("highly unlikely")["likelihood"] == {"very_unlikely"}


def test_result_axis_and_false_positive_is_its_own_key():
    m = match_options(opts("Negative screen", "Positive screen", "False positive screen", "Inconclusive screen"),
                      3, "points", "Positive screen: assess further")
    assert m.letter == "B"
    assert categories("equivocal")["result"] == {"indeterminate"}


def test_class_roman_and_arabic_are_the_same():
    m = match_options(opts("Group 1", "Group 2", "Group 3", "Group 4"), 7, "points", "Group III: treat early")
    assert m.letter == "C" and "class" in m.reason


def test_words_rule_for_options_without_claims_and_negation_conflict():
    m = match_options(opts("Discharge home", "Admit to ward", "Transfer to theatre", "Observe overnight"), 1, "points",
                      "Safe to discharge home")
    assert m.letter == "A" and "words" in m.reason
    m = match_options(opts("Eligible for day surgery", "Not eligible for day surgery", "Urgent review", "Defer"),
                      5, "points", "Not eligible for day surgery")
    assert m.letter == "B"
    assert "negation" in " ".join(m.options["A"].conflicts)


def test_negation_scope_ends_at_punctuation():
    m = match_options(opts("Plausible gout", "Confirmed gout", "Gout ruled out", "Gout unlikely"), 4, "points",
                      "Gout not confirmed (plausible gout; aspirate)")
    assert m.letter == "A"


def test_a_word_negated_in_one_place_and_plain_in_another_is_not_a_negation():
    m = match_options(opts("12% chance with surgery", "20% chance with surgery", "8% chance with surgery", "30%"),
                      2, "points", "Good recovery: 4.0% without surgery, 12.0% with surgery")
    assert m.letter == "A"


def test_tie_is_no_option_and_wording_breaks_a_tie():
    m = match_options(opts("1.2% risk", "3.4% risk", "5.6% risk", "7.8% risk"), 2, "points",
                      "1.2% early risk and 3.4% late risk")
    assert m.letter is None and "supported equally" in m.reason
    m = match_options(opts("Positive", "Borderline positive", "Negative", "Inconclusive"), 9, "points", "Positive")
    assert m.letter == "A" and "broken by wording" in m.reason


def test_conflicting_evidence_gives_no_option_and_explains():
    m = match_options(opts("Low chance (40%)", "High chance (80%)", "Moderate chance (60%)", "Very low chance (20%)"),
                      None, None, "Low chance: 5%")
    assert m.letter is None and "conflicts" in m.reason
    assert any("number" in c for c in m.options["A"].conflicts)
    assert "A:" in m.explanation()


def test_nothing_comparable_gives_no_option():
    m = match_options(opts("Alpha", "Beta", "Gamma", "Delta"), 3, "points", "")
    assert m.letter is None and m.to_json()["letter"] is None


@pytest.mark.parametrize("text,unit", [("12 months", "month"), ("3 yrs", "year"), ("45 percent", "%"), ("7 points", "")])
def test_units_normalised(text, unit):
    (q,) = quantities(text)
    assert q.unit == unit


# --- several numbers in one result: the words next to each number (synthetic texts) ---------------------------


def test_question_time_frame_chooses_among_the_results_numbers():
    interp = "4.1% thrombosis risk at 14 days and 6.3% thrombosis risk at 60 days"
    options = opts("6.3% chance", "4.1% chance", "2.0% chance", "9.9% chance")
    m = match_options(options, 3, "points", interp, "What is the chance of thrombosis within 14 days?")
    assert m.letter == "B" and "tf:14" in m.reason
    m = match_options(options, 3, "points", interp, "What is the chance of thrombosis over the next 60 days?")
    assert m.letter == "A"
    assert match_options(options, 3, "points", interp).letter is None  # no question: two options, a tie


def test_abbreviations_and_outcome_words_choose_the_number():
    interp = "Group 2: PFS 38% and OS 57% at 3 years"
    m = match_options(opts("38%", "57%", "12%", "80%"), 2, "points", interp, "What is the 3-year overall survival?")
    assert m.letter == "B"
    m = match_options(opts("21% will not survive 30 days", "79% will not survive 30 days", "5%", "50%"), 1, "points",
                      "79% 30-day survival (21% 30-day mortality)")
    assert m.letter == "A"  # "not survive" is mortality, the option's own words decide


def test_option_words_decide_before_the_question_and_a_mismatched_question_is_dropped():
    interp = "Stage B: 2-year relapse-free survival 61.0%, overall survival 83.5%"
    question = "What is the 2-year relapse-free survival?"
    m = match_options(opts("61.0% overall survival", "83.5% overall survival", "70.2%", "90.1%"), 1, "points", interp,
                      question)
    assert m.letter == "B"  # the option's words name overall survival: 83.5%, whatever the question says
    # no option states the question's number: the options' own words are read alone
    m = match_options(opts("83.5% survival", "70.2% survival", "55.0% survival", "90.1% survival"),
                      1, "points", interp, question)
    assert m.letter == "A"


def test_each_number_of_an_option_has_its_own_words():
    interp = "Recovery at 1 year: 22% of all patients, 41% of those discharged home"
    m = match_options(opts("41% of all patients, 22% of those discharged home", "22% of all patients, 41% of those "
                           "discharged home", "10% of all patients, 30% of those discharged home", "5%"), 3, "points",
                      interp)
    assert m.letter == "B"
    (a, b) = quantities(interp)
    assert contexts(interp, [a, b]) == [{"tf:365", "recovery"}, {"discharged", "home"}] or "discharged" in \
        contexts(interp, [a, b])[1]


def test_an_aside_without_numbers_stays_in_its_clause():
    interp = "death 12.5%; poor outcome (coma, dependence or death) 40.0%"
    m = match_options(opts("12.5% chance of coma or dependence", "40.0% chance of coma or dependence", "25.0%", "60%"),
                      4, "points", interp)
    assert m.letter == "B"


def test_nearest_option_when_none_states_the_number():
    m = match_options(opts("97% probability", "60% probability", "75% probability", "30% probability"), 4, "points",
                      "97.7% probability of the disease")
    assert m.letter == "A" and "nearest" in m.reason
    # two options about as near: no option
    m = match_options(opts("9% probability", "11% probability", "40% probability", "70% probability"), 4, "points",
                      "10.0% probability")
    assert m.letter is None


def test_the_category_the_result_states_first_breaks_a_tie_between_axes():
    m = match_options(opts("Positive", "Negative", "Unlikely", "Indeterminate"), 0, "points",
                      "Negative: the syndrome is unlikely")
    assert m.letter == "B" and "first" in m.reason
    m = match_options(opts("Probable condition", "Positive condition", "Negative condition", "Uncertain condition"),
                      "Positive", None, "Positive condition: likely (criteria met)")
    assert m.letter == "B"


def test_a_class_word_outranks_an_option_that_only_shares_words():
    # 'Immediate risk' only shares words with the result; 'High risk' states its level
    opts = {"A": "Immediate risk", "B": "Low risk", "C": "Moderate risk", "D": "High risk"}
    m = match_options(opts, "High risk", None, "High risk of suicide: immediate notification of the physician")
    assert m.letter == "D", m.explanation()


def test_a_number_glued_to_a_name_by_a_hyphen_is_not_a_quantity():
    assert quantities("Mild COVID-19 anxiety") == []
    assert [q.text for q in quantities("score 5-7")] == ["5-7"]
    opts = {"A": "Severe COVID-19 anxiety", "B": "Moderate COVID-19 anxiety",
            "C": "Negative diagnosis for COVID-19 anxiety", "D": "Mild COVID-19 anxiety"}
    m = match_options(opts, 6, "points", "Negative: CAS < 9, below the cut-off for dysfunctional coronavirus anxiety")
    assert m.letter == "C", m.explanation()


def test_timi_risk_index_top_group_reads_as_intermediate_high():
    from medmirror.tools.calculators import CALCULATORS

    # TRI = HR x (age/10)^2 / SBP = 120 x 7.5^2 / 100 = 67.5: > 30, the fifth group
    r = CALCULATORS["timi_risk_index"].run({"heart_rate": 120, "Age": 75, "systolic_blood_pressure": 100})
    assert r.value == 67.5
    opts = {"A": "Low risk, in-hospital mortality < 1%", "B": "Moderate risk, in-hospital mortality 3-5%",
            "C": "Intermediate/high risk, in-hospital mortality > 10%", "D": "Very low risk, in-hospital mortality < 0.5%"}
    assert match_options(opts, r.value, r.unit, r.interpretation).letter == "C"


# --- issue 28 item 4: generic misses of the MedRisk gold run (cases written for the tests) ---


def test_no_or_without_beside_a_percentage_is_no_level():
    # "if untreated"/"without X" qualifies the number; it is not the level "none" against the result's "high"
    m = match_options(opts("4% yearly relapse if no maintenance therapy", "9% yearly relapse if no maintenance therapy",
                           "15% yearly relapse if no maintenance therapy", "22% yearly relapse"),
                      3, "points", "High risk: 9% yearly relapse without maintenance therapy")
    assert m.letter == "B"
    assert categories("No tremor")["level"] == {"none"}  # without a percentage "no" still says none


def test_no_classes_caveat_is_not_the_level_none():
    assert "level" not in categories("Index 0.4; no severity classes are defined")
    assert "level" not in categories("total 12 (the scale has no published bands)")
    assert categories("no wheals and no itch")["level"] == {"none"}


def test_level_word_naming_the_outcome_after_risk_of_is_no_level():
    assert "level" not in categories("4.5-6% risk of severe complications")
    assert categories("Severe risk of complications")["level"] == {"severe"}
    m = match_options(opts("1-2% risk of severe complications", "4.5-6% risk of severe complications",
                           "20% risk of severe complications", "over 40%"),
                      7, "points", "Intermediate risk: 4.5-6% risk of major complications")
    assert m.letter == "B"


def test_non_prefix_negates_only_its_word_and_a_word_negated_somewhere_does_not_flip():
    m = match_options(opts("Emergency admission", "Same-day clinic", "Non-urgent review", "Urgent review"),
                      1, "points", "Low risk: non-urgent (routine) review as needed")
    assert m.letter == "C"
    m = match_options(opts("Suitable for day surgery", "Not suitable for day surgery", "Day surgery with review",
                           "Unclear"), 5, "points", "Not suitable for day surgery or clinic follow-up; admit for surgery")
    assert m.letter == "B"


def test_adverbs_and_descriptor_words_in_the_words_rule():
    m = match_options(opts("Typically benign", "Typically malignant", "Unclear", "Normal"),
                      2, "points", "Malignant pattern: typical of a malignant lesion")
    assert m.letter == "B"
    m = match_options(opts("Walker stage", "Early cane stage", "Late cane stage", "Wheelchair stage"),
                      3, "points", "Step 3: early cane")
    assert m.letter == "B"
    # the descriptor still counts in the tie-break: the option that says only what the result says wins
    m = match_options(opts("Low chance of fracture.", "High probability of fracture.", "7.5% risk of fracture.",
                           "Moderate risk of fracture."), "High", None, "High risk: 7.5% risk of fracture")
    assert m.letter == "C"


def test_an_option_number_the_words_did_not_choose_holds_when_it_alone_is_supported():
    # the option's words point at the second number, which no option states; the class and the first number agree
    m = match_options(opts("Class II, 4% risk of complications", "Class III, 9% risk of complications",
                           "Class I, 1% risk of complications", "Class IV, 20% risk of complications"),
                      3, "points", "class III: 9% risk of death or stroke; complication rate 7% in the validation study")
    assert m.letter == "B" and "only option" in m.reason
    # two options each stating one of the result's numbers stay ambiguous
    m = match_options(opts("9%", "7%", "3%", "1%"), 3, "points", "9% at 1 year; 7% at 5 years")
    assert m.letter is None


def test_highly_severe_is_very_severe():
    assert categories("Highly severe burns")["level"] == {"very_severe"}


def test_unlikely_and_less_likely_agree_more_weakly_than_the_same_word():
    m = match_options(opts("Bacterial cause likely", "Unlikely bacterial cause", "Viral cause", "Uncertain"),
                      1, "points", "Bacterial cause less likely (score < 2)")
    assert m.letter == "B" and "near" in m.reason
    m = match_options(opts("Unlikely to need surgery", "Less likely to need surgery", "Surgery likely", "Unclear"),
                      1, "points", "Surgery less likely")
    assert m.letter == "B"  # the same word wins over the near one


def test_words_that_say_the_same_thing():
    m = match_options(opts("Good outcome", "Poor outcome", "Uncertain outcome", "Fatal outcome"),
                      0, "points", "Score 0: favourable outcome expected")
    assert m.letter == "A"
    m = match_options(opts("Passed the screen", "Failure of the screen", "Screen not done", "Inconclusive"),
                      "Failed", None, "Failed screen: refer to speech therapy")
    assert m.letter == "B"
    m = match_options(opts("Criteria fulfilled", "Criteria partly met", "Not assessable", "Excluded"),
                      "Met", None, "Criteria met: candidate for the trial")
    assert m.letter == "A"


def test_a_negative_prefix_is_read_as_a_negation():
    m = match_options(opts("Eligible for home dialysis", "Ineligible for home dialysis", "Eligible after review",
                           "Unknown"), "No", None, "Not eligible for home dialysis by the criteria")
    assert m.letter == "B"


def test_within_normal_limits_is_normal():
    m = match_options(opts("Below normal limits", "Within normal limits", "Above normal limits", "Critical"),
                      12, "mmHg", "Normal: within the 8-15 mmHg target")
    assert m.letter == "B"


def test_negation_counts_a_hyphenated_word_once_and_cannot_negates():
    m = match_options(opts("Walks without aid", "No self-care, bedbound", "Walks with a frame",
                           "Independent"), 4, "points", "Grade 4: cannot manage any self-care; bedbound")
    assert m.letter == "B"


def test_a_level_word_after_risk_of_developing_names_the_outcome():
    assert "level" not in categories("40% chance of developing significant bleeding")


def test_the_words_rule_holds_beside_a_hedge_the_result_does_not_grade():
    m = match_options(opts("Within target, likely adequate drainage", "Below target, possible obstruction",
                           "Above target", "Unknown"), 12, "mL/h", "Within the 10-15 mL/h target: adequate drainage")
    assert m.letter == "A"
    # an option whose number the result cannot check is not supported by its other words
    m = match_options(opts("20% chance of readmission, arrange follow-up", "Arrange follow-up",
                           "No follow-up", "Admit"), 6, "points", "Score 5 or more: arrange follow-up")
    assert m.letter == "B"


def test_a_level_word_after_unlikely_names_the_unlikely_outcome():
    assert "level" not in categories("Unlikely severe disease; routine follow-up")
    assert categories("Unlikely severe disease; routine follow-up")["likelihood"] == {"unlikely"}
    assert categories("Likely severe disease")["level"] == {"severe"}


def test_a_time_frame_in_the_question_outweighs_another_word_it_shares():
    m = match_options(opts("1.1%", "3.4%", "4.8%", "6%"), 5, "points", "3.4% 30-day risk and 4.8% 90-day risk of stroke",
                      question="What is the risk of stroke within 30 days?")
    assert m.letter == "B"


def test_non_before_a_level_word_negates_it():
    assert categories("Non-severe course")["level"] == {"none"}
    m = match_options(opts("Severe course, admit to ICU", "Non-severe course, no ICU admission needed",
                           "Moderate course", "Unclear"), 0, "points", "Score 0: non-severe course; no ICU admission needed")
    assert m.letter == "B"


def test_a_comparator_before_about_and_a_number():
    (q,) = quantities("median survival under about 4 years")
    assert (q.high, q.high_open, q.unit) == (4, True, "year")
    m = match_options(opts("8-10 years", "5-7 years", "<4 years", ">10 years"), "III", None,
                      "Stage III: median survival under about 4 years")
    assert m.letter == "C"


def test_a_coordination_carries_the_negation_on():
    from medmirror.tools.calculators.option_match import negated_words
    assert {"outpatient", "care", "treatment"} <= negated_words("Not eligible for outpatient care or treatment")
    assert "treatment" not in negated_words("No fever; treatment started")


def test_a_finding_said_later_not_to_be_established_is_negated():
    from medmirror.tools.calculators.option_match import negated_words
    assert "benefit" in negated_words("benefit from surgery not established")
    m = match_options(opts("Likely to benefit", "Uncertain", "Not likely to benefit", "Certain to benefit"),
                      -30, "points", "Outside the range studied: benefit from surgery not established")
    assert m.letter != "A"


def test_the_tightest_interval_holding_the_number_breaks_a_tie():
    m = match_options(opts(">80% specific", "50-70% specific", "<30% specific", ">95% specific"),
                      2, "points", "Positive: specificity about 97%")
    assert m.letter == "D" and "tightly" in m.reason


def test_the_loose_number_pass_keeps_the_options_time_frame():
    # "1-year" picks 71%, which no option states; 45% is the 2-year figure and must not be taken for it
    m = match_options(opts("45% 1-year survival", "60% 1-year survival", "70% 1-year survival", "80% 1-year survival"),
                      5, "points", "Score 5: survival 71% at 1 year, 45% at 2 years, 27% at 3 years")
    assert m.letter == "C"  # the nearest, as before the loose pass


@pytest.mark.parametrize(("text", "low", "high"), [
    (">=-1", -1, float("inf")),
    ("<=-10%", float("-inf"), -10),
    ("−2.5 to −1", -2.5, -1),
    ("a T-score of -2.5", -2.5, -2.5),
    ("(-3)", -3, -3),
])
def test_a_minus_sign_is_read_as_the_sign_of_the_value(text, low, high):
    (q,) = quantities(text)
    assert (q.low, q.high) == (low, high)


@pytest.mark.parametrize(("text", "low", "high"), [("3.5 - 5.4", 3.5, 5.4), ("3-5", 3, 5), ("10 -20", 10, 20)])
def test_a_range_dash_is_no_minus_sign(text, low, high):
    (q,) = quantities(text)
    assert (q.low, q.high) == (low, high)


def test_between_two_values_is_one_interval_in_either_order():
    (q,) = quantities("Between -1 and -2.5")
    assert (q.low, q.high) == (-2.5, -1)
    (q,) = quantities("between 5 and 10%")
    assert (q.low, q.high, q.unit) == (5, 10, "%")


def test_a_negative_option_is_matched_by_a_negative_result():
    m = match_options(opts("score of -3 or less", "score -2 to 0", "score 1 to 3", "score 4 or more"), -1, "points", "")
    assert m.letter == "B"
