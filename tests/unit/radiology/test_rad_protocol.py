"""Step answers (Call / EndCall / NoCall), execution from memory, tool-build requests and resuming."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from medmirror.tools.radiology.cards import can_perform
from medmirror.tools.radiology.metrics import target_value_hit, unsolvability_aware, unsolvability_grounded
from medmirror.tools.radiology.protocol import (
    Call,
    EndCall,
    NoCall,
    ToolBuildRequest,
    build_requested_tool,
    execute_call,
    parse_step_answer,
)
from medmirror.tools.radiology.records import generate_records
from medmirror.tools.radiology.schema import CATEGORY_SPECS
from medmirror.tools.radiology.simulate import LacksCapability, MissingInput, UnknownTool, bind_toolset
from medmirror.tools.radiology.tasks import make_task
from medmirror.tools.radiology.toolsets import build_baseline, build_insufficient, eligible

REC = generate_records(14, seed=21)[13]


def test_parse_step_answers():
    call = parse_step_answer({"kind": "call", "tool": "t", "inputs": {"image": "image"}})
    assert isinstance(call, Call) and not isinstance(call, EndCall)
    end = parse_step_answer('{"kind": "end_call", "tool": "t", "inputs": {}, "answer": "Diagnosis: x."}')
    assert isinstance(end, EndCall) and end.answer == "Diagnosis: x."
    nc = parse_step_answer({"kind": "no_call", "purpose": "segment", "category": "organ_segmentor",
                            "anatomy": "Chest", "modality": "CT"})
    assert isinstance(nc, NoCall) and nc.missing_capability is None
    with pytest.raises(ValidationError, match="unknown tool category"):
        parse_step_answer({"kind": "no_call", "purpose": "p", "category": "segmenter"})
    with pytest.raises(ValidationError):
        parse_step_answer({"kind": "shrug"})


def test_call_resolves_inputs_from_memory():
    memory = {"image": {"value": "img-1", "quality": 1.0}}
    assert Call(tool="t", inputs={"image": "image"}).resolve(memory) == {"image": {"value": "img-1", "quality": 1.0}}
    with pytest.raises(MissingInput, match="memory holds no anatomy"):
        Call(tool="t", inputs={"image": "image", "anatomy": "anatomy"}).resolve(memory)


def test_execute_call_updates_memory_only_on_success():
    task = make_task(REC, "organ_segmentation")
    ts = build_baseline(task)
    tools = bind_toolset(ts.cards, REC)
    memory = {k: {"value": v, "quality": 1.0} for k, v in task.initial_memory.items()}
    with pytest.raises(UnknownTool):
        execute_call(Call(tool="nope", inputs={}), tools, memory)
    seg = ts.by_category("organ_segmentor")[0].name
    with pytest.raises(MissingInput):
        execute_call(Call(tool=seg, inputs={"image": "image"}), tools, memory)
    assert set(memory) == {"image", "clinical_info"}
    execute_call(Call(tool=ts.by_category("anatomy_classifier")[0].name, inputs={"image": "image"}), tools, memory)
    assert memory["anatomy"]["value"] == REC.anatomy


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"category": "organ_segmentor", "capabilities": ["anomaly_localisation"]}, "cannot be built with capabilities"),
        ({"category": "organ_segmentor", "capabilities": ["organ_segmentation"], "anatomy": "Chest"}, "both anatomy and modality"),
        ({"category": "organ_segmentor", "capabilities": ["organ_segmentation"], "anatomy": "Spine", "modality": "Ultrasound"}, "not one of the 22"),
        ({"category": "anatomy_classifier", "capabilities": ["anatomy_classification"], "anatomy": "Chest", "modality": "CT"}, "universal only"),
        ({"category": "organ_segmentor", "capabilities": ["organ_segmentation"], "outputs": ["anomaly"]}, "outputs of a organ_segmentor"),
        ({"category": "mind_reader", "capabilities": ["x"]}, "unknown tool category"),
    ],
)
def test_tool_build_request_validation(kwargs, message):
    with pytest.raises(ValidationError, match=message):
        ToolBuildRequest(**kwargs)


def _agent(task, toolset):
    """A scripted agent: optimal tool per step, NoCall where no tool qualifies."""
    tools = bind_toolset(toolset.cards, REC)
    memory = {k: {"value": v, "quality": 1.0} for k, v in task.initial_memory.items()}
    answers = []
    for step in task.gold_chain:
        if not eligible(toolset.cards, step, task.anatomy, task.modality):
            have = [c for c in toolset.by_category(step.category)]
            lacking = next((cap for cap in step.capabilities if have and all(cap not in c.extra["capabilities"] for c in have)), None)
            known = {k: memory[k]["value"] if k in memory else None for k in ("anatomy", "modality")}
            answers.append(NoCall(purpose=f"step {step.index}", category=step.category, missing_capability=lacking, **known))
            return answers, memory
        kind = EndCall if step.index == len(task.gold_chain) - 1 else Call
        answer = kind(tool=toolset.optimal[step.index], inputs={k: k for k in step.inputs})
        execute_call(answer, tools, memory)
        answers.append(answer)
    return answers, memory


@pytest.mark.parametrize("seed", [6, 7, 8, 9])
@pytest.mark.parametrize("config", ["config1", "config2", "config3"])
def test_nocall_then_build_request_resumes_the_task(config, seed):
    task = make_task(REC, "report_with_biomarkers_and_indicators")
    ts = build_insufficient(task, config, seed=seed, step_index=0 if (config, seed) == ("config1", 9) else None)
    answers, _ = _agent(task, ts)
    nocall = answers[-1]
    assert unsolvability_aware(answers, ts.unsolvable.step_index)
    assert unsolvability_grounded(nocall, ts.unsolvable)

    # a request for the wrong pair does not fill a config2/config3 gap
    step = task.gold_chain[ts.unsolvable.step_index]
    other = ("Limb", "CT") if (task.anatomy, task.modality) != ("Limb", "CT") else ("Spine", "CT")
    if config != "config1":
        off = ToolBuildRequest(category=step.category, capabilities=step.capabilities, anatomy=other[0], modality=other[1])
        assert build_requested_tool(off, ts, task)[0].unsolvable is not None

    specialist = not CATEGORY_SPECS[step.category].universal_only and nocall.anatomy is not None
    request = ToolBuildRequest(category=nocall.category, capabilities=step.capabilities, purpose="fill the gap",
                               anatomy=nocall.anatomy if specialist else None, modality=nocall.modality if specialist else None)
    resumed, card = build_requested_tool(request, ts, task)
    assert resumed.unsolvable is None and card.name in resumed.names and resumed.built_tools == [card.name]
    assert can_perform(card, step.category, task.anatomy, task.modality, step.capabilities)
    assert ts.unsolvable is not None  # the original set is unchanged
    answers, memory = _agent(task, resumed)
    assert isinstance(answers[-1], EndCall)
    assert target_value_hit({k: v["value"] for k, v in memory.items()}, task.target)


def test_built_tool_with_too_few_capabilities_still_fails():
    task = make_task(REC, "report_with_biomarkers")
    ts = build_insufficient(task, "config1", step_index=4)  # no biomarker quantifier
    partial = ToolBuildRequest(category="biomarker_quantifier", capabilities=["organ_biomarker"])
    resumed, card = build_requested_tool(partial, ts, task)
    assert resumed.unsolvable is not None
    tools = bind_toolset(resumed.cards, REC)
    with pytest.raises(LacksCapability, match="anomaly_biomarker"):
        tools[card.name].invoke({"image": REC.image_id, "anatomy": REC.anatomy, "modality": REC.modality,
                                 "organ_segmentation": {"organ": REC.organ}, "anomaly": REC.ground_truth("anomaly")})
