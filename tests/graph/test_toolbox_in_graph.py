"""Toolbox tools inside the graph: the NER tool reads the task's note itself."""

from __future__ import annotations

from pathlib import Path

from medmirror import solve
from medmirror.models import ScriptedChatModel

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
                models={"tool_agent": tool_agent, "answer": answer})
    step = next(s for s in res.steps if s["tool"] == "clinical_ner")
    assert step["ok"], step.get("error")
    found = {(e["type"], e["text"], e["negated"]) for e in step["observation"]["entities"]}
    assert {("problem", "pneumonia", False), ("problem", "chest pain", True), ("drug", "ceftriaxone", False)} <= found
