"""How fast the command line answers (``medmirror bench cli``): start-up of ``--help`` per command, and how soon
``solve`` prints its first trace line.

Each command runs in a fresh process (``python -m medmirror.cli ...``), as a user types it, ``repeats`` times;
the report gives the median and the range of the wall seconds. ``solve`` runs on the scripted model (the
models answer at once, so the figure is MedMirror's own start-up: imports, settings, the graph's build and
the rule-based intake, whose trace line is the first; the embedded model is loaded only when a role first
calls it), with seconds to the header line, the first trace line and the end of the run.
Measured here, never asserted in tests (the machine decides the figures).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HELP_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--version",), ("--help",), ("solve", "--help"), ("presets",), ("bench", "--help"),
    ("bench", "medcalc", "--help"), ("experiment", "--help"), ("optimize", "--help"), ("memory", "--help"),
    ("mcp", "--help"),
)
SCRIPT = {
    "planner": [{"subtasks": [{"description": "Compute the BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}],
    "tool_agent": [{"tool": "bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 9}],
    "answer": [{"answer": "The BMI is 22.86 kg/m2.", "value": repr(70 / 1.75**2), "evaluation": "ok", "score": 9}],
}
NOTE = "A 45-year-old man comes for a check-up. Weight 70 kg, height 175 cm. No complaints."


def _command(argv: tuple[str, ...]) -> list[str]:
    return [sys.executable, "-m", "medmirror.cli", *argv]


def _spread(values: list[float]) -> dict[str, float]:
    return {"median_s": round(statistics.median(values), 3), "min_s": round(min(values), 3),
            "max_s": round(max(values), 3)}


def time_help(argv: tuple[str, ...], repeats: int) -> dict[str, Any]:
    walls = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        proc = subprocess.run(_command(argv), capture_output=True, text=True, timeout=300)
        walls.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            return {"command": " ".join(argv), "error": proc.stderr.strip()[-300:]}
    return {"command": " ".join(argv), **_spread(walls)}


def time_solve(repeats: int) -> dict[str, Any]:
    """Seconds from the process start to solve's header line, first trace line and exit (scripted model)."""
    marks: dict[str, list[float]] = {"header_s": [], "first_trace_line_s": [], "end_s": []}
    with tempfile.TemporaryDirectory(prefix="medmirror-cli-speed-") as tmp:
        note, script = Path(tmp, "note.txt"), Path(tmp, "script.json")
        note.write_text(NOTE, encoding="utf-8")
        script.write_text(json.dumps(SCRIPT), encoding="utf-8")
        env = {**os.environ, "MEDMIRROR_MODEL_PROVIDER": "scripted", "MEDMIRROR_SCRIPT_PATH": str(script),
               "MEDMIRROR_CHECKPOINTER": "none", "MEDMIRROR_EMBEDDINGS_PROVIDER": "none",
               "MEDMIRROR_DATA_DIR": str(Path(tmp, "data"))}
        argv = ("solve", "-q", "What is the patient's BMI?", "-n", str(note), "--use-experience", "false")
        for _ in range(repeats):
            t0 = time.perf_counter()
            proc = subprocess.Popen(_command(argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    env=env)
            header = first = None
            assert proc.stdout is not None
            for line in proc.stdout:
                now = time.perf_counter() - t0
                if header is None and line.startswith("preset: "):
                    header = now
                elif first is None and header is not None and " | " in line:
                    first = now
            proc.wait(timeout=300)
            if proc.returncode != 0 or header is None or first is None:
                return {"command": "solve (scripted)", "error": (proc.stderr.read() if proc.stderr else "")[-300:]}
            marks["header_s"].append(header)
            marks["first_trace_line_s"].append(first)
            marks["end_s"].append(time.perf_counter() - t0)
    return {"command": "solve (scripted)", **{k: _spread(v)["median_s"] for k, v in marks.items()},
            "first_trace_line_range_s": [round(min(marks["first_trace_line_s"]), 3),
                                         round(max(marks["first_trace_line_s"]), 3)]}


def measure(repeats: int = 5) -> dict[str, Any]:
    return {"repeats": repeats, "python": sys.version.split()[0], "cpus": os.cpu_count(),
            "help": [time_help(argv, repeats) for argv in HELP_COMMANDS], "solve": time_solve(repeats)}


def print_report(report: dict[str, Any]) -> None:
    print(f"CLI start-up, {report['repeats']} fresh processes each (median [min-max] wall seconds):")
    for row in report["help"]:
        if "error" in row:
            print(f"  medmirror {row['command']:<28} failed: {row['error']}")
        else:
            print(f"  medmirror {row['command']:<28} {row['median_s']:6.2f} [{row['min_s']:.2f}-{row['max_s']:.2f}]")
    s = report["solve"]
    if "error" in s:
        print(f"  solve (scripted model) failed: {s['error']}")
    else:
        lo, hi = s["first_trace_line_range_s"]
        print(f"  solve (scripted model): header {s['header_s']:.2f} s, first trace line {s['first_trace_line_s']:.2f} s "
              f"[{lo:.2f}-{hi:.2f}], done {s['end_s']:.2f} s")


def run_cli(repeats: int, out: Path | None) -> int:
    report = measure(repeats)
    print_report(report)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0
