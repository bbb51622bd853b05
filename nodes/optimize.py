"""Nodes of ReflecTool's optimisation stage (see :mod:`medmirror.graphs.optimize`).

solve (C1) → evaluate against the gold answer → reflect (suggestion S) → solve again
with S and the trajectory of C1 (C2) → if C2 is right: store it and distil per-tool experience from C1 vs C2,
merged into each tool's list by the model (bounded). A case solved first time is
stored as it is; a case still wrong after reflection stores nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from langgraph.runtime import Runtime
from pydantic import BaseModel, Field

from medmirror.core.models.factory import ModelSet
from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.memory.experience import ExperienceStore
from medmirror.memory.experience_merge import usable_suggestion
from medmirror.memory.experience_models import ConcurrentUpdateError, Provenance, Step, Trajectory
from medmirror.memory.state import OptimizeState
from medmirror.nodes.common import compact, messages, node, observation_brief

INNER = ("Plan", "Think", "Finish")

# A scorer judges a value for a case: (correct, evaluation text for the reflector).
Scorer = Callable[[dict[str, Any], str | None], tuple[bool, str]]
# An attempt scorer judges the whole attempt (answer text, value, steps), e.g. a toolbox task's scorer.
AttemptScorer = Callable[[dict[str, Any], dict[str, Any]], tuple[bool, str]]

MAX_C1_CHARS = 1500  # the first attempt as C2 sees it (compact: its plan, calls, results and answer)


class ReflectOutput(BaseModel):
    suggestion: str = Field(min_length=1, max_length=600)


class ToolSuggestion(BaseModel):
    tool: str
    suggestion: str = Field(min_length=1, max_length=300)


class DistilOutput(BaseModel):
    suggestions: list[ToolSuggestion] = Field(default_factory=list, max_length=8)


class MergeOutput(BaseModel):
    suggestions: list[str] = Field(default_factory=list)


@dataclass
class OptimizeDeps:
    models: ModelSet
    scorer: Scorer | None
    solver: Callable[[dict[str, Any], Settings], dict[str, Any]]  # runs the main graph on a case
    attempt_scorer: AttemptScorer | None = None  # used instead of ``scorer`` when given
    store: Any = None  # medmirror.memory.experience.ExperienceStore; None: the store in the run's data dir
    max_items: int = 12
    _stores: dict[str, Any] = field(default_factory=dict)

    def score(self, case: dict[str, Any], attempt: dict[str, Any]) -> tuple[bool, str]:
        if self.attempt_scorer is not None:
            return self.attempt_scorer(case, attempt)
        if self.scorer is None:
            raise ValueError("the optimisation stage needs a scorer or an attempt scorer")
        return self.scorer(case, attempt.get("value"))

    def store_for(self, s: Settings) -> Any:
        if self.store is not None:
            return self.store
        key = s.experience_location
        if key not in self._stores:
            self._stores[key] = ExperienceStore(key)
        return self._stores[key]


def attempt_text(attempt: dict[str, Any]) -> str:
    lines = [f"plan: {'; '.join(p.get('tool', '') for p in attempt.get('plan') or []) or '(none)'}"]
    for st in attempt.get("steps") or []:
        result = observation_brief(st.get("observation")) if st.get("ok") else f"FAILED: {st.get('error', '')}"
        lines.append(f"- {st.get('tool')}({compact(st.get('arguments', {}), 300)}) -> {result}")
    lines.append(f"answer: {(attempt.get('answer') or '')[:300]!r} value={attempt.get('value')!r} status={attempt.get('status')}")
    return "\n".join(lines)


def c2_advice(suggestion: str, c1: dict[str, Any]) -> str:
    """What the second attempt is given: the suggestion, then the first (wrong) attempt, compact."""
    trajectory = attempt_text(c1)
    if len(trajectory) > MAX_C1_CHARS:
        trajectory = trajectory[: MAX_C1_CHARS - 15] + " ...(truncated)"
    return f"{suggestion.strip()}\nYour first attempt at this task (C1), which was wrong:\n{trajectory}"


def make_solve(deps: OptimizeDeps, which: str):
    @node(f"solve_{which}")
    def solve_node(state: OptimizeState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        case = dict(state.case)
        if which == "c2":  # ReflecTool's C2 = solve(task, C1, S): the reflection with the first attempt's trajectory
            case["advice"] = c2_advice(state.suggestion, state.c1)
        attempt = deps.solver(case, s)
        correct, evaluation = deps.score(state.case, attempt)
        return {which: attempt, f"{which}_correct": correct, f"{which}_eval": evaluation,
                "trace": [{"node": f"solve_{which}", "event": "correct" if correct else "wrong", "detail": evaluation}]}

    return solve_node


def make_reflect(deps: OptimizeDeps):
    @node("reflect")
    def reflect(state: OptimizeState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        case, c1 = state.case, state.c1
        msgs = messages("reflect", question=case["question"], note=case.get("note") or "(no note)",
                        attempt=attempt_text(c1), answer=c1.get("value"), gold=case.get("gold_text", ""),
                        evaluation=state.c1_eval)
        out = call_structured(deps.models.for_role("reviewer", s), msgs, ReflectOutput, role="reviewer",
                              retries=s.structured_retries)
        return {"suggestion": out.suggestion, "trace": [{"node": "reflect", "event": "suggestion", "detail": out.suggestion}]}

    return reflect


def trajectory_of(case: dict[str, Any], attempt: dict[str, Any], preset: str, model: str) -> Any:
    steps = [Step(action=str(st.get("tool")), arguments=json.loads(json.dumps(st.get("arguments") or {}, default=str)),
                  observation=json.loads(json.dumps(st.get("observation"), default=str)))
             for st in attempt.get("steps") or [] if st.get("ok")]
    return Trajectory(
        task_text=case["question"] + ("\n" + case["note"][:2000] if case.get("note") else ""),
        task_kind=case.get("kind"), inputs_summary=compact(case.get("inputs", {}), 500), steps=steps,
        final_answer=attempt.get("value"), score=1.0,
        provenance=Provenance(source=case.get("source"), case_id=str(case.get("id")), preset=preset, model=model),
    )


def make_store(deps: OptimizeDeps):
    @node("store")
    def store(state: OptimizeState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        which = "c1" if state.c1_correct else "c2"
        model = s.provider_for("tool_agent")
        traj_id = deps.store_for(s).add_trajectory(trajectory_of(state.case, getattr(state, which), s.preset, model))
        outcome = "solved_first" if which == "c1" else "solved_after_reflection"
        return {"stored_id": traj_id, "outcome": outcome,
                "trace": [{"node": "store", "event": "stored", "detail": f"{which} as {traj_id}"}]}

    return store


def make_distil(deps: OptimizeDeps):
    @node("distil")
    def distil(state: OptimizeState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        c1, c2 = state.c1, state.c2
        tools = sorted({str(st.get("tool")) for st in (c1.get("steps") or []) + (c2.get("steps") or [])} | set(INNER))
        msgs = messages("distil", question=state.case["question"], c1=attempt_text(c1), c2=attempt_text(c2),
                        tools=", ".join(tools))
        schema = {"title": "DistilOutput", "type": "object", "properties": {"suggestions": {
            "type": "array", "maxItems": 8, "items": {"type": "object", "properties": {
                "tool": {"type": "string", "enum": tools}, "suggestion": {"type": "string", "maxLength": 300}},
                "required": ["tool", "suggestion"]}}}, "required": ["suggestions"]}
        out = call_structured(deps.models.for_role("reviewer", s), msgs, DistilOutput, role="reviewer",
                              retries=s.structured_retries, json_schema=schema,
                              check=lambda o: _known_tools(o, tools))
        by_tool: dict[str, list[str]] = {}
        dropped = []
        for item in out.suggestions:
            if usable_suggestion(item.suggestion):
                by_tool.setdefault(item.tool, []).append(item.suggestion.strip())
            else:
                dropped.append(item.suggestion.strip()[:60])
        merged: dict[str, list[str]] = {}
        events = []
        if dropped:
            events.append({"node": "distil", "event": "suggestions_dropped",
                           "detail": f"{len(dropped)} not advice in words: {dropped}"})
        for tool, new in by_tool.items():
            merger = _model_merger(deps, s, tool)
            store = deps.store_for(s)
            try:
                merged[tool] = store.merge_experience(tool, new, merger=merger, max_items=deps.max_items)
                how = "model merge"
            except (StructuredOutputError, ValueError, ConcurrentUpdateError) as err:
                # the model's merge was unusable, or could not be written while others wrote: the rule merge
                merged[tool] = store.merge_experience(tool, new, max_items=deps.max_items)
                how = f"rule merge (model merge failed: {str(err)[:120]})"
            events.append({"node": "distil", "event": "experience_merged",
                           "detail": f"{tool}: +{len(new)} -> {len(merged[tool])} suggestions ({how})"})
        if not merged:
            events.append({"node": "distil", "event": "no_suggestions"})
        return {"experience": merged, "trace": events}

    return distil


def _model_merger(deps: OptimizeDeps, s: Settings, tool: str) -> Callable[[list[str], list[str]], list[str]]:
    def merge(existing: list[str], new: list[str]) -> list[str]:
        if not existing:
            return list(dict.fromkeys(new))[: deps.max_items]
        msgs = messages("merge", tool=tool, max_items=deps.max_items,
                        existing="\n".join(f"- {t}" for t in existing), new="\n".join(f"- {t}" for t in new))
        out = call_structured(deps.models.for_role("reviewer", s), msgs, MergeOutput, role="reviewer",
                              retries=s.structured_retries,
                              check=lambda o: _bounded(o.suggestions, deps.max_items))
        return [t.strip() for t in out.suggestions]

    return merge


def _known_tools(out: DistilOutput, tools: list[str]) -> None:
    bad = [i.tool for i in out.suggestions if i.tool not in tools]
    if bad:
        raise ValueError(f"unknown tool(s) {bad}; use one of {tools}")


def _bounded(items: list[str], max_items: int) -> None:
    if not items or len(items) > max_items or any(not t.strip() for t in items):
        raise ValueError(f"give between 1 and {max_items} non-empty suggestions")
    bad = [t for t in items if not usable_suggestion(t)]
    if bad:
        raise ValueError(f"each suggestion must be advice in words (not {bad[0][:60]!r})")
