"""Answer agent: the final answer and its structured value, self-scored and checked.

The structured value is constrained to the result of the step that answers the
question (:func:`medmirror.nodes.compose.answering_step`), not whichever step ran last; when
the planned tools all failed, the value must be null, i.e. a refusal that says what
is missing. With checks on, the answer *text* is composed by the product from the
tool result (value, unit, interpretation, inputs with their evidence, inputs assumed
absent, reference); the model's own words are kept only as a filtered ``rationale``.
The gate combines the self-score with the answer's checks (:func:`answer_checks`).

With ``answer_steps = interpret_then_format`` (RiskAgent) the planner graph's answer is two steps:
:mod:`medmirror.nodes.interpret` interprets the result first, and this node only formats the
answer (prompt ``format``), shown that interpretation; the answer text carries it when the
model's own passed its checks (the tool's own interpretation is in the result already).
"""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import AnswerOutput, MedMirrorState, applied, replaced
from medmirror.nodes.checks import Check, report, summary
from medmirror.nodes.choice_answer import tool_choice
from medmirror.nodes.common import (
    INNER_ACTIONS,
    Deps,
    ltm_text,
    messages,
    node,
    note_text,
    options_text,
    steps_text,
)
from medmirror.nodes.compose import (
    answering_step,
    compose_answer,
    compose_uncertain,
    filter_rationale,
    grounded_numbers,
    method_choices,
    sentences,
    state_result_first,
    unsupported_numbers,
)
from medmirror.nodes.formats import VALUE_FORMATS, format_from_tool, normalise_value, observed_value
from medmirror.nodes.gates import answer_gate, revision_reason
from medmirror.nodes.schemas import answer_schema
from medmirror.nodes.workflow import compose_workflow, condition_numbers, is_workflow, workflow_answer_check
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.confidence import claims_absent_findings

FORMAT_HELP = {
    "number": "value: the number only (no unit), copied from the tool result that answers the question.",
    "date": "value: the date as MM/DD/YYYY.",
    "weeks_days": "value: '(W weeks, D days)'.",
    "option": "value: the letter of the correct option.",
    "text": "value: a short phrase, or null.",
}


def effective_format(state: MedMirrorState, deps: Deps, step: dict[str, Any] | None = None) -> str:
    """The question's answer format, refined by the output type of the tool whose result answers it."""
    fmt = state.answer_format
    step = step if step is not None else answering_step(state)
    if step is not None and step.get("tool") in deps.registry:
        return format_from_tool(deps.registry.get(step["tool"]).output_type, fmt)
    return fmt


def allowed_values(state: MedMirrorState, fmt: str, s: Settings, step: dict[str, Any] | None,
                   planner: bool = True) -> list[str] | None:
    """Values the answer may carry when tools were used (None = unconstrained): the answering step's result."""
    if not s.use_tools or fmt in ("text", "option"):
        return None
    steps = state.steps or []
    if planner and any(not st.get("ok") for st in steps) and step is None:
        return []  # a planned subtask was given up and nothing answers: a refusal that says what is missing
    value = observed_value(step.get("observation"), fmt) if step is not None else None
    if value is not None:
        return [value]
    planned_tools = any(p.get("tool") not in (None, "", "none") for p in state.plan or []) or bool(steps)
    named = bool((state.target or {}).get("decisive")) and fmt in VALUE_FORMATS
    # a value the question names a tool for comes from that tool: without its result, nothing answers
    return [] if planned_tools or named else None


def assumed_inputs(state: MedMirrorState) -> list[str]:
    out: list[str] = []
    for st in state.steps or []:
        obs = st.get("observation")
        if st.get("ok") and isinstance(obs, dict):
            methods = set(method_choices(st))  # a weight basis or normal value is a convention, not a finding
            out += [f"{st['tool']}.{a}" for a in obs.get("assumed") or [] if a not in methods]
    return out


def answer_checks(state: MedMirrorState, value: str | None, fmt: str, step: dict[str, Any] | None,
                  text: str, failures: str, grounded: tuple[list[float], str]) -> dict[str, Any]:
    """The answer's checks: the value is the answering step's result; a refusal names what is missing;
    the text carries only numbers a tool result or the note holds (``grounded``: their numbers and text)."""
    checks: list[Check] = []
    target = state.target or {}
    if value is not None and step is not None:
        result = observed_value(step.get("observation"), fmt)
        if result == value:
            on_target = bool(target.get("decisive")) and step.get("tool") == target.get("tool")
            verified_plan = bool((state.plan_checks or {}).get("decisive"))
            checks.append(Check("value_is_result", True, f"the value is the result of {step['tool']}",
                                decisive=on_target or verified_plan))
        else:
            checks.append(Check("value_is_result", False,
                                f"the value {value!r} is not the result {result!r} of {step['tool']}, which answers the question"))
    elif value is not None:
        checks.append(Check("value_is_result", False, f"the value {value!r} comes from no tool result"))
    elif fmt not in ("text", "option"):
        missing = missing_inputs(state, failures)
        if missing:
            checks.append(Check("refusal_justified", True, f"refused: {missing}", decisive=True))
        else:
            checks.append(Check("has_result", False, "no tool result answers the question"
                                + (f" ({failures[:200]})" if failures else "")))
    stray = unsupported_numbers(text, *grounded)
    if stray:
        checks.append(Check("numbers_grounded", False, f"the answer writes {', '.join(stray)}, found in no tool result or the note"))
    return report(checks)


_MISSING = re.compile(r"Cannot compute [^:]+: missing ([^.]+)")


def missing_inputs(state: MedMirrorState, failures: str) -> str:
    """What the note lacks, when that is why the task was given up ('' when the failure is the agents'):
    a calculator named inputs missing and the rule extractor finds none of them in the note either."""
    m = _MISSING.search(failures or "")
    if not m:
        return ""
    names = [n.strip() for n in m.group(1).split(",")]
    for st in reversed(state.steps or []):
        params = {p["name"]: p for p in (st.get("grounding") or {}).get("params") or []}
        if not st.get("ok") and params:
            if any(params.get(n, {}).get("rule_value") is not None for n in names):
                return ""  # the note gives it: the call left it out
            break
    return f"the note does not give {m.group(1)}"


def make_answer(deps: Deps, *, planner: bool):
    """The answer node of the planner graph (``planner``: a weak answer may re-plan) or of the single loop."""

    @node("answer")
    def answer(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        step = answering_step(state) if s.use_tools else None
        fmt = effective_format(state, deps, step)
        allowed = allowed_values(state, fmt, s, step, planner)
        assumed = assumed_inputs(state)
        failures = state.status_detail or last_failure(state)
        two_steps = planner and s.answer_steps == "interpret_then_format"
        interpretation = state.interpretation or {}
        msgs = messages(
            "format" if two_steps else "answer", question=state.question, note=note_text(state), options=options_text(state),
            plan="; ".join(f"{p['description']} [{p['tool']}]" for p in state.plan or []) or "(no plan)",
            results=steps_text(state.steps or []), failures=failures or "(none)",
            assumed=", ".join(assumed) or "(none)", format_help=FORMAT_HELP.get(fmt, ""),
            allowed=", ".join(allowed) if allowed else ("null (no tool result: say what is missing)" if allowed == [] else "any"),
            ltm=ltm_text(state.ltm or []), critique=(state.critique or {}).get("answer", "(none)"),
            interpretation=interpretation.get("text") or "(none)",
        )
        options = state.options
        out, fallback_events = _ask(deps, s, msgs, fmt, allowed, options)
        value = normalise_value(out.value, fmt, options)
        numbers, source_text = grounded_numbers(state)
        events: list[dict[str, Any]] = []
        if value is not None and allowed is None and fmt in VALUE_FORMATS and s.use_tools \
                and unsupported_numbers(value, numbers, source_text):
            # no tool ran and the note does not hold this number: the model made it up
            events.append({"node": "answer", "event": "value_withdrawn",
                           "detail": f"{value!r} comes from no tool result and is not in the note"})
            failures = failures or f"no tool computed a value (the model's {value!r} is in no tool result or the note)"
            value = None
        own = interpretation.get("text", "") if interpretation.get("by") == "model" else ""
        text, rationale = _texts(s, fmt, step, out.answer, value, state, numbers, source_text, own)
        flow = s.use_tools and s.use_checks and is_workflow(state.plan or [], state.target)
        if flow:  # a workflow: every step's value with its interpretation, and the decisions taken
            text, listed = compose_workflow(state, s.confidence_threshold, s.answer_policy == "calibrated")
            numbers = [*numbers, *condition_numbers(state.plan or [])]  # the thresholds its decisions name
        checks = (answer_checks(state, value, fmt, step, text, failures, (numbers, source_text))
                  if s.use_checks and s.use_tools else None)
        if flow and checks is not None:
            listed_check = workflow_answer_check(text, listed, state)
            checks = {**checks, "passed": checks["passed"] and listed_check.passed,
                      "decisive": checks.get("decisive", False) and listed_check.passed,
                      "checks": [*checks["checks"], listed_check.as_dict()]}
        choice = tool_choice(state, step, fmt, value) if s.use_tools else None
        if choice is not None:  # an option letter is the matcher's on the tool's result, or none (a refusal)
            value, text, rationale = choice.letter, choice.text, ""
            checks = choice.checks if s.use_checks else None
            failures = failures if choice.letter else choice.reason
            events.append(choice.event)
        update: dict[str, Any] = {"answer": text or rationale or (f"Answer: {value}" if value else ""), "value": value, "answer_score": out.score,
                                  "answer_evaluation": out.evaluation, "answer_format": fmt, "assumed": assumed,
                                  "rationale": rationale, "answer_checks": checks}
        decision = answer_gate(applied(state, update), s) if planner else "accept"
        why = revision_reason(out.score, s.theta_answer, checks, s, "answer")
        event = {"node": "answer", "event": "answer_replan" if decision == "replan" else "answer_accept",
                 "score": out.score, "round": state.round, "checks": summary(checks),
                 "detail": f"value={value!r}" + (f"; re-plan: {why}" if decision == "replan" else "")}
        if decision == "replan":
            event["decided_by"] = why
        if decision == "accept":
            best = _best_round(state.ltm or [], {**update, "checks": checks})
            if best.get("round") is not None:
                event["detail"] += f"; kept round {best['round']} answer (score {best['score']})"
                update.update(answer=best["answer"], value=best["value"], answer_score=best["score"],
                              plan=best["plan"], steps=replaced(best["steps"]), answer_checks=best.get("checks"),
                              rationale=best.get("rationale", ""), interpretation=best.get("interpretation"))
            if why is not None and s.use_ltm and planner:
                event["event"] = "round_bound_exhausted"
            needs_value = fmt != "text"
            failed_value = [c["reason"] for c in (update.get("answer_checks") or {}).get("checks", [])
                            if not c["passed"] and c["name"] in ("value_is_result", "numbers_grounded")]
            if failed_value and fmt in VALUE_FORMATS and update["value"] is not None and s.use_checks:
                # the bound is reached and the value still fails its checks: a refusal, never that number
                events.append({"node": "answer", "event": "value_withdrawn", "decided_by": "checks",
                               "detail": f"{update['value']!r} failed its checks at the bound: {failed_value[0][:200]}"})
                failures = failures or f"the answer's value failed its checks: {failed_value[0]}"
                update["value"] = None
            update["status"] = "answered" if (update["value"] is not None or not needs_value) else "refused"
            if update["status"] == "refused":
                # the model's words may still carry a number it made up: a refusal says only why
                update["answer"] = refusal_text(failures)
                update["rationale"] = ""
            elif fmt != "option" and not s.use_tools and update["value"] is not None:
                # cot: the model's own number, computed by no tool
                update["status_detail"] = "unverified: the model's own number; no validated tool computed it"
                update["answer"] = f"Unverified (no tool computed this value): {update['answer']}"
            elif fmt in VALUE_FORMATS and s.use_tools and s.use_checks:
                final = answering_step(applied(state, update))
                if final is not None and observed_value(final.get("observation"), fmt) == update["value"]:
                    calibrate(update, final, s, events)
                    if flow:  # each step's value was reported under the policy already
                        update["answer"] = text
        update["trace"] = fallback_events + events + [event]
        return update

    return answer


def calibrate(update: dict[str, Any], step: dict[str, Any], s: Settings, events: list[dict[str, Any]]) -> None:
    """The answer policy: a value whose confidence (the answering step's, from its evidence) is below
    ``confidence_threshold`` is ``uncertain``: its range, the inputs and the note's sentences that make it so; with
    ``answer_policy='calibrated'`` the bare value is held back, with ``'always'`` it is given, marked uncertain."""
    conf = step.get("confidence")
    if not conf:
        return
    uncertain = float(conf["confidence"]) < s.confidence_threshold
    update["calibration"] = {**conf, "threshold": s.confidence_threshold, "policy": s.answer_policy,
                             "uncertain": uncertain}
    if not uncertain:
        return
    withheld = s.answer_policy == "calibrated"
    update["status"] = "uncertain"
    update["status_detail"] = ("; ".join(conf.get("reasons") or []) or "the evidence allows several values")[:600]
    update["answer"] = compose_uncertain(step, conf, withheld=withheld)
    update["rationale"] = ""
    if withheld:
        update["value"] = None
    events.append({"node": "answer", "event": "answer_uncertain", "decided_by": "checks",
                   "detail": f"confidence {conf['confidence']} < {s.confidence_threshold}: {conf.get('range')} "
                             f"({', '.join(conf.get('uncertain_inputs') or [])})"
                             + ("; value held back" if withheld else "; value given (answer_policy=always)")})


def _ask(deps: Deps, s: Settings, msgs: list[Any], fmt: str, allowed: list[str] | None,
         options: dict[str, str] | None) -> tuple[AnswerOutput, list[dict[str, Any]]]:
    """The answer agent's reply, its value constrained to ``allowed``; with checks on, an unusable reply
    when the tools settled the value (their result, or none) leaves the product to answer alone."""

    def check(o: AnswerOutput) -> None:
        value = normalise_value(o.value, fmt, options)  # raises ValueError on a malformed value
        if allowed and value not in allowed:
            raise ValueError(f"value {value!r} is not a tool result; use one of {allowed}")
        if allowed == [] and value is not None:
            raise ValueError(f"value {value!r} is not a tool result: no tool produced one, so the value must be null")

    try:
        return call_structured(deps.models.for_role("answer", s), msgs, AnswerOutput, role="answer",
                               retries=s.structured_retries, json_schema=answer_schema(fmt, allowed, options),
                               check=check), []
    except StructuredOutputError as err:
        if not (s.use_checks and s.use_tools and allowed is not None and len(allowed) <= 1):
            raise
        out = AnswerOutput(answer="", value=allowed[0] if allowed else None, score=1,
                           evaluation=f"the answer agent's reply was invalid: {err.error[:200]}")
        return out, [{"node": "answer", "event": "answer_fallback",
                      "detail": f"the answer agent's reply was invalid ({err.error[:160]}); the answer is composed "
                                "from the tool result alone"}]


def _texts(s: Settings, fmt: str, step: dict[str, Any] | None, model_text: str, value: str | None,
           state: MedMirrorState, numbers: list[float], source_text: str, interpretation: str = "") -> tuple[str, str]:
    """(answer text, rationale); ``interpretation``: the answer agent's own checked interpretation, if any."""
    if s.use_tools and s.use_checks and fmt in VALUE_FORMATS:
        # a computed value: the product states it from the tool result; the model's words are a rationale, kept
        # sentence by sentence only where they pass the checks and claim no finding the evidence has absent
        return compose_answer(step, interpretation), backed_rationale(
            step, filter_rationale(model_text, numbers, source_text))
    if s.use_tools and s.use_checks:
        # a free-text or multiple-choice answer is the model's words, sentence by sentence checked
        return filter_rationale(model_text, numbers, source_text, strict=False) or compose_answer(step), ""
    # self-scores alone (the papers' setting) or no tools (cot): the model's words are the answer
    return state_result_first(model_text, value, state, fmt), ""


def backed_rationale(step: dict[str, Any] | None, rationale: str) -> str:
    """The rationale's sentences that do not affirm a criterion the calculator step's evidence has absent."""
    calc = CALCULATORS.get((step or {}).get("tool", "")) if rationale else None
    if calc is None:
        return rationale
    params = ((step or {}).get("grounding") or {}).get("params") or []
    return " ".join(sent for sent in sentences(rationale) if not claims_absent_findings(calc, params, sent))


def last_failure(state: MedMirrorState) -> str:
    """The last failed call's error, when nothing else says why (the single loop keeps going after one)."""
    if answering_step(state) is not None:
        return ""
    failed = [st for st in state.steps or [] if not st.get("ok") and st.get("error")]
    if failed:
        return f"{failed[-1]['tool']} failed: {failed[-1]['error']}"
    target = state.target or {}
    if target.get("decisive"):
        ran = sorted({st["tool"] for st in state.steps or [] if st.get("ok") and st.get("tool") not in INNER_ACTIONS})
        return (f"{target['tool']}, the tool the question asks for, never ran"
                + (f" (only {', '.join(ran)} did)" if ran else ""))
    return ""


def refusal_text(failures: str) -> str:
    reason = failures.strip() or "no validated tool result or note evidence supports a value"
    return f"No answer: {reason}"


def _best_round(ltm: list[dict[str, Any]], current: dict[str, Any]) -> dict[str, Any]:
    """The round to answer with: one whose checks pass beats one whose checks fail; then the higher score."""

    def key(entry: dict[str, Any], score: int) -> tuple[bool, int]:
        return (bool((entry.get("checks") or {"passed": True})["passed"]), score)

    best: dict[str, Any] = current
    best_key = key(current, current["answer_score"])
    for entry in ltm:
        k = key(entry, entry["score"])
        if k > best_key:
            best, best_key = entry, k
    return best
