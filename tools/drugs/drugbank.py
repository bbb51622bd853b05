"""A user's DrugBank export (``settings.drugbank_path``): CSV or the full XML.

CSV (``.csv`` or ``.tsv``): a header row with at least a ``name`` column; recognised
columns (case-insensitive, ``-``/space/``_`` alike): ``drugbank_id`` (or ``id``),
``name``, ``description``, ``indication``, ``mechanism_of_action`` (or ``mechanism``),
``pharmacodynamics``, ``toxicity``, ``groups``, ``categories``, ``synonyms``, ``brands``
(lists separated by ``;`` or ``|``).

XML: the DrugBank schema (``<drugbank><drug>...``), read with defusedxml's
``iterparse`` (``forbid_dtd``, ``forbid_entities``, ``forbid_external``) so memory stays
flat and a document with a DTD (``<!DOCTYPE``) or entity declarations (``<!ENTITY``)
is refused wherever they appear (entity expansion and external entities are the XML
attack surface; DrugBank's export needs neither). A quick look at the first bytes
refuses the common case before parsing; the parser's own check is the one relied on
(a DOCTYPE after a comment longer than the bytes looked at used to get through). Only direct children of each top-level ``drug`` are
read, so an interaction partner's ``name`` is never mistaken for the drug's.

Parsed entries are cached as JSON under ``<data_dir>/drugs/`` keyed by the file's
path, size and mtime, so the (large) XML is parsed once (older caches of the same path
are removed).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import tempfile
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator
from xml.etree import ElementTree as ET

from medmirror.tools.drugs.table import key

_LOCK = threading.Lock()
PROLOG_BYTES = 1 << 16
MAX_INTERACTIONS = 15


class DrugBankError(ValueError):
    """drugbank_path is set but unusable; the message says why."""


@dataclass
class DrugBankEntry:
    name: str
    drugbank_id: str = ""
    description: str = ""
    indication: str = ""
    mechanism: str = ""
    pharmacodynamics: str = ""
    toxicity: str = ""
    groups: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    synonyms: list[str] = field(default_factory=list)
    brands: list[str] = field(default_factory=list)
    interactions: list[dict[str, str]] = field(default_factory=list)
    interactions_total: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_drugbank_path(path: str | Path | None) -> str | None:
    """Why ``path`` cannot be used (None when it can or is not set). Cheap: no parsing."""
    if not path:
        return None
    p = Path(path).expanduser()
    if not p.exists():
        return (f"drugbank_path '{path}' does not exist; point MEDMIRROR_DRUGBANK_PATH to a DrugBank XML or CSV "
                "export, or unset it")
    if not p.is_file():
        return f"drugbank_path '{path}' is not a file (expected a DrugBank .xml or .csv export)"
    if p.suffix.lower() not in (".xml", ".csv", ".tsv"):
        return f"drugbank_path '{path}' has suffix '{p.suffix}'; expected .xml, .csv or .tsv"
    return None


# ---------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------

_CSV_COLUMNS = {
    "drugbank_id": ("drugbank_id", "drugbankid", "id", "drugbank_id_primary"),
    "name": ("name", "drug_name", "generic_name"),
    "description": ("description",),
    "indication": ("indication", "indications"),
    "mechanism": ("mechanism_of_action", "mechanism"),
    "pharmacodynamics": ("pharmacodynamics",),
    "toxicity": ("toxicity",),
    "groups": ("groups", "group"),
    "categories": ("categories", "category"),
    "synonyms": ("synonyms", "synonym"),
    "brands": ("brands", "brand_names", "brand_name", "international_brands", "products"),
}
_LIST_FIELDS = {"groups", "categories", "synonyms", "brands"}


def _col(name: str) -> str:
    return re.sub(r"[\s\-]+", "_", name.strip().lower())


def _split_list(value: str) -> list[str]:
    return [v.strip() for v in re.split(r"[;|]", value or "") if v.strip()]


def read_csv(path: Path) -> Iterator[DrugBankEntry]:
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    with path.open(encoding="utf-8-sig", errors="replace", newline="") as fh:
        reader = csv.DictReader(fh, delimiter=delimiter)
        header = {_col(h): h for h in (reader.fieldnames or []) if h}
        mapping = {}
        for fname, options in _CSV_COLUMNS.items():
            for opt in options:
                if opt in header:
                    mapping[fname] = header[opt]
                    break
        if "name" not in mapping:
            raise DrugBankError(f"{path.name}: no 'name' column in the header (found: "
                                f"{', '.join(reader.fieldnames or []) or 'nothing'})")
        for row in reader:
            name = (row.get(mapping["name"]) or "").strip()
            if not name:
                continue
            values: dict[str, Any] = {}
            for fname, column in mapping.items():
                raw = (row.get(column) or "").strip()
                values[fname] = _split_list(raw) if fname in _LIST_FIELDS else raw
            yield DrugBankEntry(**values)


# ---------------------------------------------------------------------------
# XML
# ---------------------------------------------------------------------------


def _check_prolog(path: Path) -> None:
    """Refuse DTDs and entity declarations (they can only appear before the root element)."""
    with path.open("rb") as fh:
        head = fh.read(PROLOG_BYTES)
    text = head.decode("utf-8", errors="replace")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"<\?.*?\?>", "", text, flags=re.S)
    root = re.search(r"<[A-Za-z_]", text)
    prolog = text[: root.start()] if root else text
    if re.search(r"<!DOCTYPE", prolog, re.I) or re.search(r"<!ENTITY", text, re.I):
        raise DrugBankError(f"{path.name}: refusing an XML document with a DTD or entity declarations "
                            "(<!DOCTYPE/<!ENTITY); DrugBank exports need neither")
    if root is None and "<" not in text:
        raise DrugBankError(f"{path.name}: no XML element found in the first {PROLOG_BYTES} bytes")


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _text(elem: ET.Element | None) -> str:
    return " ".join((elem.text or "").split()) if elem is not None else ""


def _child(elem: ET.Element, name: str) -> ET.Element | None:
    for c in elem:
        if _local(c.tag) == name:
            return c
    return None


def _children(elem: ET.Element | None, name: str) -> list[ET.Element]:
    return [c for c in elem if _local(c.tag) == name] if elem is not None else []


def _entry_from_xml(drug: ET.Element) -> DrugBankEntry | None:
    name = _text(_child(drug, "name"))
    if not name:
        return None
    ids = _children(drug, "drugbank-id")
    primary = next((i for i in ids if i.get("primary") == "true"), ids[0] if ids else None)
    categories = [_text(_child(c, "category")) for c in _children(_child(drug, "categories"), "category")]
    brands = [_text(_child(b, "name")) for b in _children(_child(drug, "international-brands"), "international-brand")]
    products = [_text(_child(p, "name")) for p in _children(_child(drug, "products"), "product")]
    interactions = []
    all_interactions = _children(_child(drug, "drug-interactions"), "drug-interaction")
    for inter in all_interactions[:MAX_INTERACTIONS]:
        interactions.append({"drugbank_id": _text(_child(inter, "drugbank-id")), "name": _text(_child(inter, "name")),
                             "description": _text(_child(inter, "description"))})
    unique_brands: list[str] = []
    for b in brands + products:
        if b and b not in unique_brands:
            unique_brands.append(b)
    return DrugBankEntry(
        name=name,
        drugbank_id=_text(primary),
        description=_text(_child(drug, "description")),
        indication=_text(_child(drug, "indication")),
        mechanism=_text(_child(drug, "mechanism-of-action")),
        pharmacodynamics=_text(_child(drug, "pharmacodynamics")),
        toxicity=_text(_child(drug, "toxicity")),
        groups=[_text(g) for g in _children(_child(drug, "groups"), "group") if _text(g)],
        categories=[c for c in categories if c][:20],
        synonyms=[_text(s) for s in _children(_child(drug, "synonyms"), "synonym") if _text(s)][:30],
        brands=unique_brands[:30],
        interactions=interactions,
        interactions_total=len(all_interactions),
    )


def read_xml(path: Path) -> Iterator[DrugBankEntry]:
    _check_prolog(path)
    depth = 0
    root: ET.Element | None = None
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse

    try:
        for event, elem in iterparse(str(path), events=("start", "end"), forbid_dtd=True,
                                     forbid_entities=True, forbid_external=True):
            if event == "start":
                depth += 1
                if root is None:
                    root = elem
                continue
            depth -= 1
            if depth == 1 and root is not None:  # a direct child of the root has ended
                entry = _entry_from_xml(elem) if _local(elem.tag) == "drug" else None
                root.clear()  # drop parsed children: memory stays flat
                if entry is not None:
                    yield entry
    except DefusedXmlException as err:
        raise DrugBankError(f"{path.name}: refusing an XML document with a DTD or entity declarations "
                            f"(<!DOCTYPE/<!ENTITY); DrugBank exports need neither ({err})") from None
    except ET.ParseError as err:
        raise DrugBankError(f"{path.name}: not well-formed XML ({err})") from None


# ---------------------------------------------------------------------------
# Loading with a cache
# ---------------------------------------------------------------------------


@dataclass
class DrugBank:
    entries: list[DrugBankEntry]
    by_key: dict[str, int]
    by_id: dict[str, int]
    path: str

    def find(self, name: str) -> DrugBankEntry | None:
        t = name.strip()
        if t.upper() in self.by_id:
            return self.entries[self.by_id[t.upper()]]
        i = self.by_key.get(key(t))
        return self.entries[i] if i is not None else None

    def names(self) -> list[str]:
        return [e.name for e in self.entries]


def _index(entries: list[DrugBankEntry], path: str) -> DrugBank:
    by_key: dict[str, int] = {}
    by_id: dict[str, int] = {}
    for i, e in enumerate(entries):
        by_key[key(e.name)] = i
        if e.drugbank_id:
            by_id[e.drugbank_id.upper()] = i
    for i, e in enumerate(entries):  # synonyms and brands never shadow a name
        for alias in e.synonyms + e.brands:
            by_key.setdefault(key(alias), i)
    return DrugBank(entries, by_key, by_id, path)


def parse(path: str | Path) -> list[DrugBankEntry]:
    reason = check_drugbank_path(path)
    if reason:
        raise DrugBankError(reason)
    p = Path(path).expanduser()
    entries = list(read_xml(p) if p.suffix.lower() == ".xml" else read_csv(p))
    if not entries:
        raise DrugBankError(f"{p.name}: no drug with a name was found")
    return entries


_LOADED: dict[str, DrugBank] = {}


def load(path: str | Path, data_dir: str | Path | None) -> DrugBank:
    """The parsed export, from the JSON cache under ``data_dir`` when the file is unchanged."""
    reason = check_drugbank_path(path)
    if reason:
        raise DrugBankError(reason)
    p = Path(path).expanduser().resolve()
    st = p.stat()
    path_key = hashlib.sha256(str(p).encode()).hexdigest()[:12]
    fp = hashlib.sha256(f"{p}|{st.st_size}|{st.st_mtime_ns}|v1".encode()).hexdigest()[:20]
    with _LOCK:
        if fp in _LOADED:
            return _LOADED[fp]
        cache = Path(data_dir) / "drugs" / f"drugbank-{path_key}-{fp}.json" if data_dir else None
        if cache is not None and cache.exists():
            rows = json.loads(cache.read_text(encoding="utf-8"))
            entries = [DrugBankEntry(**r) for r in rows]
        else:
            entries = parse(p)
            if cache is not None:
                cache.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(prefix=".drugbank-", suffix=".json", dir=cache.parent)
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump([e.to_dict() for e in entries], fh, ensure_ascii=False)
                os.replace(tmp, cache)
                for old in cache.parent.glob(f"drugbank-{path_key}-*.json"):  # earlier versions of this file
                    if old != cache:
                        old.unlink(missing_ok=True)
        db = _index(entries, str(p))
        _LOADED[fp] = db
        return db
