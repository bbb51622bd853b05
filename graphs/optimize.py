"""ReflecTool's optimisation stage as a graph: one labelled case per run.

    START → solve_c1 ─(right)→ store → END
                     └(wrong)→ reflect → solve_c2 ─(right)→ store → distil → END
                                                  └(wrong)→ END (nothing stored)

``build_optimize_graph(store=..., scorer=..., models=...)`` serves the CLI
(``medmirror optimize``), the tests and Studio (:mod:`medmirror.studio`); the scorer (a
case's label against the answer) is the caller's, e.g. MedCalc-Bench's rule.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal

from langchain_core.language_models.chat_models import BaseChatModel
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from medmirror.graphs.main import build_graph
from medmirror.models.factory import ModelSet
from medmirror.nodes.optimize import OptimizeDeps, Scorer, make_distil, make_reflect, make_solve, make_store
from medmirror.settings import Settings
from medmirror.usage import merge_usage


class OptimizeInput(TypedDict):
    case: dict[str, Any]  # {id, question, note, options, gold_text, gold: {...}, source, kind}


class OptimizeState(TypedDict, total=False):
    case: dict[str, Any]
    c1: dict[str, Any]
    c1_correct: bool
    c1_eval: str
    suggestion: str
    c2: dict[str, Any]
    c2_correct: bool
    c2_eval: str
    outcome: Literal["solved_first", "solved_after_reflection", "unsolved", "error"]
    stored_id: str | None
    experience: dict[str, list[str]]
    status: str
    status_detail: str
    trace: Annotated[list[dict[str, Any]], operator.add]
    usage: Annotated[dict[str, Any], merge_usage]


def route_after_c1(state: OptimizeState) -> Literal["store", "reflect", "__end__"]:
    if state.get("status") == "error":
        return END
    return "store" if state.get("c1_correct") else "reflect"


def route_after_reflect(state: OptimizeState) -> Literal["solve_c2", "__end__"]:
    return END if state.get("status") == "error" else "solve_c2"


def route_after_c2(state: OptimizeState) -> Literal["store", "__end__"]:
    return "store" if state.get("c2_correct") and state.get("status") != "error" else END


def route_after_store(state: OptimizeState) -> Literal["distil", "__end__"]:
    return "distil" if state.get("outcome") == "solved_after_reflection" else END


def solve_case(models: ModelSet, registry: Any = None) -> Any:
    """A solver that runs the main graph on a case (with the optional advice from reflection)."""

    graph = build_graph(models=models, registry=registry)

    def run(case: dict[str, Any], s: Settings) -> dict[str, Any]:
        payload = {"question": case["question"], "note": case.get("note"), "options": case.get("options"),
                   "resources": case.get("resources"), "advice": case.get("advice")}
        out = graph.invoke(payload, context=s)
        return {k: out.get(k) for k in ("answer", "value", "status", "status_detail", "plan", "steps", "usage")}

    return run


def build_optimize_graph(
    *,
    store: Any = None,
    scorer: Scorer,
    models: BaseChatModel | dict[str, BaseChatModel] | ModelSet | None = None,
    registry: Any = None,
    checkpointer: Any = None,
    max_items: int = 12,
):
    model_set = models if isinstance(models, ModelSet) else ModelSet(models)
    deps = OptimizeDeps(models=model_set, scorer=scorer, solver=solve_case(model_set, registry), store=store,
                        max_items=max_items)
    g = StateGraph(OptimizeState, context_schema=Settings, input_schema=OptimizeInput)
    g.add_node("solve_c1", make_solve(deps, "c1"))
    g.add_node("reflect", make_reflect(deps))
    g.add_node("solve_c2", make_solve(deps, "c2"))
    g.add_node("store", make_store(deps))
    g.add_node("distil", make_distil(deps))
    g.add_edge(START, "solve_c1")
    g.add_conditional_edges("solve_c1", route_after_c1)
    g.add_conditional_edges("reflect", route_after_reflect)
    g.add_conditional_edges("solve_c2", route_after_c2)
    g.add_conditional_edges("store", route_after_store)
    g.add_edge("distil", END)
    return g.compile(checkpointer=checkpointer, name="medmirror-optimize")
