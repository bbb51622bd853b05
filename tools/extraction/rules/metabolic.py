"""Field map of HOMA-IR and Friedewald LDL (numbers the value extractor reads)."""

from __future__ import annotations

from medmirror.tools.extraction.calc_sources import Quantity, Source
from medmirror.tools.extraction.rules.shared import GLUCOSE

FIELD_MAP: dict[str, dict[str, Source]] = {
    "homa_ir": {"insulin": Quantity("insulin"), "glucose": GLUCOSE},
    "ldl_friedewald": {"total_cholesterol": Quantity("total_cholesterol"), "hdl_cholesterol": Quantity("hdl"),
                       "triglycerides": Quantity("triglycerides")},
}
