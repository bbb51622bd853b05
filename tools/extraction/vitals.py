"""Vital-sign readings that labels alone do not catch.

- Blood pressure written ``140/90 mmHg`` (or ``BP 140/90``, ``blood pressure 140 over 90``): systolic and diastolic.
  A slash pair needs the mmHg unit or a blood-pressure label just before it, and is
  rejected when part of a range (``130-150/90-100``) or when systolic <= diastolic.
- Numbers carrying an unambiguous vital unit anywhere in the note: ``38.5 °C`` or
  ``101 °F`` (temperature), ``88 bpm`` / ``beats per minute`` (heart rate),
  ``22 breaths/min`` (respiratory rate), ``95% on room air`` (SpO2).
- An unqualified ``rate 130`` in a sentence about an ECG or a rhythm, or a rate after the rhythm
  (``sinus rhythm 64/min``, ``AF at 130``): the heart rate.
- ``P 112`` and ``R 24`` on an observations line with other vital signs (pulse, respirations).
- ``QT/QTc 380/430 ms``: QT and QTc.
- Glasgow Coma Scale components ``E3V4M5`` (the total is their sum when not given).
"""

from __future__ import annotations

import re

from medmirror.tools.extraction.measurements import Reading, Scanner
from medmirror.tools.extraction.quantities import BY_NAME, Spec
from medmirror.tools.extraction.text import NUMBER

_BP = re.compile(
    r"(?<![\d.–\-/])(?P<sys>\d{2,3})\s*(?:/|\s+over\s+)\s*(?P<dia>\d{2,3})(?![\d–\-/]|\.\d)(?P<unit>\s*(?:mm\s*Hg|mmHg|torr))?", re.I)
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

# A rhythm named with its rate: "sinus rhythm 64/min", "sinus tachycardia at 118", "AF at a rate of 130 bpm".
_RHYTHM_RATE = re.compile(
    r"\b(?:sinus\s+(?:rhythm|tachycardia|bradycardia|arrhythmia)|(?:atrial\s+)?(?:fibrillation|flutter)|(?-i:\bAF\b|\bAFib\b)"
    r"|(?:junctional|paced|ventricular|regular|irregular)\s+rhythm|(?-i:\bNSR\b|\bSR\b|\bST\b|\bSB\b))"
    r"\s*(?:,\s*)?(?:(?:at|of|with)\s+)?(?:(?:a|an)\s+)?(?:(?:ventricular|heart)\s+)?(?:rate\s+(?:of\s+)?)?(?P<n>\d{2,3})(?!\d|\.\d)"
    r"(?=\s*(?:/\s*min|bpm|b/min|beats|per\s+min)|\s*(?:[,;)]|\.(?!\d)|$)"
    r"|\s+(?!(?:mg|mcg|µg|ug|ml|mL|%|mm|cm|ms|msec|kg|g|units?|IU|x|times|hours?|h|days?|d|weeks?|min(?:utes?)?"
    r"|years?|yrs?|y|months?|mo)\b))", re.I)
# an arrhythmia named in a history ("diagnosed with AF at 70") is no tracing: its number is a rate only with a rate word
# or unit, or in a sentence about an ECG or a monitor
_RATE_WORD = re.compile(r"\brate\b|/\s*min|\bbpm\b|\bbeats\b|per\s+min", re.I)
_ARRHYTHMIA = re.compile(r"^(?:(?:atrial\s+)?(?:fibrillation|flutter)|AF|AFib)\b", re.I)
# Temperature / pulse / respiration letters of an observations line: "T 38.9, P 112, R 24, BP 96/60". A lone 'P' or
# 'R' is read only on a line with other vital signs, with a whole number of two or three digits.
_TPR = re.compile(r"(?<![\w/])(?-i:(?P<lab>P|R))\s*[:=]?\s*(?P<n>\d{2,3})(?!\d|\.\d|\s*(?:%|mm|cm|ms|mg|mL|/\d))")
_VITALS_LINE = re.compile(r"(?:\bB/?P\b|blood pressure|\bT\b\s*[:=]?\s*\d|\btemp\w*|\bSp?O2\b|\bsats?\b|\bHR\b|\bRR\b"
                          r"|\bpulse\b|\bobs\b|\bvitals?\b|\bvital signs\b)", re.I)
# "QT/QTc 380/430 ms": the first number is the QT, the second the QTc.
_QT_PAIR = re.compile(r"(?-i:\bQT\b)\s*/\s*(?-i:QTc\b)(?:\s+intervals?)?\s*(?:[:=]|of|was|were|is|are)?\s*"
                      r"(?P<qt>\d{3})\s*/\s*(?P<qtc>\d{3})(?![\d.])(?P<u>\s*(?:ms|msec|milliseconds?))?", re.I)

# GCS components in a row, E before V before M: "E3V4M5", "E3 + V4 + M6", "E3/V4/M5", "E-3 V-3 M-5", "E2 V(T) M5",
# the words as form fields "Eyes 2, Verbal 2, Motor 4", "Eye opening: 3/4; Verbal: 4/5; Motor: 6/6" (out of 4/5/6)
_GCS_SEP = r"\s*[,/+;]?\s*(?:and\s+)?"
_GCS_LAB = r"\s*(?:[:=-]\s*)?"
_GCS_COMPONENTS = re.compile(
    r"(?<![A-Za-z])(?:E|(?i:eyes?(?:[ \t]+opening)?(?:[ \t]+response)?))" + _GCS_LAB + r"([1-4])(?:\s*/\s*4(?![\d.]))?"
    + _GCS_SEP + r"(?:V|(?i:verbal(?:[ \t]+response)?))" + _GCS_LAB + r"\(?([1-5]|T)\)?(?:\s*/\s*5(?![\d.]))?"
    + _GCS_SEP + r"(?:M|(?i:motor(?:[ \t]+response)?))" + _GCS_LAB + r"([1-6])(?:\s*/\s*6(?![\d.]))?(?![\w])")


# a goal written before the pair, in its clause: 'target BP 135/85 or lower', 'BP goal < 130/80', 'aim to keep the blood
# pressure under 140/90' (a value to reach, not one measured)
_BP_GOAL_BEFORE = re.compile(r"\b(?:targets?|goals?|aim(?:ing)?|keep|maintain|treat(?:ing)?\s+to)\b[^\d;.\n]{0,30}$", re.I)


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
        if _BP_GOAL_BEFORE.search(before):  # 'target BP 135/85 or lower', 'aim for a BP below 140/90': a goal
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


def rhythm_rate(scanner: Scanner) -> dict[str, list[Reading]]:
    """Heart rate written after the rhythm it belongs to (:data:`_RHYTHM_RATE`)."""
    out: dict[str, list[Reading]] = {}
    spec = BY_NAME["heart_rate"]
    for m in _RHYTHM_RATE.finditer(scanner.note):
        if _ARRHYTHMIA.match(m.group(0)) and not (
                _RATE_WORD.search(scanner.note, m.start(), min(len(scanner.note), m.end() + 12))
                or _ECG_CONTEXT.search(scanner.index.at(m.start()).text.replace(m.group(0), " "))
                or re.search(r"\b(?:monitor|telemetry|tele|strip)\b", scanner.index.at(m.start()).text, re.I)):
            continue
        r = scanner.read_number(spec, m.start("n"), m.end("n"))
        if r is not None:
            r.start = m.start()
            r.details["label"] = "rhythm rate"
            out.setdefault("heart_rate", []).append(r)
    return out


def tpr_letters(scanner: Scanner) -> dict[str, list[Reading]]:
    """'P 112' (pulse) and 'R 24' (respirations) on an observations line (:data:`_TPR`)."""
    out: dict[str, list[Reading]] = {}
    for m in _TPR.finditer(scanner.note):
        sent = scanner.index.at(m.start())
        line_start = scanner.note.rfind("\n", sent.start, m.start()) + 1 or sent.start
        line_end = scanner.note.find("\n", m.end(), sent.end)
        line = scanner.note[max(line_start, sent.start):line_end if line_end >= 0 else sent.end]
        rest = line.replace(m.group(0), " ", 1)
        if not _VITALS_LINE.search(rest):
            continue
        spec = BY_NAME["heart_rate" if m.group("lab") == "P" else "respiratory_rate"]
        r = scanner.read_number(spec, m.start("n"), m.end("n"))
        if r is not None:
            r.start = m.start()
            r.details["label"] = m.group("lab")
            out.setdefault(spec.name, []).append(r)
    return out


# PaO2 with the FiO2 it was measured on written between label and value: "PaO2 on FiO2 0.4 was 68 mmHg", "PaO2 (FiO2
# 0.4) 68", "PaO2 at FiO2 40%: 68 mmHg"; and the pair "PaO2/FiO2 68/0.4" (not a ratio: two numbers)
_PAO2_ON_FIO2 = re.compile(
    rf"(?-i:\bPa?O2\b|\bPaO₂)\s*(?:\(\s*)?(?:on|at|with|breathing)?\s*(?-i:FiO2|FIO2)\s*(?:of\s*)?(?P<f>{NUMBER})\s*%?\s*\)?"
    rf"\s*(?:,\s*)?(?:was|is|of|:|=|-)?\s*(?P<p>{NUMBER})(?P<u>\s*(?:mm\s*Hg|mmHg|kPa))?"
    rf"|(?-i:\bPa?O2\b)\s*/\s*(?-i:FiO2|FIO2)\s*(?:[:=]|of|was)?\s*(?P<p2>{NUMBER})\s*/\s*(?P<f2>0?\.\d+|\d{{2,3}})\s*%?"
    rf"(?P<u2>\s*(?:mm\s*Hg|mmHg|kPa))?", re.I)


def pao2_on_fio2(scanner: Scanner) -> dict[str, list[Reading]]:
    """PaO2 and FiO2 when the FiO2 is written between PaO2's label and value (:data:`_PAO2_ON_FIO2`)."""
    out: dict[str, list[Reading]] = {}
    for m in _PAO2_ON_FIO2.finditer(scanner.note):
        p, f, u = ("p", "f", "u") if m.group("p") else ("p2", "f2", "u2")
        r = scanner.read_number(BY_NAME["pao2"], m.start(p), m.end(p), (m.group(u) or "").strip() or None)
        if r is not None:
            r.start, r.end = m.start(), m.end()
            out.setdefault("pao2", []).append(r)
        fr = scanner.read_number(BY_NAME["fio2"], m.start(f), m.end(f))  # a bare 0.4 is a fraction, 40 a percentage
        if fr is not None:
            fr.start, fr.end = m.start(), m.end()
            out.setdefault("fio2", []).append(fr)
    return out


def qt_pair(scanner: Scanner) -> dict[str, list[Reading]]:
    """QT and QTc from 'QT/QTc 380/430 ms' (:data:`_QT_PAIR`)."""
    out: dict[str, list[Reading]] = {}
    for m in _QT_PAIR.finditer(scanner.note):
        unit = (m.group("u") or "").strip() or None
        for name, grp in (("qt_interval", "qt"), ("qtc_interval", "qtc")):
            r = scanner.read_number(BY_NAME[name], m.start(grp), m.end(grp), unit)
            if r is not None:
                r.start, r.end = m.start(), m.end()
                r.details["pair"] = m.group(0).strip()
                out.setdefault(name, []).append(r)
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
