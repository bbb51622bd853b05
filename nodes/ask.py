"""Clinician in the loop: pause the run and ask for a calculator input the note does not give.

With the setting ``ask_missing`` on, a calculator call that fails because inputs are missing (after the
note's own values were grounded into it) or because the note's value was refused pauses the graph with
LangGraph's :func:`~langgraph.types.interrupt`. The request names each input, its unit, its allowed
values or range and why it is asked. The run resumes with ``Command(resume={name: value, ...})``: each
value is validated by the calculator like any input (a number in the canonical unit, "7.2 mmol/L",
``[7.2, "mmol/L"]``, ``{"value": 7.2, "unit": "mmol/L"}``, an option label, true/false); an invalid
answer is asked again with the calculator's own message, up to ``max_asks`` questions per call. A resume
with nothing (``""``; :func:`medmirror.solve` also takes None or ``{}``) declines: the call fails as it would without asking and the answer refuses,
saying what is missing. Values given this way are recorded in the step (``user_inputs``) and in its
grounding with status ``user``, never as the note's.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from medmirror.tools.calculators.base import (
    Calculator,
    InputIssue,
    is_rejected_argument,
    validation_issues,
)

MISSING_INPUT = "missing_input"
UNCERTAIN_INPUT = "uncertain_input"
USER = "user"


def _issues(calc: Calculator, run_args: dict[str, Any]) -> list[InputIssue]:
    """What stops ``run_args``: missing inputs, inputs whose note value was refused, invalid ones."""
    rejected = {k: v["rejected"] for k, v in run_args.items() if is_rejected_argument(v)}
    given = {k: v for k, v in run_args.items() if v is not None and k not in rejected}
    try:
        calc.inputs.model_validate(given)
        issues: list[InputIssue] = []
    except ValidationError as err:
        issues = [i for i in validation_issues(calc.inputs, err) if i.name not in rejected]
    return [InputIssue(name, "rejected", why) for name, why in rejected.items()] + issues


def input_request(calc: Calculator, run_args: dict[str, Any], user_inputs: dict[str, Any],
                  previous_error: str = "") -> dict[str, Any] | None:
    """The question to put to the user for this call, or None when nothing askable stops it.

    Askable: a missing input, an input whose note value was refused, and an invalid value the user gave
    (asked again). An invalid value that came from the note or the agent is not asked: the agent revises it.
    """
    fields = calc.inputs.model_fields
    wanted = []
    for issue in _issues(calc, run_args):
        if issue.name not in fields:
            continue
        if issue.problem == "invalid" and issue.name not in user_inputs:
            return None  # the agent's own value is wrong: its revision, not a question, mends it
        spec = next(s for s in calc.card().inputs if s.name == issue.name)
        why = {"missing": "the note does not give it", "rejected": issue.message,
               "invalid": f"your answer was not accepted: {issue.message}"}[issue.problem]
        wanted.append({"name": issue.name, "description": spec.description, "unit": spec.unit,
                       "allowed": spec.allowed, "minimum": spec.minimum, "maximum": spec.maximum,
                       "expected": issue.expected, "why": why})
    if not wanted:
        return None
    names = ", ".join(w["name"] for w in wanted)
    return {"kind": MISSING_INPUT, "tool": calc.id, "calculator": calc.name, "inputs": wanted,
            "message": f"{calc.name} needs {names}, which the note does not give. Give a value with its unit, "
                       f"or nothing to let it refuse." + (f" (Last error: {previous_error[:300]})" if previous_error else "")}


def user_values(request: dict[str, Any], answer: Any) -> dict[str, Any]:
    """The answered inputs of ``request`` (unknown names and empty values dropped). A bare value answers a
    request for one input."""
    names = [w["name"] for w in request["inputs"]]
    if answer is None or answer == "" or answer == {}:
        return {}
    if not isinstance(answer, dict):
        return {names[0]: answer} if len(names) == 1 else {}
    return {k: v for k, v in answer.items() if k in names and v not in (None, "")}


def record_user_inputs(step: dict[str, Any], user_inputs: dict[str, Any]) -> None:
    """Mark the values the user gave in the step and its grounding (status ``user``, never the note's)."""
    if not user_inputs:
        return
    step["user_inputs"] = dict(user_inputs)
    grounding = step.get("grounding")
    if not grounding:
        return
    args = grounding.setdefault("args", {})
    params = {p["name"]: p for p in grounding.setdefault("params", [])}
    for name, value in user_inputs.items():
        args[name] = value
        entry = {"name": name, "status": USER, "value": value, "note": "given by the user when asked",
                 "evidence": {"where": USER, "text": str(value)}}
        if name in params:
            params[name].update(entry)
        else:
            grounding["params"].append(entry)


def uncertain_request(calc: Calculator, confidence: dict[str, Any]) -> dict[str, Any] | None:
    """The question to put to the user when the answer is uncertain (``confidence``: a
    :meth:`~medmirror.tools.extraction.confidence.Confidence.to_dict`): exactly the inputs that make it so, each
    with why (the doubt, the note's sentences) and what the value would be if it were otherwise."""
    specs = {s.name: s for s in calc.card().inputs}
    wanted, seen = [], set()
    for d in confidence.get("doubts") or []:
        name = d["input"]
        if name in seen or name not in specs:
            continue
        seen.add(name)
        spec = specs[name]
        quotes = "; ".join(f"'{' '.join(str(x.get('text', '')).split())[:160]}'" for x in d.get("sentences") or [])
        wanted.append({"name": name, "description": spec.description, "unit": spec.unit, "allowed": spec.allowed,
                       "minimum": spec.minimum, "maximum": spec.maximum, "expected": "",
                       "why": d["reason"] + (f" ({quotes})" if quotes else "")
                       + (f"; the result would be {d['value_if']}" if d.get("value_if") is not None else "")})
    if not wanted:
        return None
    names = ", ".join(w["name"] for w in wanted)
    return {"kind": UNCERTAIN_INPUT, "tool": calc.id, "calculator": calc.name, "inputs": wanted,
            "message": f"{calc.name} is uncertain ({confidence.get('range')}): confirm {names}. Give each value "
                       "(true/false, an option, a number with its unit), or nothing to keep the uncertain answer."}
