"""Which kind of item a pair of labels makes, and which part of a label is negative (items and sentences written for
these tests): 'Not affected' / 'Affected' and 'No/don't know' / 'Yes' are findings; 'mild' of 'No/mild X' is
affirmative, the 'flaring' of 'No retractions or flaring' is not."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.choice_labels import absent_option, is_finding
from medmirror.tools.extraction.vignette import _alternatives, read_items

VESSEL = Choice("vessel", "Basilar artery involvement", opts(("Not affected", 0), ("Affected", 2)))
FALLS = Choice("falls", "Fell more than once in the past year", opts(("No/don’t know", 0), ("Yes", 1)))
DILATION = Choice("dilation", "Ureteral dilation", opts(("No/mild dilation", 0), ("Moderate/severe dilation", 1)))
EFFORT = Choice("effort", "Breathing effort", opts(("No retractions or flaring", 0), ("Mild retractions", 1),
                                                  ("Nasal flaring", 2)))


def read(item, text):
    r = read_items((item,), text).items[item.name]
    return r.value, r.status


def test_affected_and_dont_know_labels_make_findings():
    assert is_finding(VESSEL) and absent_option(VESSEL) == "Not affected"
    assert is_finding(FALLS) and absent_option(FALLS) == "No/don’t know"
    assert not is_finding(Choice("x", "Side", opts(("Left", 0), ("Right", 1))))


def test_an_affected_finding_is_read_like_any_finding():
    assert read(VESSEL, "The angiogram shows narrowing involving the basilar artery.") == ("Affected", "read")
    assert read(VESSEL, "There is no involvement of the basilar artery on imaging.") == ("Not affected", "read")
    assert read(VESSEL, "The angiogram shows narrowing of the middle cerebral artery.")[1] != "read"


def test_dont_know_is_the_absent_option():
    assert read(FALLS, "She fell more than once in the past year.") == ("Yes", "read")
    assert read(FALLS, "She lives alone with her cat.") == ("No/don’t know", "assumed")


def test_the_part_after_a_lone_negation_is_affirmative():
    assert read(DILATION, "Ultrasound shows mild ureteral dilation.") == ("No/mild dilation", "read")
    assert read(DILATION, "Ultrasound shows severe ureteral dilation.") == ("Moderate/severe dilation", "read")


def test_a_leading_negation_still_denies_every_part_of_an_or_list():
    # 'No retractions or flaring' is not supported by flaring; only a lone 'No/' leaves the rest affirmative
    assert [affirmative for _, affirmative in _alternatives("No retractions or flaring")] == [False] * 4
    assert [affirmative for _, affirmative in _alternatives("No/mild dilation")] == [False, False, True]
    assert read(EFFORT, "The infant has nasal flaring.") == ("Nasal flaring", "read")
