"""Tool ``drug_lookup``: what a drug is, from the MedMirror drug table, the NER dictionary and DrugBank.

A name (generic, brand or synonym, any case) is resolved in order: the drug table
(names and brands), then ``drug-named-entity-recognition`` (exact synonyms -> canonical
name and DrugBank/MeSH/MedlinePlus ids), then the user's DrugBank export when
``settings.drugbank_path`` is set. An unknown or misspelt name is reported as not
found with close matches; it is never corrected silently.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medmirror.tools.cards import ToolCard
from medmirror.tools.drugs import drugbank, table
from medmirror.tools.registry import ToolContext
from medmirror.tools.tooling import ToolInputError, data_dir, setting

MAX_QUERY = 200


class DrugLookupArgs(BaseModel):
    """Arguments of ``drug_lookup``."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(..., description="Drug name: generic, brand or synonym (e.g. 'apixaban', 'Eliquis', 'acetaminophen').")


CARD = ToolCard(
    name="drug_lookup",
    category="knowledge/drugs",
    description=("Look up a drug by generic or brand name: class, main indications, key contraindications and "
                 "interactions, kidney and liver cautions, synonyms and identifiers (DrugBank, MeSH, MedlinePlus), "
                 "plus a DrugBank export's description and indication when configured."),
    aliases=["drug information", "DrugBank", "medication lookup", "drug class", "brand name to generic",
             "drug interactions", "renal dose caution", "contraindications"],
    output="text: {found, drugs: [{name, class, indications, contraindications, interactions, renal, hepatic, identifiers, ...}]}",
    reference="MedMirror drug table (written for the project); drug-named-entity-recognition dictionary "
              "(DrugBank/MeSH/MedlinePlus ids, shipped with the package); settings.drugbank_path when set.",
    conventions=["Misspelt or unknown names are not corrected: 'found' is false and close matches are suggested."],
)


def availability(settings: Any) -> str | None:
    return drugbank.check_drugbank_path(getattr(settings, "drugbank_path", None)) if settings is not None else None


def _drugbank(ctx: ToolContext | None) -> drugbank.DrugBank | None:
    path = setting(ctx, "drugbank_path")
    return drugbank.load(path, data_dir(ctx)) if path else None


def _describe(entry: table.DrugEntry | None, ner: dict[str, Any] | None, db_entry: drugbank.DrugBankEntry | None,
              matched: str) -> dict[str, Any]:
    name = entry.name if entry else (ner["name"] if ner else db_entry.name if db_entry else matched)
    out: dict[str, Any] = {"name": name, "matched": matched, "sources": []}
    if entry is not None:
        out.update(entry.to_dict())
        out["sources"].append("medmirror-drug-table")
    if ner is not None:
        ids = {k: ner[k] for k in ("drugbank_id", "mesh_id", "medline_plus_id") if ner.get(k)}
        if ids:
            out["identifiers"] = ids
        out["synonyms"] = ner["synonyms"]
        if ner.get("formula"):
            out["formula"] = ner["formula"]
        out["sources"].append("drug-named-entity-recognition")
    if db_entry is not None:
        out["drugbank"] = db_entry.to_dict()
        out["sources"].append("drugbank-export")
        if db_entry.drugbank_id:
            out.setdefault("identifiers", {}).setdefault("drugbank_id", db_entry.drugbank_id)
    if entry is None:
        out["note"] = "Not in the MedMirror drug table: class, indications and cautions are not given here."
    return out


def drug_lookup(args: DrugLookupArgs, ctx: ToolContext | None = None) -> dict[str, Any]:
    query = " ".join(args.name.split())
    if not query:
        raise ToolInputError("drug_lookup needs a drug name (it was empty)")
    if len(query) > MAX_QUERY:
        raise ToolInputError(f"drug_lookup takes one drug name, not a text of {len(query)} characters")
    db = _drugbank(ctx)
    tbl = table.table()

    direct = tbl.get(query)
    ner_hits = table.identify(query)
    results: list[dict[str, Any]] = []
    if direct is not None:
        ner = next((n for n in ner_hits if any(tbl.get(x) is direct for x in [n["name"], *n["synonyms"]])), None)
        if ner is None:  # e.g. a brand only the table knows: identify the table's generic name
            ner = next(iter(table.identify(direct.name)), None)
        db_entry = db.find(query) or db.find(direct.name) if db else None
        results.append(_describe(direct, ner, db_entry, query))
    else:
        for ner in ner_hits:
            entry = tbl.get(ner["name"]) or next((tbl.get(s) for s in ner["synonyms"] if tbl.get(s)), None)
            db_entry = (db.find(ner["name"]) or (db.find(ner["drugbank_id"]) if ner.get("drugbank_id") else None)) if db else None
            results.append(_describe(entry, ner, db_entry, ner["matched"]))
        if not results and db is not None:
            db_entry = db.find(query)
            if db_entry is not None:
                results.append(_describe(tbl.get(db_entry.name), None, db_entry, query))
    if results:
        return {"query": query, "found": True, "drugs": results}
    close = table.close_names(query, extra=db.names() if db else None)
    where = "the drug table, the drug dictionary or the DrugBank export" if db else "the drug table or the drug dictionary"
    message = f"Not found: no drug named '{query}' in {where}."
    if close:
        message += f" Close matches: {', '.join(close)}. Check the spelling; the name was not corrected."
    return {"query": query, "found": False, "drugs": [], "close_matches": close, "message": message}
