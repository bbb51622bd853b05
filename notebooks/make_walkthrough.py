import nbformat as nbf
nb = nbf.v4.new_notebook()
md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
nb.cells = [
md("""# MedMirror walkthrough

One clinical case through the main graph: the graph itself, a run where the gates fire
(a scripted model makes the control flow deterministic), then the same kind of case on the
embedded model (SmolLM2-135M-Instruct through llama.cpp)."""),
code("""import json
from medmirror import solve, Settings
from medmirror.models import ScriptedChatModel
from medmirror.graphs.main import build_graph

print(build_graph().get_graph().draw_mermaid())"""),
md("""## A run where every early gate fires

The scripted planner first writes a plan it scores 5 (below θp = 8), so the planner revises it.
The tool agent forgets the height, the executor's validation fails, and the error goes to
short-term memory; the tool agent's next prompt shows it, and the corrected call succeeds.
The answer agent scores 6 (below θa = 8): the round goes to long-term memory and the planner
re-plans; the second round's answer scores 9 and is accepted.

The run uses `extractor="llm"`: the scripted model's arguments are used as given (still checked
against the note). With the default `hybrid`, the rule extractor would have filled the missing
height from the note itself, and the executor error would not have happened.

It also runs with `use_checks=False`, the papers' self-score gates alone. With the checks on (the
default), the tool-call check would have caught the missing height before the executor ran, and the
answer's checks (its value is the BMI calculator's result) would have accepted the first answer
despite its self-score of 6: see "Verified reflection" in the README."""),
code("""note = "A 52-year-old woman, weight 82 kg, height 165 cm, presents for a pre-operative assessment."
question = "What is the patient's body mass index (BMI)?"
bmi = 82 / 1.65 ** 2

planner = ScriptedChatModel(responses=[
    {"subtasks": [{"description": "work out the BMI", "tool": "none"}], "evaluation": "no tool used", "score": 5},
    {"subtasks": [{"description": "compute BMI from weight and height", "tool": "bmi"}], "evaluation": "uses the BMI tool", "score": 9},
    {"subtasks": [{"description": "compute BMI from the documented weight and height", "tool": "bmi"}], "evaluation": "same plan, checked units", "score": 9},
])
tool_agent = ScriptedChatModel(responses=[
    {"tool": "bmi", "arguments": {"weight": 82}, "evaluation": "weight from the note", "score": 9},
    {"tool": "bmi", "arguments": {"weight": 82, "height": 165}, "evaluation": "added the height", "score": 9},
    {"tool": "bmi", "arguments": {"weight": 82, "height": 165}, "evaluation": "both from the note", "score": 10},
])
answer = ScriptedChatModel(responses=[
    {"answer": "The BMI is elevated.", "value": repr(bmi), "evaluation": "no interpretation band given", "score": 6},
    {"answer": f"BMI {bmi:.1f} kg/m² (obese).", "value": repr(bmi), "evaluation": "value and band", "score": 9},
])
result = solve(question, note, preset="mirror", extractor="llm", use_checks=False,
               models={"planner": planner, "tool_agent": tool_agent, "answer": answer}, checkpointer="none")
for e in result.trace:
    print(f"{e['node']:>10} | {e['event']:<22} {e.get('score', ''):>2} {e.get('detail', '')[:110]}")
print()
print("status:", result.status, "| value:", result.value, "| rounds:", result.rounds)"""),
md("The tool agent's second prompt carried the failed attempt (short-term memory):"),
code("""second_prompt = tool_agent.calls[1]["messages"][-1].content
print(second_prompt[second_prompt.index("Failed attempts"):][:400])"""),
md("The long-term memory entry the planner saw when it re-planned, and the trajectory of the final round:"),
code("""print(json.dumps(result.ltm[0], indent=1, default=str)[:800])
print(json.dumps(result.trajectory["steps"], indent=1, default=str)[:800])"""),
md("""Every calculator step keeps the evidence for each parameter: its value, how it was found and the
words of the note it rests on."""),
code("""for p in result.steps[-1]["grounding"]["params"]:
    print(p["name"], p["value"], p["status"], repr((p["evidence"] or {}).get("text")))"""),
md("""## The same kind of case on the embedded model

The default preset (`mirror`, checks on): each event shows the agent's self-score beside the
checks, and what sent an output back. The answer text is written from the calculator's result;
the model's own words are kept only where they pass the checks (`rationale`). Usage is counted per node."""),
code("""real = solve("What is the patient's body mass index (BMI)? Your answer should be in terms of kg/m².",
             "A 45-year-old man comes for a routine check-up. He weighs 70 kg and is 175 cm tall.",
             checkpointer="none")
for e in real.trace:
    print(f"{e['node']:>10} | {e['event']:<22} {e.get('score', ''):>2} [{e.get('checks', '')}] {e.get('detail', '')[:90]}")
print("\\nvalue:", real.value, "| status:", real.status)
print("answer:", real.answer)
print("rationale:", real.rationale or "(none passed the checks)")
print(json.dumps(real.totals, indent=1))"""),
]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, "notebooks/walkthrough.ipynb")
