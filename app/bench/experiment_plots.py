"""The experiment's plots (matplotlib's object-oriented Figure API, saved with the Agg canvas: no global backend
is switched, so a notebook's inline plots keep working), one PNG each.

Every function returns ``(path, None)`` or ``(None, reason)`` (no data for that plot, or matplotlib is
not importable), so the report says why a plot is missing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from medmirror.bench.common import save_figure

Plot = tuple[Path | None, str | None]


def _colors(n: int) -> list[Any]:
    import matplotlib

    cmap = matplotlib.colormaps["tab10" if n <= 10 else "tab20"]
    return [cmap(i % cmap.N) for i in range(n)]


def accuracy_vs_tokens(summary: pd.DataFrame, path: Path) -> Plot:
    """One point per (dataset, condition): mean tokens per case against accuracy, with sd bars over seeds."""
    data = summary.dropna(subset=["tokens_mean"]) if not summary.empty else summary
    if data.empty:
        return None, "no condition has token counts (gold and extract modes call no model)"
    datasets = list(dict.fromkeys(data["dataset"]))
    markers = "os^Dvp*"

    def draw(fig: Any) -> None:
        ax = fig.add_subplot(1, 1, 1)
        colors = _colors(len(data))
        for i, (_, r) in enumerate(data.iterrows()):
            xerr = None if np.isnan(r["tokens_sd"]) else r["tokens_sd"]
            yerr = None if np.isnan(r["accuracy_sd"]) else 100 * r["accuracy_sd"]
            ax.errorbar(r["tokens_mean"], 100 * r["accuracy_mean"], xerr=xerr, yerr=yerr, capsize=3,
                        marker=markers[datasets.index(r["dataset"]) % len(markers)], color=colors[i], linestyle="none",
                        label=r["condition"] if len(datasets) == 1 else f"{r['dataset']}: {r['condition']}")
        ax.set_xlabel("mean tokens per case")
        ax.set_ylabel("accuracy (%)")
        ax.set_ylim(-5, 105)
        ax.set_title("accuracy vs tokens (mean ± sd over seeds)", fontsize=10)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        ax.grid(alpha=0.3)

    return save_figure(path, draw, (8.5, 4.5))


def category_bars(categories: pd.DataFrame, path: Path) -> Plot:
    """Accuracy per category, one bar per condition (sd over seeds as error bars), a panel per dataset."""
    if categories.empty:
        return None, "no rows"
    datasets = list(dict.fromkeys(categories["dataset"]))

    def draw(fig: Any) -> None:
        for k, dataset in enumerate(datasets):
            ax = fig.add_subplot(len(datasets), 1, k + 1)
            d = categories[categories["dataset"] == dataset]
            cats = list(dict.fromkeys(d["category"]))
            conds = list(dict.fromkeys(d["condition"]))
            width = 0.8 / max(1, len(conds))
            x = np.arange(len(cats))
            for i, (cond, color) in enumerate(zip(conds, _colors(len(conds)))):
                c = d[d["condition"] == cond].set_index("category")
                vals = [100 * c.loc[cat, "accuracy_mean"] if cat in c.index else 0.0 for cat in cats]
                errs = [100 * c.loc[cat, "accuracy_sd"] if cat in c.index and not np.isnan(c.loc[cat, "accuracy_sd"])
                        else 0.0 for cat in cats]
                ax.bar(x + (i - (len(conds) - 1) / 2) * width, vals, width, yerr=errs, capsize=2, label=cond, color=color)
            ax.set_xticks(x, cats)
            ax.set_ylim(0, 105)
            ax.set_ylabel("accuracy (%)")
            ax.set_title(f"{dataset}: accuracy per category (mean ± sd over seeds)", fontsize=10)
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))

    n_bars = categories.groupby("dataset").size().max()
    return save_figure(path, draw, (max(8.0, 0.35 * n_bars + 5), 3.8 * len(datasets)))


def gate_score_distributions(scores: pd.DataFrame, path: Path) -> Plot:
    """Per gate (planner, tool_agent, answer, ...): the share of each self-score per condition."""
    if scores.empty:
        return None, "no gate scores in the records (only agent mode records them)"
    gates = list(dict.fromkeys(scores["gate"]))
    conds = list(dict.fromkeys(scores["condition"]))

    def draw(fig: Any) -> None:
        lo, hi = int(np.floor(scores["score"].min())), int(np.ceil(scores["score"].max()))
        grid = np.arange(lo, hi + 1)  # the scores seen (self-scores are 1-10)
        width = 0.8 / max(1, len(conds))
        for k, gate in enumerate(gates):
            ax = fig.add_subplot(len(gates), 1, k + 1)
            g = scores[scores["gate"] == gate]
            for i, (cond, color) in enumerate(zip(conds, _colors(len(conds)))):
                s = g.loc[g["condition"] == cond, "score"].round().astype(int)
                if s.empty:
                    continue
                share = s.value_counts(normalize=True).reindex(grid, fill_value=0.0)
                ax.bar(grid + (i - (len(conds) - 1) / 2) * width, 100 * share.to_numpy(), width, color=color,
                       label=f"{cond} (n={len(s)})")
            ax.set_xticks(grid)
            ax.set_ylabel("% of scores")
            ax.set_title(f"{gate}: self-scores per condition", fontsize=10)
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        fig.axes[-1].set_xlabel("score")

    span = int(np.ceil(scores["score"].max()) - np.floor(scores["score"].min())) + 1
    return save_figure(path, draw, (min(16.0, max(8.5, 0.18 * len(conds) * span + 4)), 2.8 * len(gates)))


def tool_call_bars(tools: pd.DataFrame, path: Path, top: int = 15) -> Plot:
    """Calls per case of the most called tools, one bar per condition."""
    if tools.empty:
        return None, "no tool calls in the records (only agent mode records them)"
    totals = tools.groupby("tool")["calls"].sum().sort_values(ascending=False)
    names = list(totals.index[:top])
    labels = list(dict.fromkeys(f"{d}: {c}" if tools["dataset"].nunique() > 1 else c
                                for d, c in zip(tools["dataset"], tools["condition"])))

    def draw(fig: Any) -> None:
        ax = fig.add_subplot(1, 1, 1)
        y = np.arange(len(names))
        height = 0.8 / max(1, len(labels))
        for i, (label, color) in enumerate(zip(labels, _colors(len(labels)))):
            sel = tools[[(f"{d}: {c}" if tools["dataset"].nunique() > 1 else c) == label
                         for d, c in zip(tools["dataset"], tools["condition"])]].set_index("tool")
            vals = [float(sel.loc[t, "per_case"]) if t in sel.index else 0.0 for t in names]
            ax.barh(y + (i - (len(labels) - 1) / 2) * height, vals, height, label=label, color=color)
        ax.set_yticks(y, names)
        ax.invert_yaxis()
        ax.set_xlabel("calls per case")
        ax.set_title(f"tool calls (top {len(names)} tools)", fontsize=10)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))

    return save_figure(path, draw, (9.0, max(3.0, 0.3 * len(names) * max(1, len(labels)) ** 0.5 + 1.5)))
