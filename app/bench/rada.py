"""RadA-BenchPlat-style radiology tool-use benchmark: ``medmirror bench rada --condition NAME``.

Cases are ``generate_records(N, seed)`` x task types (all 11 by default) under one
tool-set condition (``insufficient`` = its three configs). Each case builds the
task (:func:`medmirror.tools.radiology.tasks.make_task`), its tool set
(:func:`medmirror.tools.radiology.toolsets.build_toolset`) and a
:class:`medmirror.tools.radiology.agent_tools.RadiologyWorkbench`, and runs the main graph on
the task's question with the workbench registry; the agent gets the question and
the task's initial memory (image id and clinical information) and nothing else.
Every tool of the set (and ``no_call``) is offered.

Scoring uses :mod:`medmirror.tools.radiology.metrics` only; this module prepares its inputs
from the run (see :func:`score_case`):

* chains are tool categories (``no_call`` -> ``"NoCall"``) of the plan's tools
  (presets with a planner; None otherwise) and of the steps that ran ok, compared
  with the gold chain (Levenshtein, FDR, TMA matched by position as in the paper, and the
  order-free TMA as the named extra ``*_tool_matching_accuracy_unordered``);
* the protocol answers are the radiology steps in order: with a planner, the
  executor's Call / EndCall / NoCall labels; in the single-loop presets the executor
  labels every step a possible EndCall, so the last successful call counts as the
  EndCall when the agent said ``finish`` and earlier ones as Calls;
* execution completion: the last answer is an EndCall that ran ok and memory holds
  every target output; pre-failure success: tool steps in order, a NoCall that did
  not get a tool built counts as the point of failure (one that did is skipped); as
  in the paper it is defined for the failed (not completed) cases only - None on a
  completed case, so its summary mean is over the failed cases, whose number is
  ``pre_failure_n`` - and ``pre_failure_success_all`` is the named variant over every
  case (a completed case counts as it ran, normally 1.0);
* target hit (the paper's): the last tool that ran ok is of the gold chain's final category
  and every target output is in memory in its format (values not compared);
  ``target_value_hit`` (named extra) and milestone hit compare memory values with the
  task's truths; BLEU, ROUGE-L and token F1 compare the answer text with the reference answer;
* optimal tool score: per gold step, the agent's choice is the first tool of the step's
  category it called (whether or not the call succeeded: a failed call of an unsuitable
  tool is still the tool it chose), credited by its rank among the step's suitable tools
  (``toolset.suitable``; best 1.0, lower ranks less, unsuitable 0; see
  :func:`~medmirror.tools.radiology.metrics.suitability_credit`); ``optimal_tool_exact`` is
  the strict variant against ``toolset.optimal`` (every condition; the Differentiated
  one is the point);
* Insufficient only: awareness (first NoCall before any EndCall, at the gap's
  position among the successful answers) and grounding (the first NoCall names the gap).

Prompting strategies (the paper's; :mod:`medmirror.bench.rada_strategies`): ``rada_few_shot = k`` shows k
worked examples (task -> tool chain) from other records and other task types, never the case's own chain;
``rada_prompt_backprop = true`` rewrites a learned addendum to the agents' instructions after every case
that did not complete, used by the following cases and kept, version by version, in
``<out>/prompt_versions.jsonl`` (a resumed run continues with the last). Each record says which version
it ran with (``prompt_version``), whether it led to a new one (``prompt_updated_to``) and how many examples
it was shown (``few_shot``); the optimiser's tokens and calls are counted in the failed case's.

Output: ``<out>/records.jsonl`` (one record per case, appended as it finishes, with
``metrics_version``; reruns over the same ``--out`` skip ids already there with the
current :data:`METRICS_VERSION` and run again those scored under older definitions) and ``<out>/summary.json``
(mean of each metric overall, per task type and per condition, completion by
complexity, wall time, mean tokens / model calls / seconds, failures listed).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from medmirror.api import solve
from medmirror.bench.common import JsonlWriter, default_out_dir, load_records, run_items, write_summary
from medmirror.bench.rada_strategies import VERSIONS_FILE, PromptHistory, few_shot_examples
from medmirror.core.models.factory import ModelSet
from medmirror.core.models.structured import StructuredOutputError
from medmirror.core.settings import Settings
from medmirror.core.usage import totals
from medmirror.nodes.prompt_backprop import failure_text, rewrite_instructions
from medmirror.tools.radiology import metrics as M
from medmirror.tools.radiology.agent_tools import NO_CALL, RadiologyWorkbench
from medmirror.tools.radiology.records import RadRecord, generate_records
from medmirror.tools.radiology.tasks import TASK_TYPES, RadTask, make_task
from medmirror.tools.radiology.toolsets import CONDITIONS, ToolSet, build_toolset

INSUFFICIENT = ("insufficient_config1", "insufficient_config2", "insufficient_config3")
CONDITION_GROUPS: dict[str, tuple[str, ...]] = {"insufficient": INSUFFICIENT}
NO_CALL_LABEL = "NoCall"

# Benchmark defaults a --set can override: no checkpoints, and a single-loop step budget
# that fits the longest gold chain (7 steps) with room for retries (the preset default is 6).
BENCH_SETTINGS: dict[str, Any] = {"checkpointer": "none", "max_react_steps": 12}

# Per-case metrics, in table/summary order. None = not applicable to the case.
METRICS: tuple[str, ...] = (
    "execution_completion", "target_hit", "target_value_hit", "milestone_hit", "pre_failure_success", "pre_failure_success_all",
    "plan_levenshtein", "plan_false_discovery_rate", "plan_tool_matching_accuracy",
    "plan_tool_matching_accuracy_unordered",
    "exec_levenshtein", "exec_false_discovery_rate", "exec_tool_matching_accuracy",
    "exec_tool_matching_accuracy_unordered",
    "optimal_tool_score", "optimal_tool_exact", "bleu", "rouge_l", "token_f1",
    "unsolvability_awareness", "unsolvability_grounding",
)


# Version of the metric definitions in a record. 2: the paper's TMA by position, optimal tool score
# with rank credit, pre-failure success over failed cases, target hit = final tool + format.
METRICS_VERSION = 2


class RadaError(RuntimeError):
    """Bad benchmark options (unknown condition or task type, bad counts)."""


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


def resolve_conditions(name: str) -> list[str]:
    """A condition name of :data:`CONDITIONS`, or ``insufficient`` for its three configs."""
    if name in CONDITION_GROUPS:
        return list(CONDITION_GROUPS[name])
    if name in CONDITIONS:
        return [name]
    raise RadaError(f"unknown condition {name!r}; choose from {', '.join([*CONDITIONS, *CONDITION_GROUPS])}")


def resolve_tasks(spec: str | Sequence[str] | None) -> list[str]:
    """Task types from a comma-separated string or list (None/empty: all 11)."""
    if spec is None:
        return list(TASK_TYPES)
    names = [t.strip() for t in (spec.split(",") if isinstance(spec, str) else spec) if t.strip()]
    if not names:
        return list(TASK_TYPES)
    unknown = [t for t in names if t not in TASK_TYPES]
    if unknown:
        raise RadaError(f"unknown task type(s) {unknown}; choose from {', '.join(TASK_TYPES)}")
    return list(dict.fromkeys(names))


@dataclass
class Case:
    id: str
    condition: str
    record: RadRecord
    task: RadTask


def make_cases(n_records: int, seed: int, task_types: Sequence[str], conditions: Sequence[str],
               limit: int | None = None) -> list[Case]:
    """Records x task types x conditions, in that nesting order (first ``limit`` cases)."""
    if n_records < 1:
        raise RadaError(f"--records must be >= 1, got {n_records}")
    cases: list[Case] = []
    for record in generate_records(n_records, seed):
        for task_type in task_types:
            task = make_task(record, task_type)
            for condition in conditions:
                cases.append(Case(id=f"{task.id}:{condition}", condition=condition, record=record, task=task))
    return cases[:limit] if limit is not None else cases


# ---------------------------------------------------------------------------
# Scoring one run
# ---------------------------------------------------------------------------


def category_of(name: str | None, toolset: ToolSet) -> str:
    """A tool name as its category (``no_call`` -> NoCall; a name not in the set -> ``?name``)."""
    if name == NO_CALL:
        return NO_CALL_LABEL
    try:
        return toolset.card(str(name)).category
    except KeyError:
        return f"?{name}"


def planned_tools(plan: Sequence[Mapping[str, Any]]) -> list[str]:
    """The tools of a plan's subtasks, in order (subtasks without a tool are left out)."""
    return [str(s.get("tool")) for s in plan if s.get("tool") not in (None, "", "none")]


def protocol_steps(steps: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The radiology steps of a run (the executor sets ``protocol`` on them; inner actions have none)."""
    return [s for s in steps if s.get("protocol")]


def protocol_answers(steps: Sequence[Mapping[str, Any]], *, use_planner: bool, finished: bool) -> list[dict[str, Any]]:
    """The agent's step answers in order: ``{"kind": call|end_call|no_call, "tool", "ok", "built"}``.

    With a planner the executor's labels are used as they are. In single-loop presets the
    executor labels every step Call (there is no plan to say which is last), so the last
    successful non-NoCall step is the EndCall iff the agent ended with ``finish`` (``finished``)
    and nothing but failed steps came after it; every other step is a Call.
    """
    pro = protocol_steps(steps)
    kinds = {"Call": "call", "EndCall": "end_call", "NoCall": "no_call"}
    out = [{"kind": kinds.get(str(s["protocol"]), "call"), "tool": s.get("tool"), "ok": bool(s.get("ok")),
            "built": bool(isinstance(s.get("observation"), Mapping) and s["observation"].get("built"))}
           for s in pro]
    if not use_planner:
        last_ok = max((i for i, a in enumerate(out) if a["ok"] and a["kind"] != "no_call"), default=None)
        later_no_call = last_ok is not None and any(a["kind"] == "no_call" for a in out[last_ok + 1:])
        for i, a in enumerate(out):
            if a["kind"] != "no_call":
                a["kind"] = "end_call" if (finished and i == last_ok and not later_no_call) else "call"
    return out


def _values(memory: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (v["value"] if isinstance(v, Mapping) and "value" in v else v) for k, v in memory.items()}


def chosen_per_gold_step(task: RadTask, steps: Sequence[Mapping[str, Any]], toolset: ToolSet) -> dict[int, str | None]:
    """Per gold step index, the first tool of the step's category the agent called, whether the
    call succeeded or not (None if it called none)."""
    called = [(category_of(s.get("tool"), toolset), str(s.get("tool"))) for s in protocol_steps(steps)]
    return {g.index: next((name for cat, name in called if cat == g.category), None) for g in task.gold_chain}


def score_case(task: RadTask, toolset: ToolSet, *, steps: Sequence[Mapping[str, Any]],
               plan: Sequence[Mapping[str, Any]] | None, memory: Mapping[str, Any], answer: str,
               use_planner: bool, finished: bool, final_toolset: ToolSet | None = None) -> dict[str, Any]:
    """Chains, protocol answers and every per-case metric of one run (see the module docstring).

    ``toolset`` is the set the case started with (its ``optimal``, ``suitable`` and ``unsolvable``);
    ``final_toolset`` the set after any tools were built (for naming their categories).
    """
    names = final_toolset or toolset
    gold = task.gold_categories
    planned = [category_of(t, names) for t in planned_tools(plan)] if use_planner and plan is not None else None
    pro = protocol_steps(steps)
    executed = [category_of(s.get("tool"), names) for s in pro if s.get("ok")]
    answers = protocol_answers(steps, use_planner=use_planner, finished=finished)
    produced = _values(memory)

    last = answers[-1] if answers else None
    completed = bool(last and last["kind"] == "end_call" and last["ok"]
                     and all(k in produced for k in task.target_outputs))
    step_ok = [a["ok"] and a["kind"] != "no_call" for a in answers if not (a["kind"] == "no_call" and a["built"])]

    m: dict[str, Any] = dict.fromkeys(METRICS)
    m.update(
        execution_completion=float(completed),
        target_hit=float(M.target_hit(executed[-1] if executed else None, gold[-1], produced, task.target_outputs)),
        target_value_hit=float(M.target_value_hit(produced, task.target)),
        milestone_hit=M.milestone_hit_rate(produced, task.milestones),
        pre_failure_success=None if completed else M.pre_failure_success(step_ok, len(gold)),
        pre_failure_success_all=M.pre_failure_success(step_ok, len(gold)),
    )
    if planned is not None:
        m.update({f"plan_{k}": v for k, v in M.chain_metrics(planned, gold).items()})
    m.update({f"exec_{k}": v for k, v in M.chain_metrics(executed, gold).items()})
    chosen = chosen_per_gold_step(task, steps, names)
    if toolset.suitable:
        m["optimal_tool_score"] = M.optimal_tool_score(chosen, toolset.suitable)
    if toolset.optimal:
        m["optimal_tool_exact"] = M.optimal_tool_exact(chosen, toolset.optimal)
    m.update(M.text_metrics(answer or "", task.reference_answer))

    no_calls = [s for s in pro if s.get("protocol") == NO_CALL_LABEL and s.get("ok")]
    first_no_call = no_calls[0]["observation"].get("no_call") if no_calls else None
    if toolset.unsolvable is not None:
        ok_kinds = [a["kind"] for a in answers if a["ok"]]
        m["unsolvability_awareness"] = float(M.unsolvability_aware(ok_kinds, toolset.unsolvable.step_index))
        m["unsolvability_grounding"] = float(M.unsolvability_grounded(first_no_call, toolset.unsolvable))
    return {
        "gold_chain": gold, "planned_chain": planned, "executed_chain": executed,
        "protocol_answers": answers, "no_call": first_no_call, "completed": completed, "metrics": m,
    }


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


def _base(case: Case, preset: str) -> dict[str, Any]:
    t = case.task
    return {"id": case.id, "record_id": case.record.id, "task_type": t.task_type, "condition": case.condition,
            "preset": preset, "complexity": t.complexity, "gold_chain": t.gold_categories,
            "metrics_version": METRICS_VERSION}


def backprop(history: PromptHistory, models: ModelSet, s: Settings, case: Case, rec: Mapping[str, Any],
             steps: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """After a case that did not complete: the optimiser rewrites the learned instructions; a new version is
    kept when the text changed. Returns the record's fields (new version or why not, the optimiser's usage)."""
    calls = [{"tool": s_.get("tool"), "protocol": s_.get("protocol"), "ok": bool(s_.get("ok")),
              "error": s_.get("error")} for s_ in protocol_steps(steps)]
    failure = failure_text(gold_chain=case.task.gold_categories, executed_chain=rec["executed_chain"] or [],
                           calls=calls, missing_outputs=[k for k in case.task.target_outputs
                                                         if k not in rec["memory_keys"]],
                           status=str(rec["status"]), status_detail=str(rec["status_detail"]))
    try:
        text, usage = rewrite_instructions(models.for_role("reviewer", s), s, question=case.task.question,
                                           failure=failure, current=history.instructions)
    except StructuredOutputError as err:
        return {"prompt_updated_to": None, "prompt_backprop_error": str(err)[:300], "optimiser_usage": {}}
    tot = totals(usage)
    if not text or text == history.instructions:
        return {"prompt_updated_to": None, "prompt_backprop_error": "unchanged", "optimiser_usage": tot}
    version = history.add(text, after_case=case.id, reason=failure, tokens=tot["input_tokens"] + tot["output_tokens"],
                          calls=tot["calls"])
    return {"prompt_updated_to": version, "prompt_backprop_error": None, "optimiser_usage": tot}


def make_runner(options: Mapping[str, Any], *, preset: str, seed: int, build_tools: bool,
                history: PromptHistory | None = None) -> Callable[[Case], dict[str, Any]]:
    """``case -> record``: build the workbench, run :func:`medmirror.api.solve`, score the run; with
    ``rada_prompt_backprop`` (and a ``history``), a failed case rewrites the learned instructions."""

    defaults = {k: v for k, v in BENCH_SETTINGS.items()
                if not (k == "max_react_steps" and Settings.resolve(preset).use_planner)}  # the planner graph refuses it
    settings = {**defaults, **dict(options.get("settings") or {})}
    models = options.get("models")
    s = Settings.resolve(preset, **settings)  # also validates the settings up front
    use_planner = s.use_planner
    model_set = models if isinstance(models, ModelSet) else ModelSet(models)
    backprop_on = s.rada_prompt_backprop and history is not None

    def run(case: Case) -> dict[str, Any]:
        t0 = time.perf_counter()
        task = case.task
        toolset = build_toolset(case.condition, task, seed)
        wb = RadiologyWorkbench(task, toolset, case.record, seed=seed)
        examples = few_shot_examples(task, s.rada_few_shot, seed)
        version, instructions = (history.version, history.instructions) if backprop_on else (0, "")
        result = solve(task.question, None, preset=preset, resources=wb.resources(), registry=wb.registry,
                       models=model_set, saver=None, examples=examples or None, instructions=instructions or None,
                       **{**settings, "top_n_tools": len(toolset.cards) + 1, "build_missing_tools": build_tools})
        finished = any(e.get("event") == "react_finish" for e in result.trace)
        scored = score_case(task, toolset, steps=result.steps, plan=result.plan, memory=result.working_memory,
                            answer=result.answer, use_planner=use_planner, finished=finished,
                            final_toolset=wb.toolset)
        tot = totals(result.usage.get("nodes", {}))
        rec = _base(case, preset)
        rec.update(
            planned_chain=scored["planned_chain"], executed_chain=scored["executed_chain"],
            protocol=[{"tool": s.get("tool"), "protocol": s.get("protocol"), "ok": bool(s.get("ok")),
                       "error": (s.get("error") or None) and str(s["error"])[:200]}
                      for s in protocol_steps(result.steps)],
            answers=[a["kind"] for a in scored["protocol_answers"]],
            no_call=scored["no_call"], gap=toolset.unsolvable.model_dump() if toolset.unsolvable else None,
            status=result.status, status_detail=result.status_detail[:300], answer=result.answer[:1000],
            memory_keys=[k for k in result.working_memory if k not in task.initial_memory],
            built_tools=list(wb.built), metrics=scored["metrics"],
            tokens=tot["input_tokens"] + tot["output_tokens"], calls=tot["calls"],
            seconds=round(time.perf_counter() - t0, 3),
            error=result.status_detail[:300] if result.status == "error" else None,
            few_shot=len(examples), prompt_version=version if backprop_on else None,
        )
        if backprop_on and not scored["completed"]:
            rec.update(backprop(history, model_set, s, case, rec, result.steps))
            opt = rec.pop("optimiser_usage")
            rec["tokens"] += opt.get("input_tokens", 0) + opt.get("output_tokens", 0)
            rec["calls"] += opt.get("calls", 0)
            rec["seconds"] = round(time.perf_counter() - t0, 3)
        return rec

    return run


def _mean(values: Sequence[float | None]) -> float | None:
    vals = [float(v) for v in values if v is not None]
    return sum(vals) / len(vals) if vals else None


def _metric_means(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    scored = [r for r in records if isinstance(r.get("metrics"), Mapping)]
    out: dict[str, Any] = {"n": len(records), "errors": sum(1 for r in records if r.get("error"))}
    out.update({k: _mean([r["metrics"].get(k) for r in scored]) for k in METRICS})
    # the number of cases pre-failure success is the mean of (the failed ones)
    out["pre_failure_n"] = sum(1 for r in scored if r["metrics"].get("pre_failure_success") is not None)
    return out


def summarise(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Means of every metric overall, per task type and per condition (each with ``pre_failure_n``,
    the failed cases pre-failure success is averaged over); completion by complexity; costs."""
    scored = [r for r in records if isinstance(r.get("metrics"), Mapping)]
    by_task: dict[str, list[Mapping[str, Any]]] = {}
    by_condition: dict[str, list[Mapping[str, Any]]] = {}
    for r in records:
        by_task.setdefault(str(r.get("task_type")), []).append(r)
        by_condition.setdefault(str(r.get("condition")), []).append(r)
    order = {t: i for i, t in enumerate(TASK_TYPES)}
    n = len(records)
    failures = [{"id": r.get("id"), "error": r.get("error")} for r in records if r.get("error")]
    return {
        "n": n, "scored": len(scored), "failures": len(failures), "failed_cases": failures,
        "overall": _metric_means(records),
        "by_task_type": {k: _metric_means(by_task[k]) for k in sorted(by_task, key=lambda t: order.get(t, 99))},
        "by_condition": {k: _metric_means(v) for k, v in sorted(by_condition.items())},
        "completion_by_complexity": M.task_completion_by_complexity(
            (len(r["gold_chain"]), bool(r["metrics"].get("execution_completion"))) for r in scored),
        "mean_tokens": _mean([r.get("tokens") for r in records]),
        "mean_calls": _mean([r.get("calls") for r in records]),
        "mean_seconds": _mean([r.get("seconds") for r in records]),
    }


# Columns of the printed table: (header, metric, format).
_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("compl", "execution_completion", "pct"), ("target", "target_hit", "pct"), ("tvalue", "target_value_hit", "pct"),
    ("milest", "milestone_hit", "pct"),
    ("prefail", "pre_failure_success", "pct"), ("nfail", "pre_failure_n", "int"), ("levP", "plan_levenshtein", "num"),
    ("levE", "exec_levenshtein", "num"), ("fdrE", "exec_false_discovery_rate", "num"),
    ("tmaE", "exec_tool_matching_accuracy", "num"), ("optim", "optimal_tool_score", "pct"),
    ("bleu", "bleu", "num"), ("rougeL", "rouge_l", "num"), ("f1", "token_f1", "num"),
    ("aware", "unsolvability_awareness", "pct"), ("ground", "unsolvability_grounding", "pct"),
)


def _cell(v: float | None, fmt: str) -> str:
    if v is None:
        return "-"
    if fmt == "int":
        return f"{v:.0f}"
    return f"{100 * v:.0f}%" if fmt == "pct" else f"{v:.2f}"


def format_table(title: str, groups: Mapping[str, Mapping[str, Any]], total: Mapping[str, Any]) -> str:
    """Fixed-width table of the mean metrics per group plus an overall line."""
    rows = [*groups.items(), ("overall", total)]
    width = max(len("task type"), *(len(k) for k, _ in rows))
    head = f"{'task type':<{width}}  {'n':>3} {'err':>3} " + " ".join(f"{h:>7}" for h, _, _ in _COLUMNS)
    lines = [title, head, "-" * len(head)]
    for name, g in rows:
        cells = " ".join(f"{_cell(g.get(k), f):>7}" for _, k, f in _COLUMNS)
        lines.append(f"{name:<{width}}  {g['n']:>3} {g['errors']:>3} {cells}")
    return "\n".join(lines)


def run_rada(condition: str, *, records: int = 1, tasks: str | Sequence[str] | None = None, preset: str = "mirror",
             out_dir: str | Path | None = None, seed: int = 0, build_tools: bool = False, limit: int | None = None,
             quiet: bool = False, options: Mapping[str, Any] | None = None,
             echo: Callable[[str], None] = print) -> dict[str, Any]:
    """Run the benchmark; writes records.jsonl and summary.json under ``out_dir``; returns the summary.

    ``options``: ``settings`` (Settings fields for every run, e.g. from ``--set``) and
    ``models`` (role -> chat model, passed to :func:`medmirror.api.solve`; tests use scripted ones).
    """
    options = dict(options or {})
    conditions = resolve_conditions(condition)
    task_types = resolve_tasks(tasks)
    cases = make_cases(records, seed, task_types, conditions, limit)
    out = Path(out_dir) if out_dir else default_out_dir("rada", f"{condition}-{preset}")
    path = out / "records.jsonl"
    existing = load_records(path)
    done = {str(r.get("id")) for r in existing if r.get("metrics_version") == METRICS_VERSION}
    todo = [c for c in cases if c.id not in done]
    history = PromptHistory.load(out, {str(r.get("id")) for r in existing})
    try:
        fn = make_runner(options, preset=preset, seed=seed, build_tools=build_tools, history=history)
    except ValueError as exc:  # invalid preset or --set value (pydantic)
        raise RadaError(str(exc)) from exc
    if not quiet:
        echo(f"rada {condition} with {preset}: {len(cases)} case(s) -> {out} ({len(cases) - len(todo)} already done)")
    started = datetime.now().isoformat(timespec="seconds")
    t0 = time.perf_counter()
    with JsonlWriter(path) as writer:
        new = run_items(todo, fn, writer, desc=f"rada {condition}", quiet=quiet,
                        on_error=lambda c, exc: {**_base(c, preset), "metrics": None,
                                                 "error": f"{type(exc).__name__}: {exc}"[:500]})
    latest = {str(r.get("id")): r for r in [*existing, *new]}
    recs = [latest[c.id] for c in cases if c.id in latest]
    summary = {"benchmark": "rada", "condition": condition, "conditions": conditions, "preset": preset,
               "records": records, "seed": seed, "task_types": task_types, "build_tools": build_tools,
               "out_dir": str(out), "started_at": started, "elapsed_s": round(time.perf_counter() - t0, 3),
               "new_cases": len(new), **summarise(recs)}
    if history.versions or any(r.get("prompt_version") is not None for r in recs):
        summary["prompt_backprop"] = {"versions": history.version, "file": str(out / VERSIONS_FILE),
                                      "final_chars": len(history.instructions)}
    write_summary(out / "summary.json", summary)
    groups = summary["by_task_type"]
    if len(conditions) > 1:
        groups = {**groups, **{f"[{k}]": v for k, v in summary["by_condition"].items()}}
    echo(format_table(f"rada {condition} ({preset}), {summary['n']} case(s)", groups, summary["overall"]))
    cbc = summary["completion_by_complexity"]
    echo("completion by complexity: " + ", ".join(f"{k} {_cell(v, 'pct')}" for k, v in cbc.items()))
    echo(f"mean per case: {_cell(summary['mean_seconds'], 'num')} s, {_cell(summary['mean_tokens'], 'num')} tokens, "
         f"{_cell(summary['mean_calls'], 'num')} model calls; this run {summary['elapsed_s']:.1f} s "
         f"for {len(new)} new case(s); failures {summary['failures']}")
    for f in summary["failed_cases"]:
        echo(f"  failed {f['id']}: {f['error']}")
    if "prompt_backprop" in summary:
        echo(f"prompt back-propagation: {history.version} version(s) of the learned instructions in "
             f"{out / VERSIONS_FILE}")
    return summary
