"""The text tools: ``clinical_ner`` and ``longdoc_search`` (cards, argument models, registration)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from medmirror.tools.cards import ToolCard
from medmirror.tools.registry import RegisteredTool, ToolContext
from medmirror.tools.text.longdoc import longdoc_search
from medmirror.tools.text.ner import clinical_ner
from medmirror.tools.tooling import ToolInputError, card_inputs, make_tool

EntityType = Literal["problem", "drug", "test", "procedure", "anatomy"]
MAX_NER_CHARS = 200_000


class NERArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str | None = Field(None, min_length=1, max_length=MAX_NER_CHARS,
                             description="The clinical text (note, report); leave it out to analyse the task's note.")
    types: list[EntityType] | None = Field(None, description="Keep only these entity types (default: all).")


class LongDocArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    query: str = Field(..., min_length=2, description="What to look for in the attached documents.")
    k: int = Field(4, ge=1, le=20, description="Number of chunks to return.")


def _ner(args: NERArgs, ctx: ToolContext) -> dict[str, Any]:
    # a small model cannot copy a whole note into an argument: by default the tool reads the task's note
    text = args.text or ctx.resources.get("note")
    if not text:
        raise ToolInputError("clinical_ner needs a text: give one, or attach a note to the task")
    return clinical_ner(text, list(args.types) if args.types else None)


def _longdoc(args: LongDocArgs, ctx: ToolContext) -> dict[str, Any]:
    docs = ctx.resources.get("documents")
    return longdoc_search(args.query, docs, k=args.k, settings=ctx.settings)


def ner_card() -> ToolCard:
    return ToolCard(
        name="clinical_ner", category="text",
        description=("Clinical named-entity recognition: find problems (diagnoses, symptoms, findings), drugs, "
                     "tests (labs, imaging, vitals), procedures and anatomy in a clinical note, with character "
                     "spans, normalised concept, negated / historical / family / hypothetical flags, and "
                     "abbreviations resolved to their long forms."),
        aliases=["NER", "named entity recognition", "scispaCy", "entity extraction", "concept extraction",
                 "abbreviation detection", "negation detection"],
        inputs=card_inputs(NERArgs),
        output="entities [{text, type, start, end, concept, label, negated, historical, family, hypothetical}], "
               "abbreviations [{short, long}]",
        reference=("scispaCy's trained models are not on PyPI (they need a download), so this is spaCy "
                   "blank('en') + scispaCy AbbreviationDetector (Schwartz & Hearst 2003) + PhraseMatcher term "
                   "matching over tools/text/ner_vocab.json, tools/extraction/concepts.json and the "
                   "drug-named-entity-recognition lexicon + ConText assertion (Harkema et al. 2009)."),
        conventions=["rule-based: only terms in the vocabularies are found; no statistical model",
                     "overlaps keep the longest span"],
    )


def longdoc_card() -> ToolCard:
    return ToolCard(
        name="longdoc_search", category="text",
        description=("Search the long documents attached to the task (discharge summaries, reports, uploaded "
                     "text/markdown/PDF files): returns the best-matching passages with chunk ids and scores, or "
                     "refuses when no passage supports an answer."),
        aliases=["long document RAG", "document retrieval", "LlamaIndex", "search uploaded documents",
                 "discharge summary search", "BM25 passage retrieval"],
        inputs=card_inputs(LongDocArgs),
        output="chunks [{chunk_id, file, index, score, text}] or a refusal",
        reference=("LlamaIndex SentenceSplitter chunks + BM25 (llama-index-retrievers-bm25), fused by reciprocal "
                   "rank with a FAISS vector index when embeddings are configured (Cormack et al. 2009, RRF)."),
        conventions=["refuses ('no retrieved chunk supports an answer') when no query term occurs or the best "
                     "BM25 score is below the threshold"],
    )


def registered_tools() -> list[RegisteredTool]:
    return [
        make_tool(ner_card(), NERArgs, _ner, needs_context=True),
        make_tool(longdoc_card(), LongDocArgs, _longdoc, requires=("documents",)),
    ]
