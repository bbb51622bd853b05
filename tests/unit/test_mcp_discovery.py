"""MCP discovery (search, describe, run, panel) through the official SDK's in-memory client session; BM25 only.

The same tools over a real stdio subprocess are in tests/integration/test_mcp_discovery.py."""

from __future__ import annotations

import anyio
import pytest
from mcp.shared.memory import create_connected_server_and_client_session

from medmirror.mcp_discovery import MAX_PANEL, NAMES, Discovery, DiscoveryError
from medmirror.mcp_server import SOLVE, build_server
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS

REGISTRY = default_registry()
DISCOVERY = Discovery(REGISTRY, embeddings=None)


def _session(calls, **kwargs):
    async def main():
        server = build_server(REGISTRY, discovery=DISCOVERY, **kwargs)
        async with create_connected_server_and_client_session(server) as client:
            return await calls(client)

    return anyio.run(main)


def test_default_listing_fits_a_tool_limit_and_keeps_the_other_tools():
    names = {t.name for t in _session(lambda c: c.list_tools()).tools}
    assert set(NAMES) | {SOLVE, "calculate", "knowledge_search"} <= names
    assert not names & set(CALCULATORS) and len(names) <= 40
    full = {t.name for t in _session(lambda c: c.list_tools(), all_tools=True).tools}
    assert set(CALCULATORS) <= full and not full & set(NAMES)


def test_search_describe_run_through_the_client():
    async def calls(c):
        found = await c.call_tool("search_calculators", {"query": "shock index heart rate systolic", "k": 3})
        described = await c.call_tool("describe_calculator", {"id": "shock_index"})
        ran = await c.call_tool("run_calculator", {"id": "shock_index",
                                                   "arguments": {"heart_rate": 132, "systolic_bp": "88 mmHg"}})
        refused = await c.call_tool("run_calculator", {"id": "shock_index", "arguments": {"heart_rate": 132}})
        unknown = await c.call_tool("describe_calculator", {"id": "shock_indx"})
        return found, described, ran, refused, unknown

    found, described, ran, refused, unknown = _session(calls)
    hits = found.structuredContent["results"]
    assert hits[0]["id"] == "shock_index" and len(hits) == 3 and set(hits[0]) == {"id", "name", "summary", "score"}
    card = described.structuredContent
    sbp = next(i for i in card["inputs"] if i["name"] == "systolic_bp")
    assert sbp["unit"] == "mmHg" and sbp["minimum"] == 20 and "Allgöwer" in card["reference"] and card["conventions"]
    assert not ran.isError and ran.structuredContent["value"] == pytest.approx(1.5)
    assert refused.isError and "missing systolic_bp" in refused.content[0].text
    assert unknown.isError and "did you mean" in unknown.content[0].text and "shock_index" in unknown.content[0].text


def test_panel_runs_each_calculator_on_the_shared_inputs():
    shared = {"heart_rate": 120, "systolic_bp": 90, "pao2": 92, "fio2": 35, "spo2": 95, "age": 70, "junk": 1}
    out = DISCOVERY.call("run_panel", {"ids": ["shock_index", "pf_ratio", "sf_ratio", "rass", "nope"],
                                       "arguments": shared})
    by_id = {r["id"]: r for r in out["results"]}
    assert by_id["shock_index"]["result"]["value"] == pytest.approx(120 / 90)
    assert by_id["shock_index"]["used"] == ["heart_rate", "systolic_bp"]
    assert by_id["pf_ratio"]["result"]["value"] == pytest.approx(92 / 0.35)
    assert by_id["sf_ratio"]["ok"] and by_id["rass"]["ok"] is False and "level" in by_id["rass"]["error"]
    assert by_id["nope"]["ok"] is False and "no calculator" in by_id["nope"]["error"]
    assert out["unused_arguments"] == ["age", "junk"]


@pytest.mark.parametrize(("name", "args", "needle"), [
    ("search_calculators", {"query": ""}, "query (missing)"),
    ("search_calculators", {"query": "x" * 3000}, "at most 2000"),
    ("search_calculators", {"query": "gfr", "k": 0}, "k (invalid)"),
    ("search_calculators", {"query": "gfr", "limit": 3}, "unknown argument(s) limit"),
    ("run_calculator", {"id": "bmi", "arguments": [70, 175]}, "arguments (invalid)"),
    ("run_panel", {"ids": ["bmi"] * (MAX_PANEL + 1), "arguments": {}}, f"at most {MAX_PANEL}"),
    ("run_panel", {"ids": [], "arguments": {}}, "ids (missing)"),
    ("describe_calculator", {}, "id (missing)"),
])
def test_bad_calls_are_refused_by_name(name, args, needle):
    with pytest.raises(DiscoveryError) as err:
        DISCOVERY.call(name, args)
    assert needle in str(err.value)
