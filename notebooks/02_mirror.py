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
# # MIRROR in MedMirror: every gate and memory, then the embedded model
#
# MIRROR (multi-agent intra- and inter-reflection) is MedMirror's `mirror` preset: a **planner** decomposes
# the task into subtasks bound to tools, a **tool agent** fills the arguments, an **executor** validates and
# runs the tool, an **answer** agent writes the answer. Each agent scores its own output 1-10 and revises
# below its threshold (θp, θt, θa: *intra-reflection*); a failed tool call goes to **short-term memory** (STM)
# and back to the tool agent; a below-θa answer sends the whole round to **long-term memory** (LTM) and the
# planner re-plans (*inter-reflection*). The `full` preset adds RiskAgent's **reviewer**.
#
# This notebook shows:
# 1. the graph itself (Mermaid text, offline);
# 2. a scripted run (deterministic replies per role) where each gate and memory fires once, and what each
#    agent was shown;
# 3. MedMirror's departure from the paper: *verified reflection*, where checks computed from the tools and the
#    note accept a low self-score or reject a high one;
# 4. the thresholds and bounds as settings, and a threshold changing the outcome;
# 5. the embedded model (SmolLM2-135M-Instruct through llama.cpp) on a few bundled cases.
#
# Replaces the older `walkthrough.ipynb`.

# %%
import json
import os
from pathlib import Path

import pandas as pd

from medmirror import Settings, solve
from medmirror.graphs.main import build_graph
from medmirror.core.models import ScriptedChatModel

SMALL = os.environ.get("MEDMIRROR_NOTEBOOK_SMALL") == "1"
ROOT = Path.cwd().parent  # the notebook runs in notebooks/
pd.set_option("display.max_colwidth", 90)
print("SMALL:", SMALL)

# %% [markdown]
# ## 1. The graph
#
# `build_graph(preset=...)` compiles the preset's graph; LangGraph draws it as Mermaid text (paste it into any
# Mermaid viewer; nothing here needs the network). MIRROR, RiskAgent and `full` share one planner graph: which
# nodes run and which gates fire is decided per run by the settings (the graph's context), not by the wiring.
# The dotted edges are the routers: `planner -.-> planner` is the plan gate (θp), `tool_agent -.-> tool_agent`
# the tool-call gate (θt), `executor -.-> tool_agent` an executor error going back through STM,
# `answer -.-> ltm_update --> planner` a below-θa round going to LTM and re-planning, and `reviewer -.-> ...`
# the reviewer's Reflect[WRONG] routes to the earliest failing stage.

# %%
mermaid = build_graph(preset="mirror").get_graph().draw_mermaid()
print(mermaid)
for edge in ("planner -.-> planner", "tool_agent -.-> tool_agent", "executor -.-> tool_agent",
             "answer -.-> ltm_update", "ltm_update --> planner", "answer -.-> reviewer"):
    assert edge in mermaid, edge

# %% [markdown]
# The single-loop presets (`react`, ReflecTool's, the baselines) compile another graph, without a planner:

# %%
single = build_graph(preset="react").get_graph()
print(sorted(single.nodes))
assert "planner" not in single.nodes

# %% [markdown]
# ## 2. A scripted run where every gate and memory fires
#
# Every role's replies are scripted (`ScriptedChatModel`), so the control flow is deterministic and each
# mechanism can be made to fire on purpose. The run uses the `full` preset (MIRROR's gates plus the reviewer)
# with the papers' self-score gates alone (`use_checks=False`; section 3 turns the checks on) and
# `extractor="llm"` (the model's arguments are used as given; with the default `hybrid` the rule extractor
# would have filled the missing height from the note and the executor error would not happen).
#
# What the script makes happen, in order:
#
# | step | reply | gate / memory |
# |---|---|---|
# | planner | a plan without a tool, self-score 5 < θp = 8 | **plan revision** (θp) |
# | planner | the BMI calculator, score 9 | plan accepted |
# | tool agent | `bmi(weight=82)`, score 5 < θt = 8 | **tool-call revision** (θt) |
# | tool agent | the same call, score 9 | accepted |
# | executor | height missing: the calculator refuses | **executor error → STM**, back to the tool agent |
# | tool agent | `bmi(weight=82, height=165)`, having seen STM | accepted, runs |
# | answer | score 6 < θa = 8 | **round → LTM, re-plan** |
# | planner, tool agent, answer | round 2, answer score 9 | accepted |
# | reviewer | Reflect[WRONG] at the answer | **reviewer verdict**: back to the answer agent |
# | answer, reviewer | revised answer, Reflect[RIGHT] | run ends |

# %%
note = "A 52-year-old woman, weight 82 kg, height 165 cm, presents for a pre-operative assessment."
question = "What is the patient's body mass index (BMI)?"
bmi = 82 / 1.65 ** 2  # the value the calculator must return (canonical repr, as the answer's value)

planner = ScriptedChatModel(responses=[
    {"subtasks": [{"description": "work out the BMI", "tool": "none"}], "evaluation": "no tool used", "score": 5},
    {"subtasks": [{"description": "compute BMI from weight and height", "tool": "bmi"}],
     "evaluation": "uses the BMI tool", "score": 9},
    {"subtasks": [{"description": "compute BMI from the documented weight and height", "tool": "bmi"}],
     "evaluation": "same plan, checked units", "score": 9},
])
tool_agent = ScriptedChatModel(responses=[
    {"tool": "bmi", "arguments": {"weight": 82}, "evaluation": "not sure the weight is in kg", "score": 5},
    {"tool": "bmi", "arguments": {"weight": 82}, "evaluation": "weight from the note, in kg", "score": 9},
    {"tool": "bmi", "arguments": {"weight": 82, "height": 165}, "evaluation": "added the height", "score": 9,
     "reflection": "the BMI needs the height as well as the weight"},
    {"tool": "bmi", "arguments": {"weight": 82, "height": 165}, "evaluation": "both from the note", "score": 10},
])
answer = ScriptedChatModel(responses=[
    {"answer": "The BMI is elevated.", "value": repr(bmi), "evaluation": "no number, no band", "score": 6},
    {"answer": f"BMI {bmi:.1f} kg/m2.", "value": repr(bmi), "evaluation": "value given", "score": 9},
    {"answer": f"BMI {bmi:.1f} kg/m2 (obese class I).", "value": repr(bmi), "evaluation": "value and class",
     "score": 9},
])
reviewer = ScriptedChatModel(responses=[
    {"verdict": "WRONG", "failing_stage": "answer", "critique": "state the WHO weight class"},
    {"verdict": "RIGHT", "failing_stage": "none", "critique": "all stages check out"},
])
scripted = {"planner": planner, "tool_agent": tool_agent, "answer": answer, "reviewer": reviewer}
result = solve(question, note, preset="full", extractor="llm", use_checks=False, models=scripted,
               checkpointer="none")


def show_trace(r, width=100):
    for e in r.trace:
        score = e.get("score", "")
        print(f"{e['node']:>10} | {e['event']:<24} {score!s:>2} {str(e.get('detail', ''))[:width]}")


show_trace(result)
print()
print("status:", result.status, "| value:", result.value, "| rounds:", result.rounds, "| reviews:", result.reviews)

# %% [markdown]
# Each mechanism left its event in the trace (asserted below, so the notebook fails if one stops firing), and
# every scripted reply was used: no planned call was skipped.

# %%
events = [e["event"] for e in result.trace]
for name in ("plan_revise", "tool_revise", "tool_error_to_stm", "answer_replan", "round_to_ltm",
             "reflect_wrong_answer", "reflect_right", "answer_accept"):
    assert name in events, (name, events)
assert events.index("plan_revise") < events.index("tool_revise") < events.index("tool_error_to_stm") \
    < events.index("answer_replan") < events.index("reflect_wrong_answer") < events.index("reflect_right")
assert result.status == "answered" and result.value == repr(bmi) and result.rounds == 2
assert all(m.remaining == 0 for m in scripted.values()), {k: m.remaining for k, m in scripted.items()}
print("gate events, in order:", [e for e in events if e not in ("candidates", "ok")])
print("self-scores each gate saw:", result.scores)

# %% [markdown]
# ### What the agents were shown
#
# **Plan revision (θp).** The planner's second prompt carries its own first plan and why it was sent back:

# %%
def last_user_message(model, i):
    return str(model.calls[i]["messages"][-1].content)


plan_retry = last_user_message(planner, 1)
print(plan_retry[plan_retry.index("Your previous plan"):])
assert "work out the BMI" in plan_retry and "(score 5, below the threshold 8)" in plan_retry

# %% [markdown]
# **Executor error → STM.** The calculator refused the call (the height was missing); the error went to
# short-term memory, and the tool agent's next prompt shows it under "Failed attempts" (with the rule-written
# reflection; the agent's own reflection, a field of its retry, then replaces it: the `stm_reflection` event):

# %%
stm_step = next(e for e in result.trace if e["event"] == "tool_error_to_stm")
print("executor:", stm_step.get("detail", "")[:300])
retry_prompt = last_user_message(tool_agent, 2)
shown = retry_prompt[retry_prompt.index("Failed attempts"):]
print(shown[:500])
assert "height" in shown and "attempt 1: bmi" in shown

# %% [markdown]
# **Answer below θa → LTM → re-plan.** The round (plan, calls, results, answer and its score) was stored in
# long-term memory, and the planner's round-2 prompt shows it:

# %%
round1 = result.ltm[0]
print("LTM entry:", {k: round1[k] for k in ("round", "value", "score", "reflection")})
print("          plan:", round1["plan"], "| calls:", [(st["tool"], st["arguments"], st["ok"]) for st in round1["steps"]])
replan_prompt = last_user_message(planner, 2)
shown = replan_prompt[replan_prompt.index("Earlier rounds of this task"):]
print()
print(shown[: shown.index("Reviewer critique")].strip())
assert round1["round"] == 1 and round1["score"] == 6
assert "Round 1:" in shown and "(score 6)" in shown

# %% [markdown]
# **Reviewer verdict.** Reflect[WRONG] named the answer as the earliest failing stage; only the answer agent
# re-ran (the tools were not called again), shown the critique:

# %%
wrong = next(e for e in result.trace if e["event"] == "reflect_wrong_answer")
print("reviewer:", wrong.get("detail", "")[:300])
critique_prompt = last_user_message(answer, 2)
assert "state the WHO weight class" in critique_prompt
after = events[events.index("reflect_wrong_answer") + 1:]
assert after == ["answer_accept", "reflect_right"], after  # no planner, tool agent or executor in between
print("final answer:", result.answer)
print("review:", result.review)

# %% [markdown]
# ## 3. Verified reflection: the checks decide
#
# A 135M model's self-scores are noise, so with `use_checks=True` (the default) every gate also runs checks
# computed from the tools, the retrieval and the note (README "Verified reflection"). A *decisive* pass (the
# plan binds the tool the question names, every input is backed by the note, the value is that tool's result)
# outweighs a low self-score; a failed check revises whatever the self-score.
#
# **(a) The checks accept a low self-score.** Plan, call and answer all score themselves 2-3, far below θ = 8.
# With checks off each would be revised; with checks on each passes decisively and the run takes one call per
# role.

# %%
BMI_NOTE = "A 45-year-old man comes for a check-up. Weight 70 kg, height 175 cm. No complaints."
BMI_Q = "What is the patient's BMI?"
BMI_70 = repr(70 / 1.75 ** 2)


def low_scored():
    return {
        "planner": ScriptedChatModel(responses=[{"subtasks": [{"description": "Compute the BMI", "tool": "bmi"}],
                                                 "evaluation": "unsure", "score": 3}] * 12),
        "tool_agent": ScriptedChatModel(responses=[{"tool": "bmi", "arguments": {"weight": 70, "height": 175},
                                                    "evaluation": "unsure", "score": 2}] * 12),
        "answer": ScriptedChatModel(responses=[{"answer": "The BMI is computed.", "value": BMI_70,
                                                "evaluation": "unsure", "score": 2}] * 12),
    }


rows = []
for use_checks in (True, False):
    ms = low_scored()
    r = solve(BMI_Q, BMI_NOTE, preset="mirror", use_checks=use_checks, models=ms, checkpointer="none",
              max_rounds=2)
    first_plan = next(e for e in r.trace if e["node"] == "planner")
    rows.append({"use_checks": use_checks, "first plan event": first_plan["event"],
                 "self-score": first_plan.get("score"), "checks": first_plan.get("checks", "(off)"),
                 "decided_by": first_plan.get("decided_by", ""),
                 "calls (planner/tool/answer)": "/".join(str(len(m.calls)) for m in ms.values()),
                 "status": r.status, "value": r.value})
    if use_checks:
        checked = r
low = pd.DataFrame(rows)
assert low.loc[0, "first plan event"] == "plan_accept" and low.loc[0, "checks"] == "checks passed (decisive)"
assert low.loc[0, "calls (planner/tool/answer)"] == "1/1/1" and checked.value == BMI_70
assert low.loc[1, "first plan event"] == "plan_revise"
low

# %% [markdown]
# With checks on, the trace prints each self-score beside the checks that outweighed it:

# %%
for e in checked.trace:
    if e["node"] in ("planner", "tool_agent", "answer"):
        print(f"{e['node']:>10} | {e['event']:<12} score {e.get('score')} [{e.get('checks', '')}]")

# %% [markdown]
# **(b) The checks reject a high self-score.** The plan adds a knowledge search the question does not need and
# scores itself 10. The plan check finds a tool whose result is not an input of the BMI calculator (the tool the
# question names), the plan is sent back with that critique whatever its score, and the revision (score 9, BMI
# alone) passes.

# %%
ms = {
    "planner": ScriptedChatModel(responses=[
        {"subtasks": [{"description": "Compute the BMI", "tool": "bmi"},
                      {"description": "Look up the BMI classes", "tool": "knowledge_search"}],
         "evaluation": "thorough", "score": 10},
        {"subtasks": [{"description": "Compute the BMI", "tool": "bmi"}], "evaluation": "BMI only", "score": 9},
    ]),
    "tool_agent": ScriptedChatModel(responses=[{"tool": "bmi", "arguments": {"weight": 70, "height": 175},
                                                "evaluation": "from the note", "score": 9}]),
    "answer": ScriptedChatModel(responses=[{"answer": "The BMI is computed.", "value": BMI_70,
                                            "evaluation": "the tool result", "score": 9}]),
}
high = solve(BMI_Q, BMI_NOTE, preset="mirror", models=ms, checkpointer="none")
rejected = next(e for e in high.trace if e["event"] == "plan_revise")
print("self-score:", rejected["score"])
print("checks:    ", rejected["checks"])
print("detail:    ", rejected.get("detail", "")[:200])
assert rejected["score"] == 10 and "unrelated tool(s) knowledge_search" in rejected["checks"]
assert [s["tool"] for s in high.steps] == ["bmi"] and high.value == BMI_70

# %% [markdown]
# ## 4. The thresholds and bounds are settings
#
# Every threshold and bound is a setting (keyword to `solve`, `MEDMIRROR_<NAME>` variable or CLI flag); a
# preset sets some of them (`mirror-best` is MIRROR with the paper's best published θp = 9 and R = 5 rounds).

# %%
names = ["theta_plan", "theta_tool", "theta_answer", "max_plan_revisions", "max_tool_revisions",
         "max_attempts_per_subtask", "max_rounds", "max_reviews", "use_checks", "use_reviewer"]
presets = ["mirror", "mirror-best", "full"]
table = pd.DataFrame({p: {n: getattr(Settings.resolve(p), n) for n in names} for p in presets})
assert table.loc["theta_plan", "mirror-best"] == 9 and table.loc["max_rounds", "mirror-best"] == 5
table

# %% [markdown]
# The same scripted plan, self-score 8, is accepted at θp = 8 and revised at θp = 9 (self-score gates alone):

# %%
def plan_events(theta_plan):
    ms = {
        "planner": ScriptedChatModel(responses=[
            {"subtasks": [{"description": "Compute the BMI", "tool": "bmi"}], "evaluation": "fine", "score": 8},
            {"subtasks": [{"description": "Compute the BMI", "tool": "bmi"}], "evaluation": "sure", "score": 10}]),
        "tool_agent": ScriptedChatModel(responses=[{"tool": "bmi", "arguments": {"weight": 70, "height": 175},
                                                    "evaluation": "from the note", "score": 9}]),
        "answer": ScriptedChatModel(responses=[{"answer": "BMI computed.", "value": BMI_70,
                                                "evaluation": "ok", "score": 9}]),
    }
    r = solve(BMI_Q, BMI_NOTE, preset="mirror", use_checks=False, theta_plan=theta_plan, models=ms,
              checkpointer="none")
    return [e["event"] for e in r.trace if e["node"] == "planner"]


by_theta = {theta: plan_events(theta) for theta in (8, 9)}
print(by_theta)
assert by_theta[8] == ["plan_accept"] and by_theta[9] == ["plan_revise", "plan_accept"]

# %% [markdown]
# ## 5. The embedded model on bundled cases
#
# Now the real thing: SmolLM2-135M-Instruct in-process through llama.cpp, default settings (`mirror`, checks
# on), on the first case (SMALL) or first three cases of `app/data/dev/short_cases.json`. The trace shows each
# self-score beside the checks, and what sent an output back (`decided_by`). Expected answers are printed for
# comparison, not asserted: the model proposes, the checks decide, and the product may still refuse.

# %%
cases = json.loads((ROOT / "app/data/dev/short_cases.json").read_text())[: 1 if SMALL else 3]
summary = []
for case in cases:
    r = solve(case["question"], case["note"], checkpointer="none")
    print(f"=== {case['name']}: {case['question']}")
    for e in r.trace:
        print(f"{e['node']:>10} | {e['event']:<22} {e.get('score', '')!s:>2} [{e.get('checks', '')}] "
              f"{e.get('decided_by', '')}")
    print("status:", r.status, "| value:", r.value, "| expected:", case["expected"])
    print()
    t = r.totals
    summary.append({"case": case["name"], "status": r.status, "value": r.value, "expected": case["expected"],
                    "tools": [s.get("tool") for s in r.steps], "model calls": t["calls"],
                    "tokens": t["input_tokens"] + t["output_tokens"], "seconds": round(r.usage["wall_seconds"], 1)})
    assert r.status in ("answered", "refused", "error") and r.trace
    assert any(e["node"] == "planner" for e in r.trace)
pd.DataFrame(summary)
