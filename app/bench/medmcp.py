"""MedMCP-Calc runner: multi-calculator clinical scenarios (SPIRAL-MED/MedMCP-Calc, MIT, ACL 2026).

A row (JSON Lines, the published fields): ``task_id``, ``task_scenario``, ``task_category``, ``task_description``
(the workflow with its steps and branches), ``fuzzy_question`` (a clinician's request without calculator names),
``required_calculators`` (MDCalc names, in order) and ``calculator_answers`` (per calculator: ``name``, ``inputs``
as MDCalc field/value strings with units, ``final_answer``, ``notes``).

Modes (:data:`MODES`):

* ``gold``: each required calculator that MedMirror implements (MDCalc's name resolved through the calculators'
  names and aliases, exactly, after case and punctuation are folded) runs on the scenario's gold inputs (each MDCalc
  field matched to one input by the words of its label; the value parsed with its unit) and is compared with
  MDCalc's ``final_answer``: a number within :data:`TOLERANCE` relative, or equal at the precision MDCalc printed
  (converted to MDCalc's unit when it prints one); a category answer by its label (our value, or a phrase of our
  interpretation, equals MDCalc's after folding). Every disagreement is listed with its reason.
* ``plan``: the calculators the product's tool retrieval (BM25, fused with the e5 ranking when embeddings are
  configured) finds for ``fuzzy_question``, and separately for ``task_description``, against the required ones:
  each sentence of the text is one query and its best calculator card is identified (``segments``); the top-k of the
  whole text is reported beside it (``whole``).
* ``agent``: end to end over a patient record built from the scenario; not available here (:class:`ModeNotAvailableError`).

``DIR/summary.json`` carries ``tasks``, ``calculators_required`` (mentions), ``calculators_covered`` (mentions whose
calculator MedMirror implements), ``gold_value_accuracy`` (over covered mentions), ``identification_recall`` and
``identification_precision``; ``DIR/records.jsonl`` holds one record per scenario (a rerun with the same ``--out``
resumes) and ``DIR/medmcp.png`` the figures.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from medmirror.bench.common import (
    JsonlWriter,
    Record,
    accuracy,
    default_out_dir,
    load_records,
    run_items,
    write_summary,
)
from medmirror.bench.medcalc import BenchError, ModeNotAvailableError
from medmirror.core.models.embeddings import make_embeddings
from medmirror.core.settings import Settings
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.base import Calculator
from medmirror.tools.calculators.intervals import Interval, IntervalError, number_kind, run_over_intervals
from medmirror.tools.calculators.library._workflow_common import pick_option
from medmirror.tools.calculators.points import SPECS, Choice
from medmirror.tools.calculators.units import ANALYTES, UnitConversionError, convert, parse_quantity

BENCHMARK = "medmcp"
RECORDS_FILE = "records.jsonl"
SUMMARY_FILE = "summary.json"
PLOT_FILE = "medmcp.png"
TOLERANCE = 0.05  # relative: the benchmark's README states none, so 5 %
MAX_FILE_BYTES = 50_000_000
MAX_SEGMENTS = 60  # sentences queried per text (bounded work)
MIN_SEGMENT_WORDS = 5
# plan mode, BM25 alone: per sentence, the calculators scoring at least MIN_BM25 (raw BM25), at most SEGMENT_K. Chosen
# on the 40 development scenarios' fuzzy questions (recall / precision: top-1 42 / 21 %, 6 and 3 here 53 / 22 %).
MIN_BM25 = 6.0
SEGMENT_K = 3


class MedMCPDataError(BenchError, ValueError):
    """The data file cannot be read as MedMCP-Calc rows."""


@dataclass(frozen=True)
class MedMCPRow:
    id: str
    scenario: str
    category: str
    task_description: str
    fuzzy_question: str
    required: tuple[str, ...]
    answers: tuple[dict[str, Any], ...]


def read_medmcp(path: str | Path) -> list[MedMCPRow]:
    """The rows of a MedMCP-Calc JSON Lines file; a bad line is refused with its number and the field at fault."""
    p = Path(path)
    if not p.is_file():
        raise MedMCPDataError(f"{p}: no such file")
    if p.stat().st_size > MAX_FILE_BYTES:
        raise MedMCPDataError(f"{p}: larger than {MAX_FILE_BYTES} bytes")
    rows: list[MedMCPRow] = []
    for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise MedMCPDataError(f"{p}:{n}: not JSON ({exc})") from None
        if not isinstance(obj, dict):
            raise MedMCPDataError(f"{p}:{n}: not a JSON object")
        for key, kind in (("task_id", str), ("fuzzy_question", str), ("task_description", str),
                          ("required_calculators", list), ("calculator_answers", list)):
            if not isinstance(obj.get(key), kind):
                raise MedMCPDataError(f"{p}:{n}: '{key}' missing or not a {kind.__name__}")
        if not all(isinstance(a, dict) and isinstance(a.get("name"), str) and isinstance(a.get("inputs", []), list)
                   for a in obj["calculator_answers"]):
            raise MedMCPDataError(f"{p}:{n}: each calculator answer needs a 'name' and a list of 'inputs'")
        rows.append(MedMCPRow(
            id=obj["task_id"], scenario=str(obj.get("task_scenario", "")), category=str(obj.get("task_category", "")),
            task_description=obj["task_description"], fuzzy_question=obj["fuzzy_question"],
            required=tuple(str(c) for c in obj["required_calculators"]), answers=tuple(obj["calculator_answers"])))
    if not rows:
        raise MedMCPDataError(f"{p}: no rows")
    return rows


# ---------------------------------------------------------------------------
# MDCalc names -> calculators
# ---------------------------------------------------------------------------


def fold(text: str) -> str:
    """Lower case, subscripts and curly quotes as plain characters, punctuation as single spaces."""
    text = text.translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉’‘ₐ", "0123456789''a"))
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


@lru_cache(maxsize=1)
def name_index() -> dict[str, str]:
    """Folded calculator name or alias -> calculator id. An alias that names two calculators is left out (a
    calculator's own name wins over another's alias)."""
    own = {fold(c.name): c.id for c in CALCULATORS.values()}
    seen: dict[str, set[str]] = {}
    for c in CALCULATORS.values():
        for alias in (c.id.replace("_", " "), *c.card().aliases):
            seen.setdefault(fold(alias), set()).add(c.id)
    index = {name: next(iter(ids)) for name, ids in seen.items() if len(ids) == 1 and name}
    index.update(own)
    return index


def resolve(mdcalc_name: str) -> Calculator | None:
    """The calculator MDCalc's name (or that name without its parenthesised part) names exactly, or None."""
    index = name_index()
    for candidate in (mdcalc_name, re.sub(r"\([^)]*\)", " ", mdcalc_name)):
        cid = index.get(fold(candidate))
        if cid:
            return CALCULATORS[cid]
    return None


# ---------------------------------------------------------------------------
# Gold inputs -> arguments
# ---------------------------------------------------------------------------

_SYNONYMS = {
    "hr": "heart rate", "pulse": "heart rate", "sbp": "systolic", "dbp": "diastolic", "hco3": "bicarbonate",
    "bicarb": "bicarbonate", "bun": "urea", "cr": "creatinine", "scr": "creatinine", "na": "sodium",
    "k": "potassium", "cl": "chloride", "gender": "sex", "rr": "respiratory rate", "temp": "temperature",
    "o2": "oxygen", "spo2": "spo2 saturation", "pao2": "pao2", "paco2": "paco2", "fio2": "fio2", "paw": "airway",
    "pplat": "plateau", "cr1": "creatinine 1", "cr2": "creatinine 2", "tidal": "tidal", "a1c": "hba1c",
    "hemoglobin": "hba1c", "bal": "blood alcohol", "co2": "paco2", "pco2": "paco2",
}
_GENERIC = {"the", "of", "a", "an", "in", "on", "for", "to", "and", "or", "with", "is", "was", "if", "by", "at",
            "as", "value", "mg", "dl", "mmol", "l", "meq", "mm", "hg", "kg", "lbs", "lb", "cm", "per", "min",
            "h", "hr", "years", "year", "u", "ul", "ml", "given", "optional", "instead", "s", "than", "be", "more"}


def _tokens(text: str) -> set[str]:
    words = fold(text.replace("_", " ")).split()
    out: set[str] = set()
    for w in words:
        out.update(_SYNONYMS.get(w, w).split())
    # a plural is its singular ('platelets' is 'platelet')
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in out} - _GENERIC


_WRONG_UNIT = -100.0


def _number_text(value: Any) -> str:
    """An MDCalc number as text a quantity parser reads: its note cut, 'cm H₂O' as 'cmH2O', thousands commas and an
    'over 24 hours' qualifier dropped ('4,133 mL', '800 mL over 24 hours')."""
    text = _plain(_cut_note(str(value))).replace("cm H2O", "cmH2O")
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    return re.sub(r"(?i)\s+(?:over|in|per)\s+\d+(?:\.\d+)?\s*(?:h|hr|hrs|hours?)$", "", text)


def _value_fit(calc: Calculator, spec: Any, label: str, value: Any, points: Mapping[str, float] | None) -> float:
    """How well a field's value fits an input: +3 a choice that takes it; for a number input -3 a text with no
    number, band or yes/no ('mm Hg', 'Every 8 hours'), +2 a unit that converts to the input's, :data:`_WRONG_UNIT`
    one that does not (the pair is then never made)."""
    if spec.type == "enum" and spec.allowed:
        return 3 if argument(spec, label, value, points) in spec.allowed else 0
    if number_kind(calc, spec.name) is None or not isinstance(value, str):
        return 0
    if isinstance(argument(spec, label, value, points, True), Interval):
        return 0
    text = _number_text(value)
    if not re.search(r"\d", text):
        return -3
    try:
        _number, unit = parse_quantity(text)
    except (ValueError, UnitConversionError):
        return 0
    if not unit or not spec.unit:
        return 0
    return 2 if _unit_or_none(unit, spec) else _WRONG_UNIT


def match_fields(calc: Calculator, fields: list[str], values: Mapping[str, Any] | None = None) -> dict[str, str]:
    """MDCalc field label -> input name: each pair scored by shared words (label vs the input's name and
    description), plus 2 when every word of the input's name is in the label, plus 3 when a choice input takes
    the field's value (``values``: 'Sitting to standing' and 'Standing to sitting' share their words; their
    answers tell them apart); assigned greedily, best first, each field and input once; a pair sharing no word is
    never made."""
    specs = {s.name: s for s in calc.card().inputs}
    points = option_points(calc)
    scored: list[tuple[float, int, str, str]] = []
    for i, label in enumerate(fields):
        lt = _tokens(label)
        for name, spec in specs.items():
            name_words = _tokens(name)
            shared = lt & (name_words | _tokens(spec.description))
            if not shared:
                continue
            score = len(shared) + (2 if name_words and name_words <= lt else 0) - 0.01 * len(name_words - lt)
            fit = _value_fit(calc, spec, label, values[label], points.get(name)) if values and label in values else 0
            if fit == _WRONG_UNIT:
                continue  # '330 mL' is never an input in hours
            scored.append((score + fit, -i, label, name))
    out: dict[str, str] = {}
    used: set[str] = set()
    for _score, _i, label, name in sorted(scored, reverse=True):
        if label not in out and name not in used:
            out[label] = name
            used.add(name)
    return out


_LABEL_UNIT = re.compile(r"\(([^()]*)\)\s*$")


def _cut_note(text: str) -> str:
    """'3.0 mg/dL (current)' -> '3.0 mg/dL'; 'Yes(72 years)' -> 'Yes'."""
    return re.split(r"[(;]", text, maxsplit=1)[0].strip() or text.strip()


_BOUND = r"([-+]?\d+(?:\.\d+)?)"
_ONE_SIDED = re.compile(r"(<=|>=|<|>|≤|≥)\s*" + _BOUND)
_TWO_SIDED = re.compile(r"(>)?\s*" + _BOUND + r"\s*%?\s*(?:-|–|to)\s*" + _BOUND)


def _interval(label: str) -> tuple[float, float, bool, bool] | None:
    """(low, high, low inclusive, high inclusive) an option label such as '<=60 years', '41-60', '>1.2 to 1.4',
    'CRP >10 mg/L' or '92-94%' states; None for a label without one."""
    two = _TWO_SIDED.search(label)
    if two:
        return float(two.group(2)), float(two.group(3)), two.group(1) is None, True
    one = _ONE_SIDED.search(label)
    if not one:
        return None
    return _one_sided(one.group(1), float(one.group(2)))


def range_option(number: float, options: tuple[str, ...]) -> str | None:
    """The one option whose stated range holds ``number``; of nested one-sided options ('< 10 g/dL', '< 11 g/dL')
    the tightest. None when no option or several unrelated ones hold it."""
    holding: list[tuple[str, tuple[float, float, bool, bool]]] = []
    for option in options:
        iv = _interval(option)
        if iv is None:
            continue
        lo, hi, lo_in, hi_in = iv
        if (number > lo or lo_in and number == lo) and (number < hi or hi_in and number == hi):
            holding.append((option, iv))
    if len(holding) == 1:
        return holding[0][0]
    if holding and all(iv[0] == -math.inf for _, iv in holding):
        return min(holding, key=lambda h: h[1][1])[0]
    if holding and all(iv[1] == math.inf for _, iv in holding):
        return max(holding, key=lambda h: h[1][0])[0]
    return None


def _plain(text: str) -> str:
    """Subscripts and superscripts as digits, '×' as 'x' ('cm H₂O' -> 'cm H2O')."""
    return text.translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹×", "01234567890123456789x"))


_YES, _NO = {"yes", "true", "present"}, {"no", "false", "absent"}
# MDCalc's age-range choices as intervals (years): its calculators ask 'Child / Adult / Elderly' where the formula
# takes an age; the conventional bounds (adult from 18, elderly from 65) are this module's convention.
AGE_WORDS = {"child": (0.0, 18.0, True, False), "children": (0.0, 18.0, True, False),
             "pediatric": (0.0, 18.0, True, False), "adult": (18.0, 65.0, True, False),
             "elderly": (65.0, math.inf, True, False)}
_CLAUSE = re.compile(r"([^<>≤≥=]*?)\s*(<=|>=|<|>|≤|≥)\s*([-+]?\d+(?:\.\d+)?)\s*([^\s,;()]*)")
_BAND = re.compile(r"\s*(?:(<=|>=|<|>|≤|≥)\s*([-+]?\d+(?:\.\d+)?)|([-+]?\d+(?:\.\d+)?)\s*%?\s*(?:-|–|to)\s*"
                   r"([-+]?\d+(?:\.\d+)?))\s*([A-Za-z%/µ°²]*(?:/[A-Za-z]+)?)\s*")


def _one_sided(op: str, bound: float) -> tuple[float, float, bool, bool]:
    return {"<": (-math.inf, bound, False, False), "<=": (-math.inf, bound, False, True),
            "≤": (-math.inf, bound, False, True), ">": (bound, math.inf, False, False),
            ">=": (bound, math.inf, True, False), "≥": (bound, math.inf, True, False)}[op]


def _unit_or_none(unit: str, spec: Any) -> str | None:
    """A unit written after a bound, kept when it converts to the input's unit ('°C', 'mg/dL', '%'); a word that
    is no unit ('breaths', 'bpm') is the input's own unit."""
    unit = unit.strip().rstrip(".")
    if not unit or not spec.unit:
        return None
    try:
        convert(1.0, unit, spec.unit, analyte=spec.name if spec.name in ANALYTES else None)
    except (UnitConversionError, ValueError):
        return None
    return unit


def label_interval(spec: Any, label: str, yes: bool) -> Interval | None:
    """The interval an MDCalc yes/no field with a threshold in its label ('Heart rate >100', 'Age ≥65', 'Temperature
    <35°C or >39.9°C', 'BUN ≥30 mg/dL (≥11 mmol/L)') states for the input ``spec``: 'yes' is the condition, 'no'
    its complement. None when the label states none, or when the answer is a union the interval cannot hold
    ('yes' to two thresholds joined by 'or') or the clauses name other measures than this input."""
    text = _plain(re.sub(r"\([^)]*\)", " ", label))
    clauses: list[tuple[set[str], str, float, str]] = []
    for part in re.split(r"\bor\b|[,;]", text):
        for found in _CLAUSE.finditer(part):
            words = _tokens(found.group(1))
            clauses.append((words or (clauses[-1][0] if clauses else set()), found.group(2), float(found.group(3)),
                            found.group(4)))
    if not clauses:
        return None
    if yes and len(clauses) > 1:
        return None  # a union ('<35 or >39.9', 'SBP <90 or DBP <=60': yes) is not one interval
    own = _tokens(spec.name) | _tokens(spec.description)
    mine = [c for c in clauses if c[0] & own] if len({frozenset(c[0]) for c in clauses}) > 1 else clauses
    if not mine or len({frozenset(c[0]) for c in mine}) > 1:
        return None
    lo, hi, lo_in, hi_in = -math.inf, math.inf, False, False
    units = {_unit_or_none(c[3], spec) for c in mine}
    if len(units) > 1:
        return None
    for _words, op, bound, _unit in mine:
        a, b, a_in, b_in = _one_sided(op, bound)
        if not yes:  # the complement of a one-sided condition is the other side, its bound flipped in or out
            a, b, a_in, b_in = (b, math.inf, not b_in, False) if a == -math.inf else (-math.inf, a, False, not a_in)
        if a > lo or a == lo and not a_in:
            lo, lo_in = a, a_in
        if b < hi or b == hi and not b_in:
            hi, hi_in = b, b_in
    if lo > hi:
        return None
    return Interval(lo, hi, lo_in, hi_in, units.pop())


def value_interval(spec: Any, label: str, value: Any, numeric: bool = False) -> Interval | None:
    """The interval a number input (``numeric``: an optional number whose card says 'string') is given as: a band
    ('15-44 years', '92-93%', '< 30'), an age range word ('Adult'), or yes/no to a threshold its label states;
    None for a value (or anything else)."""
    if not (numeric or spec.type in ("number", "integer")) or not isinstance(value, str):
        return None
    text = _plain(value).strip()
    head = fold(text).split()[:1]
    if head and head[0] in _YES | _NO:
        return label_interval(spec, label, head[0] in _YES)
    if head and "age" in _tokens(spec.name) and fold(_cut_note(text)) in AGE_WORDS:
        lo, hi, lo_in, hi_in = AGE_WORDS[fold(_cut_note(text))]
        return Interval(lo, hi, lo_in, hi_in, None)
    band = _BAND.fullmatch(_cut_note(text))
    if not band:
        return None
    op, one, low, high, unit = band.groups()
    if op and unit and _unit_or_none(unit, spec) is None and unit.strip() not in ("", "%"):
        return None
    if op:
        return Interval(*_one_sided(op, float(one)), _unit_or_none(unit or "", spec))
    if float(low) > float(high):
        return None
    return Interval(float(low), float(high), True, True, _unit_or_none(unit or "", spec))


def option_points(calc: Calculator) -> dict[str, dict[str, float]]:
    """Input name -> {option label: points} of a point score's choices ({} for other calculators)."""
    spec = SPECS.get(calc.id)
    if spec is None:
        return {}
    return {item.name: {o.label: float(o.points) for o in item.options} for item in spec.items
            if isinstance(item, Choice)}


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
_STATED = re.compile(r"^\s*(\d+|[IV]{1,3})\s*(?:\(|-|–|:)\s*(?P<lead_text>.*)$|^(?P<tail_text>.*?)\(\s*\+?(\d+)"
                     r"(?:\s*points?)?\s*\)\s*$", re.S)


def stated_points(value: Any) -> tuple[float, str] | None:
    """(points, the rest of the text) an MDCalc answer states for its option: '2 (Moderate slowing ...)',
    '0 - No problem', 'III - Patient with severe systemic disease', 'Moderately anxious (4)', '... (+3)',
    '... (3 points)'; None when it states none."""
    if not isinstance(value, str):
        return None
    found = _STATED.match(value.strip())
    if not found:
        return None
    if found.group(1):
        head = found.group(1)
        return float(_ROMAN[head] if head in _ROMAN else head), found.group("lead_text")
    if found.group(4) is None or not found.group("tail_text").strip():
        return None
    return float(found.group(4)), found.group("tail_text")


def _by_points(value: Any, options: tuple[str, ...], points: Mapping[str, float] | None) -> str | None:
    """The option worth the points ``value`` states; of several such, the one sharing most words with its text."""
    stated = stated_points(value)
    if stated is None or not points:
        return None
    worth = [o for o in options if points.get(o) == stated[0]]
    if len(worth) <= 1:
        return worth[0] if worth else None
    text = _tokens(stated[1])
    overlap = sorted(((len(text & _tokens(o)), o) for o in worth), reverse=True)
    return overlap[0][1] if overlap[0][0] > overlap[1][0] else None


def argument(spec: Any, label: str, value: Any, points: Mapping[str, float] | None = None,
             numeric: bool = False) -> Any:
    """An MDCalc value as the input ``spec`` takes it (a number with its unit, a boolean, an option label; a number
    for an option stated as a range picks the one range that holds it; a number input given as a band or as yes/no
    to a threshold becomes an :class:`Interval`)."""
    interval = value_interval(spec, label, value, numeric)
    if interval is not None:
        return interval
    if spec.type == "number":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            unit = _LABEL_UNIT.search(label)
            return f"{value} {unit.group(1)}" if unit and spec.unit else value
        text = _number_text(value)

        if not spec.unit:
            lead = re.match(r"\s*[-+]?\d+(?:\.\d+)?", text)
            return float(lead.group()) if lead else text
        try:
            number, unit_text = parse_quantity(text)
        except (ValueError, UnitConversionError):
            return text
        if unit_text is None:
            unit = _LABEL_UNIT.search(label)
            return f"{number} {unit.group(1)}" if unit and spec.unit else number
        return text
    if spec.type == "boolean":
        words = fold(str(value)).split()
        said = {"yes": True, "no": False, "true": True, "false": False, "present": True,
                "absent": False}.get(words[0]) if words else None
        if said is None and words and words[-1] in ("present", "absent"):  # 'Cough present'
            said = words[-1] == "present"
            return said != ("absent" in _tokens(spec.name)) if said is not None else value  # cough_absent: False
        return value if said is None else said
    if spec.type == "integer":
        found = re.search(r"[-+]?\d+", str(value))
        return int(found.group()) if found else value
    if spec.type == "enum" and spec.allowed:
        options = tuple(spec.allowed)
        by_points = _by_points(value, options, points)
        if by_points is not None and stated_points(value)[1].strip():  # type: ignore[index]
            return by_points  # '2 (Beginning arm flexion ...)': the points and text MDCalc shows, not '<4"' holding 2
        coded = [o for o in options if re.match(rf"\s*{re.escape(str(value).strip())}\s*[:.)]\s", o)]
        if re.fullmatch(r"\s*\d{1,2}\s*", str(value)) and len(coded) == 1:
            return coded[0]  # '3' is the option coded '3: severe systemic disease'
        bare = re.fullmatch(r"\s*([-+]?\d+(?:\.\d+)?)\s*[A-Za-z%/µ]*\s*", _cut_note(str(value)))
        if bare and not isinstance(value, bool):  # '2' is in '2-4', never the '<2' its words fold to
            ranged = range_option(float(bare.group(1)), options)
            if ranged:
                return ranged
        if isinstance(value, str):
            stated = stated_points(value)
            for candidate in (value, _cut_note(value)):
                picked = pick_option(candidate, options)
                if picked in options:  # the text names an option; the points it states win when they differ
                    return by_points if by_points and stated and points and points.get(picked) != stated[0] else picked
            if by_points is not None:
                return by_points
            for candidate in (value, _cut_note(value)):
                squeezed = fold(_plain(candidate)).replace(" ", "")
                same = [o for o in options if fold(_plain(o)).replace(" ", "") == squeezed]
                if len(same) == 1:
                    return same[0]
        lead = re.match(r"\s*[-+]?\d+(?:\.\d+)?", str(value)) if not isinstance(value, bool) else None
        if lead:
            return range_option(float(lead.group()), options) or value
    return value


def _accepts(calc: Calculator, name: str, value: Any) -> bool:
    """Whether the calculator's input ``name`` validates ``value`` (the other inputs are not looked at)."""
    try:
        calc.inputs.model_validate({name: value})
    except ValidationError as err:
        return not any(tuple(e.get("loc") or ())[:1] == (name,) for e in err.errors())
    except ValueError:
        return False
    return True


def gold_arguments(calc: Calculator, inputs: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """(arguments, MDCalc fields no input took)."""
    labels = [str(i.get("field", "")) for i in inputs if isinstance(i, dict)]
    values = {str(i.get("field", "")): i.get("value") for i in inputs if isinstance(i, dict)}
    matched = match_fields(calc, labels, values)
    specs = {s.name: s for s in calc.card().inputs}
    points = option_points(calc)
    # a required choice whose label no field names (an observed scale's 'Descriptor'), or whose named field's value
    # it does not accept, takes the one remaining field whose value it accepts
    for name, spec in specs.items():
        if not (spec.required and spec.type == "enum"):
            continue
        current = next((label for label, n in matched.items() if n == name), None)
        if current is not None and _accepts(calc, name, argument(spec, current, values[current], points.get(name))):
            continue
        fits = [label for label in labels if label not in matched
                and _accepts(calc, name, argument(spec, label, values[label], points.get(name)))]
        if len(fits) == 1:
            if current is not None:
                del matched[current]
            matched[fits[0]] = name
    args = {name: argument(specs[name], label, values[label], points.get(name), number_kind(calc, name) is not None)
            for label, name in matched.items()}
    args.update(_durations(specs, matched, values, args))
    args.update(_dosing_weight(specs, matched, values, args))
    return args, [label for label in labels if label not in matched]


_NAMED_WEIGHT = re.compile(r"(?i)\((?:[^)]*\b)?(?:adjusted|ideal|dosing|lean|IBW|ABW)\b[^)]*\)")


def _dosing_weight(specs: Mapping[str, Any], matched: Mapping[str, str], values: Mapping[str, Any],
                   args: Mapping[str, Any]) -> dict[str, str]:
    """A weight MDCalc notes as already the one the formula used ('80.3 kg (adjusted body weight)', '42 kg (IBW
    dosing weight)') is used as given: the calculator's weight basis, when it has one, is 'actual'."""
    spec = specs.get("weight_basis")
    label = next((lab for lab, name in matched.items() if name == "weight"), None)
    if spec is None or "weight_basis" in args or label is None or "actual" not in (spec.allowed or []):
        return {}
    return {"weight_basis": "actual"} if _NAMED_WEIGHT.search(str(values[label])) else {}


_OVER_HOURS = re.compile(r"(?i)\s(?:over|for)\s+(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hours?)\s*$")


def _durations(specs: Mapping[str, Any], matched: Mapping[str, str], values: Mapping[str, Any],
               args: Mapping[str, Any]) -> dict[str, float]:
    """A measure given over its duration ('0.35 mL/kg/h over 12 hours') gives that duration to the one hours input
    not otherwise given whose description names the same measure ('Hours the urine output has stayed at that
    rate'); the number itself has the qualifier cut (:func:`_number_text`)."""
    out: dict[str, float] = {}
    for label, name in matched.items():
        found = _OVER_HOURS.search(_cut_note(str(values[label])))
        if not found:
            continue
        own = _tokens(name)
        hours = [n for n, s in specs.items() if n not in args and n not in out and s.unit == "h"
                 and s.type == "number" and len(own & (_tokens(s.description) | _tokens(n))) >= 2]
        if len(hours) == 1:
            out[hours[0]] = float(found.group(1))
    return out


# ---------------------------------------------------------------------------
# Comparing with MDCalc's answer
# ---------------------------------------------------------------------------

_NUMBER = re.compile(r"(?<![A-Za-z\d.])[-+]?\d[\d,]*(?:\.\d+)?")  # not the 2 of 'H2O' or 'm2'


def gold_number(answer: Any) -> tuple[float, int, str | None] | None:
    """(number, decimals printed, unit) of MDCalc's answer when it is one number (with a unit, or 'Stage 2');
    None for a text answer."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (int, float)):
        text = repr(answer) if isinstance(answer, float) else str(answer)
        return float(answer), len(text.split(".")[1]) if "." in text else 0, None
    text = _cut_note(str(answer)).translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789"))
    found = _NUMBER.findall(text)
    if len(found) != 1:
        return None
    rest = text.replace(found[0], " ", 1).strip()
    if re.fullmatch(r"(?i)(stage|grade|class|score)?\s*", rest):
        unit = None
    elif re.fullmatch(r"[^\sA-Za-z]*[A-Za-zµ°%²/·.\s\d-]{0,20}", rest) and len(rest.split()) <= 3:
        unit = rest
    else:
        return None
    digits = found[0].replace(",", "")
    return float(digits), len(digits.split(".")[1]) if "." in digits else 0, unit


def _arabic(text: str) -> str:
    """Roman class numerals as digits in folded text ('forrest iia' -> 'forrest 2a', 'class iv' -> 'class 4')."""
    return re.sub(r"\b(i{1,3}|iv|v|vi)([a-c]?)\b", lambda m: f"{_ROMAN[m.group(1).upper()]}{m.group(2)}", text)


def compare(result: Any, answer: Any) -> tuple[bool, str]:
    """(correct, reason) of a calculator result against MDCalc's ``final_answer``."""
    gold = gold_number(answer)
    value = result.value
    if gold is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
        number, decimals, unit = gold
        ours = float(value)
        if unit and result.unit and fold(unit) != fold(result.unit):
            try:
                ours = convert(ours, result.unit, unit)
            except (UnitConversionError, ValueError):
                pass
        if math.isclose(ours, number, rel_tol=TOLERANCE, abs_tol=1e-9) or round(ours, decimals) == number:
            return True, ""
        return False, f"value differs: ours {ours:.4g}{' ' + unit if unit else ''} vs MDCalc {answer!r}"
    gold_text = _arabic(fold(str(answer)))
    ours_text = _arabic(fold(str(value)))
    gold_head = _arabic(fold(re.split(r"(?<=[a-z0-9])[.!]\s", str(answer), maxsplit=1)[0]))  # before any advice
    if gold_text and (gold_text == ours_text or gold_head == ours_text or
                      gold_text in _arabic(fold(result.interpretation)) or (
            ours_text and ours_text in gold_text and len(ours_text) > 0.8 * len(gold_text))):
        return True, ""
    return False, f"label differs: ours {str(value)[:160]!r} vs MDCalc {str(answer)[:160]!r}"


# ---------------------------------------------------------------------------
# Modes
# ---------------------------------------------------------------------------

RowFn = Callable[[MedMCPRow], Record]


def base_record(row: MedMCPRow, mode: str) -> Record:
    return {"id": row.id, "mode": mode, "scenario": row.scenario, "required": list(row.required)}


def make_gold(_options: Mapping[str, Any]) -> RowFn:
    def run(row: MedMCPRow) -> Record:
        rec = base_record(row, "gold")
        mentions: list[Record] = []
        answers = {fold(a["name"]): a for a in row.answers}
        for name in row.required:
            calc = resolve(name)
            m: Record = {"name": name, "calculator": calc.id if calc else None, "covered": calc is not None}
            answer = answers.get(fold(name))
            if calc is not None and answer is None:
                m.update(correct=False, miss="no_gold", reason="the scenario gives no answer for this calculator")
            elif calc is not None:
                assert answer is not None
                args, unmapped = gold_arguments(calc, list(answer.get("inputs") or []))
                m.update(gold=answer.get("final_answer"), arguments=args, unmapped_fields=unmapped)
                intervals = {k: v for k, v in args.items() if isinstance(v, Interval)}
                m["arguments"] = {k: str(v) if isinstance(v, Interval) else v for k, v in args.items()}
                try:
                    outcome = run_over_intervals(calc, {k: v for k, v in args.items() if k not in intervals},
                                                 intervals)
                except (IntervalError, ValueError) as exc:  # a refusal (input errors, units), never a number
                    m.update(correct=False, miss="refused", reason=f"refused on the mapped gold inputs: {exc}"[:400])
                    mentions.append(m)
                    continue
                result = outcome.result
                if intervals:
                    m["intervals"] = {k: str(v) for k, v in intervals.items()}
                if result is None:
                    m.update(correct=False, miss="range", value_range=outcome.values[:20],
                             reason=f"MDCalc gives bands, not values: {outcome.reason}"[:400])
                else:
                    ok, why = compare(result, answer.get("final_answer"))
                    m.update(value=result.value, unit=result.unit, correct=ok)
                    if not ok:
                        m.update(miss="value", reason=why)
            mentions.append(m)
        rec["mentions"] = mentions
        return rec

    return run


def segments(text: str) -> list[str]:
    """The sentences and numbered steps of a text with at least :data:`MIN_SEGMENT_WORDS` words (at most
    :data:`MAX_SEGMENTS`)."""
    parts = re.split(r"(?<=[.!?])\s+|\n+|\s(?=\d{1,2}\)\s)", text)
    return [p.strip() for p in parts if len(p.split()) >= MIN_SEGMENT_WORDS][:MAX_SEGMENTS]


def matching_calculators(registry: Any, text: str, k: int = SEGMENT_K, min_score: float = MIN_BM25) -> list[str]:
    """The calculators (at most ``k``) whose BM25 score for ``text`` reaches ``min_score``, best first: an absolute
    cut-off, so a sentence that describes no calculator names none and one that describes two names both."""
    raw, names = registry.scores(text), registry.names()
    order = [i for i in sorted(range(len(raw)), key=lambda i: -raw[i]) if raw[i] >= min_score]
    return [names[i] for i in order if names[i] in CALCULATORS][:k]


def make_plan(options: Mapping[str, Any]) -> RowFn:
    registry = options.get("registry") or default_registry()
    k = int(options.get("k", 8))
    embeddings = options.get("embeddings", "settings")
    if embeddings == "settings":
        embeddings = make_embeddings(Settings(**dict(options.get("settings") or {})))

    def calculators(hits: list[Any]) -> list[str]:
        return [h.card.name for h in hits if h.card.name in CALCULATORS]

    def identify(text: str) -> dict[str, list[str]]:
        found: list[str] = []
        for seg in segments(text):
            # each sentence's calculators whose BM25 score clears the cut-off, and with embeddings the fused best
            found += [c for c in matching_calculators(registry, seg) if c not in found]
            top = calculators(registry.search(seg, k=3, embeddings=embeddings)) if embeddings is not None else []
            if top and top[0] not in found:
                found.append(top[0])
        whole = calculators(registry.search(text[:20000], k=k + 10, embeddings=embeddings))[:k]
        return {"segments": found, "whole": whole}

    def run(row: MedMCPRow) -> Record:
        rec = base_record(row, "plan")
        rec["required_ids"] = [(c.id if (c := resolve(n)) else None) for n in row.required]
        t0 = time.perf_counter()
        rec["fuzzy_question"] = identify(row.fuzzy_question)
        rec["task_description"] = identify(row.task_description)
        rec["seconds"] = round(time.perf_counter() - t0, 3)
        return rec

    return run


def make_agent(_options: Mapping[str, Any]) -> RowFn:
    raise ModeNotAvailableError(
        "mode 'agent' runs through medmirror.bench.medmcp_agent.run_medmcp_agent (the patient record and its "
        "summary are built there); `medmirror bench medmcp --mode agent` calls it")


@dataclass(frozen=True)
class Mode:
    name: str
    description: str
    make: Callable[[Mapping[str, Any]], RowFn]


MODES: dict[str, Mode] = {m.name: m for m in (
    Mode("gold", "each implemented required calculator on the gold inputs vs MDCalc's answer", make_gold),
    Mode("plan", "calculators identified by the tool retrieval from fuzzy_question / task_description", make_plan),
    Mode("agent", "end to end over a patient record built from the scenario (medmcp_agent)", make_agent),
)}


# ---------------------------------------------------------------------------
# Summary, plot, run
# ---------------------------------------------------------------------------


def _coverage(records: list[Record]) -> dict[str, Any]:
    names = [(n, resolve(n)) for r in records for n in r.get("required", [])]
    missing = Counter(n for n, c in names if c is None)
    return {"tasks": len(records), "calculators_required": len(names),
            "calculators_covered": sum(c is not None for _, c in names),
            "coverage": accuracy(sum(c is not None for _, c in names), len(names)),
            "distinct_required": len({fold(n) for n, _ in names}),
            "distinct_covered": len({fold(n) for n, c in names if c is not None}),
            "tasks_fully_covered": sum(all(resolve(n) for n in r.get("required", [])) for r in records),
            "most_required_missing": dict(missing.most_common(25))}


def summarise_gold(records: list[Record]) -> dict[str, Any]:
    covered = [m for r in records for m in r.get("mentions", []) if m.get("covered")]
    ran = [m for m in covered if m.get("miss") not in ("refused", "no_gold")]
    correct = sum(bool(m.get("correct")) for m in covered)
    by_calc: dict[str, dict[str, int]] = {}
    for m in covered:
        g = by_calc.setdefault(m["calculator"], {"n": 0, "correct": 0})
        g["n"] += 1
        g["correct"] += bool(m.get("correct"))
    disagreements = [{"task": r["id"], "calculator": m["name"], "tool": m["calculator"], "miss": m.get("miss"),
                      "reason": m.get("reason")} for r in records for m in r.get("mentions", [])
                     if m.get("covered") and not m.get("correct")]
    return {"gold_value_accuracy": accuracy(correct, len(covered)), "gold_correct": correct,
            "gold_ran": len(ran), "gold_value_accuracy_when_run": accuracy(sum(bool(m.get("correct")) for m in ran),
                                                                           len(ran)),
            "gold_misses": dict(Counter(str(m.get("miss")) for m in covered if not m.get("correct"))),
            "by_calculator": dict(sorted(by_calc.items())), "disagreements": disagreements}


def summarise_plan(records: list[Record]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for source in ("fuzzy_question", "task_description"):
        for strategy in ("segments", "whole"):
            found = hit = required = hit_all = 0
            for r in records:
                ids = set(filter(None, r.get("required_ids", [])))
                got = set(r.get(source, {}).get(strategy, []))
                required += len(r.get("required_ids", []))
                hit_all += sum(1 for c in r.get("required_ids", []) if c and c in got)
                found += len(got)
                hit += len(got & ids)
            out[f"{source}/{strategy}"] = {
                "recall": accuracy(hit_all, required),
                "recall_covered": accuracy(hit_all, sum(1 for r in records for c in r.get("required_ids", []) if c)),
                "precision": accuracy(hit, found), "identified": found}
    main = out["fuzzy_question/segments"]
    return {"identification_recall": main["recall"], "identification_precision": main["precision"],
            "identification": out}


def plot(path: Path, summary: dict[str, Any]) -> tuple[str | None, str | None]:
    """The run's figures as a bar chart (matplotlib's object-oriented Figure API)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        return None, f"plot skipped: matplotlib is not importable ({exc})"
    bars = {"coverage": summary.get("coverage")}
    if summary["mode"] == "gold":
        bars.update({"gold value\naccuracy": summary.get("gold_value_accuracy"),
                     "accuracy\nwhen run": summary.get("gold_value_accuracy_when_run")})
    else:
        for key, fig in summary.get("identification", {}).items():
            source, strategy = key.split("/")
            short = "fuzzy" if source == "fuzzy_question" else "description"
            bars[f"{short} {strategy}\nrecall"] = fig["recall"]
            bars[f"{short} {strategy}\nprecision"] = fig["precision"]
    fig = Figure(figsize=(max(4.5, 1.3 * len(bars)), 3.8))
    ax = fig.subplots()
    values = [100 * (v or 0.0) for v in bars.values()]
    rects = ax.bar(list(bars), values, color="#4C72B0")
    for rect, v in zip(rects, values):
        ax.annotate(f"{v:.0f}%", (rect.get_x() + rect.get_width() / 2, rect.get_height()), ha="center",
                    va="bottom", fontsize=8)
    ax.set_ylim(0, 105)
    ax.set_ylabel("%")
    ax.set_title(f"MedMCP-Calc ({summary['mode']}): {summary['tasks']} tasks, {summary['calculators_required']} "
                 "calculator mentions", fontsize=9)
    ax.tick_params(axis="x", labelsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path.name, None


def render(summary: dict[str, Any]) -> str:
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    head = (f"MedMCP-Calc ({summary['mode']}): {summary['tasks']} tasks; {summary['calculators_covered']}/"
            f"{summary['calculators_required']} calculator mentions covered ({pct(summary['coverage'])}); "
            f"{summary['tasks_fully_covered']} task(s) fully covered")
    if summary["mode"] == "gold":
        return (f"{head}\ngold value accuracy {pct(summary['gold_value_accuracy'])} over covered mentions "
                f"({summary['gold_correct']}/{summary['calculators_covered']}); {pct(summary['gold_value_accuracy_when_run'])}"
                f" of the {summary['gold_ran']} that ran; misses {summary['gold_misses'] or 'none'}")
    lines = [head] + [f"{k}: recall {pct(v['recall'])} (of covered {pct(v['recall_covered'])}), precision "
                      f"{pct(v['precision'])}, {v['identified']} identified" for k, v in summary["identification"].items()]
    return "\n".join(lines)


def run_medmcp(data: str | Path, mode: str = "gold", *, limit: int | None = None, out_dir: str | Path | None = None,
               quiet: bool = False, plot_figure: bool = True, options: Mapping[str, Any] | None = None,
               echo: Callable[[str], None] = print, make: Callable[[Mapping[str, Any]], RowFn] | None = None,
               summarise: Callable[[list[Record]], dict[str, Any]] | None = None,
               render_summary: Callable[[dict[str, Any]], str] | None = None) -> dict[str, Any]:
    """Run the scenarios of ``data`` through ``mode``; records (resumable), summary, plot, printed figures.
    ``make``/``summarise``/``render_summary``: a mode's own (agent mode: :mod:`medmirror.bench.medmcp_agent`)."""
    if mode not in MODES:
        raise BenchError(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    rows = read_medmcp(data)
    if limit is not None:
        rows = rows[:limit]
    fn = (make or MODES[mode].make)(dict(options or {}))
    out = Path(out_dir) if out_dir is not None else default_out_dir(BENCHMARK, mode)
    records_path = out / RECORDS_FILE
    existing = load_records(records_path)
    other = sorted({str(r.get("mode")) for r in existing if r.get("mode") != mode})
    if other:
        raise BenchError(f"{records_path} holds records of mode {', '.join(other)}, not {mode!r}; use another --out")
    done = {str(r.get("id")) for r in existing if not r.get("error")}
    todo = [r for r in rows if r.id not in done]
    if not quiet:
        echo(f"medmcp {mode}: {len(rows)} scenario(s) from {data} -> {out}"
             + (f" (resuming: {len(rows) - len(todo)} already done)" if len(todo) < len(rows) else ""))
    started, t0 = datetime.now().isoformat(timespec="seconds"), time.perf_counter()

    def on_error(row: MedMCPRow, exc: BaseException) -> Record:
        rec = base_record(row, mode)
        rec["error"] = f"{type(exc).__name__}: {exc}"
        return rec

    with JsonlWriter(records_path) as writer:
        new = run_items(todo, fn, writer, on_error=on_error, desc=f"medmcp {mode}", quiet=quiet)
    latest = {str(r.get("id")): r for r in [*existing, *new]}
    records = [latest[r.id] for r in rows if r.id in latest]
    summary: dict[str, Any] = {
        "benchmark": BENCHMARK, "mode": mode, "data": str(data), "out_dir": str(out), "records_file": RECORDS_FILE,
        "rows_run": len(new), "rows_resumed": len(rows) - len(todo), "errors": sum(bool(r.get("error")) for r in records),
        "tolerance": TOLERANCE, **_coverage(records),
        **(summarise(records) if summarise else summarise_gold(records) if mode == "gold" else summarise_plan(records)),
        "started_at": started, "finished_at": datetime.now().isoformat(timespec="seconds"),
        "elapsed_s": round(time.perf_counter() - t0, 3), "plot": None, "plot_note": None,
    }
    if mode == "plan":
        summary.setdefault("gold_value_accuracy", None)
    else:
        summary.setdefault("identification_recall", None)
        summary.setdefault("identification_precision", None)
    if plot_figure:
        summary["plot"], summary["plot_note"] = plot(out / PLOT_FILE, summary)
    else:
        summary["plot_note"] = "plot disabled (--no-plot)"
    write_summary(out / SUMMARY_FILE, summary)
    echo((render_summary or render)(summary))
    if not quiet:
        echo(f"records: {records_path}\nsummary: {out / SUMMARY_FILE}")
    return summary
