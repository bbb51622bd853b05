"""Persistent vector collections (Chroma) under the data dir, with an in-memory numpy fallback.

:func:`open_collection` returns a :class:`VectorCollection` named after its use and the
embeddings that made its vectors (other embeddings -> another collection), stored in
``<data_dir>/chroma`` by ``chromadb.PersistentClient``. MedMirror always passes its own
vectors (``embedding_function=None``), so Chroma never loads or downloads an embedding model,
and its telemetry is off (``anonymized_telemetry=False`` and ``ANONYMIZED_TELEMETRY=False``):
nothing leaves the machine. Without a data dir, or when ``chromadb`` is not installed or its
files cannot be opened, the same interface is served from memory by numpy (exact cosine).

:func:`embed_cached` embeds documents through a collection keyed by a hash of each text, so a
text is embedded once per data dir (the embeddings wrapper in :mod:`medmirror.core.models.embeddings`
uses it for every ``embed_documents`` call: tool cards, corpus passages, experience cases).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

CHROMA_DIRNAME = "chroma"
_BATCH = 1000
_CLIENTS: dict[str, Any] = {}
_LOCK = threading.RLock()


def chroma_dir(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir).expanduser() / CHROMA_DIRNAME


def text_id(text: str) -> str:
    """A stable id for a text (its SHA-256, 32 hex digits)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def collection_name(use: str, key: str) -> str:
    """A Chroma-valid collection name: the use (sanitised) and a hash of ``key`` (e.g. the embeddings)."""
    stem = re.sub(r"[^a-zA-Z0-9._-]+", "-", use).strip("-._")[:60] or "vectors"
    return f"{stem}-{hashlib.sha256(key.encode()).hexdigest()[:10]}"


def chroma_available() -> bool:
    try:
        _chromadb()
    except ImportError:
        return False
    return True


def _chromadb() -> Any:
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    import chromadb  # heavy (about 0.6 s): imported on first use

    return chromadb


def chroma_client(path: str | os.PathLike[str]) -> Any:
    """One persistent Chroma client per folder and process, telemetry off."""
    chromadb = _chromadb()
    from chromadb.config import Settings as ChromaSettings

    folder = str(Path(path).expanduser().resolve())
    with _LOCK:
        client = _CLIENTS.get(folder)
        if client is None:
            Path(folder).mkdir(parents=True, exist_ok=True)
            client = chromadb.PersistentClient(path=folder, settings=ChromaSettings(anonymized_telemetry=False))
            _CLIENTS[folder] = client
        return client


def forget_clients() -> None:
    """Drop the cached clients (a reopen then reads the files again; used by tests)."""
    with _LOCK:
        _CLIENTS.clear()
        try:
            from chromadb.api.client import SharedSystemClient

            SharedSystemClient.clear_system_cache()
        except ImportError:  # pragma: no cover - chromadb not installed
            pass


class VectorCollection:
    """Vectors by id with optional metadata; cosine search. Chroma-backed or in memory."""

    def __init__(self, name: str, chroma: Any = None) -> None:
        self.name = name
        self._chroma = chroma
        self._memory: dict[str, tuple[np.ndarray, dict[str, Any]]] = {}
        self._lock = threading.RLock()

    @property
    def persistent(self) -> bool:
        return self._chroma is not None

    def _fallback(self, exc: Exception) -> None:
        """Chroma failed (e.g. files locked by another process): keep serving from memory."""
        log.warning("vector collection %s: Chroma failed (%s); using memory for this process", self.name, exc)
        self._chroma = None

    def count(self) -> int:
        if self._chroma is not None:
            try:
                return int(self._chroma.count())
            except Exception as exc:  # noqa: BLE001 - any Chroma error degrades to memory
                self._fallback(exc)
        return len(self._memory)

    def ids(self) -> list[str]:
        if self._chroma is not None:
            try:
                return list(self._chroma.get(include=[])["ids"])
            except Exception as exc:  # noqa: BLE001
                self._fallback(exc)
        return list(self._memory)

    def get(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors of those ``ids`` that are present."""
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        if self._chroma is not None:
            try:
                out: dict[str, np.ndarray] = {}
                for start in range(0, len(ids), _BATCH):
                    got = self._chroma.get(ids=ids[start:start + _BATCH], include=["embeddings"])
                    for i, vec in zip(got["ids"], got["embeddings"]):
                        out[i] = np.asarray(vec, dtype="float32")
                return out
            except Exception as exc:  # noqa: BLE001
                self._fallback(exc)
        return {i: self._memory[i][0] for i in ids if i in self._memory}

    def upsert(self, ids: Sequence[str], vectors: Any, metadatas: Sequence[Mapping[str, Any]] | None = None) -> None:
        ids = list(ids)
        arr = np.asarray(vectors, dtype="float32").reshape(len(ids), -1) if ids else None
        if arr is None:
            return
        metas = [dict(m) for m in metadatas] if metadatas is not None else [{} for _ in ids]
        with self._lock:
            for i, vec, meta in zip(ids, arr, metas):
                self._memory[i] = (vec, meta)
            if self._chroma is not None:
                try:
                    for start in range(0, len(ids), _BATCH):
                        chunk = slice(start, start + _BATCH)
                        self._chroma.upsert(ids=ids[chunk], embeddings=arr[chunk],
                                            metadatas=[m or None for m in metas[chunk]]
                                            if any(metas[chunk]) else None)
                except Exception as exc:  # noqa: BLE001
                    self._fallback(exc)

    def delete(self, ids: Sequence[str]) -> None:
        ids = list(ids)
        if not ids:
            return
        with self._lock:
            for i in ids:
                self._memory.pop(i, None)
            if self._chroma is not None:
                try:
                    self._chroma.delete(ids=ids)
                except Exception as exc:  # noqa: BLE001
                    self._fallback(exc)

    def query(self, vector: Any, n: int, *, ids: Sequence[str] | None = None,
              where: Mapping[str, Any] | None = None) -> list[tuple[str, float]]:
        """Up to ``n`` (id, cosine similarity) pairs, best first, among ``ids`` / matching ``where``."""
        if n < 1 or (ids is not None and not ids):
            return []
        q = np.asarray(vector, dtype="float32").reshape(-1)
        if self._chroma is not None:
            try:
                total = self._chroma.count()
                if not total:
                    return []
                res = self._chroma.query(query_embeddings=[q], n_results=min(n, total),
                                         ids=list(ids) if ids is not None else None,
                                         where=dict(where) if where else None, include=["distances"])
                return [(i, 1.0 - float(d)) for i, d in zip(res["ids"][0], res["distances"][0])]
            except Exception as exc:  # noqa: BLE001
                self._fallback(exc)
        wanted = set(ids) if ids is not None else None
        rows = [(i, v) for i, (v, meta) in self._memory.items()
                if (wanted is None or i in wanted) and all(meta.get(k) == val for k, val in (where or {}).items())]
        if not rows:
            return []
        mat = np.stack([v for _, v in rows])
        sims = mat @ q / np.maximum(np.linalg.norm(mat, axis=1) * (np.linalg.norm(q) or 1.0), 1e-12)
        order = np.argsort(-sims, kind="stable")[:n]
        return [(rows[int(j)][0], float(sims[int(j)])) for j in order]


def open_collection(data_dir: str | os.PathLike[str] | None, use: str, key: str) -> VectorCollection:
    """The collection for ``use`` (e.g. 'embedding-cache', 'experience-<store>') and embeddings ``key``.

    Persistent in ``<data_dir>/chroma`` (cosine HNSW space); in memory without a data dir,
    without chromadb, or when Chroma cannot open its files (logged).
    """
    name = collection_name(use, key)
    if data_dir is None:
        return VectorCollection(name)
    try:
        client = chroma_client(chroma_dir(data_dir))
        col = client.get_or_create_collection(name, embedding_function=None, metadata={"medmirror_use": use},
                                              configuration={"hnsw": {"space": "cosine"}})
    except ImportError:
        return VectorCollection(name)
    except Exception as exc:  # noqa: BLE001 - a broken or locked store must not stop a run
        log.warning("cannot open Chroma collection %s under %s (%s); using memory", name, data_dir, exc)
        return VectorCollection(name)
    return VectorCollection(name, col)


def embed_cached(collection: VectorCollection, embed_documents: Any, texts: Sequence[str],
                 seed: Mapping[str, np.ndarray] | None = None) -> np.ndarray:
    """Vectors of ``texts`` (rows in order): stored ones from ``collection`` (by text hash), then
    ``seed`` (precomputed vectors by text hash), the rest from ``embed_documents`` (then stored)."""
    texts = list(texts)
    if not texts:
        return np.zeros((0, 0), dtype="float32")
    keys = [text_id(t) for t in texts]
    found = collection.get(keys)
    new: dict[str, np.ndarray] = {}
    if seed:
        new.update({k: np.asarray(seed[k], dtype="float32") for k in set(keys) - found.keys() if k in seed})
    missing = list(dict.fromkeys(k for k in keys if k not in found and k not in new))
    if missing:
        first = {k: t for k, t in zip(keys, texts)}
        vectors = embed_documents([first[k] for k in missing])
        if len(vectors) != len(missing):
            raise ValueError(f"embeddings returned {len(vectors)} vectors for {len(missing)} texts")
        new.update({k: np.asarray(v, dtype="float32") for k, v in zip(missing, vectors)})
    if new:
        collection.upsert(list(new), np.stack(list(new.values())))
        found.update(new)
    return np.stack([found[k] for k in keys])
