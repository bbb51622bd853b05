"""Answer formats: what structured value a task asks for, and how to check one."""

from __future__ import annotations

import math
import re
from datetime import datetime
from typing import Any, Literal

AnswerFormat = Literal["number", "date", "weeks_days", "option", "text"]
VALUE_FORMATS: tuple[str, ...] = ("number", "date", "weeks_days")  # answers whose value a tool computes

_DATE_HINT = re.compile(r"M/D/Y|MM/DD/YYYY|\bwhat is the (?:patient's )?(?:estimated )?(?:due )?date\b|date of conception|due date", re.I)
_WEEKS_HINT = re.compile(r"weeks?\s+and\s+days|\(\s*\d+\s*weeks?,\s*\d+\s*days?\s*\)|gestational age", re.I)
_NUMBER_HINT = re.compile(
    r"\b(score|index|how many|number of|in terms of|mg/dl|ml/min|mmol|meq|kg|mm ?hg|msec|percentage|ratio|"
    r"gap|clearance|rate|osmolality|deficit|dose|dosage|equivalent|bmi|gfr|qtc|risk|ml/h(?:r|our)?|ml/kg|"
    r"mg/kg|units?/h(?:r|our)?|mcg/kg/min)\b", re.I)


def infer_format(question: str, options: dict[str, str] | None = None) -> AnswerFormat:
    """The answer format a question asks for."""
    if options:
        return "option"
    if _WEEKS_HINT.search(question):
        return "weeks_days"
    if _DATE_HINT.search(question):
        return "date"
    if _NUMBER_HINT.search(question):
        return "number"
    return "text"


def format_from_tool(output_type: str | None, current: AnswerFormat) -> AnswerFormat:
    """Refine the format with the output type of the tool that produced the result."""
    if current != "text" or not output_type:
        return current
    return {"decimal": "number", "integer": "number", "date": "date", "weeks_days": "weeks_days"}.get(output_type, current)


_OPTION = re.compile(r"^\(?([A-Za-z])\)?(?:[.):]\s*.*)?$", re.S)
_WEEKS_DAYS = re.compile(r"^\(?\s*'?(\d+)\s*weeks?'?\s*,\s*'?(\d+)\s*days?'?\s*\)?$", re.I)


def normalise_value(value: Any, fmt: AnswerFormat, options: dict[str, str] | None = None) -> str | None:
    """Check a structured value against its format; return its canonical string. Raises ValueError."""
    if value is None:
        return None
    text = str(value).strip()
    if text == "" or text.lower() in {"null", "none", "n/a", "unknown"}:
        return None
    if fmt == "number":
        try:
            number = float(text.replace(",", ""))
        except ValueError:
            raise ValueError(f"value {text!r} is not a number") from None
        if not math.isfinite(number):
            raise ValueError(f"value {text!r} is not a finite number")
        # one spelling per number, so "110", "110.0" and the tool's 110.0 compare equal
        return str(int(number)) if number.is_integer() else repr(number)
    if fmt == "date":
        for pattern in ("%m/%d/%Y", "%Y-%m-%d"):
            try:
                return datetime.strptime(text, pattern).strftime("%m/%d/%Y")
            except ValueError:
                continue
        raise ValueError(f"value {text!r} is not a date MM/DD/YYYY")
    if fmt == "weeks_days":
        m = _WEEKS_DAYS.match(text)
        if not m:
            raise ValueError(f"value {text!r} is not '(W weeks, D days)'")
        return f"({int(m.group(1))} weeks, {int(m.group(2))} days)"
    if fmt == "option":
        m = _OPTION.match(text)
        if not m:
            raise ValueError(f"value {text!r} is not an option letter")
        letter = m.group(1).upper()
        if options and letter not in {k.upper() for k in options}:
            raise ValueError(f"value {text!r} is not one of the options {', '.join(options)}")
        return letter
    return text


def observed_value(observation: Any, fmt: AnswerFormat) -> str | None:
    """The structured value a tool observation carries, in the answer's format (None if none)."""
    if not isinstance(observation, dict) or "value" not in observation:
        return None
    value = observation["value"]
    if fmt == "weeks_days" and isinstance(observation.get("components"), dict):
        comp = observation["components"]
        if "weeks" in comp and "days" in comp:
            return f"({int(comp['weeks'])} weeks, {int(comp['days'])} days)"
    try:
        return normalise_value(value, fmt)
    except ValueError:
        return None
