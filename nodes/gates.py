"""Intra-reflection gates: pure decisions shared by nodes and routers.

A node uses a gate to know whether its output will be revised (so it can keep
the best-scoring attempt when the bound is reached); the graph's router uses the
same function to pick the next node. Keeping one function per gate keeps both in
agreement.
"""

from __future__ import annotations

from typing import Any, Literal

from medmirror.graphs.state import MedMirrorState
from medmirror.settings import Settings


def revision_reason(score: int, theta: int, checks: dict[str, Any] | None, s: Settings) -> str | None:
    """Why an agent's output goes back for revision: 'checks' (a verifiable check failed), 'score'
    (its self-score is below θ and no decisive check vouches for it), or None (accept).

    The model proposes, the checks decide: a failed check always revises; a decisive pass
    (e.g. the plan binds the tool the question names) outweighs a low self-score. With
    ``use_checks`` off the self-score alone decides, as in the papers.
    """
    if s.use_checks and checks and not checks.get("passed", True):
        return "checks"
    if s.use_gates and score < theta and not (s.use_checks and checks and checks.get("decisive")):
        return "score"
    return None


def plan_gate(state: MedMirrorState, s: Settings) -> Literal["revise", "accept"]:
    """Revise a plan that fails its checks or scores below θp while revisions remain (k = max_plan_revisions)."""
    why = revision_reason(state.plan_score, s.theta_plan, state.plan_checks, s)
    return "revise" if why and state.plan_tries <= s.max_plan_revisions else "accept"


def tool_gate(state: MedMirrorState, s: Settings) -> Literal["revise", "accept"]:
    """Revise a tool call that fails its checks or scores below θt while revisions remain."""
    proposal = state.proposal or {}
    why = revision_reason(proposal.get("score", 10), s.theta_tool, proposal.get("checks"), s)
    return "revise" if why and state.tool_tries <= s.max_tool_revisions else "accept"


def answer_gate(state: MedMirrorState, s: Settings) -> Literal["replan", "accept"]:
    """An answer that fails its checks or scores below θa sends the round to LTM and re-plans, at most R rounds
    (the planner graph's gate; the single loop has no rounds)."""
    if not (s.use_ltm and s.use_tools):
        return "accept"
    why = revision_reason(state.answer_score, s.theta_answer, state.answer_checks, s)
    return "replan" if why and state.round < s.max_rounds else "accept"


def loop_done(state: MedMirrorState, s: Settings) -> bool:
    """The single loop ends: the agent finished (or must stop), or the step bound is reached."""
    return state.react_done or len(state.steps or []) >= s.max_react_steps


def executor_retry(state: MedMirrorState, s: Settings) -> bool:
    """After a failed call: may the tool agent try this subtask again?"""
    return state.attempts < s.max_attempts_per_subtask


def next_tool_subtask(plan: list[dict[str, Any]], start: int) -> int:
    """Index of the first subtask at or after ``start`` that calls a tool (len(plan) if none)."""
    i = start
    while i < len(plan) and plan[i].get("tool") in (None, "", "none"):
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
