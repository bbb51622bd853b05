"""MedRisk-Qualitative runner: multiple-choice questions about RiskAgent's library of MDCalc calculators.

A row (JSON Lines; RiskAgent's public format): ``input_id, cal_id, patient_info, question,
option_a..option_d, correct_answer, relevant_tools`` (the dataset's own ranking of calculator ids),
``inputs`` (label -> option label / number) and ``inputs_raw`` (MDCalc input name -> schema value);
``inputs``, ``inputs_raw`` and ``relevant_tools`` may be Python literals in strings.

Modes (:data:`MODES`), each ``options -> (row -> record)``:

* ``gold``: the row's calculator (by MDCalc id) on the row's gold inputs
  (:func:`~medmirror.tools.calculators.mdcalc_inputs.mdcalc_arguments`), then the option matcher
  (:mod:`medmirror.tools.calculators.option_match`) picks the option the result supports; a required choice of a
  point score that the row does not give at all (two schema inputs sharing one label lose one) is recomputed over
  its options, and the row is answered only when every recomputation supports the same option;
* ``extract``: the row's calculator with its inputs read from ``patient_info`` (the rule/hybrid
  grounding for calculators with a field map; for library point scores the vignette reader,
  :mod:`medmirror.tools.extraction.vignette`, whose unsettled choices a ``hybrid``/``llm`` extractor model
  may propose with a checked quote), then the matcher;
* ``agent``: the whole graph on the question with its four options (the answer must be one letter);
* ``retrieve``: recall@k of the row's calculator over every registered card, beside the dataset's
  own ``relevant_tools`` ranking on the same rows.

A row whose ``cal_id`` no calculator serves yet is recorded with ``no_calculator: true`` and
``error_stage: no_calculator``: it is counted apart, never as wrong, and accuracy is over the rows
with a calculator. A miss is classified in ``miss``: ``calculator_refused``, ``matcher_no_option``,
``matcher_wrong_option``, ``label_disagreement`` (the calculator's own number or class equals the
chosen option and contradicts the gold one), ``no_letter`` / ``agent_error`` (agent), ``extraction``.
"""

from __future__ import annotations

import ast
import json
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from medmirror.api import solve
from medmirror.bench.common import (
    JsonlWriter,
    Record,
    accuracy,
    accuracy_by,
    default_out_dir,
    format_table,
    load_records,
    plot_accuracy,
    run_items,
    write_summary,
)
from medmirror.bench.medcalc import BenchError, ModeNotAvailableError
from medmirror.core.limits import check_data_file
from medmirror.core.models.embeddings import make_embeddings
from medmirror.core.models.factory import ModelSet
from medmirror.core.settings import Settings
from medmirror.core.usage import totals
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.base import Calculator
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments
from medmirror.tools.calculators.option_match import EXACT, LETTERS, MatchResult, match_options
from medmirror.tools.calculators.points import SPECS, Choice
from medmirror.tools.calculators.provenance import mdcalc_index
from medmirror.tools.extraction.calculator_map import CALCULATOR_MAP
from medmirror.tools.extraction.grounding import EXTRACTION_MODES, ground
from medmirror.tools.extraction.vignette import MAX_VARIANTS, read_vignette

BENCHMARK = "medrisk"
RECORDS_FILE = "records.jsonl"
SUMMARY_FILE = "summary.json"
PLOT_FILE = "accuracy_by_specialty.png"
MISSES = ("calculator_refused", "matcher_no_option", "matcher_wrong_option", "label_disagreement",
          "extraction", "no_letter", "agent_error")


class MedRiskDataError(BenchError, ValueError):
    """The file cannot be read as MedRisk-Qualitative rows."""


# ---------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------


def _literal(value: Any, what: str, default: Any) -> Any:
    if value is None or value == "":
        return default
    if isinstance(value, str):
        try:
            return ast.literal_eval(value)
        except (ValueError, SyntaxError):
            raise ValueError(f"{what} is not a literal: {value[:80]!r}") from None
    return value


@dataclass(frozen=True)
class MedRiskRow:
    id: str
    cal_id: int
    patient_info: str
    question: str
    options: dict[str, str]
    correct: str
    relevant_tools: list[int] = field(default_factory=list)
    inputs: dict[str, Any] = field(default_factory=dict)
    inputs_raw: dict[str, Any] = field(default_factory=dict)
    split: str = ""


def read_medrisk(path: str | Path) -> list[MedRiskRow]:
    """Read MedRisk-Qualitative JSON Lines; raises :class:`MedRiskDataError` naming the line of a bad row."""
    p = Path(path)
    check_data_file(p, MedRiskDataError)
    rows: list[MedRiskRow] = []
    seen: set[str] = set()
    for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            rid = str(r["input_id"])
            options = {k: str(r[f"option_{k.lower()}"]) for k in LETTERS}
            correct = str(r["correct_answer"]).strip().upper()
            if correct not in LETTERS:
                raise ValueError(f"correct_answer {r['correct_answer']!r} is not one of A-D")
            row = MedRiskRow(
                id=rid, cal_id=int(r["cal_id"]), patient_info=str(r.get("patient_info") or ""),
                question=str(r.get("question") or ""), options=options, correct=correct,
                relevant_tools=[int(x) for x in _literal(r.get("relevant_tools"), "relevant_tools", [])],
                inputs=dict(_literal(r.get("inputs"), "inputs", {})),
                inputs_raw=dict(_literal(r.get("inputs_raw"), "inputs_raw", {})), split=str(r.get("split") or ""))
        except (KeyError, ValueError, TypeError) as exc:
            what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise MedRiskDataError(f"{p}: line {n}: {what}") from None
        if rid in seen:
            raise MedRiskDataError(f"{p}: line {n}: duplicate input_id {rid} (ids must be unique for resume)")
        seen.add(rid)
        rows.append(row)
    if not rows:
        raise MedRiskDataError(f"{p} holds no rows")
    return rows


def by_mdcalc_id(mdcalc_id: int) -> Calculator | None:
    """The calculator serving MDCalc id ``mdcalc_id`` (None: none yet)."""
    return next((c for c in CALCULATORS.values() if mdcalc_id in c.mdcalc_ids), None)


def provenance(mdcalc_id: int) -> dict[str, str]:
    entry = mdcalc_index().get(mdcalc_id, {})
    first = lambda key: (entry.get(key) or "unknown").split(",")[0].strip() or "unknown"  # noqa: E731
    return {"calculator": entry.get("name", f"MDCalc {mdcalc_id}"), "specialty": first("specialty"),
            "organ_system": first("organ_system")}


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------


class RowError(Exception):
    def __init__(self, miss: str, message: str):
        super().__init__(message)
        self.miss = miss


def base_record(row: MedRiskRow, mode: str) -> Record:
    return {"id": row.id, "mode": mode, "cal_id": row.cal_id, **provenance(row.cal_id), "split": row.split,
            "tool": None, "expected": row.correct, "got": None, "correct": False, "no_calculator": False,
            "miss": None, "error": None, "error_stage": None}


def _calculator(rec: Record, row: MedRiskRow) -> Calculator | None:
    calc = by_mdcalc_id(row.cal_id)
    if calc is None:
        rec.update(no_calculator=True, error_stage="no_calculator",
                   error=f"no calculator serves MDCalc {row.cal_id} ({rec['calculator']}) yet")
        return None
    rec["tool"] = calc.id
    return calc


def _run(rec: Record, calc: Calculator, args: dict[str, Any]) -> Any:
    try:
        result = calc.run(args)
    except (CalculatorInputError, ValueError) as exc:
        raise RowError("calculator_refused", f"{type(exc).__name__}: {exc}") from None
    rec.update(value=result.value, unit=result.unit, interpretation=result.interpretation, assumed=result.assumed)
    return result


def classify(match: MatchResult, expected: str) -> str | None:
    """None when the matcher chose the expected letter; else why not."""
    if match.letter == expected:
        return None
    if match.letter is None:
        return "matcher_no_option"
    chosen, gold = match.options[match.letter], match.options[expected]
    plain = any(m.startswith(("number:", "class:")) for m in chosen.matches) and chosen.strength >= EXACT
    if plain and any(c.startswith(("number:", "class:")) for c in gold.conflicts):
        return "label_disagreement"
    return "matcher_wrong_option"


def _choose(rec: Record, row: MedRiskRow, result: Any) -> None:
    match = match_options(row.options, result.value, result.unit, result.interpretation, row.question)
    rec["match"] = match.to_json()
    rec["got"] = match.letter
    rec["correct"] = match.letter == row.correct
    miss = classify(match, row.correct)
    if miss:
        rec["miss"] = miss
        rec["error_stage"] = "matcher" if miss.startswith("matcher") else miss
        rec["error"] = match.reason if miss != "label_disagreement" else (
            f"the result {match.evidence!r} supports {match.letter}, not {row.correct}: {match.reason}")


def _choose_robust(rec: Record, row: MedRiskRow, calc: Calculator, variants: list[dict[str, Any]] | None) -> None:
    """Items the text leaves unsettled: the option every recomputation over them supports, else a refusal naming
    them (the calibrated-answer policy: an answer that changes with what the text does not say is not given)."""
    left = rec.get("left") or {}
    if not variants:
        raise RowError("calculator_refused", f"unsettled: {'; '.join(f'{k}: {v}' for k, v in left.items())[:400]}")
    letters: Counter[str | None] = Counter()
    first = None
    for args in variants:
        try:
            result = calc.run(args)
        except (CalculatorInputError, ValueError):
            letters[None] += 1
            continue
        m = match_options(row.options, result.value, result.unit, result.interpretation, row.question)
        letters[m.letter] += 1
        first = first or (result, m)
    rec["variants"] = {"n": len(variants), "letters": {str(k): v for k, v in letters.items()}}
    if len(letters) != 1 or None in letters or first is None:
        raise RowError("calculator_refused", f"the answer depends on unsettled items ({', '.join(left)}): "
                                             f"{dict(rec['variants']['letters'])} over {len(variants)} recomputations")
    result, _ = first
    rec.update(value=result.value, unit=result.unit, interpretation=result.interpretation, assumed=result.assumed,
               robust_over=list(left))
    _choose(rec, row, result)


def _finish(rec: Record, t0: float) -> Record:
    rec["latency_s"] = round(time.perf_counter() - t0, 6)
    return rec


RowFn = Callable[[MedRiskRow], Record]


def _absent_choices(calc: Calculator, row: MedRiskRow, args: Mapping[str, Any]) -> list[Choice]:
    """The required choices of a point score that the row's gold inputs do not give at all (a schema whose two
    inputs share one label loses one of them from ``inputs``/``inputs_raw``)."""
    spec = SPECS.get(calc.id)
    if spec is None:
        return []
    return [i for i in spec.items if isinstance(i, Choice) and i.default is None
            and i.name not in args and i.name not in row.inputs_raw]


def _over_choices(args: Mapping[str, Any], items: list[Choice]) -> list[dict[str, Any]] | None:
    """Every combination of the ``items``' options on top of ``args`` (None: more than MAX_VARIANTS)."""
    combos: list[dict[str, Any]] = [dict(args)]
    for item in items:
        if len(combos) * len(item.options) > MAX_VARIANTS:
            return None
        combos = [{**c, item.name: o.label} for c in combos for o in item.options]
    return combos


def make_gold(_options: Mapping[str, Any]) -> RowFn:
    def run(row: MedRiskRow) -> Record:
        rec, t0 = base_record(row, "gold"), time.perf_counter()
        calc = _calculator(rec, row)
        if calc is None:
            return _finish(rec, t0)
        try:
            args, notes = mdcalc_arguments(calc, row.cal_id, row.inputs_raw, row.inputs)
            rec["args"], rec["mapping_notes"] = args, notes or None
            absent = _absent_choices(calc, row, args)
            if absent:  # the row has no gold value for a required choice: recompute over its options
                rec["left"] = {c.name: "no gold value in the row" for c in absent}
                _choose_robust(rec, row, calc, _over_choices(args, absent))
            else:
                _choose(rec, row, _run(rec, calc, args))
        except RowError as exc:
            rec.update(miss=exc.miss, error_stage=exc.miss, error=str(exc))
        return _finish(rec, t0)

    return run


def make_extract(options: Mapping[str, Any]) -> RowFn:
    """Inputs read from ``patient_info``: the grounding's ``rules`` (default; ``hybrid``/``llm`` take the extractor
    model) for calculators with a field map, the generic label reader for library point scores."""
    extractor = str(options.get("extractor") or "rules")
    if extractor not in EXTRACTION_MODES:
        raise BenchError(f"unknown extractor {extractor!r}; one of {', '.join(EXTRACTION_MODES)}")
    model = None
    if extractor != "rules":
        given = options.get("models")
        s = Settings.resolve(options.get("preset"), **dict(options.get("settings") or {}))
        model = (given if isinstance(given, ModelSet) else ModelSet(given)).for_role("extractor", s)

    def run(row: MedRiskRow) -> Record:
        rec, t0 = base_record(row, "extract"), time.perf_counter()
        rec["extractor"] = extractor
        calc = _calculator(rec, row)
        if calc is None:
            return _finish(rec, t0)
        try:
            gold, _ = mdcalc_arguments(calc, row.cal_id, row.inputs_raw, row.inputs)
            reading = None
            if calc.id in CALCULATOR_MAP:
                try:
                    grounded = ground(calc, row.patient_info, row.question, mode=extractor, model=model)
                except Exception as exc:  # noqa: BLE001 - a rule or model crash is this row's miss
                    raise RowError("extraction", f"extraction: {type(exc).__name__}: {exc}") from None
                args = grounded.args
                rec["reader"] = f"grounding ({extractor})"
                rec["left"] = {p.name: p.note for p in grounded.params if p.name not in args}
            elif calc.id in SPECS:
                reading = read_vignette(calc.id, row.patient_info, model=model)
                args = reading.args
                rec["reader"] = f"vignette ({extractor})"
                rec["left"] = reading.left
                rec["inputs_read"] = {k: r.to_json() for k, r in reading.items.items()}
            else:
                raise RowError("extraction", f"no rule reader for {calc.id} (no field map, not a point score)")
            rec["params"] = {k: {"extracted": args.get(k), "gold": v, "match": _same(args.get(k), v)}
                             for k, v in gold.items()}
            if reading is not None and reading.left:
                _choose_robust(rec, row, calc, reading.variants(SPECS[calc.id].items))
            else:
                _choose(rec, row, _run(rec, calc, args))
        except RowError as exc:
            rec.update(miss=exc.miss, error_stage=exc.miss, error=str(exc))
        return _finish(rec, t0)

    return run


def _same(a: Any, b: Any) -> bool:
    if a is None:
        return False
    try:
        return abs(float(a) - float(b)) <= 0.05 * max(1.0, abs(float(b)))
    except (TypeError, ValueError):
        return str(a).strip().lower() == str(b).strip().lower()


def parse_letter(value: Any) -> str | None:
    """Strict: the answer's value must be exactly one letter A-D (a bracket or a full stop allowed)."""
    text = str(value or "").strip().strip("()[]").rstrip(".").strip()
    return text.upper() if len(text) == 1 and text.upper() in LETTERS else None


def task_text(row: MedRiskRow) -> str:
    return row.question


def make_agent(options: Mapping[str, Any]) -> RowFn:
    """The whole graph on the question and its options (``solve(..., options=...)``); the value must be a letter.

    When a calculator ran, the matcher's letter on its result is recorded as a verifiable check
    (``matcher_letter``, ``agrees_with_matcher``).
    """
    preset = str(options.get("preset") or "mirror")
    models = options.get("models")
    overrides = dict(options.get("settings") or {})

    def run(row: MedRiskRow) -> Record:
        rec, t0 = base_record(row, "agent"), time.perf_counter()
        rec["preset"] = preset
        calc = by_mdcalc_id(row.cal_id)
        rec["tool"] = calc.id if calc else None
        rec["no_calculator"] = calc is None  # the graph still runs; counted apart like the other modes
        try:
            result = solve(task_text(row), row.patient_info or None, options=row.options, preset=preset,
                           models=models, saver=None, **overrides)
            tot = totals(result.usage.get("nodes", {}))
            rec.update(status=result.status, value=result.value, answer=result.answer[:500],
                       tools=[s.get("tool") for s in result.steps], calls=tot["calls"],
                       input_tokens=tot["input_tokens"], output_tokens=tot["output_tokens"])
            rec["selected_tool_correct"] = (calc.id in rec["tools"]) if calc else None
            for step in reversed(result.steps):
                obs = step.get("observation")
                if isinstance(obs, dict) and "value" in obs and "interpretation" in obs:
                    m = match_options(row.options, obs.get("value"), obs.get("unit"), obs.get("interpretation"),
                                      row.question)
                    rec["matcher_letter"], rec["matcher_reason"] = m.letter, m.reason
                    break
            if result.status == "error":
                raise RowError("agent_error", result.status_detail or "the run ended with an error")
            letter = parse_letter(result.value)
            rec["got"] = letter
            if letter is None:
                raise RowError("no_letter", f"no option letter in the answer's value {result.value!r}")
            if rec.get("matcher_letter"):
                rec["agrees_with_matcher"] = letter == rec["matcher_letter"]
            rec["correct"] = letter == row.correct
            if not rec["correct"]:
                rec["miss"], rec["error_stage"] = "wrong_letter", "answer"
        except RowError as exc:
            rec.update(miss=exc.miss, error_stage=exc.miss, error=str(exc))
        return _finish(rec, t0)

    return run


# ---------------------------------------------------------------------------
# Retrieval over the whole library
# ---------------------------------------------------------------------------


def make_retrieve(options: Mapping[str, Any]) -> RowFn:
    """Rank every registered card for question (+ the case as context); the row's calculator should be first.

    The dataset's own ``relevant_tools`` ranking is scored on the same row (``dataset_rank``). The index (BM25,
    and the dense card vectors when embeddings are configured: cards missing from the shipped e5 seed are
    embedded once here, and cached under the data dir) is built before the first row and timed.
    """
    registry = options.get("registry") or default_registry()
    k = int(options.get("k", 5))
    # None: the registry's default (the note weighs more when the question names no tool)
    context_weight = None if options.get("context_weight") is None else float(options["context_weight"])
    embeddings = options.get("embeddings", "settings")
    if embeddings == "settings":
        embeddings = make_embeddings(Settings(**dict(options.get("settings") or {})))
    t0 = time.perf_counter()
    registry.search("warm up", k=1)
    bm25_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    if embeddings is not None:
        registry.dense_ranking("warm up", embeddings)
    dense_s = time.perf_counter() - t1
    build = {"cards": len(registry), "bm25_s": round(bm25_s, 3), "dense_s": round(dense_s, 3),
             "dense": type(embeddings).__name__ if embeddings is not None else None}

    def run(row: MedRiskRow) -> Record:
        rec, t_row = base_record(row, "retrieve"), time.perf_counter()
        rec["index_build"] = build
        calc = _calculator(rec, row)
        ds = row.relevant_tools
        rec["dataset_rank"] = (ds.index(row.cal_id) + 1) if row.cal_id in ds else None
        q0 = time.perf_counter()
        hits = registry.search(row.question, k=max(k, 5), context=row.patient_info or None,
                               context_weight=context_weight, embeddings=embeddings)
        rec["query_ms"] = round(1000 * (time.perf_counter() - q0), 3)
        names = [h.card.name for h in hits]
        rec["top"] = names[:k]
        if calc is not None:
            rec["rank"] = (names.index(calc.id) + 1) if calc.id in names else None
            rec["correct"] = rec["rank"] == 1
        return _finish(rec, t_row)

    return run


def retrieval_summary(records: list[Record]) -> dict[str, Any]:
    judged = [r for r in records if not r.get("no_calculator")]

    def recall(rs: list[Record], key: str, k: int) -> float | None:
        return accuracy(sum(1 for r in rs if r.get(key) and r[key] <= k), len(rs))

    lat = sorted(float(r.get("query_ms") or 0.0) for r in records)
    build = next((r.get("index_build") for r in records if r.get("index_build")), None)
    return {
        "recall": {f"@{k}": recall(judged, "rank", k) for k in (1, 5)},
        "dataset_recall_same_rows": {f"@{k}": recall(judged, "dataset_rank", k) for k in (1, 5)},
        "dataset_recall_all_rows": {f"@{k}": recall(records, "dataset_rank", k) for k in (1, 5)},
        "judged_rows": len(judged),
        "index_build": build,
        "query_ms": {"median": statistics.median(lat) if lat else None,
                     "p95": lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else None},
    }


def render_retrieval(s: dict[str, Any]) -> str:
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    b = s.get("index_build") or {}
    return (f"retrieval over {b.get('cards')} cards ({s['judged_rows']} rows with a calculator): recall@1 "
            f"{pct(s['recall']['@1'])}, @5 {pct(s['recall']['@5'])}; dataset's relevant_tools on the same rows "
            f"@1 {pct(s['dataset_recall_same_rows']['@1'])}, @5 {pct(s['dataset_recall_same_rows']['@5'])} "
            f"(all rows @1 {pct(s['dataset_recall_all_rows']['@1'])}, @5 {pct(s['dataset_recall_all_rows']['@5'])}); "
            f"index build BM25 {b.get('bm25_s')} s, dense {b.get('dense_s')} s ({b.get('dense')}); query median "
            f"{s['query_ms']['median']:.1f} ms, p95 {s['query_ms']['p95']:.1f} ms")


@dataclass(frozen=True)
class Mode:
    name: str
    description: str
    make: Callable[[Mapping[str, Any]], RowFn]
    extra_summary: Callable[[list[Record]], dict[str, Any]] | None = None
    render_extra: Callable[[dict[str, Any]], str] | None = None


MODES: dict[str, Mode] = {m.name: m for m in (
    Mode("gold", "calculator on the gold inputs, then the option matcher", make_gold),
    Mode("extract", "inputs read from the case, calculator, option matcher", make_extract),
    Mode("agent", "the whole graph on question + options; one letter", make_agent),
    Mode("retrieve", "recall@k of the row's calculator over every card", make_retrieve,
         retrieval_summary, render_retrieval),
)}


# ---------------------------------------------------------------------------
# Summary and run
# ---------------------------------------------------------------------------


def _by(records: list[Record], key: Callable[[Record], str]) -> dict[str, dict[str, Any]]:
    """Accuracy per group, its ``errors`` counted as the overall line counts them: the rows with a miss (a wrong
    letter carries no error message, and was counted 0 per group but 1 overall)."""
    groups = accuracy_by(records, key)
    misses = Counter(key(r) for r in records if r.get("miss"))
    for k, g in groups.items():
        g["errors"] = misses.get(k, 0)
    return groups


def summarise(records: list[Record]) -> dict[str, Any]:
    """Accuracy over the rows with a calculator; the rows without one counted apart; misses by kind."""
    judged = [r for r in records if not r.get("no_calculator")]
    correct = sum(bool(r.get("correct")) for r in judged)
    missing = Counter(f"{r['cal_id']} {r.get('calculator', '')}" for r in records if r.get("no_calculator"))
    return {
        "n": len(records), "with_calculator": len(judged), "no_calculator": len(records) - len(judged),
        "correct": correct, "accuracy": accuracy(correct, len(judged)),
        "misses": dict(Counter(str(r["miss"]) for r in judged if r.get("miss")).most_common()),
        "by_specialty": _by(judged, lambda r: str(r.get("specialty") or "unknown")),
        "by_calculator": _by(judged, lambda r: f"{r.get('cal_id')} {r.get('tool') or ''}".strip()),
        "calculators_missing": len(missing),
        "rows_by_missing_calculator": dict(missing.most_common(20)),
    }


def render_tables(summary: dict[str, Any]) -> str:
    acc = "-" if summary["accuracy"] is None else f"{100 * summary['accuracy']:.1f}%"
    head = (f"MedRisk ({summary.get('mode')}): accuracy {acc} ({summary['correct']}/{summary['with_calculator']} rows "
            f"with a calculator); {summary['no_calculator']} row(s) of {summary['calculators_missing']} calculator(s) "
            f"not implemented yet (not scored); misses: {summary['misses'] or 'none'}")
    total = {"n": summary["with_calculator"], "correct": summary["correct"], "accuracy": summary["accuracy"],
             "errors": sum(summary["misses"].values())}
    return (format_table(head, summary["by_specialty"], label="specialty", total=total) + "\n"
            + format_table("", summary["by_calculator"], label="calculator", total=total))


def get_mode(name: str) -> Mode:
    if name not in MODES:
        raise ModeNotAvailableError(f"unknown mode {name!r}; modes: {', '.join(MODES)}")
    return MODES[name]


def run_medrisk(data: str | Path, mode: str = "gold", *, limit: int | None = None, every: int = 1,
                out_dir: str | Path | None = None, concurrency: int = 1, quiet: bool = False, plot: bool = True,
                options: Mapping[str, Any] | None = None, echo: Callable[[str], None] = print) -> dict[str, Any]:
    """Run MedRisk rows of ``data`` through ``mode``; records (resumable), summary, plot, table."""
    m = get_mode(mode)
    if every < 1:
        raise BenchError(f"--every must be >= 1, got {every}")
    rows = read_medrisk(data)[::every]
    if limit is not None:
        rows = rows[:limit]
    fn = m.make(dict(options or {}))
    if mode in ("agent",) or (mode == "extract" and (options or {}).get("extractor") not in (None, "rules")):
        concurrency = 1  # a scripted or in-process model answers one call at a time
    out = Path(out_dir) if out_dir is not None else default_out_dir(BENCHMARK, mode)
    records_path = out / RECORDS_FILE
    existing = load_records(records_path)
    other = sorted({str(r.get("mode")) for r in existing if r.get("mode") != mode})
    if other:
        raise BenchError(f"{records_path} holds records of mode {', '.join(other)}, not {mode!r}; use another --out")
    done = {str(r.get("id")) for r in existing}
    todo = [r for r in rows if r.id not in done]
    if not quiet:
        echo(f"medrisk {mode}: {len(rows)} row(s) from {data} -> {out}"
             + (f" (resuming: {len(rows) - len(todo)} already done)" if len(todo) < len(rows) else ""))
    t0 = time.perf_counter()
    started = datetime.now().isoformat(timespec="seconds")

    def on_error(row: MedRiskRow, exc: BaseException) -> Record:
        rec = base_record(row, mode)
        rec.update(error=f"{type(exc).__name__}: {exc}", error_stage="runner", miss="runner")
        return rec

    with JsonlWriter(records_path) as writer:
        new = run_items(todo, fn, writer, on_error=on_error, concurrency=concurrency, desc=f"medrisk {mode}",
                        quiet=quiet)
    latest = {str(r.get("id")): r for r in [*existing, *new]}
    records = [latest[r.id] for r in rows if r.id in latest]
    usage = {"calls": sum(r.get("calls") or 0 for r in records),
             "input_tokens": sum(r.get("input_tokens") or 0 for r in records),
             "output_tokens": sum(r.get("output_tokens") or 0 for r in records)}
    summary: dict[str, Any] = {
        "benchmark": BENCHMARK, "mode": mode, "data": str(data), "out_dir": str(out), "records_file": RECORDS_FILE,
        "rows_selected": len(rows), "rows_run": len(new), "rows_resumed": len(rows) - len(todo), "every": every,
        "limit": limit, **summarise(records), "usage": usage,
        **(m.extra_summary(records) if m.extra_summary and records else {}),
        "started_at": started, "finished_at": datetime.now().isoformat(timespec="seconds"),
        "elapsed_s": round(time.perf_counter() - t0, 3), "plot": None, "plot_note": None,
    }
    if mode == "agent":
        checked = [r for r in records if r.get("agrees_with_matcher") is not None]
        summary["agent_agrees_with_matcher"] = accuracy(sum(r["agrees_with_matcher"] for r in checked), len(checked))
    if plot and summary["by_specialty"]:
        png, note = plot_accuracy(out / PLOT_FILE, summary["by_specialty"],
                                  f"MedRisk ({mode}): accuracy per specialty, n={summary['with_calculator']}")
        summary["plot"], summary["plot_note"] = (png.name if png else None), note
    else:
        summary["plot_note"] = "plot disabled (--no-plot)" if not plot else "no row with a calculator"
    write_summary(out / SUMMARY_FILE, summary)
    echo(render_tables(summary))
    if m.render_extra and records:
        echo(m.render_extra(summary))
    echo(f"usage: {usage['calls']} model calls, {usage['input_tokens']} input + {usage['output_tokens']} output tokens")
    if not quiet:
        echo(f"records: {records_path}\nsummary: {out / SUMMARY_FILE}")
    return summary
