"""Issue 12: ehr_sql's result size and work are bounded; the synthetic EHR is private and verified before use."""

from __future__ import annotations

import os
import sqlite3
import tempfile
import time
from pathlib import Path

import pytest

from medmirror.core import limits
from medmirror.tools.ehr import readonly
from medmirror.tools.ehr.readonly import SQLRefused, run_sql
from medmirror.tools.ehr.resources import ehr_db_path, generator_fingerprint, private_workdir, verify_generated


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    return ehr_db_path("synthetic:n=30,seed=1", tmp_path_factory.mktemp("ehr"))


def test_ehr_sql_huge_blob_is_refused_naming_the_limit(db):
    for sql in ("SELECT hex(randomblob(20000000)) FROM patients", "SELECT zeroblob(2000000000)",
                "SELECT group_concat(hex(randomblob(5000))) FROM labevents"):
        with pytest.raises(SQLRefused, match="MAX_SQLITE_LENGTH"):
            run_sql(db, sql)
    # a printf width over the length limit is refused before SQLite formats anything (it gave NULL before)
    with pytest.raises(SQLRefused, match="width or precision 50,000,000 .*MAX_SQLITE_LENGTH"):
        run_sql(db, "SELECT printf('%0*d', 50000000, 1)")


def test_printf_repeats_are_refused_before_they_run(db):
    """printf('%.*c', 2e9, 'x') repeated a character 2e9 times inside one VM step (seconds each, past the timeout)."""
    many = ", ".join(["printf('%.*c', 2000000000, 'x')"] * 50)
    for sql in ("SELECT printf('%.*c', 2000000000, 'x')", "SELECT format('%!.*c', 2000000000, 'x')",
                "SELECT printf('%.2000000000c', 'x')", f"SELECT {many}",
                "SELECT printf(gender || '%.*c', 2000000000, 'x') FROM patients"):
        start = time.monotonic()
        with pytest.raises(SQLRefused, match="2,000,000,000 is over the limit"):
            run_sql(db, sql)
        assert time.monotonic() - start < 2.0, sql  # seconds per printf before
    # within the limit printf is SQLite's own
    assert run_sql(db, "SELECT printf('%5.2f|%-3d|%s|%%|%.*c', 3.14159, 7, 'ab', 3, 'x')").rows == [[" 3.14|7  |ab|%|xxx"]]
    assert readonly.printf_width("%*.*d %5s", (-70, 12, 1, "a")) == 70


def test_watchdog_interrupts_a_statement_of_few_slow_steps(db, monkeypatch):
    """Rows of slow steps never reach the progress handler (every 10,000 steps): the watchdog stops them."""
    real = readonly.connect_readonly

    def with_slow(path):
        con = real(path)
        con.create_function("slow", 0, lambda: time.sleep(0.3) or 1)
        return con

    monkeypatch.setattr(readonly, "connect_readonly", with_slow)
    start = time.monotonic()
    with pytest.raises(SQLRefused, match="longer than 0.5 s"):
        run_sql(db, "SELECT slow() FROM patients", timeout_s=0.5, max_rows=100)  # 30 rows: 9 s without the watchdog
    assert time.monotonic() - start < 3.0  # 9 s without the watchdog


def test_ehr_sql_values_and_the_whole_result_are_capped(db, monkeypatch):
    r = run_sql(db, "SELECT hex(randomblob(20000)) AS h FROM patients")
    assert r.truncated and any("MAX_SQL_VALUE_BYTES" in n for n in r.notes)
    assert all(len(row[0].encode()) <= limits.MAX_SQL_VALUE_BYTES + 50 for row in r.rows)
    assert "notes" in r.as_dict()
    monkeypatch.setattr(readonly, "MAX_SQL_RESULT_BYTES", 5_000)
    r = run_sql(db, "SELECT hex(randomblob(2000)) FROM labevents", max_rows=1000)
    assert r.truncated and 0 < len(r.rows) < 10 and any("MAX_SQL_RESULT_BYTES" in n for n in r.notes)
    assert sum(len(v) for row in r.rows for v in row) <= 5_000


def test_ehr_sql_statement_length_and_steps_are_bounded(db, monkeypatch):
    with pytest.raises(SQLRefused, match="MAX_SQL_CHARS"):
        run_sql(db, "SELECT 1" + " " * limits.MAX_SQL_CHARS + "+1")
    with pytest.raises(SQLRefused, match="text"):
        run_sql(db, 42)  # type: ignore[arg-type]
    monkeypatch.setattr(readonly, "SQL_PROGRESS_OPS", 50_000)
    with pytest.raises(SQLRefused, match="SQL_PROGRESS_OPS"):
        run_sql(db, "SELECT count(*) FROM labevents a, labevents b")
    assert run_sql(db, "SELECT count(*) FROM patients").rows == [[30]]


def test_ehr_sql_never_writes(db):
    before = db.read_bytes()
    for sql in ("DELETE FROM patients", "CREATE TABLE x(a)", "PRAGMA user_version = 3",
                "ATTACH DATABASE ':memory:' AS m", "SELECT 1; DROP TABLE patients"):
        with pytest.raises(SQLRefused):
            run_sql(db, sql)
    assert db.read_bytes() == before


def test_synthetic_ehr_is_built_in_a_private_directory():
    shared = Path(tempfile.gettempdir()) / "medmirror-ehr"  # the old, predictable location
    path = ehr_db_path("synthetic:n=5,seed=4")
    assert path.parent == private_workdir() and not path.is_relative_to(shared)
    mode = os.stat(path.parent).st_mode & 0o777
    assert mode == 0o700
    assert verify_generated(path) is None


def test_planted_file_at_the_synthetic_path_is_not_used(tmp_path):
    name = f"synthetic-{generator_fingerprint()}-n5-seed4.sqlite"
    planted = tmp_path / name
    con = sqlite3.connect(planted)
    con.execute("CREATE TABLE patients (subject_id INTEGER, gender TEXT)")
    con.execute("INSERT INTO patients VALUES (666, 'planted')")
    con.commit()
    con.close()
    assert verify_generated(planted) is not None
    path = ehr_db_path("synthetic:n=5,seed=4", tmp_path)
    assert path == planted and verify_generated(path) is None
    assert run_sql(path, "SELECT count(*) FROM patients WHERE gender = 'planted'").rows == [[0]]
    # a file changed after generation is caught by its checksum and rebuilt
    with sqlite3.connect(path) as con:
        assert con.execute("UPDATE patients SET anchor_age = 999 WHERE subject_id = "
                               "(SELECT min(subject_id) FROM patients)").rowcount == 1
    con.close()
    assert verify_generated(path) is not None
    assert run_sql(ehr_db_path("synthetic:n=5,seed=4", tmp_path),
                   "SELECT count(*) FROM patients WHERE anchor_age = 999").rows == [[0]]


def test_planted_symlink_at_the_synthetic_path_is_replaced(tmp_path):
    target = tmp_path / "elsewhere.sqlite"
    ehr_db_path("synthetic:n=5,seed=4", tmp_path / "real")  # a valid generated file to point at
    target.write_bytes(next((tmp_path / "real").glob("*.sqlite")).read_bytes())
    link = tmp_path / f"synthetic-{generator_fingerprint()}-n5-seed4.sqlite"
    link.symlink_to(target)
    assert verify_generated(link) == "not a regular file"
    path = ehr_db_path("synthetic:n=5,seed=4", tmp_path)
    assert not path.is_symlink() and verify_generated(path) is None


def test_synthetic_ehr_size_is_bounded():
    with pytest.raises(ValueError, match="MAX_SYNTHETIC_PATIENTS"):
        ehr_db_path(f"synthetic:n={limits.MAX_SYNTHETIC_PATIENTS + 1}")


def test_generation_into_the_private_folder_is_capped_per_process(monkeypatch):
    """Issue 31 M3: a client choosing a new seed per call made a new database each time (49 s, 227 MB)."""
    from medmirror.tools.ehr import resources

    monkeypatch.setattr(resources, "_GENERATED", {})
    monkeypatch.setattr(resources, "MAX_SYNTHETIC_DATABASES", 2)
    monkeypatch.setattr(resources, "MAX_SYNTHETIC_PATIENTS_TOTAL", 12)
    first = ehr_db_path("synthetic:n=3,seed=901")
    ehr_db_path("synthetic:n=3,seed=902")
    assert ehr_db_path("synthetic:n=3,seed=901") == first  # one already made is reused, not counted again
    with pytest.raises(ValueError, match="generated 2 synthetic EHR databases.*MAX_SYNTHETIC_DATABASES"):
        ehr_db_path("synthetic:n=3,seed=903")
    monkeypatch.setattr(resources, "MAX_SYNTHETIC_DATABASES", 10)
    with pytest.raises(ValueError, match="would make 16 in this process.*MAX_SYNTHETIC_PATIENTS_TOTAL"):
        ehr_db_path("synthetic:n=10,seed=904")
    assert not list(resources.private_workdir().glob("*seed903*")) and not list(resources.private_workdir().glob("*seed904*"))


def test_a_database_that_cannot_be_opened_is_named(tmp_path):
    """Issue 31 (low): 'unable to open database file' / 'file is not a database' without the file."""
    bad = tmp_path / "notes.sqlite"
    bad.write_text("not a database " * 100)
    with pytest.raises(SQLRefused, match=f"cannot open the EHR database {bad}: file is not a database"):
        run_sql(bad, "SELECT 1")
