"""Prompt text lives in prompts/: the parts a node picks by mode are files, each one used, read exactly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from medmirror.prompts import part

ROOT = Path(__file__).resolve().parents[2]
CALL = re.compile(r'part\("(\w+)", (?:"(\w+)"|f"(\w+)\{\w+\}")')


def _calls() -> set[tuple[str, str]]:
    found = set()
    for folder in ("app", "nodes", "tools", "memory", "graphs"):
        for path in (ROOT / folder).rglob("*.py"):
            found |= {(m[1], m[2] or m[3]) for m in CALL.finditer(path.read_text(encoding="utf-8"))}
    return found


def test_every_part_file_is_used_and_every_use_has_a_file() -> None:
    files = {tuple(p.name.removesuffix(".txt").split(".", 1)) for p in (ROOT / "prompts").glob("*.*.txt")}
    calls = _calls()
    literal = {c for c in calls if (ROOT / "prompts" / f"{c[0]}.{c[1]}.txt").exists()}
    prefixes = calls - literal  # f"inner_{action}": a family of files
    used = literal | {f for f in files for role, prefix in prefixes if f[0] == role and f[1].startswith(prefix)}
    assert files and files == used, f"unused: {files - used}; missing: {calls - literal - prefixes}"


def test_a_part_is_read_without_its_final_newline_and_a_missing_one_is_an_error() -> None:
    assert part("planner", "single").startswith("Choose the single candidate tool")
    assert not part("reviewer", "four_stages").endswith("\n") and part("reviewer", "four_stages").count("\n") == 3
    with pytest.raises(FileNotFoundError):
        part("planner", "no_such_part")
