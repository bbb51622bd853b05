"""The ``medmirror`` command line.

    medmirror solve --question "What is the patient's BMI?" --note note.txt
    medmirror demo
    medmirror bench medcalc --data one_shot.csv --mode gold
    medmirror experiment app/data/experiments/one_shot_small.toml
    medmirror memory list
    medmirror presets | graph
    medmirror mcp [--http --port 8765]

Every :class:`medmirror.settings.Settings` field is also a flag (``--theta-plan 9``,
``--model-provider openai``, ``--openai-base-url ...``); secrets such as the API
key are read from ``MEDMIRROR_OPENAI_API_KEY`` only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pydantic

from medmirror.api import solve
from medmirror.bench.cli import add_bench_parser, one_line_validation_error
from medmirror.bench.experiment import add_experiment_parser
from medmirror.cohort import add_cohort_parser
from medmirror.graphs.main import build_graph
from medmirror.limits import MAX_NOTE_BYTES, InputTooLarge, InvalidTaskInput, check_options, check_task
from medmirror.mcp_server import add_mcp_parser
from medmirror.memory.experience_cli import add_memory_parser
from medmirror.models.factory import ModelConfigError
from medmirror.optimize_cli import add_optimize_parser
from medmirror.presets import DESCRIPTIONS, PRESETS
from medmirror.settings import Settings

SECRET_FIELDS = {"openai_api_key", "vision_api_key"}


def _add_settings_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("settings (also MEDMIRROR_<NAME> environment variables)")
    for name, info in Settings.model_fields.items():
        if name in SECRET_FIELDS or name == "preset":
            continue
        flag = "--" + name.replace("_", "-")
        group.add_argument(flag, dest=f"set_{name}", default=None, metavar="VALUE",
                           help=(info.description or "").replace("%", "%%"))


class UsageError(ValueError):
    """A command-line input is unusable; printed as one line, exit code 2."""


def _settings_overrides(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in vars(args).items():
        if key.startswith("set_") and value is not None:
            name = key[4:]
            if name == "role_providers":
                out[name] = value
            elif value.strip().startswith(("{", "[")):
                try:
                    out[name] = json.loads(value)
                except json.JSONDecodeError as err:
                    raise UsageError(f"--{name.replace('_', '-')} is not valid JSON ({err})") from None
            else:
                out[name] = value
    return out


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
        if not path.is_file():
            raise UsageError(f"note file not found: {arg} (give a file path, or - for stdin)")
        try:
            with path.open("rb") as fh:
                data = fh.read(MAX_NOTE_BYTES + 1)
        except OSError as err:
            raise UsageError(f"cannot read {where}: {err.strerror or err}") from None
    if len(data) > MAX_NOTE_BYTES:
        raise UsageError(f"{where} is too large: more than {MAX_NOTE_BYTES:,} bytes "
                         "(MAX_NOTE_BYTES in app/limits.py)")
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
        return str(Settings().experience_dir)
    except pydantic.ValidationError:  # invalid settings are reported by the command that uses them
        return str(Settings.model_fields["data_dir"].default_factory() / "experience")


def print_result(result: Any, *, trace: bool = True, out: Any = None) -> None:
    out = out or sys.stdout
    if trace:
        print(f"preset: {result.preset}   thread: {result.thread_id}", file=out)
        for e in result.trace:
            score = f" [score {e['score']}]" if "score" in e else ""
            checks = f" [{e['checks']}]" if e.get("checks") else ""
            by = f" <- {e['decided_by']}" if e.get("decided_by") else ""
            print(f"  {e['node']:>10} | {e['event']}{score}{checks}{by}: {e.get('detail', '')}", file=out)
    print(f"\nstatus: {result.status}" + (f" ({result.status_detail})" if result.status_detail else ""), file=out)
    print(f"answer: {result.answer}", file=out)
    if getattr(result, "rationale", ""):
        print(f"rationale (the model's words that passed the checks): {result.rationale}", file=out)
    print(f"value ({result.answer_format}): {result.value}", file=out)
    table = result.evidence_table() if hasattr(result, "evidence_table") else []
    if table:
        print("evidence (input = value [status] 'span in the note' @offsets):", file=out)
        for row in table:
            span = f" @{row['span'][0]}-{row['span'][1]}" if row.get("span") else ""
            quote = f" '{' '.join(row['evidence'].split())[:90]}'" if row.get("evidence") else ""
            unit = f" {row['unit']}" if row.get("unit") else ""
            print(f"  {row['tool']}.{row['input']} = {row['value']!r}{unit} [{row['status']}]{quote}{span}", file=out)
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


def cmd_solve(args: argparse.Namespace) -> int:


    if args.ask and args.note == "-":
        raise UsageError("--ask reads its answers from standard input: give the note as a file, not -")
    options = _parse_options(args.options)
    note = _read_note(args.note)
    try:
        check_task(args.question, note, options)
    except ValueError as err:
        raise UsageError(str(err)) from None
    ask = ask_on_terminal if args.ask else None
    result = solve(args.question, note, options, preset=args.preset, thread_id=args.thread_id, ask=ask,
                   **_settings_overrides(args))
    if args.json:
        print(json.dumps(result.to_dict(), default=str, indent=2))
    elif result.status == "error":  # one line, no traceback (the trace is in --json)
        print(f"medmirror: error: {result.status_detail or 'the run ended with an error'} "
              f"(thread {result.thread_id})", file=sys.stderr)
    else:
        print_result(result, trace=not args.no_trace)
    return 0 if result.status in ("answered", "refused") else 1


def ask_on_terminal(request: dict[str, Any], read: Any = None, out: Any = None) -> dict[str, str]:
    """``solve --ask``: put a paused run's question to the user, one input per line (empty: not known)."""
    out, read = out or sys.stderr, read or input
    print(f"\n{request.get('message', 'The run asks for input.')}", file=out)
    answers: dict[str, str] = {}
    for want in request.get("inputs") or []:
        hint = want.get("unit") or ("one of " + ", ".join(want["allowed"]) if want.get("allowed") else
                                    want.get("expected") or "")
        print(f"  {want['name']}: {want.get('description', '')} [{hint}] ({want.get('why', '')})"
              .replace(f"[{hint}] [{hint}]", f"[{hint}]"), file=out)
        out.flush()
        try:
            text = str(read(f"  {want['name']} = ")).strip()
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
        raise SystemExit(f"medmirror demo: no case named {args.case}; cases: {', '.join(c['name'] for c in every)}")
    overrides = _settings_overrides(args)
    right = 0
    rows = []
    for case in cases:
        print(f"\n=== {case['name']}: {case['question']}\n{case['note']}")
        start = time.perf_counter()
        result = solve(case["question"], case["note"], preset=args.preset, **overrides)
        print_result(result)
        ok = same_value(result.value, case["expected"])
        right += ok
        t = result.totals
        rows.append({"name": case["name"], "right": ok, "value": result.value, "expected": case["expected"],
                     "status": result.status, "seconds": round(time.perf_counter() - start, 1), "calls": t["calls"],
                     "tokens": t["input_tokens"] + t["output_tokens"], "answer": result.answer})
        print(f"expected {case['expected']}: {'RIGHT' if ok else 'WRONG'}")
    print("\ncase                 right  value                 seconds  calls  tokens")
    for r in rows:
        print(f"{r['name']:<20} {str(r['right']):<6} {str(r['value']):<21} {r['seconds']:7.1f} {r['calls']:6d} {r['tokens']:7d}")
    print(f"{right}/{len(cases)} right with preset {args.preset}")
    if args.out:
        Path(args.out).write_text(json.dumps({"preset": args.preset, "right": right, "cases": rows}, indent=2),
                                  encoding="utf-8")
    return 0


def cmd_presets(args: argparse.Namespace) -> int:
    for name, values in PRESETS.items():
        print(f"{name:<10} {DESCRIPTIONS[name]}\n           {values}")
    return 0


def cmd_graph(args: argparse.Namespace) -> int:
    print(build_graph(preset=args.preset).get_graph().draw_mermaid())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="medmirror", description="Clinical multi-agent system with validated tools.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    solve_p = sub.add_parser("solve", help="answer one clinical question")
    solve_p.add_argument("--question", "-q", required=True)
    solve_p.add_argument("--note", "-n", default=None, help="patient note file, or - for stdin")
    solve_p.add_argument("--options", default=None, help='multiple-choice options as JSON, e.g. {"A": "...", "B": "..."}')
    solve_p.add_argument("--preset", default=None, help="cot, react, mirror, riskagent, full (default: MEDMIRROR_PRESET or mirror)")
    solve_p.add_argument("--thread-id", default=None, help="resume an interrupted run (or name a new one)")
    solve_p.add_argument("--json", action="store_true", help="print the whole result as JSON")
    solve_p.add_argument("--no-trace", action="store_true", help="print only the answer")
    solve_p.add_argument("--ask", action="store_true",
                         help="when a calculator input is missing from the note, ask for it here (value and unit, "
                              "empty to let it refuse) instead of refusing; the value is recorded as the user's")
    _add_settings_flags(solve_p)
    solve_p.set_defaults(func=cmd_solve)

    demo_p = sub.add_parser("demo", help="run the bundled example cases end to end")
    demo_p.add_argument("--preset", default="mirror")
    demo_p.add_argument("--case", action="append", help="only this case (repeatable)")
    demo_p.add_argument("--cases", help="a JSON file of cases (default: the bundled ones), e.g. app/data/dev/short_cases.json")
    demo_p.add_argument("--out", help="write the per-case results (value, seconds, calls, tokens, answer) as JSON")
    _add_settings_flags(demo_p)
    demo_p.set_defaults(func=cmd_demo)

    sub.add_parser("presets", help="list the presets").set_defaults(func=cmd_presets)
    gp = sub.add_parser("graph", help="print a preset's graph as Mermaid (the planner or the single-loop graph)")
    gp.add_argument("--preset", default="mirror", choices=list(PRESETS), help="whose graph (default mirror)")
    gp.set_defaults(func=cmd_graph)



    add_bench_parser(sub)
    add_experiment_parser(sub)
    add_cohort_parser(sub)
    add_optimize_parser(sub)
    add_mcp_parser(sub)
    add_memory_parser(sub, default_store=_default_store())
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("\ninterrupted; rerun `medmirror solve` with the same --thread-id to resume", file=sys.stderr)
        return 130
    except Exception as exc:  # one clear line, no traceback
        from pydantic import ValidationError


        if isinstance(exc, ValidationError):
            print(f"medmirror: error: invalid settings: {one_line_validation_error(exc)}", file=sys.stderr)
            return 2
        if isinstance(exc, (UsageError, ModelConfigError, FileNotFoundError, InputTooLarge, InvalidTaskInput,
                            UnicodeDecodeError, json.JSONDecodeError)):
            print(f"medmirror: error: {' '.join(str(exc).split())}", file=sys.stderr)
            return 2
        import logging

        logging.getLogger(__name__).debug("medmirror failed", exc_info=True)
        print(f"medmirror: error: {type(exc).__name__}: {' '.join(str(exc).split())[:600]}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
