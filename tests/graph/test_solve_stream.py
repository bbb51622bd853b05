"""Streaming runs (issue 32, item 1): ``solve(on_trace=...)`` hands each trace event over as its step finishes,
in step order, and ``medmirror solve`` prints each trace line before the answer (scripted models)."""

from __future__ import annotations

import json

import pytest

from medmirror.api import solve
from medmirror.cli import main, trace_line

from ._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi_plan, call, models


def test_trace_events_arrive_as_each_step_finishes_in_step_order():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    seen: list[tuple[dict, int]] = []  # each event with how many times the answer model had been called then
    res = solve(BMI_Q, BMI_NOTE, models=ms, saver=None, use_experience=False,
                on_trace=lambda event: seen.append((event, len(ms["answer"].calls))))
    assert res.status == "answered" and res.value == BMI_70
    assert [event for event, _ in seen] == res.trace  # every event, in the order of the result's trace
    nodes = [event["node"] for event, _ in seen]
    assert nodes[:4] == ["intake", "planner", "tool_agent", "executor"] and nodes[-1] == "answer"
    # the events of the steps before the answer were handed over before the answer model ran: streamed
    assert all(calls == 0 for event, calls in seen if event["node"] != "answer")
    assert seen[-1][1] == 1


def test_the_result_is_the_same_with_and_without_streaming():
    def run(**kw):
        ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
        return solve(BMI_Q, BMI_NOTE, models=ms, saver=None, use_experience=False, thread_id="same", **kw)

    plain, streamed = run(), run(on_trace=lambda event: None)
    keep = lambda r: {k: v for k, v in r.to_dict().items() if k not in ("usage", "totals")}  # noqa: E731
    assert keep(plain) == keep(streamed)


@pytest.fixture
def scripted_cli(monkeypatch, tmp_path):
    def script(**roles):  # a new file each time: the scripted provider keeps one model per script file
        path = tmp_path / f"script{len(list(tmp_path.glob('script*.json')))}.json"
        path.write_text(json.dumps(roles), encoding="utf-8")
        monkeypatch.setenv("MEDMIRROR_SCRIPT_PATH", str(path))

    monkeypatch.setenv("MEDMIRROR_MODEL_PROVIDER", "scripted")
    monkeypatch.setenv("MEDMIRROR_CHECKPOINTER", "none")
    monkeypatch.setenv("MEDMIRROR_EMBEDDINGS_PROVIDER", "none")
    monkeypatch.setenv("MEDMIRROR_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "note.txt").write_text(BMI_NOTE, encoding="utf-8")
    return script, str(tmp_path / "note.txt")


def test_cli_prints_the_trace_lines_before_the_answer_in_step_order(scripted_cli, capsys):
    script, note = scripted_cli
    roles = dict(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    script(**roles)
    assert main(["solve", "-q", BMI_Q, "-n", note, "--use-experience", "false"]) == 0
    lines = capsys.readouterr().out.splitlines()
    script(**roles)  # the same run again, as JSON, for its trace
    assert main(["solve", "-q", BMI_Q, "-n", note, "--use-experience", "false", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == pytest.approx(70 / 1.75**2) and isinstance(data["value"], float)
    expected = [trace_line(e) for e in data["trace"]]
    assert lines[0].startswith("preset: mirror   thread: ")
    assert lines[1:1 + len(expected)] == expected  # the trace first, in step order
    answer_at = next(i for i, line in enumerate(lines) if line.startswith("answer: "))
    assert answer_at > len(expected) and "value (number): 22.86" in lines


def test_cli_trace_lines_are_out_before_a_later_step_fails(scripted_cli, capsys):
    """The answer model has no reply (the run fails at the answer): the lines of the steps that finished were
    already printed; the error is one line on stderr. Printed at the end only, there would be no trace."""
    script, note = scripted_cli
    script(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)])
    assert main(["solve", "-q", BMI_Q, "-n", note, "--use-experience", "false"]) == 1
    out = capsys.readouterr()
    printed = [line.split("|")[0].strip() for line in out.out.splitlines()[1:]]
    assert printed[:4] == ["intake", "planner", "tool_agent", "executor"]
    assert len(out.err.strip().splitlines()) == 1 and out.err.startswith("medmirror: error: ")
    assert "Exhausted" not in out.err and "Error:" not in out.err  # plain words
