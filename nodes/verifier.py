"""Verifier (ReflecTool): check the tool agent's action against the tool's experience before it runs.

* ``refine`` (iterative refinement): the verifier rewrites the action's arguments
  (never the tool) until they stop changing, at most ``verifier_rounds`` times.
* ``select`` (candidate selection): ``select_candidates`` actions are sampled from the
  tool agent at ``select_temperature`` (the proposal is the first), and the verifier
  picks one.
"""

from __future__ import annotations

import json
from typing import Any

from langgraph.runtime import Runtime
from pydantic import BaseModel, Field

from medmirror.graphs.state import MedMirrorState, ToolCallOutput
from medmirror.models.structured import call_structured
from medmirror.nodes.common import Deps, compact, messages, node, note_text, settings_of
from medmirror.nodes.schemas import TEXT, _hoist, tool_call_schema
from medmirror.nodes.tool_agent import card_detail, current_subtask, tool_call_messages
from medmirror.settings import Settings

REFINE = ("Correct the proposed arguments where the note or the experience shows they are wrong (values, units, "
          "criteria marked true without evidence); keep what is right. Do not change the tool. Return the full "
          "argument object and the reason for each change (or 'no change').")
SELECT = "Several candidate calls are proposed. Pick the one whose arguments best match the note and the experience."


class RefineOutput(BaseModel):
    arguments: dict[str, Any] = Field(default_factory=dict)
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
        s = settings_of(runtime)
        proposal = dict(state.proposal)
        registered = deps.registry.get(proposal["tool"])
        common = dict(question=state.question, note=note_text(state), tool=card_detail(registered.card),
                      experience=deps.tool_experience(s, [registered.name]))
        model = deps.models.for_role("verifier", s)
        events: list[dict[str, Any]] = []
        if s.verifier == "refine":
            args = _clean(proposal.get("arguments", {}))
            for round_no in range(1, s.verifier_rounds + 1):
                msgs = messages("verifier", instructions=REFINE, **common,
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
                out = call_structured(model, messages("verifier", instructions=SELECT, **common,
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


def _in_range(choice: int, n: int) -> None:
    if not 0 <= choice < n:
        raise ValueError(f"choice must be between 0 and {n - 1}")
