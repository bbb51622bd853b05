"""Clinician in the loop (setting ask_missing): the graph pauses with LangGraph's interrupt to ask for a
calculator input the note does not give, resumes with Command(resume=...), validates the answer like any
input, and records that the value came from the user. Scripted models drive every role."""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from medmirror.api import solve
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph
from tests.graph._helpers import BMI_Q, answer, bmi, bmi_plan, call, models, small_registry, used_up

NO_WEIGHT = "A 45-year-old man comes for a check-up. Height 175 cm. No complaints."
# 154 lb = 154 x 0.45359237 kg = 69.85322498 kg; BMI = 69.85322498 / 1.75^2
BMI_154LB = bmi(154 * 0.45359237, 175)


def _graph(ms, **settings):
    saver = InMemorySaver()
    settings.setdefault("use_checks", True)  # the default; tests/graph/conftest.py switches checks off otherwise
    ctx = Settings.resolve("mirror", ask_missing=True, **settings)
    graph = build_graph(checkpointer=saver, preset=ctx, models=ms, registry=small_registry())
    return graph, ctx, {"configurable": {"thread_id": "ask"}, "recursion_limit": 200}


def test_a_missing_input_pauses_the_run_and_the_users_value_is_validated_and_recorded():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175)], answer=[answer(BMI_154LB)])
    graph, ctx, config = _graph(ms)
    out = graph.invoke({"question": BMI_Q, "note": NO_WEIGHT}, config, context=ctx)
    (pause,) = out["__interrupt__"]
    request = pause.value
    assert request["kind"] == "missing_input" and request["tool"] == "bmi"
    (wanted,) = request["inputs"]
    assert wanted["name"] == "weight" and wanted["unit"] == "kg" and wanted["why"] == "the note does not give it"

    out = graph.invoke(Command(resume={"weight": "154 lb"}), config, context=ctx)
    assert "__interrupt__" not in out
    assert out["status"] == "answered" and out["value"] == BMI_154LB
    step = out["steps"][0]
    assert step["ok"] and step["user_inputs"] == {"weight": "154 lb"} and step["asks"] == 1
    # the tool-call check let the call through because the user is asked, not because a value was made up
    assert any(c["name"] == "required_inputs" and c["passed"] and "the user will be asked" in c["reason"]
               for c in step["checks"]["checks"])
    assert step["arguments"]["weight"] == "154 lb"  # converted by the calculator: 69.853 kg
    param = next(p for p in step["grounding"]["params"] if p["name"] == "weight")
    assert param["status"] == "user" and param["evidence"]["where"] == "user"
    used_up(*ms.values())


def test_an_invalid_answer_is_asked_again_with_the_calculators_message():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175)], answer=[answer(bmi(70, 175))])
    graph, ctx, config = _graph(ms)
    graph.invoke({"question": BMI_Q, "note": NO_WEIGHT}, config, context=ctx)
    out = graph.invoke(Command(resume={"weight": 900}), config, context=ctx)  # 900 kg: outside the range
    (again,) = out["__interrupt__"]
    assert again.value["inputs"][0]["why"].startswith("your answer was not accepted")
    assert "outside the plausible range" in again.value["inputs"][0]["why"]
    out = graph.invoke(Command(resume={"weight": 70}), config, context=ctx)
    assert out["value"] == bmi(70, 175) and out["steps"][0]["asks"] == 2
    used_up(*ms.values())


def test_asking_is_bounded_by_max_asks():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175)],
                answer=[answer(None, text="The weight is missing.")])
    graph, ctx, config = _graph(ms, max_asks=1, max_attempts_per_subtask=1, max_rounds=1)
    graph.invoke({"question": BMI_Q, "note": NO_WEIGHT}, config, context=ctx)
    out = graph.invoke(Command(resume={"weight": -3}), config, context=ctx)
    assert "__interrupt__" not in out and out["status"] == "refused"


def test_declining_refuses_and_says_what_is_missing():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175)],
                answer=[answer(None, text="The weight is missing.")])
    graph, ctx, config = _graph(ms, max_attempts_per_subtask=1)
    graph.invoke({"question": BMI_Q, "note": NO_WEIGHT}, config, context=ctx)
    out = graph.invoke(Command(resume=""), config, context=ctx)  # "": nothing given
    assert out["status"] == "refused" and out["value"] is None and "missing weight" in out["answer"]
    assert "user_inputs" not in out["steps"][0]


def test_off_by_default_a_missing_input_refuses_without_pausing():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175), call("bmi", height=175),
                                                  call("bmi", height=175)],
                answer=[answer(None, text="The weight is missing.")])
    r = solve(BMI_Q, note=NO_WEIGHT, models=ms, registry=small_registry(), saver=None,
              max_tool_revisions=2, max_attempts_per_subtask=1, use_checks=True)
    assert r.status == "refused" and r.pending is None


def test_solve_answers_the_pause_with_a_callback():
    seen = []
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175)], answer=[answer(BMI_154LB)])

    def ask(request):
        seen.append(request)
        return {"weight": [154, "lb"]}

    r = solve(BMI_Q, note=NO_WEIGHT, models=ms, registry=small_registry(), saver=None, ask=ask)
    assert r.status == "answered" and r.value == BMI_154LB
    assert [w["name"] for w in seen[0]["inputs"]] == ["weight"]
    assert r.steps[0]["user_inputs"] == {"weight": [154, "lb"]}


def test_solve_returns_needs_input_and_resumes_on_the_same_thread():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175)], answer=[answer(bmi(70, 175))])
    saver = InMemorySaver()
    first = solve(BMI_Q, note=NO_WEIGHT, models=ms, registry=small_registry(), saver=saver, ask_missing=True)
    assert first.status == "needs_input" and first.pending["inputs"][0]["name"] == "weight"
    assert f"thread_id={first.thread_id}" in first.status_detail
    done = solve(BMI_Q, note=NO_WEIGHT, models=ms, registry=small_registry(), saver=saver, ask_missing=True,
                 thread_id=first.thread_id, resume={"weight": 70})
    assert done.status == "answered" and done.value == bmi(70, 175)
    used_up(*ms.values())


def test_resume_on_a_thread_that_is_not_paused_is_an_error():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175, weight=70)], answer=[answer(bmi(70, 175))])
    r = solve(BMI_Q, note=NO_WEIGHT, models=ms, registry=small_registry(), saver=InMemorySaver(), resume={"weight": 70})
    assert r.status == "error" and "not paused on a question" in r.status_detail


@pytest.mark.parametrize("answer_value", [None, {}, ""])
def test_empty_answers_decline(answer_value):
    from medmirror.nodes.ask import user_values

    request = {"inputs": [{"name": "weight"}]}
    assert user_values(request, answer_value) == {}
    assert user_values(request, 70) == {"weight": 70}
    assert user_values({"inputs": [{"name": "a"}, {"name": "b"}]}, 70) == {}
    assert user_values(request, {"weight": 70, "bogus": 1}) == {"weight": 70}
