"""The MCP server in process (the SDK's in-memory client session), and the client's config and cards.

The same server over a real stdio subprocess and streamable HTTP, and the client against it, are in
tests/integration/test_mcp.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import mcp.types as types
import pytest
from mcp.shared.memory import create_connected_server_and_client_session

from medmirror.core.models.factory import reset_scripted_cache
from medmirror.mcp_server import SOLVE, build_server
from medmirror.tools.builtin import default_registry
from medmirror.tools.mcp_client import MCPConfigError, read_config, tool_card

BMI_SCRIPT = {
    "planner": [{"subtasks": [{"description": "compute BMI", "tool": "bmi"}], "evaluation": "ok", "score": 9}],
    "tool_agent": [{"tool": "bmi", "arguments": {"weight": 70, "height": 175}, "evaluation": "ok", "score": 9}],
    "answer": [{"answer": "BMI 22.86", "value": "22.857142857142858", "evaluation": "ok", "score": 9}],
}


def _session(calls):
    """Run ``await calls(client)`` against the server over the SDK's in-memory transport."""

    async def main():
        async with create_connected_server_and_client_session(build_server(all_tools=True)) as client:
            return await calls(client)

    return anyio.run(main)


def test_lists_every_calculator_and_tool_with_schema_card_and_solve() -> None:
    tools = _session(lambda c: c.list_tools())
    by_name = {t.name: t for t in tools.tools}
    registry = default_registry()
    assert set(registry.names()) | {SOLVE} == set(by_name)
    bmi = by_name["bmi"]
    assert bmi.inputSchema["required"] == ["weight", "height"]
    assert bmi.inputSchema["properties"]["weight"]["x-unit"] == "kg"
    assert bmi.inputSchema["properties"]["weight"]["type"] == ["number", "string"]  # "154 lb" is accepted
    assert bmi.description.startswith(registry.get("bmi").card.description)
    assert "Reference:" in bmi.description and "weight (number; kg" in bmi.description
    assert set(bmi.outputSchema["properties"]) >= {"value", "unit", "interpretation", "explanation", "assumed",
                                                   "reference"}
    assert bmi.meta["medmirror/output_type"] == "decimal"
    # a tool that needs a task resource takes it as a required argument
    assert set(by_name["ehr_sql"].inputSchema["required"]) == {"sql", "ehr_db"}
    assert by_name["longdoc_search"].inputSchema["properties"]["documents"]["type"] == "array"
    assert by_name[SOLVE].inputSchema["required"] == ["question"]


def test_calculator_result_is_structured_content() -> None:
    result = _session(lambda c: c.call_tool("bmi", {"weight": 70, "height": 175}))
    assert not result.isError
    out = result.structuredContent
    assert out["value"] == pytest.approx(70 / 1.75 ** 2)  # 22.857 kg/m², by hand
    assert out["unit"] == "kg/m²" and out["interpretation"] == "normal weight"
    assert out["explanation"] and out["reference"] and out["assumed"] == []
    assert json.loads(result.content[0].text)["value"] == out["value"]  # the same as text for older clients
    with_unit = _session(lambda c: c.call_tool("bmi", {"weight": "154 lb", "height": 175}))
    assert with_unit.structuredContent["value"] == pytest.approx(154 * 0.45359237 / 1.75 ** 2)


def test_errors_are_tool_errors_naming_the_input() -> None:
    async def calls(c):
        return [await c.call_tool("bmi", {"weight": 70}),
                await c.call_tool("bmi", {"weight": -3, "height": 175}),
                await c.call_tool("calculate", {"expression": "1/0"}),
                await c.call_tool("ehr_sql", {"sql": "select 1"}),
                await c.call_tool("no_such_tool", {}),
                await c.call_tool(SOLVE, {"note": "70 kg"}),
                await c.call_tool(SOLVE, {"question": "BMI?", "preset": "best"})]

    missing, out_of_range, div0, no_db, unknown, no_question, bad_preset = _session(calls)
    assert all(r.isError for r in (missing, out_of_range, div0, no_db, unknown, no_question, bad_preset))
    text = [r.content[0].text for r in (missing, out_of_range, div0, no_db, unknown, no_question, bad_preset)]
    assert "missing height" in text[0]
    assert "weight (invalid)" in text[1] and "0.5-400" in text[1]
    assert "division by zero" in text[2]
    assert "ehr_db (missing)" in text[3]
    assert "unknown tool 'no_such_tool'" in text[4]
    assert "question (missing)" in text[5]
    assert "preset (invalid)" in text[6]


def _scripted_bmi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(BMI_SCRIPT))
    for key, value in {"MODEL_PROVIDER": "scripted", "SCRIPT_PATH": str(script), "DATA_DIR": str(tmp_path),
                       "EXTRACTOR": "llm", "CHECKPOINTER": "memory"}.items():
        monkeypatch.setenv(f"MEDMIRROR_{key}", value)
    reset_scripted_cache()


def test_solve_runs_the_graph(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _scripted_bmi(monkeypatch, tmp_path)
    result = _session(lambda c: c.call_tool(SOLVE, {"question": "What is the BMI?", "note": "70 kg, 175 cm"}))
    reset_scripted_cache()
    assert not result.isError, result.content
    out = result.structuredContent
    assert out["status"] == "answered" and out["value"] == "22.857142857142858"
    assert [s["tool"] for s in out["steps"]] == ["bmi"]
    assert out["steps"][0]["value"] == pytest.approx(22.857142857142858)
    assert out["usage"]["model_calls"] >= 3


def test_solve_sends_a_progress_notification_per_trace_event(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _scripted_bmi(monkeypatch, tmp_path)
    seen: list[tuple[float, str]] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append((value, message or ""))

    result = _session(lambda c: c.call_tool(SOLVE, {"question": "What is the BMI?", "note": "70 kg, 175 cm"},
                                            progress_callback=progress))
    reset_scripted_cache()
    assert not result.isError and result.structuredContent["status"] == "answered"
    assert [v for v, _ in seen] == [float(i) for i in range(1, len(seen) + 1)]  # one per event, in order
    nodes = [m.split(" | ")[0] for _, m in seen]
    assert nodes[:4] == ["intake", "planner", "tool_agent", "executor"] and nodes[-1] == "answer"


# --- the client's side: the mcpServers file and cards built from MCP tools ---------------------------

def test_config_errors_name_the_file_and_server(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    with pytest.raises(MCPConfigError, match="not found"):
        read_config(path)
    path.write_text("{not json")
    with pytest.raises(MCPConfigError, match="not valid JSON"):
        read_config(path)
    path.write_text(json.dumps({"servers": {}}))
    with pytest.raises(MCPConfigError, match="mcpServers"):
        read_config(path)
    path.write_text(json.dumps({"mcpServers": {"calc": {"args": ["x"]}}}))
    with pytest.raises(MCPConfigError, match="server 'calc' needs exactly one of 'command'"):
        read_config(path)
    path.write_text(json.dumps({"mcpServers": {"calc": {"command": "medmirror", "args": ["mcp"]},
                                               "web": {"url": "http://127.0.0.1:1/mcp", "type": "http"},
                                               "off": {"command": "x", "disabled": True}}}))
    calc, web = read_config(path)
    assert (calc.command, calc.args, web.url, web.transport) == ("medmirror", ("mcp",), "http://127.0.0.1:1/mcp",
                                                                   "streamable_http")


def test_card_from_an_mcp_tool() -> None:
    tool = types.Tool(
        name="egfr", title="eGFR", description="Estimated GFR (CKD-EPI 2021).\n\nLonger notes on the method.",
        inputSchema={"type": "object", "required": ["creatinine", "sex"], "properties": {
            "creatinine": {"type": ["number", "string"], "description": "Serum creatinine", "x-unit": "mg/dL",
                           "minimum": 0.1, "maximum": 30},
            "sex": {"enum": ["male", "female"]},
            "age": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}}},
        outputSchema={"type": "object", "properties": {"value": {"type": "number"}, "unit": {"type": "string"}}})
    card = tool_card("renal", tool)
    assert card.name == "renal_egfr" and card.category == "mcp/renal"
    assert card.description == "Estimated GFR (CKD-EPI 2021)."
    assert card.extra["mcp_description"].endswith("method.") and card.extra["mcp_tool"] == "egfr"
    creat, sex, age = card.inputs
    assert (creat.type, creat.unit, creat.minimum, creat.maximum, creat.required) == ("number", "mg/dL", 0.1, 30, True)
    assert (sex.type, sex.allowed, age.type, age.required) == ("enum", ["male", "female"], "integer", False)
    assert card.output == "object with value, unit"
    assert "eGFR" in card.aliases
