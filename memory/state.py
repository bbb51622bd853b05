"""State schemas of the graphs.

The internal state (:class:`MedMirrorState`) is one dataclass made of one part per
concern, each with its defaults: the task, what intake derives once, the plan, the
execution, the current subtask with its short-term memory (failed attempts), the
interpretation of the result, the answer, the rounds with their long-term memory (earlier rounds of this task), the
review, the radiology working memory and the bookkeeping. Nodes read fields
(``state.plan``) and return partial updates. The appended lists (steps, STM, LTM,
trace) have reducers; a reset is spelled by the helpers :func:`start_task`,
:func:`start_round`, :func:`start_subtask` and :func:`start_review`, which take each
concern's defaults from its dataclass. Inputs and outputs are narrower
(:class:`TaskInput`, :class:`TaskOutput`). Agent outputs are pydantic models
(structured output).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Annotated, Any, Literal, get_args, get_type_hints

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict

from medmirror.core.usage import RESET, merge_usage


def extend(left: list[Any] | None, right: list[Any] | None) -> list[Any]:
    """Reducer of the appended lists (steps, STM, LTM, trace): an update is appended; an update
    starting with ``{RESET: True}`` (see :func:`replaced`) replaces the list with the rest of it."""
    right = list(right or [])
    if right and isinstance(right[0], dict) and right[0].get(RESET):
        return right[1:]
    return list(left or []) + right


def replaced(items: list[Any] | None = None) -> list[Any]:
    """The update that replaces an appended list with ``items`` (empty: clears it)."""
    return [{RESET: True}, *(items or [])]


append_trace = extend  # the trace's reducer (a new task starts a new trace)

# ---------------------------------------------------------------------------
# Agent outputs (what each role returns; validated after parsing)
# ---------------------------------------------------------------------------

Score = Annotated[int, Field(ge=1, le=10, description="Self-assessed quality, 1 (poor) to 10 (certain).")]


class SubtaskOutput(BaseModel):
    description: str = Field(min_length=1, max_length=400, description="What this step must establish.")
    tool: str = Field(description="The candidate tool that does it, or 'none' for pure reasoning.")
    depends_on: list[int] = Field(default_factory=list, max_length=7,
                                  description="Numbers of the earlier subtasks whose results this one needs (1 = the first).")
    # a workflow step (medmirror.nodes.workflow): its name, inputs taken from earlier steps' results, its condition
    id: str | None = Field(None, pattern=r"^[A-Za-z][A-Za-z0-9_]{0,31}$", description="A name later steps refer to.")
    derive: dict[str, str] = Field(default_factory=dict, max_length=16,
                                   description="input -> id of the earlier step whose result it takes.")
    when: dict[str, Any] | None = Field(None, description="Run only if this condition on earlier results holds.")
    method: dict[str, Any] = Field(default_factory=dict, max_length=8,
                                   description="method parameter -> value this step uses (e.g. weight_basis).")


class PlanOutput(BaseModel):
    """Planner: decomposition into subtasks bound to tools, with intra-reflection."""

    subtasks: list[SubtaskOutput] = Field(min_length=1, max_length=8)
    evaluation: str = Field(max_length=600, description="Critique: completeness, dependencies, lessons from earlier rounds.")
    score: Score


class ToolCallOutput(BaseModel):
    """Tool agent: tool and arguments for the current subtask, with intra-reflection."""

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    evaluation: str = Field(max_length=600, description="Critique: are the arguments grounded in the note, in the right units?")
    score: Score
    reflection: str | None = Field(None, max_length=600, description="On a retry after a failed call: why it failed and what to change (short-term memory).")


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


class InterpretationOutput(BaseModel):
    """Answer agent, first of two steps (RiskAgent's result interpretation): what the tool's result means."""

    interpretation: str = Field(max_length=600, description="What the value means clinically: its category or class "
                                                            "and the threshold it falls in, as the tool says.")


class ReviewOutput(BaseModel):
    """Reviewer: RiskAgent-style stage check."""

    verdict: Literal["RIGHT", "WRONG"]
    failing_stage: Literal["none", "plan", "tool_call", "interpretation", "answer"] = "none"
    critique: str = Field("", max_length=800)


# ---------------------------------------------------------------------------
# Records kept in state
# ---------------------------------------------------------------------------


class CheckResult(TypedDict):
    """One verifiable check (medmirror.nodes.checks.Check.as_dict)."""

    name: str
    passed: bool
    reason: str


class CheckReport(TypedDict, total=False):
    """A gate's checks (medmirror.nodes.checks.report): all passed, one settles it (decisive), each check."""

    passed: bool
    decisive: bool
    checks: list[CheckResult]


class Subtask(TypedDict, total=False):
    """A subtask of the plan: what it establishes and the tool bound to it (the planner's :class:`SubtaskOutput`,
    its dependencies indexed from 0)."""

    description: str
    tool: str
    depends_on: list[int]  # indexes of earlier subtasks whose results this one needs (absent: none)
    # a workflow step (medmirror.nodes.workflow): its name, inputs from earlier steps' results, its condition,
    # the method parameters the plan fixes
    id: str
    derive: dict[str, str]
    when: dict[str, Any]
    method: dict[str, Any]


class PlanCandidate(TypedDict, total=False):
    """A plan with its self-assessment, kept as the best so far (``best_plan``)."""

    plan: list[Subtask]
    score: int
    evaluation: str
    checks: CheckReport | None


class Proposal(TypedDict, total=False):
    """The tool call proposed for the current subtask (tool agent, single-loop agent, verifier)."""

    tool: str
    arguments: dict[str, Any]  # as the agent proposed them (grounding makes the run arguments)
    evaluation: str
    score: int
    checks: CheckReport  # the tool-call checks (absent when checks are off)


class Action(TypedDict, total=False):
    """A single-loop candidate next action awaiting the verifier (ReflecTool)."""

    action: str  # a tool name, 'plan', 'think' or 'finish'
    arguments: dict[str, Any]
    thought: str


class Step(TypedDict, total=False):
    """A call made (or an inner action of the single loop), as the executor, protocol, critic or agent record it."""

    subtask: int
    tool: str
    arguments: dict[str, Any]  # as run (after grounding and the user's answers)
    ok: bool
    observation: Any
    error: str
    score: int | None  # the proposal's self-score
    evaluation: str
    checks: CheckReport  # the proposal's tool-call checks
    # the evidence behind a calculator call (medmirror.nodes.grounding.ground_call) and the call as proposed
    grounding: dict[str, Any]
    proposed_arguments: dict[str, Any]
    # a calculator step's confidence from its evidence (medmirror.tools.extraction.confidence.Confidence.to_dict)
    confidence: dict[str, Any]
    asks: int  # questions put to the user for this call (ask_missing)
    user_inputs: dict[str, Any]  # the values the user gave
    reflection: str  # why the subtask was given up (the last attempt's reflection)
    protocol: str  # memory-protocol tools (radiology): "Call" or "EndCall"
    critic: bool  # a CRITIC check of the answer, not a step of the solution


class Review(TypedDict, total=False):
    """The reviewer's verdict on the stages (RiskAgent's Reflect[RIGHT] / Reflect[WRONG])."""

    verdict: Literal["RIGHT", "WRONG"]
    failing_stage: Literal["none", "plan", "tool_call", "interpretation", "answer"]
    critique: str
    review: int  # the review's number in this task
    checks: str  # each stage's checks, one line
    model_verdict: Literal["RIGHT", "WRONG"] | None  # None: the checks decided without the model
    model_critique: str  # the model's critique, kept when the checks overruled its verdict
    exhausted: bool  # the review bound was reached
    routed_to: str  # the stage that re-runs


class MissingCalculator(TypedDict):
    """A calculator the question names that the library lacks (medmirror.nodes.checks.out_of_library)."""

    name: str
    suggestions: list[str]  # the closest calculators the library has
    why: str


class QuestionTarget(TypedDict, total=False):
    """The tool the question asks for (medmirror.nodes.checks.question_target)."""

    tool: str | None  # None: the question names no tool decisively
    decisive: bool  # named, or ranked first by a clear margin
    margin: float  # the BM25 lead over the runner-up, as a share
    named: list[str]  # the tools the question names
    ranked: list[str]  # the retrieval's top tools for the question alone
    why: str
    mentioned: list[str]  # calculators the question mentions that the library lacks
    out_of_library: MissingCalculator  # the calculator the question names that no validated tool computes


class EvidenceRow(TypedDict, total=False):
    """One calculator input of a call, as evidence (medmirror.nodes.grounding.evidence_rows)."""

    tool: str
    input: str
    value: Any
    unit: str
    status: str | None  # the grounding status: read, derived, ehr, user, assumed, conflict, uncertain ...
    evidence: str  # the quoted text
    where: str  # note, question, user ... ('' when unknown)
    span: list[int] | None  # [start, end] in the note
    call_ok: bool
    alternatives: list[Any]  # status conflict: the note's other readings


class Interpretation(TypedDict, total=False):
    """The interpretation of the answering tool result (``answer_steps = interpret_then_format``)."""

    tool: str
    tool_interpretation: str  # the tool's own words
    category: str | None
    text: str
    by: Literal["model", "tool"]
    proposed: str  # the model's unusable reply, when the tool's words were used instead
    checks: CheckReport


class STMEntry(TypedDict):
    """A failed attempt within the current subtask (MIRROR short-term memory)."""

    attempt: int
    tool: str
    arguments: dict[str, Any]  # as the agent proposed them
    run_arguments: dict[str, Any]  # as grounding made them (what ran, or would have)
    error: str
    reflection: str
    reflection_by: NotRequired[str]  # "agent" (the tool agent's own, on its retry) or "rules" (the fallback)
    rule_reflection: NotRequired[str]  # the rule-written text, kept when the agent's replaced it


class LTMEntry(TypedDict):
    """A whole previous round of the current task (MIRROR long-term memory)."""

    round: int
    plan: list[Subtask]
    steps: list[Step]
    answer: str
    value: str | None
    score: int
    reflection: str
    checks: CheckReport | None  # the answer's checks in that round
    rationale: str
    failed: NotRequired[bool]  # the round's execution failed (a subtask given up): it never reached an answer
    interpretation: NotRequired[Interpretation | None]  # the round's interpretation (answer_steps=interpret_then_format)


class TraceEvent(TypedDict, total=False):
    node: str
    event: str
    detail: str
    score: int  # the agent's self-score
    checks: str  # the verifiable checks: passed / decisive / failed with their reasons
    decided_by: str  # what sent the output back (or overruled a model): "checks", "score" or "model"
    round: int
    ran: str  # the executor's call as it ran: tool(arguments)
    overruled: str  # the model's values the checks replaced or dropped (shown with --verbose)


# ---------------------------------------------------------------------------
# Graph state: one dataclass per concern
# ---------------------------------------------------------------------------


class ClinicalTask(TypedDict, total=False):
    """The clinical task alone: what Studio's input form shows (the graphs built by ``medmirror.studio``)."""

    question: str
    note: str | None
    options: dict[str, str] | None  # multiple-choice options, letter -> text
    # What the task brings for tools to work on: {"ehr_db": path, "documents": [paths], "images": [paths]}
    resources: dict[str, Any] | None


class TaskInput(ClinicalTask, total=False):
    """What a caller gives the graph: the task, and the guidance the Python API and the benchmarks add."""

    # Advice for every agent (e.g. a reflection on an earlier wrong attempt, in ReflecTool's optimisation)
    advice: str | None
    # Worked examples shown as demonstrations before the experience store's (a benchmark's few-shot strategy)
    examples: list[str] | None
    # Instructions added to the planning and tool agents' prompts (e.g. RadA-BenchPlat's learned prompt addendum)
    instructions: str | None


Status = Literal["running", "answered", "uncertain", "refused", "failed", "error"]


class TaskOutput(TypedDict, total=False):
    """What the graph returns."""

    question: str
    answer: str
    value: str | None
    answer_format: str
    status: Status
    calibration: dict[str, Any] | None
    status_detail: str
    plan: list[Subtask]
    steps: list[Step]
    evidence: list[EvidenceRow]
    ltm: list[LTMEntry]
    review: Review | None
    round: int
    reviews: int
    trace: list[TraceEvent]
    usage: dict[str, Any]
    assumed: list[str]
    working_memory: dict[str, Any]
    candidates: list[str]
    rationale: str
    target: QuestionTarget | None
    answer_checks: CheckReport | None
    interpretation: Interpretation | None
    decisions: list[dict[str, Any]]


@dataclass(kw_only=True)
class TaskState:
    """The task as given (:class:`TaskInput`)."""

    question: str = ""
    note: str | None = None
    options: dict[str, str] | None = None
    resources: dict[str, Any] | None = None
    advice: str | None = None
    examples: list[str] | None = None
    instructions: str | None = None


@dataclass(kw_only=True)
class IntakeState:
    """Derived once per task by intake."""

    answer_format: str = "text"
    candidates: list[str] = field(default_factory=list)
    target: QuestionTarget | None = None  # the tool the question names (medmirror.nodes.checks.question_target)
    demos: list[str] = field(default_factory=list)  # similar solved cases from the experience store
    # the rule extraction of the note (or of the question when there is no note), made once for every calculator
    # call's grounding: a compact record of plain data (medmirror.tools.extraction.record), None when no candidate
    # is a calculator; read it with medmirror.nodes.grounding.analysis_of
    note_analysis: dict[str, Any] | None = None


@dataclass(kw_only=True)
class PlanState:
    """The planner's current plan and its revisions."""

    plan: list[Subtask] = field(default_factory=list)
    plan_score: int = 0
    plan_evaluation: str = ""
    plan_tries: int = 0
    plan_checks: CheckReport | None = None  # medmirror.nodes.checks report of the current plan
    best_plan: PlanCandidate | None = None


@dataclass(kw_only=True)
class ExecutionState:
    """The tool calls made in this round and the subtask they have reached."""

    current: int = 0  # index of the current subtask in the plan
    steps: Annotated[list[Step], extend] = field(default_factory=list)
    # the calculator inputs of this round's calls as a flat table (medmirror.nodes.grounding.evidence_rows): tool,
    # input, value, grounding status, the note's span; what Studio's state view and Result.evidence_table show
    evidence: Annotated[list[EvidenceRow], extend] = field(default_factory=list)
    given_up: list[int] = field(default_factory=list)  # subtasks given up after the attempt bound (this round)
    failure_justified: bool = False  # the last given-up subtask lacks an input the note does not give
    react_done: bool = False  # the single loop's agent finished (or the loop must end)
    # workflow conditions evaluated (medmirror.nodes.workflow.decide): subtask, id, tool, condition, taken, why
    decisions: list[dict[str, Any]] = field(default_factory=list)


@dataclass(kw_only=True)
class SubtaskState:
    """The current subtask: the tool agent's proposal, its revisions and short-term memory."""

    proposal: Proposal | None = None
    best_proposal: Proposal | None = None
    tool_tries: int = 0
    attempts: int = 0  # failed calls of this subtask
    stm: Annotated[list[STMEntry], extend] = field(default_factory=list)
    # the single loop's candidate next actions ({action, arguments, thought}) awaiting the verifier (ReflecTool):
    # one, or select_candidates of them; the verifier refines or picks one and the loop acts on it
    actions: list[Action] = field(default_factory=list)


@dataclass(kw_only=True)
class InterpretationState:
    """The interpretation of the answering tool result (``answer_steps = interpret_then_format``), before the
    answer is formatted: {"text", "by": "model" | "tool", "tool_interpretation", "category", "checks", ...}."""

    interpretation: Interpretation | None = None


@dataclass(kw_only=True)
class AnswerState:
    """The answer of this round."""

    answer: str = ""
    value: str | None = None
    answer_score: int = 0
    answer_evaluation: str = ""
    answer_checks: CheckReport | None = None
    rationale: str = ""  # the answer agent's own words, only the sentences that pass the checks
    best_answer: dict[str, Any] | None = None
    assumed: list[str] = field(default_factory=list)
    # the answer's confidence and what limits it (the answering step's confidence, and the policy's decision)
    calibration: dict[str, Any] | None = None


@dataclass(kw_only=True)
class RoundState:
    """Rounds of the task and their long-term memory (earlier rounds). In the single loop with Reflexion a round
    is a trial, and its LTM entry carries the trial's self-reflection."""

    round: int = 1
    ltm: Annotated[list[LTMEntry], extend] = field(default_factory=list)


@dataclass(kw_only=True)
class ReviewState:
    """The reviewer's verdicts and the critiques the stages must address."""

    review: Review | None = None
    reviews: int = 0
    critique: dict[str, str] = field(default_factory=dict)  # stage -> critique to address
    critic_checks: int = 0  # CRITIC: tool checks of the answer made so far (bounded by critic_rounds)


@dataclass(kw_only=True)
class RadiologyState:
    """Working memory of memory-protocol tools (radiology): key -> {"value", "quality"}."""

    working_memory: dict[str, Any] = field(default_factory=dict)
    replan: bool = False  # a missing tool was built: plan again with it


@dataclass(kw_only=True)
class Bookkeeping:
    status: Status = "running"
    status_detail: str = ""
    trace: Annotated[list[TraceEvent], extend] = field(default_factory=list)
    usage: Annotated[dict[str, Any], merge_usage] = field(default_factory=dict)


@dataclass(kw_only=True)
class MedMirrorState(TaskState, IntakeState, PlanState, ExecutionState, SubtaskState, InterpretationState,
                     AnswerState, RoundState, ReviewState, RadiologyState, Bookkeeping):
    """The main graph's state: every concern's fields, each with its default."""


# ---------------------------------------------------------------------------
# Resets: a concern's fields back to their defaults, as a partial update
# ---------------------------------------------------------------------------


def _appended(cls: type) -> frozenset[str]:
    """The fields of ``cls`` whose reducer is :func:`extend`."""
    hints = get_type_hints(cls, include_extras=True)
    return frozenset(n for n, h in hints.items() if extend in get_args(h)[1:] and getattr(h, "__metadata__", None))


APPENDED = _appended(MedMirrorState)


def fresh(*concerns: type) -> dict[str, Any]:
    """The defaults of the concerns' fields as an update (an appended list is replaced, not extended)."""
    out: dict[str, Any] = {}
    for cls in concerns:
        for f in fields(cls):
            value = f.default_factory() if f.default_factory is not MISSING else f.default
            out[f.name] = replaced(value) if f.name in APPENDED else value
    return out


def start_subtask() -> dict[str, Any]:
    """A new subtask (or a new attempt at one): no proposal, no revisions, empty STM."""
    return fresh(SubtaskState)


def start_answer() -> dict[str, Any]:
    """No answer yet: a rejected or below-threshold answer is withdrawn."""
    return {**fresh(AnswerState), "status_detail": ""}


def start_round() -> dict[str, Any]:
    """A new round of the task (after LTM, or a review that found the plan wrong): plan, calls and answer anew."""
    return {**fresh(PlanState, ExecutionState, SubtaskState, InterpretationState), **start_answer()}


def start_review(stage: str) -> dict[str, Any]:
    """What re-runs after Reflect[WRONG] at ``stage``: the plan (a new round's work), the tool calls, the
    interpretation of the result (then the answer), or the answer alone (its interpretation is kept)."""
    if stage == "plan":
        return start_round()
    if stage == "tool_call":
        return {**fresh(SubtaskState, InterpretationState), "steps": replaced(), "evidence": replaced(), "given_up": [],
                "failure_justified": False, "decisions": [], **start_answer()}
    if stage == "interpretation":
        return {**fresh(InterpretationState), **start_answer()}
    if stage == "answer":
        return start_answer()
    raise ValueError(f"unknown review stage {stage!r}; stages are plan, tool_call, interpretation, answer")


def start_task() -> dict[str, Any]:
    """Every derived field of a new task (the task's own fields come from the input)."""
    concerns = (IntakeState, PlanState, ExecutionState, SubtaskState, InterpretationState, AnswerState, RoundState,
                ReviewState, RadiologyState, Bookkeeping)
    update = fresh(*concerns)
    update["usage"] = {RESET: True}  # an earlier task's usage and trace on this thread are dropped
    return update


def applied(state: MedMirrorState, update: dict[str, Any]) -> MedMirrorState:
    """``state`` with a node's partial ``update`` applied as the graph would (appended lists extended),
    for a node that asks a gate about its own output before returning it."""
    changes = {}
    for name, value in update.items():
        if name in ("trace", "usage"):
            continue
        changes[name] = extend(getattr(state, name), value) if name in APPENDED else value
    return replace(state, **changes)


# ---------------------------------------------------------------------------
# ReflecTool's optimisation graph (medmirror.graphs.optimize)
# ---------------------------------------------------------------------------


class OptimizeInput(TypedDict):
    case: dict[str, Any]  # {id, question, note, options, gold_text, gold: {...}, source, kind}


@dataclass(kw_only=True)
class OptimizeState:
    case: dict[str, Any] = field(default_factory=dict)
    c1: dict[str, Any] = field(default_factory=dict)  # the first attempt (the main graph's output)
    c1_correct: bool = False
    c1_eval: str = ""
    suggestion: str = ""  # the reflection on a wrong first attempt
    c2: dict[str, Any] = field(default_factory=dict)  # the attempt with the suggestion as advice
    c2_correct: bool = False
    c2_eval: str = ""
    outcome: Literal["solved_first", "solved_after_reflection", "unsolved", "error", ""] = ""
    stored_id: str | None = None
    experience: dict[str, list[str]] = field(default_factory=dict)
    status: str = ""
    status_detail: str = ""
    trace: Annotated[list[dict[str, Any]], extend] = field(default_factory=list)
    usage: Annotated[dict[str, Any], merge_usage] = field(default_factory=dict)
