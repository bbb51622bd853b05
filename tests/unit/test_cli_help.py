"""The command line's help, flags and error lines (issue 32): snapshot tests of structure (flags, types, choices,
defaults), not of wording or time; numbers as the CLI prints them, worked by hand."""

from __future__ import annotations

import subprocess
import sys
import typing
from pathlib import Path

import pytest

from medmirror.cli import (
    build_parser,
    main,
    numeric_value,
    plain_error,
    readable_number,
    readable_text,
)
from medmirror.core.presets import PRESETS
from medmirror.core.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SECRETS = ("openai_api_key", "vision_api_key")


def _help(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_top_level_help_lists_every_command_and_the_global_flags(capsys):
    text = _help([], capsys)
    for command in ("solve", "demo", "presets", "graph", "bench", "experiment", "optimize", "mcp", "memory"):
        assert f"\n    {command} " in text, command
    for flag in ("--version", "-v, --verbose", "--log-level {DEBUG,INFO,WARNING,ERROR}"):
        assert flag in text


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("medmirror ")


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def test_solve_help_has_every_setting_as_a_typed_flag_with_its_choices_and_default(capsys):
    text = " ".join(_help(["solve"], capsys).split())  # argparse wraps lines: compare on single spaces
    for name, info in Settings.model_fields.items():
        if name == "preset":  # a flag of its own, with every preset's description (below)
            continue
        if name in SECRETS:
            assert f"{_flag(name)} " not in text, f"{name} must not be a flag"
            continue
        annotation = info.annotation
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if typing.get_origin(annotation) is typing.Literal:
            shown = "{" + ",".join(typing.get_args(annotation)) + "}"
        elif annotation in (int, float, bool, str) or (len(args) == 1 and args[0] in (int, float, bool, str)):
            shown = (annotation if annotation in (int, float, bool, str) else args[0]).__name__
        else:
            shown = ""
        assert f"[{_flag(name)} {shown}" in text, f"{name}: expected the flag with type/choices {shown!r}"
        if info.default is not None and info.default_factory is None and not isinstance(info.default, dict):
            assert f"(default: {info.default})" in text, name
    for preset in PRESETS:  # every preset is listed under --preset, not 5 of 10
        assert f"{preset} (" in text, preset


def test_ask_and_logging_flags_are_on_the_solve_command(capsys):
    text = _help(["solve"], capsys)
    assert "--ask" in text and "--json" in text and "--thread-id ID" in text and "--log-level" in text


@pytest.mark.parametrize("argv, fragment", [
    (["solve", "-q", "x", "--preset", "nope"], "argument --preset: invalid choice: 'nope'"),
    (["solve", "-q", "x", "--checkpointer", "nope"], "--checkpointer: Value error, should be 'sqlite', 'memory', 'none' or a PostgreSQL URL"),
    (["solve", "-q", "x", "--max-rounds", "0", "--checkpointer", "none"], "--max-rounds: Input should be greater"),
    (["nope"], "invalid choice: 'nope'"),
])
def test_error_lines_are_one_line_with_the_flag_names(argv, fragment, capsys):
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and fragment in err, err


def test_plain_error_uses_the_clis_words():
    python = ("ModelServerError: OpenAI-compatible server http://127.0.0.1:9/v1 (model x) failed: "
              "OpenAIConnectionError: Connection error.; the run is checkpointed: call again with thread_id=t1 "
              "to resume it")
    assert plain_error(python) == ("OpenAI-compatible server http://127.0.0.1:9/v1 (model x) failed: Connection "
                                   "error.; the run is checkpointed: call again with --thread-id t1 to resume it")
    refused = "refused without running: repeats failed attempt 1 (bmi), which failed: CalculatorInputError: weight: missing"
    assert plain_error(refused) == "refused without running: repeats failed attempt 1 (bmi), which failed: weight: missing"
    paused = "BMI needs weight. Resume with thread_id=abc and resume={input: value}."
    assert plain_error(paused) == "BMI needs weight. Call again with --thread-id abc --ask to answer it."
    assert plain_error("ConnectionError") == "ConnectionError"  # nothing but the name: kept, not emptied


@pytest.mark.parametrize("x, text", [
    (52.71438447222222, "52.71"),  # CrCl from the issue: 2 decimals
    (22.857142857142858, "22.86"),  # 70 / 1.75^2
    (7.0, "7"), (7, "7"), (-3.14159, "-3.14"), (1.5, "1.5"),  # trailing zeros dropped
    (0.012345, "0.0123"), (0.5, "0.5"), (0.00001234, "0.0000123"),  # below 1: 3 significant figures
])
def test_readable_number(x, text):
    assert readable_number(x) == text


def test_readable_text_rounds_only_computed_floats():
    line = "executor | ok: creatinine_clearance -> 52.71438447222222 mL/min; creatinine 1.125 mg/dL; id 3.14159x"
    assert readable_text(line) == ("executor | ok: creatinine_clearance -> 52.71 mL/min; creatinine 1.125 mg/dL; "
                                   "id 3.14159x")


@pytest.mark.parametrize("value, expected", [
    ("7", 7), ("22.857142857142858", 22.857142857142858), ("-1.5", -1.5), ("7.0", 7),
    ("01/02/2020", "01/02/2020"), ("(3 weeks, 2 days)", "(3 weeks, 2 days)"), ("nan", "nan"), (None, None),
])
def test_json_value_is_a_number_when_numeric(value, expected):
    got = numeric_value(value)
    assert got == expected and type(got) is type(expected)


def test_help_imports_no_graph_model_or_benchmark_module():
    """Lazy commands: `--help` of the top level, solve, bench, experiment, optimize and mcp load the settings, not
    the graphs, the runners or the MCP SDK (no time asserted: `medmirror bench cli` measures it)."""
    code = ("import sys\nfrom medmirror.cli import main\n"
            "for argv in (['--help'], ['solve', '--help'], ['bench', '--help'], ['bench', 'cab', '--help'],"
            " ['experiment', '--help'], ['optimize', '--help'], ['mcp', '--help']):\n"
            "    try:\n        main(argv)\n    except SystemExit:\n        pass\n"
            "heavy = [m for m in ('medmirror.api', 'medmirror.graphs.main', 'medmirror.bench.medcalc', 'langgraph',"
            " 'medmirror.tools.calculators', 'matplotlib', 'mcp', 'pandas') if m in sys.modules]\n"
            "print('HEAVY', heavy, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "HEAVY []" in proc.stderr, proc.stderr[-2000:]


def test_the_full_parser_still_has_every_command():
    parser = build_parser()
    ns = parser.parse_args(["bench", "medcalc", "--data", "x.csv", "--mode", "gold"])
    assert ns.command == "bench" and ns.mode == "gold"
