"""Radiology tool cards and the catalogue generator."""

from __future__ import annotations

import pytest

from medmirror.tools.cards import ToolCard
from medmirror.tools.radiology.cards import (
    applies_to,
    can_perform,
    capabilities_of,
    generate_catalogue,
    is_universal,
    make_card,
)
from medmirror.tools.radiology.schema import CATEGORIES, CATEGORY_SPECS, COMBINATIONS


def test_universal_card_fields():
    card = make_card("grounded_diagnoser", name="gd_u", performance=0.8)
    assert isinstance(card, ToolCard) and card.category == "grounded_diagnoser"
    assert is_universal(card) and card.scope["property"] == "universal" and len(card.scope["combinations"]) == 22
    assert card.performance == 0.8 and capabilities_of(card) == ["grounded_diagnosis"]
    required = {s.name for s in card.inputs if s.required}
    optional = {s.name for s in card.inputs if not s.required}
    assert required == {"image", "anatomy", "modality", "anomaly"}
    assert optional == {"organ_segmentation", "clinical_info"}
    assert card.extra["compulsory_inputs"] == ["image", "anatomy", "modality", "anomaly"]
    assert card.extra["outputs"] == ["disease"]
    anatomy = next(s for s in card.inputs if s.name == "anatomy")
    assert anatomy.type == "enum" and len(anatomy.allowed) == 6
    assert "grounded diagnoser" in card.search_text() and "anomaly" in card.brief()


def test_specific_card_scope():
    card = make_card("organ_segmentor", name="os_chest_ct", combinations=[("Chest", "CT")], performance=0.9)
    assert not is_universal(card) and card.extra["property"] == "specific"
    assert applies_to(card, "Chest", "CT") and not applies_to(card, "Chest", "MRI")
    assert next(s for s in card.inputs if s.name == "modality").allowed == ["CT"]
    assert "Chest CT" in card.description
    assert can_perform(card, "organ_segmentor", "Chest", "CT", ["organ_segmentation"])
    assert not can_perform(card, "organ_segmentor", "Chest", "CT", ["organ_bounding_box"])
    assert not can_perform(card, "anomaly_detector", "Chest", "CT", [])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"category": "lesion_painter"}, "unknown radiology tool category"),
        ({"performance": 1.2}, "performance must be in"),
        ({"category": "anatomy_classifier", "combinations": [("Chest", "CT")]}, "universal only"),
        ({"capabilities": ["disease_diagnosis"]}, "cannot have capabilities"),
        ({"combinations": [("Breast", "X-ray")]}, "not anatomy-modality combinations"),
        ({"combinations": []}, "at least one combination"),
    ],
)
def test_make_card_rejects_bad_specs(kwargs, message):
    args = {"category": "organ_segmentor", "name": "x", "performance": 0.5, **kwargs}
    with pytest.raises(ValueError, match=message):
        make_card(**args)


def test_catalogue_is_deterministic_and_covers_every_category_and_pair():
    a = generate_catalogue(seed=3)
    assert [c.model_dump() for c in a] == [c.model_dump() for c in generate_catalogue(seed=3)]
    assert [c.performance for c in a] != [c.performance for c in generate_catalogue(seed=4)]
    specific_categories = [c for c in CATEGORIES if not CATEGORY_SPECS[c].universal_only]
    assert len(a) == 2 * len(CATEGORIES) + len(specific_categories) * len(COMBINATIONS)
    assert len({c.name for c in a}) == len(a)
    for card in a:
        assert 0.0 <= card.performance <= 1.0
        if is_universal(card):
            assert 0.70 <= card.performance <= 0.90
        else:
            assert 0.80 <= card.performance <= 0.98
    for category in CATEGORIES:
        caps = CATEGORY_SPECS[category].capabilities
        for pair in COMBINATIONS:
            assert any(can_perform(c, category, *pair, caps) for c in a), (category, pair)
    assert len(generate_catalogue(seed=0, universal_per_category=3, specific_per_combination=2)) == 30 + 8 * 22 * 2
