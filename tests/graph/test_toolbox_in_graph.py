"""Toolbox tools inside the graph: the NER tool reads the task's note itself."""

from __future__ import annotations

from pathlib import Path

from medmirror import solve
from medmirror.core.models import ScriptedChatModel

NOTE = "62-year-old man admitted with pneumonia. Denies chest pain. Started ceftriaxone."


def test_clinical_ner_without_a_text_argument_reads_the_note(tmp_path: Path) -> None:
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "find the entities", "action": "clinical_ner", "arguments": {}},
        {"thought": "done", "action": "finish", "arguments": {}},
    ])
    answer = ScriptedChatModel(responses=[
        {"answer": "pneumonia; chest pain (negated); ceftriaxone", "value": "pneumonia; ceftriaxone",
         "evaluation": "from the tool", "score": 8}])
    res = solve("List the problems and drugs in this note.", NOTE, preset="react", saver=None, data_dir=tmp_path,
                top_n_tools=8,  # the note (pneumonia, chest pain) draws pneumonia and chest-pain scores ahead of the NER tool
                models={"tool_agent": tool_agent, "answer": answer})
    step = next(s for s in res.steps if s["tool"] == "clinical_ner")
    assert step["ok"], step.get("error")
    found = {(e["type"], e["text"], e["negated"]) for e in step["observation"]["entities"]}
    assert {("problem", "pneumonia", False), ("problem", "chest pain", True), ("drug", "ceftriaxone", False)} <= found


def test_the_runs_model_reaches_text_to_sql(tmp_path: Path) -> None:
    """``solve(models=...)``: the tool agent's model also writes ehr_query's SQL (no model built from settings)."""
    tool_agent = ScriptedChatModel(responses=[
        {"thought": "ask the records", "action": "ehr_query",
         "arguments": {"question": "How many patients are there?"}},
        {"sql": "SELECT count(*) AS n FROM patients"},  # text-to-SQL inside the tool, same model
        {"thought": "done", "action": "finish", "arguments": {}},
    ])
    answer = ScriptedChatModel(responses=[
        {"answer": "There are 20 patients.", "value": None, "evaluation": "from the query", "score": 8}] * 3)
    res = solve("How many patients are in the database?", None, preset="react", saver=None, data_dir=tmp_path,
                models={"tool_agent": tool_agent, "answer": answer},
                resources={"ehr_db": "synthetic:n=20,seed=0"})
    step = next(s for s in res.steps if s["tool"] == "ehr_query")
    assert step["ok"], step.get("error")
    assert step["observation"]["rows"] == [[20]]
    assert len(tool_agent.calls) == 3  # the SQL came from the scripted model, not a model built from settings
