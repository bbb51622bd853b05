"""Checkpointer factory: SQLite in the data directory by default, in-memory for tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from medmirror.settings import Settings


def checkpoint_path(settings: Settings) -> Path:
    return Path(settings.data_dir) / "checkpoints.sqlite"


def make_checkpointer(settings: Settings | None = None, kind: str | None = None) -> Any:
    """A LangGraph checkpointer: ``sqlite`` (a file in the data dir), ``memory`` or ``none`` (None)."""
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
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA busy_timeout=10000")
        saver = SqliteSaver(conn)
        saver.setup()
        return saver
    raise ValueError(f"unknown checkpointer '{kind}' (sqlite, memory, none)")
