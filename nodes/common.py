"""What every node shares: settings from the run context, dependencies, prompts, metering."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar, get_type_hints

from langchain_core.messages import BaseMessage
from langgraph.runtime import Runtime

from medmirror.core.models.embeddings import embeddings_key, make_embeddings
from medmirror.core.models.factory import ModelSet
from medmirror.core.models.structured import StructuredOutputError
from medmirror.core.settings import Settings, resolve_run
from medmirror.core.usage import metered
from medmirror.memory.experience import ExperienceStore
from medmirror.memory.experience_merge import usable_suggestion
from medmirror.memory.state import MedMirrorState
from medmirror.prompts import render
from medmirror.tools.builtin import default_registry
from medmirror.tools.registry import ToolRegistry

MAX_NOTE_CHARS = 14000


def settings_of(runtime: Runtime[Settings] | None) -> Settings:
    """The run's settings: its context (a full Settings from the Python API, or a RunContext / dict of
    run fields from Studio) over the process configuration, with the preset applied.

    A dict or RunContext is resolved once per distinct context (resolving one builds a Settings and
    reads the environment), not on every node call."""
    ctx = getattr(runtime, "context", None) if runtime is not None else None
    if ctx is None or isinstance(ctx, Settings):
        return resolve_run(ctx)  # a preset applied to a resolved object: a few microseconds
    key = json.dumps(ctx if isinstance(ctx, dict) else ctx.model_dump(exclude_unset=True), sort_keys=True, default=str)
    return _resolved_context(key)


@functools.lru_cache(maxsize=64)
def _resolved_context(key: str) -> Settings:
    return resolve_run(json.loads(key))


def with_settings(runtime: Any) -> Runtime[Settings]:
    """``runtime`` with its context resolved to the run's :class:`Settings` (:func:`settings_of`): the one place
    a node's or router's context is converted, so they read ``runtime.context`` (or get the settings) directly."""
    s = settings_of(runtime)
    return runtime.override(context=s) if isinstance(runtime, Runtime) else Runtime(context=s)


R = TypeVar("R")


def router(fn: Callable[[Any, Settings], R]) -> Callable[[Any, Runtime[Settings]], R]:
    """A router that reads the run's settings, written as ``(state, s: Settings) -> Literal[...]``. LangGraph sees
    ``(state, runtime)`` with the router's own return type, from which the graph's path map and drawing come."""
    hints = get_type_hints(fn)

    def route(state: Any, runtime: Runtime[Settings]) -> R:
        return fn(state, settings_of(runtime))

    route.__name__, route.__qualname__, route.__doc__, route.__module__ = (
        fn.__name__, fn.__qualname__, fn.__doc__, fn.__module__)
    route.__annotations__ = {"state": hints.get("state", Any), "runtime": Runtime[Settings], "return": hints["return"]}
    return route


@dataclass
class Deps:
    """Long-lived collaborators of the nodes: models by role, the tool registry, the experience store."""

    models: ModelSet = field(default_factory=ModelSet)
    registry: ToolRegistry = field(default_factory=default_registry)
    experience: Any = None  # an explicit medmirror.memory.experience.ExperienceStore (else opened from settings)
    embeddings: Any = None  # an explicit LangChain Embeddings (else made from settings; None = BM25 only)
    _stores: dict[str, Any] = field(default_factory=dict)
    _embeddings: dict[str, Any] = field(default_factory=dict)

    def embeddings_for(self, s: Settings) -> Any:
        """Dense embeddings for retrieval (tools, similar cases), or None for BM25 alone."""
        if self.embeddings is not None:
            return self.embeddings

        key = embeddings_key(s)
        if key not in self._embeddings:
            self._embeddings[key] = make_embeddings(s)
        return self._embeddings[key]

    def store(self, s: Settings) -> Any:
        """The experience store for this run, or None when experience is not used."""
        if self.experience is not None:
            return self.experience
        if not s.use_experience and s.verifier == "none":
            return None
        key = s.experience_location
        if key not in self._stores:
            self._stores[key] = ExperienceStore(key, embeddings=self.embeddings_for(s),
                                                vector_dir=s.data_dir)
        return self._stores[key]

    def tool_experience(self, s: Settings, tools: list[str]) -> str:
        """Per-tool experience for prompts ('(none)' when off or empty)."""
        store = self.store(s) if s.use_experience or s.verifier != "none" else None
        if store is None:
            return "(none)"

        lines = []
        for tool in tools:
            # a store written before suggestions were checked may still hold fragments: not shown
            tips = [t for t in store.get_experience(tool) if usable_suggestion(t)]
            if tips:
                lines.append(f"{tool}:\n" + "\n".join(f"  - {t}" for t in tips))
        return "\n".join(lines) or "(none)"


def node(name: str) -> Callable[[Callable[..., dict[str, Any]]], Callable[..., dict[str, Any]]]:
    """Wrap a node: resolve the run's settings into ``runtime.context`` (:func:`with_settings`), meter its model
    calls and time, and turn invalid model output into an error state."""

    def wrap(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
        @functools.wraps(fn)
        def run(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
            with metered(name) as usage:
                try:
                    update = fn(state, with_settings(runtime))
                except StructuredOutputError as err:
                    update = {
                        "status": "error",
                        "status_detail": str(err),
                        "trace": [{"node": name, "event": "invalid_model_output", "detail": str(err)[:400]}],
                    }
            update = dict(update)
            update["usage"] = {**(update.get("usage") or {}), **usage}  # a node may add the RESET flag
            return update

        return run

    return wrap


def note_text(state: MedMirrorState) -> str:
    note = (state.note or "").strip()
    if len(note) > MAX_NOTE_CHARS:
        note = note[:MAX_NOTE_CHARS] + "\n[... note truncated ...]"
    return note or "(no patient note given)"


def options_text(state: MedMirrorState) -> str:
    options = state.options or {}
    return "\n".join(f"{k}. {v}" for k, v in options.items()) or "(none)"


def compact(value: Any, limit: int = 700) -> str:
    """A short JSON rendering for prompts."""
    text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 15] + " ...(truncated)"


def observation_brief(obs: Any) -> str:
    """What a prompt needs of a tool observation (calculator results carry a lot)."""
    if isinstance(obs, dict) and "value" in obs and "name" in obs:
        unit = f" {obs.get('unit')}" if obs.get("unit") else ""
        interp = f" ({obs['interpretation']})" if obs.get("interpretation") else ""
        assumed = f"; assumed absent: {', '.join(obs['assumed'])}" if obs.get("assumed") else ""
        return f"{obs['name']} = {obs['value']}{unit}{interp}{assumed}"
    return compact(obs)


def score_note(score: int | None, theta: int) -> str:
    """'score 4, below the threshold 8' (or just 'score 9' when the score was not the reason)."""
    return f"score {score}, below the threshold {theta}" if score is not None and score < theta else f"score {score}"


INNER_ACTIONS = ("plan", "think")


def steps_text(steps: list[dict[str, Any]]) -> str:
    if not steps:
        return "(no tool results yet)"
    lines = []
    for s in steps:
        if s.get("tool") in INNER_ACTIONS:
            lines.append(f"- {s['tool']}: {compact(s.get('observation', ''), 400)}")
        elif s.get("ok"):
            lines.append(f"- subtask {s.get('subtask', 0) + 1}: {s['tool']}({compact(s.get('arguments', {}), 300)}) -> "
                         f"{observation_brief(s.get('observation'))}")
        else:
            lines.append(f"- subtask {s.get('subtask', 0) + 1}: {s.get('tool')} FAILED: {s.get('error', '')}")
    return "\n".join(lines)


def ltm_text(ltm: list[dict[str, Any]]) -> str:
    if not ltm:
        return "(first round)"
    out = []
    for entry in ltm:
        plan = "; ".join(f"{p['description']} [{p['tool']}]" for p in entry["plan"]) or "(no plan)"
        answer = ("none: the round's execution failed" if entry.get("failed")
                  else f"{entry['answer']!r} (score {entry['score']})")
        out.append(f"Round {entry['round']}: plan: {plan}\n  results: {steps_text(entry['steps'])}\n"
                   f"  answer: {answer}\n  reflection: {entry['reflection']}")
    return "\n".join(out)


def demos_text(state: MedMirrorState) -> str:
    return "\n\n".join(state.demos or []) or "(none)"


def learned_text(state: MedMirrorState) -> str:
    """Instructions given with the task (a learned prompt addendum) as the last part of an agent's prompt, or ''."""
    text = (state.instructions or "").strip()
    return f"Instructions learned on earlier cases (follow them):\n{text}" if text else ""


def messages(role: str, **variables: Any) -> list[BaseMessage]:
    return render(role, **variables)
