"""Passages: the bundled MedMirror corpus and loaders for a user's corpus.

The bundled corpus (``corpus/*.jsonl``) was written for the project: short passages
``{id, title, text, topic, source: "medmirror-corpus"}`` on the calculators, common
conditions and drugs the other tools cover.

A user corpus (``settings.corpus_path``) is either a folder of ``.txt`` / ``.md`` /
``.jsonl`` files or one ``.jsonl`` file of documents (e.g. PubMed abstracts: one JSON
object per line with a text field ``text`` / ``abstract`` / ``content`` / ``body``,
optional ``title`` and ``id`` / ``pmid``). Text is split into passages of about
:data:`TARGET_WORDS` words at paragraph and sentence boundaries.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

from medmirror.core import limits

BUNDLED_DIR = Path(__file__).parent / "corpus"
BUNDLED_SOURCE = "medmirror-corpus"
USER_SOURCE = "user-corpus"
TEXT_SUFFIXES = (".txt", ".md", ".markdown")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
SUPPORTED_SUFFIXES = TEXT_SUFFIXES + JSONL_SUFFIXES
TARGET_WORDS = 160
MAX_WORDS = 260
TEXT_KEYS = ("text", "abstract", "content", "body", "contents", "passage")
ID_KEYS = ("id", "_id", "pmid", "PMID", "doc_id", "docid", "uid")
TITLE_KEYS = ("title", "Title", "name", "heading")


class CorpusError(ValueError):
    """A user corpus that cannot be read (missing path, no supported files, no text)."""


@dataclass
class Passage:
    id: str
    title: str
    text: str
    topic: str = ""
    source: str = BUNDLED_SOURCE

    def search_text(self) -> str:
        # The title names the subject: repeated so it weighs like a keyword.
        return f"{self.title}\n{self.title}\n{self.text}"

    def dense_text(self) -> str:
        return f"{self.title}\n{self.text}"

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


# ---------------------------------------------------------------------------
# Bundled corpus
# ---------------------------------------------------------------------------


def bundled_files() -> list[Path]:
    return sorted(BUNDLED_DIR.glob("*.jsonl"))


def load_bundled() -> list[Passage]:
    out: list[Passage] = []
    for path in bundled_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append(Passage(id=row["id"], title=row["title"], text=row["text"],
                                   topic=row.get("topic", ""), source=row.get("source", BUNDLED_SOURCE)))
    return out


# ---------------------------------------------------------------------------
# Splitting text into passages
# ---------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")


def _words(text: str) -> int:
    return len(text.split())


def _split_long(paragraph: str) -> list[str]:
    """Split a paragraph longer than MAX_WORDS at sentence ends (hard-split very long sentences)."""
    if _words(paragraph) <= MAX_WORDS:
        return [paragraph]
    chunks: list[str] = []
    current: list[str] = []
    count = 0
    for sentence in _SENTENCE_END.split(paragraph):
        words = sentence.split()
        while len(words) > MAX_WORDS:  # a run-on "sentence": cut it
            if current:
                chunks.append(" ".join(current))
                current, count = [], 0
            chunks.append(" ".join(words[:TARGET_WORDS]))
            words = words[TARGET_WORDS:]
        if count + len(words) > TARGET_WORDS and current:
            chunks.append(" ".join(current))
            current, count = [], 0
        current.append(" ".join(words))
        count += len(words)
    if current:
        chunks.append(" ".join(current))
    return [c for c in chunks if c.strip()]


def split_passages(text: str, *, markdown: bool = False) -> list[tuple[str, str]]:
    """(heading, passage text) pairs: paragraphs merged up to TARGET_WORDS, long ones split."""
    out: list[tuple[str, str]] = []
    heading = ""
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            out.append((heading, " ".join(buffer)))
            buffer.clear()

    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        lines = [ln for ln in block.strip().splitlines() if ln.strip()]
        if not lines:
            continue
        if markdown:
            body = []
            for ln in lines:
                m = _HEADING.match(ln)
                if m:
                    flush()
                    heading = m.group(1).strip()
                else:
                    body.append(ln.strip())
            lines = body
            if not lines:
                continue
        paragraph = " ".join(ln.strip() for ln in lines)
        for piece in _split_long(paragraph):
            if buffer and sum(_words(b) for b in buffer) + _words(piece) > TARGET_WORDS:
                flush()
            buffer.append(piece)
    flush()
    return out


# ---------------------------------------------------------------------------
# User corpus
# ---------------------------------------------------------------------------


def check_corpus_path(path: str | Path | None) -> str | None:
    """Why ``path`` cannot be used as a corpus (None when it can, or when it is not set). Cheap."""
    if path in (None, ""):
        return None
    p = Path(path).expanduser()
    if not p.exists():
        return f"corpus_path '{path}' does not exist; point MEDMIRROR_CORPUS_PATH to a folder of .txt/.md/.jsonl files or a .jsonl file, or unset it"
    if p.is_file() and p.suffix.lower() not in JSONL_SUFFIXES + TEXT_SUFFIXES:
        return f"corpus_path '{path}' is a {p.suffix or 'suffix-less'} file; use a .jsonl file of documents or a folder of .txt/.md files"
    if not p.is_file() and not p.is_dir():
        return f"corpus_path '{path}' is neither a file nor a folder"
    return None


def corpus_files(path: str | Path) -> list[Path]:
    """The supported files of a corpus path, sorted (hidden files and folders are skipped)."""
    p = Path(path).expanduser()
    if p.is_file():
        return [p]
    files = []
    for f in p.rglob("*"):
        rel = f.relative_to(p).parts
        if any(part.startswith(".") for part in rel):
            continue
        if f.is_file() and f.suffix.lower() in SUPPORTED_SUFFIXES:
            files.append(f)
    return sorted(files)


def _first(row: dict, keys: tuple[str, ...]) -> str:
    for key in keys:
        value = row.get(key)
        if isinstance(value, (str, int)) and str(value).strip():
            return str(value).strip()
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return " ".join(v.strip() for v in value if v.strip())  # abstracts split in sections
    return ""


def _jsonl_passages(path: Path, label: str, stats: dict[str, int]) -> Iterator[Passage]:
    with path.open(encoding="utf-8", errors="replace") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                stats["skipped_lines"] = stats.get("skipped_lines", 0) + 1
                continue
            if not isinstance(row, dict):
                stats["skipped_lines"] = stats.get("skipped_lines", 0) + 1
                continue
            text = _first(row, TEXT_KEYS)
            if not text:
                stats["skipped_lines"] = stats.get("skipped_lines", 0) + 1
                continue
            doc_id = _first(row, ID_KEYS) or f"{label}:{lineno}"
            title = _first(row, TITLE_KEYS)
            pieces = _split_long(" ".join(text.split()))
            for n, piece in enumerate(pieces, 1):
                pid = doc_id if len(pieces) == 1 else f"{doc_id}#{n}"
                yield Passage(id=pid, title=title, text=piece, topic=str(row.get("topic", "")), source=USER_SOURCE)


def load_user_corpus(path: str | Path) -> tuple[list[Passage], dict[str, int]]:
    """Passages of a user corpus and load statistics; raises :class:`CorpusError` when unusable."""
    reason = check_corpus_path(path)
    if reason:
        raise CorpusError(reason)
    root = Path(path).expanduser()
    files = corpus_files(root)
    if not files:
        raise CorpusError(f"corpus_path '{path}' contains no .txt, .md or .jsonl files")

    if len(files) > limits.MAX_CORPUS_FILES:
        raise CorpusError(f"corpus_path '{path}' has {len(files):,} files, the limit is {limits.MAX_CORPUS_FILES:,} "
                          "(MAX_CORPUS_FILES in app/core/limits.py)")
    for f in files:
        size = f.stat().st_size
        if size > limits.MAX_CORPUS_FILE_BYTES:
            raise CorpusError(f"corpus file '{f}' is too large: {size:,} bytes, the limit is "
                              f"{limits.MAX_CORPUS_FILE_BYTES:,} (MAX_CORPUS_FILE_BYTES in app/core/limits.py)")
    stats: dict[str, int] = {"files": len(files)}
    passages: list[Passage] = []
    for f in files:
        label = f.name if root.is_file() else f.relative_to(root).as_posix()
        suffix = f.suffix.lower()
        if suffix in JSONL_SUFFIXES:
            passages.extend(_jsonl_passages(f, label, stats))
            continue
        text = f.read_text(encoding="utf-8", errors="replace")
        pieces = split_passages(text, markdown=suffix != ".txt")
        for n, (heading, piece) in enumerate(pieces, 1):
            title = f"{f.stem}: {heading}" if heading else f.stem
            passages.append(Passage(id=f"{label}#{n}", title=title, text=piece, source=USER_SOURCE))
    if not passages:
        raise CorpusError(f"corpus_path '{path}' has no readable text (JSONL lines need one of the fields {', '.join(TEXT_KEYS)})")
    seen: dict[str, int] = {}
    for p in passages:  # ids must be unique to cite them
        if p.id in seen:
            seen[p.id] += 1
            p.id = f"{p.id}~{seen[p.id]}"
        else:
            seen[p.id] = 1
    stats["passages"] = len(passages)
    return passages, stats
