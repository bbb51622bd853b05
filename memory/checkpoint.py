"""Checkpointer factory: SQLite in the data directory by default, in-memory for tests.

The checkpoints hold the patients' notes, so the data directory's folders MedMirror creates are
mode 0700 and its files 0600 (:func:`private_dir`, :func:`private_file`; SQLite gives its WAL and
shared-memory files the database file's mode).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from medmirror.settings import Settings


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
    raise ValueError(f"unknown checkpointer '{kind}' (sqlite, memory, none)")
