"""Dates and cycle length for the obstetric calculators.

- ``lmp_date``: "last menstrual period (LMP) was on 02/24/2000", "LMP: Jan 7, 2017".
- ``due_date``: "EDD 10/08/2023", "estimated due date: Oct 8, 2023" (gestational age when no LMP is given).
- ``current_date``: "Today's date is 08/21/2021", "current date: 2021-08-21", "14/03/2026 (today)"; when none is
  labelled, the date of the encounter the note records ("Booking appointment - 17 October 2022", "Seen in clinic on
  2 May 2023").
- ``cycle_length``: "cycle length is 30 days", "28-day cycles", "thirty-day cycles", "menses every 4 weeks",
  "cycles are regular but long, every 33 days" (days, 15-60); a range ("24-26 day cycles") or an irregular cycle
  is not one length and is not read.

Numeric dates are read month/day/year (the US convention of MedCalc-Bench's notes)
unless the first field cannot be a month (> 12), then day/month/year. A note is read in one order: when one of
its numeric dates can only be day/month/year ("28/01/2024") and none can only be month/day/year, its ambiguous
dates ("05/09/2024") are read day/month/year too (:func:`note_day_first`). Two-digit
years are 2000-2049 below 50 and 1950-1999 otherwise. The value is ISO
``YYYY-MM-DD``; ``details["mm/dd/yyyy"]`` gives the benchmark's spelling.
"""

from __future__ import annotations

import datetime as dt
import re

from medmirror.tools.extraction.model import Value
from medmirror.tools.extraction.text import SentenceIndex, word_to_number

_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
_MONTH_RX = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?" \
            r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
MONTH_RX = _MONTH_RX  # a month name or its abbreviation, for other modules
DATE = (
    r"(?P<date>(?<!\d)\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?!\d)|(?<!\d)\d{4}-\d{1,2}-\d{1,2}(?!\d)"
    rf"|{_MONTH_RX}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_RX},?\s+\d{{4}})"
)
_LABELS = {
    "lmp_date": r"last (?:normal )?menstrual period|last (?:normal )?menstrual cycle|\bLN?MP\b|last (?:normal )?menses"
                r"|last (?:normal )?period",
    "due_date": r"\bEDD\b|estimated date of (?:delivery|confinement)|(?:estimated )?due date",
    "current_date": r"today'?s date|todays date|current date|today is|date today"
                    r"|date of (?:the |this |today's )?(?:visit|presentation|evaluation|examination|assessment|consultation|service"
                    r"|review|appointment|encounter|booking|attendance)"
                    r"|(?<!last )(?<!next )(?<!previous )(?<!prior )(?:clinic|visit|consultation|appointment|assessment|review|service"
                    r"|encounter|booking|examination) date",
}
# the date right after the label, or after a relative clause of the label ("her last menstrual period, which she recorded
# as having started on the 3rd of May 2026")
_LABELLED = {name: re.compile(rf"(?:{rx})(?:,\s*which\b[^\d\n.;,]{{0,60}}?|[^\d\n.;]{{0,40}}?){DATE}", re.I)
             for name, rx in _LABELS.items()}
# 'today' right before a date: "seen today (4 May 2023)", "today, Tuesday 4 April 2023"
_TODAY_DATE = re.compile(rf"\btoday\s*(?:[(,:–—-]\s*)?(?:is\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?:the\s+)?{DATE}",
                         re.I)
# a date labelled today's in brackets right after it: "Triage 14/03/2026 (today)", "seen 2 May 2026 (today's date)"
_DATE_TODAY = re.compile(rf"{DATE}\s*\(\s*(?:today|today'?s date|current date)\s*\)", re.I)
# When no date is labelled as today's: the date of the encounter the note records, written as its heading or next to
# the encounter word ("Booking appointment - 17 October 2022", "Antenatal clinic, 03/05/2023", "Seen in clinic on
# 2 May 2023", "Date: 12/01/2022"). An earlier or later encounter ("last visit", "next appointment", "follow-up on")
# is not today, and the date must follow the word directly (a separator, 'on' or 'dated' between them).
_ENCOUNTER_DATE = [re.compile(
    r"(?<!last )(?<!next )(?<!previous )(?<!prior )(?<!follow-up )(?<!follow up )(?<!return )(?<!first )"
    r"\b(?:appointment|visit|clinic|consultation|review|booking|attendance|encounter|seen|assessed|reviewed|examined"
    r"|attends|attended|presents|presented)"
    rf"\b[ \t]*(?:[-–—:,][ \t]*)?(?:(?:on|dated)[ \t]+)?(?:the[ \t]+)?{DATE}", re.I),
    re.compile(rf"(?:^|\n)[ \t]*(?:date|dated)[ \t]*(?:[-–—:][ \t]*)?{DATE}", re.I),
    # the place of the encounter between the word and 'on' the date: "attended the maternity assessment unit on
    # 14 October 2026", "was seen in the maternal-fetal medicine clinic on September 11, 2026" (not "had attended")
    re.compile(r"(?<!had )\b(?:attend(?:ed|s)|present(?:ed|s)|seen|reviewed|assessed|examined)[ \t]+(?:(?:at|in|to)[ \t]+)?"
               r"(?:the|a|an|his|her|their)[ \t]+(?:[\w'-]+[ \t]+){0,4}?(?:clinic|unit|department|triage|centre|center|surgery"
               rf"|practice|office|service|ward|suite)[ \t]+on[ \t]+(?:the[ \t]+)?{DATE}", re.I)]
# the note's first line, a heading ending in a date: "Maternity triage handover - 05/09/2024, 07:00", "WARD ROUND:
# 3 March 2024" (read only when no encounter word dates the note; a heading naming another date is not one)
# (bounded runs of blanks: unbounded ones around the lazy heading backtrack quadratically on a long blank line)
_HEADING_DATE = re.compile(rf"[ \t]{{0,20}}(?P<head>[^\n\d \t][^\n\d]{{1,79}}?)[ \t]{{0,20}}[-–—:,][ \t]{{0,20}}{DATE}", re.I)
_NOT_ENCOUNTER_LABEL = re.compile(r"\b(?:LN?MP|DOB|D\.O\.B|born|birth|EDD|due|menstrua\w*|period|admitted|admission"
                                  r"|surgery|operation|discharged?|onset|last|previous|prior|next)\b", re.I)
_CYCLE_N = r"(?P<n>\d{2}|twenty(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|thirty(?:[- ](?:one|two|three|four|five))?)"
_CYCLE = [
    # "cycle length of 30 days", "cycles: regular, every 26 days" (a comma may follow a filler word)
    re.compile(r"\bcycles?(?: length)?\s*(?:(?:is|was|of|are|were|:|=|lasts?|lasting|every|about|approximately"
               rf"|usually|typically|regular(?:ly)?|around)\s*,?\s*){{0,3}}{_CYCLE_N}\s*(?:-|\s)?days?\b(?!\s*(?:-|–|to)\s*\d)", re.I),
    re.compile(rf"(?<![\d.\-–])\b{_CYCLE_N}\s*-?\s*days?\s+(?:menstrual\s+)?cycles?\b", re.I),
    # "menses every 4 weeks", "periods come every four weeks": weeks x 7
    re.compile(r"\b(?:menses|periods?|menstruation|cycles?|bleeds?)\b[^.;\d]{0,25}?\bevery\s+(?P<w>4|5|four|five)\s+weeks\b", re.I),
    # "her cycles are regular but long, every 33 days", "periods come every 30 days", "cycles are long but predictable
    # at 33 days" (a word gap without digits; an
    # irregular cycle or a range is not one length)
    re.compile(r"\b(?:menses|periods?|menstruation|cycles?)\b(?:(?!irregular)[^.;\d]){0,30}?\b(?:every|at|of)\s+"
               rf"{_CYCLE_N}\s*-?\s*days?\b(?!\s*(?:-|–|to)\s*\d)", re.I),
]


_NUMERIC_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})(?![\d/-])(?!\.\d)")


def note_day_first(note: str) -> bool:
    """True when the note's numeric dates are day/month/year: one pins that order (first field > 12) and none pins
    month/day/year (second field > 12). Mixed or unpinned notes keep month/day/year."""
    day_first = month_first = False
    for m in _NUMERIC_DATE.finditer(note):
        a, b = int(m.group(1)), int(m.group(2))
        day_first |= 12 < a <= 31 and 1 <= b <= 12
        month_first |= 12 < b <= 31 and 1 <= a <= 12
    return day_first and not month_first


def parse_date(text: str, day_first: bool = False) -> dt.date | None:
    """Parse one date spelling (see module doc); None when it is not a valid date. ``day_first`` reads an ambiguous
    numeric date ("05/09/2024") as day/month/year."""
    t = text.strip().rstrip(",")
    try:
        m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t)
        if m:
            return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        m = re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})", t)
        if m:
            a, b, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
            if len(m.group(3)) == 2:
                y += 2000 if y < 50 else 1900
            month, day = (b, a) if a > 12 or (day_first and b <= 12) else (a, b)
            return dt.date(y, month, day)
        m = re.fullmatch(rf"({_MONTH_RX})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})", t, re.I)
        if m:
            return dt.date(int(m.group(3)), _month(m.group(1)), int(m.group(2)))
        m = re.fullmatch(rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RX}),?\s+(\d{{4}})", t, re.I)
        if m:
            return dt.date(int(m.group(3)), _month(m.group(2)), int(m.group(1)))
    except ValueError:
        return None
    return None


def _month(word: str) -> int:
    w = word.lower().rstrip(".")[:3]
    return next(i for name, i in _MONTHS.items() if name.startswith(w))


_DOB = re.compile(rf"\b(?:DOB|D\.O\.B\.?|date of birth|born(?:\s+on)?)\s*[:=-]?\s*{DATE}", re.I)


# the date of this admission: "Admitted 14/05/2024", "Date of admission: 2024-05-14", "Admission date - 3 May 2024"
_ADMISSION_DATE = re.compile(rf"\b(?:admitted(?:\s+on)?|date\s+of\s+admission|admission\s+date)\s*[:=–—-]?\s*{DATE}", re.I)


def age_from_birth_date(note: str, index: SentenceIndex, today: Value | None) -> Value | None:
    """The age in whole years at today's date (labelled or the encounter's), else at the date of admission, from a
    date of birth ('DOB 04/11/1950'); None without both dates or when the birth date is not before that date."""
    m = _DOB.search(note)
    born = parse_date(m.group("date"), note_day_first(note)) if m else None
    if m is None or born is None:
        return None
    if today is not None:
        now, which = dt.date.fromisoformat(str(today.value)), "today's date"
    else:
        adm = _ADMISSION_DATE.search(note)
        now = parse_date(adm.group("date"), note_day_first(note)) if adm else None
        which = "the date of admission"
        if now is None:
            return None
    years = now.year - born.year - ((now.month, now.day) < (born.month, born.day))
    if not 0 <= years <= 125 or born >= now:
        return None
    return Value(name="age", value=float(years), unit="years", raw=m.group(0), original_value=float(years),
                 original_unit="years", start=m.start(), end=m.end(), sentence=index.at(m.start()),
                 details={"from": f"date of birth {born.isoformat()} and {which} {now.isoformat()}"})


def _encounter_dates(note: str, index: SentenceIndex, day_first: bool = False) -> list[Value]:
    """Dates of the encounter the note records (:data:`_ENCOUNTER_DATE`), else the date of the note's heading
    (:data:`_HEADING_DATE`), as current-date candidates."""
    values = []
    matches = sorted((m for rx in _ENCOUNTER_DATE for m in rx.finditer(note)), key=lambda m: m.start("date"))
    if not matches:
        heading = _HEADING_DATE.match(note)
        if heading and not _NOT_ENCOUNTER_LABEL.search(heading.group("head")):
            matches = [heading]
    for m in matches:
        d = parse_date(m.group("date"), day_first)
        if d is None:
            continue
        values.append(Value(
            name="current_date", value=d.isoformat(), unit="date", raw=m.group(0).strip(), original_value=m.group("date"),
            original_unit=None, start=m.end() - len(m.group(0).strip()), end=m.end(), sentence=index.at(m.start("date")),
            details={"mm/dd/yyyy": d.strftime("%m/%d/%Y"), "from": "date of the encounter (no date labelled today's)"},
        ))
    return values


_PREGNANCY_DAYS = 280
# when no date is labelled the last menstrual period: the start dates of periods the note names ("her period that had
# started on 22 December 2025 was followed by another, which the clinic's records listed as starting on 2026-01-19");
# the last of them is the last period
_PERIOD_START = re.compile(
    rf"\b(?:(?:menstrual\s+)?period|menses|another(?=[^.;\n]{{0,80}}?\bstart))\b[^\d\n.;]{{0,60}}?"
    rf"\b(?:started|starting|began|beginning|begun)\s+(?:on\s+)?(?:the\s+)?{DATE}", re.I)
# ... a period that is not hers or not a menstrual one ("the period of observation", "a trial period")
_NOT_MENSES = re.compile(r"\b(?:trial|observation|follow-?up|waiting|study|washout|grace|time|short|long|rest)\s+period\b"
                         r"|\bperiod\s+of\b", re.I)


def _period_starts(note: str, index: SentenceIndex, day_first: bool) -> list[Value]:
    """LMP candidates from unlabelled period start dates (:data:`_PERIOD_START`), the latest first."""
    values = []
    for m in _PERIOD_START.finditer(note):
        if _NOT_MENSES.search(m.group(0)):
            continue
        d = parse_date(m.group("date"), day_first)
        if d is None:
            continue
        values.append(Value(
            name="lmp_date", value=d.isoformat(), unit="date", raw=m.group(0), original_value=m.group("date"),
            original_unit=None, start=m.start(), end=m.end(), sentence=index.at(m.start()),
            details={"mm/dd/yyyy": d.strftime("%m/%d/%Y"), "from": "the last of the period start dates the note gives"}))
    return sorted(values, key=lambda v: v.value, reverse=True)


# an LMP told relative to a dated event: "her last menstrual period began six days before her sister's wedding on
# Saturday 13 June 2026", "LMP two weeks after her birthday (3 May 2026)": the event's date moved by the days or weeks;
# a weekday written with the date must be that date's (else the date is doubtful and not read)
_N_WORD = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|twenty"
_RELATIVE_LMP = re.compile(
    rf"(?:{_LABELS['lmp_date']})[^\d\n.;]{{0,40}}?\b(?P<n>{_N_WORD})\s+(?P<u>days?|weeks?)\s+(?P<dir>before|after|prior\s+to"
    rf"|earlier\s+than|later\s+than)\s+[^\d\n.;]{{0,80}}?(?:(?P<wd>(?:mon|tues|wednes|thurs|fri|satur|sun)day),?\s+(?:the\s+)?)?"
    rf"{DATE}", re.I)
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _relative_lmp(note: str, index: SentenceIndex, day_first: bool) -> list[Value]:
    """LMP dates told relative to a dated event (:data:`_RELATIVE_LMP`)."""
    values = []
    for m in _RELATIVE_LMP.finditer(note):
        event = parse_date(m.group("date"), day_first)
        raw_n = m.group("n").lower()
        n = int(raw_n) if raw_n.isdigit() else word_to_number(raw_n)
        if event is None or not n:
            continue
        if m.group("wd") and _WEEKDAYS[event.weekday()] != m.group("wd").lower():
            continue
        days = n * (7 if m.group("u").lower().startswith("week") else 1)
        sign = 1 if m.group("dir").lower().startswith(("after", "later")) else -1
        d = event + dt.timedelta(days=sign * days)
        values.append(Value(
            name="lmp_date", value=d.isoformat(), unit="date", raw=m.group(0), original_value=m.group("date"),
            original_unit=None, start=m.start(), end=m.end(), sentence=index.at(m.start()),
            details={"mm/dd/yyyy": d.strftime("%m/%d/%Y"),
                     "from": f"{days} days {'after' if sign > 0 else 'before'} {event.isoformat()}"}))
    return values


def _this_pregnancy_first(values: list[Value]) -> list[Value]:
    """LMP dates in note order, the latest first when an earlier one is more than a pregnancy (280 days) before it: that
    one dated an earlier pregnancy ("her first child was born after a pregnancy dated from a last period of 5 August
    2021 ... her last menstrual period began on the 28th of December 2025"). Dates closer together (a corrected or
    disputed LMP) keep the note's order."""
    latest = max(values, key=lambda v: v.value)
    if all(dt.date.fromisoformat(latest.value) - dt.date.fromisoformat(v.value) > dt.timedelta(days=_PREGNANCY_DAYS)
           for v in values if v is not latest):
        return [latest, *[v for v in values if v is not latest]]
    return values


def extract_dates(note: str, index: SentenceIndex) -> dict[str, Value]:
    """LMP date, current date and cycle length, each with alternatives."""
    out: dict[str, Value] = {}
    day_first = note_day_first(note)
    for name, rx in _LABELLED.items():
        values = []
        for m in rx.finditer(note):
            d = parse_date(m.group("date"), day_first)
            if d is None:
                continue
            values.append(Value(
                name=name, value=d.isoformat(), unit="date", raw=m.group(0), original_value=m.group("date"),
                original_unit=None, start=m.start(), end=m.end(), sentence=index.at(m.start()),
                details={"mm/dd/yyyy": d.strftime("%m/%d/%Y")},
            ))
        if name == "current_date":
            for m in [*_TODAY_DATE.finditer(note), *_DATE_TODAY.finditer(note)]:
                d = parse_date(m.group("date"), day_first)
                if d is not None:
                    values.append(Value(
                        name=name, value=d.isoformat(), unit="date", raw=m.group(0), original_value=m.group("date"),
                        original_unit=None, start=m.start(), end=m.end(), sentence=index.at(m.start()),
                        details={"mm/dd/yyyy": d.strftime("%m/%d/%Y")}))
            values.sort(key=lambda v: v.start)
            values = list({v.start: v for v in values}.values())
        if not values and name == "current_date":
            values = _encounter_dates(note, index, day_first)
        if name == "lmp_date" and not values:
            values = _relative_lmp(note, index, day_first) or _period_starts(note, index, day_first)
        elif name == "lmp_date" and len(values) > 1:
            values = _this_pregnancy_first(values)
        if values:
            values[0].alternatives = values[1:]
            out[name] = values[0]
    cycles: list[Value] = []
    seen: set[int] = set()
    for rx in _CYCLE:
        for m in rx.finditer(note):
            g = m.groupdict()
            if g.get("w"):
                n = 7 * (int(g["w"]) if g["w"].isdigit() else {"four": 4, "five": 5}[g["w"].lower()])
                pos = m.start("w")
            else:
                raw = g["n"]
                n = int(raw) if raw.isdigit() else (word_to_number(raw.lower().replace("-", " ")) or 0)
                pos = m.start("n")
            if pos in seen or not 15 <= n <= 60:
                continue
            seen.add(pos)
            cycles.append(Value(
                name="cycle_length", value=float(n), unit="days", raw=m.group(0), original_value=float(n),
                original_unit="days", start=m.start(), end=m.end(), sentence=index.at(m.start()),
            ))
    if cycles:
        cycles.sort(key=lambda v: v.start)
        cycles[0].alternatives = cycles[1:]
        out["cycle_length"] = cycles[0]
    return out
