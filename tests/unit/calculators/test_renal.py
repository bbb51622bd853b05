"""Renal calculators: Cockcroft-Gault, CKD-EPI 2021, MDRD, FENa."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.medcalc_adapter import adapt
from medmirror.tools.calculators.renal import kdigo_gfr_category

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {2, 3, 9, 40}


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


CRCL = CALCULATORS["creatinine_clearance"]
CKD = CALCULATORS["ckd_epi_2021"]
MDRD = CALCULATORS["mdrd_gfr"]
FENA = CALCULATORS["fena"]


# --- Cockcroft-Gault --------------------------------------------------------

def test_crcl_normal_bmi_uses_min_of_ibw_and_actual() -> None:
    # male 60 y, 72 kg, 170 cm: BMI 72/1.7² = 24.91 (normal)
    # IBW = 50 + 2.3 x (170 x 0.393701 - 60) = 50 + 2.3 x 6.92917 = 65.93709 kg < 72 -> 65.93709
    # CrCl = (140 - 60) x 65.93709 / (72 x 1.0) = 73.26343
    r = CRCL.run({"age": 60, "sex": "Male", "weight": 72, "height": 170, "creatinine": 1.0})
    assert r.value == pytest.approx(73.26343, abs=1e-4)
    assert r.components["weight_basis"].startswith("min(IBW")


def test_crcl_underweight_female_uses_actual_weight() -> None:
    # female 30 y, 45 kg, 165 cm: BMI 45/2.7225 = 16.53 (underweight) -> 45 kg
    # CrCl = 110 x 45 x 0.85 / (72 x 0.8) = 4207.5 / 57.6 = 73.046875
    r = CRCL.run({"age": 30, "sex": "female", "weight": 45, "height": 165, "creatinine": 0.8})
    assert r.value == pytest.approx(73.046875)


def test_crcl_obese_uses_adjusted_weight() -> None:
    # male 50 y, 120 kg, 180 cm: IBW 74.99221, ABW = 74.99221 + 0.4 x 45.00779 = 92.99533
    # CrCl = 90 x 92.99533 / (72 x 1.2) = 8369.580 / 86.4 = 96.87013
    r = CRCL.run({"age": 50, "sex": "male", "weight": 120, "height": 180, "creatinine": 1.2})
    assert r.value == pytest.approx(96.87013, abs=1e-4)


def test_crcl_bmi_class_boundaries() -> None:
    # 200 cm (2.0 m, exact squares). IBW male = 50 + 2.3 x (78.7402 - 60) = 93.10246 kg
    base = {"age": 40, "sex": "male", "height": 200, "creatinine": 1.0}
    # BMI 100/4 = 25.0 exactly -> overweight: ABW = 93.10246 + 0.4 x 6.89754 = 95.86148; CrCl = 100 x ABW / 72
    r25 = CRCL.run({**base, "weight": 100})
    assert r25.components["weight_basis"].startswith("adjusted")
    assert r25.value == pytest.approx(100 * 95.86148 / 72, abs=1e-3)
    # BMI 99.9/4 = 24.975 -> normal: min(93.10246, 99.9) = IBW
    r249 = CRCL.run({**base, "weight": 99.9})
    assert r249.value == pytest.approx(100 * 93.10246 / 72, abs=1e-3)
    # BMI 74/4 = 18.5 exactly -> normal class; 73.9/4 = 18.475 -> underweight (actual)
    assert CRCL.run({**base, "weight": 74}).components["weight_basis"].startswith("min(IBW")
    assert CRCL.run({**base, "weight": 73.9}).components["weight_basis"].startswith("actual")


def test_crcl_weight_basis_override_and_height_rule() -> None:
    # actual weight requested, no height needed: 80 x 72 / 72 = 80.0
    r = CRCL.run({"age": 60, "sex": "male", "weight": 72, "creatinine": 1.0, "weight_basis": "actual"})
    assert r.value == pytest.approx(80.0)
    with pytest.raises(CalculatorInputError) as err:
        CRCL.run({"age": 60, "sex": "male", "weight": 72, "creatinine": 1.0})
    assert err.value.missing == ["height"]


def test_crcl_creatinine_in_umol_per_l() -> None:
    # 88.4 µmol/L / 113.12 g/mol = 0.99998 mg/dL -> CrCl (actual 72 kg, male 60 y) = 80 / 0.99998 = 80.0015
    r = CRCL.run({"age": 60, "sex": "male", "weight": 72, "creatinine": "88.4 µmol/L", "weight_basis": "actual"})
    assert r.value == pytest.approx(80.0015, abs=1e-3)


def test_crcl_missing_and_out_of_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        CRCL.run({"age": 60, "sex": "male", "weight": 72, "height": 170})
    assert err.value.missing == ["creatinine"]
    with pytest.raises(CalculatorInputError) as err:
        CRCL.run({"age": 60, "sex": "male", "weight": 72, "height": 170, "creatinine": 100})
    assert "creatinine" in str(err.value)


# --- CKD-EPI 2021 -----------------------------------------------------------

def test_ckd_epi_female_below_kappa() -> None:
    # 142 x (0.6/0.7)^-0.241 x 0.9938^50 x 1.012 = 142 x 1.037849 x 0.732740 x 1.012 = 109.2830
    r = CKD.run({"age": 50, "sex": "Female", "creatinine": 0.6})
    assert r.value == pytest.approx(109.2830, abs=1e-3)
    assert r.interpretation.startswith("G1")


def test_ckd_epi_male_above_kappa() -> None:
    # 142 x (1.0/0.9)^-1.2 x 0.9938^40 = 142 x 0.881234 x 0.779758 = 97.5751
    assert CKD.run({"age": 40, "sex": "male", "creatinine": 1.0}).value == pytest.approx(97.5751, abs=1e-3)


def test_ckd_epi_at_kappa_only_age_term() -> None:
    # SCr = κ = 0.9 (male): both ratio terms are 1 -> 142 x 0.9938^60 = 97.7750
    assert CKD.run({"age": 60, "sex": "male", "creatinine": 0.9}).value == pytest.approx(97.7750, abs=1e-3)


def test_ckd_epi_umol_conversion_missing_range() -> None:
    # 88.4 µmol/L = 0.99998 mg/dL -> ~ the 1.0 mg/dL value (97.575) within 0.01
    assert CKD.run({"age": 40, "sex": "male", "creatinine": [88.4, "µmol/L"]}).value == pytest.approx(97.575, abs=0.01)
    with pytest.raises(CalculatorInputError) as err:
        CKD.run({"age": 40, "creatinine": 1.0})
    assert err.value.missing == ["sex"]
    with pytest.raises(CalculatorInputError) as err:
        CKD.run({"age": 150, "sex": "male", "creatinine": 1.0})
    assert "age" in str(err.value)


@pytest.mark.parametrize(("gfr", "stage"), [
    (90, "G1"), (89.99, "G2"), (60, "G2"), (59.99, "G3a"), (45, "G3a"), (44.99, "G3b"),
    (30, "G3b"), (29.99, "G4"), (15, "G4"), (14.99, "G5"),
])
def test_kdigo_boundaries(gfr: float, stage: str) -> None:
    assert kdigo_gfr_category(gfr).startswith(stage)


# --- MDRD -------------------------------------------------------------------

def test_mdrd_black_male() -> None:
    # 175 x 1.0^-1.154 x 60^-0.203 x 1.212 = 175 x 0.435547 x 1.212 = 92.3796
    r = MDRD.run({"age": 60, "sex": "male", "creatinine": 1.0, "black_race": True})
    assert r.value == pytest.approx(92.3796, abs=1e-3)


def test_mdrd_female_default_race() -> None:
    # 175 x 2.0^-1.154 x 70^-0.203 x 0.742 = 175 x 0.449378 x 0.422129 x 0.742 = 24.6319
    r = MDRD.run({"age": 70, "sex": "female", "creatinine": 2.0})
    assert r.value == pytest.approx(24.6319, abs=1e-3)
    assert "black_race" in r.assumed
    assert r.interpretation.startswith("G4")


@pytest.mark.parametrize(("race", "coef"), [
    ("Black", 1.212), ("African American", 1.212), ("White", 1.0), ("non-Black", 1.0), ("Asian", 1.0),
])
def test_mdrd_race_text_from_entities(race: str, coef: float) -> None:
    args = adapt(MDRD, {"age": [60, "years"], "sex": "Male", "creatinine": [1.0, "mg/dL"], "Race": race})
    r = MDRD.run(args)
    assert r.components["race_coefficient"] == coef


def test_mdrd_units_missing_range() -> None:
    # 176.8 µmol/L x 113.12 g/mol = 19.9996 mg/L = 1.99996 mg/dL
    # 175 x 1.99996^-1.154 x 60^-0.203 = 175 x 0.449388 x 0.435547 = 34.2527
    r = MDRD.run({"age": 60, "sex": "male", "creatinine": "176.8 umol/L"})
    assert r.value == pytest.approx(175 * 1.99996**-1.154 * 60**-0.203, rel=1e-5)
    with pytest.raises(CalculatorInputError) as err:
        MDRD.run({"sex": "male", "creatinine": 1.0})
    assert err.value.missing == ["age"]
    with pytest.raises(CalculatorInputError) as err:
        MDRD.run({"age": 60, "sex": "male", "creatinine": 0.0})
    assert "creatinine" in str(err.value)


# --- FENa -------------------------------------------------------------------

def test_fena_known_value() -> None:
    # 100 x (2.0 x 40) / (140 x 50) = 8000 / 7000 = 1.142857 %
    r = FENA.run({"sodium": 140, "creatinine": 2.0, "urine_sodium": 40, "urine_creatinine": 50})
    assert r.value == pytest.approx(1.142857, abs=1e-6)
    assert r.interpretation.startswith("1-2%")


@pytest.mark.parametrize(("scr", "band"), [(0.5, "< 1%"), (1.0, "1-2%"), (2.0, "1-2%"), (2.1, "> 2%")])
def test_fena_band_boundaries(scr: float, band: str) -> None:
    # urine Na 14, serum Na 140, urine Cr 10: FENa = 100 x scr x 14 / 1400 = scr (%)
    r = FENA.run({"sodium": 140, "creatinine": scr, "urine_sodium": 14, "urine_creatinine": 10})
    assert r.value == pytest.approx(scr)
    assert r.interpretation.startswith(band)


def test_fena_si_units() -> None:
    # creatinine ratio is unit-free: 100 x (176.8 x 40) / (140 x 4420) = 1.142857 % with both in µmol/L
    r = FENA.run({"sodium": "140 mmol/L", "creatinine": "176.8 µmol/L", "urine_sodium": "40 mmol/L",
                  "urine_creatinine": "4420 µmol/L"})
    assert r.value == pytest.approx(1.142857, abs=1e-5)


def test_fena_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        FENA.run({"sodium": 140, "creatinine": 2.0, "urine_sodium": 40})
    assert err.value.missing == ["urine_creatinine"]
    with pytest.raises(CalculatorInputError) as err:
        FENA.run({"sodium": 140, "creatinine": 2.0, "urine_sodium": -4, "urine_creatinine": 50})
    assert "urine_sodium" in str(err.value)
