"""The persistent experience store (ReflecTool's long-term memory, DESIGN.md "Memory").

One SQLite file is the source of truth; it holds successful :class:`Trajectory`
records and per-tool :class:`ToolExperience`, is shared by runs and is safe under
concurrent writers (several processes, several threads):

* WAL journal, a busy timeout, and short ``BEGIN IMMEDIATE`` write transactions, so
  read-modify-write cycles (merging suggestions) never lose an update.
* A ``meta`` table records the schema version and a change counter. Opening an older
  schema migrates it in place; a newer one is refused (:class:`SchemaVersionError`).
* Similar-case search is BM25 (bm25s) over task texts, with an in-memory index rebuilt
  lazily whenever the change counter differs from the one it was built at - also
  when another process wrote. Dense retrieval is fused in by passing any
  LangChain-style ``Embeddings`` object (reciprocal rank fusion): the cases' vectors
  live in a persistent Chroma collection (``<vector_dir>/chroma``, one collection per
  store file and embeddings), kept in step with the SQLite file, which stays the
  source of truth (a lost collection is rebuilt from it).
* A slow ``merger`` (the model) runs *outside* any transaction; its result is written
  only if the tool's experience did not change meanwhile (optimistic concurrency,
  re-run on conflict).

The table layout and its migrations live in :mod:`medmirror.memory.experience_schema`.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pydantic import ValidationError

from medmirror.core.models.embeddings import embeddings_id
from medmirror.core.models.vectorstore import VectorCollection, open_collection, text_id
from medmirror.memory.checkpoint import private_file
from medmirror.memory.experience_merge import (
    DEFAULT_JACCARD,
    DEFAULT_MAX_ITEMS,
    adopt,
    clean_texts,
    default_merge,
    union_merge,
    validate_merger_output,
)
from medmirror.memory.experience_models import (
    ConcurrentUpdateError,
    ExperienceStoreError,
    ExperienceValidationError,
    SchemaVersionError,
    Suggestion,
    ToolExperience,
    Trajectory,
    utcnow,
)
from medmirror.memory.experience_schema import MIGRATIONS, SCHEMA_V1, SCHEMA_V2, SCHEMA_VERSION
from medmirror.memory.experience_search import (
    Bm25Index,
    EmbeddingsLike,
    reciprocal_rank_fusion,
)

logger = logging.getLogger(__name__)

__all__ = [
    "SCHEMA_VERSION",
    "SCHEMA_V1",
    "DEFAULT_FILENAME",
    "EXPORT_FORMAT",
    "ExperienceStore",
    "Merger",
]

DEFAULT_FILENAME = "experience.sqlite3"
EXPORT_FORMAT = "medmirror-experience"
_FILE_SUFFIXES = {".sqlite", ".sqlite3", ".db"}

#: A merger takes (existing suggestion texts, new suggestion texts) and returns the merged list.
Merger = Callable[[list[str], list[str]], list[str]]
ClearKind = Literal["trajectories", "experience"]

# Connections inherited through fork() are never used or closed by the child.
_ABANDONED: list[sqlite3.Connection] = []


def resolve_store_file(path: str | os.PathLike[str]) -> Path:
    """The SQLite file for ``path``: a directory gets :data:`DEFAULT_FILENAME` inside it;
    a path ending in .sqlite / .sqlite3 / .db is the file itself."""
    p = Path(path).expanduser()
    if p.suffix.lower() in _FILE_SUFFIXES and not p.is_dir():
        return p
    return p / DEFAULT_FILENAME


def _iso(value: datetime) -> str:
    return value.isoformat()


class ExperienceStore:
    """Persistent trajectories and per-tool experience in one SQLite file.

    ``path`` is a directory (created if missing; the file is ``experience.sqlite3``
    inside) or a file path ending in ``.sqlite``, ``.sqlite3`` or ``.db``.
    ``embeddings`` switches on dense fusion in :meth:`search_similar`; the vectors go to a
    Chroma collection under ``vector_dir`` (default: the store's folder), in memory when
    ``vector_dir`` is False.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        max_items: int = DEFAULT_MAX_ITEMS,
        threshold: float = DEFAULT_JACCARD,
        busy_timeout_s: float = 30.0,
        embeddings: EmbeddingsLike | None = None,
        merge_attempts: int = 4,
        vector_dir: str | os.PathLike[str] | None | Literal[False] = None,
    ) -> None:
        if max_items < 1:
            raise ValueError(f"max_items must be at least 1, got {max_items}")
        if not 0.0 < threshold <= 1.0:
            raise ValueError(f"threshold must be in (0, 1], got {threshold}")
        if embeddings is not None and not isinstance(embeddings, EmbeddingsLike):
            raise TypeError("embeddings must have embed_documents(texts) and embed_query(text)")
        self.file = resolve_store_file(path)
        private_file(self.file)  # a 0600 file in a 0700 folder: the cases quote patients' notes
        self.max_items = max_items
        self.threshold = threshold
        self.busy_timeout_s = busy_timeout_s
        self.embeddings = embeddings
        self.merge_attempts = max(1, merge_attempts)
        self._lock = threading.RLock()
        self._conn_obj: sqlite3.Connection | None = None
        self._pid = os.getpid()
        self._index: Bm25Index | None = None
        self._vectors: VectorCollection | None = None
        self._vector_dir = None if vector_dir is False else Path(vector_dir or self.file.parent)
        self._synced_counter: int | None = None
        self.skipped: dict[str, str] = {}  # ids of corrupt trajectory rows that reads skipped -> why
        self._open_schema()

    # ------------------------------------------------------------------ connection

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.file,
                timeout=self.busy_timeout_s,
                isolation_level=None,  # we issue BEGIN / COMMIT ourselves
                check_same_thread=False,  # guarded by self._lock
            )
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.DatabaseError as exc:
            raise ExperienceStoreError(f"cannot open experience store {self.file}: {exc}") from exc
        if str(mode).lower() != "wal":
            conn.close()
            raise ExperienceStoreError(
                f"experience store {self.file} could not switch to WAL mode (got {mode!r})"
            )
        return conn

    def _conn(self) -> sqlite3.Connection:
        if self._conn_obj is not None and os.getpid() != self._pid:
            _ABANDONED.append(self._conn_obj)  # inherited through fork: never touch it
            self._conn_obj = None
            self._index = None
        if self._conn_obj is None:
            self._conn_obj = self._connect()
            self._pid = os.getpid()
        return self._conn_obj

    @contextmanager
    def _txn(self, write: bool) -> Iterator[sqlite3.Connection]:
        """A transaction: ``BEGIN IMMEDIATE`` for writes (takes the write lock up front,
        so a read-modify-write cannot interleave), a plain ``BEGIN`` snapshot for reads."""
        with self._lock:
            conn = self._conn()
            try:
                conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.DatabaseError as exc:
                raise ExperienceStoreError(f"experience store {self.file}: {exc}") from exc
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")

    def close(self) -> None:
        """Close the connection (the store reopens it on next use)."""
        with self._lock:
            if self._conn_obj is not None and os.getpid() == self._pid:
                self._conn_obj.close()
            self._conn_obj = None

    def __enter__(self) -> ExperienceStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ schema

    def _schema_state(self, conn: sqlite3.Connection) -> int | None:
        """The schema version of the file, None for an empty file; errors for foreign files."""
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" not in tables:
            if tables:
                raise ExperienceStoreError(
                    f"{self.file} is a SQLite file but not a MedMirror experience store"
                    f" (it has tables {sorted(tables)} and no 'meta' table)"
                )
            return None
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            raise ExperienceStoreError(f"{self.file}: 'meta' table has no schema_version")
        try:
            version = int(row[0])
        except ValueError as exc:
            raise ExperienceStoreError(f"{self.file}: invalid schema_version {row[0]!r}") from exc
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"experience store {self.file} has schema version {version}, newer than the"
                f" {SCHEMA_VERSION} this MedMirror supports; upgrade MedMirror or use another store"
            )
        if version < 1 or any(v not in MIGRATIONS for v in range(version, SCHEMA_VERSION)):
            raise SchemaVersionError(
                f"experience store {self.file} has schema version {version}, which cannot be migrated"
            )
        return version

    def _open_schema(self) -> None:
        try:
            with self._txn(write=False) as conn:
                version = self._schema_state(conn)
        except sqlite3.DatabaseError as exc:
            raise ExperienceStoreError(f"cannot read experience store {self.file}: {exc}") from exc
        if version == SCHEMA_VERSION:
            return
        with self._txn(write=True) as conn:  # re-check under the write lock
            version = self._schema_state(conn)
            if version is None:
                for statement in SCHEMA_V2.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [
                        ("schema_version", str(SCHEMA_VERSION)),
                        ("change_counter", "0"),
                        ("created_at", _iso(utcnow())),
                    ],
                )
                return
            while version < SCHEMA_VERSION:
                MIGRATIONS[version](conn)
                version += 1
                conn.execute(
                    "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),)
                )
            conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('change_counter', '0')")
            self._bump(conn)

    @staticmethod
    def _bump(conn: sqlite3.Connection) -> None:
        conn.execute(
            "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'change_counter'"
        )

    @staticmethod
    def _counter(conn: sqlite3.Connection) -> int:
        return int(conn.execute("SELECT value FROM meta WHERE key = 'change_counter'").fetchone()[0])

    def change_counter(self) -> int:
        """The store's change counter (moves on every write that changed something)."""
        with self._txn(write=False) as conn:
            return self._counter(conn)

    def schema_version(self) -> int:
        """The schema version recorded in the file."""
        with self._txn(write=False) as conn:
            return int(conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])

    # ------------------------------------------------------------------ trajectories

    @staticmethod
    def _insert_trajectory(conn: sqlite3.Connection, t: Trajectory) -> tuple[str, bool]:
        """Insert unless its id or (source, case id) is already stored; (id, inserted)."""
        key = t.provenance.dedup_key()
        if key is not None:
            row = conn.execute("SELECT id FROM trajectories WHERE dedup_key = ?", (key,)).fetchone()
            if row is not None:
                return row[0], False
        tid = t.id or uuid.uuid4().hex
        if conn.execute("SELECT 1 FROM trajectories WHERE id = ?", (tid,)).fetchone():
            return tid, False
        stored = t.model_copy(update={"id": tid})
        conn.execute(
            "INSERT INTO trajectories (id, dedup_key, task_text, task_kind, score, created_at, data)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                tid,
                key,
                stored.task_text,
                stored.task_kind,
                stored.score,
                _iso(stored.provenance.created_at),
                stored.model_dump_json(),
            ),
        )
        return tid, True

    def add_trajectory(self, trajectory: Trajectory) -> str:
        """Store a trajectory and return its id.

        Idempotent on (provenance.source, provenance.case_id): adding a case that is
        already stored changes nothing and returns the stored id (the first solution
        kept wins). Without a case id, a trajectory whose ``id`` is already stored is
        likewise skipped; otherwise a new id is assigned.
        """
        if not isinstance(trajectory, Trajectory):
            trajectory = Trajectory.model_validate(trajectory)
        with self._txn(write=True) as conn:
            tid, inserted = self._insert_trajectory(conn, trajectory)
            if inserted:
                self._bump(conn)
        return tid

    def _parsed(self, rows: Sequence[tuple[str, Any]]) -> dict[str, Trajectory]:
        """The rows' trajectories by id; a corrupt row is skipped with a warning naming it, and counted in
        :attr:`skipped` (one bad row must not break every run that reads the store)."""
        out: dict[str, Trajectory] = {}
        for tid, data in rows:
            try:
                out[tid] = Trajectory.model_validate_json(data)
            except (ValidationError, ValueError, TypeError) as exc:
                reason = " ".join(str(exc).split())[:200]
                if tid not in self.skipped:
                    logger.warning("experience store %s: skipped corrupt trajectory %s (%s)", self.file, tid, reason)
                self.skipped[tid] = reason
        return out

    def get_trajectory(self, trajectory_id: str) -> Trajectory | None:
        """The stored trajectory with this id, or None (also for a corrupt row, which is reported in :attr:`skipped`)."""
        with self._txn(write=False) as conn:
            row = conn.execute("SELECT id, data FROM trajectories WHERE id = ?", (trajectory_id,)).fetchone()
        return None if row is None else self._parsed([row]).get(trajectory_id)

    def list_trajectories(self, limit: int = 20, offset: int = 0) -> list[Trajectory]:
        """Stored trajectories in insertion order (corrupt rows skipped, see :attr:`skipped`)."""
        if limit < 0 or offset < 0:
            raise ValueError(f"limit and offset must be >= 0, got limit={limit}, offset={offset}")
        with self._txn(write=False) as conn:
            rows = conn.execute(
                "SELECT id, data FROM trajectories ORDER BY seq LIMIT ? OFFSET ?", (limit, offset)
            ).fetchall()
        return list(self._parsed(rows).values())

    def _get_many(self, ids: Sequence[str]) -> dict[str, Trajectory]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self._txn(write=False) as conn:
            rows = conn.execute(
                f"SELECT id, data FROM trajectories WHERE id IN ({marks})", list(ids)
            ).fetchall()
        return self._parsed(rows)

    # ------------------------------------------------------------------ search

    def _current_index(self) -> Bm25Index:
        """The BM25 index, rebuilt if the change counter moved (in any process)."""
        with self._lock:
            with self._txn(write=False) as conn:
                counter = self._counter(conn)
                if self._index is not None and self._index.counter == counter:
                    return self._index
                rows = conn.execute("SELECT id, task_text, task_kind FROM trajectories ORDER BY seq").fetchall()
            index = Bm25Index(counter, [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows])
            self._index = index
            return index

    def vector_collection(self) -> VectorCollection:
        """The cases' vectors (Chroma under ``vector_dir``, or memory)."""
        if self._vectors is None:
            use = f"experience-{text_id(str(self.file.resolve()))[:12]}"
            self._vectors = open_collection(self._vector_dir, use, embeddings_id(self.embeddings))
        return self._vectors

    def _ensure_vectors(self, index: Bm25Index) -> VectorCollection:
        """Bring the collection in step with the index: add missing cases, drop removed ones."""
        assert self.embeddings is not None
        collection = self.vector_collection()
        if self._synced_counter == index.counter:
            return collection
        stored = set(collection.ids())
        live = set(index.ids)
        collection.delete(sorted(stored - live))
        missing = [i for i, tid in enumerate(index.ids) if tid not in stored]
        if missing:
            vectors = self.embeddings.embed_documents([index.texts[i] for i in missing])
            if len(vectors) != len(missing):
                raise ExperienceStoreError(
                    f"embeddings returned {len(vectors)} vectors for {len(missing)} documents"
                )
            collection.upsert([index.ids[i] for i in missing], vectors,
                              [{"task_kind": index.kinds[i] or ""} for i in missing])
        self._synced_counter = index.counter
        return collection

    def search_similar(
        self,
        task_text: str,
        k: int = 3,
        *,
        task_kind: str | None = None,
        exclude_ids: Sequence[str] = (),
    ) -> list[tuple[Trajectory, float]]:
        """The ``k`` stored trajectories whose task text is most similar to ``task_text``.

        BM25 over task texts; only trajectories sharing at least one term are returned,
        with their BM25 score. When the store has ``embeddings``, the BM25 and dense
        rankings are fused by reciprocal rank and the score is the fused score.
        ``task_kind`` restricts to one kind; ``exclude_ids`` leaves cases out (e.g. the
        case being solved, so it cannot be its own demonstration).
        """
        if k < 1 or not task_text.strip():
            return []
        with self._lock:
            index = self._current_index()
            if not len(index):
                return []
            allowed = None
            if task_kind is not None or exclude_ids:
                excluded = set(exclude_ids)
                kinds = index.kinds
                allowed = np.array(
                    [
                        int((task_kind is None or kinds[i] == task_kind) and tid not in excluded)
                        for i, tid in enumerate(index.ids)
                    ]
                )
            ranking = index.ranking(task_text, allowed)
            if self.embeddings is not None:
                collection = self._ensure_vectors(index)
                ids = index.ids if allowed is None else [t for t, ok in zip(index.ids, allowed) if ok]
                dense = collection.query(self.embeddings.embed_query(task_text), len(ids), ids=ids)
                ranking = reciprocal_rank_fusion([ranking, dense])
        top = ranking[:k]
        found = self._get_many([tid for tid, _ in top])
        # A trajectory removed since the index was built is simply skipped.
        return [(found[tid], score) for tid, score in top if tid in found]

    # ------------------------------------------------------------------ tool experience

    @staticmethod
    def _tool_name(tool: str) -> str:
        if not isinstance(tool, str) or not tool.strip():
            raise ExperienceValidationError(f"tool name must be a non-empty string, got {tool!r}")
        return tool.strip()

    @staticmethod
    def _read_tool(conn: sqlite3.Connection, tool: str) -> tuple[int, list[Suggestion]]:
        """(revision, suggestions) of a tool; revision 0 when it has no experience yet."""
        row = conn.execute("SELECT revision FROM tool_experience WHERE tool = ?", (tool,)).fetchone()
        if row is None:
            return 0, []
        rows = conn.execute(
            "SELECT text, support, created_at, updated_at FROM suggestions WHERE tool = ?"
            " ORDER BY position",
            (tool,),
        ).fetchall()
        return int(row[0]), [
            Suggestion(text=t, support=n, created_at=c, updated_at=u) for t, n, c, u in rows
        ]

    def _write_tool(self, conn: sqlite3.Connection, tool: str, suggestions: Sequence[Suggestion]) -> None:
        now = _iso(utcnow())
        conn.execute(
            "INSERT INTO tool_experience (tool, revision, updated_at) VALUES (?, 1, ?)"
            " ON CONFLICT (tool) DO UPDATE SET revision = revision + 1, updated_at = excluded.updated_at",
            (tool, now),
        )
        conn.execute("DELETE FROM suggestions WHERE tool = ?", (tool,))
        conn.executemany(
            "INSERT INTO suggestions (tool, position, text, support, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (tool, i, s.text, s.support, _iso(s.created_at), _iso(s.updated_at))
                for i, s in enumerate(suggestions)
            ],
        )
        self._bump(conn)

    def get_tool_experience(self, tool: str) -> ToolExperience | None:
        """The full experience record of a tool (suggestions with support), or None."""
        tool = self._tool_name(tool)
        with self._txn(write=False) as conn:
            revision, suggestions = self._read_tool(conn, tool)
        return None if revision == 0 else ToolExperience(tool=tool, suggestions=suggestions)

    def get_experience(self, tool: str) -> list[str]:
        """The suggestion texts for a tool (or inner action Plan / Think / Finish), in order."""
        record = self.get_tool_experience(tool)
        return [] if record is None else record.texts()

    def list_tools(self) -> list[str]:
        """Names of the tools that have experience, sorted."""
        with self._txn(write=False) as conn:
            return [r[0] for r in conn.execute("SELECT tool FROM tool_experience ORDER BY tool")]

    def set_experience(self, tool: str, suggestions: Sequence[str], *, max_items: int | None = None) -> list[str]:
        """Replace a tool's suggestions (support starts at 1; near-duplicates collapse).

        Raises :class:`ExperienceValidationError` (and writes nothing) for blank or
        over-long texts or more than ``max_items`` suggestions.
        """
        tool = self._tool_name(tool)
        limit = self.max_items if max_items is None else max_items
        texts = clean_texts(list(suggestions) if not isinstance(suggestions, str) else suggestions)
        items = adopt([], texts, threshold=self.threshold)
        if len(items) > limit:
            raise ExperienceValidationError(
                f"{len(items)} suggestions for {tool!r}, more than max_items={limit}"
            )
        with self._txn(write=True) as conn:
            self._write_tool(conn, tool, items)
        return [s.text for s in items]

    def merge_experience(
        self,
        tool: str,
        new_suggestions: Sequence[str],
        merger: Merger | None = None,
        max_items: int | None = None,
    ) -> list[str]:
        """Merge new suggestions into a tool's experience; return the resulting texts.

        Without ``merger``: near-duplicates (see :mod:`medmirror.memory.experience_merge`) raise
        the support of the kept suggestion, others are appended, and the list is
        bounded to ``max_items`` by dropping the lowest support, oldest first. This
        runs inside one write transaction, so concurrent merges never lose an update.

        With ``merger(existing_texts, new_texts) -> merged_texts`` (e.g. a model call):
        it runs outside any transaction; its output must be a list of at most
        ``max_items`` non-empty short strings, else :class:`ExperienceValidationError`
        is raised and nothing is written. Texts matching an existing suggestion keep
        its support. If another writer changed the tool meanwhile, the merger is run
        again on the fresh list (up to ``merge_attempts`` times, then
        :class:`ConcurrentUpdateError`).
        """
        tool = self._tool_name(tool)
        limit = self.max_items if max_items is None else max_items
        if limit < 1:
            raise ExperienceValidationError(f"max_items must be at least 1, got {limit}")
        new = clean_texts(
            list(new_suggestions) if not isinstance(new_suggestions, str) else new_suggestions,
            what="new_suggestions",
        )
        if merger is None:
            with self._txn(write=True) as conn:
                _revision, existing = self._read_tool(conn, tool)
                if not new:
                    return [s.text for s in existing]
                merged = default_merge(existing, new, max_items=limit, threshold=self.threshold)
                self._write_tool(conn, tool, merged)
            return [s.text for s in merged]

        for _attempt in range(self.merge_attempts):
            with self._txn(write=False) as conn:
                revision, existing = self._read_tool(conn, tool)
            result = merger([s.text for s in existing], list(new))
            texts = validate_merger_output(result, limit)
            merged = adopt(existing, texts, threshold=self.threshold)
            with self._txn(write=True) as conn:
                current, _ = self._read_tool(conn, tool)
                if current != revision:
                    continue  # someone wrote meanwhile: merge again against their list
                self._write_tool(conn, tool, merged)
            return [s.text for s in merged]
        raise ConcurrentUpdateError(
            f"experience of {tool!r} changed during each of {self.merge_attempts} merger runs; not written"
        )

    # ------------------------------------------------------------------ maintenance

    def stats(self) -> dict[str, Any]:
        """Counts, schema version, change counter and on-disk size (database + WAL)."""
        with self._txn(write=False) as conn:
            n_traj = conn.execute("SELECT COUNT(*) FROM trajectories").fetchone()[0]
            n_tools = conn.execute("SELECT COUNT(*) FROM tool_experience").fetchone()[0]
            n_sugg = conn.execute("SELECT COUNT(*) FROM suggestions").fetchone()[0]
            counter = self._counter(conn)
            kinds = dict(
                conn.execute(
                    "SELECT COALESCE(task_kind, ''), COUNT(*) FROM trajectories GROUP BY 1 ORDER BY 1"
                ).fetchall()
            )
        size = sum(
            p.stat().st_size
            for p in (self.file, self.file.with_name(self.file.name + "-wal"))
            if p.exists()
        )
        return {
            "path": str(self.file),
            "schema_version": SCHEMA_VERSION,
            "change_counter": counter,
            "trajectories": n_traj,
            "trajectories_by_kind": kinds,
            "tools": n_tools,
            "suggestions": n_sugg,
            "file_bytes": size,
        }

    def clear(self, kind: ClearKind | None = None) -> dict[str, int]:
        """Delete trajectories, tool experience, or (``kind=None``) both; return counts deleted."""
        if kind not in (None, "trajectories", "experience"):
            raise ValueError(f"kind must be None, 'trajectories' or 'experience', got {kind!r}")
        deleted = {"trajectories": 0, "tools": 0}
        with self._txn(write=True) as conn:
            if kind in (None, "trajectories"):
                deleted["trajectories"] = conn.execute("DELETE FROM trajectories").rowcount
            if kind in (None, "experience"):
                conn.execute("DELETE FROM suggestions")
                deleted["tools"] = conn.execute("DELETE FROM tool_experience").rowcount
            if any(deleted.values()):
                self._bump(conn)
        return deleted

    def export(self, path: str | os.PathLike[str]) -> dict[str, int]:
        """Write the whole store to JSONL: a version line, then one record per line.

        Lines: ``{"format": "medmirror-experience", "schema_version": N, ...}``, then
        ``{"kind": "trajectory", "record": {...}}`` and
        ``{"kind": "tool_experience", "record": {...}}``. Written to a temporary file
        and renamed, so a failed export leaves no partial file.
        """
        target = Path(path).expanduser()
        target.parent.mkdir(parents=True, exist_ok=True)
        with self._txn(write=False) as conn:  # one consistent snapshot
            trajectories = [r[0] for r in conn.execute("SELECT data FROM trajectories ORDER BY seq")]
            tools = [r[0] for r in conn.execute("SELECT tool FROM tool_experience ORDER BY tool")]
            experiences = [ToolExperience(tool=t, suggestions=self._read_tool(conn, t)[1]) for t in tools]
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("w", encoding="utf-8") as fh:
                header = {
                    "format": EXPORT_FORMAT,
                    "schema_version": SCHEMA_VERSION,
                    "exported_at": _iso(utcnow()),
                    "trajectories": len(trajectories),
                    "tools": len(experiences),
                }
                fh.write(json.dumps(header) + "\n")
                for data in trajectories:
                    fh.write('{"kind": "trajectory", "record": ' + data + "}\n")
                for exp in experiences:
                    fh.write('{"kind": "tool_experience", "record": ' + exp.model_dump_json() + "}\n")
            os.replace(tmp, target)
        finally:
            if tmp.exists():
                tmp.unlink()
        return {"trajectories": len(trajectories), "tools": len(experiences)}

    @staticmethod
    def _read_export(path: Path) -> tuple[list[Trajectory], list[ToolExperience]]:
        """Parse and validate a JSONL export completely (nothing is written here)."""
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise ExperienceStoreError(f"cannot read {path}: {exc}") from exc
        if not lines:
            raise ExperienceStoreError(f"{path} is empty; expected a {EXPORT_FORMAT} JSONL export")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError as exc:
            raise ExperienceStoreError(f"{path}:1: not JSON ({exc.msg})") from exc
        if not isinstance(header, dict) or header.get("format") != EXPORT_FORMAT:
            raise ExperienceStoreError(
                f"{path}:1: expected a version line with format {EXPORT_FORMAT!r}, got {lines[0][:80]!r}"
            )
        version = header.get("schema_version")
        if not isinstance(version, int) or version < 1:
            raise ExperienceStoreError(f"{path}:1: invalid schema_version {version!r}")
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"{path} was exported with schema version {version}, newer than the"
                f" {SCHEMA_VERSION} this MedMirror supports"
            )
        trajectories: list[Trajectory] = []
        experiences: list[ToolExperience] = []
        for lineno, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                kind, record = item["kind"], item["record"]
                if kind == "trajectory":
                    trajectories.append(Trajectory.model_validate(record))
                elif kind == "tool_experience":
                    # Version-1 exports listed suggestions as plain strings.
                    record = dict(record)
                    record["suggestions"] = [
                        {"text": s} if isinstance(s, str) else s for s in record.get("suggestions", [])
                    ]
                    experiences.append(ToolExperience.model_validate(record))
                else:
                    raise ExperienceStoreError(f"{path}:{lineno}: unknown record kind {kind!r}")
            except (json.JSONDecodeError, KeyError, TypeError, ValidationError) as exc:
                raise ExperienceStoreError(f"{path}:{lineno}: invalid record: {exc}") from exc
        return trajectories, experiences

    def import_(self, path: str | os.PathLike[str]) -> dict[str, int]:
        """Load a JSONL export; idempotent (importing twice changes nothing the second time).

        The whole file is validated before anything is written, then written in one
        transaction. Trajectories already present (same id or same source + case id)
        are skipped; suggestions are united with the stored ones, near-duplicates
        keeping the larger support.
        """
        trajectories, experiences = self._read_export(Path(path).expanduser())
        report = {"trajectories_added": 0, "trajectories_skipped": 0, "tools_updated": 0}
        with self._txn(write=True) as conn:
            for t in trajectories:
                _tid, inserted = self._insert_trajectory(conn, t)
                report["trajectories_added" if inserted else "trajectories_skipped"] += 1
            for exp in experiences:
                _rev, existing = self._read_tool(conn, exp.tool)
                limit = max(self.max_items, len(existing), len(exp.suggestions))
                merged = union_merge(existing, exp.suggestions, max_items=limit, threshold=self.threshold)
                if [s.model_dump() for s in merged] != [s.model_dump() for s in existing]:
                    self._write_tool(conn, exp.tool, merged)
                    report["tools_updated"] += 1
            if report["trajectories_added"]:
                self._bump(conn)
        return report
