"""How often: the frequency a questionnaire's option names and the frequency word a case writes.

A frequency item ('How often does your partner insult you?': Never / Rarely / Sometimes / Fairly often / Frequently)
is answered in a case by a frequency word near the item's words ('occasional insults from her partner', 'rarely
hurts her', 'has never screamed at her'). Both sides are placed on one scale of five steps:

* ``never``: never, at no time, not at all;
* ``rare``: rarely, seldom, infrequently, hardly ever;
* ``some``: sometimes, occasionally, intermittently, periodically, at times, from time to time, several days, some of
  the time;
* ``often``: often, frequently, regularly, repeatedly, more than half the days, most of the time;
* ``always``: always, constantly, all the time, every day, nearly every day, almost always, very often, very
  frequently ('daily' is not read: 'daily activities').

An option is read from a step only when it is the one option on that step; a step two options share ('Fairly often'
and 'Frequently') is read only by the word the option itself writes ('frequent episodes' for 'Frequently').
"""

from __future__ import annotations

import re

from medmirror.tools.calculators.points import Choice

STEPS = ("never", "rare", "some", "often", "always")
_WORDS: list[tuple[str, str]] = [  # (step, pattern), the longer phrases first
    ("always", r"very\s+(?:often|frequent(?:ly)?)|nearly\s+every\s+day|almost\s+always|all\s+(?:of\s+)?the\s+time|"
               r"every\s+day|always|constant(?:ly)?|continual(?:ly)?"),
    ("never", r"never|at\s+no\s+time|not\s+at\s+all"),
    ("rare", r"rare(?:ly)?|seldom|infrequent(?:ly)?|hardly\s+ever"),
    ("often", r"more\s+than\s+half\s+the\s+days|most\s+of\s+the\s+time|fairly\s+often|often|frequent(?:ly)?|"
              r"regular(?:ly)?|repeated(?:ly)?"),
    ("some", r"some\s+of\s+the\s+time|several\s+days|from\s+time\s+to\s+time|at\s+times|sometimes|occasional(?:ly)?|"
             r"intermittent(?:ly)?|periodic(?:ally)?|episodic(?:ally)?"),
]
_ANY = re.compile("|".join(f"(?P<{step}>\\b(?:{rx})\\b)" for step, rx in _WORDS), re.I)


def steps_in(text: str) -> list[tuple[str, str, int]]:
    """(step, the words, offset) of every frequency phrase in ``text``, in order."""
    return [(m.lastgroup or "", m.group(0).casefold(), m.start()) for m in _ANY.finditer(text)]


def option_steps(item: Choice) -> dict[str, str] | None:
    """Option label -> its step, for the options that name exactly one step; None when fewer than three options
    name one (the item is no frequency item)."""
    out = {}
    for o in item.options:
        found = {s for s, _, _ in steps_in(o.label)}
        if len(found) == 1:
            out[o.label] = found.pop()
    return out if len(out) >= 3 else None


def option_for(item: Choice, step: str, said: str) -> str | None:
    """The option on ``step`` (the text wrote ``said``): the one option on it, else the one of those that writes the
    same word; None otherwise."""
    steps = option_steps(item) or {}
    on = [label for label, s in steps.items() if s == step]
    if len(on) == 1:
        return on[0]
    head = said.split()[-1][:5]
    same = [label for label in on if head in label.casefold()]
    return same[0] if len(same) == 1 else None
