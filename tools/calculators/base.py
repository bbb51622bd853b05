"""The calculator contract: typed inputs with units, results, errors, and the tool wrapper.

A calculator is a pure function ``compute(inputs) -> CalculatorResult`` behind a
pydantic input model (:class:`CalculatorInputs`). Inputs declared with
:func:`quantity` accept a number in the canonical unit, a string such as
``"97 µmol/L"``, a ``[value, unit]`` pair or ``{"value": v, "unit": u}``; the
value is converted explicitly (:mod:`medmirror.tools.calculators.units`) and range-checked.
Booleans that default to ``False`` follow the "absent finding scores 0" convention
and are reported back as *assumed* when not given.

Any missing or invalid input raises :class:`CalculatorInputError`, which names
every offending input and the unit expected. No result is ever computed from a
guessed value, nor from nothing: a calculator's *core* (:attr:`Calculator.core`,
:attr:`Calculator.core_min`) must be given, not defaulted. By default a calculator
whose every input has a default needs at least one of them given (a score from
all-assumed inputs is made up); a severity scale of observed components (GCS)
names them all as its core; ``empty_ok`` documents the rare score for which the
empty input is a valid patient.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, get_args, get_origin

from langchain_core.tools import StructuredTool
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from medmirror.core.limits import oversized_text_argument
from medmirror.tools.calculators.provenance import FIELDS, mdcalc_fields
from medmirror.tools.calculators.units import UnitConversionError, convert, parse_quantity
from medmirror.tools.cards import InputSpec, ToolCard

Category = Literal["lab", "physical", "date", "dosage", "risk", "severity", "diagnosis"]
OutputType = Literal["decimal", "integer", "date", "weeks_days"]


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------


def quantity(
    unit: str,
    *,
    description: str,
    analyte: str | None = None,
    ge: float | None = None,
    le: float | None = None,
    accepted_units: list[str] | None = None,
    default: Any = PydanticUndefined,
) -> Any:
    """Declare a numeric input with a canonical ``unit`` and a plausible range [ge, le].

    ``analyte`` enables molar-mass / valence conversions (see ``units.ANALYTES``).
    ``accepted_units`` is documentation for the card (conversion accepts any unit
    pint can relate to the canonical one).
    """
    return Field(
        default,
        ge=ge,
        le=le,
        description=f"{description} [{unit}]",
        json_schema_extra={
            "x-kind": "quantity",
            "x-unit": unit,
            "x-analyte": analyte,
            "x-accepted-units": accepted_units or [],
        },
    )


def finding(description: str, *, default: bool | None = False) -> Any:
    """Declare a yes/no finding. Absent (not given) counts as ``default`` and is reported as assumed."""
    note = "absent when not documented (scores 0)" if default is False else None
    return Field(
        default,
        description=description,
        json_schema_extra={"x-kind": "finding", "x-default-note": note},
    )


def _coerce_quantity(raw: Any, unit: str, analyte: str | None) -> Any:
    """Turn the accepted forms of a quantity into a float in ``unit``.

    A boolean is never a number here (``True`` would otherwise read as 1), and the unit of a
    ``{"value", "unit"}`` object or a ``[value, unit]`` pair must be a string (or absent).
    """
    if raw is None:
        return raw  # let pydantic report it (missing/invalid)
    if isinstance(raw, bool):
        raise ValueError(f"got a boolean ({raw!r}), not a number")
    if isinstance(raw, (int, float)):
        return float(raw)
    value: Any
    src_unit: Any
    if isinstance(raw, dict) and "value" in raw:
        value, src_unit = raw["value"], raw.get("unit")
    elif isinstance(raw, (list, tuple)) and len(raw) == 2 and isinstance(raw[1], str):
        value, src_unit = raw
    elif isinstance(raw, str):
        value, src_unit = parse_quantity(raw)
    else:
        return raw
    if src_unit is not None and not isinstance(src_unit, str):
        raise ValueError(f"the unit must be a string, got {type(src_unit).__name__} ({src_unit!r})")
    if isinstance(value, bool):
        raise ValueError(f"got a boolean ({value!r}), not a number")
    if not isinstance(value, (int, float, str)):
        raise ValueError(f"the value must be a number or a number with its unit, got {type(value).__name__} "
                         f"({value!r})")
    if isinstance(value, str):
        value, _ = parse_quantity(value)
    return convert(float(value), src_unit, unit, analyte)


def _range(info: FieldInfo) -> tuple[float | None, float | None]:
    """The [ge, le] bounds of a field (None where open)."""
    lo = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), None)
    hi = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), None)
    return lo, hi


def _span(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo:g}-{hi:g}"
    return f">= {lo:g}" if lo is not None else f"<= {hi:g}"


def _given(raw: Any) -> str:
    """A quantity as the caller wrote it: '5000000 /µL', '[14, mmol/L]' -> '14 mmol/L'."""
    if isinstance(raw, dict):
        return f"{raw.get('value')} {raw.get('unit') or ''}".strip()
    if isinstance(raw, (list, tuple)) and len(raw) == 2:
        return f"{raw[0]} {raw[1]}"
    return repr(raw) if not isinstance(raw, str) else f"'{raw}'"


def _is_plain_number_field(annotation: Any) -> bool:
    """An ``int``/``float`` input (possibly optional) that a boolean must not fill."""
    args = [a for a in get_args(annotation) if a is not type(None)] if get_origin(annotation) is not Literal else []
    if args and len(args) == 1:
        annotation = args[0]
    return annotation in (int, float)


class CalculatorInputs(BaseModel):
    """Base class of every calculator's input model."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    @model_validator(mode="before")
    @classmethod
    def _convert_units(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out = dict(data)
        problems: list[str] = []
        for name, info in cls.model_fields.items():
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            if name in out and isinstance(out[name], bool) and _is_plain_number_field(info.annotation):
                problems.append(f"{name}: got a boolean ({out[name]!r}), not a number")
                continue
            if extra.get("x-kind") != "quantity" or name not in out:
                continue
            raw = out[name]
            try:
                out[name] = _coerce_quantity(raw, extra["x-unit"], extra.get("x-analyte"))
            except (UnitConversionError, ValueError, TypeError) as exc:
                problems.append(f"{name}: {exc} (expected {extra['x-unit']})")
                continue
            # a value given in another unit is range-checked here, so that the refusal shows the value as
            # given and as converted ("5000000/µL is 5000 10^9/L"); plain numbers are left to pydantic
            lo, hi = _range(info)
            converted = out[name]
            if (not isinstance(raw, (int, float)) and isinstance(converted, float)
                    and ((lo is not None and converted < lo) or (hi is not None and converted > hi))):
                problems.append(f"{name}: {_given(raw)} is {converted:.6g} {extra['x-unit']}, outside the plausible "
                                f"range {_span(lo, hi)} {extra['x-unit']} (not a possible value of this input)")
        if problems:
            raise ValueError("; ".join(problems))
        return out

    def given(self) -> set[str]:
        """Names of the inputs that were supplied (not defaulted)."""
        return set(self.model_fields_set)

    def assumed(self) -> list[str]:
        """Inputs that were not supplied and took their documented default."""
        return [n for n, f in type(self).model_fields.items() if n not in self.model_fields_set and not f.is_required()]


# ---------------------------------------------------------------------------
# Results and errors
# ---------------------------------------------------------------------------


class CalculatorResult(BaseModel):
    """What every calculator returns."""

    calculator: str
    name: str
    value: float | int | str
    unit: str = ""
    interpretation: str = ""
    explanation: list[str] = Field(default_factory=list)
    reference: str = ""
    inputs: dict[str, Any] = Field(default_factory=dict)
    assumed: list[str] = Field(default_factory=list)
    components: dict[str, Any] = Field(default_factory=dict)  # e.g. {"weeks": 34, "days": 3}, per-criterion points
    # inputs the calculator computed on but finds implausible (a dose beyond any marketed single dose: likely a unit
    # slip), each {"input", "reason", "alternative"}: the answer's confidence re-runs with the alternative
    implausible: list[dict[str, Any]] = Field(default_factory=list)

    def summary(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        interp = f" ({self.interpretation})" if self.interpretation else ""
        return f"{self.name}: {self.value}{unit}{interp}"


# An argument ``{"rejected": "<why>"}`` stands for an input whose value the note gives but extraction refused
# (outside the plausible range, a bare number whose unit cannot be told, a value the calculator cannot take).
# It is never a value: the calculator does not compute, and its error says what the note gives and why,
# instead of "missing". (medmirror.tools.extraction.grounding puts it in the arguments it grounds.)
REJECTED = "rejected"


def rejected_argument(message: str) -> dict[str, str]:
    """The argument for an input whose value in the note was refused (``message``: what the note gives and why)."""
    return {REJECTED: message}


def is_rejected_argument(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {REJECTED} and isinstance(value[REJECTED], str)


@dataclass
class InputIssue:
    name: str
    problem: str  # "missing" | "invalid" | "rejected" (the note's value was refused; see REJECTED)
    message: str
    expected: str = ""

    def __str__(self) -> str:
        exp = f"; expected {self.expected}" if self.expected else ""
        if self.problem == "rejected":
            return f"{self.name}: {self.message}; not used{exp}"
        return f"{self.name} ({self.problem}): {self.message}{exp}"


class CalculatorInputError(ValueError):
    """Raised when inputs are missing or invalid. Names every offending input."""

    def __init__(self, calculator: str, issues: list[InputIssue]):
        self.calculator = calculator
        self.issues = issues
        missing = [i.name for i in issues if i.problem == "missing"]
        rejected = [i.name for i in issues if i.problem == "rejected"]
        head = f"Cannot compute {calculator}"
        said = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"the note's value refused for {', '.join(rejected)}"] if rejected else [])
        if said:
            head += ": " + "; ".join(said)
        super().__init__(head + ". " + "; ".join(str(i) for i in issues))

    @property
    def missing(self) -> list[str]:
        return [i.name for i in self.issues if i.problem == "missing"]


def _expected(info: FieldInfo) -> str:
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    if extra.get("x-unit"):
        rng = [m for m in info.metadata if hasattr(m, "ge") or hasattr(m, "le")]
        lo = next((m.ge for m in rng if getattr(m, "ge", None) is not None), None)
        hi = next((m.le for m in rng if getattr(m, "le", None) is not None), None)
        span = f" in {lo}-{hi}" if lo is not None and hi is not None else ""
        return f"a number in {extra['x-unit']}{span}"
    ann = info.annotation
    if get_origin(ann) is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(ann))
    if ann is bool:
        return "true or false"
    return getattr(ann, "__name__", str(ann))


def validation_issues(model: type[BaseModel], err: ValidationError) -> list[InputIssue]:
    """Translate a pydantic ValidationError into named input issues."""
    issues: list[InputIssue] = []
    for e in err.errors():
        loc = e.get("loc") or ()
        name = str(loc[0]) if loc else "input"
        info = model.model_fields.get(name)
        expected = _expected(info) if info else ""
        if e["type"] == "missing":
            issues.append(InputIssue(name, "missing", "required input not given", expected))
        elif e["type"] == "extra_forbidden":
            issues.append(InputIssue(name, "invalid", "unknown input for this calculator",
                                     "one of " + ", ".join(model.model_fields)))
        elif not loc:  # model-level (unit conversion) errors name their fields in the message
            for part in str(e.get("ctx", {}).get("error", e["msg"])).split("; "):
                fname, _, msg = part.partition(": ")
                finfo = model.model_fields.get(fname)
                issues.append(InputIssue(fname if finfo else "input", "invalid", msg or part,
                                         _expected(finfo) if finfo else ""))
        elif e["type"] in ("greater_than_equal", "less_than_equal", "greater_than", "less_than") and info:
            got = e.get("input")
            lo, hi = _range(info)
            unit = (info.json_schema_extra or {}).get("x-unit", "") if isinstance(info.json_schema_extra, dict) else ""
            issues.append(InputIssue(name, "invalid", f"{got!r} is outside the plausible range {_span(lo, hi)}"
                                     f"{' ' + unit if unit else ''} ({e['msg']}; not a possible value of this input)",
                                     expected))
        else:
            got = e.get("input")
            issues.append(InputIssue(name, "invalid", f"{e['msg']} (got {got!r})", expected))
    return issues


# ---------------------------------------------------------------------------
# Calculator definition and tool wrapper
# ---------------------------------------------------------------------------


@dataclass
class Calculator:
    """A validated clinical calculator."""

    id: str  # slug, also the tool name, e.g. "bmi"
    name: str
    category: Category
    description: str
    inputs: type[CalculatorInputs]
    compute: Callable[[Any], CalculatorResult]
    reference: str
    output_unit: str = ""
    output_type: OutputType = "decimal"
    medcalc_id: int | None = None
    medcalc_name: str | None = None
    aliases: list[str] = field(default_factory=list)
    conventions: list[str] = field(default_factory=list)
    # MedCalc-Bench "Relevant Entities" key (case-insensitive) -> input field name.
    medcalc_keys: dict[str, str] = field(default_factory=dict)
    # Input field -> {entity value as written in MedCalc-Bench (case-insensitive) -> input value}.
    medcalc_values: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Optional hook for entity formats the generic adapter cannot express (e.g. MME's drug list).
    medcalc_adapter: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # MDCalc ids this implementation serves in RiskAgent's library (one score, one implementation).
    mdcalc_ids: list[int] = field(default_factory=list)
    # MedRisk's gold inputs (``inputs_raw``: MDCalc input name -> schema value) -> this calculator's
    # arguments, for scores whose inputs are not MDCalc's own (the 55 of MedCalc-Bench).
    mdcalc_adapter: Callable[[int, dict[str, Any]], dict[str, Any]] | None = None
    # The inputs the score cannot be computed without: at least ``core_min`` of them must be given (not defaulted).
    # Empty core: every input (so a calculator whose inputs all have defaults needs one of them given).
    core: tuple[str, ...] = ()
    core_min: int | None = None  # None: all of ``core`` (1 when ``core`` is empty)
    # Why a result from all-default inputs is a valid patient (then the core check is off; the card says so).
    empty_ok: str = ""

    def __post_init__(self) -> None:
        unknown = [n for n in self.core if n not in self.inputs.model_fields]
        if unknown:
            raise ValueError(f"{self.id}: core inputs {unknown} are not inputs")
        if self.empty_ok and self.empty_ok not in self.conventions:
            self.conventions = [*self.conventions, self.empty_ok]

    def core_inputs(self) -> tuple[list[str], int]:
        """The core inputs and how many of them must be given."""
        core = list(self.core) or list(self.inputs.model_fields)
        need = self.core_min if self.core_min is not None else (len(core) if self.core else 1)
        return core, min(need, len(core))

    def core_issues(self, given: set[str]) -> list[InputIssue]:
        """The refusal of a call whose core is not given: [] when enough of it is (see :attr:`core`)."""
        if self.empty_ok:
            return []
        core, need = self.core_inputs()
        have = [n for n in core if n in given]
        if len(have) >= need:
            return []
        absent = [n for n in core if n not in given]
        if need >= len(core):
            return [InputIssue(n, "missing", "a core input of the score, not given (the score is not computed "
                               "from an assumed value of it)", _expected(self.inputs.model_fields[n])) for n in absent]
        return [InputIssue("input", "missing", f"only {len(have)} of the score's core inputs given; a result from "
                           "assumed values would be made up", f"at least {need} of: {', '.join(core)}")]

    def run(self, args: dict[str, Any] | CalculatorInputs) -> CalculatorResult:
        """Validate ``args`` and compute. Raises :class:`CalculatorInputError` on bad input."""
        if isinstance(args, CalculatorInputs):
            parsed = args
        else:
            rejected = {k: v[REJECTED] for k, v in args.items() if is_rejected_argument(v)} if isinstance(args, dict) else {}
            if rejected:
                args = {k: v for k, v in args.items() if k not in rejected}
            try:
                parsed = self.inputs.model_validate(args)
            except ValidationError as err:
                issues = [i for i in validation_issues(self.inputs, err) if i.name not in rejected]
                raise CalculatorInputError(self.name, self._rejected_issues(rejected) + issues) from None
            if rejected:  # an input with a default is not assumed when the note gives a value that was refused
                raise CalculatorInputError(self.name, self._rejected_issues(rejected))
        required = [InputIssue(n, "missing", "required input not given", _expected(f))
                    for n, f in self.inputs.model_fields.items() if f.is_required() and n not in parsed.given()]
        missing_core = required or self.core_issues({n for n in parsed.given() if getattr(parsed, n, None) is not None})
        if missing_core:
            try:  # the score's own refusal of what was given (e.g. 'FiO2 >= 50% needs PaCO2') is named too
                self.compute(parsed)
            except CalculatorInputError as err:
                missing_core += [i for i in err.issues if i.name not in {m.name for m in missing_core}]
            except (ValueError, TypeError, AttributeError, KeyError, ArithmeticError):
                pass  # compute on a defaults-only object without its required inputs: the core issues say it
            raise CalculatorInputError(self.name, missing_core)
        result = self.compute(parsed)
        result.assumed = sorted(set(result.assumed) | set(parsed.assumed()))
        if not result.inputs:
            result.inputs = parsed.model_dump()
        return result

    def _core_convention(self) -> list[str]:
        if self.empty_ok or not (self.core or all(not f.is_required() for f in self.inputs.model_fields.values())):
            return []
        core, need = self.core_inputs()
        return [f"Core: at least {need} of {', '.join(core)} must be given (documented either way); "
                "a result from assumed values only is refused."]

    def _rejected_issues(self, rejected: dict[str, str]) -> list[InputIssue]:
        return [InputIssue(name, "rejected", why, _expected(self.inputs.model_fields[name])
                           if name in self.inputs.model_fields else "") for name, why in rejected.items()]

    # -- card and tool -----------------------------------------------------
    def card(self) -> ToolCard:
        specs: list[InputSpec] = []
        for fname, info in self.inputs.model_fields.items():
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            ann = info.annotation
            allowed = None
            if get_origin(ann) is Literal:
                allowed = [str(a) for a in get_args(ann)]
                typ = "enum"
            elif extra.get("x-kind") == "quantity":
                typ = "number"
            elif ann is bool or extra.get("x-kind") == "finding":
                typ = "boolean"
            elif ann is int:
                typ = "integer"
            elif ann is float:
                typ = "number"
            else:
                typ = "string"
            lo = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), None)
            hi = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), None)
            specs.append(InputSpec(
                name=fname, type=typ, description=info.description or "",
                unit=extra.get("x-unit"), accepted_units=extra.get("x-accepted-units") or [],
                allowed=allowed, minimum=lo, maximum=hi, required=info.is_required(),
                default=None if info.is_required() else info.default,
                default_note=extra.get("x-default-note"),
            ))
        aliases = list(self.aliases)
        if self.medcalc_name:
            aliases.append(self.medcalc_name)
        if self.medcalc_id is not None:
            aliases.append(f"MedCalc-Bench calculator {self.medcalc_id}")
        fields: dict[str, str] = {}
        for mid in self.mdcalc_ids:
            entry = mdcalc_fields(mid)
            aliases += [entry["name"], f"MDCalc {mid}"]
            for key in FIELDS:
                fields[key] = ", ".join(dict.fromkeys(
                    p for p in [*fields.get(key, "").split(", "), *entry.get(key, "").split(", ")] if p))
        return ToolCard(
            name=self.id, category=f"calculator/{self.category}", description=self.description,
            aliases=aliases, inputs=specs,
            output=f"{self.output_type} {self.output_unit}".strip(), reference=self.reference,
            conventions=[*self.conventions, *self._core_convention()],
            extra={"medcalc_id": self.medcalc_id, "output_type": self.output_type,
                   **({"mdcalc_ids": list(self.mdcalc_ids), **fields} if self.mdcalc_ids else {})},
        )

    def tool_run(self, args: Any) -> dict[str, Any]:
        """What the graph's executor does with a call: drop null arguments (null = not given), validate,
        compute, and return the result as JSON-ready data. Raises :class:`CalculatorInputError`."""
        if isinstance(args, CalculatorInputs):
            return self.run(args).model_dump(mode="json")
        if not isinstance(args, dict):
            raise CalculatorInputError(self.name, [InputIssue(
                "arguments", "invalid", f"arguments must be an object, got {type(args).__name__}",
                "an object with inputs " + ", ".join(self.inputs.model_fields))])

        too_long = oversized_text_argument(args)
        if too_long:
            raise CalculatorInputError(self.name, [InputIssue("arguments", "invalid", too_long)])
        return self.run({k: v for k, v in args.items() if v is not None}).model_dump(mode="json")

    def as_tool(self) -> StructuredTool:
        """A LangChain tool that behaves exactly like the graph's path (:meth:`tool_run`).

        The arguments reach :meth:`run` as given (LangChain does not validate or fill defaults
        first, which used to let an empty call through with every input defaulted and lost the
        *assumed* list); the result is the same JSON the executor observes, and an invalid call
        answers ``"Error: ..."`` naming every bad input, as :meth:`run` raises it.
        """

        def _run(**kwargs: Any) -> str:
            try:
                return json.dumps(self.tool_run(kwargs), default=str)
            except ValueError as err:  # CalculatorInputError, unit and range problems
                return f"Error: {err}"

        return StructuredTool.from_function(
            func=_run, name=self.id, description=f"{self.name}. {self.description}",
            args_schema=self.inputs.model_json_schema(), handle_tool_error=True,
        )


def explain_points(items: list[tuple[str, Any, int | float]]) -> list[str]:
    """Render per-criterion scoring steps: (criterion, observed value, points)."""
    return [f"{label}: {value!r} -> {pts:+g} point(s)" for label, value, pts in items]


def dumps(result: CalculatorResult) -> str:
    return json.dumps(result.model_dump(), default=str)
