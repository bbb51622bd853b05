"""Issue 31 against `medmirror mcp` as a real subprocess with the official MCP client, on loopback: no file outside
the allowed roots (H5) over stdio and HTTP, the HTTP bearer token, no network host without a token, and the
generated EHR's temp folder removed on SIGTERM (M3). Scripted model, no network beyond 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import anyio
import httpx
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from tests.integration.test_mcp import SERVER, _env, _free_port

pytestmark = pytest.mark.slow

SECRET = "The launch code is tangerine."


def _files(tmp_path: Path) -> dict[str, Path]:
    private = tmp_path / "private"
    private.mkdir()
    (private / "secret.txt").write_text(SECRET)
    (private / "secret.txt").chmod(0o600)
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "report.txt").write_text("Discharge summary. Creatinine 1.4 mg/dL on admission.")
    return {"secret": private / "secret.txt", "report": allowed / "report.txt", "allowed": allowed,
            "checkpoints": tmp_path / "data" / "checkpoints.sqlite"}


async def _probe(session: ClientSession, files: dict[str, Path]) -> dict:
    async def call(name: str, args: dict) -> tuple[bool, str]:
        r = await session.call_tool(name, args)
        return r.isError, json.dumps(r.structuredContent) if r.structuredContent else r.content[0].text

    await session.initialize()
    return {
        "secret": await call("longdoc_search", {"query": "launch code", "documents": [str(files["secret"])]}),
        "traversal": await call("longdoc_search", {"query": "launch code", "documents": [
            str(files["allowed"] / ".." / "private" / "secret.txt")]}),
        "checkpoints": await call("ehr_sql", {"sql": "SELECT * FROM checkpoints", "ehr_db": str(files["checkpoints"])}),
        "solve": await call("solve", {"question": "What is the launch code?", "preset": "react",
                                      "resources": {"documents": [str(files["secret"])]}}),
        "allowed": await call("longdoc_search", {"query": "creatinine admission", "documents": [str(files["report"])]}),
    }


def _check(out: dict) -> None:
    for key in ("secret", "traversal", "checkpoints"):
        is_error, text = out[key]
        assert is_error and "tangerine" not in text and ("outside the allowed" in text or "data directory" in text)
    assert "tangerine" not in out["solve"][1] and "outside the allowed resource roots" in out["solve"][1]
    is_error, text = out["allowed"]
    assert not is_error and "Creatinine 1.4" in text


def test_stdio_serves_only_allowed_roots(tmp_path: Path) -> None:
    files = _files(tmp_path)
    env = _env(tmp_path)
    files["checkpoints"].parent.mkdir(parents=True, exist_ok=True)
    files["checkpoints"].write_bytes(b"")
    params = StdioServerParameters(command=SERVER[0], args=[*SERVER[1:], "--allow-root", str(files["allowed"])],
                                   env=env)

    async def main() -> dict:
        with anyio.fail_after(180):
            async with stdio_client(params, errlog=open(tmp_path / "stderr", "w")) as (read, write):
                async with ClientSession(read, write) as session:
                    return await _probe(session, files)

    _check(anyio.run(main))


def _start_http(tmp_path: Path, port: int, extra_env: dict[str, str], *args: str) -> subprocess.Popen:
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen([*SERVER, "--http", "--port", str(port), *args],
                            env={**os.environ, **_env(tmp_path), **extra_env}, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 90
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("medmirror mcp --http did not start:\n" + (tmp_path / "server.log").read_text()[-3000:])
            time.sleep(0.5)


def _stop(proc: subprocess.Popen) -> int:
    proc.terminate()  # by PID: only the server this test started
    try:
        return proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait(5)


def test_http_needs_the_token_and_serves_only_allowed_roots(tmp_path: Path) -> None:
    files = _files(tmp_path)
    port = _free_port()
    temp = tmp_path / "tmp"
    temp.mkdir()
    proc = _start_http(tmp_path, port, {"MEDMIRROR_MCP_TOKEN": "s3cret-token", "TMPDIR": str(temp)},
                       "--allow-root", str(files["allowed"]))
    url = f"http://127.0.0.1:{port}/mcp"
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    accept = {"Accept": "application/json, text/event-stream"}

    async def main() -> dict:
        with anyio.fail_after(180):
            headers = {"Authorization": "Bearer s3cret-token"}
            async with httpx.AsyncClient(headers=headers, timeout=60) as client:
                async with streamable_http_client(url, http_client=client) as (read, write, _):
                    async with ClientSession(read, write) as session:
                        out = await _probe(session, files)
                        r = await session.call_tool("ehr_sql", {"sql": "SELECT count(*) FROM patients",
                                                                "ehr_db": "synthetic:n=5,seed=11"})
                        out["generated"] = (r.isError, r.structuredContent)
                        return out

    try:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic s3cret-token"}):
            r = httpx.post(url, json=init, headers={**accept, **headers}, timeout=30)
            assert r.status_code == 401 and "Bearer" in r.headers.get("www-authenticate", "")
        out = anyio.run(main)
        _check(out)
        assert out["generated"] == (False, out["generated"][1]) and out["generated"][1]["rows"] == [[5]]
        assert list(temp.glob("medmirror-ehr-*"))  # the generated database's private folder
    finally:
        _stop(proc)
    assert not list(temp.glob("medmirror-ehr-*"))  # removed on SIGTERM


def test_a_network_host_without_a_token_is_refused(tmp_path: Path) -> None:
    env = {k: v for k, v in {**os.environ, **_env(tmp_path)}.items() if k != "MEDMIRROR_MCP_TOKEN"}
    run = subprocess.run([*SERVER, "--http", "--host", "0.0.0.0", "--port", str(_free_port())], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "refusing to serve on 0.0.0.0" in run.stderr and "MEDMIRROR_MCP_TOKEN" in run.stderr


def test_stdio_server_removes_its_temp_folder_on_sigterm(tmp_path: Path) -> None:
    temp = tmp_path / "tmp"
    temp.mkdir()
    proc = subprocess.Popen(SERVER, env={**os.environ, **_env(tmp_path), "TMPDIR": str(temp)}, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=open(tmp_path / "stderr", "w"), start_new_session=True)

    def send(message: dict) -> None:
        proc.stdin.write((json.dumps(message) + "\n").encode())
        proc.stdin.flush()

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        assert json.loads(proc.stdout.readline())["id"] == 1
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "ehr_sql", "arguments": {"sql": "SELECT count(*) FROM patients", "ehr_db": "synthetic:n=5,seed=12"}}})
        reply = json.loads(proc.stdout.readline())
        assert reply["id"] == 2 and not reply["result"].get("isError"), reply
        assert list(temp.glob("medmirror-ehr-*/*.sqlite"))
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert not list(temp.glob("medmirror-ehr-*"))
