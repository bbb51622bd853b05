"""Rules and field map of the Pneumonia Severity Index (Fine 1997): neoplastic disease, pleural effusion, nursing home
residence, altered mental status.

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import dataclasses
import re

from medmirror.tools.extraction.calc_sources import (
    AnyOf,
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
from medmirror.tools.extraction.rules.readers import DISORIENTED_DESCRIBED, affirmed
from medmirror.tools.extraction.rules.shared import (
    AGE,
    BUN,
    CEREBROVASCULAR,
    GLUCOSE,
    HEART_FAILURE_OR_REDUCED_EF,
    HR,
    PAO2,
    PH,
    RR,
    SBP,
    SEX,
    SODIUM,
    SPO2,
    TEMP,
    active_cancer,
)

# PSI renal disease (Fine 1997: 'history of chronic renal disease'): a transplant, 'chronic renal ...', and the chronic
# kidney diseases by name (a nephropathy of a cause, polycystic kidneys, glomerulonephritis, nephrotic syndrome)
_CHRONIC_RENAL = (r"(?:renal|kidney) transplant\w*|chronic renal \w+"
                  r"|(?:diabetic|hypertensive|IgA|membranous|reflux|analgesic|lupus|chronic)\s+nephropath\w*"
                  r"|polycystic\s+kidneys?(?:\s+disease)?|\bA[DR]PKD\b|glomerulonephritis|nephrotic\s+syndrome|\bFSGS\b"
                  r"|focal\s+segmental\s+glomerulosclerosis|lupus\s+nephritis")


def psi_neoplastic(ctx: NoteContext) -> Hit | None:
    """PSI neoplastic disease: active cancer (see :func:`active_cancer`) or one diagnosed within the past year (Fine 1997),
    skin basal / squamous cell cancer excepted."""
    return active_cancer(ctx, skin_excluded=True, within_months=12)


_PLEURAL_EFFUSION = (r"pleural\s+effusions?|(?:hydro|hydropneumo)thorax|parapneumonic\s+(?:effusions?|fluid|collections?)|empyema\w*"
                     r"|pleural\s+(?:fluid|collections?)|(?:fluid|collections?)\s+(?:\w+\s+){0,3}?in\s+(?:the\s+)?(?:(?:left|right|bilateral|both)\s+)?"
                     r"pleural\s+(?:spaces?|cavit(?:y|ies))"
                     # its chest-film sign: a blunted costophrenic angle, a meniscus
                     r"|blunt(?:ed|ing)\s+(?:of\s+)?(?:the\s+)?(?:(?:left|right|bilateral|both|[LR])\s+)?costophrenic\s+(?:angles?|recess(?:es)?)"
                     r"|costophrenic\s+(?:angles?\s+|recess(?:es)?\s+)?blunting|(?:CP|costophrenic)\s+angles?\s+(?:are\s+|is\s+)?blunted"
                     r"|meniscus\s+sign"
                     # fluid drawn from the pleural space: a thoracentesis / pleural tap is done on an effusion seen on imaging
                     r"|thoracocentes[ie]s|thoracentes[ie]s|pleurocentes[ie]s|pleural\s+(?:tap|aspirat(?:e|ion))")
# a bare 'effusion' of the chest: with a side ('small left-sided effusion', 'bilateral effusions, R>L') or in a sentence about
# the chest film / lungs; not one of another site (pericardial, a joint, an ear)
_BARE_EFFUSION = r"(?<![\w-])effusions?\b"
_EFFUSION_SIDE = re.compile(r"(?:\b(?:left|right|bilateral|both|[LR])|[LR]\s*>\s*[LR])[\s-]+(?:sided[\s-]+)?(?:\w+[\s-]+){0,1}?$", re.I)
_CHEST_SENTENCE = re.compile(r"\bCXR\b|chest|x-?ray|radiograph|\bfilms?\b|\bCT\b|thora|\blungs?\b|\blobes?\b|lobar|consolidat|costophrenic"
                             r"|hemithorax|\bbases?\b|basal|bibasal|pleura|opacit|infiltrat|pneumon|\bUS\b|ultrasound|POCUS", re.I)
_OTHER_EFFUSION_SITE = re.compile(r"pericard|tamponade|\bjoints?\b|knee|ankle|elbow|wrist|\bhips?\b|shoulder|synovi|\bears?\b|tympan"
                                  r"|middle\s+ear|subdural|peritone|ascit|abdom|\becho\w*|\bTTE\b|\bTEE\b|\bTOE\b", re.I)


def psi_pleural_effusion(ctx: NoteContext) -> Hit | None:
    """PSI 'pleural effusion' on imaging (current): the named effusion or its film signs, an empyema or pleural fluid /
    collection, or a bare 'effusion' given a side or in a sentence about the chest (not another site's effusion)."""
    mentions = list(ctx.terms(_PLEURAL_EFFUSION))
    for f in ctx.terms(_BARE_EFFUSION):
        if re.search(r"pleural\s+$|parapneumonic\s+$", ctx.note[max(0, f.start - 14):f.start], re.I):
            continue  # already read as a pleural effusion
        sent = f.sentence.text
        if sentence_has(_OTHER_EFFUSION_SITE, sent):
            continue
        if _EFFUSION_SIDE.search(ctx.note[max(f.sentence.start, f.start - 30):f.start]) or sentence_has(_CHEST_SENTENCE, sent):
            mentions.append(f)
    value, f, why = decide(sorted(mentions, key=lambda g: g.start), "current")
    return None if f is None else Hit.of_finding(f, value, why)


# a place the patient is to go, not one she lives in: "plan: discharge to a nursing home", "referred for a care home",
# "moving into assisted living next week"; "discharged back to her nursing home" is her home
_NH_DESTINATION = re.compile(r"\b(?:discharg\w*|transfer(?:red|ring)?|plac(?:e|ing)|refer(?:red|ral)?|appl(?:y|ied|ication)"
                             r"|assess(?:ed|ment)?|mov(?:e|ing)|going|will\s+go|needs?|requires?)"
                             r"\s+(?:plan\s+)?(?:to|into|in|for)\s+(?:(?!back\b|his\b|her\b|their\b|usual\b|own\b)\w+\s+){0,3}$", re.I)
_NH_PLACEMENT_AFTER = re.compile(r"\s*(?:placement|application|referral|assessment|bed\b)", re.I)
# residence in the present or present perfect: "lives in", "resides at", "a resident of", "from a care home",
# "has lived in ... since 2019", "has been in a residential home"
_NH_PRESENT = re.compile(r"\b(?:lives|living|resides|residing|is\s+(?:a\s+|an\s+)?(?:\w+\s+)?resident|resident\s+(?:of|at|in)"
                         r"|ha(?:s|ve)\s+(?:been\s+)?(?:lived|living|resided|residing|been)|currently|from|stays|staying"
                         r"|moved\s+(?:in)?to|(?:was\s+)?(?:moved|placed|admitted)\s+(?:permanently\s+)?(?:in)?to|placed\s+in|entered|went\s+into)\b"
                         r"[^.;:\n]{0,60}$", re.I)
# residence in the simple past, or a past habit
_NH_PAST = re.compile(r"(?:\b(?<!has )(?<!have )(?:lived|resided|stayed)|\bwas\s+(?:a\s+|an\s+)?(?:\w+\s+)?resident)\b[^.;:\n]{0,60}$", re.I)
_NH_USED_TO = re.compile(r"\bused\s+to\s+(?:live|reside|stay|be)\b[^.;:\n]{0,60}$", re.I)
# the past residence ended: "..., now lives with her son", "before moving in with her daughter", "returned home"
_NH_ENDED = re.compile(r"\b(?:now|currently|at present|presently)\s+(?:lives|living|resides|residing|stays|staying|at home|with)\b"
                       r"|\bmov(?:ed|ing)\s+(?:back|out|in with|home|to (?:live|stay) with)\b|\breturned\s+(?:home|to)\b"
                       r"|\bbefore\s+(?:moving|returning|going)\b|\buntil\b|\bdischarged\s+home\b", re.I)


def nursing_home_resident(ctx: NoteContext) -> Hit | None:
    """PSI 'nursing home resident' (current): a care-home word (ConText, current) read with its verb. Present or
    present perfect residence ('lives in', 'a resident of', 'from a care home', 'has lived in ... since', 'moved into a
    care home 3 months ago') is current even under a history header or a past date; residence in the past with an end
    ('lived in a care home until last year, now lives with her son', 'used to live in') is past; a destination
    ('discharge to a nursing home', 'nursing home placement') is not a residence."""
    keep = []
    for f in ctx.findings("nursing_home"):
        if f.negated or f.family or f.hypothetical:
            keep.append(f)
            continue
        before = ctx.note[max(f.sentence.start, f.start - 80):f.start]
        after = ctx.note[f.end:min(len(ctx.note), f.end + 150)]
        if _NH_DESTINATION.search(before) or _NH_PLACEMENT_AFTER.match(after):
            continue
        if _NH_USED_TO.search(before) or (_NH_PAST.search(before) and _NH_ENDED.search(after)):
            keep.append(dataclasses.replace(f, historical=True, triggers=[*f.triggers, "historical:past residence"]))
        elif f.historical and _NH_PRESENT.search(before) and not _NH_ENDED.search(ctx.note, f.end, f.sentence.end):
            keep.append(dataclasses.replace(f, historical=False))
        else:
            keep.append(f)
    value, f, why = decide(keep, "current")
    return None if f is None else Hit.of_finding(f, value, why)


# Fine 1997's stupor and coma described: responding only to pain, unresponsive, comatose
_STUPOR_COMA = (r"\b(?:comatose|unresponsive|unrousable|unarousable|(?:responds?|responsive|responding|rousable|arousable)\s+only\s+to"
                r"\s+(?:pain\w*|painful\s+stimul\w+|noxious\s+stimul\w+|sternal\s+rub|deep\s+pain)|in\s+(?:a\s+)?coma"
                # stupor in ward words: roused with difficulty, not to be woken by voice
                r"|(?:difficult|hard)\s+to\s+(?:a?rouse|wake|waken|awaken)|a?rous(?:able|eable)\s+only\s+with\s+difficulty"
                r"|semi-?comatose|stuporose)\b")
# orientation to fewer than three of person, place and time ("oriented to person only", "A&O x2", "AOx1", "orientated to
# person but not place or time", "not oriented to time") is disorientation (Fine 1997: disorientation to person, place
# or time); "oriented x3", "A&O x4" is not
_PARTIAL_ORIENTATION = (r"\b(?:A\s*&\s*O|A\s*and\s*O|AO|orient(?:ed|ated)|orientation)\s*(?:to\s+)?[x×]\s*[0-2](?!\d|\.\d)"
                        r"|\borient(?:ed|ated)\s+(?:to\s+|in\s+)?(?:person|self|name)\s+only\b"
                        r"|\borient(?:ed|ated)\s+(?:to\s+|in\s+)?(?:person|self|name)(?:\s*(?:,|and)\s*(?:place|time))?\s*(?:,\s*)?(?:but\s+)?"
                        r"not\s+(?:to\s+|in\s+)?(?:place|time|date|year|location)\b"
                        r"|\bnot\s+(?:fully\s+)?orient(?:ed|ated)\s+(?:to|in)\s+(?:time|place|date|year|location|person)\b")


def altered_mental_status(ctx: NoteContext) -> Hit | None:
    """PSI altered mental status: confusion / disorientation / stupor words (current), orientation to fewer than three
    of person / place / time or disorientation described in words, else a GCS below 15 (or below the stated baseline); a stated GCS of 15 with no such words
    is False."""
    value, f, why = decide(ctx.findings("confusion"), "current")
    if value:
        return Hit.of_finding(f, True, why)
    stupor = affirmed(ctx, _STUPOR_COMA, current=True)
    if stupor:
        return Hit.of_finding(stupor[0], True, "stupor / coma described")
    partial = [g for g in ctx.terms(_PARTIAL_ORIENTATION) if not (g.hypothetical or g.family or g.historical)
               and not after_presentation(g)]
    # disorientation described in words ("believed he was at the station", "could not give the month")
    partial += [g for g in affirmed(ctx, DISORIENTED_DESCRIBED, current=True) if not after_presentation(g)]
    if partial:
        return Hit.of_finding(partial[0], True, "oriented to fewer than three of person, place and time")
    gcs = ctx.value("gcs")
    if gcs is not None:
        return Hit.of_value(gcs, value=float(gcs.value) < 15, unit=None, note=f"GCS {float(gcs.value):g} vs 15")
    return None if f is None else Hit.of_finding(f, value, why)


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------


FIELD_MAP: dict[str, dict[str, Source]] = {
    "psi": {
        "age": AGE, "sex": SEX, "nursing_home_resident": Derived(nursing_home_resident, "lives in a care home now (present / present perfect; "
                                                                             "not a past one with an end, not a destination)"),
        "neoplastic_disease": Derived(psi_neoplastic, "active cancer other than basal / squamous cell skin cancer"),
        "liver_disease": Concept("liver_disease"), "chf": HEART_FAILURE_OR_REDUCED_EF,
        "cerebrovascular_disease": CEREBROVASCULAR, "renal_disease": AnyOf(Concept("chronic_kidney_disease", "dialysis"),
                                                                   Term(_CHRONIC_RENAL, label="renal transplant / chronic renal disease named")),
        "altered_mental_status": Derived(altered_mental_status, "confusion / disorientation (current), else GCS < 15"),
        "respiratory_rate": RR, "systolic_bp": SBP, "temperature": TEMP, "heart_rate": HR, "ph": PH,
        "bun": BUN, "sodium": SODIUM, "glucose": GLUCOSE, "hematocrit": Quantity("hematocrit"), "pao2": PAO2,
        "o2_saturation": SPO2,
        "pleural_effusion": Derived(psi_pleural_effusion, "pleural effusion on imaging (current): named, its film signs, "
                                    "empyema / pleural fluid, or a bare effusion with a side or in a chest sentence"),
    },
}
