"""``medmirror bench engine``: the same MedCalc-Bench slice on 1 and 2 workers, on the local engine and on Ray.

Per condition: wall seconds (worker start-up included: spawning processes or Ray actors that import
MedMirror and build their function), rows per minute, the time rows spent in the row function
(``busy``), the peak resident memory of each worker, and for Ray the overhead per row against the
local engine with the same number of workers. Starting the local Ray cluster is timed apart (a
one-off per session, or none with ``--address``). Every condition must give the same value for
every row; the report says whether it did. Speed is measured here, never asserted in a test.

    medmirror bench engine                              # 40 rows of blind8 + blind10, extract mode (rules)
    medmirror bench engine --extractor llm --rows 10 --blank-rows 0    # one embedded-model call per row
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

from medmirror.bench.common import JsonlWriter, write_summary
from medmirror.bench.engine import EngineError, EngineRun, RowTask, import_ray, ray_session, run_rows
from medmirror.bench.medcalc import MedCalcRow, get_mode, make_row_fn, mode_error, read_medcalc_csv

DEFAULT_DATA = ("app/data/dev/blind8.csv", "app/data/dev/blind10.csv")


def slice_rows(paths: list[str], rows: int, mode: str) -> list[MedCalcRow]:
    """``rows`` rows spread over the files (every other row, alternating files), ids prefixed by file."""
    per = []
    for path in paths:
        got = read_medcalc_csv(path, get_mode(mode).required_columns)[::2]
        per.append([dataclasses.replace(r, id=f"{Path(path).stem}-{r.id}") for r in got])
    out: list[MedCalcRow] = []
    for i in range(max(len(p) for p in per)):
        out += [p[i] for p in per if i < len(p)]
    return out[:rows]


@dataclasses.dataclass(frozen=True)
class Blank:
    """An empty row: what is left of a row's cost is the engine's own (hand-over, pickling, round trip)."""

    id: str


def blank_fn(options: Any) -> Any:
    return lambda row: {"id": row.id, "got": None}


def blank_error(row: Blank, exc: BaseException) -> dict[str, Any]:
    return {"id": row.id, "error": str(exc)}


def figures(run: EngineRun) -> dict[str, Any]:
    """One condition's figures. Start-up: until every worker has delivered its first row (spawned, imported,
    function built, lazy imports paid); the steady state is the rows after that. ``busy``: time in the row
    function per row, without each worker's first row; ``dispatch``: worker-seconds per steady row outside it
    (handing the row over, pickling, the round trip)."""
    s, n, w = run.summary(), len(run.records), run.workers
    firsts: dict[Any, float] = {}
    for t, pid in run.arrivals:
        firsts.setdefault(pid, t)
    up = max(firsts.values()) if firsts else 0.0
    steady_rows = sum(1 for t, _ in run.arrivals if t > up)
    steady = max((t for t, _ in run.arrivals), default=0.0) - up  # to the last row (not the pool's shut-down)
    seen: set[Any] = set()
    later = []
    for r in run.records:
        pid = r["worker"].get("pid")
        if pid in seen:
            later.append(float(r["worker"].get("seconds") or 0.0))
        seen.add(pid)
    busy = sum(later) / len(later) if later else None
    per_row = w * steady / steady_rows if steady_rows and steady > 0 else None
    return {"engine": run.engine, "workers": w, "kind": run.kind, "rows": n, "wall_s": s["wall_s"],
            "startup_s": round(up, 3), "rows_per_min": round(60 * n / s["wall_s"], 1) if s["wall_s"] else None,
            "steady_rows_per_min": round(60 * steady_rows / steady, 1) if steady_rows and steady > 0 else None,
            "busy_s_per_row": None if busy is None else round(busy, 6),
            "dispatch_s_per_row": round(per_row - busy, 6) if None not in (per_row, busy) else None,
            "peak_rss_mb_per_worker": sorted(v["peak_rss_mb"] for v in s["per_worker"].values()),
            "retried": s["retried"], "load": run.note or None}


def measure(paths: list[str], rows: int = 40, mode: str = "extract", options: dict[str, Any] | None = None,
            workers: tuple[int, ...] = (1, 2), engines: tuple[str, ...] = ("local", "ray"),
            address: str | None = None, blank_rows: int = 0) -> dict[str, Any]:
    """The slice on every engine x workers; then ``blank_rows`` empty rows the same way (the engines' own
    cost per row, under ``overhead``)."""
    options = dict(options or {"extractor": "rules"})
    data = slice_rows(paths, rows, mode)
    task = RowTask(partial(make_row_fn, mode), options, partial(mode_error, mode))
    conditions: list[dict[str, Any]] = []
    values: dict[str, dict[str, Any]] = {}
    ray_start = None
    started = False
    overhead: list[dict[str, Any]] = []
    try:
        for engine in engines:
            if engine == "ray":
                import_ray()
                t0 = time.perf_counter()
                ray, started = ray_session(address)
                ray_start = round(time.perf_counter() - t0, 3)
            for w in workers:
                run = _timed(data, task, engine, w, address)
                values[f"{engine}-{w}"] = {str(r["id"]): r.get("got") for r in run.records}
                conditions.append(figures(run))
                if blank_rows:
                    blank = [Blank(f"b{i}") for i in range(blank_rows)]
                    overhead.append(figures(_timed(blank, RowTask(blank_fn, {}, blank_error), engine, w, address)))
    finally:
        if started:
            ray.shutdown()
    local = {c["workers"]: c for c in conditions if c["engine"] == "local"}
    for c in conditions:  # Ray's dispatch cost per row over the local engine's with as many workers
        base = local.get(c["workers"])
        if c["engine"] == "ray" and base and None not in (c["dispatch_s_per_row"], base["dispatch_s_per_row"]):
            c["ray_overhead_s_per_row"] = round(c["dispatch_s_per_row"] - base["dispatch_s_per_row"], 6)
    reference = next(iter(values.values()), {})
    return {"mode": mode, "data": paths, "rows": len(data), "options": options, "ray_cluster_start_s": ray_start,
            "conditions": conditions, "overhead": overhead,
            "identical_values": all(v == reference for v in values.values())}


def _timed(rows: list[Any], task: RowTask, engine: str, workers: int, address: str | None) -> EngineRun:
    """One condition; its note says the machine's load (1-minute average) before and after, since other
    processes sharing the cores change the figures."""
    before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp, JsonlWriter(Path(tmp) / "records.jsonl") as writer:
        run = run_rows(rows, task, writer, engine=engine, workers=workers, address=address, quiet=True)
    run.note = f"load {before:.2f} -> {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    return run


def render(report: dict[str, Any]) -> str:
    lines = [f"engine benchmark: {report['rows']} rows, mode {report['mode']} ({report['options']}), "
             f"Ray cluster start {report['ray_cluster_start_s']} s; identical values on every engine: "
             f"{report['identical_values']}",
             f"{'engine':<6} {'workers':>7} {'kind':<10} {'wall s':>7} {'start s':>7} {'rows/min':>9} "
             f"{'steady':>9} {'busy ms/row':>11} {'dispatch ms/row':>15} {'Ray +ms/row':>11}  peak RSS MB/worker"]
    ms = lambda v: "-" if v is None else f"{1000 * v:.2f}"  # noqa: E731
    for c in report["conditions"]:
        lines.append(f"{c['engine']:<6} {c['workers']:>7} {c['kind']:<10} {c['wall_s']:>7.2f} "
                     f"{c['startup_s'] or 0:>7.2f} {c['rows_per_min']:>9} {c['steady_rows_per_min'] or '-':>9} "
                     f"{ms(c['busy_s_per_row']):>11} {ms(c['dispatch_s_per_row']):>15} "
                     f"{ms(c.get('ray_overhead_s_per_row')):>11}  {c['peak_rss_mb_per_worker']}  ({c['load']})")
    for c in report.get("overhead") or []:
        lines.append(f"empty rows: {c['engine']:<5} {c['workers']} worker(s): {c['rows']} rows, start-up "
                     f"{c['startup_s']:.2f} s, then {c['steady_rows_per_min'] or '-'} rows/min, "
                     f"{ms(c['dispatch_s_per_row'])} ms of worker time per row outside the row function")
    return "\n".join(lines)


def run_cli(paths: list[str] | None, rows: int, mode: str, settings: dict[str, str], engines: list[str],
            address: str | None, out: Path | None, preset: str | None = None, blank_rows: int = 0,
            extractor: str = "rules") -> int:
    options: dict[str, Any] = {"settings": settings, "preset": preset}
    if mode == "extract":
        options["extractor"] = extractor
    try:
        report = measure(paths or list(DEFAULT_DATA), rows, mode, options, engines=tuple(engines), address=address,
                         blank_rows=blank_rows)
    except EngineError as exc:
        print(f"medmirror bench engine: error: {exc}")
        return 2
    print(render(report))
    if out:
        write_summary(out, report)
        print(f"report: {out}")
    return 0
