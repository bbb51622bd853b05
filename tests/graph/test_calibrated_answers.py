"""Calibrated answers in the graph: a calculator value whose evidence leaves it open is `uncertain` (its range,
the inputs and the note's sentences that make it so, no bare number), `answer_policy=always` still gives the
value marked uncertain, `ask_missing` asks exactly the uncertain inputs, and a clean note stays `answered`.
Scripted models drive every role; the grounding reads the note by rules (extractor=rules, checks on)."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from medmirror.graphs.main import build_graph
from medmirror.settings import Settings
from medmirror.tools.builtin import default_registry
from medmirror.tools.registry import ToolRegistry
from tests.graph._helpers import answer, call, models, plan, run

Q = "What is the patient's CHA2DS2-VASc score?"
# the rules do not read 'cerebral artery infarct' as a stroke; the second reader finds the sentence
OPEN = ("A 72-year-old woman with atrial fibrillation. In 2019 she was admitted with a left middle cerebral artery "
        "infarct and recovered well. Treated for hypertension. No diabetes.")
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
    assert "middle cerebral artery infarct" in cal["reasons"][0]
    text = r["answer"]
    assert "uncertain, 3-5" in text and "stroke" in text and "cerebral artery infarct" in text
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
    assert "cerebral artery infarct" in request["inputs"][0]["why"] and "would be 5" in request["inputs"][0]["why"]
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
