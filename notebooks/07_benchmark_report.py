# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Presets side by side: the experiment harness and its report
#
# `medmirror experiment CONFIG.toml` runs several conditions (a preset with settings) on the same benchmark rows and
# seeds, each (dataset, condition, seed) as its own resumable sub-run of the benchmark runner (`bench medcalc` here),
# then writes a tidy table, per-condition summaries, paired comparisons, plots and `report.md`.
#
# This notebook writes a small experiment file, runs it on the embedded model (SmolLM2-135M through llama.cpp), and
# reads everything back **from the harness's own output files**: accuracy, tokens, seconds and model calls per case
# for each preset, per-row outcomes, and the paired comparison. The slice is tiny on purpose (a 2-core CPU): it
# shows what the report contains and how to read it, not which method is better.

# %%
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import Image, display

SMALL = os.environ.get("MEDMIRROR_NOTEBOOK_SMALL") == "1"
ROOT = Path.cwd().resolve().parent  # the notebook runs in notebooks/
assert (ROOT / "pyproject.toml").is_file(), ROOT
DATA = Path(os.environ.get("MEDMIRROR_ONE_SHOT", ROOT.parent / "shared/data/medcalc/one_shot.csv"))
if not DATA.is_file():
    print(f"{DATA} is missing: using the shipped dev set app/data/dev/blind3.csv (same format, our own notes)")
    DATA = ROOT / "app/data/dev/blind3.csv"
WORK = Path(tempfile.mkdtemp(prefix="nb07-"))
MEDMIRROR = Path(sys.executable).with_name("medmirror")  # the venv's command
pd.set_option("display.max_colwidth", 60)
print("data:", DATA, "| small:", SMALL)

# %% [markdown]
# ## The experiment file
#
# One dataset (MedCalc-Bench rows in agent mode: the whole graph on note + question), the presets as conditions and
# one seed (at temperature 0, the default, decoding is greedy and every seed would give the same answers).
# The rows: from row 10 of the file, every 11th (`skip`, `every`, `limit` as in `bench medcalc`), which on the
# one-shot file lands mostly on short notes; with `SMALL` a single row and two presets.

# %%
presets = ["riskagent", "react"] if SMALL else ["mirror", "riskagent", "react"]
limit = 1 if SMALL else 3
config_text = f'''
name = "nb07_presets"
description = "Presets side by side on the same MedCalc-Bench rows (notebook 07)."
seeds = [0]

[[datasets]]
name = "medcalc"
path = "{DATA.as_posix()}"
mode = "agent"
skip = 9
every = 11
limit = {limit}
''' + "".join(f'\n[[conditions]]\npreset = "{p}"\n' for p in presets) + '''
[statistics]
confidence = 0.95
resamples = 2000
random_state = 0
'''
config = WORK / "presets.toml"
config.write_text(config_text)
print(config_text)
assert [c["preset"] for c in tomllib.loads(config_text)["conditions"]] == presets

# %% [markdown]
# `--dry-run` checks the file (unknown keys, presets, settings, the data file's columns) and lists the sub-runs
# without running anything:

# %%
OUT = WORK / "out"
dry = subprocess.run([str(MEDMIRROR), "experiment", str(config), "--out", str(OUT), "--dry-run"],
                     capture_output=True, text=True, cwd=ROOT)
print(dry.stdout, dry.stderr)
assert dry.returncode == 0 and f"{len(presets)} sub-run(s)" in dry.stdout

# %% [markdown]
# ## Run it
#
# Each sub-run runs its rows one at a time (the embedded model runs one completion at a time; `concurrency` only
# applies against a remote model server). Rerunning the same command skips finished sub-runs and resumes an
# interrupted one row by row.

# %%
t0 = time.perf_counter()
proc = subprocess.run([str(MEDMIRROR), "experiment", str(config), "--out", str(OUT)], capture_output=True, text=True,
                      cwd=ROOT)
wall = time.perf_counter() - t0
print("\n".join(line for line in proc.stdout.splitlines() if line.startswith(("experiment", "[", "report"))))
print(proc.stderr[-2000:])
assert proc.returncode == 0
print(f"wall time of the experiment command: {wall:.0f} s")
print("files:", sorted(p.name for p in OUT.iterdir()))

# %% [markdown]
# ## The summary: accuracy and cost per case
#
# `summary.csv` has one line per condition: rows, accuracy, and tokens, model calls and seconds per case (mean, and sd
# over seeds: NaN with one seed), errors (rows that ended with an error count as wrong).

# %%
summary = pd.read_csv(OUT / "summary.csv")
assert list(summary["condition"]) == presets and (summary["n_rows"] == limit).all()
summary[["condition", "n_rows", "accuracy_mean", "tokens_mean", "calls_mean", "seconds_mean", "errors"]]

# %% [markdown]
# `rows.csv` is the tidy table the summary is computed from: one line per (condition, seed, benchmark row), with the
# row's correctness, the tokens, model calls and seconds it cost, the tools it called and the runner's error, if any.

# %%
rows = pd.read_csv(OUT / "rows.csv")
for cond, g in rows.groupby("condition", sort=False):  # the summary is the mean of the rows, per condition
    s = summary.set_index("condition").loc[cond]
    assert abs(g["correct"].mean() - s["accuracy_mean"]) < 1e-9 and abs(g["calls"].mean() - s["calls_mean"]) < 1e-9
rows[["condition", "row_id", "calculator", "category", "correct", "expected", "got", "status", "tokens", "calls",
      "seconds", "tools", "error_stage"]]

# %% [markdown]
# The same per-case costs as bars, next to the harness's own plot of accuracy against tokens:

# %%
fig, axes = plt.subplots(1, 4, figsize=(8, 2.6), dpi=80)
for ax, (col, label) in zip(axes, [("accuracy_mean", "accuracy"), ("tokens_mean", "tokens / case"),
                                   ("calls_mean", "model calls / case"), ("seconds_mean", "seconds / case")]):
    ax.bar(summary["condition"], summary[col], color=["C0", "C1", "C2", "C3"][: len(summary)])
    ax.set_title(label, fontsize=9)
    ax.tick_params(axis="x", labelrotation=45, labelsize=8)
    ax.tick_params(axis="y", labelsize=8)
axes[0].set_ylim(0, 1.05)
plt.tight_layout()
plt.show()

# %%
plots = {name: OUT / name for name in ("accuracy_vs_tokens.png", "accuracy_by_category.png", "tool_calls.png")}
print({name: path.is_file() for name, path in plots.items()})
assert plots["accuracy_vs_tokens.png"].is_file()
display(Image(filename=str(plots["accuracy_vs_tokens.png"]), width=420))

# %% [markdown]
# `tool_calls.csv` (and its plot) counts the tools each condition called per case: whether a preset reached the row's
# calculator at all, and how often.

# %%
tools = pd.read_csv(OUT / "tool_calls.csv")
tools

# %% [markdown]
# ## Paired comparison
#
# `comparisons.csv` pairs every two conditions on the rows both ran: the accuracy difference A − B with a bootstrap
# confidence interval (rows resampled in pairs) and McNemar's exact test on the rows one got right and the other
# wrong, Holm-corrected over the pairs.

# %%
comparisons = pd.read_csv(OUT / "comparisons.csv")
n_pairs = len(presets) * (len(presets) - 1) // 2
assert len(comparisons[comparisons["seed"].astype(str) == "0"]) == n_pairs
comparisons[[c for c in ["a", "b", "seed", "n", "accuracy_a", "accuracy_b", "diff", "ci_low", "ci_high", "ci_method",
                         "a_only", "b_only", "p_value", "p_holm"] if c in comparisons]]

# %% [markdown]
# **These rows cannot rank the methods.** With this many paired rows McNemar's exact test cannot reach p < 0.05 even
# when one condition wins every discordant row (the smallest possible two-sided p with k discordant rows is 2 / 2^k),
# and the bootstrap interval spans most of [−1, 1] or cannot be computed. A ranking needs hundreds of rows (the
# one-shot file has 55, MedCalc-Bench's test set about a thousand) and a model that is not a 135M-parameter one; what
# this slice does show is the cost side: how many model calls, tokens and seconds each preset spends per case.

# %%
n_rows = int(comparisons["n"].max())
best_p = 2 / 2 ** n_rows  # every row discordant and all in one direction
print(f"{n_rows} paired row(s): the smallest two-sided McNemar p-value possible is {min(best_p, 1.0):.3g}")
assert (comparisons["p_value"].dropna() >= min(best_p, 1.0) - 1e-12).all()
assert best_p > 0.05  # true for up to 5 paired rows

# %% [markdown]
# ## The report
#
# `report.md` collects the same tables, the plots and the wall time of every invocation (`experiment.json`).

# %%
report = (OUT / "report.md").read_text()
print(report[:2500])
state = json.loads((OUT / "experiment.json").read_text())
print("invocations:", [(i["started_at"], i["wall_s"], i["subruns_run"]) for i in state["invocations"]])
assert "## Paired comparisons" in report and state["invocations"][-1]["subruns_run"] == len(presets)
