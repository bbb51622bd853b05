"""Answer formats (infer_format, normalise_value, observed_value) and the intra-reflection gates."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState
from medmirror.nodes.formats import format_from_tool, infer_format, normalise_value, observed_value
from medmirror.nodes.gates import answer_gate, executor_retry, next_tool_subtask, plan_gate, tool_gate

ONE_SHOT = Path("/work/shared/data/medcalc/one_shot.csv")

# ---------------------------------------------------------------------------
# infer_format
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("question,fmt", [
    ("What is the patient's CHA2DS2-VASc score?", "number"),
    ("What is the patient's creatinine clearance in mL/min?", "number"),
    ("What is the patient's mean arterial pressure in mm Hg?", "number"),
    ("Using Naegele's rule, what is the patient's estimated due date? Answer as M/D/Y.", "date"),
    ("What is the patient's estimated date of conception?", "date"),
    ("What is the patient's gestational age in weeks and days?", "weeks_days"),
    ("Answer as a tuple, e.g. (4 weeks, 3 days).", "weeks_days"),
    ("Which antibiotic would you start?", "text"),
])
def test_infer_format(question, fmt):
    assert infer_format(question) == fmt


def test_options_make_it_multiple_choice():
    assert infer_format("What is the patient's score?", {"A": "1", "B": "2"}) == "option"
    assert infer_format("What is the patient's score?", {}) == "number"


def _one_shot_rows() -> list:
    if not ONE_SHOT.is_file():
        return []
    params = []
    for row in csv.DictReader(ONE_SHOT.open(encoding="utf-8")):
        gold = row["Ground Truth Answer"].strip()
        if gold.startswith("("):
            expected = "weeks_days"  # the gestational-age row: a (weeks, days) tuple
        else:
            expected = {"decimal": "number", "integer": "number", "date": "date"}[row["Output Type"]]
        params.append(pytest.param(row["Question"], expected, id=row["Calculator Name"][:40]))
    return params


@pytest.mark.skipif(not ONE_SHOT.is_file(), reason="MedCalc-Bench one-shot file not available")
@pytest.mark.parametrize("question,expected", _one_shot_rows())
def test_infer_format_on_medcalc_questions(question, expected):
    assert infer_format(question) == expected


def test_format_from_tool_refines_only_text():
    assert format_from_tool("decimal", "text") == "number"
    assert format_from_tool("integer", "text") == "number"
    assert format_from_tool("date", "text") == "date"
    assert format_from_tool("weeks_days", "text") == "weeks_days"
    assert format_from_tool("decimal", "date") == "date"
    assert format_from_tool(None, "text") == "text"
    assert format_from_tool("text", "text") == "text"


# ---------------------------------------------------------------------------
# normalise_value
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("value,fmt,expected", [
    ("22.5", "number", "22.5"),
    (" 7 ", "number", "7"),
    (7, "number", "7"),
    ("1,234", "number", "1234"),
    ("-0.5", "number", "-0.5"),
    (22.857142857142858, "number", "22.857142857142858"),
    ("1/5/2024", "date", "01/05/2024"),
    ("2024-01-05", "date", "01/05/2024"),
    ("12/02/2000", "date", "12/02/2000"),
    ("(4 weeks, 2 days)", "weeks_days", "(4 weeks, 2 days)"),
    ("4 weeks, 2 days", "weeks_days", "(4 weeks, 2 days)"),
    ("('34 weeks', '3 days')", "weeks_days", "(34 weeks, 3 days)"),
    ("(1 week, 1 day)", "weeks_days", "(1 weeks, 1 days)"),
    ("b", "option", "B"),
    ("(C)", "option", "C"),
    ("A. Aspirin", "option", "A"),
    ("normal weight", "text", "normal weight"),
])
def test_normalise_value(value, fmt, expected):
    assert normalise_value(value, fmt, {"A": "x", "B": "y", "C": "z"} if fmt == "option" else None) == expected


@pytest.mark.parametrize("empty", [None, "", "  ", "null", "None", "N/A", "unknown"])
@pytest.mark.parametrize("fmt", ["number", "date", "weeks_days", "option", "text"])
def test_missing_values_normalise_to_none(empty, fmt):
    assert normalise_value(empty, fmt, {"A": "x"}) is None


@pytest.mark.parametrize("value,fmt,fragment", [
    ("22.9 kg/m2", "number", "is not a number"),
    ("about 23", "number", "is not a number"),
    ("13/45/2020", "date", "is not a date MM/DD/YYYY"),
    ("Jan 5 2024", "date", "is not a date"),
    ("34 weeks", "weeks_days", "is not '(W weeks, D days)'"),
    ("E", "option", "is not one of the options A, B, C"),
])
def test_malformed_values_are_rejected(value, fmt, fragment):
    with pytest.raises(ValueError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        normalise_value(value, fmt, {"A": "x", "B": "y", "C": "z"})


@pytest.mark.parametrize("value", ["nan", "inf", "-Infinity", "1e400"])
def test_non_finite_numbers_are_rejected(value):
    with pytest.raises(ValueError):
        normalise_value(value, "number")


def test_equal_numbers_have_one_canonical_string():
    assert normalise_value("3.0", "number") == normalise_value(3, "number")
    assert normalise_value("70", "number") == normalise_value(70.0, "number") == "70"
    assert normalise_value("22.50", "number") == normalise_value(22.5, "number") == "22.5"
    assert normalise_value("1e3", "number") == "1000"


@pytest.mark.parametrize("value,acceptable", [("Cannot determine", ()), ("Both", ()), ("Answer: C", ("C",))])
def test_option_needs_a_letter_not_the_first_letter_of_a_sentence(value, acceptable):
    options = {"A": "x", "B": "y", "C": "z"}
    try:
        got = normalise_value(value, "option", options)
    except ValueError:
        return  # rejecting is always fine
    assert got in acceptable


# ---------------------------------------------------------------------------
# observed_value
# ---------------------------------------------------------------------------


def test_observed_value_reads_the_tool_value_in_the_answer_format():
    assert observed_value({"value": 22.857142857142858, "unit": "kg/m²"}, "number") == "22.857142857142858"
    assert observed_value({"value": 3}, "number") == "3"
    assert observed_value({"value": "2024-01-05"}, "date") == "01/05/2024"
    obs = {"value": 34.43, "components": {"weeks": 34, "days": 3}}
    assert observed_value(obs, "weeks_days") == "(34 weeks, 3 days)"
    assert observed_value({"value": "(2 weeks, 1 days)"}, "weeks_days") == "(2 weeks, 1 days)"


def test_observed_value_is_none_when_there_is_no_usable_value():
    assert observed_value(None, "number") is None
    assert observed_value("BMI 22", "number") is None
    assert observed_value({"result": 22}, "number") is None
    assert observed_value({"value": "high"}, "number") is None
    assert observed_value({"value": None}, "number") is None


# ---------------------------------------------------------------------------
# Gates
# ---------------------------------------------------------------------------

S = Settings.resolve("mirror", theta_plan=8, theta_tool=8, theta_answer=8, max_plan_revisions=2,
                     max_tool_revisions=1, max_rounds=3, max_attempts_per_subtask=3)


@pytest.mark.parametrize("score,tries,decision", [
    (7, 1, "revise"), (7, 2, "revise"), (7, 3, "accept"),  # k = 2 revisions after the first draft
    (8, 1, "accept"), (10, 1, "accept"),  # at or above θp
])
def test_plan_gate(score, tries, decision):
    assert plan_gate(MedMirrorState(**{"plan_score": score, "plan_tries": tries}), S) == decision


def test_plan_gate_off_without_gates():
    assert plan_gate(MedMirrorState(**{"plan_score": 1, "plan_tries": 1}), Settings.resolve("riskagent")) == "accept"


@pytest.mark.parametrize("score,tries,decision", [(5, 1, "revise"), (5, 2, "accept"), (8, 1, "accept")])
def test_tool_gate(score, tries, decision):
    assert tool_gate(MedMirrorState(**{"proposal": {"score": score}, "tool_tries": tries}), S) == decision


def test_tool_gate_without_a_proposal_accepts():
    assert tool_gate(MedMirrorState(**{"proposal": None, "tool_tries": 1}), S) == "accept"
    assert tool_gate(MedMirrorState(**{"proposal": {"score": 1}, "tool_tries": 1}), Settings.resolve("react")) == "accept"


@pytest.mark.parametrize("score,round_no,decision", [
    (7, 1, "replan"), (7, 2, "replan"), (7, 3, "accept"), (8, 1, "accept"),
])
def test_answer_gate(score, round_no, decision):
    assert answer_gate(MedMirrorState(**{"answer_score": score, "round": round_no}), S) == decision


@pytest.mark.parametrize("off", ["use_gates", "use_ltm", "use_tools"])
def test_answer_gate_needs_gates_ltm_and_tools(off):
    """(The single-loop graph has no rounds at all: its answer node never asks this gate.)"""
    s = Settings.resolve("mirror", **{off: False})
    assert answer_gate(MedMirrorState(**{"answer_score": 1, "round": 1}), s) == "accept"


def test_executor_retry_bound():
    assert [executor_retry(MedMirrorState(**{"attempts": a}), S) for a in range(5)] == [True, True, True, False, False]


def test_next_tool_subtask_skips_reasoning_steps():
    plan = [{"tool": "none"}, {"tool": "bmi"}, {"tool": ""}, {"tool": None}, {"tool": "bsa"}]
    assert next_tool_subtask(plan, 0) == 1
    assert next_tool_subtask(plan, 2) == 4
    assert next_tool_subtask(plan, 5) == 5
    assert next_tool_subtask([{"tool": "none"}], 0) == 1
    assert next_tool_subtask([], 0) == 0
