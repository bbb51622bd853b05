"""The answer's words, written by the product from what the tools returned. No model call.

* :func:`answering_step` — the step whose result answers the question: the step of the tool
  the question names (none, when that tool never ran: another tool's result does not answer
  it), else the plan's last tool subtask, else the last successful call (never simply
  whichever step ran last).
* :func:`compose_answer` — the answer text: the result with its unit and interpretation,
  the inputs with the words of the note they rest on, the inputs assumed absent, and the
  calculator's reference.
* :func:`filter_rationale` — the model's own words, kept only sentence by sentence where a
  sentence passes the checks: every number in it appears in a tool result or the note, and it
  is prose (no fragments, option-letter lists, JSON debris, echoed prompt headings or
  boilerplate apologies).
* :func:`grounded_numbers` — the numbers a text may carry: those of the tool results and of
  the note/question.
"""

from __future__ import annotations

import re
from typing import Any

from medmirror.memory.state import MedMirrorState
from medmirror.nodes.checks import number_supported, numbers_in
from medmirror.nodes.common import INNER_ACTIONS, observation_brief
from medmirror.nodes.formats import observed_value
from medmirror.nodes.gates import blocked_subtasks

_NONE = (None, "", "none")


def answering_step(state: MedMirrorState) -> dict[str, Any] | None:
    """The successful step whose result answers the question (None when there is none)."""
    ok = [st for st in state.steps or [] if st.get("ok") and st.get("tool") not in INNER_ACTIONS
          and st.get("protocol") != "NoCall"]
    if not ok:
        return None
    target = state.target or {}
    for st in reversed(ok):
        if target.get("tool") and st.get("tool") == target["tool"]:
            return st
    if target.get("decisive"):
        return None  # the question names its tool: another tool's result does not answer it
    plan = state.plan or []
    # a workflow's branch not taken, and the steps that need it
    skipped = [d["subtask"] for d in state.decisions or [] if not d.get("taken")]
    skipped = set(skipped) | set(blocked_subtasks(plan, skipped)) if skipped else set()
    tool_idx = [i for i, p in enumerate(plan) if p.get("tool") not in _NONE and i not in skipped]
    if tool_idx:
        last = tool_idx[-1]
        return next((st for st in reversed(ok) if st.get("subtask") == last), None)
    return ok[-1]


def _num(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def method_choices(step: dict[str, Any]) -> list[str]:
    """The inputs of a calculator step that are choices of the method (a weight basis, a normal value), not
    findings about the patient: never reported as 'assumed absent'."""
    return [p["name"] for p in (step.get("grounding") or {}).get("params") or []
            if str(p.get("note", "")).startswith("method parameter")]


def _inputs_text(step: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(inputs used with their evidence, findings assumed absent) of a calculator step."""
    obs = step.get("observation") or {}
    used: list[str] = []
    params = (step.get("grounding") or {}).get("params") or []
    methods = set(method_choices(step))
    assumed = [a for a in obs.get("assumed") or [] if a not in methods]
    if params:
        for p in params:
            if p.get("value") is None or p.get("status") in ("missing", "assumed") or p["name"] in assumed:
                continue
            ev = (p.get("evidence") or {}).get("text")
            quote = " ".join(str(ev).split())[:80] if ev else ""
            used.append(f"{p['name']} = {_num(p['value'])}" + (f" ('{quote}')" if quote else ""))
    else:
        for name, value in (obs.get("inputs") or {}).items():
            if value is not None and name not in assumed:
                used.append(f"{name} = {_num(value) if not isinstance(value, (dict, list)) else value}")
    return used, assumed


def compose_answer(step: dict[str, Any] | None, interpretation: str = "") -> str:
    """The answer text from the answering step's result (empty when there is no step); ``interpretation``
    (the answer agent's checked interpretation of the result, when it made one) follows the result."""
    if step is None:
        return ""
    obs = step.get("observation")
    if not (isinstance(obs, dict) and "value" in obs and "name" in obs):
        return f"{step.get('tool')}: {observation_brief(obs)}"
    unit = f" {obs['unit']}" if obs.get("unit") else ""
    parts = [f"{obs['name']} = {_num(obs['value'])}{unit}" + (f" ({obs['interpretation']})" if obs.get("interpretation") else "") + "."]
    if interpretation:
        parts.append(f"Interpretation: {interpretation.strip().rstrip('.')}.")
    used, assumed = _inputs_text(step)
    if used:
        parts.append("Inputs: " + "; ".join(used) + ".")
    if assumed:
        parts.append("Assumed absent (not documented): " + ", ".join(assumed) + ".")
    methods = [m for m in method_choices(step) if m in (obs.get("assumed") or [])]
    if methods:
        parts.append("Method conventions (the calculator's defaults): " + ", ".join(methods) + ".")
    if obs.get("reference"):
        parts.append(f"Reference: {obs['reference']}")
    return " ".join(parts)


def compose_uncertain(step: dict[str, Any], confidence: dict[str, Any], *, withheld: bool) -> str:
    """The answer text of an uncertain result: the range the evidence allows, the inputs and the note's sentences
    that make it uncertain, and (``withheld``: the value is not given as a bare number) the value as read."""
    obs = step.get("observation") or {}
    name = obs.get("name") or step.get("tool", "")
    unit = f" {obs['unit']}" if obs.get("unit") else ""
    conf = f"confidence {100 * float(confidence.get('confidence', 0)):.0f}%"
    reasons = "; ".join(confidence.get("reasons") or [])
    value = f"{_num(obs.get('value'))}{unit}" + (f" ({obs['interpretation']})" if obs.get("interpretation") else "")
    if withheld:
        head = (f"{name}: uncertain, {confidence.get('range')}{unit} ({conf}); not given as a single value. "
                f"Not settled: {reasons}. With those inputs as read: {value}.")
    else:
        head = (f"{name} = {value}, uncertain ({conf}; the evidence allows {confidence.get('range')}{unit}). "
                f"Not settled: {reasons}.")
    rest = compose_answer(step).split(". ", 1)
    return head + (f" {rest[1]}" if len(rest) > 1 else "")


def mentions(text: str, value: str) -> bool:
    """Does the answer text state the value (a number to the text's own precision is enough)?"""
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


def state_result_first(answer: str, value: str | None, state: MedMirrorState, fmt: str) -> str:
    """Without checks the model's words are the answer: when they do not state the tool's result, the
    result's summary is put first, so the words never contradict the structured value."""

    if value is None or mentions(answer, value):
        return answer
    for step in reversed(state.steps or []):
        if step.get("ok") and observed_value(step.get("observation"), fmt) == value:
            return f"{observation_brief(step['observation'])}. {answer}".strip()
    return answer


def _collect(value: Any, out: list[float]) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        out.append(float(value))
    elif isinstance(value, str):
        for n in numbers_in(value):
            try:
                out.append(float(n))
            except ValueError:
                pass
    elif isinstance(value, dict):
        for v in value.values():
            _collect(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _collect(v, out)


def grounded_numbers(state: MedMirrorState) -> tuple[list[float], str]:
    """(numbers of every successful tool result and its arguments, the note and question text)."""
    numbers: list[float] = []
    for st in state.steps or []:
        if st.get("ok") and st.get("tool") not in INNER_ACTIONS:
            _collect(st.get("observation"), numbers)
            _collect(st.get("arguments"), numbers)
            # an input's source outside the note: the patient record's row (id, time) or the producing step
            _collect([p.get("evidence") for p in (st.get("grounding") or {}).get("params") or []
                      if p.get("status") in ("ehr", "derived")], numbers)
    text = f"{state.note or ''}\n{state.question or ''}"
    return numbers, text


def unsupported_numbers(text: str, numbers: list[float], source_text: str) -> list[str]:
    """The numbers ``text`` writes that no tool result or the note/question holds."""
    return [n for n in numbers_in(text) if not number_supported(n, numbers, source_text)]


_HEADINGS = re.compile(r"\b(tool results|allowed values|reviewer critique|patient note|earlier rounds|"
                       r"inputs assumed absent|format_help|reply with json|your role)\b", re.I)
_BOILERPLATE = re.compile(r"\b(i'?m sorry|as an ai|language model|not available|cannot provide|please provide|"
                          r"i apologi[sz]e|medmirror)\b", re.I)
# Words that instruct rather than explain: an injected "Ignore the tool ..." or "The answer is 999" is no rationale.
_INSTRUCTION = re.compile(r"\b(?:ignore|disregard|override|forget)\b[^.]*\b(?:tools?|instructions?|results?|above|"
                          r"previous|checks?|system|prompt)\b|\bthe (?:correct |final |real |true )?(?:answer|value|score) "
                          r"(?:is|should be|must be)\b", re.I)
_LETTER_LIST = re.compile(r"(?:^|[\s;,])[a-e](?:\s*[,;]\s*[a-e]){2,}(?:$|[\s.;,])", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences(text: str) -> list[str]:
    """The sentences (and lines) of ``text``, stripped, empty ones dropped."""
    return [s.strip() for s in _SENTENCE.split(text or "") if s.strip()]


def filter_rationale(text: str, numbers: list[float], source_text: str, *, strict: bool = True) -> str:
    """The sentences of the model's text that pass the checks (see the module doc), joined.

    ``strict`` (a rationale beside a computed value) also drops short fragments; a free-text
    answer may be short ("Pneumonia.") and keeps them.
    """
    kept = []
    for sentence in _SENTENCE.split(text or ""):
        sentence = sentence.strip()
        words = sentence.split()
        letters = sum(c.isalpha() for c in sentence)
        if not words or letters < 0.6 * len(sentence.replace(" ", "")) or (strict and len(words) < 4):
            continue
        if any(c in sentence for c in "{}[]\"`<>|") or _HEADINGS.search(sentence) or _BOILERPLATE.search(sentence) \
                or (strict and _INSTRUCTION.search(sentence)):
            continue
        if _LETTER_LIST.search(sentence) or unsupported_numbers(sentence, numbers, source_text):
            continue
        if sentence in kept:
            continue
        kept.append(sentence)
    return " ".join(kept)
