"""Building registered tools from a pydantic argument model and a runner.

Shared by every non-calculator tool (knowledge, concepts, drugs, arithmetic, EHR, text, images):

- :func:`card_inputs` turns an argument model into the card's :class:`InputSpec` list;
- :func:`make_tool` wraps ``run(args_model_instance, ctx)`` into a :class:`RegisteredTool`
  whose ``run(args, ctx)`` validates the arguments first (a bad argument raises
  :class:`ToolInputError` naming it);
- :func:`bind_tool` gives the LangChain ``StructuredTool`` for given task resources and
  settings. ``RegisteredTool.tool`` is the unbound one: a tool that needs a resource answers
  with a clear error (the resource is missing) instead of running on nothing;
- :func:`setting` / :func:`data_dir` read the run's settings from a :class:`ToolContext`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Literal, get_args, get_origin

from langchain_core.tools import StructuredTool
from pydantic import BaseModel, ValidationError

from medmirror.core.limits import oversized_text_argument
from medmirror.tools.cards import InputSpec, ToolCard
from medmirror.tools.registry import MissingResource, RegisteredTool, ToolContext


class ToolInputError(ValueError):
    """Arguments missing or invalid; the message names the tool and each bad argument."""


def input_error(tool: str, model: type[BaseModel], err: ValidationError) -> ToolInputError:
    problems = []
    for e in err.errors():
        name = ".".join(str(p) for p in e.get("loc", ())) or "arguments"
        if e["type"] == "missing":
            problems.append(f"{name} (missing): required argument not given")
        elif e["type"] == "extra_forbidden":
            problems.append(f"{name} (invalid): unknown argument; arguments are {', '.join(model.model_fields)}")
        else:
            problems.append(f"{name} (invalid): {e['msg']} (got {e.get('input')!r})")
    return ToolInputError(f"Cannot run {tool}: " + "; ".join(problems))


def validate_args(tool: str, model: type[BaseModel], args: dict[str, Any] | BaseModel) -> Any:
    if isinstance(args, model):
        return args
    if not isinstance(args, dict):
        raise ToolInputError(f"Cannot run {tool}: arguments must be an object with fields "
                             f"{', '.join(model.model_fields)}")
    too_long = oversized_text_argument(args)
    if too_long:
        raise ToolInputError(f"Cannot run {tool}: {too_long}")
    try:
        return model.model_validate(args)
    except ValidationError as err:
        raise input_error(tool, model, err) from None


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
    output_type: str | None = "text",
) -> RegisteredTool:
    """``run(parsed_args, ctx)`` as a RegisteredTool (the context is empty for context-free tools)."""

    def runner(args: dict[str, Any], ctx: ToolContext | None = None) -> Any:
        parsed = validate_args(card.name, args_model, args)
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
        return out if isinstance(out, str) else json.dumps(out, default=str, ensure_ascii=False)

    def _validation_message(err: Exception) -> str:
        if isinstance(err, ValidationError) and isinstance(model, type):
            return f"Error: {input_error(registered.name, model, err)}"
        return f"Error: invalid arguments for {registered.name}: {err}"

    return StructuredTool.from_function(
        func=_run, name=registered.name, description=registered.card.description,
        args_schema=model, handle_tool_error=True, handle_validation_error=_validation_message,
    )


def setting(ctx: ToolContext | None, name: str) -> Any:
    """A run setting from the tool context (None when there are no settings)."""
    settings = ctx.settings if ctx is not None else None
    return getattr(settings, name, None) if settings is not None else None


def data_dir(ctx: ToolContext | None) -> Path | None:
    value = setting(ctx, "data_dir")
    return Path(value) if value else None
