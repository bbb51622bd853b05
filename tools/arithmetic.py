"""Safe arithmetic: evaluate a numeric expression through an AST whitelist (tool ``calculate``).

The expression is parsed with :func:`ast.parse` (``mode="eval"``) and the tree is
walked by hand; nothing is compiled or executed. Allowed:

- numbers (int, float, scientific notation), ``+ - * / ** % //``, unary ``-``/``+``,
  parentheses;
- functions ``sqrt log log10 exp min max round abs`` (``log(x)`` is natural; ``log(x, b)``
  takes a base) and constants ``pi`` and ``e``;
- ``^`` is read as a power (as clinicians write it), ``×``/``÷`` as ``*``/``/``;
  commas only separate function arguments (write 1000, not 1,000);
- ``round`` rounds halves away from zero on the number as written in decimal
  (``round(2.5) = 3``, ``round(2.675, 2) = 2.68``), as clinical rounding does.

Limits: at most 500 characters, nesting depth 40, 400 tree nodes, exponents of
magnitude up to 1000 (integer powers up to 10000 in value), results must be finite.
Anything else (names, attributes, calls to other functions, strings, comparisons,
lambdas, subscripts) is refused with :class:`ExpressionError` naming what is not
allowed; division by zero and math domain errors are reported as such.
"""

from __future__ import annotations

import ast
import math
import operator
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field

from medmirror.tools.cards import ToolCard
from medmirror.tools.tooling import card_inputs, make_tool

MAX_LENGTH = 500
MAX_DEPTH = 40
MAX_NODES = 400
MAX_EXPONENT = 1000
MAX_INT_DIGITS = 400


class ExpressionError(ValueError):
    """The expression cannot be evaluated safely or has no finite value."""


def _log(x: float, base: float | None = None) -> float:
    if x <= 0:
        raise ExpressionError(f"log is only defined for positive numbers (got {_fmt(x)})")
    if base is None:
        return math.log(x)
    if base <= 0 or base == 1:
        raise ExpressionError(f"log base must be positive and not 1 (got {_fmt(base)})")
    return math.log(x, base)


def _log10(x: float) -> float:
    if x <= 0:
        raise ExpressionError(f"log10 is only defined for positive numbers (got {_fmt(x)})")
    return math.log10(x)


def _sqrt(x: float) -> float:
    if x < 0:
        raise ExpressionError(f"sqrt of a negative number ({_fmt(x)}) is not a real number")
    return math.sqrt(x)


def _exp(x: float) -> float:
    if x > 700:
        raise ExpressionError(f"exp({_fmt(x)}) is too large")
    return math.exp(x)


def _round(x: float, ndigits: float | None = None) -> float | int:
    digits = 0 if ndigits is None else ndigits
    if digits != int(digits) or not -20 <= digits <= 20:
        raise ExpressionError("round's second argument must be a whole number of digits between -20 and 20")
    if isinstance(x, float) and not math.isfinite(x):
        raise ExpressionError("cannot round a non-finite number")
    # enough precision for every digit of x plus the requested decimals (round(1e308, 20) needs 329;
    # the default 28 raised a bare decimal.InvalidOperation)
    text = repr(x)
    try:
        with localcontext() as ctx:
            ctx.prec = max(28, len(text) + 330)
            quantum = Decimal(1).scaleb(-int(digits))
            rounded = Decimal(text).quantize(quantum, rounding=ROUND_HALF_UP) if digits >= 0 else \
                (Decimal(text) / quantum).quantize(Decimal(1), rounding=ROUND_HALF_UP) * quantum
    except (InvalidOperation, OverflowError):
        raise ExpressionError(f"cannot round {text[:40]} to {int(digits)} digits") from None
    if ndigits is None:
        return int(rounded)
    return float(rounded)


def _min(*xs: float) -> float:
    if not xs:
        raise ExpressionError("min needs at least one argument")
    return min(xs)


def _max(*xs: float) -> float:
    if not xs:
        raise ExpressionError("max needs at least one argument")
    return max(xs)


# name -> (function, minimum number of arguments, maximum number of arguments or None)
FUNCTIONS: dict[str, tuple[Callable[..., float], int, int | None]] = {
    "sqrt": (_sqrt, 1, 1),
    "log": (_log, 1, 2),
    "ln": (_log, 1, 1),
    "log10": (_log10, 1, 1),
    "exp": (_exp, 1, 1),
    "min": (_min, 1, None),
    "max": (_max, 1, None),
    "round": (_round, 1, 2),
    "abs": (abs, 1, 1),
}
CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e}

_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**"}


def _fmt(x: Any) -> str:
    """A number for a message: ``:g`` fails on an int too large for a float (``0 ** 10**400``)."""
    try:
        return format(x, "g")
    except (OverflowError, ValueError, TypeError):
        digits = x.bit_length() * 0.30103 if isinstance(x, int) else None
        return f"a number of about {digits:.0f} digits" if digits else repr(x)[:40]


def normalise(expression: str) -> str:
    """The expression as parsed: typographic operators replaced, whitespace trimmed."""
    text = expression.strip()
    for old, new in (("×", "*"), ("÷", "/"), ("−", "-"), ("^", "**")):
        text = text.replace(old, new)
    return text


def _describe(node: ast.AST) -> str:
    kinds = {
        ast.Attribute: "attribute access", ast.Subscript: "indexing", ast.Compare: "comparison",
        ast.BoolOp: "boolean logic", ast.Lambda: "lambda", ast.IfExp: "conditional expression",
        ast.List: "list", ast.Tuple: "tuple", ast.Dict: "dict", ast.Set: "set",
        ast.JoinedStr: "string", ast.ListComp: "comprehension", ast.GeneratorExp: "generator",
        ast.Starred: "star-argument", ast.NamedExpr: "assignment",
    }
    for cls, label in kinds.items():
        if isinstance(node, cls):
            return label
    return type(node).__name__


def _check_shape(tree: ast.AST) -> None:
    count = 0

    def walk(node: ast.AST, depth: int) -> None:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise ExpressionError(f"expression is too complex (more than {MAX_NODES} parts)")
        if depth > MAX_DEPTH:
            raise ExpressionError(f"expression is nested too deeply (more than {MAX_DEPTH} levels)")
        for child in ast.iter_child_nodes(node):
            walk(child, depth + 1)

    walk(tree, 0)


def _number(value: Any) -> float | int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExpressionError(f"only numbers are allowed (got {type(value).__name__} {value!r})")
    return value


def _eval(node: ast.AST) -> float | int:
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant):
        return _number(node.value)
    if isinstance(node, ast.Name):
        if node.id in CONSTANTS:
            return CONSTANTS[node.id]
        if node.id in FUNCTIONS:
            raise ExpressionError(f"'{node.id}' is a function: call it as {node.id}(...)")
        raise ExpressionError(f"unknown name '{node.id}': only numbers, the constants pi and e, "
                              f"and the functions {', '.join(FUNCTIONS)} are allowed")
    if isinstance(node, ast.UnaryOp):
        operand = _eval(node.operand)
        if isinstance(node.op, ast.USub):
            return -operand
        if isinstance(node.op, ast.UAdd):
            return +operand
        raise ExpressionError(f"operator {type(node.op).__name__} is not allowed")
    if isinstance(node, ast.BinOp):
        op = type(node.op)
        if op not in _BINOPS:
            raise ExpressionError(f"operator {type(node.op).__name__} is not allowed; use + - * / ** % //")
        left, right = _eval(node.left), _eval(node.right)
        return _binop(op, left, right)
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            name = node.func.id if isinstance(node.func, ast.Name) else _describe(node.func)
            raise ExpressionError(f"function '{name}' is not allowed; allowed: {', '.join(FUNCTIONS)}")
        if node.keywords:
            raise ExpressionError("keyword arguments are not allowed")
        func, lo, hi = FUNCTIONS[node.func.id]
        n = len(node.args)
        if n < lo or (hi is not None and n > hi):
            want = f"{lo}" if lo == hi else (f"{lo} to {hi}" if hi is not None else f"at least {lo}")
            raise ExpressionError(f"{node.func.id} takes {want} argument(s), got {n}")
        args = [_eval(a) for a in node.args]
        try:
            return func(*args)
        except OverflowError:
            raise ExpressionError(f"{node.func.id}(...) overflows") from None
    raise ExpressionError(f"{_describe(node)} is not allowed in an arithmetic expression")


def _binop(op: type, left: float | int, right: float | int) -> float | int:
    if op in (ast.Div, ast.FloorDiv, ast.Mod) and right == 0:
        raise ExpressionError(f"division by zero ({_fmt(left)} {_SYMBOL[op]} 0)")
    if op is ast.Pow:
        if abs(right) > MAX_EXPONENT:
            raise ExpressionError(f"exponent {_fmt(right)} is too large (limit {MAX_EXPONENT})")
        if left == 0 and right < 0:
            raise ExpressionError("division by zero (0 raised to a negative power)")
        if left < 0 and not float(right).is_integer():
            raise ExpressionError(f"a negative number ({_fmt(left)}) to a fractional power is not a real number")
        if isinstance(left, int) and isinstance(right, int) and right > 0:
            # Bound the size of exact integer powers before computing them.
            if left not in (0, 1, -1) and right * math.log10(abs(left)) > MAX_INT_DIGITS:
                raise ExpressionError(f"{left}**{right} is too large")
    try:
        value = _BINOPS[op](left, right)
    except OverflowError:
        raise ExpressionError(f"result of {_SYMBOL[op]} overflows") from None
    if isinstance(value, int) and value.bit_length() > MAX_INT_DIGITS * 3.33:
        raise ExpressionError("intermediate result is too large")
    if isinstance(value, complex):
        raise ExpressionError("the result is not a real number")
    return value


def evaluate(expression: str) -> float | int:
    """Value of ``expression``; raises :class:`ExpressionError` with the reason when it cannot."""
    if not isinstance(expression, str):
        raise ExpressionError(f"expression must be text (got {type(expression).__name__})")
    text = normalise(expression)
    if not text:
        raise ExpressionError("empty expression: give an arithmetic expression such as '(140 - 65) * 70 / (72 * 1.1)'")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"expression is too long ({len(text)} characters, limit {MAX_LENGTH})")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as err:
        raise ExpressionError(f"not a valid arithmetic expression: {err.msg} at character {err.offset}") from None
    except (ValueError, RecursionError, MemoryError):
        raise ExpressionError("not a valid arithmetic expression") from None
    _check_shape(tree)
    value = _eval(tree)
    if isinstance(value, float) and not math.isfinite(value):
        raise ExpressionError("the result is not a finite number")
    return value


# ---------------------------------------------------------------------------
# Tool
# ---------------------------------------------------------------------------


class CalculateArgs(BaseModel):
    """Arguments of ``calculate``."""

    model_config = ConfigDict(extra="forbid")

    # bounded in the schema too, so a constrained model cannot run on past max_tokens inside the string
    expression: str = Field(..., max_length=MAX_LENGTH, description="Arithmetic expression, e.g. '(140 - 65) * 72 / (72 * 1.2)' or 'sqrt(170 * 70 / 3600)'.")


CARD = ToolCard(
    name="calculate",
    category="arithmetic",
    description=("Evaluate an arithmetic expression exactly and safely: + - * / ** % //, parentheses, "
                 "sqrt, log (natural; log(x, base)), log10, exp, min, max, round, abs, pi and e. "
                 "Use for unit arithmetic, doses, rates and any number a formula tool does not cover."),
    aliases=["calculator", "arithmetic", "compute", "evaluate expression", "math"],
    inputs=[],
    output="decimal: the value of the expression",
    reference="Python AST whitelist evaluator (no eval/exec); ^ is read as power.",
    conventions=["Division by zero, square roots/logs outside their domain and non-finite results are errors.",
                 f"Expressions are limited to {MAX_LENGTH} characters, depth {MAX_DEPTH} and exponents of {MAX_EXPONENT}."],
)


def calculate(args: CalculateArgs) -> dict[str, Any]:
    value = evaluate(args.expression)
    return {"expression": args.expression, "evaluated": normalise(args.expression), "value": value}


def registered_tools() -> list:
    card = CARD.model_copy(update={"inputs": card_inputs(CalculateArgs)})
    return [make_tool(card, CalculateArgs, lambda args, _ctx: calculate(args), output_type="decimal")]
