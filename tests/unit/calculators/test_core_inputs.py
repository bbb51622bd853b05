"""Issue 31 H4: no calculator returns a result computed from nothing (every input assumed).

Every registered calculator (the 55 of MedCalc-Bench and the library's) is run with ``{}`` (the tool path) and with
an inputs object holding only its defaults; each must refuse, naming the missing core or required inputs, unless its
card documents why the empty input is a valid patient (``empty_ok``, which then appears in its conventions).
"""

from __future__ import annotations

import pytest

import medmirror.tools.calculators.library  # noqa: F401  (registers the library)
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.base import Calculator, CalculatorInputError

IDS = sorted(CALCULATORS)


def _refusal_names_inputs(calc, err: CalculatorInputError) -> bool:
    if not err.missing:
        return False
    named = " ".join(f"{i.name} {i.expected}" for i in err.issues)
    return any(name in named for name in calc.inputs.model_fields)


def test_the_registry_holds_the_whole_library() -> None:
    assert len(CALCULATORS) >= 430


@pytest.mark.parametrize("cid", IDS)
def test_no_result_from_all_assumed_inputs(cid: str) -> None:
    calc = CALCULATORS[cid]
    for args in ({}, calc.inputs.model_construct()):
        try:
            calc.run(args) if not isinstance(args, dict) else calc.tool_run(args)
        except CalculatorInputError as err:
            assert _refusal_names_inputs(calc, err), f"{cid}: the refusal does not name the missing inputs: {err}"
        except (AttributeError, KeyError, TypeError) as err:  # a defaults-only object reached compute()
            pytest.fail(f"{cid}: compute ran on an inputs object without its required inputs ({err!r})")
        else:
            assert calc.empty_ok and calc.empty_ok in calc.card().conventions, (
                f"{cid} computed a result from assumed inputs only and its card does not say why that is valid")


def test_a_declared_core_is_named_and_checked() -> None:
    gcs = CALCULATORS["glasgow_coma_scale"]
    assert set(gcs.core) == {"eye", "verbal", "motor"}
    assert any("Core: at least 3 of eye, verbal, motor" in c for c in gcs.card().conventions)
    with pytest.raises(CalculatorInputError) as err:
        gcs.run({"motor": "localizes pain"})
    assert set(err.value.missing) == {"eye", "verbal"}
    sofa = CALCULATORS["sofa"]
    assert sofa.run({"platelets": 90}).value == 2  # one organ value is enough for SOFA (the rest assumed normal)
    # a None is not a given value
    with pytest.raises(CalculatorInputError, match="at least 1 of"):
        CALCULATORS["sirs_criteria"].run({"temperature": None})


@pytest.mark.parametrize("cid, args, missing", [
    # a severity score of observed physiology is not computed from age alone (every variable assumed normal)
    ("apache_ii", {"age": 50}, "at least 6 of: temperature"),
    ("psi", {"age": 60, "sex": "male"}, "missing respiratory_rate, systolic_bp, temperature, heart_rate"),
    ("curb_65", {"age": 70}, "missing respiratory_rate, systolic_bp"),
    ("perc_rule", {"age": 30}, "missing heart_rate, oxygen_saturation"),  # a rule-out from assumed vitals
])
def test_physiology_scores_need_their_observed_core_beyond_the_required_inputs(cid, args, missing) -> None:
    with pytest.raises(CalculatorInputError, match=missing):
        CALCULATORS[cid].run(args)


def test_the_scores_own_refusal_is_named_with_the_missing_core() -> None:
    with pytest.raises(CalculatorInputError) as err:  # 5 physiological inputs, FiO2 >= 50% without PaCO2
        CALCULATORS["apache_ii"].run({"age": 60, "fio2": 80, "pao2": 70, "heart_rate": 110, "systolic_bp": 100,
                                      "diastolic_bp": 60})
    assert "only 5 of the score's core inputs" in str(err.value) and "paco2" in str(err.value)


def test_a_calculator_declaring_an_unknown_core_input_is_refused_at_definition() -> None:
    gcs = CALCULATORS["glasgow_coma_scale"]
    with pytest.raises(ValueError, match="not inputs"):
        Calculator(id="x", name="x", category="risk", description="", inputs=gcs.inputs, compute=gcs.compute,
                   reference="", core=("eyes",))
