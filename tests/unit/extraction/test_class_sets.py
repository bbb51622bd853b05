"""Items naming a set of classes, grades or stages ('NYHA class III or IV', 'INTERMACS class 1-3') answered by the
class a case gives, on sentences written for these tests (issue 28 item 1), with near misses."""

from __future__ import annotations

from medmirror.tools.calculators.points import yes_no
from medmirror.tools.extraction.class_sets import class_set, mentions, verdict
from tests.unit.extraction._vignette import one

NYHA = yes_no("nyha", "NYHA class III or IV heart failure", default="No")
INTERMACS = yes_no("im", "INTERMACS class 1-3", default="No")
STAGE = yes_no("stage", "Stage III-IV", default="No")
CALR = yes_no("calr", "Type 1/like CALR mutation", default="No")



def test_the_items_set_is_read_with_roman_numerals_ranges_and_or_lists():
    assert class_set("NYHA class III or IV heart failure").members == {3, 4}
    assert class_set("INTERMACS class 1-3").members == {1, 2, 3}
    assert class_set("Killip Class II-IV").members == {2, 3, 4}
    assert class_set("Ann Arbor stages III or IV").qualifier == "arbor"
    assert class_set("Type 1/like CALR mutation").members == {1}
    assert class_set("History of heart failure") is None


def test_a_class_outside_the_range_is_no_even_though_the_item_is_named():
    r = one(INTERMACS, "After review she was assigned INTERMACS class 5.")
    assert (r.value, r.status) == ("No", "read")


def test_a_class_inside_the_range_is_yes_despite_an_earlier_negation_in_the_sentence():
    r = one(INTERMACS, "She needs no inotropes, is rated INTERMACS class 3, and walks slowly.")
    assert (r.value, r.status) == ("Yes", "read")


def test_a_bare_class_counts_only_beside_the_items_other_words():
    assert one(NYHA, "He now describes class IV heart failure with breathlessness at rest.").value == "Yes"
    assert one(NYHA, "She reports NYHA class II heart failure symptoms.").value == "No"
    # 'class II obesity' is another scale's class: nothing read from it
    r = one(NYHA, "She has class II obesity and mild heart failure.")
    assert not r.how.startswith("class ")


def test_a_range_the_case_gives_must_lie_inside_or_outside_the_set():
    assert one(INTERMACS, "Over the year her INTERMACS class stayed between 4-6.").value == "No"
    cs = class_set("NYHA class III or IV heart failure")
    assert verdict(cs, mentions(cs, "He has NYHA class II-III symptoms.")) is None  # straddles: unsettled


def test_another_scales_stage_is_not_the_items_stage():
    assert mentions(class_set("Stage III-IV"), "She has CKD stage 4.") == []
    assert one(STAGE, "Imaging placed the lymphoma at stage IIIA.").value == "Yes"


def test_a_denied_class_is_not_read_as_present():
    r = one(CALR, "Sequencing was negative for a type 1/like CALR mutation.")
    assert r.value == "No"
    r = one(CALR, "Sequencing found a Type 1/like CALR mutation and a type 2 diabetes history is noted.")
    assert r.value == "Yes"
