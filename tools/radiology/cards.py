"""Radiology tool cards (RadA-BenchPlat style) and a catalogue generator.

Every simulated radiology tool is a :class:`medmirror.tools.cards.ToolCard` with:

- ``category``: one of the 10 categories of :mod:`medmirror.tools.radiology.schema`;
- ``inputs``: typed :class:`InputSpec`s, ``required=True`` for compulsory inputs;
- ``output``: the data items it produces;
- ``scope``: ``{"property": "universal" | "specific", "combinations": [[anatomy, modality], ...]}``
  (a universal tool lists all 22 combinations);
- ``performance``: a score in [0, 1];
- ``extra``: ``property``, ``capabilities`` (its abilities), ``compulsory_inputs``,
  ``optional_inputs``, ``one_of`` (at least one needed), ``outputs``.

Helpers read those fields back (:func:`applies_to`, :func:`capabilities_of`, ...).
:func:`generate_catalogue` builds many tools per category, universal and
specific variants, deterministically from a seed.
"""

from __future__ import annotations

import random
from typing import Iterable

from medmirror.tools.cards import InputSpec, ToolCard
from medmirror.tools.radiology.schema import (
    ANATOMIES,
    CATEGORIES,
    CATEGORY_LABELS,
    CATEGORY_SPECS,
    COMBINATIONS,
    DATA_DESCRIPTIONS,
    DATA_TYPES,
    MODALITIES,
    combo_slug,
)

REFERENCE = (
    "Simulated tool following the RadA-BenchPlat tool-card design (category, property, ability, "
    "compulsory/optional inputs, output, performance score); executes against a synthetic record."
)
CONVENTIONS = [
    "Every output carries a quality in [0, 1]; pass outputs on unchanged as inputs of later tools.",
    "A call outside the tool's anatomy-modality scope raises NotApplicable; a missing capability raises LacksCapability.",
]


def _input_spec(key: str, required: bool, combos: list[tuple[str, str]]) -> InputSpec:
    kind, fields = DATA_TYPES[key]
    desc = DATA_DESCRIPTIONS[key]
    if kind == "enum":
        domain = ANATOMIES if key == "anatomy" else MODALITIES
        idx = 0 if key == "anatomy" else 1
        allowed = [v for v in domain if any(c[idx] == v for c in combos)]
        return InputSpec(name=key, type="enum", description=desc, allowed=allowed, required=required)
    if kind == "object":
        desc = f"{desc}; an object with {', '.join(fields)} (or a memory item {{value, quality}})"
        return InputSpec(name=key, type="object", description=desc, required=required)
    return InputSpec(name=key, type="string", description=desc, required=required)


def make_card(
    category: str,
    *,
    name: str,
    combinations: Iterable[tuple[str, str]] | None = None,
    capabilities: Iterable[str] | None = None,
    performance: float,
    version: str = "",
) -> ToolCard:
    """A tool card of ``category``.

    ``combinations=None`` makes a universal tool; otherwise the tool is specific
    to the listed anatomy-modality pairs. ``capabilities=None`` gives all of
    the category's capabilities; pass others (e.g. a decoy capability) to build
    a tool lacking one.
    """
    if category not in CATEGORY_SPECS:
        raise ValueError(f"unknown radiology tool category {category!r}")
    if not 0.0 <= performance <= 1.0:
        raise ValueError(f"performance must be in [0, 1], got {performance}")
    spec = CATEGORY_SPECS[category]
    universal = combinations is None
    combos = list(COMBINATIONS) if universal else [tuple(c) for c in combinations]  # type: ignore[misc]
    unknown = [c for c in combos if c not in COMBINATIONS]
    if unknown:
        raise ValueError(f"not anatomy-modality combinations: {unknown}")
    if not combos:
        raise ValueError("a specific tool needs at least one combination")
    if spec.universal_only and not universal:
        raise ValueError(f"{category} tools are universal only")
    caps = list(spec.capabilities if capabilities is None else capabilities)
    allowed_caps = set(spec.capabilities) | set(spec.decoy_capabilities)
    bad = [c for c in caps if c not in allowed_caps]
    if bad:
        raise ValueError(f"{category} cannot have capabilities {bad}; allowed: {sorted(allowed_caps)}")
    label = CATEGORY_LABELS[category]
    where = "all anatomies and modalities" if universal else ", ".join(f"{a} {m}" for a, m in combos)
    prop = "universal" if universal else "specific"
    inputs = [_input_spec(k, True, combos) for k in spec.compulsory] + [_input_spec(k, False, combos) for k in spec.optional]
    aliases = [label] + ([] if universal else [f"{a} {m} {label}" for a, m in combos])
    description = (
        f"{label.capitalize()}{' ' + version if version else ''} ({prop}; {where}): {spec.summary}. "
        f"Abilities: {', '.join(c.replace('_', ' ') for c in caps)}. Performance {performance:.2f}."
    )
    return ToolCard(
        name=name,
        category=category,
        description=description,
        aliases=aliases,
        inputs=inputs,
        output=", ".join(f"{k} ({DATA_DESCRIPTIONS[k]})" for k in spec.outputs),
        reference=REFERENCE,
        conventions=list(CONVENTIONS),
        scope={"property": prop, "combinations": [list(c) for c in combos]},
        performance=round(performance, 3),
        extra={
            "property": prop,
            "capabilities": caps,
            "compulsory_inputs": list(spec.compulsory),
            "optional_inputs": list(spec.optional),
            "one_of": list(spec.one_of),
            "outputs": list(spec.outputs),
        },
    )


# ---------------------------------------------------------------------------
# Reading cards back
# ---------------------------------------------------------------------------


def combinations_of(card: ToolCard) -> list[tuple[str, str]]:
    scope = card.scope or {}
    return [tuple(c) for c in scope.get("combinations", [])]  # type: ignore[misc]


def is_universal(card: ToolCard) -> bool:
    return (card.scope or {}).get("property") == "universal"


def applies_to(card: ToolCard, anatomy: str, modality: str) -> bool:
    """Whether the card's scope covers the anatomy-modality pair."""
    return (anatomy, modality) in combinations_of(card)


def capabilities_of(card: ToolCard) -> list[str]:
    return list(card.extra.get("capabilities", []))


def has_capabilities(card: ToolCard, needed: Iterable[str]) -> bool:
    caps = set(capabilities_of(card))
    return all(c in caps for c in needed)


def can_perform(card: ToolCard, category: str, anatomy: str, modality: str, needed: Iterable[str]) -> bool:
    """Whether the card is of ``category``, applies to the pair and has every needed capability."""
    return card.category == category and applies_to(card, anatomy, modality) and has_capabilities(card, needed)


# ---------------------------------------------------------------------------
# Catalogue
# ---------------------------------------------------------------------------


def _variant_capabilities(category: str, rng: random.Random) -> list[str]:
    """Capability sets seen in practice: some quantifiers do only organs or only anomalies,
    some report generators cannot report quantities."""
    if category == "biomarker_quantifier":
        return rng.choice([["organ_biomarker", "anomaly_biomarker"], ["organ_biomarker"], ["anomaly_biomarker"]])
    if category == "report_generator":
        return rng.choice([["report_generation", "quantitative_reporting"], ["report_generation"]])
    return list(CATEGORY_SPECS[category].capabilities)


def generate_catalogue(seed: int = 0, universal_per_category: int = 2, specific_per_combination: int = 1) -> list[ToolCard]:
    """Many tools per category, deterministic for ``seed``.

    Per category: ``universal_per_category`` universal tools (performance drawn
    in [0.70, 0.90]) and, for categories that can be specific,
    ``specific_per_combination`` tools for each of the 22 combinations
    (performance in [0.80, 0.98]: specialists usually beat generalists).
    Quantifier and report-generator variants differ in capabilities.
    """
    rng = random.Random(f"radcatalogue:{seed}")
    cards: list[ToolCard] = []
    for category in CATEGORIES:
        for k in range(1, universal_per_category + 1):
            cards.append(
                make_card(
                    category,
                    name=f"{category}_universal_{k}",
                    capabilities=_variant_capabilities(category, rng) if k > 1 else None,
                    performance=round(rng.uniform(0.70, 0.90), 3),
                    version=f"U{k}",
                )
            )
        if CATEGORY_SPECS[category].universal_only:
            continue
        for anatomy, modality in COMBINATIONS:
            for k in range(1, specific_per_combination + 1):
                cards.append(
                    make_card(
                        category,
                        name=f"{category}_{combo_slug(anatomy, modality)}_{k}",
                        combinations=[(anatomy, modality)],
                        capabilities=_variant_capabilities(category, rng),
                        performance=round(rng.uniform(0.80, 0.98), 3),
                        version=f"S{k}",
                    )
                )
    return cards
