"""The radiology platform as tools of the main graph (RadA-BenchPlat's Call / EndCall / NoCall).

A task's tool set becomes a :class:`ToolRegistry` of memory-protocol tools: each
tool's arguments name, for each of its inputs, the *memory key* to read it from
(``{"image": "image", "anatomy": "anatomy"}``); the executor resolves them against
the task's memory and stores the tool's outputs back in it. The pseudo-tool
``no_call`` is the documented gap (purpose, category, anatomy, modality, missing
capability). With ``build_missing_tools`` on, a NoCall is turned into a
:class:`ToolBuildRequest`; the simulated builder adds the tool to the registry and
the planner re-plans with it.

A Call is a step that is not the last of the plan; the last one is the EndCall
(the executor labels each step).
"""

from __future__ import annotations

from typing import Any

from medmirror.tools.cards import InputSpec, ToolCard
from medmirror.tools.radiology.protocol import Call, NoCall, ToolBuildRequest, build_requested_tool
from medmirror.tools.radiology.records import RadRecord
from medmirror.tools.radiology.schema import ANATOMIES, CATEGORIES, CATEGORY_SPECS, INITIAL_KEYS, MODALITIES
from medmirror.tools.radiology.simulate import RadToolError, bind_tool
from medmirror.tools.radiology.tasks import RadTask
from medmirror.tools.radiology.toolsets import ToolSet
from medmirror.tools.registry import RegisteredTool, ToolContext, ToolRegistry

MEMORY_KEYS: list[str] = sorted(
    set(INITIAL_KEYS)
    | {k for s in CATEGORY_SPECS.values() for k in (*s.compulsory, *s.optional, *s.outputs, *s.one_of)}
)
NO_CALL = "no_call"


def memory_args_schema(card: ToolCard) -> dict[str, Any]:
    props = {spec.name: {"type": "string", "enum": MEMORY_KEYS,
                         "description": f"memory key holding the {spec.name} ({'compulsory' if spec.required else 'optional'})"}
             for spec in card.inputs}
    return {"title": f"{card.name}_inputs", "type": "object", "properties": props,
            "required": [s.name for s in card.inputs if s.required]}


def memory_tool(card: ToolCard, record: RadRecord, *, seed: int = 0) -> RegisteredTool:
    bound = bind_tool(card, record, seed=seed)

    def run(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
        memory = dict(ctx.resources.get("memory") or {})
        call = Call(tool=card.name, inputs={k: str(v) for k, v in args.items() if v})
        result = bound.invoke(call.resolve(memory))  # RadToolError subclasses name what is wrong
        return {"tool": card.name, "category": card.category, "outputs": result["outputs"]}

    return RegisteredTool(card=card, run=run, args_schema=memory_args_schema(card), tool=bound,
                          output_type="text", needs_context=True, protocol="memory")


NO_CALL_CARD = ToolCard(
    name=NO_CALL, category="protocol",
    description="NoCall: declare that no available tool can perform this step (a documented gap), naming the "
                "step's purpose, the tool category it needs, the anatomy and modality, and the missing capability.",
    inputs=[InputSpec(name="purpose", type="string", description="what the step must produce"),
            InputSpec(name="category", type="enum", allowed=list(CATEGORIES), description="the tool category needed"),
            InputSpec(name="anatomy", type="enum", allowed=list(ANATOMIES), required=False, description="anatomy"),
            InputSpec(name="modality", type="enum", allowed=list(MODALITIES), required=False, description="modality"),
            InputSpec(name="missing_capability", type="string", required=False,
                      description="the capability no tool has, if that is the gap")],
    output="the gap, and a built tool when tool building is on",
    reference="RadA-BenchPlat's NoCall answer",
)

NO_CALL_SCHEMA: dict[str, Any] = {
    "title": "no_call_inputs", "type": "object",
    "properties": {
        "purpose": {"type": "string", "maxLength": 120},
        "category": {"type": "string", "enum": list(CATEGORIES)},
        "anatomy": {"anyOf": [{"type": "string", "enum": list(ANATOMIES)}, {"type": "null"}]},
        "modality": {"anyOf": [{"type": "string", "enum": list(MODALITIES)}, {"type": "null"}]},
        "missing_capability": {"anyOf": [{"type": "string", "maxLength": 60}, {"type": "null"}]},
    },
    "required": ["purpose", "category"],
}


class RadiologyWorkbench:
    """One task's tools: the tool set bound to the record, NoCall, and the simulated builder."""

    def __init__(self, task: RadTask, toolset: ToolSet, record: RadRecord, *, seed: int = 0):
        self.task, self.toolset, self.record, self.seed = task, toolset, record, seed
        self.built: list[str] = []
        tools = [memory_tool(c, record, seed=seed) for c in toolset.cards]
        tools.append(RegisteredTool(card=NO_CALL_CARD, run=self._no_call, args_schema=NO_CALL_SCHEMA,
                                    output_type="text", needs_context=True, protocol="no_call", always_offer=True))
        self.registry = ToolRegistry(tools)

    def _no_call(self, args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
        no_call = NoCall(**{k: v for k, v in args.items() if v is not None})
        out: dict[str, Any] = {"no_call": no_call.model_dump()}
        if getattr(ctx.settings, "build_missing_tools", False):
            spec = CATEGORY_SPECS[no_call.category]
            capability = no_call.missing_capability if no_call.missing_capability in spec.capabilities else None
            specific = no_call.anatomy is not None and no_call.modality is not None and not spec.universal_only
            try:
                request = ToolBuildRequest(
                    category=no_call.category, capabilities=[capability or spec.capabilities[0]],
                    anatomy=no_call.anatomy if specific else None, modality=no_call.modality if specific else None,
                    purpose=no_call.purpose)
                self.toolset, card = build_requested_tool(request, self.toolset, self.task)
            except (ValueError, RadToolError) as err:
                out["build_error"] = str(err)
                return out
            self.registry.add(memory_tool(card, self.record, seed=self.seed))
            self.built.append(card.name)
            out.update(built=card.name, request=request.model_dump())
        return out

    def resources(self) -> dict[str, Any]:
        """The task's initial memory, as the graph's resources."""
        return {"memory": dict(self.task.initial_memory)}
