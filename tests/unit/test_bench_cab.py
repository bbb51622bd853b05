"""`medmirror bench cab`: task sets through the graph, scorers, tool-selection errors."""

import json
from pathlib import Path

import pytest

from medmirror.bench.cab import CabError, load_tasks, run_cab, tool_selection_errors
from medmirror.core.models import ScriptedChatModel


def test_every_task_set_loads_with_a_known_scorer() -> None:
    from medmirror.bench.cab import scorer_for

    tasks = load_tasks("all")
    assert {t["_set"] for t in tasks} == {"knowledge", "ehr", "ehr_absent", "ner", "longdoc", "longdoc_unanswerable"}
    for t in tasks:
        assert callable(scorer_for(t)) and t["question"]
    with pytest.raises(CabError, match="unknown dimension"):
        load_tasks("vision")


def test_knowledge_task_through_the_graph(tmp_path: Path) -> None:
    task = load_tasks("knowledge")[0]
    gold = task["gold"]["answer"]
    models = {
        "tool_agent": ScriptedChatModel(responses=[
            {"thought": "look it up", "action": "knowledge_search", "arguments": {"query": task["question"]}},
            {"thought": "found", "action": "finish", "arguments": {}}]),
        "answer": ScriptedChatModel(responses=[{"answer": f"The answer is {gold}.", "value": gold,
                                                "evaluation": "from the passage", "score": 9}]),
    }
    summary = run_cab("knowledge", preset="react", limit=1, out_dir=tmp_path, quiet=True, echo=lambda s: None,
                      options={"models": models, "settings": {"data_dir": str(tmp_path)}})
    rec = json.loads((tmp_path / "records.jsonl").read_text().splitlines()[0])
    assert rec["correct"] is True and rec["tools"] == ["knowledge_search"] and rec["tool_selection_errors"] == []
    assert summary["by_dimension"]["knowledge"]["accuracy"] == 1.0


def test_sql_without_a_database_is_a_tool_selection_error(tmp_path: Path) -> None:
    task = load_tasks("knowledge")[0]  # carries no EHR database
    models = {
        "tool_agent": ScriptedChatModel(responses=[
            {"thought": "query", "action": "ehr_sql", "arguments": {"sql": "SELECT 1"}},
            {"thought": "done", "action": "finish", "arguments": {}}]),
        "answer": ScriptedChatModel(responses=[{"answer": "unknown", "value": None, "evaluation": "x", "score": 3}]),
    }
    # the single-loop agent is offered every tool (offer_unusable_tools is on in this benchmark); the registry
    # here leaves out RiskAgent's library so that 100 candidates are every tool
    from medmirror.api import solve
    from medmirror.tools.builtin import default_registry
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.registry import ToolRegistry

    full = default_registry()
    registry = ToolRegistry([full.get(n) for n in full.names()  # the toolbox and MedCalc-Bench's 55 only
                             if n not in CALCULATORS or CALCULATORS[n].medcalc_id is not None])
    assert len(registry.names()) <= 100
    res = solve(task["question"], None, task["options"], preset="react", models=models, saver=None, registry=registry,
                offer_unusable_tools=True, top_n_tools=100, data_dir=str(tmp_path))
    assert res.steps[0]["tool"] == "ehr_sql" and "needs ehr_db" in res.steps[0]["error"]
    assert tool_selection_errors(res.steps, {}) == ["ehr_sql without ehr_db"]
