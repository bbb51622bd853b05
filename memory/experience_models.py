"""Records of the experience store (DESIGN.md, "Memory"; ReflecTool row).

Two kinds of record persist across tasks:

* :class:`Trajectory` - a successful solution of a task: the task text, the chain of
  actions (tool calls and the inner actions Plan / Think / Finish) with their
  observations, the final answer, its score and where it came from.
* :class:`ToolExperience` - for one tool (or inner action) a bounded, ordered list of
  short :class:`Suggestion` texts on how to use it well, each with a support count.

These are plain pydantic models; :mod:`medmirror.memory.experience` stores them.
"""

from __future__ import annotations

from datetime import datetime, timezone

from pydantic import BaseModel, Field, JsonValue, field_validator

#: Inner actions that carry experience alongside the tools (ReflecTool).
INNER_ACTIONS: tuple[str, ...] = ("Plan", "Think", "Finish")

#: Longest suggestion text accepted (characters); suggestions are meant to be short.
MAX_SUGGESTION_CHARS = 500


def utcnow() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(timezone.utc)


def _non_blank(value: str, what: str) -> str:
    value = value.strip()
    if not value:
        raise ValueError(f"{what} must be a non-empty string")
    return value


class Step(BaseModel):
    """One action of a trajectory: a tool call or an inner action, with what it returned."""

    action: str = Field(description="tool name, or one of the inner actions Plan / Think / Finish")
    arguments: dict[str, JsonValue] = Field(default_factory=dict)
    observation: JsonValue = None

    @field_validator("action")
    @classmethod
    def _action_not_blank(cls, value: str) -> str:
        return _non_blank(value, "step action")


class Provenance(BaseModel):
    """Where a trajectory came from."""

    source: str | None = Field(default=None, description="source dataset, e.g. 'medcalc-bench'")
    case_id: str | None = Field(default=None, description="case identifier within the source")
    preset: str | None = None
    model: str | None = None
    created_at: datetime = Field(default_factory=utcnow)

    def dedup_key(self) -> str | None:
        """Key on which adding a trajectory is idempotent, or None when there is no case id."""
        if self.case_id is None or not str(self.case_id).strip():
            return None
        return f"{self.source or ''}\x1f{str(self.case_id).strip()}"


class Trajectory(BaseModel):
    """A successful solution of a task, kept as a demonstration for similar tasks."""

    id: str | None = Field(default=None, description="assigned by the store when absent")
    task_text: str
    task_kind: str | None = Field(default=None, description="e.g. the calculator or task type")
    inputs_summary: str = ""
    steps: list[Step] = Field(default_factory=list)
    final_answer: JsonValue = None
    score: float | None = None
    provenance: Provenance = Field(default_factory=Provenance)

    @field_validator("task_text")
    @classmethod
    def _task_not_blank(cls, value: str) -> str:
        return _non_blank(value, "task_text")


class Suggestion(BaseModel):
    """One short piece of advice on using a tool, with how often it was (re)discovered."""

    text: str
    support: int = Field(default=1, ge=1)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)

    @field_validator("text")
    @classmethod
    def _text_short(cls, value: str) -> str:
        value = _non_blank(value, "suggestion text")
        if len(value) > MAX_SUGGESTION_CHARS:
            raise ValueError(
                f"suggestion text has {len(value)} characters, more than {MAX_SUGGESTION_CHARS}"
            )
        return value


class ToolExperience(BaseModel):
    """The experience gathered for one tool or inner action."""

    tool: str
    suggestions: list[Suggestion] = Field(default_factory=list)

    @field_validator("tool")
    @classmethod
    def _tool_not_blank(cls, value: str) -> str:
        return _non_blank(value, "tool name")

    def texts(self) -> list[str]:
        """The suggestion texts in stored order."""
        return [s.text for s in self.suggestions]


class ExperienceStoreError(RuntimeError):
    """Base class of the experience store's errors."""


class SchemaVersionError(ExperienceStoreError):
    """The store file has a schema this version of MedMirror cannot use."""


class ExperienceValidationError(ExperienceStoreError, ValueError):
    """Suggestions (e.g. a merger's output) failed validation; nothing was written."""


class ConcurrentUpdateError(ExperienceStoreError, ValueError):
    """A tool's experience kept changing under a slow merger; the merge was not written.

    Also a ``ValueError``, like :class:`ExperienceValidationError`: a caller that falls back
    to the rule merge when the model's merge is unusable (the optimisation step catches
    ``ValueError``) does the same when the model's merge could not be written.
    """
