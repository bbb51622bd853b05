"""Rules and field map of the cardiac risk scores: CHA2DS2-VASc, RCRI (Lee 1999), HEART (Six 2008), HAS-BLED
(Pisters 2010) and Framingham hard CHD.

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import re
from typing import Callable

from medmirror.tools.calculators.anthropometrics import bmi_value
from medmirror.tools.extraction.calc_sources import (
    AnyOf,
    Concept,
    Derived,
    FirstOf,
    Hit,
    Meds,
    NoteContext,
    Quantity,
    Source,
    Term,
    after_presentation,
    decide,
    medication_not_taken,
)
from medmirror.tools.extraction.model import Finding, Sentence
from medmirror.tools.extraction.rules.readers import affirmed, make_hit
from medmirror.tools.extraction.rules.shared import (
    AGE,
    CEREBROVASCULAR,
    CREATININE,
    DIALYSIS_SHORTHAND,
    HEART_FAILURE,
    SBP,
    SEX,
    STROKE,
    TIA,
    low_ankle_brachial_index,
)
from medmirror.tools.extraction.text import NUMBER, parse_number


def drug_use(concept: str, *classes: str) -> Callable[[NoteContext], Hit | None]:
    """A drug taken now: the concept's current mentions (a drug class named: 'on an NSAID', 'DAPT'), else a listed
    medication of ``classes``; a mention saying the drug was stopped, is an allergy or is to be avoided is left out
    ('Allergy: aspirin (angioedema)', 'Avoid NSAIDs', 'clopidogrel discontinued')."""
    meds = Meds(*classes)

    def rule(ctx: NoteContext) -> Hit | None:
        mentions = [f for f in ctx.findings(concept)
                    if not medication_not_taken(ctx.note, f.start, f.end, f.sentence)]
        value, f, why = decide(mentions, "current")
        if value:
            return Hit.of_finding(f, True, why)
        h = meds.read(ctx)
        if h is not None:
            return h
        return None if f is None else Hit.of_finding(f, value, why)

    rule.__name__ = f"drug_use_{concept}"
    return rule


def hasbled_hypertension(ctx: NoteContext) -> Hit | None:
    """Uncontrolled hypertension (> 160 mmHg systolic); a documented hypertension not stated as controlled counts."""
    sbp = ctx.value("systolic_bp")
    if sbp is not None and float(sbp.value) > 160:
        return Hit.of_value(sbp, value=True, unit=None, note="systolic > 160 mmHg")
    value, f, why = decide(ctx.findings("hypertension"), "any")
    if value is None or f is None:
        return None
    if value is True:
        window = f.sentence.text
        # systolic readings stated beside the diagnosis, none above 160: not the uncontrolled criterion
        sys_vals = [float(m.group(1)) for m in re.finditer(r"(?:systolic[^.;\d]{0,25}|\bBP\s*)(\d{2,3})(?:\s*(?:-|–|to)\s*(\d{2,3}))?", window, re.I)]
        sys_vals += [float(m.group(2)) for m in re.finditer(r"(?:systolic[^.;\d]{0,25}|\bBP\s*)(\d{2,3})\s*(?:-|–|to)\s*(\d{2,3})", window, re.I)]
        if sys_vals and max(sys_vals) <= 160:
            return Hit.of_finding(f, False, f"systolic readings {', '.join(f'{v:g}' for v in sys_vals)} <= 160 mmHg")
        # 'well controlled', 'controlled on losartan', 'BP controlled'; not 'uncontrolled', 'poorly / not controlled'
        if re.search(r"\b(?:(?:well|adequately|properly|good|reasonably|fairly)[- ]?)?controlled\b", window, re.I) and not re.search(
                r"\b(?:un|poorly|not well|not|inadequately|sub-?optimally|badly|difficult to be|hard to be)[- ]?controlled\b", window, re.I):
            return Hit.of_finding(f, False, "hypertension stated as controlled")
    return Hit.of_finding(f, value, why)


def hasbled_renal(ctx: NoteContext) -> Hit | None:
    """Dialysis, renal transplant or creatinine >= 2.26 mg/dL (200 µmol/L)."""
    dx = affirmed(ctx, r"dialysis|hemodialysis|haemodialysis|renal transplant\w*|kidney transplant\w*|\bESRD\b|end[- ]stage renal"
                       r"|renal allograft|transplanted kidney|(?:renal|kidney) graft\b|" + DIALYSIS_SHORTHAND)
    if dx:
        return Hit.of_finding(dx[0], True, "dialysis / transplant")
    cr = ctx.value("creatinine")
    if cr is not None:
        v = float(cr.value)
        return Hit.of_value(cr, value=v >= 2.26, unit=None, note=f"creatinine {v:g} mg/dL vs 2.26")
    value, f, why = decide([*ctx.findings("renal_disease")], "any")
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    return None


def hasbled_liver(ctx: NoteContext) -> Hit | None:
    """Cirrhosis, or bilirubin > 2x normal with AST/ALT > 3x normal (ULN taken as 1.2 mg/dL, 40 U/L)."""
    value, f, why = decide(ctx.findings("cirrhosis"), "any")
    if value is True and f is not None:
        return Hit.of_finding(f, True, why)
    bili, ast, alt = ctx.value("bilirubin"), ctx.value("ast"), ctx.value("alt")
    if bili is not None and (ast is not None or alt is not None):
        enz = max(float(x.value) for x in (ast, alt) if x is not None)
        lab = float(bili.value) > 2 * 1.2 and enz > 3 * 40
        if lab:
            return Hit.of_value(bili, value=True, unit=None, note="bilirubin > 2x and AST/ALT > 3x normal")
    value2, f2, why2 = decide(ctx.findings("liver_disease"), "any")
    if value2 is False and f2 is not None:
        return Hit.of_finding(f2, False, why2)
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    return None


def labile_inr(ctx: NoteContext) -> Hit | None:
    pos = Term(r"(?:labile|unstable|fluctuating|erratic|variable|supratherapeutic|uncontrolled)\s+(?:\w+\s+){0,2}?INRs?"
               r"|INRs?\s+(?:\w+\s+){0,4}?(?:labile|unstable|fluctuat\w*|erratic|variable|scattered|difficult to control|out of range|swing\w*"
               r"|swung|see-?saw\w*|yo-?yo\w*|all over the place|up and down|unpredictabl\w*|hard to control|difficult to stabili[sz]e)"
               # "poor INR control", "his INR control has been poor"
               r"|(?:poor|erratic|unstable|suboptimal)\s+(?:\w+\s+)?INR\s+control|INR\s+control\s+(?:has\s+been|is|was|remains)\s+(?:\w+\s+)?(?:poor|erratic|suboptimal)"
               r"|time in (?:the )?therapeutic range[^.;]{0,30}?(?:<|less than|below|under)\s*60"
               r"|(?:poor|low)\s+time in (?:the )?therapeutic range"
               # "INRs repeatedly supratherapeutic", "INR frequently outside the target range", "recurrent high INRs"
               r"|INRs?\s+(?:\w+\s+){0,4}?(?:supra-?therapeutic|sub-?therapeutic|outside (?:the )?(?:therapeutic|target) range)"
               r"|(?:recurrent|repeated|frequent|persistently)\s+(?:high|raised|elevated|supra-?therapeutic|sub-?therapeutic)\s+INRs?"
               r"|difficult\w*\s+(?:in\s+)?(?:controlling|maintaining|keeping|stabili[sz]ing)\s+(?:\w+\s+){0,3}?INRs?"
               r"|(?:poor|erratic|unstable|labile)\s+(?:warfarin\s+|anticoagulation\s+)?(?:anticoagula\w+|warfarin)\s+control"
               r"|(?:warfarin|anticoagulation)\s+control\s+(?:has\s+been|is|was|remains)\s+(?:\w+\s+)?(?:poor|erratic|unstable|labile)"
               r"|over-?anticoagulat\w+\s+(?:on|with)\s+warfarin|recurrent(?:ly)?\s+over-?anticoagulat\w+", case_sensitive=False).read(ctx)
    if pos is not None and pos.value:
        return pos
    # a stated time in range: "TTR 45%", "time in therapeutic range of 72%", "only 4 of 12 INR readings in range"
    # (the period it covers may come first: "time in therapeutic range over the last 6 months was 48%")
    ttr = re.search(rf"(?:\bTTR\b|time in (?:the )?(?:therapeutic )?range)"
                    rf"(?:\s+(?:over|in|during|for)\s+the\s+(?:last|past|previous|preceding)\s+(?:\d+|\w+)\s+(?:months?|weeks?|years?))?"
                    rf"[^.;\d]{{0,20}}(?P<p>{NUMBER})\s*%"
                    # "only about 45% of readings in the therapeutic range"
                    rf"|(?P<p2>{NUMBER})\s*%\s+of\s+(?:(?:the|his|her|all)\s+)?(?:INRs?\s+)?(?:readings|INRs?|values|results|tests|measurements)"
                    rf"\s+(?:\w+\s+){{0,2}}?(?:in|within)\s+(?:the\s+)?(?:therapeutic|target)\s+range"
                    rf"|(?P<k>\d{{1,3}})\s+(?:of|out of|/)\s+(?P<n>\d{{1,3}})\s+(?:\w+\s+){{0,3}}?(?:INRs?|readings|results|values|tests)"
                    rf"[^.;]{{0,40}}?(?:in|within)\s+(?:the\s+)?(?:therapeutic\s+|target\s+)?range", ctx.note, re.I)
    if ttr:
        share = ttr.group("p") or ttr.group("p2")
        pct = parse_number(share) if share else 100 * int(ttr.group("k")) / max(int(ttr.group("n")), 1)
        return make_hit(ctx, ttr, pct < 60, f"time in therapeutic range {pct:.0f}% vs 60%")
    stable = affirmed(ctx, r"(?:stable|therapeutic|well[- ]controlled)\s+INRs?|INRs?\s+(?:\w+\s+){0,4}?(?:stable|within (?:the )?therapeutic range|well[- ]controlled)")
    if stable:
        return Hit.of_finding(stable[0], False, "INR stable / in range")
    return pos


def alcohol_excess(ctx: NoteContext) -> Hit | None:
    """Alcohol excess (>= 8 drinks/week) when the number of drinks is not given."""
    heavy = affirmed(ctx, r"alcohol(?:ism| abuse| use disorder| dependence| excess)|heavy (?:alcohol|drink\w*|drinker)"
                          r"|excessive (?:alcohol|drink\w*)|alcoholic\b(?! (?:cirrhosis|hepatitis|liver|cardiomyopathy|pancreatitis))"
                          r"|binge drink\w*|drinks? heavily")
    # misuse, dependence and harmful drinking in other words, told as now (a past one is no current excess)
    heavy += affirmed(ctx, r"alcohol(?: misuse|[- ]dependent)|(?:EtOH|ethanol) (?:abuse|excess|misuse|dependence|use disorder)"
                           r"|harmful (?:drinking|use of alcohol|alcohol use)|hazardous (?:drinking|alcohol use)|problem drink\w*"
                           r"|dependent drinker|drinks? (?:to excess|excessively)|alcohol withdrawal|delirium tremens|withdrawal from alcohol",
                      current=True)
    if heavy:
        return Hit.of_finding(heavy[0], True, "heavy alcohol use")
    value, f, why = decide(ctx.findings("alcohol_use"), "current")
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    light = affirmed(ctx, r"(?:social(?:ly)?|occasional(?:ly)?|rare(?:ly)?|light)\s+(?:alcohol|drink\w*)|drinks?\s+(?:socially|occasionally|rarely)")
    if light:
        return Hit.of_finding(light[0], False, "occasional / social drinking")
    return None


# "no new ST changes", "without new / dynamic ST changes": ConText's pseudo-trigger "no new" ("no new complaints") keeps
# the finding affirmed, but an ECG change denied as new is no deviation (the words right before it, in its clause)
_DENIED_AS_NEW = re.compile(r"\b(?:no|not|without|nor)\s+(?:any\s+)?(?:new|dynamic|acute|significant|ischa?emic)"
                            r"(?:\s+(?:or|and|/)\s*\w+)?\s+$", re.I)


def heart_ecg(ctx: NoteContext) -> Hit | None:
    """significant ST deviation / non-specific repolarization disturbance (LBBB, LVH, repolarization, T waves) / normal."""
    # "non-ST elevation myocardial infarction" (an NSTEMI written out) names a diagnosis without ST elevation
    st = affirmed(ctx, r"(?<!non-)(?<!non )(?:ST[- ](?:segment\s+)?(?:depressions?|elevations?|deviations?|changes)"
                       r"|ST[- ]?(?:depression|elevation))|\bSTEMI\b|(?:depressed|elevated)\s+ST\b")
    st = [f for f in st if not _DENIED_AS_NEW.search(ctx.note[max(f.sentence.start, f.start - 40):f.start])]
    if st:
        return Hit.of_finding(st[0], "significant st deviation", "ST deviation on ECG")
    nonspec = affirmed(ctx, r"(?:left\s+)?bundle\s+branch\s+block|\bLBBB\b|\bRBBB\b|left\s+ventricular\s+hypertrophy|\bLVH\b"
                            r"|repolari[sz]ation\s+(?:abnormalit\w+|changes|disturbance\w*)|T[- ]wave\s+(?:inversions?|changes|flattening|abnormalit\w+)"
                            r"|(?:inverted|flattened)\s+T[- ]waves?|paced\s+rhythm|non-?specific\s+(?:ST|T)[^.;]{0,20}changes"
                            # Backus 2010's other non-specific changes: digoxin effect, LV strain, ventricular pacing
                            r"|digoxin\s+effect|(?:LV|left\s+ventricular)\s+strain|strain\s+pattern|ventricular(?:ly)?[- ]paced"
                            r"|(?-i:\bV-?paced\b)|biphasic\s+T[- ]waves?")
    if nonspec:
        return Hit.of_finding(nonspec[0], "non-specific repolarization disturbance", "repolarization abnormality on ECG")
    normal = affirmed(ctx, r"(?:ECG|EKG|electrocardiogram)[^.;]{0,40}?(?:normal|unremarkable|no\s+(?:acute\s+)?(?:ischemic\s+)?(?:changes|abnormalit))"
                           r"|normal\s+(?:ECG|EKG|electrocardiogram)|(?:ECG|EKG)[^.;]{0,30}normal sinus rhythm")
    if normal:
        return Hit.of_finding(normal[0], "normal", "normal ECG")
    return None


def heart_troponin(ctx: NoteContext) -> Hit | None:
    """'<= normal limit' when the note says the troponin is normal / negative; higher bands need the lab's limit."""
    times = re.search(rf"{_TROPONIN_LABEL}[^.;]{{0,60}}?(?P<n>{NUMBER}|twice|double|triple|two|three|four|five|ten)"
                      rf"\s*(?:times|x|×|-?fold)?\s*(?:the\s+)?(?:upper|normal|ULN|URL|reference)", ctx.note, re.I)
    if times:
        n = _multiple(times.group("n"))
        if n is not None:
            return make_hit(ctx, times, _troponin_band(n), "troponin stated as a multiple of the normal limit")
    # a value with the lab's upper limit beside it: "Trop I 0.09 ng/mL (URL 0.04)", "troponin 45 ng/L (ULN 14)",
    # "hs-TnT (0 h): 30 ng/L (99th percentile 14 ng/L)", "trop 50 (ref < 34)"; the limit in another unit is converted
    ratio = _TROPONIN_WITH_LIMIT.search(ctx.note)
    if ratio:
        v, lim = parse_number(ratio.group("v")), parse_number(ratio.group("l"))
        vu, lu = ratio.group("vu") or ratio.group("lu"), ratio.group("lu") or ratio.group("vu")
        if v is not None and lim and vu and lu:
            v, lim = v * _TROPONIN_NG_L[_unit_key(vu)], lim * _TROPONIN_NG_L[_unit_key(lu)]
        if v is not None and lim:
            return make_hit(ctx, ratio, _troponin_band(v / lim),
                        f"troponin {v:g} / upper limit {lim:g} = {v / lim:.2f} x the normal limit")
    # words last: "five times the upper limit of normal" also holds the word 'normal'
    neg = affirmed(ctx, r"troponins?[^.;]{0,40}?(?:\bnormal|negative|within (?:normal|reference) (?:limits|range)|undetectable"
                        r"|unremarkable|not elevated)|(?:normal|negative)\s+(?:\w+\s+)?troponins?"
                        # a value stated to lie at or under the lab's limit: "hs-TnT 9 ng/L, below the 99th centile"
                        rf"|{_TROPONIN_LABEL}(?:[^.;]|\.(?=\d)){{0,40}}?\b(?:below|under|less\s+than|lower\s+than|beneath|not\s+above"
                        r"|not\s+exceeding|at\s+or\s+below)\s+(?:the\s+)?(?:assay'?s\s+|lab'?s\s+)?(?:99th\s+(?:percentile|centile)"
                        r"|URL|ULN|upper\s+(?:reference\s+|normal\s+)?limit|(?:normal|reference|decision)\s+(?:limit|cut-?off|threshold)"
                        r"|cut-?off|threshold)")
    if neg:
        return Hit.of_finding(neg[0], "<= normal limit", "troponin normal/negative")
    return None


_TROPONIN_UNIT = r"(?:ng\s*/\s*L|ng\s*/\s*mL|pg\s*/\s*mL|[µμu]g\s*/\s*L|mcg\s*/\s*L)"
_TROPONIN_NG_L = {"ng/l": 1.0, "pg/ml": 1.0, "ng/ml": 1000.0, "µg/l": 1000.0, "μg/l": 1000.0, "ug/l": 1000.0, "mcg/l": 1000.0}
# the lab's upper limit: "URL", "ULN", "upper limit of normal", "upper reference limit", "99th percentile / centile
# (URL)", "normal < 14", "ref < 34", "reference range 0-14"
_TROPONIN_LIMIT = (r"(?:99th\s+(?:percentile|centile)(?:\s+(?:URL|ULN|upper\s+reference\s+limit|cut-?off))?|URL|ULN"
                   r"|upper\s+(?:reference\s+|normal\s+)?limit(?:\s+of\s+(?:normal|the\s+reference\s+range))?"
                   r"|(?:normal|ref(?:erence)?\.?)(?:\s*(?:range|interval|value))?\s*[:=]?\s*(?:<|≤|<=|below|under|up\s+to|0\s*[-–]\s*)"
                   # a bracketed reference range or bound right after the value: "18 ng/L [0-14]", "0.02 (<0.04)"
                   r"|[\[(]\s*(?:0(?:\.0+)?\s*[-–]\s*|<=?\s*|≤\s*))")
_TROPONIN_LABEL = r"(?:troponin|(?<![A-Za-z])(?:hs-?)?c?Tn[TI]?\b|\btrop\b)"
_TROPONIN_WITH_LIMIT = re.compile(
    rf"{_TROPONIN_LABEL}[^.;\d\n]{{0,20}}?"
    # a time point before the value: "(0 h)", "at 0h", "0-hour"
    # (and what it is: "(0 h, on arrival):")
    r"(?:\(?\s*(?:at\s+)?(?:T\s*)?\d{1,2}\s*-?\s*(?:h|hr|hrs|hours?)\b\s*\)?[^.;\d\n]{0,30}?)?"
    rf"(?P<v>{NUMBER})\s*(?P<vu>{_TROPONIN_UNIT})?[^.\d\n]{{0,25}}?{_TROPONIN_LIMIT}"
    rf"\s*(?:(?:of|is|was)\s*|[:=]\s*|<\s*)*(?P<l>{NUMBER})\s*(?P<lu>{_TROPONIN_UNIT})?", re.I)


def _unit_key(unit: str) -> str:
    return re.sub(r"\s+", "", unit).lower()


_MULTIPLES = {"twice": 2.0, "double": 2.0, "two": 2.0, "triple": 3.0, "three": 3.0, "four": 4.0, "five": 5.0, "ten": 10.0}


def _multiple(word: str) -> float | None:
    w = word.lower()
    return _MULTIPLES[w] if w in _MULTIPLES else parse_number(word)


def _troponin_band(n: float) -> str:
    return "<= normal limit" if n <= 1 else ("1-3x normal limit" if n <= 3 else ">3x normal limit")


_SUSPICION = re.compile(
    r"\b(?P<lvl>high(?:ly)?|moderate(?:ly)?|intermediate|slight(?:ly)?|low|mild(?:ly)?|minimal(?:ly)?)"
    r"[\s-]+(?:suspicious|suspicion|concerning|risk)\b"
    r"(?:[^.;]{0,25}?\b(?:for|of)\s+(?:ACS|acute coronary|cardiac|ischaemi\w+|ischemi\w+|MI\b|angina))?", re.I)
_SUSPICION_LEVEL = {"high": "highly suspicious", "moderate": "moderately suspicious", "intermediate": "moderately suspicious",
                    "slight": "slightly suspicious", "low": "slightly suspicious", "mild": "slightly suspicious",
                    "minimal": "slightly suspicious"}
_JUDGED = re.compile(r"\b(?:would|I'd)\s+(?:rate|grade|class(?:ify)?|consider|call|describe|score|judge|regard|deem|count)\b"
                     r"[^.;]*$", re.I)


def heart_history(ctx: NoteContext) -> Hit | None:
    """HEART 'History': a stated degree of suspicion ('highly suspicious for ACS', '(moderately suspicious)',
    'low suspicion'). 'Risk' counts only with an explicit cardiac object ('high risk for ACS'). No degree
    stated: None (a judgement left to the model or the default)."""
    for m in _SUSPICION.finditer(ctx.note):
        word = m.group(0).lower()
        if re.search(r"\brisk\b", word) and not re.search(r"\b(?:for|of)\s", word):
            continue
        f = ctx.finding_at(m.start(), m.end(), "term")
        # "I would rate the history moderately suspicious" is the clinician's judgement, not a hypothesis
        judged = _JUDGED.search(ctx.note[max(f.sentence.start, m.start() - 40):m.start()])
        if (f.hypothetical and not judged) or f.family:
            continue
        key = re.sub(r"[^a-z]", "", m.group("lvl").lower())
        key = next(k for k in _SUSPICION_LEVEL if key.startswith(k))
        return make_hit(ctx, m, _SUSPICION_LEVEL[key], "degree of suspicion stated")
    return _heart_history_from_features(ctx)


# Six et al. 2008: 'highly suspicious' = mainly specific (typical anginal) elements, 'moderately' = a mixture of
# specific and nonspecific elements, 'slightly' = nonspecific elements.
_BEHIND_STERNUM = r"\b(?:behind|under(?:neath)?|beneath)\s+(?:the|his|her|my)\s+(?:breast\s?bone|sternum)\b"
_TYPICAL = (r"\b(?:retro-?sternal|sub-?sternal|central chest)\b|" + _BEHIND_STERNUM + r"|\b(?:pressure|tightness|heaviness|squeezing|crushing|"
            r"constricting)\b|radiat\w+[^.;]{0,30}?\b(?:arms?|jaw|neck|shoulders?)\b|spread\w*[^.;]{0,20}?\b(?:arms?|jaw|neck)\b"
            r"|\b(?:on|with) exertion\b|\bexertional\b|\bdiaphore\w+|\bsweat(?:y|ing)\b|\bclammy\b|\bnause\w+"
            r"|relieved by (?:rest|nitro\w*|GTN)|\bat rest\b"
            r"|(?:brought on|provoked|precipitated|triggered)\s+by\s+(?:exertion|exercise|effort|climbing|walking|stairs|hills)"
            r"|\b(?:climbing|walking up)\s+(?:the\s+)?(?:stairs|hills?)\b"
            r"|lasting (?:about |around |roughly )?(?:\d+|a few|several|ten|fifteen|twenty)(?:\s*(?:-|to)\s*\d+)?\s*min")
_ATYPICAL = (r"\bsharp\b|\bstabbing\b|\bpleuritic\b|(?:worse|worsen\w*) (?:on|with|when) (?:inspiration|breathing|movement|"
             r"twisting|moving|lying|palpation)|\bpositional\b|reproduc\w+ (?:on|with|by) (?:palpation|pressure)|"
             r"tender(?:ness)? (?:on|to) palpation|\bburning\b|\breflux\b|\bindigestion\b|relieved by antacids?|\bfleeting\b"
             r"|\blast(?:s|ing|ed)\s+(?:only\s+)?(?:a\s+few\s+|few\s+)?seconds\b|\bchest\s+wall\s+(?:is\s+)?tender")
# a sentence that goes on describing the pain named in the sentence before it ("It is sharp ...", "The pain radiates
# ...", "Describes it as ...", "Character: ...")
_PAIN_FOLLOWER = re.compile(
    r"\s*(?:it|this|the\s+(?:pain|discomfort|symptoms?)|pain|discomfort|(?:he|she|they|patient|pt)\s+describe[sd]?|"
    r"describe[sd]?|character\w*|nature|quality|radiation|radiates?|associated|onset)\b", re.I)


def _pain_description_followers(ctx: NoteContext, named: list[Sentence]) -> dict[int, Sentence]:
    """The (up to two) sentences right after each chest-pain sentence that go on describing that pain
    (:data:`_PAIN_FOLLOWER`), in the same paragraph: their elements count as the pain's."""
    out: dict[int, Sentence] = {}
    for sent in named:
        for nxt in ctx.index.following(sent, 2):
            if "\n\n" in ctx.note[sent.end:nxt.start] or not _PAIN_FOLLOWER.match(nxt.text):
                break
            out[nxt.start] = nxt
            sent = nxt
    return out


def _heart_history_from_features(ctx: NoteContext) -> Hit | None:
    """No stated degree: count the typical and the nonspecific elements of the chest-pain description (sentences
    that mention chest pain/discomfort, not negated, not after the presentation). Typical only (>= 3): highly;
    a mixture, or fewer than 3 typical: moderately; nonspecific only: slightly; no chest-pain sentence: None."""
    pain = [f for f in ctx.findings("chest_pain") if not (f.negated or f.family or f.hypothetical)]
    pain += affirmed(ctx, r"\bchest\s+(?:pain|discomfort|tightness|pressure|heaviness|burning)|(?:retro|sub)-?sternal\s+\w+"
                          r"|\bepigastric\s+(?:pain|discomfort|burning|pressure)"
                          # the lay words for retrosternal: "a squeezing discomfort behind the breastbone"
                          r"|\b(?:pain|discomfort|pressure|tightness|heaviness|ache|burning)\b[^.;]{0,15}?" + _BEHIND_STERNUM, current=True)
    sentences = {f.sentence.start: f.sentence for f in pain if not after_presentation(f)}
    if not sentences:
        return None
    sentences.update(_pain_description_followers(ctx, list(sentences.values())))
    typical: list[str] = []
    atypical: list[str] = []
    def unnegated(pattern: str, text: str) -> list[str]:
        # "without radiation", "not pleuritic", "no sweating": a negated element is not there
        return [m.group(0) for m in re.finditer(pattern, text, re.I)
                if not re.search(r"\b(?:no|not|without|non|nor|denies|denied)\b[\w\s-]{0,15}$", text[max(0, m.start() - 25):m.start()], re.I)]

    for sent in sentences.values():
        typical += unnegated(_TYPICAL, sent.text)
        atypical += unnegated(_ATYPICAL, sent.text)
    if not typical and not atypical:
        return None
    first = min(sentences)
    sent = sentences[first]
    if typical and not atypical and len(typical) >= 3:
        level = "highly suspicious"
    elif typical:
        level = "moderately suspicious"
    else:
        level = "slightly suspicious"
    return Hit(level, sent.start, sent.end, sent.text, sent.text, None,
               f"typical: {', '.join(typical) or 'none'}; nonspecific: {', '.join(atypical) or 'none'}")


_CVD = ("coronary_artery_disease", "stroke", "peripheral_artery_disease", "heart_failure")


def family_cvd(ctx: NoteContext) -> Hit | None:
    """Parent or sibling with cardiovascular disease (family-history mentions of CAD/MI/stroke/PAD)."""
    mentions = []
    for c in _CVD:
        mentions += ctx.findings(c)
    mentions += ctx.terms(r"cardiovascular disease|heart disease|cardiac (?:disease|death)|sudden (?:cardiac )?death|premature (?:CAD|coronary)"
                          r"|heart attack|(?:coronary )?bypass (?:surgery|graft\w*)|coronary (?:artery )?bypass\b|\bCABG\b"
                          r"|coronary (?:stent\w*|angioplasty)|(?:heart|cardiac|triple|quadruple|double) bypass\b")
    # HEART asks for a parent or sibling affected before 65: a stated age of 65 or more does not count
    def before_65(f: Finding) -> bool:
        ages = [int(a) for a in re.findall(r"\b(?:at|aged?|age of)\s+(\d{2})\b", f.sentence.text)]
        return not ages or min(ages) < 65

    mentions = [f for f in mentions if not f.family or before_65(f)]
    value, f, why = decide(sorted(mentions, key=lambda x: x.start), "any", subject="family")
    if f is None:
        neg = affirmed(ctx, r"(?:no|non-?contributory|unremarkable|negative)\s+family\s+history|family\s+history\s+(?:is\s+|was\s+)?(?:non-?contributory|unremarkable|negative)")
        return Hit.of_finding(neg[0], False, "family history negative") if neg else None
    return Hit.of_finding(f, value, why)


# a sentence about this admission's event: its diagnosis ('admitted with a working diagnosis of NSTEMI') or what was
# done for it after arrival ('angiography the next morning ... treated with a stent')
_THIS_EVENT = re.compile(r"\b(?:working|provisional|admitting|final|discharge)\s+diagnosis\b|\b(?:the\s+)?(?:next|following)"
                         r"\s+(?:day|morning)\b|\bon\s+(?:this|the\s+present|the\s+current)\s+admission\b"
                         # the present event named by its management: "we are treating this as NSTEMI", "managed as ACS"
                         r"|\b(?:treat(?:ing|ed)?|manag(?:ing|ed)?)\s+(?:this|him|her|it|the\s+(?:episode|event|patient)\s+)?\s*as\b", re.I)


def known_disease(*sources: Concept | Term) -> Callable[[NoteContext], Hit | None]:
    """A known disease (HEART's 'known atherosclerotic disease', Six 2008): the sources' mentions, leaving out those in
    a sentence about the present event's diagnosis or its treatment: the infarct the score predicts is not a history."""

    def rule(ctx: NoteContext) -> Hit | None:
        mentions = [f for src in sources for f in src.mentions(ctx) if not _THIS_EVENT.search(f.sentence.text)]
        value, f, why = decide(sorted(mentions, key=lambda m: m.start), "any")
        return None if value is None or f is None else Hit.of_finding(f, value, why)

    return rule


# an insulin regimen of the admission, not the patient's treatment: "variable-rate insulin infusion peri-operatively",
# "sliding scale insulin", "insulin and dextrose for hyperkalaemia"
_ACUTE_INSULIN = re.compile(r"infusion|variable[- ]rate|sliding[- ]scale|peri-?operative\w*|dextrose|glucose|\bVRIII\b", re.I)


def insulin_therapy(ctx: NoteContext) -> Hit | None:
    """RCRI 'pre-operative treatment with insulin' (Lee 1999): an insulin the note lists, leaving out a peri-operative or
    acute regimen (an infusion, a sliding scale, insulin-dextrose) named within the drug's clause."""
    for m in ctx.medications:
        if m.drug_class != "insulin" and m.name != "insulin":
            continue
        f = ctx.finding_at(m.start, m.end, "medication")
        if f.negated or f.hypothetical or f.family or medication_not_taken(ctx.note, m.start, m.end, f.sentence):
            continue
        # the regimen's words next to this insulin, in its own list item: 'insulin glargine 30 U + lispro sliding
        # scale' keeps the glargine
        before = re.split(r"[,;+]", ctx.note[max(f.sentence.start, m.start - 30):m.start])[-1]
        after = re.split(r"[,;+]", ctx.note[m.end:min(f.sentence.end, m.end + 30)])[0]
        if _ACUTE_INSULIN.search(before) or _ACUTE_INSULIN.search(after):
            continue
        return Hit.of_medication(m, True, f"medication: {m.name}")
    return None


# NCEP ATP III "high": total cholesterol >= 240 mg/dL (6.2 mmol/L) or LDL >= 160 mg/dL (4.1 mmol/L)
TOTAL_CHOLESTEROL_HIGH = 240.0
LDL_HIGH = 160.0


def high_cholesterol(ctx: NoteContext) -> Hit | None:
    """Hypercholesterolaemia (HEART's risk factor) from a number when the note names none: a total cholesterol
    >= 240 mg/dL or an LDL >= 160 mg/dL (NCEP ATP III 'high'), at any time (a risk factor of the history). A
    normal value decides nothing (a treated patient's cholesterol is normal)."""
    for name, limit in (("total_cholesterol", TOTAL_CHOLESTEROL_HIGH), ("ldl", LDL_HIGH)):
        for v in ctx.values(name):
            if v.subject == "patient" and float(v.value) >= limit:
                return Hit.of_value(v, value=True, unit=None, note=f"{name} {float(v.value):g} mg/dL >= {limit:g}")
    return None


def obesity(ctx: NoteContext) -> Hit | None:
    """Obesity: BMI > 30 kg/m² when a BMI is given, else the word."""
    bmi = ctx.value("bmi")
    if bmi is not None:
        return Hit.of_value(bmi, value=float(bmi.value) > 30, unit=None, note=f"BMI {float(bmi.value):g} vs 30")
    value, f, why = decide(ctx.findings("obesity"), "current")
    if f is not None:
        return Hit.of_finding(f, value, why)
    # no BMI and no word: the BMI of the stated weight and height (kg / m²)
    w, h = ctx.value("weight"), ctx.value("height")
    if w is not None and h is not None and float(h.value) >= 100:
        bmi_v = bmi_value(float(w.value), float(h.value))
        if 10 <= bmi_v <= 90:
            return Hit.of_value(w, value=bmi_v > 30, unit=None,
                                note=f"BMI {float(w.value):g} kg / ({float(h.value):g} cm)² = {bmi_v:.1f} vs 30")
    return None


HIGH_RISK_SURGERY = (
    r"intraperitoneal|intra-abdominal surgery|intrathoracic|suprainguinal vascular|laparotomy|thoracotomy|sternotomy"
    r"|(?:hemi|sub|total |partial )?colectomy|gastrectomy|esophagectomy|oesophagectomy|pancreat\w*ectomy|whipple|hepatectomy"
    r"|(?:partial )?hepatic resection|liver resection|lobectomy|pneumonectomy|segmentectomy|bowel resection|small bowel resection"
    r"|(?:open|laparoscopic) (?:abdominal|bowel|colon|gastric|hepatic|liver) surgery|abdominal surgery|thoracic surgery"
    r"|(?:abdominal )?aortic aneurysm repair|AAA repair|aorto-?(?:bi)?femoral|aortic (?:surgery|bypass|repair)|cystectomy|nephrectomy"
    # "open repair of a 6 cm infrarenal abdominal aortic aneurysm", "EVAR": the aorta is above the inguinal ligament
    r"|repair of (?:an? |the |his |her )?(?:[\w.]+ ){0,4}?(?:aortic|aorta|AAA)\b(?: aneurysm)?|\bT?EVAR\b"
    # the aneurysm named first: "a 6 cm AAA, listed for open repair"; an open transperitoneal operation enters the
    # peritoneum ("open transperitoneal repair was planned")
    r"|(?:aortic aneurysm|\bAAA)\b[^.;]{0,60}?\b(?:for|awaiting)\s+(?:an?\s+)?(?:elective\s+)?(?:open\s+|endovascular\s+)?(?:surgical\s+)?repair"
    r"|\btransperitoneal\b"
    r"|cholecystectomy|splenectomy|hysterectomy|low anterior resection|abdominoperineal|cardiac surgery|CABG|valve replacement|mediastin\w+ surgery"
    # thoracoabdominal and iliac/visceral arterial operations; thoracoscopic and laparoscopic (intracavitary) operations
    r"|thoraco-?abdominal|(?:aorto-?|)iliac (?:bypass|repair|aneurysm repair)|(?:renal|mesenteric|coeliac|celiac) artery (?:bypass|repair)"
    r"|\bVATS\b|video-assisted thoracoscopic|thoracoscop\w+|decortication|pleurectomy|appendi?cectomy|appendectomy|\bHartmann"
    r"|laparoscop\w+ (?:[\w-]+ ){0,3}?(?:\w*ectomy|resection|fundoplication|surgery)"
    # more operations that open the abdomen or chest: named resections, bariatric and hiatal operations, valve surgery
    r"|Ivor[- ]Lewis|anterior resection|(?:lung|pulmonary|wedge) resection|bilobectomy|thymectomy|\bfundoplication"
    r"|hiat(?:al|us) hernia repair|gastric bypass|Roux-en-Y|bariatric surgery|(?:mitral|aortic|tricuspid|pulmonary) valve (?:repair|surgery)"
)


def high_risk_surgery(ctx: NoteContext) -> Hit | None:
    """RCRI: intraperitoneal, intrathoracic or suprainguinal vascular surgery (planned or performed)."""
    hits = [f for f in ctx.terms(HIGH_RISK_SURGERY) if not (f.negated or f.family)]
    if hits:
        return Hit.of_finding(hits[0], True, "intraperitoneal / intrathoracic / suprainguinal vascular procedure")
    low = [f for f in ctx.terms(r"(?:knee|hip|shoulder) (?:replacement|arthroplasty|arthroscopy)|arthroplasty|cataract|"
                                r"(?:carotid endarterectomy)|(?:inguinal )?hernia repair|(?:skin|breast|thyroid|orthopedic|orthopaedic|spine|spinal) surgery"
                                r"|mastectomy|thyroidectomy|laminectomy|(?:below|above)[- ]knee amputation|transurethral|TURP")
           if not (f.negated or f.family)]
    if low:
        return Hit.of_finding(low[0], False, "procedure outside the high-risk sites")
    return None


ANTIHYPERTENSIVES = (
    "amlodipine", "lisinopril", "enalapril", "ramipril", "losartan", "valsartan", "metoprolol", "atenolol", "carvedilol",
    "bisoprolol", "diltiazem", "verapamil", "hydrochlorothiazide", "furosemide", "spironolactone",
)
_ANTIHYPERTENSIVE_WORDS = (r"antihypertensive\w*|blood pressure (?:medication|medicine|pill|tablet)s?|\w+(?:pril|sartan|olol|dipine|thiazide)\b"
                           r"|chlorthalidone|hydralazine|clonidine|indapamide|doxazosin|prazosin|nifedipine|labetalol|olmesartan|irbesartan|candesartan|telmisartan")


def bp_treated(ctx: NoteContext) -> Hit | None:
    """Framingham: blood pressure treated with medication (an antihypertensive in the note, or the phrase)."""
    for m in ctx.medications:
        if m.name in ANTIHYPERTENSIVES:
            f = ctx.finding_at(m.start, m.end)
            if not (f.negated or f.hypothetical):
                return Hit.of_medication(m, True, f"antihypertensive: {m.name}")
    return Term(_ANTIHYPERTENSIVE_WORDS, when="current").read(ctx)


_QUIT = re.compile(r"\b(?:quit|stopped|former|ex-?smoker|gave up|formerly|previous(?:ly)?|used to|in the past|ceased|abstinent)\b", re.I)
# how long ago the patient quit: "quit 6 weeks ago", "stopped smoking two months ago", "quit last month", "ex-smoker
# (quit 10 days ago)", "gave up cigarettes 3 wk ago", "quit smoking 4 weeks prior to admission"
_QUIT_AGO = re.compile(r"\b(?:quit|stopped|gave up|ceased)\b[^.;\d]{0,30}?"
                       r"(?:(?P<n>\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several)"
                       r"\s*(?P<u>days?|d|weeks?|wks?|months?|mo|years?|yrs?)\s+(?:ago|earlier|before|prior)"
                       r"|(?P<last>last|this|a)\s+(?P<lu>week|month|year)\b(?!\s+(?:of|in)\b)"
                       r"|(?P<rec>recently|yesterday|today|on admission))", re.I)
_NUM_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
              "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a few": 3, "several": 4}
_DAYS_PER = {"d": 1, "w": 7, "m": 30, "y": 365}


def _quit_days_ago(sentence: str) -> float | None:
    """Days since the patient quit smoking, when the sentence says ('quit 6 weeks ago'); 'recently' is 0."""
    m = _QUIT_AGO.search(sentence)
    if m is None:
        return None
    if m.group("rec"):
        return 0.0
    if m.group("last"):
        return float(_DAYS_PER[m.group("lu")[0].lower()])
    n = m.group("n").lower()
    num = float(_NUM_WORDS[n]) if n in _NUM_WORDS else float(n)
    return num * _DAYS_PER[m.group("u")[0].lower()]


def current_smoker(ctx: NoteContext) -> Hit | None:
    """Current smoker: a present mention; 'history of smoking' counts unless the note says the patient quit."""
    mentions = [f for f in ctx.findings("smoking") if not (f.hypothetical or f.family)]
    if not mentions:
        return None
    for f in mentions:
        if f.negated:
            continue
        quit_ = bool(_QUIT.search(f.sentence.text)) or any(t.startswith("historical:") and _QUIT.search(t) for t in f.triggers)
        if not quit_:
            return Hit.of_finding(f, True, "smoker" + (" (history of smoking, no quit date)" if f.historical else ""))
        days = _quit_days_ago(f.sentence.text)
        if days is not None and days < 90:
            return Hit.of_finding(f, True, f"quit about {days:g} days ago: within 3 months counts as smoking (HEART)")
    neg = next((f for f in mentions if f.negated), None)
    if neg is not None:
        return Hit.of_finding(neg, False, "negated")
    return Hit.of_finding(mentions[0], False, "former smoker")


_READING = re.compile(r"^(?:elevated|raised|high|increased)\s+(?:blood\s+pressure|BP)", re.I)
# 'high blood pressure' named as a treated or long-standing condition: "high blood pressure on ramipril", "known high BP"
_READING_AS_DIAGNOSIS_AFTER = re.compile(r"\s*,?\s*(?:on|treated|managed|controlled|for which|requiring|needing)\b", re.I)
_READING_AS_DIAGNOSIS_BEFORE = re.compile(r"\b(?:known|long-?standing|chronic|diagnosed with|treated|history of|hx of)\s+$", re.I)


# a blood-pressure drug named as such: "amlodipine and ramipril, prescribed for her blood pressure", "tablets for
# his high blood pressure", "bisoprolol for BP control" (an antihypertensive class or 'tablets/medication' before the
# purpose, in one clause)
# (a decimal dose in the gap: "indapamide 2.5 mg each morning for her blood pressure")
_FOR_BLOOD_PRESSURE = (rf"(?:{_ANTIHYPERTENSIVE_WORDS}|\b(?:tablets?|pills?|medications?|medicines?|drugs?))\b(?:[^.;]|\.(?=\d)){{0,60}}?"
                       r"\bfor\s+(?:(?:his|her|their|the)\s+)?(?:(?:high|raised|elevated)\s+)?(?:blood\s+pressure|\bBP\b)")
# raised readings on repeated occasions, which is how hypertension is diagnosed: "blood pressure had been raised at
# three successive clinic visits", "BP high on several occasions", "repeatedly raised blood pressure"
_REPEATEDLY_RAISED = (r"\b(?:blood\s+pressure|BP)\b[^.;]{0,40}?\b(?:raised|high|elevated)\b[^.;]{0,15}?\b(?:on|at|over|in|during)\s+"
                      r"(?:(?:two|three|four|five|several|multiple|repeated|successive|consecutive|serial|separate|[2-9])\s+)+"
                      r"(?:[\w-]+\s+){0,2}?(?:visits|occasions|readings|measurements|appointments|reviews|checks|consultations)\b"
                      r"|\b(?:repeatedly|persistently|consistently)\s+(?:raised|high|elevated)\s+(?:blood\s+pressure|BP)\b")

# a drug given for a reading at presentation is no diagnosis: "IV labetalol was given for her blood pressure of 210/120"
_ACUTE_DOSE = re.compile(r"\b(?:given|administered|intravenous\w*|IV|bolus|infusion|stat)\b", re.I)
_READING_AFTER = re.compile(r"\s*(?:of|at|was|is|reading)?\s*\d{2,3}\s*/\s*\d{2,3}", re.I)


def hypertension_history(ctx: NoteContext) -> Hit | None:
    """Hypertension as a diagnosis: an elevated reading at presentation ('elevated blood pressure') is not one, unless
    written as a treated or long-standing condition ('high blood pressure on ramipril', 'known high blood pressure'),
    as the purpose of a drug ('ramipril for her blood pressure') or as raised on repeated occasions ('BP raised at
    three clinic visits')."""
    def reading(f: Finding) -> bool:
        if not _READING.match(f.text) or f.historical:
            return False
        before = ctx.note[max(f.sentence.start, f.start - 25):f.start]
        return not (_READING_AS_DIAGNOSIS_AFTER.match(ctx.note, f.end) or _READING_AS_DIAGNOSIS_BEFORE.search(before))

    mentions = [f for f in ctx.findings("hypertension") if not reading(f)]
    mentions += [f for f in ctx.terms(_FOR_BLOOD_PRESSURE, re.I) if not (
        medication_not_taken(ctx.note, f.start, f.end, f.sentence) or _ACUTE_DOSE.search(f.text)
        or _READING_AFTER.match(ctx.note, f.end))]
    mentions += ctx.terms(_REPEATEDLY_RAISED, re.I)
    mentions.sort(key=lambda f: f.start)
    value, f, why = decide(mentions, "any")
    return None if f is None else Hit.of_finding(f, value, why)


def alcohol_per_week(ctx: NoteContext) -> Hit | None:
    """Drinks per week: the extractor's number; 'denies alcohol' / 'no alcohol' is 0."""
    v = ctx.value("alcohol_drinks_per_week")
    if v is not None:
        return Hit.of_value(v)
    value, f, why = decide(ctx.findings("alcohol_use"), "current")
    if value is False and f is not None and f.negated:
        return Hit.of_finding(f, 0.0, "alcohol denied: 0 drinks/week")
    return None


_EJECTION_FRACTION = re.compile(
    rf"\b(?:LV\s*EF|LVEF|EF|ejection\s+fraction)(?:\s+(?:was|is|of|estimated\s+at|measured\s+at|around|about|~))*\s*[:=]?\s*"
    rf"(?P<n>{NUMBER})(?:\s*(?:-|–|to)\s*(?P<n2>{NUMBER}))?\s*%", re.I)
_LV_DYSFUNCTION_WORDS = (r"(?:moderate(?:ly)?|severe(?:ly)?|moderate[- ]to[- ]severe(?:ly)?)\s+(?:impaired|reduced|depressed|poor)\s+"
                         r"(?:LV|left\s+ventricular)\s+(?:systolic\s+)?function|\bHFrEF\b|heart\s+failure\s+with\s+reduced\s+ejection")


def lv_dysfunction(ctx: NoteContext) -> Hit | None:
    """CHA2DS2-VASc 'C': objective evidence of moderate-to-severe LV systolic dysfunction (Lip 2010; ESC 2020: LVEF
    <= 40 %) counts as well as a heart-failure history: 'LVEF 35%', 'EF 30-35%', 'severely impaired LV function',
    'HFrEF'. An EF above 40 % is not decided here (the heart-failure history still may be)."""
    for m in _EJECTION_FRACTION.finditer(ctx.note):
        n = parse_number(m.group("n2") or m.group("n"))
        f = ctx.finding_at(m.start(), m.end())
        if n is None or not 5 <= n <= 85 or f.hypothetical or f.family or after_presentation(f):
            continue
        if n <= 40:
            return make_hit(ctx, m, True, f"ejection fraction {n:g} % <= 40 %: LV systolic dysfunction")
    words = affirmed(ctx, _LV_DYSFUNCTION_WORDS)
    return Hit.of_finding(words[0], True, "moderate-severe LV systolic dysfunction") if words else None


def diabetes_by_hba1c(ctx: NoteContext) -> Hit | None:
    """Diabetes from the patient's HbA1c: >= 6.5 % is the ADA diagnostic threshold ('on metformin; HbA1c 7.4%'). Read
    only when the note does not name diabetes (a named or denied diabetes decides first); a lower HbA1c decides nothing
    (treated diabetes can be below it)."""
    v = ctx.value("hba1c")
    if v is None or v.subject != "patient" or float(v.value) < 6.5:
        return None
    return Hit.of_value(v, value=True, unit=None, note=f"HbA1c {float(v.value):g} % >= 6.5 %: diabetes (ADA)")


# peripheral artery disease by its objective criterion (CHA2DS2-VASc 'V', HEART's known atherosclerosis)
LOW_ABI = Derived(low_ankle_brachial_index, "ankle-brachial index <= 0.90 (AHA/ACC 2016)")


# RCRI ischaemic heart disease from tests: a positive exercise / stress / perfusion test written either way round
# ('positive stress test', 'treadmill test positive for ischaemia', 'MIBI: reversible perfusion defect', 'inducible
# ischaemia on DSE'), and pathological Q waves named or placed in leads ('Q waves in II, III, aVF')
_STRESS_TEST = (r"(?:exercise|stress|treadmill|\bETT\b|perfusion|thallium|\bMIBI\b|sestamibi|myoview|dobutamine|\bDSE\b|\bMPI\b|SPECT)")
IHD_TESTS = (
    r"positive (?:\w+ ){0,2}?(?:exercise|stress|treadmill|perfusion|thallium|nuclear) (?:\w+ )?(?:test|study|scan|echo\w*|ECG|EKG)"
    # the gap between test and result carries no denial ('DSE: no inducible ischaemia' stays a negated finding)
    rf"|{_STRESS_TEST}(?:(?!\b(?:no|not|without|negative)\b)[^.;\n]){{0,40}}?\b(?:positive|reversible (?:perfusion )?(?:defect|ischa?emia)|inducible ischa?emia)"
    r"|inducible (?:myocardial )?ischa?emia|reversible (?:perfusion )?defects?|reversible ischa?emia"
    r"|(?:patholog\w+|significant|deep|inferior|anterior|lateral|septal|old)\s+Q[- ]?waves?"
    r"|\bQ[- ]?waves?\s+(?:are\s+|were\s+)?(?:in|across|over|present in)\s+(?:leads?\s+)?(?:III?\b|I\b|aVF|aVL|V[1-6])"
)


def insulin_treatment(ctx: NoteContext) -> Hit | None:
    """RCRI: pre-operative treatment with insulin: the concept's current mentions ('insulin-treated', 'on an insulin
    pump', 'type 1 diabetes'), else a listed insulin (:func:`insulin_therapy`); a mention saying the insulin was
    stopped, or naming an acute regimen in its sentence ('treated with insulin and dextrose'), is left out."""
    mentions = [f for f in ctx.findings("insulin_use") if not (
        medication_not_taken(ctx.note, f.start, f.end, f.sentence) or _ACUTE_INSULIN.search(f.sentence.text))]
    value, found, why = decide(mentions, "current")
    if value:
        return Hit.of_finding(found, True, why)
    hit = insulin_therapy(ctx)
    if hit is not None:
        return hit
    return None if found is None else Hit.of_finding(found, value, why)


# RCRI ischaemic heart disease by Lee's other criteria: nitrate therapy (and the anti-anginals prescribed for angina
# alone) and chest pain judged ischaemic
ANTI_ANGINAL = (r"isosorbide (?:di|mono)nitrate|(?-i:\bIS[MD]N\b)|(?:long[- ]acting |oral |regular )nitrates?\b"
                r"|nitrate (?:therapy|tablets?|patch\w*)|\bGTN (?:patch\w*|tablets?)|sublingual (?:GTN|nitroglycerin\w*|nitrates?)"
                r"|nicorandil|ranolazine|(?<![\w-])(?<!non )(?:ischa?emic|cardiac|anginal) (?:chest )?pain")


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------

HYPERTENSION = Derived(hypertension_history, "hypertension diagnosis (an elevated reading at presentation is not one)")
DIABETES = FirstOf(Concept("diabetes"), Derived(diabetes_by_hba1c, "HbA1c >= 6.5 % (ADA), when the note names no diabetes"))
SMOKING_CURRENT = Derived(current_smoker, "smoker unless the note says the patient quit")

FIELD_MAP: dict[str, dict[str, Source]] = {
    "cha2ds2_vasc": {
        "age": AGE, "sex": SEX,
        "congestive_heart_failure": AnyOf(HEART_FAILURE, Derived(lv_dysfunction, "LVEF <= 40 % / moderate-severe LV dysfunction")),
        "hypertension": HYPERTENSION, "stroke": STROKE, "tia": TIA, "thromboembolism": Concept("thromboembolism"),
        "vascular_disease": AnyOf(Concept("vascular_disease", "coronary_artery_disease"), LOW_ABI), "diabetes": DIABETES,
    },
    "rcri": {
        "elevated_risk_surgery": Derived(high_risk_surgery, "intraperitoneal / intrathoracic / suprainguinal vascular procedure"),
        "ischemic_heart_disease": AnyOf(Concept("coronary_artery_disease"), Meds(names=("nitroglycerin", "isosorbide mononitrate")),
                                        Term(IHD_TESTS, label="positive stress test / Q waves"),
                                        Term(ANTI_ANGINAL, label="nitrate / anti-anginal therapy, ischaemic chest pain")),
        "congestive_heart_failure": AnyOf(HEART_FAILURE, Term(r"pulmonary (?:o)?edema|paroxysmal nocturnal dysp?noea|paroxysmal nocturnal dyspnea|(?-i:\bPND\b)"
                                                              r"|\bS3 (?:gallop|heart sound|(?:was |is )?(?:heard|present|audible|noted)|on auscultation)|\b(?:an|audible) S3\b"
                                                              r"|third heart sound|bilateral (?:basal )?(?:rales|crackles|crepitations)"
                                                              r"|(?:pulmonary )?vascular redistribution|upper lobe (?:blood )?diversion"
                                                              r"|bi-?(?:basal|basilar) (?:fine )?(?:inspiratory )?(?:rales|crackles|crepitations|creps)"
                                                              r"|Kerley (?:B )?lines|cephali[sz]ation|pulmonary venous congestion",
                                                              label="pulmonary edema / PND / S3")),
        "cerebrovascular_disease": CEREBROVASCULAR,
        "insulin_treatment": Derived(insulin_treatment, "insulin for diabetes taken now (not stopped, not an acute or "
                                                        "peri-operative regimen such as insulin-dextrose)"),
        "creatinine": CREATININE,
    },
    "heart_score": {
        "history": Derived(heart_history, "stated degree of suspicion for ACS (highly / moderately / slightly); "
                           "else a judgement", options={"slightly suspicious": Concept("chest_pain"),
                                                        "moderately suspicious": Concept("chest_pain"),
                                                        "highly suspicious": Concept("chest_pain")}),
        "ecg": Derived(heart_ecg, "ST deviation > repolarization disturbance > normal ECG",
                       options={"significant st deviation": Term(r"ST[- ](?:segment )?(?:depression|elevation|deviation)s?|STEMI"),
                                "non-specific repolarization disturbance": Term(r"repolari[sz]ation|bundle branch block|LBBB|LVH|T[- ]wave")}),
        "age": AGE,
        "initial_troponin": Derived(heart_troponin, "troponin normal/negative, or stated as a multiple of normal",
                                    options={"1-3x normal limit": Term(r"troponin"), ">3x normal limit": Term(r"troponin")}),
        "hypertension": HYPERTENSION, "hypercholesterolemia": FirstOf(
            Concept("hyperlipidemia"), Derived(high_cholesterol, "total cholesterol >= 240 / LDL >= 160 mg/dL (NCEP ATP III)")),
        "diabetes": DIABETES,
        "obesity": Derived(obesity, "BMI > 30, else the word obesity"),
        "bmi": Quantity("bmi"),
        "smoking": SMOKING_CURRENT,
        "family_history": Derived(family_cvd, "relative with cardiovascular disease"),
        "atherosclerotic_disease": AnyOf(Derived(known_disease(
                                         Concept("coronary_artery_disease", "peripheral_artery_disease", "cerebrovascular_disease"),
                                         Term(r"atherosclero\w+|\bPCI\b|\bCABG\b|coronary (?:stent|revasculari[sz]ation)"
                                              r"|(?:drug[- ]eluting|bare[- ]metal|coronary|\bLAD\b|\bRCA\b|\bLCx\b|circumflex)[^.;]{0,30}?\bstents?\b"
                                              r"|\bstents?\b[^.;]{0,30}?(?:\bLAD\b|\bRCA\b|\bLCx\b|circumflex|coronary|left anterior descending)"
                                              # other arterial atherosclerosis: carotid disease, aortic aneurysm, renal artery stenosis
                                              r"|carotid (?:endarterectomy|stenosis|artery (?:disease|stenosis)|stent\w*|plaque\w*)"
                                              r"|(?:abdominal )?aortic aneurysm|\bAAA\b|renal artery stenosis|mesenteric ischa?emia",
                                              case_sensitive=False,
                                              label="atherosclerosis / revascularisation")),
                                         "known atherosclerotic disease (not this event's diagnosis or its treatment)"), LOW_ABI),
        "tia_history": TIA,
    },
    "has_bled": {
        "age": AGE,
        "hypertension": Derived(hasbled_hypertension, "SBP > 160, or hypertension not stated as controlled"),
        "renal_disease": Derived(hasbled_renal, "dialysis, transplant or creatinine >= 2.26 mg/dL"),
        "liver_disease": Derived(hasbled_liver, "cirrhosis, or bilirubin > 2x with AST/ALT > 3x normal"),
        "stroke": STROKE,
        "prior_bleeding": Concept("bleeding"),
        "labile_inr": Derived(labile_inr, "INR labile / unstable / TTR < 60%"),
        "bleeding_medication": Derived(drug_use("antiplatelet_nsaid_use", "antiplatelet", "nsaid"),
                                       "antiplatelet / NSAID taken now (not stopped, not an allergy, not 'avoid')"),
        "alcohol_drinks_per_week": Derived(alcohol_per_week, "drinks/week; alcohol denied -> 0"),
        "alcohol_excess": Derived(alcohol_excess, "heavy alcohol use (when no number of drinks)"),
    },
    "framingham_hard_chd": {
        "sex": SEX, "age": AGE, "total_cholesterol": Quantity("total_cholesterol"), "hdl_cholesterol": Quantity("hdl"),
        "systolic_bp": SBP, "bp_treated": Derived(bp_treated, "an antihypertensive drug in the note"),
        "smoker": SMOKING_CURRENT,
    },
}
