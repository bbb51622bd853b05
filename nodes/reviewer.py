"""Reviewer (RiskAgent): check every stage and accept, or route to the earliest failing stage.

Stages: the plan (tool choice), the tool call (parameters against the note), the
answer (interpretation and format). With ``answer_steps = interpret_then_format`` (RiskAgent's
four stages) the interpretation of the result is a stage of its own between the tool call and
the answer (its checks: :func:`medmirror.nodes.interpret.interpretation_checks`), and
Reflect[WRONG] there re-runs the interpretation, then the formatting. The deterministic checks of each stage run first
(:func:`stage_checks`); a failed one is Reflect[WRONG] at that stage with the check's
reason, without a model call. Otherwise the model reviews; its verdict and critique
must agree, and a Reflect[WRONG] at a stage whose checks passed decisively is
overruled (the checks decide; the trace says so). Reflect[RIGHT] ends the task;
Reflect[WRONG] names the earliest failing stage with a critique, and the pipeline
re-runs from there, at most ``max_reviews`` times.
"""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, ReviewOutput, start_review
from medmirror.nodes.checks import Check, critique, plan_checks, report, summary
from medmirror.nodes.common import Deps, compact, messages, node, note_text, options_text, steps_text
from medmirror.nodes.gates import next_tool_subtask
from medmirror.nodes.grounding import evidence_text, unsupported_used
from medmirror.nodes.interpret import stage_report
from medmirror.nodes.schemas import FOUR_STAGES, THREE_STAGES, review_schema
from medmirror.prompts import part


def make_reviewer(deps: Deps, *, planner: bool):
    """The reviewer of the planner graph (``planner``) or of the single loop (no plan stage)."""

    @node("reviewer")
    def reviewer(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        steps = state.steps or []
        stages = stage_checks(state, deps, s, planner)
        failing = next(((stage, rep) for stage, rep in stages.items() if rep and not rep["passed"]), None)
        model_verdict = None
        four = four_stages(s, planner)
        if failing is not None:
            # the deterministic checks run first: a failed one decides without asking a model
            out = ReviewOutput(verdict="WRONG", failing_stage=failing[0], critique=critique(failing[1]))
        else:
            calls = "\n".join(f"- {st['tool']}({compact(st.get('arguments', {}), 400)})" for st in steps)
            msgs = messages(
                "reviewer", question=state.question, note=note_text(state), options=options_text(state),
                plan="; ".join(f"{p['description']} [{p['tool']}]" for p in state.plan or []) or "(no plan)",
                calls=calls or "(no tool calls)", results=steps_text(steps), evidence=evidence_text(steps),
                answer=state.answer, value=state.value, fmt=state.answer_format,
                assumed=", ".join(state.assumed or []) or "(none)",
                stages=part("reviewer", "four_stages") if four else part("reviewer", "three_stages"),
                interpretation=(f"Interpretation of the result: {(state.interpretation or {}).get('text') or '(none)'}\n"
                                if four else ""),
            )
            try:
                out = call_structured(deps.models.for_role("reviewer", s), msgs, ReviewOutput, role="reviewer",
                                      retries=s.structured_retries,
                                      json_schema=review_schema(FOUR_STAGES if four else THREE_STAGES),
                                      check=_consistent)
                model_verdict = out.verdict
            except StructuredOutputError as err:
                if not s.use_checks:
                    raise
                out = ReviewOutput(verdict="RIGHT", failing_stage="none",
                                   critique=f"the checks passed; the reviewer's reply was invalid ({err.error[:160]})")
        reviews = state.reviews + 1
        checks_line = "; ".join(f"{st}: {summary(rep)}" for st, rep in stages.items() if rep) or "no checks"
        review = {"verdict": out.verdict, "failing_stage": out.failing_stage, "critique": out.critique,
                  "review": reviews, "checks": checks_line, "model_verdict": model_verdict}
        update: dict[str, Any] = {"review": review, "reviews": reviews}
        stage = _stage(out.failing_stage, s, state, planner) if out.verdict == "WRONG" else "none"
        if model_verdict is not None and s.use_checks:
            contradiction = contradicts(out.verdict, out.critique)
            vouched = out.verdict == "WRONG" and bool((stages.get(stage) or {}).get("decisive"))
            if contradiction or vouched:
                why = (f"the model's critique contradicts its verdict {out.verdict}" if contradiction else
                       f"the model said Reflect[WRONG] at the {stage}, but the {stage}'s checks passed and are decisive")
                review.update(verdict="RIGHT", failing_stage="none", model_critique=out.critique,
                              critique=f"checks passed ({checks_line}); {why}: the checks decide")
                update["trace"] = [{"node": "reviewer", "event": "reflect_right", "checks": checks_line,
                                    "decided_by": "checks", "detail": review["critique"][:300]}]
                return update
        if out.verdict == "RIGHT":
            update["trace"] = [{"node": "reviewer", "event": "reflect_right", "checks": checks_line,
                                "detail": out.critique[:300]}]
            return update
        if reviews > s.max_reviews:
            review["exhausted"] = True
            update["status_detail"] = (f"reviewer still found the {stage} wrong after {s.max_reviews} re-run(s): "
                                       f"{out.critique}")
            update["trace"] = [{"node": "reviewer", "event": "review_bound_exhausted", "checks": checks_line,
                                "detail": out.critique[:300]}]
            return update
        update.update(start_review(stage))  # a rejected answer is withdrawn whatever stage re-runs
        if stage == "tool_call":
            update["current"] = next_tool_subtask(state.plan or [], 0)
        update["critique"] = {**(state.critique or {}), stage: out.critique}
        review["routed_to"] = stage
        update["trace"] = [{"node": "reviewer", "event": f"reflect_wrong_{stage}", "checks": checks_line,
                            "decided_by": "model" if model_verdict is not None else "checks",
                            "detail": out.critique[:300]}]
        return update

    return reviewer




def four_stages(s: Settings, planner: bool) -> bool:
    """RiskAgent's four stages: the interpretation is a step (and a stage) of its own."""
    return planner and s.use_tools and s.answer_steps == "interpret_then_format"


def stage_checks(state: MedMirrorState, deps: Deps, s: Settings, planner: bool = True) -> dict[str, dict[str, Any] | None]:
    """The deterministic checks of each stage, earliest first: plan, tool call, interpretation (four stages
    only), answer.

    The tool-call stage always checks that no executed value lacks support in the note; with
    ``use_checks`` the plan's and the answer's checks are re-run on what was finally used. The
    interpretation's checks are re-run on the interpretation the answer used (their agreement with the
    tool's own interpretation only with ``use_checks``).
    """
    steps = state.steps or []
    out: dict[str, dict[str, Any] | None] = {"plan": None, "tool_call": None, "interpretation": None, "answer": None}
    if not s.use_tools:
        return out
    if s.use_checks and planner and state.plan:
        out["plan"] = plan_checks(state.plan, state.target or {}, deps.registry, state.working_memory,
                                  needs_value=state.answer_format != "text")
    unsupported = [u for st in steps if st.get("ok") for u in unsupported_used(st)]
    calc_steps = [st for st in steps if st.get("ok") and st.get("grounding")]
    if unsupported:
        out["tool_call"] = report([Check("evidence", False, "Not supported by the note: " + "; ".join(unsupported))])
    elif calc_steps:
        decisive = s.use_checks and all((st.get("checks") or {}).get("decisive") for st in calc_steps)
        out["tool_call"] = report([Check("evidence", True, "every value used is supported by the note",
                                         decisive=decisive)])
    if four_stages(s, planner):
        out["interpretation"] = stage_report(state, s)
    if s.use_checks:
        out["answer"] = state.answer_checks
    return out


_NEGATIVE = re.compile(r"\b(wrong|incorrect|not correct|not right|inaccurate|error|mistake|should be|instead of|"
                       r"missing|fails?|failed)\b", re.I)
_POSITIVE = re.compile(r"\b(correct|right|accurate|checks? out|consistent|valid)\b", re.I)


def contradicts(verdict: str, critique_text: str) -> bool:
    """Does the critique say the opposite of the verdict (RIGHT with 'WRONG', WRONG with only praise)?"""
    negative = bool(_NEGATIVE.search(critique_text or ""))
    positive = bool(_POSITIVE.search(_NEGATIVE.sub(" ", critique_text or "")))
    if verdict == "RIGHT":
        return negative
    return positive and not negative


def _consistent(out: ReviewOutput) -> None:
    if out.verdict == "WRONG" and out.failing_stage == "none":
        raise ValueError("a WRONG verdict must name the failing stage (plan, tool_call, interpretation or answer)")


def _stage(stage: str, s: Settings, state: MedMirrorState, planner: bool) -> str:
    """The stage to re-run, within the parts the preset has on and what the plan contains."""
    if not s.use_tools:
        return "answer"
    if stage == "plan" and not planner:
        return "tool_call"
    if stage == "interpretation" and not (four_stages(s, planner) and (state.interpretation or {}).get("text")):
        return "answer"  # no interpretation step, or nothing was interpreted: the answer carries it
    if stage == "tool_call" and planner:
        plan = state.plan or []
        if next_tool_subtask(plan, 0) >= len(plan):  # no tool subtask to re-run: the plan is what is wrong
            return "plan"
    return stage
