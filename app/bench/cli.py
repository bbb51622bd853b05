"""The ``bench`` command of the ``medmirror`` CLI.

``add_bench_parser(subparsers)`` adds ``bench medcalc`` to an argparse subparsers
object; the parsed namespace carries the handler in ``func`` (``args.func(args)``
returns the exit code). ``main(argv)`` runs it standalone, e.g.
``main(["bench", "medcalc", "--data", "one_shot.csv", "--mode", "gold"])``.

Exit codes: 0 done, 2 bad data/options (message on stderr), 130 interrupted
(records written so far are kept; rerun with the same ``--out`` to resume).
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

from medmirror.core.settings import Settings


def _mod(name: str) -> Any:
    """A benchmark's module (``medmirror.bench.<name>``), imported when its parser or its run needs it: the
    runners pull in the graphs, models and tools, which ``medmirror bench --help`` does not need."""
    return import_module(f"medmirror.bench.{name}")


def _int_at_least(lo: int) -> Any:
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if v < lo:
            raise argparse.ArgumentTypeError(f"must be >= {lo}, got {v}")
        return v

    return parse


def add_bench_parser(subparsers: Any, only: str | None = "*") -> argparse.ArgumentParser:
    """Add ``bench`` and its benchmarks to ``subparsers``; returns the ``bench`` parser. ``only``: the benchmark
    named on the command line; medcalc and medrisk, whose modes come from their (heavy) runner modules, are
    built in full only when named (or ``only="*"``), else as a name with its help."""
    bench = subparsers.add_parser(
        "bench", help="run a benchmark",
        description="Run a benchmark dataset; writes per-row JSONL, summary.json and a plot.",
    )
    sub = bench.add_subparsers(dest="benchmark", metavar="BENCHMARK", required=True)
    mc_help = "MedCalc-Bench (CSV in its public column format)"
    mr_help = "MedRisk-Qualitative (RiskAgent's multiple-choice questions, JSON Lines)"
    if only in ("*", "medcalc"):
        _add_medcalc(sub, mc_help)
    else:
        sub.add_parser("medcalc", help=mc_help)
    if only in ("*", "medrisk"):
        _add_medrisk(sub, mr_help)
    else:
        sub.add_parser("medrisk", help=mr_help)
    _add_other_benchmarks(sub)
    return bench


def _add_medcalc(sub: Any, help_text: str) -> None:
    MODES = _mod("medcalc").MODES
    mc = sub.add_parser(
        "medcalc", help=help_text,
        description=(
            "Run MedCalc-Bench rows and score them with the benchmark's rule (dates and "
            "integer scores exact, decimals within the row's Lower/Upper Limit). Rows already "
            "in <out>/records.jsonl are skipped, so rerunning with the same --out resumes."
        ),
    )
    mc.add_argument("--data", required=True, type=Path, metavar="FILE.csv", help="MedCalc-Bench CSV")
    modes = ", ".join(f"{m.name} ({m.description}{'' if m.available else '; not available yet'})" for m in MODES.values())
    mc.add_argument("--mode", required=True, choices=list(MODES), help=f"one of: {modes}")
    mc.add_argument("--limit", type=_int_at_least(0), default=None, metavar="N", help="only the first N rows")
    mc.add_argument("--skip", type=_int_at_least(0), default=0, metavar="K", help="skip the first K rows (before --limit)")
    mc.add_argument("--every", type=_int_at_least(1), default=1, metavar="K",
                    help="then keep every K-th row (a subset spread over the calculators), before --limit")
    mc.add_argument("--out", type=Path, default=None, metavar="DIR",
                    help="output directory (default runs/medcalc-<mode>-<timestamp>/); reuse it to resume")
    mc.add_argument("--concurrency", type=_int_at_least(1), default=1, metavar="N", help="rows in parallel (threads)")
    add_engine_flags(mc)
    mc.add_argument("--quiet", action="store_true", help="no progress bar or progress messages")
    mc.add_argument("--no-plot", action="store_true", help="do not draw the per-category bar chart")
    mc.add_argument("--k", type=_int_at_least(1), default=5, help="retrieve: how many tools to return")
    mc.add_argument("--preset", default=None, help="agent: the preset to run (default mirror)")
    mc.add_argument("--extractor", choices=["rules", "llm", "hybrid"], default=None,
                    help="extract: rules only, the LLM checked against the note, or both reconciled "
                         "(default: the extractor setting, else hybrid)")
    mc.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="agent: a setting for every run, e.g. --set theta_plan=9 --set model_provider=openai")
    mc.set_defaults(func=handle_medcalc)


def _add_medrisk(sub: Any, help_text: str) -> None:
    MEDRISK_MODES = _mod("medrisk").MODES
    mr = sub.add_parser(
        "medrisk", help=help_text,
        description=("Run MedRisk-Qualitative rows: the row's calculator (by MDCalc id) and the option matcher, or the "
                     "whole graph, or retrieval over every calculator card. Rows whose calculator is not implemented "
                     "yet are counted apart (no_calculator), never as wrong. Rerunning with the same --out resumes."),
    )
    mr.add_argument("--data", required=True, type=Path, metavar="FILE.jsonl", help="MedRisk-Qualitative JSON Lines")
    mr.add_argument("--mode", required=True, choices=list(MEDRISK_MODES),
                    help="; ".join(f"{m.name}: {m.description}" for m in MEDRISK_MODES.values()))
    mr.add_argument("--limit", type=_int_at_least(0), default=None, metavar="N", help="only the first N rows")
    mr.add_argument("--every", type=_int_at_least(1), default=1, metavar="K", help="keep every K-th row (before --limit)")
    mr.add_argument("--out", type=Path, default=None, metavar="DIR",
                    help="output directory (default runs/medrisk-<mode>-<timestamp>/); reuse it to resume")
    mr.add_argument("--concurrency", type=_int_at_least(1), default=1, metavar="N")
    mr.add_argument("--quiet", action="store_true")
    mr.add_argument("--no-plot", action="store_true")
    mr.add_argument("--k", type=_int_at_least(1), default=5, help="retrieve: how many tools to return")
    mr.add_argument("--preset", default=None, help="agent: the preset to run (default mirror)")
    mr.add_argument("--extractor", choices=["rules", "llm", "hybrid"], default=None,
                    help="extract: for calculators with a field map (default rules); library point scores use the "
                         "label reader")
    mr.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    mr.set_defaults(func=handle_medrisk)


def _add_other_benchmarks(sub: Any) -> None:
    mm = sub.add_parser(
        "medmcp", help="MedMCP-Calc (multi-calculator clinical scenarios, JSON Lines)",
        description=("gold: each required calculator MedMirror implements on the scenario's gold inputs vs MDCalc's "
                     "answer; plan: calculators the tool retrieval identifies from fuzzy_question and task_description "
                     "vs required_calculators. Rerunning with the same --out resumes."),
    )
    mm.add_argument("--data", required=True, type=Path, metavar="FILE.jsonl", help="MedMCP-Calc JSON Lines")
    mm.add_argument("--mode", required=True, choices=["gold", "plan", "agent"],
                    help="gold: the required calculators on MDCalc's gold inputs; plan: calculators identified by the "
                         "tool retrieval; agent: end to end over a patient record built from the scenario")
    mm.add_argument("--plan", choices=["retrieval", "oracle"], default="retrieval",
                    help="agent: calculators identified by the retrieval (default) or the scenario's required ones")
    mm.add_argument("--limit", type=_int_at_least(0), default=None, metavar="N", help="only the first N scenarios")
    mm.add_argument("--out", type=Path, default=None, metavar="DIR",
                    help="output directory (default runs/medmcp-<mode>-<timestamp>/); reuse it to resume")
    mm.add_argument("--k", type=_int_at_least(1), default=8, help="plan: calculators kept from the whole-text search")
    mm.add_argument("--quiet", action="store_true")
    mm.add_argument("--no-plot", action="store_true")
    mm.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="plan: a setting, e.g. --set embeddings_provider=none (BM25 alone)")
    mm.set_defaults(func=handle_medmcp)

    ov = sub.add_parser("overhead", help="framework overhead per node with the scripted model",
                        description="Time the main graph with an instant scripted model: per-node and per-case overhead.")
    ov.add_argument("--runs", type=_int_at_least(1), default=20)
    ov.add_argument("--checkpointer", choices=["memory", "sqlite", "none"], default="memory")
    ov.add_argument("--out", type=Path, default=None, metavar="FILE.json")
    ov.set_defaults(func=handle_overhead)

    ex = sub.add_parser("extraction", help="how the rule extractor's work grows with the note (CPU seconds)",
                        description="Time the rule extractor on a 5,000-word note and on notes of size n and 4n "
                                    "built from the patterns that once made it quadratic.")
    ex.add_argument("--scale", type=float, default=1.0, help="shrink (or grow) every size by this factor")
    ex.add_argument("--out", type=Path, default=None, metavar="FILE.json")
    ex.set_defaults(func=handle_extraction)

    cab = sub.add_parser("cab", help="clinical toolbox task sets (knowledge, EHR, NER, long documents, refusals)",
                         description="Run the toolbox task sets through the graph; per-dimension scores and the "
                                     "tool-selection error rate.")
    cab.add_argument("--dimension", default="all",
                     help="knowledge, ehr, ehr_absent, ner, longdoc, longdoc_unanswerable (comma-separated) or all")
    cab.add_argument("--preset", default="mirror")
    cab.add_argument("--limit", type=_int_at_least(1), default=None, metavar="N", help="first N tasks per dimension")
    cab.add_argument("--out", type=Path, default=None, metavar="DIR")
    cab.add_argument("--concurrency", type=_int_at_least(1), default=1)
    cab.add_argument("--quiet", action="store_true")
    cab.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    cab.set_defaults(func=handle_cab)

    rada = sub.add_parser(
        "rada", help="radiology tool-use benchmark (RadA-BenchPlat style, generated offline)",
        description="Synthetic radiology records x task types under a tool-set condition, through the graph; "
                    "chain, execution, output, text and unsolvability metrics. Cases already in "
                    "<out>/records.jsonl are skipped, so rerunning with the same --out resumes.")
    rada.add_argument("--condition", required=True, metavar="NAME",
                      help="baseline, redundant_regular, redundant_medium, redundant_high, insufficient_config1, "
                           "insufficient_config2, insufficient_config3, differentiated, or insufficient (all three)")
    rada.add_argument("--records", type=_int_at_least(1), default=1, metavar="N", help="synthetic records (default 1)")
    rada.add_argument("--tasks", default=None, metavar="T1,T2", help="task types (default: all 11)")
    rada.add_argument("--preset", default="mirror")
    rada.add_argument("--out", type=Path, default=None, metavar="DIR",
                      help="output directory (default runs/rada-<condition>-<preset>-<timestamp>/); reuse it to resume")
    rada.add_argument("--seed", type=int, default=0, help="seed of the records and tool sets")
    rada.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                      help="a setting for every run, e.g. --set max_react_steps=15")
    rada.add_argument("--build-tools", action="store_true",
                      help="after a NoCall, a simulated builder adds the missing tool and the task resumes")
    rada.add_argument("--limit", type=_int_at_least(1), default=None, metavar="N", help="only the first N cases")
    rada.add_argument("--quiet", action="store_true")
    rada.set_defaults(func=handle_rada)

    cs = sub.add_parser("cli", help="how fast the command line starts: --help per command, solve's first trace line",
                        description="Each command in fresh processes: --help of every command, and solve on the "
                                    "scripted model (seconds to its first trace line and to the end).")
    cs.add_argument("--repeats", type=_int_at_least(1), default=5)
    cs.add_argument("--out", type=Path, default=None, metavar="FILE.json")
    cs.set_defaults(func=lambda args: _mod("cli_speed").run_cli(args.repeats, args.out))

    eb = sub.add_parser("engine", help="the execution engines: 1 vs 2 workers, local vs Ray, on one slice",
                        description="The same MedCalc-Bench slice on the local engine and on Ray with 1 and 2 "
                                    "workers: rows per minute, peak memory per worker, Ray's overhead per row.")
    eb.add_argument("--data", action="append", default=None, metavar="FILE.csv",
                    help="MedCalc-Bench CSV (repeatable; default app/data/dev/blind8.csv and blind10.csv)")
    eb.add_argument("--rows", type=_int_at_least(1), default=40, metavar="N")
    eb.add_argument("--mode", choices=["extract", "agent"], default="extract",
                    help="extract: rules, no model (default); agent: the graph with its models")
    eb.add_argument("--preset", default=None, help="agent: the preset (default mirror)")
    eb.add_argument("--extractor", choices=["rules", "llm", "hybrid"], default="rules",
                    help="extract: rules (no model, default), or with the model (each worker builds its own)")
    eb.add_argument("--engines", default="local,ray", help="comma-separated: local, ray")
    eb.add_argument("--address", default=None, metavar="ADDR", help="ray: an existing cluster")
    eb.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    eb.add_argument("--blank-rows", type=_int_at_least(0), default=300, metavar="N",
                    help="then N empty rows per condition: the engine's own cost per row (0: skip)")
    eb.add_argument("--out", type=Path, default=None, metavar="FILE.json")
    eb.set_defaults(func=handle_engine)

    rt = sub.add_parser("retrieval", help="tool-retrieval latency and recall over many tool cards",
                        description="BM25 over N tool cards (calculators, radiology catalogue, synthetic distractors).")
    rt.add_argument("--cards", type=_int_at_least(1), default=1000)
    rt.add_argument("--repeats", type=_int_at_least(1), default=20)
    rt.set_defaults(func=handle_retrieval)


def add_engine_flags(p: argparse.ArgumentParser) -> None:
    """``--workers N --engine local|ray --address A`` (medmirror.bench.engine)."""
    p.add_argument("--workers", type=_int_at_least(1), default=1, metavar="N",
                   help="rows at once on the engine: worker processes (threads when every model is a remote "
                        "server) or Ray actors, each with its own model")
    p.add_argument("--engine", choices=["local", "ray"], default="local", help="local (this machine) or ray (a Ray cluster)")
    p.add_argument("--address", default=None, metavar="ADDR",
                   help="ray: an existing cluster (ray://head:10001, or auto); default: a local one started here")


def handle_cab(args: argparse.Namespace) -> int:
    settings = _settings_pairs(args.set)
    _warn_concurrency(args, settings)
    try:
        _mod("cab").run_cab(args.dimension, preset=args.preset, limit=args.limit, out_dir=args.out, concurrency=args.concurrency,
                quiet=args.quiet, options={"settings": settings})
    except _mod("cab").CabError as exc:
        print(f"medmirror bench cab: error: {exc}", file=sys.stderr)
        return 2
    return 0


def handle_rada(args: argparse.Namespace) -> int:
    try:
        _mod("rada").run_rada(args.condition, records=args.records, tasks=args.tasks, preset=args.preset, out_dir=args.out,
                 seed=args.seed, build_tools=args.build_tools, limit=args.limit, quiet=args.quiet,
                 options={"settings": _settings_pairs(args.set)})
    except _mod("rada").RadaError as exc:
        print(f"medmirror bench rada: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\ninterrupted; finished cases are saved - rerun with --out {args.out or 'the same directory'} "
              "to resume", file=sys.stderr)
        return 130
    return 0


def handle_engine(args: argparse.Namespace) -> int:
    return _mod("engine_bench").run_cli(args.data, args.rows, args.mode, _settings_pairs(args.set),
                                [e.strip() for e in args.engines.split(",") if e.strip()], args.address, args.out,
                                args.preset, args.blank_rows, args.extractor)


def handle_retrieval(args: argparse.Namespace) -> int:
    retrieval = _mod("retrieval")
    retrieval.print_report(retrieval.measure(args.cards, args.repeats))
    return 0


def handle_extraction(args: argparse.Namespace) -> int:
    return _mod("extraction_speed").run_cli(args.scale, args.out)


def handle_overhead(args: argparse.Namespace) -> int:
    return _mod("overhead").run_cli(args.runs, args.checkpointer, args.out)


LOOPBACK = ("localhost", "127.", "[::1]", "0.0.0.0")


def serial_server_warning(settings: Any, concurrency: int) -> str | None:
    """A warning when rows would run ``concurrency`` at once against an OpenAI-compatible server on this machine.

    How it is detected: the server's URL (``openai_base_url``) is a loopback address. A local server is usually
    llama.cpp's or Ollama's, which by default serve one request at a time (llama.cpp's server: one slot unless
    started with ``--parallel N``), so concurrent rows queue; measured on issue 32's machine, 3 at once were 8 times
    slower per case than one at a time. A remote server (vLLM, OpenAI) batches: no warning."""
    url = str(getattr(settings, "openai_base_url", None) or "")
    host = url.split("://", 1)[-1]
    if concurrency <= 1 or not host.startswith(LOOPBACK):
        return None
    return (f"--concurrency {concurrency} against {url}, a server on this machine: llama.cpp's server and Ollama "
            f"serve one request at a time unless started with parallel slots (llama.cpp: --parallel {concurrency}), "
            f"so rows queue and each is slower (3 at once were 8x slower per case than 1); use --concurrency 1 or "
            f"start the server with slots")


def _warn_concurrency(args: argparse.Namespace, settings: dict[str, str]) -> None:
    try:
        resolved = Settings.resolve(getattr(args, "preset", None), **settings)
    except ValueError:  # invalid settings are reported by the run
        return
    if resolved.model_provider == "openai" and (warning := serial_server_warning(resolved, args.concurrency)):
        print(f"medmirror bench: warning: {warning}", file=sys.stderr)


def _settings_pairs(pairs: list[str]) -> dict[str, str]:
    """``--set NAME=VALUE`` pairs, checked up front: an unknown name or an invalid value stops the
    command (exit 2) with the list of valid settings, instead of failing every row (in agent mode
    each row was recorded as an error, and resume never re-ran them)."""
    from pydantic import ValidationError


    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            _bad_set(f"--set takes NAME=VALUE, got {pair!r}")
        out[name.strip()] = value.strip()
    valid = sorted(Settings.model_fields)
    unknown = sorted(set(out) - set(valid))
    if unknown:
        _bad_set(f"unknown setting(s) {', '.join(unknown)} in --set; valid settings: {', '.join(valid)}")
    try:
        Settings(**out)
    except (ValidationError, ValueError) as exc:
        _bad_set(f"--set: {one_line_validation_error(exc)}")
    return out


def _bad_set(message: str) -> None:
    print(f"medmirror bench: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def one_line_validation_error(exc: Exception) -> str:
    """A pydantic ValidationError (or any error) as one line: 'field: message; ...'."""
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        return "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ())) or 'settings'}: {e.get('msg')}"
                         + (f" (got {e['input']!r})" if e.get("type") != "missing" and "input" in e
                            and not isinstance(e["input"], dict) else "")
                         for e in exc.errors())
    return " ".join(str(exc).split())


def handle_medcalc(args: argparse.Namespace) -> int:
    """Handler of ``bench medcalc``; returns the exit code."""
    settings = _settings_pairs(args.set)
    _warn_concurrency(args, settings)
    try:
        _mod("medcalc").run_medcalc(
            args.data, args.mode, limit=args.limit, skip=args.skip, every=args.every, out_dir=args.out,
            concurrency=args.concurrency, quiet=args.quiet, plot=not args.no_plot,
            options={"k": args.k, "preset": args.preset, "settings": settings, "extractor": args.extractor},
            workers=args.workers, engine=args.engine, address=args.address,
        )
    except _mod("medcalc").BenchError as exc:
        print(f"medmirror bench medcalc: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        where = args.out or "the run directory printed above"
        print(f"\ninterrupted; finished rows are saved - rerun with --out {where} to resume", file=sys.stderr)
        return 130
    return 0


def handle_medrisk(args: argparse.Namespace) -> int:
    """Handler of ``bench medrisk``; returns the exit code."""
    settings = _settings_pairs(args.set)
    _warn_concurrency(args, settings)
    try:
        _mod("medrisk").run_medrisk(args.data, args.mode, limit=args.limit, every=args.every, out_dir=args.out,
                                    concurrency=args.concurrency, quiet=args.quiet, plot=not args.no_plot,
                                    options={"k": args.k, "preset": args.preset, "settings": settings,
                                             "extractor": args.extractor})
    except _mod("medcalc").BenchError as exc:
        print(f"medmirror bench medrisk: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\ninterrupted; finished rows are saved - rerun with --out {args.out or 'the same directory'} to resume",
              file=sys.stderr)
        return 130
    return 0


def handle_medmcp(args: argparse.Namespace) -> int:
    """Handler of ``bench medmcp``; returns the exit code."""
    try:
        agent = args.mode == "agent"  # the patient record and the workflow: medmcp_agent
        run = _mod("medmcp_agent").run_medmcp_agent if agent else _mod("medmcp").run_medmcp
        run(args.data, args.mode, limit=args.limit, out_dir=args.out, quiet=args.quiet, plot_figure=not args.no_plot,
            options={"k": args.k, "settings": _settings_pairs(args.set), "plan": args.plan})
    except _mod("medcalc").BenchError as exc:
        print(f"medmirror bench medmcp: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\ninterrupted; finished rows are saved - rerun with --out {args.out or 'the same directory'} to resume",
              file=sys.stderr)
        return 130
    return 0


def main(argv: list[str] | None = None) -> int:
    """Standalone entry: ``main(["bench", "medcalc", ...])``."""
    parser = argparse.ArgumentParser(prog="medmirror")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_bench_parser(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
