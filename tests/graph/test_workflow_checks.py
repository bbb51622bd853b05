"""Multi-calculator workflows in the planner graph: data flow, conditions, the patient record (issue 27).

Worked by hand (Devine, 4-2-1 rule, MAP = (SBP + 2 DBP) / 3):
ideal body weight of a 175 cm man = 50 + 2.3 x (175 / 2.54 - 60) = 70.465 kg (the calculator's inch
factor 0.393701 gives 70.4647);
maintenance fluids at 70.465 kg = 40 + 20 + 50.465 = 110.465 mL/hr; MAP 140/90 = 106.67, MAP 100/60 = 73.33.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from medmirror.core.models.grammar import grammar_for
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph
from medmirror.tools.builtin import default_registry
from medmirror.tools.ehr.patient_record import build_record
from medmirror.tools.registry import ToolRegistry
from tests.graph._helpers import Run, answer, call, models, run, sent_schema, small_registry, used_up

IBW = 50 + 2.3 * (175 / 2.54 - 60)
FLUIDS = 40 + 20 + (IBW - 20)
NOTE = "A 45-year-old man, height 175 cm, weight 82 kg. Blood pressure 140/90 mmHg."
Q = "Compute his ideal body weight, the maintenance fluids from it, and his mean arterial pressure."


def result_answer(messages: list[Any]) -> dict[str, Any]:
    """The answer agent's reply giving the one value it is allowed (the answering step's result)."""
    allowed = re.search(r"Allowed values: (.*)", str(messages[1].content)).group(1).strip()
    value = None if allowed.startswith("null") or allowed == "any" else allowed
    return answer(value, text="see the values")


def plan(*steps: dict[str, Any], score: int = 9) -> dict[str, Any]:
    return {"subtasks": list(steps), "evaluation": "a workflow", "score": score}


def step(tool: str, **extra: Any) -> dict[str, Any]:
    return {"description": f"compute {tool}", "tool": tool, **extra}


FLOW = plan(step("ideal_body_weight", id="ibw"),
            step("maintenance_fluids", id="fluids", derive={"weight": "ibw"}),
            step("mean_arterial_pressure", id="map"))


def param(r: Run, tool: str, name: str) -> dict[str, Any]:
    st = next(s for s in r["steps"] if s["tool"] == tool and s.get("ok"))
    return next(p for p in st["grounding"]["params"] if p["name"] == name)


def test_a_multi_calculator_plan_passes_the_checks_and_the_answer_lists_every_value():
    ms = models(planner=[FLOW], answer=[result_answer])
    r = run(ms, "mirror", question=Q, note=NOTE, extractor="rules")
    assert r.state["plan_checks"]["passed"], r.state["plan_checks"]
    assert r.events("planner") == ["plan_accept"]
    assert [s["tool"] for s in r["steps"]] == ["ideal_body_weight", "maintenance_fluids", "mean_arterial_pressure"]
    weight = param(r, "maintenance_fluids", "weight")
    assert weight["status"] == "derived" and weight["value"] == pytest.approx(IBW, rel=1e-5)
    assert weight["evidence"]["step"] == "ibw" and weight["evidence"]["tool"] == "ideal_body_weight"
    fluids = next(s for s in r["steps"] if s["tool"] == "maintenance_fluids")
    assert fluids["observation"]["value"] == pytest.approx(FLUIDS, rel=1e-5)  # the IBW, not the note's 82 kg
    text = r["answer"]
    for sid, value in (("ibw", "70.46"), ("fluids", "110.46"), ("map", "106.667")):
        assert f"{sid} " in text and value in text, (sid, text)
    listed = next(c for c in r["answer_checks"]["checks"] if c["name"] == "every_value_listed")
    assert listed["passed"]
    assert not any(c["name"] == "numbers_grounded" and not c["passed"] for c in r["answer_checks"]["checks"])
    used_up(*ms.values())


def test_an_unlinked_extra_tool_fails_the_workflow_checks():
    unlinked = plan(step("ideal_body_weight", id="ibw"),
                    step("maintenance_fluids", id="fluids", derive={"weight": "ibw"}),
                    step("target_weight", id="tw"))
    ms = models(planner=[unlinked, FLOW], answer=[result_answer])
    r = run(ms, "mirror", question=Q, note=NOTE, extractor="rules")
    first = r.event("plan_revise")
    assert "tw (target_weight): neither asked for" in first["checks"]
    assert r.state["plan_checks"]["passed"]


def test_a_derived_input_is_accepted_with_its_provenance_and_a_forged_one_refused():
    ms = models(planner=[FLOW], tool_agent=[
        call("ideal_body_weight", sex="male", height=175),
        call("maintenance_fluids", weight=82),                       # the note's weight claimed as derived: forged
        call("maintenance_fluids", weight={"from_step": "nowhere"}),  # no such step: forged
        call("maintenance_fluids", weight=round(IBW, 2)),            # the step's value, as written: accepted
        call("mean_arterial_pressure", systolic_bp=140, diastolic_bp=90),
    ], answer=[result_answer])
    r = run(ms, "mirror", question=Q, note=NOTE, extractor="hybrid", theta_tool=1)
    reasons = [e["checks"] for e in r.out["trace"] if e["node"] == "tool_agent" and e["event"] == "tool_revise"]
    assert "claimed as derived from step 'ibw', whose result is 70.46" in reasons[0]
    assert "from step 'nowhere', which the plan does not have" in reasons[1]
    weight = param(r, "maintenance_fluids", "weight")
    assert weight["status"] == "derived" and weight["value"] == pytest.approx(IBW, rel=1e-5)  # the step's full value
    assert weight["evidence"]["value"] == pytest.approx(IBW, rel=1e-5)
    used_up(*ms.values())


def test_a_forged_derived_input_is_refused_without_running_when_checks_are_off():
    ms = models(planner=[FLOW], tool_agent=[
        call("ideal_body_weight", sex="male", height=175),
        call("maintenance_fluids", weight=82), RuntimeError("stop")])
    with pytest.raises(RuntimeError):
        run(ms, "mirror", question=Q, note=NOTE, extractor="hybrid", use_checks=False)
    retry_prompt = str(ms["tool_agent"].calls[2]["messages"][1].content)
    assert "refused without running: weight=82 is claimed as derived from step 'ibw'" in retry_prompt


BRANCH = plan(step("mean_arterial_pressure", id="map"),
              step("bmi", id="high", when={"ref": "map", "op": ">=", "value": 90}),
              step("ideal_body_weight", id="low", when={"all": [{"ref": "map", "op": "<", "value": 90},
                                                                {"ref": "map", "op": ">", "value": 0}]}))
BRANCH_Q = "Compute his mean arterial pressure, then his BMI if it is high or his ideal body weight if not."


@pytest.mark.parametrize("bp, ran, skipped", [("140/90", "bmi", "ideal_body_weight"),
                                              ("100/60", "ideal_body_weight", "bmi")])
def test_a_conditional_step_takes_each_branch(bp: str, ran: str, skipped: str):
    ms = models(planner=[BRANCH], answer=[result_answer])
    r = run(ms, "mirror", question=BRANCH_Q, note=NOTE.replace("140/90", bp), extractor="rules")
    assert r.state["plan_checks"]["passed"], r.state["plan_checks"]
    tools = [s["tool"] for s in r["steps"]]
    assert tools == ["mean_arterial_pressure", ran]
    decisions = {d["tool"]: d for d in r["decisions"]}
    assert decisions[ran]["taken"] is True
    if skipped in decisions:  # the other branch is evaluated when the run reaches it
        assert decisions[skipped]["taken"] is False
    assert "Decisions:" in r["answer"] and f"{ran}) run because map = " in r["answer"]
    assert "workflow_branch" in r.events("executor")


def test_a_condition_on_a_step_without_a_result_skips_the_step():
    broken = plan(step("mean_arterial_pressure", id="map"),
                  step("bmi", id="b", when={"ref": "map", "op": "==", "value": "hypertensive crisis"}))
    ms = models(planner=[broken], answer=[result_answer])
    r = run(ms, "mirror", question="Compute his mean arterial pressure, then his BMI if it is a hypertensive crisis.",
            note=NOTE, extractor="rules")
    assert [s["tool"] for s in r["steps"]] == ["mean_arterial_pressure"]
    assert r["decisions"][0]["taken"] is False and "is False" in r["decisions"][0]["why"]


def _run_with_record(ms: dict[str, Any], db: str, note: str) -> Run:
    saver = InMemorySaver()
    context = Settings.resolve("mirror", extractor="hybrid", use_checks=True, resource_roots=[str(Path(db).parent)])
    graph = build_graph(checkpointer=saver, preset=context, models=ms, registry=small_registry())
    config = {"configurable": {"thread_id": "ehr"}, "recursion_limit": 200}
    out = graph.invoke({"question": "What is the patient's BMI?", "note": note, "resources": {"ehr_db": db}},
                       config, context=context)
    return Run(out=out, state=graph.get_state(config).values)


def test_an_ehr_row_input_carries_its_row(tmp_path):
    db = str(build_record(tmp_path / "p.sqlite", [
        {"charttime": "2026-01-01T08:00", "category": "vital", "label": "Body weight", "value": "90", "unit": "kg"},
        {"charttime": "2026-01-03T08:00", "category": "vital", "label": "Body weight", "value": "82", "unit": "kg"},
        {"charttime": "2026-01-03T09:00", "category": "lab", "label": "Serum magnesium", "value": "2.0",
         "unit": "mg/dL"}]))
    note = "A 45-year-old man, height 175 cm."
    ms = models(planner=[plan(step("bmi"))],
                tool_agent=[call("bmi", weight={"ehr_row": 99}, height=175),   # no such row: refused
                            call("bmi", weight={"ehr_row": 2}, height=175)],
                answer=[answer(repr(82 / 1.75 ** 2))])
    r = _run_with_record(ms, db, note)
    assert "the patient record has no observations row 99" in r.event("tool_revise")["checks"]
    weight = param(r, "bmi", "weight")
    assert weight["status"] == "ehr"
    ev = weight["evidence"]
    assert (ev["table"], ev["row_id"], ev["column"], ev["value"], ev["unit"], ev["time"]) == \
        ("observations", 2, "value", "82", "kg", "2026-01-03T08:00")
    assert r["steps"][0]["observation"]["value"] == pytest.approx(82 / 1.75 ** 2)  # 26.78
    row = next(e for e in r["evidence"] if e["input"] == "weight")
    assert row["status"] == "ehr" and "observations row 2" in row["evidence"]
    used_up(*ms.values())


def test_cockcroft_gault_on_the_adjusted_body_weight_of_the_step_before():
    # The case: the adjusted weight computed in step 1 is Cockcroft-Gault's weight, not "corrected to the note".
    # Female, 160 cm: IBW = 45.5 + 2.3 x (160 x 0.393701 - 60) = 52.382 kg; ABW = 52.382 + 0.4 x (95 - 52.382)
    # = 69.429 kg; CrCl = (140 - 70) x 69.429 x 0.85 / (72 x 1.5) = 38.25 mL/min.
    full = default_registry()
    registry = ToolRegistry([full.get(n) for n in ("adjusted_body_weight", "creatinine_clearance", "bmi")])
    note = "A 70-year-old woman, weight 95 kg, height 160 cm. Serum creatinine 1.5 mg/dL."
    flow = plan(step("adjusted_body_weight", id="abw"),
                step("creatinine_clearance", id="crcl", derive={"weight": "abw"}, method={"weight_basis": "actual"}))
    ms = models(planner=[flow], tool_agent=[
        call("adjusted_body_weight", sex="female", weight=95, height=160),
        call("creatinine_clearance", age=70, sex="female", weight={"from_step": "abw"}, creatinine=1.5)],
        answer=[result_answer])
    r = run(ms, "mirror", question="Compute her adjusted body weight, then her creatinine clearance on it.",
            note=note, extractor="hybrid", registry=registry)
    weight = param(r, "creatinine_clearance", "weight")
    assert weight["status"] == "derived" and weight["value"] == pytest.approx(69.429, abs=0.01)
    crcl = next(s for s in r["steps"] if s["tool"] == "creatinine_clearance")
    assert crcl["observation"]["value"] == pytest.approx(38.25, abs=0.02)
    assert not any("corrected to the note" in c["reason"] for c in crcl["checks"]["checks"])
    basis = param(r, "creatinine_clearance", "weight_basis")  # the plan's method: the derived weight as it is
    assert (basis["value"], basis["evidence"]["where"]) == ("actual", "plan")
    used_up(*ms.values())


def test_a_workflow_whose_last_step_fails_lists_what_was_computed_and_why_the_rest_was_not():
    ms = models(planner=[FLOW], answer=[result_answer])
    r = run(ms, "mirror", question=Q, note=NOTE.replace(" Blood pressure 140/90 mmHg.", ""), extractor="rules",
            max_rounds=1)
    assert r["value"] is None  # a text question: the listing is the answer, and no step's value is made up
    assert "ibw Ideal Body Weight (Devine) = 70.46" in r["answer"] and "fluids Maintenance Fluids" in r["answer"]
    assert "map mean_arterial_pressure: no value: " in r["answer"] and "missing systolic_bp" in r["answer"]
    listed = next(c for c in r["answer_checks"]["checks"] if c["name"] == "every_value_listed")
    assert listed["passed"] and "2 value(s)" in listed["reason"]


def test_a_step_that_needs_a_skipped_step_is_not_run():
    chained = plan(*BRANCH["subtasks"], step("target_weight", id="tw", derive={"target_bmi": "high"}))
    ms = models(planner=[chained], answer=[result_answer])
    r = run(ms, "mirror", question=BRANCH_Q, note=NOTE.replace("140/90", "100/60"), extractor="rules")
    assert [s["tool"] for s in r["steps"]] == ["mean_arterial_pressure", "ideal_body_weight"]
    assert "tw target_weight: not run." in r["answer"]  # its source, the BMI step, was skipped
    assert r.state["plan"][3]["depends_on"] == [1]


def test_plan_workflows_offers_the_workflow_fields_in_the_planners_schema():
    for on in (False, True):
        ms = models(planner=[FLOW], answer=[result_answer])
        run(ms, "mirror", question=Q, note=NOTE, extractor="rules", plan_workflows=on)
        fields = sent_schema(ms["planner"])["properties"]["subtasks"]["items"]["properties"]
        assert ({"id", "derive", "when", "method"} <= set(fields)) is on
        grammar_for(sent_schema(ms["planner"]))  # the embedded model's grammar builds from it


def test_the_planners_schema_allows_only_step_ids_the_reply_model_takes():
    # the embedded model once wrote "id": "1023856947" under a grammar that bounded only the length, and the reply
    # model refused the plan three times (the run ended in an error)
    from medmirror.memory.state import PlanOutput

    ms = models(planner=[FLOW], answer=[result_answer])
    run(ms, "mirror", question=Q, note=NOTE, extractor="rules", plan_workflows=True)
    items = sent_schema(ms["planner"])["properties"]["subtasks"]["items"]["properties"]
    for field in (items["id"], items["when"]["properties"]["ref"], items["derive"]["additionalProperties"]):
        pattern = field["pattern"]
        for sid, ok in (("ibw", True), ("step_2", True), ("1023856947", False), ("a b", False), ("x" * 13, False)):
            assert bool(re.fullmatch(pattern, sid)) is ok, (pattern, sid)
    plan_reply = {"subtasks": [{"description": "d", "tool": "bmi", "id": "step_2"}], "evaluation": "e", "score": 5}
    PlanOutput.model_validate(plan_reply)  # what the grammar lets through, the reply model takes


def test_a_plan_of_a_generic_tool_is_checked_against_every_tool_the_question_names():
    # the embedded model planned only `calculate` for this question; checked as a one-tool plan it passed with no
    # checks and the answer was an arithmetic the model wrote
    full = default_registry()
    registry = ToolRegistry([full.get(n) for n in ("calculate", "ideal_body_weight", "maintenance_fluids",
                                                   "mean_arterial_pressure", "bmi")])
    generic = plan(step("calculate"), score=10)
    ms = models(planner=[generic, FLOW], answer=[result_answer])
    r = run(ms, "mirror", question=Q, note=NOTE, extractor="rules", registry=registry)
    first = r.event("plan_revise")
    assert "does not use" in first["checks"] and "maintenance_fluids" in first["checks"]
    assert r.state["plan_checks"]["passed"]
    assert [s["tool"] for s in r["steps"]] == ["ideal_body_weight", "maintenance_fluids", "mean_arterial_pressure"]


def test_when_no_plan_passes_the_product_plans_every_tool_the_question_names():
    full = default_registry()
    registry = ToolRegistry([full.get(n) for n in ("calculate", "ideal_body_weight", "maintenance_fluids",
                                                   "mean_arterial_pressure", "bmi")])
    generic = plan(step("calculate"), score=10)
    ms = models(planner=[generic] * 6, answer=[result_answer])
    r = run(ms, "mirror", question=Q, note=NOTE, extractor="rules", registry=registry)
    fallback = r.event("plan_fallback")
    assert "using the checked plan of the tools the question names" in fallback["detail"]
    named = r.state["target"]["named"]
    assert "ideal_body_weight" in named  # asked, though its result feeds the fluids
    assert len(named) > 1 and [s["tool"] for s in r["steps"]] == named  # each named tool, none of the model's
    assert r.state["plan_checks"]["passed"]
