"""The ``medmirror`` command line.

    medmirror solve --question "What is the patient's BMI?" --note note.txt
    medmirror demo
    medmirror bench medcalc --data one_shot.csv --mode gold
    medmirror experiment app/data/experiments/one_shot_small.toml
    medmirror memory list
    medmirror presets | graph
    medmirror mcp [--http --port 8765]

Every :class:`medmirror.core.settings.Settings` field is also a flag of ``solve`` and ``demo`` (``--theta-plan 9``,
``--model-provider openai``, ``--openai-base-url ...``), generated from the field's own definition (type,
choices, default, description) by pydantic-settings' argparse support; secrets such as the API key are read
from ``MEDMIRROR_OPENAI_API_KEY`` only.

Why pydantic-settings and not Typer or Cyclopts: ``Settings`` already is a pydantic-settings model, so its
``CliSettingsSource`` reads the flags' types, Literal choices, defaults and descriptions from the one
definition, and it adds them to the argparse parsers the other commands (bench, experiment, optimize, mcp,
memory) already build; Typer or Cyclopts would mean rewriting every command and a second dependency tree
(Typer: click and rich, 0.1-0.2 s more at start-up), for the same flags.

Start-up: a command's module is imported only when that command runs (:data:`COMMANDS` names it by string,
as ``medmirror/__init__.py`` does for the API names); ``medmirror --help`` and ``solve --help`` import the
settings and nothing of the graphs (``medmirror bench cli`` measures it).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import re
import sys
import time
import uuid
from functools import lru_cache
from importlib import import_module, metadata, resources
from pathlib import Path
from typing import Any

import pydantic
from pydantic_settings import BaseSettings, CliSettingsSource

from medmirror.core.limits import MAX_NOTE_BYTES, InputTooLarge, InvalidTaskInput, check_options, check_task
from medmirror.core.presets import DESCRIPTIONS, PRESETS
from medmirror.core.settings import Settings

log = logging.getLogger("medmirror")

# sub-command -> (help, "module:function" that adds its parser, or None: defined below). The module is imported
# only when the command is named on the command line (or build_parser() builds every command).
COMMANDS: dict[str, tuple[str, str | None]] = {
    "solve": ("answer one clinical question", None),
    "demo": ("run the bundled example cases end to end", None),
    "presets": ("list the presets", None),
    "graph": ("print a preset's graph as Mermaid (the planner or the single-loop graph)", None),
    "bench": ("run a benchmark", "medmirror.bench.cli:add_bench_parser"),
    "experiment": ("run an experiment file: presets x settings sweeps x datasets x seeds", None),
    "cohort": ("a question or calculator over a population of notes: per-patient results and a report",
               "medmirror.cohort:add_cohort_parser"),
    "optimize": ("ReflecTool optimisation: practise on labelled cases, keep experience", None),
    "mcp": ("serve the calculators, tools and solve as an MCP server (stdio, or --http)", None),
    "memory": ("inspect and manage the experience store", "medmirror.memory.experience_cli:add_memory_parser"),
}
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def _load(target: str) -> Any:
    """``"package.module:name"`` -> the object, importing the module now (the lazy half of :data:`COMMANDS`)."""
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)


def _handler(target: str) -> Any:
    """A command's handler that imports its module (``"module:function"``) only when the command runs."""
    return lambda args: _load(target)(args)


def _api() -> Any:
    return import_module("medmirror.api")  # the graphs, models and tools: only for the commands that run them


class Parser(argparse.ArgumentParser):
    """argparse with a one-line usage error (the full usage of ``solve`` is some 50 lines): exit code 2."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class UsageError(ValueError):
    """A command-line input is unusable; printed as one line, exit code 2."""


# ---------------------------------------------------------------------------
# Settings flags
# ---------------------------------------------------------------------------


SECRET_FIELDS = ("openai_api_key", "vision_api_key")  # read from MEDMIRROR_* variables only, never a flag


@lru_cache(maxsize=1)
def flag_settings_model() -> type[BaseSettings]:
    """The settings a flag may set: every field of :class:`Settings` (its own definition) but the preset (a flag
    of its own, with the presets' descriptions) and the secrets."""
    fields = {name: (info.annotation, info) for name, info in Settings.model_fields.items()
              if name not in (*SECRET_FIELDS, "preset")}
    return pydantic.create_model("SettingsFlags", __base__=BaseSettings, **fields)


def _add_settings_flags(parser: argparse.ArgumentParser) -> None:
    """Every setting but the preset and the secrets as a flag, typed from its field (pydantic-settings)."""
    group = parser.add_argument_group(
        "settings", "Also MEDMIRROR_<NAME> environment variables. The defaults shown are the settings' own; a "
                    "preset sets its run fields (medmirror presets), a flag or variable wins over the preset.")
    CliSettingsSource(flag_settings_model(), root_parser=group, cli_kebab_case=True, cli_hide_none_type=True,
                      cli_avoid_json=True, add_argument_group_method=None, formatter_class=None)


def _settings_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The settings given as flags (only those given), values as text; JSON for a value in braces or brackets."""
    out: dict[str, Any] = {}
    for name in flag_settings_model().model_fields:
        value = getattr(args, name, None)
        if value is None:
            continue
        if isinstance(value, list):  # a dict-typed flag may be repeated: pydantic-settings collects the texts
            value = ",".join(str(v) for v in value)
        if name != "role_providers" and str(value).strip().startswith(("{", "[")):
            try:
                value = json.loads(value)
            except json.JSONDecodeError as err:
                raise UsageError(f"{_flag(name)} is not valid JSON ({err})") from None
        out[name] = value
    return out


def _flag(name: str) -> str:
    return "--" + str(name).replace("_", "-")


def settings_error(exc: pydantic.ValidationError) -> str:
    """A settings ValidationError as one line naming the flags: '--theta-plan: Input should be ... (got 'x')'."""
    parts = []
    for e in exc.errors():
        loc = e.get("loc") or ()
        where = _flag(loc[0]) + "".join(f".{p}" for p in loc[1:]) if loc else "settings"
        got = e.get("input")
        shown = f" (got {got!r})" if e.get("type") != "missing" and "input" in e and not isinstance(got, dict) else ""
        parts.append(f"{where}: {e.get('msg')}{shown}")
    return "; ".join(parts)


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------


def _read_note(arg: str | None) -> str | None:
    """The note from a file or stdin: UTF-8 text of at most MAX_NOTE_BYTES bytes, else a UsageError."""

    if arg is None:
        return None
    where = "standard input" if arg == "-" else f"note file {arg}"
    if arg == "-":
        data = sys.stdin.buffer.read(MAX_NOTE_BYTES + 1) if hasattr(sys.stdin, "buffer") else \
            sys.stdin.read(MAX_NOTE_BYTES + 1).encode("utf-8", "surrogatepass")
    else:
        path = Path(arg)
        if path.is_dir():
            raise UsageError(f"note file {arg} is a directory (give a file path, or - for stdin)")
        if not path.is_file():
            raise UsageError(f"note file not found: {arg} (give a file path, or - for stdin)")
        try:
            with path.open("rb") as fh:
                data = fh.read(MAX_NOTE_BYTES + 1)
        except OSError as err:
            raise UsageError(f"cannot read {where}: {err.strerror or err}") from None
    if len(data) > MAX_NOTE_BYTES:
        raise UsageError(f"{where} is too large: more than {MAX_NOTE_BYTES:,} bytes "
                         "(MAX_NOTE_BYTES in app/core/limits.py)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(f"{where} is not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start}); "
                         "give a plain-text note, converted to UTF-8 if needed") from None


def _parse_options(text: str | None) -> dict[str, str] | None:
    """``--options`` as a JSON object of option labels to texts, else a UsageError."""

    if text is None or not text.strip():
        return None
    try:
        options = json.loads(text)
    except json.JSONDecodeError as err:
        raise UsageError(f'--options is not valid JSON ({err}); give e.g. \'{{"A": "...", "B": "..."}}\'') from None
    try:
        check_options(options)
    except ValueError as err:
        raise UsageError(f"--options: {err}") from None
    return options


def _default_store() -> str:
    """The experience store ``solve`` and ``optimize`` use: ``<data_dir>/experience``, with ``MEDMIRROR_DATA_DIR``
    (or the settings' default) deciding the data directory."""
    try:
        return Settings().experience_location
    except pydantic.ValidationError:  # invalid settings are reported by the command that uses them
        return str(Settings.model_fields["data_dir"].default_factory() / "experience")


# ---------------------------------------------------------------------------
# What the user reads: numbers at a readable precision, errors in plain words
# ---------------------------------------------------------------------------


def readable_number(x: float) -> str:
    """A number for text: an integer as it is; else 2 decimals, or 3 significant figures below 1 (0.0123);
    trailing zeros dropped. 52.71438447222222 -> '52.71', 22.857142857142858 -> '22.86', 0.012345 -> '0.0123'."""
    if not math.isfinite(x):
        return str(x)
    if float(x).is_integer():
        return str(int(x))
    text = f"{x:.2f}" if abs(x) >= 1 else f"{x:.3g}"
    if "e" in text:  # below 1e-4: keep the 3 significant figures in plain notation
        text = f"{x:.{2 - math.floor(math.log10(abs(x)))}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


LONG_DECIMAL = re.compile(r"(?<![\w.])-?\d+\.\d{5,}(?![\w.])")  # a computed float in text (5 or more decimals)


def readable_text(text: Any) -> str:
    """Text with every number of 5 or more decimals shown by :func:`readable_number` (the JSON keeps them)."""
    return LONG_DECIMAL.sub(lambda m: readable_number(float(m.group())), str(text))


def numeric_value(value: Any) -> Any:
    """A result's value for JSON: a number when the text is one (int when integral), else the text as it is."""
    if not isinstance(value, str):
        return value
    try:
        number = float(value)
    except ValueError:
        return value
    if not math.isfinite(number):
        return value
    return int(number) if number.is_integer() and re.fullmatch(r"\s*-?\d+(\.0*)?\s*", value) else number


EXCEPTION_NAME = re.compile(r"\b(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exhausted|Mismatch)\b:?\s*")


def plain_error(detail: str, thread_id: str | None = None) -> str:
    """A run's failure as the command-line user reads it: the CLI's flag names instead of the Python API's
    (``--thread-id ID``, not ``thread_id=ID``) and no Python exception class names."""
    text = " ".join(str(detail).split())
    text = re.sub(r"[Rr]esume with thread_id=(\S+) and resume=\{input: value\}\.?",
                  r"Call again with --thread-id \1 --ask to answer it.", text)
    text = re.sub(r"\bthread_id=([^\s,;)]+)", r"--thread-id \1", text)
    stripped = EXCEPTION_NAME.sub("", text).strip(" :")
    return stripped or text


# ---------------------------------------------------------------------------
# Printing a result
# ---------------------------------------------------------------------------


def trace_line(e: dict[str, Any]) -> str:
    """One trace event as the CLI prints it (numbers of 5+ decimals rounded; ``--json`` has them in full)."""
    score = f" [score {e['score']}]" if "score" in e else ""
    checks = f" [{e['checks']}]" if e.get("checks") else ""
    by = f" <- {e['decided_by']}" if e.get("decided_by") else ""
    return readable_text(f"  {e['node']:>10} | {e['event']}{score}{checks}{by}: {e.get('detail', '')}")


def overruled_proposal(e: dict[str, Any]) -> bool:
    """A model's proposal the checks sent back or refused before anything ran (a plan, a call, an answer)."""
    return e.get("decided_by") == "checks" and e.get("event", "").endswith(("_revise", "_refused"))


class TracePrinter:
    """``solve``'s streamed trace: by default what ran; with ``--verbose`` also the model's proposals the checks
    overruled, marked so, with what ran instead.

    Default: a proposal the checks sent back is not printed, and a tool call whose values the executor's checks
    replaced is printed as it ran. Verbose: those proposals are printed with ``[overruled by the checks]``, and
    the executor's line is preceded by the values overruled and the call that ran instead. The tool agent's line
    is held until the next event (the executor's, a calculator run later), so each line is still out as soon as
    what it says is known."""

    def __init__(self, verbose: bool = False, out: Any = None) -> None:
        self.verbose = verbose
        self.out = out
        self.held: dict[str, Any] | None = None

    def _print(self, line: str) -> None:
        print(line, file=self.out or sys.stdout, flush=True)

    def __call__(self, e: dict[str, Any]) -> None:
        held, self.held = self.held, None
        ran, overruled = e.get("ran"), e.get("overruled")
        if held is not None:  # the proposal as it ran: the executor's call when its checks changed the values
            shown = {**held, "detail": ran} if overruled and not self.verbose and e.get("node") == "executor" else held
            self._print(trace_line(shown))
        if overruled_proposal(e):
            if self.verbose:
                self._print(trace_line({**e, "event": f"{e['event']} [overruled by the checks]"}))
            return
        if e.get("node") == "tool_agent" and e.get("event") == "tool_accept":
            self.held = e
            return
        if overruled and self.verbose:
            self._print(trace_line({"node": e["node"], "event": "overruled",
                                    "detail": f"by the checks: {overruled}; ran instead: {ran}"}))
        elif overruled and held is None:  # the proposal was not the line before (a verifier's came between)
            self._print(trace_line({"node": e["node"], "event": "ran", "detail": ran}))
        self._print(trace_line(e))

    def flush(self) -> None:
        if self.held is not None:
            self._print(trace_line(self.held))
            self.held = None


def print_outcome(result: Any, *, out: Any = None) -> None:
    """Everything after the trace: status, answer, value, evidence, assumed inputs, review, usage."""
    out = out or sys.stdout
    detail = f" ({plain_error(result.status_detail)})" if result.status_detail else ""
    print(f"\nstatus: {result.status}{detail}", file=out)
    print(f"answer: {readable_text(result.answer)}", file=out)
    if getattr(result, "rationale", ""):
        print(f"rationale (the model's words that passed the checks): {readable_text(result.rationale)}", file=out)
    value = numeric_value(result.value)
    shown = readable_number(value) if isinstance(value, (int, float)) else "(none)" if value is None else value
    print(f"value ({result.answer_format}): {shown}", file=out)
    cal = getattr(result, "calibration", None)
    if cal:
        doubt = f"; not settled: {', '.join(cal.get('uncertain_inputs') or [])}" if cal.get("uncertain") else ""
        print(f"confidence: {100 * float(cal['confidence']):.0f}% (threshold {100 * float(cal['threshold']):.0f}%; "
              f"the evidence allows {cal.get('range')}){doubt}", file=out)
    table = result.evidence_table() if hasattr(result, "evidence_table") else []
    if table:
        print("evidence (input = value [status] 'span in the note' @offsets):", file=out)
        for row in table:
            span = f" @{row['span'][0]}-{row['span'][1]}" if row.get("span") else ""
            quote = f" '{' '.join(row['evidence'].split())[:90]}'" if row.get("evidence") else ""
            unit = f" {row['unit']}" if row.get("unit") else ""
            print(readable_text(f"  {row['tool']}.{row['input']} = {row['value']!r}{unit} [{row['status']}]"
                                f"{quote}{span}"), file=out)
    if result.assumed:
        print(f"assumed absent: {', '.join(result.assumed)}", file=out)
    given = {k: v for st in result.steps for k, v in (st.get("user_inputs") or {}).items()}
    if given:
        print("given by the user when asked (not from the note): " + ", ".join(f"{k}={v}" for k, v in given.items()),
              file=out)
    if result.review:
        print(f"review: {result.review.get('verdict')} {result.review.get('critique', '')}", file=out)
    t = result.totals
    methods = ", ".join(f"{m} x{n}" for m, n in (t.get("structured_output") or {}).items())
    print(f"usage: {t['calls']} model calls, {t['input_tokens']}+{t['output_tokens']} tokens, "
          f"{result.usage['wall_seconds']:.1f} s" + (f"; structured output by {methods}" if methods else ""), file=out)


def result_json(result: Any) -> str:
    """``--json``: the whole result, ``value`` a number when it is numeric (full precision)."""
    data = result.to_dict()
    data["value"] = numeric_value(data.get("value"))
    return json.dumps(data, default=str, indent=2)


# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> int:
    if args.ask and args.note == "-":
        raise UsageError("--ask reads its answers from standard input: give the note as a file, not -")
    options = _parse_options(args.options)
    note = _read_note(args.note)
    try:
        check_task(args.question, note, options)
    except ValueError as err:
        raise UsageError(str(err)) from None
    overrides = _settings_overrides(args)
    preset = Settings.resolve(args.preset, **overrides).preset  # invalid settings stop here (exit 2)
    args.thread_id = args.thread_id or uuid.uuid4().hex  # known before the run: printed first, and on Ctrl-C
    stream = not (args.json or args.no_trace)
    if stream:  # each trace line as its step finishes
        print(f"preset: {preset}   thread: {args.thread_id}", flush=True)
    printer = TracePrinter(verbose=args.verbose >= 1) if stream else None
    try:
        result = _api().solve(args.question, note, options, preset=args.preset, thread_id=args.thread_id,
                              ask=ask_on_terminal if args.ask else None, on_trace=printer, **overrides)
    finally:
        if printer is not None:
            printer.flush()
    if args.json:
        print(result_json(result))
    elif result.status == "error":  # one line, no traceback (the trace is in --json)
        print(f"medmirror: error: {plain_error(result.status_detail) or 'the run ended with an error'} "
              f"(thread {result.thread_id})", file=sys.stderr)
    else:
        print_outcome(result)
    return 0 if result.status in ("answered", "uncertain", "refused") else 1


def ask_on_terminal(request: dict[str, Any], read: Any = None, out: Any = None) -> dict[str, str]:
    """``solve --ask``: put a paused run's question to the user, one input per line (empty: not known). Every
    prompt goes to stderr (``out``), so ``--ask --json`` keeps standard output one JSON document."""
    out, read = out or sys.stderr, read or input
    print(f"\n{request.get('message', 'The run asks for input.')}", file=out)
    answers: dict[str, str] = {}
    for want in request.get("inputs") or []:
        hint = want.get("unit") or ("one of " + ", ".join(want["allowed"]) if want.get("allowed") else
                                    want.get("expected") or "")
        print(f"  {want['name']}: {want.get('description', '')} [{hint}] ({want.get('why', '')})"
              .replace(f"[{hint}] [{hint}]", f"[{hint}]"), file=out)
        print(f"  {want['name']} = ", end="", file=out)
        out.flush()
        try:
            text = str(read("")).strip()  # input(""): the prompt is on stderr, never on stdout
        except EOFError:
            text = ""
        if text:
            answers[want["name"]] = text
    return answers


def demo_cases(path: str | None = None) -> list[dict[str, Any]]:
    """The bundled demo cases, or a JSON file of cases in the same form (name, question, note, expected)."""
    if path:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    return json.loads(resources.files("medmirror").joinpath("data/demo_cases.json").read_text(encoding="utf-8"))


def same_value(got: str | None, expected: str) -> bool:
    """A case's value is right when it equals the expected one (numbers within 1e-6)."""
    if got is None:
        return False
    try:
        return abs(float(got) - float(expected)) < 1e-6
    except ValueError:
        return got == expected


def cmd_demo(args: argparse.Namespace) -> int:
    every = demo_cases(args.cases)
    cases = [c for c in every if not args.case or c["name"] in args.case]
    if not cases:
        raise UsageError(f"no demo case named {', '.join(args.case)}; cases: {', '.join(c['name'] for c in every)}")
    overrides = _settings_overrides(args)
    right = 0
    rows = []
    for case in cases:
        print(f"\n=== {case['name']}: {case['question']}\n{case['note']}", flush=True)
        start = time.perf_counter()
        thread_id = uuid.uuid4().hex
        print(f"preset: {args.preset}   thread: {thread_id}", flush=True)
        printer = TracePrinter(verbose=args.verbose >= 1)
        result = _api().solve(case["question"], case["note"], preset=args.preset, thread_id=thread_id,
                              on_trace=printer, **overrides)
        printer.flush()
        print_outcome(result)
        ok = same_value(result.value, case["expected"])
        right += ok
        t = result.totals
        rows.append({"name": case["name"], "right": ok, "value": result.value, "expected": case["expected"],
                     "status": result.status, "seconds": round(time.perf_counter() - start, 1), "calls": t["calls"],
                     "tokens": t["input_tokens"] + t["output_tokens"], "answer": result.answer})
        print(f"expected {case['expected']}: {'RIGHT' if ok else 'WRONG'}")
    print("\ncase                 right  value                 seconds  calls  tokens")
    for r in rows:
        value = readable_text(r["value"])
        print(f"{r['name']:<20} {str(r['right']):<6} {value:<21} {r['seconds']:7.1f} {r['calls']:6d} {r['tokens']:7d}")
    print(f"{right}/{len(cases)} right with preset {args.preset}")
    if args.out:
        Path(args.out).write_text(json.dumps({"preset": args.preset, "right": right, "cases": rows}, indent=2),
                                  encoding="utf-8")
    return 0


def cmd_presets(args: argparse.Namespace) -> int:
    for name, values in PRESETS.items():
        print(f"{name:<18} {DESCRIPTIONS[name]}")
        print(f"{'':<18} " + ", ".join(f"{k}={v}" for k, v in values.items()))
    return 0


def cmd_graph(args: argparse.Namespace) -> int:
    print(_api().build_graph(preset=args.preset).get_graph().draw_mermaid())
    return 0


# ---------------------------------------------------------------------------
# The parser
# ---------------------------------------------------------------------------


def _preset_help(default: str) -> str:
    return f"{default}; one of: " + "; ".join(f"{n} ({DESCRIPTIONS[n]})" for n in PRESETS)


def _add_logging_flags(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """``-v/--verbose`` and ``--log-level``, before or after the command (SUPPRESS: a command's parser does not
    overwrite what was given before it)."""
    default = None if top else argparse.SUPPRESS
    parser.add_argument("-v", "--verbose", action="count", default=0 if top else argparse.SUPPRESS,
                        help="log what runs to stderr: -v info, -vv debug (with tracebacks of errors); the trace of "
                             "solve and demo then also shows the model's proposals the checks overruled")
    parser.add_argument("--log-level", choices=LOG_LEVELS, type=str.upper, default=default,
                        help="log level on stderr (default WARNING; overrides -v)")


def _add_solve(sub: Any) -> None:
    p = sub.add_parser("solve", help=COMMANDS["solve"][0], description="Answer one clinical question about a note; "
                       "the trace is printed as each step finishes, then the answer, value, evidence and usage.")
    p.add_argument("--question", "-q", required=True, help="the question")
    p.add_argument("--note", "-n", default=None, help="patient note file, or - for stdin")
    p.add_argument("--options", default=None, help='multiple-choice options as JSON, e.g. {"A": "...", "B": "..."}')
    p.add_argument("--preset", default=None, choices=list(PRESETS), metavar="PRESET",
                   help=_preset_help("default: MEDMIRROR_PRESET, else mirror"))
    p.add_argument("--thread-id", default=None, metavar="ID", help="resume an interrupted run (or name a new one)")
    p.add_argument("--json", action="store_true", help="print the whole result as JSON (value as a number)")
    p.add_argument("--no-trace", action="store_true", help="print only the answer")
    p.add_argument("--ask", action="store_true",
                   help="when a calculator input is missing from the note, ask for it here (value and unit, "
                        "empty to let it refuse) instead of refusing; the value is recorded as the user's")
    _add_settings_flags(p)
    p.set_defaults(func=cmd_solve)


def _add_demo(sub: Any) -> None:
    p = sub.add_parser("demo", help=COMMANDS["demo"][0])
    p.add_argument("--preset", default="mirror", choices=list(PRESETS), metavar="PRESET",
                   help=_preset_help("default mirror"))
    p.add_argument("--case", action="append", help="only this case (repeatable)")
    p.add_argument("--cases", help="a JSON file of cases (default: the bundled ones), e.g. app/data/dev/short_cases.json")
    p.add_argument("--out", help="write the per-case results (value, seconds, calls, tokens, answer) as JSON")
    _add_settings_flags(p)
    p.set_defaults(func=cmd_demo)


def _add_presets(sub: Any) -> None:
    sub.add_parser("presets", help=COMMANDS["presets"][0]).set_defaults(func=cmd_presets)


def _add_graph(sub: Any) -> None:
    p = sub.add_parser("graph", help=COMMANDS["graph"][0])
    p.add_argument("--preset", default="mirror", choices=list(PRESETS), help="whose graph (default mirror)")
    p.set_defaults(func=cmd_graph)


def _add_experiment(sub: Any) -> None:
    p = sub.add_parser(
        "experiment", help=COMMANDS["experiment"][0],
        description="Run every (dataset, condition, seed) of a TOML experiment file through the benchmark runner, "
                    "each in its own resumable folder, then write the tidy table, mean ± sd over seeds, paired "
                    "McNemar tests and bootstrap intervals, plots and report.md. Rerun the same command to resume.")
    p.add_argument("config", type=Path, metavar="CONFIG.toml", help="the experiment file")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="output folder (default: the file's `out`, else runs/experiments/<name>)")
    p.add_argument("--dry-run", action="store_true",
                   help="check the file, list the sub-runs with their rows, and estimate the time; run nothing")
    p.add_argument("--report-only", action="store_true",
                   help="run nothing; write the tables, plots and report from the records there are")
    _load("medmirror.bench.cli:add_engine_flags")(p)  # --workers N --engine local|ray --address A
    p.set_defaults(func=_handler("medmirror.bench.experiment:handle_experiment"))


def _add_optimize(sub: Any) -> None:
    p = sub.add_parser("optimize", help=COMMANDS["optimize"][0],
                       description="ReflecTool's optimisation stage over labelled cases: MedCalc-Bench rows (CSV) or "
                                   "the toolbox task sets of bench cab (JSONL); rerun with the same --out to resume.")
    p.add_argument("--data", required=True, type=Path,
                   help="MedCalc-Bench CSV with labels, or a toolbox task file (tools/*/tasks/*.jsonl, as bench cab "
                        "reads them); radiology is not read (its tasks have no labelled answer)")
    p.add_argument("--n", type=int, default=None, help="how many cases (after --skip)")
    p.add_argument("--skip", type=int, default=0, help="skip the first rows (e.g. to hold them out)")
    p.add_argument("--preset", default="reflectool-refine", choices=list(PRESETS), metavar="PRESET",
                   help=_preset_help("default reflectool-refine"))
    p.add_argument("--out", type=Path, default=None, help="output directory (reuse it to resume)")
    p.add_argument("--quiet", action="store_true", help="no progress bar or progress lines")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a setting, e.g. --set data_dir=/tmp/x")
    p.set_defaults(func=_handler("medmirror.optimize_cli:handle_optimize"))


def _add_mcp(sub: Any) -> None:
    p = sub.add_parser("mcp", help=COMMANDS["mcp"][0])
    p.add_argument("--http", action="store_true", help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio")
    p.add_argument("--host", default="127.0.0.1",
                   help="HTTP host (default 127.0.0.1, loopback only; another address needs MEDMIRROR_MCP_TOKEN)")
    p.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    p.add_argument("--allow-root", action="append", default=[], metavar="DIR",
                   help="a folder whose files clients may name as resources (repeatable; adds to resource_roots)")
    p.add_argument("--all-tools", action="store_true",
                   help="list every calculator as its own tool (default: the calculators are reached through "
                        "search_calculators, describe_calculator, run_calculator and run_panel)")
    p.set_defaults(func=_handler("medmirror.mcp_server:cmd_mcp"))


HERE = {"solve": _add_solve, "demo": _add_demo, "presets": _add_presets, "graph": _add_graph,
        "experiment": _add_experiment, "optimize": _add_optimize, "mcp": _add_mcp}


def _version() -> str:
    try:
        return metadata.version("medmirror")
    except metadata.PackageNotFoundError:  # a checkout that is not installed
        return "unknown (not installed)"


def build_parser(only: str | None = "*", sub_only: str | None = "*") -> argparse.ArgumentParser:
    """The command line's parser: every command (``only="*"``), or only the command ``only`` in full and the
    others as names with their help (what :func:`main` builds, so a command imports only its own modules);
    ``sub_only``: the same for ``bench``'s benchmarks."""
    parser = Parser(prog="medmirror", description="Clinical multi-agent system with validated tools.")
    parser.add_argument("--version", action="version", version=f"medmirror {_version()}")
    _add_logging_flags(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (help_text, target) in COMMANDS.items():
        if only not in ("*", name):
            sub.add_parser(name, help=help_text)
            continue
        if target is None:
            HERE[name](sub)
        elif name == "memory":
            _load(target)(sub, default_store=_default_store())
        elif name == "bench":
            _load(target)(sub, only=sub_only)
        else:
            _load(target)(sub)
        _add_logging_flags(sub.choices[name], top=False)
    return parser


def _commands_of(argv: list[str]) -> tuple[str | None, str | None]:
    """The command and the word after it named in ``argv`` (the words that are not options or the value of
    --log-level); None for a command that is not one (argparse then says which are)."""
    words, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word == "--log-level":
            skip = True
        elif not word.startswith("-"):
            words.append(word)
            if len(words) == 2:
                break
    command = words[0] if words and words[0] in COMMANDS else None
    return command, (words[1] if len(words) > 1 else None)


def _setup_logging(args: argparse.Namespace) -> None:
    level = args.log_level or ("DEBUG" if args.verbose >= 2 else "INFO" if args.verbose == 1 else "WARNING")
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(getattr(logging, level))  # also for libraries that set their own logger's level (bm25s)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S"))
    logging.basicConfig(level=getattr(logging, level), handlers=[handler])


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command, word = _commands_of(argv)
    args = build_parser(only=command, sub_only=word).parse_args(argv)
    _setup_logging(args)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        thread = getattr(args, "thread_id", None) if args.command == "solve" else None
        hint = f"; rerun the same command with --thread-id {thread} to resume" if thread else ""
        print(f"\nmedmirror: interrupted{hint}", file=sys.stderr)
        return 130
    except Exception as exc:  # one clear line, no traceback (-vv logs it)
        log.debug("medmirror %s failed", args.command, exc_info=True)
        if isinstance(exc, pydantic.ValidationError):
            print(f"medmirror: error: invalid settings: {settings_error(exc)}", file=sys.stderr)
            return 2
        extra = _load("medmirror.core.models.extras:missing_extra")(exc) if isinstance(exc, ImportError) else None
        if extra is not None:  # a feature whose optional package is not installed: the extra that installs it
            print(f"medmirror: error: {extra}", file=sys.stderr)
            return 2
        factory = sys.modules.get("medmirror.core.models.factory")  # loaded only if a command built a model
        config_error = factory.ModelConfigError if factory else UsageError
        if isinstance(exc, (UsageError, config_error, FileNotFoundError, InputTooLarge, InvalidTaskInput,
                            UnicodeDecodeError, json.JSONDecodeError)):
            print(f"medmirror: error: {' '.join(str(exc).split())}", file=sys.stderr)
            return 2
        print(f"medmirror: error: {plain_error(str(exc) or type(exc).__name__)[:600]}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
