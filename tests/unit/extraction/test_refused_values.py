"""Numbers the extractor refuses are kept as refused values, and a calculator call that lacks the input says what
the note gives and why (issue 13: out-of-range values, bare numbers whose unit cannot be told).

Every sentence here was written for these tests."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS as C
from medmirror.tools.calculators.base import CalculatorInputError, InputIssue, is_rejected_argument, rejected_argument
from medmirror.tools.extraction import extract
from medmirror.tools.extraction.grounding import reconcile, rule_arguments

# --- the extractor keeps refused numbers, with why ------------------------------------------------------


def test_out_of_range_number_is_refused_with_the_range() -> None:
    e = extract("On arrival the serum sodium was 14 mEq/L and the potassium 4.0 mEq/L.")
    assert "sodium" not in e.values and e["potassium"].value == 4.0
    (r,) = e.rejected["sodium"]
    assert (r.number, r.unit, r.value) == (14.0, "mEq/L", 14.0)
    assert r.message == "the note gives 14 mEq/L, outside 90-220 mEq/L"
    assert "sodium" in r.raw and "14 mEq/L" in r.raw  # evidence: label to unit


def test_refused_number_in_another_unit_shows_the_conversion() -> None:
    (r,) = extract("Her creatinine measured 5000 µmol/L on the first sample.").rejected["creatinine"]
    assert r.unit == "µmol/L" and r.value == pytest.approx(56.56, abs=0.01)
    assert r.message == "the note gives 5000 µmol/L (= 56.56 mg/dL), outside 0.1-40 mg/dL"


def test_a_number_with_a_unit_of_another_kind_is_not_a_refusal() -> None:
    e = extract("Sodium 139 mEq/L. A sodium restriction for 6 weeks was advised.")
    assert e["sodium"].value == 139 and e.rejected == {}


def test_a_refused_number_does_not_hide_a_valid_reading() -> None:
    e = extract("Sodium 14 mEq/L was reported (haemolysed sample); the repeat sodium was 137 mEq/L.")
    assert e["sodium"].value == 137
    g = rule_arguments(C["serum_osmolality"], "Sodium 14 mEq/L was reported; the repeat sodium was 137 mEq/L. "
                                              "BUN 14 mg/dL, glucose 90 mg/dL.")
    assert g.args["sodium"] == 137 and g.rejected == {}


# --- the refusal reaches the calculator's message ----------------------------------------------------------


def test_required_input_with_a_refused_value_says_what_the_note_gives() -> None:
    note = "Chemistry: Na 14 mEq/L, BUN 22 mg/dL, glucose 110 mg/dL."
    g = rule_arguments(C["serum_osmolality"], note)
    p = g.param("sodium")
    assert p.status == "missing" and p.value is None and p.rejected == "the note gives 14 mEq/L, outside 90-220 mEq/L"
    assert p.evidence and p.evidence["text"].startswith("Na")
    assert "sodium" in g.missing and is_rejected_argument(g.args["sodium"])
    assert "[refused: the note gives 14 mEq/L" in g.summary()
    with pytest.raises(CalculatorInputError) as e:
        C["serum_osmolality"].run(g.args)
    msg = str(e.value)
    assert "sodium: the note gives 14 mEq/L, outside 90-220 mEq/L" in msg and "missing sodium" not in msg
    assert [i.problem for i in e.value.issues] == ["rejected"] and e.value.missing == []


def test_optional_input_with_a_refused_value_is_not_assumed_normal() -> None:
    """SIRS assumes an undocumented temperature normal; a temperature the note gives but that was refused is not
    undocumented, so the calculator refuses instead of scoring it normal."""
    note = "Temp 51 °C on the monitor, heart rate 118 bpm, respiratory rate 26/min."
    g = rule_arguments(C["sirs_criteria"], note)
    assert g.rejected["temperature"] == "the note gives 51 °C, outside 25-45 °C"
    with pytest.raises(CalculatorInputError, match="temperature: the note gives 51 °C, outside 25-45 °C"):
        C["sirs_criteria"].run(g.args)


def test_rejected_argument_on_its_own_and_beside_a_missing_input() -> None:
    with pytest.raises(CalculatorInputError) as e:
        C["bmi"].run({"weight": rejected_argument("the note gives 900 kg, outside 0.3-400 kg")})
    problems = {i.name: i.problem for i in e.value.issues}
    assert problems == {"weight": "rejected", "height": "missing"}
    assert str(e.value).startswith("Cannot compute Body Mass Index (BMI): missing height; the note's value refused for weight")
    assert str(InputIssue("weight", "rejected", "the note gives 900 kg, outside 0.3-400 kg")) == \
        "weight: the note gives 900 kg, outside 0.3-400 kg; not used"


def test_hybrid_keeps_the_refusal_unless_the_model_value_is_found_in_the_note() -> None:
    note = "Na 14 mEq/L (see comment), BUN 10 mg/dL, glucose 95 mg/dL."
    dropped = reconcile(C["serum_osmolality"], {"sodium": 140}, note, mode="hybrid")  # 140 is not in the note
    assert dropped.param("sodium").status == "unsupported" and is_rejected_argument(dropped.args["sodium"])
    found = reconcile(C["serum_osmolality"], {"sodium": 140}, note + " Repeat sample: 140 mEq/L.", mode="hybrid")
    assert found.args["sodium"] == 140
    # a rejected argument passed back as a proposal (the rules' own arguments) is not a value
    back = reconcile(C["serum_osmolality"], dict(dropped.args), note, mode="hybrid")
    assert is_rejected_argument(back.args["sodium"]) and not any("LLM" in f for f in back.flags)


# --- bare numbers: read only where one candidate unit makes them plausible (UNITS.md) ------------------------


@pytest.mark.parametrize("note, name, value", [
    ("Blood urea 1.5 with a normal creatinine.", "urea", 1.5 * 6.006),  # below the mg/dL range: mmol/L
    ("Blood urea 150 and creatinine 2.1 mg/dL.", "urea", 150.0),  # above the mmol/L range: mg/dL of urea
    ("Urea 7.2 mmol/L.", "urea", 7.2 * 6.006),
    ("Troponin I 0.04, repeated at 3 h.", "troponin", 0.04),  # below 1: no assay reports ng/L under 1
    ("hs-troponin T 2500 at 6 hours.", "troponin", 2.5),  # above 1000: ng/L
    ("Troponin 45 ng/L.", "troponin", 0.045),
    ("Spot urine creatinine 2000 on the same sample.", "urine_creatinine", 2000 / 88.4),  # µmol/L
    ("Urine creatinine 0.5 with urine sodium 20.", "urine_creatinine", 0.5 * 11.312),  # mmol/L
    ("Urine creatinine 45 mg/dL.", "urine_creatinine", 45.0),
    ("Urine sodium 20 on the spot sample.", "urine_sodium", 20.0),  # mEq/L = mmol/L: the same number
    ("BUN 18 and creatinine 1.1.", "bun", 18.0),  # urea nitrogen: mg/dL is its only unit in use
])
def test_bare_number_read_in_the_only_plausible_unit(note: str, name: str, value: float) -> None:
    assert extract(note)[name].value == pytest.approx(value, rel=1e-3)


@pytest.mark.parametrize("note, name, units", [
    ("Urea 7.2 on admission.", "urea", "mmol/L and in mg/dL"),
    ("Troponin 45 at presentation.", "troponin", "ng/mL and in ng/L"),
    ("Urine creatinine 45 on the spot sample.", "urine_creatinine", "mg/dL and in mmol/L"),
    ("Urine creatinine 400 on the spot sample.", "urine_creatinine", "mg/dL and in µmol/L"),
])
def test_bare_number_in_overlapping_ranges_needs_its_unit(note: str, name: str, units: str) -> None:
    e = extract(note)
    assert name not in e.values
    (r,) = e.rejected[name]
    assert r.unit is None and r.value is None
    assert r.message.endswith(f"plausible as {name.replace('_', ' ')} in {units}; the unit is needed")


def test_bare_urea_refusal_reaches_curb65() -> None:
    g = rule_arguments(C["curb_65"], "A 72-year-old man with pneumonia. Urea 9, RR 24, BP 118/74. Alert.")
    with pytest.raises(CalculatorInputError, match=r"urea: the note gives 9 \(no unit\), plausible as urea in mmol/L "
                                                   r"and in mg/dL; the unit is needed"):
        C["curb_65"].run(g.args)


def test_bare_urine_creatinine_refusal_reaches_fena() -> None:
    note = ("Serum sodium 134 mEq/L, serum creatinine 2.4 mg/dL. Urine studies: urine sodium 12 mEq/L, "
            "urine creatinine 60.")
    g = rule_arguments(C["fena"], note)
    assert g.rejected["urine_creatinine"].endswith("the unit is needed")
    with pytest.raises(CalculatorInputError, match="urine_creatinine: the note gives 60 \\(no unit\\)"):
        C["fena"].run(g.args)


def test_bare_weight_says_the_unit_is_needed() -> None:
    (r,) = extract("Wt 70, afebrile.").rejected["weight"]
    assert r.message == "the note gives 70 (no unit), kg or lb; the unit is needed"
