"""Registries for tests of retrieval mechanics (fusion, dense ranking, the graph's candidates).

Those tests were written for MedCalc-Bench's 55 calculators and the toolbox; with RiskAgent's library in the
registry (377 more scores) several lay questions have many near answers, which is what the library's own
retrieval tests and `bench medrisk --mode retrieve` measure (tests/unit/test_library_retrieval.py). Here the
mechanics are tested on the registry without the library-only scores.
"""

from __future__ import annotations

from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.registry import ToolRegistry


def without_library() -> ToolRegistry:
    full = default_registry()
    return ToolRegistry([full.get(n) for n in full.names()  # the toolbox and MedCalc-Bench's 55 only
                         if n not in CALCULATORS or CALCULATORS[n].medcalc_id is not None])
