"""Executor: validate the proposed arguments against the tool's schema and run the tool. No LLM call.

A failure (invalid or missing argument, tool exception) becomes a short-term-memory
entry and goes back to the tool agent, bounded per subtask; success resets STM
and advances to the next subtask.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from app.settings import Settings
from nodes.common import Deps, compact, node, observation_brief, settings_of
from nodes.gates import next_tool_subtask
from nodes.grounding import ground_call
from tools.registry import UnknownTool


def run_tool(deps: Deps, tool: str, arguments: dict[str, Any],
             resources: dict[str, Any] | None = None, settings: Settings | None = None) -> tuple[bool, Any, str]:
    """Run a registered tool; returns (ok, observation, error). Never raises for tool-side failures."""
    args = {k: v for k, v in (arguments or {}).items() if v is not None}  # null = not given
    try:
        registered = deps.registry.get(tool)
        return True, registered.invoke(args, resources, settings), ""
    except UnknownTool as err:
        return False, None, str(err)
    except Exception as err:  # noqa: BLE001 - any tool failure is an observation for the agent
        return False, None, f"{type(err).__name__}: {err}"


def reflection_for(error: str) -> str:
    """A deterministic reflection on a failure, for STM (the tool agent adds its own when it retries)."""
    if "missing" in error:
        return "Fill every required input from the note; if the note does not give it, it cannot be computed."
    if "unknown input" in error:
        return "Use only the inputs the tool lists."
    if "greater than" in error or "less than" in error or "range" in error:
        return "A value is outside the plausible range: check its unit and the number copied from the note."
    if "not convertible" in error or "unit" in error:
        return "Give the value in the unit the tool expects."
    return "Re-read the tool's inputs and the note, and correct the arguments."


def make_executor(deps: Deps):
    @node("executor")
    def executor(state: dict[str, Any], runtime: Runtime[Settings]) -> dict[str, Any]:
        s = settings_of(runtime)
        proposal = state.get("proposal") or {}
        tool, arguments = proposal.get("tool", ""), proposal.get("arguments", {})
        idx = state.get("current", 0)
        run_args, grounding = ground_call(tool, arguments, state, s)
        ok, observation, error = run_tool(deps, tool, run_args, state.get("resources"), s)
        steps = list(state.get("steps") or [])
        step = {"subtask": idx, "tool": tool, "arguments": run_args, "ok": ok,
                "score": proposal.get("score"), "evaluation": proposal.get("evaluation", "")}
        if grounding is not None:
            step["proposed_arguments"] = arguments
            step["grounding"] = grounding
        if not s.use_planner:  # react: every action, good or bad, is an observation in the history
            step.update(observation=observation, error=error)
            return {"steps": steps + [step], "proposal": None,
                    "trace": [{"node": "executor", "event": "ok" if ok else "tool_error",
                               "detail": observation_brief(observation) if ok else error[:300]}]}
        if ok:
            step["observation"] = observation
            nxt = next_tool_subtask(state["plan"], idx + 1)
            return {"steps": steps + [step], "stm": [], "attempts": 0, "tool_tries": 0, "proposal": None,
                    "best_proposal": None, "current": nxt,
                    "trace": [{"node": "executor", "event": "ok", "detail": observation_brief(observation)}]}
        attempts = state.get("attempts", 0) + 1
        flags = (grounding or {}).get("flags") or []
        entry = {"attempt": attempts, "tool": tool, "arguments": arguments, "error": error,
                 "reflection": reflection_for(error) + (f" Evidence check: {'; '.join(flags)}" if flags else "")}
        stm = (list(state.get("stm") or []) + [entry]) if s.use_stm else []
        update: dict[str, Any] = {"stm": stm, "attempts": attempts, "tool_tries": 0, "proposal": None,
                                  "best_proposal": None}
        if attempts >= s.max_attempts_per_subtask:
            step["error"] = error
            update.update(steps=steps + [step], current=len(state["plan"]),
                          status_detail=f"subtask {idx + 1} ({tool}) failed after {attempts} attempt(s): {error}")
            update["trace"] = [{"node": "executor", "event": "attempts_exhausted",
                                "detail": f"{tool}({compact(arguments, 200)}): {error[:300]}"}]
        else:
            update["trace"] = [{"node": "executor", "event": "tool_error_to_stm", "detail": error[:300]}]
        return update

    return executor
