"""Multi-calculator workflows: data flow between steps, conditions on results, the patient record as evidence.

A plan's subtask may carry, besides its tool:

* ``id`` — a name later subtasks refer to (default ``s1``, ``s2`` ... by position);
* ``derive`` — ``{input: step_id}``: the input takes the result of an earlier step (grounding status ``derived``,
  with the producing step's id, tool and value as provenance; the unit converted explicitly to the input's unit);
* ``method`` — ``{input: value}``: a choice of method the plan fixes (only an input the field map marks as a method
  parameter, e.g. Cockcroft-Gault's ``weight_basis = actual`` when its weight is an adjusted weight derived before);
* ``when`` — a condition on earlier results (:class:`Compare`, :class:`AllOf`, :class:`AnyOf`): the step runs only
  when it holds. The product evaluates it (:func:`evaluate`), never the model; there is no eval of any text.

A proposed argument may also *cite* its source instead of a number: ``{"from_step": "s2"}`` (an earlier step's
result) or ``{"ehr_row": 12}`` (a row of the task's patient record, :mod:`medmirror.tools.ehr.patient_record`;
grounding status ``ehr`` with the row: table, row id, column, value, unit, time). The product reads the cited
value; a claim it cannot back (no such step, a step that did not run, a number that is not the step's result, no
such row) is refused without running (:func:`sourced_inputs`).

The checks (:func:`workflow_plan_checks`): every tool the question names is bound; every ``derive`` and ``when``
refers to an earlier step that calls a tool; a step is either asked for or linked to another step (its result
feeds one, or a condition reads it); an unlinked extra tool is refused. The answer (:func:`compose_workflow`)
lists every step's value with its interpretation (or why it did not run), in plan order, and the decisions taken.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from medmirror.memory.state import MedMirrorState
from medmirror.nodes.checks import Check, report, tool_label
from medmirror.tools.calculators import CALCULATORS, Calculator
from medmirror.tools.calculators.units import UnitConversionError, convert
from medmirror.tools.ehr.patient_record import PatientRecordError, read_row, row_argument, row_evidence
from medmirror.tools.extraction.calc_sources import Config
from medmirror.tools.extraction.calculator_map import source_for
from medmirror.tools.extraction.grounding import canonical, field_unit
from medmirror.tools.registry import ToolRegistry

NONE_TOOLS = (None, "", "none")
STEP_ID = r"^[A-Za-z][A-Za-z0-9_]{0,31}$"
MAX_CONDITION_NODES = 16  # comparisons and groups in one condition (bounded work)
MAX_CONDITION_DEPTH = 4

# ---------------------------------------------------------------------------
# The condition language
# ---------------------------------------------------------------------------


class Compare(BaseModel):
    """``ref``'s result compared with a number (``<``, ``<=``, ``>``, ``>=``, ``==``, ``!=``) or, with ``==`` /
    ``!=``, a category (its value or interpretation as text, folded; ``==`` holds when the category's words are
    in it)."""

    model_config = ConfigDict(extra="forbid")
    ref: str = Field(pattern=STEP_ID, description="The id of an earlier step.")
    op: Literal["<", "<=", ">", ">=", "==", "!="]
    value: float | str = Field(description="A number, or a category label (== and != only).")


class AllOf(BaseModel):
    model_config = ConfigDict(extra="forbid")
    all: list[Condition] = Field(min_length=1, max_length=8)


class AnyOf(BaseModel):
    model_config = ConfigDict(extra="forbid")
    any: list[Condition] = Field(min_length=1, max_length=8)


Condition = Annotated[Union[Compare, AllOf, AnyOf], Field(union_mode="left_to_right")]
AllOf.model_rebuild()
AnyOf.model_rebuild()
_CONDITION = TypeAdapter(Condition)


class ConditionError(ValueError):
    """A condition that cannot be parsed or evaluated (the message says which part and why)."""


def _size(cond: Any, depth: int = 1) -> int:
    if depth > MAX_CONDITION_DEPTH:
        raise ConditionError(f"condition nested deeper than {MAX_CONDITION_DEPTH} levels")
    if isinstance(cond, Compare):
        return 1
    return 1 + sum(_size(c, depth + 1) for c in (cond.all if isinstance(cond, AllOf) else cond.any))


def parse_condition(obj: Any) -> Compare | AllOf | AnyOf:
    """A condition from its JSON form, e.g. ``{"ref": "curb65", "op": ">=", "value": 2}`` or
    ``{"any": [...]}``; a malformed one is refused with the first error."""
    try:
        cond = _CONDITION.validate_python(obj)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first.get("loc") or ()) or "condition"
        raise ConditionError(f"invalid condition at {where}: {first.get('msg')}") from None
    if _size(cond) > MAX_CONDITION_NODES:
        raise ConditionError(f"condition has more than {MAX_CONDITION_NODES} parts")
    if isinstance(cond, Compare) and isinstance(cond.value, str) and cond.op not in ("==", "!="):
        raise ConditionError(f"a category ({cond.value!r}) is compared with == or != only, not {cond.op}")
    return cond


def refs_of(cond: Compare | AllOf | AnyOf) -> list[str]:
    if isinstance(cond, Compare):
        return [cond.ref]
    return [r for c in (cond.all if isinstance(cond, AllOf) else cond.any) for r in refs_of(c)]


def condition_numbers(plan: list[dict[str, Any]]) -> list[float]:
    """The numbers the plan's conditions compare with (an answer that reports a decision writes them)."""
    out: list[float] = []

    def walk(c: Compare | AllOf | AnyOf) -> None:
        if isinstance(c, Compare):
            if not isinstance(c.value, str):
                out.append(float(c.value))
        else:
            for sub in (c.all if isinstance(c, AllOf) else c.any):
                walk(sub)

    for p in plan or []:
        if p.get("when"):
            try:
                walk(parse_condition(p["when"]))
            except ConditionError:
                continue
    return out


def render(cond: Compare | AllOf | AnyOf) -> str:
    if isinstance(cond, Compare):
        return f"{cond.ref} {cond.op} {cond.value!r}" if isinstance(cond.value, str) else f"{cond.ref} {cond.op} {_num(cond.value)}"
    joiner, parts = (" and ", cond.all) if isinstance(cond, AllOf) else (" or ", cond.any)
    return "(" + joiner.join(render(c) for c in parts) + ")"


def _fold(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", str(text).lower()).split())


def _num(v: Any) -> str:
    return f"{v:.6g}" if isinstance(v, float) else str(v)


def evaluate(cond: Compare | AllOf | AnyOf, results: dict[str, dict[str, Any]]) -> tuple[bool, str]:
    """(holds, why) of a condition over the earlier steps' results (step id -> observation); a reference to a step
    without a result, or a number compared with a text result, raises :class:`ConditionError`."""
    if isinstance(cond, Compare):
        obs = results.get(cond.ref)
        if obs is None:
            raise ConditionError(f"condition reads step '{cond.ref}', which has no result")
        got = obs.get("value")
        if isinstance(cond.value, str):
            text = _fold(f"{got} {obs.get('interpretation') or ''}")
            found = f" {_fold(cond.value)} " in f" {text} "
            holds = found if cond.op == "==" else not found
            return holds, f"{cond.ref} = {got!r} ({obs.get('interpretation') or 'no interpretation'}): {render(cond)} is {holds}"
        if isinstance(got, bool) or not isinstance(got, (int, float)):
            raise ConditionError(f"condition compares step '{cond.ref}' with a number, but its result is {got!r}")
        x, y = float(got), float(cond.value)
        holds = {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": math.isclose(x, y, abs_tol=1e-9),
                 "!=": not math.isclose(x, y, abs_tol=1e-9)}[cond.op]
        return holds, f"{cond.ref} = {_num(got)}: {render(cond)} is {holds}"
    parts = [evaluate(c, results) for c in (cond.all if isinstance(cond, AllOf) else cond.any)]
    holds = all(h for h, _ in parts) if isinstance(cond, AllOf) else any(h for h, _ in parts)
    return holds, "; ".join(w for _, w in parts)


# ---------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------


def step_id(plan: list[dict[str, Any]], i: int) -> str:
    return str(plan[i].get("id") or f"s{i + 1}")


def index_of(plan: list[dict[str, Any]]) -> dict[str, int]:
    return {step_id(plan, i): i for i in range(len(plan))}


def is_workflow(plan: list[dict[str, Any]], target: dict[str, Any] | None = None) -> bool:
    """A plan with data flow or conditions, or any plan for a question that names several tools (a plan binding
    only a generic tool, or one of them, is checked against every tool named)."""
    if any(p.get("when") or p.get("derive") for p in plan or []):
        return True
    return len((target or {}).get("named") or []) > 1


def with_dependencies(plan: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The plan with each subtask's ``derive`` and ``when`` references added to its ``depends_on`` (indices), so a
    subtask whose source was given up is skipped like any dependent one."""
    index = index_of(plan)
    out = []
    for i, p in enumerate(plan):
        refs = list((p.get("derive") or {}).values())
        if p.get("when"):
            try:
                refs += refs_of(parse_condition(p["when"]))
            except ConditionError:
                pass
        extra = {index[r] for r in refs if r in index and index[r] < i}
        out.append({**p, "depends_on": sorted(set(p.get("depends_on") or []) | extra)} if extra else p)
    return out


def workflow_plan_checks(plan: list[dict[str, Any]], target: dict[str, Any], registry: ToolRegistry) -> dict[str, Any]:
    """The checks of a workflow plan (see the module doc)."""
    checks: list[Check] = []
    ids = [step_id(plan, i) for i in range(len(plan))]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    bad_ids = [i for i in ids if not re.match(STEP_ID, i)]
    if dup or bad_ids:
        checks.append(Check("step_ids", False, "step ids must be unique names: "
                            + ", ".join([f"{d} repeated" for d in dup] + [f"{b!r} invalid" for b in bad_ids])))
    index = index_of(plan)
    tools = [p.get("tool") for p in plan]
    asked = set((target or {}).get("named") or []) | ({target["tool"]} if (target or {}).get("decisive") else set())
    unbound = sorted(t for t in asked if t not in tools)
    if unbound:
        checks.append(Check("binds_targets", False, "the plan does not use " + ", ".join(
            f"{t} ({tool_label(registry, t)})" for t in unbound) + ", which the question asks for"))
    elif asked:
        checks.append(Check("binds_targets", True, "binds " + ", ".join(sorted(asked)) + ", which the question asks for"))
    flow: list[str] = []
    linked: set[int] = set()
    for i, p in enumerate(plan):
        calc = CALCULATORS.get(p.get("tool") or "")
        for name, ref in (p.get("derive") or {}).items():
            j = index.get(str(ref))
            if j is None or j >= i:
                flow.append(f"step {ids[i]} derives {name} from {ref!r}, which is not an earlier step")
            elif tools[j] in NONE_TOOLS:
                flow.append(f"step {ids[i]} derives {name} from {ref!r}, which calls no tool")
            elif calc is None or name not in calc.inputs.model_fields:
                flow.append(f"step {ids[i]} derives {name!r}, which is not an input of {p.get('tool')}")
            else:
                linked.update((i, j))
        if p.get("when"):
            try:
                refs = refs_of(parse_condition(p["when"]))
            except ConditionError as err:
                flow.append(f"step {ids[i]}: {err}")
                continue
            late = [r for r in refs if r not in index or index[r] >= i or tools[index[r]] in NONE_TOOLS]
            if late:
                flow.append(f"step {ids[i]}'s condition reads {', '.join(late)}, which is not an earlier tool step")
            linked.update([i, *(index[r] for r in refs if r in index)])
    if flow:
        checks.append(Check("data_flow", False, "; ".join(flow)))
    else:
        checks.append(Check("data_flow", True, "every derived input and condition reads an earlier tool step"))
    extra = [f"{ids[i]} ({t})" for i, t in enumerate(tools)
             if t not in NONE_TOOLS and t not in asked and i not in linked]
    if extra:
        checks.append(Check("no_unrelated_tools", False, f"step(s) {', '.join(extra)}: neither asked for by the question "
                            "nor linked to another step (a derived input or a condition)"))
    else:
        checks.append(Check("no_unrelated_tools", True, "every tool step is asked for or linked to another step"))
    return report(checks)


# ---------------------------------------------------------------------------
# Conditions at run time
# ---------------------------------------------------------------------------


def results_by_id(state: MedMirrorState, extra: list[dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    """Step id -> observation of the successful steps (the last one of a subtask wins)."""
    plan = state.plan or []
    out: dict[str, dict[str, Any]] = {}
    for st in [*(state.steps or []), *(extra or [])]:
        i = st.get("subtask")
        if st.get("ok") and isinstance(i, int) and i < len(plan) and isinstance(st.get("observation"), dict):
            out[step_id(plan, i)] = st["observation"]
    return out


def skipped_subtasks(state: MedMirrorState) -> list[int]:
    return [d["subtask"] for d in state.decisions or [] if not d.get("taken")]


def decide(state: MedMirrorState, nxt: int, new_step: dict[str, Any], given_up: list[int],
           next_subtask: Any) -> tuple[int, list[dict[str, Any]]]:
    """From the next runnable subtask ``nxt`` on, evaluate each conditional step's ``when`` over the results so far
    (with ``new_step``): a step whose condition does not hold (or cannot be evaluated) is skipped, and so is a step
    that needs a skipped one. Returns (the subtask to run, the decisions taken)."""
    plan = state.plan or []
    results = results_by_id(state, [new_step])
    skipped = list(skipped_subtasks(state))
    decisions: list[dict[str, Any]] = []
    while nxt < len(plan) and plan[nxt].get("when"):
        try:
            taken, why = evaluate(parse_condition(plan[nxt]["when"]), results)
        except ConditionError as err:
            taken, why = False, f"not evaluated: {err}"
        decisions.append({"subtask": nxt, "id": step_id(plan, nxt), "tool": plan[nxt].get("tool"),
                          "condition": render(parse_condition(plan[nxt]["when"])) if "not evaluated" not in why
                          else str(plan[nxt]["when"])[:200], "taken": taken, "why": why})
        if taken:
            break
        skipped.append(nxt)
        nxt = next_subtask(plan, nxt + 1, [*given_up, *skipped])
    return nxt, decisions


# ---------------------------------------------------------------------------
# Derived and EHR inputs
# ---------------------------------------------------------------------------


def _step_value(obs: dict[str, Any], calc: Calculator, name: str) -> tuple[Any, str]:
    """The producing step's value in the input's canonical unit, and how it was converted ('' when as is)."""
    value = obs.get("value")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value, ""
    have, want = str(obs.get("unit") or ""), field_unit(calc, name)
    if not have or not want or _fold(have) == _fold(want):
        return value, ""
    try:
        converted = convert(float(value), have, want)
    except (UnitConversionError, ValueError) as err:
        raise ValueError(f"its result {_num(value)} {have} cannot be converted to {want} ({err})") from None
    return converted, f"{_num(value)} {have} -> {_num(converted)} {want}"


def _matches(claimed: Any, value: Any) -> bool:
    """A claimed number equals the step's value at the precision it is written with."""
    if isinstance(claimed, bool) or isinstance(value, bool):
        return claimed == value
    if isinstance(claimed, (int, float)) and isinstance(value, (int, float)):
        text = repr(claimed) if isinstance(claimed, float) else str(claimed)
        decimals = len(text.split(".")[1]) if "." in text and "e" not in text else 0
        return math.isclose(claimed, value, rel_tol=1e-9, abs_tol=1e-9) or round(float(value), decimals) == claimed
    return _fold(str(claimed)) == _fold(str(value))


def sourced_inputs(calc: Calculator, arguments: dict[str, Any], state: MedMirrorState) -> dict[str, Any]:
    """The inputs of this call whose value comes from an earlier step or the patient record, checked:
    ``{"args": {input: value}, "params": [grounding params with status derived/ehr], "refused": [reasons],
    "names": [inputs taken out of the note's grounding]}``."""
    plan = state.plan or []
    current = plan[state.current] if state.current < len(plan) else {}
    index = index_of(plan)
    results = results_by_id(state)
    derive = {k: str(v) for k, v in (current.get("derive") or {}).items()}
    out: dict[str, Any] = {"args": {}, "params": [], "refused": [], "names": []}
    for name, value in (current.get("method") or {}).items():
        _method_input(calc, str(name), value, out)
    names = set(derive) | {k for k, v in (arguments or {}).items()
                           if isinstance(v, dict) and ("from_step" in v or "ehr_row" in v)}
    for name in sorted(names):
        if name not in calc.inputs.model_fields:
            out["refused"].append(f"{name}: not an input of {calc.id}")
            out["names"].append(name)
            continue
        given = (arguments or {}).get(name)
        ref = given.get("from_step") if isinstance(given, dict) and "from_step" in given else derive.get(name)
        out["names"].append(name)
        if isinstance(given, dict) and "ehr_row" in given:
            _ehr_input(calc, name, given["ehr_row"], state, out)
            continue
        ref = str(ref)
        if ref not in index:
            out["refused"].append(f"{name} is claimed as derived from step {ref!r}, which the plan does not have")
            continue
        if ref not in results:
            out["refused"].append(f"{name} is claimed as derived from step {ref!r}, which has not produced a result")
            continue
        obs = results[ref]
        try:
            value, conversion = _step_value(obs, calc, name)
        except ValueError as err:
            out["refused"].append(f"{name} from step {ref!r}: {err}")
            continue
        claimed = given if given is not None and not isinstance(given, dict) else None
        if claimed is not None and not (_matches(claimed, value) or _matches(claimed, obs.get("value"))):
            out["refused"].append(f"{name}={claimed!r} is claimed as derived from step {ref!r}, whose result is "
                                  f"{_num(obs.get('value'))}{' ' + obs['unit'] if obs.get('unit') else ''}")
            continue
        out["args"][name] = value
        producer = plan[index[ref]].get("tool")
        out["params"].append({"name": name, "value": value, "status": "derived", "source": "step",
                              "evidence": {"where": "step", "step": ref, "subtask": index[ref], "tool": producer,
                                           "value": obs.get("value"), "unit": obs.get("unit") or "",
                                           "text": f"step {ref} ({producer}) = {_num(obs.get('value'))}"
                                                   f"{' ' + obs['unit'] if obs.get('unit') else ''}"
                                                   + (f" [{conversion}]" if conversion else "")}})
    return out


def _method_input(calc: Calculator, name: str, value: Any, out: dict[str, Any]) -> None:
    """A method parameter the plan fixes (Cockcroft-Gault's ``weight_basis`` when its weight is a derived adjusted
    weight): only an input the field map marks as a choice of method, never a finding about the patient."""
    out["names"].append(name)
    try:
        is_method = isinstance(source_for(calc.id, name), Config)
    except KeyError:
        is_method = False
    if not is_method:
        out["refused"].append(f"the plan sets {name}, which is not a method parameter of {calc.id}")
        return
    try:
        value = canonical(calc, name, value)
    except ValueError as err:
        out["refused"].append(f"the plan's {name}={value!r} is not valid: {err}")
        return
    out["args"][name] = value
    out["params"].append({"name": name, "value": value, "status": "assumed", "source": "plan",
                          "note": "method parameter: set by the plan",
                          "evidence": {"where": "plan", "text": f"the plan sets {name} = {value}"}})


def _ehr_input(calc: Calculator, name: str, row_id: Any, state: MedMirrorState, out: dict[str, Any]) -> None:
    db = (state.resources or {}).get("ehr_db")
    if not db:
        out["refused"].append(f"{name} cites EHR row {row_id!r}, but the task has no patient record (resource 'ehr_db')")
        return
    try:
        row = read_row(str(db), row_id)
        value = row_argument(calc, name, row)
    except (PatientRecordError, ValueError) as err:
        out["refused"].append(f"{name} from EHR row {row_id!r}: {err}")
        return
    out["args"][name] = value
    out["params"].append({"name": name, "value": value, "status": "ehr", "source": "ehr", "evidence": row_evidence(row)})


def merge_sourced(args: dict[str, Any], grounding: dict[str, Any], sourced: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The note's grounding with the derived and EHR inputs laid over it (and any refusal recorded)."""
    names = set(sourced["names"])
    params = [p for p in grounding.get("params") or [] if p.get("name") not in names] + sourced["params"]
    merged = {**{k: v for k, v in args.items() if k not in names}, **sourced["args"]}
    record = {**grounding, "args": merged, "params": params}
    if sourced["refused"]:
        record["refused"] = list(sourced["refused"])
        record["flags"] = [*(grounding.get("flags") or []), *sourced["refused"]]
    return merged, record


# ---------------------------------------------------------------------------
# The answer
# ---------------------------------------------------------------------------


def _value_text(obs: dict[str, Any]) -> str:
    unit = f" {obs['unit']}" if obs.get("unit") else ""
    interp = f" ({obs['interpretation']})" if obs.get("interpretation") else ""
    return f"{_num(obs.get('value'))}{unit}{interp}"


def _inputs_brief(step: dict[str, Any]) -> str:
    parts = []
    for p in (step.get("grounding") or {}).get("params") or []:
        if p.get("value") is None or p.get("status") in ("missing", "assumed"):
            continue
        ev = p.get("evidence") or {}
        src = {"derived": f"from step {ev.get('step')}", "ehr": f"EHR {ev.get('table')} row {ev.get('row_id')}"}.get(
            str(p.get("status")), "")
        parts.append(f"{p['name']} = {_num(p['value'])}" + (f" [{src}]" if src else ""))
    return "; ".join(parts)


def compose_workflow(state: MedMirrorState, threshold: float, withhold: bool) -> tuple[str, list[dict[str, Any]]]:
    """The answer of a workflow: one line per planned tool step, in order (its value and interpretation with where
    its inputs came from; an uncertain value as its range; a skipped step with the condition that skipped it; a
    failed step with why), then the decisions. Returns (text, the per-step list)."""
    plan = state.plan or []
    by_subtask: dict[int, dict[str, Any]] = {}
    for st in state.steps or []:
        if isinstance(st.get("subtask"), int):
            by_subtask[st["subtask"]] = st
    decisions = {d["subtask"]: d for d in state.decisions or []}
    lines, listed = [], []
    for i, p in enumerate(plan):
        if p.get("tool") in NONE_TOOLS:
            continue
        sid, st, d = step_id(plan, i), by_subtask.get(i), decisions.get(i)
        entry: dict[str, Any] = {"id": sid, "tool": p["tool"], "status": "not run"}
        if d is not None and not d["taken"]:
            entry.update(status="skipped", why=d["why"])
            line = f"{sid} {p['tool']}: not run: condition {d['condition']} does not hold ({d['why']})."
        elif st is not None and st.get("ok") and isinstance(st.get("observation"), dict):
            obs = st["observation"]
            conf = st.get("confidence") or {}
            uncertain = bool(conf) and float(conf.get("confidence", 1)) < threshold
            entry.update(status="uncertain" if uncertain else "answered", value=None if uncertain and withhold
                         else obs.get("value"), unit=obs.get("unit") or "", interpretation=obs.get("interpretation") or "")
            name = obs.get("name") or p["tool"]
            if uncertain:
                entry["range"] = conf.get("range")
                shown = (f"uncertain, {conf.get('range')} (confidence {100 * float(conf['confidence']):.0f}%)"
                         + ("" if withhold else f"; as read {_value_text(obs)}"))
            else:
                shown = _value_text(obs)
            inputs = _inputs_brief(st)
            line = f"{sid} {name} = {shown}." + (f" Inputs: {inputs}." if inputs else "")
        elif st is not None:
            entry.update(status="failed", why=st.get("error", "")[:300])
            line = f"{sid} {p['tool']}: no value: {st.get('error', '')[:200]}."
        else:
            line = f"{sid} {p['tool']}: not run."
        lines.append(line)
        listed.append(entry)
    if state.decisions:
        lines.append("Decisions: " + "; ".join(
            f"{d['id']} ({d['tool']}) {'run' if d['taken'] else 'skipped'} because {d['why']}" for d in state.decisions)
                     + ".")
    return " ".join(lines), listed


def workflow_answer_check(text: str, listed: list[dict[str, Any]], state: MedMirrorState) -> Check:
    """Every value of the answer is a step's result, and every step that produced one is listed."""
    ran = {step_id(state.plan or [], st["subtask"]) for st in state.steps or []
           if st.get("ok") and isinstance(st.get("subtask"), int)}
    listed_ids = {e["id"] for e in listed if e["status"] in ("answered", "uncertain")}
    missing = sorted(ran - listed_ids)
    if missing:
        return Check("every_value_listed", False, f"the answer leaves out the result of step(s) {', '.join(missing)}")
    stray = [e["id"] for e in listed if e["status"] in ("answered", "uncertain") and e["id"] not in ran]
    if stray:
        return Check("every_value_listed", False, f"the answer gives a value for step(s) {', '.join(stray)}, which did not run")
    return Check("every_value_listed", True, f"the answer lists the {len(listed_ids)} value(s) the steps computed")
