"""Workflows (issue 27): the condition language, the workflow plan checks, the patient record, bench medmcp's agent
mode. The graph-level behaviour is in tests/graph/test_workflow_checks.py."""

from __future__ import annotations

import json
import sqlite3

import pytest

from medmirror.bench.medmcp import read_medmcp
from medmirror.bench.medmcp_agent import record_rows, run_medmcp_agent
from medmirror.memory.state import MedMirrorState
from medmirror.nodes.workflow import (
    ConditionError,
    compose_workflow,
    evaluate,
    parse_condition,
    render,
    sourced_inputs,
    with_dependencies,
    workflow_plan_checks,
)
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.ehr.patient_record import (
    PatientRecordError,
    build_record,
    latest_rows,
    read_row,
    read_rows,
    row_argument,
)

RESULTS = {"curb": {"value": 2, "interpretation": "moderate risk"}, "map": {"value": 73.3, "unit": "mmHg"},
           "ecog": {"value": "ECOG 3", "interpretation": "capable of only limited self-care"}}


@pytest.mark.parametrize("cond, holds", [
    ({"ref": "curb", "op": ">=", "value": 2}, True),
    ({"ref": "curb", "op": ">", "value": 2}, False),
    ({"ref": "curb", "op": "==", "value": 2}, True),
    ({"ref": "curb", "op": "!=", "value": 2}, False),
    ({"ref": "map", "op": "<", "value": 65}, False),
    ({"ref": "map", "op": "<=", "value": 73.3}, True),
    ({"ref": "curb", "op": "==", "value": "moderate risk"}, True),     # a category: the interpretation's words
    ({"ref": "curb", "op": "==", "value": "high risk"}, False),
    ({"ref": "ecog", "op": "!=", "value": "ECOG 4"}, True),
    ({"all": [{"ref": "curb", "op": ">=", "value": 2}, {"ref": "map", "op": "<", "value": 65}]}, False),
    ({"any": [{"ref": "curb", "op": ">=", "value": 2}, {"ref": "map", "op": "<", "value": 65}]}, True),
])
def test_conditions_evaluate_by_their_definition(cond, holds):
    got, why = evaluate(parse_condition(cond), RESULTS)
    assert got is holds and render(parse_condition(cond)).split()[0].strip("(") in why


@pytest.mark.parametrize("cond, message", [
    ({"ref": "curb", "op": "=>", "value": 2}, "invalid condition at"),
    ({"ref": "curb", "op": "<", "value": "high"}, "compared with == or != only"),
    ({"ref": "curb", "op": ">", "value": 1, "extra": 1}, "invalid condition at"),
    ({"ref": "1curb", "op": ">", "value": 1}, "invalid condition at"),
    ({"all": []}, "invalid condition at"),
    ({"all": [{"all": [{"all": [{"all": [{"ref": "a", "op": ">", "value": 1}]}]}]}]}, "deeper than 4"),
    ("__import__('os').system('x')", "invalid condition"),
])
def test_a_malformed_condition_is_refused_precisely(cond, message):
    with pytest.raises(ConditionError, match=message):
        parse_condition(cond)


def test_a_condition_on_a_missing_or_textual_result_is_not_evaluated():
    with pytest.raises(ConditionError, match="step 'gone', which has no result"):
        evaluate(parse_condition({"ref": "gone", "op": ">", "value": 1}), RESULTS)
    with pytest.raises(ConditionError, match="with a number, but its result is 'ECOG 3'"):
        evaluate(parse_condition({"ref": "ecog", "op": ">", "value": 1}), RESULTS)


def test_workflow_plan_checks_name_each_broken_link():
    reg = default_registry()
    plan = [{"description": "a", "tool": "maintenance_fluids", "id": "fluids", "derive": {"weight": "ibw"}},
            {"description": "b", "tool": "ideal_body_weight", "id": "ibw"},
            {"description": "c", "tool": "bmi", "id": "b", "derive": {"not_an_input": "ibw"}},
            {"description": "d", "tool": "mean_arterial_pressure", "id": "m", "when": {"ref": "later", "op": ">", "value": 1}},
            {"description": "e", "tool": "shock_index", "id": "later"}]
    rep = workflow_plan_checks(with_dependencies(plan), {"named": ["shock_index"]}, reg)
    reason = " ".join(c["reason"] for c in rep["checks"] if not c["passed"])
    assert not rep["passed"]
    assert "step fluids derives weight from 'ibw', which is not an earlier step" in reason
    assert "step b derives 'not_an_input', which is not an input of bmi" in reason
    assert "step m's condition reads later, which is not an earlier tool step" in reason
    good = [{"description": "b", "tool": "ideal_body_weight", "id": "ibw"},
            {"description": "a", "tool": "maintenance_fluids", "id": "fluids", "derive": {"weight": "ibw"}}]
    assert workflow_plan_checks(with_dependencies(good), {}, reg)["passed"]
    assert with_dependencies(good)[1]["depends_on"] == [0]


ROWS = [{"charttime": "2026-01-01T08:00", "category": "lab", "label": "Creatinine", "value": "1.0", "unit": "mg/dL"},
        {"charttime": "2026-01-03T08:00", "category": "lab", "label": "Creatinine", "value": "1.8", "unit": "mg/dL"},
        {"charttime": "2026-01-03T08:05", "category": "history", "label": "Prior stroke", "value": "Yes"},
        {"charttime": "2026-01-03T08:10", "category": "vital", "label": "Heart rate", "value": "110 bpm"}]


def test_the_patient_record_is_read_back_with_its_rows(tmp_path):
    db = build_record(tmp_path / "p.sqlite", ROWS, gender="F", age=70)
    rows = read_rows(db)
    assert [r["row_id"] for r in rows] == [1, 2, 3, 4]
    assert [r["value"] for r in latest_rows(rows)] == ["1.8", "Yes", "110 bpm"]  # the older creatinine superseded
    row = read_row(db, 2)
    assert (row["label"], row["value_num"], row["unit"], row["charttime"]) == ("Creatinine", 1.8, "mg/dL", "2026-01-03T08:00")
    assert row_argument(CALCULATORS["bmi"], "weight", {**row, "value_num": 82.0, "unit": "kg"}) == "82 kg"
    with pytest.raises(PatientRecordError, match="has no observations row 7"):
        read_row(db, 7)
    with pytest.raises(PatientRecordError, match="an EHR row id is an integer"):
        read_row(db, "1 OR 1=1")
    with pytest.raises(PatientRecordError, match="holds no number for weight"):
        row_argument(CALCULATORS["bmi"], "weight", read_row(db, 3))
    with pytest.raises(PatientRecordError, match="category 'note' is not one of"):
        build_record(tmp_path / "q.sqlite", [{**ROWS[0], "category": "note"}])
    con = sqlite3.connect(tmp_path / "empty.sqlite")
    con.execute("CREATE TABLE x (a)")
    con.close()
    with pytest.raises(PatientRecordError, match="no patient record table 'observations'"):
        read_rows(tmp_path / "empty.sqlite")


SCENARIO = {"task_id": "t1", "task_scenario": "hypotension", "task_category": "Critical Care", "patient_id": "P1",
            "task_description": "1) Compute the shock index. 2) Compute the mean arterial pressure.",
            "fuzzy_question": "Is this patient in shock? I want the shock index and the mean arterial pressure.",
            "required_calculators": ["Shock Index", "Mean Arterial Pressure (MAP)"],
            "calculator_answers": [
                {"order": 1, "name": "Shock Index", "final_answer": 1.1, "inputs": [
                    {"field": "Heart rate (beats/min)", "value": "110"},
                    {"field": "Systolic BP (mmHg)", "value": "100"}, {"field": "Diastolic BP (mmHg)", "value": "60"}]},
                {"order": 2, "name": "Mean Arterial Pressure (MAP)", "final_answer": "73.3 mmHg", "inputs": [
                    {"field": "Systolic BP (mmHg)", "value": "100"}, {"field": "Diastolic BP (mmHg)", "value": "60"},
                    {"field": "Creatinine (mg/dL)", "value": "2.5"}]}]}


def _data(tmp_path, **changes):
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps({**SCENARIO, **changes}) + "\n")
    return path


def test_a_scenarios_record_has_its_inputs_once_and_distractors(tmp_path):
    rows = record_rows(read_medmcp(_data(tmp_path))[0])
    labels = [r["label"] for r in rows if not r.get("distractor")]
    assert labels.count("Systolic BP (mmHg)") == 1  # charted once though two calculators take it
    hr = next(r for r in rows if r["label"] == "Heart rate (beats/min)")
    assert (hr["category"], hr["unit"]) == ("vital", "beats/min")
    older = next(r for r in rows if r.get("distractor") == "older value")
    assert older["label"] == "Creatinine (mg/dL)" and older["value"] == "1.75"  # 70 % of 2.5, three days earlier
    assert older["charttime"] < next(r["charttime"] for r in rows if r["label"] == "Creatinine (mg/dL)" and not r.get("distractor"))
    assert any(r.get("distractor") == "unrelated lab" for r in rows)


def test_agent_mode_end_to_end_over_the_record(tmp_path):
    # SI = 110 / 100 = 1.1; MAP = (100 + 2 x 60) / 3 = 73.33 mmHg
    out = tmp_path / "run"
    s = run_medmcp_agent(_data(tmp_path), out_dir=out, options={"plan": "oracle"}, quiet=True, plot_figure=False,
                         echo=lambda _: None)
    assert (s["task_success"], s["value_accuracy"], s["input_reading_accuracy"]) == (1.0, 1.0, 1.0)
    rec = json.loads((out / "records.jsonl").read_text().splitlines()[0])
    si = next(st for st in rec["steps"] if st["tool"] == "shock_index")
    hr = next(p for p in si["params"] if p["name"] == "heart_rate")
    assert hr["status"] == "ehr" and hr["evidence"]["table"] == "observations" and hr["evidence"]["value"] == "110"
    assert (out / "patients" / "t1.sqlite").is_file()
    again = run_medmcp_agent(_data(tmp_path), out_dir=out, options={"plan": "oracle"}, quiet=True, plot_figure=False,
                             echo=lambda _: None)
    assert (again["rows_run"], again["rows_resumed"]) == (0, 1)


def test_agent_mode_fails_a_task_with_one_wrong_value(tmp_path):
    answers = [dict(a) for a in SCENARIO["calculator_answers"]]
    answers[1]["final_answer"] = "80 mmHg"
    s = run_medmcp_agent(_data(tmp_path, calculator_answers=answers), out_dir=tmp_path / "run",
                         options={"plan": "oracle"}, quiet=True, plot_figure=False, echo=lambda _: None)
    assert s["task_success"] == 0.0 and s["value_accuracy"] == 0.5


def _obs(name: str, value: float, unit: str = "", interpretation: str = "") -> dict:
    return {"name": name, "value": value, "unit": unit, "interpretation": interpretation}


def test_the_workflow_answer_lists_each_step_under_the_calibrated_policy():
    state = MedMirrorState(
        plan=[{"description": "a", "tool": "chads", "id": "c"}, {"description": "b", "tool": "hasbled", "id": "h"},
              {"description": "c", "tool": "bmi", "id": "b", "when": {"ref": "c", "op": ">=", "value": 9}},
              {"description": "d", "tool": "mean_arterial_pressure", "id": "m"}],
        steps=[{"subtask": 0, "tool": "chads", "ok": True, "observation": _obs("CHA2DS2-VASc", 4, "", "high risk"),
                "confidence": {"confidence": 0.39, "range": "3-5"}},
               {"subtask": 1, "tool": "hasbled", "ok": True, "observation": _obs("HAS-BLED", 2, "", "moderate")},
               {"subtask": 3, "tool": "mean_arterial_pressure", "ok": False, "error": "missing diastolic_bp"}],
        decisions=[{"subtask": 2, "id": "b", "tool": "bmi", "condition": "c >= 9", "taken": False,
                    "why": "c = 4: c >= 9 is False"}])
    text, listed = compose_workflow(state, 0.7, withhold=True)
    assert "c CHA2DS2-VASc = uncertain, 3-5 (confidence 39%)." in text and "high risk" not in text  # held back
    assert "h HAS-BLED = 2 (moderate)." in text
    assert "b bmi: not run: condition c >= 9 does not hold" in text
    assert "m mean_arterial_pressure: no value: missing diastolic_bp" in text
    assert "Decisions: b (bmi) skipped because c = 4: c >= 9 is False." in text
    assert [e["status"] for e in listed] == ["uncertain", "answered", "skipped", "failed"]
    given, _ = compose_workflow(state, 0.7, withhold=False)  # answer_policy=always: the value, still marked
    assert "uncertain, 3-5 (confidence 39%); as read 4 (high risk)" in given


def test_a_plan_fixes_only_method_parameters():
    crcl = CALCULATORS["creatinine_clearance"]

    def refused(method: dict) -> list[str]:
        state = MedMirrorState(plan=[{"description": "x", "tool": "creatinine_clearance", "method": method}])
        return sourced_inputs(crcl, {}, state)["refused"]

    assert refused({"weight_basis": "actual"}) == []
    assert refused({"creatinine": 2.0}) == ["the plan sets creatinine, which is not a method parameter of "
                                            "creatinine_clearance"]
    assert "the plan's weight_basis='heaviest' is not valid" in refused({"weight_basis": "heaviest"})[0]
