"""Band labels that name the item's quantity themselves.

An item may be named mostly in its bracket ('General condition (Karnofsky Performance Status)'), whose words weigh
a quarter each (:func:`medmirror.tools.extraction.vignette.item_weights`), so a case's 'Karnofsky Performance Status
of 60%' does not name it. When every band label writes the bracket's initials before its range ('Moderate (KPS
50%-70%)'), the labels say the bands are of that quantity: the bracket is the quantity's name, and its words name
the item in full.
"""

from __future__ import annotations

import re

_BRACKET = re.compile(r"\(([^()]+)\)")


def bracket_named(question: str, labels: list[str]) -> str | None:
    """The bracket of ``question`` whose initials (at least two words) every label writes as a word; None otherwise."""
    for m in _BRACKET.finditer(question):
        ws = re.findall(r"[A-Za-z]+", m.group(1))
        initials = "".join(w[0] for w in ws if w[0].isupper() or len(ws) <= 4)
        if len(ws) >= 2 and len(initials) == len(ws) and all(
                re.search(rf"(?<![\w-]){initials}(?![\w-])", label, re.I) for label in labels):
            return m.group(1)
    return None
