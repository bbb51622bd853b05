"""Scorers of the EHR task sets (``tasks/ehr_qa.jsonl``, ``tasks/ehr_absent.jsonl``).

Every scorer has the signature ``score_<name>(task, answer_text, value, steps) -> dict``
with ``correct`` (bool), ``score`` (0..1) and ``detail``.

- :func:`score_ehr_result`: the gold is the result of the task's gold SQL, run at
  scoring time (read-only) on the task's database (materialised from its generator
  spec). ``gold.kind`` says how to compare: ``number`` (within ``gold.tolerance``,
  default 0.5 % of the value), ``text`` (the gold phrase, none of ``gold.distractors``),
  ``date`` (ISO date, whatever format the answer uses), ``list`` (every gold item).
  The structured ``value`` decides when given; otherwise the answer text is read
  (numbers that only repeat the question's identifiers, and dates, are ignored).
- :func:`score_refusal`: right when the answer says the fact is not recorded / not
  available and gives no value.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from medmirror.tools.ehr.readonly import run_sql
from medmirror.tools.ehr.resources import ehr_db_path

REFUSAL = re.compile(
    r"\bnot (?:been )?(?:recorded|documented|available|found|present|reported|captured|stored|measured|listed"
    r"|mentioned|stated|specified|known|determin\w*|answerable|possible to (?:determine|answer))\b"
    r"|\bno (?:answer|record|records|data|information|documentation|entry|entries|result|results|value|values"
    r"|mention|evidence|such)\b"
    r"|\b(?:cannot|can't|can not|could not|couldn't|unable to) (?:be )?(?:determine|determined|answer|answered"
    r"|find|found|locate|provide|tell|say|identify)\b"
    r"|\binsufficient (?:data|information|evidence)\b|\bdoes not (?:contain|include|record|mention|have)\b"
    r"|\bdo not (?:contain|include|record|mention|have)\b|\bnone (?:recorded|documented|found)\b"
    r"|\bno retrieved chunk supports\b|\bnot in the (?:database|record|records|ehr|documents?)\b"
    r"|\bunknown\b|\bunavailable\b",
    re.I,
)

MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?\b")
_US = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b")
_LONG = re.compile(r"\b(" + "|".join(MONTHS) + r")\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b", re.I)
_LONG_DMY = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)? (" + "|".join(MONTHS) + r")\.?,? (\d{4})\b", re.I)
_TIME = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")
_NUMBER = re.compile(r"(?<![\w.])[-−]?\d+(?:,\d{3})*(?:\.\d+)?(?![\w])|(?<![\w.])[-−]?\.\d+")


def result(correct: bool, score: float | None = None, detail: str = "") -> dict[str, Any]:
    return {"correct": bool(correct), "score": float(correct if score is None else score), "detail": detail}


def _text(answer_text: Any, value: Any) -> str:
    parts = [str(answer_text or "")]
    if value is not None and not isinstance(value, (int, float)):
        parts.append(value if isinstance(value, str) else " ".join(map(str, value)) if isinstance(value, list) else str(value))
    return " ".join(parts)


def is_refusal(answer_text: Any, value: Any = None) -> bool:
    """The answer declines (not recorded / not available / no supporting passage) and states no value."""
    if isinstance(value, bool) or isinstance(value, (int, float)):
        return False
    if isinstance(value, str) and value.strip() and not REFUSAL.search(value) and _NUMBER.search(value):
        return False
    return bool(REFUSAL.search(_text(answer_text, value)))


def normalise(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9%.]+", " ", str(text).lower().replace("−", "-")).split()).strip(" .")


def iso_dates(text: str) -> list[str]:
    """Dates in ``text`` (ISO, M/D/YYYY, 'March 5, 2021', '5 March 2021') as YYYY-MM-DD."""
    found: list[tuple[int, str]] = []

    def add(pos: int, y: int, m: int, d: int) -> None:
        try:
            found.append((pos, datetime(y, m, d).strftime("%Y-%m-%d")))
        except ValueError:
            pass

    for m in _ISO.finditer(text):
        add(m.start(), int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in _US.finditer(text):
        add(m.start(), int(m.group(3)), int(m.group(1)), int(m.group(2)))
    for m in _LONG.finditer(text):
        add(m.start(), int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2)))
    for m in _LONG_DMY.finditer(text):
        add(m.start(), int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1)))
    return [d for _, d in sorted(found)]


def _strip_dates(text: str) -> str:
    for rx in (_ISO, _US, _LONG, _LONG_DMY, _TIME):
        text = rx.sub(" ", text)
    return text


def numbers(text: str, exclude: set[float] = frozenset()) -> list[float]:  # type: ignore[assignment]
    """Numbers in ``text`` in order (dates and times removed), minus those in ``exclude``."""
    out = []
    for m in _NUMBER.finditer(_strip_dates(text)):
        x = float(m.group(0).replace(",", "").replace("−", "-"))
        if x not in exclude:
            out.append(x)
    return out


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        nums = numbers(value)
        return nums[0] if len(nums) == 1 else None
    return None


def compare_number(gold: float, answer_text: Any, value: Any, question: str, tolerance: float | None) -> dict[str, Any]:
    tol = tolerance if tolerance is not None else max(1e-6, 0.005 * abs(gold))
    candidate = _as_number(value)
    source = "value"
    if candidate is None:
        asked = set(numbers(question))
        found = numbers(_text(answer_text, value), asked)
        candidate = found[0] if found else None
        source = "answer text"
    if candidate is None:
        return result(False, detail=f"no number in the answer; gold {gold:g}")
    ok = abs(candidate - gold) <= tol + 1e-9
    return result(ok, detail=f"{source} {candidate:g} vs gold {gold:g} (tolerance {tol:g})")


def compare_text(gold: str, answer_text: Any, value: Any, distractors: list[str]) -> dict[str, Any]:
    g = normalise(gold)
    if isinstance(value, str) and normalise(value) == g:
        return result(True, detail=f"value equals gold {gold!r}")
    text = f" {normalise(_text(answer_text, value))} "
    hit = f" {g} " in text
    wrong = [d for d in distractors if f" {normalise(d)} " in text]
    if hit and not wrong:
        return result(True, detail=f"answer contains gold {gold!r}")
    if wrong:
        return result(False, detail=f"answer names {wrong} (gold {gold!r})")
    return result(False, detail=f"gold {gold!r} not in the answer")


def compare_list(gold: list[str], answer_text: Any, value: Any) -> dict[str, Any]:
    text = f" {normalise(_text(answer_text, value))} "
    found = [g for g in gold if f" {normalise(g)} " in text]
    missing = [g for g in gold if g not in found]
    score = len(found) / len(gold) if gold else 0.0
    return result(not missing, score, f"{len(found)}/{len(gold)} gold items; missing {missing}" if missing else
                  f"all {len(gold)} gold items")


def compare_date(gold: str, answer_text: Any, value: Any) -> dict[str, Any]:
    want = iso_dates(str(gold))
    want_s = want[0] if want else str(gold)
    got = iso_dates(_text(answer_text, value))
    return result(want_s in got, detail=f"dates in answer {got} vs gold {want_s}")


def gold_rows(task: dict[str, Any]) -> list[list[Any]]:
    """Run the task's gold SQL on its database (generated from the spec if needed)."""
    resources = task.get("resources") or {}
    if not resources.get("ehr_db"):
        raise ValueError(f"task {task.get('id')} has no ehr_db resource")
    db = ehr_db_path(resources["ehr_db"])
    return run_sql(db, task["gold"]["sql"], max_rows=1000).rows


def score_ehr_result(task: dict[str, Any], answer_text: Any, value: Any, steps: Any = None) -> dict[str, Any]:
    gold = task["gold"]
    rows = gold_rows(task)
    cells = [r[0] for r in rows if r and r[0] is not None]
    if not cells:
        ok = is_refusal(answer_text, value)
        return result(ok, detail="gold query is empty: a 'not recorded' answer is right")
    kind = gold.get("kind", "number")
    question = str(task.get("question", ""))
    if kind == "number":
        try:
            target = float(cells[0])
        except (TypeError, ValueError):
            raise ValueError(f"task {task.get('id')}: gold {cells[0]!r} is not a number") from None
        return compare_number(target, answer_text, value, question, gold.get("tolerance"))
    if kind == "text":
        return compare_text(str(cells[0]), answer_text, value, list(gold.get("distractors", [])))
    if kind == "date":
        return compare_date(str(cells[0]), answer_text, value)
    if kind == "list":
        return compare_list([str(c) for c in cells], answer_text, value)
    raise ValueError(f"task {task.get('id')}: unknown gold kind {kind!r}")


def score_refusal(task: dict[str, Any], answer_text: Any, value: Any, steps: Any = None) -> dict[str, Any]:
    ok = is_refusal(answer_text, value)
    return result(ok, detail="refused (not recorded)" if ok else "gave an answer where the right one is 'not recorded'")


SCORERS = {"ehr_result": score_ehr_result, "refusal": score_refusal}
