"""Simulated tool execution: right calls return ground truth, wrong calls raise typed errors,
quality degrades deterministically with performance and input quality."""

from __future__ import annotations

import pytest
from langchain_core.tools import StructuredTool, ToolException

from medmirror.tools.radiology.cards import make_card
from medmirror.tools.radiology.records import generate_records
from medmirror.tools.radiology.simulate import (
    LacksCapability,
    MissingInput,
    NotApplicable,
    RadToolError,
    WrongInputType,
    apply_outputs,
    bind_tool,
    bind_toolset,
    run_tool,
)
from medmirror.tools.radiology.tasks import make_task
from medmirror.tools.radiology.vocab import vocab_for

REC = generate_records(6, seed=0)[5]  # Chest CT
assert (REC.anatomy, REC.modality) == ("Chest", "CT")


def card(category, perf=0.9, **kw):
    return make_card(category, name=kw.pop("name", category), performance=perf, **kw)


def base(**extra):
    return {"image": REC.image_id, "anatomy": REC.anatomy, "modality": REC.modality, **extra}


def out(result, key):
    return result["outputs"][key]["value"]


def test_bound_tool_is_a_structured_tool_with_the_card_schema():
    tool = bind_tool(card("biomarker_quantifier"), REC)
    assert isinstance(tool, StructuredTool) and tool.name == "biomarker_quantifier"
    props = tool.args_schema.model_json_schema()["properties"]
    assert set(props) == {"image", "anatomy", "modality", "organ_segmentation", "anomaly"}
    assert props["anomaly"]["description"].startswith("[optional]")


def test_full_chain_with_good_tools_returns_ground_truth():
    cards = [card(c) for c in ("anatomy_classifier", "modality_classifier", "organ_segmentor", "anomaly_detector",
                              "biomarker_quantifier", "indicator_evaluator", "report_generator")]
    tools = bind_toolset(cards, REC)
    task = make_task(REC, "report_with_biomarkers_and_indicators")
    memory = {"image": {"value": REC.image_id, "quality": 1.0}}
    for step in task.gold_chain:
        result = tools[step.category].invoke({k: memory[k] for k in step.inputs if k in memory})
        apply_outputs(memory, result)
    for key, truth in {**task.milestones, **task.target}.items():
        assert memory[key]["value"] == truth, key
        assert memory[key]["quality"] >= 0.9 - 1e-9


def test_memory_items_and_plain_values_are_both_accepted():
    tool = card("organ_segmentor")
    plain = run_tool(tool, REC, base())
    item = run_tool(tool, REC, base(anatomy={"value": "Chest", "quality": 0.7}))
    assert out(plain, "organ_segmentation") == out(item, "organ_segmentation") == {"organ": REC.organ}
    assert plain["outputs"]["organ_segmentation"]["quality"] == 0.9
    assert item["outputs"]["organ_segmentation"]["quality"] == 0.7  # weakest input
    assert run_tool(tool, REC, base(anatomy="chest"))["outputs"]["organ_segmentation"]["value"] == {"organ": REC.organ}


# --------------------------------------------------------------------------- errors


def test_missing_compulsory_input():
    with pytest.raises(MissingInput) as exc:
        run_tool(card("grounded_diagnoser"), REC, base())
    assert exc.value.details["missing"] == ["anomaly"]
    assert exc.value.to_dict()["error"] == "missing_input"
    with pytest.raises(MissingInput, match="image, anatomy, modality"):
        run_tool(card("organ_segmentor"), REC, {"anatomy": None})


def test_one_of_inputs_of_the_quantifier():
    with pytest.raises(MissingInput, match="organ_segmentation or anomaly"):
        run_tool(card("biomarker_quantifier"), REC, base())


@pytest.mark.parametrize(
    "inputs, field",
    [
        (base(anatomy="Brain", anomaly=REC.ground_truth("anomaly")), "anatomy"),
        (base(modality=3, anomaly=REC.ground_truth("anomaly")), "modality"),
        (base(image="img-000000000000", anomaly=REC.ground_truth("anomaly")), "image"),
        (base(organ_segmentation="lungs"), "organ_segmentation"),
        (base(anomaly={"part": "right upper lobe"}), "anomaly"),
        (base(organ_segmentation={"value": {"organ": "lungs"}, "quality": 2}), "organ_segmentation"),
    ],
)
def test_wrong_input_types(inputs, field):
    with pytest.raises(WrongInputType) as exc:
        run_tool(card("biomarker_quantifier"), REC, inputs)
    assert exc.value.details["input"].startswith(field)


def test_wrong_type_inside_an_object():
    bad = {"name": "total lung volume", "value": "4000", "unit": "mL"}
    with pytest.raises(WrongInputType, match=r"organ_biomarker\.value"):
        run_tool(card("indicator_evaluator"), REC, {"anatomy": "Chest", "modality": "CT", "organ_biomarker": bad})


def test_not_applicable_outside_scope():
    spec = card("anomaly_detector", combinations=[("Chest", "MRI"), ("Limb", "CT")])
    with pytest.raises(NotApplicable) as exc:
        run_tool(spec, REC, base())
    assert exc.value.details["anatomy"] == "Chest" and exc.value.details["modality"] == "CT"
    assert exc.value.details["scope"] == [["Chest", "MRI"], ["Limb", "CT"]]
    # a valid pair inside the scope runs (even if it is not the image's true pair)
    assert run_tool(spec, REC, base(modality="MRI"))["outputs"]["anomaly"]["quality"] == 0.0


def test_lacks_capability():
    organ_only = card("biomarker_quantifier", capabilities=["organ_biomarker"])
    assert out(run_tool(organ_only, REC, base(organ_segmentation={"organ": REC.organ})), "organ_biomarker") == REC.ground_truth("organ_biomarker")
    with pytest.raises(LacksCapability) as exc:
        run_tool(organ_only, REC, base(anomaly=REC.ground_truth("anomaly")))
    assert exc.value.details["missing_capability"] == ["anomaly_biomarker"]
    plain_reporter = card("report_generator", capabilities=["report_generation"])
    run_tool(plain_reporter, REC, base(anomaly=REC.ground_truth("anomaly")))
    with pytest.raises(LacksCapability, match="quantitative_reporting"):
        run_tool(plain_reporter, REC, base(organ_biomarker=REC.ground_truth("organ_biomarker")))
    with pytest.raises(LacksCapability, match="organ_segmentation"):
        run_tool(card("organ_segmentor", capabilities=["organ_bounding_box"]), REC, base())


def test_errors_propagate_through_the_langchain_tool():
    tool = bind_tool(card("organ_segmentor", combinations=[("Limb", "CT")]), REC)
    with pytest.raises(NotApplicable) as exc:
        tool.invoke(base())
    assert isinstance(exc.value, RadToolError) and isinstance(exc.value, ToolException)
    with pytest.raises(MissingInput):
        tool.invoke({"image": REC.image_id})


# --------------------------------------------------------------------------- quality


def test_low_performance_gives_a_wrong_but_deterministic_output():
    weak = card("imaging_diagnoser", perf=0.3)
    a = run_tool(weak, REC, base())
    b = run_tool(weak, REC, base())
    assert a == b
    assert out(a, "disease") != REC.disease
    assert out(a, "disease") in {d.name for d in vocab_for("Chest", "CT").diseases}
    assert a["outputs"]["disease"]["quality"] == 0.3


def test_threshold_is_a_parameter():
    tool = card("organ_segmentor", perf=0.6)
    assert out(run_tool(tool, REC, base()), "organ_segmentation") == {"organ": REC.organ}
    assert out(run_tool(tool, REC, base(), threshold=0.7), "organ_segmentation") != {"organ": REC.organ}


def test_wrong_input_spoils_the_output():
    # a universal tool told the wrong modality runs, but with input quality 0 its output is wrong
    res = run_tool(card("anomaly_detector"), REC, base(modality="MRI"))
    assert res["outputs"]["anomaly"]["quality"] == 0.0
    assert out(res, "anomaly") != REC.ground_truth("anomaly")
    assert out(res, "anomaly") in [{"part": a.part, "symptom": a.symptom} for a in vocab_for("Chest", "MRI").anomalies]


def test_low_carried_quality_propagates():
    anomaly = {"value": REC.ground_truth("anomaly"), "quality": 0.4}
    res = run_tool(card("grounded_diagnoser"), REC, base(anomaly=anomaly))
    assert res["outputs"]["disease"]["quality"] == 0.4 and out(res, "disease") != REC.disease


def test_garbage_in_garbage_out_follows_the_vocabulary():
    v = vocab_for("Chest", "CT")
    other = next(a for a in v.anomalies if (a.part, a.symptom) != (REC.anomaly.part, REC.anomaly.symptom))
    linked = next(d.name for d in v.diseases if other.id in d.anomalies)
    res = run_tool(card("grounded_diagnoser"), REC, base(anomaly={"part": other.part, "symptom": other.symptom}))
    assert out(res, "disease") == linked  # the disease the wrong anomaly points to
    res = run_tool(card("treatment_recommender"), REC, {"anatomy": "Chest", "modality": "CT", "disease": linked,
                                                        "anomaly_biomarker": REC.ground_truth("anomaly_biomarker")})
    assert out(res, "treatment") == v.disease(linked).treatments[0]
    res = run_tool(card("biomarker_quantifier"), REC, base(anomaly={"part": other.part, "symptom": other.symptom}))
    assert out(res, "anomaly_biomarker")["name"] == other.biomarker.name


def test_wrong_numbers_are_off_by_more_than_the_tolerance():
    for rec in generate_records(22, seed=1):
        b = {"image": rec.image_id, "anatomy": rec.anatomy, "modality": rec.modality}
        res = run_tool(card("biomarker_quantifier", perf=0.2), rec, {**b, "organ_segmentation": {"organ": rec.organ}})
        got, truth = out(res, "organ_biomarker"), rec.organ_biomarker
        assert got["name"] == truth.name and abs(got["value"] - truth.value) > 0.05 * abs(truth.value)


def test_helpful_optional_input_adds_a_bonus_and_a_bad_one_caps_quality():
    tool = card("anomaly_detector", perf=0.47)
    assert out(run_tool(tool, REC, base()), "anomaly") != REC.ground_truth("anomaly")
    helped = run_tool(tool, REC, base(organ_segmentation={"organ": REC.organ}))
    assert helped["outputs"]["anomaly"]["quality"] == pytest.approx(0.52)
    assert out(helped, "anomaly") == REC.ground_truth("anomaly")
    misled = run_tool(card("anomaly_detector", perf=0.95), REC, base(organ_segmentation={"organ": "aorta"}))
    assert misled["outputs"]["anomaly"]["quality"] == 0.0


def test_report_generator_writes_what_it_is_given():
    wrong_anomaly = {"part": "upper lobes of both lungs", "symptom": "centrilobular low-attenuation areas without visible walls"}
    res = run_tool(card("report_generator"), REC, base(anomaly=wrong_anomaly))
    assert "Upper lobes of both lungs: centrilobular" in out(res, "report")["findings"]
    assert res["outputs"]["report"]["quality"] == 0.0
    right = run_tool(card("report_generator"), REC, base())
    assert out(right, "report") == {"findings": REC.findings, "impression": REC.impression}
