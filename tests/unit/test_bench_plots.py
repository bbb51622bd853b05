"""The benchmark plots use matplotlib's object-oriented Figure API (issue 32, item 6): drawing a plot switches no
backend and leaves no pyplot figure behind, so a notebook's inline backend keeps showing its own plots."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import sys
import matplotlib
matplotlib.use("svg")  # stands in for a notebook's inline backend: any backend the plots must not replace
import matplotlib.pyplot as plt
import pandas as pd
from medmirror.bench.common import plot_accuracy
from medmirror.bench.experiment_plots import category_bars

out = sys.argv[1]
path, why = plot_accuracy(out + "/a.png", {"lab": {"n": 2, "correct": 1, "accuracy": 0.5}}, "accuracy")
cats = pd.DataFrame([{"dataset": "d", "category": "lab", "condition": "mirror", "accuracy_mean": 0.5,
                      "accuracy_sd": float("nan")}])
path2, why2 = category_bars(cats, __import__("pathlib").Path(out) / "b.png")
print("BACKEND", matplotlib.get_backend(), "FIGURES", len(plt.get_fignums()), "SAVED", path, path2, why, why2)
"""


def test_plots_switch_no_backend_and_leave_no_pyplot_figure(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", CODE, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    line = proc.stdout.strip().splitlines()[-1]
    assert line.startswith("BACKEND svg FIGURES 0 SAVED "), line
    for name in ("a.png", "b.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

