"""RadA-BenchPlat's prompting strategies in `medmirror bench rada`, with scripted agents.

Few-shot: the worked examples reach the agent's prompt and never show the case's own answer chain or record.
Prompt back-propagation: a failed case makes the optimiser rewrite the learned instructions, the next case's
prompts carry them, every version is kept, and a resumed run continues with the last one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from medmirror.bench.rada import make_cases, run_rada
from medmirror.bench.rada_strategies import (
    VERSIONS_FILE,
    PromptHistory,
    few_shot_examples,
    few_shot_tasks,
)
from medmirror.core.models import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.nodes.prompt_backprop import MAX_INSTRUCTIONS_CHARS, clean
from medmirror.tools.radiology.tasks import TASK_TYPES
from medmirror.tools.radiology.toolsets import build_toolset

SEED = 0


def _quiet(_: str) -> None:
    pass


def _prompt(model: ScriptedChatModel, i: int) -> str:
    return "\n".join(str(m.content) for m in model.calls[i]["messages"])


def _records(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines() if line.strip()]


def _plan(case, toolset, upto: int | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    steps = case.task.gold_chain[:upto]
    calls = [(toolset.optimal[s.index], {k: k for k in s.inputs}) for s in steps]
    plan = {"subtasks": [{"description": f"step {i + 1}", "tool": t} for i, (t, _) in enumerate(calls)],
            "evaluation": "follows the data flow", "score": 9}
    return plan, [{"tool": t, "arguments": a, "evaluation": "inputs from memory", "score": 9} for t, a in calls]


def _answer(case) -> dict[str, Any]:
    return {"answer": case.task.reference_answer, "value": None, "evaluation": "from memory", "score": 9}


# ---------------------------------------------------------------------------
# Few-shot
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("task_type", TASK_TYPES)
def test_few_shot_examples_never_show_the_cases_chain_or_record(task_type: str) -> None:
    [case] = make_cases(2, SEED, [task_type], ["baseline"], limit=1)
    examples = few_shot_tasks(case.task, 3, SEED)
    assert len(examples) == 3
    for ex in examples:
        assert ex.gold_categories != case.task.gold_categories  # not the answer chain
        assert ex.task_type != case.task.task_type and ex.record_id != case.task.record_id
        assert ex.question != case.task.question
    # the rendered text names the example's chain, not the case's image or question
    for text in few_shot_examples(case.task, 3, SEED):
        assert case.task.initial_memory["image"] not in text and case.task.question not in text
    assert few_shot_tasks(case.task, 0, SEED) == []


def test_few_shot_examples_are_in_the_agents_prompt_and_recorded(tmp_path: Path) -> None:
    tasks = ["organ_segmentation"]
    [case] = make_cases(1, SEED, tasks, ["baseline"])
    ts = build_toolset(case.condition, case.task, SEED)
    plan, calls = _plan(case, ts)
    models = {"planner": ScriptedChatModel(responses=[plan]), "tool_agent": ScriptedChatModel(responses=calls),
              "answer": ScriptedChatModel(responses=[_answer(case)])}
    run_rada("baseline", records=1, tasks=tasks, preset="mirror", out_dir=tmp_path, seed=SEED, quiet=True,
             echo=_quiet, options={"models": models, "settings": {"rada_few_shot": 2,
                                                                  "data_dir": str(tmp_path / "data")}})
    prompt = _prompt(models["planner"], 0)
    shown = few_shot_examples(case.task, 2, SEED)
    assert len(shown) == 2 and all(ex in prompt for ex in shown)
    assert prompt.count("Worked example") == 2
    # the case's own chain is not spelled out as an example chain
    own = "\n".join(f"  {i}. a {s.category} tool" for i, s in enumerate(case.task.gold_chain, 1))
    assert own not in "\n\n".join(shown)
    [rec] = _records(tmp_path)
    assert rec["few_shot"] == 2 and rec["prompt_version"] is None and rec["metrics"]["execution_completion"] == 1.0


def test_without_few_shot_the_prompt_has_no_examples(tmp_path: Path) -> None:
    [case] = make_cases(1, SEED, ["organ_segmentation"], ["baseline"])
    ts = build_toolset(case.condition, case.task, SEED)
    plan, calls = _plan(case, ts)
    models = {"planner": ScriptedChatModel(responses=[plan]), "tool_agent": ScriptedChatModel(responses=calls),
              "answer": ScriptedChatModel(responses=[_answer(case)])}
    run_rada("baseline", records=1, tasks=["organ_segmentation"], preset="mirror", out_dir=tmp_path, seed=SEED,
             quiet=True, echo=_quiet, options={"models": models, "settings": {"data_dir": str(tmp_path / "data")}})
    prompt = _prompt(models["planner"], 0)
    assert "Worked example" not in prompt and "Instructions learned" not in prompt
    assert _records(tmp_path)[0]["few_shot"] == 0


# ---------------------------------------------------------------------------
# Prompt back-propagation
# ---------------------------------------------------------------------------

LESSON_1 = "Classify the anatomy, then the modality, before any organ or anomaly tool."
LESSON_2 = LESSON_1 + "\nRead every input from a memory key that already holds it."

SETTINGS = {"rada_prompt_backprop": True, "use_checks": False, "replan_on_failure": False, "max_rounds": 1,
            "max_attempts_per_subtask": 1}


def _failing_then_passing(cases_ts) -> dict[str, ScriptedChatModel]:
    """Case 1 skips the modality classifier (its segmentor call fails: no modality in memory); case 2 runs the
    gold chain. The reviewer role is the optimiser."""
    (c1, t1), (c2, t2) = cases_ts
    plan1, calls1 = _plan(c1, t1)
    del plan1["subtasks"][1], calls1[1]
    plan2, calls2 = _plan(c2, t2)
    return {"planner": ScriptedChatModel(responses=[plan1, plan2]),
            "tool_agent": ScriptedChatModel(responses=[*calls1, *calls2]),
            "answer": ScriptedChatModel(responses=[_answer(c1), _answer(c2)]),
            "reviewer": ScriptedChatModel(responses=[{"instructions": LESSON_1}])}


def test_a_failed_case_rewrites_the_instructions_and_the_next_case_uses_them(tmp_path: Path) -> None:
    tasks = ["organ_segmentation", "anomaly_detection"]
    cases = make_cases(1, SEED, tasks, ["baseline"])
    cts = [(c, build_toolset(c.condition, c.task, SEED)) for c in cases]
    models = _failing_then_passing(cts)
    summary = run_rada("baseline", records=1, tasks=tasks, preset="mirror", out_dir=tmp_path, seed=SEED, quiet=True,
                       echo=_quiet, options={"models": models, "settings": {**SETTINGS,
                                                                            "data_dir": str(tmp_path / "data")}})
    r1, r2 = _records(tmp_path)
    assert r1["metrics"]["execution_completion"] == 0.0 and r1["prompt_version"] == 0
    assert r1["prompt_updated_to"] == 1 and r1["prompt_backprop_error"] is None
    assert r2["metrics"]["execution_completion"] == 1.0 and r2["prompt_version"] == 1
    assert "prompt_updated_to" not in r2  # a completed case teaches nothing
    # the optimiser saw what went wrong; the first case ran without learned instructions, the second with them
    optimiser = _prompt(models["reviewer"], 0)
    assert "expected tool-category chain: anatomy_classifier -> modality_classifier -> organ_segmentor" in optimiser
    assert "failed call" in optimiser and "(none yet)" in optimiser
    planner_calls = models["planner"].calls
    assert "Instructions learned" not in _prompt(models["planner"], 0)
    assert LESSON_1 in _prompt(models["planner"], len(planner_calls) - 1)
    assert any(LESSON_1 in _prompt(models["tool_agent"], i) for i in range(len(models["tool_agent"].calls)))
    # every version is in the bench output, and the optimiser's cost is in the failed case's
    [v1] = [json.loads(line) for line in (tmp_path / VERSIONS_FILE).read_text().splitlines()]
    assert v1["version"] == 1 and v1["after_case"] == r1["id"] and v1["instructions"] == LESSON_1
    assert v1["optimiser_calls"] == 1 and "expected tool-category chain" in v1["reason"]
    assert summary["prompt_backprop"]["versions"] == 1
    assert r1["calls"] >= 1 + len(models["planner"].calls[:1])


def test_a_resumed_run_continues_with_the_last_version(tmp_path: Path) -> None:
    tasks = ["organ_segmentation", "anomaly_detection"]
    cases = make_cases(1, SEED, tasks, ["baseline"])
    cts = [(c, build_toolset(c.condition, c.task, SEED)) for c in cases]
    models = _failing_then_passing(cts)
    opts = {"settings": {**SETTINGS, "data_dir": str(tmp_path / "data")}}
    run_rada("baseline", records=1, tasks=tasks, preset="mirror", out_dir=tmp_path, seed=SEED, quiet=True,
             echo=_quiet, limit=1, options={**opts, "models": models})  # the run stops after the failed case
    assert [r["id"] for r in _records(tmp_path)] == [cases[0].id]
    # the resumed run: only the second case runs, with version 1 from disk
    c2, t2 = cts[1]
    plan2, calls2 = _plan(c2, t2)
    again = {"planner": ScriptedChatModel(responses=[plan2]), "tool_agent": ScriptedChatModel(responses=calls2),
             "answer": ScriptedChatModel(responses=[_answer(c2)]), "reviewer": ScriptedChatModel(responses=[])}
    run_rada("baseline", records=1, tasks=tasks, preset="mirror", out_dir=tmp_path, seed=SEED, quiet=True,
             echo=_quiet, options={**opts, "models": again})
    r1, r2 = _records(tmp_path)
    assert r2["id"] == c2.id and r2["prompt_version"] == 1
    assert LESSON_1 in _prompt(again["planner"], 0)


def test_a_version_from_a_case_without_a_record_is_dropped_on_resume(tmp_path: Path) -> None:
    h = PromptHistory.load(tmp_path, set())
    h.add(LESSON_1, after_case="a", reason="r", tokens=3, calls=1)
    h.add(LESSON_2, after_case="b", reason="r", tokens=3, calls=1)
    again = PromptHistory.load(tmp_path, {"a"})  # case b's record was never written: it runs again
    assert again.version == 1 and again.instructions == LESSON_1
    assert len((tmp_path / VERSIONS_FILE).read_text().splitlines()) == 1
    assert PromptHistory.load(tmp_path / "none", set()).instructions == ""


def test_the_optimisers_text_is_cleaned_and_bounded() -> None:
    assert clean("  be\x00 brief \n\n\tand\x1b  precise ") == "be brief\nand precise"
    long = clean("x " * MAX_INSTRUCTIONS_CHARS)
    assert len(long) <= MAX_INSTRUCTIONS_CHARS and long.endswith("...")


def test_an_invalid_optimiser_reply_keeps_the_prompt(tmp_path: Path) -> None:
    tasks = ["organ_segmentation"]
    [case] = make_cases(1, SEED, tasks, ["baseline"])
    ts = build_toolset(case.condition, case.task, SEED)
    plan, calls = _plan(case, ts)
    del plan["subtasks"][1], calls[1]
    too_long = {"instructions": "y" * (MAX_INSTRUCTIONS_CHARS + 1)}
    models = {"planner": ScriptedChatModel(responses=[plan]), "tool_agent": ScriptedChatModel(responses=calls),
              "answer": ScriptedChatModel(responses=[_answer(case)]),
              "reviewer": ScriptedChatModel(responses=[too_long] * 3)}
    run_rada("baseline", records=1, tasks=tasks, preset="mirror", out_dir=tmp_path, seed=SEED, quiet=True,
             echo=_quiet, options={"models": models, "settings": {**SETTINGS, "data_dir": str(tmp_path / "data")}})
    [rec] = _records(tmp_path)
    assert rec["prompt_updated_to"] is None and rec["prompt_backprop_error"]
    assert not (tmp_path / VERSIONS_FILE).exists()


def test_the_strategy_settings_are_bounded_and_off_by_default() -> None:
    s = Settings()
    assert s.rada_few_shot == 0 and s.rada_prompt_backprop is False
    with pytest.raises(ValueError):
        Settings(rada_few_shot=6)
