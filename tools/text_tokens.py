"""Clinical tokenisation for BM25 retrieval (tool cards, corpora, experience).

Keeps clinical names intact and also splits them: "CHA2DS2-VASc" yields
"cha2ds2vasc", "cha2ds2" and "vasc"; "CURB-65" yields "curb65", "curb", "65".
Abbreviations keep their letters; common English stop words are dropped.
"""

from __future__ import annotations

import re

STOPWORDS = frozenset(
    """a an and are as at be by for from has have he her his how i in is it its of on or our she that the their
    them then there these they this to was we were what when which who will with you your patient patients
    should use using based value values score please answer terms medical health status first admitted hospital
    prior any treatment""".split()
)

_POSSESSIVE = re.compile(r"'s\b")
_WORD = re.compile(r"[a-z0-9µ₂]+(?:[-'/][a-z0-9µ₂]+)*", re.I)


def tokenize(text: str, *, keep_stopwords: bool = False) -> list[str]:
    tokens: list[str] = []
    text = _POSSESSIVE.sub("", text.lower().replace("₂", "2").replace("’", "'"))
    for match in _WORD.finditer(text):
        word = match.group(0)
        parts = [p for p in re.split(r"[-'/]", word) if p]
        if len(parts) > 1:
            tokens.append("".join(parts))
            tokens.extend(parts)
        else:
            tokens.append(word)
    if keep_stopwords:
        return tokens
    return [t for t in tokens if t not in STOPWORDS and len(t) > 1]
