"""ReflecTool's verifier on whole actions in the single loop: candidate selection may choose another tool or an
inner action, inner actions are verified, and the inner actions' experience reaches the react prompt."""

from __future__ import annotations

from pathlib import Path

import pytest

from medmirror.memory.experience import ExperienceStore

from ._helpers import BMI_70, answer, models, prompt, react, run, scripted, section, used_up

EXPERIENCE = "Experience with these tools and with the actions plan, think and finish"


def _store(tmp_path: Path) -> ExperienceStore:
    return ExperienceStore(tmp_path / "experience")


def test_select_picks_another_tool_than_the_first_candidate(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.set_experience("bmi", ["Use bmi when the question asks for the body mass index."])
    store.set_experience("Think", ["Think only when a result needs interpreting."])
    ms = models(tool_agent=[
        react("ideal_body_weight", "ideal weight first", height=175, sex="male"),  # greedy: the wrong tool
        react("bmi", "compute the BMI", weight=70, height=175),  # sampled
        react("think", "what does the note give?"),  # sampled: an inner action
        react("finish"), react("finish"), react("finish"),
    ], answer=[answer(BMI_70)])
    ms["verifier"] = scripted({"choice": 1, "reason": "the question asks for the BMI"}, name="verifier")
    r = run(ms, "reflectool-select", data_dir=tmp_path, select_candidates=3)
    assert [s["tool"] for s in r["steps"]] == ["bmi"] and r["value"] == BMI_70
    shown = prompt(ms["verifier"])
    assert "0: ideal_body_weight(" in shown and "1: bmi(" in shown and "2: think: what does the note give?" in shown
    # the verifier sees every candidate's card and experience, the inner action's too
    assert "ideal_body_weight:" in shown and "think: the agent reasons" in shown
    assert "Use bmi when the question asks" in shown and "Think only when a result needs interpreting." in shown
    # the candidates are whole actions sampled from the react agent at the selection temperature
    sampled = ms["tool_agent"].calls[1:3]
    assert all(c["kwargs"].get("temperature") == pytest.approx(0.7) for c in sampled)
    assert "chose 1: bmi(" in [e for e in r.out["trace"] if e["event"] == "verify_select"][0]["detail"]
    assert r.events("tool_agent").count("react_proposed") == 2
    used_up(*ms.values())


def test_select_may_choose_an_inner_action(tmp_path: Path) -> None:
    ms = models(tool_agent=[
        react("finish", "done"), react("plan", "compute the BMI with bmi, then finish"), react("finish", "done"),
        react("bmi", weight=70, height=175), react("bmi", weight=70, height=175), react("bmi", weight=70, height=175),
        react("finish"), react("finish"), react("finish"),
    ], answer=[answer(BMI_70)])
    ms["verifier"] = scripted({"choice": 1, "reason": "nothing has been computed yet"}, name="verifier")
    r = run(ms, "reflectool-select", data_dir=tmp_path, select_candidates=3)
    # two distinct candidates (the two finishes are one action): the plan was chosen over finishing early
    assert "2 distinct of 3" in [e for e in r.out["trace"] if e["event"] == "verify_select"][0]["detail"]
    assert [s["tool"] for s in r["steps"]] == ["plan", "bmi"] and r["value"] == BMI_70
    used_up(*ms.values())


def test_refine_verifies_an_inner_action(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.set_experience("Think", ["Name the values the note gives before calling a calculator."])
    ms = models(tool_agent=[react("think", "I need the weight and the height."),
                            react("bmi", weight=70, height=175), react("finish", "the BMI is known")],
                answer=[answer(BMI_70)])
    refined = "The note gives weight 70 kg and height 175 cm; call bmi with them."
    ms["verifier"] = scripted(
        {"thought": refined, "reason": "the experience asks to name the values"},
        {"thought": refined, "reason": "no change"},
        {"arguments": {"weight": 70, "height": 175}, "reason": "no change"},
        {"thought": "the BMI is known", "reason": "no change"}, name="verifier")
    r = run(ms, "reflectool-refine", data_dir=tmp_path)
    assert r["steps"][0] == {"subtask": 0, "tool": "think", "arguments": {}, "ok": True, "observation": refined}
    first = prompt(ms["verifier"], 0)
    assert "Proposed action: think: I need the weight and the height." in first
    assert "Name the values the note gives before calling a calculator." in first
    assert "Proposed action: finish: the BMI is known" in prompt(ms["verifier"], 3)  # finish is verified too
    # the refined thought is what the agent sees in its history
    assert refined in section(prompt(ms["tool_agent"], 1), "Actions so far and their observations")
    assert r.events("verifier") == ["verify_refine", "verify_stable", "verify_stable", "verify_stable"]
    used_up(*ms.values())


def test_inner_actions_experience_is_in_the_react_prompt(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.set_experience("Plan", ["Plan one calculator call per quantity the question asks for."])
    store.set_experience("Think", ["Check the units before calling."])
    store.set_experience("Finish", ["Finish as soon as the named calculator returned a value."])
    store.set_experience("bmi", ["Height must be in centimetres."])
    ms = models(tool_agent=[react("bmi", weight=70, height=175), react("finish")], answer=[answer(BMI_70)])
    run(ms, "react", data_dir=tmp_path, use_experience=True)
    shown = section(prompt(ms["tool_agent"], 0), EXPERIENCE)
    for tip in ("Plan one calculator call", "Check the units", "Finish as soon as", "Height must be in centimetres."):
        assert tip in shown
    assert "Plan:" in shown and "Finish:" in shown
    used_up(*ms.values())


def test_without_a_verifier_the_agent_acts_directly(tmp_path: Path) -> None:
    ms = models(tool_agent=[react("bmi", weight=70, height=175), react("finish")], answer=[answer(BMI_70)])
    r = run(ms, "react", data_dir=tmp_path)
    assert "verifier" not in r.nodes() and "react_proposed" not in r.events()
