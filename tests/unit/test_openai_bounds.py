"""The ``openai`` provider against hostile servers on a loopback port (issue 31, M5): a reply that trickles
one byte at a time is cut at the total deadline, a huge reply is refused at the size cap, a body that is not
UTF-8 JSON is an error naming the server. Each fake server is a thread the test starts and stops."""

from __future__ import annotations

import socket
import threading
import time
from typing import Callable

import pytest
from langchain_core.messages import HumanMessage

from medmirror.core.models.factory import make_model
from medmirror.core.models.openai_compat import ModelServerError
from medmirror.core.settings import Settings

HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"


class FakeServer:
    """Accepts connections on 127.0.0.1 and lets ``respond(conn)`` write raw bytes; stops itself on close."""

    def __init__(self, respond: Callable[[socket.socket], None]):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.requests = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(respond,), daemon=True)
        self.thread.start()

    def _run(self, respond: Callable[[socket.socket], None]) -> None:
        deadline = time.monotonic() + 60  # bounded even if a test forgets to stop it
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.requests += 1
            with conn:
                conn.settimeout(5)
                try:
                    conn.recv(65536)  # the request (small)
                    respond(conn)
                except OSError:
                    pass

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.sock.close()

    def model(self, **settings):
        s = Settings(model_provider="openai", openai_base_url=f"http://127.0.0.1:{self.port}/v1", openai_model="m",
                     openai_max_retries=0, **settings)
        return make_model(s, "answer")


def _ask(server: FakeServer, **settings) -> tuple[str, float]:
    model = server.model(**settings)  # built (openai imported) before the clock starts
    start = time.monotonic()
    with pytest.raises(ModelServerError) as info:
        model.invoke([HumanMessage(content="hi")])
    return str(info.value), time.monotonic() - start


TRICKLES = {
    "body": HEAD + b"Content-Length: 1000\r\n\r\n" + b" " * 40,  # headers at once, then 10 s of body
    "headers": (HEAD * 20)[:200],  # 50 s of status line and headers
}


@pytest.mark.parametrize("part", list(TRICKLES))
def test_a_trickling_reply_is_cut_at_the_total_deadline(part: str) -> None:
    def trickle(conn: socket.socket) -> None:
        data = TRICKLES[part]
        if part == "body":
            conn.sendall(data[:-40])
            data = data[-40:]
        for byte in data:  # one byte every 0.25 s: never a 1 s silence, so no read ever times out
            conn.sendall(bytes([byte]))
            time.sleep(0.25)

    server = FakeServer(trickle)
    try:
        message, took = _ask(server, openai_timeout=1.5)
    finally:
        server.close()
    assert took < 4.0, took  # the deadline (1.5 s) and some slack for a busy machine, not the 10 s or 50 s
    assert f"127.0.0.1:{server.port}" in message and "1.5 s in all" in message


@pytest.mark.parametrize("announce", [True, False])
def test_a_reply_over_the_size_cap_is_refused_once(announce: bool) -> None:
    body = b"[" + b"0," * 600_000 + b"0]"  # 1.2 MB

    def big(conn: socket.socket) -> None:
        length = f"Content-Length: {len(body)}\r\n" if announce else "Connection: close\r\n"
        conn.sendall(HEAD + length.encode() + b"\r\n")
        conn.sendall(body)

    server = FakeServer(big)
    try:
        message, _ = _ask(server, openai_max_reply_bytes=100_000, openai_timeout=10)
    finally:
        server.close()
    assert "over 100,000" in message and "openai_max_reply_bytes" in message
    assert f"127.0.0.1:{server.port}" in message
    assert server.requests == 1  # not retried


def test_a_garbage_body_is_an_error_naming_the_server() -> None:
    garbage = bytes(range(128, 256)) * 4

    def respond(conn: socket.socket) -> None:
        conn.sendall(HEAD + f"Content-Length: {len(garbage)}\r\n\r\n".encode() + garbage)

    server = FakeServer(respond)
    try:
        message, _ = _ask(server, openai_timeout=10)
    finally:
        server.close()
    assert f"127.0.0.1:{server.port}" in message and "unreadable reply" in message
    assert "\n" not in message
