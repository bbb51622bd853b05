"""A count item ('Number of hospital admissions during the previous year') read from a count a case tells with the
item's noun or its verb.

A case tells how many in four ways, each read here:

* the verb and a number of times: 'admitted three times', 'hospitalized twice', 'has been admitted to the hospital
  6 times';
* a number before the noun: 'three admissions', 'no previous hospital admissions' (0), 'one other hospitalization';
* an ordinal: 'his sixth admission', 'the first hospital admission' (the count so far, this one included);
* the noun's verb is found from the noun: '-ission' -> '-itted' (admission/admitted), '-ization' -> '-ized'
  (hospitalization/hospitalized); an admission and a hospitalization name one thing (:data:`SAME_EVENT`).

'multiple hospitalizations' or 'frequent admissions' give no number and are not read.
"""

from __future__ import annotations

import re

from medmirror.tools.extraction.text import word_to_number

_ORDINALS = {w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
                                        "twelfth".split(), start=1)}
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
SAME_EVENT = (frozenset({"admission", "hospitalization", "hospitalisation"}),)
_NUM = r"\d{1,2}|[a-z]+(?:-[a-z]+)?"
_COUNT_NOUN = re.compile(r"(?i)^\s*number of (?:[\w-]+\s+)*?([a-z]+?)s?\s*(?:\(|,|$|\b(?:in|during|per|at|on|within|over)\b)")


def _verb(noun: str) -> str | None:
    """The past participle's stem of an event noun: 'admission' -> 'admitted', 'hospitalization' -> 'hospitaliz'."""
    if noun.endswith("ission"):
        return noun[: -len("ission")] + "itted"
    if noun.endswith(("ization", "isation")):
        return noun[: -len("ation")]
    return None


def item_noun(question: str) -> str | None:
    """The noun a count item counts ('Number of hospital admissions during the previous year': 'admission')."""
    m = _COUNT_NOUN.match(question)
    return m.group(1).casefold() if m and len(m.group(1)) >= 5 else None


def _value(word: str) -> int | None:
    w = word.casefold()
    if w.isdigit():
        return int(w)
    if w in ("no", "zero"):
        return 0
    return _TIMES.get(w, word_to_number(w))


def told_counts(noun: str, text: str) -> list[tuple[int, re.Match[str]]]:
    """(count, match) of every count ``text`` tells of ``noun`` (see the module's doc)."""
    nouns = next((set(s) for s in SAME_EVENT if noun in s), {noun})
    verbs = {v for n in nouns if (v := _verb(n))}
    noun_rx = "|".join(re.escape(n) for n in sorted(nouns)).replace("ization", "i[sz]ation")
    out: list[tuple[int, re.Match[str]]] = []
    if verbs:
        verb_rx = "|".join(re.escape(v).replace("iz", "i[sz]") for v in sorted(verbs))
        verb = re.compile(rf"(?i)\b(?:re)?(?:{verb_rx})\w*(?:\s+(?:to|at|in|into)\s+(?:the\s+|a\s+)?\w+)?"
                          rf"\s+(?:(?P<n>{_NUM})\s+times|(?P<t>once|twice|thrice))\b")
        out += [(x, m) for m in verb.finditer(text) if (x := _value(m.group("n") or m.group("t"))) is not None]
    before = re.compile(rf"(?i)\b(?P<n>{_NUM})\s+(?:(?:previous|prior|other|earlier|more|additional|separate|"
                        rf"hospital|inpatient)\s+){{0,2}}(?:{noun_rx})s?\b")
    out += [(x, m) for m in before.finditer(text) if (x := _value(m.group("n"))) is not None]
    ordinal = re.compile(rf"(?i)\b(?P<n>{'|'.join(_ORDINALS)})\s+(?:(?:hospital|inpatient)\s+)?"
                         rf"(?:{noun_rx})\b")
    out += [(_ORDINALS[m.group("n").casefold()], m) for m in ordinal.finditer(text)]
    return out
