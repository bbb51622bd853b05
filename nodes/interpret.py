"""Result interpretation (RiskAgent's Env3), the first of the answer agent's two steps.

With ``answer_steps = interpret_then_format`` the planner graph runs this node before the
answer node, which then only formats the answer (Env4). The answer agent says what the
value of the tool result that answers the question means clinically (its category or
class, the threshold it falls in). The model proposes, the checks decide
(:func:`interpretation_checks`): the text is prose, carries no number that is neither in a
tool result nor in the note, and, with ``use_checks``, agrees with the tool's own
interpretation (it names the tool's category and no other class or severity). A reply that
fails them is retried with the reason, then replaced by the tool's own interpretation text.
No tool result, or a result without an interpretation, means nothing to interpret: no model
call. The reviewer re-runs the same checks as its interpretation stage.
"""

from __future__ import annotations

import re
from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import CheckReport, InterpretationOutput, MedMirrorState
from medmirror.nodes.checks import Check, critique, report, summary
from medmirror.nodes.common import Deps, messages, node, note_text
from medmirror.nodes.compose import answering_step, filter_rationale, grounded_numbers, sentences, unsupported_numbers
from medmirror.nodes.schemas import interpretation_schema

# Words that name a category of severity or risk: an interpretation may use one only when the tool's does.
SEVERITY = frozenset({"low", "moderate", "intermediate", "high", "normal", "mild", "severe", "critical", "minimal",
                      "borderline", "elevated", "underweight", "overweight", "obese", "obesity"})
_NEGATION = frozenset({"not", "no", "non"})
_STOP = frozenset({"a", "an", "the", "of", "and", "or", "in", "to", "for", "with", "is", "at"})
_TOKEN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
_CLASS = re.compile(r"\b(class|grade|stage|group)\s+([ivx]{1,4}|[a-d]|[0-9]{1,2})\b")  # 'class II', 'stage 3'


def tool_interpretation(obs: Any) -> str:
    """The tool's own interpretation of a calculator-style result ('' when it gives none)."""
    if isinstance(obs, dict) and "value" in obs and "name" in obs:
        return " ".join(str(obs.get("interpretation") or "").split())
    return ""


def category_of(tool_text: str) -> str:
    """The category the tool's interpretation names: its first clause ('class II: ...' -> 'class II')."""
    head = re.split(r"[:;(]", tool_text, maxsplit=1)[0].strip(" .,")
    return head if head else tool_text


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def interpretation_checks(text: str, tool_text: str, numbers: list[float], source_text: str, *,
                          agreement: bool = True) -> CheckReport:
    """The interpretation's checks: prose, every number in a tool result or the note, and (``agreement``)
    the tool's category named and no other class or severity. The tool's own text passes decisively."""
    text = " ".join((text or "").split())
    if tool_text and text.lower().rstrip(".") == tool_text.lower().rstrip("."):
        return report([Check("tool_interpretation", True, "the tool's own interpretation", decisive=True)])
    checks: list[Check] = []
    said = sentences(text)
    prose = filter_rationale(text, [], text, strict=False)  # every number counts as supported here
    if not said or len(_tokens(text)) < 3 or prose != " ".join(said):
        checks.append(Check("prose", False, "the interpretation is not one or two plain sentences "
                                            "(empty, fragments, JSON or prompt text)"))
    stray = unsupported_numbers(text, numbers, source_text)
    if stray:
        checks.append(Check("numbers_grounded", False,
                            f"the interpretation writes {', '.join(stray)}, found in no tool result or the note"))
    if agreement and tool_text:
        words = _tokens(text)
        category = category_of(tool_text)
        wanted = [w for w in _tokens(category) if w not in _STOP]
        have = set(words)
        share = sum(w in have for w in wanted) / len(wanted) if wanted else 1.0
        if share < (1.0 if len(wanted) <= 6 else 0.6):
            checks.append(Check("agrees_with_tool", False,
                                f"the interpretation does not name the tool's category '{category}'"))
        tool_words = set(_tokens(tool_text))
        other = sorted({w for i, w in enumerate(words) if w in SEVERITY and w not in tool_words
                        and not (i and words[i - 1] in _NEGATION)})
        tool_classes = {m.group(0) for m in _CLASS.finditer(tool_text.lower())}
        other += sorted({m.group(0) for m in _CLASS.finditer(text.lower())} - tool_classes)
        if other:
            checks.append(Check("no_other_category", False,
                                f"the interpretation says {', '.join(other)}; the tool's says '{tool_text[:120]}'"))
        if not checks:
            checks.append(Check("agrees_with_tool", True, f"names the tool's category '{category}'"))
    elif not checks:
        checks.append(Check("grounded", True, "plain sentences, every number from a tool result or the note"))
    return report(checks)


def stage_report(state: MedMirrorState, s: Settings) -> dict[str, Any] | None:
    """The interpretation's checks re-run on what the answer used (the reviewer's interpretation stage);
    None when nothing was interpreted."""
    record = state.interpretation or {}
    if not record.get("text"):
        return None
    numbers, source_text = grounded_numbers(state)
    return interpretation_checks(record["text"], record.get("tool_interpretation", ""), numbers, source_text,
                                 agreement=s.use_checks)


def _result_line(obs: dict[str, Any]) -> str:
    unit = f" {obs['unit']}" if obs.get("unit") else ""
    return f"{obs['name']} = {obs['value']}{unit}"


def _explanation(obs: dict[str, Any]) -> str:
    lines = [str(x) for x in obs.get("explanation") or []][:3]
    text = "; ".join(" ".join(x.split()) for x in lines)
    return (text[:300] + " ...") if len(text) > 300 else (text or "(none)")


def make_interpret(deps: Deps):
    """The interpretation step of the planner graph (``answer_steps = interpret_then_format``)."""

    @node("interpret")
    def interpret(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        step = answering_step(state) if s.use_tools else None
        obs = step.get("observation") if step is not None else None
        tool_text = tool_interpretation(obs)
        if step is None or not tool_text:
            why = ("no tool result answers the question" if step is None
                   else f"the result of {step['tool']} carries no interpretation to build on")
            return {"interpretation": None,
                    "trace": [{"node": "interpret", "event": "interpretation_skipped",
                               "detail": f"{why}: the answer is formatted from the result alone"}]}
        numbers, source_text = grounded_numbers(state)
        msgs = messages("interpret", question=state.question, note=note_text(state), result=_result_line(obs),
                        tool_interpretation=tool_text, explanation=_explanation(obs),
                        critique=(state.critique or {}).get("interpretation", "(none)"))

        def check(out: InterpretationOutput) -> None:
            rep = interpretation_checks(out.interpretation, tool_text, numbers, source_text, agreement=s.use_checks)
            if not rep["passed"]:
                raise ValueError(critique(rep))

        record: dict[str, Any] = {"tool": step["tool"], "tool_interpretation": tool_text,
                                  "category": category_of(tool_text)}
        try:
            out = call_structured(deps.models.for_role("answer", s), msgs, InterpretationOutput, role="answer",
                                  retries=s.structured_retries, json_schema=interpretation_schema(), check=check)
            text = " ".join(out.interpretation.split())
            record.update(text=text, by="model")
            event = {"node": "interpret", "event": "interpretation_accept", "detail": text[:300]}
        except StructuredOutputError as err:
            text = tool_text
            record.update(text=text, by="tool", proposed=err.raw[:300])
            event = {"node": "interpret", "event": "interpretation_fallback", "decided_by": "checks",
                     "detail": f"the answer agent's interpretation was unusable ({err.error[:160]}); "
                               f"the tool's own is used: {tool_text[:160]}"}
        record["checks"] = interpretation_checks(text, tool_text, numbers, source_text, agreement=s.use_checks)
        event["checks"] = summary(record["checks"])
        return {"interpretation": record, "trace": [event]}

    return interpret
