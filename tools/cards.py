"""Tool cards: the metadata every MedMirror tool carries (DESIGN.md, "Tools").

A card is what the registry indexes for retrieval and what the planner sees of a
tool. It is plain data (pydantic), independent of how the tool runs.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, Field

# The categories a card may carry in ``extra`` (MDCalc's, for the library's calculators) that retrieval
# indexes apart from the card text: what the case is about (disease, complaint) before where (organ
# system) and who uses it (specialty). MDCalc's calc_function (Prognosis, Diagnosis, ...) is left out:
# every question asks for one, so it tells no card from another.
FIELDS = ("disease", "chief_complaint", "organ_system", "specialty")
# Aliases that are registry bookkeeping, not names a question writes.
_BOOKKEEPING = re.compile(r"(?i)^(?:mdcalc|medcalc-bench calculator)\b")


class InputSpec(BaseModel):
    """One typed input of a tool."""

    name: str
    type: Literal["number", "integer", "boolean", "string", "date", "enum", "object", "list"]
    description: str = ""
    unit: str | None = None
    accepted_units: list[str] = Field(default_factory=list)
    allowed: list[str] | None = None
    minimum: float | None = None
    maximum: float | None = None
    required: bool = True
    default: Any = None
    default_note: str | None = None  # how an absent value is treated (e.g. "absent finding scores 0")


class ToolCard(BaseModel):
    """Metadata of a tool: what it is, what it takes, what it returns, where it comes from."""

    name: str
    category: str
    description: str
    aliases: list[str] = Field(default_factory=list)
    inputs: list[InputSpec] = Field(default_factory=list)
    output: str = ""
    reference: str = ""
    conventions: list[str] = Field(default_factory=list)
    # For simulated tools (radiology): where the tool applies and how well it performs.
    scope: dict[str, Any] | None = None
    performance: float | None = None
    extra: dict[str, Any] = Field(default_factory=dict)

    def search_text(self) -> str:
        """The text the registry indexes for retrieval."""
        # Names and aliases are what questions cite: they are repeated to weigh more than input names.
        names = [self.name.replace("_", " "), *self.aliases]
        parts = [*names, *names, self.category, self.description]
        for spec in self.inputs:
            parts.append(spec.name.replace("_", " "))
            if spec.description:
                parts.append(spec.description)
        parts.append(self.output)
        parts.append(self.reference)
        return "\n".join(p for p in parts if p)

    def field_text(self) -> str:
        """The card's categories (:data:`FIELDS` in ``extra``), one per line; empty when it has none."""
        return "\n".join(str(self.extra[k]) for k in FIELDS if self.extra.get(k))

    def name_phrases(self) -> list[str]:
        """What a question may call the tool: its name (underscores as spaces) and aliases, without the
        registry's bookkeeping aliases ("MDCalc 1739", "MedCalc-Bench calculator 17")."""
        names = [self.name.replace("_", " "), *self.aliases]
        return [n for n in dict.fromkeys(names) if n.strip() and not _BOOKKEEPING.match(n.strip())]

    def brief(self) -> str:
        """A compact rendering for prompts."""
        args = []
        for spec in self.inputs:
            bit = spec.name
            if spec.unit:
                bit += f" [{spec.unit}]"
            if spec.allowed:
                bit += " {" + "|".join(spec.allowed) + "}"
            if not spec.required:
                bit += "?"
            args.append(bit)
        return f"{self.name}: {self.description} Inputs: {', '.join(args) or 'none'}."
