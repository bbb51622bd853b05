"""Checkpointer factory: SQLite in the data directory by default, in-memory for tests, PostgreSQL by URL.

``checkpointer`` (the setting) is ``sqlite``, ``memory``, ``none`` or a ``postgres://`` / ``postgresql://``
URL: LangGraph's Postgres checkpointer (``langgraph-checkpoint-postgres``, the ``postgres`` extra) over
a small connection pool, for long-lived runs shared by several processes or machines. Its tables are
created on first use (``setup``, idempotent).

The checkpoints hold the patients' notes, so the data directory's folders MedMirror creates are
mode 0700 and its files 0600 (:func:`private_dir`, :func:`private_file`; SQLite gives its WAL and
shared-memory files the database file's mode).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from medmirror.core.settings import Settings

POSTGRES_PREFIXES = ("postgres://", "postgresql://")
POSTGRES_MISSING = ("the Postgres checkpointer needs langgraph-checkpoint-postgres and psycopg: "
                    "pip install 'medmirror[postgres]'")
POSTGRES_POOL_SIZE = 8  # connections per process; a graph run holds one per checkpoint write
POSTGRES_OPEN_TIMEOUT_S = 10.0  # the first connection, else a one-line error


class CheckpointerError(RuntimeError):
    """A checkpointer that cannot be built (its package missing, its database unreachable)."""


def private_dir(path: str | os.PathLike[str]) -> Path:
    """``path`` as a folder, every component this call creates made with mode 0700."""
    folder = Path(path)
    missing = []
    probe = folder
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    for part in reversed(missing):
        try:
            part.mkdir(mode=0o700)
        except FileExistsError:  # made meanwhile by another process
            pass
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a folder")
    return folder


def private_file(path: str | os.PathLike[str]) -> Path:
    """``path`` as an existing file of mode 0600 (created empty if missing; an existing one is tightened)."""
    p = Path(path)
    private_dir(p.parent)
    fd = os.open(p, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if os.fstat(fd).st_mode & 0o077:
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
    return p


def checkpoint_path(settings: Settings) -> Path:
    return Path(settings.data_dir) / "checkpoints.sqlite"


def is_postgres(kind: str) -> bool:
    return kind.startswith(POSTGRES_PREFIXES)


def open_postgres(url: str, make: Any, what: str, error: type[Exception] = CheckpointerError) -> tuple[Any, Any]:
    """``make(pool)`` set up over a psycopg pool (autocommit, dict rows, as LangGraph's savers and stores require):
    (the pool, the object). Failing, ``error`` with one line naming the cause, never the URL's password."""
    try:
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool
    except ImportError:
        raise error(f"{what} needs langgraph-checkpoint-postgres and psycopg: pip install 'medmirror[postgres]'") \
            from None
    pool = ConnectionPool(url, min_size=1, max_size=POSTGRES_POOL_SIZE, open=False,
                          kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row})
    try:
        pool.open(wait=True, timeout=POSTGRES_OPEN_TIMEOUT_S)
        made = make(pool)
        made.setup()
    except Exception as exc:  # noqa: BLE001 - one line naming the cause, never the URL's password
        pool.close()
        raise error(f"cannot use {what}: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}") from None
    return pool, made


def postgres_checkpointer(url: str) -> Any:
    """LangGraph's ``PostgresSaver`` over a psycopg pool."""
    try:
        from langgraph.checkpoint.postgres import PostgresSaver
    except ImportError:
        raise CheckpointerError(POSTGRES_MISSING) from None
    return open_postgres(url, PostgresSaver, "the Postgres checkpointer")[1]


def make_checkpointer(settings: Settings | None = None, kind: str | None = None) -> Any:
    """A LangGraph checkpointer: ``sqlite`` (a file in the data dir), ``memory``, ``none`` (None) or a
    PostgreSQL URL."""
    settings = settings or Settings()
    kind = kind or settings.checkpointer
    if kind == "none":
        return None
    if kind == "memory":
        from langgraph.checkpoint.memory import InMemorySaver

        return InMemorySaver()
    if kind == "sqlite":
        from langgraph.checkpoint.sqlite import SqliteSaver

        path = checkpoint_path(settings)
        try:
            private_file(path)
            conn = sqlite3.connect(str(path), check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA busy_timeout=10000")
        except (OSError, sqlite3.Error) as err:
            raise OSError(f"cannot open the checkpoint database {path}: {getattr(err, 'strerror', None) or err} "
                          "(the setting data_dir, MEDMIRROR_DATA_DIR, names its folder)") from None
        saver = SqliteSaver(conn)
        saver.setup()
        return saver
    if is_postgres(kind):
        return postgres_checkpointer(kind)
    raise ValueError(f"unknown checkpointer '{kind.split('://')[0]}' (sqlite, memory, none, postgresql://...)")
