"""`medmirror mcp` (default listing: the calculator discovery tools) as a real stdio subprocess, with the official
MCP client session. BM25 only (MEDMIRROR_EMBEDDINGS_PROVIDER=none), no model, no network."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

pytestmark = pytest.mark.slow

SERVER = ([sys.executable, "/work/notes/run_in_worktree.py", "medmirror.cli", "mcp"] if os.environ.get("MM_ROOT")
          else [sys.executable, "-m", "medmirror", "mcp"])


def test_discovery_over_stdio_with_the_official_client(tmp_path: Path) -> None:
    env = {"MEDMIRROR_EMBEDDINGS_PROVIDER": "none", "MEDMIRROR_DATA_DIR": str(tmp_path / "data"),
           **({"MM_ROOT": os.environ["MM_ROOT"]} if os.environ.get("MM_ROOT") else {})}
    params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], env=env)
    errlog = open(tmp_path / "server.stderr", "w+")

    async def main() -> dict:
        with anyio.fail_after(180):
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return {
                        "tools": [t.name for t in (await session.list_tools()).tools],
                        "search": await session.call_tool("search_calculators", {"query": "NEWS2 early warning",
                                                                                 "k": 5}),
                        "describe": await session.call_tool("describe_calculator", {"id": "kinetic_egfr"}),
                        "run": await session.call_tool("run_calculator", {"id": "carboplatin_calvert", "arguments": {
                            "age": 61, "sex": "female", "weight": "82 kg", "creatinine": 1.0, "target_auc": 4}}),
                        "panel": await session.call_tool("run_panel", {"ids": ["pf_ratio", "a_a_gradient"],
                                                                       "arguments": {"pao2": 92, "fio2": 35,
                                                                                     "paco2": 37}}),
                    }

    out = anyio.run(main)
    assert {"search_calculators", "describe_calculator", "run_calculator", "run_panel", "solve"} <= set(out["tools"])
    assert "bmi" not in out["tools"] and len(out["tools"]) <= 40
    assert out["search"].structuredContent["results"][0]["id"] == "news2"
    assert {i["name"] for i in out["describe"].structuredContent["inputs"]} >= {"creatinine_1", "creatinine_2", "hours"}
    assert out["run"].structuredContent["value"] == pytest.approx(405.9, abs=0.1)  # 4 x (76.48 + 25)
    panel = {r["id"]: r for r in out["panel"].structuredContent["results"]}
    assert panel["a_a_gradient"]["result"]["value"] == pytest.approx(111.3)  # 0.35 x 713 - 37/0.8 - 92
