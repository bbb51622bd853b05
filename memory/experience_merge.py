"""Merging per-tool suggestions: near-duplicate detection, bounding, merger validation.

Pure functions over :class:`~medmirror.memory.experience_models.Suggestion` lists; the store
calls them inside its write transactions.

Near-duplicates: two suggestions are the same advice when the Jaccard index of their
normalised token sets (lower case, NFKC, word tokens, a few function words removed)
reaches a threshold, *and* they agree on the two things a few changed tokens can
flip in clinical advice: the numbers they mention and whether they are negated
("use 70 kg" is not "use 80 kg"; "do not round" is not "round").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import datetime

from medmirror.memory.experience_models import (
    MAX_SUGGESTION_CHARS,
    ExperienceValidationError,
    Suggestion,
    utcnow,
)

#: Default Jaccard threshold at or above which two suggestions count as one.
DEFAULT_JACCARD = 0.8
#: Default bound on the number of suggestions kept per tool.
DEFAULT_MAX_ITEMS = 12

_TOKEN = re.compile(r"\w+(?:\.\w+)?", re.UNICODE)
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")
_FUNCTION_WORDS = frozenset(
    "a an the of to and or is are be been it its this that these those for in on at by as "
    "with from into when if then than so".split()
)
_NEGATIONS = frozenset("not no never without avoid don't dont cannot can't nor none".split())
_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)
#: Headings of the reflection/distillation prompts: a suggestion that quotes them copied the prompt
#: (and with it a training case's gold answer) instead of giving advice.
_PROMPT_MARKERS = ("question:", "attempt (c1)", "attempt (c2)", "correct answer", "wrong attempt",
                   "right attempt", "your role", "evaluation:")


def usable_suggestion(text: str) -> bool:
    """Is ``text`` advice in words? At least four words, mostly letters, no copied prompt.

    The embedded 135M model answers the distillation prompt with fragments such as "1.5"
    or "2.0 }," and sometimes repeats the prompt itself; those are not experience.
    """
    text = (text or "").strip()
    if len(_WORD.findall(text)) < 4:
        return False
    visible = [c for c in text if not c.isspace()]
    if sum(c.isalpha() for c in visible) < 0.5 * len(visible):
        return False
    lowered = text.lower()
    return not any(marker in lowered for marker in _PROMPT_MARKERS)


def tokens(text: str) -> frozenset[str]:
    """Normalised content tokens of a suggestion (function words dropped)."""
    norm = unicodedata.normalize("NFKC", text).lower().replace("n't", " not")
    return frozenset(t for t in _TOKEN.findall(norm) if t not in _FUNCTION_WORDS)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard index of two token sets (1.0 for two empty sets)."""
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


def near_duplicate(a: str, b: str, threshold: float = DEFAULT_JACCARD) -> bool:
    """Whether two suggestion texts give the same advice (see the module docstring)."""
    ta, tb = tokens(a), tokens(b)
    if {t for t in ta if _NUMBER.match(t)} != {t for t in tb if _NUMBER.match(t)}:
        return False
    if bool(ta & _NEGATIONS) != bool(tb & _NEGATIONS):
        return False
    return jaccard(ta, tb) >= threshold


def _best_match(text: str, pool: Sequence[Suggestion], threshold: float) -> int | None:
    """Index of the pool entry that best near-duplicates ``text``, or None."""
    best, best_j = None, -1.0
    ttext = tokens(text)
    for i, s in enumerate(pool):
        if near_duplicate(text, s.text, threshold):
            j = jaccard(ttext, tokens(s.text))
            if j > best_j:
                best, best_j = i, j
    return best


def bound(suggestions: Sequence[Suggestion], max_items: int) -> list[Suggestion]:
    """Keep at most ``max_items``, dropping the lowest support first, oldest first among ties.

    Survivors keep their order. Age is ``created_at``; equal timestamps fall back to
    list position (earlier = older).
    """
    if max_items < 1:
        raise ExperienceValidationError(f"max_items must be at least 1, got {max_items}")
    items = list(suggestions)
    excess = len(items) - max_items
    if excess <= 0:
        return items
    victims = sorted(range(len(items)), key=lambda i: (items[i].support, items[i].created_at, i))
    drop = set(victims[:excess])
    return [s for i, s in enumerate(items) if i not in drop]


def clean_texts(texts: Iterable[object], *, what: str = "suggestions") -> list[str]:
    """Validate a list of suggestion texts: non-empty strings, each short enough."""
    if isinstance(texts, (str, bytes)) or not isinstance(texts, (list, tuple)):
        raise ExperienceValidationError(f"{what} must be a list of strings, got {type(texts).__name__}")
    out: list[str] = []
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            raise ExperienceValidationError(f"{what}[{i}] is {type(text).__name__}, not a string")
        text = text.strip()
        if not text:
            raise ExperienceValidationError(f"{what}[{i}] is empty")
        if len(text) > MAX_SUGGESTION_CHARS:
            raise ExperienceValidationError(
                f"{what}[{i}] has {len(text)} characters, more than {MAX_SUGGESTION_CHARS}"
            )
        out.append(text)
    return out


def default_merge(
    existing: Sequence[Suggestion],
    new: Sequence[str],
    *,
    max_items: int = DEFAULT_MAX_ITEMS,
    threshold: float = DEFAULT_JACCARD,
    now: datetime | None = None,
) -> list[Suggestion]:
    """Merge new suggestion texts into an existing list.

    A new text that near-duplicates a kept suggestion raises that suggestion's support
    (its wording is kept); otherwise it is appended with support 1. The result is then
    bounded with :func:`bound`.
    """
    now = now or utcnow()
    merged = [s.model_copy() for s in existing]
    for text in clean_texts(list(new)):
        hit = _best_match(text, merged, threshold)
        if hit is None:
            merged.append(Suggestion(text=text, support=1, created_at=now, updated_at=now))
        else:
            merged[hit] = merged[hit].model_copy(
                update={"support": merged[hit].support + 1, "updated_at": now}
            )
    return bound(merged, max_items)


def adopt(
    existing: Sequence[Suggestion],
    texts: Sequence[str],
    *,
    threshold: float = DEFAULT_JACCARD,
    now: datetime | None = None,
) -> list[Suggestion]:
    """Turn a merger's output texts into suggestions, carrying over what is known.

    A text that near-duplicates an existing suggestion inherits its support and
    creation time (a merger that rewords or combines advice does not reset its
    history); a new text starts at support 1. Duplicates within ``texts`` collapse
    into the first occurrence.
    """
    now = now or utcnow()
    out: list[Suggestion] = []
    for text in texts:
        if _best_match(text, out, threshold) is not None:
            continue
        hit = _best_match(text, existing, threshold)
        if hit is None:
            out.append(Suggestion(text=text, support=1, created_at=now, updated_at=now))
        else:
            old = existing[hit]
            out.append(
                Suggestion(text=text, support=old.support, created_at=old.created_at, updated_at=now)
            )
    return out


def validate_merger_output(result: object, max_items: int) -> list[str]:
    """Check what a merger returned: a list of at most ``max_items`` non-empty short strings."""
    texts = clean_texts(result, what="merger output")  # type: ignore[arg-type]
    if len(texts) > max_items:
        raise ExperienceValidationError(
            f"merger output has {len(texts)} suggestions, more than max_items={max_items}"
        )
    return texts


def union_merge(
    existing: Sequence[Suggestion],
    incoming: Sequence[Suggestion],
    *,
    max_items: int = DEFAULT_MAX_ITEMS,
    threshold: float = DEFAULT_JACCARD,
) -> list[Suggestion]:
    """Idempotent union used by import: same advice keeps the larger support.

    Importing the same suggestions twice leaves the list as after the first import
    (support is the maximum, not the sum, since the two copies record the same events).
    """
    merged = [s.model_copy() for s in existing]
    for s in incoming:
        hit = _best_match(s.text, merged, threshold)
        if hit is None:
            merged.append(s.model_copy())
        else:
            old = merged[hit]
            merged[hit] = old.model_copy(
                update={
                    "support": max(old.support, s.support),
                    "created_at": min(old.created_at, s.created_at),
                    "updated_at": max(old.updated_at, s.updated_at),
                }
            )
    return bound(merged, max_items)
