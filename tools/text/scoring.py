"""Scorers of the text task sets (``tasks/ner.jsonl``, ``tasks/longdoc*.jsonl``).

Signature of every scorer: ``score_<name>(task, answer_text, value, steps) -> dict`` with
``correct``, ``score`` and ``detail``.

- :func:`score_entity_f1`: entity F1 on (type, span text), counted as multisets (a
  mention that occurs twice is two entities), text compared case-insensitively with
  whitespace collapsed. ``score`` is the F1; ``correct`` means F1 >= ``gold.min_f1``
  (default 0.8). Negation agreement on the matched entities is reported in ``detail``.
  Predictions are read from ``value`` (a list of ``{"type", "text"}`` or a
  ``clinical_ner`` output with ``entities``), else from JSON or ``type: text`` lines
  in the answer text, else from the last ``clinical_ner`` output among ``steps``.
- :func:`score_choice`: multiple choice; the option letter in ``value`` or the answer text.
- :func:`score_refusal`: the refusal scorer of :mod:`medmirror.tools.ehr.scoring` (no supported answer).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any, Iterable

from medmirror.tools.ehr.scoring import is_refusal, result
from medmirror.tools.ehr.scoring import score_refusal as _score_refusal

TYPES = ("problem", "drug", "test", "procedure", "anatomy")
_TYPE_ALIASES = {"problems": "problem", "drugs": "drug", "medication": "drug", "medications": "drug",
                 "treatment": "procedure", "tests": "test", "procedures": "procedure", "anatomical": "anatomy",
                 "body part": "anatomy", "finding": "problem", "findings": "problem", "diagnosis": "problem"}


def _norm(text: str) -> str:
    return " ".join(str(text).lower().split())


def _type(name: Any) -> str | None:
    t = _norm(name)
    t = _TYPE_ALIASES.get(t, t)
    return t if t in TYPES else None


def _from_obj(obj: Any) -> list[dict[str, Any]] | None:
    if isinstance(obj, dict) and isinstance(obj.get("entities"), list):
        obj = obj["entities"]
    if isinstance(obj, dict):  # {"problem": ["fever", ...], "drug": [...]}
        items = []
        for k, v in obj.items():
            if _type(k) and isinstance(v, list):
                items.extend({"type": k, "text": x} if isinstance(x, str) else {"type": k, **x} for x in v)
        return items or None
    if isinstance(obj, list) and all(isinstance(x, dict) for x in obj):
        return list(obj)
    return None


_LINE_TYPE_FIRST = re.compile(r"^\s*[-*•]?\s*(?P<type>[A-Za-z ]+?)\s*[:|]\s*(?P<text>.+?)\s*$")
_LINE_TYPE_LAST = re.compile(r"^\s*[-*•]?\s*(?P<text>.+?)\s*[(\[](?P<type>[A-Za-z ]+?)(?:[,;][^)\]]*)?[)\]]\s*$")


def _from_text(text: str) -> list[dict[str, Any]] | None:
    text = text.strip()
    if not text:
        return None
    for candidate in (text, *re.findall(r"```(?:json)?\s*(.*?)```", text, re.S)):
        try:
            items = _from_obj(json.loads(candidate))
        except (json.JSONDecodeError, TypeError):
            continue
        if items:
            return items
    items = []
    for line in text.splitlines():
        m = _LINE_TYPE_LAST.match(line)
        if m and _type(m.group("type")):
            neg = bool(re.search(r"negat", line, re.I))
            items.append({"type": m.group("type"), "text": m.group("text"), "negated": neg})
            continue
        m = _LINE_TYPE_FIRST.match(line)
        if m and _type(m.group("type")):
            for part in re.split(r"[;,]\s*", m.group("text")):
                if part.strip():
                    neg = bool(re.search(r"\((?:negated|denied|absent)\)", part, re.I))
                    clean = re.sub(r"\s*\((?:negated|denied|absent)\)", "", part, flags=re.I).strip()
                    items.append({"type": m.group("type"), "text": clean, "negated": neg})
    return items or None


def _from_steps(steps: Any) -> list[dict[str, Any]] | None:
    if not isinstance(steps, Iterable) or isinstance(steps, (str, bytes, dict)):
        return None
    found = None
    for step in steps:
        candidates = [step]
        if isinstance(step, dict):
            candidates += [step.get(k) for k in ("observation", "output", "result", "content")]
        for c in candidates:
            if isinstance(c, str):
                try:
                    c = json.loads(c)
                except json.JSONDecodeError:
                    continue
            items = _from_obj(c) if isinstance(c, dict) and "entities" in c else None
            if items:
                found = items
    return found


def predicted_entities(answer_text: Any, value: Any, steps: Any = None) -> list[dict[str, Any]]:
    items = _from_obj(value) if value is not None else None
    if items is None and isinstance(value, str):
        items = _from_text(value)
    if items is None:
        items = _from_text(str(answer_text or ""))
    if items is None:
        items = _from_steps(steps)
    out = []
    for it in items or []:
        t = _type(it.get("type", ""))
        if t and str(it.get("text", "")).strip():
            out.append({"type": t, "text": _norm(it["text"]), "negated": bool(it.get("negated", False))})
    return out


def entity_f1(gold: list[dict[str, Any]], pred: list[dict[str, Any]]) -> dict[str, Any]:
    g = Counter((_type(e["type"]), _norm(e["text"])) for e in gold)
    p = Counter((e["type"], e["text"]) for e in pred)
    tp = sum((g & p).values())
    precision = tp / sum(p.values()) if p else 0.0
    recall = tp / sum(g.values()) if g else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    # negation agreement on matched keys (in order of occurrence)
    gold_neg: dict[tuple, list[bool]] = {}
    for e in gold:
        gold_neg.setdefault((_type(e["type"]), _norm(e["text"])), []).append(bool(e.get("negated", False)))
    pred_neg: dict[tuple, list[bool]] = {}
    for e in pred:
        pred_neg.setdefault((e["type"], e["text"]), []).append(e["negated"])
    agree = total = 0
    for key in g & p:
        for a, b in zip(gold_neg[key], pred_neg[key]):
            total += 1
            agree += a == b
    return {"tp": tp, "precision": precision, "recall": recall, "f1": f1,
            "missed": sorted(f"{t}:{x}" for (t, x) in (g - p).elements()),
            "spurious": sorted(f"{t}:{x}" for (t, x) in (p - g).elements()),
            "negation_agreement": (agree, total)}


def score_entity_f1(task: dict[str, Any], answer_text: Any, value: Any, steps: Any = None) -> dict[str, Any]:
    gold = task["gold"]["entities"]
    pred = predicted_entities(answer_text, value, steps)
    m = entity_f1(gold, pred)
    threshold = float(task["gold"].get("min_f1", 0.8))
    agree, total = m["negation_agreement"]
    detail = (f"F1 {m['f1']:.3f} (P {m['precision']:.3f}, R {m['recall']:.3f}); negation {agree}/{total}; "
              f"missed {m['missed'][:8]}; spurious {m['spurious'][:8]}")
    return result(m["f1"] >= threshold, m["f1"], detail)


def chosen_letter(answer_text: Any, value: Any, options: dict[str, str]) -> str | None:
    """The option picked: a letter in ``value``, else a lone letter or the exact option text in the answer."""
    letters = {k.upper() for k in options}
    for source in (value, answer_text):
        if source is None:
            continue
        s = str(source).strip()
        hedged = re.search(r"\b([A-H])\)?\s*(?:or|and|/)\s*\(?([A-H])\b", s)
        if hedged and hedged.group(1) != hedged.group(2) and {hedged.group(1), hedged.group(2)} <= letters:
            return None  # "A or B" picks no single option
        if s.upper().strip("().[] ") in letters:
            return s.upper().strip("().[] ")
        m = re.match(r"^\(?([A-H])\)?(?:[.:)\s]|$)", s)
        if m and m.group(1) in letters:
            return m.group(1)
        m = re.search(r"\b(?:answer|option|choice)\s*(?:is|:)?\s*\(?([A-H])\b\)?", s, re.I)
        if m and m.group(1).upper() in letters:
            return m.group(1).upper()
        hits = [k for k, text in options.items() if _norm(text) and _norm(text) in _norm(s)]
        if len(hits) == 1:
            return hits[0].upper()
    return None


def score_choice(task: dict[str, Any], answer_text: Any, value: Any, steps: Any = None) -> dict[str, Any]:
    options = task.get("options") or {}
    gold = str(task["gold"]["answer"]).upper()
    picked = chosen_letter(answer_text, value, options)
    if picked is None:
        return result(False, detail=f"no option chosen (gold {gold})")
    return result(picked == gold, detail=f"chose {picked}, gold {gold}")


def score_refusal(task: dict[str, Any], answer_text: Any, value: Any, steps: Any = None) -> dict[str, Any]:
    # A multiple-choice pick is an answer, not a refusal.
    if task.get("options") and isinstance(value, str) and value.strip().upper().strip("()") in {
            k.upper() for k in task["options"]}:
        return result(False, detail=f"chose option {value.strip()} where no document supports an answer")
    return _score_refusal(task, answer_text, value, steps)


SCORERS = {"entity_f1": score_entity_f1, "choice": score_choice, "refusal": score_refusal}

__all__ = ["SCORERS", "entity_f1", "is_refusal", "predicted_entities", "score_choice", "score_entity_f1",
           "score_refusal"]
