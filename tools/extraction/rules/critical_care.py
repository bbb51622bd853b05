"""Rules and field map of APACHE II (Knaus 1985), SOFA (Vincent 1996) and Glasgow-Blatchford: the worst first-day
readings, oxygenation (FiO2, PaO2, A-a gradient), vasopressors, urine output, admission type and chronic health.

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from medmirror.tools.calculators.critical_care import apache_points
from medmirror.tools.extraction.calc_sources import (
    AnyOf,
    Concept,
    Derived,
    FirstOf,
    Hit,
    NoteContext,
    Quantity,
    Source,
    Term,
    after_presentation,
)
from medmirror.tools.extraction.rules.readers import affirmed, first_number_after, make_hit
from medmirror.tools.extraction.rules.shared import (
    AGE,
    BICARBONATE,
    BILIRUBIN,
    BUN,
    CREATININE,
    DBP,
    HEART_FAILURE_OR_REDUCED_EF,
    HR,
    PAO2,
    PH,
    PLATELETS,
    RR,
    SBP,
    SEX,
    SODIUM,
    TEMP,
    WBC,
    _lab,
    abg_triple,
    first_day_readings,
)
from medmirror.tools.extraction.text import NUMBER, parse_number

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
        return make_hit(ctx, m, n, unit="mmHg")
    return None


def a_a_gradient(ctx: NoteContext) -> Hit | None:
    r = first_number_after(ctx, r"(?:A-a|alveolar[- ]arterial)(?: oxygen| O2)? gradient|(?-i:\bA-a\b)(?: gradient)?(?: DO2)?",
                           r"mm\s*Hg|mmHg|(?=[\s,.;)]|$)", lo=0, hi=700)
    if r is None:
        return None
    n, _, m = r
    return make_hit(ctx, m, n, unit="mmHg")


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
            return make_hit(ctx, m, round(n * pct / 100, 1), f"P/F ratio {n:g} x FiO2 {pct / 100:g} = PaO2 {n * pct / 100:g} mmHg",
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
    # ('diuresis' is the urine volume in European usage: 'diuresis 400 mL/24 h')
    rx = re.compile(rf"(?:(?:urine|urinary) (?:output|volume)|(?-i:\bUOP?\b)|(?<!osmotic )(?<!forced )\bdiuresis\b)(?P<pre>{_PRE_24H})?"
                    rf"[^\d\n;.]{{0,30}}?(?P<n>{NUMBER})\s*(?P<u>mL|ml|cc|L|liters?|litres?){per}"
                    # "passed 450 mL of urine in 24 hours"
                    rf"|(?P<n_b>{NUMBER})\s*(?P<u_b>mL|ml|cc|L|liters?|litres?)\s+(?:of\s+)?urine"
                    + per.replace("?P<per>", "?P<per_b>")
                    # the catheter's measured volume over a stated time: "the urinary catheter drained 650 mL in the 24
                    # hours"; without a time it may be the residual at insertion: not read
                    + rf"|(?:catheter|Foley|catheter\s+bag)\s+(?:had\s+)?(?:drained|collected|yielded)\s+(?:only\s+|about\s+|a\s+total\s+of\s+)?"
                    rf"(?P<n_c>{NUMBER})\s*(?P<u_c>mL|ml|cc|L|liters?|litres?)"
                    + per.replace("?P<per>", "?P<per_c>").removesuffix("?"), re.I)
    for m in rx.finditer(ctx.note):
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.hypothetical:
            continue
        n = parse_number(m.group("n") or m.group("n_b") or m.group("n_c"))
        if (m.group("u") or m.group("u_b") or m.group("u_c")).lower().startswith("l"):
            n *= 1000
        per = (m.group("per") or m.group("per_b") or m.group("per_c") or m.group("pre") or "").lower()
        if "kg" in per:  # mL/kg/h over the stated weight, x 24 h; without a weight it cannot be a daily volume
            w = ctx.value("weight")
            if w is None or not float(w.value) > 0:
                continue
            return make_hit(ctx, m, n * float(w.value) * 24, f"{n:g} mL/kg/h x {float(w.value):g} kg x 24 h", unit="mL/day")
        if "h" in per and "24" not in per:
            return make_hit(ctx, m, n * 24, "mL/h x 24", unit="mL/day")
        return make_hit(ctx, m, n, unit="mL/day")
    return None


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
            return make_hit(ctx, m, n, "oxygen percentage = FiO2", unit="%")
    # a fixed-performance mask named by its percentage: "on 28% Venturi mask", "35% venturi", "40% Venturi facemask";
    # not a saturation written before it ("sats 94% on Venturi")
    for m in _VENTURI.finditer(ctx.note):
        n = parse_number(m.group("n"))
        before = ctx.note[max(0, m.start() - 25):m.start()]
        f = ctx.finding_at(m.start(), m.end())
        if 24 <= n <= 60 and not _SAT_BEFORE.search(before) and not (f.negated or f.hypothetical) and not after_presentation(f):
            return make_hit(ctx, m, n, "Venturi mask percentage = FiO2", unit="%")
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
    return make_hit(ctx, m, 21.0 + 4.0 * n, f"nasal cannula {n:g} L/min: FiO2 ≈ 21 % + 4 % × {n:g} = {21 + 4 * n:g} % "
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
    return make_hit(ctx, air[0], 21.0, "room air: FiO2 21 %", unit="%")


def vasopressor(drug: str) -> Callable[[NoteContext], Hit | None]:
    """Dose of a vasopressor in µg/kg/min as the note gives it (mg/kg/min converted)."""

    def read(ctx: NoteContext) -> Hit | None:
        for m in ctx.medications:
            if m.name != drug or m.dose is None or not m.dose_unit:
                continue
            u = re.sub(r"micrograms?", "µg", m.dose_unit.replace(" ", "").lower().replace("μ", "µ"))
            u = re.sub(r"[·.]?kg[⁻-][¹1][·.]?min[⁻-][¹1]$", "/kg/min", u).replace("minute", "min")
            # spelled out, 'micrograms per kilogram per minute'; 'gamma' (µg/kg/min in ICU shorthand)
            u = re.sub(r"(?:/|per)(?:kg|kilo(?:gram)?s?)(?:/|per)min$", "/kg/min", u)
            u = "µg/kg/min" if u in ("gamma", "gammas", "γ") else u
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
            return make_hit(ctx, m, "nonoperative", "admission type written as nonoperative / medical")
        if re.search(r"surg|post", word):  # "elective surgical", "emergency post-op"; a bare "emergency" says no more
            kind = "elective" if re.match(r"elective|planned|scheduled", word) else "emergency"
            return make_hit(ctx, m, f"{kind} postoperative", f"admission type written as {kind} surgical")
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


def worst_first_day(name: str, lowest: bool) -> Callable[[NoteContext], Hit | None]:
    """The worst of two or more presenting readings of ``name`` (the lowest or the highest) when none is of a later day:
    SOFA (Vincent 1996) and APACHE II (Knaus 1985) score the worst value of the first 24 hours. Baseline / previous
    values and readings of a later day ('day 3', '48 h', 'two days later', after discharge) are left out; with fewer than
    two readings left, None (the first reading is used)."""

    def read(ctx: NoteContext) -> Hit | None:
        first = first_day_readings(ctx, name)
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
        first = first_day_readings(ctx, name)
        if len(first) < 2:
            return None
        scored = [(points(float(v.value)), v) for v in first]
        best_points, w = max(scored, key=lambda pv: pv[0])  # max keeps the first of equal scores
        vals = ", ".join(f"{float(v.value):g} ({p} pt)" for p, v in scored)
        return Hit.of_value(w, note=f"worst of the first-day readings {vals}: the score takes the reading with the most "
                                    f"points ({best_points}) in the first 24 h")

    read.__doc__ = f"{name}: the first-day reading with the most points"
    return read


# Knaus 1985's chronic health items in the words clinicians write them (each a reading, not a hint):
# liver: cirrhosis, portal hypertension and its signs (varices, a portosystemic shunt), past hepatic encephalopathy or
# failure, end-stage or decompensated liver disease, Child-Pugh C
_CH_LIVER = (r"cirrho(?:sis|tic)|portal hypertension|hepatic encephalopathy|hepatic coma|variceal bleed\w*"
             r"|(?:o?esophageal|gastric|gastro-?o?esophageal|fundal)\s+varices|transjugular intrahepatic portosystemic"
             r"|(?-i:\bTIPSS?\b)|end[- ]stage liver disease|(?-i:\bESLD\b)|decompensated (?:chronic )?liver disease"
             r"|chronic liver failure|(?-i:Child(?:[- ]Pugh)?(?:'s)?\s+(?:class\s+|grade\s+|score\s+)?C\b(?!-))")
# heart: NYHA class IV, in full or as the end stage of heart failure (stage D, symptoms at rest)
_CH_HEART = (r"NYHA\s+(?:functional\s+)?(?:class\s+)?(?:IV|4)\b|New York Heart Association\s+(?:functional\s+)?(?:class\s+)?(?:IV|4)\b"
             r"|class (?:IV|4) heart failure|end[- ]stage heart failure|stage D heart failure")
# lungs: home oxygen or ventilation, chronic hypoxaemia / hypercapnia / respiratory failure, secondary polycythaemia,
# severe pulmonary hypertension, respirator dependency, very severe (GOLD 4) or end-stage lung disease
_CH_LUNG = (r"home (?:oxygen|O2)|oxygen[- ]dependent|on (?:home |long[- ]term )?O2|\bLTOT\b|long[- ]term oxygen(?: therapy)?"
            r"|(?:\d+(?:\.\d+)?\s*L(?:/min)?\s+(?:of\s+)?(?:O2|oxygen)\s+at\s+home)|chronic hypercapni\w*"
            r"|secondary polycyth(?:a)?emia|severe (?:COPD|pulmonary hypertension)"
            r"|domiciliary (?:oxygen|O2|ventilation|NIV|non-?invasive ventilation)|home (?:NIV|BiPAP|BIPAP|non-?invasive ventilation|ventilat\w+)"
            r"|(?:ventilator|respirator)[- ]dependen\w+|chronic (?:hypoxi\w*|hypoxaemi\w*|hypoxemi\w*)"
            r"|chronic (?:type (?:2|II) |hypercapnic )?respiratory failure|GOLD (?:stage |grade )?(?:4|IV)\b|very severe COPD"
            r"|end[- ]stage (?:COPD|lung disease|respiratory disease|emphysema|pulmonary fibrosis)")
# kidneys: chronic dialysis, by name or abbreviation
_CH_KIDNEY = (r"(?:chronic |long[- ]term |maintenance )?(?:hemo|haemo|peritoneal )?dialysis|\bESRD\b"
              r"|(?-i:\b(?:CAPD|ESKD|ESRF)\b)|\bon\s+(?:regular\s+|maintenance\s+)?(?-i:HD)\b|(?-i:HD)[- ]dependent"
              r"|end[- ]stage (?:renal|kidney) (?:disease|failure)")
# immunocompromise: immunosuppressive therapy (steroids for months, transplant and biologic drugs, chemotherapy,
# radiotherapy) or a disease that suppresses resistance (AIDS or a CD4 count under 200/µL, leukaemia, lymphoma)
_CH_IMMUNE = (r"immunocompromised|immunosuppress\w+|immunodeficien\w+|chemotherapy|radiotherapy|steroid[- ]dependen\w+"
              r"|(?:long[- ]term|chronic|maintenance) (?:oral |systemic )?(?:steroids|corticosteroids|glucocorticoids|prednisone|prednisolone"
              r"|methylprednisolone|dexamethasone|hydrocortisone)|\bAIDS\b|leuka?emia|lymphoma|Hodgkin'?s disease|transplant recipient"
              r"|(?-i:\b(?:AML|CLL|CML|HSCT|BMT)\b)"
              r"|\bCD4\+?\s*(?:T[- ]cell\s+|cell\s+)?count\s*(?:of|was|is|[:=])?\s*<?\s*(?:1\d\d|[1-9]?\d)(?![\d.,])"
              # a corticosteroid taken for months ('on prednisone 40 mg daily for the last 3 months', 'prednisolone since 2019')
              r"|(?:prednisone|prednisolone|methylprednisolone|dexamethasone|hydrocortisone|steroids)\b[^.;\n]{0,40}?\b(?:for|over)\s+(?:the\s+)?(?:last\s+|past\s+)?"
              r"(?:\d+|two|three|four|five|six|several|many)\s+(?:months|years)"
              # immunosuppressive therapy and the organ transplants that need it (Knaus 1985: immunosuppression)
              r"|tacrolimus|cyclosporin\w*|ciclosporin|mycophenolate|azathioprine|sirolimus|everolimus|high[- ]dose (?:steroids|corticosteroids|prednisone)"
              r"|rituximab|cyclophosphamide|methotrexate|infliximab|adalimumab|etanercept|golimumab|certolizumab|tocilizumab|alemtuzumab"
              r"|anti-?TNF|anti-?thymocyte globulin"
              r"|(?:renal|kidney|liver|hepatic|heart|cardiac|lung|pancreas|solid[- ]organ|bone marrow|stem[- ]cell) transplant(?:ation)?")


def chronic_health(ctx: NoteContext) -> Hit | None:
    """APACHE II severe organ insufficiency or immunocompromise (Knaus 1985): cirrhosis / portal hypertension, NYHA IV,
    severe chronic lung disease (home O2 or ventilation, chronic hypoxaemia / hypercapnia), chronic dialysis,
    immunosuppression (therapy or disease)."""
    for src in (Term(_CH_LIVER), Term(_CH_HEART), Term(_CH_LUNG), Term(_CH_KIDNEY), Term(_CH_IMMUNE)):
        h = src.read(ctx)
        if h is not None and h.value:
            return h
    return None


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------

POTASSIUM = _lab("potassium")
PACO2 = FirstOf(Quantity("paco2"), Derived(abg_triple("co2"), "PaCO2 of 'ABG 7.32/34/68'"))
FIO2 = FirstOf(Quantity("fio2"), Derived(fio2_stated_as_oxygen, "'on 40% oxygen'"),
               Derived(fio2_from_nasal_flow, "nasal cannula N L/min: FiO2 ≈ 21 % + 4 % per L/min (1-6 L/min)"),
               Derived(fio2_room_air, "room air (no supplemental oxygen named): 21 %"))
MAP_ = Derived(mean_arterial_pressure, "stated mean arterial pressure (else computed by the calculator from SBP/DBP)")
GCS_TOTAL = Quantity("gcs")
# SOFA and APACHE II: the lowest GCS of the first day (Vincent 1996, Knaus 1985)
GCS_FIRST_DAY_WORST = FirstOf(Derived(worst_first_day("gcs", lowest=True), "lowest first-day GCS"), GCS_TOTAL)


def _apache_worst(item: str, source: Source) -> FirstOf:
    """APACHE II scores the worst value of the first 24 h: of two or more readings, the one with the most points."""
    return FirstOf(Derived(worst_by_points(item, lambda v: apache_points(item, v)),
                           f"first-day {item} with the most APACHE II points"), source)


def _apache_worst_bp(component: str) -> Callable[[NoteContext], Hit | None]:
    """APACHE II scores the mean arterial pressure, worst of the first 24 h (Knaus 1985): of two or more first-day blood
    pressure pairs ('102/60 in the ED', 'lowest 84/46 on the unit'), the pair whose mean (SBP + 2 DBP) / 3 scores the
    most points (ties: the first), and ``component`` ('systolic_bp' / 'diastolic_bp') of that pair."""

    def read(ctx: NoteContext) -> Hit | None:
        dias = {(v.start, v.end): v for v in first_day_readings(ctx, "diastolic_bp")}
        pairs = [(s, dias[(s.start, s.end)]) for s in first_day_readings(ctx, "systolic_bp") if (s.start, s.end) in dias]
        if len(pairs) < 2:
            return None
        scored = [(apache_points("mean_arterial_pressure", (float(s.value) + 2 * float(d.value)) / 3), s, d) for s, d in pairs]
        best, s, d = max(scored, key=lambda t: t[0])  # max keeps the first of equal scores
        vals = ", ".join(f"{float(a.value):g}/{float(b.value):g} ({p} pt)" for p, a, b in scored)
        return Hit.of_value(s if component == "systolic_bp" else d,
                            note=f"worst of the first-day blood pressures {vals}: the score takes the pair whose mean "
                                 f"arterial pressure has the most points ({best})")

    read.__doc__ = f"{component} of the first-day blood pressure whose MAP scores the most APACHE II points"
    return read


FIELD_MAP: dict[str, dict[str, Source]] = {
    "glasgow_blatchford": {
        "bun": BUN, "hemoglobin": Quantity("hemoglobin"), "sex": SEX, "systolic_bp": SBP, "heart_rate": HR,
        "melena": Concept("melena", when="current"), "syncope": Concept("syncope", when="current"),
        "hepatic_disease": Concept("liver_disease"), "cardiac_failure": HEART_FAILURE_OR_REDUCED_EF,
    },
    "apache_ii": {
        # physiology: the worst first-day reading (Knaus 1985), by its points (most items are U-shaped)
        "age": AGE, "temperature": _apache_worst("temperature", TEMP), "mean_arterial_pressure": MAP_,
        "systolic_bp": FirstOf(Derived(_apache_worst_bp("systolic_bp"), "first-day pair with the worst MAP"), SBP),
        "diastolic_bp": FirstOf(Derived(_apache_worst_bp("diastolic_bp"), "first-day pair with the worst MAP"), DBP),
        "heart_rate": _apache_worst("heart_rate", HR), "respiratory_rate": _apache_worst("respiratory_rate", RR),
        "fio2": FIO2, "pao2": PAO2,
        "a_a_gradient": Derived(a_a_gradient, "stated A-a gradient"), "paco2": PACO2, "ph": _apache_worst("ph", PH),
        "bicarbonate": _apache_worst("bicarbonate", BICARBONATE), "sodium": _apache_worst("sodium", SODIUM),
        "potassium": _apache_worst("potassium", POTASSIUM), "creatinine": _apache_worst("creatinine", CREATININE),
        "acute_renal_failure": Concept("acute_kidney_injury", when="current"),
        "chronic_renal_failure": AnyOf(Concept("chronic_kidney_disease"),
                                       Term(r"(?:long[- ]term|chronic|maintenance|regular|outpatient)\s+(?:\w+\s+)?(?:haemo|hemo|peritoneal )?dialysis"
                                            r"|\bESRD\b|end[- ]stage (?:renal|kidney)", label="maintenance dialysis / ESRD")),
        "hematocrit": _apache_worst("hematocrit", Quantity("hematocrit")), "wbc": _apache_worst("wbc", WBC),
        "gcs": GCS_FIRST_DAY_WORST,
        "chronic_health": Derived(chronic_health, "cirrhosis, NYHA IV, severe COPD, dialysis or immunosuppression"),
        "admission_type": Derived(admission_type, "postoperative after emergency / elective surgery, else nonoperative"),
        "sex": SEX,
    },
    "sofa": {
        # SOFA scores the PaO2/FiO2 ratio: one written as such gives the PaO2 (ratio x FiO2) when none is stated
        "pao2": FirstOf(PAO2, Derived(pao2_from_pf_ratio(FIO2.read), "PaO2 = stated P/F ratio x FiO2")), "fio2": FIO2,
        "mechanical_ventilation": Concept("mechanical_ventilation", when="current"),
        "cpap": Concept("cpap", when="current"),
        # the worst value of the first 24 h (Vincent 1996) when the note gives two or more
        "platelets": FirstOf(Derived(worst_first_day("platelets", lowest=True), "lowest first-day platelets"), PLATELETS),
        "gcs": GCS_FIRST_DAY_WORST,
        "bilirubin": FirstOf(Derived(worst_first_day("bilirubin", lowest=False), "highest first-day bilirubin"), BILIRUBIN),
        "mean_arterial_pressure": MAP_, "systolic_bp": SBP, "diastolic_bp": DBP,
        "hypotension": Concept("hypotension", when="current"),
        "dopamine": Derived(vasopressor("dopamine"), "dopamine µg/kg/min"),
        "dobutamine": Derived(vasopressor("dobutamine"), "dobutamine µg/kg/min"),
        "epinephrine": Derived(vasopressor("epinephrine"), "epinephrine µg/kg/min"),
        "norepinephrine": Derived(vasopressor("norepinephrine"), "norepinephrine µg/kg/min"),
        "creatinine": FirstOf(Derived(worst_first_day("creatinine", lowest=False), "highest first-day creatinine"), CREATININE),
        "urine_output": Derived(urine_output, "urine output per day (mL/h x 24)"),
    },
}
