"""The planner graph (MIRROR, RiskAgent, full): plan, call tools subtask by subtask, answer, review.

```
            ┌──── re-plan with LTM (answer below θa or failing its checks, ≤ R rounds) ◄─────────────┐
            │◄─── re-plan with LTM (a subtask given up after the attempt bound, ≤ R rounds) ─────────┤
            ▼                                                                                        │
 START → intake → planner ⟲ → tool_agent ⟲ → [verifier] → executor | protocol → [interpret] → answer → [reviewer] → END
                     ▲            ▲                              │                   ▲            ▲         │
                     │            └── failed call → STM ─────────┤                   │            │         │
                     │            └── next subtask ──────────────┘                   │            │         │
                     └────────────┴──── Reflect[WRONG]: earliest failing stage ──────┴────────────┴─────────┘
```

``interpret`` runs when ``answer_steps = interpret_then_format`` (RiskAgent: result interpretation, then
answer formatting); the reviewer then has four stages (plan, tool call, interpretation, answer).

Wiring and routers only; the nodes live in :mod:`medmirror.nodes`. Every gate is a router
reading the same pure gate functions the nodes use (:mod:`medmirror.nodes.gates`), so what a
node expects and where the graph goes agree.
"""

from __future__ import annotations

from typing import Any, Literal

from langgraph.graph import END, START, StateGraph

from medmirror.core.settings import RunContext, Settings
from medmirror.graphs.routing import answer_step, failed, reviewed_stage, runner
from medmirror.memory.state import MedMirrorState, TaskInput, TaskOutput
from medmirror.nodes.answer import make_answer
from medmirror.nodes.common import Deps, router
from medmirror.nodes.executor import make_executor
from medmirror.nodes.gates import answer_gate, execution_gate, executor_retry, plan_gate, tool_gate
from medmirror.nodes.intake import make_intake
from medmirror.nodes.interpret import make_interpret
from medmirror.nodes.memory import make_ltm_update
from medmirror.nodes.planner import make_planner
from medmirror.nodes.protocol import make_protocol
from medmirror.nodes.reviewer import make_reviewer
from medmirror.nodes.tool_agent import make_tool_agent
from medmirror.nodes.verifier import make_verifier


@router
def route_after_intake(state: MedMirrorState, s: Settings) -> Literal["planner", "answer", "__end__"]:
    if failed(state) or state.status == "refused":  # an error, or a calculator the library lacks
        return END
    return "planner" if s.use_tools else "answer"


@router
def route_after_planner(state: MedMirrorState, s: Settings) -> Literal[
        "planner", "tool_agent", "interpret", "answer", "__end__"]:
    if failed(state):
        return END
    if plan_gate(state, s) == "revise":
        return "planner"
    return "tool_agent" if state.current < len(state.plan or []) else answer_step(s)


@router
def route_after_executor(state: MedMirrorState, s: Settings) -> Literal[
        "planner", "tool_agent", "interpret", "answer", "ltm_update"]:
    if state.replan:  # a missing tool was built on request: plan again with it
        return "planner"
    if execution_gate(state, s) == "replan":  # a subtask was given up: the round goes to LTM
        return "ltm_update"
    if state.current >= len(state.plan or []):
        return answer_step(s)
    if state.attempts > 0:  # the last call failed and the subtask is still open
        return "tool_agent" if executor_retry(state, s) else answer_step(s)
    return "tool_agent"


def route_after_interpret(state: MedMirrorState) -> Literal["answer", "__end__"]:
    return END if failed(state) else "answer"


@router
def route_after_answer(state: MedMirrorState, s: Settings) -> Literal["ltm_update", "reviewer", "__end__"]:
    if failed(state):
        return END
    if answer_gate(state, s) == "replan":
        return "ltm_update"
    return "reviewer" if s.use_reviewer else END


def route_after_reviewer(state: MedMirrorState) -> Literal["planner", "tool_agent", "interpret", "answer", "__end__"]:
    return reviewed_stage(state)  # type: ignore[return-value]


def build_planner_graph(deps: Deps, checkpointer: Any = None, store: Any = None, *,
        input_schema: type = TaskInput, **compile_kwargs: Any):
    """``input_schema``: what a caller may give (default :class:`TaskInput`; Studio's form: :class:`ClinicalTask`).
    Compile the planner graph over ``deps`` (models, registry, experience store, embeddings)."""
    to_runner = runner(deps.registry)

    @router
    def route_after_tool_agent(state: MedMirrorState, s: Settings) -> Literal[
            "tool_agent", "verifier", "executor", "protocol", "__end__"]:
        if failed(state):
            return END
        if tool_gate(state, s) == "revise":
            return "tool_agent"
        return "verifier" if s.verifier != "none" else to_runner(state)

    g = StateGraph(MedMirrorState, context_schema=RunContext, input_schema=input_schema, output_schema=TaskOutput)
    g.add_node("intake", make_intake(deps, planner=True))
    g.add_node("planner", make_planner(deps))
    g.add_node("tool_agent", make_tool_agent(deps))
    g.add_node("verifier", make_verifier(deps))
    g.add_node("executor", make_executor(deps, planner=True))
    g.add_node("protocol", make_protocol(deps, planner=True))
    g.add_node("interpret", make_interpret(deps))
    g.add_node("answer", make_answer(deps, planner=True))
    g.add_node("ltm_update", make_ltm_update(deps))
    g.add_node("reviewer", make_reviewer(deps, planner=True))

    g.add_edge(START, "intake")
    g.add_conditional_edges("intake", route_after_intake)
    g.add_conditional_edges("planner", route_after_planner)
    g.add_conditional_edges("tool_agent", route_after_tool_agent)
    g.add_conditional_edges("verifier", to_runner)
    g.add_conditional_edges("executor", route_after_executor)
    g.add_conditional_edges("protocol", route_after_executor)
    g.add_conditional_edges("interpret", route_after_interpret)
    g.add_conditional_edges("answer", route_after_answer)
    g.add_edge("ltm_update", "planner")
    g.add_conditional_edges("reviewer", route_after_reviewer)
    return g.compile(checkpointer=checkpointer, store=store, name="medmirror", **compile_kwargs)
