"""A finding item whose first word is a concept's term modifying the noun it is about ('Tumor necrosis present') is
not read from the concept ('carcinoma' names a tumor, not its necrosis) (issue 28); sentences written for the tests."""

from __future__ import annotations

from medmirror.tools.calculators.points import yes_no
from medmirror.tools.extraction.vignette import _item_concepts
from tests.unit.extraction._vignette import one

NECROSIS = yes_no("nec", "Tumor necrosis present", 2, default=None)
DIABETES = yes_no("dm", "Insulin-requiring diabetes", 1)



def test_the_modified_noun_must_be_named():
    assert one(NECROSIS, "Pathology shows a clear cell renal carcinoma of 6 cm.").value != "Yes"
    assert one(NECROSIS, "The resected carcinoma showed extensive tumor necrosis.").value == "Yes"
    assert one(NECROSIS, "The carcinoma showed no tumor necrosis.").value == "No"


def test_a_term_before_its_own_concept_or_a_presence_word_is_still_the_concept():
    assert "diabetes" in _item_concepts("Insulin-requiring diabetes")  # the noun after is the same concept
    assert "hypertension" in _item_concepts("Hypertension present")
    assert "cancer" not in _item_concepts("Tumor necrosis present")
