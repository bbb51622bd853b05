"""Tool cards: the metadata every MedMirror tool carries (DESIGN.md, "Tools").

A card is what the registry indexes for retrieval and what the planner sees of a
tool. It is plain data (pydantic), independent of how the tool runs.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


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
