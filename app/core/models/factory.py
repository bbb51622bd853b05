"""One factory for every role's chat model, driven by :class:`medmirror.core.settings.Settings`."""

from __future__ import annotations

from typing import Any, Mapping

from langchain_core.language_models.chat_models import BaseChatModel

from medmirror.core.models.local import LocalChatModel, default_gguf_path
from medmirror.core.models.openai_compat import bounded_http_client, openai_chat_class, rate_limiter
from medmirror.core.models.scripted import ScriptedChatModel
from medmirror.core.settings import ROLES, Settings


class ModelConfigError(ValueError):
    """A provider was chosen without the settings it needs."""


_SCRIPTED: dict[tuple[str, str], BaseChatModel] = {}


def make_model(settings: Settings, role: str) -> BaseChatModel:
    """The chat model for ``role`` under ``settings``."""
    if role not in ROLES:
        raise ValueError(f"unknown role '{role}'; roles are {', '.join(ROLES)}")
    provider = settings.provider_for(role)
    if provider == "local":
        kwargs: dict[str, Any] = dict(
            model_path=settings.model_path or default_gguf_path(), n_ctx=settings.n_ctx,
            temperature=settings.temperature, max_tokens=settings.max_tokens, seed=settings.seed,
            repeat_penalty=settings.repeat_penalty,
        )
        if settings.n_threads:
            kwargs["n_threads"] = settings.n_threads
        return LocalChatModel(**kwargs)
    if provider == "openai":
        missing = [n for n in ("openai_base_url", "openai_model") if not getattr(settings, n)]
        if missing:
            raise ModelConfigError(
                "the 'openai' provider needs " + " and ".join(f"MEDMIRROR_{n.upper()}" for n in missing)
                + " (the URL of your OpenAI-compatible server, e.g. http://localhost:8000/v1, and its model name)"
            )
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "not-needed"
        # retries are tenacity's (openai_compat), not the client's: a rejected response format is not retried
        return openai_chat_class()(
            base_url=settings.openai_base_url, api_key=key, model=settings.openai_model,
            temperature=settings.temperature, max_tokens=settings.max_tokens, max_retries=0,
            timeout=settings.openai_timeout, structured_output=settings.openai_structured_output,
            http_client=bounded_http_client(settings.openai_timeout, settings.openai_max_reply_bytes),
            server_retries=settings.openai_max_retries, retry_backoff=settings.openai_retry_backoff,
            rate_limiter=rate_limiter(settings.openai_base_url, settings.openai_requests_per_minute),
        )
    if provider == "scripted":
        if not settings.script_path:
            raise ModelConfigError("the 'scripted' provider needs MEDMIRROR_SCRIPT_PATH (a JSON file {role: [responses]})")

        key = (settings.script_path, role)
        if key not in _SCRIPTED:
            _SCRIPTED[key] = ScriptedChatModel.from_file(settings.script_path, role)
        return _SCRIPTED[key]
    raise ModelConfigError(f"unknown provider '{provider}'")


def reset_scripted_cache() -> None:
    """Forget loaded scripts (so a script file is replayed from its start)."""
    _SCRIPTED.clear()


class ModelSet:
    """Models by role: explicit overrides first, otherwise built from the run's settings (cached)."""

    def __init__(self, overrides: BaseChatModel | Mapping[str, BaseChatModel] | None = None):
        if isinstance(overrides, BaseChatModel):
            overrides = {role: overrides for role in ROLES}
        self._overrides = dict(overrides or {})
        unknown = set(self._overrides) - set(ROLES)
        if unknown:
            raise ValueError(f"unknown role(s) {sorted(unknown)}; roles are {', '.join(ROLES)}")
        self._cache: dict[tuple, BaseChatModel] = {}

    def for_role(self, role: str, settings: Settings) -> BaseChatModel:
        if role in self._overrides:
            return self._overrides[role]
        provider = settings.provider_for(role)
        key = (role, provider, settings.model_path, settings.n_ctx, settings.temperature, settings.max_tokens,
               settings.openai_base_url, settings.openai_model, settings.script_path, settings.seed,
               settings.repeat_penalty, settings.openai_structured_output, settings.openai_timeout,
               settings.openai_max_retries, settings.openai_retry_backoff, settings.openai_requests_per_minute,
               settings.openai_max_reply_bytes)
        if key not in self._cache:
            self._cache[key] = make_model(settings, role)
        return self._cache[key]
