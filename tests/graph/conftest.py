"""Graph-level tests drive control flow with scripted models.

They run with ``extractor=llm`` (the model's arguments are used as given, still checked
against the note) so that a scripted tool call means what it says; the grounding of
arguments in the note (rules / hybrid) has its own tests in ``test_grounding_in_graph.py``.

The self-score mechanics of the papers (MIRROR's gates, STM and LTM, RiskAgent's reviewer)
are tested with ``use_checks`` off, so that a scripted self-score means what it says; the
verified reflection (checks on, the default) has its own tests in ``test_checks_in_graph.py``
and ``test_single_loop_checks.py``.

Tool retrieval is BM25 alone here (``embeddings_provider=none``): the scripted cases assert
which candidate tools the graph offers, and dense retrieval (offline e5, the default when
installed) has its own tests in ``tests/unit/test_dense_retrieval.py`` and ``test_e5_chroma.py``.
"""

import pytest

CHECKED = ("grounding_in_graph", "checks")


@pytest.fixture(autouse=True)
def _llm_arguments(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    if "grounding_in_graph" not in request.node.nodeid:
        monkeypatch.setenv("MEDMIRROR_EXTRACTOR", "llm")
    if not any(name in request.node.nodeid for name in CHECKED):
        monkeypatch.setenv("MEDMIRROR_USE_CHECKS", "false")
    monkeypatch.setenv("MEDMIRROR_EMBEDDINGS_PROVIDER", "none")
