"""`medmirror memory` reads the store `solve` and `optimize` write: <data_dir>/experience, where
MEDMIRROR_DATA_DIR names the data directory."""

from __future__ import annotations

from medmirror.cli import main
from medmirror.memory.experience import ExperienceStore


def test_memory_list_defaults_to_the_data_dirs_store(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("MEDMIRROR_DATA_DIR", str(tmp_path))
    assert main(["memory", "list"]) != 0  # nothing there yet: the message names the data dir's store
    assert str(tmp_path / "experience") in capsys.readouterr().err
    with ExperienceStore(tmp_path / "experience"):
        pass
    assert main(["memory", "list"]) == 0
