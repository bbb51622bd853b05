"""A label named by its members (items and sentences written for these tests): the examples its bracket gives
('(e.g., semen)') name it; a residual class ('Any comorbidity EXCEPT renal failure, ...') is named by a member of its
class the case affirms, not by the kinds it leaves out; a condition that may be a left-out kind leaves it unsettled."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.label_members import examples, without_exception
from medmirror.tools.extraction.vignette import read_items

FLUID = Choice("fluid", "Type of fluid in the needle", opts(
    ("Blood", 3), ("Other high-risk fluids (e.g., semen, vaginal fluid)", 2),
    ("Low-risk secretions (e.g., tears, urine or saliva)", 1)))
COMORBID = Choice("comor", "Comorbidities", opts(
    ("No major comorbidity", 0),
    ("Any comorbidity EXCEPT renal failure, liver failure, and/or disseminated malignancy", 2),
    ("Renal failure, liver failure, and/or disseminated malignancy", 3)))
ANY_OTHER, LEFT_OUT = COMORBID.options[1].label, COMORBID.options[2].label


def value(item, text):
    r = read_items((item,), text).items[item.name]
    return r.value, r.status


def test_examples_and_exceptions_of_a_label():
    assert examples("Low-risk secretions (e.g., tears, urine or saliva)") == ["tears", "urine", "saliva"]
    assert examples("Chronic neurologic disease (such as dementia)") == ["dementia"]
    assert examples("Blood") == []
    assert without_exception(ANY_OTHER) == "Any comorbidity"
    assert without_exception("Related other than HLA identical sibling") == "Related other than HLA identical sibling"


def test_an_example_written_whole_names_its_label():
    assert value(FLUID, "She was stuck by a needle holding semen from the source patient.")[0] == FLUID.options[1].label
    assert value(FLUID, "A drop of saliva reached his skin.")[0] == FLUID.options[2].label


def test_a_denied_or_partial_example_names_nothing():
    assert value(FLUID, "The needle held no urine.")[0] != FLUID.options[2].label
    assert value(FLUID, "Her vaginal exam was normal.")[1] != "read"  # 'vaginal' alone is not 'vaginal fluid'


def test_a_left_out_kind_names_its_own_option_not_the_residual_class():
    assert value(COMORBID, "He has a history of chronic liver failure.") == (LEFT_OUT, "read")
    assert value(COMORBID, "He has metastatic colon cancer.") == (LEFT_OUT, "read")


def test_a_member_of_the_class_names_the_residual_option():
    assert value(COMORBID, "He has a history of hypertension and type 2 diabetes.") == (ANY_OTHER, "read")
    assert value(COMORBID, "She takes inhalers for her COPD.") == (ANY_OTHER, "read")


def test_near_misses_do_not_name_the_residual_option():
    # denied, a relative's, a risk factor that is no disease: not a comorbidity of the patient
    for text in ("He denies hypertension or diabetes.", "His mother has diabetes.", "He smokes a pack a day."):
        assert value(COMORBID, text)[0] != ANY_OTHER, text
    # a condition that may be one of the kinds the label leaves out: unsettled, whatever else the case has
    assert value(COMORBID, "He has hypertension and cirrhosis.") == (None, "missing")
    assert value(COMORBID, "He has hypertension and a lung cancer without metastases.") == (None, "missing")
