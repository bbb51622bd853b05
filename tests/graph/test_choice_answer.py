"""Multiple-choice answers come from the tool: the matcher's letter on the calculator's result, or no answer."""

from __future__ import annotations

from ._helpers import BMI_NOTE, answer, bmi_plan, call, interpretation, models, prompt, review, run, section

Q = "Which weight class fits this patient?"
# BMI 70 kg / 1.75 m^2 = 22.9 kg/m^2: 'normal weight'
CLASSES = {"A": "Underweight", "B": "Obese", "C": "Normal weight", "D": "Overweight"}


def test_the_models_letter_is_replaced_by_the_one_the_result_supports():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer("A", text="The value 'A' is from no tool result. The patient is underweight.")])
    r = run(ms, question=Q, note=BMI_NOTE, options=CLASSES)
    assert (r["value"], r["status"]) == ("C", "answered")
    # composed from the tool as a numeric answer is; none of the model's prose or a check message in it
    assert r["answer"].startswith("Body Mass Index") or "22.9" in r["answer"]
    assert r["answer"].rstrip().endswith("Answer: C (Normal weight).")
    assert "no tool result" not in r["answer"] and "underweight" not in r["answer"].lower()
    assert "the answer agent's 'A' is not what the result supports" in r.event("option_from_tool")["detail"]


def test_a_letter_the_result_does_not_support_is_never_answered():
    risk = {"A": "Low risk", "B": "Moderate risk", "C": "High risk", "D": "Very high risk"}
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer("A", text="Low risk.")])
    r = run(ms, question="What is the patient's risk?", note=BMI_NOTE, options=risk, use_ltm=False)
    assert r["status"] == "refused" and r["value"] is None
    assert "supports no option" in r["answer"] and "no option states a number, class or category" in r["answer"]
    assert "Low risk" not in r["answer"]


def test_riskagent_preset_takes_the_letter_from_the_tool_too():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer("D")], reviewer=[review()])
    r = run(ms, "riskagent", question=Q, note=BMI_NOTE, options=CLASSES)
    assert (r["value"], r["status"]) == ("C", "answered")
    assert r["answer"].rstrip().endswith("Answer: C (Normal weight).")


def test_the_single_tool_decider_reads_one_line_per_candidate():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[interpretation(), answer("C")], reviewer=[review()])
    run(ms, "riskagent", question=Q, note=BMI_NOTE, options=CLASSES)
    tools = section(prompt(ms["planner"]), "Candidate tools (ranked: the first matches the question best)")
    assert tools.splitlines()[0].startswith("- bmi: ") and "Inputs:" not in tools
    # the tool agent still gets the chosen tool's inputs
    assert "weight" in prompt(ms["tool_agent"]) and "height" in prompt(ms["tool_agent"])


def test_no_letter_without_a_result_when_the_calculator_failed():
    # the calculator refuses a height of 0 twice; the model still answers 'C'
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=0), call("bmi", weight=70, height=0),
                                                  call("bmi", weight=70, height=0)],
                answer=[answer("C"), answer("C"), answer("C")])
    r = run(ms, question=Q, note=BMI_NOTE, options=CLASSES, use_ltm=False, max_attempts_per_subtask=1)
    assert r["status"] == "refused" and r["value"] is None
    assert "no calculator result to choose an option from" in r["answer"]
