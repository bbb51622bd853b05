"""MedMirror's chat model for OpenAI-compatible servers (vLLM, Ollama, llama.cpp's server, OpenAI).

``ChatOpenAI`` with three things a remote server needs:

* **structured output that works on servers without ``json_schema``**. Callers ask for
  ``response_format={"type": "json_schema", ...}`` (see :mod:`medmirror.core.models.json_mode`); a
  server that rejects it (HTTP 400/422/5xx whose body names ``response_format`` or the type,
  e.g. llama-cpp-python's server: ``Input should be 'text' or 'json_object'``) is asked again in
  JSON mode with the schema (``{"type": "json_object", "schema": ...}``), then with the schema in
  the prompt (the reply is parsed and validated by :func:`medmirror.core.models.structured.call_structured`
  as always). The first method a server accepts is remembered per (base URL, model) for the
  process, and every structured call records its method in the running node's usage meter
  (``usage[node]["structured_output"] = {method: calls}``; ``Result.totals`` sums them).
  ``Settings.openai_structured_output`` forces one method instead of ``auto``.
* **retries with backoff** (tenacity) on timeouts, connection errors, HTTP 408/409/429 and 5xx,
  honouring ``Retry-After``; the openai client's own retries are off (``max_retries=0``) so that a
  server's rejection of a response format is not retried as if it were a server error.
* **a clear error** after the retries: :class:`ModelServerError` names the server URL, the model,
  the attempts and the cause (``solve`` turns it into ``status="error"`` with that line).

* **bounded replies** (:func:`bounded_http_client`): ``timeout`` is a deadline for the whole
  request (connecting, the headers and every byte of the body; a server that trickles a byte
  every few seconds is cut at the deadline), and a reply body over
  ``max_reply_bytes`` (the setting ``openai_max_reply_bytes``) is refused as soon as it is
  announced or read, without retrying. A body that is not UTF-8 JSON is an error naming the server.

The requests-per-minute limit is LangChain's ``InMemoryRateLimiter`` (shared per server by every
role and thread; retries acquire it too).

``openai`` and ``langchain_openai`` take most of a second to import, so they are imported when the
first such model is built (:func:`openai_chat_class`), not with this module.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from functools import lru_cache
from typing import Any, Callable, Literal

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import BaseMessage, HumanMessage
from langchain_core.outputs import ChatResult
from langchain_core.rate_limiters import InMemoryRateLimiter
from tenacity import RetryCallState, Retrying, retry_if_exception, stop_after_attempt

from medmirror.core.models.json_mode import JSONSchemaOutputMixin
from medmirror.core.usage import current_meter
from medmirror.prompts import part

logger = logging.getLogger(__name__)

StructuredMethod = Literal["json_schema", "json_object", "prompt"]
METHODS: tuple[str, ...] = ("json_schema", "json_object", "prompt")
RETRY_STATUS = (408, 409, 429)
MAX_BACKOFF = 30.0

_known: dict[tuple[str, str], str] = {}  # (base_url, model) -> the structured-output method the server accepted
_limiters: dict[tuple[str, float], InMemoryRateLimiter] = {}
_lock = threading.Lock()


class ModelServerError(RuntimeError):
    """The OpenAI-compatible server failed a request after the retries (or rejected every structured-output method)."""

    def __init__(self, base_url: str, model: str, cause: str, attempts: int = 1):
        self.base_url, self.model, self.cause, self.attempts = base_url, model, cause, attempts
        tries = f" after {attempts} attempt(s)" if attempts > 1 else ""
        super().__init__(f"OpenAI-compatible server {base_url} (model {model}) failed{tries}: {cause}")


class ReplyTooLarge(Exception):
    """The server's reply is over ``max_reply_bytes`` (raised while reading; not retried)."""


def bounded_http_client(timeout: float, max_reply_bytes: int) -> Any:
    """An ``httpx2.Client`` whose requests end at ``timeout`` seconds in all and whose replies stay under
    ``max_reply_bytes`` (see the module docstring); what ``ChatOpenAI(http_client=...)`` takes.

    The deadline holds at two levels: every socket read or write waits at most the time left until the
    request's deadline (so a server trickling its headers is cut too), and the body is checked as it
    arrives (a byte every few seconds never resets a total)."""
    import httpcore2
    import httpx2

    local = threading.local()  # the deadline of the request this thread is making

    def expired() -> bool:
        deadline = getattr(local, "deadline", None)
        return deadline is not None and time.monotonic() >= deadline

    def over() -> Exception:
        return httpcore2.ReadTimeout(f"request to {local.url} took more than {timeout:g} s in all "
                                     "(the setting openai_timeout)")

    def bounded(call: Callable[[float | None], Any], wait: float | None) -> Any:
        """``call(wait)`` with ``wait`` cut to the time left until the request's deadline."""
        deadline = getattr(local, "deadline", None)
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise over()
            wait = remaining if wait is None else min(wait, remaining)
        try:
            return call(wait)
        except (httpcore2.TimeoutException, TimeoutError):
            if expired():
                raise over() from None
            raise

    class _Stream(httpcore2.NetworkStream):
        def __init__(self, inner: Any):
            self.inner = inner

        def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
            return bounded(lambda wait: self.inner.read(max_bytes, wait), timeout)

        def write(self, buffer: bytes, timeout: float | None = None) -> None:
            bounded(lambda wait: self.inner.write(buffer, wait), timeout)

        def close(self) -> None:
            self.inner.close()

        def start_tls(self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None) -> Any:
            return _Stream(bounded(lambda wait: self.inner.start_tls(ssl_context, server_hostname, wait), timeout))

        def get_extra_info(self, info: str) -> Any:
            return self.inner.get_extra_info(info)

    class _Backend(httpcore2.SyncBackend):
        def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                        socket_options: Any = None) -> Any:
            connect = super().connect_tcp
            return _Stream(bounded(lambda wait: connect(host, port, wait, local_address, socket_options), timeout))

    class _Body(httpx2.SyncByteStream):
        def __init__(self, inner: Any, deadline: float, url: str):
            self.inner, self.deadline, self.url = inner, deadline, url

        def __iter__(self):
            size = 0
            local.deadline, local.url = self.deadline, self.url  # the body is read on the caller's thread
            try:
                for chunk in self.inner:
                    size += len(chunk)
                    if size > max_reply_bytes:
                        raise ReplyTooLarge(f"reply from {self.url} is over {max_reply_bytes:,} bytes "
                                            "(the setting openai_max_reply_bytes)")
                    if time.monotonic() > self.deadline:
                        raise httpx2.ReadTimeout(f"reply from {self.url} took more than {timeout:g} s in all "
                                                 "(the setting openai_timeout)")
                    yield chunk
            finally:
                local.deadline = None

        def close(self) -> None:
            self.inner.close()

    class _Transport(httpx2.HTTPTransport):
        def __init__(self) -> None:
            super().__init__()
            self._pool = httpcore2.ConnectionPool(  # httpx2's defaults, with the deadline-keeping backend
                ssl_context=httpx2.create_ssl_context(), max_connections=100, max_keepalive_connections=20,
                keepalive_expiry=5.0, network_backend=_Backend())

        def handle_request(self, request: Any) -> Any:
            deadline = time.monotonic() + timeout
            url = str(request.url)
            local.deadline, local.url = deadline, url
            try:
                response = super().handle_request(request)
            finally:
                local.deadline = None
            announced = response.headers.get("content-length", "")
            if announced.isdigit() and int(announced) > max_reply_bytes:
                response.close()
                raise ReplyTooLarge(f"reply from {url} announces {int(announced):,} bytes, over {max_reply_bytes:,} "
                                    "(the setting openai_max_reply_bytes)")
            return httpx2.Response(status_code=response.status_code, headers=response.headers,
                                   stream=_Body(response.stream, deadline, url), extensions=response.extensions)

    return httpx2.Client(transport=_Transport(), timeout=timeout)


class FormatRejected(Exception):
    """The server rejected the response_format of a structured-output method."""

    def __init__(self, method: str, error: BaseException):
        self.method, self.error = method, error
        super().__init__(f"{method}: {_cause(error)}")


def known_method(base_url: str, model: str) -> str | None:
    """The structured-output method remembered for a server and model (None before the first structured call)."""
    return _known.get((base_url.rstrip("/"), model))


def forget_methods() -> None:
    """Forget the remembered methods (tests; a server that was upgraded)."""
    with _lock:
        _known.clear()


def rate_limiter(base_url: str, requests_per_minute: float | None) -> InMemoryRateLimiter | None:
    """One limiter per server and rate for the process (every role and thread share the budget)."""
    if not requests_per_minute:
        return None
    key = (base_url.rstrip("/"), float(requests_per_minute))
    with _lock:
        if key not in _limiters:
            _limiters[key] = InMemoryRateLimiter(requests_per_second=requests_per_minute / 60.0,
                                                 check_every_n_seconds=0.05, max_bucket_size=1)
        return _limiters[key]


def _body_text(err: BaseException) -> str:
    body = getattr(err, "body", None)
    return f"{getattr(err, 'message', '')} {json.dumps(body, default=str) if body is not None else ''}".lower()


def rejects_format(err: BaseException) -> bool:
    """An HTTP error that says the request's response_format is not supported."""
    import openai

    if not isinstance(err, openai.APIStatusError) or err.status_code not in (400, 415, 422, 500, 501):
        return False
    text = _body_text(err)
    return "response_format" in text or "json_schema" in text or "json_object" in text


def transient(err: BaseException) -> bool:
    """Worth retrying: a timeout, a connection error, HTTP 408/409/429 or 5xx (not a response-format rejection)."""
    import openai

    if isinstance(err, (openai.APIConnectionError, openai.APITimeoutError)):
        return True
    if isinstance(err, openai.APIStatusError):
        return (err.status_code in RETRY_STATUS or err.status_code >= 500) and not rejects_format(err)
    return False


def _cause(err: BaseException) -> str:
    import openai

    status = getattr(err, "status_code", None)
    text = " ".join(str(getattr(err, "message", None) or err).split())
    inner, depth = err.__cause__, 0
    while inner is not None and inner.__cause__ is not None and depth < 5:  # the transport's own reason
        inner, depth = inner.__cause__, depth + 1
    reason = " ".join(str(inner).split()) if inner is not None else ""
    if isinstance(err, openai.APIConnectionError) and reason and reason not in text:
        text = f"{text} ({reason})"  # e.g. the total deadline
    if isinstance(err, openai.APITimeoutError):
        text = f"no reply within the timeout ({text})"
    return f"{type(err).__name__}" + (f" HTTP {status}" if status else "") + f": {text[:300]}"


def _retry_after(err: BaseException | None) -> float | None:
    response = getattr(err, "response", None)
    value = getattr(response, "headers", {}).get("retry-after") if response is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def with_schema_in_prompt(messages: list[BaseMessage], schema: dict[str, Any]) -> list[BaseMessage]:
    """The messages with an instruction to reply with JSON matching ``schema`` (in the last user message)."""
    text = part("structured", "schema") + "\n" + json.dumps(schema, separators=(",", ":"))
    out = list(messages)
    if out and out[-1].type == "human" and isinstance(out[-1].content, str):
        out[-1] = HumanMessage(content=f"{out[-1].content}\n\n{text}")
    else:
        out.append(HumanMessage(content=text))
    return out


@lru_cache(maxsize=1)
def openai_chat_class() -> type:
    """The chat model class (``ChatOpenAI`` with the fallback and retries), built on first use."""
    import openai
    from langchain_openai import ChatOpenAI

    class OpenAICompatChat(JSONSchemaOutputMixin, ChatOpenAI):
        """``ChatOpenAI`` with structured-output fallback, tenacity retries and a clear final error
        (``with_structured_output`` is the other providers': json_schema through the fallback, parsed from the text)."""

        structured_output: Literal["auto", "json_schema", "json_object", "prompt"] = "auto"
        server_retries: int = 2
        retry_backoff: float = 0.5

        @property
        def _server(self) -> tuple[str, str]:
            return (str(self.openai_api_base or "https://api.openai.com/v1").rstrip("/"), str(self.model_name))

        def _methods(self) -> list[str]:
            if self.structured_output != "auto":
                return [self.structured_output]
            known = _known.get(self._server)
            return [known] if known else list(METHODS)

        def _wait(self, state: RetryCallState) -> float:
            # exponential with jitter: backoff x 2^(n-1) + up to one backoff more
            backoff = self.retry_backoff * (2 ** (state.attempt_number - 1) + random.random())
            after = _retry_after(state.outcome.exception() if state.outcome else None)
            return min(max(backoff, after or 0.0), MAX_BACKOFF)

        def _retrying(self, call: Callable[[], ChatResult]) -> ChatResult:
            """``call`` with retries on transient errors; a :class:`ModelServerError` after the last."""
            attempts = {"n": 0}

            def attempt() -> ChatResult:
                attempts["n"] += 1
                if attempts["n"] > 1 and self.rate_limiter is not None:  # the first went through the limiter already
                    self.rate_limiter.acquire(blocking=True)
                return call()

            def log_retry(state: RetryCallState) -> None:
                err = state.outcome.exception() if state.outcome else None
                logger.warning("%s: %s; retry %d of %d in %.1f s", self._server[0], _cause(err) if err else "?",
                               state.attempt_number, self.server_retries,
                               state.next_action.sleep if state.next_action else 0.0)

            try:
                return Retrying(stop=stop_after_attempt(self.server_retries + 1), wait=self._wait,
                                retry=retry_if_exception(transient), before_sleep=log_retry, reraise=True)(attempt)
            except FormatRejected:
                raise
            except (openai.APIError, openai.OpenAIError) as err:
                raise ModelServerError(*self._server, _cause(err), attempts["n"]) from err
            except ReplyTooLarge as err:
                raise ModelServerError(*self._server, str(err), attempts["n"]) from None
            except (UnicodeDecodeError, json.JSONDecodeError) as err:  # a body that is not UTF-8 JSON
                raise ModelServerError(*self._server, f"unreadable reply ({type(err).__name__}: "
                                       f"{' '.join(str(err).split())[:200]})", attempts["n"]) from None

        def _plain(self, messages: list[BaseMessage], stop: list[str] | None,
                   run_manager: CallbackManagerForLLMRun | None, **kwargs: Any) -> ChatResult:
            return ChatOpenAI._generate(self, messages, stop=stop, run_manager=run_manager, **kwargs)

        def _structured(self, method: str, fmt: dict[str, Any], messages: list[BaseMessage], stop: list[str] | None,
                        run_manager: CallbackManagerForLLMRun | None, **kwargs: Any) -> ChatResult:
            schema = fmt["json_schema"]["schema"]
            if method == "json_schema":
                call_kwargs = {**kwargs, "response_format": fmt}
            elif method == "json_object":
                call_kwargs = {**kwargs, "response_format": {"type": "json_object", "schema": schema}}
            else:
                call_kwargs, messages = kwargs, with_schema_in_prompt(messages, schema)
            try:
                return self._plain(messages, stop, run_manager, **call_kwargs)
            except openai.APIStatusError as err:
                if method != "prompt" and rejects_format(err):
                    raise FormatRejected(method, err) from err
                raise

        def _generate(
            self,
            messages: list[BaseMessage],
            stop: list[str] | None = None,
            run_manager: CallbackManagerForLLMRun | None = None,
            **kwargs: Any,
        ) -> ChatResult:
            fmt = kwargs.pop("response_format", None)
            if not (isinstance(fmt, dict) and fmt.get("type") == "json_schema"):
                if fmt is not None:
                    kwargs["response_format"] = fmt
                return self._retrying(lambda: self._plain(messages, stop, run_manager, **kwargs))
            rejected: list[str] = []
            for method in self._methods():
                try:
                    result = self._retrying(lambda m=method: self._structured(m, fmt, messages, stop, run_manager, **kwargs))
                except FormatRejected as err:
                    rejected.append(str(err))
                    logger.info("%s rejected structured output by %s (%s)", self._server[0], method, _cause(err.error))
                    if self.rate_limiter is not None:
                        self.rate_limiter.acquire(blocking=True)
                    continue
                if self._server not in _known or _known[self._server] != method:
                    with _lock:
                        _known[self._server] = method
                    if rejected:
                        logger.info("%s: structured output by %s from now on", self._server[0], method)
                meter = current_meter()
                if meter is not None:
                    meter.add_structured(method)
                for gen in result.generations:
                    gen.message.response_metadata["structured_output"] = method
                return result
            forced = "" if self.structured_output == "auto" else " (MEDMIRROR_OPENAI_STRUCTURED_OUTPUT is " \
                                                                    f"{self.structured_output}; try auto)"
            raise ModelServerError(*self._server, "rejected structured output: " + "; ".join(rejected) + forced)

    return OpenAICompatChat
