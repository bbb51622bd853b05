"""The tool registry: every tool MedMirror can call, its card, and retrieval over the cards.

``default_registry()`` holds the calculators (and, as they are added, the other
tool families). ``search(query, k)`` ranks tool cards for a case: BM25 over the card
text with clinical tokenisation (the question, and the note as weaker evidence), a bonus
for the tools the question names, BM25 over the cards' categories (MDCalc's disease,
chief complaint, organ system, specialty) at a lower weight, and, with embeddings, a
dense ranking fused by reciprocal rank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

import bm25s
import numpy as np
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.tools import BaseTool

from medmirror.core.models.extras import missing_extra
from medmirror.core.models.factory import ModelSet
from medmirror.core.settings import Settings
from medmirror.tools.cards import ToolCard
from medmirror.tools.fusion import reciprocal_rank_fusion
from medmirror.tools.text_tokens import tokenize


class UnknownTool(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message otherwise
        return str(self.args[0])


# General-purpose tools every task is offered besides its top-N retrieved ones.
GENERAL_TOOLS = ("knowledge_search", "calculate")

# The parts of a search, each a score vector scaled to a maximum of 1 (tuned on MedRisk-Qualitative's
# train split and checked on MedCalc-Bench's files; README, "MedRisk"):
NAMED_BONUS = 0.5  # a tool the question names (name or alias, the longest phrase the question writes)
CONTEXT_WEIGHT_NAMED = 0.1  # the note when the question names a tool: it reorders, never outvotes
CONTEXT_WEIGHT_OPEN = 1.0  # the note when the question names none ("how likely is this child to deteriorate?")
FIELD_WEIGHT = 0.2  # the cards' categories against question + note
# The dense ranking's weight in the reciprocal-rank fusion: an equal partner for a question alone; with a
# note it ranks question + note (the question alone when it names a tool), which e5 does much worse than
# the lexical score (MedRisk train: recall@1 73 % against 93 %), so it only breaks near-ties (0.1: best of 0.05-1 on train).
DENSE_WEIGHT = 1.0
DENSE_WEIGHT_WITH_NOTE = 0.1


class MissingResource(ValueError):
    """A tool was called without the resource it works on (e.g. SQL without a database)."""


@dataclass
class ToolContext:
    """What a context-aware tool is called with besides its arguments."""

    resources: dict[str, Any] = field(default_factory=dict)  # the task's: {"ehr_db": path, "documents": [...], ...}
    settings: Any = None  # the run's medmirror.core.settings.Settings
    models: ModelSet | None = None  # the run's models by role, so solve(models=...) reaches tools that call one

    def chat_model(self, role: str) -> BaseChatModel:
        """The run's chat model for ``role`` (built from the settings when the run gave none)."""
        return (self.models or ModelSet()).for_role(role, self.settings or Settings())


@dataclass
class RegisteredTool:
    """A tool as the graph sees it: its card, a runner and its argument schema.

    ``run(args)`` raises on invalid input and returns a JSON-able observation. Tools that
    work on something the task supplies (an EHR database, uploaded documents, images)
    name those resource kinds in ``requires``; calling them without one is refused with
    :class:`MissingResource` (ReflecTool's tool-selection error). A tool that has
    ``requires`` or ``needs_context`` is called as ``run(args, ctx)`` with a
    :class:`ToolContext` (the task's resources and the run's settings). ``availability(settings)`` returns a reason when the tool cannot run in this
    configuration (e.g. no vision model), so the planner is told it is unavailable.
    """

    card: ToolCard
    run: Callable[..., Any]
    args_schema: dict[str, Any]
    tool: BaseTool | None = None
    output_type: str | None = None  # decimal | integer | date | weeks_days | text
    requires: tuple[str, ...] = ()
    needs_context: bool = False
    always_offer: bool = False  # general-purpose tools (knowledge search, arithmetic) offered for every task
    # "memory": arguments name memory keys and outputs go back to the task's memory (radiology);
    # "no_call": a declared gap. None: an ordinary tool.
    protocol: str | None = None
    availability: Callable[[Any], str | None] | None = None

    @property
    def name(self) -> str:
        return self.card.name

    def unavailable_reason(self, settings: Any) -> str | None:
        return self.availability(settings) if self.availability is not None else None

    def invoke(self, args: dict[str, Any], resources: dict[str, Any] | None = None, settings: Any = None,
               models: ModelSet | None = None) -> Any:
        """Run with the task's resources, the run's settings and models; refuses when a required resource is missing."""
        try:
            return self._invoke(args, resources, settings, models)
        except ImportError as err:  # a toolbox tool whose package is not installed: name the extra
            raise (missing_extra(err, f"the tool {self.name}") or err) from None

    def _invoke(self, args: dict[str, Any], resources: dict[str, Any] | None, settings: Any,
                models: ModelSet | None) -> Any:
        if not (self.requires or self.needs_context):
            return self.run(args)
        resources = resources or {}
        missing = [kind for kind in self.requires if not resources.get(kind)]
        if missing:
            raise MissingResource(
                f"{self.name} needs {', '.join(missing)} attached to the task, and none was given"
            )
        reason = self.unavailable_reason(settings) if settings is not None else None
        if reason:
            raise MissingResource(f"{self.name} is unavailable: {reason}")
        return self.run(args, ToolContext(resources=resources, settings=settings, models=models))


@dataclass
class SearchHit:
    card: ToolCard
    score: float
    rank: int


class ToolRegistry:
    """Tools by name with BM25 retrieval over their cards."""

    def __init__(self, tools: list[RegisteredTool]):
        self._tools: dict[str, RegisteredTool] = {}
        for t in tools:
            if t.name in self._tools:
                raise ValueError(f"duplicate tool name {t.name}")
            self._tools[t.name] = t
        self._names = list(self._tools)
        self._bm25: bm25s.BM25 | None = None
        self._fields: bm25s.BM25 | None = None
        self._phrases: list[tuple[int, str, re.Pattern[str] | None]] | None = None
        self._dense: dict[int, Any] = {}  # id(embeddings) -> (embeddings, FAISS index over the cards)

    def __contains__(self, name: str) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def names(self) -> list[str]:
        return list(self._names)

    def add(self, tool: RegisteredTool) -> None:
        """Add a tool (e.g. one built on request); the retrieval index is rebuilt on the next search."""
        if tool.name in self._tools:
            raise ValueError(f"duplicate tool name {tool.name}")
        self._tools[tool.name] = tool
        self._names.append(tool.name)
        self._bm25 = self._fields = self._phrases = None
        self._dense = {}

    def get(self, name: str) -> RegisteredTool:
        if name not in self._tools:
            raise UnknownTool(f"unknown tool '{name}'")
        return self._tools[name]

    def cards(self) -> list[ToolCard]:
        return [t.card for t in self._tools.values()]

    def _index(self) -> bm25s.BM25:
        if self._bm25 is None:
            corpus = [tokenize(t.card.search_text()) or ["_"] for t in self._tools.values()]
            self._bm25 = bm25s.BM25()
            self._bm25.index(corpus, show_progress=False)
        return self._bm25

    def scores(self, query: str) -> np.ndarray:
        """BM25 of every card's text for ``query`` (registry order)."""
        tokens = tokenize(query)
        if not tokens or not self._tools:
            return np.zeros(len(self._tools))
        return np.asarray(self._index().get_scores(tokens), dtype=float)

    def _field_index(self) -> bm25s.BM25 | None:
        if self._fields is None:
            corpus = [tokenize(t.card.field_text()) or ["_"] for t in self._tools.values()]
            if all(doc == ["_"] for doc in corpus):
                return None
            self._fields = bm25s.BM25()
            self._fields.index(corpus, show_progress=False)
        return self._fields

    def field_scores(self, text: str) -> np.ndarray:
        """BM25 of every card's categories (:meth:`ToolCard.field_text`) for ``text``; zeros when no card has any."""
        tokens = tokenize(text)
        index = self._field_index() if tokens and self._tools else None
        if index is None:
            return np.zeros(len(self._tools))
        return np.asarray(index.get_scores(tokens), dtype=float)

    def _name_phrases(self) -> list[tuple[int, str, re.Pattern[str] | None]]:
        """(card index, phrase, pattern) for every name and alias of the specialised tools.

        A phrase is matched in lower case on word boundaries; an abbreviation written in capitals
        that is also a word ("HEART", "CAGE", "MAP") only as written, in capitals.
        """
        if self._phrases is None:
            out: list[tuple[int, str, re.Pattern[str] | None]] = []
            for i, t in enumerate(self._tools.values()):
                if t.always_offer:  # general-purpose tools have generic aliases ('what is')
                    continue
                names = t.card.name_phrases()
                capitals = {_phrase(n): n.strip() for n in names if _CAPITALS.fullmatch(n.strip())}
                for n in names:
                    p = _phrase(n)
                    if len(p.strip()) < 3:
                        continue
                    pattern = None
                    if p in capitals:
                        pattern = re.compile(r"(?<![A-Za-z0-9])" + re.escape(capitals[p]) + r"(?![A-Za-z0-9])")
                    out.append((i, p, pattern))
            self._phrases = out
        return self._phrases

    def named(self, question: str) -> list[int]:
        """Indexes of the cards the question names by name or alias. A phrase inside a longer phrase the
        question writes for another tool does not count ("anion gap" in "albumin corrected anion gap")."""
        q = _phrase(question)
        found = [(i, p) for i, p, pattern in self._name_phrases()
                 if (pattern.search(question) if pattern is not None else p in q)]
        return sorted({i for i, p in found if not any(j != i and len(o) > len(p) and p in o for j, o in found)})

    def dense_ranking(self, query: str, embeddings: Any) -> list[int]:
        """Card indexes by cosine similarity to ``query`` (a FAISS inner-product index over
        the normalised card vectors, built once per embeddings object)."""
        import faiss

        entry = self._dense.get(id(embeddings))
        if entry is None or entry[0] is not embeddings:
            vectors = np.asarray(embeddings.embed_documents([t.card.search_text() for t in self._tools.values()]),
                                 dtype="float32")
            if vectors.ndim != 2 or vectors.shape[0] != len(self._tools):
                raise ValueError(f"embeddings returned {vectors.shape} for {len(self._tools)} tool cards")
            faiss.normalize_L2(vectors)
            index = faiss.IndexFlatIP(vectors.shape[1])
            index.add(vectors)
            entry = self._dense[id(embeddings)] = (embeddings, index)
        q = np.asarray([embeddings.embed_query(query)], dtype="float32")
        faiss.normalize_L2(q)
        _scores, ids = entry[1].search(q, len(self._tools))
        return [int(i) for i in ids[0] if i >= 0]

    def lexical_scores(self, query: str, context: str | None = None, context_weight: float | None = None,
                       field_weight: float = FIELD_WEIGHT) -> np.ndarray:
        """The lexical score of every card for a question (``query``) and its note (``context``).

        Each part is scaled to a maximum of 1: BM25 of the card text for the question; plus
        :data:`NAMED_BONUS` for the tools the question names (:meth:`named`); plus the note's BM25
        weighted by ``context_weight`` (default: :data:`CONTEXT_WEIGHT_NAMED` when the question
        names a tool, so the note reorders tools the question scores about equally but cannot
        outvote it, else :data:`CONTEXT_WEIGHT_OPEN`: a question that names nothing, "how likely is
        this child to deteriorate?", leaves much to the note); plus the categories' BM25 for
        question and note weighted by ``field_weight``.
        """
        total = _unit_max(self.scores(query))
        named = self.named(query) if query.strip() else []
        if named:
            total[named] += NAMED_BONUS
        if context:
            if context_weight is None:
                context_weight = CONTEXT_WEIGHT_NAMED if named else CONTEXT_WEIGHT_OPEN
            total = total + context_weight * _unit_max(self.scores(context))
        if field_weight:
            total = total + field_weight * _unit_max(self.field_scores(f"{query}\n{context or ''}"))
        return total

    def search(self, query: str, k: int = 5, *, context: str | None = None, context_weight: float | None = None,
               field_weight: float = FIELD_WEIGHT, embeddings: Any = None) -> list[SearchHit]:
        """Top-``k`` tool cards for ``query`` (the question), ranked by :meth:`lexical_scores`.

        ``context`` (the note) is secondary evidence, weighted by ``context_weight`` (by default
        by whether the question names a tool, see :meth:`lexical_scores`). A question that
        matches nothing leaves the note to decide.

        With ``embeddings`` (any LangChain ``Embeddings``) the lexical ranking is fused with
        a dense ranking of the cards by reciprocal rank (k = 60, Cormack et al. 2009), weighted
        :data:`DENSE_WEIGHT` for a question alone and :data:`DENSE_WEIGHT_WITH_NOTE` with a note
        (the dense query is then question + note, unless the question names a tool); the hit's
        score is then the fused score.
        """
        total = self.lexical_scores(query, context, context_weight, field_weight)
        order = [int(i) for i in np.argsort(-total, kind="stable")]
        if embeddings is None or not query.strip():
            return [SearchHit(self._tools[self._names[i]].card, float(total[i]), r + 1)
                    for r, i in enumerate(order[:k])]
        dense_query = f"{query}\n{context}" if context and not self.named(query) else query
        # Tools BM25 scores zero are tied, not ranked: only the matches take part in the fusion.
        fused = reciprocal_rank_fusion([[(i, 0.0) for i in order if total[i] > 0],
                                        [(i, 0.0) for i in self.dense_ranking(dense_query, embeddings)]],
                                       weights=[1.0, DENSE_WEIGHT_WITH_NOTE if context else DENSE_WEIGHT])
        best = sorted(fused, key=lambda pair: (-pair[1], pair[0]))[:k]  # ties: registry order
        return [SearchHit(self._tools[self._names[i]].card, score, r + 1) for r, (i, score) in enumerate(best)]


_CAPITALS = re.compile(r"[A-Z0-9][A-Z0-9₂]*(?:[-/ ][A-Z0-9₂]+)*")


def _phrase(text: str) -> str:
    """Lower-case words separated by single spaces, padded with a space (for whole-word containment); a
    plural -s is dropped ("maintenance fluid" names "maintenance fluids")."""
    words = re.sub(r"[^a-z0-9]+", " ", text.lower().replace("₂", "2")).split()
    return " " + " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                          for w in words) + " "


def _unit_max(scores: np.ndarray) -> np.ndarray:
    top = float(scores.max()) if scores.size else 0.0
    return scores / top if top > 0 else scores
