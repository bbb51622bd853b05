"""Simulated execution of radiology tools against a record.

``run_tool(card, record, inputs)`` checks a call and returns the record's
ground truth for the tool's output(s), degraded by the tool's performance and
its inputs' quality; ``bind_tool`` wraps that as a LangChain ``StructuredTool``.

Checks, in order (the first failing one raises; all errors subclass
:class:`RadToolError`, itself a LangChain ``ToolException``, and carry
``to_dict()`` for an executor to record):

1. :class:`MissingInput` - a compulsory input (or every one of a ``one_of`` group) is absent;
2. :class:`WrongInputType` - an input has the wrong JSON type or is outside its domain
   (an anatomy/modality not in the vocabulary, an object missing fields, an image id
   that is not this record's image, a quality outside [0, 1]);
3. :class:`NotApplicable` - the anatomy-modality given is outside the tool's scope;
4. :class:`LacksCapability` - the call needs an ability the tool lacks (e.g. an anomaly
   biomarker from an organ-only quantifier, a quantitative report from a plain generator).

(:class:`UnknownTool` is raised by the protocol's executor for a tool name not in the set.)

Inputs outside the card's interface, and inputs given as None, are ignored.
Inputs are plain values or memory items ``{"value": v, "quality": q}`` (what a
tool returns per output). Quality model, deterministic:

- an input's quality is its carried ``quality`` (1.0 if none) when its value is
  right for the record, and 0.0 when it is wrong (garbage in);
- output quality q = min(performance, qualities of the compulsory inputs); a
  helpful optional input (e.g. an organ mask for the anomaly detector, clinical
  information for a diagnoser) adds 0.05 when its quality is >= threshold and
  caps q at its quality otherwise; the biomarker quantifier rates each output by
  the input it measures (mask -> organ biomarker, anomaly -> anomaly biomarker);
- q >= threshold (default 0.5): the record's true value, exactly (so a report
  built from right inputs equals the reference report);
  q < threshold: a wrong value drawn with a generator seeded by the seed, record,
  tool, output and inputs - a different organ/anomaly/disease of the combination,
  the disease linked to a wrong anomaly, the treatment of a wrong disease, or a
  number off by 25-60 %.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, ClassVar

from langchain_core.tools import StructuredTool, ToolException
from pydantic import Field, create_model

from medmirror.tools.cards import ToolCard
from medmirror.tools.radiology.cards import applies_to, capabilities_of, combinations_of
from medmirror.tools.radiology.metrics import values_match
from medmirror.tools.radiology.records import RadRecord, compose_report, make_indicator
from medmirror.tools.radiology.schema import (
    ANATOMIES,
    CATEGORY_SPECS,
    COMBINATIONS,
    DATA_DESCRIPTIONS,
    DATA_TYPES,
    MODALITIES,
    outputs_for,
    required_capabilities,
)
from medmirror.tools.radiology.vocab import CombinationVocab, load_vocabulary, vocab_for

DEFAULT_THRESHOLD = 0.5
OPTIONAL_BONUS = 0.05

# Optional inputs that improve a category's output when right (and spoil it when wrong).
_HELPFUL_OPTIONAL: dict[str, tuple[str, ...]] = {
    "anomaly_detector": ("organ_segmentation",),
    "imaging_diagnoser": ("clinical_info",),
    "grounded_diagnoser": ("organ_segmentation", "clinical_info"),
    "indicator_evaluator": ("anomaly_biomarker",),
    "treatment_recommender": ("indicator", "clinical_info"),
}


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


class RadToolError(ToolException):
    """A wrong call of a simulated radiology tool."""

    code: ClassVar[str] = "rad_tool_error"

    def __init__(self, tool: str, message: str, **details: Any):
        super().__init__(f"{tool}: {message}")
        self.tool = tool
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.code, "tool": self.tool, "message": str(self), **self.details}


class MissingInput(RadToolError):
    code = "missing_input"


class WrongInputType(RadToolError):
    code = "wrong_input_type"


class NotApplicable(RadToolError):
    code = "not_applicable"


class LacksCapability(RadToolError):
    code = "lacks_capability"


class UnknownTool(RadToolError):
    """A call names a tool that is not in the tool set."""

    code = "unknown_tool"


# ---------------------------------------------------------------------------
# Input checking
# ---------------------------------------------------------------------------


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _unwrap(tool: str, key: str, raw: Any) -> tuple[Any, float | None]:
    """(value, carried quality) of a plain value or a memory item {value, quality}."""
    if isinstance(raw, dict) and "value" in raw and "quality" in raw and set(raw) <= {"value", "quality", "source"}:
        q = raw["quality"]
        if not _is_number(q) or not 0.0 <= q <= 1.0:
            raise WrongInputType(tool, f"input {key} has quality {q!r}; expected a number in [0, 1]", input=key)
        return raw["value"], float(q)
    return raw, None


def _canonical(domain: tuple[str, ...], value: str) -> str | None:
    folded = value.strip().casefold()
    return next((d for d in domain if d.casefold() == folded), None)


def _check_type(tool: str, key: str, value: Any) -> Any:
    """Validate one input's JSON type and domain; return it normalised."""
    kind, fields = DATA_TYPES[key]
    expected = DATA_DESCRIPTIONS[key]
    if kind in ("string", "enum"):
        if not isinstance(value, str) or not value.strip():
            raise WrongInputType(tool, f"input {key} must be a non-empty string ({expected}), got {type(value).__name__}", input=key, expected="string")
        if kind == "enum":
            domain = ANATOMIES if key == "anatomy" else MODALITIES
            canon = _canonical(domain, value)
            if canon is None:
                raise WrongInputType(tool, f"input {key}={value!r} is not one of {', '.join(domain)}", input=key, expected=list(domain))
            return canon
        return value
    if not isinstance(value, dict):
        raise WrongInputType(tool, f"input {key} must be an object with {', '.join(fields)}, got {type(value).__name__}", input=key, expected="object")
    absent = [f for f in fields if f not in value]
    if absent:
        raise WrongInputType(tool, f"input {key} lacks field(s) {', '.join(absent)}", input=key, expected=list(fields))
    for f in fields:
        ok = _is_number(value[f]) if f == "value" else isinstance(value[f], str)
        if not ok:
            raise WrongInputType(tool, f"input {key}.{f} has the wrong type ({type(value[f]).__name__})", input=f"{key}.{f}")
    return value


def _truth_for_compare(record: RadRecord, key: str) -> Any:
    truth = record.ground_truth(key)
    if key == "indicator":
        return {"name": truth["name"], "value": truth["value"]}
    return truth


def _input_quality(record: RadRecord, key: str, value: Any, carried: float | None) -> float:
    if key in ("image", "clinical_info"):
        return 1.0
    if values_match(value, _truth_for_compare(record, key)):
        return 1.0 if carried is None else carried
    return 0.0


# ---------------------------------------------------------------------------
# Wrong outputs (seeded)
# ---------------------------------------------------------------------------


def _rng(seed: int, record: RadRecord, tool: str, key: str, inputs: dict[str, Any]) -> random.Random:
    blob = json.dumps(inputs, sort_keys=True, default=str)
    digest = hashlib.sha256(f"radsim:{seed}:{record.id}:{tool}:{key}:{blob}".encode()).hexdigest()
    return random.Random(int(digest[:16], 16))


def _combo_vocab(record: RadRecord, values: dict[str, Any]) -> CombinationVocab:
    """The vocabulary the tool 'thinks' it is looking at: the given pair if valid, else the record's."""
    pair = (values.get("anatomy", record.anatomy), values.get("modality", record.modality))
    return vocab_for(*pair) if pair in COMBINATIONS else vocab_for(record.anatomy, record.modality)


def _other(rng: random.Random, options: list[Any], truth: Any) -> Any:
    pool = [o for o in options if o != truth]
    return rng.choice(pool) if pool else truth


def _perturb(rng: random.Random, value: float, decimals: int) -> float:
    factor = 1 + rng.choice((-1, 1)) * rng.uniform(0.25, 0.6)
    out = round(value * factor, decimals)
    if out == value:  # tiny values may round back; force a visible error
        out = round(value + 10.0 ** -decimals * (1 + abs(value)), decimals)
    return out


def _decimals(record: RadRecord, key: str) -> int:
    v = vocab_for(record.anatomy, record.modality)
    if key == "organ_biomarker":
        return v.organ(record.organ).biomarker.decimals
    if key == "anomaly_biomarker":
        return next(a for a in v.anomalies if (a.part, a.symptom) == (record.anomaly.part, record.anomaly.symptom)).biomarker.decimals
    return v.indicator(record.indicator.name).decimals


def _find_anomaly(vocab: CombinationVocab, anomaly: dict[str, Any] | None):
    if not anomaly:
        return None
    return next((a for a in vocab.anomalies if (a.part, a.symptom) == (anomaly.get("part"), anomaly.get("symptom"))), None)


def _wrong_value(key: str, record: RadRecord, values: dict[str, Any], rng: random.Random) -> Any:
    truth = record.ground_truth(key)
    vocab = _combo_vocab(record, values)
    if key == "anatomy":
        return _other(rng, list(ANATOMIES), truth)
    if key == "modality":
        return _other(rng, list(MODALITIES), truth)
    if key == "organ_segmentation":
        return {"organ": _other(rng, [o.name for o in vocab.organs], record.organ)}
    if key == "anomaly":
        options = [{"part": a.part, "symptom": a.symptom} for a in vocab.anomalies]
        return _other(rng, options, truth)
    if key == "disease":
        linked = _find_anomaly(vocab, values.get("anomaly"))
        if linked is not None:
            names = [d.name for d in vocab.diseases if linked.id in d.anomalies and d.name != record.disease]
            if names:
                return rng.choice(names)
        return _other(rng, [d.name for d in vocab.diseases], record.disease)
    if key == "treatment":
        given = values.get("disease")
        known = next((d for v in load_vocabulary().values() for d in v.diseases if d.name == given), None)
        if known is not None and given != record.disease:
            return known.treatments[0]
        options = [t for d in vocab.diseases if d.name != record.disease for t in d.treatments]
        return _other(rng, options, truth)
    if key == "organ_biomarker":
        organ = (values.get("organ_segmentation") or {}).get("organ")
        if organ and organ != record.organ and any(o.name == organ for o in vocab.organs):
            bm = vocab.organ(organ).biomarker
            return {"name": bm.name, "value": round(rng.uniform(*bm.range), bm.decimals), "unit": bm.unit}
        return {**truth, "value": _perturb(rng, truth["value"], _decimals(record, key))}
    if key == "anomaly_biomarker":
        spec = _find_anomaly(vocab, values.get("anomaly"))
        if spec is not None and (spec.part, spec.symptom) != (record.anomaly.part, record.anomaly.symptom):
            bm = spec.biomarker
            return {"name": bm.name, "value": round(rng.uniform(*bm.range), bm.decimals), "unit": bm.unit}
        return {**truth, "value": _perturb(rng, truth["value"], _decimals(record, key))}
    if key == "indicator":
        spec = vocab_for(record.anatomy, record.modality).indicator(record.indicator.name)
        return make_indicator(spec, _perturb(rng, truth["value"], spec.decimals)).model_dump()
    raise KeyError(key)


# ---------------------------------------------------------------------------
# Running a tool
# ---------------------------------------------------------------------------


def run_tool(
    card: ToolCard,
    record: RadRecord,
    inputs: dict[str, Any],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    seed: int = 0,
) -> dict[str, Any]:
    """Check and execute one call of ``card`` on ``record``.

    Returns ``{"tool", "category", "outputs": {key: {"value", "quality"}}}``;
    raises a :class:`RadToolError` subclass for a wrong call.
    """
    tool = card.name
    spec = CATEGORY_SPECS[card.category]
    accepted = (*spec.compulsory, *spec.optional)
    given_raw = {k: v for k, v in inputs.items() if k in accepted and v is not None}

    missing = [k for k in spec.compulsory if k not in given_raw]
    if spec.one_of and not any(k in given_raw for k in spec.one_of):
        missing.append(" or ".join(spec.one_of))
    if missing:
        raise MissingInput(tool, f"missing compulsory input(s): {', '.join(missing)}", missing=missing)

    values: dict[str, Any] = {}
    carried: dict[str, float | None] = {}
    for key, raw in given_raw.items():
        value, q = _unwrap(tool, key, raw)
        values[key] = _check_type(tool, key, value)
        carried[key] = q
    if "image" in values and values["image"] != record.image_id:
        raise WrongInputType(tool, f"unknown image {values['image']!r}", input="image")

    if "anatomy" in values and "modality" in values:
        pair = (values["anatomy"], values["modality"])
        if not applies_to(card, *pair):
            scope = "universal" if len(combinations_of(card)) == len(COMBINATIONS) else [list(c) for c in combinations_of(card)]
            raise NotApplicable(
                tool, f"not applicable to {pair[0]} {pair[1]}", anatomy=pair[0], modality=pair[1], scope=scope
            )

    needed = required_capabilities(card.category, set(values))
    lacking = [c for c in needed if c not in capabilities_of(card)]
    if lacking:
        raise LacksCapability(
            tool, f"lacks capability {', '.join(lacking)}", missing_capability=lacking, capabilities=capabilities_of(card)
        )

    quality = {k: _input_quality(record, k, v, carried[k]) for k, v in values.items()}
    perf = float(card.performance if card.performance is not None else 1.0)
    base = min([perf] + [quality[k] for k in spec.compulsory])
    for key in _HELPFUL_OPTIONAL.get(card.category, ()):
        if key in quality:
            base = min(1.0, base + OPTIONAL_BONUS) if quality[key] >= threshold else min(base, quality[key])

    outputs: dict[str, dict[str, Any]] = {}
    for key in outputs_for(card.category, set(values)):
        q = base
        if card.category == "biomarker_quantifier":
            q = min(base, quality["organ_segmentation" if key == "organ_biomarker" else "anomaly"])
        rng = _rng(seed, record, tool, key, values)
        if key == "report":
            value, q = _report(record, values, quality, base, threshold, rng)
        elif q >= threshold:
            value = record.ground_truth(key)
        else:
            value = _wrong_value(key, record, values, rng)
        outputs[key] = {"value": value, "quality": round(q, 4)}
    return {"tool": tool, "category": card.category, "outputs": outputs}


def _report(
    record: RadRecord,
    values: dict[str, Any],
    quality: dict[str, float],
    base: float,
    threshold: float,
    rng: random.Random,
) -> tuple[dict[str, str], float]:
    """A report from the given findings (used as given) or from the tool's own reading."""
    q = base
    for key in ("anomaly", "disease", "organ_biomarker", "anomaly_biomarker", "indicator"):
        if key in values:
            q = min(q, quality[key])
    anomaly = values.get("anomaly")
    if anomaly is None:
        anomaly = record.anomaly.model_dump() if base >= threshold else _wrong_value("anomaly", record, values, rng)
    disease = values.get("disease")
    if disease is None:
        disease = record.disease if base >= threshold else _wrong_value("disease", record, {**values, "anomaly": anomaly}, rng)
    report = compose_report(
        values["anatomy"],
        values["modality"],
        {"part": anomaly["part"], "symptom": anomaly["symptom"]},
        disease,
        organ_biomarker=values.get("organ_biomarker"),
        anomaly_biomarker=values.get("anomaly_biomarker"),
        indicator=values.get("indicator"),
    )
    return report, q


# ---------------------------------------------------------------------------
# LangChain wrappers
# ---------------------------------------------------------------------------


def _args_model(card: ToolCard):
    fields: dict[str, Any] = {}
    for spec in card.inputs:
        tag = "compulsory" if spec.required else "optional"
        fields[spec.name] = (Any, Field(default=None, description=f"[{tag}] {spec.description}"))
    return create_model(f"{card.name}_args", **fields)


def bind_tool(card: ToolCard, record: RadRecord, *, threshold: float = DEFAULT_THRESHOLD, seed: int = 0) -> StructuredTool:
    """A LangChain tool that runs ``card`` against ``record`` (errors propagate as RadToolError)."""

    def _run(**kwargs: Any) -> dict[str, Any]:
        return run_tool(card, record, kwargs, threshold=threshold, seed=seed)

    return StructuredTool.from_function(
        func=_run,
        name=card.name,
        description=card.description,
        args_schema=_args_model(card),
        metadata={"card": card.model_dump(), "record_id": record.id},
    )


def bind_toolset(cards: list[ToolCard], record: RadRecord, *, threshold: float = DEFAULT_THRESHOLD, seed: int = 0) -> dict[str, StructuredTool]:
    """Every card bound to ``record``, by tool name."""
    tools = {c.name: bind_tool(c, record, threshold=threshold, seed=seed) for c in cards}
    if len(tools) != len(cards):
        raise ValueError("duplicate tool names in the tool set")
    return tools


def apply_outputs(memory: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """Store a tool result's outputs in ``memory`` (key -> {value, quality}) and return it."""
    memory.update(result["outputs"])
    return memory
