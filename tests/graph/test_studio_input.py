"""Studio's input form (issue 32, item 6): the graphs medmirror.studio serves take the clinical task alone
(question, note, options, resources); the guidance fields the Python API adds (advice, examples, instructions)
stay on the graphs build_graph makes by default."""

from __future__ import annotations

from medmirror.graphs.main import build_graph
from medmirror.memory.state import ClinicalTask

from ._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi_plan, call, models

TASK = {"question", "note", "options", "resources"}
GUIDANCE = {"advice", "examples", "instructions"}


def test_studio_graphs_show_the_task_without_the_internal_fields():
    import medmirror.studio as studio

    for graph in (studio.medmirror, studio.medmirror_single_loop):
        assert set(graph.get_input_jsonschema()["properties"]) == TASK


def test_the_default_graphs_keep_the_guidance_fields():
    for preset in ("mirror", "react"):
        shown = set(build_graph(preset=preset).get_input_jsonschema()["properties"])
        assert shown == TASK | GUIDANCE


def test_a_graph_with_the_studio_schema_solves_the_task():
    from medmirror.core.settings import Settings

    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    graph = build_graph(preset="mirror", models=ms, input_schema=ClinicalTask)
    out = graph.invoke({"question": BMI_Q, "note": BMI_NOTE}, context=Settings.resolve("mirror", use_experience=False))
    assert out["status"] == "answered" and out["value"] == BMI_70
