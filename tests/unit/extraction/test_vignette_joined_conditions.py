"""Options that join conditions on several measures ('SBP >=100 AND HR <100'): each condition is read from the text
and the option is chosen only when all of its conditions hold and every other option fails one (issue 28); on
sentences written for these tests, near misses included."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.joined_conditions import joined_conditions
from medmirror.tools.extraction.vignette import _quantity_name
from tests.unit.extraction._vignette import one

SHOCK = Choice("shock", "Circulation", opts(("Stable (SBP >=100 AND HR <100)", 0), ("Tachycardic (SBP >=100 AND HR >=100)", 1),
                                            ("Hypotensive (SBP <100)", 2)))



def test_both_measures_settle_the_joined_option():
    r = one(SHOCK, "On arrival she had a blood pressure of 142/88 mmHg and a pulse of 84.")
    assert (r.value, r.status) == ("Stable (SBP >=100 AND HR <100)", "read")
    assert one(SHOCK, "Vitals: BP 104/70, heart rate 118 bpm.").value == "Tachycardic (SBP >=100 AND HR >=100)"
    assert one(SHOCK, "Vitals: BP 100/70, heart rate 100 bpm.").value == "Tachycardic (SBP >=100 AND HR >=100)"  # edges


def test_one_measure_settles_an_option_of_one_condition():
    r = one(SHOCK, "He looks pale; blood pressure 86/50 mmHg.")  # no heart rate needed: SBP <100 rules out the others
    assert (r.value, r.status) == ("Hypotensive (SBP <100)", "read")


def test_a_condition_not_read_leaves_the_item_unsettled():
    assert one(SHOCK, "Her blood pressure is 128/76 mmHg.").status != "read"  # stable or tachycardic: no heart rate
    assert one(SHOCK, "His heart rate is 72 beats per minute.").status != "read"  # no blood pressure
    assert one(SHOCK, "She presents with melena and dizziness.").status != "read"


def test_only_labels_of_named_measures_joined_by_and_are_conditions():
    assert joined_conditions(SHOCK, _quantity_name) is not None
    either = Choice("x", "Change", opts(("None", 0), ("SBP >20 or HR >20", 1), ("SBP >30 AND HR >25", 2)))
    change = Choice("x", "Platelets", opts(("Fall >50% AND nadir >=20", 2), ("Fall <30%", 0)))
    banded = Choice("x", "Age", opts(("<35 years", 0), (">=35 and <55 years", 1), (">=55 years", 2)))
    assert joined_conditions(either, _quantity_name) is None  # an OR is not read this way
    assert joined_conditions(change, _quantity_name) is None  # a change is no value
    assert joined_conditions(banded, _quantity_name) is None  # one measure's band, read as a band


COMORBIDITY = Choice("comor", "Comorbidities", opts(("No major comorbidity", 0), ("Heart failure or ischaemic heart disease", 2),
                                                    ("Renal or liver failure", 3)))


def test_a_comorbidity_item_is_not_assumed_absent_when_the_case_gives_a_history():
    r = one(COMORBIDITY, "She has a past medical history of asthma and gout.")
    assert (r.value, r.status) == (None, "missing")  # a history no option names: unsettled, not 'No major comorbidity'
    r = one(COMORBIDITY, "She presents with melena and dizziness.")
    assert (r.value, r.status) == ("No major comorbidity", "assumed")  # no history given: the absent option
    assert one(COMORBIDITY, "He has a history of heart failure.").value == "Heart failure or ischaemic heart disease"
