"""A bedside task item read from whether the case says the patient did the task: all of it, or none of it.

Stroke scales test consciousness and comprehension with small tasks and score how many the patient does: NIHSS 1B
and 1C ('Performs both tasks' .. 'Performs 0 tasks'), the Cincinnati Prehospital Stroke Severity Scale ('Both
correct' / 'One correct' / 'Neither correct', 'Follows both commands' .. 'Follows neither command', 'Can do' /
'Cannot do'), the paediatric NIHSS, RACE. A case seldom counts tasks; it tells the outcome of the whole request:
'he correctly states his age and the current month', 'she was unable to close her eyes or open and close her hand',
'he can hold his arm up for 10 seconds'.

Conventions (the scales' own: each task is scored done or not done):

* an item's options are its **ends** when one option is the whole task done ('both', 'all', 'Can do') and one none
  of it done ('neither', '0', 'Cannot do', 'unable'), the others the partial count ('one', '1');
* the clause naming the item with a failure word ('unable', 'cannot', 'could not', 'fails', 'does not', 'neither')
  is the none-done end: not doing a task asked as one request is not doing any of it (the scales' anchor for a
  patient who does not respond to the request);
* the clause naming it with a success word ('able to', 'can', 'correctly', 'successfully', 'follows', 'performs',
  'without difficulty') and no failure word is the all-done end;
* a partial outcome ('but not the month', 'only', 'one of') or a clause with no outcome word ('was
  asked to close his eyes') settles nothing: the item stays unsettled, as does one named in two clauses that
  disagree.
"""

from __future__ import annotations

import re

from medmirror.tools.calculators.points import Choice

_NONE_END = re.compile(r"(?i)\b(?:neither|cannot|can't|unable)\b|^\s*(?:\w+\s+)?0\s+\w+")
_ALL_END = re.compile(r"(?i)\b(?:both|all)\b|^\s*can\s+do\b")
_PART = re.compile(r"(?i)\b(?:one|1)\b")

_FAILS = re.compile(r"(?i)\b(?:unable|cannot|can't|could\s+not|couldn't|not\s+able|fail(?:s|ed|ing)?|"
                    r"does\s+not|did\s+not|doesn't|didn't|do\s+not|don't|neither|nor|inability|incapable|refuses?|"
                    r"refused|no\s+longer)\b")
_DOES = re.compile(r"(?i)\b(?:able\s+to|can|could|correctly|successfully|follows?|followed|following|performs?|"
                   r"performed|answers?|answered|completes?|completed|without\s+(?:any\s+)?difficulty)\b")
_PARTIAL = re.compile(r"(?i)\b(?:but\s+not|only|one\s+of|partially|partly|some\s+of)\b")
# a clause's bounds: a task outcome is told per clause or list member ('able to state his age, but unable to close
# his eyes', 'correctly answers ..., is unable to follow ..., yet is able to hold ...')
_CLAUSE = re.compile(r"(?i)[;,:]|\b(?:but|however|yet|whereas|while|although|though)\b")


def ends(item: Choice) -> tuple[str, str] | None:
    """(all-done label, none-done label) when the item's options are a task count's ends and its partial counts;
    None otherwise."""
    all_done = [o.label for o in item.options if _ALL_END.search(o.label) and not _NONE_END.search(o.label)]
    none_done = [o.label for o in item.options if _NONE_END.search(o.label)]
    if len(all_done) != 1 or len(none_done) != 1:
        return None
    rest = [o.label for o in item.options if o.label not in (all_done[0], none_done[0])]
    if len(rest) > 1 or any(not _PART.search(x) for x in rest):
        return None
    return all_done[0], none_done[0]


def clause_around(sentence: str, a: int, b: int) -> tuple[int, int]:
    """The clause of ``sentence`` holding the span a..b: from the last bound before it to the first after it (a
    comma inside the span joins its words: 'his age, and the month')."""
    lo = max((m.end() for m in _CLAUSE.finditer(sentence[:a])), default=0)
    hi = next((b + m.start() for m in _CLAUSE.finditer(sentence[b:])), len(sentence))
    return lo, hi


def outcome(clause: str) -> str | None:
    """'none' (a failure word), 'all' (a success word and no failure word) or None (a partial outcome, or none told)."""
    if _PARTIAL.search(clause):
        return None
    if _FAILS.search(clause):
        return "none"
    if _DOES.search(clause):
        return "all"
    return None
