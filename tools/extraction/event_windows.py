"""When a past event happened, placed in the time window an option names.

Some items ask how long ago an event was ('History of VTE': Never / Yes, >30 days prior / Yes, within 30 days;
'Acute complications': No DKA or HHS / DKA/HHS in the last 12 months / ... in the last 3 months). A case tells the
time beside the event ('deep vein thrombosis 20 days ago', 'VTE within the past month', 'a DVT more than 30 days
ago'); this module reads both sides as intervals of days before now and places one in the other.

Conventions:

* a label's window: 'within N units' / 'in the last (past) N units' / '<=N units ago' is [0, N]; '<N units ago' is
  [0, N); '>N units prior' / 'more than N units ago' is (N, inf); '>=N units ago' is [N, inf);
* a case's time: 'N units ago' (or 'prior', 'earlier', 'before') is the point N; 'within (in, during) the past
  (last, preceding) N units' is [0, N], with no number ('within the past month') [0, 1 unit]; 'more than (over)
  N units ago' is (N, inf); 'less than N units ago' is [0, N);
* a month is 30 days (a label's '30 days' is a month) and a year twelve months (its '12 months'), a week 7;
* 'recent', 'recently', 'last month' give no number and settle nothing.

The option read is the one window that holds the case's time; when nested windows all hold it ('in the last 12
months' and 'in the last 3 months' for '2 months ago') the narrowest, the one the score puts nearest the event.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from medmirror.tools.calculators.points import Choice
from medmirror.tools.extraction.text import word_to_number

DAYS = {"day": 1.0, "week": 7.0, "month": 30.0, "year": 360.0}
_UNIT_ALIASES = {"d": "day", "wk": "week", "mo": "month", "yr": "year"}
_NUM = r"(?P<n>\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?|an?)"
_UNIT = r"(?P<u>days?|weeks?|wks?|months?|mos?|years?|yrs?)\b"
_AGO = r"(?:ago|prior|earlier|before|previously)\b"
_PAST = r"(?:the\s+)?(?:past|last|preceding|previous|prior)"
_MORE = r"(?P<more>>\s*=?|≥|more\s+than|over|greater\s+than|longer\s+than|beyond)"
_LESS = r"(?P<less><\s*=?|≤|less\s+than|under|fewer\s+than)"

# a label's window ('<=65 years' is an age, '<6 weeks' a duration: a window of an event's time says 'within', 'in the
# last' or 'ago' / 'prior')
_LABEL_WINDOWS = [
    ("within", re.compile(rf"(?i)\b(?:within|in|during)\s+(?:{_PAST}\s+)?{_NUM}\s*{_UNIT}")),
    ("more", re.compile(rf"(?i){_MORE}\s*{_NUM}\s*{_UNIT}\s*{_AGO}")),  # an event's time: 'ago', 'prior'
    ("less", re.compile(rf"(?i){_LESS}\s*{_NUM}\s*{_UNIT}\s*{_AGO}")),  # ('<6 weeks' alone is a duration)
]
# a case's time of an event
_TOLD = [
    ("more", re.compile(rf"(?i){_MORE}\s+{_NUM}\s*{_UNIT}\s*{_AGO}")),
    ("less", re.compile(rf"(?i){_LESS}\s+{_NUM}\s*{_UNIT}\s*{_AGO}")),
    ("within", re.compile(rf"(?i)\b(?:within|in|during|over)\s+{_PAST}\s+{_NUM}\s*{_UNIT}")),
    ("within", re.compile(rf"(?i)\b(?:within|in|during|over)\s+{_PAST}\s+(?P<u>day|week|month|year)\b")),
    ("point", re.compile(rf"(?i)(?<![\w.<>])(?<!than\s)(?<!over\s)(?<!under\s){_NUM}\s*{_UNIT}\s*{_AGO}")),
]


@dataclass(frozen=True)
class Window:
    """An interval of days before now."""

    low: float
    high: float
    low_open: bool = False
    high_open: bool = False

    def holds(self, other: Window) -> bool:
        low_ok = other.low > self.low or (other.low == self.low and (not self.low_open or other.low_open))
        high_ok = other.high < self.high or (other.high == self.high and (not self.high_open or other.high_open))
        return low_ok and high_ok

    @property
    def width(self) -> float:
        return self.high - self.low


def _days(n: str | None, unit: str) -> float | None:
    u = unit.casefold().rstrip("s")
    u = _UNIT_ALIASES.get(u, u)
    if n is None:
        x: float | None = 1.0
    elif n.casefold() in ("a", "an"):
        x = 1.0
    elif re.fullmatch(r"\d+(?:\.\d+)?", n):
        x = float(n)
    else:
        w = word_to_number(n)
        x = float(w) if w is not None else None
    return None if x is None or u not in DAYS else x * DAYS[u]


def _window(kind: str, m: re.Match[str]) -> Window | None:
    d = _days(m.groupdict().get("n"), m.group("u"))
    if d is None:
        return None
    if kind == "within":
        return Window(0.0, d)
    if kind == "point":
        return Window(d, d)
    sign = (m.groupdict().get("more") or m.groupdict().get("less") or "").replace(" ", "")
    inclusive = "=" in sign or "≥" in sign or "≤" in sign
    if kind == "more":
        return Window(d, math.inf, low_open=not inclusive, high_open=True)
    return Window(0.0, d, high_open=not inclusive)


def _label_window(label: str) -> tuple[Window, tuple[int, int]] | None:
    for kind, rx in _LABEL_WINDOWS:
        if (m := rx.search(label)) and (w := _window(kind, m)) is not None:
            return w, m.span()
    return None


def label_window(label: str) -> Window | None:
    """The window a label names ('Yes, within 30 days': [0, 30]; 'Yes, >30 days prior': (30, inf)); None: none."""
    got = _label_window(label)
    return got[0] if got else None


def event_name(labels: list[str]) -> str | None:
    """The event the windowed labels all name besides their window ('DKA/HHS' of 'DKA/HHS in the last 6 months');
    None when they name none ('Yes, within 30 days') or differ."""
    rest = set()
    for label in labels:
        got = _label_window(label)
        if got is None:
            return None
        a, b = got[1]
        words = re.sub(r"(?i)^\W*yes\b|^\W+|\W+$", "", label[:a] + " " + label[b:]).strip()
        rest.add(" ".join(words.split()).casefold())
    return rest.pop() if len(rest) == 1 and re.search(r"[a-z]{2}", next(iter(rest))) else None


def option_windows(item: Choice) -> dict[str, Window] | None:
    """Label -> window for the options naming one; None unless at least two do and at most one option names none
    (the event's absent option: 'Never', 'No DKA or HHS')."""
    out = {o.label: w for o in item.options if (w := label_window(o.label)) is not None}
    return out if len(out) >= 2 and len(item.options) - len(out) <= 1 else None


def told_times(stretch: str) -> list[tuple[Window, str]]:
    """Every time of an event ``stretch`` tells ('20 days ago', 'within the past month'), with its words."""
    out: list[tuple[Window, str]] = []
    taken: list[tuple[int, int]] = []
    for kind, rx in _TOLD:
        for m in rx.finditer(stretch):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if (w := _window(kind, m)) is not None:
                out.append((w, m.group(0)))
                taken.append(m.span())
    return out


def window_option(windows: dict[str, Window], told: Window) -> str | None:
    """The option whose window holds ``told``: the one, else the narrowest of nested ones; None otherwise."""
    holding = [(label, w) for label, w in windows.items() if w.holds(told)]
    if not holding:
        return None
    narrowest = min(holding, key=lambda x: x[1].width)
    if all(w.holds(narrowest[1]) for _, w in holding):
        return narrowest[0]
    return None


# where a clause ends: a semicolon, a comma not opening a relative clause ('VTE, which occurred 20 days ago'), a
# conjunction
_CLAUSE_BREAK = re.compile(r"(?i);|,(?!\s*(?:which|that|occurring|diagnosed|treated)\b)|"
                           r"\b(?:and|but|while|whereas|although|though|with)\b")


def clause_at(sentence: str, a: int, b: int) -> str:
    """The clause of ``sentence`` holding [a, b) (the item's mention)."""
    start = max((m.end() for m in _CLAUSE_BREAK.finditer(sentence[:a])), default=0)
    end = next((b + m.start() for m in _CLAUSE_BREAK.finditer(sentence[b:])), len(sentence))
    return sentence[start:end]


def event_option(windows: dict[str, Window], clauses: list[str]) -> tuple[str, str] | None:
    """(label, the words telling the time) when the clauses mentioning the event tell its time and every time they
    tell places it in one and the same option's window; None otherwise."""
    told = [x for c in clauses for x in told_times(c)]
    labels = {window_option(windows, w) for w, _ in told}
    if len(labels) != 1 or None in labels:
        return None
    return labels.pop() or "", told[0][1]
