"""MedMirror as an MCP server: the validated calculators, the clinical toolbox and ``solve``.

    medmirror mcp                      # stdio (what Claude Desktop and most MCP clients spawn)
    medmirror mcp --http --port 8765   # streamable HTTP on http://127.0.0.1:8765/mcp

Built on the official ``mcp`` SDK's low-level :class:`mcp.server.lowlevel.Server`: MedMirror's tools
already carry JSON schemas, cards and their own validators, and the low-level server serves those as
they are (FastMCP would derive a schema from a Python signature per tool).

What a client sees (with ``--all-tools``; by default the calculators are reached through the discovery tools of
:mod:`medmirror.mcp_discovery` instead, for clients with a tool limit):

- every tool of :func:`medmirror.tools.builtin.default_registry` under its own name, its JSON
  schema as ``inputSchema`` and its card (description, inputs with units and ranges, output,
  reference, conventions) as the description. A calculator's quantity also accepts a string with
  its unit (``"154 lb"``), as in the graph, so its schema says ``number`` or ``string``.
- results as structured content: a calculator's ``CalculatorResult`` (value, unit, interpretation,
  explanation, inputs, assumed, reference, components; also its ``outputSchema``); another tool's
  result is ``{"result": ...}``.
- errors as MCP tool errors (``isError``) with the tool's own message, which names every bad input.
  The SDK's schema check is off so that message is the one a client reads.
- tools that work on a task's resources take them as extra arguments: ``ehr_db`` (path of an EHR
  SQLite database), ``documents`` and ``images`` (lists of file paths), all on the server's machine.
- ``solve``: the whole graph on a question (and note, options, resources) with a preset (a call with a progress
  token gets a progress notification per trace event, as each step finishes); returns
  answer, value, status, status_detail and a summary of the steps.

Which files a client may name: a resource path must lie under a root the user allows
(``--allow-root DIR``, the setting ``resource_roots``) or in the shipped task sets, and never in
the data directory (:mod:`medmirror.tools.resource_access`); anything else is a tool error naming
the path and the setting. Over HTTP, with the setting ``mcp_token`` (``MEDMIRROR_MCP_TOKEN``) every
request must carry ``Authorization: Bearer <token>`` (else HTTP 401); a non-loopback ``--host`` is
refused without a token. Sessions idle for ``MCP_SESSION_IDLE_SECONDS`` are closed and at most
``MCP_MAX_SESSIONS`` are open (app/core/limits.py).

In stdio mode the protocol owns standard output: file descriptor 1 is pointed at standard error
before anything runs, so nothing a tool, a library or the embedded model prints can corrupt it.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hmac
import logging
import os
import signal
import sys
from io import TextIOWrapper
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.models import InitializationOptions

from medmirror.api import solve
from medmirror.core.limits import MCP_MAX_SESSIONS, MCP_SESSION_IDLE_SECONDS
from medmirror.core.presets import DESCRIPTIONS, PRESETS
from medmirror.core.settings import Settings, process_config
from medmirror.mcp_discovery import NAMES as DISCOVERY_NAMES
from medmirror.mcp_discovery import Discovery, DiscoveryError, listing
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.cards import ToolCard
from medmirror.tools.ehr.resources import remove_private_workdir
from medmirror.tools.registry import RegisteredTool, ToolRegistry, UnknownTool
from medmirror.tools.resource_access import check_resources

logger = logging.getLogger(__name__)

SERVER_NAME = "medmirror"
SOLVE = "solve"
OUTPUT_TYPE_META = "medmirror/output_type"  # in a tool's _meta: decimal | integer | date | weeks_days | text

# The task resources a tool may require, as the extra arguments that carry them.
RESOURCE_ARGS: dict[str, dict[str, Any]] = {
    "ehr_db": {"type": "string", "description": "Path (on the server's machine) of the EHR SQLite database to query."},
    "documents": {"type": "array", "items": {"type": "string"},
                  "description": "Paths (on the server's machine) of the documents to search (.txt, .md, .pdf)."},
    "images": {"type": "array", "items": {"type": "string"},
               "description": "Paths (on the server's machine) of the images to look at."},
}


class ToolCallError(ValueError):
    """A call the server refuses or a tool that fails; its message is the MCP tool error's text."""


# ---------------------------------------------------------------------------
# Tool listing
# ---------------------------------------------------------------------------

def card_text(card: ToolCard) -> str:
    """A tool card as an MCP description: what it does, its inputs, output, reference, conventions."""
    lines = [card.description]
    if card.aliases:
        lines.append("Also known as: " + ", ".join(card.aliases) + ".")
    if card.inputs:
        lines.append("Inputs:")
        for spec in card.inputs:
            bits = [spec.type]
            if spec.unit:
                bits.append(spec.unit + (f"; also {', '.join(spec.accepted_units)}" if spec.accepted_units else ""))
            if spec.allowed:
                bits.append("one of " + ", ".join(spec.allowed))
            if spec.minimum is not None or spec.maximum is not None:
                bits.append(f"range {spec.minimum if spec.minimum is not None else ''}-"
                            f"{spec.maximum if spec.maximum is not None else ''}")
            bits.append("required" if spec.required else "optional")
            note = f" {spec.default_note}" if spec.default_note else ""
            desc = f": {spec.description}" if spec.description else ""
            lines.append(f"- {spec.name} ({'; '.join(bits)}){desc}{note}")
    if card.output:
        lines.append(f"Output: {card.output}.")
    if card.reference:
        lines.append(f"Reference: {card.reference}")
    if card.conventions:
        lines.append("Conventions: " + " ".join(card.conventions))
    return "\n".join(lines)


def input_schema(tool: RegisteredTool) -> dict[str, Any]:
    """The tool's JSON schema as a client should fill it: quantities may carry their unit; resources are arguments."""
    schema = copy.deepcopy(tool.args_schema)
    props = schema.setdefault("properties", {})
    for prop in props.values():
        if isinstance(prop, dict) and prop.get("x-unit") and prop.get("type") == "number":
            prop["type"] = ["number", "string"]
            prop["description"] = (prop.get("description", "") + f"; a number in {prop['x-unit']}, or a string with "
                                   f"its unit (e.g. \"70 {prop['x-unit']}\")").lstrip("; ")
    for kind in tool.requires:
        if kind in props:
            raise ValueError(f"{tool.name}: argument {kind} clashes with the resource of the same name")
        props[kind] = dict(RESOURCE_ARGS.get(kind, {"description": f"The task's {kind}."}))
        schema.setdefault("required", []).append(kind)
    return schema


def solve_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "question": {"type": "string", "description": "The clinical question."},
            "note": {"type": "string", "description": "The patient note (free text)."},
            "options": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": 'Multiple-choice options, e.g. {"A": "...", "B": "..."}.'},
            "preset": {"type": "string", "enum": list(PRESETS), "default": "mirror",
                       "description": "; ".join(f"{k}: {v}" for k, v in DESCRIPTIONS.items())},
            "resources": {"type": "object", "properties": copy.deepcopy(RESOURCE_ARGS),
                          "description": "The task's resources (paths on the server's machine)."},
        },
        "required": ["question"],
        "additionalProperties": False,
    }


SOLVE_DESCRIPTION = (
    "Answer a clinical question with MedMirror's whole multi-agent graph (plan, pick validated tools, ground "
    "their inputs in the note, compute, check, answer). Returns answer, value, status (answered, refused, "
    "error), status_detail and the steps (tool, arguments, value or error). Uses the server's configured "
    "model (MEDMIRROR_MODEL_PROVIDER etc.); with the embedded model a run takes tens of seconds."
)


def served_tools(registry: ToolRegistry) -> list[types.Tool]:
    out = []
    for name in registry.names():
        tool = registry.get(name)
        if tool.protocol is not None:  # radiology memory tools and NoCall live in their own protocol
            continue
        is_calc = tool.card.category.startswith("calculator")
        out.append(types.Tool(
            name=name, title=tool.card.aliases[0] if tool.card.aliases else None,
            description=card_text(tool.card), inputSchema=input_schema(tool),
            outputSchema=CalculatorResult.model_json_schema() if is_calc else None,
            annotations=types.ToolAnnotations(readOnlyHint=True, openWorldHint=False),
            _meta={OUTPUT_TYPE_META: tool.output_type or "text"},
        ))
    out.append(types.Tool(name=SOLVE, title="Solve a clinical task", description=SOLVE_DESCRIPTION,
                          inputSchema=solve_schema(),
                          annotations=types.ToolAnnotations(readOnlyHint=True, openWorldHint=False)))
    return out


# ---------------------------------------------------------------------------
# Tool calls (synchronous; the server runs them in a worker thread)
# ---------------------------------------------------------------------------

def call_tool(registry: ToolRegistry, name: str, arguments: dict[str, Any] | None,
              solve_registry: ToolRegistry | None = None, settings: Settings | None = None,
              on_trace: Any = None) -> dict[str, Any]:
    """Run one tool; the structured result, or :class:`ToolCallError` with a message naming the problem.

    ``solve`` runs with ``solve_registry`` (None: the one the settings give, with their MCP servers), handing
    each trace event to ``on_trace`` as its step finishes. ``settings`` (default: the process configuration)
    give the resource roots and the data directory."""
    arguments = dict(arguments or {})
    settings = settings or process_config()
    if name == SOLVE:
        return run_solve(arguments, solve_registry, settings, on_trace=on_trace)
    try:
        tool = registry.get(name)
    except UnknownTool as err:
        raise ToolCallError(f"{err}; call tools/list for the tools this server has") from None
    resources = {kind: arguments.pop(kind) for kind in tool.requires if kind in arguments}
    missing = [kind for kind in tool.requires if not resources.get(kind)]
    if missing:
        raise ToolCallError(f"Cannot run {name}: " + "; ".join(
            f"{kind} (missing): {RESOURCE_ARGS.get(kind, {}).get('description', 'the task resource')}" for kind in missing))
    try:
        resources = check_resources(resources, settings)
    except (ValueError, TypeError, PermissionError) as err:
        raise ToolCallError(f"Cannot run {name}: {err}") from None
    try:
        out = tool.invoke({k: v for k, v in arguments.items() if v is not None}, resources or None)
    except Exception as err:  # noqa: BLE001 - every tool failure is a tool error for the client
        logger.debug("tool %s failed", name, exc_info=True)
        raise ToolCallError(str(err) or type(err).__name__) from None
    return out if isinstance(out, dict) else {"result": out}


def _step_summary(step: dict[str, Any]) -> dict[str, Any]:
    out = {k: step[k] for k in ("tool", "arguments") if k in step}
    obs = step.get("observation", step.get("result"))
    if isinstance(obs, dict):
        out.update({k: obs[k] for k in ("value", "unit", "interpretation", "assumed") if k in obs})
    elif obs is not None:
        out["result"] = obs if isinstance(obs, (int, float)) else str(obs)[:500]
    if step.get("error"):
        out["error"] = step["error"]
    return out


def run_solve(arguments: dict[str, Any], registry: ToolRegistry | None = None,
              settings: Settings | None = None, on_trace: Any = None) -> dict[str, Any]:
    question = arguments.get("question")
    if not isinstance(question, str) or not question.strip():
        raise ToolCallError("solve: question (missing): give the clinical question as a string")
    unknown = sorted(set(arguments) - set(solve_schema()["properties"]))
    if unknown:
        raise ToolCallError(f"solve: unknown argument(s) {', '.join(unknown)}; arguments are "
                            + ", ".join(solve_schema()["properties"]))
    preset = arguments.get("preset") or "mirror"
    if preset not in PRESETS:
        raise ToolCallError(f"solve: preset (invalid): {preset!r}; choose one of {', '.join(PRESETS)}")
    where = {"resource_roots": settings.resource_roots, "data_dir": settings.data_dir} if settings is not None else {}
    result = solve(question, arguments.get("note"), arguments.get("options"), preset=preset,  # checks the resources
                   resources=arguments.get("resources"), registry=registry, on_trace=on_trace, **where)
    totals = result.totals
    return {
        "answer": result.answer, "value": result.value, "answer_format": result.answer_format,
        "status": result.status, "status_detail": result.status_detail, "preset": result.preset,
        "assumed": result.assumed, "steps": [_step_summary(s) for s in result.steps],
        "thread_id": result.thread_id,
        "usage": {"model_calls": totals.get("calls", 0), "input_tokens": totals.get("input_tokens", 0),
                  "output_tokens": totals.get("output_tokens", 0),
                  "seconds": round(result.usage.get("wall_seconds", 0.0), 2)},
    }


def build_server(registry: ToolRegistry | None = None, settings: Settings | None = None, *, all_tools: bool = False,
                 discovery: Discovery | None = None) -> Server:
    """The MCP server over ``registry`` (default: the built-in tools), with ``solve``; ``settings`` (default:
    the process configuration) give the resource roots. The calculators are reached through the discovery tools
    (:mod:`medmirror.mcp_discovery`) unless ``all_tools`` lists each."""
    given, registry = registry, registry if registry is not None else default_registry()
    discovery = discovery or Discovery(registry)
    server: Server = Server(SERVER_NAME, instructions=(
        "MedMirror's validated medical calculators and clinical tools, and `solve` for a whole clinical task. "
        "Calculator results carry value, unit, interpretation, explanation, the inputs assumed absent and "
        "the reference; an invalid call returns an error naming every bad input."))
    tools = served_tools(registry) if all_tools else listing(served_tools(registry))

    @server.list_tools()
    async def _list_tools() -> list[types.Tool]:
        return tools

    @server.call_tool(validate_input=False)  # the tools' own validators name every bad input
    async def _call_tool(name: str, arguments: dict[str, Any]) -> types.CallToolResult | dict[str, Any]:
        try:
            if not all_tools and name in DISCOVERY_NAMES:
                return await anyio.to_thread.run_sync(discovery.call, name, arguments)
            return await anyio.to_thread.run_sync(call_tool, registry, name, arguments, given, settings,
                                                  _progress(server, name))
        except (ToolCallError, DiscoveryError) as err:
            return types.CallToolResult(content=[types.TextContent(type="text", text=str(err))], isError=True)

    return server


def _progress(server: Server, name: str) -> Any:
    """For ``solve`` called with a progress token: a function that sends each trace event (from the worker thread)
    as a progress notification (progress = events so far, message = the node, event and detail); else None."""
    ctx = server.request_context
    token = ctx.meta.progressToken if ctx.meta is not None else None
    if name != SOLVE or token is None:
        return None
    count = 0

    def send(event: dict[str, Any]) -> None:
        nonlocal count
        count += 1
        message = f"{event.get('node')} | {event.get('event')}: {' '.join(str(event.get('detail', '')).split())}"
        anyio.from_thread.run(ctx.session.send_progress_notification, token, float(count), None, message[:300])

    return send


def _init_options(server: Server) -> InitializationOptions:
    return server.create_initialization_options(NotificationOptions())


# ---------------------------------------------------------------------------
# Transports
# ---------------------------------------------------------------------------

def protect_stdout() -> TextIOWrapper:
    """Point fd 1 (and ``sys.stdout``) at stderr; the returned stream is the real stdout, for the protocol only."""
    sys.stdout.flush()
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return TextIOWrapper(os.fdopen(protocol_fd, "wb", buffering=0), encoding="utf-8", write_through=True)


async def serve_stdio(server: Server, out: TextIOWrapper | None = None) -> None:
    from mcp.server.stdio import stdio_server

    stdout = anyio.wrap_file(out) if out is not None else None
    async with stdio_server(stdout=stdout) as (read, write):
        await server.run(read, write, _init_options(server))


LOOPBACK = ("127.0.0.1", "localhost", "::1")


class ServeError(ValueError):
    """The server cannot be started as asked (e.g. a network host without a token); one line."""


def _authorized(scope: dict[str, Any], token: str) -> bool:
    for key, value in scope.get("headers") or ():
        if key.lower() == b"authorization":
            scheme, _, given = value.decode("latin-1").partition(" ")
            return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())
    return False


async def _unauthorized(send) -> None:
    body = b'{"error": "unauthorized: this MedMirror MCP server requires Authorization: Bearer <token>"}'
    await send({"type": "http.response.start", "status": 401,
                "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def http_app(server: Server, host: str = "127.0.0.1", path: str = "/mcp", token: str | None = None):
    """A Starlette app serving ``server`` over streamable HTTP at ``path``: DNS-rebinding protection on
    loopback, a bearer ``token`` required on every request when given, idle sessions expired."""
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette
    from starlette.routing import Route

    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    ) if host in LOOPBACK else None
    manager = StreamableHTTPSessionManager(app=server, security_settings=security, max_sessions=MCP_MAX_SESSIONS,
                                           session_idle_timeout=MCP_SESSION_IDLE_SECONDS)

    class _Endpoint:  # an ASGI app (Starlette's Route passes a non-function endpoint the raw scope)
        async def __call__(self, scope, receive, send) -> None:
            if token and not _authorized(scope, token):
                await _unauthorized(send)
                return
            await manager.handle_request(scope, receive, send)

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        async with manager.run():
            yield

    return Starlette(routes=[Route(path, endpoint=_Endpoint())], lifespan=lifespan)


def http_token(host: str, settings: Settings) -> str | None:
    """The bearer token the HTTP transport requires (None: none); a non-loopback host without one is refused."""
    token = settings.mcp_token.get_secret_value() if settings.mcp_token else None
    if token is not None and not token.strip():
        raise ServeError("mcp_token (MEDMIRROR_MCP_TOKEN) is empty; give a token or unset it")
    if host not in LOOPBACK and not token:
        raise ServeError(f"refusing to serve on {host}: a host other than loopback (127.0.0.1, localhost, ::1) needs "
                         "a bearer token; set MEDMIRROR_MCP_TOKEN (the setting mcp_token)")
    return token


def serve_http(server: Server, host: str = "127.0.0.1", port: int = 8765, settings: Settings | None = None) -> None:
    import uvicorn

    token = http_token(host, settings or process_config())
    shown = "[" + host + "]" if ":" in host else host
    print(f"medmirror mcp: streamable HTTP on http://{shown}:{port}/mcp"
          + (" (bearer token required)" if token else ""), file=sys.stderr, flush=True)
    if not token:
        print("medmirror mcp: note: no MEDMIRROR_MCP_TOKEN set: every local user and process can call the tools",
              file=sys.stderr, flush=True)
    if host not in LOOPBACK:
        print(f"medmirror mcp: warning: {host} is not loopback: the tools are reachable from the network and the "
              "Host/Origin checks are off; only the bearer token protects them", file=sys.stderr, flush=True)
    uvicorn.run(http_app(server, host, token=token), host=host, port=port, log_level="warning")


def _exit_on_sigterm() -> None:
    """SIGTERM removes the generated EHR's temp folder and ends the process at once (the default action skips
    atexit, and over stdio a SystemExit would wait for the thread blocked reading standard input)."""
    def handler(signum, _frame):
        remove_private_workdir()
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, handler)


def cmd_mcp(args: argparse.Namespace) -> int:
    """``medmirror mcp`` (its flags are in :mod:`medmirror.cli`)."""
    base = process_config()
    allowed = getattr(args, "allow_root", None) or []
    roots = [*base.resource_roots, *(Path(r) for r in allowed)]
    missing = [str(r) for r in allowed if not Path(r).is_dir()]
    if missing:
        raise ServeError(f"--allow-root: not a folder: {', '.join(missing)}")
    settings = base.model_copy(update={"resource_roots": roots})
    if args.http:
        http_token(args.host, settings)  # refuse before building anything
        _exit_on_sigterm()  # uvicorn restores it and re-raises SIGTERM after its graceful shutdown
        serve_http(build_server(settings=settings, all_tools=getattr(args, "all_tools", False)), args.host, args.port, settings)
        return 0
    out = protect_stdout()  # first: nothing but the protocol reaches stdout from here on
    _exit_on_sigterm()
    anyio.run(serve_stdio, build_server(settings=settings, all_tools=getattr(args, "all_tools", False)), out)
    return 0
