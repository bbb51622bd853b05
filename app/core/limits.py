"""Size limits on everything a user controls, in one place.

Every input that a user (or a model acting for one) can make arbitrarily large is
bounded here, and an over-limit input is refused up front with :class:`InputTooLarge`,
whose message names the limit (the constant and its value) rather than letting a run
slow down, fill the memory or return gigabytes. Raise the constants here if a real
workload needs more; nothing else in the code base hard-codes these numbers.

:func:`check_task` validates a whole task (question, note, options) as :func:`app.solve`
and the CLI receive it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# --- a task -------------------------------------------------------------------------------
MAX_QUESTION_CHARS = 4_000  # the question (MedCalc-Bench's longest is a few hundred characters)
MAX_NOTE_CHARS = 200_000  # a patient note (MedCalc-Bench's longest is ~30,000 characters)
MAX_NOTE_BYTES = 4 * MAX_NOTE_CHARS  # a note file as read from disk or stdin (UTF-8: up to 4 bytes a character)
MAX_OPTIONS = 26  # multiple-choice options (A-Z)
MAX_OPTION_KEY_CHARS = 20  # an option's label
MAX_OPTION_CHARS = 2_000  # an option's text

# --- tool inputs ---------------------------------------------------------------------------
MAX_TOOL_TEXT_CHARS = MAX_NOTE_CHARS  # any one text argument of a tool call (a query, a drug name, a text to tag)
MAX_SQL_CHARS = 10_000  # one ehr_sql statement
MAX_SQL_RESULT_BYTES = 1_000_000  # all values of one ehr_sql result together (text/blob bytes)
MAX_SQL_VALUE_BYTES = 10_000  # one value of an ehr_sql result (longer text/blob is refused)
MAX_SQLITE_LENGTH = 100_000  # SQLITE_LIMIT_LENGTH on the read-only connection: no string/blob/row above this
MAX_SQL_COLUMNS = 100  # SQLITE_LIMIT_COLUMN: result columns of one statement
MAX_SYNTHETIC_PATIENTS = 10_000  # patients in a generated EHR ("synthetic:n=...")
SQL_PROGRESS_OPS = 200_000_000  # virtual-machine steps one ehr_sql statement may take (besides its timeout)

# --- files a user points the tools at -------------------------------------------------------
MAX_CORPUS_FILE_BYTES = 50_000_000  # one file of a user knowledge corpus (MEDMIRROR_CORPUS_PATH)
MAX_CORPUS_FILES = 10_000  # files in a user knowledge corpus folder
MAX_DOCUMENT_BYTES = 50_000_000  # one document given to longdoc_search (PDF or text)
MAX_DOCUMENT_CHARS = 5_000_000  # the text extracted from one document
MAX_DOCUMENTS = 50  # documents (or images) attached to one task
MAX_BENCH_DATA_BYTES = 100_000_000  # one benchmark data file (bench --data, optimize --data), checked before reading
MAX_ERROR_LINE_CHARS = 500  # an error message that quotes a user's line (a benchmark row) is cut to this length

# --- servers and stores --------------------------------------------------------------------
MAX_SYNTHETIC_DATABASES = 16  # distinct synthetic EHR databases one process generates (each a seed and size)
MAX_SYNTHETIC_PATIENTS_TOTAL = 50_000  # synthetic patients one process generates in all
MCP_MAX_SESSIONS = 64  # open MCP streamable-HTTP sessions (the SDK refuses more)
MCP_SESSION_IDLE_SECONDS = 600.0  # an MCP HTTP session idle this long is closed
MAX_THREAD_ID_CHARS = 128  # a thread id: printable ASCII, no whitespace


class InputTooLarge(ValueError):
    """An input is over its limit; the message names the input, its size and the limit."""


class InvalidTaskInput(ValueError):
    """A task input has the wrong type or shape (e.g. options that are not an object of strings)."""


def check_size(what: str, size: int, limit: int, limit_name: str, unit: str = "characters") -> None:
    """Raise :class:`InputTooLarge` when ``size`` exceeds ``limit``."""
    if size > limit:
        raise InputTooLarge(f"{what} is too large: {size:,} {unit}, the limit is {limit:,} "
                            f"({limit_name} in app/core/limits.py)")


def check_text(what: str, value: Any, limit: int, limit_name: str, *, optional: bool = False) -> None:
    """``value`` must be a string (or None when ``optional``) of at most ``limit`` characters."""
    if value is None and optional:
        return
    if not isinstance(value, str):
        raise InvalidTaskInput(f"{what} must be text, got {type(value).__name__}")
    check_size(what, len(value), limit, limit_name)


def check_options(options: Any) -> None:
    """Multiple-choice options: None, or an object mapping short labels to option texts."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise InvalidTaskInput(
            f"options must be an object mapping letters to texts, e.g. {{\"A\": \"...\", \"B\": \"...\"}}; "
            f"got {type(options).__name__}")
    check_size("options", len(options), MAX_OPTIONS, "MAX_OPTIONS", unit="options")
    for key, text in options.items():
        if not isinstance(key, str) or not key.strip():
            raise InvalidTaskInput(f"option labels must be non-empty text, got {key!r}")
        check_size(f"option label {key[:20]!r}", len(key), MAX_OPTION_KEY_CHARS, "MAX_OPTION_KEY_CHARS")
        if not isinstance(text, str):
            raise InvalidTaskInput(f"option {key!r} must be text, got {type(text).__name__}")
        check_size(f"option {key!r}", len(text), MAX_OPTION_CHARS, "MAX_OPTION_CHARS")


def check_task(question: Any, note: Any = None, options: Any = None) -> None:
    """Validate a task's question, note and options; raises a ``ValueError`` naming the problem."""
    check_text("the question", question, MAX_QUESTION_CHARS, "MAX_QUESTION_CHARS")
    check_text("the note", note, MAX_NOTE_CHARS, "MAX_NOTE_CHARS", optional=True)
    check_options(options)


def check_data_file(path: Any, error: type[Exception] = InputTooLarge) -> None:
    """A benchmark data file: an existing file of at most ``MAX_BENCH_DATA_BYTES`` (from stat, before reading),
    else ``error`` naming the file."""
    p = Path(path)
    if p.is_dir():
        raise error(f"data file {p} is a directory")
    if not p.is_file():
        raise error(f"data file not found: {p}")
    size = p.stat().st_size
    if size > MAX_BENCH_DATA_BYTES:
        raise error(f"data file {p} is too large: {size:,} bytes, the limit is {MAX_BENCH_DATA_BYTES:,} "
                    "(MAX_BENCH_DATA_BYTES in app/core/limits.py)")


def check_thread_id(thread_id: Any) -> None:
    """A thread id is 1-``MAX_THREAD_ID_CHARS`` printable ASCII characters without spaces (it keys the checkpoints)."""
    if not isinstance(thread_id, str):
        raise InvalidTaskInput(f"thread id must be text, got {type(thread_id).__name__}")
    check_size("the thread id", len(thread_id), MAX_THREAD_ID_CHARS, "MAX_THREAD_ID_CHARS")
    bad = next((c for c in thread_id if not ("!" <= c <= "~")), None)
    if not thread_id or bad is not None:
        raise InvalidTaskInput("thread id must be printable ASCII without spaces"
                               + (f" (found {bad!r})" if bad is not None else " (it is empty)"))


def cut_line(text: str, limit: int = MAX_ERROR_LINE_CHARS) -> str:
    """``text`` on one line, at most ``limit`` characters (a cut one says how long the original was)."""
    text = str(text)
    head = " ".join(text[: 4 * limit].split())  # never joins more than a few times the limit
    if len(text) <= 4 * limit and len(head) <= limit:
        return head
    return head[: max(limit - 40, 0)] + f"... [cut: {len(text):,} characters]"


def oversized_text_argument(args: Any, limit: int | None = None) -> str | None:
    """The first text argument (at any depth) longer than ``MAX_TOOL_TEXT_CHARS``, as a message; else None."""
    limit = MAX_TOOL_TEXT_CHARS if limit is None else limit
    stack: list[tuple[str, Any]] = [("arguments", args)]
    while stack:
        name, value = stack.pop()
        if isinstance(value, str) and len(value) > limit:
            return (f"{name} is too long: {len(value):,} characters, the limit is {limit:,} "
                    "(MAX_TOOL_TEXT_CHARS in app/core/limits.py)")
        if isinstance(value, dict):
            stack.extend((str(k), v) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((name, v) for v in value)
    return None
