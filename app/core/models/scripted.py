"""A deterministic scripted chat model for tests and offline control-flow demos.

It returns its responses in order. A response may be a string, a dict/list (sent
as JSON text), a callable ``(messages) -> str | dict`` for replies that depend on
the prompt, or an exception instance (raised, to simulate a crash). Every call's
messages are recorded in ``calls`` so tests can assert what an agent was shown.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict, Field, PrivateAttr

from medmirror.core.models.json_mode import JSONSchemaOutputMixin, ai_message

Response = str | dict | list | Callable[[list[BaseMessage]], Any] | BaseException


class ScriptExhausted(RuntimeError):
    """The scripted model was called more often than its script has responses."""


class ScriptedChatModel(JSONSchemaOutputMixin, BaseChatModel):
    """Replays a fixed list of responses."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    responses: list[Any] = Field(default_factory=list)
    name_: str = "scripted"
    _index: int = PrivateAttr(default=0)
    _calls: list[dict[str, Any]] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "medmirror-scripted"

    @property
    def calls(self) -> list[dict[str, Any]]:
        return self._calls

    @property
    def remaining(self) -> int:
        return len(self.responses) - self._index

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self._calls.append({"messages": list(messages), "kwargs": kwargs})
        if self._index >= len(self.responses):
            raise ScriptExhausted(
                f"scripted model '{self.name_}' has no response left for call {self._index + 1} "
                f"(script has {len(self.responses)})"
            )
        item = self.responses[self._index]
        self._index += 1
        if isinstance(item, BaseException):
            raise item
        if callable(item):
            item = item(messages)
        text = item if isinstance(item, str) else json.dumps(item)
        prompt_words = sum(len(str(m.content).split()) for m in messages)
        # Token counts of a scripted model are word counts (it has no tokenizer).
        message = ai_message(text, prompt_words, len(text.split()), model=self.name_)
        return ChatResult(generations=[ChatGeneration(message=message)])

    @classmethod
    def from_file(cls, path: str | Path, role: str) -> "ScriptedChatModel":
        """Load the responses of ``role`` from a JSON script ``{role: [response, ...]}``."""
        p = Path(path)
        if not p.is_file():
            raise FileNotFoundError(f"script file not found: {p}")
        data = json.loads(p.read_text())
        if not isinstance(data, dict):
            raise ValueError(f"script {p} must be a JSON object mapping roles to response lists")
        return cls(responses=list(data.get(role, [])), name_=f"scripted:{role}")
