"""Passage indexes: BM25 (the bundled corpus in memory, a user corpus persisted on disk) and dense vectors.

:meth:`PassageIndex.dense_search` ranks the same passages by embedding similarity from a
Chroma collection under ``<data_dir>/chroma`` named after the embeddings and the corpus
fingerprint (a changed corpus gets a new collection); the tool fuses it with BM25.

:class:`PassageIndex` ranks passages with ``bm25s`` over :func:`medmirror.tools.text_tokens.tokenize`.

A user corpus is indexed together with the bundled passages (one index, so scores are
comparable) and saved under ``<data_dir>/knowledge/<corpus key>/<fingerprint>/``:
the BM25 arrays (``bm25s`` format), ``passages.jsonl`` with ``offsets.npy`` (passages are
read from disk only for the hits) and ``manifest.json`` (written last; an index without
it is incomplete and ignored). The fingerprint hashes the corpus files' relative names,
modification times and sizes, the bundled corpus files and :data:`INDEX_VERSION`, so an
edited, added or removed file triggers a rebuild. Builds go to a temporary folder and
are renamed into place, so concurrent processes never read a half-written index; older
fingerprints of the same corpus are removed after a successful build.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import bm25s
import numpy as np

from medmirror.core.models.embeddings import embeddings_id
from medmirror.core.models.vectorstore import open_collection
from medmirror.tools.knowledge.corpus import Passage, bundled_files, corpus_files, load_bundled, load_user_corpus
from medmirror.tools.text_tokens import STOPWORDS, tokenize

INDEX_VERSION = "2"  # bump when splitting or tokenisation changes
_LOCK = threading.Lock()


def _light_stem(word: str) -> str:
    """Fallback suffix stripper (plural, -ion, -ing, -ed) when PyStemmer is not installed."""
    if not word.isalpha() or len(word) < 5:
        return word
    if word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ion", "ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


@lru_cache(maxsize=1)
def _stemmer():
    try:  # PyStemmer (Snowball, C), a dependency of llama-index-retrievers-bm25
        import Stemmer

        return Stemmer.Stemmer("english").stemWord
    except ImportError:  # pragma: no cover - depends on the environment
        return _light_stem


def _stem(word: str) -> str:
    if not word.isalpha() or len(word) < 4:
        return word
    return _stemmer()(word)


_BRITISH = re.compile(r"(?<=[a-z])ae|^ae|oe(?=[a-z])")


def _us_spelling(word: str) -> str:
    """haemoglobin -> hemoglobin, oedema -> edema, hyponatraemia -> hyponatremia (5+ letter words)."""
    if len(word) < 5 or not word.isalpha() or ("ae" not in word and "oe" not in word):
        return word
    return _BRITISH.sub("e", word)


def index_tokens(text: str, *, keep_digits: bool = False) -> list[str]:
    """Clinical tokens (:func:`medmirror.tools.text_tokens.tokenize`) plus US spellings and English stems.

    ``keep_digits`` keeps single-digit tokens (``type 2`` diabetes) that the shared tokenizer drops.
    """
    if keep_digits:
        tokens = [t for t in tokenize(text, keep_stopwords=True)
                  if t not in STOPWORDS and (len(t) > 1 or t.isdigit())]
    else:
        tokens = tokenize(text)
    out = list(tokens)
    for tok in tokens:
        us = _us_spelling(tok)
        if us != tok:
            out.append(us)
        stem = _stem(us)
        if stem not in (tok, us):
            out.append(stem)
    return out


@dataclass
class Hit:
    passage: Passage
    score: float
    rank: int


class PassageIndex:
    """BM25 over passages held in memory or read lazily from a JSONL file by offset."""

    def __init__(self, bm25: bm25s.BM25, size: int, *, passages: list[Passage] | None = None,
                 store: Path | None = None, offsets: np.ndarray | None = None, manifest: dict[str, Any] | None = None):
        self._bm25 = bm25
        self.size = size
        self._passages = passages
        self._store = store
        self._offsets = offsets
        self.manifest = manifest or {}

    @classmethod
    def build(cls, passages: list[Passage]) -> "PassageIndex":
        bm25 = _bm25_for(passages)
        return cls(bm25, len(passages), passages=list(passages))

    def passage(self, i: int) -> Passage:
        if self._passages is not None:
            return self._passages[i]
        assert self._store is not None and self._offsets is not None
        with self._store.open("rb") as fh:
            fh.seek(int(self._offsets[i]))
            row = json.loads(fh.readline().decode("utf-8"))
        return Passage(**row)

    def search(self, query: str, k: int = 5) -> list[Hit]:
        tokens = index_tokens(query)
        if not tokens or self.size == 0:
            return []
        scores = np.asarray(self._bm25.get_scores(tokens), dtype=float)
        k = min(k, self.size)
        top = np.argpartition(-scores, k - 1)[:k] if k < self.size else np.arange(self.size)
        order = sorted(top, key=lambda i: (-scores[i], i))
        return [Hit(self.passage(int(i)), float(scores[i]), r + 1)
                for r, i in enumerate(order) if scores[i] > 0]


    @property
    def key(self) -> str:
        """What identifies this index's passages: the corpus and its fingerprint, or the bundled files."""
        if self.manifest:
            return f"{self.manifest.get('corpus_path')}|{self.manifest.get('fingerprint')}"
        return "bundled|" + "|".join(f"{f.name}:{f.stat().st_size}:{f.stat().st_mtime_ns}" for f in bundled_files())

    def dense_search(self, query: str, k: int, embeddings: Any, data_dir: str | Path | None) -> list[Hit]:
        """Top-``k`` passages by cosine similarity of e5 (or any) embeddings, from a Chroma
        collection of this index's passages under ``data_dir`` (filled on first use)."""
        if self.size == 0 or not query.strip():
            return []
        collection = open_collection(data_dir, "knowledge", f"{embeddings_id(embeddings)}|{self.key}")
        if collection.count() < self.size:
            stored = set(collection.ids())
            missing = [i for i in range(self.size) if str(i) not in stored]
            embed = getattr(embeddings, "embed_passages", None) or embeddings.embed_documents
            for start in range(0, len(missing), 256):
                chunk = missing[start:start + 256]
                collection.upsert([str(i) for i in chunk], embed([self.passage(i).dense_text() for i in chunk]))
        found = collection.query(embeddings.embed_query(query), min(k, self.size))
        return [Hit(self.passage(int(i)), score, r + 1) for r, (i, score) in enumerate(found)]


def _bm25_for(passages: list[Passage]) -> bm25s.BM25:
    corpus = [index_tokens(p.search_text()) or ["_"] for p in passages]
    bm25 = bm25s.BM25()
    bm25.index(corpus, show_progress=False)
    return bm25


@lru_cache(maxsize=1)
def bundled_index() -> PassageIndex:
    return PassageIndex.build(load_bundled())


# ---------------------------------------------------------------------------
# Persistent user index
# ---------------------------------------------------------------------------


def fingerprint(corpus_path: str | Path) -> str:
    """Hash of the corpus files (relative name, mtime, size), the bundled files and the index version."""
    root = Path(corpus_path).expanduser()
    h = hashlib.sha256(f"v{INDEX_VERSION}".encode())
    for label, files, base in (("user", corpus_files(root), root if root.is_dir() else root.parent),
                               ("bundled", bundled_files(), None)):
        for f in files:
            st = f.stat()
            name = f.relative_to(base).as_posix() if base is not None else f.name
            h.update(f"{label}|{name}|{st.st_mtime_ns}|{st.st_size}\n".encode())
    return h.hexdigest()[:20]


def corpus_key(corpus_path: str | Path) -> str:
    resolved = str(Path(corpus_path).expanduser().resolve())
    return hashlib.sha256(resolved.encode()).hexdigest()[:12]


def index_root(data_dir: str | Path) -> Path:
    return Path(data_dir) / "knowledge"


def _load(folder: Path) -> PassageIndex:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    bm25 = bm25s.BM25.load(str(folder / "bm25"), load_corpus=False, mmap=False, show_progress=False)
    offsets = np.load(folder / "offsets.npy")
    return PassageIndex(bm25, int(manifest["passages"]), store=folder / "passages.jsonl", offsets=offsets,
                        manifest=manifest)


def _write(folder: Path, passages: list[Passage], manifest: dict[str, Any]) -> None:
    bm25 = _bm25_for(passages)
    bm25.save(str(folder / "bm25"), show_progress=False)
    offsets = np.zeros(len(passages), dtype=np.int64)
    with (folder / "passages.jsonl").open("wb") as fh:
        for i, p in enumerate(passages):
            offsets[i] = fh.tell()
            fh.write((json.dumps(p.to_dict(), ensure_ascii=False) + "\n").encode("utf-8"))
    np.save(folder / "offsets.npy", offsets)
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")  # last: marks complete


_LOADED: dict[str, PassageIndex] = {}


def user_index(corpus_path: str | Path, data_dir: str | Path) -> PassageIndex:
    """The persistent index of bundled + user passages, built or rebuilt when the corpus changed."""
    root = index_root(data_dir) / corpus_key(corpus_path)
    fp = fingerprint(corpus_path)
    folder = root / fp
    with _LOCK:
        cached = _LOADED.get(str(folder))
        if cached is not None:
            return cached
        if not (folder / "manifest.json").exists():
            passages, stats = load_user_corpus(corpus_path)
            bundled = load_bundled()
            manifest = {"corpus_path": str(Path(corpus_path).expanduser().resolve()), "fingerprint": fp,
                        "index_version": INDEX_VERSION, "passages": len(bundled) + len(passages),
                        "bundled_passages": len(bundled), "user_passages": len(passages), "stats": stats}
            root.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
            try:
                _write(tmp, bundled + passages, manifest)
                try:
                    os.rename(tmp, folder)
                except OSError:  # another process finished the same build first
                    if not (folder / "manifest.json").exists():
                        raise
            finally:
                if tmp.exists():
                    shutil.rmtree(tmp, ignore_errors=True)
            for old in root.iterdir():  # stale fingerprints of this corpus
                if old.is_dir() and old.name != fp and not old.name.startswith(".build-"):
                    shutil.rmtree(old, ignore_errors=True)
                    _LOADED.pop(str(old), None)
        index = _load(folder)
        _LOADED[str(folder)] = index
        return index
