"""Curated radiology vocabularies: one JSON file per anatomy-modality combination.

Each file in ``tools/radiology/data/`` (see its README.md) lists, for one of the
22 combinations, the organs (with one organ biomarker each and a normal-report
statement), the anomalies seen on that modality (organ, part, imaging sign, one
anomaly biomarker), the clinical indicators (unit, normal range, plausible
limits), the diseases (which anomalies show them, which indicator they move and
in which direction, demographics, histories, complaints, treatments) and the
report phrasing. :func:`load_vocabulary` parses and cross-checks all of them:
a disease may only cite anomalies and an indicator of its own combination, an
anomaly only an organ of its own combination, so a generated record is always
internally consistent.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from medmirror.tools.radiology.schema import ANATOMIES, COMBINATIONS, MODALITIES, combo_slug

DATA_DIR = Path(__file__).parent / "data"


class BiomarkerSpec(BaseModel):
    """A measurable quantity: name, unit, plausible range of observed values, rounding."""

    name: str
    unit: str
    range: tuple[float, float]
    decimals: int = Field(1, ge=0, le=3)

    @model_validator(mode="after")
    def _ordered(self) -> "BiomarkerSpec":
        if self.range[0] > self.range[1]:
            raise ValueError(f"biomarker {self.name}: range {self.range} is reversed")
        return self


class OrganSpec(BaseModel):
    name: str
    normal_statement: str
    biomarker: BiomarkerSpec


class AnomalySpec(BaseModel):
    id: str
    organ: str
    part: str
    symptom: str
    biomarker: BiomarkerSpec
    involves: list[str] = Field(default_factory=list)  # other organs the anomaly affects

    @property
    def organs(self) -> list[str]:
        return [self.organ, *self.involves]


class IndicatorSpec(BaseModel):
    """A clinical indicator: normal range and the limits a value can take."""

    name: str
    unit: str
    normal: tuple[float, float]
    limits: tuple[float, float]
    decimals: int = Field(0, ge=0, le=3)

    @model_validator(mode="after")
    def _ordered(self) -> "IndicatorSpec":
        lo, hi = self.limits
        if not (lo <= self.normal[0] <= self.normal[1] <= hi):
            raise ValueError(f"indicator {self.name}: normal {self.normal} not inside limits {self.limits}")
        return self


class DeriveSpec(BaseModel):
    """How an indicator follows from the record's biomarkers (no code, a closed set of forms).

    - ``scale``: value = factor x (the named biomarker's value)
    - ``ratio``: value = num biomarker / den biomarker
    - ``bands``: value = v for the first [lo, hi, v] band with lo <= biomarker < hi
    """

    kind: Literal["scale", "ratio", "bands"]
    of: Literal["organ_biomarker", "anomaly_biomarker"] | None = None
    factor: float | None = None
    num: Literal["organ_biomarker", "anomaly_biomarker"] | None = None
    den: Literal["organ_biomarker", "anomaly_biomarker"] | None = None
    bands: list[tuple[float, float, float]] | None = None

    @model_validator(mode="after")
    def _complete(self) -> "DeriveSpec":
        need = {"scale": ("of", "factor"), "ratio": ("num", "den"), "bands": ("of", "bands")}[self.kind]
        missing = [n for n in need if getattr(self, n) is None]
        if missing:
            raise ValueError(f"derive {self.kind} needs {', '.join(missing)}")
        return self


class DiseaseIndicator(BaseModel):
    name: str
    direction: Literal["high", "low", "normal"]
    range: tuple[float, float] | None = None  # typical values for this disease (inside the limits)
    derive: DeriveSpec | None = None


class DiseaseSpec(BaseModel):
    name: str
    anomalies: list[str] = Field(min_length=1)
    indicator: DiseaseIndicator
    age: tuple[int, int]
    sex: list[Literal["female", "male"]] = Field(min_length=1)
    histories: list[str] = Field(min_length=1)
    complaints: list[str] = Field(min_length=1)
    treatments: list[str] = Field(min_length=1)
    organ_biomarker_range: tuple[float, float] | None = None


class ReportPhrasing(BaseModel):
    technique: str
    finding_template: str
    impression_template: str


class CombinationVocab(BaseModel):
    """Everything the platform knows about one anatomy-modality combination."""

    anatomy: str
    modality: str
    report: ReportPhrasing
    organs: list[OrganSpec] = Field(min_length=2)
    anomalies: list[AnomalySpec] = Field(min_length=1)
    indicators: list[IndicatorSpec] = Field(min_length=1)
    diseases: list[DiseaseSpec] = Field(min_length=3)

    @model_validator(mode="after")
    def _consistent(self) -> "CombinationVocab":
        where = f"{self.anatomy}/{self.modality}"
        if self.anatomy not in ANATOMIES or self.modality not in MODALITIES:
            raise ValueError(f"{where}: unknown anatomy or modality")
        if (self.anatomy, self.modality) not in COMBINATIONS:
            raise ValueError(f"{where}: not one of the 22 combinations")
        organs = {o.name for o in self.organs}
        indicators = {i.name: i for i in self.indicators}
        anomalies = {a.id: a for a in self.anomalies}
        if len(organs) != len(self.organs) or len(anomalies) != len(self.anomalies):
            raise ValueError(f"{where}: duplicate organ or anomaly")
        if len({d.name for d in self.diseases}) != len(self.diseases):
            raise ValueError(f"{where}: duplicate disease")
        for a in self.anomalies:
            for o in a.organs:
                if o not in organs:
                    raise ValueError(f"{where}: anomaly {a.id} cites organ {o!r} not listed for this combination")
        cited: set[str] = set()
        for d in self.diseases:
            for aid in d.anomalies:
                if aid not in anomalies:
                    raise ValueError(f"{where}: disease {d.name} cites unknown anomaly {aid}")
                cited.add(aid)
            spec = indicators.get(d.indicator.name)
            if spec is None:
                raise ValueError(f"{where}: disease {d.name} cites unknown indicator {d.indicator.name}")
            if d.indicator.range is not None:
                lo, hi = d.indicator.range
                if not (spec.limits[0] <= lo <= hi <= spec.limits[1]):
                    raise ValueError(f"{where}: disease {d.name} indicator range outside limits")
            if d.age[0] > d.age[1] or d.age[0] < 0 or d.age[1] > 110:
                raise ValueError(f"{where}: disease {d.name} has an implausible age range {d.age}")
        unused = set(anomalies) - cited
        if unused:
            raise ValueError(f"{where}: anomalies not linked to any disease: {sorted(unused)}")
        return self

    # -- lookups ---------------------------------------------------------------
    def organ(self, name: str) -> OrganSpec:
        return next(o for o in self.organs if o.name == name)

    def anomaly(self, anomaly_id: str) -> AnomalySpec:
        return next(a for a in self.anomalies if a.id == anomaly_id)

    def indicator(self, name: str) -> IndicatorSpec:
        return next(i for i in self.indicators if i.name == name)

    def disease(self, name: str) -> DiseaseSpec:
        return next(d for d in self.diseases if d.name == name)

    def diseases_for_anomaly(self, part: str, symptom: str) -> list[DiseaseSpec]:
        ids = {a.id for a in self.anomalies if a.part == part and a.symptom == symptom}
        return [d for d in self.diseases if ids.intersection(d.anomalies)]


@lru_cache(maxsize=1)
def load_vocabulary() -> dict[tuple[str, str], CombinationVocab]:
    """All 22 combination vocabularies, keyed by (anatomy, modality). Validated and cached."""
    out: dict[tuple[str, str], CombinationVocab] = {}
    for anatomy, modality in COMBINATIONS:
        path = DATA_DIR / f"{combo_slug(anatomy, modality)}.json"
        if not path.exists():
            raise FileNotFoundError(f"missing vocabulary file {path.name} for {anatomy}/{modality}")
        vocab = CombinationVocab.model_validate(json.loads(path.read_text(encoding="utf-8")))
        if (vocab.anatomy, vocab.modality) != (anatomy, modality):
            raise ValueError(f"{path.name} declares {vocab.anatomy}/{vocab.modality}")
        out[(anatomy, modality)] = vocab
    return out


def vocab_for(anatomy: str, modality: str) -> CombinationVocab:
    """The vocabulary of one combination; KeyError naming the pair if it is not one of the 22."""
    try:
        return load_vocabulary()[(anatomy, modality)]
    except KeyError:
        raise KeyError(f"no vocabulary for {anatomy}/{modality}: not one of the 22 combinations") from None


def all_diseases() -> set[str]:
    return {d.name for v in load_vocabulary().values() for d in v.diseases}


def all_organs() -> set[str]:
    return {o.name for v in load_vocabulary().values() for o in v.organs}
