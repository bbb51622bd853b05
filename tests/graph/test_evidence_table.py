"""The evidence table: the state's ``evidence`` channel (what Studio shows) and ``Result.evidence_table()``
give one row per calculator input with its value, grounding status and the note's span."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from medmirror.api import solve
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph
from tests.graph._helpers import BMI_Q, answer, bmi, bmi_plan, call, models, small_registry

NOTE = "A 52-year-old woman comes for review. She weighs 82 kg; height 165 cm."


def test_each_input_has_its_value_status_and_span_in_the_note():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=82, height=165)], answer=[answer(bmi(82, 165))])
    r = solve(BMI_Q, note=NOTE, models=ms, registry=small_registry(), saver=None)
    assert r.status == "answered"
    rows = {row["input"]: row for row in r.evidence_table()}
    assert set(rows) == {"weight", "height"}
    for name, number in (("weight", "82"), ("height", "165")):
        row = rows[name]
        assert row["tool"] == "bmi" and row["call_ok"] and row["where"] == "note"
        start, end = row["span"]
        assert NOTE[start:end] == row["evidence"] and number in row["evidence"]
    assert float(rows["weight"]["value"]) == 82 and rows["weight"]["unit"] == "kg" and rows["height"]["unit"] == "cm"


def test_failed_attempts_are_kept_apart_and_a_user_value_says_so():
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", height=175)], answer=[answer(bmi(70, 175))])
    saver = InMemorySaver()
    ctx = Settings.resolve("mirror", ask_missing=True, use_checks=True)
    graph = build_graph(checkpointer=saver, preset=ctx, models=ms, registry=small_registry())
    config = {"configurable": {"thread_id": "ev"}, "recursion_limit": 200}
    graph.invoke({"question": BMI_Q, "note": "Height 175 cm. No complaints."}, config, context=ctx)
    out = graph.invoke(Command(resume={"weight": 70}), config, context=ctx)
    assert out["status"] == "answered"
    rows = {row["input"]: row for row in out["evidence"] if row["call_ok"]}
    assert rows["weight"]["status"] == "user" and rows["weight"]["where"] == "user" and rows["weight"]["span"] is None
    assert rows["height"]["where"] == "note" and rows["height"]["span"] is not None
