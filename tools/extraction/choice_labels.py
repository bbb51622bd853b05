"""Rule reading of a library point score's items from a note: a simple, honest label matcher.

Scores written with :mod:`medmirror.tools.calculators.points` have no field map in
:mod:`medmirror.tools.extraction.calculator_map`. This reads them generically:

* a Yes/No item: the sentence of the note that uses most of the item's content words (at least half of
  them, and at least one); "No" when a negator ('no', 'denies', 'without', ...) stands up to four words
  before one of them, else "Yes". An item no sentence names is left out (its default applies, or the
  score refuses it by name);
* an item with other options: the one option whose label's content words all occur in the note, not
  negated; none or several: left out;
* a number item: the first number within five words after one of the item's content words, in range.

It is deliberately crude (no synonyms, no units beyond the item's own, no time frame): the bench
reports what it leaves out, and the score refuses a required item it could not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from medmirror.tools.calculators.points import SPECS, Choice

_STOP = set("""a an the of for to in on at by with and or is are was were be been has have had does do did you your
patient patient's any other than this that there their from as it its within last past over under more less
score points history current currently""".split())
_NEGATORS = {"no", "not", "denies", "denied", "without", "absent", "negative", "never", "none", "nor"}


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z0-9]*", text.lower())


def _stem(w: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


def _content(text: str) -> list[str]:
    return list(dict.fromkeys(_stem(w) for w in _tokens(text) if w not in _STOP and len(w) > 2))


@dataclass
class LabelReading:
    """Arguments read from the note, and per item how (``read``: value and evidence; ``left``: why not)."""

    args: dict[str, Any] = field(default_factory=dict)
    read: dict[str, dict[str, Any]] = field(default_factory=dict)
    left: dict[str, str] = field(default_factory=dict)


def _sentences(note: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;!?])\s+|\n+", note) if s.strip()]


def _negated(sentence_tokens: list[str], words: list[str]) -> bool:
    stems = [_stem(t) for t in sentence_tokens]
    for i, s in enumerate(stems):
        if s in words and any(t in _NEGATORS for t in sentence_tokens[max(0, i - 4):i]):
            return True
    return False


def read_choice_labels(calc_id: str, note: str) -> LabelReading:
    """The items of point score ``calc_id`` read from ``note`` (KeyError when it is not a point score)."""
    spec = SPECS[calc_id]
    out = LabelReading()
    sentences = [(s, _tokens(s)) for s in _sentences(note)]
    note_stems = {_stem(t) for _, toks in sentences for t in toks}
    for item in spec.items:
        words = _content(item.question)
        if not words:
            out.left[item.name] = "the item has no content words to look for"
            continue
        if isinstance(item, Choice):
            labels = {o.label.lower() for o in item.options}
            if labels == {"yes", "no"}:
                best, hits = None, 0
                for s, toks in sentences:
                    n = len(set(words) & {_stem(t) for t in toks})
                    if n > hits:
                        best, hits = (s, toks), n
                if best is None or hits < max(1, (len(words) + 1) // 2):
                    out.left[item.name] = f"no sentence names it ({', '.join(words)})"
                    continue
                label = "No" if _negated(best[1], words) else "Yes"
                label = next(o.label for o in item.options if o.label.lower() == label.lower())
                out.args[item.name] = label
                out.read[item.name] = {"value": label, "evidence": best[0].strip()}
            else:
                found = []
                for o in item.options:
                    ow = _content(o.label)
                    if ow and all(w in note_stems for w in ow) and not any(_negated(t, ow) for _, t in sentences):
                        found.append(o.label)
                if len(found) == 1:
                    out.args[item.name] = found[0]
                    out.read[item.name] = {"value": found[0], "evidence": "option words in the note"}
                else:
                    out.left[item.name] = ("no option's words are in the note" if not found
                                           else f"several options' words are in the note: {found}")
        else:
            value = None
            for s, toks in sentences:
                m = re.search(r"\b(" + "|".join(re.escape(w) for w in words) + r")\w*\W+(?:\w+\W+){0,4}?"
                              r"(\d+(?:\.\d+)?)", s, re.I)
                if m:
                    x = float(m.group(2))
                    if item.ge <= x <= item.le:
                        value = x
                        out.read[item.name] = {"value": x, "evidence": s.strip()}
                        break
            if value is None:
                out.left[item.name] = f"no number in range after {', '.join(words)}"
            else:
                out.args[item.name] = value
    return out
