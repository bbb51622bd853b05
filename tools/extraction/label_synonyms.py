"""What a case writes for an option label's clinical class: a small table of conventions.

Some published labels name a class a case never writes, only its members: TRISS's 'Penetrating' is what a case calls
a gunshot or a stab wound, 'Blunt' a motor vehicle collision or a fall; MEDPED's '1st Degree' relative is a parent, a
sibling or a child. :func:`label_stems` gives a stretch of text the label's own words where it writes a member, so the
graded-option reader (:func:`medmirror.tools.extraction.vignette._graded_in`) reads the option as if it were named.

Conventions (each a published definition, not a reading of any data set):

* **penetrating** trauma (TRISS, Champion/Boyd): a wound by a projectile or a blade: gunshot (GSW), 'was shot', stab
  wound, stabbing, knife wound, impalement;
* **blunt** trauma: any other mechanism; read only from the ones that are blunt by definition: a motor vehicle,
  motorcycle, bicycle or pedestrian collision, a fall (from height, down stairs, ground-level), a crush injury
  ('assault' is not read: an assault may be a stabbing);
* **MVA** (motor vehicle accident): a car or motor vehicle accident, collision or crash, a road traffic accident (a
  motorcycle crash is not an MVA: registries code it apart);
* a relative's **degree**: 1st a parent, sibling or child; 2nd a grandparent, grandchild, aunt, uncle, niece, nephew
  or half-sibling; 3rd a first cousin, great-grandparent, great-aunt or great-uncle; an ordinal written as a word
  ('a third-degree relative') is its numeral;
* a **disseminated malignancy**: a metastatic cancer, metastases (a cancer that has spread beyond its site).

A stretch writing members of two classes names both options: the reader's tie leaves the item unsettled.
"""

from __future__ import annotations

import re
from functools import lru_cache

from medmirror.tools.extraction.choice_labels import content_words

_MVA = (r"(?:motor[\s-]+vehicle|car|auto(?:mobile)?|road[\s-]+traffic)[\s-]+(?:accident|collision|crash)|"
        r"\bmvas?\b|\bmvcs?\b|\brtas?\b|\brtcs?\b")
_FALL = (r"\b(?:fell|fall(?:en|ing|s)?)\s+(?:from|off|down|onto|out\s+of)\b|"
         r"\b(?:ground[\s-]+level|mechanical|accidental)\s+falls?\b")
# label phrase -> what a case writes for it (a regular expression, matched case-blind)
TABLE: dict[str, str] = {
    "penetrating": r"\bgun[\s-]?shot|\bgsws?\b|\b(?:was|been|got)\s+shot\b|\bstab(?:bed|bing|s)?\b|\bstab[\s-]+wounds?\b|"
                   r"\bknife[\s-]+wounds?\b|\bimpale(?:d|ment)\b",
    "blunt": rf"{_MVA}|\b(?:motorcycle|motorbike|bicycle|bike)[\s-]+(?:accident|collision|crash)|"
             rf"\bpedestrian\s+struck|\b(?:struck|hit)\s+by\s+an?\s+(?:car|vehicle|truck|bus)\b|{_FALL}|\bcrush(?:ed|ing)?\b",
    "MVA": _MVA,
    "1st degree": r"\b(?:father|mother|parents?|dad|mum|mom|brothers?|sisters?|siblings?|sons?|daughters?|"
                  r"twins?)\b",  # not "child": a case calls its patient "the child"
    "2nd degree": r"\b(?:grand(?:father|mother|parents?|sons?|daughters?|children|child)|aunts?|uncles?|nieces?|"
                  r"nephews?|half[\s-](?:brothers?|sisters?|siblings?))\b",
    "3rd degree": r"\b(?:(?:first\s+)?cousins?|great[\s-]grand(?:father|mother|parents?)|great[\s-](?:aunts?|uncles?))\b",
    "disseminated malignancy": r"\bmetasta(?:tic|ses|sis|sized|sised)\b|\bdisseminated\s+(?:cancer|carcinoma|malignan\w*|"
                               r"tumou?r)",
    "1st": r"\bfirst(?=[\s-]+degree)",
    "2nd": r"\bsecond(?=[\s-]+degree)",
    "3rd": r"\bthird(?=[\s-]+degree)",
}
_COMPILED = {k: re.compile(v, re.I) for k, v in TABLE.items()}
# phrases read only for a label that is the class itself ('1st Degree', '2nd degree relative'; not '1st degree AV
# block', whose '1st degree' is no relative)
_WHOLE = {"1st degree", "2nd degree", "3rd degree", "1st", "2nd", "3rd"}
_WHOLE_EXTRA = frozenset(content_words("degree relative"))


@lru_cache(maxsize=4096)
def _phrase_words(phrase: str) -> tuple[str, ...]:
    return tuple(content_words(phrase))


@lru_cache(maxsize=4096)
def keys_of(label: str) -> tuple[str, ...]:
    """The table's phrases ``label`` writes whole, as its content words in order ('1st Degree' writes '1st degree'
    and '1st'; 'High energy (high speed MVA or rifle shot)' writes 'MVA')."""
    have = content_words(label)
    out = []
    for key in TABLE:
        ws = _phrase_words(key)
        if not ws or not any(tuple(have[i:i + len(ws)]) == ws for i in range(len(have) - len(ws) + 1)):
            continue
        if key in _WHOLE and not set(have) <= set(ws) | _WHOLE_EXTRA:
            continue
        out.append(key)
    return tuple(out)


def label_stems(label: str, stretch: str) -> list[tuple[int, int, str]]:
    """(start, end, stem) of the label's words where ``stretch`` writes a member of a class the label names
    (:data:`TABLE`); [] when the label names none. A grandparent is no parent: a member inside a longer member of
    another class ('grandfather', 'half-brother') is left to that class."""
    out: list[tuple[int, int, str]] = []
    for key in keys_of(label):
        for m in _COMPILED[key].finditer(stretch):
            if _inside_other(key, m, stretch):
                continue
            out.extend((m.start(), m.end(), w) for w in _phrase_words(key))
    return out


def _inside_other(key: str, m: re.Match[str], stretch: str) -> bool:
    before = stretch[max(0, m.start() - 6):m.start()]
    return key in ("1st degree", "2nd degree") and re.search(r"(?i)(?:half|great)[\s-]$", before) is not None
