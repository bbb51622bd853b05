"""Concept mentions and their context (ConText): negation scopes, hypothetical and historical mentions, findings
described in other words.

Every sentence here was written for the tests in varied note styles (ED shorthand, lab tables, letters, SBAR,
forms); none is taken from a benchmark note or from app/data/dev/. Expected values follow each calculator's published
definition and MedCalc-Bench's conventions.
"""

from __future__ import annotations

import pytest

from medmirror.tools.extraction import extract
from medmirror.tools.extraction.calc_sources import NoteContext, decide
from medmirror.tools.extraction.concepts import find_concepts


def test_muddled_is_a_confusion_concept() -> None:
    ctx = NoteContext("His daughter finds him muddled this evening.")
    assert any(not f.negated for f in ctx.findings("confusion"))


@pytest.mark.parametrize("note, expected", [
    ("Overnight she coughed up flecks of dark red blood.", True),
    ("He has been coughing up small amounts of fresh blood since Tuesday.", True),
    ("Sputum streaked with blood this morning.", True),
    ("Productive cough, no blood-streaked sputum.", False),
])
def test_haemoptysis_described(note: str, expected: bool) -> None:
    assert extract(note).has_finding("hemoptysis") is expected


# --- cancer: 'CA' beside an organ; treatment written as ongoing in a history list ------------------------------------
@pytest.mark.parametrize("note, found", [
    ("Background: prostate CA, on degarelix.", "prostate CA"),
    ("Ca breast 2014 treated with mastectomy.", "Ca breast"),
    ("Calcium: Ca 2.05 mmol/L; CA 19-9 normal.", None),
])
def test_ca_next_to_an_organ_is_a_cancer(note: str, found: str | None) -> None:
    texts = [f.text for f in NoteContext(note).findings("cancer")]
    assert (texts[0] if texts else None) == found


# --- ConText: past calendar year, diagnoses under consideration, planned events ------------------
def test_a_past_year_makes_a_mention_historical() -> None:
    ctx = NoteContext("Pulmonary embolism in 2016, treated with rivaroxaban for six months.")
    assert decide(ctx.findings("pulmonary_embolism"), "history")[0] is True
    assert decide(ctx.findings("pulmonary_embolism"), "current")[0] is False
    now = NoteContext("CT angiogram today shows a pulmonary embolism.")
    assert decide(now.findings("pulmonary_embolism"), "history")[0] is None


def test_a_diagnosis_under_consideration_is_not_asserted() -> None:
    f = NoteContext("Her breathlessness is concerning for pulmonary embolism.").findings("pulmonary_embolism")
    assert f and all(x.hypothetical for x in f)


# --- negation inside a term's gap, and node / leg-swelling phrasings ------------------------------
@pytest.mark.parametrize("note,concept,negated", [
    ("On inspection the tonsils are not swollen.", "tonsillar_exudate", True),
    ("Tonsils covered in thick exudate.", "tonsillar_exudate", False),
    ("The anterior lymph nodes are not enlarged.", "lymphadenopathy", True),
])
def test_negation_inside_the_gap_of_a_term(note: str, concept: str, negated: bool) -> None:
    found = find_concepts(note, [concept])
    assert found and found[0].negated is negated


def test_form_field_answered_none_is_negated() -> None:
    found = find_concepts("Headache: yes. Cough: none. Coryzal symptoms: nil.", ["cough", "coryza"])
    assert [f.negated for f in found] == [True, True]


def test_clause_with_its_own_verb_ends_a_scope() -> None:
    f = NoteContext("She uses a hormonal contraceptive and had a hernia repair 2 years ago.").findings("hormone_use")
    assert f and not f[0].historical


def test_coughing_up_blood_is_haemoptysis_not_cough() -> None:
    found = find_concepts("She coughed up a little fresh blood twice.", ["hemoptysis", "cough"])
    assert [f.concept for f in found] == ["hemoptysis"]


def test_a_trigger_in_brackets_ends_at_the_closing_bracket() -> None:
    f = NoteContext("Admitted with ascites (s/p paracentesis) and new hepatic encephalopathy.").findings("encephalopathy")
    assert f and not f[0].historical


def test_quoted_words_inside_a_gap() -> None:
    assert extract('She says she coughed up "a few specks of blood" this morning.').has_finding("hemoptysis") is True


@pytest.mark.parametrize("note", [
    "He coughed up a tiny amount of dark blood twice.",
    "Productive cough w/ flecks of blood since Monday.",
])
def test_blood_coughed_up_in_more_words(note: str) -> None:
    assert extract(note).has_finding("hemoptysis") is True
