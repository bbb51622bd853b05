"""Concept matcher: find clinical findings in a note, with ConText assertion flags.

The vocabulary is ``concepts.json`` beside this module (concept -> terms,
case-sensitive abbreviations, negated/historical phrasings, exclusions and
included sub-concepts). :func:`find_concepts` returns every mention with its
sentence and its negated / historical / family / hypothetical flags
(:mod:`medmirror.tools.extraction.context`). :func:`has_finding` folds the mentions into one
answer: ``True`` (asserted for the patient), ``False`` (only denied) or ``None``
(not mentioned about the patient): callers then apply their documented default
and mark the input as assumed.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from medmirror.tools.extraction.context import assert_context, find_triggers
from medmirror.tools.extraction.model import Finding, Sentence
from medmirror.tools.extraction.text import SentenceIndex

VOCABULARY_PATH = Path(__file__).with_name("concepts.json")


def term_regex(term: str) -> str:
    """Translate the vocabulary's term syntax into a regex fragment (see concepts.json '_about')."""
    parts: list[str] = []
    for word in term.split():
        if word == "...":
            # "calf pain & swelling"; quoted words ('coughed up "small streaks of blood"'); the gap does not cross a
            # comma that opens a denial ("Tonsils: enlarged, no exudate" is enlarged tonsils, not a denied 'tonsils ... exudate')
            parts.append(r"(?:[\w'’&/\"“”]+(?:\s+|\s*,(?!\s*(?:no|not|nor|never|without|nil|none)\b)[\s,]*)){0,3}?")
            continue
        lead = word.startswith("*")
        trail = word.endswith("*")
        core = word.strip("*")
        rx = r"[\s-]?".join(re.escape(piece) for piece in core.split("-"))
        parts.append((r"\w*" if lead else "") + rx + (r"\w*" if trail else ""))
    out = ""
    for i, p in enumerate(parts):
        if i and not parts[i - 1].endswith("{0,3}?"):
            # before a '...' gap a comma may follow the word: "tender, enlarged anterior cervical lymph node"; so may
            # a form field's colon: "Tonsils: swollen", "Anterior cervical nodes: tender"
            out += r"[\s,:-]+" if p.endswith("{0,3}?") else r"[\s-]+"
        out += p
    return out


def _alternation(terms: Iterable[str], case_sensitive: bool = False) -> str | None:
    frags = sorted({term_regex(t) for t in terms if t.strip()}, key=len, reverse=True)
    if not frags:
        return None
    body = "|".join(frags)
    if case_sensitive:
        body = f"(?-i:{body})"
    return rf"(?<![\w-])(?:{body})(?![\w])"


class WordIndex:
    """Word start positions of a note, so that a term list is only tried where its first word occurs."""

    def __init__(self, note: str):
        self.note = note
        self.by_word: dict[str, list[int]] = {}
        for m in _TOKEN.finditer(note):
            self.by_word.setdefault(m.group(0).lower(), []).append(m.start())
        self._words = sorted(self.by_word)
        self._reversed = sorted(w[::-1] for w in self.by_word)

    def _with_prefix(self, prefix: str, words: list[str]) -> list[str]:
        i = bisect.bisect_left(words, prefix)
        out = []
        while i < len(words) and words[i].startswith(prefix):
            out.append(words[i])
            i += 1
        return out

    def starts(self, exact: Iterable[str], prefixes: Iterable[str], suffixes: Iterable[str]) -> list[int]:
        """Start positions of the words that equal, begin with or end with the given keys."""
        words = [w for w in exact if w in self.by_word]
        for p in prefixes:
            words += self._with_prefix(p, self._words)
        for sfx in suffixes:
            words += [w[::-1] for w in self._with_prefix(sfx[::-1], self._reversed)]
        return sorted({pos for w in words for pos in self.by_word[w]})


_TOKEN = re.compile(r"\w+")


@dataclass(frozen=True)
class Matcher:
    """A compiled term list and the first-word keys that locate its candidate positions."""

    rx: re.Pattern[str]
    exact: frozenset[str]
    prefixes: tuple[str, ...]
    suffixes: tuple[str, ...]

    def finditer(self, words: WordIndex) -> Iterator[re.Match[str]]:
        """Non-overlapping matches in note order, like ``rx.finditer`` (matches start at word starts)."""
        last_end = -1
        for pos in words.starts(self.exact, self.prefixes, self.suffixes):
            if pos < last_end:
                continue
            m = self.rx.match(words.note, pos)
            if m:
                last_end = m.end()
                yield m


def _matcher(terms: list[str], abbreviations: Iterable[str] = ()) -> Matcher | None:
    parts = [p for p in (_alternation(terms), _alternation(abbreviations, case_sensitive=True)) if p]
    if not parts:
        return None
    exact: set[str] = set()
    prefixes: set[str] = set()
    suffixes: set[str] = set()
    for term in [*terms, *abbreviations]:
        first = term.split()[0]
        core = first.strip("*")
        run = _TOKEN.match(core)
        if first.startswith("*"):
            tail = re.search(r"\w+$", core)
            suffixes.add(tail.group(0).lower() if tail else "")
        elif run is None:
            prefixes.add("")  # cannot index: try every word
        elif first.endswith("*") or run.end() < len(core):
            prefixes.add(run.group(0).lower())
        else:
            exact.add(run.group(0).lower())
    return Matcher(re.compile("|".join(parts), re.I), frozenset(exact), tuple(sorted(prefixes)),
                   tuple(sorted(suffixes)))


@dataclass(frozen=True)
class Concept:
    """A compiled concept of the vocabulary."""

    name: str
    label: str
    positive: Matcher | None
    negated: Matcher | None
    historical: Matcher | None
    exclude: Matcher | None
    term_words: frozenset[str] = frozenset()  # words of the positive terms (to tell a gap's negation)


@lru_cache(maxsize=4)
def load_vocabulary(path: str | None = None) -> dict[str, Concept]:
    """Load and compile the concept vocabulary (cached)."""
    raw = json.loads(Path(path or VOCABULARY_PATH).read_text(encoding="utf-8"))
    raw = {k: v for k, v in raw.items() if not k.startswith("_")}

    def gather(name: str, key: str, seen: set[str]) -> list[str]:
        if name in seen:
            return []
        seen.add(name)
        entry = raw[name]
        out = list(entry.get(key, []))
        for sub in entry.get("includes", []):
            if sub not in raw:
                raise KeyError(f"concept '{name}' includes unknown concept '{sub}'")
            out += gather(sub, key, seen)
        return out

    vocab: dict[str, Concept] = {}
    for name, entry in raw.items():
        vocab[name] = Concept(
            name=name,
            label=entry.get("label", name),
            positive=_matcher(gather(name, "terms", set()), gather(name, "abbreviations", set())),
            negated=_matcher(gather(name, "negated_terms", set())),
            historical=_matcher(gather(name, "historical_terms", set())),
            exclude=_matcher(gather(name, "exclude", set())),
            term_words=frozenset(w.lower() for t in gather(name, "terms", set()) for w in _TOKEN.findall(t)),
        )
    return vocab


def concept_names() -> list[str]:
    """Names of the concepts in the vocabulary."""
    return sorted(load_vocabulary())


class _SentenceContext:
    """Triggers per sentence, computed once per note."""

    def __init__(self, index: SentenceIndex):
        self.index = index
        self._cache: dict[int, list] = {}

    def flags(self, start: int, end: int) -> tuple[Sentence, dict[str, list[str]]]:
        sent = self.index.at(start)
        if sent.start not in self._cache:
            self._cache[sent.start] = find_triggers(sent.text)
        return sent, assert_context(sent.text, start - sent.start, end - sent.start, self._cache[sent.start])


_GAP_NEGATION = re.compile(r"\b(?:no|not|non|without|never|nor|neither)\b|\w+n't\b", re.I)


def _gap_negation(text: str, term_words: frozenset[str]) -> str | None:
    """A negation word inside a matched mention that is not a word of the concept's own terms (so it came
    from a '...' gap, as in 'tonsils not enlarged'), else None."""
    for m in _GAP_NEGATION.finditer(text):
        if m.start() > 0 and m.group(0).lower() not in term_words:
            return m.group(0)
    return None


def _overlaps(a: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a[0] < e and s < a[1] for s, e in spans)


def find_concepts(
    note: str, concepts: Iterable[str] | None = None, *, index: SentenceIndex | None = None
) -> list[Finding]:
    """Every mention of the requested concepts (all by default), in note order, with ConText flags."""
    vocab = load_vocabulary()
    names = list(concepts) if concepts is not None else sorted(vocab)
    unknown = [n for n in names if n not in vocab]
    if unknown:
        raise KeyError(f"unknown concept(s): {', '.join(unknown)}; known: {', '.join(sorted(vocab))}")
    index = index or SentenceIndex(note)
    words = WordIndex(note)
    ctx = _SentenceContext(index)
    out: list[Finding] = []
    for name in names:
        c = vocab[name]
        excluded = [m.span() for m in c.exclude.finditer(words)] if c.exclude else []
        fixed: list[tuple[int, int, str]] = []  # (start, end, forced flag)
        for matcher, flag in ((c.negated, "negated"), (c.historical, "historical")):
            if matcher:
                fixed += [(m.start(), m.end(), flag) for m in matcher.finditer(words)]
        taken = [(s, e) for s, e, _ in fixed]
        mentions = list(fixed)
        if c.positive:
            for m in c.positive.finditer(words):
                if _overlaps(m.span(), excluded) or _overlaps(m.span(), taken):
                    continue
                mentions.append((m.start(), m.end(), ""))
        for s, e, forced in mentions:
            sent, flags = ctx.flags(s, e)
            if forced:
                flags.setdefault(forced, []).insert(0, f"term:{note[s:e]}")
            else:
                inner = _gap_negation(note[s:e], c.term_words)
                if inner:  # "tonsils not enlarged": the negation sits inside a '...' gap of the term
                    flags.setdefault("negated", []).insert(0, inner)
            out.append(Finding(
                concept=name, text=note[s:e], start=s, end=e, sentence=sent,
                negated="negated" in flags, historical="historical" in flags,
                family="family" in flags, hypothetical="hypothetical" in flags,
                triggers=[f"{cat}:{t}" for cat, ts in flags.items() for t in ts],
            ))
    out.sort(key=lambda f: (f.start, f.concept))
    return out


def resolve(
    findings: Iterable[Finding], concept: str, *, subject: str = "patient", include_historical: bool = True
) -> bool | None:
    """Fold the mentions of ``concept`` into True / False / None (see :func:`has_finding`)."""
    if subject not in ("patient", "family"):
        raise ValueError("subject must be 'patient' or 'family'")
    relevant = [
        f for f in findings
        if f.concept == concept and not f.hypothetical and (f.family == (subject == "family"))
    ]
    if not relevant:
        return None
    if include_historical:
        asserted = [f for f in relevant if not f.negated]
    else:
        asserted = [f for f in relevant if not f.negated and not f.historical]
    return bool(asserted)


def has_finding(
    note: str, concept: str, *, subject: str = "patient", include_historical: bool = True
) -> bool | None:
    """Is ``concept`` documented for the patient?

    True when at least one mention is asserted (not negated, not hypothetical and,
    for ``subject="patient"``, not about a relative); False when every mention is
    negated (or, with ``include_historical=False``, only in the past); None when the
    note does not mention it. ``subject="family"`` asks the same about relatives
    ("family history of thrombosis"). Past mentions ("history of stroke") count as
    present by default, as the risk scores ask about history.
    """
    return resolve(find_concepts(note, [concept]), concept, subject=subject, include_historical=include_historical)
