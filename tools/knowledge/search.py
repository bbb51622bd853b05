"""Tool ``knowledge_search``: passages from the bundled corpus (and the user's corpus), BM25 fused with dense.

When the settings give embeddings (``embeddings_provider``, offline e5 by default) and the
corpus has at most ``knowledge_dense_max_passages`` passages, the BM25 ranking is fused by
reciprocal rank with a dense ranking from a Chroma collection under ``data_dir``; dense
retrieval reorders and completes what BM25 found, but a query none of whose words occur in
the corpus still finds nothing (a vector is always "near" something, which proves nothing).

Returns the top passages with their ids, titles, sources and scores, or says that no
passage matched; it never composes an answer itself. With ``settings.corpus_path``
set, the user's corpus is indexed persistently under ``settings.data_dir`` and searched
together with the bundled passages (see :mod:`medmirror.tools.knowledge.index`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medmirror.core.models.embeddings import embeddings_key, make_embeddings
from medmirror.tools.cards import ToolCard
from medmirror.tools.fusion import reciprocal_rank_fusion
from medmirror.tools.knowledge.corpus import CorpusError, check_corpus_path
from medmirror.tools.knowledge.index import Hit, PassageIndex, bundled_index, user_index
from medmirror.tools.registry import ToolContext
from medmirror.tools.tooling import ToolInputError, data_dir, setting

MAX_K = 20


class KnowledgeSearchArgs(BaseModel):
    """Arguments of ``knowledge_search``."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(..., description="What to look up, in words, e.g. 'CURB-65 interpretation' or 'apixaban dose reduction criteria'.")
    k: int = Field(5, ge=1, le=MAX_K, description="Number of passages to return (1-20).")


CARD = ToolCard(
    name="knowledge_search",
    category="knowledge",
    description=("Search medical reference passages (BM25) on clinical scores and calculators, common conditions "
                 "(atrial fibrillation, heart failure, pneumonia, sepsis, PE/DVT, cirrhosis, CKD/AKI, diabetes/DKA, "
                 "electrolytes, acid-base) and drugs (anticoagulants, opioids, steroids, antibiotics, insulin, "
                 "diuretics). Returns passages with ids and scores to cite; does not answer by itself."),
    aliases=["medical knowledge retrieval", "MedRAG", "literature search", "guideline lookup", "reference lookup",
             "textbook search", "what is", "definition", "interpretation of a score"],
    output="text: ranked passages {id, title, text, topic, source, score}",
    reference="BM25 (bm25s) over the MedMirror corpus written for the project, plus settings.corpus_path when set.",
    conventions=["Answers must cite passage ids; 'no passage found' means the corpus does not cover the query."],
)


def availability(settings: Any) -> str | None:
    return check_corpus_path(getattr(settings, "corpus_path", None)) if settings is not None else None


def _index_for(ctx: ToolContext | None) -> tuple[PassageIndex, str | None]:
    corpus_path = setting(ctx, "corpus_path")
    if not corpus_path:
        return bundled_index(), None
    reason = check_corpus_path(corpus_path)
    if reason:
        raise CorpusError(reason)
    folder = data_dir(ctx)
    if folder is None:
        raise CorpusError("corpus_path is set but settings.data_dir is not, so the corpus index has nowhere to live")
    return user_index(corpus_path, folder), str(corpus_path)


_EMBEDDINGS: dict[str, Any] = {}


def _embeddings_for(ctx: ToolContext | None) -> Any:
    settings = ctx.settings if ctx is not None else None
    if settings is None or getattr(settings, "embeddings_provider", "none") == "none":
        return None
    key = embeddings_key(settings)
    if key not in _EMBEDDINGS:
        _EMBEDDINGS[key] = make_embeddings(settings)
    return _EMBEDDINGS[key]


def _search(index: PassageIndex, query: str, k: int, ctx: ToolContext | None) -> tuple[list[Hit], str]:
    """BM25 hits, fused with dense hits by reciprocal rank when embeddings are configured."""
    pool = max(k, 20)
    hits = index.search(query, pool)
    embeddings = _embeddings_for(ctx)
    limit = setting(ctx, "knowledge_dense_max_passages")
    if not hits or embeddings is None or index.size > (5000 if limit is None else limit):
        return hits[:k], "bm25"
    dense = index.dense_search(query, pool, embeddings, data_dir(ctx))
    by_id = {h.passage.id: h.passage for h in hits + dense}
    fused = reciprocal_rank_fusion([[(h.passage.id, h.score) for h in hits], [(h.passage.id, h.score) for h in dense]])
    return [Hit(by_id[pid], score, r + 1) for r, (pid, score) in enumerate(fused[:k])], "bm25+dense"


def knowledge_search(args: KnowledgeSearchArgs, ctx: ToolContext | None = None) -> dict[str, Any]:
    query = " ".join(args.query.split())
    if not query:
        raise ToolInputError("knowledge_search needs a query: give the words to look up (it was empty)")
    index, corpus_path = _index_for(ctx)
    hits, method = _search(index, query, args.k, ctx)
    searched: dict[str, Any] = {"passages": index.size, "retrieval": method}
    if corpus_path:
        searched.update(corpus_path=corpus_path, user_passages=index.manifest.get("user_passages"),
                        bundled_passages=index.manifest.get("bundled_passages"))
    out: dict[str, Any] = {"query": query, "found": bool(hits), "searched": searched,
                           "passages": [{**h.passage.to_dict(), "score": round(h.score, 4), "rank": h.rank} for h in hits]}
    if not hits:
        out["message"] = (f"No passage found for '{query}': none of its words occur in the corpus. "
                          "Rephrase with other clinical terms; do not answer from this search.")
    return out
