"""ClinicalAgent-Bench-style task sets: ``medmirror bench cab --dimension ...``.

Each dimension is a JSONL task set shipped with its tools (one task per line:
id, question, optional note / options / resources, gold, scorer). The graph sees the
question, the note, the options and the attached resources, nothing else, and has
to choose tools from the whole toolbox by itself. Every task is scored by its
scorer; each record also counts *tool-selection errors* (ReflecTool's Table 4
metric): calls of a tool without the resource it needs (SQL without a database,
long-document search without documents, image tools without images or a model).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import medmirror.tools
from medmirror.api import solve
from medmirror.bench.common import JsonlWriter, default_out_dir, format_table, load_records, run_items, write_summary
from medmirror.core.usage import totals
from medmirror.tools.builtin import default_registry
from medmirror.tools.ehr.resources import materialise_resources

TOOLS_DIR = Path(medmirror.tools.__file__).resolve().parent  # the installed tools package (the repository's tools/)

# dimension -> (task file, scorer module, ReflecTool dimension it belongs to)
TASK_SETS: dict[str, tuple[Path, str, str]] = {
    "knowledge": (TOOLS_DIR / "knowledge/tasks/knowledge_qa.jsonl", "medmirror.tools.knowledge.scoring", "knowledge & reasoning"),
    "ehr": (TOOLS_DIR / "ehr/tasks/ehr_qa.jsonl", "medmirror.tools.ehr.scoring", "data understanding"),
    "ehr_absent": (TOOLS_DIR / "ehr/tasks/ehr_absent.jsonl", "medmirror.tools.ehr.scoring", "trustworthiness"),
    "ner": (TOOLS_DIR / "text/tasks/ner.jsonl", "medmirror.tools.text.scoring", "data understanding"),
    "longdoc": (TOOLS_DIR / "text/tasks/longdoc.jsonl", "medmirror.tools.text.scoring", "data understanding"),
    "longdoc_unanswerable": (TOOLS_DIR / "text/tasks/longdoc_unanswerable.jsonl", "medmirror.tools.text.scoring",
                             "trustworthiness"),
}


class CabError(RuntimeError):
    pass


def load_tasks(dimension: str) -> list[dict[str, Any]]:
    import json

    names = list(TASK_SETS) if dimension == "all" else [d.strip() for d in dimension.split(",")]
    unknown = [n for n in names if n not in TASK_SETS]
    if unknown:
        raise CabError(f"unknown dimension(s) {unknown}; choose from {', '.join(TASK_SETS)} or all")
    tasks = []
    for name in names:
        path = TASK_SETS[name][0]
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                task = json.loads(line)
                task["_set"], task["_dir"] = name, str(path.parent)
                tasks.append(task)
    return tasks


def scorer_for(task: dict[str, Any]) -> Callable[..., dict[str, Any]]:
    import importlib

    module = importlib.import_module(TASK_SETS[task["_set"]][1])
    try:
        return module.SCORERS[task["scorer"]]
    except KeyError:
        raise CabError(f"task {task['id']}: no scorer {task['scorer']!r} in {module.__name__}") from None


def materialise(task: dict[str, Any], workdir: Path) -> dict[str, Any]:
    return materialise_resources(task, workdir, base_dir=task["_dir"])


def tool_selection_errors(steps: list[dict[str, Any]], resources: Mapping[str, Any]) -> list[str]:
    """Tool calls made without the resource the tool needs (or while it is unavailable)."""

    registry = default_registry()
    out = []
    for st in steps:
        tool = st.get("tool")
        if tool not in registry:
            continue
        missing = [k for k in registry.get(tool).requires if not resources.get(k)]
        if missing or "MissingResource" in str(st.get("error") or ""):
            out.append(f"{tool} without {', '.join(missing) or 'its resource'}")
    return out


def make_runner(options: Mapping[str, Any], workdir: Path) -> Callable[[dict[str, Any]], dict[str, Any]]:
    preset = str(options.get("preset") or "mirror")
    settings = {"offer_unusable_tools": True, "checkpointer": "none", **dict(options.get("settings") or {})}
    models = options.get("models")

    def run(task: dict[str, Any]) -> dict[str, Any]:
        t0 = time.perf_counter()
        rec: dict[str, Any] = {"id": task["id"], "dimension": task["_set"], "group": TASK_SETS[task["_set"]][2],
                               "preset": preset, "scorer": task["scorer"]}
        resources = materialise(task, workdir)
        result = solve(task["question"], task.get("note"), task.get("options"), preset=preset, resources=resources,
                       models=models, saver=None, **settings)
        scored = scorer_for(task)(task, result.answer, result.value, result.steps)
        errors = tool_selection_errors(result.steps, resources)
        tot = totals(result.usage.get("nodes", {}))
        rec.update(
            correct=bool(scored.get("correct")), score=float(scored.get("score") or (1.0 if scored.get("correct") else 0.0)),
            detail=str(scored.get("detail", ""))[:400], status=result.status, value=result.value,
            answer=result.answer[:400], tools=[s.get("tool") for s in result.steps],
            tool_calls=sum(1 for s in result.steps if s.get("tool") not in ("plan", "think")),
            tool_selection_errors=errors, calls=tot["calls"],
            tokens=tot["input_tokens"] + tot["output_tokens"], seconds=round(time.perf_counter() - t0, 3),
            error=result.status_detail if result.status == "error" else None,
        )
        return rec

    return run


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    by_dim: dict[str, dict[str, Any]] = {}
    for r in records:
        d = by_dim.setdefault(r["dimension"], {"n": 0, "correct": 0, "score_sum": 0.0, "errors": 0,
                                               "tasks_with_selection_error": 0, "tool_calls": 0, "selection_errors": 0})
        d["n"] += 1
        d["correct"] += bool(r.get("correct"))
        d["score_sum"] += float(r.get("score") or 0.0)
        d["errors"] += bool(r.get("error"))
        d["tasks_with_selection_error"] += bool(r.get("tool_selection_errors"))
        d["tool_calls"] += int(r.get("tool_calls") or 0)
        d["selection_errors"] += len(r.get("tool_selection_errors") or [])
    for d in by_dim.values():
        d["accuracy"] = d["correct"] / d["n"] if d["n"] else None
        d["mean_score"] = d.pop("score_sum") / d["n"] if d["n"] else None
        d["selection_error_rate"] = d["selection_errors"] / d["tool_calls"] if d["tool_calls"] else 0.0
    n = len(records)
    calls = sum(int(r.get("tool_calls") or 0) for r in records)
    sel = sum(len(r.get("tool_selection_errors") or []) for r in records)
    return {
        "n": n, "correct": sum(bool(r.get("correct")) for r in records),
        "accuracy": (sum(bool(r.get("correct")) for r in records) / n) if n else None,
        "errors": sum(bool(r.get("error")) for r in records),
        "tool_selection_error_rate": sel / calls if calls else 0.0,
        "tasks_with_tool_selection_error": sum(bool(r.get("tool_selection_errors")) for r in records),
        "by_dimension": by_dim,
        "mean_seconds": sum(float(r.get("seconds") or 0) for r in records) / n if n else None,
        "mean_tokens": sum(int(r.get("tokens") or 0) for r in records) / n if n else None,
    }


def select_tasks(dimension: str, limit: int | None = None) -> list[dict[str, Any]]:
    """The tasks of the dimension(s), the first ``limit`` of each dimension when given."""
    tasks = load_tasks(dimension)
    if limit is None:
        return tasks
    kept: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for t in tasks:
        seen[t["_set"]] = seen.get(t["_set"], 0) + 1
        if seen[t["_set"]] <= limit:
            kept.append(t)
    return kept


def run_cab(dimension: str, *, preset: str = "mirror", limit: int | None = None, out_dir: str | Path | None = None,
            concurrency: int = 1, quiet: bool = False, options: Mapping[str, Any] | None = None,
            echo: Callable[[str], None] = print) -> dict[str, Any]:
    tasks = select_tasks(dimension, limit)
    out = Path(out_dir) if out_dir else default_out_dir("cab", f"{dimension.replace(',', '+')}-{preset}")
    path = out / "records.jsonl"
    existing = load_records(path)
    done = {str(r.get("id")) for r in existing}
    todo = [t for t in tasks if t["id"] not in done]
    workdir = out / "resources"
    workdir.mkdir(parents=True, exist_ok=True)
    fn = make_runner({**dict(options or {}), "preset": preset}, workdir)
    if not quiet:
        echo(f"cab {dimension} with {preset}: {len(tasks)} task(s) -> {out} ({len(tasks) - len(todo)} already done)")
    started = datetime.now().isoformat(timespec="seconds")
    t0 = time.perf_counter()
    with JsonlWriter(path) as writer:
        new = run_items(todo, fn, writer, concurrency=concurrency, desc=f"cab {dimension}", quiet=quiet,
                        on_error=lambda t, exc: {"id": t["id"], "dimension": t["_set"], "preset": preset,
                                                 "correct": False, "score": 0.0,
                                                 "error": f"{type(exc).__name__}: {exc}"})
    latest = {str(r.get("id")): r for r in [*existing, *new]}
    records = [latest[t["id"]] for t in tasks if t["id"] in latest]
    summary = {"benchmark": "cab", "dimension": dimension, "preset": preset, "out_dir": str(out),
               "started_at": started, "elapsed_s": round(time.perf_counter() - t0, 3), **summarise(records)}
    write_summary(out / "summary.json", summary)
    groups = {k: {"n": v["n"], "correct": v["correct"], "accuracy": v["accuracy"], "errors": v["errors"]}
              for k, v in summary["by_dimension"].items()}
    echo(format_table(f"cab ({preset}): accuracy {100 * (summary['accuracy'] or 0):.1f}% "
                      f"({summary['correct']}/{summary['n']}); tool-selection error rate "
                      f"{100 * summary['tool_selection_error_rate']:.1f}% of tool calls", groups, label="dimension",
                      total={"n": summary["n"], "correct": summary["correct"], "accuracy": summary["accuracy"],
                             "errors": summary["errors"]}))
    for name, d in summary["by_dimension"].items():
        echo(f"  {name:<22} mean score {d['mean_score']:.3f}  selection errors {d['selection_errors']}/"
             f"{d['tool_calls']} calls")
    return summary
