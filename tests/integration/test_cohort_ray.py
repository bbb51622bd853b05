"""The cohort on a local Ray cluster started here (2 CPUs, no dashboard), shut down at the end: the same
per-patient results as one local process, and a Ray worker that dies has its row retried once (by Ray's
actor restart), reported, and written once. Skipped with the reason when Ray is not installed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import medmirror.cohort as cohort
from medmirror.bench.common import load_records
from medmirror.bench.engine import DIE_ONCE_ENV, EngineError
from tests.unit.test_cohort import SPEC, per_patient, write_notes

ray = pytest.importorskip("ray", reason="the Ray engine's tests need Ray: pip install 'medmirror[ray]'")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory):
    marker = tmp_path_factory.mktemp("ray") / "died-once"
    os.environ[DIE_ONCE_ENV] = f"p4:{marker}"  # the Ray workers inherit it: p4's first worker exits
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)  # a new cluster, ours
    try:
        yield marker
    finally:
        ray.shutdown()
        os.environ.pop(DIE_ONCE_ENV, None)


def test_ray_gives_the_local_results_and_retries_a_dead_worker_once(tmp_path: Path, cluster: Path) -> None:
    patients = cohort.read_folder(write_notes(tmp_path / "notes"))
    local = tmp_path / "local"
    cohort.run_cohort(patients, local, SPEC, quiet=True)  # one process: the hook fires in workers only
    out = tmp_path / "ray"
    summary = cohort.run_cohort(patients, out, SPEC, engine="ray", workers=2, quiet=True)
    assert per_patient(out) == per_patient(local)
    assert cluster.exists()  # the worker running p4 did die
    assert summary["run"]["kind"] == "ray" and summary["run"]["retried"] == ["p4"] and summary["run"]["lost"] == []
    records = load_records(out / cohort.RECORDS_FILE)
    assert sorted(r["id"] for r in records) == ["p1", "p2", "p3", "p4", "p5", "p6"]  # written once each
    assert next(r for r in records if r["id"] == "p4")["worker"]["attempt"] == 2
    assert "retried after a worker died: p4" in (out / cohort.REPORT_FILE).read_text(encoding="utf-8")
    # a resume on Ray skips everything already in the store
    again = cohort.run_cohort(patients, out, SPEC, engine="ray", workers=2, quiet=True)
    assert again["rows_run"] == 0 and len(load_records(out / cohort.RECORDS_FILE)) == 6


def test_more_workers_than_cluster_cpus_is_one_line_error(tmp_path: Path, cluster: Path) -> None:
    patients = cohort.read_folder(write_notes(tmp_path / "notes"))
    with pytest.raises(EngineError, match=r"--workers 3 but the Ray cluster has 2 CPU\(s\)"):
        cohort.run_cohort(patients, tmp_path / "o", SPEC, engine="ray", workers=3, quiet=True)
