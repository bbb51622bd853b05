"""State schemas of the main graph.

The internal state (:class:`MedMirrorState`) carries the plan, the current
subtask, short-term memory (failed attempts of the current subtask), long-term
memory (previous rounds of the current task), the answer, the review and the
usage counters. Inputs and outputs are narrower (:class:`TaskInput`,
:class:`TaskOutput`). Agent outputs are pydantic models (structured output).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from medmirror.usage import RESET, merge_usage


def append_trace(left: list[dict[str, Any]] | None, right: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Reducer for the trace: appends; an update starting with ``{RESET: True}`` starts a new trace."""
    right = list(right or [])
    if right and right[0].get(RESET):
        return right[1:]
    return list(left or []) + right

# ---------------------------------------------------------------------------
# Agent outputs (what each role returns; validated after parsing)
# ---------------------------------------------------------------------------

Score = Annotated[int, Field(ge=1, le=10, description="Self-assessed quality, 1 (poor) to 10 (certain).")]


class Subtask(BaseModel):
    description: str = Field(min_length=1, max_length=400, description="What this step must establish.")
    tool: str = Field(description="The candidate tool that does it, or 'none' for pure reasoning.")


class PlanOutput(BaseModel):
    """Planner: decomposition into subtasks bound to tools, with intra-reflection."""

    subtasks: list[Subtask] = Field(min_length=1, max_length=8)
    evaluation: str = Field(max_length=600, description="Critique: completeness, dependencies, lessons from earlier rounds.")
    score: Score


class ToolCallOutput(BaseModel):
    """Tool agent: tool and arguments for the current subtask, with intra-reflection."""

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    evaluation: str = Field(max_length=600, description="Critique: are the arguments grounded in the note, in the right units?")
    score: Score


class ReactDecision(BaseModel):
    """Single-loop agent (react preset): next tool call or finish."""

    thought: str = Field(max_length=600)
    action: str = Field(description="A tool name, an inner action 'plan' or 'think', or 'finish'.")
    arguments: dict[str, Any] = Field(default_factory=dict)


class AnswerOutput(BaseModel):
    """Answer agent: the final answer with a structured value, and intra-reflection."""

    answer: str = Field(max_length=1200, description="The answer in words, with the key numbers.")
    value: str | None = Field(description="The structured value: a number, a date MM/DD/YYYY, (W weeks, D days), or an option letter; null if it cannot be determined.")
    evaluation: str = Field(max_length=600)
    score: Score


class ReviewOutput(BaseModel):
    """Reviewer: RiskAgent-style stage check."""

    verdict: Literal["RIGHT", "WRONG"]
    failing_stage: Literal["none", "plan", "tool_call", "answer"] = "none"
    critique: str = Field("", max_length=800)


# ---------------------------------------------------------------------------
# Records kept in state
# ---------------------------------------------------------------------------


class Step(TypedDict, total=False):
    subtask: int
    tool: str
    arguments: dict[str, Any]
    ok: bool
    observation: Any
    error: str
    score: int
    evaluation: str


class STMEntry(TypedDict):
    """A failed attempt within the current subtask (MIRROR short-term memory)."""

    attempt: int
    tool: str
    arguments: dict[str, Any]  # as the agent proposed them
    run_arguments: dict[str, Any]  # as grounding made them (what ran, or would have)
    error: str
    reflection: str


class LTMEntry(TypedDict):
    """A whole previous round of the current task (MIRROR long-term memory)."""

    round: int
    plan: list[dict[str, Any]]
    steps: list[Step]
    answer: str
    value: str | None
    score: int
    reflection: str
    checks: dict[str, Any] | None  # the answer's checks in that round
    rationale: str


class TraceEvent(TypedDict, total=False):
    node: str
    event: str
    detail: str
    score: int  # the agent's self-score
    checks: str  # the verifiable checks: passed / decisive / failed with their reasons
    decided_by: str  # what sent the output back (or overruled a model): "checks", "score" or "model"
    round: int


# ---------------------------------------------------------------------------
# Graph state
# ---------------------------------------------------------------------------


class TaskInput(TypedDict, total=False):
    """What a caller gives the graph."""

    question: str
    note: str | None
    options: dict[str, str] | None  # multiple-choice options, letter -> text
    # What the task brings for tools to work on: {"ehr_db": path, "documents": [paths], "images": [paths]}
    resources: dict[str, Any] | None
    # Advice for every agent (e.g. a reflection on an earlier wrong attempt, in ReflecTool's optimisation)
    advice: str | None


Status = Literal["running", "answered", "refused", "failed", "error"]


class TaskOutput(TypedDict, total=False):
    """What the graph returns."""

    question: str
    answer: str
    value: str | None
    answer_format: str
    status: Status
    status_detail: str
    plan: list[dict[str, Any]]
    steps: list[Step]
    ltm: list[LTMEntry]
    review: dict[str, Any] | None
    round: int
    reviews: int
    trace: list[TraceEvent]
    usage: dict[str, Any]
    assumed: list[str]
    memory: dict[str, Any]
    candidates: list[str]
    rationale: str
    target: dict[str, Any] | None
    answer_checks: dict[str, Any] | None


class MedMirrorState(TypedDict, total=False):
    # inputs
    question: str
    note: str | None
    options: dict[str, str] | None
    resources: dict[str, Any] | None
    advice: str | None
    # derived once
    answer_format: str
    candidates: list[str]
    target: dict[str, Any] | None  # the tool the question names (medmirror.nodes.checks.question_target)
    demos: list[str]  # similar solved cases from the experience store
    react_done: bool
    # working memory of memory-protocol tools (radiology): key -> {"value", "quality"}
    memory: dict[str, Any]
    replan: bool  # a missing tool was built: plan again with it
    # planning
    plan: list[dict[str, Any]]
    plan_score: int
    plan_evaluation: str
    plan_tries: int
    plan_checks: dict[str, Any] | None  # medmirror.nodes.checks report of the current plan
    best_plan: dict[str, Any] | None
    # execution
    current: int
    proposal: dict[str, Any] | None
    best_proposal: dict[str, Any] | None
    tool_tries: int
    attempts: int
    steps: list[Step]
    stm: list[STMEntry]
    # answering
    answer: str
    value: str | None
    answer_score: int
    answer_evaluation: str
    answer_checks: dict[str, Any] | None
    rationale: str  # the answer agent's own words, only the sentences that pass the checks
    best_answer: dict[str, Any] | None
    assumed: list[str]
    ltm: list[LTMEntry]
    round: int
    # review
    review: dict[str, Any] | None
    reviews: int
    critique: dict[str, str]  # stage -> critique to address
    # bookkeeping
    status: Status
    status_detail: str
    trace: Annotated[list[TraceEvent], append_trace]
    usage: Annotated[dict[str, Any], merge_usage]
