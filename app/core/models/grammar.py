"""JSON schema -> GBNF grammar for llama.cpp, checked in Python before llama.cpp sees it.

llama.cpp parses grammars in C and a malformed one (an empty rule, e.g. from an
empty ``enum``) crashes the process. :func:`grammar_for` converts with
llama-cpp-python's own converter, then verifies that every rule has a body and
every referenced rule exists, raising :class:`GrammarError` instead.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any


class GrammarError(ValueError):
    """A JSON schema that cannot be turned into a valid llama.cpp grammar."""


_RULE = re.compile(r"^([A-Za-z0-9_-]+)\s*::=\s*(.*)$")
_LITERALS = re.compile(r'"(?:\\.|[^"\\])*"|\[(?:\\.|[^\]\\])*\]')
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_ESCAPE = re.compile(r"\\(.)")
_KNOWN_ESCAPES = set('xuUtrn\\"[]')  # what llama.cpp's parse_char accepts; anything else aborts the parse


MAX_GRAMMAR_CHARS = 1_000_000
MAX_NESTING = 5_000  # llama.cpp parses groups recursively: a rule nested 200000 deep overflowed its stack
# A string's maxLength (or an array's maxItems) becomes nested optional repeats in GBNF:
# maxLength 200000 made a 1.6 MB rule that crashed llama.cpp. Larger bounds are left to the
# pydantic validation that follows every structured reply.
MAX_BOUNDED_REPEAT = 2_000


def relax_large_bounds(schema: Any) -> Any:
    """A copy of ``schema`` without maxLength / maxItems above :data:`MAX_BOUNDED_REPEAT`."""
    if isinstance(schema, list):
        return [relax_large_bounds(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    return {k: relax_large_bounds(v) for k, v in schema.items()
            if not (k in ("maxLength", "maxItems") and isinstance(v, int) and v > MAX_BOUNDED_REPEAT)}


def _nesting(gbnf: str) -> int:
    deepest = depth = 0
    for ch in _LITERALS.sub(" ", gbnf):
        if ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
    return deepest


def check_gbnf(gbnf: str) -> None:
    if len(gbnf) > MAX_GRAMMAR_CHARS:
        raise GrammarError(f"grammar of {len(gbnf)} characters (limit {MAX_GRAMMAR_CHARS}): a schema bound "
                           "expands too far for llama.cpp")
    depth = _nesting(gbnf)
    if depth > MAX_NESTING:
        raise GrammarError(f"grammar nested {depth} groups deep (limit {MAX_NESTING}): a schema bound expands "
                           "too far for llama.cpp")
    rules: dict[str, str] = {}
    for line in gbnf.splitlines():
        if not line.strip():
            continue
        m = _RULE.match(line)
        if not m:
            raise GrammarError(f"unparsable grammar line: {line[:120]!r}")
        name, body = m.group(1), m.group(2).strip()
        if not body:
            raise GrammarError(f"grammar rule '{name}' is empty (an empty enum or unsupported schema?)")
        rules[name] = body
    if "root" not in rules:
        raise GrammarError("grammar has no root rule")
    for name, body in rules.items():
        for literal in _LITERALS.findall(body):
            bad = [c for c in _ESCAPE.findall(literal) if c not in _KNOWN_ESCAPES]
            if bad:
                raise GrammarError(f"grammar rule '{name}' has an escape llama.cpp rejects: \\{bad[0]} in {literal[:60]}")
        for ref in _NAME.findall(_LITERALS.sub(" ", body)):
            if ref not in rules:
                raise GrammarError(f"grammar rule '{name}' references undefined rule '{ref}'")


@lru_cache(maxsize=256)
def _gbnf(schema_json: str) -> str:
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    try:
        gbnf = json_schema_to_gbnf(schema_json)
    except Exception as exc:  # the converter raises plain Exceptions
        raise GrammarError(f"cannot convert schema to grammar: {exc}") from exc
    check_gbnf(gbnf)
    return gbnf


def fits_grammar(schema: dict[str, Any]) -> bool:
    """Whether ``schema`` (bounds relaxed as :func:`grammar_for` does) converts to a grammar within the limits."""
    try:
        _gbnf(json.dumps(relax_large_bounds(schema), sort_keys=False))
    except GrammarError:
        return False
    return True


def grammar_for(schema: dict[str, Any]) -> Any:
    """A checked ``LlamaGrammar`` for ``schema``."""
    from llama_cpp.llama_grammar import LlamaGrammar

    return LlamaGrammar.from_string(_gbnf(json.dumps(relax_large_bounds(schema), sort_keys=False)), verbose=False)
