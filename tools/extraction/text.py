"""Text helpers shared by the extractors: sentence splitting, numbers, number words.

Sentence boundaries are ``.``, ``!`` or ``?`` followed by white space and an
upper-case letter, digit or opening bracket (or by the end of the note), a
period glued to a capitalised word (``losartan.Upon``), and line breaks. A
period inside a number (``1.39``) or after a common abbreviation (``Dr.``,
``e.g.``, ``vs.``) does not end a sentence.
"""

from __future__ import annotations

import bisect
import re

from medmirror.tools.extraction.model import Sentence

_ABBREVIATIONS = {
    "dr", "mr", "mrs", "ms", "prof", "vs", "e.g", "i.e", "etc", "st", "fig",
    "al", "b.i.d", "t.i.d", "q.i.d", "q.d", "p.o", "i.v", "a.m", "p.m", "approx", "yr", "yrs", "wt", "ht",
}

_BOUNDARY = re.compile(
    r"(?<=[.!?])[\"')\]]?\s+(?=[A-Z0-9(\[\"'])"  # end punctuation, space, capital/digit
    r"|(?<=[a-z)\]]\.)(?=[A-Z][a-z])"  # "losartan.Upon": period glued to the next sentence
    r"|\n+"
)


class SentenceIndex:
    """Sentences of a note and a fast position -> sentence lookup."""

    def __init__(self, note: str):
        self.note = note
        self.sentences: list[Sentence] = split_sentences(note)
        self._starts = [s.start for s in self.sentences]

    def at(self, pos: int) -> Sentence:
        """The sentence containing character ``pos`` (the nearest one before it if between)."""
        if not self.sentences:
            return Sentence(self.note, 0, len(self.note))
        i = max(bisect.bisect_right(self._starts, pos) - 1, 0)
        return self.sentences[i]

    def following(self, sentence: Sentence, n: int) -> list[Sentence]:
        """The (up to) ``n`` sentences after ``sentence``, in note order."""
        i = bisect.bisect_left(self._starts, sentence.start)
        return self.sentences[i + 1:i + 1 + n]


def split_sentences(note: str) -> list[Sentence]:
    """Split ``note`` into sentences with character spans (stripped of surrounding space)."""
    cuts = [0]
    for m in _BOUNDARY.finditer(note):
        if "\n" not in m.group(0):
            word = re.search(r"([A-Za-z][A-Za-z.]*)[.!?][\"')\]]?$", note[max(0, m.start() - 12):m.start()])
            if word and word.group(1).lower() in _ABBREVIATIONS:
                continue
        cuts.append(m.end())
    cuts.append(len(note))
    out: list[Sentence] = []
    for a, b in zip(cuts, cuts[1:]):
        seg = note[a:b]
        s, e = a + len(seg) - len(seg.lstrip()), b - (len(seg) - len(seg.rstrip()))
        if e > s:
            out.append(Sentence(note[s:e], s, e))
    return out


# A number: thousands separators (150,000), decimals (1.39), a decimal comma only when a unit follows. A number written
# right before a comma and a digit without a unit ('INR 1,8', '38,5') is not read: it is a decimal comma or a list,
# and reading its integer part would make up a value.
NUMBER = (
    r"(?<![\w.,/])(?<![A-Za-z]-)(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?"
    r"|\d+,\d{1,2}(?=\s?(?:mg|g/|mmol|µmol|μmol|umol|mEq|meq|U/|IU|%|°|[µμu]U/|[µμu]IU|mIU|pmol|nmol|ng/|pg/))"
    r"|\d+(?:\.\d+)?(?!,\d)|\.\d+)(?![\d])"
)
NUMBER_RE = re.compile(NUMBER)


def parse_number(text: str) -> float:
    """'150,000' -> 150000.0; '1,5' (decimal comma) -> 1.5; '7.29' -> 7.29."""
    t = text.strip()
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", t):
        return float(t.replace(",", ""))
    return float(t.replace(",", "."))


_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
NUMBER_WORD = (
    r"(?:(?:" + "|".join(_TENS) + r")(?:[- ](?:" + "|".join(k for k in _UNITS if _UNITS[k] and _UNITS[k] < 10)
    + r"))?|" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r"|a hundred|one hundred)"
)


def word_to_number(text: str) -> int | None:
    """'sixty-two' -> 62, 'eighteen' -> 18; None when not a number word."""
    t = text.lower().strip().replace("-", " ")
    if t in ("a hundred", "one hundred"):
        return 100
    parts = t.split()
    if len(parts) == 1:
        return _UNITS.get(parts[0], _TENS.get(parts[0]))
    if len(parts) == 2 and parts[0] in _TENS and parts[1] in _UNITS and _UNITS[parts[1]] < 10:
        return _TENS[parts[0]] + _UNITS[parts[1]]
    return None
