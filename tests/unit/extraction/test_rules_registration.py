"""One registration path for a calculator's field map: each family module of tools/extraction/rules/ declares
``FIELD_MAP`` beside its rules, calculator_map assembles every family's, a calculator is declared once, and a
family imports only the shared modules (readers, shared), never another family."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.extraction import calculator_map
from medmirror.tools.extraction.calc_sources import Quantity

RULES = Path(calculator_map.__file__).parent / "rules"
SHARED = {"readers", "shared"}


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(RULES.glob("*.py")) if p.stem != "__init__"}


def _declares_field_map(tree: ast.Module) -> bool:
    return any(isinstance(n, ast.AnnAssign) and getattr(n.target, "id", None) == "FIELD_MAP" for n in tree.body)


def test_every_family_module_with_a_field_map_is_assembled() -> None:
    declared = {name for name, tree in _modules().items() if _declares_field_map(tree)}
    assembled = {f.__name__.rsplit(".", 1)[1] for f in calculator_map.FAMILIES}
    assert declared == assembled
    assert not declared & SHARED


def test_the_map_is_the_union_of_the_families() -> None:
    union = {cid for f in calculator_map.FAMILIES for cid in f.FIELD_MAP}
    assert set(calculator_map.CALCULATOR_MAP) == union
    assert sum(len(f.FIELD_MAP) for f in calculator_map.FAMILIES) == len(union) == 55
    assert {c.id for c in CALCULATORS.values() if c.medcalc_id is not None} == union


def test_a_calculator_declared_by_two_families_is_refused() -> None:
    one = SimpleNamespace(__name__="rules.one", FIELD_MAP={"bmi": {"weight": Quantity("weight")}})
    two = SimpleNamespace(__name__="rules.two", FIELD_MAP={"bmi": {"height": Quantity("height")}})
    assert calculator_map._assemble((one,)) == {"bmi": one.FIELD_MAP["bmi"]}
    with pytest.raises(ValueError, match="'bmi' has a field map in two families"):
        calculator_map._assemble((one, two))


def test_a_family_imports_no_other_family() -> None:
    modules = _modules()
    for name, tree in modules.items():
        imported = {n.module.rsplit(".", 1)[1] for n in ast.walk(tree)
                    if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("medmirror.tools.extraction.rules.")}
        allowed = {"readers"} if name == "shared" else set() if name == "readers" else SHARED
        assert imported <= allowed, (name, imported - allowed)
