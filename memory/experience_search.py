"""Similar-case retrieval for the experience store: BM25 over task texts, optional dense fusion.

:class:`Bm25Index` is an in-memory bm25s index over (id, task text) pairs, rebuilt by
the store when its change counter moves. :func:`dense_ranking` ranks the same
documents by cosine similarity with any object that has LangChain ``Embeddings``'
``embed_documents`` / ``embed_query``; :func:`reciprocal_rank_fusion` combines rankings
(Cormack, Clarke & Buettcher, SIGIR 2009: score = sum over rankings of 1 / (k + rank),
k = 60, rank starting at 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

import bm25s
import numpy as np

from medmirror.tools.fusion import RRF_K, reciprocal_rank_fusion  # noqa: F401 - re-exported for the store


@runtime_checkable
class EmbeddingsLike(Protocol):
    """The part of LangChain's ``Embeddings`` interface the store uses."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...


def tokenize(texts: Sequence[str]) -> list[list[str]]:
    """bm25s tokenisation (lower case, English stop words removed), as token lists."""
    return bm25s.tokenize(list(texts), stopwords="en", return_ids=False, show_progress=False)


class Bm25Index:
    """A BM25 index over task texts, tagged with the store change counter it reflects."""

    def __init__(
        self,
        counter: int,
        ids: Sequence[str],
        texts: Sequence[str],
        kinds: Sequence[str | None] | None = None,
    ) -> None:
        self.counter = counter
        self.ids = list(ids)
        self.texts = list(texts)
        self.kinds = list(kinds) if kinds is not None else [None] * len(self.ids)
        self._retriever: bm25s.BM25 | None = None
        if self.ids:
            self._retriever = bm25s.BM25()
            self._retriever.index(tokenize(self.texts), show_progress=False)

    def __len__(self) -> int:
        return len(self.ids)

    def ranking(self, query: str, allowed: np.ndarray | None = None) -> list[tuple[str, float]]:
        """All documents with a positive BM25 score for ``query``, best first.

        ``allowed`` is a 0/1 mask over the indexed documents; masked-out ones are skipped.
        """
        if self._retriever is None:
            return []
        query_tokens = tokenize([query])
        if not query_tokens[0]:
            return []
        docs, scores = self._retriever.retrieve(
            query_tokens, k=len(self.ids), show_progress=False, weight_mask=allowed
        )
        out = []
        for doc, score in zip(docs[0], scores[0]):
            if score > 0 and (allowed is None or allowed[int(doc)]):
                out.append((self.ids[int(doc)], float(score)))
        return out


def dense_ranking(
    embeddings: EmbeddingsLike,
    query: str,
    ids: Sequence[str],
    vectors: Mapping[str, np.ndarray],
    allowed: np.ndarray | None = None,
) -> list[tuple[str, float]]:
    """Documents ranked by cosine similarity of their vectors to the query's, best first."""
    if not ids:
        return []
    q = np.asarray(embeddings.embed_query(query), dtype=float)
    qn = np.linalg.norm(q)
    out = []
    for i, doc_id in enumerate(ids):
        if allowed is not None and not allowed[i]:
            continue
        v = vectors[doc_id]
        denom = qn * np.linalg.norm(v)
        out.append((doc_id, float(q @ v / denom) if denom else 0.0))
    out.sort(key=lambda pair: -pair[1])
    return out

