"""Rules of the dosing family (tools/extraction/rules/dosing.py) on sentences written for these tests.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS as C
from medmirror.tools.extraction.grounding import rule_arguments
from medmirror.tools.extraction.rules.dosing import opioid_list
from tests.unit.extraction._rules import args_of, value


# --- stopped opioids -------------------------------------------------------------------------------------------------
def test_a_stopped_opioid_is_not_in_the_daily_mme() -> None:
    note = "Hydromorphone infusion was discontinued this morning. Now on oxycodone 5 mg every 4 hours."
    meds = args_of("morphine_milligram_equivalents", note)["medications"]
    assert meds == [{"drug": "OxyCODONE", "dose": 5.0, "unit": "mg", "doses_per_day": 6.0}]
    prev = "She previously took codeine 30 mg QID. Current: tramadol 100 mg twice daily."
    assert [m["drug"] for m in args_of("morphine_milligram_equivalents", prev)["medications"]] == ["TraMADol"]


def test_a_history_header_does_not_stop_an_opioid() -> None:
    note = "PMH: lumbar stenosis on morphine 15 mg twice daily."
    assert args_of("morphine_milligram_equivalents", note)["medications"][0]["doses_per_day"] == 2.0


# --- steroid conversion: one-route drugs, a weight-based dose with its absolute dose ----------------------------------
@pytest.mark.parametrize("note, steroid, dose", [
    ("She has taken 15mg prednisone daily since March.", "PredniSONE PO", 15.0),  # prednisone is oral only
    ("Prednisolone 0.5 mg/kg/day (35 mg) for two weeks.", "PrednisoLONE PO", 35.0),
    ("Hydrocortisone 10 mg twice daily.", "Hydrocortisone", 10.0),  # two routes listed: none is chosen
])
def test_steroid_option_and_dose(note: str, steroid: str, dose: float) -> None:
    a = rule_arguments(C["steroid_conversion"], note, question="Convert to dexamethasone PO.").args
    assert (a["input_steroid"], a["dose"]) == (steroid, dose)


def test_a_weight_based_steroid_dose_alone_is_refused() -> None:
    a = rule_arguments(C["steroid_conversion"], "Methylprednisolone 2 mg/kg IV.", question="Convert to prednisone.").args
    assert "rejected" in a["dose"]


def test_an_opioid_infusion_rate_is_not_a_daily_dose() -> None:
    assert value(opioid_list, "Morphine infusion 2 mg/h overnight.") is None


@pytest.mark.parametrize("question, target", [
    ("How many mg of IV hydrocortisone equal her current oral prednisolone dose?", "Hydrocortisone IV"),
    ("What dose of oral dexamethasone is equivalent to his usual methylprednisolone dose?", "Dexamethasone PO"),
    ("Convert her prednisone dose to IV methylprednisolone.", "MethylPrednisoLONE IV"),
])
def test_the_patients_own_steroid_is_the_source_not_the_target(question: str, target: str) -> None:
    from medmirror.tools.calculators import CALCULATORS
    from medmirror.tools.extraction.grounding import rule_arguments
    g = rule_arguments(CALCULATORS["steroid_conversion"], "On prednisolone 30 mg PO each morning.", question=question)
    assert g.args["target_steroid"] == target
