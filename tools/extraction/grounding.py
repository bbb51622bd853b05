"""Evidence-grounded calculator parameters: rules, LLM, and their reconciliation.

* :func:`rule_arguments` reads every input of a calculator from the note through the
  field map (:mod:`medmirror.tools.extraction.calculator_map`): numbers from the value extractor,
  criteria from concepts with negation and time frame, categories and dose lists from
  derived rules. An input the note does not decide is *assumed* (the calculator's
  documented default applies and the calculator reports it) or *missing* (required).
* :func:`llm_arguments` asks the configured model for the inputs as structured output
  against the calculator's own JSON schema (every input optional: "leave out what the
  note does not give"), validating each value and retrying on invalid output.
* :func:`reconcile` checks the model's values against the note. ``hybrid`` (default):
  agreement -> used; rules only -> rule value; model only -> used when the number (in any
  unit) or the finding is in the note ("llm_supported", with the span); model against the
  rules -> the rule value is used and the disagreement flagged; a model value found nowhere
  -> dropped and flagged (the calculator then names the input as missing or applies its
  default). ``llm``: the model's values are used as given, each still checked and flagged.
  ``rules``: rule values only.

Statuses of :class:`ParamEvidence`: ``agree`` | ``rule`` | ``llm_supported`` | ``disagree``
| ``unsupported`` | ``assumed`` | ``missing`` | ``conflict`` (undated readings of the input that disagree: the
first presenting one is used, the others are in ``alternatives``, and a flag says so; readings dated apart -
baseline, prior, after treatment, at discharge, a table's other rows, a sentence with a time of its own - are
no conflict). Numbers agree within 2 % after conversion to
the input's unit; booleans, categories and dates must be equal.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from langchain_core.language_models.chat_models import BaseChatModel
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError, create_model

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.prompts import render
from medmirror.tools.calculators.base import Calculator, is_rejected_argument, rejected_argument
from medmirror.tools.calculators.points import SPECS, Choice
from medmirror.tools.calculators.units import convert
from medmirror.tools.extraction.calc_sources import (
    Config,
    FirstOf,
    Hit,
    Judgement,
    NoteContext,
    Quantity,
    Source,
    UreaAsBun,
)
from medmirror.tools.extraction.calculator_map import CALCULATOR_MAP, source_for
from medmirror.tools.extraction.dates import DATE, note_day_first, parse_date
from medmirror.tools.extraction.extractor import Extraction
from medmirror.tools.extraction.rules.dosing import OPIOID_NAMES
from medmirror.tools.extraction.text import NUMBER_RE, parse_number
from medmirror.tools.extraction.vignette import VignetteReading, check_proposal, read_vignette

Mode = Literal["rules", "llm", "hybrid"]
EXTRACTION_MODES: tuple[str, ...] = ("rules", "llm", "hybrid")
STATUSES: tuple[str, ...] = ("agree", "rule", "llm_supported", "disagree", "unsupported", "assumed", "missing", "conflict")
# statuses whose value the calculator gets in rules mode: a conflict's value is the first presenting reading, with the
# other readings in ``ParamEvidence.alternatives`` and a flag (never a silent choice)
RULE_USED: tuple[str, ...] = ("rule", "conflict")
NUMERIC_TOLERANCE = 0.02  # relative: LLM and rule numbers "agree" within 2 %


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass
class ParamEvidence:
    """One calculator input: the value used, where it came from, and the evidence for it."""

    name: str
    value: Any
    status: str
    source: str  # "rule" | "llm" | "both" | "default" | "none"
    evidence: dict | None
    rule_value: Any = None
    llm_value: Any = None
    note: str = ""
    # the note gives a value for this input that was refused: what it gives and why ('the note gives 14 mEq/L,
    # outside 90-220 mEq/L'); the calculator is handed a rejected argument and says so instead of "missing"
    rejected: str = ""
    # status "conflict": the other undated readings of the input, each {"value", "unit", "start", "end", "text",
    # "sentence"} in the input's canonical unit
    alternatives: list[dict] = field(default_factory=list)
    # status "rule": the note's readings of the input at other time points (dated: baseline, later, a month named)
    # that differ from the one used, same keys as ``alternatives``; the confidence asks whether they move the answer
    readings: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Grounded:
    """Arguments for ``calc.run`` (grounded values only) with per-input evidence and reviewer flags."""

    args: dict[str, Any]
    params: list[ParamEvidence]
    flags: list[str] = field(default_factory=list)
    mode: str = "rules"
    units: dict[str, str] = field(default_factory=dict)  # input -> unit, for display

    def param(self, name: str) -> ParamEvidence:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(f"no parameter '{name}'")

    def by_status(self, *statuses: str) -> list[ParamEvidence]:
        return [p for p in self.params if p.status in statuses]

    @property
    def missing(self) -> list[str]:
        """Inputs without a grounded value (including those whose value in the note was refused)."""
        return [p.name for p in self.params if p.status in ("missing", "unsupported")
                and (p.name not in self.args or is_rejected_argument(self.args[p.name]))]

    @property
    def rejected(self) -> dict[str, str]:
        """Input -> what the note gives for it and why it was refused."""
        return {name: v["rejected"] for name, v in self.args.items() if is_rejected_argument(v)}

    def summary(self) -> str:
        """One line per input, e.g. ``weight = 70 kg [rule: 'weighs 70 kg']; stroke = False [assumed: not documented]``."""
        return "; ".join(_describe_param(p, self.units.get(p.name, "")) for p in self.params)

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "args": _jsonable(self.args), "params": [_jsonable(p.to_dict()) for p in self.params],
                "flags": list(self.flags)}


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items() if v is not None) + "}"
    return str(value)


def _quote(ev: dict | None) -> str:
    if not ev:
        return ""
    text = " ".join(str(ev.get("text", "")).split())
    if len(text) > 60:
        text = text[:57] + "..."
    where = " in the question" if ev.get("where") == "question" else ""
    return f"'{text}'{where}"


def _describe_param(p: ParamEvidence, unit: str = "") -> str:
    unit = f" {unit}" if unit and not isinstance(p.value, (bool, str)) else ""
    q = _quote(p.evidence)
    if p.status in ("rule", "agree", "llm_supported"):
        label = {"rule": "rule", "agree": "rule+llm", "llm_supported": "llm, found"}[p.status]
        why = q if not p.note or p.note == "documented" else (f"{q}, {p.note}" if q else p.note)
        return f"{p.name} = {_fmt(p.value)}{unit} [{label}: {why}]"
    if p.status == "conflict":
        others = ", ".join(f"{_fmt(a['value'])}{unit} {_quote(a)}" for a in p.alternatives)
        return f"{p.name} = {_fmt(p.value)}{unit} [CONFLICT, first reading used: {q}; also {others}]"
    if p.status == "disagree":
        used = "rule" if p.source == "rule" else "llm"
        return (f"{p.name} = {_fmt(p.value)}{unit} [DISAGREE, {used} used: rule {_fmt(p.rule_value)} {q}, "
                f"llm {_fmt(p.llm_value)}]")
    if p.status == "unsupported":
        kept = "used anyway" if p.source == "llm" else "dropped"
        shown = _fmt(p.value) if p.value is not None else "?"
        return f"{p.name} = {shown} [UNSUPPORTED: llm {_fmt(p.llm_value)} not in the note, {kept}]"
    if p.status == "assumed":
        shown = f" = {_fmt(p.value)}" if p.value is not None else " not given"
        return f"{p.name}{shown} [assumed: {p.note or 'not documented'}]"
    if p.rejected:
        return f"{p.name} = ? [refused: {p.rejected}]"
    return f"{p.name} = ? [missing: {p.note or 'not found in the note'}]"


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, BaseModel):
        return _jsonable(obj.model_dump())
    if isinstance(obj, (dt.date, dt.datetime)):
        return obj.isoformat()
    if isinstance(obj, dict):
        return {k: _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    return obj


# ---------------------------------------------------------------------------
# Field types, canonical values, comparison
# ---------------------------------------------------------------------------


def _extra(calc: Calculator, name: str) -> dict[str, Any]:
    info = calc.inputs.model_fields[name]
    return info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}


def _strip_optional(ann: Any) -> Any:
    if get_origin(ann) is Union:
        args = [a for a in get_args(ann) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return ann


def field_kind(calc: Calculator, name: str) -> str:
    """'quantity' | 'bool' | 'category' | 'date' | 'number' | 'list' | 'other'."""
    info = calc.inputs.model_fields[name]
    extra = _extra(calc, name)
    if extra.get("x-kind") == "quantity":
        return "quantity"
    if extra.get("x-kind") == "finding":
        return "bool"
    ann = _strip_optional(info.annotation)
    if ann is bool:
        return "bool"
    if get_origin(ann) is Literal:
        return "category"
    if ann is dt.date:
        return "date"
    if ann in (int, float):
        return "number"
    if get_origin(ann) is list or ann is list:
        return "list"
    return "other"


def field_unit(calc: Calculator, name: str) -> str:
    return str(_extra(calc, name).get("x-unit") or "")


def field_default(calc: Calculator, name: str) -> tuple[bool, Any]:
    """(has a default, default value)."""
    info = calc.inputs.model_fields[name]
    if info.is_required():
        return False, None
    return True, _jsonable(info.get_default(call_default_factory=True))


def canonical(calc: Calculator, name: str, value: Any) -> Any:
    """``value`` validated as input ``name`` of ``calc``: converted to the input's unit, option spelled as
    the calculator spells it, dates as ISO strings. Raises ValueError when it is not a valid value."""
    model = calc.inputs
    if name not in model.model_fields:
        raise ValueError(f"{name}: not an input of {calc.id}")
    if isinstance(value, bool) and field_kind(calc, name) in ("quantity", "number"):
        raise ValueError(f"{name}: a number is expected, got {value!r}")
    data: dict[str, Any] = {name: value}
    try:
        for dec in model.__pydantic_decorators__.model_validators.values():
            if dec.info.mode == "before":
                data = dec.func(data)
        out = model.__pydantic_validator__.validate_assignment(model.model_construct(), name, data[name])
        return _jsonable(getattr(out, name))
    except ValidationError as exc:
        errors = exc.errors()
        if errors and all(not e.get("loc") for e in errors):
            # only a cross-input check failed (e.g. "sex needed for women-only items"): not about this value
            return _jsonable(_field_only(model, name, data[name]))
        raise ValueError("; ".join(_error_text(name, e) for e in errors[:3])) from None
    except Exception as exc:  # unit conversion and other before-validator errors
        raise ValueError(f"{name}: {exc}") from None


def _error_text(name: str, e: dict[str, Any]) -> str:
    loc = ".".join(str(p) for p in e.get("loc") or ()) or name
    got = e.get("input")
    return f"{loc}: {e.get('msg')}" + (f" (got {got!r})" if got is not None and not isinstance(got, (dict, BaseModel)) else "")


def _field_only(model: type[BaseModel], name: str, value: Any) -> Any:
    """Validate one field (type, range, its field validators) without the model's cross-input checks."""
    info = model.model_fields[name]
    decs = [d for d in model.__pydantic_decorators__.field_validators.values() if name in d.info.fields]
    for d in decs:
        if d.info.mode == "before":
            value = d.func(value)
    ann = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation  # type: ignore[misc]
    value = TypeAdapter(ann).validate_python(value)
    for d in decs:
        if d.info.mode == "after":
            value = d.func(value)
    return value


def same(kind: str, a: Any, b: Any, tol: float = NUMERIC_TOLERANCE) -> bool:
    """Equal for the input kind: numbers within ``tol`` (relative), others exactly (categories ignoring case)."""
    if a is None or b is None:
        return a is None and b is None
    if kind in ("quantity", "number"):
        if isinstance(a, bool) or isinstance(b, bool):
            return False
        try:
            x, y = float(a), float(b)
        except (TypeError, ValueError):
            return False
        return abs(x - y) <= tol * max(abs(x), abs(y)) + 1e-9
    if kind == "bool":
        return bool(a) is bool(b) and isinstance(a, bool) and isinstance(b, bool)
    if kind == "list":
        if not (isinstance(a, list) and isinstance(b, list)) or len(a) != len(b):
            return False
        rest = list(b)
        for item in a:
            match = next((o for o in rest if _same_entry(item, o, tol)), None)
            if match is None:
                return False
            rest.remove(match)
        return True
    if isinstance(a, str) and isinstance(b, str):
        return " ".join(a.lower().split()) == " ".join(b.lower().split())
    return a == b


def _same_entry(a: Any, b: Any, tol: float) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return all(same("quantity" if isinstance(a.get(k), (int, float)) and not isinstance(a.get(k), bool) else "other",
                        a.get(k), b.get(k), tol) for k in set(a) | set(b) if k != "unit")
    return a == b


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------


def _context(note: str, extraction: Extraction | None, question: str | None) -> NoteContext:
    return NoteContext(note, extraction, question)


def _unit_table(calc: Calculator) -> dict[str, str]:
    return {name: u for name in calc.inputs.model_fields if (u := field_unit(calc, name))}


def _rule_param(calc: Calculator, name: str, src: Source, ctx: NoteContext, flags: list[str]) -> ParamEvidence:
    kind = field_kind(calc, name)
    has_default, default = field_default(calc, name)
    try:
        hit = src.read(ctx)
    except (ValueError, TypeError, ArithmeticError) as exc:  # a rule failing on odd text is reported, never guessed
        hit = None
        flags.append(f"{name}: rule failed ({type(exc).__name__}: {exc})")
    if hit is not None and kind not in ("bool", "category") and hit.where == "note" and hit.start is not None:
        # a number, date or dose list a rule read from a sentence about another person is not the patient's (findings
        # and medications tell relatives apart themselves: their sources ask about the patient or the family)
        who = ctx.other_person(hit.start, hit.end if hit.end is not None else hit.start)
        if who:
            flags.append(f"{name}: {_quote(hit.evidence())} is about another person ('{who}'); not used")
            hit = None
    if hit is not None:
        raw = {"value": hit.value, "unit": hit.unit} if kind == "quantity" and hit.unit else hit.value
        try:
            value = canonical(calc, name, raw)
        except ValueError as exc:
            why = _calculator_refusal(calc, name, hit, exc)
            flags.append(f"{name}: {why} ({_quote(hit.evidence())}); not used")
            return ParamEvidence(name, None, "missing", "none", hit.evidence(), rule_value=hit.value,
                                 note=f"value in the note rejected: {exc}", rejected=why)
        readings = _other_readings(calc, name, src, hit, value, ctx) if kind in ("quantity", "number") else []
        conflicting = [{k: v for k, v in a.items() if k not in ("dated", "used_dated")} for a in readings if not a["dated"]]
        if conflicting:
            unit = f" {field_unit(calc, name)}" if field_unit(calc, name) else ""
            flags.append(f"{name}: conflicting readings {_fmt(value)}{unit} ({_quote(hit.evidence())}) and "
                         + " and ".join(f"{_fmt(a['value'])}{unit} ({_quote(a)})" for a in conflicting))
            return ParamEvidence(name, value, "conflict", "rule", hit.evidence(), rule_value=value,
                                 note="conflicting undated readings; the first is used", alternatives=conflicting)
        return ParamEvidence(name, value, "rule", "rule", hit.evidence(), rule_value=value, note=hit.note,
                             readings=readings)
    if isinstance(src, Config):
        return ParamEvidence(name, default, "assumed", "default", None, note=f"method parameter: {src.doc}")
    theirs = [v for q in _quantities(src, name) for v in ctx.others(q)] if kind in ("quantity", "number") else []
    if theirs:
        flags.append(f"{name}: the note's {_fmt(theirs[0].value)}{' ' + theirs[0].unit if theirs[0].unit else ''} "
                     f"('{' '.join(theirs[0].raw.split())}') is another person's ('{theirs[0].subject}'); not used")
    rej = src.rejection(ctx)
    if rej is not None:
        flags.append(f"{name}: {rej.message} ('{' '.join(rej.raw.split())}'); not used")
        ev = {"start": rej.start, "end": rej.end, "text": rej.raw, "sentence": rej.sentence.text}
        return ParamEvidence(name, None, "missing", "none", ev, note=f"value in the note refused: {rej.reason}",
                             rejected=rej.message)
    core, need = calc.core_inputs()
    if has_default and name in core and need == len(core) and not calc.empty_ok:
        # a core input (every one of them must be observed: GCS's components) is not assumed: it is missing
        return ParamEvidence(name, None, "missing", "none", None,
                             note="not given in the note; a core input of the score, not assumed")
    if has_default:
        what = "not documented" if kind == "bool" else "not given in the note"
        shown = "" if default is None else f"; calculator default {_fmt(default)}"
        if isinstance(src, Judgement):
            what = f"rules cannot decide ({src.doc})"
        desc = re.sub(r"\s*\[[^\]]*\]\s*$", "", calc.inputs.model_fields[name].description or "")
        conv = f"; {desc.split(';', 1)[1].strip()}" if ";" in desc and "assumed" in desc else ""
        return ParamEvidence(name, default, "assumed", "default", None, note=f"{what}{shown}{conv}")
    why = f"rules cannot decide ({src.doc})" if isinstance(src, Judgement) else "not found in the note"
    return ParamEvidence(name, None, "missing", "none", None, note=why)


# a reading's sentence that dates it (a time of its own): its value is of that time, not a rival of the presenting one
_DATED = re.compile(
    r"\b(?:on|at|upon|during|by)\s+(?:the\s+)?(?:admission|arrival|presentation|triage|discharge|follow[- ]?up|day\s+\d+)\b"
    r"|\b(?:initial(?:ly)?|baseline|previous(?:ly)?|prior|usual|later|subsequent(?:ly)?|afterwards?|then|repeat(?:ed)?|re-?check\w*"
    r"|post[- ]?op\w*|pre[- ]?op\w*|overnight|yesterday|today|now|currently|admission|discharge|follow[- ]?up|trend\w*"
    r"|improv\w*|worsen\w*|ros[ea]|risen|fell|fallen|dropped|declined|decreased|increased|peak\w*|nadir|climb\w*|normali[sz]\w*"
    r"|(?:hospital|post-?operative|ICU)\s+day|POD\s*\d+|HD\s*\d+|day\s+\d+"
    # a hospital day in words: "on day three his platelets were ...", "by day four"
    r"|day\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen)\b|(?:next|following|same|that)\s+(?:day|morning|evening|night)"
    r"|(?:first|second|third|fourth|fifth|sixth|seventh|tenth|\d+(?:st|nd|rd|th))\s+(?:day|week|hour|night|visit|cycle)"
    # the first of a series of results, or those of a referral: 'the first set of results on referral', 'the first ECG'
    r"|first\s+(?:set|panel|bloods?|results?|ECG|electrocardiogram|tracing|readings?|measurements?)|(?:on|at)\s+referral"
    r"|remain(?:ed|s)?|persist\w*|still|continued|developed|became|progress\w*|deteriorat\w*|recurr\w*|diagnos\w*"
    r"|pre-?dose|post-?dose|cycle\s+\d+|course|during|while|until|since|for\s+comparison"
    r"|(?:this|last|that)\s+(?:morning|evening|afternoon|night|week|month|year|visit|admission|spring|summer|autumn|winter)"
    r"|(?:january|february|march|april|june|july|august|september|october|november|december)"
    r"|(?-i:May|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec))\b"
    # a reading under other conditions (oxygen, ventilation): "SpO2 93% RA (98% on 2 L NC)"
    r"|\bon\s+(?:\d+(?:\.\d+)?\s*L\b|oxygen|O2\b|room\s+air)|\broom\s+air\b|\bnasal\s+cannula|(?-i:\bNC\b|\bRA\b)"
    r"|\bnon-?rebreather|\bventilat\w*|(?-i:\bCPAP\b|\bBiPAP\b|\bNIV\b)"
    r"|\b(?:\d+|a|an|one|two|three|four|five|six|several|a\s+few)\s+(?:minutes?|hours?|hrs?|days?|weeks?|months?|years?)\s+"
    r"(?:later|after|before|earlier|ago|prior|into)\b|\bafter\b|\bbefore\b|\b(?:[01]?\d|2[0-3])[:h][0-5]\d\b"
    r"|\b\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)?\d\d\b|\b(?:19|20)\d\d\b(?!\s*(?:/|mg|mL|ml|cells|units))", re.I)


# quantities whose several readings are parts of one total ('2 beers a night and more at weekends, about 20 drinks a
# week'), never rivals
_SUMMED = frozenset({"alcohol_drinks_per_week"})


def _dated(v: Any) -> bool:
    """Is the reading ``v`` (a :class:`~medmirror.tools.extraction.model.Value`) of a time of its own: baseline, after
    a treatment, a table's row, a sampling time, a bound, or a sentence with a time word ('on admission', 'day 3',
    '2 hours later', 'improved to')?"""
    d = v.details
    if d.get("baseline") or d.get("later") or d.get("time_point") or d.get("second_value") or d.get("qualifier"):
        return True
    if "table_row" in d or "table_column" in d:
        return True
    return bool(v.sentence is not None and _DATED.search(v.sentence.text))


def _other_readings(calc: Calculator, name: str, src: Source, hit: Hit, value: Any, ctx: NoteContext) -> list[dict]:
    """The patient's other readings of the input that differ from the one used (beyond :data:`NUMERIC_TOLERANCE`
    after conversion to the input's unit), each with ``dated`` (a time of its own: not a rival of the presenting
    reading) and ``used_dated`` (the one used is dated). Undated readings beside an undated one used are a conflict."""
    kind = field_kind(calc, name)
    # the extractor's reading the hit is: of the source's quantities, or one a derived rule passed through unchanged
    passed = [q for q, v in ctx.ex.values.items() if v.start == hit.start and v.end == hit.end and v.value == hit.value
              and (hit.unit is None or v.unit == hit.unit)]
    for q in dict.fromkeys([*_quantities(src, name), *passed]):
        if q in _SUMMED:
            return []
        used = next((v for v in ctx.values(q)[:1] if v.start == hit.start and v.end == hit.end), None)
        if used is None:
            continue
        used_dated = _dated(used)
        out: list[dict] = []
        for a in used.alternatives:
            if a.details.get("tier") == "event or relative":  # 'at 30 years of age', 'his 12-year-old son'
                continue
            if bool(a.details.get("blood_gas")) != bool(used.details.get("blood_gas")):  # a gas's HCO3 vs the serum's
                continue
            raw = {"value": a.value, "unit": a.unit} if kind == "quantity" and a.unit else a.value
            try:
                if q == "urea" and name != "urea" and a.unit:  # a urea read for BUN: through mmol/L, as UreaAsBun reads it
                    raw = {"value": convert(float(a.value), a.unit, "mmol/L", "urea"), "unit": "mmol/L"}
                alt = canonical(calc, name, raw)
            except ValueError:
                continue
            if same(kind, alt, value) or any(same(kind, alt, o["value"]) for o in out):
                continue
            out.append({"value": alt, "unit": field_unit(calc, name), "start": a.start, "end": a.end, "text": a.raw,
                        "sentence": a.sentence.text, "dated": used_dated or _dated(a), "used_dated": used_dated})
        return out
    return []


def _calculator_refusal(calc: Calculator, name: str, hit: Hit, exc: ValueError) -> str:
    """'the note gives 300 mg/dL, outside 0.1-40 mg/dL' for a value read from the note that the calculator cannot take."""
    given = f"{_fmt(hit.value)}{' ' + hit.unit if hit.unit else ''}"
    info = calc.inputs.model_fields[name]
    lo = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), None)
    hi = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), None)
    if "range" in str(exc) and lo is not None and hi is not None:
        unit = field_unit(calc, name)
        return f"the note gives {given}, outside {lo:g}-{hi:g}{' ' + unit if unit else ''}"
    return f"the note gives {given}, which the calculator cannot take ({exc})"


def _call_args(params: list[ParamEvidence], used: tuple[str, ...], rejected: dict[str, str]) -> dict[str, Any]:
    """The calculator's arguments: the values of the ``used`` statuses; an input left without a value whose value in
    the note was refused gets a rejected argument (the calculator then says what the note gives, not 'missing')."""
    args = {p.name: p.value for p in params if p.value is not None and p.status in used}
    for name, why in rejected.items():
        if name not in args:
            args[name] = rejected_argument(why)
    return args


def rule_arguments(calc: Calculator, note: str, extraction: Extraction | None = None, *,
                   question: str | None = None) -> Grounded:
    """Every input of ``calc`` read by rules from ``note`` (``question`` only for inputs it names, e.g. a
    conversion target)."""
    if reads_vignette(calc):
        return _vignette_arguments(calc, note)
    ctx = _context(note, extraction, question)
    flags: list[str] = []
    params = [_rule_param(calc, name, source_for(calc.id, name), ctx, flags) for name in calc.inputs.model_fields]
    args = _call_args(params, RULE_USED, {p.name: p.rejected for p in params if p.rejected})
    return Grounded(args=args, params=params, flags=flags, mode="rules", units=_unit_table(calc))


# ---------------------------------------------------------------------------
# Evidence for an LLM value
# ---------------------------------------------------------------------------

_UNIT_AFTER = re.compile(r"\s*(?P<u>(?:[x×]\s*10\s*\^?\s*\d+\s*)?[A-Za-zµμ°%][A-Za-zµμ°%0-9^²³]*(?:\s*/\s*[A-Za-zµμ0-9^²³]+)*)")
# A number followed by one of these is a measurement in that unit, never a bare number in the input's unit.
_UNIT_WORD = re.compile(
    r"\s*-?\s*(?:[x×]\s*10|%|°|/|(?:mg|g|kg|lbs?|pounds?|kilos?|oz|mm\s*Hg|mmHg|mm|cm|m|in|inch(?:es)?|ft|feet|mEq|meq|mmol|[µμu]mol"
    r"|mol|U|IU|[µμu]IU|bpm|beats?|breaths?|times|mL|ml|L|l|dL|dl|ng|pg|[µμu]g|mcg|ms|msec|sec|seconds?|min(?:utes?)?|h|hrs?|hours?"
    r"|days?|d|weeks?|wks?|months?|mo|years?|yrs?|y/?o|year-old|years-old|points?|cells|units?|drinks?|packs?|cycles)(?![A-Za-z]))",
    re.I)


_UNIT_ALIASES = {"kilos": "kg", "kilo": "kg", "kgs": "kg", "lbs": "lb", "pounds": "lb", "pound": "lb", "inches": "in",
                 "inch": "in", "feet": "ft", "foot": "ft", "bpm": "/min", "beats/min": "/min", "breaths/min": "/min"}


def _number_hits(ctx: NoteContext) -> list[tuple[float, int, int, list[str], bool]]:
    """Every number in the note with the unit spellings that may follow it, and whether a unit follows."""
    out = []
    for m in NUMBER_RE.finditer(ctx.note):
        try:
            n = parse_number(m.group(0))
        except ValueError:
            continue
        units: list[str] = []
        u = _UNIT_AFTER.match(ctx.note, m.end())
        if u:
            token = u.group("u").rstrip(".,")
            units.append(_UNIT_ALIASES.get(token.lower(), token))
            first = re.split(r"\s", token)[0]
            if first != token:
                units.append(first)
        after = ctx.note[m.end():m.end() + 24].lower()
        if re.match(r"\s*(?:degrees?\s*)?(?:fahrenheit|°\s*f|f\b)", after):
            units.append("°F")
        elif re.match(r"\s*(?:degrees?\s*)?(?:celsius|centigrade|°\s*c|c\b)", after):
            units.append("°C")
        out.append((n, m.start(), (u.end() if u else m.end()), units, bool(_UNIT_WORD.match(ctx.note, m.end()))))
    return out


def _quantities(src: Source, name: str) -> list[str]:
    """The extractor quantities behind ``src`` (and the input's own name)."""
    names: list[str] = []
    if isinstance(src, (Quantity, FirstOf)):
        names = list(src.names)
    elif isinstance(src, UreaAsBun):
        names = ["bun", "urea"]
    return list(dict.fromkeys([*names, name]))


def _numeric_support(calc: Calculator, name: str, src: Source, value: Any, ctx: NoteContext) -> Hit | None:
    kind = field_kind(calc, name)
    for qname in _quantities(src, name):
        for v in ctx.values(qname):
            raw = {"value": v.value, "unit": v.unit} if kind == "quantity" and v.unit else v.value
            try:
                if same(kind, canonical(calc, name, raw), value):
                    return Hit.of_value(v, value=value, note="matches the extractor's reading")
            except ValueError:
                continue
    for n, start, end, units, has_unit in _number_hits(ctx):
        if ctx.other_person(start, end):  # 'her mother weighs 95 kg' is no evidence for the patient's weight
            continue
        candidates: list[Any] = [] if has_unit and kind == "quantity" else [n]
        if kind == "quantity":
            candidates += [{"value": n, "unit": u} for u in units]
        for raw in candidates:
            try:
                if same(kind, canonical(calc, name, raw), value):
                    return Hit(value, start, end, ctx.note[start:end], ctx.sentence_of(start).text, None,
                               "number found in the note")
            except ValueError:
                continue
    return None


def _date_support(value: Any, ctx: NoteContext) -> Hit | None:
    day_first = note_day_first(ctx.note)
    for m in re.finditer(DATE, ctx.note, re.I):
        d = parse_date(m.group("date"), day_first)
        if d is not None and d.isoformat() == str(value):
            return Hit(value, m.start(), m.end(), m.group(0), ctx.sentence_of(m.start()).text, None, "date found in the note")
    return None


def _list_support(calc: Calculator, name: str, value: Any, ctx: NoteContext) -> Hit | None:
    """Each entry of a medication list must match a medication of the note (drug, dose, doses per day)."""
    if not isinstance(value, list) or not value:
        return None

    candidates: list[tuple[dict, Any]] = []
    for m in ctx.medications:
        if m.dose is None or m.doses_per_day is None:
            continue
        drugs = [OPIOID_NAMES.get(m.name)] if m.name != "fentanyl" else ["FentaNYL buccal", "FentANYL patch"]
        for drug in drugs:
            if drug is None:
                continue
            entry = {"drug": drug, "dose": m.dose, "unit": m.dose_unit, "doses_per_day": m.doses_per_day}
            try:
                candidates.append((canonical(calc, name, [entry])[0], m))
            except ValueError:
                continue
    first = None
    for item in value:
        match = next(((c, m) for c, m in candidates if _same_entry(item, c, NUMERIC_TOLERANCE)), None)
        if match is None:
            return None
        first = first or match[1]
    return Hit.of_medication(first, value, "every entry matches a medication in the note") if first else None


def llm_support(calc: Calculator, name: str, value: Any, ctx: NoteContext, src: Source | None = None) -> Hit | None:
    """Evidence in the note for ``value`` (already canonical) of input ``name``, or None."""
    src = src or source_for(calc.id, name)
    kind = field_kind(calc, name)
    if kind in ("quantity", "number"):
        return _numeric_support(calc, name, src, value, ctx)
    if kind == "date":
        return _date_support(value, ctx)
    if kind == "list":
        return _list_support(calc, name, value, ctx)
    return src.support(ctx, value)


# ---------------------------------------------------------------------------
# Reconciliation
# ---------------------------------------------------------------------------


def reconcile(calc: Calculator, llm_args: dict[str, Any], note: str, extraction: Extraction | None = None,
              mode: str = "hybrid", *, question: str | None = None) -> Grounded:
    """Combine the LLM's arguments with the rules' (see the module doc for ``mode``)."""
    if mode not in EXTRACTION_MODES:
        raise ValueError(f"unknown extraction mode '{mode}'; one of {', '.join(EXTRACTION_MODES)}")
    ctx = _context(note, extraction, question)
    base = rule_arguments(calc, note, ctx.ex, question=question)
    if mode == "rules":
        return base
    if reads_vignette(calc):
        return _vignette_reconcile(calc, dict(llm_args or {}), base, ctx, mode)
    llm_args = dict(llm_args or {})
    unknown = sorted(set(llm_args) - set(calc.inputs.model_fields))
    flags = list(base.flags)
    for u in unknown:
        flags.append(f"{u}: the LLM gave an input the calculator does not have; ignored")
    params: list[ParamEvidence] = []
    for rule in base.params:
        raw = llm_args.get(rule.name)
        if raw is None or is_rejected_argument(raw):  # a rejected argument passed back is not a value
            params.append(_without_llm(calc, rule, mode))
        else:
            params.append(_with_llm(calc, rule, raw, ctx, mode, flags))
    used = ("agree", *RULE_USED, "llm_supported", "disagree") + (("unsupported",) if mode == "llm" else ())
    args = _call_args(params, used, {p.name: p.rejected for p in base.params if p.rejected})
    return Grounded(args=args, params=params, flags=flags, mode=mode, units=base.units)


def _without_llm(calc: Calculator, rule: ParamEvidence, mode: str) -> ParamEvidence:
    """An input the LLM left out: hybrid keeps the rules' reading; llm mode uses nothing (the rule is evidence only)."""
    if mode == "hybrid" or rule.status not in RULE_USED:
        return rule
    has_default, default = field_default(calc, rule.name)
    note = f"the LLM did not give it (rules read {_fmt(rule.rule_value)})"
    if has_default:
        return ParamEvidence(rule.name, default, "assumed", "default", rule.evidence, rule_value=rule.rule_value, note=note)
    return ParamEvidence(rule.name, None, "missing", "none", rule.evidence, rule_value=rule.rule_value, note=note)


def _with_llm(calc: Calculator, rule: ParamEvidence, raw: Any, ctx: NoteContext, mode: str, flags: list[str]) -> ParamEvidence:
    name = rule.name
    kind = field_kind(calc, name)
    try:
        lv = canonical(calc, name, raw)
    except ValueError as exc:
        flags.append(f"{name}: the LLM's value {_fmt(raw)} is not valid ({exc}); not used")
        kept = _without_llm(calc, rule, mode)
        return ParamEvidence(name, kept.value, kept.status, kept.source, kept.evidence, rule_value=rule.rule_value,
                             llm_value=raw, note=f"LLM value invalid: {exc}")
    if rule.status == "assumed" and rule.note.startswith("method parameter"):
        # a method's convention (the free water deficit's target sodium), not a fact of the note: the model's value is
        # recorded, the convention stays, and nothing is to be doubted about it
        return replace(rule, llm_value=lv)
    if rule.status == "conflict":  # the model's value settles nothing: the conflict stays, with its readings
        used = rule.value if mode == "hybrid" else lv
        return ParamEvidence(name, used, "conflict", "rule" if mode == "hybrid" else "llm", rule.evidence,
                             rule_value=rule.value, llm_value=lv, note=f"{rule.note}; LLM said {_fmt(lv)}",
                             alternatives=rule.alternatives)
    if rule.status == "rule":
        if same(kind, rule.value, lv):
            return ParamEvidence(name, rule.value if mode == "hybrid" else lv, "agree", "both", rule.evidence,
                                 rule_value=rule.value, llm_value=lv, note=rule.note, readings=rule.readings)
        used, source = (rule.value, "rule") if mode == "hybrid" else (lv, "llm")
        flags.append(f"{name}: LLM {_fmt(lv)} disagrees with the note's {_fmt(rule.value)} ({_quote(rule.evidence)}); "
                     f"{'rule' if source == 'rule' else 'LLM'} value used")
        return ParamEvidence(name, used, "disagree", source, rule.evidence, rule_value=rule.value, llm_value=lv,
                             note=f"LLM said {_fmt(lv)}")
    has_default, default = field_default(calc, name)
    if has_default and default is not None and same(kind, default, lv):
        return ParamEvidence(name, default, "assumed", "default", None, rule_value=rule.rule_value, llm_value=lv,
                             note=f"LLM gave the calculator's default ({_fmt(lv)}); nothing in the note")
    src = source_for(calc.id, name)
    hit = llm_support(calc, name, lv, ctx, src)
    if hit is not None:
        return ParamEvidence(name, lv, "llm_supported", "llm", hit.evidence(), rule_value=rule.rule_value, llm_value=lv,
                             note=hit.note)
    if mode == "llm":
        flags.append(f"{name}: LLM value {_fmt(lv)} is not supported by the note; used as given (llm mode)")
        return ParamEvidence(name, lv, "unsupported", "llm", None, rule_value=rule.rule_value, llm_value=lv,
                             note="not found in the note")
    flags.append(f"{name}: LLM value {_fmt(lv)} is not supported by the note; dropped")
    fallback = rule.value if rule.status == "assumed" else None
    return ParamEvidence(name, fallback, "unsupported", "none" if fallback is None else "default", None,
                         rule_value=rule.rule_value, llm_value=lv,
                         note="not found in the note; dropped" + (f" (calculator default {_fmt(fallback)} applies)"
                                                                  if fallback is not None else ""))


# ---------------------------------------------------------------------------
# LLM extraction
# ---------------------------------------------------------------------------


def _llm_schema(calc: Calculator) -> dict[str, Any]:
    """The calculator's JSON schema with every input optional (the model leaves out what the note lacks)."""
    schema = json.loads(json.dumps(calc.inputs.model_json_schema()))
    schema.pop("required", None)
    for prop in schema.get("properties", {}).values():
        for key in [k for k in prop if k.startswith("x-")]:
            prop.pop(key)
    schema["additionalProperties"] = False
    return schema


def _permissive_model(calc: Calculator) -> type[BaseModel]:
    fields = {name: (Any, None) for name in calc.inputs.model_fields}
    return create_model(f"{calc.inputs.__name__}LLM", __config__=ConfigDict(extra="forbid"), **fields)  # type: ignore[call-overload]


def describe_inputs(calc: Calculator) -> str:
    """One line per input: name, type/unit/options, description, default convention."""
    lines = []
    for name, info in calc.inputs.model_fields.items():
        kind = field_kind(calc, name)
        if kind == "quantity":
            typ = f"number in {field_unit(calc, name)}"
        elif kind == "category":
            ann = _strip_optional(info.annotation)
            typ = "one of " + " | ".join(repr(a) for a in get_args(ann))
        elif kind == "bool":
            typ = "true/false"
        elif kind == "date":
            typ = "date YYYY-MM-DD"
        else:
            typ = kind
        has_default, default = field_default(calc, name)
        dflt = "required" if not has_default else (f"default {default!r}" if default is not None else "optional")
        lines.append(f"- {name} ({typ}; {dflt}): {info.description or ''}")
    return "\n".join(lines)


def llm_arguments(calc: Calculator, note: str, question: str, model: BaseChatModel, retries: int = 2) -> dict[str, Any]:
    """Ask ``model`` for the inputs of ``calc`` found in ``note`` (structured output, validated, retried).

    Returns the values as the model gave them (``None`` left out); :func:`reconcile` converts
    and checks them. Raises :class:`medmirror.core.models.structured.StructuredOutputError` when the model
    keeps producing invalid output.
    """

    permissive = _permissive_model(calc)

    def check(obj: BaseModel) -> None:
        problems = []
        for name, value in obj.model_dump().items():
            if value is None:
                continue
            try:
                canonical(calc, name, value)
            except ValueError as exc:
                problems.append(str(exc))
        if problems:
            raise ValueError("; ".join(problems))

    messages = render("extractor", calculator=f"{calc.name} ({calc.id})", description=calc.description,
                      conventions="\n".join(f"- {c}" for c in calc.conventions) or "- none",
                      inputs=describe_inputs(calc), note=note, question=question or "")
    obj = call_structured(model, messages, permissive, role="extractor", retries=retries,
                          json_schema=_llm_schema(calc), check=check)
    return {k: v for k, v in obj.model_dump().items() if v is not None}


def ground(calc: Calculator, note: str, question: str = "", *, mode: str = "hybrid", model: BaseChatModel | None = None,
           extraction: Extraction | None = None, retries: int = 2) -> Grounded:
    """Rules, LLM and reconciliation in one call. ``model`` is needed for ``llm`` and ``hybrid``; a model that
    keeps failing leaves the rules' values (hybrid) and a flag naming the failure."""
    if mode not in EXTRACTION_MODES:
        raise ValueError(f"unknown extraction mode '{mode}'; one of {', '.join(EXTRACTION_MODES)}")
    if mode == "rules":
        return rule_arguments(calc, note, extraction, question=question)
    if model is None:
        raise ValueError(f"extraction mode '{mode}' needs a chat model")

    failure = None
    try:
        llm_args = llm_arguments(calc, note, question, model, retries=retries)
    except StructuredOutputError as exc:
        llm_args, failure = {}, f"LLM extraction failed: {exc}"
    out = reconcile(calc, llm_args, note, extraction, mode, question=question)
    if failure:
        out.flags.insert(0, failure)
    return out


# ---------------------------------------------------------------------------
# Library point scores: the vignette reader, and the model's checked proposals
# ---------------------------------------------------------------------------


def reads_vignette(calc: Calculator | None) -> bool:
    """A library point score without a field map: its inputs are read by the vignette reader
    (:mod:`medmirror.tools.extraction.vignette`), the same reading ``bench medrisk --mode extract`` uses."""
    return calc is not None and calc.id in SPECS and calc.id not in CALCULATOR_MAP


@lru_cache(maxsize=32)
def vignette_reading(calc_id: str, note: str) -> VignetteReading:
    """The vignette reader's items of ``calc_id`` in ``note`` (rules only; the last 32 readings kept: one task reads
    the same note for its prompt, checks and executor). Read-only: callers must not change it."""
    return read_vignette(calc_id, note)


def _vignette_arguments(calc: Calculator, note: str) -> Grounded:
    """Every item read (status ``rule``, with its span), assumed (``assumed``: its absent option) or left out
    (``missing``: uncertain between candidates, or not in the text; the note says which)."""
    params = []
    for name, r in vignette_reading(calc.id, note).items.items():
        ev = ({"start": r.span[0], "end": r.span[1], "text": note[r.span[0]:r.span[1]], "sentence": r.evidence}
              if r.span else None)
        if r.status == "read":
            params.append(ParamEvidence(name, r.value, "rule", "rule", ev, rule_value=r.value, note=r.how))
        elif r.status == "assumed":
            params.append(ParamEvidence(name, r.value, "assumed", "default", None, note=r.how))
        else:
            cands = f"; candidates: {' | '.join(r.candidates)}" if r.candidates else ""
            params.append(ParamEvidence(name, None, "missing", "none", ev, note=f"{r.status}: {r.how}{cands}"))
    args = {p.name: p.value for p in params if p.value is not None}
    return Grounded(args=args, params=params, mode="rules", units=_unit_table(calc))


def _vignette_reconcile(calc: Calculator, llm_args: dict[str, Any], base: Grounded, ctx: NoteContext,
                        mode: str) -> Grounded:
    """The model's values for a library point score: an item the reader settled keeps the reader's value (a
    different value is flagged); a choice it left out takes the model's proposal only as ``{"option", "quote"}``
    accepted by :func:`~medmirror.tools.extraction.vignette.check_proposal` (the quote is in the note and supports
    the option); a bare value, or a refused proposal, is dropped. In every mode: a library item is never taken
    from the model without a checked quote."""
    items = {it.name: it for it in SPECS[calc.id].items}
    flags = list(base.flags)
    params: list[ParamEvidence] = []
    for rule in base.params:
        raw, item = llm_args.get(rule.name), items.get(rule.name)
        if raw is None or is_rejected_argument(raw):
            params.append(rule)
            continue
        proposal = raw if isinstance(raw, dict) else None
        said = proposal.get("option") if proposal else raw
        if rule.status != "missing":
            if said is not None and str(said).strip().casefold() != str(rule.value).strip().casefold():
                flags.append(f"{rule.name}: the model's {_fmt(said)} differs from the note's reading {_fmt(rule.value)}; "
                             "the reading is used")
            params.append(rule)
            continue
        if not isinstance(item, Choice):  # a number: the note must give it, as for any calculator
            params.append(_with_llm(calc, rule, raw, ctx, "hybrid", flags))
            continue
        if proposal is None or not isinstance(proposal.get("quote"), str) or not isinstance(said, str):
            why = "a library item's option is taken only with the note's sentence quoted ({'option', 'quote'})"
        else:
            label, why, span = check_proposal(ctx.note, item, said, proposal["quote"])
            if label is not None:
                ev = {"start": span[0], "end": span[1], "text": ctx.note[span[0]:span[1]],
                      "sentence": proposal["quote"]} if span else {"text": proposal["quote"]}
                params.append(ParamEvidence(rule.name, label, "llm_supported", "llm", ev, rule_value=None,
                                            llm_value=said, note=f"proposed by the model, checked: {why}"))
                continue
        flags.append(f"{rule.name}: the model's {_fmt(said)} is refused: {why}")
        params.append(ParamEvidence(rule.name, None, "unsupported", "none", None, llm_value=said,
                                    note=f"{rule.note}; the model's proposal was refused: {why}"))
    args = {p.name: p.value for p in params if p.value is not None}
    return Grounded(args=args, params=params, flags=flags, mode=mode, units=base.units)
