"""MedCalc-Bench correctness rule and answer parsing (medmirror.bench.scoring), on hand-made examples."""

from __future__ import annotations

import math
from datetime import date, datetime

import pytest

from medmirror.bench.scoring import (
    AnswerParseError,
    Expected,
    ScoringError,
    expected_from_row,
    format_date,
    format_weeks_days,
    is_correct,
    parse_answer,
    parse_date,
    parse_number,
    parse_weeks_days,
)

# ---------------------------------------------------------------------------
# Which rule a row gets
# ---------------------------------------------------------------------------


def test_gestational_age_row_is_a_weeks_days_tuple_even_if_typed_date() -> None:
    exp = expected_from_row("('34 weeks', '3 days')", "('34 weeks', '3 days')", "('34 weeks', '3 days')", "date")
    assert (exp.kind, exp.rule, exp.answer) == ("weeks_days", "weeks_days", (34, 3))
    assert exp.to_json() == [34, 3]


def test_date_row_from_output_type_and_from_format() -> None:
    exp = expected_from_row("12/02/2000", "12/02/2000", "12/02/2000", "date")
    assert (exp.kind, exp.rule, exp.answer) == ("date", "date", date(2000, 12, 2))
    assert exp.to_json() == "12/02/2000"
    # no Output Type column: the M/D/Y shape decides
    assert expected_from_row("1/21/2017", "", "", None).answer == date(2017, 1, 21)


def test_equal_limits_give_the_exact_rule() -> None:
    exp = expected_from_row("1.5", "1.5", "1.5", "integer")
    assert (exp.kind, exp.rule, exp.lower, exp.upper) == ("number", "exact", 1.5, 1.5)


def test_different_limits_give_the_range_rule_whatever_the_output_type_says() -> None:
    # The steroid-conversion row is typed "integer" but has a +-5 % interval.
    exp = expected_from_row("2.47001", "2.34651", "2.59351", "integer")
    assert (exp.rule, exp.answer, exp.lower, exp.upper) == ("range", 2.47001, 2.34651, 2.59351)


def test_swapped_limits_of_a_negative_answer_are_the_same_interval() -> None:
    # -2.1 * 0.95 = -1.995 and -2.1 * 1.05 = -2.205: older files wrote them in that order.
    exp = expected_from_row("-2.1", "-1.995", "-2.205")
    assert (exp.lower, exp.upper) == (-2.205, -1.995)


def test_blank_limits_mean_exact_on_the_answer() -> None:
    exp = expected_from_row("7", "", "  ")
    assert (exp.rule, exp.lower, exp.upper) == ("exact", 7.0, 7.0)


@pytest.mark.parametrize(
    ("gt", "lo", "hi", "message"),
    [
        ("", "1", "2", "empty"),
        ("   ", "1", "2", "empty"),
        ("about five", "1", "2", "Ground Truth Answer"),
        ("5", "1", "", "only one of"),
        ("5", "low", "6", "limit"),
        ("13/45/2000", "", "", "Ground Truth Answer"),
    ],
)
def test_unreadable_row_cells_raise_naming_the_cell(gt: str, lo: str, hi: str, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        expected_from_row(gt, lo, hi)


# ---------------------------------------------------------------------------
# The rule itself
# ---------------------------------------------------------------------------


def test_dates_match_exactly_with_or_without_zero_padding() -> None:
    exp = expected_from_row("12/02/2000", "12/02/2000", "12/02/2000", "date")
    assert is_correct(exp, "12/2/2000")
    assert is_correct(exp, "12/02/2000")
    assert is_correct(exp, date(2000, 12, 2))
    assert not is_correct(exp, "12/03/2000")  # one day off is wrong
    assert not is_correct(exp, "02/12/2000")  # D/M/Y reading is a different date


def test_weeks_days_exact_from_components_or_text() -> None:
    exp = expected_from_row("('34 weeks', '3 days')", "", "")
    assert is_correct(exp, {"weeks": 34, "days": 3})  # a calculator's components
    assert is_correct(exp, "34 weeks, 3 days")  # a calculator's value
    assert is_correct(exp, (34, 3))
    assert not is_correct(exp, (34, 4))
    assert not is_correct(exp, (33, 10))  # same number of days, not the benchmark's tuple


def test_exact_numbers_compare_with_a_tiny_tolerance_only() -> None:
    exp = expected_from_row("1.5", "1.5", "1.5")
    assert is_correct(exp, 1.5)
    assert is_correct(exp, 1.5 + 1e-12)  # float noise
    assert is_correct(exp, "1.5")
    assert not is_correct(exp, 1.51)
    assert not is_correct(exp, 2)
    score = expected_from_row("2", "2", "2")
    assert is_correct(score, 2) and is_correct(score, 2.0)
    assert not is_correct(score, 2.4)  # no rounding of a score


def test_range_is_inclusive_at_both_limits() -> None:
    exp = expected_from_row("20.52892", "19.50247", "21.55537")
    assert is_correct(exp, 20.0)
    assert is_correct(exp, 19.50247) and is_correct(exp, 21.55537)
    assert not is_correct(exp, 19.50246)
    assert not is_correct(exp, 21.6)


def test_negative_range() -> None:
    exp = expected_from_row("-2.1", "-2.205", "-1.995")
    assert is_correct(exp, -2.0)
    assert not is_correct(exp, 2.1)


@pytest.mark.parametrize("bad", [True, None, float("nan"), float("inf"), "high risk", [1, 2]])
def test_non_numbers_are_an_error_not_a_wrong_answer(bad: object) -> None:
    exp = expected_from_row("3", "3", "3")
    with pytest.raises(ScoringError):
        is_correct(exp, bad)


def test_wrong_kind_for_date_and_tuple_rows_raises() -> None:
    with pytest.raises(ScoringError):
        is_correct(expected_from_row("12/02/2000", "", "", "date"), 12.5)
    with pytest.raises(ScoringError):
        is_correct(expected_from_row("(4 weeks, 3 days)", "", ""), "4 weeks")


# ---------------------------------------------------------------------------
# Strict value parsers
# ---------------------------------------------------------------------------


def test_parse_date_forms() -> None:
    assert parse_date("1/7/2017") == parse_date("01/07/2017") == date(2017, 1, 7)
    assert parse_date("2017-01-07") == date(2017, 1, 7)
    assert parse_date("January 7, 2017") == date(2017, 1, 7)
    assert parse_date(datetime(2017, 1, 7, 13, 0)) == date(2017, 1, 7)
    assert format_date(date(2017, 1, 7)) == "01/07/2017"
    with pytest.raises(ScoringError, match="not a valid date"):
        parse_date("02/30/2020")
    with pytest.raises(ScoringError, match="one date"):
        parse_date("01/07/2017 or 01/08/2017")
    with pytest.raises(ScoringError, match="expected a date"):
        parse_date(20170107)


def test_parse_weeks_days_forms() -> None:
    for text in ["('34 weeks', '3 days')", "34 weeks, 3 days", "(34, 3)", "34 weeks and 3 days", "34w 3d"]:
        assert parse_weeks_days(text) == (34, 3), text
    assert parse_weeks_days("1 week, 0 days") == (1, 0)
    assert parse_weeks_days(["8 weeks", "0 days"]) == (8, 0)
    assert parse_weeks_days({"weeks": 8.0, "days": 1}) == (8, 1)
    assert format_weeks_days((8, 1)) == "(8 weeks, 1 days)"
    with pytest.raises(ScoringError, match="'weeks' and 'days'"):
        parse_weeks_days({"weeks": 8})
    with pytest.raises(ScoringError, match="negative"):
        parse_weeks_days((-1, 2))
    with pytest.raises(ScoringError, match="whole number"):
        parse_weeks_days((8.5, 2))
    with pytest.raises(ScoringError, match="pair"):
        parse_weeks_days((1, 2, 3))
    with pytest.raises(ScoringError, match="one \\(weeks, days\\)"):
        parse_weeks_days("34 weeks")


def test_parse_number_is_strict() -> None:
    assert parse_number("  -2.1 ") == -2.1
    assert parse_number("1,234.5") == 1234.5
    assert parse_number(3) == 3.0
    with pytest.raises(ScoringError):
        parse_number("20.5 kg/m2")
    with pytest.raises(ScoringError):
        parse_number(False)


# ---------------------------------------------------------------------------
# Free-text answers
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("20.5", 20.5),
        ("The patient's BMI is 20.5 kg/m².", 20.5),
        ("eGFR 45.2 mL/min/1.73 m²", 45.2),  # 1.73 belongs to the unit
        ("The CHA2DS2-VASc score is 3", 3.0),  # digits inside the name are not answers
        ("BMI = 68 / 1.82^2 = 20.5", 20.5),  # after the last '='
        ('{"step_by_step_thinking": "1 + 2", "answer": "20.5"}', 20.5),
        ('```json\n{"answer": 4}\n```', 4.0),
        ("Final answer: -2.1 L", -2.1),
        ("answer is \u22122.1", -2.1),  # unicode minus
        ("The Centor score is 4 out of 5 points", 4.0),
        ("1,234.5 mg", 1234.5),
        ("WBC 12 x 10^9/L", 12.0),
        ("MME 82.6, i.e. 82.6 mme/day", 82.6),  # the same number twice is not ambiguous
        (7, 7.0),
    ],
)
def test_parse_number_answers(text: object, value: float) -> None:
    got = parse_answer(text, "number")
    assert isinstance(got, float) and math.isclose(got, value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        (None, "empty"),
        ("I cannot determine it", "no number"),
        ("between 3 and 5", "ambiguous"),
        ('{"answer": ""}', "empty"),
        (True, "boolean"),
    ],
)
def test_parse_number_answers_fail_clearly(text: object, message: str) -> None:
    with pytest.raises(AnswerParseError, match=message):
        parse_answer(text, "number")


def test_parse_date_answers() -> None:
    assert parse_answer("The estimated due date is 12/2/2000.", "date") == date(2000, 12, 2)
    assert parse_answer("LMP 01/07/2017; answer: 01/21/2017", "date") == date(2017, 1, 21)
    with pytest.raises(AnswerParseError, match="ambiguous"):
        parse_answer("01/07/2017 then 01/21/2017", "date")
    with pytest.raises(AnswerParseError, match="no date"):
        parse_answer("in two weeks", "date")
    with pytest.raises(AnswerParseError, match="not a valid date"):
        parse_answer("02/30/2020", "date")


def test_parse_weeks_days_answers() -> None:
    assert parse_answer("The gestational age is (34 weeks, 3 days).", "weeks_days") == (34, 3)
    assert parse_answer('{"answer": [8, 0]}', "weeks_days") == (8, 0)
    with pytest.raises(AnswerParseError, match="no \\(weeks, days\\)"):
        parse_answer("34 weeks", "weeks_days")


def test_unknown_kind_is_an_error() -> None:
    with pytest.raises(AnswerParseError, match="unknown answer kind"):
        parse_answer("3", "percent")  # type: ignore[arg-type]


def test_expected_is_hashable_value_object() -> None:
    a = Expected("number", "exact", 3.0, 3.0, 3.0)
    assert a == expected_from_row("3", "3", "3")
