"""Planner: decompose the task into subtasks bound to candidate tools, score the plan, revise below θp."""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, PlanOutput, Subtask, applied, replaced, start_subtask
from medmirror.nodes.checks import (
    asks_text,
    checks_note,
    critique,
    fallback_plan,
    fallback_tools,
    plan_checks,
    summary,
)
from medmirror.nodes.common import (
    Deps,
    demos_text,
    learned_text,
    ltm_text,
    messages,
    node,
    note_text,
    options_text,
    score_note,
)
from medmirror.nodes.gates import next_tool_subtask, plan_gate, revision_reason, valid_dependencies
from medmirror.nodes.schemas import plan_schema
from medmirror.nodes.workflow import is_workflow, with_dependencies, workflow_plan_checks
from medmirror.prompts import part

_FIRST_SENTENCE = re.compile(r"(?<=[.;])\s")


def tools_text(deps: Deps, names: list[str], settings: Settings | None = None, *, one_line: bool = False) -> str:
    """Candidate tools, best retrieval match first; ``one_line``: name and the description's first sentence (a
    single-tool choice: the chosen tool's inputs are the tool agent's, so the decider reads no input lists)."""
    lines = []
    for n in names:
        registered = deps.registry.get(n)
        reason = registered.unavailable_reason(settings) if settings is not None else None
        card = registered.card
        first = _FIRST_SENTENCE.split(card.description.strip(), maxsplit=1)[0][:200].rstrip(";")
        text = f"{card.name}: {first}" if one_line else card.brief()
        lines.append(f"- {text}" + (f" UNAVAILABLE: {reason}" if reason else ""))
    return "\n".join(lines) or "(no tools)"


def make_planner(deps: Deps):
    @node("planner")
    def planner(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        single = s.plan_mode == "single_tool"
        candidates = state.candidates or []
        target = state.target or {}
        draft = ""
        if state.plan and state.plan_tries > 0:
            failed = critique(state.plan_checks)
            draft = (f"Your previous plan: {state.plan}\nIts evaluation: {state.plan_evaluation} "
                     f"({score_note(state.plan_score, s.theta_plan)}).\n"
                     + (f"Checks failed: {failed}.\n" if failed and s.use_checks else "") + "Write a better plan.")
        msgs = messages(
            "planner", instructions=part("planner", "single") if single else part("planner", "decompose"), question=state.question,
            note=note_text(state), options=options_text(state), tools=tools_text(deps, candidates, s, one_line=single),
            asks=asks_text(target) if s.use_checks else "(not checked)",
            ltm=ltm_text(state.ltm or []), critique=(state.critique or {}).get("plan", "(none)"),
            draft=draft or "(first draft)", demos=demos_text(state), learned=learned_text(state),
            experience=deps.tool_experience(s, candidates),
        )
        try:
            out = call_structured(
                deps.models.for_role("planner", s), msgs, PlanOutput, role="planner", retries=s.structured_retries,
                json_schema=plan_schema(candidates, single_tool=single, workflow=s.plan_workflows),
                check=lambda o: _check_tools(o, candidates, single),
            )
        except StructuredOutputError as err:
            if not (s.use_checks and fallback_tools(target)):
                raise
            return _fallback(deps, state, target, f"the planner's reply was invalid ({err.error[:160]})")
        plan, repeated = drop_repeats(named_steps([_subtask(st.description, st.tool, st.depends_on, st)
                                                   for st in out.subtasks]))
        plan, dropped = valid_dependencies(with_dependencies(plan))
        checks = _checks_of(deps, state, target, plan) if s.use_checks else None
        tries = state.plan_tries + 1
        candidate = {"plan": plan, "score": out.score, "evaluation": out.evaluation, "checks": checks}
        best = _better(state.best_plan, candidate)
        update: dict[str, Any] = {"plan": plan, "plan_score": out.score, "plan_evaluation": out.evaluation,
                                  "plan_checks": checks, "plan_tries": tries, "best_plan": best, "replan": False}
        decision = plan_gate(applied(state, update), s)
        why = revision_reason(out.score, s.theta_plan, checks, s, "plan")
        event = {"node": "planner", "event": "plan_revise" if decision == "revise" else "plan_accept",
                 "score": out.score, "round": state.round, "checks": summary(checks),
                 "detail": "; ".join(f"{p['description']} [{p['tool']}]" + _after(p) for p in plan)
                           + (f" (dropped {repeated} repeated subtask(s))" if repeated else "")
                           + (f" (dropped invalid dependencies: {'; '.join(dropped)})" if dropped else "")
                           + (f"; revise: {why}" if decision == "revise" else "")}
        if decision == "revise":
            event["decided_by"] = why
        if decision == "accept":
            chosen = best
            if why is not None:  # the bound is reached with a plan that fails its checks or its score
                event["event"] = "plan_bound_exhausted"
                event["detail"] = f"kept best plan (score {best['score']}{checks_note(best.get('checks'))}) after {tries} tries"
                own = fallback_tools(target)
                if s.use_checks and best.get("checks") and not best["checks"]["passed"] and own:
                    fallback = fallback_plan(deps.registry, own)
                    chosen = {"plan": fallback, "score": best["score"], "evaluation": best["evaluation"],
                              "checks": _checks_of(deps, state, target, fallback)}
                    event["event"] = "plan_fallback"
                    event["decided_by"] = "checks"
                    event["detail"] = (f"no plan passed the checks after {tries} tries ({critique(best['checks'])}); "
                                       f"using the checked {_plan_words(own)}")
            update.update(plan=chosen["plan"], plan_score=chosen["score"], plan_evaluation=chosen["evaluation"],
                          plan_checks=chosen.get("checks"), current=next_tool_subtask(chosen["plan"], 0),
                          steps=replaced(), **start_subtask())
        update["trace"] = [event]
        return update

    return planner


def _plan_words(own: str | list[str]) -> str:
    return f"single-tool plan: {own}" if isinstance(own, str) else "plan of the tools the question names: " + ", ".join(own)


def _checks_of(deps: Deps, state: MedMirrorState, target: dict[str, Any], plan: list[dict[str, Any]]) -> Any:
    """The plan's checks: a workflow's (steps, derived inputs, branches) or a single calculation's; a question
    that wants a number needs a tool that gives one."""
    return (workflow_plan_checks(plan, target, deps.registry) if is_workflow(plan, target) else
            plan_checks(plan, target, deps.registry, state.working_memory,
                        needs_value=state.answer_format != "text"))


def _fallback(deps: Deps, state: MedMirrorState, target: dict[str, Any], reason: str) -> dict[str, Any]:
    """The product's own checked plan (:func:`fallback_tools`), when the planner cannot give a usable one: said in
    the trace."""
    own = fallback_tools(target)
    plan = fallback_plan(deps.registry, own)
    checks = _checks_of(deps, state, target, plan)
    return {"plan": plan, "plan_score": 0, "plan_evaluation": reason, "plan_checks": checks, "replan": False,
            "plan_tries": state.plan_tries + 1, "best_plan": None, "current": next_tool_subtask(plan, 0),
            "steps": replaced(), **start_subtask(),
            "trace": [{"node": "planner", "event": "plan_fallback", "checks": summary(checks), "decided_by": "checks",
                       "round": state.round,
                       "detail": f"{reason}; using the checked {_plan_words(own)}"}]}


def _better(best: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
    """The plan to keep: one that passes its checks beats one that does not; then the higher self-score."""
    if best is None:
        return new

    def key(p: dict[str, Any]) -> tuple[bool, int]:
        return (bool((p.get("checks") or {"passed": True})["passed"]), p["score"])

    return new if key(new) > key(best) else best


def _check_tools(out: PlanOutput, candidates: list[str], single: bool) -> None:
    allowed = set(candidates) if single else set(candidates) | {"none"}
    bad = [st.tool for st in out.subtasks if st.tool not in allowed]
    if bad:
        raise ValueError(f"tool(s) {bad} are not among the candidates {sorted(allowed)}")
    if single and len(out.subtasks) != 1:
        raise ValueError("exactly one subtask is required")


def _subtask(description: str, tool: str, depends_on: list[int], workflow: Any = None) -> Subtask:
    """A subtask as state: the model numbers subtasks from 1, the plan indexes them from 0; a workflow step keeps
    its id, derived inputs and condition (``workflow``: the model's subtask)."""
    st: Subtask = {"description": description, "tool": tool}
    if depends_on:
        st["depends_on"] = [d - 1 for d in depends_on]
    for key in ("id", "derive", "when", "method"):
        if getattr(workflow, key, None):
            st[key] = getattr(workflow, key)
    return st


def named_steps(plan: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A workflow's subtasks each with an id (``s1``, ``s2`` ... by the model's numbering when it gave none), so a
    dropped repeat does not rename the steps later ones refer to; other plans unchanged."""
    if not any(p.get("derive") or p.get("when") for p in plan):
        return plan
    return [{**p, "id": p.get("id") or f"s{i + 1}"} for i, p in enumerate(plan)]


def _after(st: dict[str, Any]) -> str:
    deps = st.get("depends_on") or []
    return f" (after {', '.join(str(d + 1) for d in deps)})" if deps else ""


def drop_repeats(plan: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The plan without subtasks that repeat an earlier one (same description, same tool), and how many went.

    A repeat would run the same tool for the same purpose again; the small model writes them
    (and used to fail the whole run on them). Same words bound to different tools stay. A
    dependency on a dropped repeat points to the subtask it repeats.
    """
    seen: dict[tuple[str, str], int] = {}
    index: dict[int, int] = {}  # old index -> new index
    kept: list[dict[str, Any]] = []
    for i, st in enumerate(plan):
        key = (" ".join(st["description"].lower().split()), st["tool"])
        if key not in seen:
            seen[key] = len(kept)
            kept.append(st)
        index[i] = seen[key]
    if any(st.get("depends_on") for st in kept):
        kept = [{**st, "depends_on": sorted({index.get(d, d) if isinstance(d, int) else d for d in st["depends_on"]})}
                if st.get("depends_on") else st for st in kept]
    return kept, len(plan) - len(kept)
