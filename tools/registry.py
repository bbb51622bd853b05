"""The tool registry: every tool MedMirror can call, its card, and retrieval over the cards.

``default_registry()`` holds the calculators (and, as they are added, the other
tool families). ``search(query, k)`` ranks tool cards for a case by BM25 over the
card text with clinical tokenisation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import bm25s
import numpy as np
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.tools import BaseTool

from medmirror.models.factory import ModelSet
from medmirror.settings import Settings
from medmirror.tools.cards import ToolCard
from medmirror.tools.fusion import reciprocal_rank_fusion
from medmirror.tools.text_tokens import tokenize


class UnknownTool(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message otherwise
        return str(self.args[0])


# General-purpose tools every task is offered besides its top-N retrieved ones.
GENERAL_TOOLS = ("knowledge_search", "calculate")


class MissingResource(ValueError):
    """A tool was called without the resource it works on (e.g. SQL without a database)."""


@dataclass
class ToolContext:
    """What a context-aware tool is called with besides its arguments."""

    resources: dict[str, Any] = field(default_factory=dict)  # the task's: {"ehr_db": path, "documents": [...], ...}
    settings: Any = None  # the run's medmirror.settings.Settings
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
        self._bm25 = None
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
        tokens = tokenize(query)
        if not tokens or not self._tools:
            return np.zeros(len(self._tools))
        return np.asarray(self._index().get_scores(tokens), dtype=float)

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

    def search(self, query: str, k: int = 5, *, context: str | None = None, context_weight: float = 0.1,
               embeddings: Any = None) -> list[SearchHit]:
        """Top-``k`` tool cards for ``query`` (the question).

        ``context`` (the note) is secondary evidence: both score vectors are scaled to a
        maximum of 1 and the note's is weighted by ``context_weight``, so the note can
        reorder tools the question scores about equally but cannot outvote the question.
        A question that matches nothing leaves the note to decide.

        With ``embeddings`` (any LangChain ``Embeddings``) the BM25 ranking is fused with
        a dense ranking of the cards against the question by reciprocal rank (k = 60,
        Cormack et al. 2009); the hit's score is then the fused score.
        """
        total = _unit_max(self.scores(query))
        if context:
            total = total + context_weight * _unit_max(self.scores(context))
        order = [int(i) for i in np.argsort(-total, kind="stable")]
        if embeddings is None or not query.strip():
            return [SearchHit(self._tools[self._names[i]].card, float(total[i]), r + 1)
                    for r, i in enumerate(order[:k])]
        # Tools BM25 scores zero are tied, not ranked: only the matches take part in the fusion.
        fused = reciprocal_rank_fusion([[(i, 0.0) for i in order if total[i] > 0],
                                        [(i, 0.0) for i in self.dense_ranking(query, embeddings)]])
        best = sorted(fused, key=lambda pair: (-pair[1], pair[0]))[:k]  # ties: registry order
        return [SearchHit(self._tools[self._names[i]].card, score, r + 1) for r, (i, score) in enumerate(best)]


def _unit_max(scores: np.ndarray) -> np.ndarray:
    top = float(scores.max()) if scores.size else 0.0
    return scores / top if top > 0 else scores
