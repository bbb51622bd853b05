"""The fixed vocabulary of the radiology platform (RadA-BenchPlat style).

Holds what every other module agrees on: the 6 anatomies and 5 modalities, the
22 anatomy-modality combinations, the data items a workflow passes along (its
"memory keys") with their JSON types, and the 10 tool categories with their
compulsory / optional inputs, outputs and capabilities.

Data flow between categories (an arrow is "output feeds input")::

    image -> anatomy classifier -> anatomy ----------------------+
    image -> modality classifier -> modality --------------------+--> every other category
    organ segmentor -> organ_segmentation -> anomaly detector (optional),
                                             biomarker quantifier (organ biomarker)
    anomaly detector -> anomaly -> grounded diagnoser, biomarker quantifier (anomaly biomarker),
                                   report generator (optional)
    imaging / grounded diagnoser -> disease -> treatment recommender, report generator (optional)
    biomarker quantifier -> organ_biomarker -> indicator evaluator, report generator (optional)
                         -> anomaly_biomarker -> treatment recommender, indicator / report (optional)
    indicator evaluator -> indicator -> report generator, treatment recommender (optional)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ANATOMIES: tuple[str, ...] = ("Head and Neck", "Chest", "Breast", "Abdomen and Pelvis", "Limb", "Spine")
MODALITIES: tuple[str, ...] = ("X-ray", "CT", "MRI", "Ultrasound", "Mammography")

_FOUR = ("X-ray", "CT", "MRI", "Ultrasound")
COMBINATIONS: tuple[tuple[str, str], ...] = (
    *(("Head and Neck", m) for m in _FOUR),
    *(("Chest", m) for m in _FOUR),
    *(("Limb", m) for m in _FOUR),
    *(("Abdomen and Pelvis", m) for m in _FOUR),
    *(("Spine", m) for m in ("X-ray", "CT", "MRI")),
    *(("Breast", m) for m in ("Mammography", "MRI", "Ultrasound")),
)
assert len(COMBINATIONS) == 22


def combo_slug(anatomy: str, modality: str) -> str:
    """File/tool-name slug of a combination, e.g. ("Head and Neck", "X-ray") -> "head_and_neck_x_ray"."""
    raw = f"{anatomy} {modality}".lower().replace("-", " ")
    return "_".join(raw.split())


# ---------------------------------------------------------------------------
# Data items (memory keys)
# ---------------------------------------------------------------------------

DataKey = Literal[
    "image",
    "clinical_info",
    "anatomy",
    "modality",
    "organ_segmentation",
    "anomaly",
    "disease",
    "organ_biomarker",
    "anomaly_biomarker",
    "indicator",
    "report",
    "treatment",
]

# JSON shape of each data item: ("string"|"enum"|"object", required object fields).
DATA_TYPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "image": ("string", ()),
    "clinical_info": ("string", ()),
    "anatomy": ("enum", ()),
    "modality": ("enum", ()),
    "organ_segmentation": ("object", ("organ",)),
    "anomaly": ("object", ("part", "symptom")),
    "disease": ("string", ()),
    "organ_biomarker": ("object", ("name", "value", "unit")),
    "anomaly_biomarker": ("object", ("name", "value", "unit")),
    "indicator": ("object", ("name", "value", "unit")),
    "report": ("object", ("findings", "impression")),
    "treatment": ("string", ()),
}

DATA_DESCRIPTIONS: dict[str, str] = {
    "image": "identifier of the radiological image under study",
    "clinical_info": "free-text clinical history and presenting complaint",
    "anatomy": "anatomical region of the image",
    "modality": "imaging modality of the image",
    "organ_segmentation": "mask of the organ of interest, {organ}",
    "anomaly": "localised anomaly, {part, symptom}",
    "disease": "diagnosis",
    "organ_biomarker": "quantitative organ biomarker, {name, value, unit}",
    "anomaly_biomarker": "quantitative anomaly biomarker, {name, value, unit}",
    "indicator": "clinical indicator derived from biomarkers, {name, value, unit, normal_low, normal_high, status}",
    "report": "radiology report, {findings, impression}",
    "treatment": "treatment plan",
}

# Items the agent holds before any tool runs.
INITIAL_KEYS: tuple[str, ...] = ("image", "clinical_info")

# ---------------------------------------------------------------------------
# Tool categories
# ---------------------------------------------------------------------------

CATEGORIES: tuple[str, ...] = (
    "anatomy_classifier",
    "modality_classifier",
    "organ_segmentor",
    "anomaly_detector",
    "imaging_diagnoser",
    "grounded_diagnoser",
    "biomarker_quantifier",
    "indicator_evaluator",
    "report_generator",
    "treatment_recommender",
)

CATEGORY_LABELS: dict[str, str] = {c: c.replace("_", " ") for c in CATEGORIES}


@dataclass(frozen=True)
class CategorySpec:
    """What a tool category takes and gives.

    ``compulsory``: inputs every call needs. ``optional``: inputs that improve or
    extend the output. ``one_of``: at least one of these must be given (biomarker
    quantifier: an organ mask or an anomaly). ``capabilities``: the abilities a
    tool of this category may have; ``decoy_capabilities``: related abilities that
    do NOT produce this category's output (used for "lacks capability" tools).
    ``universal_only``: tools of this category are never specific to a
    combination (the classifiers run before anatomy and modality are known).
    """

    category: str
    compulsory: tuple[str, ...]
    optional: tuple[str, ...]
    outputs: tuple[str, ...]
    capabilities: tuple[str, ...]
    decoy_capabilities: tuple[str, ...] = ()
    one_of: tuple[str, ...] = ()
    universal_only: bool = False
    summary: str = ""
    output_capability: dict[str, str] = field(default_factory=dict)


CATEGORY_SPECS: dict[str, CategorySpec] = {
    s.category: s
    for s in (
        CategorySpec(
            "anatomy_classifier",
            compulsory=("image",),
            optional=(),
            outputs=("anatomy",),
            capabilities=("anatomy_classification",),
            universal_only=True,
            summary="classifies the anatomical region shown in an image",
            output_capability={"anatomy": "anatomy_classification"},
        ),
        CategorySpec(
            "modality_classifier",
            compulsory=("image",),
            optional=(),
            outputs=("modality",),
            capabilities=("modality_classification",),
            universal_only=True,
            summary="classifies the imaging modality of an image",
            output_capability={"modality": "modality_classification"},
        ),
        CategorySpec(
            "organ_segmentor",
            compulsory=("image", "anatomy", "modality"),
            optional=(),
            outputs=("organ_segmentation",),
            capabilities=("organ_segmentation",),
            decoy_capabilities=("organ_bounding_box",),
            summary="segments the organ of interest and names it",
            output_capability={"organ_segmentation": "organ_segmentation"},
        ),
        CategorySpec(
            "anomaly_detector",
            compulsory=("image", "anatomy", "modality"),
            optional=("organ_segmentation",),
            outputs=("anomaly",),
            capabilities=("anomaly_localisation",),
            decoy_capabilities=("anomaly_presence_screening",),
            summary="detects and localises an anomaly (part and imaging sign)",
            output_capability={"anomaly": "anomaly_localisation"},
        ),
        CategorySpec(
            "imaging_diagnoser",
            compulsory=("image", "anatomy", "modality"),
            optional=("clinical_info",),
            outputs=("disease",),
            capabilities=("disease_diagnosis",),
            decoy_capabilities=("normal_abnormal_triage",),
            summary="diagnoses the disease end to end from the image",
            output_capability={"disease": "disease_diagnosis"},
        ),
        CategorySpec(
            "grounded_diagnoser",
            compulsory=("image", "anatomy", "modality", "anomaly"),
            optional=("organ_segmentation", "clinical_info"),
            outputs=("disease",),
            capabilities=("grounded_diagnosis",),
            decoy_capabilities=("synthetic_lesion_generation",),
            summary="diagnoses the disease from the image grounded on a localised anomaly",
            output_capability={"disease": "grounded_diagnosis"},
        ),
        CategorySpec(
            "biomarker_quantifier",
            compulsory=("image", "anatomy", "modality"),
            optional=("organ_segmentation", "anomaly"),
            one_of=("organ_segmentation", "anomaly"),
            outputs=("organ_biomarker", "anomaly_biomarker"),
            capabilities=("organ_biomarker", "anomaly_biomarker"),
            decoy_capabilities=("texture_radiomics",),
            summary="measures the organ biomarker (from an organ mask) and/or the anomaly biomarker (from an anomaly)",
            output_capability={"organ_biomarker": "organ_biomarker", "anomaly_biomarker": "anomaly_biomarker"},
        ),
        CategorySpec(
            "indicator_evaluator",
            compulsory=("anatomy", "modality", "organ_biomarker"),
            optional=("anomaly_biomarker", "clinical_info"),
            outputs=("indicator",),
            capabilities=("indicator_evaluation",),
            decoy_capabilities=("longitudinal_comparison",),
            summary="derives a clinical indicator from biomarkers and grades it against its normal range",
            output_capability={"indicator": "indicator_evaluation"},
        ),
        CategorySpec(
            "report_generator",
            compulsory=("image", "anatomy", "modality"),
            optional=("anomaly", "disease", "organ_biomarker", "anomaly_biomarker", "indicator"),
            outputs=("report",),
            capabilities=("report_generation", "quantitative_reporting"),
            decoy_capabilities=("report_summarisation",),
            summary="writes the radiology report (findings and impression); quantitative reporting adds biomarkers and indicators",
            output_capability={"report": "report_generation"},
        ),
        CategorySpec(
            "treatment_recommender",
            compulsory=("anatomy", "modality", "disease", "anomaly_biomarker"),
            optional=("indicator", "clinical_info"),
            outputs=("treatment",),
            capabilities=("treatment_planning",),
            decoy_capabilities=("drug_interaction_checking",),
            summary="recommends a treatment plan for a diagnosis, taking lesion measurements into account",
            output_capability={"treatment": "treatment_planning"},
        ),
    )
}

# Report inputs that need the quantitative_reporting capability.
QUANTITATIVE_REPORT_INPUTS: tuple[str, ...] = ("organ_biomarker", "anomaly_biomarker", "indicator")


def required_capabilities(category: str, given: set[str] | frozenset[str]) -> list[str]:
    """Capabilities a call of ``category`` needs, given the names of the inputs supplied.

    The biomarker quantifier needs ``organ_biomarker`` for an organ mask and
    ``anomaly_biomarker`` for an anomaly; the report generator needs
    ``quantitative_reporting`` as soon as a biomarker or indicator is given.
    """
    spec = CATEGORY_SPECS[category]
    if category == "biomarker_quantifier":
        caps = []
        if "organ_segmentation" in given:
            caps.append("organ_biomarker")
        if "anomaly" in given:
            caps.append("anomaly_biomarker")
        return caps
    if category == "report_generator":
        caps = ["report_generation"]
        if any(k in given for k in QUANTITATIVE_REPORT_INPUTS):
            caps.append("quantitative_reporting")
        return caps
    return list(spec.capabilities)


def outputs_for(category: str, given: set[str] | frozenset[str]) -> list[str]:
    """Output keys a call of ``category`` produces, given the names of the inputs supplied."""
    if category == "biomarker_quantifier":
        out = []
        if "organ_segmentation" in given:
            out.append("organ_biomarker")
        if "anomaly" in given:
            out.append("anomaly_biomarker")
        return out
    return list(CATEGORY_SPECS[category].outputs)
