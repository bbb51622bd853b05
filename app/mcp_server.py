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
- ``solve``: the whole graph on a question (and note, options, resources) with a preset; returns
  answer, value, status, status_detail and a summary of the steps.

In stdio mode the protocol owns standard output: file descriptor 1 is pointed at standard error
before anything runs, so nothing a tool, a library or the embedded model prints can corrupt it.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import logging
import os
import sys
from io import TextIOWrapper
from typing import Any

import anyio
import mcp.types as types
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.models import InitializationOptions

from medmirror.api import solve
from medmirror.mcp_discovery import NAMES as DISCOVERY_NAMES
from medmirror.mcp_discovery import Discovery, DiscoveryError, listing
from medmirror.presets import DESCRIPTIONS, PRESETS
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.cards import ToolCard
from medmirror.tools.registry import RegisteredTool, ToolRegistry, UnknownTool

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
              solve_registry: ToolRegistry | None = None) -> dict[str, Any]:
    """Run one tool; the structured result, or :class:`ToolCallError` with a message naming the problem.

    ``solve`` runs with ``solve_registry`` (None: the one the settings give, with their MCP servers)."""
    arguments = dict(arguments or {})
    if name == SOLVE:
        return run_solve(arguments, solve_registry)
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


def run_solve(arguments: dict[str, Any], registry: ToolRegistry | None = None) -> dict[str, Any]:
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
    result = solve(question, arguments.get("note"), arguments.get("options"), preset=preset,
                   resources=arguments.get("resources"), registry=registry)
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


def build_server(registry: ToolRegistry | None = None, *, all_tools: bool = False,
                 discovery: Discovery | None = None) -> Server:
    """The MCP server over ``registry`` (default: the built-in tools), with ``solve``. The calculators are
    reached through the discovery tools (:mod:`medmirror.mcp_discovery`) unless ``all_tools`` lists each."""
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
            return await anyio.to_thread.run_sync(call_tool, registry, name, arguments, given)
        except (ToolCallError, DiscoveryError) as err:
            return types.CallToolResult(content=[types.TextContent(type="text", text=str(err))], isError=True)

    return server


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


def http_app(server: Server, host: str = "127.0.0.1", path: str = "/mcp"):
    """A Starlette app serving ``server`` over streamable HTTP at ``path`` (DNS-rebinding protection on loopback)."""
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette
    from starlette.routing import Route

    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    ) if host in LOOPBACK else None
    manager = StreamableHTTPSessionManager(app=server, security_settings=security)

    class _Endpoint:  # an ASGI app (Starlette's Route passes a non-function endpoint the raw scope)
        async def __call__(self, scope, receive, send) -> None:
            await manager.handle_request(scope, receive, send)

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        async with manager.run():
            yield

    return Starlette(routes=[Route(path, endpoint=_Endpoint())], lifespan=lifespan)


def serve_http(server: Server, host: str = "127.0.0.1", port: int = 8765) -> None:
    import uvicorn

    print(f"medmirror mcp: streamable HTTP on http://{'[' + host + ']' if ':' in host else host}:{port}/mcp",
          file=sys.stderr, flush=True)
    uvicorn.run(http_app(server, host), host=host, port=port, log_level="warning")


def add_mcp_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("mcp", help="serve the calculators, tools and solve as an MCP server (stdio, or --http)")
    p.add_argument("--http", action="store_true", help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio")
    p.add_argument("--host", default="127.0.0.1",
                   help="HTTP host (default 127.0.0.1, loopback only; another address exposes the tools to the network)")
    p.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    p.add_argument("--all-tools", action="store_true",
                   help="list every calculator as its own tool (default: the calculators are reached through "
                        "search_calculators, describe_calculator, run_calculator and run_panel)")
    p.set_defaults(func=cmd_mcp)


def cmd_mcp(args: argparse.Namespace) -> int:
    if args.http:
        serve_http(build_server(all_tools=args.all_tools), args.host, args.port)
        return 0
    out = protect_stdout()  # first: nothing but the protocol reaches stdout from here on
    anyio.run(serve_stdio, build_server(all_tools=args.all_tools), out)
    return 0
