"""The experiment's tables and statistics, from the tidy per-row table.

The tidy table (:func:`tidy_frame`) has one row per (dataset, condition, seed, benchmark row) with the
columns in :data:`TIDY_COLUMNS` (``score``: the row's score in [0, 1], 1.0/0.0 where the benchmark only says right or
wrong), then a benchmark's own extra columns (cab's and rada's metrics) and the varied settings. From it:

* :func:`summary_table`: per (dataset, condition) the mean and standard deviation over seeds of accuracy,
  tokens, model calls and seconds per case (each seed's mean first, then mean +- sd of those; the sd is
  the sample sd, ddof=1, and empty with one seed), the rows with an error (all seeds; they count as
  wrong), and whether every seed gave the same result on every row (``seeds_identical``: at temperature 0 the seed does not matter, so the sd is 0 by construction);
* :func:`category_table`: the same accuracy per category;
* :func:`paired_comparisons`: every pair of conditions of a dataset on the rows both ran, per seed:
  McNemar's exact test (``statsmodels.stats.contingency_tables.mcnemar``, exact=True: a binomial test
  on the discordant rows) with Holm's correction over the pairs (``statsmodels.stats.multitest``), and a
  bootstrap confidence interval of the accuracy difference (``scipy.stats.bootstrap``, paired: rows are
  resampled with both conditions' results, BCa, a fixed random state). With several seeds, one more line
  per pair ("all") bootstraps the per-row mean correctness over the seeds (no McNemar: not binary).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

TIDY_COLUMNS = ("experiment", "dataset", "benchmark", "mode", "condition", "preset", "seed", "row_id", "category",
                "calculator_id", "calculator", "correct", "score", "error_stage", "error", "expected", "got", "tokens",
                "input_tokens", "output_tokens", "calls", "seconds", "status", "tools", "n_tool_calls")
METRICS = ("accuracy", "tokens", "calls", "seconds")


def tidy_frame(rows: Sequence[dict[str, Any]], varied: Sequence[str] = (), extra: Sequence[str] = ()) -> pd.DataFrame:
    """The tidy table: :data:`TIDY_COLUMNS`, then the benchmarks' ``extra`` columns, then one column per varied
    setting (in ``varied`` order)."""
    extra = [e for e in dict.fromkeys(extra) if e not in TIDY_COLUMNS]
    cols = [*TIDY_COLUMNS, *extra, *[v for v in varied if v not in TIDY_COLUMNS and v not in extra]]
    df = pd.DataFrame(list(rows), columns=cols)
    df["correct"] = df["correct"].astype(bool)
    for c in ("score", "tokens", "input_tokens", "output_tokens", "calls", "seconds"):
        df[c] = pd.to_numeric(df[c], errors="coerce").astype(float)
    df["seed"] = df["seed"].astype(int)
    df["row_id"] = df["row_id"].astype(str)
    for c in cols[len(TIDY_COLUMNS) + len(extra):]:  # a swept value keeps its type (7 stays 7 where another condition lacks it)
        df[c] = pd.Series([r.get(c) for r in rows], dtype=object, index=df.index)
    return df


def _ordered(df: pd.DataFrame, conditions: Sequence[str]) -> pd.DataFrame:
    """Datasets in the order they first appear, conditions in ``conditions`` order (the experiment file's)."""
    order = {c: i for i, c in enumerate(conditions)}
    datasets = {d: i for i, d in enumerate(dict.fromkeys(df["dataset"]))}
    return df.assign(_d=df["dataset"].map(datasets), _o=df["condition"].map(lambda c: order.get(c, len(order)))
                     ).sort_values(["_d", "_o"], kind="stable").drop(columns=["_d", "_o"]).reset_index(drop=True)


def per_seed(df: pd.DataFrame, by: Sequence[str] = ()) -> pd.DataFrame:
    """Per (dataset, condition, *by, seed): n, accuracy and the mean tokens, calls and seconds per case."""
    keys = ["dataset", "condition", *by, "seed"]
    g = df.groupby(keys, sort=False, dropna=False)
    out = g.agg(n=("correct", "size"), correct=("correct", "sum"), accuracy=("correct", "mean"),
                tokens=("tokens", "mean"), calls=("calls", "mean"), seconds=("seconds", "mean")).reset_index()
    out["correct"] = out["correct"].astype(int)
    return out


def _sd(values: pd.Series) -> float:
    v = values.dropna()
    return float(v.std(ddof=1)) if len(v) >= 2 else math.nan


def over_seeds(seeds: pd.DataFrame, by: Sequence[str] = (), metrics: Sequence[str] = METRICS) -> pd.DataFrame:
    """Mean and sample sd (ddof=1) over seeds of each metric of :func:`per_seed`'s table."""
    keys = ["dataset", "condition", *by]
    rows = []
    for key, g in seeds.groupby(keys, sort=False, dropna=False):
        row = dict(zip(keys, key if isinstance(key, tuple) else (key,)))
        row.update(n_seeds=int(g["seed"].nunique()), n_rows=int(g["n"].max()), n_rows_min=int(g["n"].min()))
        for m in metrics:
            vals = g[m].astype(float)
            row[f"{m}_mean"] = float(vals.mean()) if vals.notna().any() else math.nan
            row[f"{m}_sd"] = _sd(vals)
        rows.append(row)
    return pd.DataFrame(rows)


def seeds_identical(df: pd.DataFrame) -> dict[tuple[str, str], bool | None]:
    """Per (dataset, condition): True when every row has the same correctness and answer in every seed
    (None with a single seed)."""
    out: dict[tuple[str, str], bool | None] = {}
    for (dataset, condition), g in df.groupby(["dataset", "condition"], sort=False):
        if g["seed"].nunique() < 2:
            out[(dataset, condition)] = None
            continue
        same = g.groupby("row_id").apply(
            lambda r: r["correct"].nunique() == 1 and r["got"].astype(str).nunique() == 1
            and r["seed"].nunique() == g["seed"].nunique(), include_groups=False)
        out[(dataset, condition)] = bool(same.all())
    return out


def summary_table(df: pd.DataFrame, conditions: Sequence[str] = ()) -> pd.DataFrame:
    """Per (dataset, condition): accuracy, tokens, calls and seconds per case, mean and sd over seeds."""
    if df.empty:
        return pd.DataFrame()
    table = over_seeds(per_seed(df))
    info = df.groupby(["dataset", "condition"], sort=False).agg(preset=("preset", "first"), mode=("mode", "first"))
    table = table.join(info, on=["dataset", "condition"])
    errors = df.assign(_e=df["error"].notna() & (df["error"].astype(str) != "")).groupby(
        ["dataset", "condition"], sort=False)["_e"].sum().rename("errors").astype(int)
    table = table.join(errors, on=["dataset", "condition"])
    same = seeds_identical(df)
    table["seeds_identical"] = [same.get((d, c)) for d, c in zip(table["dataset"], table["condition"])]
    front = ["dataset", "condition", "preset", "mode", "n_seeds", "n_rows"]
    table = table[[*front, *[c for c in table.columns if c not in front]]]
    return _ordered(table, conditions)


def category_table(df: pd.DataFrame, conditions: Sequence[str] = ()) -> pd.DataFrame:
    """Per (dataset, condition, category): accuracy mean and sd over seeds, and rows per seed."""
    if df.empty:
        return pd.DataFrame()
    table = over_seeds(per_seed(df, by=["category"]), by=["category"], metrics=("accuracy",))
    return _ordered(table, conditions)


# ---------------------------------------------------------------------------
# Paired tests
# ---------------------------------------------------------------------------


def mcnemar_exact(a: Sequence[bool], b: Sequence[bool]) -> dict[str, Any]:
    """McNemar's exact test of two paired binary outcomes (statsmodels): the 2x2 counts, the statistic
    (the smaller discordant count) and the two-sided p-value."""
    from statsmodels.stats.contingency_tables import mcnemar

    x, y = np.asarray(a, dtype=bool), np.asarray(b, dtype=bool)
    if x.shape != y.shape:
        raise ValueError(f"paired outcomes of different lengths: {len(x)} and {len(y)}")
    both, a_only = int(np.sum(x & y)), int(np.sum(x & ~y))
    b_only, neither = int(np.sum(~x & y)), int(np.sum(~x & ~y))
    res = mcnemar([[both, a_only], [b_only, neither]], exact=True)
    return {"n": int(len(x)), "both": both, "a_only": a_only, "b_only": b_only, "neither": neither,
            "statistic": float(res.statistic), "p_value": float(res.pvalue)}


def _mean_difference(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(x, axis=axis) - np.mean(y, axis=axis)


def bootstrap_difference(a: Sequence[float], b: Sequence[float], *, confidence: float = 0.95,
                         resamples: int = 9999, random_state: int = 0) -> dict[str, Any]:
    """Bootstrap confidence interval of mean(a) - mean(b) over paired rows (scipy.stats.bootstrap, paired,
    BCa; the percentile method when BCa cannot be computed). All paired differences equal: the interval is
    that difference (``method`` says so); fewer than two rows: no interval."""
    from scipy.stats import bootstrap

    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"paired values of different lengths: {len(x)} and {len(y)}")
    diff = float(np.mean(x) - np.mean(y)) if len(x) else math.nan
    if len(x) < 2:
        return {"diff": diff, "ci_low": math.nan, "ci_high": math.nan, "ci_method": "none (fewer than 2 rows)"}
    d = x - y
    if np.all(d == d[0]):
        return {"diff": diff, "ci_low": float(d[0]), "ci_high": float(d[0]),
                "ci_method": "degenerate (every paired difference is the same)"}
    for method in ("BCa", "percentile"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = bootstrap((x, y), _mean_difference, paired=True, vectorized=True, n_resamples=resamples,
                            confidence_level=confidence, method=method, rng=np.random.default_rng(random_state))
        lo, hi = float(res.confidence_interval.low), float(res.confidence_interval.high)
        if math.isfinite(lo) and math.isfinite(hi):
            return {"diff": diff, "ci_low": lo, "ci_high": hi, "ci_method": method}
    return {"diff": diff, "ci_low": math.nan, "ci_high": math.nan, "ci_method": "failed"}


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (statsmodels ``multipletests``); NaN stays NaN."""
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(p_values, dtype=float)
    out = np.full(len(p), np.nan)
    ok = ~np.isnan(p)
    if ok.any():
        out[ok] = multipletests(p[ok], method="holm")[1]
    return [float(v) for v in out]


def paired_comparisons(df: pd.DataFrame, conditions: Sequence[str] = (), *, confidence: float = 0.95,
                       resamples: int = 9999, random_state: int = 0) -> pd.DataFrame:
    """Every pair (A, B) of conditions of a dataset (A before B in ``conditions`` order), on the rows both ran:
    per seed McNemar's exact test and the bootstrap CI of accuracy(A) - accuracy(B); with several common seeds
    one more line (seed "all") on the per-row mean correctness over those seeds."""
    rows: list[dict[str, Any]] = []
    if df.empty:
        return pd.DataFrame()
    order = {c: i for i, c in enumerate(conditions)}
    for dataset, dd in df.groupby("dataset", sort=False):
        conds = sorted(dd["condition"].unique(), key=lambda c: order.get(c, len(order)))
        wide = dd.pivot_table(index="row_id", columns=["condition", "seed"], values="correct", aggfunc="first")
        for i, ca in enumerate(conds):
            for cb in conds[i + 1:]:
                seeds_a = set(dd.loc[dd["condition"] == ca, "seed"])
                seeds_b = set(dd.loc[dd["condition"] == cb, "seed"])
                common = sorted(seeds_a & seeds_b)
                for seed in common:
                    pair = wide[[(ca, seed), (cb, seed)]].dropna()
                    a, b = pair[(ca, seed)].astype(bool).to_numpy(), pair[(cb, seed)].astype(bool).to_numpy()
                    row = {"dataset": dataset, "a": ca, "b": cb, "seed": str(seed), "n": len(a),
                           "accuracy_a": float(a.mean()) if len(a) else math.nan,
                           "accuracy_b": float(b.mean()) if len(b) else math.nan}
                    row.update(mcnemar_exact(a, b) if len(a) else {"statistic": math.nan, "p_value": math.nan})
                    row.update(bootstrap_difference(a, b, confidence=confidence, resamples=resamples,
                                                    random_state=random_state))
                    rows.append(row)
                if len(common) >= 2:
                    cols = [(c, s) for c in (ca, cb) for s in common]
                    block = wide[cols].dropna()
                    a = block[[(ca, s) for s in common]].astype(float).mean(axis=1).to_numpy()
                    b = block[[(cb, s) for s in common]].astype(float).mean(axis=1).to_numpy()
                    row = {"dataset": dataset, "a": ca, "b": cb, "seed": "all", "n": len(a),
                           "accuracy_a": float(a.mean()) if len(a) else math.nan,
                           "accuracy_b": float(b.mean()) if len(b) else math.nan,
                           "statistic": math.nan, "p_value": math.nan}
                    row.update(bootstrap_difference(a, b, confidence=confidence, resamples=resamples,
                                                    random_state=random_state))
                    rows.append(row)
    out = pd.DataFrame(rows)
    if out.empty:
        return out
    out["p_holm"] = math.nan
    for _, idx in out.groupby(["dataset", "seed"], sort=False).groups.items():
        out.loc[idx, "p_holm"] = holm(out.loc[idx, "p_value"].tolist())
    front = ["dataset", "a", "b", "seed", "n", "accuracy_a", "accuracy_b", "diff", "ci_low", "ci_high", "ci_method",
             "both", "a_only", "b_only", "neither", "statistic", "p_value", "p_holm"]
    return out[[c for c in front if c in out.columns]]


# ---------------------------------------------------------------------------
# Gate scores and tool calls
# ---------------------------------------------------------------------------


def tool_call_table(df: pd.DataFrame, conditions: Sequence[str] = ()) -> pd.DataFrame:
    """Per (dataset, condition, tool): the calls over every seed and row, and calls per case."""
    rows = []
    for (dataset, condition), g in df.groupby(["dataset", "condition"], sort=False):
        cases = len(g)
        counts: dict[str, int] = {}
        for tools in g["tools"]:
            for t in (tools or "").split(";"):
                if t:
                    counts[t] = counts.get(t, 0) + 1
        for tool, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            rows.append({"dataset": dataset, "condition": condition, "tool": tool, "calls": n, "cases": cases,
                         "per_case": n / cases if cases else math.nan})
    out = pd.DataFrame(rows, columns=["dataset", "condition", "tool", "calls", "cases", "per_case"])
    return _ordered(out, conditions) if not out.empty else out
