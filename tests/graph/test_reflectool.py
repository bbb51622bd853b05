"""ReflecTool in the graph: the optimisation loop, both verifiers, and experience feeding the prompts."""

from __future__ import annotations

from pathlib import Path

import pytest

from medmirror import solve
from medmirror.bench.scoring import medcalc_scorer
from medmirror.core.models import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.graphs.optimize import build_optimize_graph
from medmirror.memory.experience import ExperienceStore
from medmirror.memory.experience_models import Step, Trajectory

NOTE = "A 45-year-old man, weight 70 kg, height 175 cm."
QUESTION = "What is the patient's body mass index (BMI)?"
BMI = 70 / 1.75**2
CASE = {"id": "c1", "question": QUESTION, "note": NOTE, "source": "test", "kind": "BMI", "gold_text": repr(BMI),
        "gold": {"answer": repr(BMI), "lower": repr(BMI * 0.95), "upper": repr(BMI * 1.05), "output_type": "decimal"}}


def plan() -> dict:
    return {"subtasks": [{"description": "compute BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}


def call(weight: float) -> dict:
    return {"tool": "bmi", "arguments": {"weight": weight, "height": 175}, "evaluation": "ok", "score": 9}


def answer(weight: float) -> dict:
    return {"answer": "BMI", "value": repr(weight / 1.75**2), "evaluation": "ok", "score": 9}


@pytest.fixture()
def store(tmp_path: Path) -> ExperienceStore:
    return ExperienceStore(tmp_path / "exp")


def _settings(tmp_path: Path) -> Settings:
    return Settings.resolve("mirror", use_gates=False, data_dir=tmp_path, checkpointer="none")


def test_wrong_then_right_after_reflection_is_stored_with_experience(tmp_path: Path, store: ExperienceStore) -> None:
    reviewer = ScriptedChatModel(responses=[
        {"suggestion": "Take the weight from the note (70 kg), not another number."},
        {"suggestions": [{"tool": "bmi", "suggestion": "Copy the weight in kg exactly as the note gives it."}]},
    ])
    models = {"planner": ScriptedChatModel(responses=[plan(), plan()]),
              "tool_agent": ScriptedChatModel(responses=[call(80), call(70)]),
              "answer": ScriptedChatModel(responses=[answer(80), answer(70)]), "reviewer": reviewer}
    graph = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models)
    out = graph.invoke({"case": CASE}, context=_settings(tmp_path))
    assert (out["c1_correct"], out["c2_correct"], out["outcome"]) == (False, True, "solved_after_reflection")
    # the suggestion reached the second attempt's agents
    c2_planner_prompt = models["planner"].calls[1]["messages"][-1].content
    assert "Advice from an earlier attempt: Take the weight from the note" in c2_planner_prompt
    # C2 is stored, C1 is not; the distilled suggestion is in the tool's experience
    stored = store.list_trajectories()
    assert len(stored) == 1 and stored[0].steps[0].arguments["weight"] == 70
    assert store.get_experience("bmi") == ["Copy the weight in kg exactly as the note gives it."]
    assert "Correct answer" in reviewer.calls[0]["messages"][-1].content  # reflection sees the gold answer


def test_still_wrong_after_reflection_stores_nothing(tmp_path: Path, store: ExperienceStore) -> None:
    models = {"planner": ScriptedChatModel(responses=[plan(), plan()]),
              "tool_agent": ScriptedChatModel(responses=[call(80), call(90)]),
              "answer": ScriptedChatModel(responses=[answer(80), answer(90)]),
              "reviewer": ScriptedChatModel(responses=[{"suggestion": "Use 70 kg."}])}
    out = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models).invoke({"case": CASE}, context=_settings(tmp_path))
    assert out["c2_correct"] is False and out.get("stored_id") is None
    assert store.list_trajectories() == [] and store.list_tools() == []


def test_a_first_attempt_that_ended_in_an_error_is_reflected_on(tmp_path: Path, store: ExperienceStore) -> None:
    # C1's planner output is invalid three times: C1 ends with status 'error' and no answer text
    reviewer = ScriptedChatModel(responses=[{"suggestion": "Plan one subtask with the bmi tool."},
                                            {"suggestions": [{"tool": "Plan", "suggestion": "One subtask per tool."}]}])
    models = {"planner": ScriptedChatModel(responses=["not json", "not json", "not json", plan()]),
              "tool_agent": ScriptedChatModel(responses=[call(70)]),
              "answer": ScriptedChatModel(responses=[answer(70)]), "reviewer": reviewer}
    settings = Settings.resolve("mirror", use_gates=False, data_dir=tmp_path, checkpointer="none",
                                structured_retries=2)
    out = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models).invoke({"case": CASE}, context=settings)
    assert (out["c1_correct"], out["c2_correct"], out["outcome"]) == (False, True, "solved_after_reflection")
    assert "status=error" in reviewer.calls[0]["messages"][-1].content


def test_distilled_fragments_and_copied_prompts_are_not_stored(tmp_path: Path, store: ExperienceStore) -> None:
    reviewer = ScriptedChatModel(responses=[
        {"suggestion": "Use the weight the note gives."},
        {"suggestions": [
            {"tool": "bmi", "suggestion": "1.5"},
            {"tool": "Finish", "suggestion": "Right attempt (C2): plan bmi, answer 22.86, status answered"},
            {"tool": "bmi", "suggestion": "Copy the weight in kg exactly as the note gives it."}]},
    ])
    models = {"planner": ScriptedChatModel(responses=[plan(), plan()]),
              "tool_agent": ScriptedChatModel(responses=[call(80), call(70)]),
              "answer": ScriptedChatModel(responses=[answer(80), answer(70)]), "reviewer": reviewer}
    out = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models).invoke({"case": CASE}, context=_settings(tmp_path))
    assert store.get_experience("bmi") == ["Copy the weight in kg exactly as the note gives it."]
    assert store.get_experience("Finish") == []
    assert any(e["event"] == "suggestions_dropped" and e["detail"].startswith("2 not advice") for e in out["trace"])


def test_right_first_time_is_stored_without_reflection(tmp_path: Path, store: ExperienceStore) -> None:
    models = {"planner": ScriptedChatModel(responses=[plan()]), "tool_agent": ScriptedChatModel(responses=[call(70)]),
              "answer": ScriptedChatModel(responses=[answer(70)]), "reviewer": ScriptedChatModel(responses=[])}
    out = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models).invoke({"case": CASE}, context=_settings(tmp_path))
    assert out["outcome"] == "solved_first" and len(store.list_trajectories()) == 1


def test_model_merges_new_suggestions_into_a_bounded_list(tmp_path: Path, store: ExperienceStore) -> None:
    store.set_experience("bmi", ["Height goes in centimetres."])
    reviewer = ScriptedChatModel(responses=[
        {"suggestion": "Use 70 kg."},
        {"suggestions": [{"tool": "bmi", "suggestion": "Weight in kg from the note."}]},
        {"suggestions": ["Height in centimetres, weight in kilograms, both from the note."]},  # the merge
    ])
    models = {"planner": ScriptedChatModel(responses=[plan(), plan()]),
              "tool_agent": ScriptedChatModel(responses=[call(80), call(70)]),
              "answer": ScriptedChatModel(responses=[answer(80), answer(70)]), "reviewer": reviewer}
    out = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models, max_items=3).invoke({"case": CASE}, context=_settings(tmp_path))
    assert store.get_experience("bmi") == ["Height in centimetres, weight in kilograms, both from the note."]
    assert "model merge" in " ".join(e["detail"] for e in out["trace"] if e["event"] == "experience_merged")


def test_refine_verifier_rewrites_until_stable(tmp_path: Path, store: ExperienceStore) -> None:
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "compute", "action": "bmi", "arguments": {"weight": 80, "height": 175}},
        {"thought": "done", "action": "finish", "arguments": {}},
    ])
    verifier = ScriptedChatModel(responses=[
        {"arguments": {"weight": 70, "height": 175}, "reason": "the note says 70 kg"},
        {"arguments": {"weight": 70, "height": 175}, "reason": "no change"},
        {"thought": "done", "reason": "no change"},  # the finish action is verified too
    ])
    res = solve(QUESTION, NOTE, preset="reflectool-refine", saver=None, data_dir=tmp_path,
                models={"tool_agent": tool_agent, "verifier": verifier,
                        "answer": ScriptedChatModel(responses=[answer(70)])})
    events = [e["event"] for e in res.trace]
    assert events.count("verify_refine") == 1 and events.count("verify_stable") == 2 and verifier.remaining == 0
    assert res.steps[0]["arguments"] == {"weight": 70, "height": 175}
    assert float(res.value) == pytest.approx(BMI)


def test_refine_verifier_stops_at_its_round_bound(tmp_path: Path) -> None:
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "compute", "action": "bmi", "arguments": {"weight": 80, "height": 175}},
        {"thought": "done", "action": "finish", "arguments": {}},
    ])
    verifier = ScriptedChatModel(responses=[
        {"arguments": {"weight": 71, "height": 175}, "reason": "a"},
        {"arguments": {"weight": 70, "height": 175}, "reason": "b"},
        {"thought": "done", "reason": "no change"},  # the finish action
    ])
    res = solve(QUESTION, NOTE, preset="reflectool-refine", saver=None, data_dir=tmp_path, verifier_rounds=2,
                models={"tool_agent": tool_agent, "verifier": verifier,
                        "answer": ScriptedChatModel(responses=[answer(70)])})
    assert [e["event"] for e in res.trace].count("verify_refine") == 2 and verifier.remaining == 0
    assert res.steps[0]["arguments"]["weight"] == 70


def test_select_verifier_samples_candidates_and_picks_one(tmp_path: Path) -> None:
    finish = {"thought": "done", "action": "finish", "arguments": {}}
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "compute", "action": "bmi", "arguments": {"weight": 80, "height": 175}},
        # two sampled candidate actions (one repeats the proposal)
        {"thought": "compute", "action": "bmi", "arguments": {"weight": 70, "height": 175}},
        {"thought": "compute", "action": "bmi", "arguments": {"weight": 80, "height": 175}},
        finish, finish, finish,  # three identical candidates: no choice to make
    ])
    verifier = ScriptedChatModel(responses=[{"choice": 1, "reason": "matches the note"}])
    res = solve(QUESTION, NOTE, preset="reflectool-select", saver=None, data_dir=tmp_path, select_candidates=3,
                models={"tool_agent": tool_agent, "verifier": verifier,
                        "answer": ScriptedChatModel(responses=[answer(70)])})
    sampled = tool_agent.calls[1:3]
    assert all(c["kwargs"].get("temperature") == pytest.approx(0.7) for c in sampled)
    assert "0: bmi" in verifier.calls[0]["messages"][-1].content and "1: bmi" in verifier.calls[0]["messages"][-1].content
    assert res.steps[0]["arguments"]["weight"] == 70
    assert any(e["event"] == "verify_select" and "2 distinct of 3" in e["detail"] for e in res.trace)


def test_experience_feeds_the_prompts(tmp_path: Path) -> None:
    store = ExperienceStore(tmp_path / "experience")
    store.add_trajectory(Trajectory(task_text="What is the BMI of a woman weighing 60 kg, 160 cm tall?",
                                    steps=[Step(action="bmi", arguments={"weight": 60, "height": 160},
                                                observation={"name": "BMI", "value": 23.4})],
                                    final_answer="23.4"))
    store.set_experience("bmi", ["Height must be in centimetres.", "2.0 },"])  # a fragment an older run stored
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "compute", "action": "bmi", "arguments": {"weight": 70, "height": 175}},
        {"thought": "done", "action": "finish", "arguments": {}},
    ])
    verifier = ScriptedChatModel(responses=[{"arguments": {"weight": 70, "height": 175}, "reason": "ok"},
                                            {"thought": "done", "reason": "no change"}])
    solve(QUESTION, NOTE, preset="reflectool-refine", saver=None, data_dir=tmp_path,
          models={"tool_agent": tool_agent, "verifier": verifier, "answer": ScriptedChatModel(responses=[answer(70)])})
    prompt = tool_agent.calls[0]["messages"][-1].content
    assert "What is the BMI of a woman weighing 60 kg" in prompt  # similar solved case
    assert "Height must be in centimetres." in prompt  # the tool's experience
    assert "Height must be in centimetres." in verifier.calls[0]["messages"][-1].content
    assert "2.0 }," not in prompt


def test_inner_actions_are_recorded_and_bounded(tmp_path: Path) -> None:
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "First compute BMI, then answer.", "action": "plan", "arguments": {}},
        {"thought": "I need weight and height.", "action": "think", "arguments": {}},
    ])
    res = solve(QUESTION, NOTE, preset="react", saver=None, max_react_steps=2, data_dir=tmp_path,
                structured_retries=0,
                models={"tool_agent": tool_agent, "answer": ScriptedChatModel(responses=[
                    {"answer": "cannot compute", "value": None, "evaluation": "no tool result", "score": 3}])})
    # an inner action may not follow another: the think is refused, the run ends on that error
    assert [s["tool"] for s in res.steps] == ["plan"]
    assert res.status == "error" and "action must be one of" in res.status_detail


def test_inner_action_after_inner_action_is_refused_then_a_tool_runs(tmp_path: Path) -> None:
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "First compute BMI, then answer.", "action": "plan", "arguments": {}},
        {"thought": "Let me plan again.", "action": "plan", "arguments": {}},
        {"thought": "Compute it.", "action": "bmi", "arguments": {"weight": 70, "height": 175}},
        {"thought": "Reflect on the result.", "action": "think", "arguments": {}},
        {"thought": "Done.", "action": "finish", "arguments": {}},
    ])
    res = solve(QUESTION, NOTE, preset="react", saver=None, data_dir=tmp_path,
                models={"tool_agent": tool_agent, "answer": ScriptedChatModel(responses=[answer(70)]),
                        "reviewer": ScriptedChatModel(responses=[
                            {"verdict": "RIGHT", "failing_stage": "none", "critique": "ok"}])})
    assert [s["tool"] for s in res.steps] == ["plan", "bmi", "think"]
    # the repeated plan was fed back as an error and retried, not recorded
    assert any("action must be one of" in str(m.content) for m in tool_agent.calls[2]["messages"])
    assert res.status == "answered" and abs(float(res.value) - BMI) < 1e-6


def test_the_second_attempt_sees_the_first_attempts_trajectory(tmp_path: Path, store: ExperienceStore) -> None:
    reviewer = ScriptedChatModel(responses=[
        {"suggestion": "Take the weight from the note (70 kg), not another number."},
        {"suggestions": [{"tool": "bmi", "suggestion": "Copy the weight in kg exactly as the note gives it."}]},
    ])
    models = {"planner": ScriptedChatModel(responses=[plan(), plan()]),
              "tool_agent": ScriptedChatModel(responses=[call(80), call(70)]),
              "answer": ScriptedChatModel(responses=[answer(80), answer(70)]), "reviewer": reviewer}
    out = build_optimize_graph(store=store, scorer=medcalc_scorer, models=models).invoke(
        {"case": CASE}, context=_settings(tmp_path))
    assert out["outcome"] == "solved_after_reflection"
    for role in ("planner", "tool_agent", "answer"):  # every agent of C2 sees the suggestion and C1
        c2_prompt = models[role].calls[1]["messages"][-1].content
        assert "Advice from an earlier attempt: Take the weight from the note" in c2_prompt, role
        assert "Your first attempt at this task (C1), which was wrong:" in c2_prompt, role
        c1_line = c2_prompt.split("- bmi(", 1)[1].split("\n", 1)[0]
        assert '"weight": 80' in c1_line and "-> Body Mass Index (BMI) = 26.12" in c1_line, role
        assert f"value={repr(80 / 1.75**2)!r}" in c2_prompt, role
    c1_prompt = models["planner"].calls[0]["messages"][-1].content
    assert "first attempt" not in c1_prompt


def test_a_long_first_attempt_is_shown_compact() -> None:
    from medmirror.nodes.optimize import MAX_C1_CHARS, c2_advice

    c1 = {"plan": [{"tool": "bmi"}], "steps": [{"tool": "bmi", "arguments": {"weight": 80}, "ok": False,
                                                "error": "x" * 5000}] * 3, "answer": "", "value": None}
    advice = c2_advice("Use 70 kg.", c1)
    assert advice.startswith("Use 70 kg.\nYour first attempt") and advice.endswith("...(truncated)")
    assert len(advice) < MAX_C1_CHARS + 100


def test_a_langgraph_store_given_to_build_graph_holds_the_experience(tmp_path: Path) -> None:
    """build_graph(store=BaseStore) compiles the store into the graph and reads the experience from it; the
    optimisation graph given the same store writes its cases there."""
    from langgraph.store.memory import InMemoryStore

    from medmirror import build_graph

    backend = InMemoryStore()
    ExperienceStore(store=backend).set_experience("bmi", ["Height must be in centimetres."])
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "compute", "action": "bmi", "arguments": {"weight": 70, "height": 175}},
        {"thought": "done", "action": "finish", "arguments": {}},
    ])
    verifier = ScriptedChatModel(responses=[{"arguments": {"weight": 70, "height": 175}, "reason": "ok"},
                                            {"thought": "done", "reason": "no change"}])
    graph = build_graph(store=backend, preset="reflectool-refine",
                        models={"tool_agent": tool_agent, "verifier": verifier,
                                "answer": ScriptedChatModel(responses=[answer(70)])})
    assert graph.store is backend
    graph.invoke({"question": QUESTION, "note": NOTE},
                 context=Settings.resolve("reflectool-refine", data_dir=tmp_path, checkpointer="none"))
    assert "Height must be in centimetres." in tool_agent.calls[0]["messages"][-1].content

    models = {"planner": ScriptedChatModel(responses=[plan()]), "tool_agent": ScriptedChatModel(responses=[call(70)]),
              "answer": ScriptedChatModel(responses=[answer(70)])}
    optimize = build_optimize_graph(store=backend, scorer=medcalc_scorer, models=models)
    optimize.invoke({"case": CASE}, context=_settings(tmp_path))
    assert [t.provenance.case_id for t in ExperienceStore(store=backend).list_trajectories()] == ["c1"]
