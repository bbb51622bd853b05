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
