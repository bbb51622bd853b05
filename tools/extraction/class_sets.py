"""An item that names a set of classes, grades, stages or types ('NYHA class III or IV', 'INTERMACS class 1-3',
'Killip Class II-IV', 'Ann Arbor stages III or IV') answered by the class a case gives ('class IV heart failure',
'classified as INTERMACS class 4', 'stage III-IV: Yes').

Conventions: roman (I-X) and arabic numerals are one scale; a sub-class letter is ignored ('stage IIIB' is stage
III); a range 'A-B' / 'A to B' / 'A through B' holds its ends and what lies between; 'A or B', 'A, B' and 'A/B' list
members. A case's class is read after the item's qualifier ('INTERMACS 4', 'NYHA class IV') or after the keyword
itself ('class IV') when no other scale's name comes right before it ('CKD stage 3' is no Ann Arbor stage). The
item holds when every class the case gives is in its set, not when none is; a case giving a class range that
straddles the set, or classes that disagree, settles nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_KEYWORDS = r"class(?:es)?|stages?|grades?|types?"
_NUMERAL = r"(?:[IVX]{1,4}|\d{1,2})(?:[a-cA-C](?![a-z]))?"
_JOIN = r"\s*(?:-|–|\bto\b|\bthrough\b|\bor\b|\band\b|,|/)\s*"
_SET = re.compile(rf"(?<![\w-])(?:(?P<qual>[A-Za-z][\w-]*)\s+)?(?P<key>{_KEYWORDS})\s+"
                  rf"(?P<set>{_NUMERAL}(?:{_JOIN}{_NUMERAL})*)(?![\w-])", re.I)


@dataclass(frozen=True)
class ClassSet:
    """The item's keyword ('class'), the scale's name before it ('intermacs'; '' for none) and its classes."""

    keyword: str
    qualifier: str
    members: frozenset[int]
    text: str


def _value(numeral: str) -> int | None:
    n = numeral.rstrip("abcABC") or numeral  # 'IIIB' is III, '4a' is 4
    if n.isdigit():
        return int(n)
    return _ROMAN.get(n.casefold())


def _members(expr: str) -> frozenset[int] | None:
    """The classes an expression states ('III or IV', '1-3', 'II-IV', '4', 'between 4-6'); None when unreadable."""
    parts = re.split(rf"({_JOIN})", expr)
    nums, joins = parts[0::2], parts[1::2]
    values = [_value(n.strip()) for n in nums]
    if any(v is None for v in values):
        return None
    out = {values[0]}
    for j, prev, nxt in zip(joins, values, values[1:]):
        if re.fullmatch(r"\s*(?:-|–|to|through)\s*", j, re.I):
            if nxt < prev or nxt - prev > 10:
                return None
            out.update(range(prev, nxt + 1))
        else:
            out.add(nxt)
    return frozenset(out)


_STOP_QUALIFIERS = frozenset("a an the of in is was as with and or his her their under at has had to be".split())


def class_set(question: str) -> ClassSet | None:
    """The set of classes a finding names ('INTERMACS class 1-3' -> {1, 2, 3}), None when it names none or several.

    'Type 1/like CALR mutation' names type 1 (the '/like' is no class)."""
    found = list(_SET.finditer(question))
    if len(found) != 1:
        return None
    m = found[0]
    members = _members(m.group("set"))
    if not members:
        return None
    qual = (m.group("qual") or "").casefold()
    key = "class" if m.group("key").casefold().startswith("class") else m.group("key").casefold().rstrip("s")
    return ClassSet(key, "" if qual in _STOP_QUALIFIERS else qual, members, m.group(0))


@dataclass(frozen=True)
class ClassMention:
    members: frozenset[int]
    start: int  # the scale's name or keyword
    end: int
    qualified: bool  # the case writes the item's own scale name
    at: int  # the first class


_UNIT_WORDS = r"years?|months?|weeks?|days?|hours?|minutes?|times|mg|g|kg|cm|mm|ml|l|points?|x"
_FILLER = r"(?:\s+(?:of|is|was|as|at|between|status|level|score|grade|in)\b)*\s*[:=]?\s*"


def mentions(cs: ClassSet, sentence: str) -> list[ClassMention]:
    """The classes ``sentence`` gives for the item's scale: after its qualifier ('INTERMACS 4', 'INTERMACS class
    between 4-6', 'NYHA class IV'), else after the bare keyword when no other name precedes it ('class IV')."""
    key = "class(?:es)?" if cs.keyword == "class" else re.escape(cs.keyword) + "s?"
    num_set = rf"(?P<set>{_NUMERAL}(?:{_JOIN}{_NUMERAL})*)(?![\w-]|\s*(?:%|{_UNIT_WORDS})\b)"
    out: list[ClassMention] = []
    taken: list[tuple[int, int]] = []
    if cs.qualifier:
        rx = re.compile(rf"(?<![\w-]){re.escape(cs.qualifier)}(?:\s+{key})?(?:\s+[a-z]+){{0,3}}?{_FILLER}{num_set}",
                        re.I)  # 'INTERMACS class stayed between 4-6'; not a time or a measure ('for 3 years')
        for m in rx.finditer(sentence):
            mem = _members(m.group("set"))
            if mem:
                out.append(ClassMention(mem, m.start(), m.end(), True, m.start("set")))
                taken.append((m.start(), m.end()))
    rx = re.compile(rf"(?<![\w-])(?:(?P<qual>[A-Za-z][\w-]*)\s+)?(?P<key>{key}){_FILLER}{num_set}", re.I)
    for m in rx.finditer(sentence):
        if any(a <= m.start("set") < b for a, b in taken):
            continue
        qual = (m.group("qual") or "").casefold()
        if qual and qual not in _STOP_QUALIFIERS and qual != cs.qualifier and (
                m.group("qual")[0].isupper() or any(c.isdigit() for c in qual)):
            continue  # another scale's class ('CKD stage 3', 'Child-Pugh class B' for an NYHA item)
        mem = _members(m.group("set"))
        if mem:
            out.append(ClassMention(mem, m.start("key"), m.end(), False, m.start("set")))
    return sorted(out, key=lambda x: x.start)


def verdict(cs: ClassSet, found: list[ClassMention]) -> bool | None:
    """Does the case's class fall in the item's set (True), outside it (False), or is it not settled (None: no
    class given, a range straddling the set, or classes that disagree)? Mentions naming the scale win."""
    own = [m for m in found if m.qualified] or found
    answers = set()
    for m in own:
        if m.members <= cs.members:
            answers.add(True)
        elif not (m.members & cs.members):
            answers.add(False)
        else:
            return None
    return answers.pop() if len(answers) == 1 else None
