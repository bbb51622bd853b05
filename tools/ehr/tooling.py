"""Building registered tools from a pydantic argument model and a runner.

Shared by the EHR, text and image tools (resource- and settings-aware tools):

- :func:`card_inputs` turns an argument model into the card's :class:`InputSpec` list;
- :func:`make_tool` wraps ``run(args_model_instance, ctx)`` into a :class:`RegisteredTool`
  whose ``run(args, ctx)`` validates the arguments first (a bad argument raises
  :class:`ToolInputError` naming it);
- :func:`bind_tool` gives the LangChain ``StructuredTool`` for given task resources and
  settings. ``RegisteredTool.tool`` is the unbound one: it answers with a clear error
  (the resource it needs is missing) instead of running on nothing.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Literal, get_args, get_origin

from langchain_core.tools import StructuredTool
from pydantic import BaseModel, ValidationError

from tools.cards import InputSpec, ToolCard
from tools.registry import MissingResource, RegisteredTool, ToolContext


class ToolInputError(ValueError):
    """Arguments missing or invalid; the message names each one."""


def validate_args(model: type[BaseModel], args: dict[str, Any] | BaseModel) -> BaseModel:
    if isinstance(args, model):
        return args
    if not isinstance(args, dict):
        raise ToolInputError(f"arguments must be an object with fields {', '.join(model.model_fields)}")
    try:
        return model.model_validate(args)
    except ValidationError as err:
        parts = []
        for e in err.errors():
            name = ".".join(str(p) for p in e.get("loc", ())) or "arguments"
            if e["type"] == "missing":
                parts.append(f"{name}: missing (required)")
            elif e["type"] == "extra_forbidden":
                parts.append(f"{name}: unknown argument (expected {', '.join(model.model_fields)})")
            else:
                parts.append(f"{name}: {e['msg']} (got {e.get('input')!r})")
        raise ToolInputError("invalid arguments: " + "; ".join(parts)) from None


def _spec_type(annotation: Any) -> tuple[str, list[str] | None]:
    args = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) is Literal:
        return "enum", [str(a) for a in get_args(annotation)]
    if args and get_origin(annotation) is not list:  # Optional[X] / X | None
        return _spec_type(args[0])
    if annotation is bool:
        return "boolean", None
    if annotation is int:
        return "integer", None
    if annotation is float:
        return "number", None
    if get_origin(annotation) is list or annotation is list:
        return "list", None
    return "string", None


def card_inputs(model: type[BaseModel]) -> list[InputSpec]:
    specs = []
    for name, info in model.model_fields.items():
        typ, allowed = _spec_type(info.annotation)
        lo = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), None)
        hi = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), None)
        specs.append(InputSpec(name=name, type=typ, description=info.description or "", allowed=allowed,
                               minimum=lo, maximum=hi, required=info.is_required(),
                               default=None if info.is_required() else info.default))
    return specs


def make_tool(
    card: ToolCard,
    args_model: type[BaseModel],
    run: Callable[[Any, ToolContext], Any],
    *,
    requires: tuple[str, ...] = (),
    needs_context: bool = False,
    availability: Callable[[Any], str | None] | None = None,
    output_type: str = "text",
) -> RegisteredTool:
    def runner(args: dict[str, Any], ctx: ToolContext | None = None) -> Any:
        parsed = validate_args(args_model, args)
        return run(parsed, ctx if ctx is not None else ToolContext())

    registered = RegisteredTool(card=card, run=runner, args_schema=args_model.model_json_schema(),
                                output_type=output_type, requires=requires, needs_context=needs_context,
                                availability=availability)
    registered.tool = bind_tool(registered, args_model)
    return registered


def bind_tool(registered: RegisteredTool, args_model: type[BaseModel] | None = None,
              resources: dict[str, Any] | None = None, settings: Any = None) -> StructuredTool:
    """The LangChain tool of ``registered`` working on ``resources`` under ``settings``."""
    model = args_model or registered.tool.args_schema  # type: ignore[union-attr]

    def _run(**kwargs: Any) -> str:
        try:
            out = registered.invoke(kwargs, resources, settings)
        except (MissingResource, ValueError, KeyError, FileNotFoundError) as err:
            return f"Error: {err}"
        return out if isinstance(out, str) else json.dumps(out, default=str)

    def _validation_message(err: Exception) -> str:
        return f"Error: invalid arguments for {registered.name}: {err}"

    return StructuredTool.from_function(
        func=_run, name=registered.name, description=registered.card.description,
        args_schema=model, handle_tool_error=True, handle_validation_error=_validation_message,
    )
