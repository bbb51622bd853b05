"""Builders for scripted agent replies and a runner that returns the graph's full final state.

The graph tests drive the real main graph (real routers, real executor, real
calculators) with :class:`medmirror.core.models.scripted.ScriptedChatModel` per role. A role
that must not be called gets a model with an empty script: calling it raises
``ScriptExhausted`` and fails the test.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from medmirror.core.models.scripted import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph
from medmirror.tools.builtin import default_registry
from medmirror.tools.registry import ToolRegistry

BMI_Q = "What is the patient's BMI?"
BMI_NOTE = "A 45-year-old man comes for a check-up. Weight 70 kg, height 175 cm. No complaints."


def bmi(weight_kg: float, height_cm: float) -> str:
    """BMI = weight / height(m)^2, as the canonical string the answer must carry."""
    return repr(weight_kg / (height_cm / 100) ** 2)


# 70 / 1.75^2 = 70 / 3.0625 = 22.857142857142858
BMI_70 = bmi(70, 175)

# A small registry so the candidate set is known whatever other calculators are added.
SMALL_TOOLS = ("bmi", "target_weight", "ideal_body_weight", "maintenance_fluids", "mean_arterial_pressure")


def small_registry() -> ToolRegistry:
    full = default_registry()
    return ToolRegistry([full.get(n) for n in SMALL_TOOLS])


# ---------------------------------------------------------------------------
# Replies
# ---------------------------------------------------------------------------


def plan(*subtasks: tuple[str, str] | tuple[str, str, list[int]], score: int = 9,
         evaluation: str = "complete and in order") -> dict[str, Any]:
    """A plan reply; a subtask is (description, tool) or (description, tool, depends_on numbered from 1)."""
    out = []
    for st in subtasks:
        item: dict[str, Any] = {"description": st[0], "tool": st[1]}
        if len(st) > 2:
            item["depends_on"] = st[2]
        out.append(item)
    return {"subtasks": out, "evaluation": evaluation, "score": score}


def bmi_plan(score: int = 9, evaluation: str = "the BMI calculator answers it") -> dict[str, Any]:
    return plan(("Compute the BMI from weight and height", "bmi"), score=score, evaluation=evaluation)


def call(tool: str, score: int = 9, evaluation: str = "arguments copied from the note", reflection: str | None = None,
         **arguments: Any) -> dict[str, Any]:
    out = {"tool": tool, "arguments": arguments, "evaluation": evaluation, "score": score}
    if reflection is not None:  # the tool agent's own reflection on its last failed call
        out["reflection"] = reflection
    return out


def answer(value: str | None, score: int = 9, text: str | None = None,
           evaluation: str = "consistent with the tool result") -> dict[str, Any]:
    return {"answer": text or f"The result is {value}.", "value": value, "evaluation": evaluation, "score": score}


# what the answer agent says the BMI_70 result means (RiskAgent's interpretation step, before the answer's format)
BMI_MEANING = "A BMI of 22.9 is in the normal weight class for an adult."


def interpretation(text: str = BMI_MEANING) -> dict[str, Any]:
    """The answer agent's first reply with answer_steps=interpret_then_format (the riskagent preset)."""
    return {"interpretation": text}


def review(verdict: str = "RIGHT", stage: str = "none", critique: str = "all stages check out") -> dict[str, Any]:
    return {"verdict": verdict, "failing_stage": stage, "critique": critique}


def react(action: str, thought: str = "next step", **arguments: Any) -> dict[str, Any]:
    return {"thought": thought, "action": action, "arguments": arguments}


def scripted(*responses: Any, name: str = "scripted") -> ScriptedChatModel:
    return ScriptedChatModel(responses=list(responses), name_=name)


def models(**scripts: list[Any]) -> dict[str, ScriptedChatModel]:
    """Scripted models for planner, tool_agent, answer and reviewer (unlisted roles get empty scripts)."""
    out = {role: scripted(name=role) for role in ("planner", "tool_agent", "answer", "reviewer")}
    for role, responses in scripts.items():
        out[role] = scripted(*responses, name=role)
    return out


# ---------------------------------------------------------------------------
# Running the graph
# ---------------------------------------------------------------------------


@dataclass
class Run:
    out: dict[str, Any]  # what the graph returns (TaskOutput)
    state: dict[str, Any]  # the full final state (MedMirrorState), read from the checkpointer

    def __getitem__(self, key: str) -> Any:
        return self.out[key]

    def events(self, node: str | None = None) -> list[str]:
        return [e["event"] for e in self.out["trace"] if node is None or e["node"] == node]

    def nodes(self) -> list[str]:
        return [e["node"] for e in self.out["trace"]]

    def event(self, name: str) -> dict[str, Any]:
        found = [e for e in self.out["trace"] if e["event"] == name]
        assert len(found) == 1, f"expected one '{name}' event, got {len(found)}: {self.events()}"
        return found[0]


def run(ms: dict[str, ScriptedChatModel], preset: str = "mirror", *, question: str = BMI_Q,
        note: str | None = BMI_NOTE, options: dict[str, str] | None = None,
        registry: ToolRegistry | None = None, **settings: Any) -> Run:
    """Run the main graph with scripted models and return its output and full final state."""
    saver = InMemorySaver()
    context = Settings.resolve(preset, **settings)
    graph = build_graph(checkpointer=saver, preset=context, models=ms, registry=registry or small_registry())
    config = {"configurable": {"thread_id": "test"}, "recursion_limit": 200}
    out = graph.invoke({"question": question, "note": note, "options": options}, config,
                       context=Settings.resolve(preset, **settings))
    return Run(out=out, state=graph.get_state(config).values)


# ---------------------------------------------------------------------------
# What agents were shown
# ---------------------------------------------------------------------------


def prompt(model: ScriptedChatModel, i: int = 0) -> str:
    """The user message of call ``i`` (the rendered prompt template)."""
    return str(model.calls[i]["messages"][1].content)


def system(model: ScriptedChatModel, i: int = 0) -> str:
    """The instructions of call ``i``: the shared system message and the role's instructions (in the user message)."""
    return "\n".join(str(m.content) for m in model.calls[i]["messages"][:2])


def last_message(model: ScriptedChatModel, i: int) -> str:
    """The last message of call ``i`` (the validation feedback on a structured retry)."""
    return str(model.calls[i]["messages"][-1].content)


def sent_schema(model: ScriptedChatModel, i: int = 0) -> dict[str, Any]:
    return model.calls[i]["kwargs"]["response_format"]["json_schema"]["schema"]


def section(text: str, title: str) -> str:
    """The block of a prompt after ``title:`` up to the next blank line."""
    m = re.search(re.escape(title) + r":\s*(.*?)(?:\n\s*\n|\Z)", text, re.S)
    assert m, f"no '{title}:' section in prompt:\n{text}"
    return m.group(1).strip()


def used_up(*ms: ScriptedChatModel) -> None:
    """Every scripted reply was consumed (no planned call was skipped)."""
    for m in ms:
        assert m.remaining == 0, f"{m.name_} has {m.remaining} unused scripted replies"


def js(obj: Any) -> str:
    return json.dumps(obj)
