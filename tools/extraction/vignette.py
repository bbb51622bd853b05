"""A library score's items read from a short case (a vignette), each with its evidence and a status.

For every item of a point score (:data:`medmirror.tools.calculators.points.SPECS`) :func:`read_vignette`
returns an :class:`ItemReading`: the value, the quoted sentence and its offsets, how it was read, and a
status (the calibrated-answer policy's words):

* ``read``: the text settles it (span given);
* ``assumed``: the text does not mention the item; its absent option ("No", "Absent", "None", "Normal") is
  taken, or its own default, and reported as assumed;
* ``uncertain``: two options are equally supported (both named in ``candidates``), or a number falls in no
  band: left out, so the calculator refuses it by name;
* ``missing``: nothing read and no absent option: left out.

How each kind of item is read (general readers, no rule is written for one score):

* a **number** (``Number``): the shared extractor's quantity named by the item (age, vitals, labs, GCS, BMI;
  :func:`medmirror.tools.extraction.extractor.extract`) converted to the item's unit
  (:func:`medmirror.tools.calculators.units.convert`), else the first number within five words after the
  item's words, in the item's range;
* a **band** (every option states one quantity: "<9 bpm", "21-29", ">=75 years", "6-24 hours"): the same
  number, or for time bands the duration the text gives ("for the past 8 weeks"), placed in the one band
  that holds it (whole-number bands reach up to the next one: '9-14' holds 14.5);
* a **finding** (No / Yes, Absent / Present): the concept vocabulary's terms for the item (synonyms and
  abbreviations), else the sentence that uses at least half of the item's content words (each weighted by
  how few of the score's items use it); ConText (:mod:`medmirror.tools.extraction.context`) decides negation
  ("denies", "no", "does not"), and a hypothetical or a relative's mention does not count;
* a **graded choice** (any other options): each option's words (weighted by how few options use them) in
  the sentences that name the item (the whole text when none does); the best option must cover at least
  half its weight and clearly more than the next, not negated; a tie is ``uncertain``.

A wrong option is worse than an assumed one: every threshold above errs towards leaving an item out.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.prompts import render
from medmirror.tools.calculators.option_match import Quantity, quantities, quantity_agrees
from medmirror.tools.calculators.points import SPECS, Choice, Item, Number
from medmirror.tools.calculators.units import UnitConversionError, convert
from medmirror.tools.extraction.band_names import bracket_named
from medmirror.tools.extraction.choice_labels import (
    STOP,
    absent_option,
    band_holds,
    bands,
    content_words,
    is_finding,
    present_option,
    same_word,
    words,
)
from medmirror.tools.extraction.class_sets import ClassSet, class_set, mentions, verdict
from medmirror.tools.extraction.class_sets import _value as _class_value
from medmirror.tools.extraction.concepts import find_concepts
from medmirror.tools.extraction.context import assert_context, find_triggers, in_or_list, list_goes_on
from medmirror.tools.extraction.event_windows import Window, clause_at, event_name, event_option, option_windows
from medmirror.tools.extraction.extractor import Extraction, extract
from medmirror.tools.extraction.frequency import option_for, option_steps, steps_in
from medmirror.tools.extraction.joined_conditions import Condition, joined_conditions
from medmirror.tools.extraction.label_members import examples, residual_member, without_exception
from medmirror.tools.extraction.label_synonyms import label_stems
from medmirror.tools.extraction.model import Sentence
from medmirror.tools.extraction.paraphrase import Groups, alternatives, sentence_hits, text_words
from medmirror.tools.extraction.response_labels import denial_option
from medmirror.tools.extraction.task_outcome import clause_around, ends, outcome
from medmirror.tools.extraction.text import SentenceIndex
from medmirror.tools.extraction.time_bands import time_bands
from medmirror.tools.extraction.told_counts import item_noun, told_counts
from medmirror.tools.extraction.written_numbers import whole_number_stems

Status = Literal["read", "assumed", "uncertain", "missing"]
COVER = 0.5  # share of an item's (or option's) word weight a sentence must use
MAX_VARIANTS = 256  # at most this many recomputations over the unsettled items
LONE_WORD_COVER = 0.6  # the share of a question's core weight one word must carry to name it alone
MARGIN = 0.2  # how much more of its weight the chosen option must cover than the next one

# item question -> the extractor's quantity (first pattern that matches wins)
_QUANTITIES: list[tuple[str, str]] = [
    (r"\bpao2\s*/\s*fio2|\bp/f\b", "pf_ratio"), (r"\bspo2\s*/\s*fio2|\bs/f\b", "sf_ratio"),  # a ratio, not its part
    (r"pulmonary artery|\bpasp\b", ""), (r"\bpao2\b|partial pressure of oxygen", "pao2"), (r"\bpaco2\b", "paco2"),
    (r"\bfio2\b", "fio2"), (r"\bspo2\b|oxygen saturation|\bo2 sat", "spo2"),
    (r"systolic (?:bp|blood pressure|pressure)|\bsbp\b", "systolic_bp"), (r"diastolic", "diastolic_bp"),
    (r"heart rate|\bpulse\b|\bhr\b", "heart_rate"), (r"respiratory rate|respiration rate|breathing rate", "respiratory_rate"),
    (r"temperature|\btemp\b", "temperature"), (r"glasgow|\bgcs\b", "gcs"), (r"body mass index|\bbmi\b", "bmi"),
    (r"\bweight\b", "weight"), (r"\bheight\b", "height"), (r"creatinine", "creatinine"),
    (r"\bbun\b|blood urea nitrogen", "bun"), (r"\bsodium\b", "sodium"), (r"potassium", "potassium"),
    (r"glucose", "glucose"), (r"direct bilirubin", "direct_bilirubin"), (r"bilirubin", "bilirubin"),
    (r"albumin", "albumin"), (r"ha?emoglobin a1c|\bhba1c\b|\ba1c\b", "hba1c"),
    (r"ha?emoglobin|\bhgb\b|\bhb\b", "hemoglobin"), (r"ha?ematocrit", "hematocrit"), (r"platelet", "platelets"),
    (r"white (?:blood )?cell|\bwbc\b|leu[ck]ocyte count", "wbc"), (r"\binr\b", "inr"), (r"\bpha?\b", "ph"),
    (r"lactate", "lactate"), (r"calcium", "calcium"), (r"bicarbonate|\bhco3", "bicarbonate"),
    (r"\bast\b", "ast"), (r"\balt\b", "alt"), (r"total cholesterol", "total_cholesterol"), (r"\bhdl\b", "hdl"),
    (r"\bldl\b", "ldl"), (r"triglyceride", "triglycerides"), (r"troponin", "troponin"), (r"\bage\b", "age"),
]
_TIME_UNITS = {"minute": 1 / 60, "hour": 1.0, "day": 24.0, "week": 168.0, "month": 730.5, "year": 8766.0}
_WORD_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
_WORD_NUMBERS["single"] = 1
_DURATION = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?|" + "|".join(_WORD_NUMBERS) + r"|a|an)\s*(?:-\s*)?"
                       r"(minute|min|hour|hr|h|day|week|wk|month|mo|year|yr)s?\b(?![\s-]*old)", re.I)  # not an age
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉\u2010\u2011\u2012\u2013\u2212", "0123456789-----")  # '2‐4 foci', '2–4
_DURATION_UNIT = {"min": "minute", "hr": "hour", "h": "hour", "wk": "week", "mo": "month", "yr": "year"}


def _time_unit(word: str) -> str:
    """A unit word in the singular, lower case, abbreviations spelled out: a key of ``_TIME_UNITS`` when it is a time
    unit ('Hrs' -> 'hour', 'weeks' -> 'week'), else the word so normalised."""
    w = word.casefold().rstrip("s")
    return _DURATION_UNIT.get(w, w)


@dataclass
class ItemReading:
    """One item: its value (an option label or a number; None when left out), status, evidence and how."""

    name: str
    question: str
    value: Any
    status: Status
    how: str
    evidence: str = ""
    span: tuple[int, int] | None = None
    candidates: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "status": self.status, "how": self.how, "evidence": self.evidence,
                "span": list(self.span) if self.span else None, "candidates": self.candidates or None}


@dataclass
class VignetteReading:
    """The items of one score read from one text."""

    items: dict[str, ItemReading] = field(default_factory=dict)

    @property
    def args(self) -> dict[str, Any]:
        """The calculator's arguments: every item read or assumed."""
        return {k: r.value for k, r in self.items.items() if r.status in ("read", "assumed") and r.value is not None}

    @property
    def left(self) -> dict[str, str]:
        """Items left out (uncertain or missing) and why."""
        return {k: r.how for k, r in self.items.items() if r.status in ("uncertain", "missing")}

    @property
    def assumed(self) -> list[str]:
        return [k for k, r in self.items.items() if r.status == "assumed"]

    def variants(self, items: tuple[Item, ...], limit: int = MAX_VARIANTS) -> list[dict[str, Any]] | None:
        """The arguments with each unsettled choice moved within what the text allows (an uncertain item over its
        candidates, a missing one over all its options): every combination, or None when a number is unsettled
        or there are more than ``limit`` combinations (the calibrated-answer policy's recomputation)."""
        combos: list[dict[str, Any]] = [self.args]
        for item in items:
            r = self.items.get(item.name)
            if r is None or r.status not in ("uncertain", "missing"):
                continue
            if not isinstance(item, Choice):
                return None
            values = r.candidates or [o.label for o in item.options]
            if len(combos) * len(values) > limit:
                return None
            combos = [{**c, item.name: v} for c in combos for v in values]
        return combos


_DENIAL = re.compile(r"(?i)\b(?:no|not|never|without|den(?:y|ies|ied)|negative for|absence of|free of)\b")


# an acronym as a case writes it: two to six letters, at least two of them capitals ('mRS', 'NIHSS', 'KPS'; not 'As')
_ACRONYM = re.compile(r"(?<![\w-])(?=(?:[a-z]*[A-Z]){2})[A-Za-z]{2,6}(?![\w-])")


def _acronyms(items: tuple[Item, ...]) -> dict[str, dict[str, tuple[str, ...]]]:
    """Per item, initials -> stems of every run of two to five consecutive words of its question ('modified Rankin
    Scale' -> 'mrs'; a word in capitals gives itself: 'NIH Stroke Scale' -> 'nihss'); an acronym two runs share
    is left out, as is a word a question itself writes."""
    table: dict[str, set[tuple[str, ...]]] = {}
    owner: dict[tuple[str, ...], set[str]] = {}
    for it in items:
        ws = [(m.group(0), s) for m, (_, _, s) in zip(re.finditer(r"[A-Za-z][A-Za-z0-9']*|\d+(?:\.\d+)?", it.question),
                                                      words(it.question))]
        ws = [(w, s) for w, s in ws if s not in STOP or w[0].isupper()]
        for n in range(2, 6):
            for k in range(len(ws) - n + 1):
                run = ws[k:k + n]
                if any(not w[0].isalpha() for w, _ in run):
                    continue
                key = "".join(w if len(w) > 1 and w.isupper() else w[0] for w, _ in run).casefold()
                stems = tuple(s for _, s in run)
                table.setdefault(key, set()).add(stems)
                owner.setdefault(stems, set()).add(it.name)
    written = {s for it in items for _, _, s in words(it.question)}
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for k, v in table.items():
        if len(v) == 1 and k not in written:
            stems = next(iter(v))
            for name in owner[stems]:
                out.setdefault(name, {})[k] = stems
    return out


def _or_list_member(sentence: str, a: int) -> bool:
    """Is the value at offset ``a`` a member of an 'or' list opened by a denial ('denies previous VTE, cancer,
    immobilization for more than 7 days, or age above 60 years')?"""
    start = max((m.end() for m in _DENIAL.finditer(sentence[:a])), default=-1)
    return start >= 0 and in_or_list(sentence[start:a], sentence[a:])


class _Text:
    """The text once split: sentences with their stems and ConText triggers; the extractor's values on demand."""

    def __init__(self, text: str):
        self.text = text = text.translate(_SUBSCRIPTS)  # 'FEV₁' is FEV1, dashes are hyphens (offsets kept)
        self.sentences: list[Sentence] = SentenceIndex(text).sentences or [Sentence(text, 0, len(text))]
        self.stems = self.base_stems = [words(s.text) for s in self.sentences]
        self._triggers: dict[int, Any] = {}

    def for_item(self, table: dict[str, tuple[str, ...]]) -> None:
        """Read the next item: a sentence's acronym of the item's own words ('mRS' for 'modified Rankin Scale') uses
        those words (their stems at the acronym's span) for this item only."""
        self.stems = list(self.base_stems)
        if not table:
            return
        for i, s in enumerate(self.sentences):
            extra = [(m.start(), m.end(), w) for m in _ACRONYM.finditer(s.text)
                     for w in table.get(m.group(0).casefold(), ())]
            if extra:
                self.stems[i] = sorted(self.stems[i] + extra)

    def triggers(self, i: int) -> Any:
        if i not in self._triggers:
            self._triggers[i] = find_triggers(self.sentences[i].text)
        return self._triggers[i]

    @cached_property
    def extraction(self) -> Extraction:
        return extract(self.text, findings=False)

    @cached_property
    def findings(self) -> list[Any]:
        return find_concepts(self.text)

    def flags(self, i: int, start: int, end: int) -> dict[str, list[str]]:
        """ConText's categories for sentence ``i``'s words at [start, end) (sentence offsets)."""
        return assert_context(self.sentences[i].text, start, end, self.triggers(i))

    def denied_at(self, span: tuple[int, int] | None) -> bool:
        """Is the value at ``span`` (document offsets) denied in its own clause ('shows no mucositis of grade 2 or
        higher'; not 'no chest pain, heart rate 120', where the denial ends at the comma): ConText negates it and a
        negation opens the clause the value closes."""
        if span is None:
            return False
        for i, s in enumerate(self.sentences):
            if s.start <= span[0] < s.end:
                a = span[0] - s.start
                m = re.match(r"[\w.]+", s.text[a:])
                clause = re.split(r"[,;:]|\b(?:and|but|with|while|whereas|although|though)\b", s.text[:a])[-1]
                negated = "negated" in self.flags(i, a, a + (m.end() if m else 1))
                return negated and (bool(_DENIAL.search(clause)) or _or_list_member(s.text, a))
        return False

    def quote(self, i: int) -> tuple[str, tuple[int, int]]:
        s = self.sentences[i]
        return s.text, (s.start, s.end)


@lru_cache(maxsize=1)
def _library_df() -> Counter[str]:
    """How many items of the whole library use each naming word (a word many items use is no item's own)."""
    return Counter(w for spec in SPECS.values() for it in spec.items for w in set(_naming_words(it.question)))


def _distinctive_head(word: str, weights: dict[str, float]) -> bool:
    """Is ``word`` the item's distinctive head: the word at most half as many of the library's items use as any
    other word of the item ('flail' of 'Flail chest', 'bacteremia' of 'Persistent bacteremia'; 'Hard testicle' has none)?"""
    df = _library_df()
    return all(df[word] * 2 <= df[w] for w in weights if w != word)


def _hits(stems: list[tuple[int, int, str]], wanted: dict[str, float]) -> dict[str, tuple[int, int]]:
    """Which wanted stems a sentence uses, each with its first span."""
    out: dict[str, tuple[int, int]] = {}
    for a, b, s in stems:
        for w in wanted:
            if w not in out and same_word(s, w):
                out[w] = (a, b)
    return out


def _cover(hits: dict[str, Any], weights: dict[str, float]) -> float:
    total = sum(weights.values())
    return sum(weights[w] for w in hits) / total if total else 0.0


def _naming(t: _Text, weights: dict[str, float]) -> list[tuple[int, float, dict[str, tuple[int, int]]]]:
    """(sentence, coverage, hits) of the sentences using at least :data:`COVER` of the weight, best first."""
    out = []
    for i, stems in enumerate(t.stems):
        hits = _hits(stems, weights)
        c = _cover(hits, weights)
        if len(hits) == 1 and len(weights) > 1 and c <= COVER + 1e-9 and not _distinctive_head(next(iter(hits)), weights):
            continue  # one word names an item of several only when it outweighs the others together or is its
            # distinctive head ('bacteremia' of 'Persistent bacteremia'), not a half of it ('chest' is no 'Flail chest')
        if hits and c >= COVER - 1e-9:
            out.append((i, c, hits))
    return sorted(out, key=lambda x: -x[1])


@lru_cache(maxsize=4096)
def _item_concept_words(question: str) -> tuple[frozenset[str], frozenset[str]]:
    """The vocabulary's concepts the item *is* (their terms cover at least half of its content words), and the words
    of those terms."""
    found = [f for f in find_concepts(question) if f.affirmed]
    parts = [(0, len(question))] + _or_parts(question)
    out, used, named = set(), set(), set()
    for f in found:
        inside = content_words(question[f.start:f.end], keep_time=False)
        for a, b in parts:
            total = len(content_words(question[a:b], keep_time=False))
            if _modifies(question[f.end:b], f.concept):
                continue  # the term modifies the noun after it: 'Tumor necrosis' is no tumor
            if a <= f.start and f.end <= b and total and len(inside) / total >= COVER:
                out.add(f.concept)
                used.update(inside)
                named.add((a, b))
    if out:  # an alternative no concept names is named by its own words ('Presyncope or syncope')
        used.update(w for a, b in parts[1:] if (a, b) not in named for w in content_words(question[a:b], keep_time=False))
    return frozenset(out), frozenset(used)


# words after a term that do not make it the modifier of another thing ('Hypertension present', 'Syncope history',
# 'Long term care resident')
_NOT_HEADS = re.compile(r"(?i)(?:present|absent|history|use|used|diagnos\w*|needed|requir\w*|status|noted|suspected|"
                        r"confirmed|known|positive|negative|symptoms?|events?|episodes?|resident|patient|user|smoker)")


def _modifies(after: str, concept: str) -> bool:
    """Does a concept's term in an item come right before the noun the item is about ('Tumor necrosis present': the
    necrosis of a tumor), a noun that is not the same concept ('Insulin-requiring diabetes') nor a word that only says
    the concept is there ('present', 'history')?"""
    rest = [w for w in re.sub(r"\([^()]*\)", " ", after).split() if not _NOT_HEADS.fullmatch(w)]
    if len(rest) != 1 or not re.fullmatch(r"[A-Za-z]+", rest[0]) or not content_words(rest[0]) \
            or not re.match(r" +[A-Za-z]", after):
        return False
    return concept not in {f.concept for f in find_concepts(rest[0])}


def _or_parts(question: str) -> list[tuple[int, int]]:
    """The alternatives an item joins with 'or' / 'and/or' / '/' outside brackets ('Symptoms of angina or dyspnea'),
    as offsets; none when an alternative starts with a grade or number ('NYHA class III or IV heart failure': the
    'or' joins grades of one thing)."""
    plain = re.sub(r"\([^()]*\)", lambda m: " " * len(m.group(0)), question)
    cuts = [(m.start(), m.end()) for m in re.finditer(r"\s+(?:and/or|or)\s+|\s*/\s*", plain)]
    if not cuts:
        return []
    bounds = [0, *[x for c in cuts for x in c], len(plain)]
    parts = [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]
    if any(re.match(r"\s*(?:\d|[IVX]+\b|(?:mild|moderate|severe|grade|class|stage)\b)", plain[a:b]) for a, b in parts):
        return []
    return parts


def _item_concepts(question: str) -> frozenset[str]:
    return _item_concept_words(question)[0]


# an item named by its absence: 'Absent cremasteric reflex', 'Loss of consciousness' is not (a loss is an event)
_ABSENT_ITEM = re.compile(r"(?i)\s*(?:absent|absence of|lack of|lacking|without)\b")


@lru_cache(maxsize=4096)
def _negated_question(question: str) -> bool:
    """Does the item ask about an absence ('cannot be explained by another condition')?"""
    if _ABSENT_ITEM.match(question):
        return True
    trig = find_triggers(question)
    ws = [(a, b) for a, b, s in words(question) if s not in STOP]
    neg = sum("negated" in assert_context(question, a, b, trig) for a, b in ws)
    return bool(ws) and neg * 2 > len(ws)


_ABNORMAL = re.compile(r"(?i)\b(?:elevat|high|low|abnormal|increas|decreas|above|below|raised|reduced|upper limit|"
                       r"lower limit)|[<>≥≤]")
# not "limit of normal", nor a side of it ("above normal", "below the normal range", "higher than normal")
_NORMAL = re.compile(r"(?i)(?<!ab)(?<!of )(?<!above )(?<!below )(?<!above the )(?<!below the )(?<!than )(?<!than the )"
                     r"(?<!outside )(?<!outside the )(?<!beyond )(?<!beyond the )"
                     r"\b(?:normal|within (?:the )?(?:normal|reference) (?:limits|range)|unremarkable|wnl)\b")


def _overlap(a: Quantity, b: Quantity) -> bool:
    return not (a.high < b.low or b.high < a.low or (a.high == b.low and (a.high_open or b.low_open))
                or (b.high == a.low and (b.high_open or a.low_open)))


# a count's scale written after its number ('15x10^9/L', '350 × 10⁹/L', '4.5x10*3/uL'): part of the unit, not a number
_SCALE = re.compile(r"\s*[x×*]\s*10\s*(?:\^|\*\*)?\s*[0-9⁰¹²³⁴⁵⁶⁷⁸⁹]+(?:\s*/\s*[a-zµμ]+)?", re.I)


def _thresholds(question: str) -> list[Quantity]:
    """The cut-offs a finding states, any of which makes it present ('Hypotension (SBP <100)', 'Age >= 65',
    'Temp >38 degC (100.4 degF) or <36 degC (96.8 degF)': a bracket restating a cut in other units is not read when
    the cuts stand outside it); empty when it states none, or a plain number."""
    text = _SCALE.sub(" ", question.replace("≥", ">=").replace("≤", "<="))  # '>15x10^9/L' is '>15' (its unit)
    for t in (re.sub(r"\([^()]*\)", " ", text), text):
        qs = quantities(t)
        if qs and all(math.inf in (-q.low, q.high) for q in qs):
            return qs
        if qs:
            return []
    return []


def _zero_option(item: Choice) -> str | None:
    """A graded item's unique lowest option scoring 0 (its normal state: 'Fully capable of self-care (0)')."""
    low = min(o.points for o in item.options)
    zero = [o.label for o in item.options if o.points == low == 0]
    return zero[0] if len(zero) == 1 else None


def _asks(question: str) -> bool:
    """A questionnaire's question ('Are you basically satisfied with your life?'): its answer is never assumed."""
    return question.rstrip().endswith("?") or bool(re.match(r"(?i)(?:\d+[a-z]?\.\s*)?(?:do|are|have|did|were|is|has|"
                                                            r"can|could|would|how|in the past)\b", question))


def _assumed(item: Choice, why: str, *, graded: bool = False) -> ItemReading:
    label = item.default if _asks(item.question) else (
        absent_option(item) or item.default or (_zero_option(item) if graded else None))
    if label is None:
        return ItemReading(item.name, item.question, None, "missing", why)
    return ItemReading(item.name, item.question, label, "assumed", f"{why}; '{label}' assumed")


def _paraphrased(t: _Text, alts: list[Groups]) -> tuple[list[tuple[int, float, dict[str, tuple[int, int]]]], set[int]]:
    """The sentences naming a question item by the core words of one of its questions
    (:mod:`medmirror.tools.extraction.paraphrase`), best first, and those of them that name it by an antonym."""
    out, flipped = [], set()
    for i, s in enumerate(t.sentences):
        best = None
        for groups in alts:
            got = sentence_hits(text_words(s.text), groups)
            if got is None:
                continue
            cover, hits, anti = got
            if len(hits) == 1 and len(groups) > 1 and cover < LONE_WORD_COVER:
                continue  # one word of several names the item only when it clearly outweighs the others together
            if hits and cover >= COVER - 1e-9 and (best is None or cover > best[0]):
                best = (cover, hits, anti)
        if best is not None:
            out.append((i, best[0], best[1]))
            if best[2]:
                flipped.add(i)
    return sorted(out, key=lambda x: -x[1]), flipped


# a denial as a case writes a questionnaire's answer ('denies', 'does not', 'cannot', 'unable to', 'lack of'), and
# the words that end its reach when they come after it ('without a condom ... and confirms using', 'but reports')
_ANSWER_DENIAL = re.compile(r"(?i)\b(?:no|not|never|none|nor|neither|without|cannot|unable|lacks?|lacking|"
                            r"den(?:y|ies|ied|ying)|negative for|absence of|free of)\b|n't\b")
_LOCAL_DENIAL = re.compile(r"(?i)without|lacks?|lacking|absence of|free of")  # of one noun phrase, not of a list
_AFFIRMING = re.compile(r"(?i)\b(?:but|however|although|though|yet|whereas|while)\b|(?:,|\band\b)\s+(?:(?:he|she|they|"
                        r"the patient|also|does|did|has|had)\s+)*(?:admit|confirm|report|endors|acknowledg|describ|stat|"
                        r"mention|express|experienc|say|said)\w*")


def _denial_reaches(sentence: str, a: int) -> bool:
    """Does the last denial before offset ``a`` still hold there: no 'but' or affirming verb of a new clause between
    ('denies A but reports B', 'without a condom with 5 partners and confirms using methamphetamines'; not 'does not
    report A' or 'no reported instances of A'); a denial of a noun phrase ('a lack of satisfaction, feeling bored')
    does not reach past a comma but to an 'or' list's members ('without any history of A, B, or C')?"""
    last = None
    for last in _ANSWER_DENIAL.finditer(sentence[:a]):
        pass
    if last is None or _AFFIRMING.search(sentence[last.end():a]):
        return False
    return not (_LOCAL_DENIAL.fullmatch(last.group(0)) and re.search(r"[,;]", sentence[last.end():a])
                and not _or_list_member(sentence, a))


def _anchored(stems: list[tuple[int, int, str]], hits: dict[str, tuple[int, int]], weights: dict[str, float]
              ) -> dict[str, tuple[int, int]]:
    """The hits with each word taken where it stands nearest the item's heaviest word ('denies that her partner
    wants to kill her, but acknowledges that her partner has threatened her': the second 'partner' goes with
    'threatened')."""
    if len(hits) < 2:
        return hits
    head = max(hits, key=weights.get)
    anchor = hits[head][0]
    out = {}
    for w in hits:
        spans = [(a, b) for a, b, s in stems if same_word(s, w)] or [hits[w]]
        out[w] = min(spans, key=lambda x: abs(x[0] - anchor)) if w != head else hits[w]
    return out


def _names_the_relative(phrases: Any, score_words: Any) -> bool:
    """Does the questionnaire name the relative ConText found ('her partner', 'his mother'): its questions ask what that
    person did ('Have you been hit by your partner?', 'Do you believe they are capable of killing you?'), the patient
    is still their subject?"""
    return any(same_word(words(p)[-1][2], w) for p in phrases if words(p) for w in score_words)


def _finding(item: Choice, t: _Text, weights: dict[str, float], groups: list[Groups] | None = None,
             score_words: frozenset[str] = frozenset()) -> ItemReading:
    yes, no = present_option(item), absent_option(item)
    cuts = _thresholds(item.question)
    if cuts:
        got = _measured(item.question, _written_unit(item.question), t, weights, lambda x: True, soft=True)
        if got is not None:
            b = got.bound
            holds = any(quantity_agrees(c, b) if b else c.holds(got.value) for c in cuts)
            apart = b is not None and not holds and not any(_overlap(c, b) for c in cuts)
            if b is None or holds or apart:
                said = b.text if b else f"{got.value:g}"
                cut_text = " or ".join(c.text for c in cuts)
                denied = holds and t.denied_at(got.span)  # 'no mucositis of grade 2 or higher'
                return ItemReading(item.name, item.question, yes if holds and not denied else no, "read",
                                   f"{got.how}: {said} {'meets' if holds else 'does not meet'} '{cut_text}'"
                                   + (", denied" if denied else ""), got.quote, got.span)
    if (cs := class_set(item.question)) is not None and (r := _class_reading(item, cs, t)) is not None:
        return r
    flip = _negated_question(item.question)
    if flip:
        yes, no = no, yes
    concepts = _item_concepts(item.question)
    if concepts:
        mentions = [f for f in t.findings if f.concept in concepts and not (f.family or f.hypothetical)]
        if mentions:
            pos = [f for f in mentions if not f.negated]
            f = (pos or mentions)[0]
            return ItemReading(item.name, item.question, yes if pos else no, "read",
                               f"concept {f.concept}: '{f.text}'" + ("" if pos else " (negated)"),
                               f.sentence.text, (f.start, f.end))
    named = _naming(t, weights)
    if concepts:  # the text does not use the concept's terms: a sentence must at least use one of its words
        core = _item_concept_words(item.question)[1]  # ('a previous diagnosis of hemorrhage' is no 'Diagnosed hypertension')
        named = [n for n in named if any(same_word(h, w) for h in n[2] for w in core)]
    flipped: set[int] = set()
    asked = _asks(item.question)
    by_core = not named and bool(groups) and asked
    if by_core:
        named, flipped = _paraphrased(t, groups)
    if not named:
        return _assumed(item, f"no sentence names it ({', '.join(weights)})")
    for i, cover, hits in named:
        if asked and not by_core:
            hits = _anchored(t.stems[i], hits, weights)
        votes = Counter()
        for a, b in list(hits.values())[:1] if by_core else hits.values():  # core words: the item's own word decides
            flags = dict(t.flags(i, a, b))
            if by_core and "negated" in flags and not _denial_reaches(t.sentences[i].text, a):
                del flags["negated"]  # 'without a condom ... and confirms using methamphetamines
            if asked and _names_the_relative(flags.get("family", ()), score_words):
                del flags["family"]  # 'her partner punched her' answers 'have you been hit by your partner?'
            non = re.search(r"(?i)\bnon[- ]?$", t.sentences[i].text[max(0, a - 4):a]) and not _non_in_question(
                item.question, t.sentences[i].text[a:b])  # 'non-alcoholic' answers 'Non-alcoholic etiology'
            votes["other" if ("family" in flags or "hypothetical" in flags) else
                  "negated" if "negated" in flags or non else "affirmed"] += 1
        if votes["other"] > votes["negated"] + votes["affirmed"]:
            continue
        kind = "negated" if votes["negated"] else "affirmed"  # 'pleural fluid is not purulent
        if i in flipped:  # an antonym names it ('dissatisfied with life' for 'satisfied with your life')
            if kind == "negated":
                continue  # 'denies feeling sad' does not say 'happy'
            kind = "negated"
        quote, span = t.quote(i)
        if kind == "affirmed" and _ABNORMAL.search(item.question) and (
                _NORMAL.search(_clause(quote, hits)) or _normal_list(quote, hits)):
            kind = "negated"  # 'normal hemoglobin' answers 'Hemoglobin < lower limit of normal'

        return ItemReading(item.name, item.question, no if kind == "negated" else yes, "read",
                           f"{', '.join(hits)} named ({cover:.0%} of the item's words){' negated' * (kind == 'negated')}"
                           + (" (by an antonym)" if i in flipped else " (core words)" if by_core else ""), quote, span)
    return _assumed(item, "named only for a relative or as a possibility")


_CLASS_DENIAL = re.compile(r"(?i)\b(?:no|not|never|without|lack\w*|negative|absen\w+|den(?:y|ies|ied)|free of|"
                           r"rule[sd]? out|excluded)\b")


def _class_reading(item: Choice, cs: ClassSet, t: _Text) -> ItemReading | None:
    """A finding naming a set of classes ('NYHA class III or IV heart failure') read from the class the case gives
    (:mod:`medmirror.tools.extraction.class_sets`): a mention after the scale's name anywhere, a bare one ('class
    IV') only within three words of another of the item's words in its clause ('class IV heart failure'; any when it has none); a
    mention denied in its own clause does not count. None when no class settles it."""
    key = words(cs.keyword)[0][2]
    others = [w for w in content_words(item.question, keep_time=False)
              if not (w.isdigit() or re.fullmatch(r"[ivx]+", w) or same_word(w, key))]
    found, first = [], None
    for i, s in enumerate(t.sentences):
        for m in mentions(cs, s.text):
            clause = re.split(r"[,;]|\b(?:and|but|while|whereas)\b", s.text[:m.at])[-1]
            if t.denied_at((s.start + m.at, s.start + m.end)) or _CLASS_DENIAL.search(clause):
                continue  # 'no Type 1/like CALR mutation', 'lacking type 1', 'negative for type 1'
            if not m.qualified and others:  # within three words before or after ('class IV heart failure')
                before = re.split(r"[,;]|\b(?:and|but|or|with)\b", s.text[:m.start])[-1].split()[-3:]
                after = re.split(r"[,;]|\b(?:and|but|or|with)\b", s.text[m.end:])[0].split()[:3]
                if not _hits(words(" ".join(before + after)), dict.fromkeys(others, 1.0)):
                    continue
            found.append(m)
            first = first or (i, m)
    answer = verdict(cs, found)
    if answer is None or first is None:
        return None
    i, m = first
    s = t.sentences[i]
    label = present_option(item) if answer else absent_option(item)
    return ItemReading(item.name, item.question, label, "read",
                       f"class '{s.text[m.start:m.end]}' {'in' if answer else 'not in'} '{cs.text}'",
                       s.text, (s.start + m.start, s.start + m.end))


_NORMAL_AFTER = re.compile(r"(?i)^(?:(?!\b(?:are|were|is|was)\b)[\w\s,/-])*?\b(?:are|were|is|was)\s+(?:all\s+|both\s+)?(?:within\s+(?:the\s+)?(?:normal|"
                           r"reference)|normal|unremarkable)\b")


def _normal_list(sentence: str, hits: dict[str, tuple[int, int]]) -> bool:
    """Is the item a member of a list called normal ('normal levels of calcium, BUN, LDH and albumin', 'calcium, BUN
    and LDH are within normal limits'): a 'normal' before it over bare names, or one after the list's last name?"""
    a, b = min(x for x, _ in hits.values()), max(y for _, y in hits.values())
    before = [m for m in _NORMAL.finditer(sentence[:a])]
    if before and list_goes_on(sentence[before[-1].end():a], sentence[b:]) and "," in sentence[before[-1].end():a] + \
            sentence[b:b + 2]:
        return True
    return bool(_NORMAL_AFTER.match(sentence[b:])) and not re.search(r"\b(?:but|while|whereas|except)\b",
                                                                   sentence[b:b + 80])


@lru_cache(maxsize=4096)
def _non_in_question(question: str, word: str) -> bool:
    """Does the item itself say 'non-' before ``word`` ('Non-alcoholic etiology of cirrhosis')?"""
    w = words(word)
    return bool(w) and any(same_word(s, w[0][2]) for a, _, s in words(question)
                           if re.search(r"(?i)\bnon[- ]?$", question[max(0, a - 4):a]))


def _clause(sentence: str, hits: dict[str, tuple[int, int]]) -> str:
    """The comma/and-delimited stretch of ``sentence`` around the hits."""
    a, b = min(x for x, _ in hits.values()), max(y for _, y in hits.values())
    cuts = [m.end() for m in re.finditer(r",|;|\band\b|\bbut\b", sentence[:a])]
    end = re.search(r",|;|\band\b|\bbut\b", sentence[b:])
    return sentence[(cuts[-1] if cuts else 0):(b + end.start() if end else len(sentence))]


def _quantity_name(question: str) -> str | None:
    q = question.translate(_SUBSCRIPTS).lower()  # 'PaO₂/FiO₂' is 'PaO2/FiO2'
    return next((name for rx, name in _QUANTITIES if re.search(rx, q)), None) or None


_CMP_BEFORE = re.compile(r"(>=|<=|=>|=<|≥|≤|>|<|\babove|\bbelow|\bover|\bunder|\bexceeding|\bless than|\bmore than|"
                         r"\bgreater than|\bfewer than|\bat least|\bat most|\bup to)\s*$", re.I)


def _bound(before: str, x: float) -> Quantity | None:
    """The interval a comparison right before a number states ('>300', 'below 10'), else None (a plain value)."""
    m = _CMP_BEFORE.search(before)
    if not m:
        return None
    qs = quantities(f"{m.group(1)} {x:g}".replace("≥", ">=").replace("≤", "<="))
    q = qs[0] if qs and not qs[0].is_point else None
    if q is not None and re.search(r"(?i)\bnot\s+(?:be\s+|been\s+)?$", before[:m.start()]):
        # 'not below 100' is '>= 100': the complement (one side of it is infinite)
        low = q.high if q.low == -math.inf else -math.inf
        high = q.low if q.low != -math.inf else math.inf
        q = Quantity(low, high, low_open=not q.high_open if low != -math.inf else False,
                     high_open=not q.low_open if high != math.inf else False, unit=q.unit,
                     text=f"not {q.text}", decimals=q.decimals, span=q.span)
    return q


@dataclass
class _Reading:
    value: float
    how: str
    quote: str
    span: tuple[int, int]
    bound: Quantity | None = None  # the text states an interval ('>300'), not the value itself


# the words between the item's and its number do not cross a comma ('>50 units of insulin over 12 hours, have serum
# glucose >300' gives insulin no 300), nor does a comma right after the item's words open a new clause ('admitted from
# the hospital, and has an IL-6 level of 250': no 250 days in hospital; 'enjoyment of life, rated at 9/10' is read)
# a unit written onto its number ('30mL', '5cm', '12mg/dL'): the number ends there all the same ('3rd' does not)
_GLUED_UNIT = r"(?:mmhg|ml|mg|mcg|mmol|µmol|umol|meq|cm|mm|kg|bpm|iu|u/l|g/dl|g/l)(?![a-z])"
_NUMBER_AFTER = re.compile(r"(?:[^\w,;]|[,;](?!\s*(?:and|but|or|while|whereas)\b))*(?:[A-Za-z][\w/'-]*[^\w,;]+){0,5}?(\d{1,3}(?:,\d{3})+(?![\d,])|\d+(?:\.\d+)?(?!\d|\.\d)|"  # '80.' ends a sentence
                           + "|".join(sorted(_WORD_NUMBERS, key=len, reverse=True)) + r")(?:\b|(?=[x×]\s*10)|(?=" + _GLUED_UNIT + "))", re.I)


_NUMBER_BEFORE = re.compile(r"(?<![\w./-])(\d+(?:\.\d+)?|" + "|".join(sorted(_WORD_NUMBERS, key=len, reverse=True))
                            + r")(?:\s*%\s+of\s+(?:the\s+|his\s+|her\s+|their\s+)?|(?:\s*%)?\s+)(?:[A-Za-z]+\s+)?$",
                            re.I)  # '40% FiO2', 'a single brain metastasis', '20% of the biopsy cores'


def _alternative_names(question: str, weights: dict[str, float]) -> list[dict[str, float]]:
    """The item's weights, and those of each alternative name it gives ('Karnofsky or Lansky scale')."""
    parts = re.split(r"\bor\b|/", re.sub(r"\([^()]*\)", " ", question))
    alts = [{w: weights[w] for w in content_words(p, keep_time=False) if w in weights} for p in parts] if len(parts) > 1 else []
    return [weights, *(a for a in alts if a)]


_TIME_AFTER = re.compile(r"[\s-]*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?)\b(?![\s-]*old)",
                         re.I)


def _number_after(t: _Text, weights: dict[str, float], ok: Any, question: str = "", unit: str = "") -> _Reading | None:
    """The first number (in digits or a word up to twelve) within five words after a sentence's use of the item's
    words (or of one of its alternative names), accepted by ``ok``: after its most telling word first (the 'ASPECTS'
    of 'ASPECTS score', not the 'score' of 'NIHSS score is 4'); a number with a time unit ('2 years after') is no
    value of an item measured in another unit."""
    timed = _time_unit(unit) in _TIME_UNITS or (
        not unit and bool(re.search(r"(?i)\b(?:time|duration|minutes?|hours?|days?|weeks?|months?|years?)\b", question)))
    named = [n for w in _alternative_names(question, weights) for n in _naming(t, w)] if question else _naming(t, weights)
    for i, _, hits in named:
        s = t.sentences[i]
        firsts = [b for _, b in sorted(((-weights.get(h, 0.0), b) for h, (_, b) in hits.items()))]
        later = sorted(b for _, b, w in t.stems[i] if b not in firsts and any(same_word(w, h) for h in hits))
        for end in firsts + later:  # a later use of the item's words last ('no bone metastases but metastatic
            m = _NUMBER_AFTER.match(s.text[end:])  # involvement of more than three vertebral bodies')
            if m and (_part_of_a_name(s.text, end + m.start(1), end + m.end(1))
                      or _written_in(question, m.group(1), s.text[end + m.end(1):])):
                end += m.end(1)  # the number is the item's own ('IL-6 level of 420', 'in the last 6 months, 3 men'):
                m = _NUMBER_AFTER.match(s.text[end:])  # the next one
            if not m:
                continue
            tail = s.text[end + m.end(1):]
            if re.match(r"\s*[x×](?!\s*10)", tail):
                continue  # a magnification ('per 200× field') names the item, it is no value
            if not timed and _TIME_AFTER.match(tail):
                continue
            if tail[:1].isalpha() and not (unit and tail.lower().startswith(unit.lower().replace(" ", ""))):
                continue  # a glued unit other than the item's ('a single tumor measuring 4cm' has no 4 tumors)
            start = next((a for a, b, _ in t.stems[i] if b == end), end)
            if _part_of_a_name(s.text, end + m.start(1), end + m.end(1)) or _written_in(question, m.group(1), tail) \
                    or _foreign_unit(tail, unit, question) or _anothers_name(
                        s.text[:start], s.text[end:end + m.start(1)], question, weights):
                continue  # '4 cm' for a percentage, '7 liters' for BUN
            sign = -1.0 if re.search(r"(?:^|[\s(:=])-$", s.text[:end + m.start(1)]) else 1.0  # 'T-score of -2.8'
            x = sign * float(_WORD_NUMBERS.get(m.group(1).lower(), m.group(1).replace(",", "")))
            x = _in_time_unit(x, tail, unit) if timed else x
            if x is not None and ok(x):
                a = end + m.start(1)
                return _Reading(x, "the number after the item's words", s.text, (s.start + a, s.start + end + m.end(1)),
                                _bound(s.text[max(0, a - 20):a], x))
    for i, _, hits in named:  # then a count right before them ('fewer than four bowel movements a day'), before
        s = t.sentences[i]  # its first word, else before a later one ('the biopsy showed ... 20% of the cores')
        for first in sorted(a for a, _ in hits.values()):
            m = _NUMBER_BEFORE.search(s.text[:first])
            if m and ok(x := float(_WORD_NUMBERS.get(m.group(1).lower(), m.group(1)))):
                return _Reading(x, "the number before the item's words", s.text, (s.start + m.start(1), s.start + first),
                                _bound(s.text[max(0, m.start(1) - 20):m.start(1)], x))
    return None


def _anothers_name(before: str, between: str, question: str, weights: dict[str, float]) -> bool:
    """Does the item's word head another thing's name ('platelet count' for 'Leukocyte count', 'Revised Trauma Score'
    for 'Injury Severity Score': two capitalised words), or, for an item that is a quantity, do the words up to the
    number name another quantity ('serum albumin of 2.3' for 'Serum calcium')? Checked on the two words before the
    item's word (in its clause) and the words between."""
    own = _quantity_name(question)
    mine = lambda w: any(same_word(w, x) for x in weights)  # noqa: E731
    last = re.split(r"[,;()]|\b(?:and|or|but|with|of)\b", before)[-1].split()[-2:]
    # between: for an item that is a quantity itself, else only what follows a comma ('tracheal secretions, a PaO2/FiO2
    # ratio of 230': a new clause naming another quantity gives the item no number)
    after_comma = re.split(r"[,;]", between, maxsplit=1)[1] if re.search(r"[,;]", between) else ""
    for chunk in (" ".join(last), between if own else after_comma):
        foreign = [w for a, b, w in words(chunk) if not mine(w) and _quantity_name(chunk[a:b]) not in (None, own)]
        if foreign:
            return True
    caps = [w for w in last if re.fullmatch(r"[A-Z][a-z]{2,}", w) and w.casefold() not in STOP
            and not mine(words(w)[0][2])]
    return len(caps) == 2 and bool(before[:before.rfind(last[0])].strip())  # a proper name ('Revised Trauma Score'),
    # not the sentence's first words


def _part_of_a_name(sentence: str, a: int, b: int) -> bool:
    """Is the number at [a, b) glued by a hyphen to the word before it and followed by no digit ('IL-6 level',
    'ACQ-5 score', 'COVID-19'): part of a name, not a value ('T-score of -2.5' keeps its spaces)?"""
    return bool(re.search(r"[A-Za-z]-$", sentence[:a])) and not re.match(r"\.?\d", sentence[b:b + 2])


def _written_in(question: str, number: str, tail: str) -> bool:
    """Does the item itself write this number with the word after it as its setting ('in the last 6 months', 'within
    the first 24 hours'), not as a cut-off?"""
    w = re.match(r"[\s-]*([A-Za-z]+)", tail)
    if not w or not number[:1].isdigit():
        return False
    return bool(re.search(rf"\b(?:in|within|last|past|over|previous|prior|first|during|for)\s+(?:the\s+)?"
                          rf"(?:last\s+|past\s+|first\s+)?{re.escape(number)}[\s-]*{re.escape(w.group(1).rstrip('s'))}",
                          question, re.I))  # a setting, not a cut-off ('Cervical dilation >= 4 cm')


# a unit as a case writes it right after a number (a bare word such as 'in' or 'a' is no unit here)
_TEXT_UNIT = re.compile(r"\s*(%|(?:[x×]\s*10\s*(?:\^|\*\*)?\s*[0-9⁹³]+\s*)?(?:[A-Za-zµμ]+\s*)?/\s*[\wµμ³^]+(?:\s*h2o)?"
                        r"(?:\s*/\s*\w+)?|mm\s*hg|cm\s*h2o|mmol|meq|mg|kg|mcg|g|ml|liters?|litres?|mm|cm|ms|msec|°[cf]|º[cf]|"
                        r"deg[cf]|iu|units?)(?![\w/])", re.I)
_MEASURED = ("g/dL", "mmol/L", "mL", "cm", "g", "10^9/L")  # amounts, concentrations, volumes, lengths, counts
_DIMENSIONLESS = re.compile(r"(?i)\b(?:score|scale|index|grade|class|stage|ratio|questionnaire)\b")


def _is_count(unit: str) -> bool:
    try:
        convert(1.0, unit, "x10^9/L")
        return True
    except (UnitConversionError, ValueError, KeyError):
        return False


def _converts(a: str, b: str) -> bool | None:
    """Does ``a`` convert to ``b`` (True), measure another kind of quantity (False), or is either unknown (None)?"""
    counts = [_is_count(x) for x in (a, b)]
    if counts[0] != counts[1]:
        return False  # a count per volume ('0.8 x 10³/mm³') is no concentration or length
    try:
        convert(1.0, a, b)
        return True
    except UnitConversionError as err:
        return False if re.search(r"different kind|expected a count", str(err)) else None
    except (ValueError, KeyError):
        return None


def _foreign_unit(tail: str, unit: str, question: str) -> bool:
    """Is the number's unit one the item cannot be measured in ('4 cm' for a percentage, '7 liters' for BUN in
    mg/dL, '9 g/dL' for a unitless ratio or score)? A unit the converter does not know is never foreign."""
    m = _TEXT_UNIT.match(tail)
    if not m:
        return False
    said = _DEGREES.get(m.group(1).replace(" ", "").casefold(), m.group(1).strip())
    if unit:  # only a unit written as a case would write one ('mg/dL', '%'; not the 'x' of 'x 10^9/L' or 'cells')
        own = _TEXT_UNIT.fullmatch(" " + unit)
        return bool(own) and _converts(said, _DEGREES.get(unit.casefold(), unit)) is False
    if unit or said == "%" or _quantity_name(question) or not _DIMENSIONLESS.search(question):
        return False
    return any(_converts(said, x) for x in _MEASURED)  # a score or ratio has no amount, length or concentration


def _in_time_unit(x: float, tail: str, unit: str) -> float | None:
    """A duration after the number ('4 weeks') in the item's time unit ('year'); ``x`` unchanged when either has no
    time unit."""
    m = _TIME_AFTER.match(tail)
    to = _time_unit(unit)
    if not m or to not in _TIME_UNITS:
        return x
    u = _time_unit(m.group(0).strip(" -"))
    return x * _TIME_UNITS[u] / _TIME_UNITS[to] if u in _TIME_UNITS else x


_DEGREES = {"degf": "°F", "ºf": "°F", "degc": "°C", "ºc": "°C"}


_NOT_UNITS = {"in", "at", "on", "or", "and", "to", "of", "for", "with"}  # 'HR >=120 in ED' is no inch


@lru_cache(maxsize=4096)
def _written_unit(question: str, first_label: str = "") -> str:
    """The unit an item's cut-offs are written in: after the question's comma ('Temperature, degF (degC)'), else
    after the first label's number ('>125 lb (>56.7 kg)'), else after a number in the question ('WBC > 12,000
    cells/mm3'); '' when none is a unit the converter knows."""
    for m in (re.search(r",\s*([A-Za-z°º%µμ][^\s(),]*)", question), _LABEL_UNIT.search(first_label), _LABEL_UNIT.search(question)):
        if m and m.group(1).casefold() not in _NOT_UNITS:
            unit = _DEGREES.get(m.group(1).casefold(), m.group(1))
            try:
                convert(1.0, unit, unit)
            except (UnitConversionError, ValueError, KeyError):
                continue
            return unit
    return ""


def _convert(x: float, unit: str, to: str, analyte: str | None, name: str) -> float:
    """``x`` in ``to``: with the item's analyte, else the quantity's own name as analyte (glucose mmol/L <-> mg/dL)."""
    try:
        return convert(x, unit, to, analyte)
    except (UnitConversionError, ValueError):
        if analyte is not None:
            raise
        return convert(x, unit, to, name)


def _both_known(a: str, b: str) -> bool:
    """Does the converter know both units (so that failing to convert means they measure different things)?"""
    try:
        convert(1.0, a, a)
        convert(1.0, b, b)
    except (UnitConversionError, ValueError, KeyError):
        return False
    return True


def _measured(item_question: str, unit: str, t: _Text, weights: dict[str, float], ok: Any,
              analyte: str | None = None, *, soft: bool = False) -> _Reading | None:
    """The quantity the item names, in ``unit`` (the extractor's first, then the number after its words); with
    ``soft`` a value that does not convert is taken as written (a cut-off's unit is read from its text)."""
    name = _quantity_name(item_question)
    if name in _RATIOS:
        return _ratio(name, t, ok)
    if name:
        v = t.extraction.get(name)
        if v is not None and isinstance(v.value, (int, float)):
            x: float | None = float(v.value)
            if unit and v.unit and unit not in ("", "points") and v.unit != unit:
                try:
                    x = _convert(float(v.value), v.unit, unit, analyte, name)
                except (UnitConversionError, ValueError):
                    x = float(v.value) if soft and not _both_known(v.unit, unit) else None  # 'bpm' is taken as
                    # written; 16 mmol/L is no 16 mg/dL
            if x is not None and ok(x):
                num = re.search(r"\d+(?:\.\d+)?", v.raw)
                bound = _bound(v.raw[:num.start()], x) if num else None
                return _Reading(x, f"{name} {v.raw!r} read by the extractor", v.sentence.text, v.span, bound)
    return _number_after(t, weights, ok, item_question, unit)


# an oxygenation ratio item -> its numerator's quantity and the ways a case writes the ratio's name
_RATIOS = {"pf_ratio": ("pao2", r"(?:pao2|p)"), "sf_ratio": ("spo2", r"(?:spo2|sao2|s)")}
_RATIO_VALUE = re.compile(r"(?:\s*(?:ratio|of|is|was|at|measured|=|:|~|\)))*\s*((?:(?:less|more|greater|lower|higher) than|"
                          r"above|below|under|over|>=|<=|[<>])?\s*)(\d+(?:\.\d+)?)(?!\d|\.\d|\s*%|\s*/)", re.I)


def _ratio(name: str, t: _Text, ok: Any) -> _Reading | None:
    """An oxygenation ratio (PaO2/FiO2, SpO2/FiO2): the number the text gives right after the ratio's name ('P/F ratio
    of 180', 'PaO2/FiO2 below 100'), else the ratio of its two parts when the extractor reads both with their units
    (PaO2 in mmHg or SpO2 in %, over FiO2 as a fraction); never one part alone ('PaO2 of 70 mmHg' is no ratio of 70)."""
    part, head = _RATIOS[name]
    written = re.compile(rf"(?<![\w/]){head}\s*/\s*(?:fio2|f)\b", re.I)
    for s in t.sentences:
        for m in written.finditer(s.text):
            v = _RATIO_VALUE.match(s.text, m.end())
            if v is None:
                continue
            x = float(v.group(2))
            if ok(x) or v.group(1).strip():
                bound = _bound(s.text[:v.start(2)], x)
                return _Reading(x, f"the {name.replace('_', ' ')} written '{s.text[m.start():v.end()]}'", s.text,
                                (s.start + m.start(), s.start + v.end()), bound)
    num, fio2 = t.extraction.get(part), t.extraction.get("fio2")
    if num is None or fio2 is None or not isinstance(num.value, (int, float)) or not isinstance(fio2.value, (int, float)) \
            or fio2.unit != "%" or num.unit != ("mmHg" if part == "pao2" else "%") or not 21 <= fio2.value <= 100:
        return None
    x = round(float(num.value) / (float(fio2.value) / 100), 1)
    if not ok(x):
        return None
    return _Reading(x, f"{part} {num.raw!r} / fio2 {fio2.raw!r} = {x:g}", num.sentence.text, num.span)


def _durations(t: _Text) -> list[tuple[float, int, str, tuple[int, int]]]:
    """(hours, sentence index, quote, span) of every duration the text states."""
    out = []
    for i, s in enumerate(t.sentences):
        for m in _DURATION.finditer(s.text):
            n = m.group(1).lower()
            x = 1.0 if n in ("a", "an") else float(_WORD_NUMBERS.get(n, n))
            out.append((x * _TIME_UNITS[_time_unit(m.group(2))], i, s.text, (s.start + m.start(), s.start + m.end())))
    return out


_CLAUSE_END = re.compile(r"[,;]|\b(?:and|but|with|while|whereas)\b")


def _clause_names(t: _Text, duration: tuple[float, int, str, tuple[int, int]], weights: dict[str, float]) -> bool:
    """Does the clause holding ``duration`` (cut at commas, 'and', 'with', ...) use :data:`COVER` of the item's
    words?"""
    s = t.sentences[duration[1]]
    a, b = duration[3][0] - s.start, duration[3][1] - s.start
    starts = [m.end() for m in _CLAUSE_END.finditer(s.text[:a])]
    end = _CLAUSE_END.search(s.text, b)
    clause = s.text[(starts[-1] if starts else 0):(end.start() if end else len(s.text))]
    return _cover(_hits(words(clause), weights), weights) >= COVER - 1e-9


def _durations_naming(t: _Text, weights: dict[str, float]) -> bool:
    """Do the sentences naming the item state a duration?"""
    named = {i for i, _, _ in _naming(t, weights)}
    return any(d[1] in named for d in _durations(t))


def _duration_of(item: Number, t: _Text, weights: dict[str, float], ok: Any) -> _Reading | None:
    """A time the item measures ('Time from CPR to ROSC', min): the one duration the sentences naming it state
    ('after 45 minutes of CPR, ROSC was achieved'), in the item's unit; None when they state none or several."""
    unit = _time_unit(item.unit)
    if unit not in _TIME_UNITS:
        return None
    named = {i for i, _, _ in _naming(t, weights)}
    durs = _durations(t)
    near = [d for d in durs if d[1] in named]
    if not near and len(durs) == 1 and _cover(_hits(t.stems[durs[0][1]], weights), weights) >= 1 / 3:
        near = durs  # the text's one duration, in a sentence using a third of the item's words
    if len({d[0] for d in near}) > 1:  # several: those in the clauses that name the item ('CPR began 30 minutes
        near = [d for d in near if _clause_names(t, d, weights)]  # after collapse, with ROSC after 60 minutes')
    values = {round(d[0] / _TIME_UNITS[unit], 6) for d in near}
    if len(values) != 1 or not ok(x := values.pop()):
        return None
    _, _, quote, span = near[0]
    return _Reading(x, f"the duration in the sentence naming the item: {x:g} {unit}(s)", quote, span)


def _in_band(item: Choice, qs: list[Quantity], got: _Reading) -> ItemReading:
    """The band holding all of the interval the text gives (``got.bound``); uncertain when none or several do."""
    assert got.bound is not None
    holding = [o.label for o, q in zip(item.options, qs) if quantity_agrees(q, got.bound)]
    if len(holding) != 1:
        touching = [o.label for o, q in zip(item.options, qs) if _overlap(q, got.bound)]
        return ItemReading(item.name, item.question, None, "uncertain",
                           f"'{got.bound.text}' spans {len(touching)} band(s)", got.quote, got.span, touching)
    return ItemReading(item.name, item.question, holding[0], "read",
                       f"{got.how}: '{got.bound.text}' in band '{holding[0]}'", got.quote, got.span)


def _band(item: Choice, qs: list[Quantity], t: _Text, weights: dict[str, float]) -> ItemReading:
    unit = qs[0].unit
    fits = lambda x: any(band_holds(q, x) for q in qs)  # noqa: E731
    if unit in _TIME_UNITS and _quantity_name(item.question) != "age":
        named = {i for i, _, _ in _naming(t, weights)}
        durs = _durations(t)
        near = [d for d in durs if d[1] in named] or durs
        values = {round(d[0] / _TIME_UNITS[unit], 6) for d in near}
        if not values:
            return _assumed(item, "no duration in the text")
        if len(values) > 1:
            return ItemReading(item.name, item.question, None, "uncertain",
                               f"several durations in the text ({len(values)})")
        x, (_, _, quote, span) = values.pop(), near[0]
        how = f"duration {x:g} {unit}(s)"
        if len(near) == 1 and (bound := _bound(t.text[max(0, span[0] - 20):span[0]], x)) is not None:
            got = _Reading(x, how, quote, span, bound)  # 'for over 7 days', 'less than 48 hours': an interval
            return _in_band(item, qs, got)
    else:
        got = (_compound_count(item.question, t, fits) or _told_count(item.question, t, fits)
               or _measured(item.question, _written_unit(item.question, item.options[0].label), t, weights, fits, soft=True)
               or _by_unit(item, t, fits))
        if got is None and (name := bracket_named(item.question, [o.label for o in item.options])) is not None:
            got = _measured(name, qs[0].unit, t, dict.fromkeys(content_words(name), 1.0), fits, soft=True)  # 'KPS'
        if got is None:
            # no number: labels that describe their band ("0 ('I never cough')") are read by their words
            worded = _graded(item, t, weights)
            if worded.status == "read" and not _describes(worded.value, qs[0].unit, [o.label for o in item.options]) \
                    and not _written_as(qs[[o.label for o in item.options].index(worded.value)], worded.value,
                                        worded.evidence):
                worded = _assumed(item, "no number for the item in the text")  # '<=55 bpm' is not 'a 55-year-old'
            return worded if worded.status in ("read", "uncertain") else _assumed(item, "no number for the item in the text")
        x, how, quote, span = got.value, got.how, got.quote, got.span
        if got.bound is not None:  # the text gives an interval: the band that holds all of it
            return _in_band(item, qs, got)
    holding = [o.label for o, q in zip(item.options, qs) if band_holds(q, x)]
    if len(holding) != 1:
        return ItemReading(item.name, item.question, None, "uncertain",
                           f"{x:g} falls in {len(holding) or 'no'} band(s)", quote, span, holding)
    return ItemReading(item.name, item.question, holding[0], "read", f"{how}: {x:g} in band '{holding[0]}'",
                       quote, span)


_MULTIPLES = {"single": 1, "dual": 2, "double": 2, "triple": 3, "quadruple": 4, **_WORD_NUMBERS}
_COUNT_OF = re.compile(r"(?i)^\s*number of (?:[\w-]+\s+)*?([a-z]+?)(?:e?s)?\s*(?:\(|,|$|\b(?:in|during|per|at|on|within)\b)")


def _told_count(question: str, t: _Text, ok: Any) -> _Reading | None:
    """A count item ('Number of hospital admissions') read from the counts the text tells with its noun or verb
    ('admitted three times', 'his sixth admission'): :mod:`medmirror.tools.extraction.told_counts`; every count told
    must agree, else None."""
    if (noun := item_noun(question)) is None:
        return None
    found = [(i, x, m) for i, s in enumerate(t.sentences) for x, m in told_counts(noun, s.text)]
    values = {x for _, x, _ in found}
    if len(values) != 1 or not ok(x := float(values.pop())):
        return None
    i, _, m = found[0]
    s = t.sentences[i]
    return _Reading(x, f"the count told '{m.group(0)}'", s.text, (s.start + m.start(), s.start + m.end()))


def _compound_count(question: str, t: _Text, ok: Any) -> _Reading | None:
    """A count item ('Number of PICC lumens') read from its noun glued by a hyphen to a count ('a single-lumen PICC',
    'a triple-lumen catheter', 'a 3-lumen line'): every such count the text gives must agree; None otherwise."""
    m = _COUNT_OF.match(question)
    if m is None or len(m.group(1)) < 3:
        return None
    rx = re.compile(rf"(?i)(?<![\w-])(\d+|{'|'.join(_MULTIPLES)})-{re.escape(m.group(1))}s?\b")
    found = [(s, c) for s in t.sentences for c in rx.finditer(s.text)]
    values = {float(_MULTIPLES.get(c.group(1).lower(), c.group(1))) for _, c in found}
    if len(values) != 1 or not ok(x := values.pop()):
        return None
    s, c = found[0]
    return _Reading(x, f"the count '{c.group(0)}'", s.text, (s.start + c.start(), s.start + c.end()))


_LABEL_UNIT = re.compile(r"\d(?:\.\d+)?\s*([A-Za-zµμ%][\w/%µμ²^]*)")


# units many quantities share: a value in one of them is not told apart by its unit alone
_SHARED_UNITS = frozenset("% points point mg/dl g/dl g/l mg/l mmol/l meq/l µmol/l umol/l μmol/l mmhg bpm /min u/l iu/l "
                          "ng/ml pg/ml ng/l kg g mg ml l cm years year".split())
_QUESTION_UNIT = re.compile(r"(?:,\s*|\()([A-Za-zµμ][\w/µμ²³^]*)\)?\s*$")  # 'Pattern standard deviation, dB'


def _written_units(item: Item) -> set[str]:
    """The units an item is written in: its labels' ('<7 mm'), else its question's ('ICH volume (cm³)')."""
    if isinstance(item, Number):
        return {item.unit.casefold()} if item.unit else set()
    units = {m.group(1).casefold() for o in item.options for m in [_LABEL_UNIT.search(o.label)]
             if m and m.group(1).casefold() not in STOP}  # not the 'to' of '1.8 to <2.0'
    if not units and (m := _QUESTION_UNIT.search(item.question)):
        units = {m.group(1).casefold()}
    return units


def _by_unit(item: Item, t: _Text, ok: Any, weights: dict[str, float] | None = None) -> _Reading | None:
    """An item the text does not name ('Size of aneurysm' for 'an aneurysm measuring 6.5 mm'): the one value the
    whole text gives in the unit the item is written in ('mm', 'pg/mL', 'dB'), when it gives exactly one (else None).
    With ``weights`` (a measured number) the unit must be one few quantities share and the value's sentence must use
    one of the item's words ('a 10 mm solitary pulmonary nodule' for 'Nodule diameter')."""
    units = _written_units(item)
    if len(units) == 2 and min(units, key=len) + "s" == max(units, key=len):
        units = {min(units, key=len)}  # '1 time', '2 times': one unit
    if len(units) != 1 or (unit := units.pop()) in _TIME_UNITS or unit in ("%", "points", "point"):
        return None  # no written unit, several, a time or a percentage (too many things are percentages)
    if weights is not None and unit.replace(" ", "") in _SHARED_UNITS:
        return None
    if unit in ("time", "times"):  # a count of times, in words too: 'three times', 'twice', 'once'
        rx = re.compile(r"(?<![\w.-])(\d+|" + "|".join(_WORD_NUMBERS) + r")\s+times?(?![\w/-])|(?<![\w-])(once|twice|thrice)"
                        r"(?![\w-])", re.I)
    else:
        rx = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*" + re.escape(unit) + r"(?![\w/])", re.I)
    found = [(i, m) for i, s in enumerate(t.sentences) for m in rx.finditer(s.text)]
    values = {_count_value(m.group(1) or m.group(2)) for _, m in found}
    if len(values) != 1 or not ok(x := values.pop()):
        return None
    i, m = found[0]
    if weights is not None and not _hits(t.stems[i], weights):
        return None
    s = t.sentences[i]
    return _Reading(x, f"the only value in {unit} in the text", s.text, (s.start + m.start(), s.start + m.end()),
                    _bound(s.text[max(0, m.start() - 20):m.start()], x))


_ONCE = {"once": 1, "twice": 2, "thrice": 3}


def _count_value(token: str) -> float:
    """'3', 'three', 'twice' as a number."""
    w = token.lower()
    return float(_ONCE.get(w, _WORD_NUMBERS.get(w, 0)) or token)


_CLAUSE_SPLIT = re.compile(r"[,;]|\b(?:and|but|while|whereas)\b")


def _own_clauses(t: _Text, weights: dict[str, float], rivals: dict[str, dict[str, float]]) -> list[tuple[int, str]]:
    """The clauses whose words are more this item's than any other item's of the score ('mild tension with
    restlessness' is Tension's, 'moderate anxious mood' is Anxious mood's): (sentence index, clause)."""
    out = []
    for i, s in enumerate(t.sentences):
        for c in _CLAUSE_SPLIT.split(s.text):
            stems = words(c)
            mine = sum(weights[w] for w in _hits(stems, weights))
            if mine > 0 and all(sum(ws[w] for w in _hits(stems, ws)) < mine for ws in rivals.values()):
                out.append((i, c))
    return out


def _graded(item: Choice, t: _Text, weights: dict[str, float],
            rivals: dict[str, dict[str, float]] | None = None) -> ItemReading:
    if (coded := _coded(item, t, weights)) is not None:
        return coded
    named = _naming(t, weights)
    # the clauses that name the item first (options named elsewhere belong to other items), then their sentences,
    # then (the item not named) the whole text
    # a clause of its own naming the item first ('moderate arm motor impairment, severe leg motor impairment')
    own = [(_cover(_hits(words(c), weights), weights), i, c) for i, _, _ in named
           for c in _CLAUSE_SPLIT.split(t.sentences[i].text) if c.strip()]
    best = max((x[0] for x in own), default=0.0)
    own = [(i, c) for x, i, c in own if x >= max(best, COVER) - 1e-9]  # those naming it best
    clauses = [(i, _clause(t.sentences[i].text, hits)) for i, _, hits in named]
    none = absent_option(item) or denial_option(item)  # 'No motor response' of 'Motor response' too
    if none is not None and named and all(
            all(t.denied_at((t.sentences[i].start + a, t.sentences[i].start + b))
                for a, b, w in t.stems[i] if any(same_word(w, h) for h in hits))
            for i, _, hits in named):
        i = named[0][0]  # every sentence naming the item denies it ('stridor with agitation, but no cyanosis')
        quote, span = t.quote(i)
        return ItemReading(item.name, item.question, none, "read", f"the item is denied; '{none}'", quote, span)
    # then (the item named weakly or not at all) the clauses more its own than any other item's, then the whole text
    for scope in (own, [c for c in clauses], [(i, t.sentences[i].text) for i, _, _ in named],
                  _own_clauses(t, weights, rivals) if rivals else [], [(i, s.text) for i, s in enumerate(t.sentences)]):
        if scope:
            r = _graded_in(item, t, scope)
            if r is not None:
                return r
    if (member := residual_member([o.label for o in item.options], t.findings)) is not None:
        label, f = member  # 'a history of hypertension' for 'Any comorbidity EXCEPT renal failure, ...'
        return ItemReading(item.name, item.question, label, "read" if label else "missing",
                           f"{f.text!r} is a member of the label's class" if label else
                           f"no option's words are in the text, which names {f.text!r}, maybe a kind the class leaves out",
                           f.sentence.text, (f.start, f.end))
    concepts = _item_concepts(item.question)
    if (said := [f for f in t.findings if f.concept in concepts and f.affirmed]) and _assumed(item, "").value in (
            absent_option(item), _zero_option(item)):
        f = said[0]  # 'deep vein thrombosis 20 days ago' for 'History of VTE': there, in a way no option's words tell
        return ItemReading(item.name, item.question, None, "missing",
                           f"no option's words are in the text, which affirms the item ({f.concept}: {f.text!r})",
                           f.sentence.text, (f.start, f.end))
    if re.search(r"(?i)\bcomorbid", item.question) and (past := [f for f in t.findings if f.affirmed and f.historical]):
        f = past[0]  # 'a history of hypertension': the case has comorbidities, of which kind no option's words tell
        return ItemReading(item.name, item.question, None, "missing",
                           f"no option's words are in the text, which gives a history of {f.text!r}",
                           f.sentence.text, (f.start, f.end))
    return _assumed(item, "no option's words are in the text", graded=True)


# a denial of a symptom in its own clause ('denies any insults', 'has never screamed'; not 'lack of interest', which is
# the symptom)
_FREQ_DENIAL = re.compile(r"(?i)\b(?:no|not|never|none|nor|den(?:y|ies|ied|ying))\b|n't\b")
_FREQ_CLAUSE = re.compile(r"[,;]|\b(?:and|but|however|while|whereas|although|though)\b", re.I)
FREQ_REACH = 6  # words from a frequency word to the item's word it qualifies ('occasionally delays starting tasks')


def _how_often(item: Choice, t: _Text, weights: dict[str, float], groups: list[Groups]) -> ItemReading | None:
    """A frequency item (:mod:`medmirror.tools.extraction.frequency`) read from the frequency word of the clause that
    names it ('reports occasional threats of harm' for 'How often does your partner threaten you with harm?':
    'Sometimes'); a denied clause with no other frequency word is its 'never' option ('has never screamed at her',
    'denies any insults'). None when no clause names it, or it gives no frequency word, or several."""
    if option_steps(item) is None:
        return None
    named = [(i, hits[max(hits, key=weights.get)]) for i, _, hits in _naming(t, weights)]
    if not named and groups:
        found, flipped = _paraphrased(t, groups)
        named = [(i, next(iter(hits.values()))) for i, _, hits in found if i not in flipped]
    if not named:
        return None
    i, (a, b) = named[0]
    s = t.sentences[i].text
    start = max((m.end() for m in _FREQ_CLAUSE.finditer(s[:a])), default=0)
    end = next((a + m.start() for m in _FREQ_CLAUSE.finditer(s[a:])), len(s))
    said = [(step, w) for step, w, at in steps_in(s[start:end])
            if len(re.findall(r"\w+", s[min(start + at, a):max(start + at, b)])) <= FREQ_REACH]  # its own word
    denied = bool(_FREQ_DENIAL.search(s[start:a])) or _or_list_member(s, a)
    others = {step for step, _ in said if step != "never"}
    if denied and not others:
        label, why = option_for(item, "never", "never") or absent_option(item), "denied"
    elif not denied and len({step for step, _ in said}) == 1:
        step, w = said[0]
        label, why = option_for(item, step, w), f"'{w}' ({step})"
    else:
        return None
    if label is None:
        return None
    return ItemReading(item.name, item.question, label, "read", f"how often: {why} where the item is named",
                       s, (t.sentences[i].start, t.sentences[i].end))


def _event_time(item: Choice, windows: dict[str, Window], t: _Text, weights: dict[str, float]) -> ItemReading | None:
    """An item asking when an event was ('History of VTE': Never / Yes, >30 days prior / Yes, within 30 days) read from
    the time the clauses mentioning the event (its words or its concept, affirmed) tell ('DVT 20 days ago'):
    :mod:`medmirror.tools.extraction.event_windows`. None when they tell none or times of different options."""
    spans = [(i, min(a for a, _ in hits.values()), max(b for _, b in hits.values())) for i, _, hits in _naming(t, weights)]
    spans = [(i, a, b) for i, a, b in spans if not t.denied_at((t.sentences[i].start + a, t.sentences[i].start + b))]
    concepts = _item_concepts(item.question)
    for f in t.findings:
        if f.concept in concepts and f.affirmed:
            i = next((k for k, s in enumerate(t.sentences) if s.start <= f.start < s.end), None)
            if i is not None:
                spans.append((i, f.start - t.sentences[i].start, f.end - t.sentences[i].start))
    if (event := event_name(list(windows))) is not None:  # 'DKA/HHS' of 'DKA/HHS in the last 6 months'
        rx = re.compile(rf"(?i)(?<!\w){re.escape(event)}(?!\w)")
        spans += [(i, m.start(), m.end()) for i, s in enumerate(t.sentences) for m in rx.finditer(s.text)
                  if not t.denied_at((s.start + m.start(), s.start + m.end()))]
    clauses = [(i, clause_at(t.sentences[i].text, a, b)) for i, a, b in spans]
    got = event_option(windows, [c for _, c in clauses])
    if got is None:
        return None
    label, said = got
    i = next(i for i, c in clauses if said in c)
    quote, span = t.quote(i)
    return ItemReading(item.name, item.question, label, "read", f"the event's time '{said}' in the window of '{label}'",
                       quote, span)


def _several_frequencies(item: Choice, sentence: str) -> bool:
    """Does ``sentence`` give several frequencies for a frequency item ('rarely sleeping well and fairly often
    feeling tired')? Its option words then say how often something happens, not which: the frequency word beside
    the item's own words (:func:`_how_often`), when there is one, is read instead."""
    return option_steps(item) is not None and len({step for step, _, _ in steps_in(sentence)}) > 1


_NEGATIVE_LABEL = re.compile(r"(?i)(?:no|not|never|none|unabl\w*|cannot|can't|without|absent|lack\w*|los[st]\w*|inabilit\w*)\b")


def _graded_in(item: Choice, t: _Text, scope: list[tuple[int, str]]) -> ItemReading | None:
    """The option the stretches in ``scope`` (sentence index, text) support, uncertain on a tie, None: no option."""
    naming = set(content_words(item.question))  # the item's own words name it, not one of its options
    per = {o.label: [w for w in content_words(without_exception(_EXCEPT.sub(" ", o.label))) if w not in naming]
           for o in item.options}
    df = Counter(w for ws in per.values() for w in set(ws))
    scored: list[tuple[float, float, str, int]] = []
    for label, ws in per.items():
        best = (0.0, 0.0, -1)
        negative_label = bool(_NEGATIVE_LABEL.match(label))
        inner = set() if negative_label else _denied_in_label(label)
        given = [content_words(e) for e in examples(label)]  # an example names the label only written whole
        for alt, affirmative in _alternatives(label):
            negative = negative_label and not affirmative
            wts = {w: 1 / df[w] for w in alt if w in df and df[w] < len(per)}
            if not wts:
                continue
            for i, stretch in scope:
                off = t.sentences[i].text.find(stretch)
                stems = whole_number_stems(words(stretch), stretch) + label_stems(label, stretch)  # 'gunshot wound'
                # writes 'Penetrating'; the '1' of '1,500' is no option '1'
                hits = _hits(stems, wts)
                if alt in given and len(_hits(stems, dict.fromkeys(alt, 1.0))) < len(set(alt)):
                    continue  # 'vaginal exam' is no 'vaginal fluid', though 'fluid' is the item's own word
                if "non" in hits and not _non_as_written(label, stretch):
                    del hits["non"]  # 'non-Caucasian' or 'non-contrast' is no 'Non-black'
                neg = {w: "negated" in t.flags(i, off + a, off + b) for w, (a, b) in hits.items()}
                if any(w in inner and not neg[w] for w in hits):
                    continue  # "with retractions" does not support "Within normal parameters, no retractions"
                negated = any(neg[w] for w in hits if w not in inner)
                if negated and not negative:
                    continue  # "no nystagmus" does not support "moderate nystagmus"
                if negative and not negated and not any(_NEGATIVE_LABEL.match(s) for _, _, s in stems):
                    continue  # "he walks" does not support "Unable to walk"
                if not _told_apart(label, hits, wts, stems, per):
                    continue  # only words another option has too ('any other cancer'): nothing tells this option
                c = _cover(hits, wts)
                if (c, sum(wts[w] for w in hits)) > best[:2]:
                    best = (c, sum(wts[w] for w in hits), i)
        if best[2] >= 0 or any(df[w] < len(per) for w in ws):
            scored.append((best[0], best[1], label, best[2]))
    scored.sort(key=lambda x: (-x[0], -x[1]))
    if not scored or scored[0][0] < COVER:
        return None
    top, nxt = scored[0], (scored[1] if len(scored) > 1 else (0.0, 0.0, "", -1))
    if top[0] >= 1 and nxt[0] >= 1 and _wider(per[top[2]], per[nxt[2]]) and not any(
            x[0] >= 1 and x[2] not in (top[2], nxt[2]) for x in scored):
        nxt = (0.0, 0.0, nxt[2], -1)  # both fully named, one inside the other: 'patchy obliteration' (not 'Obliterated')
    if top[0] - nxt[0] < MARGIN and not (top[0] >= 1 and top[1] > nxt[1] and nxt[0] < 1):
        return ItemReading(item.name, item.question, None, "uncertain",
                           f"options '{top[2]}' and '{nxt[2]}' are both named ({top[0]:.0%}, {nxt[0]:.0%})",
                           candidates=[top[2], nxt[2]])
    quote, span = t.quote(top[3])
    return ItemReading(item.name, item.question, top[2], "read", f"{top[0]:.0%} of the option's words", quote, span)


# a denial inside a label ('Within normal parameters, no retractions', 'Alert, without distress'), to its clause's end
_INNER_DENIAL = re.compile(r"(?i)\b(?:no|not|without|absent)\b([^,;:()]*)")


def _denied_in_label(label: str) -> set[str]:
    """The content words a label denies after its first word ('retraction' of 'Within normal parameters, no
    retractions'): a case must deny them too to support the label."""
    return {w for m in _INNER_DENIAL.finditer(label) if m.start() > 0 for w in content_words(m.group(1))}


def _told_apart(label: str, hits: dict[str, Any], wts: dict[str, float], stems: list[tuple[int, int, str]],
                per: dict[str, list[str]]) -> bool:
    """Do the words ``hits`` of ``label`` (one alternative of it, weighted ``wts``) tell it from the other options?
    Not when another option has them all too ('any other cancer' for 'Breast or gynecologic cancer'), unless they
    are all of it and the wider option's other words (but those every option has) are not in the stretch ('severe',
    not 'very severe', is 'Severe' over 'Very Severe')."""
    for other, ws in per.items():
        if other == label or not set(hits) <= set(ws):
            continue
        extra = {w: 1.0 for w in ws if w not in hits and not all(w in x for x in per.values())}
        if set(hits) != set(wts) or not extra or _hits([x for x in stems if x[2] not in STOP], extra):  # 'with' is
            # no 'without'
            return False
    return True


# what a label's bracket excludes is not its own word: 'European (other than Finnish)' does not name 'Finnish' (outside
# brackets the exclusion is the label: 'Related other than HLA identical sibling')
_EXCEPT = re.compile(r"(?i)\(\s*(?:other than|except(?: for)?|excluding|apart from)\b[^()]*\)")


def _non_as_written(label: str, stretch: str) -> bool:
    """Does ``stretch`` write the label's 'non-X' ('Non smoker': 'non-smoker', 'nonsmoker')?"""
    m = re.search(r"(?i)\bnon[\s-]?([a-z]+)", label)
    if not m:
        return True
    x = words(m.group(1))[0][2]
    return any(same_word(words(n.group(1))[0][2], x) for n in re.finditer(r"(?i)\bnon[\s-]?([a-z]+)", stretch))


def _wider(a: list[str], b: list[str]) -> bool:
    """Does word list ``a`` hold every word of ``b`` and more?"""
    return len(a) > len(b) and all(any(same_word(x, y) for x in a) for y in b)


# a label's leading code before its words ('3: severe systemic disease', '2. Interrupted attempt', 'IV) ...')
_CODE = re.compile(r"^\s*([IVX]{1,4}|\d{1,2})\s*[:.)]\s+(?=\S)")
# the class a case writes right after the item's name ('ASA class of 5', 'NYHA/WHO functional class III', 'ASA 2');
# not a measure ('class 2 for 3 years')
_CLASS_AFTER = re.compile(r"^[\s/:=-]{0,3}(?:(?:class|stage|grade|functional|of|is|was|as)\s+){0,3}[:=]?\s*"
                          r"([IVX]{1,4}|\d{1,2})(?![\w.,-]*\d|[\w-])(?!\s*(?:%|years?|months?|weeks?|days?|mg|points?)\b)")


def _coded(item: Choice, t: _Text, weights: dict[str, float]) -> ItemReading | None:
    """An item whose options are coded classes ('I' .. 'IV', '1: normal healthy patient' .. '5: moribund ...'), read
    from the one class the sentences naming it write right after its name ('ASA class of 5', 'functional class I');
    None when they write none or several."""
    codes: dict[int, str] = {}
    for o in item.options:
        m = _CODE.match(o.label) or re.fullmatch(r"\s*([IVX]{1,4}|\d{1,2})\s*", o.label)
        v = _class_value(m.group(1)) if m else None
        if v is None or v in codes:
            return None
        codes[v] = o.label
    said: dict[int, tuple[int, int, int]] = {}
    for i, _, hits in _naming(t, weights):
        text = t.sentences[i].text
        for _, b, w in t.stems[i]:
            if not any(same_word(w, h) for h in hits):
                continue
            m = _CLASS_AFTER.match(text[b:])
            if m and (v := _class_value(m.group(1))) is not None:
                said.setdefault(v, (i, b + m.start(1), b + m.end(1)))
    if len(said) != 1 or (v := next(iter(said))) not in codes:
        return None
    i, a, b = said[v]
    s = t.sentences[i]
    return ItemReading(item.name, item.question, codes[v], "read", f"class {v} written after the item's name",
                       s.text, (s.start + a, s.start + b))


def _alternatives(label: str) -> list[tuple[list[str], bool]]:
    """The label's content words whole, and per alternative it offers ('Breast or gynecologic cancer or renal cell
    carcinoma', 'No/mild hydronephrosis', 'Minor paralysis (flattened nasolabial fold ...)'); what it excludes
    ('other than Finnish') is left out. Each with whether it is affirmative although the label is negative: an
    alternative after a lone negation ('mild hydronephrosis' of 'No/mild hydronephrosis'; not 'grunting' of 'No
    retractions or grunting', which the 'No' denies too)."""
    label = _CODE.sub("", without_exception(_EXCEPT.sub(" ", label)))  # '3: severe systemic disease' is named by its words
    plain = re.sub(r"\(.*?\)", " ", label)
    lone = _LONE_NEGATION.match(plain) is not None
    parts = [(label, False), (plain, False)] + [(p, lone and k > 0) for k, p in enumerate(re.split(r"\bor\b|/|;", plain))]
    parts += [(e, False) for e in examples(label)]  # 'Other high-risk fluids (e.g., semen)' is named by 'semen'
    out = [(content_words(p), affirmative) for p, affirmative in parts]
    return [(ws, affirmative) for ws, affirmative in out if ws]


_LONE_NEGATION = re.compile(r"(?i)^\s*(?:no|none|absent|normal)\s*/\s*(?=\w)")  # 'No/mild', 'None/trace'


def _describes(label: str, unit: str, labels: list[str]) -> bool:
    """Does a band's label say something in words besides its number and unit ("0 ('I never cough')"; a word every
    label writes, 'bpm', is the unit)?"""
    shared = set.intersection(*(set(content_words(x)) for x in labels)) if labels else set()
    unit_words = {s for _, _, s in words(unit)} | shared
    return any(not w.isdigit() and not re.fullmatch(r"[\d.]+", w) and w not in unit_words
               and not any(same_word(w, u) for u in unit_words) for w in content_words(label))


def _written_as(band: Quantity, label: str, quote: str) -> bool:
    """Does ``quote`` write a number of the band's label that the band holds ('6 liters per minute' for '5-6', '>1600'),
    not as an age ('a 55-year-old' is no '<=55 bpm')?"""
    own = {float(x) for x in re.findall(r"\d+(?:\.\d+)?", label)}
    for m in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\d.])", quote):
        x = float(m.group(1))
        if x not in own or re.match(r"[\s-]*(?:years?|yrs?|y/?o)\b", quote[m.end():], re.I):
            continue
        bound = _bound(quote[max(0, m.start() - 20):m.start()], x)  # 'more than 1600 mm²' for '>1600'
        if quantity_agrees(band, bound) if bound is not None else band_holds(band, x):
            return True
    return False


def _mixed_bands(item: Choice) -> tuple[Choice, list[Quantity], Choice] | None:
    """An item whose options are bands of one quantity but one or two worded ones ('>85 bpm', ..., '<=55 bpm',
    'Pathologic bradyarrhythmia or asystole'): (the banded options as an item, their bands, the worded ones as an
    item); None otherwise."""
    banded, worded, qs = [], [], []
    one = {o.label: bands(replace(item, options=(o,), default=None)) for o in item.options}
    numbered = [label for label, q in one.items() if q]
    for o in item.options:
        q = one[o.label]
        pure = q is not None and not _describes(o.label.replace(q[0].text, " "), q[0].unit, numbered)  # '<=55 bpm',
        # 'Between -1 and -2.5' (its 'between' is the band's), not 'Immobile or <50 yards'
        (banded if pure else worded).append(o)
        qs.extend(q if pure and q else [])
    if len(banded) < 2 or not 1 <= len(worded) <= 2 or len({q.unit for q in qs}) != 1:
        return None
    return replace(item, options=tuple(banded), default=None), qs, replace(item, options=tuple(worded), default=None)


def _mixed(item: Choice, banded: Choice, qs: list[Quantity], worded: Choice, t: _Text,
           weights: dict[str, float]) -> ItemReading:
    """A mixed item: a worded option its words name; else its number placed in a band (a band is never read by the
    number of its label as an age: '<=55 bpm' is not named by 'a 55-year-old'); else assumed or left out."""
    g = _graded(item, t, weights)
    if g.status == "read" and g.value in {o.label for o in worded.options}:
        return g  # 'unable to perform the test'
    r = _band(banded, qs, t, weights)
    if r.status == "read" or r.candidates:
        return r
    if (asked := _asked_if(item)) is not None:
        condition, denying = asked
        mentions = _mentions(condition, t)
        if mentions and all(negated for _, negated in mentions):  # 'he is not on mechanical ventilation'
            quote, span = t.quote(mentions[0][0])
            return ItemReading(item.name, item.question, denying, "read", f"'{condition}' is denied", quote, span)
        return ItemReading(item.name, item.question, None, "missing", f"{r.how}; the text does not say whether {condition}")
    return _assumed(item, r.how, graded=True)


_ASKED_IF = re.compile(r"(?i)[,(]\s*(?:only\s+)?if\s+([^,()]+)")


def _asked_if(item: Choice) -> tuple[str, str] | None:
    """The condition an item is asked under ('PaO2/FiO2, if on mechanical ventilation or CPAP') and the one option that
    denies it ('Not on mechanical ventilation or CPAP within the last 24 hours'): that option is no default, the text
    must tell whether the condition holds; None otherwise."""
    m = _ASKED_IF.search(item.question)
    cond = set(content_words(m.group(1))) if m else set()
    denying = [o.label for o in item.options if _NEGATIVE_LABEL.match(o.label) and cond
               and all(any(same_word(w, x) for x in content_words(o.label)) for w in cond)]
    return (m.group(1).strip(), denying[0]) if len(denying) == 1 else None


def _mentions(condition: str, t: _Text) -> list[tuple[int, bool]]:
    """(sentence index, negated) of each sentence that uses every word of one of the condition's alternatives
    ('mechanical ventilation or CPAP': 'ventilated mechanically', 'on CPAP')."""
    alts = [ws for part in re.split(r"(?i)\s+(?:and/or|or)\s+", re.sub(r"(?i)^(?:on|in|under|receiving)\s+", "", condition))
            if (ws := content_words(part))]
    out = []
    for i, stems in enumerate(t.stems):
        for ws in alts:
            hits = [(a, b) for a, b, w in stems if any(same_word(w, x) for x in ws)]
            if hits and all(any(same_word(w, x) for _, _, w in stems) for x in ws):
                out.append((i, all("negated" in t.flags(i, a, b) for a, b in hits)))
                break
    return out


def _holds(c: Condition, t: _Text) -> tuple[bool | None, str, Any]:
    """Does the text's value of the condition's measure (the extractor's, in the label's unit) hold it: True, False,
    or None (no value, a unit that does not convert, a written interval that straddles the cut-off)?"""
    v = t.extraction.get(c.name)
    if v is None or not isinstance(v.value, (int, float)):
        return None, f"no {c.name.replace('_', ' ')}", None
    x = float(v.value)
    if c.band.unit and v.unit and c.band.unit != v.unit:
        try:
            x = _convert(x, v.unit, c.band.unit, None, c.name)
        except (UnitConversionError, ValueError):
            return None, f"{v.raw!r} is not in {c.band.unit}", None
    num = re.search(r"\d+(?:\.\d+)?", v.raw)
    bound = _bound(v.raw[:num.start()], x) if num else None
    if bound is not None:  # 'SBP below 90'
        held = True if quantity_agrees(c.band, bound) else None if _overlap(c.band, bound) else False
    else:
        held = band_holds(c.band, x)
    return held, f"{v.raw!r} {'holds' if held else 'fails' if held is False else 'may hold'} {c.written}", v


def _joined(item: Choice, conds: list[list[Condition]], t: _Text) -> ItemReading | None:
    """An item whose options join conditions on several measures: the one option whose every condition the text's
    values hold, when every other option has a condition they fail; None otherwise (another reader may still settle
    it by the options' words)."""
    verdicts, hows, first = [], [], {}
    for o, cs in zip(item.options, conds):
        held = [_holds(c, t) for c in cs]
        told = {h for h, _, _ in held}
        verdicts.append(False if False in told else True if told == {True} else None)
        hows.extend(how for _, how, _ in held)
        first.setdefault(o.label, next((v for _, _, v in held if v is not None), None))
    chosen = [o.label for o, ok in zip(item.options, verdicts) if ok]
    if len(chosen) != 1 or any(ok is None for ok in verdicts):
        return None
    v = first[chosen[0]]
    return ItemReading(item.name, item.question, chosen[0], "read",
                       "every condition read: " + "; ".join(dict.fromkeys(hows)), v.sentence.text, v.span)


def _number(item: Number, t: _Text, weights: dict[str, float]) -> ItemReading:
    ok = lambda x: item.ge <= x <= item.le  # noqa: E731
    # a time is read from a duration with its unit first ('after 1.5 hours' is no 1.5 min)
    timed = _time_unit(item.unit) in _TIME_UNITS
    got = (timed and _duration_of(item, t, weights, ok)) or (
        None if timed and _durations_naming(t, weights) else
        _measured(item.question, item.unit, t, weights, ok, item.analyte) or _by_unit(item, t, ok, weights))
    if got is not None and got.bound is not None:
        return ItemReading(item.name, item.question, None, "uncertain",
                           f"the text gives '{got.bound.text}', not a value", got.quote, got.span)
    if got is None:
        if item.default is not None:
            return ItemReading(item.name, item.question, item.default, "assumed", "not in the text; default")
        return ItemReading(item.name, item.question, None, "missing", f"no {item.question} in range in the text")
    return ItemReading(item.name, item.question, got.value, "read", got.how, got.quote, got.span)


# a cut-off's number and unit ('QTc >=450 ms', 'Platelet count >=400 x10^9/L', 'BUN >44.8 mg/dL'): they state the
# threshold, they do not name the item (a case writes '460 msec' or 'elevated', not '450 ms')
_CUTOFF_UNIT = re.compile(r"(?i)\d(?:[\d.,]*\d)?\s*((?:(?:[x×*]\s*10\s*(?:\^|\*\*)?\s*\d+|/|\s)?\s*(?:mmhg|mg|dl|mmol|meq|"
                          r"msec|ms|g|l|kpa|iu|u|units?|ml|min|kg|m2|cm|mm|mm3|bpm|µl|μl|ul|µmol|μmol|umol|ng|pg|"
                          r"mcg|µg|μg|degc|degf|°c|°f|c|f)\b)+)")


@lru_cache(maxsize=4096)
def _naming_words(question: str) -> list[str]:
    """The item's content words that name it: its cut-off numbers and their units left out (all kept when nothing
    else is left)."""
    ws = content_words(question, keep_time=False)
    units = {w for m in _CUTOFF_UNIT.finditer(question) for _, _, w in words(m.group(1))}
    units |= {w for m in _LIMIT_OF_NORMAL.finditer(question) for _, _, w in words(m.group(0))}
    kept = [w for w in ws if not re.fullmatch(r"[\d.]+|x10", w) and w not in units]
    return kept or ws


# a cut-off's reference ('< lower limit of normal', '>1.5x upper limit of normal', '>1x normal', '>=3x ULN'): it states
# the threshold as the cut-off's number does (a ratio's, 'troponin to upper limit of normal', still names the item);
# a case's 'normal' elsewhere ('hemoglobin is within normal range') does not name 'LDH >1.5x upper limit of normal'
_LIMIT_OF_NORMAL = re.compile(r"(?i)(?:[<>≥≤]=?|=>|=<)\s*(?:\d+(?:\.\d+)?\s*(?:x|times)\s*(?:the\s+)?)?"
                              r"(?:(?:upper|lower)\s+limits?\s+of\s+normal|normal|uln|lln)\b")


# when or where an item holds ('in the ED or before hospital', 'within the past 5 years', 'at admission', 'prior to
# arrest'): it qualifies the item as a bracket does, it does not name it
_SETTING = re.compile(r"(?i)\b(?:in|at|on|within|during|before|prior to|after|since)\s+(?:the\s+)?(?:ED\b|emergency|hospital|"
                      r"admission|presentation|arrival|past\b|last\b|previous\b|first\b|preceding\b|prior\b|time of\b|"
                      r"arrest\b|onset\b)[^,;()]*(?:\s+or\s+(?:before|after|in|at)\s+[^,;()]*)?")


def item_weights(items: tuple[Item, ...]) -> dict[str, dict[str, float]]:
    """Per item, its content words each weighted 1 / (the number of the score's items that use it).

    A word only inside the item's brackets ('BNP (or NT-proBNP at its own cut points)') or its setting ('in the ED
    or before hospital', 'within the past 5 years') weighs a quarter: the words outside name the item, the bracket
    or setting qualifies it."""
    per = {it.name: _naming_words(it.question) for it in items}
    df = Counter(w for ws in per.values() for w in ws)
    out = {}
    for it in items:
        outside = set(_naming_words(_SETTING.sub(" ", re.sub(r"\([^()]*\)", " ", it.question))))
        out[it.name] = {w: (1 if w in outside or not outside else 0.25) / df[w] for w in per[it.name]}
    return out


class ItemProposal(BaseModel):
    """A chat model's proposal for one item: one of its option labels and the sentence that supports it."""

    option: str = Field(max_length=2_000)
    quote: str = Field(max_length=2_000)


def _norm(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(re.sub(r"[^\w%<>=.'/-]+", " ", text.casefold()).split())


MIN_QUOTE_WORDS = 3


def check_proposal(text: str, item: Choice, option: str, quote: str) -> tuple[str | None, str, tuple[int, int] | None]:
    """(the label accepted or None, why, the quote's span in ``text``): a proposal is accepted only when the option
    is one of the item's labels, the quote is in the text (normalised substring, at least three words) and it
    supports the option: it uses more than half of the option's own words (those no other option has) or, for a
    finding, the item's words, none of them negated (a finding's absent option: negated)."""
    label = next((o.label for o in item.options if _norm(o.label) == _norm(option)), None)
    if label is None:
        return None, f"{option[:80]!r} is not one of the item's options", None
    q = _norm(quote)
    if len(q.split()) < MIN_QUOTE_WORDS or q not in _norm(text):
        return None, f"the quote {quote[:80]!r} is not in the text", None
    span = _locate(text, quote)
    quote_words = words(quote)
    trig = find_triggers(quote)
    if is_finding(item):
        wanted = {w: 1.0 for w in content_words(item.question, keep_time=False)}
        absent = label == absent_option(item)
    else:
        per = {o.label: content_words(o.label) for o in item.options}
        df = Counter(w for ws in per.values() for w in set(ws))
        wanted = {w: 1.0 for w in per[label] if df[w] == 1}
        absent = bool(_NEGATIVE_LABEL.match(label))  # 'No shock (...)', 'Unable to walk': supported by a negation
    hits = _hits(quote_words, wanted)
    if not hits or (not is_finding(item) and len(hits) * 2 <= len(wanted) and len(wanted) > 1):
        return None, f"the quote does not use the words of '{label}'" + (
            f" or of the item ({', '.join(wanted)})" if is_finding(item) else ""), span
    negated = any("negated" in assert_context(quote, a, b, trig) for a, b in hits.values())
    if negated != absent:
        return None, f"the quote {'negates' if negated else 'does not negate'} {', '.join(hits)}", span
    return label, f"the quote uses {', '.join(hits)}" + (" (negated)" if negated else ""), span


def _locate(text: str, quote: str) -> tuple[int, int] | None:
    """The quote's offsets in ``text`` (its first and last words located; None when not found verbatim)."""
    ws = quote.split()
    if not ws:
        return None
    a = text.casefold().find(ws[0].casefold())
    b = text.casefold().find(ws[-1].casefold(), max(a, 0))
    return (a, b + len(ws[-1])) if a >= 0 and b >= 0 else None


def ask_item(model: Any, text: str, item: Choice, *, candidates: list[str] | None = None,
             retries: int = 1) -> ItemProposal | str:
    """The model's proposal for ``item`` (one of ``candidates`` when given, else of its labels, with the sentence it
    rests on), unchecked; a string saying why when it gave none. :func:`check_proposal` decides on it."""
    labels = candidates or [o.label for o in item.options]
    msgs = render("choice_item", note=text, item=item.question, options="\n".join(f"- {x}" for x in labels))
    # a sentence: 300 characters (a bound of 2,000 made llama.cpp's grammar parser crash the process)
    schema = {"type": "object", "properties": {"option": {"type": "string", "enum": labels},
                                               "quote": {"type": "string", "maxLength": 300}},
              "required": ["option", "quote"]}
    try:
        out = call_structured(model, msgs, ItemProposal, role="extractor", retries=retries, json_schema=schema)
    except StructuredOutputError as err:
        return f"the model's proposal was invalid: {err.error[:120]}"
    if out.option not in labels:
        return f"the model proposed {out.option[:60]!r}, not one of {labels}"
    return out


def propose(model: Any, text: str, item: Choice, *, candidates: list[str] | None = None,
            retries: int = 1) -> ItemReading:
    """Ask ``model`` for ``item`` (among ``candidates`` when given), then :func:`check_proposal` decides."""
    out = ask_item(model, text, item, candidates=candidates, retries=retries)
    if isinstance(out, str):
        return ItemReading(item.name, item.question, None, "missing", out)
    label, why, span = check_proposal(text, item, out.option, out.quote)
    if label is None:
        return ItemReading(item.name, item.question, None, "missing", f"the model's proposal was refused: {why}",
                           out.quote[:300], None, [out.option[:200]])
    return ItemReading(item.name, item.question, label, "read", f"proposed by the model, checked: {why}",
                       out.quote, span)


_SEX_LABEL = re.compile(r"(?i)\s*(male|female|men|women|man|woman)\s*(?:sex|gender|patient)?\s*$")


def _task(item: Choice, t: _Text, weights: dict[str, float]) -> ItemReading | None:
    """A task-count item (:mod:`medmirror.tools.extraction.task_outcome`) read from whether the clauses naming it say
    the task was done or not ('able to correctly state his age and the current month'); None when the item is no task
    count, no clause naming it tells an outcome, or two disagree."""
    if (pair := ends(item)) is None:
        return None
    said: dict[str, tuple[int, tuple[int, int]]] = {}
    for i, _, hits in _naming(t, weights):
        s = t.sentences[i].text
        span = clause_around(s, min(a for a, _ in hits.values()), max(b for _, b in hits.values()))
        if (end := outcome(s[span[0]:span[1]])) is None:
            continue
        said.setdefault(end, (i, span))
    if len(said) != 1:
        return None
    end, (i, (a, b)) = next(iter(said.items()))
    s = t.sentences[i]
    label = pair[0] if end == "all" else pair[1]
    return ItemReading(item.name, item.question, label, "read", f"the task told as {'done' if end == 'all' else 'not done'}",
                       s.text, (s.start + a, s.start + b))


def _sex(item: Choice, t: _Text) -> ItemReading | None:
    """A sex item ('Male sex', 'Female gender', 'Sex: Female / Male') read from the patient's sex as the extractor
    reads it ('a 52-year-old man', 'Mrs', 'she'); None when the item is no sex item. An unread sex stays unsettled."""
    q = _SEX_LABEL.match(item.question)
    if q and is_finding(item):
        want = "Female" if q.group(1).lower() in ("female", "women", "woman") else "Male"
    elif re.fullmatch(r"(?i)\s*(?:sex|gender)\s*", item.question):
        labels = {(_SEX_LABEL.match(o.label) or [None, ""])[1].lower(): o.label for o in item.options}
        if {"male", "female"} - set(labels) or len(item.options) != 2:
            return None
        want = None
    else:
        return None
    v = t.extraction.get("sex")
    if v is None or v.value not in ("Male", "Female"):
        return ItemReading(item.name, item.question, None, "missing", "the text does not say the patient's sex")
    value = (present_option(item) if v.value == want else absent_option(item)) if want else labels[v.value.lower()]
    return ItemReading(item.name, item.question, value, "read", f"sex {v.value} from {v.raw!r} ({v.details.get('method')})",
                       v.sentence.text, (v.start, v.end))


def read_items(items: tuple[Item, ...], text: str, *, model: Any = None) -> VignetteReading:
    """Every item of ``items`` read from ``text``; with a chat ``model``, the choices the rules leave uncertain or
    missing are proposed by it and kept only when :func:`check_proposal` accepts them."""
    t = _Text(text)
    acronyms = _acronyms(items)
    weights = item_weights(items)
    core = alternatives(items)
    score_words = frozenset(w for ws in weights.values() for w in ws)
    out = VignetteReading()
    for item in items:
        t.for_item(acronyms.get(item.name, {}))
        w = weights[item.name]
        if isinstance(item, Number):
            r = _number(item, t, w)
        elif (sex := _sex(item, t)) is not None:
            r = sex
        elif is_finding(item):
            r = _finding(item, t, w, core[item.name], score_words)
        elif (conds := joined_conditions(item, _quantity_name)) is not None \
                and (joined := _joined(item, conds, t)) is not None:
            r = joined
        elif (qs := bands(item)) is not None:
            r = _band(item, qs, t, w)
        elif (hours := time_bands([o.label for o in item.options])) is not None:
            r = _band(item, hours, t, w)  # '>7 days', '48 hours to 7 days', '<48 hours'
        elif (mixed := _mixed_bands(item)) is not None:
            r = _mixed(item, *mixed, t, w)
        elif (wins := option_windows(item)) is not None and (timed := _event_time(item, wins, t, w)) is not None:
            r = timed
        else:
            r = _graded(item, t, w, {k: v for k, v in weights.items() if k != item.name})
            if (r.status in ("missing", "uncertain") or _several_frequencies(item, r.evidence)) and _asks(
                    item.question) and (f := _how_often(item, t, w, core[item.name])) is not None:
                r = f  # a frequency question: the frequency word where the item is named (over options tied in a
                # wider stretch: 'fairly often being insulted, occasional threats of harm' threatens 'Sometimes')
        if isinstance(item, Choice) and r.status in ("missing", "assumed") and (task := _task(item, t, w)) is not None:
            r = task  # 'unable to follow commands to close his eyes': no option's words, the task's outcome
        if model is not None and isinstance(item, Choice) and r.status in ("uncertain", "missing"):
            p = propose(model, text, item, candidates=r.candidates or None)
            r = p if p.status == "read" else ItemReading(r.name, r.question, r.value, r.status, f"{r.how}; {p.how}",
                                                         r.evidence, r.span, r.candidates)
        out.items[item.name] = r
    return out


def read_vignette(calc_id: str, text: str, *, model: Any = None) -> VignetteReading:
    """The items of library point score ``calc_id`` read from ``text`` (KeyError: not a point score)."""
    return read_items(SPECS[calc_id].items, text, model=model)
