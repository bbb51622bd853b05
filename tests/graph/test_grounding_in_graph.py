"""Calculator arguments grounded in the note inside the graph (extractor: hybrid, rules, llm)."""

from __future__ import annotations

import pytest

from tests.graph._helpers import (
    BMI_70,
    BMI_NOTE,
    answer,
    bmi,
    bmi_plan,
    call,
    interpretation,
    models,
    prompt,
    review,
    run,
    section,
    used_up,
)


def test_hybrid_replaces_a_value_the_note_contradicts_and_flags_it():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=80, height=175)], answer=[answer(BMI_70)])
    r = run(ms, "mirror", extractor="hybrid")
    step = r["steps"][0]
    assert step["proposed_arguments"] == {"weight": 80, "height": 175}
    assert step["arguments"]["weight"] == pytest.approx(70.0)  # the note's value, with its evidence
    weight = next(p for p in step["grounding"]["params"] if p["name"] == "weight")
    assert weight["status"] == "disagree" and "70 kg" in weight["evidence"]["text"]
    assert any("weight" in f for f in step["grounding"]["flags"])
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_the_tool_agent_is_shown_what_the_rules_found():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    run(ms, "mirror", extractor="hybrid")
    found = section(prompt(ms["tool_agent"], 0), "Values the rule extractor found in the note for this tool "
                                                 "(check them, use them unless the note says otherwise)")
    assert "weight = 70" in found and "height = 175" in found


def test_rules_mode_fills_calculators_without_the_model():
    ms = models(planner=[bmi_plan()], tool_agent=[], answer=[answer(BMI_70)])
    r = run(ms, "mirror", extractor="rules")
    assert r.events("tool_agent") == ["rule_call"]
    assert r["steps"][0]["arguments"] == {"weight": 70.0, "height": 175.0}
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_llm_mode_uses_the_models_value_and_the_reviewer_rejects_an_unsupported_one():
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", weight=80, height=175), call("bmi", weight=70, height=175)],
        answer=[interpretation("The BMI is in the overweight class."), answer(bmi(80, 175)),
                interpretation(), answer(BMI_70)],
        reviewer=[review("RIGHT")],  # called only once: the first verdict is the evidence check's
    )
    r = run(ms, "riskagent", extractor="llm")
    assert r.events("reviewer") == ["reflect_wrong_tool_call", "reflect_right"]
    assert "Not supported by the note: weight=80" in section(prompt(ms["tool_agent"], 1), "Reviewer critique")
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_hybrid_drops_an_unsupported_value_and_the_calculator_names_it_missing():
    note = "A 45-year-old man comes for a check-up. Height 175 cm. No complaints."
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=80, height=175), RuntimeError("stop")])
    with pytest.raises(RuntimeError):
        run(ms, "mirror", note=note, extractor="hybrid", use_checks=False)
    stm = section(prompt(ms["tool_agent"], 1), "Failed attempts on this subtask (short-term memory)")
    assert "missing weight" in stm and "Evidence check" in stm
    assert BMI_NOTE  # (the default note gives the weight; this one does not)


def test_with_checks_an_unsupported_value_is_caught_before_the_executor():
    note = "A 45-year-old man comes for a check-up. Height 175 cm. No complaints."
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=80, height=175), RuntimeError("stop")])
    with pytest.raises(RuntimeError):
        run(ms, "mirror", note=note, extractor="hybrid")
    # the tool-call check caught it: the revision is asked for before anything ran
    second = prompt(ms["tool_agent"], 1)
    assert "Checks failed: bmi needs weight (the proposed 80.0 is not in the note)" in second
    assert section(second, "Failed attempts on this subtask (short-term memory)") == "(no failed attempts)"
