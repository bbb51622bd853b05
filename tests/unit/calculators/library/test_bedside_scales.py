"""Shapiro rule, PAWSS, pediatric GCS, modified Hoehn and Yahr and SLICS; patients written for these tests, totals
worked by hand from each publication."""

from __future__ import annotations

import pytest

from medmirror.bench.medmcp import resolve
from medmirror.tools.calculators import CALCULATORS, CalculatorInputError


def test_shapiro_major_minor_and_threshold():
    calc = CALCULATORS["shapiro_bacteremia"]
    # 40.0 °C (major, 3) + age 50 (0) + indwelling catheter (2) = 5 -> cultures
    result = calc.run({"temperature": ">39.4 °C", "age": "<=65 years", "catheter": True})
    assert result.value == 5 and "blood cultures indicated" in result.interpretation
    # boundary: one minor criterion (38.5 °C) is 1 point -> low risk; a second minor (vomiting) makes 2 -> cultures
    assert "Low risk" in calc.run({"temperature": "38.3-39.4 °C", "age": "<=65 years"}).interpretation
    assert calc.run({"temperature": "38.3-39.4 °C", "age": "<=65 years", "vomiting": True}).value == 2
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"age": ">65 years"})
    assert "temperature" in err.value.missing
    assert resolve("Shapiro Rule").id == "shapiro_bacteremia"


def test_pawss_threshold_and_cut_off():
    calc = CALCULATORS["pawss"]
    # threshold met; prior withdrawal, blackouts, downers = 3 -> low risk; + autonomic signs = 4 -> high risk
    three = {"threshold": "Yes", "withdrawal": True, "blackouts": True, "downers": True}
    assert calc.run(three).value == 3 and "low risk" in calc.run(three).interpretation
    result = calc.run({**three, "autonomic": True})
    assert result.value == 4 and "high risk" in result.interpretation
    # threshold not met: 0 whatever the items
    assert calc.run({"threshold": "No", "withdrawal": True, "seizures": True}).value == 0
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"withdrawal": True})
    assert err.value.missing == ["threshold"]
    assert resolve("Prediction of Alcohol Withdrawal Severity Scale").id == "pawss"


def test_pediatric_gcs_bands():
    calc = CALCULATORS["pediatric_gcs"]
    # toddler: eyes to voice 3 + irritable cries 4 + withdraws to touch 5 = 12 -> moderate
    result = calc.run({"eye": "Open to verbal stimuli", "verbal": "Confused / irritable cries",
                       "motor": "Localizes painful stimulus / withdraws to touch"})
    assert result.value == 12 and "Moderate" in result.interpretation
    # boundary 8: 2 + 2 + 4 -> severe
    assert "Severe" in calc.run({"eye": "Open to pain only", "verbal": "Incomprehensible words or sounds / moans to "
                                 "pain", "motor": "Withdraws to pain"}).interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"eye": "No response", "verbal": "No verbal response"})
    assert err.value.missing == ["motor"]
    assert resolve("Pediatric Glasgow Coma Scale (pGCS)").id == "pediatric_gcs"


def test_modified_hoehn_yahr_half_stages():
    calc = CALCULATORS["modified_hoehn_yahr"]
    assert calc.run({"stage": "Mild bilateral disease, with recovery on pull test"}).value == 2.5
    assert "Stage 4" in calc.run({"stage": "Severe disability; still able to walk or stand unassisted"}).interpretation
    with pytest.raises(CalculatorInputError):
        calc.run({})
    assert resolve("Modified Hoehn and Yahr Scale for Parkinson’s Disease").id == "modified_hoehn_yahr"


def test_slics_treatment_bands():
    calc = CALCULATORS["slics"]
    # burst 2 + indeterminate DLC 1 + root injury 1 = 4 -> either
    args = {"morphology": "Burst", "dlc": "Indeterminate (e.g. isolated interspinous widening, MRI signal change only)",
            "neuro": "Root injury"}
    assert calc.run(args).value == 4 and "surgeon" in calc.run(args).interpretation
    # boundary: the same 4 with continuous cord compression (+1) = 5 -> operative
    result = calc.run({**args, "compression": True})
    assert result.value == 5 and result.interpretation.startswith("SLICS >= 5")
    # compression 1 + intact 0 + root 1 = 2 -> non-operative
    assert calc.run({**args, "morphology": "Compression", "dlc": "Intact"}).interpretation.startswith("SLICS <= 3")
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"morphology": "Burst", "dlc": "Intact"})
    assert err.value.missing == ["neuro"]
    assert resolve("Subaxial Injury Classification and Severity Scale (SLICS)").id == "slics"


def test_epworth_bands():
    calc = CALCULATORS["epworth_sleepiness"]
    names = ("reading", "tv", "public", "passenger", "afternoon", "talking", "lunch", "traffic")
    # 2 x 5 = 10 with three situations 'would never doze' -> normal (upper boundary)
    args = {n: "Moderate chance of dozing" for n in names[:5]} | {n: "Would never doze" for n in names[5:]}
    assert calc.run(args).value == 10 and "normal" in calc.run(args).interpretation
    # one more point -> 11, mild
    assert "mild" in calc.run({**args, "talking": "Slight chance of dozing"}).interpretation
    # all 'high chance' = 24 -> severe
    assert "severe" in calc.run({n: "High chance of dozing" for n in names}).interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({n: args[n] for n in names[:7]})
    assert err.value.missing == ["traffic"]


def test_cha2ds2_va():
    calc = CALCULATORS["cha2ds2_va"]
    assert calc.run({"age": "<65 years"}).value == 0
    # 65-74 (1) alone -> 1, consider; + prior TIA (2) = 3 -> recommended
    assert "considered" in calc.run({"age": "65-74 years"}).interpretation
    assert calc.run({"age": "65-74 years", "stroke": True}).value == 3
    with pytest.raises(CalculatorInputError) as err:
        calc.run({"hypertension": True})
    assert err.value.missing == ["age"]
    assert resolve("CHA₂DS₂-VA Score").id == "cha2ds2_va"


def test_clinical_dehydration_scale():
    calc = CALCULATORS["clinical_dehydration_scale"]
    normal = {"appearance": "Normal", "eyes": "Normal", "mucous_membranes": "Moist", "tears": "Tears"}
    assert "no dehydration" in calc.run(normal).interpretation
    # sunken eyes 1 + sticky 1 + decreased tears 1 + restless 1 = 4 -> some; very sunken (2) makes 5 -> moderate/severe
    some = {"appearance": "Thirsty, restless, or lethargic but irritable when touched", "eyes": "Slightly sunken",
            "mucous_membranes": "Sticky", "tears": "Decreased tears"}
    assert calc.run(some).value == 4 and "some dehydration" in calc.run(some).interpretation
    assert "moderate to severe" in calc.run({**some, "eyes": "Very sunken"}).interpretation
    with pytest.raises(CalculatorInputError) as err:
        calc.run({k: v for k, v in normal.items() if k != "tears"})
    assert err.value.missing == ["tears"]
