"""The built-in tools: the calculators and the clinical toolbox, in one registry.

The top of the tools layer: it imports every tool family, while the families import only
:mod:`medmirror.tools.registry` (the classes) and :mod:`medmirror.tools.tooling`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import medmirror.tools.arithmetic as arithmetic
import medmirror.tools.concepts as concepts
import medmirror.tools.drugs as drugs
import medmirror.tools.ehr as ehr
import medmirror.tools.images as images
import medmirror.tools.knowledge as knowledge
import medmirror.tools.text as text
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.mcp_client import load_mcp_tools
from medmirror.tools.registry import GENERAL_TOOLS, RegisteredTool, ToolRegistry

TOOL_FAMILIES = (knowledge, concepts, drugs, arithmetic, ehr, text, images)


def calculator_tools() -> list[RegisteredTool]:
    out = []
    for calc in CALCULATORS.values():
        def run(args: dict[str, Any], _calc=calc) -> dict[str, Any]:
            return _calc.tool_run(args)  # the same path as the calculator's LangChain tool

        out.append(RegisteredTool(card=calc.card(), run=run, args_schema=calc.inputs.model_json_schema(),
                                  tool=calc.as_tool(), output_type=calc.output_type))
    return out


def toolbox_tools() -> list[RegisteredTool]:
    """Knowledge, concepts, drugs, arithmetic, EHR, text (NER, long documents) and image tools."""
    out: list[RegisteredTool] = []
    for family in TOOL_FAMILIES:
        out.extend(family.registered_tools())
    for t in out:
        t.always_offer = t.name in GENERAL_TOOLS
    return out


@lru_cache(maxsize=1)
def default_registry() -> ToolRegistry:
    """All built-in tools: the calculators and the clinical toolbox."""
    return ToolRegistry(calculator_tools() + toolbox_tools())


def registry_for(settings: Any) -> ToolRegistry:
    """The registry a run with ``settings`` uses: the built-in tools, plus the tools of the MCP servers
    in ``settings.mcp_servers`` (listed once per file version; see :mod:`medmirror.tools.mcp_client`)."""
    path = getattr(settings, "mcp_servers", None)
    if not path:
        return default_registry()
    p = Path(path).expanduser().resolve()
    return _with_mcp(str(p), p.stat().st_mtime_ns if p.is_file() else None)


@lru_cache(maxsize=4)
def _with_mcp(path: str, _version: int | None) -> ToolRegistry:
    registry = ToolRegistry(calculator_tools() + toolbox_tools())
    for tool in load_mcp_tools(path):
        if tool.name in registry:
            raise ValueError(f"MCP tool {tool.name} (mcp_servers file {path}) clashes with a tool of the same name")
        registry.add(tool)
    return registry
