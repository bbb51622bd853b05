"""Verifiable checks behind every gate: computed from the tools, the retrieval and the note. No model call.

MIRROR's intra-reflection trusts each agent's own 1-10 score. Here every gate also
runs checks whose outcome does not depend on the model's opinion of itself:

* **plan** (:func:`plan_checks`): the plan binds the tool the question asks for
  (:func:`question_target`: named in the question, else the retrieval ranking of the
  question alone with a clear margin over the runner-up), and
  no tool whose result the question does not need (a tool is needed when its result is
  an input of the target, read from the cards); memory-protocol chains (radiology) only
  read memory keys that exist or that an earlier step writes.
* **tool call** (:func:`tool_call_checks`): every required input has a value backed by
  evidence in the note or the question (the rule extractor's values are the defaults a
  model may only override with evidence), every value is valid for the calculator
  (range, unit, options), and the call does not repeat a call that already failed.
* **answer** (:mod:`medmirror.nodes.answer`): the structured value is the result of the subtask that
  answers the question, and the text carries no number that no tool result or the note holds.

A :class:`Check` that passes may be *decisive*: it settles the question on its own, so a
low self-score does not send a verified output back for revision. A failed check always
sends it back (within the bound) with the check's reason as the critique. Reports are
plain dicts in state, so the trace and the checkpoint show them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from medmirror.memory.state import CheckReport, CheckResult, MedMirrorState, MissingCalculator, QuestionTarget, Subtask
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.radiology.schema import CATEGORY_SPECS
from medmirror.tools.registry import ToolRegistry

# The question names a tool when its BM25 score (question alone) leads the runner-up by this share.
TARGET_MARGIN = 0.2
NONE_TOOLS = (None, "", "none")


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool
    reason: str
    decisive: bool = False

    def as_dict(self) -> CheckResult:
        return {"name": self.name, "passed": self.passed, "reason": self.reason}


def report(checks: list[Check]) -> CheckReport:
    """The checks as state: passed (all), decisive (all passed and one settles it), each check's reason."""
    passed = all(c.passed for c in checks)
    return {"passed": passed, "decisive": passed and any(c.decisive for c in checks),
            "checks": [c.as_dict() for c in checks]}


def failed_reasons(rep: CheckReport | None) -> list[str]:
    return [c["reason"] for c in (rep or {}).get("checks", []) if not c["passed"]]


def critique(rep: CheckReport | None) -> str:
    """The failed checks' reasons, as the critique a revision must address."""
    return "; ".join(failed_reasons(rep))


def summary(rep: CheckReport | None) -> str:
    """One line for the trace: 'checks passed (decisive)' or 'checks FAILED: reason; reason'."""
    if not rep or not rep.get("checks"):
        return "no checks"
    if rep["passed"]:
        return "checks passed" + (" (decisive)" if rep.get("decisive") else "")
    return "checks FAILED: " + critique(rep)


def checks_note(rep: CheckReport | None) -> str:
    """', checks passed' / ', checks FAILED: ...' to follow a score in the trace ('' without checks)."""
    return f", {summary(rep)}" if rep and rep.get("checks") else ""


# ---------------------------------------------------------------------------
# What the question asks for
# ---------------------------------------------------------------------------


def question_target(registry: ToolRegistry, question: str, candidates: list[str]) -> QuestionTarget:
    """The candidate tool the question itself names, read from the question alone (not the note).

    1. *Named*: a candidate whose name or alias is written in the question, in words no other
       candidate has as an alias (``Bazett`` names the Bazett QTc among five QTc formulas), and
       not part of a longer name the question writes for another tool ("delta gap" inside
       "albumin corrected delta gap"). One such tool is the decisive target; two or more mean
       the question asks for several quantities (``named``), and none is decisive.
    2. Otherwise the retrieval ranking of the question alone: the best match is decisive when it
       leads the runner-up by ``TARGET_MARGIN`` of its BM25 score.

    Memory-protocol tools (radiology chains) are never a target: their questions ask for a chain.
    """
    pool = [n for n in candidates if n in registry and registry.get(n).protocol is None]
    empty = {"tool": None, "decisive": False, "margin": 0.0, "named": [], "ranked": [], "why": "", "mentioned": []}
    if not pool or not question.strip():
        return empty
    all_scores = registry.scores(question)
    index = {name: i for i, name in enumerate(registry.names())}
    scores = {n: float(all_scores[index[n]]) for n in pool}
    ranked = sorted(pool, key=lambda n: -scores[n])  # stable: ties keep the candidates' order
    top = scores[ranked[0]]
    second = scores[ranked[1]] if len(ranked) > 1 else 0.0
    margin = round((top - second) / top, 3) if top > 0 else 0.0
    # general-purpose tools (knowledge search, arithmetic) have generic aliases ('what is'): never named
    general = [n for n in pool if not registry.get(n).always_offer]
    named = _named_in_question(registry, question, general)
    mentioned = [t for t, _ in named]  # every tool the question names, the ask or not
    # the ask comes first ("What is the patient's X? Use Y ..."): tools named there are what it asks for
    ask = re.split(r"(?<=[?.])\s", question.strip(), maxsplit=1)[0]
    named = _named_in_question(registry, ask, general) or named
    # a named tool whose result is an input of another named tool is that tool's input, not the ask
    # ("from the target BMI, what is the target weight")
    asked = [(t, p) for t, p in named
             if not any(o != t and result_feeds(registry, t, o, by_kind=True) for o, _ in named)]
    if len(asked) == 1:
        tool, phrase = asked[0]
        return {"tool": tool, "decisive": True, "margin": margin, "named": [tool], "ranked": ranked[:5],
                "mentioned": mentioned,
                "why": f"named in the question ('{phrase}')"}
    if len(asked) > 1:  # several asked: the ones feeding another are asked too ("the IBW, the fluids from it")
        several = [t for t, _ in named]
        return {"tool": None, "decisive": False, "margin": margin, "named": several, "ranked": ranked[:5],
                "mentioned": mentioned,
                "why": "the question names several tools: " + ", ".join(several)}
    missing = out_of_library(registry, question, ranked)
    if missing is not None:
        # the question names a calculator no validated tool computes: never bind another one decisively
        return {**empty, "ranked": ranked[:5], "mentioned": mentioned, "out_of_library": missing,
                "why": missing["why"]}
    if top <= 0:
        return {**empty, "ranked": ranked[:5]}
    decisive = margin >= TARGET_MARGIN
    return {"tool": ranked[0], "decisive": decisive, "margin": margin, "named": [ranked[0]] if decisive else [],
            "ranked": ranked[:5], "mentioned": mentioned, "why": f"best retrieval match for the question, {margin:.0%} ahead of the next"}


# A calculator the question names: capitalised words or an acronym before a calculator word ("NEWS2 score",
# "Richmond Agitation-Sedation Scale", "A-a gradient", "Ranson's criteria"), or an acronym in brackets ("(RASS)").
_CALC_WORD = r"(?:score|scale|index|criteria|rule|gradient|ratio|equation|formula|classification|grading|system|tool)"
_NAMED = [
    re.compile(r"(?P<name>(?:\b[A-Z][\w'’₂]*(?:-[\w₂]+)*\s+){0,5}\b[A-Z][\w'’₂]*(?:-[\w₂]+)*)\s+(?P<word>(?i:"
               + _CALC_WORD[3:-1] + r"))\b"),
]
# Capitalised words that name no calculator ("What", "The", "Patient's", units).
_PLAIN = frozenset("""
what which how the a an this that using use based according calculate compute estimate determine give given
patient patients pt his her their score scores value total risk index scale criteria rule of for and in on with
applying apply if when per from by at after before following modified revised simplified original new
""".split())


def named_calculators(question: str) -> list[str]:
    """The calculator names the question writes ('NEWS2 score', 'Richmond Agitation-Sedation Scale', 'RASS')."""
    out: list[str] = []
    for rx in _NAMED:
        for m in rx.finditer(question):
            words = [w for w in m.group("name").split() if w.strip("'’").lower() not in _PLAIN]
            while words and words[0][:1].islower():
                words.pop(0)
            if not words:
                continue
            name = " ".join(words) + (f" {m.group('word')}" if "word" in rx.groupindex and m.group("word") else "")
            if name not in out:
                out.append(name)
    return out


def _distinctive(name: str) -> list[str]:
    name = re.sub(r"['’]s\b", "", name)
    words = [t for t in re.findall(r"[A-Za-z0-9₂]+(?:-[A-Za-z0-9₂]+)*", name) if t.lower() not in _PLAIN
            and t.lower() not in {"score", "scale", "index", "criteria", "rule", "gradient", "ratio", "equation",
                                  "formula", "classification", "grading", "system", "tool"}]
    # an acronym ('NEWS2', 'CKD-EPI') names the calculator on its own; otherwise every word counts
    key = [t for t in words if sum(c.isupper() for c in t) >= 2 or any(c.isdigit() for c in t)]
    return key or words


def _card_words(registry: ToolRegistry, tool: str) -> str:
    card = registry.get(tool).card
    text = " ".join([tool.replace("_", " "), card.name, *card.aliases])
    return _phrases(re.sub(r"['’]s\b", "", text))


def out_of_library(registry: ToolRegistry, question: str, ranked: list[str]) -> MissingCalculator | None:
    """When the question names a calculator ('NEWS2 score', 'Richmond Agitation-Sedation Scale') whose distinctive
    words no tool's name or aliases carry, what it named and the closest tools; None when a tool carries the name or the question
    names no calculator (it describes what it wants: the ranking and the planner decide)."""
    names = named_calculators(question)
    if not names:
        return None
    texts = [_card_words(registry, t) for t in registry.names() if registry.get(t).protocol is None]
    missing = []
    for name in names:
        wanted = [_phrases(w).strip() for w in _distinctive(name)]
        if wanted and not any(all(f" {w} " in text for w in wanted) for text in texts):
            missing.append(name)
    if not missing or len(missing) < len(names) and any(n for n in names if n not in missing):
        return None  # another name in the question is a tool's: it is the ask
    name = missing[0]
    closest = list(ranked[:3])
    why = (f"no validated tool computes '{name}', which the question asks for"
           + (f"; closest tools: {', '.join(closest)} (none of them is it)" if closest else ""))
    return {"name": name, "suggestions": closest, "why": why}


def asks_text(target: dict[str, Any]) -> str:
    """What the question asks for, as the checks read it (shown to the planner)."""
    if target.get("decisive"):
        return f"{target['tool']} ({target['why']})"
    if target.get("named"):
        return "several tools: " + ", ".join(target["named"])
    return "(not named in the question: choose from the ranking)"


def _aliases(registry: ToolRegistry, name: str) -> set[str]:
    card = registry.get(name).card
    out = {_phrases(a).strip() for a in [name.replace("_", " "), *card.aliases]}
    return {a for a in out if len(a) >= 3 and not a.startswith("medcalc bench")}


def _named_in_question(registry: ToolRegistry, question: str, pool: list[str]) -> list[tuple[str, str]]:
    """(tool, phrase) for each candidate named in the question by a phrase that is its own."""
    q = _phrases(question)
    aliases = {n: _aliases(registry, n) for n in pool}
    mentions = {n: [a for a in aliases[n] if f" {a} " in q] for n in pool}
    own: dict[str, str] = {}
    for n in pool:
        others = set().union(*(aliases[o] for o in pool if o != n)) if len(pool) > 1 else set()
        unique = sorted((a for a in mentions[n] if a not in others), key=len, reverse=True)
        if unique:
            own[n] = unique[0]
    every = [(n, a) for n in pool for a in mentions[n]]
    # a tool named only inside a longer phrase the question writes for another tool is not named
    return [(n, a) for n, a in own.items()
            if not any(o != n and len(b) > len(a) and f" {a} " in f" {b} " for o, b in every)]


def _phrases(text: str) -> str:
    return " " + " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split()) + " "


def result_feeds(registry: ToolRegistry, source: str, target: str, *, by_kind: bool = False) -> bool:
    """Is ``source``'s result an input of ``target`` (read from the cards)?

    True when the source tool's name or one of its aliases is the name of one of the
    target's inputs, or is spelled out in an input's description (e.g. a BMI input); with
    ``by_kind`` (the question itself names the source), also when the source computes a
    quantity of an input's kind in its unit ("fluids based on the ideal body weight": the IBW
    in kg feeds a weight in kg; without the question saying so, a target weight is not the
    patient's weight).
    """
    if source not in registry or target not in registry:
        return False
    src = registry.get(source).card
    names = {_phrases(n).strip() for n in [src.name.replace("_", " "), *src.aliases]}
    names = {n for n in names if len(n) >= 3 and not n.startswith("medcalc bench")}
    out_unit = src.output.split()[-1] if src.output.split() else ""
    for spec in registry.get(target).card.inputs:
        field = _phrases(spec.name.replace("_", " ")).strip()
        text = _phrases(spec.description)
        if field in names or any(f" {n} " in text for n in names):
            return True
        # a quantity of the input's kind and unit: the ideal body weight (kg) is a weight (kg)
        if by_kind and spec.unit and spec.unit == out_unit and any(f" {field} " in f" {n} " for n in names):
            return True
    return False


# ---------------------------------------------------------------------------
# Plan checks
# ---------------------------------------------------------------------------


def plan_checks(plan: list[Subtask], target: QuestionTarget, registry: ToolRegistry,
                memory: dict[str, Any] | None = None, needs_value: bool = True) -> dict[str, Any]:
    tools = [p["tool"] for p in plan if p.get("tool") not in NONE_TOOLS]
    checks: list[Check] = []
    best = target.get("tool")
    if target.get("decisive") and best:
        label = tool_label(registry, best)
        if best in tools:
            checks.append(Check("binds_target", True, f"binds {best}, the tool the question asks for", decisive=True))
        else:
            checks.append(Check("binds_target", False,
                                f"the plan does not use {best} ({label}), which the question asks for "
                                f"({target.get('why') or 'best retrieval match'})"))
        mentioned = set(target.get("mentioned") or [])
        extra = sorted({t for t in tools
                        if t != best and not result_feeds(registry, t, best, by_kind=t in mentioned)})
        if extra:
            checks.append(Check("no_unrelated_tools", False,
                                f"unrelated tool(s) {', '.join(extra)}: the question asks for {best} only, and "
                                f"their results are not inputs of {best}"))
        elif tools.count(best) > 1:
            checks.append(Check("no_unrelated_tools", False, f"{best} is bound to {tools.count(best)} subtasks; once is enough"))
        else:
            checks.append(Check("no_unrelated_tools", True, "every tool is the target or an input of it"))
    elif needs_value and best and not tools:
        checks.append(Check("uses_a_tool", False,
                            f"no subtask calls a tool, but the question asks for a value a tool computes "
                            f"(best match: {best})"))
    chain = [t for t in tools if t in registry and registry.get(t).protocol == "memory"]
    if chain:
        checks.append(_chain_check(chain, registry, memory or {}))
    return report(checks)


def _chain_check(chain: list[str], registry: ToolRegistry, memory: dict[str, Any]) -> Check:
    """Each memory-protocol tool's compulsory inputs exist in memory or come from an earlier step."""
    keys = set(memory)
    for i, name in enumerate(chain):
        card = registry.get(name).card
        absent = [s.name for s in card.inputs if s.required and s.name not in keys]
        if absent:
            return Check("chain_inputs", False,
                         f"step {i + 1} ({name}) needs {', '.join(absent)}, which neither memory nor an earlier "
                         f"step provides")
        keys |= set(output_keys(card))
    return Check("chain_inputs", True, "every step's compulsory inputs are available when it runs")


def output_keys(card: Any) -> list[str]:
    """Memory keys a memory-protocol tool writes (from its card's ``extra`` or its category's spec)."""
    outs = card.extra.get("outputs") if isinstance(card.extra, dict) else None
    if outs:
        return list(outs)
    try:
        spec = CATEGORY_SPECS.get(card.category)
        return list(spec.outputs) if spec is not None else []
    except ImportError:  # pragma: no cover - radiology is part of the package
        return []


def tool_label(registry: ToolRegistry, name: str) -> str:
    card = registry.get(name).card
    human = next((a for a in card.aliases if not a.startswith("MedCalc-Bench")), "")
    return human or name.replace("_", " ")


def fallback_plan(registry: ToolRegistry, tool: str | list[str]) -> list[Subtask]:
    """The checked plan the product writes itself: the tool the question asks for, alone, or each of the tools it
    names, in the question's order (no data flow: each reads its inputs from the note)."""
    tools = [tool] if isinstance(tool, str) else list(tool)
    return [{"description": f"Compute the {tool_label(registry, t)} for this patient", "tool": t} for t in tools]


def fallback_tools(target: QuestionTarget) -> str | list[str] | None:
    """What the product's own plan binds: the decisive target, or every tool a question naming several names."""
    named = list(target.get("named") or [])
    if len(named) > 1:
        return named
    return target.get("tool") if target.get("decisive") else None


# ---------------------------------------------------------------------------
# Tool-call checks
# ---------------------------------------------------------------------------


def call_key(tool: str, arguments: dict[str, Any]) -> str:
    """A call's identity: the tool and its given arguments (None = not given), order-free."""
    clean = {k: v for k, v in (arguments or {}).items() if v is not None}
    return tool + json.dumps(clean, sort_keys=True, default=str)


def failed_calls(state: MedMirrorState) -> dict[str, int]:
    """Calls (tool + arguments, as proposed and as run) that already failed in this round -> attempt number."""
    out: dict[str, int] = {}
    for entry in state.stm or []:
        for args in (entry.get("arguments"), entry.get("run_arguments")):
            if args is not None:
                out.setdefault(call_key(entry["tool"], args), entry["attempt"])
    for i, st in enumerate(state.steps or []):
        if not st.get("ok") and st.get("tool"):
            for args in (st.get("arguments"), st.get("proposed_arguments")):
                if args is not None:
                    out.setdefault(call_key(st["tool"], args), i + 1)
    return out


def repeated_attempt(state: MedMirrorState, tool: str, proposed: dict[str, Any], run_args: dict[str, Any]) -> int | None:
    """The number of the failed attempt this call (as proposed or as grounded) repeats, or None."""
    failed = failed_calls(state)
    for args in (proposed, run_args):
        attempt = failed.get(call_key(tool, args))
        if attempt is not None:
            return attempt
    return None


def tool_call_checks(tool: str, proposed: dict[str, Any], run_args: dict[str, Any], grounding: dict[str, Any] | None,
                     registry: ToolRegistry, state: MedMirrorState, *, ask_missing: bool = False) -> CheckReport:
    """Checks of one proposed call, after grounding (``run_args`` are what would run). With ``ask_missing``
    an input the note does not give passes as "to ask the user" (the executor asks; see nodes.ask)."""
    checks: list[Check] = []
    attempt = repeated_attempt(state, tool, proposed, run_args)
    if attempt is not None:
        checks.append(Check("not_repeated", False, f"repeats failed attempt {attempt} ({tool} with the same arguments)"))
    registered = registry.get(tool) if tool in registry else None
    if registered is not None and registered.protocol == "memory":
        memory = state.working_memory or {}
        absent = [k for k in (proposed or {}).values() if isinstance(k, str) and k not in memory]
        required = [s.name for s in registered.card.inputs if s.required and s.name not in (proposed or {})]
        if absent or required:
            what = ([f"memory holds no {', '.join(absent)} yet"] if absent else []) + \
                   ([f"compulsory input(s) {', '.join(required)} not given"] if required else [])
            checks.append(Check("inputs_available", False, f"{tool}: " + "; ".join(what)))
        else:
            checks.append(Check("inputs_available", True, "every input reads an existing memory key"))
    if grounding is not None:
        checks.extend(_evidence_checks(tool, run_args, grounding, ask_missing))
    return report(checks)


def _evidence_checks(tool: str, run_args: dict[str, Any], grounding: dict[str, Any],
                     ask_missing: bool = False) -> list[Check]:
    calc = CALCULATORS[tool]
    required = [n for n, f in calc.inputs.model_fields.items() if f.is_required()]
    params = {p["name"]: p for p in grounding.get("params") or []}
    missing = [n for n in required if n not in run_args]
    checks: list[Check] = []
    if missing:
        why = []
        for n in missing:
            p = params.get(n) or {}
            if p.get("status") == "unsupported":
                why.append(f"{n} (the proposed {p.get('llm_value')!r} is not in the note)")
            elif p.get("rule_value") is not None:
                why.append(f"{n} (not given, although the note gives {p['rule_value']!r})")
            else:
                why.append(f"{n} (not found in the note)")
        in_note = [n for n in missing if (params.get(n) or {}).get("rule_value") is not None]
        if ask_missing and not in_note:  # the note does not give them: the user is asked when the call runs
            checks.append(Check("required_inputs", True, f"{tool} needs {', '.join(missing)}, which the note does not "
                                                           "give: the user will be asked"))
        else:
            checks.append(Check("required_inputs", False, f"{tool} needs " + ", ".join(why)))
    else:
        backed = all(params.get(n, {}).get("status") in ("rule", "agree", "llm_supported", "disagree", "derived", "ehr")
                     for n in required)
        checks.append(Check("required_inputs", True, "every required input has a value backed by the note",
                            decisive=backed))
    corrected = [p for p in params.values() if p.get("status") in ("disagree", "unsupported") and p.get("llm_value") is not None]
    unsupported_used = [p["name"] for p in params.values()
                        if p.get("status") == "unsupported" and p["name"] in run_args]
    if unsupported_used:
        checks.append(Check("evidence", False, "no evidence in the note for " + ", ".join(
            f"{n}={run_args[n]!r}" for n in unsupported_used)))
    elif corrected:
        checks.append(Check("evidence", True, "corrected to the note: " + "; ".join(
            f"{p['name']} {p.get('llm_value')!r} -> {p.get('value')!r}" for p in corrected)))
    if grounding.get("refused"):  # a derived or EHR input its source does not back (medmirror.nodes.workflow)
        checks.append(Check("provenance", False, "; ".join(grounding["refused"])))
    if not missing and not unsupported_used:
        try:
            calc.inputs(**run_args)
        except Exception as exc:  # noqa: BLE001 - any validation failure is the check's reason
            checks.append(Check("valid_values", False, f"{tool}: {str(exc).splitlines()[0][:300]}"))
        else:
            checks.append(Check("valid_values", True, "values within the calculator's ranges and units"))
    return checks


# ---------------------------------------------------------------------------
# Numbers in texts
# ---------------------------------------------------------------------------

_NUMBER = re.compile(r"(?<![A-Za-z])-?\d+(?:[.,]\d+)*")


def numbers_in(text: str) -> list[str]:
    return [m.group(0).replace(",", "") for m in _NUMBER.finditer(text or "")]


def number_supported(number: str, sources: list[float], source_text: str) -> bool:
    """Is ``number`` (as written) a number of the sources (to the precision it is written with), or a
    number written in the source text? Whole tokens only: '17' is not supported by '175'."""
    written = numbers_in(source_text)
    if number in written:
        return True
    try:
        x = float(number)
    except ValueError:
        return False
    decimals = len(number.split(".")[1]) if "." in number else 0
    values = list(sources) + [float(w) for w in written if _is_float(w)]
    return any(round(v, decimals) == x or abs(v - x) <= 1e-9 for v in values)


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
