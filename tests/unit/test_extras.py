"""Install extras and platforms (issue 32, item 4): the core runs without any extra, a missing extra is named in
one line, pyproject's extras hold every optional package, the Python versions, py.typed, the Dockerfile.

The first test runs in a subprocess with every optional package hidden: a meta-path finder raises ImportError
for them and ``importlib.util.find_spec`` reports them absent, as on a machine where they are not installed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from medmirror.core.models.extras import EXTRAS, PURPOSE, MissingExtra, extra_for, missing_extra, require

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
OPTIONAL = sorted({name.split(".")[0] for name in EXTRAS if "." not in name})

WITHOUT_EXTRAS = r"""
import importlib.abc, importlib.util, json, os, sys
BLOCK = set(json.loads(sys.argv[1]))
seen = []

class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCK:
            seen.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Hide())
_find = importlib.util.find_spec
importlib.util.find_spec = lambda name, package=None: None if name.split(".")[0] in BLOCK else _find(name, package)
os.environ.update(MEDMIRROR_CHECKPOINTER="none", MEDMIRROR_DATA_DIR=sys.argv[2])
sys.path.insert(0, sys.argv[3])

import medmirror
from medmirror.core.models import ScriptedChatModel
from tests.graph._helpers import BMI_70, BMI_NOTE, BMI_Q, answer, bmi_plan, call, models

ms = models(planner=[bmi_plan()], tool_agent=[call("bmi", weight=70, height=175)], answer=[answer(BMI_70)])
r = medmirror.solve(BMI_Q, BMI_NOTE, models=ms, saver=None)
local = medmirror.solve(BMI_Q, BMI_NOTE, saver=None, model_provider="local", model_path=sys.argv[4])
from medmirror.tools.builtin import default_registry
try:
    default_registry().get("concept_lookup").invoke({"query": "E11.9", "vocabulary": "icd10cm"})
    tool = "ran"
except ImportError as err:
    tool = str(err)
from medmirror.cli import main
code = main(["mcp"])
loaded = sorted({m.split(".")[0] for m in sys.modules} & BLOCK)
print(json.dumps({"status": r.status, "value": r.value, "local": [local.status, local.status_detail], "tool": tool,
                  "mcp_exit": code, "loaded": loaded}))
"""


def test_the_core_solves_with_the_scripted_model_without_any_extra(tmp_path: Path) -> None:
    gguf = tmp_path / "model.gguf"  # never read: llama_cpp is missing first
    gguf.write_bytes(b"GGUF")
    run = subprocess.run([sys.executable, "-c", WITHOUT_EXTRAS, json.dumps(OPTIONAL), str(tmp_path / "data"),
                          str(ROOT), str(gguf)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["status"] == "answered" and float(out["value"]) == pytest.approx(70 / 1.75**2)
    assert out["loaded"] == []  # none of the optional packages was imported
    assert out["local"][0] == "error" and "install medmirror[local] for the embedded model" in out["local"][1]
    assert out["tool"].startswith("install medmirror[toolbox] for the tool concept_lookup")
    assert out["mcp_exit"] == 2
    assert "medmirror: error: install medmirror[mcp] for the MCP server" in run.stderr
    assert len([line for line in run.stderr.splitlines() if line.startswith("medmirror: error")]) == 1


def test_a_missing_module_is_named_with_its_extra() -> None:
    assert extra_for("llama_cpp.llama_grammar") == "local" and extra_for("langgraph.store.postgres.base") == "postgres"
    assert extra_for("numpy") is None and extra_for(None) is None
    err = missing_extra(ModuleNotFoundError("No module named 'pandas'", name="pandas"))
    assert isinstance(err, MissingExtra) and str(err) == f"install medmirror[bench] for {PURPOSE['bench']} (pandas is not installed)"
    assert missing_extra(ModuleNotFoundError("x", name="some_core_dependency")) is None
    with pytest.raises(MissingExtra, match=r"install medmirror\[toolbox\] for dense search \(faiss_not_real"):
        EXTRAS["faiss_not_real"] = "toolbox"
        try:
            require("faiss_not_real", "dense search")
        finally:
            del EXTRAS["faiss_not_real"]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=\[; ]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements}


def test_every_optional_package_is_in_its_extra_and_not_in_the_core() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    core = _names(PYPROJECT["project"]["dependencies"])
    dists = packages_distributions()
    for module, extra in EXTRAS.items():
        top = module.split(".")[0]
        names = ({d.lower().replace("_", "-") for d in dists.get(top, [])} if "." not in module
                 else {"langgraph-checkpoint-postgres"})  # langgraph.checkpoint/store.postgres: its own distribution
        assert names & _names(extras[extra]), (module, extra, names)
        assert not names & core, (module, "is in the core dependencies")
    # dev is everything and the test tools
    assert "medmirror[local,toolbox,bench,mcp,ray,postgres]" in extras["dev"] and "pytest>=8" in extras["dev"]


def test_python_versions_and_typed_packages() -> None:
    project = PYPROJECT["project"]
    assert project["requires-python"] == ">=3.11,<3.14"
    assert {c.rsplit(" ", 1)[-1] for c in project["classifiers"] if c.startswith("Programming Language :: Python :: 3.")} \
        == {"3.11", "3.12", "3.13"}
    assert "(3, 11) <= sys.version_info[:2] <= (3, 13)" in (ROOT / "Makefile").read_text(encoding="utf-8")
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    for folder, package in {"app": "medmirror", "graphs": "medmirror.graphs", "nodes": "medmirror.nodes",
                            "tools": "medmirror.tools", "memory": "medmirror.memory",
                            "prompts": "medmirror.prompts"}.items():
        assert (ROOT / folder / "py.typed").is_file(), folder
        assert "py.typed" in data[package], package


def test_the_dockerfile_builds_the_portable_llama_cpp_with_the_extras() -> None:
    """Not built here (no Docker daemon on the test machines): the lines it needs are checked."""
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines()]
    assert lines[next(i for i, line in enumerate(lines) if line and not line.startswith("#"))] == "FROM python:3.11-slim"
    assert any('CMAKE_ARGS="-DGGML_NATIVE=OFF"' in line for line in lines)
    assert any("build-essential cmake" in line for line in lines)
    assert 'RUN pip install ".[local,toolbox,mcp]"' in lines
    assert 'ENTRYPOINT ["medmirror"]' in lines and "USER medmirror" in lines
    studio = json.loads((ROOT / "langgraph.json").read_text(encoding="utf-8"))
    assert 'ENV CMAKE_ARGS="-DGGML_NATIVE=OFF"' in studio["dockerfile_lines"]
    assert any("llama-cpp-python" in line for line in studio["dockerfile_lines"])
