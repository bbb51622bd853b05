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


def _setup_folders(root: Path) -> dict[str, str]:
    """setup.py's ``FOLDERS`` (repository folder -> installed package), read with ``ast``: one table, no copy."""
    for node in ast.parse((root / "setup.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "FOLDERS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError("setup.py has no FOLDERS table")


FOLDERS = _setup_folders(ROOT)

# Bottom to top, by folder: a module's layer is the folder it lives in (the longest folder that contains it).
# A module may import modules of its own layer or of a layer below it, never above.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("leaf", ("app/core", "prompts")),  # settings, presets, usage, limits, model factories; prompt files
    ("tools", ("tools",)),
    ("memory", ("memory",)),  # the graph state (per-task memory), experience store, checkpointer
    ("nodes", ("nodes",)),
    ("graphs", ("graphs",)),  # wiring: one module per graph, routers
    ("interfaces", ("app",)),  # the package root, API, CLI, benchmarks, Studio entry points
]
RANK = {name: i for i, (name, _) in enumerate(LAYERS)}


def folder_of(module: str) -> str:
    """The repository path of an installed module name (``medmirror.core.settings`` -> ``app/core/settings``)."""
    package = max((p for p in FOLDERS.values() if module == p or module.startswith(p + ".")), key=len, default=None)
    if package is None:
        raise ValueError(f"{module} is not a module of the project (setup.py FOLDERS)")
    folder = next(f for f, p in FOLDERS.items() if p == package)
    rest = module[len(package):].lstrip(".").replace(".", "/")
    return f"{folder}/{rest}" if rest else folder


def layer_of(module: str) -> str:
    path = folder_of(module)
    best, best_len = "interfaces", -1
    for name, folders in LAYERS:
        for f in folders:
            if (path == f or path.startswith(f + "/")) and len(f) > best_len:
                best, best_len = name, len(f)
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
