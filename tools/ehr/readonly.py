"""Read-only SQL over an EHR database.

Two independent locks, neither of which is string matching on the SQL:

1. the file is opened with the SQLite URI ``mode=ro`` (the OS-level handle cannot write);
2. a ``sqlite3`` authorizer (``Connection.set_authorizer``) allows only the actions a
   query needs, ``SQLITE_SELECT``, ``SQLITE_READ`` and ``SQLITE_FUNCTION``, and denies
   everything else at statement preparation: INSERT/UPDATE/DELETE, CREATE/DROP/ALTER,
   ATTACH/DETACH, PRAGMA (reads too), transactions, triggers, ``load_extension``.

``Cursor.execute`` prepares a single statement, so ``SELECT 1; DROP TABLE x`` is an
error, and the DROP would be denied anyway. A progress handler aborts a statement
that runs longer than ``timeout_s``; results are capped at ``max_rows``.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

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


def connect_readonly(path: str | Path) -> sqlite3.Connection:
    """Open ``path`` read-only (``mode=ro``) with the SELECT-only authorizer installed."""
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"EHR database not found: {p}")
    con = sqlite3.connect(f"file:{quote(str(p.resolve()))}?mode=ro", uri=True, check_same_thread=False)
    con.set_authorizer(_authorizer)
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
        return {"sql": self.sql, "columns": self.columns, "rows": self.rows, "row_count": len(self.rows),
                "truncated": self.truncated}


def run_sql(path: str | Path, sql: str, *, max_rows: int = DEFAULT_MAX_ROWS, timeout_s: float = 5.0) -> QueryResult:
    """Run one read-only statement; raises :class:`SQLRefused` with SQLite's message on any error."""
    text = (sql or "").strip()
    if not text:
        raise SQLRefused("empty SQL")
    con = connect_readonly(path)
    deadline = time.monotonic() + timeout_s
    con.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10_000)
    try:
        try:
            cur = con.execute(text)
        except sqlite3.DatabaseError as err:  # includes 'not authorized' and syntax errors
            raise SQLRefused(_message(err, timeout_s)) from None
        except (sqlite3.ProgrammingError, sqlite3.Warning) as err:  # e.g. more than one statement
            raise SQLRefused(str(err)) from None
        if cur.description is None:
            raise SQLRefused("the statement returns no rows (only SELECT queries are allowed)")
        columns = [d[0] for d in cur.description]
        try:
            fetched = cur.fetchmany(max_rows + 1)
        except sqlite3.DatabaseError as err:
            raise SQLRefused(_message(err, timeout_s)) from None
    finally:
        con.close()
    truncated = len(fetched) > max_rows
    rows = [list(r) for r in fetched[:max_rows]]
    return QueryResult(text, columns, rows, truncated)


def _message(err: Exception, timeout_s: float) -> str:
    msg = str(err)
    if "interrupted" in msg:
        return f"query took longer than {timeout_s:g} s and was stopped"
    if "not authorized" in msg or "authorization denied" in msg:
        return "not authorized: only read-only SELECT queries are allowed (no writes, ATTACH or PRAGMA)"
    return msg
