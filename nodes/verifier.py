"""Verifier (ReflecTool): check the agent's action against the experience before it takes effect.

In the single loop (:func:`make_action_verifier`, ReflecTool's topology) the verifier sees every
action, a tool call or an inner action (plan, think, finish):

* ``refine`` (iterative refinement): the verifier rewrites the action (a tool call's arguments,
  an inner action's text; never the kind of action) until it stops changing, at most
  ``verifier_rounds`` times.
* ``select`` (candidate selection): the agent proposed ``select_candidates`` whole actions (the
  first greedy, the others sampled at ``select_temperature``), so the candidates may name
  different tools or an inner action, and the verifier picks one with the experience of every
  action among them.

In the planner graph (:func:`make_verifier`) the plan has bound the subtask's tool: the verifier
refines the tool agent's arguments, or picks among argument sets sampled for that tool.
"""

from __future__ import annotations

import json
from typing import Any

from langgraph.runtime import Runtime
from pydantic import BaseModel, Field

from medmirror.core.models.structured import call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, ToolCallOutput
from medmirror.nodes.common import INNER_ACTIONS, Deps, compact, messages, node, note_text
from medmirror.nodes.react_agent import act, action_text, experience_key, narrowed_args_schema
from medmirror.nodes.schemas import TEXT, _hoist, tool_call_schema
from medmirror.nodes.tool_agent import card_detail, current_subtask, tool_call_messages
from medmirror.prompts import part

INNER_CARDS = ("plan", "think", "finish")  # inner actions described by prompts/verifier.inner_<action>.txt


class RefineOutput(BaseModel):
    arguments: dict[str, Any] = Field(default_factory=dict)
    reason: str = Field("", max_length=600)


class RefineThought(BaseModel):
    thought: str = Field(min_length=1, max_length=600)
    reason: str = Field("", max_length=600)


class SelectOutput(BaseModel):
    choice: int = Field(ge=0)
    reason: str = Field("", max_length=600)


def _clean(args: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in (args or {}).items() if v is not None}


def refine_schema(args_schema: dict[str, Any]) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    out: dict[str, Any] = {"title": RefineOutput.__name__, "type": "object", "properties": {
        "arguments": _hoist(args_schema, defs), "reason": TEXT}, "required": ["arguments", "reason"]}
    if defs:
        out["$defs"] = defs
    return out


def select_schema(n: int) -> dict[str, Any]:
    return {"title": SelectOutput.__name__, "type": "object", "properties": {
        "choice": {"type": "integer", "enum": list(range(n))}, "reason": TEXT}, "required": ["choice", "reason"]}


def make_verifier(deps: Deps):
    @node("verifier")
    def verifier(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        proposal = dict(state.proposal)
        registered = deps.registry.get(proposal["tool"])
        common = dict(question=state.question, note=note_text(state), tool=card_detail(registered.card),
                      experience=deps.tool_experience(s, [registered.name]))
        model = deps.models.for_role("verifier", s)
        events: list[dict[str, Any]] = []
        if s.verifier == "refine":
            args = _clean(proposal.get("arguments", {}))
            for round_no in range(1, s.verifier_rounds + 1):
                msgs = messages("verifier", instructions=part("verifier", "refine"), **common,
                                proposal=f"Proposed call: {registered.name}({json.dumps(args, default=str)})")
                out = call_structured(model, msgs, RefineOutput, role="verifier", retries=s.structured_retries,
                                      json_schema=refine_schema(registered.args_schema))
                new = _clean(out.arguments)
                if new == args:
                    events.append({"node": "verifier", "event": "verify_stable", "detail": f"round {round_no}: no change"})
                    break
                events.append({"node": "verifier", "event": "verify_refine",
                               "detail": f"round {round_no}: {compact(new, 250)} ({out.reason[:150]})"})
                args = new
            proposal["arguments"] = args
        elif s.verifier == "select":
            candidates = [_clean(proposal.get("arguments", {}))]
            sampler = deps.models.for_role("tool_agent", s)
            msgs = tool_call_messages(deps, state, s, registered, current_subtask(state))
            for i in range(s.select_candidates - 1):
                out = call_structured(sampler, msgs, ToolCallOutput, role="tool_agent", retries=s.structured_retries,
                                      json_schema=tool_call_schema(registered.name, registered.args_schema),
                                      temperature=s.select_temperature, seed=s.seed + i + 1)
                candidates.append(_clean(out.arguments))
            distinct: list[dict[str, Any]] = []
            for c in candidates:
                if c not in distinct:
                    distinct.append(c)
            choice, reason = 0, "all candidates identical"
            if len(distinct) > 1:
                listing = "\n".join(f"{i}: {registered.name}({json.dumps(c, default=str)})" for i, c in enumerate(distinct))
                out = call_structured(model, messages("verifier", instructions=part("verifier", "select"), **common,
                                                      proposal=f"Candidates:\n{listing}"),
                                      SelectOutput, role="verifier", retries=s.structured_retries,
                                      json_schema=select_schema(len(distinct)),
                                      check=lambda o: _in_range(o.choice, len(distinct)))
                choice, reason = out.choice, out.reason
            proposal["arguments"] = distinct[choice]
            events.append({"node": "verifier", "event": "verify_select",
                           "detail": f"{len(distinct)} distinct of {len(candidates)}; chose {choice}: "
                                     f"{compact(distinct[choice], 200)} ({reason[:120]})"})
        return {"proposal": proposal, "trace": events}

    return verifier


def make_action_verifier(deps: Deps):
    """The single loop's verifier: every proposed action (``state.actions``) is refined or selected, then acted on
    (:func:`medmirror.nodes.react_agent.act`: the checks may still refuse it)."""

    @node("verifier")
    def action_verifier(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        model = deps.models.for_role("verifier", s)
        actions = [dict(a) for a in state.actions or []]
        events: list[dict[str, Any]] = []
        if s.verifier == "select":
            distinct: list[dict[str, Any]] = []
            for a in actions:
                if _identity(a) not in [_identity(d) for d in distinct]:
                    distinct.append(a)
            choice, reason = 0, "all candidates identical"
            if len(distinct) > 1:
                listing = "\n".join(f"{i}: {action_text(a)}" for i, a in enumerate(distinct))
                names = list(dict.fromkeys(a["action"] for a in distinct))
                msgs = messages("verifier", instructions=part("verifier", "select_actions"), question=state.question, note=note_text(state),
                                tool="\n\n".join(_card(deps, n) for n in names),
                                experience=deps.tool_experience(s, [experience_key(n) for n in names]),
                                proposal=f"Candidate actions:\n{listing}")
                out = call_structured(model, msgs, SelectOutput, role="verifier", retries=s.structured_retries,
                                      json_schema=select_schema(len(distinct)),
                                      check=lambda o: _in_range(o.choice, len(distinct)))
                choice, reason = out.choice, out.reason
            chosen = distinct[choice]
            events.append({"node": "verifier", "event": "verify_select",
                           "detail": f"{len(distinct)} distinct of {len(actions)}; chose {choice}: "
                                     f"{action_text(chosen)[:200]} ({reason[:120]})"})
        else:  # refine
            chosen = _refine_action(deps, state, s, model, actions[0], events)
        update = act(deps, state, s, chosen)
        update["actions"] = []
        update["trace"] = events + list(update.get("trace") or [])
        return update

    return action_verifier


def _refine_action(deps: Deps, state: MedMirrorState, s: Settings, model: Any, action: dict[str, Any],
                   events: list[dict[str, Any]]) -> dict[str, Any]:
    """Iterative refinement of one action: a tool call's arguments, or an inner action's text."""
    name = action["action"]
    common = dict(question=state.question, note=note_text(state), tool=_card(deps, name),
                  experience=deps.tool_experience(s, [experience_key(name)]))
    inner = name in (*INNER_ACTIONS, "finish")
    schema = (None if inner else refine_schema(narrowed_args_schema(deps.registry.get(name), state)))
    current = action["thought"] if inner else _clean(action.get("arguments") or {})
    for round_no in range(1, s.verifier_rounds + 1):
        if inner:
            msgs = messages("verifier", instructions=part("verifier", "refine_inner").format(action=name), **common,
                            proposal=f"Proposed action: {name}: {current}")
            new: Any = call_structured(model, msgs, RefineThought, role="verifier", retries=s.structured_retries)
            reason, new_value = new.reason, new.thought.strip()
        else:
            msgs = messages("verifier", instructions=part("verifier", "refine"), **common,
                            proposal=f"Proposed call: {name}({json.dumps(current, default=str)})")
            new = call_structured(model, msgs, RefineOutput, role="verifier", retries=s.structured_retries,
                                  json_schema=schema)
            reason, new_value = new.reason, _clean(new.arguments)
        if new_value == current:
            events.append({"node": "verifier", "event": "verify_stable",
                           "detail": f"{name}, round {round_no}: no change"})
            break
        events.append({"node": "verifier", "event": "verify_refine",
                       "detail": f"{name}, round {round_no}: {compact(new_value, 250)} ({reason[:150]})"})
        current = new_value
    return {**action, "thought": current} if inner else {**action, "arguments": current}


def _card(deps: Deps, action: str) -> str:
    return part("verifier", f"inner_{action}") if action in INNER_CARDS else card_detail(deps.registry.get(action).card)


def _identity(action: dict[str, Any]) -> tuple[str, str]:
    """Two candidates are the same action when they are the same call (a tool's arguments; an inner action's text)."""
    if action["action"] == "finish":
        return "finish", ""  # finishing is one action whatever the thought says
    if action["action"] in INNER_ACTIONS:
        return action["action"], action.get("thought", "").strip()
    return action["action"], json.dumps(_clean(action.get("arguments") or {}), sort_keys=True, default=str)


def _in_range(choice: int, n: int) -> None:
    if not 0 <= choice < n:
        raise ValueError(f"choice must be between 0 and {n - 1}")
