"""The 11 radiology task types, their gold tool-category chains, and task instances.

A gold chain is an ordered list of :class:`ChainStep`s; each step names a tool
category, the memory items it consumes (compulsory inputs plus the optional
ones the chain makes available and that matter for the task) and the items it
produces. The chains follow the data dependencies of :mod:`medmirror.tools.radiology.schema`:
anatomy and modality first (every later category needs them), then the
producers of each later step's inputs, then the step producing the target.
Where two steps are independent (e.g. organ segmentor and anomaly detector in
a report with biomarkers), the gold order is the canonical one listed here;
``ChainStep.depends_on`` records the true partial order.

==========================================  =====  ==================================================
task type                                   steps  gold categories
==========================================  =====  ==================================================
organ_segmentation                          3      AC, MC, organ segmentor
anomaly_detection                           3      AC, MC, anomaly detector
end_to_end_diagnosis                        3      AC, MC, imaging diagnoser
report_generation                           3      AC, MC, report generator
organ_anomaly_grounding                     4      AC, MC, organ segmentor, anomaly detector
diagnosis_with_grounding                    4      AC, MC, anomaly detector, grounded diagnoser
organ_biomarker                             4      AC, MC, organ segmentor, biomarker quantifier
anomaly_biomarker                           4      AC, MC, anomaly detector, biomarker quantifier
report_with_biomarkers                      6      AC, MC, OS, AD, biomarker quantifier, report generator
report_with_biomarkers_and_indicators       7      ... + indicator evaluator before the report generator
treatment_planning                          6      AC, MC, AD, grounded diagnoser, biomarker quantifier,
                                                   treatment recommender
==========================================  =====  ==================================================

(AC/MC = anatomy/modality classifier.) ``make_task(record, task_type)`` writes
a question that names neither the modality, the anatomy, the organ, the
anomaly nor the disease, and attaches the gold chain, the target output(s)
with their true values, the milestones (true values of the intermediate
outputs) and a reference answer text.
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal

from pydantic import BaseModel, Field

from medmirror.tools.radiology.metrics import complexity_of
from medmirror.tools.radiology.records import RadRecord, compose_report, fmt_quantity
from medmirror.tools.radiology.schema import CATEGORY_SPECS, INITIAL_KEYS, outputs_for, required_capabilities

TaskType = Literal[
    "organ_segmentation",
    "anomaly_detection",
    "end_to_end_diagnosis",
    "organ_anomaly_grounding",
    "diagnosis_with_grounding",
    "organ_biomarker",
    "anomaly_biomarker",
    "report_generation",
    "report_with_biomarkers",
    "report_with_biomarkers_and_indicators",
    "treatment_planning",
]

TASK_TYPES: tuple[str, ...] = TaskType.__args__  # type: ignore[attr-defined]

_BASE = ("image", "anatomy", "modality")

# (category, inputs the step consumes) per task, in gold order; targets last.
_CHAINS: dict[str, tuple[list[tuple[str, tuple[str, ...]]], tuple[str, ...]]] = {
    "organ_segmentation": (
        [("organ_segmentor", _BASE)],
        ("organ_segmentation",),
    ),
    "anomaly_detection": (
        [("anomaly_detector", _BASE)],
        ("anomaly",),
    ),
    "end_to_end_diagnosis": (
        [("imaging_diagnoser", (*_BASE, "clinical_info"))],
        ("disease",),
    ),
    "organ_anomaly_grounding": (
        [("organ_segmentor", _BASE), ("anomaly_detector", (*_BASE, "organ_segmentation"))],
        ("organ_segmentation", "anomaly"),
    ),
    "diagnosis_with_grounding": (
        [("anomaly_detector", _BASE), ("grounded_diagnoser", (*_BASE, "anomaly", "clinical_info"))],
        ("disease",),
    ),
    "organ_biomarker": (
        [("organ_segmentor", _BASE), ("biomarker_quantifier", (*_BASE, "organ_segmentation"))],
        ("organ_biomarker",),
    ),
    "anomaly_biomarker": (
        [("anomaly_detector", _BASE), ("biomarker_quantifier", (*_BASE, "anomaly"))],
        ("anomaly_biomarker",),
    ),
    "report_generation": (
        [("report_generator", _BASE)],
        ("report",),
    ),
    "report_with_biomarkers": (
        [
            ("organ_segmentor", _BASE),
            ("anomaly_detector", (*_BASE, "organ_segmentation")),
            ("biomarker_quantifier", (*_BASE, "organ_segmentation", "anomaly")),
            ("report_generator", (*_BASE, "anomaly", "organ_biomarker", "anomaly_biomarker")),
        ],
        ("report",),
    ),
    "report_with_biomarkers_and_indicators": (
        [
            ("organ_segmentor", _BASE),
            ("anomaly_detector", (*_BASE, "organ_segmentation")),
            ("biomarker_quantifier", (*_BASE, "organ_segmentation", "anomaly")),
            ("indicator_evaluator", ("anatomy", "modality", "organ_biomarker", "anomaly_biomarker")),
            ("report_generator", (*_BASE, "anomaly", "organ_biomarker", "anomaly_biomarker", "indicator")),
        ],
        ("report",),
    ),
    "treatment_planning": (
        [
            ("anomaly_detector", _BASE),
            ("grounded_diagnoser", (*_BASE, "anomaly", "clinical_info")),
            ("biomarker_quantifier", (*_BASE, "anomaly")),
            ("treatment_recommender", ("anatomy", "modality", "disease", "anomaly_biomarker", "clinical_info")),
        ],
        ("treatment",),
    ),
}

_CLASSIFIERS: list[tuple[str, tuple[str, ...]]] = [("anatomy_classifier", ("image",)), ("modality_classifier", ("image",))]


class ChainStep(BaseModel):
    """One step of a gold chain."""

    index: int
    category: str
    inputs: list[str]
    outputs: list[str]
    capabilities: list[str]  # the capabilities a tool needs to perform this step
    depends_on: list[int] = Field(default_factory=list)  # steps whose outputs this one consumes


def gold_chain(task_type: str) -> list[ChainStep]:
    """The gold chain of a task type, validated against the category data flow."""
    if task_type not in _CHAINS:
        raise KeyError(f"unknown task type {task_type!r}; known: {', '.join(TASK_TYPES)}")
    body, targets = _CHAINS[task_type]
    steps: list[ChainStep] = []
    producer: dict[str, int] = {}
    for idx, (category, inputs) in enumerate(_CLASSIFIERS + body):
        given = set(inputs)
        steps.append(
            ChainStep(
                index=idx,
                category=category,
                inputs=list(inputs),
                outputs=outputs_for(category, given),
                capabilities=required_capabilities(category, given),
                depends_on=sorted({producer[k] for k in inputs if k in producer}),
            )
        )
        for key in steps[-1].outputs:
            producer[key] = idx
    _validate_chain(task_type, steps, targets)
    return steps


def _validate_chain(task_type: str, steps: list[ChainStep], targets: tuple[str, ...]) -> None:
    available = set(INITIAL_KEYS)
    consumed: set[str] = set()
    for step in steps:
        spec = CATEGORY_SPECS[step.category]
        allowed = set(spec.compulsory) | set(spec.optional)
        extra = set(step.inputs) - allowed
        if extra:
            raise ValueError(f"{task_type}: step {step.index} ({step.category}) takes no {sorted(extra)}")
        missing = [k for k in spec.compulsory if k not in step.inputs]
        if missing:
            raise ValueError(f"{task_type}: step {step.index} ({step.category}) lacks compulsory {missing}")
        if spec.one_of and not set(spec.one_of) & set(step.inputs):
            raise ValueError(f"{task_type}: step {step.index} ({step.category}) needs one of {spec.one_of}")
        unavailable = [k for k in step.inputs if k not in available]
        if unavailable:
            raise ValueError(f"{task_type}: step {step.index} ({step.category}) uses {unavailable} before they exist")
        consumed.update(step.inputs)
        available.update(step.outputs)
    for t in targets:
        if t not in available:
            raise ValueError(f"{task_type}: target {t} is never produced")
    for step in steps:
        if not (set(step.outputs) & (consumed | set(targets))):
            raise ValueError(f"{task_type}: step {step.index} ({step.category}) feeds nothing")


def target_outputs(task_type: str) -> list[str]:
    return list(_CHAINS[task_type][1])


# ---------------------------------------------------------------------------
# Task instances
# ---------------------------------------------------------------------------

_REQUESTS: dict[str, tuple[str, ...]] = {
    "organ_segmentation": (
        "Segment the organ of interest in this image and name it.",
        "Which organ is of interest in this image? Provide its segmentation.",
    ),
    "anomaly_detection": (
        "Detect any anomaly in this image and describe where it is and what it looks like.",
        "Find and localise the abnormality in this image, giving its location and appearance.",
    ),
    "end_to_end_diagnosis": (
        "What is the most likely diagnosis for this image?",
        "Give the diagnosis suggested by this image.",
    ),
    "organ_anomaly_grounding": (
        "Segment the organ of interest and localise the anomaly within it.",
        "Provide both the organ segmentation and the location and appearance of the abnormality.",
    ),
    "diagnosis_with_grounding": (
        "Localise the abnormality first and use it as a grounding clue to reach a diagnosis.",
        "Find the abnormality and, grounded on it, give the most likely diagnosis.",
    ),
    "organ_biomarker": (
        "Segment the organ of interest and quantify its main biomarker.",
        "Measure the main quantitative biomarker of the organ of interest.",
    ),
    "anomaly_biomarker": (
        "Localise the abnormality and measure its main quantitative biomarker.",
        "Quantify the abnormality in this image (its main biomarker with unit).",
    ),
    "report_generation": (
        "Write the radiology report (findings and impression) for this study.",
        "Draft a radiology report with findings and an impression for this image.",
    ),
    "report_with_biomarkers": (
        "Write the radiology report for this study, including the quantitative organ and anomaly biomarkers.",
        "Draft a report with findings and impression that states the measured organ and abnormality biomarkers.",
    ),
    "report_with_biomarkers_and_indicators": (
        "Write the radiology report for this study, including the quantitative biomarkers and the derived clinical indicator with its normal range.",
        "Draft a report stating the organ and abnormality biomarkers and the clinical indicator they give, graded against its normal range.",
    ),
    "treatment_planning": (
        "Reach a diagnosis for this study and propose a treatment plan that takes the measurements of the abnormality into account.",
        "Diagnose this case from the image and recommend treatment, considering how large the abnormality is.",
    ),
}


class RadTask(BaseModel):
    """One task instance.

    ``question`` and ``initial_memory`` are what the agent gets. ``initial_memory``
    holds the image id and the clinical information (history and complaint), an
    optional input of the diagnosers and the treatment recommender; unlike the
    question it may name body parts, so a harness that must not reveal anatomy
    should withhold it from the prompt. ``anatomy``/``modality`` and everything
    below ``question`` are ground truth for building tool sets and scoring.
    """

    id: str
    task_type: str
    record_id: str
    anatomy: str
    modality: str
    question: str
    initial_memory: dict[str, Any]
    gold_chain: list[ChainStep]
    target_outputs: list[str]
    target: dict[str, Any]
    milestones: dict[str, Any]
    reference_answer: str
    complexity: Literal["simple", "moderate", "complex"]

    @property
    def gold_categories(self) -> list[str]:
        return [s.category for s in self.gold_chain]


def _person(record: RadRecord) -> str:
    if record.age < 18:
        return "girl" if record.sex == "female" else "boy"
    return "woman" if record.sex == "female" else "man"


def _pick(options: tuple[str, ...], key: str) -> str:
    return options[int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(options)]


def _target_value(record: RadRecord, task_type: str, key: str) -> Any:
    if key != "report":
        return record.ground_truth(key)
    quant = task_type in ("report_with_biomarkers", "report_with_biomarkers_and_indicators")
    return compose_report(
        record.anatomy,
        record.modality,
        record.anomaly.model_dump(),
        record.disease,
        organ_biomarker=record.organ_biomarker.model_dump() if quant else None,
        anomaly_biomarker=record.anomaly_biomarker.model_dump() if quant else None,
        indicator=record.indicator.model_dump() if task_type == "report_with_biomarkers_and_indicators" else None,
    )


def _reference_answer(record: RadRecord, task_type: str, target: dict[str, Any]) -> str:
    organ = f"Organ of interest: {record.organ} (segmented)."
    anomaly = f"Anomaly in the {record.anomaly.part}: {record.anomaly.symptom}."
    disease = f"Diagnosis: {record.disease}."
    if task_type == "organ_segmentation":
        return organ
    if task_type == "anomaly_detection":
        return anomaly
    if task_type == "end_to_end_diagnosis":
        return disease
    if task_type == "organ_anomaly_grounding":
        return f"{organ} {anomaly}"
    if task_type == "diagnosis_with_grounding":
        return f"{anomaly} {disease}"
    if task_type == "organ_biomarker":
        ob = record.organ_biomarker
        return f"{ob.name[:1].upper()}{ob.name[1:]} of the {record.organ}: {fmt_quantity(ob.value, ob.unit)}."
    if task_type == "anomaly_biomarker":
        ab = record.anomaly_biomarker
        return f"{ab.name[:1].upper()}{ab.name[1:]} of the anomaly in the {record.anomaly.part}: {fmt_quantity(ab.value, ab.unit)}."
    if task_type.startswith("report"):
        rep = target["report"]
        return f"Findings: {rep['findings']}\nImpression: {rep['impression']}"
    return f"{disease} Recommended treatment: {record.treatment}"


def make_task(record: RadRecord, task_type: str) -> RadTask:
    """A task of ``task_type`` on ``record`` with its gold chain, targets, milestones and reference."""
    chain = gold_chain(task_type)
    targets = target_outputs(task_type)
    target = {k: _target_value(record, task_type, k) for k in targets}
    milestones: dict[str, Any] = {}
    for step in chain[:-1]:
        for key in step.outputs:
            if key not in target:
                milestones[key] = record.ground_truth(key)
    question = (
        f"Image {record.image_id} is from a {record.age}-year-old {_person(record)}. "
        + _pick(_REQUESTS[task_type], f"{record.id}:{task_type}")
    )
    return RadTask(
        id=f"{record.id}:{task_type}",
        task_type=task_type,
        record_id=record.id,
        anatomy=record.anatomy,
        modality=record.modality,
        question=question,
        initial_memory={"image": record.image_id, "clinical_info": record.clinical_info},
        gold_chain=chain,
        target_outputs=targets,
        target=target,
        milestones=milestones,
        reference_answer=_reference_answer(record, task_type, target),
        complexity=complexity_of(len(chain)),
    )


def make_tasks(records: list[RadRecord], task_types: list[str] | None = None) -> list[RadTask]:
    """Every requested task type on every record (all 11 by default)."""
    return [make_task(r, t) for r in records for t in (task_types or TASK_TYPES)]
