"""MAP (MedCalc-Bench 5) and QTc Bazett / Fridericia / Framingham / Hodges / Rautaharju (11, 56-59)."""

from __future__ import annotations

import math

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.ecg_hemodynamics import qtc_band
from medmirror.tools.calculators.medcalc_adapter import adapt

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {5, 11, 56, 57, 58, 59}
MAP = CALCULATORS["mean_arterial_pressure"]
QTC = ["qtc_bazett", "qtc_fridericia", "qtc_framingham", "qtc_hodges", "qtc_rautaharju"]


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


# --- MAP --------------------------------------------------------------------

def test_map_known_values() -> None:
    # 120/3 + 2 x 80/3 = 40 + 53.333 = 93.333
    assert MAP.run({"systolic_bp": 120, "diastolic_bp": 80}).value == pytest.approx(93.33333, abs=1e-5)
    # 90/3 + 2 x 60/3 = 30 + 40 = 70
    assert MAP.run({"systolic_bp": 90, "diastolic_bp": 60}).value == pytest.approx(70)


def test_map_band_edge() -> None:
    # 75/3 + 2 x 60/3 = 25 + 40 = 65 -> at target; 74/3 + 40 = 64.667 -> below
    assert MAP.run({"systolic_bp": 75, "diastolic_bp": 60}).interpretation.startswith("at or above")
    assert MAP.run({"systolic_bp": 74, "diastolic_bp": 60}).interpretation.startswith("below 65")


def test_map_kpa_conversion() -> None:
    # 1 kPa = 7.50062 mmHg: 16 kPa = 120.0099, 10.6658 kPa = 80.0001 -> 93.3367 mmHg
    r = MAP.run({"systolic_bp": "16 kPa", "diastolic_bp": "10.6658 kPa"})
    assert r.value == pytest.approx(93.3367, abs=1e-3)


def test_map_missing_range_swapped() -> None:
    with pytest.raises(CalculatorInputError) as err:
        MAP.run({"systolic_bp": 120})
    assert err.value.missing == ["diastolic_bp"]
    with pytest.raises(CalculatorInputError) as err:
        MAP.run({"systolic_bp": 500, "diastolic_bp": 80})
    assert "systolic_bp" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        MAP.run({"systolic_bp": 80, "diastolic_bp": 120})
    assert "diastolic_bp" in str(err.value)


# --- QTc --------------------------------------------------------------------

@pytest.mark.parametrize("slug", QTC)
def test_qtc_at_60_bpm_equals_qt(slug: str) -> None:
    # HR 60 -> RR 1 s: Bazett 400/1, Fridericia 400/1, Framingham 400 + 154 x 0, Hodges 400 + 1.75 x 0,
    # Rautaharju 400 x 180/180 -> all 400
    assert CALCULATORS[slug].run({"heart_rate": 60, "qt_interval": 400}).value == pytest.approx(400)


@pytest.mark.parametrize(("slug", "expected"), [
    # HR 100 -> RR 0.6 s, QT 360 msec
    ("qtc_bazett", 464.75800),      # 360 / sqrt(0.6) = 360 / 0.7745967 = 464.758
    ("qtc_fridericia", 426.82720),  # 360 / 0.6^(1/3) = 360 / 0.8434327 = 426.8272
    ("qtc_framingham", 421.6),      # 360 + 154 x (1 - 0.6) = 360 + 61.6
    ("qtc_hodges", 430.0),          # 360 + 1.75 x (100 - 60) = 360 + 70
    ("qtc_rautaharju", 440.0),      # 360 x (120 + 100) / 180 = 360 x 1.2222
])
def test_qtc_known_values_hr100(slug: str, expected: float) -> None:
    r = CALCULATORS[slug].run({"heart_rate": 100, "qt_interval": 360})
    assert r.value == pytest.approx(expected, abs=1e-4)
    assert r.components["rr_interval_s"] == pytest.approx(0.6)


@pytest.mark.parametrize(("slug", "expected"), [
    # HR 50 -> RR 1.2 s, QT 440 msec
    ("qtc_bazett", 401.66321),      # 440 / sqrt(1.2) = 440 / 1.0954451
    ("qtc_fridericia", 414.05585),  # 440 / 1.2^(1/3) = 440 / 1.0626586
    ("qtc_framingham", 409.2),      # 440 + 154 x (1 - 1.2) = 440 - 30.8
    ("qtc_hodges", 422.5),          # 440 + 1.75 x (50 - 60) = 440 - 17.5
    ("qtc_rautaharju", 415.55556),  # 440 x 170 / 180
])
def test_qtc_known_values_hr50(slug: str, expected: float) -> None:
    assert CALCULATORS[slug].run({"heart_rate": 50, "qt_interval": 440}).value == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize(("qtc", "band"), [
    (349.9, "short"), (350, "normal"), (449.9, "normal"), (450, "prolonged"), (499.9, "prolonged"),
    (500, "markedly prolonged"),
])
def test_qtc_band_edges(qtc: float, band: str) -> None:
    assert qtc_band(qtc).startswith(band)


def test_qtc_units_seconds_and_bpm() -> None:
    # QT 0.36 s = 360 msec, "100 bpm" -> 464.758 by Bazett
    r = CALCULATORS["qtc_bazett"].run({"heart_rate": "100 bpm", "qt_interval": "0.36 s"})
    assert r.value == pytest.approx(360 / math.sqrt(0.6))


@pytest.mark.parametrize("slug", QTC)
def test_qtc_missing_and_range(slug: str) -> None:
    calc = CALCULATORS[slug]
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"heart_rate": 80})
    assert err.value.missing == ["qt_interval"]
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"heart_rate": 0, "qt_interval": 400})
    assert "heart_rate" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"heart_rate": 80, "qt_interval": 4000})
    assert "qt_interval" in str(err.value)


def test_qtc_entity_keys() -> None:
    calc = CALCULATORS["qtc_hodges"]
    args = adapt(calc, "{'Heart Rate or Pulse': [101, 'beats per minute'], 'QT Interval': [280, 'msec']}")
    assert calc.run(args).value == pytest.approx(280 + 1.75 * 41)  # 351.75
