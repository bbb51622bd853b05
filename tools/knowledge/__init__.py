"""Knowledge retrieval (MedRAG-style): BM25 over a medical corpus, tool ``knowledge_search``.

- :mod:`corpus`  bundled passages (``corpus/*.jsonl``, written for the project) and user-corpus loaders
- :mod:`index`   BM25 indexes: bundled in memory, user corpus persisted under ``data_dir/knowledge``
- :mod:`search`  the ``knowledge_search`` tool (card, args, runner)
- :mod:`scoring` scorers of the knowledge task set (``tasks/knowledge_qa.jsonl``)
"""

from __future__ import annotations

from medmirror.tools.knowledge.corpus import load_bundled
from medmirror.tools.knowledge.search import CARD, KnowledgeSearchArgs, availability, knowledge_search
from medmirror.tools.registry import RegisteredTool
from medmirror.tools.tooling import card_inputs, make_tool


def registered_tools() -> list[RegisteredTool]:


    # The corpus's condition and drug topics make the card findable for clinical questions
    # (calculator titles are left out: calculator questions belong to the calculators).
    topics = sorted({p.title for p in load_bundled() if p.topic != "calculator"})
    card = CARD.model_copy(update={"inputs": card_inputs(KnowledgeSearchArgs),
                                   "reference": f"{CARD.reference} Corpus topics: {'; '.join(topics)}."})
    return [make_tool(card, KnowledgeSearchArgs, knowledge_search, needs_context=True,
                            availability=availability)]
