"""Executor: validate the proposed arguments against the tool's schema and run the tool. No LLM call.

A failure (invalid or missing argument, tool exception) becomes a short-term-memory
entry and goes back to the tool agent, bounded per subtask; success resets STM
and advances to the next subtask.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import interrupt

from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, Step, applied, start_subtask
from medmirror.nodes.answer import missing_inputs
from medmirror.nodes.ask import input_request, record_user_inputs, uncertain_request, user_values
from medmirror.nodes.checks import repeated_attempt
from medmirror.nodes.common import Deps, compact, node, observation_brief
from medmirror.nodes.gates import blocked_subtasks, next_tool_subtask
from medmirror.nodes.grounding import calculator, evidence_rows, evidence_text_of, ground_call
from medmirror.nodes.workflow import decide, skipped_subtasks
from medmirror.tools.extraction.confidence import assess
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


def advance(state: MedMirrorState, planner: bool, step: Step, detail: str,
            memory: dict[str, Any] | None = None) -> dict[str, Any]:
    """A successful call: record it, reset STM and the counters, go to the next tool subtask."""
    idx = state.current
    nxt = next_tool_subtask(state.plan or [], idx + 1, [*state.given_up, *skipped_subtasks(state)]) if planner else idx + 1
    nxt, decisions = branch(state, nxt, step, state.given_up) if planner else (nxt, [])
    update: dict[str, Any] = {**start_subtask(), "steps": [step], "current": nxt,
                              "trace": [{"node": "executor", "event": "ok", "detail": detail}, *decided(decisions)]}
    if decisions:
        update["decisions"] = [*state.decisions, *decisions]
    if memory is not None:
        update["working_memory"] = memory
    return update


def to_stm(state: MedMirrorState, s: Settings, planner: bool, step: Step, arguments: dict[str, Any],
           error: str, reflection: str) -> dict[str, Any]:
    """A failed call: an STM entry for the tool agent's retry; the subtask gives up after the attempt bound.

    In the single loop (no planner) the failed step is also part of the history and there is no bound here
    (the loop's own step bound applies).
    """
    attempts = state.attempts + 1
    step["error"] = error
    entry = {"attempt": attempts, "tool": step["tool"], "arguments": arguments,
             "run_arguments": step.get("arguments", {}), "error": error, "reflection": reflection, "reflection_by": "rules"}
    # a new attempt at the same subtask: STM keeps the failure, the attempt count grows
    update: dict[str, Any] = {**start_subtask(), "stm": [entry] if s.use_stm else [], "attempts": attempts}
    if not planner:
        update["steps"] = [step]
    if planner and attempts >= s.max_attempts_per_subtask:
        # the subtask is given up: the next one that does not depend on it runs (or the round is re-planned)
        idx = state.current
        plan = state.plan or []
        given_up = [*state.given_up, idx]
        step["reflection"] = reflection
        detail = f"subtask {idx + 1} ({step['tool']}) failed after {attempts} attempt(s): {error}"
        justified = bool(missing_inputs(applied(state, {"steps": [step]}), detail))
        nxt = next_tool_subtask(plan, idx + 1, [*given_up, *skipped_subtasks(state)])
        nxt, decisions = branch(state, nxt, step, given_up)
        if decisions:
            update["decisions"] = [*state.decisions, *decisions]
        skipped = [i for i in sorted(blocked_subtasks(plan, given_up)) if idx < i < len(plan)
                   and plan[i].get("tool") not in (None, "", "none")]
        update.update(**start_subtask(), steps=[step], current=nxt, given_up=given_up, failure_justified=justified,
                      status_detail=detail)
        update["trace"] = [{"node": "executor", "event": "attempts_exhausted",
                            "detail": f"{step['tool']}({compact(arguments, 200)}): {error[:300]}"
                                      + (f"; skipped subtask(s) {', '.join(str(i + 1) for i in skipped)} that depend on it"
                                         if skipped and nxt < len(plan) else "")}, *decided(decisions)]
    else:
        update["trace"] = [{"node": "executor", "event": "tool_error_to_stm", "detail": error[:300]}]
    return update


def attempt(deps: Deps, state: MedMirrorState, s: Settings, run_args: dict[str, Any],
            resources: dict[str, Any], refusal: str = "") -> tuple[Step, Any, str, str]:
    """Run the proposed call with ``run_args`` unless it repeats a failed one or ``refusal`` says why it may not
    run (a derived or EHR input its source does not back): (the step record, the observation, the error, the
    refusal or '')."""
    proposal = state.proposal or {}
    tool, proposed = proposal.get("tool", ""), proposal.get("arguments", {})
    repeated = refusal or (repeats_failed_call(state, tool, proposed, run_args) if s.use_checks else "")
    if repeated:
        ok, observation, error = False, None, repeated
    else:
        ok, observation, error = run_tool(deps, tool, run_args, resources, s)
    step: Step = {"subtask": state.current, "tool": tool, "arguments": run_args, "ok": ok,
            "score": proposal.get("score"), "evaluation": proposal.get("evaluation", "")}
    if proposal.get("checks"):
        step["checks"] = proposal["checks"]
    return step, observation, error, repeated


def step_confidence(calc: Any, step: Step, state: MedMirrorState) -> dict[str, Any] | None:
    """The confidence of a calculator step from its evidence (None when it cannot be computed)."""
    g = step.get("grounding") or {}
    try:
        conf = assess(calc, step.get("arguments") or {}, g.get("params") or [], evidence_text_of(state))
    except Exception:  # noqa: BLE001 - no confidence is better than a run that fails on its computation
        return None
    return conf.to_dict() if conf is not None else None


def branch(state: MedMirrorState, nxt: int, step: dict[str, Any], given_up: list[int]) -> tuple[int, list[dict[str, Any]]]:
    """The next subtask after the workflow's conditions (evaluated here, by the product) and the decisions."""
    if not any(p.get("when") for p in state.plan or []):
        return nxt, []
    return decide(state, nxt, step, given_up, next_tool_subtask)


def decided(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"node": "executor", "event": "workflow_branch", "decided_by": "checks",
             "detail": f"{d['id']} ({d['tool']}) {'runs' if d['taken'] else 'skipped'}: {d['why']}"[:400]}
            for d in decisions]


def said_what_ran(update: dict[str, Any]) -> None:
    """The executor's trace event names the call that ran (``ran``) and, when the checks replaced or dropped
    values the model proposed, which ones (``overruled``): the tool agent's event shows the proposal."""
    events = [e for e in update.get("trace") or [] if e.get("node") == "executor"]
    steps = update.get("steps") or []
    if not events or not steps or steps[-1].get("proposed_arguments") is None:
        return
    step = steps[-1]
    ran = step.get("arguments") or {}
    said = [f"{p['name']}: the model's {p['llm_value']!r}, used {p['value']!r}"
            + (f" ('{' '.join(p['evidence']['text'].split())[:80]}')" if (p.get("evidence") or {}).get("text") else "")
            for p in (step.get("grounding") or {}).get("params") or []
            if p.get("llm_value") is not None and p.get("value") is not None and p["llm_value"] != p["value"]]
    said += [f"{k}: the model's {v!r}, not used" for k, v in step["proposed_arguments"].items() if k not in ran]
    events[-1]["ran"] = f"{step['tool']}({compact(ran, 300)})"
    if said:
        events[-1]["overruled"] = "; ".join(said)[:600]


def make_executor(deps: Deps, *, planner: bool):
    """The executor of the planner graph (``planner``) or of the single loop, for ordinary tools;
    memory-protocol tools (radiology) run in :mod:`medmirror.nodes.protocol`."""

    @node("executor")
    def executor(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        update = run_call(state, runtime.context)
        said_what_ran(update)
        rows = [row for st in update.get("steps") or [] for row in evidence_rows(st)]
        if rows:
            update["evidence"] = rows
        return update

    def run_call(state: MedMirrorState, s: Settings) -> dict[str, Any]:
        """Ground, validate and run the proposed call (asking the user for a missing input when set)."""
        proposal = state.proposal or {}
        tool, arguments = proposal.get("tool", ""), proposal.get("arguments", {})
        run_args, grounding = ground_call(tool, arguments, state, s)
        resources = dict(state.resources or {})
        if state.note:  # tools that read the note themselves (clinical_ner) instead of a copied argument
            resources.setdefault("note", state.note)
        refused = (grounding or {}).get("refused")
        step, observation, error, repeated = attempt(
            deps, state, s, run_args, resources,
            refusal=f"refused without running: {'; '.join(refused)}" if refused else "")
        user_inputs: dict[str, Any] = {}
        calc = calculator(tool) if s.ask_missing and not step["ok"] and not repeated else None
        while calc is not None and step.get("asks", 0) < s.max_asks:
            request = input_request(calc, run_args, user_inputs, error if user_inputs else "")
            if request is None:
                break
            given = user_values(request, interrupt(request))  # the run pauses here until resumed
            asks = step.get("asks", 0) + 1
            if not given:  # declined: the call fails as it would have without asking
                step["asks"] = asks
                break
            user_inputs.update(given)
            run_args = {**run_args, **given}
            step, observation, error, repeated = attempt(deps, state, s, run_args, resources)
            step["asks"] = asks
            if step["ok"]:
                break
        ok = step["ok"]
        if grounding is not None:
            step["proposed_arguments"] = arguments
            step["grounding"] = grounding
        record_user_inputs(step, user_inputs)
        # the answer policy reads the confidence only with the checks on (nodes.answer.calibrate): computed then only
        conf_calc = calculator(tool) if ok and grounding is not None and s.use_checks else None
        if conf_calc is not None:
            confidence = step_confidence(conf_calc, step, state)
            asked_uncertain = 0
            # clinician in the loop: an uncertain answer asks exactly the inputs that make it so
            while (s.ask_missing and confidence is not None and confidence["confidence"] < s.confidence_threshold
                   and asked_uncertain < s.max_asks):
                request = uncertain_request(conf_calc, confidence)
                if request is None:
                    break
                given = user_values(request, interrupt(request))
                asked_uncertain += 1
                if not given:
                    break
                retry, obs2, err2, _ = attempt(deps, state, s, {**run_args, **given}, resources)
                if not retry["ok"]:
                    confidence = {**confidence, "ask_error": err2[:300]}
                    continue
                run_args = {**run_args, **given}
                user_inputs.update(given)
                retry.update(proposed_arguments=arguments, grounding=grounding)
                step, observation = retry, obs2
                record_user_inputs(step, user_inputs)
                confidence = step_confidence(conf_calc, step, state)
            if confidence is not None:
                step["confidence"] = confidence
        if not planner:  # react: every action, good or bad, is an observation in the history
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
            return advance(state, planner, step, observation_brief(observation))
        flags = (grounding or {}).get("flags") or []
        return to_stm(state, s, planner, step, arguments, error,
                       reflection_for(error) + (f" Evidence check: {'; '.join(flags)}" if flags else ""))

    return executor
