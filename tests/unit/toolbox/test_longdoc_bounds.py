"""Issue 31, M1: a document's type and size are checked from its name and stat before a byte is read or hashed;
the number of documents of a task is capped."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from medmirror.core import limits
from medmirror.tools.text.longdoc import DocumentError, longdoc_search


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as fh:  # no blocks on disk: a 2 GB file costs nothing to make
        fh.truncate(size)
    return path


@pytest.mark.parametrize("name, match", [("big.bin", "unsupported document type .bin"),
                                         ("big.txt", "too large: 2,000,000,000 bytes")])
def test_a_huge_document_is_refused_before_it_is_read(tmp_path: Path, name: str, match: str) -> None:
    doc = _sparse(tmp_path / name, 2_000_000_000)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    start = time.monotonic()
    with pytest.raises(DocumentError, match=match):
        longdoc_search("creatinine", [str(doc)])
    assert time.monotonic() - start < 2.0  # hashing 2 GB first took 10 s
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 200_000  # and 2.26 GB of memory


def test_the_number_of_documents_is_capped(tmp_path: Path) -> None:
    doc = tmp_path / "a.txt"
    doc.write_text("The creatinine was 1.2 mg/dL.")
    with pytest.raises(DocumentError, match=f"2,000 documents attached, the limit is {limits.MAX_DOCUMENTS}"):
        longdoc_search("creatinine", [str(doc)] * 2_000)
    other = tmp_path / "b.txt"
    other.write_text("The sodium was 140 mmol/L.")
    assert longdoc_search("creatinine", [str(doc), str(other)])["chunks"][0]["file"] == "a.txt"
    with pytest.raises(DocumentError, match="is a directory"):
        longdoc_search("creatinine", [str(tmp_path)])
