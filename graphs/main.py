"""The main MedMirror graph: intake → planner → tool_agent → executor → answer → reviewer.

Wiring and routers only; the nodes live in :mod:`nodes`. Every gate is a router
reading the same pure gate functions the nodes use (:mod:`medmirror.nodes.gates`), so
what a node expects and where the graph goes agree. Presets switch parts on and
off through :class:`medmirror.settings.Settings`, the graph's context schema.

:func:`build_graph` serves the Python API, the tests and Studio (:mod:`medmirror.studio`).
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.language_models.chat_models import BaseChatModel
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from medmirror.graphs.state import MedMirrorState, TaskInput, TaskOutput
from medmirror.models.factory import ModelSet
from medmirror.nodes.answer import make_answer
from medmirror.nodes.common import Deps, settings_of
from medmirror.nodes.executor import make_executor
from medmirror.nodes.gates import answer_gate, executor_retry, plan_gate, tool_gate
from medmirror.nodes.intake import make_intake
from medmirror.nodes.memory import make_ltm_update
from medmirror.nodes.planner import make_planner
from medmirror.nodes.reviewer import make_reviewer
from medmirror.nodes.tool_agent import make_tool_agent
from medmirror.nodes.verifier import make_verifier
from medmirror.settings import Settings
from medmirror.tools.builtin import default_registry
from medmirror.tools.registry import ToolRegistry

# ---------------------------------------------------------------------------
# Routers
# ---------------------------------------------------------------------------


def _failed(state: MedMirrorState) -> bool:
    return state.status == "error"


def route_after_intake(state: MedMirrorState, runtime: Runtime[Settings]) -> Literal["planner", "tool_agent", "answer", "__end__"]:
    s = settings_of(runtime)
    if _failed(state):
        return END
    if not s.use_tools:
        return "answer"
    return "planner" if s.use_planner else "tool_agent"


def route_after_planner(state: MedMirrorState, runtime: Runtime[Settings]) -> Literal["planner", "tool_agent", "answer", "__end__"]:
    if _failed(state):
        return END
    if plan_gate(state, settings_of(runtime)) == "revise":
        return "planner"
    return "tool_agent" if state.current < len(state.plan or []) else "answer"


def route_after_tool_agent(
    state: MedMirrorState, runtime: Runtime[Settings]
) -> Literal["tool_agent", "verifier", "executor", "answer", "__end__"]:
    s = settings_of(runtime)
    if _failed(state):
        return END
    act = "verifier" if s.verifier != "none" else "executor"
    if not s.use_planner:  # single loop: a tool call, an inner action (plan/think), or finish
        if state.proposal:
            return act
        if state.react_done or len(state.steps or []) >= s.max_react_steps:
            return "answer"
        return "tool_agent"
    return "tool_agent" if tool_gate(state, s) == "revise" else act


def route_after_executor(state: MedMirrorState, runtime: Runtime[Settings]) -> Literal["planner", "tool_agent", "answer"]:
    s = settings_of(runtime)
    if state.replan:  # a missing tool was built on request: plan again with it
        return "planner" if s.use_planner else "tool_agent"
    if not s.use_planner:
        done = state.react_done or len(state.steps or []) >= s.max_react_steps
        return "answer" if done else "tool_agent"
    plan = state.plan or []
    if state.current >= len(plan):
        return "answer"
    if state.attempts > 0:  # the last call failed and the subtask is still open
        return "tool_agent" if executor_retry(state, s) else "answer"
    return "tool_agent"


def route_after_answer(state: MedMirrorState, runtime: Runtime[Settings]) -> Literal["ltm_update", "reviewer", "__end__"]:
    s = settings_of(runtime)
    if _failed(state):
        return END
    if answer_gate(state, s) == "replan":
        return "ltm_update"
    return "reviewer" if s.use_reviewer else END


def route_after_reviewer(state: MedMirrorState, runtime: Runtime[Settings]) -> Literal["planner", "tool_agent", "answer", "__end__"]:
    review = state.review or {}
    if _failed(state) or review.get("verdict") != "WRONG" or review.get("exhausted"):
        return END
    return {"plan": "planner", "tool_call": "tool_agent", "answer": "answer"}[review["routed_to"]]


# ---------------------------------------------------------------------------
# Wiring
# ---------------------------------------------------------------------------


def build_graph(
    checkpointer: Any = None,
    store: Any = None,
    *,
    models: BaseChatModel | dict[str, BaseChatModel] | ModelSet | None = None,
    registry: ToolRegistry | None = None,
    experience: Any = None,
    embeddings: Any = None,
    **compile_kwargs: Any,
):
    """Compile the main graph.

    ``models`` overrides the chat model for every role (one model) or for some roles
    (a dict); otherwise each run builds its models from its settings (the context).
    ``checkpointer`` (e.g. :func:`medmirror.memory.checkpoint.make_checkpointer`) makes runs resumable.
    ``embeddings`` (any LangChain ``Embeddings``) fuses dense retrieval with BM25 for the tool
    registry and the experience store; otherwise the settings' ``embeddings_provider`` decides.
    """
    model_set = models if isinstance(models, ModelSet) else ModelSet(models)
    deps = Deps(models=model_set, registry=registry or default_registry(), experience=experience,
                embeddings=embeddings)
    g = StateGraph(MedMirrorState, context_schema=Settings, input_schema=TaskInput, output_schema=TaskOutput)
    g.add_node("intake", make_intake(deps))
    g.add_node("planner", make_planner(deps))
    g.add_node("tool_agent", make_tool_agent(deps))
    g.add_node("verifier", make_verifier(deps))
    g.add_node("executor", make_executor(deps))
    g.add_node("answer", make_answer(deps))
    g.add_node("ltm_update", make_ltm_update(deps))
    g.add_node("reviewer", make_reviewer(deps))

    g.add_edge(START, "intake")
    g.add_conditional_edges("intake", route_after_intake)
    g.add_conditional_edges("planner", route_after_planner)
    g.add_conditional_edges("tool_agent", route_after_tool_agent)
    g.add_edge("verifier", "executor")
    g.add_conditional_edges("executor", route_after_executor)
    g.add_conditional_edges("answer", route_after_answer)
    g.add_edge("ltm_update", "planner")
    g.add_conditional_edges("reviewer", route_after_reviewer)
    return g.compile(checkpointer=checkpointer, store=store, name="medmirror", **compile_kwargs)
