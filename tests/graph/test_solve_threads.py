"""Issue 12, items 1 and 4: a thread is bound to its task, and failures come back as status="error".

"Nothing wrong comes back": a reused thread id returned the old task's answer under the
new question, and a model exception escaped solve() with no status.
"""

from __future__ import annotations

import pytest

from medmirror.api import solve
from medmirror.core.limits import MAX_NOTE_CHARS, MAX_QUESTION_CHARS
from medmirror.core.settings import Settings
from medmirror.memory.checkpoint import make_checkpointer

from ._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi, bmi_plan, call, models, used_up

MAP_Q = "What is the patient's mean arterial pressure?"
MAP_NOTE = "A 60-year-old woman. Blood pressure 120/80 mmHg."


class Killed(RuntimeError):
    """Stands in for a crash in the middle of a node."""


def _saver(tmp_path):
    return make_checkpointer(Settings(data_dir=tmp_path))


def _killed_at_the_answer(tmp_path, thread_id: str):
    first = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[Killed("killed")])
    res = solve(BMI_Q, BMI_NOTE, models=first, thread_id=thread_id, saver=_saver(tmp_path))
    assert res.status == "error" and "resume" in res.status_detail


@pytest.mark.parametrize("change", [
    {"question": MAP_Q, "note": MAP_NOTE},
    {"note": MAP_NOTE},
    {"options": {"A": "underweight", "B": "normal"}},
    {"preset": "riskagent"},
])
def test_reused_thread_id_with_another_task_is_refused(tmp_path, change):
    _killed_at_the_answer(tmp_path, "t")
    task = {"question": BMI_Q, "note": BMI_NOTE, "options": None, "preset": "mirror"} | change
    nobody = models()  # no role may be called
    res = solve(task["question"], task["note"], task["options"], preset=task["preset"], models=nobody,
                thread_id="t", saver=_saver(tmp_path))
    assert res.status == "error" and "holds an interrupted run of another task" in res.status_detail
    assert res.question == task["question"]
    assert res.value is None and res.answer == "" and res.steps == [] and res.plan == []
    used_up(*nobody.values())
    # the interrupted task itself still resumes from its checkpoint
    fresh = models(answer=[answer(BMI_70)])
    res = solve(BMI_Q, BMI_NOTE, models=fresh, thread_id="t", saver=_saver(tmp_path))
    assert res.status == "answered" and res.value == BMI_70 and not fresh["planner"].calls


def _answered(tmp_path, thread_id: str):
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    res = solve(BMI_Q, BMI_NOTE, models=ms, thread_id=thread_id, saver=_saver(tmp_path))
    assert res.status == "answered" and res.value == BMI_70


def test_completed_thread_with_a_new_task_that_fails_carries_nothing_of_the_first(tmp_path):
    _answered(tmp_path, "done")
    failing = models(planner=[ConnectionError("model server went away")])
    res = solve(MAP_Q, MAP_NOTE, models=failing, thread_id="done", saver=_saver(tmp_path))
    assert res.status == "error" and "ConnectionError: model server went away" in res.status_detail
    assert res.question == MAP_Q
    assert res.value is None and res.answer == "" and res.steps == [] and res.assumed == []
    assert [e["node"] for e in res.trace] == ["intake"]


def test_completed_thread_with_a_new_task_that_errors_at_intake_carries_nothing_of_the_first(tmp_path):
    _answered(tmp_path, "done")
    res = solve("   ", MAP_NOTE, models=models(), thread_id="done", saver=_saver(tmp_path))
    assert res.status == "error" and "no question" in res.status_detail
    assert res.value is None and res.answer == "" and res.steps == [] and res.plan == []


def test_completed_thread_with_a_new_task_starts_fresh(tmp_path):
    _answered(tmp_path, "done")
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=80, height=175)], answer=[answer(bmi(80, 175))])
    res = solve(BMI_Q, "Weight 80 kg, height 175 cm.", models=ms, thread_id="done", saver=_saver(tmp_path))
    assert res.status == "answered" and res.value == bmi(80, 175)
    assert [s["arguments"] for s in res.steps] == [{"weight": 80, "height": 175}]
    assert [e["node"] for e in res.trace].count("intake") == 1


def test_model_exception_returns_status_error_not_a_traceback():
    res = solve(BMI_Q, BMI_NOTE, models=models(planner=[ConnectionError("[Errno 111] Connection refused")]),
                saver=None)
    assert res.status == "error"
    assert res.status_detail.startswith("ConnectionError: [Errno 111] Connection refused")
    assert "unreachable" in res.status_detail and "\n" not in res.status_detail


@pytest.mark.parametrize("question, note, options, fragment", [
    (BMI_Q, BMI_NOTE, [1, 2], "options must be an object"),
    (BMI_Q, BMI_NOTE, {"A": 1}, "option 'A' must be text"),
    (BMI_Q, "x" * (MAX_NOTE_CHARS + 1), None, "MAX_NOTE_CHARS"),
    ("q" * (MAX_QUESTION_CHARS + 1), None, None, "MAX_QUESTION_CHARS"),
    (42, None, None, "the question must be text"),
    (BMI_Q, b"binary", None, "the note must be text"),
])
def test_invalid_task_input_returns_status_error(question, note, options, fragment):
    nobody = models()
    res = solve(question, note, options, models=nobody, saver=None)
    assert res.status == "error" and fragment in res.status_detail
    used_up(*nobody.values())


def test_unreachable_openai_server_returns_status_error():
    res = solve(BMI_Q, BMI_NOTE, saver=None, model_provider="openai", openai_base_url="http://127.0.0.1:9/v1",
                openai_model="nothing-here", use_experience=False)
    assert res.status == "error" and "Connection" in res.status_detail
    assert "http://127.0.0.1:9/v1" in res.status_detail
