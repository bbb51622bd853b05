"""bench medmcp: MDCalc names to calculators, gold inputs to arguments, the comparison, and both modes end to end
on a small scenario file written here."""

from __future__ import annotations

import json

import pytest

from medmirror.bench.cli import main as bench_main
from medmirror.bench.medcalc import BenchError, ModeNotAvailableError
from medmirror.bench.medmcp import (
    MedMCPDataError,
    compare,
    gold_arguments,
    gold_number,
    range_option,
    read_medmcp,
    resolve,
    run_medmcp,
)
from medmirror.tools.calculators import CALCULATORS

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
