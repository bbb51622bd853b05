"""Dose conversions: steroid equivalents (MedCalc-Bench 24) and morphine milligram equivalents (49)."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.medcalc_adapter import EntityAdapterError, adapt
from medmirror.tools.extraction.confidence import assess

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {24, 49}
STEROID = CALCULATORS["steroid_conversion"]
MME = CALCULATORS["morphine_milligram_equivalents"]


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    # Both rows are labelled 'integer' in the CSV but answered as decimals with limits: compare within limits.
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


# --- Steroid conversion ------------------------------------------------------------

def test_steroid_known_values() -> None:
    # 40 mg prednisone × 0.75 / 5 = 6 mg dexamethasone
    r = STEROID.run({"input_steroid": "PredniSONE PO", "dose": 40, "target_steroid": "Dexamethasone IV"})
    assert r.value == pytest.approx(6.0)
    # 100 mg hydrocortisone × 4 / 20 = 20 mg methylprednisolone
    assert STEROID.run({"input_steroid": "Hydrocortisone IV", "dose": 100,
                        "target_steroid": "MethylPrednisoLONE IV"}).value == pytest.approx(20.0)
    # 10 mg dexamethasone × 20 / 0.75 = 266.667 mg hydrocortisone
    assert STEROID.run({"input_steroid": "Dexamethasone IV", "dose": 10,
                        "target_steroid": "Hydrocortisone PO"}).value == pytest.approx(266.6667, abs=1e-3)
    # 25 mg cortisone × 4 / 25 = 4 mg triamcinolone ; 0.75 mg betamethasone × 5 / 0.75 = 5 mg prednisolone
    assert STEROID.run({"input_steroid": "Cortisone PO", "dose": 25, "target_steroid": "Triamcinolone IV"}
                       ).value == pytest.approx(4.0)
    assert STEROID.run({"input_steroid": "Betamethasone IV", "dose": 0.75, "target_steroid": "PrednisoLONE PO"}
                       ).value == pytest.approx(5.0)


def test_steroid_name_spellings() -> None:
    # route optional, any case, 'oral' -> PO, brand names
    assert STEROID.run({"input_steroid": "prednisone", "dose": 5, "target_steroid": "oral prednisolone"}
                       ).value == pytest.approx(5.0)
    r = STEROID.run({"input_steroid": "Solu-Medrol", "dose": 8, "target_steroid": "DEXAMETHASONE po"})
    assert r.value == pytest.approx(1.5)  # 8 × 0.75 / 4


def test_steroid_unit_conversion() -> None:
    # 0.04 g = 40 mg prednisone -> 6 mg dexamethasone
    assert STEROID.run({"input_steroid": "PredniSONE PO", "dose": "0.04 g", "target_steroid": "Dexamethasone PO"}
                       ).value == pytest.approx(6.0)


def test_steroid_invalid_missing_and_range() -> None:
    with pytest.raises(CalculatorInputError) as err:
        STEROID.run({"input_steroid": "Prednisone IV", "dose": 5, "target_steroid": "Dexamethasone PO"})
    assert "input_steroid" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        STEROID.run({"input_steroid": "Fludrocortisone", "dose": 5, "target_steroid": "Dexamethasone PO"})
    assert "input_steroid" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        STEROID.run({"input_steroid": "PredniSONE PO", "target_steroid": "Dexamethasone PO"})
    assert err.value.missing == ["dose"]
    with pytest.raises(CalculatorInputError) as err:
        STEROID.run({"input_steroid": "PredniSONE PO", "dose": 0, "target_steroid": "Dexamethasone PO"})
    assert "dose" in str(err.value)


def test_steroid_entity_adapter() -> None:
    args = adapt(STEROID, "{'input steroid': ['PredniSONE PO', 20, 'mg'], 'target steroid': 'Hydrocortisone IV'}")
    assert STEROID.run(args).value == pytest.approx(80.0)  # 20 × 20 / 5
    with pytest.raises(EntityAdapterError):
        adapt(STEROID, "{'input steroid': 'PredniSONE PO', 'target steroid': 'Hydrocortisone IV'}")


# --- MME ---------------------------------------------------------------------------

def _mme(*meds: tuple) -> float:
    return MME.run({"medications": [dict(zip(("drug", "dose", "unit", "doses_per_day"), m)) for m in meds]}).value


def test_mme_known_values() -> None:
    # oxycodone 10 mg × 4/day = 40 mg × 1.5 = 60
    assert _mme(("OxyCODONE", 10, "mg", 4)) == pytest.approx(60)
    # methadone 10 mg × 3 = 30 × 4.7 = 141 ; tramadol 50 mg × 4 = 200 × 0.2 = 40 ; total 181
    assert _mme(("Methadone", 10, "mg", 3), ("TraMADol", 50, "mg", 4)) == pytest.approx(181)


def test_mme_every_factor() -> None:
    # codeine 30×4×0.15 = 18 ; hydromorphone 2×6×5 = 60 ; hydrocodone 10×4×1 = 40 ; oxymorphone 5×2×3 = 30 ;
    # tapentadol 50×2×0.4 = 40 ; morphine 15×2×1 = 30 ; buprenorphine 0.5×2×10 = 10 (MedCalc-Bench factor)
    assert _mme(("Codeine", 30, "mg", 4)) == pytest.approx(18)
    assert _mme(("HYDROmorphone", 2, "mg", 6)) == pytest.approx(60)
    assert _mme(("HYDROcodone", 10, "mg", 4)) == pytest.approx(40)
    assert _mme(("OxyMORphone", 5, "mg", 2)) == pytest.approx(30)
    assert _mme(("Tapentadol", 50, "mg", 2)) == pytest.approx(40)
    assert _mme(("Morphine", 15, "mg", 2)) == pytest.approx(30)
    assert _mme(("Buprenorphine", 0.5, "mg", 2)) == pytest.approx(10)


def test_mme_fentanyl_units() -> None:
    # patch 25 µg/h × 1 × 2.4 = 60 ; buccal 0.2 mg = 200 µg × 1 × 0.13 = 26
    assert _mme(("FentANYL patch", 25, "µg/hr", 1)) == pytest.approx(60)
    assert _mme(("fentanyl transdermal", 25, "mcg/h", 1)) == pytest.approx(60)
    assert _mme(("FentaNYL buccal", 0.2, "mg", 1)) == pytest.approx(26)
    # unit omitted: the drug's conversion unit (µg for buccal fentanyl): 100 µg × 2 × 0.13 = 26
    assert MME.run({"medications": [{"drug": "fentanyl buccal", "dose": 100, "doses_per_day": 2}]}
                   ).value == pytest.approx(26)
    # morphine in µg: 30 000 µg = 30 mg × 1 = 30
    assert _mme(("Morphine", 30000, "µg", 1)) == pytest.approx(30)


def test_mme_thresholds() -> None:
    assert MME.run({"medications": [{"drug": "Morphine", "dose": 49, "unit": "mg", "doses_per_day": 1}]}
                   ).interpretation == "< 50 MME/day"
    assert ">= 50" in MME.run({"medications": [{"drug": "Morphine", "dose": 50, "doses_per_day": 1}]}).interpretation
    assert ">= 90" in MME.run({"medications": [{"drug": "Morphine", "dose": 90, "doses_per_day": 1}]}).interpretation


def test_mme_errors_name_the_entry() -> None:
    with pytest.raises(CalculatorInputError) as err:
        _mme(("fentanyl", 25, "µg", 1))
    assert "buccal" in str(err.value) and "medications" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        _mme(("heroin", 10, "mg", 1))
    assert "unknown opioid" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        MME.run({"medications": [{"drug": "Morphine", "dose": 10, "unit": "mg"}]})
    assert "doses_per_day missing" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        _mme(("OxyCODONE", 40, "mg/day", 1))
    assert "rate" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        _mme(("OxyCODONE", 5, "mL", 1))
    assert "OxyCODONE" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        _mme(("Morphine", -5, "mg", 1))
    assert "dose must be greater than 0" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        MME.run({"medications": []})
    assert "medications" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        MME.run({})
    assert err.value.missing == ["medications"]


def test_mme_entity_adapter_pairs() -> None:
    ents = ("{'FentANYL patch Dose': [25, 'µg/hr'], 'FentANYL patch Dose Per Day': [1, 'per day'], "
            "'OxyCODONE Dose': [5, 'mg'], 'OxyCODONE Dose Per Day': [4, 'per day']}")
    # 25 × 2.4 = 60 ; 5 × 4 × 1.5 = 30 ; total 90
    assert MME.run(adapt(MME, ents)).value == pytest.approx(90)
    with pytest.raises(EntityAdapterError):
        adapt(MME, "{'Morphine': [10, 'mg']}")


def test_mme_marks_a_dose_beyond_any_marketed_one_as_implausible() -> None:
    # 20 mg of buccal fentanyl = 20,000 µg: 12.5 x Actiq's largest lozenge (1,600 µg); computed as given
    # (20,000 x 0.13 = 2,600 MME/day) but marked, with the reading as µg (20 x 0.13 = 2.6) as the alternative
    r = MME.run({"medications": [{"drug": "FentaNYL buccal", "dose": 20, "unit": "mg", "doses_per_day": 1}]})
    assert r.value == pytest.approx(2600.0)
    assert len(r.implausible) == 1 and "1600 µg" in r.implausible[0]["reason"]
    assert r.implausible[0]["alternative"][0]["dose"] == pytest.approx(20.0)
    assert MME.run({"medications": [{"drug": "Morphine", "dose": 60, "doses_per_day": 2}]}).implausible == []


def test_an_implausible_dose_makes_the_answer_uncertain() -> None:
    args = {"medications": [{"drug": "FentaNYL buccal", "dose": 20000, "unit": "µg", "doses_per_day": 1},
                            {"drug": "Morphine", "dose": 20, "unit": "mg", "doses_per_day": 1}]}
    conf = assess(MME, args, [], "The patient takes 20 mg of fentanyl buccal and 20 mg of morphine a day.")
    assert conf is not None and conf.uncertain(0.7)
    assert [d.kind for d in conf.doubts] == ["implausible"]
    assert conf.low == pytest.approx(22.6) and conf.high == pytest.approx(2620.0)  # 2.6 + 20 ; 2600 + 20
