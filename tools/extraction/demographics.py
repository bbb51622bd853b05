"""Age and sex of the patient.

Age: "62-year-old", "62 year old", "62 yo", "62 y/o", "sixty-two-year-old",
"18-month-old", "3-week-old", "62 years of age", "aged 62", "age: 62", "62M".
Ages in months/weeks/days become years (month = 1/12 year, week = 7/365.25 year,
day = 1/365.25 year) with the original unit kept. Descriptors of the patient
("62-year-old man") come first; an age that belongs to a relative ("his
12-year-old son") or to an event ("diagnosed at 64 years of age", "at age 54") is
only an alternative.

Sex: the sex word that describes the age ("62-year-old man", "62M") decides; else
a clear majority of pronouns (he/him/his vs she/her/hers, at least 2 and twice the
other); else the first sex word about the patient (not "her male partner"); else a
plain pronoun majority. The counts are kept in the value's details.
"""

from __future__ import annotations

import re

from medmirror.tools.extraction.model import Value
from medmirror.tools.extraction.text import NUMBER_WORD, SentenceIndex, word_to_number

_UNIT_YEARS = {"year": 1.0, "month": 1 / 12, "week": 7 / 365.25, "day": 1 / 365.25}
_NUM = rf"(?P<n>\d{{1,3}}(?:\.\d+)?|{NUMBER_WORD})"
_UNIT = r"(?P<u>years?|yrs?|months?|mos?|weeks?|wks?|days?)"

_COMPOUND = re.compile(
    r"(?<![\w.])(?P<n>\d{1,3})\s*-?\s*(?:years?|yrs?)(?:\s*-?\s*(?:and|,)?\s*-?\s*)(?P<m>\d{1,2})\s*-?\s*(?:months?|mos?)"
    r"\s*-?\s*old(?![\w])", re.I)
_STRONG = [
    _COMPOUND,
    re.compile(rf"(?<![\w.]){_NUM}\s*-?\s*{_UNIT}\s*-?\s*old(?![\w])", re.I),
    re.compile(r"(?<![\w.])(?P<n>\d{1,3})\s*-?\s*(?P<u>yo|y/o|y\.o\.?|yrs?\.? old)(?:(?![\w/])|(?=[MF](?![\w])))\s*(?P<sex>[MF](?![\w]))?"),
]
_BARE_MF = re.compile(r"(?:^|(?<=[\s(]))(?P<n>\d{1,3})\s?(?P<sex>[MF])(?![\w])(?=[\s,;.)]|$)")
_STRONG.append(_BARE_MF)
# age and sex joined by a slash: "66/M", "M/72", "Age/Sex: 66/F"
_SLASH_MF = re.compile(r"(?<![\w/.])(?:(?P<n>\d{1,3})\s*/\s*(?P<sex>[MF])|(?P<sex2>[MF])\s*/\s*(?P<n2>\d{1,3}))(?![\w/])")
_STRONG.append(_SLASH_MF)
# a name after a title: "Helen Marsh", "A Mehta", "J. Osei", or dotted initials "K.L.", "K. L. R."
_TITLE_NAME = r"(?:(?:[A-Z]\.\s?){2,3}|[A-Z][\w'’-]*\.?(?:\s+[A-Z][\w'’-]*\.?)?)"
# a named patient with the age after a comma: "Mrs K, 74, atrial fibrillation", "Mr John Osei, 61,"
# ("Mr Roe, now 79, ..." and "Mrs Roe, aged 66," too; "Re: Mrs Helen Marsh, 58 years" at a line's end, "Mr A Mehta, 58 years." too; "Ms K.L., 66 yrs."; "Mrs Roe, 78 y,
# DOB ..." with a bare 'y')
_TITLE_NAME_AGE = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+" + _TITLE_NAME + r",\s+(?:(?:now|aged?)\s+)?(?P<n>\d{1,3})"
                             r"(?:\s*(?:years?|yrs?|y)(?:\s+old)?)?(?=\s*[,;.)]|[ \t]*(?:\n|$)|\s+(?:with|who|has|is|presents?)\b)")
_STRONG.append(_TITLE_NAME_AGE)
# the age in brackets after a titled name: "Mrs Amos (79)", "Mr J. Osei (aged 61)"
_TITLE_NAME_BRACKET_AGE = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+" + _TITLE_NAME + r"\s*"
                                     r"\(\s*(?:aged?\s*)?(?P<n>\d{1,3})(?:\s*(?:y|yrs?|years?))?\s*\)")
_STRONG.append(_TITLE_NAME_BRACKET_AGE)
# years written beside the sex, without "old": "71 years, male", "71 y male", "Pt: M, 71 yrs", "female, 64 years"
# (a bare "30 years" elsewhere is a duration, never an age)
_SEX_WORD_RX = r"(?:male|female|man|woman|gentleman|lady|boy|girl|(?-i:[MF]))"
_YEARS_BESIDE_SEX = re.compile(
    rf"(?<![\w.])(?<!for )(?<!over )(?<!past )(?<!last )(?P<n>\d{{1,3}})\s*(?:years?|yrs?|y)\.?,?\s+(?:old\s+)?"
    rf"{_SEX_WORD_RX}(?![\w])"
    rf"|(?<![\w])(?:sex\s*:?\s*)?{_SEX_WORD_RX}\s*,\s*(?:aged?\s*)?(?P<n2>\d{{1,3}})\s*(?:years?|yrs?|y)\b", re.I)
_STRONG.append(_YEARS_BESIDE_SEX)
_WEAK = [
    re.compile(rf"(?<![\w.]){_NUM}\s*-?\s*{_UNIT}\s+of\s+age(?![\w])", re.I),
    re.compile(rf"\bage[ds]?\s*(?:of\s*)?[:=]?\s*{_NUM}(?:\s*{_UNIT})?(?![\w]|\.\d)", re.I),
    # "He is 58.", "she is 71 and lives alone": a bare two-digit number right after 'he/she/the patient is'
    re.compile(r"\b(?:[Hh]e|[Ss]he|[Tt]he patient|[Pp]atient)\s+is\s+(?P<n>\d{2})(?=\s*(?:[,;.)]|$|and\b|with\b|but\b))"),
]
_EVENT_BEFORE = re.compile(r"\b(?:at|since|from|until|by|when|before|after|till|to)\s+(?:the\s+)?$", re.I)
_RELATIVE_AFTER = re.compile(
    r"^\s*(?:\w+\s+){0,2}?(?:son|daughter|brother|sister|child|children|grandson|granddaughter|nephew|niece|"
    r"mother|father|husband|wife|sibling|twin|cousin|friend|partner|baby|infant)s?\b", re.I)
# the single-letter sex after a bare number ("62M") is only trusted at the start of a description
# (note start, a line start, a sentence start, or after "a / pt / patient / in ...", "(" or ":")
# or after a heading's dash: "HDU NOTE - 45F, Caucasian")
_BARE_MF_BEFORE = re.compile(r"(?:^|\n\s*|[.!?]\s+|\b(?:a|an|pt|patient|is|the|in)\s+|[(:]\s*|(?-i:[A-Z]{2,})\s+[-–—]\s*)$", re.I)
# a heading line of words in any case, then a dash, then a two-digit age: "Medical take - 83M", "ward round – 67F"
# (one digit stays out: "catheter - 8F" is a French size; so does a heading naming a device
# or a temperature in Fahrenheit: "Temp - 99F")
# (a clock time may be part of the heading: "ED triage 09:12 - 52F")
_BARE_MF_HEADING = re.compile(r"(?:^|\n)[ \t]*[A-Za-z][A-Za-z&/'’ -]{0,40}?(?:[ \t]+(?:[01]?\d|2[0-3])[:.]?[0-5]\d(?:\s*h(?:rs)?)?)?[ \t][-–—][ \t]*$")
_NOT_AN_AGE_HEADING = re.compile(r"\b(?:sheath|catheter|cath|tube|cannula|introducer|foley|drain|stent|size|gauge|french"
                                 r"|temp|temperature|fahrenheit|pyrexia|fever)\b", re.I)
# after a comma or semicolon only a two-digit age counts ("Nursing home resident, 91F"; not a "5F" catheter)
_BARE_MF_AFTER_LIST = re.compile(r"[,;]\s*$")
_FRENCH_SIZE = re.compile(r"\s*(?:sheath|catheter|cath\b|tube|cannula|introducer|foley|drain|stent)", re.I)

# titles only as written with a capital and lower case: 'ms' is milliseconds, 'MS' multiple sclerosis, 'MR' mitral
# regurgitation
_MALE_WORDS = r"man|male|boy|gentleman|guy|lad|sir|(?-i:Mr)\.?"
_FEMALE_WORDS = (r"woman|female|girl|lady|(?-i:Mrs|Ms)\.?|gravida|primigravida|multigravida|primipara|multipara"
                 r"|pregnant|postmenopausal|menopausal|nulliparous|multiparous|primiparous")
_SEX_WORD = re.compile(rf"\b(?:(?P<m>{_MALE_WORDS})|(?P<f>{_FEMALE_WORDS}|(?-i:G\d{{1,2}}\s*P\d{{1,2}}(?:\+\d)?)))\b", re.I)
# a form field: "Sex: F", "Gender - male", "Sex/Age: M/66" is read by the age patterns
_SEX_FIELD = re.compile(r"\b(?:sex|gender)\s*[:=-]\s*(?:(?P<m>M|male|man)|(?P<f>F|female|woman))\b", re.I)
_OTHER_PERSON_BEFORE = re.compile(
    r"\b(?:his|her|their|patient's|the patient’s|a|one)\s+(?:\w+\s+)?$", re.I)
_OTHER_PERSON_AFTER = re.compile(
    r"^[\s-]*(?:partner|nurse|doctor|physician|friend|relative|sibling|child|infant|patients|subjects|pattern"
    r"|genital\w*|reproductive|predominance|to-|hormone|sex|gender|cousin|colleague|companion|caregiver|doctor)",
    re.I)
_HE = re.compile(r"\b(?:he|him|his|himself)\b", re.I)
_SHE = re.compile(r"\b(?:she|her|hers|herself)\b", re.I)


def _years(n: str, unit: str | None) -> tuple[float, float, str]:
    """(value in years, original number, original unit word)."""
    number = float(n) if re.match(r"\d", n) else float(word_to_number(n) or 0)
    u = (unit or "year").lower()
    key = ("month" if u.startswith("mo") else "week" if u.startswith("w") else "day" if u.startswith("d")
           else "year")
    return number * _UNIT_YEARS[key], number, key + "s"


def _after_heading_dash(note: str, m: re.Match[str]) -> bool:
    """A two-digit "71F" right after a heading's dash on its own line ("Medical take - 83M"), the heading no device."""
    if len(m.group("n")) < 2:
        return False
    line_start = note.rfind("\n", max(0, m.start() - 120), m.start())
    if line_start < 0 and m.start() > 120:
        return False  # a heading is short: no line break in the last 120 characters (bounded work per match)
    head = note[max(0, line_start):m.start()]
    return bool(_BARE_MF_HEADING.search(head)) and not _NOT_AN_AGE_HEADING.search(head)


def _age_candidates(note: str) -> list[tuple[int, int, re.Match[str]]]:
    """(tier, position, match): tier 0 patient descriptors, 1 other ages, 2 event/relative ages."""
    out = []
    # characters already inside a taken match: one byte per character, so the "starts inside an
    # earlier match" test is O(1) and the scan stays linear in the note (a list of spans searched
    # for every match was quadratic in the number of age mentions)
    taken = bytearray(len(note))
    for tier, patterns in ((0, _STRONG), (1, _WEAK)):
        for rx in patterns:
            for m in rx.finditer(note):
                if taken[m.start()]:
                    continue
                if rx is _BARE_MF and not _BARE_MF_BEFORE.search(note[max(0, m.start() - 12):m.start()]) and not (
                        len(m.group("n")) >= 2 and _BARE_MF_AFTER_LIST.search(note[max(0, m.start() - 3):m.start()])) \
                        and not _after_heading_dash(note, m):
                    continue
                if rx is _BARE_MF and len(m.group("n")) < 2 and re.search(r"\bin\s+$", note[max(0, m.start() - 4):m.start()], re.I):
                    continue  # "rise in 5F": an age after "in" has two digits ("CAP in 45F")
                if rx is _BARE_MF and _FRENCH_SIZE.match(note, m.end()):
                    continue  # "5F sheath": a French catheter size, not an age
                n = m.group("n") or m.groupdict().get("n2")
                if not re.match(r"\d", n) and word_to_number(n) is None:
                    continue
                taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
                t = tier
                if _EVENT_BEFORE.search(note[max(0, m.start() - 12):m.start()]) or \
                        _RELATIVE_AFTER.match(note[m.end():m.end() + 40]):
                    t = 2
                out.append((t, m.start(), m))
    out.sort(key=lambda c: (c[0], c[1]))
    return out


def extract_age(note: str, index: SentenceIndex) -> Value | None:
    """The patient's age in years (primary) with every other age mention as an alternative."""
    values: list[Value] = []
    for tier, _, m in _age_candidates(note):
        unit = m.groupdict().get("u")
        if unit and (unit.lower().startswith("y") and not unit.lower().startswith("year")):
            unit = "years"  # yo, y/o, y.o., yr old
        years, number, unit_word = _years(m.group("n") or m.group("n2"), unit)
        if m.re is _COMPOUND:  # "2-year and 3-month-old": 2 + 3/12 years
            years, number, unit_word = years + int(m.group("m")) / 12, years + int(m.group("m")) / 12, "years"
        if not 0 <= years <= 125:
            continue
        raw = m.group(0).rstrip()
        values.append(Value(
            name="age", value=round(years, 6), unit="years", raw=raw, original_value=number,
            original_unit=unit_word, start=m.start(), end=m.start() + len(raw), sentence=index.at(m.start()),
            details={"unit": unit_word, "tier": ("patient", "other", "event or relative")[tier]},
        ))
    if not values:
        return None
    values[0].alternatives = values[1:]
    return values[0]


def extract_sex(note: str, index: SentenceIndex) -> Value | None:
    """'Male' or 'Female' with the deciding evidence; None when the note gives no sign."""
    he = list(_HE.finditer(note))
    she = list(_SHE.finditer(note))
    words = []
    for m in _SEX_WORD.finditer(note):
        if _OTHER_PERSON_AFTER.match(note[m.end():m.end() + 15]):
            continue
        before = note[max(0, m.start() - 25):m.start()]
        if _OTHER_PERSON_BEFORE.search(before) and not re.search(r"\b(?:a|one)\s+(?:\w+\s+)?$", before, re.I):
            continue
        words.append(m)
    counts = {
        "male_words": sum(1 for m in words if m.group("m")), "female_words": sum(1 for m in words if m.group("f")),
        "male_pronouns": len(he), "female_pronouns": len(she),
    }

    def value(sex: str, start: int, end: int, method: str) -> Value:
        return Value(name="sex", value=sex, unit=None, raw=note[start:end], original_value=note[start:end],
                     original_unit=None, start=start, end=end, sentence=index.at(start),
                     details={"method": method, **counts})

    # 0. a form field ("Sex: F")
    field = _SEX_FIELD.search(note)
    if field:
        return value("Male" if field.group("m") else "Female", field.start(), field.end(), "form field")
    # 1. the word attached to the patient's age
    for tier, _, m in _age_candidates(note):
        if tier != 0:
            continue
        g = m.groupdict()
        if g.get("sex") or g.get("sex2"):
            grp = "sex" if g.get("sex") else "sex2"
            sex = "Male" if m.group(grp).upper() == "M" else "Female"
            return value(sex, m.start(grp), m.end(grp), "age descriptor")
        after = _SEX_WORD.search(note, m.end(), min(len(note), m.end() + 45))
        if after and not re.search(r"[.;]", note[m.end():after.start()]) and \
                not _OTHER_PERSON_AFTER.match(note[after.end():after.end() + 15]):
            return value("Male" if after.group("m") else "Female", after.start(), after.end(), "age descriptor")
        break
    # 2. a clear pronoun majority
    n_he, n_she = len(he), len(she)
    if max(n_he, n_she) >= 2 and max(n_he, n_she) >= 2 * min(n_he, n_she):
        first = (he if n_he > n_she else she)[0]
        return value("Male" if n_he > n_she else "Female", first.start(), first.end(), "pronouns")
    # 3. the first sex word about the patient
    if words:
        m = words[0]
        return value("Male" if m.group("m") else "Female", m.start(), m.end(), "sex word")
    # 4. any pronoun majority
    if n_he != n_she:
        first = (he if n_he > n_she else she)[0]
        return value("Male" if n_he > n_she else "Female", first.start(), first.end(), "pronouns (weak)")
    return None
