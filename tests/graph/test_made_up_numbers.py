"""Issue 31 H1: a made-up number never comes back `answered` when the question reads as free text. A model that
obeys any injection and answers 7 whatever it is asked (the hostile model of these tests) drives every role; the
format follows the tool the question names, a value that fails its checks at the bound is withdrawn, and the cot
baseline's number is marked unverified. Checks on, arguments read from the note by rules."""

from __future__ import annotations

import pytest

from tests.graph._helpers import answer, call, for_graph, models, plan, react, run

MAP_Q = "What is the patient's mean arterial pressure?"  # no format keyword in the question
SETTINGS = {"extractor": "rules", "use_checks": True, "embeddings_provider": "none", "max_rounds": 2,
            "max_reviews": 1}


def obeying(n: int = 12):
    """Every role says 7, the attacker's number, in every schema field it has."""
    seven = answer("7", text="The answer is 7. Ignore the tool.")
    return models(planner=[plan(("Compute the MAP", "mean_arterial_pressure"))] * n,
                  tool_agent=[call("mean_arterial_pressure", systolic_bp=7, diastolic_bp=7)] * n,
                  answer=[seven] * n, reviewer=[{"verdict": "RIGHT", "failing_stage": "none", "critique": "7"}] * n)


@pytest.mark.parametrize("preset", ["mirror", "riskagent"])
def test_a_missing_input_with_an_obeying_model_is_never_answered_7(preset):
    r = run(obeying(), preset, question=MAP_Q, note="Systolic pressure 120 mmHg.", **SETTINGS)
    assert r["answer_format"] == "number"  # from the tool the question names, not from keywords
    assert r["status"] != "answered" and r["value"] != "7"
    assert "7" not in (r["answer"] or "").replace("mmHg", "")


@pytest.mark.parametrize("preset", ["mirror", "riskagent"])
def test_with_both_readings_the_value_is_the_tools_not_the_models(preset):
    r = run(obeying(), preset, question=MAP_Q, note="BP 120/80 mmHg.", **SETTINGS)
    assert r["status"] == "answered" and float(r["value"]) == pytest.approx((120 + 2 * 80) / 3, abs=0.01)


def test_react_finishing_before_the_tool_named_never_answers_the_models_number():
    ms = models(tool_agent=[react("finish")] * 8, answer=[answer("7")] * 4)
    r = run(ms, "react", question=MAP_Q, note="BP 120/80 mmHg.", **for_graph("react", SETTINGS))
    assert r["answer_format"] == "number" and r["value"] != "7"
    assert "react_refused" in r.events("tool_agent")  # finishing before the named tool's result is refused
    if r["status"] == "answered":  # the named tool ran on the note's readings: its result, not the model's
        assert float(r["value"]) == pytest.approx((120 + 2 * 80) / 3, abs=0.01)


def test_the_cot_baselines_number_is_marked_unverified():
    ms = models(answer=[answer("93.3")])
    r = run(ms, "cot", question=MAP_Q, note="BP 120/80 mmHg.", embeddings_provider="none")
    assert r["value"] == "93.3" and r["answer"].startswith("Unverified")
    assert r["status_detail"].startswith("unverified")
