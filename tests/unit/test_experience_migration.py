"""The experience store's migration from MedMirror's own SQLite tables (layout 1 and 2) into LangGraph's store
(issue 32, item 5): every trajectory and every suggestion survives with its id, support and timestamps; the old
tables are kept; opening again or ``medmirror memory migrate`` changes nothing."""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from medmirror.memory.experience import ExperienceStore
from medmirror.memory.experience_cli import run_memory_command
from medmirror.memory.experience_models import Provenance, Step, Trajectory
from medmirror.memory.experience_schema import SCHEMA_V1, SCHEMA_V2

T0 = "2024-03-01T08:00:00+00:00"
T1 = "2024-05-02T09:30:00+00:00"


def old_cases() -> list[Trajectory]:
    """Three cases as the earlier layout stored them: two with a case id, one without."""
    return [
        Trajectory(id="case-a", task_text="What is the BMI of a 94 kg man, 1.80 m tall?", task_kind="bmi",
                   steps=[Step(action="bmi", arguments={"weight": 94, "height": 180}, observation={"value": 29.0})],
                   final_answer=29.01, score=9.0,
                   provenance=Provenance(source="medcalc", case_id="12", created_at=datetime.fromisoformat(T0))),
        Trajectory(id="case-b", task_text="Creatinine clearance by Cockcroft-Gault, 60 kg woman aged 80",
                   task_kind="creatinine_clearance", steps=[Step(action="Plan", arguments={"subtasks": ["crcl"]})],
                   final_answer="31.2", score=8.0,
                   provenance=Provenance(source="medcalc", case_id="40", created_at=datetime.fromisoformat(T1))),
        Trajectory(id="case-c", task_text="Wells score for PE with heart rate 110", task_kind=None,
                   provenance=Provenance(created_at=datetime.fromisoformat(T1))),
    ]


SUGGESTIONS = {  # tool -> (text, support, created, updated) in stored order
    "bmi": [("Height in metres, not centimetres", 3, T0, T1), ("Weight in kg", 1, T1, T1)],
    "Plan": [("Bind the calculator the question names", 2, T0, T0)],
}


def write_v2(file: Path, cases: list[Trajectory]) -> None:
    with sqlite3.connect(file) as conn:
        conn.executescript(SCHEMA_V2)
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [("schema_version", "2"), ("change_counter", "9")])
        for t in cases:
            conn.execute("INSERT INTO trajectories (id, dedup_key, task_text, task_kind, score, created_at, data)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (t.id, t.provenance.dedup_key(), t.task_text, t.task_kind, t.score,
                          t.provenance.created_at.isoformat(), t.model_dump_json()))
        for tool, rows in SUGGESTIONS.items():
            conn.execute("INSERT INTO tool_experience VALUES (?, 4, ?)", (tool, T1))
            conn.executemany("INSERT INTO suggestions VALUES (?, ?, ?, ?, ?, ?)",
                             [(tool, i, *row) for i, row in enumerate(rows)])
    conn.close()


def records(store: ExperienceStore) -> tuple[list[dict], dict[str, list[dict]]]:
    cases = [t.model_dump(mode="json") for t in store.list_trajectories(limit=100)]
    tools = {tool: [s.model_dump(mode="json") for s in store.get_tool_experience(tool).suggestions]
             for tool in store.list_tools()}
    return cases, tools


def expected_tools() -> dict[str, list[dict]]:
    return {tool: [{"text": text, "support": n, "created_at": c.replace("+00:00", "Z"),
                    "updated_at": u.replace("+00:00", "Z")} for text, n, c, u in rows]
            for tool, rows in sorted(SUGGESTIONS.items())}


def test_every_record_of_a_v2_store_is_migrated_on_first_open(tmp_path: Path) -> None:
    file = tmp_path / "experience.sqlite3"
    write_v2(file, old_cases())
    with ExperienceStore(tmp_path) as store:
        assert store.migrated == {"trajectories_added": 3, "trajectories_skipped": 0, "tools_updated": 2}
        cases, tools = records(store)
    assert cases == [t.model_dump(mode="json") for t in old_cases()]  # every field, in insertion order
    assert tools == expected_tools()  # texts, support and both timestamps
    with sqlite3.connect(file) as conn:  # the old tables are kept, marked migrated
        assert conn.execute("SELECT COUNT(*) FROM trajectories").fetchone()[0] == 3
        marker = json.loads(conn.execute("SELECT value FROM meta WHERE key = 'migrated_to_store'").fetchone()[0])
    conn.close()
    assert marker["trajectories_added"] == 3


def test_the_migration_is_idempotent_and_keeps_the_de_duplication(tmp_path: Path) -> None:
    write_v2(tmp_path / "experience.sqlite3", old_cases())
    with ExperienceStore(tmp_path) as store:
        before = (records(store), store.change_counter())
    with ExperienceStore(tmp_path) as store:  # a second open does not run it again
        assert store.migrated is None
        assert store.migrate() == {"trajectories_added": 0, "trajectories_skipped": 3, "tools_updated": 0}
        assert (records(store), store.change_counter()) == before
        # the same source and case id is still the stored case
        again = old_cases()[0].model_copy(update={"id": None, "task_text": "another text"})
        assert store.add_trajectory(again) == "case-a"
        assert store.search_similar("BMI of a man 1.80 m tall")[0][0].id == "case-a"  # BM25 over the migrated


def test_a_v1_store_is_migrated_too(tmp_path: Path) -> None:
    file = tmp_path / "old.sqlite3"
    case = old_cases()[1]
    with sqlite3.connect(file) as conn:
        conn.executescript(SCHEMA_V1)
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [("schema_version", "1"), ("change_counter", "2")])
        conn.execute("INSERT INTO trajectories (id, dedup_key, task_text, task_kind, score, created_at, data)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?)", (case.id, case.provenance.dedup_key(), case.task_text,
                                                      case.task_kind, case.score, T1, case.model_dump_json()))
        conn.execute("INSERT INTO tool_experience VALUES (?, ?, ?)", ("cockcroft_gault", json.dumps(["Use kg"]), T0))
    conn.close()
    with ExperienceStore(file) as store:
        assert store.get_trajectory("case-b") == case
        record = store.get_tool_experience("cockcroft_gault")
        assert record.texts() == ["Use kg"] and record.suggestions[0].support == 1
        assert record.suggestions[0].created_at == datetime(2024, 3, 1, 8, tzinfo=timezone.utc)


def test_memory_migrate_command(tmp_path: Path) -> None:
    write_v2(tmp_path / "experience.sqlite3", old_cases())
    import argparse

    out, err = io.StringIO(), io.StringIO()
    code = run_memory_command(argparse.Namespace(memory_command="migrate", store=str(tmp_path)), out, err)
    assert code == 0, err.getvalue()
    # the open migrated first; the command's own run finds everything present
    assert out.getvalue().startswith("migrated 0 trajectories (3 already present), updated 0 tools in ")
