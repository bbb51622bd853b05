"""Long-document RAG: LlamaIndex chunking with stable ids, BM25, FAISS fusion, refusal, offline."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from medmirror.tools.registry import MissingResource
from medmirror.tools.text import longdoc
from medmirror.tools.text.longdoc import REFUSAL, DocumentError, build_index, get_index, longdoc_search
from medmirror.tools.text.tools import registered_tools

ROOT = Path(__file__).resolve().parents[3]
DOCS = sorted((ROOT / "tools" / "text" / "tasks" / "docs").glob("*.md"))


def minimal_pdf(text: str) -> bytes:
    """A one-page PDF whose content stream shows ``text`` in Helvetica (xref offsets computed)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


@pytest.fixture(autouse=True)
def fresh_cache():
    longdoc.clear_cache()
    yield
    longdoc.clear_cache()


def test_chunks_have_stable_ids_and_cover_the_text():
    a = build_index(DOCS)
    b = build_index(DOCS)
    assert [n.node_id for n in a.nodes] == [n.node_id for n in b.nodes]
    for doc in DOCS:
        own = [n for n in a.nodes if n.metadata["file_name"] == doc.name]
        assert [n.node_id for n in own] == [f"{doc.name}#{i}" for i in range(len(own))]
        assert [n.metadata["chunk_index"] for n in own] == list(range(len(own)))
        words = doc.read_text().split()
        covered = set(" ".join(n.get_content() for n in own).split())
        assert set(words) <= covered  # every word of the file is in some chunk
    assert a.n_chunks == len(a.nodes) > len(DOCS)
    assert all(len(n.get_content().split()) <= longdoc.CHUNK_SIZE for n in a.nodes)


def test_search_finds_the_passage_with_ids_and_scores():
    out = longdoc_search("Which organism grew in Harold Benning's sputum culture?", [str(p) for p in DOCS], k=3)
    assert out["status"] == "found" and out["retrieval"] == "bm25" and len(out["chunks"]) == 3
    top = out["chunks"][0]
    assert top["chunk_id"].startswith("discharge_01_pneumonia.md#") and "Streptococcus pneumoniae" in top["text"]
    assert top["file"] == "discharge_01_pneumonia.md" and top["index"] == int(top["chunk_id"].split("#")[1])
    scores = [c["score"] for c in out["chunks"]]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0


def test_refusals():
    docs = [str(p) for p in DOCS]
    out = longdoc_search("rituximab or pembrolizumab", docs)
    assert out["status"] == "refused" and out["answer"] == REFUSAL and out["chunks"] == []
    assert "rituximab" in out["terms_missing"] and "none of the query" in out["reason"]
    # a term present but too weak an evidence: below a (raised) threshold
    out = longdoc_search("discharge", docs, min_score_ratio=5.0)
    assert out["status"] == "refused" and "below the threshold" in out["reason"]
    assert longdoc_search("discharge summary medications", docs)["status"] == "found"
    assert longdoc_search("what was the", docs)["status"] == "refused"  # only question/stop words


def test_threshold_scales_with_the_corpus(tmp_path):
    # a word found in every chunk carries almost no BM25 weight: refused; a word in one chunk: found
    files = []
    for i in range(6):
        f = tmp_path / f"n{i}.txt"
        f.write_text(f"Routine ward note number {i}. The patient slept well." + (" Warfarin was held." if i == 3 else ""))
        files.append(str(f))
    assert longdoc_search("ward", files)["status"] == "refused"
    out = longdoc_search("warfarin", files)
    assert out["status"] == "found" and out["chunks"][0]["chunk_id"] == "n3.txt#0"


def test_pdf_markdown_text_and_bad_files(tmp_path):
    pdf = tmp_path / "letter.pdf"
    pdf.write_bytes(minimal_pdf("Discharged on warfarin 5 mg daily for atrial fibrillation."))
    note = tmp_path / "note.txt"
    note.write_text("Follow-up in the anticoagulation clinic in one week.")
    out = longdoc_search("warfarin dose", [str(pdf), str(note)])
    assert out["chunks"][0]["chunk_id"] == "letter.pdf#0" and "warfarin 5 mg" in out["chunks"][0]["text"]
    with pytest.raises(DocumentError, match="unsupported document type"):
        longdoc_search("x y", [str(tmp_path / "scan.docx")] if (tmp_path / "scan.docx").write_text("x") else [])
    with pytest.raises(DocumentError, match="not found"):
        longdoc_search("warfarin", [str(tmp_path / "missing.md")])
    empty = tmp_path / "empty.md"
    empty.write_text("  \n")
    with pytest.raises(DocumentError, match="no extractable text"):
        longdoc_search("warfarin", [str(empty)])
    with pytest.raises(DocumentError, match="no documents"):
        longdoc_search("warfarin", [])
    with pytest.raises(ValueError, match="query"):
        longdoc_search("  ", [str(note)])


def test_duplicate_file_names_get_distinct_ids(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "note.md").write_text("Aspirin started.")
    (tmp_path / "b" / "note.md").write_text("Aspirin stopped.")
    index = build_index([tmp_path / "a" / "note.md", tmp_path / "b" / "note.md"])
    assert [n.node_id for n in index.nodes] == ["note.md#0", "note~2.md#0"]


def test_index_cache_is_keyed_on_content(tmp_path):
    f = tmp_path / "d.md"
    f.write_text("Lisinopril 10 mg daily.")
    first = get_index([f])
    assert get_index([f]) is first
    f.write_text("Losartan 50 mg daily.")
    second = get_index([f])
    assert second is not first and "Losartan" in second.nodes[0].get_content()


class HashEmbedding:
    """A deterministic bag-of-words embedding for tests (no network), as a LlamaIndex BaseEmbedding."""

    @staticmethod
    def make(dim: int = 64):
        from llama_index.core.embeddings import BaseEmbedding

        def vec(text: str) -> list[float]:
            v = np.zeros(dim)
            for w in text.lower().split():
                v[int(hashlib.md5(w.strip(".,:;()*").encode()).hexdigest(), 16) % dim] += 1.0
            n = np.linalg.norm(v)
            return (v / n if n else v).tolist()

        class _E(BaseEmbedding):
            def _get_query_embedding(self, query: str) -> list[float]:
                return vec(query)

            def _get_text_embedding(self, text: str) -> list[float]:
                return vec(text)

            async def _aget_query_embedding(self, query: str) -> list[float]:
                return vec(query)

        return _E(model_name="hash")


def test_faiss_fusion_with_an_embedding_model():
    from llama_index.vector_stores.faiss import FaissVectorStore

    embed = HashEmbedding.make()
    out = longdoc_search("How many bands were placed during Samuel Whitaker's endoscopy?", [str(p) for p in DOCS],
                         k=4, embed_model=embed)
    assert out["retrieval"] == "bm25+faiss" and out["status"] == "found"
    assert all("vector_score" in c and "bm25_score" in c for c in out["chunks"])
    assert out["chunks"][0]["file"] == "discharge_03_variceal_bleed.md"
    # RRF scores: at most 2/(60+1), decreasing
    scores = [c["score"] for c in out["chunks"]]
    assert scores == sorted(scores, reverse=True) and scores[0] <= 2 / 61 + 1e-9
    index = get_index([str(p) for p in DOCS], embed_model=embed, embed_key=f"custom:{id(embed)}")
    assert isinstance(index.vector._vector_store, FaissVectorStore)


def test_embeddings_setting_requires_server_and_model():
    from medmirror.core.settings import Settings

    s = Settings(embeddings_provider="openai")
    with pytest.raises(ValueError, match="MEDMIRROR_EMBEDDINGS_MODEL"):
        longdoc_search("warfarin", [str(DOCS[0])], settings=s)
    s = Settings(embeddings_provider="openai", openai_base_url="http://127.0.0.1:9/v1", embeddings_model="e5")
    model = longdoc.openai_embed_model(s)  # built without contacting the server
    assert model.model_name == "e5"


def test_llama_index_globals_are_mocks():
    build_index(DOCS[:1])
    from llama_index.core import Settings

    assert type(Settings._llm).__name__ == "MockLLM"
    assert type(Settings._embed_model).__name__ == "MockEmbedding"


def test_runs_offline_without_openai_key(tmp_path):
    """Import and search in a fresh interpreter with no OPENAI_API_KEY, sockets and nltk downloads disabled."""
    script = f"""
import socket, sys
def _blocked(*a, **k):
    raise RuntimeError("network access attempted")
socket.socket.connect = _blocked
socket.create_connection = _blocked
import nltk
nltk.download = _blocked
import tiktoken
tiktoken.get_encoding = _blocked
tiktoken.encoding_for_model = _blocked
from medmirror.tools.text.longdoc import longdoc_search
out = longdoc_search("sputum culture organism", {json.dumps([str(p) for p in DOCS])})
assert out["status"] == "found", out
print(out["chunks"][0]["chunk_id"])
"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    env["NLTK_DATA"] = str(tmp_path / "no-nltk")  # an empty nltk folder: nothing to fall back on
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().splitlines()[-1].startswith("discharge_01_pneumonia.md#")
    assert "network access attempted" not in proc.stderr + proc.stdout  # llama-index prints caught download errors


def test_tool_requires_documents():
    tool = {t.name: t for t in registered_tools()}["longdoc_search"]
    assert tool.requires == ("documents",)
    with pytest.raises(MissingResource, match="documents"):
        tool.invoke({"query": "warfarin"}, {})
    out = tool.invoke({"query": "door-to-needle time alteplase", "k": 2}, {"documents": [str(p) for p in DOCS]})
    assert out["chunks"][0]["file"] == "discharge_04_stroke.md" and len(out["chunks"]) == 2
    with pytest.raises(ValueError, match="k"):
        tool.invoke({"query": "x y", "k": 0}, {"documents": [str(DOCS[0])]})
    assert tool.tool.invoke({"query": "warfarin"}).startswith("Error:")
