"""Task resources: build the EHR database a task names, resolve document and image paths.

A task's ``resources`` stay small text: ``{"ehr_db": "synthetic:n=100,seed=0"}`` names a
generated database (:func:`tools.ehr.generator.generate_ehr`), ``{"documents": [...]}``
and ``{"images": [...]}`` list files, relative paths being looked up beside the
shipped task sets (``tools/text/tasks/``) unless a ``base_dir`` is given.
:func:`materialise_resources` turns them into concrete paths for a run.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from tools.ehr.generator import generate_ehr

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
    return out


def is_spec(value: str) -> bool:
    return bool(SPEC.match(value.strip()))


def ehr_db_path(value: str | Path, workdir: str | Path | None = None) -> Path:
    """A database path for a resource value: an existing file, or a spec generated (once) into ``workdir``."""
    text = str(value)
    if is_spec(text):
        spec = parse_spec(text)
        folder = Path(workdir) if workdir else Path(tempfile.gettempdir()) / "medmirror-ehr"
        path = folder / f"synthetic-{generator_fingerprint()}-n{spec['n_patients']}-seed{spec['seed']}.sqlite"
        if not path.is_file():
            generate_ehr(path, **spec)
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
