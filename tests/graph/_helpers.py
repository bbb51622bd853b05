"""Builders for scripted agent replies and a runner that returns the graph's full final state.

The graph tests drive the real main graph (real routers, real executor, real
calculators) with :class:`medmirror.core.models.scripted.ScriptedChatModel` per role. A role
that must not be called gets a model with an empty script: calling it raises
``ScriptExhausted`` and fails the test.
"""

from __future__ import annotations

import json
import re
import types
from dataclasses import dataclass
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

from langgraph.checkpoint.memory import InMemorySaver
from pydantic import TypeAdapter, ValidationError
from typing_extensions import NotRequired, Required, is_typeddict

from medmirror.core.models.scripted import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.graphs.main import READ_BY, build_graph, graph_of
from medmirror.memory.state import MedMirrorState, TaskOutput
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


def for_graph(preset: str, settings: dict[str, Any]) -> dict[str, Any]:
    """A test's settings shared by both graphs, without those the preset's graph does not read (it refuses them)."""
    graph = graph_of(Settings.resolve(preset))
    unread = {n for other, names in READ_BY.items() if other != graph for n in names}
    return {k: v for k, v in settings.items() if k not in unread}


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
    errors = payload_errors(out, TaskOutput)
    for snapshot in graph.get_state_history(config):  # every state the run went through
        errors += payload_errors(snapshot.values, MedMirrorState)
    assert not errors, "state payloads that their types do not declare:\n" + "\n".join(sorted(set(errors))[:20])
    return Run(out=out, state=graph.get_state(config).values)


# ---------------------------------------------------------------------------
# The state's payloads against their types (every graph test checks every state it went through)
# ---------------------------------------------------------------------------


def payload_errors(values: dict[str, Any], schema: type) -> list[str]:
    """Keys a node wrote that the payload's TypedDict does not declare, and values pydantic rejects for
    their declared type: ``where: problem`` lines (empty when the state matches its types)."""
    hints = get_type_hints(schema, include_extras=True)
    errors: list[str] = []
    for name, value in values.items():
        if name in hints:
            _check(value, hints[name], name, errors)
    return errors


def _check(value: Any, hint: Any, where: str, errors: list[str]) -> None:
    while get_origin(hint) in (Annotated, NotRequired, Required):
        hint = get_args(hint)[0]
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None:
            return
        arms = [a for a in args if a is not type(None)]
        hint = next((a for a in arms if is_typeddict(a) and isinstance(value, dict)), arms[0] if len(arms) == 1 else None)
        if hint is None:
            return
        origin, args = get_origin(hint), get_args(hint)
    if is_typeddict(hint):
        if not isinstance(value, dict):
            errors.append(f"{where}: {type(value).__name__}, not a {hint.__name__}")
            return
        declared = get_type_hints(hint, include_extras=True)
        errors += [f"{where}.{k}: not declared by {hint.__name__}" for k in value if k not in declared]
        for k, v in value.items():
            if k in declared:
                _check(v, declared[k], f"{where}.{k}", errors)
        return
    if origin is list and args and isinstance(value, list):
        for i, item in enumerate(value):
            _check(item, args[0], f"{where}[{i}]", errors)
        return
    try:
        TypeAdapter(hint).validate_python(value)
    except ValidationError as err:
        errors.append(f"{where}: {err.errors()[0]['msg']} ({value!r:.80})")


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
