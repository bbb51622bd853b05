"""Shared pieces for chat models that take an OpenAI-style ``response_format``.

Both MedMirror's own models (local llama.cpp and scripted) accept
``response_format={"type": "json_schema", "json_schema": {"schema": ...}}`` as a call
keyword, exactly like ``ChatOpenAI``; :class:`JSONSchemaOutputMixin` builds
``with_structured_output`` on top of it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import Runnable, RunnableLambda
from pydantic import BaseModel


def schema_of(schema: type[BaseModel] | dict[str, Any]) -> dict[str, Any]:
    return schema if isinstance(schema, dict) else schema.model_json_schema()


def response_format(schema: type[BaseModel] | dict[str, Any], name: str = "output") -> dict[str, Any]:
    """OpenAI's json_schema response_format for a pydantic model or JSON schema."""
    if not isinstance(schema, dict):
        name = schema.__name__
    return {"type": "json_schema", "json_schema": {"name": re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64],
                                                   "schema": schema_of(schema), "strict": False}}


def extract_json(text: str) -> Any:
    """Parse JSON from a model reply; tolerates a fenced block or prose around one object."""
    text = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if fence:
        text = fence.group(1).strip()
    # strict=False: a grammar lets raw control characters (newlines) into strings; JSON forbids them.
    try:
        return json.loads(text, strict=False)
    except json.JSONDecodeError:
        start = text.find("{")
        end = text.rfind("}")
        if start != -1 and end > start:
            return json.loads(text[start : end + 1], strict=False)
        raise


class JSONSchemaOutputMixin:
    """``with_structured_output`` for models that honour ``response_format``."""

    def with_structured_output(  # type: ignore[override]
        self, schema: type[BaseModel] | dict[str, Any], *, include_raw: bool = False, **_: Any
    ) -> Runnable:
        fmt = response_format(schema)
        bound = self.bind(response_format=fmt)  # type: ignore[attr-defined]

        def parse(message: BaseMessage) -> Any:
            try:
                data = extract_json(str(message.content))
                parsed = data if isinstance(schema, dict) else schema.model_validate(data)
                error = None
            except Exception as exc:  # noqa: BLE001 - surfaced to the caller
                if not include_raw:
                    raise
                parsed, error = None, exc
            if include_raw:
                return {"raw": message, "parsed": parsed, "parsing_error": error}
            return parsed

        return bound | RunnableLambda(parse)


def message_dicts(messages: list[BaseMessage]) -> list[dict[str, str]]:
    """LangChain messages to chat-template dicts (system/user/assistant)."""
    out: list[dict[str, str]] = []
    for m in messages:
        role = {"system": "system", "human": "user", "ai": "assistant", "tool": "user"}.get(m.type, "user")
        content = m.content if isinstance(m.content, str) else json.dumps(m.content)
        if m.type == "tool":
            content = f"Observation: {content}"
        out.append({"role": role, "content": content})
    return out


def ai_message(text: str, input_tokens: int, output_tokens: int, **meta: Any) -> AIMessage:
    return AIMessage(
        content=text,
        usage_metadata={"input_tokens": input_tokens, "output_tokens": output_tokens,
                        "total_tokens": input_tokens + output_tokens},
        response_metadata=meta,
    )
