"""Property-based fuzzing of the command line's input handling (issue 12).

Invariants:

1. Parsing any argument list for ``solve``/``bench`` ends in a Namespace or argparse's own
   exit (SystemExit 0 for --help, 2 for a usage error); never another exception.
2. ``--options`` text is either a JSON object of short labels to texts, or refused with a
   one-line :class:`UsageError`.
3. A note file of any bytes is read as UTF-8 text within ``MAX_NOTE_BYTES`` or refused with
   a one-line :class:`UsageError`.
4. ``bench --set`` pairs are checked up front: a valid settings dict, or exit code 2.
5. ``main`` on a ``solve`` call with fuzzed options and note never raises and returns 2 for
   bad input (the run itself is not reached: the model provider is left unconfigured).
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from medmirror.bench.cli import _settings_pairs
from medmirror.cli import UsageError, _parse_options, _read_note, build_parser, main
from medmirror.core.limits import MAX_NOTE_BYTES

PARSER = build_parser()
FLAGS = st.sampled_from(["solve", "bench", "medcalc", "demo", "--question", "-q", "--note", "--options", "--json",
                         "--thread-id", "--preset", "--theta-plan", "--set", "--mode", "--limit", "-1", "0", "x",
                         "", "--", "-", "--help", "--no-trace", "{", "[1,2]", "--model-provider", "openai"])
ARGV = st.lists(FLAGS | st.text(max_size=8), max_size=8)


@given(ARGV)
def test_any_argument_list_parses_or_exits_cleanly(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            PARSER.parse_args(argv)
        except SystemExit as exit_:
            assert exit_.code in (0, 2)


JSONISH = st.one_of(st.text(max_size=40), st.sampled_from(['{A: bad', '[1,2]', '{"A": "x"}', '{"A": 1}', '{"": "x"}',
                                                          'null', '"A"', '{"A": "x", "A": "y"}', "{}", "1e999",
                                                          '{"' + "A" * 30 + '": "x"}', '{"A": "' + "x" * 3000 + '"}']))


@given(JSONISH)
def test_options_are_an_object_of_texts_or_a_usage_error(text):
    try:
        options = _parse_options(text)
    except UsageError as err:
        assert "\n" not in str(err)
        return
    assert options is None or (isinstance(options, dict)
                               and all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()))


@given(st.binary(max_size=300) | st.sampled_from([b"", b"\xff\xfe", "caf\u00e9 70 kg".encode(), b"\x00" * 10]))
def test_note_files_are_utf8_text_or_a_usage_error(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "note.txt"
        path.write_bytes(data)
        try:
            note = _read_note(str(path))
        except UsageError as err:
            assert "\n" not in str(err)
            return
    assert isinstance(note, str) and len(note.encode("utf-8")) <= MAX_NOTE_BYTES


@given(st.lists(st.sampled_from(["theta_plan=9", "theta_plan=x", "foo=bar", "top_n_tools=0", "preset=react",
                                 "preset=nope", "=", "max_rounds=3", "x"]) | st.text(max_size=12), max_size=3))
def test_bench_set_pairs_are_valid_or_exit_2(pairs):
    with contextlib.redirect_stderr(io.StringIO()):
        try:
            out = _settings_pairs(pairs)
        except SystemExit as exit_:
            assert exit_.code == 2
            return
    assert isinstance(out, dict)


@given(JSONISH, st.binary(max_size=100))
def test_solve_with_fuzzed_input_never_raises(options, note):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "note.txt"
        path.write_bytes(note)
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            # the openai provider without a URL is a configuration error: nothing is run
            code = main(["solve", "-q", "BMI?", "--note", str(path), f"--options={options}", "--checkpointer", "none",
                         "--model-provider", "openai", "--use-experience", "false"])
    assert code in (1, 2)
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("medmirror: error: ") and "Traceback" not in err.getvalue()


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12))
def test_readable_numbers_stay_close_and_json_values_round_trip(x):
    """The CLI's printed number is within its precision (0.005 at or above 1, 3 significant figures below) and
    the JSON value of a number's text is that number (issue 32)."""
    from medmirror.cli import numeric_value, readable_number

    shown = float(readable_number(x))
    if abs(x) >= 1:
        assert abs(shown - x) <= 0.005 + 1e-9 * abs(x)
    elif x != 0:
        assert abs(shown - x) <= 0.005 * abs(x) + 1e-300
    assert numeric_value(repr(x)) == x
