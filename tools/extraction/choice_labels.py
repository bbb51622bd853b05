"""The published option labels of a library item, read as things a vignette can state.

A library point score (:mod:`medmirror.tools.calculators.points`) asks its items as published: a finding
("Active COPD": No / Yes, Absent / Present), a graded choice ("Burden of illness": None or mild / Moderate /
Severe), or a band of a measured value ("Respiratory rate": <9 / 9-14 / 15-20 / 21-29 / >=30 bpm). This
module says which kind an item is and what each label claims; :mod:`medmirror.tools.extraction.vignette`
reads them from the text.

* :func:`content_words`: a text's content words, lower-cased and stemmed (a small suffix stripper), without
  stop words, with the concept vocabulary's abbreviations spelled out ("COPD" also counts as "chronic
  obstructive pulmonary disease").
* :func:`absent_option`: the option that says the item is absent or normal ("No", "Absent", "None", "Normal",
  "No or unknown", "No/don't know", "Never", "Not at all", "Not affected"); the option a vignette that does not
  mention the item supports.
* :func:`is_finding`: an item of two options, one absent and one present ("Yes", "Present", "Affected").
* :func:`bands`: the quantity each label states ("<9 bpm", "21-29", ">=75 years", "WBC >11 x 10^9/L"), when
  every label states exactly one in one unit: the item is read from a number, placed in its band.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from medmirror.tools.calculators.option_match import Quantity, quantities
from medmirror.tools.calculators.points import Choice
from medmirror.tools.extraction.concepts import VOCABULARY_PATH

STOP = frozenset("""a an the of for to in on at by with and or is are was were be been being has have had does do did
you your he she his her him they them their patient patients patient's any other than this that there from as it its
who which what when where how not no yes score points point current currently presence present absent
whether due per also such only some either both into onto upon over under about after before within during
since last past recent recently prior history hx total number level levels value values""".split())
ABSENT = re.compile(r"^(?:no|none|absent|normal|never|negative|not at all|not present|no or unknown|no/unknown|"
                    r"unknown/no|no/none|none/unknown|not documented|0|nil|no/don['’]t know|"
                    r"not affected|unaffected|not involved|uninvolved)$", re.I)
PRESENT = re.compile(r"^(?:yes|present|positive|affected|involved)$", re.I)  # "Affected": the item holds
_TIME_WORDS = frozenset("year month week day hour minute yr hr min".split())


def stem(word: str) -> str:
    """A light suffix stripper, applied until nothing changes ('severely' -> 'severe' -> 'sever'); stems are
    compared with :func:`same_word`, which forgives what it leaves ('diagnosi' and 'diagno')."""
    w = word.lower()
    while True:
        for suffix in ("ations", "ation", "ities", "ness", "ments", "ment", "ings", "ing", "ies", "ied",
                       "ed", "es", "ly", "al", "s", "e"):
            if len(w) > len(suffix) + 3 and w.endswith(suffix):
                w = w[: -len(suffix)]
                break
        else:
            return w


# derivational endings of one word's noun and adjective (on :func:`stem`'s output), each to a shared root:
# confidence/confident, pregnancy/pregnant, hypotension/hypotensive, asymmetry/asymmetric, dyspnea/dyspneic,
# ischemia/ischemic, nausea/nauseous, testicle/testicular, hospital/hospitalized, abnormal/abnormality,
# irritable/irritability; not '-tion'/'-tive' (position/positive, relation/relative)
_DERIVED = (("ability", "abl"), ("ibility", "ibl"), ("ality", ""), ("cular", "c"), ("aliz", ""), ("ency", ""),
            ("ancy", ""), ("enc", ""), ("anc", ""), ("ent", ""), ("ant", ""), ("sion", "s"), ("siv", "s"),
            ("ic", ""), ("ia", ""), ("ou", ""), ("cl", "c"), ("y", ""), ("a", ""))
MIN_ROOT = 5


@lru_cache(maxsize=65536)
def _root(s: str) -> str:
    for end, repl in _DERIVED:
        if s.endswith(end) and len(s) - len(end) + len(repl) >= MIN_ROOT:
            return s[: len(s) - len(end)] + repl
    return s


def same_word(a: str, b: str) -> bool:
    """Two stems name the same word: equal, one a prefix of the other (at least 4 letters, at most 3 more), or the
    noun and adjective of one root (:data:`_DERIVED`, a root of at least five letters: 'pregnancy' and 'pregnant')."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3 and not short.isdigit():
        return True
    ra, rb = _root(a), _root(b)
    return (ra != a or rb != b) and ra == rb and len(ra) >= MIN_ROOT and not ra.isdigit()


# grade words that published labels and cases write two ways (stem -> stem)
SYNONYMS = {"minor": "mild", "slight": "mild", "profound": "sever", "modest": "moderat"}


def words(text: str) -> list[tuple[int, int, str]]:
    """(start, end, stem) of every word of ``text`` (numbers included; :data:`SYNONYMS` folded)."""
    out = []
    for m in re.finditer(r"[A-Za-z][A-Za-z0-9']*|\d+(?:\.\d+)?", text):
        s = stem(m.group(0))
        out.append((m.start(), m.end(), SYNONYMS.get(s, s)))
    return out


@lru_cache(maxsize=1)
def _abbreviations() -> dict[str, tuple[str, ...]]:
    """Upper-case abbreviation -> the content words of the concept's first term ('COPD' -> chronic obstructive ...)."""
    out: dict[str, tuple[str, ...]] = {}
    raw = json.loads(Path(VOCABULARY_PATH).read_text(encoding="utf-8"))
    for name, concept in raw.items():
        terms = [t for t in concept.get("terms", []) if "*" not in t and "..." not in t] if isinstance(concept, dict) else []
        if not terms:
            continue
        spelled = tuple(s for _, _, s in words(terms[0]) if s not in STOP)
        for abbr in concept.get("abbreviations", []):
            out.setdefault(stem(abbr), spelled)
    return out


def content_words(text: str, *, keep_time: bool = True) -> list[str]:
    """The distinct content stems of ``text`` in order (abbreviations of the vocabulary spelled out)."""
    out: list[str] = []
    abbr = _abbreviations()
    for _, _, s in words(text):
        if s in STOP or (len(s) < 2 and not s.isdigit()) or (not keep_time and s.rstrip("s") in _TIME_WORDS) \
                or re.fullmatch(r"q\d+[a-z]?", s):  # a questionnaire's item number ('Q1.')
            continue
        out.extend([s, *abbr.get(s, ())])
    return list(dict.fromkeys(out))


def absent_option(item: Choice) -> str | None:
    """The label that says the item is absent / normal (None when no label does, or several do)."""
    hits = [o.label for o in item.options if ABSENT.match(o.label.strip().rstrip("."))]
    return hits[0] if len(hits) == 1 else None


def is_finding(item: Choice) -> bool:
    """Two options, one absent and one present (Yes/No, Present/Absent, Yes / No or unknown)."""
    return (len(item.options) == 2 and absent_option(item) is not None
            and any(PRESENT.match(o.label.strip()) for o in item.options))


def present_option(item: Choice) -> str:
    return next(o.label for o in item.options if PRESENT.match(o.label.strip()))


# a power of ten written as a value ('>=10⁶', '10^5'; not a count's scale 'x10^9/L')
_POWER = re.compile(r"(?<![\d.x×*\s])(?<![x×*]\s)10(?:\^|\*\*)?([⁰¹²³⁴⁵⁶⁷⁸⁹]+|(?<=\^)\d+|(?<=\*\*)\d+)(?![\d/])")
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def bands(item: Choice) -> list[Quantity] | None:
    """The quantity each option states, in option order, when every option states one (its first) in one unit and
    says little else (at most three other words): a band-coded item. None otherwise."""
    out: list[Quantity] = []
    for o in item.options:
        label = _POWER.sub(lambda m: str(10 ** int(m.group(1).translate(_SUPERSCRIPT))),
                           o.label.replace("≥", ">=").replace("≤", "<="))  # '>=10⁶' is '>=1000000'
        label = re.sub(r"(?i)(\d)(deg[CF]\b)", r"\1 \2", label)  # '35.1-36.0degC': the unit glued to the range
        qs = quantities(label)
        if not qs:
            return None
        if len(qs) > 1 and qs[0].high == math.inf and qs[1].low == -math.inf \
                and re.fullmatch(r"\s*and\s*", label[qs[0].span[1]:qs[1].span[0]]):  # '>4 and <7': one interval
            qs = [replace(qs[0], high=qs[1].high, high_open=qs[1].high_open, decimals=max(qs[0].decimals, qs[1].decimals),
                          unit=qs[0].unit or qs[1].unit,  # '>=35 and <55 years': the unit written once, at the end
                          text=label[qs[0].span[0]:qs[1].span[1]], span=(qs[0].span[0], qs[1].span[1]))]
        rest = re.sub(re.escape(qs[0].text), " ", o.label, count=1)
        if len(content_words(re.sub(r"\(.*?\)", " ", rest))) > 3:
            return None
        out.append(qs[0])
    units = {q.unit for q in out} - {""}
    if len(units) > 1:
        return None
    return [replace(q, unit=next(iter(units))) for q in out] if units else out  # '<35', '35-54 years': written once


def band_holds(band: Quantity, x: float) -> bool:
    """Does the band hold ``x``? Whole-number bands are read as intervals up to the next band: '9-14' then
    '15-20' holds 14.5 in the first."""
    if band.holds(x):
        return True
    whole = band.decimals == 0 and not band.high_open and band.high != float("inf")
    return whole and band.low <= x < band.high + 1 and float(band.high).is_integer()
