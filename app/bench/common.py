"""Infrastructure shared by every benchmark runner.

* :class:`JsonlWriter` appends one JSON record per line and flushes after each, so a
  killed run loses at most the record being written;
* :func:`load_records` / :func:`done_ids` read an existing output back (a truncated
  last line from a kill is dropped and repaired) so a run can **resume**;
* :func:`run_items` maps a ``item -> record`` function over items, sequentially or on
  a thread pool (``concurrency``), writing each record as it finishes, with a tqdm
  progress bar on a terminal, or one progress line every 1/20 of the rows and every 30 s when
  stderr is a file or a pipe (:class:`ProgressLines`; nothing when ``quiet``);
* :func:`accuracy_by`, :func:`format_table`, :func:`write_summary` and
  :func:`plot_accuracy` turn records into a summary, a printed table and a PNG bar
  chart (matplotlib only when importable; otherwise the summary says why there is no plot).
"""

from __future__ import annotations

import json
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from datetime import datetime
from pathlib import Path
from typing import Any

Record = dict[str, Any]


# ---------------------------------------------------------------------------
# Output directory
# ---------------------------------------------------------------------------


def default_out_dir(benchmark: str, mode: str, root: str | Path = "runs", now: datetime | None = None) -> Path:
    """``runs/<benchmark>-<mode>-<YYYYmmdd-HHMMSS>/``."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return Path(root) / f"{benchmark}-{mode}-{stamp}"


# ---------------------------------------------------------------------------
# JSONL
# ---------------------------------------------------------------------------


def _json_default(obj: Any) -> Any:
    if hasattr(obj, "isoformat"):
        return obj.isoformat()
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    return str(obj)


def _finite(obj: Any) -> Any:
    """Replace non-finite floats (not valid JSON) by their string form, recursively."""
    if isinstance(obj, float) and not math.isfinite(obj):
        return str(obj)
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj


def _repair_tail(path: Path) -> None:
    """Drop a partial last line (no trailing newline) left by a killed writer."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb+") as fh:
        fh.seek(-1, os.SEEK_END)
        if fh.read(1) == b"\n":
            return
        fh.seek(0)
        data = fh.read()
        cut = data.rfind(b"\n") + 1  # 0 when there is no complete line at all
        fh.seek(cut)
        fh.truncate()


class JsonlWriter:
    """Append records to a JSONL file, one line each, flushed per record. Thread-safe."""

    def __init__(self, path: str | Path, *, fsync: bool = False):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        _repair_tail(self.path)
        self._fh = self.path.open("a", encoding="utf-8")
        self._lock = threading.Lock()
        self._fsync = fsync
        self.written = 0

    def write(self, record: Record) -> None:
        try:
            line = json.dumps(record, ensure_ascii=False, default=_json_default, allow_nan=False)
        except ValueError:  # NaN/inf somewhere: keep the record, as strings
            line = json.dumps(_finite(record), ensure_ascii=False, default=_json_default, allow_nan=False)
        with self._lock:
            self._fh.write(line + "\n")
            self._fh.flush()
            if self._fsync:
                os.fsync(self._fh.fileno())
            self.written += 1

    def close(self) -> None:
        with self._lock:
            if not self._fh.closed:
                self._fh.close()

    def __enter__(self) -> JsonlWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def load_records(path: str | Path) -> list[Record]:
    """Records of a JSONL file (missing file -> []). Unparseable lines are skipped."""
    p = Path(path)
    if not p.exists():
        return []
    out: list[Record] = []
    with p.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                continue  # a line cut short by a kill
            if isinstance(rec, dict):
                out.append(rec)
    return out


def done_ids(path: str | Path) -> set[str]:
    """Ids (as strings) of the records already in a JSONL file."""
    return {str(r["id"]) for r in load_records(path) if "id" in r}


# ---------------------------------------------------------------------------
# Running items
# ---------------------------------------------------------------------------


PROGRESS_EVERY_SECONDS = 30.0  # a progress line at least this often when stderr is not a terminal ...
PROGRESS_LINES = 20  # ... and every 1/20 of the rows


def duration_text(seconds: float) -> str:
    """Seconds as '45s', '6m20s', '1h05m'."""
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m" if h else f"{m}m{s:02d}s" if m else f"{s}s"


class ProgressLines:
    """Progress for a log file or a pipe, where tqdm does not draw: one line on stderr every ``every`` rows and
    at least every ``seconds`` (0: no timed lines; from a timer thread, so a slow row still shows the run is
    alive), e.g.
    ``medcalc agent: 40/200 rows (20%) in 1m05s, 0.62 rows/s, ETA 4m18s``. Same interface as the tqdm bar
    the runners use (``update``, ``close``, a context manager)."""

    def __init__(self, total: int, desc: str, *, out: Any = None, every: int | None = None,
                 seconds: float = PROGRESS_EVERY_SECONDS, clock: Callable[[], float] | None = None):
        self.total, self.desc, self.out = total, desc, out or sys.stderr
        self.every = every or max(1, math.ceil(total / PROGRESS_LINES))
        self.seconds, self.clock = seconds, clock or time.monotonic
        self.n = 0
        self.start = self.last = self.clock()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._timer: threading.Thread | None = None
        if seconds > 0 and total > 0:
            self._timer = threading.Thread(target=self._tick, name="progress-lines", daemon=True)
            self._timer.start()

    def line(self) -> str:
        elapsed = max(self.clock() - self.start, 1e-9)
        pct = f" ({100 * self.n / self.total:.0f}%)" if self.total else ""
        text = f"{self.desc}: {self.n}/{self.total} rows{pct} in {duration_text(elapsed)}"
        if self.n:
            rate = self.n / elapsed
            text += f", {rate:.2f} rows/s" if rate >= 0.1 else f", {elapsed / self.n:.0f} s/row"
            if self.n < self.total:
                text += f", ETA {duration_text((self.total - self.n) / rate)}"
        return text

    def _emit(self) -> None:
        self.last = self.clock()
        print(self.line(), file=self.out, flush=True)

    def _tick(self) -> None:
        while not self._stop.wait(self.seconds / 3):
            with self._lock:
                if self.clock() - self.last >= self.seconds:
                    self._emit()

    def update(self, n: int = 1) -> None:
        with self._lock:
            self.n += n
            if (self.n % self.every == 0 or self.n >= self.total
                    or 0 < self.seconds <= self.clock() - self.last):
                self._emit()

    def close(self) -> None:
        self._stop.set()
        if self._timer is not None and self._timer is not threading.current_thread():
            self._timer.join(timeout=1)

    def __enter__(self) -> ProgressLines:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def progress_bar(total: int, desc: str, quiet: bool = False) -> Any:
    """Progress on stderr: a tqdm bar on a terminal, :class:`ProgressLines` otherwise (a log file, a pipe,
    a notebook's captured stderr); nothing when quiet."""
    from tqdm import tqdm

    terminal = hasattr(sys.stderr, "isatty") and sys.stderr.isatty()
    if not quiet and not terminal:
        return ProgressLines(total, desc)
    return tqdm(total=total, desc=desc, unit="row", disable=quiet, file=sys.stderr, dynamic_ncols=True)


def run_items(
    items: Sequence[Any],
    fn: Callable[[Any], Record],
    writer: JsonlWriter,
    *,
    on_error: Callable[[Any, BaseException], Record],
    concurrency: int = 1,
    desc: str = "bench",
    quiet: bool = False,
) -> list[Record]:
    """Map ``fn`` over ``items``; write each record as soon as it is ready.

    ``fn`` should catch its own per-item failures; anything it raises anyway
    (``Exception``) becomes ``on_error(item, exc)`` so one bad item never stops a
    run. With ``concurrency > 1`` items run on a thread pool and records are
    written in completion order. On KeyboardInterrupt pending items are
    cancelled; records already written stay on disk for a resume.
    """
    if concurrency < 1:
        raise ValueError(f"concurrency must be >= 1, got {concurrency}")
    records: list[Record] = []

    def safe(item: Any) -> Record:
        try:
            return fn(item)
        except Exception as exc:  # noqa: BLE001 - turned into a record, never swallowed silently
            return on_error(item, exc)

    with progress_bar(len(items), desc, quiet) as bar:
        if concurrency == 1:
            for item in items:
                rec = safe(item)
                writer.write(rec)
                records.append(rec)
                bar.update(1)
            return records
        pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="bench")
        try:
            pending: set[Future[Record]] = set()
            it = iter(items)
            # Keep a bounded number of submitted items so a cancel leaves little queued.
            for item in _take(it, concurrency * 2):
                pending.add(pool.submit(safe, item))
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    rec = fut.result()
                    writer.write(rec)
                    records.append(rec)
                    bar.update(1)
                for item in _take(it, len(finished)):
                    pending.add(pool.submit(safe, item))
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
    return records


def _take(it: Iterable[Any], n: int) -> list[Any]:
    out = []
    for item in it:
        out.append(item)
        if len(out) >= n:
            break
    return out


# ---------------------------------------------------------------------------
# Summaries, tables, plots
# ---------------------------------------------------------------------------


def accuracy(n_correct: int, n: int) -> float | None:
    return n_correct / n if n else None


def accuracy_by(records: Iterable[Record], key: Callable[[Record], str], order: Sequence[str] = ()) -> dict[str, dict[str, Any]]:
    """``{group: {"n", "correct", "accuracy", "errors"}}``; groups in ``order`` first, then sorted."""
    groups: dict[str, dict[str, Any]] = {}
    for rec in records:
        g = groups.setdefault(key(rec), {"n": 0, "correct": 0, "errors": 0})
        g["n"] += 1
        g["correct"] += bool(rec.get("correct"))
        g["errors"] += bool(rec.get("error"))
    for g in groups.values():
        g["accuracy"] = accuracy(g["correct"], g["n"])
    known = [k for k in order if k in groups]
    rest = sorted((k for k in groups if k not in set(order)), key=_natural_key)
    return {k: groups[k] for k in [*known, *rest]}


def _natural_key(s: str) -> tuple[Any, ...]:
    head = s.split(" ", 1)[0]
    return (0, int(head), s) if head.isdigit() else (1, 0, s)


def _pct(v: float | None) -> str:
    return "-" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{100 * v:.1f}%"


def format_table(title: str, groups: dict[str, dict[str, Any]], *, label: str, total: dict[str, Any] | None = None) -> str:
    """A fixed-width table: label, n, correct, accuracy, errors (and an 'overall' line)."""
    rows = [(k, g) for k, g in groups.items()]
    if total is not None:
        rows.append(("overall", total))
    width = max([len(label), *(len(k) for k, _ in rows)]) if rows else len(label)
    width = min(width, 60)
    lines = [title, f"{label:<{width}}  {'n':>5}  {'correct':>7}  {'accuracy':>8}  {'errors':>6}"]
    lines.append("-" * len(lines[-1]))
    for k, g in rows:
        name = k if len(k) <= width else k[: width - 1] + "…"
        lines.append(f"{name:<{width}}  {g['n']:>5}  {g['correct']:>7}  {_pct(g['accuracy']):>8}  {g.get('errors', 0):>6}")
    return "\n".join(lines)


def counts_text(counts: dict[str, Any] | None) -> str:
    """Counts for a printed line: ``{'answered': 3, 'refused': 1}`` -> ``answered 3, refused 1`` ('-' if none)."""
    return ", ".join(f"{k} {v}" for k, v in (counts or {}).items()) or "-"


def write_summary(path: str | Path, summary: dict[str, Any]) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_text(json.dumps(summary, indent=2, ensure_ascii=False, default=_json_default) + "\n", encoding="utf-8")
    tmp.replace(p)
    return p


def save_figure(path: str | Path, draw: Callable[[Any], Any], size: tuple[float, float],
                dpi: int = 120) -> tuple[Path | None, str | None]:
    """Draw on a new ``matplotlib.figure.Figure`` (``draw(fig)``) and save it as PNG with the Agg canvas.

    The object-oriented API, not pyplot: no global backend is switched (``matplotlib.use("Agg", force=True)``
    switched a notebook kernel's inline backend and its later plots vanished) and no figure is registered
    with pyplot. Returns ``(path, None)``, or ``(None, reason)`` when matplotlib is not importable."""
    try:
        import matplotlib  # noqa: F401 - first: the package itself may be missing when its submodules are cached
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as exc:
        return None, f"matplotlib is not importable ({exc})"
    fig = Figure(figsize=size)
    FigureCanvasAgg(fig)
    draw(fig)
    fig.tight_layout()
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(p, dpi=dpi)
    return p, None


def plot_accuracy(path: str | Path, groups: dict[str, dict[str, Any]], title: str) -> tuple[Path | None, str | None]:
    """Bar chart of accuracy per group as PNG. Returns ``(path, None)`` or ``(None, reason)``."""
    labels = list(groups)
    if not labels:
        return None, "plot skipped: no records"
    values = [100 * (groups[k]["accuracy"] or 0.0) for k in labels]

    def draw(fig: Any) -> None:
        ax = fig.add_subplot(1, 1, 1)
        bars = ax.bar(labels, values, color="#4C72B0")
        for bar, k in zip(bars, labels):
            g = groups[k]
            ax.annotate(f"{g['correct']}/{g['n']}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                        ha="center", va="bottom", fontsize=8)
        ax.set_ylim(0, 105)
        ax.set_ylabel("accuracy (%)")
        ax.set_title(title, fontsize=10)
        ax.tick_params(axis="x", labelrotation=30)

    saved, why = save_figure(path, draw, (max(4.0, 0.9 * len(labels) + 1.5), 3.6))
    return saved, (f"plot skipped: {why}" if why else None)
