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

Rows run concurrently (the experiment's ``concurrency``) only when every role's model is a remote
server (``model_provider = "openai"``); the embedded model runs one row at a time.
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
from medmirror.bench.common import duration_text, load_records, write_summary
from medmirror.bench.experiment_config import Experiment, ExperimentConfigError, SubRun, load_experiment
from medmirror.bench.experiment_plots import accuracy_vs_tokens, category_bars, gate_score_distributions, tool_call_bars
from medmirror.bench.experiment_stats import (
    category_table,
    paired_comparisons,
    summary_table,
    tidy_frame,
    tool_call_table,
)
from medmirror.bench.medcalc import BenchError, get_mode, read_medcalc_csv, run_medcalc
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
    summary, with ``n`` and ``rows_selected``) and ``row(record) -> tidy fields``."""

    name: str
    run: Callable[[SubRun, Path, int, Callable[[str], None]], dict[str, Any]]
    row: Callable[[dict[str, Any]], dict[str, Any]]
    extra: tuple[str, ...] = ()  # the row's columns beyond the tidy table's own, in rows.csv after them


def _run_medcalc(sub: SubRun, folder: Path, concurrency: int, echo: Callable[[str], None]) -> dict[str, Any]:
    d = sub.dataset
    return run_medcalc(d.path, sub.mode, limit=d.limit, skip=d.skip, every=d.every, out_dir=folder,
                       concurrency=concurrency, quiet=False, plot=False,
                       options={"preset": sub.condition.preset, "settings": sub.settings}, echo=echo)


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
    "medcalc": Benchmark("medcalc", _run_medcalc, _medcalc_row),
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


def run_subrun(exp: Experiment, sub: SubRun, out: Path, echo: Callable[[str], None]) -> dict[str, Any]:
    """Run (or resume, or skip when finished) one sub-run; returns its ``subrun.json`` content plus ``action``."""
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
    reset_scripted_cache()  # a scripted model replays its script from the start in every sub-run
    t0 = time.perf_counter()
    with (folder / "log.txt").open("a", encoding="utf-8") as log:
        log.write(f"--- {datetime.now().isoformat(timespec='seconds')} concurrency {concurrency} ({why})\n")
        try:
            summary = BENCHMARKS[sub.dataset.benchmark].run(sub, folder, concurrency,
                                                            lambda text: (log.write(text + "\n"), log.flush()))
        except (BenchError, CabError, RadaError) as exc:
            raise ExperimentError(f"sub-run {sub.folder}: {exc}") from None
        finally:
            meta["elapsed_s"] = round(meta["elapsed_s"] + time.perf_counter() - t0, 3)
            write_summary(meta_path, meta)
    meta.update(finished=summary.get("n") == summary.get("rows_selected"), rows=summary.get("n"),
                rows_run=summary.get("rows_run"), accuracy=summary.get("accuracy"))
    write_summary(meta_path, meta)
    return {**meta, "action": "resumed" if summary.get("rows_resumed") else "run"}


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


def run_experiment(exp: Experiment, *, run: bool = True, echo: Callable[[str], None] = print) -> dict[str, Any]:
    """Run every sub-run (skipping finished ones), then write the tables, plots and report; returns a summary
    (``out``, ``files``, ``subruns`` with each one's action, ``wall_s``)."""
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
    try:
        for i, sub in enumerate(subs, 1):
            where = f"[{i}/{len(subs)}] {sub.dataset.name} | {sub.condition.label} | seed {sub.seed} ({sub.mode})"
            if not run:
                done.append({"folder": str(sub.folder), "action": "not run (--report-only)"})
                continue
            t1 = time.perf_counter()
            meta = run_subrun(exp, sub, out, echo)
            done.append({"folder": str(sub.folder), **meta})
            acc = meta.get("accuracy")
            if meta["action"] == "skipped":
                echo(f"{where}: finished earlier, skipped")
            else:
                echo(f"{where}: {meta['action']}, {meta.get('rows')} row(s), accuracy "
                     f"{'-' if acc is None else f'{100 * acc:.1f}%'}, {time.perf_counter() - t1:.1f} s "
                     f"(concurrency {meta['concurrency']}: {meta['concurrency_reason']})")
    finally:
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
    rows = read_medcalc_csv(d.path, get_mode(sub.mode).required_columns)[d.skip:][::d.every]
    return len(rows if d.limit is None else rows[:d.limit])


def _seconds_per_row(records: list[dict[str, Any]]) -> float | None:
    seconds = [s for s in (_number(r.get("seconds", r.get("latency_s"))) for r in records) if math.isfinite(s)]
    return sum(seconds) / len(seconds) if seconds else None


def dry_run(exp: Experiment, echo: Callable[[str], None] = print) -> dict[str, Any]:
    """``--dry-run``: every sub-run with its rows (and those already done) and a time estimate; runs nothing."""
    total_rows = total_done = 0
    total_s = 0.0
    assumed: set[str] = set()
    for sub in exp.subruns():
        conc, why = concurrency_for(sub, exp.concurrency)
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
            dry_run(exp)
            return 0
        run_experiment(exp, run=not args.report_only)
    except (ExperimentConfigError, ExperimentError) as exc:
        print(f"medmirror experiment: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted; finished rows and sub-runs are saved - rerun the same command to resume",
              file=sys.stderr)
        return 130
    return 0
