"""Intra-reflection gates in the main graph: plan (θp) and tool call (θt) revision and their bounds."""

from __future__ import annotations

import pytest

from ._helpers import BMI_70, answer, bmi, bmi_plan, call, models, plan, prompt, run, section, sent_schema, used_up


def test_candidates_are_retrieved_and_shown_to_the_planner():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms)
    cands = r.state["candidates"]
    assert set(cands) == {"bmi", "target_weight", "ideal_body_weight", "maintenance_fluids", "mean_arterial_pressure"}
    tools = section(prompt(ms["planner"]), "Candidate tools (ranked: the first matches the question best)")
    assert all(f"- {name}:" in tools for name in cands)
    # the grammar only lets the planner bind candidates (or 'none')
    enum = sent_schema(ms["planner"])["properties"]["subtasks"]["items"]["properties"]["tool"]["enum"]
    assert enum == cands + ["none"]
    assert r["status"] == "answered" and r["value"] == BMI_70
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "ok", "answer_accept"]
    used_up(*ms.values())


def test_plan_below_theta_is_revised_then_accepted():
    ms = models(
        planner=[plan(("Compute the target weight", "target_weight"), score=4,
                      evaluation="target weight is not what is asked; BMI is"), bmi_plan(score=9)],
        tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)],
    )
    r = run(ms, theta_plan=8)
    assert r.events("planner") == ["plan_revise", "plan_accept"]
    assert [e["score"] for e in r.out["trace"] if e["node"] == "planner"] == [4, 9]
    assert "(first draft)" in prompt(ms["planner"], 0)
    second = prompt(ms["planner"], 1)
    assert "Your previous plan" in second and "target_weight" in second
    assert "target weight is not what is asked; BMI is" in second
    assert "score 4, below the threshold 8" in second
    assert r["plan"] == [{"description": "Compute the BMI from weight and height", "tool": "bmi"}]
    assert [s["tool"] for s in r["steps"]] == ["bmi"]  # the rejected plan never ran
    assert r["status"] == "answered" and r["value"] == BMI_70
    used_up(*ms.values())


def test_plan_at_theta_is_accepted_without_revision():
    ms = models(planner=[bmi_plan(score=7)], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms, theta_plan=7)
    assert r.events("planner") == ["plan_accept"]
    used_up(*ms.values())


def test_plan_bound_exhausted_keeps_the_best_scoring_plan():
    ms = models(
        planner=[
            plan(("Compute the target weight", "target_weight"), score=5, evaluation="probably the wrong tool"),
            plan(("Compute the BMI", "bmi"), score=7, evaluation="right tool, unsure"),
            plan(("Compute the ideal body weight", "ideal_body_weight"), score=6, evaluation="hmm"),
        ],
        tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)],
    )
    r = run(ms, theta_plan=8, max_plan_revisions=2)
    assert len(ms["planner"].calls) == 3  # 1 draft + k=2 revisions, then the bound
    assert r.events("planner") == ["plan_revise", "plan_revise", "plan_bound_exhausted"]
    ev = r.event("plan_bound_exhausted")
    assert "kept best plan (score 7) after 3 tries" in ev["detail"]
    assert r["plan"] == [{"description": "Compute the BMI", "tool": "bmi"}]
    assert r.state["plan_score"] == 7
    # the third draft was shown the second plan (its immediate predecessor)
    assert "Compute the BMI" in prompt(ms["planner"], 2) and "score 7" in prompt(ms["planner"], 2)
    # the kept plan is the one the tool agent works on
    assert "Current subtask: 1. Compute the BMI" in prompt(ms["tool_agent"])
    assert r["steps"][0]["tool"] == "bmi" and r["value"] == BMI_70
    used_up(*ms.values())


def test_plan_bound_zero_accepts_the_first_plan():
    ms = models(planner=[bmi_plan(score=3)], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms, theta_plan=8, max_plan_revisions=0)
    assert r.events("planner") == ["plan_bound_exhausted"]
    used_up(*ms.values())


def test_tool_call_below_theta_is_revised_then_accepted():
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", score=3, evaluation="height looks like metres; the tool wants cm", weight=70, height=1.75),
                    call("bmi", score=9, weight=70, height=175)],
        answer=[answer(BMI_70)],
    )
    r = run(ms, theta_tool=8)
    assert r.events("tool_agent") == ["tool_revise", "tool_accept"]
    assert "(first draft)" in prompt(ms["tool_agent"], 0)
    second = prompt(ms["tool_agent"], 1)
    assert "Your previous call" in second and '"height": 1.75' in second
    assert "height looks like metres; the tool wants cm" in second
    assert "score 3, below the threshold 8" in second
    # only the accepted call was executed
    assert [s["arguments"] for s in r["steps"]] == [{"weight": 70, "height": 175}]
    assert r.events("executor") == ["ok"]
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_tool_bound_exhausted_keeps_the_best_call():
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", score=5, weight=60, height=175), call("bmi", score=7, weight=80, height=175),
                    call("bmi", score=6, weight=90, height=175)],
        answer=[answer(bmi(80, 175))],
    )
    r = run(ms, theta_tool=8, max_tool_revisions=2)
    assert r.events("tool_agent") == ["tool_revise", "tool_revise", "tool_bound_exhausted"]
    assert "kept best call (score 7) after 3 tries" in r.event("tool_bound_exhausted")["detail"]
    assert r["steps"][0]["arguments"] == {"weight": 80, "height": 175}
    assert r["steps"][0]["score"] == 7
    # 80 / 1.75^2 = 26.122448979591837
    assert r["value"] == bmi(80, 175) and float(r["value"]) == pytest.approx(26.1224, abs=1e-4)
    used_up(*ms.values())


def test_gates_off_accept_low_scores_without_revision_or_replanning():
    ms = models(planner=[bmi_plan(score=1)], tool_agent=[call("bmi", score=1, weight=70, height=175)],
                answer=[answer(BMI_70, score=1)])
    r = run(ms, use_gates=False)
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "ok", "answer_accept"]
    assert r["status"] == "answered" and r["round"] == 1
    used_up(*ms.values())


# ---------------------------------------------------------------------------
# The tool agent may switch tools when it revises (MIRROR's tool agent selects its tool)
# ---------------------------------------------------------------------------


def test_a_revision_may_switch_to_another_candidate_and_the_plan_follows():
    ms = models(
        planner=[plan(("Compute the BMI from weight and height", "ideal_body_weight"))],
        tool_agent=[call("ideal_body_weight", score=3, evaluation="this tool gives the ideal weight, not the BMI",
                         height=175, sex="male"),
                    call("bmi", score=9, weight=70, height=175)],
        answer=[answer(BMI_70)],
    )
    r = run(ms, theta_tool=8)
    # a first draft calls the planned tool only; the revision is offered the other candidates
    assert "anyOf" not in sent_schema(ms["tool_agent"], 0)
    assert section(prompt(ms["tool_agent"], 0), "Other candidate tools") == "(none)"
    offered = section(prompt(ms["tool_agent"], 1), "Other candidate tools")
    assert "- bmi:" in offered and "ideal_body_weight:" not in offered
    branches = [b["properties"]["tool"]["enum"][0] for b in sent_schema(ms["tool_agent"], 1)["anyOf"]]
    assert branches[0] == "ideal_body_weight" and "bmi" in branches and len(branches) == 4  # planned + 3 others
    assert r.events("tool_agent") == ["tool_revise", "tool_switch", "tool_accept"]
    assert "subtask 1: ideal_body_weight -> bmi" in r.event("tool_switch")["detail"]
    assert r["plan"] == [{"description": "Compute the BMI from weight and height", "tool": "bmi"}]
    assert [s["tool"] for s in r["steps"]] == ["bmi"] and r["value"] == BMI_70
    used_up(*ms.values())


def test_tool_switch_off_locks_the_agent_to_the_planned_tool():
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", score=3, weight=70, height=1.75), call("target_weight", target_bmi=22, height=175),
                    call("bmi", score=9, weight=70, height=175)],
        answer=[answer(BMI_70)],
    )
    r = run(ms, theta_tool=8, tool_switch=False)
    assert section(prompt(ms["tool_agent"], 1), "Other candidate tools") == "(none)"
    assert sent_schema(ms["tool_agent"], 1)["properties"]["tool"]["enum"] == ["bmi"]
    # a reply that switches anyway is invalid output, fed back and retried
    assert "tool must be 'bmi' for this subtask, got 'target_weight'" in str(ms["tool_agent"].calls[2]["messages"][-1].content)
    assert "tool_switch" not in r.events() and r["value"] == BMI_70
    used_up(*ms.values())


def test_riskagent_keeps_the_deciders_tool():
    from medmirror.core.settings import Settings

    assert Settings.resolve("riskagent").tool_switch is False and Settings.resolve("mirror").tool_switch is True


# ---------------------------------------------------------------------------
# Per-agent gate switches (MIRROR ablates each agent's intra-reflection)
# ---------------------------------------------------------------------------


def test_plan_gate_off_accepts_a_low_plan_while_the_tool_gate_still_revises():
    ms = models(planner=[bmi_plan(score=2), bmi_plan(score=2)],
                tool_agent=[call("bmi", score=3, weight=70, height=1.75), call("bmi", score=9, weight=70, height=175),
                            call("bmi", score=9, weight=70, height=175)],
                answer=[answer(BMI_70, score=2), answer(BMI_70, score=9)])
    r = run(ms, use_plan_gate=False, theta_plan=8, theta_tool=8, theta_answer=8)
    assert r.events("planner") == ["plan_accept", "plan_accept"]  # a score of 2 never revises the plan
    assert r.events("tool_agent") == ["tool_revise", "tool_accept", "tool_accept"]
    assert r.events("answer") == ["answer_replan", "answer_accept"]  # the answer gate still re-plans
    used_up(*ms.values())


def test_tool_gate_off_accepts_a_low_call():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", score=1, weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms, use_tool_gate=False, theta_tool=8)
    assert r.events("tool_agent") == ["tool_accept"] and r["value"] == BMI_70
    used_up(*ms.values())


def test_answer_gate_off_does_not_replan_a_low_answer():
    ms = models(planner=[bmi_plan(score=3), bmi_plan(score=9)], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70, score=1)])
    r = run(ms, use_answer_gate=False, theta_answer=8, theta_plan=8)
    assert r.events("planner") == ["plan_revise", "plan_accept"]  # the plan gate is still on
    assert r.events("answer") == ["answer_accept"] and r["round"] == 1 and r["ltm"] == []
    used_up(*ms.values())


def test_use_gates_off_still_switches_every_gate_off_whatever_the_agent_switches():
    ms = models(planner=[bmi_plan(score=1)], tool_agent=[call("bmi", score=1, weight=70, height=175)],
                answer=[answer(BMI_70, score=1)])
    r = run(ms, use_gates=False, use_plan_gate=True, use_tool_gate=True, use_answer_gate=True)
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "ok", "answer_accept"]
    used_up(*ms.values())


# ---------------------------------------------------------------------------
# mirror-best: the paper's best settings; the self-scores by gate in the result
# ---------------------------------------------------------------------------


def test_mirror_best_revises_a_plan_scored_8_and_allows_5_rounds():
    from medmirror.core.settings import Settings

    s = Settings.resolve("mirror-best")
    assert (s.theta_plan, s.max_rounds, s.use_planner, s.use_ltm, s.use_gates) == (9, 5, True, True, True)
    ms = models(planner=[bmi_plan(score=8), bmi_plan(score=9)], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, "mirror-best")
    assert r.events("planner") == ["plan_revise", "plan_accept"]
    assert "below the threshold 9" in prompt(ms["planner"], 1)
    used_up(*ms.values())


def test_result_scores_hold_every_self_score_by_gate():
    from medmirror.api import solve

    ms = models(planner=[bmi_plan(score=4), bmi_plan(score=9)],
                tool_agent=[call("bmi", score=5, weight=70, height=175), call("bmi", score=9, weight=70, height=175)],
                answer=[answer(BMI_70, score=7)])
    res = solve("What is the patient's BMI?", "Weight 70 kg, height 175 cm.", models=ms, saver=None,
                theta_answer=7, registry=None)
    assert res.scores == {"plan": [4, 9], "tool_call": [5, 9], "answer": [7]}
    assert res.to_dict()["scores"] == res.scores
    used_up(*ms.values())
