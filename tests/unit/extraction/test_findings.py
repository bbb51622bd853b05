"""Concept matching with ConText flags: negation, history, family, hypothetical; has_finding."""

from __future__ import annotations

import json

import pytest

from medmirror.tools.extraction import concept_names, extract, find_concepts, has_finding
from medmirror.tools.extraction.concepts import VOCABULARY_PATH, term_regex
from medmirror.tools.extraction.text import split_sentences


@pytest.mark.parametrize("note,concept", [
    ("He denies chest pain.", "chest_pain"),
    ("No history of CHF.", "heart_failure"),
    ("Duplex ultrasound was negative for DVT.", "dvt"),
    ("Pulmonary embolism was ruled out.", "pulmonary_embolism"),
    ("Abdomen soft, no ascites.", "ascites"),
    ("She is afebrile.", "fever"),
    ("He is a nonsmoker.", "smoking"),
    ("He does not smoke or drink alcohol.", "alcohol_use"),
    ("Extremities are without edema.", "edema"),
    ("Serum tests for HIV and hepatitis C were negative.", "hiv"),
    ("There was no asterixis or tremor.", "encephalopathy"),
    ("He denies any history of MI, stroke, or transient ischemic attack.", "tia"),
])
def test_negated(note, concept):
    assert has_finding(note, concept) is False
    assert all(f.negated for f in find_concepts(note, [concept]))


@pytest.mark.parametrize("note,concept", [
    ("He has hypertension and type 2 diabetes.", "diabetes"),
    ("History of stroke 4 years ago.", "stroke"),
    ("Known COPD on tiotropium.", "copd"),
    ("She resides in a nursing home.", "nursing_home"),
    ("He reported a productive cough.", "cough"),
    ("Enlarged cervical lymph nodes were palpable.", "lymphadenopathy"),
    ("Alcoholic cirrhosis with ascites.", "liver_disease"),  # cirrhosis counts as liver disease
    ("He takes oral contraceptives.", "hormone_use"),
    ("He is on hemodialysis three times a week.", "renal_disease"),
])
def test_affirmed(note, concept):
    assert has_finding(note, concept) is True


def test_not_mentioned_is_none():
    assert has_finding("A 40-year-old man with a sprained ankle.", "heart_failure") is None


def test_historical_flag_and_option():
    note = "She is a former smoker who quit 10 years ago."
    (f,) = find_concepts(note, ["smoking"])
    assert f.historical and not f.negated
    assert has_finding(note, "smoking") is True
    assert has_finding(note, "smoking", include_historical=False) is False


def test_family_history_is_not_the_patients():
    note = "His father died of a myocardial infarction at age 54. Family history of thrombosis."
    assert has_finding(note, "myocardial_infarction") is None
    assert has_finding(note, "myocardial_infarction", subject="family") is True
    assert has_finding(note, "thrombosis", subject="family") is True
    assert has_finding(note, "thrombosis") is None
    neg = "There was no family history of coronary artery disease."
    (f,) = find_concepts(neg, ["coronary_artery_disease"])
    assert f.family and f.negated
    assert has_finding(neg, "coronary_artery_disease", subject="family") is False


def test_family_scope_ends_when_the_patient_is_mentioned_again():
    note = "He was brought by his daughter after he was found confused."
    assert has_finding(note, "confusion") is True


def test_hypothetical():
    note = "Return to the ED if chest pain recurs. Started on DVT prophylaxis."
    assert has_finding(note, "chest_pain") is None
    assert has_finding(note, "dvt") is None
    assert all(f.hypothetical for f in find_concepts(note, ["chest_pain", "dvt"]))


def test_scope_ends_at_terminator_and_sentence():
    note = "He denies chest pain but reports syncope. He has a cough."
    assert has_finding(note, "chest_pain") is False
    assert has_finding(note, "syncope") is True
    assert has_finding(note, "cough") is True
    note2 = "A 13-year-old boy without any known chronic illness was admitted with fever and cough."
    assert has_finding(note2, "cough") is True and has_finding(note2, "fever") is True


def test_affirmed_mention_wins_over_negated_one():
    note = "No stigmata of chronic liver disease. Past history of alcoholic cirrhosis."
    assert has_finding(note, "liver_disease") is True


def test_exclusions_and_case_sensitive_abbreviations():
    assert has_finding("Echo showed pulmonary hypertension.", "hypertension") is None
    assert has_finding("He has diabetes insipidus.", "diabetes") is None
    assert has_finding("PE: lungs clear, heart regular.", "pulmonary_embolism") is None
    assert has_finding("History of PE in 2019.", "pulmonary_embolism") is True
    assert has_finding("He ate pie.", "pulmonary_embolism") is None


def test_finding_evidence():
    note = "Past medical history: COPD. He denies hemoptysis."
    fs = find_concepts(note)
    hem = next(f for f in fs if f.concept == "hemoptysis")
    assert note[hem.start:hem.end] == hem.text == "hemoptysis"
    assert hem.sentence.text == "He denies hemoptysis."
    assert hem.negated and "negated:denies" in hem.triggers


def test_extraction_object_resolves_findings():
    e = extract("A 70-year-old woman with CHF; denies melena. Mother had breast cancer.")
    assert e.has_finding("heart_failure") is True
    assert e.has_finding("melena") is False
    assert e.has_finding("cancer") is None and e.has_finding("cancer", subject="family") is True
    assert {f.concept for f in e.findings_for("heart_failure")} == {"heart_failure"}


def test_unknown_concept_is_an_error():
    with pytest.raises(KeyError, match="unknown concept"):
        has_finding("text", "not_a_concept")


def test_vocabulary_covers_the_score_findings():
    required = {
        "heart_failure", "hypertension", "diabetes", "stroke", "tia", "thromboembolism", "vascular_disease",
        "myocardial_infarction", "peripheral_artery_disease", "cancer", "recent_surgery", "immobilization",
        "hemoptysis", "dvt", "pulmonary_embolism", "liver_disease", "cirrhosis", "renal_disease", "dialysis",
        "copd", "ascites", "encephalopathy", "confusion", "melena", "syncope", "cough", "tonsillar_exudate",
        "lymphadenopathy", "smoking", "alcohol_use", "hormone_use", "leg_swelling", "pregnancy", "nursing_home",
    }
    assert required <= set(concept_names())
    raw = json.loads(VOCABULARY_PATH.read_text(encoding="utf-8"))
    for name, entry in raw.items():
        if not name.startswith("_"):
            assert entry["terms"] or entry["abbreviations"], name


def test_term_syntax():
    import re
    rx = re.compile(term_regex("enlarged ... lymph node*"), re.I)
    assert rx.fullmatch("enlarged cervical lymph nodes")
    assert rx.fullmatch("enlarged lymph node")
    assert re.compile(term_regex("*carcinoma"), re.I).fullmatch("adenocarcinoma")
    assert re.compile(term_regex("pack-year"), re.I).fullmatch("pack year")


def test_sentence_split():
    note = "Dr. Smith saw him. Creatinine 1.39 mg/dL, e.g. high. He took losartan.Upon arrival\nNext"
    texts = [s.text for s in split_sentences(note)]
    assert texts == ["Dr. Smith saw him.", "Creatinine 1.39 mg/dL, e.g. high.", "He took losartan.",
                     "Upon arrival", "Next"]


def test_present_illness_history_is_not_past_history():
    (f,) = find_concepts("A 10-day history of cough.", ["cough"])
    assert not f.historical
    (g,) = find_concepts("A history of cough.", ["cough"])
    assert g.historical


def test_quit_marks_past_use_and_pseudo_triggers():
    fs = find_concepts("He had smoked one pack per day for 30 years but quit 5 years ago.", ["smoking"])
    assert fs and all(f.historical and not f.negated for f in fs)
    assert has_finding("There was no improvement in his dyspnea.", "dyspnea") is True
    assert has_finding("No change in the ascites.", "ascites") is True


def test_indexed_matching_equals_a_plain_regex_scan():
    from medmirror.tools.extraction.concepts import WordIndex, load_vocabulary

    raw = json.loads(VOCABULARY_PATH.read_text(encoding="utf-8"))
    phrases = [t.replace("*", "s").replace("...", "big") for k, e in raw.items() if not k.startswith("_")
               for key in ("terms", "abbreviations", "negated_terms", "historical_terms", "exclude")
               for t in e.get(key, [])]
    text = ". ".join(f"He has {p} and non-{p.lower()}, no {p.upper()}" for p in phrases)
    words = WordIndex(text)
    for concept in load_vocabulary().values():
        for matcher in (concept.positive, concept.negated, concept.historical, concept.exclude):
            if matcher is not None:
                assert [m.span() for m in matcher.finditer(words)] == [m.span() for m in matcher.rx.finditer(text)]
