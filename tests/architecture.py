"""Static picture of MedMirror's module graph: layers, imports, cycles, module sizes.

Used by ``tests/unit/test_architecture.py`` (the layer contract) and runnable as a report:

    .venv/bin/python -m tests.architecture

Modules are named as installed (``medmirror.*``, see setup.py); imports are read with ``ast``
(nothing is imported), including imports inside functions.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"app": "medmirror", "graphs": "medmirror.graphs", "nodes": "medmirror.nodes",
           "tools": "medmirror.tools", "memory": "medmirror.memory", "prompts": "medmirror.prompts"}

# Bottom to top. A module may import modules of its own layer or of a layer below it, never above.
# The first matching prefix decides (longest prefixes first within the table).
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("leaf", ("medmirror.config", "medmirror.settings", "medmirror.presets", "medmirror.usage",
              "medmirror.limits", "medmirror.models", "medmirror.prompts")),
    ("tools", ("medmirror.tools",)),
    ("memory", ("medmirror.memory",)),
    ("state", ("medmirror.graphs.state",)),
    ("nodes", ("medmirror.nodes",)),
    ("graphs", ("medmirror.graphs",)),
    ("interfaces", ("medmirror",)),  # the package root, API, CLI, benchmarks, Studio entry points
]
RANK = {name: i for i, (name, _) in enumerate(LAYERS)}


def layer_of(module: str) -> str:
    best, best_len = "interfaces", -1
    for name, prefixes in LAYERS:
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > best_len:
                best, best_len = name, len(p)
    return best


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int
    in_function: bool


def modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for folder, package in FOLDERS.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = list(path.relative_to(root / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join([package, *parts])] = path
    return out


OLD_TOP = {folder: package for folder, package in FOLDERS.items()}  # names before the one-package install


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    top, _, rest = name.partition(".")
    if top in OLD_TOP:  # so the report also reads a checkout from before the rename
        name = OLD_TOP[top] + ("." + rest if rest else "")
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(root: Path = ROOT) -> list[Import]:
    known = modules(root)
    found: list[Import] = []
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [(n.lineno, n.end_lineno or n.lineno) for n in ast.walk(tree)
                     if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                names = [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            inside = any(a <= node.lineno <= b for a, b in functions)
            for target in sorted({_resolve(name, known) for name in names} - {None, module}):
                found.append(Import(module, target, node.lineno, inside))
    return found


def upward(found: list[Import]) -> list[Import]:
    return [i for i in found if RANK[layer_of(i.target)] > RANK[layer_of(i.source)]]


def cycles(found: list[Import]) -> list[list[str]]:
    """Strongly connected components of more than one module (every import counts)."""
    graph: dict[str, set[str]] = {}
    for i in found:
        graph.setdefault(i.source, set()).add(i.target)
        graph.setdefault(i.target, set())
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan, iterative enough for a few hundred modules
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def acyclic(found: list[Import]) -> bool:
    sorter = TopologicalSorter({i.source: set() for i in found})
    for i in found:
        sorter.add(i.source, i.target)
    try:
        sorter.prepare()
    except CycleError:
        return False
    return True


STATE_GET = re.compile(r"\bstate\.get\(")


def report(root: Path = ROOT) -> dict[str, object]:
    found = imports(root)
    mods = modules(root)
    sizes = sorted(((sum(1 for _ in p.open(encoding="utf-8")), m) for m, p in mods.items()), reverse=True)
    return {
        "modules": len(mods),
        "project_imports": len(found),
        "upward_imports": len(upward(found)),
        "imports_inside_functions": sum(i.in_function for i in found),
        "cycles": len(cycles(found)),
        "modules_in_cycles": sum(len(c) for c in cycles(found)),
        "largest_modules": [f"{m} ({n} lines)" for n, m in sizes[:5]],
        "state_get": sum(len(STATE_GET.findall(p.read_text(encoding="utf-8"))) for p in mods.values()),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(report(), indent=2))
    for i in upward(imports()):
        print(f"upward: {i.source} ({layer_of(i.source)}) -> {i.target} ({layer_of(i.target)}) line {i.line}")
    for c in cycles(imports()):
        print("cycle:", " ".join(c))
