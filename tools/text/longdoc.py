"""Long-document retrieval (RAG) over the files attached to a task, with LlamaIndex.

Files (``.txt``, ``.md``, ``.markdown``, ``.pdf`` through ``pypdf``) become LlamaIndex
``Document`` objects and are cut by ``SentenceSplitter`` into chunks (nodes) whose ids
are stable: ``<file name>#<index>`` (index counted per file from 0). Chunks are ranked
with BM25 (``llama-index-retrievers-bm25``) and, when ``settings.embeddings_provider``
is ``"openai"``, also by a FAISS vector index over the configured OpenAI-compatible
embeddings; the two rankings are fused by reciprocal rank (RRF, k = 60).

No network and no OpenAI default: every LlamaIndex component is passed explicitly
(word tokenizer, regex sentence splitter, BM25, the embedding model or none), and
``llama_index.core.Settings.llm`` / ``embed_model`` are set to ``None`` (mock) before
anything is built, so nothing falls back to OpenAI or downloads NLTK/tiktoken data.

Refusal: "no retrieved chunk supports an answer" when none of the query's terms
(stemmed, stop words removed) occurs in any chunk, or when the best BM25 score is
below ``min_score_ratio`` times the BM25 score one rare term (found in a single
chunk) earns in an average chunk, which keeps the threshold independent of the corpus size.

Indexes are cached in memory per document set (hash of the files' bytes and the
embedding configuration).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import math
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from medmirror.core import limits
from medmirror.core.models.embeddings import make_embeddings
from medmirror.tools.fusion import reciprocal_rank_fusion
from medmirror.tools.text_tokens import STOPWORDS

REFUSAL = "no retrieved chunk supports an answer"
SUFFIXES = {".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown", ".pdf": "pdf"}
CHUNK_SIZE = 160  # words
CHUNK_OVERLAP = 24  # words
MIN_SCORE_RATIO = 0.5
_CACHE_SIZE = 8
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+(?=\s|$)|\n+|$)")
_WORD = re.compile(r"\S+")


class DocumentError(ValueError):
    """A document could not be read (missing, unsupported type, no text)."""


def _offline_llama_index() -> None:
    """Make LlamaIndex's global defaults mock objects (never the OpenAI defaults)."""
    from llama_index.core import Settings

    if getattr(Settings, "_medmirror_offline", False):
        return
    with contextlib.redirect_stdout(io.StringIO()):  # both setters print a notice
        Settings.llm = None
        Settings.embed_model = None
    Settings._medmirror_offline = True  # type: ignore[attr-defined]


def split_sentences(text: str) -> list[str]:
    """Sentences (and line breaks) of ``text``, keeping their trailing whitespace so chunks rejoin exactly."""
    out = []
    pos = 0
    for m in _SENTENCE.finditer(text):
        if m.end() <= pos or not m.group(0).strip():
            continue
        end = m.end()
        while end < len(text) and text[end] in " \t":
            end += 1
        out.append(text[pos:end])
        pos = end
    if pos < len(text):
        out.append(text[pos:])
    return [s for s in out if s]


def word_tokens(text: str) -> list[str]:
    return _WORD.findall(text)


def check_document(path: str | Path) -> tuple[Path, str]:
    """``(path, kind)`` of a document that exists, has a supported type and is within ``MAX_DOCUMENT_BYTES``;
    checked from its name and ``stat`` alone, before a byte is read or hashed (else a :class:`DocumentError`)."""
    p = Path(path)
    if p.is_dir():
        raise DocumentError(f"document {p} is a directory, not a file")
    if not p.is_file():
        raise DocumentError(f"document not found: {p}")
    kind = SUFFIXES.get(p.suffix.lower())
    if kind is None:
        raise DocumentError(f"unsupported document type {p.suffix or '(none)'} for {p.name}; "
                            f"supported: {', '.join(sorted(SUFFIXES))}")
    size = p.stat().st_size
    if size > limits.MAX_DOCUMENT_BYTES:
        raise DocumentError(f"{p.name} is too large: {size:,} bytes, the limit is {limits.MAX_DOCUMENT_BYTES:,} "
                            "(MAX_DOCUMENT_BYTES in app/core/limits.py)")
    return p, kind


def read_document(path: str | Path) -> str:
    """The text of a document; any problem (missing, unsupported, too large, unreadable PDF) is a
    :class:`DocumentError`. Sizes are bounded by ``limits.MAX_DOCUMENT_BYTES`` and ``limits.MAX_DOCUMENT_CHARS``."""

    p, kind = check_document(path)
    if kind == "pdf":
        from pypdf import PdfReader

        try:
            reader = PdfReader(str(p))
            parts: list[str] = []
            total = 0
            for page in reader.pages:
                page_text = (page.extract_text() or "").strip()
                total += len(page_text) + 2
                if total > limits.MAX_DOCUMENT_CHARS:
                    raise DocumentError(f"{p.name} has more than {limits.MAX_DOCUMENT_CHARS:,} characters of text "
                                        "(MAX_DOCUMENT_CHARS in app/core/limits.py)")
                parts.append(page_text)
            text = "\n\n".join(parts)
        except DocumentError:
            raise
        except RecursionError:
            raise DocumentError(f"cannot read PDF {p.name}: its structure is nested too deeply") from None
        except Exception as err:  # noqa: BLE001 - pypdf raises many types on a malformed or hostile file
            # (PdfReadError, LimitReachedError and other PyPdfError, ValueError, KeyError, TypeError, ...)
            raise DocumentError(f"cannot read PDF {p.name}: {type(err).__name__}: {err}") from None
    else:
        with p.open(encoding="utf-8", errors="replace") as fh:
            text = fh.read(limits.MAX_DOCUMENT_CHARS + 1)
        if len(text) > limits.MAX_DOCUMENT_CHARS:
            raise DocumentError(f"{p.name} has more than {limits.MAX_DOCUMENT_CHARS:,} characters "
                                "(MAX_DOCUMENT_CHARS in app/core/limits.py)")
    if not text.strip():
        raise DocumentError(f"{p.name} has no extractable text" + (" (a scanned PDF?)" if kind == "pdf" else ""))
    return text


@dataclass
class LongDocIndex:
    """The chunks of one document set, their BM25 retriever, and optionally a FAISS retriever."""

    nodes: list[Any]
    bm25: Any
    df: dict[str, int]
    n_chunks: int
    vector: Any = None
    files: list[str] = field(default_factory=list)

    def rare_term_weight(self) -> float:
        """BM25 score of one occurrence of a term found in a single chunk, in a chunk of average length.

        bm25s 'lucene' scoring: idf * tf / (tf + k1 * (1 - b + b * dl / avgdl)) with
        idf = ln(1 + (N - df + 0.5) / (df + 0.5)); here tf = 1, df = 1, dl = avgdl.
        """
        n = self.n_chunks
        k1 = float(getattr(self.bm25.bm25, "k1", 1.5))
        return math.log(1 + (n - 1 + 0.5) / (1 + 0.5)) / (1 + k1)


def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


# Question words and English stop words that bm25s's "en" list does not drop from a query.
QUERY_STOPWORDS = frozenset(
    """what which who whom whose when where why how many much did does do done was were is are be been had has have
    having can could would should will shall may might must the a an of in on at to for from by with about into
    patient patients please tell me give show""".split()
) | STOPWORDS


def _terms(text: str, stemmer: Any) -> list[str]:
    """Stemmed content terms of ``text`` (as BM25 indexes them), question and stop words removed."""
    import bm25s

    words = [w for w in re.findall(r"(?u)\b\w\w+\b", text.lower()) if w not in QUERY_STOPWORDS]
    if not words:
        return []
    tokens = bm25s.tokenize(" ".join(words), stopwords="en", stemmer=stemmer, return_ids=False, show_progress=False)
    return list(tokens[0]) if tokens else []


def build_index(paths: Sequence[str | Path], *, embed_model: Any = None, chunk_size: int = CHUNK_SIZE,
                chunk_overlap: int = CHUNK_OVERLAP) -> LongDocIndex:
    """Read, chunk and index ``paths`` (BM25; FAISS as well when ``embed_model`` is given)."""
    _offline_llama_index()
    import bm25s
    from llama_index.core import Document
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.retrievers.bm25 import BM25Retriever

    if not paths:
        raise DocumentError("no documents given")
    docs = []
    names: dict[str, int] = {}
    for path in paths:
        p = Path(path)
        name = p.name
        names[name] = names.get(name, 0) + 1
        if names[name] > 1:  # same file name twice: keep chunk ids unique
            name = f"{p.stem}~{names[p.name]}{p.suffix}"
        keys = ["file_name", "path"]
        docs.append(Document(text=read_document(p), id_=name, metadata={"file_name": name, "path": str(p)},
                             excluded_embed_metadata_keys=keys, excluded_llm_metadata_keys=keys))
    splitter = SentenceSplitter(
        chunk_size=chunk_size, chunk_overlap=chunk_overlap, tokenizer=word_tokens,
        chunking_tokenizer_fn=split_sentences, secondary_chunking_regex=r"[^,;]+[,;]?",
        include_metadata=True, include_prev_next_rel=False,
        id_func=lambda i, doc: f"{doc.metadata['file_name']}#{i}",
    )
    nodes = splitter.get_nodes_from_documents(docs)
    hidden = ["file_name", "path", "chunk_index"]
    for n in nodes:  # the id is "<file>#<index within the file>"
        n.metadata["chunk_index"] = int(n.node_id.rsplit("#", 1)[1])
        n.excluded_embed_metadata_keys = list(hidden)
        n.excluded_llm_metadata_keys = list(hidden)
    stemmer = _stemmer()
    retriever = BM25Retriever.from_defaults(nodes=nodes, stemmer=stemmer, similarity_top_k=len(nodes))
    corpus = bm25s.tokenize([n.get_content() for n in nodes], stopwords="en", stemmer=stemmer,
                            return_ids=False, show_progress=False)
    df: dict[str, int] = {}
    for toks in corpus:
        for t in set(toks):
            df[t] = df.get(t, 0) + 1
    vector = None
    if embed_model is not None:
        vector = _faiss_retriever(nodes, embed_model)
    return LongDocIndex(nodes=nodes, bm25=retriever, df=df, n_chunks=len(nodes), vector=vector,
                        files=[d.metadata["file_name"] for d in docs])


def _faiss_retriever(nodes: list[Any], embed_model: Any) -> Any:
    import faiss
    from llama_index.core import StorageContext, VectorStoreIndex
    from llama_index.vector_stores.faiss import FaissVectorStore

    dim = len(embed_model.get_text_embedding("dimension probe"))
    store = FaissVectorStore(faiss_index=faiss.IndexFlatIP(dim))
    index = VectorStoreIndex([n.model_copy() for n in nodes], storage_context=StorageContext.from_defaults(vector_store=store),
                             embed_model=embed_model, show_progress=False)
    return index.as_retriever(similarity_top_k=len(nodes), embed_model=embed_model)


def openai_embed_model(settings: Any) -> Any:
    """A LlamaIndex embedding over the configured LangChain embeddings (an OpenAI-compatible endpoint)."""
    from llama_index.core.embeddings import BaseEmbedding
    from pydantic import PrivateAttr


    client = make_embeddings(settings)

    class _LCEmbedding(BaseEmbedding):
        _client: Any = PrivateAttr()

        def __init__(self, inner: Any):
            super().__init__(model_name=str(settings.embeddings_model))
            self._client = inner

        def _get_query_embedding(self, query: str) -> list[float]:
            return self._client.embed_query(query)

        def _get_text_embedding(self, text: str) -> list[float]:
            return self._client.embed_documents([text])[0]

        def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
            return self._client.embed_documents(texts)

        async def _aget_query_embedding(self, query: str) -> list[float]:
            return self._get_query_embedding(query)

    return _LCEmbedding(client)


_INDEXES: "OrderedDict[str, LongDocIndex]" = OrderedDict()


def _set_key(paths: Sequence[str | Path], embed_key: str) -> str:
    """The cache key of a document set: each file's name and a hash of its bytes, read in blocks once the
    file has passed :func:`check_document` (type and size)."""
    h = hashlib.sha256(embed_key.encode())
    for p in paths:
        path, _ = check_document(p)
        h.update(path.name.encode() + b"\0")
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        h.update(digest.digest())
    return h.hexdigest()


def get_index(paths: Sequence[str | Path], *, embed_model: Any = None, embed_key: str = "none") -> LongDocIndex:
    """The (cached) index of a document set."""
    key = _set_key(paths, embed_key if embed_model is not None else "none")
    if key in _INDEXES:
        _INDEXES.move_to_end(key)
        return _INDEXES[key]
    index = build_index(paths, embed_model=embed_model)
    _INDEXES[key] = index
    while len(_INDEXES) > _CACHE_SIZE:
        _INDEXES.popitem(last=False)
    return index


def clear_cache() -> None:
    _INDEXES.clear()


def _chunk_out(node: Any, score: float, **extra: Any) -> dict[str, Any]:
    return {"chunk_id": node.node_id, "file": node.metadata.get("file_name"), "index": node.metadata.get("chunk_index"),
            "score": round(float(score), 4), **extra, "text": node.get_content()}


def search(index: LongDocIndex, query: str, k: int = 4, *, min_score_ratio: float = MIN_SCORE_RATIO) -> dict[str, Any]:
    """Top-``k`` chunks for ``query``, or a refusal (see the module docstring)."""
    from llama_index.core.schema import QueryBundle

    stemmer = index.bm25.stemmer
    terms = list(dict.fromkeys(_terms(query, stemmer)))
    found = [t for t in terms if index.df.get(t)]
    missing = [t for t in terms if not index.df.get(t)]
    base = {"query": query, "terms_found": found, "terms_missing": missing, "n_chunks": index.n_chunks,
            "note": (f"query terms found in no document: {', '.join(missing)}" if missing else ""),
            "retrieval": "bm25+faiss" if index.vector is not None else "bm25"}
    if not found:
        return {**base, "status": "refused", "answer": REFUSAL, "chunks": [],
                "reason": "none of the query's terms occurs in the documents"}
    hits = [h for h in index.bm25.retrieve(QueryBundle(query)) if h.score > 0]
    best = hits[0].score if hits else 0.0
    threshold = min_score_ratio * index.rare_term_weight()
    base["best_bm25"] = round(float(best), 4)
    base["threshold"] = round(threshold, 4)
    if best < threshold:
        return {**base, "status": "refused", "answer": REFUSAL, "chunks": [],
                "reason": f"best BM25 score {best:.3f} is below the threshold {threshold:.3f}"}
    bm25_rank = {h.node.node_id: (r, h) for r, h in enumerate(hits)}
    if index.vector is None:
        chunks = [_chunk_out(h.node, h.score, bm25_score=round(float(h.score), 4)) for h in hits[:k]]
        return {**base, "status": "found", "chunks": chunks}
    vec_hits = index.vector.retrieve(QueryBundle(query))
    vec_rank = {h.node.node_id: (r, h) for r, h in enumerate(vec_hits)}
    by_id = {h.node.node_id: h.node for h in hits}
    by_id.update({h.node.node_id: h.node for h in vec_hits if h.node.node_id not in by_id})
    fused = reciprocal_rank_fusion([[(h.node.node_id, h.score) for h in hits],
                                    [(h.node.node_id, h.score) for h in vec_hits]])
    fused.sort(key=lambda pair: (-pair[1], pair[0]))  # ties by chunk id
    chunks = []
    for node_id, score in fused[:k]:
        node = by_id[node_id]
        b = bm25_rank.get(node_id)
        v = vec_rank.get(node_id)
        chunks.append(_chunk_out(node, score, bm25_score=round(float(b[1].score), 4) if b else 0.0,
                                 vector_score=round(float(v[1].score), 4) if v else None))
    return {**base, "status": "found", "chunks": chunks}


def _as_paths(documents: Any) -> list[str]:
    if not documents:
        raise DocumentError("no documents attached to the task (resource 'documents')")
    items = [documents] if isinstance(documents, (str, Path, dict)) else list(documents)
    if len(items) > limits.MAX_DOCUMENTS:
        raise DocumentError(f"{len(items):,} documents attached, the limit is {limits.MAX_DOCUMENTS:,} "
                            "(MAX_DOCUMENTS in app/core/limits.py)")
    out = []
    for item in items:
        if isinstance(item, dict):
            item = item.get("path") or item.get("file")
        if not item:
            raise DocumentError(f"bad document entry {item!r}")
        out.append(str(item))
    return out


def longdoc_search(query: str, documents: Any, k: int = 4, *, settings: Any = None, embed_model: Any = None,
                   min_score_ratio: float = MIN_SCORE_RATIO) -> dict[str, Any]:
    """Search ``documents`` (paths) for ``query``; FAISS fusion when embeddings are configured or given."""
    if not query or not query.strip():
        raise ValueError("query is empty")
    paths = _as_paths(documents)
    embed_key = "none"
    if embed_model is None and settings is not None and getattr(settings, "embeddings_provider", "none") == "openai":
        embed_model = openai_embed_model(settings)
        embed_key = f"openai:{settings.openai_base_url}:{settings.embeddings_model}"
    elif embed_model is not None:
        embed_key = f"custom:{id(embed_model)}"
    index = get_index(paths, embed_model=embed_model, embed_key=embed_key)
    return search(index, query, k, min_score_ratio=min_score_ratio)
