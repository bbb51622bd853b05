"""ConText cues added for narrative case reports (tools/extraction/context.py): on sentences written for these tests."""

from __future__ import annotations

import pytest

from medmirror.tools.extraction.context import assert_context, find_triggers


def _flags(sentence: str, target: str) -> dict[str, list[str]]:
    i = sentence.index(target)
    return assert_context(sentence, i, i + len(target), find_triggers(sentence))


def test_a_relative_who_noticed_something_is_the_informant_not_the_subject() -> None:
    s = "Over two days his wife had noticed that his right calf looked bigger, and the calf was swollen by 3 cm."
    assert "family" not in _flags(s, "swollen")
    assert "family" in _flags("His wife had diabetes and his brother a stroke.", "diabetes")  # hers, not his


def test_and_he_was_opens_a_clause_that_a_negation_does_not_reach() -> None:
    s = "An MRI of the brain showed no infarct, and he was discharged with a diagnosis of transient ischaemic attack."
    assert "negated" in _flags(s, "infarct")
    assert "negated" not in _flags(s, "transient ischaemic attack")


@pytest.mark.parametrize("sentence, target", [
    ("At the age of 39 he had an unprovoked deep vein thrombosis of the left leg.", "deep vein thrombosis"),
    ("In 2008 he had developed a deep vein thrombosis in the right calf after a knee arthroscopy.", "deep vein thrombosis"),
])
def test_a_past_age_or_year_opening_the_clause_makes_the_mention_past(sentence: str, target: str) -> None:
    assert "historical" in _flags(sentence, target)



def test_and_used_opens_a_clause_that_a_negation_does_not_reach() -> None:
    s = "She had varicose veins, never treated, and used an oestrogen gel for menopausal symptoms."
    assert "negated" not in _flags(s, "oestrogen")
    assert "negated" in _flags("She never used an oestrogen gel.", "oestrogen")


@pytest.mark.parametrize("sentence, target", [
    ("Her aunt had a clot in the leg, although she thought it might have been pneumonia.", "pneumonia"),
    ("The GP wondered whether the rash may have been cellulitis.", "cellulitis"),
    ("The breathlessness may be heart failure.", "heart failure"),
])
def test_a_guess_about_what_something_was_is_hypothetical(sentence: str, target: str) -> None:
    assert "hypothetical" in _flags(sentence, target)


def test_may_as_a_month_or_a_plain_statement_is_not_a_guess() -> None:
    assert "hypothetical" not in _flags("In May he was admitted with pneumonia.", "pneumonia")
    assert "hypothetical" not in _flags("He was admitted with pneumonia, which was treated with amoxicillin.", "pneumonia")


@pytest.mark.parametrize("sentence, target", [
    ("She is not on beta-blockers, lives alone, and shows marked pedal oedema.", "pedal oedema"),  # own verb
    ("There was no rash on the trunk, a tender swelling of the left wrist.", "tender swelling"),  # own article
    ("No chest pain, heart rate 124 and wheeze on auscultation.", "wheeze"),  # a value between
    ("He denies palpitations, was found to have atrial flutter on the monitor.", "atrial flutter"),
])
def test_a_negation_does_not_run_past_a_comma_into_a_new_clause(sentence, target) -> None:
    assert "negated" not in _flags(sentence, target)


@pytest.mark.parametrize("sentence, target", [
    ("No fever, night sweats, or weight loss.", "weight loss"),  # bare names
    ("She reports no headache, neck stiffness, photophobia.", "photophobia"),
    ("He has not had a seizure, needs no oxygen, or takes anticoagulants.", "anticoagulants"),  # an 'or' list
    ("There is no ascites, a bilirubin under 2, hepatic encephalopathy, or varices.", "hepatic encephalopathy"),
])
def test_a_negation_holds_over_a_list_of_names_or_an_or_list(sentence, target) -> None:
    assert "negated" in _flags(sentence, target)


def test_a_negation_holds_over_a_long_or_list() -> None:
    s = ("She denies any history of foreign travel, recent contact with a sick child, blood transfusion in the "
         "last decade, intravenous drug use, tattoos, hepatitis, or jaundice.")
    assert "negated" in _flags(s, "hepatitis")


def test_the_negated_verbs_own_word_does_not_end_its_scope() -> None:
    assert "negated" in _flags("He does not present with stridor or drooling.", "drooling")
    assert "negated" not in _flags("He has no rash. He presents with stridor.", "stridor")
