"""Structured calls with validation and bounded retries.

Every agent output in MedMirror is a pydantic model. The model is asked for JSON
matching the schema (llama.cpp enforces the shape with a grammar; OpenAI-compatible
servers with ``json_schema``); the reply is then parsed and validated, including
ranges the grammar does not enforce (a 1-10 score that came back as 10^15).
Invalid output is fed back and retried ``retries`` times, then raised as
:class:`StructuredOutputError` — never replaced by a default.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable, TypeVar

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from pydantic import BaseModel, ValidationError

from medmirror.core.models.json_mode import extract_json, response_format
from medmirror.core.usage import current_meter
from medmirror.prompts import part

T = TypeVar("T", bound=BaseModel)


class StructuredOutputError(RuntimeError):
    """A role's model kept producing output that does not parse or validate."""

    def __init__(self, role: str, attempts: int, error: str, raw: str):
        self.role, self.attempts, self.error, self.raw = role, attempts, error, raw
        super().__init__(
            f"{role}: model output was invalid after {attempts} attempt(s): {error}. Last output: {raw[:300]!r}"
        )


def call_model(model: BaseChatModel, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
    """Invoke ``model`` and record calls, tokens and time in the running node's meter."""
    start = time.perf_counter()
    msg = model.invoke(messages, **kwargs)
    meter = current_meter()
    if meter is not None:
        meter.add_message(getattr(msg, "usage_metadata", None), time.perf_counter() - start)
    return msg  # type: ignore[return-value]


def _describe(err: Exception) -> str:
    if isinstance(err, ValidationError):
        parts = []
        for e in err.errors()[:5]:
            loc = ".".join(str(p) for p in e.get("loc", ())) or "output"
            parts.append(f"{loc}: {e['msg']}")
        return "; ".join(parts)
    return str(err)


def call_structured(
    model: BaseChatModel,
    messages: list[BaseMessage],
    schema: type[T],
    *,
    role: str,
    retries: int = 2,
    json_schema: dict[str, Any] | None = None,
    check: Callable[[T], None] | None = None,
    **kwargs: Any,
) -> T:
    """Ask ``model`` for an instance of ``schema``; validate; retry on invalid output.

    ``json_schema`` overrides the grammar sent to the model (e.g. with the enum of
    candidate tool names); ``check`` adds semantic validation (raise ValueError).
    """
    fmt = response_format(json_schema or schema, name=schema.__name__)
    history = list(messages)
    last_raw, last_err = "", ""
    for attempt in range(retries + 1):
        msg = call_model(model, history, response_format=fmt, **kwargs)
        last_raw = str(msg.content)
        try:
            data = extract_json(last_raw)
            obj = schema.model_validate(data)
            if check is not None:
                check(obj)
            return obj
        except (json.JSONDecodeError, ValidationError, ValueError, TypeError) as err:
            last_err = _describe(err)
            meter = current_meter()
            if meter is not None and attempt < retries:
                meter.retries += 1
            history = history + [
                AIMessage(content=last_raw),
                HumanMessage(content=part("structured", "retry").format(error=last_err)),
            ]
    raise StructuredOutputError(role, retries + 1, last_err, last_raw)
