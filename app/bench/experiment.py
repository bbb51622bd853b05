"""``medmirror experiment CONFIG``: presets x settings sweeps x datasets x seeds over the benchmark runners.

The experiment file (TOML, :mod:`medmirror.bench.experiment_config`) names the datasets, the conditions
(a preset with settings, swept) and the seeds. Each (dataset, condition, seed) is a **sub-run**: the
benchmark's own runner (``run_medcalc``, ``run_cab`` or ``run_rada``) in its own folder ``<out>/runs/<dataset>/<condition>/seed-<k>/``
with the runner's resumable ``records.jsonl``. ``subrun.json`` beside it keeps what the sub-run was
run with and whether it finished; rerunning the same command skips finished sub-runs, resumes an
interrupted one row by row, and refuses a folder that was run with other settings.

Then, from every sub-run's records (:mod:`medmirror.bench.experiment_stats`, ``experiment_plots``):

* ``rows.csv`` (and ``rows.parquet`` when pyarrow is installed): the tidy table, one row per
  (dataset, condition, seed, benchmark row); ``gate_scores.csv``: one row per self-score a gate saw;
* ``summary.csv``: per condition mean +- sd over seeds of accuracy, tokens, model calls and seconds per
  case; ``by_category.csv``; ``comparisons.csv``: paired McNemar tests and bootstrap intervals;
  ``tool_calls.csv``;
* ``accuracy_vs_tokens.png``, ``accuracy_by_category.png``, ``gate_scores.png``, ``tool_calls.png``;
* ``report.md``: the tables, the plots and the wall time; ``experiment.json``: every invocation.

MedCalc-Bench sub-runs do not run one after another: every row they have left (dataset x condition x seed x
row) goes to the one execution layer (:mod:`medmirror.bench.engine`, ``--workers N --engine local|ray
[--address]``) in one run. Each worker builds a sub-run's row function (its models) on the first row of it
that it gets; the driver writes each record to its sub-run's ``records.jsonl`` under the row's own id, once,
so a killed experiment resumes row by row and never counts a row twice. With one worker the rows run in
sub-run order in this process, as the sub-runs ran before; the experiment's ``concurrency`` is the number of
threads when every model is a remote server (``model_provider = "openai"``) and no ``--workers`` is given.
A scripted model replays its script from the start whenever a worker moves to another sub-run (as each
sub-run did alone), so its results are the same on every engine when its replies do not depend on the
order of the rows. cab and rada sub-runs run through their own runners, one after another (rada's prompt
back-propagation learns from the cases in order).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pandas as pd

from medmirror.bench.cab import CabError, run_cab, select_tasks
from medmirror.bench.cli import serial_server_warning
from medmirror.bench.common import JsonlWriter, Record, duration_text, load_records, write_summary
from medmirror.bench.engine import EngineError, EngineRun, PeriodicProgress, RowTask, run_rows
from medmirror.bench.experiment_config import Experiment, ExperimentConfigError, SubRun, load_experiment
from medmirror.bench.experiment_plots import accuracy_vs_tokens, category_bars, gate_score_distributions, tool_call_bars
from medmirror.bench.experiment_stats import (
    category_table,
    paired_comparisons,
    summary_table,
    tidy_frame,
    tool_call_table,
)
from medmirror.bench.medcalc import (
    BenchError,
    MedCalcRow,
    error_record,
    get_mode,
    make_row_fn,
    read_medcalc_csv,
    run_medcalc,
)
from medmirror.bench.rada import METRICS as RADA_METRICS
from medmirror.bench.rada import RadaError, make_cases, resolve_conditions, run_rada
from medmirror.core.models.factory import reset_scripted_cache
from medmirror.core.settings import ROLES

SUBRUN_FILE = "subrun.json"
FILES = {"rows": "rows.csv", "rows_parquet": "rows.parquet", "gate_scores": "gate_scores.csv",
         "summary": "summary.csv", "by_category": "by_category.csv", "comparisons": "comparisons.csv",
         "tool_calls": "tool_calls.csv", "report": "report.md", "state": "experiment.json"}
PLOTS = {"accuracy_vs_tokens": "accuracy_vs_tokens.png", "accuracy_by_category": "accuracy_by_category.png",
         "gate_scores": "gate_scores.png", "tool_calls": "tool_calls.png"}


class ExperimentError(RuntimeError):
    """The experiment cannot go on (a sub-run folder of other settings, a runner that refuses its options)."""


# ---------------------------------------------------------------------------
# Benchmarks: how a sub-run runs and how its records become tidy rows
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Benchmark:
    """A benchmark the harness can run: ``run(sub, folder, concurrency, echo) -> summary`` (the runner's
    summary, with ``n`` and ``rows_selected``) and ``row(record) -> tidy fields``. With ``rows`` (the
    sub-run's selected rows) the rows run on the execution layer first and ``run`` then only summarises
    the records (nothing is left for it to run)."""

    name: str
    run: Callable[[SubRun, Path, int, Callable[[str], None]], dict[str, Any]]
    row: Callable[[dict[str, Any]], dict[str, Any]]
    extra: tuple[str, ...] = ()  # the row's columns beyond the tidy table's own, in rows.csv after them
    rows: Callable[[SubRun], list[MedCalcRow]] | None = None


def medcalc_options(sub: SubRun) -> dict[str, Any]:
    return {"preset": sub.condition.preset, "settings": sub.settings}


def medcalc_rows(sub: SubRun) -> list[MedCalcRow]:
    """The rows of a MedCalc-Bench sub-run, selected as ``run_medcalc`` selects them (skip, every, limit)."""
    d = sub.dataset
    rows = read_medcalc_csv(d.path, get_mode(sub.mode).required_columns)[d.skip:][::d.every]
    return rows if d.limit is None else rows[:d.limit]


def _run_medcalc(sub: SubRun, folder: Path, concurrency: int, echo: Callable[[str], None]) -> dict[str, Any]:
    d = sub.dataset
    return run_medcalc(d.path, sub.mode, limit=d.limit, skip=d.skip, every=d.every, out_dir=folder,
                       concurrency=concurrency, quiet=True, plot=False, options=medcalc_options(sub), echo=echo)


def _number(v: Any) -> float:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else math.nan


def _medcalc_row(rec: dict[str, Any]) -> dict[str, Any]:
    tin, tout = rec.get("input_tokens"), rec.get("output_tokens")
    tokens = _number(tin or 0) + _number(tout or 0) if (tin is not None or tout is not None) else math.nan
    tools = [t for t in (rec.get("tools") or []) if t]
    return {
        "row_id": str(rec.get("id")), "category": rec.get("category") or "unknown",
        "calculator_id": rec.get("calculator_id"), "calculator": rec.get("calculator"),
        "correct": bool(rec.get("correct")), "error_stage": rec.get("error_stage"), "error": rec.get("error"),
        "expected": json.dumps(rec.get("expected"), ensure_ascii=False),
        "got": json.dumps(rec.get("got"), ensure_ascii=False),
        "tokens": tokens, "input_tokens": _number(tin), "output_tokens": _number(tout),
        "calls": _number(rec.get("calls")), "score": 1.0 if rec.get("correct") else 0.0,
        "seconds": _number(rec["seconds"] if "seconds" in rec else rec.get("latency_s")),
        "status": rec.get("status"), "tools": ";".join(tools), "n_tool_calls": len(tools),
    }


def _existing(folder: Path) -> int:
    return len({str(r.get("id")) for r in load_records(folder / "records.jsonl")})


def _run_cab(sub: SubRun, folder: Path, concurrency: int, echo: Callable[[str], None]) -> dict[str, Any]:
    d = sub.dataset
    selected = select_tasks(d.params["dimension"], d.limit)
    before = _existing(folder)
    summary = run_cab(d.params["dimension"], preset=sub.condition.preset, limit=d.limit, out_dir=folder,
                      concurrency=concurrency, quiet=False, options={"settings": sub.settings}, echo=echo)
    return {**summary, "rows_selected": len(selected), "rows_resumed": min(before, len(selected)),
            "rows_run": summary["n"] - min(before, summary["n"])}


def _cab_row(rec: dict[str, Any]) -> dict[str, Any]:
    tools = [t for t in (rec.get("tools") or []) if t]
    correct = bool(rec.get("correct"))
    return {
        "row_id": str(rec.get("id")), "category": rec.get("dimension") or "unknown", "correct": correct,
        "score": _number(rec.get("score")) if rec.get("score") is not None else float(correct),
        "error": rec.get("error"), "got": json.dumps(rec.get("value"), ensure_ascii=False),
        "tokens": _number(rec.get("tokens")), "calls": _number(rec.get("calls")), "seconds": _number(rec.get("seconds")),
        "status": rec.get("status"), "tools": ";".join(tools), "n_tool_calls": _number(rec.get("tool_calls")),
        "group": rec.get("group"), "tool_selection_errors": len(rec.get("tool_selection_errors") or []),
    }


def _run_rada(sub: SubRun, folder: Path, concurrency: int, echo: Callable[[str], None]) -> dict[str, Any]:
    p, d = sub.dataset.params, sub.dataset
    cases = make_cases(p["records"], p["records_seed"], p["tasks"], resolve_conditions(p["toolset"]), d.limit)
    summary = run_rada(p["toolset"], records=p["records"], tasks=p["tasks"], preset=sub.condition.preset,
                       out_dir=folder, seed=p["records_seed"], build_tools=p["build_tools"], limit=d.limit,
                       quiet=False, options={"settings": sub.settings}, echo=echo)  # one case at a time
    return {**summary, "rows_selected": len(cases), "rows_resumed": summary["n"] - summary["new_cases"],
            "rows_run": summary["new_cases"], "accuracy": summary["overall"]["execution_completion"]}


def _rada_row(rec: dict[str, Any]) -> dict[str, Any]:
    """A rada record: correct = execution completion (the runner's success metric), the paper's metrics beside."""
    metrics = rec.get("metrics") if isinstance(rec.get("metrics"), dict) else {}
    done = metrics.get("execution_completion")
    protocol = rec.get("protocol") or []
    return {
        "row_id": str(rec.get("id")), "category": rec.get("task_type") or "unknown", "correct": bool(done),
        "score": _number(done), "error": rec.get("error"),
        "expected": json.dumps(rec.get("gold_chain"), ensure_ascii=False),
        "got": json.dumps(rec.get("executed_chain"), ensure_ascii=False),
        "tokens": _number(rec.get("tokens")), "calls": _number(rec.get("calls")), "seconds": _number(rec.get("seconds")),
        "status": rec.get("status"), "tools": ";".join(str(s.get("tool")) for s in protocol if s.get("tool")),
        "n_tool_calls": len(protocol),
        "toolset": rec.get("condition"), "complexity": rec.get("complexity"), "few_shot": rec.get("few_shot"),
        "prompt_version": rec.get("prompt_version"), **{m: _number(metrics.get(m)) for m in RADA_METRICS},
    }


BENCHMARKS: dict[str, Benchmark] = {
    "medcalc": Benchmark("medcalc", _run_medcalc, _medcalc_row, rows=medcalc_rows),
    "cab": Benchmark("cab", _run_cab, _cab_row, extra=("group", "tool_selection_errors")),
    "rada": Benchmark("rada", _run_rada, _rada_row,
                      extra=("toolset", "complexity", "few_shot", "prompt_version", *RADA_METRICS)),
}


# ---------------------------------------------------------------------------
# Sub-runs
# ---------------------------------------------------------------------------


def _read_json(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _spec_differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    out = []
    for k in sorted(set(old) | set(new)):
        a, b = old.get(k), new.get(k)
        if isinstance(a, dict) and isinstance(b, dict):
            out += [f"{k}.{d}" for d in _spec_differences(a, b)]
        elif a != b:
            out.append(f"{k}: {a!r} -> {b!r}")
    return out


def concurrency_for(sub: SubRun, configured: int) -> tuple[int, str]:
    """Rows at once for a sub-run, and why: the configured number against a remote model server, else 1."""
    if sub.mode in ("gold", "retrieve") or (sub.mode == "extract" and sub.resolved().extractor == "rules"):
        return 1, "no model"
    if sub.remote():
        warning = serial_server_warning(sub.resolved(), configured)
        return configured, "remote model server" + (f"; warning: {warning}" if warning else "")
    s = sub.resolved()
    providers = sorted({s.provider_for(role) for role in ROLES} - {"openai"})
    return 1, f"{' and '.join(providers)} model: one row at a time"


def open_subrun(exp: Experiment, sub: SubRun, out: Path) -> dict[str, Any]:
    """A sub-run's ``subrun.json``: refused when its folder was run with other settings; ``action`` skipped
    when it finished; else written as unfinished (so a kill leaves it to resume) and returned."""
    folder = out / sub.folder
    meta_path = folder / SUBRUN_FILE
    spec = json.loads(json.dumps(sub.spec(), default=str))
    meta = _read_json(meta_path)
    if meta is not None and meta.get("spec") != spec:
        diff = "; ".join(_spec_differences(meta.get("spec") or {}, spec)) or "unreadable spec"
        raise ExperimentError(f"{folder} was run with other settings ({diff}); give the experiment another `out` "
                              f"(or --out), or remove that folder")
    if meta is not None and meta.get("finished"):
        return {**meta, "action": "skipped"}
    concurrency, why = concurrency_for(sub, exp.concurrency)
    meta = {"spec": spec, "finished": False, "elapsed_s": (meta or {}).get("elapsed_s", 0.0),
            "concurrency": concurrency, "concurrency_reason": why}
    folder.mkdir(parents=True, exist_ok=True)
    write_summary(meta_path, meta)
    return meta


def _log(folder: Path) -> Any:
    return (folder / "log.txt").open("a", encoding="utf-8")


def _finish(sub: SubRun, out: Path, meta: dict[str, Any], summary: dict[str, Any], action: str) -> dict[str, Any]:
    meta.update(finished=summary.get("n") == summary.get("rows_selected"), rows=summary.get("n"),
                rows_run=summary.get("rows_run"), accuracy=summary.get("accuracy"))
    write_summary(out / sub.folder / SUBRUN_FILE, meta)
    return {**meta, "action": action}


def run_subrun(exp: Experiment, sub: SubRun, out: Path, echo: Callable[[str], None]) -> dict[str, Any]:
    """Run (or resume, or skip when finished) one sub-run through its benchmark's own runner (cab, rada);
    returns its ``subrun.json`` content plus ``action``."""
    meta = open_subrun(exp, sub, out)
    if meta.get("action") == "skipped":
        return meta
    folder = out / sub.folder
    concurrency, why = meta["concurrency"], meta["concurrency_reason"]
    reset_scripted_cache()  # a scripted model replays its script from the start in every sub-run
    t0 = time.perf_counter()
    with _log(folder) as log:
        log.write(f"--- {datetime.now().isoformat(timespec='seconds')} concurrency {concurrency} ({why})\n")
        try:
            summary = BENCHMARKS[sub.dataset.benchmark].run(sub, folder, concurrency,
                                                            lambda text: (log.write(text + "\n"), log.flush()))
        except (BenchError, CabError, RadaError) as exc:
            raise ExperimentError(f"sub-run {sub.folder}: {exc}") from None
        finally:
            meta["elapsed_s"] = round(meta["elapsed_s"] + time.perf_counter() - t0, 3)
            write_summary(folder / SUBRUN_FILE, meta)
    return _finish(sub, out, meta, summary, "resumed" if summary.get("rows_resumed") else "run")


# ---------------------------------------------------------------------------
# Rows of many sub-runs on the execution layer
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SubRunRow:
    """One engine row: a benchmark row of one sub-run (``key``: the sub-run's folder). ``id`` is unique over
    the experiment (the same benchmark row recurs in every condition and seed)."""

    id: str
    key: str
    mode: str
    row: MedCalcRow


def make_subrun_fn(options: dict[str, Any]) -> Callable[[SubRunRow], Record]:
    """The engine's row factory (one per worker): ``options["subruns"]`` maps a sub-run's key to its
    ``run_medcalc`` options; each sub-run's row function is built on the first of its rows this worker gets.
    Moving to another sub-run resets the scripted models, which replay their scripts from the start."""
    specs: dict[str, dict[str, Any]] = options["subruns"]
    fns: dict[str, Callable[[MedCalcRow], Record]] = {}
    current = [""]

    def run(r: SubRunRow) -> Record:
        if r.key != current[0]:
            reset_scripted_cache()
            current[0] = r.key
        if r.key not in fns:
            fns[r.key] = make_row_fn(r.mode, specs[r.key])
        return {**fns[r.key](r.row), "id": r.id}

    return run


def subrun_row_error(r: SubRunRow, exc: BaseException) -> Record:
    return {**error_record(r.row, r.mode, exc), "id": r.id}


class SubRunWriters:
    """The engine's writer: each record into its sub-run's ``records.jsonl`` under the benchmark row's own id."""

    def __init__(self, out: Path, rows: list[SubRunRow]):
        self.out = out
        self.where = {r.id: (r.key, r.row.id) for r in rows}
        self.writers: dict[str, JsonlWriter] = {}

    def write(self, rec: Record) -> None:
        key, rid = self.where[str(rec["id"])]
        if key not in self.writers:
            self.writers[key] = JsonlWriter(self.out / key / "records.jsonl")
        self.writers[key].write({**rec, "id": rid})

    def __enter__(self) -> SubRunWriters:
        return self

    def __exit__(self, *exc: object) -> None:
        for writer in self.writers.values():
            writer.close()


def engine_plan(exp: Experiment, subs: Sequence[SubRun], workers: int, engine: str) -> tuple[int, bool, str]:
    """Workers, threads or not, and why: ``--workers``/``--engine`` as given (threads for a local engine when
    every model is a remote server); with neither, the file's ``concurrency`` threads against remote servers,
    else one row at a time in this process."""
    reasons = [concurrency_for(sub, exp.concurrency)[1] for sub in subs]
    remote = any(r.startswith("remote") for r in reasons) and all(
        r.startswith("remote") or r == "no model" for r in reasons)
    if engine == "ray":
        return workers, False, f"{workers} Ray actor(s), each with its own models"
    if workers > 1:
        return workers, remote, (f"{workers} threads (remote model servers)" if remote
                                 else f"{workers} worker processes, each with its own models")
    if remote and exp.concurrency > 1:
        return exp.concurrency, True, f"{exp.concurrency} threads (remote model servers; the file's concurrency)"
    return 1, False, "one row at a time in this process"


def run_on_engine(exp: Experiment, out: Path, subs: Sequence[tuple[SubRun, dict[str, Any]]],
                  echo: Callable[[str], None], *, workers: int = 1, engine: str = "local",
                  address: str | None = None) -> dict[str, dict[str, Any]]:
    """The rows the MedCalc-Bench sub-runs have left, on the execution layer in one run; then each sub-run's
    summary from its records. Returns each sub-run's ``subrun.json`` content plus ``action`` by folder."""
    rows: list[SubRunRow] = []
    resumed: dict[str, int] = {}
    for sub, _ in subs:
        key = str(sub.folder)
        done = {str(r.get("id")) for r in load_records(out / key / "records.jsonl")}
        selected = medcalc_rows(sub)
        resumed[key] = sum(r.id in done for r in selected)
        rows += [SubRunRow(f"{key}#{r.id}", key, sub.mode, r) for r in selected if r.id not in done]
    n, threads, why = engine_plan(exp, [sub for sub, _ in subs], workers, engine)
    echo(f"{len(rows)} row(s) of {len(subs)} MedCalc-Bench sub-run(s) on the {engine} engine: {why}")
    task = RowTask(make_subrun_fn, {"subruns": {str(sub.folder): medcalc_options(sub) for sub, _ in subs}},
                   subrun_row_error)
    try:
        with SubRunWriters(out, rows) as writer, PeriodicProgress(len(rows), "experiment") as progress:
            ran = run_rows(rows, task, writer, engine=engine, workers=n, address=address,  # type: ignore[arg-type]
                           threads=threads, progress=progress)
    except EngineError as exc:
        raise ExperimentError(str(exc)) from None
    _report_engine(ran, echo)
    new: dict[str, int] = {}
    for rec in ran.records:
        key = str(rec["id"]).rpartition("#")[0]
        new[key] = new.get(key, 0) + 1
    results: dict[str, dict[str, Any]] = {}
    for sub, meta in subs:
        key = str(sub.folder)
        meta.update(concurrency=n, concurrency_reason=f"{ran.kind}: {why}",
                    elapsed_s=round(sum(_row_seconds(r) for r in load_records(out / key / "records.jsonl")), 3))
        with _log(out / key) as log:
            log.write(f"--- {datetime.now().isoformat(timespec='seconds')} {new.get(key, 0)} row(s) on the "
                      f"{engine} engine ({ran.kind}, {n} at once)\n")
            try:  # every row is in the store now: the runner only reads the records and writes summary.json
                summary = _run_medcalc(sub, out / key, 1, lambda text: (log.write(text + "\n"), log.flush()))
            except BenchError as exc:
                raise ExperimentError(f"sub-run {sub.folder}: {exc}") from None
        summary["rows_run"] = new.get(key, 0)
        results[key] = _finish(sub, out, meta, summary, "resumed" if resumed[key] else "run")
    return results


def _row_seconds(rec: Record) -> float:
    """Seconds a row spent in its worker (the engine's measure), else the record's own."""
    seconds = (rec.get("worker") or {}).get("seconds", rec.get("seconds", rec.get("latency_s")))
    return float(seconds) if isinstance(seconds, (int, float)) else 0.0


def _report_engine(ran: EngineRun, echo: Callable[[str], None]) -> None:
    if ran.retried:
        echo(f"retried after a worker died: {', '.join(ran.retried)}")
    if ran.lost:
        echo(f"lost twice (their records are errors): {', '.join(ran.lost)}")


def collect(exp: Experiment, out: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The tidy table and the gate-score table from every sub-run's records found under ``out``."""
    varied = list(dict.fromkeys(k for c in exp.conditions for k in c.varied))
    extra = list(dict.fromkeys(e for d in exp.datasets for e in BENCHMARKS[d.benchmark].extra))
    rows: list[dict[str, Any]] = []
    scores: list[dict[str, Any]] = []
    for sub in exp.subruns():
        folder = out / sub.folder
        if _read_json(folder / SUBRUN_FILE) is None:
            continue
        bench = BENCHMARKS[sub.dataset.benchmark]
        head = {"experiment": exp.name, "dataset": sub.dataset.name, "benchmark": sub.dataset.benchmark,
                "mode": sub.mode, "condition": sub.condition.label, "preset": sub.condition.preset, "seed": sub.seed}
        for rec in load_records(folder / "records.jsonl"):
            if rec.get("mode", sub.mode) != sub.mode:
                continue
            row = {**head, **bench.row(rec), **{k: sub.condition.varied.get(k) for k in varied}}
            rows.append(row)
            for gate, values in (rec.get("gate_scores") or {}).items():
                for i, score in enumerate(values):
                    scores.append({**{k: head[k] for k in ("dataset", "condition", "seed")}, "row_id": row["row_id"],
                                   "gate": gate, "order": i, "score": score})
    gates = pd.DataFrame(scores, columns=["dataset", "condition", "seed", "row_id", "gate", "order", "score"])
    return tidy_frame(rows, varied, extra), gates


# ---------------------------------------------------------------------------
# The whole experiment
# ---------------------------------------------------------------------------


def run_experiment(exp: Experiment, *, run: bool = True, echo: Callable[[str], None] = print, workers: int = 1,
                   engine: str = "local", address: str | None = None) -> dict[str, Any]:
    """Run every sub-run (skipping finished ones; MedCalc-Bench rows on the execution layer with ``workers``,
    ``engine``, ``address``), then write the tables, plots and report; returns a summary (``out``, ``files``,
    ``subruns`` with each one's action, ``wall_s``)."""
    out = exp.out
    out.mkdir(parents=True, exist_ok=True)
    started = datetime.now().isoformat(timespec="seconds")
    t0 = time.perf_counter()
    subs = exp.subruns()
    (out / "config.toml").write_text(exp.source.read_text(encoding="utf-8"), encoding="utf-8")
    echo(f"experiment {exp.name}: {len(subs)} sub-run(s) "
         f"({len(exp.datasets)} dataset(s) x {len(exp.conditions)} condition(s) x {len(exp.seeds)} seed(s)) -> {out}")
    for warning in seed_warnings(exp) if run else []:
        echo(f"warning: {warning}")
    done: list[dict[str, Any]] = []
    state = _read_json(out / FILES["state"]) or {"invocations": []}
    metas: dict[str, dict[str, Any]] = {}
    try:
        if not run:
            done = [{"folder": str(sub.folder), "action": "not run (--report-only)"} for sub in subs]
        on_engine: list[tuple[SubRun, dict[str, Any]]] = []
        for i, sub in enumerate(subs if run else [], 1):
            t1 = time.perf_counter()
            if BENCHMARKS[sub.dataset.benchmark].rows is not None:
                meta = open_subrun(exp, sub, out)
                if meta.get("action") != "skipped":
                    on_engine.append((sub, meta))
                    continue
            else:
                meta = run_subrun(exp, sub, out, echo)
            metas[str(sub.folder)] = meta
            _echo_subrun(echo, i, len(subs), sub, meta, time.perf_counter() - t1)
        if on_engine:
            ran = run_on_engine(exp, out, on_engine, echo, workers=workers, engine=engine, address=address)
            for sub, _ in on_engine:  # seconds: the sub-run's rows' own (they ran interleaved)
                metas[str(sub.folder)] = ran[str(sub.folder)]
                _echo_subrun(echo, subs.index(sub) + 1, len(subs), sub, ran[str(sub.folder)],
                             ran[str(sub.folder)]["elapsed_s"])
    finally:
        done += [{"folder": str(sub.folder), **metas[str(sub.folder)]} for sub in subs if str(sub.folder) in metas]
        wall = round(time.perf_counter() - t0, 3)
        state["invocations"].append({"started_at": started, "wall_s": wall, "run": run,
                                     "subruns_run": sum(d.get("action") in ("run", "resumed") for d in done),
                                     "subruns_skipped": sum(d.get("action") == "skipped" for d in done)})
        write_summary(out / FILES["state"], {"name": exp.name, "config": str(exp.source), **state})
    files = write_outputs(exp, out, done, state, echo)
    wall = round(time.perf_counter() - t0, 3)
    state["invocations"][-1]["wall_s"] = wall
    write_summary(out / FILES["state"], {"name": exp.name, "config": str(exp.source), **state})
    _patch_wall_time(out / FILES["report"], state)
    echo(f"report: {out / FILES['report']} ({wall:.1f} s)")
    return {"out": str(out), "files": files, "subruns": done, "wall_s": wall}


def _echo_subrun(echo: Callable[[str], None], i: int, n: int, sub: SubRun, meta: dict[str, Any], seconds: float) -> None:
    where = f"[{i}/{n}] {sub.dataset.name} | {sub.condition.label} | seed {sub.seed} ({sub.mode})"
    if meta["action"] == "skipped":
        echo(f"{where}: finished earlier, skipped")
        return
    acc = meta.get("accuracy")
    echo(f"{where}: {meta['action']}, {meta.get('rows')} row(s), accuracy "
         f"{'-' if acc is None else f'{100 * acc:.1f}%'}, {seconds:.1f} s "
         f"(concurrency {meta['concurrency']}: {meta['concurrency_reason']})")


def write_outputs(exp: Experiment, out: Path, done: Sequence[dict[str, Any]], state: dict[str, Any],
                  echo: Callable[[str], None]) -> dict[str, str | None]:
    conditions = [c.label for c in exp.conditions]
    df, gates = collect(exp, out)
    files: dict[str, str | None] = {}

    def csv(name: str, table: pd.DataFrame) -> None:
        table.to_csv(out / FILES[name], index=False)
        files[name] = FILES[name]

    csv("rows", df)
    if importlib.util.find_spec("pyarrow") is not None:
        df.to_parquet(out / FILES["rows_parquet"], index=False)
        files["rows_parquet"] = FILES["rows_parquet"]
    csv("gate_scores", gates)
    summary = summary_table(df, conditions)
    csv("summary", summary)
    categories = category_table(df, conditions)
    csv("by_category", categories)
    st = exp.statistics
    comparisons = paired_comparisons(df, conditions, confidence=st.confidence, resamples=st.resamples,
                                     random_state=st.random_state)
    csv("comparisons", comparisons)
    tools = tool_call_table(df, conditions)
    csv("tool_calls", tools)
    plots = {
        "accuracy_vs_tokens": accuracy_vs_tokens(summary, out / PLOTS["accuracy_vs_tokens"]),
        "accuracy_by_category": category_bars(categories, out / PLOTS["accuracy_by_category"]),
        "gate_scores": gate_score_distributions(gates, out / PLOTS["gate_scores"]),
        "tool_calls": tool_call_bars(tools, out / PLOTS["tool_calls"]),
    }
    for name, (path, _) in plots.items():
        files[name] = path.name if path else None
    report = render_report(exp, out, df, summary, categories, comparisons, tools, plots, done, state)
    (out / FILES["report"]).write_text(report, encoding="utf-8")
    files["report"] = FILES["report"]
    echo(markdown_table(_summary_view(summary)) if not summary.empty else "no records yet")
    return files


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def _fmt(v: Any, digits: int = 3) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.{digits}g}" if abs(v) >= 1000 else f"{v:.{digits}f}".rstrip("0").rstrip(".") or "0"
    return str(v)


def markdown_table(table: pd.DataFrame) -> str:
    """A GitHub markdown table of a DataFrame (floats to 3 decimals, NaN as '-')."""
    if table.empty:
        return "(none)"
    head = "| " + " | ".join(str(c) for c in table.columns) + " |"
    sep = "|" + "|".join("---" for _ in table.columns) + "|"
    body = ["| " + " | ".join(_fmt(v).replace("|", "\\|") for v in row) + " |"
            for row in table.itertuples(index=False, name=None)]
    return "\n".join([head, sep, *body])


def _pm(mean: float, sd: float, pct: bool = False, digits: int = 1) -> str:
    if mean is None or (isinstance(mean, float) and math.isnan(mean)):
        return "-"
    scale = 100 if pct else 1
    text = f"{scale * mean:.{digits}f}"
    return text if (sd is None or math.isnan(sd)) else f"{text} ± {scale * sd:.{digits}f}"


def _summary_view(summary: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for r in summary.to_dict("records"):
        rows.append({"dataset": r["dataset"], "condition": r["condition"], "mode": r["mode"], "seeds": r["n_seeds"],
                     "rows": r["n_rows"] if r["n_rows"] == r["n_rows_min"] else f"{r['n_rows_min']}-{r['n_rows']}",
                     "accuracy %": _pm(r["accuracy_mean"], r["accuracy_sd"], pct=True),
                     "tokens": _pm(r["tokens_mean"], r["tokens_sd"], digits=0),
                     "model calls": _pm(r["calls_mean"], r["calls_sd"]),
                     "seconds": _pm(r["seconds_mean"], r["seconds_sd"], digits=2), "errors": r["errors"],
                     "seeds identical": r["seeds_identical"]})
    return pd.DataFrame(rows)


def _category_view(categories: pd.DataFrame) -> pd.DataFrame:
    if categories.empty:
        return categories
    view = categories.assign(acc=[_pm(m, s, pct=True) for m, s in zip(categories["accuracy_mean"],
                                                                      categories["accuracy_sd"])])
    wide = view.pivot_table(index=["dataset", "condition"], columns="category", values="acc", aggfunc="first",
                            sort=False)
    counts = categories.groupby("category", sort=False)["n_rows"].max()
    wide.columns = [f"{c} (n={counts[c]})" for c in wide.columns]
    return wide.reset_index().fillna("-")


def _comparison_view(comparisons: pd.DataFrame, confidence: float) -> pd.DataFrame:
    if comparisons.empty:
        return comparisons
    rows = []
    for r in comparisons.to_dict("records"):
        rows.append({"dataset": r["dataset"], "A": r["a"], "B": r["b"], "seed": r["seed"], "rows": r["n"],
                     "acc A %": _pm(r["accuracy_a"], math.nan, pct=True), "acc B %": _pm(r["accuracy_b"], math.nan, pct=True),
                     "A - B (pp)": _pm(r["diff"], math.nan, pct=True),
                     f"{100 * confidence:.0f}% CI (pp)": "-" if math.isnan(r["ci_low"]) else
                     f"[{100 * r['ci_low']:.1f}, {100 * r['ci_high']:.1f}]",
                     "A only / B only": "-" if r["seed"] == "all" else f"{r.get('a_only', 0):.0f} / {r.get('b_only', 0):.0f}",
                     "McNemar p": _fmt(r["p_value"]), "Holm p": _fmt(r["p_holm"])})
    return pd.DataFrame(rows)


WALL_MARK = "<!-- wall -->"


def _wall_line(state: dict[str, Any]) -> str:
    inv = state.get("invocations") or []
    last = inv[-1]["wall_s"] if inv else math.nan
    total = sum(i.get("wall_s") or 0.0 for i in inv)
    return (f"{WALL_MARK}**Wall time**: {last:.1f} s this invocation; {total:.1f} s over {len(inv)} invocation(s) "
            "of this folder (experiment.json lists them).")


def _patch_wall_time(report: Path, state: dict[str, Any]) -> None:
    if report.is_file():
        lines = report.read_text(encoding="utf-8").splitlines()
        lines = [_wall_line(state) if line.startswith(WALL_MARK) else line for line in lines]
        report.write_text("\n".join(lines) + "\n", encoding="utf-8")


def render_report(exp: Experiment, out: Path, df: pd.DataFrame, summary: pd.DataFrame, categories: pd.DataFrame,
                  comparisons: pd.DataFrame, tools: pd.DataFrame, plots: dict[str, tuple[Path | None, str | None]],
                  done: Sequence[dict[str, Any]], state: dict[str, Any]) -> str:
    subrun_time = sum(float(d.get("elapsed_s") or 0.0) for d in done)
    actions: dict[str, int] = {}
    for d in done:
        actions[d.get("action", "?")] = actions.get(d.get("action", "?"), 0) + 1
    conc = sorted({f"{d.get('concurrency')} ({d.get('concurrency_reason')})" for d in done if d.get("concurrency")})
    lines = [f"# Experiment {exp.name}", ""]
    if exp.description:
        lines += [exp.description, ""]
    lines += [
        f"- config: `{exp.source.resolve()}` (copied to `config.toml`)",
        "- datasets: " + "; ".join(d.describe() for d in exp.datasets),
        f"- conditions: {len(exp.conditions)}; seeds: {', '.join(map(str, exp.seeds))}; sub-runs: {len(done)} "
        f"(" + ", ".join(f"{k} {v}" for k, v in sorted(actions.items())) + ")",
        f"- rows in the tidy table: {len(df)}; concurrency: {', '.join(conc) or '-'}",
        f"- time spent in the sub-runs (all invocations): {subrun_time:.1f} s",
        "",
        _wall_line(state),
        "",
        "## Summary (mean ± sd over seeds; per case; errors: rows with an error, all seeds, counted wrong)",
        "",
        markdown_table(_summary_view(summary)) if not summary.empty else "(no records)",
        "",
    ]
    same = [] if summary.empty else [v for v in summary["seeds_identical"] if v is not None]
    if same and all(same):
        lines += ["**Every seed gave the same answer on every row of every condition**, so the accuracy's ± sd over "
                  "seeds is 0. At temperature 0 (greedy decoding, the default) and in the gold and rule-extraction "
                  "modes the seed cannot matter; when the model sampled (temperature > 0), identical answers mean "
                  "the values did not depend on the sample (the answer's value comes from a tool result), while the "
                  "tokens and calls above may still differ between seeds.", ""]
    elif any(v is True for v in same):
        lines += ["`seeds identical` = yes: that condition gave the same answer in every seed on every row (its sd is "
                  "0 by construction).", ""]
    lines += ["## Accuracy per category (mean ± sd over seeds; n: rows per seed)", ""]
    for dataset in dict.fromkeys(categories["dataset"]) if not categories.empty else []:
        lines += [f"{dataset}:", "", markdown_table(_category_view(categories[categories["dataset"] == dataset])), ""]
    lines += [
              "## Paired comparisons (same rows)", "",
              f"A − B in percentage points; CI: scipy.stats.bootstrap, paired resampling of rows, "
              f"{exp.statistics.resamples} resamples, random state {exp.statistics.random_state} (BCa unless noted in "
              "comparisons.csv); McNemar: statsmodels' exact test on the rows one condition got right and the other "
              "wrong; Holm: over the pairs of a dataset and seed. Seed `all`: per-row accuracy averaged over the seeds "
              "(bootstrap only).", "",
              markdown_table(_comparison_view(comparisons, exp.statistics.confidence)), ""]
    if not tools.empty:
        top = tools.sort_values(["dataset", "condition", "calls"], ascending=[True, True, False]).groupby(
            ["dataset", "condition"], sort=False).head(5)
        lines += ["## Tool calls (top 5 per condition; all in tool_calls.csv)", "",
                  markdown_table(top[["dataset", "condition", "tool", "calls", "per_case"]]), ""]
    lines += ["## Plots", ""]
    for name, (path, note) in plots.items():
        lines.append(f"- {name}: " + (f"`{path.name}`" if path else f"none ({note})"))
    lines += ["", "## Files", "",
              "- `rows.csv`" + (" / `rows.parquet`" if (out / FILES["rows_parquet"]).exists() else "")
              + ": one row per (dataset, condition, seed, benchmark row)",
              "- `gate_scores.csv`: every self-score a gate saw (agent mode)",
              "- `summary.csv`, `by_category.csv`, `comparisons.csv`, `tool_calls.csv`",
              "- `runs/<dataset>/<condition>/seed-<k>/`: each sub-run's `records.jsonl`, `summary.json`, "
              "`subrun.json`, `log.txt`", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


# Seconds per row assumed for a time estimate when no run of the experiment has recorded its own: no model
# (gold, retrieve, rule extraction) is fast; a whole-graph run on the embedded SmolLM2 model took 45-60 s per
# case on a 2-core CPU (issue 32's measure), a model extraction about a fifth of that. Past records win.
ASSUMED_SECONDS = {"gold": 0.05, "retrieve": 0.05, "extract": 10.0, "agent": 50.0}


def subrun_rows(sub: SubRun) -> int:
    """The rows (cases, tasks) the sub-run selects, as its runner selects them."""
    d = sub.dataset
    if d.benchmark == "cab":
        return len(select_tasks(d.params["dimension"], d.limit))
    if d.benchmark == "rada":
        p = d.params
        return len(make_cases(p["records"], p["records_seed"], p["tasks"], resolve_conditions(p["toolset"]), d.limit))
    return len(medcalc_rows(sub))


def _seconds_per_row(records: list[dict[str, Any]]) -> float | None:
    seconds = [s for s in (_number(r.get("seconds", r.get("latency_s"))) for r in records) if math.isfinite(s)]
    return sum(seconds) / len(seconds) if seconds else None


def dry_run(exp: Experiment, echo: Callable[[str], None] = print, workers: int = 1) -> dict[str, Any]:
    """``--dry-run``: every sub-run with its rows (and those already done) and a time estimate; runs nothing."""
    total_rows = total_done = 0
    total_s = 0.0
    assumed: set[str] = set()
    for sub in exp.subruns():
        conc, why = concurrency_for(sub, exp.concurrency)
        if workers > 1 and BENCHMARKS[sub.dataset.benchmark].rows is not None:
            conc, why = workers, f"{workers} workers"
        rows = subrun_rows(sub)
        records = load_records(exp.out / sub.folder / "records.jsonl")
        done = min(len({str(r.get("id")) for r in records}), rows)
        per_row = _seconds_per_row(records)
        if per_row is None:
            per_row = ASSUMED_SECONDS.get(sub.mode, ASSUMED_SECONDS["agent"])
            assumed.add(sub.mode)
        left_s = (rows - done) * per_row / max(conc, 1)
        total_rows, total_done, total_s = total_rows + rows, total_done + done, total_s + left_s
        echo(f"{sub.folder}  mode={sub.mode} preset={sub.condition.preset} "
             f"settings={json.dumps(sub.settings, default=str)}  {rows} row(s), {done} done, about "
             f"{duration_text(left_s)} left  concurrency {conc} ({why})")
    for warning in seed_warnings(exp):
        echo(f"warning: {warning}")
    basis = ("the sub-runs' own records" if not assumed else
             "assumed " + ", ".join(f"{ASSUMED_SECONDS[m]:g} s per {m} row" for m in sorted(assumed)
                                    if m in ASSUMED_SECONDS) + " (the embedded model on 2 cores) where no "
             "records exist yet")
    echo(f"{len(exp.subruns())} sub-run(s), {total_rows} row(s), {total_done} done -> {exp.out}; "
         f"estimated time left about {duration_text(total_s)} ({basis})")
    return {"subruns": len(exp.subruns()), "rows": total_rows, "done": total_done, "seconds_left": total_s}


def seed_warnings(exp: Experiment) -> list[str]:
    """Seeds that cannot differ: more than one seed where every sub-run decodes greedily (temperature 0) or calls
    no model, so the seeds' sub-runs repeat each other."""
    if len(exp.seeds) < 2:
        return []
    subs = [sub for sub in exp.subruns() if sub.seed == exp.seeds[0]]
    if all(sub.mode in ("gold", "retrieve") or sub.resolved().temperature == 0 for sub in subs):
        return [f"seeds {', '.join(map(str, exp.seeds))} at temperature 0 (greedy decoding) give the same answers: "
                f"every seed after the first repeats the work; set temperature > 0 in [settings] to make them "
                f"differ, or keep one seed"]
    return []


def handle_experiment(args: argparse.Namespace) -> int:
    """``medmirror experiment`` (its flags are in :mod:`medmirror.cli`); returns the exit code."""
    try:
        exp = load_experiment(args.config, out=args.out)
        if args.dry_run:
            dry_run(exp, workers=getattr(args, "workers", 1))
            return 0
        run_experiment(exp, run=not args.report_only, workers=getattr(args, "workers", 1),
                       engine=getattr(args, "engine", "local"), address=getattr(args, "address", None))
    except (ExperimentConfigError, ExperimentError) as exc:
        print(f"medmirror experiment: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted; finished rows and sub-runs are saved - rerun the same command to resume",
              file=sys.stderr)
        return 130
    return 0
