"""Reflexion (Shinn et al., 2023), a baseline of the ReflecTool paper, on the single loop.

After the answer, a failed or low-confidence trial (:func:`medmirror.nodes.gates.trial_failed`: a
refusal, failing answer checks, or a self-score below θa; there is no gold label at inference)
is reflected on in words: the agent writes what went wrong and what to do differently. The
trial with its reflection goes to the task's memory (an LTM entry per trial), and the task is
tried again from the start, the react agent and the answer agent seeing the reflections, at
most ``max_trials`` trials.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from pydantic import BaseModel, Field

from medmirror.core.models.structured import call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, start_round
from medmirror.nodes.checks import critique
from medmirror.nodes.common import messages, node, note_text, steps_text
from medmirror.nodes.gates import trial_failed
from medmirror.nodes.react_agent import reflections_text


class ReflexionOutput(BaseModel):
    reflection: str = Field(min_length=1, max_length=600)


def evaluation_text(state: MedMirrorState, s: Settings, why: str) -> str:
    """What the evaluator found wrong with the trial, in words for the reflection."""
    if why == "refused":
        return f"the trial ended without an answer ({(state.status_detail or state.answer)[:300]})"
    if why == "checks":
        return f"the answer failed its checks: {critique(state.answer_checks)[:300]}"
    return f"the answer's self-assessed confidence {state.answer_score} is below {s.theta_answer}"


def make_reflexion(deps: Any):
    @node("reflexion")
    def reflexion(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        why = trial_failed(state, s)
        if why is None:
            return {"trace": [{"node": "reflexion", "event": "trial_passed", "round": state.round}]}
        evaluation = evaluation_text(state, s, why)
        if state.round >= s.max_trials:  # the bound: the last trial's answer stands
            return {"trace": [{"node": "reflexion", "event": "trials_exhausted", "round": state.round,
                               "detail": f"trial {state.round} of {s.max_trials}: {evaluation}"}]}
        msgs = messages("reflexion", question=state.question, note=note_text(state), trial=state.round,
                        trajectory=steps_text(state.steps or []), answer=state.answer[:600], value=state.value,
                        evaluation=evaluation, reflections=reflections_text(state))
        out = call_structured(deps.models.for_role("reviewer", s), msgs, ReflexionOutput, role="reviewer",
                              retries=s.structured_retries)
        entry = {"round": state.round, "plan": [], "steps": list(state.steps or []), "answer": state.answer,
                 "value": state.value, "score": state.answer_score, "reflection": out.reflection.strip(),
                 "checks": state.answer_checks, "rationale": state.rationale}
        return {**start_round(), "round": state.round + 1, "ltm": [entry], "status": "running",
                "working_memory": dict((state.resources or {}).get("memory") or {}),
                "trace": [{"node": "reflexion", "event": "reflect_and_retry", "round": state.round,
                           "decided_by": why, "detail": f"{evaluation}; reflection: {out.reflection[:300]}"}]}

    return reflexion
