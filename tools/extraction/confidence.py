"""How sure a calculator answer is, computed from its evidence. No model call.

A number read from a note by rules can be wrong in one way the calculator cannot see: an
input was *assumed* (absent, not documented) while the note documents it in words the rules do
not read, or the note gives several readings of it. This module makes that visible.

* **The second reader** (:func:`second_reader`): for every criterion the grounding assumed
  absent, a recall-oriented search of the note's sentences for one that resembles the
  criterion's definition (the input's description split into its phrases, the concept
  vocabulary's terms for it, stemmed with PyStemmer), with ConText on the match: a negated,
  hypothetical or relative's mention supports nothing. A sentence that holds every word of one
  phrase supports the criterion (``strong`` when the phrase has two or more words or an
  abbreviation, ``weak`` for one word).
* **Doubts** (:class:`Doubt`): per input, what could be otherwise and how likely, as a fixed
  doubt weight: a documented-looking criterion assumed absent (``DOUBT_STRONG``/``DOUBT_WEAK``),
  conflicting readings (``DOUBT_CONFLICT``), a judgement rules cannot make left at its default
  (``DOUBT_JUDGEMENT``), a reading within 2 % of a band edge (``DOUBT_EDGE``).
* **Recompute** (:func:`assess`): the calculator is run again with each doubtful input moved to
  its alternative (and, for up to ``MAX_COMBINED`` of them, every combination), giving the range
  of values and interpretation categories the evidence allows. A doubt that moves neither value
  nor category does not matter. The confidence is the product of ``1 - doubt`` over the doubts
  that matter, times a small factor for the number of criteria assumed absent
  (``ASSUMED_EACH`` each, at most ``ASSUMED_CAP``).

The answer policy (``answer_policy``/``confidence_threshold`` settings) turns a confidence below
the threshold into the status ``uncertain``: the nodes read :meth:`Confidence.to_dict`.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Literal, get_args, get_origin

import Stemmer

from medmirror.tools.calculators.base import Calculator, is_rejected_argument
from medmirror.tools.extraction.calc_sources import AnyOf, Concept, Derived, FirstOf, Judgement, Source, Term
from medmirror.tools.extraction.calculator_map import source_for
from medmirror.tools.extraction.concepts import VOCABULARY_PATH
from medmirror.tools.extraction.context import assert_context, find_triggers
from medmirror.tools.extraction.grounding import field_default, field_kind
from medmirror.tools.extraction.text import SentenceIndex

DOUBT_STRONG = 0.6
DOUBT_WEAK = 0.2
DOUBT_CONFLICT = 0.5
DOUBT_JUDGEMENT = 0.35
DOUBT_EDGE = 0.05
DOUBT_TIME = 0.35
DOUBT_IMPLAUSIBLE = 0.5  # an input the calculator itself finds implausible (a dose beyond any marketed one)
DOUBT_LATER = 0.4  # each neighbouring grade of a finding read from later in the course
DOUBT_UNREAD = 0.25  # each end of a quantity's plausible range, for a quantity not read that the note mentions
ASSUMED_EACH = 0.005
ASSUMED_CAP = 0.15
EDGE = 0.02  # a reading within 2 % of a band edge
MAX_COMBINED = 6  # doubts whose every combination is recomputed (2**6 runs); more: each alone and all together
MAX_SENTENCES = 3  # sentences kept per doubt
DEFAULT_THRESHOLD = 0.7

Kind = Literal["documented", "unread", "conflict", "time_point", "implausible", "judgement", "band_edge"]

_STEM = Stemmer.Stemmer("english")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*")
# Words that say nothing about which criterion a sentence supports.
_GENERIC = frozenset("""
a an the of or and with without in on for to at by from as is are was were be been being any all other
history prior previous past known current currently recent recently active documented present absent
presence absence not no none when where which that this these those than then it its their patient patients
score scores point points criterion criteria finding findings diagnosis diagnosed disease disorder condition
level value values use used using assumed default given note stated yes per within over under more less
least most number count total count e g i ie eg etc type grade stage sign signs symptom symptoms
""".split())
_GENERIC_STEMS = frozenset(_STEM.stemWords(list(_GENERIC)))
# a description's qualifier that names no criterion on its own ("Peptic ulcer disease (treatment or bleeding)"): any
# "laser treatment" would otherwise read as a sign of the ulcer
_QUALIFYING_WORDS = frozenset({"treatment", "treated", "therapy", "treatments"})
_THRESHOLD = re.compile(r"\d|[<>≤≥]")
# a criterion about now (signs, symptoms, an active disease): a past mention does not support it
# a reading's sentence about the past (the used one may be a baseline or an old value: the question means now) ...
# (the "old" of "a 52-year-old woman" is an age, not a past time)
_PAST = re.compile(r"\b(?:last|previous(?:ly)?|prior|baseline|usual|ago|earlier|formerly|(?<!-)(?<!year\s)(?<!years\s)old|had\s+been|(?:19|20)\d\d"
                   r"|january|february|march|april|june|july|august|september|october|november|december"
                   r"|(?:months?|years?|weeks?)\s+(?:before|earlier)|(?:clinic|annual|routine)\s+(?:visit|review|check)"
                   # before an operation: the presentation may be the operation's aftermath
                   r"|pre-?op(?:erative(?:ly)?)?)\b",
                   re.I)
# ... and one after the presentation (a value after treatment or later in the course is not the presenting one)
_LATER = re.compile(r"\b(?:after|later|next|following|subsequent(?:ly)?|discharge|repeat(?:ed)?|re-?check\w*|follow[- ]?up"
                    r"|by\s+the|day\s+(?:\d+|two|three|four|five|six|seven)|fallen|fell|risen|rose|improved|recovered"
                    r"|post[- ]?\w+|then|once|until|thereafter"
                    # a later course of a treatment: 'at the start of the third cycle', 'cycle 2', 'after four cycles'
                    r"|(?:second|third|fourth|fifth|sixth|\d+(?:nd|rd|th))\s+(?:cycle|course|dose)|cycles?\s+(?:[2-9]|\d\d))\b", re.I)
# a lead-in that places what follows later than the presentation
_LATER_LEAD = re.compile(r"\b(?:(?:\d+|a|an|one|two|three|four|five|six|several|few)\s+(?:minutes?|hours?|days?|weeks?)\s+later"
                         r"|later|the\s+next\s+(?:day|morning)|the\s+following\s+(?:day|morning)|by\s+the\s+time"
                         r"|at\s+discharge|on\s+day\s+\w+|after\s+(?:observation|treatment|resuscitation|sedation|intubation"
                         r"|surgery|the\s+operation|reversal|naloxone|glucose|dextrose|fluids|admission)"
                         r"|during\s+(?:the|her|his)\s+(?:admission|stay)|overnight\s+(?:she|he|the\s+patient)\s+(?:became|developed))\b",
                         re.I)
# a finding observed before the patient reached hospital (a crew's score at the scene): a score of the patient's
# presentation takes the examination on arrival (the trauma-audit convention for GCS; the first hospital assessment),
# so a scene reading is in doubt when the note goes on to examine the patient on arrival
_PREHOSPITAL_LEAD = re.compile(r"\b(?:on|at)\s+(?:the\s+)?scene\b|\bcrew\b|\bparamedics?\b|\bEMS\b|\bpre-?hospital\b"
                               r"|\bin\s+the\s+field\b|\b(?:en\s+route|in\s+the\s+ambulance)\b", re.I)
_ARRIVAL = re.compile(r"\b(?:on|upon|at)\s+(?:his\s+|her\s+|their\s+)?arrival\b|\bprimary\s+survey\b"
                      r"|\bin\s+(?:the\s+)?(?:emergency\s+department|ED|A\s*&\s*E|ER|resus(?:citation\s+room)?)\b", re.I)
# the words that examine a GCS component again (within 600 characters after the arrival is named)
_EXAMINED_AGAIN = {
    "eye": re.compile(r"\beyes?\b", re.I),
    "verbal": re.compile(r"\b(?:words?|sounds?|speech|verbal\w*|talk\w*|moan\w*|groan\w*|grunt\w*|confused|orientated|oriented)\b", re.I),
    "motor": re.compile(r"\b(?:locali[sz]\w*|withdr\w*|flex\w*|extens\w*|extend\w*|obey\w*|postur\w*)\b", re.I),
}
# a criterion about the past (a prior TIA, a history of ...): when in the course it was told does not matter
_HISTORY_CRITERION = re.compile(r"\b(?:prior|previous(?:ly)?|history|past|known|ever|chronic)\b", re.I)
_CURRENT = re.compile(r"\b(?:signs?|symptoms?|current(?:ly)?|active|clinical|acute|on examination)\b", re.I)


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass
class Doubt:
    """One input that could be otherwise: what, why, how likely, and what the answer would be."""

    input: str
    kind: Kind
    doubt: float
    reason: str
    alternative: Any
    sentences: list[dict[str, Any]] = field(default_factory=list)  # {"text", "start", "end"}
    changes: bool = False  # moving the input changes the value or the interpretation category
    value_if: Any = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Confidence:
    """How sure the answer is: the confidence, the values the evidence allows, the doubts that matter."""

    confidence: float
    value: Any
    interpretation: str
    values: list[Any]  # every value the recomputation reached, the answer's first
    categories: list[str]
    doubts: list[Doubt]  # the doubts that change the value or category
    considered: int  # doubts looked at (including those that change nothing)
    assumed_absent: int

    @property
    def low(self) -> Any:
        nums = [v for v in self.values if isinstance(v, (int, float)) and not isinstance(v, bool)]
        return min(nums) if nums else None

    @property
    def high(self) -> Any:
        nums = [v for v in self.values if isinstance(v, (int, float)) and not isinstance(v, bool)]
        return max(nums) if nums else None

    def uncertain(self, threshold: float = DEFAULT_THRESHOLD) -> bool:
        return self.confidence < threshold

    def range_text(self) -> str:
        """'3-5' for numbers, 'low risk / high risk' for categories, the value when nothing moves it."""
        lo, hi = self.low, self.high
        if lo is not None and hi is not None and lo != hi:
            return f"{_num(lo)}-{_num(hi)}"
        if len(self.categories) > 1:
            return " / ".join(self.categories)
        return _num(self.value)

    def reasons(self) -> list[str]:
        """One line per doubt: "stroke not settled: 'prior cerebrovascular event in 2019'"."""
        out = []
        for d in self.doubts:
            quote = "; ".join(f"'{_clip(s['text'])}'" for s in d.sentences[:2])
            out.append(f"{d.input}: {d.reason}" + (f": {quote}" if quote else ""))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"confidence": round(self.confidence, 3), "value": self.value, "interpretation": self.interpretation,
                "values": self.values, "low": self.low, "high": self.high, "range": self.range_text(),
                "categories": self.categories, "uncertain_inputs": [d.input for d in self.doubts],
                "doubts": [d.to_dict() for d in self.doubts], "reasons": self.reasons(),
                "considered": self.considered, "assumed_absent": self.assumed_absent}


def _num(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def _clip(text: str, n: int = 110) -> str:
    t = " ".join(str(text).split())
    return t if len(t) <= n else t[: n - 3].rsplit(" ", 1)[0] + "..."


# ---------------------------------------------------------------------------
# The second reader
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Phrase:
    """One way a criterion is written: its content stems, its abbreviations (matched as written), and whether
    it alone names the criterion (two or more words, or an abbreviation)."""

    stems: frozenset[str]
    abbreviations: frozenset[str]
    words: str
    strong: bool


def _stems(words: list[str]) -> list[str]:
    return _STEM.stemWords([w.lower().strip("'-") for w in words])


def _is_abbreviation(word: str) -> bool:
    return len(word) >= 2 and word.isupper() and word.isalpha()


def _phrase(text: str, strong: bool | None = None) -> Phrase | None:
    """A phrase of the criterion; ``strong``: True or False as given (an implied wording marked '~' is weak however
    many words it has), None: strong with two or more content words or an abbreviation."""
    if _THRESHOLD.search(text):
        return None  # a threshold on a quantity ("heart rate > 100"): the rules read the number
    raw = _WORD.findall(text)
    content = [w for w in raw if w.lower() not in _GENERIC and len(w) > 1]
    if not content:
        return None
    abbreviations = frozenset(w for w in content if _is_abbreviation(w))
    stems = frozenset(_stems([w for w in content if not _is_abbreviation(w)]))
    return Phrase(stems, abbreviations, " ".join(content),
                  strong=strong if strong is not None else len(stems) + len(abbreviations) >= 2 or bool(abbreviations))


# A denial ConText's triggers miss: "unaffected by swelling", "renal panel within normal limits".
_DENIED_BEFORE = re.compile(r"\b(?:unaffected by|free of|without|negative for|no evidence of|absence of|no signs? of|"
                            r"no history of|never had|denie[sd]|rule[sd]? out|non|normal|smooth|unobstructed)\W+(?:\w+\W+){0,2}$", re.I)
# ... and after it: "coronary arteries smooth, without any plaque" (a vessel described as free of disease)
_DENIED_AFTER = re.compile(r"^\W*(?:\w+\W+){0,4}?(?:absent|negative|normal|unremarkable|within normal limits|"
                           r"not (?:seen|present|found|documented)|ruled out|excluded|unlikely|unobstructed|"
                           r"without\s+(?:any\s+)?(?:significant\s+|obstructive\s+)?(?:plaque|stenos[ie]s|atheroma|disease|lesions?|obstruction))\b",
                           re.I)

def _description(calc: Calculator, name: str) -> str:
    desc = calc.inputs.model_fields[name].description or ""
    desc = re.sub(r"\[[^\]]*\]", " ", desc)  # units
    desc = re.split(r";\s*(?:absent|none|false|assumed|0)\b[^;]*when not documented", desc, flags=re.I)[0]
    return desc


@lru_cache(maxsize=4096)
def _source(calc_id: str, name: str) -> Source | None:
    """The input's field-map source (None for an input without one: it is read by its words alone)."""
    try:
        return source_for(calc_id, name)
    except Exception:  # noqa: BLE001 - no field map: no source
        return None


def _sources(src: Source) -> list[Source]:
    if isinstance(src, (AnyOf, FirstOf)):
        return [s for inner in src.sources for s in _sources(inner)]
    return [src]


def _inverted(src: Source) -> bool:
    return any(getattr(s, "invert", False) for s in _sources(src))


_LIVER_HINTS = ("~jaundice", "~jaundiced", "~deranged LFTs", "~transaminitis", "~abnormal liver function", "~spider naevi",
                "caput medusae", "~palmar erythema", "variceal", "~rifaximin", "~HCV", "~HBV",
                # hepatitis C's direct-acting antivirals (a chronic hepatitis, perhaps cured); hepatitis B's antivirals (also
                # HIV's); ascites and its tap (heart failure and cancer make it too); the breath of liver failure
                "sofosbuvir", "ledipasvir", "velpatasvir", "glecaprevir", "Epclusa", "Harvoni", "Maviret", "Mavyret",
                "~entecavir", "~tenofovir", "~ascites", "~paracentesis", "~fetor hepaticus",
                # a MELD score is kept for chronic liver disease
                "MELD")
_HEART_FAILURE_HINTS = ("NYHA class", "cardiogenic pulmonary oedema", "cardiogenic pulmonary edema", "~orthopnoea", "~orthopnea",
                        "~paroxysmal nocturnal dyspnoea", "~paroxysmal nocturnal dyspnea", "~diastolic dysfunction",
                        "~furosemide", "~bumetanide", "~ejection fraction",
                        # loop and thiazide-like diuretics, aldosterone antagonists, ivabradine: heart failure's, not only
                        "~torasemide", "~torsemide", "~metolazone", "~eplerenone", "~ivabradine")
_CONFUSION_HINTS = ("~drowsy", "~agitated", "~behaving oddly", "~acting strangely",
                    "~hallucinating", "~wandering", "~lethargic", "~somnolent")
_CANCER_HINTS = ("~oncology", "~chemotherapy", "~radiotherapy", "~tamoxifen", "~letrozole", "~anastrozole", "~mass lesion")


# How clinicians write a criterion without naming it: a treatment that implies the diagnosis (an antihypertensive
# for hypertension, metformin or a sulfonylurea for diabetes, a statin for hypercholesterolaemia) and lay or
# descriptive wordings. Keyed by a stem of the criterion's own words (or an input's name); each entry adds phrases to
# the second reader, each naming the criterion alone (strong) unless marked "~" (weak: other conditions share it).
_IMPLIED: dict[str, tuple[str, ...]] = {
    # ACE inhibitors and sartans are weak: heart failure, a past infarct and diabetic kidneys take them too
    "hypertens": ("amlodipine", "nifedipine", "felodipine", "lercanidipine", "~ramipril", "~lisinopril", "~enalapril",
                  "~perindopril", "~captopril", "~losartan", "~valsartan", "~candesartan", "~irbesartan", "~telmisartan",
                  "~olmesartan", "bendroflumethiazide", "hydrochlorothiazide", "chlorthalidone", "indapamide",
                  "doxazosin", "antihypertensive", "antihypertensives", "blood pressure tablets",
                  "blood pressure medication", "for his blood pressure", "for her blood pressure", "raised blood pressure",
                  "high blood pressure"),
    "diabet": ("metformin", "gliclazide", "glipizide", "glimepiride", "glibenclamide", "sitagliptin", "linagliptin",
               "saxagliptin", "alogliptin", "pioglitazone", "insulin glargine", "insulin detemir", "raised blood sugar",
               "high blood sugar"),
    "cholesterol": ("atorvastatin", "simvastatin", "rosuvastatin", "pravastatin", "ezetimibe", "statin",
                    "raised cholesterol", "high cholesterol"),
    "hyperlipidemia": ("atorvastatin", "simvastatin", "rosuvastatin", "pravastatin", "ezetimibe", "statin",
                       "raised cholesterol", "high cholesterol"),
    "immobil": ("stayed in bed", "confined to bed", "bedbound", "bed bound", "bedridden", "off her legs",
                "off his legs", "plaster cast", "non weight bearing", "unable to walk", "unable to mobilise",
                "unable to mobilize", "~housebound"),
    "bedridden": ("stayed in bed", "confined to bed", "bedbound", "bed bound", "immobile", "unable to walk",
                  "unable to mobilise", "unable to mobilize"),
    "swell": ("swollen calf", "calf swollen", "swollen leg", "leg swollen", "calf looked bigger", "calf bigger",
              "asymmetrical calf"),
    # clinical signs of DVT (Wells' PE): the leg's findings written out
    "dvt_signs": ("swollen calf", "calf swollen", "swollen leg", "leg swollen", "calf looked bigger", "calf bigger",
            "tender along the deep veins", "tenderness along the deep veins", "tender calf", "calf tenderness",
            "leg swelling", "unilateral swelling", "pitting oedema of the leg", "pitting edema of the leg"),
    # elevated-risk surgery (RCRI): intraperitoneal, intrathoracic or suprainguinal vascular operations by name
    "intraperiton": ("transperitoneal", "laparotomy", "laparoscopic", "colectomy", "hemicolectomy", "gastrectomy",
                     "oesophagectomy", "esophagectomy", "pancreaticoduodenectomy", "Whipple", "hepatectomy",
                     "thoracotomy", "lobectomy", "pneumonectomy", "aortic aneurysm repair", "aortobifemoral",
                     "abdominal aortic aneurysm"),
    "abort": ("miscarriage", "miscarriages", "pregnancy loss", "pregnancy losses", "stillbirth"),
    "kidney": ("renal impairment", "renal insufficiency", "renal failure", "dialysis", "chronic kidney disease"),
    "renal": ("kidney disease", "renal impairment", "dialysis", "nephropathy", "chronic kidney disease"),
    "ckd": ("chronic kidney disease", "renal impairment", "renal insufficiency", "dialysis", "nephropathy"),
    "ascit": ("free fluid", "fluid around", "shifting dullness", "paracentesis", "peritoneal fluid",
              # signs and treatments that suggest ascites without settling it: the flanks in examination words, a
              # diuretic or shunt also given for heart failure / varices
              "~bulging flanks", "flank dullness", "dull flanks", "~everted umbilicus", "~abdominal distension",
              "~distended abdomen", "~spironolactone", "~TIPS", "transjugular intrahepatic portosystemic shunt",
              "~abdominal girth", "~amiloride"),
    # a treatment kept for hepatic encephalopathy (lactulose is also a laxative), a flap in examination words
    # Centor / FeverPAIN: an inflamed throat named as a diagnosis says swelling or pus may be there, not that it is
    # ('tonsillitis' is not among them: its stem is the tonsils' own, every tonsil examination would match it)
    "exudate_or_swelling": ("~quinsy", "~peritonsillar abscess", "~glandular fever", "~infectious mononucleosis"),
    # APACHE II chronic health: signs of an end-stage organ or of lowered resistance that do not settle Knaus's items
    "chronic_health": ("~LVAD", "left ventricular assist device", "~cor pulmonale", "~neutropenia", "~neutropenic",
                       "~myeloma", "~breathless at rest", "~housebound", "~arteriovenous fistula", "~AV fistula",
                       "oxygen concentrator", "~hepatorenal syndrome", "~HIV"),
    # SOFA: a vasopressor named without a dose (noradrenaline is norepinephrine's British name; Levophed its brand)
    "norepinephrin": ("noradrenaline", "Levophed", "norad"),
    # SOFA ventilation: a tracheostomy or PEEP is also given without a ventilator (a trache mask, CPAP)
    "mechanical_ventilation": ("~tracheostomy", "~PEEP", "~extubated"),
    # high-flow nasal oxygen: non-invasive respiratory support to some (SOFA 2.0), not CPAP to others (MDCalc)
    "cpap": ("high flow nasal", "HFNC", "HFNO", "Optiflow", "Airvo"),
    # shock and its treatment suggest hypotension; they do not give its pressure
    "hypotens": ("~septic shock", "~cardiogenic shock", "~haemodynamically unstable", "~hemodynamically unstable",
                 "~circulatory collapse", "~vasopressors", "~pressors", "~inotropes"),
    # SOFA urine output: no urine, or little, named without a volume
    "urine_output": ("anuric", "anuria", "~oliguric", "~oliguria", "~no urine output"),
    "encephalopath": ("~lactulose", "rifaximin", "~flap", "~slowed mentation", "~number connection test", "~fetor hepaticus"),
    # FeverPAIN 'attend rapidly': an onset named by weekday the rule could not count from (no visit weekday)
    "rapid_attendance": tuple(f"{verb} {day}" for verb in ("started", "began", "since")
                              for day in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")),
    # heart failure told by its symptoms and signs (COPD and renal failure share some: a doubt, not a reading)
    "congest": ("orthopnoea", "orthopnea", "paroxysmal nocturnal dyspnoea", "paroxysmal nocturnal dyspnea",
                "raised JVP", "elevated JVP", "pulmonary oedema", "pulmonary edema", "~BNP", "~NT-proBNP",
                # a functional class names heart failure's grade; 'NYHA class I' has no limitation, so it is no reading
                "NYHA"),
    # a past stroke told by its residual deficit or its treatment (a tumour or an injury can leave the same deficit)
    "stroke": ("residual hemiparesis", "residual dysphasia", "~thrombolysed", "mechanical thrombectomy",
               # a subarachnoid haemorrhage counts as a stroke in some definitions (ICD 430), not in others
               "subarachnoid haemorrhage", "subarachnoid hemorrhage"),
    # a TIA told by its transient deficit
    "tia": ("transient weakness", "transient dysphasia", "transient facial droop", "transient loss of vision",
            "transient numbness", "amaurosis fugax",
            # a TIA told as its episode, the deficit without the word 'transient': weak, an acute stroke has them too
            "~slurred speech", "~face drooped", "~facial droop", "~drooping face", "~word finding difficulty",
            # ... and with its resolution in the same stretch ('her face drooped; it had settled within the hour'): the
            # definition of a TIA (a focal deficit that resolves), strong
            *(f"{deficit} {gone}" for deficit in ("slurred speech", "face drooped", "facial droop", "arm weakness",
                                                  "weak arm", "numb arm", "lost vision")
              for gone in ("resolved", "settled", "recovered", "passed off", "back to normal")),
            # a patient's lay account of a past episode: a clumsy or numb hand, words that would not come, for minutes
            # or then back to normal (the TIA definition: a focal deficit that passes)
            *(f"{deficit} {gone}" for deficit in ("hand clumsy", "clumsy hand", "numb hand", "find words", "lost words",
                                                  "get words out")
              for gone in ("resolved", "settled", "recovered", "passed off", "back to normal", "minutes"))),
    # HAS-BLED: bleeding that may or may not have been major; a transfusion that may have been for it
    "prior_bleeding": ("~epistaxis", "~haematuria", "~hematuria", "~angiodysplasia", "blood transfusion"),
    "labile_inr": ("frequent dose adjustments", "frequent dose changes", "frequent warfarin dose changes"),
    # drugs for alcohol withdrawal and dependence; the screening questionnaires
    "alcohol_excess": ("chlordiazepoxide", "acamprosate", "disulfiram", "Pabrinex", "CAGE", "AUDIT"),
    # a past operation for obesity: the patient may no longer be obese
    "obes": ("bariatric", "gastric band", "sleeve gastrectomy", "gastric bypass", "~orlistat"),
    # fibrates lower triglycerides; xanthomas and xanthelasma are lipid deposits
    "hypercholesterol": ("~fenofibrate", "~bezafibrate", "~gemfibrozil", "xanthelasma", "~xanthomas"),
    # RCRI: chest pain that sounds ischaemic without being called so
    "ischemic_heart_disease": ("exertional chest pain", "exertional chest tightness", "chest pain on exertion",
                               "chest tightness on exertion"),
    # Charlson: treatments and services that suggest the disease without naming it
    "dementia": ("memory clinic", "cognitive impairment", "cognitive decline", "~memory loss"),
    "chronic_pulmonary_disease": ("~salbutamol", "~albuterol", "~Ventolin", "~inhalers", "~montelukast", "home oxygen",
                                  "long term oxygen", "LTOT"),
    "connective_tissue_disease": ("~hydroxychloroquine", "anti-dsDNA", "~Raynaud",
                                  # Quan's coding counts giant cell arteritis with polymyalgia, Deyo's not alone
                                  "giant cell arteritis", "temporal arteritis"),
    "peptic_ulcer_disease": ("Helicobacter", "eradication therapy"),
    # cirrhosis told by its complications and scores (Charlson's and HAS-BLED's liver disease)
    "cirrhosi": ("oesophageal varices", "esophageal varices", "nodular liver", "Child Pugh", "MELD"),
    # Charlson's moderate-severe CKD: access made for dialysis
    "moderate_severe_ckd": ("AV fistula", "arteriovenous fistula", "~Permcath", "~uraemic"),
    # CHA2DS2-VASc 'V' names prior MI, PAD and aortic plaque; an aneurysm or carotid disease is atherosclerosis some
    # count and others do not
    "vascular_disease": ("aortic aneurysm", "AAA", "carotid stenosis", "carotid endarterectomy"),
    # VTE scores: a consequence or a device of a past clot; walking lost without a stated bed rest; rusty sputum
    "previous_pe": ("chronic thromboembolic pulmonary hypertension", "CTEPH", "~IVC filter", "~inferior vena cava filter",
                    "VTE", "venous thromboembolism", "blood clot", "blood clots"),
    "previous_dvt": ("post thrombotic syndrome", "post-thrombotic syndrome", "postthrombotic syndrome", "post-phlebitic limb", "~IVC filter",
                     "~inferior vena cava filter", "VTE", "venous thromboembolism", "blood clot", "blood clots"),
    "hemopty": ("~rusty sputum", "~rust coloured sputum", "~rust colored sputum"),
    "varicos": ("~vein stripping", "~sclerotherapy", "~endovenous ablation", "~endovenous laser"),
    "hormon": ("~tamoxifen", "~raloxifene", "~progestogen-only pill", "~mini-pill", "~Depo-Provera", "~IVF",
               "~ovarian stimulation",
               # progestogen-only devices and local vaginal oestrogen: hormones, not the oestrogen PERC names
               "~Mirena", "~Nexplanon", "~Implanon", "~contraceptive implant", "~Cerazette", "~Vagifem", "~Estring"),
    "paralysis_or_cast": ("~foot drop", "~flaccid", "~plegic"),
    "recent_surgery_or_trauma": ("~fell", "~injured", "~knocked down"),
    "inflammatory_bowel_disease": ("~infliximab", "~adalimumab", "~pancolitis"),
    "copd": ("~home oxygen", "~long-term oxygen therapy", "LTOT", "~ipratropium", "~pulmonary rehabilitation"),
    # Glasgow-Blatchford / PSI: stigmata and treatments of liver disease, heart failure's symptoms and class, a
    # collapse not called a faint, drowsiness or odd behaviour, a home that may not be a nursing home, dark stools
    "hepatic_disease": _LIVER_HINTS, "liver_disease": _LIVER_HINTS,
    "cardiac_failure": _HEART_FAILURE_HINTS, "chf": _HEART_FAILURE_HINTS,
    "syncope": ("~collapsed", "~collapse", "~found on the floor", "briefly unresponsive", "~went limp"),
    "confusion": _CONFUSION_HINTS, "altered_mental_status": _CONFUSION_HINTS,
    "nursing_home_resident": ("~retirement home", "~retirement village", "~sheltered housing", "~sheltered accommodation", "~group home",
                "~institutionalised", "~institutionalized"),
    "melen": ("~dark stool", "~dark stools", "altered blood per rectum", "~altered blood"),
    "cerebrovascular": ("~residual hemiparesis", "~residual weakness", "~dysphasia since",
                        # small-vessel change on a scan is no stroke or TIA (Fine 1997), though it is cerebrovascular to some
                        "~small vessel disease", "~small vessel ischaemic change", "~small vessel ischemic change",
                        "~white matter changes", "~leukoaraiosis"),
    "neoplastic_disease": _CANCER_HINTS, "malignancy": _CANCER_HINTS, "active_cancer": _CANCER_HINTS,
    # PSI counts an effusion seen on imaging: its bedside signs and a film that may be collapse suggest it only
    "pleural": ("~stony dull", "~stony dullness", "~opacified hemithorax"),
    # PSI chronic renal disease: phosphate binders (kidney failure's only), and drugs of its bone and anaemia care
    "renal_disease": ("sevelamer", "lanthanum", "~cinacalcet", "~alfacalcidol", "~calcitriol", "~darbepoetin", "~epoetin",
                      "~AV fistula", "~arteriovenous fistula"),
    # GCS: a tube or sedation hides the verbal response (not testable); a flexion not called normal or abnormal; eyes
    # swollen shut cannot open
    "verbal": ("~intubated", "~sedated", "~endotracheal tube", "~tracheostomy", "~aphonic"),
    "motor": ("~flexes to pain", "~flexed to pain", "~flexing to pain", "~paralysed", "~paralyzed", "~neuromuscular blockade"),
    "eye": ("~eyes swollen shut", "~periorbital swelling", "~periorbital oedema", "~periorbital edema"),
}


# criteria a derived rule reads (a concept's mentions weighed by time, place or treatment): the second reader searches
# the concept's vocabulary as it does a concept source's
_DERIVED_VOCABULARY: dict[str, tuple[str, ...]] = {
    "confusion": ("confusion",), "altered_mental_status": ("confusion",), "nursing_home_resident": ("nursing_home",),
    "malignancy": ("cancer",), "active_cancer": ("cancer",),
}


_NAME_ONLY = frozenset({"immobil", "syncope", "confusion", "malignancy"})
# keys that name one input exactly (a GCS component, not 'eye_opener' of CAGE nor 'gross_motor')
_NAME_EXACT = frozenset({"verbal", "motor", "eye"})


def _implies(key: str, name: str, stems: set[str]) -> bool:
    """Does an :data:`_IMPLIED` key name this criterion: its input's name, or a stem of its own name or description
    beginning with the key (long keys: containing it, 'cholesterol' in 'hypercholesterolemia')?"""
    if "_" in key or key in _NAME_EXACT:
        return key == name
    if key in _NAME_ONLY:  # 'immobilizing plaster cast' is a cast, not immobility
        return key in name
    if "uncontrol" in stems:  # a treatment says the disease is there, not that it is uncontrolled (HAS-BLED)
        return False
    if key == "hypertens" and "portal" in stems:  # 'portal hypertension' (Charlson's liver) is not hypertension
        return False
    return any(st.startswith(key) or (len(key) >= 8 and key in st) for st in stems)


@lru_cache(maxsize=1)
def _vocabulary() -> dict[str, Any]:
    raw = json.loads(VOCABULARY_PATH.read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def vocabulary_terms(concept: str, seen: frozenset[str] = frozenset()) -> list[str]:
    """The concept's terms and abbreviations, with those of the concepts it includes."""
    entry = _vocabulary().get(concept)
    if entry is None or concept in seen:
        return []
    out = [*entry.get("terms", []), *entry.get("abbreviations", [])]
    for sub in entry.get("includes", []):
        out += vocabulary_terms(sub, seen | {concept})
    return out


@lru_cache(maxsize=2048)
def criterion_phrases(calc_id: str, name: str, description: str, title: str = "") -> tuple[Phrase, ...]:
    """The phrases a criterion is written in: its input's name and description split at 'or', commas,
    semicolons, slashes, colons and brackets, and the concept vocabulary's terms for it."""
    texts = [name.replace("_", " ")]
    # a clause with a threshold ('AST/ALT/AP > 3x normal') is read as numbers by the rules: none of its words alone
    # names the criterion
    clauses = re.split(r"\bor\b|[,;:()]|\band/or\b", description)
    texts += [part for c in clauses if not _THRESHOLD.search(c) for part in c.split("/")
              if part.strip().lower() not in _QUALIFYING_WORDS]
    src = _source(calc_id, name)
    if src is not None:
        for s in _sources(src):
            if isinstance(s, Concept):
                for c in s.concepts:
                    texts += vocabulary_terms(c)
            elif isinstance(s, Term) and "\\" not in s.pattern and "(" not in s.pattern:
                texts += s.pattern.split("|")
            elif isinstance(s, Derived):
                for c in _DERIVED_VOCABULARY.get(name, ()):
                    texts += vocabulary_terms(c)
    own_stems = set(_stems(_WORD.findall(f"{name.replace('_', ' ')} {description}")))
    implied = [t for key, terms in _IMPLIED.items() if _implies(key, name, own_stems) for t in terms]
    own = _phrase(title)
    out: dict[tuple[frozenset[str], frozenset[str]], Phrase] = {}
    weak_or_given: list[tuple[str, bool | None]] = [(t, None) for t in texts]
    weak_or_given += [(t.lstrip("~"), not t.startswith("~")) for t in implied]
    for t, strong in weak_or_given:
        p = _phrase(t.replace("*", "").replace("...", " "), strong)
        if p is None:
            continue
        if strong and len(p.stems) + len(p.abbreviations) == 1 and len(_WORD.findall(t)) > 1:
            p = Phrase(p.stems, p.abbreviations, p.words, strong=bool(p.abbreviations))  # 'kidney (disease)': weak
        if own is not None and p.stems <= own.stems and {a.lower() for a in p.abbreviations} <= _lower(own):
            continue  # "DVT" in Wells' criteria for DVT names the question, not the criterion
        key = (p.stems, p.abbreviations)
        if key not in out or (p.strong and not out[key].strong):
            out[key] = p
    return tuple(out.values())


def _lower(p: Phrase) -> set[str]:
    return {a.lower() for a in p.abbreviations} | set(p.stems)


class NoteReader:
    """A note's sentences, tokenised and stemmed once, for the second reader."""

    def __init__(self, note: str):
        self.note = note
        self.index = SentenceIndex(note)
        # per sentence: [(stem or abbreviation, start, end)], the stems, the abbreviations
        self._tokens: list[tuple[list[tuple[str, int, int]], set[str], set[str]]] = []
        for s in self.index.sentences:
            toks = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(s.text)]
            stems = _stems([t for t, _, _ in toks])
            pairs = [(st, a, b) for st, (_, a, b) in zip(stems, toks)]
            abbrs = [(t, a, b) for t, a, b in toks if _is_abbreviation(t)]
            self._tokens.append((pairs + abbrs, set(stems), {t for t, _, _ in abbrs}))
        self._triggers: dict[int, list] = {}

    def supports(self, phrases: tuple[Phrase, ...], *, current: bool = False, history: bool = False,
                 chronic: bool = False, quantity: bool = False) -> list[tuple[bool, dict[str, Any]]]:
        """(strong, sentence) for each sentence that affirms one of ``phrases``: every word of the phrase within a
        short stretch, none of them negated, hypothetical or a relative's (nor past, for a ``current``
        criterion; and placed in the past, for a ``history`` one: 'a prior PE' is not supported by this admission's
        embolus), not a measurement ('blood pressure 124/78 mmHg') unless the phrases name a ``quantity`` (then a
        measurement is what is looked for), not 'acute' for a ``chronic`` criterion; in note order."""
        out: list[tuple[bool, dict[str, Any]]] = []
        for i, (tokens, stems, abbrs) in enumerate(self._tokens):
            best: bool | None = None
            text = self.index.sentences[i].text
            for p in phrases:
                if not (p.stems <= stems and p.abbreviations <= abbrs):
                    continue
                wanted = p.stems | p.abbreviations
                first: dict[str, tuple[int, int]] = {}
                for tok, a, b in tokens:
                    # a word naming a test, not a finding: 'coronary angiography', 'renal ultrasound', 'liver function tests';
                    # or a place: 'admitted from her general practitioner's surgery'
                    if tok in wanted and tok not in first and not _TEST_AFTER.match(text, b) \
                            and not _PLACE_BEFORE.search(text[max(0, a - 30):a]):
                        first[tok] = (a, b)
                if len(first) < len(wanted):
                    continue
                spans = list(first.values())
                if max(b for _, b in spans) - min(a for a, _ in spans) > 80:
                    continue  # the words are scattered over a long sentence: not this phrase
                if any(self._denied(i, a, b, current) for a, b in spans):
                    continue
                if not quantity and not self._as_finding(i, spans, history, chronic):
                    continue
                best = bool(best) or p.strong
            if best is not None:
                s = self.index.sentences[i]
                out.append((best, {"text": s.text, "start": s.start, "end": s.end}))
        return out

    def _as_finding(self, i: int, spans: list[tuple[int, int]], history: bool, chronic: bool) -> bool:
        """Is the phrase at ``spans`` of sentence ``i`` the criterion as a finding: not a reading's label, placed in
        the past for a history criterion, not called acute for a chronic one?"""
        text = self.index.sentences[i].text
        lo, hi = min(a for a, _ in spans), max(b for _, b in spans)
        if _READING_AFTER.match(text, hi) and not _DOSE_AFTER.match(text, hi):
            return False
        if chronic and _ACUTE_BEFORE.search(text[max(0, lo - 25):lo]):
            return False
        if history:
            return "historical" in self._flags(i, lo, hi) or bool(_PAST.search(text) or _HAD_BEFORE.search(text[:lo]))
        return True

    def _flags(self, i: int, start: int, end: int) -> set[str]:
        """ConText's flags (negated, historical, hypothetical, family) for a span of sentence ``i``; the sentence's
        triggers are found once."""
        text = self.index.sentences[i].text
        if i not in self._triggers:
            self._triggers[i] = find_triggers(text)
        return set(assert_context(text, start, end, self._triggers[i]))

    def _denied(self, i: int, start: int, end: int, current: bool) -> bool:
        text = self.index.sentences[i].text
        flags = self._flags(i, start, end)
        if any(k in flags for k in ("negated", "hypothetical", "family")) or (current and "historical" in flags):
            return True
        return bool(_DENIED_BEFORE.search(text[max(0, start - 40):start]) or _DENIED_AFTER.search(text[end:end + 50]))


# after a phrase, a number read for it: 'blood pressure 124/78 mmHg', 'her blood pressure was measured at 95/60'
_READING_AFTER = re.compile(r"\W{0,3}(?:(?:was|is|were|of|at|measured|recorded|reading|remained|fell\s+to|rose\s+to|"
                            r"dropped\s+to|had\s+been|has\s+been)\W+){0,3}[<>≤≥~]?\s*\d", re.I)
# a drug's dose after its name is no reading of the criterion: 'rifaximin 550 mg twice daily', 'metformin 500mg bd'
# (a lab's mass unit per volume, 'creatinine 1.2 mg/dL', is a reading)
_DOSE_AFTER = re.compile(r"\W{0,3}(?:\w+\W+){0,3}?\d[\d.,]*\s*(?:mg|mcg|µg|micrograms?|milligrams?|grams?|g|units?|IU|tabs?|tablets?)\b"
                         r"(?!\s*/\s*(?:d?L|dl|ml|mL|kg|min|h\b|hr|24))"
                         # a liquid dose with its frequency: 'lactulose 20 mL twice a day'
                         r"|\W{0,3}\d[\d.,]*\s*mL\s+(?:once|twice|three|four|b\.?d|t\.?d\.?s|q\.?d\.?s|o\.?d|bid|tid|qid|daily|nocte"
                         r"|every|at\s+night|in\s+the\s+morning)\b", re.I)
_TEST_AFTER = re.compile(r"[\s-]{1,2}(?:angiograph\w*|angiogram|arteriogra\w*|venogra\w*|CT\b|ultrasound|duplex|doppler|"
                         r"MRI\b|scan\w*|imaging|function\s+tests?|panel|profile|screen(?:ing)?|biopsy|catheteri[sz]ation)", re.I)
_PLACE_BEFORE = re.compile(r"(?:practitioner'?s|\bGP'?s?|doctor'?s|family\s+doctor'?s|dental)\s+$", re.I)
_ACUTE_BEFORE = re.compile(r"\b(?:acute|acutely|new|prerenal|pre-renal)\W+(?:[\w-]+\W+){0,2}$", re.I)
_HAD_BEFORE = re.compile(r"\b(?:had\s+(?:had\s+)?(?:a|an|two|three|several|recurrent)|has\s+had|suffered|sustained)\b", re.I)
# an event criterion named as a previous one ('previous_pe', 'previous_dvt'): this admission's event is not it
_PREVIOUS_CRITERION = re.compile(r"\bprevious\b", re.I)


def second_reader(calc: Calculator, name: str, reader: NoteReader) -> tuple[float, list[dict[str, Any]]]:
    """(doubt, supporting sentences) for a criterion assumed absent: 0 and [] when no sentence supports it."""
    history = bool(_PREVIOUS_CRITERION.search(name.replace("_", " ")))
    # a phrase naming the question ('pulmonary embolism' in PERC) is left out, except for a previous event: a past
    # one is required there, so this admission's is not taken for it
    phrases = criterion_phrases(calc.id, name, _description(calc, name), "" if history else calc.name)
    src = _source(calc.id, name)
    current = (src is not None and any(getattr(s, "when", "any") == "current" for s in _sources(src))) \
        or bool(_CURRENT.search(f"{name.replace('_', ' ')} {_description(calc, name)}"))
    own = f"{name.replace('_', ' ')} {_description(calc, name)}"
    found = reader.supports(phrases, current=current, history=history,
                            chronic=bool(re.search(r"\bchronic\b", own, re.I)))
    if not found:
        return 0.0, []
    strong = [s for ok, s in found if ok]
    doubt = DOUBT_STRONG if strong else DOUBT_WEAK
    return doubt, (strong or [s for _, s in found])[:MAX_SENTENCES]


# ---------------------------------------------------------------------------
# Doubts and recomputation
# ---------------------------------------------------------------------------


def _field_info(calc: Calculator, name: str) -> tuple[str, tuple[bool, Any], list[Any]]:
    info = calc.inputs.model_fields[name]
    ann = info.annotation
    options: list[Any] = []
    for a in (ann, *get_args(ann)):
        if get_origin(a) is Literal:
            options = list(get_args(a))
    return field_kind(calc, name), field_default(calc, name), options


def _param(p: Any) -> dict[str, Any]:
    return p if isinstance(p, dict) else p.to_dict()


def doubts_of(calc: Calculator, params: list[Any], note: str, reader: NoteReader | None = None) -> tuple[list[Doubt], int]:
    """(the doubts about ``params`` — a grounding's parameters, dicts or ParamEvidence —, the number of criteria
    assumed absent)."""
    reader = reader or NoteReader(note)
    out: list[Doubt] = []
    assumed_absent = 0
    for raw in params:
        p = _param(raw)
        name, status, value = p["name"], p.get("status"), p.get("value")
        if name not in calc.inputs.model_fields:
            continue
        kind, (has_default, default), options = _field_info(calc, name)
        src = _source(calc.id, name)
        # assumed at its default: by the rules, or after the model's value was dropped as not in the note
        # ('unsupported', the default applies) - a model that named the criterion is no reason for less doubt
        if status in ("assumed", "unsupported") and p.get("source") == "default" \
                and not str(p.get("note", "")).startswith("method"):
            alternative = _alternative(kind, default, options)
            if alternative is None:
                # a quantity not given (None), or left at its 'none' default (a vasopressor dose of 0)
                unread = _unread_quantity(calc, name, reader) if kind in ("quantity", "number") \
                    and (value is None or value == default) else []
                assumed_absent += bool(unread)
                out += unread
                continue
            assumed_absent += 1
            if isinstance(src, Judgement):
                out.append(Doubt(name, "judgement", DOUBT_JUDGEMENT, "a judgement rules cannot make, left at "
                                 f"{_num(default)}", alternative))
                continue
            if src is not None and _inverted(src):
                continue
            doubt, sentences = second_reader(calc, name, reader)
            if doubt:
                out.append(Doubt(name, "documented", doubt, "assumed absent, but the note may document it",
                                 alternative, sentences))
        elif status == "conflict":
            for alt in p.get("alternatives") or []:
                v = alt.get("value") if isinstance(alt, dict) else alt
                if v is None or v == value:
                    continue
                sent = [{"text": alt.get("sentence") or alt.get("text", ""), "start": alt.get("start"),
                         "end": alt.get("end")}] if isinstance(alt, dict) else []
                unit = f" {alt['unit']}" if isinstance(alt, dict) and alt.get("unit") else ""
                out.append(Doubt(name, "conflict", DOUBT_CONFLICT, f"the note also gives {_num(v)}{unit}", v, sent))
        elif status in ("rule", "agree") and kind == "category" and options and value in options \
                and _prehospital_reading(name, p.get("evidence") or {}, note):
            # a scene reading in a note that examines the patient on arrival: the presenting grade may differ either way
            ev = p.get("evidence") or {}
            i = options.index(value)
            for alt in (options[i - 1] if i else None, options[i + 1] if i + 1 < len(options) else None):
                if alt is not None:
                    out.append(Doubt(name, "time_point", DOUBT_LATER, f"read before arrival ('{_clip(ev.get('text', ''), 40)}'); "
                                     "the finding on arrival may differ", alt,
                                     [{"text": ev.get("sentence", ""), "start": ev.get("start"), "end": ev.get("end")}]))
        elif status in ("rule", "agree") and _later_reading(p.get("evidence") or {}) and (
                (kind == "category" and options and value in options)
                or (kind == "bool" and value is True and not _HISTORY_CRITERION.search(_description(calc, name)))):
            # a finding read from a later moment ('six hours later ... obeying commands', 'overnight she became
            # muddled'): the presenting finding may differ (a grade either way; a criterion may be absent)
            ev = p.get("evidence") or {}
            if kind == "bool":
                alts: list[Any] = [False]
            else:
                i = options.index(value)
                alts = [a for a in (options[i - 1] if i else None, options[i + 1] if i + 1 < len(options) else None)
                        if a is not None]
            for alt in alts:
                out.append(Doubt(name, "time_point", DOUBT_LATER, f"read from later in the course "
                                 f"('{_clip(ev.get('text', ''), 40)}'); the presenting finding may differ", alt,
                                 [{"text": ev.get("sentence", ""), "start": ev.get("start"), "end": ev.get("end")}]))
        elif status in ("rule", "agree", "llm_supported", "user", "derived") and kind in ("quantity", "number") \
                and isinstance(value, (int, float)) and not isinstance(value, bool) and value:
            for r in _time_rivals(p) if status in ("rule", "agree") else []:
                unit = f" {r['unit']}" if r.get("unit") else ""
                out.append(Doubt(name, "time_point", DOUBT_TIME, f"the note also gives {_num(r['value'])}{unit} at "
                                 "another time; the reading used may not be the one the question means", r["value"],
                                 [{"text": r.get("sentence", ""), "start": r.get("start"), "end": r.get("end")}]))
            for factor in (1 - EDGE, 1 + EDGE):
                out.append(Doubt(name, "band_edge", DOUBT_EDGE, f"{_num(value)} is within {EDGE:.0%} of a band edge",
                                 round(value * factor, 6)))
    return out, assumed_absent


# Words of a quantity's description that do not say which quantity it is.
_QUANTITY_GENERIC = frozenset(_stems("""serum plasma blood arterial venous level levels concentration count rate ratio
measured measurement reading result week weeks day days hour hours per daily total mean lowest highest worst first
initial last admission baseline dose doses infusion""".split()))


def _bounds(calc: Calculator, name: str) -> list[float]:
    """The ends of a quantity's plausible range (its ``ge``/``le`` constraints)."""
    out = []
    for m in calc.inputs.model_fields[name].metadata:
        for attr in ("ge", "gt", "le", "lt"):
            v = getattr(m, attr, None)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                out.append(float(v))
    return out


def _computed_otherwise(calc: Calculator, name: str) -> bool:
    src = _source(calc.id, name)
    docs = " ".join(str(getattr(s, "doc", "")) for s in _sources(src)) if src is not None else ""
    return bool(re.search(r"\(or\b", _description(calc, name)) or "computed by the calculator" in docs)


def _unread_quantity(calc: Calculator, name: str, reader: NoteReader) -> list[Doubt]:
    """A quantity left unread (taken as not given) while a sentence names it ('about six bottles of wine a week' for
    drinks per week, 'sodium and potassium were 134 and 3.2' for sodium): one doubt per end of its plausible range, so
    the recomputation shows whether any value the note could give would move the answer. A quantity the calculator
    computes from others when not given (a mean arterial pressure from SBP and DBP) is not unread."""
    if _computed_otherwise(calc, name):
        return []
    # the description without its unit ('Dopamine dose [µg/kg/min]')
    description = re.sub(r"\[[^\]]*\]", " ", _description(calc, name).split("(")[0])
    words = {st for st in _stems(_WORD.findall(f"{name.replace('_', ' ')} {description}"))
             if len(st) > 2 and st not in _QUANTITY_GENERIC and st not in _GENERIC_STEMS}
    abbreviations = {w for w in _WORD.findall(description) if _is_abbreviation(w)}
    phrases = tuple([Phrase(frozenset({w}), frozenset(), w, False) for w in sorted(words)]
                    + [Phrase(frozenset(), frozenset({a}), a, True) for a in sorted(abbreviations)])
    found = reader.supports(phrases, quantity=True) if phrases else []
    if not found:
        return []
    sentences = [s for _, s in found][:MAX_SENTENCES]
    return [Doubt(name, "unread", DOUBT_UNREAD, "not read, but the note mentions it; the answer if it were "
                  f"{_num(b)}", b, sentences) for b in _bounds(calc, name)]


_CLAUSE_END = re.compile(r"[,;:()]|\b(?:and|but|whereas|while|then)\b", re.I)


def _lead(sentence: str, text: str, skip: str = "") -> str | None:
    """The part of ``sentence`` that times ``text`` (a reading): from the sentence's start (or its last semicolon, or
    the end of ``skip``, another reading of the same sentence, when the reading comes after it) to the end of the
    reading's clause; None when the reading is not in the sentence."""
    left = 0
    if skip and (k := sentence.find(skip)) >= 0:
        left = k + len(skip)
    at = sentence.find(text, left) if text else -1
    if at < 0 and left and text:  # a reading before ``skip`` ('1.9 mg/dL last year and 2.4 mg/dL at the clinic')
        left, at = 0, sentence.find(text)
    if at < 0:
        return None
    left = max(left, sentence.rfind(";", 0, at) + 1)
    right = _CLAUSE_END.search(sentence, at + len(text))
    # an aside in brackets times its own value ('haemoglobin 13.4 g/dL (14.8 two months earlier), urea 5.1 mmol/L')
    return re.sub(r"\([^()]*\)", " ", sentence[left:(right.start() if right else len(sentence))])


def _later_reading(ev: dict[str, Any]) -> bool:
    """Is the reading placed later than the presentation by the sentence's part up to it ('six hours later, after
    observation on the ward, he was ... obeying commands')?"""
    sentence, text = str(ev.get("sentence") or ""), str(ev.get("text") or "")
    at = sentence.find(text) if text else -1
    if at < 0:
        return False
    lead = sentence[:at]
    return bool(_LATER_LEAD.search(lead[lead.rfind(";") + 1:]))


def _prehospital_reading(name: str, ev: dict[str, Any], note: str) -> bool:
    """Is the reading of GCS component ``name`` a pre-hospital one (its sentence's clause up to it names the scene, the
    crew or paramedics) in a note that examines that component again on arrival after it?"""
    again = _EXAMINED_AGAIN.get(name)
    if again is None:
        return False
    sentence, text = str(ev.get("sentence") or ""), str(ev.get("text") or "")
    at = sentence.find(text) if text else -1
    if at < 0:
        return False
    lead = sentence[:at]
    if not _PREHOSPITAL_LEAD.search(lead[lead.rfind(";") + 1:]):
        return False
    end = note.find(sentence)
    if end < 0:
        return False
    arrival = _ARRIVAL.search(note, end + len(sentence))
    return arrival is not None and again.search(note, arrival.end(), arrival.end() + 600) is not None


def _timed(text: str | None) -> bool:
    return bool(text and (_PAST.search(text) or _LATER.search(text)))


def _time_rivals(p: dict[str, Any]) -> list[dict[str, Any]]:
    """The input's readings at another time that may be the one the question means: the reading used is timed as past
    (a baseline, last year's value, a month named) or after the presentation, and the other is not timed ('after two
    units', 'the next day', 'at discharge' readings are no rivals of the presenting one: a score takes that)."""
    ev = p.get("evidence") or {}
    used_sentence, used_text = str(ev.get("sentence") or ""), str(ev.get("text") or "")
    if not _timed(_lead(used_sentence, used_text)):
        return []
    rivals = []
    for r in p.get("readings") or []:
        sentence, text = str(r.get("sentence", "")), str(r.get("text", ""))
        if not _timed(_lead(sentence, text, used_text if sentence == used_sentence else "")):
            rivals.append(r)
    return rivals


def _alternative(kind: str, default: Any, options: list[Any]) -> Any:
    """The value an assumed-absent input would take if present: True for a finding, the next option for a choice."""
    if kind == "bool" and default is False:
        return True
    if kind == "category" and options and default in options:
        rest = [o for o in options if o != default]
        return rest[0] if rest else None
    return None


def _is_score(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) or (isinstance(v, float) and v.is_integer())


def _category(interpretation: str) -> str:
    """The interpretation's class, without the numbers that restate the value."""
    text = re.sub(r"[-+]?\d+(?:\.\d+)?\s*%?", "#", interpretation or "")
    return " ".join(text.split())[:120]


def _result(calc: Calculator, args: dict[str, Any]) -> Any | None:
    try:
        return calc.run(args)
    except Exception:  # noqa: BLE001 - a move the calculator cannot take is not a value the note allows
        return None


def _run(calc: Calculator, args: dict[str, Any]) -> tuple[Any, str] | None:
    r = _result(calc, args)
    return None if r is None else (r.value, _category(r.interpretation))


def assess(calc: Calculator, args: dict[str, Any], params: list[Any], note: str, *,
           reader: NoteReader | None = None) -> Confidence | None:
    """The confidence of ``calc`` run on ``args`` (a grounding's arguments) given its ``params``' evidence; None
    when the calculator does not compute on them."""
    base = _result(calc, args)
    if base is None:
        return None
    value, category, interpretation = base.value, _category(base.interpretation), base.interpretation
    doubts, assumed_absent = doubts_of(calc, params, note, reader)
    doubts += [Doubt(str(i["input"]), "implausible", DOUBT_IMPLAUSIBLE, str(i["reason"]), i["alternative"])
               for i in base.implausible if i.get("input") in calc.inputs.model_fields]
    values: list[Any] = [value]
    categories: list[str] = [category] if category else []

    def note_outcome(out: tuple[Any, str] | None, edge: bool = False) -> bool:
        """Record a recomputed outcome; True when it moves the value or the category. A band-edge move is not a
        value the note allows: it matters only when it moves a score or the category, and stays out of the range."""
        if out is None:
            return False
        v, c = out
        moved_category = bool(c) and c != category
        if edge:
            return moved_category or (v != value and _is_score(value) and _is_score(v))
        if v not in values:
            values.append(v)
        if c and c not in categories:
            categories.append(c)
        return v != value or moved_category

    clean = {k: v for k, v in args.items() if not is_rejected_argument(v)}
    mattering: list[Doubt] = []
    for d in doubts:
        out = _run(calc, {**clean, d.input: d.alternative})
        if note_outcome(out, edge=d.kind == "band_edge"):
            d.changes, d.value_if = True, out[0] if out else None
            if d.kind != "band_edge" or not any(m.input == d.input and m.kind == "band_edge" for m in mattering):
                mattering.append(d)
    # the range: combinations of the moves that matter (one move per input)
    movable = [d for d in mattering if d.kind != "band_edge"]
    by_input: dict[str, list[Doubt]] = {}
    for d in movable:
        by_input.setdefault(d.input, []).append(d)
    choices = [[None, *ds] for ds in by_input.values()]
    if len(choices) <= MAX_COMBINED:
        combos = itertools.product(*choices) if choices else []
        for combo in combos:
            moves = {d.input: d.alternative for d in combo if d is not None}
            if len(moves) > 1:
                note_outcome(_run(calc, {**clean, **moves}))
    elif movable:
        note_outcome(_run(calc, {**clean, **{d.input: d.alternative for d in movable}}))
    conf = 1.0
    for d in mattering:
        conf *= 1 - d.doubt
    conf *= 1 - min(ASSUMED_CAP, ASSUMED_EACH * assumed_absent)
    return Confidence(confidence=conf, value=value, interpretation=interpretation, values=values,
                      categories=categories, doubts=mattering, considered=len(doubts), assumed_absent=assumed_absent)


def claims_absent_findings(calc: Calculator, params: list[Any], text: str) -> list[str]:
    """The criteria ``text`` affirms (a phrase of the criterion, not negated) while the evidence has them absent
    (value False: read as absent, or assumed absent): a rationale that says so contradicts the answer."""
    absent = [_param(p)["name"] for p in params if _param(p).get("value") is False
              and _param(p)["name"] in calc.inputs.model_fields]
    if not absent or not text.strip():
        return []
    reader = NoteReader(text)
    return [name for name in absent
            if reader.supports(criterion_phrases(calc.id, name, _description(calc, name), calc.name))]
