# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # RadA-BenchPlat: radiology tool chains under tool-set conditions
#
# RadA-BenchPlat asks an agent to solve radiology tasks by chaining tools described by *tool cards* (category,
# scope, abilities, compulsory and optional inputs, output, performance score), under tool sets that are
# redundant, insufficient or differentiated. MedMirror implements the platform offline (`tools/radiology/`):
# seeded synthetic records over 22 anatomy-modality combinations, 11 task types with gold tool-category chains,
# simulated tools that run against the record and write their outputs to a *working memory*, the Call / EndCall /
# NoCall protocol, and the paper's metrics. `medmirror bench rada` (`app/bench/rada.py`) runs the main graph on
# them. This notebook shows:
#
# 1. the tool cards, and the 11 task types with their gold chains;
# 2. each tool-set condition the runner implements, built for one task, and what it contains;
# 3. one task chain end to end with a scripted model (deterministic), then with the embedded model, with the
#    working memory after each tool;
# 4. the runner itself on a small slice with the embedded model: its metrics table and completion by task
#    complexity, read from its own `records.jsonl` and `summary.json`.
#
# Nothing here is an image: the "tools" are simulations over a synthetic record whose truth is known, which is
# what lets every metric be computed exactly.

# %%
import json
import os
import tempfile
import time
from collections import Counter
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

SMALL = os.environ.get("MEDMIRROR_NOTEBOOK_SMALL") == "1"
ROOT = Path.cwd().parent
DATA_DIR = Path(os.environ["MEDMIRROR_DATA_DIR"])

from medmirror import solve
from medmirror.cli import main as cli_main
from medmirror.bench.rada import score_case
from medmirror.core.models import ScriptedChatModel
from medmirror.tools.radiology.agent_tools import RadiologyWorkbench
from medmirror.tools.radiology.cards import can_perform
from medmirror.tools.radiology.records import generate_records
from medmirror.tools.radiology.schema import CATEGORIES, CATEGORY_SPECS
from medmirror.tools.radiology.tasks import TASK_TYPES, make_task
from medmirror.tools.radiology.toolsets import CONDITIONS, REDUNDANCY, build_toolset

pd.set_option("display.max_colwidth", 80)
pd.set_option("display.width", 200)
print("SMALL:", SMALL)

# %% [markdown]
# ## Records and tool cards
#
# A record is one synthetic study: anatomy, modality, organ, anomaly, disease, biomarkers, a clinical indicator,
# treatment. The agent never sees these; it sees the question and an initial memory (the image id and the clinical
# information). The baseline tool set has one universal tool per category; here are its cards as the registry
# holds them.

# %%
record = generate_records(1, seed=0)[0]
print("record", record.id, "| image", record.image_id, "|", record.anatomy, record.modality, "| organ", record.organ,
      "| disease", record.disease)
task = make_task(record, "organ_biomarker")
baseline = build_toolset("baseline", task, seed=0)
cards = pd.DataFrame([{
    "name": c.name, "category": c.category, "property": c.extra["property"],
    "abilities": ", ".join(c.extra["capabilities"]),
    "compulsory": ", ".join(c.extra["compulsory_inputs"]), "optional": ", ".join(c.extra["optional_inputs"]),
    "outputs": ", ".join(c.extra["outputs"]), "performance": c.performance,
} for c in baseline.cards])
assert list(cards["category"]) == list(CATEGORIES) and set(cards["property"]) == {"universal"}
cards

# %% [markdown]
# One card as the agents read it (`card_detail`, the text the planner and tool agent prompts carry), and the
# structured fields the benchmark reads (scope, abilities, performance):

# %%
from medmirror.nodes.tool_agent import card_detail

os_card = baseline.by_category("organ_segmentor")[0]
print(card_detail(os_card))
print("\nscope:", os_card.scope["property"], f"({len(os_card.scope['combinations'])} anatomy-modality combinations)")
print("extra:", json.dumps(os_card.extra))

# %% [markdown]
# ## The 11 task types
#
# Each task type has a gold chain of tool categories that follows the data flow (every tool after the two
# classifiers needs the anatomy and the modality in memory), target outputs, and a complexity band by chain length
# (simple 1-3 steps, moderate 4-5, complex 6+). The question names neither the anatomy nor the modality.

# %%
ABBR = {c: "".join(w[0].upper() for w in c.split("_")) for c in CATEGORIES}
tasks = pd.DataFrame([{
    "task type": t, "steps": len(mt.gold_chain), "complexity": mt.complexity,
    "gold chain": " → ".join(ABBR[c] for c in mt.gold_categories), "targets": ", ".join(mt.target_outputs),
    "question": mt.question,
} for t in TASK_TYPES for mt in [make_task(record, t)]])
print("abbreviations:", ", ".join(f"{v} = {k}" for k, v in ABBR.items()))
assert len(tasks) == 11 and set(tasks["complexity"]) == {"simple", "moderate", "complex"}
tasks

# %% [markdown]
# ## The tool-set conditions
#
# For the task above (organ biomarker: AC → MC → OS → BQ), the runner builds one tool set per condition. The
# table counts the tools, the tools of each gold step's category, how many of those can actually perform the step
# on this study (right category, scope covering its anatomy-modality, the step's abilities: `suitable`), and the
# optimal one. Tool names are `<category>_<n>` after a seeded shuffle, so the name says nothing about scope or
# quality: the agent has to read the cards.

# %%
def describe(condition: str) -> dict:
    ts = build_toolset(condition, task, seed=0)
    per_step = []
    for step in task.gold_chain:
        n_cat = len(ts.by_category(step.category))
        n_ok = len(ts.suitable.get(step.index, {}))
        per_step.append(f"{ABBR[step.category]} {n_ok}/{n_cat}")
    return {"condition": condition, "tools": len(ts.cards),
            "per category": dict(Counter(c.category for c in ts.cards)).get("organ_segmentor"),
            "suitable / in category, per gold step": ", ".join(per_step),
            "optimal per step": ", ".join(ts.optimal.get(s.index, "-") for s in task.gold_chain),
            "gap": ts.unsolvable.reason if ts.unsolvable else "", "_ts": ts}


conditions = [describe(c) for c in CONDITIONS]
toolsets = {d["condition"]: d.pop("_ts") for d in conditions}
cond_table = pd.DataFrame(conditions).rename(columns={"per category": "organ segmentors"})
# what the conditions claim, checked on the sets built
assert {c: len(toolsets[f"redundant_{c}"].cards) for c in REDUNDANCY} == REDUNDANCY  # 30 / 50 / 169
for name in ("insufficient_config1", "insufficient_config2", "insufficient_config3"):
    gap = toolsets[name].unsolvable
    assert gap is not None and gap.step_index not in toolsets[name].suitable  # no tool can do the gap step
assert set(toolsets["differentiated"].optimal) == {s.index for s in task.gold_chain}
cond_table

# %% [markdown]
# What sets the conditions apart, on the organ segmentor step (OS): in the redundant sets the decoys are
# specialists for another anatomy-modality pair, tools lacking an ability, and low performers; in
# *differentiated* the traps score **higher** than the optimal tool but cannot perform the step (out of scope or
# lacking the ability), so picking by the performance score alone fails. The cards of the OS category there:

# %%
diff = toolsets["differentiated"]
step = next(s for s in task.gold_chain if s.category == "organ_segmentor")
os_cards = pd.DataFrame([{
    "name": c.name, "performance": c.performance, "scope": c.extra["property"] if c.extra["property"] == "universal"
    else ", ".join(f"{a} {m}" for a, m in c.scope["combinations"]),
    "abilities": ", ".join(c.extra["capabilities"]),
    "can perform the step": can_perform(c, step.category, task.anatomy, task.modality, step.capabilities),
    "optimal": c.name == diff.optimal[step.index],
} for c in diff.by_category("organ_segmentor")]).sort_values("performance", ascending=False)
best_suitable = os_cards[os_cards["can perform the step"]]["performance"].max()
assert (os_cards[~os_cards["can perform the step"]]["performance"] > best_suitable).all()  # the traps score higher
os_cards

# %% [markdown]
# ## One task chain end to end, scripted
#
# The organ biomarker task under `redundant_regular` (30 tools) through the MIRROR preset's planner graph. The
# scripted planner binds the optimal tool of each gold step; the tool agent names, for each input, the *memory
# key* to read it from; the executor resolves the keys, runs the simulated tool and writes its outputs to the
# working memory. The executor labels each step Call, and the last one EndCall.

# %%
redundant = build_toolset("redundant_regular", task, seed=0)
wb = RadiologyWorkbench(task, redundant, record, seed=0)
chain = [(redundant.optimal[s.index], {k: k for k in s.inputs}) for s in task.gold_chain]
scripted_models = {
    "planner": ScriptedChatModel(responses=[{"subtasks": [{"description": f"run the {redundant.card(t).category}", "tool": t}
                                                          for t, _ in chain], "evaluation": "follows the data flow", "score": 9}]),
    "tool_agent": ScriptedChatModel(responses=[{"tool": t, "arguments": a, "evaluation": "inputs from memory", "score": 9}
                                               for t, a in chain]),
    "answer": ScriptedChatModel(responses=[{"answer": task.reference_answer, "value": None, "evaluation": "from memory", "score": 9}]),
}
r = solve(task.question, None, preset="mirror", models=scripted_models, registry=wb.registry,
          resources=wb.resources(), saver=None, top_n_tools=len(redundant.cards) + 1)
print("question:", task.question)
print("status:", r.status, "| answer:", r.answer[:200])
for s in r.steps:
    outs = s["observation"]["outputs"] if s.get("ok") else s.get("error")
    print(f"  {s['protocol']:<8} {s['tool']:<24} reads {s['arguments']} -> {str(outs)[:110]}")
assert [s["protocol"] for s in r.steps] == ["Call", "Call", "Call", "EndCall"]

# %% [markdown]
# The working memory at the end (each item with the quality the simulated tool gives it), against the record's
# truth, then the benchmark's scoring of this run (`score_case`, the function the runner calls):

# %%
def memory_table(memory, task):
    truth = {**task.milestones, **task.target}
    return pd.DataFrame([{"key": k, "value": json.dumps(v.get("value") if isinstance(v, dict) else v, default=str)[:90],
                          "quality": v.get("quality") if isinstance(v, dict) else None,
                          "truth": json.dumps(truth.get(k), default=str)[:60] if k in truth else ""}
                         for k, v in memory.items()])


display(memory_table(r.working_memory, task))
scored = score_case(task, redundant, steps=r.steps, plan=r.plan, memory=r.working_memory, answer=r.answer,
                    use_planner=True, finished=False)
print("gold:    ", scored["gold_chain"])
print("planned: ", scored["planned_chain"])
print("executed:", scored["executed_chain"])
print({k: v for k, v in scored["metrics"].items() if v is not None})
assert scored["completed"] and scored["metrics"]["optimal_tool_score"] == 1.0

# %% [markdown]
# An Insufficient set, scripted, through the runner itself (`run_rada`, what `medmirror bench rada` calls):
# under `insufficient_config2` the anomaly detection task's detector category holds only specialists for other
# anatomy-modality pairs. The scripted agent runs the two classifiers, then answers **NoCall**, naming the gap
# (purpose, category, anatomy, modality). The runner's record scores unsolvability awareness (the first NoCall
# is at the gap's step) and grounding (it names the gap's category and study).

# %%
from medmirror.bench.rada import make_cases, run_rada

[case] = make_cases(1, 0, ["anomaly_detection"], ["insufficient_config2"])
ts_gap = build_toolset(case.condition, case.task, seed=0)
gap = ts_gap.unsolvable
print("gap:", gap.model_dump())
steps = [(ts_gap.optimal[s.index], {k: k for k in s.inputs}) for s in case.task.gold_chain[:gap.step_index]]
steps.append(("no_call", {"purpose": "detect the anomaly", "category": gap.category, "anatomy": gap.anatomy,
                          "modality": gap.modality}))
gap_models = {
    "planner": ScriptedChatModel(responses=[{"subtasks": [{"description": f"step {i + 1}", "tool": t} for i, (t, _) in enumerate(steps)],
                                             "evaluation": "the detector is missing", "score": 9}]),
    "tool_agent": ScriptedChatModel(responses=[{"tool": t, "arguments": a, "evaluation": "ok", "score": 9} for t, a in steps]),
    "answer": ScriptedChatModel(responses=[{"answer": "No available anomaly detector covers this study.", "value": None,
                                            "evaluation": "gap stated", "score": 9}]),
}
GAP_OUT = Path(tempfile.mkdtemp(prefix="rada-gap-", dir=DATA_DIR))
run_rada("insufficient_config2", records=1, tasks=["anomaly_detection"], preset="mirror", out_dir=GAP_OUT, quiet=True,
         echo=print, options={"models": gap_models})
[gap_rec] = [json.loads(x) for x in (GAP_OUT / "records.jsonl").read_text().splitlines() if x.strip()]
print("answers:", gap_rec["answers"], "| executed:", gap_rec["executed_chain"], "| NoCall:", gap_rec["no_call"])
m = gap_rec["metrics"]
print({k: m[k] for k in ("execution_completion", "pre_failure_success", "unsolvability_awareness", "unsolvability_grounding")})
assert gap_rec["answers"][-1] == "no_call" and m["unsolvability_awareness"] == 1.0 and m["unsolvability_grounding"] == 1.0

# %% [markdown]
# ## The same task on the embedded model
#
# SmolLM2-135M now plans and calls (MIRROR preset, checks on: the plan check refuses a chain that reads a memory
# key no earlier step writes). Whatever the 135M model does is printed as it came: the trace of gate events, the
# tool chain with its protocol labels, the working memory, and the same scoring. Two things to read it with: in
# the planner graph a NoCall is not checked against the tool set (the single loop refuses a NoCall while an offered
# tool can still add to memory), and a re-plan starts a new list of steps while the working memory keeps what
# earlier rounds produced, so the chains scored are the last round's.

# %%
wb_real = RadiologyWorkbench(task, redundant, record, seed=0)
t0 = time.perf_counter()
real = solve(task.question, None, preset="mirror", registry=wb_real.registry, resources=wb_real.resources(),
             saver=None, top_n_tools=len(redundant.cards) + 1)
real_seconds = time.perf_counter() - t0
print(f"embedded model: {real_seconds:.0f} s, {real.totals['calls']} model calls, status {real.status}")
for e in real.trace:
    print(f"{e['node']:>10} | {e['event']:<22} {str(e.get('detail', ''))[:110]}")
print()
for s in real.steps:
    print(f"  {s.get('protocol') or '-':<8} {s['tool']:<24} ok={s.get('ok')} {str(s.get('error') or '')[:90]}")
display(memory_table(real.working_memory, task))
real_scored = score_case(task, redundant, steps=real.steps, plan=real.plan, memory=real.working_memory,
                         answer=real.answer, use_planner=True, finished=False)
print("gold:    ", real_scored["gold_chain"])
print("planned: ", real_scored["planned_chain"])
print("executed:", real_scored["executed_chain"])
print({k: v for k, v in real_scored["metrics"].items() if v is not None})
assert real.status in ("answered", "refused", "error")
assert set(task.initial_memory) <= set(real.working_memory)  # the memory starts from the image and clinical info

# %% [markdown]
# ## The runner: `medmirror bench rada` on a small slice
#
# The command line as a user would run it (its entry point `medmirror.cli.main`, called in this kernel so the
# model loaded above is reused), with the embedded model, on task types of the first record under the
# baseline set (the small run: one simple task; the full one: one task per complexity band). The table it
# prints is the runner's; below, the same figures are read back from its `summary.json` and `records.jsonl`.

# %%
RUN = Path(tempfile.mkdtemp(prefix="rada-nb-", dir=DATA_DIR))
bench_tasks = (["organ_segmentation"] if SMALL else ["organ_segmentation", "organ_biomarker", "report_with_biomarkers"])
argv = ["bench", "rada", "--condition", "baseline", "--records", "1", "--tasks", ",".join(bench_tasks),
        "--preset", "mirror", "--out", str(RUN), "--quiet"]
print("medmirror", " ".join(argv))
t0 = time.perf_counter()
code = cli_main(argv)  # the command line's entry point, in this process (the model stays loaded)
bench_seconds = time.perf_counter() - t0
print(f"bench rada: {bench_seconds:.0f} s, exit code {code}")
assert code == 0

# %%
summary = json.loads((RUN / "summary.json").read_text())
records = [json.loads(x) for x in (RUN / "records.jsonl").read_text().splitlines() if x.strip()]
per_case = pd.DataFrame([{
    "task type": rec["task_type"], "complexity": rec["complexity"], "status": rec["status"],
    "gold": " → ".join(ABBR.get(c, c) for c in rec["gold_chain"]),
    "executed": " → ".join(ABBR.get(c, c) for c in rec["executed_chain"]) or "-",
    **{k: rec["metrics"][k] for k in ("execution_completion", "target_hit", "milestone_hit", "exec_levenshtein",
                                      "exec_tool_matching_accuracy", "optimal_tool_score", "token_f1")},
    "calls": rec["calls"], "seconds": rec["seconds"],
} for rec in records])
assert len(records) == summary["n"] == len(bench_tasks)
assert summary["overall"]["execution_completion"] == per_case["execution_completion"].mean()
per_case

# %% [markdown]
# The per-task-type means from `summary.json` (the runner's table, as a DataFrame), and completion by complexity
# band (a band with no task in the slice is empty):

# %%
cols = ["n", "execution_completion", "target_hit", "milestone_hit", "pre_failure_success", "pre_failure_n",
        "exec_levenshtein", "exec_false_discovery_rate", "exec_tool_matching_accuracy", "optimal_tool_score", "token_f1"]
means = pd.DataFrame({**summary["by_task_type"], "overall": summary["overall"]}).T[cols]
display(means)
cbc = summary["completion_by_complexity"]
print("completion by complexity:", cbc)
fig, ax = plt.subplots(figsize=(6, 3.5), dpi=80)
bands = list(cbc)
vals = [cbc[b] if cbc[b] is not None else 0 for b in bands]
counts = Counter(rec["complexity"] for rec in records)
bars = ax.bar(bands, vals, color=["#4c72b0" if cbc[b] is not None else "#dddddd" for b in bands])
for b, bar in zip(bands, bars):
    ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height() + 0.02,
            f"n={counts.get(b, 0)}" if cbc[b] is not None else "no task", ha="center", fontsize=9)
ax.set_ylim(0, 1.15)
ax.set_ylabel("execution completion")
ax.set_title(f"bench rada, baseline, embedded model ({summary['n']} tasks)")
plt.tight_layout()
plt.show()
assert set(cbc) == {"simple", "moderate", "complex"}
