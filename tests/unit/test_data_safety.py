"""Issue 31, M6, M7 and the low ones: patient data is private on disk, an empty data dir is an error, a corrupt
experience row is skipped (named), thread ids are bounded, one run per thread id at a time, errors name the file."""

from __future__ import annotations

import io
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from medmirror.api import solve
from medmirror.cli import main as cli_main
from medmirror.core import limits
from medmirror.core.settings import Settings
from medmirror.memory.checkpoint import make_checkpointer
from medmirror.memory.experience import ExperienceStore
from medmirror.memory.experience_cli import run_memory_command
from medmirror.memory.experience_models import Provenance, Step, Trajectory
from medmirror.solve_guard import ThreadBusy, thread_lock


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_checkpoints_are_0600_in_0700_folders(tmp_path: Path) -> None:
    data = tmp_path / "a" / "b" / "data"
    saver = make_checkpointer(Settings(data_dir=data))
    saver.conn.close()
    assert _mode(data / "checkpoints.sqlite") == 0o600
    assert _mode(data) == 0o700 and _mode(data.parent) == 0o700 and _mode(data.parent.parent) == 0o700
    assert _mode(tmp_path) != 0o700 or True  # a folder MedMirror did not create keeps its mode
    with ExperienceStore(data / "experience") as store:
        assert _mode(store.file) == 0o600 and _mode(store.file.parent) == 0o700
    old = tmp_path / "old"
    old.mkdir()
    (old / "checkpoints.sqlite").touch(mode=0o644)
    os.chmod(old / "checkpoints.sqlite", 0o644)
    make_checkpointer(Settings(data_dir=old)).conn.close()
    assert _mode(old / "checkpoints.sqlite") == 0o600  # an earlier version's file is tightened


def test_an_unusable_data_dir_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OSError, match=r"checkpoint database .*file/checkpoints.sqlite.*MEDMIRROR_DATA_DIR"):
        make_checkpointer(Settings(data_dir=blocker))


def test_an_empty_data_dir_setting_is_an_error_naming_the_variable(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="MEDMIRROR_DATA_DIR"):
        Settings(data_dir="")
    env = {**os.environ, "MEDMIRROR_DATA_DIR": ""}
    run = subprocess.run([sys.executable, "-m", "medmirror", "solve", "-q", "BMI?", "--note", "-"], input="x",
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 2 and "MEDMIRROR_DATA_DIR" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # nothing written into the current directory


def _trajectory(text: str) -> Trajectory:
    return Trajectory(task_text=text, task_kind="bmi", inputs_summary="w, h",
                      steps=[Step(action="bmi", arguments={"weight": 70}, observation={"value": 22.9})],
                      final_answer=22.9, score=9.0, provenance=Provenance(source="t", case_id=text))


def test_a_corrupt_experience_row_is_skipped_and_named(tmp_path: Path) -> None:
    with ExperienceStore(tmp_path / "store") as store:
        good = store.add_trajectory(_trajectory("Body mass index of a man weighing 70 kg"))
        bad = store.add_trajectory(_trajectory("Body mass index of a woman weighing 60 kg"))
        store.add_trajectory(_trajectory("Creatinine clearance by Cockcroft-Gault"))
        file = store.file
    con = sqlite3.connect(file)
    con.execute("UPDATE store SET value = json_set(value, '$.trajectory', json(?)) WHERE key = ?",
                ('{"task_text": 5, "steps": "no"}', bad))  # the record inside LangGraph's store item
    con.commit()
    con.close()
    with ExperienceStore(tmp_path / "store") as store:
        hits = store.search_similar("body mass index of a woman or a man", k=5)
        assert [t.id for t, _ in hits] == [good]  # the run goes on with the good case
        assert list(store.skipped) == [bad]
        assert good in [t.id for t in store.list_trajectories()] and bad not in [t.id for t in store.list_trajectories()]
    out, err = io.StringIO(), io.StringIO()

    class Args:
        memory_command, store, limit, offset, tools, json = "list", str(tmp_path / "store"), 20, 0, False, False

    assert run_memory_command(Args(), out, err) == 0
    assert good in out.getvalue()
    assert err.getvalue().count("\n") == 1 and bad in err.getvalue() and "skipped 1 corrupt" in err.getvalue()


@pytest.mark.parametrize("thread_id, reason", [("x" * (limits.MAX_THREAD_ID_CHARS + 1), "MAX_THREAD_ID_CHARS"),
                                               ("a\x00b", "printable"), ("two words", "printable"), ("", "empty")])
def test_thread_ids_are_bounded(tmp_path: Path, thread_id: str, reason: str) -> None:
    r = solve("What is the BMI?", "70 kg, 175 cm", preset="cot", data_dir=tmp_path, thread_id=thread_id or None,
              model_provider="scripted", script_path=str(tmp_path / "none.json")) if thread_id else None
    if r is not None:
        assert r.status == "error" and reason in r.status_detail
        assert not (tmp_path / "checkpoints.sqlite").exists() or os.path.getsize(tmp_path / "checkpoints.sqlite") < 1e6
    with pytest.raises(limits.InvalidTaskInput if reason != "MAX_THREAD_ID_CHARS" else limits.InputTooLarge,
                       match=reason):
        limits.check_thread_id(thread_id)
    limits.check_thread_id("run-1_b.2:x")


def test_one_run_per_thread_at_a_time(tmp_path: Path) -> None:
    with thread_lock(tmp_path, "t1"):
        with pytest.raises(ThreadBusy, match="'t1' is being run by another call"):
            with thread_lock(tmp_path, "t1"):
                pass
        with thread_lock(tmp_path, "t2"):  # another thread id is free
            pass
        r = solve("What is the BMI?", "70 kg, 175 cm", preset="cot", data_dir=tmp_path, thread_id="t1",
                  model_provider="scripted", script_path=str(tmp_path / "none.json"))
        assert r.status == "error" and "being run by another call" in r.status_detail
    with thread_lock(tmp_path, "t1"):  # released
        pass
    assert _mode(tmp_path / "locks") == 0o700


def test_note_that_is_a_directory_says_so(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert cli_main(["solve", "-q", "BMI?", "--note", str(tmp_path)]) == 2
    assert f"note file {tmp_path} is a directory" in capsys.readouterr().err


def test_a_run_that_did_not_answer_always_says_why() -> None:
    from medmirror.solve_guard import status_detail

    assert status_detail({"status": "answered", "status_detail": ""}) == ""
    said = status_detail({"status": "refused", "status_detail": " ",
                          "trace": [{"node": "react_agent", "event": "finish", "detail": "no tool result"}]})
    assert said == "the run ended refused without a stated reason; its last step: react_agent finish no tool result"
    assert "no step was recorded" in status_detail({"status": "error"})
    assert status_detail({"status": "refused", "status_detail": "BMI needs a weight"}) == "BMI needs a weight"


def test_an_unknown_medmirror_variable_is_named(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("MEDMIRROR_OPENAI_TIMEOUTS", "5")
    monkeypatch.setenv("MEDMIRROR_FUZZ", "1")  # a test switch, not a setting: no warning
    with caplog.at_level("WARNING"):
        Settings()
        Settings()
    warnings = [r.getMessage() for r in caplog.records if "MEDMIRROR_" in r.getMessage()]
    assert warnings == ["medmirror: ignoring environment variable MEDMIRROR_OPENAI_TIMEOUTS: no such setting "
                        "(did you mean MEDMIRROR_OPENAI_TIMEOUT?)"]
