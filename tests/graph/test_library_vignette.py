"""A library point score in the agent: its inputs come from the vignette reader, the model only proposes the items
the reader leaves unsettled (a label with a quoted sentence, checked), and the letter is the matcher's or none."""

from __future__ import annotations

from medmirror.tools.builtin import default_registry
from medmirror.tools.registry import ToolRegistry

from ._helpers import answer, interpretation, models, plan, prompt, review, run, sent_schema

ROCKALL = "rockall_pre_endoscopy"
Q = "What is this patient's risk of death before endoscopy?"
# age 45 -> '<60 years' (0), comorbidity read (0); shock: no number, no option's words -> left to the model
NOTE = ("A 45-year-old man presents with melena. He is pale and feels faint but there is no shock. "
        "He has no major comorbidity.")
OPTIONS = {"A": "0.2%", "B": "2.4%", "C": "5.6%", "D": "10.8%"}  # Rockall 0: 0.2 % mortality before endoscopy
NO_SHOCK = "No shock (SBP >=100 AND HR <100)"


def _registry() -> ToolRegistry:
    full = default_registry()
    return ToolRegistry([full.get(ROCKALL), full.get("bmi")])


def _run(proposal: dict, answer_letter: str = "D"):
    ms = models(planner=[plan(("Score the pre-endoscopy Rockall", ROCKALL))], extractor=[proposal],
                answer=[interpretation("The score gives the mortality."), answer(answer_letter)],
                reviewer=[review()])
    r = run(ms, "riskagent", question=Q, note=NOTE, options=OPTIONS, registry=_registry(),
            max_attempts_per_subtask=1, use_ltm=False)
    return r, ms


def test_the_reader_fills_the_library_score_and_a_supported_proposal_is_accepted():
    r, ms = _run({"option": NO_SHOCK, "quote": "He is pale and feels faint but there is no shock."})
    step = next(s for s in r.state["steps"] if s["tool"] == ROCKALL)
    params = {p["name"]: p for p in step["grounding"]["params"]}
    # the reader's readings, with their spans; the model asked only about the unsettled item, among its labels
    assert (params["age"]["status"], params["age"]["value"]) == ("rule", "<60 years")
    assert (params["shock"]["status"], params["shock"]["value"]) == ("llm_supported", NO_SHOCK)
    assert params["shock"]["evidence"]["sentence"].endswith("there is no shock.")
    assert len(ms["extractor"].calls) == 1 and "Item: Shock" in prompt(ms["extractor"])
    assert not ms["tool_agent"].calls  # no model fills the library's schema
    # the grammar stays small: a 2,000-character quote bound crashed llama.cpp's grammar parser
    assert sent_schema(ms["extractor"])["properties"]["quote"]["maxLength"] <= 300
    # the letter is the matcher's on the result (score 0: 0.2 %), not the answer agent's 'D'
    assert (r["value"], r["status"]) == ("A", "answered")
    assert r["answer"].rstrip().endswith("Answer: A (0.2%).")


def test_an_unsupported_proposal_is_refused_and_no_letter_is_answered():
    # a real sentence that does not say what the option says
    r, ms = _run({"option": "Hypotension (SBP <100)", "quote": "He is pale and feels faint but there is no shock."})
    step = next(s for s in r.state["steps"] if s["tool"] == ROCKALL)
    shock = next(p for p in step["grounding"]["params"] if p["name"] == "shock")
    assert shock["status"] == "unsupported" and "refused" in shock["note"]
    assert not step["ok"]  # the calculator refuses the missing item by name; nothing guessed
    # the answer agent's letter is not supported by any result: no letter, refused with the reason
    assert r["status"] == "refused" and r["value"] is None
    assert "no calculator result to choose an option from" in r["answer"]


def test_a_fabricated_quote_is_refused():
    r, _ = _run({"option": NO_SHOCK, "quote": "His blood pressure is 130/80 and pulse 80, no shock."})
    step = next(s for s in r.state["steps"] if s["tool"] == ROCKALL)
    shock = next(p for p in step["grounding"]["params"] if p["name"] == "shock")
    assert shock["status"] == "unsupported" and "is not in the text" in shock["note"]
    assert r["status"] == "refused" and r["value"] is None
