"""``solve`` against a real OpenAI-compatible server: llama-cpp-python's own (``python -m llama_cpp.server``)
serving the embedded GGUF on a free loopback port, started and stopped (by PID, its process group) here.

That server refuses ``response_format={"type": "json_schema", ...}`` (HTTP 500: "Input should be 'text'
or 'json_object'") and takes JSON mode with a schema; the ``openai`` provider falls back to it and
records the method in the run's usage.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from medmirror import solve
from medmirror.core.models.local import default_gguf_path
from medmirror.core.models.openai_compat import forget_methods, known_method

pytestmark = [pytest.mark.integration, pytest.mark.slow]

NOTE = "A 45-year-old man comes for a routine check-up. He weighs 70 kg and is 175 cm tall. He reports no complaints."
QUESTION = "What is the patient's BMI?"
MODEL = "smollm2"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_models(url: str, proc: subprocess.Popen, log: Path, timeout: float = 180.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"llama.cpp server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=2) as resp:
                return [m["id"] for m in json.load(resp)["data"]]
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"llama.cpp server did not answer /v1/models within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


@pytest.fixture
def llama_cpp_server(tmp_path: Path):
    pytest.importorskip("llama_cpp.server.app", reason="llama-cpp-python's server extra is not installed "
                                                       "(pip install 'llama-cpp-python[server]')")
    port = free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", default_gguf_path(), "--model_alias", MODEL,
           "--n_threads", "1", "--n_threads_batch", "1", "--n_ctx", "8192", "--seed", "0",
           "--host", "127.0.0.1", "--port", str(port), "--verbose", "False"]
    log = tmp_path / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/v1"
        assert wait_for_models(url, proc, log) == [MODEL]
        yield url
    finally:  # stop it by PID: its own process group
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)
        except ProcessLookupError:
            pass


def test_solve_against_llama_cpp_server_falls_back_to_json_mode(llama_cpp_server: str, tmp_path: Path) -> None:
    forget_methods()
    result = solve(QUESTION, NOTE, preset="mirror", model_provider="openai", openai_base_url=llama_cpp_server,
                   openai_model=MODEL, saver=None, data_dir=tmp_path)
    t = result.totals
    print(f"\nllama.cpp server: status={result.status} value={result.value} calls={t['calls']} "
          f"tokens={t['input_tokens']}+{t['output_tokens']} seconds={result.usage['wall_seconds']:.1f} "
          f"structured_output={t.get('structured_output')} tools={[s.get('tool') for s in result.steps]} "
          f"detail={result.status_detail!r}")
    # the server refused json_schema; JSON mode with the schema is what every structured call used
    assert known_method(llama_cpp_server, MODEL) == "json_object"
    assert set(t["structured_output"]) == {"json_object"} and sum(t["structured_output"].values()) >= 1
    assert t["calls"] >= 2 and t["input_tokens"] > 0 and t["output_tokens"] > 0
    # the same outcome as the embedded model on the local provider: BMI from the calculator
    assert result.status == "answered", result.status_detail
    assert [s["tool"] for s in result.steps if s.get("ok")][-1] == "bmi"
    assert float(result.value) == pytest.approx(70 / 1.75**2, rel=1e-6)
