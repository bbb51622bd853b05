"""Answer gate (θa): below-threshold rounds go to long-term memory and the planner re-plans, at most R rounds."""

from __future__ import annotations

from ._helpers import BMI_70, BMI_NOTE, answer, bmi, bmi_plan, call, models, plan, prompt, run, section, used_up

W80 = bmi(80, 175)  # 80 / 3.0625 = 26.122448979591837
W60 = bmi(60, 175)  # 60 / 3.0625 = 19.591836734693878


def test_answer_below_theta_goes_to_ltm_and_the_planner_replans_with_it():
    ms = models(
        planner=[bmi_plan(), bmi_plan()],
        tool_agent=[call("bmi", weight=80, height=175), call("bmi", weight=70, height=175)],
        answer=[answer(W80, score=4, evaluation="weight 80 kg does not match the note's 70 kg"), answer(BMI_70, score=9)],
    )
    r = run(ms, theta_answer=8, max_rounds=3)
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "ok", "answer_replan", "round_to_ltm",
                          "plan_accept", "tool_accept", "ok", "answer_accept"]
    assert r["round"] == 2
    assert len(r["ltm"]) == 1
    entry = r["ltm"][0]
    assert entry["round"] == 1 and entry["score"] == 4 and entry["value"] == W80
    assert entry["reflection"] == "weight 80 kg does not match the note's 70 kg"
    assert entry["steps"][0]["arguments"] == {"weight": 80, "height": 175}
    assert entry["plan"] == [{"description": "Compute the BMI from weight and height", "tool": "bmi"}]
    # the planner's first prompt has no LTM; the re-plan shows round 1 with its reflection
    assert section(prompt(ms["planner"], 0), "Earlier rounds of this task (long-term memory)") == "(first round)"
    ltm = section(prompt(ms["planner"], 1), "Earlier rounds of this task (long-term memory)")
    assert ltm.startswith("Round 1: plan: Compute the BMI from weight and height [bmi]")
    assert '"weight": 80' in ltm and "(score 4)" in ltm
    assert "reflection: weight 80 kg does not match the note's 70 kg" in ltm
    # the new round starts from a clean working state
    assert section(prompt(ms["tool_agent"], 1), "Results so far") == "(no tool results yet)"
    assert "Round 1:" in prompt(ms["answer"], 1)
    assert section(prompt(ms["answer"], 1), "Allowed values") == BMI_70  # round 1's value is not allowed now
    assert [s["arguments"]["weight"] for s in r["steps"]] == [70]
    assert r["status"] == "answered" and r["value"] == BMI_70
    used_up(*ms.values())


def test_round_bound_exhausted_keeps_the_best_rounds_answer():
    ms = models(
        planner=[bmi_plan()] * 3,
        tool_agent=[call("bmi", weight=80, height=175), call("bmi", weight=70, height=175),
                    call("bmi", weight=60, height=175)],
        answer=[answer(W80, score=6, text="BMI 26.1"), answer(BMI_70, score=7, text="BMI 22.9"),
                answer(W60, score=5, text="BMI 19.6")],
    )
    r = run(ms, theta_answer=8, max_rounds=3)
    assert len(ms["planner"].calls) == 3
    assert r.events("answer") == ["answer_replan", "answer_replan", "round_bound_exhausted"]
    assert "kept round 2 answer (score 7)" in r.event("round_bound_exhausted")["detail"]
    assert r["round"] == 3 and [e["round"] for e in r["ltm"]] == [1, 2]
    assert r["value"] == BMI_70 and r["answer"] == "BMI 22.9"
    assert r.state["answer_score"] == 7
    assert r["status"] == "answered"
    # round 3's planner saw both earlier rounds
    ltm = section(prompt(ms["planner"], 2), "Earlier rounds of this task (long-term memory)")
    assert "Round 1:" in ltm and "Round 2:" in ltm
    used_up(*ms.values())


def test_last_round_best_is_kept_as_is():
    ms = models(planner=[bmi_plan()] * 2,
                tool_agent=[call("bmi", weight=80, height=175), call("bmi", weight=70, height=175)],
                answer=[answer(W80, score=5), answer(BMI_70, score=6)])
    r = run(ms, theta_answer=8, max_rounds=2)
    ev = r.event("round_bound_exhausted")
    assert "kept round" not in ev["detail"]
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_single_round_bound_never_replans():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70, score=3)])
    r = run(ms, theta_answer=8, max_rounds=1)
    assert r.events("answer") == ["round_bound_exhausted"]
    assert r["ltm"] == [] and r["status"] == "answered"
    used_up(*ms.values())


def test_without_ltm_a_low_answer_is_final():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70, score=2)])
    r = run(ms, use_ltm=False)
    assert r.events("answer") == ["answer_accept"]
    assert "ltm_update" not in r.nodes()
    used_up(*ms.values())


def test_a_given_up_subtask_sends_the_round_to_ltm_and_the_planner_replans():
    # MIRROR: the round's execution failed (the subtask was given up after the attempt bound), so the round goes
    # to LTM and the planner re-plans without asking the answer agent first
    ms = models(
        planner=[bmi_plan(), bmi_plan()],
        tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
        answer=[answer(BMI_70, score=9)],
    )
    r = run(ms, max_attempts_per_subtask=1, theta_answer=8)
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "attempts_exhausted", "round_to_ltm",
                          "plan_accept", "tool_accept", "ok", "answer_accept"]
    assert "execution failed: subtask 1 (bmi) failed after 1 attempt(s)" in r.event("round_to_ltm")["detail"]
    entry = r["ltm"][0]
    assert entry["failed"] is True and entry["score"] == 0 and entry["value"] is None and entry["answer"] == ""
    assert "missing height" in entry["reflection"] and "Reflection: Fill every required input" in entry["reflection"]
    ltm = section(prompt(ms["planner"], 1), "Earlier rounds of this task (long-term memory)")
    assert "bmi FAILED" in ltm and "missing height" in ltm and "answer: none: the round's execution failed" in ltm
    # the failure detail of round 1 does not leak into round 2's answer
    assert section(prompt(ms["answer"], 0), "Failures") == "(none)"
    assert r["status"] == "answered" and r["status_detail"] == "" and r["value"] == BMI_70 and r["round"] == 2
    used_up(*ms.values())


def test_replan_on_failure_off_lets_the_answer_gate_decide():
    # the earlier behaviour, kept as a setting: the given-up round is answered (a refusal) and its low score re-plans
    ms = models(
        planner=[bmi_plan(), bmi_plan()],
        tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
        answer=[answer(None, score=3, text="height missing"), answer(BMI_70, score=9)],
    )
    r = run(ms, max_attempts_per_subtask=1, theta_answer=8, replan_on_failure=False)
    assert r.events("executor") == ["attempts_exhausted", "ok"]
    assert r.events("answer") == ["answer_replan", "answer_accept"]
    assert "failed" not in r["ltm"][0] and r["ltm"][0]["score"] == 3
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_a_given_up_subtask_in_the_last_round_goes_to_the_answer():
    ms = models(planner=[bmi_plan(), bmi_plan()], tool_agent=[call("bmi", weight=70), call("bmi", weight=70)],
                answer=[answer(None, score=9, text="The height is missing.")])
    r = run(ms, max_attempts_per_subtask=1, max_rounds=2)
    assert r.events("ltm_update") == ["round_to_ltm"] and r.events("answer") == ["answer_accept"]
    assert r["status"] == "refused" and r["round"] == 2 and r["ltm"][0]["failed"] is True
    used_up(*ms.values())


def test_a_failed_round_is_never_kept_as_the_best_answer():
    ms = models(planner=[bmi_plan(), bmi_plan()],
                tool_agent=[call("bmi", weight=70), call("bmi", weight=80, height=175)],
                answer=[answer(W80, score=2)])
    r = run(ms, max_attempts_per_subtask=1, max_rounds=2, theta_answer=8)
    assert "kept round" not in r.event("round_bound_exhausted")["detail"]
    assert r["value"] == W80 and r["status"] == "answered"
    used_up(*ms.values())


# ---------------------------------------------------------------------------
# Dependencies between subtasks: shown to the tool agent, a subtask whose dependency failed is not run
# ---------------------------------------------------------------------------

TW_NOTE = BMI_NOTE + " Target BMI 22."
TW_22 = "67.375"


def test_a_subtask_whose_dependency_failed_is_skipped_and_independent_ones_run():
    ms = models(
        planner=[plan(("Compute the BMI", "bmi"), ("Compute the mean arterial pressure", "mean_arterial_pressure"),
                      ("Compute the target weight", "target_weight", [1]))],
        tool_agent=[call("bmi", weight=70), call("mean_arterial_pressure", systolic_bp=120, diastolic_bp=80)],
        answer=[answer(None, score=9, text="The BMI could not be computed.")],
    )
    r = run(ms, max_attempts_per_subtask=1, max_rounds=1, note=TW_NOTE + " BP 120/80.")
    assert r["plan"][2] == {"description": "Compute the target weight", "tool": "target_weight", "depends_on": [0]}
    assert r.events("executor") == ["attempts_exhausted", "ok"]
    assert "skipped subtask(s) 3 that depend on it" in r.event("attempts_exhausted")["detail"]
    assert [s["tool"] for s in r["steps"]] == ["bmi", "mean_arterial_pressure"]  # target_weight never ran
    assert r.state["given_up"] == [0]
    used_up(*ms.values())


def test_without_declared_dependencies_everything_after_a_failure_is_skipped():
    ms = models(
        planner=[plan(("Compute the BMI", "bmi"), ("Compute the mean arterial pressure", "mean_arterial_pressure"))],
        tool_agent=[call("bmi", weight=70)],
        answer=[answer(None, score=9, text="The BMI could not be computed.")],
    )
    r = run(ms, max_attempts_per_subtask=1, max_rounds=1, note=TW_NOTE + " BP 120/80.")
    assert r.events("executor") == ["attempts_exhausted"] and [s["tool"] for s in r["steps"]] == ["bmi"]
    used_up(*ms.values())


def test_the_tool_agent_is_shown_what_a_subtask_depends_on():
    ms = models(
        planner=[plan(("Compute the BMI", "bmi"), ("Compute the target weight", "target_weight", [1]))],
        tool_agent=[call("bmi", weight=70, height=175), call("target_weight", target_bmi=22, height=175)],
        answer=[answer(TW_22)],  # with checks off the plan's last tool subtask answers: 22 x 1.75^2 = 67.375
    )
    r = run(ms, note=TW_NOTE)
    assert "Current subtask: 1. Compute the BMI\n" in prompt(ms["tool_agent"], 0)
    assert "Current subtask: 2. Compute the target weight (uses the results of subtask 1)" in prompt(ms["tool_agent"], 1)
    assert "Compute the target weight [target_weight] (after 1)" in r.event("plan_accept")["detail"]
    used_up(*ms.values())


def test_invalid_dependencies_are_dropped_and_said():
    ms = models(
        planner=[plan(("Compute the BMI", "bmi", [1, 2]), ("Compute the target weight", "target_weight", [1, 5]))],
        tool_agent=[call("bmi", weight=70, height=175), call("target_weight", target_bmi=22, height=175)],
        answer=[answer(TW_22)],  # with checks off the plan's last tool subtask answers: 22 x 1.75^2 = 67.375
    )
    r = run(ms, note=TW_NOTE)
    assert r["plan"] == [{"description": "Compute the BMI", "tool": "bmi"},
                         {"description": "Compute the target weight", "tool": "target_weight", "depends_on": [0]}]
    detail = r.event("plan_accept")["detail"]
    assert "dropped invalid dependencies: subtask 1: 1, 2; subtask 2: 5" in detail
    used_up(*ms.values())
