"""A unit written onto its number ('30mL', '7cm') ends the number all the same (issue 28), on sentences written for
these tests."""

from __future__ import annotations

from medmirror.tools.calculators.points import yes_no
from tests.unit.extraction._vignette import one

VOLUME = yes_no("vol", "Hematoma volume >=30mL", default=None)
MANY = yes_no("many", "Number of lesions >1", default=None)



def test_a_glued_unit_gives_the_items_number():
    assert one(VOLUME, "The hematoma volume was measured below 30mL on the scan.").value == "No"
    assert one(VOLUME, "Her hematoma volume was 45mL.").value == "Yes"


def test_a_glued_unit_of_another_quantity_is_no_count():  # near miss: '4cm' is a size, not four lesions
    assert one(MANY, "Imaging shows a single lesion measuring 4cm.").value != "Yes"
