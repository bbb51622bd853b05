"""bench medcalc and bench engine on the execution layer (medmirror.bench.engine): worker processes give the
rows' records of one process; Python model objects are refused for workers; the benchmark's report."""

from __future__ import annotations

import sys
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest

from medmirror.bench.common import load_records
from medmirror.bench.engine import EngineError, peak_rss_mb, plan_kind
from medmirror.bench.engine_bench import measure, slice_rows
from medmirror.bench.medcalc import BenchError, run_medcalc

DATA = Path(__file__).resolve().parents[2] / "app" / "data" / "dev"
SAME = ("id", "got", "correct", "error", "error_stage", "expected", "params")


def _records(out: Path) -> dict[str, dict]:
    return {r["id"]: {k: r.get(k) for k in SAME} for r in load_records(out / "records.jsonl")}


@pytest.mark.slow
def test_bench_medcalc_on_worker_processes_matches_one_process(tmp_path: Path) -> None:
    opts = {"extractor": "rules"}
    one = run_medcalc(DATA / "blind8.csv", "extract", limit=8, out_dir=tmp_path / "one", quiet=True, plot=False,
                      options=opts, echo=lambda _: None)
    two = run_medcalc(DATA / "blind8.csv", "extract", limit=8, out_dir=tmp_path / "two", quiet=True, plot=False,
                      options=opts, echo=lambda _: None, workers=2)
    assert _records(tmp_path / "one") == _records(tmp_path / "two") and len(_records(tmp_path / "two")) == 8
    assert (one["correct"], one["engine"]) == (two["correct"], None)
    assert two["engine"]["kind"] == "processes" and two["engine"]["rows"] == 8


def test_python_models_cannot_go_to_worker_processes(tmp_path: Path) -> None:
    with pytest.raises(BenchError, match="models given as Python objects cannot cross a process boundary"):
        run_medcalc(DATA / "blind8.csv", "gold", limit=2, out_dir=tmp_path, quiet=True, plot=False,
                    options={"models": object()}, echo=lambda _: None, workers=2)


def test_engine_kinds() -> None:
    assert plan_kind("local", 1, False) == "sequential"
    assert plan_kind("local", 3, True) == "threads"
    assert plan_kind("local", 2, False) == "processes"
    assert plan_kind("ray", 1, False) == "ray"
    with pytest.raises(EngineError, match="unknown engine 'dask'"):
        plan_kind("dask", 2, False)


def test_benchmark_slice_alternates_files_with_distinct_ids_and_reports_conditions() -> None:
    rows = slice_rows([str(DATA / "blind8.csv"), str(DATA / "blind10.csv")], 6, "extract")
    assert [r.id.split("-")[0] for r in rows] == ["blind8", "blind10"] * 3
    assert len({r.id for r in rows}) == 6
    report = measure([str(DATA / "blind8.csv")], rows=5, workers=(1,), engines=("local",))
    (cond,) = report["conditions"]
    assert (cond["engine"], cond["workers"], cond["rows"], report["identical_values"]) == ("local", 1, 5, True)
    assert cond["rows_per_min"] > 0 and cond["busy_s_per_row"] is not None
    assert cond["load"].startswith("load ")  # the machine's load beside the figures


def test_ray_engine_without_ray_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(BenchError, match=r"pip install 'medmirror\[ray\]'"):
        run_medcalc(DATA / "blind8.csv", "gold", limit=2, out_dir=tmp_path, quiet=True, plot=False,
                    echo=lambda _: None, engine="ray")


def _child_peak(q: Any) -> None:
    q.put(peak_rss_mb())


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmHWM is Linux's")
def test_a_spawned_workers_peak_memory_is_its_own_not_the_drivers() -> None:
    """ru_maxrss survives exec, so a worker spawned by a driver holding 300 MB said 300 MB; VmHWM does not."""
    big = bytearray(300 * 1024 * 1024)
    for i in range(0, len(big), 4096):
        big[i] = 1  # touched: resident
    ctx = get_context("spawn")
    q = ctx.Queue()
    proc = ctx.Process(target=_child_peak, args=(q,))
    proc.start()
    child = q.get(timeout=120)
    proc.join()
    assert peak_rss_mb() >= 300 and child < 200, (peak_rss_mb(), child)
    del big
