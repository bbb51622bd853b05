"""Deterministic clinical value extraction from patient notes (no LLM, no network).

Public entry points: :func:`extract` (everything at once, as an :class:`Extraction`),
:func:`find_concepts` and :func:`has_finding` (findings with negation/history/family
context). Every value carries its evidence span and sentence.
"""

from tools.extraction.concepts import concept_names, find_concepts, has_finding
from tools.extraction.model import Finding, Medication, Sentence, Value

__all__ = ["Finding", "Medication", "Sentence", "Value", "concept_names", "find_concepts", "has_finding"]
