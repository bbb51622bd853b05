"""The two MedMirror graphs and the one entry that picks between them.

A preset picks its graph: the planner graph (:mod:`medmirror.graphs.planner`: MIRROR,
RiskAgent, full) or the single-loop graph (:mod:`medmirror.graphs.single_loop`: ReAct,
ReflecTool, cot). Both share the nodes (:mod:`medmirror.nodes`), the state
(:mod:`medmirror.memory.state`) and the context schema (:class:`medmirror.core.settings.Settings`).
"""

from __future__ import annotations

from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel

from medmirror.core.models.factory import ModelSet
from medmirror.core.presets import PRESETS
from medmirror.core.settings import Settings
from medmirror.graphs.planner import build_planner_graph
from medmirror.graphs.single_loop import build_single_loop_graph
from medmirror.memory.experience import experience_of
from medmirror.memory.state import TaskInput
from medmirror.nodes.common import Deps
from medmirror.tools.builtin import default_registry, registry_for
from medmirror.tools.registry import ToolRegistry

# Run settings that one graph alone reads (every other run setting is read by both). Given to a preset of the
# other graph they would do nothing, so they are refused. A new setting that one graph alone reads goes here.
READ_BY: dict[str, tuple[str, ...]] = {
    "planner": ("plan_mode", "use_plan_gate", "theta_plan", "max_plan_revisions", "use_tool_gate", "theta_tool",
                "tool_switch", "stm_reflection", "max_attempts_per_subtask", "replan_on_failure", "max_rounds",
                "use_ltm", "answer_steps"),
    "single-loop": ("max_react_steps", "self_reflection", "max_trials", "critic_rounds"),
}


def graph_of(settings: Settings) -> str:
    """The graph a run's settings pick: ``planner`` or ``single-loop``."""
    return "planner" if settings.use_planner else "single-loop"


def unread_settings(settings: Settings) -> str | None:
    """Why ``settings`` cannot run: the settings given (explicitly or by environment, not by the preset) that
    the chosen graph does not read, each with the graph that reads it, in one line; None when there are none."""
    graph, preset = graph_of(settings), PRESETS[settings.preset]
    given = {n for n in settings.model_fields_set if n not in preset or getattr(settings, n) != preset[n]}
    unread = [(n, other) for other, names in READ_BY.items() if other != graph for n in names if n in given]
    if not unread:
        return None
    others = sorted({other for _, other in unread})
    presets = [p for p in PRESETS if graph_of(Settings.model_construct(**PRESETS[p])) in others]
    return (f"{', '.join(n for n, _ in unread)}: only the {' and '.join(others)} graph reads "
            f"{'it' if len(unread) == 1 else 'them'} (presets {', '.join(presets)}); preset {settings.preset} runs "
            f"the {graph} graph, which would ignore {'it' if len(unread) == 1 else 'them'}")


def check_graph_settings(settings: Settings) -> Settings:
    """``settings`` unchanged, or a ValueError naming each setting the chosen graph does not read."""
    reason = unread_settings(settings)
    if reason is not None:
        raise ValueError(reason)
    return settings


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
    registry and the experience store; otherwise the settings' ``embeddings_provider`` decides. A setting the
    chosen graph does not read (:data:`READ_BY`) is refused with a ValueError that names it.
    Without a ``registry`` the built-in tools are used, with the tools of the MCP servers named by the
    settings' ``mcp_servers``. ``input_schema`` is what a caller may give (:class:`TaskInput`; Studio shows
    :class:`medmirror.memory.state.ClinicalTask`, the task without the API's guidance fields).
    """
    settings = check_graph_settings(preset if isinstance(preset, Settings) else Settings.resolve(preset))
    # a LangGraph store given for the graph holds the experience too (unless an experience store is given)
    experience = experience if experience is not None else experience_of(store)
    deps = make_deps(models, registry if registry is not None else registry_for(settings), experience, embeddings)
    build = build_planner_graph if settings.use_planner else build_single_loop_graph
    return build(deps, checkpointer=checkpointer, store=store, input_schema=input_schema, **compile_kwargs)
