"""Seeded synthetic radiology cases (records) drawn from the curated vocabularies.

``generate_records(n, seed)`` returns ``n`` :class:`RadRecord`s. Record ``i``
uses combination ``COMBINATIONS[i % 22]`` and, within it, cycles through the
combination's diseases; its own random draws come from a generator seeded by
``(seed, i)`` only, so the same seed gives the same records and a longer list
extends a shorter one. Every value comes from the vocabulary of the record's
combination: the anomaly is one that shows the disease on that modality, the
organ is the anomaly's organ, the biomarkers are that organ's and that
anomaly's, the indicator is the one the disease moves (in the disease's
direction, or derived from the biomarkers), the treatment is one of the
disease's, and the report is composed from those values.
"""

from __future__ import annotations

import hashlib
import math
import random
from typing import Any, Literal

from pydantic import BaseModel

from medmirror.tools.radiology.schema import COMBINATIONS
from medmirror.tools.radiology.vocab import CombinationVocab, DeriveSpec, IndicatorSpec, vocab_for


class Anomaly(BaseModel):
    part: str
    symptom: str


class Measurement(BaseModel):
    name: str
    value: float
    unit: str


class IndicatorValue(BaseModel):
    name: str
    value: float
    unit: str
    normal_low: float
    normal_high: float
    status: Literal["low", "normal", "high"]


class RadRecord(BaseModel):
    """One synthetic radiology case with its ground truth for every workflow output."""

    id: str
    image_id: str
    age: int
    sex: Literal["female", "male"]
    history: str
    complaint: str
    anatomy: str
    modality: str
    organ: str
    anomaly: Anomaly
    disease: str
    organ_biomarker: Measurement
    anomaly_biomarker: Measurement
    indicator: IndicatorValue
    findings: str
    impression: str
    treatment: str

    @property
    def clinical_info(self) -> str:
        return f"{self.age}-year-old {self.sex}. History: {self.history} Presenting complaint: {self.complaint}"

    def ground_truth(self, key: str) -> Any:
        """The true value of a data item (memory key) for this record, as plain JSON."""
        table: dict[str, Any] = {
            "image": self.image_id,
            "clinical_info": self.clinical_info,
            "anatomy": self.anatomy,
            "modality": self.modality,
            "organ_segmentation": {"organ": self.organ},
            "anomaly": self.anomaly.model_dump(),
            "disease": self.disease,
            "organ_biomarker": self.organ_biomarker.model_dump(),
            "anomaly_biomarker": self.anomaly_biomarker.model_dump(),
            "indicator": self.indicator.model_dump(),
            "report": {"findings": self.findings, "impression": self.impression},
            "treatment": self.treatment,
        }
        if key not in table:
            raise KeyError(f"unknown data item {key!r}")
        return table[key]


# ---------------------------------------------------------------------------
# Numbers and text
# ---------------------------------------------------------------------------


def fmt_number(value: float) -> str:
    """Render a measured value without trailing zeros (12.0 -> '12', 0.310 -> '0.31')."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3f}".rstrip("0").rstrip(".")


def fmt_quantity(value: float, unit: str) -> str:
    if not unit:
        return fmt_number(value)
    if unit == "%":
        return f"{fmt_number(value)}%"
    return f"{fmt_number(value)} {unit}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def indicator_status(value: float, low: float, high: float) -> Literal["low", "normal", "high"]:
    if value < low:
        return "low"
    if value > high:
        return "high"
    return "normal"


def make_indicator(spec: IndicatorSpec, value: float) -> IndicatorValue:
    value = round(min(max(value, spec.limits[0]), spec.limits[1]), spec.decimals)
    return IndicatorValue(
        name=spec.name,
        value=value,
        unit=spec.unit,
        normal_low=spec.normal[0],
        normal_high=spec.normal[1],
        status=indicator_status(value, spec.normal[0], spec.normal[1]),
    )


def derive_indicator(derive: DeriveSpec, organ_value: float, anomaly_value: float) -> float:
    """Evaluate a closed-form indicator derivation (see :class:`DeriveSpec`)."""
    values = {"organ_biomarker": organ_value, "anomaly_biomarker": anomaly_value}
    if derive.kind == "scale":
        return float(derive.factor) * values[derive.of]  # type: ignore[index,arg-type]
    if derive.kind == "ratio":
        den = values[derive.den]  # type: ignore[index]
        if den == 0:
            raise ValueError("ratio indicator with a zero denominator")
        return values[derive.num] / den  # type: ignore[index]
    x = values[derive.of]  # type: ignore[index]
    for lo, hi, v in derive.bands or []:
        if lo <= x < hi:
            return v
    raise ValueError(f"biomarker value {x} falls in no band of the derivation")


def compose_report(
    anatomy: str,
    modality: str,
    anomaly: dict[str, str] | None,
    disease: str | None,
    *,
    organ_biomarker: dict[str, Any] | None = None,
    anomaly_biomarker: dict[str, Any] | None = None,
    indicator: dict[str, Any] | None = None,
) -> dict[str, str]:
    """Write findings and impression in the combination's phrasing.

    Findings: technique, the anomaly sentence, the quantitative sentences that were
    given (organ biomarker, anomaly biomarker, indicator with its normal range and
    status), then the normal statements of the organs the anomaly does not involve
    (none when the anomaly is not one of the combination's, as nothing is known then).
    Impression: the disease in the combination's impression template.
    """
    vocab = vocab_for(anatomy, modality)
    parts = [vocab.report.technique + "."]
    affected: list[str] | None = None
    if anomaly:
        parts.append(
            vocab.report.finding_template.format(Part=_cap(anomaly["part"]), part=anomaly["part"], symptom=anomaly["symptom"])
        )
        match = [a for a in vocab.anomalies if a.part == anomaly["part"] and a.symptom == anomaly["symptom"]]
        affected = match[0].organs if match else None
    if organ_biomarker:
        parts.append(f"{_cap(organ_biomarker['name'])}: {fmt_quantity(organ_biomarker['value'], organ_biomarker['unit'])}.")
    if anomaly_biomarker:
        parts.append(f"{_cap(anomaly_biomarker['name'])}: {fmt_quantity(anomaly_biomarker['value'], anomaly_biomarker['unit'])}.")
    if indicator:
        rng = f"{fmt_number(indicator['normal_low'])}-{fmt_number(indicator['normal_high'])}"
        unit = f" {indicator['unit']}" if indicator.get("unit") and indicator["unit"] != "%" else indicator.get("unit", "")
        parts.append(
            f"{_cap(indicator['name'])}: {fmt_quantity(indicator['value'], indicator['unit'])} "
            f"({indicator['status']}; normal range {rng}{unit})."
        )
    if affected is not None:
        parts.extend(o.normal_statement for o in vocab.organs if o.name not in affected)
    impression = vocab.report.impression_template.format(disease=disease) if disease else "No definite diagnosis."
    return {"findings": " ".join(parts), "impression": impression}


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------


def _draw(rng: random.Random, lo: float, hi: float, decimals: int) -> float:
    if decimals == 0:
        return float(rng.randint(math.ceil(lo), math.floor(hi)))
    return round(rng.uniform(lo, hi), decimals)


def _indicator_value(rng: random.Random, vocab: CombinationVocab, disease_name: str, organ_v: float, anomaly_v: float) -> IndicatorValue:
    disease = vocab.disease(disease_name)
    spec = vocab.indicator(disease.indicator.name)
    step = 10.0 ** -spec.decimals
    if disease.indicator.derive is not None:
        value = derive_indicator(disease.indicator.derive, organ_v, anomaly_v)
    elif disease.indicator.range is not None:
        value = _draw(rng, *disease.indicator.range, spec.decimals)
    elif disease.indicator.direction == "high":
        value = _draw(rng, spec.normal[1] + step, spec.limits[1], spec.decimals)
    elif disease.indicator.direction == "low":
        value = _draw(rng, spec.limits[0], spec.normal[0] - step, spec.decimals)
    else:
        value = _draw(rng, spec.normal[0], spec.normal[1], spec.decimals)
    return make_indicator(spec, value)


def _record(seed: int, i: int, disease_offset: int) -> RadRecord:
    anatomy, modality = COMBINATIONS[i % len(COMBINATIONS)]
    vocab = vocab_for(anatomy, modality)
    rng = random.Random(f"radrecord:{seed}:{i}")
    disease = vocab.diseases[(i // len(COMBINATIONS) + disease_offset) % len(vocab.diseases)]
    anomaly = vocab.anomaly(rng.choice(disease.anomalies))
    organ = vocab.organ(anomaly.organ)
    ob_range = disease.organ_biomarker_range or organ.biomarker.range
    organ_v = _draw(rng, *ob_range, organ.biomarker.decimals)
    anomaly_v = _draw(rng, *anomaly.biomarker.range, anomaly.biomarker.decimals)
    indicator = _indicator_value(rng, vocab, disease.name, organ_v, anomaly_v)
    report = compose_report(anatomy, modality, {"part": anomaly.part, "symptom": anomaly.symptom}, disease.name)
    digest = hashlib.sha256(f"radimage:{seed}:{i}".encode()).hexdigest()[:12]
    return RadRecord(
        id=f"rad-{seed}-{i:05d}",
        image_id=f"img-{digest}",
        age=rng.randint(*disease.age),
        sex=rng.choice(disease.sex),
        history=rng.choice(disease.histories),
        complaint=rng.choice(disease.complaints),
        anatomy=anatomy,
        modality=modality,
        organ=organ.name,
        anomaly=Anomaly(part=anomaly.part, symptom=anomaly.symptom),
        disease=disease.name,
        organ_biomarker=Measurement(name=organ.biomarker.name, value=organ_v, unit=organ.biomarker.unit),
        anomaly_biomarker=Measurement(name=anomaly.biomarker.name, value=anomaly_v, unit=anomaly.biomarker.unit),
        indicator=indicator,
        findings=report["findings"],
        impression=report["impression"],
        treatment=rng.choice(disease.treatments),
    )


def generate_records(n: int, seed: int = 0) -> list[RadRecord]:
    """``n`` records, deterministic for ``seed``, cycling through the 22 combinations."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    disease_offset = random.Random(f"radoffset:{seed}").randrange(1000)
    return [_record(seed, i, disease_offset) for i in range(n)]
