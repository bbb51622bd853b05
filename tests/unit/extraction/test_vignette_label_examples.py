"""An option's bracketed examples ('e.g. ...') name it on their own: on sentences written for these tests (items built
here)."""

from __future__ import annotations

from medmirror.tools.calculators.points import Choice, opts
from medmirror.tools.extraction.label_members import examples
from medmirror.tools.extraction.vignette import read_items

FLUID = Choice("fluid", "Exposure fluid", opts(("Blood or bloody fluid", 2), ("Low-risk secretions (e.g., tears, sweat)", 0)))
SITE = Choice("site", "Tumour type", opts(("Gastric cancer or pancreatitis", 1),
                                          ("Any other tumour (e.g. biliary, ileal, neuroendocrine)", 0)))


def read(item, text):
    return read_items((item,), text).items[item.name]


def test_the_examples_of_a_label_are_split_at_commas_not_inside_a_phrase():
    assert examples("Low-risk secretions (e.g., tears, sweat)") == ["tears", "sweat"]
    assert examples("Illness (e.g. severe or suicidal depression, acute psychosis, etc)") == [
        "severe or suicidal depression", "acute psychosis"]
    assert examples("Angina (i.e., unstable angina)") == []  # a restatement, no examples


def test_one_example_names_the_option_wholly():
    assert read(FLUID, "A nurse had her eye splashed with a patient's tears.").value.startswith("Low-risk")
    r = read(SITE, "A 60-year-old woman undergoes gastric surgery for an ileal tumour.")
    assert r.value.startswith("Any other tumour")


def test_the_other_options_words_still_name_it():
    assert read(SITE, "A 60-year-old woman with gastric cancer undergoes resection.").value == "Gastric cancer or pancreatitis"
    assert read(FLUID, "A surgeon was splashed with bloody fluid.").value == "Blood or bloody fluid"
