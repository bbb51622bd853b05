"""Task types: gold chains follow the data flow; questions leak nothing; targets are ground truth."""

from __future__ import annotations

import re

import pytest

from medmirror.tools.radiology.records import generate_records
from medmirror.tools.radiology.schema import ANATOMIES, CATEGORY_SPECS, INITIAL_KEYS, MODALITIES
from medmirror.tools.radiology.tasks import TASK_TYPES, gold_chain, make_task, make_tasks
from medmirror.tools.radiology.vocab import load_vocabulary

AC, MC = "anatomy_classifier", "modality_classifier"
EXPECTED = {
    "organ_segmentation": [AC, MC, "organ_segmentor"],
    "anomaly_detection": [AC, MC, "anomaly_detector"],
    "end_to_end_diagnosis": [AC, MC, "imaging_diagnoser"],
    "organ_anomaly_grounding": [AC, MC, "organ_segmentor", "anomaly_detector"],
    "diagnosis_with_grounding": [AC, MC, "anomaly_detector", "grounded_diagnoser"],
    "organ_biomarker": [AC, MC, "organ_segmentor", "biomarker_quantifier"],
    "anomaly_biomarker": [AC, MC, "anomaly_detector", "biomarker_quantifier"],
    "report_generation": [AC, MC, "report_generator"],
    "report_with_biomarkers": [AC, MC, "organ_segmentor", "anomaly_detector", "biomarker_quantifier", "report_generator"],
    "report_with_biomarkers_and_indicators": [
        AC, MC, "organ_segmentor", "anomaly_detector", "biomarker_quantifier", "indicator_evaluator", "report_generator",
    ],
    "treatment_planning": [AC, MC, "anomaly_detector", "grounded_diagnoser", "biomarker_quantifier", "treatment_recommender"],
}


def test_eleven_task_types_with_expected_gold_categories():
    assert len(TASK_TYPES) == 11
    for t in TASK_TYPES:
        assert [s.category for s in gold_chain(t)] == EXPECTED[t], t


@pytest.mark.parametrize("task_type", TASK_TYPES)
def test_gold_chain_respects_data_dependencies(task_type):
    available = set(INITIAL_KEYS)
    for step in gold_chain(task_type):
        spec = CATEGORY_SPECS[step.category]
        assert set(spec.compulsory) <= set(step.inputs) <= available, (task_type, step)
        assert step.outputs
        for dep in step.depends_on:
            assert dep < step.index
        available |= set(step.outputs)


def test_dependencies_and_capabilities_of_a_long_chain():
    chain = gold_chain("report_with_biomarkers_and_indicators")
    by_cat = {s.category: s for s in chain}
    assert by_cat["biomarker_quantifier"].outputs == ["organ_biomarker", "anomaly_biomarker"]
    assert by_cat["biomarker_quantifier"].capabilities == ["organ_biomarker", "anomaly_biomarker"]
    assert by_cat["report_generator"].capabilities == ["report_generation", "quantitative_reporting"]
    # indicator evaluator consumes the quantifier's biomarkers and the classifiers' outputs
    assert by_cat["indicator_evaluator"].depends_on == [0, 1, by_cat["biomarker_quantifier"].index]
    assert gold_chain("report_generation")[-1].capabilities == ["report_generation"]


def test_unknown_task_type():
    with pytest.raises(KeyError, match="unknown task type"):
        gold_chain("segment_everything")


def _forbidden_phrases() -> list[str]:
    words = {a.lower() for a in ANATOMIES} | {m.lower() for m in MODALITIES}
    words |= {"head", "neck", "chest", "thorax", "thoracic", "abdomen", "abdominal", "pelvis", "pelvic", "limb",
              "spine", "spinal", "breast", "x ray", "xray", "radiograph", "ct", "computed tomography", "mri",
              "magnetic resonance", "ultrasound", "sonograph", "mammogra", "lung", "brain"}
    for v in load_vocabulary().values():
        words |= {o.name.lower() for o in v.organs}
        words |= {a.part.lower() for a in v.anomalies} | {a.symptom.lower() for a in v.anomalies}
        words |= {d.name.lower() for d in v.diseases}
    return sorted(words)


FORBIDDEN = _forbidden_phrases()


def _leaks(question: str) -> list[str]:
    text = " " + re.sub(r"[^a-z0-9]+", " ", question.lower()) + " "
    return [w for w in FORBIDDEN if " " + re.sub(r"[^a-z0-9]+", " ", w).strip() + " " in text]


def test_leak_checker_catches_a_leak():
    assert "ct" in _leaks("Segment the liver on this CT.")
    assert "liver" in _leaks("Segment the liver on this CT.")


@pytest.mark.parametrize("seed", [0, 5])
def test_questions_reveal_no_modality_anatomy_or_anomaly(seed):
    for task in make_tasks(generate_records(44, seed=seed)):
        assert _leaks(task.question) == [], task.question
        for term in (task.anatomy, task.modality):
            assert not re.search(rf"\b{re.escape(term)}\b", task.question, flags=re.I)


def test_task_targets_milestones_and_reference_are_ground_truth():
    rec = generate_records(9, seed=2)[8]
    t = make_task(rec, "diagnosis_with_grounding")
    assert t.target == {"disease": rec.disease}
    assert t.milestones == {"anatomy": rec.anatomy, "modality": rec.modality, "anomaly": rec.anomaly.model_dump()}
    assert rec.disease in t.reference_answer and rec.anomaly.symptom in t.reference_answer
    assert t.complexity == "moderate" and t.initial_memory["image"] == rec.image_id

    joint = make_task(rec, "organ_anomaly_grounding")
    assert set(joint.target) == {"organ_segmentation", "anomaly"}
    assert "organ_segmentation" not in joint.milestones  # a target, not a milestone

    rep = make_task(rec, "report_with_biomarkers_and_indicators")
    findings = rep.target["report"]["findings"].lower()
    assert rec.indicator.name.lower() in findings and rec.organ_biomarker.name.lower() in findings
    assert rep.complexity == "complex" and len(rep.gold_chain) == 7
    assert make_task(rec, "report_generation").target["report"] == {"findings": rec.findings, "impression": rec.impression}

    tp = make_task(rec, "treatment_planning")
    assert tp.target == {"treatment": rec.treatment}
    assert tp.milestones["anomaly_biomarker"] == rec.anomaly_biomarker.model_dump()


def test_tasks_are_deterministic():
    a = [t.model_dump() for t in make_tasks(generate_records(5, seed=3))]
    b = [t.model_dump() for t in make_tasks(generate_records(5, seed=3))]
    assert a == b and len(a) == 55
