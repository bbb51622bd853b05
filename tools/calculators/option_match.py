"""Which multiple-choice option a calculator's result supports: a deterministic, explained matcher.

MedRisk-style questions ask for what a score reads off (a risk %, a class, a severity, a
recommendation) and offer four options. :func:`match_options` reads *claims* from each option's text
and from the result (its value with unit, and its interpretation) and compares them rule by rule:

* ``number``: a quantity in the option (``12.1%``, ``10 - 20%``, ``< 2%``, ``>= 10``, ``score 5-7``,
  ``26 months``) against the result's quantities of the same unit (the value, and the numbers its
  interpretation states). A point matches at the option's (or the evidence's) printed precision; an
  interval holds a point, or contains / equals an interval. Numbers of another unit are not compared.
  Time frames (``5-year``, ``at 3 months``, ``over the next 12 months``) and names (``CHA2DS2``) are
  not quantities.
* ``level``: the ordinal word (very low / low / low-moderate / moderate = intermediate = medium /
  moderate-high / high / very high; minimal = negligible; mild / mild-moderate / moderate-severe /
  severe / very severe; none = no / absent; increased = elevated; substantial = significant; borderline). ``High/severe`` offers
  both. Compound words are read before their parts.
* ``likelihood``: likely = probable; unlikely = not likely; possible; definite.
* ``result``: positive / negative / indeterminate (inconclusive, equivocal, pending, uncertain).
* ``class``: ``Class III`` = ``class 3``, ``Grade 2``, ``Stage IV``, ``Category B`` (same word and numeral).
* ``words``: only for an option with none of the claims above: all its content words are in the
  interpretation and none of them is negated there (``Remission``, ``Septic shock``).

Per option: the rules that matched and the rules that conflicted (the evidence has a claim on that
axis and the option's disagrees). An option is *supported* when something matched and nothing
conflicted. One supported option is the answer; several are decided by the number of matched rules,
and a tie is **no option** (ambiguous), as is no supported option: the matcher never guesses.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

LETTERS = ("A", "B", "C", "D")

# ---------------------------------------------------------------------------
# Quantities
# ---------------------------------------------------------------------------

_NUM = r"\d+(?:[.,]\d+)?"
# a value with its sign: a minus is a sign at the start, after a comparator or bracket, or after a word and a space
# ('>=-1', 'Between -1 and -2', 'T-score -2.5'); never a range's hyphen ('3.5 - 5.4', '3-5')
_SNUM = rf"(?:(?:^|(?<=[<>=≥≤(])|(?<=[^\d.%\s]\s))[-−])?{_NUM}"
_UNITS = {
    "%": "%", "percent": "%", "per cent": "%", "pct": "%",
    "month": "month", "months": "month", "mo": "month",
    "year": "year", "years": "year", "yr": "year", "yrs": "year",
    "day": "day", "days": "day", "week": "week", "weeks": "week",
    "hour": "hour", "hours": "hour", "h": "hour", "hr": "hour", "hrs": "hour",
    "point": "", "points": "", "pts": "",
}
_UNIT_RE = r"(?:%|percent|per cent|pct|months?|mo|years?|yrs?|yr|days?|weeks?|hours?|hrs?|hr|h|points?|pts)(?![A-Za-z])"
_CMP = {
    "≥": ">=", ">=": ">=", "=>": ">=", "at least": ">=", "or more": ">=", "≤": "<=", "<=": "<=", "=<": "<=",
    "at most": "<=", "or less": "<=", "<": "<", "less than": "<", "under": "<", "below": "<", "fewer than": "<",
    ">": ">", "more than": ">", "greater than": ">", "over": ">", "above": ">", "exceeding": ">",
}
_CMP_RE = r"(?:≥|≤|>=|<=|=>|=<|<|>|at least|at most|less than|fewer than|more than|greater than|under|below|over|above|exceeding)"
_NOT_AFTER_LETTER = r"(?<![A-Za-z0-9.,])(?<![A-Za-z]-)"  # "COVID-19" is a name, not 19
# "5-year", "30-day", "at 3 months", "within 30 days", "over the next 12 months": when, not how much.
_TIMEFRAME = re.compile(
    rf"{_NOT_AFTER_LETTER}{_NUM}\s*-\s*(?:year|month|week|day|hour)s?\b"
    rf"|\b(?:at|within|in|after|by|next|first|past|last|for)\s+(?:the\s+)?(?:next\s+|first\s+|past\s+|last\s+)?{_NUM}\s*"
    r"(?:-\s*)?(?:years?|months?|weeks?|days?|hours?|yrs?|mo)\b"
    rf"|\b(?:by|at|before|after|until)\s+age\s+{_NUM}", re.I)
_CLASS_WORDS = r"class|grade|stage|category|type|level|tier|group|zone|risk class|risk group"
_CLASS_RE = re.compile(rf"\b({_CLASS_WORDS})\s*[:#]?\s*(IV|V?I{{1,3}}|IX|V|X|\d+[a-d]?|[A-D])(?![A-Za-z0-9])", re.I)
_RANGE_RE = re.compile(
    rf"{_NOT_AFTER_LETTER}({_SNUM})(?:\s*({_UNIT_RE}))?\s*(?:-|–|—|to)\s*(<|≤|<=)?\s*({_SNUM})(?:\s*({_UNIT_RE}))?", re.I)
_BETWEEN_RE = re.compile(rf"\bbetween\s+({_SNUM})(?:\s*({_UNIT_RE}))?\s+and\s+({_SNUM})(?:\s*({_UNIT_RE}))?", re.I)
_COMPARE_RE = re.compile(rf"(?<![A-Za-z])({_CMP_RE})\s*(?:(?:about|approximately|around|roughly|~)\s*)?({_SNUM})"
                         rf"(?:\s*({_UNIT_RE}))?", re.I)  # "under about 4 years" is under 4 years
_POINT_RE = re.compile(rf"{_NOT_AFTER_LETTER}({_SNUM})(?:\s*({_UNIT_RE}))?(?:\s*(or more|or less|\+))?", re.I)
_PER_RE = re.compile(rf"\bper\s+{_NUM}\b", re.I)
_TRAILING_OK = re.compile(r"\s*(?:$|[\s,;:.)(/\]]|%)")


@dataclass(frozen=True)
class Quantity:
    """An interval of values in ``unit`` ('%', 'month', 'year', ... or '' for a score)."""

    low: float
    high: float
    low_open: bool = False
    high_open: bool = False
    unit: str = ""
    text: str = ""
    decimals: int = 0
    span: tuple[int, int] = field(default=(-1, -1), compare=False)

    @property
    def is_point(self) -> bool:
        return self.low == self.high and not (self.low_open or self.high_open)

    def holds(self, x: float, tol: float = 1e-9) -> bool:
        lo_ok = x > self.low - tol if not self.low_open else x > self.low + tol
        hi_ok = x < self.high + tol if not self.high_open else x < self.high - tol
        return lo_ok and hi_ok


def _num(text: str) -> tuple[float, int]:
    text = text.replace("−", "-")
    t = text.replace(",", ".") if re.fullmatch(r"\d+,\d{1,2}", text) else text.replace(",", "")
    return float(t), (len(t.split(".")[1]) if "." in t else 0)


def _unit(text: str | None) -> str:
    return _UNITS.get((text or "").strip().lower(), (text or "").strip().lower())


def quantities(text: str) -> list[Quantity]:
    """The quantities ``text`` states (time frames and class numerals masked first)."""
    masked = _CLASS_RE.sub(lambda m: " " * len(m.group(0)), text)
    masked = _TIMEFRAME.sub(lambda m: " " * len(m.group(0)), masked)
    masked = _PER_RE.sub(lambda m: " " * len(m.group(0)), masked)  # "per 100 patient-years": a denominator
    out: list[Quantity] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    for m in _BETWEEN_RE.finditer(masked):  # 'Between -1 and -2.5': either order
        if not _TRAILING_OK.match(masked, m.end()) or (m.group(2) and m.group(4) and _unit(m.group(2)) != _unit(m.group(4))):
            continue
        (a, da), (b, db) = sorted([_num(m.group(1)), _num(m.group(3))])
        out.append(Quantity(a, b, unit=_unit(m.group(4) or m.group(2)), text=m.group(0).strip(), decimals=max(da, db),
                            span=m.span()))
        taken.append(m.span())
    for m in _RANGE_RE.finditer(masked):
        if not free(*m.span()) or not _TRAILING_OK.match(masked, m.end()):
            continue
        (a, da), (b, db) = _num(m.group(1)), _num(m.group(4))
        if b < a or (m.group(2) and m.group(5) and _unit(m.group(2)) != _unit(m.group(5))):
            continue  # "3.2 years to 25%": two quantities, not a range
        u = _unit(m.group(5) or m.group(2))
        out.append(Quantity(a, b, high_open=m.group(3) in ("<",), unit=u, text=m.group(0).strip(),
                            decimals=max(da, db), span=m.span()))
        taken.append(m.span())
    for m in _COMPARE_RE.finditer(masked):
        if not free(*m.span()):
            continue
        op = _CMP[" ".join(m.group(1).lower().split())]
        x, d = _num(m.group(2))
        u = _unit(m.group(3))
        q = (Quantity(x, math.inf, op == ">", False, u, m.group(0).strip(), d, m.span()) if op in (">", ">=")
             else Quantity(-math.inf, x, False, op == "<", u, m.group(0).strip(), d, m.span()))
        out.append(q)
        taken.append(m.span())
    for m in _POINT_RE.finditer(masked):
        if not free(*m.span()) or not _TRAILING_OK.match(masked, m.end()):
            continue
        x, d = _num(m.group(1))
        u = _unit(m.group(2))
        tail = (m.group(3) or "").lower()
        lo, hi = (x, math.inf) if tail in ("or more", "+") else (-math.inf, x) if tail == "or less" else (x, x)
        out.append(Quantity(lo, hi, unit=u, text=m.group(0).strip(), decimals=d, span=m.span()))
        taken.append(m.span())
    return sorted(out, key=lambda q: q.span)


def _tol(*decimals: int) -> float:
    return 0.5 * 10 ** -min(decimals) + 1e-9


def quantity_agrees(option: Quantity, evidence: Quantity) -> bool:
    """Does the evidence's quantity support the option's (same unit assumed)?"""
    if option.is_point and evidence.is_point:
        return abs(option.low - evidence.low) <= _tol(option.decimals, evidence.decimals)
    if evidence.is_point:  # an option interval holds the value
        return option.holds(evidence.low, 1e-9)
    if option.is_point:  # the evidence says a range; the option names a value inside it
        return evidence.holds(option.low, 1e-9)
    same = (math.isclose(option.low, evidence.low) and math.isclose(option.high, evidence.high))
    inside = option.low - 1e-9 <= evidence.low and evidence.high <= option.high + 1e-9
    return same or inside


# ---------------------------------------------------------------------------
# Categories
# ---------------------------------------------------------------------------

# (axis, key, pattern): compounds before their parts (the first pattern to claim a span wins).
_CATEGORY_PATTERNS: list[tuple[str, str, str]] = [
    ("level", "moderate_high", r"(?:moderate|intermediate)(?:ly)?[\s-]*(?:to[\s-]*)?high|high[\s-]*(?:to[\s-]*)?(?:moderate|intermediate)"),
    ("level", "low_moderate", r"low[\s-]*(?:to[\s-]*)?(?:moderate|intermediate)|(?:moderate|intermediate)[\s-]*(?:to[\s-]*)?low"),
    ("level", "mild_moderate", r"mild[\s-]*(?:to[\s-]*)?moderate"),
    ("level", "moderate_severe", r"moderate(?:ly)?[\s-]*(?:to[\s-]*)?severe"),
    ("level", "very_severe", r"(?:very|extremely|highly)\s+severe|most severe|extreme"),
    ("level", "very_high", r"(?:very|extremely)\s+high|highest"),
    ("level", "very_low", r"(?:very|extremely)\s+low|lowest"),
    ("level", "very_mild", r"very\s+mild"),
    ("level", "minimal", r"minimal|negligible"),
    ("level", "increased", r"increased|elevated"),
    ("level", "borderline", r"borderline"),
    ("level", "substantial", r"substantial|significant|considerable"),
    ("level", "high", r"high"),
    ("level", "low", r"low"),
    ("level", "moderate", r"moderate|intermediate|medium"),
    ("level", "mild", r"mild"),
    ("level", "severe", r"severe"),
    ("likelihood", "very_unlikely", r"(?:very|highly|extremely)\s+unlikely"),
    ("likelihood", "unlikely", r"unlikely|not\s+likely|improbable"),
    ("likelihood", "less_likely", r"less\s+likely"),
    ("likelihood", "more_likely", r"more\s+likely"),
    ("likelihood", "very_likely", r"(?:very|highly|most|extremely)\s+likely"),
    ("likelihood", "likely", r"(?:moderately\s+)?likely|probable"),
    ("likelihood", "possible", r"possible"),
    ("likelihood", "definite", r"definite(?:ly)?"),
    ("result", "false_positive", r"false[\s-]+positive"),
    ("result", "false_negative", r"false[\s-]+negative"),
    ("result", "positive", r"positive"),
    ("result", "negative", r"negative"),
    ("result", "indeterminate", r"indeterminate|inconclusive|equivocal|pending|uncertain|unspecified|undetermined"),
]
# A level word used as part of another term ("high-flow", "low-dose", "high-sensitivity") is not a level.
_NOT_LEVEL_AFTER = re.compile(r"-(?!(?:to|risk|intermediate|moderate|severe|high|low|mild)\b)[a-z]", re.I)
# "no X" is the level none, unless X is a raised level or the score's own classes ("no impairment classes are
# defined", "no published severity bands": a caveat about the score, not a finding)
_NONE_RE = re.compile(r"\b(?:no|none|absent|without)\b(?!\s+(?:increased|elevated|higher|high|risk\s+factors?))"
                      r"(?!\s+(?:[\w-]+\s+){0,2}(?:class(?:es)?|bands?|grades?|categories|cut-?offs?|thresholds?)\b)"
                      r"|\bnot\s+(?:present|significant)", re.I)
_CATEGORY_RE = re.compile("|".join(f"(?P<g{i}>\\b(?:{p})\\b)" for i, (_, _, p) in enumerate(_CATEGORY_PATTERNS)), re.I)
# "risk of severe outcomes", "chance of a high-grade lesion", "unlikely severe disease": the level word names the
# outcome whose chance is given, not the level
_OUTCOME_BEFORE = re.compile(r"\b(?:risk|probability|chance|likelihood|odds|rate|incidence)\s+(?:of|for)\s+"
                             r"(?:(?:developing|having|needing|requiring)\s+)?(?:an?\s+)?$"
                             r"|\b(?:unlikely|improbable)\s+(?:to\s+(?:be|have)\s+)?(?:an?\s+)?$", re.I)
_NEGATED_LEVEL = re.compile(r"\b(?:no|not|without)\s+(?:\w+\s+)?$|\bnon[\s-]*$", re.I)  # "non-severe" too
_ALTERNATIVE = re.compile(r"\s*(?:/|\bor\b|\()\s*$", re.I)  # "High/severe", "low or minimal", "high (moderate-high)"
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def categories(text: str) -> dict[str, set[str]]:
    return _categories(text)[0]


def _categories(text: str) -> tuple[dict[str, set[str]], dict[str, int]]:
    """Axis -> keys that ``text`` states (level, likelihood, result, class).

    Per axis only the first mention counts, with its alternatives ("High/severe", "low or minimal", a synonym in
    brackets right after it: "high (moderate-high)"):
    in "High risk for severe pancreatitis" the level is *high*; "severe" names the outcome.
    """
    out: dict[str, set[str]] = {}
    last_end: dict[str, int] = {}
    first: dict[str, int] = {}
    for m in _CATEGORY_RE.finditer(text):
        i = int(next(k for k, v in m.groupdict().items() if v is not None)[1:])
        axis, key, _ = _CATEGORY_PATTERNS[i]
        if axis == "level" and (_NOT_LEVEL_AFTER.match(text, m.end())
                                or _OUTCOME_BEFORE.search(text[max(0, m.start() - 40):m.start()])):
            continue
        if axis == "level" and _NEGATED_LEVEL.search(text[max(0, m.start() - 24):m.start()]):
            key = "none"  # "no significant symptoms", "not clinically significant"
        if axis in out:
            if _ALTERNATIVE.fullmatch(text[last_end[axis]:m.start()]):
                out[axis].add(key)
                last_end[axis] = m.end()
            continue
        out[axis] = {key}
        last_end[axis] = m.end()
        first[axis] = m.start()
    # "no depression", "symptoms absent": the level "none", unless a level word says otherwise; in a text that
    # states a percentage, "no"/"without" qualifies it ("8% a year without anticoagulation") and says no level
    none = _NONE_RE.search(text)
    if none and "level" not in out and not any(q.unit == "%" for q in quantities(text)):
        out["level"] = {"none"}
        first["level"] = none.start()
    # "not positive" / "not negative" flip the result
    if re.search(r"\bnot\s+(?:positive)\b", text, re.I):
        out["result"] = (out.get("result", set()) - {"positive"}) | {"negative"}
    for m in _CLASS_RE.finditer(text):
        word = m.group(1).lower().split()[-1]
        num = m.group(2).lower()
        norm = str(_ROMAN[num]) if num in _ROMAN else num
        out.setdefault("class", set()).add(f"{word} {norm}")
        first.setdefault("class", m.start())
    return out, first


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

_STOP = set("""a an the of for to in on at by with and or is are be as this that its it patient patients
patient's result results indicates indicate indicating suggests suggest suggesting status based score
scores level levels risk per has have does do""".split())
_NEGATORS = {"no", "not", "non", "without", "absent", "never", "neither", "nor", "cannot"}
_NEGATED_AFTER = {"absent", "excluded"}  # "anxiety absent"
_UNSHOWN = {"established", "proven", "shown", "demonstrated"}  # "... not established"


def _tokens(text: str) -> list[str]:
    """Lower-case words and codes ("g4", "t2"); hyphens split ("well-controlled" -> well, controlled)."""
    return re.findall(r"[a-z][a-z0-9]*(?:'[a-z]+)?|\b\d+[a-z]+\b", text.lower())


def _stem(w: str) -> str:
    """A light stem: a plural's 's' ("injuries" stays, "symptoms" -> symptom) and an adverb's 'ly'
    ("typically" -> typical, "totally" -> total)."""
    if len(w) > 5 and w.endswith("ly"):
        return w[:-2]
    return w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w


# words that say what kind of claim an option makes, not what it claims ("G2 severity", "Early cane stage"):
# the words rule does not ask the result to use them (the tie-breaks still count them)
DESCRIPTORS = frozenset({"severity", "stage", "likelihood", "probability", "chance", "limit",
                         "like", "possible", "possib", "probable", "probab"})  # hedges: likely, possibly, ...
# words (stemmed) that say the same thing, for the words rule and its tie-breaks
_SAME_WORD = {"favourable": "favorable", "good": "favorable", "unfavourable": "unfavorable", "poor": "unfavorable",
              "failure": "fail", "failed": "fail", "fail": "fail", "fulfilled": "met", "fulfil": "met",
              "satisfied": "met"}
# a negative prefix written out, so that the negation rule sees it ("ineligible" = "not eligible")
_NEGATIVE_PREFIXED = re.compile(r"\b(?:in(eligible)|un(suitable))\b", re.I)
# keys of one axis that agree loosely (a weaker match than the same key)
_NEAR_KEYS = {"unlikely": {"less_likely"}, "less_likely": {"unlikely"}}


def _plain(text: str) -> str:
    return _NEGATIVE_PREFIXED.sub(lambda m: "not " + (m.group(1) or m.group(2)), text)


def content_words(text: str) -> list[str]:
    """The option's words that carry meaning (stop words and 1-2 letter words dropped; codes like 'g4' kept)."""
    return [_stem(w) for w in _tokens(text) if w not in _STOP and (len(w) > 2 or any(c.isdigit() for c in w))]


def negated_words(text: str, *, every: bool = False) -> set[str]:
    """Content words with a negator ('no', 'not', 'without', ...) up to four words before them in the same
    clause (a comma, semicolon, colon, bracket or full stop ends a negation's scope; the prefix 'non' negates
    only the word it is joined to: "non-urgent evaluation" negates *urgent*). ``every``: only the words
    negated wherever they occur ("7% without surgery, 15% with surgery" negates no word)."""
    negated: set[str] = set()
    plain: set[str] = set()
    for clause in re.split(r"[,;:()\[\].]", text):
        # (word position, token): a hyphenated word is one position ("no self-care" negates self and care)
        toks = [(n, t) for n, chunk in enumerate(clause.split()) for t in _tokens(chunk)]
        flags: list[bool] = []
        for i, (n, w) in enumerate(toks):
            before = [t for m, t in toks[:i] if m >= n - 4]
            after = [t for m, t in toks[i + 1:] if m <= n + 2]
            later = [t for m, t in toks[i + 1:] if m <= n + 6]
            neg = (any(t in _NEGATORS and t != "non" for t in before) or (before[-1:] == ["non"])
                   or any(t in _NEGATED_AFTER for t in after)
                   # "benefit from the therapy not established": the clause's subject said later to be unshown
                   or (i == 0 and any(a == "not" and b in _UNSHOWN for a, b in zip(later, later[1:])))
                   # a coordination carries the negation on: "not eligible for outpatient care or treatment"
                   or (i >= 2 and toks[i - 1][1] in ("or", "and", "nor") and flags[i - 2]))
            flags.append(neg)
            (negated if neg else plain).add(_stem(w))
    return negated - plain if every else negated


# ---------------------------------------------------------------------------
# The words next to a number
# ---------------------------------------------------------------------------

# A result often states several numbers of one unit ("2.2% at 42 days, 2.7% at 77 days"; "PFS 51%, OS 64%"):
# each number's context is the words of its clause nearest to it; a time frame is one token in days.
_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "twelve": 12}
_DAYS = {"year": 365, "yr": 365, "month": 30, "week": 7, "day": 1, "hour": 1 / 24}
_TF_TOKEN = re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?|{'|'.join(_WORD_NUMBERS)})\s*-?\s*(year|yr|month|week|day|hour)s?\b", re.I)
_CLAUSE_END = re.compile(r"[,;:()\[\]]|\.(?:\s|$)|\s[-–—]\s|\b(?:and|while|whereas|versus|vs)\b")
_ABBREVIATIONS = {"pfs": "progression free survival", "os": "overall survival", "efs": "event free survival",
                  "dfs": "disease free survival", "css": "cause specific survival", "rfs": "recurrence free survival",
                  "mfs": "metastasis free survival", "inhospital": "hospital"}
# outcome words that name the same thing; "not survive" is death
_CONCEPT = {"mortality": "death", "die": "death", "dying": "death", "dead": "death", "fatal": "death",
            "died": "death", "survive": "survival", "surviving": "survival", "survived": "survival",
            "alive": "survival", "specificity": "specific", "sensitivity": "sensitive"}
_ASIDE = re.compile(r"\([^()\d]*\)")
_NOT_SURVIVE = re.compile(r"\b(?:not|non|never|fail(?:s|ing)?\s+to)[\s-]+surviv\w*", re.I)
_CONTEXT_STOP = _STOP | {"probability", "chance", "likelihood", "estimated", "predicted", "approximately", "about",
                         "rate", "percentage", "percent", "expected", "calculated", "what", "how", "likely", "given",
                         "based", "this", "their", "with", "will", "would", "patient", "similar", "condition", "within", "next", "from", "than", "after", "over"}


def _context_tokens(text: str, skip: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, token) of the context words of ``text`` outside the ``skip`` spans (the quantities)."""
    text = _NOT_SURVIVE.sub(lambda m: "death".ljust(len(m.group(0))), text)

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in skip)

    out: list[tuple[int, int, str]] = []
    taken: list[tuple[int, int]] = []
    for m in _TF_TOKEN.finditer(text):
        if free(*m.span()):
            n = m.group(1).lower()
            days = (_WORD_NUMBERS[n] if n in _WORD_NUMBERS else float(n)) * _DAYS[m.group(2).lower()]
            out.append((*m.span(), f"tf:{days:g}"))
            taken.append(m.span())
    for m in re.finditer(r"[a-z][a-z0-9]*(?:-[a-z]+)*", text.lower()):
        if not free(*m.span()) or not all(m.end() <= s or m.start() >= e for s, e in taken):
            continue
        word = m.group(0).replace("-", "")
        parts = _ABBREVIATIONS.get(word, m.group(0).replace("-", " ")).split()
        for w in parts:
            w = _CONCEPT.get(w, _stem(w))
            if w not in _CONTEXT_STOP and len(w) > 2:
                out.append((*m.span(), w))
    return out


def contexts(text: str, qs: list[Quantity]) -> list[set[str]]:
    """Per quantity of ``text`` (as returned by :func:`quantities`), the words of its clause nearest to it among
    the clause's quantities of the same unit ("2.2% at 42 days and 2.7% at 77 days"; "median survival 1.6 years;
    time to 25% AML evolution 1.4 years")."""
    # an aside without numbers belongs to its clause: "unfavourable outcome (death, coma or disability) 46%"
    text = _ASIDE.sub(lambda m: re.sub(r"[(),;:]", " ", m.group(0)), text)
    bounds = [0, *(m.end() for m in _CLAUSE_END.finditer(text)), len(text) + 1]
    clause = lambda pos: next(i for i in range(len(bounds) - 1) if pos < bounds[i + 1])  # noqa: E731
    words = _context_tokens(text, [q.span for q in qs])
    out: list[set[str]] = [set() for _ in qs]
    for unit in {q.unit for q in qs}:
        group = [i for i, q in enumerate(qs) if q.unit == unit]
        items = sorted([(qs[i].span[0], "q", i) for i in group] + [(a, "w", t) for a, _, t in words])
        for n, (pos, kind, tok) in enumerate(items):
            if kind != "w":
                continue
            c = clause(pos)
            near = [(abs(j - n), it[2]) for j, it in enumerate(items) if it[1] == "q" and clause(it[0]) == c]
            best = min((d for d, _ in near), default=None)
            for d, qi in near:
                if d == best:
                    out[qi].add(tok)
    return out


def text_context(text: str) -> set[str]:
    """The context words of a whole text (an option or a question)."""
    return {t for _, _, t in _context_tokens(text, [q.span for q in quantities(text)])}


# ---------------------------------------------------------------------------
# Matching
# ---------------------------------------------------------------------------

# Strength of a matching rule: an exact number or class counts more than a number inside a range.
EXACT, WITHIN = 2, 1


@dataclass
class OptionEvidence:
    """What matched and what conflicted for one option, each as 'rule: detail'; ``strength`` sums the matches."""

    text: str
    matches: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    strength: int = 0
    wording: int = 0  # content words of the option found in the result (the second tie-break)
    missing: int = 0  # content words of the option the result does not use (the first tie-break: fewer wins)
    nearest: float = math.inf  # relative distance of the option's disagreeing number from the result's
    first: int = -1  # where in the result the first category the option matched is stated (a tie-break)
    slack: float = math.inf  # how far the option's interval reaches beyond the result's number (a tie-break)

    @property
    def supported(self) -> bool:
        return bool(self.matches) and not self.conflicts

    def match(self, rule: str, strength: int = EXACT) -> None:
        self.matches.append(rule)
        self.strength += strength


@dataclass
class MatchResult:
    """The option the evidence supports (``letter``; None: no option supported) and why."""

    letter: str | None
    reason: str
    options: dict[str, OptionEvidence]
    evidence: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"letter": self.letter, "reason": self.reason, "evidence": self.evidence,
                "options": {k: {"matches": v.matches, "conflicts": v.conflicts} for k, v in self.options.items()}}

    def explanation(self) -> str:
        lines = [self.reason]
        for k, v in self.options.items():
            bits = [f"+{m}" for m in v.matches] + [f"-{c}" for c in v.conflicts]
            lines.append(f"{k}: {'; '.join(bits) or 'no claim compared'}")
        return "\n".join(lines)


def evidence_text(value: Any, unit: str | None, interpretation: str | None) -> str:
    """How a result is shown to the matcher (and written in records): 'value unit; interpretation'."""
    head = "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
    if head and unit:
        head += f" {unit}"
    return "; ".join(p for p in (head, (interpretation or "").strip()) if p)


def _value_quantity(value: Any, unit: str | None) -> Quantity | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(float(value)):
        return None
    u = _unit(unit)
    if u in ("score", "points", "point", "pts"):
        u = ""
    return Quantity(float(value), float(value), unit=u, text=f"{value:g} {unit or ''}".strip(), decimals=9)


def _number_strength(option: Quantity, evidence: Quantity) -> int:
    """EXACT: the same point or interval as printed; WITHIN: agrees only after rounding or by containment; 0: no."""
    if not quantity_agrees(option, evidence):
        return 0
    if option.is_point and evidence.is_point:
        return EXACT if abs(option.low - evidence.low) <= _tol(max(option.decimals, evidence.decimals)) else WITHIN
    same = (option.low == evidence.low and option.high == evidence.high and option.low_open == evidence.low_open
            and option.high_open == evidence.high_open)
    return EXACT if same else WITHIN


def _relevant(words: set[str], question: set[str], ctxs: list[set[str]]) -> list[int]:
    """Indices of the evidence quantities whose context fits the option's words best, then the question's, each
    word weighted by 1/(how many contexts state it), a time frame of the question twice (it says which number:
    "within 42 days"); all of them when none fits better."""
    df = Counter(w for c in ctxs for w in c)
    weight = lambda ws, tf=1: round(sum((tf if w.startswith("tf:") else 1) / df[w] for w in ws), 6)  # noqa: E731
    score = [(weight(c & words), weight(c & (question - words), tf=2)) for c in ctxs]
    top = max(score, default=(0.0, 0.0))
    if top <= (0.0, 0.0) or all(x == top for x in score):
        return list(range(len(ctxs)))
    return [i for i, x in enumerate(score) if x == top]


def _same_time_frame(words: set[str], ctxs: list[set[str]]) -> list[int]:
    """Indices of the evidence quantities whose time frame is not another than the option's ("1-year survival" is not
    the result's 2-year figure); all of them when the option states no time frame."""
    frames = {w for w in words if w.startswith("tf:")}
    if not frames:
        return list(range(len(ctxs)))
    return [i for i, c in enumerate(ctxs) if not any(w.startswith("tf:") for w in c) or c & frames]


def _distance(option: Quantity, evidence: Quantity) -> float:
    """Relative distance of an option's point from an evidence point (inf when either is an interval)."""
    if not (option.is_point and evidence.is_point) or evidence.low == 0:
        return math.inf
    return abs(option.low - evidence.low) / abs(evidence.low)


def compare(option: str, value: Any = None, unit: str | None = None, interpretation: str | None = None,
            question: str | None = None, *, by_context: bool = True) -> OptionEvidence:
    """The rules that match and conflict between one option's text and a result (``question``: the words that
    choose between several numbers of the result; ``by_context=False``: an option's number is compared with
    every number of its unit the result states)."""
    ev = OptionEvidence(option)
    interp = interpretation or ""
    # numbers: the value (in its unit) and the quantities the interpretation states, each with its context
    evq = quantities(interp)
    ectx = contexts(interp, evq)
    vq = _value_quantity(value, unit)
    if vq is not None:
        evq.append(vq)
        ectx.append(set())
    oqs = quantities(option)
    owords, qwords = text_context(option), text_context(question or "")
    octx = contexts(option, oqs) if len(oqs) > 1 else [owords] * len(oqs)  # "13% overall, 29% of survivors"
    for oq, words in zip(oqs, octx):
        idx = [i for i, q in enumerate(evq) if q.unit == oq.unit]
        if not idx:
            continue
        keep = (_relevant(words, qwords, [ectx[i] for i in idx]) if by_context
                else _same_time_frame(words, [ectx[i] for i in idx]))
        if not keep:
            continue
        same_unit = [evq[idx[i]] for i in keep]
        best = max(same_unit, key=lambda q: _number_strength(oq, q))
        strength = _number_strength(oq, best)
        where = f" (the number for {' '.join(sorted(ectx[idx[keep[0]]]))})" if len(keep) < len(idx) else ""
        if strength:
            ev.match(f"number: '{oq.text}' {'equals' if strength == EXACT else 'agrees with'} '{best.text}'{where}",
                     strength)
            if best.is_point and not oq.is_point:  # ">95%" holds 96% more tightly than ">80%"
                bounds = [b for b in (oq.low, oq.high) if math.isfinite(b)]
                ev.slack = min(ev.slack, min((abs(b - best.low) for b in bounds), default=math.inf))
        else:
            ev.conflicts.append(f"number: '{oq.text}' disagrees with {', '.join(repr(q.text) for q in same_unit)}"
                                f"{where}")
            ev.nearest = min(ev.nearest, min(_distance(oq, q) for q in same_unit))
    # categories: the interpretation's words
    ecat, epos = _categories(interp)
    ocat = categories(option)
    for axis, keys in ocat.items():
        if axis not in ecat:
            continue
        common = keys & ecat[axis]
        near = {k for k in keys if _NEAR_KEYS.get(k, set()) & ecat[axis]}
        if common:
            ev.match(f"{axis}: {'/'.join(sorted(common))}")
            ev.first = epos.get(axis, -1) if ev.first < 0 else min(ev.first, epos.get(axis, ev.first))
        elif near:  # "unlikely" against "less likely": the same direction, said less sharply
            ev.match(f"{axis}: option {'/'.join(sorted(near))} near result {'/'.join(sorted(ecat[axis]))}", WITHIN)
        else:
            ev.conflicts.append(f"{axis}: option {'/'.join(sorted(keys))}, result {'/'.join(sorted(ecat[axis]))}")
    # words: a word negated in one of option and result but not the other conflicts ("no increased risk");
    # the wording breaks ties; for an option that states nothing the rules above read, the words are its rule
    option, interp = _plain(option), _plain(interp)
    ow = [_SAME_WORD.get(w, w) for w in content_words(option)]
    stems = {_SAME_WORD.get(w, w) for w in (_stem(t) for t in _tokens(interp))}
    ev.wording = sum(w in stems for w in ow)
    ev.missing = len(ow) - ev.wording
    # a word negated wherever one text says it and nowhere in the other ("eligible" in "Not eligible for
    # outpatient care; inpatient treatment" against "Eligible for outpatient treatment"; not "treatment")
    same = lambda ws: {_SAME_WORD.get(w, w) for w in ws}  # noqa: E731
    i_every, i_any = same(negated_words(interp, every=True)), same(negated_words(interp))
    o_every, o_any = same(negated_words(option, every=True)), same(negated_words(option))
    flipped = sorted({w for w in ow if w in stems
                      and ((w in i_every and w not in o_any) or (w in o_every and w not in i_any))})
    if flipped:
        ev.conflicts.append(f"negation: {', '.join(flipped)} negated in one of option and result, not the other")
    # (a category the result does not speak of, such as a likelihood, does not stop it; a number does)
    elif not oqs and not ev.matches and not ev.conflicts and (said := [w for w in ow if w not in DESCRIPTORS]) \
            and all(w in stems for w in said):
        ev.match(f"words: {' '.join(said)} all in the result", WITHIN)
    return ev


NEAREST = 0.1  # at most 10 % away from the result's number, and at most half as far as the next option


def _nearest(per: dict[str, OptionEvidence]) -> str | None:
    """The option whose number is clearly nearest the result's, when no option states it and no category
    conflicts (the rounding of a published table: 99.6% vs "99%")."""
    cand = {k: v.nearest for k, v in per.items()
            if math.isfinite(v.nearest) and all(c.startswith("number:") for c in v.conflicts)}
    if not cand:
        return None
    ranked = sorted(cand.items(), key=lambda kv: kv[1])
    k, d = ranked[0]
    second = min((v.nearest for o, v in per.items() if o != k), default=math.inf)
    return k if d <= NEAREST and second >= 2 * d and not math.isclose(second, d) else None


def match_options(options: dict[str, str], value: Any = None, unit: str | None = None,
                  interpretation: str | None = None, question: str | None = None) -> MatchResult:
    """The option (letter) the result supports, or None with the reason (no claim, ambiguous, all conflicting).

    Supported options (a match, no conflict) are ranked by the strength of their matches, then by how
    many of their words the result uses; a tie after both is no option.
    """
    per = {k: compare(str(t or ""), value, unit, interpretation, question) for k, t in options.items()}
    evidence = evidence_text(value, unit, interpretation)
    supported = {k: v for k, v in per.items() if v.supported}
    first_pass = per
    if not supported and question:  # the question's words chose a number no option states: the options' alone
        per = {k: compare(str(t or ""), value, unit, interpretation) for k, t in options.items()}
        supported = {k: v for k, v in per.items() if v.supported}
    if not supported:  # the words chose a number no option states: any number of the result, if one option alone
        loose = {k: compare(str(t or ""), value, unit, interpretation, by_context=False) for k, t in options.items()}
        held = [k for k, v in loose.items() if v.supported]
        if len(held) == 1:
            k = held[0]
            return MatchResult(k, f"option {k}: {'; '.join(loose[k].matches)} (the only option the result supports "
                                  f"once its numbers are not chosen by their words)", loose, evidence)
        per = first_pass
        near = _nearest(per)
        if near:
            return MatchResult(near, f"option {near}: number: nearest to the result "
                                     f"({100 * per[near].nearest:.1f}% away; no option states the result's number)",
                               per, evidence)
        if not any(v.matches or v.conflicts for v in per.values()):
            why = "no option supported: no option states a number, class or category the result states"
        else:
            why = "no option supported: every option that shares a claim with the result also conflicts with it"
        return MatchResult(None, why, per, evidence)
    best = max(v.strength for v in supported.values())
    top = [k for k, v in supported.items() if v.strength == best]
    how = ""
    if len(top) > 1:  # tie-breaks: fewer option words the result does not use, then more it does
        rank = {k: (supported[k].missing, -supported[k].wording) for k in top}
        first = min(rank.values())
        by_words = [k for k in top if rank[k] == first]
        if len(by_words) > 1:  # then the option whose category the result states first ("Negative: ... unlikely")
            firsts = {k: per[k].first for k in by_words}
            earliest = min(firsts.values())
            if earliest >= 0 and all(v >= 0 for v in firsts.values()) and list(firsts.values()).count(earliest) == 1:
                k = next(k for k in by_words if firsts[k] == earliest)
                return MatchResult(k, f"option {k}: {'; '.join(per[k].matches)} (tie with "
                                      f"{', '.join(o for o in by_words if o != k)} broken by the result stating "
                                      f"its category first)", per, evidence)
        slacks = {k: per[k].slack for k in by_words}
        tight = min(slacks.values())
        if len(by_words) > 1 and math.isfinite(tight) and list(slacks.values()).count(tight) == 1:
            k = next(k for k in by_words if slacks[k] == tight)
            return MatchResult(k, f"option {k}: {'; '.join(per[k].matches)} (tie with "
                                  f"{', '.join(o for o in by_words if o != k)} broken by its interval holding the "
                                  f"result's number most tightly)", per, evidence)
        if len(by_words) > 1:
            return MatchResult(None, f"no option supported: options {', '.join(top)} are supported equally "
                                     f"({'; '.join(f'{k}: ' + ', '.join(per[k].matches) for k in top)})", per, evidence)
        how = (f" (tie with {', '.join(k for k in top if k != by_words[0])} broken by wording: "
               f"{supported[by_words[0]].missing} of its words not in the result)")
        top = by_words
    k = top[0]
    others = [o for o in supported if o != k and o not in how]
    tail = f"; also partly supported: {', '.join(others)}, by weaker rules" if others else ""
    return MatchResult(k, f"option {k}: {'; '.join(per[k].matches)}{how}{tail}", per, evidence)
