"""Intake: retrieve candidate tools for the case, settle the answer format and analyse the note once. No LLM call."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, replaced, start_task
from medmirror.nodes.checks import question_target
from medmirror.nodes.common import Deps, compact, node, observation_brief
from medmirror.nodes.formats import format_from_tool, infer_format
from medmirror.nodes.grounding import analyse_note
from medmirror.tools.resource_access import check_resources


def make_intake(deps: Deps, *, planner: bool):
    """Intake of the planner graph (``planner``) or of the single loop."""

    @node("intake")
    def intake(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        question = (state.question or "").strip()
        if not question:
            return {"status": "error", "status_detail": "no question given",
                    "trace": [{"node": "intake", "event": "invalid_input", "detail": "empty question"}]}
        try:  # every interface, Studio and build_graph().invoke too: files under the allowed roots only
            check_resources(state.resources, s)
        except (ValueError, TypeError, PermissionError) as exc:
            return {"status": "error", "status_detail": f"resources: {exc}",
                    "trace": [{"node": "intake", "event": "invalid_input", "detail": str(exc)[:300]}]}
        if s.use_planner != planner:
            detail = wrong_graph(s.preset, planner)
            return {"status": "error", "status_detail": detail,
                    "trace": [{"node": "intake", "event": "wrong_graph", "detail": detail}]}
        candidates: list[str] = []
        if s.use_tools:
            candidates = choose_candidates(deps, question, state.note, state.resources or {}, s, planner)
        fmt = infer_format(question, state.options)
        # what the question asks for, as the checks read it (none without checks: the papers' agents decide alone)
        target = question_target(deps.registry, question, candidates) if candidates and s.use_checks else None
        if target and target.get("decisive") and target.get("tool") in deps.registry:
            # the format follows the tool the question names ("mean arterial pressure" has no format keyword)
            fmt = format_from_tool(deps.registry.get(target["tool"]).output_type, fmt)
        if target and target.get("out_of_library"):
            # a calculator the library lacks is named as missing, never replaced by another
            detail = target["out_of_library"]["why"]
            return {**start_task(), "candidates": candidates, "target": target, "answer_format": fmt,
                    "status": "refused", "status_detail": detail, "value": None, "answer": f"No answer: {detail}.",
                    "trace": replaced([{"node": "intake", "event": "out_of_library", "decided_by": "checks",
                                        "detail": detail}])}
        demos: list[str] = [str(e) for e in state.examples or []]  # given with the task (few-shot), first
        store = deps.store(s) if s.use_experience and s.experience_top_k else None
        if store is not None:
            demos += [render_demo(t) for t, _ in store.search_similar(question, k=s.experience_top_k)]
        events = [{"node": "intake", "event": "candidates",
                   "detail": (", ".join(candidates) or "(tools off)") + target_text(target)}]
        # the rule extraction of the note, once per task, for every calculator call's grounding
        try:
            analysis = analyse_note(state, candidates)
        except Exception as exc:  # noqa: BLE001 - the grounding then reads the note itself and fails as it would have
            analysis = None
            events.append({"node": "intake", "event": "note_analysis_failed", "detail": f"{type(exc).__name__}: {exc}"[:300]})
        return {
            **start_task(),
            "candidates": candidates, "target": target, "answer_format": fmt, "demos": demos,
            "note_analysis": analysis,
            "critique": _advice(state.advice), "status": "running",
            "working_memory": dict((state.resources or {}).get("memory") or {}),
            # intake starts every task: the trace of an earlier task on this thread is dropped
            "trace": replaced(events),
        }

    return intake


def wrong_graph(preset: str, planner: bool) -> str:
    """Why a run's preset cannot run on this graph (a preset picks the graph: use_planner)."""
    this, other = ("planner", "single-loop") if planner else ("single-loop", "planner")
    return (f"preset '{preset}' runs on the {other} graph, and this is the {this} graph: build the graph for the "
            f"preset (medmirror.build_graph(preset=...) or solve(preset=...)), or in Studio choose the "
            f"{'medmirror_single_loop' if planner else 'medmirror'} graph")


def choose_candidates(deps: Deps, question: str, note: str | None, resources: dict[str, Any], s: Settings,
                      planner: bool = True) -> list[str]:
    """The top-N tools for the case.

    Tools that work on a resource the task attached (its EHR database, documents, images)
    are always offered, and so are the general-purpose tools (knowledge search, arithmetic),
    after the retrieved ones, except in single-tool selection (RiskAgent); tools that cannot run for this task (a required resource
    missing, or unavailable in this configuration) are left out unless ``offer_unusable_tools``.
    """
    ranked = [h.card.name for h in deps.registry.search(question, k=len(deps.registry), context=note or None,
                                                         embeddings=deps.embeddings_for(s))]

    def usable(name: str) -> bool:
        registered = deps.registry.get(name)
        if any(not resources.get(kind) for kind in registered.requires):
            return False
        return registered.unavailable_reason(s) is None

    attached = [n for n in ranked if deps.registry.get(n).requires and usable(n)]
    pool = ranked if s.offer_unusable_tools else [n for n in ranked if usable(n)]
    chosen = attached[: s.top_n_tools]
    for name in pool:
        if len(chosen) >= s.top_n_tools:
            break
        if name not in chosen:
            chosen.append(name)
    if s.plan_mode == "single_tool" and planner:
        return sorted(chosen, key=ranked.index)  # RiskAgent picks one specialised tool from the top-N
    general = [n for n in ranked if deps.registry.get(n).always_offer and n not in chosen and (usable(n) or s.offer_unusable_tools)]
    return sorted(chosen, key=ranked.index) + general


def target_text(target: dict[str, Any] | None) -> str:
    if not target or not (target.get("tool") or target.get("named")):
        return ""
    if target.get("decisive"):
        return f"; the question asks for {target['tool']} ({target['why']})"
    return f"; not decisive: {target.get('why') or 'no tool named'} (best match {target.get('tool') or '-'})"


def _advice(advice: str | None) -> dict[str, str]:
    """Advice given with the task is shown to every agent in the critique slot."""
    if not advice or not advice.strip():
        return {}
    text = f"Advice from an earlier attempt: {advice.strip()}"
    return {"plan": text, "tool_call": text, "answer": text}


def render_demo(trajectory: Any, limit: int = 700) -> str:
    """A stored successful trajectory as a short demonstration for prompts."""
    actions = "; ".join(
        f"{st.action}({compact(st.arguments, 200)}) -> {observation_brief(st.observation)}" for st in trajectory.steps
    ) or "(no tool)"
    text = f"Task: {trajectory.task_text[:300]}\nActions: {actions}\nAnswer: {trajectory.final_answer}"
    return text if len(text) <= limit else text[: limit - 15] + " ...(truncated)"
