"""Memory nodes: move a below-θa round into long-term memory and reset the working state."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from medmirror.graphs.state import MedMirrorState, start_round
from medmirror.nodes.checks import critique
from medmirror.nodes.common import Deps, node
from medmirror.settings import Settings


def make_ltm_update(deps: Deps):  # deps kept for a uniform node factory signature
    @node("ltm_update")
    def ltm_update(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        round_no = state.round
        entry = {
            "round": round_no, "plan": list(state.plan or []), "steps": list(state.steps or []),
            "answer": state.answer, "value": state.value, "score": state.answer_score,
            "reflection": state.answer_evaluation, "checks": state.answer_checks,
            "rationale": state.rationale,
        }
        return {
            **start_round(), "ltm": [entry], "round": round_no + 1,
            "trace": [{"node": "ltm_update", "event": "round_to_ltm", "round": round_no,
                       "detail": f"answer score {entry['score']}"
                                 + (f"; checks failed: {critique(entry['checks'])}" if critique(entry["checks"]) else "")
                                 + "; re-planning"}],
        }

    return ltm_update
