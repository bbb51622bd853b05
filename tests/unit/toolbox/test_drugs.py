"""Drug lookup: the drug table, name normalisation, DrugBank exports (CSV/XML) and ``drug_lookup``."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from medmirror.core.settings import Settings
from medmirror.tools import drugs
from medmirror.tools.drugs import drugbank, table
from medmirror.tools.registry import MissingResource


@pytest.fixture(scope="module")
def tool():
    (reg,) = drugs.registered_tools()
    return reg


@pytest.fixture()
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


# ---------------------------------------------------------------------------
# Table
# ---------------------------------------------------------------------------


def test_table_shape():
    data = json.loads(table.TABLE_PATH.read_text(encoding="utf-8"))
    rows = data["drugs"]
    assert len(rows) >= 80
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names))
    for r in rows:
        assert r["drug_class"] and r["indications"] and r["renal"] and r["hepatic"], r["name"]
        assert isinstance(r["brands"], list) and isinstance(r["interactions"], list)
    t = table.table()
    for r in rows:  # a brand never shadows a generic name
        assert t.get(r["name"]).name == r["name"]
    classes = {r["name"]: r["drug_class"] for r in rows}
    assert "factor Xa" in classes["apixaban"] and "loop diuretic" == classes["furosemide"]
    assert {"warfarin", "heparin", "morphine", "prednisone", "ceftriaxone", "insulin glargine", "metformin",
            "spironolactone"} <= set(names)


def test_keys():
    assert table.key("Percocet (with paracetamol)") == "percocet"
    assert table.key("Co-Amoxiclav") == table.key("co amoxiclav") == "co amoxiclav"


def test_identify_offline(no_network):
    (hit,) = table.identify("Eliquis")
    assert hit["name"] == "Apixaban" and hit["drugbank_id"] == "DB06605" and "eliquis" in hit["synonyms"]
    assert [h["name"] for h in table.identify("warfarin and aspirin")] == ["Warfarin", "Aspirin"]
    assert table.identify("warfarn") == []  # no fuzzy guessing
    assert table.identify("xyzzy") == [] and table.identify("  ") == []


def test_close_names():
    assert table.close_names("metfromin")[0] == "Metformin"
    assert table.close_names("apixiban") == ["Apixaban"]
    assert table.close_names("qqqqqq") == []


# ---------------------------------------------------------------------------
# The tool
# ---------------------------------------------------------------------------


def test_card(tool):
    assert tool.name == "drug_lookup" and tool.needs_context
    assert [i.name for i in tool.card.inputs] == ["name"]


@pytest.mark.parametrize("query, name", [
    ("apixaban", "apixaban"), ("ELIQUIS", "apixaban"), ("acetaminophen", "paracetamol"), ("Tylenol", "paracetamol"),
    ("co-amoxiclav", "amoxicillin-clavulanate"), ("Percocet", "oxycodone"), ("frusemide", "furosemide"),
])
def test_lookup_by_generic_brand_synonym(tool, no_network, query, name):
    out = tool.invoke({"name": query})
    assert out["found"] and out["drugs"][0]["name"] == name
    assert "medmirror-drug-table" in out["drugs"][0]["sources"]


def test_lookup_content(tool):
    d = tool.invoke({"name": "Eliquis"})["drugs"][0]
    assert d["class"] == "direct oral anticoagulant (factor Xa inhibitor)"
    assert d["identifiers"]["drugbank_id"] == "DB06605" and "eliquis" in d["synonyms"]
    assert any("atrial fibrillation" in i for i in d["indications"]) and "80" in d["renal"]
    # A drug only the dictionary knows: identifiers, but no made-up class or cautions.
    lev = tool.invoke({"name": "levetiracetam"})["drugs"][0]
    assert lev["sources"] == ["drug-named-entity-recognition"] and "class" not in lev
    assert "Not in the MedMirror drug table" in lev["note"]
    both = tool.invoke({"name": "warfarin + aspirin"})
    assert [d["name"] for d in both["drugs"]] == ["warfarin", "aspirin"]


def test_unknown_drug(tool):
    out = tool.invoke({"name": "apixiban"})
    assert out["found"] is False and out["drugs"] == [] and out["close_matches"] == ["Apixaban"]
    assert "not corrected" in out["message"]
    out = tool.invoke({"name": "zzqxv"})
    assert out["found"] is False and out["close_matches"] == [] and out["message"].startswith("Not found")


def test_refusals(tool):
    with pytest.raises(ValueError, match="needs a drug name"):
        tool.invoke({"name": "  "})
    with pytest.raises(ValueError, match="one drug name"):
        tool.invoke({"name": "aspirin " * 50})
    with pytest.raises(ValueError, match="name \\(missing\\)"):
        tool.invoke({})
    assert tool.tool.invoke({"name": ""}).startswith("Error:")
    assert json.loads(tool.tool.invoke({"name": "digoxin"}))["drugs"][0]["class"] == "cardiac glycoside"


# ---------------------------------------------------------------------------
# DrugBank exports (synthetic)
# ---------------------------------------------------------------------------

XML = """<?xml version="1.0" encoding="UTF-8"?>
<!-- a tiny synthetic DrugBank-format file -->
<drugbank xmlns="http://www.drugbank.ca" version="5.1">
<drug type="small molecule">
  <drugbank-id primary="true">DB99001</drugbank-id>
  <drugbank-id>APRD99</drugbank-id>
  <name>Zebrafloxacin</name>
  <description>A made-up antibiotic for tests.</description>
  <groups><group>experimental</group></groups>
  <indication>Imaginary striped infections.</indication>
  <mechanism-of-action>Blocks pretend enzymes.</mechanism-of-action>
  <synonyms><synonym>Zebraflox</synonym></synonyms>
  <international-brands><international-brand><name>Stripex</name><company>X</company></international-brand></international-brands>
  <categories><category><category>Anti-Infective Agents</category><mesh-id>D0</mesh-id></category></categories>
  <drug-interactions>
    <drug-interaction><drugbank-id>DB00682</drugbank-id><name>Warfarin</name>
      <description>Zebrafloxacin may increase the anticoagulant effect of Warfarin.</description></drug-interaction>
  </drug-interactions>
</drug>
<drug type="biotech">
  <drugbank-id primary="true">DB99002</drugbank-id>
  <name>Apixaban</name>
  <description>Synthetic DrugBank text about apixaban.</description>
  <indication>Synthetic indication text.</indication>
</drug>
</drugbank>
"""

CSV = ("DrugBank ID,Name,Description,Indication,Synonyms,Brands\n"
       "DB99003,Okapimab,A made-up antibody.,Pretend arthritis.,okapi-mab; OKM-1,Okapra\n"
       ",,ignored row without name,,,\n")


def db_settings(path: Path, data: Path) -> Settings:
    return Settings(drugbank_path=str(path), data_dir=data)


def test_xml_parse_direct_children_only(tmp_path):
    f = tmp_path / "full database.xml"
    f.write_text(XML, encoding="utf-8")
    entries = drugbank.parse(f)
    assert [e.name for e in entries] == ["Zebrafloxacin", "Apixaban"]  # not 'Warfarin' from the interaction
    z = entries[0]
    assert z.drugbank_id == "DB99001" and z.groups == ["experimental"] and z.synonyms == ["Zebraflox"]
    assert z.brands == ["Stripex"] and z.categories == ["Anti-Infective Agents"]
    assert z.interactions == [{"drugbank_id": "DB00682", "name": "Warfarin",
                               "description": "Zebrafloxacin may increase the anticoagulant effect of Warfarin."}]
    assert z.interactions_total == 1 and z.mechanism == "Blocks pretend enzymes."


def test_xml_through_tool_with_cache(tool, tmp_path, monkeypatch, no_network):
    f = tmp_path / "db.xml"
    f.write_text(XML, encoding="utf-8")
    s = db_settings(f, tmp_path / "data")
    out = tool.invoke({"name": "Stripex"}, settings=s)  # a brand only DrugBank knows
    d = out["drugs"][0]
    assert d["name"] == "Zebrafloxacin" and d["sources"] == ["drugbank-export"]
    assert d["drugbank"]["indication"] == "Imaginary striped infections." and d["identifiers"]["drugbank_id"] == "DB99001"
    assert tool.invoke({"name": "DB99001"}, settings=s)["drugs"][0]["name"] == "Zebrafloxacin"
    api = tool.invoke({"name": "apixaban"}, settings=s)["drugs"][0]  # all three sources
    assert api["sources"] == ["medmirror-drug-table", "drug-named-entity-recognition", "drugbank-export"]
    assert api["drugbank"]["description"] == "Synthetic DrugBank text about apixaban."
    miss = tool.invoke({"name": "Zebrafloxacine"}, settings=s)
    assert miss["found"] is False and "Zebrafloxacin" in miss["close_matches"] and "DrugBank export" in miss["message"]
    caches = list((tmp_path / "data" / "drugs").glob("drugbank-*.json"))
    assert len(caches) == 1
    # A new process reads the cache instead of parsing.
    drugbank._LOADED.clear()
    monkeypatch.setattr(drugbank, "parse", lambda p: pytest.fail("parsed again"))
    assert drugbank.load(f, tmp_path / "data").find("zebraflox").name == "Zebrafloxacin"


def test_csv_export(tool, tmp_path):
    f = tmp_path / "drugbank.csv"
    f.write_text(CSV, encoding="utf-8")
    entries = drugbank.parse(f)
    assert len(entries) == 1
    e = entries[0]
    assert (e.drugbank_id, e.name, e.indication) == ("DB99003", "Okapimab", "Pretend arthritis.")
    assert e.synonyms == ["okapi-mab", "OKM-1"] and e.brands == ["Okapra"]
    out = tool.invoke({"name": "okapra"}, settings=db_settings(f, tmp_path / "d"))
    assert out["drugs"][0]["drugbank"]["description"] == "A made-up antibody."
    bad = tmp_path / "nocol.csv"
    bad.write_text("id,label\n1,x\n", encoding="utf-8")
    with pytest.raises(drugbank.DrugBankError, match="no 'name' column"):
        drugbank.parse(bad)


@pytest.mark.parametrize("doc, fragment", [
    ('<?xml version="1.0"?>\n<!DOCTYPE drugbank SYSTEM "http://example.org/x.dtd">\n<drugbank><drug><name>A</name></drug></drugbank>',
     "refusing an XML document with a DTD"),
    ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n'
     '<drugbank><drug><name>&lol2;</name></drug></drugbank>', "refusing an XML document with a DTD"),
    ('<drugbank><drug><name>A</name></drug>', "not well-formed XML"),
    ("just text, no xml", "no XML element"),
])
def test_unsafe_or_broken_xml_refused(tmp_path, doc, fragment):
    f = tmp_path / "x.xml"
    f.write_text(doc, encoding="utf-8")
    with pytest.raises(drugbank.DrugBankError, match=fragment):
        drugbank.parse(f)


@pytest.mark.parametrize("make, fragment", [
    (lambda p: p / "missing.xml", "does not exist"),
    (lambda p: p, "is not a file"),
    (lambda p: (p / "db.json").write_text("{}") and p / "db.json", "expected .xml, .csv or .tsv"),
])
def test_invalid_drugbank_path(tool, tmp_path, make, fragment):
    s = db_settings(make(tmp_path), tmp_path / "data")
    assert fragment in tool.unavailable_reason(s)
    with pytest.raises(MissingResource, match="drug_lookup is unavailable: drugbank_path"):
        tool.invoke({"name": "aspirin"}, settings=s)
