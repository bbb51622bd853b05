"""Shared plumbing for the knowledge-family tools (knowledge, concepts, drugs, arithmetic).

``tool_input_error`` turns a pydantic ``ValidationError`` into a message naming the
bad arguments; ``make_registered`` builds the :class:`RegisteredTool` (card, runner,
argument schema, LangChain ``StructuredTool``) the registry holds. The StructuredTool
of a context-aware tool runs without task resources and with no run settings (bundled
data only); the graph calls ``RegisteredTool.invoke`` which passes the run's settings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from langchain_core.tools import StructuredTool
from pydantic import BaseModel, ValidationError

from tools.cards import InputSpec, ToolCard
from tools.registry import RegisteredTool, ToolContext


class ToolInputError(ValueError):
    """Arguments that are missing or invalid for a tool; the message names each one."""


def tool_input_error(tool: str, model: type[BaseModel], err: ValidationError) -> ToolInputError:
    problems = []
    for e in err.errors():
        loc = e.get("loc") or ()
        name = str(loc[0]) if loc else "input"
        if e["type"] == "missing":
            problems.append(f"{name} (missing): required argument not given")
        elif e["type"] == "extra_forbidden":
            problems.append(f"{name} (invalid): unknown argument; arguments are {', '.join(model.model_fields)}")
        else:
            problems.append(f"{name} (invalid): {e['msg']} (got {e.get('input')!r})")
    return ToolInputError(f"Cannot run {tool}: " + "; ".join(problems))


def parse_args(tool: str, model: type[BaseModel], args: dict[str, Any] | BaseModel) -> Any:
    if isinstance(args, model):
        return args
    try:
        return model.model_validate(args)
    except ValidationError as err:
        raise tool_input_error(tool, model, err) from None


def input_specs(model: type[BaseModel]) -> list[InputSpec]:
    """Card inputs from an args model (string/integer/number/boolean/enum)."""
    schema = model.model_json_schema()
    props = schema.get("properties", {})
    required = set(schema.get("required", []))
    specs = []
    for name, prop in props.items():
        kinds = [prop] + list(prop.get("anyOf", []))
        typ = "string"
        allowed = None
        for k in kinds:
            if "enum" in k:
                typ, allowed = "enum", [str(v) for v in k["enum"]]
                break
            if k.get("type") in ("integer", "number", "boolean", "string"):
                typ = k["type"]
                break
        specs.append(InputSpec(
            name=name, type=typ, description=prop.get("description", ""), allowed=allowed,
            minimum=prop.get("minimum"), maximum=prop.get("maximum"), required=name in required,
            default=None if name in required else prop.get("default"),
        ))
    return specs


def make_registered(
    card: ToolCard,
    model: type[BaseModel],
    func: Callable[..., Any],
    *,
    needs_context: bool = False,
    availability: Callable[[Any], str | None] | None = None,
    output_type: str | None = "text",
) -> RegisteredTool:
    """Wrap ``func(parsed_args[, ctx])`` (returns a JSON-able dict) as a RegisteredTool."""

    if needs_context:
        def run(args: dict[str, Any], ctx: ToolContext | None = None) -> Any:
            return func(parse_args(card.name, model, args), ctx or ToolContext())
    else:
        def run(args: dict[str, Any]) -> Any:
            return func(parse_args(card.name, model, args))

    def _tool(**kwargs: Any) -> str:
        try:
            out = run(kwargs, ToolContext()) if needs_context else run(kwargs)
        except ValueError as err:
            return f"Error: {err}"
        return json.dumps(out, default=str, ensure_ascii=False)

    def _validation_message(err: Exception) -> str:
        if isinstance(err, ValidationError):
            return f"Error: {tool_input_error(card.name, model, err)}"
        return f"Error: {err}"

    tool = StructuredTool.from_function(
        func=_tool, name=card.name, description=card.description, args_schema=model,
        handle_tool_error=True, handle_validation_error=_validation_message,
    )
    return RegisteredTool(card=card, run=run, args_schema=model.model_json_schema(), tool=tool,
                          output_type=output_type, needs_context=needs_context, availability=availability)


def setting(ctx: ToolContext | None, name: str) -> Any:
    """A run setting from the tool context (None when there are no settings)."""
    settings = ctx.settings if ctx is not None else None
    return getattr(settings, name, None) if settings is not None else None


def data_dir(ctx: ToolContext | None) -> Path | None:
    value = setting(ctx, "data_dir")
    return Path(value) if value else None
