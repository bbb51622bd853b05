"""JSON schemas sent to the model as grammar: the pydantic output models narrowed per call.

The pydantic models in :mod:`medmirror.memory.state` validate what comes back; these
schemas constrain what the model may write (candidate tool names as enums, the
chosen tool's own argument schema, the answer values a tool actually produced).
"""

from __future__ import annotations

import copy
from typing import Any

from medmirror.core.models.grammar import fits_grammar
from medmirror.memory.state import AnswerOutput, InterpretationOutput, PlanOutput, ReactDecision, ToolCallOutput

# llama.cpp grammars ignore minimum/maximum, so the 1-10 range is an enum (which they do enforce).
SCORE = {"type": "integer", "enum": list(range(1, 11))}
# Free-text fields are short: grammar-constrained sampling in llama.cpp is ~3x slower per token than free
# generation, and a tiny model's long texts are mostly repetition.
TEXT = {"type": "string", "maxLength": 160}


def _hoist(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """Move a sub-schema's $defs to the root so '#/$defs/...' references resolve."""
    schema = copy.deepcopy(schema)
    defs.update(schema.pop("$defs", {}))
    schema.pop("title", None)
    return schema


# the reply model's STEP_ID pattern, bounded to 12 characters: a grammar without it let the embedded model write an id
# ("1023856947") the reply model then refused three times
STEP_REF = {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_]{0,11}$"}
# a workflow's fields (medmirror.nodes.workflow), offered with plan_workflows: one comparison per condition here
# (and/or groups are for planners given the pydantic schema), at most 3 derived inputs and 2 method parameters
WORKFLOW_FIELDS = {
    "id": STEP_REF,
    "derive": {"type": "object", "additionalProperties": STEP_REF, "maxProperties": 3},
    "when": {"type": "object", "properties": {"ref": STEP_REF, "op": {"type": "string", "enum": ["<", "<=", ">", ">=",
                                                                                               "==", "!="]},
                                              "value": {"type": "number"}}, "required": ["ref", "op", "value"]},
    "method": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 20}, "maxProperties": 2},
}


def plan_schema(candidates: list[str], *, single_tool: bool, workflow: bool = False) -> dict[str, Any]:
    tools = list(candidates) if single_tool else list(candidates) + ["none"]
    sub = {"type": "object", "properties": {
        # 8 subtasks x 80 characters keep a plan within the reply's token budget (a 120-character bound let
        # the embedded model's number lists run past max_tokens and cut the JSON)
        "description": {"type": "string", "maxLength": 80},
        "tool": {"type": "string", "enum": tools},
    }, "required": ["description", "tool"]}
    if not single_tool:  # optional: the numbers of the earlier subtasks whose results it needs
        sub["properties"]["depends_on"] = {"type": "array", "items": {"type": "integer", "enum": list(range(1, 8))},
                                           "maxItems": 7}
        if workflow:  # optional: a workflow step's id, derived inputs, condition and method (plan_workflows)
            sub["properties"].update(WORKFLOW_FIELDS)
    return {"title": PlanOutput.__name__, "type": "object", "properties": {
        "subtasks": {"type": "array", "items": sub, "minItems": 1, "maxItems": 1 if single_tool else 8},
        "evaluation": TEXT, "score": SCORE,
    }, "required": ["subtasks", "evaluation", "score"]}


def tool_call_schema(tool: str, args_schema: dict[str, Any], alternatives: dict[str, dict[str, Any]] | None = None,
                     *, reflection: bool = False) -> dict[str, Any]:
    """The call of ``tool`` with its own arguments; with ``alternatives`` (name -> argument schema) one branch
    per tool the agent may switch to; with ``reflection`` a short reflection on the last failed call first."""
    defs: dict[str, Any] = {}

    def branch(name: str, schema: dict[str, Any]) -> dict[str, Any]:
        props: dict[str, Any] = {"reflection": TEXT} if reflection else {}
        props.update({"tool": {"type": "string", "enum": [name]}, "arguments": _hoist(schema, defs),
                      "evaluation": TEXT, "score": SCORE})
        return {"type": "object", "properties": props, "required": list(props)}

    branches = [branch(tool, args_schema)] + [branch(n, a) for n, a in (alternatives or {}).items() if n != tool]
    out: dict[str, Any] = ({"title": ToolCallOutput.__name__, **branches[0]} if len(branches) == 1
                           else {"title": ToolCallOutput.__name__, "anyOf": branches})
    if defs:
        out["$defs"] = defs
    return out


def action_schema(title: str, text: str, plain: list[str], tools: dict[str, dict[str, Any]],
                  *, loose: bool = False) -> dict[str, Any]:
    """A grammar of actions: the ``plain`` actions carry only their ``text`` field (no arguments); every tool
    is a branch with its own arguments. Shared by the single loop's agent and the CRITIC agent.

    When the tools' argument schemas together exceed what a grammar can hold (hundreds of calculators offered
    at once), each tool branch keeps its name but takes any argument object (``loose``): the tool validates the
    arguments when it runs and names every bad one, as for any call."""
    if loose:
        tools = {name: {"type": "object"} for name in tools}
    schema = _strict_action_schema(title, text, plain, tools)
    if not loose and len(tools) > LOOSE_AFTER and not fits_grammar(schema):
        return action_schema(title, text, plain, tools, loose=True)
    return schema


def _strict_action_schema(title: str, text: str, plain: list[str], tools: dict[str, dict[str, Any]]) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    branches = [{"type": "object", "properties": {
        text: TEXT, "action": {"type": "string", "enum": plain}, "arguments": {"type": "object", "properties": {}},
    }, "required": [text, "action"]}]
    for name, args_schema in tools.items():
        branches.append({"type": "object", "properties": {
            text: TEXT, "action": {"type": "string", "enum": [name]}, "arguments": _hoist(args_schema, defs),
        }, "required": [text, "action", "arguments"]})
    out: dict[str, Any] = {"title": title, "anyOf": branches}
    if defs:
        out["$defs"] = defs
    return out


LOOSE_AFTER = 20  # below this many tools the full grammar always fits; above it, it is checked


def react_schema(tools: dict[str, dict[str, Any]], inner: tuple[str, ...] = ("plan", "think")) -> dict[str, Any]:
    """One branch per tool, plus ``finish`` and the inner actions currently allowed (they carry only a thought)."""
    return action_schema(ReactDecision.__name__, "thought", ["finish", *inner], tools)


THREE_STAGES: tuple[str, ...] = ("plan", "tool_call", "answer")
FOUR_STAGES: tuple[str, ...] = ("plan", "tool_call", "interpretation", "answer")  # answer_steps=interpret_then_format


def review_schema(stages: tuple[str, ...] = THREE_STAGES) -> dict[str, Any]:
    """Reflect[RIGHT] with no failing stage, or Reflect[WRONG] naming one of ``stages``: the grammar allows
    nothing else."""
    critique = {"type": "string", "maxLength": 200}
    return {"title": "ReviewOutput", "anyOf": [
        {"type": "object", "properties": {"verdict": {"type": "string", "enum": ["RIGHT"]},
                                          "failing_stage": {"type": "string", "enum": ["none"]},
                                          "critique": critique}, "required": ["verdict", "failing_stage", "critique"]},
        {"type": "object", "properties": {"verdict": {"type": "string", "enum": ["WRONG"]},
                                          "failing_stage": {"type": "string", "enum": list(stages)},
                                          "critique": critique}, "required": ["verdict", "failing_stage", "critique"]},
    ]}


def answer_schema(fmt: str, allowed_values: list[str] | None, options: dict[str, str] | None) -> dict[str, Any]:
    if allowed_values == []:  # tools were planned and none produced a value: only a refusal fits
        value: dict[str, Any] = {"type": "null"}
    elif allowed_values is not None:  # the validated tools produced the value the task asks for: carry it
        value = {"type": "string", "enum": allowed_values}
    elif fmt == "option" and options:
        value = {"type": "string", "enum": list(options)}
    elif fmt == "date":
        value = {"anyOf": [{"type": "string", "pattern": r"^[0-1][0-9]/[0-3][0-9]/[0-9]{4}$"}, {"type": "null"}]}
    elif fmt == "weeks_days":
        value = {"anyOf": [{"type": "string", "pattern": r"^\([0-9]{1,2} weeks, [0-6] days\)$"}, {"type": "null"}]}
    elif fmt == "number":
        value = {"anyOf": [{"type": "string", "pattern": r"^-?[0-9]{1,7}([.][0-9]{1,6})?$"}, {"type": "null"}]}
    else:
        value = {"anyOf": [{"type": "string", "maxLength": 200}, {"type": "null"}]}
    return {"title": AnswerOutput.__name__, "type": "object", "properties": {
        "answer": {"type": "string", "maxLength": 300}, "value": value, "evaluation": TEXT, "score": SCORE,
    }, "required": ["answer", "value", "evaluation", "score"]}


def interpretation_schema() -> dict[str, Any]:
    """One short text: what the result means (a 135M model writes one or two sentences well, not more)."""
    return {"title": InterpretationOutput.__name__, "type": "object", "properties": {
        "interpretation": {"type": "string", "maxLength": 200},
    }, "required": ["interpretation"]}
