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
# # RiskAgent, stage by stage, on MedCalc-Bench
#
# RiskAgent (preset `riskagent`) is a Decider / Executor / Reviewer pipeline over validated calculators:
# **retrieve** the top-N candidate calculators for the case, **select** one, **extract** its inputs from the
# note against the calculator's typed schema, **run** it, **interpret** the result, **format** the answer,
# and let a **reviewer** check the four stages (plan, tool call, interpretation, answer).
#
# This notebook takes one MedCalc-Bench one-shot row through each stage with the product's own functions
# (no model), then runs the same pipeline with scripted agents (deterministic: to show what the checks do
# with a wrong proposal), then on the embedded model (SmolLM2-135M, weak: the model proposes, verifiable checks
# decide). It ends with per-category accuracy from the benchmark runner (`medmirror bench medcalc`) in three
# modes: calculators on the gold inputs, rule extraction, and the whole RiskAgent graph on a small slice.

# %%
import contextlib
import io
import json
import os
import tempfile
import time
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

SMALL = os.environ.get("MEDMIRROR_NOTEBOOK_SMALL") == "1"
ROOT = Path.cwd().resolve().parent  # the notebook runs in notebooks/
assert (ROOT / "pyproject.toml").is_file(), ROOT
DATA = Path(os.environ.get("MEDMIRROR_ONE_SHOT", ROOT.parent / "shared/data/medcalc/one_shot.csv"))
if not DATA.is_file():
    print(f"{DATA} is missing: using the shipped dev set app/data/dev/blind3.csv (same format, our own notes)")
    DATA = ROOT / "app/data/dev/blind3.csv"
WORK = Path(tempfile.mkdtemp(prefix="nb03-"))
pd.set_option("display.max_colwidth", 90)
print("data:", DATA, "| small:", SMALL)

# %% [markdown]
# ## The rows
#
# The product's own reader (`read_medcalc_csv`) parses the CSV. For the walkthrough we take the **risk** rows with
# the shortest notes (a short note keeps the embedded model's prompts small); the first is the running example.

# %%
from medmirror.bench.medcalc import read_medcalc_csv, result_value
from medmirror.bench.scoring import ScoringError, is_correct, parse_answer

rows = read_medcalc_csv(DATA)
risk_rows = sorted((r for r in rows if r.category == "risk"), key=lambda r: len(r.note))
row = risk_rows[0]
print(f"{len(rows)} rows; categories:", pd.Series([r.category for r in rows]).value_counts().to_dict())
print(f"\nrow {row.id}: {row.calculator_name} ({row.category}), ground truth {row.ground_truth}")
print("question:", row.question)
print("note:", row.note)

# %% [markdown]
# ## 1. Retrieval: candidate calculators for the question
#
# The registry holds every tool card (the 55 MedCalc-Bench calculators, RiskAgent's calculator library and the
# toolbox). A search scores each card with BM25 on the question (plus a bonus for a tool the question names,
# the note's BM25 at a small weight and the cards' MDCalc categories), then fuses that lexical ranking with a
# dense ranking (multilingual-e5-small, offline) by reciprocal rank. RiskAgent's decider sees the top
# `top_n_tools` (5). Below: the lexical score of the fused top-N, and the fused (RRF) score.

# %%
from medmirror.core.models.embeddings import make_embeddings
from medmirror.core.settings import Settings
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import by_medcalc_id

settings = Settings.resolve("riskagent")
registry = default_registry()
embeddings = make_embeddings(settings)
target_tool = by_medcalc_id(row.calculator_id).id

t0 = time.perf_counter()
lexical = registry.lexical_scores(row.question, row.note)
bm25_hits = registry.search(row.question, k=settings.top_n_tools, context=row.note)
fused_hits = registry.search(row.question, k=settings.top_n_tools, context=row.note, embeddings=embeddings)
print(f"{len(registry)} tool cards; embeddings: {type(embeddings).__name__}; "
      f"search (incl. the dense card index) {time.perf_counter() - t0:.1f} s")
index = {n: i for i, n in enumerate(registry.names())}
lexical_rank = {b.card.name: b.rank for b in registry.search(row.question, k=len(registry), context=row.note)}
retrieval = pd.DataFrame([{
    "rank": h.rank, "tool": h.card.name, "category": h.card.category,
    "lexical score": round(float(lexical[index[h.card.name]]), 3), "lexical rank": lexical_rank[h.card.name],
    "fused (RRF) score": round(h.score, 4),
} for h in fused_hits])
print("BM25 alone, top 5:", [h.card.name for h in bm25_hits])
assert fused_hits[0].card.name == target_tool, (target_tool, retrieval)
print(f"the row's calculator ({target_tool}) is ranked first")
retrieval

# %% [markdown]
# ## 2. Selection: which candidate the question asks for
#
# RiskAgent's decider (the planner in `single_tool` mode) picks one candidate and keeps it. The model proposes;
# the plan check (`question_target`) reads the question alone and says which candidate it names, and whether
# that reading is decisive. A plan bound to another tool fails the check and is revised (or replaced by the checked
# single-tool plan at the bound).

# %%
from medmirror.nodes.checks import question_target

candidates = [h.card.name for h in fused_hits]
target = question_target(registry, row.question, candidates)
print({k: target[k] for k in ("tool", "decisive", "why", "margin")})
assert target["tool"] == target_tool and target["decisive"]

# %% [markdown]
# ## 3. Grounded extraction: every input with its value, unit, evidence and status
#
# `medmirror.tools.extraction.ground` reads each input of the chosen calculator from the note (here `mode="rules"`:
# the rule extractor alone, no model). Each input comes back with the value, the unit it is expressed in, the
# words of the note it rests on (the evidence span), and a status: `rule` (found in the note), `assumed` (not
# documented: the calculator's documented default applies and the result lists it), `missing` (required and not
# found: the calculator refuses). In the graph the tool agent's proposed values are checked against this
# extraction (`hybrid`, the default): a model value without evidence is corrected.

# %%
from medmirror.tools.extraction.grounding import ground

calc = by_medcalc_id(row.calculator_id)
grounded = ground(calc, row.note, row.question, mode="rules")
params = pd.DataFrame([{
    "input": p.name, "value": p.value, "unit": grounded.units.get(p.name, ""), "status": p.status,
    "evidence": (p.evidence or {}).get("text"), "span": (None if not p.evidence else (p.evidence["start"], p.evidence["end"])),
    "note": p.note,
} for p in grounded.params])
# every value found in the note points at the exact words of the note it was read from
for p in grounded.params:
    if p.status == "rule":
        ev = p.evidence
        assert row.note[ev["start"]:ev["end"]] == ev["text"], p
print("arguments passed to the calculator:", grounded.args)
print("flags for the reviewer:", grounded.flags or "(none)")
params

# %% [markdown]
# ## 4. The calculator run: value, explanation, reference
#
# The calculator validates every argument (units, ranges, allowed options) and returns the value with its unit,
# its own interpretation (the band the value falls in), a step-by-step explanation and the publication it
# implements. The benchmark's rule then scores the value against the row's ground truth.

# %%
result = calc.run(grounded.args)
expected = row.expected()
got = result_value(result, expected.kind)
print(f"{result.name} = {result.value} {result.unit}")
print("interpretation:", result.interpretation)
print("explanation:\n  " + "\n  ".join(result.explanation))
print("reference:", result.reference)
print("assumed absent:", result.assumed or "(none)")
print(f"ground truth {row.ground_truth} ({expected.rule}); rule extraction + calculator correct: {is_correct(expected, got)}")

# %% [markdown]
# ## 5. Interpretation: the model proposes, the checks decide
#
# With `answer_steps = interpret_then_format` (RiskAgent's Env3 then Env4) the answer agent first says what the value
# means clinically. The interpretation checks accept plain sentences whose numbers all come from a tool result or the
# note/question and which name the tool's own category and no other severity or class. The tool's own text passes
# decisively; a failing reply is retried with the reasons, then replaced by the tool's text. Three candidate
# interpretations of the result above:

# %%
from medmirror.nodes.interpret import category_of, interpretation_checks

numbers = [float(result.value)] + [float(v) for v in grounded.args.values() if isinstance(v, (int, float))]
source_text = f"{row.note}\n{row.question}"
category = category_of(result.interpretation)
other = "low" if "low" not in category.lower() else "high"
proposals = {
    "the tool's own text": result.interpretation,
    "names the tool's category": f"This result falls in the {category} band.",
    f"says '{other}' instead": f"This result means {other} risk; no further action is needed.",
    "invents a number": f"This result falls in the {category} band, with 97% mortality.",
}
checked = {name: interpretation_checks(text, result.interpretation, numbers, source_text)
           for name, text in proposals.items()}
pd.DataFrame([{"proposal": name, "text": proposals[name][:70], "passed": rep["passed"], "decisive": rep["decisive"],
               "failed checks": "; ".join(c["reason"] for c in rep["checks"] if not c["passed"]) or "-"}
              for name, rep in checked.items()])

# %%
assert checked["the tool's own text"]["passed"] and checked["the tool's own text"]["decisive"]
assert checked["names the tool's category"]["passed"]
assert not checked[f"says '{other}' instead"]["passed"] and not checked["invents a number"]["passed"]
print("category the checks require:", repr(category))

# %% [markdown]
# ## 6. The whole pipeline with scripted agents
#
# The same row through the `riskagent` graph, every role scripted so the control flow is deterministic:
# the decider binds the row's calculator; the tool agent proposes exactly the values of the rule extraction; the
# answer agent's first interpretation says the wrong category (the checks reject it and the retry prompt carries the
# reason), its second names the tool's category; the reviewer's model then says Reflect[WRONG] at the tool call, but
# that stage's checks passed *decisively* (every input is backed by the note), so the checks overrule it.

# %%
from medmirror import solve
from medmirror.core.models import ScriptedChatModel


def scripted(name, *replies):
    return ScriptedChatModel(responses=list(replies), name_=name)


scripts = {
    "planner": scripted("planner", {"subtasks": [{"description": f"compute the {calc.name}", "tool": calc.id}],
                                    "evaluation": "the question names this calculator", "score": 9}),
    "tool_agent": scripted("tool_agent", {"tool": calc.id, "arguments": grounded.args,
                                          "evaluation": "values copied from the note", "score": 9}),
    "answer": scripted("answer",
                       {"interpretation": proposals[f"says '{other}' instead"]},
                       {"interpretation": proposals["names the tool's category"]},
                       {"answer": f"The score is {result.value}.", "value": str(result.value),
                        "evaluation": "the calculator's result", "score": 9}),
    "reviewer": scripted("reviewer", {"verdict": "WRONG", "failing_stage": "tool_call",
                                      "critique": "the respiratory rate looks wrong"}),
}
run = solve(row.question, row.note, preset="riskagent", models=scripts, checkpointer="none")


def show_trace(res):
    for e in res.trace:
        checks = f" [{e['checks']}]" if e.get("checks") else ""
        by = f" <- {e['decided_by']}" if e.get("decided_by") else ""
        print(f"{e['node']:>10} | {e['event']:<24}{checks}{by} {e.get('detail', '')[:150]}")


show_trace(run)
print("\nstatus:", run.status, "| value:", run.value, "| reviews:", run.reviews)

# %%
retry_prompt = str(scripts["answer"].calls[1]["messages"][-1].content)
print("what the answer agent was told after its first interpretation:\n ", retry_prompt[:400])
print("\nreviewer:", {k: run.review[k] for k in ("verdict", "model_verdict", "model_critique")})
events = [e["event"] for e in run.trace]
assert events == ["candidates", "plan_accept", "tool_accept", "ok", "interpretation_accept", "answer_accept",
                  "reflect_right"], events
assert other in retry_prompt and run.interpretation["by"] == "model"
assert run.review["model_verdict"] == "WRONG" and run.review["verdict"] == "RIGHT"
assert run.value == str(result.value) and run.steps[-1]["observation"]["value"] == result.value
assert all(m.remaining == 0 for m in scripts.values())  # every scripted reply was used

# %% [markdown]
# ## 7. The embedded model
#
# The same pipeline with SmolLM2-135M-Instruct for every role (default settings; `extractor=hybrid`, checks on).
# Each trace event is one stage: `intake` retrieves the candidates, the `planner` (decider) binds one, the
# `tool_agent` proposes the arguments (checked against the note's evidence), the `executor` runs the calculator,
# `interpret` and `answer` are the two answer steps, the `reviewer` checks the four stages. The usage line counts
# the model calls, tokens and seconds per node.

# %%
live_rows = risk_rows[:1] if SMALL else risk_rows[:2] + sorted((r for r in rows if r.category == "severity"),
                                                                key=lambda r: len(r.note))[:1]
live = []
for r in live_rows:
    t0 = time.perf_counter()
    res = solve(r.question, r.note, preset="riskagent", checkpointer="none")
    secs = time.perf_counter() - t0
    exp = r.expected()
    print(f"=== row {r.id}: {r.calculator_name} ({r.category}), ground truth {r.ground_truth}: {secs:.1f} s")
    show_trace(res)
    tot = res.totals
    print(f"status {res.status}, value {res.value}; {tot['calls']} model calls, "
          f"{tot['input_tokens'] + tot['output_tokens']} tokens; interpretation by {(res.interpretation or {}).get('by')}")
    print("seconds by node:", {n: round(u.get("seconds", 0.0), 1) for n, u in res.usage.get("nodes", {}).items()}, "\n")
    live.append((r, res, secs))

# %%
stage_nodes = ["intake", "planner", "tool_agent", "executor", "interpret", "answer", "reviewer"]
table = []
for r, res, secs in live:
    nodes = [e["node"] for e in res.trace]
    assert all(n in nodes for n in stage_nodes), (r.id, nodes)  # every RiskAgent stage ran and left an event
    ranked = [h.card.name for h in registry.search(r.question, k=10, context=r.note, embeddings=embeddings)]
    # intake's candidates are the search of section 1 (tools that cannot run for the task are left out)
    assert res.candidates[0] == ranked[0] and set(res.candidates) <= set(ranked), (res.candidates, ranked)
    if res.value is not None:  # a value is always a tool result, never the model's own number
        ok = [s for s in res.steps if s.get("ok")]
        assert any(str(s["observation"]["value"]) == res.value for s in ok), (res.value, ok)
    exp = r.expected()
    try:  # scored as the benchmark's agent mode scores it
        correct = res.value is not None and is_correct(exp, parse_answer(res.value, exp.kind))
    except ScoringError:  # a value that is not of the expected kind is wrong
        correct = False
    table.append({"row": r.id, "calculator": r.calculator_name[:40], "selected": (res.plan or [{}])[0].get("tool"),
                  "value": res.value, "ground truth": r.ground_truth, "correct": correct,
                  "interpretation by": (res.interpretation or {}).get("by"), "review": (res.review or {}).get("verdict"),
                  "model calls": res.totals["calls"], "seconds": round(secs, 1)})
pd.DataFrame(table)

# %% [markdown]
# ## 8. Per-category accuracy from the benchmark runner
#
# `medmirror bench medcalc` in three modes, each writing `records.jsonl` (one line per row) and `summary.json`:
#
# * `--mode gold`: each row's calculator on the row's gold inputs (the calculators alone);
# * `--mode extract --extractor rules`: the rule extraction (stage 3) feeding the row's calculator (no retrieval, no
#   model);
# * `--mode agent --preset riskagent`: the whole graph above on the embedded model, on a small slice only.
#
# The commands run in this kernel through the CLI's own entry point (`medmirror.cli.main`), so the embedded model
# loaded above is reused; the first lines of each printed table are shown.

# %%
from medmirror.cli import main as medmirror


def bench(mode, out, *extra):
    argv = ["bench", "medcalc", "--data", str(DATA), "--mode", mode, "--out", str(out), "--quiet", *extra]
    buf = io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(buf):
        rc = medmirror(argv)
    secs = time.perf_counter() - t0
    print("$ medmirror " + " ".join(argv) + f"   # exit {rc}, {secs:.1f} s")
    print("\n".join(buf.getvalue().splitlines()[:11]) + "\n")
    assert rc == 0
    return secs


runs = {"gold": WORK / "gold", "extract (rules)": WORK / "extract", "agent (riskagent)": WORK / "agent"}
seconds = {"gold": bench("gold", runs["gold"]),
           "extract (rules)": bench("extract", runs["extract (rules)"], "--extractor", "rules")}

# %% [markdown]
# The agent slice: every 11th row from the 10th (`--skip 9 --every 11`: rows spread over the calculators, since the
# file is grouped by calculator; on the one-shot file this start lands on short notes), 3 of them (1 with `SMALL`).

# %%
agent_args = ["--skip", "9", "--every", "11", "--limit", "1" if SMALL else "3"]
seconds["agent (riskagent)"] = bench("agent", runs["agent (riskagent)"], "--preset", "riskagent", *agent_args)

# %% [markdown]
# ### The runner's own outputs, read back
#
# `summary.json` holds the accuracy per category (and per calculator, errors by stage, timing; the agent mode adds
# tokens, model calls and seconds per case and the decider's tool-selection accuracy); `records.jsonl` holds every row.

# %%
summaries = {mode: json.loads((out / "summary.json").read_text()) for mode, out in runs.items()}
records = pd.concat([pd.read_json(out / "records.jsonl", lines=True).assign(run=mode) for mode, out in runs.items()],
                    ignore_index=True)
overall = pd.DataFrame([{"mode": mode, "rows": s["n"], "correct": s["correct"], "accuracy": s["accuracy"],
                         "errors": s["errors"], "errors by stage": s["errors_by_stage"] or "-",
                         "runner seconds": s["elapsed_s"]} for mode, s in summaries.items()])
for mode, s in summaries.items():  # the summary is computed from the records, row for row
    recs = records[records["run"] == mode]
    assert s["n"] == len(recs) and s["correct"] == int(recs["correct"].sum()), mode
overall

# %%
by_cat = pd.DataFrame([{"mode": mode, "category": cat, "n": v["n"], "accuracy": v["accuracy"]}
                       for mode, s in summaries.items() for cat, v in s["by_category"].items()])
wide = by_cat.pivot_table(index="category", columns="mode", values="accuracy", sort=False)
counts = by_cat.pivot_table(index="category", columns="mode", values="n", sort=False)
fig, ax = plt.subplots(figsize=(6, 3.5), dpi=80)
wide[list(runs)].plot.bar(ax=ax, width=0.8)
ax.set_ylabel("accuracy")
ax.set_ylim(0, 1.05)
ax.set_title(f"MedCalc-Bench per category ({DATA.name})")
ax.legend(fontsize=8, loc="lower left")
plt.xticks(rotation=0, fontsize=8)
plt.tight_layout()
plt.show()
(wide.map(lambda v: f"{100 * v:.0f}%" if v == v else "-") + counts.map(lambda n: f" (n={n:.0f})" if n == n else ""))

# %% [markdown]
# The agent's bars rest on very few rows (n in the table): they show that the runner scores the graph's value
# like the other modes, not how good the embedded model is. The rows where rule extraction misses, with the reason
# the runner recorded:

# %%
misses = records[(records["run"] == "extract (rules)") & ~records["correct"]]
print(f"extract (rules): {len(misses)} miss(es) of {summaries['extract (rules)']['n']}")
misses[["id", "calculator", "category", "expected", "got", "error_stage", "error"]]

# %%
agent_recs = records[records["run"] == "agent (riskagent)"]
cols = ["id", "calculator", "category", "expected", "got", "correct", "status", "selected_tool_correct", "calls",
        "input_tokens", "output_tokens", "seconds"]
a = summaries["agent (riskagent)"]
print(f"agent (riskagent): {a['n']} row(s), per case {a['mean_calls']:.1f} model calls, {a['mean_tokens']:.0f} tokens, "
      f"{a['mean_seconds']:.1f} s; tool selection accuracy {a['selected_tool_accuracy']}")
print("where the time went (s per case):", a["seconds_by_node"])
assert summaries["gold"]["n"] == len(rows) and summaries["extract (rules)"]["n"] == len(rows)
assert len(agent_recs) == min(1 if SMALL else 3, len(rows[9::11]))
print("wall seconds of the three runs:", {k: round(v, 1) for k, v in seconds.items()})
agent_recs[[c for c in cols if c in agent_recs]]
