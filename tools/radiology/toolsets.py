"""Tool sets for a task under the RadA-BenchPlat conditions.

=======================  ==============================================================================
condition                what the agent gets
=======================  ==============================================================================
baseline                 one universal, full-capability, well-performing tool per category (all 10)
redundant_regular        3 tools per category: the baseline tool, a specialist for the task's
                         anatomy-modality (classifiers: another universal one), and decoys
redundant_medium         5 tools per category, same recipe
redundant_high           8 tools per category, same recipe
insufficient_config1     baseline with every tool of one gold step's category removed
insufficient_config2     baseline, but that category only has specialists for other anatomy-modality pairs
insufficient_config3     baseline, but that category's applicable tools lack the step's capability
differentiated           per gold category: 3 eligible tools (universal and specialist) with distinct
                         scores, exactly one optimal; traps that score higher but are out of scope or
                         lack the capability; other categories: one tool
=======================  ==============================================================================

Decoys are specialists for other pairs, tools with a related but wrong
capability, and low performers (below the simulation threshold their outputs
are wrong). Tool names are ``<category>_<n>`` with ``n`` assigned after a
seeded shuffle, so the name says nothing about scope or quality.

Every builder returns a :class:`ToolSet` with the cards, the optimal tool per
gold step (the unique best-scoring eligible tool, where one exists), the
suitable (eligible) tools per gold step with their scores (the ranking the
optimal tool score gives partial credit by) and, for
Insufficient, the :class:`Gap`: which step cannot be solved and why.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from medmirror.tools.cards import ToolCard
from medmirror.tools.radiology.cards import can_perform, make_card
from medmirror.tools.radiology.schema import CATEGORIES, CATEGORY_SPECS, COMBINATIONS
from medmirror.tools.radiology.tasks import ChainStep, RadTask

CONDITIONS: tuple[str, ...] = (
    "baseline",
    "redundant_regular",
    "redundant_medium",
    "redundant_high",
    "insufficient_config1",
    "insufficient_config2",
    "insufficient_config3",
    "differentiated",
)
# Size of the whole tool set (all 10 categories) per redundancy level. High is the paper's 169;
# regular and medium keep our 3 and 5 per category (the issue names no paper size for them).
REDUNDANCY: dict[str, int] = {"regular": 30, "medium": 50, "high": 169}


def redundancy_counts(level: str) -> dict[str, int]:
    """Tools per category at a redundancy level: ``REDUNDANCY[level]`` spread as evenly as
    possible over :data:`CATEGORIES`, the remainder one each to the first categories in
    category order (high: 169 = 9 categories x 17 + the treatment recommender x 16)."""
    if level not in REDUNDANCY:
        raise ValueError(f"redundancy level must be one of {sorted(REDUNDANCY)}, got {level!r}")
    base, extra = divmod(REDUNDANCY[level], len(CATEGORIES))
    return {c: base + (1 if i < extra else 0) for i, c in enumerate(CATEGORIES)}


class Gap(BaseModel):
    """Why an Insufficient tool set cannot solve its task."""

    step_index: int
    category: str
    config: Literal["config1", "config2", "config3"]
    reason: str
    anatomy: str
    modality: str
    missing_capability: str | None = None


class ToolSet(BaseModel):
    condition: str
    task_id: str
    cards: list[ToolCard]
    optimal: dict[int, str] = Field(default_factory=dict)  # gold step index -> best eligible tool
    # gold step index -> {eligible tool: performance} (the suitable tools the optimal tool score ranks)
    suitable: dict[int, dict[str, float]] = Field(default_factory=dict)
    unsolvable: Gap | None = None
    built_tools: list[str] = Field(default_factory=list)  # names added by ToolBuildRequests

    def card(self, name: str) -> ToolCard:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(f"no tool named {name!r} in this tool set")

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def by_category(self, category: str) -> list[ToolCard]:
        return [c for c in self.cards if c.category == category]


@dataclass
class _Proto:
    category: str
    combinations: list[tuple[str, str]] | None  # None = universal
    capabilities: list[str] | None  # None = all of the category's
    performance: float


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def eligible(cards: list[ToolCard], step: ChainStep, anatomy: str, modality: str) -> list[ToolCard]:
    """Cards that can perform ``step`` on this anatomy-modality (category, scope, capabilities)."""
    return [c for c in cards if can_perform(c, step.category, anatomy, modality, step.capabilities)]


def optimal_tools(cards: list[ToolCard], task: RadTask) -> dict[int, str]:
    """Per gold step, the eligible card with the strictly highest performance (ties: no entry)."""
    out: dict[int, str] = {}
    for step in task.gold_chain:
        cands = sorted(eligible(cards, step, task.anatomy, task.modality), key=lambda c: -(c.performance or 0))
        if cands and (len(cands) == 1 or (cands[0].performance or 0) > (cands[1].performance or 0)):
            out[step.index] = cands[0].name
    return out


def suitable_tools(cards: list[ToolCard], task: RadTask) -> dict[int, dict[str, float]]:
    """Per gold step, the eligible cards with their performance, best first (steps without one: no entry)."""
    out: dict[int, dict[str, float]] = {}
    for step in task.gold_chain:
        cands = sorted(eligible(cards, step, task.anatomy, task.modality), key=lambda c: -(c.performance or 0))
        if cands:
            out[step.index] = {c.name: float(c.performance or 0) for c in cands}
    return out


def _rng(task: RadTask, condition: str, seed: int) -> random.Random:
    return random.Random(f"radtoolset:{seed}:{task.id}:{condition}")


def _other_pairs(task: RadTask, rng: random.Random, k: int) -> list[tuple[str, str]]:
    """k other anatomy-modality pairs, same anatomy or same modality first (the confusable ones)."""
    here = (task.anatomy, task.modality)
    near = [c for c in COMBINATIONS if c != here and (c[0] == here[0] or c[1] == here[1])]
    far = [c for c in COMBINATIONS if c != here and c not in near]
    rng.shuffle(near)
    rng.shuffle(far)
    return (near + far)[:k]


def _lacking(category: str, missing: str) -> list[str]:
    """Capabilities of a tool of ``category`` that cannot do ``missing``."""
    spec = CATEGORY_SPECS[category]
    if category == "report_generator":
        return ["report_generation"] if missing == "quantitative_reporting" else list(spec.decoy_capabilities)
    return [c for c in spec.capabilities if c != missing] or list(spec.decoy_capabilities)


def _partial_capabilities(category: str, rng: random.Random) -> list[str]:
    """A capability set missing something the category can do (a decoy)."""
    spec = CATEGORY_SPECS[category]
    return _lacking(category, rng.choice(spec.capabilities))


def _finish(protos: list[_Proto], rng: random.Random) -> list[ToolCard]:
    """Shuffle within each category, then name tools <category>_<n>.

    Performances are rounded to 3 decimals and kept distinct within a category (a
    value already taken moves down by 0.001 until free), so the best suitable tool is
    unique and the rank credit is well defined however many variants a set has."""
    cards: list[ToolCard] = []
    for category in CATEGORIES:
        group = [p for p in protos if p.category == category]
        rng.shuffle(group)
        taken: set[int] = set()
        for n, p in enumerate(group, start=1):
            milli = round(p.performance * 1000)
            while milli in taken:
                milli -= 1
            taken.add(milli)
            cards.append(
                make_card(
                    category,
                    name=f"{category}_{n}",
                    combinations=p.combinations,
                    capabilities=p.capabilities,
                    performance=milli / 1000,
                )
            )
    return cards


def _baseline_protos(rng: random.Random) -> list[_Proto]:
    return [_Proto(c, None, None, rng.uniform(0.85, 0.97)) for c in CATEGORIES]


def _toolset(condition: str, task: RadTask, cards: list[ToolCard], gap: Gap | None = None) -> ToolSet:
    return ToolSet(condition=condition, task_id=task.id, cards=cards, optimal=optimal_tools(cards, task),
                   suitable=suitable_tools(cards, task), unsolvable=gap)


# ---------------------------------------------------------------------------
# Builders
# ---------------------------------------------------------------------------


def build_baseline(task: RadTask, seed: int = 0) -> ToolSet:
    """One universal, full-capability tool per category, performance in [0.85, 0.97]."""
    rng = _rng(task, "baseline", seed)
    return _toolset("baseline", task, _finish(_baseline_protos(rng), rng))


def build_redundant(task: RadTask, level: str = "regular", seed: int = 0) -> ToolSet:
    """``redundancy_counts(level)`` tools per category (``REDUNDANCY[level]`` in all): the
    baseline tool, a specialist for the task's pair (for classifiers: a second universal
    one), then decoys in rotation - a specialist for another pair (same anatomy or same
    modality first), a tool with a partial/wrong capability, a low performer (0.25-0.45,
    below the default threshold); classifiers' decoys are low performers. A bigger level
    only adds more decoy variants of the same kinds (seeded, offline)."""
    counts = redundancy_counts(level)
    condition = f"redundant_{level}"
    rng = _rng(task, condition, seed)
    here = (task.anatomy, task.modality)
    protos: list[_Proto] = []
    for category in CATEGORIES:
        spec = CATEGORY_SPECS[category]
        n = counts[category]
        group = [_Proto(category, None, None, rng.uniform(0.85, 0.95))]
        if spec.universal_only:
            group.append(_Proto(category, None, None, rng.uniform(0.75, 0.95)))
        else:
            group.append(_Proto(category, [here], None, rng.uniform(0.85, 0.98)))
        others = iter(_other_pairs(task, rng, n))
        kinds = ["low"] if spec.universal_only else ["other_pair", "partial", "low"]
        k = 0
        while len(group) < n:
            kind = kinds[k % len(kinds)]
            k += 1
            if kind == "other_pair":
                group.append(_Proto(category, [next(others)], None, rng.uniform(0.85, 0.98)))
            elif kind == "partial":
                group.append(_Proto(category, rng.choice([None, [here]]), _partial_capabilities(category, rng), rng.uniform(0.8, 0.97)))
            else:
                group.append(_Proto(category, None, None, rng.uniform(0.25, 0.45)))
        protos.extend(group[:n])
    return _toolset(condition, task, _finish(protos, rng))


def build_insufficient(task: RadTask, config: str, seed: int = 0, step_index: int | None = None) -> ToolSet:
    """Baseline made unsolvable at one gold step (``step_index`` or a seeded choice).

    - config1: no tool of the step's category at all;
    - config2: that category has only specialists for two other anatomy-modality pairs
      (same anatomy or same modality when possible);
    - config3: that category has a universal tool and a specialist for the task's pair,
      both lacking a capability the step needs (the other capabilities of the category,
      or a related decoy ability).
    config2 and config3 apply to steps after the classifiers (classifiers are universal
    and have a single capability).
    """
    if config not in ("config1", "config2", "config3"):
        raise ValueError(f"insufficient config must be config1, config2 or config3, got {config!r}")
    condition = f"insufficient_{config}"
    rng = _rng(task, condition, seed)
    candidates = [
        s for s in task.gold_chain if config == "config1" or not CATEGORY_SPECS[s.category].universal_only
    ]
    if step_index is None:
        step = rng.choice(candidates)
    else:
        step = next((s for s in candidates if s.index == step_index), None)
        if step is None:
            raise ValueError(f"step {step_index} cannot be made unsolvable under {config}")
    here = (task.anatomy, task.modality)
    protos = [p for p in _baseline_protos(rng) if p.category != step.category]
    missing: str | None = None
    if config == "config1":
        reason = f"no {step.category.replace('_', ' ')} in the tool set"
    elif config == "config2":
        for pair in _other_pairs(task, rng, 2):
            protos.append(_Proto(step.category, [pair], None, rng.uniform(0.85, 0.97)))
        reason = f"no {step.category.replace('_', ' ')} applicable to {task.anatomy} {task.modality}"
    else:
        missing = rng.choice(step.capabilities)
        keep = _lacking(step.category, missing)
        protos.append(_Proto(step.category, None, keep, rng.uniform(0.85, 0.97)))
        protos.append(_Proto(step.category, [here], keep, rng.uniform(0.85, 0.97)))
        reason = f"no {step.category.replace('_', ' ')} has the capability {missing}"
    gap = Gap(
        step_index=step.index,
        category=step.category,
        config=config,  # type: ignore[arg-type]
        reason=reason,
        anatomy=task.anatomy,
        modality=task.modality,
        missing_capability=missing,
    )
    cards = _finish(protos, rng)
    if eligible(cards, step, task.anatomy, task.modality):
        raise AssertionError("insufficient tool set still solves its gap")  # defensive: builder invariant
    return _toolset(condition, task, cards, gap)


def build_differentiated(task: RadTask, seed: int = 0) -> ToolSet:
    """Same-category tools with different scopes and scores, exactly one optimal per gold step.

    For each gold category: three eligible tools (a universal one, a specialist for the
    task's pair, and a second universal or specialist one) with distinct performances,
    the best of them in [0.86, 0.95] and the others 0.05-0.30 lower; plus traps scoring
    above the optimum that do not qualify - a specialist for another pair and (where the
    category has one) a tool lacking the step's capability. Classifiers: three universal
    tools with distinct scores. Categories outside the chain: one universal tool.
    """
    rng = _rng(task, "differentiated", seed)
    here = (task.anatomy, task.modality)
    steps = {s.category: s for s in task.gold_chain}
    protos: list[_Proto] = []
    for category in CATEGORIES:
        spec = CATEGORY_SPECS[category]
        if category not in steps:
            protos.append(_Proto(category, None, None, rng.uniform(0.8, 0.95)))
            continue
        best = rng.uniform(0.86, 0.95)
        gaps = sorted(rng.sample(range(5, 31), 2))  # distinct drops in hundredths
        scores = [best, best - gaps[0] / 100, best - gaps[1] / 100]
        if spec.universal_only:
            scopes: list[list[tuple[str, str]] | None] = [None, None, None]
        else:
            scopes = [None, [here], rng.choice([None, [here]])]
            rng.shuffle(scopes)
        protos.extend(_Proto(category, sc, None, s) for sc, s in zip(scopes, scores))
        if not spec.universal_only:
            pair = _other_pairs(task, rng, 1)[0]
            protos.append(_Proto(category, [pair], None, min(best + rng.uniform(0.01, 0.04), 0.99)))
            step = steps[category]
            lacking = _lacking(category, rng.choice(step.capabilities))
            protos.append(_Proto(category, [here], lacking, min(best + rng.uniform(0.01, 0.04), 0.99)))
    cards = _finish(protos, rng)
    ts = _toolset("differentiated", task, cards)
    if set(ts.optimal) != {s.index for s in task.gold_chain}:
        raise AssertionError("differentiated tool set without a unique optimum per step")  # builder invariant
    return ts


def build_toolset(condition: str, task: RadTask, seed: int = 0, step_index: int | None = None) -> ToolSet:
    """Dispatch on a condition name of :data:`CONDITIONS`."""
    if condition == "baseline":
        return build_baseline(task, seed)
    if condition.startswith("redundant_"):
        return build_redundant(task, condition.removeprefix("redundant_"), seed)
    if condition.startswith("insufficient_"):
        return build_insufficient(task, condition.removeprefix("insufficient_"), seed, step_index)
    if condition == "differentiated":
        return build_differentiated(task, seed)
    raise ValueError(f"unknown condition {condition!r}; known: {', '.join(CONDITIONS)}")
