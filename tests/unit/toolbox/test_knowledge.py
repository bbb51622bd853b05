"""Knowledge retrieval: the bundled corpus, user corpora (persistent index) and ``knowledge_search``."""

from __future__ import annotations

import json
import os
import re
import socket
import time
from pathlib import Path

import pytest

from medmirror.core.settings import Settings
from medmirror.tools import knowledge
from medmirror.tools.knowledge import corpus as kc
from medmirror.tools.knowledge import index as ki
from medmirror.tools.registry import MissingResource

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def tool():
    (reg,) = knowledge.registered_tools()
    return reg


@pytest.fixture()
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def settings_for(corpus: Path | None, data: Path) -> Settings:
    return Settings(corpus_path=str(corpus) if corpus else None, data_dir=data)


# ---------------------------------------------------------------------------
# Bundled corpus
# ---------------------------------------------------------------------------


def test_bundled_corpus_shape():
    rows = [json.loads(line) for f in kc.bundled_files() for line in f.read_text(encoding="utf-8").splitlines()]
    assert len(rows) >= 250
    assert {tuple(sorted(r)) for r in rows} == {("id", "source", "text", "title", "topic")}
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids))
    assert {r["source"] for r in rows} == {"medmirror-corpus"}
    assert {r["topic"] for r in rows} == {"calculator", "condition", "drug"}
    for r in rows:
        sentences = len(re.findall(r"[.!?](?:\s|$)", r["text"]))
        assert 2 <= sentences <= 5, r["id"]
        assert r["title"].strip() and len(r["text"].split()) >= 25, r["id"]


def test_every_calculator_has_passages():
    """The bundled corpus covers MedCalc-Bench's 55 calculators (RiskAgent's library scores carry their cards)."""
    from medmirror.tools.calculators import CALCULATORS

    index = ki.bundled_index()
    for calc in (c for c in CALCULATORS.values() if c.medcalc_id is not None):
        ids = [h.passage.id for h in index.search(calc.name, 3)]
        assert any(i.startswith("calc-") for i in ids), (calc.id, ids)


@pytest.mark.parametrize("query, expected", [
    ("CHA2DS2-VASc score interpretation anticoagulation", "calc-cha2ds2-vasc-2"),
    ("Winter's formula expected PaCO2", "cond-acid-base-2"),
    ("osmotic demyelination correction rate hyponatraemia", "cond-hyponatraemia-5"),
    ("spontaneous bacterial peritonitis neutrophil count", "cond-cirrhosis-3"),
    ("reversal of dabigatran idarucizumab", "drug-doac-3"),
    ("KDIGO acute kidney injury staging creatinine", "cond-aki-1"),
    ("potassium during DKA insulin", "cond-dka-3"),
])
def test_bundled_search_ranks_the_right_passage_first(query, expected):
    hits = ki.bundled_index().search(query, 3)
    assert hits[0].passage.id == expected
    assert [h.rank for h in hits] == [1, 2, 3]
    assert hits[0].score >= hits[1].score >= hits[2].score > 0


def test_stems_match_inflections():
    assert "correct" in ki.index_tokens("correcting") and "correct" in ki.index_tokens("correction")
    assert ki.index_tokens("CHA2DS2-VASc")[:3] == ["cha2ds2vasc", "cha2ds2", "vasc"]


# ---------------------------------------------------------------------------
# The tool
# ---------------------------------------------------------------------------


def test_tool_card_and_schema(tool):
    assert tool.name == "knowledge_search" and tool.needs_context and not tool.requires
    assert [i.name for i in tool.card.inputs] == ["query", "k"]
    assert tool.args_schema["properties"]["k"]["maximum"] == 20


def test_search_without_settings_uses_bundled(tool, no_network):
    out = tool.invoke({"query": "CURB-65 severity of pneumonia", "k": 2})
    assert out["found"] and len(out["passages"]) == 2
    first = out["passages"][0]
    assert first["id"] == "calc-curb65-1" and first["source"] == "medmirror-corpus" and first["rank"] == 1
    assert set(first) >= {"id", "title", "text", "topic", "source", "score", "rank"}
    assert out["searched"] == {"passages": len(kc.load_bundled()), "retrieval": "bm25"}  # no settings: no embeddings


def test_empty_query_is_refused(tool):
    with pytest.raises(ValueError, match="needs a query"):
        tool.invoke({"query": "   "})
    with pytest.raises(ValueError, match="query \\(missing\\)"):
        tool.invoke({})
    with pytest.raises(ValueError, match="k \\(invalid\\)"):
        tool.invoke({"query": "sepsis", "k": 0})
    assert tool.tool.invoke({"query": ""}).startswith("Error:")


def test_no_passage_found_is_reported_not_invented(tool):
    out = tool.invoke({"query": "xylophone quasar"})
    assert out["found"] is False and out["passages"] == []
    assert "No passage found" in out["message"]
    out = tool.invoke({"query": "the of and"})  # only stop words: nothing to match
    assert out["found"] is False


def test_langchain_tool_returns_json(tool):
    data = json.loads(tool.tool.invoke({"query": "heparin-induced thrombocytopenia", "k": 1}))
    assert data["passages"][0]["id"] == "cond-hit-1"


# ---------------------------------------------------------------------------
# User corpus
# ---------------------------------------------------------------------------


def make_corpus(root: Path) -> Path:
    folder = root / "corpus"
    (folder / "sub").mkdir(parents=True)
    (folder / "zebra.md").write_text(
        "# Zebra fever\n\nZebra fever is an invented illness used for testing. It responds to striped tablets.\n\n"
        "## Dosing\n\nGive two striped tablets daily with food.\n", encoding="utf-8")
    (folder / "sub" / "quokka.txt").write_text("Quokka syndrome is another invented condition.\n\nIt is benign.",
                                               encoding="utf-8")
    (folder / "pubmed.jsonl").write_text(
        json.dumps({"pmid": "111", "title": "Okapi trial", "abstract": "Okapi therapy reduced mortality in the trial."}) + "\n"
        + "not json\n"
        + json.dumps({"pmid": "222", "title": "No text here"}) + "\n"
        + json.dumps({"id": "333", "text": ["Sectioned abstract:", "narwhal outcomes improved."]}) + "\n",
        encoding="utf-8")
    (folder / ".hidden.md").write_text("secret narwhal passage", encoding="utf-8")
    (folder / "image.png").write_bytes(b"\x89PNG")
    return folder


def test_user_corpus_loading(tmp_path):
    folder = make_corpus(tmp_path)
    passages, stats = kc.load_user_corpus(folder)
    by_id = {p.id: p for p in passages}
    assert set(by_id) == {"zebra.md#1", "zebra.md#2", "sub/quokka.txt#1", "111", "333"}
    assert by_id["zebra.md#2"].title == "zebra: Dosing" and "two striped tablets" in by_id["zebra.md#2"].text
    assert by_id["111"].title == "Okapi trial" and by_id["111"].source == "user-corpus"
    assert by_id["333"].text == "Sectioned abstract: narwhal outcomes improved."
    assert stats == {"files": 3, "skipped_lines": 2, "passages": 5}


def test_long_text_is_split_into_passages():
    sentence = "Sepsis needs early antibiotics and fluids in adults. "
    text = sentence * 120  # 960 words in one paragraph
    pieces = kc.split_passages(text)
    assert len(pieces) >= 5
    assert all(len(p.split()) <= kc.MAX_WORDS for _, p in pieces)
    assert " ".join(p for _, p in pieces).split() == text.split()  # nothing lost or duplicated
    assert len(kc.split_passages("word " * 1000)) >= 4  # a run-on without sentence ends is still cut


def test_user_corpus_searched_with_bundled(tool, tmp_path, no_network):
    folder = make_corpus(tmp_path)
    s = settings_for(folder, tmp_path / "data")
    out = tool.invoke({"query": "zebra fever striped tablets", "k": 3}, settings=s)
    assert out["passages"][0]["id"] == "zebra.md#1" and out["passages"][0]["source"] == "user-corpus"
    assert out["searched"]["user_passages"] == 5 and out["searched"]["bundled_passages"] == len(kc.load_bundled())
    out = tool.invoke({"query": "CURB-65 score", "k": 1}, settings=s)
    assert out["passages"][0]["id"] == "calc-curb65-1"
    folders = [p for p in (tmp_path / "data" / "knowledge").rglob("manifest.json")]
    assert len(folders) == 1


def test_index_is_persistent_and_rebuilt_on_change(tmp_path, monkeypatch):
    folder = make_corpus(tmp_path)
    data = tmp_path / "data"
    first = ki.user_index(folder, data)
    ki._LOADED.clear()  # a new process: the index is loaded from disk, not rebuilt
    built = []
    monkeypatch.setattr(ki, "_write", lambda *a, **k: built.append(a))
    again = ki.user_index(folder, data)
    assert built == [] and again.size == first.size
    assert again.search("okapi mortality", 1)[0].passage.id == "111"
    monkeypatch.undo()
    # Editing a file changes the fingerprint: rebuilt, and the stale index is removed.
    old_fp = ki.fingerprint(folder)
    target = folder / "sub" / "quokka.txt"
    target.write_text("Quokka syndrome now mentions wombat treatment.", encoding="utf-8")
    os.utime(target, ns=(time.time_ns(), time.time_ns() + 5_000_000_000))
    assert ki.fingerprint(folder) != old_fp
    rebuilt = ki.user_index(folder, data)
    assert rebuilt.search("wombat", 1)[0].passage.id == "sub/quokka.txt#1"
    dirs = [p.name for p in (data / "knowledge" / ki.corpus_key(folder)).iterdir()]
    assert dirs == [ki.fingerprint(folder)]
    # Adding a file changes it too.
    (folder / "new.txt").write_text("Capybara disease appears.", encoding="utf-8")
    assert ki.user_index(folder, data).search("capybara", 1)[0].passage.id == "new.txt#1"


def test_single_jsonl_file_corpus(tool, tmp_path):
    f = tmp_path / "abstracts.jsonl"
    f.write_text(json.dumps({"PMID": 9, "title": "Tapir study", "abstract": "Tapir fever resolved with rest."}) + "\n",
                 encoding="utf-8")
    out = tool.invoke({"query": "tapir fever", "k": 1}, settings=settings_for(f, tmp_path / "d"))
    assert out["passages"][0]["id"] == "9" and out["passages"][0]["title"] == "Tapir study"


@pytest.mark.parametrize("make, fragment", [
    (lambda p: p / "missing", "does not exist"),
    (lambda p: (p / "x.pdf").write_bytes(b"%PDF") and p / "x.pdf", "use a .jsonl file"),
])
def test_invalid_corpus_path_is_refused(tool, tmp_path, make, fragment):
    path = make(tmp_path)
    s = settings_for(path, tmp_path / "data")
    assert fragment in knowledge.search.availability(s)
    assert tool.unavailable_reason(s) and "corpus_path" in tool.unavailable_reason(s)
    with pytest.raises(MissingResource, match="unavailable: corpus_path"):
        tool.invoke({"query": "sepsis"}, settings=s)
    with pytest.raises(ValueError, match=fragment):
        tool.run({"query": "sepsis"}, knowledge.search.ToolContext(settings=s))  # the runner refuses too


def test_corpus_without_text_is_refused(tool, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.pdf").write_bytes(b"%PDF")
    s = settings_for(empty, tmp_path / "data")
    assert tool.unavailable_reason(s) is None  # cheap check passes; the build explains
    with pytest.raises(kc.CorpusError, match="no .txt, .md or .jsonl files"):
        tool.invoke({"query": "sepsis"}, settings=s)
    (empty / "bad.jsonl").write_text('{"title": "no text"}\n', encoding="utf-8")
    with pytest.raises(kc.CorpusError, match="no readable text"):
        tool.invoke({"query": "sepsis"}, settings=s)


def test_card_is_retrieved_for_clinical_questions_without_displacing_calculators():
    from medmirror.tools import arithmetic, concepts, drugs
    from medmirror.tools.builtin import calculator_tools
    from medmirror.tools.registry import ToolRegistry

    mine = knowledge.registered_tools() + concepts.registered_tools() + drugs.registered_tools() + arithmetic.registered_tools()
    from medmirror.tools.calculators import CALCULATORS

    # MedCalc-Bench's calculators (the library's 377 scores have their own retrieval tests)
    medcalc = [t for t in calculator_tools() if CALCULATORS[t.card.name].medcalc_id is not None]
    reg = ToolRegistry(medcalc + mine)
    for q in ["What is the first-line treatment of SIADH?", "How is spontaneous bacterial peritonitis diagnosed?",
              "What is the first treatment of anaphylaxis?"]:
        assert [h.card.name for h in reg.search(q, 3)][0] == "knowledge_search", q
    assert reg.search("What is the ICD-10-CM code for type 2 diabetes?", 1)[0].card.name == "concept_lookup"
    assert reg.search("What drug class is apixaban?", 1)[0].card.name == "drug_lookup"
    assert reg.search("What is the patient's CHA2DS2-VASc score?", 1)[0].card.name == "cha2ds2_vasc"
    assert reg.search("What is the patient's CURB-65 score?", 1)[0].card.name == "curb_65"
