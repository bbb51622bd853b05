"""Intra-reflection gates: pure decisions shared by nodes and routers.

A node uses a gate to know whether its output will be revised (so it can keep
the best-scoring attempt when the bound is reached); the graph's router uses the
same function to pick the next node. Keeping one function per gate keeps both in
agreement.
"""

from __future__ import annotations

from typing import Any, Literal

from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState

Gate = Literal["plan", "tool_call", "answer"]


def score_gate_on(s: Settings, gate: Gate | None) -> bool:
    """Is the self-score part of ``gate`` on: ``use_gates`` (all together) and the agent's own switch
    (``use_plan_gate``, ``use_tool_gate``, ``use_answer_gate``; MIRROR ablates each agent's intra-reflection)."""
    if not s.use_gates:
        return False
    own = {"plan": s.use_plan_gate, "tool_call": s.use_tool_gate, "answer": s.use_answer_gate}
    return own.get(gate, True) if gate is not None else True


def revision_reason(score: int, theta: int, checks: dict[str, Any] | None, s: Settings,
                    gate: Gate | None = None) -> str | None:
    """Why an agent's output goes back for revision: 'checks' (a verifiable check failed), 'score'
    (its self-score is below θ and no decisive check vouches for it), or None (accept).

    The model proposes, the checks decide: a failed check always revises; a decisive pass
    (e.g. the plan binds the tool the question names) outweighs a low self-score. With
    ``use_checks`` off the self-score alone decides, as in the papers. ``gate`` names the agent's
    own switch (:func:`score_gate_on`); without it only ``use_gates`` counts.
    """
    if s.use_checks and checks and not checks.get("passed", True):
        return "checks"
    if score_gate_on(s, gate) and score < theta and not (s.use_checks and checks and checks.get("decisive")):
        return "score"
    return None


def plan_gate(state: MedMirrorState, s: Settings) -> Literal["revise", "accept"]:
    """Revise a plan that fails its checks or scores below θp while revisions remain (k = max_plan_revisions)."""
    why = revision_reason(state.plan_score, s.theta_plan, state.plan_checks, s, "plan")
    return "revise" if why and state.plan_tries <= s.max_plan_revisions else "accept"


def tool_gate(state: MedMirrorState, s: Settings) -> Literal["revise", "accept"]:
    """Revise a tool call that fails its checks or scores below θt while revisions remain."""
    proposal = state.proposal or {}
    why = revision_reason(proposal.get("score", 10), s.theta_tool, proposal.get("checks"), s, "tool_call")
    return "revise" if why and state.tool_tries <= s.max_tool_revisions else "accept"


def answer_gate(state: MedMirrorState, s: Settings) -> Literal["replan", "accept"]:
    """An answer that fails its checks or scores below θa sends the round to LTM and re-plans, at most R rounds
    (the planner graph's gate; the single loop has no rounds)."""
    if not (s.use_ltm and s.use_tools):
        return "accept"
    why = revision_reason(state.answer_score, s.theta_answer, state.answer_checks, s, "answer")
    return "replan" if why and state.round < s.max_rounds else "accept"


def execution_gate(state: MedMirrorState, s: Settings) -> Literal["replan", "continue"]:
    """After a subtask was given up (the attempt bound): MIRROR writes the failed round to LTM and re-plans,
    at most R rounds (``replan_on_failure``); a failure the note explains (an input it lacks, with checks on)
    is not re-planned: no plan can supply it, and the answer agent refuses with the reason."""
    if not (state.given_up and s.replan_on_failure and s.use_ltm and s.use_tools):
        return "continue"
    if s.use_checks and state.failure_justified:
        return "continue"
    return "replan" if state.round < s.max_rounds else "continue"


def loop_done(state: MedMirrorState, s: Settings) -> bool:
    """The single loop ends: the agent finished (or must stop), or the step bound is reached."""
    return state.react_done or len(state.steps or []) >= s.max_react_steps


def executor_retry(state: MedMirrorState, s: Settings) -> bool:
    """After a failed call: may the tool agent try this subtask again?"""
    return state.attempts < s.max_attempts_per_subtask


def next_tool_subtask(plan: list[dict[str, Any]], start: int, given_up: list[int] | None = None) -> int:
    """Index of the first subtask at or after ``start`` that calls a tool and may run (len(plan) if none):
    a subtask is skipped when a subtask it depends on was given up (:func:`blocked_subtasks`)."""
    blocked = blocked_subtasks(plan, given_up or [])
    i = start
    while i < len(plan) and (plan[i].get("tool") in (None, "", "none") or i in blocked):
        i += 1
    return i


def trial_failed(state: MedMirrorState, s: Settings) -> str | None:
    """Reflexion's evaluator (no gold label at inference): why the single loop's trial failed, or None.

    A refusal, an answer failing its checks, or a self-score below θa (unless a decisive check vouches for the
    answer) is a failed or low-confidence trial."""
    if state.status == "refused":
        return "refused"
    checks = state.answer_checks
    if s.use_checks and checks and not checks.get("passed", True):
        return "checks"
    if state.answer_score < s.theta_answer and not (s.use_checks and checks and checks.get("decisive")):
        return "score"
    return None


def reflexion_retry(state: MedMirrorState, s: Settings) -> bool:
    """Reflexion: the trial failed and trials remain (``max_trials``, the first included)."""
    return trial_failed(state, s) is not None and state.round < s.max_trials


def critic_may_check(state: MedMirrorState, s: Settings) -> bool:
    """CRITIC: tool checks of the answer remain (``critic_rounds``)."""
    return state.critic_checks < s.critic_rounds


def blocked_subtasks(plan: list[dict[str, Any]], given_up: list[int]) -> set[int]:
    """The subtasks that may not run because one they depend on (transitively) was given up.

    With explicit dependencies in the plan (``depends_on``: indices of earlier subtasks), only the
    dependents are blocked; a plan that declares none keeps the conservative reading that every
    subtask needs the ones before it, so everything after a given-up subtask is blocked.
    """
    if not given_up:
        return set()
    blocked = set(given_up)
    explicit = any(p.get("depends_on") for p in plan)
    first = min(given_up)
    for i, p in enumerate(plan):
        if i in blocked:
            continue
        if explicit:
            if any(d in blocked for d in p.get("depends_on") or []):
                blocked.add(i)
        elif i > first:
            blocked.add(i)
    return blocked - set(given_up)


def dependency_errors(plan: list[dict[str, Any]]) -> list[str]:
    """What is wrong with a plan's dependencies (``depends_on``: 0-based indices of earlier subtasks):
    references out of range, to the subtask itself or to a later one, and cycles. Empty when valid.

    Only earlier subtasks may be referenced, so a valid plan is acyclic and its order runs every
    subtask after the ones it needs; the cycle check also covers plans built by hand."""
    errors: list[str] = []
    n = len(plan)
    for i, p in enumerate(plan):
        for d in p.get("depends_on") or []:
            if not isinstance(d, int) or isinstance(d, bool) or d < 0 or d >= n:
                errors.append(f"subtask {i + 1} depends on {d!r}, which is not a subtask")
            elif d == i:
                errors.append(f"subtask {i + 1} depends on itself")
            elif d > i:
                errors.append(f"subtask {i + 1} depends on the later subtask {d + 1}")
    color = [0] * n  # 0 = not seen, 1 = on the current path, 2 = done

    def refs(i: int) -> list[int]:
        return [d for d in plan[i].get("depends_on") or []
                if isinstance(d, int) and not isinstance(d, bool) and 0 <= d < n]

    def visit(i: int) -> None:
        color[i] = 1
        for d in refs(i):
            if color[d] == 1:
                errors.append(f"dependency cycle through subtasks {min(i, d) + 1} and {max(i, d) + 1}")
            elif color[d] == 0:
                visit(d)
        color[i] = 2

    for i in range(n):
        if color[i] == 0:
            visit(i)
    return errors


def valid_dependencies(plan: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The plan with only valid dependencies (each reference to an earlier subtask kept, every other one
    dropped), and what was dropped: an invalid reference is the model's slip, not a reason to fail the plan."""
    dropped: list[str] = []
    out: list[dict[str, Any]] = []
    for i, p in enumerate(plan):
        deps = p.get("depends_on")
        if not deps:
            out.append({k: v for k, v in p.items() if k != "depends_on"})
            continue
        keep = sorted({d for d in deps if isinstance(d, int) and not isinstance(d, bool) and 0 <= d < i})
        bad = [d for d in deps if d not in keep]
        if bad:
            dropped.append(f"subtask {i + 1}: " + ", ".join(str(d + 1) if isinstance(d, int) else repr(d) for d in bad))
        q = {k: v for k, v in p.items() if k != "depends_on"}
        if keep:
            q["depends_on"] = keep
        out.append(q)
    return out, dropped


GATE_NODES: dict[str, str] = {"planner": "plan", "tool_agent": "tool_call", "answer": "answer"}


def gate_scores(trace: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Every self-score each gate saw in a run, in order, by gate (plan, tool_call, answer): the per-gate
    score distributions a harness aggregates (a fallback without a model reply has no score)."""
    out: dict[str, list[int]] = {gate: [] for gate in GATE_NODES.values()}
    for event in trace or []:
        gate = GATE_NODES.get(event.get("node", ""))
        if gate is not None and isinstance(event.get("score"), int):
            out[gate].append(event["score"])
    return out
