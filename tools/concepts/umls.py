"""A user's licensed UMLS extract (``settings.umls_path``): CUIs, names, definitions.

``umls_path`` is a folder holding ``MRCONSO.RRF`` (directly or under ``META/``) or the
path of ``MRCONSO.RRF`` itself; ``MRDEF.RRF`` and ``MRSTY.RRF`` beside it are used when
present. English, non-suppressed rows are loaded once into a SQLite database under
``<data_dir>/concepts/umls/<path key>/`` (rebuilt when the files' names, sizes or mtimes change)
with an FTS5 table for word search. Lookups: by CUI, by source code (e.g. ICD10CM
``E11.9``, HPO ``HP:0001250``) and by words.

Formats (pipe-delimited, one trailing ``|``):
MRCONSO ``CUI|LAT|TS|LUI|STT|SUI|ISPREF|AUI|SAUI|SCUI|SDUI|SAB|TTY|CODE|STR|SRL|SUPPRESS|CVF|``;
MRDEF ``CUI|AUI|ATUI|SATUI|SAB|DEF|SUPPRESS|CVF|``; MRSTY ``CUI|TUI|STN|STY|ATUI|CVF|``.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import tempfile
import threading
from pathlib import Path
from typing import Any

VOCABULARY = "UMLS"
CONSO_FIELDS = 18
DEF_FIELDS = 8
STY_FIELDS = 6
SCHEMA_VERSION = "1"
_CUI = re.compile(r"^C\d{7}$", re.I)
_LOCK = threading.Lock()


class UMLSError(ValueError):
    """umls_path is set but unusable; the message says why and what is expected."""


def looks_like_cui(text: str) -> bool:
    return bool(_CUI.match(text.strip()))


def find_files(umls_path: str | Path) -> dict[str, Path]:
    """The RRF files of an extract: {"MRCONSO": path, "MRDEF": path?, "MRSTY": path?}; raises UMLSError."""
    p = Path(umls_path).expanduser()
    if not p.exists():
        raise UMLSError(f"umls_path '{umls_path}' does not exist; point MEDMIRROR_UMLS_PATH to the folder holding "
                        "MRCONSO.RRF (and MRDEF.RRF), or unset it")
    if p.is_file():
        if p.name.upper() != "MRCONSO.RRF":
            raise UMLSError(f"umls_path '{umls_path}' is a file but not MRCONSO.RRF; give the folder holding "
                            "MRCONSO.RRF or the MRCONSO.RRF file itself")
        folder, conso = p.parent, p
    else:
        folder = next((d for d in (p, p / "META") if (d / "MRCONSO.RRF").is_file()), None)
        if folder is None:
            raise UMLSError(f"umls_path '{umls_path}' has no MRCONSO.RRF (looked in it and in its META folder)")
        conso = folder / "MRCONSO.RRF"
    files = {"MRCONSO": conso}
    for name in ("MRDEF", "MRSTY"):
        if (folder / f"{name}.RRF").is_file():
            files[name] = folder / f"{name}.RRF"
    return files


def check_umls_path(umls_path: str | Path | None) -> str | None:
    """Why umls_path cannot be used (None when it can or is not set). Cheap: no parsing."""
    if not umls_path:
        return None
    try:
        find_files(umls_path)
    except UMLSError as err:
        return str(err)
    return None


def _fields(line: str, expected: int, path: Path, lineno: int) -> list[str]:
    parts = line.rstrip("\n").rstrip("\r").split("|")
    if parts and parts[-1] == "":
        parts = parts[:-1]
    if len(parts) != expected:
        raise UMLSError(f"{path.name} line {lineno} is not in the UMLS RRF format: expected {expected} "
                        f"'|'-separated fields, found {len(parts)}")
    return parts


def _fingerprint(files: dict[str, Path]) -> str:
    h = hashlib.sha256(f"v{SCHEMA_VERSION}".encode())
    for name in sorted(files):
        st = files[name].stat()
        h.update(f"{name}|{files[name].resolve()}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:20]


def _fts_available(con: sqlite3.Connection) -> bool:
    try:
        con.execute("CREATE VIRTUAL TABLE temp._probe USING fts5(x)")
        con.execute("DROP TABLE temp._probe")
        return True
    except sqlite3.OperationalError:
        return False


def _build(files: dict[str, Path], target: Path) -> None:
    con = sqlite3.connect(target)
    try:
        con.executescript("""
            PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;
            CREATE TABLE conso(cui TEXT, sab TEXT, code TEXT, tty TEXT, str TEXT, pref INTEGER);
            CREATE TABLE defs(cui TEXT, sab TEXT, def TEXT);
            CREATE TABLE sty(cui TEXT, sty TEXT);
            CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
        """)
        fts = _fts_available(con)
        if fts:
            con.execute("CREATE VIRTUAL TABLE names USING fts5(str, cui UNINDEXED)")
        rows = 0
        with files["MRCONSO"].open(encoding="utf-8", errors="replace") as fh:
            batch = []
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                f = _fields(line, CONSO_FIELDS, files["MRCONSO"], lineno)
                if f[1] != "ENG" or f[16] not in ("N", ""):
                    continue
                pref = int(f[2] == "P" and f[4] == "PF" and f[6] == "Y")
                batch.append((f[0].upper(), f[11], f[13], f[12], f[14], pref))
                if len(batch) >= 50_000:
                    rows += _insert_conso(con, batch, fts)
                    batch = []
            rows += _insert_conso(con, batch, fts)
        if rows == 0:
            raise UMLSError(f"{files['MRCONSO']} has no English, non-suppressed rows")
        for name, n_fields, sql, pick in (
            ("MRDEF", DEF_FIELDS, "INSERT INTO defs VALUES (?,?,?)", lambda f: (f[0].upper(), f[4], f[5])),
            ("MRSTY", STY_FIELDS, "INSERT INTO sty VALUES (?,?)", lambda f: (f[0].upper(), f[3])),
        ):
            if name not in files:
                continue
            with files[name].open(encoding="utf-8", errors="replace") as fh:
                batch = []
                for lineno, line in enumerate(fh, 1):
                    if not line.strip():
                        continue
                    f = _fields(line, n_fields, files[name], lineno)
                    if name == "MRDEF" and f[6] not in ("N", ""):
                        continue
                    batch.append(pick(f))
                con.executemany(sql, batch)
        con.executescript("""
            CREATE INDEX conso_cui ON conso(cui);
            CREATE INDEX conso_code ON conso(sab, code);
            CREATE INDEX conso_str ON conso(str COLLATE NOCASE);
            CREATE INDEX defs_cui ON defs(cui);
            CREATE INDEX sty_cui ON sty(cui);
        """)
        con.execute("INSERT INTO meta VALUES ('rows', ?), ('fts', ?)", (str(rows), str(int(fts))))
        con.commit()
    finally:
        con.close()


def _insert_conso(con: sqlite3.Connection, batch: list[tuple], fts: bool) -> int:
    con.executemany("INSERT INTO conso VALUES (?,?,?,?,?,?)", batch)
    if fts:
        con.executemany("INSERT INTO names(str, cui) VALUES (?,?)", [(b[4], b[0]) for b in batch])
    return len(batch)


class UMLS:
    """Read-only queries on a built UMLS database."""

    def __init__(self, db: Path, files: dict[str, Path]):
        self.db = db
        self.files = files
        self.con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, check_same_thread=False)
        self.fts = self.con.execute("SELECT value FROM meta WHERE key='fts'").fetchone()[0] == "1"

    def preferred_name(self, cui: str) -> str:
        row = self.con.execute("SELECT str FROM conso WHERE cui=? ORDER BY pref DESC, rowid LIMIT 1", (cui,)).fetchone()
        return row[0] if row else ""

    def concept(self, cui: str) -> dict[str, Any] | None:
        cui = cui.strip().upper()
        rows = self.con.execute("SELECT sab, code, tty, str, pref FROM conso WHERE cui=? ORDER BY pref DESC, rowid",
                                (cui,)).fetchall()
        if not rows:
            return None
        synonyms: list[str] = []
        for r in rows:
            if r[3] not in synonyms:
                synonyms.append(r[3])
        codes = []
        for sab, code, _tty, _s, _p in rows:
            item = {"source": sab, "code": code}
            if code and item not in codes:
                codes.append(item)
        defs = [{"source": s, "definition": d} for s, d in
                self.con.execute("SELECT sab, def FROM defs WHERE cui=? ORDER BY rowid LIMIT 5", (cui,))]
        stys = [s for (s,) in self.con.execute("SELECT DISTINCT sty FROM sty WHERE cui=?", (cui,))]
        return {"vocabulary": VOCABULARY, "code": cui, "name": synonyms[0], "definitions": defs,
                "semantic_types": stys, "synonyms": synonyms[1:16], "source_codes": codes[:25]}

    def cuis_for_code(self, sab: str, code: str) -> list[dict[str, str]]:
        rows = self.con.execute("SELECT DISTINCT cui FROM conso WHERE sab=? AND code=?", (sab, code)).fetchall()
        return [{"cui": c, "name": self.preferred_name(c)} for (c,) in rows]

    def search(self, words: str, k: int = 5) -> list[dict[str, Any]]:
        tokens = re.findall(r"[A-Za-z0-9]+", words)
        if not tokens:
            return []
        exact = [c for (c,) in self.con.execute(
            "SELECT DISTINCT cui FROM conso WHERE str = ? COLLATE NOCASE LIMIT ?", (" ".join(words.split()), k))]
        found: list[str] = list(exact)
        if self.fts:
            for joiner in (" ", " OR "):  # all words first, then any word
                query = joiner.join(f'"{t}"' for t in tokens)
                for (cui,) in self.con.execute(
                        "SELECT cui FROM names WHERE names MATCH ? ORDER BY bm25(names) LIMIT ?", (query, k * 20)):
                    if cui not in found:
                        found.append(cui)
                if len(found) >= k:
                    break
        else:  # pragma: no cover - sqlite without FTS5
            like = " AND ".join("str LIKE ?" for _ in tokens)
            for (cui,) in self.con.execute(f"SELECT DISTINCT cui FROM conso WHERE {like} LIMIT ?",
                                           [f"%{t}%" for t in tokens] + [k * 5]):
                if cui not in found:
                    found.append(cui)
        out = []
        for cui in found[:k]:
            defs = self.con.execute("SELECT def FROM defs WHERE cui=? ORDER BY rowid LIMIT 1", (cui,)).fetchone()
            out.append({"vocabulary": VOCABULARY, "code": cui, "name": self.preferred_name(cui),
                        "definition": defs[0] if defs else "", "exact": cui in exact})
        return out


_OPEN: dict[str, UMLS] = {}


def open_umls(umls_path: str | Path, data_dir: str | Path) -> UMLS:
    """The UMLS database for ``umls_path``, built under ``data_dir`` on first use or when the files change."""
    files = find_files(umls_path)
    fp = _fingerprint(files)
    key = hashlib.sha256(str(files["MRCONSO"].resolve()).encode()).hexdigest()[:12]
    root = Path(data_dir) / "concepts" / "umls" / key
    db = root / f"umls-{fp}.sqlite"
    with _LOCK:
        if str(db) in _OPEN:
            return _OPEN[str(db)]
        if not db.exists():
            root.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = tempfile.mkstemp(prefix=".build-", suffix=".sqlite", dir=root)
            os.close(fd)
            tmp = Path(tmp_name)
            try:
                tmp.unlink()
                _build(files, tmp)
                os.replace(tmp, db)
            finally:
                if tmp.exists():
                    tmp.unlink()
            for old in root.glob("umls-*.sqlite"):
                if old != db:
                    old.unlink(missing_ok=True)  # a previous version of the files; rebuilt above
        handle = UMLS(db, files)
        _OPEN[str(db)] = handle
        return handle
