"""Electrolyte and acid-base calculators (MedCalc-Bench 7, 26, 30, 38, 39, 63-67)."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.electrolytes import delta_ratio_band, total_body_water_fraction
from medmirror.tools.calculators.medcalc_adapter import adapt

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {7, 26, 30, 38, 39, 63, 64, 65, 66, 67}


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


C = CALCULATORS


# --- Corrected calcium ------------------------------------------------------

def test_calcium_correction_known_values() -> None:
    # 0.8 x (4 - 2.0) + 7.6 = 1.6 + 7.6 = 9.2 mg/dL
    r = C["calcium_correction"].run({"calcium": 7.6, "albumin": 2.0})
    assert r.value == pytest.approx(9.2)
    assert r.assumed == ["normal_albumin"]
    # custom normal albumin 4.4: 0.8 x (4.4 - 3.0) + 9.0 = 1.12 + 9.0 = 10.12
    assert C["calcium_correction"].run({"calcium": 9.0, "albumin": 3.0, "normal_albumin": 4.4}).value == \
        pytest.approx(10.12)


@pytest.mark.parametrize(("ca", "band"), [(8.49, "below"), (8.5, "within"), (10.5, "within"), (10.51, "above")])
def test_calcium_band_edges(ca: float, band: str) -> None:
    # albumin 4.0 = normal -> corrected = measured
    assert C["calcium_correction"].run({"calcium": ca, "albumin": 4.0}).interpretation.startswith(band)


def test_calcium_si_units() -> None:
    # 2.0 mmol/L x 40.08 = 8.016 mg/dL; albumin 25 g/L = 2.5 g/dL -> 8.016 + 0.8 x 1.5 = 9.216
    r = C["calcium_correction"].run({"calcium": "2.0 mmol/L", "albumin": "25 g/L"})
    assert r.value == pytest.approx(9.216)


def test_calcium_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        C["calcium_correction"].run({"calcium": 8.0})
    assert err.value.missing == ["albumin"]
    with pytest.raises(CalculatorInputError) as err:
        C["calcium_correction"].run({"calcium": 8.0, "albumin": 33})  # 33 read as g/dL: out of range
    assert "albumin" in str(err.value)


# --- Sodium correction ------------------------------------------------------

def test_sodium_correction_known_values() -> None:
    # 130 + 0.024 x (600 - 100) = 130 + 12 = 142
    assert C["sodium_correction_hyperglycemia"].run({"sodium": 130, "glucose": 600}).value == pytest.approx(142)
    # 125 + 0.024 x (1100 - 100) = 125 + 24 = 149 -> hypernatraemic range
    r = C["sodium_correction_hyperglycemia"].run({"sodium": 125, "glucose": 1100})
    assert r.value == pytest.approx(149)
    assert r.interpretation.startswith("above")


@pytest.mark.parametrize(("na", "band"), [(134.9, "below"), (135, "within"), (145, "within"), (145.1, "above")])
def test_sodium_band_edges(na: float, band: str) -> None:
    # glucose 100 -> no correction
    r = C["sodium_correction_hyperglycemia"].run({"sodium": na, "glucose": 100})
    assert r.value == pytest.approx(na)
    assert r.interpretation.startswith(band)


def test_sodium_correction_glucose_mmol() -> None:
    # 33.3 mmol/L x 18.016 = 599.93 mg/dL; 130 + 0.024 x 499.93 = 141.998
    r = C["sodium_correction_hyperglycemia"].run({"sodium": "130 mmol/L", "glucose": "33.3 mmol/L"})
    assert r.value == pytest.approx(130 + 0.024 * (33.3 * 18.016 - 100), abs=1e-3)
    assert r.value == pytest.approx(141.998, abs=1e-3)


def test_sodium_correction_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        C["sodium_correction_hyperglycemia"].run({"sodium": 130})
    assert err.value.missing == ["glucose"]
    with pytest.raises(CalculatorInputError) as err:
        C["sodium_correction_hyperglycemia"].run({"sodium": 30, "glucose": 200})
    assert "sodium" in str(err.value)


# --- Serum osmolality -------------------------------------------------------

def test_osmolality_known_values() -> None:
    # 2 x 140 + 28/2.8 + 180/18 = 280 + 10 + 10 = 300 -> above range
    r = C["serum_osmolality"].run({"sodium": 140, "bun": 28, "glucose": 180})
    assert r.value == pytest.approx(300)
    assert r.interpretation.startswith("above")
    # 2 x 135 + 14/2.8 + 90/18 = 270 + 5 + 5 = 280
    assert C["serum_osmolality"].run({"sodium": 135, "bun": 14, "glucose": 90}).value == pytest.approx(280)


def test_osmolality_ethanol_ignored_by_default_and_optional() -> None:
    args = {"sodium": 140, "bun": 28, "glucose": 180, "ethanol": 370}
    assert C["serum_osmolality"].run(args).value == pytest.approx(300)  # MedCalc-Bench: ethanol ignored
    # with the term: 300 + 370/3.7 = 400
    assert C["serum_osmolality"].run({**args, "include_ethanol": True}).value == pytest.approx(400)
    with pytest.raises(CalculatorInputError) as err:
        C["serum_osmolality"].run({"sodium": 140, "bun": 28, "glucose": 180, "include_ethanol": True})
    assert err.value.missing == ["ethanol"]


@pytest.mark.parametrize(("na", "band"), [(137.4, "below"), (137.5, "within"), (147.5, "within"), (147.6, "above")])
def test_osmolality_band_edges(na: float, band: str) -> None:
    # BUN 2.8 -> 2.8/2.8 = 1 and glucose 18 -> 18/18 = 1, so osm = 2 x (na - 1) + 2 = 2 x na:
    # na 137.5 -> 275 (lower edge, within), 147.5 -> 295 (upper edge, within)
    r = C["serum_osmolality"].run({"sodium": na - 1, "bun": 2.8, "glucose": 18})
    assert r.value == pytest.approx(2 * (na - 1) + 2)
    assert r.interpretation.startswith(band)


def test_osmolality_si_units() -> None:
    # BUN (urea) 5 mmol/L x 2.8014 = 14.007 mg/dL -> /2.8 = 5.0025; glucose 5 mmol/L x 18.016 = 90.08 -> /18 = 5.00444
    # 2 x 140 + 5.0025 + 5.00444 = 290.00694
    r = C["serum_osmolality"].run({"sodium": "140 mmol/L", "bun": "5 mmol/L", "glucose": "5 mmol/L"})
    assert r.value == pytest.approx(290.00694, abs=1e-4)


def test_osmolality_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        C["serum_osmolality"].run({"sodium": 140, "glucose": 100})
    assert err.value.missing == ["bun"]
    with pytest.raises(CalculatorInputError) as err:
        C["serum_osmolality"].run({"sodium": 140, "bun": 20, "glucose": 5000})
    assert "glucose" in str(err.value)


# --- Free water deficit -----------------------------------------------------

@pytest.mark.parametrize(("age", "sex", "frac"), [
    (17.9, "male", 0.6), (17.9, "female", 0.6), (18, "male", 0.6), (18, "female", 0.5),
    (64.9, "female", 0.5), (65, "male", 0.5), (65, "female", 0.45),
])
def test_tbw_fraction_boundaries(age: float, sex: str, frac: float) -> None:
    assert total_body_water_fraction(age, sex)[0] == frac


def test_free_water_deficit_known_values() -> None:
    # adult male 40 y, 70 kg, Na 160: 0.6 x 70 x (160/140 - 1) = 42 x 0.142857 = 6.0 L
    r = C["free_water_deficit"].run({"age": 40, "sex": "Male", "weight": 70, "sodium": 160})
    assert r.value == pytest.approx(6.0)
    assert "deficit" in r.interpretation
    # elderly female 80 y, 50 kg, Na 154: 0.45 x 50 x (154/140 - 1) = 22.5 x 0.1 = 2.25 L
    assert C["free_water_deficit"].run({"age": 80, "sex": "F", "weight": 50, "sodium": 154}).value == \
        pytest.approx(2.25)


def test_free_water_deficit_units_missing_range() -> None:
    # 154.3236 lb = 70 kg
    r = C["free_water_deficit"].run({"age": 40, "sex": "male", "weight": "154.3236 lb", "sodium": "160 mmol/L"})
    assert r.value == pytest.approx(6.0, abs=1e-4)
    with pytest.raises(CalculatorInputError) as err:
        C["free_water_deficit"].run({"age": 40, "weight": 70, "sodium": 160})
    assert err.value.missing == ["sex"]
    with pytest.raises(CalculatorInputError) as err:
        C["free_water_deficit"].run({"age": 40, "sex": "male", "weight": 70, "sodium": 260})
    assert "sodium" in str(err.value)


# --- Anion gap family -------------------------------------------------------

def test_anion_gap_values_and_band() -> None:
    # 140 - (104 + 24) = 12 -> usual range (edge); 140 - (100 + 20) = 20 -> elevated
    r = C["anion_gap"].run({"sodium": 140, "chloride": 104, "bicarbonate": 24})
    assert r.value == pytest.approx(12)
    assert "within" in r.interpretation
    assert C["anion_gap"].run({"sodium": 140, "chloride": 100, "bicarbonate": 20}).interpretation.startswith("elevated")
    # 140 - (112 + 26) = 2 -> low
    assert C["anion_gap"].run({"sodium": 140, "chloride": 112, "bicarbonate": 26}).interpretation.startswith("low")


def test_delta_gap_and_ratio() -> None:
    args = {"sodium": 140, "chloride": 100, "bicarbonate": 12}
    # AG = 140 - 112 = 28; delta gap = 28 - 12 = 16; ratio = 16 / (24 - 12) = 1.3333
    assert C["delta_gap"].run(args).value == pytest.approx(16)
    r = C["delta_ratio"].run(args)
    assert r.value == pytest.approx(16 / 12)
    assert r.interpretation.startswith("0.8-2.0")


@pytest.mark.parametrize(("ratio", "band"), [
    (0.39, "< 0.4"), (0.4, "0.4-0.8"), (0.79, "0.4-0.8"), (0.8, "0.8-2.0"), (2.0, "0.8-2.0"), (2.01, "> 2.0"),
])
def test_delta_ratio_band_edges(ratio: float, band: str) -> None:
    assert delta_ratio_band(ratio).startswith(band)


def test_delta_ratio_division_by_zero_refused() -> None:
    with pytest.raises(CalculatorInputError) as err:
        C["delta_ratio"].run({"sodium": 140, "chloride": 100, "bicarbonate": 24})
    assert "bicarbonate" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        C["albumin_corrected_delta_ratio"].run({"sodium": 140, "chloride": 100, "bicarbonate": 24, "albumin": 3})
    assert "bicarbonate" in str(err.value)


def test_albumin_corrected_family() -> None:
    args = {"sodium": 140, "chloride": 105, "bicarbonate": 15, "albumin": 2.0}
    # AG = 140 - 120 = 20; ACAG = 20 + 2.5 x (4 - 2) = 25; ACDG = 25 - 12 = 13; ACDR = 13 / (24 - 15) = 1.4444
    assert C["albumin_corrected_anion_gap"].run(args).value == pytest.approx(25)
    assert C["albumin_corrected_delta_gap"].run(args).value == pytest.approx(13)
    assert C["albumin_corrected_delta_ratio"].run(args).value == pytest.approx(13 / 9)
    # albumin 20 g/L = 2.0 g/dL gives the same ACAG
    assert C["albumin_corrected_anion_gap"].run({**args, "albumin": "20 g/L"}).value == pytest.approx(25)


def test_anion_gap_si_and_missing_and_range() -> None:
    # mmol/L = mEq/L for monovalent ions: 138 - (101 + 25) = 12
    r = C["anion_gap"].run({"sodium": "138 mmol/L", "chloride": "101 mmol/L", "bicarbonate": "25 mmol/L"})
    assert r.value == pytest.approx(12)
    with pytest.raises(CalculatorInputError) as err:
        C["anion_gap"].run({"sodium": 140, "chloride": 100})
    assert err.value.missing == ["bicarbonate"]
    with pytest.raises(CalculatorInputError) as err:
        C["albumin_corrected_anion_gap"].run({"sodium": 140, "chloride": 100, "bicarbonate": 20})
    assert err.value.missing == ["albumin"]
    with pytest.raises(CalculatorInputError) as err:
        C["delta_gap"].run({"sodium": 140, "chloride": 400, "bicarbonate": 20})
    assert "chloride" in str(err.value)


def test_adapter_keys_cover_entities() -> None:
    ents = "{'Chloride': [101.0, 'mEq/L'], 'Albumin': [1.8, 'g/dL'], 'Bicarbonate': [9.0, 'mEq/L'], " \
           "'Sodium': [127.0, 'mEq/L']}"
    args = adapt(C["albumin_corrected_delta_ratio"], ents)
    assert set(args) == {"chloride", "albumin", "bicarbonate", "sodium"}
    osm = adapt(C["serum_osmolality"], {"Blood Urea Nitrogen (BUN)": [11, "mg/dL"], "Glucose": [125, "mg/dL"],
                                        "Sodium": [136.4, "mEq/L"]})
    assert set(osm) == {"bun", "glucose", "sodium"}
