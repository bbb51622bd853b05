"""CRITIC (Gou et al., 2024), a baseline of the ReflecTool paper, on the single loop.

After the answer, the critic verifies it with a tool (tool-interactive critiquing): it either
judges the answer supported (``correct``) or calls one of the offered tools with arguments
from the note to check it. The check runs as the executor runs a call (grounding, schema
validation), its result joins the history, and the answer agent revises the answer with the
critique and the check's result; at most ``critic_rounds`` checks.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from pydantic import BaseModel, Field

from medmirror.core.models.structured import call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, start_answer
from medmirror.nodes.common import (
    Deps,
    compact,
    messages,
    node,
    note_text,
    observation_brief,
    options_text,
)
from medmirror.nodes.executor import run_tool
from medmirror.nodes.gates import critic_may_check
from medmirror.nodes.grounding import ground_call
from medmirror.nodes.react_agent import narrowed_args_schema, offered_tools
from medmirror.nodes.schemas import action_schema
from medmirror.nodes.tool_agent import results_text, tools_text

CORRECT = "correct"


class CriticOutput(BaseModel):
    critique: str = Field(max_length=600)
    action: str = Field(description="'correct', or the name of the tool that checks the answer.")
    arguments: dict[str, Any] = Field(default_factory=dict)


def critic_schema(tools: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """'correct' with a critique, or one branch per tool with its arguments."""
    return action_schema(CriticOutput.__name__, "critique", [CORRECT], tools)


def make_critic(deps: Deps):
    @node("critic")
    def critic(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        if not critic_may_check(state, s):  # the bound: the last revision stands
            return {"trace": [{"node": "critic", "event": "critic_bound",
                               "detail": f"{state.critic_checks} check(s) of {s.critic_rounds}"}]}
        candidates = offered_tools(deps, state)
        tools = {n: narrowed_args_schema(deps.registry.get(n), state) for n in candidates}
        msgs = messages("critic", question=state.question, note=note_text(state), options=options_text(state),
                        tools=tools_text([deps.registry.get(n).card for n in candidates], budget_chars=s.n_ctx * 7 // 4),
                        history=results_text(state), answer=state.answer[:800], value=state.value)
        out = call_structured(deps.models.for_role("reviewer", s), msgs, CriticOutput, role="reviewer",
                              retries=s.structured_retries, json_schema=critic_schema(tools),
                              check=lambda o: _known(o.action, candidates))
        if out.action == CORRECT:
            return {"critic_checks": state.critic_checks + 1,
                    "trace": [{"node": "critic", "event": "critic_verified", "detail": out.critique[:300]}]}
        run_args, grounding = ground_call(out.action, out.arguments, state, s)
        resources = dict(state.resources or {})
        if state.note:
            resources.setdefault("note", state.note)
        ok, observation, error = run_tool(deps, out.action, run_args, resources, s)
        step = {"subtask": len(state.steps or []), "tool": out.action, "arguments": run_args, "ok": ok,
                "observation": observation, "error": error, "evaluation": f"CRITIC check: {out.critique[:300]}",
                "critic": True}
        if grounding is not None:
            step.update(proposed_arguments=out.arguments, grounding=grounding)
        result = observation_brief(observation) if ok else f"FAILED: {error[:300]}"
        check = f"{out.action}({compact(run_args, 300)}) -> {result}"
        critique = (f"The critic checked your answer {state.value!r}: {out.critique.strip()} Tool check: {check}. "
                    f"Revise the answer if the check shows it is wrong.")
        return {**start_answer(), "status": "running", "steps": [step], "critic_checks": state.critic_checks + 1,
                "critique": {**(state.critique or {}), "answer": critique},
                "trace": [{"node": "critic", "event": "critic_check", "detail": f"{check} ({out.critique[:150]})"}]}

    return critic


def _known(action: str, candidates: list[str]) -> None:
    if action != CORRECT and action not in candidates:
        raise ValueError(f"action must be '{CORRECT}' or one of {candidates}, got '{action}'")
