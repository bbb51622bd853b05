"""`medmirror bench rada`: radiology cases through the graph with scripted agents, scoring, resume, CLI.

The scripted agents are built from the same cases the runner builds (same records, task
types, condition and seed), in the runner's order, so each case consumes its own replies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from medmirror.bench.rada import (
    METRICS,
    METRICS_VERSION,
    RadaError,
    format_table,
    make_cases,
    protocol_answers,
    resolve_conditions,
    resolve_tasks,
    run_rada,
    score_case,
    summarise,
)
from medmirror.core.models import ScriptedChatModel
from medmirror.tools.radiology.tasks import TASK_TYPES
from medmirror.tools.radiology.toolsets import build_toolset

SEED = 0


def _quiet(_: str) -> None:
    pass


def _cases(tasks: list[str], condition: str):
    cases = make_cases(1, SEED, tasks, resolve_conditions(condition))
    return [(c, build_toolset(c.condition, c.task, SEED)) for c in cases]


def _gold_calls(case, toolset, upto: int | None = None) -> list[tuple[str, dict[str, str]]]:
    """(optimal tool, inputs read from the memory keys of the same name) per gold step."""
    steps = case.task.gold_chain[:upto]
    return [(toolset.optimal[s.index], {k: k for k in s.inputs}) for s in steps]


def _no_call(case, toolset) -> dict[str, Any]:
    gap = toolset.unsolvable
    return {"purpose": f"perform the {gap.category} step", "category": gap.category, "anatomy": gap.anatomy,
            "modality": gap.modality, "missing_capability": gap.missing_capability}


def _mirror_models(script: list[tuple[Any, list[tuple[str, dict[str, Any]]]]]) -> dict[str, ScriptedChatModel]:
    """Planner plans the given calls, the tool agent makes them, the answer agent gives the reference."""
    plans, calls, answers = [], [], []
    for case, steps in script:
        plans.append({"subtasks": [{"description": f"step {i + 1}", "tool": t} for i, (t, _) in enumerate(steps)],
                      "evaluation": "follows the data flow", "score": 9})
        calls += [{"tool": t, "arguments": a, "evaluation": "inputs from memory", "score": 9} for t, a in steps]
        answers.append({"answer": case.task.reference_answer, "value": None, "evaluation": "from memory", "score": 9})
    return {"planner": ScriptedChatModel(responses=plans), "tool_agent": ScriptedChatModel(responses=calls),
            "answer": ScriptedChatModel(responses=answers)}


def _records(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines() if line.strip()]


def test_options_are_checked() -> None:
    assert resolve_conditions("insufficient") == ["insufficient_config1", "insufficient_config2",
                                                  "insufficient_config3"]
    assert resolve_tasks(None) == list(TASK_TYPES) and len(TASK_TYPES) == 11
    with pytest.raises(RadaError, match="unknown condition"):
        resolve_conditions("redundant")
    with pytest.raises(RadaError, match="unknown task type"):
        resolve_tasks("organ_segmentation,lesion_counting")
    cases = make_cases(2, SEED, ["organ_segmentation", "anomaly_detection"], ["baseline", "differentiated"])
    assert len(cases) == 2 * 2 * 2 and len({c.id for c in cases}) == 8
    assert cases[0].id == "rad-0-00000:organ_segmentation:baseline"


def test_optimal_chain_under_baseline_completes(tmp_path: Path) -> None:
    tasks = ["organ_segmentation", "anomaly_biomarker"]
    cases = _cases(tasks, "baseline")
    models = _mirror_models([(c, _gold_calls(c, ts)) for c, ts in cases])
    summary = run_rada("baseline", records=1, tasks=tasks, preset="mirror", out_dir=tmp_path, seed=SEED, quiet=True,
                       echo=_quiet, options={"models": models, "settings": {"data_dir": str(tmp_path / "data")}})
    recs = _records(tmp_path)
    assert [r["id"] for r in recs] == [c.id for c, _ in cases]
    for rec, (case, _) in zip(recs, cases):
        m = rec["metrics"]
        assert rec["gold_chain"] == rec["planned_chain"] == rec["executed_chain"] == case.task.gold_categories
        assert rec["answers"] == ["call"] * (len(case.task.gold_chain) - 1) + ["end_call"]
        assert m["execution_completion"] == 1.0 and m["target_hit"] == 1.0 and m["milestone_hit"] == 1.0
        assert m["exec_levenshtein"] == 0.0 and m["plan_levenshtein"] == 0.0 and m["optimal_tool_score"] == 1.0
        assert m["token_f1"] == 1.0 and m["unsolvability_awareness"] is None
        assert m["pre_failure_success"] is None and m["pre_failure_success_all"] == 1.0  # not a failed case
        assert set(case.task.target_outputs) <= set(rec["memory_keys"]) and rec["error"] is None
    assert summary["overall"]["execution_completion"] == 1.0 and summary["failures"] == 0
    assert summary["overall"]["pre_failure_success"] is None and summary["overall"]["pre_failure_n"] == 0
    assert summary["completion_by_complexity"] == {"simple": 1.0, "moderate": 1.0, "complex": None}
    assert set(summary["by_task_type"]) == set(tasks) and summary["mean_calls"] > 0


def test_skipping_a_step_is_scored_as_a_broken_chain(tmp_path: Path) -> None:
    # The agent skips the modality classifier: the segmentor cannot read "modality" from memory.
    # (With checks on, the plan's chain check would catch the gap before anything runs: the metrics of a
    # broken chain are measured here with the papers' self-scores alone, in one round: replan_on_failure
    # would re-plan the given-up step.)
    [(case, ts)] = _cases(["organ_segmentation"], "baseline")
    calls = [c for i, c in enumerate(_gold_calls(case, ts)) if i != 1]
    models = _mirror_models([(case, calls)])
    models["tool_agent"] = ScriptedChatModel(responses=[
        {"tool": t, "arguments": a, "evaluation": "inputs from memory", "score": 9} for t, a in calls
    ] + [{"tool": calls[-1][0], "arguments": calls[-1][1], "evaluation": "retry", "score": 9}] * 2)
    run_rada("baseline", records=1, tasks=["organ_segmentation"], preset="mirror", out_dir=tmp_path, seed=SEED,
             quiet=True, echo=_quiet, options={"models": models, "settings": {"data_dir": str(tmp_path / "data"), "use_checks": False,
                                                                      "replan_on_failure": False}})
    [rec] = _records(tmp_path)
    m = rec["metrics"]
    assert rec["executed_chain"] == ["anatomy_classifier"] and m["exec_levenshtein"] == 2.0
    # planned AC, OS vs gold AC, MC, OS: by position only AC matches (1/3); order-free 2 of 3 gold tools
    assert m["plan_levenshtein"] == 1.0 and m["plan_tool_matching_accuracy"] == pytest.approx(1 / 3)
    assert m["plan_tool_matching_accuracy_unordered"] == pytest.approx(2 / 3)
    assert m["execution_completion"] == 0.0 and m["target_hit"] == 0.0
    assert m["pre_failure_success"] == pytest.approx(1 / 3)  # one of three gold steps before the failure


def test_nocall_at_the_gap_is_aware_and_grounded(tmp_path: Path) -> None:
    [(case, ts)] = _cases(["anomaly_detection"], "insufficient_config2")
    gap = ts.unsolvable
    assert gap is not None and gap.step_index == 2 and gap.config == "config2"  # only the detector can lack scope
    steps = [*_gold_calls(case, ts, upto=gap.step_index), ("no_call", _no_call(case, ts))]
    models = _mirror_models([(case, steps)])
    models["answer"] = ScriptedChatModel(responses=[{"answer": "No available anomaly detector covers this study.",
                                                     "value": None, "evaluation": "gap stated", "score": 9}])
    summary = run_rada("insufficient_config2", records=1, tasks=["anomaly_detection"], preset="mirror",
                       out_dir=tmp_path, seed=SEED, quiet=True, echo=_quiet,
                       options={"models": models, "settings": {"data_dir": str(tmp_path / "data")}})
    [rec] = _records(tmp_path)
    m = rec["metrics"]
    assert rec["answers"] == ["call", "call", "no_call"] and rec["executed_chain"][-1] == "NoCall"
    assert rec["no_call"]["category"] == "anomaly_detector" and rec["gap"]["category"] == "anomaly_detector"
    assert m["unsolvability_awareness"] == 1.0 and m["unsolvability_grounding"] == 1.0
    assert m["execution_completion"] == 0.0 and m["pre_failure_success"] == pytest.approx(2 / 3)
    assert summary["overall"]["unsolvability_awareness"] == 1.0


def test_nocall_naming_the_wrong_pair_or_step_is_not_credited() -> None:
    [(case, ts)] = _cases(["anomaly_detection"], "insufficient_config2")
    gap = ts.unsolvable
    other = "MRI" if gap.modality != "MRI" else "CT"

    def step(tool: str, protocol: str, obs: Any = None) -> dict[str, Any]:
        return {"tool": tool, "ok": True, "protocol": protocol, "observation": obs or {"outputs": {}}}

    classifiers = [step(t, "Call") for t, _ in _gold_calls(case, ts, upto=2)]
    wrong_pair = {"no_call": {**_no_call(case, ts), "kind": "no_call", "modality": other}}
    scored = score_case(case.task, ts, steps=[*classifiers, step("no_call", "NoCall", wrong_pair)], plan=None,
                        memory={}, answer="", use_planner=False, finished=False)
    assert scored["metrics"]["unsolvability_awareness"] == 1.0 and scored["metrics"]["unsolvability_grounding"] == 0.0
    early = {"no_call": {**_no_call(case, ts), "kind": "no_call"}}
    scored = score_case(case.task, ts, steps=[classifiers[0], step("no_call", "NoCall", early)], plan=None,
                        memory={}, answer="", use_planner=False, finished=False)
    assert scored["metrics"]["unsolvability_awareness"] == 0.0 and scored["metrics"]["unsolvability_grounding"] == 1.0
    assert scored["planned_chain"] is None and scored["metrics"]["plan_levenshtein"] is None  # no planner


def test_optimal_tool_score_credits_the_first_choice_by_rank() -> None:
    [(case, ts)] = _cases(["organ_segmentation"], "differentiated")
    ac, mc, os_ = case.task.gold_chain  # anatomy classifier, modality classifier, organ segmentor

    def ranked(i: int) -> list[str]:
        return sorted(ts.suitable[i], key=lambda n: -ts.suitable[i][n])

    assert len(ranked(1)) == 3 and ranked(0)[0] == ts.optimal[0]
    trap = next(c.name for c in ts.by_category(os_.category) if c.name not in ts.suitable[os_.index])

    def step(tool: str, ok: bool = True) -> dict[str, Any]:
        return {"tool": tool, "ok": ok, "protocol": "Call", "observation": {"outputs": {}}}

    # AC: the best (1); MC: the second of three suitable (2/3); OS: an unsuitable trap first (it
    # fails), then the optimal one - the first choice counts (0). (1 + 2/3 + 0) / 3 = 5/9.
    steps = [step(ranked(0)[0]), step(ranked(1)[1]), step(trap, ok=False), step(ts.optimal[os_.index])]
    m = score_case(case.task, ts, steps=steps, plan=None, memory={}, answer="", use_planner=False,
                   finished=True)["metrics"]
    assert m["optimal_tool_score"] == pytest.approx(5 / 9)
    assert m["optimal_tool_exact"] == pytest.approx(1 / 3)  # strict: only AC's choice is the optimum


def test_pre_failure_success_is_averaged_over_the_failed_cases() -> None:
    def rec(completed: bool, pre: float | None, pre_all: float) -> dict[str, Any]:
        metrics = dict.fromkeys(METRICS)
        metrics.update(execution_completion=float(completed), pre_failure_success=pre, pre_failure_success_all=pre_all)
        return {"id": "x", "task_type": "organ_segmentation", "condition": "baseline", "gold_chain": ["a"] * 3,
                "metrics": metrics}

    # two completed cases and two failed ones that got 1/3 and 2/3 of the way
    s = summarise([rec(True, None, 1.0), rec(False, 1 / 3, 1 / 3), rec(True, None, 1.0), rec(False, 2 / 3, 2 / 3)])
    assert s["overall"]["pre_failure_success"] == pytest.approx(0.5)  # (1/3 + 2/3) / 2 failed cases
    assert s["overall"]["pre_failure_n"] == 2
    assert s["overall"]["pre_failure_success_all"] == pytest.approx(0.75)  # (1 + 1/3 + 1 + 2/3) / 4
    table = format_table("t", s["by_task_type"], s["overall"])
    assert "nfail" in table and table.splitlines()[-1].split()[7:9] == ["50%", "2"]


def test_target_hit_is_the_final_tool_and_format_and_the_value_check_is_separate() -> None:
    [(case, ts)] = _cases(["end_to_end_diagnosis"], "baseline")  # AC, MC, imaging diagnoser -> disease
    tools = [ts.optimal[s.index] for s in case.task.gold_chain]

    def step(tool: str, ok: bool = True) -> dict[str, Any]:
        return {"tool": tool, "ok": ok, "protocol": "Call", "observation": {"outputs": {}}}

    def metrics(steps: list[dict[str, Any]], disease: Any) -> dict[str, Any]:
        memory = {"disease": {"value": disease, "quality": 0.4}}
        return score_case(case.task, ts, steps=steps, plan=None, memory=memory, answer="", use_planner=False,
                          finished=True)["metrics"]

    truth = case.task.target["disease"]
    # the right final tool wrote a wrong but well-formed diagnosis: a target hit, not a value hit
    m = metrics([step(t) for t in tools], "some other disease")
    assert m["target_hit"] == 1.0 and m["target_value_hit"] == 0.0
    # the right value in memory, but the last tool that ran is a classifier (the diagnoser failed)
    m = metrics([step(tools[0]), step(tools[1]), step(tools[2], ok=False), step(tools[1])], truth)
    assert m["target_hit"] == 0.0 and m["target_value_hit"] == 1.0
    # the right final tool, the output not in format (a number where a string is due)
    m = metrics([step(t) for t in tools], 42)
    assert m["target_hit"] == 0.0 and m["target_value_hit"] == 0.0


def test_single_loop_labels_the_last_successful_call_as_endcall() -> None:
    steps = [{"tool": "a", "ok": True, "protocol": "EndCall"}, {"tool": "b", "ok": True, "protocol": "EndCall"},
             {"tool": "c", "ok": False, "protocol": "EndCall"}]
    assert [a["kind"] for a in protocol_answers(steps, use_planner=False, finished=True)] == ["call", "end_call", "call"]
    assert [a["kind"] for a in protocol_answers(steps, use_planner=False, finished=False)] == ["call"] * 3
    assert [a["kind"] for a in protocol_answers(steps, use_planner=True, finished=False)] == ["end_call"] * 3


def test_react_run_and_resume(tmp_path: Path) -> None:
    [(case, ts)] = _cases(["organ_segmentation"], "differentiated")
    calls = _gold_calls(case, ts)
    models = {
        "tool_agent": ScriptedChatModel(responses=[{"thought": "next", "action": t, "arguments": a} for t, a in calls]
                                        + [{"thought": "done", "action": "finish", "arguments": {}}]),
        "answer": ScriptedChatModel(responses=[{"answer": case.task.reference_answer, "value": None,
                                                "evaluation": "ok", "score": 9}]),
    }
    opts = {"models": models, "settings": {"data_dir": str(tmp_path / "data")}}
    # a record scored under the old metric definitions (no metrics_version) is run again, not reused
    (tmp_path / "records.jsonl").write_text(json.dumps({"id": case.id, "metrics": {"target_hit": 0.0}}) + "\n")
    first = run_rada("differentiated", records=1, tasks=["organ_segmentation"], preset="react", out_dir=tmp_path,
                     seed=SEED, quiet=True, echo=_quiet, options=opts)
    assert first["new_cases"] == 1 and first["overall"]["target_hit"] == 1.0
    old, rec = _records(tmp_path)
    assert "metrics_version" not in old and rec["metrics_version"] == METRICS_VERSION
    assert rec["answers"] == ["call", "call", "end_call"] and rec["planned_chain"] is None
    assert rec["metrics"]["optimal_tool_score"] == 1.0 and rec["metrics"]["execution_completion"] == 1.0
    # a second run over the same directory runs nothing (the scripts are used up: a call would fail)
    again = run_rada("differentiated", records=1, tasks=["organ_segmentation"], preset="react", out_dir=tmp_path,
                     seed=SEED, quiet=True, echo=_quiet, options=opts)
    assert again["new_cases"] == 0 and len(_records(tmp_path)) == 2 and again["failures"] == 0 and again["n"] == 1


def test_cli_runs_a_case_with_the_scripted_provider(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from medmirror.bench.cli import main

    [(case, ts)] = _cases(["end_to_end_diagnosis"], "baseline")
    calls = _gold_calls(case, ts)
    script = {"tool_agent": [{"thought": "next", "action": t, "arguments": a} for t, a in calls]
              + [{"thought": "done", "action": "finish", "arguments": {}}],
              "answer": [{"answer": case.task.reference_answer, "value": None, "evaluation": "ok", "score": 9}]}
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script))
    out = tmp_path / "run"
    code = main(["bench", "rada", "--condition", "baseline", "--records", "1", "--tasks", "end_to_end_diagnosis",
                 "--preset", "react", "--out", str(out), "--quiet", "--set", "model_provider=scripted",
                 "--set", f"script_path={path}", "--set", f"data_dir={tmp_path / 'data'}"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "end_to_end_diagnosis" in printed and "completion by complexity: simple 100%" in printed
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["target_hit"] == 1.0 and summary["n"] == 1
    assert main(["bench", "rada", "--condition", "nope", "--out", str(out)]) == 2
    assert "unknown condition" in capsys.readouterr().err
