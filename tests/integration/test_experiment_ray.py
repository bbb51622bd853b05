"""`medmirror experiment` on a local Ray cluster started here (2 CPUs, no dashboard): the example file's
conditions on the small scripted slice give the same per-row results as one local process, and a resume on
Ray runs nothing twice. Skipped with the reason when Ray is not installed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from medmirror.bench.common import load_records
from medmirror.bench.experiment import run_experiment
from tests.unit.test_experiment_engine import example_on_slice, per_row

ray = pytest.importorskip("ray", reason="the Ray engine's tests need Ray: pip install 'medmirror[ray]'")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster():
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)  # a new cluster, ours
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_rows_of_one_process_and_resumes_without_duplicates(tmp_path: Path, cluster: None) -> None:
    one = example_on_slice(tmp_path, "one")
    run_experiment(one, echo=lambda _: None)
    on_ray = example_on_slice(tmp_path, "ray")
    lines: list[str] = []
    result = run_experiment(on_ray, echo=lines.append, engine="ray", workers=2)
    assert per_row(on_ray) == per_row(one) and len(per_row(one)) == 42
    assert "on the ray engine: 2 Ray actor(s)" in lines[1]
    assert all(s["concurrency_reason"].startswith("ray") for s in result["subruns"])
    again = run_experiment(on_ray, echo=lambda _: None, engine="ray", workers=2)
    assert {s["action"] for s in again["subruns"]} == {"skipped"}
    assert sum(len(load_records(on_ray.out / s.folder / "records.jsonl")) for s in on_ray.subruns()) == 42
