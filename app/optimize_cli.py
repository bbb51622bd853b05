"""``medmirror optimize``: ReflecTool's optimisation stage over labelled cases: MedCalc-Bench rows (CSV) or the
toolbox task sets of ``bench cab`` (JSONL under tools/*/tasks, scored by their own scorers).

Each case runs through :mod:`medmirror.graphs.optimize`; results go to ``<out>/optimize.jsonl``
(appended per case, so a killed run resumes where it stopped) and the experience
store in the data directory (or ``--store``) accumulates trajectories and per-tool
experience. The report counts cases solved first time, solved after reflection,
stored, unsolved and errored.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from medmirror.bench.cab import TASK_SETS, materialise, scorer_for
from medmirror.bench.cli import _settings_pairs
from medmirror.bench.common import JsonlWriter, default_out_dir, load_records, progress_bar, write_summary
from medmirror.bench.medcalc import read_medcalc_csv
from medmirror.bench.scoring import medcalc_scorer
from medmirror.core.limits import check_data_file, cut_line
from medmirror.core.settings import Settings
from medmirror.graphs.optimize import build_optimize_graph
from medmirror.memory.experience import ExperienceStore


def medcalc_cases(path: str | Path, n: int | None, skip: int = 0) -> list[dict[str, Any]]:
    rows = read_medcalc_csv(path, ("Patient Note", "Question"))[skip:]
    if n is not None:
        rows = rows[:n]
    return [{
        "id": row.id, "question": row.question, "note": row.note, "source": "medcalc-bench",
        "kind": row.calculator_name, "gold_text": row.ground_truth,
        "gold": {"answer": row.ground_truth, "lower": row.lower, "upper": row.upper, "output_type": row.output_type},
    } for row in rows]


class OptimizeDataError(ValueError):
    """Data the optimisation stage cannot read (the message says why, on one line of at most MAX_ERROR_LINE_CHARS)."""

    def __init__(self, message: str) -> None:
        super().__init__(cut_line(message))


RADIOLOGY = ("radiology tasks (bench rada) are generated per synthetic record and scored by tool-chain metrics, "
             "not by a labelled answer: the optimisation stage does not read them")


def toolbox_cases(path: str | Path, n: int | None, skip: int = 0, workdir: Path | None = None) -> list[dict[str, Any]]:
    """The tasks of a toolbox task file (JSONL, as ``bench cab`` reads them) as optimisation cases; their resources
    (a synthetic EHR database, documents) are made in ``workdir``."""
    path = Path(path)
    known = {p.resolve(): name for name, (p, _, _) in TASK_SETS.items()}
    tasks = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not line.strip():
            continue
        task = json.loads(line)
        name = known.get(path.resolve()) or task.get("dimension")
        if name not in TASK_SETS:
            raise OptimizeDataError(f"{path}, line {i + 1}: task set {name!r} unknown; toolbox task sets are "
                                    f"{', '.join(TASK_SETS)} (each task names its 'dimension')")
        task["_set"], task["_dir"] = name, str(path.parent)
        tasks.append(task)
    tasks = tasks[skip:]
    if n is not None:
        tasks = tasks[:n]
    workdir = workdir or Path(tempfile.mkdtemp(prefix="medmirror-optimize-"))
    return [{
        "id": task["id"], "question": task["question"], "note": task.get("note"), "options": task.get("options"),
        "resources": materialise(task, workdir), "source": f"toolbox:{task['_set']}", "kind": task["_set"],
        "gold_text": json.dumps(task.get("gold"), default=str)[:300], "task": task,
    } for task in tasks]


def toolbox_scorer(case: dict[str, Any], attempt: dict[str, Any]) -> tuple[bool, str]:
    """A toolbox task's own scorer on the whole attempt (answer text, value, steps)."""
    task = case["task"]
    scored = scorer_for(task)(task, attempt.get("answer"), attempt.get("value"), attempt.get("steps") or [])
    return bool(scored.get("correct")), str(scored.get("detail", ""))[:400]


def load_cases(data: str | Path, n: int | None, skip: int = 0) -> tuple[list[dict[str, Any]], bool]:
    """(cases, toolbox?) from a MedCalc-Bench CSV or a toolbox task file (JSONL)."""
    path = Path(data)
    if "radiology" in path.parts or path.suffix.lower() not in (".csv", ".jsonl"):
        if "radiology" in path.parts or "rada" in path.name.lower():
            raise OptimizeDataError(RADIOLOGY)
        raise OptimizeDataError(f"{path}: give a MedCalc-Bench CSV or a toolbox task file (.jsonl under tools/*/tasks)")
    check_data_file(path, OptimizeDataError)
    if path.suffix.lower() == ".jsonl":
        return toolbox_cases(path, n, skip), True
    return medcalc_cases(path, n, skip), False


def run_optimize(data: str | Path, n: int | None = None, *, skip: int = 0, preset: str = "reflectool-refine",
                 out_dir: str | Path | None = None, store: Any = None, models: Any = None, quiet: bool = False,
                 settings: dict[str, Any] | None = None, echo=print) -> dict[str, Any]:

    cases, toolbox = load_cases(data, n, skip)
    # the toolbox tasks are run as bench cab runs them: every tool offered, whatever resources the task attached
    s = Settings.resolve(preset, **({"offer_unusable_tools": True} if toolbox else {}), **(settings or {}))
    store = store or ExperienceStore(s.experience_location)
    graph = (build_optimize_graph(store=store, attempt_scorer=toolbox_scorer, models=models) if toolbox
             else build_optimize_graph(store=store, scorer=medcalc_scorer, models=models))
    out = Path(out_dir) if out_dir else default_out_dir("optimize", preset)
    path = out / "optimize.jsonl"
    done = {str(r.get("id")) for r in load_records(path)}
    todo = [c for c in cases if str(c["id"]) not in done]
    if not quiet:
        echo(f"optimize: {len(cases)} case(s) from {data} with preset {preset} -> {out} "
             f"({len(cases) - len(todo)} already done); store {store.name}")
    bar = progress_bar(len(todo), "optimize", quiet)
    with JsonlWriter(path) as writer:
        for case in todo:
            t0 = time.perf_counter()
            try:
                result = graph.invoke({"case": case}, context=s)
                outcome = result.get("outcome") or ("error" if result.get("status") == "error" else "unsolved")
                rec = {"id": case["id"], "kind": case["kind"], "outcome": outcome,
                       "c1_correct": result.get("c1_correct"), "c2_correct": result.get("c2_correct"),
                       "c1_value": (result.get("c1") or {}).get("value"), "c2_value": (result.get("c2") or {}).get("value"),
                       "suggestion": result.get("suggestion"), "stored_id": result.get("stored_id"),
                       "experience_tools": sorted((result.get("experience") or {}).keys()),
                       "error": result.get("status_detail") if result.get("status") == "error" else None}
            except Exception as exc:  # noqa: BLE001 - one case failing must not stop the run
                rec = {"id": case["id"], "kind": case["kind"], "outcome": "error", "error": f"{type(exc).__name__}: {exc}"}
            rec["seconds"] = round(time.perf_counter() - t0, 3)
            writer.write(rec)
            bar.update(1)
    bar.close()
    records = [r for r in load_records(path) if str(r.get("id")) in {str(c["id"]) for c in cases}]
    counts = Counter(r.get("outcome") for r in records)
    summary = {
        "cases": len(records), "solved_first": counts.get("solved_first", 0),
        "solved_after_reflection": counts.get("solved_after_reflection", 0),
        "stored": sum(1 for r in records if r.get("stored_id")), "unsolved": counts.get("unsolved", 0),
        "errors": counts.get("error", 0), "preset": preset, "data": str(data), "skip": skip, "n": n,
        "mean_seconds": sum(r.get("seconds", 0) for r in records) / max(len(records), 1),
        "store": store.stats(),
    }
    write_summary(out / "summary.json", summary)
    echo(f"optimize: {summary['cases']} cases: {summary['solved_first']} solved first time, "
         f"{summary['solved_after_reflection']} solved after reflection, {summary['stored']} stored, "
         f"{summary['unsolved']} unsolved, {summary['errors']} errors; {summary['mean_seconds']:.1f} s per case; "
         f"store: {summary['store']}")
    return summary


def handle_optimize(args: argparse.Namespace) -> int:
    """``medmirror optimize`` (its flags are in :mod:`medmirror.cli`); returns the exit code."""
    try:
        run_optimize(args.data, args.n, skip=args.skip, preset=args.preset, out_dir=args.out, quiet=args.quiet,
                     settings=_settings_pairs(args.set))
    except OptimizeDataError as err:  # refused before any case runs
        print(f"medmirror: error: {err}", file=sys.stderr)
        return 2
    return 0

