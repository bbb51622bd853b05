"""Tool-set conditions: Baseline, Redundant, Insufficient (3 configs), Differentiated."""

from __future__ import annotations

import re

import pytest

from medmirror.tools.radiology.cards import applies_to, capabilities_of, has_capabilities, is_universal
from medmirror.tools.radiology.metrics import target_value_hit
from medmirror.tools.radiology.records import generate_records
from medmirror.tools.radiology.schema import CATEGORIES, CATEGORY_SPECS
from medmirror.tools.radiology.simulate import LacksCapability, NotApplicable, apply_outputs, bind_toolset
from medmirror.tools.radiology.tasks import TASK_TYPES, make_task
from medmirror.tools.radiology.toolsets import (
    CONDITIONS,
    REDUNDANCY,
    build_baseline,
    build_differentiated,
    build_insufficient,
    build_redundant,
    build_toolset,
    eligible,
    redundancy_counts,
)

RECORDS = generate_records(22, seed=11)
TASKS = [make_task(r, t) for r, t in zip(RECORDS, TASK_TYPES * 2)]  # every type, every combination
RECORD = {r.id: r for r in RECORDS}


def run_gold_chain(task, toolset, pick=None):
    """Execute the gold chain with the optimal (or picked) tool per step; return memory."""
    tools = bind_toolset(toolset.cards, RECORD[task.record_id])
    memory = {k: {"value": v, "quality": 1.0} for k, v in task.initial_memory.items()}
    for step in task.gold_chain:
        name = pick(step) if pick else toolset.optimal[step.index]
        apply_outputs(memory, tools[name].invoke({k: memory[k] for k in step.inputs}))
    return {k: v["value"] for k, v in memory.items()}


@pytest.mark.parametrize("condition", CONDITIONS)
def test_builders_are_deterministic_and_names_are_opaque(condition):
    task = TASKS[9]
    a = build_toolset(condition, task, seed=2)
    assert a.model_dump() == build_toolset(condition, task, seed=2).model_dump()
    assert a.condition == condition and a.task_id == task.id
    assert len(set(a.names)) == len(a.names)
    for card in a.cards:
        assert re.fullmatch(rf"{card.category}_\d+", card.name)


def test_unknown_condition_and_level():
    with pytest.raises(ValueError, match="unknown condition"):
        build_toolset("lavish", TASKS[0])
    with pytest.raises(ValueError, match="redundancy level"):
        build_redundant(TASKS[0], "extreme")
    with pytest.raises(ValueError, match="config1, config2 or config3"):
        build_insufficient(TASKS[0], "config4")


def test_baseline_one_good_universal_tool_per_category():
    for task in TASKS:
        ts = build_baseline(task, seed=0)
        assert sorted(c.category for c in ts.cards) == sorted(CATEGORIES)
        assert all(is_universal(c) and c.performance >= 0.85 for c in ts.cards)
        assert set(ts.optimal) == {s.index for s in task.gold_chain} and ts.unsolvable is None


def test_redundant_sizes_and_the_papers_169_for_high():
    assert REDUNDANCY == {"regular": 30, "medium": 50, "high": 169}
    assert set(redundancy_counts("regular").values()) == {3} and set(redundancy_counts("medium").values()) == {5}
    high = redundancy_counts("high")
    assert sum(high.values()) == 169 and set(high.values()) == {16, 17} and high["treatment_recommender"] == 16
    for task in TASKS[:4]:
        ts = build_redundant(task, "high", seed=1)
        assert len(ts.cards) == 169 and len(set(ts.names)) == 169
        assert build_redundant(task, "high", seed=1).model_dump() == ts.model_dump()  # seeded, no I/O
        # more variants of the same kinds: specialists for other pairs, partial capabilities, low performers
        seg = ts.by_category("organ_segmentor")
        assert sum(not applies_to(c, task.anatomy, task.modality) for c in seg) == 5
        assert sum(not has_capabilities(c, ["organ_segmentation"]) for c in seg) == 5
        assert sum(c.performance < 0.5 for c in seg) == 5
    with pytest.raises(ValueError, match="redundancy level"):
        redundancy_counts("extreme")


@pytest.mark.parametrize("level", list(REDUNDANCY))
def test_redundant_sets_have_more_tools_and_decoys(level):
    counts = redundancy_counts(level)
    for task in TASKS:
        ts = build_redundant(task, level, seed=1)
        assert len(ts.cards) == REDUNDANCY[level]
        for category in CATEGORIES:
            assert len(ts.by_category(category)) == counts[category]
        for step in task.gold_chain:
            assert eligible(ts.cards, step, task.anatomy, task.modality)
        decoys = [c for c in ts.cards if not CATEGORY_SPECS[c.category].universal_only]
        assert any(not applies_to(c, task.anatomy, task.modality) for c in decoys)
        assert any(c.performance < 0.5 for c in ts.cards)
        if counts["organ_segmentor"] >= 5:
            assert any(not has_capabilities(c, CATEGORY_SPECS[c.category].capabilities) for c in decoys)


@pytest.mark.parametrize("config", ["config1", "config2", "config3"])
def test_insufficient_sets_break_exactly_one_step(config):
    for task in TASKS:
        ts = build_insufficient(task, config, seed=3)
        gap = ts.unsolvable
        assert gap is not None and gap.config == config
        assert (gap.anatomy, gap.modality) == (task.anatomy, task.modality)
        step = task.gold_chain[gap.step_index]
        assert gap.category == step.category
        for s in task.gold_chain:
            assert bool(eligible(ts.cards, s, task.anatomy, task.modality)) == (s.index != gap.step_index)
        tools = ts.by_category(gap.category)
        if config == "config1":
            assert tools == [] and gap.missing_capability is None
        elif config == "config2":
            assert len(tools) == 2 and not any(applies_to(c, task.anatomy, task.modality) for c in tools)
        else:
            assert gap.missing_capability in step.capabilities
            assert tools and all(applies_to(c, task.anatomy, task.modality) for c in tools)
            assert all(gap.missing_capability not in capabilities_of(c) for c in tools)


def test_insufficient_step_choice():
    task = make_task(RECORDS[3], "report_with_biomarkers")
    assert build_insufficient(task, "config1", step_index=0).unsolvable.category == "anatomy_classifier"
    assert build_insufficient(task, "config2", step_index=4).unsolvable.category == "biomarker_quantifier"
    with pytest.raises(ValueError, match="cannot be made unsolvable"):
        build_insufficient(task, "config2", step_index=1)  # classifiers are universal
    with pytest.raises(ValueError, match="cannot be made unsolvable"):
        build_insufficient(task, "config3", step_index=9)
    seen = {build_insufficient(task, "config3", seed=s).unsolvable.step_index for s in range(30)}
    assert seen == {2, 3, 4, 5}  # every non-classifier step gets picked by some seed


@pytest.mark.parametrize("config, error", [("config2", NotApplicable), ("config3", LacksCapability)])
def test_calling_the_gap_tools_fails_with_the_matching_error(config, error):
    task = make_task(RECORDS[7], "treatment_planning")
    ts = build_insufficient(task, config, seed=0)
    gap_step = task.gold_chain[ts.unsolvable.step_index]

    def pick(step):
        return ts.by_category(step.category)[0].name if step.index == gap_step.index else ts.optimal[step.index]

    with pytest.raises(error):
        run_gold_chain(task, ts, pick)


def test_differentiated_exactly_one_optimal_and_higher_scoring_traps():
    for task in TASKS:
        ts = build_differentiated(task, seed=4)
        assert set(ts.optimal) == {s.index for s in task.gold_chain}
        for step in task.gold_chain:
            ok = eligible(ts.cards, step, task.anatomy, task.modality)
            assert len(ok) >= 3
            best = ts.card(ts.optimal[step.index])
            assert all(best.performance > c.performance for c in ok if c.name != best.name)
            same = ts.by_category(step.category)
            if not CATEGORY_SPECS[step.category].universal_only:
                assert {is_universal(c) for c in ok} == {True, False}  # different scopes
                traps = [c for c in same if c not in ok]
                assert len(traps) == 2 and all(t.performance > best.performance for t in traps)


@pytest.mark.parametrize("condition", CONDITIONS)
def test_suitable_tools_rank_the_eligible_ones_with_the_optimal_first(condition):
    for task in TASKS[:11]:
        ts = build_toolset(condition, task, seed=6)
        gap = ts.unsolvable.step_index if ts.unsolvable else None
        assert set(ts.suitable) == {s.index for s in task.gold_chain} - {gap}
        for step in task.gold_chain:
            names = {c.name for c in eligible(ts.cards, step, task.anatomy, task.modality)}
            assert set(ts.suitable.get(step.index, {})) == names
            assert all(ts.suitable[step.index][n] == ts.card(n).performance for n in names)
            if step.index in ts.optimal:
                best = ts.optimal[step.index]
                assert max(ts.suitable[step.index].values()) == ts.suitable[step.index][best]


@pytest.mark.parametrize("condition", ["baseline", "redundant_high", "differentiated"])
def test_optimal_tools_solve_every_task(condition):
    for task in TASKS:
        produced = run_gold_chain(task, build_toolset(condition, task, seed=5))
        assert target_value_hit(produced, task.target), (condition, task.id)
        assert target_value_hit(produced, task.milestones)
