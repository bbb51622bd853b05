"""Validated clinical calculators (MedCalc-Bench's 55 first).

Importing this package imports every calculator module in it, each of which
registers its calculators in :data:`medmirror.tools.calculators.registry.CALCULATORS`.
"""

from __future__ import annotations

import importlib
import pkgutil

from medmirror.tools.calculators.base import (
    Calculator,
    CalculatorInputError,
    CalculatorInputs,
    CalculatorResult,
    finding,
    quantity,
)
from medmirror.tools.calculators.registry import CALCULATORS, by_medcalc_id, register

_INFRA = {"base", "units", "registry", "medcalc_adapter", "mdcalc_inputs", "points", "provenance"}

for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if _mod not in _INFRA and not _mod.startswith("_"):
        importlib.import_module(f"{__name__}.{_mod}")

__all__ = [
    "CALCULATORS", "Calculator", "CalculatorInputError", "CalculatorInputs", "CalculatorResult",
    "by_medcalc_id", "finding", "quantity", "register",
]
