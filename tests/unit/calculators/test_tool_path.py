"""Issue 12: a calculator's LangChain tool behaves exactly like the graph's path; booleans and odd units are refused."""

from __future__ import annotations

import json

import pytest

from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.base import CalculatorInputError


def _graph_path(name: str, args: dict) -> tuple[bool, object]:
    """What the executor sees: the registered tool's invoke (raises on bad input)."""
    try:
        return True, default_registry().get(name).invoke(args)
    except ValueError as err:
        return False, str(err)


def _tool_path(name: str, args: dict) -> tuple[bool, object]:
    out = CALCULATORS[name].as_tool().invoke(args)
    if out.startswith("Error: "):
        return False, out[len("Error: "):]
    return True, json.loads(out)


def test_calculator_tool_refuses_an_empty_call_like_the_graph_path():
    ok, message = _tool_path("sofa", {})
    assert not ok and "at least 1 of: pao2, platelets, gcs" in message
    with pytest.raises(CalculatorInputError):
        CALCULATORS["sofa"].run({})
    assert (ok, message) == _graph_path("sofa", {})


def test_calculator_tool_reports_assumed_inputs_like_the_graph_path():
    args = {"age": 70, "sex": "Female", "hypertension": True}
    ok, result = _tool_path("cha2ds2_vasc", args)
    assert ok and result["assumed"], "the tool path lost the inputs assumed absent"
    assert (ok, result) == _graph_path("cha2ds2_vasc", args)
    assert result["assumed"] == CALCULATORS["cha2ds2_vasc"].run(args).assumed


@pytest.mark.parametrize("name,args", [
    ("bmi", {"weight": 70, "height": 175}),
    ("bmi", {"weight": "154 lb", "height": [69, "in"]}),
    ("bmi", {"weight": 70}),
    ("bmi", {"weight": 70, "height": 175, "colour": "red"}),
    ("bmi", {"weight": None, "height": 175}),  # null means not given, on both paths
    ("mean_arterial_pressure", {"systolic": 120, "diastolic": 80}),
    ("curb_65", {}),
])
def test_calculator_tool_and_graph_path_agree(name, args):
    assert _tool_path(name, args) == _graph_path(name, args)


def test_booleans_are_not_numbers():
    with pytest.raises(CalculatorInputError, match="weight.*boolean"):
        CALCULATORS["bmi"].run({"weight": True, "height": 175})
    with pytest.raises(CalculatorInputError, match="boolean"):
        CALCULATORS["bmi"].run({"weight": {"value": True, "unit": "kg"}, "height": 175})
    with pytest.raises(CalculatorInputError, match="boolean"):
        CALCULATORS["sofa"].run({"gcs": True})
    assert CALCULATORS["bmi"].as_tool().invoke({"weight": True, "height": 175}).startswith("Error: ")


@pytest.mark.parametrize("unit", [5, None.__class__, ["kg"], {"u": "kg"}, 1.5])
def test_quantity_with_a_non_string_unit_is_refused(unit):
    with pytest.raises(CalculatorInputError, match="unit must be a string"):
        CALCULATORS["bmi"].run({"weight": {"value": 70, "unit": unit}, "height": 175})


def test_quantity_with_a_non_numeric_value_is_refused():
    for value in ([70], {"v": 70}, None.__class__):
        with pytest.raises(CalculatorInputError):
            CALCULATORS["bmi"].run({"weight": {"value": value, "unit": "kg"}, "height": 175})
