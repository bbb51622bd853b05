"""Executor failures, short-term memory, the per-subtask attempt bound, and tool-grounded answer values."""

from __future__ import annotations

import pytest

from ._helpers import (
    BMI_70,
    answer,
    bmi_plan,
    call,
    last_message,
    models,
    prompt,
    run,
    section,
    sent_schema,
    small_registry,
    used_up,
)


def test_executor_error_goes_to_stm_and_is_shown_to_the_next_tool_call():
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
        answer=[answer(BMI_70)],
    )
    r = run(ms)
    assert r.events("executor") == ["tool_error_to_stm", "ok"]
    assert "missing height" in r.out["trace"][[e["event"] for e in r.out["trace"]].index("tool_error_to_stm")]["detail"]
    assert section(prompt(ms["tool_agent"], 0), "Failed attempts on this subtask (short-term memory)") == \
        "(no failed attempts)"
    stm = section(prompt(ms["tool_agent"], 1), "Failed attempts on this subtask (short-term memory)")
    assert stm.startswith('- attempt 1: bmi({"weight": 70}) failed:')
    assert "missing height" in stm
    assert "reflection: Fill every required input from the note" in stm
    # success resets STM and the attempt counter; only the successful call is a step
    assert r.state["stm"] == [] and r.state["attempts"] == 0
    assert [s["arguments"] for s in r["steps"]] == [{"weight": 70, "height": 175}]
    assert r["status"] == "answered" and r["value"] == BMI_70
    used_up(*ms.values())


def test_stm_entry_records_attempt_arguments_error_and_reflection():
    # stop right after the first failure by letting the tool agent's second call crash
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=1.75), RuntimeError("stop here")])
    with pytest.raises(RuntimeError, match="stop here"):
        run(ms)
    # the second tool-agent call saw exactly one STM entry with every field
    stm = section(prompt(ms["tool_agent"], 1), "Failed attempts on this subtask (short-term memory)")
    assert stm.count("- attempt ") == 1
    assert '- attempt 1: bmi({"weight": 70, "height": 1.75}) failed: CalculatorInputError' in stm
    assert "greater than or equal to 30" in stm
    # the invalid value is not used (the calculator names height as missing) and the evidence check says why
    assert "missing height" in stm
    assert "reflection: Fill every required input from the note" in stm
    assert "Evidence check: height: the LLM's value 1.75 is not valid" in stm


def test_stm_accumulates_within_a_subtask_and_resets_for_the_next():
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", weight=70), call("bmi", height=175), call("bmi", weight=70, height=175)],
        answer=[answer(BMI_70)],
    )
    r = run(ms, max_attempts_per_subtask=3)
    stm3 = section(prompt(ms["tool_agent"], 2), "Failed attempts on this subtask (short-term memory)")
    assert "- attempt 1: bmi" in stm3 and "- attempt 2: bmi" in stm3
    assert "missing height" in stm3 and "missing weight" in stm3
    assert r.events("executor") == ["tool_error_to_stm", "tool_error_to_stm", "ok"]
    assert r.state["stm"] == []
    used_up(*ms.values())


def test_null_arguments_count_as_not_given():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=None),
                                                  call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms)
    assert "missing height" in prompt(ms["tool_agent"], 1)
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_attempts_exhausted_leads_to_a_refusal_naming_the_failure():
    ms = models(
        planner=[bmi_plan()],
        tool_agent=[call("bmi", weight=70), call("bmi", weight=70)],
        # a made-up value is rejected: no tool produced one, only null fits
        answer=[answer("22.9", score=9), answer(None, score=9, text="The height is missing, so BMI cannot be computed.")],
    )
    # one round: with rounds left a given-up subtask is re-planned (test_rounds_ltm.py)
    r = run(ms, max_attempts_per_subtask=2, max_rounds=1, note="A 45-year-old man, weight 70 kg. Height not recorded.")
    assert len(ms["tool_agent"].calls) == 2
    assert r.events("executor") == ["tool_error_to_stm", "attempts_exhausted"]
    assert r["status"] == "refused"
    assert r["value"] is None
    assert r["answer"].startswith("No answer: subtask 1 (bmi) failed after 2 attempt(s)")
    assert "subtask 1 (bmi) failed after 2 attempt(s)" in r["status_detail"]
    assert "missing height" in r["status_detail"]
    # the failed step is kept for the answer and the trajectory
    assert r["steps"][-1]["ok"] is False and "missing height" in r["steps"][-1]["error"]
    shown = prompt(ms["answer"])
    assert "subtask 1 (bmi) failed after 2 attempt(s)" in section(shown, "Failures")
    assert section(shown, "Allowed values").startswith("null")
    assert sent_schema(ms["answer"])["properties"]["value"] == {"type": "null"}
    assert "'22.9' is not a tool result" in last_message(ms["answer"], 1)
    used_up(*ms.values())


def test_answer_value_must_be_a_tool_result():
    ms = models(
        planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
        answer=[answer("25"), answer("about 23"), answer(BMI_70)],
    )
    r = run(ms, structured_retries=2)
    assert section(prompt(ms["answer"]), "Allowed values") == BMI_70
    value_schema = sent_schema(ms["answer"])["properties"]["value"]
    assert value_schema["enum"] == [BMI_70]  # the tool's result is the value (no null: it was computed)
    assert "value '25' is not a tool result" in last_message(ms["answer"], 1)
    assert "value 'about 23' is not a number" in last_message(ms["answer"], 2)
    assert r["status"] == "answered" and r["value"] == BMI_70
    assert r.out["usage"]["answer"]["calls"] == 3 and r.out["usage"]["answer"]["retries"] == 2
    used_up(*ms.values())


def test_value_not_from_a_tool_is_never_accepted():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)],
                answer=[answer("25"), answer("25")])
    r = run(ms, structured_retries=1)
    assert r["status"] == "error"
    assert r.out.get("value") is None
    assert "answer" in r["status_detail"] and "not a tool result" in r["status_detail"]


def test_without_stm_failed_attempts_are_not_shown():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, use_stm=False)
    assert section(prompt(ms["tool_agent"], 1), "Failed attempts on this subtask (short-term memory)") == "(not kept)"
    assert r.events("executor") == ["tool_error_to_stm", "ok"]  # still retried, within the attempt bound
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_react_with_only_failed_tools_must_refuse():
    from ._helpers import react

    ms = models(tool_agent=[react("bmi", weight=70), react("finish")],
                answer=[answer("22.9"), answer(None, text="height missing; BMI would be about 22.9")])
    r = run(ms, "react")
    assert section(prompt(ms["answer"]), "Allowed values").startswith("null")
    assert "'22.9' is not a tool result" in last_message(ms["answer"], 1)
    assert r["status"] == "refused" and r["value"] is None
    # the words of a refusal carry no number the model made up
    assert r["answer"].startswith("No answer:") and "22.9" not in r["answer"]
    used_up(*ms.values())


@pytest.mark.parametrize("error,reflection", [
    ("Cannot compute BMI: missing height", "Fill every required input"),
    ("x (invalid): unknown input 'age'", "Use only the inputs the tool lists"),
    ("height: Input should be greater than or equal to 30", "outside the plausible range"),
    ("'stone' is not convertible to kg", "in the unit the tool expects"),
    ("something else", "Re-read the tool's inputs"),
])
def test_reflection_for_each_kind_of_error(error, reflection):
    from medmirror.nodes.executor import reflection_for

    assert reflection in reflection_for(error)


def test_unknown_tool_is_an_observation_not_a_crash():
    from medmirror.nodes.common import Deps
    from medmirror.nodes.executor import run_tool

    ok, obs, err = run_tool(Deps(registry=small_registry()), "no_such_tool", {})
    assert (ok, obs) == (False, None) and "unknown tool 'no_such_tool'" in err


# ---------------------------------------------------------------------------
# The tool agent's own reflection on a failure (MIRROR's STM), the rule text as the fallback
# ---------------------------------------------------------------------------


def test_the_tool_agent_writes_its_own_stm_reflection_on_a_retry():
    own = "I left out the height; the note gives 175 cm."
    ms = models(planner=[bmi_plan()],
                tool_agent=[call("bmi", weight=70), call("bmi", weight=70, reflection=own),
                            call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, max_attempts_per_subtask=3, tool_switch=False)  # one grammar branch to read
    # the first call after a failure is asked for a reflection (in the grammar and the instructions); a revision not
    assert "reflection" not in sent_schema(ms["tool_agent"], 0)["properties"]
    assert sent_schema(ms["tool_agent"], 1)["required"][0] == "reflection"
    assert "Your last call failed: first write reflection" in prompt(ms["tool_agent"], 1)
    stm = section(prompt(ms["tool_agent"], 2), "Failed attempts on this subtask (short-term memory)")
    assert f"reflection: {own}" in stm  # attempt 1's entry carries the agent's reflection
    assert "reflection: Fill every required input" in stm  # attempt 2's entry has the rule text until its retry
    assert r.events("tool_agent") == ["tool_accept", "stm_reflection", "tool_accept", "stm_reflection", "tool_accept"]
    assert r["value"] == BMI_70
    used_up(*ms.values())


def test_an_unusable_reflection_keeps_the_rule_text():
    ms = models(planner=[bmi_plan()],
                tool_agent=[call("bmi", weight=70), call("bmi", weight=70, reflection="ok"),
                            call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, max_attempts_per_subtask=3)
    stm = section(prompt(ms["tool_agent"], 2), "Failed attempts on this subtask (short-term memory)")
    assert "reflection: ok" not in stm and stm.count("reflection: Fill every required input") == 2
    assert "kept the rule text" in [e for e in r.out["trace"] if e["event"] == "stm_reflection"][0]["detail"]
    used_up(*ms.values())


def test_rules_only_stm_reflection_asks_the_model_for_none():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, stm_reflection="rules", tool_switch=False)
    assert "reflection" not in sent_schema(ms["tool_agent"], 1)["properties"]
    assert "Your last call failed" not in prompt(ms["tool_agent"], 1) and "stm_reflection" not in r.events()
    used_up(*ms.values())
