"""Intra-reflection gates: pure decisions shared by nodes and routers.

A node uses a gate to know whether its output will be revised (so it can keep
the best-scoring attempt when the bound is reached); the graph's router uses the
same function to pick the next node. Keeping one function per gate keeps both in
agreement.
"""

from __future__ import annotations

from typing import Any, Literal

from app.settings import Settings


def plan_gate(state: dict[str, Any], s: Settings) -> Literal["revise", "accept"]:
    """Revise a plan scoring below θp while revisions remain (k = max_plan_revisions)."""
    if not s.use_gates:
        return "accept"
    below = state.get("plan_score", 10) < s.theta_plan
    return "revise" if below and state.get("plan_tries", 0) <= s.max_plan_revisions else "accept"


def tool_gate(state: dict[str, Any], s: Settings) -> Literal["revise", "accept"]:
    """Revise a tool call scoring below θt while revisions remain."""
    if not s.use_gates:
        return "accept"
    proposal = state.get("proposal") or {}
    below = proposal.get("score", 10) < s.theta_tool
    return "revise" if below and state.get("tool_tries", 0) <= s.max_tool_revisions else "accept"


def answer_gate(state: dict[str, Any], s: Settings) -> Literal["replan", "accept"]:
    """Below θa the round goes to LTM and the planner re-plans, at most R rounds."""
    if not (s.use_gates and s.use_ltm and s.use_planner and s.use_tools):
        return "accept"
    below = state.get("answer_score", 10) < s.theta_answer
    return "replan" if below and state.get("round", 1) < s.max_rounds else "accept"


def executor_retry(state: dict[str, Any], s: Settings) -> bool:
    """After a failed call: may the tool agent try this subtask again?"""
    return state.get("attempts", 0) < s.max_attempts_per_subtask


def next_tool_subtask(plan: list[dict[str, Any]], start: int) -> int:
    """Index of the first subtask at or after ``start`` that calls a tool (len(plan) if none)."""
    i = start
    while i < len(plan) and plan[i].get("tool") in (None, "", "none"):
        i += 1
    return i
