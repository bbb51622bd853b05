"""The ``openai`` provider against a stub OpenAI-compatible HTTP server (http.server on a loopback port).

The stub behaves like llama-cpp-python's server where it matters: ``response_format`` of type
``json_schema`` is refused (HTTP 500 with a validation message naming ``response_format``), JSON mode
with a schema is answered. The real server is started in tests/integration/test_openai_server.py.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

import pytest
from langchain_core.messages import HumanMessage
from pydantic import BaseModel, Field

from medmirror.core.models.factory import make_model
from medmirror.core.models.openai_compat import ModelServerError, forget_methods, known_method, rate_limiter
from medmirror.core.models.structured import call_structured
from medmirror.core.settings import Settings
from medmirror.core.usage import merge_usage, metered, totals

LLAMA_CPP_REJECTION = {"error": {"message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', "
                                            "'response_format', 'type'), 'msg': \"Input should be 'text' or "
                                            "'json_object'\", 'input': 'json_schema'}", "type": "internal_server_error"}}


class Score(BaseModel):
    score: int = Field(ge=1, le=10)


def completion(content: str) -> dict[str, Any]:
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": "stub",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 11, "completion_tokens": 3, "total_tokens": 14}}


class Stub:
    """A loopback OpenAI-compatible server; ``reply(body) -> (status, payload, headers)`` decides each answer."""

    def __init__(self, reply: Callable[[dict[str, Any]], tuple[int, dict[str, Any], dict[str, str]]]):
        self.requests: list[dict[str, Any]] = []
        self.in_flight = self.max_in_flight = 0
        lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # /v1/models
                self._send(200, {"object": "list", "data": [{"id": "stub", "object": "model"}]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with lock:
                    stub.requests.append(body)
                    stub.in_flight += 1
                    stub.max_in_flight = max(stub.max_in_flight, stub.in_flight)
                try:
                    self._send(*reply(body))
                finally:
                    with lock:
                        stub.in_flight -= 1

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "Stub":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def formats(self) -> list[str | None]:
        return [(r.get("response_format") or {}).get("type") for r in self.requests]


def llama_cpp_like(body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
    fmt = body.get("response_format") or {}
    if fmt.get("type") == "json_schema":
        return 500, LLAMA_CPP_REJECTION, {}
    assert fmt.get("type") == "json_object" and fmt["schema"]["properties"]["score"]
    return 200, completion('{"score": 7}'), {}


@pytest.fixture(autouse=True)
def _fresh_methods():
    forget_methods()
    yield
    forget_methods()


def model_for(url: str, **settings: Any):
    return make_model(Settings(model_provider="openai", openai_base_url=url, openai_model="stub",
                               openai_retry_backoff=0.0, **settings), "planner")


def ask(model: Any) -> tuple[Score, dict[str, Any]]:
    with metered("planner") as usage:
        obj = call_structured(model, [HumanMessage(content="Rate it 1-10.")], Score, role="planner")
    return obj, usage


def test_a_server_without_json_schema_falls_back_to_json_mode_and_remembers_it():
    with Stub(llama_cpp_like) as stub:
        model = model_for(stub.url)
        obj, usage = ask(model)
        assert obj.score == 7
        # json_schema refused once (not retried as a server error: HTTP 500 names response_format), then JSON mode
        assert stub.formats() == ["json_schema", "json_object"]
        assert usage["planner"]["structured_output"] == {"json_object": 1}
        assert usage["planner"]["calls"] == 1 and usage["planner"]["input_tokens"] == 11
        assert known_method(stub.url, "stub") == "json_object"
        # remembered per server and model: another role's model does not probe again
        other = make_model(Settings(model_provider="openai", openai_base_url=stub.url, openai_model="stub"), "answer")
        _, usage2 = ask(other)
        assert other.with_structured_output(Score).invoke("Rate it.") == Score(score=7)  # the same fallback
        assert stub.formats() == ["json_schema", "json_object", "json_object", "json_object"]
        merged = merge_usage(usage, {"answer": usage2["planner"]})
        assert totals(merge_usage(merged, usage))["structured_output"] == {"json_object": 3}


def test_a_server_that_rejects_both_formats_gets_the_schema_in_the_prompt():
    def reply(body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        if body.get("response_format"):
            return 422, {"detail": [{"loc": ["body", "response_format"], "msg": "extra fields not permitted"}]}, {}
        assert '"score"' in body["messages"][-1]["content"] and "JSON schema" in body["messages"][-1]["content"]
        return 200, completion('Sure: {"score": 9}'), {}

    with Stub(reply) as stub:
        obj, usage = ask(model_for(stub.url))
        assert obj.score == 9
        assert stub.formats() == ["json_schema", "json_object", None]
        assert usage["planner"]["structured_output"] == {"prompt": 1}


def test_the_method_can_be_forced_and_a_refusal_then_names_the_server_and_the_cause():
    with Stub(llama_cpp_like) as stub:
        obj, usage = ask(model_for(stub.url, openai_structured_output="json_object"))
        assert obj.score == 7 and stub.formats() == ["json_object"]
        with pytest.raises(ModelServerError) as info:
            ask(model_for(stub.url, openai_structured_output="json_schema"))
        msg = str(info.value)
        assert stub.url in msg and "response_format" in msg and "try auto" in msg


def test_server_errors_are_retried_with_backoff_then_reported_with_the_url():
    failures = {"n": 2}

    def flaky(body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        if failures["n"] > 0:
            failures["n"] -= 1
            return 503, {"error": {"message": "loading model"}}, {"Retry-After": "0"}
        return 200, completion("hello"), {}

    with Stub(flaky) as stub:
        msg = model_for(stub.url, openai_max_retries=2).invoke("hi")
        assert msg.content == "hello" and len(stub.requests) == 3
        failures["n"] = 5
        with pytest.raises(ModelServerError) as info:
            model_for(stub.url, openai_max_retries=1).invoke("hi")
        assert stub.url in str(info.value) and "HTTP 503" in str(info.value) and "after 2 attempt(s)" in str(info.value)
        assert len(stub.requests) == 5


def test_a_slow_server_times_out_per_the_setting():
    def slow(body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        time.sleep(1.0)
        return 200, completion("late"), {}

    with Stub(slow) as stub:
        t0 = time.perf_counter()
        with pytest.raises(ModelServerError, match="timeout") as info:
            model_for(stub.url, openai_timeout=0.2, openai_max_retries=0).invoke("hi")
        assert time.perf_counter() - t0 < 1.0 and stub.url in str(info.value)


def test_solve_reports_a_failing_server_as_a_status_naming_url_and_cause(tmp_path):
    from medmirror import solve

    def broken(body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        return 500, {"error": {"message": "CUDA out of memory"}}, {}

    with Stub(broken) as stub:
        result = solve("What is the patient's BMI?", "70 kg, 175 cm.", preset="mirror", model_provider="openai",
                       openai_base_url=stub.url, openai_model="stub", openai_max_retries=1, openai_retry_backoff=0.0,
                       use_experience=False, saver=None, data_dir=tmp_path)
    assert result.status == "error"
    assert stub.url in result.status_detail and "CUDA out of memory" in result.status_detail
    assert "HTTP 500" in result.status_detail and "after 2 attempt(s)" in result.status_detail


def test_the_rate_limiter_is_shared_per_server_and_rate():
    assert rate_limiter("http://h/v1", None) is None
    a = rate_limiter("http://127.0.0.1:9/v1/", 120)
    assert a is rate_limiter("http://127.0.0.1:9/v1", 120) and a is not rate_limiter("http://127.0.0.1:9/v1", 60)
    model = model_for("http://127.0.0.1:9/v1", openai_requests_per_minute=120)
    assert model.rate_limiter is a
    assert model_for("http://127.0.0.1:9/v1").rate_limiter is None


def test_bench_rows_run_in_parallel_against_a_remote_server_and_one_at_a_time_otherwise(tmp_path, capsys):
    from medmirror.bench import cli
    from medmirror.bench.medcalc import row_concurrency, run_medcalc
    from medmirror.core.models.scripted import ScriptedChatModel
    from tests.unit.test_bench_medcalc import BMI_ENTITIES, row, write_csv

    def slow_json_mode(body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
        time.sleep(0.3)
        return llama_cpp_like(body)

    rows = [row(i, 6, "physical", BMI_ENTITIES, "20.52892", "19.50247", "21.55537") for i in range(1, 5)]
    path = write_csv(tmp_path / "d.csv", rows)
    with Stub(slow_json_mode) as stub:
        code = cli.main(["bench", "medcalc", "--data", str(path), "--mode", "agent", "--concurrency", "4", "--quiet",
                         "--no-plot", "--out", str(tmp_path / "remote"), "--set", "model_provider=openai",
                         "--set", f"openai_base_url={stub.url}", "--set", "openai_model=stub",
                         "--set", "structured_retries=0", "--set", "use_experience=false",
                         "--set", f"data_dir={tmp_path}", "--set", "checkpointer=none"])
    assert code == 0
    summary = json.loads((tmp_path / "remote" / "summary.json").read_text())
    assert summary["concurrency"] == 4 and summary["concurrency_note"] == "remote model server"
    assert stub.max_in_flight >= 2, stub.max_in_flight  # rows overlapped at the server
    assert "->" not in capsys.readouterr().out

    # not a remote server: one row at a time, and a one-line note says why
    assert row_concurrency("agent", {"settings": {"model_provider": "local"}}, 4)[0] == 1
    assert row_concurrency("agent", {"settings": {"role_providers": "reviewer=local", "model_provider": "openai"}},
                           4) == (1, row_concurrency("agent", {"settings": {"model_provider": "local"}}, 4)[1])
    assert row_concurrency("extract", {"extractor": "rules"}, 4) == (4, "no model")
    assert row_concurrency("gold", {}, 4) == (4, "no model")
    assert row_concurrency("extract", {"settings": {"model_provider": "openai"}, "extractor": "llm"}, 3)[0] == 3
    lines: list[str] = []
    summary = run_medcalc(path, "agent", out_dir=tmp_path / "local", concurrency=4, quiet=True, plot=False,
                          echo=lines.append, options={"models": ScriptedChatModel(responses=[]),
                                                      "settings": {"use_experience": False, "data_dir": tmp_path}})
    assert summary["concurrency"] == 1
    assert lines[0] == "medcalc agent: --concurrency 4 -> 1: models given in Python: one row at a time"
