"""External MCP servers' tools as MedMirror tools (``settings.mcp_servers``).

The file is the standard ``mcpServers`` JSON that Claude Desktop, Cursor and others use::

    {"mcpServers": {
        "calc":   {"command": "/path/to/venv/bin/medmirror", "args": ["mcp"], "env": {"KEY": "value"}},
        "remote": {"url": "http://127.0.0.1:8765/mcp"}
    }}

A server with ``command`` is spawned over stdio (``args``, ``env``, ``cwd`` optional; ``env`` is laid
over the SDK's safe default environment); one with ``url`` is reached over streamable HTTP
(``headers`` optional; ``"transport": "sse"`` for the older SSE transport).

:func:`load_mcp_tools` lists every server's tools once and returns them as :class:`RegisteredTool`
objects named ``<server>_<tool>`` (so two servers, or a server and a built-in tool, never clash),
with a :class:`ToolCard` built from the tool's description and JSON schema, so retrieval, the planner
and the executor use them like any other tool. Calling one opens a session to its server, calls the
tool uses the server's one session, opened on first use and kept for the process on a background event
loop (so a stdio server starts once, not per call; calls from the synchronous graph or from inside an
async host queue up to it); a session that breaks fails that call, and the next call opens a new one.
Sessions close at interpreter exit (:func:`close_all`).
A tool error (``isError``) raises :class:`MCPToolError` with the server's text; a server that cannot
start raises :class:`MCPServerError` naming it, with the tail of its standard error.

Built on the official ``mcp`` SDK's client (``stdio_client``, ``streamable_http_client``,
``ClientSession``) rather than ``langchain-mcp-adapters``: the adapters do not expose the spawned
server's standard error (needed for the error a user can act on) and return LangChain tools, while
the registry wants runners returning the structured result.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import re
import tempfile
import threading
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

from langchain_core.tools import StructuredTool

from medmirror.core.models.extras import require
from medmirror.tools.cards import InputSpec, ToolCard
from medmirror.tools.registry import RegisteredTool

START_TIMEOUT = 60.0  # seconds for a server to start and answer initialize (a Python server imports a lot)
CALL_TIMEOUT = 600.0  # seconds for one tool call (solve with a local model is slow)
STDERR_TAIL = 1500  # characters of a failed server's stderr shown in the error
OUTPUT_TYPE_META = "medmirror/output_type"  # MedMirror's own server says how to format a tool's value
OUTPUT_TYPES = ("decimal", "integer", "date", "weeks_days", "text")


class MCPConfigError(ValueError):
    """The mcp_servers file is missing, not JSON, or not in the mcpServers format."""


class MCPServerError(RuntimeError):
    """An MCP server could not be started or reached, or the session broke."""


class MCPToolError(ValueError):
    """The server ran the tool and reported an error (``isError``)."""


@dataclass(frozen=True)
class ServerConfig:
    name: str
    command: str | None = None
    args: tuple[str, ...] = ()
    env: dict[str, str] | None = field(default=None, hash=False)
    cwd: str | None = None
    url: str | None = None
    headers: dict[str, str] | None = field(default=None, hash=False)
    transport: str = "stdio"  # stdio | streamable_http | sse

    def describe(self) -> str:
        if self.url:
            return f"MCP server '{self.name}' ({self.url})"
        return f"MCP server '{self.name}' ({' '.join([self.command or '', *self.args]).strip()})"


def read_config(path: str | Path) -> list[ServerConfig]:
    """The servers of an ``mcpServers`` JSON file; :class:`MCPConfigError` naming the file and the problem."""
    p = Path(path).expanduser()
    where = f"mcp_servers file {p}"
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MCPConfigError(f"{where} not found") from None
    except OSError as err:
        raise MCPConfigError(f"cannot read {where}: {err.strerror or err}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise MCPConfigError(f"{where} is not valid JSON ({err})") from None
    servers = data.get("mcpServers") if isinstance(data, dict) else None
    if not isinstance(servers, dict):
        raise MCPConfigError(f'{where} must be a JSON object {{"mcpServers": {{"<name>": {{"command": ..., '
                             f'"args": [...]}} or {{"url": ...}}}}}}')
    out = []
    for name, spec in servers.items():
        bad = f"{where}: server '{name}'"
        if not isinstance(spec, dict):
            raise MCPConfigError(f"{bad} must be an object with 'command' (and 'args') or 'url'")
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,40}", name):
            raise MCPConfigError(f"{bad}: a server name must be letters, digits, _ or - (it prefixes its tools' names)")
        if spec.get("disabled"):
            continue
        command, url = spec.get("command"), spec.get("url")
        if bool(command) == bool(url):
            raise MCPConfigError(f"{bad} needs exactly one of 'command' (a server to spawn) or 'url' (one to reach)")
        if command:
            args, env = spec.get("args", []), spec.get("env")
            if not isinstance(command, str) or not isinstance(args, list) or not all(isinstance(a, str) for a in args):
                raise MCPConfigError(f"{bad}: 'command' must be a string and 'args' a list of strings")
            if env is not None and not (isinstance(env, dict) and all(isinstance(v, str) for v in env.values())):
                raise MCPConfigError(f"{bad}: 'env' must be an object of strings")
            out.append(ServerConfig(name, command=command, args=tuple(args), env=env, cwd=spec.get("cwd")))
        else:
            transport = spec.get("transport") or spec.get("type") or "streamable_http"
            transport = {"http": "streamable_http", "streamable-http": "streamable_http"}.get(transport, transport)
            if transport not in ("streamable_http", "sse"):
                raise MCPConfigError(f"{bad}: transport {transport!r} is not streamable_http (http) or sse")
            out.append(ServerConfig(name, url=str(url), headers=spec.get("headers"), transport=transport))
    return out


# ---------------------------------------------------------------------------
# Sessions on one background event loop
# ---------------------------------------------------------------------------

_LOOP: asyncio.AbstractEventLoop | None = None
_LOOP_LOCK = threading.Lock()


def _loop() -> asyncio.AbstractEventLoop:
    global _LOOP
    with _LOOP_LOCK:
        if _LOOP is None or _LOOP.is_closed():
            _LOOP = asyncio.new_event_loop()
            threading.Thread(target=_LOOP.run_forever, name="medmirror-mcp-client", daemon=True).start()
        return _LOOP


def _run(coro: Any, timeout: float) -> Any:
    return asyncio.run_coroutine_threadsafe(coro, _loop()).result(timeout + 5)


def _first_error(err: BaseException) -> BaseException:
    while isinstance(err, BaseExceptionGroup) and err.exceptions:
        err = err.exceptions[0]
    return err


@asynccontextmanager
async def _session(cfg: ServerConfig, errlog: Any) -> AsyncIterator[Any]:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.sse import sse_client
    from mcp.client.stdio import stdio_client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    async with AsyncExitStack() as stack:
        if cfg.command:
            params = StdioServerParameters(command=cfg.command, args=list(cfg.args), env=cfg.env, cwd=cfg.cwd)
            streams = await stack.enter_async_context(stdio_client(params, errlog=errlog))
        elif cfg.transport == "sse":
            streams = await stack.enter_async_context(sse_client(cfg.url, headers=cfg.headers))
        else:
            http = await stack.enter_async_context(create_mcp_http_client(headers=cfg.headers))
            streams = await stack.enter_async_context(streamable_http_client(cfg.url, http_client=http))
        session = await stack.enter_async_context(ClientSession(streams[0], streams[1]))
        await session.initialize()
        yield session


def _stderr_tail(errlog: Any) -> str:
    try:
        errlog.flush()
        errlog.seek(0)
        return errlog.read()[-STDERR_TAIL:].strip()
    except (OSError, ValueError):
        return ""


def _server_error(cfg: ServerConfig, raw: BaseException, errlog: Any, timeout: float | None = None) -> MCPServerError:
    err = _first_error(raw)
    why = (f"timed out after {timeout:g} s" if isinstance(err, TimeoutError) and timeout else
           f"{type(err).__name__}: {err}" if str(err) else type(err).__name__)
    tail = _stderr_tail(errlog) if errlog is not None else ""
    return MCPServerError(f"{cfg.describe()} failed: {why}"
                          + (f"; its stderr ends with:\n{tail}" if tail else "; it wrote nothing to stderr"))


class _Connection:
    """One open session to a server, owned by a task on the background loop; calls queue up to it.

    The session opens on the first call and stays open for the process (a server is started once, not per
    call); when it breaks (the server crashed), that call fails and the next one opens a new session."""

    def __init__(self, cfg: ServerConfig):
        self.cfg = cfg
        self.queue: asyncio.Queue | None = None
        self.task: asyncio.Task | None = None
        self.errlog: Any = None

    async def run(self, work: Any, timeout: float) -> Any:
        if self.task is None or self.task.done():
            await self._start()
        assert self.queue is not None
        done = asyncio.get_running_loop().create_future()
        await self.queue.put((work, done))
        try:
            return await asyncio.wait_for(done, timeout)
        except TimeoutError:
            raise MCPServerError(f"{self.cfg.describe()}: no answer within {timeout:g} s") from None

    async def _start(self) -> None:
        self.queue = asyncio.Queue()
        ready = asyncio.get_running_loop().create_future()
        self.errlog = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")
        self.task = asyncio.get_running_loop().create_task(self._own(ready, self.queue, self.errlog))
        try:
            await asyncio.wait_for(asyncio.shield(ready), START_TIMEOUT)
        except TimeoutError:
            self.task.cancel()
            raise _server_error(self.cfg, TimeoutError(), self.errlog, START_TIMEOUT) from None

    async def _own(self, ready: asyncio.Future, queue: asyncio.Queue, errlog: Any) -> None:
        pending: asyncio.Future | None = None
        try:
            async with _session(self.cfg, errlog) as session:
                ready.set_result(True)
                while True:
                    item = await queue.get()
                    if item is None:
                        return
                    work, pending = item
                    try:
                        result = await work(session)
                    except MCPToolError as err:
                        if not pending.done():
                            pending.set_exception(err)
                    else:
                        if not pending.done():
                            pending.set_result(result)
                    pending = None
        except BaseException as raw:  # noqa: BLE001 - start-up, transport and protocol failures
            if isinstance(raw, asyncio.CancelledError) and not ready.done():
                return
            error = _server_error(self.cfg, raw, errlog)
            for fut in (ready, pending):
                if fut is not None and not fut.done():
                    fut.set_exception(error)
            while not queue.empty():  # calls that queued behind the failure
                item = queue.get_nowait()
                if item is not None and not item[1].done():
                    item[1].set_exception(error)
            if isinstance(raw, (KeyboardInterrupt, SystemExit)):
                raise

    async def close(self) -> None:
        if self.task is not None and not self.task.done() and self.queue is not None:
            await self.queue.put(None)
            try:
                await asyncio.wait_for(self.task, 5)
            except (TimeoutError, Exception):  # noqa: BLE001 - closing at exit, nothing to report to
                self.task.cancel()


_CONNECTIONS: dict[ServerConfig, _Connection] = {}


def _connection(cfg: ServerConfig) -> _Connection:
    with _LOOP_LOCK:
        conn = _CONNECTIONS.get(cfg)
        if conn is None:
            conn = _CONNECTIONS[cfg] = _Connection(cfg)
        return conn


def close_all() -> None:
    """Close every open session (their servers exit); called at interpreter exit."""
    if _LOOP is None or _LOOP.is_closed() or not _CONNECTIONS:
        return
    conns = list(_CONNECTIONS.values())
    _CONNECTIONS.clear()

    async def _close() -> None:
        await asyncio.gather(*(c.close() for c in conns), return_exceptions=True)

    try:
        asyncio.run_coroutine_threadsafe(_close(), _LOOP).result(10)
    except Exception:  # noqa: BLE001 - at exit
        pass


atexit.register(close_all)


def list_server_tools(cfg: ServerConfig, timeout: float = START_TIMEOUT) -> list[Any]:
    """The server's tools (``mcp.types.Tool``), following pagination."""

    async def work(session: Any) -> list[Any]:
        tools, cursor = [], None
        while True:
            page = await session.list_tools(cursor=cursor) if cursor else await session.list_tools()
            tools.extend(page.tools)
            cursor = page.nextCursor
            if not cursor:
                return tools

    return _run(_connection(cfg).run(work, timeout), timeout + START_TIMEOUT)


def call_server_tool(cfg: ServerConfig, tool: str, arguments: dict[str, Any], timeout: float = CALL_TIMEOUT) -> Any:
    """Call ``tool`` on the server: its structured content, else its text (JSON-decoded when it is JSON)."""

    async def work(session: Any) -> Any:
        result = await session.call_tool(tool, arguments)
        texts = [c.text for c in result.content if getattr(c, "type", "") == "text"]
        if result.isError:
            raise MCPToolError(f"{cfg.name}_{tool}: " + (" ".join(texts) or "the server reported an error"))
        if result.structuredContent is not None:
            return result.structuredContent
        if len(texts) == 1:
            try:
                return json.loads(texts[0])
            except json.JSONDecodeError:
                return texts[0]
        return "\n".join(texts) if texts else [c.model_dump(mode="json") for c in result.content]

    return _run(_connection(cfg).run(work, timeout), timeout + START_TIMEOUT)


# ---------------------------------------------------------------------------
# Tool cards and registered tools
# ---------------------------------------------------------------------------

_JSON_TYPES = {"number": "number", "integer": "integer", "boolean": "boolean", "string": "string",
               "array": "list", "object": "object"}


def _input_spec(name: str, prop: dict[str, Any], required: bool) -> InputSpec:
    options = [prop, *[p for p in prop.get("anyOf", []) + prop.get("oneOf", []) if isinstance(p, dict)]]
    types_ = []
    for p in options:
        t = p.get("type")
        types_.extend(t if isinstance(t, list) else [t] if t else [])
    types_ = [t for t in types_ if t != "null"]
    enum = next((p["enum"] for p in options if isinstance(p.get("enum"), list)), None)
    if enum is not None:
        kind = "enum"
    elif "number" in types_ or "integer" in types_:  # a number that may also come as a string with its unit
        kind = "integer" if "integer" in types_ and "number" not in types_ else "number"
    else:
        kind = _JSON_TYPES.get(types_[0], "string") if types_ else "string"
    lo = next((p["minimum"] for p in options if isinstance(p.get("minimum"), (int, float))), None)
    hi = next((p["maximum"] for p in options if isinstance(p.get("maximum"), (int, float))), None)
    return InputSpec(name=name, type=kind, description=str(prop.get("description") or prop.get("title") or ""),
                     unit=prop.get("x-unit"), accepted_units=list(prop.get("x-accepted-units") or []),
                     allowed=[str(v) for v in enum] if enum is not None else None, minimum=lo, maximum=hi,
                     required=required, default=prop.get("default"))


def tool_name(server: str, tool: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{server}_{tool}")[:64]


def tool_card(server: str, tool: Any) -> ToolCard:
    """A ToolCard from an MCP tool: its description's first paragraph, its inputs from the JSON schema."""
    description = (tool.description or tool.title or tool.name).strip()
    first = re.split(r"\n\s*\n|\n(?=(?:Also known as|Inputs|Output|Reference|Conventions):)", description, maxsplit=1)[0].strip()
    schema = tool.inputSchema or {}
    required = set(schema.get("required") or [])
    inputs = [_input_spec(n, p if isinstance(p, dict) else {}, n in required)
              for n, p in (schema.get("properties") or {}).items()]
    out_props = list(((tool.outputSchema or {}).get("properties") or {}))
    aliases = list(dict.fromkeys(a for a in (tool.name, tool.name.replace("_", " "), tool.title) if a))
    return ToolCard(
        name=tool_name(server, tool.name), category=f"mcp/{server}", description=first[:500], aliases=aliases,
        inputs=inputs, output=("object with " + ", ".join(out_props)) if out_props else "the server's result",
        reference=f"MCP server '{server}', tool '{tool.name}'",
        extra={"mcp_server": server, "mcp_tool": tool.name, "mcp_description": description},
    )


def registered_tool(cfg: ServerConfig, tool: Any) -> RegisteredTool:
    card = tool_card(cfg.name, tool)
    schema = dict(tool.inputSchema or {"type": "object", "properties": {}})
    meta = getattr(tool, "meta", None) or {}
    output_type = meta.get(OUTPUT_TYPE_META) if meta.get(OUTPUT_TYPE_META) in OUTPUT_TYPES else "text"

    def run(args: dict[str, Any], _ctx: Any = None) -> Any:
        if not isinstance(args, dict):
            raise MCPToolError(f"Cannot run {card.name}: arguments must be an object")
        return call_server_tool(cfg, tool.name, args)

    def _lc(**kwargs: Any) -> str:
        try:
            out = run(kwargs)
        except (MCPToolError, MCPServerError) as err:
            return f"Error: {err}"
        return out if isinstance(out, str) else json.dumps(out, default=str, ensure_ascii=False)

    lc_tool = StructuredTool.from_function(func=_lc, name=card.name, description=card.description or card.name,
                                           args_schema=schema, handle_tool_error=True)
    return RegisteredTool(card=card, run=run, args_schema=schema, tool=lc_tool, output_type=output_type)


def load_mcp_tools(path: str | Path) -> list[RegisteredTool]:
    """Every tool of every server in the ``mcpServers`` file at ``path`` (servers are started to list them)."""
    out: list[RegisteredTool] = []
    require("mcp", "the MCP client tools (the setting mcp_servers)")
    for cfg in read_config(path):
        out.extend(registered_tool(cfg, t) for t in list_server_tools(cfg))
    return out
