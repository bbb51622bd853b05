"""Task resources: build the EHR database a task names, resolve document and image paths.

A task's ``resources`` stay small text: ``{"ehr_db": "synthetic:n=100,seed=0"}`` names a
generated database (:func:`medmirror.tools.ehr.generator.generate_ehr`), ``{"documents": [...]}``
and ``{"images": [...]}`` list files, relative paths being looked up beside the
shipped task sets (``tools/text/tasks/``) unless a ``base_dir`` is given.
:func:`materialise_resources` turns them into concrete paths for a run.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import re
import shutil
import sqlite3
import stat
import tempfile
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from medmirror.core.limits import MAX_SYNTHETIC_DATABASES, MAX_SYNTHETIC_PATIENTS, MAX_SYNTHETIC_PATIENTS_TOTAL
from medmirror.tools.ehr.generator import generate_ehr
from medmirror.tools.ehr.schema import DDL

SPEC = re.compile(r"^synthetic(?::(?P<args>.*))?$")
TEXT_TASKS_DIR = Path(__file__).resolve().parent.parent / "text" / "tasks"


@lru_cache(maxsize=1)
def generator_fingerprint() -> str:
    """Hash of the generator's source (generator, catalog, schema): cached databases are keyed on it."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for name in ("generator.py", "catalog.py", "schema.py"):
        h.update((here / name).read_bytes())
    return h.hexdigest()[:12]


def parse_spec(spec: str) -> dict[str, int]:
    """``"synthetic:n=100,seed=0"`` -> ``{"n_patients": 100, "seed": 0}`` (defaults n=100, seed=0)."""
    m = SPEC.match(spec.strip())
    if not m:
        raise ValueError(f"not a generator spec: {spec!r} (expected 'synthetic:n=<patients>,seed=<seed>')")
    out = {"n_patients": 100, "seed": 0}
    for part in filter(None, (p.strip() for p in (m.group("args") or "").split(","))):
        key, _, value = part.partition("=")
        key = {"n": "n_patients", "n_patients": "n_patients", "seed": "seed"}.get(key.strip())
        if key is None or not value.strip().lstrip("-").isdigit():
            raise ValueError(f"bad generator spec part {part!r} in {spec!r}")
        out[key] = int(value)
    if out["n_patients"] < 1:
        raise ValueError("n must be at least 1")
    if out["n_patients"] > MAX_SYNTHETIC_PATIENTS:
        raise ValueError(f"n={out['n_patients']} is over the limit of {MAX_SYNTHETIC_PATIENTS:,} synthetic patients "
                         "(MAX_SYNTHETIC_PATIENTS in app/core/limits.py)")
    return out


def is_spec(value: str) -> bool:
    return bool(SPEC.match(value.strip()))


# Marks of a database this module generated: SQLite header fields (no extra table shows in the schema).
APPLICATION_ID = 0x4D4D4548  # "MMEH"
_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def private_workdir() -> Path:
    """This process's private folder for generated databases (``mkdtemp``: mode 0700, unpredictable name).

    A fixed, shared temp path let anyone plant a file there first and have it used as the EHR.
    """
    folder = Path(tempfile.mkdtemp(prefix="medmirror-ehr-"))
    atexit.register(remove_private_workdir)
    return folder


def remove_private_workdir() -> None:
    """Delete this process's private folder of generated databases, if it made one (at exit; the MCP server
    calls it on SIGTERM, whose default action skips atexit)."""
    if private_workdir.cache_info().currsize:
        shutil.rmtree(private_workdir(), ignore_errors=True)


_GENERATED: dict[Path, int] = {}  # databases this process generated into its private folder -> patients


def _within_budget(path: Path, n_patients: int) -> None:
    """Refuse a new generated database once the process has made ``MAX_SYNTHETIC_DATABASES`` of them or
    ``MAX_SYNTHETIC_PATIENTS_TOTAL`` patients (each costs seconds of CPU and megabytes: a client of the MCP
    server choosing a new seed per call could otherwise use both without end)."""
    if path in _GENERATED:
        return
    if len(_GENERATED) >= MAX_SYNTHETIC_DATABASES:
        raise ValueError(f"this process has generated {len(_GENERATED)} synthetic EHR databases, the limit "
                         f"(MAX_SYNTHETIC_DATABASES in app/core/limits.py); reuse one of the seeds and sizes already made")
    total = sum(_GENERATED.values()) + n_patients
    if total > MAX_SYNTHETIC_PATIENTS_TOTAL:
        raise ValueError(f"generating {n_patients:,} more synthetic patients would make {total:,} in this process, "
                         f"over the limit of {MAX_SYNTHETIC_PATIENTS_TOTAL:,} (MAX_SYNTHETIC_PATIENTS_TOTAL in "
                         "app/core/limits.py)")


def _user_version() -> int:
    return int(generator_fingerprint()[:7], 16)


@lru_cache(maxsize=1)
def _expected_schema() -> tuple[tuple[str, str, str], ...]:
    con = sqlite3.connect(":memory:")
    try:
        con.executescript(DDL)
        return tuple(con.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall())
    finally:
        con.close()


def _checksum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def verify_generated(path: Path) -> str | None:
    """Why ``path`` is not a database this module generated (None when it is).

    Checks: a regular file (not a symlink) owned by this user and not writable by others, the
    generator's marks in the SQLite header (application_id, user_version = generator
    fingerprint), exactly the generator's schema, and the SHA-256 recorded beside it at
    generation time (hashed on every use: a few milliseconds for the default 100 patients;
    a cache keyed on size and mtime missed an in-place change within the clock's tick).
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return "missing"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return "owned by another user"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "writable by other users"
    try:
        con = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
        try:
            app_id = con.execute("PRAGMA application_id").fetchone()[0]
            version = con.execute("PRAGMA user_version").fetchone()[0]
            schema = tuple(con.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall())
        finally:
            con.close()
    except sqlite3.DatabaseError as err:
        return f"not a readable SQLite database ({err})"
    if app_id != APPLICATION_ID or version != _user_version():
        return "not marked as generated by this version of the generator"
    if schema != _expected_schema():
        return "schema differs from the generator's"
    try:
        recorded = _sidecar(path).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return "no checksum recorded"
    if recorded != _checksum(path):
        return "checksum mismatch"
    return None


def _generate_verified(path: Path, spec: dict[str, int]) -> None:
    """Generate into a temporary file beside ``path``, mark it, record its checksum, then move it in place."""
    fd, tmp_name = tempfile.mkstemp(suffix=".sqlite", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        generate_ehr(tmp, **spec)
        con = sqlite3.connect(str(tmp))
        try:
            con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            con.execute(f"PRAGMA user_version = {_user_version()}")
            con.commit()
        finally:
            con.close()
        os.chmod(tmp, 0o644)
        digest = _checksum(tmp)
        side_fd, side_tmp = tempfile.mkstemp(suffix=".sha256", dir=path.parent)
        with os.fdopen(side_fd, "w", encoding="ascii") as fh:
            fh.write(digest + "\n")
        os.replace(tmp, path)
        os.replace(side_tmp, _sidecar(path))
    finally:
        if tmp.exists():
            tmp.unlink()


def ehr_db_path(value: str | Path, workdir: str | Path | None = None) -> Path:
    """A database path for a resource value: an existing file, or a spec generated (once) into ``workdir``.

    Without ``workdir`` a spec is generated into this process's private temp folder
    (:func:`private_workdir`). A generated database is verified (:func:`verify_generated`)
    before every use and rebuilt when the check fails, so a file planted at its path is
    never used as the EHR.
    """
    text = str(value)
    if is_spec(text):
        spec = parse_spec(text)
        folder = Path(workdir) if workdir else private_workdir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"synthetic-{generator_fingerprint()}-n{spec['n_patients']}-seed{spec['seed']}.sqlite"
        with _LOCK:
            if verify_generated(path) is not None:
                if not workdir:  # the private folder: what a client's spec fills
                    _within_budget(path, spec["n_patients"])
                    _GENERATED[path] = spec["n_patients"]
                _generate_verified(path, spec)
                problem = verify_generated(path)
                if problem is not None:
                    raise RuntimeError(f"the generated EHR database {path} failed its check: {problem}")
        return path
    path = Path(text).expanduser()
    if not path.is_file():
        raise FileNotFoundError(f"EHR database not found: {path}")
    return path


def _resolve_file(item: str, base_dir: Path | None) -> Path:
    p = Path(item).expanduser()
    if p.is_absolute():
        candidates = [p]
    else:
        candidates = [d / p for d in (base_dir, TEXT_TASKS_DIR, Path.cwd()) if d is not None]
    for c in candidates:
        if c.is_file():
            return c.resolve()
    raise FileNotFoundError(f"resource file not found: {item} (looked in {', '.join(str(c.parent) for c in candidates)})")


def materialise_resources(task: dict[str, Any], workdir: str | Path, base_dir: str | Path | None = None) -> dict[str, Any]:
    """Concrete resources for ``task``: the EHR built in ``workdir``, absolute document/image paths.

    Kinds this module does not know are passed through unchanged.
    """
    resources = dict(task.get("resources") or {})
    base = Path(base_dir) if base_dir else None
    if resources.get("ehr_db"):
        resources["ehr_db"] = str(ehr_db_path(resources["ehr_db"], workdir))
    for kind in ("documents", "images"):
        if resources.get(kind):
            items = resources[kind]
            items = [items] if isinstance(items, str) else list(items)
            resources[kind] = [str(_resolve_file(str(i), base)) for i in items]
    return resources
