"""The agent's step answers on the radiology platform, and simulated tool building.

At each workflow step the agent answers one of:

- :class:`Call` - run a tool, its inputs taken from memory (tool input name -> memory key);
- :class:`EndCall` - the same for the step that produces the requested output (the last
  one), with the agent's final answer text;
- :class:`NoCall` - no tool can do this step: its purpose, the category that would be
  needed, the anatomy and modality, and the missing capability if that is the gap.

After a NoCall the agent may send a :class:`ToolBuildRequest` specifying the missing
tool; :func:`build_requested_tool` (a simulated tool builder) validates it, adds a
matching card to the tool set and clears the gap if the new tool covers it, so the
task can resume. :func:`execute_call` runs a Call/EndCall against bound tools and
stores the outputs in memory.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Mapping, Union

from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field, TypeAdapter, field_validator, model_validator

from medmirror.tools.cards import ToolCard
from medmirror.tools.radiology.cards import can_perform, make_card
from medmirror.tools.radiology.schema import CATEGORIES, CATEGORY_SPECS, COMBINATIONS
from medmirror.tools.radiology.simulate import MissingInput, UnknownTool, apply_outputs
from medmirror.tools.radiology.tasks import RadTask
from medmirror.tools.radiology.toolsets import ToolSet, optimal_tools, suitable_tools


def _check_category(value: str) -> str:
    if value not in CATEGORIES:
        raise ValueError(f"unknown tool category {value!r}; one of {', '.join(CATEGORIES)}")
    return value


class Call(BaseModel):
    """Run ``tool`` with inputs read from memory: ``inputs`` maps tool input name -> memory key."""

    kind: Literal["call"] = "call"
    tool: str
    inputs: dict[str, str] = Field(default_factory=dict)
    purpose: str = ""

    def resolve(self, memory: Mapping[str, Any]) -> dict[str, Any]:
        """The tool arguments: each input's memory item. MissingInput names absent memory keys."""
        absent = [key for key in self.inputs.values() if key not in memory]
        if absent:
            raise MissingInput(self.tool, f"memory holds no {', '.join(absent)}", missing=absent)
        return {name: memory[key] for name, key in self.inputs.items()}


class EndCall(Call):
    """The call that produces the requested output; ``answer`` is the agent's final answer text."""

    kind: Literal["end_call"] = "end_call"  # type: ignore[assignment]
    answer: str = ""


class NoCall(BaseModel):
    """A documented gap: no available tool can perform this step."""

    kind: Literal["no_call"] = "no_call"
    purpose: str
    category: str
    anatomy: str | None = None
    modality: str | None = None
    missing_capability: str | None = None

    _cat = field_validator("category")(_check_category)


StepAnswer = Annotated[Union[Call, EndCall, NoCall], Field(discriminator="kind")]
_STEP_ADAPTER: TypeAdapter = TypeAdapter(StepAnswer)


def parse_step_answer(data: Mapping[str, Any] | str) -> Call | EndCall | NoCall:
    """Parse a step answer from a dict or a JSON string (pydantic ValidationError if malformed)."""
    if isinstance(data, str):
        return _STEP_ADAPTER.validate_json(data)
    return _STEP_ADAPTER.validate_python(dict(data))


def execute_call(call: Call, tools: Mapping[str, BaseTool], memory: dict[str, Any]) -> dict[str, Any]:
    """Run a Call/EndCall: resolve inputs from memory, invoke the tool, store its outputs in memory.

    Raises UnknownTool, MissingInput or any RadToolError of the tool itself; memory is
    only changed on success.
    """
    if call.tool not in tools:
        raise UnknownTool(call.tool, "no such tool in the tool set", available=sorted(tools))
    result = tools[call.tool].invoke(call.resolve(memory))
    apply_outputs(memory, result)
    return result


# ---------------------------------------------------------------------------
# Tool building
# ---------------------------------------------------------------------------


class ToolBuildRequest(BaseModel):
    """Specification of a missing tool.

    ``anatomy``/``modality``: both set for a specialist, both None for a universal tool.
    ``capabilities``: the abilities it must have. Inputs/outputs may be restated; when
    given they must agree with the category's (a tool of a category has that category's
    interface).
    """

    kind: Literal["tool_build_request"] = "tool_build_request"
    category: str
    capabilities: list[str] = Field(min_length=1)
    anatomy: str | None = None
    modality: str | None = None
    compulsory_inputs: list[str] | None = None
    optional_inputs: list[str] | None = None
    outputs: list[str] | None = None
    purpose: str = ""

    _cat = field_validator("category")(_check_category)

    @model_validator(mode="after")
    def _consistent(self) -> "ToolBuildRequest":
        spec = CATEGORY_SPECS[self.category]
        bad = [c for c in self.capabilities if c not in spec.capabilities]
        if bad:
            raise ValueError(f"{self.category} cannot be built with capabilities {bad}; choose from {list(spec.capabilities)}")
        if (self.anatomy is None) != (self.modality is None):
            raise ValueError("give both anatomy and modality for a specialist tool, or neither for a universal one")
        if self.anatomy is not None:
            if (self.anatomy, self.modality) not in COMBINATIONS:
                raise ValueError(f"{self.anatomy}/{self.modality} is not one of the 22 anatomy-modality combinations")
            if spec.universal_only:
                raise ValueError(f"{self.category} tools are universal only")
        for name, given, expected in (
            ("compulsory_inputs", self.compulsory_inputs, spec.compulsory),
            ("optional_inputs", self.optional_inputs, spec.optional),
            ("outputs", self.outputs, spec.outputs),
        ):
            if given is not None and set(given) != set(expected):
                raise ValueError(f"{name} of a {self.category} are {list(expected)}, not {given}")
        return self


def build_requested_tool(
    request: ToolBuildRequest, toolset: ToolSet, task: RadTask, *, performance: float = 0.85
) -> tuple[ToolSet, ToolCard]:
    """Simulated tool builder: a new tool set with a card matching ``request`` added.

    The new card is named ``<category>_built_<n>``. If the tool set had a gap and the
    new card can perform the gap's step on the task's anatomy-modality, the gap is
    cleared (the task can resume); otherwise it stays. The optimal and suitable
    tool tables are recomputed.
    """
    n = 1 + sum(1 for c in toolset.cards if c.name.startswith(f"{request.category}_built_"))
    combos = None if request.anatomy is None else [(request.anatomy, request.modality)]
    card = make_card(
        request.category,
        name=f"{request.category}_built_{n}",
        combinations=combos,  # type: ignore[arg-type]
        capabilities=request.capabilities,
        performance=performance,
        version="built on request",
    )
    cards = [*toolset.cards, card]
    gap = toolset.unsolvable
    if gap is not None:
        step = task.gold_chain[gap.step_index]
        if can_perform(card, step.category, task.anatomy, task.modality, step.capabilities):
            gap = None
    updated = toolset.model_copy(
        update={
            "cards": cards,
            "unsolvable": gap,
            "optimal": optimal_tools(cards, task),
            "suitable": suitable_tools(cards, task),
            "built_tools": [*toolset.built_tools, card.name],
        }
    )
    return updated, card
