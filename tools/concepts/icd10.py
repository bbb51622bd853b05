"""ICD-10-CM from the ``simple-icd-10-cm`` package (its data ships with it; no network).

``lookup(code)`` returns the description, kind (chapter, block, category, subcategory),
whether the code is a leaf (billable in the package's data), parent, children,
ancestors, inclusion terms and Excludes1 notes. ``search(words, k)`` ranks codes by
BM25 over their descriptions and inclusion terms; the index is built on first use
(a few seconds) and kept for the process.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import bm25s
import numpy as np

from medmirror.tools.knowledge.index import index_tokens

VOCABULARY = "ICD-10-CM"
MAX_CHILDREN = 30
_CODE_LIKE = re.compile(r"^[A-Za-z]\d[0-9A-Za-z](?:\.?[0-9A-Za-z]{1,4})?$")
_BLOCK_LIKE = re.compile(r"^[A-Za-z]\d{2}-[A-Za-z]\d[0-9A-Za-z]$")


def _cm():
    import simple_icd_10_cm as cm

    return cm


def looks_like_code(text: str) -> bool:
    """True for strings shaped like an ICD-10-CM code or block ("E11.9", "e119", "I30-I5A")."""
    t = text.strip()
    return bool(_CODE_LIKE.match(t) or _BLOCK_LIKE.match(t))


def normalise(code: str) -> str | None:
    """The code as the package spells it (upper case, with its dot), or None when it does not exist."""
    cm = _cm()
    t = code.strip().upper().replace(" ", "")
    if not t:
        return None
    if cm.is_valid_item(t):
        return cm.add_dot(t) if not (cm.is_chapter(t) or cm.is_block(t)) else t
    return None


def kind(code: str) -> str:
    cm = _cm()
    if cm.is_chapter(code):
        return "chapter"
    if cm.is_block(code):
        return "block"
    if cm.is_category(code):
        return "category"
    return "subcategory"


def _brief(code: str) -> dict[str, str]:
    return {"code": code, "name": _cm().get_description(code)}


def lookup(code: str) -> dict[str, Any] | None:
    """Everything about one code, or None when it is not an ICD-10-CM code."""
    cm = _cm()
    canonical = normalise(code)
    if canonical is None:
        return None
    parent = cm.get_parent(canonical) if not cm.is_chapter(canonical) else ""
    children = cm.get_children(canonical)
    return {
        "vocabulary": VOCABULARY,
        "code": canonical,
        "name": cm.get_description(canonical),
        "kind": kind(canonical),
        "leaf": cm.is_leaf(canonical),
        "parents": [_brief(parent)] if parent else [],
        "children": [_brief(c) for c in children[:MAX_CHILDREN]],
        "more_children": max(0, len(children) - MAX_CHILDREN),
        "ancestors": [_brief(a) for a in cm.get_ancestors(canonical)],
        "inclusion_terms": cm.get_inclusion_term(canonical),
        "excludes1": cm.get_excludes1(canonical),
    }


def close_codes(code: str, limit: int = 5) -> list[dict[str, str]]:
    """Existing codes near an unknown one: its longest valid prefix and that code's children."""
    cm = _cm()
    t = code.strip().upper().replace(".", "").replace(" ", "")
    for cut in range(len(t) - 1, 2, -1):
        prefix = normalise(t[:cut])
        if prefix:
            return [_brief(prefix)] + [_brief(c) for c in cm.get_children(prefix)[: limit - 1]]
    return []


class _Index:
    def __init__(self) -> None:
        cm = _cm()
        self.codes = [c for c in cm.get_all_codes() if not cm.is_chapter(c)]
        # Tokens depend on each whitespace-separated word alone, so words are tokenised once
        # (98,000 descriptions share ~20,000 distinct words).
        cache: dict[str, list[str]] = {}
        docs = []
        for c in self.codes:
            tokens: list[str] = []
            for word in " ".join([cm.get_description(c), *cm.get_inclusion_term(c)]).split():
                got = cache.get(word)
                if got is None:
                    got = cache[word] = index_tokens(word, keep_digits=True)
                tokens.extend(got)
            docs.append(tokens or ["_"])
        self.bm25 = bm25s.BM25()
        self.bm25.index(docs, show_progress=False)
        self.tokens = lambda text: index_tokens(text, keep_digits=True)


@lru_cache(maxsize=1)
def _index() -> _Index:
    return _Index()


def search(words: str, k: int = 5) -> list[dict[str, Any]]:
    """Top-``k`` codes for ``words`` with their BM25 scores (leaf codes first among equal scores)."""
    idx = _index()
    tokens = idx.tokens(words)
    if not tokens:
        return []
    scores = np.asarray(idx.bm25.get_scores(tokens), dtype=float)
    n = min(len(scores), max(k * 20, 50))
    top = np.argpartition(-scores, n - 1)[:n]
    cm = _cm()
    ranked = sorted((i for i in top if scores[i] > 0),
                    key=lambda i: (-round(float(scores[i]), 6), not cm.is_leaf(idx.codes[i]), idx.codes[i]))
    out = []
    for i in ranked[:k]:
        code = idx.codes[i]
        out.append({"vocabulary": VOCABULARY, "code": code, "name": cm.get_description(code), "kind": kind(code),
                    "leaf": cm.is_leaf(code), "score": round(float(scores[i]), 4)})
    return out
