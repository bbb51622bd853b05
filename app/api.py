"""The public Python API: :func:`solve` and :func:`build_graph`.

    from medmirror import solve
    result = solve("What is the patient's BMI?", note="... 70 kg ... 175 cm ...")
    result.value, result.answer, result.trajectory, result.usage
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from langchain_core.language_models.chat_models import BaseChatModel
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.errors import GraphRecursionError
from langgraph.types import Command

from medmirror.core.limits import check_task, check_thread_id
from medmirror.core.settings import Settings
from medmirror.core.usage import totals
from medmirror.graphs.main import build_graph as _build
from medmirror.graphs.main import check_graph_settings
from medmirror.memory.checkpoint import make_checkpointer
from medmirror.nodes.gates import gate_scores
from medmirror.solve_guard import (
    TASK_KEY,
    checkpointed_state,
    failure_detail,
    paused_on,
    prepare_thread,
    resumable,
    status_detail,
    task_key,
    thread_lock,
)
from medmirror.tools.resource_access import check_resources

logger = logging.getLogger(__name__)


@dataclass
class Result:
    """What :func:`solve` returns."""

    question: str
    answer: str
    value: str | None
    answer_format: str
    status: str
    status_detail: str
    plan: list[dict[str, Any]]
    steps: list[dict[str, Any]]
    ltm: list[dict[str, Any]]
    review: dict[str, Any] | None
    rounds: int
    reviews: int
    trace: list[dict[str, Any]]
    usage: dict[str, Any]
    assumed: list[str]
    working_memory: dict[str, Any]  # the radiology tools' working memory: key -> {"value", "quality"}
    candidates: list[str]
    thread_id: str
    preset: str
    settings: dict[str, Any] = field(default_factory=dict)
    rationale: str = ""  # the answer agent's own words, only the sentences that passed the checks
    target: dict[str, Any] | None = None  # the tool the question names, as the checks read it
    # every self-score each gate saw, in order: {"plan": [...], "tool_call": [...], "answer": [...]}
    scores: dict[str, list[int]] = field(default_factory=dict)
    # answer_steps=interpret_then_format: the interpretation of the result ({"text", "by": "model" | "tool", ...})
    interpretation: dict[str, Any] | None = None
    # status "needs_input": what the paused run asks (see medmirror.nodes.ask); resume with solve(..., resume=)
    pending: dict[str, Any] | None = None
    # the answer's confidence from its evidence and the policy's decision (status "uncertain" below the threshold):
    # confidence, range, low/high, uncertain_inputs, reasons (the note's sentences), threshold, policy
    calibration: dict[str, Any] | None = None
    # a workflow's conditions as evaluated (medmirror.nodes.workflow): subtask, id, tool, condition, taken, why
    decisions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def confidence(self) -> float | None:
        return None if not self.calibration else self.calibration.get("confidence")

    @property
    def uncertain_inputs(self) -> list[str]:
        return list((self.calibration or {}).get("uncertain_inputs") or []) if self.status == "uncertain" else []

    @property
    def value_range(self) -> str | None:
        return None if not self.calibration else self.calibration.get("range")

    # the calculator inputs of the final round's calls: tool, input, value, grounding status, quoted span and its
    # offsets in the note (medmirror.nodes.grounding.evidence_rows); see evidence_table()
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def evidence_table(self, failed_calls: bool = False) -> list[dict[str, Any]]:
        """The evidence table: one row per calculator input of the calls that ran (``failed_calls``: also those
        of failed attempts), with where its value came from. ``pandas.DataFrame(r.evidence_table())`` shows it.
        A row of status ``conflict`` (undated readings of the input that disagree; the first is used) carries the
        other readings in ``alternatives``."""
        return [dict(row) for row in self.evidence if failed_calls or row.get("call_ok")]

    @property
    def trajectory(self) -> dict[str, Any]:
        """Plan, steps with observations, scores and reflections, earlier rounds."""
        return {"plan": self.plan, "steps": self.steps, "rounds": self.ltm, "trace": self.trace}

    @property
    def totals(self) -> dict[str, Any]:
        return totals(self.usage.get("nodes", {}))

    def to_dict(self) -> dict[str, Any]:
        from dataclasses import asdict

        data = asdict(self)
        data["totals"] = self.totals
        return data


def step_budget(s: Settings, max_subtasks: int = 4) -> int:
    """Graph steps the settings' own bounds allow, with a margin (LangGraph's recursion limit)."""
    per_call = (s.max_tool_revisions + 1) + 2  # tool agent tries, verifier, executor
    per_round = (s.max_plan_revisions + 1) + max_subtasks * s.max_attempts_per_subtask * per_call + 2
    planned = 1 + s.max_rounds * per_round
    # a step: the agent's refusals (each with the verifier), the action, its verifier and the runner; per trial
    # (Reflexion) the steps, the answer and the reflection; CRITIC's checks, each with a revised answer
    per_step = 2 * (s.max_tool_revisions + 2) + 1
    single_loop = (1 + per_step * s.max_react_steps + 2) * s.max_trials + 2 * s.critic_rounds + 1
    return (max(planned, single_loop) + 1) * (s.max_reviews + 1) + 25


def build_graph(checkpointer: Any = None, store: Any = None, **settings: Any):
    """Compile the graph of a preset (see :func:`medmirror.graphs.main.build_graph`: ``preset`` picks the planner
    or the single-loop graph); ``models``/``registry``/``experience``/``embeddings`` pass through."""

    passthrough = {k: settings.pop(k) for k in ("preset", "models", "registry", "experience", "embeddings")
                   if k in settings}
    if settings:
        raise TypeError(
            "build_graph takes settings per run (context=Settings(...)); unexpected: " + ", ".join(settings)
        )
    return _build(checkpointer=checkpointer, store=store, **passthrough)


MAX_ANSWERED_PAUSES = 20  # questions ``ask`` answers in one call (each calculator call asks at most max_asks)


def _resume_value(answer: Any) -> Any:
    """What a paused run is resumed with: a decline (None, {}) becomes '' (LangGraph reads an empty dict as a
    map of interrupt ids, and None as no resume at all)."""
    return "" if answer is None or answer == {} else answer


def _run(graph: Any, payload: Any, config: dict[str, Any], context: Settings,
         on_trace: Callable[[dict[str, Any]], Any] | None) -> dict[str, Any]:
    """``graph.invoke``, or with ``on_trace`` the same run streamed: LangGraph's ``invoke`` is this loop over
    ``stream(stream_mode=["updates", "values"])`` (the last values are the output, interrupts come in the
    updates); each node's update hands its new trace events to ``on_trace`` as the node finishes."""
    if on_trace is None:
        return graph.invoke(payload, config=config, context=context)
    latest: Any = {}
    interrupts: list[Any] = []
    for mode, chunk in graph.stream(payload, config=config, context=context, stream_mode=["updates", "values"]):
        if mode == "values":
            latest = chunk
        elif isinstance(chunk, dict):
            interrupts.extend(chunk.get("__interrupt__") or ())
            for update in chunk.values():
                for event in (update.get("trace") or []) if isinstance(update, dict) else []:
                    if isinstance(event, dict) and "node" in event:  # not a reset marker
                        on_trace(event)
    latest = dict(latest) if isinstance(latest, dict) else {}
    return latest | {"__interrupt__": interrupts} if interrupts else latest


def solve(
    question: str,
    note: str | None = None,
    options: dict[str, str] | None = None,
    preset: str = "mirror",
    resources: dict[str, Any] | None = None,
    *,
    models: BaseChatModel | dict[str, BaseChatModel] | None = None,
    registry: Any = None,
    embeddings: Any = None,
    thread_id: str | None = None,
    saver: Any = "settings",
    examples: list[str] | None = None,
    instructions: str | None = None,
    ask: Callable[[dict[str, Any]], Any] | None = None,
    resume: Any = None,
    on_trace: Callable[[dict[str, Any]], Any] | None = None,
    **settings: Any,
) -> Result:
    """Solve one clinical task with the main graph.

    ``settings`` are :class:`medmirror.core.settings.Settings` fields (thresholds, bounds, model
    provider, ``checkpointer`` kind, ...). ``saver`` is a LangGraph checkpointer
    instance to use instead of the one the settings name (None: no checkpointing).
    With a ``thread_id`` whose run was interrupted, the run resumes from its last
    checkpoint instead of starting again, provided it is the same task (question, note,
    options, preset, resources); an interrupted run of another task is refused, and a
    finished thread given a task starts it fresh (see :mod:`medmirror.solve_guard`).
    ``embeddings`` (any LangChain ``Embeddings``) adds dense retrieval, fused with BM25,
    for tools and similar cases. ``examples`` (worked examples, shown first among the similar
    solved cases) and ``instructions`` (added at the end of the planning and tool agents'
    prompts) guide the agents; a benchmark's few-shot and prompt-optimisation strategies use them.

    Clinician in the loop (setting ``ask_missing``, see :mod:`medmirror.nodes.ask`): when a calculator
    input is missing from the note, the run pauses and asks for it. With ``ask`` (a function taking the
    request and returning ``{input: value}``, or None to decline) ``solve`` answers each pause itself and
    returns the finished run; ``ask`` switches ``ask_missing`` on. Without it the result comes back with
    ``status="needs_input"``, the request in ``pending`` and its ``thread_id``: call ``solve`` again with
    the same task, that ``thread_id`` and ``resume={input: value}``. Asking needs a checkpointer: with
    none configured an in-memory one is used for the call.

    Streaming: ``on_trace`` (a function taking one trace event, the dicts of ``Result.trace``) is called
    with each event as soon as the step that wrote it finishes, in step order (the graph runs with
    ``stream_mode="updates"``); the return value is the same as without it.

    Errors: ``solve`` does not raise for a problem with the task or the run. Invalid or
    over-limit input (:mod:`medmirror.core.limits`), a thread bound to another task, a model that
    cannot be built or reached, or any exception in a node end the call with
    ``status="error"`` and a one-line ``status_detail`` naming the cause (an interrupted
    run stays checkpointed and resumes with the same call). Only invalid *settings* (an
    unknown name or a bad value: pydantic ``ValidationError``; a setting the preset's graph does not read:
    ``ValueError`` naming it and the graph that reads it) raise, before anything runs.
    """

    if ask is not None:
        settings.setdefault("ask_missing", True)
    s = check_graph_settings(Settings.resolve(preset, **settings))  # a setting the graph ignores is refused
    thread_id = thread_id or uuid.uuid4().hex
    guidance = {k: v for k, v in (("examples", examples), ("instructions", instructions)) if v}
    key = task_key(question, note, options, s.preset, resources, guidance)  # the thread is bound to this task
    config = {"configurable": {"thread_id": thread_id}, "metadata": {TASK_KEY: key},
              "recursion_limit": step_budget(s)}
    start = time.perf_counter()
    graph = None
    held = contextlib.ExitStack()
    try:
        check_task(question, note, options)
        check_thread_id(thread_id)
        resources = check_resources(resources, s)  # files under the allowed roots only, never the data dir
        if isinstance(saver, str) and saver == "settings":  # the kind named by settings.checkpointer
            saver = make_checkpointer(s)
            if s.checkpointer == "sqlite":  # one run per thread at a time
                held.enter_context(thread_lock(s.data_dir, thread_id))
        if saver is None and (s.ask_missing or resume is not None):  # an interrupt needs a checkpointer
            saver = InMemorySaver()
        graph = _build(checkpointer=saver, preset=s, models=models, registry=registry, embeddings=embeddings)
        payload: Any = {"question": question, "note": note, "options": options, "resources": resources, **guidance}
        if saver is not None:  # resume an interrupted run of this task; a finished thread starts fresh
            payload = prepare_thread(graph, saver, config, key, payload)
        if resume is not None:  # the answer to the question this thread of this task is paused on
            if payload is not None or paused_on(graph, config) is None:
                raise ValueError(f"resume was given but thread '{thread_id}' is not paused on a question "
                                 "for this task")
            payload = Command(resume=_resume_value(resume))
        out = _run(graph, payload, config, s, on_trace)
        for _ in range(MAX_ANSWERED_PAUSES):
            if ask is None or not out.get("__interrupt__"):
                break
            out = _run(graph, Command(resume=_resume_value(ask(out["__interrupt__"][0].value))), config, s, on_trace)
        if out.get("__interrupt__"):
            request = out["__interrupt__"][0].value
            out = dict(out) | {"status": "needs_input", "pending": request,
                               "status_detail": f"{request.get('message', 'the run asks for input')} "
                                                f"Resume with thread_id={thread_id} and resume={{input: value}}."}
    except GraphRecursionError as err:  # a bound the settings do not cover: report, keep the checkpoint
        out = checkpointed_state(graph, saver, config, key) | {
            "status": "error", "status_detail": f"graph step budget exhausted ({err}); resume with thread_id={thread_id}"}
    except Exception as err:  # noqa: BLE001 - any failure of the task or the run is a status, not a traceback
        logger.debug("solve failed on thread %s", thread_id, exc_info=True)
        can_resume = resumable(graph, saver, config, key)
        out = checkpointed_state(graph, saver, config, key) | {
            "status": "error", "status_detail": failure_detail(err, s, thread_id=thread_id, can_resume=can_resume)}
    finally:
        held.close()
    wall = time.perf_counter() - start
    usage = {"nodes": out.get("usage", {}), "wall_seconds": wall}
    return Result(
        question=question, answer=out.get("answer", ""), value=out.get("value"),
        answer_format=out.get("answer_format", "text"), status=out.get("status", "error"),
        status_detail=status_detail(out), plan=out.get("plan") or [], steps=out.get("steps") or [],
        evidence=out.get("evidence") or [],
        ltm=out.get("ltm") or [], review=out.get("review"), rounds=out.get("round", 1),
        reviews=out.get("reviews", 0), trace=out.get("trace") or [], usage=usage,
        assumed=out.get("assumed") or [], working_memory=out.get("working_memory") or {},
        candidates=out.get("candidates") or [], thread_id=thread_id, preset=s.preset, settings=s.public_dict(),
        rationale=out.get("rationale") or "", target=out.get("target"), scores=gate_scores(out.get("trace") or []),
        interpretation=out.get("interpretation"), pending=out.get("pending"), calibration=out.get("calibration"),
        decisions=out.get("decisions") or [],
    )
