"""Tool agent: tool and arguments for the current subtask (plan mode) or the next action (single loop).

In the single-loop presets (react, reflectool-*) the agent also has ReflecTool's
inner actions: ``plan`` and ``think`` write a note into the history, ``finish``
hands over to the answer agent.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import BaseMessage
from langgraph.runtime import Runtime

from medmirror.graphs.state import MedMirrorState, ReactDecision, ToolCallOutput, applied
from medmirror.models.structured import StructuredOutputError, call_structured
from medmirror.nodes.checks import (
    asks_text,
    call_key,
    checks_note,
    critique,
    output_keys,
    result_feeds,
    summary,
    tool_call_checks,
)
from medmirror.nodes.common import (
    INNER_ACTIONS,
    Deps,
    compact,
    demos_text,
    messages,
    node,
    note_text,
    options_text,
    score_note,
    settings_of,
    steps_text,
)
from medmirror.nodes.formats import VALUE_FORMATS
from medmirror.nodes.gates import revision_reason, tool_gate
from medmirror.nodes.grounding import calculator, found_in_note, ground_call, rule_call
from medmirror.nodes.schemas import react_schema, tool_call_schema
from medmirror.settings import Settings
from medmirror.tools.cards import ToolCard
from medmirror.tools.registry import RegisteredTool


def card_detail(card: ToolCard) -> str:
    lines = [f"{card.name}: {card.description}"]
    for spec in card.inputs:
        bits = [spec.type]
        if spec.unit:
            bits.append(f"in {spec.unit}")
        if spec.allowed:
            bits.append("one of " + " | ".join(spec.allowed))
        if not spec.required:
            bits.append("optional" + (f": {spec.default_note}" if spec.default_note else ""))
        lines.append(f"- {spec.name} ({'; '.join(bits)}): {spec.description}")
    if card.conventions:
        lines.append("Conventions: " + " ".join(card.conventions))
    return "\n".join(lines)


def tools_text(cards: list[ToolCard], budget_chars: int) -> str:
    """The candidate tools for the single-loop prompt, kept within ``budget_chars``.

    Full cards when they fit; otherwise conventions shared by several cards are printed
    once; otherwise one line per tool (``ToolCard.brief``). A radiology tool set of 50
    cards would not fit the 8k context of the embedded model in full.
    """
    if not cards:
        return "(no tools)"
    full = "\n\n".join(card_detail(c) for c in cards)
    if len(full) <= budget_chars:
        return full
    counts: dict[str, int] = {}
    for c in cards:
        for conv in c.conventions:
            counts[conv] = counts.get(conv, 0) + 1
    shared = [conv for conv, n in counts.items() if n > 1]
    own = [card_detail(c.model_copy(update={"conventions": [x for x in c.conventions if x not in shared]}))
           for c in cards]
    tail = ("\n\nConventions of these tools: " + " ".join(shared)) if shared else ""
    deduped = "\n\n".join(own) + tail
    if len(deduped) <= budget_chars:
        return deduped
    return "\n".join(c.brief() for c in cards) + tail


def stm_text(stm: list[dict[str, Any]]) -> str:
    if not stm:
        return "(no failed attempts)"
    return "\n".join(f"- attempt {e['attempt']}: {e['tool']}({compact(e['arguments'], 300)}) failed: {e['error']}"
                     f"\n  reflection: {e['reflection']}" for e in stm)


def tool_call_messages(deps: Deps, state: MedMirrorState, s: Settings, registered: RegisteredTool,
                       subtask: str, draft: str = "(first draft)") -> list[BaseMessage]:
    """The tool agent's prompt for calling ``registered`` (shared with the candidate-selection verifier)."""
    return messages(
        "tool_agent", question=state.question, note=note_text(state), subtask=subtask,
        tool=card_detail(registered.card), results=results_text(state),
        stm=stm_text(state.stm or []) if s.use_stm else "(not kept)",
        critique=(state.critique or {}).get("tool_call", "(none)"), draft=draft,
        demos=demos_text(state), experience=deps.tool_experience(s, [registered.name]),
        found=found_in_note(registered.name, state),
    )


def results_text(state: MedMirrorState) -> str:
    """Earlier results, and the working memory when the task's tools read from it (radiology)."""
    text = steps_text(state.steps or [])
    memory = state.working_memory or {}
    if memory:
        items = ", ".join(f"{k} = {compact(v.get('value') if isinstance(v, dict) else v, 80)}" for k, v in memory.items())
        text += f"\nMemory (tool inputs are read from these keys): {items}"
    return text


def current_subtask(state: MedMirrorState) -> str:
    plan = state.plan or []
    idx = state.current
    if plan and idx < len(plan):
        return f"{idx + 1}. {plan[idx]['description']}"
    return state.question


def make_tool_agent(deps: Deps):
    @node("tool_agent")
    def tool_agent(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = settings_of(runtime)
        if not s.use_planner:
            return _single_loop(state, s)
        plan = state.plan
        registered = deps.registry.get(plan[state.current]["tool"])
        if s.extractor == "rules" and calculator(registered.name) is not None:
            # the rule extractor fills calculators: no model call
            proposal = rule_proposal(deps, state, s, registered.name, "rule extraction", 10)
            args = proposal["arguments"]
            # nothing to revise without a model: the checks are reported and the executor decides
            return {"proposal": proposal, "tool_tries": s.max_tool_revisions + 1, "best_proposal": proposal,
                    "trace": [{"node": "tool_agent", "event": "rule_call", "checks": summary(proposal.get("checks")),
                               "detail": f"{registered.name}({compact(args, 300)})"}]}
        previous = state.proposal
        draft = "(first draft)"
        if previous and state.tool_tries > 0:
            failed = critique(previous.get("checks"))
            draft = (f"Your previous call: {compact(previous.get('arguments', {}), 400)}\nIts evaluation: "
                     f"{previous.get('evaluation', '')} ({score_note(previous.get('score'), s.theta_tool)}).\n"
                     + (f"Checks failed: {failed}.\n" if failed else "") + "Correct it.")
        msgs = tool_call_messages(deps, state, s, registered, current_subtask(state), draft)
        try:
            out = call_structured(
                deps.models.for_role("tool_agent", s), msgs, ToolCallOutput, role="tool_agent",
                retries=s.structured_retries, json_schema=tool_call_schema(registered.name, registered.args_schema),
                check=lambda o: _same_tool(o.tool, registered.name),
            )
        except StructuredOutputError as err:
            if not (s.use_checks and calculator(registered.name) is not None):
                raise
            # the rule extractor's evidence-backed values are the defaults: they stand in for an unusable reply
            proposal = rule_proposal(deps, state, s, registered.name, "rule extraction (the model's reply was invalid)", 0)
            args = proposal["arguments"]
            return {"proposal": proposal, "tool_tries": s.max_tool_revisions + 1, "best_proposal": proposal,
                    "trace": [{"node": "tool_agent", "event": "tool_fallback", "checks": summary(proposal.get("checks")),
                               "decided_by": "checks",
                               "detail": f"the tool agent's reply was invalid ({err.error[:160]}); using the rule "
                                         f"extractor's arguments: {registered.name}({compact(args, 300)})"}]}
        proposal = checked(deps, state, s, {"tool": out.tool, "arguments": out.arguments,
                                            "evaluation": out.evaluation, "score": out.score})
        tries = state.tool_tries + 1
        best = state.best_proposal
        if tries == 1 or best is None or _rank(proposal) > _rank(best):
            best = proposal
        update: dict[str, Any] = {"proposal": proposal, "tool_tries": tries, "best_proposal": best}
        decision = tool_gate(applied(state, update), s)
        why = revision_reason(out.score, s.theta_tool, proposal.get("checks"), s)
        event = {"node": "tool_agent", "event": "tool_revise" if decision == "revise" else "tool_accept",
                 "score": out.score, "checks": summary(proposal.get("checks")),
                 "detail": f"{out.tool}({compact(out.arguments, 300)})" + (f"; revise: {why}" if decision == "revise" else "")}
        if decision == "revise":
            event["decided_by"] = why
        if decision == "accept":
            if why is not None:
                event["event"] = "tool_bound_exhausted"
                event["detail"] = f"kept best call (score {best['score']}{checks_note(best.get('checks'))}) after {tries} tries"
            update["proposal"] = best
        update["trace"] = [event]
        return update

    def _single_loop(state: MedMirrorState, s: Settings) -> dict[str, Any]:
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
            demos=demos_text(state), experience=deps.tool_experience(s, candidates),
        )
        out = call_structured(
            deps.models.for_role("tool_agent", s), msgs, ReactDecision, role="tool_agent",
            retries=s.structured_retries, json_schema=react_schema(tools, inner),
            check=lambda o: _known_action(o.action, candidates, inner),
        )
        refusal = single_loop_check(deps, state, s, out.action, out.arguments) if s.use_checks else ""
        if refusal and state.tool_tries < s.max_tool_revisions + 1:
            # refused before running: the reason goes to the agent as the critique of its next action
            return {"proposal": None, "replan": False, "tool_tries": state.tool_tries + 1,
                    "critique": {**(state.critique or {}), "tool_call": refusal},
                    "trace": [{"node": "tool_agent", "event": "react_refused", "checks": f"checks FAILED: {refusal}",
                               "decided_by": "checks",
                               "detail": f"{out.action}({compact(out.arguments, 200)})"}]}
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
        if out.action == "finish":
            return {"proposal": None, "react_done": True, "replan": False,
                    "trace": [{"node": "tool_agent", "event": "react_finish", "detail": out.thought[:300]}]}
        if out.action in INNER_ACTIONS:
            step = {"subtask": len(state.steps or []), "tool": out.action, "arguments": {}, "ok": True,
                    "observation": out.thought}
            return {"proposal": None, "replan": False, "steps": [step],
                    "trace": [{"node": "tool_agent", "event": f"react_{out.action}", "detail": out.thought[:300]}]}
        earlier = repeated_step(state, out.action, out.arguments) if s.use_checks else 0
        if earlier:  # the same call again learns nothing: the loop ends with what it has
            detail = f"{out.action} repeated with the same arguments as step {earlier}; the loop ends"
            update = {"proposal": None, "react_done": True, "replan": False,
                      "trace": [{"node": "tool_agent", "event": "repeat_ends_loop", "detail": detail}]}
            before = (state.steps or [])[earlier - 1]
            if not before.get("ok"):
                update["status_detail"] = f"{detail}; it failed: {before.get('error', '')}"
            return update
        proposal = {"tool": out.action, "arguments": out.arguments, "evaluation": out.thought, "score": 10}
        return {"proposal": proposal, "replan": False, "tool_tries": 0, "critique": _without_check_critique(state),
                "trace": [{"node": "tool_agent", "event": "react_call",
                           "detail": f"{out.action}({compact(out.arguments, 300)})"}]}

    return tool_agent


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


def rule_proposal(deps: Deps, state: MedMirrorState, s: Settings, tool: str, evaluation: str, score: int) -> dict[str, Any]:
    """A calculator call with the rule extractor's evidence-backed arguments, with its checks."""
    return checked(deps, state, s, {"tool": tool, "arguments": rule_call(tool, state), "evaluation": evaluation,
                                    "score": score})


def checked(deps: Deps, state: MedMirrorState, s: Settings, proposal: dict[str, Any]) -> dict[str, Any]:
    """The proposal with its verifiable checks (evidence, validity, repeats) and the grounded arguments."""
    if not s.use_checks or proposal["tool"] not in deps.registry:
        return proposal
    run_args, grounding = ground_call(proposal["tool"], proposal.get("arguments") or {}, state, s)
    checks = tool_call_checks(proposal["tool"], proposal.get("arguments") or {}, run_args, grounding,
                              deps.registry, state)
    return {**proposal, "checks": checks}


def _rank(proposal: dict[str, Any]) -> tuple[bool, int]:
    """A call that passes its checks beats one that does not; then the higher self-score."""
    return (bool((proposal.get("checks") or {"passed": True})["passed"]), proposal.get("score", 0))


def _same_tool(got: str, expected: str) -> None:
    if got != expected:
        raise ValueError(f"tool must be '{expected}' for this subtask, got '{got}'")


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
