"""`medmirror mcp` as a real subprocess, with a real MCP client session (the SDK's stdio and streamable
HTTP clients), and MedMirror's MCP client (settings.mcp_servers) against it. Scripted model, no network."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from medmirror.api import solve
from medmirror.core.models.factory import reset_scripted_cache
from medmirror.core.settings import Settings
from medmirror.tools.builtin import registry_for
from medmirror.tools.mcp_client import MCPServerError, load_mcp_tools

pytestmark = pytest.mark.slow

# The installed command. Run from a git worktree through /work/notes/run_in_worktree.py (MM_ROOT set), the
# subprocess goes through the same shim so that it serves the worktree's code.
SERVER = ([sys.executable, "/work/notes/run_in_worktree.py", "medmirror.cli", "mcp", "--all-tools"]
          if os.environ.get("MM_ROOT") else [sys.executable, "-m", "medmirror", "mcp", "--all-tools"])

SCRIPT = {
    "planner": [{"subtasks": [{"description": "compute BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}],
    "tool_agent": [{"tool": "bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 9}],
    "answer": [{"answer": "BMI 22.86", "value": "22.857142857142858", "evaluation": "ok", "score": 9}],
}


def _env(tmp_path: Path) -> dict[str, str]:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT))
    env = {"MEDMIRROR_MODEL_PROVIDER": "scripted", "MEDMIRROR_SCRIPT_PATH": str(script),
           "MEDMIRROR_DATA_DIR": str(tmp_path / "data"), "MEDMIRROR_EXTRACTOR": "llm"}
    if os.environ.get("MM_ROOT"):
        env["MM_ROOT"] = os.environ["MM_ROOT"]
    return env


async def _exercise(session: ClientSession) -> dict:
    """List tools, call a calculator, call it with a bad input, call solve; what came back."""
    tools = {t.name: t for t in (await session.list_tools()).tools}
    ok = await session.call_tool("bmi", {"weight": 70, "height": 175})
    bad = await session.call_tool("bmi", {"weight": 70, "height": "tall"})
    solved = await session.call_tool("solve", {"question": "What is the BMI?", "note": "70 kg, 175 cm"})
    return {"tools": tools, "ok": ok, "bad": bad, "solved": solved}


def _check(out: dict) -> None:
    tools = out["tools"]
    assert {"bmi", "cha2ds2_vasc", "ckd_epi_2021", "calculate", "knowledge_search", "solve"} <= set(tools)
    assert tools["bmi"].inputSchema["required"] == ["weight", "height"]
    assert "Reference:" in tools["bmi"].description
    assert not out["ok"].isError
    assert out["ok"].structuredContent["value"] == pytest.approx(70 / 1.75 ** 2)  # 22.857 kg/m²
    assert out["ok"].structuredContent["unit"] == "kg/m²"
    assert out["bad"].isError and "height" in out["bad"].content[0].text
    assert not out["solved"].isError, out["solved"].content
    solved = out["solved"].structuredContent
    assert (solved["status"], solved["value"]) == ("answered", "22.857142857142858")
    assert [s["tool"] for s in solved["steps"]] == ["bmi"]


def test_stdio_server_with_a_real_client_session(tmp_path: Path) -> None:
    errlog = open(tmp_path / "server.stderr", "w+")
    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], env=_env(tmp_path))

    async def main() -> dict:
        with anyio.fail_after(180):
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()  # a stray print to stdout would break the protocol here
                    return await _exercise(session)

    _check(anyio.run(main))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_streamable_http_server_on_loopback(tmp_path: Path) -> None:
    port = _free_port()
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen([*SERVER, "--http", "--port", str(port)], env={**os.environ, **_env(tmp_path)},
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/mcp"

    async def main() -> dict:
        with anyio.fail_after(180):
            async with streamable_http_client(url) as (read, write, _):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await _exercise(session)

    try:
        deadline = time.monotonic() + 90
        while True:  # wait for the port
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("medmirror mcp --http did not start:\n" + (tmp_path / "server.log").read_text()[-3000:])
                time.sleep(0.5)
        _check(anyio.run(main))
    finally:
        proc.terminate()  # by PID: only the server this test started
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _servers_file(tmp_path: Path, servers: dict) -> Path:
    path = tmp_path / f"mcp_servers_{'_'.join(servers)}.json"
    path.write_text(json.dumps({"mcpServers": servers}))
    return path


def test_client_loads_the_servers_tools_into_the_registry(tmp_path: Path) -> None:
    path = _servers_file(tmp_path, {"mm": {"command": SERVER[0], "args": SERVER[1:], "env": _env(tmp_path)}})
    registry = registry_for(Settings(mcp_servers=str(path)))
    assert {"bmi", "mm_bmi", "mm_cha2ds2_vasc", "mm_solve"} <= set(registry.names())
    tool = registry.get("mm_bmi")
    assert tool.card.category == "mcp/mm" and [i.name for i in tool.card.inputs] == ["weight", "height"]
    assert tool.card.inputs[0].unit == "kg" and tool.output_type == "decimal"
    assert tool.invoke({"weight": 70, "height": 175})["value"] == pytest.approx(70 / 1.75 ** 2)
    with pytest.raises(ValueError, match="missing height"):
        tool.invoke({"weight": 70})
    assert "mm_bmi" in [h.card.name for h in registry.search("body mass index", k=3)]  # retrieval finds it

    # the graph uses it: a scripted planner and tool agent pick the MCP tool
    script = tmp_path / "graph_script.json"
    script.write_text(json.dumps({
        "planner": [{"subtasks": [{"description": "compute BMI", "tool": "mm_bmi"}], "evaluation": "ok", "score": 9}],
        "tool_agent": [{"tool": "mm_bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 9}],
        "answer": [{"answer": "BMI 22.86", "value": "22.857142857142858", "evaluation": "ok", "score": 9}]}))
    reset_scripted_cache()
    result = solve("What is the body mass index?", "70 kg, 175 cm", model_provider="scripted",
                   script_path=str(script), mcp_servers=str(path), checkpointer="none", extractor="llm",
                   use_checks=False, data_dir=str(tmp_path / "data"),
                   # BM25 alone: e5 would embed the server's ~440 new cards (minutes on 2 cores); the dense
                   # ranking over MCP cards is not what this test checks
                   embeddings_provider="none")
    reset_scripted_cache()
    assert result.status == "answered", result.status_detail
    assert [s["tool"] for s in result.steps] == ["mm_bmi"]
    assert result.value == "22.857142857142858"


def test_a_server_that_fails_to_start_is_named_with_its_stderr(tmp_path: Path) -> None:
    crash = "import sys; print('cannot open the widget database', file=sys.stderr); sys.exit(3)"
    path = _servers_file(tmp_path, {"widgets": {"command": sys.executable, "args": ["-c", crash]}})
    with pytest.raises(MCPServerError, match=r"MCP server 'widgets' .* failed") as err:
        load_mcp_tools(path)
    assert "cannot open the widget database" in str(err.value)
    missing = _servers_file(tmp_path, {"nothere": {"command": str(tmp_path / "no-such-server"), "args": []}})
    with pytest.raises(MCPServerError, match="MCP server 'nothere'"):
        load_mcp_tools(missing)
    # through solve: a status, not a traceback
    result = solve("What is the BMI?", "70 kg, 175 cm", model_provider="scripted",
                   script_path=str(tmp_path / "none.json"), mcp_servers=str(path), checkpointer="none")
    assert result.status == "error" and "widgets" in result.status_detail
