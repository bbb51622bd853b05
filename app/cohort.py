"""``medmirror cohort``: one question (or one calculator) over a population of notes.

    medmirror cohort --calculator bmi --notes notes/ --out runs/bmi-cohort
    medmirror cohort --question "What is the patient's BMI?" --table notes.csv --note-column text --id-column mrn
    medmirror cohort --calculator mean_arterial_pressure --ehr-db ehr.sqlite --ehr-table notes \\
        --id-column subject_id --note-column text --workers 2 --engine ray

Sources: a folder of ``*.txt`` notes (the id is the file name without ``.txt``), a CSV or JSON Lines
file with a note column (and an id column, else the row number), or a table of a SQLite EHR
database (read through the EHR tool's read-only connection; several ``--note-column`` are joined
as ``column: value`` lines).

Modes: ``extract`` (default; no model): the calculator on the inputs the rule extractor reads from
the note, each with its quoted span, as ``bench medcalc --mode extract`` does; ``agent``: the
whole graph with a preset (``--preset``). Per patient: ``status`` (answered, uncertain, refused,
error), the value with its unit and interpretation, ``confidence`` (the graph's, when it gives one),
the inputs with their evidence spans, the inputs missing or uncertain, and the reason when not
answered. Statuses in ``extract`` mode: answered; uncertain when the answer's confidence from its
evidence is below 0.7 (medmirror.tools.extraction.confidence: the inputs and sentences that make it so in
``reason``, the value kept with its ``value_range``); refused when the calculator cannot run on what the note gives (its message names
the missing or refused inputs); error when the note cannot be read (not UTF-8, over the size
limit, empty).

Outputs in ``--out``: ``records.jsonl`` (the store: one line per finished patient, appended as
each finishes, so a killed run loses only the patients in flight and a re-run skips the finished
ones), ``patients.parquet`` and ``patients.csv`` built from it, ``report.md`` with PNG plots (the
distribution of values and of interpretation categories, coverage by status), the commonest
missing or uncertain inputs and the patients a clinician should look at, and ``cohort.json``
(what was asked; a resume with another question or calculator is refused).

Rows run on :mod:`medmirror.bench.engine` (``--workers N --engine local|ray [--address A]``).
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from medmirror.api import solve
from medmirror.bench.cli import add_engine_flags
from medmirror.bench.common import JsonlWriter, Record, load_records, write_summary
from medmirror.bench.engine import EngineError, PeriodicProgress, RowTask, run_rows
from medmirror.core.limits import MAX_NOTE_BYTES, MAX_NOTE_CHARS, MAX_QUESTION_CHARS
from medmirror.core.presets import PRESETS
from medmirror.core.settings import ROLES, Settings
from medmirror.nodes.checks import question_target
from medmirror.nodes.grounding import evidence_rows
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.ehr.readonly import connect_readonly
from medmirror.tools.extraction.confidence import DEFAULT_THRESHOLD, assess
from medmirror.tools.extraction.grounding import ground

MODES = ("extract", "agent")
STATUSES = ("answered", "uncertain", "refused", "error")
MAX_PATIENTS = 100_000  # patients in one cohort run (--limit takes fewer); the store and report stay bounded
RECORDS_FILE, SPEC_FILE = "records.jsonl", "cohort.json"
PARQUET_FILE, CSV_FILE, REPORT_FILE, SUMMARY_FILE = "patients.parquet", "patients.csv", "report.md", "summary.json"
LIST_COLUMNS = ("inputs", "missing", "uncertain_inputs", "value_range", "assumed", "flags")


class CohortError(ValueError):
    """A cohort run that cannot start: unreadable source, unknown column or calculator, a changed question."""


@dataclass(frozen=True)
class Patient:
    """One patient's note (``None`` with ``error`` when it could not be read)."""

    id: str
    note: str | None
    error: str = ""


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------


def _note_from_bytes(data: bytes, where: str) -> tuple[str | None, str]:
    if len(data) > MAX_NOTE_BYTES:
        return None, f"{where} is over {MAX_NOTE_BYTES:,} bytes (MAX_NOTE_BYTES in app/core/limits.py)"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        return None, f"{where} is not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start})"
    return _checked_note(text, where)


def _checked_note(text: Any, where: str) -> tuple[str | None, str]:
    if text is None or (isinstance(text, float) and math.isnan(text)):
        return None, f"{where} has no note"
    text = str(text)
    if not text.strip():
        return None, f"{where} is empty"
    if len(text) > MAX_NOTE_CHARS:
        return None, f"{where} is over {MAX_NOTE_CHARS:,} characters (MAX_NOTE_CHARS in app/core/limits.py)"
    return text, ""


def _bounded(items: list[Patient], limit: int | None, where: str) -> list[Patient]:
    if limit is None and len(items) > MAX_PATIENTS:
        raise CohortError(f"{where} holds more than {MAX_PATIENTS:,} patients (MAX_PATIENTS in app/cohort.py); "
                          "give --limit, or split the cohort")
    seen: dict[str, int] = {}
    for i, p in enumerate(items):
        if p.id in seen:
            raise CohortError(f"{where}: duplicate patient id {p.id!r} (entries {seen[p.id] + 1} and {i + 1}); "
                              "ids must be unique for resume")
        seen[p.id] = i
    return items


def read_folder(folder: Path, limit: int | None = None) -> list[Patient]:
    """``*.txt`` files of ``folder`` (sorted by name); the id is the name without ``.txt``."""
    files = sorted(p for p in folder.glob("*.txt") if p.is_file())
    if not files:
        raise CohortError(f"no *.txt notes in {folder}")
    out = []
    for path in files[: (limit if limit is not None else MAX_PATIENTS + 1)]:
        try:
            with path.open("rb") as fh:
                data = fh.read(MAX_NOTE_BYTES + 1)
        except OSError as err:
            out.append(Patient(path.stem, None, f"{path.name} cannot be read: {err.strerror or err}"))
            continue
        note, error = _note_from_bytes(data, path.name)
        out.append(Patient(path.stem, note, error))
    return _bounded(out, limit, str(folder))


def _frame_column(frame: pd.DataFrame, name: str, where: str, flag: str) -> str:
    if name not in frame.columns:
        raise CohortError(f"{where} has no column {name!r} ({flag}); columns: {', '.join(map(str, frame.columns))}")
    return name


def _rows_to_patients(frame: pd.DataFrame, where: str, note_columns: Sequence[str], id_column: str | None
                      ) -> list[Patient]:
    for c in note_columns:
        _frame_column(frame, c, where, "--note-column")
    if id_column:
        _frame_column(frame, id_column, where, "--id-column")
    out = []
    for i, row in enumerate(frame.to_dict("records"), start=1):
        pid = str(row[id_column]).strip() if id_column else str(i)
        if id_column and (row[id_column] is None or not pid or pid == "nan"):
            raise CohortError(f"{where}: row {i} has no id in column {id_column!r}")
        if len(note_columns) == 1:
            note, error = _checked_note(row[note_columns[0]], f"{where} row {i}")
        else:
            lines = [f"{c}: {row[c]}" for c in note_columns
                     if row[c] is not None and not (isinstance(row[c], float) and math.isnan(row[c]))]
            note, error = _checked_note("\n".join(lines), f"{where} row {i}")
        out.append(Patient(pid, note, error))
    return out


def read_table(path: Path, note_columns: Sequence[str], id_column: str | None = None,
               limit: int | None = None) -> list[Patient]:
    """A CSV (``.csv``) or JSON Lines (``.jsonl``/``.ndjson``) file with a note column."""
    cap = limit if limit is not None else MAX_PATIENTS + 1
    try:
        if path.suffix.lower() in (".jsonl", ".ndjson"):
            frame = pd.read_json(path, lines=True, nrows=cap, dtype=False)
        else:
            frame = pd.read_csv(path, nrows=cap, dtype=str, keep_default_na=False, encoding="utf-8")
    except (OSError, ValueError, UnicodeDecodeError, pd.errors.ParserError) as err:
        raise CohortError(f"cannot read {path}: {' '.join(str(err).split())[:300]}") from None
    return _bounded(_rows_to_patients(frame, str(path), note_columns, id_column), limit, str(path))


def read_ehr(db: Path, table: str, note_columns: Sequence[str], id_column: str | None = None,
             limit: int | None = None) -> list[Patient]:
    """Rows of ``table`` of a SQLite EHR database, through the EHR tool's read-only connection (names
    are checked against the database's own tables and columns before they reach SQL)."""
    try:
        con = connect_readonly(db)
    except (FileNotFoundError, sqlite3.Error) as err:
        raise CohortError(f"cannot open the EHR database {db}: {err}") from None
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")]
        if table not in tables:
            raise CohortError(f"{db} has no table {table!r}; tables: {', '.join(sorted(tables))}")
        cap = limit if limit is not None else MAX_PATIENTS + 1
        cur = con.execute(f'SELECT * FROM "{table}" LIMIT ?', (cap,))  # the name is one of the tables above
        frame = pd.DataFrame(cur.fetchall(), columns=[d[0] for d in cur.description])
    except sqlite3.Error as err:
        raise CohortError(f"cannot read table {table!r} of {db}: {err}") from None
    finally:
        con.close()
    return _bounded(_rows_to_patients(frame, f"{db}:{table}", note_columns, id_column), limit, f"{db}:{table}")


# ---------------------------------------------------------------------------
# One patient
# ---------------------------------------------------------------------------


def resolve_calculator(calculator: str | None, question: str | None) -> str:
    """The calculator id: as given, else the one the question names (decisively), else a CohortError."""
    if calculator:
        if calculator not in CALCULATORS:
            close = difflib.get_close_matches(calculator.lower(), list(CALCULATORS), n=5, cutoff=0.5)
            raise CohortError(f"unknown calculator {calculator!r}; " + (f"did you mean {', '.join(close)}?" if close
                              else f"ids are tool names such as bmi or mean_arterial_pressure ({len(CALCULATORS)})"))
        return calculator
    if not question or not question.strip():
        raise CohortError("give --question or --calculator")
    target = question_target(default_registry(), question, list(CALCULATORS))
    if not target.get("tool") or not target.get("decisive"):
        ranked = ", ".join(target.get("ranked") or []) or "none"
        raise CohortError(f"the question does not name one calculator decisively (best matches: {ranked}); "
                          "give --calculator ID")
    return str(target["tool"])


def base_record(p: Patient, mode: str) -> Record:
    return {"id": p.id, "mode": mode, "status": "error", "value": None, "value_number": None, "unit": "",
            "interpretation": "", "confidence": None, "reason": p.error, "calculator": None, "inputs": [],
            "missing": [], "uncertain_inputs": [], "value_range": None, "assumed": [], "flags": []}


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        f = float(value)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def _extract_one(calc_id: str, question: str, p: Patient) -> Record:
    """The calculator on the rule-read inputs of one note (no model)."""
    rec = base_record(p, "extract")
    rec["calculator"] = calc_id
    if p.note is None:
        return rec
    calc = CALCULATORS[calc_id]
    grounded = ground(calc, p.note, question, mode="rules")
    rec["flags"] = list(grounded.flags)
    rec["missing"] = list(grounded.missing)
    ran = False
    try:
        result = calc.run(grounded.args)
        ran = True
    except CalculatorInputError as err:
        rec.update(status="refused", reason=" ".join(str(err).split()), missing=sorted(set(rec["missing"])
                                                                                       | set(err.missing)))
    rec["inputs"] = [{k: row[k] for k in ("input", "value", "unit", "status", "evidence", "span")}
                     for row in evidence_rows({"tool": calc_id, "grounding": grounded.to_dict(), "ok": ran})]
    if ran:
        # the answer's confidence from its evidence (medmirror.tools.extraction.confidence), as solve computes it
        conf = assess(calc, grounded.args, grounded.params, p.note)
        cal = conf.to_dict() if conf is not None else None
        uncertain = cal is not None and cal["confidence"] < DEFAULT_THRESHOLD
        rec.update(value=str(result.value), value_number=_number(result.value), unit=result.unit,
                   interpretation=result.interpretation, assumed=list(result.assumed),
                   confidence=cal["confidence"] if cal else None,
                   status="uncertain" if uncertain else "answered",
                   reason="; ".join((cal["reasons"] if uncertain else []) + list(grounded.flags)))
        rec["uncertain_inputs"] = list(cal["uncertain_inputs"]) if uncertain else []
        rec["value_range"] = cal["range"] if uncertain else None
    return rec


def _calculator_interpretation(steps: list[dict[str, Any]]) -> tuple[str | None, str, str]:
    """(calculator, unit, interpretation) of the last calculator call that ran."""
    for st in reversed(steps):
        obs = st.get("observation")
        if st.get("ok") and st.get("tool") in CALCULATORS and isinstance(obs, dict):
            return st["tool"], str(obs.get("unit") or ""), str(obs.get("interpretation") or "")
    return None, "", ""


def _agent_one(preset: str, question: str, settings: Mapping[str, Any], p: Patient) -> Record:
    """The whole graph on one note; the uncertainty fields are read when the result has them."""
    rec = base_record(p, "agent")
    if p.note is None:
        return rec
    r = solve(question, p.note, preset=preset, saver=None, **dict(settings))
    calc, unit, interp = _calculator_interpretation(r.steps)
    status = r.status if r.status in STATUSES else "error"
    rec.update(status=status, value=r.value, value_number=_number(r.value), unit=unit, interpretation=interp,
               calculator=calc, confidence=getattr(r, "confidence", None),
               reason="" if status == "answered" else (r.status_detail or r.answer[:300]),
               assumed=list(r.assumed), uncertain_inputs=list(getattr(r, "uncertain_inputs", None) or []),
               value_range=getattr(r, "value_range", None))
    rec["inputs"] = [{k: row.get(k) for k in ("input", "value", "unit", "status", "evidence", "span")}
                     for row in r.evidence_table()]
    rec["missing"] = [row["input"] for row in rec["inputs"] if row.get("status") == "missing"]
    return rec


def make_patient_fn(options: Mapping[str, Any]) -> Callable[[Patient], Record]:
    """The ``patient -> record`` function of a run (built once per worker)."""
    question = str(options.get("question") or "")
    if options["mode"] == "extract":
        return partial(_extract_one, str(options["calculator"]), question)
    return partial(_agent_one, str(options.get("preset") or "mirror"), question, dict(options.get("settings") or {}))


def patient_error(mode: str, p: Patient, exc: BaseException) -> Record:
    rec = base_record(p, mode)
    rec["reason"] = f"{type(exc).__name__}: {' '.join(str(exc).split())[:500]}"
    return rec


# ---------------------------------------------------------------------------
# Outputs
# ---------------------------------------------------------------------------


def table(records: Sequence[Record]) -> pd.DataFrame:
    """One row per patient; list fields as JSON text (the same in Parquet and CSV)."""
    rows = []
    for r in records:
        row = {k: v for k, v in r.items() if k != "worker"}
        for k in LIST_COLUMNS:
            row[k] = json.dumps(row.get(k), ensure_ascii=False, default=str)
        row["attempt"] = (r.get("worker") or {}).get("attempt")
        row["seconds"] = (r.get("worker") or {}).get("seconds")
        rows.append(row)
    frame = pd.DataFrame(rows)
    for col in ("value", "reason", "interpretation", "unit", "calculator"):
        if col in frame:
            frame[col] = frame[col].astype("string")
    if "value_number" in frame:
        frame["value_number"] = pd.to_numeric(frame["value_number"], errors="coerce")
    if "confidence" in frame:
        frame["confidence"] = pd.to_numeric(frame["confidence"], errors="coerce")
    return frame


def _bar(path: Path, counts: Mapping[str, int], title: str, xlabel: str) -> Path:
    fig = Figure(figsize=(max(4.0, 0.8 * len(counts) + 2), 3.4))
    ax = fig.add_subplot()
    ax.bar(list(counts), list(counts.values()), color="#4C72B0")
    ax.set_title(title, fontsize=10)
    ax.set_ylabel("patients")
    ax.set_xlabel(xlabel)
    ax.tick_params(axis="x", labelrotation=25)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path


def _histogram(path: Path, values: Sequence[float], title: str, unit: str) -> Path:
    fig = Figure(figsize=(5.0, 3.4))
    ax = fig.add_subplot()
    ax.hist(values, bins=min(30, max(5, int(math.sqrt(len(values))) + 1)), color="#55A868", edgecolor="white")
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(unit or "value")
    ax.set_ylabel("patients")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path


def summarise(records: Sequence[Record]) -> dict[str, Any]:
    statuses = Counter(str(r.get("status")) for r in records)
    values = [r["value_number"] for r in records if r.get("value_number") is not None
              and r.get("status") in ("answered", "uncertain")]
    missing = Counter(m for r in records for m in (r.get("missing") or []))
    uncertain = Counter(m for r in records for m in (r.get("uncertain_inputs") or []))
    n = len(records)
    values_sorted = sorted(values)
    return {
        "patients": n, "statuses": {s: statuses.get(s, 0) for s in STATUSES},
        "coverage": (statuses.get("answered", 0) + statuses.get("uncertain", 0)) / n if n else None,
        "values": {"n": len(values), "min": values_sorted[0] if values else None,
                   "median": values_sorted[len(values) // 2] if values else None,
                   "max": values_sorted[-1] if values else None},
        "interpretations": dict(Counter(r.get("interpretation") or "-" for r in records
                                        if r.get("status") in ("answered", "uncertain")).most_common()),
        "missing_inputs": dict(missing.most_common(10)), "uncertain_inputs": dict(uncertain.most_common(10)),
    }


def write_report(out: Path, spec: Mapping[str, Any], records: Sequence[Record], summary: Mapping[str, Any],
                 engine: Mapping[str, Any]) -> Path:
    """``report.md`` and its PNG plots."""
    plots = []
    if summary["values"]["n"]:
        unit = next((r.get("unit") for r in records if r.get("unit")), "")
        plots.append(_histogram(out / "values.png", [r["value_number"] for r in records if r.get("value_number")
                                                     is not None and r.get("status") in ("answered", "uncertain")],
                                f"{spec.get('calculator') or spec.get('question')}: values", unit))
    if summary["interpretations"]:
        plots.append(_bar(out / "interpretations.png", summary["interpretations"], "interpretation categories",
                          "category"))
    plots.append(_bar(out / "coverage.png", summary["statuses"], "patients by status", "status"))
    st, v = summary["statuses"], summary["values"]
    cov = "-" if summary["coverage"] is None else f"{100 * summary['coverage']:.1f}%"
    lines = [f"# Cohort report: {spec.get('calculator') or ''} {spec.get('question') or ''}".rstrip(), "",
             f"- source: {spec.get('source')}; mode: {spec.get('mode')}"
             + (f" (preset {spec.get('preset')})" if spec.get("mode") == "agent" else " (rules, no model)"),
             f"- patients: {summary['patients']}; " + ", ".join(f"{k} {n}" for k, n in st.items()),
             f"- coverage (a value, answered or uncertain): {cov}",
             f"- values: n={v['n']}, min {v['min']}, median {v['median']}, max {v['max']}",
             f"- engine: {engine.get('engine')} ({engine.get('kind')}, {engine.get('workers')} worker(s)); "
             f"retried after a worker died: {', '.join(engine.get('retried') or []) or 'none'}", ""]
    lines += [f"![{p.stem}]({p.name})" for p in plots] + [""]
    lines += ["## Interpretation categories", "", "| category | patients |", "|---|---|"]
    lines += [f"| {k} | {n} |" for k, n in summary["interpretations"].items()] or ["| - | 0 |"]
    lines += ["", "## Commonest missing or uncertain inputs", "", "| input | missing | uncertain |", "|---|---|---|"]
    names = list(dict.fromkeys([*summary["missing_inputs"], *summary["uncertain_inputs"]]))
    lines += [f"| {k} | {summary['missing_inputs'].get(k, 0)} | {summary['uncertain_inputs'].get(k, 0)} |"
              for k in names] or ["| - | 0 | 0 |"]
    review = [r for r in records if r.get("status") in ("uncertain", "refused")]
    lines += ["", f"## Patients for a clinician's look ({len(review)}: uncertain or refused)", "",
              "| patient | status | value | reason |", "|---|---|---|---|"]
    lines += [f"| {r['id']} | {r['status']} | {r.get('value') or '-'} | {_cell(r.get('reason'))} |" for r in review]
    errors = [r for r in records if r.get("status") == "error"]
    if errors:
        lines += ["", f"## Notes that could not be processed ({len(errors)})", "", "| patient | reason |", "|---|---|"]
        lines += [f"| {r['id']} | {_cell(r.get('reason'))} |" for r in errors]
    path = out / REPORT_FILE
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _cell(text: Any) -> str:
    return " ".join(str(text or "-").split()).replace("|", "\\|")[:300]


# ---------------------------------------------------------------------------
# Run
# ---------------------------------------------------------------------------


def remote_only(preset: str | None, settings: Mapping[str, Any]) -> bool:
    """Every role's model is an OpenAI-compatible server (workers may then be threads of one process)."""
    s = Settings.resolve(preset, **dict(settings))
    return all(s.provider_for(r) == "openai" for r in ROLES)


def run_cohort(patients: Sequence[Patient], out: Path, spec: Mapping[str, Any], *, engine: str = "local",
               workers: int = 1, address: str | None = None, quiet: bool = False,
               echo: Callable[[str], None] = print) -> dict[str, Any]:
    """Run the patients not yet in ``out``'s store; then the tables and the report from the whole store."""
    out.mkdir(parents=True, exist_ok=True)
    spec_path = out / SPEC_FILE
    keep = {k: spec.get(k) for k in ("mode", "calculator", "question", "preset")}
    if spec_path.exists():
        old = json.loads(spec_path.read_text(encoding="utf-8"))
        changed = [k for k in keep if old.get(k) != keep[k]]
        if changed:
            raise CohortError(f"{out} holds a cohort run with another {', '.join(changed)} "
                              f"({', '.join(f'{k}={old.get(k)!r}' for k in changed)}); use another --out")
    write_summary(spec_path, dict(spec))
    store = out / RECORDS_FILE
    existing = {str(r.get("id")): r for r in load_records(store)}
    todo = [p for p in patients if p.id not in existing]
    if not quiet:
        echo(f"cohort: {len(patients)} patient(s) -> {out}"
             + (f" (resuming: {len(patients) - len(todo)} already done)" if len(todo) < len(patients) else ""))
    threads = spec["mode"] == "agent" and remote_only(spec.get("preset"), spec.get("settings") or {})
    task = RowTask(make_patient_fn, dict(spec), partial(patient_error, spec["mode"]))
    t0 = time.perf_counter()
    with JsonlWriter(store) as writer, PeriodicProgress(len(todo), "cohort", quiet=quiet) as bar:
        ran = run_rows(todo, task, writer, engine=engine, workers=workers, address=address, threads=threads,
                       progress=bar)
    latest = {**existing, **{str(r["id"]): r for r in ran.records}}
    records = [latest[p.id] for p in patients if p.id in latest]
    frame = table(records)
    frame.to_parquet(out / PARQUET_FILE, index=False)
    frame.to_csv(out / CSV_FILE, index=False)
    summary = summarise(records)
    run = ran.summary()
    report = write_report(out, spec, records, summary, run)
    full = {**summary, "run": run, "rows_run": len(ran.records), "rows_resumed": len(patients) - len(todo),
            "elapsed_s": round(time.perf_counter() - t0, 3),
            "finished_at": datetime.now().isoformat(timespec="seconds")}
    write_summary(out / SUMMARY_FILE, full)
    if not quiet:
        st = summary["statuses"]
        echo(f"cohort: {', '.join(f'{k} {n}' for k, n in st.items())}"
             + (f"; retried after a worker died: {', '.join(ran.retried)}" if ran.retried else "")
             + f"\nreport: {report}\ntables: {out / PARQUET_FILE}, {out / CSV_FILE}")
    return full


def load_source(args: argparse.Namespace) -> tuple[list[Patient], str]:
    given = [x for x in (args.notes, args.table, args.ehr_db) if x is not None]
    if len(given) != 1:
        raise CohortError("give exactly one source: --notes FOLDER, --table FILE.csv|.jsonl or --ehr-db FILE")
    cols = args.note_column or ["note"]
    if args.notes is not None:
        if not args.notes.is_dir():
            raise CohortError(f"--notes {args.notes} is not a folder")
        return read_folder(args.notes, args.limit), str(args.notes)
    if args.table is not None:
        if not args.table.is_file():
            raise CohortError(f"--table {args.table} is not a file")
        return read_table(args.table, cols, args.id_column, args.limit), str(args.table)
    if not args.ehr_table:
        raise CohortError("--ehr-db needs --ehr-table (and --note-column, --id-column)")
    return read_ehr(args.ehr_db, args.ehr_table, cols, args.id_column, args.limit), f"{args.ehr_db}:{args.ehr_table}"


def cmd_cohort(args: argparse.Namespace) -> int:
    try:
        if args.limit is not None and args.limit < 0:
            raise CohortError(f"--limit must be >= 0, got {args.limit}")
        if args.question is not None and len(args.question) > MAX_QUESTION_CHARS:
            raise CohortError(f"--question is over {MAX_QUESTION_CHARS:,} characters (MAX_QUESTION_CHARS)")
        settings = dict(pair.split("=", 1) for pair in args.set if "=" in pair)
        bad = [p for p in args.set if "=" not in p] + sorted(set(settings) - set(Settings.model_fields))
        if bad:
            raise CohortError(f"--set takes NAME=VALUE with a setting's name; not usable: {', '.join(bad)}")
        if args.mode == "extract":
            calc = resolve_calculator(args.calculator, args.question)
            question = args.question or f"What is the patient's {CALCULATORS[calc].name}?"
        else:
            if not args.question:
                raise CohortError("--mode agent needs --question")
            calc, question = args.calculator, args.question
            Settings.resolve(args.preset, **settings)  # invalid settings stop here, not in every row
        patients, source = load_source(args)
        spec = {"mode": args.mode, "calculator": calc, "question": question, "preset": args.preset,
                "source": source, "settings": settings}
        run_cohort(patients, args.out, spec, engine=args.engine, workers=args.workers, address=args.address,
                   quiet=args.quiet)
    except (CohortError, EngineError) as exc:
        print(f"medmirror cohort: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\ninterrupted; finished patients are saved - rerun with --out {args.out} to resume", file=sys.stderr)
        return 130
    return 0


def add_cohort_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "cohort", help="a question or a calculator over a population of notes (Parquet/CSV, report)",
        description="Run one calculator (or question) over every note of a folder, a CSV/JSONL file or an EHR "
                    "table; per patient the value, status, confidence, inputs with their spans and the reason when "
                    "not answered. Rerunning with the same --out resumes.")
    p.add_argument("--question", "-q", default=None, help="the question asked of every note")
    p.add_argument("--calculator", default=None, metavar="ID", help="a calculator id, e.g. bmi (extract mode)")
    p.add_argument("--notes", type=Path, default=None, metavar="FOLDER", help="a folder of *.txt notes")
    p.add_argument("--table", type=Path, default=None, metavar="FILE", help="a CSV or JSONL file with a note column")
    p.add_argument("--ehr-db", type=Path, default=None, metavar="FILE", help="a SQLite EHR database")
    p.add_argument("--ehr-table", default=None, metavar="TABLE", help="the EHR table holding the notes")
    p.add_argument("--note-column", action="append", default=None, metavar="COL",
                   help="the note column (default 'note'; several: joined as 'column: value' lines)")
    p.add_argument("--id-column", default=None, metavar="COL", help="the patient id column (default: row number)")
    p.add_argument("--mode", choices=MODES, default="extract",
                   help="extract: the calculator on rule-read inputs, no model (default); agent: the graph")
    p.add_argument("--preset", default="riskagent", choices=list(PRESETS), help="agent mode's preset")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="agent mode: a setting")
    p.add_argument("--limit", type=int, default=None, metavar="N", help="only the first N patients")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="output folder; reuse it to resume")
    add_engine_flags(p)
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=cmd_cohort)
    return p
