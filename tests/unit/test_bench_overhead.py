"""Smoke test of `medmirror bench overhead` (functional only: timings are reported, never asserted)."""

from medmirror.bench.cli import main
from medmirror.bench.overhead import measure


def test_overhead_report_covers_every_node_on_the_path() -> None:
    report = measure(runs=2, checkpointer="memory")
    assert set(report["per_node_ms"]) == {"intake", "planner", "tool_agent", "executor", "answer"}
    assert report["runs"] == 2 and report["wall_ms_mean"] > 0


def test_overhead_cli_writes_json(tmp_path, capsys) -> None:
    out = tmp_path / "overhead.json"
    assert main(["bench", "overhead", "--runs", "1", "--out", str(out)]) == 0
    assert out.is_file() and "wall per case" in capsys.readouterr().out
