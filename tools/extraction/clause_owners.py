"""Which item a clause of a case speaks of: a graded item's option words are not read from another item's clause.

A case often names several items of one score in one sentence, each with its own grade ('Pericardial fluid is
equivocal, right upper quadrant fluid is present'; 'restlessness nearly every day, occasional fear of something awful
happening'). When a graded item is read from a whole sentence (or the whole text), a grade word in a clause that names
another item more than this one, and that is one of that item's option words too, is that item's grade, not this
one's: such clauses are left out of the stretch the item's options are looked for in
(:func:`medmirror.tools.extraction.vignette._graded`). A word only this item's options use ('lethargy' for a
behaviour item) still counts wherever it stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medmirror.tools.extraction.choice_labels import same_word, words

# the clauses of a sentence: cut at semicolons, commas (not a thousands comma: '1,500') and the conjunctions that
# join two findings
CLAUSE_CUT = re.compile(r",(?!\d{3})|;|\b(?:and|but|while|whereas|however)\b")


@dataclass(frozen=True)
class Owner:
    """An item as a clause's possible owner: its naming words (weighted) and its options' content words."""

    naming: dict[str, float]
    option_words: frozenset[str]


def _uses(stems: list[str], word: str) -> bool:
    return any(same_word(s, word) for s in stems)


def _weight(stems: list[str], naming: dict[str, float]) -> float:
    """The weight of an item's naming words that a clause (its ``stems``) uses."""
    return sum(wt for w, wt in naming.items() if _uses(stems, w))


def anothers_clause(clause: str, mine: Owner, rivals: dict[str, Owner]) -> bool:
    """Does ``clause`` name another item more than this one (``mine``), with option words of this item that are
    that item's option words too (and none that are this item's alone)?"""
    stems = [s for _, _, s in words(clause)]
    said = {w for w in mine.option_words if _uses(stems, w)}
    if not said:
        return False
    own = _weight(stems, mine.naming)
    return any(_weight(stems, r.naming) > own and said <= r.option_words for r in rivals.values())


def without_others(sentence: str, mine: Owner, rivals: dict[str, Owner]) -> list[str]:
    """The stretches of ``sentence`` left once the clauses of other items (:func:`anothers_clause`) are taken out:
    each a run of neighbouring clauses, as written in the sentence (so that it can be found in it)."""
    cuts = [0, *(m.start() for m in CLAUSE_CUT.finditer(sentence)), len(sentence)]
    out: list[str] = []
    start: int | None = None
    end = 0
    for a, b in zip(cuts, cuts[1:]):
        if sentence[a:b].strip() and anothers_clause(sentence[a:b], mine, rivals):
            if start is not None:
                out.append(sentence[start:end])
            start = None
            continue
        start = a if start is None else start
        end = b
    if start is not None:
        out.append(sentence[start:end])
    return [s for s in out if s.strip()]
