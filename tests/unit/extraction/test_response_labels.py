"""A 'No <the item>' option is the item's absent option (sentences and items written for these tests): read where the
case denies the item, not where it affirms it; an option with words of its own is no denial of the item."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.response_labels import denial_option
from medmirror.tools.extraction.vignette import read_items

EYES = Choice("eyes", "Eye response", opts(("Eyes open spontaneously", 4), ("Eye opening to verbal command", 3),
                                           ("Eye opening to pain", 2), ("No eye opening", 1)))
LIMBS = Choice("limbs", "Limb response", opts(("Obeys commands", 6), ("Withdrawal from pain", 4),
                                              ("Extension to pain", 2), ("No limb response", 1)))


def read(item, text):
    r = read_items((item,), text).items[item.name]
    return r.value, r.status


def test_a_no_item_option_is_the_items_denial():
    assert denial_option(LIMBS) == "No limb response"
    assert denial_option(EYES) is None  # 'opening' is not the item's word
    assert read(LIMBS, "On arrival there is no limb response at all.") == ("No limb response", "read")


def test_an_affirmed_item_is_not_its_denial():
    v, _ = read(LIMBS, "She has a brisk limb response to painful stimuli.")
    assert v != "No limb response"
