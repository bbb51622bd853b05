"""A note's :class:`Extraction` as a compact record of plain data, and back.

A graph keeps the analysis of its task's note in its state (computed once, at intake), and the
state is checkpointed and shown in traces: :func:`to_record` turns an extraction into dicts,
lists, strings, numbers, booleans and None only, so that it survives a JSON or msgpack round
trip; :func:`from_record` rebuilds an equal :class:`Extraction` from the record and the same
note, much faster than :func:`~medmirror.tools.extraction.extract` reads the note again.

The record does not repeat the note: a text that is the note's slice at the object's span (a
sentence, a value's ``raw``, a finding's ``text``) is kept as its span only, and a field at its
default is left out. The record carries the length and a digest of the note it was made from;
:func:`matches` tells whether a record belongs to a text (``from_record`` refuses one that does
not). The encoding follows the dataclasses' fields, so a field added to a model class is carried
without changes here.
"""

from __future__ import annotations

import hashlib
from dataclasses import MISSING, Field, fields, is_dataclass
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints

from medmirror.tools.extraction.extractor import Extraction
from medmirror.tools.extraction.model import Finding, Medication, Rejected, Sentence, Value

VERSION = 1
_SLICES = ("raw", "text")  # text fields that are usually note[start:end]
_TUPLE = "__tuple__"


def digest(text: str) -> str:
    """A short digest of ``text`` (which note a record was made from)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def matches(record: dict[str, Any] | None, text: str) -> bool:
    """True when ``record`` is the analysis of exactly ``text`` (same version, length and digest)."""
    return (isinstance(record, dict) and record.get("version") == VERSION and record.get("chars") == len(text)
            and record.get("digest") == digest(text))


def to_record(ex: Extraction) -> dict[str, Any]:
    """``ex`` as plain data, without the note's text (see the module doc)."""
    note = ex.note
    return {
        "version": VERSION, "chars": len(note), "digest": digest(note),
        "values": {k: _encode(v, note) for k, v in ex.values.items()},
        "medications": [_encode(m, note) for m in ex.medications],
        "findings": [_encode(f, note) for f in ex.findings],
        "sentences": [_sentence(s, note) for s in ex.sentences],
        "rejected": {k: [_encode(r, note) for r in rs] for k, rs in ex.rejected.items()},
        "others": {k: [_encode(v, note) for v in vs] for k, vs in ex.others.items()},
    }


def from_record(record: dict[str, Any], note: str) -> Extraction:
    """The :class:`Extraction` ``record`` was made from; ``note`` must be the text it was made from."""
    if not matches(record, note):
        raise ValueError("the record is not the analysis of this note (version, length or digest differ)")
    return Extraction(
        note=note,
        values={k: _decode(Value, v, note) for k, v in record["values"].items()},
        medications=[_decode(Medication, m, note) for m in record["medications"]],
        findings=[_decode(Finding, f, note) for f in record["findings"]],
        sentences=[_unsentence(s, note) for s in record["sentences"]],
        rejected={k: [_decode(Rejected, r, note) for r in rs] for k, rs in record["rejected"].items()},
        others={k: [_decode(Value, v, note) for v in vs] for k, vs in record.get("others", {}).items()},
    )


# ---------------------------------------------------------------------------
# Encoding
# ---------------------------------------------------------------------------


def _sentence(s: Sentence, note: str) -> list[int] | dict[str, Any]:
    if note[s.start:s.end] == s.text:
        return [s.start, s.end]
    return {"text": s.text, "start": s.start, "end": s.end}


def _unsentence(data: list[int] | dict[str, Any], note: str) -> Sentence:
    if isinstance(data, dict):
        return Sentence(data["text"], data["start"], data["end"])
    start, end = data
    return Sentence(note[start:end], start, end)


def _default(f: Field) -> Any:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    return MISSING


def _encode(obj: Any, note: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if f.name in _SLICES and isinstance(value, str) and value == note[obj.start:obj.end]:
            continue
        default = _default(f)
        if default is not MISSING and type(value) is type(default) and value == default:
            continue
        out[f.name] = _plain(value, note)
    return out


def _plain(value: Any, note: str) -> Any:
    if isinstance(value, Sentence):
        return _sentence(value, note)
    if is_dataclass(value) and not isinstance(value, type):
        return _encode(value, note)
    if isinstance(value, tuple):  # JSON and msgpack have no tuples
        return {_TUPLE: [_plain(v, note) for v in value]}
    if isinstance(value, list):
        return [_plain(v, note) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v, note) for k, v in value.items()}
    return value


# ---------------------------------------------------------------------------
# Decoding
# ---------------------------------------------------------------------------


@cache
def _nested(cls: type) -> dict[str, tuple[str, type]]:
    """The fields of ``cls`` that hold model objects: name -> ("one" | "list", class)."""
    out = {}
    for name, hint in get_type_hints(cls).items():
        if hint is Sentence or (isinstance(hint, type) and is_dataclass(hint)):
            out[name] = ("one", hint)
        elif get_origin(hint) is list and (args := get_args(hint)) and is_dataclass(args[0]):
            out[name] = ("list", args[0])
    return out


def _decode(cls: type, data: dict[str, Any], note: str) -> Any:
    kwargs: dict[str, Any] = {}
    nested = _nested(cls)
    for name, value in data.items():
        kind = nested.get(name)
        if kind is None:
            kwargs[name] = _unplain(value)
        elif kind[1] is Sentence:
            kwargs[name] = _unsentence(value, note)
        elif kind[0] == "one":
            kwargs[name] = _decode(kind[1], value, note)
        else:
            kwargs[name] = [_decode(kind[1], v, note) for v in value]
    for name in _SLICES:
        if name not in kwargs and name in _field_names(cls):
            kwargs[name] = note[kwargs["start"]:kwargs["end"]]
    return cls(**kwargs)


@cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def _unplain(value: Any) -> Any:
    if isinstance(value, dict):
        if _TUPLE in value and len(value) == 1:
            return tuple(_unplain(v) for v in value[_TUPLE])
        return {k: _unplain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unplain(v) for v in value]
    return value
