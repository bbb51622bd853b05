"""Which files a task's resources may name: the roots the user allows, never the data directory.

A task's ``ehr_db``, ``documents`` and ``images`` are paths on the machine that runs MedMirror.
Through ``solve`` (Python API, MCP) and the MCP server's tools, whoever writes the task picks
them, so :func:`check_resources` admits a path only when its real location (symlinks and
``..`` resolved) is

- under one of the roots the user allows (setting ``resource_roots``,
  ``MEDMIRROR_RESOURCE_ROOTS`` with paths separated by ``os.pathsep``, ``medmirror mcp
  --allow-root DIR``), or in one of MedMirror's shipped task folders (``tools/*/tasks``), or
- an EHR database this process's generator made and verified
  (:func:`medmirror.tools.ehr.resources.verify_generated`: synthetic data, no patient's);

and never when it lies in the data directory (``data_dir``: the checkpoints, which hold other
runs' notes, and the experience store), even under an allowed root. A refused path is a
:class:`ResourceRefused` whose one-line message names the path and the setting to change.
The admitted resources come back with the resolved paths, so a later swap of a symlink does
not change what is read. The number of documents and images is bounded (``MAX_DOCUMENTS``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from medmirror.core.limits import MAX_DOCUMENTS, check_size
from medmirror.tools.ehr.resources import is_spec, verify_generated

PATH_KINDS = ("ehr_db", "documents", "images")
TOOLS_DIR = Path(__file__).resolve().parent
SHIPPED_ROOTS = tuple(TOOLS_DIR / family / "tasks" for family in ("text", "ehr", "knowledge"))
SETTING_HINT = "the setting resource_roots (MEDMIRROR_RESOURCE_ROOTS; medmirror mcp --allow-root DIR)"


class ResourceRefused(PermissionError):
    """A resource path outside the allowed roots or inside the data directory; the message says which."""


def _real(path: str | os.PathLike[str]) -> Path:
    return Path(path).expanduser().resolve()


def allowed_roots(settings: Any) -> list[Path]:
    """The user's roots (resolved) followed by the shipped task folders."""
    return [_real(r) for r in (getattr(settings, "resource_roots", None) or ())] + [r.resolve() for r in SHIPPED_ROOTS]


def check_path(kind: str, value: Any, settings: Any) -> str:
    """The resolved path of one resource file, or :class:`ResourceRefused` naming it and the setting."""
    if not isinstance(value, (str, os.PathLike)) or not str(value).strip():
        raise ValueError(f"{kind}: a path must be non-empty text, got {type(value).__name__}")
    text = str(value)
    if "\x00" in text:
        raise ValueError(f"{kind}: a path may not contain a NUL character")
    real = _real(text)
    data_dir = _real(getattr(settings, "data_dir"))
    if real == data_dir or real.is_relative_to(data_dir):
        raise ResourceRefused(f"{kind}: {text} is inside MedMirror's data directory {data_dir} (checkpoints, "
                              "experience store), which no task resource may name")
    roots = allowed_roots(settings)
    if any(real.is_relative_to(root) for root in roots):
        return str(real)
    if kind == "ehr_db" and real.is_file() and verify_generated(real) is None:
        return str(real)  # synthetic data this generator made and checksummed
    user_roots = [str(r) for r in roots[: len(roots) - len(SHIPPED_ROOTS)]]
    allowed = ", ".join(user_roots) if user_roots else "none set"
    raise ResourceRefused(f"{kind}: {text} is outside the allowed resource roots ({allowed}); to allow it, "
                          f"add its folder to {SETTING_HINT}")


def _items(kind: str, value: Any) -> list[Any]:
    items = [value] if isinstance(value, (str, os.PathLike, dict)) else value
    if not isinstance(items, (list, tuple)):
        raise ValueError(f"{kind}: expected a path or a list of paths, got {type(value).__name__}")
    check_size(kind, len(items), MAX_DOCUMENTS, "MAX_DOCUMENTS", unit="files")
    return [i.get("path") or i.get("file") if isinstance(i, dict) else i for i in items]


def check_resources(resources: Any, settings: Any) -> dict[str, Any] | None:
    """``resources`` with every file path checked and resolved (see the module docstring); other kinds unchanged."""
    if resources is None:
        return None
    if not isinstance(resources, dict):
        raise TypeError(f"resources must be a dict, got {type(resources).__name__}")
    out = dict(resources)
    db = out.get("ehr_db")
    if db and not (isinstance(db, str) and is_spec(db)):
        out["ehr_db"] = check_path("ehr_db", db, settings)
    for kind in ("documents", "images"):
        if out.get(kind):
            out[kind] = [check_path(kind, item, settings) for item in _items(kind, out[kind])]
    return out
