"""Every loop is bounded: a run that hits every bound makes exactly the calls the bounds allow, and ends."""

from __future__ import annotations

from medmirror.api import solve
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph

from ._helpers import BMI_NOTE, BMI_Q, answer, call, models, plan, section, small_registry

ROUNDS, SUBTASKS = 5, 4  # MIRROR found <= 5 rounds best; the local grammar allows 4 subtasks


def _tool_reply(msgs):
    """Low-scored calls; the first two attempts of every subtask miss the height, the third is complete."""
    stm = section(str(msgs[1].content), "Failed attempts on this subtask (short-term memory)")
    if stm.count("- attempt ") < 2:
        return call("bmi", score=3, weight=70)
    return call("bmi", score=3, weight=70, height=175)


def _answer_reply(msgs):
    return answer(section(str(msgs[1].content), "Allowed values").split(", ")[0], score=3)


def _scripts():
    four = plan(*[(f"Step {i}: compute the BMI", "bmi") for i in range(1, SUBTASKS + 1)], score=3)
    # per round: 3 plans (k=2 revisions); per subtask 3 attempts x 3 tool calls (2 revisions each)
    return models(planner=[four] * (3 * ROUNDS), tool_agent=[_tool_reply] * (ROUNDS * SUBTASKS * 9),
                  answer=[_answer_reply] * ROUNDS)


def test_a_run_at_every_bound_makes_exactly_the_allowed_calls():
    ms = _scripts()
    graph = build_graph(models=ms, registry=small_registry())
    out = graph.invoke({"question": BMI_Q, "note": BMI_NOTE}, {"recursion_limit": 10_000},
                       context=Settings.resolve("mirror", max_rounds=ROUNDS))
    assert len(ms["planner"].calls) == 3 * ROUNDS
    assert len(ms["tool_agent"].calls) == ROUNDS * SUBTASKS * 9
    assert len(ms["answer"].calls) == ROUNDS
    ev = [e["event"] for e in out["trace"]]
    assert ev.count("plan_bound_exhausted") == ROUNDS and ev.count("tool_bound_exhausted") == ROUNDS * SUBTASKS * 3
    assert ev.count("tool_error_to_stm") == ROUNDS * SUBTASKS * 2 and ev.count("round_bound_exhausted") == 1
    assert out["round"] == ROUNDS and len(out["ltm"]) == ROUNDS - 1 and out["status"] == "answered"
    # the tool agent's first call after each failed one reflects on it for STM (a reply without one keeps the rule text)
    assert ev.count("stm_reflection") == ROUNDS * SUBTASKS * 2
    # intake + per round (3 planner + 4 x (12 + 2 STM reflections) + answer + ltm_update), the last round
    # without ltm_update
    assert len(out["trace"]) == 1 + ROUNDS * (3 + SUBTASKS * 14 + 2) - 1


def test_solve_lets_a_run_reach_its_bounds():
    ms = _scripts()
    res = solve(BMI_Q, BMI_NOTE, models=ms, saver=None, max_rounds=ROUNDS)
    assert res.status == "answered" and res.rounds == ROUNDS
