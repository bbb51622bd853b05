"""Label -> value reading for labs, vitals and other measured quantities.

How a value is read (:class:`Scanner`):

1. Every label of every :data:`~medmirror.tools.extraction.quantities.SPECS` entry (and of the
   blockers) is located; overlapping labels keep the longest ("urine sodium" beats
   "sodium", "sodium bicarbonate" blocks both).
2. After a label, the first number within a short gap is its value, unless the gap
   crosses a sentence end, a ';', another quantity's label, or a reference-range
   word ("normal", "range", ...). A number followed by a range ("3.5-5.0") is not
   a reading.
3. The unit after the number must be one the quantity accepts; a different kind of
   unit rejects the reading ("creatinine clearance 50 mL/min"). A bare number is
   read in the canonical unit when the quantity allows it.
4. The value is converted to the canonical unit and kept only in the plausible range.
5. "X and Y were 1.2 mg/dL and 4.1 mEq/L, respectively" pairs labels and values in order, and so does a plain
   list ("Sodium and potassium were 134 and 3.2 mmol/L"): a unit written after the last value is the bare ones' only
   where it fits each quantity.
6. One label's values over time: a series ("lactate 5.2, 3.9 and 2.1 mmol/L"), a change ("rose from 4.7 to 6.0",
   "128 mmol/L on admission, rising to 134 the next day") or a second value with its own time ("1.9 mg/dL last year
   and 2.4 mg/dL at the pre-op clinic") are read as readings of their own times.

Readings in order of position; those introduced as baseline / previous / prior
values (or followed by a past time: "0.9 mg/dL in March of last year") go after the
others, so that the first reading is the presenting one.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from medmirror.tools.calculators.units import UnitConversionError, convert
from medmirror.tools.extraction.dates import MONTH_RX
from medmirror.tools.extraction.model import Rejected, Value
from medmirror.tools.extraction.quantities import BLOCKERS, BY_NAME, OTHER_UNIT, SPECS, Spec
from medmirror.tools.extraction.text import NUMBER, SentenceIndex, parse_number

_NUM_AFTER_GAP = re.compile(r"([^\d\n;]*?)(" + NUMBER + ")")
_ABBREVIATION_DOT = re.compile(r"\.[ \t]*[:=~]?[ \t]*")
_SENTENCE_END_IN_GAP = re.compile(r"[.!?](?:\s|$)")
_REFERENCE_WORDS = re.compile(
    r"\b(?:normal|reference|range|ref|ULN|upper limit|lower limit|cut-?off|threshold|goal|target|"
    r"aim|decreased? by|increased? by|drop(?:ped)? by|rose by|change of|times|index|ratio)\b", re.I)
# a urine specimen word; not 'urine output' / 'urine volume' / 'urinary catheter', which measure or drain urine and
# leave a following 'creatinine 1.6 mg/dL' a serum value
_URINE_CONTEXT = re.compile(r"\b(?:urin\w*|spot)\b(?!\s+(?:output|volume|flow|catheter)\b)", re.I)
_BLOOD_CONTEXT = re.compile(r"\b(?:serum|plasma|blood|arterial|venous|ABG|VBG|capillary)\b", re.I)
# In a urine context ("urinalysis showed ... sodium 75"), these labels name the urine quantity.
_URINE_EQUIVALENT = {"sodium": "urine_sodium", "creatinine": "urine_creatinine"}
_LIST_VERB = re.compile(r"\b(?:were|are|was|is|of|measured|showed|revealed)\b|[:=]", re.I)
_QUALIFIER = re.compile(r"(<=|>=|≤|≥|<|>|\bless than\b|\bgreater than\b|\bmore than\b|\bbelow\b|\babove\b|\bup to\b|\bover\b"
                        r"|\bunder\b|\bexceed(?:ing|s|ed)?\b|\bat least\b|\bat most\b)"
                        r"\s*$", re.I)
_COURSE_AT_MOST = re.compile(r"\b(?:was|were|stayed|remained|reached|peaked|rose\s+to|went\s+up\s+to)\s+at\s+most\s*$", re.I)
_RANGE_AFTER = re.compile(r"\s*(?:-|–|—|to)\s*\d")
# a number (not the digit of a label such as 'HCO3-') right before a dash: the second number of a range
_RANGE_BEFORE = re.compile(r"(?<![A-Za-z])\d+(?:[.,]\d+)?\s*(?:-|–|—|to)\s*$")
# a treatment given at the presentation: a value measured after it is not the presenting one ('after 2 L fluid BP 110/70',
# 'post-FFP INR 1.4', 'repeat after insulin', 'Hb 9.6 after 2 units PRBC')
TREATMENT = (r"(?:(?:IV\s+|i\.v\.\s+)?fluids?|(?:fluid\s+|saline\s+)?bolus(?:es)?|(?:fluid\s+|volume\s+)?resuscitation|(?:re)?hydration"
             r"|crystalloids?|(?:normal\s+)?saline|\bIVF\b|transfusions?|PRBCs?|pRBCs?|packed\s+(?:red\s+)?cells|FFP|(?:fresh\s+)?frozen\s+plasma"
             r"|(?:\d+\s+)?units?\s+(?:of\s+)?(?:PRBCs?|pRBCs?|packed\s+(?:red\s+)?cells|blood|FFP|platelets|plasma)|vitamin\s+K|insulin"
             r"|treatment|therapy|dialysis|haemodialysis|hemodialysis|diuresis|diuretics?|furosemide|antipyretics?|paracetamol|acetaminophen"
             r"|antibiotics|vasopressors?|pressors?|noradrenaline|norepinephrine|correction|repletion|replacement"
             r"|cardioversion|defibrillation|rewarming|pacing)")
# before the reading in its clause: 'after 2 L fluid', 'following resuscitation with 2 L crystalloid', 'post-FFP',
# 'post-transfusion'; a section or line introduced as later: 'Discharge labs:', 'Repeat after insulin:', 'Post-bolus:'
_LATER_BEFORE = re.compile(rf"\b(?:(?:after|following)\s+(?:[\w.'’-]+\s+){{0,5}}?|post[- ]?){TREATMENT}(?![A-Za-z])", re.I)
# right before the label (or as a line's header): 'repeat INR 1.4', 'Discharge labs: ...', 'subsequent Hb 9.0'
_LATER_NEAR = re.compile(r"\b(?:repeat(?:ed)?|re-?check(?:ed)?|subsequent|follow[- ]?up|(?:at|on|upon|by)\s+(?:the\s+)?discharge"
                         r"|discharge\s+(?:labs?|bloods?|vitals?|values?|results?|observations|obs|panel|chemistr(?:y|ies)))\b", re.I)
_LATER_HEADER = re.compile(r"\W*(?:(?:repeat(?:ed)?|re-?check(?:ed)?|subsequent|discharge|follow[- ]?up)\b|"
                           r"(?:(?:after|following)\s+(?:[\w.'’-]+\s+){0,5}?|post[- ]?)" + TREATMENT + r"(?![A-Za-z]))[^:\n]{0,40}:", re.I)
_LATER_AFTER = re.compile(rf"[ \t]*[(,]?[ \t]*(?:(?:after|following|once\s+on)\s+(?:[\w.'’-]+\s+){{0,5}}?|post[- ]?){TREATMENT}(?![A-Za-z])"
                          rf"|[ \t]*[(,]?[ \t]*(?:at|on|by)\s+(?:the\s+(?:time\s+of\s+)?)?discharge\b", re.I)
# earlier in the reading's clause, a time after the presentation: "On the day of discharge (day 19) his weight had
# fallen by 11 kg, creatinine was 102 µmol/L, albumin 22 g/L", "At the three-month review she weighed 63 kg", "Six months
# after the first visit her fasting glucose was 6,1 mmol/L"
_LATER_IN_SENTENCE = re.compile(
    r"\b(?:on|at|by|upon)\s+(?:the\s+)?(?:day|time)\s+of\s+(?:(?:his|her|their|the)\s+)?discharge"
    r"|\b(?:at|on|by)\s+(?:the|his|her|their|a)\s+(?:[\w]+[- ](?:week|month|year)s?\s+)(?:review|follow[- ]?up|visit|clinic|check)"
    r"|\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|a\s+few)\s+(?:weeks?|months?|years?)\s+"
    r"(?:after|following)\s+(?:the\s+|his\s+|her\s+|their\s+)?(?:first|initial|index)?\s*(?:visit|consultation|presentation"
    r"|admission|discharge|diagnosis)\b", re.I)
_CLOSED_ASIDE = re.compile(r"\([^()]*\)")
# a reading told as the admission one (:meth:`Scanner.at_admission`): 'on admission', 'at presentation', 'upon arrival'
# (not to an intensive care unit or a ward, a later move), 'admission labs', 'before any treatment'
_ADMISSION = re.compile(
    r"\b(?:on|at|upon)\s+(?:(?:his|her|their|the)\s+)?(?:admission|arrival|presentation)\b"
    r"(?!\s+(?:to|in|on)\s+(?:the\s+)?(?:ICU|intensive|critical|HDU|CCU|ward|unit|floor|theatre))"
    r"|\badmission\s+(?:labs?|bloods?|tests?|results?|values?|vitals?|observations|obs|chemistr\w*|panel|investigations)\b"
    r"|\bbefore\s+any\s+(?:treatment|therapy|fluids?|intervention)\b", re.I)
# a line's own label with a time of its own: 'Day 3: creatinine 2.0', 'Repeat (06:00): Na 131', 'HD3 - Cr 1.9'
_OWN_TIME_LABEL = re.compile(r"[ \t\-•*]*[^:\n]{0,40}?\b(?:day\s*\d+|HD\s*\d+|POD\s*\d+|today|yesterday|overnight|repeat(?:ed)?"
                             r"|discharge|follow[- ]?up|post[- ]?\w+|later|\d{1,2}[:h]\d\d)\b[^:\n]{0,20}[:\-–]", re.I)
# the note names the time the calculation is for: "delta ratio requested for today's labs", "using the current values"
_FOR_CURRENT = re.compile(r"\b(?:for|from|on|using|with)\s+(?:today'?s|this\s+morning'?s|(?:the\s+)?current|the\s+latest"
                          r"|the\s+most\s+recent)\s+(?:labs?|values?|bloods?|results?|readings?|measurements?|chemistr\w*"
                          r"|panel|set)\b", re.I)
# a current time between an earlier phrase and the reading cancels the phrase: "In 2020 she was diagnosed with
# cirrhosis and now her bilirubin is 3.2", "after antibiotics at home for a week she presents with ... BP 80/40"
_PRESENT_WORDS = re.compile(r"\b(?:now|today|currently|presents?|presented|presenting|on\s+(?:this\s+)?admission|on\s+arrival"
                            r"|this\s+(?:admission|morning|AM)|at\s+presentation|initial(?:ly)?|pre-(?!morbid|pregnancy|conception|illness)\w+"
                            r"|pre(?:transfusion|treatment))\b", re.I)
_BASELINE = re.compile(r"\b(?:baseline|previous(?:ly)?|prior(?!\s+to\s+(?:the\s+|his\s+|her\s+)?" + TREATMENT + r")|usual|pre-?morbid|historical|last (?:year|month|visit)"
                       # a time before the illness or the pregnancy: 'pre-pregnancy weight', 'before diagnosis he weighed'
                       r"|pre-?(?:pregnancy|conception|illness)|before\s+(?:the\s+|his\s+|her\s+)?(?:diagnosis|illness|pregnancy)"
                       r"|(?:years?|months?|weeks?) (?:before|ago|earlier))\b", re.I)
# a sentence or line introduced as baseline: "Baseline (6 months ago): bili 1.4, Alb 3.6", "Prior labs: ..."
_BASELINE_HEADER = re.compile(r"\W*(?:baseline|previous|prior|old|usual|historical|last (?:year|month|visit)"
                              r"|pre-?(?:pregnancy|conception|illness))\b"
                              r"[^:\n]{0,40}:", re.I)
# earlier in the same sentence, a time well before the presentation: "diagnosed 4 years earlier, when his
# bilirubin was 1.2 and albumin 3.9", "at diagnosis", "a year ago"
_PAST_IN_SENTENCE = re.compile(r"\b(?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|many)\s+"
                               r"(?:years?|months?)\s+(?:earlier|ago|before|previously)|at (?:the time of )?(?:his |her )?diagnosis"
                               # 'In 2020 her bilirubin was 5', 'at that time', 'at the time of her last admission'
                               r"|in\s+(?:(?:early|late|mid-?)\s*)?(?:19|20)\d\d|(?<!taken\s)(?<!drawn\s)(?<!sent\s)(?<!recorded\s)(?<!obtained\s)"
                               r"(?<!performed\s)(?<!done\s)at\s+that\s+time|back\s+then"
                               r"|at\s+the\s+time\s+of\s+(?:his|her|their|the)\s+(?:last|previous|prior|first|earlier)\s+\w+"
                               r"|during\s+(?:his|her|their|the|a)\s+(?:last|previous|prior|earlier)\s+\w+)\b",
                               re.I)
# a past time written right after the reading (its unit), in the same clause: "creatinine was 0.9 mg/dL in March of
# last year", "Hb 13.4 g/dL six months ago", "albumin 3.9 at her last visit". A reading followed by its own time is that
# time's value. A bracket or a comma ends the reading ("Cr 1.6 (baseline 1.1)", "Hb 9.1, previous 12.0" stay current),
# and an encounter or 'baseline' needs its preposition ("Cr 2.3 baseline 1.0": 2.3 is today's).
_PAST_AFTER = re.compile(
    r"[ \t]+(?:(?:measured|checked|recorded|taken|drawn|obtained|documented|noted|done)\s+)?"
    r"(?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|a\s+few)\s+"
    r"(?:years?|yrs?|months?|mo|mos|weeks?|wks?)\s+(?:ago|earlier|before|previously|prior)"
    # an encounter with its own past time: 'at a clinic visit four months earlier', 'at her GP review two years ago'
    r"|(?:at|during|on|from)\s+(?:a|an|the|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:visit|review|appointment|check-?up|tests?"
    r"|admission|attendance)\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|a\s+few)\s+"
    r"(?:years?|months?|weeks?)\s+(?:ago|earlier|before|previously|prior)"
    # right after the reading, days or nights: '38.6 °C two nights earlier' (at home, before the presentation)
    r"|(?:\d+|a|one|two|three|four|five|six|seven|several|a\s+few)\s+(?:days?|nights?)\s+(?:ago|earlier|before)"
    r"|(?:(?:back\s+)?in\s+|during\s+)?last\s+(?:year|month)"
    r"|(?:(?:back\s+)?in|on|during|from|at|as\s+of)\s+(?:the\s+)?"
    r"(?:(?:last|previous|prior|preceding)\s+(?:year|month|visit|review|admission|appointment|clinic(?:\s+visit)?|check(?:-?up)?"
    r"|(?:blood\s+)?tests?|bloods)"
    r"|(?:his|her|their)\s+(?:last|previous|prior)\s+(?:visit|review|admission|appointment|clinic(?:\s+visit)?|check(?:-?up)?"
    r"|(?:blood\s+)?tests?|bloods)"
    rf"|(?:early\s+|late\s+|mid-?)?{MONTH_RX}\s+(?:of\s+)?(?:last\s+year|(?:19|20)\d\d)"
    r"|baseline)"
    # 'albumin was 2.4 g/dL at that time', '(INR 3 then)', 'Albumin 3.8 g/dL (2019)', 'creatinine 1.4 in 2019'
    r"|at\s+that\s+time|at\s+the\s+time(?!\s+of\s+(?:this|the\s+current|admission|presentation|arrival))|back\s+then"
    r"|then(?=\s*(?:[),;]|\.(?!\d)|$))"
    rf"|\(\s*(?:in\s+)?(?:(?:early|late|mid-?)\s*)?(?:{MONTH_RX}\s+)?(?:19|20)\d\d\s*\)"
    r"|(?:back\s+)?in\s+(?:(?:early|late|mid-?)\s*)?(?:19|20)\d\d(?!\d))(?![A-Za-z])", re.I)
# samples 'taken at that time' are of the time the sentence before names: past only when that sentence is about the past
# ("Ten years ago she had hepatitis. Bloods taken at that time showed ..."), else of the story's present ("The registrar
# was called at midnight. The blood tests taken at that time showed sodium 154 mmol/L")
_SAMPLED_THEN = re.compile(r"\b(?:taken|drawn|sent|recorded|obtained|performed|done)\s+at\s+that\s+time\b", re.I)
# a value of the pluperfect is of a time before the story's present: "his creatinine had been 1.0 mg/dL", "her booking
# blood pressure at 11 weeks had been 112/70 mmHg" (not when it is timed as the presentation: "had been 128 on arrival")
_HAD_BEEN = re.compile(r"\bhad\s+(?:been|weighed|measured)\b(?:\s+(?:at|about|around|approximately|only|just))?[ \t]*$", re.I)
# a change written between the two values: 'rising to', 'fell to', 'improving to', 'then', 'and later' (a later value)
_TREND = (r"(?:before\s+)?(?:ris(?:ing|en)|rose|fall(?:ing|en)|fell|dropp(?:ing|ed)|improv(?:ing|ed)|increas(?:ing|ed)"
          r"|decreas(?:ing|ed)|climb(?:ing|ed)|worsen(?:ing|ed)|settl(?:ing|ed)|return(?:ing|ed)|peak(?:ing|ed)|recover(?:ing|ed))"
          r"\s+(?:back\s+)?(?:up\s+|down\s+)?(?:to|at)\b"
          r"|(?:then|later|subsequently|thereafter|afterwards)\b(?:\s+(?:to|of|was|at)\b)?")
# an aside between commas, then the verb that gives the label its value: "her height, taken from her last hospital
# record, was 152 cm", "her height, measured from her arm span in the emergency department, was 150 cm"
_ASIDE_GAP = re.compile(r"[ \t]*,[^,;:()\d\n]{3,100},[ \t]*(?:was|is|were|are|measured(?:[ \t]+at)?)[ \t]*")
_TREND_BEFORE = re.compile(rf"(?:{_TREND})[ \t]*$", re.I)
# the same label's second value in the clause, marked as the presenting one: "bilirubin 1.2 mg/dL at baseline, 4.8 mg/dL
# on admission", "Hct 41% (usual), now 27%", "INR 1.1 last month; 2.6 today". After the first reading (its unit and an
# optional time phrase of at most 30 letters) a comma / ';' / 'and' / 'but' / 'vs', then the number; the time words
# that make it the presenting value come right before ('now', 'currently', 'today') or right after it (see
# _PRESENT_AFTER). Bounded: the whole stretch is a few dozen characters.
_SECOND_VALUE = re.compile(
    rf"[ \t]*(?P<when>\(?(?:at|on|in|during|from|as\s+of)\s+[A-Za-z][A-Za-z \t-]{{0,30}}?\)?[ \t]*|\([A-Za-z][A-Za-z \t]{{0,20}}\)[ \t]*"
    rf"|(?:on|at|by)[ \t]+(?:days?|hours?|weeks?|POD)[ \t]*\d{{1,3}}[ \t]*|(?:today|now|currently|this[ \t]+morning)[ \t]*)?"
    rf"(?:(?:,|;|\band\b|\bbut\b|\bvs\.?|\bversus\b|->|→)[ \t]*(?:(?:and|but)[ \t]+)?(?:(?P<trend>{_TREND})[ \t]+)?"
    rf"|(?P<trend2>{_TREND})[ \t]+|(?P<to>\bto)[ \t]+)"
    rf"(?:(?P<pre>now|currently|today|presently|at\s+present)[ \t]+(?:(?:is|was|of)[ \t]+)?)?(?P<n>{NUMBER})", re.I)
# a change written from one value to another: 'rose from 1.2 to 2.4 mg/dL', 'fell from a baseline of 140 to 128' (not
# 'ranged from 80 to 200', a range)
_CHANGE_FROM = re.compile(r"(?<!ranged)(?<!ranging)(?<!varied)(?<!varying)(?<!fluctuated)(?<!fluctuating)"
                          r"[ \t]+from[ \t]+(?:(?:a|an|the|his|her|their)[ \t]+)?(?:(?:baseline|previous|prior|usual)[ \t]+"
                          r"(?:(?:value|level)[ \t]+)?(?:of[ \t]+)?)?$", re.I)
# what may follow a second value written without its unit ('rising to 134 the next day'): a clause's end or a time
# phrase, not a noun of its own ('then 2 days later', 'and 3 doses')
_BARE_SECOND_END = re.compile(r"[ \t]*(?:[,;)]|\.(?!\d)|$|(?:on|at|in|by|over|after|within|during|the|this|that|next"
                              r"|following|today|now|overnight)\b)", re.I)
_PRESENT_AFTER = re.compile(r"[ \t]*\(?(?:(?:on|at|upon)\s+(?:this\s+|the\s+current\s+)?(?:admission|presentation|arrival)"
                            r"|on\s+(?:this\s+)?(?:admission|presentation)|in\s+(?:the\s+)?(?:ED|ER|emergency\s+department|A&E)"
                            r"|now|today|currently|at\s+present|this\s+(?:admission|morning)|on\s+day\s+(?:0|1|one)\b"
                            # a surgical note's presenting time: "2.4 mg/dL at the pre-operative assessment clinic"
                            r"|(?:at|in|during)\s+(?:the\s+|his\s+|her\s+)?pre-?(?:operative|op|an(?:a)?esthetic|assessment)\b)", re.I)
# 'PT/INR 16.2/1.5', 'PT/INR: 16.2 s / 1.5': one label naming two quantities, then two numbers joined by '/': the INR
# is the second (the first, in seconds, is the prothrombin time)
_COMPOUND_INR_LABEL = re.compile(r"PT\s*/\s*INR", re.I)
_COMPOUND_PAIR = re.compile(rf"\s*(?:[:=]|of|was|is)?\s*(?P<a>{NUMBER})\s*(?:s|secs?|seconds)?\s*/\s*(?P<b>\d+(?:\.\d+)?)(?![\d/]|\.\d)",
                            re.I)
_CLAUSE_BREAK = re.compile(r";|,?\s+(?:and|but|whereas|while|versus|vs\.?)\s+", re.I)
# a sampling time written between the label and its value, part of the label: "hs-TnT (0 h): 22 ng/L", "troponin at 3 h
# 48 ng/L", "lactate (T0) 4.1", "TnI 0-hour 12 ng/L"; read only when a number (or ':' / '=') follows it
_TIME_POINT = re.compile(r"\s*(?:\(\s*(?:at\s+)?(?:T\s*)?\d{1,2}\s*-?\s*(?:h|hr|hrs|hours?)\s*\)|\(\s*T\s*\d{1,2}\s*\)"
                         r"|(?:at\s+)?\d{1,2}\s*-?\s*(?:h|hr|hrs|hours?)\b)(?=\s*(?:[:=]|(?:was|of|is)\b)?\s*\d)", re.I)
_SPACE_BEFORE_LABEL = re.compile(r"[ \t]+(?=(?-i:[A-Z]))")
_OPERATOR = re.compile(r"[×*+÷]")  # "AST × 100": a formula, not a reading
_SLASH = re.compile(r"\s*/\s*")
# ('BUN/creatinine level decreased to 18.4/1.73 mg/dL': after a change, a later pair)
_PAIR_NUMBERS = re.compile(rf"\s*(?:levels?\s+)?(?:[:=]|of|was|were|is|are|(?P<trend>{_TREND}))?\s*(?P<a>{NUMBER})\s*/\s*"
                           rf"(?P<b>\d+(?:\.\d+)?)(?![\d/]|\.\d)", re.I)
# 'Na/K/Cl/HCO3 134/4.1/101/22': a list of three or more labels joined by '/' and as many numbers joined by '/'
_SLASH_LIST_NUMBERS = re.compile(rf"\s*(?:[:=]|of|was|were|is|are)?\s*(?P<nums>{NUMBER}(?:\s*/\s*\d+(?:\.\d+)?){{2,7}})(?![\d/]|\.\d)")
_SLASH_LIST_ITEM = re.compile(r"\d+(?:\.\d+)?")
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
# labels joined into a list: 'sodium and potassium', 'Na, K, urea and creatinine', 'creatinine level and potassium level'
_LABEL_JOIN = re.compile(r"(?:[ \t]+(?:levels?|concentrations?|values?))?[ \t]*(?:,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+|[ \t]*&[ \t]*)"
                         r"(?:(?:the|serum|plasma|blood)[ \t]+)?", re.I)
# between a list of labels and its values: 'were', 'levels were', 'were measured at', 'were low at', 'remained elevated
# at', 'of', ':' (or only a space)
_LIST_GAP = re.compile(r"(?:[ \t]+(?:levels?|concentrations?|values?))?[ \t]*(?:(?:(?:were|are|remained)(?:[ \t]+(?:measured|recorded"
                       r"|low|high|elevated|raised|reduced|decreased|increased|normal|stable|unchanged))?"
                       r"(?:[ \t]+(?:at|as))?|of|measured(?:[ \t]+at)?|[:=])[ \t]*|[ \t]+)(?=\d)", re.I)
_LIST_SEP = re.compile(r"[ \t]*(?:,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+)")
# a day, hour or week written before its number, between a label and its value: 'creatinine on day 3 was 2.1 mg/dL',
# 'Hb on days 1 and 4: 9.8 and 8.1 g/dL', 'lactate at hour 6 of 2.2'
_TIME_INDEX = re.compile(r"\b(?:(?:post-?operative|hospital|ICU|admission)[ \t]+)?(?:days?|hours?|hrs?|weeks?|wks?|months?|POD)"
                         r"[ \t]*#?[ \t]*$", re.I)
_INDEX_RUN = re.compile(r"\d{1,3}(?:[ \t]*(?:,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+|[ \t]*(?:-|–|to)[ \t]*)\d{1,3})*")


def _later_index(unit: str, days: str) -> bool:
    """Is the time 'day 3' / 'hour 6' / 'week 2' after the presentation (day 0 or 1, hour 0)?"""
    first = int(re.match(r"\d+", days).group(0))
    return first > 1 if re.search(r"day|POD", unit, re.I) else first > 0


_DAY_AFTER = re.compile(r"[ \t]*(?:on|at|by)[ \t]+(?P<u>days?|hours?|weeks?|POD)[ \t]*(?P<d>\d{1,3})\b", re.I)
_PER = re.compile(r"[ \t]*per[ \t]+(?:min|minute|hour|h)\b", re.I)
_BLANKS = re.compile(r"[ \t]*")
_BETWEEN = re.compile(r"\bbetween[ \t]*$", re.I)
# a value of a list before the last: the number and its unit as written, up to the separator ('3.2 mmol/L', '12.1 x10^9/L')
# (a blood pressure's systolic/diastolic is one value: 'blood pressure and pulse were 150/90 mmHg and 96')
_BP_PAIR = r"(?:[ \t]*/[ \t]*(?P<d>\d{2,3})(?![\d.]))?"
_LIST_VALUE = re.compile(rf"(?P<n>{NUMBER}){_BP_PAIR}(?:[ \t]*(?:[×x*][ \t]*10\^?\d+[ \t]*)?(?:[A-Za-zµμ°%/][^\s,;()]*?))?"
                         r"(?:[ \t]+Hg)?(?=[ \t]*,|[ \t]+and[ \t])")
_LIST_LAST = re.compile(rf"(?P<n>{NUMBER}){_BP_PAIR}(?!\d|[ \t]*/[ \t]*\d|\.\d|[ \t]*(?:-|–|—|to)[ \t]*\d)")
# a blood pressure named in a list of labels (it reads its own value elsewhere, but takes its place in the list)
_BP_WORD = re.compile(r"\b(?:blood[ \t]+pressures?|BP|NIBP)\b", re.I)
# a number that is no value: a date, a duration, a dose, a count of things ('12 and 14 March', '3 and 5 days')
_LIST_NOT_VALUE = re.compile(rf"[ \t]*(?:{MONTH_RX}(?![A-Za-z])|(?:days?|weeks?|months?|years?|yrs?|hours?|hrs?|h|minutes?|mins?"
                             r"|doses?|tablets?|times|units?)\b|(?:mg|mcg|g)\b(?![ \t]*(?:/|per\b|%))|[/.-]\d)", re.I)
_NUMBER_OR_PAREN = re.compile(r"[()]|" + NUMBER)
_UNIT_RX: dict[str, re.Pattern[str]] = {}


@lru_cache(maxsize=1)
def _label_patterns() -> list[tuple[Spec, re.Pattern[str]]]:
    return [(spec, re.compile(rf"(?<![\w])(?:{spec.labels})(?![A-Za-z0-9])", re.I)) for spec in (*SPECS, *BLOCKERS)]


def _unit_regex(spec: Spec) -> re.Pattern[str]:
    if spec.name not in _UNIT_RX:
        _UNIT_RX[spec.name] = re.compile(rf"\s*(?:{spec.units})", re.I)
    return _UNIT_RX[spec.name]

# Counts per volume: value [x 10^n] / (µL | mm3 | L). Superscripts lost in copying ("×109/L") read as 10^9.
_MICRO_VOL = (r"[µμu]L|mcL|mm3|mm\^3|mm³|cumm|cu\.?\s*mm|cubic\s+millimet(?:er|re)|microlit(?:er|re)"
              r"|mikrolit(?:er|re)")
# exponents written '10^9', '10**9', '10*9', '10e9', '10⁹' (superscript) or lost to '109'; 'G/L' (giga) and '/nL'
# are 10^9/L ('Gpt/L' in German notes)
_EXP = r"[1-9¹²³⁴⁵⁶⁷⁸⁹][\d⁰¹²³⁴⁵⁶⁷⁸⁹]?"  # never '00' (that is 'x1000', below)
_COUNT_UNIT = re.compile(
    rf"\s*(?:(?:[x×*]|times)\s*10\s*(?:\^|\*\*|\*|e)?\s*\(?(?P<exp>{_EXP})\)?\s*(?:cells\s*)?(?:/|per\s*)\s*(?P<vol>{_MICRO_VOL}|L|l|lit(?:er|re))(?![A-Za-z])"
    rf"|10\s*(?:\^|\*\*|\*|e)\s*(?P<exp2>{_EXP})\s*(?:/|per\s*)\s*(?P<vol2>{_MICRO_VOL}|L|l|lit(?:er|re))(?![A-Za-z])"
    rf"|10(?P<exp4>[⁰¹²³⁴⁵⁶⁷⁸⁹]{{1,2}})\s*(?:/|per\s*)\s*(?P<vol4>{_MICRO_VOL}|L|l|lit(?:er|re))(?![A-Za-z])"
    rf"|(?P<giga>(?-i:G|Gpt)\s*/\s*(?:L|l)|(?:cells\s*)?(?:/|per\s*)\s*nL)(?![A-Za-z])"
    rf"|(?P<k>[kK]|thou(?:sand)?|[x×]\s*1000)\s*(?:/|per\s*)\s*(?:{_MICRO_VOL})(?![A-Za-z])"
    rf"|(?P<lakh>lakhs?|lacs?)\s*(?:/|per\s*)\s*(?:{_MICRO_VOL})(?![A-Za-z])"
    rf"|(?:cells\s*)?(?:/|per\s*)\s*(?P<vol3>{_MICRO_VOL}|L|l|lit(?:er|re))(?![A-Za-z]))",
    re.I,
)


# A count written with K for thousands (per µL): 'plt 150K', 'WBC 12.3k', 'platelets 85 K'. Glued to the number, or
# after a space when no number follows ('K 4.1' after a count is the potassium's label, not a unit).
_THOUSANDS = re.compile(r"(?:(?<=\d)[kK]|[ \t][kK])(?![A-Za-z0-9/])(?!\s*[:=]?\s*\d)")

_PER_D = re.compile(r"\s*(?P<u>mg|g)\s*/\s*d(?![A-Za-z])", re.I)
# a ';' list item written value first: '; 7.5, bicarbonate;' (the item ends at ';' or the sentence's end)
_VALUE_FIRST_ITEM = re.compile(rf";\s*(?:and\s+)?(?P<n>{NUMBER}),?\s+(?:of\s+)?(?P<label>[A-Za-z][A-Za-z0-9 .-]{{0,30}}?)"
                               r"\s*(?=;|\.(?:\s|$)|$)")

# A results table with one quantity per column and one time per row ("Time | HR | BP | Lactate" then "08:00 | 128 |
# 82/50 | 4.1"): cells split at '|' or a tab; a header cell is a quantity's label (a unit may follow in brackets:
# "Cr (mg/dL)") or a blood pressure's ("BP", "NIBP"); a BP cell holds systolic/diastolic.
_TABLE_SEP = re.compile(r"\||\t")
_TABLE_RULE = re.compile(r"[\s|:+=-]*")  # a markdown rule line '---|---'
_TABLE_BP = re.compile(r"(?:B/?P|NIBP|ABP|blood\s+pressure|SBP\s*/\s*DBP)\s*(?:\(\s*mm\s*Hg\s*\))?", re.I)
_TABLE_UNIT = re.compile(r"\s*[(\[,]?\s*(?P<u>[^()\[\]\d\s][^()\[\]]{0,15}?)\s*[)\]]?\s*")
_TABLE_CELL = re.compile(rf"\s*(?P<n>{NUMBER})(?:\s*/\s*(?P<d>\d{{2,3}}))?(?![\d.])")
_TABLE_CLOCK = re.compile(r"(?:day\s*(?P<day>\d{1,2})\D{0,3})?(?P<h>[0-2]?\d)[:h.]?(?P<m>[0-5]\d)\b", re.I)
# a row of the presentation: 'Admission', 'Arrival', 'Triage', 'ED', 'Initial', 'On presentation', '0 h'
_TABLE_PRESENT_ROW = re.compile(r"\b(?:admission|admit|arrival|triage|ED|ER|initial|presentation|baseline\s+ICU|0\s*h)\b", re.I)

def _presenting(heads: dict[int, str]) -> int:
    """Which row (or column) of a results table holds the presenting readings, by its head: the first named so
    ('Admission', 'Triage', 'Initial'; not a baseline), else the earliest clock time when every head has one ('08:00'
    before '12:00', 'Day 1 06:00' before 'Day 2 02:00'), else the first."""
    named = next((k for k, h in heads.items() if h and _TABLE_PRESENT_ROW.search(h) and not _BASELINE.search(h)), None)
    if named is not None:
        return named
    clocks = {k: _TABLE_CLOCK.search(h) if h else None for k, h in heads.items()}
    if all(clocks.values()):
        return min(clocks, key=lambda k: (int(clocks[k].group("day") or 0), int(clocks[k].group("h")),
                                          int(clocks[k].group("m"))))
    return next(iter(heads))


def _past_head(head: str) -> bool:
    """A table row or column named baseline / previous, or dated by a year: its readings are past ones."""
    return bool(head and (_BASELINE.search(head) or re.search(r"\b(?:19|20)\d\d\b", head)))


_NEXT_CELL = re.compile(r"[ \t]*[|\t][ \t]*")  # the start of the next table cell
_CELL_END = re.compile(r"[ \t]*(?:[|\t]|\n|$)")

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


@dataclass
class Reading:
    """One number read for a quantity, before it becomes a :class:`Value`."""

    spec: Spec
    value: float
    number: float
    unit: str | None
    number_start: int
    number_end: int
    start: int  # evidence start (label start when the label is adjacent)
    end: int  # evidence end (after the unit)
    unit_assumed: bool = False
    details: dict = field(default_factory=dict)
    baseline: bool = False


@dataclass
class Refusal:
    """A labelled number that is this quantity's but cannot be used: why, with the number and unit as written."""

    spec: Spec
    number: float
    unit: str | None
    value: float | None  # canonical, when the conversion was possible
    reason: str
    number_start: int
    end: int
    start: int = -1  # label start (set by read_after_label)
    baseline: bool = False

    def __post_init__(self) -> None:
        if self.start < 0:
            self.start = self.number_start


def refusal_to_rejected(name: str, r: Refusal, index: SentenceIndex) -> Rejected:
    """The :class:`Rejected` record of a refusal (evidence span from the label to the unit)."""
    return Rejected(name=name, number=r.number, unit=r.unit, value=None if r.value is None else round(r.value, 6),
                    canonical_unit=r.spec.unit, reason=r.reason, raw=index.note[r.start:r.end], start=r.start,
                    end=r.end, sentence=index.at(r.number_start), baseline=r.baseline)


def _count_per_ul(value: float, m: re.Match[str]) -> float:
    """Count in cells per µL from a :data:`_COUNT_UNIT` match."""
    if m.group("k"):
        return value * 1e3
    if m.group("lakh"):
        return value * 1e5
    if m.group("giga"):
        return value * 1e3  # 10^9 per litre = 10^9 per 10^6 µL
    exp = (m.group("exp") or m.group("exp2") or m.group("exp4") or "").translate(_SUPERSCRIPTS)
    vol = m.group("vol") or m.group("vol2") or m.group("vol3") or m.group("vol4") or ""
    per_l = vol.lower() in ("l", "liter", "litre")
    count = value * (10 ** int(exp) if exp else 1.0)
    return convert(count, "/L", "/µL") if per_l else count


class Scanner:
    """Finds labels once per note and reads values after them."""

    def __init__(self, note: str, index: SentenceIndex | None = None):
        self.note = note
        self.index = index or SentenceIndex(note)
        self.homonyms: dict[int, list[Spec]] = {}  # label start -> other quantities its text names
        self._pair_slash: set[int] = set()  # ends of first numbers of 'BUN/Cr 40/2.1' pairs: their '/' is no unit
        self.labels = self._find_labels()
        self._label_starts = [s for s, _, _ in self.labels]
        self._past_ends: dict[tuple, list[int]] = {}  # (phrase kind, sentence start) -> ends of its phrases
        # (quantity, number position) -> a labelled number refused as that quantity (see :meth:`interpret`)
        self.refused: dict[tuple[str, int], Refusal] = {}
        self._for_current: bool | None = None  # does the note ask for today's values (see :meth:`at_admission`)?

    # -- labels -------------------------------------------------------------
    def _find_labels(self) -> list[tuple[int, int, Spec]]:
        found = [(m.start(), m.end(), spec) for spec, rx in _label_patterns() for m in rx.finditer(self.note)
                 if m.end() > m.start()]
        found.sort(key=lambda t: (t[0], -(t[1] - t[0])))
        kept: list[tuple[int, int, Spec]] = []
        last_end = -1
        for s, e, spec in found:
            if s >= last_end:
                kept.append((s, e, spec))
                last_end = e
            elif kept and (s, e) == kept[-1][:2] and spec.output and spec is not kept[-1][2]:
                # the same text labels two quantities ('Ht' is haematocrit or height): the unit decides (see scan)
                self.homonyms.setdefault(s, []).append(spec)
        return kept

    def labels_in(self, a: int, b: int) -> list[tuple[int, int, Spec]]:
        """Labels starting in [a, b)."""
        i = bisect.bisect_left(self._label_starts, a)
        out = []
        while i < len(self.labels) and self.labels[i][0] < b:
            out.append(self.labels[i])
            i += 1
        return out

    # -- reading --------------------------------------------------------------
    def read_number(self, spec: Spec, n_start: int, n_end: int, fallback_unit: str | None = None,
                    range_end: bool = False) -> Reading | None:
        """Interpret note[n_start:n_end] (a number) as a reading of ``spec`` (unit, conversion, range)."""
        out = self.interpret(spec, n_start, n_end, fallback_unit, range_end)
        return out if isinstance(out, Reading) else None

    def interpret(self, spec: Spec, n_start: int, n_end: int,
                  fallback_unit: str | None = None, range_end: bool = False) -> Reading | Refusal | None:
        """A :class:`Reading`; a :class:`Refusal` when the number is this quantity's but cannot be used (outside
        the plausible range, or a bare number whose unit cannot be told); None when it is not a reading of it
        at all (part of a range, or followed by a unit of another kind). ``range_end``: the number is an end of a
        range of readings ('HR 88-148'), read as a reading of its own."""
        note = self.note
        number = parse_number(note[n_start:n_end])
        if not range_end and (_RANGE_AFTER.match(note, n_end) or _RANGE_BEFORE.search(note, max(0, n_start - 8), n_start)):
            return None
        details: dict = {}
        unit: str | None = None
        end = n_end
        if spec.kind == "count":
            m = _COUNT_UNIT.match(note, n_end)
            k = None if m else _THOUSANDS.match(note, n_end)
            if m:
                try:
                    per_ul = _count_per_ul(number, m)
                except UnitConversionError:
                    return None
                value = per_ul / 1000.0
                unit, end = m.group(0).strip(), m.end()
            elif k:
                # 'plt 150K', 'WBC 12.3k': K is a thousand per µL, so the number is already in 10^3/µL
                value, unit, end = number, k.group(0).strip(), k.end()
                details["conversion"] = f"{number:g}K = {number:g} x 10^3/µL"
            elif OTHER_UNIT.match(note, n_end):
                return None
            else:
                # a bare count: thousands or more are cells/µL, smaller numbers are 10^3/µL
                value = number / 1000.0 if number >= 1000 else number
        else:
            m = _unit_regex(spec).match(note, n_end) if spec.units else None
            if spec.units and not (m and m.end() > n_end):
                # a results table's units column: "| Creatinine | 150 | umol/L |"
                cell = _NEXT_CELL.match(note, n_end)
                m2 = _unit_regex(spec).match(note, cell.end()) if cell else None
                if m2 and m2.end() > cell.end() and _CELL_END.match(note, m2.end()):
                    m = m2
            per_d = None if (m and m.end() > n_end) else self._per_d(spec, n_end)
            if m and m.end() > n_end:
                unit, end = m.group(0).strip(), m.end()
            elif per_d is not None:
                unit, end = per_d.group("u") + "/dL", per_d.end()
                details["unit_as_written"] = per_d.group(0).strip()
            elif fallback_unit is not None:
                unit = fallback_unit
            elif OTHER_UNIT.match(note, n_end) and not self._separator_before_label(n_end) and n_end not in self._pair_slash:
                return None
            elif not spec.unitless:
                return Refusal(spec, number, None, None, spec.unit_hint or "the unit is needed", n_start, n_end)
            try:
                value = spec.canonical(number, unit)
            except (UnitConversionError, ValueError) as exc:
                if unit is None:
                    return Refusal(spec, number, None, None, str(exc), n_start, n_end)
                return Refusal(spec, number, unit, None, f"not convertible to {spec.unit}: {exc}", n_start, end)
        if not (spec.lo <= value <= spec.hi):
            return Refusal(spec, number, unit, value, f"outside {spec.range_text()}", n_start, end)
        q = _QUALIFIER.search(note, max(0, n_start - 14), n_start)
        if q:
            details["qualifier"] = q.group(1).lower()
            # a course told by its extreme: "the respiratory rate was at most 28/min" is the highest value measured,
            # as "up to 28" is (not a bound on a value not given)
            if details["qualifier"] == "at most" and _COURSE_AT_MOST.search(note, max(0, n_start - 30), n_start):
                details["qualifier"] = "up to"
        return Reading(spec, round(value, 6), number, unit, n_start, n_end, n_start, end,
                       unit_assumed=unit is None and spec.unit is not None, details=details)

    def _per_d(self, spec: Spec, pos: int) -> re.Match[str] | None:
        """'creatinine 2.1 mg/d.': a serum or blood concentration in mg/dL or g/dL written without its 'L'. A blood
        value has no per-day unit, so 'mg/d' (not 'mg/day') after such a label is read as mg/dL; urine quantities,
        where mg/d is a daily amount, are never read this way."""
        if spec.kind != "lab" or spec.name.startswith("urine_") or spec.unit not in ("mg/dL", "g/dL"):
            return None
        m = _PER_D.match(self.note, pos)
        return m if m and m.group("u").lower() == spec.unit.split("/")[0].lower() else None

    def _separator_before_label(self, pos: int) -> bool:
        """'pH 7.21/PaCO2 30': a slash followed by another label separates values, it is not a unit; so does
        a space before the next label ('T 38.9 HR 96': 'HR' is the heart rate's label, not hours)."""
        m = _SLASH.match(self.note, pos) or _SPACE_BEFORE_LABEL.match(self.note, pos)
        return bool(m and self.labels_in(m.end(), m.end() + 1))

    def read_after_label(self, start: int, end: int, spec: Spec) -> Reading | None:
        """The value following the label note[start:end], if the gap rules allow one."""
        tp = _TIME_POINT.match(self.note, end)
        if tp:
            end = tp.end()  # "hs-TnT (0 h): 22 ng/L": the sampling time is part of the label
        # the value must follow within spec.gap characters: looking further (a long stretch without a
        # digit) only made the lazy gap scan to the end of the note for every label (quadratic)
        m = _NUM_AFTER_GAP.match(self.note, end, min(len(self.note), end + spec.gap + 200))
        if not m:
            return None
        gap = m.group(1)
        index = _TIME_INDEX.search(gap)
        if index:  # 'creatinine on day 3 was 2.1 mg/dL': the day's number is no value of the label
            days = _INDEX_RUN.match(self.note, m.start(2))
            m = _NUM_AFTER_GAP.match(self.note, days.end(), min(len(self.note), end + spec.gap + 200))
            if not m:
                return None
            gap = self.note[end:m.start(2)]
        if end - start <= 5 and _ABBREVIATION_DOT.fullmatch(gap) and self.note[end - 1].isalpha():
            gap = gap[1:]  # 'Creat. = 1.8', 'Cr. 1.8': the dot of a short abbreviated label, not a sentence end
        aside = _ASIDE_GAP.fullmatch(gap)
        if (((len(gap) > spec.gap or gap.count(",") >= 2) and not aside) or _SENTENCE_END_IN_GAP.search(gap)
                or _REFERENCE_WORDS.search(gap) or _OPERATOR.search(gap)):
            return None
        if any(s2 is not spec and s2.name != spec.name for _, _, s2 in self.labels_in(end, m.start(2))):
            return None
        # 'rose from 1.2 to 2.4 mg/dL': the first value of a change, not the start of a range
        r = self.interpret(spec, m.start(2), m.end(2), range_end=bool(_CHANGE_FROM.search(gap)))
        if r is None:
            return None
        r.start = start
        if tp and isinstance(r, Reading):
            r.details["time_point"] = tp.group(0).strip()
        r.baseline, later = self.time_frame(start, r.end, gap)
        # 'his weight had recovered to 140 lb', 'creatinine had fallen to 1.3 mg/dL': the value a change reached is a later
        # one (not when it is timed as the presentation: 'had risen to 2.4 mg/dL on admission')
        later = later or bool(_TREND_BEFORE.search(gap) and not _PRESENT_AFTER.match(self.note, r.end))
        if index and isinstance(r, Reading):
            r.details["time_point"] = self.note[end + index.start():days.end()].strip()
            later = later or _later_index(index.group(0), days.group(0))
        if later and isinstance(r, Reading):
            r.details["later"] = True
        if isinstance(r, Refusal):
            self.refused.setdefault((spec.name, r.number_start), r)
            return None
        return r

    def time_frame(self, start: int, end: int, gap: str = "", since: int | None = None) -> tuple[bool, bool]:
        """(past, later) for the reading note[start:end] (label to unit): *past* when it is introduced or followed as a
        value of an earlier time (baseline, previous admission, 'in 2020', 'at that time', '(INR 3 then)'), *later*
        when it was measured after a treatment of the presentation or at discharge ('after 2 L fluid', 'post-FFP',
        'repeat', 'Discharge labs:'). Presenting values sort first, then later ones, then past ones. ``since``: where
        the reading's part of the sentence starts, when an earlier part times another reading."""
        sent_start = self.index.at(start).start if since is None else since
        # a closed bracket times its own value: "creatinine 118 µmol/L (baseline 84 µmol/L in March), albumin 19 g/L"
        before = _CLOSED_ASIDE.sub(" ", self.note[max(sent_start, start - 120):start])[-30:]
        gap = _CLOSED_ASIDE.sub(" ", gap)
        # an earlier clause is not this reading's: "13.6 g/dL in May of last year; this morning haemoglobin 9.2"
        cut = list(_CLAUSE_BREAK.finditer(before))
        if cut:
            before = before[cut[-1].end():]
        past = bool(_BASELINE.search(before) or (gap and _BASELINE.search(gap))
                    or _BASELINE_HEADER.match(self.note, sent_start, start)
                    or self._phrase_before(_PAST_IN_SENTENCE, sent_start, start)
                    or _PAST_AFTER.match(self.note, end)
                    or (self._pluperfect(start, end) and not _PRESENT_AFTER.match(self.note, end))
                    or (_SAMPLED_THEN.search(self.note, sent_start, start) and self._past_sentence_before(sent_start)))
        later = bool(_LATER_NEAR.search(before) or _LATER_HEADER.match(self.note, sent_start, start)
                     or self._phrase_before(_LATER_BEFORE, sent_start, start)
                     or self._phrase_before(_LATER_IN_SENTENCE, sent_start, start)
                     or _LATER_AFTER.match(self.note, end))
        return past, later

    def _pluperfect(self, start: int, end: int) -> bool:
        """Is the reading note[start:end] (label to unit) introduced by 'had been' (:data:`_HAD_BEEN`), between its
        label and its number or right before it?"""
        digit = re.search(r"\d", self.note[start:end])
        head = self.note[max(0, start - 40):start + (digit.start() if digit else 0)]
        return bool(_HAD_BEEN.search(head))

    def _past_sentence_before(self, sent_start: int) -> bool:
        """Does the sentence before the one starting at ``sent_start`` name a past time (a baseline, 'years ago',
        'in 2019', 'at diagnosis')?"""
        if sent_start <= 0:
            return False
        prev = self.index.at(sent_start - 1)
        text = self.note[prev.start:min(prev.end, sent_start)]
        return bool(_BASELINE.search(text) or _PAST_IN_SENTENCE.search(text))

    def at_admission(self, r: Reading) -> bool:
        """Is the reading told as the admission one: a cue in its clause before the number ('on admission she weighed
        61 kg', 'Admission bloods showed: ... albumin 19 g/L', 'BP on arrival, seated: 146/94'), right after it ('2.8
        mg/dL on admission'; not 'this morning', a current time that need not be the admission), or in the header line ending in ':' that opens its block ('Labs on admission (today):'
        above 'Serum: Na 133, creatinine 2.8')? MedCalc-Bench takes the values when the patient was first admitted,
        so such a reading goes before an untimed one of the same time frame (an earlier visit told without a date)."""
        if self._for_current is None:
            self._for_current = bool(_FOR_CURRENT.search(self.note))
        if self._for_current:  # the note names the values the calculation is for: today's, not the admission's
            return False
        sent = self.index.at(r.number_start)
        lead = _CLOSED_ASIDE.sub(" ", self.note[max(sent.start, self.note.rfind(";", sent.start, r.number_start) + 1):
                                                r.number_start])
        cue = _ADMISSION.search(lead)
        if cue and "(" in lead[:cue.start()]:  # an aside in brackets: '(On admission: Na 139, Cl 101)'
            return False
        after = _ADMISSION.match(self.note, r.end + len(self.note[r.end:]) - len(self.note[r.end:].lstrip(" \t(,")))
        if cue or after:
            return bool(after) or not _LATER_NEAR.search(lead)
        # the block's header: the lines above, up to a blank line, the nearest one ending in ':' (not for a line timed by
        # its own label: 'Day 3: Cr 2.0' under 'Admission labs:')
        line_start = self.note.rfind("\n", 0, r.number_start) + 1
        if _OWN_TIME_LABEL.match(self.note, line_start, r.number_start):
            return False
        pos = line_start
        for _ in range(12):
            if pos <= 0:
                return False
            prev_start = self.note.rfind("\n", 0, pos - 1) + 1
            line = self.note[prev_start:pos - 1].strip()
            if not line:
                return False
            if line.endswith(":"):
                return bool(_ADMISSION.search(line)) and not _LATER_NEAR.search(line)
            pos = prev_start
        return False

    def mark_time(self, r: Reading) -> Reading:
        """Set a reading's time frame (:meth:`time_frame`) when it was read by a rule other than a label's (blood
        pressure pairs, rates and temperatures found by their unit)."""
        past, later = self.time_frame(r.start, r.end)
        r.baseline = r.baseline or past
        if later:
            r.details["later"] = True
        return r

    def _phrase_before(self, rx: re.Pattern[str], sent_start: int, pos: int) -> bool:
        """Is there a phrase of ``rx`` (a past time, a treatment) between the sentence start and ``pos``, in the same
        part of the sentence (a ';' ends it: "Hb 13.1 two months ago; Hb now 9.1"), with no current time between it and
        ``pos`` ("in 2020 ... and now her bilirubin is 3.2")? The sentence's phrases and current-time words are found
        once (searching from the sentence start for every label was quadratic in a long sentence)."""
        key = (rx.pattern, sent_start)
        ends = self._past_ends.get(key)
        if ends is None:
            sent_end = self.index.at(sent_start).end
            ends = self._past_ends[key] = [m.end() for m in rx.finditer(self.note, sent_start, sent_end)]
        if not ends or ends[0] > pos:
            return False
        part = self.note.rfind(";", sent_start, pos)
        i = bisect.bisect_right(ends, pos)
        e = ends[i - 1]  # the last phrase before pos
        while self._in_closed_aside(sent_start, e, pos):  # "Hb 13.4 (14.8 two months earlier), urea 5.1": not urea's time
            i -= 1
            if i == 0:
                return False
            e = ends[i - 1]
        if e <= part:
            return False
        present = self._past_ends.get(("present", sent_start))
        if present is None:
            sent_end = self.index.at(sent_start).end
            present = self._past_ends[("present", sent_start)] = [
                m.start() for m in _PRESENT_WORDS.finditer(self.note, sent_start, sent_end)]
        j = bisect.bisect_left(present, e)
        return not (j < len(present) and present[j] < pos)

    def _in_closed_aside(self, sent_start: int, e: int, pos: int) -> bool:
        """Does the phrase ending at ``e`` lie in a bracketed aside closed before ``pos``?"""
        opened = self.note.rfind("(", sent_start, e)
        if opened < 0 or self.note.find(")", opened, e) >= 0:
            return False
        closed = self.note.find(")", e, pos)
        return closed >= 0

    def _label_lists(self) -> tuple[list[Reading], set[int]]:
        """Readings of labels listed before their values ('... respectively' sentences and plain lists such as "Sodium
        and potassium were 134 and 3.2 mmol/L"); label starts they used."""
        readings, used = self._respectively()
        plain, used_plain = self._plain_lists(used)
        return readings + plain, used | used_plain

    def _respectively(self) -> tuple[list[Reading], set[int]]:
        """Readings from "A, B and C were x, y and z, respectively" sentences; label starts they used.

        The list before the verb is split into items at commas and "and"; when there
        are as many items as numbers, item i takes number i (a trailing shared unit,
        "34, 18 and 107 IU/L", applies to the bare numbers: :meth:`_pair_in_order`).
        Known labels in the list never read a value directly, as the next number is not theirs.
        """
        readings: list[Reading] = []
        used: set[int] = set()
        for sent in self.index.sentences:
            resp = _RESPECTIVELY.search(sent.text)
            if not resp:
                continue
            stop = sent.start + resp.start()
            labels = [lb for lb in self.labels_in(sent.start, stop) if lb[2].output]
            if not labels:
                continue
            nums = self._top_level_numbers(labels[0][1], stop)
            if not nums:
                continue
            group = [lb for lb in labels if lb[1] <= nums[0].start()]
            verb = None
            for v in _LIST_VERB.finditer(self.note, group[-1][1], nums[0].start()):
                verb = v
            list_end = verb.start() if verb else nums[0].start()
            items = [it for it in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*/\s*", self.note[group[0][0]:list_end]) if it.strip()]
            if len(items) != len(nums):
                continue  # not a list read "respectively": the labels keep reading their own values
            used.update(ls for ls, _, _ in group)
            offsets, pos = [], group[0][0]
            for it in items:
                pos = self.note.index(it, pos)
                offsets.append((pos, pos + len(it)))
                pos += len(it)
            last_unit_m = re.match(r"\s*([^\s,;()]+(?:\s*/\s*[^\s,;()]+)?)", self.note[nums[-1].end():stop])
            last_unit = last_unit_m.group(1) if last_unit_m else None
            pairs = [(lab, num.span()) for (a, b), num in zip(offsets, nums)
                     if (lab := next((lb for lb in group if a <= lb[0] < b), None)) is not None]
            readings += self._timed_list(self._pair_in_order(pairs, last_unit, respectively=True), group[0][0], stop)
        return readings, used

    def _plain_lists(self, skip: set[int]) -> tuple[list[Reading], set[int]]:
        """"Sodium and potassium were 134 and 3.2 mmol/L", "Na, K, urea and creatinine: 131, 5.9, 14.2 and 187": two
        or more labels joined by commas / 'and', a verb (or ':'), then exactly as many values joined the same way
        (:meth:`_value_run`). Labels of another list (``skip``) are not read again; two or more values that do not
        match the labels (another count, a date) are read by none of them."""
        readings: list[Reading] = []
        used: set[int] = set()
        for run in self._label_runs(skip):
            gap = _LIST_GAP.match(self.note, run[-1][1])
            nums = self._value_run(gap.end()) if gap else []
            # as many values as labels; a systolic/diastolic pair is the blood pressure's value, and only it ('12/03')
            fits = len(nums) == len(run) and all((lb[2] is None) == bool(m.group("d")) for lb, m in zip(run, nums))
            if fits or len(nums) >= 2:
                used.update(ls for ls, _, _ in run)  # values that are not the labels' (another count): none reads one
            if not fits:
                continue
            spec_last = run[-1][2]
            um = _unit_regex(spec_last).match(self.note, nums[-1].end()) if spec_last and spec_last.units else None
            unit = um.group(0).strip() if um and um.end() > nums[-1].end() else None
            found = self._pair_in_order([(lb, m.span("n")) for lb, m in zip(run, nums) if lb[2] is not None], unit,
                                        in_list=True)
            readings += self._timed_list(found, run[0][0], max([nums[-1].end(), *(r.end for r in found)]))
        return readings, used

    def _timed_list(self, found: list[Reading], start: int, end: int) -> list[Reading]:
        """The readings of a list, each at the list's time (:meth:`time_frame` of note[start:end], the labels to the
        last value: 'Baseline sodium and potassium were ...', '... were ... at the follow-up visit')."""
        past, later = self.time_frame(start, end)
        for r in found:
            r.baseline = past
            if later:
                r.details["later"] = True
        return found

    def _label_runs(self, skip: set[int]) -> list[list[tuple[int, int, Any]]]:
        """Runs of two or more quantity labels joined by commas or 'and' ('sodium and potassium', 'Na, K and Cl'); a
        blood pressure's words ('blood pressure and pulse') are a label without a quantity (None)."""
        runs: list[list[tuple[int, int, Any]]] = []
        run: list[tuple[int, int, Any]] = []
        for lb in self._labels_and_bp():
            if lb[2] is not None and (not lb[2].output or lb[0] in skip):
                run = []
                continue
            if run and _LABEL_JOIN.fullmatch(self.note, run[-1][1], lb[0]):
                run.append(lb)
                if len(run) == 2:
                    runs.append(run)
            else:
                run = [lb]
        return runs

    def _labels_and_bp(self) -> list[tuple[int, int, Any]]:
        """The note's labels and, where no label is, its blood pressure words (with None for a quantity)."""
        bp = [(m.start(), m.end(), None) for m in _BP_WORD.finditer(self.note)
              if not any(s < m.end() and m.start() < e for s, e, _ in self.labels_in(m.start() - 40, m.end()))]
        return sorted([*self.labels, *bp], key=lambda t: t[0]) if bp else self.labels

    def _value_run(self, pos: int) -> list[re.Match[str]]:
        """Values joined by commas / 'and' from ``pos`` ('1.2, 1.8 and 2.4 mg/dL'), each but the last followed by its
        unit if any, the last by a unit or a clause's end; a date, a duration or a dose ('3 and 5 days', '14 March')
        ends the run, and so does anything else."""
        run: list[re.Match[str]] = []
        while True:
            m = _LIST_VALUE.match(self.note, pos)
            if m is None or _LIST_NOT_VALUE.match(self.note, m.end("d") if m.group("d") else m.end("n")):
                last = _LIST_LAST.match(self.note, pos)
                if last and not _LIST_NOT_VALUE.match(self.note, last.end()) and (
                        OTHER_UNIT.match(self.note, last.end()) or _PER.match(self.note, last.end())
                        or _BARE_SECOND_END.match(self.note, last.end())):
                    run.append(last)  # with a unit, or at a clause's end ('and 120 patients' is no value)
                return run
            run.append(m)
            pos = _LIST_SEP.match(self.note, m.end()).end()  # _LIST_VALUE ends before a separator

    def _series(self, r: Reading, start: int, end: int, spec: Spec) -> list[Reading]:
        """'Creatinine 1.2, 1.8 and 2.4 mg/dL': one label, then values joined by commas / 'and' with no label between:
        the label's readings over time, the first the label's value (``r``, with its time) and the others later ones.
        The unit written after the last applies to the bare ones where it fits (:meth:`_shared_unit`); a value that is
        not plausible for the quantity makes it no series ('Na 134, 4.1, 101': other quantities' values)."""
        run = self._value_run(r.number_start)
        if (len(run) < 2 or spec.kind == "count" or self.labels_in(r.number_start, run[-1].end())
                or _BETWEEN.search(self.note, end, r.number_start)):  # 'between 1.6 and 4.8': a range
            return []
        um = _unit_regex(spec).match(self.note, run[-1].end("n")) if spec.units else None
        spans = [m.span("n") for m in run]
        shared = self._shared_unit([((start, end, spec), sp) for sp in spans],
                                   um.group(0).strip() if um and um.end() > run[-1].end("n") else None)
        found = [self.read_number(spec, a, b, shared) for a, b in spans]
        if (any(x is None for x in found) or self._label_right_after(found[-1].end)
                or any(_PRESENT_AFTER.match(self.note, x.end) for x in found[1:])
                or any(_PAST_AFTER.match(self.note, x.end) for x in found[:-1])):
            return []  # '41%, 27% on admission': a second value of its own time (:meth:`_second_value`)
        past = r.baseline or bool(_PAST_AFTER.match(self.note, found[-1].end))  # '1.0, 1.1 and 1.2 mg/dL last year'
        first, rest = found[0], found[1:]
        first.start, first.baseline, first.details = r.start, past, {**r.details, **first.details}
        for x in rest:
            x.start, x.baseline = start, past
            x.details.update(label=self.note[start:end], second_value="a later value of the label's series")
            if not past:
                x.details["later"] = True
        return [first, *rest]

    def _label_right_after(self, pos: int) -> bool:
        """Does a quantity's label follow the value ending at ``pos`` ('30 mg/dL BUN': a value written before its label)?"""
        after = _BLANKS.match(self.note, pos).end()
        return any(lb[2].output for lb in self.labels_in(after, after + 1))

    def _pair_in_order(self, pairs: list[tuple[tuple[int, int, Spec], tuple[int, int]]], unit: str | None,
                       **how: Any) -> list[Reading]:
        """Label i reads number i. ``unit``, written after the list's last value, applies to the bare values (those
        written without a unit) only when it is a unit of each of their quantities and gives each a plausible value
        ("134 and 3.2 mmol/L"); otherwise the bare values are read as bare numbers ("134 and 88 µmol/L": the sodium's
        134 is not µmol/L). A bare number whose unit cannot be told is kept as a refusal."""
        shared = self._shared_unit(pairs, unit)
        out: list[Reading] = []
        for (ls, le, spec), (ns, ne) in pairs:
            r = self.interpret(spec, ns, ne, shared)
            if isinstance(r, Refusal):
                r.start = ls
                self.refused.setdefault((spec.name, r.number_start), r)
            if isinstance(r, Reading):
                r.details.update(label=self.note[ls:le], label_span=(ls, le), **how)
                out.append(r)
        return out

    def _shared_unit(self, pairs: list[tuple[tuple[int, int, Spec], tuple[int, int]]], unit: str | None) -> str | None:
        """``unit`` (written after a list's last value) when it fits each bare value of the list (one followed by a
        comma or 'and', no unit of its own), else None."""
        bare = [(lab[2], span) for lab, span in pairs if _LIST_SEP.match(self.note, span[1])]
        return unit if unit and all(self._unit_fits(spec, span, unit) for spec, span in bare) else None

    def _unit_fits(self, spec: Spec, span: tuple[int, int], unit: str) -> bool:
        """Is ``unit`` one of ``spec``'s units, giving the bare number at ``span`` a plausible value of it that agrees
        with the number's reading without a unit, when it has one? ('4.1 and 9.2 mg/dL' after 'potassium and calcium':
        a potassium of 4.1 mg/dL would be 1.05 mmol/L, where a bare 4.1 is mmol/L, so mg/dL is the calcium's only)"""
        if spec.kind == "count" or not spec.units or _unit_regex(spec).fullmatch(unit) is None:
            return False
        with_unit, bare = self.interpret(spec, *span, unit), self.interpret(spec, *span)
        if not isinstance(with_unit, Reading):
            return False
        return not isinstance(bare, Reading) or abs(bare.value - with_unit.value) <= 0.02 * abs(bare.value)

    def _urine_context(self, pos: int) -> bool:
        """True when the nearest specimen word before ``pos`` in its sentence names urine."""
        sent = self.index.at(pos)
        # specimen words of the sentence found once (scanning the sentence up to every label was
        # quadratic in a long sentence), then the last of each kind before pos
        cache = self.__dict__.setdefault("_specimen_words", {})
        if sent.start not in cache:
            text = self.note[sent.start:sent.end]
            cache[sent.start] = ([sent.start + m.end() for m in _URINE_CONTEXT.finditer(text)],
                                 [sent.start + m.end() for m in _BLOOD_CONTEXT.finditer(text)])
        urine, blood = cache[sent.start]
        u = bisect.bisect_right(urine, pos)
        if not u:
            return False
        b = bisect.bisect_right(blood, pos)
        return not b or urine[u - 1] > blood[b - 1]

    def _top_level_numbers(self, a: int, b: int) -> list[re.Match[str]]:
        """Numbers in note[a:b] outside parentheses (skips reference ranges and conversions)."""
        out = []
        depth = 0
        for m in _NUMBER_OR_PAREN.finditer(self.note, a, b):
            tok = m.group(0)
            if tok == "(":
                depth += 1
            elif tok == ")":
                depth = max(0, depth - 1)
            elif depth == 0:
                out.append(m)
        return out

    def _slash_lists(self) -> tuple[list[Reading], set[int]]:
        """'Na/K/Cl/HCO3 134/4.1/101/22': three or more labels joined by '/' then as many numbers joined by '/' pair
        in order; each label reads its own number of the list or nothing (a count mismatch reads nothing)."""
        readings: list[Reading] = []
        used: set[int] = set()
        labels = self.labels
        i = 0
        while i < len(labels):
            j = i
            while j + 1 < len(labels) and labels[j + 1][0] - labels[j][1] <= 3 and _SLASH.fullmatch(
                    self.note, labels[j][1], labels[j + 1][0]):
                j += 1
            if j - i >= 2:
                chain = labels[i:j + 1]
                m = _SLASH_LIST_NUMBERS.match(self.note, chain[-1][1])
                if m:
                    nums = list(_SLASH_LIST_ITEM.finditer(self.note, m.start("nums"), m.end("nums")))
                    if len(nums) == len(chain):
                        for k, ((ls, le, sp), n) in enumerate(zip(chain, nums)):
                            used.add(ls)
                            if k < len(nums) - 1:
                                self._pair_slash.add(n.end())
                            if not sp.output:
                                continue
                            r = self.read_number(sp, n.start(), n.end())
                            if r is None:
                                continue
                            r.start = chain[0][0]
                            r.details.update(label=self.note[ls:le], pair=self.note[chain[0][0]:m.end()].strip())
                            readings.append(r)
            i = j + 1
        return readings, used

    def _slash_pairs(self, skip: set[int] | None = None) -> tuple[list[Reading], set[int]]:
        """'BUN/Cr 40/2.1', 'Na/K 138/4.1 mmol/L': two labels joined by '/' and then two numbers joined by '/' pair in
        order (a unit after the second number is the second's, and the first's when both quantities take it). Each
        label reads its own number of the pair or nothing."""
        readings: list[Reading] = []
        used: set[int] = set()
        for (s1, e1, sp1), (s2, e2, sp2) in zip(self.labels, self.labels[1:]):
            if (not (sp1.output and sp2.output) or sp1.name == sp2.name or not _SLASH.fullmatch(self.note, e1, s2)
                    or (skip and s1 in skip)):  # labels of a slash list read their own numbers
                continue
            m = _PAIR_NUMBERS.match(self.note, e2)
            if not m:
                continue
            r2 = self.read_number(sp2, m.start("b"), m.end("b"))
            unit = (r2.unit if r2 is not None else None) if m.end("b") < len(self.note) else None
            r1 = self.read_number(sp1, m.start("a"), m.end("a"), unit) if unit else None
            self._pair_slash.add(m.end("a"))
            r1 = r1 or self.read_number(sp1, m.start("a"), m.end("a"))
            # the labels read their own numbers of the pair or nothing (the number after a label is not its own here)
            used.update((s1, s2))
            for r, (ls, le) in ((r1, (s1, e1)), (r2, (s2, e2))):
                if r is None:
                    continue
                r.start = s1
                r.details.update(label=self.note[ls:le], pair=self.note[s1:max(r.end, m.end())].strip())
                if m.group("trend"):
                    r.details["later"] = True
                readings.append(r)
        return readings, used

    def scan(self) -> dict[str, list[Reading]]:
        """All readings per quantity name, primary first."""
        by_name: dict[str, list[Reading]] = {}
        resp, used = self._label_lists()
        lists, used_lists = self._slash_lists()
        used |= used_lists
        pairs, used_pairs = self._slash_pairs(used_lists)
        used |= used_pairs
        pairs = lists + pairs
        tables, used_tables = self._tables()
        used |= used_tables
        for r in resp + pairs + tables:
            by_name.setdefault(r.spec.name, []).append(r)
        for start, end, spec in self.labels:
            if not spec.output or start in used:
                continue
            if (spec.kind == "lab" and not spec.name.startswith("urine_") and not _BLOOD_CONTEXT.match(self.note, start)
                    and self._urine_context(start)):  # a label naming its specimen ('serum albumin') is blood
                if spec.name not in _URINE_EQUIVALENT:
                    continue
                spec = BY_NAME[_URINE_EQUIVALENT[spec.name]]
            r = self._compound_inr(start, end, spec) or self.read_after_label(start, end, spec)
            for other in self.homonyms.get(start, []) if r is None else []:
                # 'Ht 165 cm' is a height, 'Ht 38%' a haematocrit: a homonym reading with its own unit wins
                alt = self.read_after_label(start, end, other)
                if alt is not None and not alt.unit_assumed:
                    r, spec = alt, other
                    break
            if r is not None:
                series = self._series(r, start, end, spec)
                by_name.setdefault(spec.name, []).extend(series or [r])
                r2 = None if series else self._second_value(r, start, end, spec)
                if r2 is not None:
                    by_name[spec.name].append(r2)
        for r in self._value_first_items():
            by_name.setdefault(r.spec.name, []).append(r)
        for name, rs in by_name.items():
            by_name[name] = dedupe(rs)
        return by_name

    def _tables(self) -> tuple[list[Reading], set[int]]:
        """Readings of results tables (:data:`_TABLE_SEP`): every row's cell of a quantity's column. The row of the
        presentation is the one named so ('Admission', 'Triage', 'Initial'), else the earliest clock time ('08:00'
        before '12:00', 'Day 1 06:00' before 'Day 2 02:00'), else the first row; the other rows are later readings
        (a row named baseline / previous is a past one). Label starts of the header are returned as used."""
        readings: list[Reading] = []
        used: set[int] = set()
        note = self.note
        if "|" not in note and "\t" not in note:
            return readings, used
        lines, pos = [], 0
        for line in note.split("\n"):
            lines.append((pos, pos + len(line)))
            pos += len(line) + 1
        i = 0
        while i < len(lines):
            a, b = lines[i]
            cols = self._table_header(a, b)
            i += 1
            if not cols:
                continue
            rows: list[list[tuple[int, int]]] = []
            width = len(self._cells(a, b))
            while i < len(lines):
                ra, rb = lines[i]
                if _TABLE_RULE.fullmatch(note, ra, rb) and rb > ra:
                    i += 1
                    continue
                cells = self._cells(ra, rb)
                if len(cells) != width:  # the table ends where a line has other columns
                    break
                rows.append(cells)
                i += 1
            if rows:
                self._table_rows(cols, rows, readings, used)
        readings += self._row_tables(lines)
        return readings, used

    def _row_tables(self, lines: list[tuple[int, int]]) -> list[Reading]:
        """Readings of a results table with one quantity per row and one time per column ('Time | 02:00 | 08:00' then
        'Na (mmol/L) | 131 | 128'): a row whose first cell is a quantity's label (a unit may follow) and whose other
        cells hold values gives one reading per cell. The column of the presentation is the one the line above names
        so ('Admission', 'Triage', 'Initial'), else the earliest clock time, else the first; the other columns are later
        readings, a column named baseline / previous or dated by a year a past one."""
        note = self.note
        out: list[Reading] = []
        for i, (a, b) in enumerate(lines):
            cells = self._cells(a, b)
            if len(cells) < 3:
                continue
            ca, cb = cells[0]
            labels = [lb for lb in self.labels_in(ca, cb) if lb[2].output]
            text = note[ca:cb]
            if len(labels) != 1 or labels[0][0] != ca + len(text) - len(text.lstrip()):
                continue
            ls, le, spec = labels[0]
            rest = note[le:cb]
            unit = None
            if rest.strip():
                um = _TABLE_UNIT.fullmatch(rest)
                if not um:
                    continue
                unit = um.group("u").strip()
            values = [(k, self._value_cell(c0, c1)) for k, (c0, c1) in enumerate(cells) if k]
            if sum(1 for _, m in values if m) < 2:
                continue
            heads: list[str] = []
            for j in range(i - 1, max(-1, i - 12), -1):  # the nearest line above of the same width that holds no value
                hc = self._cells(*lines[j])
                if len(hc) == len(cells) and not any(self._value_cell(c0, c1) for c0, c1 in hc[1:]):
                    heads = [note[c0:c1] for c0, c1 in hc]
                    break
                if len(hc) != len(cells):
                    break
            present = _presenting({k: heads[k] if heads else "" for k, _ in values})
            for k, m in values:
                if not m or m.group("d"):
                    continue
                r = self.read_number(spec, m.start("n"), m.end("n"), unit)
                if not isinstance(r, Reading):
                    continue
                past = _past_head(heads[k] if heads else "")
                r.start, r.end = ls, max(r.end, m.end())
                r.details.update(label=note[ls:le], table_column=k)
                r.baseline = past
                if k != present and not past:
                    r.details["later"] = True
                out.append(r)
        return out

    def _value_cell(self, a: int, b: int) -> re.Match[str] | None:
        """The cell note[a:b] when it holds only a value (or a systolic/diastolic pair); a clock time is none."""
        m = _TABLE_CELL.match(self.note, a, b)
        return m if m and not self.note[m.end():b].strip() else None

    def _cells(self, a: int, b: int) -> list[tuple[int, int]]:
        """Spans of the cells of line note[a:b] (leading / trailing '|' dropped)."""
        text = self.note[a:b]
        if not _TABLE_SEP.search(text):
            return []
        out, start = [], a
        for m in _TABLE_SEP.finditer(self.note, a, b):
            out.append((start, m.start()))
            start = m.end()
        out.append((start, b))
        if out and not self.note[out[0][0]:out[0][1]].strip() and self.note[a:b].lstrip().startswith("|"):
            out = out[1:]
        if out and not self.note[out[-1][0]:out[-1][1]].strip() and self.note[a:b].rstrip().endswith("|"):
            out = out[:-1]
        return out

    def _table_header(self, a: int, b: int) -> dict[int, tuple[Any, str | None, int]]:
        """Column index -> (Spec, or "bp", header unit, label start) of a header line; {} when it is none."""
        cells = self._cells(a, b)
        if len(cells) < 2:
            return {}
        cols: dict[int, tuple[Any, str | None, int]] = {}
        for k, (ca, cb) in enumerate(cells):
            text = self.note[ca:cb]
            if _TABLE_CELL.match(text):
                return {}  # a cell holding a value: a row of values ('Creatinine | 2.1 | 1.8'), not a header
            lead = len(text) - len(text.lstrip())
            s0 = ca + lead
            bp = _TABLE_BP.fullmatch(self.note, s0, cb - (len(text) - len(text.rstrip())) if text.strip() else cb)
            if bp:
                cols[k] = ("bp", None, s0)
                continue
            labels = [lb for lb in self.labels_in(ca, cb) if lb[2].output]
            if len(labels) != 1 or labels[0][0] != s0:
                continue
            ls, le, spec = labels[0]
            rest = self.note[le:cb]
            if rest.strip():
                um = _TABLE_UNIT.fullmatch(rest)
                if not um:
                    continue
                unit = um.group("u").strip()
            else:
                unit = None
            cols[k] = (spec, unit, ls)
        return cols if cols and len(cells) >= 2 else {}

    def _table_rows(self, cols: dict, rows: list[list[tuple[int, int]]], readings: list[Reading], used: set[int]) -> None:
        note = self.note
        first_col_free = 0 not in cols
        heads = {j: note[cells[0][0]:cells[0][1]] if first_col_free else "" for j, cells in enumerate(rows)}
        present = _presenting(heads)
        n_before = len(readings)
        for j, cells in enumerate(rows):
            past = _past_head(heads[j])
            for k, (spec, unit, ls) in cols.items():
                if k >= len(cells):
                    continue
                ca, cb = cells[k]
                m = _TABLE_CELL.match(note, ca, cb)
                if not m:
                    continue
                if spec == "bp":
                    if not m.group("d"):
                        continue
                    pairs = [(BY_NAME["systolic_bp"], "n"), (BY_NAME["diastolic_bp"], "d")]
                elif m.group("d"):
                    continue
                else:
                    pairs = [(spec, "n")]
                for sp, grp in pairs:
                    r = self.read_number(sp, m.start(grp), m.end(grp), unit or ("mmHg" if spec == "bp" else None))
                    if not isinstance(r, Reading):
                        continue
                    r.start = cells[0][0]
                    r.end = max(r.end, m.end())
                    r.details.update(label=note[ls:ls + 20].split("|")[0].strip(), table_row=j + 1)
                    r.baseline = past
                    if j != present and not past:
                        r.details["later"] = True
                    readings.append(r)
        if len(readings) > n_before:  # the header's labels read nothing themselves
            used.update(ls for _, _, ls in cols.values())

    def _compound_inr(self, start: int, end: int, spec: Spec) -> Reading | None:
        """'PT/INR: 16.2 s / 1.5': the INR is the second number of the pair after the compound label."""
        if spec.name != "inr" or not _COMPOUND_INR_LABEL.fullmatch(self.note, start, end):
            return None
        m = _COMPOUND_PAIR.match(self.note, end)
        if not m:
            return None
        r = self.read_number(spec, m.start("b"), m.end("b"))
        if r is not None:
            r.start = start
            r.details.update(label=self.note[start:end], pair=self.note[start:m.end()].strip())
        return r

    def _second_value(self, r: Reading, start: int, end: int, spec: Spec) -> Reading | None:
        """The label's second value in the same clause: 'bilirubin 1.2 mg/dL at baseline, 4.8 mg/dL on admission',
        'creatinine 1.9 mg/dL last year and 2.4 mg/dL at the pre-op clinic', 'sodium 128 mmol/L, rising to 134 the
        next day'. Marked as the presenting one ('now 27%', '4.8 mg/dL on admission'), it is read as a presenting value
        and the first as a baseline; after a change ('rising to', 'then') it is a later value; else it takes its own
        time (:meth:`time_frame`) and needs its own unit."""
        past = _PAST_AFTER.match(self.note, r.end)  # "35% last month; now 29%"
        pos = past.end() if past else r.end
        m = _SECOND_VALUE.match(self.note, pos, min(len(self.note), pos + 80))
        if not m or self.labels_in(r.end, m.start("n")):
            return None
        change = m.group("to") is not None  # 'from 4.7 to 6.0 mmol/L'
        if change and not _CHANGE_FROM.search(self.note, end, r.number_start):
            return None  # 'to' without 'from' before the first value
        # a bare second number takes the first's unit ("41% at baseline, 27 on admission")
        r2 = self.read_number(spec, m.start("n"), m.end("n"), range_end=change)
        if r2 is None and r.unit:
            r2 = self.read_number(spec, m.start("n"), m.end("n"), r.unit, range_end=change)
        if r2 is None:
            return None
        r2.start = start
        if m.group("pre") or _PRESENT_AFTER.match(self.note, r2.end):
            if _PAST_AFTER.match(self.note, r2.end):
                return None
            r2.details.update(label=self.note[start:end], second_value="the label's presenting value after an earlier one")
            # the first is a baseline unless it is itself timed at the presentation ('4.8 mg/dL at admission, 4.1 this
            # morning': two readings of the presenting period, the first the admission value)
            r.baseline = not _PRESENT_AFTER.match(self.note, r.end)
            return r2
        r2 = self._timed_second_value(r, r2, m, spec, start, end)
        when = m.group("when") or ""
        if r2 is not None and (_BASELINE.search(when) or _PAST_IN_SENTENCE.search(when)):
            r.baseline = True  # '1.9 mg/dL at his review last year and 2.4 mg/dL ...': the first's own time is past
        return r2

    def _timed_second_value(self, r: Reading, r2: Reading, m: re.Match[str], spec: Spec, start: int,
                            end: int) -> Reading | None:
        """A second value not marked as the presenting one: after a change ('rising to 134 the next day') a later
        value, its unit the first's when it has none; else one written with its own unit ('2.4 mg/dL at the pre-op
        clinic'), timed by its own clause (the first's time is not its)."""
        trend = bool(m.group("trend") or m.group("trend2") or m.group("to"))
        if self._label_right_after(r2.end):
            return None  # '1.2 mg/dL and 30 mg/dL BUN': the number is the next label's, written before it
        if r2.unit is None or r2.unit == r.unit and r2.end == m.end("n"):  # no unit written after the number
            if not trend or not _BARE_SECOND_END.match(self.note, m.end("n")):
                return None  # 'Hb 9.1, 12 ...', 'then 2 days later': a bare number is not the label's
            if r2.unit is None and r.unit:
                r2 = self.read_number(spec, m.start("n"), m.end("n"), r.unit, range_end=True) or r2
                r2.start = start
        past, later = self.time_frame(m.start("n"), r2.end, since=m.start("n"))
        day = _DAY_AFTER.match(self.note, r2.end)  # '2.0 mg/dL on day 3'
        later = later or bool(day and _later_index(day.group("u"), day.group("d")))
        r2.baseline = past
        if (trend or later) and not past:
            r2.details["later"] = True
        r2.details.update(label=self.note[start:end], second_value="the label's value at another time in the same clause")
        return r2

    def _value_first_items(self) -> list[Reading]:
        """Readings from ';'-separated list items written value first: 'sodium, 142 mEq/L; ...; 7.5, bicarbonate; and
        albumin, 4.2 g/dL'. An item between semicolons (or a semicolon and the sentence end) that holds one number and
        then one quantity label and nothing else is that quantity's reading."""
        out: list[Reading] = []
        for m in _VALUE_FIRST_ITEM.finditer(self.note):
            labels = [lb for lb in self.labels_in(m.start("label"), m.end("label")) if lb[2].output]
            if len(labels) != 1 or labels[0][0] != m.start("label") or labels[0][1] != m.end("label"):
                continue
            ls, le, spec = labels[0]
            r = self.read_number(spec, m.start("n"), m.end("n"))
            if r is not None:
                r.start, r.end = m.start("n"), le
                r.details.update(label=self.note[ls:le], order="value before label in a ';' list")
                out.append(r)
        return out


def dedupe(readings: list[Reading]) -> list[Reading]:
    """One reading per number position; presenting values first (those told as the admission ones before untimed
    ones), then values after a treatment or at discharge, baseline/previous ones last."""
    seen: dict[int, Reading] = {}
    for r in readings:
        if r.number_start not in seen or (r.end - r.start) > (seen[r.number_start].end - seen[r.number_start].start):
            seen[r.number_start] = r
    return sorted(seen.values(), key=lambda r: (r.baseline, bool(r.details.get("later")), is_bound(r),
                                                not r.details.get("admission"), r.number_start))


def is_bound(r: Reading) -> bool:
    """'bicarbonate < 10', 'SpO2 > 90%': a bound, not a measured value ('up to 39.5' is the highest value measured)."""
    return r.details.get("qualifier", "up to") != "up to"


def reading_to_value(name: str, r: Reading, index: SentenceIndex) -> Value:
    """The :class:`Value` of a reading (evidence span, sentence, original number and unit)."""
    note = index.note
    details = dict(r.details)
    if r.baseline:
        details["baseline"] = True
    return Value(
        name=name, value=r.value, unit=r.spec.unit, raw=note[r.start:r.end],
        original_value=r.number, original_unit=r.unit, start=r.start, end=r.end,
        sentence=index.at(r.number_start), unit_assumed=r.unit_assumed, details=details,
    )

