"""ReflecTool's optimisation stage as a graph: one labelled case per run.

    START → solve_c1 ─(right)→ store → END
                     └(wrong)→ reflect → solve_c2 (with S and C1) ─(right)→ store → distil → END
                                                                  └(wrong)→ END (nothing stored)

``build_optimize_graph(store=..., scorer=..., models=...)`` serves the CLI
(``medmirror optimize``), the tests and Studio (:mod:`medmirror.studio`); the scorer (a
case's label against the answer) is the caller's, e.g. MedCalc-Bench's rule.
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.language_models.chat_models import BaseChatModel
from langgraph.graph import END, START, StateGraph

from medmirror.core.models.factory import ModelSet
from medmirror.core.settings import RunContext, Settings
from medmirror.graphs.main import build_graph
from medmirror.memory.experience import experience_of
from medmirror.memory.state import OptimizeInput, OptimizeState
from medmirror.nodes.optimize import (
    AttemptScorer,
    OptimizeDeps,
    Scorer,
    make_distil,
    make_reflect,
    make_solve,
    make_store,
)


def route_after_c1(state: OptimizeState) -> Literal["store", "reflect", "__end__"]:
    if state.status == "error":
        return END
    return "store" if state.c1_correct else "reflect"


def route_after_reflect(state: OptimizeState) -> Literal["solve_c2", "__end__"]:
    return END if state.status == "error" else "solve_c2"


def route_after_c2(state: OptimizeState) -> Literal["store", "__end__"]:
    return "store" if state.c2_correct and state.status != "error" else END


def route_after_store(state: OptimizeState) -> Literal["distil", "__end__"]:
    return "distil" if state.outcome == "solved_after_reflection" else END


def solve_case(models: ModelSet, registry: Any = None) -> Any:
    """A solver that runs the main graph on a case (with the optional advice from reflection)."""

    graphs = {planner: build_graph(preset="mirror" if planner else "react", models=models, registry=registry)
              for planner in (True, False)}

    def run(case: dict[str, Any], s: Settings) -> dict[str, Any]:
        graph = graphs[s.use_planner]  # the preset's graph
        payload = {"question": case["question"], "note": case.get("note"), "options": case.get("options"),
                   "resources": case.get("resources"), "advice": case.get("advice")}
        out = graph.invoke(payload, context=s)
        return {k: out.get(k) for k in ("answer", "value", "status", "status_detail", "plan", "steps", "usage")}

    return run


def build_optimize_graph(
    *,
    store: Any = None,
    scorer: Scorer | None = None,
    attempt_scorer: AttemptScorer | None = None,
    models: BaseChatModel | dict[str, BaseChatModel] | ModelSet | None = None,
    registry: Any = None,
    checkpointer: Any = None,
    max_items: int = 12,
):
    """The optimisation graph; ``scorer`` judges an attempt's value (MedCalc-Bench's rule), ``attempt_scorer`` the
    whole attempt (a toolbox task's scorer reads the answer text and the steps too)."""
    if scorer is None and attempt_scorer is None:
        raise ValueError("build_optimize_graph needs a scorer or an attempt_scorer")
    model_set = models if isinstance(models, ModelSet) else ModelSet(models)
    deps = OptimizeDeps(models=model_set, scorer=scorer, solver=solve_case(model_set, registry), store=experience_of(store),
                        max_items=max_items, attempt_scorer=attempt_scorer)
    g = StateGraph(OptimizeState, context_schema=RunContext, input_schema=OptimizeInput)
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
