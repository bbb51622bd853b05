"""The layer contract (ARCHITECTURE.md): imports only point down, none hide inside functions, no cycles.

The analysis (tests/architecture.py) reads the source with ``ast``; these tests fail the build when
a change breaks the contract, and check on small made-up packages that the analysis can fail.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import architecture as arch


def test_layers_only_point_down() -> None:
    bad = [f"{i.source} ({arch.layer_of(i.source)}) imports {i.target} ({arch.layer_of(i.target)}) at line {i.line}"
           for i in arch.upward(arch.imports())]
    assert not bad, "imports against the layers:\n" + "\n".join(bad)


def test_no_project_import_inside_a_function() -> None:
    hidden = [f"{i.source} line {i.line}: {i.target}" for i in arch.imports() if i.in_function]
    assert not hidden, "project imports inside functions (move them to the top of the module):\n" + "\n".join(hidden)


def test_no_import_cycles() -> None:
    found = arch.imports()
    assert arch.cycles(found) == []
    assert arch.acyclic(found)


def test_the_leaf_layer_imports_nothing_of_the_project_above_it() -> None:
    leaf = [i for i in arch.imports() if arch.layer_of(i.source) == "leaf"]
    assert leaf, "the leaf layer has internal imports (settings <- models); the analysis must see them"
    assert all(arch.layer_of(i.target) == "leaf" for i in leaf)


@pytest.mark.parametrize("module, layer", [
    ("medmirror.core.settings", "leaf"), ("medmirror.core.models.factory", "leaf"), ("medmirror.prompts", "leaf"),
    ("medmirror.tools.registry", "tools"), ("medmirror.memory.experience", "memory"),
    ("medmirror.memory.state", "memory"), ("medmirror.nodes.planner", "nodes"), ("medmirror.graphs.main", "graphs"),
    ("medmirror.api", "interfaces"), ("medmirror.cli", "interfaces"), ("medmirror.bench.medcalc", "interfaces"),
    ("medmirror.settings", "interfaces"),  # the README's import path of Settings: an alias of medmirror.core.settings
    ("medmirror", "interfaces"),
])
def test_layer_table(module: str, layer: str) -> None:
    assert arch.layer_of(module) == layer


def test_a_layer_is_a_folder() -> None:
    """Every module's layer follows from its folder alone, and every folder of a layer exists in the repository."""
    for _, folders in arch.LAYERS:
        for folder in folders:
            assert (arch.ROOT / folder).is_dir(), f"LAYERS names {folder}/, which is not a folder of the repository"
    for module, path in arch.modules().items():
        assert path.relative_to(arch.ROOT).with_suffix("").as_posix().removesuffix("/__init__") == arch.folder_of(module)


def _fake_project(tmp_path: Path, files: dict[str, str]) -> Path:
    for folder in arch.FOLDERS:
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


def test_the_analysis_sees_an_upward_import_a_hidden_import_and_a_cycle(tmp_path: Path) -> None:
    root = _fake_project(tmp_path, {
        "tools/a.py": "from medmirror.nodes import b\n",  # tools -> nodes: upward
        "nodes/b.py": "def f():\n    from medmirror.tools import a\n",  # hidden, and closes a cycle
        "app/settings.py": "import json\n",
    })
    found = arch.imports(root)
    assert [(i.source, i.target) for i in arch.upward(found)] == [("medmirror.tools.a", "medmirror.nodes.b")]
    assert [(i.source, i.line) for i in found if i.in_function] == [("medmirror.nodes.b", 2)]
    assert arch.cycles(found) == [["medmirror.nodes.b", "medmirror.tools.a"]]
    assert not arch.acyclic(found)


def test_relative_imports_are_resolved(tmp_path: Path) -> None:
    root = _fake_project(tmp_path, {"tools/a.py": "from . import b\nfrom ..nodes import c\n", "tools/b.py": "",
                                    "nodes/c.py": ""})
    targets = {(i.source, i.target) for i in arch.imports(root)}
    assert ("medmirror.tools.a", "medmirror.tools.b") in targets
    assert ("medmirror.tools.a", "medmirror.nodes.c") in targets


def test_installing_claims_one_top_level_name() -> None:
    """From a directory outside the repository, medmirror imports and the repository's folder names do not."""
    code = ("import importlib.util as u, medmirror.tools, medmirror.graphs; "
            "print([n for n in ('app', 'tools', 'graphs', 'nodes', 'memory', 'prompts') if u.find_spec(n)])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_importing_the_graph_modules_builds_nothing() -> None:
    """Only medmirror.studio compiles graphs at import; the graph modules define them."""
    code = ("import medmirror.graphs.main as m, medmirror.graphs.optimize as o; "
            "from langgraph.graph.state import CompiledStateGraph as C; "
            "print([n for mod in (m, o) for n, v in vars(mod).items() if isinstance(v, C)])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_documented_settings_path_is_the_core_module_itself() -> None:
    """``medmirror.settings`` (README's path for users' code) is ``medmirror.core.settings``, not a copy."""
    import medmirror.core.settings as core
    import medmirror.settings as alias

    assert alias is core and alias.Settings is core.Settings
