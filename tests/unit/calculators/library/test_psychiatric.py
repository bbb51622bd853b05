"""Psychiatric scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments

GDS_REVERSE = {"q1", "q5", "q7", "q11", "q13"}  # a "No" scores 1 on these


def test_gds15_all_answers_in_the_depressed_direction_score_15():
    calc = CALCULATORS["gds_15"]
    args = {f"q{i}": ("No" if f"q{i}" in GDS_REVERSE else "Yes") for i in range(1, 16)}
    result = calc.run(args)
    assert result.value == 15 and result.interpretation == "Suggests severe depression"


def test_gds15_six_points_is_mild():
    # q1 "No" (+1), q2..q6 "Yes" (+1 each except q5: "Yes" scores 0) -> 1 + 4 = 5; q8 "Yes" -> 6
    args = {f"q{i}": ("Yes" if f"q{i}" in GDS_REVERSE else "No") for i in range(1, 16)}  # all 0 so far
    args.update(q1="No", q2="Yes", q3="Yes", q4="Yes", q6="Yes", q8="Yes")
    result = CALCULATORS["gds_15"].run(args)
    assert result.value == 6 and result.interpretation == "Suggests mild depression"


def test_gds15_refuses_unanswered_items():
    with pytest.raises(CalculatorInputError, match="missing q2"):
        CALCULATORS["gds_15"].run({"q1": True})


def test_gds15_medrisk_gold_inputs_map_by_mdcalc_value():
    raw = {f"q{i}": 1 for i in range(1, 16)}  # MDCalc's value 1 is the depressed answer of every item
    args, notes = mdcalc_arguments(CALCULATORS["gds_15"], 10566, raw)
    assert not notes and args["q1"] == "No" and args["q2"] == "Yes"
    assert CALCULATORS["gds_15"].run(args).value == 15


def test_epds_positive_at_ten():
    # 1+0+1+2+2+1+2+2+2+2 = 15 -> positive (>= 10)
    raw = {"q1": 1, "q2": 0, "q3": 1, "q4": 2, "q5": 2, "q6": 1, "q7": 2, "q8": 2, "q9": 2, "q10": 2}
    args, notes = mdcalc_arguments(CALCULATORS["epds"], 10466, raw)
    result = CALCULATORS["epds"].run(args)
    assert not notes and result.value == 15 and result.interpretation.startswith("Positive")
    # 9 points (1 on each of q1..q9, q10 0) -> negative
    raw = {f"q{i}": 1 for i in range(1, 10)} | {"q10": 0}
    args, _ = mdcalc_arguments(CALCULATORS["epds"], 10466, raw)
    assert CALCULATORS["epds"].run(args).interpretation == "Negative screening result"
    with pytest.raises(CalculatorInputError, match="q10"):
        CALCULATORS["epds"].run({k: v for k, v in args.items() if k != "q10"})


def test_dast10_item_3_is_reverse_keyed():
    # q1 Yes 1 + q3 "No" (cannot always stop) 1 + q5 Yes 1 = 3 -> moderate (3-5)
    args = {f"q{i}": "No" for i in range(1, 11)} | {"q1": "Yes", "q3": "No", "q5": "Yes"}
    result = CALCULATORS["dast_10"].run(args)
    assert result.value == 3 and result.interpretation.startswith("Moderate")
    args["q3"] = "Yes"  # able to stop: 0 -> total 2, low
    assert CALCULATORS["dast_10"].run(args).interpretation.startswith("Low")
    with pytest.raises(CalculatorInputError, match="q10"):
        CALCULATORS["dast_10"].run({k: v for k, v in args.items() if k != "q10"})


def test_mdi_total_takes_the_higher_of_8ab_and_10ab():
    # 4+3+3 + 2+3 (items 4 and 5 both count) + 1+3 + max(2,3)=3 + 3 + max(2,0)=2 = 27 -> moderate (25-29)
    raw = {"sad": 4, "lost_interest": 3, "lacking_energy": 3, "self_confident": 2, "guilt": 3, "life": 1,
           "concentration": 3, "restless": 2, "subdued": 3, "sleeping": 3, "reduced_appetite": 2,
           "increased_appetite": 0}
    args, notes = mdcalc_arguments(CALCULATORS["mdi"], 1844, raw)
    result = CALCULATORS["mdi"].run(args)
    assert not notes and result.value == 27 and result.interpretation == "Moderate depression"
    # DSM-IV: mood (4 >= 4) yes, interest 3 no, energy 3 no, guilt max 3 yes, life 1 no, concentration yes,
    # psychomotor 3 yes, sleep yes, appetite 2 no -> 5 criteria with mood -> major depression
    assert result.components["dsm_iv_major_depression"] is True
    with pytest.raises(CalculatorInputError, match="sleeping"):
        CALCULATORS["mdi"].run({k: v for k, v in args.items() if k != "sleeping"})


def test_crafft_counts_yes_answers():
    # CAR 1 + FORGET 1 = 2 -> high; CAR alone 1 -> medium
    args = {f"q{i}": "No" for i in range(1, 7)} | {"q1": "Yes", "q4": "Yes"}
    assert CALCULATORS["crafft"].run(args).interpretation.startswith("High")
    args["q4"] = "No"
    result = CALCULATORS["crafft"].run(args)
    assert result.value == 1 and result.interpretation.startswith("Medium")
    # MedRisk's Part A answers (aq1..aq3) are not inputs of the score and are left out
    raw = {"aq1": 0, "aq2": 1, "aq3": 0, "q1": 1, "q2": 0, "q3": 1, "q4": 0, "q5": 0, "q6": 1}
    args, notes = mdcalc_arguments(CALCULATORS["crafft"], 10527, raw)
    assert not notes and "aq1" not in args and CALCULATORS["crafft"].run(args).value == 3


def test_amt10_bands():
    # 5 correct -> moderate (4-6); 7 correct -> normal
    names = ["age", "time", "year", "homeaddress", "jobs", "date", "ww1", "president", "count", "recall"]
    args = {n: ("Correct" if i < 5 else "Incorrect") for i, n in enumerate(names)}
    result = CALCULATORS["amt_10"].run(args)
    assert result.value == 5 and result.interpretation == "Moderate cognitive impairment"
    args.update(ww1="Correct", president="Correct")
    assert CALCULATORS["amt_10"].run(args).interpretation.startswith("Normal")
    with pytest.raises(CalculatorInputError, match="recall"):
        CALCULATORS["amt_10"].run({k: v for k, v in args.items() if k != "recall"})


def test_smast_reverse_keyed_items():
    # feels normal drinker "No" 1 + guilty 1 + able to stop "No" 1 = 3 -> borderline
    names = ["feels", "spouse", "guilty", "think", "able", "aa", "problems", "trouble", "row", "help", "hospital",
             "dui", "arrested"]
    raw = {n: 0 for n in names} | {"feels": 1, "guilty": 1, "able": 1}
    args, notes = mdcalc_arguments(CALCULATORS["smast"], 4013, raw)
    assert not notes and args["feels"] == "No" and args["able"] == "No"
    result = CALCULATORS["smast"].run(args)
    assert result.value == 3 and result.interpretation.startswith("Borderline")


def test_ort_oud_high_at_three():
    # age 16-45 1 + depression 1 + family alcohol 1 = 3 -> high
    names = ["age", "depression", "add", "p_alc", "p_drug", "p_drug2", "f_alc", "f_drug", "f_drug2"]
    args = {n: "No" for n in names} | {"age": "Yes", "depression": "Yes", "f_alc": "Yes"}
    assert CALCULATORS["ort_oud"].run(args).interpretation.startswith("High")
    args["f_alc"] = "No"
    assert CALCULATORS["ort_oud"].run(args).interpretation.startswith("Low")


def test_gad7_ignores_the_functional_question():
    # 2+1+2+1+1+2+1 = 10 -> moderate (10-14); problems_difficult is not scored
    raw = {"nervous": 2, "control_worrying": 1, "worrying": 2, "trouble_relaxing": 1, "restless": 1,
           "irritable": 2, "afraid": 1, "problems_difficult": 3}
    args, notes = mdcalc_arguments(CALCULATORS["gad_7"], 1727, raw)
    result = CALCULATORS["gad_7"].run(args)
    assert not notes and result.value == 10 and result.interpretation == "Moderate anxiety"


def test_hamilton_anxiety_bands():
    # 14 items: 2 on each of the first 10, 0 on the rest = 20 -> mild to moderate (18-24)
    names = ["mood", "tension", "fears", "insomnia", "intellectual", "depressed_mood", "somatic_muscular",
             "somatic_sensory", "cardiovascular", "respiratory", "gastrointestinal", "genitourinary", "autonomic",
             "behavior"]
    raw = {n: (2 if i < 10 else 0) for i, n in enumerate(names)}
    args, notes = mdcalc_arguments(CALCULATORS["hamilton_anxiety"], 1843, raw)
    result = CALCULATORS["hamilton_anxiety"].run(args)
    assert not notes and result.value == 20 and result.interpretation == "Mild to moderate anxiety severity"


def test_asrs_shaded_ranges_differ_by_item():
    # "Sometimes" scores on items 1-3 only: 3 points -> unlikely; one "Often" on item 4 -> 4 -> likely
    args = {"wrapping_up": "Sometimes", "organization": "Sometimes", "remembering": "Sometimes",
            "delay_task": "Sometimes", "fidget": "Never", "overly_active": "Rarely"}
    result = CALCULATORS["asrs_v1_1"].run(args)
    assert result.value == 3 and result.interpretation.startswith("Adult ADHD unlikely")
    args["delay_task"] = "Often"
    assert CALCULATORS["asrs_v1_1"].run(args).interpretation.startswith("Adult ADHD likely")
    # MedRisk gives MDCalc values (0/1), shared by several options: the label decides
    raw = {"wrapping_up": 1, "organization": 1, "remembering": 0, "delay_task": 1, "fidget": 1, "overly_active": 0}
    labels = {"How often do you have trouble wrapping up the final details of a project, once the challenging "
              "parts have been done?": "Often"}
    args, notes = mdcalc_arguments(CALCULATORS["asrs_v1_1"], 1730, raw, labels)
    assert args["wrapping_up"] == "Often"


def test_madrs_moderate():
    # 4+4+2+4+2+2+2+2+2+0 = 24 -> moderate (18-34)
    raw = {"apparent": 4, "reported": 4, "tension": 2, "sleep": 4, "appetite": 2, "concentration": 2, "lassi": 2,
           "feel": 2, "pessimistic": 2, "suicidal": 0}
    args, notes = mdcalc_arguments(CALCULATORS["madrs"], 4058, raw)
    result = CALCULATORS["madrs"].run(args)
    assert not notes and result.value == 24 and result.interpretation == "Moderate depression"
    assert CALCULATORS["madrs"].run(args | {"apparent": "5 (Worsening symptoms)"}).value == 25


def test_opioid_risk_tool_points_depend_on_sex():
    names = ["family_alcohol", "family_illegal_drug", "family_prescription_drug", "alcohol_abuse",
             "illegal_drug_abuse", "prescription_drug_abuse", "age_16_45", "sexual_abuse", "psychological_disorder",
             "depression"]
    raw = {n: 0 for n in names} | {"family_alcohol": 1, "age_16_45": 1, "sexual_abuse": 1, "depression": 1}
    calc = CALCULATORS["opioid_risk_tool"]
    # woman: family alcohol 1 + age 1 + sexual abuse 3 + depression 1 = 6 -> moderate
    args, notes = mdcalc_arguments(calc, 1757, raw | {"sex": 1})
    result = calc.run(args)
    assert not notes and result.value == 6 and result.interpretation.startswith("Moderate")
    # man: family alcohol 3 + age 1 + sexual abuse 0 + depression 1 = 5 -> moderate
    args, _ = mdcalc_arguments(calc, 1757, raw | {"sex": 0})
    assert calc.run(args).value == 5
    # man with personal prescription abuse 5 too: 10 -> high
    args, _ = mdcalc_arguments(calc, 1757, raw | {"sex": 0, "prescription_drug_abuse": 1})
    assert calc.run(args).interpretation.startswith("High")


def test_cows_moderate():
    # pulse 81-100 1 + sweat 1 + restless 1 + pupils 1 + bone 1 + nose 1 + GI 2 + tremor 1 + yawn 1 + anxiety 1
    # + gooseflesh 3 = 14 -> moderate (13-24)
    raw = {"pulse": 1, "sweat": 1, "restless": 1, "pupil": 1, "bone": 1, "noise": 1, "gi": 2, "tremor": 1,
           "yawn": 1, "anxiety": 1, "skin": 3}
    args, notes = mdcalc_arguments(CALCULATORS["cows"], 1985, raw)
    result = CALCULATORS["cows"].run(args)
    assert not notes and result.value == 14 and result.interpretation == "Moderate withdrawal"


def test_phq9_moderately_severe():
    # 2+2+2+2+2+2+2+2+1 = 17 -> moderately severe (15-19); item 10 (difficulty) not scored
    names = ["interest", "depressed", "sleep", "tired", "appetite", "failure", "concentration", "slow", "death"]
    raw = {n: 2 for n in names} | {"death": 1, "problems_difficult": 3}
    args, notes = mdcalc_arguments(CALCULATORS["phq_9"], 1725, raw)
    result = CALCULATORS["phq_9"].run(args)
    assert not notes and result.value == 17 and result.interpretation == "Moderately severe depression"


def test_cssrs_risk_classes():
    calc = CALCULATORS["cssrs_screener"]

    def run(raw):
        args, notes = mdcalc_arguments(calc, 10169, raw)
        assert not notes
        return calc.run(args)

    assert run({"ideation": 2, "behavior": 0}).value == "Low risk"
    assert run({"ideation": 3, "behavior": 0}).value == "Moderate risk"
    assert run({"ideation": 1, "behavior": 3, "behavior_when": 0}).value == "Moderate risk"  # lifetime behavior
    assert run({"ideation": 1, "behavior": 3, "behavior_when": 1}).value == "High risk"  # within 3 months
    assert run({"ideation": 5, "behavior": 0}).value == "High risk"
    with pytest.raises(CalculatorInputError, match="behavior_when"):
        run({"ideation": 1, "behavior": 1})


def test_amt4_any_error_is_abnormal():
    args = {"age": "Correct", "birth": "Correct", "place": "Correct", "year": "Correct"}
    assert CALCULATORS["amt_4"].run(args).interpretation == "Normal cognition"
    result = CALCULATORS["amt_4"].run(args | {"year": "Incorrect"})
    assert result.value == 3 and result.interpretation.startswith("Abnormal")


def test_cage_two_is_positive():
    args = {"cut_down": "Yes", "annoyed": "No", "guilty": "Yes", "eye_opener": "No"}
    assert CALCULATORS["cage"].run(args).interpretation.startswith("Screening positive")
    assert CALCULATORS["cage"].run(args | {"guilty": "No"}).interpretation.startswith("Screening negative")


def test_dsm5_major_depression_needs_a_and_b_to_e():
    symptoms = {"mood": "Yes", "loss": "No", "weight": "Yes", "insomnia": "Yes", "psycho": "No", "fatigue": "Yes",
                "guilt": "Yes", "concentration": "No", "suicide": "No"}
    others = {"two": "Yes", "three": "Yes", "four": "Yes", "five": "Yes"}
    calc = CALCULATORS["dsm5_major_depression"]
    assert calc.run(symptoms | others).value == "Positive"  # 5 symptoms including depressed mood
    assert calc.run(symptoms | others | {"five": "No"}).value == "Negative"  # history of mania
    assert calc.run(symptoms | others | {"mood": "No", "loss": "No", "psycho": "Yes"}).value == "Negative"
