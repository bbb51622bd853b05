"""The MedMirror drug table (``data/drugs.json``) and name normalisation.

The table was written for the project: ~90 common drugs with brand names, class,
main indications, key contraindications and interactions, and kidney/liver cautions.

:func:`identify` normalises a name with ``drug-named-entity-recognition`` (its
dictionary ships with the package: DrugBank, MeSH and MedlinePlus ids and synonyms).
Only exact name/synonym matches are used: the library's fuzzy matcher accepts very
weak matches (e.g. "xyzzy" -> levocetirizine) and raises on multi-word fuzzy input,
and a guessed drug is worse than none. Misspellings get *suggestions*
(:func:`close_names`), never an automatic correction. The library is only ever
called with its network options off (structures, OMOP, PubChem).
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

TABLE_PATH = Path(__file__).parent / "data" / "drugs.json"


@dataclass
class DrugEntry:
    name: str
    brands: list[str] = field(default_factory=list)
    drug_class: str = ""
    indications: list[str] = field(default_factory=list)
    contraindications: list[str] = field(default_factory=list)
    interactions: list[str] = field(default_factory=list)
    renal: str = ""
    hepatic: str = ""
    notes: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "brands": self.brands, "class": self.drug_class, "indications": self.indications,
                "contraindications": self.contraindications, "interactions": self.interactions,
                "renal": self.renal, "hepatic": self.hepatic, "notes": self.notes}


def key(name: str) -> str:
    """Case-, space- and hyphen-insensitive key; a parenthetical note is dropped ('Percocet (with ...)')."""
    name = re.sub(r"\(.*?\)", " ", name.lower())
    return re.sub(r"[\s\-/]+", " ", name).strip()


@dataclass
class DrugTable:
    entries: list[DrugEntry]
    by_key: dict[str, DrugEntry]

    def get(self, name: str) -> DrugEntry | None:
        return self.by_key.get(key(name))

    def names(self) -> list[str]:
        return list(self.by_key)


@lru_cache(maxsize=1)
def table() -> DrugTable:
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    entries = [DrugEntry(**row) for row in data["drugs"]]
    by_key: dict[str, DrugEntry] = {}
    for e in entries:  # generic names first so a brand never shadows a generic
        by_key[key(e.name)] = e
    for e in entries:
        for brand in e.brands:
            by_key.setdefault(key(brand), e)
    return DrugTable(entries, by_key)


# ---------------------------------------------------------------------------
# drug-named-entity-recognition (offline use only)
# ---------------------------------------------------------------------------

_URL_KEYS = ("nhs_url", "nhs_api_url", "wikipedia_url")


def _finder():
    from drug_named_entity_recognition import drugs_finder

    return drugs_finder


def identify(name: str) -> list[dict[str, Any]]:
    """Drugs named in ``name`` (exact names or synonyms, case-insensitive): canonical name and ids."""
    tokens = [t for t in re.split(r"[\s/,+]+", name.strip()) if t]
    if not tokens:
        return []
    finder = _finder()
    matches = finder.find_drugs(tokens, is_fuzzy_match=False, is_ignore_case=True, is_include_structure=False,
                                is_use_omop_api=False, use_pub_chem_api=False)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for data, _start, _end in matches:
        canonical = data.get("name") or data.get("matching_string", "")
        if canonical.lower() in seen:
            continue
        seen.add(canonical.lower())
        synonyms = []
        for s in data.get("synonyms", []):
            if s not in synonyms:
                synonyms.append(s)
        out.append({
            "name": canonical,
            "matched": data.get("matching_string", ""),
            "drugbank_id": data.get("drugbank_id"),
            "mesh_id": data.get("mesh_id"),
            "medline_plus_id": data.get("medline_plus_id"),
            "formula": data.get("formula"),
            "synonyms": synonyms[:20],
        })
    return out


@lru_cache(maxsize=1)
def _variants() -> dict[str, list[str]]:
    """Every name the NER dictionary knows -> canonical names (plus the drug table's names and brands)."""
    finder = _finder()
    variants: dict[str, list[str]] = {}
    for variant, canonicals in finder.drug_variant_to_canonical.items():
        names = [finder.drug_canonical_to_data.get(c, {}).get("name") or c for c in canonicals]
        variants[variant] = names
    for k, entry in table().by_key.items():
        variants.setdefault(k, [entry.name])
    return variants


def close_names(name: str, n: int = 5, extra: list[str] | None = None) -> list[str]:
    """Known drug names that look like ``name`` (suggestions for a misspelling)."""
    variants = _variants()
    extras = {key(e): e for e in (extra or []) if key(e) not in variants}
    pool = list(variants) + list(extras)
    out: list[str] = []
    for cand in difflib.get_close_matches(key(name), pool, n=n * 3, cutoff=0.8):
        for canonical in variants.get(cand, [extras.get(cand, cand)]):
            if canonical.lower() not in [o.lower() for o in out]:
                out.append(canonical)
    return out[:n]
