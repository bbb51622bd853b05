"""The persistent experience store (ReflecTool's long-term memory, DESIGN.md "Memory") on LangGraph's ``BaseStore``.

Successful :class:`Trajectory` records and per-tool :class:`ToolExperience` are items of a LangGraph store, the
kind LangGraph deployments and Studio expect:

* ``("medmirror", "experience", "cases")``: one item per trajectory (key: its id; value: the record, its
  de-duplication key and insertion sequence);
* ``("medmirror", "experience", "tools")``: one item per tool or inner action (key: the name; value: the
  suggestions with support and timestamps, and a revision);
* ``("medmirror", "experience", "meta")``: the layout version and a change counter.

The backend is ``SqliteStore`` (``langgraph-checkpoint-sqlite``) in one file by default, LangGraph's
``PostgresStore`` for a ``postgresql://`` URL (the ``postgres`` extra, as the checkpointer), or any ``BaseStore``
given as ``store=`` (``build_graph(store=...)`` passes the graph's). Writes that read first (a merge, a new case's
de-duplication, the counter) hold a lock: a file lock beside a SQLite file (several processes), a thread lock
otherwise (one process; Postgres writers on several machines may race on one tool's merge: the last write wins).

Similar-case search is BM25 (bm25s) over the cases' task texts, rebuilt when the change counter moves (also when
another process wrote); dense retrieval is fused in by passing any LangChain-style ``Embeddings`` (reciprocal rank
fusion; the vectors in a Chroma collection under ``vector_dir``, rebuilt from the store when lost).

**Migration.** A SQLite file of the earlier layout (MedMirror's own tables ``meta``, ``trajectories``,
``tool_experience``, ``suggestions``; :mod:`medmirror.memory.experience_schema`) is copied into the store's
tables in the same file the first time it is opened (``medmirror memory migrate`` runs it again): every
trajectory and every tool's suggestions, with ids, support and timestamps; the old tables are kept, marked
migrated. Idempotent: a case already present is skipped, suggestions are united.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import numpy as np
from filelock import FileLock
from langgraph.store.base import BaseStore, Item
from pydantic import ValidationError

from medmirror.core.models.embeddings import embeddings_id
from medmirror.core.models.vectorstore import VectorCollection, open_collection, text_id
from medmirror.memory.checkpoint import is_postgres, open_postgres, private_file
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
from medmirror.memory.experience_schema import MIGRATIONS, SCHEMA_V1, SCHEMA_VERSION
from medmirror.memory.experience_search import Bm25Index, EmbeddingsLike, reciprocal_rank_fusion

logger = logging.getLogger(__name__)

__all__ = ["SCHEMA_VERSION", "SCHEMA_V1", "DEFAULT_FILENAME", "EXPORT_FORMAT", "ExperienceStore", "Merger",
           "CASES", "TOOLS", "META", "LAYOUT_VERSION", "experience_of"]

DEFAULT_FILENAME = "experience.sqlite3"
EXPORT_FORMAT = "medmirror-experience"
_FILE_SUFFIXES = {".sqlite", ".sqlite3", ".db"}
CASES = ("medmirror", "experience", "cases")
TOOLS = ("medmirror", "experience", "tools")
META = ("medmirror", "experience", "meta")
LAYOUT_VERSION = 3  # 1-2: MedMirror's own SQLite tables (experience_schema); 3: LangGraph store items
PAGE = 500  # items per store.search call when listing a namespace
LEGACY_TABLES = {"meta", "trajectories", "tool_experience", "suggestions"}
STORE_TABLES = {"store", "store_migrations", "store_vectors", "vector_migrations"}
POSTGRES_MISSING = ("the Postgres experience store needs langgraph-checkpoint-postgres and psycopg: "
                    "pip install 'medmirror[postgres]'")

#: A merger takes (existing suggestion texts, new suggestion texts) and returns the merged list.
Merger = Callable[[list[str], list[str]], list[str]]
ClearKind = Literal["trajectories", "experience"]


def resolve_store_file(path: str | os.PathLike[str]) -> Path:
    """The SQLite file for ``path``: a directory gets :data:`DEFAULT_FILENAME` inside it;
    a path ending in .sqlite / .sqlite3 / .db is the file itself."""
    p = Path(path).expanduser()
    if p.suffix.lower() in _FILE_SUFFIXES and not p.is_dir():
        return p
    return p / DEFAULT_FILENAME


def _iso(value: datetime) -> str:
    return value.isoformat()


def _tool_value(revision: int, suggestions: Sequence[Suggestion]) -> dict[str, Any]:
    return {"revision": revision, "suggestions": [s.model_dump(mode="json") for s in suggestions]}


def _sqlite_tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def legacy_version(conn: sqlite3.Connection, file: Path) -> int | None:
    """The layout version of MedMirror's earlier tables in ``file`` (None when it has none); refuses a version this
    MedMirror cannot read and a SQLite file that is not an experience store."""
    tables = _sqlite_tables(conn)
    foreign = tables - LEGACY_TABLES - STORE_TABLES
    if foreign or (tables & LEGACY_TABLES and "meta" not in tables):
        raise ExperienceStoreError(f"{file} is a SQLite file but not a MedMirror experience store"
                                   f" (it has tables {sorted(tables)})")
    if "meta" not in tables:
        return None
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    try:
        version = int(row[0]) if row is not None else 0
    except ValueError:
        version = 0
    if version > SCHEMA_VERSION:
        raise SchemaVersionError(f"experience store {file} has schema version {version}, newer than the"
                                 f" {SCHEMA_VERSION} this MedMirror supports; upgrade MedMirror or use another store")
    if version < 1 or any(v not in MIGRATIONS for v in range(version, SCHEMA_VERSION)):
        raise SchemaVersionError(f"experience store {file} has schema version {version}, which cannot be migrated")
    return version


def read_legacy(conn: sqlite3.Connection, file: Path) -> tuple[list[tuple[str, str | None, str]], list[ToolExperience]]:
    """Every record of the earlier layout: (id, dedup key, trajectory JSON) in insertion order, and each tool's
    experience. A version-1 file is first brought to version 2 in place (its suggestions as rows)."""
    version = legacy_version(conn, file)
    if version is None:
        return [], []
    if version < SCHEMA_VERSION:
        conn.execute("BEGIN IMMEDIATE")
        try:
            while version < SCHEMA_VERSION:
                MIGRATIONS[version](conn)
                version += 1
                conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    cases = [(r[0], r[1], r[2]) for r in conn.execute("SELECT id, dedup_key, data FROM trajectories ORDER BY seq")]
    tools = []
    for (tool,) in conn.execute("SELECT tool FROM tool_experience ORDER BY tool").fetchall():
        rows = conn.execute("SELECT text, support, created_at, updated_at FROM suggestions WHERE tool = ?"
                            " ORDER BY position", (tool,)).fetchall()
        tools.append(ToolExperience(tool=tool, suggestions=[
            Suggestion(text=t, support=n, created_at=c, updated_at=u) for t, n, c, u in rows]))
    return cases, tools


class ExperienceStore:
    """Trajectories and per-tool experience in a LangGraph ``BaseStore``.

    ``path`` is a directory (created if missing; the file is ``experience.sqlite3`` inside), a file path ending in
    ``.sqlite``, ``.sqlite3`` or ``.db`` (LangGraph's ``SqliteStore`` there), or a ``postgresql://`` URL
    (``PostgresStore``); or give ``store=`` any ``BaseStore`` (then ``path`` is only a name for messages).
    ``embeddings`` switches on dense fusion in :meth:`search_similar`; the vectors go to a Chroma collection under
    ``vector_dir`` (default: the store's folder), in memory when ``vector_dir`` is False.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        store: BaseStore | None = None,
        max_items: int = DEFAULT_MAX_ITEMS,
        threshold: float = DEFAULT_JACCARD,
        busy_timeout_s: float = 30.0,
        embeddings: EmbeddingsLike | None = None,
        merge_attempts: int = 4,
        vector_dir: str | os.PathLike[str] | None | Literal[False] = None,
        migrate: bool = True,
    ) -> None:
        if max_items < 1:
            raise ValueError(f"max_items must be at least 1, got {max_items}")
        if not 0.0 < threshold <= 1.0:
            raise ValueError(f"threshold must be in (0, 1], got {threshold}")
        if embeddings is not None and not isinstance(embeddings, EmbeddingsLike):
            raise TypeError("embeddings must have embed_documents(texts) and embed_query(text)")
        if path is None and store is None:
            raise ValueError("give the experience store a path, a postgresql:// URL or store=")
        self.max_items = max_items
        self.threshold = threshold
        self.busy_timeout_s = busy_timeout_s
        self.embeddings = embeddings
        self.merge_attempts = max(1, merge_attempts)
        self._lock = threading.RLock()
        self._file_lock: FileLock | None = None
        self._conn: sqlite3.Connection | None = None
        self._pool: Any = None
        self._pid = os.getpid()
        self._index: Bm25Index | None = None
        self._vectors: VectorCollection | None = None
        self._synced_counter: int | None = None
        self.skipped: dict[str, str] = {}  # ids of corrupt trajectory items that reads skipped -> why
        self.migrated: dict[str, int] | None = None  # what the migration of an earlier layout copied, if it ran
        self.url: str | None = None
        self.file: Path | None = None
        if store is not None:
            self.store = store
            self.name = str(path or f"{type(store).__name__} {id(store):x}")
        elif is_postgres(str(path)):
            self.url = str(path)
            self.name = "postgresql store " + self.url.split("@")[-1].split("?")[0]  # never the password
            self.store = self._postgres(self.url)
        else:
            self.file = resolve_store_file(path)  # type: ignore[arg-type]
            self.name = str(self.file)
            private_file(self.file)  # a 0600 file in a 0700 folder: the cases quote patients' notes
            self._file_lock = FileLock(str(self.file) + ".lock", thread_local=False)
            self.store = self._sqlite()
        self._vector_dir = None if vector_dir is False else Path(
            vector_dir or (self.file.parent if self.file else Path.cwd()))
        self._check_layout()
        if migrate and self.file is not None:
            self.migrate(force=False)

    # ------------------------------------------------------------------ backends

    def _connect(self) -> sqlite3.Connection:
        assert self.file is not None
        try:
            conn = sqlite3.connect(self.file, timeout=self.busy_timeout_s, isolation_level=None,
                                   check_same_thread=False)
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            conn.execute("PRAGMA synchronous = NORMAL")
            legacy_version(conn, self.file)  # refuses a foreign or too new file before anything is written
        except sqlite3.DatabaseError as exc:
            raise ExperienceStoreError(f"cannot open experience store {self.file}: {exc}") from exc
        if str(mode).lower() != "wal":
            conn.close()
            raise ExperienceStoreError(f"experience store {self.file} could not switch to WAL mode (got {mode!r})")
        return conn

    def _sqlite(self) -> BaseStore:
        from langgraph.store.sqlite import SqliteStore

        self._conn = self._connect()
        store = SqliteStore(self._conn)
        with self._writing():
            try:
                store.setup()
            except sqlite3.DatabaseError as exc:
                raise ExperienceStoreError(f"cannot set up experience store {self.file}: {exc}") from exc
        return store

    def _postgres(self, url: str) -> BaseStore:
        try:
            from langgraph.store.postgres import PostgresStore
        except ImportError:
            raise ExperienceStoreError(POSTGRES_MISSING) from None
        self._pool, store = open_postgres(url, PostgresStore, "the Postgres experience store", ExperienceStoreError)
        return store

    def _reopen_after_fork(self) -> None:
        """A store inherited through fork() opens its own SQLite connection (the parent's is never touched)."""
        if os.getpid() != self._pid and self.file is not None:
            self._pid = os.getpid()
            self._index = None
            self.store = self._sqlite()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """Held by every write that reads first: the thread lock, and the file lock of a SQLite store."""
        with self._lock, (self._file_lock or nullcontext()):
            yield

    def close(self) -> None:
        """Close the connection (a closed store is not used again)."""
        with self._lock:
            if self._conn is not None and os.getpid() == self._pid:
                self._conn.close()
            self._conn = None
            if self._pool is not None:
                self._pool.close()
                self._pool = None

    def __enter__(self) -> ExperienceStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ items

    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        self._reopen_after_fork()
        return self.store.get(namespace, key)

    def _all(self, namespace: tuple[str, ...], **filters: Any) -> list[Item]:
        """Every item of a namespace (paged), in no particular order."""
        self._reopen_after_fork()
        out: list[Item] = []
        while True:
            page = self.store.search(namespace, filter=filters or None, limit=PAGE, offset=len(out))
            out += page
            if len(page) < PAGE:
                return [i for i in out if i.namespace == namespace]

    def _check_layout(self) -> None:
        item = self._get(META, "layout")
        if item is None:
            with self._writing():
                if self._get(META, "layout") is None:
                    self.store.put(META, "layout", {"version": LAYOUT_VERSION, "created_at": _iso(utcnow())})
                    self.store.put(META, "counter", {"n": 0})
            return
        version = item.value.get("version")
        if not isinstance(version, int) or version > LAYOUT_VERSION:
            raise SchemaVersionError(f"experience store {self.name} has layout version {version!r}, newer than the"
                                     f" {LAYOUT_VERSION} this MedMirror supports; upgrade MedMirror or use another store")

    def _bump(self) -> None:
        item = self._get(META, "counter")
        self.store.put(META, "counter", {"n": (item.value["n"] if item else 0) + 1})

    def change_counter(self) -> int:
        """The store's change counter (moves on every write that changed something)."""
        item = self._get(META, "counter")
        return int(item.value["n"]) if item else 0

    def schema_version(self) -> int:
        """The layout version of the store's items (:data:`LAYOUT_VERSION`)."""
        item = self._get(META, "layout")
        return int(item.value["version"]) if item else LAYOUT_VERSION

    # ------------------------------------------------------------------ migration

    def migrate(self, *, force: bool = True) -> dict[str, int]:
        """Copy the earlier layout's records in this SQLite file into the store; idempotent.

        Runs on open when the file has the earlier tables and they are not marked migrated (``force``: again, e.g.
        ``medmirror memory migrate``). Returns the counts; trajectories already present (same id or the same source
        and case id) are skipped, suggestions are united with the stored ones."""
        report = {"trajectories_added": 0, "trajectories_skipped": 0, "tools_updated": 0}
        if self.file is None or self._conn is None:
            return report
        conn_lock = getattr(self.store, "lock", None) or nullcontext()  # SqliteStore's, for its shared connection
        with self._writing():
            with conn_lock:
                if legacy_version(self._conn, self.file) is None:
                    return report
                done = self._conn.execute("SELECT value FROM meta WHERE key = 'migrated_to_store'").fetchone()
                if done is not None and not force:
                    return report
                cases, tools = read_legacy(self._conn, self.file)
            for tid, _key, data in cases:
                try:
                    trajectory = Trajectory.model_validate_json(data).model_copy(update={"id": tid})
                except (ValidationError, ValueError) as exc:  # kept in the old table; said, never dropped silently
                    logger.warning("experience store %s: trajectory %s not migrated (%s)", self.file, tid,
                                   " ".join(str(exc).split())[:200])
                    self.skipped[tid] = "not migrated: invalid record"
                    continue
                _tid, inserted = self._insert(trajectory)
                report["trajectories_added" if inserted else "trajectories_skipped"] += 1
            report["tools_updated"] = self._unite(tools)
            if report["trajectories_added"] or report["tools_updated"]:
                self._bump()
            with conn_lock:
                self._conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('migrated_to_store', ?)",
                                   (json.dumps({"at": _iso(utcnow()), **report}),))
        self.migrated = report
        if report["trajectories_added"] or report["tools_updated"]:
            logger.info("experience store %s: migrated %s", self.file, report)
        return report

    # ------------------------------------------------------------------ trajectories

    def _insert(self, t: Trajectory) -> tuple[str, bool]:
        """Insert unless its id or (source, case id) is already stored (the caller holds the write lock)."""
        key = t.provenance.dedup_key()
        if key is not None:
            found = self._all(CASES, dedup_key=key)
            if found:
                return found[0].key, False
        tid = t.id or uuid.uuid4().hex
        if self._get(CASES, tid) is not None:
            return tid, False
        stored = t.model_copy(update={"id": tid})
        seq = self._get(META, "seq")
        n = (seq.value["n"] if seq else 0) + 1
        self.store.put(META, "seq", {"n": n})
        self.store.put(CASES, tid, {"trajectory": stored.model_dump(mode="json"), "dedup_key": key, "seq": n,
                                    "task_text": stored.task_text, "task_kind": stored.task_kind}, index=False)
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
        with self._writing():
            tid, inserted = self._insert(trajectory)
            if inserted:
                self._bump()
        return tid

    def _parsed(self, items: Sequence[Item]) -> dict[str, Trajectory]:
        """The items' trajectories by id; a corrupt item is skipped with a warning naming it, and counted in
        :attr:`skipped` (one bad record must not break every run that reads the store)."""
        out: dict[str, Trajectory] = {}
        for item in items:
            try:
                out[item.key] = Trajectory.model_validate(item.value["trajectory"])
            except (ValidationError, ValueError, TypeError, KeyError) as exc:
                reason = " ".join(str(exc).split())[:200]
                if item.key not in self.skipped:
                    logger.warning("experience store %s: skipped corrupt trajectory %s (%s)", self.name, item.key,
                                   reason)
                self.skipped[item.key] = reason
        return out

    def _cases(self) -> list[Item]:
        """Every case item in insertion order."""
        return sorted(self._all(CASES), key=lambda i: (i.value.get("seq") or 0, i.created_at))

    def get_trajectory(self, trajectory_id: str) -> Trajectory | None:
        """The stored trajectory with this id, or None (also for a corrupt item, which is reported in :attr:`skipped`)."""
        item = self._get(CASES, trajectory_id)
        return None if item is None else self._parsed([item]).get(trajectory_id)

    def list_trajectories(self, limit: int = 20, offset: int = 0) -> list[Trajectory]:
        """Stored trajectories in insertion order (corrupt items skipped, see :attr:`skipped`)."""
        if limit < 0 or offset < 0:
            raise ValueError(f"limit and offset must be >= 0, got limit={limit}, offset={offset}")
        return list(self._parsed(self._cases()[offset:offset + limit]).values())

    def _get_many(self, ids: Sequence[str]) -> dict[str, Trajectory]:
        return self._parsed([i for i in (self._get(CASES, tid) for tid in ids) if i is not None])

    # ------------------------------------------------------------------ search

    def _current_index(self) -> Bm25Index:
        """The BM25 index, rebuilt if the change counter moved (in any process)."""
        with self._lock:
            counter = self.change_counter()
            if self._index is not None and self._index.counter == counter:
                return self._index
            items = self._cases()
            index = Bm25Index(counter, [i.key for i in items], [i.value["task_text"] for i in items],
                              [i.value.get("task_kind") for i in items])
            self._index = index
            return index

    def vector_collection(self) -> VectorCollection:
        """The cases' vectors (Chroma under ``vector_dir``, or memory)."""
        if self._vectors is None:
            where = str(self.file.resolve()) if self.file else self.name
            use = f"experience-{text_id(where)[:12]}"
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
                raise ExperienceStoreError(f"embeddings returned {len(vectors)} vectors for {len(missing)} documents")
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
                allowed = np.array([int((task_kind is None or index.kinds[i] == task_kind) and tid not in excluded)
                                    for i, tid in enumerate(index.ids)])
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

    def _read_tool(self, tool: str) -> tuple[int, list[Suggestion]]:
        """(revision, suggestions) of a tool; revision 0 when it has no experience yet."""
        item = self._get(TOOLS, tool)
        if item is None:
            return 0, []
        return int(item.value["revision"]), [Suggestion.model_validate(s) for s in item.value["suggestions"]]

    def _write_tool(self, tool: str, suggestions: Sequence[Suggestion]) -> None:
        """Replace a tool's suggestions (the caller holds the write lock)."""
        revision, _ = self._read_tool(tool)
        self.store.put(TOOLS, tool, _tool_value(revision + 1, suggestions), index=False)
        self._bump()

    def get_tool_experience(self, tool: str) -> ToolExperience | None:
        """The full experience record of a tool (suggestions with support), or None."""
        tool = self._tool_name(tool)
        revision, suggestions = self._read_tool(tool)
        return None if revision == 0 else ToolExperience(tool=tool, suggestions=suggestions)

    def get_experience(self, tool: str) -> list[str]:
        """The suggestion texts for a tool (or inner action Plan / Think / Finish), in order."""
        record = self.get_tool_experience(tool)
        return [] if record is None else record.texts()

    def list_tools(self) -> list[str]:
        """Names of the tools that have experience, sorted."""
        return sorted(i.key for i in self._all(TOOLS))

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
            raise ExperienceValidationError(f"{len(items)} suggestions for {tool!r}, more than max_items={limit}")
        with self._writing():
            self._write_tool(tool, items)
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
        runs under the write lock, so concurrent merges never lose an update.

        With ``merger(existing_texts, new_texts) -> merged_texts`` (e.g. a model call):
        it runs outside the lock; its output must be a list of at most
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
        new = clean_texts(list(new_suggestions) if not isinstance(new_suggestions, str) else new_suggestions,
                          what="new_suggestions")
        if merger is None:
            with self._writing():
                _revision, existing = self._read_tool(tool)
                if not new:
                    return [s.text for s in existing]
                merged = default_merge(existing, new, max_items=limit, threshold=self.threshold)
                self._write_tool(tool, merged)
            return [s.text for s in merged]

        for _attempt in range(self.merge_attempts):
            revision, existing = self._read_tool(tool)
            result = merger([s.text for s in existing], list(new))
            texts = validate_merger_output(result, limit)
            merged = adopt(existing, texts, threshold=self.threshold)
            with self._writing():
                current, _ = self._read_tool(tool)
                if current != revision:
                    continue  # someone wrote meanwhile: merge again against their list
                self._write_tool(tool, merged)
            return [s.text for s in merged]
        raise ConcurrentUpdateError(
            f"experience of {tool!r} changed during each of {self.merge_attempts} merger runs; not written"
        )

    def _unite(self, experiences: Sequence[ToolExperience]) -> int:
        """Unite imported suggestions with the stored ones (the caller holds the write lock); tools changed."""
        changed = 0
        for exp in experiences:
            _rev, existing = self._read_tool(exp.tool)
            limit = max(self.max_items, len(existing), len(exp.suggestions))
            merged = union_merge(existing, exp.suggestions, max_items=limit, threshold=self.threshold)
            if [s.model_dump() for s in merged] != [s.model_dump() for s in existing]:
                self._write_tool(exp.tool, merged)
                changed += 1
        return changed

    # ------------------------------------------------------------------ maintenance

    def stats(self) -> dict[str, Any]:
        """Counts, layout version, change counter and (SQLite) on-disk size (database + WAL)."""
        cases = self._all(CASES)
        tools = self._all(TOOLS)
        kinds: dict[str, int] = {}
        for item in cases:
            kind = item.value.get("task_kind") or ""
            kinds[kind] = kinds.get(kind, 0) + 1
        size = sum(p.stat().st_size for p in (self.file, self.file.with_name(self.file.name + "-wal"))
                   if p.exists()) if self.file else None
        return {
            "path": self.name,
            "schema_version": self.schema_version(),
            "change_counter": self.change_counter(),
            "trajectories": len(cases),
            "trajectories_by_kind": dict(sorted(kinds.items())),
            "tools": len(tools),
            "suggestions": sum(len(i.value.get("suggestions") or []) for i in tools),
            "file_bytes": size,
        }

    def clear(self, kind: ClearKind | None = None) -> dict[str, int]:
        """Delete trajectories, tool experience, or (``kind=None``) both; return counts deleted."""
        if kind not in (None, "trajectories", "experience"):
            raise ValueError(f"kind must be None, 'trajectories' or 'experience', got {kind!r}")
        deleted = {"trajectories": 0, "tools": 0}
        with self._writing():
            for what, namespace in (("trajectories", CASES), ("experience", TOOLS)):
                if kind in (None, what):
                    items = self._all(namespace)
                    for item in items:
                        self.store.delete(namespace, item.key)
                    deleted["trajectories" if namespace == CASES else "tools"] = len(items)
            if any(deleted.values()):
                self._bump()
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
        with self._writing():  # one consistent view: no writer of this store meanwhile
            trajectories = list(self._parsed(self._cases()).values())
            experiences = [ToolExperience(tool=t, suggestions=self._read_tool(t)[1]) for t in self.list_tools()]
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("w", encoding="utf-8") as fh:
                header = {"format": EXPORT_FORMAT, "schema_version": SCHEMA_VERSION, "exported_at": _iso(utcnow()),
                          "trajectories": len(trajectories), "tools": len(experiences)}
                fh.write(json.dumps(header) + "\n")
                for t in trajectories:
                    fh.write('{"kind": "trajectory", "record": ' + t.model_dump_json() + "}\n")
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

        The whole file is validated before anything is written. Trajectories already present (same id or same
        source + case id) are skipped; suggestions are united with the stored ones, near-duplicates keeping the
        larger support.
        """
        trajectories, experiences = self._read_export(Path(path).expanduser())
        report = {"trajectories_added": 0, "trajectories_skipped": 0, "tools_updated": 0}
        with self._writing():
            for t in trajectories:
                _tid, inserted = self._insert(t)
                report["trajectories_added" if inserted else "trajectories_skipped"] += 1
            report["tools_updated"] = self._unite(experiences)
            if report["trajectories_added"]:
                self._bump()
        return report


def experience_of(store: Any) -> Any:
    """The experience store over ``store``: a LangGraph ``BaseStore`` (e.g. ``build_graph(store=...)``'s) is
    wrapped, an :class:`ExperienceStore` or None is returned as it is."""
    return ExperienceStore(store=store) if isinstance(store, BaseStore) else store
