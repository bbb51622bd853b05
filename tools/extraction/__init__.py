"""Deterministic clinical value extraction from patient notes (no LLM, no network).

Public entry points: :func:`extract` (everything at once, as an :class:`Extraction`),
:func:`find_concepts` and :func:`has_finding` (findings with negation / history /
family / hypothetical context), :func:`extract_medications`. Every value carries
its evidence span (``note[start:end] == raw``) and its sentence; the first mention
of a quantity is the primary value and later ones are its ``alternatives``.
"""

from medmirror.tools.extraction.concepts import concept_names, find_concepts, has_finding
from medmirror.tools.extraction.extractor import Extraction, extract
from medmirror.tools.extraction.medications import extract_medications, parse_frequency
from medmirror.tools.extraction.model import Finding, Medication, Sentence, Value

__all__ = [
    "Extraction", "Finding", "Medication", "Sentence", "Value", "concept_names", "extract",
    "extract_medications", "find_concepts", "has_finding", "parse_frequency",
]
