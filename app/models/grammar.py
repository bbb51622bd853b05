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


def check_gbnf(gbnf: str) -> None:
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


def grammar_for(schema: dict[str, Any]) -> Any:
    """A checked ``LlamaGrammar`` for ``schema``."""
    from llama_cpp.llama_grammar import LlamaGrammar

    return LlamaGrammar.from_string(_gbnf(json.dumps(schema, sort_keys=False)), verbose=False)
