"""Derived rules of the calculator map: grades, categories, dose lists and numbers the
value extractor does not read by itself.

Each function takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide). The
definitions they follow are named in each docstring; none of them returns a value the
note does not state or imply by the definition.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import re
from typing import Any, Callable

from medmirror.tools.calculators.anthropometrics import bmi_value
from medmirror.tools.extraction.calc_sources import _AFTER_PRESENTATION as _AFTER_PRESENTATION_TEXT
from medmirror.tools.extraction.calc_sources import (
    Hit,
    Meds,
    NoteContext,
    Term,
    after_presentation,
    decide,
    medication_not_taken,
    sentence_has,
)
from medmirror.tools.extraction.measurements import Reading
from medmirror.tools.extraction.model import Finding, Sentence, Value
from medmirror.tools.extraction.quantities import BY_NAME
from medmirror.tools.extraction.text import NUMBER, parse_number, word_to_number

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


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


def _hit(ctx: NoteContext, m: re.Match[str] | Finding, value: Any, note: str = "", unit: str | None = None) -> Hit:
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
                           r"|\brepeat(?:ed)?\s+(?:\w+\s+)?(?:exam(?:ination)?|assessment|GCS)\b", re.I)


# a later state named before the description in its sentence: after a treatment ("After propofol for intubation: no
# eye opening", "post-intubation", "following naloxone"), some time later ("two hours later", "the next morning"), at
# discharge or on a later day
_LATER_STATE = re.compile(
    r"\b(?:after|post|following|once|since)[- ]?(?:(?:the|his|her|a|an|IV|intravenous|initial|bolus|of|receiving|giving"
    r"|starting|administration)\s+){0,2}(?:intubat\w*|sedat\w*|propofol|midazolam|fentanyl|ketamine|etomidate|rocuronium"
    r"|succinylcholine|suxamethonium|paralys\w*|naloxone|narcan|flumazenil|glucose|dextrose|treatment|therapy|resuscitation"
    r"|fluids?|surgery|extubation|decompression|evacuation|craniotomy|dialysis|antidote)\b"
    r"|\b(?:\d+|a|an|one|two|three|four|five|six|several|a\s+few)\s+(?:minutes?|mins?|hours?|hrs?|days?)\s+later\b"
    r"|\blater\s+(?:that|the\s+same|on\s+the)\s+(?:day|night|evening|morning|afternoon|shift)\b"
    r"|\bthe\s+(?:next|following)\s+(?:day|morning|evening)\b|\b(?:at|on|by|upon|before)\s+discharge\b"
    r"|\bon\s+day\s+(?:[2-9]|\d\d)\b", re.I)
# ... unless the first state is named after it: "following resuscitation in the field, on arrival ..."
_FIRST_STATE = re.compile(r"\b(?:on|at|upon)\s+(?:arrival|admission|presentation)\b|\binitial(?:ly)?\b"
                          r"|\bpre[- ]?(?:sedation|intubation|hospital)\b|\bbefore\s+(?:any\s+)?(?:sedation|intubation|treatment)\b",
                          re.I)
# a baseline named in the description's clause: "oriented at baseline", "usually oriented but today confused"
_BASELINE = re.compile(r"\b(?:baseline|pre-?morbid(?:ly)?|usual(?:ly)?|normally|previously|at\s+best)\b", re.I)
_CLAUSE_EDGE_BEFORE = re.compile(r"[.;,:(\n]|\bbut\b", re.I)
_CLAUSE_EDGE_AFTER = re.compile(r"[.;,)\n]|\bbut\b", re.I)


def _stale(ctx: NoteContext, start: int, end: int) -> bool:
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


def _timed_entries(ctx: NoteContext) -> tuple[int, ...]:
    """Starts of the note's time-stamped entries (none unless there are two or more)."""
    return _timed_entry_starts(ctx.note)


@functools.lru_cache(maxsize=64)
def _timed_entry_starts(note: str) -> tuple[int, ...]:
    starts = tuple(m.start() for m in _TIMED_ENTRY.finditer(note))
    return starts if len(starts) >= 2 else ()


def _entry_of(ctx: NoteContext, pos: int) -> int:
    """How many time-stamped entries start at or before ``pos`` (0 without an observation chart)."""
    return bisect.bisect_right(_timed_entries(ctx), pos)


def _best(ctx: NoteContext, options: list[tuple[str, str, int]], *, pick: str = "max",
          current: bool = False, clause: bool = False, first_assessment: bool = False) -> Hit | None:
    """Among (option, pattern, rank[, context]) with an affirmed match, the highest (or lowest / earliest) rank; an
    option with a context pattern counts only when that pattern occurs within 200 characters. With ``first_assessment``,
    matches that are not the first assessment (:func:`_stale`) are left out when another match is not."""
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
        first = [t for t in found if not _stale(ctx, t[3].start, t[3].end)]
        found = first or found
        # an observation chart with time-stamped entries ("22:10 (arrival)", "22:45", ...): the earliest entry that
        # describes this response is the first assessment; later entries are re-assessments
        if found and _timed_entries(ctx):
            entry = {t[1]: _entry_of(ctx, t[1]) for t in found}
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


# ---------------------------------------------------------------------------
# demographics, vitals, simple numbers
# ---------------------------------------------------------------------------

_BLACK = (r"\bAfrican[- ]American\b|\bAfro[- ]Caribbean\b|\bBlack\b(?![- ](?:stool|tarry|box|urine|eschar|lesion|spot))"
          r"|\bblack (?:man|woman|male|female|patient|gentleman|lady|boy|girl|race|ethnicity|individual)\b")
_NON_BLACK = (r"\b(?:Caucasian|Asian|Hispanic|Latino|Latina|Arab|Indian|Chinese|Japanese|Korean)\b"
              r"|\bWhite\b(?![- ](?:blood|matter|cell|count|patch|plaque|coat|spot|lesion))"
              r"|\bwhite (?:man|woman|male|female|patient|gentleman|lady|boy|girl|race|ethnicity)\b")


def black_race(ctx: NoteContext) -> Hit | None:
    """MDRD race coefficient: True when the patient is described as Black / African American."""
    for f in ctx.terms(_BLACK, 0):
        if not (f.negated or f.family):
            return Hit.of_finding(f, True, "race stated")
    for f in ctx.terms(_NON_BLACK, 0):
        if not (f.negated or f.family):
            return Hit.of_finding(f, False, "race stated (not Black)")
    return None


# a MAP the team aims for is not the patient's: "to keep MAP > 65", "target MAP 65-70", "MAP goal >= 65"
_MAP_TARGET_BEFORE = re.compile(r"\b(?:target(?:ing|ed)?|goal|aim(?:ing)?|keep(?:ing)?|maintain(?:ing)?|titrat\w*\s+to)\s+(?:a\s+|the\s+)?$",
                                re.I)
_MAP_TARGET_GAP = re.compile(r"[<>≥≤]|\b(?:target|goal|above|over|below|under|at\s+least|greater|more|less)\b", re.I)


def mean_arterial_pressure(ctx: NoteContext) -> Hit | None:
    """A stated mean arterial pressure ('MAP 65 mmHg'); otherwise the calculator derives it from SBP/DBP. A target
    ('keep MAP > 65', 'MAP goal 65') is not a reading."""
    rx = re.compile(rf"(?:mean arterial (?:blood )?pressure|(?-i:\bMAP\b))(?P<gap>[^\d\n;.]{{0,30}}?)(?P<n>{NUMBER})"
                    r"\s*(?P<u>mm\s*Hg|mmHg|(?=[\s,.;)]))", re.I)
    for m in rx.finditer(ctx.note):
        n = parse_number(m.group("n"))
        if not 20 <= n <= 250:
            continue
        before = ctx.note[max(ctx.sentence_of(m.start()).start, m.start() - 25):m.start()]
        if _MAP_TARGET_BEFORE.search(before) or _MAP_TARGET_GAP.search(m.group("gap")):
            continue
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.hypothetical:
            continue
        return _hit(ctx, m, n, unit="mmHg")
    return None


def a_a_gradient(ctx: NoteContext) -> Hit | None:
    r = first_number_after(ctx, r"(?:A-a|alveolar[- ]arterial)(?: oxygen| O2)? gradient|(?-i:\bA-a\b)(?: gradient)?(?: DO2)?",
                           r"mm\s*Hg|mmHg|(?=[\s,.;)]|$)", lo=0, hi=700)
    if r is None:
        return None
    n, _, m = r
    return _hit(ctx, m, n, unit="mmHg")


_PF_RATIO = re.compile(rf"(?<![\w/])(?:P\s*/\s*F|PaO2\s*/\s*FiO2|PaO₂\s*/\s*FiO₂|(?-i:PF\b))(?:\s+ratio)?\s*(?:ratio\s*)?(?:of|was|is|[:=~≈])?\s*(?P<n>{NUMBER})"
                       r"(?!\s*%|\s*/|\.\d)", re.I)


def pao2_from_pf_ratio(fio2_of: Callable[[NoteContext], Any]) -> Callable[[NoteContext], Hit | None]:
    """PaO2 from a P/F ratio written as such ('P/F ratio 150 on FiO2 0.6', 'PaO2/FiO2 of 160'), when no PaO2 is stated:
    ratio x FiO2 (the FiO2 read by ``fio2_of``). The ratio is what SOFA scores, so the PaO2 is the one that gives it back;
    without an FiO2 nothing is read (the ratio alone gives no PaO2)."""

    def read(ctx: NoteContext) -> Hit | None:
        if ctx.value("pao2") is not None:
            return None
        for m in _PF_RATIO.finditer(ctx.note):
            n = parse_number(m.group("n"))
            f = ctx.finding_at(m.start(), m.end())
            if not 20 <= n <= 700 or f.negated or f.hypothetical:
                continue
            fio2 = fio2_of(ctx)
            if fio2 is None or getattr(fio2, "value", None) is None:
                return None
            pct = float(fio2.value)
            pct = pct * 100 if pct <= 1 else pct
            return _hit(ctx, m, round(n * pct / 100, 1), f"P/F ratio {n:g} x FiO2 {pct / 100:g} = PaO2 {n * pct / 100:g} mmHg",
                        unit="mmHg")
        return None

    read.__doc__ = "PaO2 = stated P/F ratio x FiO2"
    return read


# the 24 hours named between the label and the volume: "over the last 24 h", "last 24 hours:", "(24 h)"
_PRE_24H = (r"\s*\(?\s*(?:(?:over|in|during)\s+(?:the\s+)?(?:first\s+|past\s+|last\s+|previous\s+)?"
            r"|(?:the\s+)?(?:first|past|last|previous)\s+)?24\s*-?\s*h(?:ours?|rs?)?\)?")


def urine_output(ctx: NoteContext) -> Hit | None:
    """Urine output per day; a rate per hour is multiplied by 24 (stated in the note), a rate per kg per hour by the
    stated weight and 24 ('0.3 mL/kg/h' with 'weight 80 kg': 576 mL/day)."""
    per = (r"\s*(?P<per>(?:/\s*kg\s*/\s*|per\s+kg\s+per\s+)h(?:r|our)?\b|/\s*(?:day|d|24\s*h(?:ours?|rs?)?)|per\s+day|a\s+day|daily"
           r"|(?:over|in)\s+(?:the\s+)?(?:past\s+|last\s+|first\s+)?24\s*h(?:ours?|rs?)?|/\s*h(?:r|our)?|per\s+hour)?")
    rx = re.compile(rf"(?:(?:urine|urinary) (?:output|volume)|(?-i:\bUOP?\b))(?P<pre>{_PRE_24H})?"
                    rf"[^\d\n;.]{{0,30}}?(?P<n>{NUMBER})\s*(?P<u>mL|ml|cc|L|liters?|litres?){per}"
                    # "passed 450 mL of urine in 24 hours"
                    rf"|(?P<n_b>{NUMBER})\s*(?P<u_b>mL|ml|cc|L|liters?|litres?)\s+(?:of\s+)?urine"
                    + per.replace("?P<per>", "?P<per_b>"), re.I)
    for m in rx.finditer(ctx.note):
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.hypothetical:
            continue
        n = parse_number(m.group("n") or m.group("n_b"))
        if (m.group("u") or m.group("u_b")).lower().startswith("l"):
            n *= 1000
        per = (m.group("per") or m.group("per_b") or m.group("pre") or "").lower()
        if "kg" in per:  # mL/kg/h over the stated weight, x 24 h; without a weight it cannot be a daily volume
            w = ctx.value("weight")
            if w is None or not float(w.value) > 0:
                continue
            return _hit(ctx, m, n * float(w.value) * 24, f"{n:g} mL/kg/h x {float(w.value):g} kg x 24 h", unit="mL/day")
        if "h" in per and "24" not in per:
            return _hit(ctx, m, n * 24, "mL/h x 24", unit="mL/day")
        return _hit(ctx, m, n, unit="mL/day")
    return None


_ABG_TRIPLE = re.compile(r"\b(?:ABGs?|VBG|arterial (?:blood )?gas(?:es)?|blood gas)\b(?:[^.;\n]|\.(?=\d)){0,60}?(?<![\d.])"
                         r"(?P<ph>[67]\.\d{1,2})\s*/\s*(?P<co2>\d{2,3}(?:\.\d)?)\s*/\s*(?P<o2>\d{2,3}(?:\.\d)?)(?![\d/])", re.I)


def abg_triple(part: str) -> Callable[[NoteContext], Hit | None]:
    """pH, PaCO2 or PaO2 from the shorthand 'ABG 7.32/34/68' (pH / PaCO2 / PaO2, mmHg), when the extractor has
    no labelled value."""
    name = {"ph": "ph", "co2": "paco2", "o2": "pao2"}[part]

    def read(ctx: NoteContext) -> Hit | None:
        if ctx.value(name) is not None:
            return None
        for m in _ABG_TRIPLE.finditer(ctx.note):
            v = parse_number(m.group(part))
            if part == "ph" and not 6.5 <= v <= 8.0:
                continue
            return Hit(v, m.start(part), m.end(part), m.group(part), ctx.sentence_of(m.start()).text,
                       None if part == "ph" else "mmHg", "blood gas shorthand pH/PaCO2/PaO2")
        return None

    read.__doc__ = f"{name} from 'ABG pH/PaCO2/PaO2'"
    return read


def fio2_stated_as_oxygen(ctx: NoteContext) -> Hit | None:
    """FiO2 written as an oxygen percentage: 'on 40% oxygen by Venturi mask', '60% O2 via face mask', or the percentage
    before its label: 'PaO2 70 mmHg on 50% FiO2'."""
    if ctx.value("fio2") is not None:
        return None
    rx = re.compile(rf"(?P<n>{NUMBER})\s*%\s*(?:of\s+)?(?:inspired\s+)?(?:oxygen|O2|O₂|(?-i:Fi?O2|FIO2|FiO₂))\b"
                    r"(?!\s*(?:sat|saturation))", re.I)  # '93% O2 sats' is a saturation
    for m in rx.finditer(ctx.note):
        n = parse_number(m.group("n"))
        f = ctx.finding_at(m.start(), m.end())
        if 21 <= n <= 100 and not (f.negated or f.hypothetical) and not after_presentation(f):
            return _hit(ctx, m, n, "oxygen percentage = FiO2", unit="%")
    # a fixed-performance mask named by its percentage: "on 28% Venturi mask", "35% venturi", "40% Venturi facemask";
    # not a saturation written before it ("sats 94% on Venturi")
    for m in _VENTURI.finditer(ctx.note):
        n = parse_number(m.group("n"))
        before = ctx.note[max(0, m.start() - 25):m.start()]
        f = ctx.finding_at(m.start(), m.end())
        if 24 <= n <= 60 and not _SAT_BEFORE.search(before) and not (f.negated or f.hypothetical) and not after_presentation(f):
            return _hit(ctx, m, n, "Venturi mask percentage = FiO2", unit="%")
    return None


_VENTURI = re.compile(rf"(?P<n>{NUMBER})\s*%\s*(?:via\s+|by\s+|on\s+)?(?:a\s+)?(?:Venturi|venti)(?:[- ]?mask)?\b", re.I)
_SAT_BEFORE = re.compile(r"(?:sat\w*|SpO2|SaO2|SpO₂|oximetry)\W*(?:\w+\W+){0,2}$", re.I)


_NASAL = r"(?:nasal\s+(?:cannulae?|prongs|specs|spectacles|catheter)|(?-i:NC|NP|NCO2))"
_LITRES = r"(?:L|l|litres?|liters?|lpm)(?:\s*/\s*min|\s*per\s*min(?:ute)?)?"
_NASAL_FLOW = re.compile(
    rf"(?P<n>\d(?:\.\d)?)\s*{_LITRES}\s*(?:of\s+)?(?:(?:O2|O₂|oxygen|supplemental\s+oxygen)\s+)?(?:via|by|through|on|per)?\s*"
    rf"(?:a\s+|the\s+)?{_NASAL}\b"
    rf"|{_NASAL}\s*(?:at|@|of|on|,|:|-)?\s*(?P<n2>\d(?:\.\d)?)\s*{_LITRES}(?![\w/])", re.I)

_FLOW_STOPPED = re.compile(r"\b(?:weaned|off|stopped|discontinued|removed|came off|taken off)\b(?:\s+\w+){0,3}\s*$", re.I)


def fio2_from_nasal_flow(ctx: NoteContext) -> Hit | None:
    """FiO2 estimated from a nasal-cannula flow when no FiO2 is stated: about 21 % + 4 % per L/min, for 1-6 L/min
    ('on 3 L nasal cannula' -> 33 %; the usual bedside estimate, e.g. Marino, The ICU Book). Masks and high-flow
    devices are not estimated (their FiO2 depends on the device). The flow nearest the PaO2 in its sentence wins, else
    the first current one; a flow that was stopped or is hypothetical is not read."""
    if ctx.value("fio2") is not None:
        return None
    flows = []
    for m in _NASAL_FLOW.finditer(ctx.note):
        n = parse_number(m.group("n") or m.group("n2"))
        f = ctx.finding_at(m.start(), m.end())
        before = ctx.note[max(ctx.sentence_of(m.start()).start, m.start() - 30):m.start()]
        if _FLOW_STOPPED.search(before):
            continue  # 'weaned off 2 L NC', 'NC 3 L discontinued' reads on
        if 1 <= n <= 6 and not (f.negated or f.hypothetical or f.historical) and not after_presentation(f):
            flows.append((m, n))
    if not flows:
        return None
    pao2 = ctx.value("pao2")
    in_gas = [(m, n) for m, n in flows if pao2 is not None and ctx.sentence_of(m.start()).start == pao2.sentence.start]
    if in_gas:  # the flow nearest the blood gas's PaO2
        in_gas.sort(key=lambda mn: abs(mn[0].start() - pao2.start))
    m, n = (in_gas or flows)[0]
    return _hit(ctx, m, 21.0 + 4.0 * n, f"nasal cannula {n:g} L/min: FiO2 ≈ 21 % + 4 % × {n:g} = {21 + 4 * n:g} % "
                                         "(bedside estimate)", unit="%")


def fio2_room_air(ctx: NoteContext) -> Hit | None:
    """FiO2 21 % when the blood gas (or the patient) is on room air and no FiO2 is stated: 'ABG on room air',
    'PaO2 58 on RA', 'breathing room air'. Supplemental oxygen named in the note leaves it undecided."""
    if ctx.value("fio2") is not None:
        return None
    air = affirmed(ctx, r"\broom air\b|(?-i:\bRA\b)|\bbreathing (?:ambient )?air\b|\bon air\b", current=True)
    if not air:
        return None
    if affirmed(ctx, r"\b(?:nasal cannula|face ?mask|non-?rebreather|venturi|high[- ]flow|supplemental oxygen|"
                     r"\d+\s*L(?:/min)?\s*(?:of\s+)?(?:O2|oxygen)|intubated|ventilated|CPAP|BiPAP)\b", current=True):
        return None
    return _hit(ctx, air[0], 21.0, "room air: FiO2 21 %", unit="%")


_BANDS_LABEL = r"(?:\bbands?\b(?! ligation| ligat\w+)|band (?:forms|neutrophils|cells)|immature (?:neutrophils|band forms)|bandemia)"
_BANDS_PCT = re.compile(rf"{_BANDS_LABEL}[^\d\n;.]{{0,20}}?(?P<n>{NUMBER})\s*%"
                        rf"|(?P<n2>{NUMBER})\s*%\s*(?:bands?|band forms|band neutrophils|immature neutrophils)\b", re.I)
# a bare number right after 'bands' in a white-cell differential ('Diff: segs 70, lymphs 12, bands 14'): differentials
# are written in percent; an absolute count carries its own unit and is not read
_BANDS_BARE = re.compile(rf"\bbands?\s*[:=]?\s*(?P<n>{NUMBER})(?!\d|\.\d|\s*(?:%|[x×*]|/|[A-Za-zµ]))", re.I)
_DIFFERENTIAL = re.compile(r"\b(?:differential|diff|neutrophils?|segs?|segmented|polys|lymph(?:ocyte)?s?|monos?|monocytes?"
                           r"|eos(?:inophils?)?|WBC|white (?:blood )?cells?)\b", re.I)


def bands(ctx: NoteContext) -> Hit | None:
    """Band (immature) neutrophils in % (SIRS: > 10 %): 'bands 12%', '15% bands', 'bandemia of 18%'; a bare number
    after 'bands' only inside a white-cell differential (which is written in percent). Negated mentions are skipped."""
    for m in _BANDS_PCT.finditer(ctx.note):
        n = parse_number(m.group("n") or m.group("n2"))
        f = ctx.finding_at(m.start(), m.end())
        if 0 <= n <= 100 and not (f.negated or f.hypothetical or f.family):
            return _hit(ctx, m, n, unit="%")
    for m in _BANDS_BARE.finditer(ctx.note):
        n = parse_number(m.group("n"))
        sent = ctx.sentence_of(m.start())
        if 0 <= n <= 100 and _DIFFERENTIAL.search(sent.text):
            return _hit(ctx, m, n, "differential in percent: a bare bands count is %", unit="%")
    return None


# Ethanol (serum / blood alcohol). Units as written; '%' is a blood alcohol concentration in g/100 mL (0.08 % = 80
# mg/dL), 'mg%' is mg/dL; mmol/L converts through 46.07 g/mol in the calculator. A number without a unit is not read
# (mg/dL and mmol/L values overlap), and a drinking history ('EtOH 3 drinks/day') is not a level.
_ETHANOL_LABEL = (r"(?:(?:serum|blood|plasma)\s+)?(?:ethanol|ethyl alcohol|alcohol)\s+(?:level|concentration|content)"
                  r"|(?:serum|blood|plasma)\s+(?:ethanol|ethyl alcohol|alcohol|EtOH)|(?-i:\bEtOH\b)\s*(?:level|concentration)?"
                  r"|\bethanol\b|(?-i:\bBAC\b)|blood alcohol")
_ETHANOL_UNIT = r"mg\s*/\s*dL|mg\s*/\s*dl|mg\s*%|mmol\s*/\s*L|mmol\s*/\s*l|g\s*/\s*dL|g\s*/\s*L|g\s*/\s*l|mg\s*/\s*L|%(?!\s*of)"


def ethanol(ctx: NoteContext) -> Hit | None:
    """Serum ethanol with its unit (mg/dL, mg%, mmol/L, g/L, g/dL, mg/L, or a blood alcohol % = g/100 mL)."""
    r = first_number_after(ctx, _ETHANOL_LABEL, _ETHANOL_UNIT, lo=0, hi=2000)
    if r is None:
        return None
    n, u, m = r
    unit = re.sub(r"\s+", "", u)
    if unit.lower() == "mg%":
        unit = "mg/dL"
    elif unit == "%":
        return _hit(ctx, m, n * 1000, f"blood alcohol {n:g} % = {n:g} g/100 mL = {n * 1000:g} mg/dL", unit="mg/dL")
    return _hit(ctx, m, n, unit=unit)


def heart_rate_with_qt(ctx: NoteContext) -> Hit | None:
    """QTc corrects a QT for the heart rate of the same tracing: a heart rate in the sentence (line) that gives the
    QT interval ('ECG: sinus rhythm, rate 96, QT 380 ms') before the note's first heart rate (a triage pulse). None
    when no heart rate shares the QT's sentence (the first heart rate is then used)."""
    qt = ctx.value("qt_interval")
    if qt is None:
        return None
    same = [v for v in ctx.values("heart_rate") if v.sentence.start == qt.sentence.start]
    return Hit.of_value(same[0], note="heart rate of the tracing that gives the QT") if same else None


# a goal written before the BMI, a few words apart: "goal agreed with her: a BMI of 25", "aim for a BMI of 24";
# "target BMI 23", "BMI goal of 22", "body mass index target: 24"
_TARGET_BMI = re.compile(
    rf"(?:\b(?:target|goal|desired|ideal|aim(?:s|ed|ing)?)\b(?P<gap>[^\d\n;.]{{0,45}}?)\b(?:body mass index|BMI)"
    rf"|\b(?:BMI|body mass index)\s+(?:target|goal|aim)\b)"
    rf"[^\d\n;.]{{0,20}}?(?P<n>{NUMBER})\s*(?P<u>kg\s*/\s*m(?:\^?2|²)|(?=[\s,.;)]|$))", re.I)
# the patient's present BMI is not a goal: "target: weight loss; current BMI 34", "aim to lose weight, BMI now 31"
_PRESENT_BMI = re.compile(r"\b(?:current|present|actual|baseline|measured|admission|today's)\s+(?:body mass index|BMI)\b"
                          r"|\b(?:body mass index|BMI)\s+(?:is\s+|was\s+)?(?:now|today|currently|at\s+present|on\s+admission)\b", re.I)
_PRESENT_AFTER = re.compile(r"\s*(?:kg\s*/\s*m\S*\s*)?(?:now|today|currently|at\s+present|on\s+admission)\b", re.I)


def target_bmi(ctx: NoteContext) -> Hit | None:
    """'target BMI is 23.2 kg/m^2', 'goal body mass index of 22', 'BMI goal of 24', 'aim for a BMI of 25', 'goal agreed
    with the patient: BMI of 22'. A BMI named as the present one ('current', 'now') between the goal word and the number
    or right after it is not the target."""
    for m in _TARGET_BMI.finditer(ctx.note):
        n = parse_number(m.group("n"))
        if n is None or not 10 <= n <= 60:
            continue
        if _PRESENT_BMI.search(m.group(0)) or _PRESENT_AFTER.match(ctx.note, m.end()):
            continue
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.hypothetical:
            continue
        return _hit(ctx, m, n, unit="kg/m^2")
    return None


# ---------------------------------------------------------------------------
# Glasgow Coma Scale (Teasdale & Jennett 1974)
# ---------------------------------------------------------------------------

_EYE_OPEN = (r"(?:eyes?(?:\s*[:=-])?\s+(?:were\s+|was\s+|are\s+)?open(?:ed|ing|s)?|open(?:ed|s|ing)?\s+(?:his\s+|her\s+|their\s+|the\s+)?eyes?"
             r"|eye[- ]opening|\bopen(?:ed|s|ing)?\s+them)")  # "did not open his eyes to voice but opened them to pain"
_STIM = (r"(?:\s+(?:only|briefly|slowly|eventually|transiently))?\s+(?:to|in\s+response\s+to|with|upon|on|after|following)"
         r"\s+(?:a\s+|the\s+)?(?:(?:firm|deep|vigorous|central|peripheral|painful|loud|gentle|light|soft)\s+)?")
# a stimulus that is not pain wakes the eyes as speech does (GCS 2014 'to sound'; a touch or a shake of the shoulder
# is not a painful stimulus): "opens eyes to a shout", "eyes opened to touch", "to a gentle shake of the shoulder"
_SOUND_TOUCH = r"|shout\w*|touch(?:ed|ing)?\b|shak(?:e|es|en|ing)\b|tap(?:s|ped|ping)?\b|nudg\w*|prompt\w*"
_WHEN = r"(?:\s+only)?\s+(?:when|whenever|as\s+soon\s+as)\s+"
# the eyes named first, the verb after in the same clause: "Eyes closed, opens only to trapezius squeeze"
_EYES_THEN_OPENS = r"\beyes?\b(?:(?!\b(?:not?|never|nor|without|eyes?)\b|n't)[^.;:]){0,30}?\bopen(?:s|ed)?\b"
# "responds to voice by opening his eyes"
_RESPONDS = r"\b(?:respond(?:s|ed|ing)?|react(?:s|ed|ing)?)\s+(?:only\s+)?to\s+(?:a\s+|the\s+|his\s+|her\s+)?(?:(?:firm|deep|loud)\s+)?"
_BY_OPENING = r"\s+(?:\w+\s+){0,2}?by\s+opening\s+(?:his\s+|her\s+|their\s+|the\s+)?eyes"
# "rousable to voice", "rouses only to a sternal rub": woken by the stimulus, i.e. the eyes open to it
_ROUSES = (r"\b(?:rous(?:able|eable|es|ed)|arous(?:able|es|ed)|wakes?|woke|awakens?)\s+(?:only\s+|briefly\s+|easily\s+)?"
           r"(?:to|with|on)\s+(?:a\s+|the\s+)?(?:(?:firm|deep|vigorous|central|painful|loud|gentle|light|soft)\s+)?")
# a form field: "Eyes: spontaneous", "E - to voice", "Eye opening: to pain"
_EYE_FIELD = r"(?:\beyes?(?:\s+opening)?|(?-i:\bE\b))\s*[:=-]\s*(?:opens?\s+)?"
GCS_EYE = [
    # "no eye opening to voice (, opens them to pressure)" denies one stimulus, not every one; "no eye opening to
    # voice or pain" still denies all
    ("no eye opening", r"\bno\s+eye[- ]opening(?!\s+(?:to|on|in\s+response\s+to)\s+(?:voice|speech|verbal|commands?|his\s+name|"
                       r"her\s+name|being\s+spoken)(?!\s+(?:or|and|nor)\s+(?:to\s+)?(?:a\s+|the\s+)?(?:(?:supraorbital|sternal|trapezius|nail[- ]?bed|central|peripheral|deep)\s+)?"
                       r"(?:pain|pressure|painful|noxious|rub|squeeze|pinch|stimul\w*)))|eyes?\s+(?:remained|remain|were|are|stayed|kept)\s+closed"
                       # "did not open his eyes to voice (but ... to pain)" is not 'no eye opening'
                       r"|(?:did|does|would)\s*(?:not|n't|n’t)\s+open\s+(?:his\s+|her\s+|their\s+)?(?:eyes|them)(?!\s+(?:to|on|in\s+response\s+to)\s+"
                       r"(?:voice|speech|verbal|command|his\s+name|her\s+name|being\s+spoken))"
                       # the eyes named first: "eyes do not open", "eyes didn't open to pain" (not "... to voice")
                       r"|\beyes?\s+(?:do|did|does|would|will)\s*(?:not|n't|n’t)\s+open(?:\s+at\s+all)?\b(?!\s+(?:to|on|in\s+response\s+to)\s+"
                       r"(?:voice|speech|verbal|command|his\s+name|her\s+name|being\s+spoken))"
                       r"|without\s+(?:any\s+)?eye[- ]opening|" + _EYE_FIELD + r"none\b", 1),
    ("eye opening to pain", _EYE_OPEN + _STIM + r"(?:pain|painful|noxious|pressure|sternal\s+rub|trapezius|nail[- ]?bed|supraorbital)"
                            # the eyes named before the verb: "Eyes closed, opens only to trapezius squeeze"; "responds to
                            # pain by opening her eyes"; a form field "Eyes: to pain"
                            + "|" + _EYES_THEN_OPENS + _STIM + r"(?:pain|painful|noxious|pressure|sternal\s+rub|trapezius|nail[- ]?bed|supraorbital)"
                            + "|" + _RESPONDS + r"(?:pain|painful\s+stimul\w+|noxious\s+stimul\w+|sternal\s+rub|trapezius\s+\w+)" + _BY_OPENING
                            + r"|" + _EYE_FIELD + r"(?:to\s+)?(?:pain|pressure|painful\s+stimul\w+|noxious\s+stimul\w+)\b"
                            + "|" + _EYE_OPEN + _WHEN + r"(?:\w+\s+){0,4}?(?:pinched|pressed|rubbed|squeezed|painful|pain)\b"
                            # "rousable only to pain", "rouses to a sternal rub"
                            + "|" + _ROUSES + r"(?:pain|painful|noxious|pressure|sternal\s+rub|trapezius|nail[- ]?bed|supraorbital)", 2),
    ("eye opening to verbal command", _EYE_OPEN + _STIM + r"(?:verbal|voice|speech|commands?|being\s+spoken|loud|his\s+name|her\s+name|name|sound|calling"
                                      + _SOUND_TOUCH + ")"
                                      + "|" + _EYES_THEN_OPENS + _STIM + r"(?:verbal|voice|speech|commands?|loud|his\s+name|her\s+name|name|sound|calling"
                                      + _SOUND_TOUCH + ")"
                                      + "|" + _RESPONDS + r"(?:voice|speech|verbal\s+(?:stimul\w+|commands?)|commands?|his\s+name|her\s+name|name|sound|calling)"
                                      + _BY_OPENING
                                      + r"|" + _EYE_FIELD + r"(?:to\s+)?(?:voice|speech|sound|verbal(?:\s+command)?|commands?)\b"
                                      + "|" + _EYE_OPEN + _WHEN + r"(?:\w+\s+){0,3}?(?:name\s+(?:is|was)\s+(?:called|said|spoken|shouted)|"
                                      r"spoken\s+to|talked\s+to|addressed|called\s+(?:by\s+name|out|loudly)|shouted\s+at"
                                      # the speaker named: "when I spoke to him", "when the nurse talked to her"
                                      r"|(?:speak|spoke|speaks|speaking|talk|talked|talks|talking)\s+(?:to|with)\b"
                                      r"|(?:called|calls|said|says)\s+(?:his|her|their)\s+name"
                                      # a touch or a shake: "opens eyes when touched", "when gently shaken"
                                      r"|touched|shaken|tapped|nudged)"
                                      # "drowsy but rousable to voice", "rouses to her name"
                                      + "|" + _ROUSES + r"(?:verbal|voice|speech|commands?|loud|his\s+name|her\s+name|name|sound|calling"
                                      + _SOUND_TOUCH + ")"
                                      # the voice named first: "When I called his name he opened his eyes", "when spoken to,
                                      # she opens her eyes"
                                      + r"|\bwhen\s+(?:(?:I|we|the\s+\w+|staff|someone)\s+)?(?:call(?:ed|s)?\s+(?:out\s+)?(?:his|her|their)\s+name"
                                      r"|(?:spoke|speak|spoken|talked|talk)\s+to(?:\s+(?:him|her|them))?|shouted|addressed)\s*,?\s*"
                                      r"(?:he|she|they|the\s+patient|pt)\s+(?:\w+\s+)?open(?:ed|s)\s+(?:his\s+|her\s+|their\s+)?eyes", 3),
    ("eyes open spontaneously", r"spontaneous(?:ly)?\s+(?:eye[- ]opening|opened\s+(?:his\s+|her\s+)?eyes)"
                                r"|eyes?\s+(?:were\s+|was\s+|are\s+)?(?:noted\s+to\s+be\s+|found\s+to\s+be\s+)?open(?:ed)?\s+(?:and\s+\w+\s+)?spontaneously"
                                r"|open(?:ed|s)?\s+(?:his\s+|her\s+|their\s+)?eyes\s+spontaneously"
                                r"|eyes?\s+(?:were\s+|was\s+|are\s+)(?:noted\s+to\s+be\s+|found\s+to\s+be\s+)?open\b(?!\s+(?:only\s+)?(?:to|in\s+response|with|upon|on|after|following)\b)"
                                + r"|" + _EYE_FIELD + r"(?:open\s+)?spontaneous(?:ly)?\b"
                                # "staring ahead with eyes open", "lying with her eyes open" (no stimulus named)
                                r"|\bwith\s+(?:his\s+|her\s+|their\s+)?eyes\s+(?:wide\s+)?open\b(?!\s+(?:only\s+)?(?:to|in\s+response|with|upon|on|after|following|when)\b)", 4),
]
# a form field: "Verbal: sounds", "V - words"
_VERBAL_FIELD = r"(?:\bverbal(?:\s+response)?|(?-i:\bV\b))\s*[:=-]\s*"
GCS_VERBAL_SPECIFIC = [
    ("no verbal response", r"\bno\s+verbal\s+(?:response|output|communication|sounds?)|\bnon-?verbal\b|\baphasic\b|\bmute\b"
                           r"|(?:did|does|could|would)\s+not\s+(?:exhibit\s+any\s+verbal|make\s+any\s+sounds?|speak|verbali[sz]e|vocali[sz]e|respond\s+verbally|utter)"
                           r"|(?:unable|failed)\s+to\s+(?:speak|verbali[sz]e|vocali[sz]e|respond\s+verbally|make\s+any\s+sounds?)"
                           r"|\bno\s+(?:sounds|vocali[sz]ation|speech)\b|without\s+(?:any\s+)?(?:verbal|sounds|vocali[sz]ation)"
                           r"|" + _VERBAL_FIELD + r"none\b", 1),
    ("incomprehensible sounds", r"incomprehensible|unintelligible|\bmoan(?:s|ed|ing)?\b|\bgroan(?:s|ed|ing)?\b|\bmumbl\w+|\bgrunt\w*"
                                r"|" + _VERBAL_FIELD + r"sounds\b", 2),
    ("inappropriate words", r"inappropriate\s+(?:words|speech|responses?|verbal)|random\s+words|(?:exclamatory|disorganized|nonsensical)\s+(?:words|speech)"
                            r"|words\s+(?:that\s+were\s+|which\s+were\s+|were\s+|are\s+)?(?:inappropriate|random|unrelated"
                            r"|out[- ]of[- ]context|irrelevant|nonsensical|jumbled)"
                            # "muttered words that did not fit the questions"
                            r"|words\s+(?:that\s+|which\s+)?(?:did\s+not|didn't|do\s+not|don't)\s+(?:fit|match|relate\s+to|answer)"
                            r"|(?:unrelated|irrelevant|out[- ]of[- ]context)\s+(?:words|answers|replies)"
                            # the judgement a few words after: "speaks in clear words, but they are random and do not fit"
                            r"|\bwords\b[^.;]{0,40}?\b(?:are|were)\s+(?:random|jumbled|nonsensical|out[- ]of[- ]context|irrelevant|unrelated)\b"
                            r"|\bwords\b[^.;]{0,40}?\b(?:do|did)\s*(?:not|n't)\s+(?:fit|match|make\s+sense|relate\s+to)\b"
                            r"|" + _VERBAL_FIELD + r"(?:words|inappropriate)\b", 3),
]
GCS_VERBAL_GENERIC = [
    ("confused", r"\bconfused\b|\bconfusion\b|\bmuddled\b|\bdisorient(?:ed|ated|ation)\b|\bnot\s+orient(?:ed|ated)\b"
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
                 r"|\b(?:thinks|thought|believes|believed)\s+(?:that\s+)?(?:she|he|they)\s+(?:is|was|are|were)\s+(?:at|in)\s+(?:the\s+|a\s+|her\s+|his\s+)?\w+", 4),
    ("oriented", r"(?<!dis)\boriented\b|\borientated\b|\bconvers(?:es|ing|ed)\s+(?:normally|appropriately)", 5),
]
# a form field: "Motor: obeys", "M - localises"
_MOTOR_FIELD = r"(?:\bmotor(?:\s+response)?|(?-i:\bM\b))\s*[:=-]\s*"
# a hand or arm, with its owner or side: "her right hand", "the left arm", "one hand"
_LIMB = (r"\b(?:(?:his|her|their|the|a|one|left|right|L|R|opposite|contralateral|other|free|upper)\s+){0,2}"
         r"(?:hands?|arms?|upper\s+limbs?)\b")
_TOWARD = r"(?:up\s+)?(?:to(?:wards?)?|across(?:\s+to(?:wards?)?)?|over(?:\s+to(?:wards?)?)?|above|for)\s+"
# the stimulus, its site, the examiner's hand, the midline, the clavicle
_TARGET = (r"(?:(?:the|my|our|his|her|a)\s+)?(?:(?:site|source|point|location)\b|(?:painful\s+|noxious\s+)?stimul\w*"
           r"|(?:examiner|nurse|doctor|clinician)'?s\s+(?:hand|fingers?)|midline\b|clavicles?\b)")
# a bare motor word as a GCS item: "random words, localised.", "makes only grunting noises, localises."
_BARE_START = r"(?:^|(?<=[.;,:\n(|])|(?<=[.;,:\n(|][ \t]))(?:and[ \t]+)?"
_BARE_END = r"(?=[ \t]*(?:[.;,)|\n]|$))"
_GCS_CONTEXT = re.compile(r"\b(?:eyes?|verbal|words|speech|sounds|moan\w*|groan\w*|grunt\w*|confused|orient\w*|GCS|glasgow|obey\w*"
                          r"|motor|neuro\w*|withdr\w*|flex\w*|extens\w*|posturing|stimul\w*|sternal|trapezi\w*|supraorbital"
                          r"|nail[- ]?bed)\b", re.I)
GCS_MOTOR = [
    ("no motor response", r"\bno\s+motor\s+(?:response|activity)|\bflaccid\b|" + _MOTOR_FIELD + r"none\b|no\s+(?:movement|response)\s+(?:of\s+\w+\s+)?(?:to|in\s+response\s+to)\s+(?:painful|pain|noxious)"
                          r"|(?:did|does)\s+not\s+(?:move|respond\s+to\s+(?:painful|pain|noxious))", 1),
    ("extension to pain", r"\bdecerebrate\b|extens(?:ion|or)\s+(?:posturing|response|to\s+pain)|abnormal\s+extension"
                          r"|" + _MOTOR_FIELD + r"extension\b"
                          r"|extend(?:ed|ing|s)?\s+(?:his\s+|her\s+|the\s+|both\s+)?(?:arms?|limbs|extremities|upper\s+extremities)"
                          # the limbs named first: "both arms extend to painful stimulus"
                          r"|(?:arms?|upper\s+(?:limbs|extremities))\s+(?:\w+\s+)?extend(?:ed|ing|s)?\b(?=\s+(?:\w+\s+){0,2}?(?:to|on|with)\s+(?:a\s+|the\s+)?(?:pain|painful|noxious|stimul\w*|pressure|sternal|trapezi\w*|nail))", 2),
    ("flexion to pain", r"\bdecorticate\b|(?:abnormal|flexor)\s+(?:flexion|posturing)|(?<!\bnormal\s)flexion\s+(?:posturing|to\s+pain|response)"
                        r"|" + _MOTOR_FIELD + r"(?:abnormal\s+)?flexion\b(?!\s+(?:withdrawal|away))"
                        r"|flex(?:ed|ing|es)?\s+(?:his\s+|her\s+|the\s+|both\s+)?(?:arms?|upper\s+(?:extremities|limbs)|elbows)", 3),
    ("withdrawal from pain", r"withdr(?:aw|ew|awal|aws|awing|awn)\w*\s+(?:\w+\s+){0,3}?(?:from|to|in\s+response\s+to)\s+(?:the\s+)?(?:pain|painful|noxious|stimul\w*)"
                             r"|withdr(?:aw|ew|aws|awing)\s+(?:(?:his|her|the|both|all|left|right|L|R|upper|lower)\s+){0,2}(?:arm|leg|limb|hand|foot|extremit)\w*"
                             # normal flexion is withdrawal (GCS 2014): "normal flexion to pain"
                             r"|(?<!ab)\bnormal\s+flexion\b"
                             r"|(?:pulls?|pulled|pulling|draws?|drew|jerks?|jerked)\s+(?:his\s+|her\s+|their\s+|the\s+)?(?:\w+\s+)?"
                             r"(?:arm|leg|limb|hand|foot|extremity|extremities)s?\s+(?:back\s+|sharply\s+)?away"
                             r"|(?:pulls?|pulled|pulling|draws?|drew|jerks?|jerked)\s+(?:it|them)\s+(?:back\s+)?away\s+from\s+(?:the\s+)?"
                             r"(?:pain|painful|noxious|stimul\w*)"
                             # from a named stimulus: "withdrew from a nail-bed press", "withdraws from sternal rub"
                             r"|withdr(?:aw|ew|aws|awing)\w*\s+(?:\w+\s+){0,2}?from\s+(?:a\s+|the\s+)?(?:(?:firm|deep|vigorous)\s+)?"
                             r"(?:nail[- ]?bed|sternal|trapezi\w*|supraorbital|pinch\w*)"
                             # a movement away from the stimulus is withdrawal, not abnormal flexion: "flexes his arm away
                             # from the pain", "moves the hand away from the nail-bed press"
                             r"|(?:flex|mov)\w*\s+(?:\w+\s+){0,3}?away\s+from\s+(?:a\s+|the\s+)?(?:pain|painful|noxious|stimul\w*|"
                             r"nail[- ]?bed|sternal|trapezi\w*|supraorbital|pinch\w*)"
                             r"|" + _MOTOR_FIELD + r"withdr(?:aws?|awal|awing)\b", 4),
    ("localizes pain", r"locali[sz](?:es|ed|ing|ation)\s+(?:to\s+)?(?:a\s+|the\s+)?(?:pain|painful|noxious|stimul\w*|sternal\s+rub"
                       r"|trapezi\w*|supraorbital|nail[- ]?bed)"
                       r"|locali[sz](?:es|ed|ing)\s+(?:to\s+)?(?:the\s+)?(?:source|site)"
                       # purposeful movement to the stimulus: "pushed the examiner's hand away", "brushes away the painful
                       # stimulus", "reaches up to the site of the rub"
                       r"|(?:push(?:es|ed|ing)?|brush(?:es|ed|ing)?|swat(?:s|ted|ting)?|bat(?:s|ted|ting)?)\s+(?:away\s+)?(?:at\s+)?(?:the\s+|my\s+|our\s+)?"
                       r"(?:examiner'?s\s+|nurse'?s\s+|doctor'?s\s+|clinician'?s\s+)?(?:hand|(?:painful\s+|noxious\s+)?stimul\w+)"
                       r"|reach(?:es|ed|ing)?\s+(?:up\s+)?(?:for|to(?:wards)?)\s+(?:the\s+)?(?:site|stimul\w+|source)"
                       # a hand brought to or across to the stimulus (Teasdale 2014: to the site, across the midline, above
                       # the clavicle): "her right hand moved to the site of pain", "brings his hand across the midline",
                       # "raised his hand above the clavicle", "hand reaches across to the examiner's hand"
                       r"|" + _LIMB + r"\s+(?:\w+\s+){0,2}?(?:mov|reach|cross|travel|came|com|went|go|brought|lift|rais)\w*\s+"
                       + _TOWARD + _TARGET
                       + r"|\b(?:mov|reach|cross|bring|brought|lift|rais)\w*\s+" + _LIMB + r"\s+(?:[\w']+\s+){0,5}?" + _TOWARD + _TARGET
                       + r"|\bcross(?:es|ed|ing)?\s+(?:the\s+)?midline\s+(?:with|using)\s+" + _LIMB
                       + r"|\bgrab(?:s|bed|bing)?\s+(?:at\s+)?(?:the\s+|my\s+)?(?:examiner|nurse|doctor|clinician)'?s\s+(?:hand|fingers?|arm)"
                       r"|\b(?:tries|tried|trying|attempts?|attempted|attempting)\s+to\s+(?:remove|grab|reach)\s+(?:the\s+)?(?:painful\s+|noxious\s+)?stimul\w*"
                       r"|\bpurposeful(?:ly)?\s+(?:movements?|responses?)\s+(?:to|towards)\s+(?:the\s+)?(?:pain|painful|noxious|stimul\w*)"
                       r"|" + _MOTOR_FIELD + r"locali[sz](?:es|ing|ation|ed)?\b", 5),
    ("localizes pain", _BARE_START + r"locali[sz](?:es|ed|ing)" + _BARE_END, 5, _GCS_CONTEXT),
    ("withdrawal from pain", _BARE_START + r"withdr(?:aws|ew|awing|awal)" + _BARE_END, 4, _GCS_CONTEXT),
    ("obeys commands", r"\bobey(?:s|ed|ing)?\s+(?:simple\s+|motor\s+|all\s+)?commands|\bfollow(?:s|ed|ing)?\s+(?:simple\s+|motor\s+|all\s+)?commands"
                       # a movement done on request: "moves all four limbs to command", "squeezes my hand on request"
                       r"|\b(?:mov|squeez|lift|rais|wiggl|grip|stick|show|push|pull)\w*\s+(?:[\w']+\s+){0,4}?(?:to|on|upon)\s+"
                       r"(?:verbal\s+)?(?:command|request|instruction)s?\b"
                       r"|" + _MOTOR_FIELD + r"(?:obeys\s+commands|follows\s+commands|to\s+command)\b"
                       r"|" + _MOTOR_FIELD + r"(?:obeys|obeying)\b", 6),
]
_GCS_NUMBERED = {
    "gcs_eye": {1: "no eye opening", 2: "eye opening to pain", 3: "eye opening to verbal command", 4: "eyes open spontaneously"},
    "gcs_verbal": {1: "no verbal response", 2: "incomprehensible sounds", 3: "inappropriate words", 4: "confused", 5: "oriented"},
    "gcs_motor": {1: "no motor response", 2: "extension to pain", 3: "flexion to pain", 4: "withdrawal from pain",
                  5: "localizes pain", 6: "obeys commands"},
}


def _gcs_numbered(ctx: NoteContext, name: str) -> Hit | None:
    v = ctx.value(name)
    if v is None:
        return None
    option = _GCS_NUMBERED[name].get(int(float(v.value)))
    return None if option is None else Hit.of_value(v, value=option, unit=None, note=f"{name} {int(float(v.value))}")


# "Moans to stimulus, eyes closed, extensor posturing": eyes closed in a sentence where a painful stimulus was given and
# no eye opening is described -- the eyes stayed closed to it (no eye opening); "eyes closed" alone may be sleep
_EYES_CLOSED = r"\beyes?\s+(?:(?:remain(?:s|ed)?|stay(?:s|ed)?|kept|still|tightly|firmly)\s+)?closed\b"
_OPENS = re.compile(r"\bopen", re.I)
_PAIN_STIMULUS = re.compile(r"\b(?:pain(?:ful)?|noxious|stimul\w*|pressure|sternal\s+rub|trapezi\w*|nail[- ]?bed|supraorbital"
                            r"|pinch\w*)\b", re.I)


# a neuro-obs table: cells split by '|', tabs or two or more spaces
_CELL_SPLIT = re.compile(r"[ \t]*\|[ \t]*|\t+|[ ]{2,}")
_TABLE_LABEL = {
    "eye": re.compile(r"(?:best\s+)?(?:eyes?(?:\s+opening)?(?:\s+response)?|E)(?:\s*\(E\))?", re.I),
    "verbal": re.compile(r"(?:best\s+)?(?:verbal(?:\s+response)?|V)(?:\s*\(V\))?", re.I),
    "motor": re.compile(r"(?:best\s+)?(?:motor(?:\s+response)?|M)(?:\s*\(M\))?", re.I),
}
_TABLE_ROWS = re.compile(r"(?m)^[^\n]*(?:\||\t|[ ]{2})[^\n]*$")
_CELL_SEPARATOR = re.compile(r"[-=:+| \t]*")


def _cells(line: str, offset: int) -> list[tuple[str, int]]:
    """(cell text, note offset) of a table line."""
    out, pos = [], 0
    for m in _CELL_SPLIT.finditer(line):
        if m.start() > pos:
            out.append((line[pos:m.start()], offset + pos))
        pos = m.end()
    if pos < len(line):
        out.append((line[pos:].rstrip(), offset + pos))
    return [(t, o) for t, o in out if t.strip()]


def _gcs_table(ctx: NoteContext, component: str, options: list, field: str) -> Hit | None:
    """A nursing neuro-obs table, first (earliest) observation: a header row naming the component's column ('Time |
    Eye opening | Best verbal | Best motor', then '20:00 | to pain | sounds | withdraws') or a row named by the
    component ('Eyes    to pain    to speech'). The cell is read as the form field '<component>: <cell>' (a number is
    the component score)."""
    label = _TABLE_LABEL[component]
    lines = [(m.group(0), m.start()) for m in _TABLE_ROWS.finditer(ctx.note)]
    for i, (line, off) in enumerate(lines):
        cells = _cells(line, off)
        if len(cells) < 2:
            continue
        cell = None
        col = [k for k, (t, _) in enumerate(cells) if label.fullmatch(t.strip())]
        if col and col[0] == 0:  # the row is named by the component: its first value, when rows for the other
            # components are near (a GCS chart, not a power table 'Motor  5/5')
            near = {name for name, lb in _TABLE_LABEL.items() for ln, lo in lines[max(0, i - 3):i + 4]
                    if (c := _cells(ln, lo)) and lb.fullmatch(c[0][0].strip())}
            if len(near) < 2:
                continue
            cell = cells[1]
        elif col and sum(1 for t, _ in cells if any(lb.fullmatch(t.strip()) for lb in _TABLE_LABEL.values())) >= 2:
            # a header row: the first data row right below it with as many cells
            for nxt, noff in lines[i + 1:i + 3]:
                if ctx.note[off + len(line) + 1:noff].strip():
                    break  # not the next lines of the table
                row = _cells(nxt, noff)
                if _CELL_SEPARATOR.fullmatch(nxt):
                    off, line = noff, nxt
                    continue
                if len(row) == len(cells):
                    cell = row[col[0]]
                break
        if cell is None:
            continue
        text, start = cell[0].strip(), cell[1] + (len(cell[0]) - len(cell[0].lstrip()))
        hit = _table_cell(ctx, text, start, options, field, component)
        if hit is not None:
            return hit
    return None


def _table_cell(ctx: NoteContext, text: str, start: int, options: list, field: str, component: str) -> Hit | None:
    number = re.fullmatch(r"\(?([1-6])\)?", text)
    names = _GCS_NUMBERED[f"gcs_{component}"]
    if number and int(number.group(1)) in names:
        option = names[int(number.group(1))]
    else:
        probe = f"{field}: {text}"
        ranked = [(rank, option) for option, pattern, rank, *_ in options if re.search(pattern, probe, re.I)]
        if not ranked:
            return None
        option = max(ranked)[1]
    end = start + len(text)
    return Hit(option, start, end, text, ctx.sentence_of(start).text, None, f"neuro-obs table cell '{text}' -> {option}")


def gcs_eye(ctx: NoteContext) -> Hit | None:
    """Best eye response: the E of 'E3V4M5', else a neuro-obs table's first observation, else the best response the
    note describes; else eyes closed through a painful stimulus described in the same sentence (no eye opening)."""
    hit = (_gcs_numbered(ctx, "gcs_eye") or _gcs_table(ctx, "eye", GCS_EYE, "Eyes")
           or _best(ctx, GCS_EYE, clause=True, first_assessment=True))
    if hit is not None:
        return hit
    for f in affirmed_in_clause(ctx, _EYES_CLOSED):
        # a stimulus named and no opening in the sentence
        fits = not sentence_has(_OPENS, f.sentence.text) and sentence_has(_PAIN_STIMULUS, f.sentence.text)
        if fits and not after_presentation(f):
            return Hit.of_finding(f, "no eye opening", "eyes closed through a painful stimulus")
    return None


_VERBAL_NOT_TESTABLE = (r"\bverbal(?:\s+response)?\s*[:=-]?\s*(?:not\s+(?:testable|assessable)|untestable|intubated|\(?T\)?(?![\w]))"
                        r"|(?-i:\bV\s?(?:T|\(T\))(?!\w))|\bGCS\s*\d{1,2}\s*T\b")


def gcs_verbal(ctx: NoteContext) -> Hit | None:
    """Best verbal response: the V of 'E3V4M5'; 'not testable' when written so ('Verbal: intubated (T)', 'VT', 'GCS
    8T'); a neuro-obs table's first observation; else specific descriptions (no response, sounds, words) before
    orientation words. A 'not testable' mark or a specific description of a later state (after sedation, hours later)
    gives way to a description of the first assessment."""
    numbered = _gcs_numbered(ctx, "gcs_verbal")
    if numbered is not None:
        return numbered
    nt = [f for f in ctx.terms(_VERBAL_NOT_TESTABLE) if not after_presentation(f)]
    fresh_nt = [f for f in nt if not _stale(ctx, f.start, f.end)]
    if fresh_nt:
        return Hit.of_finding(fresh_nt[0], "not testable", "verbal response not testable (intubated)")
    table = _gcs_table(ctx, "verbal", GCS_VERBAL_SPECIFIC + GCS_VERBAL_GENERIC, "Verbal")
    if table is not None:
        return table
    specific = _best(ctx, GCS_VERBAL_SPECIFIC, clause=True, first_assessment=True)
    generic = _best(ctx, GCS_VERBAL_GENERIC, pick="first", clause=True, first_assessment=True)
    if nt and not any(h is not None and not _stale(ctx, h.start, h.end) for h in (specific, generic)):
        return Hit.of_finding(nt[0], "not testable", "verbal response not testable (intubated)")
    if specific is not None and generic is not None and (
            (_stale(ctx, specific.start, specific.end) and not _stale(ctx, generic.start, generic.end))
            or 0 < _entry_of(ctx, generic.start) < _entry_of(ctx, specific.start)):  # an earlier chart entry (not the
        # text before the chart, which may be history)
        return generic
    return specific or generic


def gcs_motor(ctx: NoteContext) -> Hit | None:
    return (_gcs_numbered(ctx, "gcs_motor") or _gcs_table(ctx, "motor", GCS_MOTOR, "Motor")
            or _best(ctx, GCS_MOTOR, clause=True, first_assessment=True))


# ---------------------------------------------------------------------------
# Child-Pugh (Pugh 1973): ascites and encephalopathy grades
# ---------------------------------------------------------------------------

_MILD = r"(?:mild|slight|small|minimal|trace|minor|little)"
_SEVERE = r"(?:moderate|severe|large|tense|massive|gross|significant|marked|moderate[- ]to[- ]severe|refractory|extensive|large[- ]volume)"


_NOT_DONE_AFTER = re.compile(r"\s*(?:was\s+|is\s+|has\s+been\s+)?(?:not\s+(?:needed|required|indicated|necessary|performed|done"
                             r"|planned)|unnecessary|deferred)\b", re.I)


def _paracenteses(ctx: NoteContext) -> list[int]:
    """Where the note affirms a paracentesis (sorted starts: ascites enough to drain is moderate). One denied in its
    own clause ('no paracentesis needed', 'paracentesis not required') says nothing about a larger grade."""
    return [f.start for f in affirmed_in_clause(ctx, r"\bparacentes[ie]s\b") if not _NOT_DONE_AFTER.match(ctx.note, f.end)]


def _in_sentence(starts: list[int], sentence: Sentence) -> bool:
    i = bisect.bisect_left(starts, sentence.start)
    return i < len(starts) and starts[i] < sentence.end


# the International Ascites Club grade written next to the word: 1 (seen only on imaging) is slight, 2 (moderate
# distension) and 3 (gross / tense) are Child-Pugh's moderate: 'grade 2 ascites', 'ascites (grade III)', 'Ascites: grade 1',
# 'Ascites IAC grade 2', 'grade two ascites'
_IAC_NUM = r"(?:[123]|III|II|I|one|two|three)"
_IAC_GRADE = re.compile(rf"\bgrade\s*(?P<a>{_IAC_NUM})\s+(?:\(?(?:IAC|ICA)\)?\s+)?ascites\b"
                        rf"|\bascites\s*[:(,-]?\s*(?:\(?(?:IAC|ICA|International\s+Ascites\s+Club)\)?\s*)?grade\s*(?P<b>{_IAC_NUM})\b",
                        re.I)
# the plus grading of a chart ('ascites +', 'ascites ++', 'ascites 3+', '2+ ascites'): one plus is slight, more moderate
_PLUS_GRADE = re.compile(r"\bascites\s*[:(-]?\s*(?P<a>\+{1,4}|[1-4]\s*\+)(?![\w+])|(?<![\w+])(?P<b>\+{1,4}|[1-4]\s*\+)\s*ascites\b", re.I)
# a grade word in the mention's own clause: 'tense ascites', 'large-volume ascites', 'ascites - moderate to severe'
_CLAUSE_SEVERE = re.compile(rf"\b{_SEVERE}\b(?:[- ](?:volume|amount))?[^,;.()\n]{{0,25}}$", re.I)
_CLAUSE_SEVERE_AFTER = re.compile(rf"[ \t]*[:(-]?[ \t]*(?:(?:is|was|which\s+is)[ \t]+)?{_SEVERE}\b", re.I)


def _ascites_mention_grade(ctx: NoteContext, f: Finding, large: list[Finding], taps: list[int], wide: bool) -> tuple[str | None, str]:
    """The grade written for one ascites mention: IAC grade, plus grade, a grade word near it (``wide``: 40 characters
    around it in its sentence; else its own clause), a paracentesis in its sentence. None when it states none."""
    lo, hi = max(f.sentence.start, f.start - 12), min(f.sentence.end, f.end + 16)
    iac = _IAC_GRADE.search(ctx.note, lo, hi)
    if iac:
        g = (iac.group("a") or iac.group("b")).lower()
        return ("slight" if g in ("1", "i", "one") else "moderate"), f"International Ascites Club grade {g}"
    plus = _PLUS_GRADE.search(ctx.note, max(f.sentence.start, f.start - 6), min(f.sentence.end, f.end + 8))
    if plus:
        p = (plus.group("a") or plus.group("b")).replace(" ", "")
        return ("slight" if p in ("+", "1+") else "moderate"), f"ascites graded {p}"
    if wide:
        window = ctx.note[max(f.sentence.start, f.start - 40):min(f.sentence.end, f.end + 30)]
        severe, mild = re.search(rf"\b{_SEVERE}\b", window, re.I), re.search(rf"\b{_MILD}\b", window, re.I)
    else:
        before = ctx.note[max(f.sentence.start, f.start - 40):f.start]
        severe = _CLAUSE_SEVERE.search(before) or _CLAUSE_SEVERE_AFTER.match(ctx.note, f.end, f.sentence.end)
        mild = None
    if severe or _in_sentence(taps, f.sentence):
        return "moderate", "graded moderate/severe in the note"
    if large and wide:
        return "moderate", f"large ascites: '{large[0].text}'"
    if mild:
        return "slight", "graded mild/slight in the note"
    return None, ""


def ascites_grade(ctx: NoteContext) -> Hit | None:
    """Child-Pugh ascites: absent / slight (mild, small, diuretic-responsive) / moderate (moderate-severe, tense). The
    deciding mention's grade is read around it; a bare mention (a diagnosis or problem line) gives way to the grade
    another current mention states in its own clause ('Problem list: ascites ... O/E: tense ascites')."""
    value, f, why = decide(ctx.findings("ascites"), "current")
    # large ascites anywhere in the note: a fluid thrill (only with large ascites), a therapeutic or
    # large-volume paracentesis, litres drained
    large = affirmed(ctx, r"fluid (?:thrill|wave)|(?:therapeutic|large[- ]volume)\s+(?:abdominal\s+)?paracentes[ie]s"
                          r"|\b\d+(?:\.\d+)?\s*(?:L|litres?|liters?)\b[^.;]{0,30}?(?:drained|removed|tapped)", current=True)
    if (value is None or f is None) and large:
        return Hit.of_finding(large[0], "moderate", f"large ascites: '{large[0].text}'")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "absent", why)
    taps = _paracenteses(ctx)
    grade, note = _ascites_mention_grade(ctx, f, large, taps, wide=True)
    if grade != "moderate":
        # another current mention graded moderate in its own clause: the worst current grade counts
        for g in ctx.findings("ascites"):
            if g is f or g.negated or g.hypothetical or g.family or g.historical or after_presentation(g):
                continue
            other, why2 = _ascites_mention_grade(ctx, g, large, taps, wide=False)
            if other == "moderate":
                return Hit.of_finding(g, "moderate", why2)
    if grade is not None:
        return Hit.of_finding(f, grade, note)
    return Hit.of_finding(f, "slight", "ascites present, grade not stated: slight (clinically detectable, not tense)")


_DRUG_STOPPED = re.compile(r"\b(?:stopped|discontinued|held|ceased|off|previously|formerly|no longer)\b[^.;]{0,15}$", re.I)
_HE_DRUGS = r"\b(?:lactulose|rifaximin|Xifaxan|L-ornithine[- ]L-aspartate|LOLA)\b"

# an explicit West Haven grade, in numerals, Roman numerals or words, a range taken at its worse end: 'grade III',
# 'stage two', 'West Haven 4', 'WH 3', 'grade 1-2', 'Grade 0'
_HE_GRADE_NUM = r"(?:[0-4]|IV|III|II|I|zero|one|two|three|four)(?![\w.-]?\d)"
_HE_GRADE = (rf"(?:West[- ]Haven(?:\s+(?:criteria|scale|classification))?(?:\s+(?:grade|stage))?|\bWH|\bgrade|\bstage)"
             rf"\s*[:=(]?\s*(?P<g>{_HE_GRADE_NUM})\b(?:\s*(?:-|–|/|to|or)\s*(?P<h>{_HE_GRADE_NUM})\b)?")
_HE_GRADE_VALUE = {"0": 0, "zero": 0, "1": 1, "i": 1, "one": 1, "2": 2, "ii": 2, "two": 2, "3": 3, "iii": 3, "three": 3,
                   "4": 4, "iv": 4, "four": 4}
# the grade written right after the mention ('HE grade III', 'Encephalopathy: Grade 0', 'HE (WH 3)', 'hepatic
# encephalopathy, West Haven grade three', 'HE - now stage 2') or right before it ('grade IV hepatic encephalopathy',
# 'stage II HE', 'grade 2 overt HE')
# (a grade that names the next word's, 'HE, grade 3 varices', is not the encephalopathy's)
_HE_GRADE_AFTER = re.compile(rf"[ \t]*[,:(\-–=]?[ \t]*(?:(?:is|was|now|currently|of)[ \t]+)?{_HE_GRADE}"
                             r"(?![ \t]*(?:(?:esophageal|oesophageal|gastric|large|small)[ \t]+)?(?:varic|ascit|fibros|steatos))", re.I)
_HE_GRADE_BEFORE = re.compile(rf"{_HE_GRADE}\)?[ \t]*(?:(?:hepatic|overt|portosystemic|acute|chronic)[ \t]+){{0,2}}$", re.I)
# 'West Haven grade N' names the encephalopathy grade by itself, wherever it stands
_WEST_HAVEN = re.compile(rf"\bWest[- ]Haven(?:\s+(?:criteria|scale|classification))?(?:\s+(?:grade|stage))?\s*[:=(]?\s*"
                         rf"(?P<g>{_HE_GRADE_NUM})\b(?:\s*(?:-|–|/|to|or)\s*(?P<h>{_HE_GRADE_NUM})\b)?", re.I)


def _he_grade_of(m: re.Match[str]) -> int:
    return max(_HE_GRADE_VALUE[g.lower()] for g in (m.group("g"), m.group("h")) if g)


def _he_stated_grade(ctx: NoteContext, mentions: list[Finding]) -> tuple[int, Finding] | None:
    """The worst explicit West Haven grade stated for a current mention of the encephalopathy (or by 'West Haven'
    itself): (grade 0-4, the mention)."""
    found: list[tuple[int, Finding]] = []
    for f in mentions:
        m = _HE_GRADE_AFTER.match(ctx.note, f.end, f.sentence.end)
        if m is None:
            m = _HE_GRADE_BEFORE.search(ctx.note, max(f.sentence.start, f.start - 50), f.start)
        if m is not None:
            found.append((_he_grade_of(m), f))
    for m in _WEST_HAVEN.finditer(ctx.note):
        w = ctx.finding_at(m.start(), m.end())
        if not (w.negated or w.hypothetical or w.family or w.historical or after_presentation(w)):
            found.append((_he_grade_of(m), w))
    return max(found, key=lambda t: (t[0], -t[1].start)) if found else None


# West Haven descriptions (Conn 1977, as MedCalc-Bench's explanation lists them), read where the patient has liver
# disease or an encephalopathy. Grade 3-4: somnolent, stuporous, obtunded, rousable only to voice / pain, grossly
# disoriented (to time and place), bizarre behaviour, coma, unresponsive to pain. 'unresponsive' to a treatment
# ('hypotension unresponsive to fluids') is not a mental state.
_HE_34 = (r"\b(?:somnolent|somnolence|stuporous|stupor|semi-?stupor\w*|obtunded|obtundation|comatose|hepatic\s+coma"
          r"|unrousable|unarousable|grossly\s+disorient\w*|gross\s+disorientation|bizarre\s+behaviou?r)\b"
          r"|(?<!Glasgow\s)\bcoma\b(?!\s+scale)"
          r"|\bunresponsive\b(?!\s+to\s+(?!(?:voice|verbal|painful|pain|sternal|noxious|stimul)))"
          r"|\b(?:no|not)\s+(?:\w+\s+){0,2}?respon\w*\s+to\s+(?:painful\s+stimul\w*|pain|noxious|sternal)"
          r"|(?<!easily\s)\ba?rousable\s+(?:only\s+)?to\s+(?:loud\s+)?(?:voice|pain|painful\s+stimul\w*|sternal\s+rub|noxious)"
          r"|\b(?:(?:responds?|responding|responsive|reacts?|reacting)\s+only|only\s+(?:responds?|responding|responsive|reacts?"
          r"|reacting|rousable))\s+to\s+(?:loud\s+)?(?:voice|pain|painful\s+stimul\w*|sternal\s+rub|noxious\s+stimul\w*)"
          r"|\bdisorient\w*\s+to\s+(?:person,?\s+)?(?:(?:time|place)\s*(?:,|and|&|\+)\s*(?:place|time)|place)\b")
# grade 1-2: confusion, lethargy, drowsiness, disorientation (to time), sleep reversal, irritability, shortened
# attention, inappropriate behaviour, personality change, asterixis / flap
_HE_12 = (r"\b(?:confused|confusion|disoriented|disorientated|disorientation|lethargic|lethargy|drowsy|drowsiness"
          r"|day[- ]night\s+(?:reversal|inversion)|(?:reversed|inverted|disturbed)\s+sleep(?:[- ]wake)?(?:\s+(?:pattern|cycle))?"
          r"|sleep(?:[- ]wake)?\s+(?:cycle\s+)?(?:reversal|inversion|disturbance)|irritab(?:le|ility)"
          r"|(?:short(?:ened)?|reduced|poor|decreased|impaired)\s+attention(?:\s+span)?"
          r"|inappropriate\s+behaviou?r|personality\s+change|(?<!skin\s)(?<!free\s)flap)\b")


def encephalopathy_grade(ctx: NoteContext) -> Hit | None:
    """West Haven grade: 'grade 1-2' or 'grade 3-4'; negated -> none. An explicit current grade ('HE grade III',
    'stage two', 'West Haven 4', 'grade 0') beats one inferred from signs; else the worst current description in a
    patient with liver disease or an encephalopathy (somnolent / stupor / coma / rousable only to pain -> 3-4;
    confusion / lethargy / asterixis / sleep reversal -> 1-2); a past encephalopathy kept away by lactulose /
    rifaximin is MDCalc's 'grade 1-2 (or suppressed with medication)'."""
    mentions = ctx.findings("encephalopathy")
    value, f, why = decide([*mentions], "current")
    current = [m for m in mentions if not (m.negated or m.hypothetical or m.family or m.historical or after_presentation(m))]
    stated = _he_stated_grade(ctx, current)
    if stated is not None:
        grade, g = stated
        option = "none" if grade == 0 else "grade 1-2" if grade <= 2 else "grade 3-4"
        return Hit.of_finding(g, option, f"West Haven grade {grade} stated")
    liver = bool(mentions or ctx.findings("cirrhosis") or ctx.findings("liver_disease"))
    if value is None or f is None or (value is False and not f.negated):
        # no current encephalopathy named: the worst current West Haven description, in a patient with liver disease
        g34 = [h for h in affirmed_in_clause(ctx, _HE_34) if not h.historical and not after_presentation(h)]
        if g34 and liver:
            return Hit.of_finding(g34[0], "grade 3-4", "somnolence / stupor / coma in a patient with liver disease")
        g12 = [h for h in affirmed(ctx, _HE_12, current=True) if not after_presentation(h)]
        if g12 and liver:
            return Hit.of_finding(g12[0], "grade 1-2", "confusion / lethargy / asterixis in a patient with liver disease")
    if value is None or f is None:
        return None
    if value is False and not f.negated:
        # a past encephalopathy now kept away by lactulose / rifaximin: MDCalc's 'grade 1-2 (or suppressed with
        # medication)'
        # the drug's mention may share the sentence's 'history of' ("History of HE, controlled on lactulose"): one
        # stopped / held / discontinued is not taken
        drug = [d for d in affirmed(ctx, _HE_DRUGS)
                if not _DRUG_STOPPED.search(ctx.note, max(d.sentence.start, d.start - 25), d.start)
                and not re.match(r"\s*(?:was\s+|were\s+|has\s+been\s+)?(?:stopped|discontinued|held|ceased)\b", ctx.note[d.end:d.end + 30], re.I)]
        if drug:
            return Hit.of_finding(drug[0], "grade 1-2", "past encephalopathy suppressed with medication")
    if value is False:
        return Hit.of_finding(f, "none", why)
    window = ctx.note[max(f.sentence.start, f.start - 40):min(f.sentence.end, f.end + 40)]
    if re.search(r"\b(?:severe|stupor\w*|coma\w*|somnolent|unresponsive)\b", window, re.I):
        return Hit.of_finding(f, "grade 3-4", "severe / grade 3-4 in the note")
    # the worst current description counts: somnolence, stupor or coma described anywhere in the note
    g34 = [h for h in affirmed_in_clause(ctx, _HE_34) if not h.historical and not after_presentation(h)]
    if g34:
        return Hit.of_finding(g34[0], "grade 3-4", f"encephalopathy with a grade 3-4 description: '{g34[0].text}'")
    return Hit.of_finding(f, "grade 1-2", "encephalopathy present (mild or grade not stated): grade 1-2")


# ---------------------------------------------------------------------------
# Charlson categories (Charlson 1987; MDCalc's definitions)
# ---------------------------------------------------------------------------

_PORTAL_HTN = (r"portal hypertension|(?:esophageal|oesophageal|gastric)?\s*varic(?:es|eal)|variceal bleed\w*|ascites"
               r"|hepatic encephalopathy|hepatorenal|decompensated (?:cirrhosis|liver)")


def charlson_liver(ctx: NoteContext) -> Hit | None:
    """none / mild (chronic hepatitis, cirrhosis without portal hypertension) / moderate to severe (with it)."""
    value, f, why = decide(ctx.findings("liver_disease"), "any")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "none", why)
    severe = affirmed(ctx, _PORTAL_HTN)
    if severe:
        return Hit.of_finding(severe[0], "moderate to severe", "liver disease with portal hypertension / decompensation")
    return Hit.of_finding(f, "mild", "chronic liver disease without portal hypertension")


_END_ORGAN = (r"diabetic (?:retinopathy|nephropathy|neuropathy|kidney disease|foot|ulcer\w*|gastroparesis)"
              r"|(?:retinopathy|nephropathy|neuropathy|gastroparesis)|diabetes[^.;]{0,40}?complicat\w+")


def charlson_diabetes(ctx: NoteContext) -> Hit | None:
    """none or diet-controlled / uncomplicated / end-organ damage (retinopathy, nephropathy, neuropathy)."""
    value, f, why = decide(ctx.findings("diabetes"), "any")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "none or diet-controlled", why)
    organ = affirmed(ctx, _END_ORGAN)
    if organ:
        return Hit.of_finding(organ[0], "end-organ damage", "diabetes with end-organ damage")
    diet = affirmed(ctx, r"diet[- ](?:controlled|managed|alone)|controlled (?:with|by|on) diet|lifestyle (?:measures|modification) alone")
    if diet:
        return Hit.of_finding(diet[0], "none or diet-controlled", "diet-controlled diabetes")
    return Hit.of_finding(f, "uncomplicated", "diabetes without documented end-organ damage")


# AIDS (CDC stage 3) in a patient with HIV: an AIDS-defining illness or a CD4 count below 200 cells/µL (a nadir counts:
# once AIDS, always AIDS); HIV on ART with a good count is 'HIV positive', not AIDS
_HIV = r"(?-i:\bHIV\b)(?!\s*[-:]?\s*(?:neg\w*|test(?:ing)?\s+neg\w*|screen\w*\s+neg\w*|Ab\s+neg\w*)\b)|human immunodeficiency virus"
_AIDS_DEFINING = (r"Pneumocystis|\bPCP\b|\bPJP\b|Kaposi'?s?(?:\s+sarcoma)?|\bCMV\s+retinitis|cytomegalovirus\s+retinitis"
                  r"|cryptococcal\s+meningitis|cerebral\s+toxoplasm\w+|toxoplasm\w+\s+encephalitis|Mycobacterium\s+avium|\bMAC\s+infection"
                  r"|progressive\s+multifocal\s+leuko\w+|HIV[- ](?:associated\s+)?(?:wasting|encephalopathy|dementia)"
                  r"|o?esophageal\s+candidiasis|disseminated\s+(?:histoplasmosis|coccidioidomycosis|MAC)")
_CD4 = re.compile(r"\bCD4\+?(?:\s*(?:T[- ]cells?|cells?|counts?|lymphocytes?))?(?:\s*(?:nadir|of|was|is|were|at|now|:|=|-)){0,3}"
                  r"\s*(?P<n>\d{1,4})(?!\s*%|\d|\.\d)", re.I)


def charlson_aids(ctx: NoteContext) -> Hit | None:
    """Charlson AIDS: AIDS named; else HIV with an AIDS-defining illness or a CD4 count (or nadir) below 200."""
    value, f, why = decide(ctx.findings("aids"), "any")
    if value:
        return Hit.of_finding(f, True, why)
    hiv = affirmed(ctx, _HIV)
    if hiv:
        ill = affirmed(ctx, _AIDS_DEFINING)
        if ill:
            return Hit.of_finding(ill[0], True, "HIV with an AIDS-defining illness")
        for m in _CD4.finditer(ctx.note):
            if int(m.group("n")) < 200:
                g = ctx.finding_at(m.start(), m.end())
                if not (g.negated or g.hypothetical or g.family):
                    return Hit.of_finding(g, True, "HIV with a CD4 count below 200")
    return None if f is None else Hit.of_finding(f, value, why)


_HEME = r"leuka?emia|lymphoma|myeloma|\bAML\b|\bCLL\b|\bCML\b|\bALL\b|Hodgkin"
_METASTATIC = (r"metasta\w+|stage\s*(?:IV|4)\b|(?:widespread|disseminated)\s+(?:disease|cancer|malignancy)"
               # shorthand and tumour deposits named by their site: "liver mets", "bony secondaries", "lytic deposits"
               r"|(?-i:\bmets\b)|\bsecondaries\b|carcinomatosis|\b[pcy]?T[0-4x][a-d]?\s*N[0-3x][a-c]?\s*M1[a-c]?\b"
               r"|\b(?:bone|bony|liver|hepatic|lung|pulmonary|brain|cerebral|adrenal|peritoneal|skeletal|sclerotic|lytic"
               r"|osteoblastic|osteolytic|spinal|vertebral)\s+(?:deposits?|secondar(?:y|ies)|mets)\b")
# a stage of something else: "CKD stage 4", "NYHA stage IV", "stage 4 pressure ulcer"
_OTHER_STAGE = re.compile(r"\b(?:CKD|kidney|renal|NYHA|heart failure|HF|COPD|GOLD|hypertension|pressure|liver|fibrosis|sleep)"
                          r"\W+(?:\w+\W+)?$|^\W*(?:pressure (?:ulcer|injury|sore)|CKD|chronic kidney|kidney|renal|heart failure)", re.I)


# a cancer named as the indication of an operation or treatment that is planned: "listed for resection of rectal
# adenocarcinoma", "pre-op assessment for Whipple for pancreatic head carcinoma", "booked for radiotherapy to a
# prostate cancer": the planning trigger makes the operation future, not the disease (a hedge in the gap keeps it a query)
_PLANNING_TRIGGER = re.compile(r"hypothetical:(?:listed|scheduled|booked|planned|planning|wait-?listed|awaiting|due to"
                               r"|will|candidate|assess|evaluat)", re.I)
_INDICATION_BEFORE = re.compile(
    r"\b(?:resection|excision|removal|debulking|surgery|operation|repair|procedure|\w+ectomy|\w+otomy|Whipple(?:'?s)?"
    r"|Ivor[- ]Lewis|radiotherapy|chemotherapy|chemoradiotherapy|treatment|management)"
    r"(?:\s+(?:procedure|surgery|operation))?\s+(?:of|for|to)\s+"
    r"(?:(?!possible\b|suspected\b|presumed\b|probable\b|query\b|likely\b|benign\b|\?)[\w'-]+\s+){0,4}$", re.I)


def cancer_mentions(ctx: NoteContext) -> list[Finding]:
    """The cancer concept's mentions, a cancer named as a planned operation's indication taken as a diagnosis (see
    ``_INDICATION_BEFORE``)."""
    out = []
    for f in ctx.findings("cancer"):
        if f.hypothetical and not (f.negated or f.family):
            hyp = [t for t in f.triggers if t.startswith("hypothetical:")]
            before = ctx.note[max(f.sentence.start, f.start - 60):f.start]
            if all(_PLANNING_TRIGGER.match(t) for t in hyp) and _INDICATION_BEFORE.search(before):
                f = dataclasses.replace(f, hypothetical=False,
                                        triggers=[t for t in f.triggers if not t.startswith("hypothetical:")])
        out.append(f)
    return out


def _solid_cancer_mentions(ctx: NoteContext) -> list[Finding]:
    out = []
    for f in cancer_mentions(ctx):
        if re.fullmatch(rf"(?:{_HEME})", f.text, re.I) or re.search(r"leuka?emia|lymphoma|myeloma", f.text, re.I):
            continue
        if _skin_cancer(ctx, f):
            continue  # basal / squamous cell cancer of the skin: Deyo's coding of Charlson leaves out ICD-9 173
        out.append(f)
    return out


def charlson_tumor(ctx: NoteContext) -> Hit | None:
    """Solid tumour: none / localized / metastatic (leukaemia and lymphoma are separate items)."""
    value, f, why = decide(_solid_cancer_mentions(ctx), "any")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "none", why)
    met = [m for m in affirmed(ctx, _METASTATIC)
           if not (m.text.lower().startswith("stage") and (_OTHER_STAGE.search(ctx.note[max(0, m.start - 25):m.start])
                                                            or _OTHER_STAGE.match(ctx.note[m.end:m.end + 30])))]
    if met:
        return Hit.of_finding(met[0], "metastatic", "metastatic solid tumour")
    return Hit.of_finding(f, "localized", "solid tumour without documented metastasis")


def charlson_ckd(ctx: NoteContext) -> Hit | None:
    """Moderate to severe CKD: dialysis, transplant, uraemia, CKD stage 3b-5 / ESRD, or creatinine > 3 mg/dL."""
    severe = affirmed(ctx, DIALYSIS_SHORTHAND + r"|dialysis|hemodialysis|haemodialysis|renal transplant\w*|kidney transplant\w*|\buremia\b|\buraemia\b"
                           r"|end[- ]stage (?:renal|kidney)|\bESRD\b|\bESKD\b|CKD\s*(?:stage\s*)?(?:3b|IIIb|4|IV|5|V)\b"
                           r"|stage\s*(?:3b|IIIb|4|IV|5|V)\s+(?:chronic kidney|CKD)"
                           # the disease named in full, the stage after it: "chronic kidney disease stage 4", "CKD G4"
                           r"|(?:chronic kidney disease|chronic renal (?:disease|failure|insufficiency)|\bCKD)\s*[,(]?\s*"
                           r"(?:stage|grade|G)\s*(?:3b|IIIb|4|IV|5|V)(?:\b|(?=A[1-3]\b))")
    if severe:
        return Hit.of_finding(severe[0], True, "moderate-severe CKD")
    cr = ctx.value("creatinine")
    if cr is not None and float(cr.value) > 3:
        return Hit.of_value(cr, value=True, unit=None, note="creatinine > 3 mg/dL")
    value, f, why = decide(ctx.findings("chronic_kidney_disease"), "any")
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    mild = affirmed(ctx, r"CKD\s*(?:stage\s*)?(?:1|2|I|II|3a|IIIa)\b|stage\s*(?:1|2|I|II|3a|IIIa)\s+(?:chronic kidney|CKD)"
                         r"|(?:chronic kidney disease|chronic renal (?:disease|failure|insufficiency)|\bCKD)\s*[,(]?\s*"
                         r"(?:stage|grade|G)\s*(?:1|2|I|II|3a|IIIa)(?:\b|(?=A[1-3]\b))")
    if mild:
        return Hit.of_finding(mild[0], False, "CKD stage 1-3a: not moderate-severe")
    return None


def drug_use(concept: str, *classes: str) -> Callable[[NoteContext], Hit | None]:
    """A drug taken now: the concept's current mentions (a drug class named: 'on an NSAID', 'DAPT'), else a listed
    medication of ``classes``; a mention saying the drug was stopped, is an allergy or is to be avoided is left out
    ('Allergy: aspirin (angioedema)', 'Avoid NSAIDs', 'clopidogrel discontinued')."""
    meds = Meds(*classes)

    def rule(ctx: NoteContext) -> Hit | None:
        mentions = [f for f in ctx.findings(concept)
                    if not medication_not_taken(ctx.note, f.start, f.end, f.sentence)]
        value, f, why = decide(mentions, "current")
        if value:
            return Hit.of_finding(f, True, why)
        h = meds.read(ctx)
        if h is not None:
            return h
        return None if f is None else Hit.of_finding(f, value, why)

    rule.__name__ = f"drug_use_{concept}"
    return rule


# ---------------------------------------------------------------------------
# Cancer activity (Wells, PSI)
# ---------------------------------------------------------------------------

_TREATMENT = (r"chemotherapy|chemo\b|radiotherapy|radiation therapy|immunotherapy|palliative|hospice|undergoing treatment"
              r"|receiving treatment|on treatment|newly diagnosed|recently diagnosed|metasta\w+"
              # anticancer regimens and drugs named instead of the word chemotherapy (only drugs used for cancer alone)
              r"|\b(?:FOLFOX|FOLFIRI|FOLFIRINOX|CAPOX|XELOX|R-?CHOP|CHOP|ABVD|BEACOPP|FEC|TCHP?|AC-?T)\b"
              r"|\b(?:carboplatin|cisplatin|oxaliplatin|paclitaxel|nab-paclitaxel|docetaxel|gemcitabine|capecitabine|5-?FU"
              r"|fluorouracil|irinotecan|pemetrexed|etoposide|vincristine|doxorubicin|epirubicin|temozolomide|pembrolizumab"
              r"|nivolumab|atezolizumab|durvalumab|ipilimumab|trastuzumab|pertuzumab|bevacizumab|cetuximab|panitumumab"
              r"|imatinib|osimertinib|erlotinib|gefitinib|sunitinib|sorafenib|lenvatinib|enzalutamide|abiraterone)\b"
              r"|\b(?:last|latest|most recent)\s+(?:chemo(?:therapy)?\s+)?cycle\b|\bcycle\s+\d+\s+of\b")
# a history header ("PMHx: colon cancer on FOLFOX") marks a whole list as past, but such lists hold current treatment
_HISTORY_HEADER_TRIGGER = re.compile(r"historical:(?:PMHx?|past medical history|medical history|past history|hx:?)$", re.I)
_RECENT_TIME = r"(?:\d+\s*(?:d|days?|wks?|weeks?)\s+ago|yesterday|last\s+week|this\s+week|this\s+month)"
_ONGOING_BEFORE = re.compile(r"\b(?:(?:on|currently|receiving|undergoing|ongoing|continuing|continues|having)\s+(?:\w+\s+){0,2}"
                             r"|last\s+(?:cycle|dose|course|infusion|fraction)\s+(?:of\s+)?)$", re.I)
_ONGOING_AFTER = re.compile(rf"[^.;]{{0,40}}?\b(?:ongoing|current(?:ly)?|{_RECENT_TIME}"
                            rf"|last\s+(?:cycle|dose|course|infusion|fraction)\b[^.;)]{{0,25}}?\b{_RECENT_TIME})", re.I)


def _ongoing_treatment(ctx: NoteContext) -> Finding | None:
    """A cancer treatment written as ongoing ('on FOLFOX', 'currently receiving chemotherapy', 'last cycle 10 days ago',
    given within weeks) inside a past-history list: the list's header is its only past cue, so the treatment is
    current."""
    for f in ctx.terms(_TREATMENT):
        if f.negated or f.family or f.hypothetical or after_presentation(f):
            continue
        past = [t for t in f.triggers if t.startswith("historical:")]
        if not past or not all(_HISTORY_HEADER_TRIGGER.match(t) for t in past):
            continue
        before = ctx.note[max(f.sentence.start, f.start - 40):f.start]
        if _ONGOING_BEFORE.search(before) or _ONGOING_AFTER.match(ctx.note, f.end, f.sentence.end):
            return f
    return None


# PSI counts a cancer diagnosed within the past year (Fine 1997) even when treated: a time within a year beside a past
# mention ("diagnosed 4 months ago", "resected 8 months ago", "diagnosed last month", "earlier this year")
_WITHIN_YEAR = re.compile(r"\b(?P<n>\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several)\s+"
                          r"(?P<u>days?|weeks?|months?)\s+ago\b|\b(?:last|this|past)\s+(?:week|month)\b|\b(?:earlier\s+)?this\s+year\b"
                          r"|\b(?:in\s+the\s+)?(?:past|last)\s+(?:few|several|\d+|two|three|six)\s+(?:weeks|months)\b"
                          r"|\b(?:newly|recently)\s+diagnosed\b|\bnew\s+diagnosis\b", re.I)
_YEARS_AGO = re.compile(r"\b(?:years?|decades?)\s+ago\b|\b(?:19[5-9]\d|20[0-4]\d)\b|\bin remission\b|\bcured\b", re.I)
# a treatment to come for the cancer: "awaiting radiotherapy", "scheduled for chemotherapy", "listed for surgery"
_PLANNED_TREATMENT = re.compile(r"\b(?:awaiting|scheduled for|booked for|planned|listed for|due to (?:start|begin|have)|to start|referred for)\s+"
                                r"(?:\w+\s+){0,2}?(?:chemo\w*|radiotherapy|radiation|immunotherapy|surgery|resection|excision"
                                r"|\w+ectomy|oncology|treatment)\b", re.I)


def _dated_within(ctx: NoteContext, f: Finding, months: int) -> bool:
    """A past cancer mention whose clause dates it (its diagnosis or treatment) within ``months``, or which has a
    treatment still to come."""
    lo, hi = max(f.sentence.start, f.start - 60), min(f.sentence.end, f.end + 70)
    window = ctx.note[lo:hi]
    if _PLANNED_TREATMENT.search(window):
        return True
    m = _WITHIN_YEAR.search(window)
    if m is None or _YEARS_AGO.search(window):
        return False
    text = m.group(0).lower()
    if m.group("n") and m.group("u").lower().startswith("month"):
        n = m.group("n").lower()
        k = int(n) if n.isdigit() else word_to_number(n) if n not in ("a", "an", "a few", "several") else 1
        return k is not None and k <= months
    if "year" in text:
        return months >= 12
    span = re.search(r"(\d+|two|three|six)\s+months", text)
    if span:
        return (int(span.group(1)) if span.group(1).isdigit() else word_to_number(span.group(1)) or 12) <= months
    return True


def active_cancer(ctx: NoteContext, skin_excluded: bool = False, within_months: int = 0) -> Hit | None:
    """Active cancer: a current cancer, or a past one still treated (chemotherapy, radiotherapy, palliation).

    A cancer only in the past (remission, 'history of ... treated years ago') decides False; with ``within_months`` a
    past cancer diagnosed or treated within that many months ('completed radiotherapy 3 months ago'), or with a
    treatment to come, is active. With ``skin_excluded`` (PSI, Fine 1997: 'any cancer except basal- or squamous-cell
    cancer of the skin') a skin BCC / SCC is no cancer.
    """
    found = cancer_mentions(ctx)
    if skin_excluded:
        found = [f for f in found if not _skin_cancer(ctx, f)]
    mentions = [f for f in found if not re.fullmatch(r"tumou?r", f.text, re.I)] or found
    value, f, why = decide(mentions, "current")
    if value is True and f is not None:
        return Hit.of_finding(f, True, why)
    past = [m for m in mentions if not (m.negated or m.family or m.hypothetical)]
    if past:
        treated = affirmed(ctx, _TREATMENT, current=True)
        if treated:
            return Hit.of_finding(treated[0], True, "cancer under treatment / palliation")
        ongoing = _ongoing_treatment(ctx)
        if ongoing is not None:
            return Hit.of_finding(ongoing, True, "cancer treatment written as ongoing in the history list")
        if within_months:
            recent = [m for m in past if _dated_within(ctx, m, within_months)]
            if recent:
                return Hit.of_finding(recent[0], True, f"cancer diagnosed or treated within {within_months} months, "
                                                       "or with treatment to come")
        return Hit.of_finding(past[0], False, "cancer only in the past")
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    return None


# basal- or squamous-cell cancer of the skin: the type written before the mention ('basal cell carcinoma', 'cutaneous
# squamous cell carcinoma'), with the skin named for a squamous one ('SCC of the skin', 'squamous cell carcinoma of
# the scalp'); a squamous cell carcinoma of the lung or oesophagus stays a cancer
_BASAL = re.compile(r"\bbasal[- ]cell\s*$|\bbasal\s*$", re.I)
_SQUAMOUS = re.compile(r"\bsquamous[- ]cell\s*$|\bsquamous\s*$", re.I)
_SKIN_SITE = re.compile(r"\b(?:skin|cutaneous|dermal|scalp|facial|forehead|cheek|forearm|shin|Mohs|dermatolog\w*"
                        r"|sun[- ]exposed)\b", re.I)


def _skin_cancer(ctx: NoteContext, f: Finding) -> bool:
    """Is the cancer mention a basal- or squamous-cell carcinoma of the skin?"""
    before = ctx.note[max(f.sentence.start, f.start - 14):f.start] + (f.text[:-len("carcinoma")] if f.text.lower().endswith(
        "carcinoma") else "")
    if f.text.upper() == "BCC" or _BASAL.search(before):
        return True
    if f.text.upper() == "SCC" or _SQUAMOUS.search(before):
        around = ctx.note[max(f.sentence.start, f.start - 40):min(f.sentence.end, f.end + 40)]
        return bool(_SKIN_SITE.search(around))
    return False


def psi_neoplastic(ctx: NoteContext) -> Hit | None:
    """PSI neoplastic disease: active cancer (see :func:`active_cancer`) or one diagnosed within the past year (Fine 1997),
    skin basal / squamous cell cancer excepted."""
    return active_cancer(ctx, skin_excluded=True, within_months=12)


# ---------------------------------------------------------------------------
# PSI pleural effusion (Fine 1997: pleural effusion on the chest radiograph)
# ---------------------------------------------------------------------------

_PLEURAL_EFFUSION = (r"pleural\s+effusions?|(?:hydro|hydropneumo)thorax|parapneumonic\s+(?:effusions?|fluid|collections?)|empyema\w*"
                     r"|pleural\s+(?:fluid|collections?)|(?:fluid|collections?)\s+(?:\w+\s+){0,3}?in\s+(?:the\s+)?(?:(?:left|right|bilateral|both)\s+)?"
                     r"pleural\s+(?:spaces?|cavit(?:y|ies))"
                     # its chest-film sign: a blunted costophrenic angle, a meniscus
                     r"|blunt(?:ed|ing)\s+(?:of\s+)?(?:the\s+)?(?:(?:left|right|bilateral|both|[LR])\s+)?costophrenic\s+(?:angles?|recess(?:es)?)"
                     r"|costophrenic\s+(?:angles?\s+|recess(?:es)?\s+)?blunting|(?:CP|costophrenic)\s+angles?\s+(?:are\s+|is\s+)?blunted"
                     r"|meniscus\s+sign")
# a bare 'effusion' of the chest: with a side ('small left-sided effusion', 'bilateral effusions, R>L') or in a sentence about
# the chest film / lungs; not one of another site (pericardial, a joint, an ear)
_BARE_EFFUSION = r"(?<![\w-])effusions?\b"
_EFFUSION_SIDE = re.compile(r"(?:\b(?:left|right|bilateral|both|[LR])|[LR]\s*>\s*[LR])[\s-]+(?:sided[\s-]+)?(?:\w+[\s-]+){0,1}?$", re.I)
_CHEST_SENTENCE = re.compile(r"\bCXR\b|chest|x-?ray|radiograph|\bfilms?\b|\bCT\b|thora|\blungs?\b|\blobes?\b|lobar|consolidat|costophrenic"
                             r"|hemithorax|\bbases?\b|basal|bibasal|pleura|opacit|infiltrat|pneumon|\bUS\b|ultrasound|POCUS", re.I)
_OTHER_EFFUSION_SITE = re.compile(r"pericard|tamponade|\bjoints?\b|knee|ankle|elbow|wrist|\bhips?\b|shoulder|synovi|\bears?\b|tympan"
                                  r"|middle\s+ear|subdural|peritone|ascit|abdom|\becho\w*|\bTTE\b|\bTEE\b|\bTOE\b", re.I)


def psi_pleural_effusion(ctx: NoteContext) -> Hit | None:
    """PSI 'pleural effusion' on imaging (current): the named effusion or its film signs, an empyema or pleural fluid /
    collection, or a bare 'effusion' given a side or in a sentence about the chest (not another site's effusion)."""
    mentions = list(ctx.terms(_PLEURAL_EFFUSION))
    for f in ctx.terms(_BARE_EFFUSION):
        if re.search(r"pleural\s+$|parapneumonic\s+$", ctx.note[max(0, f.start - 14):f.start], re.I):
            continue  # already read as a pleural effusion
        sent = f.sentence.text
        if sentence_has(_OTHER_EFFUSION_SITE, sent):
            continue
        if _EFFUSION_SIDE.search(ctx.note[max(f.sentence.start, f.start - 30):f.start]) or sentence_has(_CHEST_SENTENCE, sent):
            mentions.append(f)
    value, f, why = decide(sorted(mentions, key=lambda g: g.start), "current")
    return None if f is None else Hit.of_finding(f, value, why)


def wells_active_cancer(ctx: NoteContext) -> Hit | None:
    """Wells' malignancy / active cancer: treatment (or palliation) within the past 6 months (Wells 1997, 2000)."""
    return active_cancer(ctx, within_months=6)


def malignancy_any(ctx: NoteContext) -> Hit | None:
    value, f, why = decide(cancer_mentions(ctx), "any")
    return None if f is None else Hit.of_finding(f, value, why)


# ---------------------------------------------------------------------------
# PSI nursing home residence (Fine 1997: living in a nursing home at presentation)
# ---------------------------------------------------------------------------

# a place the patient is to go, not one she lives in: "plan: discharge to a nursing home", "referred for a care home",
# "moving into assisted living next week"; "discharged back to her nursing home" is her home
_NH_DESTINATION = re.compile(r"\b(?:discharg\w*|transfer(?:red|ring)?|plac(?:e|ing)|refer(?:red|ral)?|appl(?:y|ied|ication)"
                             r"|assess(?:ed|ment)?|mov(?:e|ing)|going|will\s+go|needs?|requires?)"
                             r"\s+(?:plan\s+)?(?:to|into|in|for)\s+(?:(?!back\b|his\b|her\b|their\b|usual\b|own\b)\w+\s+){0,3}$", re.I)
_NH_PLACEMENT_AFTER = re.compile(r"\s*(?:placement|application|referral|assessment|bed\b)", re.I)
# residence in the present or present perfect: "lives in", "resides at", "a resident of", "from a care home",
# "has lived in ... since 2019", "has been in a residential home"
_NH_PRESENT = re.compile(r"\b(?:lives|living|resides|residing|is\s+(?:a\s+|an\s+)?(?:\w+\s+)?resident|resident\s+(?:of|at|in)"
                         r"|ha(?:s|ve)\s+(?:been\s+)?(?:lived|living|resided|residing|been)|currently|from|stays|staying"
                         r"|moved\s+(?:in)?to|(?:was\s+)?(?:moved|placed|admitted)\s+(?:permanently\s+)?(?:in)?to|placed\s+in|entered|went\s+into)\b"
                         r"[^.;:\n]{0,60}$", re.I)
# residence in the simple past, or a past habit
_NH_PAST = re.compile(r"(?:\b(?<!has )(?<!have )(?:lived|resided|stayed)|\bwas\s+(?:a\s+|an\s+)?(?:\w+\s+)?resident)\b[^.;:\n]{0,60}$", re.I)
_NH_USED_TO = re.compile(r"\bused\s+to\s+(?:live|reside|stay|be)\b[^.;:\n]{0,60}$", re.I)
# the past residence ended: "..., now lives with her son", "before moving in with her daughter", "returned home"
_NH_ENDED = re.compile(r"\b(?:now|currently|at present|presently)\s+(?:lives|living|resides|residing|stays|staying|at home|with)\b"
                       r"|\bmov(?:ed|ing)\s+(?:back|out|in with|home|to (?:live|stay) with)\b|\breturned\s+(?:home|to)\b"
                       r"|\bbefore\s+(?:moving|returning|going)\b|\buntil\b|\bdischarged\s+home\b", re.I)


def nursing_home_resident(ctx: NoteContext) -> Hit | None:
    """PSI 'nursing home resident' (current): a care-home word (ConText, current) read with its verb. Present or
    present perfect residence ('lives in', 'a resident of', 'from a care home', 'has lived in ... since', 'moved into a
    care home 3 months ago') is current even under a history header or a past date; residence in the past with an end
    ('lived in a care home until last year, now lives with her son', 'used to live in') is past; a destination
    ('discharge to a nursing home', 'nursing home placement') is not a residence."""
    keep = []
    for f in ctx.findings("nursing_home"):
        if f.negated or f.family or f.hypothetical:
            keep.append(f)
            continue
        before = ctx.note[max(f.sentence.start, f.start - 80):f.start]
        after = ctx.note[f.end:min(len(ctx.note), f.end + 150)]
        if _NH_DESTINATION.search(before) or _NH_PLACEMENT_AFTER.match(after):
            continue
        if _NH_USED_TO.search(before) or (_NH_PAST.search(before) and _NH_ENDED.search(after)):
            keep.append(dataclasses.replace(f, historical=True, triggers=[*f.triggers, "historical:past residence"]))
        elif f.historical and _NH_PRESENT.search(before) and not _NH_ENDED.search(ctx.note, f.end, f.sentence.end):
            keep.append(dataclasses.replace(f, historical=False))
        else:
            keep.append(f)
    value, f, why = decide(keep, "current")
    return None if f is None else Hit.of_finding(f, value, why)


# ---------------------------------------------------------------------------
# HAS-BLED (Pisters 2010)
# ---------------------------------------------------------------------------


def hasbled_hypertension(ctx: NoteContext) -> Hit | None:
    """Uncontrolled hypertension (> 160 mmHg systolic); a documented hypertension not stated as controlled counts."""
    sbp = ctx.value("systolic_bp")
    if sbp is not None and float(sbp.value) > 160:
        return Hit.of_value(sbp, value=True, unit=None, note="systolic > 160 mmHg")
    value, f, why = decide(ctx.findings("hypertension"), "any")
    if value is None or f is None:
        return None
    if value is True:
        window = f.sentence.text
        # systolic readings stated beside the diagnosis, none above 160: not the uncontrolled criterion
        sys_vals = [float(m.group(1)) for m in re.finditer(r"(?:systolic[^.;\d]{0,25}|\bBP\s*)(\d{2,3})(?:\s*(?:-|–|to)\s*(\d{2,3}))?", window, re.I)]
        sys_vals += [float(m.group(2)) for m in re.finditer(r"(?:systolic[^.;\d]{0,25}|\bBP\s*)(\d{2,3})\s*(?:-|–|to)\s*(\d{2,3})", window, re.I)]
        if sys_vals and max(sys_vals) <= 160:
            return Hit.of_finding(f, False, f"systolic readings {', '.join(f'{v:g}' for v in sys_vals)} <= 160 mmHg")
        # 'well controlled', 'controlled on losartan', 'BP controlled'; not 'uncontrolled', 'poorly / not controlled'
        if re.search(r"\b(?:(?:well|adequately|properly|good|reasonably|fairly)[- ]?)?controlled\b", window, re.I) and not re.search(
                r"\b(?:un|poorly|not well|not|inadequately|sub-?optimally|badly|difficult to be|hard to be)[- ]?controlled\b", window, re.I):
            return Hit.of_finding(f, False, "hypertension stated as controlled")
    return Hit.of_finding(f, value, why)


# dialysis and renal transplant in shorthand: "on HD", "HD-dependent", "HD via L AVF", "HD MWF", "CAPD", "renal tx",
# "KTx" (HD alone is not read: Huntington's disease, 'HD 3' / 'on HD 3' a hospital day)
DIALYSIS_SHORTHAND = (r"\b(?:on|started|starting|commenced|receives|receiving|requires|requiring|needs|via|for)\s+(?:\w+\s+)?(?-i:HD)\b(?!\s*#?\d)"
                      r"|(?-i:\bHD)[- ](?:dependent|dependence|patient|catheter|line|access|sessions?)\b"
                      r"|(?-i:\bHD)\s+(?:three|thrice|twice|via|through|sessions?|MWF|TTS|M/W/F|T/Th/S|Mon|Tue|Tues)\b"
                      r"|(?-i:\b(?:CAPD|CCPD|KTx)\b)|\b(?:renal|kidney)\s+tx\b")


def hasbled_renal(ctx: NoteContext) -> Hit | None:
    """Dialysis, renal transplant or creatinine >= 2.26 mg/dL (200 µmol/L)."""
    dx = affirmed(ctx, r"dialysis|hemodialysis|haemodialysis|renal transplant\w*|kidney transplant\w*|\bESRD\b|end[- ]stage renal"
                       r"|" + DIALYSIS_SHORTHAND)
    if dx:
        return Hit.of_finding(dx[0], True, "dialysis / transplant")
    cr = ctx.value("creatinine")
    if cr is not None:
        v = float(cr.value)
        return Hit.of_value(cr, value=v >= 2.26, unit=None, note=f"creatinine {v:g} mg/dL vs 2.26")
    value, f, why = decide([*ctx.findings("renal_disease")], "any")
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    return None


def hasbled_liver(ctx: NoteContext) -> Hit | None:
    """Cirrhosis, or bilirubin > 2x normal with AST/ALT > 3x normal (ULN taken as 1.2 mg/dL, 40 U/L)."""
    value, f, why = decide(ctx.findings("cirrhosis"), "any")
    if value is True and f is not None:
        return Hit.of_finding(f, True, why)
    bili, ast, alt = ctx.value("bilirubin"), ctx.value("ast"), ctx.value("alt")
    if bili is not None and (ast is not None or alt is not None):
        enz = max(float(x.value) for x in (ast, alt) if x is not None)
        lab = float(bili.value) > 2 * 1.2 and enz > 3 * 40
        if lab:
            return Hit.of_value(bili, value=True, unit=None, note="bilirubin > 2x and AST/ALT > 3x normal")
    value2, f2, why2 = decide(ctx.findings("liver_disease"), "any")
    if value2 is False and f2 is not None:
        return Hit.of_finding(f2, False, why2)
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    return None


def labile_inr(ctx: NoteContext) -> Hit | None:
    pos = Term(r"(?:labile|unstable|fluctuating|erratic|variable|supratherapeutic|uncontrolled)\s+(?:\w+\s+){0,2}?INRs?"
               r"|INRs?\s+(?:\w+\s+){0,4}?(?:labile|unstable|fluctuat\w*|erratic|variable|difficult to control|out of range|swing\w*"
               r"|swung|see-?saw\w*|yo-?yo\w*|all over the place|up and down|unpredictabl\w*|hard to control|difficult to stabili[sz]e)"
               # "poor INR control", "his INR control has been poor"
               r"|(?:poor|erratic|unstable|suboptimal)\s+(?:\w+\s+)?INR\s+control|INR\s+control\s+(?:has\s+been|is|was|remains)\s+(?:\w+\s+)?(?:poor|erratic|suboptimal)"
               r"|time in (?:the )?therapeutic range[^.;]{0,30}?(?:<|less than|below|under)\s*60"
               r"|(?:poor|low)\s+time in (?:the )?therapeutic range", case_sensitive=False).read(ctx)
    if pos is not None and pos.value:
        return pos
    # a stated time in range: "TTR 45%", "time in therapeutic range of 72%", "only 4 of 12 INR readings in range"
    # (the period it covers may come first: "time in therapeutic range over the last 6 months was 48%")
    ttr = re.search(rf"(?:\bTTR\b|time in (?:the )?(?:therapeutic )?range)"
                    rf"(?:\s+(?:over|in|during|for)\s+the\s+(?:last|past|previous|preceding)\s+(?:\d+|\w+)\s+(?:months?|weeks?|years?))?"
                    rf"[^.;\d]{{0,20}}(?P<p>{NUMBER})\s*%"
                    rf"|(?P<k>\d{{1,3}})\s+(?:of|out of|/)\s+(?P<n>\d{{1,3}})\s+(?:\w+\s+){{0,3}}?(?:INRs?|readings|results|values|tests)"
                    rf"[^.;]{{0,40}}?(?:in|within)\s+(?:the\s+)?(?:therapeutic\s+|target\s+)?range", ctx.note, re.I)
    if ttr:
        pct = parse_number(ttr.group("p")) if ttr.group("p") else 100 * int(ttr.group("k")) / max(int(ttr.group("n")), 1)
        return _hit(ctx, ttr, pct < 60, f"time in therapeutic range {pct:.0f}% vs 60%")
    stable = affirmed(ctx, r"(?:stable|therapeutic|well[- ]controlled)\s+INRs?|INRs?\s+(?:\w+\s+){0,4}?(?:stable|within (?:the )?therapeutic range|well[- ]controlled)")
    if stable:
        return Hit.of_finding(stable[0], False, "INR stable / in range")
    return pos


def alcohol_excess(ctx: NoteContext) -> Hit | None:
    """Alcohol excess (>= 8 drinks/week) when the number of drinks is not given."""
    heavy = affirmed(ctx, r"alcohol(?:ism| abuse| use disorder| dependence| excess)|heavy (?:alcohol|drink\w*|drinker)"
                          r"|excessive (?:alcohol|drink\w*)|alcoholic\b(?! (?:cirrhosis|hepatitis|liver|cardiomyopathy|pancreatitis))"
                          r"|binge drink\w*|drinks? heavily")
    if heavy:
        return Hit.of_finding(heavy[0], True, "heavy alcohol use")
    value, f, why = decide(ctx.findings("alcohol_use"), "current")
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    light = affirmed(ctx, r"(?:social(?:ly)?|occasional(?:ly)?|rare(?:ly)?|light)\s+(?:alcohol|drink\w*)|drinks?\s+(?:socially|occasionally|rarely)")
    if light:
        return Hit.of_finding(light[0], False, "occasional / social drinking")
    return None


# ---------------------------------------------------------------------------
# HEART score (Six 2008)
# ---------------------------------------------------------------------------


# "no new ST changes", "without new / dynamic ST changes": ConText's pseudo-trigger "no new" ("no new complaints") keeps
# the finding affirmed, but an ECG change denied as new is no deviation (the words right before it, in its clause)
_DENIED_AS_NEW = re.compile(r"\b(?:no|not|without|nor)\s+(?:any\s+)?(?:new|dynamic|acute|significant|ischa?emic)"
                            r"(?:\s+(?:or|and|/)\s*\w+)?\s+$", re.I)


def heart_ecg(ctx: NoteContext) -> Hit | None:
    """significant ST deviation / non-specific repolarization disturbance (LBBB, LVH, repolarization, T waves) / normal."""
    st = affirmed(ctx, r"ST[- ](?:segment\s+)?(?:depressions?|elevations?|deviations?|changes)|ST[- ]?(?:depression|elevation)"
                       r"|\bSTEMI\b|(?:depressed|elevated)\s+ST\b")
    st = [f for f in st if not _DENIED_AS_NEW.search(ctx.note[max(f.sentence.start, f.start - 40):f.start])]
    if st:
        return Hit.of_finding(st[0], "significant st deviation", "ST deviation on ECG")
    nonspec = affirmed(ctx, r"(?:left\s+)?bundle\s+branch\s+block|\bLBBB\b|\bRBBB\b|left\s+ventricular\s+hypertrophy|\bLVH\b"
                            r"|repolari[sz]ation\s+(?:abnormalit\w+|changes|disturbance\w*)|T[- ]wave\s+(?:inversions?|changes|flattening|abnormalit\w+)"
                            r"|(?:inverted|flattened)\s+T[- ]waves?|paced\s+rhythm|non-?specific\s+(?:ST|T)[^.;]{0,20}changes")
    if nonspec:
        return Hit.of_finding(nonspec[0], "non-specific repolarization disturbance", "repolarization abnormality on ECG")
    normal = affirmed(ctx, r"(?:ECG|EKG|electrocardiogram)[^.;]{0,40}?(?:normal|unremarkable|no\s+(?:acute\s+)?(?:ischemic\s+)?(?:changes|abnormalit))"
                           r"|normal\s+(?:ECG|EKG|electrocardiogram)|(?:ECG|EKG)[^.;]{0,30}normal sinus rhythm")
    if normal:
        return Hit.of_finding(normal[0], "normal", "normal ECG")
    return None


def heart_troponin(ctx: NoteContext) -> Hit | None:
    """'<= normal limit' when the note says the troponin is normal / negative; higher bands need the lab's limit."""
    times = re.search(rf"{_TROPONIN_LABEL}[^.;]{{0,60}}?(?P<n>{NUMBER}|twice|double|triple|two|three|four|five|ten)"
                      rf"\s*(?:times|x|×|-?fold)?\s*(?:the\s+)?(?:upper|normal|ULN|URL|reference)", ctx.note, re.I)
    if times:
        n = _multiple(times.group("n"))
        if n is not None:
            return _hit(ctx, times, _troponin_band(n), "troponin stated as a multiple of the normal limit")
    # a value with the lab's upper limit beside it: "Trop I 0.09 ng/mL (URL 0.04)", "troponin 45 ng/L (ULN 14)",
    # "hs-TnT (0 h): 30 ng/L (99th percentile 14 ng/L)", "trop 50 (ref < 34)"; the limit in another unit is converted
    ratio = _TROPONIN_WITH_LIMIT.search(ctx.note)
    if ratio:
        v, lim = parse_number(ratio.group("v")), parse_number(ratio.group("l"))
        vu, lu = ratio.group("vu") or ratio.group("lu"), ratio.group("lu") or ratio.group("vu")
        if v is not None and lim and vu and lu:
            v, lim = v * _TROPONIN_NG_L[_unit_key(vu)], lim * _TROPONIN_NG_L[_unit_key(lu)]
        if v is not None and lim:
            return _hit(ctx, ratio, _troponin_band(v / lim),
                        f"troponin {v:g} / upper limit {lim:g} = {v / lim:.2f} x the normal limit")
    # words last: "five times the upper limit of normal" also holds the word 'normal'
    neg = affirmed(ctx, r"troponins?[^.;]{0,40}?(?:\bnormal|negative|within (?:normal|reference) (?:limits|range)|undetectable"
                        r"|unremarkable|not elevated)|(?:normal|negative)\s+(?:\w+\s+)?troponins?"
                        # a value stated to lie at or under the lab's limit: "hs-TnT 9 ng/L, below the 99th centile"
                        rf"|{_TROPONIN_LABEL}(?:[^.;]|\.(?=\d)){{0,40}}?\b(?:below|under|less\s+than|lower\s+than|beneath|not\s+above"
                        r"|not\s+exceeding|at\s+or\s+below)\s+(?:the\s+)?(?:assay'?s\s+|lab'?s\s+)?(?:99th\s+(?:percentile|centile)"
                        r"|URL|ULN|upper\s+(?:reference\s+|normal\s+)?limit|(?:normal|reference|decision)\s+(?:limit|cut-?off|threshold)"
                        r"|cut-?off|threshold)")
    if neg:
        return Hit.of_finding(neg[0], "<= normal limit", "troponin normal/negative")
    return None


_TROPONIN_UNIT = r"(?:ng\s*/\s*L|ng\s*/\s*mL|pg\s*/\s*mL|[µμu]g\s*/\s*L|mcg\s*/\s*L)"
_TROPONIN_NG_L = {"ng/l": 1.0, "pg/ml": 1.0, "ng/ml": 1000.0, "µg/l": 1000.0, "μg/l": 1000.0, "ug/l": 1000.0, "mcg/l": 1000.0}
# the lab's upper limit: "URL", "ULN", "upper limit of normal", "upper reference limit", "99th percentile / centile
# (URL)", "normal < 14", "ref < 34", "reference range 0-14"
_TROPONIN_LIMIT = (r"(?:99th\s+(?:percentile|centile)(?:\s+(?:URL|ULN|upper\s+reference\s+limit|cut-?off))?|URL|ULN"
                   r"|upper\s+(?:reference\s+|normal\s+)?limit(?:\s+of\s+(?:normal|the\s+reference\s+range))?"
                   r"|(?:normal|ref(?:erence)?\.?)(?:\s*(?:range|interval|value))?\s*[:=]?\s*(?:<|≤|<=|below|under|up\s+to|0\s*[-–]\s*)"
                   # a bracketed reference range or bound right after the value: "18 ng/L [0-14]", "0.02 (<0.04)"
                   r"|[\[(]\s*(?:0(?:\.0+)?\s*[-–]\s*|<=?\s*|≤\s*))")
_TROPONIN_LABEL = r"(?:troponin|(?<![A-Za-z])(?:hs-?)?c?Tn[TI]?\b|\btrop\b)"
_TROPONIN_WITH_LIMIT = re.compile(
    rf"{_TROPONIN_LABEL}[^.;\d\n]{{0,20}}?"
    # a time point before the value: "(0 h)", "at 0h", "0-hour"
    # (and what it is: "(0 h, on arrival):")
    r"(?:\(?\s*(?:at\s+)?(?:T\s*)?\d{1,2}\s*-?\s*(?:h|hr|hrs|hours?)\b\s*\)?[^.;\d\n]{0,30}?)?"
    rf"(?P<v>{NUMBER})\s*(?P<vu>{_TROPONIN_UNIT})?[^.\d\n]{{0,25}}?{_TROPONIN_LIMIT}"
    rf"\s*(?:(?:of|is|was)\s*|[:=]\s*|<\s*)*(?P<l>{NUMBER})\s*(?P<lu>{_TROPONIN_UNIT})?", re.I)


def _unit_key(unit: str) -> str:
    return re.sub(r"\s+", "", unit).lower()


_MULTIPLES = {"twice": 2.0, "double": 2.0, "two": 2.0, "triple": 3.0, "three": 3.0, "four": 4.0, "five": 5.0, "ten": 10.0}


def _multiple(word: str) -> float | None:
    w = word.lower()
    return _MULTIPLES[w] if w in _MULTIPLES else parse_number(word)


def _troponin_band(n: float) -> str:
    return "<= normal limit" if n <= 1 else ("1-3x normal limit" if n <= 3 else ">3x normal limit")


_SUSPICION = re.compile(
    r"\b(?P<lvl>high(?:ly)?|moderate(?:ly)?|intermediate|slight(?:ly)?|low|mild(?:ly)?|minimal(?:ly)?)"
    r"[\s-]+(?:suspicious|suspicion|concerning|risk)\b"
    r"(?:[^.;]{0,25}?\b(?:for|of)\s+(?:ACS|acute coronary|cardiac|ischaemi\w+|ischemi\w+|MI\b|angina))?", re.I)
_SUSPICION_LEVEL = {"high": "highly suspicious", "moderate": "moderately suspicious", "intermediate": "moderately suspicious",
                    "slight": "slightly suspicious", "low": "slightly suspicious", "mild": "slightly suspicious",
                    "minimal": "slightly suspicious"}


_JUDGED = re.compile(r"\b(?:would|I'd)\s+(?:rate|grade|class(?:ify)?|consider|call|describe|score|judge|regard|deem|count)\b"
                     r"[^.;]*$", re.I)


def heart_history(ctx: NoteContext) -> Hit | None:
    """HEART 'History': a stated degree of suspicion ('highly suspicious for ACS', '(moderately suspicious)',
    'low suspicion'). 'Risk' counts only with an explicit cardiac object ('high risk for ACS'). No degree
    stated: None (a judgement left to the model or the default)."""
    for m in _SUSPICION.finditer(ctx.note):
        word = m.group(0).lower()
        if re.search(r"\brisk\b", word) and not re.search(r"\b(?:for|of)\s", word):
            continue
        f = ctx.finding_at(m.start(), m.end(), "term")
        # "I would rate the history moderately suspicious" is the clinician's judgement, not a hypothesis
        judged = _JUDGED.search(ctx.note[max(f.sentence.start, m.start() - 40):m.start()])
        if (f.hypothetical and not judged) or f.family:
            continue
        key = re.sub(r"[^a-z]", "", m.group("lvl").lower())
        key = next(k for k in _SUSPICION_LEVEL if key.startswith(k))
        return _hit(ctx, m, _SUSPICION_LEVEL[key], "degree of suspicion stated")
    return _heart_history_from_features(ctx)


# Six et al. 2008: 'highly suspicious' = mainly specific (typical anginal) elements, 'moderately' = a mixture of
# specific and nonspecific elements, 'slightly' = nonspecific elements.
_TYPICAL = (r"\b(?:retro-?sternal|sub-?sternal|central chest)\b|\b(?:pressure|tightness|heaviness|squeezing|crushing|"
            r"constricting)\b|radiat\w+[^.;]{0,30}?\b(?:arms?|jaw|neck|shoulders?)\b|spread\w*[^.;]{0,20}?\b(?:arms?|jaw|neck)\b"
            r"|\b(?:on|with) exertion\b|\bexertional\b|\bdiaphore\w+|\bsweat(?:y|ing)\b|\bclammy\b|\bnause\w+"
            r"|relieved by (?:rest|nitro\w*|GTN)|\bat rest\b"
            r"|(?:brought on|provoked|precipitated|triggered)\s+by\s+(?:exertion|exercise|effort|climbing|walking|stairs|hills)"
            r"|\b(?:climbing|walking up)\s+(?:the\s+)?(?:stairs|hills?)\b"
            r"|lasting (?:about |around |roughly )?(?:\d+|a few|several|ten|fifteen|twenty)(?:\s*(?:-|to)\s*\d+)?\s*min")
_ATYPICAL = (r"\bsharp\b|\bstabbing\b|\bpleuritic\b|(?:worse|worsen\w*) (?:on|with|when) (?:inspiration|breathing|movement|"
             r"twisting|moving|lying|palpation)|\bpositional\b|reproduc\w+ (?:on|with|by) (?:palpation|pressure)|"
             r"tender(?:ness)? (?:on|to) palpation|\bburning\b|\breflux\b|\bindigestion\b|relieved by antacids?|\bfleeting\b"
             r"|\blast(?:s|ing|ed)\s+(?:only\s+)?(?:a\s+few\s+|few\s+)?seconds\b|\bchest\s+wall\s+(?:is\s+)?tender")


# a sentence that goes on describing the pain named in the sentence before it ("It is sharp ...", "The pain radiates
# ...", "Describes it as ...", "Character: ...")
_PAIN_FOLLOWER = re.compile(
    r"\s*(?:it|this|the\s+(?:pain|discomfort|symptoms?)|pain|discomfort|(?:he|she|they|patient|pt)\s+describe[sd]?|"
    r"describe[sd]?|character\w*|nature|quality|radiation|radiates?|associated|onset)\b", re.I)


def _pain_description_followers(ctx: NoteContext, named: list[Sentence]) -> dict[int, Sentence]:
    """The (up to two) sentences right after each chest-pain sentence that go on describing that pain
    (:data:`_PAIN_FOLLOWER`), in the same paragraph: their elements count as the pain's."""
    out: dict[int, Sentence] = {}
    for sent in named:
        for nxt in ctx.index.following(sent, 2):
            if "\n\n" in ctx.note[sent.end:nxt.start] or not _PAIN_FOLLOWER.match(nxt.text):
                break
            out[nxt.start] = nxt
            sent = nxt
    return out


def _heart_history_from_features(ctx: NoteContext) -> Hit | None:
    """No stated degree: count the typical and the nonspecific elements of the chest-pain description (sentences
    that mention chest pain/discomfort, not negated, not after the presentation). Typical only (>= 3): highly;
    a mixture, or fewer than 3 typical: moderately; nonspecific only: slightly; no chest-pain sentence: None."""
    pain = [f for f in ctx.findings("chest_pain") if not (f.negated or f.family or f.hypothetical)]
    pain += affirmed(ctx, r"\bchest\s+(?:pain|discomfort|tightness|pressure|heaviness|burning)|(?:retro|sub)-?sternal\s+\w+"
                          r"|\bepigastric\s+(?:pain|discomfort|burning|pressure)", current=True)
    sentences = {f.sentence.start: f.sentence for f in pain if not after_presentation(f)}
    if not sentences:
        return None
    sentences.update(_pain_description_followers(ctx, list(sentences.values())))
    typical: list[str] = []
    atypical: list[str] = []
    def unnegated(pattern: str, text: str) -> list[str]:
        # "without radiation", "not pleuritic", "no sweating": a negated element is not there
        return [m.group(0) for m in re.finditer(pattern, text, re.I)
                if not re.search(r"\b(?:no|not|without|non|nor|denies|denied)\b[\w\s-]{0,15}$", text[max(0, m.start() - 25):m.start()], re.I)]

    for sent in sentences.values():
        typical += unnegated(_TYPICAL, sent.text)
        atypical += unnegated(_ATYPICAL, sent.text)
    if not typical and not atypical:
        return None
    first = min(sentences)
    sent = sentences[first]
    if typical and not atypical and len(typical) >= 3:
        level = "highly suspicious"
    elif typical:
        level = "moderately suspicious"
    else:
        level = "slightly suspicious"
    return Hit(level, sent.start, sent.end, sent.text, sent.text, None,
               f"typical: {', '.join(typical) or 'none'}; nonspecific: {', '.join(atypical) or 'none'}")


_CVD = ("coronary_artery_disease", "stroke", "peripheral_artery_disease", "heart_failure")


def family_cvd(ctx: NoteContext) -> Hit | None:
    """Parent or sibling with cardiovascular disease (family-history mentions of CAD/MI/stroke/PAD)."""
    mentions = []
    for c in _CVD:
        mentions += ctx.findings(c)
    mentions += ctx.terms(r"cardiovascular disease|heart disease|cardiac (?:disease|death)|sudden (?:cardiac )?death|premature (?:CAD|coronary)"
                          r"|heart attack|(?:coronary )?bypass (?:surgery|graft\w*)|\bCABG\b|coronary (?:stent\w*|angioplasty)")
    # HEART asks for a parent or sibling affected before 65: a stated age of 65 or more does not count
    def before_65(f: Finding) -> bool:
        ages = [int(a) for a in re.findall(r"\b(?:at|aged?|age of)\s+(\d{2})\b", f.sentence.text)]
        return not ages or min(ages) < 65

    mentions = [f for f in mentions if not f.family or before_65(f)]
    value, f, why = decide(sorted(mentions, key=lambda x: x.start), "any", subject="family")
    if f is None:
        neg = affirmed(ctx, r"(?:no|non-?contributory|unremarkable|negative)\s+family\s+history|family\s+history\s+(?:is\s+|was\s+)?(?:non-?contributory|unremarkable|negative)")
        return Hit.of_finding(neg[0], False, "family history negative") if neg else None
    return Hit.of_finding(f, value, why)


# doubt written about a relative's history: "sister had a PE (patient unsure of details - not confirmed)", "possible clot in
# an aunt", "family history of VTE unknown". 'reportedly' alone is how any history is given, not doubt.
_HEDGED = re.compile(r"\b(?:unconfirmed|not\s+(?:been\s+|yet\s+)?(?:confirmed|verified|documented)|unverified|unsure|not\s+sure"
                     r"|uncertain|unclear|unknown|possibl[ey]|presumed|may\s+(?:have|have\s+had)|might\s+(?:have|have\s+had)"
                     r"|questionabl[ey]|query|cannot\s+(?:confirm|recall)|can't\s+(?:confirm|recall)|vague(?:ly)?)\b", re.I)


def _clause_part(ctx: NoteContext, f: Finding) -> str:
    """The part of the mention's sentence between ';' (or the sentence's ends): a hedge of another item is not its."""
    sent = f.sentence
    a = ctx.note.rfind(";", sent.start, f.start) + 1 or sent.start
    b = ctx.note.find(";", f.end, sent.end)
    return ctx.note[max(a, sent.start):b if b >= 0 else sent.end]


def family_thrombosis(ctx: NoteContext) -> Hit | None:
    """Caprini 'family history of thrombosis': a relative's clot (thrombosis, DVT, PE) stated as a fact. A mention whose
    own part of the sentence (between ';') doubts it ('not confirmed', 'unsure', 'possible', 'unknown', 'may have had')
    is not documented: None when no firm mention remains (the calculator's default, absent)."""
    mentions = [f for f in ctx.findings("thrombosis") if f.family and not f.hypothetical]
    firm = [f for f in mentions if f.negated or not _HEDGED.search(_clause_part(ctx, f))]
    value, f, why = decide(firm, "any", subject="family")
    if f is None:
        return None
    return Hit.of_finding(f, value, why)


def obesity(ctx: NoteContext) -> Hit | None:
    """Obesity: BMI > 30 kg/m² when a BMI is given, else the word."""
    bmi = ctx.value("bmi")
    if bmi is not None:
        return Hit.of_value(bmi, value=float(bmi.value) > 30, unit=None, note=f"BMI {float(bmi.value):g} vs 30")
    value, f, why = decide(ctx.findings("obesity"), "current")
    if f is not None:
        return Hit.of_finding(f, value, why)
    # no BMI and no word: the BMI of the stated weight and height (kg / m²)
    w, h = ctx.value("weight"), ctx.value("height")
    if w is not None and h is not None and float(h.value) >= 100:
        bmi_v = bmi_value(float(w.value), float(h.value))
        if 10 <= bmi_v <= 90:
            return Hit.of_value(w, value=bmi_v > 30, unit=None,
                                note=f"BMI {float(w.value):g} kg / ({float(h.value):g} cm)² = {bmi_v:.1f} vs 30")
    return None


# ---------------------------------------------------------------------------
# The clinician's stated ranking of a diagnosis (Wells: "PE #1 diagnosis or equally likely", "alternative diagnosis
# as likely or more likely than DVT")
# ---------------------------------------------------------------------------

PE_RX = r"(?:pulmonary\s+(?:thrombo)?embol\w*|(?-i:\bPEs?\b))"
DVT_RX = r"(?:deep\s+ve(?:in|nous)\s+thromb\w*|(?-i:\bDVTs?\b))"
_LEADING = (r"(?:leading|most\s+likely|most\s+probable|likeliest|primary|principal|main|working|top|first|number\s+one"
            r"|\#\s*1|no\.?\s*1|favou?red|preferred|presumptive|presumed)")
_DX_WORD = r"(?:diagnos[ie]s|differential|concern|consideration|explanation|cause)"
_LIKELY_VERB = r"(?:is|was|are|were|be|being|felt|considered|thought|judged|deemed|regarded|seemed|seems|appears?|appeared)"


def _rankings(target: str) -> list[tuple[str, re.Pattern[str]]]:
    """(kind, pattern) for the wordings that rank ``target``: 'leading' (first), 'level' (as likely as another),
    'below' (less likely than another). The target and the ranking must be in one clause (no comma between them for
    'level', only verbs and adverbs for the others), so that 'DVT likely, cellulitis less likely' ranks cellulitis."""
    verbs = r"(?:is|was|are|were|be|being|remains?|remained|felt|considered|thought|judged|deemed|regarded|seemed|seems|appears?|appeared|now|still|much|far|the|our)"
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
            rf"|{target}\s+(?:{verbs}\s+){{0,3}}(?:to\s+be\s+)?(?:the\s+)?(?:most|more)\s+(?:likely|probable)", re.I)),
        ("level", re.compile(rf"{target}[^.;,]{{0,40}}?\b(?:equally\s+likely|(?:at\s+least\s+)?as\s+likely\s+as)\b"
                             rf"|\b(?:equally\s+likely|as\s+likely\s+as)\s+(?:an?\s+)?{target}", re.I)),
        ("below", re.compile(rf"{target}\s+(?:{verbs}\s+){{0,3}}(?:less\s+likely|unlikely|improbable|not\s+likely)"
                             rf"|\b(?:low|little)\s+(?:clinical\s+)?suspicion\s+(?:of|for)\s+(?:an?\s+)?{target}"
                             rf"|\b(?:more\s+likely|favou?red)\s+(?:than|over)\s+(?:an?\s+)?{target}"
                             rf"|(?<=[A-Za-z)])\s*>{{1,2}}\s*(?:an?\s+)?{target}"
                             rf"|\b(?:suspect(?:ed|s)?|favou?r(?:ed|s)?)\s+(?:an?\s+)?(?!{target})[\w-]+(?:\s+(?!over\b)[\w-]+)?\s+over\s+(?:an?\s+)?{target}"
                             rf"|{target}[^.;]{{0,60}}?[,;]?\s+(?:but|however|although)\b[^.;]{{0,40}}?\b(?:is|are|was|were|seems?|felt)"
                             rf"\s+(?:much\s+|far\s+)?(?:more\s+likely|most\s+likely|favou?red)", re.I)),
    ]


_SCORE_CATEGORY = re.compile(r"\b(?:Wells|score[ds]?|points?|pre-?test|probability|PERC|Geneva|D-?dimer)\b[^.;]*$", re.I)


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
            if kind != "below" and (f.negated or f.hypothetical or re.search(r"\b(?:not|never)\b", m.group(0), re.I)):
                continue
            if kind == "below":
                below = below or (kind, _hit(ctx, m, None))
                continue
            return kind, _hit(ctx, m, None)
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
            return _hit(ctx, m, not more, f"an alternative diagnosis {'as likely or more' if more else 'less likely'}"
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
            return _hit(ctx, m, more, f"alternative diagnosis {'as likely or more' if more else 'less likely'}")
        r = _ranking(ctx, target)
        if r is None:
            return None
        kind, h = r
        h.value = kind != "leading"
        h.note = f"{label} ranked {'first: no alternative as likely' if kind == 'leading' else 'level with another diagnosis' if kind == 'level' else 'below another diagnosis'}"
        return h

    read.__doc__ = f"an alternative diagnosis at least as likely as {label}"
    return read


# ---------------------------------------------------------------------------
# Surgery and VTE items
# ---------------------------------------------------------------------------

HIGH_RISK_SURGERY = (
    r"intraperitoneal|intra-abdominal surgery|intrathoracic|suprainguinal vascular|laparotomy|thoracotomy|sternotomy"
    r"|(?:hemi|sub|total |partial )?colectomy|gastrectomy|esophagectomy|oesophagectomy|pancreat\w*ectomy|whipple|hepatectomy"
    r"|(?:partial )?hepatic resection|liver resection|lobectomy|pneumonectomy|segmentectomy|bowel resection|small bowel resection"
    r"|(?:open|laparoscopic) (?:abdominal|bowel|colon|gastric|hepatic|liver) surgery|abdominal surgery|thoracic surgery"
    r"|(?:abdominal )?aortic aneurysm repair|AAA repair|aorto-?(?:bi)?femoral|aortic (?:surgery|bypass|repair)|cystectomy|nephrectomy"
    # "open repair of a 6 cm infrarenal abdominal aortic aneurysm", "EVAR": the aorta is above the inguinal ligament
    r"|repair of (?:an? |the |his |her )?(?:[\w.]+ ){0,4}?(?:aortic|aorta|AAA)\b(?: aneurysm)?|\bT?EVAR\b"
    r"|cholecystectomy|splenectomy|hysterectomy|low anterior resection|abdominoperineal|cardiac surgery|CABG|valve replacement|mediastin\w+ surgery"
    # thoracoabdominal and iliac/visceral arterial operations; thoracoscopic and laparoscopic (intracavitary) operations
    r"|thoraco-?abdominal|(?:aorto-?|)iliac (?:bypass|repair|aneurysm repair)|(?:renal|mesenteric|coeliac|celiac) artery (?:bypass|repair)"
    r"|\bVATS\b|video-assisted thoracoscopic|thoracoscop\w+|decortication|pleurectomy|appendi?cectomy|appendectomy|\bHartmann"
    r"|laparoscop\w+ (?:[\w-]+ ){0,3}?(?:\w*ectomy|resection|fundoplication|surgery)"
)


def high_risk_surgery(ctx: NoteContext) -> Hit | None:
    """RCRI: intraperitoneal, intrathoracic or suprainguinal vascular surgery (planned or performed)."""
    hits = [f for f in ctx.terms(HIGH_RISK_SURGERY) if not (f.negated or f.family)]
    if hits:
        return Hit.of_finding(hits[0], True, "intraperitoneal / intrathoracic / suprainguinal vascular procedure")
    low = [f for f in ctx.terms(r"(?:knee|hip|shoulder) (?:replacement|arthroplasty|arthroscopy)|arthroplasty|cataract|"
                                r"(?:carotid endarterectomy)|(?:inguinal )?hernia repair|(?:skin|breast|thyroid|orthopedic|orthopaedic|spine|spinal) surgery"
                                r"|mastectomy|thyroidectomy|laminectomy|(?:below|above)[- ]knee amputation|transurethral|TURP")
           if not (f.negated or f.family)]
    if low:
        return Hit.of_finding(low[0], False, "procedure outside the high-risk sites")
    return None


_MINIMALLY_INVASIVE = re.compile(r"\b(?:laparoscop\w*|lap\.?|robotic(?:-assisted)?|robot-assisted)\s+(?:[\w-]+\s+){0,3}$", re.I)


def caprini_surgery(ctx: NoteContext) -> Hit | None:
    """Caprini surgery type from the procedure named (arthroplasty, laparoscopic / arthroscopic, major, minor)."""
    opts = [
        ("elective major lower extremity arthroplasty", r"(?:hip|knee) (?:replacement|arthroplasty)|(?:total|hemi) (?:hip|knee) arthroplasty|\bTHA\b|\bTKA\b|\bTHR\b|\bTKR\b", 6),
        ("arthroscopic", r"arthroscop\w+", 3),
        ("laparoscopic >45 min", r"laparoscop\w+|robotic(?:-assisted)? (?:\w+ )?(?:surgery|\w*ectomy)|\blap\.? (?:chole\w*|appy|appendi\w*|nissen|band\w*|\w*ectomy)", 4),
        ("major >45 min", r"major surgery|hemi-?arthroplasty|laparotomy|thoracotomy|(?:hemi|sub|total )?colectomy|gastrectomy|esophagectomy|whipple|hepatectomy"
                          r"|craniotomy|sternotomy|CABG|bypass surgery|open\s+(?:\w+\s+){0,4}?(?:repair|reduction|resection|surgery)|resection|amputation"
                          # an operation with a stated duration of an hour or more
                          r"|(?:surgery|operation|procedure|repair)[^.;]{0,40}?(?:lasting|lasted|took|to take|to last)\s+(?:about\s+|approximately\s+)?"
                          r"(?:[1-9]|one|two|three|four|five|six)(?:\.\d)?\s*(?:hours?|h\b)", 5),
        ("minor", r"minor (?:surgery|procedure|operation)", 2),
    ]
    # the type of surgery scores a planned operation too ("listed for laparoscopic cholecystectomy"): only
    # negated mentions and relatives' operations are left out
    found = []
    for option, pattern, rank in opts:
        for f in ctx.terms(pattern):
            if not (f.negated or f.family or f.historical):
                # a major procedure done through the laparoscope ('laparoscopic sigmoid colectomy', 'robotic
                # hemicolectomy') is the laparoscopic item: the approach word just before it decides
                if option == "major >45 min" and _MINIMALLY_INVASIVE.search(ctx.note[max(f.sentence.start, f.start - 40):f.start]):
                    continue
                found.append((rank, -f.start, option, f))
    if not found:
        return None
    _, _, option, f = max(found)
    short = _SHORT_OPERATION.search(ctx.note, f.end, min(f.sentence.end, f.end + 120)) \
        if option in ("major >45 min", "laparoscopic >45 min") else None
    if short and int(short.group("min")) <= 45:
        return Hit.of_finding(f, "minor", f"'{f.text}' with a stated duration of {short.group('min')} min (<= 45) -> minor")
    return Hit.of_finding(f, option, f"'{f.text}' -> {option}" + (" (planned)" if f.hypothetical else ""))


# an operation's stated duration in minutes: Caprini's major and laparoscopic items are "> 45 min", so a stated
# duration of 45 minutes or less makes the operation minor ("(40 min expected)", "expected to take 30 minutes",
# "a 35-minute procedure")
_SHORT_OPERATION = re.compile(
    r"(?:\(|\b(?:expected|duration|operating\s+time|lasting|lasted|took|to\s+take|to\s+last|anticipated|estimated)\b"
    r"(?:\s+\w+){0,2}?)\s*(?:about\s+|approximately\s+|around\s+|less\s+than\s+|under\s+|<\s*)?"
    r"(?P<min>\d{1,3})\s*-?\s*(?:min|mins|minutes?)\b", re.I)


_RECENT = re.compile(r"\b(?:(?:\d+|a|one|two|three|four|a few|several)\s+(?:days?|weeks?)\s+(?:ago|earlier|before|prior)"
                     r"|recent(?:ly)?|last (?:week|month)|earlier this month|post-?operative day|\bPOD\s*\d"
                     # a form's window: "Major surgery (<1 month): yes", "within the past month", "in the last 4 weeks"
                     r"|(?:within|in)\s+the\s+(?:last|past)\s+(?:month|(?:4|four)\s+weeks|30\s+days))\b"
                     r"|[(\[]\s*(?:<|less than|under)\s*(?:1|one)\s*(?:month|mo)\b", re.I)


def caprini_recent_major_surgery(ctx: NoteContext) -> Hit | None:
    """Caprini 'major surgery (< 1 month)': an operation before this presentation, i.e. a surgery mention with a
    recency cue in its sentence ('two weeks ago', 'recently', 'last month'); not one qualified as minor and not a
    planned one. The operation of this admission is the *type of surgery* item, not this one. A negated mention
    ('no recent surgery') decides False."""
    mentions = [f for f in ctx.findings("recent_surgery")
                if not re.search(r"\bminor\s+(?:\w+\s+)?$", ctx.note[max(0, f.start - 20):f.start], re.I)]
    value, f, why = decide(mentions, "current")
    if f is None:
        return None
    cue = _RECENT.search(f.sentence.text) if value else None
    if value and not cue:
        return None  # the current operation (or an undated one): left to the type of surgery
    if value and re.search(r"\bdays?\b|\bPOD\b|post-?operative day", cue.group(0), re.I) and caprini_surgery(ctx) is not None:
        return None  # "bed rest since the operation two days ago": this admission's operation, the type of surgery
    return Hit.of_finding(f, value, why)


_WITHIN_4_WEEKS = re.compile(
    r"\b(?:(?P<n>\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|several)\s+(?P<u>days?|weeks?)\s+"
    r"(?:ago|earlier|before|prior|previously|after)|last week|recently|earlier this (?:week|month))\b", re.I)


_URGENT_OPERATION = re.compile(r"\b(?:emergent(?:ly)?|emergency|urgent(?:ly)?|immediate(?:ly)?|STAT)\b", re.I)
_BEFORE_PRESENTATION_CUE = re.compile(
    _WITHIN_4_WEEKS.pattern + r"|\b(?:ago|earlier|previous(?:ly)?|prior to (?:admission|presentation)|history of|"
    r"(?:post-?operative|POD)\s*(?:day\s*)?\d+)\b", re.I)


def surgery_before_presentation(ctx: NoteContext) -> list[Finding]:
    """Surgery mentions that can be an operation *before* the presentation. The note's first operation done as
    emergency treatment ('an emergent laparotomy was performed', 'taken urgently to theatre'), with no time cue
    placing it before the presentation, is this admission's operation: it and every later mention without such a
    cue ('postoperatively', 'the splenectomy') describe the treatment, not 'surgery in the previous weeks'."""
    mentions = sorted(ctx.findings("recent_surgery"), key=lambda f: f.start)
    for f in mentions:
        sent = f.sentence.text
        if _URGENT_OPERATION.search(sent) and not _BEFORE_PRESENTATION_CUE.search(sent) and not f.negated:
            return [g for g in mentions if g.start < f.sentence.start or _BEFORE_PRESENTATION_CUE.search(g.sentence.text)]
    return mentions


_MONTHS_AGO = re.compile(r"\b(?P<n>\d+|a|one|two|three|four|five|six|several|many)\s+(?P<u>months?|years?)\s+(?:ago|earlier|before|prior)",
                         re.I)


def _beyond_window(f: Finding, weeks: int) -> str | None:
    """Why a current mention is outside a window of ``weeks`` before the presentation, from the interval its sentence
    states ('6 weeks ago' for 4 weeks, '4 months ago' for 12 weeks); None when within it or not stated."""
    m = _WITHIN_4_WEEKS.search(f.sentence.text)
    if m and m.group("u") and m.group("u").lower().startswith("week"):
        n = m.group("n").lower()
        w = int(n) if n.isdigit() else word_to_number(n)
        return f"{w} weeks before (> {weeks})" if w is not None and w > weeks else None
    months = _MONTHS_AGO.search(f.sentence.text)
    if months and not m:
        n = months.group("n").lower()
        k = int(n) if n.isdigit() else word_to_number(n) if n not in ("a", "several", "many") else (1 if n == "a" else 3)
        k_weeks = (k or 1) * (52 if months.group("u").lower().startswith("year") else 4.35)
        return f"more than {weeks} weeks before" if k_weeks > weeks else None
    w = _slash_weeks(f.sentence.text)
    if w is not None and not m and not months:
        return f"{w:g} weeks before (> {weeks})" if w > weeks else None
    return None


# UK shorthand for an interval: "2/52" (weeks), "3/12" (months), "4/7" (days), with 'ago' or before a past cue
_SLASH_INTERVAL = re.compile(r"(?<![\d/.])(?P<n>\d{1,2})\s*/\s*(?P<u>52|12|7)(?![\d/])(?=\s*(?:ago|earlier|before|prior|previously"
                             r"|s/p|status\s+post|post-?op\w*|after)\b)", re.I)
# an interval stated before 'status post' / 'post-op': "two weeks s/p appendectomy", "10 days post-op"
_INTERVAL_POST = re.compile(r"\b(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|a)\s+(?P<u>days?|weeks?|months?)"
                            r"\s+(?:s/p|status\s+post|post-?op(?:erative(?:ly)?)?|post)\b", re.I)


def _slash_weeks(text: str) -> float | None:
    """The weeks of the first UK-shorthand interval in ``text`` ('2/52 ago' 2, '3/12 ago' 13, '4/7 ago' 0.57)."""
    m = _SLASH_INTERVAL.search(text)
    if m is None:
        return None
    return int(m.group("n")) * {"52": 1.0, "12": 4.35, "7": 1 / 7}[m.group("u")]


def _post_interval_weeks(text: str) -> float | None:
    """The weeks of an interval written before 'status post' / 'post-op' ('two weeks s/p', '10 days post-op'), else
    of a UK-shorthand one."""
    m = _INTERVAL_POST.search(text)
    if m is None:
        return _slash_weeks(text)
    n = m.group("n").lower()
    k = int(n) if n.isdigit() else (1 if n == "a" else word_to_number(n))
    if k is None:
        return None
    u = m.group("u").lower()
    return k / 7 if u.startswith("day") else k * 4.35 if u.startswith("month") else float(k)


def _dated_recent(mentions: list[Finding], weeks: int) -> list[Finding]:
    """Mentions ConText reads as past ('s/p', 'status post') whose sentence dates them within ``weeks`` ('two weeks
    s/p appendectomy', 's/p ORIF 2/52 ago') are current: the interval, not the past cue, places them."""
    out, seen = [], {}
    for f in mentions:
        if f.historical and not f.negated:
            key = (f.sentence.start, f.sentence.end)
            if key not in seen:  # once per sentence, however many mentions it holds
                seen[key] = _post_interval_weeks(f.sentence.text)
            w = seen[key]
            if w is not None and w <= weeks:
                f = dataclasses.replace(f, historical=False)
        out.append(f)
    return out


def surgery_within(weeks: int) -> Callable[[NoteContext], Hit | None]:
    """Wells PE 'surgery in the previous 4 weeks' / Wells DVT 'major surgery within 12 weeks': a current surgery mention
    (ConText), leaving out this admission's own emergency operation (:func:`surgery_before_presentation`); a mention
    whose sentence states a longer interval ('cholecystectomy 6 weeks ago' for 4 weeks) decides False."""

    def read(ctx: NoteContext) -> Hit | None:
        value, f, why = decide(_dated_recent(surgery_before_presentation(ctx), weeks), "current")
        if f is None:
            return None
        beyond = _beyond_window(f, weeks) if value else None
        return Hit.of_finding(f, False, beyond) if beyond else Hit.of_finding(f, value, why)

    read.__doc__ = f"surgery within the previous {weeks} weeks"
    return read


surgery_in_previous_weeks = surgery_within(4)


def recent_surgery_or_trauma(ctx: NoteContext) -> Hit | None:
    """PERC 'surgery or trauma within 4 weeks': a current surgery/trauma mention (ConText: past-only mentions and
    'N months ago' do not count); a surgery mention with a stated interval counts only within 4 weeks; this
    admission's own emergency operation does not count (:func:`surgery_before_presentation`)."""
    mentions = _dated_recent([*surgery_before_presentation(ctx), *ctx.findings("trauma")], 4)
    value, f, why = decide(sorted(mentions, key=lambda x: x.start), "current")
    beyond = _beyond_window(f, 4) if value and f is not None else None
    if beyond:
        return Hit.of_finding(f, False, beyond)
    return None if f is None else Hit.of_finding(f, value, why)


def caprini_mobility(ctx: NoteContext) -> Hit | None:
    opts = [
        ("confined to bed >72 hours", r"(?:in bed|bedridden|bed[- ]?bound|confined to (?:the )?bed|immobili[sz]ed|immobile|bed rest)[^.;]{0,40}?"
                                      r"(?:\b(?:[4-9]|\d{2,}|four|five|six|seven|eight|nine|ten)\s*days?|(?:several|many)\s+days|(?:a|one|two|three|\d+)\s+weeks?"
                                      r"|(?:7[3-9]|[89]\d|\d{3,})\s*h(?:ours?|rs?)?)"
                                      r"|(?:bedridden|bed[- ]?bound|confined to (?:the )?bed)", 3),
        ("bed rest", r"\bbed rest\b|\bbedrest\b", 2),
        ("normal/ambulatory", r"\bambulat(?:ory|ing|es)\b(?! with)|walks? (?:independently|without)|fully mobile|independently mobile", 1),
    ]
    return _best(ctx, opts, pick="max", current=True)


_SIDE = r"(?:L|R|left|right|Lt|Rt)\b\.?"
_VERSUS = r"\s*(?:[,;/]\s*|\(\s*)?(?:vs\.?|versus|compared\s+(?:with|to)|against|and|[,;/])?\s*(?:the\s+)?"
_CIRC = r"(?:\s+(?:mid-?)?calf)?(?:\s+(?:circumference|girth|diameter))?(?:\s+(?:is|was|of|measures|measured|measuring))?\s*[:=]?\s*"
# two measured calf circumferences, either side first: "L calf circumference 41 cm vs R 37 cm", "right calf 36 cm
# compared with left calf 33 cm", "calf circumference: R 40 cm and L 36 cm", "calf girth left 39 cm, right 35 cm"
# where the circumference was measured, between label and values: "10 cm below the tibial tuberosity", "(15 cm distal
# to the patella)" (a site, not a reading)
_CALF_SITE = (r"(?:\(?\s*(?:measured\s+)?(?:at\s+)?\d{1,2}\s*cm\s+(?:below|distal\s+to|from|under)\s+(?:the\s+)?"
              r"(?:tibial\s+(?:tuberosity|tubercle)|TT|patella|knee(?:\s+joint)?|joint\s+line|medial\s+malleolus)\s*\)?\s*[:=]?\s*)?")
_TWO_CALVES = re.compile(
    rf"(?:(?P<s1>{_SIDE})\s*(?:calf|leg){_CIRC}{_CALF_SITE}|\b(?:calf\s+(?:circumferences?|girths?)|calves|calf\s+measurements?)"
    rf"\s*{_CALF_SITE}[:=]?\s*(?P<s1b>{_SIDE})\s*[:=]?\s*)"
    # the unit may be written once, after the second number: "Calves: L 41 / R 37 cm"
    + rf"(?P<a>{NUMBER})\s*(?P<ua>cm|mm)?" + _VERSUS + rf"(?:(?P<s2>{_SIDE}){_CIRC}(?P<b>{NUMBER})\s*(?P<ub>cm|mm)?"
    # the second side named after its number: "L calf circumference 42 cm versus 38 cm on the right"
    + rf"|(?P<b2>{NUMBER})\s*(?P<ub2>cm|mm)\s+(?:on|in|for|at)\s+(?:the\s+)?(?P<s2b>{_SIDE}))", re.I)


def _two_calves(ctx: NoteContext) -> Hit | None:
    """The difference of two measured calf circumferences (one per side) against 3 cm."""
    for m in _TWO_CALVES.finditer(ctx.note):
        s1, s2 = (m.group("s1") or m.group("s1b"))[0].upper(), (m.group("s2") or m.group("s2b"))[0].upper()
        if s1 == s2:
            continue
        scale = {"cm": 1.0, "mm": 0.1}
        ub0 = m.group("ub") or m.group("ub2")
        ua, ub = m.group("ua") or ub0, ub0 or m.group("ua")
        if ua is None:
            continue  # two numbers without a length unit are not circumferences
        a = parse_number(m.group("a")) * scale[ua.lower()]
        b = parse_number(m.group("b") or m.group("b2")) * scale[ub.lower()]
        diff = round(abs(a - b), 3)  # 41.2 - 38.2 is 3, not 3.0000000000000036
        if diff > 15:
            continue  # not two calf circumferences of one patient
        return _hit(ctx, m, diff > 3, f"calf circumferences {a:g} vs {b:g} cm: difference {diff:g} cm vs 3")
    return None


def calf_swelling_3cm(ctx: NoteContext) -> Hit | None:
    """Calf swelling > 3 cm versus the other leg ('4 cm larger', 'L calf 4 cm > R', two measured circumferences 'R calf
    circumference 39 cm vs L 35 cm'); a difference in mm is divided by 10 (35 mm = 3.5 cm)."""
    two = _two_calves(ctx)
    if two is not None:
        return two
    rx = re.compile(rf"(?:calf|calves|leg)[^.;]{{0,80}}?(?P<n>{NUMBER})\s*(?P<u>cm|mm)\s*(?:larger|greater|bigger|more|wider|difference|discrepancy|>)"
                    rf"|(?P<n2>{NUMBER})\s*(?P<u2>cm|mm)\s*(?:larger|greater|bigger|more|wider|difference|discrepancy)[^.;]{{0,60}}?(?:calf|calves|leg)"
                    # "calf asymmetry of 3.5 cm", "calf swelling of 3 cm compared with the other side"
                    rf"|(?:calf|calves)\s+(?:circumference\s+|girth\s+)?(?:asymmetry|swelling|difference|discrepancy|enlargement)"
                    rf"\s*(?:of|=|:|measuring|by)?\s*(?P<n3>{NUMBER})\s*(?P<u3>cm|mm)\b", re.I)
    for m in rx.finditer(ctx.note):
        n = parse_number(m.group("n") or m.group("n2") or m.group("n3"))
        mm = (m.group("u") or m.group("u2") or m.group("u3")).lower() == "mm"
        cm = n / 10 if mm else n
        f = ctx.finding_at(m.start(), m.end())
        if f.negated:
            return _hit(ctx, m, False, "difference negated")
        return _hit(ctx, m, cm > 3, f"calf difference {n:g} mm = {cm:g} cm vs 3" if mm else f"calf difference {n:g} cm vs 3")
    t = Term(r"calf swelling (?:of )?(?:more|greater) than 3 ?cm|calf (?:circumference )?(?:more|greater) than 3 ?cm").read(ctx)
    return t


# ---------------------------------------------------------------------------
# Pharyngitis (FeverPAIN, Little 2013)
# ---------------------------------------------------------------------------


def rapid_attendance(ctx: NoteContext) -> Hit | None:
    """Symptom onset <= 3 days before presentation ('2-day history', 'since yesterday', 'for 5 days')."""
    words = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|a|a couple of|few|several"
    rx = re.compile(rf"\b(?P<n>{words})[- ](?P<u>days?|weeks?|hours?)[- ](?:history|duration)"
                    rf"|(?:for|over)\s+(?:the\s+(?:past|last)\s+)?(?P<n2>{words})\s+(?P<u2>days?|weeks?|hours?)"
                    rf"|(?P<n3>{words})\s+(?P<u3>days?|weeks?|hours?|hrs?)\s+ago|since\s+(?P<y>yesterday|this morning|last night|today)"
                    # "started yesterday", "came on this morning", "began overnight"
                    rf"|(?:started|starting|began|begun|beginning|came on|onset|developed)\s+(?:\w+\s+){{0,2}}?"
                    rf"(?P<y2>yesterday|today|this morning|last night|overnight)"
                    # "3 days of sore throat"; UK "2/7" (days), "1/52" (weeks), "12/24" (hours); triage "x3d", "x 2 days"
                    rf"|\b(?P<n4>{words})\s+(?P<u4>days?|weeks?|hours?)\s+of\b"
                    rf"|(?<![\d/.])(?P<n5>\d{{1,2}})/(?P<u5>7|52|24)(?![\d/])"
                    rf"|(?<!\w)x\s*(?P<n6>\d{{1,2}})\s*(?P<u6>d|days?|wks?|weeks?|h|hrs?|hours?)\b"
                    # "seen 2 days after the onset of a sore throat"
                    rf"|\b(?P<n7>{words})\s+(?P<u7>days?|weeks?|hours?)\s+(?:after|since|from)\s+(?:the\s+)?(?:onset|start|beginning)"
                    # "on day 5 of a sore throat", "since Monday (3 days)"
                    rf"|\bday\s+(?P<n8>\d{{1,2}}|one|two|three|four|five|six|seven|eight|nine|ten)\s+of\b"
                    rf"|\(\s*(?P<n9>\d{{1,2}})\s*(?P<u9>days?|d|weeks?|wks?|hours?|h|hrs?)\s*\)"
                    # "Symptoms 48 h", "duration: 2 days"
                    rf"|\b(?:symptoms?|duration|history)\s*(?:of\s+|for\s+|[:=-]\s*)?(?P<n10>\d{{1,3}})\s*(?P<u10>days?|d|weeks?|wks?|hours?|h|hrs?)\b", re.I)
    for m in rx.finditer(ctx.note):
        sent = ctx.sentence_of(m.start()).text
        if not re.search(r"throat|pharyn|tonsil|fever|symptom|pain|swallow|odynophag|dysphag|cough|ill|sick|present|onset|start|began|begun", sent, re.I):
            continue
        if m.group("y") or m.group("y2"):
            return _hit(ctx, m, True, "onset within a day")
        n_raw = next(m.group(g) for g in ("n", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10") if m.group(g)).lower()
        unit = "day" if m.group("n8") else next(m.group(g) for g in ("u", "u2", "u3", "u4", "u5", "u6", "u7", "u9", "u10")
                                                 if m.group(g)).lower()
        unit = {"7": "day", "52": "week", "24": "hour", "d": "day", "h": "hour", "hr": "hour", "hrs": "hour",
                "wk": "week", "wks": "week"}.get(unit, unit)
        n = float(n_raw) if n_raw.isdigit() else {"a": 1, "a couple of": 2, "few": 3, "several": 4}.get(n_raw) or word_to_number(n_raw)
        if n is None:
            continue
        days = n / 24 if unit.startswith("hour") else n * 7 if unit.startswith("week") else n
        return _hit(ctx, m, days <= 3, f"symptoms for {days:g} day(s) vs 3")
    return None


def no_cough_or_coryza(ctx: NoteContext) -> Hit | None:
    """FeverPAIN 'absence of cough or coryza': False if either is present, True if they are denied."""
    mentions = sorted([*ctx.findings("cough"), *ctx.findings("coryza")], key=lambda f: f.start)
    rel = [f for f in mentions if not (f.hypothetical or f.family)]
    present = [f for f in rel if not f.negated and not f.historical]
    if present:
        return Hit.of_finding(present[0], False, "cough/coryza present")
    neg = [f for f in rel if f.negated]
    if neg:
        return Hit.of_finding(neg[0], True, "cough/coryza denied")
    return None


def purulence(ctx: NoteContext) -> Hit | None:
    """FeverPAIN 'purulence': pus or exudate on the tonsils/pharynx, with ConText negation ('without exudate',
    'no pus'); 'non-exudative' is False. Tonsillar swelling alone is not purulence."""
    non = affirmed(ctx, r"\bnon-?exudative\b", current=True)
    # about the tonsils: pus in a sentence that names them; exudate in one about tonsils, pharynx or throat
    # ("purulent discharge in the nose" of a sinusitis is not FeverPAIN's purulence)
    mentions = [f for f in ctx.terms(r"purulen\w+|\bpus\b|(?<!non-)(?<!non)exudat\w+|white (?:spots|patches)")
                if not after_presentation(f) and re.search(
                    r"tonsil" if re.match(r"(?i)pu", f.text) else r"tonsil|pharyn|throat", f.sentence.text, re.I)]
    value, f, why = decide(mentions, "current")
    if f is None:
        return Hit.of_finding(non[0], False, "non-exudative") if non else None
    return Hit.of_finding(f, value, why)


# ---------------------------------------------------------------------------
# Centor (McIsaac 1998): tonsillar exudate or swelling; tender / swollen anterior cervical nodes
# ---------------------------------------------------------------------------

_THROAT = re.compile(r"tonsil|pharyn|throat", re.I)
# an exudate or pus that belongs to another site
_OTHER_EXUDATE_SITE = re.compile(r"pleura|wound|retin|fund(?:us|i|oscop)|macul|cotton[- ]wool|\bhard\s+exudat|peritone|ascit"
                                 r"|ulcer|conjunctiv|\bears?\b|tympan|\bjoint|sputum|urine|abscess|cellulitis|incision", re.I)


def centor_exudate_or_swelling(ctx: NoteContext) -> Hit | None:
    """Centor 'exudate or swelling of the tonsils': the vocabulary's tonsillar exudate / swelling, plus an exudate or pus
    named in a sentence about the tonsils, pharynx or throat, or as a form field ('Exudate: present') in a note about
    the throat when its sentence names no other site (pleural, wound, retinal ...)."""
    mentions = sorted(ctx.findings("tonsillar_exudate"), key=lambda g: g.start)
    starts = [g.start for g in mentions]
    reach = list(itertools.accumulate((g.end for g in mentions), max))  # furthest end of the mentions so far
    throat_note = _THROAT.search(ctx.note) is not None
    for f in ctx.terms(r"(?<![\w-])(?:exudat(?:e|es|ive)|pus|purulent)\b|\bwhite\s+(?:spots|patches|plaques)"):
        i = bisect.bisect_right(starts, f.start) - 1
        if i >= 0 and f.start < reach[i]:
            continue  # inside a vocabulary mention
        if sentence_has(_OTHER_EXUDATE_SITE, f.sentence.text):
            continue
        throat = sentence_has(_THROAT, f.sentence.text)
        field = re.match(r"\s*[:=-]", ctx.note[f.end:f.end + 3]) is not None
        if throat or (field and throat_note):
            mentions.append(f)
    value, f, why = decide(sorted(mentions, key=lambda g: g.start), "current")
    return None if f is None else Hit.of_finding(f, value, why)


# lymph nodes of another region: not the anterior cervical chain Centor scores
_OTHER_NODE_SITE = re.compile(r"\b(?:posterior|occipital|post[- ]?auricular|axill\w*|inguinal|supraclavicular|mediastin\w*|hilar"
                              r"|retroperitoneal|mesenteric|para-?aortic|abdominal|pelvic|epitrochlear|femoral|popliteal)\b", re.I)
# ("Neck:" is an examination heading, not a second region: "Neck: posterior cervical nodes only")
_ANTERIOR_NECK = re.compile(r"\banterior\b|\bant\.?\s+cervical|submandibular|jugulo\w*|tonsillar\s+(?:node|gland)|\bneck\b(?!\s*:)"
                            r"|\bcervical\b", re.I)
_POSTERIOR_CERVICAL = re.compile(r"\bpost(?:erior|\.)?\s+cervical\b", re.I)


def centor_nodes(ctx: NoteContext) -> Hit | None:
    """Centor 'tender / swollen anterior cervical lymph nodes': lymphadenopathy that is not of another region only
    ('posterior cervical lymphadenopathy', 'axillary nodes' do not count; 'cervical and axillary' does)."""
    mentions = []
    for f in ctx.findings("lymphadenopathy"):
        window = ctx.note[max(f.sentence.start, f.start - 40):f.end]
        if _OTHER_NODE_SITE.search(window) and not _ANTERIOR_NECK.search(_POSTERIOR_CERVICAL.sub("posterior", window)):
            continue
        mentions.append(f)
    value, f, why = decide(mentions, "current")
    return None if f is None else Hit.of_finding(f, value, why)


def severe_tonsils(ctx: NoteContext) -> Hit | None:
    # (a list of adjectives may carry commas: "markedly inflamed, swollen tonsils")
    rx = (r"(?:severe(?:ly)?|marked(?:ly)?|significant(?:ly)?|very|grossly|intensely|extensive(?:ly)?)\s+(?:\w+,?\s+){0,2}?"
          r"(?:inflamed|swollen|enlarged|erythematous|hypertrophic|red),?\s+(?:\w+,?\s+){0,1}?tonsils?"
          r"|tonsils?\b[^.;]{0,80}?\b(?:severe(?:ly)?|marked(?:ly)?|significant(?:ly)?|very|grossly)\s+(?:inflamed|swollen|enlarged|erythematous|hypertrophied|red)"
          r"|(?:grade\s*(?:3|4|III|IV)|\b[34]\+)\s+tonsil\w*|kissing tonsils"
          # the grade after the word: "tonsils grade 4", "tonsils 3+ bilaterally", "tonsils are +4"
          r"|tonsils?\b[\s:,-]{1,3}(?:(?:are|is|both|bilaterally|bilateral)\s+){0,2}(?:(?:Brodsky\s+)?grade\s*(?:3|4|III|IV)\b|[34]\s?\+|\+\s?[34]\b|[34]/4\b)"
          # "angry red tonsils", "tonsils swollen and angry red", "beefy red tonsils"
          r"|(?:angry|beefy)(?:[\s-]+(?:red|looking))?\s+(?:\w+\s+){0,1}?tonsils?"
          r"|tonsils?\s+(?:\w+\s+){0,3}?(?:angry|beefy)(?:[\s-]+(?:red|looking))?\b")
    hit = Term(rx).read(ctx)
    if hit is not None and hit.value and re.search(r"\b(?:not|no|non|without)\b", hit.text, re.I):
        return Hit(False, hit.start, hit.end, hit.text, hit.sentence, None, "negated inside the phrase")
    return hit


# ---------------------------------------------------------------------------
# Medications: vasopressors, steroids, opioids, antihypertensives
# ---------------------------------------------------------------------------

ANTIHYPERTENSIVES = (
    "amlodipine", "lisinopril", "enalapril", "ramipril", "losartan", "valsartan", "metoprolol", "atenolol", "carvedilol",
    "bisoprolol", "diltiazem", "verapamil", "hydrochlorothiazide", "furosemide", "spironolactone",
)
_ANTIHYPERTENSIVE_WORDS = (r"antihypertensive\w*|blood pressure (?:medication|medicine|pill|tablet)s?|\w+(?:pril|sartan|olol|dipine)\b"
                           r"|chlorthalidone|hydralazine|clonidine|indapamide|doxazosin|prazosin|nifedipine|labetalol|olmesartan|irbesartan|candesartan|telmisartan")


def bp_treated(ctx: NoteContext) -> Hit | None:
    """Framingham: blood pressure treated with medication (an antihypertensive in the note, or the phrase)."""
    for m in ctx.medications:
        if m.name in ANTIHYPERTENSIVES:
            f = ctx.finding_at(m.start, m.end)
            if not (f.negated or f.hypothetical):
                return Hit.of_medication(m, True, f"antihypertensive: {m.name}")
    return Term(_ANTIHYPERTENSIVE_WORDS, when="current").read(ctx)


def vasopressor(drug: str) -> Callable[[NoteContext], Hit | None]:
    """Dose of a vasopressor in µg/kg/min as the note gives it (mg/kg/min converted)."""

    def read(ctx: NoteContext) -> Hit | None:
        for m in ctx.medications:
            if m.name != drug or m.dose is None or not m.dose_unit:
                continue
            u = re.sub(r"micrograms?", "µg", m.dose_unit.replace(" ", "").lower().replace("μ", "µ"))
            u = re.sub(r"[·.]?kg[⁻-][¹1][·.]?min[⁻-][¹1]$", "/kg/min", u).replace("minute", "min")
            if re.fullmatch(r"(?:mcg|µg|ug)/kg/min", u):
                return Hit(float(m.dose), m.start, m.end, m.raw, m.sentence.text, "µg/kg/min", f"{drug} dose")
            if re.fullmatch(r"mg/kg/min", u):
                return Hit(float(m.dose) * 1000, m.start, m.end, m.raw, m.sentence.text, "µg/kg/min", f"{drug} mg/kg/min x 1000")
            # a rate not per kg ("8 mcg/min", "2 mg/h") over the weight the note states
            per_min = {"mcg/min": 1.0, "µg/min": 1.0, "ug/min": 1.0, "mg/min": 1000.0, "mg/h": 1000.0 / 60, "mg/hr": 1000.0 / 60,
                       "mg/hour": 1000.0 / 60, "mcg/h": 1 / 60, "µg/h": 1 / 60, "ug/h": 1 / 60, "mcg/hr": 1 / 60, "µg/hr": 1 / 60}
            w = ctx.value("weight")
            if u in per_min and w is not None and float(w.value) > 0:
                dose = float(m.dose) * per_min[u] / float(w.value)
                return Hit(dose, m.start, m.end, m.raw, m.sentence.text, "µg/kg/min",
                           f"{drug} {float(m.dose):g} {m.dose_unit} / {float(w.value):g} kg = {dose:.4g} µg/kg/min")
        return None

    read.__doc__ = f"{drug} dose in µg/kg/min"
    return read


STEROID_NAMES = {
    "hydrocortisone": "Hydrocortisone", "cortisone": "Cortisone", "prednisone": "PredniSONE", "prednisolone": "PrednisoLONE",
    "methylprednisolone": "MethylPrednisoLONE", "triamcinolone": "Triamcinolone", "dexamethasone": "Dexamethasone",
    "betamethasone": "Betamethasone",
}
_STEROID_ROUTES = {"iv": "IV", "po": "PO", "tablet": "PO", "capsule": "PO", "solution": "PO", "syrup": "PO", "injection": "IV",
                   "infusion": "IV"}
_ROUTES_OK = {"Betamethasone": ("IV",), "Cortisone": ("PO",), "Dexamethasone": ("IV", "PO"), "Hydrocortisone": ("IV", "PO"),
              "MethylPrednisoLONE": ("IV", "PO"), "PrednisoLONE": ("PO",), "PredniSONE": ("PO",), "Triamcinolone": ("IV",)}


def _steroid_option(drug: str, route: str | None) -> str:
    """The calculator's option: the drug with the route written in the note; a drug the calculator lists with one
    route only (prednisone PO, triamcinolone IV) takes that one when the note writes none (routes are equipotent in
    the conversion, so this names the option and changes no dose)."""
    r = _STEROID_ROUTES.get(route or "")
    if r is None and route is None and len(_ROUTES_OK[drug]) == 1:
        r = _ROUTES_OK[drug][0]
    return f"{drug} {r}" if r and r in _ROUTES_OK[drug] else drug


def _steroid_meds(ctx: NoteContext) -> list:
    return [m for m in ctx.medications if m.name in STEROID_NAMES]


# the question's source drug: "Based on the patient's dose of MethylPrednisoLONE IV, what is ..."
_SOURCE_IN_QUESTION = re.compile(r"\b(?:patient's|his|her|their|current)\s+(?:\w+\s+){0,2}?dose\s+of\s+(?P<d>[A-Za-z]+)", re.I)


def _input_steroid_med(ctx: NoteContext):
    """The corticosteroid the conversion starts from: of the steroids given with a dose, the one the question names as
    the patient's ('the patient's dose of MethylPrednisoLONE IV'), and of those the first one the note does not say
    was stopped ('previously on dexamethasone 4 mg, stopped'); else the first with a dose."""
    meds = [m for m in _steroid_meds(ctx) if m.dose is not None]
    q = _SOURCE_IN_QUESTION.search(ctx.question)
    named = STEROID_NAMES.get(q.group("d").lower()) if q else None
    pick = [m for m in meds if STEROID_NAMES[m.name] == named] or meds
    current = [m for m in pick if not medication_not_taken(ctx.note, m.start, m.end, m.sentence)]
    return (current or pick or [None])[0]


def input_steroid(ctx: NoteContext) -> Hit | None:
    """The steroid the patient takes (:func:`_input_steroid_med`), with the route written in the note."""
    m = _input_steroid_med(ctx)
    return None if m is None else Hit.of_medication(m, _steroid_option(STEROID_NAMES[m.name], m.route), f"{m.label}")


_ABSOLUTE_DOSE_AFTER = re.compile(rf"\s*(?:\(|,|=|i\.e\.?,?|that is,?)\s*(?:i\.e\.?\s*|=\s*|total\s+(?:of\s+)?)?(?P<n>{NUMBER})\s*(?P<u>mg|g|mcg|µg)\b", re.I)


def steroid_dose(ctx: NoteContext) -> Hit | None:
    """Dose of the input steroid. A weight-based dose with the absolute dose beside it ('prednisone 1 mg/kg (60 mg)')
    is read as the absolute dose; a weight-based dose alone is left to the calculator, which refuses it."""
    m = _input_steroid_med(ctx)
    if m is None or not m.dose_unit:
        return None
    if "/kg" in m.dose_unit.replace(" ", "").lower():
        per_kg = re.compile(r"/\s*kg(?:\s*/\s*(?:day|d))?\b", re.I).search(ctx.note, m.start, m.sentence.end)
        a = _ABSOLUTE_DOSE_AFTER.match(ctx.note, per_kg.end()) if per_kg else None
        if a:
            return _hit(ctx, a, parse_number(a.group("n")), f"absolute dose beside {m.dose:g} {m.dose_unit}",
                        unit=a.group("u"))
    return Hit(float(m.dose), m.start, m.end, m.raw, m.sentence.text, m.dose_unit, "dose of the input steroid")


# the route before or after the drug: "IV methylprednisolone", "dexamethasone (PO)"
_STEROID_RX = re.compile(r"\b(?:(?P<r0>IV|PO|intravenous|oral)\s+)?(?P<d>hydrocortisone|cortisone|predni?sone|prednisolone|methyl\s*prednisolone|triamcinolone|dexamethasone"
                         r"|betamethasone)\b(?:\s*\(?(?P<r>IV|PO|intravenous|oral)\)?)?", re.I)


def target_steroid(ctx: NoteContext) -> Hit | None:
    """The steroid to convert to, from the question ('... the equivalent dosage in mg of Dexamethasone PO?')."""
    q = ctx.question
    found = list(_STEROID_RX.finditer(q))
    if not found:
        return None
    # the patient's own drug is the source, not the target: "equivalent to his oral prednisone dose"
    own = [m for m in found if re.search(r"\b(?:his|her|their|the patient's|current|present|usual)\s+(?:\w+\s+){0,2}$", q[:m.start()], re.I)
           and re.match(r"\s+(?:dose|dosage|regimen)\b", q[m.end():], re.I)]
    found = [m for m in found if m not in own] or found
    after = [m for m in found if re.search(r"(?:equivalent|dose|dosage|convert\w*|to)\s+(?:\w+\s+){0,4}$", q[:m.start()], re.I)]
    m = (after or found)[-1]
    drug = STEROID_NAMES.get(re.sub(r"\s+", "", m.group("d").lower()))
    if drug is None:
        return None
    route = (m.group("r") or m.group("r0") or "").lower()
    route = {"intravenous": "iv", "oral": "po"}.get(route, route)
    return Hit(_steroid_option(drug, route), m.start(), m.end(), q[m.start():m.end()], q, None, "target named in the question",
               where="question")


OPIOID_NAMES = {
    "codeine": "Codeine", "hydrocodone": "HYDROcodone", "hydromorphone": "HYDROmorphone", "methadone": "Methadone",
    "morphine": "Morphine", "oxycodone": "OxyCODONE", "oxymorphone": "OxyMORphone", "tapentadol": "Tapentadol",
    "tramadol": "TraMADol", "buprenorphine": "Buprenorphine",
}


# ConText triggers that say a drug is no longer taken ("morphine PCA was stopped", "previously on tramadol"); a history
# header ("PMH: back pain on oxycodone 10 mg BD") does not: such a list holds current medication
_NO_LONGER_TAKEN = re.compile(r"historical:(?:(?:but |and )?(?:quit|stopped|gave up|discontinued)|previous(?:ly)?|prior"
                              r"|former(?:ly)?|ex-)$", re.I)


def no_longer_taken(f: Finding) -> bool:
    """True when a medication mention is in the scope of a 'stopped / discontinued / previously' trigger."""
    return any(_NO_LONGER_TAKEN.match(t) for t in f.triggers)


# a drug replaced by another: "tapentadol was switched to oxycodone", "morphine, changed to hydromorphone"
_SWITCHED_FROM = re.compile(r"[^.;\n]{0,20}?\b(?:was\s+|were\s+|has\s+been\s+)?(?:switched|changed|converted|rotated)\s+(?:over\s+)?to\b",
                            re.I)
# a single administration, not a regimen: "given once", "a single dose", "stat", "in the ambulance"
_ONE_OFF_DOSE = re.compile(r"\b(?:once|single\s+dose|one\s+dose|a\s+dose|stat|bolus|in\s+the\s+(?:ED|emergency\s+department|ambulance)"
                           r"|by\s+(?:the\s+)?(?:paramedics?|ambulance(?:\s+crew)?)|pre-?hospital)\b", re.I)


def opioid_list(ctx: NoteContext) -> Hit | None:
    """Opioids with dose and doses per day; a drug without a complete mention makes the list missing (no guessing).
    A drug the note says was stopped or taken previously is not part of the current daily dose and is left out."""
    entries: dict[tuple, dict[str, Any]] = {}
    incomplete: list[str] = []
    complete_drugs: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in ctx.medications:
        if m.drug_class != "opioid":
            continue
        f = ctx.finding_at(m.start, m.end)
        if f.negated or f.hypothetical or f.family or no_longer_taken(f) \
                or medication_not_taken(ctx.note, m.start, m.end, m.sentence) or _SWITCHED_FROM.match(ctx.note, m.end):
            continue  # not taken now: denied, planned, a relative's, stopped, an allergy, switched to another drug
        if m.dose is None and f.historical:
            continue  # a past opioid named without a dose ("hydromorphone was tried in 2019")
        if m.doses_per_day is None and sentence_has(_ONE_OFF_DOSE, m.sentence.text):
            continue  # a single dose given ("fentanyl 50 mcg IV once in the ED"): not part of the daily regimen
        if m.name == "fentanyl":
            if m.route == "patch" or re.search(r"patch|transdermal", m.raw, re.I):
                drug = "FentANYL patch"
            elif m.route in ("buccal", "sublingual", "lozenge", "film") or re.search(r"buccal|sublingual|lozenge", m.raw, re.I):
                drug = "FentaNYL buccal"
            else:
                incomplete.append(f"{m.label} (route: buccal or patch?)")
                continue
        else:
            drug = OPIOID_NAMES.get(m.name)
            if drug is None:
                incomplete.append(f"{m.label} (no MME factor)")
                continue
        per_day = m.doses_per_day
        if drug != "FentANYL patch" and m.dose_unit and re.search(r"/\s*(?:min|h)|kg", m.dose_unit, re.I):
            incomplete.append(f"{m.label} (an infusion rate, not a dose)")  # "morphine 2 mg/h": no doses per day
            continue
        if drug == "FentANYL patch":
            per_day = 1.0  # MME convention: a patch's strength (µg/h) counts once per day, whatever its change interval
        if m.dose is None or per_day is None:
            incomplete.append(f"{m.label} ({'dose' if m.dose is None else 'doses per day'} not given)")
            continue
        key = (drug, m.dose, m.dose_unit, per_day)
        if key not in entries:
            entries[key] = {"drug": drug, "dose": float(m.dose), "unit": m.dose_unit, "doses_per_day": float(per_day)}
            spans.append((m.start, m.end))
        complete_drugs.add(drug)
    missing = [i for i in incomplete if not any(i.lower().startswith(d.lower().split()[0]) for d in complete_drugs)]
    if missing or not entries:
        return None
    start, end = spans[0][0], spans[-1][1]
    return Hit(list(entries.values()), start, end, ctx.note[start:end], ctx.sentence_of(start).text, None,
               f"{len(entries)} opioid(s)")


def opioid_list_problems(ctx: NoteContext) -> list[str]:
    """Opioid mentions the list could not use (for the reviewer's note)."""
    out = []
    for m in ctx.medications:
        if m.drug_class == "opioid" and (m.dose is None or m.doses_per_day is None):
            out.append(f"{m.label}: {'dose' if m.dose is None else 'doses per day'} not given")
    return out


# ---------------------------------------------------------------------------
# APACHE II
# ---------------------------------------------------------------------------


# the admission type written as a form field or a phrase: "Admission type: elective surgical", "nonoperative admission"
_ADMISSION_FIELD = re.compile(
    r"\badmission(?:\s+type|\s+category)?\s*[:=-]\s*(?P<v>(?:medical|non-?operative|non-?surgical|elective|planned|scheduled"
    r"|emergency|urgent|emergent)(?:\s+(?:surgical|post-?op(?:erative)?|surgery))?)"
    r"|\b(?P<w>medical|non-?operative|non-?surgical)\s+(?:ICU\s+)?admission\b", re.I)


def _admission_field(ctx: NoteContext) -> Hit | None:
    for m in _ADMISSION_FIELD.finditer(ctx.note):
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.family or f.hypothetical:
            continue
        word = (m.group("v") or m.group("w")).lower()
        if re.match(r"medical|non", word):
            return _hit(ctx, m, "nonoperative", "admission type written as nonoperative / medical")
        if re.search(r"surg|post", word):  # "elective surgical", "emergency post-op"; a bare "emergency" says no more
            kind = "elective" if re.match(r"elective|planned|scheduled", word) else "emergency"
            return _hit(ctx, m, f"{kind} postoperative", f"admission type written as {kind} surgical")
    return None


def admission_type(ctx: NoteContext) -> Hit | None:
    """nonoperative / emergency postoperative / elective postoperative: a written admission type ('Admission type:
    elective surgical', 'nonoperative admission'), else from how a current operation is described."""
    field = _admission_field(ctx)
    if field is not None:
        return field
    op_words = r"(?:surgery|operation|\w*otomy|\w*ectomy|\w*plasty|repair|procedure|resection|fixation|graft|CABG|replacement)"
    post = affirmed(ctx, r"post[- ]?operative(?:ly)?|\bpost[- ]?op\b|status post|\bs/p\b|underwent"
                         r"|(?:from|after|out of)\s+(?:the\s+)?(?:theatre|operating\s+room|\bOR\b|recovery|PACU)"
                         r"|taken\s+(?:\w+\s+)?to\s+(?:the\s+)?(?:theatre|operating\s+room|\bOR\b)"
                         rf"|(?:after|following) (?:a |an |the |his |her )?(?:(?:elective|emergency|urgent|planned|scheduled)\s+)?(?:[\w'’-]+\s+){{0,4}}?{op_words}",
                    current=False)
    if not post:
        return None
    op = r"(?:surgery|operation|\w*otomy|\w*ectomy|\w*plasty|repair|procedure|resection|fixation)"
    # gap words may carry an eponym's apostrophe or a hyphen: "emergency Hartmann's procedure", "urgent re-laparotomy"
    w = r"[\w'’-]+\s+"
    emergency = affirmed(ctx, rf"emergen(?:t|cy)\s+(?:{w}){{0,2}}?{op}|urgent\s+(?:{w}){{0,2}}?{op}"
                              r"|(?:theatre|operating\s+room|\bOR\b)\s+(?:emergently|urgently|as\s+an\s+emergency)"
                              r"|(?:emergently|urgently)\s+(?:taken\s+)?to\s+(?:the\s+)?(?:theatre|operating\s+room|\bOR\b)")
    if emergency:
        return Hit.of_finding(emergency[0], "emergency postoperative", "emergency operation")
    elective = affirmed(ctx, rf"elective(?:ly)?\s+(?:{w}){{0,4}}?{op}|elective\s+(?:{w}){{0,4}}?(?:graft|CABG|replacement|arthroplasty)"
                             r"|scheduled (?:surgery|operation)"
                             rf"|(?:planned|scheduled)\s+(?:{w}){{0,4}}?{op}")
    if elective:
        return Hit.of_finding(elective[0], "elective postoperative", "elective operation")
    return None


# a reading of a later day than the first 24 hours: "day 3", "on the second ICU day", "at 48 h", "two days later"
_LATER_DAY = re.compile(r"\bday\s*(?:[2-9]|\d{2})\b|\b(?:second|third|fourth|fifth|sixth|seventh)\s+(?:ICU\s+|hospital\s+|post-?op\s+)?day\b"
                        r"|\b(?:2[5-9]|[3-9]\d|\d{3})\s*-?\s*h(?:ours?|rs?)?\b|\b(?:2|3|4|5|6|7|two|three|four|five|six|seven|several|a\s+few)"
                        r"\s+days?\b|\b(?:next|following|subsequent)\s+(?:day|days|week)\b|\bPOD\s*[2-9]\b", re.I)


# readings that the extractor keeps as one value but that chart several first-day readings of one quantity:
# a range after the label ('HR 88-148', 'Resp rate 18-38/min', 'T range 35.1-38.9 C'), a trend of arrows ('Plt 110 -> 62
# -> 48'), and a second number named by an extreme right after a reading ('Bili 2.1 mg/dL on arrival, peak 5.0 mg/dL',
# 'HR max 148, min 52', 'Na 131, nadir 126'). A reference range ('normal 60-100', '(ref 135-145)') or a target is none.
_CHART_GAP = r"(?P<gap>[^\d\n;.()]{0,25}?)"
_RANGE_DASH = r"\s*(?:-|–|—|to)\s*"
_ARROW = re.compile(rf"\s*(?:->|-->|→|=>|⟶)\s*(?P<n>{NUMBER})")
_EXTREME_AFTER = re.compile(
    r"[ \t]*(?:\([^()\n]{0,30}\)|(?:on|at|in)\s+(?:arrival|admission|presentation|triage|the\s+ED|ED|\d{1,2}:?\d{2}h?))?"
    r"[ \t]*[,;/]?[ \t]*(?:and\s+|but\s+|with\s+(?:a\s+)?)?"
    r"(?:max(?:imum)?|min(?:imum)?|peak(?:ed|ing)?(?:\s+(?:at|of))?|nadir(?:\s+of)?|low(?:est)?|high(?:est)?|worst"
    r"|(?:rising|rose|increased|climbing|climbed|falling|fell|dropp(?:ed|ing)|decreased|down|up)\s+to)"
    rf"\s*[:=]?\s*(?P<n>{NUMBER})", re.I)
_CHART_NOT = re.compile(r"\b(?:normal|reference|ref|ULN|target|goal|aim|keep|titrat\w*|maintain\w*|between|if)\b|[<>≤≥]", re.I)


def _charted_readings(ctx: NoteContext, name: str) -> list[Any]:
    """First-day readings of ``name`` that the extractor folds into one value: the ends of a range after its label, the
    numbers of an arrow trend, and an extreme named after a reading ('peak', 'nadir', 'max', 'min', 'rose to'). Only
    looked for where the note writes such a form; each is a :class:`Value` at its own number."""
    spec = BY_NAME.get(name)
    if spec is None:
        return []
    note = ctx.note
    label = re.compile(rf"(?<![\w])(?:{spec.labels})(?![A-Za-z0-9])", re.I)
    rng = re.compile(rf"{_CHART_GAP}(?P<a>{NUMBER})(?P<ua>[^\d\n;,()]{{0,12}}?){_RANGE_DASH}(?P<b>{NUMBER})", re.I)
    spots: list[tuple[int, int, int, int]] = []  # (number start, number end, unit source start, unit source end)
    for lm in label.finditer(note):
        m = rng.match(note, lm.end())
        if m and not _CHART_NOT.search(m.group("gap")) and not re.search(r"[A-Za-z]{3}", m.group("ua").replace("min", "")):
            # the first end may carry no unit: it takes the second end's
            spots += [(m.start("a"), m.end("a"), m.start("b"), m.end("b")), (m.start("b"), m.end("b"), m.start("b"), m.end("b"))]
    for v in ctx.values(name):
        pos = v.end
        for _ in range(4):
            a = _ARROW.match(note, pos)
            if not a:
                break
            spots.append((a.start("n"), a.end("n"), a.start("n"), a.end("n")))
            pos = a.end()
        e = _EXTREME_AFTER.match(note, v.end)
        if e:
            spots.append((e.start("n"), e.end("n"), e.start("n"), e.end("n")))
    if not spots:
        return []
    scanner = ctx.scanner  # one label scan per note, shared by every quantity's charted readings
    out: list[Any] = []
    seen: set[int] = set()
    for s, e, us, ue in spots:
        if s in seen or any(v.start <= s < v.end for v in ctx.values(name)):
            continue  # a number the extractor already read
        seen.add(s)
        r = scanner.interpret(spec, s, e, range_end=True)
        if us != s and not (isinstance(r, Reading) and r.unit):  # a range's first end takes the second end's unit
            other = scanner.interpret(spec, us, ue, range_end=True)
            if isinstance(other, Reading) and other.unit:
                r = scanner.interpret(spec, s, e, other.unit, range_end=True)
        if not isinstance(r, Reading):
            continue
        out.append(Value(name=name, value=r.value, unit=spec.unit, raw=note[s:r.end], original_value=r.number,
                         original_unit=r.unit, start=s, end=r.end, sentence=ctx.sentence_of(s), details={"charted": True}))
    return out


def _first_day_readings(ctx: NoteContext, name: str) -> list[Any]:
    """The presenting readings of ``name``: baseline / previous values and readings of a later day ('day 3', '48 h',
    'two days later', after discharge) left out, as are bounds other than 'up to'. Readings charted as a range, a trend
    or an extreme ('HR 88-148', 'Plt 110 -> 62', 'peak 5.0') count each."""
    vals = [*ctx.values(name), *_charted_readings(ctx, name)]
    first = [v for v in vals
             if not v.details.get("baseline") and not sentence_has(_LATER_DAY, v.sentence.text)
             and not sentence_has(_AFTER_PRESENTATION_TEXT, v.sentence.text)
             and (v.details.get("qualifier") in (None, "up to"))]
    if name == "gcs":
        # a GCS taken under sedation is not the patient's: the score takes the GCS before sedation (Vincent 1996: "the
        # presumed GCS without sedation"); sedated readings are left out when another one is given
        awake = [v for v in first if not _sedated_reading(ctx, v)]
        if awake and len(awake) < len(first):
            return awake
    return first


_SEDATED = re.compile(r"\b(?:sedated|sedation|under\s+(?:general\s+)?an(?:a)?esthesia|paraly[sz]ed|propofol|midazolam|dexmedetomidine|"
                      r"fentanyl\s+infusion|RASS\s*(?:of\s*)?[-–−]\s*[2-5])\b", re.I)
_OFF_SEDATION = re.compile(r"\b(?:prior\s+to|before|off|held|hold(?:ing)?|without|weaned|stopped|interrupt\w*|vacation|no)\s+"
                           r"(?:\w+\s+){0,2}?(?:sedat\w*|intubation)|\bsedation\s+(?:was\s+)?(?:held|off|stopped|interrupted|hold)\b"
                           r"|\bpre-?sedation\b|\bunsedated\b|\bnot\s+sedated\b", re.I)


def _sedated_reading(ctx: NoteContext, v: Any) -> bool:
    """A GCS written under sedation: 'sedated on propofol (GCS 3T)', 'GCS 4 on midazolam', 'RASS -4, GCS 3'; not one
    before or off sedation ('GCS 9 prior to sedation', 'GCS 8 after sedation was held'). Its clause (to ';' or the
    sentence end, 40 characters either side) decides; a GCS written 'NT' (intubated, verbal not testable) leans sedated."""
    note = ctx.note
    sent = v.sentence
    a, b = max(sent.start, v.start - 40), min(sent.end, v.end + 40)
    before, after = note[a:v.start], note[v.end:b]
    before = before[before.rfind(";") + 1:]
    after = after.split(";")[0]
    window = f"{before} {note[v.start:v.end]} {after}"
    if _OFF_SEDATION.search(window):
        return False
    return bool(_SEDATED.search(window) or re.match(r"\s*T\b", after))


def worst_first_day(name: str, lowest: bool) -> Callable[[NoteContext], Hit | None]:
    """The worst of two or more presenting readings of ``name`` (the lowest or the highest) when none is of a later day:
    SOFA (Vincent 1996) and APACHE II (Knaus 1985) score the worst value of the first 24 hours. Baseline / previous
    values and readings of a later day ('day 3', '48 h', 'two days later', after discharge) are left out; with fewer than
    two readings left, None (the first reading is used)."""

    def read(ctx: NoteContext) -> Hit | None:
        first = _first_day_readings(ctx, name)
        if len(first) < 2:
            return None
        pick = min if lowest else max
        w = pick(first, key=lambda v: float(v.value))
        vals = ", ".join(f"{float(v.value):g}" for v in first)
        return Hit.of_value(w, note=f"worst ({'lowest' if lowest else 'highest'}) of the first-day readings {vals} {w.unit or ''}"
                                    f": the score takes the worst value of the first 24 h".replace("  ", " "))

    read.__doc__ = f"{name}: the {'lowest' if lowest else 'highest'} first-day reading"
    return read


def worst_by_points(name: str, points: Callable[[float], int]) -> Callable[[NoteContext], Hit | None]:
    """The first-day reading of ``name`` that scores the most ``points`` (APACHE II's U-shaped physiology items: of a
    temperature of 38.2 and 35.1 °C the worse is the low one, Knaus 1985 "worst value in the first 24 hours"); ties keep
    the first reading. Same readings as :func:`worst_first_day`; with fewer than two, None (the first reading is used)."""

    def read(ctx: NoteContext) -> Hit | None:
        first = _first_day_readings(ctx, name)
        if len(first) < 2:
            return None
        scored = [(points(float(v.value)), v) for v in first]
        best_points, w = max(scored, key=lambda pv: pv[0])  # max keeps the first of equal scores
        vals = ", ".join(f"{float(v.value):g} ({p} pt)" for p, v in scored)
        return Hit.of_value(w, note=f"worst of the first-day readings {vals}: the score takes the reading with the most "
                                    f"points ({best_points}) in the first 24 h")

    read.__doc__ = f"{name}: the first-day reading with the most points"
    return read


def chronic_health(ctx: NoteContext) -> Hit | None:
    """APACHE II severe organ insufficiency or immunocompromise: cirrhosis / portal hypertension, NYHA IV,
    severe COPD (home O2, hypercapnia), dialysis, immunosuppression (chemotherapy, steroids, AIDS, leukaemia)."""
    for src in (
        Term(r"cirrhosis|portal hypertension|hepatic encephalopathy|hepatic coma|variceal bleed\w*"),
        Term(r"NYHA (?:class )?(?:IV|4)\b|class (?:IV|4) heart failure"),
        Term(r"home (?:oxygen|O2)|oxygen[- ]dependent|on (?:home |long[- ]term )?O2|\bLTOT\b|long[- ]term oxygen(?: therapy)?|(?:\d+(?:\.\d+)?\s*L(?:/min)?\s+(?:of\s+)?(?:O2|oxygen)\s+at\s+home)|chronic hypercapnia|secondary polycythemia|severe (?:COPD|pulmonary hypertension)"),
        Term(r"(?:chronic |long[- ]term |maintenance )?(?:hemo|haemo|peritoneal )?dialysis|\bESRD\b"),
        Term(r"immunocompromised|immunosuppress\w+|chemotherapy|radiotherapy|steroid[- ]dependen\w+"
             r"|(?:long[- ]term|chronic|maintenance) (?:oral |systemic )?(?:steroids|corticosteroids|glucocorticoids|prednisone|prednisolone"
             r"|methylprednisolone|dexamethasone|hydrocortisone)|\bAIDS\b|leuka?emia|lymphoma|transplant recipient"
             # a corticosteroid taken for months ('on prednisone 40 mg daily for the last 3 months', 'prednisolone since 2019')
             r"|(?:prednisone|prednisolone|methylprednisolone|dexamethasone|hydrocortisone|steroids)\b[^.;\n]{0,40}?\b(?:for|over)\s+(?:the\s+)?(?:last\s+|past\s+)?"
             r"(?:\d+|two|three|four|five|six|several|many)\s+(?:months|years)"
             # immunosuppressive therapy and the organ transplants that need it (Knaus 1985: immunosuppression)
             r"|tacrolimus|cyclosporin\w*|ciclosporin|mycophenolate|azathioprine|sirolimus|everolimus|high[- ]dose (?:steroids|corticosteroids|prednisone)"
             r"|(?:renal|kidney|liver|hepatic|heart|cardiac|lung|pancreas|solid[- ]organ|bone marrow|stem[- ]cell) transplant(?:ation)?"),
    ):
        h = src.read(ctx)
        if h is not None and h.value:
            return h
    return None


# ---------------------------------------------------------------------------
# Evidence for a value someone else (the LLM) gave, where read() found none
# ---------------------------------------------------------------------------


def gcs_support(options: list[tuple[str, str, int]]) -> Callable[[NoteContext, Any], Hit | None]:
    """Evidence for a GCS option: an affirmed description of that very response."""
    table: dict[str, str] = {}
    for o, p, *_ in options:
        table[o.lower()] = f"{table[o.lower()]}|{p}" if o.lower() in table else p

    def support(ctx: NoteContext, value: Any) -> Hit | None:
        pattern = table.get(str(value).lower()) if isinstance(value, str) else None
        if pattern is None:
            return None
        found = affirmed_in_clause(ctx, pattern)
        return Hit.of_finding(found[0], value, "described in the note") if found else None

    return support


def steroid_support(ctx: NoteContext, value: Any) -> Hit | None:
    """Evidence for a steroid name: the drug is mentioned in the note (route not checked)."""
    if not isinstance(value, str):
        return None
    drug = value.split()[0].lower()
    for m in ctx.medications:
        if m.name == drug:
            return Hit.of_medication(m, value, "drug mentioned in the note")
    return None


def target_steroid_support(ctx: NoteContext, value: Any) -> Hit | None:
    if not isinstance(value, str):
        return None
    drug = value.split()[0].lower()
    for m in _STEROID_RX.finditer(ctx.question):
        if re.sub(r"\s+", "", m.group("d").lower()) == drug:
            return Hit(value, m.start(), m.end(), m.group(0), ctx.question, None, "named in the question", where="question")
    return None


# ---------------------------------------------------------------------------
# Values written after the name of the disorder ("hyponatremia at 132 mEq/L")
# ---------------------------------------------------------------------------

_CONDITION_VALUES: dict[str, tuple[str, str, tuple[float, float]]] = {
    # quantity: (disorder stem, units, plausible range in the note's unit is checked by the calculator)
    "sodium": (r"(?:hypo|hyper)?natr(?:a)?emia", r"mEq\s*/\s*L|mmol\s*/\s*L", (90, 220)),
    "potassium": (r"(?:hypo|hyper)?kal(?:a)?emia", r"mEq\s*/\s*L|mmol\s*/\s*L", (1, 12)),
    "chloride": (r"(?:hypo|hyper)?chlor(?:a)?emia", r"mEq\s*/\s*L|mmol\s*/\s*L", (50, 170)),
    "calcium": (r"(?:hypo|hyper)?calc(?:a)?emia", r"mg\s*/\s*dL|mmol\s*/\s*L", (0.5, 20)),
    "glucose": (r"(?:hypo|hyper)?glyc(?:a)?emia", r"mg\s*/\s*dL|mmol\s*/\s*L|g\s*/\s*L", (0.3, 3000)),
    "albumin": (r"hypoalbumin(?:a)?emia", r"g\s*/\s*dL|g\s*/\s*L", (0.3, 70)),
    "bilirubin": (r"hyperbilirubin(?:a)?emia", r"mg\s*/\s*dL|[µμu]mol\s*/\s*L", (0.05, 1000)),
}


def condition_value(name: str) -> Callable[[NoteContext], Hit | None]:
    """A lab value stated after its disorder: 'hyponatremia at 132 mEq/L', 'hyperglycemia of 350 mg/dL'."""
    stem, units, (lo, hi) = _CONDITION_VALUES[name]
    rx = re.compile(rf"\b{stem}\s*(?:\(|,)?\s*(?:at|of|was|with|=|:)?\s*(?:a\s+(?:level|value)\s+of\s+)?(?P<n>{NUMBER})\s*(?P<u>{units})", re.I)

    def read(ctx: NoteContext) -> Hit | None:
        for m in rx.finditer(ctx.note):
            n = parse_number(m.group("n"))
            if not lo <= n <= hi:
                continue
            unit = re.sub(r"\s+", "", m.group("u")).replace("μ", "µ")
            if unit.lower().startswith("umol"):
                unit = "µ" + unit[1:]
            return _hit(ctx, m, n, f"{name} written after the disorder", unit=unit)
        return None

    read.__doc__ = f"{name} after 'hypo/hyper...emia'"
    return read


def oxygen_saturation(ctx: NoteContext) -> Hit | None:
    """SpO2 in % when the extractor's labels miss it ('oxygen saturations 100% on air', 'O2 sat of 92%')."""
    v = ctx.value("spo2")
    if v is not None:
        return Hit.of_value(v)
    rx = re.compile(rf"(?:O2|O₂|oxygen)\s+sat(?:uration)?s?\b[^\d\n;.]{{0,25}}?(?P<n>{NUMBER})\s*%|\bSp\s*O2\s*(?:of|was|:)?\s*(?P<n2>{NUMBER})\s*%|\bsats?\s+(?:of\s+)?(?P<n3>{NUMBER})\s*%", re.I)
    for m in rx.finditer(ctx.note):
        n = parse_number(m.group("n") or m.group("n2") or m.group("n3"))
        if 40 <= n <= 100:
            return _hit(ctx, m, n, unit="%")
    return None


# ---------------------------------------------------------------------------
# Findings with a wording subtlety
# ---------------------------------------------------------------------------

_QUIT = re.compile(r"\b(?:quit|stopped|former|ex-?smoker|gave up|formerly|previous(?:ly)?|used to|in the past|ceased|abstinent)\b", re.I)


# how long ago the patient quit: "quit 6 weeks ago", "stopped smoking two months ago", "quit last month", "ex-smoker
# (quit 10 days ago)", "gave up cigarettes 3 wk ago", "quit smoking 4 weeks prior to admission"
_QUIT_AGO = re.compile(r"\b(?:quit|stopped|gave up|ceased)\b[^.;\d]{0,30}?"
                       r"(?:(?P<n>\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several)"
                       r"\s*(?P<u>days?|d|weeks?|wks?|months?|mo|years?|yrs?)\s+(?:ago|earlier|before|prior)"
                       r"|(?P<last>last|this|a)\s+(?P<lu>week|month|year)\b(?!\s+(?:of|in)\b)"
                       r"|(?P<rec>recently|yesterday|today|on admission))", re.I)
_NUM_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
              "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a few": 3, "several": 4}
_DAYS_PER = {"d": 1, "w": 7, "m": 30, "y": 365}


def _quit_days_ago(sentence: str) -> float | None:
    """Days since the patient quit smoking, when the sentence says ('quit 6 weeks ago'); 'recently' is 0."""
    m = _QUIT_AGO.search(sentence)
    if m is None:
        return None
    if m.group("rec"):
        return 0.0
    if m.group("last"):
        return float(_DAYS_PER[m.group("lu")[0].lower()])
    n = m.group("n").lower()
    num = float(_NUM_WORDS[n]) if n in _NUM_WORDS else float(n)
    return num * _DAYS_PER[m.group("u")[0].lower()]


def current_smoker(ctx: NoteContext) -> Hit | None:
    """Current smoker: a present mention; 'history of smoking' counts unless the note says the patient quit."""
    mentions = [f for f in ctx.findings("smoking") if not (f.hypothetical or f.family)]
    if not mentions:
        return None
    for f in mentions:
        if f.negated:
            continue
        quit_ = bool(_QUIT.search(f.sentence.text)) or any(t.startswith("historical:") and _QUIT.search(t) for t in f.triggers)
        if not quit_:
            return Hit.of_finding(f, True, "smoker" + (" (history of smoking, no quit date)" if f.historical else ""))
        days = _quit_days_ago(f.sentence.text)
        if days is not None and days < 90:
            return Hit.of_finding(f, True, f"quit about {days:g} days ago: within 3 months counts as smoking (HEART)")
    neg = next((f for f in mentions if f.negated), None)
    if neg is not None:
        return Hit.of_finding(neg, False, "negated")
    return Hit.of_finding(mentions[0], False, "former smoker")


_READING = re.compile(r"^(?:elevated|raised|high|increased)\s+(?:blood\s+pressure|BP)", re.I)


# 'high blood pressure' named as a treated or long-standing condition: "high blood pressure on ramipril", "known high BP"
_READING_AS_DIAGNOSIS_AFTER = re.compile(r"\s*,?\s*(?:on|treated|managed|controlled|for which|requiring|needing)\b", re.I)
_READING_AS_DIAGNOSIS_BEFORE = re.compile(r"\b(?:known|long-?standing|chronic|diagnosed with|treated|history of|hx of)\s+$", re.I)


def hypertension_history(ctx: NoteContext) -> Hit | None:
    """Hypertension as a diagnosis: an elevated reading at presentation ('elevated blood pressure') is not one, unless
    written as a treated or long-standing condition ('high blood pressure on ramipril', 'known high blood pressure')."""
    def reading(f: Finding) -> bool:
        if not _READING.match(f.text) or f.historical:
            return False
        before = ctx.note[max(f.sentence.start, f.start - 25):f.start]
        return not (_READING_AS_DIAGNOSIS_AFTER.match(ctx.note, f.end) or _READING_AS_DIAGNOSIS_BEFORE.search(before))

    mentions = [f for f in ctx.findings("hypertension") if not reading(f)]
    value, f, why = decide(mentions, "any")
    return None if f is None else Hit.of_finding(f, value, why)


_BILATERAL = re.compile(r"\bbilateral(?:ly)?\b|\bboth (?:legs|lower|calves|ankles|feet)\b|\bsymmetric", re.I)
_LATERAL = re.compile(r"\b(?:left|right|unilateral(?:ly)?|one leg|single leg|asymmetric\w*)\b"
                      r"|(?-i:\b[LR]\.?\s+(?:calf|leg|thigh|ankle|lower (?:leg|limb|extremity))\b)", re.I)
_GENERAL_EDEMA = re.compile(r"^(?:peripheral|pedal|ankle|dependent)\b", re.I)


def unilateral_leg_swelling(ctx: NoteContext) -> Hit | None:
    """Unilateral leg swelling: a swollen leg on one side; bilateral or peripheral/pedal edema is not unilateral."""
    mentions = [f for f in ctx.findings("leg_swelling") if not (f.hypothetical or f.family)]
    if not mentions:
        return None
    negated = None
    for f in mentions:
        if f.negated:
            negated = negated or f
            continue
        window = ctx.note[max(f.sentence.start, f.start - 40):min(f.sentence.end, f.end + 40)]
        if _BILATERAL.search(window):
            continue
        if _LATERAL.search(window) or not _GENERAL_EDEMA.match(f.text):
            return Hit.of_finding(f, True, "swelling of one leg")
    if negated is not None:
        return Hit.of_finding(negated, False, "negated")
    return Hit.of_finding(mentions[0], False, "bilateral / generalised edema, not unilateral")


def alcohol_per_week(ctx: NoteContext) -> Hit | None:
    """Drinks per week: the extractor's number; 'denies alcohol' / 'no alcohol' is 0."""
    v = ctx.value("alcohol_drinks_per_week")
    if v is not None:
        return Hit.of_value(v)
    value, f, why = decide(ctx.findings("alcohol_use"), "current")
    if value is False and f is not None and f.negated:
        return Hit.of_finding(f, 0.0, "alcohol denied: 0 drinks/week")
    return None


def one_sided(pattern: str, doc: str) -> Callable[[NoteContext], Hit | None]:
    """A present finding of ``pattern`` on one side (left/right/unilateral, or unqualified); bilateral -> False."""

    def read(ctx: NoteContext) -> Hit | None:
        mentions = [f for f in ctx.terms(pattern) if not (f.hypothetical or f.family)]
        if not mentions:
            return None
        negated = None
        for f in mentions:
            if f.negated:
                negated = negated or f
                continue
            window = ctx.note[max(f.sentence.start, f.start - 40):min(f.sentence.end, f.end + 40)]
            if not _BILATERAL.search(window):
                return Hit.of_finding(f, True, f"{doc} on one side")
        if negated is not None:
            return Hit.of_finding(negated, False, "negated")
        return Hit.of_finding(mentions[0], False, f"{doc} bilateral, not confined to one leg")

    read.__doc__ = f"{doc}, one-sided"
    return read


_EJECTION_FRACTION = re.compile(
    rf"\b(?:LV\s*EF|LVEF|EF|ejection\s+fraction)(?:\s+(?:was|is|of|estimated\s+at|measured\s+at|around|about|~))*\s*[:=]?\s*"
    rf"(?P<n>{NUMBER})(?:\s*(?:-|–|to)\s*(?P<n2>{NUMBER}))?\s*%", re.I)
_LV_DYSFUNCTION_WORDS = (r"(?:moderate(?:ly)?|severe(?:ly)?|moderate[- ]to[- ]severe(?:ly)?)\s+(?:impaired|reduced|depressed|poor)\s+"
                         r"(?:LV|left\s+ventricular)\s+(?:systolic\s+)?function|\bHFrEF\b|heart\s+failure\s+with\s+reduced\s+ejection")


def lv_dysfunction(ctx: NoteContext) -> Hit | None:
    """CHA2DS2-VASc 'C': objective evidence of moderate-to-severe LV systolic dysfunction (Lip 2010; ESC 2020: LVEF
    <= 40 %) counts as well as a heart-failure history: 'LVEF 35%', 'EF 30-35%', 'severely impaired LV function',
    'HFrEF'. An EF above 40 % is not decided here (the heart-failure history still may be)."""
    for m in _EJECTION_FRACTION.finditer(ctx.note):
        n = parse_number(m.group("n2") or m.group("n"))
        f = ctx.finding_at(m.start(), m.end())
        if n is None or not 5 <= n <= 85 or f.hypothetical or f.family or after_presentation(f):
            continue
        if n <= 40:
            return _hit(ctx, m, True, f"ejection fraction {n:g} % <= 40 %: LV systolic dysfunction")
    words = affirmed(ctx, _LV_DYSFUNCTION_WORDS)
    return Hit.of_finding(words[0], True, "moderate-severe LV systolic dysfunction") if words else None


def bedridden(ctx: NoteContext) -> Hit | None:
    """Wells DVT 'recently bedridden': the immobilisation mentions other than a plaster cast (the cast is the
    paralysis / plaster-immobilisation criterion, not bed rest)."""
    return _immobile_3_days(ctx, [f for f in ctx.findings("immobilization") if not re.search(r"\bcast\b", f.text, re.I)])


def immobilized_3_days(ctx: NoteContext) -> Hit | None:
    """Wells PE 'immobilization >= 3 days' (Wells 2000: bed rest except to reach the bathroom for >= 3 consecutive days):
    a current immobilisation mention; one with a stated duration under 3 days ('bed-bound for 2 days') is not."""
    return _immobile_3_days(ctx, ctx.findings("immobilization"))


def _immobile_3_days(ctx: NoteContext, mentions: list[Finding]) -> Hit | None:
    value, f, why = decide(mentions, "current")
    if value and f is not None:
        # a stated duration under 3 days is not the criterion ('bedridden for 1 day', 'in bed for 36 hours')
        m = _BED_DURATION.match(ctx.note, f.end, min(f.sentence.end, f.end + 40))
        if m:
            n = parse_number(m.group("n")) if m.group("n")[0].isdigit() else 1 if m.group("n").lower() == "a" else word_to_number(m.group("n"))
            days = None if n is None else n / 24 if m.group("u").lower().startswith("h") else n
            if days is not None and days < 3:
                return Hit.of_finding(f, False, f"immobile {days:g} days (< 3)")
    return None if f is None else Hit.of_finding(f, value, why)


_BED_DURATION = re.compile(r"[^.;\d]{0,25}?\b(?:for|x)\s*(?:the\s+(?:past|last)\s+)?(?P<n>\d+(?:\.\d+)?|one|two|a)\s*"
                           r"(?P<u>days?|d\b|hours?|hrs?|h\b)", re.I)


def dvt_signs(ctx: NoteContext) -> Hit | None:
    """Wells PE: clinical signs of DVT = swelling of one leg or pain on palpation of the deep veins."""
    swelling = unilateral_leg_swelling(ctx)
    if swelling is not None and swelling.value:
        return swelling
    value, f, why = decide(ctx.findings("calf_tenderness"), "current")
    if value and f is not None:
        return Hit.of_finding(f, True, why)
    return swelling if swelling is not None else (Hit.of_finding(f, False, why) if f is not None else None)


# Fine 1997's stupor and coma described: responding only to pain, unresponsive, comatose
_STUPOR_COMA = (r"\b(?:comatose|unresponsive|unrousable|unarousable|(?:responds?|responsive|responding|rousable|arousable)\s+only\s+to"
                r"\s+(?:pain\w*|painful\s+stimul\w+|noxious\s+stimul\w+|sternal\s+rub|deep\s+pain)|in\s+(?:a\s+)?coma)\b")


# orientation to fewer than three of person, place and time ("oriented to person only", "A&O x2", "AOx1", "orientated to
# person but not place or time", "not oriented to time") is disorientation (Fine 1997: disorientation to person, place
# or time); "oriented x3", "A&O x4" is not
_PARTIAL_ORIENTATION = (r"\b(?:A\s*&\s*O|A\s*and\s*O|AO|orient(?:ed|ated)|orientation)\s*(?:to\s+)?[x×]\s*[0-2](?!\d|\.\d)"
                        r"|\borient(?:ed|ated)\s+(?:to\s+|in\s+)?(?:person|self|name)\s+only\b"
                        r"|\borient(?:ed|ated)\s+(?:to\s+|in\s+)?(?:person|self|name)(?:\s*(?:,|and)\s*(?:place|time))?\s*(?:,\s*)?(?:but\s+)?"
                        r"not\s+(?:to\s+|in\s+)?(?:place|time|date|year|location)\b"
                        r"|\bnot\s+(?:fully\s+)?orient(?:ed|ated)\s+(?:to|in)\s+(?:time|place|date|year|location|person)\b")


def altered_mental_status(ctx: NoteContext) -> Hit | None:
    """PSI altered mental status: confusion / disorientation / stupor words (current), orientation to fewer than three
    of person / place / time, else a GCS below 15 (or below the stated baseline); a stated GCS of 15 with no such words
    is False."""
    value, f, why = decide(ctx.findings("confusion"), "current")
    if value:
        return Hit.of_finding(f, True, why)
    stupor = affirmed(ctx, _STUPOR_COMA, current=True)
    if stupor:
        return Hit.of_finding(stupor[0], True, "stupor / coma described")
    partial = [g for g in ctx.terms(_PARTIAL_ORIENTATION) if not (g.hypothetical or g.family or g.historical)
               and not after_presentation(g)]
    if partial:
        return Hit.of_finding(partial[0], True, "oriented to fewer than three of person, place and time")
    gcs = ctx.value("gcs")
    if gcs is not None:
        return Hit.of_value(gcs, value=float(gcs.value) < 15, unit=None, note=f"GCS {float(gcs.value):g} vs 15")
    return None if f is None else Hit.of_finding(f, value, why)


# the abbreviated mental test (Hodkinson 1972, ten items): "AMT 7/10", "AMTS: 9 out of 10", "abbreviated mental test
# score 6"; the four-item AMT4 ("AMT4 3/4") and the 4AT delirium tool are other scales
_AMT = re.compile(r"\b(?:AMTS?|abbreviated\s+mental\s+test)\b(?:\s+score)?(?:\s+(?:was|is|of|today|now|on\s+admission))*"
                  r"\s*[:=(-]?\s*(?P<n>\d{1,2})(?!\.\d)(?:\s*(?:/|out\s+of)\s*(?P<d>\d{1,2})\b)?", re.I)


def curb65_confusion(ctx: NoteContext) -> Hit | None:
    """CURB-65 confusion (Lim et al., Thorax 2003): an abbreviated mental test score of 8 or less (of 10), or new
    disorientation in person, place or time. A stated AMT <= 8 is True; confusion words (current) are True; an AMT of
    9-10 with no confusion word is False; else the confusion words decide (negated: False)."""
    amt: list[tuple[int, re.Match[str]]] = []
    for m in _AMT.finditer(ctx.note):
        n, d = int(m.group("n")), m.group("d")
        if (d is not None and int(d) != 10) or n > 10:
            continue  # another scale's denominator ("AMT4 3/4") or not a score
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.hypothetical or f.family or after_presentation(f):
            continue
        amt.append((n, m))
    low = [(n, m) for n, m in amt if n <= 8]
    if low:
        n, m = low[0]
        return _hit(ctx, m, True, f"AMT {n}/10 <= 8: confusion by CURB-65's definition")
    value, f, why = decide(ctx.findings("confusion"), "current")
    if value and f is not None:
        return Hit.of_finding(f, True, why)
    if amt:
        n, m = amt[0]
        return _hit(ctx, m, False, f"AMT {n}/10 (9-10): not confused by CURB-65's definition")
    return None if f is None else Hit.of_finding(f, value, why)


_LAST_24H = re.compile(r"(?:last|past|previous)\s+(?:24|twenty-four)\s*h(?:ours?|rs?)?|\btoday\b|\bovernight\b|\blast night\b", re.I)


def fever_past_24h(ctx: NoteContext) -> Hit | None:
    """FeverPAIN 'fever in the past 24 hours': an explicit negation about the last 24 hours / today decides False
    ('No fever in the last 24 hours, though feverish at the weekend'); else a current fever mention or a measured
    temperature >= 38 °C; else a negated fever."""
    for f in ctx.findings("fever"):
        if f.negated and not (f.family or f.hypothetical) and sentence_has(_LAST_24H, f.sentence.text):
            return Hit.of_finding(f, False, "no fever in the last 24 hours")
    value, f, why = decide(ctx.findings("fever"), "current")
    if value:
        return Hit.of_finding(f, True, why)
    measured = fever_by_temperature(ctx)
    if measured is not None:
        return measured
    return None if f is None else Hit.of_finding(f, value, why)


def fever_by_temperature(ctx: NoteContext) -> Hit | None:
    """A measured temperature >= 38.0 °C is a fever."""
    v = ctx.value("temperature")
    if v is not None and float(v.value) >= 38.0:
        return Hit.of_value(v, value=True, unit=None, note=f"temperature {float(v.value):g} °C >= 38")
    return None


# a temperature reported from before the visit: "temp 38.4 at home", "Tmax 38.9 overnight", "39 °C last night"
_FEVER_BY_HISTORY = re.compile(r"\bat\s+home\b|\bhome\s+(?:temp|reading|thermometer)|\bT\s*-?max\b|\bmax(?:imum)?\s+(?:temp\w*|T)\b"
                               r"|\bpeak(?:ed)?\s+(?:temp\w*|at)\b|last\s+night|overnight|yesterday|this\s+morning|earlier\s+today"
                               r"|(?:prior\s+to|before)\s+(?:arrival|presentation|the\s+visit|attending)|\bby\s+history\b"
                               r"|\b(?:mother|father|parents?|wife|husband|partner)\s+(?:reports?|recorded|measured|noted)", re.I)


def centor_temperature(ctx: NoteContext) -> Hit | None:
    """Centor / McIsaac fever (> 38 °C) now or by history: of the presenting readings, one above 38 °C reported from before
    the visit ('temp 38.4 at home', 'Tmax 38.9 overnight') when the clinic reading is not above 38; with no reading at all,
    a current fever by history ('feverish', 'subjective fevers') is the calculator's ``fever_history`` flag (see the
    calculator's MDCalc mapping). None otherwise (the first reading is used); a fever by history without any reading
    is :func:`centor_fever_history`'s."""
    readings = _first_day_readings(ctx, "temperature")
    if readings:
        if float(readings[0].value) > 38:
            return None
        for v in readings[1:]:
            if float(v.value) > 38 and sentence_has(_FEVER_BY_HISTORY, v.sentence.text):
                return Hit.of_value(v, note=f"fever by history: {float(v.value):g} °C before the visit (clinic reading "
                                            f"{float(readings[0].value):g} °C); McIsaac scores a fever now or by history")
        return None
    return None


def centor_fever_history(ctx: NoteContext) -> Hit | None:
    """Centor's 'history of fever' when the note gives no temperature reading: a current fever mention ('feverish',
    'subjective fevers') -> True, a denied one -> False; None when a temperature is given (the reading decides) or
    fever is not mentioned. The flag is the calculator's, not a temperature: no number is made up."""
    if ctx.value("temperature") is not None:
        return None
    value, f, why = decide(ctx.findings("fever"), "current")
    return None if f is None else Hit.of_finding(f, value, why)


# ---------------------------------------------------------------------------
# Issue 13 (k): Caprini 'within the last month' items and the postpartum month
# ---------------------------------------------------------------------------

# a stated interval of at most four weeks before now: "3 weeks ago", "10 days earlier", "last week", "a fortnight ago"
_LAST_MONTH_CUE = re.compile(
    r"\b(?:(?P<n>\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several)\s+(?P<u>days?|weeks?)\s+"
    r"(?:ago|earlier|before|prior)|(?:a|one) fortnight ago|last week|earlier this (?:week|month)|this month|in the (?:last|past) (?:few )?(?:days|week|month))\b",
    re.I)


@functools.lru_cache(maxsize=1024)
def _within_last_month(sentence_text: str) -> bool:
    """The sentence dates its finding at most four weeks ago (a day count up to 30, a week count up to 4). Cached: once
    per sentence, however many mentions it holds."""
    for m in _LAST_MONTH_CUE.finditer(sentence_text):
        if m.group("n") is None:
            return True
        n = m.group("n").lower()
        k = int(n) if n.isdigit() else (word_to_number(n) if n not in ("a", "an", "a few", "several") else 1)
        if k is None:
            continue
        if m.group("u").lower().startswith("week") and k <= 4 or m.group("u").lower().startswith("day") and k <= 30:
            return True
    w = _post_interval_weeks(sentence_text)  # "2/52 ago", "10 days post-op"
    return w is not None and w <= 30 / 7


def last_month(*concepts: str) -> Callable[[NoteContext], Hit | None]:
    """Caprini '... (< 1 month)': a current mention of the condition (ConText), or a mention that ConText reads as past
    ('history of pneumonia 3 weeks ago', 'PMH: stroke 10 days ago') whose sentence dates it within four weeks."""

    def rule(ctx: NoteContext) -> Hit | None:
        mentions = [f for c in concepts for f in ctx.findings(c)]
        value, f, why = decide(sorted(mentions, key=lambda x: x.start), "current")
        if value:
            return Hit.of_finding(f, True, why)
        for g in mentions:
            if g.historical and not (g.negated or g.family or g.hypothetical) and _within_last_month(g.sentence.text):
                return Hit.of_finding(g, True, "past mention dated within the last month")
        return None if f is None else Hit.of_finding(f, value, why)

    rule.__name__ = "last_month_" + "_".join(concepts)
    return rule


_DELIVERY = (r"\b(?:delivered|gave birth|birth of (?:her|a|twin)|(?:vaginal|normal|spontaneous|instrumental|forceps|ventouse) delivery"
             r"|\bSVD\b|\bNVD\b|\bLSCS\b|c-?section|ca?esarean(?: section| delivery)?)\b")


def caprini_pregnancy_postpartum(ctx: NoteContext) -> Hit | None:
    """Caprini 'pregnancy or postpartum (< 1 month)': pregnant / postpartum words (current), or a delivery (vaginal,
    caesarean, 'gave birth') dated within the last four weeks ('delivered by C-section 2 weeks ago')."""
    value, f, why = decide(sorted([*ctx.findings("pregnancy"), *ctx.findings("postpartum")], key=lambda x: x.start), "current")
    if value:
        return Hit.of_finding(f, True, why)
    for g in ctx.terms(_DELIVERY):
        if not (g.negated or g.family or g.hypothetical) and _within_last_month(g.sentence.text):
            return Hit.of_finding(g, True, "delivery within the last month")
    return None if f is None else Hit.of_finding(f, value, why)


# RCRI ischaemic heart disease from tests: a positive exercise / stress / perfusion test written either way round
# ('positive stress test', 'treadmill test positive for ischaemia', 'MIBI: reversible perfusion defect', 'inducible
# ischaemia on DSE'), and pathological Q waves named or placed in leads ('Q waves in II, III, aVF')
_STRESS_TEST = (r"(?:exercise|stress|treadmill|\bETT\b|perfusion|thallium|\bMIBI\b|sestamibi|myoview|dobutamine|\bDSE\b|\bMPI\b|SPECT)")
IHD_TESTS = (
    r"positive (?:\w+ ){0,2}?(?:exercise|stress|treadmill|perfusion|thallium|nuclear) (?:\w+ )?(?:test|study|scan|echo\w*|ECG|EKG)"
    # the gap between test and result carries no denial ('DSE: no inducible ischaemia' stays a negated finding)
    rf"|{_STRESS_TEST}(?:(?!\b(?:no|not|without|negative)\b)[^.;\n]){{0,40}}?\b(?:positive|reversible (?:perfusion )?(?:defect|ischa?emia)|inducible ischa?emia)"
    r"|inducible (?:myocardial )?ischa?emia|reversible (?:perfusion )?defects?|reversible ischa?emia"
    r"|(?:patholog\w+|significant|deep|inferior|anterior|lateral|septal|old)\s+Q[- ]?waves?"
    r"|\bQ[- ]?waves?\s+(?:are\s+|were\s+)?(?:in|across|over|present in)\s+(?:leads?\s+)?(?:III?\b|I\b|aVF|aVL|V[1-6])"
)
