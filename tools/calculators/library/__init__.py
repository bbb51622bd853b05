"""RiskAgent's calculator library (MDCalc's 387 scores), by organ system.

Each module holds the scores of one organ system or specialty, written as reviewed definitions
(:mod:`medmirror.tools.calculators.points`) or functions, each citing its primary publication.
Where a library score is one of MedCalc-Bench's 55, the existing calculator serves the MDCalc id too
(its ``mdcalc_ids``) and no second implementation is written. Importing this package registers them all.
"""

from __future__ import annotations

import importlib
import pkgutil

for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _mod.startswith("_"):
        importlib.import_module(f"{__name__}.{_mod}")
