"""Property-based fuzzing of the calculators (issue 12).

Invariants, for every calculator and any JSON value for any input (numbers, booleans,
NaN/inf, huge integers, strings with or without units, lists, objects with odd units,
unknown input names, and arguments that are not an object at all):

1. ``Calculator.run`` returns a :class:`CalculatorResult` or raises a ``ValueError``
   (normally :class:`CalculatorInputError`, which names the bad inputs); never any other
   exception (no AttributeError, TypeError, ZeroDivisionError, OverflowError, ...).
2. A numeric result is a finite number.
3. The LangChain tool (``as_tool().invoke``) and the graph's path (the registry's
   ``invoke``) agree: the same JSON result, or an ``"Error: ..."`` message for exactly the
   inputs the graph's path refuses; the tool never raises.
"""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.base import CalculatorResult

from .strategies import JSON, QUANTITY_FORMS

NAMES = sorted(CALCULATORS)
REGISTRY = default_registry()


@st.composite
def calls(draw):
    name = draw(st.sampled_from(NAMES))
    fields = list(CALCULATORS[name].inputs.model_fields)
    keys = st.sampled_from(fields) | st.text(max_size=6)
    args = draw(st.dictionaries(keys, JSON | QUANTITY_FORMS, max_size=len(fields) + 1))
    return name, args


@st.composite
def plausible_calls(draw):
    """Every input given, each with a plain number, a boolean or a short string (reaches compute more often)."""
    name = draw(st.sampled_from(NAMES))
    fields = list(CALCULATORS[name].inputs.model_fields)
    value = st.integers(-5, 400) | st.floats(-5, 400) | st.booleans() | st.sampled_from(
        ["Male", "Female", "yes", "no", "70 kg", "12/02/2020", "4 weeks", "oral", "IV"])
    args = {f: draw(value) for f in fields if draw(st.booleans())}
    return name, args


def _graph_path(name, args):
    try:
        return REGISTRY.get(name).invoke(args)
    except ValueError as err:
        return ("error", str(err))


def _check(name, args):
    calc = CALCULATORS[name]
    try:
        result = calc.run(args)
    except ValueError:
        result = None
    if result is not None:
        assert isinstance(result, CalculatorResult)
        if isinstance(result.value, float):
            assert math.isfinite(result.value), (name, args, result.value)
    out = calc.as_tool().invoke(args)
    assert isinstance(out, str)
    graph = _graph_path(name, args)
    if out.startswith("Error: "):
        assert isinstance(graph, tuple) and graph[1] == out[len("Error: "):]
    else:
        assert json.loads(out) == json.loads(json.dumps(graph, default=str))


@given(calls())
def test_any_json_for_any_input_gives_a_result_or_a_value_error(call):
    _check(*call)


@given(plausible_calls())
def test_plausible_inputs_give_a_result_or_a_value_error(call):
    _check(*call)


@given(st.sampled_from(NAMES), JSON.filter(lambda v: not isinstance(v, dict)))
def test_arguments_that_are_not_an_object_are_refused(name, args):
    calc = CALCULATORS[name]
    try:
        calc.tool_run(args)
    except ValueError:
        pass
    else:  # pragma: no cover - a non-object can never be valid arguments
        raise AssertionError(f"{name} accepted {args!r}")
