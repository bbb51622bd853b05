"""A 'No <the item>' option ('No motor response' of 'Motor response', 'No verbal response' of 'Verbal response',
'None (Frankel E)' of 'Spinal cord palsy (Frankel Grade)') is the item's absent option: the case denying the item
('shows no motor response') reads it, as a plain 'None' or 'No' would be read
(:func:`medmirror.tools.extraction.choice_labels.absent_option`).

Convention: the option's words after its negation are all the item's own words (its name, or the grading system the
item names), so the option says nothing but that the item is absent.
"""

from __future__ import annotations

import re

from medmirror.tools.calculators.points import Choice
from medmirror.tools.extraction.choice_labels import content_words

_NEGATION = re.compile(r"(?i)^\s*(?:no|none|absent|without)\b(.*)$")


def denial_option(item: Choice) -> str | None:
    """The one option that is a negation of the item's own words ('No motor response' of 'Motor response'); None
    when no option or several are."""
    own = set(content_words(item.question))
    hits = []
    for o in item.options:
        m = _NEGATION.match(o.label)
        if m and (ws := content_words(m.group(1))) and set(ws) <= own:
            hits.append(o.label)
    return hits[0] if len(hits) == 1 else None
