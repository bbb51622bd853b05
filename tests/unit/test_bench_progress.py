"""Progress lines for logs and pipes (issue 32): a benchmark whose stderr is not a terminal says how far it is
every 1/20 of the rows and every 30 s, with the rate and the time left, worked here on a fake clock."""

from __future__ import annotations

import io

from medmirror.bench.common import ProgressLines


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_line_every_twentieth_of_the_rows_with_rate_and_eta():
    out, clock = io.StringIO(), Clock()
    with ProgressLines(200, "medcalc agent", out=out, clock=clock, seconds=0) as bar:
        assert bar.every == 10  # 200 rows / 20 lines
        for _ in range(9):
            clock.now += 2.0
            bar.update()
        assert out.getvalue() == ""  # 9 rows: not yet a twentieth
        clock.now += 2.0
        bar.update()
    # 10 rows in 20 s: 0.5 rows/s; 190 rows left / 0.5 = 380 s = 6m20s
    assert out.getvalue() == "medcalc agent: 10/200 rows (5%) in 20s, 0.50 rows/s, ETA 6m20s\n"


def test_a_slow_run_gets_a_line_after_the_interval_and_the_last_row_always_has_one():
    out, clock = io.StringIO(), Clock()
    bar = ProgressLines(3, "optimize", out=out, clock=clock, every=100, seconds=30)
    clock.now += 31.0  # one row in 31 s: past the interval
    bar.update()
    clock.now += 29.0
    bar.update()  # 29 s after the last line, not a multiple of every: nothing
    clock.now += 60.0
    bar.update()  # the last row
    bar.close()
    # 1 row in 31 s: below 0.1 rows/s, said as seconds per row; ETA 2 rows x 31 s = 1m02s
    assert out.getvalue().splitlines() == ["optimize: 1/3 rows (33%) in 31s, 31 s/row, ETA 1m02s",
                                           "optimize: 3/3 rows (100%) in 2m00s, 40 s/row"]


def test_the_timer_reports_a_row_that_takes_long():
    out, clock = io.StringIO(), Clock()
    bar = ProgressLines(5, "rada baseline", out=out, clock=clock, seconds=0.03)
    clock.now += 45.0  # no row finished yet, 45 s (on the fake clock) since the start
    for _ in range(200):  # the timer thread checks every seconds/3 of real time
        if out.getvalue():
            break
        bar._stop.wait(0.01)
    bar.close()
    assert out.getvalue().splitlines()[0] == "rada baseline: 0/5 rows (0%) in 45s"


def test_counts_are_printed_as_words_not_a_python_dict():
    from medmirror.bench.common import counts_text

    assert counts_text({"answered": 3, "refused": 1}) == "answered 3, refused 1"
    assert counts_text({}) == "-" and counts_text(None) == "-"
