"""Tool agent: tool and arguments for the current subtask (plan mode) or the next action (single loop).

In the single-loop presets (react, reflectool-*) the agent also has ReflecTool's
inner actions: ``plan`` and ``think`` write a note into the history, ``finish``
hands over to the answer agent.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import BaseMessage
from langgraph.runtime import Runtime

from app.models.structured import call_structured
from app.settings import Settings
from graphs.state import ReactDecision, ToolCallOutput
from nodes.common import (
    INNER_ACTIONS, Deps, compact, demos_text, messages, node, note_text, options_text, settings_of, steps_text,
)
from nodes.gates import tool_gate
from nodes.grounding import calculator, found_in_note, rule_call
from nodes.schemas import react_schema, tool_call_schema
from tools.cards import ToolCard
from tools.registry import RegisteredTool


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


def tool_call_messages(deps: Deps, state: dict[str, Any], s: Settings, registered: RegisteredTool,
                       subtask: str, draft: str = "(first draft)") -> list[BaseMessage]:
    """The tool agent's prompt for calling ``registered`` (shared with the candidate-selection verifier)."""
    return messages(
        "tool_agent", question=state["question"], note=note_text(state), subtask=subtask,
        tool=card_detail(registered.card), results=results_text(state),
        stm=stm_text(state.get("stm") or []) if s.use_stm else "(not kept)",
        critique=(state.get("critique") or {}).get("tool_call", "(none)"), draft=draft,
        demos=demos_text(state), experience=deps.tool_experience(s, [registered.name]),
        found=found_in_note(registered.name, state),
    )


def results_text(state: dict[str, Any]) -> str:
    """Earlier results, and the working memory when the task's tools read from it (radiology)."""
    text = steps_text(state.get("steps") or [])
    memory = state.get("memory") or {}
    if memory:
        items = ", ".join(f"{k} = {compact(v.get('value') if isinstance(v, dict) else v, 80)}" for k, v in memory.items())
        text += f"\nMemory (tool inputs are read from these keys): {items}"
    return text


def current_subtask(state: dict[str, Any]) -> str:
    plan = state.get("plan") or []
    idx = state.get("current", 0)
    if plan and idx < len(plan):
        return f"{idx + 1}. {plan[idx]['description']}"
    return state.get("question", "")


def make_tool_agent(deps: Deps):
    @node("tool_agent")
    def tool_agent(state: dict[str, Any], runtime: Runtime[Settings]) -> dict[str, Any]:
        s = settings_of(runtime)
        if not s.use_planner:
            return _single_loop(state, s)
        plan = state["plan"]
        registered = deps.registry.get(plan[state.get("current", 0)]["tool"])
        if s.extractor == "rules" and calculator(registered.name) is not None:
            args = rule_call(registered.name, state)  # the rule extractor fills calculators: no model call
            proposal = {"tool": registered.name, "arguments": args, "evaluation": "rule extraction", "score": 10}
            return {"proposal": proposal, "tool_tries": 1, "best_proposal": proposal,
                    "trace": [{"node": "tool_agent", "event": "rule_call",
                               "detail": f"{registered.name}({compact(args, 300)})"}]}
        previous = state.get("proposal")
        draft = "(first draft)"
        if previous and state.get("tool_tries", 0) > 0:
            draft = (f"Your previous call: {compact(previous.get('arguments', {}), 400)}\nIts evaluation: "
                     f"{previous.get('evaluation', '')} (score {previous.get('score')}, below the threshold "
                     f"{s.theta_tool}). Correct it.")
        msgs = tool_call_messages(deps, state, s, registered, current_subtask(state), draft)
        out = call_structured(
            deps.models.for_role("tool_agent", s), msgs, ToolCallOutput, role="tool_agent",
            retries=s.structured_retries, json_schema=tool_call_schema(registered.name, registered.args_schema),
            check=lambda o: _same_tool(o.tool, registered.name),
        )
        proposal = {"tool": out.tool, "arguments": out.arguments, "evaluation": out.evaluation, "score": out.score}
        tries = state.get("tool_tries", 0) + 1
        best = state.get("best_proposal")
        if tries == 1 or best is None or out.score > best["score"]:
            best = proposal
        update: dict[str, Any] = {"proposal": proposal, "tool_tries": tries, "best_proposal": best}
        decision = tool_gate({**state, **update}, s)
        event = {"node": "tool_agent", "event": "tool_revise" if decision == "revise" else "tool_accept",
                 "score": out.score, "detail": f"{out.tool}({compact(out.arguments, 300)})"}
        if decision == "accept":
            if s.use_gates and out.score < s.theta_tool:
                event["event"] = "tool_bound_exhausted"
                event["detail"] = f"kept best call (score {best['score']}) after {tries} tries"
            update["proposal"] = best
        update["trace"] = [event]
        return update

    def _single_loop(state: dict[str, Any], s: Settings) -> dict[str, Any]:
        candidates = state.get("candidates") or []
        tools = {n: deps.registry.get(n).args_schema for n in candidates}
        inner = allowed_inner_actions(state.get("steps") or [])
        msgs = messages(
            "react", question=state["question"], note=note_text(state), options=options_text(state),
            # about half of the context (at ~3.5 characters per token) for the tool cards
            tools=tools_text([deps.registry.get(n).card for n in candidates], budget_chars=s.n_ctx * 7 // 4),
            history=results_text(state),
            critique=(state.get("critique") or {}).get("tool_call", "(none)"),
            demos=demos_text(state), experience=deps.tool_experience(s, candidates),
        )
        out = call_structured(
            deps.models.for_role("tool_agent", s), msgs, ReactDecision, role="tool_agent",
            retries=s.structured_retries, json_schema=react_schema(tools, inner),
            check=lambda o: _known_action(o.action, candidates, inner),
        )
        if out.action == "finish":
            return {"proposal": None, "react_done": True, "replan": False,
                    "trace": [{"node": "tool_agent", "event": "react_finish", "detail": out.thought[:300]}]}
        if out.action in INNER_ACTIONS:
            step = {"subtask": len(state.get("steps") or []), "tool": out.action, "arguments": {}, "ok": True,
                    "observation": out.thought}
            return {"proposal": None, "replan": False, "steps": list(state.get("steps") or []) + [step],
                    "trace": [{"node": "tool_agent", "event": f"react_{out.action}", "detail": out.thought[:300]}]}
        proposal = {"tool": out.action, "arguments": out.arguments, "evaluation": out.thought, "score": 10}
        return {"proposal": proposal, "replan": False, "trace": [{"node": "tool_agent", "event": "react_call",
                                                 "detail": f"{out.action}({compact(out.arguments, 300)})"}]}

    return tool_agent


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
