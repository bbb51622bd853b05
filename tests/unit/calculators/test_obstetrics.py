"""Pregnancy dating: due date (MedCalc-Bench 13), conception date (68), gestational age (69)."""

from __future__ import annotations

from datetime import date

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError

from ._oneshot import assert_one_shot_ids, assert_row_correct, one_shot_rows

MY_IDS = {13, 68, 69}
EDD = CALCULATORS["estimated_due_date"]
CONC = CALCULATORS["estimated_conception_date"]
GA = CALCULATORS["estimated_gestational_age"]


@pytest.mark.parametrize("row", one_shot_rows(MY_IDS))
def test_one_shot_rows(row: dict[str, str]) -> None:
    assert_row_correct(row)


def test_one_shot_file_present_or_skip() -> None:
    assert_one_shot_ids(MY_IDS)


# --- Estimated due date ---------------------------------------------------------------

def test_edd_standard_cycle() -> None:
    # 01/01/2023 is day 1 of the year; + 280 days = day 281 = 10/08/2023 (Jan 31, Feb 59, ... Sep 273)
    r = EDD.run({"last_menstrual_date": "01/01/2023", "cycle_length": 28})
    assert r.value == "10/08/2023"
    assert "cycle_length" not in r.assumed
    assert EDD.run({"last_menstrual_date": "01/01/2023"}).assumed == ["cycle_length"]


def test_edd_cycle_adjustment() -> None:
    # 35-day cycle: +7 days -> 10/15/2023 ; 21-day cycle: -7 days -> 10/01/2023
    assert EDD.run({"last_menstrual_date": "01/01/2023", "cycle_length": 35}).value == "10/15/2023"
    assert EDD.run({"last_menstrual_date": "1/1/2023", "cycle_length": 21}).value == "10/01/2023"


def test_edd_cycle_length_with_unit() -> None:
    # [30, 'days'] -> +2 days -> 10/10/2023 ; 4 weeks = 28 days -> 10/08/2023
    assert EDD.run({"last_menstrual_date": "01/01/2023", "cycle_length": [30, "days"]}).value == "10/10/2023"
    assert EDD.run({"last_menstrual_date": "01/01/2023", "cycle_length": "4 weeks"}).value == "10/08/2023"


def test_edd_day_arithmetic_across_leap_year_and_iso() -> None:
    # 06/01/2023 is day 152; + 280 = day 432 = day 67 of 2024 (leap: Jan 31 + Feb 29 = 60) = 03/07/2024
    # (the calendar shortcut "+1 year -3 months +7 days" would give 03/08/2024)
    assert EDD.run({"last_menstrual_date": "2023-06-01"}).value == "03/07/2024"
    assert EDD.run({"last_menstrual_date": date(2023, 6, 1)}).value == "03/07/2024"


def test_edd_invalid_inputs() -> None:
    with pytest.raises(CalculatorInputError) as err:
        EDD.run({"last_menstrual_date": "02/30/2023"})
    assert "last_menstrual_date" in str(err.value) and "valid calendar date" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        EDD.run({"last_menstrual_date": "31/01/2023"})  # day-first is not accepted
    assert "MM/DD/YYYY" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        EDD.run({"last_menstrual_date": "yesterday"})
    assert "last_menstrual_date" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        EDD.run({"last_menstrual_date": "01/01/2023", "cycle_length": 60})
    assert "cycle_length" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        EDD.run({"cycle_length": 28})
    assert err.value.missing == ["last_menstrual_date"]


# --- Estimated date of conception --------------------------------------------------------

def test_conception_known_values() -> None:
    # + 14 days: 01/07/2017 -> 01/21/2017 ; across the year end 12/25/2020 -> 01/08/2021
    assert CONC.run({"last_menstrual_date": "01/07/2017"}).value == "01/21/2017"
    assert CONC.run({"last_menstrual_date": "12/25/2020"}).value == "01/08/2021"
    # leap February: 02/20/2024 + 14 = 03/05/2024 (Feb 29 exists)
    assert CONC.run({"last_menstrual_date": "2024-02-20"}).value == "03/05/2024"


def test_conception_invalid_and_missing() -> None:
    with pytest.raises(CalculatorInputError) as err:
        CONC.run({"last_menstrual_date": "02/29/2023"})  # 2023 is not a leap year
    assert "last_menstrual_date" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        CONC.run({})
    assert err.value.missing == ["last_menstrual_date"]


# --- Estimated gestational age -------------------------------------------------------------

def test_ga_known_values() -> None:
    r = GA.run({"last_menstrual_date": "01/01/2023", "current_date": "01/01/2023"})
    assert r.value == "0 weeks, 0 days" and r.components == {"weeks": 0, "days": 0, "total_days": 0}
    # 01/01 -> 03/01/2023 = 31 + 28 = 59 days = 8 weeks 3 days
    r = GA.run({"last_menstrual_date": "01/01/2023", "current_date": "2023-03-01"})
    assert r.value == "8 weeks, 3 days" and r.interpretation == "first trimester"


def test_ga_trimester_boundaries() -> None:
    # 04/08/2023 = 97 days = 13w6d (first) ; 04/09/2023 = 98 days = 14w0d (second) ; 07/16/2023 = 196 d = 28w0d
    assert GA.run({"last_menstrual_date": "01/01/2023", "current_date": "04/08/2023"}).interpretation == \
        "first trimester"
    r = GA.run({"last_menstrual_date": "01/01/2023", "current_date": "04/09/2023"})
    assert r.components["weeks"] == 14 and r.interpretation == "second trimester"
    r = GA.run({"last_menstrual_date": "01/01/2023", "current_date": "07/16/2023"})
    assert r.value == "28 weeks, 0 days" and "third" in r.interpretation


def test_ga_rejects_current_before_lmp_and_missing() -> None:
    with pytest.raises(CalculatorInputError) as err:
        GA.run({"last_menstrual_date": "03/01/2023", "current_date": "01/01/2023"})
    assert "current_date" in str(err.value)
    with pytest.raises(CalculatorInputError) as err:
        GA.run({"last_menstrual_date": "03/01/2023"})
    assert err.value.missing == ["current_date"]


def test_ga_from_the_due_date() -> None:
    # due 10/08/2023 -> dating LMP 10/08/2023 - 280 days = 01/01/2023; 03/01/2023 is 59 days = 8 weeks 3 days
    r = GA.run({"due_date": "10/08/2023", "current_date": "03/01/2023"})
    assert r.value == "8 weeks, 3 days" and "due date" in r.explanation[0]
    # on the due date itself: 280 days = 40 weeks 0 days (term)
    r = GA.run({"due_date": "2023-10-08", "current_date": "2023-10-08"})
    assert r.value == "40 weeks, 0 days" and r.interpretation == "term"
    # the LMP wins when both are given
    r = GA.run({"last_menstrual_date": "01/08/2023", "due_date": "10/08/2023", "current_date": "03/01/2023"})
    assert r.value == "7 weeks, 3 days"
    with pytest.raises(CalculatorInputError) as err:  # neither the LMP nor the due date
        GA.run({"current_date": "03/01/2023"})
    assert "last_menstrual_date" in str(err.value)


def test_ga_due_date_is_read_from_a_note() -> None:
    from medmirror.tools.extraction.grounding import rule_arguments

    note = "Antenatal review. Today's date is 03/01/2023. EDD 10/08/2023 by dating scan."
    args = rule_arguments(GA, note).args
    assert args == {"current_date": "2023-03-01", "due_date": "2023-10-08"}
    assert GA.run(args).value == "8 weeks, 3 days"
