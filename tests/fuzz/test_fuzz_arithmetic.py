"""Property-based fuzzing of the arithmetic tool (issue 12).

Invariants, for any text and for expressions assembled from numbers (tiny, huge, inf/nan
spellings), operators, parentheses, whitelisted functions with any arity and names that
are not whitelisted:

1. ``evaluate`` returns a finite ``int`` or ``float``, or raises :class:`ExpressionError`;
   never another exception (no decimal.InvalidOperation, OverflowError, RecursionError,
   MemoryError, ZeroDivisionError, TypeError).
2. The ``calculate`` tool answers JSON or an ``"Error: ..."`` message; it never raises.
"""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from medmirror.tools.arithmetic import ExpressionError, evaluate, registered_tools

NUMBERS = st.sampled_from(["0", "1", "-1", "2.5", "1e308", "1e-308", "9" * 40, "1e999", "0.1", "3", "20", "-20",
                           "21", "pi", "e", "inf", "nan", "10**400", "2**1000000", "True", "None", "x"])
FUNCS = st.sampled_from(["sqrt", "log", "log10", "exp", "min", "max", "round", "abs", "eval", "__import__",
                         "open", "pow"])
OPS = st.sampled_from(["+", "-", "*", "/", "//", "%", "**", "^", "<", "==", "and", " "])


def expressions():
    return st.recursive(
        NUMBERS,
        lambda inner: st.one_of(
            st.builds(lambda a, op, b: f"{a} {op} {b}", inner, OPS, inner),
            st.builds(lambda a: f"({a})", inner),
            st.builds(lambda a: f"-{a}", inner),
            st.builds(lambda f, args: f"{f}({', '.join(args)})", FUNCS, st.lists(inner, max_size=3)),
        ),
        max_leaves=8,
    )


def _check(text):
    try:
        value = evaluate(text)
    except ExpressionError:
        return
    assert isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(value, float):
        assert math.isfinite(value)


@given(expressions())
def test_any_expression_gives_a_finite_number_or_an_expression_error(text):
    _check(text)


@given(st.text(max_size=80) | st.sampled_from(["(" * 500 + "1" + ")" * 500, "1+" * 2000 + "1", "round(1e308, 20)",
                                               "round(1e308, 2.5)", "round(-1e308, -20)", "exp(710)", "9**9**9"]))
def test_any_text_gives_a_finite_number_or_an_expression_error(text):
    _check(text)


@given(st.one_of(st.text(max_size=40), st.integers(), st.none(), st.lists(st.integers(), max_size=2)))
def test_the_tool_never_raises(expression):
    out = registered_tools()[0].tool.invoke({"expression": expression})
    assert isinstance(out, str)
