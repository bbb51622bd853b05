"""RadA-BenchPlat's prompt back-propagation: after a failed case, rewrite the agent's learned instructions.

The optimiser is a model call (the ``reviewer`` role, which reflects on attempts elsewhere too) with
``prompts/prompt_backprop.md``: it sees the failed case's question, what went wrong (the gold and executed
tool-category chains, failed calls, missing outputs, the run's status) and the current learned
instructions, and writes the whole new text. The text is model output: it is cleaned (control
characters, runs of whitespace), bounded (:data:`MAX_INSTRUCTIONS_CHARS`; the schema refuses longer
replies, which are retried), and only ever shown to later agents (``solve(instructions=...)``): no
metric or number of a benchmark is read from it. The caller (``medmirror.bench.rada``) keeps every
version.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from pydantic import BaseModel, Field

from medmirror.core.models.structured import call_structured
from medmirror.core.settings import Settings
from medmirror.core.usage import metered
from medmirror.nodes.common import compact, messages

MAX_INSTRUCTIONS_CHARS = 800  # the learned instructions, in all
MAX_FAILURE_CHARS = 1500  # what went wrong, as the optimiser sees it

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class BackpropOutput(BaseModel):
    instructions: str = Field(min_length=1, max_length=MAX_INSTRUCTIONS_CHARS)


def clean(text: str, limit: int = MAX_INSTRUCTIONS_CHARS) -> str:
    """Model-written instructions as prompt text: no control characters, single spaces per line, bounded."""
    lines = [" ".join(_CONTROL.sub(" ", line).split()) for line in str(text).splitlines()]
    out = "\n".join(line for line in lines if line).strip()
    return out if len(out) <= limit else out[: limit - 4].rstrip() + " ..."


def failure_text(*, gold_chain: Sequence[str], executed_chain: Sequence[str], calls: Sequence[Mapping[str, Any]],
                 missing_outputs: Sequence[str], status: str, status_detail: str) -> str:
    """What went wrong in a case, for the optimiser: chains of tool categories, failed calls, missing outputs."""
    lines = [f"- expected tool-category chain: {' -> '.join(gold_chain) or '(none)'}",
             f"- the agent's successful calls, as categories: {' -> '.join(executed_chain) or '(none)'}"]
    failed = [c for c in calls if not c.get("ok")]
    for c in failed[:4]:
        lines.append(f"- failed call {c.get('tool')} ({c.get('protocol')}): {compact(str(c.get('error') or ''), 200)}")
    if len(failed) > 4:
        lines.append(f"- ... {len(failed) - 4} more failed call(s)")
    if missing_outputs:
        lines.append(f"- requested output(s) never written to memory: {', '.join(missing_outputs)}")
    lines.append(f"- run status: {status}" + (f" ({compact(status_detail, 200)})" if status_detail else ""))
    text = "\n".join(lines)
    return text if len(text) <= MAX_FAILURE_CHARS else text[: MAX_FAILURE_CHARS - 15] + " ...(truncated)"


def rewrite_instructions(model: BaseChatModel, s: Settings, *, question: str, failure: str,
                         current: str) -> tuple[str, dict[str, Any]]:
    """The optimiser's new learned instructions (cleaned and bounded) and the call's usage
    (``{"prompt_backprop": {...}}``); raises StructuredOutputError when the model's replies stay invalid."""
    msgs = messages("prompt_backprop", question=question, failure=failure, current=current or "(none yet)",
                    max_chars=MAX_INSTRUCTIONS_CHARS)
    with metered("prompt_backprop") as usage:
        out = call_structured(model, msgs, BackpropOutput, role="reviewer", retries=s.structured_retries)
    return clean(out.instructions), usage
