"""Reviewer (RiskAgent): check every stage and accept, or route to the earliest failing stage.

Stages: the plan (tool choice), the tool call (parameters against the note), the
answer (interpretation and format). Reflect[RIGHT] ends the task; Reflect[WRONG]
names the earliest failing stage with a critique, and the pipeline re-runs from
there, at most ``max_reviews`` times.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from app.models.structured import call_structured
from app.settings import Settings
from graphs.state import ReviewOutput
from nodes.common import Deps, compact, messages, node, note_text, options_text, settings_of, steps_text
from nodes.gates import next_tool_subtask
from nodes.grounding import evidence_text, unsupported_used
from nodes.schemas import review_schema

# A rejected answer is withdrawn whatever stage re-runs, so a later failure cannot return it.
_NO_ANSWER: dict[str, Any] = {"answer": "", "value": None, "answer_score": 0, "answer_evaluation": ""}
RESETS: dict[str, dict[str, Any]] = {
    "plan": {"plan": [], "plan_tries": 0, "best_plan": None, "steps": [], "stm": [], "current": 0, "attempts": 0,
             "tool_tries": 0, "proposal": None, "best_proposal": None, "status_detail": "", **_NO_ANSWER},
    "tool_call": {"steps": [], "stm": [], "attempts": 0, "tool_tries": 0, "proposal": None, "best_proposal": None,
                  "status_detail": "", **_NO_ANSWER},
    "answer": dict(_NO_ANSWER),
}


def make_reviewer(deps: Deps):
    @node("reviewer")
    def reviewer(state: dict[str, Any], runtime: Runtime[Settings]) -> dict[str, Any]:
        s = settings_of(runtime)
        steps = state.get("steps") or []
        unsupported = [u for st in steps if st.get("ok") for u in unsupported_used(st)]
        if unsupported and s.use_tools:
            # Parameters are checked against their evidence first: a value the note does not support was
            # used, so the tool call is wrong whatever a model would say.
            out = ReviewOutput(verdict="WRONG", failing_stage="tool_call",
                               critique="Not supported by the note: " + "; ".join(unsupported))
        else:
            calls = "\n".join(f"- {st['tool']}({compact(st.get('arguments', {}), 400)})" for st in steps)
            msgs = messages(
                "reviewer", question=state["question"], note=note_text(state), options=options_text(state),
                plan="; ".join(f"{p['description']} [{p['tool']}]" for p in state.get("plan") or []) or "(no plan)",
                calls=calls or "(no tool calls)", results=steps_text(steps), evidence=evidence_text(steps),
                answer=state.get("answer", ""), value=state.get("value"), fmt=state.get("answer_format", "text"),
                assumed=", ".join(state.get("assumed") or []) or "(none)",
            )
            out = call_structured(deps.models.for_role("reviewer", s), msgs, ReviewOutput, role="reviewer",
                                  retries=s.structured_retries, json_schema=review_schema(), check=_consistent)
        reviews = state.get("reviews", 0) + 1
        review = {"verdict": out.verdict, "failing_stage": out.failing_stage, "critique": out.critique,
                  "review": reviews}
        update: dict[str, Any] = {"review": review, "reviews": reviews}
        if out.verdict == "RIGHT":
            update["trace"] = [{"node": "reviewer", "event": "reflect_right", "detail": out.critique[:300]}]
            return update
        stage = _stage(out.failing_stage, s, state)
        if reviews > s.max_reviews:
            review["exhausted"] = True
            update["status_detail"] = (f"reviewer still found the {stage} wrong after {s.max_reviews} re-run(s): "
                                       f"{out.critique}")
            update["trace"] = [{"node": "reviewer", "event": "review_bound_exhausted", "detail": out.critique[:300]}]
            return update
        update.update(RESETS[stage])
        if stage == "tool_call":
            update["current"] = next_tool_subtask(state.get("plan") or [], 0)
        update["critique"] = {**(state.get("critique") or {}), stage: out.critique}
        review["routed_to"] = stage
        update["trace"] = [{"node": "reviewer", "event": f"reflect_wrong_{stage}", "detail": out.critique[:300]}]
        return update

    return reviewer


def _consistent(out: ReviewOutput) -> None:
    if out.verdict == "WRONG" and out.failing_stage == "none":
        raise ValueError("a WRONG verdict must name the failing stage (plan, tool_call or answer)")


def _stage(stage: str, s: Settings, state: dict[str, Any]) -> str:
    """The stage to re-run, within the parts the preset has on and what the plan contains."""
    if not s.use_tools:
        return "answer"
    if stage == "plan" and not s.use_planner:
        return "tool_call"
    if stage == "tool_call" and s.use_planner:
        plan = state.get("plan") or []
        if next_tool_subtask(plan, 0) >= len(plan):  # no tool subtask to re-run: the plan is what is wrong
            return "plan"
    return stage
