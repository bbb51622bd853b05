"""Issue 31, H5 and M1: a task's resource files must lie under an allowed root and never in the data directory,
through the MCP server's tools (in process, the SDK's memory transport), its ``solve`` and the Python API."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import anyio
import pytest
from mcp.shared.memory import create_connected_server_and_client_session

from medmirror.api import solve
from medmirror.core import limits
from medmirror.core.settings import Settings
from medmirror.mcp_server import ToolCallError, build_server, call_tool
from medmirror.tools.builtin import default_registry
from medmirror.tools.ehr.resources import ehr_db_path
from medmirror.tools.resource_access import ResourceRefused, check_resources

SECRET = "The launch code is tangerine."


@pytest.fixture()
def place(tmp_path: Path) -> dict[str, Path]:
    """A secret file outside any root, an allowed folder with a document, a data dir with a checkpoint DB."""
    secret = tmp_path / "private" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text(SECRET)
    secret.chmod(0o600)
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "report.txt").write_text("Discharge summary. The patient's creatinine was 1.4 mg/dL on admission.")
    data = tmp_path / "data"
    data.mkdir()
    con = sqlite3.connect(data / "checkpoints.sqlite")
    con.execute("CREATE TABLE notes (note TEXT)")
    con.execute("INSERT INTO notes VALUES ('another session''s note')")
    con.commit()
    con.close()
    (allowed / "link.txt").symlink_to(secret)  # a symlink inside the root pointing out of it
    return {"secret": secret, "allowed": allowed, "data": data, "tmp": tmp_path}


def _settings(place: dict[str, Path], *roots: Path) -> Settings:
    return Settings(data_dir=place["data"], resource_roots=list(roots))


def test_paths_outside_the_roots_or_in_the_data_dir_are_refused(place: dict[str, Path]) -> None:
    s = _settings(place, place["allowed"], place["tmp"])  # the data dir is under an allowed root: still refused
    ok = check_resources({"documents": [str(place["allowed"] / "report.txt")], "note": "x"}, s)
    assert ok["documents"] == [str((place["allowed"] / "report.txt").resolve())] and ok["note"] == "x"
    with pytest.raises(ResourceRefused, match="inside MedMirror's data directory"):
        check_resources({"ehr_db": str(place["data"] / "checkpoints.sqlite")}, s)
    with pytest.raises(ResourceRefused, match="inside MedMirror's data directory"):
        check_resources({"documents": [str(place["allowed"] / ".." / "data" / "checkpoints.sqlite")]}, s)
    narrow = _settings(place, place["allowed"])
    for bad in (str(place["secret"]), str(place["allowed"] / "link.txt"), str(place["allowed"] / ".." / "private" /
                                                                              "secret.txt")):
        with pytest.raises(ResourceRefused) as info:
            check_resources({"documents": [bad]}, narrow)
        message = str(info.value)
        assert bad in message and "MEDMIRROR_RESOURCE_ROOTS" in message and "\n" not in message
    with pytest.raises(ResourceRefused, match="none set"):
        check_resources({"images": [str(place["secret"])]}, _settings(place))
    # not paths: a generator spec, a generated database anywhere (synthetic data), the shipped task sets
    generated = ehr_db_path("synthetic:n=3,seed=0", place["tmp"] / "gen")
    assert check_resources({"ehr_db": "synthetic:n=3,seed=0"}, _settings(place))["ehr_db"] == "synthetic:n=3,seed=0"
    assert check_resources({"ehr_db": str(generated)}, _settings(place))["ehr_db"] == str(generated.resolve())
    generated.with_name("copy.sqlite").write_bytes(generated.read_bytes())  # same bytes, no checksum beside it
    with pytest.raises(ResourceRefused):
        check_resources({"ehr_db": str(generated.with_name("copy.sqlite"))}, _settings(place))


def test_the_number_of_documents_is_capped(place: dict[str, Path]) -> None:
    s = _settings(place, place["allowed"])
    doc = str(place["allowed"] / "report.txt")
    with pytest.raises(limits.InputTooLarge, match="MAX_DOCUMENTS"):
        check_resources({"documents": [doc] * (limits.MAX_DOCUMENTS + 1)}, s)
    with pytest.raises(ValueError, match="NUL"):
        check_resources({"documents": [doc + "\x00"]}, s)


def test_mcp_tools_refuse_files_outside_the_roots(place: dict[str, Path]) -> None:
    s = _settings(place, place["allowed"])

    async def main():
        async with create_connected_server_and_client_session(build_server(settings=s)) as client:
            return [await client.call_tool("longdoc_search", {"query": "launch code",
                                                              "documents": [str(place["secret"])]}),
                    await client.call_tool("ehr_sql", {"sql": "SELECT note FROM notes",
                                                       "ehr_db": str(place["data"] / "checkpoints.sqlite")}),
                    await client.call_tool("longdoc_search", {"query": "creatinine",
                                                              "documents": [str(place["allowed"] / "report.txt")]})]

    secret_doc, checkpoints, allowed = anyio.run(main)
    assert secret_doc.isError and "outside the allowed resource roots" in secret_doc.content[0].text
    assert "tangerine" not in str(secret_doc.content)
    assert checkpoints.isError and "data directory" in checkpoints.content[0].text
    assert "another session" not in str(checkpoints.content)
    assert not allowed.isError and allowed.structuredContent["status"] == "found"


def test_solve_refuses_resources_outside_the_roots(place: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    for api in ("python", "mcp"):
        if api == "python":
            r = solve("What does the document say?", None, preset="react", saver=None, data_dir=place["data"],
                      resources={"documents": [str(place["secret"])]})
            status, detail = r.status, r.status_detail
        else:
            monkeypatch.setenv("MEDMIRROR_DATA_DIR", str(place["data"]))
            out = call_tool(default_registry(), "solve", {
                "question": "What does the document say?", "preset": "react",
                "resources": {"ehr_db": str(place["data"] / "checkpoints.sqlite")}},
                settings=_settings(place, place["tmp"]))
            status, detail = out["status"], out["status_detail"]
        assert status == "error" and ("outside the allowed resource roots" in detail or "data directory" in detail)
        assert "tangerine" not in detail and "\n" not in detail


def test_direct_call_names_the_tool(place: dict[str, Path]) -> None:
    with pytest.raises(ToolCallError, match=r"^Cannot run longdoc_search: documents: .*secret.txt is outside"):
        call_tool(default_registry(), "longdoc_search", {"query": "launch", "documents": [str(place["secret"])]},
                  settings=_settings(place))
    assert os.stat(place["secret"]).st_mode & 0o777 == 0o600


def test_http_sessions_are_bounded_and_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31 (low): 3,000 initialize calls kept 3,000 sessions (RSS 201 -> 378 MB)."""
    import time

    from starlette.testclient import TestClient

    from medmirror import mcp_server

    monkeypatch.setattr(mcp_server, "MCP_MAX_SESSIONS", 3)
    monkeypatch.setattr(mcp_server, "MCP_SESSION_IDLE_SECONDS", 1.0)
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    headers = {"Accept": "application/json, text/event-stream", "Host": "127.0.0.1:8765"}
    app = mcp_server.http_app(build_server(), token="tok")
    with TestClient(app, base_url="http://127.0.0.1:8765") as client:
        assert client.post("/mcp", json=init, headers=headers).status_code == 401
        auth = {**headers, "Authorization": "Bearer tok"}
        codes = [client.post("/mcp", json=init, headers=auth).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 503]
        time.sleep(2.5)  # idle sessions are closed
        assert client.post("/mcp", json=init, headers=auth).status_code == 200


def test_the_graph_itself_refuses_a_file_outside_the_allowed_roots(tmp_path):
    """Studio and build_graph().invoke do not go through solve: intake checks the resources too."""
    from langgraph.checkpoint.memory import InMemorySaver

    from medmirror.core.settings import Settings
    from medmirror.graphs.main import build_graph
    from tests.graph._helpers import models

    secret = tmp_path / "secret.txt"
    secret.write_text("patient list")
    ctx = Settings.resolve("mirror", embeddings_provider="none", data_dir=str(tmp_path / "data"))
    graph = build_graph(checkpointer=InMemorySaver(), preset=ctx, models=models())
    out = graph.invoke({"question": "Summarise the document.", "resources": {"documents": [str(secret)]}},
                       {"configurable": {"thread_id": "roots"}}, context=ctx)
    assert out["status"] == "error" and "resources:" in out["status_detail"] and "secret.txt" in out["status_detail"]
