"""The single-loop graph (ReAct, ReflecTool, Reflexion, CRITIC, and cot without tools): one agent picks the next action.

```
 START → intake → tool_agent ⟲ (refused / plan / think) → executor | protocol ─┐
                   │    ▲                  ▲                                    │
                   │    └─ [verifier] ─────┘ (ReflecTool: every action)         │
                   │    └──────────── until finish or the step bound ◄─────────┘
                   └─(finish)→ answer → [reflexion | critic] → [reviewer] → END
       reflexion: a failed trial → reflection in memory → tool_agent (a new trial, ≤ max_trials)
       critic:    a tool check of the answer → answer (revised, ≤ critic_rounds)
```

(cot: intake → answer → END.) Wiring and routers only; the nodes are the planner graph's, built
for the single loop, plus the action verifier and the baselines' reflexion and critic nodes,
which a run reaches only when its settings ask (``verifier``, ``self_reflection``).
"""

from __future__ import annotations

from typing import Any, Literal

from langgraph.graph import END, START, StateGraph

from medmirror.core.settings import RunContext, Settings
from medmirror.graphs.routing import failed, reviewed_stage, runner
from medmirror.memory.state import MedMirrorState, TaskInput, TaskOutput
from medmirror.nodes.answer import make_answer
from medmirror.nodes.common import Deps, router
from medmirror.nodes.critic import make_critic
from medmirror.nodes.executor import make_executor
from medmirror.nodes.gates import loop_done, trial_failed
from medmirror.nodes.intake import make_intake
from medmirror.nodes.protocol import make_protocol
from medmirror.nodes.react_agent import make_react_agent
from medmirror.nodes.reflexion import make_reflexion
from medmirror.nodes.reviewer import make_reviewer
from medmirror.nodes.verifier import make_action_verifier


@router
def route_after_intake(state: MedMirrorState, s: Settings) -> Literal["tool_agent", "answer", "__end__"]:
    if failed(state) or state.status == "refused":  # an error, or a calculator the library lacks
        return END
    return "tool_agent" if s.use_tools else "answer"


@router
def route_after_step(state: MedMirrorState, s: Settings) -> Literal["tool_agent", "answer"]:
    """After a tool ran: the next action, or the answer when the loop is done."""
    if state.replan:  # a missing tool was built on request: the agent goes on with it
        return "tool_agent"
    return "answer" if loop_done(state, s) else "tool_agent"


def review_or_end(state: MedMirrorState, s: Settings) -> Literal["reviewer", "__end__"]:
    return "reviewer" if s.use_reviewer and not failed(state) else END


@router
def route_after_answer(state: MedMirrorState, s: Settings) -> Literal["reflexion", "critic", "reviewer", "__end__"]:
    """The baselines' step after the answer (Reflexion on a failed trial; CRITIC always), else the review."""
    if failed(state):
        return END
    if s.self_reflection == "reflexion" and trial_failed(state, s):
        return "reflexion"
    if s.self_reflection == "critic":
        return "critic"
    return review_or_end(state, s)


@router
def route_after_reflexion(state: MedMirrorState, s: Settings) -> Literal["tool_agent", "answer", "reviewer", "__end__"]:
    """A new trial (the reflexion node started one; without tools it is the answer again), or the review / the
    end at the trial bound."""
    if state.status == "running" and not failed(state):
        return "tool_agent" if s.use_tools else "answer"
    return review_or_end(state, s)


@router
def route_after_critic(state: MedMirrorState, s: Settings) -> Literal["answer", "reviewer", "__end__"]:
    """The answer revised after a tool check, or the review / the end (judged correct, or the bound)."""
    if state.status == "running" and not failed(state):
        return "answer"
    return review_or_end(state, s)


def route_after_reviewer(state: MedMirrorState) -> Literal["tool_agent", "answer", "__end__"]:
    """The single loop has no plan stage: the reviewer names the tool calls or the answer."""
    return reviewed_stage(state)  # type: ignore[return-value]


def build_single_loop_graph(deps: Deps, checkpointer: Any = None, store: Any = None, *,
        input_schema: type = TaskInput, **compile_kwargs: Any):
    """``input_schema``: what a caller may give (default :class:`TaskInput`; Studio's form: :class:`ClinicalTask`).
    Compile the single-loop graph over ``deps`` (models, registry, experience store, embeddings)."""
    to_runner = runner(deps.registry)

    def action_taken(state: MedMirrorState, s: Settings) -> Literal[
            "tool_agent", "executor", "protocol", "answer", "__end__"]:
        """An action taken (by the agent, or after the verifier): a call runs; otherwise the loop goes on or ends."""
        if failed(state):
            return END
        if state.proposal:  # a tool call
            return to_runner(state)
        return "answer" if loop_done(state, s) else "tool_agent"  # finish, inner action, refusal

    @router
    def route_after_agent(state: MedMirrorState, s: Settings) -> Literal[
            "tool_agent", "verifier", "executor", "protocol", "answer", "__end__"]:
        if failed(state):
            return END
        if state.actions:  # proposed actions the verifier checks first (ReflecTool)
            return "verifier"
        return action_taken(state, s)

    route_after_action = router(action_taken)

    g = StateGraph(MedMirrorState, context_schema=RunContext, input_schema=input_schema, output_schema=TaskOutput)
    g.add_node("intake", make_intake(deps, planner=False))
    g.add_node("tool_agent", make_react_agent(deps))
    g.add_node("verifier", make_action_verifier(deps))
    g.add_node("executor", make_executor(deps, planner=False))
    g.add_node("protocol", make_protocol(deps, planner=False))
    g.add_node("answer", make_answer(deps, planner=False))
    g.add_node("reflexion", make_reflexion(deps))
    g.add_node("critic", make_critic(deps))
    g.add_node("reviewer", make_reviewer(deps, planner=False))

    g.add_edge(START, "intake")
    g.add_conditional_edges("intake", route_after_intake)
    g.add_conditional_edges("tool_agent", route_after_agent)
    g.add_conditional_edges("verifier", route_after_action)
    g.add_conditional_edges("executor", route_after_step)
    g.add_conditional_edges("protocol", route_after_step)
    g.add_conditional_edges("answer", route_after_answer)
    g.add_conditional_edges("reflexion", route_after_reflexion)
    g.add_conditional_edges("critic", route_after_critic)
    g.add_conditional_edges("reviewer", route_after_reviewer)
    return g.compile(checkpointer=checkpointer, store=store, name="medmirror_single_loop", **compile_kwargs)
