"""Rules and field map of the dose conversions: corticosteroids (drug, route, dose, target) and morphine milligram
equivalents (the opioid list).

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import re
from typing import Any

from medmirror.tools.extraction.calc_sources import (
    Derived,
    Hit,
    NoteContext,
    Source,
    medication_not_taken,
    sentence_has,
)
from medmirror.tools.extraction.model import Finding
from medmirror.tools.extraction.rules.readers import make_hit
from medmirror.tools.extraction.text import NUMBER, parse_number

STEROID_NAMES = {
    "hydrocortisone": "Hydrocortisone", "cortisone": "Cortisone", "prednisone": "PredniSONE", "prednisolone": "PrednisoLONE",
    "methylprednisolone": "MethylPrednisoLONE", "triamcinolone": "Triamcinolone", "dexamethasone": "Dexamethasone",
    "betamethasone": "Betamethasone",
}
_STEROID_ROUTES = {"iv": "IV", "po": "PO", "tablet": "PO", "capsule": "PO", "solution": "PO", "syrup": "PO", "injection": "IV",
                   "infusion": "IV"}
_ROUTES_OK = {"Betamethasone": ("IV",), "Cortisone": ("PO",), "Dexamethasone": ("IV", "PO"), "Hydrocortisone": ("IV", "PO"),
              "MethylPrednisoLONE": ("IV", "PO"), "PrednisoLONE": ("PO",), "PredniSONE": ("PO",), "Triamcinolone": ("IV",)}


def _steroid_option(drug: str, route: str | None) -> str:
    """The calculator's option: the drug with the route written in the note; a drug the calculator lists with one
    route only (prednisone PO, triamcinolone IV) takes that one when the note writes none (routes are equipotent in
    the conversion, so this names the option and changes no dose)."""
    r = _STEROID_ROUTES.get(route or "")
    if r is None and route is None and len(_ROUTES_OK[drug]) == 1:
        r = _ROUTES_OK[drug][0]
    return f"{drug} {r}" if r and r in _ROUTES_OK[drug] else drug


def _steroid_meds(ctx: NoteContext) -> list:
    return [m for m in ctx.medications if m.name in STEROID_NAMES]


# the question's source drug: "Based on the patient's dose of MethylPrednisoLONE IV, what is ..."
_SOURCE_IN_QUESTION = re.compile(r"\b(?:patient's|his|her|their|current)\s+(?:\w+\s+){0,2}?dose\s+of\s+(?P<d>[A-Za-z]+)", re.I)


def _input_steroid_med(ctx: NoteContext):
    """The corticosteroid the conversion starts from: of the steroids given with a dose, the one the question names as
    the patient's ('the patient's dose of MethylPrednisoLONE IV'), and of those the first one the note does not say
    was stopped ('previously on dexamethasone 4 mg, stopped'), preferring one not placed in the past; else the first
    with a dose."""
    meds = [m for m in _steroid_meds(ctx) if m.dose is not None]
    q = _SOURCE_IN_QUESTION.search(ctx.question)
    named = STEROID_NAMES.get(q.group("d").lower()) if q else None
    pick = [m for m in meds if STEROID_NAMES[m.name] == named] or meds
    current = [m for m in pick if not medication_not_taken(ctx.note, m.start, m.end, m.sentence)]
    # a course of an earlier time ('one exacerbation treated in the past year with prednisone 40 mg daily') gives way to
    # the one taken now
    now = [m for m in current if not ctx.finding_at(m.start, m.end).historical]
    return (now or current or pick or [None])[0]


def input_steroid(ctx: NoteContext) -> Hit | None:
    """The steroid the patient takes (:func:`_input_steroid_med`), with the route written in the note."""
    m = _input_steroid_med(ctx)
    return None if m is None else Hit.of_medication(m, _steroid_option(STEROID_NAMES[m.name], m.route), f"{m.label}")


_ABSOLUTE_DOSE_AFTER = re.compile(rf"\s*(?:\(|,|=|i\.e\.?,?|that is,?)\s*(?:i\.e\.?\s*|=\s*|total\s+(?:of\s+)?)?(?P<n>{NUMBER})\s*(?P<u>mg|g|mcg|µg)\b", re.I)


def steroid_dose(ctx: NoteContext) -> Hit | None:
    """Dose of the input steroid. A weight-based dose with the absolute dose beside it ('prednisone 1 mg/kg (60 mg)')
    is read as the absolute dose; a weight-based dose alone is left to the calculator, which refuses it."""
    m = _input_steroid_med(ctx)
    if m is None or not m.dose_unit:
        return None
    if "/kg" in m.dose_unit.replace(" ", "").lower():
        per_kg = re.compile(r"/\s*kg(?:\s*/\s*(?:day|d))?\b", re.I).search(ctx.note, m.start, m.sentence.end)
        a = _ABSOLUTE_DOSE_AFTER.match(ctx.note, per_kg.end()) if per_kg else None
        if a:
            return make_hit(ctx, a, parse_number(a.group("n")), f"absolute dose beside {m.dose:g} {m.dose_unit}",
                        unit=a.group("u"))
    return Hit(float(m.dose), m.start, m.end, m.raw, m.sentence.text, m.dose_unit, "dose of the input steroid")


# the route before or after the drug: "IV methylprednisolone", "dexamethasone (PO)"
_STEROID_RX = re.compile(r"\b(?:(?P<r0>IV|PO|intravenous|oral)\s+)?(?P<d>hydrocortisone|cortisone|predni?sone|prednisolone|methyl\s*prednisolone|triamcinolone|dexamethasone"
                         r"|betamethasone)\b(?:\s*\(?(?P<r>IV|PO|intravenous|oral)\)?)?", re.I)


def target_steroid(ctx: NoteContext) -> Hit | None:
    """The steroid to convert to, from the question ('... the equivalent dosage in mg of Dexamethasone PO?')."""
    q = ctx.question
    found = list(_STEROID_RX.finditer(q))
    if not found:
        return None
    # the patient's own drug is the source, not the target: "equivalent to his oral prednisone dose"
    own = [m for m in found if re.search(r"\b(?:his|her|their|the patient's|current|present|usual)\s+(?:\w+\s+){0,2}$", q[:m.start()], re.I)
           and re.match(r"\s+(?:dose|dosage|regimen)\b", q[m.end():], re.I)]
    found = [m for m in found if m not in own] or found
    after = [m for m in found if re.search(r"(?:equivalent|dose|dosage|convert\w*|to)\s+(?:\w+\s+){0,4}$", q[:m.start()], re.I)]
    m = (after or found)[-1]
    drug = STEROID_NAMES.get(re.sub(r"\s+", "", m.group("d").lower()))
    if drug is None:
        return None
    route = (m.group("r") or m.group("r0") or "").lower()
    route = {"intravenous": "iv", "oral": "po"}.get(route, route)
    return Hit(_steroid_option(drug, route), m.start(), m.end(), q[m.start():m.end()], q, None, "target named in the question",
               where="question")


OPIOID_NAMES = {
    "codeine": "Codeine", "hydrocodone": "HYDROcodone", "hydromorphone": "HYDROmorphone", "methadone": "Methadone",
    "morphine": "Morphine", "oxycodone": "OxyCODONE", "oxymorphone": "OxyMORphone", "tapentadol": "Tapentadol",
    "tramadol": "TraMADol", "buprenorphine": "Buprenorphine",
}
# ConText triggers that say a drug is no longer taken ("morphine PCA was stopped", "previously on tramadol"); a history
# header ("PMH: back pain on oxycodone 10 mg BD") does not: such a list holds current medication
_NO_LONGER_TAKEN = re.compile(r"historical:(?:(?:but |and )?(?:quit|stopped|gave up|discontinued)|previous(?:ly)?|prior"
                              r"|former(?:ly)?|ex-)$", re.I)


def no_longer_taken(f: Finding) -> bool:
    """True when a medication mention is in the scope of a 'stopped / discontinued / previously' trigger."""
    return any(_NO_LONGER_TAKEN.match(t) for t in f.triggers)


# a drug replaced by another: "tapentadol was switched to oxycodone", "morphine, changed to hydromorphone"
_SWITCHED_FROM = re.compile(r"[^.;\n]{0,20}?\b(?:was\s+|were\s+|has\s+been\s+)?(?:switched|changed|converted|rotated)\s+(?:over\s+)?to\b",
                            re.I)
# a single administration, not a regimen: "given once", "a single dose", "stat", "in the ambulance"
_ONE_OFF_DOSE = re.compile(r"\b(?:once|single\s+dose|one\s+dose|a\s+dose|stat|bolus|in\s+the\s+(?:ED|emergency\s+department|ambulance)"
                           r"|by\s+(?:the\s+)?(?:paramedics?|ambulance(?:\s+crew)?)|pre-?hospital)\b", re.I)


# a sentence that gives the regimen the patient came in on: "At the time of admission he was using ...", "On admission
# his regular analgesia was ...", "Home opioids: ..."
_ADMISSION_REGIMEN = re.compile(
    r"\b(?:on|at\s+the\s+time\s+of|at|upon|before|prior\s+to)\s+(?:his\s+|her\s+|their\s+|this\s+)?admission\b"
    r"|\bhome\s+(?:regimen|medications?|medicines|opioids?|analgesi[ac]s?)\b"
    r"|\bregular\s+(?:analgesi[ac]s?|medications?|medicines|opioids?)\b", re.I)


# the last sentence of a line ending in ':' (a list follows): 'Pain history: ... . Her regimen on admission was:'
_REGIMEN_HEADER = re.compile(r"(?:^|(?<=[.!?]\s))[^\n.!?]{0,200}:[ \t]*$", re.M)


def _admission_regimen(ctx: NoteContext) -> list:
    """The opioid mentions of the sentences that give the regimen at admission (:data:`_ADMISSION_REGIMEN`) with a
    dose and a frequency (or a patch's strength); empty when no sentence does. When the note gives that regimen, it is
    the list: opioids prescribed in hospital, after an operation or at discharge, and the words of 'morphine milligram
    equivalents', are not the patient's on arrival."""
    opioids = [m for m in ctx.medications if m.drug_class == "opioid"]
    blocks = _regimen_blocks(ctx.note)
    sentences = {m.sentence.start for m in opioids if m.dose is not None
                 and (m.doses_per_day is not None or m.route == "patch")
                 and (sentence_has(_ADMISSION_REGIMEN, m.sentence.text) or any(a <= m.start < b for a, b in blocks))}
    return [m for m in opioids if m.sentence.start in sentences]


def _regimen_blocks(note: str) -> list[tuple[int, int]]:
    """The lines under a header that gives the regimen at admission ('Her pain regimen on admission, from the fill
    history:', 'Home medications:'), up to the next blank line: a list whose items are sentences of their own."""
    out = []
    for m in _REGIMEN_HEADER.finditer(note):
        if _ADMISSION_REGIMEN.search(m.group(0)):
            blank = re.compile(r"\n[ \t]*\n").search(note, m.end())
            out.append((m.end(), blank.start() if blank else len(note)))
    return out


def opioid_list(ctx: NoteContext) -> Hit | None:
    """Opioids with dose and doses per day; a drug without a complete mention makes the list missing (no guessing).
    A drug the note says was stopped or taken previously is not part of the current daily dose and is left out; when
    a sentence gives the regimen at admission, its opioids are the list (:func:`_admission_regimen`)."""
    entries: dict[tuple, dict[str, Any]] = {}
    incomplete: list[tuple[str, str]] = []
    complete_drugs: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in _admission_regimen(ctx) or ctx.medications:
        if m.drug_class != "opioid":
            continue
        f = ctx.finding_at(m.start, m.end)
        if f.negated or f.hypothetical or f.family or no_longer_taken(f) \
                or medication_not_taken(ctx.note, m.start, m.end, m.sentence) or _SWITCHED_FROM.match(ctx.note, m.end):
            continue  # not taken now: denied, planned, a relative's, stopped, an allergy, switched to another drug
        if m.dose is None and f.historical:
            continue  # a past opioid named without a dose ("hydromorphone was tried in 2019")
        if m.doses_per_day is None and sentence_has(_ONE_OFF_DOSE, m.sentence.text):
            continue  # a single dose given ("fentanyl 50 mcg IV once in the ED"): not part of the daily regimen
        if m.name == "fentanyl":
            if m.route == "patch" or re.search(r"patch|transdermal", m.raw, re.I):
                drug = "FentANYL patch"
            elif m.route in ("buccal", "sublingual", "lozenge", "film") or re.search(r"buccal|sublingual|lozenge", m.raw, re.I):
                drug = "FentaNYL buccal"
            else:
                incomplete.append((m.name, f"{m.label} (route: buccal or patch?)"))
                continue
        else:
            drug = OPIOID_NAMES.get(m.name)
            if drug is None:
                incomplete.append((m.name, f"{m.label} (no MME factor)"))
                continue
        per_day = m.doses_per_day
        if drug != "FentANYL patch" and m.dose_unit and re.search(r"/\s*(?:min|h)|kg", m.dose_unit, re.I):
            incomplete.append((m.name, f"{m.label} (an infusion rate, not a dose)"))  # "morphine 2 mg/h": no doses per day
            continue
        if drug == "FentANYL patch":
            per_day = 1.0  # MME convention: a patch's strength (µg/h) counts once per day, whatever its change interval
        if m.dose is None or per_day is None:
            incomplete.append((m.name, f"{m.label} ({'dose' if m.dose is None else 'doses per day'} not given)"))
            continue
        key = (drug, m.dose, m.dose_unit, per_day)
        if key not in entries:
            entries[key] = {"drug": drug, "dose": float(m.dose), "unit": m.dose_unit, "doses_per_day": float(per_day)}
            spans.append((m.start, m.end))
        complete_drugs.add(m.name)
    # a mention without a dose is left out when another mention of the same drug (a brand and its generic name:
    # 'Dilaudid (hydromorphone) 4 mg ...') is complete
    missing = [text for drug, text in incomplete if drug not in complete_drugs]
    if missing or not entries:
        return None
    start, end = spans[0][0], spans[-1][1]
    return Hit(list(entries.values()), start, end, ctx.note[start:end], ctx.sentence_of(start).text, None,
               f"{len(entries)} opioid(s)")


def opioid_list_problems(ctx: NoteContext) -> list[str]:
    """Opioid mentions the list could not use (for the reviewer's note)."""
    out = []
    for m in ctx.medications:
        if m.drug_class == "opioid" and (m.dose is None or m.doses_per_day is None):
            out.append(f"{m.label}: {'dose' if m.dose is None else 'doses per day'} not given")
    return out


def steroid_support(ctx: NoteContext, value: Any) -> Hit | None:
    """Evidence for a steroid name: the drug is mentioned in the note (route not checked)."""
    if not isinstance(value, str):
        return None
    drug = value.split()[0].lower()
    for m in ctx.medications:
        if m.name == drug:
            return Hit.of_medication(m, value, "drug mentioned in the note")
    return None


def target_steroid_support(ctx: NoteContext, value: Any) -> Hit | None:
    if not isinstance(value, str):
        return None
    drug = value.split()[0].lower()
    for m in _STEROID_RX.finditer(ctx.question):
        if re.sub(r"\s+", "", m.group("d").lower()) == drug:
            return Hit(value, m.start(), m.end(), m.group(0), ctx.question, None, "named in the question", where="question")
    return None


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------


FIELD_MAP: dict[str, dict[str, Source]] = {
    "steroid_conversion": {
        "input_steroid": Derived(input_steroid, "first corticosteroid with a dose (route from the note)",
                                 support_fn=steroid_support),
        "dose": Derived(steroid_dose, "dose of that corticosteroid"),
        "target_steroid": Derived(target_steroid, "steroid named as the conversion target in the question",
                                  support_fn=target_steroid_support),
    },
    "morphine_milligram_equivalents": {
        "medications": Derived(opioid_list, "opioids with dose and doses/day; missing when any opioid lacks them"),
    },
}
