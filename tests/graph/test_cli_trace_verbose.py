"""The CLI's trace shows what ran; a model proposal the checks overruled only with ``--verbose``, marked so, with
what ran instead (issue 32, item 2). Snapshots of ``medmirror solve`` on scripted models: the planner first binds
a tool the question does not name (the checks send the plan back), the tool agent copies a weight the note does not
give (the executor's checks use the note's)."""

from __future__ import annotations

import json

import pytest

from medmirror.cli import main

from ._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi_plan, call, plan

WRONG_PLAN = plan(("Compute the target weight", "target_weight"), score=9)
ROLES = dict(planner=[WRONG_PLAN, bmi_plan()], tool_agent=[call("bmi", weight=80, height=175)],
             answer=[answer(BMI_70)])


@pytest.fixture
def run_cli(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("MEDMIRROR_MODEL_PROVIDER", "scripted")
    monkeypatch.setenv("MEDMIRROR_USE_CHECKS", "true")  # the defaults: checks on, arguments grounded in the note
    monkeypatch.delenv("MEDMIRROR_EXTRACTOR", raising=False)
    monkeypatch.setenv("MEDMIRROR_CHECKPOINTER", "none")
    monkeypatch.setenv("MEDMIRROR_EMBEDDINGS_PROVIDER", "none")
    monkeypatch.setenv("MEDMIRROR_DATA_DIR", str(tmp_path / "data"))
    note = tmp_path / "note.txt"
    note.write_text(BMI_NOTE, encoding="utf-8")

    def run(*flags: str, trace: bool = True) -> list[str]:
        script = tmp_path / f"script{len(list(tmp_path.glob('script*.json')))}.json"  # one model per script file
        script.write_text(json.dumps(ROLES), encoding="utf-8")
        monkeypatch.setenv("MEDMIRROR_SCRIPT_PATH", str(script))
        code = main(["solve", "-q", BMI_Q, "-n", str(note), "--use-experience", "false", *flags])
        assert code == 0
        if not trace:
            return []
        lines = capsys.readouterr().out.splitlines()
        return [line for line in lines[1:lines.index("")]]  # the trace: after the header, before the outcome

    return run


def test_default_trace_shows_what_ran(run_cli):
    lines = run_cli()
    assert lines[1:] == [
        "     planner | plan_accept [score 9] [checks passed (decisive)]: Compute the BMI from weight and height [bmi]",
        '  tool_agent | tool_accept [score 9] [checks passed (decisive)]: bmi({"weight": 70.0, "height": 175.0})',
        "    executor | ok: Body Mass Index (BMI) = 22.86 kg/m² (normal weight)",
        "      answer | answer_accept [score 9] [checks passed (decisive)]: value='22.86'",
    ]


def test_verbose_trace_shows_the_overruled_proposals_and_what_ran_instead(run_cli):
    lines = run_cli("--verbose")
    assert lines[1:] == [
        "     planner | plan_revise [overruled by the checks] [score 9] [checks FAILED: the plan does not use bmi "
        "(BMI), which the question asks for (named in the question ('bmi')); unrelated tool(s) target_weight: the "
        "question asks for bmi only, and their results are not inputs of bmi] <- checks: Compute the target weight "
        "[target_weight]; revise: checks",
        "     planner | plan_accept [score 9] [checks passed (decisive)]: Compute the BMI from weight and height [bmi]",
        '  tool_agent | tool_accept [score 9] [checks passed (decisive)]: bmi({"weight": 80, "height": 175})',
        "    executor | overruled: by the checks: weight: the model's 80.0, used 70.0 ('Weight 70 kg'); ran instead: "
        'bmi({"weight": 70.0, "height": 175.0})',
        "    executor | ok: Body Mass Index (BMI) = 22.86 kg/m² (normal weight)",
        "      answer | answer_accept [score 9] [checks passed (decisive)]: value='22.86'",
    ]


def test_json_keeps_the_proposal_and_what_ran(run_cli, capsys):
    """--json is unchanged by the printing: the tool agent's event has the model's call, the executor's what ran."""
    run_cli("--json", trace=False)
    trace = json.loads(capsys.readouterr().out)["trace"]
    accept = next(e for e in trace if e["event"] == "tool_accept")
    ran = next(e for e in trace if e["node"] == "executor")
    assert accept["detail"] == 'bmi({"weight": 80, "height": 175})'
    assert ran["ran"] == 'bmi({"weight": 70.0, "height": 175.0})' and ran["overruled"].startswith("weight: ")
