"""A label's clinical class read from what a case writes for its members (sentences and items written for these
tests): gunshot and stab wounds are penetrating trauma, collisions and falls blunt; a parent is a first-degree
relative. Two classes named leave the item unsettled; a label that only contains the class words is not read."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.label_synonyms import keys_of, label_stems
from medmirror.tools.extraction.vignette import read_items

MECHANISM = Choice("mechanism", "Kind of trauma", opts(("Blunt", 0), ("Penetrating", 1)))
ENERGY = Choice("energy", "Mechanism of the injury", opts(("Low energy (knife wound)", 1),
                                                        ("High energy (high speed MVA)", 2),
                                                        ("Very high energy (crush with contamination)", 3)))
KIN = Choice("kin", "Nearest relative with the disease", opts(("1st Degree", 1), ("2nd Degree", 2), ("3rd Degree", 3),
                                                              ("No relative with the disease", 0)))


def value(item, text):
    r = read_items((item,), text).items[item.name]
    return r.value, r.status


def test_gunshot_and_stab_wounds_are_penetrating():
    assert value(MECHANISM, "A 33-year-old man arrives with a gunshot wound to the thigh.") == ("Penetrating", "read")
    assert value(MECHANISM, "She was stabbed twice in the flank outside a bar.") == ("Penetrating", "read")


def test_collisions_and_falls_are_blunt():
    assert value(MECHANISM, "He was the driver in a motor vehicle collision on the highway.") == ("Blunt", "read")
    assert value(MECHANISM, "An 80-year-old woman fell down the stairs at home.") == ("Blunt", "read")


def test_both_mechanisms_leave_the_item_unsettled():
    v, status = value(MECHANISM, "After a car crash on the way home he was shot in the arm.")
    assert v is None and status == "uncertain"


def test_near_misses_name_no_mechanism():
    # a fall of a value, a shot of a vaccine, an assault of unknown kind: no mechanism
    for text in ("Her blood pressure fell to 80/40 overnight.", "He received a flu shot last week.",
                 "He was assaulted outside a bar last night."):
        assert value(MECHANISM, text)[1] != "read", text


def test_a_car_accident_is_the_mva_of_a_label_but_a_motorcycle_crash_is_not():
    assert value(ENERGY, "He was hurt in a high-speed car accident.")[0] == "High energy (high speed MVA)"
    assert value(ENERGY, "He was hurt in a motorcycle crash.")[1] != "read"


def test_parents_siblings_and_children_are_first_degree_relatives():
    assert value(KIN, "Her father has the disease.") == ("1st Degree", "read")
    assert value(KIN, "His older sister has the disease.") == ("1st Degree", "read")


def test_grandparents_and_half_siblings_are_second_degree_cousins_third():
    assert value(KIN, "His grandfather has the disease.") == ("2nd Degree", "read")
    assert value(KIN, "Her half-brother has the disease.") == ("2nd Degree", "read")
    assert value(KIN, "A first cousin has the disease.") == ("3rd Degree", "read")
    assert value(KIN, "Her great-grandmother had the disease.") == ("3rd Degree", "read")


def test_an_ordinal_word_is_its_numeral():
    assert value(KIN, "A second-degree relative has the disease.") == ("2nd Degree", "read")


def test_two_degrees_leave_the_item_unsettled():
    assert value(KIN, "Her mother and an uncle have the disease.")[1] == "uncertain"


def test_a_label_that_only_contains_the_class_words_is_not_read():
    assert keys_of("1st degree AV block") == ()
    assert label_stems("1st degree AV block", "Her father has it.") == []
    assert keys_of("Blunt") == ("blunt",)
