"""Tests of the persistent experience store (memory/experience*.py) and its CLI helpers."""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing as mp
import sqlite3
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from medmirror.memory.experience import (
    CASES,
    LAYOUT_VERSION,
    META,
    SCHEMA_V1,
    SCHEMA_VERSION,
    TOOLS,
    ExperienceStore,
    resolve_store_file,
)
from medmirror.memory.experience_cli import add_memory_parser
from medmirror.memory.experience_merge import bound, near_duplicate
from medmirror.memory.experience_models import (
    ConcurrentUpdateError,
    ExperienceStoreError,
    ExperienceValidationError,
    Provenance,
    SchemaVersionError,
    Step,
    Suggestion,
    Trajectory,
)

# Hand-written tasks, one per kind; the queries below paraphrase them.
TASKS = {
    "bmi": "A 52 year old man weighs 94 kg and is 1.80 m tall. What is his body mass index (BMI)?",
    "cha2ds2vasc": "Patient with atrial fibrillation, hypertension and diabetes, age 71. "
    "Compute the CHA2DS2-VASc stroke risk score.",
    "crcl": "Estimate creatinine clearance by Cockcroft-Gault for a 60 kg woman aged 80 "
    "with serum creatinine 1.4 mg/dL.",
    "meld_na": "Cirrhosis patient: bilirubin 3.1 mg/dL, INR 1.8, creatinine 1.2, sodium 128. "
    "What is the MELD Na score?",
    "wells_pe": "Suspected pulmonary embolism with heart rate 110 and previous DVT. "
    "Calculate the Wells score for PE.",
}


def make_trajectory(kind: str, text: str, case_id: str | None = None, source: str = "handwritten") -> Trajectory:
    return Trajectory(
        task_text=text,
        task_kind=kind,
        inputs_summary=f"inputs of {kind}",
        steps=[
            Step(action="Plan", arguments={"subtasks": [kind]}, observation="plan ok"),
            Step(action=kind, arguments={"x": 1.5, "unit": "mg/dL"}, observation={"value": 3.0}),
            Step(action="Finish", arguments={"answer": 3.0}),
        ],
        final_answer=3.0,
        score=9.0,
        provenance=Provenance(source=source, case_id=case_id, preset="full", model="scripted"),
    )


@pytest.fixture()
def store(tmp_path: Path) -> ExperienceStore:
    with ExperienceStore(tmp_path / "data") as s:
        yield s


@pytest.fixture()
def filled(store: ExperienceStore) -> dict[str, str]:
    return {kind: store.add_trajectory(make_trajectory(kind, text, case_id=kind)) for kind, text in TASKS.items()}


# ---------------------------------------------------------------- basics


def test_directory_path_holds_one_wal_sqlite_file_of_langgraphs_store(tmp_path: Path) -> None:
    ExperienceStore(tmp_path / "user-data").close()
    file = tmp_path / "user-data" / "experience.sqlite3"
    assert resolve_store_file(tmp_path / "user-data") == file
    assert resolve_store_file(tmp_path / "x.db") == tmp_path / "x.db"
    assert file.exists()
    with sqlite3.connect(file) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        meta = {r[0]: json.loads(r[1]) for r in conn.execute("SELECT key, value FROM store WHERE prefix = ?",
                                                              (".".join(META),))}
    conn.close()
    assert "store" in tables and "meta" not in tables  # LangGraph's SqliteStore tables, none of our own
    assert meta["layout"]["version"] == LAYOUT_VERSION and meta["counter"] == {"n": 0}


def test_a_given_langgraph_store_holds_the_records_in_their_namespaces() -> None:
    from langgraph.store.memory import InMemoryStore

    backend = InMemoryStore()
    s = ExperienceStore(store=backend)
    tid = s.add_trajectory(make_trajectory("bmi", TASKS["bmi"], case_id="7"))
    s.merge_experience("bmi", ["Height in metres"])
    assert backend.get(CASES, tid).value["trajectory"]["task_text"] == TASKS["bmi"]
    assert [x["text"] for x in backend.get(TOOLS, "bmi").value["suggestions"]] == ["Height in metres"]
    assert s.search_similar("body mass index of a man")[0][0].id == tid
    assert ExperienceStore(store=backend).get_experience("bmi") == ["Height in metres"]  # a second view sees it


def test_trajectory_round_trip_and_listing(tmp_path: Path) -> None:
    original = make_trajectory("bmi", TASKS["bmi"], case_id="c1")
    with ExperienceStore(tmp_path) as s:
        tid = s.add_trajectory(original)
        s.add_trajectory(make_trajectory("crcl", TASKS["crcl"], case_id="c2"))
        s.add_trajectory(make_trajectory("wells_pe", TASKS["wells_pe"], case_id="c3"))
    with ExperienceStore(tmp_path) as s:  # persisted: a new instance reads it back
        got = s.get_trajectory(tid)
        assert got == original.model_copy(update={"id": tid})
        assert got.steps[1].observation == {"value": 3.0}
        assert got.provenance.created_at == original.provenance.created_at
        assert s.get_trajectory("no-such-id") is None
        assert [t.task_kind for t in s.list_trajectories()] == ["bmi", "crcl", "wells_pe"]
        assert [t.task_kind for t in s.list_trajectories(limit=1, offset=1)] == ["crcl"]
        assert s.list_trajectories(limit=5, offset=3) == []
        with pytest.raises(ValueError):
            s.list_trajectories(limit=-1)


def test_invalid_records_are_rejected() -> None:
    with pytest.raises(ValueError, match="task_text"):
        Trajectory(task_text="   ")
    with pytest.raises(ValueError, match="action"):
        Step(action="")
    with pytest.raises(ValueError):
        Suggestion(text="x", support=0)


def test_add_is_idempotent_on_source_and_case_id(store: ExperienceStore) -> None:
    first = store.add_trajectory(make_trajectory("bmi", TASKS["bmi"], case_id="7", source="medcalc"))
    counter = store.change_counter()
    again = store.add_trajectory(make_trajectory("bmi", "a different solution text", case_id="7", source="medcalc"))
    assert again == first
    assert store.change_counter() == counter  # nothing written, search index stays valid
    assert store.get_trajectory(first).task_text == TASKS["bmi"]  # first kept
    other_source = store.add_trajectory(make_trajectory("bmi", TASKS["bmi"], case_id="7", source="other"))
    assert other_source != first
    # Without a case id there is no natural key: each add is a new record ...
    a = store.add_trajectory(make_trajectory("bmi", TASKS["bmi"]))
    b = store.add_trajectory(make_trajectory("bmi", TASKS["bmi"]))
    assert a != b
    # ... unless the caller re-adds a record with the same id.
    assert store.add_trajectory(store.get_trajectory(a)) == a
    assert store.stats()["trajectories"] == 4


# ---------------------------------------------------------------- search


@pytest.mark.parametrize(
    "query, expected",
    [
        ("What is the BMI of a woman weighing 70 kg with height 1.62 m?", "bmi"),
        ("CHA2DS2-VASc score for a 66 year old with atrial fibrillation and heart failure", "cha2ds2vasc"),
        ("Cockcroft-Gault creatinine clearance, 75 kg man, creatinine 0.9", "crcl"),
        ("MELD Na for cirrhosis with sodium 131 and bilirubin 2", "meld_na"),
        ("Wells criteria for pulmonary embolism in a tachycardic patient", "wells_pe"),
    ],
)
def test_bm25_ranks_the_similar_case_first(
    store: ExperienceStore, filled: dict[str, str], query: str, expected: str
) -> None:
    results = store.search_similar(query, k=3)
    assert results, query
    assert results[0][0].id == filled[expected]
    scores = [score for _, score in results]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0


def test_search_filters_and_no_match(store: ExperienceStore, filled: dict[str, str]) -> None:
    query = "creatinine clearance Cockcroft-Gault"
    assert store.search_similar(query, k=2, exclude_ids=[filled["crcl"]])[0][0].id != filled["crcl"]
    only_meld = store.search_similar(query, k=5, task_kind="meld_na")
    assert [t.id for t, _ in only_meld] == [filled["meld_na"]]  # shares "creatinine"
    assert store.search_similar("zebra xylophone", k=3) == []
    assert store.search_similar("", k=3) == []
    assert len(store.search_similar("score", k=2)) == 2


def test_search_index_follows_writes_by_other_instances(tmp_path: Path) -> None:
    a = ExperienceStore(tmp_path)
    b = ExperienceStore(tmp_path)  # stands in for another process: separate connection and index
    a.add_trajectory(make_trajectory("bmi", TASKS["bmi"], case_id="1"))
    assert a.search_similar("pulmonary embolism Wells", k=1) == []  # index built now
    new_id = b.add_trajectory(make_trajectory("wells_pe", TASKS["wells_pe"], case_id="2"))
    assert a.search_similar("pulmonary embolism Wells", k=1)[0][0].id == new_id
    b.clear("trajectories")
    assert a.search_similar("pulmonary embolism Wells", k=1) == []
    a.close(), b.close()


class KeywordEmbeddings:
    """Toy embeddings: one dimension per concept, synonyms share a dimension."""

    CONCEPTS = [("bmi", "body mass", "obesity"), ("embolism", "clot", "dvt"), ("creatinine", "kidney", "renal")]

    def __init__(self) -> None:
        self.documents_embedded = 0

    def _vec(self, text: str) -> list[float]:
        low = text.lower()
        return [float(sum(low.count(w) for w in words)) for words in self.CONCEPTS] + [0.01]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.documents_embedded += len(texts)
        return [self._vec(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vec(text)


def test_dense_fusion_hook(tmp_path: Path) -> None:
    emb = KeywordEmbeddings()
    with ExperienceStore(tmp_path, embeddings=emb) as s:
        ids = {k: s.add_trajectory(make_trajectory(k, t, case_id=k)) for k, t in TASKS.items()}
        # No term in common with any task text, so BM25 alone finds nothing ...
        assert ExperienceStore(tmp_path).search_similar("obesity assessment", k=3) == []
        # ... the dense ranking does, and fusion returns it with a reciprocal-rank score.
        results = s.search_similar("obesity assessment", k=3)
        assert results[0][0].id == ids["bmi"]
        assert results[0][1] == pytest.approx(1 / 61)
        # Found by both rankings, the crcl case gets 1/61 + 1/61.
        results = s.search_similar("renal creatinine clearance", k=2)
        assert results[0][0].id == ids["crcl"]
        assert results[0][1] == pytest.approx(2 / 61)
        assert emb.documents_embedded == len(TASKS)  # document vectors are cached
    with pytest.raises(TypeError):
        ExperienceStore(tmp_path, embeddings=object())


# ---------------------------------------------------------------- tool experience


def test_near_duplicate_rules() -> None:
    assert near_duplicate("Convert height to metres before calling.", "convert the height to metres before calling")
    assert not near_duplicate("Use 70 kg when weight is missing in adults", "Use 80 kg when weight is missing in adults")
    assert not near_duplicate("Round the result to one decimal", "Do not round the result to one decimal")
    assert not near_duplicate("Check the creatinine unit", "Check the sodium unit")


def test_merge_dedups_by_increasing_support(store: ExperienceStore) -> None:
    store.set_experience("cockcroft_gault", ["Use actual body weight unless told otherwise"])
    texts = store.merge_experience(
        "cockcroft_gault",
        [
            "use actual body weight, unless told otherwise",  # near-identical
            "Convert serum creatinine from umol/L to mg/dL first",
            "Convert serum creatinine from umol/L to mg/dL first!",  # duplicate within the batch
        ],
    )
    assert texts == ["Use actual body weight unless told otherwise", "Convert serum creatinine from umol/L to mg/dL first"]
    record = store.get_tool_experience("cockcroft_gault")
    assert [s.support for s in record.suggestions] == [2, 2]
    assert store.get_experience("cockcroft_gault") == texts
    assert store.get_experience("unknown_tool") == []
    assert store.get_tool_experience("unknown_tool") is None
    # Inner actions carry experience like tools.
    store.merge_experience("Finish", ["Answer with the number only"])
    assert store.list_tools() == ["Finish", "cockcroft_gault"]
    with pytest.raises(ExperienceValidationError):
        store.merge_experience("Finish", ["ok", "   "])
    with pytest.raises(ExperienceValidationError):
        store.merge_experience(" ", ["a tip"])


def test_merge_keeps_list_bounded_dropping_lowest_support_oldest_first(store: ExperienceStore) -> None:
    store.merge_experience("t", ["alpha advice"], max_items=3)
    store.merge_experience("t", ["bravo advice"], max_items=3)
    store.merge_experience("t", ["charlie advice", "alpha advice"], max_items=3)  # alpha support 2
    # Full (3 items). Adding delta forces a drop among support-1 items: bravo is the oldest.
    assert store.merge_experience("t", ["delta advice"], max_items=3) == ["alpha advice", "charlie advice", "delta advice"]
    assert store.merge_experience("t", ["echo advice"], max_items=3) == ["alpha advice", "delta advice", "echo advice"]
    assert [s.support for s in store.get_tool_experience("t").suggestions] == [2, 1, 1]
    assert len(store.merge_experience("t", ["foxtrot advice", "golf advice", "hotel advice"], max_items=3)) == 3
    assert "alpha advice" in store.get_experience("t")  # highest support survives


def test_bound_uses_timestamps_then_position() -> None:
    t0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
    items = [
        Suggestion(text="new low", support=1, created_at=t0 + timedelta(days=2)),
        Suggestion(text="old low", support=1, created_at=t0),
        Suggestion(text="high", support=5, created_at=t0 + timedelta(days=9)),
    ]
    assert [s.text for s in bound(items, 2)] == ["new low", "high"]
    assert [s.text for s in bound(items, 1)] == ["high"]
    with pytest.raises(ExperienceValidationError):
        bound(items, 0)


def test_set_experience_validates(store: ExperienceStore) -> None:
    assert store.set_experience("bmi", ["Weight in kg", "Height in metres"]) == ["Weight in kg", "Height in metres"]
    for bad in (["ok", ""], ["x" * 501], "a single string", ["ok", 3]):
        with pytest.raises(ExperienceValidationError):
            store.set_experience("bmi", bad)  # type: ignore[arg-type]
    with pytest.raises(ExperienceValidationError):
        store.set_experience("bmi", [f"tip about item {w}" for w in "abcdefghijklmnop"], max_items=4)
    assert store.get_experience("bmi") == ["Weight in kg", "Height in metres"]


@pytest.mark.parametrize(
    "bad_output",
    [
        ["fine", ""],  # empty string
        ["fine", None],  # not a string
        "fine",  # not a list
        {"fine": 1},  # not a list
        [f"distinct tip {w}" for w in "abcdef"],  # more than max_items=5
        ["y" * 600],  # too long
    ],
)
def test_merger_validation_failure_leaves_store_unchanged(store: ExperienceStore, bad_output: object) -> None:
    store.merge_experience("meld_na", ["Cap creatinine at 4.0 mg/dL", "Use sodium bounded to 125-137"])
    store.merge_experience("meld_na", ["cap creatinine at 4.0 mg/dL"])
    before = store.get_tool_experience("meld_na")
    counter = store.change_counter()
    with pytest.raises(ExperienceValidationError):
        store.merge_experience("meld_na", ["new tip"], merger=lambda existing, new: bad_output, max_items=5)
    assert store.get_tool_experience("meld_na") == before
    assert store.change_counter() == counter


def test_merger_output_is_written_and_keeps_support(store: ExperienceStore) -> None:
    store.merge_experience("meld_na", ["Cap creatinine at 4.0 mg/dL"])
    store.merge_experience("meld_na", ["cap creatinine at 4.0 mg/dL"])  # support 2
    calls = []

    def merger(existing: list[str], new: list[str]) -> list[str]:
        calls.append((existing, new))
        return ["Cap the creatinine at 4.0 mg/dL", "Dialysis twice in a week sets creatinine to 4.0"]

    out = store.merge_experience("meld_na", ["dialysis twice a week: creatinine 4.0"], merger=merger)
    assert calls == [(["Cap creatinine at 4.0 mg/dL"], ["dialysis twice a week: creatinine 4.0"])]
    assert out == store.get_experience("meld_na")
    assert [s.support for s in store.get_tool_experience("meld_na").suggestions] == [2, 1]
    # A merger that raises writes nothing either.
    with pytest.raises(RuntimeError):
        store.merge_experience("meld_na", ["x tip"], merger=lambda e, n: (_ for _ in ()).throw(RuntimeError("model down")))
    assert store.get_experience("meld_na") == out


def test_slow_merger_is_rerun_when_another_writer_changed_the_tool(tmp_path: Path) -> None:
    s = ExperienceStore(tmp_path)
    other = ExperienceStore(tmp_path)
    runs = []

    def merger(existing: list[str], new: list[str]) -> list[str]:
        runs.append(list(existing))
        if len(runs) == 1:  # while "the model thinks", another process merges
            other.merge_experience("sofa", ["Use the worst value in 24 hours"])
        return existing + new

    assert s.merge_experience("sofa", ["PaO2/FiO2 in mmHg"], merger=merger) == [
        "Use the worst value in 24 hours",
        "PaO2/FiO2 in mmHg",
    ]
    assert runs == [[], ["Use the worst value in 24 hours"]]

    def always_conflicting(existing: list[str], new: list[str]) -> list[str]:
        other.merge_experience("sofa", [f"interfering tip {len(existing)} {len(runs)}"])
        runs.append(1)
        return existing + new

    with pytest.raises(ConcurrentUpdateError):
        s.merge_experience("sofa", ["never written"], merger=always_conflicting, max_items=50)
    assert "never written" not in s.get_experience("sofa")
    s.close(), other.close()


def test_threads_sharing_one_store(store: ExperienceStore) -> None:
    def work(n: int) -> None:
        for i in range(10):
            store.merge_experience("gcs", ["Score the best motor response"], max_items=50)
            store.add_trajectory(make_trajectory("gcs", f"thread {n} case {i}", case_id=f"{n}-{i}"))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.get_tool_experience("gcs").suggestions[0].support == 40
    assert store.stats()["trajectories"] == 40


# ---------------------------------------------------------------- export / import / clear / stats


def test_export_import_round_trip_into_fresh_store(tmp_path: Path, store: ExperienceStore, filled: dict[str, str]) -> None:
    store.merge_experience("bmi", ["Height in metres", "Weight in kg"])
    store.merge_experience("bmi", ["height in metres"])
    store.merge_experience("Plan", ["One subtask per calculator"])
    dump = tmp_path / "out" / "experience.jsonl"
    assert store.export(dump) == {"trajectories": len(TASKS), "tools": 2}
    header = json.loads(dump.read_text().splitlines()[0])
    assert header["format"] == "medmirror-experience" and header["schema_version"] == SCHEMA_VERSION

    fresh = ExperienceStore(tmp_path / "fresh")
    assert fresh.import_(dump) == {"trajectories_added": len(TASKS), "trajectories_skipped": 0, "tools_updated": 2}
    assert fresh.list_trajectories(limit=100) == store.list_trajectories(limit=100)
    for tool in ("bmi", "Plan"):
        assert fresh.get_tool_experience(tool) == store.get_tool_experience(tool)
    assert fresh.search_similar(TASKS["crcl"], k=1)[0][0].id == filled["crcl"]
    counter = fresh.change_counter()
    assert fresh.import_(dump) == {"trajectories_added": 0, "trajectories_skipped": len(TASKS), "tools_updated": 0}
    assert fresh.change_counter() == counter
    assert fresh.get_tool_experience("bmi") == store.get_tool_experience("bmi")
    fresh.close()


def test_import_rejects_bad_files_without_writing(tmp_path: Path, store: ExperienceStore) -> None:
    good = make_trajectory("bmi", TASKS["bmi"], case_id="1").model_dump(mode="json")
    header = {"format": "medmirror-experience", "schema_version": SCHEMA_VERSION}
    cases = {
        "no_header.jsonl": [json.dumps({"kind": "trajectory", "record": good})],
        "newer.jsonl": [json.dumps({**header, "schema_version": SCHEMA_VERSION + 1})],
        "bad_line.jsonl": [json.dumps(header), json.dumps({"kind": "trajectory", "record": good}), "{not json"],
        "bad_record.jsonl": [json.dumps(header), json.dumps({"kind": "trajectory", "record": {"task_text": ""}})],
        "bad_kind.jsonl": [json.dumps(header), json.dumps({"kind": "weights", "record": {}})],
        "empty.jsonl": [],
    }
    for name, lines in cases.items():
        path = tmp_path / name
        path.write_text("\n".join(lines))
        with pytest.raises(ExperienceStoreError):
            store.import_(path)
    assert store.stats()["trajectories"] == 0
    with pytest.raises(SchemaVersionError):
        store.import_(tmp_path / "newer.jsonl")


def test_clear_and_stats(store: ExperienceStore, filled: dict[str, str]) -> None:
    store.merge_experience("bmi", ["Height in metres"])
    stats = store.stats()
    assert stats["trajectories"] == len(TASKS) and stats["tools"] == 1 and stats["suggestions"] == 1
    assert stats["trajectories_by_kind"]["bmi"] == 1
    assert stats["file_bytes"] > 0 and stats["schema_version"] == LAYOUT_VERSION
    assert store.clear("experience") == {"trajectories": 0, "tools": 1}
    assert store.stats()["trajectories"] == len(TASKS)
    assert store.clear() == {"trajectories": len(TASKS), "tools": 0}
    assert store.stats()["trajectories"] == 0 and store.search_similar(TASKS["bmi"]) == []
    with pytest.raises(ValueError):
        store.clear("everything")  # type: ignore[arg-type]


# ---------------------------------------------------------------- schema versions


def test_older_schema_is_migrated(tmp_path: Path) -> None:
    file = tmp_path / "old.sqlite3"
    old = make_trajectory("bmi", TASKS["bmi"], case_id="9").model_copy(update={"id": "old-1"})
    with sqlite3.connect(file) as conn:
        conn.executescript(SCHEMA_V1)
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [("schema_version", "1"), ("change_counter", "4")])
        conn.execute(
            "INSERT INTO trajectories (id, dedup_key, task_text, task_kind, score, created_at, data)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            ("old-1", old.provenance.dedup_key(), old.task_text, "bmi", 9.0, "2024-01-01T00:00:00+00:00", old.model_dump_json()),
        )
        conn.execute(
            "INSERT INTO tool_experience VALUES (?, ?, ?)",
            ("bmi", json.dumps(["Height in metres", "Weight in kg"]), "2024-01-01T00:00:00+00:00"),
        )
    conn.close()
    with ExperienceStore(file) as s:
        assert s.schema_version() == LAYOUT_VERSION
        assert s.get_trajectory("old-1") == old
        record = s.get_tool_experience("bmi")
        assert record.texts() == ["Height in metres", "Weight in kg"]
        assert [x.support for x in record.suggestions] == [1, 1]
        assert record.suggestions[0].created_at == datetime(2024, 1, 1, tzinfo=timezone.utc)
        assert s.change_counter() > 0
        assert s.add_trajectory(make_trajectory("bmi", "x", case_id="9")) == "old-1"  # key survived
        s.merge_experience("bmi", ["height in metres"])
        assert s.get_tool_experience("bmi").suggestions[0].support == 2


def test_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    file = tmp_path / "new.sqlite3"  # the earlier layout's tables, from a newer MedMirror
    with sqlite3.connect(file) as conn:
        conn.executescript(SCHEMA_V1)
        conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION + 1),))
    conn.close()
    with pytest.raises(SchemaVersionError, match=f"schema version {SCHEMA_VERSION + 1}.*newer"):
        ExperienceStore(file)
    with sqlite3.connect(file) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(SCHEMA_VERSION + 1)
        assert "store" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    newer = tmp_path / "newer-layout.sqlite3"  # the store's own layout, from a newer MedMirror
    ExperienceStore(newer).store.put(META, "layout", {"version": LAYOUT_VERSION + 1})
    with pytest.raises(SchemaVersionError, match=f"layout version {LAYOUT_VERSION + 1}, newer"):
        ExperienceStore(newer)


def test_foreign_files_are_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE patients (id INTEGER)")
    conn.close()
    with pytest.raises(ExperienceStoreError, match="not a MedMirror experience store"):
        ExperienceStore(other)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database, just text " * 100)
    with pytest.raises(ExperienceStoreError, match="junk.sqlite3"):
        ExperienceStore(junk)


# ---------------------------------------------------------------- two processes

WORKER_TIPS = ["apples", "pears", "plums", "grapes", "melons"]
SHARED_TIP = "Always check the unit of serum creatinine"


def _worker(path: str, name: str, n: int, barrier: mp.synchronize.Barrier) -> None:
    store = ExperienceStore(path)  # each process opens its own store (racing on creation)
    barrier.wait()
    for i in range(n):
        store.add_trajectory(
            make_trajectory("crcl", f"{name} case {i}: creatinine clearance", case_id=str(i), source=name)
        )
        store.merge_experience(
            "cockcroft_gault", [SHARED_TIP, f"worker {name} tip {WORKER_TIPS[i % 5]}"], max_items=50
        )
    store.close()


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    ctx = mp.get_context("fork")
    path = str(tmp_path / "shared")
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_worker, args=(path, name, 50, barrier)) for name in ("alpha", "beta")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    with ExperienceStore(path) as s:
        trajectories = s.list_trajectories(limit=1000)
        assert len(trajectories) == 100
        assert {(t.provenance.source, t.provenance.case_id) for t in trajectories} == {
            (name, str(i)) for name in ("alpha", "beta") for i in range(50)
        }
        support = {x.text: x.support for x in s.get_tool_experience("cockcroft_gault").suggestions}
        expected = {SHARED_TIP: 100} | {f"worker {n} tip {w}": 10 for n in ("alpha", "beta") for w in WORKER_TIPS}
        assert support == expected
        assert s.search_similar("beta case 7: creatinine clearance", k=1)[0][0].provenance.source == "beta"


# ---------------------------------------------------------------- CLI helpers


def _cli(argv: list[str], default_store: str | None = None) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="medmirror")
    add_memory_parser(parser.add_subparsers(dest="command"), default_store=default_store)
    args = parser.parse_args(argv)
    out, err = io.StringIO(), io.StringIO()
    code = args.func(args, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_list_show_export_import_clear(tmp_path: Path, store: ExperienceStore, filled: dict[str, str]) -> None:
    store.merge_experience("bmi", ["Height in metres"])
    path = str(store.file.parent)

    code, out, _ = _cli(["memory", "--store", path, "list"])
    assert code == 0
    assert filled["bmi"] in out and f"(5 of {len(TASKS)} trajectories" in out
    code, out, _ = _cli(["memory", "list", "--store", path, "--limit", "2", "--json"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["task_kind"] for r in rows] == ["bmi", "cha2ds2vasc"]
    code, out, _ = _cli(["memory", "list", "--tools"], default_store=path)
    assert code == 0 and out.startswith("bmi\t1 suggestion(s)\tHeight in metres")

    code, out, _ = _cli(["memory", "show", filled["crcl"], "--store", path])
    assert code == 0 and json.loads(out)["task_kind"] == "crcl"
    code, out, _ = _cli(["memory", "show", "bmi", "--tool", "--store", path])
    assert code == 0 and json.loads(out)["suggestions"][0]["text"] == "Height in metres"
    code, _, err = _cli(["memory", "show", "nothing", "--store", path])
    assert code == 1 and "nothing" in err

    dump = tmp_path / "dump.jsonl"
    code, out, _ = _cli(["memory", "export", str(dump), "--store", path])
    assert code == 0 and "exported 5 trajectories and 1 tools" in out
    fresh = str(tmp_path / "fresh")
    code, out, _ = _cli(["memory", "import", str(dump), "--store", fresh])
    assert code == 0 and "imported 5 trajectories (0 already present)" in out
    assert ExperienceStore(fresh).stats()["trajectories"] == len(TASKS)

    code, _, err = _cli(["memory", "clear", "--store", fresh])
    assert code == 1 and "--yes" in err
    assert ExperienceStore(fresh).stats()["trajectories"] == len(TASKS)
    code, out, _ = _cli(["memory", "clear", "--kind", "trajectories", "--yes", "--store", fresh])
    assert code == 0 and "deleted 5 trajectories and 0 tools" in out
    assert ExperienceStore(fresh).stats()["trajectories"] == 0
    assert ExperienceStore(fresh).get_experience("bmi") == ["Height in metres"]


def test_cli_errors(tmp_path: Path) -> None:
    code, _, err = _cli(["memory", "list"])
    assert code == 2 and "--store" in err
    missing = str(tmp_path / "nowhere")
    code, _, err = _cli(["memory", "list", "--store", missing])
    assert code == 1 and "no experience store" in err
    assert not Path(missing).exists()  # listing does not create a store
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    code, _, err = _cli(["memory", "import", str(bad), "--store", str(tmp_path / "s")])
    assert code == 1 and "version line" in err
    with pytest.raises(SystemExit):
        _cli(["memory"])  # a sub-command is required


@pytest.mark.parametrize("text,ok", [
    ("Copy the weight in kg exactly as the note gives it.", True),
    ("Use the creatinine at admission, not the discharge value.", True),
    ("1.5", False),
    ("2.0 },", False),
    ("3.0 }} 4.0 ]] 5.0", False),
    ("", False),
    ("Right attempt (C2): plan bmi, answer 22.86, status answered", False),
    ("Question: What is the patient's BMI? Correct answer: 22.9", False),
])
def test_usable_suggestion(text, ok):
    from medmirror.memory.experience_merge import usable_suggestion

    assert usable_suggestion(text) is ok


def test_cli_export_to_stdout_and_import_from_stdin(tmp_path: Path, store: ExperienceStore,
                                                    filled: dict[str, str]) -> None:
    store.merge_experience("bmi", ["Height in metres"])
    code, out, err = _cli(["memory", "--store", str(store.file.parent), "export", "-"])
    assert code == 0 and f"exported {len(TASKS)} trajectories and 1 tools" in err
    assert not (Path.cwd() / "-").exists()  # not a file named '-'
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == 1 + len(TASKS) + 1  # version line, trajectories, one tool

    parser = argparse.ArgumentParser(prog="medmirror")
    add_memory_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["memory", "--store", str(tmp_path / "copy"), "import", "-"])
    sink = io.StringIO()
    assert args.func(args, out=sink, err=io.StringIO(), inp=io.StringIO(out)) == 0
    assert f"imported {len(TASKS)} trajectories" in sink.getvalue()
    assert ExperienceStore(tmp_path / "copy").get_experience("bmi") == ["Height in metres"]
