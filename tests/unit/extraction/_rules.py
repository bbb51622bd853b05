"""What the rule tests call: a calculator's rule arguments for a note, one rule's value for a note, and the GCS
components of a note as (eye, verbal, motor) option labels."""

from __future__ import annotations

from typing import Any, Callable

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.grounding import rule_arguments


def args_of(calc_id: str, note: str) -> dict:
    """The arguments the rule extractor grounds for calculator ``calc_id`` in ``note``."""
    return rule_arguments(CALCULATORS[calc_id], note).args


def arg_of(calc_id: str, field: str, note: str) -> Any:
    """One argument the rule extractor grounds for ``field`` of calculator ``calc_id`` in ``note`` (None: not read)."""
    return args_of(calc_id, note).get(field)


def value(rule: Callable[[NoteContext], Any], note: str) -> Any:
    """The value one rule reads from ``note`` (None when it finds nothing)."""
    hit = rule(NoteContext(note))
    return None if hit is None else hit.value


# GCS options by component score (0: not testable)
GCS_EYE = {1: "no eye opening", 2: "eye opening to pain", 3: "eye opening to verbal command", 4: "eyes open spontaneously",
           0: "not testable"}
GCS_VERBAL = {1: "no verbal response", 2: "incomprehensible sounds", 3: "inappropriate words", 4: "confused", 5: "oriented",
              0: "not testable"}
GCS_MOTOR = {1: "no motor response", 2: "extension to pain", 3: "flexion to pain", 4: "withdrawal from pain",
             5: "localizes pain", 6: "obeys commands", 0: "not testable"}


def gcs_of(note: str) -> tuple[str, str, str]:
    """The (eye, verbal, motor) options read from ``note``; a component the note does not give scores full
    (MedCalc-Bench), as the calculator's default does."""
    a = args_of("glasgow_coma_scale", note)
    return a.get("eye", GCS_EYE[4]), a.get("verbal", GCS_VERBAL[5]), a.get("motor", GCS_MOTOR[6])
