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
# # Quickstart: one clinical question, from Python, the command line and a model server
#
# MedMirror answers a clinical question about a patient note with validated tools: the model plans and
# proposes the calculator's inputs, the calculator computes, and checks computed from the note and the tools
# decide what is accepted. Everything here runs offline on the embedded model (SmolLM2-135M-Instruct,
# in-process through llama.cpp).
#
# This notebook shows:
# 1. `solve` on a short note (default preset `mirror`): the answer, the structured value and the tool result it
#    came from, the trace of every gate, the evidence for each calculator input, the inputs assumed absent and
#    the usage;
# 2. a refusal when the note lacks an input, and the clinician-in-the-loop callback that supplies it;
# 3. the same from the command line (`medmirror solve --json`);
# 4. a role pointed at an OpenAI-compatible server (llama.cpp's own, started here on a loopback port).

# %%
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pandas as pd

from medmirror import solve
from medmirror.tools.calculators import CALCULATORS

SMALL = os.environ.get("MEDMIRROR_NOTEBOOK_SMALL") == "1"
ROOT = Path.cwd().parent  # the notebook runs in notebooks/
pd.set_option("display.max_colwidth", 80)
print("SMALL:", SMALL)

# %% [markdown]
# ## 1. `solve` on a short note
#
# A CHA₂DS₂-VASc question (stroke risk in atrial fibrillation). The note documents age, sex, hypertension and
# diabetes; it says nothing about heart failure, stroke or vascular disease.

# %%
NOTE = ("A 72-year-old woman with atrial fibrillation is seen in clinic. She has hypertension treated with "
        "amlodipine and type 2 diabetes on metformin.")
QUESTION = "What is the patient's CHA2DS2-VASc score?"

r = solve(QUESTION, NOTE)  # preset="mirror", embedded model, checks on
print("status:", r.status)
print("value: ", r.value)
print("answer:", r.answer)

# %% [markdown]
# ### Where the value came from
#
# The structured value is never the model's own number: it is the result of the calculator step that answers
# the question (the answer's value is constrained to the values the tools returned). The step keeps the call,
# its arguments and the calculator's result:

# %%
answering = [s for s in r.steps if s.get("ok") and s.get("tool") in CALCULATORS]
step = answering[-1]
obs = step["observation"]
print("tool:     ", step["tool"])
print("arguments:", json.dumps(step["arguments"], default=str))
print("result:   ", {k: obs.get(k) for k in ("name", "value", "unit", "interpretation")})
assert r.status == "answered", r.status_detail
assert step["tool"] == "cha2ds2_vasc"
assert str(obs["value"]) == r.value, (obs["value"], r.value)

# %% [markdown]
# ### The trace: every gate event
#
# One line per event: the node, the event, the agent's self-score, the checks and what decided (the checks or
# the score). `candidates` is the tool retrieval, `plan_*` the planner's gate (θp), `tool_*`/`rule_call` the tool
# agent's (θt), `ok` the executor, `answer_*` the answer's gate (θa).

# %%
for e in r.trace:
    print(f"{e['node']:>10} | {e['event']:<16} {e.get('score', '')!s:>2} [{e.get('checks', '')}] "
          f"{e.get('decided_by', '')} {str(e.get('detail', ''))[:70]}")
events = [e["event"] for e in r.trace]
assert events[0] == "candidates" and "ok" in events and any(ev.startswith("plan_") for ev in events)
assert events[-1] == "answer_accept", events

# %% [markdown]
# ### The evidence table
#
# `Result.evidence_table()`: each calculator input with the value used, its grounding status (`rule`: read from
# the note by the rule extractor; `agree`: the model and the rules agree; `assumed`: not documented, scored as
# absent; `user`: given by the clinician; ...) and the words of the note it rests on, with their character span
# in the note. `unit` is the input's canonical unit for a number (none for yes/no findings and options).

# %%
table = pd.DataFrame(r.evidence_table())  # the calls that ran; evidence_table(failed_calls=True) adds failed ones
# every quoted span is the note's own words at that position
for _, row in table[table["span"].notna()].iterrows():
    start, end = row["span"]
    assert NOTE[start:end] == row["evidence"], row
assert {"age", "sex"} <= set(table["input"]) and set(table["tool"]) == {"cha2ds2_vasc"}
table.drop(columns=["call_ok"])

# %% [markdown]
# ### Inputs assumed absent, and usage
#
# Findings the note does not document score 0, as MedCalc-Bench's conventions say; the result lists them
# (as `tool.input`) so a reader can check the assumption. Usage counts model calls, tokens and seconds per node and per run.

# %%
print("assumed absent:", r.assumed)
qualified = table["tool"] + "." + table["input"]  # r.assumed names inputs as tool.input
assert r.assumed and set(r.assumed) <= set(qualified)
assert set(table.loc[qualified.isin(r.assumed), "status"]) == {"assumed"}

usage = pd.DataFrame(r.usage["nodes"]).T[["calls", "input_tokens", "output_tokens", "seconds"]]
t = r.totals
print(f"run: {t['calls']} model calls, {t['input_tokens']} + {t['output_tokens']} tokens, "
      f"{r.usage['wall_seconds']:.1f} s wall")
assert t["calls"] >= 1 and t["input_tokens"] > 0
usage.round(2)

# %% [markdown]
# ## 2. A missing input: refusal, then the clinician in the loop
#
# The note gives the height but not the weight. MedMirror never makes up a number: the BMI calculator cannot
# run, and the run ends `refused` with a `status_detail` saying what is missing.

# %%
BMI_Q = "What is the patient's BMI?"
NO_WEIGHT = "A 45-year-old man comes for a check-up. Height 175 cm. No complaints."

refused = solve(BMI_Q, NO_WEIGHT)
print("status:", refused.status)
print("detail:", refused.status_detail)
print("value: ", refused.value)
assert refused.status == "refused" and refused.value is None
assert "weight" in refused.status_detail

# %% [markdown]
# With `ask=` (a function taking the request and returning `{input: value}`), the run pauses at the missing
# input instead (LangGraph's `interrupt`), asks, validates the answer with the calculator like any input
# (`"154 lb"` is converted to kg), and finishes. The value is recorded as the user's (`user_inputs`, grounding
# status `user`), never as the note's.

# %%
asked = []


def clinician(request):
    asked.append(request)
    print("asked:", request["message"])
    for want in request["inputs"]:
        print(f"  {want['name']} [{want['unit']}] range {want['minimum']}-{want['maximum']}: {want['why']}")
    return {"weight": "154 lb"}


answered = solve(BMI_Q, NO_WEIGHT, ask=clinician)
bmi_step = next(s for s in answered.steps if s.get("ok") and s["tool"] == "bmi")
weight = next(p for p in bmi_step["grounding"]["params"] if p["name"] == "weight")
print("\nstatus:", answered.status, "| value:", answered.value)
print("user_inputs:", bmi_step["user_inputs"], "| weight grounding status:", weight["status"])
expected_bmi = 154 * 0.45359237 / 1.75 ** 2
assert len(asked) == 1 and asked[0]["tool"] == "bmi" and asked[0]["inputs"][0]["name"] == "weight"
assert answered.status == "answered" and abs(float(answered.value) - expected_bmi) < 1e-9
assert bmi_step["user_inputs"] == {"weight": "154 lb"} and weight["status"] == "user"

# %% [markdown]
# ## 3. The same from the command line
#
# `medmirror solve` takes the question and a note file (or `-` for standard input); without `--json` it prints
# the trace, the answer and the usage, with `--json` the whole result. Here it runs as a subprocess of the
# notebook (the equivalent of `!../.venv/bin/medmirror solve ...`).

# %%
medmirror = ROOT / ".venv" / "bin" / "medmirror"
with tempfile.TemporaryDirectory() as tmp:
    note_file = Path(tmp) / "note.txt"
    note_file.write_text(NOTE)
    cmd = [str(medmirror), "solve", "--question", QUESTION, "--note", str(note_file), "--json"]
    print("$", " ".join(cmd[:3]), repr(QUESTION), "--note note.txt --json")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
print("exit code:", proc.returncode)
cli = json.loads(proc.stdout)
print({k: cli[k] for k in ("status", "value", "preset", "assumed")})
print("tools:", [s["tool"] for s in cli["steps"]], "| totals:", {k: cli["totals"][k] for k in ("calls", "input_tokens",
                                                                                             "output_tokens")})
assert proc.returncode == 0, proc.stderr[-2000:]
# temperature 0: the same answer as in Python; --json gives the value as a number, the Python result as text
assert cli["status"] == "answered" and cli["value"] == float(r.value)

# %% [markdown]
# ## 4. A role on an OpenAI-compatible server
#
# Any role (planner, tool_agent, answer, reviewer, verifier, extractor) can use another provider. Here
# llama.cpp's own OpenAI-compatible server (`python -m llama_cpp.server`) serves the same embedded GGUF on a
# free loopback port, started from the notebook while the in-process model is idle, and stopped at the end.
# The settings are the README's (section "Models"): `model_provider` or per-role `role_providers`,
# `openai_base_url`, `openai_model` (as `MEDMIRROR_*` variables or keywords to `solve`).

# %%
from medmirror.core.models.local import default_gguf_path  # noqa: E402

with socket.socket() as sock:
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
gguf = default_gguf_path()
print("GGUF:", gguf)
log = open(Path(tempfile.gettempdir()) / f"medmirror-llama-server-{port}.log", "w")
server = subprocess.Popen(
    [sys.executable, "-m", "llama_cpp.server", "--model", gguf, "--model_alias", "smollm2", "--n_ctx", "8192",
     "--seed", "0", "--host", "127.0.0.1", "--port", str(port), "--verbose", "False"],
    stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def stop_server():
    """Stop the server by its process group (it was started in its own session)."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=20)
    log.close()


base_url = f"http://127.0.0.1:{port}/v1"
try:
    deadline = time.monotonic() + 120
    while True:
        assert server.poll() is None, Path(log.name).read_text()[-2000:]
        try:
            with urllib.request.urlopen(f"{base_url}/models", timeout=2) as resp:
                served = [m["id"] for m in json.load(resp)["data"]]
            break
        except OSError:
            assert time.monotonic() < deadline, "the server did not start within 120 s"
            time.sleep(0.5)
except BaseException:
    stop_server()
    raise
print("server up at", base_url, "serving", served)

# %% [markdown]
# The answer role on the server, every other role in-process; the server is stopped as soon as the run ends
# (by its process group), whatever happens.

# %%
try:
    mixed = solve(QUESTION, NOTE, role_providers={"answer": "openai"}, openai_base_url=base_url,
                  openai_model="smollm2", checkpointer="none")
finally:
    stop_server()
print("server stopped, exit code", server.returncode)
print("status:", mixed.status, "| value:", mixed.value)
assert server.poll() is not None

# %% [markdown]
# Which provider served which role: the settings name it per role, and the usage shows it per node. This server
# refuses `response_format` `json_schema`, so the `openai` provider falls back to JSON mode with the schema and
# records the method in the usage of each node whose calls went to the server (`structured_output`); nodes
# served in-process have none.

# %%
st = mixed.settings
providers = {role: st["role_providers"].get(role, st["model_provider"]) for role in ("planner", "tool_agent", "answer")}
print("providers by role:", providers)
per_node = pd.DataFrame(mixed.usage["nodes"]).T
methods = per_node["structured_output"] if "structured_output" in per_node else pd.Series(None, index=per_node.index)
per_node["structured_output"] = [json.dumps(v) if isinstance(v, dict) else "" for v in methods]
per_node = per_node[["calls", "input_tokens", "output_tokens", "seconds", "structured_output"]]
assert providers == {"planner": "local", "tool_agent": "local", "answer": "openai"}
assert mixed.status == "answered", mixed.status_detail
assert mixed.value == r.value  # the same model weights, served over HTTP: the same score
assert "json_object" in per_node.loc["answer", "structured_output"]
assert all(per_node.loc[n, "structured_output"] == "" for n in per_node.index if n != "answer")
print("run totals:", {k: mixed.totals.get(k) for k in ("calls", "input_tokens", "output_tokens", "structured_output")})
per_node.round(2)
