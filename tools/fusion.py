"""Reciprocal rank fusion (Cormack, Clarke & Buettcher, SIGIR 2009), shared by every retriever that
fuses BM25 with dense embeddings: the tool registry, long-document search and the experience store.

score(id) = sum over rankings of 1 / (k + rank), rank starting at 1, k = 60.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

RRF_K = 60


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[tuple[Hashable, float]]], k: int = RRF_K
) -> list[tuple[Hashable, float]]:
    """Fuse rankings (lists of (id, score), best first) by reciprocal rank; best first
    (ties keep the order in which the ids were first seen)."""
    fused: dict[Hashable, float] = {}
    for ranking in rankings:
        for rank, (doc_id, _score) in enumerate(ranking, start=1):
            fused[doc_id] = fused.get(doc_id, 0.0) + 1.0 / (k + rank)
    return sorted(fused.items(), key=lambda pair: -pair[1])
