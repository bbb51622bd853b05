"""Pregnancy dating from the last menstrual period: due date, conception date, gestational age.

Dates are accepted as MM/DD/YYYY (MedCalc-Bench's format; single-digit month/day
allowed), ISO YYYY-MM-DD, or ``datetime.date``; impossible dates (e.g. 02/30/2021)
are rejected with a message naming the input. Results are dates in MM/DD/YYYY.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from pydantic import Field, field_validator

from medmirror.tools.calculators.anthropometrics import input_error
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, quantity
from medmirror.tools.calculators.registry import register

_US = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*$")
_ISO = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")


def parse_date(value: Any) -> Any:
    """MM/DD/YYYY or YYYY-MM-DD -> date; raises ValueError for impossible or unrecognised dates."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date) or not isinstance(value, str):
        return value
    m = _US.match(value)
    order = "read as MM/DD/YYYY"
    if m:
        month, day, year = (int(g) for g in m.groups())
    else:
        order = "read as YYYY-MM-DD"
        m = _ISO.match(value)
        if not m:
            raise ValueError(f"'{value}' is not a date in MM/DD/YYYY or YYYY-MM-DD")
        year, month, day = (int(g) for g in m.groups())
    try:
        parsed = date(year, month, day)
    except ValueError as exc:
        raise ValueError(f"'{value}' is not a valid calendar date ({order}: {exc})") from None
    if not 1900 <= parsed.year <= 2100:
        raise ValueError(f"'{value}': year outside 1900-2100")
    return parsed


def fmt(d: date) -> str:
    return d.strftime("%m/%d/%Y")


class _DateInputs(CalculatorInputs):
    @field_validator("last_menstrual_date", "current_date", "due_date", mode="before", check_fields=False)
    @classmethod
    def _date(cls, v: Any) -> Any:
        return parse_date(v)


_LMP_DESC = "First day of the last menstrual period (MM/DD/YYYY or YYYY-MM-DD)"


# ---------------------------------------------------------------------------
# Estimated due date
# ---------------------------------------------------------------------------


class DueDateInputs(_DateInputs):
    last_menstrual_date: date = Field(description=_LMP_DESC)
    cycle_length: float = quantity("days", description="Menstrual cycle length, whole days (28 when not given)",
                                   ge=20, le=45, default=28)


def _due_date(x: DueDateInputs) -> CalculatorResult:
    base = x.last_menstrual_date + timedelta(days=280)
    cycle = int(round(x.cycle_length))
    adjust = cycle - 28
    edd = base + timedelta(days=adjust)
    return CalculatorResult(
        calculator="estimated_due_date", name="Estimated Due Date", value=fmt(edd), unit="",
        interpretation=f"estimated due date {fmt(edd)} (40 weeks after the LMP, adjusted for a "
                       f"{cycle}-day cycle)",
        explanation=[
            f"LMP {fmt(x.last_menstrual_date)} + 280 days (40 weeks) = {fmt(base)}",
            f"cycle length {cycle} days: {adjust:+d} day(s) relative to 28 -> {fmt(edd)}",
        ],
        reference=("Naegele's rule (Naegele FC, 1812), with the cycle-length adjustment used by MDCalc / "
                   "MedCalc-Bench: EDD = LMP + 280 days + (cycle length - 28) days."),
        components={"lmp": fmt(x.last_menstrual_date), "cycle_adjustment_days": adjust},
    )


DUE_DATE = register(Calculator(
    id="estimated_due_date", name="Estimated Due Date", category="date",
    description=("Estimated due date (EDD) of a pregnancy from the last menstrual period by Naegele's rule, "
                 "adjusted for menstrual cycle length."),
    inputs=DueDateInputs, compute=_due_date,
    reference="Naegele's rule: LMP + 280 days + (cycle length - 28) days.",
    output_unit="", output_type="date",
    medcalc_id=13, medcalc_name="Estimated Due Date",
    aliases=["EDD", "due date", "Naegele's rule", "estimated date of delivery", "EDC", "when the baby is due"],
    conventions=["EDD = LMP + 280 days + (cycle length - 28) days; cycle length 28 when not given.",
                 "Answer formatted MM/DD/YYYY."],
    medcalc_keys={"Last menstrual date": "last_menstrual_date", "cycle length": "cycle_length"},
))


# ---------------------------------------------------------------------------
# Estimated date of conception
# ---------------------------------------------------------------------------


class ConceptionInputs(_DateInputs):
    last_menstrual_date: date = Field(description=_LMP_DESC)


def _conception(x: ConceptionInputs) -> CalculatorResult:
    conceived = x.last_menstrual_date + timedelta(days=14)
    return CalculatorResult(
        calculator="estimated_conception_date", name="Estimated Date of Conception", value=fmt(conceived),
        unit="", interpretation=f"estimated conception {fmt(conceived)} (2 weeks after the LMP)",
        explanation=[f"LMP {fmt(x.last_menstrual_date)} + 14 days = {fmt(conceived)}"],
        reference=("Conception assumed at ovulation 2 weeks after the LMP in a 28-day cycle "
                   "(MDCalc / MedCalc-Bench convention)."),
        components={"lmp": fmt(x.last_menstrual_date)},
    )


CONCEPTION = register(Calculator(
    id="estimated_conception_date", name="Estimated Date of Conception", category="date",
    description="Estimated date of conception from the last menstrual period (LMP + 2 weeks).",
    inputs=ConceptionInputs, compute=_conception,
    reference="LMP + 14 days (ovulation in a 28-day cycle).",
    output_unit="", output_type="date",
    medcalc_id=68, medcalc_name="Estimated Date of Conception",
    aliases=["conception date", "date of conception", "fertilization date"],
    conventions=["Conception = LMP + 14 days regardless of cycle length (MedCalc-Bench).",
                 "Answer formatted MM/DD/YYYY."],
    medcalc_keys={"Last menstrual date": "last_menstrual_date"},
))


# ---------------------------------------------------------------------------
# Estimated gestational age
# ---------------------------------------------------------------------------


class GestationalAgeInputs(_DateInputs):
    last_menstrual_date: date | None = Field(None, description=_LMP_DESC + "; or give the due date")
    current_date: date = Field(description="Date of assessment (MM/DD/YYYY or YYYY-MM-DD)")
    due_date: date | None = Field(None, description="Estimated due date (MM/DD/YYYY or YYYY-MM-DD), used when the "
                                  "LMP is not given")


def _gestational_age(x: GestationalAgeInputs) -> CalculatorResult:
    if x.last_menstrual_date is not None:
        start, how = x.last_menstrual_date, f"LMP {fmt(x.last_menstrual_date)}"
    elif x.due_date is not None:  # Naegele: the due date is LMP + 280 days, so the dating LMP is EDD - 280 days
        start = x.due_date - timedelta(days=280)
        how = f"due date {fmt(x.due_date)} - 280 days = dating LMP {fmt(start)}"
    else:
        raise input_error("Estimated Gestational Age", "last_menstrual_date", "give the LMP or the due date",
                          problem="missing", expected="a date (MM/DD/YYYY or YYYY-MM-DD)")
    days_total = (x.current_date - start).days
    if days_total < 0:
        raise input_error("Estimated Gestational Age", "current_date",
                          f"{fmt(x.current_date)} is before the last menstrual period {fmt(start)}",
                          expected="a date on or after the LMP")
    weeks, days = divmod(days_total, 7)
    if weeks < 14:
        interp = "first trimester"
    elif weeks < 28:
        interp = "second trimester"
    elif weeks < 37:
        interp = "third trimester (preterm)"
    elif weeks < 42:
        interp = "term"
    else:
        interp = "post-term (>= 42 weeks): confirm the dates"
    return CalculatorResult(
        calculator="estimated_gestational_age", name="Estimated Gestational Age",
        value=f"{weeks} weeks, {days} days", unit="",
        interpretation=interp,
        explanation=[how, f"{fmt(x.current_date)} - {fmt(start)} = {days_total} days "
                     f"= {weeks} weeks and {days} days"],
        reference="Gestational age by dates: days elapsed since the first day of the LMP (ACOG Committee Opinion 700).",
        components={"weeks": weeks, "days": days, "total_days": days_total},
    )


GESTATIONAL_AGE = register(Calculator(
    id="estimated_gestational_age", name="Estimated Gestational Age", category="date",
    description=("Estimated gestational age in weeks and days from the last menstrual period (or, without one, the EDD) "
                 "and the current date (pregnancy dating)."),
    inputs=GestationalAgeInputs, compute=_gestational_age,
    reference="Days since LMP, expressed as completed weeks and days.",
    output_unit="", output_type="weeks_days",
    medcalc_id=69, medcalc_name="Estimated Gestational Age",
    aliases=["gestational age", "GA", "weeks pregnant", "pregnancy dating by LMP"],
    core=("last_menstrual_date", "due_date"), core_min=1,
    conventions=["Gestational age = current date - LMP, as completed weeks and remaining days.",
                 "Given a due date instead of the LMP: gestational age = 280 days - (due date - current date) "
                 "(Naegele's rule, due date = LMP + 280 days); the LMP wins when both are given.",
                 "A current date before the LMP is rejected."],
    medcalc_keys={"Last menstrual date": "last_menstrual_date", "Current Date": "current_date"},
))
