"""How one calculator input is read from a note by rules: the *source* kinds of the calculator map.

A source reads a :class:`Hit` (value + evidence span) from a :class:`NoteContext`, or
returns ``None`` when the note does not decide the input. The kinds:

* :class:`Quantity` - a value of the deterministic extractor (``medmirror.tools.extraction.extract``),
  first mention = presenting value; the grounding layer converts it to the input's unit;
* :class:`Sex` - the extractor's sex, as the calculators spell it;
* :class:`Concept` - a finding of the concept vocabulary with ConText negation, with a
  time frame: ``any`` (history counts: "history of stroke"), ``current`` (only a present
  finding counts; a past-only mention decides *False*) or ``history`` (only a past mention
  counts: "previous DVT"); ``subject="family"`` asks about relatives;
* :class:`Term` - the same for a regular expression that the vocabulary does not hold;
* :func:`Meds` - a drug of a class (or name) in the note's medications;
* :class:`AnyOf` - booleans combined: the first source that says True wins, else the first
  that says False; :class:`FirstOf` - the first source that reads anything;
* :class:`Derived` - a rule written as a function (grades, categories, dose lists, ...);
* :class:`Config` - a parameter of the method, not of the patient (normal albumin, target
  sodium): never read from the note, the calculator's default applies;
* :class:`Judgement` - a criterion rules cannot decide in general (e.g. "PE is the most likely
  diagnosis"): read only where the note states it in its own words (``stated``), else
  ``missing`` unless an LLM gives it; ``evidence`` sources say what in the note can support
  the LLM's value.

Nothing here invents a value: a source that finds nothing returns ``None`` and the grounding
layer marks the input as assumed (calculator default) or missing.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal

from medmirror.tools.calculators.units import convert
from medmirror.tools.extraction.concepts import find_concepts
from medmirror.tools.extraction.context import assert_context, find_triggers, other_person
from medmirror.tools.extraction.extractor import Extraction, extract
from medmirror.tools.extraction.measurements import Scanner
from medmirror.tools.extraction.model import Finding, Medication, Rejected, Sentence, Value
from medmirror.tools.extraction.text import SentenceIndex

When = Literal["any", "current", "history"]


# ---------------------------------------------------------------------------
# Hits and the per-note context
# ---------------------------------------------------------------------------


@dataclass
class Hit:
    """A value read by rules with its evidence (character span into the note, or the question)."""

    value: Any
    start: int | None = None
    end: int | None = None
    text: str = ""
    sentence: str = ""
    unit: str | None = None  # unit of ``value`` for quantities (the extractor's canonical unit)
    note: str = ""  # how the rule decided, e.g. "negated ('denies')"
    where: str = "note"  # "note" or "question"

    @classmethod
    def of_value(cls, v: Value, value: Any = None, unit: str | None = None, note: str = "") -> "Hit":
        return cls(v.value if value is None else value, v.start, v.end, v.raw, v.sentence.text,
                   v.unit if unit is None else unit, note)

    @classmethod
    def of_finding(cls, f: Finding, value: Any, note: str = "") -> "Hit":
        return cls(value, f.start, f.end, f.text, f.sentence.text, None, note)

    @classmethod
    def of_medication(cls, m: Medication, value: Any, note: str = "") -> "Hit":
        return cls(value, m.start, m.end, m.raw, m.sentence.text, None, note)

    def evidence(self) -> dict[str, Any] | None:
        if self.start is None or self.end is None:
            return None
        out: dict[str, Any] = {"start": self.start, "end": self.end, "text": self.text, "sentence": self.sentence}
        if self.where != "note":
            out["where"] = self.where
        return out


class NoteContext:
    """A note (and optionally the question) with its extraction, findings and term matches cached."""

    def __init__(self, note: str, extraction: Extraction | None = None, question: str | None = None):
        self.note = note
        self.question = question or ""
        self.ex = extraction if extraction is not None else extract(note)
        self.index = SentenceIndex(note)
        self._findings: dict[str, list[Finding]] = {}
        self._triggers: dict[int, list] = {}
        self._terms: dict[str, list[Finding]] = {}

    # -- extractor values -------------------------------------------------
    def value(self, name: str) -> Value | None:
        return self.ex.get(name)

    def values(self, name: str) -> list[Value]:
        """The primary value and its alternatives, in note order of mention."""
        v = self.ex.get(name)
        return [] if v is None else [v, *v.alternatives]

    def rejected(self, name: str) -> Rejected | None:
        """The first number the note gives for quantity ``name`` that the extractor refused (out of range, or a
        bare number whose unit cannot be told); presenting values before baseline ones."""
        rs = self.ex.rejected.get(name) or []
        return rs[0] if rs else None

    # -- findings -----------------------------------------------------------
    def findings(self, concept: str) -> list[Finding]:
        if concept not in self._findings:
            found = self.ex.findings_for(concept) if self.ex.findings else []
            if not found:  # the extraction may have been limited to other concepts
                found = find_concepts(self.note, [concept], index=self.index)
            self._findings[concept] = found
        return self._findings[concept]

    def terms(self, pattern: str, flags: int = re.I) -> list[Finding]:
        """Regex matches as findings with ConText flags (negated / historical / family / hypothetical)."""
        key = f"{flags}:{pattern}"
        if key not in self._terms:
            out: list[Finding] = []
            for m in re.finditer(pattern, self.note, flags):
                if m.end() == m.start():
                    continue
                out.append(self.finding_at(m.start(), m.end(), "term"))
            self._terms[key] = out
        return self._terms[key]

    def finding_at(self, start: int, end: int, concept: str = "term") -> Finding:
        sent = self.index.at(start)
        if sent.start not in self._triggers:
            self._triggers[sent.start] = find_triggers(sent.text)
        flags = assert_context(sent.text, start - sent.start, end - sent.start, self._triggers[sent.start])
        return Finding(
            concept=concept, text=self.note[start:end], start=start, end=end, sentence=sent,
            negated="negated" in flags, historical="historical" in flags, family="family" in flags,
            hypothetical="hypothetical" in flags, triggers=[f"{c}:{t}" for c, ts in flags.items() for t in ts],
        )

    def others(self, name: str) -> list[Value]:
        """Readings of quantity ``name`` that are another person's ('her mother's weight'), never the patient's."""
        return self.ex.others.get(name, [])

    def other_person(self, start: int, end: int) -> str:
        """The phrase that makes note[start:end] (a measurement) another person's, '' when it is the patient's
        (:func:`~medmirror.tools.extraction.context.other_person`)."""
        sent = self.index.at(start)
        if sent.start not in self._triggers:
            self._triggers[sent.start] = find_triggers(sent.text)
        a = max(0, start - sent.start)
        return other_person(sent.text, a, max(a, end - sent.start), self._triggers[sent.start])

    @functools.cached_property
    def scanner(self) -> Scanner:
        """The note's label scan (built on first use, shared by the rules that read numbers themselves)."""
        return Scanner(self.note, self.index)

    def sentence_of(self, pos: int) -> Sentence:
        return self.index.at(pos)

    @property
    def medications(self) -> list[Medication]:
        return self.ex.medications


def _trigger_text(f: Finding, category: str) -> str:
    for t in f.triggers:
        if t.startswith(category + ":"):
            return t.split(":", 1)[1]
    return category


# A sentence about the time after the presentation ("discharged home, and 2 months later ...", "at follow-up"):
# its mentions do not describe the patient as first seen, so they never decide a *current* criterion.
_AFTER_PRESENTATION = re.compile(
    r"\b(?:was|were|is|being) discharged\b|\bafter discharge\b|\b(?:at|on|during) (?:the )?(?:\d+[- ](?:week|month|year)[- ])?follow[- ]?up\b"
    r"|\b(?:\d+|one|two|three|four|five|six|several|a few)\s+(?:weeks?|months?|years?)\s+later\b", re.I)
# a later hospital day, in the mention's own clause (between ';'): "a central catheter was placed on day two" (not "on
# day 3 of her illness", before arrival; nor "AKI was diagnosed; the creatinine peaked on day two")
_LATER_DAY = re.compile(
    r"\b(?:on|by|from)\s+(?:hospital\s+|ICU\s+|post-?operative\s+)?day\s+(?:[2-9]|\d\d|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve)\b(?!\s+of\s+(?:(?:the|his|her|their)\s+)?(?:illness|symptoms?|fever|the\s+illness|onset))", re.I)


@functools.lru_cache(maxsize=4096)
def sentence_has(rx: re.Pattern[str], sentence: str) -> bool:
    """Does ``rx`` occur in ``sentence``? Cached: the many mentions of one long sentence (a 200,000-character note
    can be one sentence) search it once, not once per mention."""
    return rx.search(sentence) is not None


def after_presentation(f: Finding) -> bool:
    """True when the mention's sentence is about the time after the presentation (discharge, follow-up), or its
    clause places it on a later hospital day."""
    if sentence_has(_AFTER_PRESENTATION, f.sentence.text):
        return True
    text = f.sentence.text
    a = text.rfind(";", 0, max(f.start - f.sentence.start, 0)) + 1
    b = text.find(";", max(f.end - f.sentence.start, 0))
    return sentence_has(_LATER_DAY, text[a:b if b >= 0 else len(text)])


def decide(findings: Iterable[Finding], when: When = "any", subject: str = "patient") -> tuple[bool | None, Finding | None, str]:
    """Fold mentions into (True / False / None, the deciding mention, why). For ``when="current"`` a mention in
    a sentence about the time after the presentation (discharge, follow-up, 'two months later') is left out."""
    rel = [f for f in findings if not f.hypothetical and f.family == (subject == "family")]
    if when == "current":
        rel = [f for f in rel if not after_presentation(f)]
    if not rel:
        return None, None, ""
    affirmed = [f for f in rel if not f.negated]
    if when == "current":
        pos = [f for f in affirmed if not f.historical]
    elif when == "history":
        pos = [f for f in affirmed if f.historical]
    else:
        pos = affirmed
    if pos:
        why = "documented"
        if pos[0].historical:
            why += f" (past: '{_trigger_text(pos[0], 'historical')}')"
        return True, pos[0], why
    negated = [f for f in rel if f.negated]
    if negated:
        return False, negated[0], f"negated ('{_trigger_text(negated[0], 'negated')}')"
    if when == "current" and affirmed:
        return False, affirmed[0], "only a past mention; not current"
    return None, None, ""


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """Base class: ``read`` the input from a note context."""

    kind = "none"

    def read(self, ctx: NoteContext) -> Hit | None:  # pragma: no cover - overridden
        return None

    def support(self, ctx: NoteContext, value: Any) -> Hit | None:
        """Evidence for a value given by someone else (the LLM) when :meth:`read` found none."""
        return None

    def rejection(self, ctx: NoteContext) -> Rejected | None:
        """When :meth:`read` finds nothing: a number the note gives for this input that was refused (with why)."""
        return None

    def describe(self) -> str:
        return self.kind


@dataclass(frozen=True)
class Quantity(Source):
    """The first extractor quantity of ``names`` present (e.g. ``Quantity("bun", "urea")``)."""

    names: tuple[str, ...]
    kind = "quantity"

    def __init__(self, *names: str):
        object.__setattr__(self, "names", tuple(names))

    def read(self, ctx: NoteContext) -> Hit | None:
        for name in self.names:
            v = ctx.value(name)
            if v is not None:
                q = v.details.get("qualifier")
                bound = f"the note gives only a bound ('{q} {v.original_value:g}'), used as the value" \
                    if q and q != "up to" else ""
                return Hit.of_value(v, note=bound)
        return None

    def rejection(self, ctx: NoteContext) -> Rejected | None:
        for name in self.names:
            r = ctx.rejected(name)
            if r is not None:
                return r
        return None

    def describe(self) -> str:
        return "value: " + " or ".join(self.names)


@dataclass(frozen=True)
class UreaAsBun(Source):
    """BUN (mg/dL); a serum urea is converted through mmol/L (urea 6.006 mg/dL = 1 mmol/L = BUN 2.8 mg/dL)."""

    kind = "quantity"

    def read(self, ctx: NoteContext) -> Hit | None:
        v = ctx.value("bun")
        if v is not None:
            return Hit.of_value(v)
        u = ctx.value("urea")
        if u is None:
            return None
        mmol = convert(float(u.value), u.unit, "mmol/L", "urea")
        return Hit.of_value(u, value=mmol, unit="mmol/L", note="serum urea converted to BUN through mmol/L")

    def rejection(self, ctx: NoteContext) -> Rejected | None:
        return ctx.rejected("bun") or ctx.rejected("urea")

    def describe(self) -> str:
        return "value: bun (or urea, converted)"


@dataclass(frozen=True)
class Sex(Source):
    kind = "sex"

    def read(self, ctx: NoteContext) -> Hit | None:
        v = ctx.value("sex")
        if v is None:
            return None
        return Hit.of_value(v, value=str(v.value).lower(), unit=None)

    def describe(self) -> str:
        return "value: sex"


@dataclass(frozen=True)
class Concept(Source):
    """A finding of the vocabulary: any of ``concepts``, with negation and a time frame."""

    concepts: tuple[str, ...]
    when: When = "any"
    subject: str = "patient"
    invert: bool = False  # criterion is the *absence* of the finding (e.g. Centor's "cough absent")
    kind = "concept"

    def __init__(self, *concepts: str, when: When = "any", subject: str = "patient", invert: bool = False):
        object.__setattr__(self, "concepts", tuple(concepts))
        object.__setattr__(self, "when", when)
        object.__setattr__(self, "subject", subject)
        object.__setattr__(self, "invert", invert)

    def mentions(self, ctx: NoteContext) -> list[Finding]:
        out: list[Finding] = []
        for c in self.concepts:
            out += ctx.findings(c)
        return sorted(out, key=lambda f: f.start)

    def read(self, ctx: NoteContext) -> Hit | None:
        value, f, why = decide(self.mentions(ctx), self.when, self.subject)
        if value is None or f is None:
            return None
        if self.invert:
            value = not value
            why += " (criterion is its absence)"
        return Hit.of_finding(f, value, why)

    def describe(self) -> str:
        who = "" if self.subject == "patient" else f", subject={self.subject}"
        inv = ", inverted" if self.invert else ""
        return f"concept: {' | '.join(self.concepts)} (when={self.when}{who}{inv})"


@dataclass(frozen=True)
class Term(Source):
    """A regular expression read like a concept (ConText negation / history / family)."""

    pattern: str
    when: When = "any"
    subject: str = "patient"
    invert: bool = False
    label: str = ""
    case_sensitive: bool = False
    kind = "term"

    def mentions(self, ctx: NoteContext) -> list[Finding]:
        return ctx.terms(self.pattern, 0 if self.case_sensitive else re.I)

    def read(self, ctx: NoteContext) -> Hit | None:
        value, f, why = decide(self.mentions(ctx), self.when, self.subject)
        if value is None or f is None:
            return None
        if self.invert:
            value = not value
        return Hit.of_finding(f, value, why)

    def describe(self) -> str:
        return f"term: {self.label or self.pattern[:60]} (when={self.when})"


# a drug the patient does not take now: stopped ('aspirin was stopped last year', 'clopidogrel discontinued after the
# bleed', 'stopped her ibuprofen'), listed as an allergy or intolerance ('Allergies: aspirin', 'intolerant of NSAIDs'),
# or to be avoided ('avoid NSAIDs', 'NSAIDs contraindicated'); 'held' is left out: a drug paused around a procedure is
# still the patient's medication
_MED_NOT_TAKEN_BEFORE = re.compile(
    r"(?:\b(?:stopped|discontinued|ceased|withdrawn|off|no\s+longer\s+(?:on|tak\w+)|allerg\w*|intoleran\w*|avoid\w*"
    # a drug of the past: "she used to take aspirin", "formerly on clopidogrel"
    r"|used\s+to\s+(?:take|be\s+on)|(?:formerly|previously)\s+(?:took|on)"
    r"|do\s+not\s+(?:give|use|take)|not\s+to\s+(?:take|use|be\s+given)|sensitivity)\b(?:\s+(?:to|of|with|on|taking|her|his|the|all|any)\b)*"
    r"[\s:,-]*(?:[\w'-]+(?:\s*\([^()\n]{0,20}\))?[\s,]+){0,3})$", re.I)
_MED_NOT_TAKEN_AFTER = re.compile(
    r"^(?:\s*\d+(?:\.\d+)?\s*(?:mg|mcg|g)\b)?(?:\s*\([^()\n]{0,30}\))?\s*(?:[,;:-]\s*)?"
    # "aspirin 75 mg, but this was stopped a year ago", "clopidogrel, which was discontinued"
    r"(?:(?:but|and|which|though)\s+(?:(?:this|it|that|they)\s+)?)?"
    r"(?:(?:was|were|has\s+been|had\s+been|is|now|then|since)\s+){0,2}"
    r"(?:stopped|discontinued|ceased|withdrawn|contraindicated|allergy|intolerance|avoided)\b", re.I)


# a drug offered and declined: "insulin was discussed but she declined", "statin offered, patient refused"
_MED_DECLINED = re.compile(r"^[^.;]{0,30}?\b(?:(?:but|and|,)\s*(?:he|she|they|the\s+patient|pt|patient)\s+(?:declined|refused)"
                           r"|(?:was|were|has\s+been)\s+(?:\w+\s+){0,2}?(?:declined|refused))\b", re.I)


# a drug given its end later in the clause: "used HRT patches for hot flushes from 2008 until she stopped them in
# 2014", "on the combined pill until 2019", "took it from 2010 to 2016"
_MED_ENDED = re.compile(r"^[^.;]{0,80}?\b(?:until|till)\s+(?:(?:he|she|they|the\s+patient)\s+(?:stopped|discontinued|came\s+off"
                        r"|gave\s+(?:it|them)\s+up)\b|(?:19[5-9]\d|20[0-4]\d)\b|(?:\d+|a|one|two|three|four|five|six|several)\s+"
                        r"(?:years?|months?)\s+ago\b)"
                        r"|^[^.;]{0,60}?\bfrom\s+(?:19[5-9]\d|20[0-4]\d)\s+(?:to|until|till|-|–)\s+(?:19[5-9]\d|20[0-4]\d)\b", re.I)


def medication_not_taken(note: str, start: int, end: int, sentence: Sentence) -> bool:
    """True when the drug mention at ``start:end`` says it was stopped (or ended), is an allergy, or is to be avoided."""
    before = note[max(sentence.start, start - 60):start]
    line = before.rfind("\n")
    if line >= 0:
        before = before[line + 1:]
    after = note[end:min(sentence.end, end + 50)]
    return bool(_MED_NOT_TAKEN_BEFORE.search(before) or _MED_NOT_TAKEN_AFTER.match(after) or _MED_DECLINED.search(after)
                or _MED_ENDED.search(note[end:min(sentence.end, end + 120)]))


@dataclass(frozen=True)
class MedicationSource(Source):
    """True when the note lists a drug of one of ``classes`` or ``names`` (never False: no negation); a drug the
    note says was stopped, is an allergy or is to be avoided does not count (:func:`medication_not_taken`), nor one
    a relative or another person takes ('her mother is on warfarin')."""

    classes: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    kind = "medication"

    def read(self, ctx: NoteContext) -> Hit | None:
        for m in ctx.medications:
            if m.drug_class in self.classes or m.name in self.names:
                f = ctx.finding_at(m.start, m.end, "medication")
                if f.negated or f.hypothetical or f.family or medication_not_taken(ctx.note, m.start, m.end, f.sentence):
                    continue
                return Hit.of_medication(m, True, f"medication: {m.name}")
        return None

    def describe(self) -> str:
        return "medication: " + " | ".join([*self.classes, *self.names])


def Meds(*classes: str, names: Iterable[str] = ()) -> MedicationSource:  # noqa: N802 - reads like the others
    return MedicationSource(tuple(classes), tuple(names))


@dataclass(frozen=True)
class AnyOf(Source):
    """Booleans combined: the first source saying True wins; otherwise the first saying False."""

    sources: tuple[Source, ...]
    kind = "any_of"

    def __init__(self, *sources: Source):
        object.__setattr__(self, "sources", tuple(sources))

    def read(self, ctx: NoteContext) -> Hit | None:
        first_false: Hit | None = None
        for s in self.sources:
            h = s.read(ctx)
            if h is None:
                continue
            if h.value is True:
                return h
            if first_false is None:
                first_false = h
        return first_false

    def support(self, ctx: NoteContext, value: Any) -> Hit | None:
        for s in self.sources:
            h = s.support(ctx, value)
            if h is not None:
                return h
        return None

    def describe(self) -> str:
        return " OR ".join(s.describe() for s in self.sources)


@dataclass(frozen=True)
class FirstOf(Source):
    """The first source that reads a value (e.g. the extractor's sodium, else 'hyponatremia at 132 mEq/L')."""

    sources: tuple[Source, ...]
    kind = "first_of"

    def __init__(self, *sources: Source):
        object.__setattr__(self, "sources", tuple(sources))

    def read(self, ctx: NoteContext) -> Hit | None:
        for s in self.sources:
            h = s.read(ctx)
            if h is not None:
                return h
        return None

    def support(self, ctx: NoteContext, value: Any) -> Hit | None:
        for s in self.sources:
            h = s.support(ctx, value)
            if h is not None:
                return h
        return None

    def rejection(self, ctx: NoteContext) -> Rejected | None:
        for s in self.sources:
            r = s.rejection(ctx)
            if r is not None:
                return r
        return None

    @property
    def names(self) -> tuple[str, ...]:
        """Extractor quantities behind this source (for evidence of an LLM number)."""
        out: list[str] = []
        for s in self.sources:
            out += list(getattr(s, "names", ()))
        return tuple(out)

    def describe(self) -> str:
        return " else ".join(s.describe() for s in self.sources)


@dataclass(frozen=True)
class Derived(Source):
    """A rule written as a function ``ctx -> Hit | None``.

    Evidence for someone else's value comes from ``support_fn(ctx, value)`` or, for a
    category, from the source listed for it in ``options``.
    """

    fn: Callable[[NoteContext], Hit | None]
    doc: str
    options: dict[str, Source] = field(default_factory=dict)
    support_fn: Callable[[NoteContext, Any], Hit | None] | None = None
    kind = "derived"

    def read(self, ctx: NoteContext) -> Hit | None:
        return self.fn(ctx)

    def support(self, ctx: NoteContext, value: Any) -> Hit | None:
        if self.support_fn is not None:
            return self.support_fn(ctx, value)
        src = self.options.get(str(value).lower()) if isinstance(value, str) else self.options.get(value)
        if src is None:
            return None
        h = src.read(ctx)
        return h if h is not None and h.value not in (False, None) else None

    def describe(self) -> str:
        return f"rule: {self.doc}"


@dataclass(frozen=True)
class Config(Source):
    """A parameter of the method (not of the patient): the calculator's default applies."""

    doc: str
    kind = "config"

    def describe(self) -> str:
        return f"parameter: {self.doc}"


@dataclass(frozen=True)
class Judgement(Source):
    """Rules cannot decide this input in general; ``evidence`` tells what in the note can support an LLM's value.

    ``stated`` reads the judgement where the note writes it out in its own words ("PE was regarded as the leading
    diagnosis"); when it finds nothing, the input stays a judgement (the model's, else the calculator's default)."""

    doc: str
    evidence: tuple[Source, ...] = ()
    options: dict[str, Source] = field(default_factory=dict)
    stated: Source | None = None
    kind = "judgement"

    def read(self, ctx: NoteContext) -> Hit | None:
        return None if self.stated is None else self.stated.read(ctx)

    def support(self, ctx: NoteContext, value: Any) -> Hit | None:
        sources: tuple[Source, ...] = self.evidence
        if isinstance(value, str) and value.lower() in self.options:
            sources = (self.options[value.lower()],)
        elif value is False and not self.options:
            return None  # the absence of a judgement cannot be pointed at
        for s in sources:
            h = s.read(ctx)
            if h is not None and h.value not in (False, None):
                return h
        return None

    def describe(self) -> str:
        stated = f" (unless stated: {self.stated.describe()})" if self.stated is not None else ""
        return f"not decidable by rules: {self.doc}{stated}"
