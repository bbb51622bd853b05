"""Inputs and readers that several calculator families share: the common field-map sources (demographics, vitals,
labs, comorbidities), a lab value written after its disorder's name ("hyponatremia at 132 mEq/L"), SpO2 and the
'ABG 7.32/34/68' triple, cancer activity (Wells, PSI, Caprini, Charlson), dialysis shorthand (HAS-BLED, Charlson)
and the first-day readings of a quantity (APACHE II, SOFA, Centor).

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable

from medmirror.tools.extraction.calc_sources import _AFTER_PRESENTATION as _AFTER_PRESENTATION_TEXT
from medmirror.tools.extraction.calc_sources import (
    AnyOf,
    Concept,
    Derived,
    FirstOf,
    Hit,
    NoteContext,
    Quantity,
    Sex,
    Term,
    UreaAsBun,
    after_presentation,
    decide,
    sentence_has,
)
from medmirror.tools.extraction.measurements import Reading
from medmirror.tools.extraction.model import Finding, Value
from medmirror.tools.extraction.quantities import BY_NAME
from medmirror.tools.extraction.rules.readers import affirmed, make_hit
from medmirror.tools.extraction.text import NUMBER, parse_number, word_to_number

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


_TREATMENT = (r"chemotherapy|chemo\b|radiotherapy|radiation therapy|immunotherapy|palliative|hospice|undergoing treatment"
              r"|receiving treatment|on treatment|newly diagnosed|recently diagnosed|metasta\w+"
              # anticancer regimens and drugs named instead of the word chemotherapy (only drugs used for cancer alone)
              r"|\b(?:FOLFOX|FOLFIRI|FOLFIRINOX|CAPOX|XELOX|R-?CHOP|CHOP|ABVD|BEACOPP|FEC|TCHP?|AC-?T)\b"
              r"|\b(?:carboplatin|cisplatin|oxaliplatin|paclitaxel|nab-paclitaxel|docetaxel|gemcitabine|capecitabine|5-?FU"
              r"|fluorouracil|irinotecan|pemetrexed|etoposide|vincristine|doxorubicin|epirubicin|temozolomide|pembrolizumab"
              r"|nivolumab|atezolizumab|durvalumab|ipilimumab|trastuzumab|pertuzumab|bevacizumab|cetuximab|panitumumab"
              r"|imatinib|osimertinib|erlotinib|gefitinib|sunitinib|sorafenib|lenvatinib|enzalutamide|abiraterone"
              r"|bortezomib|lenalidomide|daratumumab|ibrutinib|venetoclax|cytarabine|bleomycin|ifosfamide|palbociclib|olaparib"
              r"|brentuximab)\b"
              # chemoradiotherapy written as one word; the NHS 'systemic anti-cancer therapy'
              r"|\bchemoradi\w*|\bSACT\b"
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


# A cancer that has spread ('with bone metastases', 'metastatic to the liver', 'stage IV') is active disease even when
# a history list or an old diagnosis date makes its mention past (Wells: 'active cancer'; PSI, Fine 1997: 'active at the
# time of presentation'), unless its sentence calls it cured, in remission or without evidence of disease.
_SPREAD = re.compile(r"\bmetastas[ie]s\b|\bmetastatic\b|\bmets\b|\bstage\s+(?:IV|4)\b", re.I)
_NO_SPREAD = re.compile(r"\b(?:no|without|free of|negative for)\s+(?:\w+\s+){0,3}?(?:metasta\w+|mets|spread)\b"
                        r"|\bin\s+(?:complete\s+)?remission\b|\bcured\b|\bno evidence of (?:active\s+)?disease\b|\bNED\b"
                        r"|\bdisease[- ]free\b", re.I)


def _metastatic(ctx: NoteContext, f: Finding) -> bool:
    """``f``'s clause calls the cancer spread (metastases, stage IV) and its sentence never calls it gone."""
    lo, hi = max(f.sentence.start, f.start - 60), min(f.sentence.end, f.end + 60)
    sentence = ctx.note[f.sentence.start:f.sentence.end]
    return bool(_SPREAD.search(ctx.note, lo, hi)) and not _NO_SPREAD.search(sentence)


def active_cancer(ctx: NoteContext, skin_excluded: bool = False, within_months: int = 0) -> Hit | None:
    """Active cancer: a current cancer, or a past one still treated (chemotherapy, radiotherapy, palliation).

    A cancer only in the past (remission, 'history of ... treated years ago') decides False; with ``within_months`` a
    past cancer diagnosed or treated within that many months ('completed radiotherapy 3 months ago'), or with a
    treatment to come, is active. With ``skin_excluded`` (PSI, Fine 1997: 'any cancer except basal- or squamous-cell
    cancer of the skin') a skin BCC / SCC is no cancer.
    """
    found = cancer_mentions(ctx)
    if skin_excluded:
        found = [f for f in found if not skin_cancer(ctx, f)]
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
        spread = [m for m in past if _metastatic(ctx, m)]
        if spread:
            return Hit.of_finding(spread[0], True, "metastatic cancer, not written as in remission or cured")
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


def skin_cancer(ctx: NoteContext, f: Finding) -> bool:
    """Is the cancer mention a basal- or squamous-cell carcinoma of the skin?"""
    before = ctx.note[max(f.sentence.start, f.start - 14):f.start] + (f.text[:-len("carcinoma")] if f.text.lower().endswith(
        "carcinoma") else "")
    if f.text.upper() == "BCC" or _BASAL.search(before):
        return True
    if f.text.upper() == "SCC" or _SQUAMOUS.search(before):
        around = ctx.note[max(f.sentence.start, f.start - 40):min(f.sentence.end, f.end + 40)]
        return bool(_SKIN_SITE.search(around))
    return False


# dialysis and renal transplant in shorthand: "on HD", "HD-dependent", "HD via L AVF", "HD MWF", "CAPD", "renal tx",
# "KTx" (HD alone is not read: Huntington's disease, 'HD 3' / 'on HD 3' a hospital day)
DIALYSIS_SHORTHAND = (r"\b(?:on|started|starting|commenced|receives|receiving|requires|requiring|needs|via|for)\s+(?:\w+\s+)?(?-i:HD)\b(?!\s*#?\d)"
                      r"|(?-i:\bHD)[- ](?:dependent|dependence|patient|catheter|line|access|sessions?)\b"
                      r"|(?-i:\bHD)\s+(?:three|thrice|twice|via|through|sessions?|MWF|TTS|M/W/F|T/Th/S|Mon|Tue|Tues)\b"
                      r"|(?-i:\b(?:CAPD|CCPD|KTx)\b)|\b(?:renal|kidney)\s+tx\b")
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


def first_day_readings(ctx: NoteContext, name: str) -> list[Any]:
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
            return make_hit(ctx, m, n, f"{name} written after the disorder", unit=unit)
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
            return make_hit(ctx, m, n, unit="%")
    return None


# ---------------------------------------------------------------------------
# Inputs several families read the same way
# ---------------------------------------------------------------------------

AGE = Quantity("age")
SEX = Sex()
WEIGHT = Quantity("weight")
HEIGHT = Quantity("height")
CREATININE = Quantity("creatinine")


def _lab(name: str) -> FirstOf:
    """The extractor's value, else one written after its disorder ('hyponatremia at 132 mEq/L')."""
    return FirstOf(Quantity(name), Derived(condition_value(name), f"{name} after its disorder's name"))


SODIUM = _lab("sodium")
BICARBONATE = Quantity("bicarbonate")
ALBUMIN = _lab("albumin")
BUN = UreaAsBun()
GLUCOSE = _lab("glucose")
BILIRUBIN = _lab("bilirubin")
SPO2 = Derived(oxygen_saturation, "SpO2 % (extractor, else 'oxygen saturation(s) N%')")
HR = Quantity("heart_rate")
RR = Quantity("respiratory_rate")
SBP = Quantity("systolic_bp")
DBP = Quantity("diastolic_bp")
TEMP = Quantity("temperature")
PLATELETS = Quantity("platelets")
WBC = Quantity("wbc")
PH = FirstOf(Quantity("ph"), Derived(abg_triple("ph"), "pH of 'ABG 7.32/34/68'"))
PAO2 = FirstOf(Quantity("pao2"), Derived(abg_triple("o2"), "PaO2 of 'ABG 7.32/34/68'"))
HEART_FAILURE = Concept("heart_failure")
STROKE = Concept("stroke")
# amaurosis fugax (a retinal TIA) told in words: a loss of vision in one eye that cleared within minutes or hours
TRANSIENT_MONOCULAR_LOSS = Term(r"(?:loss\s+of\s+(?:vision|sight)|visual\s+loss|vision\s+loss|blindness)\s+in\s+(?:the\s+|his\s+|her\s+|one\s+)?"
                                r"(?:left\s+|right\s+)?eye\b[^.;]{0,80}?\b(?:cleared|resolved|recovered|returned|passed|lifted)\b"
                                r"[^.;]{0,20}?\b(?:within|after|over|in)\s+(?:a\s+few\s+|about\s+|\w+\s+)?(?:seconds|minutes?|hours?)\b",
                                label="transient monocular loss of vision")
# a TIA told as an episode (the tissue-free definition, Easton 2009: a transient episode of focal neurological
# dysfunction): a one-sided numbness or weakness of a limb or the face, or a speech disturbance, in a clause that says it
# resolved fully ("~20 min of R hand numbness and trouble getting her words out ...; sx fully resolved"). Generalised
# weakness, or a deficit still there, is not one.
_SIDE = r"(?:left|right|L|R)(?:[- ]sided)?"
_PART = r"(?:hand|arm|leg|face|side|foot|fingers)(?:\s+and\s+(?:hand|arm|leg|face|foot))?"
_FOCAL = (rf"\b{_SIDE}\s+{_PART}\s+(?:numbness|weakness|tingling|heaviness|paraesthesiae?|paresthesias?)"
          rf"|\b{_SIDE}\s+{_PART}\s+(?:went|became|was|were|felt|going)\s+(?:weak|numb|heavy|dead|limp)"
          rf"|\b(?:numbness|weakness|tingling|heaviness)\s+(?:of|in)\s+(?:the\s+|his\s+|her\s+)?{_SIDE}\s+{_PART}"
          r"|\bslurred\s+speech|\bspeech\s+(?:was\s+|became\s+)?slurred|\bfacial\s+droop\w*|\bface\s+droop\w*"
          r"|\b(?:trouble|difficulty)\s+(?:getting|finding|with)\s+(?:(?:her|his|their|the)\s+)?words|\bword[- ]finding\s+difficult\w*")
_RESOLVED = (r"\b(?:fully|completely|entirely)\s+(?:resolved|recovered|cleared|settled)\b"
             r"|\b(?:resolved|recovered|cleared)\s+(?:fully|completely|entirely)\b|\beverything\s+recovered\b")
TRANSIENT_FOCAL_DEFICIT = Term(rf"(?:{_FOCAL})[^.]{{0,160}}?(?:{_RESOLVED})", case_sensitive=False,
                               label="transient focal neurological deficit that resolved fully (TIA)")
TIA = AnyOf(Concept("tia"), TRANSIENT_MONOCULAR_LOSS, TRANSIENT_FOCAL_DEFICIT)
CEREBROVASCULAR = AnyOf(Concept("cerebrovascular_disease"), TRANSIENT_MONOCULAR_LOSS, TRANSIENT_FOCAL_DEFICIT)
# a measured left ventricular ejection fraction of 40 % or less: systolic dysfunction (HFrEF), which PSI (Fine 1997:
# 'ventricular dysfunction documented by ... echocardiography') and Glasgow-Blatchford ('cardiac failure: clinical or
# echocardiographic evidence') count as heart failure; 'EF 35%', 'LVEF of 30-35 %', 'ejection fraction estimated at 25%'.
# A normal or mildly reduced fraction (> 40 %) decides nothing (heart failure with preserved EF exists).
REDUCED_EF = Term(r"\b(?:LV\s*EF|LVEF|EF|ejection\s+fraction)\s*(?:\((?:LV)?EF\)\s*)?(?:(?:of|was|is|at|estimated|measured|calculated"
                  r"|approximately|approx\.?|about|around|only|severely\s+reduced|reduced|impaired|[:=~])\s*){0,3}(?:<\s*)?"
                  r"(?:\d{1,2}\s*(?:-|–|to)\s*)?(?:[5-9]|[1-3]\d|40)(?:\.\d)?\s*%", label="ejection fraction <= 40 %")
HEART_FAILURE_OR_REDUCED_EF = AnyOf(HEART_FAILURE, REDUCED_EF)


# ankle-brachial (pressure) index <= 0.90: diagnostic of peripheral artery disease (AHA/ACC 2016); > 1.40 is
# non-compressible arteries, not read
_ABI = re.compile(r"(?:ankle[- ]brachial\s+(?:pressure\s+)?ind(?:ex|ices)|(?-i:\bABPIs?\b|\bABIs?\b))"
                  # the readings right after the label, through side words only ("0.62 on the right and 0.58 on the
                  # left"): a number after another label ("ABI 1.1, creatinine 0.8") is not the index
                  r"(?P<tail>(?:[\s:=,()]+|\b(?:was|were|is|of|measured|at|on|in|the|right|left|and|both|legs?|"
                  r"bilaterally|R|L|rt|lt)\b|\d*\.\d+|\d+)+)", re.I)
ABI_PAD = 0.90


def low_ankle_brachial_index(ctx: NoteContext) -> Hit | None:
    """Peripheral artery disease by an ankle-brachial index <= 0.90 in either leg (AHA/ACC 2016); shared by Charlson's
    PVD, CHA2DS2-VASc's vascular disease and HEART's known atherosclerosis."""
    for m in _ABI.finditer(ctx.note):
        f = ctx.finding_at(m.start(), m.end())
        if f.negated or f.family or f.hypothetical:  # 'her husband's ABPI was 0.6' is not the patient's
            continue
        for n in re.finditer(NUMBER, m.group("tail")):
            v = parse_number(n.group(0))
            if v is not None and 0.2 <= v <= ABI_PAD:
                return make_hit(ctx, m, True, f"ankle-brachial index {v:g} <= {ABI_PAD}")
    return None
