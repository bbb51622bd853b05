"""Height and weight written without a plain "height: / weight:" label.

- Feet and inches: ``5'8"``, ``5 ft 8 in``, ``6'0''``, ``5 feet 11 inches``, ``five feet four inches``, and
  ``5 foot 4`` (a feet word, no other unit after the inches) -> cm (1 in = 2.54 cm). Feet alone (``6 feet``)
  only with "tall" or a height label.
- A length followed by "tall": ``175 cm tall``, ``1.75 m tall``.
- A height and a weight side by side: ``(160 cm, 78 kg)``, ``1.75 m tall and 76 kg``.
- A weight before the word weight: ``(45-kg weight)`` (not after "lost", "loss", ...).

Labelled forms ("height of 72 in", "weighs 172 lbs") are read by the label scanner.
"""

from __future__ import annotations

import re

from medmirror.tools.calculators.units import convert
from medmirror.tools.extraction.measurements import Reading, Scanner
from medmirror.tools.extraction.quantities import BY_NAME
from medmirror.tools.extraction.text import NUMBER, parse_number

_FT_WORDS = {"four": 4, "five": 5, "six": 6, "seven": 7}
_IN_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11}
_FT_IN = re.compile(
    r"(?<![\d.])(?P<ft>[1-8]|four|five|six|seven)\s*-?\s*(?P<fu>'|’|′|ft\.?|feet|foot)\s*(?:and\s*)?"
    r"(?P<inch>\d{1,2}(?:\.\d+)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven)(?!\d|\.\d|[A-Za-z])"
    r"\s*(?P<iu>\"|”|″|''|’’|′′|in(?:ch(?:es)?)?\b\.?)?", re.I)
# '5 foot 4' without an inch unit: only with a feet word, and when no other unit follows the inches
_NO_UNIT_AFTER = re.compile(r"\s*(?:[A-Za-z]+\s*)?(?:/|%|kg|lbs?|pounds?|cm|mm|m\b|years?|yrs?|weeks?|days?|months?)", re.I)
_FT_ONLY = re.compile(r"(?<![\d.])(?P<ft>[1-8])\s*(?:ft\.?|feet|foot)(?:\s*(?P<tall>tall|in height))?", re.I)
_HEIGHT_CONTEXT = re.compile(r"(?:height|stature|tall|\bHt\b)[^\d.;]{0,25}$", re.I)
_LEN_UNIT = r"cm|centimet(?:er|re)s?|m(?![A-Za-z])|met(?:er|re)s?|in(?:ch(?:es)?)?(?![A-Za-z])"
_MASS_UNIT = r"kgs?(?![A-Za-z])|kilograms?|lbs?(?![A-Za-z])|pounds?"
_TALL = re.compile(rf"({NUMBER})\s*({_LEN_UNIT})\s*(?:tall|in height|high\b)", re.I)
# the patient as the subject of a length: "She measured 162 cm in clinic", "he stands 1.80 m", "Pt is 158 cm";
# not an object's size ("the lesion measured 3 cm": no patient subject) nor a length with a dimension word after it
_SUBJECT_LENGTH = re.compile(
    rf"\b(?:[Ss]he|[Hh]e|[Tt]he patient|[Pp]atient|[Pp]t)\s+(?:measured|measures|stands|stood|is|was)\s+(?:at\s+)?"
    rf"({NUMBER})\s*({_LEN_UNIT})(?!\s*(?:[x×]|by\b|long|wide|deep|across|from|away|above|below|off|into|of\b"
    rf"|in (?:diameter|length|size|width)))")
_PAIR = re.compile(
    rf"({NUMBER})\s*({_LEN_UNIT})(?:\s*tall)?\s*(?:,|;|/|and|,\s*and|&)\s*(?:weigh(?:s|ing|ed)?\s*)?({NUMBER})\s*({_MASS_UNIT})",
    re.I)
_PAIR_REVERSED = re.compile(
    rf"({NUMBER})\s*({_MASS_UNIT})\s*(?:,|;|/|and|,\s*and|&)\s*({NUMBER})\s*({_LEN_UNIT})(?!\s*(?:[x×]|by))", re.I)
_WEIGHT_AFTER_HEIGHT = re.compile(
    rf"(?:\s*tall)?\s*(?:,|;|/|and|,\s*and|&)?\s*(?:weigh(?:s|ing|ed)?\s*)?({NUMBER})\s*({_MASS_UNIT})", re.I)
_WEIGHT_BEFORE = re.compile(rf"({NUMBER})\s*-?\s*({_MASS_UNIT})\s*-?\s*(?:body\s*)?weight\b", re.I)
_LOSS_BEFORE = re.compile(r"(?:los[st]|losing|loosing|gain\w*|reduc\w*|decreas\w*|increas\w*|drop\w*)\W*(?:\w+\W+){0,2}$",
                          re.I)


def _reading(scanner: Scanner, name: str, m: re.Match[str], num_grp: int, unit_grp: int,
             start: int, end: int) -> Reading | None:
    spec = BY_NAME[name]
    r = scanner.read_number(spec, m.start(num_grp), m.end(num_grp), m.group(unit_grp))
    if r is None:
        return None
    r.start, r.end = start, end
    return r


def _labelled_heights(scanner: Scanner) -> list[Reading]:
    spec = BY_NAME["height"]
    out = []
    for start, end, s in scanner.labels:
        if s is spec:
            r = scanner.read_after_label(start, end, spec)
            if r:
                out.append(r)
    return out


def height_weight(scanner: Scanner) -> dict[str, list[Reading]]:
    note = scanner.note
    out: dict[str, list[Reading]] = {"height": [], "weight": []}
    height = BY_NAME["height"]

    covered: list[tuple[int, int]] = []
    for m in _FT_IN.finditer(note):
        ft_raw, in_raw = m.group("ft").lower(), m.group("inch").lower()
        ft = _FT_WORDS[ft_raw] if ft_raw in _FT_WORDS else int(ft_raw)
        inch = float(_IN_WORDS[in_raw]) if in_raw in _IN_WORDS else parse_number(in_raw)
        if inch >= 12:
            continue
        quote_feet = m.group("fu").startswith(("'", "’", "′"))
        feet_word = not quote_feet and not ft_raw.isdigit() or re.fullmatch(r"feet|foot|ft\.?", m.group("fu"), re.I)
        if not quote_feet and not m.group("iu") and not (feet_word and in_raw.isdigit() == ft_raw.isdigit()
                                                         and not _NO_UNIT_AFTER.match(note, m.end("inch"))):
            continue
        cm = convert(ft * 12 + inch, "inch", "cm")
        if height.lo <= cm <= height.hi:
            raw = m.group(0).rstrip()
            out["height"].append(Reading(height, round(cm, 4), float(f"{ft * 12 + inch:g}"), "in", m.start("ft"),
                                         m.start() + len(raw), m.start(), m.start() + len(raw),
                                         details={"feet": ft, "inches": inch}))
            covered.append((m.start(), m.end()))
    for m in _FT_ONLY.finditer(note):
        if any(a <= m.start() < b for a, b in covered):
            continue
        before = note[max(0, m.start() - 30):m.start()]
        if not (m.group("tall") or _HEIGHT_CONTEXT.search(before)):
            continue
        cm = convert(int(m.group("ft")), "foot", "cm")
        out["height"].append(Reading(height, round(cm, 4), float(m.group("ft")), "ft", m.start("ft"), m.end("ft"),
                                     m.start(), m.end(), details={"feet": int(m.group("ft"))}))

    for m in _TALL.finditer(note):
        r = _reading(scanner, "height", m, 1, 2, m.start(), m.end())
        if r:
            out["height"].append(r)
    for m in _SUBJECT_LENGTH.finditer(note):
        r = _reading(scanner, "height", m, 1, 2, m.start(1), m.end(2))
        if r:
            out["height"].append(r)
    for m in _PAIR.finditer(note):
        rh = _reading(scanner, "height", m, 1, 2, m.start(1), m.end(2))
        if rh:
            out["height"].append(rh)
    # a weight written right after any height reading: "(160 cm, 78 kg)", "5'10\" 200 lb"
    for h in list(out["height"]) + _labelled_heights(scanner):
        m = _WEIGHT_AFTER_HEIGHT.match(note, h.end)
        if m:
            rw = _reading(scanner, "weight", m, 1, 2, m.start(1), m.end(2))
            if rw:
                out["weight"].append(rw)
    for m in _PAIR_REVERSED.finditer(note):
        rw = _reading(scanner, "weight", m, 1, 2, m.start(1), m.end(2))
        rh = _reading(scanner, "height", m, 3, 4, m.start(3), m.end(4))
        if rh and rw:
            out["height"].append(rh)
            out["weight"].append(rw)
    for m in _WEIGHT_BEFORE.finditer(note):
        if _LOSS_BEFORE.search(note[max(0, m.start() - 30):m.start()]):
            continue
        r = _reading(scanner, "weight", m, 1, 2, m.start(), m.end())
        if r:
            out["weight"].append(r)
    return out
