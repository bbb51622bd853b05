"""The Postgres checkpointer (``checkpointer=postgresql://...``) against a real PostgreSQL started here.

The server is found on PATH or under /usr/lib/postgresql/*/bin, initialised in a temporary folder
(as the ``nobody`` user when the tests run as root, which PostgreSQL refuses), listens on a free
loopback port and is stopped at the end. Without PostgreSQL installed the test is skipped and says
why; the settings checks run everywhere.
"""

from __future__ import annotations

import glob
import operator
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Annotated, TypedDict

import pydantic
import pytest

from medmirror.core.settings import Settings
from medmirror.memory.checkpoint import CheckpointerError, make_checkpointer


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    hits = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return hits[-1] if hits else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def postgres_url():
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not (initdb and pg_ctl):
        pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl on PATH or under /usr/lib/postgresql/*/bin)")
    pytest.importorskip("langgraph.checkpoint.postgres", reason="pip install 'medmirror[postgres]'")
    # under the system temp dir, not pytest's (root-only folders the 'nobody' user could not enter)
    root = Path(tempfile.mkdtemp(prefix="medmirror-pg-"))
    data = root / "data"
    run_as: dict = {}
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        import pwd

        try:
            nobody = pwd.getpwnam("nobody")
        except KeyError:
            pytest.skip("running as root and there is no 'nobody' user to run PostgreSQL as")
        os.chown(root, nobody.pw_uid, nobody.pw_gid)
        os.chmod(root, 0o700)
        run_as = {"user": nobody.pw_uid, "group": nobody.pw_gid}
    port = _free_port()
    env = {**os.environ, "LC_ALL": "C", "HOME": str(root)}
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={root}"
    started = False
    try:
        subprocess.run([initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"], check=True,
                       capture_output=True, env=env, cwd=root, **run_as)
        subprocess.run([pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "-t", "30", "start"],
                       check=True, capture_output=True, env=env, cwd=root, **run_as)
        started = True
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        if started:
            subprocess.run([pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"], capture_output=True, env=env,
                           cwd=root, **run_as)
        shutil.rmtree(root, ignore_errors=True)


class _State(TypedDict):
    steps: Annotated[list[str], operator.add]


def _graph(saver):
    from langgraph.graph import END, START, StateGraph

    g = StateGraph(_State)
    g.add_node("a", lambda s: {"steps": ["a"]})
    g.add_node("b", lambda s: {"steps": ["b"]})
    g.add_edge(START, "a")
    g.add_edge("a", "b")
    g.add_edge("b", END)
    return g.compile(checkpointer=saver)


def test_postgres_checkpointer_persists_runs_across_connections(postgres_url: str) -> None:
    settings = Settings(checkpointer=postgres_url)
    saver = make_checkpointer(settings)
    assert type(saver).__name__ == "PostgresSaver"
    config = {"configurable": {"thread_id": f"t-{time.time_ns()}"}}
    assert _graph(saver).invoke({"steps": []}, config)["steps"] == ["a", "b"]
    # a second saver (a new pool, as another process would open) reads the same thread back
    other = make_checkpointer(settings)
    snap = _graph(other).get_state(config)
    assert snap.values["steps"] == ["a", "b"]
    assert len(list(other.list(config))) >= 3  # input, a, b
    other.delete_thread(config["configurable"]["thread_id"])
    assert other.get_tuple(config) is None
    saver.conn.close()
    other.conn.close()


def test_unreachable_postgres_is_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("langgraph.checkpoint.postgres", reason="pip install 'medmirror[postgres]'")
    from medmirror.memory import checkpoint

    monkeypatch.setattr(checkpoint, "POSTGRES_OPEN_TIMEOUT_S", 2.0)
    url = f"postgresql://nobody@127.0.0.1:{_free_port()}/none?connect_timeout=2"
    with pytest.raises(CheckpointerError) as err:
        make_checkpointer(Settings(checkpointer=url))
    assert "cannot use the Postgres checkpointer" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("value", ["postgres://u@h/db", "postgresql://u@localhost:5432/medmirror", "sqlite", "none"])
def test_checkpointer_setting_accepts_kinds_and_postgres_urls(value: str) -> None:
    assert Settings(checkpointer=value).checkpointer == value


@pytest.mark.parametrize("value", ["mysql://u@h/db", "postgres", "postgresql://", "file.sqlite"])
def test_checkpointer_setting_refuses_other_values(value: str) -> None:
    with pytest.raises(pydantic.ValidationError):
        Settings(checkpointer=value)


def test_missing_postgres_package_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "langgraph.checkpoint.postgres", None)  # import fails as if not installed
    with pytest.raises(CheckpointerError, match=r"pip install 'medmirror\[postgres\]'"):
        make_checkpointer(Settings(checkpointer="postgresql://u@127.0.0.1:1/db"))


def test_the_experience_store_on_postgres(postgres_url, tmp_path) -> None:
    """MEDMIRROR_EXPERIENCE_STORE=postgresql://...: LangGraph's PostgresStore holds the cases and the experience;
    a second process's view (another store object) sees them; BM25 search works over them."""
    from medmirror.memory.experience import ExperienceStore
    from medmirror.memory.experience_models import Provenance, Trajectory

    location = Settings(experience_store=postgres_url, data_dir=tmp_path).experience_location
    assert location == postgres_url
    with ExperienceStore(location, vector_dir=False) as store:
        store.clear()
        tid = store.add_trajectory(Trajectory(task_text="What is the BMI of a man of 94 kg, 1.80 m tall?",
                                              task_kind="bmi", provenance=Provenance(source="t", case_id="1")))
        store.merge_experience("bmi", ["Height in metres", "Weight in kg"])
        store.merge_experience("bmi", ["height in metres"])
    with ExperienceStore(location, vector_dir=False) as other:
        assert other.search_similar("BMI of a man")[0][0].id == tid
        assert [(s.text, s.support) for s in other.get_tool_experience("bmi").suggestions] == [
            ("Height in metres", 2), ("Weight in kg", 1)]
        assert "password" not in other.name and other.stats()["trajectories"] == 1
        other.clear()
