"""EHR task sets and their scorers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medmirror.tools.ehr.generator import generate_ehr
from medmirror.tools.ehr.readonly import run_sql
from medmirror.tools.ehr.resources import ehr_db_path
from medmirror.tools.ehr.scoring import (
    SCORERS,
    is_refusal,
    iso_dates,
    numbers,
    score_ehr_result,
    score_refusal,
)

TASKS = Path(__file__).resolve().parents[3] / "tools" / "ehr" / "tasks"


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (TASKS / name).read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def small_db(tmp_path_factory) -> str:
    return str(generate_ehr(tmp_path_factory.mktemp("ehrs") / "s.sqlite", n_patients=3, seed=1))


def task(db: str, sql: str, kind: str = "number", question: str = "?", **gold) -> dict:
    return {"id": "t", "question": question, "resources": {"ehr_db": db}, "gold": {"sql": sql, "kind": kind, **gold}}


# --- the shipped task sets ---------------------------------------------------------------------------


def test_task_files_shape_and_counts():
    qa, absent = load("ehr_qa.jsonl"), load("ehr_absent.jsonl")
    assert len(qa) >= 25 and len(absent) >= 10
    ids = [t["id"] for t in qa + absent]
    assert len(ids) == len(set(ids))
    for t in qa + absent:
        assert {"id", "dimension", "question", "resources", "gold", "scorer", "required_tools"} <= set(t)
        assert t["scorer"] in SCORERS and t["resources"]["ehr_db"] == "synthetic:n=100,seed=0"
    assert {t["gold"]["kind"] for t in qa} == {"number", "text", "date", "list"}


def test_gold_sql_answers_every_question_and_absent_facts_are_absent():
    db = ehr_db_path("synthetic:n=100,seed=0")
    for t in load("ehr_qa.jsonl"):
        rows = run_sql(db, t["gold"]["sql"], max_rows=100).rows
        assert rows and rows[0][0] is not None, t["id"]
        if t["gold"]["kind"] != "list":
            assert len(rows) == 1, t["id"]
    for t in load("ehr_absent.jsonl"):
        assert t["gold"]["refusal"] is True
        if "absent_sql" in t["gold"]:
            assert run_sql(db, t["gold"]["absent_sql"]).empty, t["id"]
        else:
            assert t["gold"]["why"] == "not_in_schema"


def test_shipped_task_scores_the_db_answer_right_and_a_wrong_one_wrong():
    qa = {t["id"]: t for t in load("ehr_qa.jsonl")}
    t = qa["ehr_qa_001"]  # number of patients: 100 by construction of the spec
    assert score_ehr_result(t, "There are 100 patients.", None)["correct"]
    assert not score_ehr_result(t, "There are 99 patients.", None)["correct"]
    assert score_ehr_result(t, "", 100)["correct"]
    assert not score_ehr_result(t, "There are 100 patients.", 101)["correct"]  # the value decides


# --- scorer behaviour on hand-made gold -----------------------------------------------------------------


def test_number_ignores_question_ids_and_dates(small_db):
    t = task(small_db, "SELECT 4", question="How many admissions did patient 10005 have?")
    assert score_ehr_result(t, "Patient 10005 had 4 admissions.", None)["correct"]
    assert not score_ehr_result(t, "Patient 10005 had 3 admissions.", None)["correct"]
    t = task(small_db, "SELECT 4.1", question="Highest creatinine in admission 20061?")
    assert score_ehr_result(t, "On 2018-12-03 06:00 the creatinine peaked at 4.1 mg/dL", None)["correct"]
    assert score_ehr_result(t, "4.12", None)["correct"]  # 0.5 % default tolerance: 0.0205
    assert not score_ehr_result(t, "4.2", None)["correct"]
    assert not score_ehr_result(t, "not recorded", None)["correct"]
    t = task(small_db, "SELECT 4.92", tolerance=0.05)
    assert score_ehr_result(t, "about 4.9 days", None)["correct"]
    assert not score_ehr_result(t, "about 4.8 days", None)["correct"]
    assert score_ehr_result(task(small_db, "SELECT '1000'"), "", "1000 mg")["correct"]  # text dose column


def test_text_with_distractors(small_db):
    t = task(small_db, "SELECT 'HOME'", "text", distractors=["home health care"])
    assert score_ehr_result(t, "The patient was discharged home.", None)["correct"]
    assert score_ehr_result(t, "", "HOME")["correct"]
    assert not score_ehr_result(t, "Discharged to HOME HEALTH CARE.", None)["correct"]
    assert not score_ehr_result(t, "Discharged to a skilled nursing facility.", None)["correct"]
    t = task(small_db, "SELECT 'Acute on chronic systolic (congestive) heart failure'", "text")
    assert score_ehr_result(t, "Principal diagnosis: acute on chronic systolic (congestive) heart failure [I5023]",
                            None)["correct"]
    assert not score_ehr_result(t, "Chronic systolic (congestive) heart failure", None)["correct"]


def test_dates_and_lists(small_db):
    t = task(small_db, "SELECT '2021-10-21'", "date")
    for text in ("He died on 2021-10-21.", "Date of death: October 21, 2021", "21 October 2021", "10/21/2021"):
        assert score_ehr_result(t, text, None)["correct"], text
    assert not score_ehr_result(t, "He died on 2021-10-22.", None)["correct"]
    t = task(small_db, "SELECT 'Transfusion of red cells' UNION ALL SELECT 'Upper endoscopy'", "list")
    both = score_ehr_result(t, "Upper endoscopy and transfusion of red cells.", None)
    one = score_ehr_result(t, "Upper endoscopy only.", None)
    assert both["correct"] and both["score"] == 1.0
    assert not one["correct"] and one["score"] == 0.5


def test_empty_gold_wants_a_refusal_and_bad_kind_raises(small_db):
    t = task(small_db, "SELECT valuenum FROM labevents WHERE subject_id = -1")
    assert score_ehr_result(t, "Not recorded in the EHR.", None)["correct"]
    assert not score_ehr_result(t, "It was 4.0.", None)["correct"]
    with pytest.raises(ValueError, match="unknown gold kind"):
        score_ehr_result(task(small_db, "SELECT 1", "colour"), "1", None)
    with pytest.raises(ValueError, match="ehr_db"):
        score_ehr_result({"id": "x", "gold": {"sql": "SELECT 1"}}, "1", None)


def test_refusal_scorer():
    t = {"id": "a", "gold": {"refusal": True}}
    for text in ("Not recorded in the EHR.", "The database does not contain allergy information.",
                 "There is no record of a troponin for admission 20039.", "This cannot be determined from the records.",
                 "No retrieved chunk supports an answer.", "Weight is not available.",
                 "No answer: no validated tool result or note evidence supports a value"):
        assert score_refusal(t, text, None)["correct"], text
    for text, value in (("The weight was 70 kg.", None), ("Troponin 0.02 ng/mL", None),
                        ("not recorded", 70), ("", "0.4 ng/mL"), ("", True)):
        assert not score_refusal(t, text, value)["correct"], (text, value)
    assert is_refusal("", "not recorded")


def test_helpers():
    assert iso_dates("from 3/4/2020 to March 9, 2020 and 2020-03-12 08:00") == ["2020-03-04", "2020-03-09", "2020-03-12"]
    assert numbers("HR 120 at 08:30 on 2020-01-02, Na 1,234.5", {120.0}) == [1234.5]
    assert numbers("-0.5 and .25") == [-0.5, 0.25]
