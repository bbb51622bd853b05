"""Memory nodes: move a below-θa round into long-term memory and reset the working state."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from medmirror.nodes.checks import critique
from medmirror.nodes.common import Deps, node
from medmirror.settings import Settings


def make_ltm_update(deps: Deps):  # deps kept for a uniform node factory signature
    @node("ltm_update")
    def ltm_update(state: dict[str, Any], runtime: Runtime[Settings]) -> dict[str, Any]:
        round_no = state.get("round", 1)
        entry = {
            "round": round_no, "plan": list(state.get("plan") or []), "steps": list(state.get("steps") or []),
            "answer": state.get("answer", ""), "value": state.get("value"), "score": state.get("answer_score", 0),
            "reflection": state.get("answer_evaluation", ""), "checks": state.get("answer_checks"),
            "rationale": state.get("rationale", ""),
        }
        return {
            "ltm": list(state.get("ltm") or []) + [entry], "round": round_no + 1,
            "plan": [], "plan_tries": 0, "best_plan": None, "steps": [], "stm": [], "current": 0,
            "attempts": 0, "tool_tries": 0, "proposal": None, "best_proposal": None, "status_detail": "",
            "answer": "", "value": None, "answer_score": 0, "answer_evaluation": "", "answer_checks": None,
            "rationale": "", "plan_checks": None,
            "trace": [{"node": "ltm_update", "event": "round_to_ltm", "round": round_no,
                       "detail": f"answer score {entry['score']}"
                                 + (f"; checks failed: {critique(entry['checks'])}" if critique(entry["checks"]) else "")
                                 + "; re-planning"}],
        }

    return ltm_update
