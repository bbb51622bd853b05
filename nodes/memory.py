"""Memory nodes: move a failed round into long-term memory and reset the working state.

A round fails when its answer scores below θa (or fails its checks), or, as in MIRROR, when its
execution fails: a subtask was given up after the attempt bound (:func:`execution_gate`).
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, start_round
from medmirror.nodes.checks import Check, critique, report
from medmirror.nodes.common import Deps, node
from medmirror.nodes.gates import execution_gate


def make_ltm_update(deps: Deps):  # deps kept for a uniform node factory signature
    @node("ltm_update")
    def ltm_update(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        round_no = state.round
        failed = execution_gate(state, runtime.context) == "replan"
        entry: dict[str, Any] = {
            "round": round_no, "plan": list(state.plan or []), "steps": list(state.steps or []),
            "answer": state.answer, "value": state.value, "score": state.answer_score,
            "reflection": state.answer_evaluation, "checks": state.answer_checks,
            "rationale": state.rationale, "interpretation": state.interpretation,
        }
        if failed:
            # no answer this round: the failure and the tool agent's last reflection on it are the lesson
            last = next((st for st in reversed(state.steps or []) if not st.get("ok")), {})
            why = state.status_detail or "a subtask was given up"
            entry.update(answer="", value=None, score=0, failed=True, rationale="",
                         reflection=why + (f". Reflection: {last['reflection']}" if last.get("reflection") else ""),
                         checks=report([Check("execution", False, why)]))
            detail = f"execution failed: {why[:200]}; re-planning"
        else:
            detail = (f"answer score {entry['score']}"
                      + (f"; checks failed: {critique(entry['checks'])}" if critique(entry["checks"]) else "")
                      + "; re-planning")
        return {
            **start_round(), "ltm": [entry], "round": round_no + 1,
            "trace": [{"node": "ltm_update", "event": "round_to_ltm", "round": round_no, "detail": detail}],
        }

    return ltm_update
