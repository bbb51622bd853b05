"""SQLite layout of the experience store and the migrations between its versions.

Version 1 kept each tool's suggestions as a JSON array of plain strings; version 2
(current) keeps one row per suggestion with a support count and created/updated
timestamps. ``MIGRATIONS[v]`` turns a version-v file into version v + 1 inside the
caller's write transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

SCHEMA_VERSION = 2

SCHEMA_V2 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE trajectories (
    seq        INTEGER PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,
    dedup_key  TEXT UNIQUE,
    task_text  TEXT NOT NULL,
    task_kind  TEXT,
    score      REAL,
    created_at TEXT NOT NULL,
    data       TEXT NOT NULL
);
CREATE INDEX trajectories_kind ON trajectories (task_kind);
CREATE TABLE tool_experience (
    tool       TEXT PRIMARY KEY,
    revision   INTEGER NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE suggestions (
    tool       TEXT NOT NULL,
    position   INTEGER NOT NULL,
    text       TEXT NOT NULL,
    support    INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (tool, position)
);
"""

#: The version-1 layout, kept to document (and test) the migration.
SCHEMA_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE trajectories (
    seq        INTEGER PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,
    dedup_key  TEXT UNIQUE,
    task_text  TEXT NOT NULL,
    task_kind  TEXT,
    score      REAL,
    created_at TEXT NOT NULL,
    data       TEXT NOT NULL
);
CREATE TABLE tool_experience (
    tool        TEXT PRIMARY KEY,
    suggestions TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
"""


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Version 1 -> 2: one row per suggestion with support and timestamps."""
    rows = conn.execute("SELECT tool, suggestions, updated_at FROM tool_experience").fetchall()
    conn.execute("ALTER TABLE tool_experience RENAME TO tool_experience_v1")
    conn.execute(
        "CREATE TABLE tool_experience (tool TEXT PRIMARY KEY, revision INTEGER NOT NULL,"
        " updated_at TEXT NOT NULL)"
    )
    conn.execute(
        "CREATE TABLE suggestions (tool TEXT NOT NULL, position INTEGER NOT NULL, text TEXT NOT NULL,"
        " support INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,"
        " PRIMARY KEY (tool, position))"
    )
    conn.execute("CREATE INDEX IF NOT EXISTS trajectories_kind ON trajectories (task_kind)")
    for tool, blob, updated in rows:
        texts = [t.strip() for t in json.loads(blob) if isinstance(t, str) and t.strip()]
        conn.execute(
            "INSERT INTO tool_experience (tool, revision, updated_at) VALUES (?, 1, ?)",
            (tool, updated),
        )
        conn.executemany(
            "INSERT INTO suggestions VALUES (?, ?, ?, 1, ?, ?)",
            [(tool, i, text, updated, updated) for i, text in enumerate(texts)],
        )
    conn.execute("DROP TABLE tool_experience_v1")


#: Migration steps: MIGRATIONS[v] turns a version-v store into version v + 1.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_1_to_2}
