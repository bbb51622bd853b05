"""Property-based fuzzing of resource paths (issue 31, H5): no file outside the allowed roots through any interface.

A fixed layout: an allowed root with a document and symlinks pointing out of it, a private folder holding a
secret, and the data directory (under the allowed root's parent, itself allowed: the data dir must still be
refused) holding a checkpoint database with another session's note. Paths are built from random segments
(``..``, ``.``, empty, the folders, the files, the symlinks), absolute or relative to the current directory.

Invariants, for every path, through :func:`check_resources` (every kind), the MCP server's tools
(``longdoc_search``'s documents, ``ehr_sql``'s database) and ``solve``'s resources:

1. a path is admitted only when its real location is under the allowed root and not in the data directory;
2. a refusal is one line naming the path (or a precise type error), never a traceback;
3. the secret and the other session's note never appear in any output.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from medmirror.api import solve
from medmirror.core.settings import Settings
from medmirror.mcp_server import ToolCallError, call_tool
from medmirror.tools.builtin import default_registry
from medmirror.tools.resource_access import ResourceRefused, check_resources

SECRET = "tangerine-7731"
OTHER_NOTE = "another-session-note-5521"
SEGMENTS = ["..", ".", "", "base", "allowed", "private", "data", "secret.txt", "report.txt", "checkpoints.sqlite",
            "out_link", "data_link", "dir_link", "nested"]


@pytest.fixture(scope="module")
def layout():
    base = Path(tempfile.mkdtemp(prefix="medmirror-fuzz-roots-")).resolve()
    allowed = base / "allowed"
    (allowed / "nested").mkdir(parents=True)
    (allowed / "report.txt").write_text("Discharge summary. Creatinine 1.4 mg/dL.")
    (allowed / "nested" / "report.txt").write_text("Nested report. Sodium 140 mmol/L.")
    private = base / "private"
    private.mkdir()
    (private / "secret.txt").write_text(f"The code is {SECRET}.")
    data = allowed / "data"  # the data dir inside the allowed root: still never admitted
    data.mkdir()
    con = sqlite3.connect(data / "checkpoints.sqlite")
    con.execute("CREATE TABLE patients (note TEXT)")
    con.execute("INSERT INTO patients VALUES (?)", (OTHER_NOTE,))
    con.commit()
    con.close()
    (data / "secret.txt").write_text(f"The code is {SECRET}.")
    (allowed / "out_link").symlink_to(private / "secret.txt")
    (allowed / "data_link").symlink_to(data / "checkpoints.sqlite")
    (allowed / "dir_link").symlink_to(private)
    settings = Settings(data_dir=data, resource_roots=[allowed])
    cwd = os.getcwd()
    os.chdir(allowed / "nested")  # relative paths start here
    try:
        yield {"base": base, "allowed": allowed, "data": data, "settings": settings}
    finally:
        os.chdir(cwd)


paths = st.tuples(st.booleans(), st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=6))


def _path(layout, spec) -> str:
    absolute, parts = spec
    text = "/".join(parts)
    return str(layout["base"]) + "/" + text if absolute else text


def _admissible(layout, path: str) -> bool:
    real = Path(path).resolve()
    return real.is_relative_to(layout["allowed"]) and not real.is_relative_to(layout["data"])


def _no_leak(text: str) -> None:
    assert SECRET not in text and OTHER_NOTE not in text


@given(spec=paths, kind=st.sampled_from(["documents", "images", "ehr_db"]))
def test_check_resources_admits_only_paths_under_the_roots(layout, spec, kind) -> None:
    path = _path(layout, spec)
    value = path if kind == "ehr_db" else [path]
    try:
        out = check_resources({kind: value}, layout["settings"])
    except (ResourceRefused, ValueError) as err:
        message = str(err)
        assert "\n" not in message and (path in message or "non-empty" in message)
        return
    admitted = out[kind] if kind == "ehr_db" else out[kind][0]
    if admitted == "":  # an empty ehr_db is no database (the tool says it is missing), not a path
        return
    assert _admissible(layout, path) and Path(admitted) == Path(path).resolve()


@given(spec=paths)
def test_mcp_tools_never_read_outside_the_roots(layout, spec) -> None:
    path = _path(layout, spec)
    registry = default_registry()
    for name, args in (("longdoc_search", {"query": "code creatinine sodium", "documents": [path]}),
                       ("ehr_sql", {"sql": "SELECT * FROM patients", "ehr_db": path})):
        try:
            out = call_tool(registry, name, args, settings=layout["settings"])
        except ToolCallError as err:
            _no_leak(str(err))
            if not _admissible(layout, path):
                assert "Cannot run" in str(err)
            continue
        assert _admissible(layout, path), (name, path)
        _no_leak(str(out))


@given(spec=paths)
def test_solve_never_reads_outside_the_roots(layout, spec) -> None:
    path = _path(layout, spec)
    r = solve("What is the code?", None, preset="cot", saver=None, resources={"documents": [path]},
              data_dir=layout["data"], resource_roots=[layout["allowed"]], model_provider="scripted",
              script_path=str(layout["base"] / "no-script.json"))
    _no_leak(f"{r.answer} {r.value} {r.status_detail} {r.steps}")
    if not _admissible(layout, path):
        assert r.status == "error" and "\n" not in r.status_detail
