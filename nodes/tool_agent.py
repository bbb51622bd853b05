"""Tool agent: tool and arguments for the current subtask (plan mode) or the next action (single loop).

In the single-loop presets (react, reflectool-*) the agent also has ReflecTool's
inner actions: ``plan`` and ``think`` write a note into the history, ``finish``
hands over to the answer agent.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import BaseMessage
from langgraph.runtime import Runtime

from medmirror.core.models.structured import StructuredOutputError, call_structured
from medmirror.core.settings import Settings
from medmirror.memory.state import (
    CheckReport,
    MedMirrorState,
    Proposal,
    QuestionTarget,
    ToolCallOutput,
    applied,
    replaced,
)
from medmirror.nodes.checks import (
    Check,
    checks_note,
    critique,
    plan_checks,
    summary,
    tool_call_checks,
)
from medmirror.nodes.common import (
    Deps,
    compact,
    demos_text,
    learned_text,
    messages,
    node,
    note_text,
    score_note,
    steps_text,
)
from medmirror.nodes.gates import revision_reason, tool_gate
from medmirror.nodes.grounding import calculator, found_in_note, ground_call, rule_call, vignette_call
from medmirror.nodes.schemas import tool_call_schema
from medmirror.prompts import part
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


MAX_ALTERNATIVES = 3  # tools a revision may switch to (one line each in the prompt, one branch in the grammar)


def tool_call_messages(deps: Deps, state: MedMirrorState, s: Settings, registered: RegisteredTool,
                       subtask: str, draft: str = "(first draft)", alternatives: str = "(none)",
                       reflect: str = "") -> list[BaseMessage]:
    """The tool agent's prompt for calling ``registered`` (shared with the candidate-selection verifier)."""
    return messages(
        "tool_agent", question=state.question, note=note_text(state), subtask=subtask,
        tool=card_detail(registered.card), results=results_text(state), alternatives=alternatives, reflect=reflect,
        stm=stm_text(state.stm or []) if s.use_stm else "(not kept)",
        critique=(state.critique or {}).get("tool_call", "(none)"), draft=draft,
        demos=demos_text(state), learned=learned_text(state), experience=deps.tool_experience(s, [registered.name]),
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
        needs = plan[idx].get("depends_on") or []
        return (f"{idx + 1}. {plan[idx]['description']}"
                + (f" (uses the results of subtask {', '.join(str(d + 1) for d in needs)})" if needs else ""))
    return state.question


def switch_options(deps: Deps, state: MedMirrorState, s: Settings, planned: str) -> list[str]:
    """The candidate tools a revision may switch to (MIRROR's tool agent selects its tool): the retrieved
    candidates other than the planned one, best first, without memory-protocol tools (radiology's chain
    is the plan's). Empty when ``tool_switch`` is off or this is a first draft."""
    if not s.tool_switch or not (state.tool_tries > 0 or state.attempts > 0):
        return []
    out = [n for n in state.candidates or [] if n != planned and n in deps.registry
           and deps.registry.get(n).protocol is None]
    return out[:MAX_ALTERNATIVES]


def switch_check(proposal: Proposal, planned: str, target: QuestionTarget | None) -> CheckReport | None:
    """The checks of a call that switched away from the planned tool: when the question names its tool,
    a switch must go to that tool (the checks decide, not the model)."""
    checks = proposal.get("checks")
    tool = proposal["tool"]
    target = target or {}
    if tool == planned or checks is None:
        return checks
    if target.get("decisive") and target.get("tool") and tool != target["tool"]:
        c = Check("tool_is_named", False, f"switched to {tool}, but the question asks for {target['tool']}")
    else:
        c = Check("tool_switch", True, f"switched from {planned} to {tool}")
    return {"passed": checks["passed"] and c.passed, "decisive": bool(checks.get("decisive")) and c.passed,
            "checks": [*checks.get("checks", []), c.as_dict()]}


def usable_reflection(text: str | None, error: str) -> str | None:
    """The tool agent's own reflection on a failure, when it says something (else the rule text stays)."""
    text = " ".join((text or "").split())
    if len(text.split()) < 3 or text.lower() == " ".join(error.split()).lower():
        return None
    return text[:300]


def make_tool_agent(deps: Deps):
    @node("tool_agent")
    def tool_agent(state: MedMirrorState, runtime: Runtime[Settings]) -> dict[str, Any]:
        s = runtime.context
        plan = state.plan
        planned = plan[state.current]["tool"]
        registered = deps.registry.get(planned)
        library = vignette_call(registered.name, state, None if s.extractor == "rules"
                                else lambda: deps.models.for_role("extractor", s))
        if library is not None:
            # a library point score: the vignette reader's arguments, the model only proposing (with a quote the
            # grounding checks) the choices the reader leaves unsettled; the model never fills the whole schema
            args, notes = library
            proposal = checked(deps, state, s, {"tool": registered.name, "arguments": args, "score": 10,
                                                "evaluation": "vignette reader" + (f"; {'; '.join(notes)}" if notes else "")})
            return {"proposal": proposal, "tool_tries": s.max_tool_revisions + 1, "best_proposal": proposal,
                    "trace": [{"node": "tool_agent", "event": "vignette_call", "checks": summary(proposal.get("checks")),
                               "detail": f"{registered.name}({compact(args, 300)})"[:300]}]}
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
        alternatives = switch_options(deps, state, s, planned)
        stm = state.stm or []
        reflect = (s.use_stm and s.stm_reflection == "agent" and state.attempts > 0 and state.tool_tries == 0
                   and bool(stm))
        alt_text = ("\n".join(f"- {deps.registry.get(n).card.brief()}" for n in alternatives)
                    + "\n(switch to one only if the planned tool cannot do this subtask)") if alternatives else "(none)"
        msgs = tool_call_messages(deps, state, s, registered, current_subtask(state), draft, alt_text,
                                  part("tool_agent", "reflect") if reflect else "")
        allowed = [registered.name, *alternatives]
        try:
            out = call_structured(
                deps.models.for_role("tool_agent", s), msgs, ToolCallOutput, role="tool_agent",
                retries=s.structured_retries,
                json_schema=tool_call_schema(registered.name, registered.args_schema,
                                             {n: deps.registry.get(n).args_schema for n in alternatives},
                                             reflection=reflect),
                check=lambda o: _allowed_tool(o.tool, allowed),
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
        proposal["checks"] = switch_check(proposal, planned, state.target) if s.use_checks else proposal.get("checks")
        if proposal["checks"] is None:
            proposal.pop("checks")
        tries = state.tool_tries + 1
        best = state.best_proposal
        if tries == 1 or best is None or _rank(proposal) > _rank(best):
            best = proposal
        update: dict[str, Any] = {"proposal": proposal, "tool_tries": tries, "best_proposal": best}
        events: list[dict[str, Any]] = []
        if reflect:
            own = usable_reflection(out.reflection, stm[-1]["error"])
            if own is not None:  # the agent's own reflection replaces the rule text in its STM entry
                entry = {**stm[-1], "reflection": own, "reflection_by": "agent", "rule_reflection": stm[-1]["reflection"]}
                update["stm"] = replaced([*stm[:-1], entry])
            events.append({"node": "tool_agent", "event": "stm_reflection",
                           "detail": (f"the agent's: {own}" if own is not None
                                      else f"the model gave no usable reflection; kept the rule text: {stm[-1]['reflection']}")[:300]})
        decision = tool_gate(applied(state, update), s)
        why = revision_reason(out.score, s.theta_tool, proposal.get("checks"), s, "tool_call")
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
            if best["tool"] != planned:  # the subtask is now bound to the tool the agent switched to
                switched = [dict(p) for p in plan]
                switched[state.current]["tool"] = best["tool"]
                update["plan"] = switched
                if s.use_checks:
                    update["plan_checks"] = plan_checks(switched, state.target or {}, deps.registry,
                                                        state.working_memory, needs_value=state.answer_format != "text")
                events.append({"node": "tool_agent", "event": "tool_switch", "checks": summary(best.get("checks")),
                               "detail": f"subtask {state.current + 1}: {planned} -> {best['tool']}"})
        update["trace"] = [*events, event]
        return update

    return tool_agent


def rule_proposal(deps: Deps, state: MedMirrorState, s: Settings, tool: str, evaluation: str, score: int) -> Proposal:
    """A calculator call with the rule extractor's evidence-backed arguments, with its checks."""
    return checked(deps, state, s, {"tool": tool, "arguments": rule_call(tool, state), "evaluation": evaluation,
                                    "score": score})


def checked(deps: Deps, state: MedMirrorState, s: Settings, proposal: Proposal) -> Proposal:
    """The proposal with its verifiable checks (evidence, validity, repeats) and the grounded arguments."""
    if not s.use_checks or proposal["tool"] not in deps.registry:
        return proposal
    run_args, grounding = ground_call(proposal["tool"], proposal.get("arguments") or {}, state, s)
    checks = tool_call_checks(proposal["tool"], proposal.get("arguments") or {}, run_args, grounding,
                              deps.registry, state, ask_missing=s.ask_missing)
    return {**proposal, "checks": checks}


def _rank(proposal: dict[str, Any]) -> tuple[bool, int]:
    """A call that passes its checks beats one that does not; then the higher self-score."""
    return (bool((proposal.get("checks") or {"passed": True})["passed"]), proposal.get("score", 0))


def _allowed_tool(got: str, allowed: list[str]) -> None:
    if got not in allowed:
        raise ValueError(f"tool must be {' or '.join(repr(a) for a in allowed)} for this subtask, got '{got}'")
