"""Dense embeddings from the settings (off by default: nothing ships offline that is worth it).

``embeddings_provider="openai"`` gives LangChain's ``OpenAIEmbeddings`` over the user's
OpenAI-compatible server (``MEDMIRROR_OPENAI_BASE_URL``, ``MEDMIRROR_EMBEDDINGS_MODEL``).
Any LangChain ``Embeddings`` can also be passed directly (``solve(..., embeddings=...)``
through the graph's ``Deps``). Tool retrieval, the experience store and long-document
search fuse it with BM25 by reciprocal rank.
"""

from __future__ import annotations

from typing import Any


class EmbeddingsNotConfigured(ValueError):
    """embeddings_provider asks for a server the settings do not name."""


def make_embeddings(settings: Any) -> Any | None:
    """The configured LangChain ``Embeddings``, or None when ``embeddings_provider`` is 'none'."""
    provider = getattr(settings, "embeddings_provider", "none")
    if provider == "none":
        return None
    if provider != "openai":
        raise EmbeddingsNotConfigured(f"unknown embeddings_provider {provider!r}; use 'none' or 'openai'")
    if not settings.openai_base_url or not settings.embeddings_model:
        raise EmbeddingsNotConfigured(
            "embeddings_provider 'openai' needs MEDMIRROR_OPENAI_BASE_URL and MEDMIRROR_EMBEDDINGS_MODEL")
    from langchain_openai import OpenAIEmbeddings

    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "not-needed"
    return OpenAIEmbeddings(base_url=settings.openai_base_url, model=settings.embeddings_model, api_key=key,
                            check_embedding_ctx_length=False, max_retries=1)


def embeddings_key(settings: Any) -> str:
    """A cache key for the configured embeddings (same server and model -> same vectors)."""
    if getattr(settings, "embeddings_provider", "none") == "none":
        return "none"
    return f"{settings.embeddings_provider}:{settings.openai_base_url}:{settings.embeddings_model}"
