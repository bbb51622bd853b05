"""MedMirror's public API: ``solve``, ``build_graph``, ``Settings``, ``Result``.

Importing ``medmirror`` imports nothing else: the names below load on first use
(PEP 562), so the leaf modules (``medmirror.core.settings``, ``medmirror.core.models`` ...)
can be imported by the lower layers without pulling in the graphs.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for readers and type checkers only
    from medmirror.api import Result, build_graph, solve
    from medmirror.core.settings import Settings

_EXPORTS = {"Result": "medmirror.api", "build_graph": "medmirror.api", "solve": "medmirror.api",
            "Settings": "medmirror.core.settings"}

__all__ = ["Result", "Settings", "build_graph", "solve"]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'medmirror' has no attribute {name!r}")
