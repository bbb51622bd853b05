"""``medmirror solve --ask``: a missing calculator input is asked on the terminal, the run resumes with the
answer, and the printout says the value came from the user. The models are scripted (MEDMIRROR_SCRIPT_PATH)."""

from __future__ import annotations

import builtins
import json
import sys

import pytest

from medmirror.cli import ask_on_terminal, main

NOTE = "A 45-year-old man comes for a check-up. Height 175 cm. No complaints."


def _script(tmp_path, answer_value):
    script = {
        "planner": [{"subtasks": [{"description": "Compute the BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}],
        "tool_agent": [{"tool": "bmi", "arguments": {"height": 175}, "evaluation": "from the note", "score": 9}],
        "answer": [{"answer": f"The BMI is {answer_value}.", "value": answer_value, "evaluation": "tool result",
                    "score": 9}],
    }
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    note = tmp_path / "note.txt"
    note.write_text(NOTE, encoding="utf-8")
    return path, note


@pytest.fixture
def scripted_env(monkeypatch, tmp_path):
    monkeypatch.setenv("MEDMIRROR_MODEL_PROVIDER", "scripted")
    monkeypatch.setenv("MEDMIRROR_CHECKPOINTER", "none")
    monkeypatch.setenv("MEDMIRROR_EMBEDDINGS_PROVIDER", "none")
    monkeypatch.setenv("MEDMIRROR_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def test_solve_ask_reads_the_missing_input_and_says_it_was_the_users(scripted_env, monkeypatch, capsys):
    value = repr(70 / 1.75 ** 2)  # 70 kg / (1.75 m)^2 = 22.857142857142858
    script, note = _script(scripted_env, value)
    monkeypatch.setenv("MEDMIRROR_SCRIPT_PATH", str(script))
    typed = iter(["70 kg"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    code = main(["solve", "-q", "What is the patient's BMI?", "-n", str(note), "--ask", "--no-trace"])
    out = capsys.readouterr()
    assert code == 0
    assert "needs weight, which the note does not give" in out.err
    # the printed value is rounded (2 decimals); --json keeps it in full, as a number (below)
    assert "value (number): 22.86\n" in out.out and "status: answered" in out.out
    assert "given by the user when asked (not from the note): weight=70 kg" in out.out


def test_ask_with_json_keeps_stdout_one_json_document(scripted_env, monkeypatch, capsys):
    """The prompts go to stderr: with --ask --json, stdout is the result alone, and its value is a number."""
    value = 70 / 1.75 ** 2
    script, note = _script(scripted_env, repr(value))
    monkeypatch.setenv("MEDMIRROR_SCRIPT_PATH", str(script))
    typed = iter(["70 kg"])

    def terminal_input(prompt=""):  # as builtins.input does: the prompt is written to stdout
        sys.stdout.write(prompt)
        return next(typed)

    monkeypatch.setattr(builtins, "input", terminal_input)
    code = main(["solve", "-q", "What is the patient's BMI?", "-n", str(note), "--ask", "--json"])
    out = capsys.readouterr()
    assert code == 0
    data = json.loads(out.out)  # the whole of stdout parses
    assert data["status"] == "answered" and data["value"] == value and isinstance(data["value"], float)
    assert "weight = " in out.err and "needs weight" in out.err


def test_ask_needs_the_note_from_a_file(scripted_env, capsys):
    assert main(["solve", "-q", "What is the patient's BMI?", "-n", "-", "--ask"]) == 2
    assert "--ask reads its answers from standard input" in capsys.readouterr().err


def test_the_terminal_question_skips_an_empty_answer():
    request = {"message": "BMI needs weight.", "inputs": [
        {"name": "weight", "description": "Body weight", "unit": "kg", "why": "the note does not give it"},
        {"name": "sex", "description": "Sex", "unit": None, "allowed": ["male", "female"], "why": "missing"}]}
    lines = iter(["", "female"])
    printed = []

    class Out:
        def write(self, text):
            printed.append(text)

        def flush(self):
            pass

    assert ask_on_terminal(request, read=lambda prompt: next(lines), out=Out()) == {"sex": "female"}
    assert "one of male, female" in "".join(printed)


def test_solve_prints_the_evidence_table_with_the_users_value_marked(scripted_env, monkeypatch, capsys):
    script, note = _script(scripted_env, repr(70 / 1.75 ** 2))
    monkeypatch.setenv("MEDMIRROR_SCRIPT_PATH", str(script))
    typed = iter(["70 kg"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    assert main(["solve", "-q", "What is the patient's BMI?", "-n", str(note), "--ask", "--no-trace"]) == 0
    out = capsys.readouterr().out
    start = NOTE.index("Height 175 cm")
    assert "evidence (input = value [status]" in out
    assert "bmi.weight = '70 kg' [user] '70 kg'\n" in out  # the user's answer, with no span in the note
    assert f"bmi.height = 175.0 cm [agree] 'Height 175 cm' @{start}-{start + 13}\n" in out  # the note's span
