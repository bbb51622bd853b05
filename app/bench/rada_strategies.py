"""RadA-BenchPlat's two prompting strategies for ``medmirror bench rada``.

**Few-shot** (``rada_few_shot = k``): the agent's prompt shows ``k`` worked examples, task -> tool chain
(:func:`few_shot_examples`). They come from the benchmark's own generator, never from the case being
solved: records drawn with another seed (:data:`EXAMPLE_SEED_OFFSET`; their ids differ from every case's)
and task types whose gold chain of tool categories differs from the case's, so no example shows the
case's answer chain. The examples reach the agents as ``solve(examples=...)`` (first among the similar
solved cases of the planner's and the single loop's prompts).

**Prompt back-propagation** (``rada_prompt_backprop = true``): after a case that did not complete, the
optimiser (:mod:`medmirror.nodes.prompt_backprop`) rewrites the learned instructions from the failure; the
next cases run with them (``solve(instructions=...)``). :class:`PromptHistory` keeps every version in
``<out>/prompt_versions.jsonl`` (version, the case it was learned from, the text, its length, the
optimiser's tokens), so a reader sees how the prompt evolved and a resumed run continues with the last
version (a version learned from a case whose record was never written is dropped: that case runs again).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from medmirror.tools.radiology.records import RadRecord, generate_records
from medmirror.tools.radiology.tasks import TASK_TYPES, RadTask, make_task

EXAMPLE_SEED_OFFSET = 1_000_003  # example records: generate_records(n, seed + this), ids rad-<that seed>-...
EXAMPLE_RECORDS = 3
VERSIONS_FILE = "prompt_versions.jsonl"


@lru_cache(maxsize=8)
def example_records(seed: int) -> tuple[RadRecord, ...]:
    return tuple(generate_records(EXAMPLE_RECORDS, seed + EXAMPLE_SEED_OFFSET))


def render_example(task: RadTask) -> str:
    """A worked example: the task's question and its gold chain of tool categories with the memory keys."""
    steps = "\n".join(f"  {i}. a {s.category} tool: reads {', '.join(s.inputs)} -> writes {', '.join(s.outputs)}"
                      for i, s in enumerate(task.gold_chain, 1))
    return (f"Worked example (another study, another task): {task.question}\nTool chain:\n{steps}\n"
            f"  then finish: the answer states {', '.join(task.target_outputs)}.")


def few_shot_tasks(task: RadTask, k: int, seed: int) -> list[RadTask]:
    """``k`` example tasks for ``task``: other task types (their chain differs from ``task``'s), from records of
    another seed, in task-type order starting after ``task``'s type (so cases see different examples)."""
    if k <= 0:
        return []
    records = example_records(seed)
    start = TASK_TYPES.index(task.task_type) if task.task_type in TASK_TYPES else 0
    out: list[RadTask] = []
    for offset in range(1, len(TASK_TYPES)):
        task_type = TASK_TYPES[(start + offset) % len(TASK_TYPES)]
        example = make_task(records[len(out) % len(records)], task_type)
        if example.gold_categories == task.gold_categories or example.record_id == task.record_id:
            continue  # never the case's own answer chain, never its record
        out.append(example)
        if len(out) == k:
            break
    return out


def few_shot_examples(task: RadTask, k: int, seed: int) -> list[str]:
    """The rendered worked examples for ``task`` (see :func:`few_shot_tasks`)."""
    return [render_example(t) for t in few_shot_tasks(task, k, seed)]


@dataclass
class PromptHistory:
    """The learned instructions' versions of one run (``<out>/prompt_versions.jsonl``); version 0 is empty."""

    path: Path
    versions: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def load(cls, out: Path, done: Collection[str]) -> "PromptHistory":
        """The versions on disk, without trailing ones learned from a case whose record is not in ``done``."""
        path = Path(out) / VERSIONS_FILE
        versions: list[dict[str, Any]] = []
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    item = json.loads(line)
                except ValueError:
                    continue  # a line cut short by a kill
                if isinstance(item, dict) and isinstance(item.get("instructions"), str):
                    versions.append(item)
        kept = list(versions)
        while kept and str(kept[-1].get("after_case")) not in done:
            kept.pop()
        history = cls(path, kept)
        if len(kept) != len(versions):
            history._rewrite()
        return history

    @property
    def version(self) -> int:
        return int(self.versions[-1]["version"]) if self.versions else 0

    @property
    def instructions(self) -> str:
        return str(self.versions[-1]["instructions"]) if self.versions else ""

    def add(self, instructions: str, *, after_case: str, reason: str, tokens: int, calls: int) -> int:
        """Append a new version (learned from ``after_case``); returns its number."""
        item = {"version": self.version + 1, "after_case": after_case, "reason": reason,
                "instructions": instructions, "chars": len(instructions), "optimiser_tokens": tokens,
                "optimiser_calls": calls, "created_at": datetime.now().isoformat(timespec="seconds")}
        self.versions.append(item)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")
        return item["version"]

    def _rewrite(self) -> None:
        self.path.write_text("".join(json.dumps(v, ensure_ascii=False) + "\n" for v in self.versions),
                             encoding="utf-8")
