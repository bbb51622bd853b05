"""The knowledge task set (``tasks/knowledge_qa.jsonl``) and its scorers.

Tasks follow the toolbox task contract: ``{id, dimension, question, options?, gold,
scorer, required_tools}``. Two scorers:

- ``score_option``: multiple choice; ``gold = {"answer": "B", "passage_id"|"drug": ...}``.
  The chosen letter is read from ``value`` first, then from the answer text ("B",
  "(B)", "Answer: B", "option b", or the exact text of one option). Two different
  letters, or none, is wrong.
- ``score_exact_code``: ``gold = {"code": "E11.9", "vocabulary": "icd10cm"|"hpo"}``.
  Codes are compared case-, dot- and space-insensitively; the answer must name
  exactly one code and it must be the gold one.

Each scorer returns ``{"correct", "score", "detail"}``; the detail also says whether
the supporting passage was among the passages the run retrieved (evidence, not scored).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

TASKS_PATH = Path(__file__).parent / "tasks" / "knowledge_qa.jsonl"
LETTERS = "ABCD"

_KEYWORD_LETTER = re.compile(r"\b(?:answer|option|choice)\s*(?:is|:|=|-)?\s*\(?([A-Da-d])\)?(?![A-Za-z0-9])", re.I)
_LEADING_LETTER = re.compile(r"^\s*\(?([A-Da-d])\)?\s*(?:[.):\-–—]|$)")
_BARE_LETTER = re.compile(r"^\s*\(?([A-Da-d])\)?\s*$")
_ICD = re.compile(r"\b([A-Z]\d[0-9A-Z](?:\.?[0-9A-Z]{1,4})?)\b", re.I)
_HPO = re.compile(r"\bHP[:_]?\s?(\d{7})\b", re.I)


def load_tasks(path: str | Path | None = None) -> list[dict[str, Any]]:
    lines = Path(path or TASKS_PATH).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def materialise_resources(task: dict[str, Any], workdir: str | Path) -> dict[str, Any]:
    """Knowledge tasks need no generated resources."""
    return {}


def _norm_text(text: str) -> str:
    return " ".join(re.sub(r"[^\w%./²³-]+", " ", text.lower()).split())


def chosen_letters(text: str, options: dict[str, str] | None = None) -> list[str]:
    """Distinct option letters an answer commits to, in order of appearance."""
    if not text or not text.strip():
        return []
    found: list[str] = []

    def add(letter: str) -> None:
        if letter.upper() not in found:
            found.append(letter.upper())

    m = _BARE_LETTER.match(text) or _LEADING_LETTER.match(text)
    if m:
        add(m.group(1))
    for m in _KEYWORD_LETTER.finditer(text):
        add(m.group(1))
    if not found and options:
        norm = _norm_text(text)
        hits = [letter for letter, opt in options.items() if _norm_text(opt) and _norm_text(opt) in norm]
        # An option whose text contains another's (e.g. "0.5" in "0.45") must not count twice.
        hits = [h for h in hits if not any(h != o and _norm_text(options[h]) in _norm_text(options[o])
                                           for o in hits)]
        for h in hits:
            add(h)
    return found


def _retrieved(steps: list[dict[str, Any]] | None, passage_id: str | None) -> bool | None:
    if not passage_id:
        return None
    for step in steps or []:
        obs = step.get("observation") if isinstance(step, dict) else None
        if isinstance(obs, str):
            try:
                obs = json.loads(obs)
            except ValueError:
                if passage_id in obs:
                    return True
                continue
        if isinstance(obs, dict):
            for p in obs.get("passages", []) or []:
                if isinstance(p, dict) and p.get("id") == passage_id:
                    return True
    return False


def _evidence_note(task: dict[str, Any], steps: list[dict[str, Any]] | None) -> str:
    pid = task.get("gold", {}).get("passage_id")
    got = _retrieved(steps, pid)
    if got is None:
        return ""
    return f"; supporting passage {pid} {'was' if got else 'was not'} retrieved"


def score_option(task: dict[str, Any], answer_text: str | None, value: Any, steps: list[dict[str, Any]] | None) -> dict[str, Any]:
    gold = str(task["gold"]["answer"]).upper()
    options = task.get("options") or {}
    letters: list[str] = []
    if value is not None and str(value).strip():
        letters = chosen_letters(str(value), options)
    if not letters:
        letters = chosen_letters(answer_text or "", options)
    note = _evidence_note(task, steps)
    if not letters:
        return {"correct": False, "score": 0.0, "detail": f"no option chosen (gold {gold}){note}"}
    if len(letters) > 1:
        return {"correct": False, "score": 0.0,
                "detail": f"ambiguous: options {', '.join(letters)} all chosen (gold {gold}){note}"}
    ok = letters[0] == gold
    return {"correct": ok, "score": 1.0 if ok else 0.0, "detail": f"chose {letters[0]}, gold {gold}{note}"}


def normalise_code(code: str) -> str:
    """'e11.9' -> 'E119'; 'hp_0001250' -> 'HP:0001250'."""
    m = _HPO.fullmatch(code.strip())
    if m:
        return f"HP:{m.group(1)}"
    return re.sub(r"[\s.]", "", code.strip().upper())


def codes_in(text: str) -> list[str]:
    """Distinct normalised ICD-10-CM-shaped codes and HPO ids in ``text``, in order."""
    found: list[str] = []
    for m in _HPO.finditer(text):
        c = f"HP:{m.group(1)}"
        if c not in found:
            found.append(c)
    for m in _ICD.finditer(_HPO.sub(" ", text)):
        c = normalise_code(m.group(1))
        if c not in found:
            found.append(c)
    return found


def score_exact_code(task: dict[str, Any], answer_text: str | None, value: Any, steps: list[dict[str, Any]] | None) -> dict[str, Any]:
    gold_raw = task["gold"]["code"]
    accepted = {normalise_code(c) for c in [gold_raw, *task["gold"].get("accept", [])]}
    codes: list[str] = []
    if value is not None and str(value).strip():
        codes = codes_in(str(value))
    if not codes:
        codes = codes_in(answer_text or "")
    if not codes:
        return {"correct": False, "score": 0.0, "detail": f"no code in the answer (gold {gold_raw})"}
    if len(codes) > 1:
        return {"correct": False, "score": 0.0,
                "detail": f"ambiguous: {len(codes)} codes given ({', '.join(codes)}); gold {gold_raw}"}
    ok = codes[0] in accepted
    return {"correct": ok, "score": 1.0 if ok else 0.0, "detail": f"answered {codes[0]}, gold {gold_raw}"}


SCORERS = {"option": score_option, "exact_code": score_exact_code}
