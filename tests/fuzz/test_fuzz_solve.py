"""Property-based fuzzing of :func:`app.solve` end to end with scripted models (issue 12).

Invariants, for any question, note and options (including ones that are not text or not an
object, and over the limits) and any sequence of model replies (well-formed agent outputs,
arbitrary JSON objects, replies that run out):

1. ``solve`` returns a :class:`Result`; it never raises.
2. ``status`` is one of answered, refused, failed, error; an error has a one-line
   ``status_detail`` naming the cause.
3. The result is about the task asked: ``result.question`` is the question given.
4. With tools on (every preset but ``cot``, whose numbers are the model's own by design), a
   numeric answer's value is a tool result or a number written in the note or the question,
   and an answered text and the rationale carry no number that neither a tool result nor the
   note/question holds (a refusal's text is the product's own words: what failed, the ranges).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from medmirror.api import Result, solve
from medmirror.core.models.scripted import ScriptedChatModel
from medmirror.memory.state import MedMirrorState
from medmirror.nodes.compose import grounded_numbers, unsupported_numbers

from .strategies import JSON

PLAN = {"subtasks": [{"description": "compute the BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}
CALL = {"tool": "bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 9}
ANSWER = {"answer": "BMI 22.9", "value": "22.857142857142858", "evaluation": "ok", "score": 9}
REVIEW = {"verdict": "RIGHT", "failing_stage": "none", "critique": ""}
REPLIES = st.one_of(st.sampled_from([PLAN, CALL, ANSWER, REVIEW]),
                    st.dictionaries(st.sampled_from(["subtasks", "tool", "arguments", "answer", "value", "score",
                                                     "evaluation", "verdict"]), JSON, max_size=4),
                    JSON)
QUESTIONS = st.one_of(st.sampled_from(["What is the patient's BMI?", "", "  ", "BMI?" * 2000]), st.text(max_size=60),
                      st.integers(), st.none())
NOTES = st.one_of(st.none(), st.sampled_from(["Weight 70 kg, height 175 cm.", "x" * 200_001]), st.text(max_size=80),
                  st.binary(max_size=10))
OPTIONS = st.one_of(st.none(), st.just({"A": "18.5", "B": "22.9"}), JSON)


@given(QUESTIONS, NOTES, OPTIONS, st.dictionaries(st.sampled_from(["planner", "tool_agent", "answer", "reviewer"]),
                                                  st.lists(REPLIES, max_size=4)),
       st.sampled_from(["mirror", "riskagent", "react", "cot"]))
def test_solve_always_returns_a_result_with_a_status(question, note, options, scripts, preset):
    models = {role: ScriptedChatModel(responses=list(scripts.get(role, [])), name_=role)
              for role in ("planner", "tool_agent", "answer", "reviewer", "verifier", "extractor")}
    result = solve(question, note, options, preset=preset, models=models, saver=None, use_experience=False,
                   extractor="llm")
    assert isinstance(result, Result)
    assert result.status in ("answered", "refused", "failed", "error")
    if result.status == "error":
        assert result.status_detail and "\n" not in result.status_detail
    assert result.question == question
    if preset != "cot" and result.status == "answered" and result.answer_format == "number" and result.value:
        numbers, text = grounded_numbers(MedMirrorState(**{"steps": result.steps, "note": note if isinstance(note, str) else "",
                                          "question": question if isinstance(question, str) else ""}))
        assert not unsupported_numbers(result.value, numbers, text), (result.value, result.steps)
        assert not unsupported_numbers(result.answer, numbers, text), result.answer


NUMBER = st.one_of(st.integers(-10, 400), st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False).map(lambda x: round(x, 2)))


@given(weight=NUMBER, height=NUMBER, stated=st.booleans(), said=NUMBER, value=NUMBER,
       preset=st.sampled_from(["mirror", "riskagent", "react"]), extractor=st.sampled_from(["hybrid", "llm"]))
def test_no_number_in_an_answer_that_no_tool_or_text_produced(weight, height, stated, said, value, preset, extractor):
    """Well-formed agents that invent arguments, values and prose: invariant 4 must hold whatever they say."""
    note = "A 50-year-old man, weight 82 kg, height 170 cm." if stated else "A 50-year-old man presents for review."
    prose = f"The BMI is {said}. He weighs {weight} kg."
    if preset == "react":
        tool_agent = [{"thought": "x", "action": "bmi", "arguments": {"weight": weight, "height": height}},
                      {"thought": "x", "action": "finish", "arguments": {}}] * 2
    else:
        tool_agent = [{"tool": "bmi", "arguments": {"weight": weight, "height": height}, "evaluation": "x", "score": 9}] * 9
    scripts = {"planner": [PLAN] * 9, "tool_agent": tool_agent,
               "answer": [{"answer": prose, "value": str(value), "evaluation": "x", "score": 9}] * 6,
               "reviewer": [REVIEW] * 6}
    models = {role: ScriptedChatModel(responses=list(scripts.get(role, [])), name_=role)
              for role in ("planner", "tool_agent", "answer", "reviewer", "verifier", "extractor")}
    result = solve("What is the patient's BMI?", note, preset=preset, models=models, saver=None, extractor=extractor)
    assert result.status in ("answered", "refused", "error")
    numbers, text = grounded_numbers(MedMirrorState(**{"steps": result.steps, "note": note, "question": result.question}))
    if result.value is not None:
        assert not unsupported_numbers(result.value, numbers, text), (result.value, result.steps)
    if result.status == "answered":  # a refusal's text is the product's own (what failed, the ranges expected)
        assert not unsupported_numbers(result.answer, numbers, text), result.answer
    assert not unsupported_numbers(result.rationale, numbers, text), result.rationale
    if stated and result.status == "answered" and extractor == "hybrid":
        assert float(result.value) == 82 / 1.7 ** 2  # the note's values ran, whatever the model said
