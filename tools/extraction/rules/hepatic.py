"""Rules and field map of Child-Pugh (Pugh 1973: ascites and encephalopathy grades), FIB-4 and MELD-Na.

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import bisect
import re

from medmirror.tools.extraction.calc_sources import (
    Concept,
    Derived,
    Hit,
    NoteContext,
    Quantity,
    Source,
    Term,
    after_presentation,
    decide,
    sentence_has,
)
from medmirror.tools.extraction.dates import MONTH_RX
from medmirror.tools.extraction.model import Finding, Sentence
from medmirror.tools.extraction.rules.readers import affirmed, affirmed_in_clause
from medmirror.tools.extraction.rules.shared import AGE, ALBUMIN, BILIRUBIN, CREATININE, PLATELETS, SODIUM

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
        # a denied grade word ('soft, not tense', 'non-tense') grades nothing
        severe = re.search(rf"(?<!\bnot\s)(?<!\bnon-)(?<!\bnon\s)\b{_SEVERE}\b", window, re.I)
        mild = re.search(rf"\b{_MILD}\b", window, re.I)
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


# ascites seen only on imaging is International Ascites Club grade 1, Child-Pugh's slight: fluid named in a sentence
# about an imaging study and a peritoneal site ('ultrasound showed a thin rim of fluid around the liver', 'CT: a small
# amount of free fluid in the pelvis')
_IMAGING = re.compile(r"\b(?:ultrasound|ultrasonograph\w*|sonograph\w*|POCUS|CT|computed\s+tomography|MRI|scan|imaging)\b", re.I)
_PERITONEAL_SITE = re.compile(r"\b(?:liver|hepat\w*|perihepatic|Morison\w*|hepatorenal|pelvi[cs]|abdom\w*|peritone\w*|paracolic"
                              r"|splenorenal|perisplenic|spleen|flanks?)\b", re.I)


def _ascites_on_imaging(ctx: NoteContext) -> Finding | None:
    """A current, affirmed mention of fluid or ascites in a sentence about an imaging study of a peritoneal site."""
    for f in affirmed_in_clause(ctx, r"(?<!\bIV\s)(?<!intravenous\s)\b(?:fluid|ascites)\b"):
        sent = f.sentence.text
        if f.negated or f.historical or after_presentation(f) or not (_IMAGING.search(sent) and _PERITONEAL_SITE.search(sent)):
            continue
        if re.search(r"\b(?:no|nor|without|not)\s+(?:\w+\s+){0,3}$", ctx.note[max(f.sentence.start, f.start - 30):f.start], re.I):
            continue  # 'no free fluid' within the clause's own words
        return f
    return None


# an earlier episode dated in its sentence: "admitted in April with ...", "during his admission last year", "in 2023";
# Child-Pugh grades the ascites of today (Pugh 1973), so such a mention gives way to an undated current one
# ("was admitted in April with fluid that needed a 6-litre paracentesis ... Impression: ascites controlled on diuretics")
_EARLIER_EPISODE = re.compile(rf"\b(?:admitted|admission|hospitali[sz]ed|hospitali[sz]ation|presented|episode)\b[^.;]{{0,40}}?"
                              rf"\b(?:in|during|last|back\s+in)\s+(?:{MONTH_RX}|(?:19|20)\d\d|the\s+spring|the\s+summer|the\s+autumn"
                              rf"|the\s+winter|year|month)\b|\b(?:in|during|last|back\s+in)\s+(?:{MONTH_RX}|(?:19|20)\d\d)\b[^.;]{{0,40}}?"
                              rf"\b(?:admitted|admission|hospitali[sz]ed|presented)\b|\b(?:months?|years?)\s+ago\b", re.I)


def _undated_current(ctx: NoteContext, f: Finding) -> Finding:
    """``f``, or, when ``f``'s sentence dates an earlier episode, the first current mention whose sentence does not."""
    if not sentence_has(_EARLIER_EPISODE, f.sentence.text):
        return f
    for g in ctx.findings("ascites"):
        if not (g.negated or g.hypothetical or g.family or g.historical or after_presentation(g)) \
                and not sentence_has(_EARLIER_EPISODE, g.sentence.text):
            return g
    return f


def ascites_grade(ctx: NoteContext) -> Hit | None:
    """Child-Pugh ascites: absent / slight (mild, small, diuretic-responsive) / moderate (moderate-severe, tense). The
    deciding mention's grade is read around it; a bare mention (a diagnosis or problem line) gives way to the grade
    another current mention states in its own clause ('Problem list: ascites ... O/E: tense ascites')."""
    value, f, why = decide(ctx.findings("ascites"), "current")
    # large ascites anywhere in the note: a fluid thrill (only with large ascites), a therapeutic or
    # large-volume paracentesis, litres drained
    large = affirmed(ctx, r"fluid (?:thrill|wave)|(?:therapeutic|large[- ]volume)\s+(?:abdominal\s+)?paracentes[ie]s"
                          r"|\b\d+(?:\.\d+)?\s*(?:L|litres?|liters?)\b[^.;]{0,30}?(?:drained|removed|tapped)", current=True)
    large = [g for g in large if not sentence_has(_EARLIER_EPISODE, g.sentence.text)]  # an earlier admission's
    if (value is None or f is None) and large:
        return Hit.of_finding(large[0], "moderate", f"large ascites: '{large[0].text}'")
    if value is None or f is None or value is False:
        # no ascites on examination (or none named) but fluid seen on imaging: IAC grade 1, slight
        imaged = _ascites_on_imaging(ctx)
        if imaged is not None:
            return Hit.of_finding(imaged, "slight", "fluid seen only on imaging (International Ascites Club grade 1): slight")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "absent", why)
    f = _undated_current(ctx, f)
    taps = _paracenteses(ctx)
    grade, note = _ascites_mention_grade(ctx, f, large, taps, wide=True)
    if grade != "moderate":
        # another current mention graded moderate in its own clause: the worst current grade counts
        for g in ctx.findings("ascites"):
            if g is f or g.negated or g.hypothetical or g.family or g.historical or after_presentation(g):
                continue
            if sentence_has(_EARLIER_EPISODE, g.sentence.text) and not sentence_has(_EARLIER_EPISODE, f.sentence.text):
                continue  # an earlier episode's grade, not today's
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
          r"|\bdisorient\w*\s+to\s+(?:person,?\s+)?(?:(?:time|place)\s*(?:,|and|&|\+)\s*(?:place|time)|place)\b"
          # semicoma and coma in other words: 'semi-comatose', 'unconscious', 'stuporose', 'minimally responsive',
          # 'responds to pain only'
          r"|\b(?:semi-?comatose|semi-?coma|stuporose|minimally\s+responsive)\b"
          # (a faint is not coma: 'briefly unconscious', 'unconscious for a few seconds')
          r"|(?<!briefly\s)(?<!transiently\s)(?<!momentarily\s)\bunconscious\b(?!\s+for\s+(?:\w+\s+){0,2}(?:seconds?|minutes?))"
          r"|\brespon\w*\s+to\s+(?:painful\s+stimul\w*|pain|noxious\s+stimul\w*|sternal\s+rub)\s+only\b")
# grade 1-2: confusion, lethargy, drowsiness, disorientation (to time), sleep reversal, irritability, shortened
# attention, inappropriate behaviour, personality change, asterixis / flap
_HE_12 = (r"\b(?:confused|confusion|disoriented|disorientated|disorientation|lethargic|lethargy|drowsy|drowsiness"
          r"|day[- ]night\s+(?:reversal|inversion)|(?:reversed|inverted|disturbed)\s+sleep(?:[- ]wake)?(?:\s+(?:pattern|cycle))?"
          r"|sleep(?:[- ]wake)?\s+(?:cycle\s+)?(?:reversal|inversion|disturbance)|irritab(?:le|ility)"
          r"|(?:short(?:ened)?|reduced|poor|decreased|impaired)\s+attention(?:\s+span)?"
          r"|inappropriate\s+behaviou?r|personality\s+change|(?<!skin\s)(?<!free\s)flap"
          # West Haven 1-2 in other words: altered mentation, apathy, slowed thinking, euphoria, disinhibition,
          # inattention (Conn 1977; Vilstrup 2014)
          r"|altered\s+(?:mental\s+status|mentation|sensorium)|(?-i:AMS)|muddled|apath(?:y|etic)"
          r"|psychomotor\s+(?:slowing|retardation)|slow(?:ed|ing)?\s+(?:of\s+)?(?:mentation|thinking|cognition)|bradypsychia"
          r"|euphori[ac]|disinhibit(?:ed|ion)|inattenti(?:ve|on)"
          # West Haven grade 1's 'impaired performance of addition or subtraction': serial sevens failed
          r"|(?:unable|could\s*not|couldn't|cannot|can't|failed|fails|struggled|struggles|difficulty|errors)\s+(?:\w+\s+){0,3}?"
          r"serial\s+(?:7'?s|sevens|subtractions?)|impaired\s+(?:calculation|computation|arithmetic))\b")


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
    if value is False:
        # a past encephalopathy now kept away by lactulose / rifaximin: MDCalc's 'grade 1-2 (or suppressed with
        # medication)'
        # the drug's mention may share the sentence's 'history of' ("History of HE, controlled on lactulose"): one
        # stopped / held / discontinued is not taken
        drug = [d for d in affirmed(ctx, _HE_DRUGS)
                if not _DRUG_STOPPED.search(ctx.note, max(d.sentence.start, d.start - 25), d.start)
                and not re.match(r"\s*(?:was\s+|were\s+|has\s+been\s+)?(?:stopped|discontinued|held|ceased)\b", ctx.note[d.end:d.end + 30], re.I)]
        if drug and not f.negated:
            return Hit.of_finding(drug[0], "grade 1-2", "past encephalopathy suppressed with medication")
        # signs denied on examination ('no asterixis') in a patient with liver disease kept on the encephalopathy
        # drugs: suppressed, not none -- when the drug is rifaximin (given for encephalopathy in liver disease) or
        # the note tells of a past episode of confusion (lactulose alone may be a laxative)
        suppressed = [d for d in drug if re.match(r"(?i)rifaximin|xifaxan", d.text)] or (drug if ctx.findings("confusion") else [])
        if suppressed and any(not (g.negated or g.family or g.hypothetical)
                              for g in (*ctx.findings("cirrhosis"), *ctx.findings("liver_disease"))):
            return Hit.of_finding(suppressed[0], "grade 1-2",
                                  "signs absent on treatment: encephalopathy suppressed with medication (grade 1-2)")
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
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------


FIELD_MAP: dict[str, dict[str, Source]] = {
    "fib4": {"age": AGE, "ast": Quantity("ast"), "alt": Quantity("alt"), "platelets": PLATELETS},
    "meld_na": {
        "creatinine": CREATININE, "bilirubin": BILIRUBIN, "inr": Quantity("inr"), "sodium": SODIUM,
        "dialysis_twice_past_week": Concept("dialysis", when="current"),
        "cvvhd_24h_past_week": Term(r"\bCVVH(?:D|DF)?\b|continuous veno-?venous|\bCRRT\b|continuous renal replacement",
                                    when="current", label="CVVHD / CRRT"),
    },
    "child_pugh": {
        "bilirubin": BILIRUBIN, "albumin": ALBUMIN, "inr": Quantity("inr"),
        "ascites": Derived(ascites_grade, "ascites: negated -> absent; mild/slight -> slight; moderate/tense -> moderate",
                           options={"slight": Concept("ascites", when="current"), "moderate": Concept("ascites", when="current")}),
        "encephalopathy": Derived(encephalopathy_grade, "encephalopathy: negated -> none; grade 3-4 words; else grade 1-2",
                                  options={"grade 1-2": Concept("encephalopathy", "confusion", when="current"),
                                           "grade 3-4": Concept("encephalopathy", "confusion", when="current")}),
    },
}
