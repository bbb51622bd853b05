"""Issue 31, M4: a benchmark data file over MAX_BENCH_DATA_BYTES is refused from its size before it is read; an
error that quotes the file is one line of at most MAX_ERROR_LINE_CHARS, naming the file."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from medmirror.cli import main
from medmirror.core import limits


def _run(argv: list[str], capsys: pytest.CaptureFixture) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv", [["bench", "medcalc", "--mode", "gold", "--data"], ["bench", "medrisk", "--mode", "gold", "--data"],
                                  ["optimize", "--data"]])
def test_a_huge_data_file_is_refused_before_it_is_read(tmp_path: Path, argv: list[str],
                                                       capsys: pytest.CaptureFixture) -> None:
    data = tmp_path / ("big.csv" if "medrisk" not in argv else "big.jsonl")
    with data.open("wb") as fh:
        fh.truncate(1_000_000_000)  # sparse: 1 GB of NULs without using the disk
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.monotonic()
    code, err = _run([*argv, str(data), "--out", str(tmp_path / "out")], capsys)
    assert code != 0 and "MAX_BENCH_DATA_BYTES" in err and str(data) in err, err
    assert time.monotonic() - start < 5 and resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 200_000


def test_an_error_quoting_a_huge_line_is_cut(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    data = tmp_path / "wide.csv"
    data.write_text("Row Number," + ",".join(f"column {i}" for i in range(400_000)) + "\n1,2\n")  # a 5 MB header
    code, err = _run(["bench", "medcalc", "--mode", "gold", "--data", str(data), "--out", str(tmp_path / "o")], capsys)
    assert code != 0 and str(data) in err and "missing required column" in err
    assert len(err.strip()) < limits.MAX_ERROR_LINE_CHARS + 100 and err.strip().count("\n") == 0
    assert "[cut:" in err


def test_cut_line() -> None:
    assert limits.cut_line("a\n b  c") == "a b c"
    long = "x" * 10_000
    cut = limits.cut_line(long, 100)
    assert len(cut) <= 100 and cut.endswith("[cut: 10,000 characters]")
