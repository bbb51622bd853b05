"""Verified reflection in the single loop (react, reflectool-*) and in radiology chains (checks on).

The retrieval ranking is the prior the agent chooses against: a calculator the question does
not ask for is refused before it runs, and so is finishing before any tool result answers a
question that needs a value; a repeated identical call ends the loop; a memory-protocol tool
whose compulsory inputs are not in memory yet is not offered, and a plan whose chain reads a
key no earlier step writes fails its check.
"""

from __future__ import annotations

from medmirror import solve
from medmirror.tools.radiology.agent_tools import RadiologyWorkbench
from medmirror.tools.radiology.records import generate_records
from medmirror.tools.radiology.tasks import make_task
from medmirror.tools.radiology.toolsets import build_toolset

from ._helpers import BMI_70, answer, models, prompt, react, run, section, sent_schema, used_up


def test_a_calculator_the_question_does_not_ask_for_is_refused_before_running():
    ms = models(tool_agent=[react("mean_arterial_pressure", systolic_bp=120, diastolic_bp=80),
                            react("bmi", weight=70, height=175), react("finish")],
                answer=[answer(BMI_70)])
    r = run(ms, "react")
    assert r.events("tool_agent") == ["react_refused", "react_call", "react_finish"]
    refused = r.out["trace"][1]
    assert "mean_arterial_pressure refused: the question asks for bmi" in refused["checks"]
    assert [s["tool"] for s in r["steps"]] == ["bmi"]  # the refused call never ran
    critique = section(prompt(ms["tool_agent"], 1), "Reviewer critique")
    assert critique.startswith("mean_arterial_pressure refused: the question asks for bmi")
    assert section(prompt(ms["tool_agent"], 2), "Reviewer critique") == "(none)"  # shown once
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_finishing_before_any_result_is_refused():
    ms = models(tool_agent=[react("finish"), react("bmi", weight=70, height=175), react("finish")],
                answer=[answer(BMI_70)])
    r = run(ms, "react")
    assert r.events("tool_agent") == ["react_refused", "react_call", "react_finish"]
    assert "finish refused: no tool result answers the question yet; the question asks for bmi" \
        in r.out["trace"][1]["checks"]
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_at_the_refusal_bound_the_named_calculator_runs_with_the_rule_extractors_arguments():
    ms = models(tool_agent=[react("finish")] * 4, answer=[answer(BMI_70)])
    r = run(ms, "react", max_tool_revisions=1)
    assert r.events("tool_agent") == ["react_refused", "react_refused", "react_fallback", "react_finish"]
    fb = next(e for e in r.out["trace"] if e["event"] == "react_fallback")
    assert "after 2 refusal(s): bmi(" in fb["detail"] and fb["decided_by"] == "checks"
    assert r["steps"][0]["arguments"] == {"weight": 70.0, "height": 175.0} and r["value"] == BMI_70
    used_up(*ms.values())


def test_a_repeated_identical_call_ends_the_loop():
    ms = models(tool_agent=[react("bmi", weight=70, height=175), react("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, "react", max_react_steps=6)
    assert r.events("tool_agent") == ["react_call", "repeat_ends_loop"]
    assert "bmi repeated with the same arguments as step 1; the loop ends" in r.out["trace"][-2]["detail"]
    assert r["value"] == BMI_70 and len(r["steps"]) == 1
    used_up(*ms.values())


def test_a_repeated_failed_call_in_the_loop_is_refused_and_ends_it():
    ms = models(tool_agent=[react("bmi", weight=70), react("bmi", weight=70, height=None)],
                answer=[answer(None)])
    r = run(ms, "react")
    # null means "not given", so the second call is the first one again: not run, the loop ends
    assert "repeat_ends_loop" in r.events()
    assert r["status"] == "refused" and "missing height" in r["answer"]
    used_up(*ms.values())


def _bench(condition: str):
    record = generate_records(1, 0)[0]
    task = make_task(record, "organ_segmentation")
    return task, RadiologyWorkbench(task, build_toolset(condition, task), record)


def test_a_memory_tool_is_offered_only_once_its_inputs_are_in_memory():
    task, wb = _bench("baseline")
    a, m, o = (wb.toolset.optimal[i] for i in range(3))
    ms = models(tool_agent=[react(a, image="image"), react(m, image="image"),
                            react(o, image="image", anatomy="anatomy", modality="modality"), react("finish")],
                answer=[{"answer": "segmented", "value": None, "evaluation": "ok", "score": 9}])
    r = solve(task.question, None, preset="react", models=ms, registry=wb.registry, resources=wb.resources(),
              saver=None, top_n_tools=100)
    offered = [[b["properties"]["action"]["enum"][0] for b in sent_schema(ms["tool_agent"], i)["anyOf"]]
               for i in range(3)]
    assert o not in offered[0] and o not in offered[1] and o in offered[2]  # anatomy/modality come first
    assert a in offered[0]
    # the memory keys an argument may name are the ones memory holds
    branch = next(b for b in sent_schema(ms["tool_agent"], 0)["anyOf"] if b["properties"]["action"]["enum"] == [a])
    assert branch["properties"]["arguments"]["properties"]["image"]["enum"] == sorted(wb.resources()["memory"])
    assert [s["tool"] for s in r.steps] == [a, m, o] and "organ_segmentation" in r.working_memory


def test_a_plan_whose_chain_reads_a_key_no_step_writes_fails_its_check():
    task, wb = _bench("baseline")
    a, m, o = (wb.toolset.optimal[i] for i in range(3))
    broken = {"subtasks": [{"description": "segment", "tool": o}], "evaluation": "ok", "score": 10}
    fixed = {"subtasks": [{"description": f"step {i}", "tool": t} for i, t in enumerate((a, m, o))],
             "evaluation": "follows the data flow", "score": 9}
    ms = models(planner=[broken, fixed],
                tool_agent=[{"tool": a, "arguments": {"image": "image"}, "evaluation": "x", "score": 9},
                            {"tool": m, "arguments": {"image": "image"}, "evaluation": "x", "score": 9},
                            {"tool": o, "arguments": {"image": "image", "anatomy": "anatomy", "modality": "modality"},
                             "evaluation": "x", "score": 9}],
                answer=[{"answer": "segmented", "value": None, "evaluation": "ok", "score": 9}])
    r = solve(task.question, None, preset="mirror", models=ms, registry=wb.registry, resources=wb.resources(),
              saver=None, top_n_tools=100)
    first = next(e for e in r.trace if e["node"] == "planner")
    assert first["event"] == "plan_revise" and "step 1 (" + o + ") needs anatomy, modality" in first["checks"]
    assert [s["protocol"] for s in r.steps] == ["Call", "Call", "EndCall"]
    used_up(*ms.values())


def test_a_gap_is_refused_while_an_offered_tool_can_still_add_to_memory():
    task, wb = _bench("baseline")
    a, m, o = (wb.toolset.optimal[i] for i in range(3))
    gap = {"purpose": "segment", "category": "organ_segmentor"}
    ms = models(tool_agent=[react("no_call", **gap), react(a, image="image"), react(m, image="image"),
                            react(o, image="image", anatomy="anatomy", modality="modality"), react("finish")],
                answer=[{"answer": "segmented", "value": None, "evaluation": "ok", "score": 9}])
    r = solve(task.question, None, preset="react", models=ms, registry=wb.registry, resources=wb.resources(),
              saver=None, top_n_tools=100)
    first = next(e for e in r.trace if e["node"] == "tool_agent")
    assert first["event"] == "react_refused" and "no_call refused:" in first["checks"]
    assert [s["tool"] for s in r.steps] == [a, m, o] and "organ_segmentation" in r.working_memory


def test_another_calculators_result_does_not_answer_a_question_that_names_its_tool():
    # the off-target call is refused up to the bound; then the named calculator runs, and only its
    # result answers (the MAP the model wanted never becomes the BMI)
    ms = models(tool_agent=[react("mean_arterial_pressure", systolic_bp=120, diastolic_bp=80)] * 2 + [react("finish")],
                answer=[answer(BMI_70)])
    r = run(ms, "react", question="What is the patient's BMI?",
            note="A 45-year-old man comes for a check-up. Weight 70 kg, height 175 cm. BP 120/80 mm Hg.",
            max_tool_revisions=0)
    assert r.events("tool_agent") == ["react_refused", "react_fallback", "react_finish"]
    assert [s["tool"] for s in r["steps"]] == ["bmi"] and r["value"] == BMI_70
    used_up(*ms.values())


def test_a_number_from_the_note_does_not_answer_a_question_that_names_a_calculator():
    # the named calculator cannot run (no height in the note): the note's 70 is still not a BMI
    ms = models(tool_agent=[react("finish")] * 4, answer=[answer(None)])
    r = run(ms, "react", max_tool_revisions=0, note="A 45-year-old man. Weight 70 kg. No complaints.")
    assert "react_fallback" in r.events() and r["steps"][0]["tool"] == "bmi" and not r["steps"][0]["ok"]
    assert section(prompt(ms["answer"]), "Allowed values").startswith("null")
    assert r["status"] == "refused" and "missing height" in r["answer"]
