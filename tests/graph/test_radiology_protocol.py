"""The radiology platform in the main graph: memory-protocol calls, EndCall, NoCall and tool building."""

from __future__ import annotations

from medmirror import solve
from medmirror.tools.radiology.agent_tools import RadiologyWorkbench
from medmirror.tools.radiology.records import generate_records
from medmirror.tools.radiology.tasks import make_task
from medmirror.tools.radiology.toolsets import build_toolset

from ._helpers import models


def _bench(condition: str):
    record = generate_records(1, 0)[0]
    task = make_task(record, "organ_segmentation")
    return task, RadiologyWorkbench(task, build_toolset(condition, task), record)


def _plan(*tools: str) -> dict:
    return {"subtasks": [{"description": f"step {i + 1}", "tool": t} for i, t in enumerate(tools)],
            "evaluation": "follows the data flow", "score": 9}


def _call(tool: str, **inputs: str) -> dict:
    return {"tool": tool, "arguments": inputs, "evaluation": "inputs from memory", "score": 9}


def test_a_chain_of_calls_fills_memory_and_ends_with_endcall():
    task, wb = _bench("baseline")
    a, m, o = (wb.toolset.optimal[i] for i in range(3))
    ms = models(planner=[_plan(a, m, o)],
                tool_agent=[_call(a, image="image"), _call(m, image="image"),
                            _call(o, image="image", anatomy="anatomy", modality="modality")],
                answer=[{"answer": "segmented", "value": None, "evaluation": "ok", "score": 9}])
    r = solve(task.question, None, preset="mirror", models=ms, registry=wb.registry, resources=wb.resources(),
              saver=None, top_n_tools=100)
    assert [s["protocol"] for s in r.steps] == ["Call", "Call", "EndCall"]
    assert r.working_memory["anatomy"]["value"] == task.anatomy and r.working_memory["modality"]["value"] == task.modality
    assert "organ_segmentation" in r.working_memory
    # the tool agent saw the memory keys it could read from
    assert "Memory (tool inputs are read from these keys): image" in ms["tool_agent"].calls[0]["messages"][-1].content


def test_reading_a_key_memory_does_not_hold_is_an_stm_error():
    task, wb = _bench("baseline")
    a = wb.toolset.optimal[0]
    o = wb.toolset.optimal[2]
    ms = models(planner=[_plan(o)],
                tool_agent=[_call(o, image="image", anatomy="anatomy", modality="modality"), RuntimeError("stop")])
    try:
        solve(task.question, None, preset="mirror", models=ms, registry=wb.registry, resources=wb.resources(),
              saver=None, top_n_tools=100)
    except RuntimeError:
        pass
    stm = ms["tool_agent"].calls[1]["messages"][-1].content
    assert "memory holds no anatomy, modality" in stm and a  # the classifiers must run first


def test_nocall_documents_the_gap_and_ends_the_chain():
    task, wb = _bench("insufficient_config1")  # no anatomy classifier in the tool set
    ms = models(planner=[_plan("no_call")],
                tool_agent=[_call("no_call", purpose="classify the anatomy", category="anatomy_classifier")],
                answer=[{"answer": "No available tool can classify the anatomy.", "value": None,
                         "evaluation": "gap stated", "score": 9}])
    r = solve(task.question, None, preset="mirror", models=ms, registry=wb.registry, resources=wb.resources(),
              saver=None, top_n_tools=100)
    assert r.steps[0]["protocol"] == "NoCall"
    assert r.steps[0]["observation"]["no_call"]["category"] == "anatomy_classifier"
    assert "NoCall: no available tool can classify the anatomy" in r.status_detail


def test_a_built_tool_lets_the_task_resume():
    task, wb = _bench("insufficient_config1")
    m, o = wb.toolset.optimal.get(1), wb.toolset.optimal.get(2)
    ms = models(
        planner=[_plan("no_call"), lambda msgs: _plan("anatomy_classifier_built_1", m, o)],
        tool_agent=[_call("no_call", purpose="classify the anatomy", category="anatomy_classifier"),
                    _call("anatomy_classifier_built_1", image="image"), _call(m, image="image"),
                    _call(o, image="image", anatomy="anatomy", modality="modality")],
        answer=[{"answer": "segmented", "value": None, "evaluation": "ok", "score": 9}])
    r = solve(task.question, None, preset="mirror", models=ms, registry=wb.registry, resources=wb.resources(),
              saver=None, build_missing_tools=True, top_n_tools=100)
    assert "tool_built" in [e["event"] for e in r.trace]
    assert wb.built == ["anatomy_classifier_built_1"]
    assert "anatomy_classifier_built_1" in ms["planner"].calls[1]["messages"][-1].content  # offered to the re-plan
    assert [s["protocol"] for s in r.steps] == ["Call", "Call", "EndCall"]
    assert r.working_memory["anatomy"]["value"] == task.anatomy
