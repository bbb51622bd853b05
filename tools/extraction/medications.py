"""Medications with dose, unit, route/form and frequency (for opioid MME and steroid conversion).

Drugs come from ``drugs.json`` (class -> generic name -> spellings). Around each
drug mention the extractor reads:

- the route or form next to it ("FentaNYL buccal", "Hydrocortisone IV",
  "oral prednisolone", "fentanyl transdermal patch");
- the dose, after the drug ("aspirin 81 mg", "amlodipine (5 mg twice daily)") or
  before it ("10 mg of OxyMORphone", "500 mg levetiracetam");
- the frequency as doses per day: "q6h" / "every 6 hours" / "6-hourly" -> 4,
  "BID" / "twice daily" -> 2, "TID" -> 3, "QID" -> 4, "daily" / "OD" / "qhs" -> 1,
  "N times a day" -> N, "every other day" -> 0.5, "weekly" -> 1/7, a dose written
  per day ("35 mg/day") -> 1; "PRN" / "as needed" is flagged.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from medmirror.tools.extraction.model import Medication
from medmirror.tools.extraction.text import NUMBER, SentenceIndex, parse_number, word_to_number

DRUGS_PATH = Path(__file__).with_name("drugs.json")

_ROUTE_WORDS: dict[str, str] = {
    "iv": "iv", "intravenous": "iv", "intravenously": "iv", "i.v.": "iv", "po": "po", "p.o.": "po", "oral": "po",
    "orally": "po", "by mouth": "po", "im": "im", "intramuscular": "im", "intramuscularly": "im", "sc": "sc",
    "sq": "sc", "subcutaneous": "sc", "subcutaneously": "sc", "transdermal": "patch", "patch": "patch",
    "patches": "patch", "buccal": "buccal", "sublingual": "sublingual", "sl": "sublingual", "intranasal": "nasal",
    "nasal": "nasal", "rectal": "rectal", "pr": "rectal", "inhaled": "inhaled", "topical": "topical",
    "er": "extended-release", "xr": "extended-release", "sr": "extended-release", "cr": "extended-release",
    "la": "extended-release", "extended-release": "extended-release", "extended release": "extended-release",
    "ir": "immediate-release", "immediate-release": "immediate-release", "immediate release": "immediate-release",
    "tablet": "tablet", "tablets": "tablet", "capsule": "capsule", "capsules": "capsule", "lozenge": "lozenge",
    "film": "film", "spray": "spray", "solution": "solution", "syrup": "syrup", "injection": "injection",
    "infusion": "infusion", "drip": "infusion",
}
_ROUTE = r"(?:" + "|".join(sorted((re.escape(w) for w in _ROUTE_WORDS), key=len, reverse=True)) + r")"
_UNIT = (r"(?:(?:mcg|µg|μg|ug|micrograms?)\s*(?:/|per)\s*(?:kg|kilograms?)\s*(?:/|per)\s*min(?:ute)?"
         # 'gamma' is µg/kg/min in the ICU shorthand of many countries: "dopamine 5 gamma"
         r"|gammas?(?![\w-])|γ|(?:mcg|µg|μg|ug|micrograms?)\s*/\s*h(?:r|our)?|mg\s*/\s*kg(?:\s*/\s*(?:day|d|h|hr|min(?:ute)?))?"
         # infusion rates: "0.3 micrograms/kg/min", "0.1 mcg/kg/minute", "0.2 µg·kg⁻¹·min⁻¹", "8 mcg/min", "2 mg/h"
         r"|(?:mcg|µg|μg|ug|micrograms?)\s*/\s*kg\s*/\s*min(?:ute)?|(?:mcg|µg|μg|ug|micrograms?)\s+per\s+(?:kg|kilo(?:gram)?s?)\s+per\s+min(?:ute)?|(?:mcg|µg|μg|ug|micrograms?)\s*[·.]?\s*kg\s*[⁻-]\s*[¹1]\s*[·.]?\s*min\s*[⁻-]\s*[¹1]"
         r"|(?:mcg|µg|μg|ug|micrograms?|mg)\s*/\s*min(?:ute)?|mg\s*/\s*h(?:r|our)?(?![A-Za-z])|mg|mcg|µg|μg|ug|milligrams?|micrograms?|grams?|g"
         r"|units?|IU|iu|mL|ml|mEq|meq|mmol|puffs?|tablets?|tabs?|capsules?|caps?)")
_PER_DAY_UNIT = re.compile(r"\s*(?:/|per|a|every)\s*(?:day|d|24\s*h(?:ours?|rs?)?)\b|\s*daily\b", re.I)
_DOSE = rf"(?P<dose>{NUMBER})\s*-?\s*(?P<unit>{_UNIT})(?![A-Za-z])"

_FREQ: list[tuple[re.Pattern[str], float | None]] = [
    (re.compile(r"\bevery\s+other\s+day\b|\bq\.?o\.?d\.?(?![\w])|\balternate\s+days\b", re.I), 0.5),
    (re.compile(r"\b(?:once\s+(?:a|per|every)\s+week|weekly|q\.?\s*week|qwk)\b", re.I), 1 / 7),
    (re.compile(r"\bq\.?\s*(?P<h>\d{1,2})(?:\s*(?:-|to)\s*\d{1,2})?\s*h(?:ours?|rs?|r)?\.?(?![\w])", re.I), None),
    (re.compile(r"\bevery\s+(?P<h>\d{1,2})(?:\s*(?:-|to)\s*\d{1,2})?\s*(?:hours?|hrs?|h)\b", re.I), None),
    (re.compile(r"\b(?P<h>\d{1,2})\s*-?\s*hourly\b", re.I), None),
    (re.compile(r"\bevery\s+(?P<d>\d{1,2})\s*days?\b", re.I), None),
    (re.compile(r"\b(?P<n>\d{1,2}|one|two|three|four|five|six)\s*(?:x|×|times?)\s*(?:a|per|each|/|every)?\s*(?:day|daily|d)\b",
                re.I), None),
    (re.compile(r"\b(?:four\s+times\s+(?:a\s+|per\s+)?(?:day|daily)|q\.?i\.?d\.?|q\.?d\.?s\.?)(?![\w])", re.I), 4),
    (re.compile(r"\b(?:three\s+times\s+(?:a\s+|per\s+)?(?:day|daily)|thrice\s+(?:a\s+)?(?:day|daily)|t\.?i\.?d\.?"
                r"|t\.?d\.?s\.?)(?![\w])", re.I), 3),
    (re.compile(r"\b(?:twice\s+(?:a\s+|per\s+|each\s+)?(?:day|daily)|b\.?i\.?d\.?|b\.?d\.?|two\s+times\s+(?:a\s+)?day"
                r"|q\.?\s*12\s*h)(?![\w])", re.I), 2),
    (re.compile(r"\b(?:once\s+(?:a\s+|per\s+|each\s+)?(?:day|daily)|daily|q\.?d\.?|o\.?d\.?|q\.?a\.?m\.?|q\.?p\.?m\.?"
                r"|q\.?h\.?s\.?|nightly|at\s+night|at\s+bedtime|every\s+(?:day|morning|evening|night)|per\s+day|a\s+day"
                r"|/\s*day|/\s*d)(?![\w])", re.I), 1),
]
_PRN = re.compile(r"\b(?:p\.?r\.?n\.?|as\s+needed|when\s+needed|if\s+needed|on\s+demand)(?![\w])", re.I)


_ADMINISTRATION = {"iv", "po", "im", "sc", "patch", "buccal", "sublingual", "nasal", "rectal", "inhaled", "topical"}


_TABLET_COUNT = {"one": 1.0, "1": 1.0, "two": 2.0, "2": 2.0, "three": 3.0, "3": 3.0, "half": 0.5, "½": 0.5,
                 "1.5": 1.5, "one and a half": 1.5}
_TABLETS = re.compile(r"\s*,?\s*(?:take\s+)?(?P<n>one and a half|one|two|three|half|½|1\.5|1|2|3)\s*(?:a\s+)?"
                      r"(?:tablets?|tabs?|capsules?|caps?|pills?)\b", re.I)
_COMBO_JOIN = re.compile(r"\s*[/-]\s*")
_COMBO_DOSE = re.compile(rf"\s*(?P<a>\d+(?:\.\d+)?)\s*/\s*(?P<b>\d+(?:\.\d+)?)\s*-?\s*(?P<unit>{_UNIT})(?![A-Za-z])", re.I)
# a combination tablet written by its strengths without a unit, the second part a non-opioid analgesic in mg
# ("Percocet 5/325", "hydrocodone/APAP 10/325", "co-codamol 30/500"): the first number is this drug's mg per tablet
_PARTNER = r"(?:APAP|acetaminophen|paracetamol|ibuprofen|aspirin|ASA)"
_COMBO_STRENGTHS = re.compile(rf"(?:\s*[/-]\s*{_PARTNER}\b)?\s*(?P<a>\d+(?:\.\d+)?)\s*/\s*(?P<b>[2-9]\d\d|1000)"
                              rf"(?:\s*-?\s*(?P<unit>mg)\b)?(?![\d/])", re.I)
# a tablet count written before the drug: "takes 2 tablets of tramadol 50 mg"
_TABLETS_BEFORE = re.compile(r"\b(?P<n>one and a half|one|two|three|half|1\.5|1|2|3)\s*(?:tablets?|tabs?|capsules?|caps?|pills?)"
                             r"\s+of\s+$", re.I)
# a strength per tablet, then the number of tablets taken at once: "Medrol 4 mg tablets - SIX tablets (24 mg) every
# morning", "prednisolone 5 mg tabs, take 6 tablets daily", "5 mg x 8 tablets once a day": the dose is the strength times
# the count (a count with a schedule or a bracketed total after it; "28 tablets dispensed" is a supply, not a dose)
_COUNT_WORD = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_STRENGTH_COUNT = re.compile(rf"\s*(?:[-–—:,;x×]|\bthen\b)?\s*(?:take\s+|takes\s+|taking\s+)?(?P<n>{_COUNT_WORD})\s+"
                             rf"(?:tablets?|tabs?|capsules?|caps?|pills?)\b(?:\s*\((?P<total>{NUMBER})\s*(?P<tu>mg|mcg|µg|g)\))?",
                             re.I)
# a dose changed later in the same sentence: "prednisone 7.5 mg daily, increased to 20 mg daily this week" (the
# current dose); a planned change ("to be tapered to 5 mg", "will reduce to") is not one
_DOSE_CHANGE = re.compile(rf"\b(?:increased|reduced|decreased|raised|lowered|changed|titrated|up-?titrated|weaned|tapered|"
                          rf"switched)\s+(?:up\s+|down\s+)?to\s+{_DOSE}", re.I)
_PLANNED_CHANGE = re.compile(r"\b(?:will|plan(?:ned)?|to\s+be|should|then|next|over\s+the\s+(?:next|coming)|aim)\b[^.;]{0,25}$", re.I)
# what an as-needed drug is actually taken per day: "q4h PRN, takes about 4 doses a day", "using 3 doses daily"
_PRN_USE = re.compile(r"\b(?:takes?|taking|took|uses?|using|used|needs?|needing|requires?|requiring)\s+(?:about\s+|around\s+|approximately\s+"
                      r"|roughly\s+|only\s+)?(?P<n>\d{1,2}|one|two|three|four|five|six)\s+(?:doses?|tablets?|tabs?|times?)\s+"
                      r"(?:a|per|each)\s+day\b|\b(?P<n2>\d{1,2}|one|two|three|four|five|six)\s+(?:doses?|tablets?|tabs?)\s+daily\b", re.I)


_BRACKET_ASIDE = re.compile(r"\s*\([^()\d]{1,60}\)\s*,?")
# the daily use of an as-needed drug told in the next sentence: "The diary shows five tablets a day", "she has been
# taking about three a day"
_USE_PER_DAY = re.compile(r"\b(?:(?:takes?|taking|took|uses?|using|used|shows?|showed|shown|records?|recorded|documents?"
                          r"|documented|averages?|averaged|averaging)\s+(?:about\s+|around\s+|approximately\s+|roughly\s+)?)"
                          r"(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight)\s+(?:doses?|tablets?|tabs?|pills?|capsules?)\s+"
                          r"(?:a|per|each)\s+day\b", re.I)


def _tablets_after(note: str, pos: int) -> re.Match[str] | None:
    """The tablet count after a combination's strengths, past a bracketed restatement of the product ('Percocet 10/325
    (oxycodone/acetaminophen), two tablets at bedtime')."""
    aside = _BRACKET_ASIDE.match(note, pos)
    return _TABLETS.match(note, pos) or (_TABLETS.match(note, aside.end()) if aside else None)


def _in_open_bracket(note: str, a: int, b: int) -> bool:
    """Is note[b] inside a bracket opened after ``a`` (and not closed before ``b``)?"""
    gap = note[a:b]
    return gap.count("(") > gap.count(")")


def _use_next_sentence(note: str, index: SentenceIndex, sent, drugs: re.Pattern[str]) -> re.Match[str] | None:
    """The stated daily use of an as-needed drug in the sentence after its own (:data:`_USE_PER_DAY`), when that
    sentence names no drug of its own (whose use it would then be)."""
    nxt = index.following(sent, 1)
    if not nxt or drugs.search(nxt[0].text):
        return None
    return _USE_PER_DAY.search(note, nxt[0].start, nxt[0].end)


def _times_tablets(note: str, dose: float, unit: str, pos: int, limit: int) -> tuple[float, int]:
    """The dose of a strength per tablet followed by the number of tablets taken at once (:data:`_STRENGTH_COUNT`):
    the count needs a schedule right after it or a bracketed total that agrees; otherwise the dose stays."""
    c = _STRENGTH_COUNT.match(note, pos)
    if not c or c.end() > limit or not re.match(r"mg|mcg|µg|μg|ug|g\b", unit or "", re.I):
        return dose, pos
    raw = c.group("n").lower()
    n = float(raw) if raw.isdigit() else float(word_to_number(raw) or 0)
    if not 0 < n <= 12:
        return dose, pos
    if c.group("total"):
        agrees = abs(parse_number(c.group("total")) - dose * n) < 1e-6 and c.group("tu").lower() == unit.lower()
        return (dose * n, c.end()) if agrees else (dose, pos)
    f = parse_frequency(note[c.end():min(limit, c.end() + 30)])
    right_after = f is not None and not note[c.end():c.end() + f[2] - len(f[0])].strip(" ,")  # 'six tablets daily'
    return (dose * n, c.end()) if right_after else (dose, pos)


def _pick_route(words: list[str]) -> str | None:
    """The administration route if one was written, else the first form word."""
    canon = [_ROUTE_WORDS[w.lower()] for w in words if w.lower() in _ROUTE_WORDS]
    return next((c for c in canon if c in _ADMINISTRATION), canon[0] if canon else None)


def parse_frequency(text: str) -> tuple[str, float, int] | None:
    """First frequency in ``text``: (as written, doses per day, end offset); None when absent."""
    best: tuple[int, str, float, int] | None = None
    for rx, per_day in _FREQ:
        m = rx.search(text)
        if not m or (best and m.start() >= best[0]):
            continue
        g = m.groupdict()
        if g.get("h"):
            hours = int(g["h"])
            if hours == 0:
                continue
            value = 24.0 / hours
        elif g.get("d"):
            value = 1.0 / int(g["d"])
        elif g.get("n"):
            n = g["n"]
            value = float(n) if n.isdigit() else float(word_to_number(n) or 0)
        else:
            value = float(per_day or 0)
        if value > 0:
            best = (m.start(), m.group(0), value, m.end())
    return (best[1], best[2], best[3]) if best else None


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[re.Pattern[str], dict[str, tuple[str, str]]]:
    raw = json.loads(DRUGS_PATH.read_text(encoding="utf-8"))
    lookup: dict[str, tuple[str, str]] = {}
    parts: list[str] = []
    for cls, drugs in raw.items():
        if cls.startswith("_"):
            continue
        for name, spellings in drugs.items():
            for sp in spellings:
                lookup[_key(sp)] = (name, cls)
                rx = r"[\s-]?".join(re.escape(p) for p in re.split(r"[\s-]", sp))
                parts.append((f"(?-i:{rx})" if sp.isupper() and len(sp) <= 4 else rx, len(sp)))
    body = "|".join(p for p, _ in sorted(parts, key=lambda t: -t[1]))
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.I), lookup


@lru_cache(maxsize=1)
def _hyphen_pair() -> re.Pattern[str]:
    """Two drug names joined by a hyphen ("hydrocodone-acetaminophen"): the hyphen marks a combination product."""
    rx, _ = _vocabulary()
    body = rx.pattern[len("(?<![\\w-])(?:"):-len(")(?![\\w-])")]
    return re.compile(rf"(?<![\w-])(?:{body})(?P<hyphen>-)(?=(?:{body})(?![\w-]))", re.I)


def _key(text: str) -> str:
    return re.sub(r"[\s-]+", "", text.lower())


def _canonical(text: str, lookup: dict[str, tuple[str, str]]) -> tuple[str, str]:
    return lookup.get(_key(text), (text.lower(), "other"))


def extract_medications(note: str, index: SentenceIndex | None = None) -> list[Medication]:
    """Every drug mention of the vocabulary with what can be read around it."""
    index = index or SentenceIndex(note)
    rx, lookup = _vocabulary()
    # the hyphen of "hydrocodone-acetaminophen" read as the slash of a combination product (same length: positions hold)
    scan = note
    for h in _hyphen_pair().finditer(note):
        scan = scan[:h.start("hyphen")] + "/" + scan[h.end("hyphen"):]
    mentions = list(rx.finditer(scan))
    meds: list[Medication] = []
    route_after = re.compile(rf"(?:\s*,?\s*\(?\s*(?P<r>{_ROUTE})(?![\w])\)?)", re.I)
    dose_after = re.compile(
        # "\)?": a name given in brackets after another one, "Noradrenaline (norepinephrine) 0.15 mcg/kg/min"
        # "dobutamine was started at 5 ug/kg/min", "norepinephrine infusion at 0.1 mcg/kg/min"
        # the infusion verb also without its auxiliary: "noradrenaline running at 0.3 µg/kg/min", "norad @ 0.1 mcg/kg/min"
        rf"\)?\s*[(:,]?\s*(?:(?:infusion|drip)\s+)?(?:(?:(?:was|were|is|being|currently)\s+)?(?:started|commenced|begun|running|"
        rf"infusing|increased|titrated|given|required|needed)(?:\s+up)?"
        # the clock time of the start before the dose it runs at now: "norepinephrine started at 23:00, currently 0.08
        # mcg/kg/min", "noradrenaline commenced at 02:00 and now at 0.1"
        rf"(?:\s+at\s+(?:[01]?\d|2[0-3])[:.h]?[0-5]\d(?:\s*h(?:rs)?)?(?=\s*(?:,|and\b)\s*(?:is\s+)?(?:now|currently)))?"
        # the dose it runs at now after the start: "norepinephrine started and now at 0.08 mcg/kg/min"; "norad now at 0.1"
        rf"(?:\s*,?\s+(?:and\s+)?(?:is\s+)?(?:now|currently)(?:\s+(?:running|infusing))?)?\s+(?:to\s+|at\s+)?"
        rf"|(?:now|currently)\s+(?:running\s+)?at\s+)?"
        # a titration written from one dose to another, "weaned from 0.2 to 0.05 mcg/kg/min", "increased from 5 to
        # 10 mg": the dose it reached, the current one (as _DOSE_CHANGE reads "increased to 20 mg")
        rf"(?:(?:weaned|reduced|decreased|lowered|tapered|titrated|increased|raised|escalated|up-?titrated|"
        rf"down-?titrated)(?:\s+(?:up|down|back))?\s+from\s+{NUMBER}\s*(?:[^\s\d]+\s+)?to\s+)?"
        # "a dopamine infusion of 7 micrograms per kilogram per minute"
        rf"(?:(?:at|in)\s+(?:a\s+)?(?:dose|doses|rate)\s+of\s+|(?:at|@|of|dose(?:d)?(?:\s+of)?)\s*)?{_DOSE}", re.I)
    dose_before = re.compile(rf"{_DOSE}\s*(?:of\s+)?(?:(?:{_ROUTE})\s+)?$", re.I)
    route_before = re.compile(rf"(?P<r>{_ROUTE})\s+$", re.I)

    # a combination product, "hydrocodone/acetaminophen 5/325 mg": each drug takes its own part of the dose and both
    # share what follows (route, frequency)
    combos: dict[int, tuple[float, str, int]] = {}
    for i in range(len(mentions) - 1):
        a, b = mentions[i], mentions[i + 1]
        if _COMBO_JOIN.fullmatch(scan[a.end():b.start()]):
            c = _COMBO_DOSE.match(note, b.end())
            if c:
                t = _tablets_after(note, c.end())
                count = _TABLET_COUNT[t.group("n").lower()] if t else 1.0  # "two tablets": twice the strength
                end = t.end() if t else c.end()
                combos[i] = (parse_number(c.group("a")) * count, c.group("unit"), end)
                combos[i + 1] = (parse_number(c.group("b")) * count, c.group("unit"), end)

    for i, m in enumerate(mentions):  # one listed name for a product ("oxycodone/acetaminophen"): its first dose
        if i not in combos and "/" in m.group(0):
            c = _COMBO_DOSE.match(note, m.end())
            if c:
                t = _tablets_after(note, c.end())
                combos[i] = (parse_number(c.group("a")) * (_TABLET_COUNT[t.group("n").lower()] if t else 1.0),
                             c.group("unit"), t.end() if t else c.end())
        if i not in combos:  # strengths without a unit: "Percocet 5/325", "hydrocodone/APAP 10/325"
            c = _COMBO_STRENGTHS.match(note, m.end())
            if c:
                t = _tablets_after(note, c.end())
                combos[i] = (parse_number(c.group("a")) * (_TABLET_COUNT[t.group("n").lower()] if t else 1.0),
                             "mg", t.end() if t else c.end())

    for i, m in enumerate(mentions):
        name, cls = _canonical(m.group(0), lookup)
        sent = index.at(m.start())
        j = i + 1
        # the same drug restated in brackets ('Norco 5/325 (hydrocodone/acetaminophen), one tablet at bedtime'): the
        # mention's dose and schedule go on past the bracket (its partner drug included)
        if j < len(mentions) and _canonical(mentions[j].group(0), lookup)[0] == name \
                and _in_open_bracket(note, m.end(), mentions[j].start()):
            while j < len(mentions) and j not in combos and _in_open_bracket(note, m.end(), mentions[j].start()):
                j += 1
        nxt = mentions[j].start() if j < len(mentions) and j not in combos else len(note)
        limit = min(sent.end, nxt)
        prev_end = mentions[i - 1].end() if i else 0
        start, end = m.start(), m.end()
        routes: list[str] = []
        pos = end
        for _ in range(3):
            r = route_after.match(note, pos)
            if not r or r.end() > limit:
                break
            routes.append(r.group("r"))
            pos = r.end()
        label = note[m.start():pos].strip(" ,(")
        rb = route_before.search(note, max(prev_end, sent.start, m.start() - 20), m.start())
        dose = unit = None
        d = dose_after.match(note, pos)
        if i in combos and combos[i][2] <= sent.end:
            dose, unit, pos = combos[i]
        elif d and d.end() <= limit:
            dose, unit, pos = parse_number(d.group("dose")), d.group("unit"), d.end()
            for _ in range(2):
                r = route_after.match(note, pos)
                if not r or r.end() > limit:
                    break
                routes.append(r.group("r"))
                pos = r.end()
            dose, pos = _times_tablets(note, dose, unit, pos, limit)
        else:
            db = dose_before.search(note, max(prev_end, sent.start, m.start() - 40), m.start())
            if db:
                dose, unit, start = parse_number(db.group("dose")), db.group("unit"), db.start()
        tb = _TABLETS_BEFORE.search(note, max(prev_end, sent.start, m.start() - 30), m.start())
        if tb and dose is not None and i not in combos:
            dose, start = dose * _TABLET_COUNT[tb.group("n").lower()], min(start, tb.start())
        if rb and not routes:
            routes.append(rb.group("r"))
            start = min(start, rb.start())
        # routes right after a dose-first drug ("20 mg of FentaNYL buccal") were read above
        frequency, per_day, prn = None, None, False
        aside = _BRACKET_ASIDE.match(note, pos) if dose is not None else None
        if aside and aside.end() <= limit:  # 'Norco 5/325 (hydrocodone/acetaminophen), one tablet at bedtime'
            pos = aside.end()
        pd = _PER_DAY_UNIT.match(note, pos) if dose is not None else None
        window_end = min(limit, pos + 45)
        if pd and pd.end() <= limit:
            frequency, per_day, pos = pd.group(0).strip(), 1.0, pd.end()
        else:
            f = parse_frequency(note[pos:window_end])
            if f:
                frequency, per_day, pos = f[0], f[1], pos + f[2]
        p = _PRN.search(note, m.end(), window_end)
        if p:
            prn = True
            pos = max(pos, p.end())
            use = _PRN_USE.search(note, p.end(), min(limit, p.end() + 60)) or _use_next_sentence(note, index, sent, rx)
            if use:  # the as-needed drug's stated daily use replaces its maximum frequency
                n = use.group("n") or use.groupdict().get("n2")
                per_day = float(n) if n.isdigit() else float(word_to_number(n) or 0) or per_day
                frequency = use.group(0)
                pos = use.end() if use.end() <= limit else pos  # a use told in the next sentence: the mention ends here
        change = _DOSE_CHANGE.search(note, pos, limit) if dose is not None else None
        if change and not _PLANNED_CHANGE.search(note, max(pos, change.start() - 30), change.start()) \
                and parse_number(change.group("dose")) is not None and change.group("unit").lower() == (unit or "").lower():
            dose = parse_number(change.group("dose"))
            rest = parse_frequency(note[change.end():min(limit, change.end() + 45)])
            if rest:
                frequency, per_day = rest[0], rest[1]
            pos = change.end()
        end = max(end, pos if (dose is not None or frequency or routes) else end)
        raw = note[start:end].rstrip(" ,;(.")
        end = start + len(raw)
        meds.append(Medication(
            name=name, label=label, drug_class=cls, raw=raw, start=start, end=end, sentence=sent,
            dose=dose, dose_unit=unit, route=_pick_route(routes),
            frequency=frequency.rstrip(".") if frequency else None, doses_per_day=per_day, prn=prn,
        ))
    return meds
