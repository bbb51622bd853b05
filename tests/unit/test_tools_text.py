"""The single loop's tool section stays within its budget: full cards, shared conventions once, or one line each."""

from __future__ import annotations

from medmirror.nodes.tool_agent import card_detail, tools_text
from medmirror.tools.cards import InputSpec, ToolCard

SHARED = "Every output carries a quality in [0, 1]; pass outputs on unchanged as inputs of later tools."


def card(i: int) -> ToolCard:
    return ToolCard(name=f"tool_{i}", category="organ_segmentor", description=f"Segments organ {i} on CT.",
                    inputs=[InputSpec(name="image", type="string", description="identifier of the image")],
                    output="organ mask", reference="synthetic", conventions=[SHARED, f"Own rule {i}."])


def test_full_cards_when_they_fit():
    cards = [card(i) for i in range(3)]
    assert tools_text(cards, budget_chars=10_000) == "\n\n".join(card_detail(c) for c in cards)
    assert tools_text([], budget_chars=10) == "(no tools)"


def test_shared_conventions_are_printed_once_when_full_cards_do_not_fit():
    cards = [card(i) for i in range(20)]
    full = "\n\n".join(card_detail(c) for c in cards)
    text = tools_text(cards, budget_chars=len(full) - 1)
    assert len(text) < len(full) and text.count(SHARED) == 1
    assert all(f"Own rule {i}." in text for i in range(20))  # each card keeps its own conventions
    assert all(f"tool_{i}: Segments organ {i} on CT." in text for i in range(20))


def test_one_line_per_tool_when_even_that_does_not_fit():
    cards = [card(i) for i in range(20)]
    text = tools_text(cards, budget_chars=2_000)
    lines = text.split("\n\n")[0].splitlines()
    assert lines == [c.brief() for c in cards]  # every tool still offered, none dropped
    assert text.count(SHARED) == 1
