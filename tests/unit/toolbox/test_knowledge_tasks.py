"""The knowledge task set and its scorers (score_option, score_exact_code)."""

from __future__ import annotations

from collections import Counter

import pytest

from medmirror.tools.concepts import hpo, icd10
from medmirror.tools.drugs import table
from medmirror.tools.knowledge import corpus as kc
from medmirror.tools.knowledge import scoring
from medmirror.tools.knowledge.index import bundled_index
from medmirror.tools.knowledge.scoring import chosen_letters, codes_in, score_exact_code, score_option

TASKS = scoring.load_tasks()
MC = [t for t in TASKS if t["scorer"] == "option" and "passage_id" in t["gold"]]
OTHER = [t for t in TASKS if t not in MC]


def test_task_set_shape():
    assert len(MC) >= 40 and len(OTHER) >= 10
    assert len({t["id"] for t in TASKS}) == len(TASKS)
    for t in TASKS:
        assert t["dimension"] == "knowledge" and t["question"].endswith("?")
        assert t["scorer"] in scoring.SCORERS and hasattr(scoring, f"score_{t['scorer']}")
        assert t["required_tools"] and set(t["required_tools"]) <= {"knowledge_search", "concept_lookup", "drug_lookup"}
        if t["scorer"] == "option":
            assert list(t["options"]) == list("ABCD") and len(set(t["options"].values())) == 4
            assert t["gold"]["answer"] in t["options"]
    counts = Counter(t["gold"]["answer"] for t in TASKS if t["scorer"] == "option")
    assert max(counts.values()) <= 0.4 * sum(counts.values())  # letters are spread


def test_mc_questions_are_answerable_from_the_corpus():
    ids = {p.id for p in kc.load_bundled()}
    index = bundled_index()
    for t in MC:
        assert t["gold"]["passage_id"] in ids, t["id"]
        found = [h.passage.id for h in index.search(t["question"], 5)]
        assert t["gold"]["passage_id"] in found, (t["id"], found)


def test_concept_and_drug_golds_are_real():
    for t in OTHER:
        gold = t["gold"]
        if t["scorer"] == "exact_code":
            if gold["vocabulary"] == "icd10cm":
                entry = icd10.lookup(gold["code"])
                assert entry and entry["code"] == gold["code"] and entry["leaf"], t["id"]
                phrase = t["question"].split(" for ", 1)[1].rstrip("?")
                assert gold["code"] in [h["code"] for h in icd10.search(phrase, 5)], t["id"]
            else:
                assert hpo.lookup(gold["code"])["name"] in t["question"]
        else:
            entry = table.table().get(gold["drug"])
            assert entry is not None, t["id"]
            right = t["options"][gold["answer"]].lower()
            assert entry.name in right or entry.drug_class.split(" (")[0] in right or \
                any(table.key(b) in right for b in entry.brands), t["id"]


# ---------------------------------------------------------------------------
# score_option
# ---------------------------------------------------------------------------

TASK = {"id": "t", "options": {"A": "0.5", "B": "0.45", "C": "Noradrenaline", "D": "Dopamine"},
        "gold": {"answer": "C", "passage_id": "cond-sepsis-3"}, "scorer": "option"}


@pytest.mark.parametrize("text, letters", [
    ("C", ["C"]), ("(c)", ["C"]), ("C) Noradrenaline", ["C"]), ("C. because...", ["C"]),
    ("The answer is C.", ["C"]), ("Answer: c", ["C"]), ("I pick option D", ["D"]),
    ("Noradrenaline is first choice", ["C"]),
    ("A patient in septic shock needs noradrenaline", ["C"]),  # the article 'A' is not a choice
    ("0.45", ["B"]),  # '0.5' must not also match inside '0.45'
    ("Answer: A or answer: B", ["A", "B"]),
    ("", []), ("I do not know", []),
])
def test_chosen_letters(text, letters):
    assert chosen_letters(text, TASK["options"]) == letters


def test_score_option():
    assert score_option(TASK, "Final answer: C", None, [])["correct"] is True
    r = score_option(TASK, "The answer is D", None, [])
    assert r["correct"] is False and r["score"] == 0.0 and "chose D, gold C" in r["detail"]
    assert score_option(TASK, "whatever text", "C", [])["correct"] is True  # the value wins
    amb = score_option(TASK, "answer: C, or answer: D", None, [])
    assert amb["correct"] is False and "ambiguous" in amb["detail"]
    assert "no option chosen" in score_option(TASK, None, None, None)["detail"]


def test_score_option_reports_evidence():
    steps = [{"tool": "knowledge_search", "ok": True,
              "observation": {"passages": [{"id": "cond-sepsis-3", "score": 5.0}]}}]
    assert "cond-sepsis-3 was retrieved" in score_option(TASK, "C", None, steps)["detail"]
    assert "was not retrieved" in score_option(TASK, "C", None, [{"observation": {"passages": []}}])["detail"]
    assert "was retrieved" in score_option(TASK, "C", None, [{"observation": '{"passages": [{"id": "cond-sepsis-3"}]}'}])["detail"]


# ---------------------------------------------------------------------------
# score_exact_code
# ---------------------------------------------------------------------------

ICD_TASK = {"id": "c", "gold": {"code": "E11.9", "vocabulary": "icd10cm"}, "scorer": "exact_code"}
HPO_TASK = {"id": "h", "gold": {"code": "HP:0001250", "vocabulary": "hpo"}, "scorer": "exact_code"}


def test_codes_in():
    assert codes_in("The code is E11.9.") == ["E119"]
    assert codes_in("e11.9") == ["E119"]
    assert codes_in("HP:0001250 (Seizure)") == ["HP:0001250"]
    assert codes_in("hp_0001250") == ["HP:0001250"]
    assert codes_in("E11.9 or E11.65") == ["E119", "E1165"]
    assert codes_in("no code here") == []


def test_score_exact_code():
    assert score_exact_code(ICD_TASK, "ICD-10-CM: E11.9", None, [])["correct"] is True
    assert score_exact_code(ICD_TASK, "", "e119", [])["correct"] is True
    wrong = score_exact_code(ICD_TASK, "E11.65", None, [])
    assert wrong["correct"] is False and "answered E1165, gold E11.9" in wrong["detail"]
    amb = score_exact_code(ICD_TASK, "Either E11.9 or E11.8", None, [])
    assert amb["correct"] is False and "ambiguous" in amb["detail"]
    assert score_exact_code(ICD_TASK, "I am not sure", None, [])["detail"].startswith("no code")
    assert score_exact_code(HPO_TASK, "The HPO term is HP:0001250", None, [])["correct"] is True
    assert score_exact_code(HPO_TASK, "HP:0001251", None, [])["correct"] is False
    accept = {"id": "x", "gold": {"code": "I48.91", "accept": ["I48.9"]}}
    assert score_exact_code(accept, "I48.9", None, [])["correct"] is True


def test_materialise_resources_is_empty(tmp_path):
    assert scoring.materialise_resources(TASKS[0], tmp_path) == {}
