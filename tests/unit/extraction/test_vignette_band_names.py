"""Band labels that write the bracket's initials name the item's quantity (issue 28 item 1), on an item and
sentences written for these tests."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.band_names import bracket_named
from tests.unit.extraction._vignette import one

FUNC = Choice("fs", "Overall state (Eastern Functional Score)",
              opts(("Good (EFS 70%-100%)", 2), ("Fair (EFS 40%-60%)", 1), ("Poor (EFS 0%-30%)", 0)))


def test_the_bracket_the_labels_abbreviate():
    assert bracket_named(FUNC.question, [o.label for o in FUNC.options]) == "Eastern Functional Score"
    assert bracket_named("Overall state (Eastern Functional Score)", ["Good (70%-100%)", "Poor (0%-60%)"]) is None


def test_the_brackets_name_and_a_number_read_the_band():
    r = one(FUNC, "She walks with a cane and has an Eastern Functional Score of 50%.")
    assert (r.value, r.status) == ("Fair (EFS 40%-60%)", "read")


def test_a_number_of_another_quantity_is_not_read():
    r = one(FUNC, "She walks with a cane; her oxygen saturation is 95%.")
    assert r.status != "read"
