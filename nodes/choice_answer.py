"""A multiple-choice answer from the tool: the option letter is the option matcher's, never the model's.

When the task has options and a calculator result answers it, :func:`tool_choice` runs the option
matcher (:func:`medmirror.tools.calculators.option_match.match_options`) on that result:

* the matcher supports one option: that letter is the value, whatever letter the model wrote, and the
  answer text is composed as for a numeric answer (calculator, value, interpretation, inputs, reference)
  ending in ``Answer: C (<option text>)``; the model's prose is not used, so no check message can leak in;
* the matcher supports none (no option states what the result states, or two equally): no letter, and the
  answer refuses with the matcher's reason: a letter the result does not support is never ``answered``;
* a tool was planned or called and no result answers (the calculator refused its inputs): no letter either,
  the refusal names the failure. A task that used no calculator (a knowledge search, a document) keeps the
  model's checked letter.

No model call; the answer node applies the choice (a few lines there) and its checks replace the
numeric ``value_is_result`` check, which cannot compare a letter with a number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from medmirror.memory.state import MedMirrorState
from medmirror.nodes.checks import Check, report
from medmirror.nodes.common import INNER_ACTIONS
from medmirror.nodes.compose import compose_answer
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.option_match import match_options


@dataclass
class ToolChoice:
    """The letter the tool's result supports (None: none) with the matcher's reason, the text and checks."""

    letter: str | None
    reason: str
    text: str
    checks: dict[str, Any]
    event: dict[str, Any]


def tool_choice(state: MedMirrorState, step: dict[str, Any] | None, fmt: str, model_letter: str | None) -> ToolChoice | None:
    """The option the answering step's result supports (None: not a multiple-choice answer from a result)."""
    options = state.options or {}
    obs = (step or {}).get("observation")
    if fmt != "option" or not options:
        return None
    if not (isinstance(obs, dict) and "value" in obs and "interpretation" in obs):
        # only a calculator's result can choose the option; a knowledge search, a document or an EHR query leaves
        # the letter to the model, checked as any answer is
        tried = [st for st in state.steps or [] if st.get("tool") not in INNER_ACTIONS and st.get("tool") in CALCULATORS]
        planned = [p for p in state.plan or [] if p.get("tool") in CALCULATORS]
        if not (tried or planned):
            return None  # no calculator was meant to answer
        failed = next((f"{st.get('tool')} failed: {st.get('error')}" for st in reversed(tried)
                       if not st.get("ok") and st.get("error")), "")
        reason = ("no calculator result to choose an option from" + (f" ({failed[:300]})" if failed else "")
                  + (f"; the answer agent's {model_letter!r} is not supported by a tool" if model_letter else ""))
        return ToolChoice(None, reason, "", report([Check("option_from_tool", True, reason, decisive=True)]),
                          {"node": "answer", "event": "option_refused", "detail": reason[:300]})
    m = match_options(options, obs.get("value"), obs.get("unit"), obs.get("interpretation"), state.question)
    tool = step.get("tool") if step else None
    if m.letter is None:
        reason = f"the result of {tool} ({m.evidence}) supports no option: {m.reason}"
        return ToolChoice(None, reason, "", report([Check("option_from_tool", True, reason, decisive=True)]),
                          {"node": "answer", "event": "option_refused", "detail": reason[:300]})
    text = f"{compose_answer(step)} Answer: {m.letter} ({options[m.letter]})."
    detail = f"option {m.letter} from {tool}'s result: {m.reason}"
    if model_letter and model_letter != m.letter:
        detail += f"; the answer agent's {model_letter!r} is not what the result supports"
    return ToolChoice(m.letter, m.reason, text,
                      report([Check("option_from_tool", True, detail, decisive=True)]),
                      {"node": "answer", "event": "option_from_tool", "detail": detail[:300]})
