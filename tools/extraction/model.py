"""Data objects returned by the extractor: sentences, values, findings, medications.

Every object carries its evidence: the character span in the note (``start``,
``end``, so that ``note[start:end] == raw``) and the sentence it came from.
Values are in a canonical unit and keep what the note said (original value and
unit). When a note gives a quantity several times, the first mention is the
primary value (the benchmark's "first presentation / admission" convention) and
the later ones are kept, in order, in ``alternatives``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Sentence:
    """A sentence of the note with its character span."""

    text: str
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "start": self.start, "end": self.end}


@dataclass
class Value:
    """One extracted quantity (or date, or category such as sex)."""

    name: str
    value: float | str
    unit: str | None
    raw: str
    original_value: float | str
    original_unit: str | None
    start: int
    end: int
    sentence: Sentence
    unit_assumed: bool = False  # the note gave no unit; the canonical one was read from context/range
    details: dict[str, Any] = field(default_factory=dict)
    alternatives: list["Value"] = field(default_factory=list)
    # whose reading it is: "patient", else the phrase naming the other person ('mother', 'whose wife', "donor's"); the
    # extractor keeps another person's readings out of ``Extraction.values`` (in ``Extraction.others``)
    subject: str = "patient"

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "name": self.name, "value": self.value, "unit": self.unit, "raw": self.raw,
            "original_value": self.original_value, "original_unit": self.original_unit,
            "start": self.start, "end": self.end, "sentence": self.sentence.to_dict(),
            "unit_assumed": self.unit_assumed, "details": dict(self.details),
        }
        out["alternatives"] = [a.to_dict() for a in self.alternatives]
        if self.subject != "patient":
            out["subject"] = self.subject
        return out


@dataclass
class Rejected:
    """A number the note gives after a quantity's label that the extractor refused to read as that quantity:
    outside its plausible range, or a bare number whose unit cannot be told (``reason`` says which).

    It is never a value: a calculator input that has only a rejected number is missing, and the message
    says what the note gives and why it was refused (``message``)."""

    name: str
    number: float  # as written
    unit: str | None  # as written (None: no unit)
    value: float | None  # in the quantity's canonical unit when the conversion was possible
    canonical_unit: str | None
    reason: str  # e.g. "outside 90-220 mEq/L", "without a unit: mmol/L and mg/dL both plausible; the unit is needed"
    raw: str
    start: int
    end: int
    sentence: Sentence
    baseline: bool = False

    @property
    def given(self) -> str:
        """What the note gives: '14 mEq/L', '300 µmol/L (= 3.39 mg/dL)', '7.2 (no unit)'."""
        shown = f"{self.number:g}" + (f" {self.unit}" if self.unit else " (no unit)")
        if self.unit and self.value is not None and self.canonical_unit and abs(self.value - self.number) > 1e-9:
            shown += f" (= {self.value:.4g} {self.canonical_unit})"
        return shown

    @property
    def message(self) -> str:
        """'the note gives 14 mEq/L, outside 90-220 mEq/L'."""
        return f"the note gives {self.given}, {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["sentence"] = self.sentence.to_dict()
        out["message"] = self.message
        return out


@dataclass
class Finding:
    """A mention of a clinical concept with its ConText flags."""

    concept: str
    text: str
    start: int
    end: int
    sentence: Sentence
    negated: bool = False
    historical: bool = False
    family: bool = False
    hypothetical: bool = False
    triggers: list[str] = field(default_factory=list)  # e.g. ["negated:denies"]

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    @property
    def affirmed(self) -> bool:
        """Asserted about the patient: not negated, not about a relative, not hypothetical."""
        return not (self.negated or self.family or self.hypothetical)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["sentence"] = self.sentence.to_dict()
        return out


@dataclass
class Medication:
    """A medication mention with dose and frequency (for MME and steroid conversions)."""

    name: str  # canonical generic name, lower case, e.g. "fentanyl"
    label: str  # drug as written, with form/route when given, e.g. "FentaNYL buccal"
    drug_class: str | None
    raw: str
    start: int
    end: int
    sentence: Sentence
    dose: float | None = None
    dose_unit: str | None = None
    route: str | None = None  # canonical route or form: "po", "iv", "patch", "buccal", ...
    frequency: str | None = None  # as written, e.g. "q6h", "twice daily"
    doses_per_day: float | None = None
    prn: bool = False

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    @property
    def daily_dose(self) -> float | None:
        """dose x doses per day, in ``dose_unit``; None when either is unknown."""
        if self.dose is None or self.doses_per_day is None:
            return None
        return self.dose * self.doses_per_day

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["sentence"] = self.sentence.to_dict()
        out["daily_dose"] = self.daily_dose
        return out
