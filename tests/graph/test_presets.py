"""Presets through the public API (solve) and the graph: cot, react, mirror, riskagent, full; multi-subtask plans."""

from __future__ import annotations

import re

import pytest

from medmirror.api import solve
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph

from ._helpers import (
    BMI_70,
    BMI_MEANING,
    BMI_NOTE,
    BMI_Q,
    answer,
    bmi_plan,
    call,
    interpretation,
    last_message,
    models,
    plan,
    prompt,
    react,
    review,
    run,
    scripted,
    section,
    sent_schema,
    small_registry,
    system,
    used_up,
)


def test_cot_calls_only_the_answer_agent():
    ms = models(answer=[answer("22.9", text="About 22.9 kg/m2.")])
    res = solve(BMI_Q, BMI_NOTE, preset="cot", models=ms, saver=None)
    assert res.status == "answered" and res.value == "22.9" and res.preset == "cot"
    assert [e["node"] for e in res.trace] == ["intake", "answer"]
    assert res.trace[0]["detail"] == "(tools off)"
    assert len(ms["answer"].calls) == 1
    shown = prompt(ms["answer"])
    assert section(shown, "Plan") == "(no plan)"
    assert section(shown, "Tool results") == "(no tool results yet)"
    assert section(shown, "Allowed values") == "any"
    # no tool result constrains the value, only the format (a number)
    assert "pattern" in str(sent_schema(ms["answer"])["properties"]["value"])
    assert res.plan == [] and res.steps == []
    used_up(*ms.values())


def test_cot_still_checks_the_value_format():
    ms = models(answer=[answer("about 23"), answer("23")])
    res = solve(BMI_Q, BMI_NOTE, preset="cot", models=ms, saver=None)
    assert "is not a number" in last_message(ms["answer"], 1)
    assert res.value == "23"


def test_cot_low_score_is_final():
    ms = models(answer=[answer("23", score=1)])
    res = solve(BMI_Q, BMI_NOTE, preset="cot", models=ms, saver=None)
    assert res.status == "answered" and res.rounds == 1 and res.ltm == []


def test_react_loop_calls_tools_then_finishes():
    ms = models(tool_agent=[react("bmi", weight=70), react("bmi", weight=70, height=175),
                            react("finish", thought="the BMI is known")],
                answer=[answer(BMI_70)])
    r = run(ms, "react")
    assert r.events() == ["candidates", "react_call", "tool_error", "react_call", "ok", "react_finish",
                          "answer_accept"]
    assert "planner" not in r.nodes()
    # observations, including the failure, are fed back in the history
    assert section(prompt(ms["tool_agent"], 0), "Actions so far and their observations") == "(no tool results yet)"
    assert "bmi FAILED" in prompt(ms["tool_agent"], 1) and "missing height" in prompt(ms["tool_agent"], 1)
    assert f"Body Mass Index (BMI) = {float(BMI_70)}" in prompt(ms["tool_agent"], 2)
    # every candidate is offered with its inputs; the grammar has one branch per tool plus finish
    tools = prompt(ms["tool_agent"], 0).split("Tools (ranked: the first matches the question best):", 1)[1]
    assert "\nbmi: " in tools and "- weight (number; in kg)" in tools
    branches = sent_schema(ms["tool_agent"])["anyOf"]
    assert [b["properties"]["action"]["enum"][0] for b in branches] == ["finish"] + r.state["candidates"]
    assert [s["ok"] for s in r["steps"]] == [False, True]
    assert section(prompt(ms["answer"]), "Allowed values") == BMI_70
    assert r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_react_step_bound_goes_to_the_answer():
    ms = models(tool_agent=[react("bmi", weight=70, height=175), react("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, "react", max_react_steps=2)
    assert r.events("tool_agent") == ["react_call", "react_call"]
    assert "react_finish" not in r.events()
    assert len(r["steps"]) == 2
    used_up(*ms.values())


def test_react_finish_without_tools_cannot_make_up_a_number():
    # no tool ran: the grammar cannot constrain the value, but a number neither a tool nor the note
    # produced is withdrawn and the task refused, saying why
    ms = models(tool_agent=[react("finish")], answer=[answer("23", text="The BMI is 23.")])
    r = run(ms, "react")
    assert section(prompt(ms["answer"]), "Allowed values") == "any"
    assert r["value"] is None and r["status"] == "refused"
    assert "value_withdrawn" in r.events()
    assert r["answer"].startswith("No answer: no tool computed a value") and "23" in r["answer"]


def test_react_finish_without_tools_may_answer_a_number_the_note_states():
    ms = models(tool_agent=[react("finish")], answer=[answer("70")])
    r = run(ms, "react", question="What is the patient's weight in kg?")
    assert r["value"] == "70" and r["status"] == "answered"


def test_mirror_through_solve_with_the_full_registry():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    res = solve(BMI_Q, BMI_NOTE, preset="mirror", models=ms, saver=None)
    assert res.status == "answered" and res.value == BMI_70 and res.answer_format == "number"
    assert "bmi" in res.trace[0]["detail"].split(", ")
    assert res.steps[0]["observation"]["value"] == pytest.approx(70 / 1.75 ** 2)
    assert res.trajectory["plan"] == res.plan and res.rounds == 1 and res.reviews == 0
    assert res.settings["preset"] == "mirror" and res.settings["use_gates"] is True
    used_up(*ms.values())


def test_riskagent_picks_one_candidate_tool_and_is_reviewed():
    ms = models(
        planner=[plan(("Compute the BMI", "bmi"), ("Classify the BMI", "bmi")), plan(("Compute the BMI", "none")),
                 bmi_plan(score=2)],
        tool_agent=[call("bmi", score=2, weight=70, height=175)],
        answer=[interpretation(), answer(BMI_70, score=2)], reviewer=[review("RIGHT")],
    )
    r = run(ms, "riskagent")
    assert "Choose the single candidate tool" in system(ms["planner"])
    schema = sent_schema(ms["planner"])
    assert schema["properties"]["subtasks"]["maxItems"] == 1
    assert "none" not in schema["properties"]["subtasks"]["items"]["properties"]["tool"]["enum"]
    assert "exactly one subtask is required" in last_message(ms["planner"], 1)
    assert "['none'] are not among the candidates" in last_message(ms["planner"], 2)
    # no score gates in riskagent: low scores pass, the reviewer decides
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "ok", "interpretation_accept", "answer_accept",
                          "reflect_right"]
    assert r["status"] == "answered" and r["value"] == BMI_70
    used_up(*ms.values())


# ---------------------------------------------------------------------------
# RiskAgent's result interpretation (Env3), then answer formatting (Env4): answer_steps
# ---------------------------------------------------------------------------


def test_riskagent_interprets_the_result_then_formats_the_answer():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)], reviewer=[review("RIGHT")])
    r = run(ms, "riskagent", use_checks=True)
    assert Settings.resolve("riskagent").answer_steps == "interpret_then_format"
    # two calls of the answer agent, in order: the interpretation, then the answer in the task's format
    assert "First step: interpret the tool result" in system(ms["answer"], 0)
    assert sent_schema(ms["answer"], 0)["required"] == ["interpretation"]
    shown = prompt(ms["answer"], 0)
    assert "Tool result: Body Mass Index (BMI) = 22.857142857142858 kg/m²" in shown
    assert "The tool's interpretation: normal weight" in shown
    assert "Second step: the result is computed and interpreted" in system(ms["answer"], 1)
    assert section(prompt(ms["answer"], 1), "Interpretation") == BMI_MEANING
    assert r.nodes().index("interpret") < r.nodes().index("answer")
    ev = r.event("interpretation_accept")
    assert ev["checks"] == "checks passed" and ev["detail"] == BMI_MEANING
    # the answer carries the tool's value; its text, the result and then the checked interpretation
    assert r["value"] == BMI_70 and r["status"] == "answered"
    assert r["answer"].startswith(f"Body Mass Index (BMI) = {22.857142857142858:.6g} kg/m² (normal weight). "
                                  f"Interpretation: {BMI_MEANING}")
    assert r["interpretation"]["by"] == "model" and r["interpretation"]["category"] == "normal weight"
    used_up(*ms.values())


@pytest.mark.parametrize("reply, why", [
    ("not json at all", "Expecting value"),
    (interpretation("A BMI of 31 means the patient is obese."), "writes 31, found in no tool result or the note"),
    (interpretation("The patient is obese and at high risk."), "does not name the tool's category 'normal weight'"),
    (interpretation("{ } [ ]"), "not one or two plain sentences"),
], ids=["invalid", "made-up-number", "other-category", "debris"])
def test_an_unusable_interpretation_falls_back_to_the_tools_own(reply, why):
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[reply, reply, answer(BMI_70)], reviewer=[review("RIGHT")])
    r = run(ms, "riskagent", use_checks=True, structured_retries=1)
    assert why in last_message(ms["answer"], 1)  # the check's reason was the feedback of the retry
    ev = r.event("interpretation_fallback")
    assert ev["decided_by"] == "checks" and "the tool's own is used: normal weight" in ev["detail"]
    assert ev["checks"] == "checks passed (decisive)"
    assert r["interpretation"]["by"] == "tool" and r["interpretation"]["text"] == "normal weight"
    assert section(prompt(ms["answer"], 2), "Interpretation") == "normal weight"
    # the tool's own interpretation is in the result already: the answer does not repeat it
    assert "Interpretation:" not in r["answer"] and "31" not in r["answer"]
    assert r["value"] == BMI_70 and r["status"] == "answered"
    used_up(*ms.values())


def test_with_checks_off_an_invalid_interpretation_still_falls_back():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=["garbage", "garbage", answer(BMI_70)], reviewer=[review("RIGHT")])
    r = run(ms, "riskagent", structured_retries=1)
    assert r["interpretation"]["by"] == "tool" and r["status"] == "answered" and r["value"] == BMI_70


def test_nothing_to_interpret_asks_no_model():
    # the calculator cannot run (no height in the note): no result, no interpretation call, a refusal
    note = "A 45-year-old man comes for a check-up. Weight 70 kg. No complaints."
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70)] * 3, answer=[answer(None)],
                reviewer=[review("RIGHT")])
    r = run(ms, "riskagent", note=note)
    assert "no tool result answers the question" in r.event("interpretation_skipped")["detail"]
    assert len(ms["answer"].calls) == 1 and section(prompt(ms["answer"]), "Interpretation") == "(none)"
    assert r["status"] == "refused" and r["interpretation"] is None
    used_up(*ms.values())


@pytest.mark.parametrize("preset", ["mirror", "full"])
def test_other_presets_answer_in_one_call_unless_asked(preset):
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)],
                reviewer=[review("RIGHT")] if preset == "full" else [])
    r = run(ms, preset)
    assert Settings.resolve(preset).answer_steps == "one"
    assert "interpret" not in r.nodes() and len(ms["answer"].calls) == 1
    assert "Write the final answer from the tool results" in system(ms["answer"])
    used_up(*ms.values())
    # the setting is per run: MIRROR's graph answers in two steps when a run asks for it
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)])
    r = run(ms, "mirror", answer_steps="interpret_then_format")
    assert r.events()[-2:] == ["interpretation_accept", "answer_accept"] and r["value"] == BMI_70
    used_up(*ms.values())


def test_mirror_decomposes_and_may_bind_reasoning_subtasks():
    ms = models(planner=[plan(("Compute the BMI", "bmi"), ("Classify it by WHO bands", "none"))],
                tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    run(ms, "mirror")
    assert "Break the task into the fewest subtasks" in system(ms["planner"])
    assert sent_schema(ms["planner"])["properties"]["subtasks"]["items"]["properties"]["tool"]["enum"][-1] == "none"
    assert len(ms["tool_agent"].calls) == 1  # the 'none' subtask needs no tool call
    assert "Classify it by WHO bands [none]" in section(prompt(ms["answer"]), "Plan")
    used_up(*ms.values())


IBW_Q = "What is the patient's hourly maintenance fluid rate based on the patient's ideal body weight?"
IBW_NOTE = "A 40-year-old man, height 180 cm, weight 95 kg, is admitted for elective surgery."


def _maintenance_from_ibw(messages) -> dict:
    """Tool-agent reply for subtask 2: read subtask 1's result from the prompt and pass it on."""
    results = section(str(messages[1].content), "Results so far")
    m = re.search(r"ideal_body_weight\(.*?\) -> .*? = ([0-9.]+) kg", results)
    assert m, results
    return call("maintenance_fluids", weight=float(m.group(1)))


def test_two_subtask_plan_passes_the_first_result_to_the_second():
    ms = models(
        planner=[plan(("Ideal body weight from sex and height", "ideal_body_weight"),
                      ("Maintenance fluids for the ideal body weight", "maintenance_fluids"))],
        tool_agent=[call("ideal_body_weight", sex="male", height=180), _maintenance_from_ibw],
        answer=[lambda msgs: answer(section(str(msgs[1].content), "Allowed values").split(", ")[-1])],
    )
    r = run(ms, question=IBW_Q, note=IBW_NOTE)
    assert r.events() == ["candidates", "plan_accept", "tool_accept", "ok", "tool_accept", "ok", "answer_accept"]
    assert "Current subtask: 2. Maintenance fluids for the ideal body weight" in prompt(ms["tool_agent"], 1)
    assert section(prompt(ms["tool_agent"], 0), "Results so far") == "(no tool results yet)"
    ibw, fluids = r["steps"]
    # Devine: 180 cm = 70.866 in; IBW = 50 + 2.3 * (70.866 - 60) = 74.99 kg
    assert ibw["observation"]["value"] == pytest.approx(50 + 2.3 * (180 / 2.54 - 60), abs=0.01)
    assert fluids["arguments"]["weight"] == pytest.approx(ibw["observation"]["value"], abs=0.01)
    # Holliday-Segar 4-2-1: 4*10 + 2*10 + 1*(74.99 - 20) = 114.99 mL/h
    assert fluids["observation"]["value"] == pytest.approx(60 + (fluids["arguments"]["weight"] - 20), abs=0.01)
    # the value is the result of the subtask that answers the question (the plan's last), not the IBW
    allowed = section(prompt(ms["answer"]), "Allowed values").split(", ")
    assert len(allowed) == 1 and float(allowed[0]) == pytest.approx(fluids["observation"]["value"])
    assert float(r["value"]) == pytest.approx(fluids["observation"]["value"])
    assert [s["subtask"] for s in r["steps"]] == [0, 1]
    used_up(*ms.values())


def test_failure_in_the_first_subtask_is_not_carried_into_the_second():
    ms = models(
        planner=[plan(("Ideal body weight", "ideal_body_weight"), ("Maintenance fluids", "maintenance_fluids"))],
        tool_agent=[call("ideal_body_weight", height=180), call("ideal_body_weight", sex="male", height=180),
                    _maintenance_from_ibw],
        answer=[lambda msgs: answer(section(str(msgs[1].content), "Allowed values").split(", ")[-1])],
    )
    r = run(ms, question=IBW_Q, note=IBW_NOTE)
    assert "missing sex" in prompt(ms["tool_agent"], 1)
    stm_of_second = section(prompt(ms["tool_agent"], 2), "Failed attempts on this subtask (short-term memory)")
    assert stm_of_second == "(no failed attempts)"
    assert r["status"] == "answered"
    used_up(*ms.values())


@pytest.mark.parametrize("context", [Settings(preset="cot"), {"preset": "cot"}], ids=["unresolved", "dict"])
def test_graph_applies_the_preset_of_any_context(context):
    ms = models(answer=[answer("23")])
    graph = build_graph(preset="cot", models=ms, registry=small_registry())
    out = graph.invoke({"question": BMI_Q, "note": BMI_NOTE}, context=context)
    assert [e["node"] for e in out["trace"]] == ["intake", "answer"]
    assert out["status"] == "answered"


@pytest.mark.parametrize("built, run_with", [("mirror", "react"), ("react", "riskagent")])
def test_a_preset_on_the_other_graph_is_a_clear_error(built, run_with):
    """A preset picks its graph; running it on the other one says which graph to use, and calls no model."""
    ms = models()
    graph = build_graph(preset=built, models=ms, registry=small_registry())
    out = graph.invoke({"question": BMI_Q, "note": BMI_NOTE}, context=Settings.resolve(run_with))
    assert out["status"] == "error"
    assert f"preset '{run_with}' runs on the" in out["status_detail"] and "solve(preset=...)" in out["status_detail"]
    assert [e["event"] for e in out["trace"]] == ["wrong_graph"]


def test_each_preset_gets_its_graph():
    shared = {"intake", "tool_agent", "verifier", "executor", "protocol", "answer", "reviewer"}
    for preset in ("react", "reflectool-refine", "reflectool-select", "reflexion", "critic", "cot"):
        assert set(build_graph(preset=preset).nodes) - {"__start__"} == shared | {"reflexion", "critic"}, preset
    for preset in ("mirror", "riskagent", "full"):
        assert set(build_graph(preset=preset).nodes) - {"__start__"} == shared | {"planner", "interpret",
                                                                                  "ltm_update"}, preset


def test_explicit_setting_beats_the_preset_in_a_run():
    # riskagent turns the reviewer on; an explicit use_reviewer=False turns it off again
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer(BMI_70)])
    r = run(ms, "riskagent", use_reviewer=False)
    assert "reviewer" not in r.nodes()


def test_exported_graph_has_no_checkpointer_and_api_rejects_settings():
    from medmirror.api import build_graph as api_build
    from medmirror.studio import medmirror as graph
    from medmirror.studio import medmirror_single_loop as single_loop

    assert graph.checkpointer is None and single_loop.checkpointer is None
    assert set(graph.nodes) >= {"intake", "planner", "tool_agent", "executor", "answer", "ltm_update", "reviewer"}
    assert "planner" not in single_loop.nodes and "ltm_update" not in single_loop.nodes
    with pytest.raises(TypeError, match="theta_plan"):
        api_build(theta_plan=9)


def test_one_model_for_every_role():
    one = scripted(bmi_plan(), call("bmi", weight=70, height=175), answer(BMI_70))
    res = solve(BMI_Q, BMI_NOTE, models=one, saver=None)
    assert res.status == "answered" and len(one.calls) == 3


def test_bench_medcalc_agent_reports_the_deciders_tool_selection():
    from medmirror.bench.medcalc import MedCalcRow, agent_summary, make_agent, render_agent

    def row(rid: str, calc_id: int) -> MedCalcRow:
        return MedCalcRow(id=rid, calculator_id=calc_id, calculator_name="", category="physical", output_type="decimal",
                          ground_truth=BMI_70, lower="22.0", upper="23.7", note=BMI_NOTE, question=BMI_Q)

    ms = models(planner=[bmi_plan(), bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)] * 2,
                answer=[answer(BMI_70)] * 2)
    run_row = make_agent({"preset": "mirror", "models": ms})
    right, wrong = run_row(row("1", 6)), run_row(row("2", 61))  # 6: BMI; 61: target weight
    assert right["selected_tool_correct"] is True and wrong["selected_tool_correct"] is False
    summary = agent_summary([right, wrong, {"selected_tool_correct": None}])
    assert summary["selected_tool_accuracy"] == 0.5
    assert "tool selection accuracy 50.0%" in render_agent(summary)
