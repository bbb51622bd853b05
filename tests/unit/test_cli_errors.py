"""Issue 12, item 4: the CLI prints one line (no traceback) and exits non-zero on bad input or a failed run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from medmirror.cli import main
from medmirror.core.limits import MAX_NOTE_BYTES

ROOT = Path(__file__).resolve().parents[2]
Q = "What is the patient's BMI?"


def _one_line_error(capsys) -> str:
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert "Traceback" not in captured.err and len(err.splitlines()) == 1, captured.err
    assert err.startswith("medmirror: error: ")
    return err


def test_binary_note_file_is_a_one_line_error(tmp_path, capsys):
    note = tmp_path / "note.bin"
    note.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe binary")
    assert main(["solve", "-q", Q, "--note", str(note), "--checkpointer", "none"]) == 2
    err = _one_line_error(capsys)
    assert "is not UTF-8 text" in err and "note.bin" in err


def test_note_file_over_the_limit_is_a_one_line_error(tmp_path, capsys):
    note = tmp_path / "huge.txt"
    note.write_bytes(b"a" * (MAX_NOTE_BYTES + 1))
    assert main(["solve", "-q", Q, "--note", str(note), "--checkpointer", "none"]) == 2
    assert "MAX_NOTE_BYTES" in _one_line_error(capsys)


def test_missing_note_file_is_a_one_line_error(tmp_path, capsys):
    assert main(["solve", "-q", Q, "--note", str(tmp_path / "nope.txt"), "--checkpointer", "none"]) == 2
    assert "note file not found" in _one_line_error(capsys)


@pytest.mark.parametrize("options, fragment", [
    ("{A: bad", "--options is not valid JSON"),
    ("[1,2]", "options must be an object"),
    ('{"A": 1}', "option 'A' must be text"),
    ('"A"', "options must be an object"),
])
def test_bad_options_are_a_one_line_error(capsys, options, fragment):
    assert main(["solve", "-q", Q, "--options", options, "--checkpointer", "none"]) == 2
    assert fragment in _one_line_error(capsys)


def test_bad_json_setting_is_a_one_line_error(capsys):
    assert main(["solve", "-q", Q, "--role-providers", "planner=local", "--checkpointer", "none",
                 "--top-n-tools", "[1,"]) == 2
    assert "--top-n-tools is not valid JSON" in _one_line_error(capsys)


def test_invalid_setting_value_is_a_one_line_error(capsys):
    assert main(["solve", "-q", Q, "--theta-plan", "eleven", "--checkpointer", "none"]) == 2
    # the CLI's own flag name, not the field's (issue 32)
    assert "invalid settings: --theta-plan: Input should be a valid integer" in _one_line_error(capsys)


def test_unreachable_openai_server_is_a_one_line_error(capsys):
    code = main(["solve", "-q", Q, "--model-provider", "openai", "--openai-base-url", "http://127.0.0.1:9/v1",
                 "--openai-model", "nothing-here", "--checkpointer", "none", "--use-experience", "false"])
    assert code == 1
    err = _one_line_error(capsys)
    assert "Connection" in err and "http://127.0.0.1:9/v1" in err
    assert "ConnectionError" not in err and "ModelServerError" not in err  # plain words, no class names


def test_malformed_gguf_is_a_one_line_error(tmp_path):
    """In a subprocess: llama.cpp is handed a file that is not a GGUF model (nothing is generated)."""
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"GGUF" + b"\x00" * 64 + b"not a model")
    proc = subprocess.run(
        [sys.executable, "-m", "medmirror.cli", "solve", "-q", Q, "--model-path", str(bad), "--checkpointer", "none",
         "--use-experience", "false"],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "MEDMIRROR_DATA_DIR": str(tmp_path / "data")},
    )
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("medmirror: error: ") and "bad.gguf" in last


def test_the_bundled_demo_cases_and_task_sets_load_from_the_installed_package() -> None:
    """`medmirror demo` without --cases reads the cases shipped in the package (found on a fresh clone:
    it still asked for the old top-level name), and the toolbox task sets resolve inside the package."""
    from medmirror.bench.cab import TASK_SETS
    from medmirror.cli import demo_cases

    cases = demo_cases()
    assert cases and all({"name", "question"} <= set(c) for c in cases)
    assert all(path.is_file() for path, _, _ in TASK_SETS.values())


def test_no_resume_advice_for_a_file_that_is_not_a_model():
    """Resuming runs the same model file again: the advice is to fix the file (issue 32); a server that went away
    keeps the advice, as the CLI says it (--thread-id)."""
    from types import SimpleNamespace

    from medmirror.cli import plain_error
    from medmirror.solve_guard import failure_detail

    bad = failure_detail(ValueError("Failed to load model from file: /tmp/bad.gguf"),
                         SimpleNamespace(model_path="/tmp/bad.gguf"), thread_id="t1", can_resume=True)
    assert "/tmp/bad.gguf is not a valid GGUF" in bad and "resume" not in bad
    gone = failure_detail(ConnectionError("server went away"), SimpleNamespace(openai_base_url="http://h:1/v1"),
                          thread_id="t1", can_resume=True)
    assert "call again with thread_id=t1 to resume" in gone  # the Python API's words ...
    assert plain_error(gone) == ("server went away (model server http://h:1/v1 unreachable?); the run is "
                                 "checkpointed: call again with --thread-id t1 to resume it")  # ... and the CLI's
