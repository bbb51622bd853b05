"""The note is analysed once per task (issue 14, item 6).

Intake keeps the rule extraction of the evidence text (the note, or the question when there is no
note) in the state, ``note_analysis``; every calculator grounding reuses it: the tool agent's prompt
(what the rules found), the checks of a proposal, the executor, the rule and fallback calls, the
candidate-selection verifier, and a run resumed from its SQLite checkpoint. The extractor is counted
wherever a module imported it.
"""

from __future__ import annotations

import sys

import pytest

from medmirror.api import solve
from medmirror.core.models import ScriptedChatModel
from medmirror.core.settings import Settings
from medmirror.memory.checkpoint import make_checkpointer
from medmirror.memory.state import MedMirrorState
from medmirror.nodes.grounding import analysis_of, ground_call, rule_call
from medmirror.tools.extraction import extractor
from medmirror.tools.extraction.record import matches, to_record

from ._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi_plan, call, models, prompt, react, run, section, used_up

FOUND = "Values the rule extractor found in the note for this tool (check them, use them unless the note says otherwise)"


class Killed(RuntimeError):
    """Stands in for a crash in the middle of a node."""


@pytest.fixture
def extractions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the rule extractor (medmirror.tools.extraction.extract) was run on, in order."""
    original = extractor.extract
    calls: list[str] = []

    def counting(note, *args, **kwargs):
        calls.append(note)
        return original(note, *args, **kwargs)

    patched = [name for name, module in list(sys.modules.items())
               if name.startswith("medmirror") and getattr(module, "extract", None) is original]
    for name in patched:
        monkeypatch.setattr(sys.modules[name], "extract", counting)
    # the extractor itself, the grounding's per-note context and the graph's grounding are all counted
    assert {"medmirror.tools.extraction.extractor", "medmirror.tools.extraction.calc_sources",
            "medmirror.nodes.grounding"} <= set(patched)
    return calls


def test_a_revised_checked_call_and_its_run_read_the_note_once(extractions):
    # checks on: the tool agent's prompt shows what the rules found (twice: two drafts), each draft's checks
    # ground it (the first leaves out the height the note gives: revised), the executor grounds the accepted call
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, "mirror", extractor="llm", use_checks=True)
    assert r.events("tool_agent") == ["tool_revise", "tool_accept"] and "executor" in r.nodes()
    assert r["steps"][0]["checks"]["passed"] and r["steps"][0]["grounding"]["params"]
    assert "weight = 70" in section(prompt(ms["tool_agent"], 1), FOUND)
    assert r["value"] == BMI_70
    assert extractions == [BMI_NOTE]
    assert matches(r.state["note_analysis"], BMI_NOTE)
    used_up(*ms.values())


def test_a_failed_call_and_its_retry_read_the_note_once(extractions):
    # llm mode without checks: the executor grounds a call that fails (STM), then the retry
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70), call("bmi", weight=70, height=175)],
                answer=[answer(BMI_70)])
    r = run(ms, "mirror", extractor="llm", use_checks=False)
    assert r.events("executor") == ["tool_error_to_stm", "ok"] and r["value"] == BMI_70
    assert extractions == [BMI_NOTE]


def test_rule_calls_read_the_note_once(extractions):
    ms = models(planner=[bmi_plan()], tool_agent=[], answer=[answer(BMI_70)])
    r = run(ms, "mirror", extractor="rules", use_checks=True)
    assert r.events("tool_agent") == ["rule_call"] and r["steps"][0]["arguments"] == {"weight": 70.0, "height": 175.0}
    assert extractions == [BMI_NOTE]


def test_the_single_loops_fallback_call_reads_the_note_once(extractions):
    ms = models(tool_agent=[react("finish")] * 4, answer=[answer(BMI_70)])
    r = run(ms, "react", max_tool_revisions=1, use_checks=True)
    assert "react_fallback" in r.events() and r["steps"][0]["arguments"] == {"weight": 70.0, "height": 175.0}
    assert extractions == [BMI_NOTE]


def test_the_selecting_verifier_reads_the_note_once(extractions, tmp_path):
    # candidate selection samples whole next actions from the single loop's agent (three per step)
    tool_agent = ScriptedChatModel(responses=[
        react("bmi", "compute", weight=80, height=175), react("bmi", weight=70, height=175),
        react("bmi", weight=80, height=175), react("finish"), react("finish"), react("finish"),
    ])
    verifier = ScriptedChatModel(responses=[{"choice": 1, "reason": "matches the note"}])
    res = solve(BMI_Q, BMI_NOTE, preset="reflectool-select", saver=None, data_dir=tmp_path, select_candidates=3,
                models={"tool_agent": tool_agent, "verifier": verifier,
                        "answer": ScriptedChatModel(responses=[answer(BMI_70)])})
    assert res.steps[0]["arguments"]["weight"] == 70 and res.value == BMI_70
    assert extractions == [BMI_NOTE]


def test_without_a_note_the_question_is_analysed(extractions):
    question = "What is the BMI of a patient who weighs 70 kg and is 175 cm tall?"
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms, "mirror", question=question, note=None, extractor="hybrid", use_checks=True)
    assert r["value"] == BMI_70 and r["steps"][0]["grounding"]["params"]
    assert extractions == [question] and matches(r.state["note_analysis"], question)


def test_no_analysis_without_a_calculator_to_ground(extractions):
    ms = models(answer=[answer("22.9")])
    r = run(ms, "cot")  # tools off: no candidates
    assert r.state["note_analysis"] is None and extractions == []


def test_a_resumed_run_reuses_the_checkpointed_analysis(extractions, tmp_path):
    def saver():  # a fresh connection each time, as a new process would open
        return make_checkpointer(Settings(data_dir=tmp_path))

    first = models(planner=[bmi_plan()], tool_agent=[Killed("killed in the tool agent")])
    killed = solve(BMI_Q, BMI_NOTE, models=first, thread_id="case", saver=saver(), extractor="hybrid", use_checks=True)
    assert killed.status == "error" and "killed in the tool agent" in killed.status_detail
    assert extractions == [BMI_NOTE]

    config = {"configurable": {"thread_id": "case"}}
    stored = saver().get_tuple(config).checkpoint["channel_values"]["note_analysis"]
    extractions.clear()
    assert stored == to_record(extractor.extract(BMI_NOTE))  # intact through SQLite
    extractions.clear()

    fresh = models(tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    res = solve(BMI_Q, BMI_NOTE, models=fresh, thread_id="case", saver=saver(), extractor="hybrid", use_checks=True)
    assert res.status == "answered" and res.value == BMI_70
    assert "weight = 70" in section(prompt(fresh["tool_agent"]), FOUND) and res.steps[0]["grounding"]["params"]
    assert extractions == []  # the resumed tool agent, its checks and the executor used the checkpointed record
    used_up(*fresh.values())


def test_grounding_with_the_kept_analysis_is_grounding_without_it():
    note = ("A 67-year-old woman, weight 70 kg, height 165 cm. Serum creatinine and potassium were 1.39 mg/dL and "
            "4.1 mEq/L, respectively. She denies chest pain. HR 104, BP 150/95.")
    without = MedMirrorState(question="What is the creatinine clearance?", note=note)
    kept = MedMirrorState(question=without.question, note=note, note_analysis=to_record(extractor.extract(note)))
    assert analysis_of(without) is None and analysis_of(kept) is not None
    s = Settings.resolve("mirror", extractor="hybrid")
    for tool, args in (("creatinine_clearance", {"age": 67, "weight": 72}), ("bmi", {}),
                       ("mean_arterial_pressure", {"systolic_bp": 150})):
        assert ground_call(tool, args, kept, s) == ground_call(tool, args, without, s)
        assert rule_call(tool, kept) == rule_call(tool, without)


def test_an_analysis_of_another_text_is_not_used():
    stale = MedMirrorState(question=BMI_Q, note=BMI_NOTE.replace("70 kg", "80 kg"),
                           note_analysis=to_record(extractor.extract(BMI_NOTE)))
    assert analysis_of(stale) is None
    assert rule_call("bmi", stale)["weight"] == 80.0


def test_an_analysis_that_fails_at_intake_leaves_the_grounding_to_read_the_note(monkeypatch):
    # (as before this analysis existed: an extractor failure then shows where the note is read)
    def broken(note, *args, **kwargs):
        raise ValueError("a rule failed on odd text")

    monkeypatch.setattr("medmirror.nodes.grounding.extract", broken)
    ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
    r = run(ms, "mirror", extractor="hybrid", use_checks=True)
    assert r.event("note_analysis_failed")["detail"] == "ValueError: a rule failed on odd text"
    assert r.state["note_analysis"] is None and r["value"] == BMI_70 and r["steps"][0]["grounding"]["params"]
