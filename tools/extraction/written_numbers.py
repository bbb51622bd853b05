"""Numbers as a case writes them: a digit group of a larger number is no number of its own.

The word splitter (:func:`medmirror.tools.extraction.choice_labels.words`) cuts '1,500 U/L' into '1' and '500'; an
option coded by a number ('1 (symptomatic but ambulatory)') is not named by the '1' of '1,500', nor by a digit of a
range, date or decimal glued to it ('1-2', '1/3', '2.5' are read whole elsewhere)."""

from __future__ import annotations

import re

_GLUED_BEFORE = re.compile(r"\d[,.]$")  # '1,|500', '3.|5'
_GLUED_AFTER = re.compile(r"^[,.]\d")  # '1|,500', '2|.5'


def whole_number_stems(stems: list[tuple[int, int, str]], text: str) -> list[tuple[int, int, str]]:
    """``stems`` (start, end, stem) of ``text`` less the numbers that are digit groups of a larger written number."""
    return [(a, b, s) for a, b, s in stems
            if not (s.isdigit() and (_GLUED_BEFORE.search(text[max(0, a - 2):a]) or _GLUED_AFTER.match(text[b:b + 2])))]
