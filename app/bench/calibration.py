"""Calibrated answers in a benchmark: coverage, precision on answered rows, the risk-coverage curve.

A row is *answered* when it carries a value the policy gives (``got`` not null, no error, not
``abstained``); a row the answer policy held back has ``abstained: true``, ``got: null`` and the
held value in ``held_value`` (scored in ``held_correct``), so the curve can rank every row that
produced a value by its ``confidence``:

* ``coverage`` = answered / rows; ``precision`` = right / answered; ``accuracy`` = right / rows;
* the **risk-coverage curve**: rows with a value sorted by confidence (highest first); at each
  cut-off k, coverage k / rows and risk 1 - precision of the k most confident; ``aurc`` is the
  mean risk over the cut-offs (lower is better; an oracle ranking gives the least possible);
* ``precision_at_coverage``: the best precision reachable at coverage >= 50/75/85/95 % by a
  confidence threshold.

The plot uses matplotlib's object-oriented API (no global backend switch).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

Record = dict[str, Any]
COVERAGE_POINTS = (0.5, 0.75, 0.85, 0.95)


def hold_back(rec: Record, confidence: dict[str, Any] | None, threshold: float, policy: str) -> None:
    """Write the answer policy's decision into a scored record: ``confidence``, ``uncertain_inputs``,
    ``value_range``, ``doubts``; and, when the policy holds the value back, ``abstained``/``got: null`` with the
    held value and its correctness kept apart."""
    if confidence is None:
        return
    rec["confidence"] = confidence["confidence"]
    rec["uncertain_inputs"] = confidence["uncertain_inputs"]
    rec["value_range"] = confidence["range"]
    rec["doubts"] = confidence["reasons"]
    uncertain = confidence["confidence"] < threshold
    rec["uncertain"] = uncertain
    rec["abstained"] = False
    if uncertain and policy == "calibrated" and rec.get("got") is not None:
        rec.update(abstained=True, held_value=rec["got"], held_correct=bool(rec.get("correct")), got=None,
                   correct=False)


def _scored(records: Iterable[Record]) -> list[tuple[float, bool]]:
    """(confidence, right) of every row that produced a value, given or held back."""
    out = []
    for r in records:
        if r.get("confidence") is None:
            continue
        if r.get("abstained"):
            out.append((float(r["confidence"]), bool(r.get("held_correct"))))
        elif r.get("got") is not None and not r.get("error"):
            out.append((float(r["confidence"]), bool(r.get("correct"))))
    return out


def risk_coverage(records: list[Record]) -> dict[str, Any]:
    """Coverage, precision, accuracy and the risk-coverage curve of scored records (see the module doc)."""
    n = len(records)
    answered = [r for r in records if not r.get("error") and not r.get("abstained") and r.get("got") is not None]
    right = sum(bool(r.get("correct")) for r in answered)
    ranked = sorted(_scored(records), key=lambda t: -t[0])
    curve: list[dict[str, float]] = []
    hits = 0
    for k, (conf, ok) in enumerate(ranked, 1):
        hits += ok
        curve.append({"coverage": k / n, "risk": 1 - hits / k, "confidence": conf})
    # a threshold cannot split tied confidences: keep the last point of each tie
    cut = [c for i, c in enumerate(curve) if i + 1 == len(curve) or ranked[i + 1][0] != c["confidence"]]
    at = {}
    for target in COVERAGE_POINTS:
        ok_points = [c for c in cut if c["coverage"] >= target - 1e-9]
        at[f"{int(target * 100)}"] = round(1 - min(c["risk"] for c in ok_points), 4) if ok_points else None
    return {
        "rows": n, "answered": len(answered), "abstained": sum(bool(r.get("abstained")) for r in records),
        "refused_or_error": sum(bool(r.get("error")) for r in records),
        "coverage": round(len(answered) / n, 4) if n else None,
        "precision": round(right / len(answered), 4) if answered else None,
        "accuracy": round(right / n, 4) if n else None,
        "aurc": round(sum(c["risk"] for c in curve) / len(curve), 4) if curve else None,
        "precision_at_coverage": at,
        "curve": [{k: round(v, 4) for k, v in c.items()} for c in cut],
        "uncertain_inputs": _top_inputs(records),
    }


def _top_inputs(records: list[Record], k: int = 10) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in records:
        if r.get("abstained"):
            for name in r.get("uncertain_inputs") or []:
                key = f"{r.get('tool') or r.get('calculator_id')}.{name}"
                counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1])[:k])


def render(summary: dict[str, Any]) -> str:
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    at = ", ".join(f"{k}% {pct(v)}" for k, v in summary["precision_at_coverage"].items())
    return (f"answer policy: coverage {pct(summary['coverage'])} ({summary['answered']}/{summary['rows']} answered, "
            f"{summary['abstained']} held back as uncertain, {summary['refused_or_error']} refused/errors); precision "
            f"on answered {pct(summary['precision'])}; accuracy {pct(summary['accuracy'])}; AURC "
            f"{summary['aurc'] if summary['aurc'] is not None else '-'}; best precision at coverage >= {at}")


def plot_risk_coverage(path: str | Path, summary: dict[str, Any], title: str) -> tuple[Path | None, str | None]:
    """The risk-coverage curve as a PNG (None and why when there is nothing to draw)."""
    curve = summary.get("curve") or []
    if not curve:
        return None, "risk-coverage plot skipped: no row with a confidence"
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except Exception as exc:  # noqa: BLE001 - the summary says why there is no plot
        return None, f"risk-coverage plot skipped: matplotlib is not importable ({exc})"
    fig = Figure(figsize=(4.6, 3.4))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.step([c["coverage"] for c in curve], [c["risk"] for c in curve], where="post")
    if summary.get("coverage") is not None and summary.get("precision") is not None:
        ax.plot([summary["coverage"]], [1 - summary["precision"]], "o", label="answer policy")
        ax.legend(loc="upper left", fontsize=8)
    ax.set_xlabel("coverage (rows answered)")
    ax.set_ylabel("risk (1 - precision)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, max(0.3, max(c["risk"] for c in curve) * 1.1))
    ax.set_title(f"{title}\nAURC {summary.get('aurc')}", fontsize=9)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    return path, None
