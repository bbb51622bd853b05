"""``extract(note)``: every value, medication and finding the rules can read, with evidence.

Quantity names and canonical units (absent quantities are simply not in
``Extraction.values``: nothing is ever defaulted here):

=====================  ===========  =====================  ===========
age                    years        sex                    Male/Female
systolic_bp            mmHg         diastolic_bp           mmHg
heart_rate             /min         respiratory_rate       /min
temperature            °C           spo2                   %
gcs (+ gcs_eye, gcs_verbal, gcs_motor)                     (none)
height                 cm           weight                 kg
bmi                    kg/m^2       qt_interval, qtc_interval  msec
creatinine, bun, urea, glucose, bilirubin, direct_bilirubin, calcium,
total_cholesterol, hdl, ldl, triglycerides, magnesium, urine_creatinine   mg/dL
sodium, potassium, chloride, bicarbonate, urine_sodium     mEq/L
albumin, hemoglobin    g/dL         hematocrit, fio2, hba1c    %
platelets, wbc         10^3/µL      ast, alt               U/L
inr, ph                (none)       pao2, paco2            mmHg
lactate                mmol/L       insulin                µIU/mL
troponin               ng/mL        alcohol_drinks_per_week    drinks/week
lmp_date, current_date ISO date     cycle_length           days
=====================  ===========  =====================  ===========
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from medmirror.core.limits import MAX_NOTE_CHARS, check_size
from medmirror.tools.extraction import anthropometrics, vitals
from medmirror.tools.extraction.concepts import find_concepts, resolve
from medmirror.tools.extraction.context import find_triggers, other_person
from medmirror.tools.extraction.dates import age_from_birth_date, extract_dates
from medmirror.tools.extraction.demographics import extract_age, extract_sex
from medmirror.tools.extraction.measurements import Reading, Scanner, dedupe, reading_to_value, refusal_to_rejected
from medmirror.tools.extraction.medications import extract_medications
from medmirror.tools.extraction.model import Finding, Medication, Rejected, Sentence, Value
from medmirror.tools.extraction.text import NUMBER, SentenceIndex, parse_number, word_to_number

_BRACKETED_REPEAT = re.compile(r"\s*[(\[]\s*(?:or\s+|i\.e\.,?\s+|=\s*)?$")
_ALCOHOL = re.compile(
    rf"(?<![\w.])(?P<n>{NUMBER}|one|two|three|four|five|six|seven|eight|nine|ten|twelve"
    # 'a bottle of wine a day', 'a pint a night': one container
    r"|(?:half\s+)?an?(?=\s+(?:(?:large|small|whole|full)\s+)?(?:bottle|pint|glass|can|drink|beer|shot)))"
    rf"(?:\s*(?:-|to|or)\s*(?P<n2>{NUMBER}|one|two|three|four|five|six|seven|eight|nine|ten|twelve))?"
    r"\s*(?:standard\s+|alcoholic\s+|(?:large|small|whole|full)\s+)?"
    # ('a glass of red': wine named by its colour)
    r"(?:drinks?|beers?|glass(?:es)?\s+of\s+(?:(?:red|white|rosé|rose|sparkling)(?:\s+(?:wine|prosecco|champagne))?\b"
    r"|wine|beer|cider|prosecco|champagne)|(?P<units>(?:UK\s+)?(?:alcohol\s+)?units?(?:\s+of\s+alcohol)?)"
    # a can is beer unless it says otherwise ('ten cans a week'; not 'two cans of cola')
    r"|shots?|cans?(?:\s+of\s+(?:beer|lager|cider|ale|stout))?(?!\s+of\b)"
    r"|pints?(?:\s+of\s+(?:beer|lager|cider|ale))?|bottles?\s+of\s+(?:(?:red|white|rosé|rose)\s+)?(?P<bottle>wine|beer|"
    r"spirits|vodka|whisk(?:e)?y|gin|rum|brandy))"
    r"\s*(?:of\s+\w+\s+)?(?:(?:per|a|each|/|every)\s*(?P<per>day|night|week|month|year)"
    # a drink kept for a yearly occasion: "a glass of wine at Christmas", "a pint on his birthday" (once a year)
    r"|(?:at|on|over)\s+(?:his\s+|her\s+|their\s+)?(?P<yearly>Christmas|New\s+Year(?:'s\s+Eve)?|birthdays?|Easter)\b"
    r"|(?:at|on|per|each|every)\s+(?:the\s+)?(?P<wkend>weekends?)"
    # a weekly day: "with Sunday lunch", "on Fridays", "every Saturday night" (not one day: "on Sunday", "last Sunday")
    r"|(?P<weekday>(?:with\s+(?:his\s+|her\s+|their\s+|the\s+)?|(?:every|each)\s+)(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"
    r"(?:\s+(?:lunch|dinner|supper|roast|night|evening|afternoon))?|on\s+(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days\b)"
    # the period as an adverb: "4 beers daily", "2 glasses of wine nightly", "10 units weekly"
    r"|(?P<adv>daily|nightly|weekly|monthly)\b)", re.I)
_PER_WEEK = {"day": 7.0, "night": 7.0, "week": 1.0, "month": 12 / 52.1775, "year": 1 / 52.1775}
_ADVERB_PERIOD = {"daily": "day", "nightly": "night", "weekly": "week", "monthly": "month"}
# US standard drinks (14 g of ethanol, NIAAA) in a bottle: wine 750 mL at 12 % = 71 g, about 5; spirits 700 mL at
# 40 % = 221 g, about 16; a bottle of beer is one drink. A glass, can, pint or shot is counted as one drink.
_DRINKS_PER_BOTTLE = {"wine": 5.0, "beer": 1.0, "spirits": 16.0}
# an amount of the past: 'In the 1990s he drank a bottle of spirits a day', 'used to drink 6 pints a night'
_CLAUSE_NOW = re.compile(r"[;]|\b(?:but|now|currently|nowadays|these\s+days|at\s+present)\b", re.I)
_PAST_DRINKING = re.compile(
    r"\b(?:used\s+to|formerly|previously|in\s+the\s+(?:past|(?:19|20)\d0s)|in\s+(?:his|her|their)\s+(?:twenties|thirties|"
    r"forties|fifties|youth)|until\b|before\s+(?:he|she|they)\s+(?:cut|stopped|quit|gave)|years?\s+ago|had\s+drunk)\b",
    re.I)
UNITS_PER_DRINK = 14 / 8


@dataclass
class Extraction:
    """What :func:`extract` found in one note."""

    note: str
    values: dict[str, Value] = field(default_factory=dict)
    medications: list[Medication] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    sentences: list[Sentence] = field(default_factory=list)
    # labelled numbers refused as the quantity (outside its range, or a bare number whose unit cannot be told):
    # never values, kept so that a missing input can say what the note gives and why it was not used
    rejected: dict[str, list[Rejected]] = field(default_factory=dict)
    # readings of another person than the patient ('her mother's weight 95 kg', 'whose wife weighs 55 kg'): never
    # values of the patient, kept (with ``Value.subject``) so that a missing input can say why the number was not used
    others: dict[str, list[Value]] = field(default_factory=dict)

    def get(self, name: str) -> Value | None:
        """The primary value of a quantity, or None when the note does not give it."""
        return self.values.get(name)

    def __getitem__(self, name: str) -> Value:
        if name not in self.values:
            raise KeyError(f"'{name}' was not found in the note")
        return self.values[name]

    def __contains__(self, name: object) -> bool:
        return name in self.values

    @property
    def age(self) -> Value | None:
        return self.values.get("age")

    @property
    def sex(self) -> Value | None:
        return self.values.get("sex")

    def has_finding(self, concept: str, *, subject: str = "patient", include_historical: bool = True) -> bool | None:
        """True / False / None for a concept, from this note's findings (see concepts.has_finding)."""
        return resolve(self.findings, concept, subject=subject, include_historical=include_historical)

    def findings_for(self, concept: str) -> list[Finding]:
        return [f for f in self.findings if f.concept == concept]

    def medications_of_class(self, drug_class: str) -> list[Medication]:
        return [m for m in self.medications if m.drug_class == drug_class]

    def to_dict(self) -> dict[str, Any]:
        return {
            "values": {k: v.to_dict() for k, v in self.values.items()},
            "medications": [m.to_dict() for m in self.medications],
            "findings": [f.to_dict() for f in self.findings],
            "rejected": {k: [r.to_dict() for r in rs] for k, rs in self.rejected.items()},
            "others": {k: [v.to_dict() for v in vs] for k, vs in self.others.items()},
        }


def _merge(*groups: dict[str, list[Reading]]) -> dict[str, list[Reading]]:
    out: dict[str, list[Reading]] = {}
    for g in groups:
        for name, rs in g.items():
            out.setdefault(name, []).extend(rs)
    return out


def _drop_bracketed_repeats(note: str, readings: list[Reading]) -> list[Reading]:
    """Drop a reading that restates the previous one in brackets: '40.0°C (104.0°F)'."""
    ordered = sorted(readings, key=lambda r: r.number_start)
    kept: list[Reading] = []
    for r in ordered:
        prev = kept[-1] if kept else None
        if prev and prev.end <= r.number_start and _BRACKETED_REPEAT.fullmatch(note[prev.end:r.number_start]):
            continue
        kept.append(r)
    return kept


def _alcohol(note: str, index: SentenceIndex) -> Value | None:
    values = []
    for m in _ALCOHOL.finditer(note):
        raw_n = m.group("n")
        n = (parse_number(raw_n) if re.match(r"\d", raw_n) else
             0.5 if raw_n.lower().startswith("half") else 1.0 if raw_n.lower() in ("a", "an")
             else float(word_to_number(raw_n.lower()) or 0))
        if m.group("n2"):
            raw2 = m.group("n2")
            n = (n + (parse_number(raw2) if re.match(r"\d", raw2) else float(word_to_number(raw2.lower()) or 0))) / 2
        per = ("week" if m.group("wkend") or m.group("weekday") else "year" if m.group("yearly")
               else _ADVERB_PERIOD[m.group("adv").lower()] if m.group("adv") else m.group("per").lower())
        units = bool(m.group("units"))
        bottle = (m.group("bottle") or "").lower()
        per_bottle = _DRINKS_PER_BOTTLE.get(bottle if bottle in ("wine", "beer") else "spirits") if bottle else None
        drinks = n / UNITS_PER_DRINK if units else n * (per_bottle or 1.0)
        sentence = index.at(m.start())
        # the clause before the amount: 'In the 1990s he drank ...; he now has ...' puts only the first in the past
        lead = _CLAUSE_NOW.split(note[sentence.start:m.start()] if sentence is not None else "")[-1]
        values.append(Value(
            name="alcohol_drinks_per_week", value=round(drinks * _PER_WEEK[per], 3), unit="drinks/week", raw=m.group(0),
            original_value=n, original_unit=f"{'units' if units else 'drinks'}/{per}", start=m.start(), end=m.end(),
            sentence=sentence,
            details={"range": bool(m.group("n2")),
                     **({"conversion": "UK units x 8 g / 14 g per US standard drink"} if units else {}),
                     **({"conversion": f"a bottle of {bottle} = {per_bottle:g} US standard drinks"} if per_bottle else {}),
                     **({"baseline": True} if _PAST_DRINKING.search(lead) else {})},
        ))
    if not values:
        return None
    values = _total_first(note, values)
    # the amount drunk now before one of the past ('In the 1990s he drank a bottle of spirits a day; he now has ten
    # cans a week')
    values = sorted(values, key=lambda v: bool(v.details.get("baseline")))
    values[0].alternatives = values[1:]
    return values[0]


# a later amount that sums up the ones before it in the sentence: "5 pints on Saturdays plus wine with dinner -
# roughly 12 drinks/week", "2 beers a night and more at weekends, about 20 drinks a week in total"
_TOTAL_BEFORE = re.compile(
    r"(?:[-–—=:(]|\bi\.?e\.?,?|\bso\b|\bthat is,?|\bin total\b|\btotal(?:ling|s)?(?:\s+of)?|\baltogether\b|\boverall\b"
    r"|\b(?:which\s+)?(?:is|comes?\s+to|makes?|adds?\s+up\s+to)\b)"
    r"\s*(?:roughly|about|approximately|approx\.?|around|~|c\.|some|an\s+estimated|estimated|a\s+total\s+of)?\s*$", re.I)
_TOTAL_AFTER = re.compile(r"\s*(?:in\s+total|in\s+all|altogether|overall|total)\b", re.I)


def _total_first(note: str, values: list[Value]) -> list[Value]:
    """Put first a reading that states the total of the amounts before it in its sentence (see :data:`_TOTAL_BEFORE`);
    the partial amounts stay as alternatives."""
    for i, v in enumerate(values[1:], start=1):
        prev = values[i - 1]
        if v.sentence is None or prev.sentence is None or prev.sentence.start != v.sentence.start:
            continue
        if _TOTAL_BEFORE.search(note[prev.end:v.start]) or _TOTAL_AFTER.match(note, v.end):
            return [v, *values[:i], *values[i + 1:]]
    return values


_BLOOD_GAS = re.compile(r"\b(?:ABG|VBG|CBG|(?:arterial|venous|capillary)\s+(?:blood\s+)?gas(?:es)?|blood\s+gas(?:es)?)\b", re.I)


def _in_blood_gas(note: str, v: Value) -> bool:
    """Is the reading in a blood-gas report (its sentence names the gas before it)?"""
    lo = v.sentence.start if v.sentence is not None else max(0, v.start - 80)
    return bool(_BLOOD_GAS.search(note, max(lo, v.start - 120), v.start))


def _serum_bicarbonate_first(note: str, values: list[Value]) -> list[Value]:
    """The chemistry panel's bicarbonate (measured total CO2) before a blood gas's HCO3 (calculated) of the same time
    frame: the anion gap and the other serum formulas use the serum value ("ABG: pH 7.21, HCO3 11. BMP: Na 138, Cl 104,
    CO2 12" reads 12, with 11 as an alternative)."""
    for v in values:  # a blood gas's calculated HCO3 is another measurement than the serum's (never its rival)
        if _in_blood_gas(note, v):
            v.details["blood_gas"] = True
    first = values[0]
    if not first.details.get("blood_gas"):
        return values
    frame = (bool(first.details.get("baseline")), bool(first.details.get("later")))
    for i, v in enumerate(values[1:], start=1):
        if (bool(v.details.get("baseline")), bool(v.details.get("later"))) == frame and not v.details.get("blood_gas"):
            return [v, *values[:i], *values[i + 1:]]
    return values


class _Subjects:
    """Whose reading a value is (:func:`~medmirror.tools.extraction.context.other_person`), each sentence's ConText
    triggers found once."""

    def __init__(self) -> None:
        self._triggers: dict[int, list] = {}

    def of(self, v: Value | Medication) -> str:
        sent = v.sentence
        if sent.start not in self._triggers:
            self._triggers[sent.start] = find_triggers(sent.text)
        start = max(0, v.start - sent.start)
        return other_person(sent.text, start, max(start, v.end - sent.start), self._triggers[sent.start])

    def patients(self, values: list[Value], others: dict[str, list[Value]]) -> list[Value]:
        """``values`` that are the patient's; another person's go to ``others`` with their ``subject`` set."""
        kept = []
        for v in values:
            who = self.of(v)
            if who:
                v.subject = who
                v.alternatives = []
                others.setdefault(v.name, []).append(v)
            else:
                kept.append(v)
        return kept


def extract(note: str, *, concepts: Iterable[str] | None = None, findings: bool = True) -> Extraction:
    """Read demographics, vitals, labs, anthropometrics, dates, medications and findings from ``note``.

    ``concepts`` limits the findings to those concepts (all by default);
    ``findings=False`` skips the concept matcher.
    """
    if not isinstance(note, str):
        raise TypeError(f"note must be a string, got {type(note).__name__}")
    check_size("the note", len(note), MAX_NOTE_CHARS, "MAX_NOTE_CHARS")  # InputTooLarge (a ValueError)
    index = SentenceIndex(note)
    scanner = Scanner(note, index)
    gcs_parts = vitals.gcs_components(scanner)
    vital_groups = [vitals.blood_pressure(scanner), vitals.anchored(scanner), vitals.ecg_rate(scanner),
                    vitals.rhythm_rate(scanner), vitals.tpr_letters(scanner)]
    for group in vital_groups:  # their time frame (past / after treatment), as label readings get theirs
        for rs in group.values():
            for r in rs:
                scanner.mark_time(r)
    readings = _merge(scanner.scan(), *vital_groups, vitals.qt_pair(scanner), vitals.pao2_on_fio2(scanner),
                      anthropometrics.height_weight(scanner),
                      {k: v for k, v in gcs_parts.items() if k != "gcs_from_components"})
    for rs in readings.values():  # told as the admission reading: before an untimed one (MedCalc-Bench's time)
        for r in rs:
            if scanner.at_admission(r):
                r.details["admission"] = True
    if "gcs" not in readings and "gcs_from_components" in gcs_parts:
        readings["gcs"] = gcs_parts["gcs_from_components"]

    values: dict[str, Value] = {}
    others: dict[str, list[Value]] = {}
    subjects = _Subjects()
    for name, rs in readings.items():
        # one reading per number, then without bracketed restatements, then presenting values first
        rs = dedupe(_drop_bracketed_repeats(note, dedupe(rs)))
        vs = subjects.patients([reading_to_value(name, r, index) for r in rs], others)
        if not vs:
            continue
        if name == "bicarbonate":
            vs = _serum_bicarbonate_first(note, vs)
        vs[0].alternatives = vs[1:]
        values[name] = vs[0]
    for getter in (extract_age, extract_sex, _alcohol):
        v = getter(note, index)
        if v is not None and getter is not extract_sex:  # sex tells relatives apart itself (demographics)
            kept = subjects.patients([v, *v.alternatives], others)
            v = kept[0] if kept else None
            if v is not None:
                v.alternatives = kept[1:]
        if v is not None:
            values[v.name] = v
    values.update(extract_dates(note, index))
    if "age" not in values:
        born = age_from_birth_date(note, index, values.get("current_date"))
        if born is not None:
            values["age"] = born

    rejected: dict[str, list[Rejected]] = {}
    for (name, pos), r in sorted(scanner.refused.items(), key=lambda kv: (kv[1].baseline, kv[0][1])):
        if any(x.number_start == pos for x in readings.get(name, [])):
            continue  # the same number was read as this quantity another way
        rejected.setdefault(name, []).append(refusal_to_rejected(name, r, index))

    return Extraction(
        note=note,
        others=others,
        values=dict(sorted(values.items())),
        medications=[m for m in extract_medications(note, index) if not subjects.of(m)],
        findings=find_concepts(note, concepts, index=index) if findings else [],
        sentences=index.sentences,
        rejected=rejected,
    )
