"""LangGraph Studio / dev server: the exported graph loads, is listed, and runs (scripted model)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _http(method: str, url: str, body: dict | None = None, timeout: float = 60) -> object:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read())


def test_langgraph_dev_serves_and_runs_the_graph(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({
        "planner": [{"subtasks": [{"description": "compute BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}],
        "tool_agent": [{"tool": "bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 9}],
        "answer": [{"answer": "BMI 22.86", "value": "22.857142857142858", "evaluation": "ok", "score": 9}],
    }))
    port = _free_port()
    env = {**os.environ, "MEDMIRROR_MODEL_PROVIDER": "scripted", "MEDMIRROR_SCRIPT_PATH": str(script),
           "MEDMIRROR_DATA_DIR": str(tmp_path / "data"), "LANGSMITH_TRACING": "false",
           "LANGGRAPH_CLI_NO_ANALYTICS": "1"}
    langgraph = Path(sys.executable).with_name("langgraph")
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen(
        [str(langgraph), "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                _http("GET", f"{base}/ok", timeout=5)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("langgraph dev did not start:\n" + (tmp_path / "server.log").read_text()[-3000:])
                time.sleep(1)
        ok = _http("GET", f"{base}/ok")
        assert ok.get("ok") is True

        assistants = _http("POST", f"{base}/assistants/search", {})
        assert sorted(a["graph_id"] for a in assistants) == ["medmirror", "medmirror_single_loop", "optimize"]
        for graph_id in ("medmirror", "medmirror_single_loop"):
            assistant = next(a for a in assistants if a["graph_id"] == graph_id)
            schemas = _http("GET", f"{base}/assistants/{assistant['assistant_id']}/schemas")
            shown = set(schemas["context_schema"]["properties"])
            assert {"preset", "theta_plan", "max_rounds", "use_checks"} <= shown  # the per-run context
            # paths, model servers, threads and secrets are process configuration: never in what Studio shows
            assert not shown & {"openai_api_key", "vision_api_key", "model_path", "data_dir", "n_threads",
                                "openai_base_url", "script_path"}

        out = _http("POST", f"{base}/runs/wait", {"assistant_id": "medmirror",
                                                  "input": {"question": "What is the BMI?", "note": "70 kg, 175 cm"}})
        assert out["status"] == "answered"
        assert out["value"] == "22.857142857142858"
        assert [s["tool"] for s in out["steps"]] == ["bmi"]
        assert out["steps"][0]["observation"]["value"] == pytest.approx(70 / 1.75**2)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


@contextmanager
def _dev_server(tmp_path: Path, script: dict):
    """``langgraph dev`` on a free loopback port with the scripted model; yields the base URL."""
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script))
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "MEDMIRROR_ASK_MISSING"}  # .env.studio decides
    env |= {"MEDMIRROR_MODEL_PROVIDER": "scripted", "MEDMIRROR_SCRIPT_PATH": str(path),
            "MEDMIRROR_DATA_DIR": str(tmp_path / "data"), "LANGSMITH_TRACING": "false",
            "LANGGRAPH_CLI_NO_ANALYTICS": "1"}
    langgraph = Path(sys.executable).with_name("langgraph")
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen(
        [str(langgraph), "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                _http("GET", f"{base}/ok", timeout=5)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("langgraph dev did not start:\n" + (tmp_path / "server.log").read_text()[-3000:])
                time.sleep(1)
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


def test_in_studio_a_missing_input_pauses_the_run_and_resumes_with_the_answer(tmp_path: Path) -> None:
    """.env.studio switches ask_missing on: the run stops with the question (an interrupt on the thread), and
    resuming the thread with the value (Studio's Resume; here the API's command) finishes it."""
    script = {
        "planner": [{"subtasks": [{"description": "compute BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}],
        "tool_agent": [{"tool": "bmi", "arguments": {"height": 175}, "evaluation": "ok", "score": 9}],
        "answer": [{"answer": "BMI 22.86", "value": "22.857142857142858", "evaluation": "ok", "score": 9}],
    }
    with _dev_server(tmp_path, script) as base:
        thread = _http("POST", f"{base}/threads", {})
        tid = thread["thread_id"]
        first = _http("POST", f"{base}/threads/{tid}/runs/wait",
                      {"assistant_id": "medmirror", "input": {"question": "What is the BMI?", "note": "Height 175 cm."}})
        state = _http("GET", f"{base}/threads/{tid}/state")
        asked = [i["value"] for t in state["tasks"] for i in t.get("interrupts", [])]
        assert asked and asked[0]["kind"] == "missing_input", (first, state)
        assert [w["name"] for w in asked[0]["inputs"]] == ["weight"]
        out = _http("POST", f"{base}/threads/{tid}/runs/wait",
                    {"assistant_id": "medmirror", "command": {"resume": {"weight": "70 kg"}}})
        assert out["status"] == "answered" and out["value"] == "22.857142857142858"
        assert out["steps"][0]["user_inputs"] == {"weight": "70 kg"}
        # the thread's state, as Studio's state view shows it: the evidence table and the checks
        final = _http("GET", f"{base}/threads/{tid}/state")["values"]
        rows = {r["input"]: r for r in final["evidence"] if r["call_ok"]}
        assert rows["weight"]["status"] == "user" and rows["weight"]["span"] is None
        assert rows["height"]["where"] == "note" and rows["height"]["span"] == [0, len("Height 175 cm")]
        assert final["answer_checks"]["checks"] and final["steps"][-1]["checks"]["checks"]
