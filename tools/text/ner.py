"""Clinical named-entity recognition (the scispaCy role), offline and rule-based.

scispaCy's trained pipelines (``en_core_sci_sm`` and the linkers) are not on PyPI
and need a download, so MedMirror does not use them. What runs instead:

- ``spacy.blank("en")`` for tokenisation, with a ``sentencizer``;
- scispaCy's :class:`~scispacy.abbreviation.AbbreviationDetector` (Schwartz & Hearst
  2003), which needs no model: it finds "long form (SF)" definitions, and every
  later use of SF is resolved to its long form;
- term matching with spaCy's ``PhraseMatcher`` (and a token ``Matcher`` for the
  wildcard terms of ``concepts.json``) over two vocabularies: ``ner_vocab.json``
  beside this module (problems, drugs, tests, procedures, anatomy) and the
  clinical findings of ``tools/extraction/concepts.json`` (read-only), plus the
  drug lexicon of the ``drug-named-entity-recognition`` package (drug names and
  brands from its shipped data, no lookups online);
- ConText-style assertion (negated / historical / family / hypothetical) from
  :mod:`medmirror.tools.extraction.context`, per sentence.

Overlapping matches keep the longest span (then this module's own vocabulary over
the others). Each entity has its type, character span, text, normalised concept
and assertion flags.
"""

from __future__ import annotations

import json
import re
import warnings
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from medmirror.tools.extraction.context import assert_context, find_triggers

VOCAB_PATH = Path(__file__).with_name("ner_vocab.json")
CONCEPTS_PATH = Path(__file__).resolve().parent.parent / "extraction" / "concepts.json"
DRUGS_PATH = Path(__file__).resolve().parent.parent / "extraction" / "drugs.json"
TYPES = ("problem", "drug", "test", "procedure", "anatomy")

# concepts.json entries that are not problems, and the ones NER leaves out (usage/social findings whose
# terms are drug names or everyday words already covered by the drug vocabulary, or too broad for NER).
CONCEPT_TYPES = {
    "dialysis": "procedure", "mechanical_ventilation": "procedure", "cpap": "procedure",
    "central_venous_access": "procedure", "recent_surgery": "procedure",
}
CONCEPTS_SKIPPED = frozenset({
    "anticoagulant_use", "antiplatelet_nsaid_use", "insulin_use", "hormone_use", "vasopressors", "alcohol_use",
    "smoking", "nursing_home", "immobilization", "pregnancy", "postpartum", "trauma",
})

_CASE_SENSITIVE = re.compile(r"^.+[A-Z]")


@dataclass
class Entity:
    text: str
    type: str
    start: int
    end: int
    concept: str
    label: str
    source: str
    negated: bool = False
    historical: bool = False
    family: bool = False
    hypothetical: bool = False
    triggers: list[str] = field(default_factory=list)
    abbreviation_of: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class NERResult:
    text: str
    entities: list[Entity]
    abbreviations: list[dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        return {"entities": [e.as_dict() for e in self.entities], "abbreviations": self.abbreviations,
                "counts": {t: sum(e.type == t for e in self.entities) for t in TYPES}}


@dataclass(frozen=True)
class _Entry:
    type: str
    concept: str
    label: str
    source: str
    assertion: str = ""  # "" | "negated" | "historical" | "exclude"


def _variants(term: str) -> list[str]:
    """A term and its hyphen/space spellings ('pack year' -> 'pack-year'; 'D-dimer' -> 'D dimer', 'Ddimer')."""
    out = [term]
    words = term.split()
    if 1 < len(words) <= 3 and not any("-" in w for w in words):
        out.append("-".join(words))
    if "-" in term:
        out += [term.replace("-", " "), term.replace("-", "")]
    return list(dict.fromkeys(out))


def _token_pattern(term: str) -> list[dict[str, Any]] | None:
    """A spaCy Matcher pattern for a concepts.json wildcard term ('*ectomy', 'tenderness ... calf')."""
    pattern: list[dict[str, Any]] = []
    for word in term.split():
        if word == "...":
            pattern.append({"OP": "{,3}"})
            continue
        core = word.strip("*")
        if not core or not re.fullmatch(r"[\w']+", core):
            return None  # punctuation inside a wildcard word: not expressible per token
        rx = ("\\w*" if word.startswith("*") else "") + re.escape(core.lower()) + ("\\w*" if word.endswith("*") else "")
        pattern.append({"LOWER": {"REGEX": f"^{rx}$"}})
    return pattern


class ClinicalNER:
    """The NER pipeline (build once; :func:`clinical_ner` keeps a shared instance)."""

    def __init__(self, vocab_path: Path | None = None, concepts_path: Path | None = None,
                 use_drug_lexicon: bool = True):
        import spacy
        from scispacy.abbreviation import AbbreviationDetector  # noqa: F401  (registers the pipe)
        from spacy.matcher import Matcher, PhraseMatcher

        self.nlp = spacy.blank("en")
        self.nlp.add_pipe("sentencizer")
        self.nlp.add_pipe("abbreviation_detector")
        self.lower = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        self.orth = PhraseMatcher(self.nlp.vocab, attr="ORTH")
        self.tokens = Matcher(self.nlp.vocab)
        self.entries: dict[str, _Entry] = {}
        self.priority: dict[str, int] = {}
        self.use_drug_lexicon = use_drug_lexicon
        self._load_own(vocab_path or VOCAB_PATH)
        self._load_drugs_json(DRUGS_PATH)
        self._load_concepts(concepts_path or CONCEPTS_PATH)

    # -- vocabulary -------------------------------------------------------------------
    def _key(self, entry: _Entry, priority: int) -> str:
        key = f"{entry.type}|{entry.concept}|{entry.assertion}|{entry.source}"
        if key not in self.entries:
            self.entries[key] = entry
            self.priority[key] = priority
        return key

    def _add_terms(self, key: str, terms: list[str], case_sensitive: bool | None = None) -> None:
        plain_lower, plain_orth = [], []
        for term in terms:
            if "*" in term or "..." in term:
                pattern = _token_pattern(term)
                if pattern:
                    self.tokens.add(key, [pattern])
                continue
            sensitive = bool(_CASE_SENSITIVE.match(term)) if case_sensitive is None else case_sensitive
            for v in _variants(term):
                (plain_orth if sensitive else plain_lower).append(self.nlp.make_doc(v))
        if plain_lower:
            self.lower.add(key, plain_lower)
        if plain_orth:
            self.orth.add(key, plain_orth)

    def _load_own(self, path: Path) -> None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        for etype in TYPES:
            for concept, terms in raw.get(etype, {}).items():
                key = self._key(_Entry(etype, concept, concept, "ner_vocab"), 0)
                self._add_terms(key, terms)

    def _load_drugs_json(self, path: Path) -> None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        for cls, drugs in raw.items():
            if cls.startswith("_"):
                continue
            for generic, spellings in drugs.items():
                key = self._key(_Entry("drug", generic, generic, "extraction/drugs.json"), 1)
                self._add_terms(key, [generic, *spellings], case_sensitive=False)

    def _load_concepts(self, path: Path) -> None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        for name, entry in raw.items():
            if name.startswith("_") or name in CONCEPTS_SKIPPED:
                continue
            etype = CONCEPT_TYPES.get(name, "problem")
            label = entry.get("label", name)
            base = _Entry(etype, name, label, "extraction/concepts.json")
            key = self._key(base, 1)
            self._add_terms(key, list(entry.get("terms", [])))
            if entry.get("abbreviations"):
                self._add_terms(key, list(entry["abbreviations"]), case_sensitive=True)
            for field_name, assertion in (("negated_terms", "negated"), ("historical_terms", "historical"),
                                          ("exclude", "exclude")):
                if entry.get(field_name):
                    k = self._key(_Entry(etype, name, label, base.source, assertion), 1)
                    self._add_terms(k, list(entry[field_name]))

    # -- running -------------------------------------------------------------------------
    def _drug_lexicon_spans(self, doc) -> list[tuple[int, int, str]]:
        if not self.use_drug_lexicon:
            return []
        lexicon = _drug_lexicon()
        if lexicon is None:
            return []
        words = [t.text for t in doc]
        out = []
        for found in lexicon(words, is_ignore_case=True):
            info, start, end = found[0], found[1], found[2]
            if end <= start or end > len(doc):
                continue
            name = str(info.get("name", "")).lower()
            if name and any(doc[i].is_alpha for i in range(start, end)):
                out.append((start, end, name))
        return out

    def __call__(self, text: str) -> NERResult:
        from spacy.tokens import Span
        from spacy.util import filter_spans


        if not isinstance(text, str):
            raise TypeError("text must be a string")
        with warnings.catch_warnings():  # scispaCy's empty global matcher warns (W036) on every call
            warnings.simplefilter("ignore", UserWarning)
            doc = self.nlp(text)
        vocab = self.nlp.vocab.strings
        raw: list[Span] = []
        for matcher in (self.lower, self.orth, self.tokens):
            for match_id, start, end in matcher(doc):
                raw.append(Span(doc, start, end, label=vocab[match_id]))
        for start, end, name in self._drug_lexicon_spans(doc):
            key = self._key(_Entry("drug", name, name, "drug_named_entity_recognition"), 2)
            raw.append(Span(doc, start, end, label=key))

        # concept exclusions ("pulmonary hypertension" is not "hypertension")
        excluded: dict[str, list[tuple[int, int]]] = {}
        for span in raw:
            e = self.entries[span.label_]
            if e.assertion == "exclude":
                excluded.setdefault(e.concept, []).append((span.start, span.end))
        kept = []
        for span in raw:
            e = self.entries[span.label_]
            if e.assertion == "exclude":
                continue
            if any(a < span.end and span.start < b for a, b in excluded.get(e.concept, [])):
                continue
            kept.append(span)
        kept.sort(key=lambda s: (self.priority[s.label_], s.start))  # filter_spans keeps the first of equal spans
        spans = sorted(filter_spans(kept), key=lambda s: s.start)

        # abbreviations: "long form (SF)" definitions, every SF use resolved
        abbreviations: list[dict[str, Any]] = []
        long_forms: dict[str, Span] = {}
        for sf in doc._.abbreviations:
            lf = sf._.long_form
            long_forms.setdefault(sf.text, lf)
            abbreviations.append({"short": sf.text, "long": lf.text, "start": sf.start_char, "end": sf.end_char})
        entity_of_long = {}
        for sf_text, lf in long_forms.items():
            inside = [s for s in spans if lf.start <= s.start and s.end <= lf.end]
            if inside:
                entity_of_long[sf_text] = max(inside, key=lambda s: len(s))
        taken = {i for s in spans for i in range(s.start, s.end)}
        abbrev_spans: list[tuple[Span, Span, str]] = []
        for a in abbreviations:
            sf_span = doc.char_span(a["start"], a["end"])
            if sf_span is None or a["short"] not in entity_of_long:
                continue
            if any(i in taken for i in range(sf_span.start, sf_span.end)):
                continue
            source = entity_of_long[a["short"]]
            abbrev_spans.append((sf_span, source, a["long"]))
            taken.update(range(sf_span.start, sf_span.end))

        entities: list[Entity] = []
        sentence_cache: dict[int, tuple[Any, list]] = {}

        def context_of(span: Span) -> dict[str, list[str]]:
            sent = span.sent
            if sent.start not in sentence_cache:
                sentence_cache[sent.start] = (sent, find_triggers(sent.text))
            s, triggers = sentence_cache[sent.start]
            return assert_context(s.text, span.start_char - s.start_char, span.end_char - s.start_char, triggers)

        def make(span: Span, entry: _Entry, abbreviation_of: str | None = None) -> Entity:
            ctx = context_of(span)
            ent = Entity(text=span.text, type=entry.type, start=span.start_char, end=span.end_char,
                         concept=entry.concept, label=entry.label, source=entry.source,
                         negated="negated" in ctx or entry.assertion == "negated",
                         historical="historical" in ctx or entry.assertion == "historical",
                         family="family" in ctx, hypothetical="hypothetical" in ctx,
                         triggers=sorted({t for ts in ctx.values() for t in ts}), abbreviation_of=abbreviation_of)
            return ent

        for span in spans:
            entities.append(make(span, self.entries[span.label_]))
        for sf_span, source, long_text in abbrev_spans:
            base = self.entries[source.label_]
            entities.append(make(sf_span, _Entry(base.type, base.concept, base.label, "abbreviation"), long_text))
        entities.sort(key=lambda e: e.start)
        return NERResult(text=text, entities=entities, abbreviations=abbreviations)


@lru_cache(maxsize=1)
def _drug_lexicon():
    """``drug_named_entity_recognition.find_drugs`` (its shipped dictionary; no online lookups), or None."""
    try:
        from drug_named_entity_recognition import find_drugs
    except ImportError:  # pragma: no cover - optional extra lexicon
        return None
    return find_drugs


@lru_cache(maxsize=2)
def pipeline(use_drug_lexicon: bool = True) -> ClinicalNER:
    return ClinicalNER(use_drug_lexicon=use_drug_lexicon)


def clinical_ner(text: str, types: list[str] | None = None, use_drug_lexicon: bool = True) -> dict[str, Any]:
    """Entities (and abbreviations) in ``text``; ``types`` keeps only those entity types."""
    if types:
        unknown = sorted(set(types) - set(TYPES))
        if unknown:
            raise ValueError(f"unknown entity type(s) {unknown}; types are {', '.join(TYPES)}")
    result = pipeline(use_drug_lexicon)(text)
    if types:
        result.entities = [e for e in result.entities if e.type in types]
    return result.as_dict()
