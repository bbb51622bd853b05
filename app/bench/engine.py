"""One execution layer for bench, experiment and cohort runs: the same rows on one of two engines.

* ``local``: one process (``workers=1``); a thread pool when every model is a remote server
  (``threads=True``: the process only waits on HTTP); otherwise a pool of worker processes
  (``concurrent.futures.ProcessPoolExecutor``, spawn context), each building its row function once
  (its own embedded model, with ``MEDMIRROR_N_THREADS = os.cpu_count() // workers``).
* ``ray``: an actor pool on a Ray cluster (a local one started here, or ``address``): each actor
  builds the row function once (one model per actor, one CPU and one llama.cpp thread reserved),
  takes one row at a time, and results stream back with ``ray.wait``. Ray restarts an actor
  that dies (``max_restarts``); Ray is the scheduler, this module only hands out rows.

Whatever the engine, the driver alone writes records, each as soon as it arrives, to the run's
JSONL store (:class:`medmirror.bench.common.JsonlWriter`), and a row id is written at most once
(ids already in the store are skipped by the caller; a duplicate arrival is dropped here), so a
killed run loses at most the rows in flight and a resume never counts a row twice. A worker that
dies (its process exits, the OOM killer, a crash in native code) has the rows it was running
retried once; a second death of the same row becomes that row's error record. Retries are
reported in :class:`EngineRun` (and by the callers in their summaries).

A row is any picklable object with an ``id``; the row function is built by ``task.factory(
task.options)`` in each worker, so the factory must be a module-level callable (or a
``functools.partial`` of one) and the options picklable: models given as Python objects cannot
cross a process boundary (callers run those in one process).

Test hook: ``MEDMIRROR_TEST_DIE_ONCE=ROW_ID:MARKER_FILE`` makes a *worker* (never the driver) exit
abruptly the first time it starts row ``ROW_ID`` (the marker file records that it did); the tests
set it to check the retry, nothing else does.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import nullcontext
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from medmirror.bench.common import JsonlWriter, Record, progress_bar, run_items

ENGINES = ("local", "ray")
DIE_ONCE_ENV = "MEDMIRROR_TEST_DIE_ONCE"
RAY_MISSING = "the Ray engine needs Ray: pip install 'medmirror[ray]' (or pip install 'ray>=2.9')"


class EngineError(RuntimeError):
    """A run the engine cannot start or continue (Ray missing, a worker that cannot build its function)."""


@dataclass(frozen=True)
class RowTask:
    """What a worker runs: ``factory(options)`` builds the ``row -> record`` function once per worker;
    ``on_error(row, exc)`` turns anything the function raises anyway into that row's record."""

    factory: Callable[[Mapping[str, Any]], Callable[[Any], Record]]
    options: Mapping[str, Any]
    on_error: Callable[[Any, BaseException], Record]


@dataclass
class EngineRun:
    """What a run did: the new records (arrival order), rows retried after a worker died, rows lost
    twice, and per worker (pid) the rows it ran and its peak resident memory."""

    engine: str
    workers: int
    kind: str  # "sequential" | "threads" | "processes" | "ray"
    records: list[Record] = field(default_factory=list)
    retried: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    per_worker: dict[str, dict[str, Any]] = field(default_factory=dict)
    wall_s: float = 0.0
    first_s: float | None = None  # start-up: until the first record arrived (workers spawned, functions built)
    arrivals: list[tuple[float, Any]] = field(default_factory=list)  # (seconds since start, worker pid) per record
    note: str = ""

    def summary(self) -> dict[str, Any]:
        busy = sum(float((r.get("worker") or {}).get("seconds") or 0.0) for r in self.records)
        return {"engine": self.engine, "workers": self.workers, "kind": self.kind, "rows": len(self.records),
                "retried": self.retried, "lost": self.lost, "wall_s": round(self.wall_s, 3),
                "first_s": None if self.first_s is None else round(self.first_s, 3),
                "busy_s": round(busy, 3), "per_worker": self.per_worker, "note": self.note or None}


def row_id(row: Any) -> str:
    return str(row.id)


def peak_rss_mb() -> float:
    """This process's peak resident set size in MB: Linux's ``VmHWM`` (the peak of this program's memory, reset
    by ``exec``), else ``ru_maxrss`` (KB on Linux, bytes on macOS). ``ru_maxrss`` survives ``exec``, so a worker
    spawned by a driver that holds a model would report the driver's size, not its own."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def _die_if_asked(rid: str) -> None:
    """The test hook (see the module docstring); called in workers only."""
    spec = os.environ.get(DIE_ONCE_ENV, "")
    target, sep, marker = spec.partition(":")
    if sep and target == rid:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)  # atomic: only the first attempt dies
        except FileExistsError:
            return
        os.close(fd)
        os._exit(70)


def call_row(fn: Callable[[Any], Record], on_error: Callable[[Any, BaseException], Record], row: Any,
             *, attempt: int = 1, in_worker: bool = False) -> Record:
    """Run one row; its record gets ``worker`` (pid, seconds in the function, peak RSS, attempt)."""
    if in_worker:
        _die_if_asked(row_id(row))
    t0 = time.perf_counter()
    try:
        rec = fn(row)
    except Exception as exc:  # noqa: BLE001 - becomes the row's record, never stops the run
        rec = on_error(row, exc)
    rec["worker"] = {"pid": os.getpid(), "seconds": round(time.perf_counter() - t0, 6), "peak_rss_mb": peak_rss_mb(),
                     "attempt": attempt}
    return rec


def died_record(task: RowTask, row: Any, why: str) -> Record:
    rec = task.on_error(row, EngineError(f"the worker running this row died twice ({why}); not retried again"))
    rec["worker"] = {"attempt": 2, "died": True}
    return rec


# ---------------------------------------------------------------------------
# Local processes
# ---------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(task: RowTask, n_threads: int) -> None:
    """Process-pool initializer: the worker's thread budget, then its row function (built once)."""
    os.environ.setdefault("MEDMIRROR_N_THREADS", str(n_threads))
    try:
        _WORKER["fn"] = task.factory(task.options)
    except Exception as exc:  # noqa: BLE001 - reported by the first row the worker takes
        _WORKER["init_error"] = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
    _WORKER["task"] = task


def _work(row: Any, attempt: int) -> Record:
    if "init_error" in _WORKER:
        raise EngineError(f"a worker could not build its row function: {_WORKER['init_error']}")
    return call_row(_WORKER["fn"], _WORKER["task"].on_error, row, attempt=attempt, in_worker=True)


def threads_per_worker(workers: int) -> int:
    return max(1, (os.cpu_count() or 1) // max(1, workers))


def _run_processes(rows: Sequence[Any], task: RowTask, workers: int, emit: Callable[[Record], None],
                   run: EngineRun) -> None:
    ctx = get_context("spawn")
    queue: list[tuple[Any, int]] = [(r, 1) for r in rows]
    queue.reverse()  # pop() from the end keeps the rows' order
    while queue:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init_worker,
                                   initargs=(task, threads_per_worker(workers)))
        inflight: dict[Future[Record], tuple[Any, int]] = {}
        broken = False
        try:
            while queue or inflight:
                while queue and len(inflight) < workers and not broken:  # one row per worker: a death loses few
                    row, attempt = queue.pop()
                    inflight[pool.submit(_work, row, attempt)] = (row, attempt)
                if not inflight:
                    break
                finished, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
                for fut in finished:
                    row, attempt = inflight.pop(fut)
                    try:
                        emit(fut.result())
                    except BrokenProcessPool:
                        broken = True
                        _requeue(task, row, attempt, "its process exited", queue, emit, run)
                if broken:  # every row still in flight was lost with the pool
                    for fut, (row, attempt) in list(inflight.items()):
                        if fut.done() and fut.exception() is None:
                            emit(fut.result())
                        else:
                            _requeue(task, row, attempt, "its process exited", queue, emit, run)
                    inflight.clear()
                    break
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=not broken, cancel_futures=True)


def _requeue(task: RowTask, row: Any, attempt: int, why: str, queue: list[tuple[Any, int]],
             emit: Callable[[Record], None], run: EngineRun) -> None:
    """A row whose worker died: once more (reported in ``run.retried``), or its error record (``run.lost``)."""
    rid = row_id(row)
    if attempt == 1:
        run.retried.append(rid)
        queue.append((row, 2))
    else:
        run.lost.append(rid)
        emit(died_record(task, row, why))


# ---------------------------------------------------------------------------
# Ray
# ---------------------------------------------------------------------------


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise EngineError(RAY_MISSING) from None
    return ray


class RayRowWorker:
    """A Ray actor: builds the row function once (one model per actor), then runs one row per call. Ray
    restarts it when its process dies and runs the call it lost once more (``max_task_retries=1``); the
    first call a restarted actor runs is that retry, and its record says so (``attempt`` 2)."""

    def __init__(self, task: RowTask, n_threads: int):
        import ray

        os.environ.setdefault("MEDMIRROR_N_THREADS", str(n_threads))
        self.task = task
        self.init_error = ""
        self.restarted = bool(ray.get_runtime_context().was_current_actor_reconstructed)
        try:
            self.fn = task.factory(task.options)
        except Exception as exc:  # noqa: BLE001 - reported with the first row
            self.init_error = f"{type(exc).__name__}: {' '.join(str(exc).split())}"

    def run(self, row: Any) -> Record:
        if self.init_error:
            raise EngineError(f"a Ray worker could not build its row function: {self.init_error}")
        attempt = 2 if self.restarted else 1
        self.restarted = False
        return call_row(self.fn, self.task.on_error, row, attempt=attempt, in_worker=True)


def ray_session(address: str | None, num_cpus: int | None = None) -> tuple[Any, bool]:
    """Ray, connected: an already initialised session as it is, else ``ray.init`` (``address``: an existing
    cluster such as ``ray://head:10001`` or ``auto``; none: a local cluster). Returns (ray, started_here)."""
    ray = import_ray()
    if ray.is_initialized():
        return ray, False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # offline: no usage report
    # an existing cluster is taken as it is; a local one is started without the dashboard
    kwargs: dict[str, Any] = {"address": address} if address else {
        "address": "local", "include_dashboard": False, "log_to_driver": False}  # "local": never another's cluster
    if num_cpus and not address:
        kwargs["num_cpus"] = num_cpus
    try:
        ray.init(**kwargs)
    except Exception as exc:  # noqa: BLE001 - one line: the cluster cannot be reached or started
        raise EngineError(f"cannot start or reach the Ray cluster{f' at {address}' if address else ''}: "
                          f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}") from None
    return ray, True


def _run_ray(rows: Sequence[Any], task: RowTask, workers: int, address: str | None,
             emit: Callable[[Record], None], run: EngineRun) -> None:
    ray, started = ray_session(address)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if workers > cpus:
            raise EngineError(f"--workers {workers} but the Ray cluster has {cpus} CPU(s): each worker reserves one")
        actor_cls = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=1)(RayRowWorker)
        actors = [actor_cls.remote(task, 1) for _ in range(workers)]
        died = (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError)
        queue = list(reversed(rows))
        idle = list(actors)
        inflight: dict[Any, tuple[Any, Any]] = {}
        while queue or inflight:
            while queue and idle:  # one row per actor at a time
                row, actor = queue.pop(), idle.pop()
                inflight[actor.run.remote(row)] = (actor, row)
            ready, _ = ray.wait(list(inflight), num_returns=1)
            for ref in ready:
                actor, row = inflight.pop(ref)
                idle.append(actor)
                try:
                    rec = ray.get(ref)
                except died as exc:  # Ray restarted the actor and retried the row once already
                    _requeue(task, row, 2, f"Ray: {type(exc).__name__}", queue, emit, run)
                    continue
                except ray.exceptions.RayTaskError as exc:
                    if isinstance(getattr(exc, "cause", None), EngineError):
                        raise exc.cause from None
                    rec = task.on_error(row, exc)
                if (rec.get("worker") or {}).get("attempt") == 2:
                    run.retried.append(row_id(row))
                emit(rec)
        for actor in actors:
            ray.kill(actor)
    finally:
        if started:
            ray.shutdown()


# ---------------------------------------------------------------------------
# The entry point
# ---------------------------------------------------------------------------


def plan_kind(engine: str, workers: int, threads: bool) -> str:
    if engine not in ENGINES:
        raise EngineError(f"unknown engine {engine!r}; one of {', '.join(ENGINES)}")
    if workers < 1:
        raise EngineError(f"--workers must be >= 1, got {workers}")
    if engine == "ray":
        return "ray"
    if workers == 1:
        return "sequential"
    return "threads" if threads else "processes"


def run_rows(rows: Sequence[Any], task: RowTask, writer: JsonlWriter, *, engine: str = "local", workers: int = 1,
             address: str | None = None, threads: bool = False, desc: str = "rows", quiet: bool = False,
             progress: Any = None) -> EngineRun:
    """Run ``rows`` on the engine and write each record to ``writer`` as it arrives (each id once).

    ``threads``: the row function only waits on remote servers, so a local run uses a thread pool of
    ``workers`` (one function shared) instead of processes. ``progress``: an object with ``update(n)``
    (and a context manager), default a tqdm bar on a terminal. Returns what ran (:class:`EngineRun`).
    """
    kind = plan_kind(engine, workers, threads)
    run = EngineRun(engine=engine, workers=workers, kind=kind)
    seen: set[str] = set()
    t0 = time.perf_counter()
    owned = progress is None  # a caller's progress object is entered (and closed) by the caller
    bar = progress_bar(len(rows), desc, quiet) if owned else progress

    def emit(rec: Record) -> None:
        rid = str(rec.get("id"))
        if rid in seen:  # idempotent: a row id is written once
            return
        seen.add(rid)
        now = time.perf_counter() - t0
        if run.first_s is None:
            run.first_s = now
        run.arrivals.append((now, (rec.get("worker") or {}).get("pid")))
        writer.write(rec)
        run.records.append(rec)
        w = rec.get("worker") or {}
        if w.get("pid") is not None:
            slot = run.per_worker.setdefault(str(w["pid"]), {"rows": 0, "peak_rss_mb": 0.0, "busy_s": 0.0})
            slot["rows"] += 1
            slot["peak_rss_mb"] = max(slot["peak_rss_mb"], float(w.get("peak_rss_mb") or 0.0))
            slot["busy_s"] = round(slot["busy_s"] + float(w.get("seconds") or 0.0), 6)
        bar.update(1)

    with bar if owned else nullcontext():
        if not rows:  # nothing left (a finished resume): no worker is started
            pass
        elif kind in ("sequential", "threads"):
            fn = task.factory(task.options)

            class _Emit:  # run_items writes through a writer; route it through emit (ids once)
                def write(self, rec: Record) -> None:
                    emit(rec)

            run_items(rows, lambda row: call_row(fn, task.on_error, row), _Emit(),  # type: ignore[arg-type]
                      on_error=task.on_error, concurrency=workers if kind == "threads" else 1, quiet=True)
        elif kind == "processes":
            _run_processes(rows, task, workers, emit, run)
        else:
            _run_ray(rows, task, workers, address, emit, run)
    run.wall_s = time.perf_counter() - t0
    return run


class PeriodicProgress:
    """Progress for a run: a tqdm bar on a terminal; otherwise a line on stderr every ``every_s`` seconds
    and at the end (done/total, rows per minute), so a log shows a long run moving."""

    def __init__(self, total: int, desc: str, *, quiet: bool = False, every_s: float = 30.0, out: Any = None):
        self.total, self.desc, self.quiet, self.every_s = total, desc, quiet, every_s
        self.out = out or sys.stderr
        self.tty = hasattr(self.out, "isatty") and self.out.isatty()
        self.bar = progress_bar(total, desc, quiet) if self.tty else None
        self.done = 0
        self.t0 = self.last = time.monotonic()

    def __enter__(self) -> PeriodicProgress:
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()
        elif not self.quiet and self.total and exc_type is None:
            self._line()

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif not self.quiet and time.monotonic() - self.last >= self.every_s:
            self._line()

    def _line(self) -> None:
        self.last = time.monotonic()
        minutes = max(1e-9, (self.last - self.t0) / 60)
        print(f"{self.desc}: {self.done}/{self.total} rows, {self.done / minutes:.1f} rows/min", file=self.out,
              flush=True)

