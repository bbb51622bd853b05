"""Metabolic calculators: HOMA-IR (MedCalc-Bench 31) and Friedewald LDL (44)."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.metabolic import ldl_band

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {31, 44}
HOMA = CALCULATORS["homa_ir"]
LDL = CALCULATORS["ldl_friedewald"]


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


# --- HOMA-IR ----------------------------------------------------------------

def test_homa_known_values() -> None:
    # 10 x 81 / 405 = 2.0
    r = HOMA.run({"insulin": 10, "glucose": 81})
    assert r.value == pytest.approx(2.0)
    assert r.interpretation.startswith("2.5 or below")
    # 20 x 101.25 / 405 = 5.0
    assert HOMA.run({"insulin": 20, "glucose": 101.25}).value == pytest.approx(5.0)


def test_homa_band_edge() -> None:
    # 10 x 101.25 / 405 = 2.5 (not above); 10 x 101.3 / 405 = 2.5012 (above)
    assert HOMA.run({"insulin": 10, "glucose": 101.25}).interpretation.startswith("2.5 or below")
    assert HOMA.run({"insulin": 10, "glucose": 101.3}).interpretation.startswith("above 2.5")


def test_homa_si_units() -> None:
    # insulin 60 pmol/L / 6 = 10 µIU/mL; glucose 5 mmol/L x 18.016 = 90.08 mg/dL; 10 x 90.08 / 405 = 2.22420
    r = HOMA.run({"insulin": "60 pmol/L", "glucose": "5 mmol/L"})
    assert r.value == pytest.approx(2.22420, abs=1e-5)
    assert r.inputs["insulin"] == pytest.approx(10.0)
    # pair and dict forms, mIU/L = µIU/mL
    assert HOMA.run({"insulin": [60, "pmol/L"], "glucose": 90.08}).value == pytest.approx(2.22420, abs=1e-5)
    assert HOMA.run({"insulin": {"value": 10, "unit": "mIU/L"}, "glucose": 90.08}).value == \
        pytest.approx(2.22420, abs=1e-5)


def test_homa_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        HOMA.run({"glucose": 90})
    assert err.value.missing == ["insulin"]
    # range is checked after the pmol/L conversion: 18000 pmol/L = 3000 µIU/mL (upper edge, the extractor's
    # bound: insulinoma, insulin overdose) is accepted, 18006 pmol/L = 3001 µIU/mL is refused
    assert HOMA.run({"insulin": "18000 pmol/L", "glucose": 81}).value == pytest.approx(3000 * 81 / 405)
    with pytest.raises(CalculatorInputError) as err:
        HOMA.run({"insulin": "18006 pmol/L", "glucose": 81})
    assert "insulin" in str(err.value)


def test_homa_out_of_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        HOMA.run({"insulin": 5000, "glucose": 90})
    assert "insulin" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        HOMA.run({"insulin": "10 mg/dL", "glucose": 90})
    assert "insulin" in str(err.value)


# --- LDL (Friedewald) -------------------------------------------------------

def test_ldl_known_values() -> None:
    # 200 - 50 - 150/5 = 200 - 50 - 30 = 120 -> near optimal
    r = LDL.run({"total_cholesterol": 200, "hdl_cholesterol": 50, "triglycerides": 150})
    assert r.value == pytest.approx(120)
    assert r.interpretation.startswith("near optimal")
    # 250 - 40 - 100/5 = 190 -> very high
    assert LDL.run({"total_cholesterol": 250, "hdl_cholesterol": 40, "triglycerides": 100}).value == pytest.approx(190)


@pytest.mark.parametrize(("ldl", "band"), [
    (99.9, "optimal"), (100, "near optimal"), (129.9, "near optimal"), (130, "borderline high"),
    (160, "high"), (189.9, "high"), (190, "very high"),
])
def test_ldl_band_edges(ldl: float, band: str) -> None:
    assert ldl_band(ldl).startswith(band)


def test_ldl_tg_400_warning() -> None:
    # 300 - 40 - 400/5 = 180, flagged invalid at TG >= 400; TG 399: 300 - 40 - 79.8 = 180.2, no warning
    r = LDL.run({"total_cholesterol": 300, "hdl_cholesterol": 40, "triglycerides": 400})
    assert r.value == pytest.approx(180)
    assert "not valid" in r.interpretation
    assert "not valid" not in LDL.run({"total_cholesterol": 300, "hdl_cholesterol": 40,
                                       "triglycerides": 399}).interpretation


def test_ldl_si_units() -> None:
    # TC 5.2 mmol/L x 38.665 = 201.058; HDL 1.3 x 38.665 = 50.2645; TG 1.7 x 88.57 = 150.569 -> /5 = 30.1138
    # LDL = 201.058 - 50.2645 - 30.1138 = 120.6797 mg/dL
    r = LDL.run({"total_cholesterol": "5.2 mmol/L", "hdl_cholesterol": "1.3 mmol/L", "triglycerides": "1.7 mmol/L"})
    assert r.value == pytest.approx(120.6797, abs=1e-3)


def test_ldl_missing_range_inconsistent() -> None:
    with pytest.raises(CalculatorInputError) as err:
        LDL.run({"total_cholesterol": 200, "triglycerides": 150})
    assert err.value.missing == ["hdl_cholesterol"]
    with pytest.raises(CalculatorInputError) as err:
        LDL.run({"total_cholesterol": 200, "hdl_cholesterol": 500, "triglycerides": 150})
    assert "hdl_cholesterol" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        LDL.run({"total_cholesterol": 100, "hdl_cholesterol": 90, "triglycerides": 100})  # 100 - 90 - 20 < 0
    assert "total_cholesterol" in str(err.value)
