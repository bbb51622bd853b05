"""MedCalc-Bench correctness rule and answer parsing.

The benchmark's documented rule (MedCalc-Bench README; /work/shared/data/medcalc/README.md):

* **dates** (estimated due date, date of conception) must match exactly; M/D/Y is
  compared as a calendar date, so ``12/2/2000`` equals ``12/02/2000``;
* **gestational age** is a ``(weeks, days)`` tuple compared exactly; the CSV writes
  ``('34 weeks', '3 days')``;
* **numbers**: when the row's Lower Limit equals its Upper Limit (integer scores, and
  a few exact decimal scores such as Wells' 1.5) the answer must equal it, compared
  numerically with a tiny tolerance; otherwise the answer is right when
  ``Lower Limit <= answer <= Upper Limit``.

Which rule applies is read from the row itself (the shape of the ground truth and
the limits), not from the "Output Type" column, which is unreliable in the public
files (e.g. the steroid-conversion row is typed "integer" but scored within limits).

:func:`parse_answer` turns a model's free-text answer into a value of the row's
kind, raising :class:`AnswerParseError` when it cannot (no value, or several
conflicting values without an explicit answer marker).
"""

from __future__ import annotations

import ast
import json
import math
import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Literal

AnswerKind = Literal["number", "date", "weeks_days"]
Rule = Literal["exact", "range", "date", "weeks_days"]
WeeksDays = tuple[int, int]
Value = float | date | WeeksDays

# Absolute / relative tolerance of the "exact" numeric rule: absorbs float noise only
# (1.5 == 1.5, 2 == 2.0000000001), never a rounding difference a reader would see.
EXACT_ABS_TOL = 1e-6
EXACT_REL_TOL = 1e-9


class ScoringError(ValueError):
    """A ground truth or limit that cannot be read, or a value of the wrong kind."""


class AnswerParseError(ScoringError):
    """A free-text answer from which no single value of the expected kind can be read."""


# ---------------------------------------------------------------------------
# Dates
# ---------------------------------------------------------------------------

_MDY = re.compile(r"(?<!\d)(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august",
     "september", "october", "november", "december"], start=1)}
_MONTH_RE = "|".join(sorted([*_MONTHS, *(m[:3] for m in _MONTHS), "sept"], key=len, reverse=True))
_TEXT_DATE = re.compile(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})(?!\d)", re.I)


def _month_number(word: str) -> int:
    w = word.lower().rstrip(".")
    if w == "sept":
        return 9
    for name, num in _MONTHS.items():
        if name == w or name[:3] == w:
            return num
    raise ScoringError(f"unknown month {word!r}")  # pragma: no cover - regex admits known names only


def _make_date(y: int, m: int, d: int, text: str) -> date:
    try:
        return date(y, m, d)
    except ValueError as exc:
        raise ScoringError(f"{text!r} is not a valid date: {exc}") from None


def _dates_in(text: str) -> list[tuple[int, date]]:
    """All dates in ``text`` with their positions: M/D/Y, ISO Y-M-D, 'December 2, 2000'."""
    found: list[tuple[int, date]] = []
    for m in _MDY.finditer(text):
        found.append((m.start(), _make_date(int(m[3]), int(m[1]), int(m[2]), m[0])))
    for m in _ISO.finditer(text):
        found.append((m.start(), _make_date(int(m[1]), int(m[2]), int(m[3]), m[0])))
    for m in _TEXT_DATE.finditer(text):
        found.append((m.start(), _make_date(int(m[3]), _month_number(m[1]), int(m[2]), m[0])))
    return sorted(found, key=lambda t: t[0])


def parse_date(value: Any) -> date:
    """A date from a ``date``/``datetime`` or a string that is exactly one date.

    Accepts M/D/Y with or without zero padding (the benchmark's format), ISO
    Y-M-D and 'December 2, 2000'.
    """
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        raise ScoringError(f"expected a date, got {type(value).__name__} {value!r}")
    text = value.strip()
    found = _dates_in(text)
    if len(found) != 1:
        raise ScoringError(f"expected one date (M/D/Y), got {value!r}")
    return found[0][1]


def format_date(d: date) -> str:
    """The benchmark's zero-padded MM/DD/YYYY."""
    return f"{d.month:02d}/{d.day:02d}/{d.year:04d}"


# ---------------------------------------------------------------------------
# Gestational age (weeks, days)
# ---------------------------------------------------------------------------

_WD_UNITS = re.compile(
    r"(?<![\w.])(\d+)\s*(?:weeks?|wks?|w)\b[\s,;'\"]*(?:and\s+|\+\s*)?[\s'\"]*(\d+)\s*(?:days?|d)\b", re.I)
_WD_PAIR = re.compile(r"\(\s*['\"]?(\d+)['\"]?\s*,\s*['\"]?(\d+)['\"]?\s*\)")
_LEADING_INT = re.compile(r"^\s*(\d+)\s*(?:weeks?|wks?|w|days?|d)?\s*$", re.I)


def _wd_part(part: Any, what: str) -> int:
    if isinstance(part, bool):
        raise ScoringError(f"{what} must be a whole number, got {part!r}")
    if isinstance(part, int):
        n = part
    elif isinstance(part, float) and part.is_integer():
        n = int(part)
    elif isinstance(part, str) and (m := _LEADING_INT.match(part)):
        n = int(m[1])
    else:
        raise ScoringError(f"{what} must be a whole number, got {part!r}")
    if n < 0:
        raise ScoringError(f"{what} must not be negative, got {n}")
    return n


def _weeks_days_in(text: str) -> list[tuple[int, WeeksDays]]:
    found = [(m.start(), (int(m[1]), int(m[2]))) for m in _WD_UNITS.finditer(text)]
    if not found:
        found = [(m.start(), (int(m[1]), int(m[2]))) for m in _WD_PAIR.finditer(text)]
    return found


def parse_weeks_days(value: Any) -> WeeksDays:
    """A ``(weeks, days)`` tuple from a tuple/list, ``{"weeks", "days"}`` dict or a string.

    Strings: ``"('34 weeks', '3 days')"`` (the CSV), ``"34 weeks, 3 days"``,
    ``"(34, 3)"``, ``"34 weeks and 3 days"``, ``"34w 3d"``. Exactly one pair must be present.
    """
    if isinstance(value, dict):
        if "weeks" not in value or "days" not in value:
            raise ScoringError(f"weeks/days dict needs 'weeks' and 'days', got keys {sorted(value)}")
        return _wd_part(value["weeks"], "weeks"), _wd_part(value["days"], "days")
    if isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise ScoringError(f"expected a (weeks, days) pair, got {value!r}")
        return _wd_part(value[0], "weeks"), _wd_part(value[1], "days")
    if not isinstance(value, str):
        raise ScoringError(f"expected (weeks, days), got {type(value).__name__} {value!r}")
    found = {wd for _, wd in _weeks_days_in(value)}
    if len(found) != 1:
        raise ScoringError(f"expected one (weeks, days) pair, got {value!r}")
    return found.pop()


def format_weeks_days(wd: WeeksDays) -> str:
    return f"({wd[0]} weeks, {wd[1]} days)"


# ---------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------

# A number not glued to a preceding word, decimal point, exponent or fraction bar
# (so 'CHA2DS2', 'm^2', 'mL/min/1.73' and '10/2' do not yield numbers).
_NUMBER = re.compile(
    r"(?<![\w.^/])[-+\u2212]?(?:(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
)
# Unit fragments that contain digits and must not be read as answers.
_UNIT_NOISE = re.compile(r"/\s*1\.73\s*(?:m\s*(?:\^\s*2|²|2)?)?|\b10\s*\^\s*[-+]?\d+", re.I)


def _to_float(text: str) -> float:
    return float(text.replace(",", "").replace("\u2212", "-").replace(" ", ""))


def parse_number(value: Any) -> float:
    """A finite float from a number or a string that is exactly a number (strict)."""
    if isinstance(value, bool):
        raise ScoringError(f"expected a number, got boolean {value!r}")
    if isinstance(value, (int, float)):
        out = float(value)
    elif isinstance(value, str):
        try:
            out = _to_float(value.strip())
        except ValueError:
            raise ScoringError(f"expected a number, got {value!r}") from None
    else:
        raise ScoringError(f"expected a number, got {type(value).__name__} {value!r}")
    if not math.isfinite(out):
        raise ScoringError(f"expected a finite number, got {value!r}")
    return out


def _numbers_in(text: str) -> list[tuple[int, float]]:
    cleaned = _UNIT_NOISE.sub(lambda m: " " * len(m[0]), text)
    out: list[tuple[int, float]] = []
    for m in _NUMBER.finditer(cleaned):
        token = m[0].strip()
        if not token or not any(c.isdigit() for c in token):
            continue
        try:
            out.append((m.start(), _to_float(token)))
        except ValueError:  # pragma: no cover - regex admits parseable tokens only
            continue
    return out


# ---------------------------------------------------------------------------
# Expected answer of a row and the correctness rule
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """What a row expects and how it is scored."""

    kind: AnswerKind
    rule: Rule
    answer: Value
    lower: float | None = None
    upper: float | None = None

    def to_json(self) -> Any:
        """The ground truth as JSON (number, 'MM/DD/YYYY' or [weeks, days])."""
        return to_json_value(self.answer)


def to_json_value(value: Value | None) -> Any:
    if value is None:
        return None
    if isinstance(value, date):
        return format_date(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _blank(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v)) or (isinstance(v, str) and not v.strip())


def _looks_like_weeks_days(text: str) -> bool:
    return bool(_weeks_days_in(text))


def expected_from_row(
    ground_truth: Any, lower: Any = None, upper: Any = None, output_type: str | None = None
) -> Expected:
    """Build the :class:`Expected` of a row from its answer, limits and (optional) output type.

    Raises :class:`ScoringError` naming the unreadable cell.
    """
    if _blank(ground_truth):
        raise ScoringError("Ground Truth Answer is empty")
    gt = ground_truth.strip() if isinstance(ground_truth, str) else ground_truth
    otype = (output_type or "").strip().lower()
    if isinstance(gt, str) and _looks_like_weeks_days(gt):
        try:
            return Expected("weeks_days", "weeks_days", parse_weeks_days(gt))
        except ScoringError as exc:
            raise ScoringError(f"Ground Truth Answer: {exc}") from None
    if isinstance(gt, (date, datetime)) or (isinstance(gt, str) and (otype == "date" or _MDY.fullmatch(gt))):
        try:
            return Expected("date", "date", parse_date(gt))
        except ScoringError as exc:
            raise ScoringError(f"Ground Truth Answer: {exc}") from None
    try:
        answer = parse_number(gt)
    except ScoringError as exc:
        raise ScoringError(f"Ground Truth Answer: {exc}") from None
    if _blank(lower) and _blank(upper):
        return Expected("number", "exact", answer, answer, answer)
    if _blank(lower) or _blank(upper):
        raise ScoringError("only one of Lower Limit / Upper Limit is given")
    try:
        lo, hi = parse_number(lower), parse_number(upper)
    except ScoringError as exc:
        raise ScoringError(f"limit: {exc}") from None
    if math.isclose(lo, hi, rel_tol=EXACT_REL_TOL, abs_tol=EXACT_ABS_TOL):
        return Expected("number", "exact", lo, lo, hi)
    # Older releases wrote limits of negative answers as (0.95x, 1.05x), i.e. swapped;
    # the interval is the same either way.
    lo, hi = min(lo, hi), max(lo, hi)
    return Expected("number", "range", answer, lo, hi)


def coerce(value: Any, kind: AnswerKind) -> Value:
    """A value of ``kind`` from a structured value (number, date, pair, dict, strict string)."""
    if kind == "date":
        return parse_date(value)
    if kind == "weeks_days":
        return parse_weeks_days(value)
    return parse_number(value)


def is_correct(expected: Expected, got: Any) -> bool:
    """Apply the benchmark's rule. ``got`` is coerced to the expected kind first.

    Raises :class:`ScoringError` when ``got`` is not a value of that kind.
    """
    value = coerce(got, expected.kind)
    if expected.rule in ("date", "weeks_days"):
        return value == expected.answer
    assert isinstance(value, float) and expected.lower is not None and expected.upper is not None
    if expected.rule == "exact":
        return math.isclose(value, expected.lower, rel_tol=EXACT_REL_TOL, abs_tol=EXACT_ABS_TOL)
    return expected.lower <= value <= expected.upper


# ---------------------------------------------------------------------------
# Free-text answers (agent mode)
# ---------------------------------------------------------------------------

_MARKER = re.compile(r"\b(?:final\s+)?answer\b\s*(?:is\b|:|=)?|=", re.I)
_OUT_OF = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s+out\s+of\s+\d", re.I)


def _json_answer(text: str) -> Any:
    """The ``answer`` field of a JSON (or Python-literal) object, else ``None``."""
    s = text.strip()
    if s.startswith("```"):
        s = re.sub(r"^```\w*\s*|\s*```$", "", s)
    if not (s.startswith("{") and s.endswith("}")):
        return None
    obj: Any = None
    try:
        obj = json.loads(s)
    except ValueError:
        try:
            obj = ast.literal_eval(s)
        except (ValueError, SyntaxError):
            return None
    if isinstance(obj, dict):
        for key in ("answer", "Answer", "final_answer", "value"):
            if key in obj:
                return obj[key]
    return None


def _pick(found: list[tuple[int, Any]], text: str, what: str) -> Any:
    """One value from the occurrences in ``text``: after the last answer marker, or the only distinct one."""
    if not found:
        raise AnswerParseError(f"no {what} found in answer {text[:200]!r}")
    markers = list(_MARKER.finditer(text))
    if markers:
        end = markers[-1].end()
        after = [v for pos, v in found if pos >= end]
        if after:
            return after[0]
    distinct = list(dict.fromkeys(v for _, v in found))
    if len(distinct) == 1:
        return distinct[0]
    shown = ", ".join(str(to_json_value(v)) for v in distinct[:6])
    raise AnswerParseError(f"ambiguous answer: several {what}s ({shown}) and no 'answer:' marker in {text[:200]!r}")


def parse_answer(text: Any, kind: AnswerKind) -> Value:
    """Read a value of ``kind`` ('number', 'date', 'weeks_days') from a model's answer.

    Handles a JSON object with an ``answer`` field, an explicit marker
    ("answer: 20.5", "... = 20.5"), "4 out of 7" for scores, and text containing a
    single value ("BMI is 20.5 kg/m²"). Several different values without a marker
    are ambiguous and raise :class:`AnswerParseError`, as does text with no value.
    """
    if text is None:
        raise AnswerParseError("empty answer")
    if not isinstance(text, str):
        try:
            return coerce(text, kind)
        except ScoringError as exc:
            raise AnswerParseError(str(exc)) from None
    inner = _json_answer(text)
    if inner is not None:
        return parse_answer(inner if isinstance(inner, str) else inner, kind)
    if not text.strip():
        raise AnswerParseError("empty answer")
    try:
        if kind == "date":
            return _pick(_dates_in(text), text, "date")
        if kind == "weeks_days":
            return _pick(_weeks_days_in(text), text, "(weeks, days) pair")
        if kind == "number":
            out_of = _OUT_OF.findall(text)
            if len(set(out_of)) == 1:
                return _to_float(out_of[0])
            return _pick(_numbers_in(text), text, "number")
    except AnswerParseError:
        raise
    except ScoringError as exc:  # e.g. an impossible date such as 02/30/2020
        raise AnswerParseError(str(exc)) from None
    raise AnswerParseError(f"unknown answer kind {kind!r}; expected number, date or weeks_days")


def medcalc_scorer(case: dict[str, Any], value: str | None) -> tuple[bool, str]:
    """MedCalc-Bench's rule on a case whose ``gold`` holds answer, lower, upper, output_type."""
    gold = case["gold"]
    expected = expected_from_row(gold["answer"], gold.get("lower", ""), gold.get("upper", ""), gold.get("output_type", ""))
    if value is None:
        return False, f"no value given; expected {gold['answer']} ({expected.rule})"
    try:
        got = parse_answer(value, expected.kind)
    except ScoringError as exc:
        return False, f"value {value!r} unreadable as {expected.kind}: {exc}"
    ok = bool(is_correct(expected, got))
    return ok, f"expected {gold['answer']} (accepted {gold.get('lower')}..{gold.get('upper')}), got {value}"
