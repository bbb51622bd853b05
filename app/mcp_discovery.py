"""Calculator discovery for MCP clients with a tool limit (many accept 40-128 tools; MedMirror has ~470 calculators).

By default ``medmirror mcp`` lists these four tools in place of the per-calculator ones (the other tools and
``solve`` are listed as before; ``--all-tools`` lists every calculator under its own name instead):

- ``search_calculators``: a query -> the top-k calculator cards (id, name, one-line summary), ranked by the
  product's own tool retrieval (BM25 over the cards and their names, fused with the e5 ranking when embeddings
  are configured);
- ``describe_calculator``: an id -> its card: inputs with units, ranges and options, output, reference,
  conventions, and the JSON schema of its arguments;
- ``run_calculator``: an id and its arguments -> the result, or the calculator's refusal naming every bad input;
- ``run_panel``: several ids on one shared input dict -> each result or refusal (each calculator takes the
  arguments it has inputs for; the ones it ignored are listed).

Every call is bounded: a query of at most :data:`MAX_QUERY_CHARS`, at most :data:`MAX_K` cards, a panel of at most
:data:`MAX_PANEL` calculators and :data:`MAX_ARGUMENTS` arguments.
"""

from __future__ import annotations

import re
from typing import Any

import mcp.types as types

from medmirror.core.models.embeddings import EmbeddingsNotConfigured, make_embeddings
from medmirror.core.settings import Settings
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.base import Calculator, CalculatorResult
from medmirror.tools.registry import ToolRegistry

SEARCH, DESCRIBE, RUN, PANEL = "search_calculators", "describe_calculator", "run_calculator", "run_panel"
NAMES = (SEARCH, DESCRIBE, RUN, PANEL)
MAX_QUERY_CHARS = 2000
MAX_K = 50
DEFAULT_K = 10
MAX_PANEL = 25
MAX_ARGUMENTS = 100

_ID = {"type": "string", "description": "A calculator id, as search_calculators returns it (e.g. 'shock_index')."}
_ARGS = {"type": "object", "description": "The calculator's arguments by input name (describe_calculator lists "
                                          "them); a quantity may be a number in its unit or a string with a unit, "
                                          "e.g. \"154 lb\"."}


class DiscoveryError(ValueError):
    """A discovery call refused; its message is the MCP tool error's text."""


def discovery_tools() -> list[types.Tool]:
    """The four discovery tools as MCP tools."""
    ro = types.ToolAnnotations(readOnlyHint=True, openWorldHint=False)
    return [
        types.Tool(name=SEARCH, title="Search the calculators", annotations=ro, description=(
            f"Find MedMirror's validated clinical calculators for a need, in words ('fluid rate to lower sodium', "
            f"'NEWS2', 'kidney function while creatinine is rising'). Returns the top k (default {DEFAULT_K}, at most "
            f"{MAX_K}) as id, name and a one-line summary; describe_calculator gives one's inputs."),
            inputSchema={"type": "object", "required": ["query"], "properties": {
                "query": {"type": "string", "description": f"What the calculator is for (at most {MAX_QUERY_CHARS} "
                                                           "characters)."},
                "k": {"type": "integer", "minimum": 1, "maximum": MAX_K, "description": "How many cards."}}}),
        types.Tool(name=DESCRIBE, title="Describe a calculator", annotations=ro, description=(
            "A calculator's card: what it computes, each input with its unit, accepted units, range, options and "
            "whether it is required, the output, the published reference, the conventions, and the JSON schema of "
            "its arguments."),
            inputSchema={"type": "object", "required": ["id"], "properties": {"id": _ID}}),
        types.Tool(name=RUN, title="Run a calculator", annotations=ro, description=(
            "Run one calculator on its arguments. Returns value, unit, interpretation, explanation, the inputs "
            "assumed absent and the reference; an invalid call returns an error naming every bad input (never a "
            "guessed number)."),
            inputSchema={"type": "object", "required": ["id", "arguments"], "properties": {"id": _ID,
                                                                                           "arguments": _ARGS}},
            outputSchema=CalculatorResult.model_json_schema()),
        types.Tool(name=PANEL, title="Run several calculators on shared inputs", annotations=ro, description=(
            f"Run up to {MAX_PANEL} calculators on one shared input dict (e.g. the vitals and labs of one patient). "
            "Each calculator takes the arguments it has inputs for; each returns its result or its refusal, with the "
            "arguments it used."),
            inputSchema={"type": "object", "required": ["ids", "arguments"], "properties": {
                "ids": {"type": "array", "items": _ID, "minItems": 1, "maxItems": MAX_PANEL},
                "arguments": _ARGS}}),
    ]


def listing(full: list[types.Tool]) -> list[types.Tool]:
    """The default listing: ``full`` without the per-calculator tools, with the discovery tools."""
    return [t for t in full if t.name not in CALCULATORS] + discovery_tools()


def _summary(calc: Calculator) -> str:
    """The first sentence of the card's description (at most 200 characters)."""
    first = re.split(r"(?<=[.;])\s", calc.description.strip(), maxsplit=1)[0]
    return first if len(first) <= 200 else first[:199] + "…"


class Discovery:
    """The discovery tools over a registry; the embeddings (``"settings"``: the process settings' own, made on
    the first search) are fused with BM25 as in the graph's retrieval."""

    def __init__(self, registry: ToolRegistry, embeddings: Any = "settings"):
        self.registry = registry
        self._embeddings = embeddings

    def embeddings(self) -> Any:
        if isinstance(self._embeddings, str) and self._embeddings == "settings":
            try:
                self._embeddings = make_embeddings(Settings())
            except EmbeddingsNotConfigured:
                self._embeddings = None
        return self._embeddings

    def calculator(self, cid: Any) -> Calculator:
        if not isinstance(cid, str) or not cid.strip():
            raise DiscoveryError("id (missing): give a calculator id; search_calculators finds them")
        calc = CALCULATORS.get(cid.strip())
        if calc is None or cid.strip() not in self.registry:
            near = [h["id"] for h in self.search({"query": cid[:200], "k": 3})["results"]]
            raise DiscoveryError(f"id (invalid): no calculator {cid[:80]!r}" + (
                f"; did you mean {', '.join(near)}?" if near else "; search_calculators finds calculators"))
        return calc

    def search(self, args: dict[str, Any]) -> dict[str, Any]:
        query, k = args.get("query"), args.get("k", DEFAULT_K)
        if not isinstance(query, str) or not query.strip():
            raise DiscoveryError("query (missing): say in words what the calculator is for")
        if len(query) > MAX_QUERY_CHARS:
            raise DiscoveryError(f"query (invalid): {len(query)} characters, at most {MAX_QUERY_CHARS}")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise DiscoveryError(f"k (invalid): {k!r}; an integer from 1 to {MAX_K}")
        others = len(self.registry) - sum(1 for n in self.registry.names() if n in CALCULATORS)
        hits = self.registry.search(query, k=k + others, embeddings=self.embeddings())
        results = [{"id": h.card.name, "name": CALCULATORS[h.card.name].name, "summary": _summary(
            CALCULATORS[h.card.name]), "score": round(h.score, 4)} for h in hits if h.card.name in CALCULATORS][:k]
        return {"query": query, "results": results}

    def describe(self, args: dict[str, Any]) -> dict[str, Any]:
        calc = self.calculator(args.get("id"))
        card = calc.card()
        return {"id": calc.id, "name": calc.name, "description": calc.description, "aliases": card.aliases,
                "inputs": [s.model_dump(exclude_none=True) for s in card.inputs], "output": card.output,
                "output_unit": calc.output_unit, "reference": calc.reference, "conventions": list(calc.conventions),
                "arguments_schema": calc.inputs.model_json_schema()}

    def run(self, args: dict[str, Any]) -> dict[str, Any]:
        calc = self.calculator(args.get("id"))
        arguments = self._arguments(args)
        try:
            return calc.tool_run(arguments)
        except CalculatorInputError as err:
            raise DiscoveryError(str(err)) from None
        except ValueError as err:  # unit and range problems the validators raise
            raise DiscoveryError(f"Cannot compute {calc.name}: {err}") from None

    def panel(self, args: dict[str, Any]) -> dict[str, Any]:
        ids = args.get("ids")
        if not isinstance(ids, list) or not ids or not all(isinstance(i, str) for i in ids):
            raise DiscoveryError("ids (missing): give a list of calculator ids")
        if len(ids) > MAX_PANEL:
            raise DiscoveryError(f"ids (invalid): {len(ids)} calculators, at most {MAX_PANEL}")
        arguments = self._arguments(args)
        results = []
        for cid in dict.fromkeys(ids):
            try:
                calc = self.calculator(cid)
            except DiscoveryError as err:
                results.append({"id": cid, "ok": False, "error": str(err)})
                continue
            own = {k: v for k, v in arguments.items() if k in calc.inputs.model_fields}
            entry: dict[str, Any] = {"id": cid, "name": calc.name, "used": sorted(own)}
            try:
                entry.update(ok=True, result=calc.tool_run(own))
            except ValueError as err:  # CalculatorInputError and unit problems: a refusal, never a number
                entry.update(ok=False, error=str(err))
            results.append(entry)
        used = {k for r in results for k in r.get("used", [])}
        return {"results": results, "unused_arguments": sorted(set(arguments) - used)}

    @staticmethod
    def _arguments(args: dict[str, Any]) -> dict[str, Any]:
        arguments = args.get("arguments", {})
        if not isinstance(arguments, dict):
            raise DiscoveryError(f"arguments (invalid): an object of input name -> value, got "
                                 f"{type(arguments).__name__}")
        if len(arguments) > MAX_ARGUMENTS:
            raise DiscoveryError(f"arguments (invalid): {len(arguments)} arguments, at most {MAX_ARGUMENTS}")
        return arguments

    def call(self, name: str, arguments: dict[str, Any] | None) -> dict[str, Any]:
        """Run discovery tool ``name``; :class:`DiscoveryError` names what is wrong with the call."""
        args = dict(arguments or {})
        allowed = {SEARCH: {"query", "k"}, DESCRIBE: {"id"}, RUN: {"id", "arguments"}, PANEL: {"ids", "arguments"}}
        unknown = sorted(set(args) - allowed[name])
        if unknown:
            raise DiscoveryError(f"{name}: unknown argument(s) {', '.join(unknown)}; arguments are "
                                 + ", ".join(sorted(allowed[name])))
        return {SEARCH: self.search, DESCRIBE: self.describe, RUN: self.run, PANEL: self.panel}[name](args)
