"""Modified Rankin Scale, mMRC dyspnoea, Katz ADL and Spetzler-Martin; patients written for these tests."""

from __future__ import annotations

import pytest

from medmirror.bench.medmcp import resolve
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError

KATZ = ("bathing", "dressing", "toileting", "transferring", "continence", "feeding")


def test_modified_rankin_grades():
    calc = CALCULATORS["modified_rankin"]
    result = calc.run({"grade": "Moderate disability; requiring some help, but able to walk without assistance"})
    assert result.value == 3 and "independent" not in result.interpretation
    assert "functionally independent" in calc.run({"grade": "No symptoms"}).interpretation  # 0-2 good outcome
    with pytest.raises(CalculatorInputError):
        calc.run({})
    assert resolve("Modified Rankin Scale (mRS)").id == "modified_rankin"


def test_mmrc_gold_boundary():
    calc = CALCULATORS["mmrc_dyspnea"]
    assert "fewer symptoms" in calc.run({"grade": "Short of breath when hurrying on the level or walking up a "
                                                  "slight hill"}).interpretation  # 1
    result = calc.run({"grade": "Walks slower than people of the same age on the level because of breathlessness, "
                                "or has to stop for breath when walking at own pace on the level"})
    assert result.value == 2 and "more symptoms" in result.interpretation


def test_katz_adl_bands():
    calc = CALCULATORS["katz_adl"]
    all_in = {k: "Independent" for k in KATZ}
    assert calc.run(all_in).value == 6 and "full function" in calc.run(all_in).interpretation
    # dependent in bathing and dressing: 4 -> moderate; in four activities: 2 -> severe
    assert "moderate" in calc.run({**all_in, "bathing": "Dependent", "dressing": "Dependent"}).interpretation
    assert "severe" in calc.run({**all_in, **{k: "Dependent" for k in KATZ[:4]}}).interpretation
    with pytest.raises(CalculatorInputError) as err:  # independence is never assumed
        calc.run({k: v for k, v in all_in.items() if k != "feeding"})
    assert err.value.missing == ["feeding"]


def test_spetzler_martin():
    calc = CALCULATORS["spetzler_martin"]
    # 2 cm (1) + eloquent (1) + superficial drainage (0) = II; 4 cm (2) + eloquent + deep = IV
    assert calc.run({"size": "<3 cm", "eloquent": "Yes", "deep_drainage": "No"}).value == 2
    result = calc.run({"size": "3-6 cm", "eloquent": "Yes", "deep_drainage": "Yes"})
    assert result.value == 4 and "high surgical risk" in result.interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"size": ">6 cm", "eloquent": "No"})
    assert err.value.missing == ["deep_drainage"]
