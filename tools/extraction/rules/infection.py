"""Rules and field map of Centor (McIsaac 1998), FeverPAIN (Little 2013), CURB-65 and SIRS.

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import bisect
import itertools
import re

from medmirror.tools.extraction.calc_sources import (
    Concept,
    Derived,
    FirstOf,
    Hit,
    NoteContext,
    Quantity,
    Source,
    Term,
    after_presentation,
    decide,
    sentence_has,
)
from medmirror.tools.extraction.rules.readers import affirmed, make_hit
from medmirror.tools.extraction.rules.shared import AGE, DBP, HR, RR, SBP, TEMP, WBC, first_day_readings
from medmirror.tools.extraction.text import NUMBER, parse_number, word_to_number

# (stab cells are band forms, the European name: 'stabs 14%', 'stab neutrophils 12 %'; unsegmented neutrophils too)
_BANDS_LABEL = (r"(?:\bbands?\b(?! ligation| ligat\w+)|band (?:forms|neutrophils|cells)|immature (?:neutrophils|band forms)|banda?emia"
                r"|\bstabs\b|\bstab (?:forms|cells|neutrophils)|\b(?:un|non-?)segmented neutrophils)")
# the percent sign or the word: '12%', '12 percent', '12 per cent'
_PCT = r"\s*(?:%|percent\b|per\s+cent\b)"
_BANDS_PCT = re.compile(rf"{_BANDS_LABEL}[^\d\n;.]{{0,20}}?(?P<n>{NUMBER}){_PCT}"
                        rf"|(?P<n2>{NUMBER}){_PCT}\s*(?:bands?|band forms|band neutrophils|band cells|immature neutrophils"
                        rf"|stabs|stab (?:forms|cells))\b", re.I)
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
            return make_hit(ctx, m, n, unit="%")
    for m in _BANDS_BARE.finditer(ctx.note):
        n = parse_number(m.group("n"))
        sent = ctx.sentence_of(m.start())
        if 0 <= n <= 100 and _DIFFERENTIAL.search(sent.text):
            return make_hit(ctx, m, n, "differential in percent: a bare bands count is %", unit="%")
    return None


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = rf"(?P<d>{'|'.join(_WEEKDAYS)})\b"
# the onset named by its weekday: "started on Sunday", "worse since Tuesday", "came on last Friday night"
_ONSET_WEEKDAY = re.compile(r"\b(?:started|starting|began|begun|beginning|came\s+on|come\s+on|developed|onset|since)\s+"
                            r"(?:(?:on|last|this\s+past|the)\s+)?" + _WEEKDAY, re.I)
# the visit named by its weekday: "seen in clinic on Tuesday", "attended on a Thursday afternoon"
_ANY_WEEKDAY = re.compile(r"\b" + _WEEKDAY, re.I)
_VISIT = re.compile(r"\b(?:see|seen|saw|clinic|appointment|attend\w*|present\w*|came\s+(?:in|to)|brought|admitted|consult\w*"
                    r"|surgery|department|visit\w*|booked|triage)\b", re.I)


def _weekday_onset_days(ctx: NoteContext) -> tuple[int, re.Match[str]] | None:
    """(days, the onset match) from an onset and a visit both named by weekday ('seen on Tuesday' with a sore throat
    'that started on Sunday': 2 days), counting forward from the onset to the visit within a week; None when either
    is not named, the visit's sentence is about a later time, or both fall on the same weekday (today or a week)."""
    onset = _ONSET_WEEKDAY.search(ctx.note)
    if onset is None:
        return None
    for m in _ANY_WEEKDAY.finditer(ctx.note):
        if onset.start() <= m.start() < onset.end():
            continue
        f = ctx.finding_at(m.start(), m.end())
        if not sentence_has(_VISIT, f.sentence.text) or after_presentation(f):
            continue
        # in the onset's own sentence another weekday is the visit only when written 'on (a) <day>'
        if f.sentence.start <= onset.start() < f.sentence.end \
                and not re.search(r"\b(?:on|this)\s+(?:a\s+)?$", ctx.note[max(f.sentence.start, m.start() - 12):m.start()], re.I):
            continue
        days = (_WEEKDAYS.index(m.group("d").lower()) - _WEEKDAYS.index(onset.group("d").lower())) % 7
        return (days, onset) if days else None
    return None


# a duration that is a plan, not the illness: a drug course ("amoxicillin 500 mg three times daily for 10 days", "a
# course of antibiotics for five days") or time off ("fit note for three days", "off school for two days")
_PLAN_BEFORE = re.compile(r"(?:\bmg\b|\bdaily\b|\btimes\s+(?:a\s+)?day\b|\b(?:bd|bid|tds|tid|qds|qid|od|prn)\b|\bq\d{1,2}h\b"
                          r"|\bcourse\b|\bantibiotics?\b|\bprescri\w+|\bfit\s+note|\bsick\s+note|\bwork\s+note"
                          r"|\boff\s+(?:work|school|college|nursery)|\bstay\s+(?:off|away|home)\b|\bisolat\w+)[^.;]{0,30}$", re.I)


def rapid_attendance(ctx: NoteContext) -> Hit | None:
    """Symptom onset <= 3 days before presentation ('2-day history', 'since yesterday', 'for 5 days'; an onset and a
    visit named by weekday: 'started on Sunday', seen 'on Tuesday', 2 days)."""
    words = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|a|a couple of|few|several"
    rx = re.compile(rf"\b(?P<n>{words})[- ](?P<u>days?|weeks?|hours?)[- ](?:history|duration)"
                    rf"|(?:for|over)\s+(?:the\s+(?:past|last)\s+)?(?P<n2>{words})\s+(?P<u2>days?|weeks?|hours?)"
                    rf"|(?P<n3>{words})\s+(?P<u3>days?|weeks?|hours?|hrs?)\s+(?:ago|earlier|before|previously)"
                    rf"|since\s+(?P<y>yesterday|this morning|last night|today)"
                    # "the day before yesterday" (2 days), "at lunchtime the day before", "the previous evening"
                    rf"|(?P<dby>the\s+day\s+before\s+yesterday)"
                    rf"|(?:started|starting|began|begun|beginning|came on|come on|onset|developed)\b[^.;]{{0,40}}?"
                    rf"(?P<y3>the\s+(?:day|evening|night|morning)\s+before|the\s+previous\s+(?:day|evening|night|morning))"
                    # "started yesterday", "came on this morning", "began overnight"
                    rf"|(?:started|starting|began|begun|beginning|came on|come on|onset|developed)\s+(?:\w+\s+){{0,2}}?"
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
        sentence = ctx.sentence_of(m.start())
        if _PLAN_BEFORE.search(ctx.note, max(sentence.start, m.start() - 50), m.start()):
            continue  # the length of a treatment or of time off ("penicillin 500 mg four times daily for 10 days")
        sent = sentence.text
        if not re.search(r"throat|pharyn|tonsil|fever|symptom|pain|swallow|odynophag|dysphag|cough|ill|sick|present|onset|start|began|begun", sent, re.I):
            continue
        if m.group("y") or m.group("y2") or m.group("y3"):
            return make_hit(ctx, m, True, "onset within a day")
        if m.group("dby"):
            return make_hit(ctx, m, True, "onset two days before")
        n_raw = next(m.group(g) for g in ("n", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10") if m.group(g)).lower()
        unit = "day" if m.group("n8") else next(m.group(g) for g in ("u", "u2", "u3", "u4", "u5", "u6", "u7", "u9", "u10")
                                                 if m.group(g)).lower()
        unit = {"7": "day", "52": "week", "24": "hour", "d": "day", "h": "hour", "hr": "hour", "hrs": "hour",
                "wk": "week", "wks": "week"}.get(unit, unit)
        n = float(n_raw) if n_raw.isdigit() else {"a": 1, "a couple of": 2, "few": 3, "several": 4}.get(n_raw) or word_to_number(n_raw)
        if n is None:
            continue
        days = n / 24 if unit.startswith("hour") else n * 7 if unit.startswith("week") else n
        return make_hit(ctx, m, days <= 3, f"symptoms for {days:g} day(s) vs 3")
    by_weekday = _weekday_onset_days(ctx)
    if by_weekday is not None:
        days, onset = by_weekday
        return make_hit(ctx, onset, days <= 3, f"onset {onset.group('d')}, seen {days} day(s) later vs 3")
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


def _clause_around(note: str, f) -> str:
    """The clause a mention stands in: from the last ',;:' or sentence start before it to the next after it."""
    lo = max(note.rfind(c, f.sentence.start, f.start) for c in ",;:") + 1 or f.sentence.start
    ends = [i for i in (note.find(c, f.end, f.sentence.end) for c in ",;:") if i >= 0]
    return note[max(lo, f.sentence.start):min(ends, default=f.sentence.end)]


def purulence(ctx: NoteContext) -> Hit | None:
    """FeverPAIN 'purulence': pus or exudate on the tonsils/pharynx, with ConText negation ('without exudate',
    'no pus'); 'non-exudative' is False. Tonsillar swelling alone is not purulence."""
    non = affirmed(ctx, r"\bnon-?exudative\b", current=True)
    # about the tonsils: pus in a sentence that names them; exudate in one about tonsils, pharynx or throat
    # ("purulent discharge in the nose" of a sinusitis is not FeverPAIN's purulence)
    # (pus in other words: follicles, plaques or a coating, a slough or membrane on the tonsils)
    mentions = [f for f in ctx.terms(r"purulen\w+|\bpus\b|pustul\w+|(?<!non-)(?<!non)exudat\w+|(?:white|yellow|creamy) (?:spots|patches|follicles"
                                     r"|plaques|coating)|follicular tonsillitis|membranous tonsillitis|tonsillar (?:slough|membrane)"
                                     r"|slough (?:on|over) the tonsils")
                if not after_presentation(f) and re.search(
                    r"tonsil" if re.match(r"(?i)pu", f.text) else r"tonsil|pharyn|throat", f.sentence.text, re.I)
                # pustules are on the skin too: the tonsils named in their own clause ('tonsils studded with pustules')
                and (not re.match(r"(?i)pustul", f.text) or re.search(r"tonsil", _clause_around(ctx.note, f), re.I))]
    value, f, why = decide(mentions, "current")
    if f is None:
        return Hit.of_finding(non[0], False, "non-exudative") if non else None
    return Hit.of_finding(f, value, why)


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
    rx = (r"(?:severe(?:ly)?|marked(?:ly)?|significant(?:ly)?|very|grossly|greatly|hugely|massively|intensely|extensive(?:ly)?)\s+(?:\w+,?\s+){0,2}?"
          r"(?:inflamed|swollen|enlarged|erythematous|hypertrophic|red),?\s+(?:\w+,?\s+){0,1}?tonsils?"
          r"|tonsils?\b[^.;]{0,80}?\b(?:severe(?:ly)?|marked(?:ly)?|significant(?:ly)?|very|grossly|greatly|hugely|massively)\s+(?:inflamed|swollen|enlarged|erythematous|hypertrophied|red)"
          # tonsils meeting in the midline: "almost touching in the midline", "meeting in the middle"
          r"|tonsils?\b[^.;]{0,80}?\b(?:(?:almost|nearly)\s+)?(?:touching|meeting|meet|touch|kissing)\s+(?:each\s+other\s+)?(?:in|at)\s+the\s+(?:midline|middle)"
          # tonsils reaching the uvula or each other (Brodsky grade 3-4): "nearly touching the uvula", "abutting each other"
          r"|tonsils?\b[^.;]{0,80}?\b(?:(?:almost|nearly|virtually)\s+)?(?:touching|touch|touches|abutting|abut|reaching|reach|meeting|meet)\s+"
          r"(?:the\s+uvula|each\s+other)"
          # tonsils swollen to the midline, or almost touching with the other side unnamed (Brodsky grade 4):
          # "both tonsils swollen to the midline", "tonsils enlarged and nearly touching."
          r"|tonsils?\b[^.;]{0,80}?\b(?:swollen|enlarged|extend(?:s|ed|ing)?|reach(?:es|ed|ing)?)\s+(?:to|into|across|towards?)\s+the\s+midline"
          r"|tonsils\b[^.;]{0,80}?\b(?:almost|nearly|virtually)\s+touching\b(?!\s+(?:the\s+)?(?:tongue|palate|pillars?|teeth)\b)"
          r"|(?:grade\s*(?:3|4|III|IV)|\b[34]\+)\s+tonsil\w*|kissing tonsils"
          # the grade after the word: "tonsils grade 4", "tonsils 3+ bilaterally", "tonsils are +4"
          r"|tonsils?\b[\s:,-]{1,3}(?:(?:are|is|both|bilaterally|bilateral)\s+){0,2}(?:(?:Brodsky\s+)?grade\s*(?:3|4|III|IV)\b|[34]\s?\+|\+\s?[34]\b|[34]/4\b)"
          # "angry red tonsils", "tonsils swollen and angry red", "beefy red tonsils"
          r"|(?:angry|beefy)(?:[\s-]+(?:red|looking))?\s+(?:\w+\s+){0,1}?tonsils?"
          r"|tonsils?\s+(?:\w+\s+){0,3}?(?:angry|beefy)(?:[\s-]+(?:red|looking))?\b"
          # Brodsky grade 4 in words: tonsils filling or almost blocking the oropharynx or the airway
          r"|tonsils?\b[^.;]{0,60}?\b(?:(?:almost|nearly|virtually)\s+)?(?:occlud|obstruct|fill|block)\w*\s+(?:(?:most|much)\s+of\s+)?"
          r"(?:the\s+)?(?:oro)?(?:pharyn\w*|airway|throat)")
    hit = Term(rx).read(ctx)
    if hit is not None and hit.value and re.search(r"\b(?:not|no|non|without)\b", hit.text, re.I):
        return Hit(False, hit.start, hit.end, hit.text, hit.sentence, None, "negated inside the phrase")
    return hit


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
        return make_hit(ctx, m, True, f"AMT {n}/10 <= 8: confusion by CURB-65's definition")
    value, f, why = decide(ctx.findings("confusion"), "current")
    if value and f is not None:
        return Hit.of_finding(f, True, why)
    if amt:
        n, m = amt[0]
        return make_hit(ctx, m, False, f"AMT {n}/10 (9-10): not confused by CURB-65's definition")
    return None if f is None else Hit.of_finding(f, value, why)


_LAST_24H = re.compile(r"(?:last|past|previous)\s+(?:24|twenty-four)\s*h(?:ours?|rs?)?|\btoday\b|\bovernight\b|\blast night\b", re.I)


# a fever given its end a day or more before the visit: "fevers over the weekend, none since Saturday", "no temperature
# since Monday night", "fever settled two days ago" (a weekday named for the end is taken as an earlier day: a clinician
# writes 'yesterday' or 'last night' for the last 24 hours)
_WEEKDAY_NAMES = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_FEVER_ENDED = re.compile(
    r"\b(?:none|no\s+(?:more\s+|further\s+)?(?:fevers?|temperatures?|chills)|afebrile|(?:has\s+)?settled|resolved|gone)\s+"
    rf"(?:since|from|by|on)\s+(?:(?:last\s+)?{_WEEKDAY_NAMES}|the\s+weekend|(?:two|three|four|five|six|[2-9])\s+days\s+ago)\b"
    r"|\b(?:settled|resolved|stopped|subsided)\s+(?:two|three|four|five|six|[2-9])\s+days\s+ago\b", re.I)
_FEVER_BACK = re.compile(r"\b(?:again|returned|recurred|came\s+back|back\s+(?:today|last\s+night))\b", re.I)
# a reading of the last 24 hours before the visit: "38.9 on the thermometer last night", "39 °C this morning"
_RECENT_READING = re.compile(r"\blast\s+night\b|\bovernight\b|\bthis\s+morning\b|\bearlier\s+today\b|\btoday\b"
                             r"|(?:last|past|previous)\s+(?:24|twenty-four)\s*h", re.I)


def fever_past_24h(ctx: NoteContext) -> Hit | None:
    """FeverPAIN 'fever in the past 24 hours' (Little et al., BMJ 2013; the patient's report counts): an explicit
    negation about the last 24 hours / today decides False ('No fever in the last 24 hours, though feverish at the
    weekend'), as does a fever the note ends a day or more before ('none since Saturday'); else a current fever mention
    or a measured temperature >= 38 °C, the visit's or a reading of the last 24 hours ('38.9 on the thermometer last
    night', before the antipyretic); else a negated fever."""
    for f in ctx.findings("fever"):
        if f.negated and not (f.family or f.hypothetical) and sentence_has(_LAST_24H, f.sentence.text):
            return Hit.of_finding(f, False, "no fever in the last 24 hours")
        if not (f.negated or f.family or f.hypothetical) and sentence_has(_FEVER_ENDED, f.sentence.text) \
                and not sentence_has(_FEVER_BACK, f.sentence.text):
            return Hit.of_finding(f, False, "fever ended a day or more before the visit")
    value, f, why = decide(ctx.findings("fever"), "current")
    if value:
        return Hit.of_finding(f, True, why)
    measured = fever_by_temperature(ctx)
    if measured is not None:
        return measured
    for v in first_day_readings(ctx, "temperature")[1:]:
        if float(v.value) >= 38.0 and sentence_has(_RECENT_READING, v.sentence.text):
            return Hit.of_value(v, value=True, unit=None, note=f"temperature {float(v.value):g} °C in the last 24 hours")
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
    readings = first_day_readings(ctx, "temperature")
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
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------


FIELD_MAP: dict[str, dict[str, Source]] = {
    "centor_mcisaac": {
        "temperature": FirstOf(Derived(centor_temperature, "fever now or by history: a reading > 38 °C from before the "
                                       "visit"), TEMP), "age": AGE,
        "fever_history": Derived(centor_fever_history, "fever by history when the note gives no temperature"),
        "exudate_or_swelling": Derived(centor_exudate_or_swelling, "tonsillar exudate / swelling; exudate or pus in a "
                                       "sentence about the throat, or 'Exudate: present' in a throat note"),
        "tender_nodes": Derived(centor_nodes, "tender / swollen cervical nodes, not another region's only"),
        "cough_absent": Concept("cough", when="current", invert=True),
    },
    "feverpain": {
        "fever_past_24h": Derived(fever_past_24h, "fever in the last 24 h (explicit negation for that window wins; "
                                                    "else a current fever or a temperature >= 38 °C)"),
        "purulence": Derived(purulence, "pus / exudate on the tonsils (negated: 'without exudate'); swelling alone is not purulence"),
        "rapid_attendance": Derived(rapid_attendance, "symptom duration <= 3 days"),
        "severe_tonsil_inflammation": Derived(severe_tonsils, "tonsils described as severely inflamed / swollen"),
        "no_cough_or_coryza": Derived(no_cough_or_coryza, "cough and coryza: present -> False, denied -> True"),
    },
    "curb_65": {
        "age": AGE,
        "confusion": Derived(curb65_confusion, "abbreviated mental test <= 8 of 10, else confusion words (current)"),
        "bun": Quantity("bun"), "urea": Quantity("urea"),
        "respiratory_rate": RR, "systolic_bp": SBP, "diastolic_bp": DBP,
    },
    "sirs_criteria": {
        "temperature": TEMP, "heart_rate": HR, "respiratory_rate": RR, "paco2": Quantity("paco2"), "wbc": WBC,
        "bands": Derived(bands, "band neutrophils %"),
    },
}
