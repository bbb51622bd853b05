"""The single loop's agent (ReAct / ReflecTool): the next action, a tool call or an inner action.

Each step the agent picks one of the offered tools with its arguments, an inner action
(``plan`` or ``think``, ReflecTool's) that writes a note into the history, or ``finish``,
which hands over to the answer agent. Verifiable checks refuse an action before it runs
(another calculator than the one the question names, finishing before any result, a
radiology gap declared too early); a repeated call ends the loop.

With a ReflecTool verifier the agent does not act itself: it proposes its action (or, for
candidate selection, several whole actions sampled from it) in ``actions``, and the verifier
acts on the one it refines or picks with :func:`act`, the same function the agent uses alone.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import MedMirrorState, ReactDecision
from medmirror.nodes.checks import asks_text, call_key, output_keys, result_feeds
from medmirror.nodes.common import (
    INNER_ACTIONS,
    Deps,
    compact,
    demos_text,
    learned_text,
    messages,
    node,
    note_text,
    options_text,
)
from medmirror.nodes.formats import VALUE_FORMATS
from medmirror.nodes.grounding import calculator, rule_call
from medmirror.nodes.schemas import react_schema
from medmirror.nodes.tool_agent import results_text, tools_text
from medmirror.tools.registry import RegisteredTool

# Experience the optimisation stage distils for the inner actions is stored under these names
# (medmirror.nodes.optimize.INNER); the single loop's actions are lower-case.
INNER_EXPERIENCE = {"plan": "Plan", "think": "Think", "finish": "Finish"}


def experience_key(action: str) -> str:
    """The experience store's key of an action: the tool's name, or Plan/Think/Finish for an inner action."""
    return INNER_EXPERIENCE.get(action, action)


def reflections_text(state: MedMirrorState) -> str:
    """Reflexion's memory: the earlier trials of this task with their self-reflections ('(none)' on the first)."""
    out = []
    for entry in state.ltm or []:
        if entry.get("reflection"):
            out.append(f"Trial {entry['round']}: answer {entry.get('value')!r}; reflection: {entry['reflection']}")
    return "\n".join(out) or "(none)"


def react_request(deps: Deps, state: MedMirrorState, s: Settings) -> tuple[list[Any], dict[str, Any], list[str],
                                                                                 tuple[str, ...]]:
    """The agent's prompt, the grammar of its next action, the tools offered and the inner actions allowed."""
    candidates = offered_tools(deps, state)
    tools = {n: narrowed_args_schema(deps.registry.get(n), state) for n in candidates}
    inner = allowed_inner_actions(state.steps or [])
    target = state.target or {}
    msgs = messages(
        "react", question=state.question, note=note_text(state), options=options_text(state),
        # about half of the context (at ~3.5 characters per token) for the tool cards
        tools=tools_text([deps.registry.get(n).card for n in candidates], budget_chars=s.n_ctx * 7 // 4),
        asks=asks_text(target) if s.use_checks else "(not checked)",
        history=results_text(state),
        critique=(state.critique or {}).get("tool_call", "(none)"),
        reflections=reflections_text(state),
        # the tools' experience and the inner actions' (Plan/Think/Finish), as the optimisation stage distils them
        demos=demos_text(state), learned=learned_text(state),
        experience=deps.tool_experience(s, candidates + [experience_key(a) for a in ("finish", *inner)]),
    )
    return msgs, react_schema(tools, inner), candidates, inner


def next_action(deps: Deps, state: MedMirrorState, s: Settings, request: tuple[Any, ...] | None = None,
                **sampling: Any) -> dict[str, Any]:
    """One next action from the agent: {action, arguments, thought} (``sampling``: temperature, seed)."""
    msgs, schema, candidates, inner = request or react_request(deps, state, s)
    out = call_structured(deps.models.for_role("tool_agent", s), msgs, ReactDecision, role="tool_agent",
                          retries=s.structured_retries, json_schema=schema,
                          check=lambda o: _known_action(o.action, candidates, inner), **sampling)
    return {"action": out.action, "arguments": dict(out.arguments or {}), "thought": out.thought}


def action_text(action: dict[str, Any]) -> str:
    """'bmi({...})' for a tool call, 'think: ...' for an inner action."""
    if action["action"] in INNER_EXPERIENCE:
        return f"{action['action']}: {compact(action.get('thought', ''), 300)}"
    return f"{action['action']}({compact(action.get('arguments') or {}, 300)})"


def make_react_agent(deps: Deps):
    @node("tool_agent")
    def react_agent(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        request = react_request(deps, state, s)
        first = next_action(deps, state, s, request)
        if s.verifier == "none":
            return act(deps, state, s, first)
        # ReflecTool: every action, tool call or inner action, goes to the verifier before it takes effect;
        # candidate selection samples further whole actions (another tool, or an inner action) to choose from
        actions, events = [first], []
        if s.verifier == "select":
            for i in range(s.select_candidates - 1):
                try:
                    actions.append(next_action(deps, state, s, request, temperature=s.select_temperature,
                                               seed=s.seed + i + 1))
                except StructuredOutputError as err:  # an unusable sample is not a candidate
                    events.append({"node": "tool_agent", "event": "candidate_dropped", "detail": str(err)[:200]})
        detail = " | ".join(action_text(a) for a in actions)
        return {"actions": actions, "trace": [*events, {"node": "tool_agent", "event": "react_proposed",
                                                          "detail": detail[:600]}]}

    return react_agent


def act(deps: Deps, state: MedMirrorState, s: Settings, chosen: dict[str, Any]) -> dict[str, Any]:
    """The update of the single loop's next action (as the agent proposed it, or as the verifier made it):
    refused by the checks, a tool call to run, an inner action written into the history, or finish."""
    action, arguments, thought = chosen["action"], chosen.get("arguments") or {}, chosen.get("thought", "")
    refusal = single_loop_check(deps, state, s, action, arguments) if s.use_checks else ""
    if refusal and state.tool_tries < s.max_tool_revisions + 1:
        # refused before running: the reason goes to the agent as the critique of its next action
        return {"proposal": None, "replan": False, "tool_tries": state.tool_tries + 1,
                "critique": {**(state.critique or {}), "tool_call": refusal},
                "trace": [{"node": "tool_agent", "event": "react_refused", "checks": f"checks FAILED: {refusal}",
                           "decided_by": "checks",
                           "detail": f"{action}({compact(arguments, 200)})"}]}
    tool = _fallback_tool(deps, state) if refusal else None
    if tool is not None:
        # the refusal bound is reached and the named calculator never ran: the checked action is that
        # calculator with the rule extractor's evidence-backed arguments (as the planner's fallback)
        args = rule_call(tool, state)
        return {"proposal": {"tool": tool, "arguments": args, "evaluation": "checked fallback", "score": 10},
                "replan": False, "tool_tries": 0, "critique": _without_check_critique(state),
                "trace": [{"node": "tool_agent", "event": "react_fallback", "decided_by": "checks",
                           "checks": f"checks FAILED: {refusal}",
                           "detail": f"after {state.tool_tries} refusal(s): {tool}({compact(args, 300)}) "
                                     f"with the rule extractor's arguments"}]}
    if action == "finish":
        return {"proposal": None, "react_done": True, "replan": False,
                "trace": [{"node": "tool_agent", "event": "react_finish", "detail": thought[:300]}]}
    if action in INNER_ACTIONS:
        step = {"subtask": len(state.steps or []), "tool": action, "arguments": {}, "ok": True,
                "observation": thought}
        return {"proposal": None, "replan": False, "steps": [step],
                "trace": [{"node": "tool_agent", "event": f"react_{action}", "detail": thought[:300]}]}
    earlier = repeated_step(state, action, arguments) if s.use_checks else 0
    if earlier:  # the same call again learns nothing: the loop ends with what it has
        detail = f"{action} repeated with the same arguments as step {earlier}; the loop ends"
        update = {"proposal": None, "react_done": True, "replan": False,
                  "trace": [{"node": "tool_agent", "event": "repeat_ends_loop", "detail": detail}]}
        before = (state.steps or [])[earlier - 1]
        if not before.get("ok"):
            update["status_detail"] = f"{detail}; it failed: {before.get('error', '')}"
        return update
    proposal = {"tool": action, "arguments": arguments, "evaluation": thought, "score": 10}
    return {"proposal": proposal, "replan": False, "tool_tries": 0, "critique": _without_check_critique(state),
            "trace": [{"node": "tool_agent", "event": "react_call",
                       "detail": f"{action}({compact(arguments, 300)})"}]}


def offered_tools(deps: Deps, state: MedMirrorState) -> list[str]:
    """The candidates the single loop may call now: a memory-protocol tool whose compulsory inputs
    are not in memory yet is not offered (it could only fail)."""
    memory = state.working_memory or {}
    out = []
    for name in state.candidates or []:
        registered = deps.registry.get(name)
        if registered.protocol == "memory" and any(spec.required and spec.name not in memory
                                                   for spec in registered.card.inputs):
            continue
        out.append(name)
    return out


def narrowed_args_schema(registered: RegisteredTool, state: MedMirrorState) -> dict[str, Any]:
    """A memory-protocol tool's arguments may only name memory keys that exist."""
    schema = registered.args_schema
    memory = sorted((state.working_memory or {}).keys())
    if registered.protocol != "memory" or not memory:
        return schema
    props = {name: {**prop, "enum": [k for k in prop.get("enum", memory) if k in memory] or memory}
             for name, prop in schema.get("properties", {}).items()}
    return {**schema, "properties": props}


def single_loop_check(deps: Deps, state: MedMirrorState, s: Settings, action: str, arguments: dict[str, Any]) -> str:
    """Why the single loop's next action is refused before running ('' when it may go ahead).

    The retrieval ranking is the prior the agent chooses against: when the question names a
    calculator, another calculator (not one whose result feeds it) is refused; finishing before
    any tool result answers a question that needs a value is refused. A declared gap (radiology's
    NoCall) is refused while an offered tool can still run and add something new to memory.
    """
    if action in deps.registry and deps.registry.get(action).protocol == "no_call":
        return _premature_gap(deps, state)
    target = state.target or {}
    tool = target.get("tool") if target.get("decisive") else None
    if not tool:
        return ""
    if action == "finish":
        done = any(st.get("ok") and st.get("tool") not in INNER_ACTIONS for st in state.steps or [])
        if not done and state.answer_format in VALUE_FORMATS:
            return f"finish refused: no tool result answers the question yet; the question asks for {tool}"
        return ""
    if action in INNER_ACTIONS or action == tool or action not in deps.registry:
        return ""
    if calculator(action) is not None and not result_feeds(deps.registry, action, tool,
                                                           by_kind=action in (target.get("mentioned") or [])):
        return (f"{action} refused: the question asks for {tool} ({target.get('why')}), and {action}'s result is "
                f"not an input of it")
    return ""


def _premature_gap(deps: Deps, state: MedMirrorState) -> str:
    """'no_call refused: ...' while a memory tool offered now can run and write a key memory lacks."""
    memory = state.working_memory or {}
    for name in offered_tools(deps, state):
        registered = deps.registry.get(name)
        if registered.protocol != "memory":
            continue
        new = [k for k in output_keys(registered.card) if k not in memory]
        if new:
            return (f"no_call refused: {name} can still run on what memory holds and add {', '.join(new)}; "
                    f"declare a gap only when no available tool can do the next step")
    return ""


def _fallback_tool(deps: Deps, state: MedMirrorState) -> str | None:
    """The calculator the question names, when it has not run yet (None otherwise)."""
    target = state.target or {}
    tool = target.get("tool") if target.get("decisive") else None
    if tool is None or calculator(tool) is None or tool not in (state.candidates or []):
        return None
    if any(st.get("tool") == tool for st in state.steps or []):
        return None
    return tool


def repeated_step(state: MedMirrorState, tool: str, arguments: dict[str, Any]) -> int:
    """The 1-based number of an earlier step that made exactly this call (0 if none)."""
    key = call_key(tool, arguments)
    for i, st in enumerate(state.steps or []):
        if st.get("tool") == tool and key in (call_key(tool, st.get("arguments") or {}),
                                              call_key(tool, st.get("proposed_arguments") or {})):
            return i + 1
    return 0


def _without_check_critique(state: MedMirrorState) -> dict[str, str]:
    """The critique slot once an action passed: a refusal's reason is not shown again."""
    crit = dict(state.critique or {})
    if "refused:" in crit.get("tool_call", ""):
        crit.pop("tool_call")
    return crit


def allowed_inner_actions(steps: list[dict[str, Any]]) -> tuple[str, ...]:
    """Plan/Think only after a tool call (or at the start): an inner action may not follow another.

    A small model otherwise writes plan after plan and never calls a tool.
    """
    if steps and steps[-1].get("tool") in INNER_ACTIONS:
        return ()
    return INNER_ACTIONS


def _known_action(action: str, candidates: list[str], inner: tuple[str, ...] = INNER_ACTIONS) -> None:
    allowed = candidates + ["finish", *inner]
    if action not in allowed:
        raise ValueError(f"action must be one of {allowed}, got '{action}'")
