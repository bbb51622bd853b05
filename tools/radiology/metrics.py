"""Metrics of the radiology platform (pure functions, no I/O).

Chains are sequences of tool-category names (or tool names); a "rate" is a mean
of per-task booleans in [0, 1]. Each function's docstring is its definition.

Groups:
- chain quality: :func:`levenshtein`, :func:`false_discovery_rate`,
  :func:`tool_matching_accuracy` (by position, the paper's),
  :func:`tool_matching_accuracy_unordered` (apply to planned or executed chains)
- tool choice: :func:`optimal_tool_score` (rank credit, the paper's),
  :func:`optimal_tool_exact`, :func:`suitability_credit` (Differentiated condition)
- execution: :func:`execution_completion_rate`, :func:`pre_failure_success`,
  :func:`pre_failure_success_percentage` (over failed tasks, the paper's),
  :func:`pre_failure_success_percentage_all`
- outputs: :func:`values_match`, :func:`output_format_ok`, :func:`target_hit`
  (final tool and format, the paper's), :func:`target_value_hit` (values),
  :func:`target_hit_rate`, :func:`milestone_hit_rate`
- text: :func:`bleu`, :func:`rouge_l`, :func:`token_f1`
- unsolvability (Insufficient condition): :func:`unsolvability_aware`,
  :func:`unsolvability_grounded`, :func:`rate`
- complexity: :func:`complexity_of`, :func:`task_completion_by_complexity`
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any, Hashable, Iterable, Mapping, NamedTuple, Sequence

from medmirror.tools.radiology.schema import ANATOMIES, DATA_TYPES, MODALITIES

# ---------------------------------------------------------------------------
# Chains
# ---------------------------------------------------------------------------


def levenshtein(predicted: Sequence[Hashable], gold: Sequence[Hashable]) -> int:
    """Edit distance between two chains: the minimum number of single-step
    insertions, deletions and substitutions (each cost 1) turning ``predicted``
    into ``gold``. Steps compare by equality (category or tool name)."""
    prev = list(range(len(gold) + 1))
    for i, p in enumerate(predicted, start=1):
        cur = [i] + [0] * len(gold)
        for j, g in enumerate(gold, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (p != g))
        prev = cur
    return prev[-1]


def _matched(predicted: Sequence[Hashable], gold: Sequence[Hashable]) -> int:
    """Size of the multiset intersection: steps of ``predicted`` that have a gold counterpart."""
    return sum((Counter(predicted) & Counter(gold)).values())


def false_discovery_rate(predicted: Sequence[Hashable], gold: Sequence[Hashable]) -> float:
    """FDR = FP / (FP + TP) over the steps of ``predicted``, where TP is the
    multiset intersection with ``gold`` (a category used twice counts as correct
    only as often as gold uses it) and FP the remaining predicted steps. Order is
    ignored (Levenshtein covers it). An empty prediction discovers nothing: 0.0."""
    if not predicted:
        return 0.0
    return (len(predicted) - _matched(predicted, gold)) / len(predicted)


def tool_matching_accuracy(predicted: Sequence[Hashable], gold: Sequence[Hashable]) -> float:
    """TMA as RadA-BenchPlat defines it: tools are matched *by position*.

    TMA = #{i : predicted[i] == gold[i]} / max(len(predicted), len(gold)).

    Reading of "matched by position" (the paper does not spell out the denominator): every
    position present in either chain is one comparison, and a position that only one chain
    has is a mismatch. So a swapped pair costs both positions, an inserted or skipped step
    shifts every later step out of place, and extra steps after the gold chain lower TMA
    too. Both chains empty: 1.0. The order-free variant is
    :func:`tool_matching_accuracy_unordered`."""
    n = max(len(predicted), len(gold))
    if n == 0:
        return 1.0
    return sum(1 for p, g in zip(predicted, gold) if p == g) / n


def tool_matching_accuracy_unordered(predicted: Sequence[Hashable], gold: Sequence[Hashable]) -> float:
    """Order-free tool matching (a named extra, not the paper's TMA): (number of gold steps
    matched by a predicted step) / len(gold), with matching as the multiset intersection
    (order ignored). The recall counterpart of :func:`false_discovery_rate`: it says
    whether the right tools were used at all, while :func:`tool_matching_accuracy` says
    whether they were used in the right places. An empty gold chain gives 1.0."""
    if not gold:
        return 1.0
    return _matched(predicted, gold) / len(gold)


def chain_metrics(predicted: Sequence[Hashable], gold: Sequence[Hashable]) -> dict[str, float]:
    """Levenshtein distance, FDR, TMA (by position) and the order-free TMA of one chain against gold."""
    return {
        "levenshtein": float(levenshtein(predicted, gold)),
        "false_discovery_rate": false_discovery_rate(predicted, gold),
        "tool_matching_accuracy": tool_matching_accuracy(predicted, gold),
        "tool_matching_accuracy_unordered": tool_matching_accuracy_unordered(predicted, gold),
    }


# ---------------------------------------------------------------------------
# Tool choice and execution
# ---------------------------------------------------------------------------


def suitability_credit(tool: str | None, suitable: Mapping[str, float]) -> float:
    """Credit for choosing ``tool`` at one step whose suitable tools are ``suitable``
    (tool name -> performance score; "suitable" = right category, applies to the
    task's anatomy-modality and has the step's capabilities).

    Rank credit, linear in the rank: with k suitable tools and r the chosen tool's
    competition rank by performance (1 + the number of suitable tools scoring strictly
    higher; tied tools share the better rank), credit = (k - r + 1) / k. The best
    suitable tool gets 1.0, the next (k - 1) / k, ..., the worst 1 / k; an unsuitable
    tool (not in ``suitable``) or no tool gets 0. With one suitable tool this is the
    exact-match score. (Reading: the paper gives the best suitable tool full credit
    and less to lower-ranked suitable ones without a formula we could pin down; the
    linear scale keeps every suitable choice above an unsuitable one.)"""
    if tool is None or tool not in suitable:
        return 0.0
    k = len(suitable)
    mine = suitable[tool]
    r = 1 + sum(1 for p in suitable.values() if p > mine)
    return (k - r + 1) / k


def optimal_tool_score(chosen: Mapping[int, str | None], suitable: Mapping[int, Mapping[str, float]]) -> float:
    """Optimal tool score: the mean of :func:`suitability_credit` over the steps that
    have at least one suitable tool (``suitable``: gold step index -> {tool:
    performance}); ``chosen``: step index -> the tool the agent chose for it (absent
    or None: skipped, 0). Steps without a suitable tool (an Insufficient gap) are left
    out; no such step at all gives 1.0. :func:`optimal_tool_exact` is the strict
    variant (only the single best tool counts)."""
    steps = [i for i, tools in suitable.items() if tools]
    if not steps:
        return 1.0
    return sum(suitability_credit(chosen.get(i), suitable[i]) for i in steps) / len(steps)


def optimal_tool_exact(chosen: Mapping[int, str | None], optimal: Mapping[int, str]) -> float:
    """Strict variant of :func:`optimal_tool_score` (no partial credit): the fraction of
    the steps with a designated optimal tool (``optimal``: step index -> tool name, the
    unique best suitable tool) at which the agent chose exactly that tool. A skipped
    step counts as a miss. No designated steps gives 1.0."""
    if not optimal:
        return 1.0
    return sum(1 for step, name in optimal.items() if chosen.get(step) == name) / len(optimal)


def rate(flags: Iterable[bool]) -> float:
    """Mean of booleans (fraction true); 0.0 for an empty collection."""
    flags = list(flags)
    return sum(1 for f in flags if f) / len(flags) if flags else 0.0


def execution_completion_rate(completed: Iterable[bool]) -> float:
    """Fraction of tasks whose execution ran to its end: every executed step
    succeeded and the agent issued the EndCall producing the requested output."""
    return rate(completed)


def pre_failure_success(step_ok: Sequence[bool], gold_length: int) -> float:
    """For one task: the number of steps that succeeded before the first failed
    step (all of them if none failed), divided by the gold chain length and
    capped at 1. Measures how far into the required workflow the agent got.
    The paper's aggregate (:func:`pre_failure_success_percentage`) takes it over
    the failed tasks only."""
    if gold_length <= 0:
        raise ValueError("gold_length must be positive")
    n = 0
    for ok in step_ok:
        if not ok:
            break
        n += 1
    return min(n / gold_length, 1.0)


class PreFailure(NamedTuple):
    """The pre-failure success percentage and the number of failed tasks it is the mean of."""

    percentage: float | None
    n_failed: int


def pre_failure_success_percentage(executions: Iterable[tuple[Sequence[bool], int, bool]]) -> PreFailure:
    """Pre-failure success as RadA-BenchPlat aggregates it: the mean of
    :func:`pre_failure_success` over the *failed* tasks only, as a percentage (0-100),
    with their number.

    ``executions``: (step_ok, gold_length, completed) per task; a task failed iff
    ``completed`` is false (its execution did not run to the end, see
    :func:`execution_completion_rate`). Completed tasks are left out: the metric says
    how far the agent got when it failed. No failed task: percentage None, n_failed 0.
    :func:`pre_failure_success_percentage_all` is the earlier all-task mean."""
    values = [pre_failure_success(steps, n) for steps, n, completed in executions if not completed]
    return PreFailure(100.0 * sum(values) / len(values) if values else None, len(values))


def pre_failure_success_percentage_all(executions: Iterable[tuple[Sequence[bool], int]]) -> float:
    """Named variant (not the paper's): the mean of :func:`pre_failure_success` over
    all tasks, completed ones included (they count 1.0 each), as a percentage (0-100);
    0.0 for no task. A progress measure that mixes completion in."""
    values = [pre_failure_success(steps, n) for steps, n in executions]
    return 100.0 * sum(values) / len(values) if values else 0.0


# ---------------------------------------------------------------------------
# Outputs
# ---------------------------------------------------------------------------


def _norm_text(s: str) -> str:
    return " ".join(s.casefold().split())


def values_match(produced: Any, truth: Any, rel_tol: float = 0.05) -> bool:
    """Whether a produced value matches the true one.

    Booleans: both booleans and equal. Numbers: |produced - truth| <= rel_tol * |truth| (or 1e-9 when
    truth is 0). Strings: equal after case folding and whitespace collapsing.
    Mappings: every key of ``truth`` present in ``produced`` and matching
    (extra produced keys such as a quality score are ignored). Sequences:
    same length, element-wise match. Anything else: equality."""
    if isinstance(truth, bool) or isinstance(produced, bool):
        return isinstance(truth, bool) and isinstance(produced, bool) and produced == truth
    if isinstance(truth, (int, float)):
        if not isinstance(produced, (int, float)):
            return False
        return abs(produced - truth) <= max(rel_tol * abs(truth), 1e-9)
    if isinstance(truth, str):
        return isinstance(produced, str) and _norm_text(produced) == _norm_text(truth)
    if isinstance(truth, Mapping):
        return isinstance(produced, Mapping) and all(k in produced and values_match(produced[k], v, rel_tol) for k, v in truth.items())
    if isinstance(truth, (list, tuple)):
        return (
            isinstance(produced, (list, tuple))
            and len(produced) == len(truth)
            and all(values_match(p, t, rel_tol) for p, t in zip(produced, truth))
        )
    return produced == truth


def output_format_ok(key: str, value: Any) -> bool:
    """Whether ``value`` has the format of the data item ``key`` (``schema.DATA_TYPES``),
    values not checked: a string item is a non-empty string; an enum item (anatomy,
    modality) one of its names (case-insensitive); an object item a mapping with its
    required fields, ``value`` a number (not a boolean) and the other fields strings.
    An unknown key is never in format."""
    if key not in DATA_TYPES:
        return False
    kind, fields = DATA_TYPES[key]
    if kind in ("string", "enum"):
        if not isinstance(value, str) or not value.strip():
            return False
        if kind == "enum":
            domain = ANATOMIES if key == "anatomy" else MODALITIES
            return _norm_text(value) in {_norm_text(d) for d in domain}
        return True
    if not isinstance(value, Mapping) or any(f not in value for f in fields):
        return False
    for f in fields:
        v = value[f]
        ok = (isinstance(v, (int, float)) and not isinstance(v, bool)) if f == "value" else isinstance(v, str)
        if not ok:
            return False
    return True


def target_hit(final_tool: str | None, gold_final: str, produced: Mapping[str, Any], target_outputs: Iterable[str]) -> bool:
    """Target hit as RadA-BenchPlat defines it: the workflow ends with the right tool and
    its output is in the right format. True iff ``final_tool`` (the category of the last
    tool the agent ran successfully) equals ``gold_final`` (the category of the gold
    chain's last step), and every requested target output is in ``produced`` in its
    format (:func:`output_format_ok`). Values are not compared - that is
    :func:`target_value_hit`. A joint target (organ segmentation and anomaly) needs both
    outputs in format; its final tool is the gold chain's last one (the detector)."""
    if final_tool is None or final_tool != gold_final:
        return False
    return all(k in produced and output_format_ok(k, produced[k]) for k in target_outputs)


def target_value_hit(produced: Mapping[str, Any], target: Mapping[str, Any], rel_tol: float = 0.05) -> bool:
    """Value check (a named extra, not the paper's target hit): True when every requested
    target output (key -> true value) was produced and matches (:func:`values_match`),
    whichever tool produced it. A joint-grounding task hits only if both the organ
    segmentation and the anomaly are right."""
    return all(k in produced and values_match(produced[k], v, rel_tol) for k, v in target.items())


def target_hit_rate(hits: Iterable[bool]) -> float:
    """Fraction of tasks with a :func:`target_hit` (or, given those flags, :func:`target_value_hit`)."""
    return rate(hits)


def milestone_hit_rate(produced: Mapping[str, Any], milestones: Mapping[str, Any], rel_tol: float = 0.05) -> float:
    """For one task: the fraction of milestones (true values of the
    intermediate outputs of the gold chain) that the agent produced correctly.
    A task without milestones gives 1.0."""
    if not milestones:
        return 1.0
    return sum(1 for k, v in milestones.items() if k in produced and values_match(produced[k], v, rel_tol)) / len(milestones)


# ---------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------

_TOKEN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")


def tokenize(text: str) -> list[str]:
    """Lower-cased alphanumeric tokens; decimals stay whole ("12.5"), punctuation is dropped."""
    return _TOKEN.findall(text.casefold())


def _ngrams(tokens: Sequence[str], n: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def bleu(hypothesis: str, reference: str, max_n: int = 4, epsilon: float = 0.1) -> float:
    """Sentence BLEU-4 (Papineni et al. 2002) of one hypothesis against one reference.

    BLEU = BP * exp(sum_{n=1..4} 1/4 * log p_n), p_n = clipped n-gram matches /
    hypothesis n-grams, BP = 1 if c > r else exp(1 - r/c) (c, r: token counts).
    Smoothing: Chen & Cherry (2014) method 1 (NLTK ``SmoothingFunction().method1``):
    an order with zero matches uses p_n = epsilon / (hypothesis n-grams), epsilon
    = 0.1; an order with no hypothesis n-grams at all (hypothesis shorter than n)
    uses epsilon / 1. Empty hypothesis or reference: 0.0."""
    hyp, ref = tokenize(hypothesis), tokenize(reference)
    if not hyp or not ref:
        return 0.0
    log_sum = 0.0
    for n in range(1, max_n + 1):
        h, r = _ngrams(hyp, n), _ngrams(ref, n)
        total = max(sum(h.values()), 1)
        match = sum((h & r).values())
        p = match / total if match > 0 else epsilon / total
        log_sum += math.log(p) / max_n
    c, r_len = len(hyp), len(ref)
    bp = 1.0 if c > r_len else math.exp(1 - r_len / c)
    return bp * math.exp(log_sum)


def _lcs(a: Sequence[str], b: Sequence[str]) -> int:
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, start=1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def rouge_l(hypothesis: str, reference: str) -> float:
    """ROUGE-L F-measure (Lin 2004) with beta = 1: with L = the longest common
    subsequence of the token sequences, P = L / |hypothesis|, R = L / |reference|,
    F = 2PR / (P + R). 0.0 if either is empty or L = 0."""
    hyp, ref = tokenize(hypothesis), tokenize(reference)
    if not hyp or not ref:
        return 0.0
    lcs = _lcs(hyp, ref)
    if lcs == 0:
        return 0.0
    p, r = lcs / len(hyp), lcs / len(ref)
    return 2 * p * r / (p + r)


def token_f1(hypothesis: str, reference: str) -> float:
    """Bag-of-tokens F1 (SQuAD style): common = multiset intersection size,
    P = common / |hypothesis|, R = common / |reference|, F1 = 2PR / (P + R).
    Both empty: 1.0; one empty or nothing in common: 0.0."""
    hyp, ref = tokenize(hypothesis), tokenize(reference)
    if not hyp and not ref:
        return 1.0
    common = sum((Counter(hyp) & Counter(ref)).values())
    if common == 0:
        return 0.0
    p, r = common / len(hyp), common / len(ref)
    return 2 * p * r / (p + r)


def text_metrics(hypothesis: str, reference: str) -> dict[str, float]:
    return {"bleu": bleu(hypothesis, reference), "rouge_l": rouge_l(hypothesis, reference), "token_f1": token_f1(hypothesis, reference)}


# ---------------------------------------------------------------------------
# Unsolvability (Insufficient condition)
# ---------------------------------------------------------------------------


def _field(obj: Any, name: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


def _kind(answer: Any) -> str:
    if isinstance(answer, str):
        return answer
    return str(_field(answer, "kind"))


def unsolvability_aware(answers: Sequence[Any], unsolvable_step: int, strict: bool = True) -> bool:
    """Whether the agent recognised that the task cannot be completed.

    ``answers``: the agent's step answers in order, one per workflow step (kinds
    "call", "end_call", "no_call", as strings or objects/dicts with ``kind``).
    Aware iff the agent issued a NoCall before any EndCall and, when ``strict``,
    that first NoCall is at the unsolvable step's position (it carried out the
    solvable prefix and stopped exactly where the chain breaks). With
    ``strict=False`` any NoCall before an EndCall counts."""
    for pos, answer in enumerate(answers):
        kind = _kind(answer)
        if kind == "end_call":
            return False
        if kind == "no_call":
            return pos == unsolvable_step if strict else True
    return False


def unsolvability_grounded(no_call: Any, gap: Any) -> bool:
    """Whether a NoCall names the actual gap of an Insufficient tool set.

    Always: the NoCall's ``category`` equals the gap's category. Additionally for
    config2 (no tool for this anatomy-modality) its ``anatomy`` and ``modality``
    equal the gap's, and for config3 (capability missing) its
    ``missing_capability`` equals the gap's. ``no_call`` / ``gap``: objects or
    dicts with those fields (see ``protocol.NoCall`` and ``toolsets.Gap``)."""
    if no_call is None or _kind(no_call) != "no_call":
        return False
    if _field(no_call, "category") != _field(gap, "category"):
        return False
    config = _field(gap, "config")
    if config == "config2":
        return _field(no_call, "anatomy") == _field(gap, "anatomy") and _field(no_call, "modality") == _field(gap, "modality")
    if config == "config3":
        return _field(no_call, "missing_capability") == _field(gap, "missing_capability")
    return True


# ---------------------------------------------------------------------------
# Complexity
# ---------------------------------------------------------------------------


def complexity_of(n_steps: int) -> str:
    """Complexity band of a gold chain of ``n_steps`` steps. Reading of the
    brief's overlapping bands ("simple < 4, moderate 4-6, complex >= 6"):
    simple = 1-3 steps, moderate = 4-5 steps, complex = 6 or more."""
    if n_steps < 1:
        raise ValueError("a chain has at least one step")
    if n_steps < 4:
        return "simple"
    if n_steps < 6:
        return "moderate"
    return "complex"


def task_completion_by_complexity(results: Iterable[tuple[int, bool]]) -> dict[str, float | None]:
    """Task completion rate per complexity band: ``results`` are (gold chain
    length, task completed) pairs; each band's value is the fraction completed,
    None for a band with no task."""
    buckets: dict[str, list[bool]] = {"simple": [], "moderate": [], "complex": []}
    for n, done in results:
        buckets[complexity_of(n)].append(bool(done))
    return {k: (rate(v) if v else None) for k, v in buckets.items()}
