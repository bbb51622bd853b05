"""Graph-level tests drive control flow with scripted models.

They run with ``extractor=llm`` (the model's arguments are used as given, still checked
against the note) so that a scripted tool call means what it says; the grounding of
arguments in the note (rules / hybrid) has its own tests in ``test_grounding_in_graph.py``.
"""

import pytest


@pytest.fixture(autouse=True)
def _llm_arguments(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    if "grounding_in_graph" not in request.node.nodeid:
        monkeypatch.setenv("MEDMIRROR_EXTRACTOR", "llm")
