"""Evidence grounding of calculator calls inside the graph (see :mod:`medmirror.tools.extraction.grounding`).

The tool agent is shown what the rule extractor found in the note for the tool's
inputs; in ``rules`` mode it does not call the model at all. The executor
reconciles whatever arguments were proposed with the note (``extractor`` setting:
rules, llm or hybrid) and runs the calculator on the grounded values only; each
step keeps every parameter's value, status and evidence span, and the flags for
the reviewer.

The note is analysed once per task: intake keeps the rule extraction of the evidence
text in the state (``note_analysis``, a compact record: :mod:`medmirror.tools.extraction.record`),
and every use here (the tool agent's prompt, the checks of a proposal, the executor, the
rule and fallback calls) rebuilds it from there instead of reading the note again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from medmirror.core.settings import Settings
from medmirror.memory.state import EvidenceRow, MedMirrorState, Step
from medmirror.nodes.workflow import merge_sourced, sourced_inputs
from medmirror.tools.calculators import CALCULATORS, Calculator
from medmirror.tools.calculators.points import SPECS, Choice
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.extractor import Extraction
from medmirror.tools.extraction.grounding import field_unit, reads_vignette, reconcile, rule_arguments, vignette_reading
from medmirror.tools.extraction.record import from_record, matches, to_record
from medmirror.tools.extraction.vignette import ask_item


def calculator(tool: str) -> Calculator | None:
    return CALCULATORS.get(tool)


def found_in_note(tool: str, state: MedMirrorState) -> str:
    """The rule extractor's reading of the note for a calculator's inputs ('(not a calculator)' otherwise)."""
    calc = calculator(tool)
    text = evidence_text_of(state)
    if calc is None or not text.strip():
        return "(nothing extracted)"

    return rule_arguments(calc, text, analysis_of(state), question=state.question).summary() or "(nothing found)"


def rule_call(tool: str, state: MedMirrorState) -> dict[str, Any]:
    """Arguments read by rules alone (the ``rules`` extractor needs no model call)."""

    grounded = rule_arguments(calculator(tool), evidence_text_of(state), analysis_of(state), question=state.question)
    plan = state.plan or []
    derived = (plan[state.current].get("derive") or {}) if state.current < len(plan) else {}
    # a workflow input the plan derives from an earlier step is filled from that step, not read from the note
    return {k: v for k, v in grounded.args.items() if k not in derived}


MAX_PROPOSALS = 4  # unsettled items of a library score the model is asked about (more: the calculator refuses)


def vignette_call(tool: str, state: MedMirrorState,
                  model_for: Callable[[], Any] | None) -> tuple[dict[str, Any], list[str]] | None:
    """A library point score's arguments (None: not one): the vignette reader's, and for each choice it leaves
    unsettled the model's proposal ``{"option", "quote"}`` among the item's labels (its candidates when the reader
    named two), which the grounding accepts only with a supporting quote from the note. ``model_for`` builds the
    model, only when a proposal is asked (a run whose calls need none never builds it); no model call when it is
    None or more than :data:`MAX_PROPOSALS` items are unsettled. Returns (arguments, what happened)."""
    calc = calculator(tool)
    if not reads_vignette(calc):
        return None
    text = evidence_text_of(state)
    args = rule_call(tool, state)
    reading = vignette_reading(calc.id, text)
    open_items = [it for it in SPECS[calc.id].items
                  if isinstance(it, Choice) and reading.items[it.name].status in ("uncertain", "missing")]
    if model_for is None or not open_items:
        return args, []
    if len(open_items) > MAX_PROPOSALS:
        return args, [f"{len(open_items)} items unsettled (more than {MAX_PROPOSALS}): no proposals asked"]
    model = model_for()
    notes = []
    for it in open_items:
        got = ask_item(model, text, it, candidates=reading.items[it.name].candidates or None)
        if isinstance(got, str):
            notes.append(f"{it.name}: {got}")
        else:
            args[it.name] = {"option": got.option, "quote": got.quote}
            notes.append(f"{it.name}: the model proposes {got.option[:60]!r}")
    return args, notes


def ground_call(tool: str, arguments: dict[str, Any], state: MedMirrorState, s: Settings) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(arguments to run with, grounding record) — unchanged arguments and None for non-calculators."""
    calc = calculator(tool)
    if calc is None:
        return arguments, None

    # With no note the question's own words are the evidence (a question may state the values itself);
    # with neither, every proposed value is unsupported and dropped like any other.
    # inputs taken from an earlier step's result or cited from the patient record are checked against their
    # source (medmirror.nodes.workflow), not looked for in the note
    sourced = sourced_inputs(calc, arguments or {}, state)
    rest = {k: v for k, v in (arguments or {}).items() if k not in sourced["names"]}
    grounded = reconcile(calc, rest, evidence_text_of(state), analysis_of(state), mode=s.extractor,
                         question=state.question)
    if not sourced["names"]:
        return grounded.args, grounded.to_dict()
    return merge_sourced(grounded.args, grounded.to_dict(), sourced)


def evidence_text_of(state: MedMirrorState) -> str:
    """The text calculator arguments must be found in: the note, or the question when there is no note."""
    note = (state.note or "").strip()
    return note if note else (state.question or "")


def analyse_note(state: MedMirrorState, candidates: list[str]) -> dict[str, Any] | None:
    """The task's note analysis, for intake to keep in the state (``note_analysis``): the rule extraction of
    the evidence text as a compact record, or None when no candidate is a calculator (nothing would use it)
    or there is no text. Read it back with :func:`analysis_of`."""
    text = evidence_text_of(state)
    if not text.strip() or not any(calculator(name) is not None for name in candidates):
        return None
    return to_record(extract(text))


def analysis_of(state: MedMirrorState) -> Extraction | None:
    """The extraction intake kept for this task's evidence text; None when there is none for this text
    (the grounding then reads the note itself)."""
    record = state.note_analysis
    if not record:
        return None
    text = evidence_text_of(state)
    return from_record(record, text) if matches(record, text) else None


def unsupported_used(step: dict[str, Any]) -> list[str]:
    """Parameters a step ran with that the note does not support: no evidence, or evidence for another
    value (possible in ``llm`` mode, where the model's values are used as given)."""
    g = step.get("grounding") or {}
    used = g.get("args") or {}
    out = []
    for p in g.get("params") or []:
        if p["name"] not in used:
            continue
        if p.get("status") == "unsupported" or (p.get("status") == "disagree" and p.get("value") != p.get("rule_value")):
            out.append(f"{p['name']}={p['value']!r} ({p.get('note') or 'not found in the note'})")
    return out


def evidence_rows(step: Step) -> list[EvidenceRow]:
    """The evidence table of one calculator step: a row per input with its value (a number in the input's
    canonical unit, ``unit``), where it came from (its grounding status: found in the note, assumed absent,
    missing, given by the user ...), the quoted span exactly as written and its character offsets in the note
    (or ``where`` it was found instead: the question, the user)."""
    g = step.get("grounding") or {}
    calc = calculator(step.get("tool", ""))
    rows = []
    for p in g.get("params") or []:
        ev = p.get("evidence") or {}
        number = isinstance(p.get("value"), (int, float)) and not isinstance(p.get("value"), bool)
        known = calc is not None and p["name"] in calc.inputs.model_fields
        rows.append({"tool": step.get("tool", ""), "input": p["name"], "value": p.get("value"),
                     "unit": field_unit(calc, p["name"]) if number and known else "",
                     "status": p.get("status"), "evidence": str(ev.get("text") or ""),
                     "where": ev.get("where") or ("note" if ev.get("start") is not None else ""),
                     "span": [ev["start"], ev["end"]] if ev.get("start") is not None else None,
                     "call_ok": bool(step.get("ok")),
                     # status "conflict": the note's other readings of the input (value, unit, quoted span, offsets)
                     **({"alternatives": list(p["alternatives"])} if p.get("alternatives") else {})})
    return rows


def evidence_text(steps: list[dict[str, Any]]) -> str:
    """Per-parameter evidence of the calculator steps, for the reviewer."""
    lines = []
    for st in steps:
        g = st.get("grounding")
        if not g:
            continue
        for p in g.get("params") or []:
            ev = p.get("evidence") or {}
            quote = f" '{ev.get('text')}'" if ev.get("text") else ""
            lines.append(f"- {st['tool']}.{p['name']} = {p.get('value')!r} [{p.get('status')}{quote}]")
        lines += [f"- FLAG: {f}" for f in g.get("flags") or []]
    return "\n".join(lines) or "(no calculator parameters)"
