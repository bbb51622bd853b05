"""Usage accounting: model calls, tokens and wall time, per node and per run.

Nodes run inside :func:`metered` (a context manager the graph's node wrapper
opens); every model call made through :func:`medmirror.core.models.structured.call_model`
records into the meter of the node that is running.
"""

from __future__ import annotations

import contextvars
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator


@dataclass
class Meter:
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    model_seconds: float = 0.0
    retries: int = 0
    # structured-output method -> calls (OpenAI-compatible servers: json_schema, json_object or prompt)
    structured: dict[str, int] = field(default_factory=dict)

    def add_structured(self, method: str) -> None:
        self.structured[method] = self.structured.get(method, 0) + 1

    def add_message(self, usage: dict[str, Any] | None, seconds: float) -> None:
        self.calls += 1
        self.model_seconds += seconds
        if usage:
            self.input_tokens += int(usage.get("input_tokens", 0) or 0)
            self.output_tokens += int(usage.get("output_tokens", 0) or 0)


_current: contextvars.ContextVar[Meter | None] = contextvars.ContextVar("medmirror_meter", default=None)


def current_meter() -> Meter | None:
    return _current.get()


@contextmanager
def metered(node: str) -> Iterator[dict[str, Any]]:
    """Meter one node execution; yields a dict that is filled with the node's usage on exit."""
    meter = Meter()
    token = _current.set(meter)
    out: dict[str, Any] = {}
    start = time.perf_counter()
    try:
        yield out
    finally:
        _current.reset(token)
        out.update({node: {
            "runs": 1, "calls": meter.calls, "input_tokens": meter.input_tokens,
            "output_tokens": meter.output_tokens, "seconds": time.perf_counter() - start,
            "model_seconds": meter.model_seconds, "retries": meter.retries,
        }})
        if meter.structured:
            out[node]["structured_output"] = dict(meter.structured)


RESET = "__reset__"


def merge_usage(left: dict[str, Any] | None, right: dict[str, Any] | None) -> dict[str, Any]:
    """Reducer for the state's usage channel: sums per-node counters.

    An update carrying ``{RESET: True}`` starts from zero (a new task on a reused thread).
    """
    right = dict(right or {})
    if right.pop(RESET, False):
        left = {}
    out = {k: dict(v) for k, v in (left or {}).items()}
    for node, counters in (right or {}).items():
        acc = out.setdefault(node, {})
        for key, value in counters.items():
            if isinstance(value, dict):  # e.g. structured_output: {method: calls}
                acc[key] = _add_counts(acc.get(key), value)
            else:
                acc[key] = acc.get(key, 0) + value
    return out


def _add_counts(left: dict[str, int] | None, right: dict[str, int]) -> dict[str, int]:
    out = dict(left or {})
    for name, n in right.items():
        out[name] = out.get(name, 0) + n
    return out


def totals(usage: dict[str, Any]) -> dict[str, Any]:
    """Per-run totals from per-node usage (with ``structured_output``, {method: calls}, when a node recorded one)."""
    keys = ("runs", "calls", "input_tokens", "output_tokens", "seconds", "model_seconds", "retries")
    out: dict[str, Any] = {k: sum(v.get(k, 0) for v in usage.values()) for k in keys}
    methods: dict[str, int] = {}
    for counters in usage.values():
        methods = _add_counts(methods, counters.get("structured_output") or {})
    if methods:
        out["structured_output"] = methods
    return out
