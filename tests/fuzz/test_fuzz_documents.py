"""Property-based fuzzing of document reading for longdoc_search (issue 12).

Invariants, for any bytes saved as ``.txt``, ``.md`` or ``.pdf`` (random bytes, a valid
small PDF with random bytes overwritten, truncated, or with its objects repeated):

1. ``read_document`` returns non-blank text or raises :class:`DocumentError`; never another
   exception (pypdf's PdfReadError, LimitReachedError, KeyError, TypeError, RecursionError
   ... are all a DocumentError).
2. The text returned is at most ``MAX_DOCUMENT_CHARS`` characters.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from medmirror.core.limits import MAX_DOCUMENT_CHARS
from medmirror.tools.text.longdoc import DocumentError, read_document


def _valid_pdf() -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


PDF = _valid_pdf()


@st.composite
def mutated_pdfs(draw):
    data = bytearray(PDF)
    for _ in range(draw(st.integers(0, 8))):
        pos = draw(st.integers(0, len(data) - 1))
        data[pos:pos + 1] = draw(st.binary(min_size=0, max_size=6))
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]
    if draw(st.booleans()):
        body = bytes(data)
        data = bytearray(body.replace(b"endobj", b"endobj\n" + body[: draw(st.integers(0, 200))], 3))
    return bytes(data)


def _read(data: bytes, suffix: str):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"doc{suffix}"
        path.write_bytes(data)
        try:
            text = read_document(path)
        except DocumentError:
            return
    assert isinstance(text, str) and text.strip() and len(text) <= MAX_DOCUMENT_CHARS


@given(st.binary(max_size=400), st.sampled_from([".txt", ".md", ".pdf", ".markdown"]))
def test_any_bytes_read_as_text_or_a_document_error(data, suffix):
    _read(data, suffix)


@given(mutated_pdfs())
def test_mutated_pdfs_read_as_text_or_a_document_error(data):
    _read(data, ".pdf")
