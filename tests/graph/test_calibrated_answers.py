"""Calibrated answers in the graph: a calculator value whose evidence leaves it open is `uncertain` (its range,
the inputs and the note's sentences that make it so, no bare number), `answer_policy=always` still gives the
value marked uncertain, `ask_missing` asks exactly the uncertain inputs, and a clean note stays `answered`.
Scripted models drive every role; the grounding reads the note by rules (extractor=rules, checks on)."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph
from medmirror.tools.builtin import default_registry
from medmirror.tools.registry import ToolRegistry
from tests.graph._helpers import answer, call, for_graph, models, plan, run

Q = "What is the patient's CHA2DS2-VASc score?"
# the rules do not read 'an infarct of the cerebral cortex' as a stroke; the second reader finds the sentence
OPEN = ("A 72-year-old woman with atrial fibrillation. In 2019 she was admitted with an infarct of the cerebral "
        "cortex and recovered well. Treated for hypertension. No diabetes.")
# age 65-74 (1) + female (1) + hypertension (1) = 3; with the stroke (2) it would be 5
CLEAN = "A 72-year-old woman with atrial fibrillation. Treated for hypertension. No diabetes. No prior stroke or TIA."
SETTINGS = {"extractor": "rules", "use_checks": True, "embeddings_provider": "none", "max_rounds": 1,
            "max_reviews": 0}


def registry() -> ToolRegistry:
    full = default_registry()
    return ToolRegistry([full.get(n) for n in ("cha2ds2_vasc", "has_bled", "bmi")])


def _models(value: str = "3"):
    return models(planner=[plan(("Score CHA2DS2-VASc from the note", "cha2ds2_vasc"))] * 3,
                  tool_agent=[call("cha2ds2_vasc")] * 3, answer=[answer(value)] * 3)


def test_an_open_criterion_makes_the_answer_uncertain_with_its_range_and_sentence_and_no_bare_number():
    r = run(_models(), question=Q, note=OPEN, registry=registry(), **SETTINGS)
    assert r["status"] == "uncertain"
    assert r["value"] is None  # the number is held back
    cal = r["calibration"]
    assert cal["uncertain"] and cal["confidence"] < cal["threshold"]
    assert cal["low"] == 3 and cal["high"] == 5 and cal["range"] == "3-5"
    assert cal["uncertain_inputs"] == ["stroke"]
    assert "infarct of the cerebral cortex" in cal["reasons"][0]
    text = r["answer"]
    assert "uncertain, 3-5" in text and "stroke" in text and "infarct of the cerebral" in text
    assert "answer_uncertain" in r.events("answer")


def test_answer_policy_always_gives_the_value_marked_uncertain():
    r = run(_models(), question=Q, note=OPEN, registry=registry(), answer_policy="always", **SETTINGS)
    assert r["status"] == "uncertain" and r["value"] == "3"
    assert r["answer"].startswith("CHA2DS2-VASc Score = 3") and "uncertain" in r["answer"] and "3-5" in r["answer"]


def test_a_threshold_of_zero_never_holds_back():
    r = run(_models(), question=Q, note=OPEN, registry=registry(), confidence_threshold=0.0, **SETTINGS)
    assert r["status"] == "answered" and r["value"] == "3"
    assert r["calibration"]["uncertain"] is False


def test_a_note_that_settles_every_criterion_is_answered_with_its_confidence():
    r = run(_models(), question=Q, note=CLEAN, registry=registry(), **SETTINGS)
    assert r["status"] == "answered" and r["value"] == "3"
    cal = r["calibration"]
    assert cal["uncertain_inputs"] == [] and cal["confidence"] >= cal["threshold"]


def test_ask_missing_asks_exactly_the_uncertain_inputs_and_the_answer_settles():
    saver = InMemorySaver()
    ctx = Settings.resolve("mirror", ask_missing=True, **SETTINGS)
    graph = build_graph(checkpointer=saver, preset=ctx, models=_models("5"), registry=registry())
    config = {"configurable": {"thread_id": "uncertain"}, "recursion_limit": 200}
    out = graph.invoke({"question": Q, "note": OPEN}, config, context=ctx)
    (pause,) = out["__interrupt__"]
    request = pause.value
    assert request["kind"] == "uncertain_input" and request["tool"] == "cha2ds2_vasc"
    assert [w["name"] for w in request["inputs"]] == ["stroke"]
    assert "infarct of the cerebral" in request["inputs"][0]["why"] and "would be 5" in request["inputs"][0]["why"]
    out = graph.invoke(Command(resume={"stroke": True}), config, context=ctx)
    assert "__interrupt__" not in out
    assert out["status"] == "answered" and out["value"] == "5"
    step = out["steps"][0]
    assert step["user_inputs"] == {"stroke": True}
    assert next(p for p in step["grounding"]["params"] if p["name"] == "stroke")["status"] == "user"


def test_declining_to_settle_keeps_the_answer_uncertain():
    saver = InMemorySaver()
    ctx = Settings.resolve("mirror", ask_missing=True, **SETTINGS)
    graph = build_graph(checkpointer=saver, preset=ctx, models=_models(), registry=registry())
    config = {"configurable": {"thread_id": "uncertain-declined"}, "recursion_limit": 200}
    graph.invoke({"question": Q, "note": OPEN}, config, context=ctx)
    out = graph.invoke(Command(resume=""), config, context=ctx)
    assert out["status"] == "uncertain" and out["value"] is None


# ---------------------------------------------------------------------------
# Out-of-library honesty: a calculator the library lacks is named as missing, never replaced by another
# ---------------------------------------------------------------------------

import pytest  # noqa: E402

from medmirror.nodes.checks import named_calculators, out_of_library  # noqa: E402


@pytest.mark.parametrize("question, name", [
    ("What is the patient's NEWS2 score?", "NEWS2 score"),
    ("Using the Richmond Agitation-Sedation Scale, what is the patient's sedation level?",
     "Richmond Agitation-Sedation Scale"),
    ("What is the patient's Zorblax Frailty Index?", "Zorblax Frailty Index"),
])
@pytest.mark.parametrize("preset", ["mirror", "react"])
def test_a_question_for_a_calculator_the_library_lacks_refuses_with_the_name_it_found(question, name, preset):
    ms = models(planner=[plan(("Score it", "cha2ds2_vasc"))] * 3, tool_agent=[call("cha2ds2_vasc")] * 6,
                answer=[answer("3")] * 3)
    r = run(ms, preset, question=question, note=CLEAN, registry=registry(), **for_graph(preset, SETTINGS))
    assert r["status"] == "refused" and r["value"] is None
    assert f"no validated tool computes '{name}'" in r["status_detail"]
    assert r["target"]["out_of_library"]["name"] == name and not r["target"]["decisive"]
    assert r.events() == ["out_of_library"]  # nothing ran: no other calculator stood in
    assert not r["steps"]


@pytest.mark.parametrize("question", [
    "What is the patient's CHA2DS2-VASc score?", "What is the patient's HAS-BLED score?",
    "Using the Cockcroft-Gault equation, what is the patient's creatinine clearance?",
    "What is the likelihood of in-hospital mortality for this patient?",  # describes, names nothing
    "Applying Naegele's rule, on what date is this patient due?",
])
def test_a_calculator_the_library_holds_or_a_described_quantity_is_not_out_of_library(question):
    assert out_of_library(default_registry(), question, []) is None


def test_named_calculators_reads_names_before_a_calculator_word():
    assert named_calculators("Using the Richmond Agitation-Sedation Scale (RASS), what is it?") == [
        "Richmond Agitation-Sedation Scale"]
    assert named_calculators("What is the patient's A-a gradient?") == ["A-a gradient"]


def test_conflicting_readings_make_the_answer_uncertain_never_a_silent_choice():
    from tests.graph._helpers import small_registry

    ms = models(planner=[plan(("BMI", "bmi"))] * 3, tool_agent=[call("bmi")] * 3, answer=[answer("48.98")] * 3)
    r = run(ms, question="What is the patient's BMI?", note="The weight is 150 kg. Weight 70 kg. Height 175 cm.",
            registry=small_registry(), **SETTINGS)
    assert r["status"] == "uncertain" and r["value"] is None
    assert r["calibration"]["uncertain_inputs"] == ["weight"]
    assert "the note also gives 70 kg" in r["answer"] and "22.86-48.98" in r["answer"]
