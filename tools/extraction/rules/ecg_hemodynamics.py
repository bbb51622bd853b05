"""Field map of mean arterial pressure and the QTc formulas, and the heart rate of the QT's tracing.

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

from medmirror.tools.extraction.calc_sources import Derived, FirstOf, Hit, NoteContext, Quantity, Source
from medmirror.tools.extraction.rules.shared import DBP, HR, SBP


def heart_rate_with_qt(ctx: NoteContext) -> Hit | None:
    """QTc corrects a QT for the heart rate of the same tracing: a heart rate in the sentence (line) that gives the
    QT interval ('ECG: sinus rhythm, rate 96, QT 380 ms') before the note's first heart rate (a triage pulse). None
    when no heart rate shares the QT's sentence (the first heart rate is then used)."""
    qt = ctx.value("qt_interval")
    if qt is None:
        return None
    same = [v for v in ctx.values("heart_rate") if v.sentence.start == qt.sentence.start]
    return Hit.of_value(same[0], note="heart rate of the tracing that gives the QT") if same else None


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------

QT = Quantity("qt_interval")
_QTC = {"heart_rate": FirstOf(Derived(heart_rate_with_qt, "heart rate in the sentence giving the QT (same tracing)"), HR),
        "qt_interval": QT}

FIELD_MAP: dict[str, dict[str, Source]] = {
    "mean_arterial_pressure": {"systolic_bp": SBP, "diastolic_bp": DBP},
    "qtc_bazett": dict(_QTC),
    "qtc_fridericia": dict(_QTC),
    "qtc_framingham": dict(_QTC),
    "qtc_hodges": dict(_QTC),
    "qtc_rautaharju": dict(_QTC),
}
