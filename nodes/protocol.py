"""The radiology protocol (RadA-BenchPlat) as its own node.

Radiology tools work on the task's working memory: their arguments name memory keys, and
their outputs go back to memory. A successful call is a Call (or EndCall at the end of the
plan); ``no_call`` declares that no available tool can do the next step (NoCall), which ends
the chain, or, when the simulated builder added the missing tool, sends the task back to
planning with it. Failures go to short-term memory as in the executor.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, start_subtask
from medmirror.nodes.common import Deps, node
from medmirror.nodes.executor import advance, attempt, to_stm
from medmirror.nodes.gates import next_tool_subtask
from medmirror.tools.registry import ToolRegistry


def no_call(state: MedMirrorState, step: dict[str, Any], observation: dict[str, Any]) -> dict[str, Any]:
    """Radiology NoCall: the gap ends the chain, or, when the simulated builder added a tool, re-plan."""
    step.update(protocol="NoCall", observation=observation)
    update: dict[str, Any] = {**start_subtask(), "steps": [step]}
    built = observation.get("built")
    if built:
        update.update(candidates=list(state.candidates or []) + [built], replan=True,
                      plan=[], plan_tries=0, best_plan=None, current=0)
        update["trace"] = [{"node": "protocol", "event": "tool_built", "detail": f"NoCall -> built {built}"}]
        return update
    gap = observation["no_call"]
    update.update(current=len(state.plan or []), react_done=True,
                  status_detail=f"NoCall: no available tool can {gap.get('purpose') or 'do this step'} "
                                f"(needs a {gap.get('category')}"
                                + (f" with {gap['missing_capability']}" if gap.get("missing_capability") else "")
                                + (f" for {gap['anatomy']} {gap['modality']}" if gap.get("anatomy") else "") + ")")
    update["trace"] = [{"node": "protocol", "event": "no_call", "detail": update["status_detail"][:300]}]
    return update


def protocol_step(state: MedMirrorState, s: Settings, planner: bool, step: dict[str, Any], protocol: str, ok: bool,
                   observation: Any, error: str) -> dict[str, Any]:
    """Radiology steps: outputs go to memory; a NoCall ends the chain (or, with a tool built, re-plans)."""
    if protocol == "no_call" and ok:
        return no_call(state, step, observation)
    plan = state.plan or []
    # in the single loop the agent's finish marks the end, so every call there is a Call
    last = planner and next_tool_subtask(plan, state.current + 1, state.given_up) >= len(plan)
    step["protocol"] = "EndCall" if last else "Call"
    if not ok:
        return to_stm(state, s, planner, step, step["arguments"], error,
                       "Read each input from a memory key that holds it; if no tool fits the step, use no_call.")
    step["observation"] = observation
    outputs = observation.get("outputs", {})
    return advance(state, planner, step, f"{step['protocol']} {step['tool']} -> {', '.join(outputs)}",
                    memory={**(state.working_memory or {}), **outputs})


def make_protocol(deps: Deps, *, planner: bool):
    """The radiology protocol's executor: a memory tool reads its inputs from the task's working memory
    and writes its outputs back (Call / EndCall); ``no_call`` declares a gap (NoCall)."""

    @node("protocol")
    def protocol(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        proposal = state.proposal or {}
        tool, arguments = proposal.get("tool", ""), proposal.get("arguments", {})
        kind = deps.registry.get(tool).protocol
        resources = {**(state.resources or {}), "memory": state.working_memory or {}}
        step, observation, error, _ = attempt(deps, state, s, arguments, resources)
        update = protocol_step(state, s, planner, step, kind, step["ok"], observation, error)
        for event in update.get("trace") or []:
            event["node"] = "protocol"  # the shared executor helpers write their own events
        return update

    return protocol


def runs_in_protocol(registry: ToolRegistry, state: MedMirrorState) -> bool:
    """Whether the proposed call is a memory-protocol tool (radiology), which the protocol node runs."""
    tool = (state.proposal or {}).get("tool", "")
    return tool in registry and registry.get(tool).protocol is not None
