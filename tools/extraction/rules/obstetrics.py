"""Field map of the pregnancy date calculators (due date, conception date, gestational age)."""

from __future__ import annotations

from medmirror.tools.extraction.calc_sources import Quantity, Source

FIELD_MAP: dict[str, dict[str, Source]] = {
    "estimated_due_date": {"last_menstrual_date": Quantity("lmp_date"), "cycle_length": Quantity("cycle_length")},
    "estimated_conception_date": {"last_menstrual_date": Quantity("lmp_date")},
    "estimated_gestational_age": {"last_menstrual_date": Quantity("lmp_date"), "current_date": Quantity("current_date"),
                                  "due_date": Quantity("due_date")},
}
