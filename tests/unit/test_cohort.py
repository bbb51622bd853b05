"""``medmirror cohort``: sources, per-patient records, outputs, resume, and the local engine's workers.

The notes are written here: four with weight and height (BMI worked by hand below), one without a
weight (refused, naming it) and one that is not UTF-8 (error). The Ray engine's run of the same
notes is in tests/integration/test_cohort_ray.py.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

import medmirror.cohort as cohort
from medmirror.bench.common import JsonlWriter, load_records
from medmirror.bench.engine import DIE_ONCE_ENV, EngineRun, RowTask, _requeue, run_rows
from medmirror.cli import main

NOTES = {
    "p1": "A 54-year-old man. Weight 82 kg, height 178 cm. BP 130/80 mmHg.",
    "p2": "Woman, 61. Weighs 154 lb; height 5 ft 4 in. BP 150/95.",
    "p3": "Height 165 cm. Weight not recorded today.",
    "p4": "Weight 120 kg. Height 1.80 m.",
    "p5": "Thin patient: weight 45 kg, height 170 cm.",
}
# BMI = kg / m², by hand: 82 / 1.78² ; 154 lb = 69.85322498 kg, 5 ft 4 in = 162.56 cm ; 120 / 1.8² ; 45 / 1.7²
EXPECTED = {"p1": (25.880570636, "overweight"), "p2": (26.433768383, "overweight"),
            "p4": (37.037037037, "obese"), "p5": (15.570934256, "underweight")}
SPEC = {"mode": "extract", "calculator": "bmi", "question": "What is the patient's BMI?", "preset": None,
        "source": "test", "settings": {}}
SAME_FIELDS = ("id", "status", "value", "unit", "interpretation", "reason", "inputs", "missing", "calculator")


def write_notes(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for pid, text in NOTES.items():
        (folder / f"{pid}.txt").write_text(text + "\n", encoding="utf-8")
    (folder / "p6.txt").write_bytes(b"\xff\xfe Weight 70 kg height 170 cm")  # not UTF-8
    return folder


def per_patient(out: Path) -> dict[str, dict]:
    return {r["id"]: {k: r.get(k) for k in SAME_FIELDS} for r in load_records(out / cohort.RECORDS_FILE)}


def run(tmp_path: Path, name: str, **kw) -> tuple[dict, Path]:
    patients = cohort.read_folder(write_notes(tmp_path / "notes"))
    out = tmp_path / name
    return cohort.run_cohort(patients, out, SPEC, quiet=True, **kw), out


def test_extract_mode_values_statuses_spans_and_report(tmp_path: Path) -> None:
    summary, out = run(tmp_path, "seq")
    recs = per_patient(out)
    assert set(recs) == {"p1", "p2", "p3", "p4", "p5", "p6"}
    for pid, (bmi, band) in EXPECTED.items():
        assert recs[pid]["status"] == "answered"
        assert float(recs[pid]["value"]) == pytest.approx(bmi, rel=1e-8)
        assert recs[pid]["interpretation"] == band and recs[pid]["unit"] == "kg/m²"
        for row in recs[pid]["inputs"]:  # every input quotes the note at its offsets
            start, end = row["span"]
            assert NOTES[pid][start:end] == row["evidence"]
    assert recs["p3"]["status"] == "refused" and recs["p3"]["missing"] == ["weight"]
    assert "missing weight" in recs["p3"]["reason"] and recs["p3"]["value"] is None
    assert recs["p6"]["status"] == "error" and "not UTF-8" in recs["p6"]["reason"]
    assert summary["statuses"] == {"answered": 4, "uncertain": 0, "refused": 1, "error": 1}
    assert summary["coverage"] == pytest.approx(4 / 6)
    assert summary["missing_inputs"] == {"weight": 1}
    assert summary["interpretations"] == {"overweight": 2, "obese": 1, "underweight": 1}
    # the tables: one row per patient, the same in Parquet and CSV
    parquet, csv = pd.read_parquet(out / cohort.PARQUET_FILE), pd.read_csv(out / cohort.CSV_FILE)
    assert list(parquet["id"]) == list(csv["id"].astype(str)) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert parquet.loc[parquet["id"] == "p4", "value_number"].item() == pytest.approx(37.037037037)
    assert json.loads(parquet.loc[parquet["id"] == "p1", "inputs"].item())[0]["input"] == "weight"
    report = (out / cohort.REPORT_FILE).read_text(encoding="utf-8")
    review = report.split("## Patients for a clinician's look")[1].split("##")[0]
    assert "| p3 | refused |" in review and "missing weight" in review and "p1" not in review
    assert "| p6 |" in report.split("## Notes that could not be processed")[1]
    assert "| weight | 1 | 0 |" in report
    for png in ("values.png", "interpretations.png", "coverage.png"):
        assert (out / png).read_bytes()[:4] == b"\x89PNG" and f"({png})" in report


@pytest.mark.slow
def test_local_processes_give_the_same_results_as_one_process(tmp_path: Path) -> None:
    _, seq = run(tmp_path, "seq")
    summary, par = run(tmp_path, "par", workers=2)
    assert per_patient(par) == per_patient(seq)
    assert summary["run"]["kind"] == "processes"
    assert len(summary["run"]["per_worker"]) >= 1 and summary["run"]["retried"] == []


@pytest.mark.slow
def test_a_dead_worker_has_its_rows_retried_once_and_reported(tmp_path: Path, monkeypatch) -> None:
    _, seq = run(tmp_path, "seq")
    monkeypatch.setenv(DIE_ONCE_ENV, f"p2:{tmp_path / 'died-once'}")  # the worker running p2 exits, once
    summary, out = run(tmp_path, "died", workers=2)
    assert (tmp_path / "died-once").exists()  # it did die
    assert "p2" in summary["run"]["retried"] and summary["run"]["lost"] == []
    lines = load_records(out / cohort.RECORDS_FILE)
    assert sorted(r["id"] for r in lines) == ["p1", "p2", "p3", "p4", "p5", "p6"]  # each patient once
    assert next(r for r in lines if r["id"] == "p2")["worker"]["attempt"] == 2
    assert per_patient(out) == per_patient(seq)


def test_killed_run_resumes_without_duplicates(tmp_path: Path) -> None:
    patients = cohort.read_folder(write_notes(tmp_path / "notes"))
    out = tmp_path / "resume"
    out.mkdir()
    _, full = run(tmp_path, "full")
    done = load_records(full / cohort.RECORDS_FILE)[:2]
    for r in done:
        r["kept"] = True  # a re-run must not recompute these
    store = out / cohort.RECORDS_FILE
    store.write_text("".join(json.dumps(r) + "\n" for r in done) + '{"id": "p3", "stat', encoding="utf-8")
    summary = cohort.run_cohort(patients, out, SPEC, quiet=True)
    lines = load_records(store)
    ids = [r["id"] for r in lines]
    assert sorted(ids) == ["p1", "p2", "p3", "p4", "p5", "p6"] and len(ids) == len(set(ids))
    assert [r["id"] for r in lines if r.get("kept")] == [r["id"] for r in done]
    assert summary["rows_resumed"] == 2 and summary["rows_run"] == 4
    assert per_patient(out) == per_patient(full)
    again = cohort.run_cohort(patients, out, SPEC, quiet=True)  # nothing left to do
    assert again["rows_run"] == 0 and len(load_records(store)) == 6


def test_resume_with_another_calculator_is_refused(tmp_path: Path) -> None:
    _, out = run(tmp_path, "a")
    with pytest.raises(cohort.CohortError, match="another calculator"):
        cohort.run_cohort(cohort.read_folder(tmp_path / "notes"), out, {**SPEC, "calculator": "mean_arterial_pressure"},
                          quiet=True)


def test_table_sources_csv_jsonl_and_ehr(tmp_path: Path) -> None:
    frame = pd.DataFrame({"mrn": ["a1", "a2"], "text": [NOTES["p1"], NOTES["p3"]], "other": ["x", "y"]})
    frame.to_csv(tmp_path / "n.csv", index=False)
    frame.to_json(tmp_path / "n.jsonl", orient="records", lines=True)
    for path in (tmp_path / "n.csv", tmp_path / "n.jsonl"):
        got = cohort.read_table(path, ["text"], "mrn")
        assert [(p.id, p.note) for p in got] == [("a1", NOTES["p1"]), ("a2", NOTES["p3"])]
    with pytest.raises(cohort.CohortError, match=r"no column 'note'.*columns: mrn, text, other"):
        cohort.read_table(tmp_path / "n.csv", ["note"], "mrn")
    pd.DataFrame({"mrn": ["a1", "a1"], "text": ["x", "y"]}).to_csv(tmp_path / "dup.csv", index=False)
    with pytest.raises(cohort.CohortError, match="duplicate patient id 'a1'"):
        cohort.read_table(tmp_path / "dup.csv", ["text"], "mrn")
    db = tmp_path / "ehr.sqlite"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE vitals (subject_id INTEGER, weight TEXT, height TEXT)")
        con.execute("INSERT INTO vitals VALUES (7, '82 kg', '178 cm'), (8, NULL, '165 cm')")
    got = cohort.read_ehr(db, "vitals", ["weight", "height"], "subject_id")
    assert [(p.id, p.note) for p in got] == [("7", "weight: 82 kg\nheight: 178 cm"), ("8", "height: 165 cm")]
    recs = {p.id: cohort._extract_one("bmi", "", p) for p in got}
    assert float(recs["7"]["value"]) == pytest.approx(EXPECTED["p1"][0]) and recs["8"]["status"] == "refused"
    with pytest.raises(cohort.CohortError, match="no table 'notes'; tables: vitals"):
        cohort.read_ehr(db, "notes", ["text"])
    with pytest.raises(cohort.CohortError, match="no table 'vitals\"; DROP TABLE vitals; --'"):
        cohort.read_ehr(db, 'vitals"; DROP TABLE vitals; --', ["weight"])  # a name never reaches SQL unchecked
    with pytest.raises(cohort.CohortError, match="no column 'bmi'"):
        cohort.read_ehr(db, "vitals", ["bmi"])


def test_calculator_from_the_question_or_refused() -> None:
    assert cohort.resolve_calculator(None, "What is the patient's body mass index (BMI)?") == "bmi"
    assert cohort.resolve_calculator("bmi", None) == "bmi"
    with pytest.raises(cohort.CohortError, match="unknown calculator 'bmx'; did you mean bmi"):
        cohort.resolve_calculator("bmx", None)
    with pytest.raises(cohort.CohortError, match="give --calculator"):
        cohort.resolve_calculator(None, "How is the patient?")


def test_agent_mode_reads_uncertainty_fields_when_the_result_has_them(monkeypatch) -> None:
    base = dict(value="31.2", status="answered", status_detail="", answer="", assumed=[], evidence=[],
                steps=[{"ok": True, "tool": "bmi", "observation": {"unit": "kg/m²", "interpretation": "obese"}}])

    def fake(**fields):
        return SimpleNamespace(**{**base, **fields}, evidence_table=lambda: [
            {"input": "weight", "value": 90.0, "unit": "kg", "status": "rule", "evidence": "90 kg", "span": [0, 5],
             "tool": "bmi", "call_ok": True}])

    monkeypatch.setattr(cohort, "solve", lambda *a, **k: fake())
    old = cohort._agent_one("riskagent", "BMI?", {}, cohort.Patient("x", "90 kg"))  # a result without the fields
    assert old["status"] == "answered" and old["confidence"] is None and old["uncertain_inputs"] == []
    assert old["interpretation"] == "obese" and old["inputs"][0]["evidence"] == "90 kg"
    monkeypatch.setattr(cohort, "solve", lambda *a, **k: fake(
        status="uncertain", status_detail="height read twice", confidence=0.55, uncertain_inputs=["height"],
        value_range=[29.0, 33.5]))
    new = cohort._agent_one("riskagent", "BMI?", {}, cohort.Patient("x", "90 kg"))
    assert (new["status"], new["confidence"], new["uncertain_inputs"], new["value_range"], new["reason"]) == (
        "uncertain", 0.55, ["height"], [29.0, 33.5], "height read twice")


def test_cli_errors_are_one_line(tmp_path: Path, capsys) -> None:
    write_notes(tmp_path / "notes")
    assert main(["cohort", "--calculator", "bmi", "--out", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.strip() == ("medmirror cohort: error: give exactly one source: --notes FOLDER, "
                                               "--table FILE.csv|.jsonl or --ehr-db FILE")
    with pytest.raises(SystemExit):  # argparse: --workers must be >= 1
        main(["cohort", "--calculator", "bmi", "--notes", str(tmp_path / "notes"), "--out", str(tmp_path / "o"),
              "--workers", "0"])
    assert "--workers: must be >= 1, got 0" in capsys.readouterr().err
    assert main(["cohort", "--question", "How is the patient?", "--notes", str(tmp_path / "notes"),
                 "--out", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.strip().startswith("medmirror cohort: error: the question does not name one "
                                                      "calculator decisively")
    assert main(["cohort", "--calculator", "bmi", "--notes", str(tmp_path / "notes"), "--out", str(tmp_path / "o"),
                 "--quiet"]) == 0
    assert len(load_records(tmp_path / "o" / cohort.RECORDS_FILE)) == 6


def _double(options):
    return lambda row: {"id": row.id, "x": 2 * row.x}


def _error(row, exc):
    return {"id": row.id, "error": str(exc)}


def test_engine_writes_each_row_id_once_and_a_second_death_is_the_rows_error(tmp_path: Path) -> None:
    rows = [SimpleNamespace(id="a", x=1), SimpleNamespace(id="a", x=5), SimpleNamespace(id="b", x=2)]
    task = RowTask(_double, {}, _error)
    with JsonlWriter(tmp_path / "r.jsonl") as w:
        ran = run_rows(rows, task, w, quiet=True)
    assert [(r["id"], r["x"]) for r in load_records(tmp_path / "r.jsonl")] == [("a", 2), ("b", 4)]
    assert [r["id"] for r in ran.records] == ["a", "b"]
    queue: list = []
    emitted: list = []
    run_state = EngineRun("local", 2, "processes")
    _requeue(task, rows[2], 1, "exit", queue, emitted.append, run_state)
    assert queue == [(rows[2], 2)] and run_state.retried == ["b"] and not emitted
    _requeue(task, rows[2], 2, "exit", queue, emitted.append, run_state)
    assert run_state.lost == ["b"] and "died twice" in emitted[0]["error"]


@pytest.mark.slow
def test_a_run_killed_mid_way_resumes_without_duplicates(tmp_path: Path) -> None:
    notes = tmp_path / "many"
    notes.mkdir()
    for i in range(1500):
        (notes / f"n{i:04d}.txt").write_text(f"Weight {50 + i % 60} kg, height {150 + i % 40} cm.", encoding="utf-8")
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "medmirror", "cohort", "--calculator", "bmi", "--notes", str(notes),
           "--out", str(out), "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    store = out / cohort.RECORDS_FILE
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if store.exists() and store.stat().st_size > 20_000:  # some patients done, most not
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    partial = load_records(store)
    assert 0 < len(partial) < 1500
    assert subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    ids = [r["id"] for r in load_records(store)]
    assert len(ids) == len(set(ids)) == 1500
    assert len(pd.read_parquet(out / cohort.PARQUET_FILE)) == 1500


def test_implausible_value_is_refused_with_the_reason_and_map_by_hand() -> None:
    r = cohort._extract_one("bmi", "", cohort.Patient("x", "Weight 900 kg, height 170 cm."))
    assert (r["status"], r["value"], r["missing"]) == ("refused", None, ["weight"])
    assert "900 kg, outside" in r["reason"] and r["flags"]
    m = cohort._extract_one("mean_arterial_pressure", "", cohort.Patient("y", "BP 120/60 mmHg"))
    assert m["status"] == "answered" and float(m["value"]) == pytest.approx((120 + 2 * 60) / 3)  # DBP + (SBP-DBP)/3
    assert [i["input"] for i in m["inputs"]] == ["systolic_bp", "diastolic_bp"]
