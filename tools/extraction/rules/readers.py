"""How rules read a note, for every family: assertions (not negated, hypothetical or a relative's), the first
number after a label, a clause's own negation, the first assessment of a state (not a re-assessment, a later state
or a baseline; an observation chart's earliest entry), the best option among described findings, and the
clinician's stated ranking of a diagnosis ("PE #1 diagnosis", "alternative diagnosis as likely as DVT").
"""

from __future__ import annotations

import bisect
import functools
import re
from typing import Any, Callable

from medmirror.tools.extraction.calc_sources import Hit, NoteContext, after_presentation, sentence_has
from medmirror.tools.extraction.model import Finding
from medmirror.tools.extraction.text import NUMBER, parse_number


def affirmed(ctx: NoteContext, pattern: str, *, current: bool = False, flags: int = re.I) -> list[Finding]:
    """Matches of ``pattern`` asserted for the patient (not negated, hypothetical or about a relative)."""
    out = [f for f in ctx.terms(pattern, flags) if not (f.negated or f.hypothetical or f.family)]
    if current:
        out = [f for f in out if not f.historical]
    return out


def first_number_after(ctx: NoteContext, label: str, unit: str, *, window: int = 30,
                       lo: float | None = None, hi: float | None = None) -> tuple[float, str, re.Match[str]] | None:
    """The first '<label> ... <number> <unit>' reading (number, unit as written, match)."""
    rx = re.compile(rf"(?:{label})[^\d\n;.]{{0,{window}}}?(?P<n>{NUMBER})\s*(?P<u>{unit})", re.I)
    for m in rx.finditer(ctx.note):
        n = parse_number(m.group("n"))
        if (lo is not None and n < lo) or (hi is not None and n > hi):
            continue
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.hypothetical:
            continue
        return n, m.group("u"), m
    return None


def make_hit(ctx: NoteContext, m: re.Match[str] | Finding, value: Any, note: str = "", unit: str | None = None) -> Hit:
    start, end = (m.start(), m.end()) if isinstance(m, re.Match) else (m.start, m.end)
    return Hit(value, start, end, ctx.note[start:end], ctx.sentence_of(start).text, unit, note)


_CLAUSE_START = re.compile(r"[,;:()]|\b(?:and|but|while|whereas|with)\b", re.I)
# "rather than" / "instead of" deny what follows: "localised to pain rather than following commands"
_CLAUSE_NEGATION = re.compile(r"\b(?:no|not|never|without|denie[sd]|deny|absent|unable|fail(?:s|ed)?|nor|neither|lack\w*"
                              r"|rather\s+than|instead\s+of)\b|n't\b", re.I)


def affirmed_in_clause(ctx: NoteContext, pattern: str) -> list[Finding]:
    """Matches not negated *within their own clause* (for lists of distinct exam findings such as
    'no eye opening, no verbal response, decerebrate posturing', where sentence-wide NegEx over-reaches).
    A negation word inside the match itself ('no motor response') is part of the finding."""
    out = []
    for m in re.finditer(pattern, ctx.note, re.I):
        sent = ctx.sentence_of(m.start())
        # the clause is read back at most 300 characters (bounded work per match in a very long sentence)
        before = ctx.note[max(sent.start, m.start() - 300):m.start()]
        cuts = [c.end() for c in _CLAUSE_START.finditer(before)]
        clause = before[cuts[-1]:] if cuts else before
        if _CLAUSE_NEGATION.search(clause):
            continue
        f = ctx.finding_at(m.start(), m.end())
        if f.family or f.hypothetical:
            continue
        out.append(f)
    return out


# a sentence that reports a repeat examination ("Re-assessed 19:00 after CT: ...", "On reassessment ...", "repeat
# neuro exam at 22:00 ...", "re-examined after the fluids ..."): a later state, not the one first seen
_REASSESSMENT = re.compile(r"\bre-?assess(?:ed|ment|ing)?\b|\bre-?examin(?:ed|ation|ing)\b"
                           r"|\brepeat(?:ed)?\s+(?:\w+\s+)?(?:exam(?:ination)?|assessment|GCS)\b"
                           # a review dated by a hospital or post-operative day: "Neurosurgical review, day 1:", "ward round
                           # on post-op day 2", "POD 1"
                           r"|\b(?:review|ward\s+round|round)\s*,?\s*(?:on\s+)?(?:(?:post-?op(?:erative)?|ICU|hospital)\s+)?day\s+\d+\b"
                           r"|\bpost-?op(?:erative)?\s+day\s+\d+\b|\bPOD\s*#?\s*\d+\b", re.I)
# a later state named before the description in its sentence: after a treatment ("After propofol for intubation: no
# eye opening", "post-intubation", "following naloxone"), some time later ("two hours later", "within three minutes", "the next morning"), at
# discharge or on a later day
_LATER_STATE = re.compile(
    r"\b(?:after|post|following|once|since)[- ]?(?:(?:the|his|her|a|an|IV|intravenous|initial|bolus|of|receiving|giving"
    r"|starting|administration)\s+){0,2}(?:intubat\w*|sedat\w*|propofol|midazolam|fentanyl|ketamine|etomidate|rocuronium"
    r"|succinylcholine|suxamethonium|paralys\w*|naloxone|narcan|flumazenil|glucose|dextrose|treatment|therapy|resuscitation"
    r"|fluids?|surgery|extubation|decompression|evacuation|craniotomy|dialysis|antidote)\b"
    r"|\b(?:\d+|a|an|one|two|three|four|five|six|several|a\s+few)\s+(?:minutes?|mins?|hours?|hrs?|days?)\s+later\b"
    # the time elapsed since a treatment: "within three minutes he was ...", "20 minutes after the bolus"
    r"|\bwithin\s+(?:\d+|a|an|one|two|three|four|five|ten|fifteen|twenty|thirty|a\s+few)\s+(?:minutes?|mins?|hours?|hrs?)\b"
    r"|\b(?:\d+|one|two|three|four|five|ten|fifteen|twenty|thirty|a\s+few)\s+(?:minutes?|mins?|hours?|hrs?)\s+(?:after|afterwards|post)\b"
    r"|\blater\s+(?:that|the\s+same|on\s+the)\s+(?:day|night|evening|morning|afternoon|shift)\b"
    r"|\bthe\s+(?:next|following)\s+(?:day|morning|evening)\b|\b(?:at|on|by|upon|before)\s+discharge\b"
    r"|\bon\s+day\s+(?:[2-9]|\d\d)\b"
    # a sedation lifted: the state after it is a re-assessment ("sedation held at 08:00; opens his eyes")
    r"|\bsedation\s+(?:was\s+)?(?:held|stopped|weaned|lifted|paused|interrupted|off)\b", re.I)
# ... unless the first state is named after it: "following resuscitation in the field, on arrival ..."
_FIRST_STATE = re.compile(r"\b(?:on|at|upon)\s+(?:arrival|admission|presentation)\b|\binitial(?:ly)?\b"
                          r"|\bpre[- ]?(?:sedation|intubation|hospital)\b|\bbefore\s+(?:any\s+)?(?:sedation|intubation|treatment)\b",
                          re.I)
# a baseline named in the description's clause: "oriented at baseline", "usually oriented but today confused"
_BASELINE = re.compile(r"\b(?:baseline|pre-?morbid(?:ly)?|usual(?:ly)?|normally|previously|at\s+best)\b", re.I)
_CLAUSE_EDGE_BEFORE = re.compile(r"[.;,:(\n]|\bbut\b", re.I)
_CLAUSE_EDGE_AFTER = re.compile(r"[.;,)\n]|\bbut\b", re.I)


def not_first_assessment(ctx: NoteContext, start: int, end: int) -> bool:
    """Is the description at note[start:end] not the first assessment: a re-assessment sentence, a later state named
    before it in its sentence (after sedation / treatment, hours later, at discharge), or a baseline in its clause?"""
    sent = ctx.sentence_of(start)
    if sentence_has(_REASSESSMENT, sent.text):
        return True
    lo = max(sent.start, start - 300)
    later = None
    for later in _LATER_STATE.finditer(ctx.note, lo, start):
        pass
    if later is not None and not _FIRST_STATE.search(ctx.note, later.end(), start):
        return True
    before = ctx.note[max(sent.start, start - 60):start]
    cuts = [m.end() for m in _CLAUSE_EDGE_BEFORE.finditer(before)]
    after = ctx.note[end:min(sent.end, end + 60)]
    cut = _CLAUSE_EDGE_AFTER.search(after)
    clause = before[cuts[-1]:] if cuts else before
    clause += ctx.note[start:end] + (after[:cut.start()] if cut else after)
    return _BASELINE.search(clause) is not None


# a line that starts with a clock time: "22:10 (arrival, before any treatment)", "- 0630:", "14.45 h"; or with a short
# label and a clock time with a colon: "Neuro obs 02:00 -", "Obs at 04:00:"
_TIMED_ENTRY = re.compile(r"(?m)^[ \t]*[-*•]?[ \t]*(?:(?:[01]?\d|2[0-3])(?::|\.|h)?[0-5]\d(?:\s*h(?:rs)?)?\b(?![ \t]*(?:mg|mL|ml|kg|cm|mm|%|/|x))"
                          r"|(?:[A-Za-z][\w.&/-]*[ \t]+){1,3}(?:at[ \t]+|@[ \t]*)?(?:[01]?\d|2[0-3]):[0-5]\d\b(?![ \t]*(?:mg|mL|ml|kg|cm|mm|%|/|x)))")


def timed_entries(ctx: NoteContext) -> tuple[int, ...]:
    """Starts of the note's time-stamped entries (none unless there are two or more)."""
    return _timed_entry_starts(ctx.note)


@functools.lru_cache(maxsize=64)
def _timed_entry_starts(note: str) -> tuple[int, ...]:
    starts = tuple(m.start() for m in _TIMED_ENTRY.finditer(note))
    return starts if len(starts) >= 2 else ()


def entry_of(ctx: NoteContext, pos: int) -> int:
    """How many time-stamped entries start at or before ``pos`` (0 without an observation chart)."""
    return bisect.bisect_right(timed_entries(ctx), pos)


def best_option(ctx: NoteContext, options: list[tuple[str, str, int]], *, pick: str = "max",
          current: bool = False, clause: bool = False, first_assessment: bool = False) -> Hit | None:
    """Among (option, pattern, rank[, context]) with an affirmed match, the highest (or lowest / earliest) rank; an
    option with a context pattern counts only when that pattern occurs within 200 characters. With ``first_assessment``,
    matches that are not the first assessment (:func:`not_first_assessment`) are left out when another match is not."""
    found: list[tuple[int, int, str, Finding]] = []
    for option, pattern, rank, *needs in options:
        hits = affirmed_in_clause(ctx, pattern) if clause else affirmed(ctx, pattern, current=current)
        for f in hits:
            if after_presentation(f):
                continue  # "six hours later he was conversing normally": not the state as first seen
            if needs and not needs[0].search(ctx.note, max(0, f.start - 200), f.end + 200):
                continue  # a bare word ('Localises.') counts only among other GCS findings
            found.append((rank, f.start, option, f))
    if first_assessment:
        first = [t for t in found if not not_first_assessment(ctx, t[3].start, t[3].end)]
        found = first or found
        # an observation chart with time-stamped entries ("22:10 (arrival)", "22:45", ...): the earliest entry that
        # describes this response is the first assessment; later entries are re-assessments
        if found and timed_entries(ctx):
            entry = {t[1]: entry_of(ctx, t[1]) for t in found}
            earliest = min(entry.values())
            found = [t for t in found if entry[t[1]] == earliest]
    if not found:
        return None
    if pick == "max":
        rank, _, option, f = max(found, key=lambda t: (t[0], -t[1]))
    elif pick == "min":
        rank, _, option, f = min(found, key=lambda t: (t[0], t[1]))
    else:
        rank, _, option, f = min(found, key=lambda t: t[1])
    return Hit.of_finding(f, option, f"'{f.text}' -> {option}")


PE_RX = r"(?:pulmonary\s+(?:thrombo)?embol\w*|(?-i:\bPEs?\b))"
DVT_RX = r"(?:(?:deep\s+)?ve(?:in|nous)\s+thromb\w*|(?-i:\bDVTs?\b))"
# in a note about a swollen leg (Wells DVT), the lay 'clot' ranked against another diagnosis is the DVT: "a clot seems
# much more likely than a Baker's cyst" (the ranking only; 'clot' is no finding of a DVT)
DVT_RANKED_RX = rf"(?:{DVT_RX}|\b(?:blood\s+)?clot(?:\s+in\s+(?:the|her|his)\s+(?:leg|calf|veins?))?\b)"
_LEADING = (r"(?:leading|most\s+likely|most\s+probable|likeliest|primary|principal|main|working|top|first|number\s+one"
            r"|\#\s*1|no\.?\s*1|favou?red|preferred|presumptive|presumed)")
_DX_WORD = r"(?:diagnos[ie]s|differential|concern|consideration|explanation|cause)"
_LIKELY_VERB = r"(?:is|was|are|were|be|being|felt|considered|thought|judged|deemed|regarded|seemed|seems|appears?|appeared)"


def _rankings(target: str) -> list[tuple[str, re.Pattern[str]]]:
    """(kind, pattern) for the wordings that rank ``target``: 'leading' (first), 'level' (as likely as another),
    'below' (less likely than another). The target and the ranking must be in one clause (no comma between them for
    'level', only verbs and adverbs for the others), so that 'DVT likely, cellulitis less likely' ranks cellulitis."""
    verbs = r"(?:is|was|are|were|be|being|remains?|remained|felt|considered|thought|judged|deemed|regarded|seemed|seems|appears?|appeared|now|still|much|far|the|our|my)"
    return [
        ("leading", re.compile(
            rf"(?:regard(?:s|ed)?|consider(?:s|ed)?|thought\s+of|view(?:s|ed)?|treat(?:s|ed)?|saw|sees?)\s+(?:an?\s+)?(?:acute\s+)?{target}\s+as\s+(?:the\s+|our\s+)?{_LEADING}\s+{_DX_WORD}"
            rf"|(?:regard(?:s|ed)?|consider(?:s|ed)?|thought|judged|deemed)\s+(?:an?\s+)?(?:acute\s+)?{target}\s+(?:to\s+be\s+)?(?:the\s+|our\s+)?{_LEADING}\s+{_DX_WORD}"
            rf"|{target}\s+(?:{verbs}\s+){{0,3}}(?:to\s+be\s+)?(?:as\s+)?(?:the\s+|our\s+)?{_LEADING}\s+{_DX_WORD}"
            rf"|{target}\s+(?:{verbs}\s+){{0,3}}(?:at\s+the\s+)?top\s+of\s+(?:the\s+|our\s+|my\s+)?(?:differential|list)"
            # "suspect a PE over other causes", "nothing else fits as well as a PE", "Impression: likely PE"
            rf"|(?:suspect(?:ed|s)?|favou?r(?:ed|s)?)\s+(?:an?\s+)?(?:acute\s+)?{target}\s+over\s+(?:other|any\s+other|alternative|an?\s+\w|(?!{target})\w)"
            # a numbered differential with the target first: "Ddx: 1. PE 2. pneumonia", "Differential: (1) PE (2) ..."
            rf"|\b(?:d\s*dx|differentials?|differential\s+diagnos[ie]s|diagnos[ie]s|dx)\s*(?:includes?\s*)?[:\-–]\s*"
            rf"(?:\(?\s*1\s*[.)]|\#\s*1\s*[.):]?|i\s*[.)])\s*(?:\??\s*)(?:acute\s+)?{target}"
            # a ranking written with '>': "Ddx: PE > pneumonia > ACS"
            rf"|{target}\s*>{{1,2}}\s*(?=[A-Za-z])"
            # a gestalt or a query with its ranking: "Gestalt: PE likely", "A: ?PE - most likely dx"
            rf"|\b(?:clinical\s+)?gestalt\s*[:\-–]?\s*(?:(?:high|strong)\s+(?:suspicion|probability)\s+(?:of|for)\s+)?(?:an?\s+)?{target}"
            rf"(?:\s+(?:is\s+)?(?:very\s+|highly\s+|most\s+)?(?:likely|probable))?(?!\s+(?:is\s+|was\s+|felt\s+|thought\s+)?(?:less|un|not|improbable))"
            rf"|\?\s*{target}\s*[-–:,]\s*(?:the\s+)?{_LEADING}\s+(?:{_DX_WORD}|dx|diagnosis)"
            rf"|\b(?:no\s+other|nothing\s+else|no\s+alternative)\b[^.;]{{0,60}}?\b(?:as\s+well\s+as|better\s+than)\s+(?:an?\s+)?(?:acute\s+)?{target}"
            rf"|\b(?:impression|assessment|diagnosis|dx|imp|A/P)\s*[:\-–]\s*(?:(?:most\s+)?(?:likely|probable|presumed|presumptive|suspected)\s+)?"
            rf"(?:acute\s+)?(?:(?:massive|submassive|bilateral|segmental|saddle)\s+)?{target}"
            rf"(?!\s+(?:is\s+|was\s+|felt\s+|thought\s+|considered\s+)?(?:less\s+likely|unlikely|improbable|not\s+likely|(?:ruled|excluded)\b))"
            # a high suspicion stated of the target ("high clinical suspicion of PE", "strongly suspect PE")
            rf"|\b(?:high|strong)\s+(?:clinical\s+|index\s+of\s+)?suspicion\s+(?:of|for)\s+(?:an?\s+)?(?:acute\s+)?{target}"
            rf"|\bstrongly\s+suspect(?:ed|s)?\s+(?:an?\s+)?(?:acute\s+)?{target}|\bhighly\s+suspicious\s+(?:of|for)\s+(?:an?\s+)?(?:acute\s+)?{target}"
            rf"|{_LEADING}\s+{_DX_WORD}\s*(?:is|was|being|remains?|remained|of|:|-|–|=)\s*(?:an?\s+)?(?:acute\s+)?{target}"
            rf"|{target}\s+(?:{verbs}\s+){{0,3}}(?:to\s+be\s+)?(?:the\s+)?(?:most|more)\s+(?:likely|probable)"
            # the presentation fits the target best: "presentation most consistent with PE", "best explained by a DVT"
            rf"|\b(?:most|best)\s+(?:consistent\s+with|in\s+keeping\s+with|compatible\s+with|explained\s+by)\s+(?:an?\s+)?(?:acute\s+)?{target}"
            # another diagnosis ranked below the target: "a Baker's cyst, but felt it was less likely than a venous thrombosis"
            rf"|\b(?:less\s+likely|less\s+probable)\s+than\s+(?:an?\s+|the\s+)?(?:acute\s+)?{target}", re.I)),
        ("level", re.compile(rf"{target}[^.;,]{{0,40}}?\b(?:equally\s+likely|(?:at\s+least\s+)?as\s+likely\s+as)\b"
                             rf"|\b(?:equally\s+likely|as\s+likely\s+as)\s+(?:an?\s+)?{target}", re.I)),
        ("below", re.compile(rf"{target}\s+(?:{verbs}\s+){{0,3}}(?:less\s+likely|unlikely|improbable|not\s+likely)"
                             rf"|\b(?:low|little)\s+(?:clinical\s+)?suspicion\s+(?:of|for)\s+(?:an?\s+)?{target}"
                             rf"|\b(?:more\s+likely|favou?red)\s+(?:than|over)\s+(?:an?\s+)?{target}"
                             rf"|(?<=[A-Za-z)])\s*>{{1,2}}\s*(?:an?\s+)?{target}"
                             rf"|\b(?:suspect(?:ed|s)?|favou?r(?:ed|s)?)\s+(?:an?\s+)?(?!{target})[\w-]+(?:\s+(?!over\b)[\w-]+)?\s+over\s+(?:an?\s+)?{target}"
                             rf"|{target}[^.;]{{0,60}}?[,;]?\s+(?:but|however|although)\b[^.;]{{0,40}}?\b(?:is|are|was|were|seems?|felt)"
                             rf"\s+(?:much\s+|far\s+)?(?:more\s+likely|most\s+likely|favou?red)"
                             # the target still the subject after 'but': "PE was considered given the cancer but is thought
                             # less likely than pneumonia"
                             rf"|{target}\s+(?:is|was)\b[^.;]{{0,60}}?\s+but\s+(?:{verbs}\s+){{1,3}}(?:less\s+likely|unlikely|improbable"
                             rf"|not\s+likely)\b", re.I)),
    ]


_SCORE_CATEGORY = re.compile(r"\b(?:Wells|score[ds]?|points?|pre-?test|probability|PERC|Geneva|D-?dimer)\b[^.;]*$", re.I)


_CLAUSE_CUT = re.compile(r"[,;:]|\b(?:and|but|whereas|while)\b", re.I)
_NEGATION_WORD = re.compile(r"\b(?:no|not|never|without|nor|neither|cannot)\b|n[’']t\b", re.I)


def _negated_in_clause(ctx: NoteContext, start: int, sentence_start: int) -> bool:
    """Is a negation written in the ranking's own clause, before it? ('no popliteal fullness and a clot seems more
    likely': the denial is of the fullness, another clause)"""
    before = ctx.note[sentence_start:start]
    cuts = [c.end() for c in _CLAUSE_CUT.finditer(before)]
    return bool(_NEGATION_WORD.search(before[cuts[-1]:] if cuts else before))


def _ranking(ctx: NoteContext, target: str) -> tuple[str, Hit] | None:
    """The note's ranking of ``target`` (:func:`_rankings`): the first 'leading' or 'level' wording, else the first
    'below' one. Relatives' mentions and sentences after the presentation are left out; a negated or hypothetical
    'leading' wording ('PE is not the leading diagnosis', 'if PE were the leading diagnosis') is not a ranking."""
    below: tuple[str, Hit] | None = None
    for kind, rx in _rankings(target):
        for m in rx.finditer(ctx.note):
            f = ctx.finding_at(m.start(), m.end())
            if f.family or after_presentation(f):
                continue
            if _SCORE_CATEGORY.search(ctx.note, max(f.sentence.start, m.start() - 40), m.start()):
                continue  # "Wells 1 point: DVT unlikely" is the score's category, not the clinician's ranking
            if kind != "below" and ((f.negated and _negated_in_clause(ctx, m.start(), f.sentence.start)) or f.hypothetical
                                    or re.search(r"\b(?:not|never)\b", m.group(0), re.I)):
                continue
            if kind == "below":
                below = below or (kind, make_hit(ctx, m, None))
                continue
            return kind, make_hit(ctx, m, None)
    return below


def stated_leading(target: str, label: str) -> Callable[[NoteContext], Hit | None]:
    """Wells PE 'PE #1 diagnosis or equally likely': True when the note ranks ``target`` first or level with another
    diagnosis ('regarded pulmonary embolism as the leading diagnosis', 'working diagnosis: PE', 'PE and pneumonia felt
    equally likely'); False when it ranks it below another ('PE felt less likely'); None when no ranking is written
    (a judgement left to the model, else the calculator's default)."""

    def read(ctx: NoteContext) -> Hit | None:
        alt = _alternative_statement(ctx)
        if alt is not None:
            m, more = alt
            return make_hit(ctx, m, not more, f"an alternative diagnosis {'as likely or more' if more else 'less likely'}"
                        f" than {label}")
        r = _ranking(ctx, target)
        if r is None:
            return None
        kind, h = r
        h.value = kind != "below"
        h.note = f"{label} ranked {'first' if kind == 'leading' else 'level with another diagnosis' if kind == 'level' else 'below another diagnosis'}"
        return h

    read.__doc__ = f"{label} ranked first or equally likely (True), below another diagnosis (False)"
    return read


_ALTERNATIVE = re.compile(r"(?:alternative|other|another)\s+(?:diagnos[ie]s|explanation|cause)[^.;]{0,40}?\b"
                          r"(?P<rank>(?:at\s+least\s+)?as\s+likely|equally\s+likely|more\s+likely|less\s+likely|unlikely)", re.I)


def _alternative_statement(ctx: NoteContext) -> tuple[re.Match[str], bool] | None:
    """The note's first statement of how likely 'an alternative diagnosis' is (Wells' own wording): the match and
    whether the alternative is at least as likely ('an alternative diagnosis is as likely or more likely' True; 'less
    likely', 'unlikely' and a negated 'no alternative diagnosis is more likely' False). Relatives', hypothetical and
    after-presentation mentions are left out."""
    for m in _ALTERNATIVE.finditer(ctx.note):
        f = ctx.finding_at(m.start(), m.end())
        if f.family or f.hypothetical or after_presentation(f):
            continue
        return m, not (f.negated or re.search(r"less|unlikely", m.group("rank"), re.I))
    return None


def alternative_as_likely(target: str, label: str) -> Callable[[NoteContext], Hit | None]:
    """Wells DVT 'alternative diagnosis at least as likely': stated of the alternative ('an alternative diagnosis is
    at least as likely' True, 'alternative diagnoses less likely' False), else read from the ranking of ``target``:
    first -> False, level with another or below -> True ('DVT and cellulitis equally likely', 'DVT felt unlikely');
    None when no ranking is written."""

    def read(ctx: NoteContext) -> Hit | None:
        alt = _alternative_statement(ctx)
        if alt is not None:
            m, more = alt
            return make_hit(ctx, m, more, f"alternative diagnosis {'as likely or more' if more else 'less likely'}")
        r = _ranking(ctx, target)
        if r is None:
            return None
        kind, h = r
        h.value = kind != "leading"
        h.note = f"{label} ranked {'first: no alternative as likely' if kind == 'leading' else 'level with another diagnosis' if kind == 'level' else 'below another diagnosis'}"
        return h

    read.__doc__ = f"an alternative diagnosis at least as likely as {label}"
    return read


# disorientation in place or time, described (Teasdale 2014 'confused'; Fine 1997 PSI 'disorientation'): "does not know
# where she is", "thinks it is 1990", "believes he is at the bank", "could not give the month"
DISORIENTED_DESCRIBED = (
    r"\b(?:could|can|would)\s*(?:not|n't|n’t)\s+(?:give|name|say|state|tell\s+(?:me|us))\s+(?:\w+\s+)?(?:the\s+)?"
    r"(?:month|year|date|day\s+of\s+the\s+week|name\s+of\s+the\s+hospital|hospital'?s?\s+name)\b"
    # not oriented in place or time, described: "does not know where she is", "didn't know the year"
    r"|\b(?:does|did|do)\s*(?:not|n't|n’t)\s+know\s+(?:where\s+(?:she|he|they|I)\s+(?:is|was|are|am)\b"
    r"|what\s+(?:day|month|year|date|time)\b|the\s+(?:day|date|month|year|time)\b)"
    r"|\borient(?:ed|ated)\s+to\s+(?:self|person|name)\s+only\b"
    # "knows her name but not where she is", "unsure of the year", "gave the wrong year", "got the date wrong"
    r"|\b(?:but\s+not|unsure|not\s+sure|uncertain)\s+(?:of\s+|about\s+)?(?:where\s+(?:she|he|they|I)\s+(?:is|was|are|am)\b"
    r"|what\s+(?:day|month|year|date|time)\b|the\s+(?:day|date|month|year|time)\b(?!\s+(?:of|when|that)\b))"
    r"|\bwrong\s+(?:year|date|day|month|place|hospital|city|town|location)\b"
    r"|\b(?:got|gets|gave|gives)\s+the\s+(?:year|date|day|month|place)\s+wrong\b"
    # disoriented to time or place, described: "thinks it is 1990", "believes she is at the bank"
    r"|\b(?:thinks|thought|believes|believed)\s+(?:that\s+)?(?:it\s+is|it's|it\s+was)\s+(?:19|20)\d\d\b"
    r"|\b(?:thinks|thought|believes|believed)\s+(?:that\s+)?(?:she|he|they)\s+(?:is|was|are|were)\s+(?:at|in)\s+(?:the\s+|a\s+|her\s+|his\s+)?\w+"
)
