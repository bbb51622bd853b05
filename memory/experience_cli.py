"""``medmirror memory list|show|export|import|clear|migrate``: the experience store from the shell.

:func:`add_memory_parser` adds the ``memory`` command to an argparse sub-parser set;
the parsed namespace carries ``func=run_memory_command``, which returns an exit code
(0 ok, 1 failed, 2 usage). ``--store`` (a directory or a .sqlite3 file) may be given
before or after the sub-command; the caller supplies its default (the settings' data
directory). Only ``import`` creates a store that does not exist yet.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any, TextIO

from medmirror.memory.checkpoint import is_postgres
from medmirror.memory.experience import ExperienceStore, resolve_store_file
from medmirror.memory.experience_models import ExperienceStoreError

__all__ = ["add_memory_parser", "run_memory_command"]


def add_memory_parser(
    subparsers: argparse._SubParsersAction, default_store: str | None = None
) -> argparse.ArgumentParser:
    """Add the ``memory`` command (with its sub-commands) and return its parser."""
    store_help = "experience store: a directory (holding experience.sqlite3) or a .sqlite3 file"
    parser = subparsers.add_parser(
        "memory",
        help="inspect and manage the experience store",
        description="Inspect and manage the persistent experience store (trajectories, tool experience).",
    )
    parser.add_argument("--store", default=default_store, help=store_help)
    parser.set_defaults(func=run_memory_command)

    # Sub-commands accept --store too, without overriding a value given before them.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--store", default=argparse.SUPPRESS, help=store_help)
    sub = parser.add_subparsers(dest="memory_command", metavar="{list,show,export,import,clear,migrate}")
    sub.required = True

    p = sub.add_parser("list", parents=[common], help="list trajectories (or tools with --tools)")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--offset", type=int, default=0)
    p.add_argument("--tools", action="store_true", help="list tool experience instead of trajectories")
    p.add_argument("--json", action="store_true", help="one JSON object per line")

    p = sub.add_parser("show", parents=[common], help="show a trajectory by id, or a tool's experience")
    p.add_argument("target", help="trajectory id, or tool name (with --tool, or when no trajectory has that id)")
    p.add_argument("--tool", action="store_true", help="TARGET is a tool (or Plan / Think / Finish)")

    p = sub.add_parser("export", parents=[common], help="export the store to a JSONL file ('-': standard output)")
    p.add_argument("path")

    p = sub.add_parser("import", parents=[common], help="import a JSONL export (idempotent; '-': standard input)")
    p.add_argument("path")

    p = sub.add_parser("clear", parents=[common], help="delete stored records")
    p.add_argument("--kind", choices=["all", "trajectories", "experience"], default="all")
    p.add_argument("--yes", action="store_true", help="confirm the deletion")

    sub.add_parser("migrate", parents=[common],
                   help="copy an earlier layout's records in the file into LangGraph's store (idempotent; also done "
                        "on first open)")
    return parser


def _excerpt(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _list(store: ExperienceStore, args: argparse.Namespace, out: TextIO, err: TextIO | None = None) -> int:
    if args.limit < 0 or args.offset < 0:
        raise ValueError("--limit and --offset must be >= 0")
    if args.tools:
        tools = store.list_tools()[args.offset : args.offset + args.limit]
        for tool in tools:
            record = store.get_tool_experience(tool)
            suggestions = record.suggestions if record else []
            if args.json:
                out.write(json.dumps({"tool": tool, "suggestions": len(suggestions)}) + "\n")
            else:
                top = max(suggestions, key=lambda s: s.support).text if suggestions else ""
                out.write(f"{tool}\t{len(suggestions)} suggestion(s)\t{_excerpt(top)}\n")
        if not args.json:
            out.write(f"({len(tools)} of {len(store.list_tools())} tools)\n")
        return 0
    trajectories = store.list_trajectories(limit=args.limit, offset=args.offset)
    for t in trajectories:
        if args.json:
            row: dict[str, Any] = {
                "id": t.id,
                "task_kind": t.task_kind,
                "source": t.provenance.source,
                "case_id": t.provenance.case_id,
                "score": t.score,
                "task_text": t.task_text,
            }
            out.write(json.dumps(row) + "\n")
        else:
            origin = f"{t.provenance.source or '-'}:{t.provenance.case_id or '-'}"
            score = "-" if t.score is None else f"{t.score:g}"
            out.write(f"{t.id}\t{t.task_kind or '-'}\t{origin}\t{score}\t{_excerpt(t.task_text)}\n")
    if not args.json:
        total = store.stats()["trajectories"]
        out.write(f"({len(trajectories)} of {total} trajectories, offset {args.offset})\n")
    _report_skipped(store, err)
    return 0


def _report_skipped(store: ExperienceStore, err: TextIO | None = None) -> None:
    if store.skipped:
        ids = ", ".join(list(store.skipped)[:10]) + (", ..." if len(store.skipped) > 10 else "")
        (err or sys.stderr).write(f"warning: skipped {len(store.skipped)} corrupt trajectory row(s) in {store.name}: "
                                  f"{ids}\n")


def _show(store: ExperienceStore, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not args.tool:
        trajectory = store.get_trajectory(args.target)
        if trajectory is not None:
            out.write(trajectory.model_dump_json(indent=2) + "\n")
            return 0
    record = store.get_tool_experience(args.target)
    if record is None:
        what = "tool experience named" if args.tool else "trajectory or tool experience named"
        err.write(f"error: no {what} {args.target!r} in {store.name}\n")
        return 1
    out.write(record.model_dump_json(indent=2) + "\n")
    return 0


def run_memory_command(
    args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None, inp: TextIO | None = None
) -> int:
    """Run a parsed ``memory`` command; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    command = getattr(args, "memory_command", None)
    if not getattr(args, "store", None):
        err.write("error: no experience store given: pass --store PATH\n")
        return 2
    if command != "import" and not is_postgres(args.store) and not resolve_store_file(args.store).exists():
        err.write(f"error: no experience store at {resolve_store_file(args.store)}\n")
        return 1
    if command == "clear" and not args.yes:
        err.write(f"error: refusing to clear {args.kind} in {args.store} without --yes\n")
        return 1
    try:
        with ExperienceStore(args.store) as store:
            if command == "list":
                return _list(store, args, out, err)
            if command == "show":
                return _show(store, args, out, err)
            if command == "export":
                if args.path == "-":  # the JSONL to standard output, the report to standard error
                    with tempfile.TemporaryDirectory() as tmp:
                        counts = store.export(Path(tmp) / "export.jsonl")
                        out.write((Path(tmp) / "export.jsonl").read_text(encoding="utf-8"))
                    err.write(f"exported {counts['trajectories']} trajectories and {counts['tools']} tools\n")
                    return 0
                counts = store.export(args.path)
                out.write(
                    f"exported {counts['trajectories']} trajectories and {counts['tools']} tools to {args.path}\n"
                )
                return 0
            if command == "import":
                if args.path == "-":  # a JSONL export on standard input
                    with tempfile.TemporaryDirectory() as tmp:
                        (Path(tmp) / "import.jsonl").write_text((inp or sys.stdin).read(), encoding="utf-8")
                        report = store.import_(Path(tmp) / "import.jsonl")
                else:
                    report = store.import_(args.path)
                out.write(
                    f"imported {report['trajectories_added']} trajectories"
                    f" ({report['trajectories_skipped']} already present),"
                    f" updated {report['tools_updated']} tools from {args.path}\n"
                )
                return 0
            if command == "migrate":
                report = store.migrate(force=True)
                out.write(f"migrated {report['trajectories_added']} trajectories"
                          f" ({report['trajectories_skipped']} already present),"
                          f" updated {report['tools_updated']} tools in {store.name}\n")
                return 0
            if command == "clear":
                deleted = store.clear(None if args.kind == "all" else args.kind)
                out.write(
                    f"deleted {deleted['trajectories']} trajectories and {deleted['tools']} tools\n"
                )
                return 0
    except (ExperienceStoreError, ValueError) as exc:
        err.write(f"error: {' '.join(str(exc).split())[:500]}\n")  # one line, even for a pydantic error
        return 1
    err.write(f"error: unknown memory command {command!r}\n")
    return 2
