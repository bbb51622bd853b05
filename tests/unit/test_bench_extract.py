"""`bench medcalc --mode extract`: extraction with the row's calculator, per-parameter and end accuracy."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from medmirror.bench import cli
from medmirror.bench.common import load_records
from medmirror.bench.medcalc import COLUMNS, MODES, BenchError, run_medcalc
from medmirror.core.models.scripted import ScriptedChatModel

BMI_NOTE = "A 40-year-old man who weighs 68 kg and is 182 cm tall."  # 68 / 1.82^2 = 20.52892
CHA_NOTE = "A 62-year-old man with atrial fibrillation. He had a stroke in 2018. He denies diabetes."
CHA_ENTITIES = "{'sex': 'Male', 'age': [62, 'years'], 'Stroke': True, 'Diabetes history': False, 'Hypertension history': True}"
# gold score with hypertension: stroke 2 + hypertension 1 = 3; without it (the note does not say it) 2


def row(n: int, calc_id: int, category: str, note: str, question: str, entities: str, gt: str, lo: str, hi: str,
        otype: str = "decimal") -> dict[str, Any]:
    return {
        "Row Number": n, "Calculator ID": calc_id, "Calculator Name": f"calc {calc_id}", "Category": category,
        "Output Type": otype, "Note ID": f"n{n}", "Note Type": "synthetic", "Patient Note": note, "Question": question,
        "Relevant Entities": entities, "Ground Truth Answer": gt, "Lower Limit": lo, "Upper Limit": hi,
        "Ground Truth Explanation": "",
    }


def write_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(COLUMNS))
        w.writeheader()
        w.writerows(rows)
    return path


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    return write_csv(tmp_path / "d.csv", [
        row(1, 6, "physical", BMI_NOTE, "What is the BMI?", "{'weight': [68.0, 'kg'], 'height': [182.0, 'cm']}",
            "20.52892", "19.50247", "21.55537"),
        row(2, 4, "risk", CHA_NOTE, "What is the CHA2DS2-VASc score?", CHA_ENTITIES, "3", "3", "3", otype="integer"),
        # height not in the note: the calculator names it missing; the gold height counts as a wrong parameter
        row(3, 6, "physical", "A man who weighs 80 kg.", "What is the BMI?", "{'weight': [80.0, 'kg'], 'height': [1.8, 'm']}",
            "24.69136", "23.45679", "25.92593"),
    ])


def run(data: Path, out: Path, **options: Any) -> dict[str, Any]:
    return run_medcalc(data, "extract", out_dir=out, quiet=True, plot=False, echo=lambda s: None, options=options)


def test_extract_rules(data: Path, tmp_path: Path) -> None:
    assert MODES["extract"].available
    summary = run(data, tmp_path / "o", extractor="rules")
    recs = {r["id"]: r for r in load_records(tmp_path / "o" / "records.jsonl")}
    bmi = recs["1"]
    assert bmi["correct"] is True and bmi["extractor"] == "rules" and bmi["got"] == pytest.approx(20.52892, rel=1e-4)
    assert bmi["params"]["weight"] == {"extracted": 68.0, "gold": 68.0, "match": True, "status": "rule",
                                       "evidence": bmi["params"]["weight"]["evidence"]}
    assert BMI_NOTE[bmi["params"]["weight"]["evidence"]["start"]:bmi["params"]["weight"]["evidence"]["end"]] == "weighs 68 kg"
    cha = recs["2"]["params"]
    assert cha["stroke"]["match"] and cha["diabetes"]["match"] and cha["diabetes"]["status"] == "rule"
    assert cha["hypertension"] == {"extracted": False, "gold": True, "match": False, "status": "assumed", "evidence": None}
    assert cha["tia"]["gold"] is None and cha["tia"]["match"] is None  # not in the gold: not scored
    assert recs["2"]["correct"] is False and recs["2"]["got"] == 2
    third = recs["3"]
    assert third["error_stage"] == "calculator_run" and "missing height" in third["error"]
    assert third["params"]["height"] == {"extracted": None, "gold": 180.0, "match": False, "status": "missing", "evidence": None}
    # parameters: BMI 2/2, CHA2DS2-VASc 4/5 (hypertension wrong), third row 1/2 -> 7/9
    pa = summary["param_accuracy"]
    assert (pa["correct"], pa["n"]) == (7, 9)
    assert summary["param_accuracy_by_calculator"]["4 calc 4"]["accuracy"] == pytest.approx(0.8)
    assert summary["accuracy"] == pytest.approx(1 / 3) and summary["by_category"]["physical"]["correct"] == 1
    assert summary["extractor"] == "rules" and summary["errors_by_stage"] == {"calculator_run": 1}


def _scripted_extractor(messages: list) -> str:
    """Answers per calculator, read from the prompt: right values, one unsupported, one disagreeing."""
    text = "\n".join(str(m.content) for m in messages)
    if "CHA2DS2-VASc" in text:
        return json.dumps({"age": 62, "sex": "male", "stroke": True, "hypertension": True, "diabetes": True})
    if "weighs 80 kg" in text:
        return json.dumps({"weight": 80, "height": 180})  # height is not in the note
    return json.dumps({"weight": "150 lb", "height": 182})  # 150 lb = 68.04 kg agrees with the note


def test_extract_hybrid_with_a_scripted_model(data: Path, tmp_path: Path) -> None:
    model = ScriptedChatModel(responses=[_scripted_extractor] * 3)
    summary = run(data, tmp_path / "h", extractor="hybrid", models=model)
    recs = {r["id"]: r for r in load_records(tmp_path / "h" / "records.jsonl")}
    assert recs["1"]["correct"] and {p["status"] for p in recs["1"]["params"].values()} == {"agree"}
    cha = recs["2"]
    assert cha["params"]["hypertension"]["status"] == "unsupported"  # the LLM's 'true' has no mention: dropped
    assert cha["params"]["diabetes"]["status"] == "disagree" and cha["params"]["diabetes"]["extracted"] is False
    assert len(cha["flags"]) == 2 and cha["got"] == 2
    assert recs["3"]["params"]["height"]["status"] == "unsupported" and recs["3"]["error_stage"] == "calculator_run"
    assert summary["param_accuracy"]["correct"] == 7 and summary["rows_with_flags"] == 2
    assert len(model.calls) == 3 and model.calls[0]["kwargs"]["response_format"]["type"] == "json_schema"


def test_extract_llm_mode_uses_the_models_values(data: Path, tmp_path: Path) -> None:
    model = ScriptedChatModel(responses=[_scripted_extractor] * 3)
    run(data, tmp_path / "l", extractor="llm", models={"extractor": model})
    recs = {r["id"]: r for r in load_records(tmp_path / "l" / "records.jsonl")}
    assert recs["2"]["got"] == 4  # stroke 2 + hypertension 1 + diabetes 1, as the model said (flagged)
    assert recs["3"]["got"] == pytest.approx(80 / 1.8 ** 2, rel=1e-4)


def test_bad_extractor_option(data: Path, tmp_path: Path) -> None:
    with pytest.raises(BenchError, match="unknown extractor"):
        run(data, tmp_path / "x", extractor="magic")


def test_cli_passes_the_extractor(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c"
    assert cli.main(["bench", "medcalc", "--data", str(data), "--mode", "extract", "--extractor", "rules",
                     "--out", str(out), "--quiet", "--no-plot"]) == 0
    printed = capsys.readouterr().out
    assert "parameter accuracy (rules): 77.8% (7/9" in printed
    assert json.loads((out / "summary.json").read_text())["param_accuracy"]["n"] == 9
    with pytest.raises(SystemExit):
        cli.main(["bench", "medcalc", "--data", str(data), "--mode", "extract", "--extractor", "nope"])
