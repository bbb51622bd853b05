"""`medmirror optimize` over a labelled CSV: counts, store, resume."""

import json
from pathlib import Path

from medmirror.core.models import ScriptedChatModel
from medmirror.memory.experience import ExperienceStore
from medmirror.optimize_cli import run_optimize

CSV = ("Row Number,Calculator ID,Calculator Name,Category,Output Type,Patient Note,Question,Ground Truth Answer,"
       "Lower Limit,Upper Limit\n"
       "1,6,Body Mass Index (BMI),physical,decimal,\"A man, 70 kg, 175 cm.\",What is the patient's BMI?,"
       "22.857,21.714,24.0\n"
       "2,6,Body Mass Index (BMI),physical,decimal,\"A woman, 60 kg, 160 cm.\",What is the patient's BMI?,"
       "23.4375,22.27,24.61\n")


def _models() -> dict:
    think = lambda w, h: {"thought": "compute", "action": "bmi", "arguments": {"weight": w, "height": h}}  # noqa: E731
    fin = {"thought": "done", "action": "finish", "arguments": {}}
    stable = {"thought": "done", "reason": "no change"}
    ans = lambda v: {"answer": "BMI", "value": repr(v), "evaluation": "ok", "score": 9}  # noqa: E731
    return {
        # case 1 right first time; case 2 wrong, then right after reflection
        "tool_agent": ScriptedChatModel(responses=[think(70, 175), fin, think(70, 160), fin, think(60, 160), fin]),
        # the verifier sees every action: each call, and each finish
        "verifier": ScriptedChatModel(responses=[{"arguments": {"weight": 70, "height": 175}, "reason": "ok"}, stable,
                                                 {"arguments": {"weight": 70, "height": 160}, "reason": "ok"}, stable,
                                                 {"arguments": {"weight": 60, "height": 160}, "reason": "ok"}, stable]),
        "answer": ScriptedChatModel(responses=[ans(70 / 1.75**2), ans(70 / 1.6**2), ans(60 / 1.6**2)]),
        "reviewer": ScriptedChatModel(responses=[
            {"suggestion": "Take the weight from the note."},
            {"suggestions": [{"tool": "bmi", "suggestion": "Copy the weight exactly."}]}]),
    }


def test_optimize_counts_stores_and_resumes(tmp_path: Path) -> None:
    data = tmp_path / "rows.csv"
    data.write_text(CSV)
    store = ExperienceStore(tmp_path / "exp")
    out = tmp_path / "out"
    summary = run_optimize(data, 2, out_dir=out, store=store, models=_models(), quiet=True,
                           settings={"data_dir": str(tmp_path), "checkpointer": "none", "extractor": "llm"}, echo=lambda s: None)
    assert (summary["solved_first"], summary["solved_after_reflection"], summary["stored"]) == (1, 1, 2)
    assert store.get_experience("bmi") == ["Copy the weight exactly."]
    lines = [json.loads(x) for x in (out / "optimize.jsonl").read_text().splitlines()]
    assert [r["outcome"] for r in lines] == ["solved_first", "solved_after_reflection"]
    # a second run over the same --out does nothing new (every model script is exhausted: a call would fail)
    again = run_optimize(data, 2, out_dir=out, store=store, models=_models() | {"tool_agent": ScriptedChatModel()},
                         quiet=True, settings={"data_dir": str(tmp_path), "checkpointer": "none", "extractor": "llm"}, echo=lambda s: None)
    assert again["cases"] == 2 and again["errors"] == 0


KNOWLEDGE = Path(__file__).resolve().parents[2] / "tools/knowledge/tasks/knowledge_qa.jsonl"


def test_optimize_on_a_toolbox_task_file(tmp_path: Path) -> None:
    """The toolbox task sets (bench cab's JSONL) feed the optimisation stage, each task scored by its own scorer."""
    fin = {"thought": "the passage answers it", "action": "finish", "arguments": {}}
    pick = lambda letter: {"answer": f"Option {letter}.", "value": letter, "evaluation": "ok", "score": 9}  # noqa: E731
    tip = "Search the reference passages before choosing an option about a score's criteria."
    models = {
        # task 1 right first time (gold D); task 2 wrong (A), then right after reflection (gold C)
        "tool_agent": ScriptedChatModel(responses=[fin, fin, fin]),
        "answer": ScriptedChatModel(responses=[pick("D"), pick("A"), pick("C")]),
        "reviewer": ScriptedChatModel(responses=[{"suggestion": "Look up the CURB-65 urea criterion."},
                                                 {"suggestions": [{"tool": "Finish", "suggestion": tip}]}]),
    }
    store = ExperienceStore(tmp_path / "exp")
    summary = run_optimize(KNOWLEDGE, 2, preset="react", out_dir=tmp_path / "out", store=store, models=models,
                           quiet=True, settings={"data_dir": str(tmp_path), "checkpointer": "none"}, echo=lambda s: None)
    assert (summary["solved_first"], summary["solved_after_reflection"], summary["stored"]) == (1, 1, 2)
    lines = [json.loads(x) for x in (tmp_path / "out" / "optimize.jsonl").read_text().splitlines()]
    assert [(r["id"], r["kind"], r["outcome"]) for r in lines] == [
        ("knowledge-qa-001", "knowledge", "solved_first"), ("knowledge-qa-002", "knowledge", "solved_after_reflection")]
    assert store.get_experience("Finish") == [tip]
    assert "chose A, gold C" in models["reviewer"].calls[0]["messages"][-1].content  # the task's own scorer


def test_toolbox_cases_materialise_their_resources(tmp_path: Path) -> None:
    from medmirror.optimize_cli import toolbox_cases

    ehr = KNOWLEDGE.parents[2] / "ehr/tasks/ehr_qa.jsonl"
    (case,) = toolbox_cases(ehr, 1, workdir=tmp_path)
    assert case["kind"] == "ehr" and Path(case["resources"]["ehr_db"]).exists()


def test_optimize_refuses_radiology_and_unknown_task_sets(tmp_path: Path) -> None:
    import pytest

    from medmirror.optimize_cli import OptimizeDataError, load_cases

    with pytest.raises(OptimizeDataError, match="radiology tasks"):
        load_cases(tmp_path / "radiology" / "tasks.jsonl", None)
    odd = tmp_path / "odd.jsonl"
    odd.write_text('{"id": "x", "dimension": "imaging", "question": "q", "gold": {}, "scorer": "option"}\n')
    with pytest.raises(OptimizeDataError, match="task set 'imaging' unknown"):
        load_cases(odd, None)


def test_the_cli_refuses_radiology_in_one_line(tmp_path: Path, capsys) -> None:
    from medmirror.cli import main

    assert main(["optimize", "--data", str(tmp_path / "radiology" / "tasks.jsonl")]) == 2
    assert capsys.readouterr().err.startswith("medmirror: error: radiology tasks (bench rada)")
