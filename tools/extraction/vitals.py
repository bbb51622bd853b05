"""Vital-sign readings that labels alone do not catch.

- Blood pressure written ``140/90 mmHg`` (or ``BP 140/90``): systolic and diastolic.
  A slash pair needs the mmHg unit or a blood-pressure label just before it, and is
  rejected when part of a range (``130-150/90-100``) or when systolic <= diastolic.
- Numbers carrying an unambiguous vital unit anywhere in the note: ``38.5 °C`` or
  ``101 °F`` (temperature), ``88 bpm`` / ``beats per minute`` (heart rate),
  ``22 breaths/min`` (respiratory rate), ``95% on room air`` (SpO2).
- An unqualified ``rate 130`` in a sentence about an ECG or a rhythm: the heart rate.
- Glasgow Coma Scale components ``E3V4M5`` (the total is their sum when not given).
"""

from __future__ import annotations

import re

from medmirror.tools.extraction.measurements import Reading, Scanner
from medmirror.tools.extraction.quantities import BY_NAME, Spec
from medmirror.tools.extraction.text import NUMBER

_BP = re.compile(
    r"(?<![\d.–\-/])(?P<sys>\d{2,3})\s*/\s*(?P<dia>\d{2,3})(?![\d–\-/]|\.\d)(?P<unit>\s*(?:mm\s*Hg|mmHg|torr))?", re.I)
_BP_LABEL = re.compile(
    r"(?:blood pressure|\bB/?P\b|arterial pressure|\bNIBP\b|\bABP\b|systolic/diastolic(?: blood)?(?: pressure)?"
    r"|\bSBP/DBP\b|hypotensive|hypertensive)[^\d.;]{0,40}$", re.I)
_NOT_BP_LABEL = re.compile(r"(?:pulmonary|PA|RV|right ventricular|wedge|venous|jugular|intraocular|intracranial)\b"
                           r"[^\d.;]{0,40}$", re.I)

_ANCHORS: dict[str, re.Pattern[str]] = {
    "temperature": re.compile(
        rf"({NUMBER})(?=\s*(?:°\s*[CF]|º\s*[CF]|℃|℉|degrees?\s*(?:celsius|centigrade|fahrenheit|C|F)\b|deg\.?\s*[CF]\b))",
        re.I),
    "heart_rate": re.compile(
        rf"({NUMBER})(?=\s*(?:beats?\s*(?:/|per|a)\s*min(?:ute)?|bpm\b|b/min\b))", re.I),
    "respiratory_rate": re.compile(rf"({NUMBER})(?=\s*breaths?\s*(?:/|per|a)\s*min(?:ute)?)", re.I),
    "spo2": re.compile(
        rf"({NUMBER})(?=\s*%\s*(?:on|in|with|while on)\s+(?:room air|RA\b|ambient air|\d+(?:\.\d+)?\s*L|nasal cannula"
        r"|supplemental oxygen|oxygen|a non-?rebreather|high[- ]flow))", re.I),
}

# "rate 130" with no kind named, in a sentence about an ECG or a rhythm ("12-lead: sinus tachycardia, rate 130, QT
# 300 ms"): the ventricular (heart) rate. Any other kind of rate ("respiratory rate", "infusion rate", "flow rate",
# "sedimentation rate") is a different quantity, and a rate followed by a unit of another kind is not read.
_ECG_RATE = re.compile(rf"(?<![\w-])(?P<kind>\w+\s+)?rate\s*(?:of|is|was|at|[:=~])?\s*(?:about\s+|approximately\s+|~\s*)?"
                       rf"(?P<n>{NUMBER})(?!\s*(?:%|/\s*h|mL|ml|L\b|mg|mcg|µg|ug|units?|breaths|per\s+hour))", re.I)
_ECG_CONTEXT = re.compile(r"\b(?:ECG|EKG|12-?\s?lead|electrocardiogra\w+|rhythm|sinus|tachycardi\w*|bradycardi\w*"
                          r"|atrial\s+fibrillation|atrial\s+flutter|telemetry)\b", re.I)
_HEART_RATE_KIND = re.compile(r"(?:heart|ventricular|ventricle|pulse|ECG|EKG|sinus|the|a|with|at|its|HR|rapid|fast|slow"
                              r"|regular|irregular|controlled|uncontrolled|average|mean)\s+", re.I)

_GCS_COMPONENTS = re.compile(r"(?<![A-Za-z])E\s*([1-4])\s*,?\s*V\s*([1-5]|T)\s*,?\s*M\s*([1-6])(?![\w])")


def blood_pressure(scanner: Scanner) -> dict[str, list[Reading]]:
    """Systolic and diastolic readings from slash pairs."""
    note = scanner.note
    out: dict[str, list[Reading]] = {"systolic_bp": [], "diastolic_bp": []}
    sbp_spec, dbp_spec = BY_NAME["systolic_bp"], BY_NAME["diastolic_bp"]
    for m in _BP.finditer(note):
        sent = scanner.index.at(m.start())
        before = note[max(sent.start, m.start() - 60):m.start()]
        label = _BP_LABEL.search(before)
        if _NOT_BP_LABEL.search(before) and not (label and label.start() > _NOT_BP_LABEL.search(before).start()):
            continue
        if not (m.group("unit") or label):
            continue
        sbp, dbp = float(m.group("sys")), float(m.group("dia"))
        if not (sbp_spec.lo <= sbp <= sbp_spec.hi and dbp_spec.lo <= dbp <= dbp_spec.hi and sbp > dbp):
            continue
        start = m.start() - (len(before) - label.start()) if label else m.start()
        unit = m.group("unit").strip() if m.group("unit") else None
        for spec, val, grp in ((sbp_spec, sbp, "sys"), (dbp_spec, dbp, "dia")):
            out[spec.name].append(Reading(
                spec, val, val, unit, m.start(grp), m.end(grp), start, m.end(),
                unit_assumed=unit is None, details={"pair": m.group(0).strip()},
            ))
    return out


def anchored(scanner: Scanner) -> dict[str, list[Reading]]:
    """Readings found by their unit alone (temperature, heart rate, respiratory rate, SpO2)."""
    out: dict[str, list[Reading]] = {}
    for name, rx in _ANCHORS.items():
        spec: Spec = BY_NAME[name]
        for m in rx.finditer(scanner.note):
            r = scanner.read_number(spec, m.start(1), m.end(1))
            if r is not None:
                out.setdefault(name, []).append(r)
    return out


def ecg_rate(scanner: Scanner) -> dict[str, list[Reading]]:
    """Heart rate from an unqualified 'rate N' in a sentence about an ECG or a rhythm (see :data:`_ECG_RATE`)."""
    out: dict[str, list[Reading]] = {}
    spec = BY_NAME["heart_rate"]
    for m in _ECG_RATE.finditer(scanner.note):
        kind = m.group("kind")
        if kind and not _HEART_RATE_KIND.fullmatch(kind):
            continue
        if not _ECG_CONTEXT.search(scanner.index.at(m.start()).text):
            continue
        r = scanner.read_number(spec, m.start("n"), m.end("n"))
        if r is not None:
            r.start = m.start() + (len(kind) if kind else 0)
            r.details["label"] = "rate (ECG)"
            out.setdefault("heart_rate", []).append(r)
    return out


def gcs_components(scanner: Scanner) -> dict[str, list[Reading]]:
    """GCS eye / verbal / motor from 'E3V4M5' (verbal 'T' = intubated, not scored)."""
    out: dict[str, list[Reading]] = {}
    gcs = BY_NAME["gcs"]
    for m in _GCS_COMPONENTS.finditer(scanner.note):
        parts = {}
        for name, grp in (("gcs_eye", 1), ("gcs_verbal", 2), ("gcs_motor", 3)):
            if m.group(grp) == "T":
                continue
            v = float(m.group(grp))
            parts[name] = v
            out.setdefault(name, []).append(Reading(
                gcs, v, v, None, m.start(grp), m.end(grp), m.start(), m.end(), details={"component": name}))
        if len(parts) == 3:
            total = sum(parts.values())
            out.setdefault("gcs_from_components", []).append(Reading(
                gcs, total, total, None, m.start(), m.end(), m.start(), m.end(),
                details={"derived_from": "E+V+M components"}))
    return out
