"""bench medmcp: MDCalc names to calculators, gold inputs to arguments, the comparison, and both modes end to end
on a small scenario file written here."""

from __future__ import annotations

import json
import math

import pytest

from medmirror.bench.cli import main as bench_main
from medmirror.bench.medcalc import BenchError, ModeNotAvailableError
from medmirror.bench.medmcp import (
    MedMCPDataError,
    compare,
    gold_arguments,
    gold_number,
    label_interval,
    make_gold,
    matching_calculators,
    range_option,
    read_medmcp,
    resolve,
    run_medmcp,
    stated_points,
    value_interval,
)
from medmirror.tools.builtin import default_registry
from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.intervals import Interval

SCENARIOS = [
    {"task_id": "t1", "task_scenario": "Trauma", "task_category": "EM", "patient_id": "p1",
     "task_description": "Step 1) Compute the Shock Index from heart rate and systolic blood pressure to screen for "
                         "occult shock. Step 2) Estimate the Pediatric Blorp Index for the child.",
     "fuzzy_question": "Heart rate over systolic blood pressure: is this shock index high? Then the blorp thing.",
     "required_calculators": ["Shock Index", "Pediatric Blorp Index"],
     "calculator_answers": [
         {"order": 1, "name": "Shock Index", "inputs": [{"field": "Heart Rate/Pulse", "value": "132 beats/min"},
                                                       {"field": "Systolic BP", "value": "88 mm Hg"}],
          "final_answer": 1.5, "notes": ""},
         {"order": 2, "name": "Pediatric Blorp Index", "inputs": [], "final_answer": 3, "notes": ""}]},
    {"task_id": "t2", "task_scenario": "Renal", "task_category": "Nephrology", "patient_id": "p2",
     "task_description": "Compute the transtubular potassium gradient from urine and serum potassium and osmolality.",
     "fuzzy_question": "Is the kidney wasting potassium? Use urine and serum potassium and osmolality.",
     "required_calculators": ["Transtubular Potassium Gradient (TTKG)", "Emory Model (TIPSS)"],
     "calculator_answers": [
         {"order": 1, "name": "Transtubular Potassium Gradient (TTKG)",
          "inputs": [{"field": "Urine potassium", "value": "15 mEq/L"}, {"field": "Serum potassium", "value": "5.8 mEq/L"},
                     {"field": "Urine osmolality", "value": "500 mOsm/kg"},
                     {"field": "Serum osmolality", "value": "295 mOsm/kg"}],
          "final_answer": 2, "notes": ""},
         {"order": 2, "name": "Emory Model (TIPSS)",
          "inputs": [{"field": "Total Bilirubin", "value": "2.3 mg/dL"}, {"field": "ALT", "value": "38 U/L"},
                     {"field": "Pre-TIPSS Hepatic Encephalopathy", "value": "No"},
                     {"field": "Urgency of TIPSS", "value": "Elective"}],
          "final_answer": 2, "notes": ""}]},
]


@pytest.fixture()
def data(tmp_path):
    path = tmp_path / "medmcp.jsonl"
    path.write_text("\n".join(json.dumps(s) for s in SCENARIOS) + "\n", encoding="utf-8")
    return path


def test_bad_rows_are_refused_with_their_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(SCENARIOS[0]) + "\n" + json.dumps({"task_id": "x"}) + "\n", encoding="utf-8")
    with pytest.raises(MedMCPDataError, match=r"bad.jsonl:2: 'fuzzy_question' missing"):
        read_medmcp(bad)
    with pytest.raises(MedMCPDataError, match="no such file"):
        read_medmcp(tmp_path / "none.jsonl")


@pytest.mark.parametrize(("name", "cid"), [
    ("Shock Index", "shock_index"), ("Horowitz Index for Lung Function (P/F Ratio)", "pf_ratio"),
    ("SpO₂/FiO₂ Ratio", "sf_ratio"), ("A-a O₂ Gradient", "a_a_gradient"), ("Emory Model (TIPSS)", "emory_tipss"),
    ("Kinetic Estimated Glomerular Filtration Rate (keGFR)", "kinetic_egfr"),
    ("National Early Warning Score (NEWS) 2", "news2"), ("CSHA Clinical Frailty Scale (CFS)", "clinical_frailty_scale"),
    ("Pediatric Blorp Index", None),
    ("National Early Warning Score (NEWS)", None),  # the 2012 score is not NEWS2
])
def test_mdcalc_names_resolve_exactly(name, cid):
    calc = resolve(name)
    assert (calc.id if calc else None) == cid


def test_range_options_hold_the_number():
    assert range_option(2, ("<2", "2-4", ">=4")) == "2-4"
    assert range_option(85, (">=90%", "80% to 90%", "<80%")) == "80% to 90%"
    assert range_option(9.8, ("< 7 g/dL", "< 9 g/dL", "< 10 g/dL", "< 11 g/dL", ">= 12 g/dL")) == "< 10 g/dL"
    assert range_option(1.3, ("<=1.2", ">1.2 to 1.4", ">1.4")) == ">1.2 to 1.4"
    assert range_option(5, ("mild", "severe")) is None


def test_gold_inputs_map_to_the_right_arguments():
    args, unmapped = gold_arguments(CALCULATORS["ttkg"], SCENARIOS[1]["calculator_answers"][0]["inputs"])
    assert args == {"urine_potassium": "15 mEq/L", "serum_potassium": "5.8 mEq/L", "urine_osmolality": "500 mOsm/kg",
                    "serum_osmolality": "295 mOsm/kg"} and unmapped == []
    # the unit of a bare number is read from its label
    args, _ = gold_arguments(CALCULATORS["bicarbonate_deficit"], [{"field": "Weight (lbs)", "value": 180},
                                                                 {"field": "Bicarbonate", "value": "10 mEq/L"}])
    assert args["weight"] == "180 lbs" and CALCULATORS["bicarbonate_deficit"].run(args).value == pytest.approx(457.22,
                                                                                                              abs=0.01)


def test_comparison_tolerance_precision_units_and_labels():
    si = CALCULATORS["shock_index"].run({"heart_rate": 106, "systolic_bp": 112})  # 0.946
    assert compare(si, 0.9) == (True, "")  # equal at the precision MDCalc printed
    assert compare(si, 1.2)[0] is False
    ibw = CALCULATORS["ideal_body_weight"].run({"sex": "male", "height": 175})  # 70.46 kg
    assert compare(ibw, "155.3 lbs")[0] is True  # converted to MDCalc's unit
    cam = CALCULATORS["cam_icu"].run({"rass": -2, "acute_change_or_fluctuation": True, "inattention": False})
    assert compare(cam, "CAM-ICU negative")[0] is True and compare(cam, "CAM-ICU positive")[0] is False
    assert gold_number("32.9 mL/cm H₂O") == (32.9, 1, "mL/cm H2O") and gold_number("Stage 2") == (2.0, 0, None)


def test_gold_mode_end_to_end_and_resume(data, tmp_path):
    out = tmp_path / "gold"
    s = run_medmcp(data, "gold", out_dir=out, quiet=True, echo=lambda _: None)
    assert (s["tasks"], s["calculators_required"], s["calculators_covered"]) == (2, 4, 3)
    # shock index 1.5 right; TTKG 1.53 is MDCalc's 2 at the integer precision it prints; Emory 0 vs 2 is listed
    assert s["gold_correct"] == 2 and s["gold_value_accuracy"] == pytest.approx(2 / 3)
    assert [(d["tool"], d["reason"]) for d in s["disagreements"]] == [("emory_tipss",
                                                                       "value differs: ours 0 vs MDCalc 2")]
    assert s["most_required_missing"] == {"Pediatric Blorp Index": 1}
    assert (out / "records.jsonl").exists() and (out / "medmcp.png").stat().st_size > 1000
    again = run_medmcp(data, "gold", out_dir=out, quiet=True, echo=lambda _: None)
    assert again["rows_resumed"] == 2 and again["rows_run"] == 0 and again["gold_correct"] == 2
    with pytest.raises(BenchError, match="records of mode gold"):
        run_medmcp(data, "plan", out_dir=out, quiet=True, echo=lambda _: None, options={"embeddings": None})


def test_plan_mode_identifies_from_each_sentence(data, tmp_path):
    s = run_medmcp(data, "plan", out_dir=tmp_path / "plan", quiet=True, echo=lambda _: None,
                   options={"embeddings": None})
    rec = [json.loads(line) for line in (tmp_path / "plan" / "records.jsonl").read_text().splitlines()]
    assert "shock_index" in rec[0]["task_description"]["segments"]
    assert "ttkg" in rec[1]["task_description"]["segments"]
    assert 0 < s["identification_recall"] <= 1 and 0 < s["identification_precision"] <= 1
    assert set(s["identification"]) == {"fuzzy_question/segments", "fuzzy_question/whole",
                                        "task_description/segments", "task_description/whole"}


def test_agent_mode_runs_through_its_own_module(data, tmp_path, capsys):
    with pytest.raises(ModeNotAvailableError, match="medmcp_agent"):  # the patient record is built there
        run_medmcp(data, "agent", out_dir=tmp_path / "a", quiet=True, echo=lambda _: None)
    assert bench_main(["bench", "medmcp", "--data", str(data), "--mode", "agent", "--plan", "oracle", "--no-plot",
                       "--quiet", "--out", str(tmp_path / "b")]) == 0
    assert "task success" in capsys.readouterr().out
    summary = json.loads((tmp_path / "b" / "summary.json").read_text())
    assert {"task_success", "identification_recall", "value_accuracy", "input_reading_accuracy"} <= set(summary)


def _spec(cid, name):
    return next(s for s in CALCULATORS[cid].card().inputs if s.name == name)


def test_threshold_labels_and_bands_become_intervals():
    hr, temp, age = _spec("wells_pe", "heart_rate"), _spec("psi", "temperature"), _spec("centor_mcisaac", "age")
    assert label_interval(hr, "Heart rate >100", yes=True) == Interval(100, math.inf, False, False)
    assert label_interval(hr, "Heart rate >100", yes=False) == Interval(-math.inf, 100, False, True)
    # 'no' to a two-sided condition is the band between; 'yes' to it is a union, no interval
    assert label_interval(temp, "Temperature <35°C or >39.9°C", yes=False) == Interval(35, 39.9, True, True, "°C")
    assert label_interval(temp, "Temperature <35°C or >39.9°C", yes=True) is None
    # the parenthesised restatement in another unit is not a second condition
    bun = _spec("psi", "bun")
    assert label_interval(bun, "BUN ≥30 mg/dL (≥11 mmol/L)", yes=True) == Interval(30, math.inf, True, False, "mg/dL")
    # a 'yes' to 'SBP <90 or DBP <=60' does not say which held
    assert label_interval(_spec("curb_65", "systolic_bp"), "Systolic BP <90 mmHg or Diastolic BP ≤60 mmHg",
                          yes=True) is None
    assert value_interval(age, "Age", "15-44 years") == Interval(15, 44, True, True, "years")
    assert value_interval(_spec("news2", "spo2"), "SpO₂", "92-93%") == Interval(92, 93, True, True, "%")
    assert value_interval(_spec("free_water_deficit", "age"), "Age range", "Adult") == Interval(18, 65, True, False)
    assert value_interval(age, "Age", "42 years") is None and value_interval(age, "Age", 42) is None


def test_stated_points_pick_the_option():
    assert stated_points("2 (Moderate slowing; micrographia)") == (2.0, "Moderate slowing; micrographia)")
    assert stated_points("III - Patient with severe systemic disease")[0] == 3
    assert stated_points("Moderately anxious (4)")[0] == 4 and stated_points("Able to stand (3 points)")[0] == 3
    assert stated_points("Yes (56 years)") is None and stated_points("Normal") is None
    # Berg: 'Sitting to standing' and 'Standing to sitting' share their words; the answers tell them apart
    args, _ = gold_arguments(CALCULATORS["berg_balance_scale"], [
        {"field": "Sitting to standing", "value": "Able to stand independently using hands (+3)"},
        {"field": "Standing to sitting", "value": "Controls descent by using hands (+3)"}])
    assert args["q1"] == "Able to stand independently using hands" and args["q4"] == "Controls descent by using hands"


def test_gold_runs_yes_no_thresholds_over_their_intervals():
    row = read_medmcp_rows([{
        "task_id": "t9", "task_description": "x", "fuzzy_question": "y",
        "required_calculators": ["PERC Rule for Pulmonary Embolism", "CURB-65 Score for Pneumonia Severity"],
        "calculator_answers": [
            {"name": "PERC Rule for Pulmonary Embolism", "final_answer": 1, "inputs": [
                {"field": "Age ≥50", "value": "Yes"}, {"field": "HR ≥100", "value": "No"},
                {"field": "O2 sat on room air <95%", "value": "No"}, {"field": "Unilateral leg swelling", "value": "No"},
                {"field": "Hemoptysis", "value": "No"}, {"field": "Recent surgery or trauma", "value": "No"},
                {"field": "Prior PE or DVT", "value": "No"}, {"field": "Hormone use", "value": "No"}]},
            {"name": "CURB-65 Score for Pneumonia Severity", "final_answer": 1, "inputs": [
                {"field": "Confusion", "value": "No"}, {"field": "BUN >19 mg/dL", "value": "No"},
                {"field": "Respiratory rate", "value": "22"}, {"field": "Systolic BP", "value": "120 mmHg"},
                {"field": "Diastolic BP", "value": "80 mmHg"}, {"field": "Age", "value": "60-70 years"}]}]}])
    perc, curb = make_gold({})(row)["mentions"]
    assert perc["correct"] is True and perc["intervals"]["age"].startswith("[50")
    assert curb["correct"] is False and curb["miss"] == "range" and curb["value_range"] == [0, 1]


def read_medmcp_rows(objs):
    from medmirror.bench.medmcp import MedMCPRow

    o = objs[0]
    return MedMCPRow(id=o["task_id"], scenario="", category="", task_description=o["task_description"],
                     fuzzy_question=o["fuzzy_question"], required=tuple(o["required_calculators"]),
                     answers=tuple(o["calculator_answers"]))


def test_plan_cut_off_names_none_or_several():
    reg = default_registry()
    assert matching_calculators(reg, "I would like to be thorough and careful with this patient today.") == []
    found = matching_calculators(reg, "Compute the shock index from heart rate and systolic blood pressure.")
    assert found and found[0] == "shock_index" and len(found) <= 3


def test_misses_table_lists_every_miss_with_its_fault(data, tmp_path):
    from medmirror.bench.medmcp_misses import render

    run_medmcp(data, "gold", out_dir=tmp_path / "g", quiet=True, echo=lambda _: None)
    text = render(tmp_path / "g")
    assert "misses 1: ours 0, label 0, unreviewed 1" in text
    assert "| t2 | emory_tipss | value | unreviewed |" in text


def test_a_rate_over_hours_gives_its_duration():
    # written for this test: UO 0.4 mL/kg/h for 13 hours -> the urine-output rate and its duration
    fields = [{"field": "baseline creatinine", "value": "1.0 mg/dL"}, {"field": "current creatinine",
                                                                         "value": "1.2 mg/dL"},
              {"field": "urine output rate", "value": "0.4 mL/kg/h over 13 hours"}]
    args, _ = gold_arguments(CALCULATORS["kdigo_aki"], fields)
    assert args["oliguria_hours"] == 13.0 and args["urine_output_rate"] == "0.4 mL/kg/h"
    # 1.2x creatinine is below stage 1; < 0.5 mL/kg/h for >= 12 h is stage 2
    assert "2" in str(CALCULATORS["kdigo_aki"].run(args).value)
    # no qualifier: no duration is made up
    args, _ = gold_arguments(CALCULATORS["kdigo_aki"], fields[:2] + [{"field": "urine output rate",
                                                                      "value": "0.4 mL/kg/h"}])
    assert "oliguria_hours" not in args


def test_a_weight_noted_as_the_dosing_weight_is_used_as_given():
    # written for this test: (140 - 50) x 70 / (72 x 1.0) = 87.5 mL/min on the noted ideal weight, no height needed
    fields = [{"field": "Age", "value": "50 years"}, {"field": "Sex", "value": "Male"},
              {"field": "Serum creatinine", "value": "1.0 mg/dL"},
              {"field": "Weight", "value": "70 kg (ideal body weight)"}]
    args, _ = gold_arguments(CALCULATORS["creatinine_clearance"], fields)
    assert args["weight_basis"] == "actual"
    assert CALCULATORS["creatinine_clearance"].run(args).value == pytest.approx(87.5, abs=0.05)
    # a plain weight keeps the calculator's own basis
    args, _ = gold_arguments(CALCULATORS["creatinine_clearance"], fields[:3] + [{"field": "Weight", "value": "70 kg"}])
    assert "weight_basis" not in args
