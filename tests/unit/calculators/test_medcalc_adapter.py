"""The MedCalc-Bench entity adapter: literal parsing, key maps, similarity fallback, refusals."""

import pytest

from medmirror.tools.calculators import by_medcalc_id
from medmirror.tools.calculators.medcalc_adapter import EntityAdapterError, adapt, parse_entities, similar_field


def test_parse_uses_literals_only() -> None:
    assert parse_entities("{'age': [53, 'years'], 'Stroke': True}") == {"age": [53, "years"], "Stroke": True}
    with pytest.raises(EntityAdapterError, match="Python-literal"):
        parse_entities("{'age': __import__('os').getcwd()}")
    with pytest.raises(EntityAdapterError, match="must be a dict"):
        parse_entities("[1, 2]")


def test_known_keys_and_value_pairs() -> None:
    calc = by_medcalc_id(6)
    args = adapt(calc, "{'weight': [150, 'lbs'], 'height': [65, 'in']}")
    assert args == {"weight": {"value": 150, "unit": "lbs"}, "height": {"value": 65, "unit": "in"}}
    assert calc.run(args).value == pytest.approx((150 * 0.45359237) / (65 * 0.0254) ** 2)


def test_key_variant_maps_by_similarity_and_is_reported() -> None:
    caprini = by_medcalc_id(36)
    report: list[str] = []
    args = adapt(caprini, {"age": [70, "years"], "sex": "Male", "Sepsis": True, "Multiple trauma": True}, report=report)
    assert args["sepsis_last_month"] is True and args["multiple_trauma_last_month"] is True
    assert len(report) == 2 and "Sepsis" in report[0]


def test_unrelated_key_is_refused_not_guessed() -> None:
    centor = by_medcalc_id(20)
    assert similar_field(centor, "Heart Rate or Pulse") is None
    assert similar_field(centor, "Fever") == ("fever_history", 1.0)  # the fever-by-history flag, not a guess
    with pytest.raises(EntityAdapterError, match="'Serum lipase'"):
        adapt(centor, {"age": [30, "years"], "Serum lipase": [40, "U/L"]})


def test_ambiguous_key_is_refused() -> None:
    # "history" is a stop word; "disease" alone fits several Charlson conditions equally.
    assert similar_field(by_medcalc_id(32), "disease") is None
