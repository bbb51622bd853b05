"""Property-based fuzzing of :func:`app.solve` end to end with scripted models (issue 12).

Invariants, for any question, note and options (including ones that are not text or not an
object, and over the limits) and any sequence of model replies (well-formed agent outputs,
arbitrary JSON objects, replies that run out):

1. ``solve`` returns a :class:`Result`; it never raises.
2. ``status`` is one of answered, refused, failed, error; an error has a one-line
   ``status_detail`` naming the cause.
3. The result is about the task asked: ``result.question`` is the question given.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.api import Result, solve
from app.models.scripted import ScriptedChatModel

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
