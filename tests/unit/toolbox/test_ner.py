"""Clinical NER: blank spaCy + scispaCy abbreviations + term matching + ConText."""

from __future__ import annotations

import pytest

from medmirror.tools.text.ner import TYPES, clinical_ner, pipeline
from medmirror.tools.text.tools import registered_tools


def ents(text: str, **kw) -> list[dict]:
    return clinical_ner(text, **kw)["entities"]


def find(entities: list[dict], text: str) -> dict:
    hits = [e for e in entities if e["text"] == text]
    assert hits, f"{text!r} not found in {[e['text'] for e in entities]}"
    return hits[0]


def test_runs_on_a_blank_pipeline_without_a_model():
    nlp = pipeline().nlp
    assert nlp.pipe_names == ["sentencizer", "abbreviation_detector"]
    assert nlp.meta["name"] == "pipeline" and not nlp.meta.get("vectors", {}).get("vectors")
    doc = nlp("Chronic obstructive pulmonary disease (COPD) was diagnosed. COPD is stable.")
    pairs = {(a.text, a._.long_form.text) for a in doc._.abbreviations}
    assert pairs == {("COPD", "Chronic obstructive pulmonary disease")}
    assert len(doc._.abbreviations) == 2  # the definition and the later use


def test_types_spans_and_normalised_concepts():
    text = "On Lasix and Coumadin for heart failure; creatinine and troponin drawn; cardiac catheterization of the left knee."
    out = ents(text)
    for e in out:
        assert text[e["start"]:e["end"]] == e["text"] and e["type"] in TYPES
    assert find(out, "Lasix")["concept"] == "furosemide" and find(out, "Lasix")["type"] == "drug"
    assert find(out, "Coumadin")["concept"] == "warfarin"
    assert find(out, "heart failure")["type"] == "problem"
    assert find(out, "creatinine")["type"] == "test" and find(out, "troponin")["type"] == "test"
    assert find(out, "cardiac catheterization")["type"] == "procedure"
    assert find(out, "left knee")["type"] == "anatomy"


def test_longest_match_and_concept_exclusions():
    out = ents("Pulmonary hypertension and right lower lobe pneumonia.")
    assert find(out, "Pulmonary hypertension")["concept"] == "pulmonary hypertension"
    assert not [e for e in out if e["text"].lower() == "hypertension"]
    assert find(out, "right lower lobe")["type"] == "anatomy"  # not 'lobe' or 'right'
    assert find(out, "pneumonia")["type"] == "problem"


def test_assertion_flags():
    out = ents("Denies chest pain. History of stroke. Mother had colon cancer. Return if fever develops. Has cough.")
    assert find(out, "chest pain")["negated"]
    assert find(out, "stroke")["historical"] and not find(out, "stroke")["negated"]
    assert find(out, "cancer")["family"]
    assert find(out, "fever")["hypothetical"]
    cough = find(out, "cough")
    assert not (cough["negated"] or cough["historical"] or cough["family"] or cough["hypothetical"])
    assert find(ents("Patient is normotensive."), "normotensive")["negated"]  # concept's negated term


def test_abbreviations_take_the_type_of_their_long_form():
    text = "She has peripheral neuropathy (PN) in both feet. PN is worse at night."
    result = clinical_ner(text)
    pn = [e for e in result["entities"] if e["text"] == "PN"]
    assert len(pn) == 2
    assert all(e["type"] == "problem" and e["abbreviation_of"] == "peripheral neuropathy" for e in pn)
    assert {(a["short"], a["long"]) for a in result["abbreviations"]} == {("PN", "peripheral neuropathy")}
    # an undefined short form that is not in the vocabulary stays unrecognised
    assert not [e for e in ents("PN is worse at night.") if e["text"] == "PN"]


def test_case_sensitive_abbreviations():
    assert find(ents("HTN and CHF."), "HTN")["concept"] == "hypertension"
    assert ents("seen in clinic with htn and copd") == []  # abbreviations match upper case only


def test_type_filter_and_errors():
    out = ents("Aspirin for chest pain.", types=["drug"])
    assert [e["type"] for e in out] == ["drug"]
    with pytest.raises(ValueError, match="unknown entity type"):
        clinical_ner("x", types=["organism"])
    with pytest.raises(TypeError):
        pipeline()(None)  # type: ignore[arg-type]
    assert clinical_ner("")["entities"] == []


def test_tool_and_card():
    tool = {t.name: t for t in registered_tools()}["clinical_ner"]
    assert not tool.requires and tool.needs_context  # it reads the task's note when no text is given
    out = tool.invoke({"text": "Denies dysuria; started ceftriaxone.", "types": ["problem", "drug"]})
    assert {(e["type"], e["text"], e["negated"]) for e in out["entities"]} == {
        ("problem", "dysuria", True), ("drug", "ceftriaxone", False)}
    assert out["counts"]["problem"] == 1
    with pytest.raises(ValueError, match="clinical_ner needs a text"):
        tool.invoke({})
    # no text argument: the task's note (the executor passes it as a resource)
    from_note = tool.invoke({}, {"note": "Denies chest pain; on aspirin."})
    assert {(e["type"], e["text"], e["negated"]) for e in from_note["entities"]} == {
        ("problem", "chest pain", True), ("drug", "aspirin", False)}
    with pytest.raises(ValueError, match="types"):
        tool.invoke({"text": "x", "types": ["organ"]})
    assert "not on PyPI" in tool.card.reference and tool.card.category == "text"
    assert '"entities"' in tool.tool.invoke({"text": "fever"})
