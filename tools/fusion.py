"""Reciprocal rank fusion (Cormack, Clarke & Buettcher, SIGIR 2009), shared by every retriever that
fuses BM25 with dense embeddings: the tool registry, long-document search and the experience store.

score(id) = sum over rankings of w / (k + rank), rank starting at 1, k = 60, w the ranking's weight (1 by default).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

RRF_K = 60


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[tuple[Hashable, float]]], k: int = RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[Hashable, float]]:
    """Fuse rankings (lists of (id, score), best first) by reciprocal rank, each weighted by ``weights``
    (default 1 each); best first (ties keep the order in which the ids were first seen)."""
    if weights is not None and len(weights) != len(rankings):
        raise ValueError(f"{len(weights)} weights for {len(rankings)} rankings")
    fused: dict[Hashable, float] = {}
    for ranking, weight in zip(rankings, weights if weights is not None else [1.0] * len(rankings)):
        for rank, (doc_id, _score) in enumerate(ranking, start=1):
            fused[doc_id] = fused.get(doc_id, 0.0) + weight / (k + rank)
    return sorted(fused.items(), key=lambda pair: -pair[1])
