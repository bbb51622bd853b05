"""FiO2 estimated from a nasal-cannula flow (about 21 % + 4 % per L/min, 1-6 L/min) when the note states no FiO2:
SOFA's PaO2/FiO2 and APACHE II's oxygenation branch need it. Sentences written for this test."""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.calc_sources import NoteContext
from medmirror.tools.extraction.rules.critical_care import fio2_from_nasal_flow
from tests.unit.extraction._rules import args_of


@pytest.mark.parametrize("note, fio2", [
    ("ABG on 3 L nasal cannula: pH 7.38, PaO2 68 mmHg, PaCO2 40 mmHg.", 33.0),
    ("SpO2 92% on 4L NC. PaO2 70 mmHg.", 37.0),
    ("PaO2 62 mmHg on 2 litres via nasal prongs.", 29.0),
    ("Oxygen: nasal cannula at 1 L/min. PaO2 88 mmHg.", 25.0),
    ("On 2 L/min O2 via nasal cannula; PaO2 65 mmHg.", 29.0),
])
def test_a_nasal_cannula_flow_gives_an_estimated_fio2(note: str, fio2: float) -> None:
    assert args_of("sofa", note)["fio2"] == pytest.approx(fio2)
    assert args_of("apache_ii", note)["fio2"] == pytest.approx(fio2)


@pytest.mark.parametrize("note, fio2", [
    ("FiO2 0.35 via high-flow; earlier on 2 L NC. PaO2 75 mmHg.", 35.0),  # a stated FiO2 wins
    ("Started on 4 L NC in ED; ABG at 02:00 on 2 L NC: PaO2 71 mmHg.", 29.0),  # the flow in the gas's sentence
    ("Weaned off 2 L NC this morning; ABG on room air: PaO2 74 mmHg.", 21.0),  # stopped: room air decides
])
def test_a_stated_fio2_or_the_blood_gas_flow_decides(note: str, fio2: float) -> None:
    assert args_of("sofa", note)["fio2"] == pytest.approx(fio2)


@pytest.mark.parametrize("note", [
    "15 L non-rebreather mask. PaO2 60 mmHg.",  # a mask's FiO2 is not estimated from its flow
    "NC 8 L/min. PaO2 60 mmHg.",  # beyond a nasal cannula's range
    "No supplemental oxygen; would start 2 L NC if sats fall. PaO2 80 mmHg.",  # hypothetical
])
def test_no_estimate_without_a_current_nasal_flow_in_range(note: str) -> None:
    assert fio2_from_nasal_flow(NoteContext(note)) is None


def test_the_estimate_says_how_it_was_made() -> None:
    hit = fio2_from_nasal_flow(NoteContext("PaO2 64 mmHg on 3 L NC."))
    assert hit.value == 33.0 and "21 % + 4 %" in hit.note and hit.text == "3 L NC"
