"""Liver calculators: Child-Pugh (15), FIB-4 (19), MELD Na (23)."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.medcalc_adapter import adapt

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {15, 19, 23}


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


# --- Child-Pugh ----------------------------------------------------------------

CP = CALCULATORS["child_pugh"]


def test_child_pugh_class_b() -> None:
    # bili 1.5 (<2: 1) + alb 3.0 (2.8-3.5: 2) + INR 1.5 (<1.7: 1) + slight ascites 2 + no enceph 1 = 7 -> B
    r = CP.run({"bilirubin": 1.5, "albumin": 3.0, "inr": 1.5, "ascites": "slight", "encephalopathy": "none"})
    assert r.value == 7 and isinstance(r.value, int)
    assert "class B" in r.interpretation
    assert r.components["albumin"] == 2 and r.components["ascites"] == 2


def test_child_pugh_maximum_class_c() -> None:
    # bili 4 (>3: 3) + alb 2.5 (<2.8: 3) + INR 2.5 (>2.3: 3) + moderate 3 + grade 3-4 3 = 15 -> C
    r = CP.run({"bilirubin": 4, "albumin": 2.5, "inr": 2.5, "ascites": "Moderate", "encephalopathy": "Grade 3-4"})
    assert r.value == 15 and "class C" in r.interpretation


def test_child_pugh_band_edges_fall_in_middle_band() -> None:
    # bili 2.0 -> 2, alb 3.5 -> 2, INR 1.7 -> 2 ; 2+2+2+1+1 = 8
    r = CP.run({"bilirubin": 2.0, "albumin": 3.5, "inr": 1.7})
    assert r.value == 8
    # bili 3.0 -> 2, alb 2.8 -> 2, INR 2.3 -> 2 ; still 8
    assert CP.run({"bilirubin": 3.0, "albumin": 2.8, "inr": 2.3}).value == 8


def test_child_pugh_class_boundaries() -> None:
    # all lowest: 5 -> A; bili 2.5 adds 1 -> 6 -> A; + slight ascites -> 7 -> B
    assert "class A" in CP.run({"bilirubin": 1, "albumin": 4, "inr": 1}).interpretation
    assert "class A" in CP.run({"bilirubin": 2.5, "albumin": 4, "inr": 1}).interpretation
    assert "class B" in CP.run({"bilirubin": 2.5, "albumin": 4, "inr": 1, "ascites": "slight"}).interpretation
    # 3+3+1+1+1 = 9 -> B ; +ascites slight -> 10 -> C
    assert "class B" in CP.run({"bilirubin": 4, "albumin": 2, "inr": 1}).interpretation
    r = CP.run({"bilirubin": 4, "albumin": 2, "inr": 1, "ascites": "mild"})
    assert r.value == 10 and "class C" in r.interpretation


def test_child_pugh_defaults_reported_as_assumed() -> None:
    r = CP.run({"bilirubin": 1, "albumin": 4, "inr": 1})
    assert r.value == 5
    assert {"ascites", "encephalopathy"} <= set(r.assumed)


def test_child_pugh_si_units() -> None:
    # 51.3 µmol/L × 584.66 g/mol / 10 000 = 2.9993 mg/dL -> 2 points; 52 µmol/L = 3.040 mg/dL -> 3 points
    assert CP.run({"bilirubin": "51.3 µmol/L", "albumin": 4, "inr": 1}).components["bilirubin"] == 2
    assert CP.run({"bilirubin": [52, "µmol/L"], "albumin": 4, "inr": 1}).components["bilirubin"] == 3
    # 35 g/L = 3.5 g/dL -> 2 points; 36 g/L = 3.6 g/dL -> 1 point
    assert CP.run({"bilirubin": 1, "albumin": "35 g/L", "inr": 1}).components["albumin"] == 2
    assert CP.run({"bilirubin": 1, "albumin": "36 g/L", "inr": 1}).components["albumin"] == 1


def test_child_pugh_missing_and_invalid() -> None:
    with pytest.raises(CalculatorInputError) as err:
        CP.run({"bilirubin": 1, "albumin": 4})
    assert err.value.missing == ["inr"]
    with pytest.raises(CalculatorInputError) as err:
        CP.run({"bilirubin": 1, "albumin": 4, "inr": 55})
    assert "inr" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        CP.run({"bilirubin": 1, "albumin": 4, "inr": 1, "ascites": "enormous"})
    assert "ascites" in str(err.value)


def test_child_pugh_medcalc_values() -> None:
    args = adapt(CP, "{'Bilirubin': [3.5, 'mg/dL'], 'Albumin': [30, 'g/L'], 'international normalized ratio': 1.2,"
                     " 'Ascites': 'moderate', 'Encephalopathy': 'Grade 1-2'}")
    # 3 + 2 + 1 + 3 + 2 = 11
    assert CP.run(args).value == 11


# --- FIB-4 ---------------------------------------------------------------------

FIB4 = CALCULATORS["fib4"]


def test_fib4_known_values() -> None:
    # (50 × 40) / (200 × √25) = 2000 / 1000 = 2.0
    r = FIB4.run({"age": 50, "ast": 40, "alt": 25, "platelets": 200})
    assert r.value == pytest.approx(2.0)
    assert "indeterminate" in r.interpretation
    # (60 × 100) / (100 × √64) = 6000 / 800 = 7.5
    r = FIB4.run({"age": 60, "ast": 100, "alt": 64, "platelets": 100})
    assert r.value == pytest.approx(7.5) and "likely" in r.interpretation


def test_fib4_thresholds() -> None:
    # (29 × 50) / (100 × √100) = 1450 / 1000 = 1.45 -> indeterminate (1.45-3.25)
    assert "indeterminate" in FIB4.run({"age": 29, "ast": 50, "alt": 100, "platelets": 100}).interpretation
    # (28 × 50) / 1000 = 1.40 -> unlikely
    assert "unlikely" in FIB4.run({"age": 28, "ast": 50, "alt": 100, "platelets": 100}).interpretation
    # (65 × 50) / 1000 = 3.25 -> indeterminate; 66 -> 3.30 -> likely
    assert "indeterminate" in FIB4.run({"age": 65, "ast": 50, "alt": 100, "platelets": 100}).interpretation
    assert "> 3.25" in FIB4.run({"age": 66, "ast": 50, "alt": 100, "platelets": 100}).interpretation


def test_fib4_platelets_per_microlitre_are_converted() -> None:
    # 200 000 /µL = 200 × 10^9/L -> same as test_fib4_known_values (2.0)
    assert FIB4.run({"age": 50, "ast": 40, "alt": 25, "platelets": [200000, "/µL"]}).value == pytest.approx(2.0)
    assert FIB4.run({"age": 50, "ast": 40, "alt": 25, "platelets": "200 10^3/µL"}).value == pytest.approx(2.0)


def test_fib4_bare_count_is_not_guessed() -> None:
    # a bare 200000 would be 200000 × 10^9/L: out of range, not silently divided
    with pytest.raises(CalculatorInputError) as err:
        FIB4.run({"age": 50, "ast": 40, "alt": 25, "platelets": 200000})
    assert "platelets" in str(err.value)


def test_fib4_missing() -> None:
    with pytest.raises(CalculatorInputError) as err:
        FIB4.run({"age": 50, "ast": 40, "platelets": 200})
    assert err.value.missing == ["alt"]


# --- MELD Na -------------------------------------------------------------------

MELD = CALCULATORS["meld_na"]


def test_meld_na_floor_values() -> None:
    # all labs 1.0: MELD(i) = 0.643 -> 0.6 -> 6 (<= 11: no sodium term)
    assert MELD.run({"creatinine": 1, "bilirubin": 1, "inr": 1, "sodium": 137}).value == 6
    # values below 1.0 are set to 1.0 -> same 6
    assert MELD.run({"creatinine": 0.5, "bilirubin": 0.3, "inr": 0.9, "sodium": 140}).value == 6


def test_meld_na_with_sodium_term() -> None:
    # 0.957 ln2 + 0.378 ln3 + 1.120 ln1.5 + 0.643 = 0.66334 + 0.41528 + 0.45412 + 0.643 = 2.17574 -> 2.2 -> 22
    # 22 + 1.32 × 7 - 0.033 × 22 × 7 = 22 + 9.24 - 5.082 = 26.158 -> 26
    r = MELD.run({"creatinine": 2.0, "bilirubin": 3.0, "inr": 1.5, "sodium": 130})
    assert r.value == 26
    assert r.components["meld_i"] == pytest.approx(22)


def test_meld_na_sodium_bounded_low() -> None:
    # 0.957 ln1.5 + 0.378 ln1.5 + 1.12 ln1.3 + 0.643 = 1.47814 -> 1.5 -> 15 ; Na 120 -> 125
    # 15 + 1.32 × 12 - 0.033 × 15 × 12 = 15 + 15.84 - 5.94 = 24.9 -> 25
    r = MELD.run({"creatinine": 1.5, "bilirubin": 1.5, "inr": 1.3, "sodium": 120})
    assert r.value == 25 and r.components["sodium_used"] == 125


def test_meld_na_dialysis_sets_creatinine_to_4() -> None:
    # Cr 1.2 with dialysis -> 4.0: 0.957 ln4 + 0.378 ln2 + 1.12 ln1.2 + 0.643 = 2.43589 -> 2.4 -> 24 ; Na 140 -> 137
    r = MELD.run({"creatinine": 1.2, "bilirubin": 2, "inr": 1.2, "sodium": 140, "dialysis_twice_past_week": True})
    assert r.value == 24 and r.components["creatinine_used"] == 4.0
    r2 = MELD.run({"creatinine": 1.2, "bilirubin": 2, "inr": 1.2, "sodium": 140, "cvvhd_24h_past_week": True})
    assert r2.value == 24
    # without dialysis Cr 1.2 stays: 0.957 ln1.2 = 0.17448 -> raw 1.28349 -> 1.3 -> 13 -> + 0 (Na 137) = 13
    assert MELD.run({"creatinine": 1.2, "bilirubin": 2, "inr": 1.2, "sodium": 140}).value == 13


def test_meld_na_threshold_11_has_no_sodium_term() -> None:
    # 0.643 + 1.12 ln1.5 = 1.09712 -> 1.1 -> 11: not > 11 so Na 125 does not add
    assert MELD.run({"creatinine": 1, "bilirubin": 1, "inr": 1.5, "sodium": 125}).value == 11


def test_meld_na_capped_at_40_and_si_units() -> None:
    # creatinine 700 µmol/L = 7.92 mg/dL -> capped 4.0; bilirubin 600 µmol/L = 35.1 mg/dL ; INR 3
    # 0.957 ln4 + 0.378 ln35.08 + 1.12 ln3 + 0.643 = 1.32668 + 1.34479 + 1.23044 + 0.643 = 4.5449 -> 4.5 -> 45
    # 45 + 1.32 × 7 - 0.033 × 45 × 7 = 44.845 -> 45 -> capped 40
    r = MELD.run({"creatinine": "700 µmol/L", "bilirubin": "600 µmol/L", "inr": 3, "sodium": "130 mEq/L"})
    assert r.value == 40


def test_meld_na_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        MELD.run({"creatinine": 1, "bilirubin": 1, "inr": 1})
    assert err.value.missing == ["sodium"]
    with pytest.raises(CalculatorInputError) as err:
        MELD.run({"creatinine": 1, "bilirubin": 1, "inr": 1, "sodium": 300})
    assert "sodium" in str(err.value)
