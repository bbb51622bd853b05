"""Rules and field map of the Glasgow Coma Scale (Teasdale & Jennett 1974): eye, verbal and motor responses from
numbered components, neuro-obs tables or described responses (the first assessment).

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from medmirror.tools.extraction.calc_sources import Derived, Hit, NoteContext, Source, after_presentation, sentence_has
from medmirror.tools.extraction.rules.readers import (
    DISORIENTED_DESCRIBED,
    affirmed_in_clause,
    best_option,
    entry_of,
    not_first_assessment,
)

_EYE_OPEN = (r"(?:eyes?(?:\s*[:=-])?\s+(?:were\s+|was\s+|are\s+)?open(?:ed|ing|s)?|open(?:ed|s|ing)?\s+(?:his\s+|her\s+|their\s+|the\s+)?eyes?"
             r"|eye[- ]opening|\bopen(?:ed|s|ing)?\s+them)")  # "did not open his eyes to voice but opened them to pain"
_STIM = (r"(?:\s+(?:only|briefly|slowly|eventually|transiently)){0,2}\s+(?:to|in\s+response\s+to|with|upon|on|after|following|during)"
         r"\s+(?:a\s+|the\s+)?(?:(?:firm|deep|vigorous|central|peripheral|painful|loud|gentle|light|soft)\s+)?")
# a stimulus that is not pain wakes the eyes as speech does (GCS 2014 'to sound'; a touch or a shake of the shoulder
# is not a painful stimulus): "opens eyes to a shout", "eyes opened to touch", "to a gentle shake of the shoulder"
_SOUND_TOUCH = r"|shout\w*|touch(?:ed|ing)?\b|shak(?:e|es|en|ing)\b|tap(?:s|ped|ping)?\b|nudg\w*|prompt\w*"
_WHEN = r"(?:\s+only)?\s+(?:when|whenever|as\s+soon\s+as)\s+"
# the eyes named first, the verb after in the same clause: "Eyes closed, opens only to trapezius squeeze"
# (a clause may stand between: "his eyes stayed closed when he was called loudly by name and opened only to pressure")
_EYES_THEN_OPENS = r"\beyes?\b(?:(?!\b(?:not?|never|nor|without|eyes?)\b|n't)[^.;:]){0,60}?\bopen(?:s|ed)?\b"
# the eyes as 'they', named earlier ("lay with his eyes shut; they opened when his wife called him"): read only
# with 'eyes' nearby (the options' context pattern)
_THEY_OPEN = r"\bthey\s+(?:(?:only|briefly|slowly|eventually|then|finally)\s+){0,2}open(?:ed|s)?\b"
_BRIEFLY = r"(?:\s+(?:briefly|slowly|transiently|momentarily))?"
_EYES_NEAR = re.compile(r"\beyes\b", re.I)
# "responds to voice by opening his eyes"
_RESPONDS = r"\b(?:respond(?:s|ed|ing)?|react(?:s|ed|ing)?)\s+(?:only\s+)?to\s+(?:a\s+|the\s+|his\s+|her\s+)?(?:(?:firm|deep|loud)\s+)?"
_BY_OPENING = r"\s+(?:\w+\s+){0,2}?by\s+opening\s+(?:his\s+|her\s+|their\s+|the\s+)?eyes"
# "rousable to voice", "rouses only to a sternal rub": woken by the stimulus, i.e. the eyes open to it
_ROUSES = (r"\b(?:rous(?:able|eable|es|ed)|arous(?:able|es|ed)|wakes?|woke|awakens?)\s+(?:only\s+|briefly\s+|easily\s+)?"
           r"(?:to|with|on)\s+(?:a\s+|the\s+)?(?:(?:firm|deep|vigorous|central|painful|loud|gentle|light|soft)\s+)?")
_PAIN_STIMULI = r"(?:pain|painful|noxious|pressure|sternal\s+rub|trapezius|nail[- ]?bed|supraorbital)"
# a form field: "Eyes: spontaneous", "E - to voice", "Eye opening: to pain"
_EYE_FIELD = r"(?:\beyes?(?:\s+opening)?|(?-i:\bE\b))\s*[:=-]\s*(?:opens?\s+)?"
GCS_EYE = [
    # "no eye opening to voice (, opens them to pressure)" denies one stimulus, not every one; "no eye opening to
    # voice or pain" still denies all
    ("no eye opening", r"\bno\s+eye[- ]opening(?!\s+(?:to|on|in\s+response\s+to)\s+(?:voice|speech|verbal|commands?|his\s+name|"
                       r"her\s+name|being\s+spoken)(?!\s+(?:or|and|nor)\s+(?:to\s+)?(?:a\s+|the\s+)?(?:(?:supraorbital|sternal|trapezius|nail[- ]?bed|central|peripheral|deep)\s+)?"
                       r"(?:pain|pressure|painful|noxious|rub|squeeze|pinch|stimul\w*)))|eyes?\s+(?:remained|remain|were|are|stayed|kept)\s+closed"
                       # "did not open his eyes to voice (but ... to pain)" is not 'no eye opening'
                       r"|(?:did|does|would)\s*(?:not|n't|n’t)\s+open\s+(?:his\s+|her\s+|their\s+)?(?:eyes|them)(?!\s+(?:to|on|in\s+response\s+to)\s+"
                       r"(?:voice|speech|verbal|command|his\s+name|her\s+name|being\s+spoken))"
                       # ... "when the nurse called his name or shook his shoulder" (voice and touch only, pain untried)
                       r"(?!\s+(?:even\s+)?when\s+(?:\w+\s+){0,3}?(?:called|calls|spoke|speaks|spoken|talked|talks|shouted|said|says"
                       r"|addressed|shook|shakes|shaken|touched|tapped)\b)"
                       # the eyes named first: "eyes do not open", "eyes didn't open to pain" (not "... to voice")
                       r"|\beyes?\s+(?:do|did|does|would|will)\s*(?:not|n't|n’t)\s+open(?:\s+at\s+all)?\b(?!\s+(?:to|on|in\s+response\s+to)\s+"
                       r"(?:voice|speech|verbal|command|his\s+name|her\s+name|being\s+spoken))"
                       r"|without\s+(?:any\s+)?eye[- ]opening|" + _EYE_FIELD + r"(?:none|nil)\b", 1),
    ("eye opening to pain", _EYE_OPEN + _STIM + r"(?:pain|painful|noxious|pressure|sternal\s+rub|trapezius|nail[- ]?bed|supraorbital)"
                            # the eyes named before the verb: "Eyes closed, opens only to trapezius squeeze"; "responds to
                            # pain by opening her eyes"; a form field "Eyes: to pain"
                            + "|" + _EYES_THEN_OPENS + _STIM + r"(?:pain|painful|noxious|pressure|sternal\s+rub|trapezius|nail[- ]?bed|supraorbital)"
                            + "|" + _RESPONDS + r"(?:pain|painful\s+stimul\w+|noxious\s+stimul\w+|sternal\s+rub|trapezius\s+\w+)" + _BY_OPENING
                            + r"|" + _EYE_FIELD + r"(?:to\s+)?(?:pain|pressure|painful\s+stimul\w+|noxious\s+stimul\w+)\b"
                            # a run of components without colons: "eyes to pain, verbal sounds, motor localising"
                            + r"|\beyes?\s+to\s+(?:pain|pressure|painful\s+stimul\w+|noxious\s+stimul\w+)\b"
                            + "|" + _EYE_OPEN + _WHEN + r"(?:\w+\s+){0,4}?(?:pinched|pressed|rubbed|squeezed|painful|pain|pressure|sternal\s+rub|nail[- ]?bed\s+pressure)\b"
                            # "rousable only to pain", "rouses to a sternal rub"
                            + "|" + _ROUSES + r"(?:pain|painful|noxious|pressure|sternal\s+rub|trapezius|nail[- ]?bed|supraorbital)", 2),
    ("eye opening to verbal command", _EYE_OPEN + _STIM + r"(?:verbal|voice|speech|commands?|being\s+spoken|loud|his\s+name|her\s+name|name|sound|calling"
                                      + _SOUND_TOUCH + ")"
                                      + "|" + _EYES_THEN_OPENS + _STIM + r"(?:verbal|voice|speech|commands?|loud|his\s+name|her\s+name|name|sound|calling"
                                      + _SOUND_TOUCH + ")"
                                      + "|" + _RESPONDS + r"(?:voice|speech|verbal\s+(?:stimul\w+|commands?)|commands?|his\s+name|her\s+name|name|sound|calling)"
                                      + _BY_OPENING
                                      + r"|" + _EYE_FIELD + r"(?:to\s+)?(?:voice|speech|sound|verbal(?:\s+command)?|commands?)\b"
                                      + r"|\beyes?\s+to\s+(?:voice|speech|sound|verbal(?:\s+command)?|commands?)\b"
                                      + "|" + _EYE_OPEN + _WHEN + r"(?:\w+\s+){0,3}?(?:name\s+(?:is|was)\s+(?:called|said|spoken|shouted)|"
                                      r"spoken\s+to|talked\s+to|addressed|called\s+(?:by\s+name|out|loudly)|shouted\s+at"
                                      # the speaker named: "when I spoke to him", "when the nurse talked to her"
                                      r"|(?:speak|spoke|speaks|speaking|talk|talked|talks|talking)\s+(?:to|with)\b"
                                      r"|(?:called|calls|said|says)\s+(?:his|her|their)\s+name"
                                      # a touch or a shake: "opens eyes when touched", "when gently shaken"
                                      r"|touched|shaken|tapped|nudged)"
                                      # "drowsy but rousable to voice", "rouses to her name"
                                      + "|" + _ROUSES + r"(?:verbal|voice|speech|commands?|loud|his\s+name|her\s+name|name|sound|calling"
                                      + _SOUND_TOUCH + ")"
                                      # the voice named first: "When I called his name he opened his eyes", "when spoken to,
                                      # she opens her eyes"
                                      + r"|\bwhen\s+(?:(?:I|we|the\s+\w+|staff|someone)\s+)?(?:call(?:ed|s)?\s+(?:out\s+)?(?:his|her|their)\s+name"
                                      r"|(?:spoke|speak|spoken|talked|talk)\s+to(?:\s+(?:him|her|them))?|shouted|addressed)\s*,?\s*"
                                      r"(?:he|she|they|the\s+patient|pt)\s+(?:\w+\s+)?open(?:ed|s)\s+(?:his\s+|her\s+|their\s+)?eyes", 3),
    ("eye opening to pain", _THEY_OPEN + _STIM + _PAIN_STIMULI
                            + "|" + _THEY_OPEN + _BRIEFLY + _WHEN + r"(?:\w+\s+){0,4}?(?:pinched|pressed|rubbed|squeezed|painful|pain|pressure|sternal\s+rub|nail[- ]?bed\s+pressure)\b", 2, _EYES_NEAR),
    ("eye opening to verbal command", _THEY_OPEN + _STIM + r"(?:verbal|voice|speech|commands?|loud|his\s+name|her\s+name|name|sound"
                                      r"|calling" + _SOUND_TOUCH + ")"
                                      + "|" + _THEY_OPEN + _BRIEFLY + _WHEN + r"(?:\w+\s+){0,3}?(?:call(?:ed|s)?\s+(?:out\s+)?(?:his|her|their)\s+name"
                                      r"|name\s+(?:is|was)\s+(?:called|said|spoken|shouted)|(?:spoke|speaks|spoken|talked|talks)\s+to"
                                      r"|shouted|addressed|touched|shaken|tapped)", 3, _EYES_NEAR),
    ("eyes open spontaneously", r"spontaneous(?:ly)?\s+(?:eye[- ]opening|opened\s+(?:his\s+|her\s+)?eyes)"
                                r"|eyes?\s+(?:were\s+|was\s+|are\s+)?(?:noted\s+to\s+be\s+|found\s+to\s+be\s+)?open(?:ed)?\s+(?:and\s+\w+\s+)?spontaneously"
                                r"|open(?:ed|s)?\s+(?:his\s+|her\s+|their\s+)?eyes\s+spontaneously"
                                r"|eyes?\s+(?:were\s+|was\s+|are\s+)(?:noted\s+to\s+be\s+|found\s+to\s+be\s+)?open\b(?!\s+(?:only\s+)?(?:to|in\s+response|with|upon|on|after|following)\b)"
                                + r"|" + _EYE_FIELD + r"(?:open\s+)?spontaneous(?:ly)?\b"
                                # "staring ahead with eyes open", "lying with her eyes open" (no stimulus named)
                                r"|\bwith\s+(?:his\s+|her\s+|their\s+)?eyes\s+(?:wide\s+)?open\b(?!\s+(?:only\s+)?(?:to|in\s+response|with|upon|on|after|following|when)\b)"
                                # ... open already as the examiner arrives, no stimulus yet (Teasdale 2014: open before
                                # stimulus): "lying with his eyes open when we reached the bedside", "eyes open as I
                                # entered the room"
                                r"|\beyes\s+(?:wide\s+)?open\s+(?:when|as)\s+(?:I|we|the\s+\w+)\s+(?:first\s+)?(?:came|arrived|entered|walked|reached|got)\b"
                                # the eyes open and at work: "eyes open and tracking", "eyes open, following the examiner"
                                r"|\beyes\s+open\s*(?:,|and)?\s*(?:tracking|following|looking\s+around|blinking|fixing)\b"
                                # AVPU's A (alert)
                                r"|\bAVPU\s*[:=-]?\s*(?:(?-i:A)\b|alert\b)", 4),
]
# an alert (or awake) patient has the eyes open before any stimulus (Teasdale 2014): 'alert and oriented', 'awake and
# talking', 'was fully alert', a chart line 'Alert, ...'; not an alert raised ('stroke alert called') nor 'alert to voice'
_ALERT = (r"\b(?:alert|awake)\s+(?:and|&)\s+(?:orient\w*|alert|awake|talking|conversant|conversing|responsive"
          r"|interactive|appropriate|cooperative|co-operative)\b"
          r"|\b(?:is|was|were|remains?|remained|appeared|looked|seemed|fully)\s+(?:fully\s+|wide\s+)?(?:alert|awake)\b"
          r"(?!\s+(?:to|only|when|after|at\s+night|all\s+night|for)\b)"
          r"|(?:^|(?<=[.;:\n])|(?<=[.;:\n][ \t]))(?:alert|awake)(?=[ \t]*[,;.])")
# a lowered consciousness named without an eye response: the first state named is not alert
_NOT_ALERT = (r"\b(?:drowsy|drowsiness|somnolent|obtunded|stupor\w*|unresponsive|comatose|coma|lethargic|unconscious"
              r"|sedated|rousable|arousable|unrousable|GCS)\b")
# a state of another time: a change ('became alert', 'woke up'), a later day or a baseline
_OTHER_TIME = re.compile(r"\b(?:after|later|subsequently|next|following|improv\w*|recover\w*|became|become|becoming|regain\w*"
                         r"|woke|by\s+day|on\s+day|day\s+\d+|discharg\w*|post-?op\w*|yesterday|last\s+(?:night|week|month|year)"
                         r"|previously|prior|baseline|ago|(?:usual(?:ly)?|normally)\s+(?:\w+\s+)?(?:alert|awake))\b", re.I)


def _alert_first(ctx: NoteContext) -> Hit | None:
    """Eyes open spontaneously from an alert patient when no eye response is described: the first state of
    consciousness the note names is alert, in a sentence of the presentation (no later day, change or baseline)."""
    states = sorted([*((f, True) for f in affirmed_in_clause(ctx, _ALERT)), *((f, False) for f in affirmed_in_clause(ctx, _NOT_ALERT))],
                    key=lambda t: t[0].start)
    for f, alert in states:
        if f.historical or after_presentation(f) or not_first_assessment(ctx, f.start, f.end) or sentence_has(_OTHER_TIME, f.sentence.text):
            continue
        return Hit.of_finding(f, "eyes open spontaneously", "alert: eyes open before any stimulus") if alert else None
    return None
# a form field: "Verbal: sounds", "V - words"
# (the word form may stand without a colon in a run of components: "eyes to pain, verbal sounds, motor localising")
_VERBAL_FIELD = r"(?:\bverbal(?:\s+response)?\s*[:=-]?|(?-i:\bV\b)\s*[:=-])\s*"
GCS_VERBAL_SPECIFIC = [
    ("no verbal response", r"\bno\s+verbal\s+(?:response|output|communication|sounds?)|\bnon-?verbal\b|\baphasic\b|\bmute\b"
                           r"|(?:did|does|could|would)\s+not\s+(?:exhibit\s+any\s+verbal|make\s+any\s+sounds?|speak|verbali[sz]e|vocali[sz]e|respond\s+verbally|utter)"
                           r"|(?:unable|failed)\s+to\s+(?:speak|verbali[sz]e|vocali[sz]e|respond\s+verbally|make\s+any\s+sounds?)"
                           r"|\bno\s+(?:sounds|vocali[sz]ation|speech)\b|without\s+(?:any\s+)?(?:verbal|sounds|vocali[sz]ation)"
                           # not a single sound (Teasdale 2014 'none'): "made no sound at all", "not a sound", "uttered no
                           # noise"; not 'no sound sleep' nor 'sounds of ...'
                           r"|\b(?:made|makes|making|uttered|utters|produced|produces)\s+no\s+(?:sound|noise)s?\b|\bnot\s+(?:a|one)\s+(?:single\s+)?sound\b"
                           r"|" + _VERBAL_FIELD + r"(?:none|nil)\b", 1),
    ("incomprehensible sounds", r"incomprehensib\w*|unintelligib\w*"
                                # sounds without words: "made noises but no words", "making grunting noises"
                                r"|\b(?:makes|making|made)\s+(?!no\b|any\b)(?:\w+\s+)?(?:noises|sounds)\b(?!\s+(?:of|about|like)\b)|\bmoan(?:s|ed|ing)?\b|\bgroan(?:s|ed|ing)?\b|\bmumbl\w+|\bgrunt\w*"
                                r"|" + _VERBAL_FIELD + r"sounds\b", 2),
    ("inappropriate words", r"inappropriate\s+(?:words|speech|responses?|verbal)|random\s+words|(?:exclamatory|disorganized|nonsensical)\s+(?:words|speech)"
                            r"|words\s+(?:that\s+were\s+|which\s+were\s+|were\s+|are\s+)?(?:inappropriate|random|unrelated"
                            r"|out[- ]of[- ]context|irrelevant|nonsensical|jumbled)"
                            # "muttered words that did not fit the questions"
                            r"|words\s+(?:that\s+|which\s+)?(?:did\s+not|didn't|do\s+not|don't)\s+(?:fit|match|relate\s+to|answer)"
                            r"|(?:unrelated|irrelevant|out[- ]of[- ]context)\s+(?:words|answers|replies)"
                            # the judgement a few words after: "speaks in clear words, but they are random and do not fit"
                            r"|\bwords\b[^.;]{0,40}?\b(?:are|were)\s+(?:random|jumbled|nonsensical|out[- ]of[- ]context|irrelevant|unrelated)\b"
                            r"|\bwords\b[^.;]{0,40}?\b(?:do|did)\s*(?:not|n't)\s+(?:fit|match|make\s+sense|relate\s+to)\b"
                            # words without conversation (Teasdale 2014: intelligible words, no sustained exchange):
                            # "called out single words ... without forming a sentence or answering the question"
                            r"|\bwords\b[^.;]{0,100}?\bwithout\s+(?:\w+\s+)?(?:forming|making|putting\s+together|answering|responding\s+to)"
                            r"\s+(?:a\s+|any\s+|the\s+)?(?:sentences?|questions?|conversation)"
                            r"|\b(?:call(?:s|ed|ing)?|shout(?:s|ed|ing)?|cr(?:y|ies|ied|ying))\s+out\s+(?:\w+\s+){0,2}?words\b"
                            # intelligible single words, no sentences (Teasdale 2014 'words'): "uttering single words",
                            # "only isolated words"; not answers given in single words that are right
                            r"|\b(?:single|isolated|occasional|odd|the\s+odd)\s+words?\b(?!\s+(?:commands?|instructions?|requests?))"
                            r"(?![^.;]{0,30}\b(?:correct|appropriate|orient)\w*)"
                            r"|" + _VERBAL_FIELD + r"(?:words|inappropriate)\b", 3),
]
# oriented in only one or two of person, place and time: 'A&O x2', 'oriented x1', 'AOx2'
_AO_PARTIAL = (r"|(?-i:\bA?A\s*(?:&|and|\+)?\s*O\s*(?:x|×)\s*[12]\b)"
               r"|\borient(?:ed|ated)\s*(?:x|×|times)\s*(?:[12]|one|two)\b")
GCS_VERBAL_GENERIC = [
    ("confused", r"\bconfused\b|\bconfusion\b|\bmuddled\b|\bdisorient(?:ed|ated|ation)\b|\bnot\s+orient(?:ed|ated)\b"
                 r"|" + DISORIENTED_DESCRIBED
                 + _AO_PARTIAL, 4),
    ("oriented", r"(?<!dis)\borient(?:ed|ated)\b(?!\s*(?:x|×|times)\s*(?:[12]|one|two)\b)|\bconvers(?:es|ing|ed)\s+(?:normally|appropriately)"
                 # the American shorthand for oriented to person, place and time: 'A&O x3', 'AAOx3', 'A+O x 4'
                 r"|(?-i:\bA?A\s*(?:&|and|\+)?\s*O\s*(?:x|×)\s*(?:3|4)\b)|\balert\s+and\s+orient(?:ed|ated)\s+(?:x|×|times)\s*(?:3|4|three|four)\b", 5),
]
# a form field: "Motor: obeys", "M - localises"
_MOTOR_FIELD = r"(?:\bmotor(?:\s+response)?\s*[:=-]?|(?-i:\bM\b)\s*[:=-])\s*"
# a hand or arm, with its owner or side: "her right hand", "the left arm", "one hand"
_LIMB = (r"\b(?:(?:his|her|their|the|a|one|both|left|right|L|R|opposite|contralateral|other|free|upper)\s+){0,2}"
         r"(?:hands?|arms?|upper\s+limbs?)\b")
# (an adverb first: "purposefully to"; across the body to the stimulus: "his hand came up across his chest to the
# examiner's hand"; a hand drawn to the chest with no target is flexion)
_TOWARD = (r"(?:\w+ly\s+)?(?:up\s+)?(?:to(?:wards?)?|across(?:\s+(?:(?:his|her|their|the)\s+(?:chest|body|face|neck)\s+)?"
           r"to(?:wards?)?)?|over(?:\s+to(?:wards?)?)?|above|for)\s+")
# the stimulus, its site, the examiner's hand, the midline, the clavicle
_TARGET = (r"(?:(?:the|my|our|his|her|a)\s+)?(?:(?:site|source|point|location)\b|(?:painful\s+|noxious\s+)?stimul\w*"
           r"|(?:examiner|nurse|doctor|clinician)'?s\s+(?:hand|fingers?)|midline\b|clavicles?\b"
           # the examiner's own hand in a first-person note: "brought his hand up to my hand"
           r"|(?<=\bmy\s)(?:hand|fingers?)\b)")
# a bare motor word as a GCS item: "random words, localised.", "makes only grunting noises, localises."
_BARE_START = r"(?:^|(?<=[.;,:\n(|])|(?<=[.;,:\n(|][ \t]))(?:and[ \t]+)?"
_BARE_END = r"(?=[ \t]*(?:[.;,)|\n]|$))"
_GCS_CONTEXT = re.compile(r"\b(?:eyes?|verbal|words|speech|sounds|moan\w*|groan\w*|grunt\w*|confused|orient\w*|GCS|glasgow|obey\w*"
                          r"|motor|neuro\w*|withdr\w*|flex\w*|extens\w*|posturing|stimul\w*|sternal|trapezi\w*|supraorbital"
                          r"|nail[- ]?bed)\b", re.I)
GCS_MOTOR = [
    ("no motor response", r"\bno\s+motor\s+(?:response|activity)|\bflaccid\b|" + _MOTOR_FIELD + r"(?:none|nil)\b|no\s+(?:movement|response)\s+(?:of\s+\w+\s+)?(?:to|in\s+response\s+to)\s+(?:painful|pain|noxious)"
                          r"|(?:did|does)\s+not\s+(?:move|respond\s+to\s+(?:painful|pain|noxious))", 1),
    ("extension to pain", r"\bdecerebrate\b|extens(?:ion|or)\s+(?:posturing|response|to\s+pain)|abnormal\s+extension"
                          r"|" + _MOTOR_FIELD + r"extension\b"
                          r"|extend(?:ed|ing|s)?\s+(?:his\s+|her\s+|the\s+|both\s+)?(?:arms?|limbs|extremities|upper\s+extremities)"
                          # the limbs named first: "both arms extend to painful stimulus"
                          r"|(?:arms?|upper\s+(?:limbs|extremities))\s+(?:\w+\s+)?extend(?:ed|ing|s)?\b(?=\s+(?:\w+\s+){0,2}?(?:to|on|with)\s+(?:a\s+|the\s+)?(?:pain|painful|noxious|stimul\w*|pressure|sternal|trapezi\w*|nail))", 2),
    ("flexion to pain", r"\bdecorticate\b|(?:abnormal|flexor)\s+(?:flexion|posturing)|(?<!\bnormal\s)flexion\s+(?:posturing|to\s+pain|response)"
                        r"|" + _MOTOR_FIELD + r"(?:abnormal\s+)?flexion\b(?!\s+(?:withdrawal|away))"
                        r"|flex(?:ed|ing|es)?\s+(?:his\s+|her\s+|the\s+|both\s+)?(?:arms?|upper\s+(?:extremities|limbs)|elbows)"
                        # decorticate posture in words: "the arms bent at the elbows and wrists and drawn in to the chest"
                        r"|(?:arms?|forearms?|hands?|wrists?)\s+(?:\w+\s+){0,4}?(?:drawn|pulled|held|curled)\s+(?:\w+\s+){0,2}?"
                        r"(?:towards?|to|onto|up\s+to|against|across)\s+(?:the\s+|his\s+|her\s+)?chest"
                        r"|arms?\s+(?:\w+\s+){0,2}?bent\s+(?:\w+\s+){0,2}?at\s+the\s+elbows?\s+and\s+wrists?", 3),
    ("withdrawal from pain", r"withdr(?:aw|ew|awal|aws|awing|awn)\w*\s+(?:\w+\s+){0,3}?(?:from|to|in\s+response\s+to)\s+(?:the\s+)?(?:pain|painful|noxious|stimul\w*)"
                             r"|withdr(?:aw|ew|aws|awing)\s+(?:(?:his|her|the|both|all|left|right|L|R|upper|lower)\s+){0,2}(?:arm|leg|limb|hand|foot|extremit)\w*"
                             # normal flexion is withdrawal (GCS 2014): "normal flexion to pain", "flexion withdrawal",
                             # "withdrawal flexion", "flexed normally to pain"
                             r"|(?<!ab)\bnormal\s+flexion\b|\bflexion[- ]withdrawal\b|\bwithdrawal[- ]flexion\b"
                             r"|\bflex(?:ed|es|ing)?\s+(?:\w+\s+){0,2}?normally\b"
                             # the limb not named: "pulled away from the pain", "draws back from nail-bed pressure"
                             r"|(?:pulls?|pulled|pulling|draws?|drew|jerks?|jerked)\s+(?:back\s+|sharply\s+)?(?:away\s+)?from\s+(?:a\s+|the\s+)?"
                             r"(?:(?:firm|deep|central|peripheral)\s+)?(?:pain|painful|noxious|stimul\w*|nail[- ]?bed|sternal|trapezi\w*|supraorbital|pinch\w*)"
                             r"|(?:pulls?|pulled|pulling|draws?|drew|jerks?|jerked)\s+(?:his\s+|her\s+|their\s+|the\s+)?(?:\w+\s+)?"
                             r"(?:arm|leg|limb|hand|foot|extremity|extremities)s?\s+(?:back\s+|sharply\s+)?away"
                             r"|(?:pulls?|pulled|pulling|draws?|drew|jerks?|jerked)\s+(?:it|them)\s+(?:back\s+)?away\s+from\s+(?:the\s+)?"
                             r"(?:pain|painful|noxious|stimul\w*)"
                             # from a named stimulus: "withdrew from a nail-bed press", "withdraws from sternal rub"
                             r"|withdr(?:aw|ew|aws|awing)\w*\s+(?:\w+\s+){0,2}?from\s+(?:a\s+|the\s+)?(?:(?:firm|deep|vigorous)\s+)?"
                             r"(?:nail[- ]?bed|sternal|trapezi\w*|supraorbital|pinch\w*)"
                             # a movement away from the stimulus is withdrawal, not abnormal flexion: "flexes his arm away
                             # from the pain", "moves the hand away from the nail-bed press"
                             r"|(?:flex|mov)\w*\s+(?:\w+\s+){0,3}?away\s+from\s+(?:a\s+|the\s+)?(?:pain|painful|noxious|stimul\w*|"
                             r"nail[- ]?bed|sternal|trapezi\w*|supraorbital|pinch\w*)"
                             r"|" + _MOTOR_FIELD + r"withdr(?:aws?|awal|awing)\b", 4),
    ("localizes pain", r"locali[sz](?:es|ed|ing|ation)\s+(?:to\s+)?(?:a\s+|the\s+)?(?:(?:central|peripheral|deep|firm)\s+)?(?:pain|painful|noxious|stimul\w*|sternal\s+rub"
                       r"|trapezi\w*|supraorbital|nail[- ]?bed)"
                       r"|locali[sz](?:es|ed|ing)\s+(?:to\s+)?(?:the\s+)?(?:source|site)"
                       # purposeful movement to the stimulus: "pushed the examiner's hand away", "brushes away the painful
                       # stimulus", "reaches up to the site of the rub"
                       r"|(?:push(?:es|ed|ing)?|brush(?:es|ed|ing)?|swat(?:s|ted|ting)?|bat(?:s|ted|ting)?)\s+(?:away\s+)?(?:at\s+)?(?:the\s+|my\s+|our\s+)?"
                       r"(?:examiner'?s\s+|nurse'?s\s+|doctor'?s\s+|clinician'?s\s+)?(?:hand|(?:painful\s+|noxious\s+)?stimul\w+)"
                       r"|reach(?:es|ed|ing)?\s+(?:up\s+)?(?:for|to(?:wards)?)\s+(?:the\s+)?(?:site|stimul\w+|source)"
                       # a hand brought to or across to the stimulus (Teasdale 2014: to the site, across the midline, above
                       # the clavicle): "her right hand moved to the site of pain", "brings his hand across the midline",
                       # "raised his hand above the clavicle", "hand reaches across to the examiner's hand"
                       r"|" + _LIMB + r"\s+(?:\w+\s+){0,2}?(?:mov|reach|cross|travel|came|com|went|go|brought|lift|rais)\w*\s+"
                       + _TOWARD + _TARGET
                       + r"|\b(?:mov|reach|cross|bring|brought|lift|rais)\w*\s+" + _LIMB + r"\s+(?:[\w']+\s+){0,5}?" + _TOWARD + _TARGET
                       + r"|\bcross(?:es|ed|ing)?\s+(?:the\s+)?midline\s+(?:with|using)\s+" + _LIMB
                       + r"|\bgrab(?:s|bed|bing)?\s+(?:at\s+)?(?:the\s+|my\s+)?(?:examiner|nurse|doctor|clinician)'?s\s+(?:hand|fingers?|arm)"
                       r"|\b(?:tries|tried|trying|attempts?|attempted|attempting)\s+to\s+(?:remove|grab|reach)\s+(?:the\s+)?(?:painful\s+|noxious\s+)?stimul\w*"
                       r"|\bpurposeful(?:ly)?\s+(?:movements?|responses?)\s+(?:to|towards)\s+(?:the\s+)?(?:pain|painful|noxious|stimul\w*)"
                       r"|" + _MOTOR_FIELD + r"locali[sz](?:es|ing|ation|ed)?\b", 5),
    ("localizes pain", _BARE_START + r"locali[sz](?:es|ed|ing)" + _BARE_END, 5, _GCS_CONTEXT),
    ("withdrawal from pain", _BARE_START + r"withdr(?:aws|ew|awing|awal)" + _BARE_END, 4, _GCS_CONTEXT),
    ("obeys commands", _BARE_START + r"obey(?:s|ed|ing)" + _BARE_END, 6, _GCS_CONTEXT),
    ("obeys commands", r"\bobey(?:s|ed|ing)?\s+(?:simple\s+|motor\s+|all\s+)?commands|\bfollow(?:s|ed|ing)?\s+(?:simple\s+|motor\s+|all\s+)?commands"
                       # a movement done on request: "moves all four limbs to command", "squeezes my hand on request"
                       r"|\b(?:mov|squeez|lift|rais|wiggl|grip|stick|show|push|pull)\w*\s+(?:[\w']+\s+){0,4}?(?:to|on|upon)\s+"
                       r"(?:verbal\s+)?(?:command|request|instruction)s?\b"
                       # asked to move and did: "when asked to squeeze their hands and lift each arm, she did so correctly"
                       r"|\b(?:asked|told|instructed)\s+to\s+(?:squeeze|lift|raise|move|show|wiggle|stick|hold|grip|open|touch)\b"
                       r"[^.;]{0,100}?\b(?:did\s+so|complied|obliged|(?:did|does|performed)\s+(?:it|this|them)\s+correctly)\b"
                       r"|" + _MOTOR_FIELD + r"(?:obeys\s+commands|follows\s+commands|to\s+command)\b"
                       r"|" + _MOTOR_FIELD + r"(?:obeys|obeying)\b", 6),
]
_GCS_NUMBERED = {
    "gcs_eye": {1: "no eye opening", 2: "eye opening to pain", 3: "eye opening to verbal command", 4: "eyes open spontaneously"},
    "gcs_verbal": {1: "no verbal response", 2: "incomprehensible sounds", 3: "inappropriate words", 4: "confused", 5: "oriented"},
    "gcs_motor": {1: "no motor response", 2: "extension to pain", 3: "flexion to pain", 4: "withdrawal from pain",
                  5: "localizes pain", 6: "obeys commands"},
}


def _gcs_numbered(ctx: NoteContext, name: str) -> Hit | None:
    v = ctx.value(name)
    if v is None:
        return None
    option = _GCS_NUMBERED[name].get(int(float(v.value)))
    return None if option is None else Hit.of_value(v, value=option, unit=None, note=f"{name} {int(float(v.value))}")


# "Moans to stimulus, eyes closed, extensor posturing": eyes closed in a sentence where a painful stimulus was given and
# no eye opening is described -- the eyes stayed closed to it (no eye opening); "eyes closed" alone may be sleep
_EYES_CLOSED = r"\beyes?\s+(?:(?:remain(?:s|ed)?|stay(?:s|ed)?|kept|still|tightly|firmly)\s+)?closed\b"
_OPENS = re.compile(r"\bopen", re.I)
_PAIN_STIMULUS = re.compile(r"\b(?:pain(?:ful)?|noxious|stimul\w*|pressure|sternal\s+rub|trapezi\w*|nail[- ]?bed|supraorbital"
                            r"|pinch\w*)\b", re.I)
# a neuro-obs table: cells split by '|', tabs or two or more spaces
_CELL_SPLIT = re.compile(r"[ \t]*\|[ \t]*|\t+|[ ]{2,}")
_TABLE_LABEL = {
    "eye": re.compile(r"(?:best\s+)?(?:eyes?(?:\s+opening)?(?:\s+response)?|E)(?:\s*\(E\))?", re.I),
    "verbal": re.compile(r"(?:best\s+)?(?:verbal(?:\s+response)?|V)(?:\s*\(V\))?", re.I),
    "motor": re.compile(r"(?:best\s+)?(?:motor(?:\s+response)?|M)(?:\s*\(M\))?", re.I),
}
_TABLE_ROWS = re.compile(r"(?m)^[^\n]*(?:\||\t|[ ]{2})[^\n]*$")
_CELL_SEPARATOR = re.compile(r"[-=:+| \t]*")


def _cells(line: str, offset: int) -> list[tuple[str, int]]:
    """(cell text, note offset) of a table line."""
    out, pos = [], 0
    for m in _CELL_SPLIT.finditer(line):
        if m.start() > pos:
            out.append((line[pos:m.start()], offset + pos))
        pos = m.end()
    if pos < len(line):
        out.append((line[pos:].rstrip(), offset + pos))
    return [(t, o) for t, o in out if t.strip()]


def _gcs_table(ctx: NoteContext, component: str, options: list, field: str) -> Hit | None:
    """A nursing neuro-obs table, first (earliest) observation: a header row naming the component's column ('Time |
    Eye opening | Best verbal | Best motor', then '20:00 | to pain | sounds | withdraws') or a row named by the
    component ('Eyes    to pain    to speech'). The cell is read as the form field '<component>: <cell>' (a number is
    the component score)."""
    label = _TABLE_LABEL[component]
    lines = [(m.group(0), m.start()) for m in _TABLE_ROWS.finditer(ctx.note)]
    for i, (line, off) in enumerate(lines):
        cells = _cells(line, off)
        if len(cells) < 2:
            continue
        cell = None
        col = [k for k, (t, _) in enumerate(cells) if label.fullmatch(t.strip())]
        if col and col[0] == 0:  # the row is named by the component: its first value, when rows for the other
            # components are near (a GCS chart, not a power table 'Motor  5/5')
            near = {name for name, lb in _TABLE_LABEL.items() for ln, lo in lines[max(0, i - 3):i + 4]
                    if (c := _cells(ln, lo)) and lb.fullmatch(c[0][0].strip())}
            if len(near) < 2:
                continue
            cell = cells[1]
        elif col and sum(1 for t, _ in cells if any(lb.fullmatch(t.strip()) for lb in _TABLE_LABEL.values())) >= 2:
            # a header row: the first data row right below it with as many cells
            for nxt, noff in lines[i + 1:i + 3]:
                if ctx.note[off + len(line) + 1:noff].strip():
                    break  # not the next lines of the table
                row = _cells(nxt, noff)
                if _CELL_SEPARATOR.fullmatch(nxt):
                    off, line = noff, nxt
                    continue
                if len(row) == len(cells):
                    cell = row[col[0]]
                break
        if cell is None:
            continue
        text, start = cell[0].strip(), cell[1] + (len(cell[0]) - len(cell[0].lstrip()))
        hit = _table_cell(ctx, text, start, options, field, component)
        if hit is not None:
            return hit
    return None


def _table_cell(ctx: NoteContext, text: str, start: int, options: list, field: str, component: str) -> Hit | None:
    number = re.fullmatch(r"\(?([1-6])\)?", text)
    names = _GCS_NUMBERED[f"gcs_{component}"]
    if number and int(number.group(1)) in names:
        option = names[int(number.group(1))]
    else:
        probe = f"{field}: {text}"
        ranked = [(rank, option) for option, pattern, rank, *_ in options if re.search(pattern, probe, re.I)]
        if not ranked:
            return None
        option = max(ranked)[1]
    end = start + len(text)
    return Hit(option, start, end, text, ctx.sentence_of(start).text, None, f"neuro-obs table cell '{text}' -> {option}")


def _described_eye(ctx: NoteContext) -> Hit | None:
    """Best eye response: the E of 'E3V4M5', else a neuro-obs table's first observation, else the best response the
    note describes; else eyes closed through a painful stimulus described in the same sentence (no eye opening)."""
    hit = (_gcs_numbered(ctx, "gcs_eye") or _gcs_table(ctx, "eye", GCS_EYE, "Eyes")
           or best_option(ctx, GCS_EYE, clause=True, first_assessment=True))
    if hit is not None:
        return hit
    for f in affirmed_in_clause(ctx, _EYES_CLOSED):
        # a stimulus named and no opening in the sentence
        fits = not sentence_has(_OPENS, f.sentence.text) and sentence_has(_PAIN_STIMULUS, f.sentence.text)
        if fits and not after_presentation(f):
            return Hit.of_finding(f, "no eye opening", "eyes closed through a painful stimulus")
    return _alert_first(ctx)


_VERBAL_NOT_TESTABLE = (r"\bverbal(?:\s+response)?\s*[:=-]?\s*(?:not\s+(?:testable|assessable)|untestable|intubated|\(?T\)?(?![\w]))"
                        # "his verbal response could not be scored because of the tracheostomy"
                        r"|\bverbal(?:\s+response|\s+score|\s+component)?\s+(?:could|can|was|is)\s*(?:not|n't|n’t)\s+(?:be\s+)?"
                        r"(?:scored|assessed|tested|testable|assessable|evaluated|graded)"
                        r"|(?-i:\bV\s?(?:T|\(T\))(?!\w))|\bGCS\s*\d{1,2}\s*T\b")


# a tube in the airway at the assessment: the verbal response cannot be tested (Teasdale 2014: 'NT'; 'VT' in many charts).
# Read only in a sentence that gives the eye or motor response ("eyes open to pain, intubated, withdraws"), not before
# the tube ('prior to being intubated')
# ('ventilated' of a patient, not of the lungs or a room: 'well / equally / bilaterally ventilated')
_INTUBATED = (r"(?<!\bnot\s)\b(?:intubated|(?<!well\s)(?<!poorly\s)(?<!equally\s)(?<!adequately\s)(?<!bilaterally\s)ventilated"
              r"|on\s+(?:a\s+|the\s+)?(?:mechanical\s+)?ventilator"
              r"|with\s+(?:an?\s+)?(?:endotracheal|ET)\s+tube|via\s+(?:a\s+|his\s+|her\s+)?tracheostomy)\b")
_BEFORE_TUBE = re.compile(r"\b(?:before|prior\s+to|until|pending|awaiting|after\s+being\s+extubated)\s+(?:being\s+)?$", re.I)
# (the options that stand alone: not those read only beside other GCS words, a bare 'localising')
_EYE_OR_MOTOR = re.compile("|".join(f"(?:{p})" for _, p, _, *near in (*GCS_EYE, *GCS_MOTOR) if not near), re.I)


def _intubated_at_assessment(ctx: NoteContext) -> Hit | None:
    for f in affirmed_in_clause(ctx, _INTUBATED):
        if f.historical or after_presentation(f) or not_first_assessment(ctx, f.start, f.end):
            continue
        if _BEFORE_TUBE.search(ctx.note, max(f.sentence.start, f.start - 25), f.start):
            continue
        if sentence_has(_EYE_OR_MOTOR, f.sentence.text):
            return Hit.of_finding(f, "not testable", "intubated at the assessment: verbal response not testable")
    return None


def _described_verbal(ctx: NoteContext) -> Hit | None:
    """Best verbal response: the V of 'E3V4M5'; 'not testable' when written so ('Verbal: intubated (T)', 'VT', 'GCS
    8T'); a neuro-obs table's first observation; else specific descriptions (no response, sounds, words) before
    orientation words. A 'not testable' mark or a specific description of a later state (after sedation, hours later)
    gives way to a description of the first assessment."""
    numbered = _gcs_numbered(ctx, "gcs_verbal")
    if numbered is not None:
        return numbered
    nt = [f for f in ctx.terms(_VERBAL_NOT_TESTABLE) if not after_presentation(f)]
    fresh_nt = [f for f in nt if not not_first_assessment(ctx, f.start, f.end)]
    if fresh_nt:
        return Hit.of_finding(fresh_nt[0], "not testable", "verbal response not testable (intubated)")
    table = _gcs_table(ctx, "verbal", GCS_VERBAL_SPECIFIC + GCS_VERBAL_GENERIC, "Verbal")
    if table is not None:
        return table
    specific = best_option(ctx, GCS_VERBAL_SPECIFIC, clause=True, first_assessment=True)
    generic = best_option(ctx, GCS_VERBAL_GENERIC, pick="first", clause=True, first_assessment=True)
    if nt and not any(h is not None and not not_first_assessment(ctx, h.start, h.end) for h in (specific, generic)):
        return Hit.of_finding(nt[0], "not testable", "verbal response not testable (intubated)")
    if specific is not None and generic is not None and (
            (not_first_assessment(ctx, specific.start, specific.end) and not not_first_assessment(ctx, generic.start, generic.end))
            or 0 < entry_of(ctx, generic.start) < entry_of(ctx, specific.start)):  # an earlier chart entry (not the
        # text before the chart, which may be history)
        return generic
    return specific or generic or _intubated_at_assessment(ctx)


def _described_motor(ctx: NoteContext) -> Hit | None:
    return (_gcs_numbered(ctx, "gcs_motor") or _gcs_table(ctx, "motor", GCS_MOTOR, "Motor")
            or best_option(ctx, GCS_MOTOR, clause=True, first_assessment=True))


# a total of 3 or 15 has one combination only (Teasdale & Jennett 1974: each component's lowest or highest)
_EXTREMES = {"eye": ("no eye opening", "eyes open spontaneously"), "verbal": ("no verbal response", "oriented"),
             "motor": ("no motor response", "obeys commands")}
_DESCRIBED = {"eye": _described_eye, "verbal": _described_verbal, "motor": _described_motor}


def _from_extreme_total(ctx: NoteContext, component: str) -> Hit | None:
    """The component of a first-assessment total of 3 ('GCS 3/15', 'GCS 3T') or 15, when the components the note
    does describe fit it (each the lowest, or the highest; a verbal 'not testable' fits a 3T)."""
    v = ctx.value("gcs")
    if v is None or float(v.value) not in (3.0, 15.0) or not_first_assessment(ctx, v.start, v.end):
        return None
    low = float(v.value) == 3.0
    for other, read in _DESCRIBED.items():
        hit = read(ctx) if other != component else None
        if hit is not None and hit.value not in (_EXTREMES[other][0 if low else 1], "not testable"):
            return None
    option = _EXTREMES[component][0 if low else 1]
    if component == "verbal" and low and re.match(r"\s*T\b", ctx.note[v.end:v.end + 3]):
        option = "not testable"  # 'GCS 3T': the tube, not a score of 1
    return Hit.of_value(v, value=option, unit=None, note=f"GCS total {float(v.value):g}: every component at its "
                                                          f"{'lowest' if low else 'highest'}")


def gcs_eye(ctx: NoteContext) -> Hit | None:
    """Best eye response (see :func:`_described_eye`), else from a total of 3 or 15."""
    return _described_eye(ctx) or _from_extreme_total(ctx, "eye")


def gcs_verbal(ctx: NoteContext) -> Hit | None:
    """Best verbal response (see :func:`_described_verbal`), else from a total of 3 or 15."""
    return _described_verbal(ctx) or _from_extreme_total(ctx, "verbal")


def gcs_motor(ctx: NoteContext) -> Hit | None:
    """Best motor response (numbered, a neuro-obs table, described), else from a total of 3 or 15."""
    return _described_motor(ctx) or _from_extreme_total(ctx, "motor")


def gcs_support(options: list[tuple[str, str, int]]) -> Callable[[NoteContext, Any], Hit | None]:
    """Evidence for a GCS option: an affirmed description of that very response."""
    table: dict[str, str] = {}
    for o, p, *_ in options:
        table[o.lower()] = f"{table[o.lower()]}|{p}" if o.lower() in table else p

    def support(ctx: NoteContext, value: Any) -> Hit | None:
        pattern = table.get(str(value).lower()) if isinstance(value, str) else None
        if pattern is None:
            return None
        found = affirmed_in_clause(ctx, pattern)
        return Hit.of_finding(found[0], value, "described in the note") if found else None

    return support


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------


FIELD_MAP: dict[str, dict[str, Source]] = {
    "glasgow_coma_scale": {
        "eye": Derived(gcs_eye, "E component, else the best described eye response", support_fn=gcs_support(GCS_EYE)),
        "verbal": Derived(gcs_verbal, "V component, else the described verbal response",
                          support_fn=gcs_support(GCS_VERBAL_SPECIFIC + GCS_VERBAL_GENERIC)),
        "motor": Derived(gcs_motor, "M component, else the best described motor response", support_fn=gcs_support(GCS_MOTOR)),
    },
}
