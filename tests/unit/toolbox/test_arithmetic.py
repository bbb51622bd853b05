"""Safe arithmetic evaluator and the ``calculate`` tool."""

from __future__ import annotations

import json
import math

import pytest

from medmirror.tools import arithmetic
from medmirror.tools.arithmetic import ExpressionError, evaluate


@pytest.mark.parametrize("expr, expected", [
    ("1 + 2 * 3", 7),                       # precedence: 2*3 first
    ("(1 + 2) * 3", 9),
    ("2 ** 10", 1024),
    ("2^10", 1024),                         # ^ read as power
    ("-3 ** 2", -9),                        # unary minus binds after **
    ("(-3) ** 2", 9),
    ("10 % 3", 1),
    ("7 // 2", 3),
    ("7 / 2", 3.5),
    ("3 × 4 ÷ 6", 2.0),
    ("1.5e3 / 3", 500.0),
    ("min(4, 2, 9) + max(1, 5)", 7),
    ("abs(-2.5)", 2.5),
    ("round(2.5)", 3),                      # half away from zero, not banker's 2
    ("round(-2.5)", -3),
    ("round(2.675, 2)", 2.68),              # as written in decimal, not the binary 2.67499...
    ("round(1234, -2)", 1200),
    ("log10(1000)", 3.0),
    ("log(8, 2)", 3.0),
])
def test_values(expr, expected):
    assert evaluate(expr) == pytest.approx(expected)


def test_functions_and_constants():
    # Mosteller BSA for 170 cm, 70 kg: sqrt(170*70/3600) = sqrt(3.30556) = 1.81812
    assert evaluate("sqrt(170 * 70 / 3600)") == pytest.approx(1.81812, abs=1e-5)
    assert evaluate("log(e)") == pytest.approx(1.0)
    assert evaluate("exp(0)") == 1.0
    assert evaluate("2 * pi") == pytest.approx(2 * math.pi)
    # Cockcroft-Gault, 65 y, 70 kg, Scr 1.1 mg/dL, male: (140-65)*70/(72*1.1) = 5250/79.2 = 66.288
    assert evaluate("(140 - 65) * 70 / (72 * 1.1)") == pytest.approx(66.288, abs=1e-3)


@pytest.mark.parametrize("expr, fragment", [
    ("1/0", "division by zero"),
    ("5 // 0", "division by zero"),
    ("5 % 0.0", "division by zero"),
    ("0 ** -1", "division by zero"),
    ("sqrt(-4)", "negative"),
    ("log(0)", "positive"),
    ("log10(-1)", "positive"),
    ("log(10, 1)", "base"),
    ("(-8) ** (1/3)", "fractional power"),
    ("9 ** 9 ** 9", "too large"),
    ("10 ** 500", "too large"),
    ("10.0 ** 400", "overflows"),
    ("1e308 * 10", "finite"),
    ("exp(1000)", "too large"),
    ("", "empty"),
    ("   ", "empty"),
    ("1 +", "not a valid"),
    ("x + 1", "unknown name 'x'"),
    ("sqrt", "is a function"),
    ("__import__('os').system('true')", "not allowed"),
    ("open('/etc/passwd')", "function 'open' is not allowed"),
    ("(1).real", "attribute"),
    ("[1, 2][0]", "not allowed"),
    ("'a' * 3", "only numbers"),
    ("True + 1", "only numbers"),
    ("1 < 2", "comparison"),
    ("1 if 1 else 0", "conditional"),
    ("lambda: 1", "lambda"),
    ("max()", "at least 1"),
    ("sqrt(1, 2)", "takes 1"),
    ("round(2.5, ndigits=1)", "keyword"),
    ("round(2.5, 0.5)", "whole number"),
    ("1j * 2", "only numbers"),
    ("1 << 2", "not allowed"),
])
def test_refusals(expr, fragment):
    with pytest.raises(ExpressionError) as err:
        evaluate(expr)
    assert fragment in str(err.value)


def test_limits():
    with pytest.raises(ExpressionError, match="too long"):
        evaluate("1+" * 300 + "1")
    with pytest.raises(ExpressionError, match="nested too deeply|too complex"):
        evaluate("-" * 120 + "1")
    with pytest.raises(ExpressionError, match="too complex"):
        evaluate("max(" + ",".join(["-1"] * 160) + ")")  # flat but 3 parts per "-1"
    with pytest.raises(ExpressionError):
        evaluate("(" * 300 + "1" + ")" * 300)  # the parser's own nesting limit, reported cleanly
    with pytest.raises(ExpressionError, match="text"):
        evaluate(12)  # type: ignore[arg-type]


def test_no_eval_exec_or_compile_in_module():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(arithmetic))
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not called & {"eval", "exec", "compile", "__import__"}


def test_registered_tool():
    (reg,) = arithmetic.registered_tools()
    assert reg.name == "calculate" and not reg.needs_context and not reg.requires
    assert [i.name for i in reg.card.inputs] == ["expression"] and reg.card.inputs[0].required
    out = reg.invoke({"expression": "(4 + 6) / 4"})
    assert out["value"] == 2.5 and out["evaluated"] == "(4 + 6) / 4"
    with pytest.raises(ValueError, match="division by zero"):
        reg.invoke({"expression": "1/0"})
    with pytest.raises(ValueError, match="expression \\(missing\\)"):
        reg.invoke({})
    with pytest.raises(ValueError, match="unknown argument"):
        reg.invoke({"expression": "1", "x": 2})
    # The LangChain tool returns JSON or an error message, never raises.
    assert json.loads(reg.tool.invoke({"expression": "2^3"}))["value"] == 8
    assert reg.tool.invoke({"expression": "1/0"}).startswith("Error: division by zero")
    assert "Error" in reg.tool.invoke({})
