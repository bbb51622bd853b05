"""MedCalc-Bench runner: CSV reading, the mode registry, and the run loop.

The CSV is MedCalc-Bench's public format (Row Number, Calculator ID, Calculator Name,
Category, Output Type, Note ID, Note Type, Patient Note, Question, Relevant Entities,
Ground Truth Answer, Lower Limit, Upper Limit, Ground Truth Explanation). Extra
columns are ignored; header names are matched ignoring case and surrounding spaces.
Columns every mode needs: Calculator ID, Ground Truth Answer, Lower Limit, Upper Limit;
each mode adds its own (``gold`` needs Relevant Entities). A missing required column
fails the whole run with a message naming it; a bad *cell* only makes its row wrong,
with the reason in the record's ``error``.

Modes (:data:`MODES`) are factories ``options -> (row -> record)``:

* ``gold``: the row's calculator (``medmirror.tools.calculators.by_medcalc_id``) on the row's gold
  entities (``medcalc_adapter.adapt``), scored with :mod:`medmirror.bench.scoring`;
* ``retrieve``: tool retrieval recall@k for note + question;
* ``extract``: evidence-grounded parameter extraction (``options['extractor']``: rules, llm or
  hybrid) with the row's calculator, then the calculator; adds per-parameter accuracy against
  the gold entities (``params`` per record, ``param_accuracy`` in the summary);
* ``agent``: the whole graph on note + question (:func:`make_agent`).

Every record has ``id, mode, calculator_id, calculator, category, expected, lower,
upper, rule, got, correct, error, error_stage, latency_s``; the summary and the table
are computed from those fields only, so a new mode just has to fill them.
"""

from __future__ import annotations

import csv
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from medmirror.api import solve
from medmirror.bench.calibration import hold_back, plot_risk_coverage, risk_coverage
from medmirror.bench.calibration import render as render_calibration
from medmirror.bench.common import (
    JsonlWriter,
    Record,
    accuracy,
    accuracy_by,
    counts_text,
    default_out_dir,
    format_table,
    load_records,
    plot_accuracy,
    run_items,
    write_summary,
)
from medmirror.bench.engine import EngineError, RowTask, run_rows
from medmirror.bench.label_conventions import find_disagreement
from medmirror.bench.scoring import (
    Expected,
    ScoringError,
    coerce,
    expected_from_row,
    is_correct,
    parse_answer,
    to_json_value,
)
from medmirror.core.limits import check_data_file, cut_line
from medmirror.core.models.embeddings import make_embeddings
from medmirror.core.models.factory import ModelSet
from medmirror.core.settings import ROLES, Settings
from medmirror.core.usage import totals
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import by_medcalc_id  # importing the package registers every calculator
from medmirror.tools.calculators.medcalc_adapter import adapt
from medmirror.tools.extraction.confidence import assess
from medmirror.tools.extraction.grounding import EXTRACTION_MODES, canonical, field_kind, ground, same

BENCHMARK = "medcalc"
RECORDS_FILE = "records.jsonl"
SUMMARY_FILE = "summary.json"
PLOT_FILE = "accuracy_by_category.png"
RISK_COVERAGE_FILE = "risk_coverage.png"

CATEGORIES = ("lab", "physical", "date", "dosage", "risk", "severity", "diagnosis")
_CATEGORY_ALIASES = {"lab test": "lab", "lab tests": "lab", "laboratory": "lab", "labs": "lab"}

COLUMNS = (
    "Row Number", "Calculator ID", "Calculator Name", "Category", "Output Type", "Note ID",
    "Note Type", "Patient Note", "Question", "Relevant Entities", "Ground Truth Answer",
    "Lower Limit", "Upper Limit", "Ground Truth Explanation",
)
BASE_REQUIRED = ("Calculator ID", "Ground Truth Answer", "Lower Limit", "Upper Limit")


class BenchError(RuntimeError):
    """A run that cannot start or continue (bad options, inconsistent output directory); its message is one line
    of at most MAX_ERROR_LINE_CHARS (a data file's line quoted in it is cut)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*(cut_line(a) if isinstance(a, str) else a for a in args))


class MedCalcDataError(BenchError, ValueError):
    """The CSV cannot be read as MedCalc-Bench data (file, header, required column, ids)."""


class ModeNotAvailableError(BenchError, NotImplementedError):
    """The mode is declared but not implemented yet."""


# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------


def normalise_category(raw: str | None) -> str:
    """CSV category -> one of :data:`CATEGORIES` ('lab test' -> 'lab'); unknown ones kept lower-cased."""
    c = " ".join((raw or "").strip().lower().split())
    return _CATEGORY_ALIASES.get(c, c)


@dataclass(frozen=True)
class MedCalcRow:
    """One benchmark row. ``id`` is the Row Number (or ``row-<i>`` when that column is absent)."""

    id: str
    calculator_id: int | None
    calculator_name: str
    category: str
    output_type: str
    ground_truth: str
    lower: str
    upper: str
    entities: str = ""
    note: str = ""
    question: str = ""
    note_id: str = ""
    note_type: str = ""
    explanation: str = ""
    raw_calculator_id: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)

    def expected(self) -> Expected:
        return expected_from_row(self.ground_truth, self.lower, self.upper, self.output_type)


def _parse_calc_id(raw: str) -> int | None:
    s = raw.strip()
    try:
        f = float(s)
    except ValueError:
        return None
    return int(f) if f.is_integer() else None


def _set_field_limit() -> None:
    limit = sys.maxsize
    while True:
        try:
            csv.field_size_limit(limit)
            return
        except OverflowError:
            limit //= 10


def read_medcalc_csv(path: str | Path, required: tuple[str, ...] = ()) -> list[MedCalcRow]:
    """Read a MedCalc-Bench CSV. ``required`` adds columns to :data:`BASE_REQUIRED`.

    Raises :class:`MedCalcDataError` for a missing/unreadable file, an empty file, a
    missing required column or duplicate row ids.
    """
    p = Path(path)
    check_data_file(p, MedCalcDataError)
    _set_field_limit()
    try:
        fh = p.open(encoding="utf-8-sig", newline="")
    except OSError as exc:
        raise MedCalcDataError(f"cannot open {p}: {exc}") from None
    with fh:
        reader = csv.reader(fh)
        try:
            header = next(reader)
        except StopIteration:
            raise MedCalcDataError(f"{p} is empty (no header row)") from None
        except (csv.Error, UnicodeDecodeError) as exc:
            raise MedCalcDataError(f"{p} is not a readable UTF-8 CSV: {exc}") from None
        index: dict[str, int] = {}
        for i, name in enumerate(header):
            index.setdefault(" ".join(name.strip().lower().split()), i)
        need = list(dict.fromkeys([*BASE_REQUIRED, *required]))
        missing = [c for c in need if c.lower() not in index]
        if missing:
            raise MedCalcDataError(
                f"{p}: missing required column(s) {', '.join(repr(m) for m in missing)}; "
                f"found columns: {', '.join(repr(h) for h in header)}"
            )
        known = {c.lower() for c in COLUMNS}
        extra_cols = [h for h in header if " ".join(h.strip().lower().split()) not in known]
        rows: list[MedCalcRow] = []
        seen: dict[str, int] = {}
        try:
            for n, cells in enumerate(reader, start=1):
                if not any(c.strip() for c in cells):
                    continue  # blank line

                def get(col: str, cells: list[str] = cells) -> str:
                    i = index.get(col.lower())
                    return cells[i] if i is not None and i < len(cells) else ""

                rid = get("Row Number").strip() or f"row-{n}"
                if rid.endswith(".0") and rid[:-2].isdigit():
                    rid = rid[:-2]
                if rid in seen:
                    raise MedCalcDataError(
                        f"{p}: duplicate Row Number {rid!r} (data rows {seen[rid]} and {n}); ids must be unique for resume"
                    )
                seen[rid] = n
                raw_id = get("Calculator ID")
                rows.append(MedCalcRow(
                    id=rid,
                    calculator_id=_parse_calc_id(raw_id),
                    calculator_name=get("Calculator Name").strip(),
                    category=normalise_category(get("Category")),
                    output_type=get("Output Type").strip().lower(),
                    ground_truth=get("Ground Truth Answer"),
                    lower=get("Lower Limit"),
                    upper=get("Upper Limit"),
                    entities=get("Relevant Entities"),
                    note=get("Patient Note"),
                    question=get("Question"),
                    note_id=get("Note ID").strip(),
                    note_type=get("Note Type").strip(),
                    explanation=get("Ground Truth Explanation"),
                    raw_calculator_id=raw_id.strip(),
                    extra={h: cells[header.index(h)] for h in extra_cols if header.index(h) < len(cells)},
                ))
        except (csv.Error, UnicodeDecodeError) as exc:
            raise MedCalcDataError(f"{p}: unreadable CSV near data row {len(seen) + 1}: {exc}") from None
    return rows


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------


class RowError(Exception):
    """A per-row failure at a named stage; becomes the record's ``error``/``error_stage``."""

    def __init__(self, stage: str, message: str):
        super().__init__(message)
        self.stage = stage


def base_record(row: MedCalcRow, mode: str) -> Record:
    return {
        "id": row.id, "mode": mode, "calculator_id": row.calculator_id,
        "calculator": row.calculator_name, "category": row.category or "unknown",
        "expected": None, "lower": None, "upper": None, "rule": None,
        "got": None, "correct": False, "error": None, "error_stage": None,
    }


def error_record(row: MedCalcRow, mode: str, exc: BaseException, stage: str = "runner") -> Record:
    rec = base_record(row, mode)
    rec["error"] = f"{type(exc).__name__}: {exc}"
    rec["error_stage"] = stage
    return rec


def _describe(exc: BaseException) -> str:
    return str(exc) if isinstance(exc, RowError) else f"{type(exc).__name__}: {exc}"


def score_record(rec: Record, expected: Expected, got: Any) -> None:
    """Fill ``got`` and ``correct`` of ``rec`` (``got`` already of the expected kind)."""
    rec["got"] = to_json_value(got)
    rec["correct"] = bool(is_correct(expected, got))


def expected_into(rec: Record, row: MedCalcRow) -> Expected:
    """Parse the row's ground truth into ``rec``; a bad cell raises :class:`RowError` ('data')."""
    try:
        exp = row.expected()
    except ScoringError as exc:
        raise RowError("data", f"bad ground truth in row {row.id}: {exc}") from None
    rec.update(expected=exp.to_json(), lower=exp.lower, upper=exp.upper, rule=exp.rule, kind=exp.kind)
    return exp


def result_value(result: Any, kind: str) -> Any:
    """The scorable value of a :class:`CalculatorResult` for ``kind``."""
    comps = getattr(result, "components", None) or {}
    if kind == "weeks_days" and "weeks" in comps and "days" in comps:
        return coerce({"weeks": comps["weeks"], "days": comps["days"]}, "weeks_days")
    value = result.value
    try:
        return coerce(value, kind)  # type: ignore[arg-type]
    except ScoringError:
        if isinstance(value, str):  # e.g. "34 weeks, 3 days" or "20.5 kg/m²"
            return parse_answer(value, kind)  # type: ignore[arg-type]
        raise


# ---------------------------------------------------------------------------
# Modes
# ---------------------------------------------------------------------------

RowFn = Callable[[MedCalcRow], Record]


@dataclass(frozen=True)
class Mode:
    """A benchmark mode: ``make(options)`` returns the ``row -> record`` function."""

    name: str
    description: str
    make: Callable[[Mapping[str, Any]], RowFn]
    required_columns: tuple[str, ...] = ()
    available: bool = True
    # Mode-specific summary fields and their printed table (e.g. recall@k for `retrieve`).
    extra_summary: Callable[[list[Record]], dict[str, Any]] | None = None
    render_extra: Callable[[dict[str, Any]], str] | None = None


MODES: dict[str, Mode] = {}


def register_mode(mode: Mode) -> Mode:
    MODES[mode.name] = mode
    return mode


def get_mode(name: str) -> Mode:
    """The registered mode ``name``; raises :class:`ModeNotAvailableError` if not implemented yet."""
    mode = MODES.get(name)
    if mode is None:
        raise BenchError(f"unknown mode {name!r}; modes: {', '.join(MODES)}")
    if not mode.available:
        mode.make({})  # raises with the mode's own message
    return mode


def row_calculator(rec: Record, row: MedCalcRow) -> Any:
    """The row's calculator by MedCalc-Bench id; fills ``tool`` (and ``calculator``/``category`` when
    the row lacks them) in ``rec``. A missing id raises :class:`RowError` ('data'), an id no
    calculator implements ('calculator')."""

    if row.calculator_id is None:
        raise RowError("data", f"Calculator ID {row.raw_calculator_id!r} is not an integer")
    try:
        calc = by_medcalc_id(row.calculator_id)
    except KeyError:
        label = f" ({row.calculator_name})" if row.calculator_name else ""
        raise RowError("calculator", f"no calculator implements MedCalc-Bench id {row.calculator_id}{label}") from None
    rec["tool"] = calc.id
    if not rec["calculator"]:
        rec["calculator"] = calc.medcalc_name or calc.name
    if rec["category"] == "unknown":
        rec["category"] = calc.category
    return calc


def run_and_score(rec: Record, calc: Any, args: Mapping[str, Any], expected: Expected, *,
                  record_assumed: bool = False) -> Any:
    """Run ``calc`` on ``args`` and score the result against ``expected`` into ``rec`` (``unit``, then
    ``assumed`` when ``record_assumed``, then ``got``/``correct``); returns the calculator's result. A
    failing run raises :class:`RowError` ('calculator_run'); a value not of the expected kind ('result',
    with ``got`` set to the raw value)."""
    try:
        result = calc.run(args)
    except Exception as exc:  # noqa: BLE001 - CalculatorInputError or a compute failure
        raise RowError("calculator_run", f"{calc.id}: {_describe(exc)}") from None
    rec["unit"] = result.unit
    if record_assumed:
        rec["assumed"] = result.assumed
    try:
        got = result_value(result, expected.kind)
    except ScoringError as exc:
        rec["got"] = result.value
        raise RowError("result", f"{calc.id} returned {result.value!r}, not a {expected.kind}: {exc}") from None
    score_record(rec, expected, got)
    return result


def mark_label_disagreement(rec: Record, calc: Any, args: Mapping[str, Any], result: Any) -> None:
    """A wrong row whose label departs from the published definition by a documented convention
    (:mod:`medmirror.bench.label_conventions`) gets ``label_disagreement`` (rule, description, source); it stays
    not correct and is counted apart in the summary."""

    if rec.get("correct") or rec.get("error") or rec.get("expected") is None:
        return
    conv = find_disagreement(calc.id, args, result.value, getattr(result, "components", None), rec["expected"])
    if conv is not None:
        rec["label_disagreement"] = conv.to_json()


def run_gold(row: MedCalcRow) -> Record:
    """Compute a row from its gold entities with its calculator and score it."""

    rec = base_record(row, "gold")
    t0 = time.perf_counter()
    try:
        expected = expected_into(rec, row)
        calc = row_calculator(rec, row)
        notes: list[str] = []
        try:
            args = adapt(calc, row.entities, report=notes)
        except Exception as exc:  # noqa: BLE001 - recorded as the row's error
            raise RowError("entities", f"entities: {_describe(exc)}") from None
        if notes:
            rec["adapter_notes"] = notes
        result = run_and_score(rec, calc, args, expected)
        mark_label_disagreement(rec, calc, args, result)
    except RowError as exc:
        rec["error"], rec["error_stage"] = str(exc), exc.stage
    rec["latency_s"] = round(time.perf_counter() - t0, 6)
    return rec


def _not_available(name: str, planned: str) -> Callable[[Mapping[str, Any]], RowFn]:
    def make(options: Mapping[str, Any]) -> RowFn:
        available = ", ".join(m.name for m in MODES.values() if m.available)
        raise ModeNotAvailableError(f"mode {name!r} is not available yet (planned: {planned}); available: {available}")

    return make


register_mode(Mode("gold", "calculators on the gold entities", lambda _opts: run_gold, ("Relevant Entities",)))
def make_retrieve(options: Mapping[str, Any]) -> RowFn:
    """Rank the tool cards for note + question; the row's calculator should come first.

    The index (BM25, and the dense card vectors when embeddings are configured) is built before the
    first row and timed; each row records its query time.
    """
    registry = options.get("registry") or default_registry()
    k = int(options.get("k", 5))
    # None: the registry's default (the note weighs more when the question names no tool)
    context_weight = None if options.get("context_weight") is None else float(options["context_weight"])
    # --set embeddings_provider=none|e5|openai picks the dense ranking fused with BM25
    embeddings = options.get("embeddings") or make_embeddings(Settings(**dict(options.get("settings") or {})))
    t0 = time.perf_counter()
    registry.search("warm up", k=1, context="warm up")
    bm25_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    if embeddings is not None:
        registry.dense_ranking("warm up", embeddings)
    dense_s = time.perf_counter() - t1
    build = {"cards": len(registry), "bm25_s": round(bm25_s, 3), "dense_s": round(dense_s, 3),
             "dense": type(embeddings).__name__ if embeddings is not None else None}

    def run(row: MedCalcRow) -> Record:
        rec = base_record(row, "retrieve")
        rec["index_build"] = build
        try:
            target = by_medcalc_id(row.calculator_id).id if row.calculator_id is not None else None
        except KeyError:
            target = None
        t0 = time.perf_counter()
        hits = registry.search(row.question or "", k=k, context=row.note or None, context_weight=context_weight,
                               embeddings=embeddings)
        rec["latency_s"] = round(time.perf_counter() - t0, 6)
        names = [h.card.name for h in hits]
        rec.update(tool=target, top5=names[:5], top=names,
                   rank=(names.index(target) + 1) if target in names else None)
        if target is None:
            rec["error"], rec["error_stage"] = f"no calculator implements MedCalc-Bench id {row.raw_calculator_id}", "calculator"
        rec["correct"] = rec["rank"] == 1
        return rec

    return run


def retrieval_summary(records: list[Record]) -> dict[str, Any]:
    """recall@1/3/5 overall and per calculator, the index build time and the query latency (mean, median, p95)."""
    def recall(rs: list[Record], k: int) -> float | None:
        return accuracy(sum(1 for r in rs if r.get("rank") and r["rank"] <= k), len(rs))

    per: dict[str, list[Record]] = {}
    for r in records:
        per.setdefault(f"{r.get('calculator_id')} {r.get('calculator') or ''}".strip(), []).append(r)
    lat = sorted(1000 * float(r.get("latency_s") or 0.0) for r in records)
    return {
        "recall": {f"@{k}": recall(records, k) for k in (1, 3, 5)},
        "recall_by_calculator": {name: {f"@{k}": recall(rs, k) for k in (1, 3, 5)} for name, rs in per.items()},
        "index_build": next((r.get("index_build") for r in records if r.get("index_build")), None),
        "latency_ms": {"mean": sum(lat) / len(lat) if lat else None,
                       "p50": statistics.median(lat) if lat else None,
                       "p95": lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else None,
                       "max": lat[-1] if lat else None},
    }


def render_retrieval(summary: dict[str, Any]) -> str:
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    ms = lambda v: "-" if v is None else f"{v:.1f} ms"  # noqa: E731
    r, lat, b = summary["recall"], summary["latency_ms"], summary.get("index_build") or {}
    lines = [f"retrieval recall@1 {pct(r['@1'])}  @3 {pct(r['@3'])}  @5 {pct(r['@5'])} over {b.get('cards', '?')} cards; "
             f"index build BM25 {b.get('bm25_s', '-')} s, dense {b.get('dense_s', '-')} s ({b.get('dense')}); "
             f"query median {ms(lat['p50'])}, p95 {ms(lat['p95'])}, max {ms(lat['max'])}"]
    misses = {k: v for k, v in summary["recall_by_calculator"].items() if v["@1"] != 1.0}
    for name, v in misses.items():
        lines.append(f"  {name[:60]:<60} @1 {pct(v['@1'])} @3 {pct(v['@3'])} @5 {pct(v['@5'])}")
    return "\n".join(lines)


register_mode(Mode("retrieve", "tool retrieval recall@k", make_retrieve, ("Question", "Patient Note"),
                   extra_summary=retrieval_summary, render_extra=render_retrieval))
# ---------------------------------------------------------------------------
# extract: evidence-grounded parameter extraction + calculator
# ---------------------------------------------------------------------------


def _extraction_model(options: Mapping[str, Any]) -> tuple[Any, int]:
    """The extractor's chat model: ``options['models']`` (a ModelSet, a chat model or {role: model}),
    ``options['model']``, else built from Settings (``options['settings']``: a Settings or the
    ``--set`` overrides, with ``options['preset']``; else the environment)."""

    given = options.get("settings")
    if isinstance(given, Settings):
        settings = given
    else:
        try:
            pairs = {k: v for k, v in dict(given or {}).items() if k in Settings.model_fields}
            unknown = sorted(set(dict(given or {})) - set(pairs) - {"extractor"})
            if unknown:
                raise ValueError(f"unknown setting(s) {', '.join(unknown)}")
            settings = Settings.resolve(options.get("preset"), **pairs)
        except Exception as exc:  # noqa: BLE001 - bad settings stop the run with their message
            raise BenchError(f"extract: settings: {exc}") from None
    retries = int(options.get("retries", settings.structured_retries))
    override = options.get("models", options.get("model"))
    models = override if isinstance(override, ModelSet) else ModelSet(override)
    return models.for_role("extractor", settings), retries


def _gold_params(calc: Any, entities: str) -> tuple[dict[str, Any], str | None]:
    """Gold entities as canonical calculator inputs (field -> value), or ({}, why not)."""

    try:
        raw = adapt(calc, entities)
    except Exception as exc:  # noqa: BLE001 - recorded, the row is still run
        return {}, f"entities: {_describe(exc)}"
    gold: dict[str, Any] = {}
    problems = []
    for name, value in raw.items():
        if name not in calc.inputs.model_fields:
            continue
        try:
            gold[name] = canonical(calc, name, value)
        except ValueError as exc:
            problems.append(str(exc))
    return gold, ("; ".join(problems) or None)


def _extraction_setting(options: Mapping[str, Any]) -> str:
    """The run's extraction mode when no ``extractor`` option is given: the ``extractor`` setting if
    Settings has one, else ``hybrid``."""

    given = options.get("settings")
    if isinstance(given, Settings):
        return str(getattr(given, "extractor", None) or "hybrid")
    if isinstance(given, Mapping) and given.get("extractor"):
        return str(given["extractor"])
    try:
        return str(getattr(Settings.resolve(options.get("preset")), "extractor", None) or "hybrid")
    except Exception:  # noqa: BLE001 - settings problems surface when the model is built
        return "hybrid"


def answer_policy(options: Mapping[str, Any]) -> tuple[float, str]:
    """(confidence_threshold, answer_policy) from ``options`` (its ``settings`` overrides too), else the defaults."""
    given = options.get("settings")
    pairs = dict(given) if isinstance(given, Mapping) else {}
    if isinstance(given, Settings):
        pairs = {"confidence_threshold": given.confidence_threshold, "answer_policy": given.answer_policy}
    for key in ("confidence_threshold", "answer_policy"):
        if options.get(key) is not None:
            pairs[key] = options[key]
    try:
        s = Settings.resolve(None, **{k: pairs[k] for k in ("confidence_threshold", "answer_policy") if k in pairs})
    except Exception as exc:  # noqa: BLE001 - a bad value stops the run with its message
        raise BenchError(f"answer policy: {exc}") from None
    return s.confidence_threshold, s.answer_policy


PARAM_TOLERANCE = 0.05  # per-parameter accuracy: numbers within 5 % after unit conversion


def make_extract(options: Mapping[str, Any]) -> RowFn:
    """Extraction with the row's calculator (no retrieval), then the calculator; per-parameter accuracy.

    ``options['extractor']``: ``rules`` | ``llm`` | ``hybrid`` (default ``hybrid``). A gold input the
    extraction leaves to the calculator's documented default is compared with that default (the
    calculator uses it); a gold input left missing or dropped counts as wrong.
    """

    extractor = str(options.get("extractor") or _extraction_setting(options))
    if extractor not in EXTRACTION_MODES:
        raise BenchError(f"unknown extractor {extractor!r}; one of {', '.join(EXTRACTION_MODES)}")
    model, retries = (None, 0) if extractor == "rules" else _extraction_model(options)
    threshold, policy = answer_policy(options)

    def run(row: MedCalcRow) -> Record:
        rec = base_record(row, "extract")
        rec["extractor"] = extractor
        t0 = time.perf_counter()
        try:
            expected = expected_into(rec, row)
            calc = row_calculator(rec, row)
            gold, gold_error = _gold_params(calc, row.entities) if row.entities.strip() else ({}, "no entities")
            if gold_error:
                rec["gold_error"] = gold_error
            try:
                grounded = ground(calc, row.note, row.question, mode=extractor, model=model, retries=retries)
            except Exception as exc:  # noqa: BLE001 - a rule or model crash is this row's error
                raise RowError("extraction", f"extraction: {_describe(exc)}") from None
            params: dict[str, Any] = {}
            for p in grounded.params:
                # the value the calculator works with: a grounded one, or its documented default
                defaulted = p.status == "assumed" or (p.status == "unsupported" and p.source == "default")
                effective = p.value if (p.name in grounded.args or defaulted) else None
                entry: dict[str, Any] = {"extracted": effective, "evidence": p.evidence, "gold": None, "match": None,
                                         "status": p.status}
                if p.name in gold:
                    entry["gold"] = gold[p.name]
                    entry["match"] = effective is not None and same(field_kind(calc, p.name), effective, gold[p.name],
                                                                    tol=PARAM_TOLERANCE)
                params[p.name] = entry
            rec["params"] = params
            rec["flags"] = grounded.flags
            # a CalculatorInputError from the run names what extraction missed
            run_and_score(rec, calc, grounded.args, expected, record_assumed=True)
            conf = assess(calc, grounded.args, grounded.params, row.note)
            hold_back(rec, conf.to_dict() if conf is not None else None, threshold, policy)
        except RowError as exc:
            rec["error"], rec["error_stage"] = str(exc), exc.stage
        rec["latency_s"] = round(time.perf_counter() - t0, 6)
        return rec

    return run


def extraction_summary(records: list[Record]) -> dict[str, Any]:
    """Per-parameter accuracy overall and per calculator (gold inputs only), statuses and flags."""
    def tally(rs: list[Record]) -> dict[str, Any]:
        n = hit = found = 0
        for r in rs:
            for p in (r.get("params") or {}).values():
                if p.get("gold") is None:
                    continue
                n += 1
                hit += bool(p.get("match"))
                found += bool(p.get("match")) and p.get("status") in ("rule", "agree", "llm_supported", "disagree")
        return {"n": n, "correct": hit, "accuracy": accuracy(hit, n), "grounded_accuracy": accuracy(found, n)}

    per: dict[str, list[Record]] = {}
    for r in records:
        per.setdefault(f"{r.get('calculator_id')} {r.get('calculator') or ''}".strip(), []).append(r)
    statuses = Counter(p.get("status") for r in records for p in (r.get("params") or {}).values())
    wrong = Counter(f"{r.get('calculator_id')}:{name}" for r in records for name, p in (r.get("params") or {}).items()
                    if p.get("gold") is not None and not p.get("match"))
    return {
        "extractor": next((r.get("extractor") for r in records if r.get("extractor")), None),
        "param_accuracy": tally(records),
        "param_accuracy_by_calculator": {k: tally(v) for k, v in per.items()},
        "param_statuses": dict(statuses.most_common()),
        "rows_with_flags": sum(bool(r.get("flags")) for r in records),
        "wrong_params": dict(wrong.most_common(20)),
    }


def render_extraction(summary: dict[str, Any]) -> str:
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    pa = summary["param_accuracy"]
    lines = [f"parameter accuracy ({summary.get('extractor')}): {pct(pa['accuracy'])} ({pa['correct']}/{pa['n']} gold inputs; "
             f"with evidence {pct(pa['grounded_accuracy'])}); statuses: {counts_text(summary['param_statuses'])}; "
             f"rows with reviewer flags {summary['rows_with_flags']}"]
    for name, t in summary["param_accuracy_by_calculator"].items():
        if t["n"] and t["correct"] < t["n"]:
            lines.append(f"  {name[:60]:<60} {t['correct']:>3}/{t['n']:<3} {pct(t['accuracy'])}")
    return "\n".join(lines)


register_mode(Mode("extract", "extraction + calculator", make_extract, ("Patient Note", "Question"),
                   extra_summary=extraction_summary, render_extra=render_extraction))


def make_agent(options: Mapping[str, Any]) -> RowFn:
    """Run the whole graph on note + question (nothing else given) and score its structured value."""

    preset = str(options.get("preset") or "mirror")
    models = options.get("models")
    overrides = dict(options.get("settings") or {})

    def run(row: MedCalcRow) -> Record:
        rec = base_record(row, "agent")
        rec["preset"] = preset
        t0 = time.perf_counter()
        try:
            expected = expected_into(rec, row)
            result = solve(row.question, row.note or None, preset=preset, models=models, saver=None, **overrides)
            usage = result.usage.get("nodes", {})
            tot = totals(usage)
            rec.update(
                status=result.status, value=result.value, answer=result.answer[:500],
                tools=[s.get("tool") for s in result.steps], rounds=result.rounds, reviews=result.reviews,
                plan=[p.get("tool") for p in result.plan], assumed=result.assumed,
                calls=tot["calls"], input_tokens=tot["input_tokens"], output_tokens=tot["output_tokens"],
                structured_output=tot.get("structured_output"), seconds=round(time.perf_counter() - t0, 3),
                node_seconds={n: round(u.get("seconds", 0.0), 3) for n, u in usage.items()},
                trace=[f"{e.get('node')}:{e.get('event')}" for e in result.trace],
                revisions=revision_sources(result.trace), gate_scores=result.scores,
            )
            # the decider's tool selection against the row's calculator (None when no calculator implements it)
            target = _row_tool(row)
            rec["selected_tool_correct"] = (target in rec["plan"]) if target is not None else None
            if result.calibration:
                cal = result.calibration
                rec.update(confidence=cal.get("confidence"), uncertain_inputs=cal.get("uncertain_inputs"),
                           value_range=cal.get("range"), doubts=cal.get("reasons"), uncertain=cal.get("uncertain"),
                           abstained=False)
            if result.status == "uncertain" and result.value is None and result.calibration:
                # the policy held the number back: score the value it held (as read) apart
                rec.update(abstained=True, got=None, correct=False)
                try:
                    held = parse_answer(str(result.calibration.get("value")), expected.kind)
                    rec["held_value"] = to_json_value(held)
                    rec["held_correct"] = bool(is_correct(expected, held))
                except ScoringError:
                    rec["held_correct"] = False
                rec["uncertain_detail"] = f"uncertain ({result.value_range}): {result.status_detail[:300]}"
            elif result.status == "error":
                raise RowError("agent", result.status_detail or "the run ended with an error")
            if not rec.get("abstained"):
                if result.value is None:
                    raise RowError("answer", f"no structured value ({result.status}: "
                                             f"{result.status_detail or result.answer[:200]})")
                try:
                    got = parse_answer(result.value, expected.kind)
                except ScoringError as exc:
                    raise RowError("answer", f"value {result.value!r} is not a {expected.kind}: {exc}") from None
                score_record(rec, expected, got)
        except RowError as exc:
            rec["error"], rec["error_stage"] = str(exc), exc.stage
            rec.setdefault("correct", False)
        rec["latency_s"] = round(time.perf_counter() - t0, 6)
        return rec

    return run


def _row_tool(row: MedCalcRow) -> str | None:
    """The tool name of the row's calculator (None when the id is missing or no calculator implements it)."""
    try:
        return by_medcalc_id(row.calculator_id).id if row.calculator_id is not None else None
    except KeyError:
        return None


def revision_sources(trace: list[dict[str, Any]]) -> dict[str, int]:
    """What sent outputs back in one run: ``{"checks": n, "score": n, "model": n}`` (revisions, re-plans,
    reviewer routings, refusals and fallbacks decided by a check, a self-score or the reviewer model;
    "checks" also counts a model verdict the checks overruled)."""
    return dict(Counter(e["decided_by"] for e in trace if e.get("decided_by")))


def agent_summary(records: list[Record]) -> dict[str, Any]:
    """Mean tokens, model calls and seconds per case, and where the time went."""
    n = len(records) or 1
    node_totals: dict[str, float] = {}
    for r in records:
        for node, secs in (r.get("node_seconds") or {}).items():
            node_totals[node] = node_totals.get(node, 0.0) + float(secs)
    statuses = Counter(str(r.get("status")) for r in records)
    revisions: Counter = Counter()
    for r in records:
        revisions.update(r.get("revisions") or {})
    judged = [r["selected_tool_correct"] for r in records if r.get("selected_tool_correct") is not None]
    return {
        "selected_tool_accuracy": (sum(judged) / len(judged)) if judged else None,
        "revisions_by_source": dict(revisions),
        "mean_tokens": sum((r.get("input_tokens") or 0) + (r.get("output_tokens") or 0) for r in records) / n,
        "mean_calls": sum(r.get("calls") or 0 for r in records) / n,
        "mean_seconds": sum(r.get("seconds") or 0.0 for r in records) / n,
        "seconds_by_node": {k: round(v / n, 3) for k, v in sorted(node_totals.items(), key=lambda kv: -kv[1])},
        "slowest_node": max(node_totals, key=node_totals.get) if node_totals else None,
        "statuses": dict(statuses),
    }


def render_agent(summary: dict[str, Any]) -> str:
    by_node = ", ".join(f"{k} {v:.1f}s" for k, v in summary["seconds_by_node"].items())
    return (f"per case: {summary['mean_tokens']:.0f} tokens, {summary['mean_calls']:.1f} model calls, "
            f"{summary['mean_seconds']:.1f} s; by node: {by_node}; statuses: {counts_text(summary['statuses'])}; "
            f"revisions by source: {counts_text(summary.get('revisions_by_source'))}"
            + (f"; tool selection accuracy {summary['selected_tool_accuracy']:.1%}"
               if summary.get("selected_tool_accuracy") is not None else ""))


register_mode(Mode("agent", "the whole graph", make_agent, ("Patient Note", "Question"),
                   extra_summary=agent_summary, render_extra=render_agent))


# ---------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------


def summarise(records: list[Record]) -> dict[str, Any]:
    """Accuracy overall, per category and per calculator, and error counts by stage."""
    n = len(records)
    correct = sum(bool(r.get("correct")) for r in records)
    by_cat = accuracy_by(records, lambda r: str(r.get("category") or "unknown"), order=CATEGORIES)
    by_calc = accuracy_by(records, lambda r: str(r.get("calculator_id")))
    names: dict[str, str] = {}
    for r in records:
        names.setdefault(str(r.get("calculator_id")), str(r.get("calculator") or ""))
    by_calc = {k: {"name": names.get(k, ""), **v} for k, v in by_calc.items()}
    stages = Counter(str(r.get("error_stage") or "unknown") for r in records if r.get("error"))
    disagreements = Counter(str(r["label_disagreement"]["rule"]) for r in records if r.get("label_disagreement"))
    return {
        "n": n, "correct": correct, "accuracy": accuracy(correct, n),
        "errors": sum(bool(r.get("error")) for r in records),
        "errors_by_stage": dict(stages.most_common()),
        "by_category": by_cat, "by_calculator": by_calc,
        "label_disagreements": sum(disagreements.values()),
        "label_disagreements_by_rule": dict(disagreements.most_common()),
        **({"calibration": risk_coverage(records),
            "calibration_by_category": {c: {k: v for k, v in risk_coverage(rs).items() if k not in ("curve",)}
                                        for c, rs in _by_category(records).items()}}
           if any(r.get("confidence") is not None for r in records) else {}),
    }


def _by_category(records: list[Record]) -> dict[str, list[Record]]:
    out: dict[str, list[Record]] = {c: [] for c in CATEGORIES}
    for r in records:
        out.setdefault(str(r.get("category") or "unknown"), []).append(r)
    return {k: v for k, v in out.items() if v}


def render_tables(summary: dict[str, Any]) -> str:
    total = {"n": summary["n"], "correct": summary["correct"], "accuracy": summary["accuracy"], "errors": summary["errors"]}
    acc = "-" if summary["accuracy"] is None else f"{100 * summary['accuracy']:.1f}%"
    head = (f"MedCalc-Bench ({summary.get('mode', '?')}): accuracy {acc} "
            f"({summary['correct']}/{summary['n']}), {summary['errors']} row(s) with errors")
    cat = format_table(head, summary["by_category"], label="category", total=total)
    calc_groups = {f"{k} {v['name']}".strip(): v for k, v in summary["by_calculator"].items()}
    calc = format_table("", calc_groups, label="calculator", total=total)
    out = cat + "\n" + calc
    if summary.get("calibration"):
        cal = summary["calibration"]
        out += "\n" + render_calibration(cal)
        per = summary.get("calibration_by_category") or {}
        pct = lambda v: "-" if v is None else f"{100 * v:.0f}%"  # noqa: E731
        out += "\n  by category: " + "; ".join(
            f"{c} cov {pct(v['coverage'])} prec {pct(v['precision'])} acc {pct(v['accuracy'])}" for c, v in per.items())
    if summary.get("label_disagreements"):
        rules = ", ".join(f"{k} {v}" for k, v in summary.get("label_disagreements_by_rule", {}).items())
        out += (f"\nlabel disagreements (counted wrong; the label departs from the published definition): "
                f"{summary['label_disagreements']} ({rules})")
    return out


# ---------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------


def row_concurrency(mode: str, options: Mapping[str, Any], requested: int) -> tuple[int, str]:
    """Rows at once for a run, and why: as asked when no model runs or every model the mode uses is a
    remote server (``model_provider=openai``); else 1 (an in-process llama.cpp model runs one completion
    at a time, and a scripted model replays one script)."""
    if requested <= 1:
        return requested, ""
    extractor = str(options.get("extractor") or _extraction_setting(options)) if mode == "extract" else ""
    if mode not in ("agent", "extract") or extractor == "rules":
        return requested, "no model"
    if options.get("models") is not None or options.get("model") is not None:
        return 1, "models given in Python: one row at a time"
    given = options.get("settings")
    try:
        s = given if isinstance(given, Settings) else Settings.resolve(
            options.get("preset"), **{k: v for k, v in dict(given or {}).items() if k in Settings.model_fields})
    except Exception:  # noqa: BLE001 - bad settings stop the run later with their message
        return 1, "settings not resolved"
    roles = ("extractor",) if mode == "extract" else ROLES
    others = sorted({s.provider_for(r) for r in roles} - {"openai"})
    if not others:
        return requested, "remote model server"
    return 1, (f"{' and '.join(others)} model: one row at a time (an in-process model runs one completion at a "
               f"time; --set model_provider=openai with a server runs rows in parallel)")


def make_row_fn(mode: str, options: Mapping[str, Any]) -> RowFn:
    """The ``row -> record`` function of ``mode`` (what each engine worker builds once)."""
    return get_mode(mode).make(options)


def mode_error(mode: str, row: MedCalcRow, exc: BaseException) -> Record:
    return error_record(row, mode, exc)


def _run_on_engine(rows: list[MedCalcRow], mode: str, options: dict[str, Any], writer: JsonlWriter, workers: int,
                   engine: str, address: str | None, why: str, quiet: bool) -> Any:
    """The rows on the execution layer: threads when every model is a remote server, else processes (local)
    or Ray actors, each building its own function (and model) once."""
    objects = sorted(k for k in ("models", "model", "registry", "embeddings") if options.get(k) is not None)
    if objects:
        raise BenchError(f"--workers/--engine build each worker's models from settings; {', '.join(objects)} given "
                         "as Python objects cannot cross a process boundary (run them with workers=1)")
    task = RowTask(partial(make_row_fn, mode), options, partial(mode_error, mode))
    try:
        return run_rows(rows, task, writer, engine=engine, workers=workers, address=address,
                        threads=why == "remote model server", desc=f"medcalc {mode}", quiet=quiet)
    except EngineError as exc:
        raise BenchError(str(exc)) from None


def run_medcalc(
    data: str | Path,
    mode: str = "gold",
    *,
    limit: int | None = None,
    skip: int = 0,
    every: int = 1,
    out_dir: str | Path | None = None,
    concurrency: int = 1,
    quiet: bool = False,
    plot: bool = True,
    options: Mapping[str, Any] | None = None,
    echo: Callable[[str], None] = print,
    workers: int = 1,
    engine: str = "local",
    address: str | None = None,
) -> dict[str, Any]:
    """Run MedCalc-Bench rows of ``data`` through ``mode``; write records, summary, plot; print the table.

    Rows whose id is already in ``<out_dir>/records.jsonl`` are skipped (resume). ``workers`` > 1 or
    ``engine="ray"`` run the rows on :mod:`medmirror.bench.engine` (worker processes or Ray actors, each
    with its own model), instead of ``concurrency`` threads.
    Returns the summary dict (also written to ``<out_dir>/summary.json``).
    """
    m = get_mode(mode)
    if limit is not None and limit < 0:
        raise BenchError(f"--limit must be >= 0, got {limit}")
    if concurrency < 1:
        raise BenchError(f"--concurrency must be >= 1, got {concurrency}")
    asked = concurrency
    concurrency, why = row_concurrency(mode, dict(options or {}), concurrency)
    if concurrency < asked:
        echo(f"medcalc {mode}: --concurrency {asked} -> 1: {why}")
    rows = read_medcalc_csv(data, m.required_columns)
    if skip < 0:
        raise BenchError(f"--skip must be >= 0, got {skip}")
    if every < 1:
        raise BenchError(f"--every must be >= 1, got {every}")
    rows = rows[skip:]  # e.g. hold out the rows an optimisation run practised on
    rows = rows[::every]  # a subset spread over the file (rows are grouped by calculator)
    if limit is not None:
        rows = rows[:limit]
    out = Path(out_dir) if out_dir is not None else default_out_dir(BENCHMARK, mode)
    records_path = out / RECORDS_FILE

    existing = load_records(records_path)
    other = sorted({str(r.get("mode")) for r in existing if r.get("mode") != mode})
    if other:
        raise BenchError(f"{records_path} holds records of mode {', '.join(other)}, not {mode!r}; use another --out")
    done = {str(r.get("id")) for r in existing}
    todo = [r for r in rows if r.id not in done]
    if not quiet:
        resumed = len(rows) - len(todo)
        note = f" (resuming: {resumed} already done)" if resumed else ""
        echo(f"medcalc {mode}: {len(rows)} row(s) from {data} -> {out}{note}")

    t0 = time.perf_counter()
    started = datetime.now().isoformat(timespec="seconds")
    engine_run = None
    with JsonlWriter(records_path) as writer:
        if workers > 1 or engine != "local":
            engine_run = _run_on_engine(todo, mode, dict(options or {}), writer, workers, engine, address, why, quiet)
            new = engine_run.records
        elif todo:  # the row function (and its model) is built only when there are rows to run
            new = run_items(
                todo, m.make(dict(options or {})), writer,
                on_error=lambda row, exc: error_record(row, mode, exc),
                concurrency=concurrency, desc=f"medcalc {mode}", quiet=quiet,
            )
        else:
            new = []

    latest: dict[str, Record] = {str(r.get("id")): r for r in [*existing, *new]}
    records = [latest[r.id] for r in rows if r.id in latest]
    summary: dict[str, Any] = {
        "benchmark": BENCHMARK, "mode": mode, "data": str(data), "out_dir": str(out),
        "records_file": RECORDS_FILE, "rows_selected": len(rows), "rows_run": len(new),
        "rows_resumed": len(rows) - len(todo), "skip": skip, "every": every, "limit": limit, "concurrency": concurrency,
        "concurrency_note": why or None, "engine": engine_run.summary() if engine_run else None,
        **summarise(records),
        **(m.extra_summary(records) if m.extra_summary and records else {}),
        "started_at": started, "finished_at": datetime.now().isoformat(timespec="seconds"),
        "elapsed_s": round(time.perf_counter() - t0, 3),
        "plot": None, "plot_note": None,
    }
    if plot:
        png, note = plot_accuracy(out / PLOT_FILE, summary["by_category"],
                                  f"MedCalc-Bench ({mode}): accuracy per category, n={summary['n']}")
        summary["plot"], summary["plot_note"] = (png.name if png else None), note
        if summary.get("calibration"):
            png, note = plot_risk_coverage(out / RISK_COVERAGE_FILE, summary["calibration"],
                                           f"MedCalc-Bench ({mode}): risk-coverage, n={summary['n']}")
            summary["risk_coverage_plot"], summary["risk_coverage_plot_note"] = (png.name if png else None), note
    else:
        summary["plot_note"] = "plot disabled (--no-plot)"
    write_summary(out / SUMMARY_FILE, summary)
    echo(render_tables(summary))
    if m.render_extra and records:
        echo(m.render_extra(summary))
    if not quiet:
        echo(f"records: {records_path}\nsummary: {out / SUMMARY_FILE}"
             + (f"\nplot: {out / PLOT_FILE}" if summary["plot"] else f"\n{summary['plot_note']}"))
    return summary
