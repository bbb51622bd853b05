"""What :func:`medmirror.api.solve` does around a run: bind a thread to its task, and turn failures into a status.

**A thread belongs to one task.** The task's key (a hash of question, note, options,
preset and resources, :func:`task_key`) is written into the metadata of every checkpoint
of the run (LangGraph copies ``config["metadata"]`` there). When ``solve`` is called with
an existing ``thread_id``:

- the thread holds an *interrupted* run: it is resumed only for the same task; another
  task is refused (:class:`ThreadTaskMismatch`) rather than continued under the new
  question, which printed the new question with the first task's value;
- the thread holds a *finished* run: its checkpoints are deleted and the new task starts
  fresh, so nothing of the earlier task (value, answer, steps) can reach the result, even
  when the new run ends in an error before it writes its own fields.

Checkpoints written before this key existed are compared on their question, note,
options and resources instead.

**One run per thread at a time.** With the SQLite checkpointer a run holds an exclusive file
lock for its thread (``<data_dir>/locks/<hash of the thread id>.lock``, :func:`thread_lock`);
a second run on the same thread id, in this process or another, is refused at once
(:class:`ThreadBusy`) instead of interleaving its checkpoints with the first.

**Failures are a status.** Any exception of a run (a model server that cannot be reached,
a malformed model file, a model that raised) ends ``solve`` with ``status="error"`` and a
one-line ``status_detail`` naming the cause (:func:`failure_detail`); the checkpoint of an
interrupted run is kept, so the same call resumes it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any, Iterator

from filelock import FileLock, Timeout

from medmirror.memory.checkpoint import private_dir

TASK_KEY = "medmirror_task"  # checkpoint metadata key holding the task's hash
DETAIL_CHARS = 600


class ThreadTaskMismatch(ValueError):
    """A thread id names a run of another task (see the module docstring)."""


class ThreadBusy(RuntimeError):
    """Another run holds this thread (see the module docstring)."""


@contextlib.contextmanager
def thread_lock(data_dir: str | Path, thread_id: str) -> Iterator[None]:
    """Hold the exclusive lock of ``thread_id`` under ``data_dir`` (folder 0700, file 0600), or raise :class:`ThreadBusy`."""
    folder = private_dir(Path(data_dir) / "locks")
    path = folder / (hashlib.sha256(thread_id.encode("utf-8", "surrogatepass")).hexdigest()[:32] + ".lock")
    lock = FileLock(path, timeout=0, mode=0o600, thread_local=False, is_singleton=False)
    try:
        lock.acquire()
    except Timeout:
        raise ThreadBusy(f"thread '{thread_id[:80]}' is being run by another call right now; wait for it to "
                         "finish, or give this task a new thread id") from None
    try:
        yield
    finally:
        lock.release()


def task_key(question: Any, note: Any, options: Any, preset: str, resources: Any, guidance: Any = None) -> str:
    """A stable hash of what defines a task (``guidance``: examples and instructions given with it, when any)."""
    task = {"question": question, "note": note, "options": options, "preset": preset, "resources": resources}
    if guidance:
        task["guidance"] = guidance
    blob = json.dumps(task, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _same_inputs(values: dict[str, Any], payload: dict[str, Any]) -> bool:
    return all(values.get(k) == payload.get(k) for k in ("question", "note", "options", "resources"))


def prepare_thread(graph: Any, saver: Any, config: dict[str, Any], key: str,
                   payload: dict[str, Any]) -> dict[str, Any] | None:
    """The input for ``graph.invoke`` on this thread: ``None`` to resume an interrupted run of this
    task, else ``payload`` (after deleting a finished run's checkpoints). Raises
    :class:`ThreadTaskMismatch` for an interrupted run of another task."""
    snapshot = graph.get_state(config)
    if not snapshot.values and not snapshot.next:
        return payload  # a new thread
    thread_id = config["configurable"]["thread_id"]
    stored = (snapshot.metadata or {}).get(TASK_KEY)
    same = stored == key if stored is not None else _same_inputs(snapshot.values or {}, payload)
    if snapshot.next:
        if not same:
            earlier = str((snapshot.values or {}).get("question") or "")[:80]
            raise ThreadTaskMismatch(
                f"thread '{thread_id}' holds an interrupted run of another task (question {earlier!r}); "
                "it is resumed only with the same question, note, options and preset: rerun that task to "
                "resume it, or give this task a new thread id")
        return None
    try:  # a finished run: the new task starts fresh on this thread
        saver.delete_thread(thread_id)
    except NotImplementedError:
        raise ThreadTaskMismatch(
            f"thread '{thread_id}' holds a finished run and this checkpointer cannot delete it; "
            "give the new task a new thread id") from None
    return payload


def paused_on(graph: Any, config: dict[str, Any]) -> Any:
    """The value of the interrupt the thread is paused on (what it asks), or None."""
    snapshot = graph.get_state(config)
    for task in snapshot.tasks or ():
        if task.interrupts:
            return task.interrupts[0].value
    return None


def checkpointed_state(graph: Any, saver: Any, config: dict[str, Any], key: str) -> dict[str, Any]:
    """The thread's checkpointed state if it belongs to this task (else, or without one, ``{}``)."""
    if graph is None or saver is None:
        return {}
    try:
        snapshot = graph.get_state(config)
    except Exception:  # noqa: BLE001 - the state is a courtesy; the error is reported anyway
        return {}
    if (snapshot.metadata or {}).get(TASK_KEY) != key:
        return {}
    return dict(snapshot.values or {})


def resumable(graph: Any, saver: Any, config: dict[str, Any], key: str) -> bool:
    if graph is None or saver is None:
        return False
    try:
        snapshot = graph.get_state(config)
    except Exception:  # noqa: BLE001
        return False
    return bool(snapshot.next) and (snapshot.metadata or {}).get(TASK_KEY) == key


def status_detail(out: dict[str, Any]) -> str:
    """The run's ``status_detail``; never empty for a run that did not answer: the last trace event says where
    it stopped (a react run came back ``refused`` with an empty detail)."""
    detail = str(out.get("status_detail") or "")
    status = out.get("status", "error")
    if detail.strip() or status in ("answered", "needs_input"):
        return detail
    trace = out.get("trace") or []
    last = trace[-1] if trace and isinstance(trace[-1], dict) else {}
    where = " ".join(str(last.get(k)) for k in ("node", "event", "detail") if last.get(k))
    return one_line(f"the run ended {status} without a stated reason"
                    + (f"; its last step: {where}" if where else "; no step was recorded"))


def one_line(text: str, limit: int = DETAIL_CHARS) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def failure_detail(err: BaseException, settings: Any = None, *, thread_id: str | None = None,
                   can_resume: bool = False) -> str:
    """One line naming the cause of a failed run, with a hint for the usual ones."""
    if isinstance(err, (ThreadTaskMismatch, ThreadBusy, PermissionError)) or type(err).__name__ in (
            "InputTooLarge", "InvalidTaskInput"):
        return one_line(str(err))
    name = type(err).__name__
    text = one_line(f"{name}: {err}" if str(err) else name)
    hint = ""
    if "Connection" in name or "Timeout" in name or isinstance(err, (ConnectionError, TimeoutError)):
        url = getattr(settings, "openai_base_url", None)
        hint = f" (model server {url} unreachable?)" if url else " (model server unreachable?)"
    elif "Failed to load model" in str(err) or "gguf" in str(err).lower():
        path = getattr(settings, "model_path", None)
        hint = f" (model file {path} is not a valid GGUF?)" if path else ""
        can_resume = False  # the same call fails the same way: the advice is to fix the model file, not to resume
    if can_resume and thread_id:
        hint += f"; the run is checkpointed: call again with thread_id={thread_id} to resume it"
    return text + hint
