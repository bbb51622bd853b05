"""Read-only SQL over an EHR database.

Two independent locks, neither of which is string matching on the SQL:

1. the file is opened with the SQLite URI ``mode=ro`` (the OS-level handle cannot write);
2. a ``sqlite3`` authorizer (``Connection.set_authorizer``) allows only the actions a
   query needs, ``SQLITE_SELECT``, ``SQLITE_READ`` and ``SQLITE_FUNCTION``, and denies
   everything else at statement preparation: INSERT/UPDATE/DELETE, CREATE/DROP/ALTER,
   ATTACH/DETACH, PRAGMA (reads too), transactions, triggers, ``load_extension``.

``Cursor.execute`` prepares a single statement, so ``SELECT 1; DROP TABLE x`` is an
error, and the DROP would be denied anyway. A progress handler aborts a statement
that runs longer than ``timeout_s`` or more than ``SQL_PROGRESS_OPS`` virtual-machine
steps, and a watchdog thread calls ``Connection.interrupt()`` at the deadline (a statement of
few but slow steps never reaches the progress handler); results are capped at ``max_rows``.

Size is bounded too (limits in :mod:`medmirror.core.limits`): the statement's text
(``MAX_SQL_CHARS``); every string or blob SQLite builds, so ``randomblob``,
``zeroblob``, ``printf`` widths, ``replace``/``group_concat`` growth stop at
``MAX_SQLITE_LENGTH`` bytes (``SQLITE_LIMIT_LENGTH``), and ``printf``/``format`` are
replaced on the connection by a checked version that refuses a width or precision over that
limit before formatting (SQLite's own repeats ``%.*c`` a character at a time inside one
virtual-machine step, where neither the limit nor the progress handler stops it: 2e9
repeats took seconds each, and a statement may hold a hundred of them); the number of result columns
(``MAX_SQL_COLUMNS``); each returned value (``MAX_SQL_VALUE_BYTES``, longer ones are
cut and marked) and the whole result (``MAX_SQL_RESULT_BYTES``, later rows are dropped
and the result marked truncated). Rows are fetched one at a time, so a large result is
never materialised.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from medmirror.core.limits import (
    MAX_SQL_CHARS,
    MAX_SQL_COLUMNS,
    MAX_SQL_RESULT_BYTES,
    MAX_SQL_VALUE_BYTES,
    MAX_SQLITE_LENGTH,
    SQL_PROGRESS_OPS,
)

ALLOWED_ACTIONS = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION})
DENIED_FUNCTIONS = frozenset({"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"})
DEFAULT_MAX_ROWS = 50


class SQLRefused(ValueError):
    """The SQL is not a plain read-only query (or failed to run); the message says why."""


def _authorizer(action: int, arg1: str | None, arg2: str | None, db: str | None, trigger: str | None) -> int:
    if action not in ALLOWED_ACTIONS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in DENIED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


# A printf/format conversion: flags, width (digits or *), precision (digits or *), type.
_CONVERSION = re.compile(r"%[-+ 0#,!]*(\*|\d+)?(?:\.(\*|\d+))?([a-zA-Z%])")
_LOCAL = threading.local()


def printf_width(fmt: Any, args: tuple[Any, ...]) -> int:
    """The largest width or precision a printf format asks for (``*`` takes it from ``args``, as SQLite does)."""
    if not isinstance(fmt, str):
        return 0
    widest, i = 0, 0
    for m in _CONVERSION.finditer(fmt):
        if m.group(3) == "%":
            continue
        for part in (m.group(1), m.group(2)):
            if part == "*":
                value = args[i] if i < len(args) else 0
                i += 1
                try:
                    widest = max(widest, abs(int(value)))
                except (TypeError, ValueError, OverflowError):
                    pass
            elif part:
                widest = max(widest, int(part[:12]))
        i += 1
    return widest


def _formatter() -> sqlite3.Connection:
    """This thread's in-memory connection that runs SQLite's own printf once the widths are checked."""
    con = getattr(_LOCAL, "formatter", None)
    if con is None:
        con = sqlite3.connect(":memory:")
        con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_SQLITE_LENGTH)
        _LOCAL.formatter = con
    return con


def _checked_printf(fmt: Any = None, *args: Any) -> Any:
    width = printf_width(fmt, args)
    if width > MAX_SQLITE_LENGTH:
        _LOCAL.refusal = (f"printf/format width or precision {width:,} is over the limit of {MAX_SQLITE_LENGTH:,} "
                          "(MAX_SQLITE_LENGTH in app/core/limits.py)")
        raise ValueError(_LOCAL.refusal)
    marks = ", ".join("?" * (1 + len(args)))
    return _formatter().execute(f"SELECT printf({marks})", (fmt, *args)).fetchone()[0]


def connect_readonly(path: str | Path) -> sqlite3.Connection:
    """Open ``path`` read-only (``mode=ro``) with the SELECT-only authorizer installed."""
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"EHR database not found: {p}")
    try:
        con = sqlite3.connect(f"file:{quote(str(p.resolve()))}?mode=ro", uri=True, check_same_thread=False)
        con.execute("SELECT 1 FROM sqlite_master LIMIT 1")  # a file that is not SQLite fails here, named
    except sqlite3.Error as err:
        raise SQLRefused(f"cannot open the EHR database {p}: {err}") from None
    con.set_authorizer(_authorizer)
    # no string or blob (randomblob, zeroblob, printf('%*s'), group_concat, ...) above the limit
    con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_SQLITE_LENGTH)
    con.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_CHARS)
    con.setlimit(sqlite3.SQLITE_LIMIT_COLUMN, MAX_SQL_COLUMNS)
    con.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    for name in ("printf", "format"):  # width-checked; SQLite's own runs once the widths are within the limit
        con.create_function(name, -1, _checked_printf, deterministic=True)
    return con


@dataclass
class QueryResult:
    sql: str
    columns: list[str]
    rows: list[list[Any]]
    truncated: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """No rows, or only rows of NULLs (an aggregate over nothing): the fact is not recorded."""
        return not self.rows or all(all(v is None for v in row) for row in self.rows)

    def as_dict(self) -> dict[str, Any]:
        out = {"sql": self.sql, "columns": self.columns, "rows": self.rows, "row_count": len(self.rows),
               "truncated": self.truncated}
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def run_sql(path: str | Path, sql: str, *, max_rows: int = DEFAULT_MAX_ROWS, timeout_s: float = 5.0) -> QueryResult:
    """Run one read-only statement; raises :class:`SQLRefused` with SQLite's message on any error."""
    if not isinstance(sql, str):
        raise SQLRefused(f"the SQL must be text, got {type(sql).__name__}")
    text = sql.strip()
    if not text:
        raise SQLRefused("empty SQL")
    if len(text) > MAX_SQL_CHARS:
        raise SQLRefused(f"the SQL is too long: {len(text):,} characters, the limit is {MAX_SQL_CHARS:,} "
                         "(MAX_SQL_CHARS in app/core/limits.py)")
    con = connect_readonly(path)
    deadline = time.monotonic() + timeout_s
    every = 10_000
    budget = {"calls": 0}

    def progress() -> int:
        budget["calls"] += 1
        return 1 if time.monotonic() > deadline or budget["calls"] * every > SQL_PROGRESS_OPS else 0

    con.set_progress_handler(progress, every)
    watchdog = threading.Timer(timeout_s, con.interrupt)  # for statements of few, slow steps
    watchdog.daemon = True
    watchdog.start()
    _LOCAL.refusal = None
    notes: list[str] = []
    rows: list[list[Any]] = []
    truncated = False
    try:
        try:
            cur = con.execute(text)
        except sqlite3.DatabaseError as err:  # includes 'not authorized' and syntax errors
            raise SQLRefused(_message(err, timeout_s)) from None
        except (sqlite3.ProgrammingError, sqlite3.Warning, OverflowError) as err:  # e.g. more than one statement
            raise SQLRefused(str(err)) from None
        if cur.description is None:
            raise SQLRefused("the statement returns no rows (only SELECT queries are allowed)")
        columns = [d[0] for d in cur.description]
        total = 0
        try:
            while True:
                row = cur.fetchone()
                if row is None:
                    break
                if len(rows) >= max_rows:
                    truncated = True
                    break
                values = [_bounded(v, notes) for v in row]
                size = sum(_size(v) for v in values)
                if total + size > MAX_SQL_RESULT_BYTES:
                    truncated = True
                    notes.append(f"result cut after {len(rows)} row(s): more than {MAX_SQL_RESULT_BYTES:,} bytes "
                                 "(MAX_SQL_RESULT_BYTES in app/core/limits.py); select fewer or shorter values")
                    break
                total += size
                rows.append(values)
        except sqlite3.DatabaseError as err:
            raise SQLRefused(_message(err, timeout_s)) from None
    finally:
        watchdog.cancel()
        con.close()
    if any(n.startswith("a value") for n in notes):
        truncated = True
    return QueryResult(text, columns, rows, truncated, notes=_unique(notes))


def _size(value: Any) -> int:
    if isinstance(value, str):
        return len(value.encode("utf-8", "surrogatepass"))
    if isinstance(value, bytes):
        return len(value)
    return 8


def _bounded(value: Any, notes: list[str]) -> Any:
    """A value within MAX_SQL_VALUE_BYTES: longer text is cut and marked; a blob is described, not returned."""
    if isinstance(value, bytes):
        if len(value) <= MAX_SQL_VALUE_BYTES:
            return value
        notes.append(f"a value over {MAX_SQL_VALUE_BYTES:,} bytes was cut (MAX_SQL_VALUE_BYTES in app/core/limits.py)")
        return f"<blob of {len(value):,} bytes>"
    if isinstance(value, str) and len(value.encode("utf-8", "surrogatepass")) > MAX_SQL_VALUE_BYTES:
        notes.append(f"a value over {MAX_SQL_VALUE_BYTES:,} bytes was cut (MAX_SQL_VALUE_BYTES in app/core/limits.py)")
        return value[: MAX_SQL_VALUE_BYTES // 4] + f"...[cut: {len(value):,} characters]"
    return value


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _message(err: Exception, timeout_s: float) -> str:
    msg = str(err)
    if "user-defined function raised exception" in msg and getattr(_LOCAL, "refusal", None):
        return _LOCAL.refusal
    if "interrupted" in msg:
        return (f"query took longer than {timeout_s:g} s or more than {SQL_PROGRESS_OPS:,} steps "
                "(SQL_PROGRESS_OPS in app/core/limits.py) and was stopped")
    if "too big" in msg or "too many columns" in msg:
        return (f"{msg}: a string or blob may be at most {MAX_SQLITE_LENGTH:,} bytes (MAX_SQLITE_LENGTH) and a "
                f"result at most {MAX_SQL_COLUMNS} columns (MAX_SQL_COLUMNS in app/core/limits.py)")
    if "not authorized" in msg or "authorization denied" in msg:
        return ("not authorized: only read-only SELECT queries are allowed (no writes, ATTACH, PRAGMA or recursive "
                "WITH RECURSIVE queries, whose work a model controls)")
    return msg
