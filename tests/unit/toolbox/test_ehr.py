"""EHR: generator determinism and consistency, read-only SQL, text-to-SQL retries, tools."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from medmirror.core.models import ScriptedChatModel
from medmirror.tools.ehr import catalog as C
from medmirror.tools.ehr.generator import generate_ehr
from medmirror.tools.ehr.readonly import SQLRefused, run_sql
from medmirror.tools.ehr.resources import ehr_db_path, materialise_resources, parse_spec
from medmirror.tools.ehr.schema import MANUAL, manual_text
from medmirror.tools.ehr.text_to_sql import SQLQueryFailed, query_ehr
from medmirror.tools.ehr.tools import registered_tools
from medmirror.tools.registry import MissingResource


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    return generate_ehr(tmp_path_factory.mktemp("ehr") / "ehr.sqlite", n_patients=100, seed=0)


def q(db: Path, sql: str) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def dump(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- generator ----------------------------------------------------------------------------


def test_generator_is_deterministic(db, tmp_path):
    again = generate_ehr(tmp_path / "again.sqlite", n_patients=100, seed=0)
    assert dump(again) == dump(db)
    other = generate_ehr(tmp_path / "other.sqlite", n_patients=100, seed=1)
    assert dump(other) != dump(db)


def test_generator_sizes_and_every_table_filled(db):
    assert q(db, "SELECT count(*) FROM patients")[0][0] == 100
    for table in MANUAL:
        assert q(db, f"SELECT count(*) FROM {table}")[0][0] > 0, table
    assert generate_ehr(db.parent / "small.sqlite", n_patients=3, seed=5).is_file()
    assert q(db.parent / "small.sqlite", "SELECT count(*) FROM patients")[0][0] == 3
    with pytest.raises(ValueError):
        generate_ehr(db.parent / "none.sqlite", n_patients=0)


def test_events_lie_inside_their_admission(db):
    for table, col in (("labevents", "charttime"), ("chartevents", "charttime")):
        bad = q(db, f"SELECT count(*) FROM {table} e JOIN admissions a USING (hadm_id) "
                    f"WHERE e.{col} < a.admittime OR e.{col} > a.dischtime OR e.subject_id != a.subject_id")
        assert bad[0][0] == 0, table
    assert q(db, "SELECT count(*) FROM prescriptions p JOIN admissions a USING (hadm_id) "
                 "WHERE p.starttime < a.admittime OR p.stoptime > a.dischtime OR p.stoptime < p.starttime")[0][0] == 0
    assert q(db, "SELECT count(*) FROM procedures_icd p JOIN admissions a USING (hadm_id) "
                 "WHERE p.chartdate < date(a.admittime) OR p.chartdate > date(a.dischtime)")[0][0] == 0
    assert q(db, "SELECT count(*) FROM admissions WHERE dischtime <= admittime")[0][0] == 0


def test_admissions_do_not_overlap_and_death_is_last(db):
    rows = q(db, "SELECT subject_id, admittime, dischtime, deathtime FROM admissions ORDER BY subject_id, admittime")
    prev: dict[int, tuple] = {}
    for subject, admit, disch, death in rows:
        if subject in prev:
            assert admit > prev[subject][1], subject  # starts after the previous discharge
            assert prev[subject][2] is None, subject  # nothing after an in-hospital death
        prev[subject] = (admit, disch, death)
    deaths = q(db, "SELECT p.dod, a.deathtime FROM admissions a JOIN patients p USING (subject_id) "
                   "WHERE a.hospital_expire_flag = 1")
    assert all(dod == death[:10] for dod, death in deaths)
    assert q(db, "SELECT count(*) FROM admissions WHERE (discharge_location = 'DIED') != (hospital_expire_flag = 1)")[0][0] == 0
    # every death date is on or after the last discharge
    assert q(db, "SELECT count(*) FROM patients p JOIN admissions a USING (subject_id) "
                 "WHERE p.dod IS NOT NULL AND p.dod < date(a.dischtime)")[0][0] == 0


def test_lab_flags_match_reference_ranges_and_values_are_plausible(db):
    assert q(db, "SELECT count(*) FROM labevents WHERE (flag = 'abnormal') != "
                 "(valuenum < ref_range_lower OR valuenum > ref_range_upper)")[0][0] == 0
    for item in C.LABS.values():
        lo, hi = q(db, f"SELECT min(valuenum), max(valuenum) FROM labevents WHERE itemid = {item.itemid}")[0]
        if lo is not None:
            assert item.hard[0] <= lo and hi <= item.hard[1], item.label
    for item in C.VITALS.values():
        lo, hi = q(db, f"SELECT min(valuenum), max(valuenum) FROM chartevents WHERE itemid = {item.itemid}")[0]
        assert item.hard[0] <= lo and hi <= item.hard[1], item.label
    assert q(db, "SELECT max(valuenum) FROM chartevents WHERE itemid = 220277")[0][0] <= 100


def test_labs_follow_conditions(db):
    # warfarin keeps the INR therapeutic (2-3 plus assay noise)
    inr = q(db, "SELECT min(l.valuenum), max(l.valuenum) FROM labevents l WHERE l.itemid = 51237 AND l.hadm_id IN "
                "(SELECT hadm_id FROM prescriptions WHERE drug = 'warfarin')")[0]
    assert inr[0] is not None  # seed 0 has warfarin patients
    assert 1.9 <= inr[0] and inr[1] <= 3.1
    # CKD raises creatinine
    ckd, other = q(db, "SELECT avg(CASE WHEN hadm_id IN (SELECT hadm_id FROM diagnoses_icd WHERE icd_code = 'N1830') "
                       "THEN valuenum END), avg(CASE WHEN hadm_id NOT IN (SELECT hadm_id FROM diagnoses_icd "
                       "WHERE icd_code IN ('N1830', 'N179')) THEN valuenum END) FROM labevents WHERE itemid = 50912")[0]
    assert ckd > 1.4 > other
    # the hyponatraemia code is there exactly when a sodium below 133 was measured
    coded = {r[0] for r in q(db, "SELECT hadm_id FROM diagnoses_icd WHERE icd_code = 'E871'")}
    low = {r[0] for r in q(db, "SELECT DISTINCT hadm_id FROM labevents WHERE itemid = 50983 AND valuenum < 133")}
    assert coded == low and coded
    # HbA1c only for diabetics, and every diabetic admission has one
    a1c = {r[0] for r in q(db, "SELECT DISTINCT hadm_id FROM labevents WHERE itemid = 50852")}
    dm = {r[0] for r in q(db, "SELECT hadm_id FROM diagnoses_icd WHERE icd_code = 'E119'")}
    assert a1c == dm


def test_treatment_follows_the_admission_reason(db):
    by_text = {a.text: a for a in C.ACUTE}
    rx = {}
    for hadm, drug in q(db, "SELECT hadm_id, drug FROM prescriptions"):
        rx.setdefault(hadm, set()).add(drug)
    principal = dict(q(db, "SELECT hadm_id, icd_code FROM diagnoses_icd WHERE seq_num = 1"))
    for hadm, text, adm_type in q(db, "SELECT hadm_id, diagnosis, admission_type FROM admissions"):
        reason = by_text[text]
        assert reason.meds and reason.admission_type in ("EMERGENCY", "ELECTIVE")
        assert principal[hadm] == reason.icd
        assert (adm_type == "ELECTIVE") == (reason.admission_type == "ELECTIVE")
        for slot in reason.meds:  # every treatment slot is ordered with one of its options
            assert rx.get(hadm, set()) & {d.drug for d in slot}, (hadm, text, slot)


def test_diagnoses_are_coded_and_titled(db):
    assert q(db, "SELECT count(*) FROM admissions WHERE hadm_id NOT IN "
                 "(SELECT hadm_id FROM diagnoses_icd WHERE seq_num = 1)")[0][0] == 0
    assert q(db, "SELECT count(*) FROM diagnoses_icd d LEFT JOIN d_icd_diagnoses t USING (icd_code, icd_version) "
                 "WHERE t.long_title IS NULL")[0][0] == 0
    assert q(db, "SELECT count(*) FROM procedures_icd d LEFT JOIN d_icd_procedures t USING (icd_code, icd_version) "
                 "WHERE t.long_title IS NULL")[0][0] == 0


def test_icd10cm_titles_match_the_tabular_list():
    import simple_icd_10_cm as cm

    for code, title in C.ICD10CM.items():
        assert cm.is_valid_item(code) and cm.is_leaf(code), code
        assert cm.get_description(code) == title


# --- read-only SQL ---------------------------------------------------------------------------------


@pytest.mark.parametrize("sql", [
    "INSERT INTO patients VALUES (1, 'M', '2000-01-01', 20, 2020, NULL)",
    "UPDATE patients SET gender = 'F'",
    "DELETE FROM labevents",
    "DROP TABLE patients",
    "CREATE TABLE x (a)",
    "ALTER TABLE patients ADD COLUMN x TEXT",
    "ATTACH DATABASE ':memory:' AS other",
    "PRAGMA journal_mode = WAL",
    "PRAGMA writable_schema = ON",
    "PRAGMA table_info(patients)",
    "BEGIN",
    "VACUUM",
    "SELECT load_extension('x')",
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
])
def test_authorizer_blocks_everything_but_select(db, sql):
    before = digest(db)
    with pytest.raises(SQLRefused) as err:
        run_sql(db, sql)
    assert "not authorized" in str(err.value) or "authoriz" in str(err.value)
    assert digest(db) == before


def test_a_recursive_query_is_refused_saying_so(db):
    with pytest.raises(SQLRefused) as err:
        run_sql(db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
    assert "WITH RECURSIVE" in str(err.value)


@pytest.mark.parametrize("sql", [
    "SELECT 1; DROP TABLE patients",
    "SELECT count(*) FROM patients; DELETE FROM patients",
    "SELECT 1;\nATTACH DATABASE ':memory:' AS x",
])
def test_stacked_statements_are_refused(db, sql):
    before = digest(db)
    with pytest.raises(SQLRefused):
        run_sql(db, sql)
    assert digest(db) == before
    assert q(db, "SELECT count(*) FROM patients")[0][0] == 100


def test_authorizer_not_string_matching(db):
    # a SELECT mentioning DROP/DELETE in a literal runs; write keywords are not what is checked
    r = run_sql(db, "SELECT 'DROP TABLE patients; DELETE' AS s, count(*) FROM patients")
    assert r.rows == [["DROP TABLE patients; DELETE", 100]]


def test_connection_is_read_only_even_without_authorizer(db):
    from medmirror.tools.ehr.readonly import connect_readonly

    con = connect_readonly(db)
    con.set_authorizer(None)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        con.execute("DELETE FROM patients")
    con.close()


def test_row_cap_timeout_and_missing_file(db, tmp_path):
    r = run_sql(db, "SELECT subject_id FROM patients", max_rows=7)
    assert len(r.rows) == 7 and r.truncated
    assert not run_sql(db, "SELECT subject_id FROM patients", max_rows=500).truncated
    with pytest.raises(SQLRefused, match="longer than"):
        run_sql(db, "SELECT count(*) FROM labevents a, labevents b, labevents c", timeout_s=0.05)
    with pytest.raises(FileNotFoundError):
        run_sql(tmp_path / "nope.sqlite", "SELECT 1")
    with pytest.raises(SQLRefused, match="no such column"):
        run_sql(db, "SELECT nope FROM patients")


# --- text-to-SQL ---------------------------------------------------------------------------------------


def test_text_to_sql_retries_with_the_error(db):
    model = ScriptedChatModel(responses=[
        {"sql": "SELECT count(*) FROM patient WHERE gender = 'F'"},
        {"sql": "DELETE FROM patients"},
        {"sql": "SELECT count(*) FROM patients WHERE gender = 'F'"},
    ])
    out = query_ehr("How many female patients are there?", db, model)
    assert out["status"] == "answered"
    assert out["attempts"] == 3
    assert out["rows"] == [[q(db, "SELECT count(*) FROM patients WHERE gender = 'F'")[0][0]]]
    assert out["answer"] == str(out["rows"][0][0])
    # the second prompt carried the first error, the third the authorizer's refusal
    second = model.calls[1]["messages"][-1].content
    third = model.calls[2]["messages"][-1].content
    assert "no such table: patient" in second
    assert "not authorized" in third and "no such table: patient" in third
    assert q(db, "SELECT count(*) FROM patients")[0][0] == 100


def test_text_to_sql_gives_up_after_three_attempts(db):
    model = ScriptedChatModel(responses=[{"sql": "SELECT x FROM nowhere"}] * 5)
    with pytest.raises(SQLQueryFailed, match="3 SQL attempt"):
        query_ehr("anything", db, model)
    assert len(model.calls) == 3


def test_empty_result_is_not_recorded(db):
    model = ScriptedChatModel(responses=[
        {"sql": "SELECT valuenum FROM labevents WHERE subject_id = 999999"},
        {"sql": "SELECT max(valuenum) FROM labevents WHERE subject_id = 999999"},
        {"sql": ""},
    ])
    for _ in range(3):
        out = query_ehr("What was the troponin of patient 999999?", db, model)
        assert out["status"] == "not_recorded"
        assert "not recorded" in out["answer"]
        assert out["rows"] in ([], [[None]])
    assert "no table or column" in out["answer"]


def test_model_sees_the_schema_manual(db):
    model = ScriptedChatModel(responses=[{"sql": "SELECT 1"}])
    query_ehr("Anything?", db, model)
    text = "\n".join(str(m.content) for m in model.calls[0]["messages"])
    assert "TABLE labevents" in text and "d_labitems.itemid" in text and "Question: Anything?" in text


# --- tools ------------------------------------------------------------------------------------------------


def tools_by_name(model=None):
    return {t.name: t for t in registered_tools(model=model)}


def test_tools_need_the_database():
    for tool in tools_by_name().values():
        assert tool.requires == ("ehr_db",)
        with pytest.raises(MissingResource, match="ehr_db"):
            tool.invoke({"sql": "SELECT 1", "question": "x", "table": None}, {})
        assert tool.tool.invoke({"sql": "SELECT 1"} if tool.name == "ehr_sql" else
                                {"question": "how many?"} if tool.name == "ehr_query" else {}).startswith("Error:")


def test_tools_on_a_database(db):
    model = ScriptedChatModel(responses=[{"sql": "SELECT gender FROM patients WHERE subject_id = 10001"}])
    tools = tools_by_name(model)
    res = {"ehr_db": str(db)}
    schema = tools["ehr_schema"].invoke({"table": "labevents"}, res)
    assert schema["tables"][0]["rows"] == q(db, "SELECT count(*) FROM labevents")[0][0]
    assert {c["name"] for c in schema["tables"][0]["columns"]} >= {"itemid", "charttime", "valuenum", "flag"}
    with pytest.raises(KeyError, match="unknown table"):
        tools["ehr_schema"].invoke({"table": "notes"}, res)
    assert len(tools["ehr_schema"].invoke({}, res)["tables"]) == len(MANUAL)
    out = tools["ehr_sql"].invoke({"sql": "SELECT count(*) AS n FROM admissions"}, res)
    assert out["status"] == "answered" and out["rows"][0][0] == q(db, "SELECT count(*) FROM admissions")[0][0]
    with pytest.raises(SQLRefused):
        tools["ehr_sql"].invoke({"sql": "DROP TABLE admissions"}, res)
    out = tools["ehr_query"].invoke({"question": "What is the gender of patient 10001?"}, res)
    assert out["answer"] == q(db, "SELECT gender FROM patients WHERE subject_id = 10001")[0][0]
    with pytest.raises(ValueError, match="question"):
        tools["ehr_query"].invoke({}, res)


def test_langchain_tool_bound_to_resources(db):
    from medmirror.tools.ehr.tools import SQLArgs
    from medmirror.tools.tooling import bind_tool

    tool = tools_by_name()["ehr_sql"]
    bound = bind_tool(tool, SQLArgs, resources={"ehr_db": str(db)})
    assert '"status": "answered"' in bound.invoke({"sql": "SELECT 1"})
    assert bound.invoke({"sql": "DELETE FROM patients"}).startswith("Error: not authorized")


def test_cards_and_manual():
    for tool in tools_by_name().values():
        assert tool.card.category == "ehr" and tool.card.reference and tool.card.inputs
    assert "TABLE prescriptions" in manual_text() and "weight" in manual_text()
    assert manual_text("LABEVENTS").startswith("TABLE labevents")


def test_resources_spec_and_materialise(tmp_path):
    assert parse_spec("synthetic:n=20,seed=3") == {"n_patients": 20, "seed": 3}
    assert parse_spec("synthetic") == {"n_patients": 100, "seed": 0}
    for bad in ("synthetic:n=x", "mimic:n=3", "synthetic:k=1", "synthetic:n=0"):
        with pytest.raises(ValueError):
            parse_spec(bad)
    out = materialise_resources({"resources": {"ehr_db": "synthetic:n=5,seed=2", "other": 1}}, tmp_path)
    path = Path(out["ehr_db"])
    assert path.parent == tmp_path and path.is_file() and out["other"] == 1
    mtime = path.stat().st_mtime_ns
    assert ehr_db_path("synthetic:n=5,seed=2", tmp_path) == path and path.stat().st_mtime_ns == mtime  # cached
    with pytest.raises(FileNotFoundError):
        ehr_db_path(tmp_path / "missing.sqlite")
