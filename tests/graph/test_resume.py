"""Resuming an interrupted run from its SQLite checkpoint (solve with the same thread id)."""

from __future__ import annotations

import pytest

from medmirror.api import solve
from medmirror.core.settings import Settings
from medmirror.memory.checkpoint import checkpoint_path, make_checkpointer

from ._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi, bmi_plan, call, models, prompt, section, used_up


class Killed(RuntimeError):
    """Stands in for a crash (process killed, server gone) in the middle of a node."""


def _saver(tmp_path):
    # a fresh connection each time, as a new process would open
    return make_checkpointer(Settings(data_dir=tmp_path))


def test_run_killed_at_the_answer_resumes_without_replanning(tmp_path):
    first = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                   answer=[Killed("killed during the answer")])
    killed = solve(BMI_Q, BMI_NOTE, models=first, thread_id="case-1", saver=_saver(tmp_path))
    assert killed.status == "error" and "Killed: killed during the answer" in killed.status_detail
    assert "call again with thread_id=case-1 to resume" in killed.status_detail
    assert killed.value is None and [s["arguments"] for s in killed.steps] == [{"weight": 70, "height": 175}]
    assert checkpoint_path(Settings(data_dir=tmp_path)).is_file()

    fresh = models(answer=[answer(BMI_70)])  # planner and tool agent have no replies: they must not be called
    res = solve(BMI_Q, BMI_NOTE, models=fresh, thread_id="case-1", saver=_saver(tmp_path))
    assert not fresh["planner"].calls and not fresh["tool_agent"].calls
    assert res.status == "answered" and res.value == BMI_70
    # the steps of the first run are intact and shown to the answer agent
    assert [s["arguments"] for s in res.steps] == [{"weight": 70, "height": 175}]
    assert "bmi(" in section(prompt(fresh["answer"]), "Tool results")
    # one trace across both processes: each node ran once
    assert [e["node"] for e in res.trace] == ["intake", "planner", "tool_agent", "executor", "answer"]
    assert res.usage["nodes"]["planner"]["runs"] == 1
    used_up(*fresh.values())


def test_resume_keeps_stm_and_ltm(tmp_path):
    # round 1 is rejected (LTM); in round 2 the first call fails (STM), then the tool agent is killed
    first = models(
        planner=[bmi_plan(), bmi_plan()],
        tool_agent=[call("bmi", weight=80, height=175), call("bmi", weight=70), Killed("killed in tool_agent")],
        answer=[answer(bmi(80, 175), score=3, evaluation="80 kg is not in the note")],
    )
    killed = solve(BMI_Q, BMI_NOTE, models=first, thread_id="case-2", saver=_saver(tmp_path), theta_answer=8)
    assert killed.status == "error" and "killed in tool_agent" in killed.status_detail
    assert len(first["planner"].calls) == 2

    fresh = models(tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    res = solve(BMI_Q, BMI_NOTE, models=fresh, thread_id="case-2", saver=_saver(tmp_path), theta_answer=8)
    assert not fresh["planner"].calls
    stm = section(prompt(fresh["tool_agent"]), "Failed attempts on this subtask (short-term memory)")
    assert stm.startswith('- attempt 1: bmi({"weight": 70}) failed:') and "missing height" in stm
    assert "Round 1:" in prompt(fresh["answer"]) and "80 kg is not in the note" in prompt(fresh["answer"])
    assert res.rounds == 2 and len(res.ltm) == 1 and res.ltm[0]["value"] == bmi(80, 175)
    assert res.status == "answered" and res.value == BMI_70
    used_up(*fresh.values())


def test_finished_thread_is_not_resumed_and_other_threads_are_independent(tmp_path):
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    done = solve(BMI_Q, BMI_NOTE, models=ms, thread_id="a", saver=_saver(tmp_path))
    assert done.status == "answered"
    other = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    res = solve(BMI_Q, BMI_NOTE, models=other, thread_id="b", saver=_saver(tmp_path))
    assert res.status == "answered" and len(other["planner"].calls) == 1
    assert [e["node"] for e in res.trace].count("planner") == 1


def test_solve_uses_the_checkpointer_named_by_settings(tmp_path):
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[Killed("killed")])
    assert solve(BMI_Q, BMI_NOTE, models=ms, thread_id="s", data_dir=tmp_path).status == "error"  # default: sqlite
    assert (tmp_path / "checkpoints.sqlite").is_file()
    fresh = models(answer=[answer(BMI_70)])
    res = solve(BMI_Q, BMI_NOTE, models=fresh, thread_id="s", data_dir=tmp_path)
    assert res.value == BMI_70 and not fresh["planner"].calls


def test_checkpointer_kinds(tmp_path):
    from langgraph.checkpoint.memory import InMemorySaver

    assert make_checkpointer(Settings(data_dir=tmp_path), "none") is None
    assert isinstance(make_checkpointer(Settings(data_dir=tmp_path, checkpointer="memory")), InMemorySaver)
    with pytest.raises(ValueError, match="unknown checkpointer 'redis'"):
        make_checkpointer(Settings(data_dir=tmp_path), "redis")


def test_a_new_task_on_a_finished_thread_reports_only_its_own_trace_and_usage(tmp_path):
    for _ in range(2):
        ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
        res = solve(BMI_Q, BMI_NOTE, models=ms, thread_id="reused", saver=_saver(tmp_path))
        assert res.status == "answered"
    assert [e["node"] for e in res.trace].count("intake") == 1
    assert res.usage["nodes"]["planner"]["runs"] == 1
