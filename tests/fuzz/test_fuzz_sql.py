"""Property-based fuzzing of ehr_sql (issue 12).

Invariants, for any statement (random text, and statements assembled from SELECT
fragments, writes, PRAGMA/ATTACH, expensive functions, huge literals, several statements):

1. ``run_sql`` returns a :class:`QueryResult` or raises :class:`SQLRefused`; never another exception.
2. It never writes: the database file's bytes are unchanged, and no other file appears.
3. The result is bounded: at most ``max_rows`` rows, every text/blob value at most
   ``MAX_SQL_VALUE_BYTES`` (plus the cut marker), all values together at most
   ``MAX_SQL_RESULT_BYTES``.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from medmirror.core.limits import MAX_SQL_RESULT_BYTES, MAX_SQL_VALUE_BYTES
from medmirror.tools.ehr.readonly import QueryResult, SQLRefused, run_sql
from medmirror.tools.ehr.resources import ehr_db_path

EXPRESSIONS = st.sampled_from([
    "1", "subject_id", "gender", "*", "count(*)", "hex(randomblob(20000))", "randomblob(300000)", "zeroblob(99999999)",
    "printf('%.*c', 99999999, 'x')", "printf('%0*d', 2000000, 1)", "replace(hex(zeroblob(40000)), '0', '00')",
    "group_concat(gender)", "upper(gender)", "length(x'00')", "load_extension('x')", "sqlite_version()",
    "abs(-9223372036854775808)", "1e999", "-1e999", "9223372036854775807 + 1", "char(0)", "'\u0000'",
    "substr(hex(randomblob(9000)), 1, 18000)", "(SELECT count(*) FROM labevents a, labevents b)",
])
TABLES = st.sampled_from(["patients", "admissions", "labevents", "sqlite_master", "nope", "patients p, admissions a",
                          "(SELECT 1)", "pragma_table_info('patients')"])
TAILS = st.sampled_from(["", " LIMIT 3", " LIMIT -1", " ORDER BY 1", " WHERE 1=1", "; DROP TABLE patients",
                         "; SELECT 1", " --", " /*", " UNION ALL SELECT 1", " GROUP BY 1"])
STATEMENTS = st.one_of(
    st.builds(lambda e, t, tail: f"SELECT {e} FROM {t}{tail}", EXPRESSIONS, TABLES, TAILS),
    st.builds(lambda e: f"SELECT {e}", EXPRESSIONS),
    st.sampled_from([
        "DELETE FROM patients", "UPDATE patients SET gender = 'F'", "INSERT INTO patients VALUES (1,'M','x',1,1,NULL)",
        "DROP TABLE patients", "CREATE TABLE t(a)", "CREATE TEMP TABLE t(a)", "PRAGMA writable_schema = 1",
        "PRAGMA journal_mode = DELETE", "ATTACH DATABASE '/tmp/x.db' AS x", "VACUUM", "BEGIN", "COMMIT",
        "REINDEX", "ANALYZE", "SAVEPOINT a", "VACUUM INTO '/tmp/medmirror-fuzz-copy.db'",
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c",
        "SELECT 1; SELECT 2", "", "   ", ";",
    ]),
    st.text(max_size=60),
)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz-ehr")
    path = ehr_db_path("synthetic:n=20,seed=7", folder)
    return path, hashlib.sha256(path.read_bytes()).hexdigest(), sorted(p.name for p in folder.iterdir())


def _size(v) -> int:
    return len(v) if isinstance(v, (str, bytes)) else 8


@given(STATEMENTS, st.integers(1, 200))
def test_any_sql_is_bounded_and_never_writes(db, sql, max_rows):
    path, digest, files = db
    try:
        result = run_sql(path, sql, max_rows=max_rows, timeout_s=2.0)
    except SQLRefused:
        result = None
    if result is not None:
        assert isinstance(result, QueryResult)
        assert len(result.rows) <= max_rows
        total = 0
        for row in result.rows:
            for v in row:
                assert _size(v) <= MAX_SQL_VALUE_BYTES + 64
                total += _size(v)
        assert total <= MAX_SQL_RESULT_BYTES
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    assert sorted(p.name for p in path.parent.iterdir()) == files
