"""ConText-style assertion rules: is a mention negated, historical, about a relative, hypothetical?

After Harkema et al., "ConText: an algorithm for determining negation, experiencer,
and temporal status from clinical reports" (J Biomed Inform 2009) and Chapman's
NegEx. A *trigger* phrase ("denies", "history of", "mother", "if") modifies the
mentions in its *scope*: forward triggers the words after them, backward triggers
the words before them. A scope ends at the sentence boundary, at a *terminator*
("but", "however", ";", ...), or after a maximum number of words. *Pseudo-triggers*
("no change", "not only", "gram negative") look like triggers but are not, and are
removed first.

Written from the published description; small on purpose: the rule lists below
are the whole algorithm's knowledge.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Literal

Category = Literal["negated", "historical", "family", "hypothetical"]
Direction = Literal["forward", "backward", "both"]

# (category, direction, max words in scope, regex). Regexes are case-insensitive.
_RULES: list[tuple[Category, Direction, int, str]] = [
    ("negated", "forward", 15,
     r"\bno\b|\bnot\b|\bnever\b|\bneither\b|\bnor\b|\bden(?:y|ies|ied|ying)\b|\bwithout\b|\bw/o\b"
     # "ROS: neg for CP, orthopnea, PND" (the clinician's abbreviation of "negative for")
     r"|\bnegative for\b|\bneg\.? for\b|\bfree of\b|\babsence of\b|\black of\b|\bno evidence of\b|\bno signs? of\b"
     r"|\bruled out\b|\brules out\b|\bfailed to (?:reveal|show)\b|\bunremarkable for\b"
     r"|\bnegative history of\b|\bdid ?n[o']t\b|\bdoes ?n[o']t\b|\bwas ?n[o']t\b|\bhas ?n[o']t\b|\bhad ?n[o']t\b"),
    ("negated", "backward", 8,
     r"\b(?:was|were|is|are|been|be)\s+(?:ruled out|excluded|negative|absent|unremarkable"
     r"|not (?:seen|found|detected|present|observed|noted|palpable|elicited))\b"
     r"|\bruled out\b|\bnegative\b(?!\s+for\b)|\babsent\b|\bnot (?:seen|present|found|detected|palpable)\b|\bunlikely\b"

     # a form field answered no: "Cough: none", "Melaena: nil", "Syncope - no"
     r"|(?<=[:\-])\s*(?:none|nil|no|never|abstinent|teetotal|denie[sd])\b"),
    # a treatment never given: "insulin never needed", "paracentesis not required" (the word before it only)
    ("negated", "backward", 2, r"\b(?:never|not)\s+(?:been\s+)?(?:needed|required|used|prescribed|started|given)\b"),
    ("historical", "forward", 40,
     r"\bhistory of\b|\bhx of\b|\bh/o\b|\bPMH\b|\bPMHx\b|\bpast medical history\b|\bmedical history\b"
     r"|\bpast history\b|\bprevious(?:ly)?\b|\bprior\b|\bs/p\b|\bstatus post\b|\bformer(?:ly)?\b"
     r"|\bex-(?=\w)|\bremote\b|\bquit\b|\bin the past\b|\bhx\b:?"
     r"|\bas\s+an?\s+(?:child|teenager|teen|adolescent|baby|infant|toddler|student)\b|\bin\s+(?:his\s+|her\s+|their\s+)?childhood\b"
     # a past year opening the clause: "In 2008 he had developed a deep vein thrombosis after a knee arthroscopy"
     # (after a sentence adverb: "Importantly, in 2019 she had bilateral emboli")
     r"|(?:^|(?<=[.;:]\s))(?:[A-Za-z]+ly,?\s+|also\s+|and\s+|but\s+)?(?:in|during|back\s+in)\s+(?:early\s+|late\s+|mid-?)?(?:19[5-9]\d|20[0-4]\d)\b"
     # a history told as a list: "His history included prostate cancer, treated in 2012"
     r"|\b(?:his|her|their|the\s+patient's)\s+(?:past\s+|medical\s+)?history\s+(?:included|includes|was\s+notable\s+for"
     r"|is\s+notable\s+for|was\s+significant\s+for|is\s+significant\s+for)\b"
     # a past time opening the clause: "Four years ago he had a clot in the femoral vein", "Many years ago, she ..."
     r"|(?:^|(?<=[.;:]\s))(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|several|many|a\s+few)"
     r"\s+(?:years?|months?|decades?)\s+ago\b"
     # an age in the past: "At the age of 39 he had an unprovoked DVT", "aged 50, she had a stroke"
     r"|\b(?:at\s+(?:the\s+)?age\s+(?:of\s+)?|aged\s+)\d{1,2}\b(?=\s*,?\s*(?:he|she|they|the patient)\s+(?:had|was|underwent|developed|suffered|sustained))"),
    ("historical", "backward", 10,
     r"\b(?:years?|months?|decades?) (?:ago|earlier|before|prior)\b|\bin the past\b|\bpreviously\b"
     # a time of life long past: "appendicectomy as a child", "tonsillectomy in childhood", "asthma in her teens"
     r"|\bas\s+an?\s+(?:child|teenager|teen|adolescent|baby|infant|toddler|student)\b|\bin\s+(?:his\s+|her\s+|their\s+)?(?:childhood|youth|teens)\b"
     r"|\bresolved\b|\bin remission\b|\bhistory\b"
     # an age at the event after the mention: "Tonsillectomy aged 9", "hernia repair at age 30" (not the age of the
     # person the sentence presents: "PE in a woman aged 70")
     r"|" + "".join(rf"(?<!\b{w}\s)" for w in ("man", "woman", "male", "female", "patient", "boy", "girl", "lady",
                                                "gentleman", "person", "adult", "child", "infant", "baby"))
     + r"\b(?:aged\s+|at\s+(?:the\s+)?age\s+(?:of\s+)?)\d{1,2}\b(?!\s*(?:years?|yrs?|y)?\s*(?:old\b|,?\s*(?:presented|presents|was\s+admitted)))"
     # a finding of an earlier encounter: "exudate at his last visit", "tonsils enlarged at the review a week ago"
     r"|\b(?:at|during|on|from)\s+(?:the|his|her|their|a)\s+(?:last|previous|prior|earlier)\s+(?:visit|appointment|consultation|review|attendance)\b"
     r"|\b(?:at|during|on|from)\s+(?:the|his|her|their|a)\s+(?:\w+\s+)?(?:visit|appointment|consultation|review|attendance)\s+"
     r"(?:\w+\s+){0,2}?(?:ago|earlier)\b"
     # a past calendar year after the mention: "DVT of the right leg in 2010", "LAD stent (2015)"
     r"|\b(?:in|back in|during) (?:early |late |mid-?)?(?:19[5-9]\d|20[0-4]\d)\b|\((?:19[5-9]\d|20[0-4]\d)\)"
     # a bare past year right after the mention: "PE 2012", "DVT 2016,"
     r"|(?<=\s)(?:19[5-9]\d|20[0-4]\d)\b(?!\s*(?:mg|mcg|µg|ug|mL|ml|units?|IU|g|kg|cells|/))"
     # "smoked for 30 years but quit": the trigger carries its own "but", which would end the scope
     r"|\b(?:but |and )?(?:quit|stopped|gave up|discontinued)\b"
     # a state given its end: "lived in a care home until last year", "on warfarin until 2019", "until 3 months ago"
     r"|\buntil\s+(?:last\s+(?:year|month|week|summer|winter|spring|autumn)|recently|(?:early |late |mid-?)?(?:19[5-9]\d|20[0-4]\d)"
     r"|(?:\d+|a|an|one|two|three|four|five|six|a few|several)\s+(?:years?|months?|weeks?)\s+ago)\b"
     # an absence that has lasted since a past year: "off all treatment since 2013", "disease-free since 2015"
     # (the trigger ends before "since <year>", a pseudo-trigger of its own)
     r"|\b(?:off|free|disease-free|in remission|stopped|discontinued|completed|abstinent)\b(?:\s+[\w-]+){0,3}?"
     r"(?=\s+since\s+(?:early |late |mid-?)?(?:19[5-9]\d|20[0-4]\d)\b)"),
    ("family", "forward", 40,
     r"\bfamily history\b|\bfamilial history\b|\bFHx?\b|\bfamily\b|\bmother\b|\bfather\b|\bbrothers?\b"
     r"|\bsisters?\b|\bsiblings?\b|\bparents?\b|\bgrand(?:mother|father|parents?)\b|\baunts?\b"
     r"|\buncles?\b|\bcousins?\b|\brelatives?\b|\bmaternal\b|\bpaternal\b|\bsons?\b|\bdaughters?\b"
     # another person of the household or circle: what they had is not the patient's ("his partner had glandular fever")
     r"|\b(?:his|her|their|the patient's|whose)\s+(?:partner|wife|husband|spouse|girlfriend|boyfriend|flatmate|housemate|roommate"
     r"|colleague|classmate|friend|child|children|baby|carer|caregiver)\b"
     # a person named by a possessive: "husband's BP", "the nurse's weight", "donor's creatinine"
     r"|\b(?:wife|husband|partner|spouse|girlfriend|boyfriend|friend|roommate|flatmate|carer|caregiver|nurse|doctor"
     r"|visitor|neighbou?r|donor|twin)['’]s\b"
     # another person of the ward or a transplant: "the other patient in the bay", "another patient", "the donor was"
     r"|\b(?:the\s+other|another|other|a\s+different|the\s+next)\s+patient(?:['’]s)?\b"
     r"|\b(?:bed|bay)\s+neighbou?r\b|\b(?:the|a|his|her|their)\s+(?:(?:living|deceased|related|kidney|liver|organ)\s+)?donor\b"
     r"(?!\s+(?:kidney|liver|renal|hepatic|organ|heart|lung|lobe|marrow|stem|transplant\w*|graft|site|nephrectomy|specific))"),
    ("family", "backward", 10, r"\bruns in (?:the|his|her|their) family\b|\bin (?:the|his|her) family\b"),
    ("hypothetical", "forward", 10,
     r"\bif\b|\bin case(?: of)?\b|\bshould\b|\breturn (?:if|for)\b|\brule out\b|\br/o\b|\bto exclude\b"
     r"|\bevaluat(?:e|ion) for\b|\bassess(?:ment)? for\b|\bscreen(?:ing)? for\b|\brisk (?:of|for)\b"
     r"|\bat risk\b|\bprevent(?:ion of|ing)?\b|\bprophylaxis (?:of|for|against)\b|\bwould\b|\bcould\b"
     # a guess about what something was: "she thought it might have been pneumonia", "it may have been a clot"
     r"|\bmight\b|\bmay\s+(?:have\s+been|be)\b"
     # a diagnosis under consideration: "story highly suspicious for ACS", "concerning for sepsis"
     r"|\b(?:suspicious|concerning|worrisome|worrying) for\b|\bsuspicion (?:of|for)\b"
     # a future event: "listed for laparoscopic cholecystectomy", "scheduled for surgery", "awaiting repair"
     r"|\b(?:listed|scheduled|booked|planned|planning|wait-?listed) (?:for|to)\b|\bawaiting\b|\bdue to (?:have|undergo)\b"
     r"|\bwill (?:have|undergo|need)\b|\bcandidate for\b"),
    ("hypothetical", "backward", 3, r"\bprophyla(?:xis|ctic)\b|\bprevention\b|\brisk\b"
     # an operation put off is not done: "her debulking operation has been deferred", "surgery was postponed"
     r"|\b(?:deferred|postponed|cancell?ed)\b"),
    # a query mark glued to a diagnosis: "?TIA", "? PE", "(?sepsis)": a question, not a finding (short scope)
    ("hypothetical", "forward", 2, r"(?:^|(?<=[\s(\[,;:/]))\?(?=\s?[A-Za-z])"),
]

_PSEUDO = re.compile(
    r"\bno (?:increase|change|further|significant change|new|interval change|longer|improvement|relief|response"
    r"|resolution|decrease)\b"
    r"|\bnot only\b|\bnot necessarily\b|\bnot certain\b|\bno doubt\b|\bwithout difficulty\b"
    r"|\bnot (?:been )?(?:ruled out|excluded)\b|\bgram[- ]negative\b|\bnot improve\w*\b"
    # "not himself", "not her usual self": a change in the patient (an idiom), not a denial of what follows
    r"|\bnot (?:quite )?(?:him|her|them)sel(?:f|ves)\b|\bnot (?:quite )?(?:his|her|their) (?:usual|normal|old) sel(?:f|ves)\b"
    # an inability to find words or to speak is a deficit the patient had (aphasia), not a denial of what follows
    r"|\b(?:could ?n[o'’]t|can ?n[o'’]t|can not|(?:was |were )?unable to) (?:find|get|say|form) (?:her|his|their|the|any) words\b"
    r"|\b(?:could ?n[o'’]t|(?:was |were )?unable to) (?:speak|talk)\b"
    r"|\bnot respond\w*\b|\bdid not (?:improve|resolve|respond|decrease)\b|\bnon-?(?:tender|distended)\b"
    r"|\bfamily members?\b(?= (?:normally|brought|reported|noted|said|stated))"
    # a relative as witness or informant ("found by her husband having blacked out", "per his daughter", "according to
    # her son"): the finding is the patient's, not the relative's
    r"|\b(?:by|per|according to)\s+"
    r"(?:his|her|their|the(?: patient's)?)\s+(?:partner|wife|husband|spouse|mother|father|son|daughter|sister|brother"
    r"|parents?|family|friend|carer|neighbou?r|girlfriend|boyfriend)\b"
    # a relative who noticed or reported something ("his wife had noticed that his calf looked bigger"): the informant
    r"|\b(?:his|her|their)\s+(?:partner|wife|husband|spouse|mother|father|son|daughter|sister|brother|parents?|family"
    r"|friend|carer|girlfriend|boyfriend)\s+(?:had\s+|has\s+)?(?:noticed|noted|reported|said|observed|saw|thought"
    r"|felt|described|witnessed|found)\s+(?:that\s+)?(?:his|her|the patient's|he|she)\b"
    r"|\bprior to (?:admission|presentation|arrival|surgery)\b"
    # "since 2019" starts a state that goes on ("has lived in a nursing home since 2019"): the year is no past cue
    r"|\bsince\s+(?:early |late |mid-?)?(?:19[5-9]\d|20[0-4]\d)\b"
    # an antigen / antibody marker reported negative ("Chronic hepatitis B, HBeAg negative"): the result is the marker's,
    # not a denial of the disease named before it
    r"|\b[A-Za-z-]*(?-i:Ag|Ab)\s+(?:was\s+|is\s+)?negative\b"
    # a tumour marker or driver mutation reported negative ("lung adenocarcinoma, EGFR-negative", "ER-negative breast
    # cancer", "triple-negative"): the marker's result, not a denial of the cancer
    r"|\b(?:EGFR|ALK|ROS-?1|KRAS|BRAF|HER-?2|ER|PR|PgR|PD-?L1|BRCA[12]?|MSI|MMR|c-?KIT|triple|hormone[- ]receptor"
    r"|(?:o?estrogen|progesterone)[- ]receptor)(?:\s+mutation)?[- ](?:negative|neg)\b"
    # a short "N-day history of" is the present illness, not past history
    r"|\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|several|few|couple of)[- ]"
    r"(?:hours?|days?|weeks?|months?)[- ]history(?: of)?\b"
    # the act of history-taking ("confused and unable to give a history", "a history was obtained from her son"): a
    # clinician's task now, not the patient's past
    r"|\b(?:give|gives|giving|gave|given|provide[sd]?|providing|obtain(?:ed|ing)?|take|takes|taking|took|taken|elicit(?:ed|ing)?)\s+"
    r"(?:an?\s+|any\s+|the\s+|his\s+|her\s+|their\s+)?(?:(?:clear|coherent|reliable|full|further|good|collateral)\s+)?history\b"
    r"|\bhistory\s+(?:was\s+|is\s+)?(?:obtained|taken|given|provided|limited)\b",
    re.I,
)

_TERMINATORS = re.compile(
    r"\b(?:but|however|although|though|yet|except|apart from|aside from|nevertheless|whereas"
    r"|which|presents?|presented|presenting|complain(?:s|ed|ing)?|reports?|reported"
    # admitted opens a new clause ("no fever; admitted with pneumonia"), not when it is itself denied: "has never been
    # admitted with heart failure", "not admitted for chest pain" (the denial holds over the reason)
    r"|(?<!\bnever\s)(?<!\bnot\s)(?<!\bbeen\s)(?<!^\s)(?<!^)admitted"
    r"|now)\b|[;]"
    # "and" opening a clause with its own verb: "takes the pill and had surgery 6 months ago"
    r"|\band\s+(?:had|has|have|was|were|is|underwent|undergoes|took|takes|developed|received|drinks|smokes"
    r"|used|uses|started|starts|began|continued|continues)\b"
    r"|\band\s+there\s+(?:was|were|is|are)\b"
    # "and" opening a clause with its own subject: "an MRI showed no infarct, and he was discharged with a TIA"
    r"|,\s*and\s+(?:he|she|they|the patient)\s+(?:was|were|is|had|has|underwent|received|developed)\b"
    # a conclusion drawn in a new clause: "no history of trauma, so I think a DVT is likely"; "we suspect a PE"
    r"|,\s*so\s+(?:I|we|he|she|they|it|the patient)\b|\b(?:I|we)\s+(?:think|suspect|believe|feel|wonder(?:ed)?)\b",
    re.I,
)
# Extra scope ends for the family category: a return to the patient.
_FAMILY_TERMINATORS = re.compile(r"\b(?:he|she|patient)\b", re.I)

_COMPILED = [(cat, direction, n, re.compile(rx, re.I)) for cat, direction, n, rx in _RULES]
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class TriggerHit:
    category: Category
    direction: Direction
    max_words: int
    start: int
    end: int
    text: str


class Triggers(list):
    """:func:`find_triggers`' result: the hits (a plain list, in rule order) plus the sentence's word
    offsets and the hits' order by position, so :func:`assert_context` only looks at the triggers
    near a mention. Scanning every trigger of the sentence for every mention, each with a regex over
    the whole gap, was cubic in a long sentence ("no chest pain" x 400: 15 s)."""

    def __init__(self, hits: list[TriggerHit], text: str):
        super().__init__(hits)
        self.words = [m.start() for m in _WORD.finditer(text)]
        self.by_start = sorted(range(len(hits)), key=lambda i: hits[i].start)
        self.starts = [hits[i].start for i in self.by_start]


def _inside_any(pos_start: int, pos_end: int, starts: list[int], spans: list[tuple[int, int]]) -> bool:
    """``a <= pos_start < b or a < pos_end <= b`` for some span; ``spans`` sorted and non-overlapping."""
    i = bisect.bisect_right(starts, pos_start) - 1
    if i >= 0 and spans[i][0] <= pos_start < spans[i][1]:
        return True
    j = bisect.bisect_left(starts, pos_end) - 1
    return j >= 0 and spans[j][0] < pos_end <= spans[j][1]


def find_triggers(text: str) -> list[TriggerHit]:
    """All trigger matches in ``text`` that are not inside a pseudo-trigger (a :class:`Triggers` list)."""
    pseudo = [(m.start(), m.end()) for m in _PSEUDO.finditer(text)]
    pseudo_starts = [a for a, _ in pseudo]
    hits: list[TriggerHit] = []
    for cat, direction, n, rx in _COMPILED:
        for m in rx.finditer(text):
            if pseudo and _inside_any(m.start(), m.end(), pseudo_starts, pseudo):
                continue
            hits.append(TriggerHit(cat, direction, n, m.start(), m.end(), m.group(0)))
    return Triggers(hits, text)


_MAX_SCOPE = max(n for _, _, n, _ in _RULES)
_MAX_TRIGGER_WORDS = 8  # no trigger phrase is longer
_WINDOW = _MAX_SCOPE + _MAX_TRIGGER_WORDS + 4


def _near(triggers: list[TriggerHit], start: int, end: int) -> list[TriggerHit]:
    """The triggers that can reach the mention text[start:end], in their original order.

    Any trigger further than the longest scope (in words) cannot: :func:`_in_scope` counts at
    least one word per word start in the gap. A plain list (not from :func:`find_triggers`) is
    used whole.
    """
    if not isinstance(triggers, Triggers) or not triggers.words:
        return list(triggers)
    words = triggers.words
    lo_word = max(0, bisect.bisect_left(words, start) - _WINDOW)
    hi_word = bisect.bisect_left(words, end) + _WINDOW
    lo = words[lo_word] if lo_word > 0 else 0
    hi = words[hi_word] if hi_word < len(words) else float("inf")
    i, j = bisect.bisect_left(triggers.starts, lo), bisect.bisect_right(triggers.starts, hi)
    return [triggers[k] for k in sorted(triggers.by_start[i:j])]


# After a comma a negation's list goes on over bare names ('no fever, chills, or productive cough'), not over a
# clause with its own verb (', and exhibits severe RV dysfunction', ', was diagnosed with ...'), a new phrase with its
# own article (', a history of prior revascularization', ', and a diagnosis of ARDS is made') or a value (', heart
# rate 120').
_CLAUSE_AFTER_COMMA = re.compile(
    r"^\s*(?:(?:and|or)\s+)?(?:a|an|the|his|her|their|its|this|these|there|he|she|they|it)\b|\d"
    r"|\b(?:is|are|was|were|be|been|has|have|had|shows?|showed|shown|showing|exhibits?|exhibited|exhibiting"
    r"|reveals?|revealed|revealing|presents?|presented|diagnosed|made|found|noted|reports?|reported|complains?"
    r"|underwent|undergoing|develop(?:s|ed)|receiv(?:es|ed|ing)|demonstrat\w+|displays?|displayed|displaying"
    r"|appears?|appeared|remains?|remained|suffer(?:s|ed|ing)|experienc(?:es|ed|ing)|requir(?:es|ed|ing)"
    r"|tak(?:es|ing)|took|uses|used|using|needs|needed)\b", re.I)


_OR = re.compile(r"^\s*(?:or|nor)\b", re.I)
# the negated verb's own word is no new clause: 'does not present with shock', 'did not report chest pain'
_OWN_VERB = re.compile(r"^\s*(?:present(?:s|ed|ing)?|report(?:s|ed|ing)?|complain(?:s|ed|ing)?)\b", re.I)
_OR_LIST_WORDS = 40


def in_or_list(gap: str, after: str) -> bool:
    """Is the mention a member of a list closed by 'or' ('does not have CHF, requires insulin, or has IABP use', 'no
    comorbidities, a pH under 7.0, depressed mental state, or fever'): its own stretch or a later one (before an
    'and' one) opens with 'or'? A negation holds over every member of such a list."""
    if "," in gap and _OR.match(gap.split(",")[-1]):
        return True
    for seg in re.split(r"[;.]", after, maxsplit=1)[0].split(",")[1:]:
        if _OR.match(seg):
            return True
        if re.match(r"^\s*and\b", seg, re.I):
            return False
    return False


# a denied list whose every member has its own article: "has never had a heart attack, a stent, a stroke or ..."
# (the first member after the verb sets the pattern; each later one is the article and a short bare noun phrase)
_ARTICLED_FIRST = re.compile(r"^\s*(?:(?:had|have|has|been|got|suffered|undergone|needed)\s+)?(?:an?)\s+[\w'-]+(?:\s+[\w'-]+){0,3}\s*$", re.I)
_ARTICLED_NEXT = re.compile(r"^\s*(?:(?:and|or|nor)\s+)?an?\s+(?:[\w'-]+(?:\s+[\w'-]+){0,3})?\s*$", re.I)
_VERB_IN_MEMBER = re.compile(_CLAUSE_AFTER_COMMA.pattern.split("|\\d|", 1)[1], re.I)


def _articled_list(gap: str, after: str) -> bool:
    """Is the mention a member of such a list, its own member without a verb ('a stroke was diagnosed' is a clause)?"""
    segs = gap.split(",")
    return (len(segs) > 1 and bool(_ARTICLED_FIRST.match(segs[0])) and not _VERB_IN_MEMBER.search(re.split(r"[,.;]", after)[0])
            and all(_ARTICLED_NEXT.match(s) and not _VERB_IN_MEMBER.search(s) for s in segs[1:]))


def list_goes_on(gap: str, after: str = "") -> bool:
    """Does a forward negation's scope run on through the commas of ``gap`` (trigger to mention; ``after``: the text
    after the mention)?"""
    return (in_or_list(gap, after) or _articled_list(gap, after)
            or not any(_CLAUSE_AFTER_COMMA.search(seg) for seg in gap.split(",")[1:]))


def _in_scope(text: str, a: int, b: int, max_words: int, category: Category, after: str | None = None) -> bool:
    """True when the stretch text[a:b] between trigger and target keeps the scope open (``after``: the text after a
    forward trigger's target)."""
    gap = text[a:b]
    if _TERMINATORS.search(_OWN_VERB.sub("", gap) if after is not None and category == "negated" else gap):
        return False
    if after is not None and category == "negated":
        if not list_goes_on(gap, after):
            return False
        if in_or_list(gap, after):  # 'denies A, B, ..., or G': every member, however long the list
            return len(_WORD.findall(gap)) <= _OR_LIST_WORDS
    if category == "family" and _FAMILY_TERMINATORS.search(gap):
        return False
    return len(_WORD.findall(gap)) <= max_words


def assert_context(text: str, start: int, end: int, triggers: list[TriggerHit]) -> dict[str, list[str]]:
    """Categories that apply to the mention text[start:end] -> trigger phrases that set them.

    ``text`` is the sentence, ``start``/``end`` the mention's offsets in it and
    ``triggers`` the sentence's :func:`find_triggers` result.
    """
    out: dict[str, list[str]] = {}
    for t in _near(triggers, start, end):
        if t.start < end and start < t.end:  # trigger overlaps the mention itself
            continue
        hit = False
        if t.end <= start and t.direction in ("forward", "both"):
            hit = _in_scope(text, t.end, start, t.max_words, t.category, after=text[end:])
            # a trigger inside brackets ends at the closing bracket: "(tense, s/p LVP 8 L) and grade 3 HE"
            if hit and text[:t.start].count("(") > text[:t.start].count(")") and ")" in text[t.end:start]:
                hit = False
        elif t.start >= end and t.direction in ("backward", "both"):
            hit = _in_scope(text, end, t.start, t.max_words, t.category)
        if hit:
            out.setdefault(t.category, []).append(t.text)
    return out


# Triggers that name the family or history in general ('family history of', 'FHx', 'runs in the family'): a
# measurement in their scope is still the patient's ("family history of diabetes and her BMI is 32").
_NOT_A_PERSON = re.compile(r"famil|\bFHx?\b|relatives?\b|maternal|paternal", re.I)
# a measurement's own subject coming back: "her mother is diabetic; her weight is 60 kg", "the patient's"
_PATIENT_AGAIN = re.compile(r"\b(?:he|she|patient|his|her|their|pt)\b", re.I)


# the fetus's measurement: "fetal heart rate of 70", "foetal weight 2.1 kg" (a few words may stand between); not the
# specialty ("seen in the maternal-fetal medicine clinic on September 11, 2026", "fetal medicine unit")
_FETUS_BEFORE = re.compile(r"(?<![-\w])(?:f(?:o)?etal|f(?:o)?etus['’]s?)(?!\s+medicine)\s+(?:[A-Za-z-]+\s+){0,3}$", re.I)


# a relative said to be in the room ('his wife, present today, was started on a statin for a cholesterol of 7.1'): an
# aside about the person, not a verb of presentation that would end the relative's scope
_ATTENDING = re.compile(r",\s*(?:who\s+(?:is|was)\s+)?(?:also\s+)?present(?:\s+(?:today|at\s+\w+|in\s+(?:the\s+)?\w+"
                        r"|during\s+\w+))?\s*,", re.I)


def other_person(text: str, start: int, end: int, triggers: list[TriggerHit] | None = None) -> str:
    """The phrase that makes the measurement text[start:end] (a sentence's label to unit) another person's ('mother',
    'whose wife', "donor's", 'the other patient'); '' when it is the patient's. Stricter than the family category of
    :func:`assert_context` for a finding: only a person named before the measurement counts, and a pronoun or
    'patient' between them returns the measurement to the patient."""
    fetus = _FETUS_BEFORE.search(text, max(0, start - 48), start)
    if fetus:
        return fetus.group(0).strip()
    trig = triggers if triggers is not None else find_triggers(text)
    for t in _near(trig, start, end):
        if t.category != "family" or t.direction != "forward" or t.end > start or _NOT_A_PERSON.search(t.text):
            continue
        gap = _ATTENDING.sub(" ", text[t.end:start])
        if _TERMINATORS.search(gap) or _PATIENT_AGAIN.search(gap) or len(_WORD.findall(gap)) > t.max_words:
            continue
        return t.text
    return ""
