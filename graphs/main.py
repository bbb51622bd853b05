"""The two MedMirror graphs and the one entry that picks between them.

A preset picks its graph: the planner graph (:mod:`medmirror.graphs.planner`: MIRROR,
RiskAgent, full) or the single-loop graph (:mod:`medmirror.graphs.single_loop`: ReAct,
ReflecTool, cot). Both share the nodes (:mod:`medmirror.nodes`), the state
(:mod:`medmirror.graphs.state`) and the context schema (:class:`medmirror.settings.Settings`).
"""

from __future__ import annotations

from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel

from medmirror.graphs.planner import build_planner_graph
from medmirror.graphs.single_loop import build_single_loop_graph
from medmirror.graphs.state import TaskInput
from medmirror.memory.experience import experience_of
from medmirror.models.factory import ModelSet
from medmirror.nodes.common import Deps
from medmirror.settings import Settings
from medmirror.tools.builtin import default_registry, registry_for
from medmirror.tools.registry import ToolRegistry


def make_deps(models: BaseChatModel | dict[str, BaseChatModel] | ModelSet | None = None,
              registry: ToolRegistry | None = None, experience: Any = None, embeddings: Any = None) -> Deps:
    """The nodes' long-lived collaborators: models by role, the tool registry, experience store, embeddings."""
    model_set = models if isinstance(models, ModelSet) else ModelSet(models)
    return Deps(models=model_set, registry=registry or default_registry(), experience=experience,
                embeddings=embeddings)


def build_graph(
    checkpointer: Any = None,
    store: Any = None,
    *,
    preset: str | Settings | None = None,
    models: BaseChatModel | dict[str, BaseChatModel] | ModelSet | None = None,
    registry: ToolRegistry | None = None,
    experience: Any = None,
    embeddings: Any = None,
    input_schema: type = TaskInput,
    **compile_kwargs: Any,
):
    """Compile the graph of ``preset`` (a name or resolved Settings; default: the settings' preset, mirror).

    ``models`` overrides the chat model for every role (one model) or for some roles
    (a dict); otherwise each run builds its models from its settings (the context).
    ``checkpointer`` (e.g. :func:`medmirror.memory.checkpoint.make_checkpointer`) makes runs resumable.
    ``store`` (any LangGraph ``BaseStore``, e.g. ``SqliteStore`` or ``PostgresStore``) is compiled into the graph and
    holds the experience store's cases and per-tool experience (:mod:`medmirror.memory.experience`), unless
    ``experience`` gives one.
    ``embeddings`` (any LangChain ``Embeddings``) fuses dense retrieval with BM25 for the tool
    registry and the experience store; otherwise the settings' ``embeddings_provider`` decides.
    Without a ``registry`` the built-in tools are used, with the tools of the MCP servers named by the
    settings' ``mcp_servers``. ``input_schema`` is what a caller may give (:class:`TaskInput`; Studio shows
    :class:`medmirror.graphs.state.ClinicalTask`, the task without the API's guidance fields).
    """
    settings = preset if isinstance(preset, Settings) else Settings.resolve(preset)
    # a LangGraph store given for the graph holds the experience too (unless an experience store is given)
    experience = experience if experience is not None else experience_of(store)
    deps = make_deps(models, registry if registry is not None else registry_for(settings), experience, embeddings)
    build = build_planner_graph if settings.use_planner else build_single_loop_graph
    return build(deps, checkpointer=checkpointer, store=store, input_schema=input_schema, **compile_kwargs)
