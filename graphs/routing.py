"""Routers both graphs share: small typed functions of the state (and the run's settings)."""

from __future__ import annotations

from typing import Callable, Literal

from langgraph.graph import END

from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState
from medmirror.nodes.protocol import runs_in_protocol
from medmirror.tools.registry import ToolRegistry

Runner = Literal["executor", "protocol"]
AnswerStep = Literal["interpret", "answer"]


def failed(state: MedMirrorState) -> bool:
    return state.status == "error"


def runner(registry: ToolRegistry) -> Callable[[MedMirrorState], Runner]:
    """Where an accepted call runs: the protocol node for radiology's memory tools, else the executor."""

    def route_to_runner(state: MedMirrorState) -> Runner:
        return "protocol" if runs_in_protocol(registry, state) else "executor"

    return route_to_runner


def answer_step(s: Settings) -> AnswerStep:
    """Where the planner graph's answer starts: the interpretation of the result (``answer_steps =
    interpret_then_format``, RiskAgent's Env3 before Env4), or the answer agent's one call."""
    return "interpret" if s.answer_steps == "interpret_then_format" and s.use_tools else "answer"


STAGE_NODES = {"plan": "planner", "tool_call": "tool_agent", "interpretation": "interpret", "answer": "answer"}


def reviewed_stage(state: MedMirrorState) -> str:
    """After the reviewer: the end (Reflect[RIGHT], or the review bound), or the node of the stage to re-run."""
    review = state.review or {}
    if failed(state) or review.get("verdict") != "WRONG" or review.get("exhausted"):
        return END
    return STAGE_NODES[review["routed_to"]]
