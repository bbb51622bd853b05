"""Rome diagnostic criteria (gastrointestinal_rome), each case read by hand from the criteria."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def _gold(cid: str, mid: int, raw: dict):
    calc = CALCULATORS[cid]
    args, notes = mdcalc_arguments(calc, mid, raw)
    assert not notes
    return calc.run(args)


def _all(*keys: str, value: int = 1) -> dict:
    return {k: value for k in keys}


# (calculator, MDCalc id, criteria keys): every one needed
ALL_NEEDED = [
    ("rome4_functional_dysphagia", 10283, ("one", "two", "three", "four")),
    ("rome4_reflux_hypersensitivity", 10277, ("one", "two", "three", "four")),
    ("rome4_globus", 10284, ("one", "two", "three")),
    ("rome4_pancreatic_sod", 10312, ("one", "two", "three", "four")),
    ("rome4_biliary_sod", 10321, ("one", "two", "three")),
    ("rome4_functional_gallbladder_disorder", 10320, ("one", "two")),
    ("rome4_cannabinoid_hyperemesis", 10298, ("one", "two", "three")),
    ("rome4_chronic_nausea_vomiting", 10296, ("one", "two", "three")),
    ("rome4_cyclic_vomiting", 10299, ("one", "two", "three")),
    ("rome4_rumination", 10292, ("one", "two")),
    ("rome4_functional_diarrhea", 10271, ("stools", "ibs")),
    ("rome4_child_cyclic_vomiting", 10324, ("one", "two", "three", "four")),
    ("rome4_child_functional_abdominal_pain", 10330, ("one", "two", "three")),
    ("rome4_child_ibs", 10328, ("one", "two", "three")),
    ("rome4_child_aerophagia", 10327, ("one", "two", "three", "four")),
    ("rome4_child_rumination", 10326, ("one", "two", "three")),
    ("rome4_child_nonretentive_fecal_incontinence", 10332, ("one", "two", "three")),
    ("rome4_infant_colic", 10316, ("one", "two", "three")),
    ("rome4_infant_functional_diarrhea", 10315, ("one", "two", "three", "four")),
    ("rome4_infant_dyschezia", 10314, ("one", "two")),
    ("rome4_infant_regurgitation", 10309, ("one", "two")),
]


@pytest.mark.parametrize("cid, mid, keys", ALL_NEEDED)
def test_all_criteria_needed(cid, mid, keys):
    result = _gold(cid, mid, _all(*keys))
    assert result.value == "Positive" and result.interpretation.startswith("Positive diagnosis")
    # each criterion missing on its own makes the diagnosis negative
    for key in keys:
        result = _gold(cid, mid, {**_all(*keys), key: 0})
        assert result.value == "Negative" and result.interpretation.startswith("Negative diagnosis"), key


@pytest.mark.parametrize("cid, mid, keys", ALL_NEEDED)
def test_an_unanswered_criterion_is_refused(cid, mid, keys):
    with pytest.raises(CalculatorInputError) as err:
        _gold(cid, mid, {k: 1 for k in keys[1:]})
    assert keys[0] in err.value.missing


def test_proctalgia_fugax_reads_the_inverted_duration_item_by_its_label():
    # MDCalc's value for "episodes last seconds to minutes" is 0 for Yes, 1 for No.
    met = {"one": 1, "two": 0, "three": 1, "four": 1}  # MedRisk row 2048 (gold says Negative; see report)
    assert _gold("rome4_proctalgia_fugax", 10323, met).value == "Positive"
    assert _gold("rome4_proctalgia_fugax", 10323, {**met, "two": 1}).value == "Negative"
    assert _gold("rome4_proctalgia_fugax", 10323, {**met, "four": 0}).value == "Negative"  # row 2049-like
    by_label = {"one": "Yes", "two": "Yes", "three": "Yes", "four": "Yes"}
    assert CALCULATORS["rome4_proctalgia_fugax"].run(by_label).value == "Positive"


def test_functional_defecation_disorders_needs_the_first_two_and_names_the_subtype():
    # row 6508: constipation criteria + impaired evacuation + pelvic floor contraction -> positive, dyssynergic
    result = _gold("rome4_functional_defecation_disorders", 10335, {"one": 1, "two": 1, "four": 0, "six": 1})
    assert result.value == "Positive" and "dyssynergic defecation" in result.interpretation
    result = _gold("rome4_functional_defecation_disorders", 10335, {"one": 1, "two": 1, "four": 1, "six": 0})
    assert "inadequate defecatory propulsion" in result.interpretation
    # row 6518: no impaired evacuation on testing -> negative whatever the manometry
    assert _gold("rome4_functional_defecation_disorders", 10335,
                 {"one": 1, "two": 0, "four": 1, "six": 1}).value == "Negative"


@pytest.mark.parametrize("raw, expected", [
    ({"one": 1, "two": 1, "three": 0, "four": 1, "five": 0, "six": 0}, "Positive"),  # 3 of 6 (row 5769-like)
    ({"one": 0, "two": 0, "three": 0, "four": 0, "five": 1, "six": 1}, "Positive"),  # 2 of 6
    ({"one": 0, "two": 0, "three": 0, "four": 0, "five": 1, "six": 0}, "Negative"),  # 1 of 6
])
def test_child_functional_constipation_two_of_six(raw, expected):
    assert _gold("rome4_child_functional_constipation", 10331, raw).value == expected


@pytest.mark.parametrize("cid, mid, edition", [("rome3_ibs", 3165, "Rome III"), ("rome2_ibs", 3281, "Rome II")])
def test_ibs_two_of_three_features(cid, mid, edition):
    result = _gold(cid, mid, {"def": 1, "freq": 0, "form": 1})  # 2 of 3 -> met
    assert result.value == "Positive" and edition in result.interpretation
    assert _gold(cid, mid, {"def": 0, "freq": 0, "form": 1}).value == "Negative"  # 1 of 3


def test_belching_either_kind():
    assert "supragastric" in _gold("rome4_belching_disorders", 10295, {"one": 1, "two": 0}).interpretation
    result = _gold("rome4_belching_disorders", 10295, {"one": 0, "two": 1})
    assert result.value == "Positive" and "excessive gastric belching" in result.interpretation
    assert _gold("rome4_belching_disorders", 10295, {"one": 0, "two": 0}).value == "Negative"
