"""Reconciling LLM arguments with the note (medmirror.tools.extraction.grounding.reconcile / llm_arguments / ground)."""

from __future__ import annotations

import json

import pytest

from medmirror.core.models.scripted import ScriptedChatModel
from medmirror.core.models.structured import StructuredOutputError
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.extraction.confidence import assess
from medmirror.tools.extraction.grounding import ground, llm_arguments, reconcile

C = CALCULATORS
NOTE = ("A 67-year-old man who weighs 70 kg and is 175 cm tall. He was tachycardic; the monitor read 120. "
        "Temperature 38.0 °C. Creatinine 1.2 mg/dL. No history of CHF. History of stroke.")


def test_agreement_within_tolerance_after_unit_conversion() -> None:
    g = reconcile(C["creatinine_clearance"], {"age": 67, "sex": "Male", "weight": "154.3 lb", "height": [1.75, "m"],
                                               "creatinine": {"value": 106, "unit": "µmol/L"}}, NOTE)
    for name in ("age", "sex", "weight", "height", "creatinine"):
        p = g.param(name)
        assert (p.status, p.source) == ("agree", "both"), name
    assert g.args["weight"] == 70.0  # hybrid keeps the rule's (evidenced) value: 154.3 lb = 69.99 kg agrees
    assert g.param("creatinine").llm_value == pytest.approx(106 / 88.4, rel=1e-3)
    assert not g.flags


def test_disagreement_uses_the_rule_value_and_is_flagged() -> None:
    g = reconcile(C["cha2ds2_vasc"], {"age": 67, "sex": "male", "congestive_heart_failure": True, "stroke": False}, NOTE)
    chf = g.param("congestive_heart_failure")
    assert (chf.status, chf.value, chf.rule_value, chf.llm_value, chf.source) == ("disagree", False, False, True, "rule")
    assert g.args["congestive_heart_failure"] is False and g.args["stroke"] is True
    assert any(f.startswith("congestive_heart_failure:") and "disagrees" in f for f in g.flags)
    assert any(f.startswith("stroke:") for f in g.flags)
    assert "DISAGREE" in g.summary()


def test_unsupported_value_is_dropped_flagged_and_named_missing_by_the_calculator() -> None:
    g = reconcile(C["bmi"], {"weight": 70, "height": 180}, "A man who weighs 70 kg.")
    h = g.param("height")
    assert (h.status, h.value, h.llm_value) == ("unsupported", None, 180.0)
    assert "height" not in g.args and any(f.startswith("height:") and "dropped" in f for f in g.flags)
    with pytest.raises(CalculatorInputError, match="missing height"):
        C["bmi"].run(g.args)
    # an unsupported criterion falls back to the calculator's default (absent)
    d = reconcile(C["cha2ds2_vasc"], {"diabetes": True}, NOTE).param("diabetes")
    assert (d.status, d.value, d.source) == ("unsupported", False, "default")


def test_llm_value_without_rule_value_is_supported_by_its_span() -> None:
    g = reconcile(C["wells_pe"], {"heart_rate": 120, "pe_most_likely": True},
                  NOTE + " Pulmonary embolism is on the differential.")  # no ranking written: the rules leave it open
    hr = g.param("heart_rate")
    assert hr.status == "llm_supported" and hr.source == "llm" and hr.rule_value is None
    assert hr.evidence["text"].startswith("120") and (NOTE[hr.evidence["start"]:hr.evidence["end"]] == hr.evidence["text"])
    pe = g.param("pe_most_likely")
    assert pe.status == "llm_supported" and pe.evidence["text"] == "Pulmonary embolism"
    assert g.args["heart_rate"] == 120.0 and g.args["pe_most_likely"] is True


def test_number_in_another_unit_supports_the_llm_value() -> None:
    note = "He felt hot; the reading was 101.3 F on arrival."  # no temperature label: the rules read nothing
    g = reconcile(C["sirs_criteria"], {"temperature": 38.5}, note)  # 101.3 °F = 38.5 °C
    t = g.param("temperature")
    assert (t.status, t.rule_value, t.evidence["text"]) == ("llm_supported", None, "101.3 F")
    assert g.args["temperature"] == 38.5
    # the same number in no convertible unit does not support it
    assert reconcile(C["sirs_criteria"], {"temperature": 38.5}, "Room 101.3 was cold.").param("temperature").status == "unsupported"


def test_llm_mode_uses_llm_values_as_given_and_flags_them() -> None:
    g = reconcile(C["cha2ds2_vasc"], {"age": 67, "sex": "male", "congestive_heart_failure": True, "diabetes": True}, NOTE,
                  mode="llm")
    assert g.args["congestive_heart_failure"] is True and g.param("congestive_heart_failure").status == "disagree"
    assert g.args["diabetes"] is True and g.param("diabetes").status == "unsupported"
    assert "stroke" not in g.args  # the rules read it, but llm mode uses only the LLM's values
    assert g.param("stroke").rule_value is True and g.param("stroke").status == "assumed"
    assert len(g.flags) == 2


def test_rules_mode_ignores_the_llm() -> None:
    g = reconcile(C["bmi"], {"weight": 90, "height": 180}, "Weight 70 kg, height 170 cm.", mode="rules")
    assert g.args == {"weight": 70.0, "height": 170.0} and not g.flags
    with pytest.raises(ValueError, match="unknown extraction mode"):
        reconcile(C["bmi"], {}, "", mode="magic")


def test_invalid_unknown_and_default_llm_values() -> None:
    g = reconcile(C["bmi"], {"weight": -5, "height": 170, "colour": "blue"}, "Weight 70 kg, height 170 cm.")
    assert g.param("weight").status == "rule" and g.args["weight"] == 70.0
    assert any(f.startswith("weight:") and "not valid" in f for f in g.flags)
    assert any(f.startswith("colour:") for f in g.flags)
    d = reconcile(C["calcium_correction"], {"normal_albumin": 4.0}, "Calcium 8 mg/dL, albumin 2 g/dL.")
    assert d.param("normal_albumin").status == "assumed" and "normal_albumin" not in d.args


def test_summary_lines() -> None:
    g = reconcile(C["cha2ds2_vasc"], {"age": 67}, NOTE)
    s = g.summary()
    assert "age = 67 years [rule+llm: '67-year-old']" in s
    assert "tia = False [assumed: not documented" in s
    assert "congestive_heart_failure = False [rule: 'CHF', negated" in s


# --- LLM extraction --------------------------------------------------------------------------


def test_llm_arguments_sends_the_schema_and_retries_invalid_output() -> None:
    model = ScriptedChatModel(responses=[{"weight": 70, "height": 5000}, {"weight": 70, "height": 175}])
    out = llm_arguments(C["bmi"], "Weighs 70 kg, 175 cm.", "What is the BMI?", model, retries=1)
    assert out == {"weight": 70, "height": 175}
    first = model.calls[0]
    schema = first["kwargs"]["response_format"]["json_schema"]["schema"]
    assert set(schema["properties"]) == {"weight", "height"} and "required" not in schema
    text = "\n".join(str(m.content) for m in first["messages"])
    assert "Weighs 70 kg, 175 cm." in text and "height (number in cm" in text
    assert "height" in str(model.calls[1]["messages"][-1].content)  # the retry names the invalid input


def test_llm_arguments_gives_up_with_a_clear_error() -> None:
    model = ScriptedChatModel(responses=["not json", "still not json"])
    with pytest.raises(StructuredOutputError, match="extractor"):
        llm_arguments(C["bmi"], "note", "q", model, retries=1)


def test_ground_hybrid_with_a_scripted_model() -> None:
    note = "A 62-year-old woman, 160 cm, weighs 78 kg."
    model = ScriptedChatModel(responses=[json.dumps({"sex": "female", "weight": 78, "height": 160})])
    g = ground(C["adjusted_body_weight"], note, "What is her adjusted body weight?", model=model)
    assert {p.status for p in g.params} == {"agree"} and g.mode == "hybrid"
    ibw = 45.5 + 2.3 * (160 / 2.54 - 60)  # Devine IBW, female: 45.5 kg + 2.3 kg per inch over 5 ft = 52.38 kg
    assert C["adjusted_body_weight"].run(g.args).value == pytest.approx(ibw + 0.4 * (78 - ibw), rel=1e-3)
    failing = ScriptedChatModel(responses=["?", "?", "?"])
    g2 = ground(C["adjusted_body_weight"], note, "", model=failing, retries=2)
    assert g2.flags[0].startswith("LLM extraction failed") and g2.args["weight"] == 78.0
    with pytest.raises(ValueError, match="needs a chat model"):
        ground(C["bmi"], note, mode="llm")


def test_a_number_with_another_unit_does_not_support_a_value() -> None:
    fluids = C["maintenance_fluids"]
    assert reconcile(fluids, {"weight": 70}, "A 70-year-old man. BP 70/40 mmHg.").param("weight").status == "unsupported"
    ok = reconcile(fluids, {"weight": 70}, "On the ward scales she came in at 70 kilos.").param("weight")  # no label: rules read nothing
    assert ok.status == "llm_supported" and ok.evidence["text"] == "70 kilos"


@pytest.mark.parametrize("llm_value", [12, 10])
def test_a_method_parameter_stays_the_convention_whatever_the_model_gives(llm_value: int) -> None:
    """The delta ratio's normal anion gap is the method's convention (12), not a fact of the note: the model's value
    (the default or another) is recorded, the convention is used, and the confidence does not doubt it."""
    note = "Sodium 140, chloride 100, bicarbonate 12 mEq/L. Normal anion gap is 10."
    calc = C["delta_ratio"]
    g = reconcile(calc, {"sodium": 140, "chloride": 100, "bicarbonate": 12, "normal_anion_gap": llm_value}, note)
    p = g.param("normal_anion_gap")
    assert (p.status, p.value, p.llm_value) == ("assumed", 12.0, llm_value) and p.note.startswith("method parameter")
    assert g.args.get("normal_anion_gap", 12.0) == 12.0
    conf = assess(calc, g.args, g.params, note)
    assert conf is not None and "normal_anion_gap" not in {d.input for d in conf.doubts}
