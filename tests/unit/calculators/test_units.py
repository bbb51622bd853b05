"""Issue 13 item 3: unit spellings clinicians write, conversions worked by hand, impossible values refused.

Every expected value is worked by hand in the comment next to it (molar masses are those of
``medmirror.tools.calculators.units.ANALYTES``).
"""

from __future__ import annotations

import json

import pytest

from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.base import CalculatorInputError
from medmirror.tools.calculators.units import UnitConversionError, convert


@pytest.mark.parametrize("value,unit,target,analyte,expected", [
    # mass per 100 mL written as a percentage
    (1.3, "mg%", "mg/dL", "creatinine", 1.3),  # mg% = mg/100 mL = mg/dL
    (180, "mg%", "mg/dL", "glucose", 180.0),
    (28, "mg%", "mg/dL", "bun", 28.0),
    (45, "mg%", "mmol/L", "urea", 7.4925),  # 45 mg/dL = 450 mg/L / 60.06 g/mol = 7.4925 mmol/L
    (9.8, "g%", "g/dL", "hemoglobin", 9.8),  # g% = g/100 mL = g/dL
    (9.8, "gm%", "g/dL", "hemoglobin", 9.8),
    (9.8, "gm/dL", "g/dL", "hemoglobin", 9.8),  # gm = g
    (2.8, "gm/dl", "g/dL", "albumin", 2.8),
    (80, "mg%", "mg/dL", "ethanol", 80.0),
    # haemoglobin per haem (64,458 / 4 = 16,114.5 g/mol): 6.1 mmol/L x 16.1145 g/mmol = 98.298 g/L = 9.8298 g/dL
    (6.1, "mmol/L", "g/dL", "hemoglobin", 9.829845),
    (10, "g/dL", "mmol/L", "hemoglobin", 6.205591),  # 100 g/L / 16.1145 g/mmol = 6.2056 mmol/L
    # enzyme activity: IU/L = U/L = units/L
    (45, "units/L", "U/L", None, 45.0),
    (45, "IU/l", "U/L", None, 45.0),
    # insulin: µIU/mL = mIU/L; an 'IU/mL' is a million µIU/mL, never the micro unit
    (12, "uIU/mL", "µIU/mL", None, 12.0),
    (12, "mIU/L", "µIU/mL", None, 12.0),  # 10^-3 IU / L = 10^-6 IU / 10^-3 L
    (12, "IU/mL", "µIU/mL", None, 12e6),
    # temperature symbols
    (101.3, "℉", "°C", None, 38.5),  # (101.3 - 32) x 5 / 9 = 38.5
    (38.5, "℃", "degC", None, 38.5),
    # urine output per 24 hours
    (1.2, "L/24h", "mL/day", None, 1200.0),
    (800, "mL/24 hrs", "mL/day", None, 800.0),
])
def test_conversions_by_hand(value, unit, target, analyte, expected):
    assert convert(value, unit, target, analyte) == pytest.approx(expected, rel=1e-5)


@pytest.mark.parametrize("unit", [
    "10^9/L", "x10^9/L", "×10^9/L", "x 10*9/L", "10*9/L", "10e9/L", "x10⁹/L", "10⁹/L", "10^9/l",
    "10^3/µL", "x10^3/µL", "×10³/µL", "10^3/uL", "K/µL", "K/uL", "k/ul", "K/mm3", "thou/uL", "x1000/µL",
    "x10^3/mm3", "G/L", "Gpt/L", "/nL",
])
def test_count_units_equal_to_10e9_per_litre(unit):
    # each is 10^9 cells per litre = 10^9 per 10^6 µL = 10^3 per µL: 150 of them is 150 x 10^9/L = 150,000/µL
    assert convert(150, unit, "10^9/L") == pytest.approx(150.0)
    assert convert(150, unit, "/µL") == pytest.approx(150_000.0)


@pytest.mark.parametrize("unit", ["/µL", "cells/µL", "/mm3", "/mm^3", "/mm³", "cells/mm3", "/cumm"])
def test_count_units_per_microlitre(unit):
    # 150,000 per µL (= per mm³) / 1000 = 150 x 10^3/µL = 150 x 10^9/L
    assert convert(150_000, unit, "10^9/L") == pytest.approx(150.0)


def test_lowercase_g_per_litre_is_not_a_count():
    # 'g/L' is a mass concentration; only a capital G (giga) is a count
    with pytest.raises(UnitConversionError):
        convert(150, "g/L", "10^9/L")


def test_every_card_accepted_unit_converts():
    """Every unit a calculator's card lists as accepted is one the converter reads (pmol/L insulin is HOMA-IR's
    own rule, tested in test_metabolic)."""
    bad = []
    for cid, calc in CALCULATORS.items():
        for name, info in calc.inputs.model_fields.items():
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            if extra.get("x-kind") != "quantity":
                continue
            for unit in extra.get("x-accepted-units") or []:
                if (cid, name, unit) == ("homa_ir", "insulin", "pmol/L"):
                    continue
                try:
                    convert(1.0, unit, extra["x-unit"], extra.get("x-analyte"))
                except UnitConversionError as err:
                    bad.append(f"{cid}.{name} '{unit}': {err}")
    assert not bad, bad


# --- calculators read the new spellings -------------------------------------------------------------

def test_fib4_with_platelets_in_giga_per_litre_and_per_nanolitre():
    # FIB-4 = age x AST / (platelets[10^9/L] x sqrt(ALT)) = 50 x 40 / (200 x sqrt(25)) = 2000 / 1000 = 2.0
    base = {"age": 50, "ast": "40 IU/L", "alt": "25 units/L"}
    for plt in ("200 G/L", "200/nL", "200 ×10⁹/L", "200 x10*9/L", "200,000/µL".replace(",", ""), "200 K/uL"):
        assert CALCULATORS["fib4"].run({**base, "platelets": plt}).value == pytest.approx(2.0), plt


def test_meld_na_with_creatinine_in_mg_percent():
    # same result as the mg/dL spelling: mg% is mg/dL
    args = {"bilirubin": 2.0, "inr": 1.5, "sodium": 130}
    a = CALCULATORS["meld_na"].run({**args, "creatinine": "1.3 mg%"}).value
    b = CALCULATORS["meld_na"].run({**args, "creatinine": 1.3}).value
    assert a == b


def test_glasgow_blatchford_with_haemoglobin_in_mmol_per_litre():
    # 6.1 mmol/L x 1.61145 = 9.83 g/dL: a man with Hb 9.83 (>= 6.5 but < 10 g/dL) scores 6 for haemoglobin;
    # BUN 10 mg/dL, SBP 120, HR 80 score 0, so the total is 6
    r = CALCULATORS["glasgow_blatchford"].run({"sex": "Male", "bun": 10, "hemoglobin": "6.1 mmol/L",
                                                "systolic_bp": 120, "heart_rate": 80})
    assert r.value == 6


def test_homa_ir_refuses_insulin_in_iu_per_ml():
    # 12 IU/mL is 12,000,000 µIU/mL, far above the 3000 µIU/mL bound: refused, not read as 12 µIU/mL
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS["homa_ir"].run({"insulin": "12 IU/mL", "glucose": 100})
    assert "insulin" in str(err.value) and "1.2e+07" in str(err.value) and "0.1-3000" in str(err.value)


# --- impossible values are refused, naming the input, its value and the range -------------------------

IMPOSSIBLE = [
    # (calculator, arguments, input, the value as reported, the range)
    ("anion_gap", {"sodium": 14, "chloride": 100, "bicarbonate": 24}, "sodium", "14.0", "80-220 mEq/L"),
    ("anion_gap", {"sodium": "14 mmol/L", "chloride": 100, "bicarbonate": 24}, "sodium", "'14 mmol/L' is 14 mEq/L",
     "80-220 mEq/L"),
    ("meld_na", {"creatinine": 0, "bilirubin": 1.0, "inr": 1.2, "sodium": 135}, "creatinine", "0.0", "0.1-40 mg/dL"),
    ("meld_na", {"creatinine": "0 µmol/L", "bilirubin": 1.0, "inr": 1.2, "sodium": 135}, "creatinine",
     "'0 µmol/L' is 0 mg/dL", "0.1-40 mg/dL"),
    # 5,000,000/µL / 1000 = 5000 x 10^9/L, above the 2500 x 10^9/L bound
    ("fib4", {"age": 50, "ast": 40, "alt": 25, "platelets": "5000000/µL"}, "platelets", "'5000000/µL' is 5000 10^9/L",
     "1-2500 10^9/L"),
    ("sofa", {"platelets": [5_000_000, "/µL"]}, "platelets", "5000000 /µL is 5000 10^9/L", "0.1-2500 10^9/L"),
    # 250 mmol/L glucose x 18.016 = 4504 mg/dL, above the 3000 mg/dL bound
    ("homa_ir", {"insulin": 10, "glucose": "250 mmol/L"}, "glucose", "'250 mmol/L' is 4504 mg/dL", "10-3000 mg/dL"),
    ("bmi", {"weight": 70, "height": 1.75}, "height", "1.75", "30-260 cm"),
]


@pytest.mark.parametrize("calc,args,name,shown,span", IMPOSSIBLE, ids=[f"{c}:{n}" for c, _, n, _, _ in IMPOSSIBLE])
def test_impossible_value_refused_by_run(calc, args, name, shown, span):
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS[calc].run(args)
    msg = str(err.value)
    assert f"{name} (invalid): " in msg and shown in msg and f"outside the plausible range {span}" in msg, msg


@pytest.mark.parametrize("calc,args,name,shown,span", IMPOSSIBLE, ids=[f"{c}:{n}" for c, _, n, _, _ in IMPOSSIBLE])
def test_impossible_value_refused_by_the_langchain_tool(calc, args, name, shown, span):
    out = CALCULATORS[calc].as_tool().invoke(args)
    assert out.startswith("Error: ") and f"{name} (invalid): " in out and shown in out, out
    assert f"outside the plausible range {span}" in out
    # the registry's tool (the graph's path) refuses with the same message
    with pytest.raises(ValueError) as err:
        default_registry().get(calc).invoke(args)
    assert str(err.value) == out[len("Error: "):]


@pytest.mark.parametrize("calc", ["apache_ii", "psi", "sirs_criteria", "centor_mcisaac"])
def test_temperature_range_is_the_survivable_one(calc):
    # 13.7 °C (accidental hypothermia) and 46.5 °C (heat stroke) were survived: every calculator taking a
    # temperature accepts 13-47 °C; a bare 101 (°F without its unit) and 50 °C are refused
    vitals = {"heart_rate": 80, "respiratory_rate": 16, "systolic_bp": 120}  # observed core of APACHE II and PSI
    base = {"apache_ii": {"age": 60, **vitals, "sodium": 140, "potassium": 4.0, "gcs": 15},
            "psi": {"age": 60, "sex": "Male", **vitals}, "sirs_criteria": {},
            "centor_mcisaac": {"age": 30}}[calc]
    for t in (14, 46.5, "57.2 °F"):  # (57.2 - 32) x 5/9 = 14 °C
        CALCULATORS[calc].run({**base, "temperature": t})
    for t in (101, 50, 12):
        with pytest.raises(CalculatorInputError, match="temperature"):
            CALCULATORS[calc].run({**base, "temperature": t})


def test_possible_extremes_are_accepted():
    # creatinine 30 mg/dL (2652 µmol/L, reported in rhabdomyolysis and missed dialysis) is possible: every
    # calculator taking creatinine accepts up to 40 mg/dL; MELD caps it at 4 (so MELD(Na) is that of 4)
    capped = CALCULATORS["meld_na"].run({"creatinine": 30, "bilirubin": 1, "inr": 1, "sodium": 137}).value
    assert capped == CALCULATORS["meld_na"].run({"creatinine": 4, "bilirubin": 1, "inr": 1, "sodium": 137}).value
    # WBC 600 x 10^9/L (hyperleukocytosis) is accepted by APACHE II as by SIRS (1,000,000/µL = 1000 x 10^9/L)
    assert CALCULATORS["apache_ii"].run({"age": 60, "wbc": 600, "temperature": 37, "heart_rate": 80, "sodium": 140,
                                         "potassium": 4, "gcs": 15}).components is not None
    # platelets 2200 x 10^9/L (essential thrombocythaemia) and AST 30,000 U/L (ischaemic hepatitis) are read by the
    # extractor (up to 2500 and 50,000) and accepted by the calculators alike:
    # FIB-4 = 60 x 30000 / (2200 x sqrt(10000)) = 1,800,000 / 220,000 = 8.1818
    assert CALCULATORS["fib4"].run({"age": 60, "ast": 30000, "alt": 10000, "platelets": "2200 G/L"}).value == \
        pytest.approx(1_800_000 / 220_000)
    # extreme but survivable values stay inside the ranges: sodium 100 and 190 mEq/L, creatinine 0.2 and 20 mg/dL,
    # platelets 1,500,000/µL (1500 x 10^9/L, essential thrombocythaemia)
    ag = CALCULATORS["anion_gap"]
    assert ag.run({"sodium": 100, "chloride": 70, "bicarbonate": 20}).value == 10  # 100 - (70 + 20)
    assert ag.run({"sodium": "190 mmol/L", "chloride": 150, "bicarbonate": 20}).value == 20  # 190 - 170
    out = json.loads(CALCULATORS["fib4"].as_tool().invoke({"age": 50, "ast": 40, "alt": 25, "platelets": "1500000/µL"}))
    assert out["value"] == pytest.approx(50 * 40 / (1500 * 5))  # 2000 / 7500 = 0.26667
