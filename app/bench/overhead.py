"""Framework overhead of the main graph, measured with the scripted model.

The scripted model answers instantly, so what is timed is MedMirror itself:
LangGraph scheduling, state reducers, prompt rendering, JSON-schema building,
validation, tool execution and checkpointing. Each run goes planner → tool_agent
→ executor (a real calculator) → answer, with one plan revision and one tool error
so the gates and STM paths are on the clock too.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from medmirror.core.models import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.graphs.main import build_graph
from medmirror.memory.checkpoint import make_checkpointer

QUESTION = "What is the patient's body mass index (BMI)?"
NOTE = "A 45-year-old man, weight 70 kg, height 175 cm."


def _models() -> dict[str, ScriptedChatModel]:
    return {
        "planner": ScriptedChatModel(responses=[
            {"subtasks": [{"description": "compute BMI", "tool": "bmi"}], "evaluation": "terse", "score": 6},
            {"subtasks": [{"description": "compute BMI from weight and height", "tool": "bmi"}],
             "evaluation": "ok", "score": 9}]),
        "tool_agent": ScriptedChatModel(responses=[
            {"tool": "bmi", "arguments": {"weight": 70}, "evaluation": "ok", "score": 9},
            {"tool": "bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 9}]),
        "answer": ScriptedChatModel(responses=[
            {"answer": "BMI 22.9", "value": repr(70 / 1.75**2), "evaluation": "ok", "score": 9}]),
    }


def measure(runs: int = 20, checkpointer: str = "memory", data_dir: Path | None = None) -> dict[str, Any]:
    settings = Settings.resolve("mirror", checkpointer=checkpointer, **({"data_dir": data_dir} if data_dir else {}))
    saver = make_checkpointer(settings)
    per_node: dict[str, list[float]] = {}
    walls: list[float] = []
    graph_build = time.perf_counter()
    build_graph(checkpointer=saver)
    graph_build = time.perf_counter() - graph_build
    for i in range(runs + 1):  # the first run warms caches and is not counted
        graph = build_graph(checkpointer=saver, models=_models())
        start = time.perf_counter()
        out = graph.invoke({"question": QUESTION, "note": NOTE}, {"configurable": {"thread_id": f"overhead-{i}"}},
                           context=settings)
        wall = time.perf_counter() - start
        if out.get("status") != "answered":
            raise RuntimeError(f"overhead run {i} did not finish: {out.get('status_detail')}")
        if i == 0:
            continue
        walls.append(wall)
        for node, u in out["usage"].items():
            per_node.setdefault(node, []).append(1000 * u["seconds"] / max(u["runs"], 1))
    nodes = {n: {"mean_ms": statistics.mean(v), "median_ms": statistics.median(v)} for n, v in per_node.items()}
    in_nodes = sum(statistics.mean(v) * _runs_per_case(n) for n, v in per_node.items())
    return {
        "runs": runs, "checkpointer": checkpointer, "graph_build_ms": 1000 * graph_build,
        "wall_ms_mean": 1000 * statistics.mean(walls), "wall_ms_median": 1000 * statistics.median(walls),
        "node_ms_per_case": in_nodes, "per_node_ms": nodes,
        "note": "per_node_ms is per node execution; a case runs planner x2, tool_agent x2, executor x2, "
                "intake/answer x1; the rest of the wall time is LangGraph scheduling and checkpointing.",
    }


def _runs_per_case(node: str) -> int:
    return {"planner": 2, "tool_agent": 2, "executor": 2}.get(node, 1)


def print_report(report: dict[str, Any]) -> None:
    print(f"graph overhead, scripted model, {report['runs']} runs, checkpointer={report['checkpointer']}")
    print(f"  wall per case: mean {report['wall_ms_mean']:.1f} ms, median {report['wall_ms_median']:.1f} ms "
          f"(graph build {report['graph_build_ms']:.0f} ms, not per case)")
    print(f"  {'node':<12} {'mean ms':>9} {'median ms':>10}")
    for node, v in report["per_node_ms"].items():
        print(f"  {node:<12} {v['mean_ms']:9.2f} {v['median_ms']:10.2f}")


def run_cli(runs: int, checkpointer: str, out: Path | None) -> int:
    report = measure(runs, checkpointer)
    print_report(report)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2))
    return 0
