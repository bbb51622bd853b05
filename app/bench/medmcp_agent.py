"""``bench medmcp --mode agent``: each scenario end to end over a patient record built from it (rules/record path).

For each scenario:

1. **The patient record** (:func:`record_rows`): every gold input of its calculators becomes a charted row of a
   SQLite EHR (:mod:`medmirror.tools.ehr.patient_record`): demographics the day before, then each calculator's
   inputs at its own time (vitals, labs, history, examination, assessments; a bare number takes the unit its label
   states), plus distractors: an older value of each of the first two labs (70 % of it, three days earlier) and an
   unrelated lab (serum magnesium). A field charted twice with different values keeps both; the later one is current.
2. **The plan**: the calculators the product's retrieval identifies in ``fuzzy_question`` (``plan=retrieval``, the
   default: plan mode's sentence-by-sentence identification), or the scenario's required calculators
   (``plan=oracle``: it isolates reading and computing from identification, and says so in the summary).
3. **Each calculator's inputs are read from the record** (read-only, the latest row of each label; the labels
   matched to the calculator's inputs by :func:`medmirror.bench.medmcp.gold_arguments`'s rule; a row an input cannot
   take is another calculator's, and the inputs are matched again without it, at most 6 times) with the row as the
   input's evidence (grounding status ``ehr``: table, row id, value, time), the calculator runs, and its value is
   compared with MDCalc's ``final_answer`` (:func:`medmirror.bench.medmcp.compare`).

``task_success``: every required calculator of the scenario identified and computed right. Per-measure accuracies:
identification recall / precision, input reading (the record's arguments equal to the gold inputs' arguments, per
input), value accuracy over covered mentions and over identified ones. No model is called: the scenarios' branches
are prose (``task_description``), so every identified calculator runs (conditions are not evaluated here).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from medmirror.bench.common import Record, accuracy, default_out_dir
from medmirror.bench.medmcp import (
    BENCHMARK,
    MedMCPRow,
    _accepts,
    argument,
    base_record,
    compare,
    fold,
    gold_arguments,
    make_plan,
    match_fields,
    resolve,
    run_medmcp,
)
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.base import Calculator
from medmirror.tools.ehr.patient_record import build_record, latest_rows, leading_number, read_rows, row_evidence
from medmirror.tools.extraction.grounding import canonical

T0 = datetime(2026, 3, 1, 8, 0)
MAX_REMATCH = 6  # rounds of matching a calculator's inputs without the rows it refused (bounded work)
PLANS = ("retrieval", "oracle")
_VITAL = re.compile(r"heart rate|pulse|blood pressure|systolic|diastolic|\bsbp\b|\bdbp\b|respiratory rate|"
                    r"temperature|\btemp\b|spo2|o2 sat|oxygen saturation|\bhr\b|\brr\b|\bmap\b", re.I)
_DEMOGRAPHIC = re.compile(r"\bage\b|\bsex\b|gender|weight|height", re.I)
_LAB_UNIT = re.compile(r"mg/dl|mmol/l|g/dl|g/l|u/l|iu/l|meq/l|µmol|umol|/µl|/ul|x10|×10|ng/ml|pg/ml|mg/l|"
                       r"mmhg|cells|%", re.I)
_LAB_WORD = re.compile(r"creatinine|sodium|potassium|chloride|bicarbonate|hco3|glucose|albumin|bilirubin|bun|urea|"
                       r"lactate|hemoglobin|haemoglobin|platelet|wbc|white|inr|pao2|paco2|ph\b|ldh|crp|ast|alt|"
                       r"d-dimer|troponin|calcium|magnesium|phosph|osmol|lipase|ferritin|a1c|fio2|eosinophil", re.I)
_LABEL_UNIT = re.compile(r"\(([^()]*)\)\s*$")


def _category(label: str, value: str) -> str:
    if _DEMOGRAPHIC.search(label):
        return "demographics"
    if _VITAL.search(label):
        return "vital"
    if _LAB_WORD.search(label) or (leading_number(value) is not None and _LAB_UNIT.search(f"{label} {value}")):
        return "lab"
    if fold(value).split()[:1] in (["yes"], ["no"]):
        return "history"
    return "assessment"


def _time(t: datetime) -> str:
    return t.isoformat(timespec="minutes")


def record_rows(row: MedMCPRow) -> list[dict[str, Any]]:
    """The scenario's patient record as charted rows (see the module doc), distractors marked ``distractor``."""
    rows: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for k, answer in enumerate(row.answers):
        for item in answer.get("inputs") or []:
            if not isinstance(item, dict) or item.get("value") in (None, ""):
                continue
            label, value = str(item.get("field", "")).strip(), str(item["value"]).strip()
            if not label or seen.get(fold(label)) == fold(value):
                continue
            seen[fold(label)] = fold(value)
            category = _category(label, value)
            unit = _LABEL_UNIT.search(label)
            bare = re.fullmatch(r"[-+]?\d+(?:\.\d+)?", value) is not None
            when = T0 - timedelta(days=1) if category == "demographics" else T0 + timedelta(minutes=15 * k)
            rows.append({"charttime": _time(when), "category": category, "label": label, "value": value,
                         "unit": unit.group(1) if unit and bare else ""})
    labs = [r for r in rows if r["category"] == "lab" and leading_number(r["value"])][:2]
    for r in labs:  # an older value of the same lab: superseded by the current one
        old = round(float(leading_number(r["value"]) or 0) * 0.7, 2)
        rest = r["value"][len(re.match(r"\s*[-+]?\d+(?:\.\d+)?", r["value"]).group()):]
        rows.append({**r, "charttime": _time(datetime.fromisoformat(r["charttime"]) - timedelta(days=3)),
                     "value": f"{old:g}{rest}", "distractor": "older value"})
    if "serum magnesium" not in seen:
        rows.append({"charttime": _time(T0), "category": "lab", "label": "Serum magnesium", "value": "2.0",
                     "unit": "mg/dL", "distractor": "unrelated lab"})
    return rows


def record_arguments(calc: Calculator, chart: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(arguments, grounding params) of ``calc`` read from the record's current rows: the labels matched to the
    inputs as the gold mode matches MDCalc's fields; each argument carries the row it was read from."""
    fields = [{"field": r["label"], "value": f"{r['value']}" if not r["unit"] else f"{r['value']} {r['unit']}"}
              for r in chart]
    matched = {name: label for label, name in match_fields(calc, [f["field"] for f in fields]).items()}
    args, _unmapped = gold_arguments(calc, fields)
    for _ in range(MAX_REMATCH):  # a row the input cannot take is another calculator's: match without it
        bad = {matched.get(n) for n, v in args.items() if not _accepts(calc, n, v)} - {None}
        if not bad:
            break
        fields = [f for f in fields if f["field"] not in bad]
        matched = {name: label for label, name in match_fields(calc, [f["field"] for f in fields]).items()}
        args, _unmapped = gold_arguments(calc, fields)
    by_label = {r["label"]: r for r in chart}
    specs = {s.name: s for s in calc.card().inputs}
    params = []
    for name, value in args.items():
        label = matched.get(name)
        if label is None or argument(specs[name], label, by_label[label]["value"]) != value:
            label = next((f["field"] for f in fields if argument(specs[name], f["field"], f["value"]) == value), label)
        src = by_label.get(label or "")
        params.append({"name": name, "value": value, "status": "ehr",
                       "evidence": row_evidence(src) if src else {"where": "ehr", "text": ""}})
    return args, params


def _agree(calc: Calculator, name: str, got: Any, gold: Any) -> bool:
    """The value read from the record is the gold input's value, once both are in the input's canonical unit."""
    if got is None:
        return False
    try:
        return canonical(calc, name, got) == canonical(calc, name, gold)
    except ValueError:
        return got == gold


def make_agent(options: Mapping[str, Any]):
    plan = str(options.get("plan") or "retrieval")
    if plan not in PLANS:
        raise ValueError(f"unknown agent plan {plan!r}; plans: {', '.join(PLANS)}")
    identify = make_plan(options) if plan == "retrieval" else None
    records_dir = Path(options["records_dir"])

    def run(row: MedMCPRow) -> Record:
        rec = base_record(row, "agent")
        rows = record_rows(row)
        db = build_record(records_dir / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', row.id)}.sqlite",
                          [{k: v for k, v in r.items() if k != "distractor"} for r in rows])
        chart = latest_rows(read_rows(db))
        required_ids = [(c.id if (c := resolve(n)) else None) for n in row.required]
        planned = (identify(row)["fuzzy_question"]["segments"] if identify is not None
                   else list(dict.fromkeys(c for c in required_ids if c)))
        steps: dict[str, Record] = {}
        for cid in planned:
            calc = CALCULATORS[cid]
            args, params = record_arguments(calc, chart)
            try:
                result = calc.run(args)
            except ValueError as exc:  # a refusal names what is missing or invalid: never a number
                steps[cid] = {"tool": cid, "ok": False, "error": str(exc)[:300], "arguments": args, "params": params}
            else:
                steps[cid] = {"tool": cid, "ok": True, "value": result.value, "unit": result.unit,
                              "interpretation": result.interpretation[:200], "arguments": args, "params": params}
        answers = {fold(a["name"]): a for a in row.answers}
        mentions = []
        for name, cid in zip(row.required, required_ids):
            m: Record = {"name": name, "calculator": cid, "covered": cid is not None,
                         "identified": cid is not None and cid in steps}
            answer = answers.get(fold(name))
            st = steps.get(cid or "")
            if cid is not None and answer is not None:
                gold_args, _ = gold_arguments(CALCULATORS[cid], list(answer.get("inputs") or []))
                got = (st or {}).get("arguments") or {}
                m.update(gold=answer.get("final_answer"), inputs_required=len(gold_args),
                         inputs_right=sum(_agree(CALCULATORS[cid], k, got.get(k), v) for k, v in gold_args.items())
                         if st else 0)
            if st is not None and st["ok"] and answer is not None:
                ok, why = compare(_Result(st), answer.get("final_answer"))
                m.update(value=st["value"], correct=ok, **({} if ok else {"reason": why}))
            else:
                m.update(correct=False, reason=(st or {}).get("error") or ("not identified" if cid else "not covered"))
            mentions.append(m)
        rec.update(plan=planned, required_ids=required_ids, steps=list(steps.values()), mentions=mentions,
                   record_rows=len(rows), distractors=sum(1 for r in rows if r.get("distractor")),
                   task_success=bool(mentions) and all(m["correct"] for m in mentions))
        return rec

    return run


class _Result:
    """A step as :func:`medmirror.bench.medmcp.compare` reads a calculator result."""

    def __init__(self, step: Record) -> None:
        self.value, self.unit, self.interpretation = step["value"], step.get("unit") or "", step.get("interpretation") or ""


def summarise_agent(records: list[Record]) -> dict[str, Any]:
    mentions = [m for r in records for m in r.get("mentions", [])]
    covered = [m for m in mentions if m.get("covered")]
    identified = [m for m in covered if m.get("identified")]
    planned = sum(len(r.get("plan", [])) for r in records)
    hits = sum(len(set(r.get("plan", [])) & set(filter(None, r.get("required_ids", [])))) for r in records)
    return {
        "plan": records[0].get("plan_source") if records else None,
        "task_success": accuracy(sum(bool(r.get("task_success")) for r in records), len(records)),
        "tasks_succeeded": sum(bool(r.get("task_success")) for r in records),
        "identification_recall": accuracy(len(identified), len(mentions)),
        "identification_precision": accuracy(hits, planned),
        "input_reading_accuracy": accuracy(sum(m.get("inputs_right", 0) for m in identified),
                                           sum(m.get("inputs_required", 0) for m in identified)),
        "value_accuracy": accuracy(sum(bool(m.get("correct")) for m in covered), len(covered)),
        "value_accuracy_identified": accuracy(sum(bool(m.get("correct")) for m in identified), len(identified)),
        "gold_value_accuracy": None,
        "steps_refused": sum(1 for r in records for s in r.get("steps", []) if not s.get("ok")),
        "steps_run": sum(len(r.get("steps", [])) for r in records),
    }


def render_agent(summary: dict[str, Any]) -> str:
    pct = lambda v: "-" if v is None else f"{100 * v:.1f}%"  # noqa: E731
    return (f"MedMCP-Calc (agent, plan={summary['plan']}): {summary['tasks']} tasks; task success "
            f"{pct(summary['task_success'])} ({summary['tasks_succeeded']}); identification recall "
            f"{pct(summary['identification_recall'])}, precision {pct(summary['identification_precision'])}; inputs read "
            f"right {pct(summary['input_reading_accuracy'])}; values right {pct(summary['value_accuracy'])} of covered "
            f"mentions, {pct(summary['value_accuracy_identified'])} of identified; {summary['steps_refused']}/"
            f"{summary['steps_run']} steps refused")


def run_medmcp_agent(data: str | Path, mode: str = "agent", *, out_dir: str | Path | None = None,
                     options: Mapping[str, Any] | None = None, **kwargs: Any) -> dict[str, Any]:
    """Agent mode through :func:`medmirror.bench.medmcp.run_medmcp` (records resumable, summary, plot); the patient
    records are kept under ``DIR/patients/``."""
    out = Path(out_dir) if out_dir is not None else default_out_dir(BENCHMARK, mode)
    opts = {**dict(options or {}), "records_dir": out / "patients"}
    plan = str(opts.get("plan") or "retrieval")

    def make(o: Mapping[str, Any]):
        fn = make_agent(o)

        def tagged(row: MedMCPRow) -> Record:
            return {**fn(row), "plan_source": plan}

        return tagged

    return run_medmcp(data, "agent", out_dir=out, options=opts, make=make, summarise=summarise_agent,
                      render_summary=render_agent, **kwargs)
