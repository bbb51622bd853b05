"""Rules and field map of the venous thromboembolism scores: Wells PE and DVT, PERC and Caprini (2005): recent surgery
and its timing, immobility, leg swelling, a relative's thrombosis, the last month's conditions, postpartum.

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Callable

from medmirror.tools.extraction.calc_sources import (
    AnyOf,
    Concept,
    Config,
    Derived,
    Hit,
    Judgement,
    Meds,
    NoteContext,
    Quantity,
    Source,
    Term,
    after_presentation,
    decide,
)
from medmirror.tools.extraction.model import Finding
from medmirror.tools.extraction.rules.readers import (
    DVT_RANKED_RX,
    PE_RX,
    alternative_as_likely,
    best_option,
    make_hit,
    stated_leading,
)
from medmirror.tools.extraction.rules.shared import AGE, HEIGHT, HR, SEX, SPO2, WEIGHT, active_cancer, cancer_mentions
from medmirror.tools.extraction.text import NUMBER, parse_number, word_to_number


def wells_active_cancer(ctx: NoteContext) -> Hit | None:
    """Wells' malignancy / active cancer: treatment (or palliation) within the past 6 months (Wells 1997, 2000)."""
    return active_cancer(ctx, within_months=6)


def malignancy_any(ctx: NoteContext) -> Hit | None:
    value, f, why = decide(cancer_mentions(ctx), "any")
    return None if f is None else Hit.of_finding(f, value, why)


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


# a device taken out: "the PICC line was removed before discharge", "his Hickman line had been taken out"
_REMOVED_AFTER = re.compile(r"[^.;]{0,30}?\b(?:was|were|had\s+been|has\s+been|is)\s+(?:\w+\s+)?(?:removed|taken\s+out|pulled)\b",
                            re.I)


def line_in_place(ctx: NoteContext) -> Hit | None:
    """Caprini 'central venous access': a current mention of a central line, leaving out one the note says was removed
    (a removed line is no current access) and one of a later hospital day (:func:`decide`'s 'current')."""
    mentions = [f for f in ctx.findings("central_venous_access")
                if not _REMOVED_AFTER.match(ctx.note, f.end, f.sentence.end)]
    value, f, why = decide(mentions, "current")
    return None if f is None else Hit.of_finding(f, value, why)


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


# an operation placed in this admission's course: 'after 10 days of antibiotics he underwent ...', 'on hospital day 5',
# 'during this admission', 'later in the admission'
_DURING_ADMISSION = re.compile(
    r"\bafter\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|several|a\s+few)\s+(?:days?|weeks?)\s+of\s+"
    r"(?:\w+\s+){0,2}?(?:therapy|treatment|antibiotics?|antimicrobials?|anticoagulation)\b"
    r"|\b(?:on|by)\s+(?:hospital|admission)\s+day\s+\d+|\bduring\s+(?:this|the\s+same|the\s+current)\s+(?:admission|hospitali[sz]ation|hospital\s+stay)"
    r"|\blater\s+(?:in|during)\s+(?:the|this|his|her)\s+(?:admission|hospitali[sz]ation|hospital\s+stay)", re.I)


def surgery_before_presentation(ctx: NoteContext) -> list[Finding]:
    """Surgery mentions that can be an operation *before* the presentation. The note's first operation done as
    emergency treatment ('an emergent laparotomy was performed', 'taken urgently to theatre'), with no time cue
    placing it before the presentation, is this admission's operation: it and every later mention without such a
    cue ('postoperatively', 'the splenectomy') describe the treatment, not 'surgery in the previous weeks'. An
    operation its sentence places in the admission's course ('after 10 days of antibiotics he underwent a valve
    replacement', 'on hospital day 4') is left out too."""
    mentions = sorted((f for f in ctx.findings("recent_surgery") if not _DURING_ADMISSION.search(f.sentence.text)),
                      key=lambda f: f.start)
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


# PERC counts trauma 'requiring treatment with general anaesthesia': an injury its sentence says was treated another
# way (under a regional or local block, sedation, conservatively, sent home the same day) does not count
_NOT_GENERAL_ANAESTHESIA = re.compile(
    r"\b(?:regional|local|spinal|epidural)\s+(?:an(?:a)?esthe\w*|block|nerve\s+block)|\bnerve\s+block|\bhaematoma\s+block"
    r"|\bhematoma\s+block|\bBier'?s?\s+block|\bunder\s+(?:conscious\s+|procedural\s+)?sedation|\bconservatively"
    r"|\bnon-?operatively|\bwent\s+home\s+the\s+same\s+day|\bdischarged\s+(?:home\s+)?the\s+same\s+day", re.I)


def recent_surgery_or_trauma(ctx: NoteContext) -> Hit | None:
    """PERC 'surgery or trauma within 4 weeks requiring general anaesthesia': a current surgery/trauma mention
    (ConText: past-only mentions and 'N months ago' do not count); a surgery mention with a stated interval counts only
    within 4 weeks; this admission's own emergency operation does not count (:func:`surgery_before_presentation`); an
    injury treated without a general anaesthetic ('manipulated under a regional nerve block') does not count."""
    trauma = [f for f in ctx.findings("trauma") if not _NOT_GENERAL_ANAESTHESIA.search(f.sentence.text)]
    mentions = _dated_recent([*surgery_before_presentation(ctx), *trauma], 4)
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
                                      r"|(?:bedridden|bed[- ]?bound|bedfast|confined to (?:the |his |her )?bed)", 3),
        ("bed rest", r"\bbed rest\b|\bbedrest\b", 2),
        ("normal/ambulatory", r"\bambulat(?:ory|ing|es)\b(?! with)|walks? (?:independently|without)|fully mobile|independently mobile", 1),
    ]
    return best_option(ctx, opts, pick="max", current=True)


_SIDE = r"(?:L|R|left|right|Lt|Rt)\b\.?"
_VERSUS = r"\s*(?:[,;/]\s*|\(\s*)?(?:vs\.?|versus|compared\s+(?:with|to)|against|and|[,;/])?\s*(?:the\s+)?"
_CIRC = r"(?:\s+(?:mid-?)?calf)?(?:\s+(?:circumference|girth|diameter))?(?:\s+(?:is|was|of|measures|measured|measuring))?\s*[:=]?\s*"
# two measured calf circumferences, either side first: "L calf circumference 41 cm vs R 37 cm", "right calf 36 cm
# compared with left calf 33 cm", "calf circumference: R 40 cm and L 36 cm", "calf girth left 39 cm, right 35 cm"
# where the circumference was measured, between label and values: "10 cm below the tibial tuberosity", "(15 cm distal
# to the patella)" (a site, not a reading)
_CALF_SITE = (r"(?:\(?\s*(?:measured\s+)?(?:at\s+)?\d{1,2}\s*cm\s+(?:below|distal\s+to|from|under)\s+(?:the\s+)?"
              r"(?:tibial\s+(?:tuberosity|tubercle)|TT|patella|knee(?:\s+joint)?|joint\s+line|medial\s+malleolus)\s*\)?\s*[:=]?\s*"
              r"(?:it\s+(?:is|was|measures|measured)\s+)?)?")
# the larger calf compared in words before its measurement: "the right calf is visibly fuller than the left: measured ..."
_FULLER = (r"(?:(?:\w+\s+){0,2}?(?:fuller|bigger|larger|thicker|more\s+swollen)\s+than\s+(?:the\s+)?(?:left|right|other)"
           r"(?:\s+(?:one|calf|side))?\s*[:,;]?\s*)?")
_TWO_CALVES = re.compile(
    rf"(?:(?P<s1>{_SIDE})\s*(?:calf|leg){_CIRC}{_FULLER}{_CALF_SITE}|\b(?:calf\s+(?:circumferences?|girths?)|calves|calf\s+measurements?)"
    rf"\s*{_CALF_SITE}[:=]?\s*(?P<s1b>{_SIDE})\s*[:=]?\s*)"
    # the unit may be written once, after the second number: "Calves: L 41 / R 37 cm"; the site may follow the first
    # reading: "the right calf measured 41 cm, 10 cm below the tibial tuberosity, against 37 cm on the left"
    + rf"(?P<a>{NUMBER})\s*(?P<ua>cm|mm)?(?:\s+in\s+(?:circumference|girth))?(?:\s*,?\s*{_CALF_SITE})" + _VERSUS + rf"(?:(?P<s2>{_SIDE}){_CIRC}(?P<b>{NUMBER})\s*(?P<ub>cm|mm)?"
    # the second side named after its number: "L calf circumference 42 cm versus 38 cm on the right"
    + rf"|(?P<b2>{NUMBER})\s*(?P<ub2>cm|mm)\s+(?:on|in|for|at)\s+(?:the\s+)?(?P<s2b>{_SIDE}))", re.I)


# each side named after its number: "the calf circumferences, measured 10 cm below the tibial tuberosity, were 36 cm on
# the left and 34 cm on the right"
_ON_SIDE = r"\s*(?P<u{k}>cm|mm)?\s+(?:on|in|for|at)\s+(?:the\s+)?(?P<s{k}>{side})"
_TWO_CALVES_SIDE_AFTER = re.compile(
    rf"\b(?:calf\s+(?:circumferences?|girths?|measurements?)|calves)\b\s*,?\s*{_CALF_SITE},?\s*(?:were|was|measured|:)?\s*"
    rf"(?P<a>{NUMBER})" + _ON_SIDE.format(k="a", side=_SIDE) + _VERSUS
    + rf"(?P<b>{NUMBER})" + _ON_SIDE.format(k="b", side=_SIDE), re.I)


def _two_calves(ctx: NoteContext) -> Hit | None:
    """The difference of two measured calf circumferences (one per side) against 3 cm."""
    for m in _TWO_CALVES_SIDE_AFTER.finditer(ctx.note):
        ua, ub = m.group("ua") or m.group("ub"), m.group("ub") or m.group("ua")
        if ua is None or m.group("sa")[0].upper() == m.group("sb")[0].upper():
            continue
        a = parse_number(m.group("a")) * (0.1 if ua.lower() == "mm" else 1.0)
        b = parse_number(m.group("b")) * (0.1 if ub.lower() == "mm" else 1.0)
        diff = round(abs(a - b), 3)
        if diff <= 15:
            return make_hit(ctx, m, diff > 3, f"calf circumferences {a:g} vs {b:g} cm: difference {diff:g} cm vs 3")
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
        return make_hit(ctx, m, diff > 3, f"calf circumferences {a:g} vs {b:g} cm: difference {diff:g} cm vs 3")
    return None


def calf_swelling_3cm(ctx: NoteContext) -> Hit | None:
    """Calf swelling > 3 cm versus the other leg ('4 cm larger', 'L calf 4 cm > R', two measured circumferences 'R calf
    circumference 39 cm vs L 35 cm'); a difference in mm is divided by 10 (35 mm = 3.5 cm)."""
    two = _two_calves(ctx)
    if two is not None:
        return two
    # the gap names no other part of the leg: "the leg was swollen: the thigh measured 4 cm more" is no calf difference
    gap = r"(?:(?!\b(?:thighs?|knees?|ankles?|feet|foot)\b)[^.;])"
    rx = re.compile(rf"(?:calf|calves|leg){gap}{{0,80}}?(?P<n>{NUMBER})\s*(?P<u>cm|mm)\s*(?:larger|greater|bigger|more|wider|difference|discrepancy|>)"
                    rf"|(?P<n2>{NUMBER})\s*(?P<u2>cm|mm)\s*(?:larger|greater|bigger|more|wider|difference|discrepancy){gap}{{0,60}}?(?:calf|calves|leg)"
                    # "calf asymmetry of 3.5 cm", "calf swelling of 3 cm compared with the other side"
                    rf"|(?:calf|calves)\s+(?:circumference\s+|girth\s+)?(?:asymmetry|swelling|difference|discrepancy|enlargement)"
                    rf"\s*(?:of|=|:|measuring|by)?\s*(?P<n3>{NUMBER})\s*(?P<u3>cm|mm)\b", re.I)
    for m in rx.finditer(ctx.note):
        n = parse_number(m.group("n") or m.group("n2") or m.group("n3"))
        mm = (m.group("u") or m.group("u2") or m.group("u3")).lower() == "mm"
        cm = n / 10 if mm else n
        f = ctx.finding_at(m.start(), m.end())
        if f.negated:
            return make_hit(ctx, m, False, "difference negated")
        return make_hit(ctx, m, cm > 3, f"calf difference {n:g} mm = {cm:g} cm vs 3" if mm else f"calf difference {n:g} cm vs 3")
    t = Term(r"calf swelling (?:of )?(?:more|greater) than 3 ?cm|calf (?:circumference )?(?:more|greater) than 3 ?cm").read(ctx)
    return t


_BILATERAL = re.compile(r"\bbilateral(?:ly)?\b|\bboth (?:legs|lower|calves|ankles|feet)\b|\bsymmetric", re.I)
_LATERAL = re.compile(r"\b(?:left|right|unilateral(?:ly)?|one leg|single leg|asymmetric\w*)\b"
                      r"|(?-i:\b[LR]\.?\s+(?:calf|leg|thigh|ankle|lower (?:leg|limb|extremity))\b)", re.I)
_GENERAL_EDEMA = re.compile(r"^(?:peripheral|pedal|ankle|dependent)\b", re.I)


# one leg larger than the other, in one clause: "her left calf is larger than the right", "the right leg looked bigger
# than the left"; "no larger than" denies it
_LARGER_THAN_OTHER = (r"\b(?:left|right|one|(?-i:[LR]))\s+(?:calf|leg|lower\s+(?:leg|limb|extremity))\s+"
                      r"(?:(?:is|was|looked|looks|appeared|appears|seemed|seems|visibly|clearly|noticeably|obviously)\s+){0,2}"
                      r"(?P<no>(?:no|not)\s+)?(?:larger|bigger|wider|fatter|thicker|more\s+swollen)\s+than\s+(?:the\s+|his\s+|her\s+)?"
                      r"(?:right|left|other|opposite|contralateral)\b"
                      # a measured difference (PERC 'unilateral leg swelling': one leg larger, any measured excess):
                      # "the right calf measured 2.5 cm more than the left", "its girth was 3 cm greater than the other side"
                      r"|\b(?:calf|leg|thigh|lower\s+(?:leg|limb))\b(?:(?!\b(?:both|bilateral\w*|equal|symmetric\w*)\b)[^.;]){0,60}?"
                      r"(?P<no2>(?:no|not)\s+)?\d+(?:\.\d+)?\s*(?:cm|mm)\s+(?:larger|bigger|wider|greater|more)\s+than\s+"
                      r"(?:(?:that\s+of|on)\s+)?(?:the\s+|his\s+|her\s+)?(?:right|left|other|opposite|contralateral)\b")


def unilateral_leg_swelling(ctx: NoteContext) -> Hit | None:
    """Unilateral leg swelling: a swollen leg on one side (or one leg larger than the other); bilateral or
    peripheral/pedal edema is not unilateral."""
    mentions = [f for f in ctx.findings("leg_swelling") if not (f.hypothetical or f.family)]
    compared = None
    for m in re.finditer(_LARGER_THAN_OTHER, ctx.note, re.I):
        f = ctx.finding_at(m.start(), m.end())
        if f.hypothetical or f.family or f.historical or after_presentation(f):
            continue
        if not (m.group("no") or m.group("no2") or f.negated):
            return Hit.of_finding(f, True, "one leg larger than the other")
        compared = compared or Hit.of_finding(f, False, "no leg larger than the other")
    if not mentions:
        return compared
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
        # a stated duration under 3 days is not the criterion ('bedridden for 1 day', 'in bed for 36 hours'), written
        # after the mention or before it in its clause ('for two days she stayed in bed')
        m = _BED_DURATION.match(ctx.note, f.end, min(f.sentence.end, f.end + 40)) \
            or _BED_DURATION_BEFORE.search(ctx.note, max(f.sentence.start, f.start - 60), f.start)
        if m:
            n = parse_number(m.group("n")) if m.group("n")[0].isdigit() else 1 if m.group("n").lower() == "a" else word_to_number(m.group("n"))
            days = None if n is None else n / 24 if m.group("u").lower().startswith("h") else n
            if days is not None and days < 3:
                return Hit.of_finding(f, False, f"immobile {days:g} days (< 3)")
    return None if f is None else Hit.of_finding(f, value, why)


_BED_DURATION = re.compile(r"[^.;\d]{0,25}?\b(?:for|x)\s*(?:the\s+(?:past|last)\s+)?(?P<n>\d+(?:\.\d+)?|one|two|a)\s*"
                           r"(?P<u>days?|d\b|hours?|hrs?|h\b)", re.I)
_BED_DURATION_BEFORE = re.compile(r"\bfor\s+(?:the\s+(?:past|last|following|next)\s+)?(?P<n>\d+(?:\.\d+)?|one|two|a)\s*"
                                  r"(?P<u>days?|hours?|hrs?)\b[^.;\d]{0,40}$", re.I)


# tenderness placed over a named deep vein after the site: "tenderness on palpation along the medial thigh, over the
# femoral vein", "tender in the popliteal fossa over the popliteal vein" (the gap holds no denial; a superficial vein -
# saphenous, varicose - is not the deep venous system)
TENDER_OVER_DEEP_VEIN = (r"\btender(?:ness)?\b(?:(?!\b(?:no|not|non|without|nor)\b)[^.;]){0,60}?\b(?:over|along)\s+(?:the\s+)?(?:course\s+of\s+the\s+)?"
                         r"(?:(?:left|right|common|superficial|deep|posterior|anterior)\s+){0,2}(?:femoral|popliteal|tibial|peroneal|iliac|deep)\s+veins?\b")
DEEP_VEIN_TENDERNESS = AnyOf(Concept("calf_tenderness", when="current"),
                             Term(TENDER_OVER_DEEP_VEIN, when="current", label="tenderness over a named deep vein"))


def dvt_signs(ctx: NoteContext) -> Hit | None:
    """Wells PE: clinical signs of DVT = swelling of one leg or pain on palpation of the deep veins."""
    swelling = unilateral_leg_swelling(ctx)
    if swelling is not None and swelling.value:
        return swelling
    tender = DEEP_VEIN_TENDERNESS.read(ctx)
    if tender is not None and tender.value:
        return tender
    return swelling if swelling is not None else tender


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


# a bone of the hip, pelvis or leg (Caprini's fracture criterion)
_LEG_BONE = (r"(?:\bhip|\bpelvi\w*|\bfemor\w*|\bfemur|\btibi\w*|\bfibul\w*|\bleg\b|\bankle|\bacetabul\w*"
             r"|\bintertrochanteric|\bsubtrochanteric|\bneck of (?:the )?femur)")


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


# a size compared with a pregnancy's: 'the uterus was enlarged to the size of a 16-week pregnancy'
_SIZE_OF = re.compile(r"\b(?:size\s+of\s+an?|sized?\s+(?:like|as)\s+an?|equivalent\s+to\s+an?)\s+(?:[\w-]+\s+){0,2}$", re.I)


# the time of a lost pregnancy: 'three miscarriages in the first trimester', 'a loss at 20 weeks' gestation'
_LOSS_BEFORE = re.compile(r"\b(?:miscarri\w*|abortions?|pregnancy\s+loss(?:es)?|losses|loss|stillbirths?)\b[^.;]{0,25}$", re.I)


def caprini_pregnancy_postpartum(ctx: NoteContext) -> Hit | None:
    """Caprini 'pregnancy or postpartum (< 1 month)': pregnant / postpartum words (current), or a delivery (vaginal,
    caesarean, 'gave birth') dated within the last four weeks ('delivered by C-section 2 weeks ago'). A size compared
    with a pregnancy's or a lost pregnancy's time ('miscarriages in the first trimester') is no pregnancy."""
    def no_pregnancy(f: Finding) -> bool:
        before = f.sentence.text[:max(0, f.start - f.sentence.start)][-40:]
        return bool(_SIZE_OF.search(before) or _LOSS_BEFORE.search(before))

    mentions = [f for f in [*ctx.findings("pregnancy"), *ctx.findings("postpartum")] if not no_pregnancy(f)]
    value, f, why = decide(sorted(mentions, key=lambda x: x.start), "current")
    if value:
        return Hit.of_finding(f, True, why)
    for g in ctx.terms(_DELIVERY):
        if not (g.negated or g.family or g.hypothetical) and _within_last_month(g.sentence.text):
            return Hit.of_finding(g, True, "delivery within the last month")
    return None if f is None else Hit.of_finding(f, value, why)


# Caprini's listed thrombophilias, each its own item
NAMED_THROMBOPHILIA = {
    "factor_v_leiden": Term(r"factor V Leiden|factor 5 Leiden|\bFVL\b", label="factor V Leiden"),
    "prothrombin_20210a": Term(r"prothrombin (?:gene )?(?:mutation|20210A?|G20210A)|\bG20210A\b", label="prothrombin 20210A"),
    "elevated_homocysteine": Term(r"hyperhomocyst\w+|(?:elevated|high|raised|increased) (?:serum |plasma |fasting )?homocyst\w+"
                                  r"|homocyst\w+(?: level)?(?: (?:was|is|of))? (?:elevated|high|raised|increased)", label="elevated homocysteine"),
    "lupus_anticoagulant": Term(r"lupus anticoagulant", label="lupus anticoagulant"),
    "anticardiolipin_antibody": Term(r"anti-?cardiolipin|antiphospholipid (?:antibod\w+|syndrome)|(?-i:\baCL\b)"
                                     r"|anti-?(?:beta|β)-?2[- ]?(?:glycoprotein|GP)[- ]?(?:I|1)\b", label="anticardiolipin antibody"),
    "heparin_induced_thrombocytopenia": Term(r"heparin[- ]induced thrombocytopenia|\bHIT\b", label="HIT"),
}
_OTHER_THROMBOPHILIA = Term(r"protein [CS] deficiency|antithrombin (?:III )?deficiency", label="protein C / S or antithrombin deficiency")
_THROMBOPHILIA_WORD = Term(r"thrombophilia|hypercoagulable (?:state|disorder)", label="thrombophilia")


def other_thrombophilia(ctx: NoteContext) -> Hit | None:
    """Caprini 'other congenital or acquired thrombophilia': protein C / S or antithrombin deficiency; the general word
    ('thrombophilia', 'hypercoagulable state') only when the note names none of the listed ones, each its own item
    ('heterozygous for factor V Leiden ... given her thrombophilia' is the factor V Leiden item, not a second one)."""
    named = _OTHER_THROMBOPHILIA.read(ctx)
    if named is not None and named.value:
        return named
    word = _THROMBOPHILIA_WORD.read(ctx)
    if word is not None and word.value and any((h := t.read(ctx)) is not None and h.value for t in NAMED_THROMBOPHILIA.values()):
        return dataclasses.replace(word, value=False, note="the thrombophilia named is a listed item")
    return word if word is not None else named


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------

PREVIOUS_PE = Concept("pulmonary_embolism", when="history")
PREVIOUS_DVT = Concept("dvt", when="history")
HEMOPTYSIS = Concept("hemoptysis")
ACTIVE_CANCER = Derived(wells_active_cancer, "cancer current, or treated or palliated within 6 months; older past-only cancer is not active")
RECENT_SURGERY = Derived(surgery_within(4), "surgery within 4 weeks: a current surgery mention, not this admission's "
                         "emergency operation")
MAJOR_SURGERY_12_WEEKS = Derived(surgery_within(12), "surgery within 12 weeks: a current surgery mention, not this "
                                 "admission's emergency operation")
HORMONES = AnyOf(Concept("hormone_use", when="current"), Meds("hormone"))

FIELD_MAP: dict[str, dict[str, Source]] = {
    "wells_pe": {
        "dvt_signs": Derived(dvt_signs, "one swollen leg or tenderness along the deep veins"),
        "pe_most_likely": Judgement("clinician's judgement that PE is the leading diagnosis",
                                    evidence=(Concept("pulmonary_embolism", when="current"),),
                                    stated=Derived(stated_leading(PE_RX, "PE"),
                                                   "PE ranked first or equally likely in the note's own words")),
        "heart_rate": HR,
        "immobilization": Derived(immobilized_3_days, "immobilised (bed rest) for 3 days or more, current"),
        "recent_surgery": RECENT_SURGERY,
        "previous_pe": PREVIOUS_PE, "previous_dvt": PREVIOUS_DVT, "hemoptysis": HEMOPTYSIS,
        "malignancy": ACTIVE_CANCER,
    },
    "wells_dvt": {
        "active_cancer": ACTIVE_CANCER,
        "bedridden": Derived(bedridden, "bedridden / immobilised (a plaster cast is the other criterion)"),
        "major_surgery": MAJOR_SURGERY_12_WEEKS,
        "calf_swelling": Derived(calf_swelling_3cm, "calf circumference difference > 3 cm"),
        "collateral_veins": Term(r"collateral (?:superficial )?(?:veins|venous)|venous collaterals|(?:dilated|distended|prominent) (?:non-?varicose )?superficial veins"
                                 r"|superficial venous (?:dilatation|distension)",
                                 when="current", label="collateral superficial veins"),
        "entire_leg_swollen": Derived(one_sided(r"(?:entire|whole|full) (?:of (?:the|his|her) )?(?:left |right |(?-i:[LR]) |lt |rt )?(?:leg|lower (?:extremity|limb))"
                                                  # an inserted extent or adverb: "the entire left leg, from the groin to
                                                  # the ankle, was swollen", "the whole of the right leg was visibly swollen"
                                                  r"(?:, (?:from|up to|down to) [^,.;]{3,40},)?(?: was| is| looked| appeared)?"
                                                  r"(?: (?:visibly|clearly|markedly|diffusely|grossly|obviously))? (?:swollen|edematous|oedematous)"
                                                  r"|swelling of the (?:entire|whole) (?:left |right |(?-i:[LR]) )?(?:leg|lower (?:extremity|limb))"
                                                  # swollen end to end: "left leg swollen from groin to foot", "swelling from thigh to ankle"
                                                  r"|(?:swollen|swelling|edematous|oedematous|edema|oedema) from (?:the )?(?:groin|thigh|hip|upper thigh)"
                                                  r" (?:to|down to) (?:the )?(?:ankle|foot|feet|toes)",
                                                  "entire leg swollen"), "the entire leg swollen (one side)"),
        "localized_tenderness": DEEP_VEIN_TENDERNESS,
        "pitting_edema": Derived(one_sided(r"pitting (?:o)?edema|pitting", "pitting edema"),
                                 "pitting edema confined to one leg (bilateral -> False)"),
        "paralysis_or_cast": AnyOf(Concept("paralysis", "hemiplegia", when="current"),
                                   Term(r"plaster cast|(?:leg|lower (?:extremity|limb)) (?:\w+ )?cast|casted|in a cast"
                                        r"|back-?slab|plaster of paris|\bin plaster\b|(?:below|above)[- ]knee (?:plaster|cast|POP)",
                                        when="current", label="plaster cast")),
        "previous_dvt": PREVIOUS_DVT,
        "alternative_diagnosis": Judgement("an alternative diagnosis at least as likely as DVT",
                                           stated=Derived(alternative_as_likely(DVT_RANKED_RX, "DVT"),
                                                          "the note's own ranking of DVT against other diagnoses")),
    },
    "caprini_vte": {
        "age": AGE, "sex": SEX,
        "surgery_type": Derived(caprini_surgery, "procedure named: arthroplasty / laparoscopic / arthroscopic / major / minor"),
        "mobility": Derived(caprini_mobility, "bed rest / confined to bed > 72 h / ambulatory"),
        "major_surgery_last_month": Derived(caprini_recent_major_surgery,
                                            "an operation in the past month (a recency cue), not minor, not planned"),
        "chf_last_month": Derived(last_month("heart_failure"), "heart failure now or dated within the last month"),
        "sepsis_last_month": Derived(last_month("sepsis"), "sepsis now or dated within the last month"),
        "pneumonia_last_month": Derived(last_month("pneumonia"), "pneumonia now or dated within the last month"),
        # POP (plaster of Paris) only as a cast: "R ankle POP applied", "in a below-knee POP", "POP backslab" (the
        # progestogen-only pill is also 'POP')
        "plaster_cast_last_month": Term(r"plaster cast|(?:leg|arm|lower (?:extremity|limb)) (?:\w+ )?cast|casted|in a cast|back-?slab"
                                        r"|(?:below|above)[- ]knee (?:plaster|cast|POP)|(?-i:\bPOP\b)(?=\s+(?:cast|backslab|slab|applied|was applied|in situ))"
                                        r"|\b(?:in|into)\s+(?:an?\s+)?(?:\w+\s+)?(?-i:POP)\b",
                                        when="current", label="plaster cast"),
        # the bone before or after the word: 'hip fracture', 'fracture of the left femoral neck', '#NOF'
        "fracture_last_month": Term(rf"{_LEG_BONE}[^.;]{{0,30}}?fracture\w*|fracture\w*[^.;]{{0,20}}?{_LEG_BONE}"
                                    r"|#\s?NOF\b|\bfractured\s+(?:neck\s+of\s+)?femur\b",
                                    when="current", label="hip / pelvis / leg fracture"),
        "stroke_last_month": Derived(last_month("stroke"), "stroke now or dated within the last month"),
        "multiple_trauma_last_month": Term(r"multiple (?:trauma|(?:traumatic )?injuries|fractures)|polytrauma|multi-?trauma|multiply injured"
                                           r"|multi-?system (?:trauma|injur\w+)", when="current", label="multiple trauma"),
        "spinal_cord_injury_last_month": Term(r"spinal cord (?:injury|lesion|compression|transection|contusion|trauma|damage)|\bSCI\b"
                                              r"|cord (?:contusion|transection)|traumatic myelopathy", when="current",
                                              label="spinal cord injury"),
        "varicose_veins": Concept("varicose_veins"),
        "swollen_legs": Concept("leg_swelling", when="current"),
        "central_venous_access": Derived(line_in_place, "a central venous line in place now (not one removed, nor one placed "
                                                        "on a later hospital day)"),
        "previous_dvt": PREVIOUS_DVT, "previous_pe": PREVIOUS_PE,
        "family_history_thrombosis": Derived(family_thrombosis, "a relative's thrombosis stated as a fact (a hedged mention "
                                                                  "- 'not confirmed', 'unsure', 'possible' - is not documented)"),
        **NAMED_THROMBOPHILIA,
        "other_thrombophilia": Derived(other_thrombophilia, "protein C / S or antithrombin deficiency; 'thrombophilia' when no "
                                                            "listed one is named"),
        "inflammatory_bowel_disease": Concept("inflammatory_bowel_disease"),
        "bmi": Quantity("bmi"), "weight": WEIGHT, "height": HEIGHT,
        "acute_mi": Derived(last_month("myocardial_infarction"), "myocardial infarction now or dated within the last month"),
        "copd": Concept("copd"),
        "malignancy": Derived(malignancy_any, "present or previous malignancy"),
        "pregnancy_or_postpartum": Derived(caprini_pregnancy_postpartum, "pregnant / postpartum, or a delivery within the last month"),
        "oral_contraceptives_or_hrt": HORMONES,
        # recurrent loss: three or more (or 'multiple', 'several'), however qualified: "three consecutive
        # first-trimester miscarriages", "4 early pregnancy losses"
        "pregnancy_loss_history": Term(r"stillb(?:irth|orn)|recurrent (?:spontaneous )?(?:abortion|miscarriage|pregnancy loss)"
                                       r"|(?:three|four|five|six|[3-9]|multiple|several) (?:(?:consecutive|successive|spontaneous|early"
                                       r"|first[- ]trimester|second[- ]trimester|unexplained) ){0,3}(?:abortions|miscarriages|pregnancy losses)"
                                       r"|pre-?eclampsia|growth[- ]restricted infant"
                                       # a stillbirth by its other names, toxaemia, fetal growth restriction
                                       r"|intra-?uterine (?:fetal|foetal) death|\bIUFD\b|(?:fetal|foetal) demise|(?<![\w-])eclampsia|\bHELLP\b"
                                       r"|toxa?emia of pregnancy|(?:intra-?uterine|fetal|foetal) growth restriction|\bIUGR\b"
                                       r"|habitual (?:abortion|miscarriage)"
                                       # losses named by their trimester: "three first-trimester losses"
                                       r"|(?:three|four|five|six|[3-9]|multiple|several) (?:(?:consecutive|successive|spontaneous"
                                       r"|unexplained) ){0,2}(?:first|second|early)[- ](?:trimester|pregnancy) losses"
                                       # losses named by their gestation: "three losses at 8 to 10 weeks", "4 losses before 12 weeks"
                                       r"|(?:three|four|five|six|[3-9]|multiple|several) (?:(?:consecutive|successive|spontaneous"
                                       r"|unexplained|early) ){0,2}(?:pregnancy )?losses (?:at|before|by|between|under|of) "
                                       r"(?:about |around )?\d{1,2}(?:\s*(?:to|-|–|and)\s*\d{1,2})? (?:weeks|wk)",
                                       label="stillbirth / recurrent miscarriage / preeclampsia"),
        "variant": Config("scoring table (MedCalc-Bench's by default)"),
    },
    "perc_rule": {
        "age": AGE, "heart_rate": HR, "oxygen_saturation": SPO2,
        "unilateral_leg_swelling": Derived(unilateral_leg_swelling, "one swollen leg; bilateral / peripheral edema is not"),
        "hemoptysis": HEMOPTYSIS,
        "recent_surgery_or_trauma": Derived(recent_surgery_or_trauma, "surgery or trauma in the past 4 weeks (current mention)"),
        "previous_pe": PREVIOUS_PE, "previous_dvt": PREVIOUS_DVT,
        "hormone_use": HORMONES,
    },
}
