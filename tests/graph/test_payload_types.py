"""The state's payloads are typed completely: every graph test's run (``_helpers.run``) checks every state it went
through with :func:`payload_errors`; these tests show the check can fail."""

from __future__ import annotations

from medmirror.memory.state import MedMirrorState

from ._helpers import payload_errors


def test_an_undeclared_key_anywhere_in_a_payload_is_reported() -> None:
    state = {"steps": [{"tool": "bmi", "ok": True, "surprise": 1}],
             "proposal": {"tool": "bmi", "arguments": {}, "checks": {"passed": True, "checks": [
                 {"name": "x", "passed": True, "reason": "r", "weight": 2}]}},
             "review": {"verdict": "RIGHT", "mood": "fine"}}
    assert sorted(payload_errors(state, MedMirrorState)) == [
        "proposal.checks.checks[0].weight: not declared by CheckResult",
        "review.mood: not declared by Review",
        "steps[0].surprise: not declared by Step",
    ]


def test_a_value_of_the_wrong_type_is_reported() -> None:
    errors = payload_errors({"plan": [{"description": "d", "tool": "bmi", "depends_on": "first"}],
                             "review": {"verdict": "MAYBE"}}, MedMirrorState)
    assert [e.split(":")[0] for e in sorted(errors)] == ["plan[0].depends_on", "review.verdict"]
