"""The graphs ``langgraph.json`` names for LangGraph Studio and ``langgraph dev``.

The only module that compiles graphs at import time; the server supplies persistence,
so they are compiled without a checkpointer.
"""

from __future__ import annotations

from medmirror.bench.scoring import medcalc_scorer
from medmirror.graphs.main import build_graph
from medmirror.graphs.optimize import build_optimize_graph
from medmirror.memory.state import ClinicalTask

# Studio's input form shows the clinical task (question, note, options, resources), not the guidance fields the
# Python API and the benchmarks add (advice, examples, instructions).
medmirror = build_graph(preset="mirror", input_schema=ClinicalTask)  # the planner graph: MIRROR, RiskAgent, full
medmirror_single_loop = build_graph(preset="react", input_schema=ClinicalTask)  # the single loop: ReAct, ReflecTool, cot
# ReflecTool's optimisation stage on MedCalc-Bench-style labelled cases (the experience store
# is the one in the run's data dir).
optimize = build_optimize_graph(scorer=medcalc_scorer)
