"""One patient's record as a small SQLite EHR: what a calculator input read from the record rests on.

Two tables: ``patients`` (``subject_id``, ``gender``, ``anchor_age``) and ``observations`` (``row_id``,
``subject_id``, ``charttime`` ISO time, ``category``: demographics, vital, lab, history, exam, assessment,
``label`` as charted, ``value`` as charted (text), ``value_num`` (the number in it, if one), ``unit``).
:func:`build_record` writes it (a benchmark builds one per scenario); everything else reads it through the EHR
tool's read-only connection (:func:`medmirror.tools.ehr.readonly.connect_readonly`: URI ``mode=ro`` and a
SELECT-only authorizer). A calculator input read from a row carries the row as its evidence
(:func:`row_evidence`: table, row id, column, value, unit, time).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

from medmirror.tools.calculators.base import Calculator
from medmirror.tools.calculators.library._workflow_common import pick_option
from medmirror.tools.ehr.readonly import connect_readonly

TABLE = "observations"
MAX_ROWS = 10_000  # rows one record may hold (bounded work when it is built or read)
CATEGORIES = ("demographics", "vital", "lab", "history", "exam", "assessment")
DDL = f"""
CREATE TABLE patients (subject_id INTEGER PRIMARY KEY, gender TEXT, anchor_age INTEGER);
CREATE TABLE {TABLE} (
    row_id INTEGER PRIMARY KEY,
    subject_id INTEGER NOT NULL REFERENCES patients(subject_id),
    charttime TEXT NOT NULL,
    category TEXT NOT NULL,
    label TEXT NOT NULL,
    value TEXT NOT NULL,
    value_num REAL,
    unit TEXT NOT NULL DEFAULT ''
);
"""
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


class PatientRecordError(ValueError):
    """The record cannot be built or read as asked (the message says why)."""


def leading_number(text: str) -> float | None:
    """The number a charted value starts with ('93%' -> 93, '3.0 mg/dL' -> 3.0); None for text."""
    m = re.match(r"\s*([-+]?\d+(?:\.\d+)?)", str(text))
    return float(m.group(1)) if m else None


def build_record(path: str | Path, rows: list[dict[str, Any]], *, subject_id: int = 1, gender: str | None = None,
                 age: int | None = None) -> Path:
    """Write the record (replacing a file at ``path``): each row needs ``charttime``, ``category``, ``label`` and
    ``value``; ``unit`` is optional. Returns the path."""
    if len(rows) > MAX_ROWS:
        raise PatientRecordError(f"a patient record holds at most {MAX_ROWS} rows, got {len(rows)}")
    for i, r in enumerate(rows):
        missing = [k for k in ("charttime", "category", "label", "value") if r.get(k) in (None, "")]
        if missing:
            raise PatientRecordError(f"row {i + 1}: {', '.join(missing)} missing")
        if r["category"] not in CATEGORIES:
            raise PatientRecordError(f"row {i + 1}: category {r['category']!r} is not one of {', '.join(CATEGORIES)}")
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    if p.exists():
        p.unlink()
    con = sqlite3.connect(p)
    try:
        con.executescript(DDL)
        con.execute("INSERT INTO patients VALUES (?, ?, ?)", (subject_id, gender, age))
        con.executemany(
            f"INSERT INTO {TABLE} (subject_id, charttime, category, label, value, value_num, unit) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(subject_id, r["charttime"], r["category"], str(r["label"]), str(r["value"]),
              leading_number(str(r["value"])), str(r.get("unit") or "")) for r in rows])
        con.commit()
    finally:
        con.close()
    return p


def _row(cur: sqlite3.Cursor, values: tuple[Any, ...]) -> dict[str, Any]:
    return {d[0]: v for d, v in zip(cur.description, values)}


def read_rows(db: str | Path) -> list[dict[str, Any]]:
    """Every observation of the record (read-only), oldest first."""
    con = _open(db)
    try:
        cur = con.execute(f"SELECT * FROM {TABLE} ORDER BY charttime, row_id LIMIT ?", (MAX_ROWS + 1,))
        rows = [_row(cur, v) for v in cur.fetchall()]
    finally:
        con.close()
    if len(rows) > MAX_ROWS:
        raise PatientRecordError(f"the record holds more than {MAX_ROWS} rows")
    return rows


def latest_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest row of each label (an older value of the same label is superseded), in chart order."""
    latest: dict[str, dict[str, Any]] = {}
    for r in rows:
        key = " ".join(re.sub(r"[^a-z0-9]+", " ", r["label"].lower()).split())
        if key not in latest or (r["charttime"], r["row_id"]) >= (latest[key]["charttime"], latest[key]["row_id"]):
            latest[key] = r
    return sorted(latest.values(), key=lambda r: (r["charttime"], r["row_id"]))


def read_row(db: str | Path, row_id: Any) -> dict[str, Any]:
    """One observation by its row id (read-only); an id that is not an integer or names no row is refused."""
    if isinstance(row_id, bool) or not isinstance(row_id, int) and not (isinstance(row_id, str) and row_id.isdigit()):
        raise PatientRecordError(f"an EHR row id is an integer, got {row_id!r}")
    con = _open(db)
    try:
        cur = con.execute(f"SELECT * FROM {TABLE} WHERE row_id = ?", (int(row_id),))
        found = cur.fetchone()
        row = _row(cur, found) if found is not None else None
    finally:
        con.close()
    if row is None:
        raise PatientRecordError(f"the patient record has no {TABLE} row {row_id}")
    return row


def _open(db: str | Path) -> sqlite3.Connection:
    try:
        con = connect_readonly(db)
    except (FileNotFoundError, sqlite3.Error) as err:
        raise PatientRecordError(f"cannot open the patient record: {err}") from None
    has = con.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,)).fetchone()[0]
    if not has:
        con.close()
        raise PatientRecordError(f"the EHR has no patient record table '{TABLE}'")
    return con


def row_evidence(row: dict[str, Any]) -> dict[str, Any]:
    """The row as a calculator input's evidence (grounding status ``ehr``)."""
    unit = f" {row['unit']}" if row.get("unit") else ""
    return {"where": "ehr", "table": TABLE, "row_id": row["row_id"], "column": "value", "value": row["value"],
            "unit": row.get("unit") or "", "time": row["charttime"], "label": row["label"],
            "text": f"{TABLE} row {row['row_id']} ({row['charttime']}): {row['label']} = {row['value']}{unit}"}


def row_argument(calc: Calculator, name: str, row: dict[str, Any]) -> Any:
    """The row's value as the calculator's input ``name`` takes it (a number with the row's unit, a yes/no, an
    option); a value the input cannot take is refused with the calculator's reason."""
    spec = next((s for s in calc.card().inputs if s.name == name), None)
    if spec is None:
        raise PatientRecordError(f"{name} is not an input of {calc.id}")
    text = str(row["value"]).strip()
    value: Any = text
    if spec.type in ("number", "integer"):
        number = row.get("value_num")
        if number is None:
            raise PatientRecordError(f"row {row['row_id']} ({row['label']} = {text!r}) holds no number for {name}")
        unit = row.get("unit") or ""
        value = f"{_num(number)} {unit}" if unit and spec.unit else (int(number) if spec.type == "integer" else number)
    elif spec.type == "boolean":
        head = re.sub(r"[^a-z]+", " ", text.lower()).split()[:1]
        value = {"yes": True, "no": False, "true": True, "false": False, "present": True, "absent": False}.get(
            head[0] if head else "", text)
    elif spec.type == "enum" and spec.allowed:
        value = pick_option(text, tuple(spec.allowed))
    try:
        calc.inputs.model_validate({name: value})
    except Exception as err:  # noqa: BLE001 - pydantic's or the calculator's refusal, named for this input
        mine = [e for e in getattr(err, "errors", lambda: [])() if tuple(e.get("loc") or ())[:1] == (name,)]
        if mine or not hasattr(err, "errors"):
            why = mine[0].get("msg") if mine else str(err).splitlines()[0]
            raise PatientRecordError(f"row {row['row_id']} ({row['label']} = {text!r}) is not a valid {name}: {why}") from None
    return value


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))
