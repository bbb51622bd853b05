"""Metrics on hand-computed examples (arithmetic in the comments)."""

from __future__ import annotations

import math

import pytest

from medmirror.tools.radiology.metrics import (
    bleu,
    chain_metrics,
    complexity_of,
    execution_completion_rate,
    false_discovery_rate,
    levenshtein,
    milestone_hit_rate,
    optimal_tool_exact,
    optimal_tool_score,
    output_format_ok,
    pre_failure_success,
    pre_failure_success_percentage,
    pre_failure_success_percentage_all,
    rouge_l,
    suitability_credit,
    target_hit,
    target_hit_rate,
    target_value_hit,
    task_completion_by_complexity,
    token_f1,
    tokenize,
    tool_matching_accuracy,
    tool_matching_accuracy_unordered,
    unsolvability_aware,
    unsolvability_grounded,
    values_match,
)

GOLD = ["AC", "MC", "AD", "GD"]


def test_levenshtein():
    assert levenshtein(GOLD, GOLD) == 0
    assert levenshtein([], GOLD) == 4  # 4 insertions
    assert levenshtein(["AC", "MC", "GD"], GOLD) == 1  # insert AD
    assert levenshtein(["MC", "AC", "AD", "GD"], GOLD) == 2  # swap = 2 substitutions
    assert levenshtein(["AC", "MC", "ID"], ["AC", "MC", "AD", "GD"]) == 2  # ID->AD, insert GD
    assert levenshtein("kitten", "sitting") == 3  # the textbook case


def test_false_discovery_rate_and_unordered_tool_matching():
    pred = ["AC", "MC", "OS", "AD", "AD"]
    # multiset intersection with GOLD = {AC, MC, AD} = 3; FP = 5 - 3 = 2 -> FDR 2/5
    assert false_discovery_rate(pred, GOLD) == pytest.approx(0.4)
    # order-free TMA = 3 matched gold steps / 4 gold steps
    assert tool_matching_accuracy_unordered(pred, GOLD) == pytest.approx(0.75)
    assert false_discovery_rate([], GOLD) == 0.0
    assert tool_matching_accuracy_unordered([], GOLD) == 0.0
    assert false_discovery_rate(GOLD, GOLD) == 0.0 and tool_matching_accuracy_unordered(GOLD, GOLD) == 1.0


def test_tool_matching_accuracy_is_positional():
    # GOLD = AC MC AD GD
    assert tool_matching_accuracy(GOLD, GOLD) == 1.0
    # swapped classifiers: positions 0 and 1 differ, 2 and 3 agree -> 2/4; order-free it is 4/4
    swapped = ["MC", "AC", "AD", "GD"]
    assert tool_matching_accuracy(swapped, GOLD) == pytest.approx(0.5)
    assert tool_matching_accuracy_unordered(swapped, GOLD) == 1.0
    # MC skipped: AC=AC, AD!=MC, GD!=AD, (none)!=GD -> 1/4 (order-free: 3/4)
    assert tool_matching_accuracy(["AC", "AD", "GD"], GOLD) == pytest.approx(0.25)
    # truncated: AC MC AD match, position 3 missing -> 3/4
    assert tool_matching_accuracy(["AC", "MC", "AD"], GOLD) == pytest.approx(0.75)
    # an extra step after the chain is a fifth position that only the prediction has -> 4/5
    assert tool_matching_accuracy([*GOLD, "GD"], GOLD) == pytest.approx(0.8)
    # pred = AC MC OS AD AD: AC, MC match; OS!=AD, AD!=GD; position 4 extra -> 2/5
    assert tool_matching_accuracy(["AC", "MC", "OS", "AD", "AD"], GOLD) == pytest.approx(0.4)
    assert tool_matching_accuracy([], GOLD) == 0.0 and tool_matching_accuracy([], []) == 1.0


def test_chain_metrics():
    m = chain_metrics(["AC", "ID"], ["AC", "MC", "ID"])
    # lev: insert MC = 1; FDR 0/2; TMA by position: AC=AC, ID!=MC, (none)!=ID -> 1/3; order-free 2/3
    assert m == {"levenshtein": 1.0, "false_discovery_rate": 0.0, "tool_matching_accuracy": pytest.approx(1 / 3),
                 "tool_matching_accuracy_unordered": pytest.approx(2 / 3)}


def test_optimal_tool_score_gives_rank_credit():
    # step 0: three suitable tools ranked ac_2 (0.9) > ac_1 (0.8) > ac_3 (0.7): credits 3/3, 2/3, 1/3
    suitable = {0: {"ac_2": 0.9, "ac_1": 0.8, "ac_3": 0.7}, 1: {"mc_1": 0.95}, 2: {"ad_3": 0.9, "ad_1": 0.6}}
    assert suitability_credit("ac_2", suitable[0]) == 1.0
    assert suitability_credit("ac_1", suitable[0]) == pytest.approx(2 / 3)
    assert suitability_credit("ac_3", suitable[0]) == pytest.approx(1 / 3)
    assert suitability_credit("ac_9", suitable[0]) == 0.0 and suitability_credit(None, suitable[0]) == 0.0
    # ties share the better rank: k = 3, b ties a at rank 1 -> 1.0; c is rank 3 -> 1/3
    assert suitability_credit("b", {"a": 0.9, "b": 0.9, "c": 0.5}) == 1.0
    assert suitability_credit("c", {"a": 0.9, "b": 0.9, "c": 0.5}) == pytest.approx(1 / 3)
    # second-best at step 0 (2/3), the only suitable one at step 1 (1), an unsuitable one at step 2 (0)
    # -> (2/3 + 1 + 0) / 3 = 5/9; the exact variant gives 1/3 (only step 1)
    chosen = {0: "ac_1", 1: "mc_1", 2: "ad_7"}
    assert optimal_tool_score(chosen, suitable) == pytest.approx(5 / 9)
    assert optimal_tool_exact(chosen, {0: "ac_2", 1: "mc_1", 2: "ad_3"}) == pytest.approx(1 / 3)
    # worst suitable at step 2 (1/2), skipped steps 0 and 1 (0) -> (0 + 0 + 1/2) / 3 = 1/6
    assert optimal_tool_score({2: "ad_1"}, suitable) == pytest.approx(1 / 6)
    # a step without a suitable tool (an Insufficient gap) is left out: only step 0 counts
    assert optimal_tool_score({0: "ac_2", 1: "x"}, {0: suitable[0], 1: {}}) == 1.0
    assert optimal_tool_score({}, {}) == 1.0


def test_optimal_tool_exact():
    optimal = {0: "ac_2", 1: "mc_1", 2: "ad_3"}
    assert optimal_tool_exact({0: "ac_2", 1: "mc_3", 2: "ad_3"}, optimal) == pytest.approx(2 / 3)
    assert optimal_tool_exact({0: "ac_2"}, optimal) == pytest.approx(1 / 3)  # skipped steps are misses
    assert optimal_tool_exact({}, {}) == 1.0


def test_execution_completion_and_pre_failure_success():
    assert execution_completion_rate([True, False, True, True]) == 0.75
    # 2 successes before the first failure of a 4-step gold chain -> 0.5
    assert pre_failure_success([True, True, False, True], 4) == 0.5
    assert pre_failure_success([True, True, True], 3) == 1.0
    assert pre_failure_success([True] * 5, 3) == 1.0  # capped (extra steps)
    assert pre_failure_success([False, True], 3) == 0.0
    with pytest.raises(ValueError):
        pre_failure_success([True], 0)


def test_pre_failure_success_percentage_is_over_the_failed_tasks():
    runs = [
        ([True, True, False], 4, False),  # failed: 2 of 4 gold steps before the failure -> 0.5
        ([True] * 3, 3, True),  # completed: left out (would count 1.0)
        ([True, False, True], 4, False),  # failed: 1 of 4 -> 0.25
        ([True, True], 4, False),  # failed without a failing step (stopped early): 2 of 4 -> 0.5
    ]
    # failed tasks only: (0.5 + 0.25 + 0.5) / 3 = 0.41667 -> 41.67 %, n = 3
    pf = pre_failure_success_percentage(runs)
    assert pf.percentage == pytest.approx(125 / 3) and pf.n_failed == 3
    # the all-task variant: (0.5 + 1.0 + 0.25 + 0.5) / 4 = 0.5625 -> 56.25 %
    assert pre_failure_success_percentage_all([(s, n) for s, n, _ in runs]) == pytest.approx(56.25)
    assert pre_failure_success_percentage([([True] * 3, 3, True)]) == (None, 0)  # nothing failed
    assert pre_failure_success_percentage_all([]) == 0.0


def test_values_match_and_target_value_hits():
    assert values_match(10.4, 10.0)  # 4 % off, within 5 %
    assert not values_match(10.6, 10.0)  # 6 % off
    assert values_match(" Chest ", "chest") and not values_match("Chest", "Spine")
    assert values_match({"name": "x", "value": 1.0, "quality": 0.3}, {"name": "x", "value": 1.0})
    assert not values_match({"name": "x"}, {"name": "x", "value": 1.0})
    assert not values_match(True, 1) and not values_match("1", 1)
    target = {"organ_segmentation": {"organ": "liver"}, "anomaly": {"part": "a", "symptom": "b"}}
    assert target_value_hit({"organ_segmentation": {"organ": "liver"}, "anomaly": {"part": "a", "symptom": "b"}}, target)
    assert not target_value_hit({"organ_segmentation": {"organ": "liver"}}, target)  # joint task needs both
    assert target_hit_rate([True, False, False, True]) == 0.5
    milestones = {"anatomy": "Chest", "modality": "CT", "anomaly": {"part": "a", "symptom": "b"}}
    # anatomy right, modality wrong, anomaly missing -> 1/3
    assert milestone_hit_rate({"anatomy": "Chest", "modality": "MRI"}, milestones) == pytest.approx(1 / 3)
    assert milestone_hit_rate({}, {}) == 1.0


def test_output_format():
    assert output_format_ok("disease", "pneumonia") and not output_format_ok("disease", " ")
    assert not output_format_ok("disease", 3)
    assert output_format_ok("modality", "ct") and not output_format_ok("modality", "PET")  # enum, any case
    assert output_format_ok("organ_biomarker", {"name": "volume", "value": 12, "unit": "ml", "quality": 0.9})
    assert not output_format_ok("organ_biomarker", {"name": "volume", "value": "12", "unit": "ml"})  # value a number
    assert not output_format_ok("organ_biomarker", {"name": "volume", "value": True, "unit": "ml"})
    assert not output_format_ok("anomaly", {"part": "apex"})  # symptom missing
    assert not output_format_ok("report", "Findings: ...")  # an object is due
    assert not output_format_ok("lesion_count", 3)  # not a data item


def test_target_hit_is_final_tool_and_format_not_value():
    gold_final = "anomaly_detector"  # organ-anomaly grounding: AC, MC, OS, AD -> organ_segmentation, anomaly
    keys = ["organ_segmentation", "anomaly"]
    wrong_values = {"organ_segmentation": {"organ": "spleen"}, "anomaly": {"part": "x", "symptom": "y"}}
    # right final tool, both outputs in format, values wrong: a hit (values are target_value_hit's business)
    assert target_hit("anomaly_detector", gold_final, wrong_values, keys)
    truth = {"organ_segmentation": {"organ": "liver"}, "anomaly": {"part": "a", "symptom": "b"}}
    assert not target_value_hit(wrong_values, truth)
    # right values, but the chain ended with the organ segmentor: no hit (value check still passes)
    assert not target_hit("organ_segmentor", gold_final, truth, keys) and target_value_hit(truth, truth)
    # right final tool, one target output missing or malformed: no hit
    assert not target_hit("anomaly_detector", gold_final, {"anomaly": truth["anomaly"]}, keys)
    assert not target_hit("anomaly_detector", gold_final, {**truth, "anomaly": {"part": "a"}}, keys)
    assert not target_hit(None, gold_final, truth, keys)  # nothing ran


def test_tokenize():
    assert tokenize("Nodule: 12.5 mm, right-upper LOBE.") == ["nodule", "12.5", "mm", "right", "upper", "lobe"]


def test_bleu_identical_and_empty():
    assert bleu("the cat sat on the mat", "the cat sat on the mat") == pytest.approx(1.0)
    assert bleu("", "the cat") == 0.0


def test_bleu_hand_computed_with_smoothing():
    # hyp "the cat sat on a mat" (6 tokens) vs ref "the cat sat on the mat" (6 tokens)
    # p1 = 5/6 (the, cat, sat, on, mat); p2 = 3/5 (the cat, cat sat, sat on);
    # p3 = 2/4 (the cat sat, cat sat on); p4 = 1/3 (the cat sat on); BP = 1 (c = r)
    expected = math.exp((math.log(5 / 6) + math.log(3 / 5) + math.log(2 / 4) + math.log(1 / 3)) / 4)
    assert bleu("the cat sat on a mat", "the cat sat on the mat") == pytest.approx(expected)  # ~0.5373
    assert expected == pytest.approx(0.5373, abs=1e-4)


def test_bleu_smoothing_and_brevity_penalty():
    # hyp "cat the" vs ref "the cat sat": p1 = 2/2; p2: 0 matches of 1 -> 0.1/1;
    # p3, p4: no hypothesis n-grams -> 0.1/1 each; BP = exp(1 - 3/2)
    expected = math.exp(1 - 3 / 2) * math.exp((math.log(1.0) + 3 * math.log(0.1)) / 4)
    assert bleu("cat the", "the cat sat") == pytest.approx(expected)


def test_rouge_l_hand_computed():
    # LCS("the cat sat on a mat", "the cat sat on the mat") = the cat sat on mat = 5
    # P = 5/6, R = 5/6 -> F = 5/6
    assert rouge_l("the cat sat on a mat", "the cat sat on the mat") == pytest.approx(5 / 6)
    # hyp "a b c d" vs ref "a c e": LCS = 2 (a c); P = 2/4, R = 2/3; F = 2*0.5*0.6667/1.1667 = 0.5714
    assert rouge_l("a b c d", "a c e") == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    assert rouge_l("x y", "a b") == 0.0 and rouge_l("", "a") == 0.0


def test_token_f1_hand_computed():
    # hyp tokens [the, the, cat] vs ref [the, cat, sat]: common = the x1 + cat x1 = 2
    # P = 2/3, R = 2/3 -> F1 = 2/3
    assert token_f1("the the cat", "the cat sat") == pytest.approx(2 / 3)
    assert token_f1("", "") == 1.0 and token_f1("a", "") == 0.0 and token_f1("a", "b") == 0.0


def test_unsolvability_awareness():
    answers = ["call", "call", "no_call"]
    assert unsolvability_aware(answers, unsolvable_step=2)
    assert not unsolvability_aware(answers, unsolvable_step=3)  # stopped too early
    assert unsolvability_aware(answers, unsolvable_step=3, strict=False)
    assert not unsolvability_aware(["call", "end_call", "no_call"], 2)  # claimed completion first
    assert not unsolvability_aware(["call", "call", "call"], 2)
    assert unsolvability_aware([{"kind": "call"}, {"kind": "no_call"}], 1)


def test_unsolvability_grounding():
    nocall = {"kind": "no_call", "category": "organ_segmentor", "anatomy": "Chest", "modality": "CT", "missing_capability": None}
    assert unsolvability_grounded(nocall, {"category": "organ_segmentor", "config": "config1"})
    assert not unsolvability_grounded(nocall, {"category": "anomaly_detector", "config": "config1"})
    assert unsolvability_grounded(nocall, {"category": "organ_segmentor", "config": "config2", "anatomy": "Chest", "modality": "CT"})
    assert not unsolvability_grounded(nocall, {"category": "organ_segmentor", "config": "config2", "anatomy": "Chest", "modality": "MRI"})
    gap3 = {"category": "organ_segmentor", "config": "config3", "missing_capability": "organ_segmentation"}
    assert not unsolvability_grounded(nocall, gap3)
    assert unsolvability_grounded({**nocall, "missing_capability": "organ_segmentation"}, gap3)
    assert not unsolvability_grounded({"kind": "call"}, gap3) and not unsolvability_grounded(None, gap3)


def test_complexity_bands_and_completion_by_complexity():
    assert [complexity_of(n) for n in (1, 3, 4, 5, 6, 7)] == ["simple", "simple", "moderate", "moderate", "complex", "complex"]
    with pytest.raises(ValueError):
        complexity_of(0)
    res = task_completion_by_complexity([(3, True), (3, False), (4, True), (7, False), (6, False)])
    assert res == {"simple": 0.5, "moderate": 1.0, "complex": 0.0}
    assert task_completion_by_complexity([(3, True)]) == {"simple": 1.0, "moderate": None, "complex": None}
