"""Anthropometric calculators: BMI, IBW, BSA, target weight, adjusted body weight, maintenance fluids."""

from __future__ import annotations

import math

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.anthropometrics import adjusted_body_weight, ideal_body_weight

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {6, 10, 22, 60, 61, 62}


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


# --- BMI -------------------------------------------------------------------

def test_bmi_known_and_band() -> None:
    # 70 / 1.75² = 70 / 3.0625 = 22.857
    r = CALCULATORS["bmi"].run({"weight": 70, "height": 175})
    assert r.value == pytest.approx(22.857, abs=1e-3)
    assert r.interpretation == "normal weight"


# --- Ideal body weight ------------------------------------------------------

def test_ibw_male_and_female() -> None:
    calc = CALCULATORS["ideal_body_weight"]
    # male 180 cm: 180 x 0.393701 = 70.86618 in; 50 + 2.3 x 10.86618 = 74.99221 kg
    assert calc.run({"sex": "Male", "height": 180}).value == pytest.approx(74.99221, abs=1e-4)
    # female 165 cm: 64.960665 in; 45.5 + 2.3 x 4.960665 = 56.90953 kg
    assert calc.run({"sex": "female", "height": 165}).value == pytest.approx(56.90953, abs=1e-4)


def test_ibw_at_five_feet_is_base_weight() -> None:
    # 60 in exactly (152.4 cm x 0.393701 = 60.0000 in): IBW = base weight, no extrapolation caveat
    r = CALCULATORS["ideal_body_weight"].run({"sex": "male", "height": [60, "in"]})
    assert r.value == pytest.approx(50.0, abs=1e-3)
    assert r.interpretation == ""


def test_ibw_unit_conversion_inches() -> None:
    # 6 ft = 72 in = 182.88 cm -> 182.88 x 0.393701 = 72.00004 in; 50 + 2.3 x 12.00004 = 77.6001 kg
    r = CALCULATORS["ideal_body_weight"].run({"sex": "male", "height": "72 in"})
    assert r.value == pytest.approx(77.6001, abs=1e-3)


def test_ibw_short_stature_flagged_and_nonpositive_refused() -> None:
    calc = CALCULATORS["ideal_body_weight"]
    r = calc.run({"sex": "female", "height": 140})  # 55.118 in -> 45.5 - 2.3 x 4.882 = 34.27 kg
    assert r.value == pytest.approx(45.5 + 2.3 * (140 * 0.393701 - 60), abs=1e-6)
    assert "extrapolated" in r.interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"sex": "female", "height": 90})  # 35.4 in -> 45.5 - 2.3 x 24.6 < 0
    assert "height" in str(err.value)


def test_ibw_missing_and_invalid() -> None:
    calc = CALCULATORS["ideal_body_weight"]
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"height": 170})
    assert err.value.missing == ["sex"]
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"sex": "unknown", "height": 170})
    assert "sex" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"sex": "male", "height": 400})
    assert "height" in str(err.value)


# --- Body surface area ------------------------------------------------------

def test_bsa_mosteller() -> None:
    calc = CALCULATORS["body_surface_area"]
    # sqrt(70 x 170 / 3600) = sqrt(3.305556) = 1.81812
    assert calc.run({"weight": 70, "height": 170}).value == pytest.approx(1.81812, abs=1e-5)
    # sqrt(3.6 x 100 / 3600) = sqrt(0.1) = 0.316228
    assert calc.run({"weight": 3.6, "height": 100}).value == pytest.approx(0.316228, abs=1e-6)


def test_bsa_units_missing_range() -> None:
    calc = CALCULATORS["body_surface_area"]
    # 154.3236 lb = 70 kg; 1.7 m = 170 cm
    assert calc.run({"weight": "154.3236 lb", "height": "1.7 m"}).value == pytest.approx(1.81812, abs=1e-4)
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"weight": 70})
    assert err.value.missing == ["height"]
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"weight": -5, "height": 170})
    assert "weight" in str(err.value)


# --- Target weight ----------------------------------------------------------

def test_target_weight() -> None:
    calc = CALCULATORS["target_weight"]
    # 25 x 1.6² = 25 x 2.56 = 64.0 kg
    assert calc.run({"target_bmi": 25, "height": 160}).value == pytest.approx(64.0)
    # 22 x 1.8² = 22 x 3.24 = 71.28 kg, height given in metres
    assert calc.run({"target_bmi": 22, "height": "1.8 m"}).value == pytest.approx(71.28)
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"height": 160})
    assert err.value.missing == ["target_bmi"]
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"target_bmi": 200, "height": 160})
    assert "target_bmi" in str(err.value)


# --- Adjusted body weight ---------------------------------------------------

def test_abw_known_values() -> None:
    calc = CALCULATORS["adjusted_body_weight"]
    # male 180 cm: IBW 74.99221; ABW = 74.99221 + 0.4 x (120 - 74.99221) = 92.99533 kg
    assert calc.run({"sex": "male", "weight": 120, "height": 180}).value == pytest.approx(92.99533, abs=1e-4)
    # weight below IBW: formula still applied: 74.99221 + 0.4 x (60 - 74.99221) = 68.99533
    assert calc.run({"sex": "male", "weight": 60, "height": 180}).value == pytest.approx(68.99533, abs=1e-4)


def test_abw_helpers_consistent() -> None:
    ibw = ideal_body_weight("female", 160)
    assert ibw == pytest.approx(45.5 + 2.3 * (160 * 0.393701 - 60))
    assert adjusted_body_weight(ibw, ibw) == pytest.approx(ibw)


def test_abw_pounds_and_missing() -> None:
    calc = CALCULATORS["adjusted_body_weight"]
    r = calc.run({"sex": "male", "weight": "264.555 lb", "height": 180})  # 264.555 lb = 120.0 kg
    assert r.value == pytest.approx(92.99533, abs=1e-3)
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"sex": "male", "height": 180})
    assert err.value.missing == ["weight"]


# --- Maintenance fluids -----------------------------------------------------

@pytest.mark.parametrize(("kg", "ml_hr"), [
    (8, 32.0),     # 4 x 8
    (10, 40.0),    # band edge: 4 x 10 = 40 + 2 x 0
    (15, 50.0),    # 40 + 2 x 5
    (20, 60.0),    # band edge: 40 + 2 x 10 = 60 + 1 x 0
    (20.5, 60.5),  # 60 + 1 x 0.5
    (70, 110.0),   # 60 + 1 x 50
])
def test_maintenance_fluids_bands(kg: float, ml_hr: float) -> None:
    r = CALCULATORS["maintenance_fluids"].run({"weight": kg})
    assert r.value == pytest.approx(ml_hr)
    assert r.unit == "mL/hr"
    assert r.components["mL_per_day"] == pytest.approx(24 * ml_hr)


def test_maintenance_fluids_units_missing_range() -> None:
    calc = CALCULATORS["maintenance_fluids"]
    assert calc.run({"weight": "33.069 lb"}).value == pytest.approx(40 + 2 * (33.069 * 0.45359237 - 10), abs=1e-6)
    with pytest.raises(CalculatorInputError) as err:
        calc.run({})
    assert err.value.missing == ["weight"]
    with pytest.raises(CalculatorInputError):
        calc.run({"weight": 1000})


def test_cards_build() -> None:
    for cid in ["ideal_body_weight", "body_surface_area", "target_weight", "adjusted_body_weight",
                "maintenance_fluids"]:
        card = CALCULATORS[cid].card()
        assert card.inputs and card.conventions
    assert math.isfinite(CALCULATORS["target_weight"].run({"target_bmi": 20, "height": 150}).value)
