"""The ReflecTool paper's baselines on the single loop: Reflexion (retry a failed trial with a verbal reflection)
and CRITIC (check the answer with a tool, revise it), each with its bound."""

from __future__ import annotations

from ._helpers import BMI_70, answer, bmi, models, prompt, react, run, section, used_up

BMI_80 = bmi(80, 175)
REFLECTION = "I copied 80 kg; the note says the weight is 70 kg. Call bmi with 70 kg and 175 cm."
REFLECTIONS = "Reflections on your earlier trials of this task"


def test_reflexion_retries_a_low_confidence_trial_with_its_reflection():
    ms = models(tool_agent=[react("bmi", weight=80, height=175), react("finish"),
                            react("bmi", weight=70, height=175), react("finish")],
                answer=[answer(BMI_80, score=3), answer(BMI_70, score=9)],
                reviewer=[{"reflection": REFLECTION}])
    r = run(ms, "reflexion")
    assert r["value"] == BMI_70 and r["status"] == "answered" and r["round"] == 2
    assert r.events() == ["candidates", "react_call", "ok", "react_finish", "answer_accept", "reflect_and_retry",
                          "react_call", "ok", "react_finish", "answer_accept"]
    assert r.event("reflect_and_retry")["decided_by"] == "score"
    # the trial and its reflection are the task's memory; the new trial starts from scratch with them
    assert [e["reflection"] for e in r["ltm"]] == [REFLECTION] and r["ltm"][0]["value"] == BMI_80
    assert [s["arguments"]["weight"] for s in r["steps"]] == [70]
    assert section(prompt(ms["tool_agent"], 0), REFLECTIONS) == "(none)"
    assert section(prompt(ms["tool_agent"], 2), REFLECTIONS) == f"Trial 1: answer {BMI_80!r}; reflection: {REFLECTION}"
    assert REFLECTION in prompt(ms["answer"], 1)  # the answer agent sees the earlier trial too
    # the reflection was written from the trial's actions and the evaluation
    shown = prompt(ms["reviewer"], 0)
    assert "bmi(" in shown and "self-assessed confidence 3 is below 8" in shown
    used_up(*ms.values())


def test_reflexion_stops_at_its_trial_bound():
    ms = models(tool_agent=[react("bmi", weight=80, height=175), react("finish"),
                            react("bmi", weight=81, height=175), react("finish")],
                answer=[answer(BMI_80, score=3), answer(bmi(81, 175), score=2)],
                reviewer=[{"reflection": REFLECTION}])
    r = run(ms, "reflexion", max_trials=2)
    assert r.events("reflexion") == ["reflect_and_retry", "trials_exhausted"]
    assert r["round"] == 2 and len(r["ltm"]) == 1 and r["status"] == "answered"
    used_up(*ms.values())  # one reflection only: the second failed trial is the last


def test_reflexion_ends_after_a_confident_first_trial():
    ms = models(tool_agent=[react("bmi", weight=70, height=175), react("finish")], answer=[answer(BMI_70)])
    r = run(ms, "reflexion")
    assert "reflexion" not in r.nodes() and r["round"] == 1 and r["value"] == BMI_70
    used_up(*ms.values())


def test_critic_revises_the_answer_after_a_tool_check():
    ms = models(tool_agent=[react("bmi", weight=80, height=175), react("finish")],
                answer=[answer(BMI_80), answer(BMI_70)],
                reviewer=[{"critique": "The note gives 70 kg, not 80 kg.", "action": "bmi",
                           "arguments": {"weight": 70, "height": 175}},
                          {"critique": "The BMI from 70 kg and 175 cm matches.", "action": "correct", "arguments": {}}])
    r = run(ms, "critic")
    assert r["value"] == BMI_70 and r["status"] == "answered"
    assert r.events() == ["candidates", "react_call", "ok", "react_finish", "answer_accept", "critic_check",
                          "answer_accept", "critic_verified"]
    # the check ran as a tool call and joined the history; the revision saw the critique and its result
    assert [(s["tool"], s["arguments"]["weight"], bool(s.get("critic"))) for s in r["steps"]] == [
        ("bmi", 80, False), ("bmi", 70, True)]
    revision = prompt(ms["answer"], 1)
    assert "The note gives 70 kg, not 80 kg." in revision and "Tool check: bmi(" in revision
    assert f"= {float(BMI_70)}" in revision
    # the critic saw the answer it checks and the offered tools
    first = prompt(ms["reviewer"], 0)
    assert f"The answer to check: The result is {BMI_80}." in first and "\nbmi: " in first
    used_up(*ms.values())


def test_critic_stops_at_its_bound():
    ms = models(tool_agent=[react("bmi", weight=80, height=175), react("finish")],
                answer=[answer(BMI_80), answer(BMI_70)],
                reviewer=[{"critique": "Check the weight.", "action": "bmi", "arguments": {"weight": 70, "height": 175}}])
    r = run(ms, "critic", critic_rounds=1)
    assert r.events("critic") == ["critic_check", "critic_bound"] and r["value"] == BMI_70
    assert r.state["critic_checks"] == 1
    used_up(*ms.values())


def test_critic_judging_the_answer_correct_ends_without_a_revision():
    ms = models(tool_agent=[react("bmi", weight=70, height=175), react("finish")], answer=[answer(BMI_70)],
                reviewer=[{"critique": "Supported by the note.", "action": "correct", "arguments": {}}])
    r = run(ms, "critic")
    assert r.events("critic") == ["critic_verified"] and len(r["steps"]) == 1
    used_up(*ms.values())


def test_a_failed_critic_check_is_a_critique_too():
    ms = models(tool_agent=[react("bmi", weight=70, height=175), react("finish")],
                answer=[answer(BMI_70), answer(BMI_70)],
                reviewer=[{"critique": "Check it again.", "action": "bmi", "arguments": {"weight": 70}},
                          {"critique": "Fine.", "action": "correct", "arguments": {}}])
    r = run(ms, "critic")
    assert "FAILED" in r.out["trace"][[e["event"] for e in r.out["trace"]].index("critic_check")]["detail"]
    assert r["value"] == BMI_70 and r["steps"][1]["ok"] is False
    used_up(*ms.values())


def test_reflexion_without_tools_retries_the_answer():
    ms = models(answer=[answer("30", score=2), answer("22.9", score=9)], reviewer=[{"reflection": "Recompute."}])
    r = run(ms, "cot", self_reflection="reflexion")
    assert r.nodes() == ["intake", "answer", "reflexion", "answer"] and r["value"] == "22.9"
    used_up(*ms.values())
