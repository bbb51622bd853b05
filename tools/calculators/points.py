"""Point scores written as data: items with their published options and points, interpretation bands.

Most clinical scores in RiskAgent's library (MDCalc's calculators) add the points of the options a
clinician picks and read a band off the total. Such a score is written here as a *reviewed Python
definition* (:class:`Choice`, :class:`Number`, :class:`Band`) and :func:`point_score` turns it into an
ordinary :class:`~medmirror.tools.calculators.base.Calculator`: a pydantic input model whose options are
Literals of their published labels, a compute function that explains each item's points, and a card.
Nothing is parsed from text at run time.

A score whose total is not a plain sum (a regression equation, a rule with "any two of") builds its
inputs with :func:`choice_inputs` and reads each item's points with :func:`item_points`, then writes its
own compute function.

Conventions
- A :class:`Choice` with ``default`` (usually the "No"/"absent" option of a finding) takes that option
  when the input is not given, and the result reports it as *assumed*. A choice without a default is
  required: a missing one is refused, never guessed.
- Option labels are matched case-insensitively with whitespace collapsed; a boolean fills a Yes/No choice.
- Bands are inclusive at both ends and are checked by the tests to cover every reachable total once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from pydantic import Field, create_model, model_validator

from medmirror.tools.calculators.base import (
    Calculator,
    CalculatorInputs,
    CalculatorResult,
    Category,
    quantity,
)
from medmirror.tools.calculators.registry import register

# ---------------------------------------------------------------------------
# Definitions
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One published answer of an item: its label, its points, and MDCalc's value for it (``code``).

    ``code`` is the value MDCalc's input schema gives the option (what MedRisk's ``inputs_raw`` holds);
    it defaults to the points, which it equals for most scores.
    """

    label: str
    points: float
    code: Any = None

    def __post_init__(self) -> None:
        # a straight double quote in a published label is written as a single one: llama.cpp's JSON-schema
        # grammar converter does not escape it inside an enum, and the label is still read the same way
        if '"' in self.label:
            object.__setattr__(self, "label", self.label.replace('"', "'"))

    @property
    def mdcalc_value(self) -> Any:
        return self.points if self.code is None else self.code


@dataclass(frozen=True)
class Choice:
    """An item answered by picking one option (MDCalc's radio and toggle inputs)."""

    name: str  # the input's name (MDCalc's schema name where there is one)
    question: str  # the item as published
    options: tuple[Option, ...]
    default: str | None = None  # label taken when not documented (reported as assumed); None: required

    def __post_init__(self) -> None:
        labels = [_norm(o.label) for o in self.options]
        if len(set(labels)) != len(labels):
            raise ValueError(f"{self.name}: option labels repeat: {[o.label for o in self.options]}")
        if self.default is not None and _norm(self.default) not in labels:
            raise ValueError(f"{self.name}: default {self.default!r} is not one of its options")

    def option(self, label: str) -> Option:
        key = _norm(label)
        return next(o for o in self.options if _norm(o.label) == key)


@dataclass(frozen=True)
class Number:
    """A measured value that scores by ranges (MDCalc's textbox inputs), or feeds a formula.

    ``bands`` are ``(low, high, points)`` with ``low <= value < high`` (None: open); a Number with no
    bands scores nothing and is read by a custom compute function.
    """

    name: str
    question: str
    unit: str
    ge: float
    le: float
    bands: tuple[tuple[float | None, float | None, float], ...] = ()
    analyte: str | None = None
    accepted_units: tuple[str, ...] = ()
    default: float | None = None  # None: required

    def points(self, value: float) -> float:
        for low, high, pts in self.bands:
            if (low is None or value >= low) and (high is None or value < high):
                return pts
        raise ValueError(f"{self.name}: no band holds {value:g} {self.unit}")


Item = Choice | Number


@dataclass(frozen=True)
class Band:
    """An interpretation band of the total: ``low <= total <= high`` (None: open) reads ``text``."""

    low: float | None
    high: float | None
    text: str

    def holds(self, total: float) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


def opts(*pairs: tuple[str, float] | tuple[str, float, Any]) -> tuple[Option, ...]:
    """``opts(("None", 0), ("Mild", 1))``: options from (label, points[, MDCalc code]) tuples."""
    return tuple(Option(*p) for p in pairs)


def yes_no(name: str, question: str, points: float = 1, *, no_points: float = 0, default: str | None = "No",
           yes: str = "Yes", no: str = "No", yes_code: Any = None, no_code: Any = None) -> Choice:
    """A finding scored ``points`` when present; absent when not documented unless ``default=None``."""
    return Choice(name, question, (Option(no, no_points, no_code), Option(yes, points, yes_code)), default=default)


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------


def _norm(text: str) -> str:
    """Labels compare case-insensitively (casefold: 'µ' and 'Μ' too) with whitespace collapsed and double quotes
    read as single ones (see :class:`Option`)."""
    return re.sub(r"\s+", " ", str(text).replace('"', "'").strip().casefold())


class ChoiceInputs(CalculatorInputs):
    """Inputs of a point score: labels matched loosely, booleans fill Yes/No items."""

    __items__: tuple[Item, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _match_labels(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out = dict(data)
        for item in cls.__items__:
            if not isinstance(item, Choice) or item.name not in out:
                continue
            value = out[item.name]
            labels = {_norm(o.label): o.label for o in item.options}
            if isinstance(value, bool):
                key = "yes" if value else "no"
                if key in labels:
                    out[item.name] = labels[key]
            elif isinstance(value, str) and _norm(value) in labels:
                out[item.name] = labels[_norm(value)]
        return out


def choice_inputs(model_name: str, items: tuple[Item, ...]) -> type[ChoiceInputs]:
    """The pydantic input model of ``items`` (a Literal of labels per choice, a quantity per number)."""
    fields: dict[str, Any] = {}
    for item in items:
        if isinstance(item, Choice):
            labels = tuple(o.label for o in item.options)
            annotation: Any = Literal[labels]  # type: ignore[valid-type]
            points = ", ".join(f"{o.label} = {o.points:g}" for o in item.options)
            note = {"x-kind": "choice", "x-default-note":
                    f"'{item.default}' when not documented" if item.default is not None else None}
            fields[item.name] = (annotation, Field(
                item.default if item.default is not None else ...,
                description=f"{item.question} ({points})", json_schema_extra=note))
        else:
            fields[item.name] = (float, quantity(
                item.unit, description=item.question, analyte=item.analyte, ge=item.ge, le=item.le,
                accepted_units=list(item.accepted_units),
                **({} if item.default is None else {"default": item.default})))
    model = create_model(model_name, __base__=ChoiceInputs, **fields)
    model.__items__ = items
    return model


def item_points(x: ChoiceInputs) -> list[tuple[str, str, float]]:
    """(name, explanation, points) per item of ``x``, noting values assumed because not documented."""
    given = x.given()
    rows: list[tuple[str, str, float]] = []
    for item in type(x).__items__:
        value = getattr(x, item.name)
        if isinstance(item, Choice):
            opt = item.option(value)
            how = "" if item.name in given else " (not documented, assumed)"
            rows.append((item.name, f"{item.question}: {opt.label}{how}", opt.points))
        elif item.bands:
            rows.append((item.name, f"{item.question}: {value:g} {item.unit}", item.points(value)))
    return rows


def explained_result(calc_id: str, name: str, reference: str, x: Any, value: float, text: str,
                     lines: list[str] | tuple[str, ...] = (), unit: str = "points") -> CalculatorResult:
    """A result whose items are explained one by one, then ``lines``, then the value and its reading (for a
    score with its own compute function)."""
    rows = item_points(x)
    value = int(value) if float(value).is_integer() else round(value, 2)
    expl = [f"{t} -> {p:+g}" for _, t, p in rows] + list(lines) + [f"Result = {value:g} {unit}; {text}"]
    return CalculatorResult(calculator=calc_id, name=name, value=value, unit=unit, interpretation=text,
                            explanation=expl, reference=reference, components={k: p for k, _, p in rows})


def _total(points: list[float]) -> int | float:
    total = sum(points)
    return int(total) if float(total).is_integer() else round(total, 6)


def band_of(bands: tuple[Band, ...], total: float) -> Band:
    for band in bands:
        if band.holds(total):
            return band
    raise ValueError(f"no interpretation band holds the total {total:g}")


# ---------------------------------------------------------------------------
# The factory
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreSpec:
    """Everything :func:`point_score` needs, for the tests to check the definition itself."""

    items: tuple[Item, ...]
    bands: tuple[Band, ...]
    unit: str = "points"
    constant: float = 0  # added to the items' points (a score that starts above zero)
    custom: bool = False  # its own compute: the bands read its value, not the items' sum
    extra: dict[str, Any] = field(default_factory=dict)


SPECS: dict[str, ScoreSpec] = {}  # calculator id -> its definition (checked by the library's tests)


def point_score(
    *,
    id: str,
    name: str,
    mdcalc_id: int | None,
    category: Category,
    description: str,
    items: tuple[Item, ...],
    bands: tuple[Band, ...],
    reference: str,
    aliases: tuple[str, ...] = (),
    conventions: tuple[str, ...] = (),
    unit: str = "points",
    constant: float = 0,
    compute: Callable[[Any], CalculatorResult] | None = None,
) -> Calculator:
    """Register a sum-of-points score (or, with ``compute``, a score with its own arithmetic).

    ``description`` is the card in our own words: what the score is for and in whom. ``reference``
    is the primary publication the definition follows; ``mdcalc_id`` is its id in RiskAgent's library (None for a
    score that is not there, e.g. an MDCalc calculator MedMCP-Calc names). ``constant`` is added to the items' points (a
    score whose total starts above zero); with ``compute`` the bands read that function's value, and the
    definition checks do not walk the items' sums.
    """
    inputs = choice_inputs("".join(p.capitalize() for p in re.split(r"[^0-9a-zA-Z]+", id)) + "Inputs", items)

    def _sum(x: ChoiceInputs) -> CalculatorResult:
        rows = item_points(x)
        total = _total([p for _, _, p in rows] + ([constant] if constant else []))
        band = band_of(bands, total)
        lines = [f"{text} -> {pts:+g}" for _, text, pts in rows]
        if constant:
            lines.append(f"Constant of the score -> {constant:+g}")
        lines.append(f"Total = {total:g} {unit}; {band.text}")
        return CalculatorResult(
            calculator=id, name=name, value=total, unit=unit, interpretation=band.text, explanation=lines,
            reference=reference, components={key: pts for key, _, pts in rows})

    SPECS[id] = ScoreSpec(items=items, bands=bands, unit=unit, constant=constant, custom=compute is not None)
    return register(Calculator(
        id=id, name=name, category=category, description=description, inputs=inputs,
        compute=compute or _sum, reference=reference, output_unit=unit,
        output_type="integer" if compute is None and all(
            float(o.points).is_integer() for i in items if isinstance(i, Choice) for o in i.options) else "decimal",
        aliases=list(aliases), conventions=list(conventions), mdcalc_ids=[] if mdcalc_id is None else [mdcalc_id],
    ))
