"""Executor: validate the proposed arguments against the tool's schema and run the tool. No LLM call.

A failure (invalid or missing argument, tool exception) becomes a short-term-memory
entry and goes back to the tool agent, bounded per subtask; success resets STM
and advances to the next subtask.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from medmirror.graphs.state import MedMirrorState, start_subtask
from medmirror.nodes.checks import repeated_attempt
from medmirror.nodes.common import Deps, compact, node, observation_brief, settings_of
from medmirror.nodes.gates import next_tool_subtask
from medmirror.nodes.grounding import ground_call
from medmirror.settings import Settings
from medmirror.tools.registry import UnknownTool


def run_tool(deps: Deps, tool: str, arguments: dict[str, Any],
             resources: dict[str, Any] | None = None, settings: Settings | None = None) -> tuple[bool, Any, str]:
    """Run a registered tool; returns (ok, observation, error). Never raises for tool-side failures."""
    args = {k: v for k, v in (arguments or {}).items() if v is not None}  # null = not given
    try:
        registered = deps.registry.get(tool)
        return True, registered.invoke(args, resources, settings, deps.models), ""
    except UnknownTool as err:
        return False, None, str(err)
    except Exception as err:  # noqa: BLE001 - any tool failure is an observation for the agent
        return False, None, f"{type(err).__name__}: {err}"


def repeats_failed_call(state: MedMirrorState, tool: str, proposed: dict[str, Any], run_args: dict[str, Any]) -> str:
    """The refusal when this call (as proposed or as grounded) already failed in this round ('' if new)."""
    attempt = repeated_attempt(state, tool, proposed, run_args)
    if attempt is None:
        return ""
    before = next((e["error"] for e in state.stm or [] if e["attempt"] == attempt), "")
    return (f"refused without running: repeats failed attempt {attempt} ({tool} with the same arguments)"
            + (f", which failed: {before}" if before else ""))


def reflection_for(error: str) -> str:
    """A deterministic reflection on a failure, for STM (the tool agent adds its own when it retries)."""
    if "repeats failed attempt" in error:
        return "The same call failed before: change the arguments (from the note) or give up the subtask."
    if "missing" in error:
        return "Fill every required input from the note; if the note does not give it, it cannot be computed."
    if "unknown input" in error:
        return "Use only the inputs the tool lists."
    if "greater than" in error or "less than" in error or "range" in error:
        return "A value is outside the plausible range: check its unit and the number copied from the note."
    if "not convertible" in error or "unit" in error:
        return "Give the value in the unit the tool expects."
    return "Re-read the tool's inputs and the note, and correct the arguments."


def _advance(state: MedMirrorState, s: Settings, step: dict[str, Any], detail: str,
             memory: dict[str, Any] | None = None) -> dict[str, Any]:
    """A successful call: record it, reset STM and the counters, go to the next tool subtask."""
    idx = state.current
    nxt = next_tool_subtask(state.plan or [], idx + 1) if s.use_planner else idx + 1
    update: dict[str, Any] = {**start_subtask(), "steps": [step], "current": nxt,
                              "trace": [{"node": "executor", "event": "ok", "detail": detail}]}
    if memory is not None:
        update["working_memory"] = memory
    return update


def _to_stm(state: MedMirrorState, s: Settings, step: dict[str, Any], arguments: dict[str, Any], error: str,
            reflection: str) -> dict[str, Any]:
    """A failed call: an STM entry for the tool agent's retry; the subtask gives up after the attempt bound.

    In the single loop (no planner) the failed step is also part of the history and there is no bound here
    (the loop's own step bound applies).
    """
    attempts = state.attempts + 1
    step["error"] = error
    entry = {"attempt": attempts, "tool": step["tool"], "arguments": arguments,
             "run_arguments": step.get("arguments", {}), "error": error, "reflection": reflection}
    # a new attempt at the same subtask: STM keeps the failure, the attempt count grows
    update: dict[str, Any] = {**start_subtask(), "stm": [entry] if s.use_stm else [], "attempts": attempts}
    if not s.use_planner:
        update["steps"] = [step]
    if s.use_planner and attempts >= s.max_attempts_per_subtask:
        idx = state.current
        update.update(steps=[step], current=len(state.plan or []),
                      status_detail=f"subtask {idx + 1} ({step['tool']}) failed after {attempts} attempt(s): {error}")
        update["trace"] = [{"node": "executor", "event": "attempts_exhausted",
                            "detail": f"{step['tool']}({compact(arguments, 200)}): {error[:300]}"}]
    else:
        update["trace"] = [{"node": "executor", "event": "tool_error_to_stm", "detail": error[:300]}]
    return update


def _no_call(state: MedMirrorState, step: dict[str, Any], observation: dict[str, Any]) -> dict[str, Any]:
    """Radiology NoCall: the gap ends the chain, or, when the simulated builder added a tool, re-plan."""
    step.update(protocol="NoCall", observation=observation)
    update: dict[str, Any] = {**start_subtask(), "steps": [step]}
    built = observation.get("built")
    if built:
        update.update(candidates=list(state.candidates or []) + [built], replan=True,
                      plan=[], plan_tries=0, best_plan=None, current=0)
        update["trace"] = [{"node": "executor", "event": "tool_built", "detail": f"NoCall -> built {built}"}]
        return update
    gap = observation["no_call"]
    update.update(current=len(state.plan or []), react_done=True,
                  status_detail=f"NoCall: no available tool can {gap.get('purpose') or 'do this step'} "
                                f"(needs a {gap.get('category')}"
                                + (f" with {gap['missing_capability']}" if gap.get("missing_capability") else "")
                                + (f" for {gap['anatomy']} {gap['modality']}" if gap.get("anatomy") else "") + ")")
    update["trace"] = [{"node": "executor", "event": "no_call", "detail": update["status_detail"][:300]}]
    return update


def _protocol_step(state: MedMirrorState, s: Settings, step: dict[str, Any], protocol: str, ok: bool,
                   observation: Any, error: str) -> dict[str, Any]:
    """Radiology steps: outputs go to memory; a NoCall ends the chain (or, with a tool built, re-plans)."""
    if protocol == "no_call" and ok:
        return _no_call(state, step, observation)
    plan = state.plan or []
    # in the single loop the agent's finish marks the end, so every call there is a Call
    last = s.use_planner and next_tool_subtask(plan, state.current + 1) >= len(plan)
    step["protocol"] = "EndCall" if last else "Call"
    if not ok:
        return _to_stm(state, s, step, step["arguments"], error,
                       "Read each input from a memory key that holds it; if no tool fits the step, use no_call.")
    step["observation"] = observation
    outputs = observation.get("outputs", {})
    return _advance(state, s, step, f"{step['protocol']} {step['tool']} -> {', '.join(outputs)}",
                    memory={**(state.working_memory or {}), **outputs})


def make_executor(deps: Deps):
    @node("executor")
    def executor(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = settings_of(runtime)
        proposal = state.proposal or {}
        tool, arguments = proposal.get("tool", ""), proposal.get("arguments", {})
        idx = state.current
        run_args, grounding = ground_call(tool, arguments, state, s)
        protocol = deps.registry.get(tool).protocol if tool in deps.registry else None
        resources = dict(state.resources or {})
        if state.note:  # tools that read the note themselves (clinical_ner) instead of a copied argument
            resources.setdefault("note", state.note)
        if protocol:
            resources["memory"] = state.working_memory or {}
        repeated = repeats_failed_call(state, tool, arguments, run_args) if s.use_checks else ""
        if repeated:  # the same call already failed: refused without running it
            ok, observation, error = False, None, repeated
        else:
            ok, observation, error = run_tool(deps, tool, run_args, resources, s)
        step = {"subtask": idx, "tool": tool, "arguments": run_args, "ok": ok,
                "score": proposal.get("score"), "evaluation": proposal.get("evaluation", "")}
        if proposal.get("checks"):
            step["checks"] = proposal["checks"]
        if grounding is not None:
            step["proposed_arguments"] = arguments
            step["grounding"] = grounding
        if protocol:
            return _protocol_step(state, s, step, protocol, ok, observation, error)
        if not s.use_planner:  # react: every action, good or bad, is an observation in the history
            step.update(observation=observation, error=error)
            update = {"steps": [step], "proposal": None,
                      "trace": [{"node": "executor", "event": "ok" if ok else "tool_error",
                                 "detail": observation_brief(observation) if ok else error[:300]}]}
            if repeated:  # a loop that repeats a failed call has nothing left to learn: it ends here
                update.update(react_done=True, status_detail=f"the agent repeated a failed call: {repeated}")
                update["trace"] = [{"node": "executor", "event": "repeat_ends_loop", "detail": repeated[:300]}]
            return update
        if ok:
            step["observation"] = observation
            return _advance(state, s, step, observation_brief(observation))
        flags = (grounding or {}).get("flags") or []
        return _to_stm(state, s, step, arguments, error,
                       reflection_for(error) + (f" Evidence check: {'; '.join(flags)}" if flags else ""))

    return executor
