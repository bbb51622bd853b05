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
# # ReflecTool: practise on labelled cases, keep the experience, verify every action
#
# ReflecTool has two stages. **Optimisation**: on labelled cases the agent solves a case (attempt C1); when C1
# is wrong, a reflection against the gold answer writes a suggestion S, and the agent solves the case again
# with S and C1 in its prompt (C2). A right attempt (C1 if right first time, else C2) is stored as a solved
# trajectory; from C1 vs C2 the model distils per-tool experience ("how to use this tool well"), merged into a
# bounded list per tool. **Inference**: the agent sees similar solved cases and the candidate tools'
# experience, and a *verifier* checks each action before it takes effect, by iterative refinement (`refine`)
# or by choosing among sampled candidate actions (`select`).
#
# In MedMirror this is `graphs/optimize.py` (the optimisation graph), `nodes/optimize.py` (its nodes),
# `memory/experience.py` (the persistent store), `medmirror optimize` (`app/optimize_cli.py`) and the presets
# `reflectool-refine` / `reflectool-select` (the single tool loop with Plan / Think / Finish actions and the
# verifier). This notebook runs:
#
# 1. the optimisation stage with **scripted models**, so that each branch (right first time, fixed after
#    reflection, still wrong) is deterministic and visible;
# 2. the same stage with the **embedded model** (SmolLM2-135M through llama.cpp) on real MedCalc-Bench rows;
# 3. what the store then holds;
# 4. inference with both verifiers, with and without the experience, scripted and then on the embedded model.
#
# The notebook runs with `MEDMIRROR_DATA_DIR` set to a fresh temporary directory (`notebooks/execute.py` does
# this), so **the experience store starts empty**: everything it holds below was put there by this run.

# %%
import json
import os
import tempfile
import time
from pathlib import Path

import pandas as pd

SMALL = os.environ.get("MEDMIRROR_NOTEBOOK_SMALL") == "1"
ROOT = Path.cwd().parent  # the notebook runs in notebooks/

from medmirror import Settings, solve
from medmirror.bench.scoring import medcalc_scorer
from medmirror.graphs.optimize import build_optimize_graph
from medmirror.memory.experience import ExperienceStore
from medmirror.core.models import ScriptedChatModel
from medmirror.optimize_cli import medcalc_cases, run_optimize

DATA_DIR = Path(os.environ["MEDMIRROR_DATA_DIR"])
store = ExperienceStore(Settings.resolve("reflectool-refine").experience_dir)  # the run's store
print("SMALL:", SMALL, "| data dir:", DATA_DIR)
print("experience store:", store.file)
print("at the start:", store.stats())
assert store.stats()["trajectories"] == 0 and store.list_tools() == []

pd.set_option("display.max_colwidth", 90)


def cli(*args: str) -> str:
    """`medmirror ARGS` (the command line's own entry point, run in this process) and what it printed."""
    from contextlib import redirect_stderr, redirect_stdout
    from io import StringIO

    from medmirror.cli import main

    buf = StringIO()
    with redirect_stdout(buf), redirect_stderr(buf):
        code = main(list(args))
    assert code == 0, buf.getvalue()
    return buf.getvalue()


def show_trace(trace, width=120):
    for e in trace:
        print(f"{e['node']:>10} | {e['event']:<20} {str(e.get('detail', ''))[:width]}")


# %% [markdown]
# ## The optimisation graph
#
# One labelled case per run: `solve_c1` → (right) `store`; (wrong) `reflect` → `solve_c2` → (right) `store` →
# `distil`; a C2 that is still wrong ends the run with nothing stored.

# %%
print(build_optimize_graph(scorer=medcalc_scorer).get_graph().draw_mermaid())

# %% [markdown]
# ## Optimisation with scripted models: the three branches
#
# Three labelled cases in MedCalc-Bench's format (gold answer with its lower/upper limits, scored by the
# benchmark's own rule, `medcalc_scorer`). The solver is the `reflectool-refine` preset: the single tool loop,
# where every action (the calculator call, then `finish`) passes the refine verifier first. The scripted roles:
# `tool_agent` (the loop's actions), `verifier`, `answer`, and `reviewer` (who writes the reflection, the
# distilled experience and the merge).
#
# * **A** (BMI): right first time, so C1 is stored and nothing is reflected on.
# * **B** (BMI): the note gives an old weight and the current one; C1 takes the old weight, the reflection
#   points to the current one, C2 is right: C2 is stored and experience for `bmi` is distilled.
# * **C** (MAP): C1 takes an earlier blood pressure reading; C2 does again despite the suggestion: nothing is
#   stored.
#
# These runs use `extractor="llm"`, so that the scripted arguments reach the calculator as written: with the
# default `hybrid` extractor the rule extractor's evidence-backed values are the defaults a model may only
# override with evidence (README, "Verified reflection"), which would stand in the way of the scripted mistakes.
# The scripted store is a separate one (under the data dir), so the embedded model's store below starts empty.

# %%
def gold(value: float, tol: float = 0.05) -> dict:
    return {"answer": repr(value), "lower": repr(value * (1 - tol)), "upper": repr(value * (1 + tol)),
            "output_type": "decimal"}


BMI_Q = "What is the patient's body mass index (BMI)? Your answer should be in terms of kg/m²."
MAP_Q = "What is the patient's mean arterial pressure in mmHg?"
CASES = {
    "A": {"id": "A", "kind": "Body Mass Index (BMI)", "source": "notebook", "question": BMI_Q,
          "note": "A 45-year-old man at a routine check-up. Weight 70 kg, height 175 cm.",
          "gold_text": repr(70 / 1.75**2), "gold": gold(70 / 1.75**2)},
    "B": {"id": "B", "kind": "Body Mass Index (BMI)", "source": "notebook", "question": BMI_Q,
          "note": "A 52-year-old woman, height 160 cm. She weighed 70 kg last year; today she weighs 60 kg.",
          "gold_text": repr(60 / 1.6**2), "gold": gold(60 / 1.6**2)},
    "C": {"id": "C", "kind": "Mean Arterial Pressure (MAP)", "source": "notebook", "question": MAP_Q,
          "note": "At triage her blood pressure was 130/80 mmHg; on the ward an hour later it is 150/90 mmHg.",
          "gold_text": repr(150 / 3 + 2 * 90 / 3), "gold": gold(150 / 3 + 2 * 90 / 3, 0.01)},
}


def react(action, thought="next step", **arguments):
    return {"thought": thought, "action": action, "arguments": arguments}


def attempt(tool, args, value):
    """One scripted solve: the agent's call and finish, the verifier keeping both, the answer."""
    return {"tool_agent": [react(tool, "compute it", **args), react("finish", "the result answers it")],
            "verifier": [{"arguments": args, "reason": "no change"}, {"thought": "the result answers it", "reason": "no change"}],
            "answer": [{"answer": "see the result", "value": repr(value), "evaluation": "from the tool", "score": 9}]}


def scripted(*attempts, reviewer=()):
    roles = {r: [x for a in attempts for x in a[r]] for r in ("tool_agent", "verifier", "answer")}
    roles["reviewer"] = list(reviewer)
    return {r: ScriptedChatModel(responses=v, name_=r) for r, v in roles.items()}


SCRIPTS = {
    "A": scripted(attempt("bmi", {"weight": 70, "height": 175}, 70 / 1.75**2)),
    "B": scripted(attempt("bmi", {"weight": 70, "height": 160}, 70 / 1.6**2),
                  attempt("bmi", {"weight": 60, "height": 160}, 60 / 1.6**2),
                  reviewer=[{"suggestion": "The note gives two weights: use today's weight (60 kg), not last year's."},
                            {"suggestions": [{"tool": "bmi", "suggestion": "When the note gives several weights, use the current one."},
                                             {"tool": "Think", "suggestion": "Check the date of each measurement before using it."}]}]),
    "C": scripted(attempt("mean_arterial_pressure", {"systolic_bp": 130, "diastolic_bp": 80}, 130 / 3 + 160 / 3),
                  attempt("mean_arterial_pressure", {"systolic_bp": 130, "diastolic_bp": 80}, 130 / 3 + 160 / 3),
                  reviewer=[{"suggestion": "Use the latest blood pressure reading (150/90 mmHg on the ward)."}]),
}

scripted_store = ExperienceStore(DATA_DIR / "scripted-store")
S_SCRIPTED = Settings.resolve("reflectool-refine", extractor="llm", checkpointer="none")
outcomes = {}
for name, case in CASES.items():
    graph = build_optimize_graph(store=scripted_store, scorer=medcalc_scorer, models=SCRIPTS[name])
    out = graph.invoke({"case": case}, context=S_SCRIPTED)
    outcomes[name] = out
    print(f"--- case {name}: outcome {out.get('outcome') or 'unsolved (nothing stored)'}")
    show_trace(out["trace"])
    print()

# %% [markdown]
# The three outcomes, and what each branch did. The graph's own state says which attempt was right, which was
# stored and which tools got experience:

# %%
table = pd.DataFrame([{
    "case": n, "C1 right": o["c1_correct"], "C1 value": o["c1"].get("value"),
    "C2 right": o.get("c2_correct"), "C2 value": (o.get("c2") or {}).get("value"),
    "outcome": o.get("outcome") or "unsolved", "stored": o.get("stored_id"),
    "experience for": ", ".join(sorted((o.get("experience") or {}).keys())),
} for n, o in outcomes.items()])
assert list(table["outcome"]) == ["solved_first", "solved_after_reflection", "unsolved"]
assert outcomes["A"].get("suggestion") in (None, "")  # no reflection when C1 is right
assert outcomes["B"]["stored_id"] and not outcomes["C"].get("stored_id")
assert sorted(outcomes["B"]["experience"]) == ["Think", "bmi"]
assert all(m.remaining == 0 for s_ in SCRIPTS.values() for m in s_.values())  # every scripted reply was used
table

# %% [markdown]
# C2 is not a blind retry: every agent of the second attempt sees the suggestion and a compact C1 (its calls,
# results and answer). Here is what case B's tool agent was shown in C2, and what the reflection (the reviewer
# role) was shown: the gold answer and the benchmark's evaluation of C1.

# %%
c2_prompt = SCRIPTS["B"]["tool_agent"].calls[2]["messages"][-1].content
start = c2_prompt.index("Advice from an earlier attempt")
print(c2_prompt[start:start + 600])
assert "Your first attempt at this task (C1), which was wrong:" in c2_prompt
print("\n--- the reflection's prompt (end) ---")
reflect_prompt = SCRIPTS["B"]["reviewer"].calls[0]["messages"][-1].content
print(reflect_prompt[-700:])
assert "Correct answer" in reflect_prompt

# %% [markdown]
# The scripted store now holds two trajectories (A's C1, B's C2) and the distilled experience. `medmirror memory`
# reads it from the shell (`--store` names a store other than the data dir's):

# %%
print(cli("memory", "list", "--store", str(scripted_store.file)))
print(cli("memory", "list", "--tools", "--store", str(scripted_store.file)))
print(cli("memory", "show", "bmi", "--tool", "--store", str(scripted_store.file)))
assert scripted_store.stats()["trajectories"] == 2
assert scripted_store.get_experience("bmi") == ["When the note gives several weights, use the current one."]

# %% [markdown]
# ## Optimisation with the embedded model
#
# Now `medmirror optimize` (here its Python entry, `run_optimize`, which the CLI calls) with SmolLM2-135M in
# every role, on real MedCalc-Bench rows: the one-shot file (read from `../shared`, CC-BY-SA), or the shipped
# dev set when it is missing. The rows are the short-note calculators (a QTc correction, target weight), so the
# run stays within the notebook's time budget: one case in the small run, two in the full one. The store is
# the run's own (empty at the start). A 135M model is weak: whatever the outcome, it is printed as it came, and
# only the bookkeeping is asserted (every case has an outcome; what was stored is in the store).

# %%
import csv

ONE_SHOT = Path(os.environ.get("MEDMIRROR_ONE_SHOT", ROOT.parent / "shared/data/medcalc/one_shot.csv"))
if ONE_SHOT.exists():
    source = ONE_SHOT
else:
    source = ROOT / "app/data/dev/blind3.csv"
    print(f"{ONE_SHOT} is missing: using the shipped dev set {source.relative_to(ROOT)}")
WANTED = ["QTc Bazett Calculator", "Target weight", "QTc Fridericia Calculator", "QTc Hodges Calculator"]
with open(source, newline="", encoding="utf-8") as f:
    reader = csv.DictReader(f)
    fields, rows = reader.fieldnames, list(reader)
chosen = [next(r for r in rows if r["Calculator Name"] == name) for name in WANTED
          if any(r["Calculator Name"] == name for r in rows)][: 1 if SMALL else 2]
WORK = Path(tempfile.mkdtemp(prefix="reflectool-nb-", dir=DATA_DIR))
rows_csv = WORK / "rows.csv"
with open(rows_csv, "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, fieldnames=fields)
    w.writeheader()
    w.writerows(chosen)
print("rows from", source.name, ":", [(r["Row Number"], r["Calculator Name"]) for r in chosen])
for c in medcalc_cases(rows_csv, None):
    print(f"  {c['id']}: {c['question'][:80]} | note: {c['note'][:80]!r} | gold {c['gold_text']}")

# %%
t0 = time.perf_counter()
summary = run_optimize(rows_csv, None, preset="reflectool-refine", out_dir=WORK / "optimize", store=store)
opt_seconds = time.perf_counter() - t0
opt_records = [json.loads(x) for x in (WORK / "optimize" / "optimize.jsonl").read_text().splitlines()]
opt = pd.DataFrame(opt_records)[["id", "kind", "outcome", "c1_correct", "c1_value", "c2_correct", "c2_value",
                                 "stored_id", "experience_tools", "seconds"]]
print(f"embedded-model optimisation: {len(opt_records)} case(s) in {opt_seconds:.0f} s")
assert len(opt_records) == len(chosen) == summary["cases"]
assert set(opt["outcome"]) <= {"solved_first", "solved_after_reflection", "unsolved", "error"}
assert summary["stored"] == store.stats()["trajectories"]  # what was stored is in the store
opt

# %% [markdown]
# The reflections the model wrote (when C1 was wrong), as the run recorded them:

# %%
for r in opt_records:
    print(f"{r['id']} ({r['outcome']}): {r.get('suggestion') or '(no reflection: C1 was right)'}")

# %% [markdown]
# ## What the store holds
#
# The run's store: the solved trajectories with their provenance, and the tool experience distilled from C1 vs
# C2 (none when every case was right first time or stayed wrong). `medmirror memory` reads
# `$MEDMIRROR_DATA_DIR/experience` by default, the store `optimize` and `solve` write; here the run's store is
# named with `--store`:

# %%
print(cli("memory", "list", "--store", str(store.file)))
print(cli("memory", "list", "--tools", "--store", str(store.file)))
print(store.stats())
for t in store.list_trajectories():
    print(f"\ntrajectory {t.id} ({t.provenance.source}:{t.provenance.case_id}, preset {t.provenance.preset}, "
          f"model {t.provenance.model}), final answer {t.final_answer}")
    for st in t.steps:
        print(f"  {st.action}({json.dumps(st.arguments)[:120]}) -> {str(st.observation)[:100]}")
for tool in store.list_tools():
    print(f"\nexperience for {tool}:", store.get_experience(tool))

# %% [markdown]
# ## Inference: the two verifiers, scripted
#
# With the scripted store's experience (`bmi`: use the current weight), a new BMI case whose note again gives two
# weights. `reflectool-refine`: the agent proposes `bmi` with the old weight; the verifier, shown the tool's card
# and experience, rewrites the arguments, then confirms them (two rounds at most, `verifier_rounds`).
# `reflectool-select`: the agent proposes three whole actions (the first greedy, two sampled at
# `select_temperature`), here `bmi` with the old weight, `bmi` with today's and a `think`; the verifier, shown
# every candidate with its card and experience, picks one (identical candidates are merged first, so the three
# `finish` proposals of the next step need no choice). The trace's verifier
# events say what changed.

# %%
NEW_NOTE = "A 38-year-old man, 180 cm. Weight 95 kg at his last visit; 88 kg on today's scales."
right = {"weight": 88, "height": 180}
s_inf = dict(saver=None, extractor="llm", data_dir=str(DATA_DIR / "scripted-inference"))
# the scripted experience, copied (export / import) into the store these runs read
scripted_store.export(WORK / "scripted.jsonl")
ExperienceStore(Settings.resolve("reflectool-refine", data_dir=s_inf["data_dir"]).experience_dir).import_(WORK / "scripted.jsonl")

refine_models = {
    "tool_agent": ScriptedChatModel(responses=[react("bmi", "BMI from weight and height", weight=95, height=180),
                                               react("finish", "done")]),
    "verifier": ScriptedChatModel(responses=[{"arguments": right, "reason": "the experience says: use the current weight (88 kg today)"},
                                             {"arguments": right, "reason": "no change"},
                                             {"thought": "done", "reason": "no change"}]),
    "answer": ScriptedChatModel(responses=[{"answer": "BMI", "value": repr(88 / 1.8**2), "evaluation": "ok", "score": 9}]),
}
r_refine = solve(BMI_Q, NEW_NOTE, preset="reflectool-refine", models=refine_models, **s_inf)
select_models = {
    "tool_agent": ScriptedChatModel(responses=[react("bmi", "BMI from weight and height", weight=95, height=180),
                                               react("bmi", "BMI with today's weight", **right),
                                               react("think", "which weight is current?"),
                                               react("finish"), react("finish"), react("finish")]),
    "verifier": ScriptedChatModel(responses=[{"choice": 1, "reason": "the question asks for the BMI; today's weight"}]),
    "answer": ScriptedChatModel(responses=[{"answer": "BMI", "value": repr(88 / 1.8**2), "evaluation": "ok", "score": 9}]),
}
r_select = solve(BMI_Q, NEW_NOTE, preset="reflectool-select", models=select_models, select_candidates=3, **s_inf)
for name, r in (("refine", r_refine), ("select", r_select)):
    print(f"--- reflectool-{name}: value {r.value}, steps {[s['tool'] for s in r.steps]}")
    show_trace([e for e in r.trace if e["node"] in ("verifier", "react_agent", "tool_agent")], 150)
verifier_prompt = refine_models["verifier"].calls[0]["messages"][-1].content
assert "When the note gives several weights, use the current one." in verifier_prompt  # the experience reached it
assert r_refine.steps[0]["arguments"] == right and r_select.steps[0]["arguments"] == right
assert [e["event"] for e in r_refine.trace if e["node"] == "verifier"][:2] == ["verify_refine", "verify_stable"]
assert any(e["event"] == "verify_select" and "chose 1: bmi" in e["detail"] for e in r_select.trace)

# %% [markdown]
# ## Inference on the embedded model: refine and select, with and without the experience
#
# The first row of the embedded optimisation, now solved by the presets, each with `use_experience` on
# (the store built above: similar solved cases and tool experience in the prompts; note that the similar case
# found is the very case practised on, so this shows the mechanism, not generalisation) and off. Each run's
# verifier events say what the verifier changed; the table puts the results side by side, scored with the
# benchmark's rule. The small run (the test suite's) does `refine` with experience only; the other three
# conditions run in the full one (`select`'s mechanics are shown scripted above).

# %%
inference_cases = medcalc_cases(rows_csv, None)[:1]
conditions = [("reflectool-refine", True)]
if not SMALL:  # the test suite's small run: one condition; the comparison and selection in the full run
    conditions += [("reflectool-refine", False), ("reflectool-select", True), ("reflectool-select", False)]
rows_out, traces = [], {}
for case in inference_cases:
    for preset, use_exp in conditions:
        t0 = time.perf_counter()
        r = solve(case["question"], case["note"], preset=preset, use_experience=use_exp, saver=None)
        seconds = time.perf_counter() - t0
        right_, _ = medcalc_scorer(case, r.value)
        ver = [e for e in r.trace if e["node"] == "verifier"]
        traces[(case["id"], preset, use_exp)] = ver
        rows_out.append({"case": case["id"], "preset": preset, "experience": use_exp, "status": r.status,
                         "value": r.value, "gold": case["gold_text"], "right": right_,
                         "actions": " → ".join(s["tool"] for s in r.steps) or "-",
                         "refined": sum(e["event"] == "verify_refine" for e in ver),
                         "selections": sum(e["event"] == "verify_select" for e in ver),
                         "model calls": r.totals["calls"], "seconds": round(seconds, 1)})
side = pd.DataFrame(rows_out)
for (cid, preset, use_exp), ver in traces.items():
    print(f"--- {cid} {preset} experience={use_exp}")
    show_trace(ver, 140)
assert len(side) == len(inference_cases) * len(conditions) and set(side["status"]) <= {"answered", "refused", "error"}
assert (side[side.preset == "reflectool-refine"]["selections"] == 0).all()
assert (side[side.preset == "reflectool-select"]["refined"] == 0).all()
ran = side[side.actions != "-"]
assert (ran[ran.preset == "reflectool-select"]["selections"] > 0).all()  # every action went through selection
side

# %% [markdown]
# Reading the table: `refined` counts the verifier's rewrites (`verify_refine`), `selections` the candidate
# choices (`verify_select`); `actions` is what ran. With a 135M model the verifier mostly confirms or picks the
# greedy candidate; the checks after it (`use_checks`) still refuse a call to a calculator the question does not
# name. The optimisation and the verifiers are the paper's mechanics; the gains the paper reports need a
# stronger model (point any role at an OpenAI-compatible server, see the README's Models section).
