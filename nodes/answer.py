"""Answer agent: synthesise the final answer and its structured value, score it.

When tools produced the result, the structured value is constrained to the
values the tools returned (a tool-backed answer cannot carry a number no tool
computed); when the tools that were planned all failed, the value must be null,
i.e. a refusal that says what is missing.
"""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from app.models.structured import call_structured
from app.settings import Settings
from graphs.state import AnswerOutput
from nodes.common import (
    Deps, ltm_text, messages, node, note_text, observation_brief, options_text, settings_of, steps_text,
)
from nodes.formats import format_from_tool, normalise_value, observed_value
from nodes.gates import answer_gate
from nodes.schemas import answer_schema

FORMAT_HELP = {
    "number": "value: the number only (no unit), copied from the tool result that answers the question.",
    "date": "value: the date as MM/DD/YYYY.",
    "weeks_days": "value: '(W weeks, D days)'.",
    "option": "value: the letter of the correct option.",
    "text": "value: a short phrase, or null.",
}


def effective_format(state: dict[str, Any], deps: Deps) -> str:
    fmt = state.get("answer_format", "text")
    for step in reversed(state.get("steps") or []):
        if step.get("ok") and step.get("tool") in deps.registry:
            return format_from_tool(deps.registry.get(step["tool"]).output_type, fmt)
    return fmt


def allowed_values(state: dict[str, Any], fmt: str, s: Settings) -> list[str] | None:
    """Values the answer may carry when tools were used (None = unconstrained)."""
    if not s.use_tools or fmt in ("text", "option"):
        return None
    steps = state.get("steps") or []
    if s.use_planner and any(not st.get("ok") for st in steps):
        return []  # a planned subtask was given up: its result is missing, so nothing is answerable
    values = [v for st in steps if st.get("ok") for v in [observed_value(st.get("observation"), fmt)] if v]
    planned_tools = any(p.get("tool") not in (None, "", "none") for p in state.get("plan") or []) or bool(steps)
    if values:
        return list(dict.fromkeys(values))
    return [] if planned_tools else None


def assumed_inputs(state: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for st in state.get("steps") or []:
        obs = st.get("observation")
        if st.get("ok") and isinstance(obs, dict):
            out += [f"{st['tool']}.{a}" for a in obs.get("assumed") or []]
    return out


def make_answer(deps: Deps):
    @node("answer")
    def answer(state: dict[str, Any], runtime: Runtime[Settings]) -> dict[str, Any]:
        s = settings_of(runtime)
        fmt = effective_format(state, deps)
        allowed = allowed_values(state, fmt, s)
        assumed = assumed_inputs(state)
        failures = state.get("status_detail") or ""
        msgs = messages(
            "answer", question=state["question"], note=note_text(state), options=options_text(state),
            plan="; ".join(f"{p['description']} [{p['tool']}]" for p in state.get("plan") or []) or "(no plan)",
            results=steps_text(state.get("steps") or []), failures=failures or "(none)",
            assumed=", ".join(assumed) or "(none)", format_help=FORMAT_HELP.get(fmt, ""),
            allowed=", ".join(allowed) if allowed else ("null (no tool result: say what is missing)" if allowed == [] else "any"),
            ltm=ltm_text(state.get("ltm") or []), critique=(state.get("critique") or {}).get("answer", "(none)"),
        )
        options = state.get("options")

        def check(o: AnswerOutput) -> None:
            value = normalise_value(o.value, fmt, options)  # raises ValueError on a malformed value
            if allowed and value not in allowed:
                raise ValueError(f"value {value!r} is not a tool result; use one of {allowed}")
            if allowed == [] and value is not None:
                raise ValueError(f"value {value!r} is not a tool result: no tool produced one, so the value must be null")

        out = call_structured(deps.models.for_role("answer", s), msgs, AnswerOutput, role="answer",
                              retries=s.structured_retries, json_schema=answer_schema(fmt, allowed, options),
                              check=check)
        value = normalise_value(out.value, fmt, options)
        text = state_result_first(out.answer, value, state, fmt)
        update: dict[str, Any] = {"answer": text, "value": value, "answer_score": out.score,
                                  "answer_evaluation": out.evaluation, "answer_format": fmt, "assumed": assumed}
        decision = answer_gate({**state, **update}, s)
        event = {"node": "answer", "event": "answer_replan" if decision == "replan" else "answer_accept",
                 "score": out.score, "round": state.get("round", 1), "detail": f"value={value!r}"}
        if decision == "accept":
            best = _best_round(state.get("ltm") or [], update)
            if best is not update:
                event["detail"] += f"; kept round {best['round']} answer (score {best['score']})"
                update.update(answer=best["answer"], value=best["value"], answer_score=best["score"],
                              plan=best["plan"], steps=best["steps"])
            if s.use_gates and s.use_ltm and s.use_planner and out.score < s.theta_answer:
                event["event"] = "round_bound_exhausted"
            needs_value = fmt != "text"
            update["status"] = "answered" if (update["value"] is not None or not needs_value) else "refused"
            if update["status"] == "refused":
                # the model's words may still carry a number it made up: a refusal says only why
                update["answer"] = refusal_text(failures)
        update["trace"] = [event]
        return update

    return answer


def refusal_text(failures: str) -> str:
    reason = failures.strip() or "no validated tool result or note evidence supports a value"
    return f"No answer: {reason}"


def _mentions(text: str, value: str) -> bool:
    """Does the answer text state the value (a number to 2 decimals is enough)?"""
    if value in text:
        return True
    try:
        target = float(value)
    except ValueError:
        return False
    for m in re.finditer(r"-?\d+(?:\.(\d+))?", text):
        decimals = len(m.group(1) or "")
        if round(target, decimals) == float(m.group(0)):  # the value as written, to the text's precision
            return True
    return False


def state_result_first(answer: str, value: str | None, state: dict[str, Any], fmt: str) -> str:
    """When the model's text does not state the tool's result, the result's summary is put first,
    so the words never contradict the structured value."""
    if value is None or _mentions(answer, value):
        return answer
    for step in reversed(state.get("steps") or []):
        if step.get("ok") and observed_value(step.get("observation"), fmt) == value:
            return f"{observation_brief(step['observation'])}. {answer}".strip()
    return answer


def _best_round(ltm: list[dict[str, Any]], current: dict[str, Any]) -> dict[str, Any]:
    best: dict[str, Any] = current
    best_score = current["answer_score"]
    for entry in ltm:
        if entry["score"] > best_score:
            best, best_score = entry, entry["score"]
    return best
