"""MedCalc-Bench runner (medmirror.bench.medcalc, medmirror.bench.common, medmirror.bench.cli).

Synthetic CSVs use only BMI (MedCalc-Bench id 6) and ids no calculator will ever
have (990+), plus throw-away calculators registered for one test, so the numbers
do not move while the calculator library grows.
"""

from __future__ import annotations

import csv
import json
import threading
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from medmirror.bench import cli
from medmirror.bench.common import (
    JsonlWriter,
    ProgressLines,
    default_out_dir,
    done_ids,
    load_records,
    progress_bar,
    run_items,
)
from medmirror.bench.medcalc import (
    COLUMNS,
    MODES,
    BenchError,
    MedCalcDataError,
    ModeNotAvailableError,
    get_mode,
    normalise_category,
    read_medcalc_csv,
    run_gold,
    run_medcalc,
)
from medmirror.tools.calculators import CALCULATORS, Calculator, CalculatorInputs, CalculatorResult

ONE_SHOT = Path("/work/shared/data/medcalc/one_shot.csv")
BMI_ENTITIES = "{'weight': [68.0, 'kg'], 'height': [182.0, 'cm']}"  # 68 / 1.82^2 = 20.52892


def write_csv(path: Path, rows: list[dict[str, Any]], columns: tuple[str, ...] | list[str] = COLUMNS) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(columns), extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    return path


def row(n: int, calc_id: int, category: str, entities: str, gt: str, lo: str, hi: str, **kw: str) -> dict[str, Any]:
    return {
        "Row Number": n, "Calculator ID": calc_id, "Calculator Name": kw.get("name", f"calc {calc_id}"),
        "Category": category, "Output Type": kw.get("otype", "decimal"), "Note ID": f"n{n}",
        "Note Type": "synthetic", "Patient Note": "note", "Question": "question?",
        "Relevant Entities": entities, "Ground Truth Answer": gt, "Lower Limit": lo, "Upper Limit": hi,
        "Ground Truth Explanation": "",
    }


def synthetic_rows() -> list[dict[str, Any]]:
    return [
        # 1. BMI within its limits -> correct
        row(1, 6, "physical", BMI_ENTITIES, "20.52892", "19.50247", "21.55537", name="Body Mass Index (BMI)"),
        # 2. BMI computed fine but outside deliberately wrong limits -> wrong, no error; 'lab test' -> lab
        row(2, 6, "lab test", BMI_ENTITIES, "25.0", "24.0", "26.0", name="Body Mass Index (BMI)"),
        # 3. no calculator for id 990 -> wrong with the reason
        row(3, 990, "risk", "{'x': 1}", "3", "3", "3", name="Imaginary Score", otype="integer"),
        # 4. BMI with height missing -> the calculator's input error
        row(4, 6, "physical", "{'weight': [68.0, 'kg']}", "20.5", "19.5", "21.5", name="Body Mass Index (BMI)"),
        # 5. unreadable ground truth -> data error
        row(5, 6, "physical", BMI_ENTITIES, "n/a", "", "", name="Body Mass Index (BMI)"),
    ]


# ---------------------------------------------------------------------------
# CSV reading
# ---------------------------------------------------------------------------


def test_missing_required_column_fails_naming_it(tmp_path: Path) -> None:
    cols = [c for c in COLUMNS if c != "Upper Limit"]
    path = write_csv(tmp_path / "d.csv", synthetic_rows(), cols)
    with pytest.raises(MedCalcDataError, match="'Upper Limit'"):
        read_medcalc_csv(path)


def test_mode_specific_required_column(tmp_path: Path) -> None:
    cols = [c for c in COLUMNS if c != "Relevant Entities"]
    path = write_csv(tmp_path / "d.csv", synthetic_rows(), cols)
    assert len(read_medcalc_csv(path)) == 5  # fine for a mode that does not need entities
    with pytest.raises(MedCalcDataError, match="'Relevant Entities'"):
        run_medcalc(path, "gold", out_dir=tmp_path / "out", quiet=True, plot=False, echo=lambda s: None)


def test_missing_file_and_empty_file(tmp_path: Path) -> None:
    with pytest.raises(MedCalcDataError, match="not found"):
        read_medcalc_csv(tmp_path / "nope.csv")
    (tmp_path / "empty.csv").write_text("", encoding="utf-8")
    with pytest.raises(MedCalcDataError, match="empty"):
        read_medcalc_csv(tmp_path / "empty.csv")


def test_duplicate_row_numbers_fail(tmp_path: Path) -> None:
    rows = synthetic_rows()
    rows[1]["Row Number"] = 1
    with pytest.raises(MedCalcDataError, match="duplicate Row Number '1'"):
        read_medcalc_csv(write_csv(tmp_path / "d.csv", rows))


def test_extra_and_missing_optional_columns_and_header_variants(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    # BOM, odd spacing/case in headers, a pandas index column, no Row Number / Category / Name.
    path.write_text(
        "\ufeff,calculator id , Ground Truth Answer,LOWER LIMIT,Upper  Limit,Relevant Entities,Source\n"
        f'0,6,20.52892,19.50247,21.55537,"{BMI_ENTITIES}",x\n'
        "\n"
        '1,6.0,2,2,2,"{}",y\n',
        encoding="utf-8",
    )
    rows = read_medcalc_csv(path, ("Relevant Entities",))
    assert [r.id for r in rows] == ["row-1", "row-3"]  # blank line skipped, ids stay positional
    assert rows[1].calculator_id == 6
    assert rows[0].extra == {"": "0", "Source": "x"}
    rec = run_gold(rows[0])
    assert rec["correct"] is True
    assert rec["category"] == "physical"  # taken from the calculator when the column is absent
    assert rec["calculator"] == "Body Mass Index (BMI)"


def test_category_mapping() -> None:
    assert normalise_category("lab test") == "lab"
    assert normalise_category(" Lab  Test ") == "lab"
    assert normalise_category("risk") == "risk"
    assert normalise_category("Severity") == "severity"


# ---------------------------------------------------------------------------
# Gold mode, row by row
# ---------------------------------------------------------------------------


def test_unknown_calculator_counts_wrong_with_reason(tmp_path: Path) -> None:
    rows = read_medcalc_csv(write_csv(tmp_path / "d.csv", synthetic_rows()))
    rec = run_gold(rows[2])
    assert rec["correct"] is False
    assert rec["error_stage"] == "calculator"
    assert "no calculator implements MedCalc-Bench id 990" in rec["error"]
    assert rec["expected"] == 3.0 and rec["got"] is None


def test_non_integer_calculator_id_is_a_data_error(tmp_path: Path) -> None:
    rows = synthetic_rows()
    rows[0]["Calculator ID"] = "six"
    rec = run_gold(read_medcalc_csv(write_csv(tmp_path / "d.csv", rows))[0])
    assert rec["correct"] is False and rec["error_stage"] == "data" and "'six'" in rec["error"]


def test_one_shot_bmi_row_is_correct() -> None:
    rows = [r for r in read_medcalc_csv(ONE_SHOT, ("Relevant Entities",)) if r.calculator_id == 6]
    assert len(rows) == 1
    rec = run_gold(rows[0])
    assert rec["error"] is None
    assert rec["correct"] is True
    assert rec["category"] == "physical" and rec["rule"] == "range"
    assert abs(rec["got"] - 68.0 / 1.82**2) < 1e-9


def test_one_shot_every_row_gives_a_scored_record(tmp_path: Path) -> None:
    summary = run_medcalc(ONE_SHOT, "gold", out_dir=tmp_path / "o", quiet=True, plot=False, echo=lambda s: None)
    records = load_records(tmp_path / "o" / "records.jsonl")
    assert summary["n"] == len(records) == 55
    assert {r["category"] for r in records} == {"lab", "physical", "date", "dosage", "risk", "severity", "diagnosis"}
    for r in records:
        # a wrong row either has a reason or a computed value that missed the rule
        assert r["correct"] or r["error"] or r["got"] is not None, r
    assert next(r for r in records if r["calculator_id"] == 6)["correct"] is True


def _register(monkeypatch: pytest.MonkeyPatch, medcalc_id: int, value: Any, components: dict[str, Any] | None = None,
              output_type: str = "decimal") -> None:
    class NoInputs(CalculatorInputs):
        pass

    def compute(_: NoInputs) -> CalculatorResult:
        return CalculatorResult(calculator=f"fake{medcalc_id}", name=f"Fake {medcalc_id}", value=value,
                                components=components or {})

    calc = Calculator(id=f"fake{medcalc_id}", name=f"Fake {medcalc_id}", category="date", description="test double",
                      inputs=NoInputs, compute=compute, reference="none", output_type=output_type,  # type: ignore[arg-type]
                      medcalc_id=medcalc_id)
    monkeypatch.setitem(CALCULATORS, calc.id, calc)


def test_date_and_gestational_age_results_are_scored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _register(monkeypatch, 991, "12/2/2000", output_type="date")  # unpadded vs the CSV's padded date
    _register(monkeypatch, 992, "34 weeks, 3 days", {"weeks": 34, "days": 3}, output_type="weeks_days")
    _register(monkeypatch, 993, "34 weeks, 4 days", {"weeks": 34, "days": 4}, output_type="weeks_days")
    _register(monkeypatch, 994, "high risk")  # not a number for a numeric row
    gad = "('34 weeks', '3 days')"
    rows = read_medcalc_csv(write_csv(tmp_path / "d.csv", [
        row(1, 991, "date", "{}", "12/02/2000", "12/02/2000", "12/02/2000", otype="date"),
        row(2, 992, "date", "{}", gad, gad, gad, otype="date"),
        row(3, 993, "date", "{}", gad, gad, gad, otype="date"),
        row(4, 994, "risk", "{}", "3", "3", "3"),
    ]))
    recs = [run_gold(r) for r in rows]
    assert (recs[0]["correct"], recs[0]["got"], recs[0]["expected"]) == (True, "12/02/2000", "12/02/2000")
    assert (recs[1]["correct"], recs[1]["got"]) == (True, [34, 3])
    assert (recs[2]["correct"], recs[2]["got"], recs[2]["error"]) == (False, [34, 4], None)
    assert recs[3]["correct"] is False and recs[3]["error_stage"] == "result" and "high risk" in recs[3]["error"]


# ---------------------------------------------------------------------------
# Whole runs: summary, outputs, resume, concurrency
# ---------------------------------------------------------------------------


def test_summary_numbers_from_a_synthetic_csv(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    out = tmp_path / "out"
    printed: list[str] = []
    summary = run_medcalc(path, "gold", out_dir=out, quiet=True, echo=printed.append)

    # 5 rows: only row 1 is right; rows 3, 4, 5 have errors; row 2 is wrong without one.
    assert (summary["n"], summary["correct"], summary["errors"]) == (5, 1, 3)
    assert summary["accuracy"] == pytest.approx(1 / 5)
    assert summary["errors_by_stage"] == {"calculator": 1, "calculator_run": 1, "data": 1}
    cats = summary["by_category"]
    assert list(cats) == ["lab", "physical", "risk"]  # canonical order, only those present
    assert (cats["physical"]["n"], cats["physical"]["correct"]) == (3, 1)
    assert cats["physical"]["accuracy"] == pytest.approx(1 / 3)
    assert (cats["lab"]["n"], cats["lab"]["correct"], cats["lab"]["accuracy"]) == (1, 0, 0.0)
    assert (cats["risk"]["n"], cats["risk"]["errors"]) == (1, 1)
    calcs = summary["by_calculator"]
    assert (calcs["6"]["n"], calcs["6"]["correct"], calcs["6"]["name"]) == (4, 1, "Body Mass Index (BMI)")
    assert (calcs["990"]["n"], calcs["990"]["correct"]) == (1, 0)

    on_disk = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert on_disk["by_category"] == cats and on_disk["mode"] == "gold"
    records = load_records(out / "records.jsonl")
    assert [r["id"] for r in records] == ["1", "2", "3", "4", "5"]
    for r in records:
        assert {"id", "calculator", "calculator_id", "category", "expected", "got", "correct", "error"} <= set(r)
    height_err = records[3]["error"]
    assert "height" in height_err and "missing" in height_err
    assert "bad ground truth" in records[4]["error"]
    table = "\n".join(printed)
    assert "accuracy 20.0% (1/5)" in table and "physical" in table and "990 Imaginary Score" in table
    png = out / "accuracy_by_category.png"
    assert summary["plot"] == png.name and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_is_skipped_with_a_note_without_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import now raises ImportError
    path = write_csv(tmp_path / "d.csv", synthetic_rows()[:1])
    summary = run_medcalc(path, "gold", out_dir=tmp_path / "o", quiet=True, echo=lambda s: None)
    assert summary["plot"] is None and "matplotlib" in summary["plot_note"]
    assert not (tmp_path / "o" / "accuracy_by_category.png").exists()


def test_resume_skips_ids_already_written(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    out = tmp_path / "out"
    out.mkdir()
    # A previous run finished row 2 (marked so we can see it is kept, not recomputed) and
    # was killed while writing row 3 (half a line, no newline).
    done = {"id": "2", "mode": "gold", "calculator_id": 6, "calculator": "Body Mass Index (BMI)",
            "category": "lab", "expected": 25.0, "got": 25.0, "correct": True, "error": None, "marker": "old"}
    (out / "records.jsonl").write_text(json.dumps(done) + "\n" + '{"id": "3", "mo', encoding="utf-8")
    summary = run_medcalc(path, "gold", out_dir=out, quiet=True, plot=False, echo=lambda s: None)
    assert (summary["rows_resumed"], summary["rows_run"]) == (1, 4)
    records = load_records(out / "records.jsonl")
    assert sorted(r["id"] for r in records) == ["1", "2", "3", "4", "5"]  # each id once, partial line gone
    assert next(r for r in records if r["id"] == "2")["marker"] == "old"
    assert summary["correct"] == 2  # row 1 now + the kept row 2
    # A second run has nothing left to do and gives the same numbers.
    again = run_medcalc(path, "gold", out_dir=out, quiet=True, plot=False, echo=lambda s: None)
    assert (again["rows_run"], again["n"], again["correct"]) == (0, 5, 2)
    assert len((out / "records.jsonl").read_text(encoding="utf-8").splitlines()) == 5


def test_limit_selects_the_first_rows_and_resume_respects_it(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    out = tmp_path / "out"
    first = run_medcalc(path, "gold", limit=2, out_dir=out, quiet=True, plot=False, echo=lambda s: None)
    assert (first["n"], first["correct"]) == (2, 1)
    full = run_medcalc(path, "gold", out_dir=out, quiet=True, plot=False, echo=lambda s: None)
    assert (full["rows_resumed"], full["rows_run"], full["n"]) == (2, 3, 5)


def test_records_of_another_mode_are_refused(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    out = tmp_path / "out"
    out.mkdir()
    (out / "records.jsonl").write_text(json.dumps({"id": "1", "mode": "agent"}) + "\n", encoding="utf-8")
    with pytest.raises(BenchError, match="mode agent"):
        run_medcalc(path, "gold", out_dir=out, quiet=True, plot=False, echo=lambda s: None)


def test_concurrent_run_matches_sequential(tmp_path: Path) -> None:
    rows = synthetic_rows() * 1
    rows += [row(10 + i, 6, "physical", BMI_ENTITIES, "20.52892", "19.50247", "21.55537") for i in range(12)]
    path = write_csv(tmp_path / "d.csv", rows)
    seq = run_medcalc(path, "gold", out_dir=tmp_path / "a", quiet=True, plot=False, echo=lambda s: None)
    par = run_medcalc(path, "gold", out_dir=tmp_path / "b", concurrency=4, quiet=True, plot=False, echo=lambda s: None)
    for key in ("n", "correct", "errors", "by_category", "by_calculator"):
        assert seq[key] == par[key], key
    assert done_ids(tmp_path / "b" / "records.jsonl") == {str(r["Row Number"]) for r in rows}


def test_unavailable_modes_raise_clearly(tmp_path: Path) -> None:
    assert set(MODES) == {"gold", "retrieve", "extract", "agent"}
    for name in [m.name for m in MODES.values() if not m.available]:
        with pytest.raises(ModeNotAvailableError, match=f"mode '{name}' is not available yet"):
            get_mode(name)
        with pytest.raises(ModeNotAvailableError):
            MODES[name].make({})
    with pytest.raises(BenchError, match="unknown mode"):
        get_mode("nope")
    # an unavailable mode fails before touching the data or the output directory
    from medmirror.bench.medcalc import Mode, register_mode

    register_mode(Mode("later", "not yet", lambda _o: (_ for _ in ()).throw(ModeNotAvailableError("mode 'later' is not available yet")), available=False))
    try:
        with pytest.raises(ModeNotAvailableError):
            run_medcalc(tmp_path / "missing.csv", "later", out_dir=tmp_path / "o", echo=lambda s: None)
        assert not (tmp_path / "o").exists()
    finally:
        MODES.pop("later")


# ---------------------------------------------------------------------------
# Infrastructure
# ---------------------------------------------------------------------------


def test_jsonl_writer_appends_and_flushes_each_record(tmp_path: Path) -> None:
    p = tmp_path / "r.jsonl"
    with JsonlWriter(p) as w:
        w.write({"id": 1, "when": date(2000, 1, 2), "x": float("nan")})
        # visible to a reader before close (flushed)
        assert load_records(p) == [{"id": 1, "when": "2000-01-02", "x": "nan"}]
    with JsonlWriter(p) as w:
        w.write({"id": 2})
    assert done_ids(p) == {"1", "2"}


def test_run_items_turns_exceptions_into_records(tmp_path: Path) -> None:
    def fn(x: int) -> dict[str, Any]:
        if x == 2:
            raise RuntimeError("boom")
        return {"id": x, "ok": True}

    with JsonlWriter(tmp_path / "r.jsonl") as w:
        recs = run_items([1, 2, 3], fn, w, on_error=lambda x, e: {"id": x, "error": str(e)}, concurrency=2, quiet=True)
    assert sorted(r["id"] for r in recs) == [1, 2, 3]
    assert next(r for r in recs if r["id"] == 2)["error"] == "boom"
    with pytest.raises(ValueError):
        run_items([1], fn, JsonlWriter(tmp_path / "s.jsonl"), on_error=lambda x, e: {}, concurrency=0)


def test_run_items_really_runs_concurrently(tmp_path: Path) -> None:
    barrier = threading.Barrier(3, timeout=5)  # only passes if 3 items run at the same time

    def fn(x: int) -> dict[str, Any]:
        barrier.wait()
        return {"id": x}

    with JsonlWriter(tmp_path / "r.jsonl") as w:
        recs = run_items([1, 2, 3], fn, w, on_error=lambda x, e: {"id": x, "error": repr(e)}, concurrency=3, quiet=True)
    assert all("error" not in r for r in recs)


def test_progress_is_lines_when_not_a_tty_and_off_when_quiet() -> None:
    # under pytest stderr is captured, i.e. not a terminal: progress lines, not a tqdm bar (issue 32)
    with progress_bar(3, "x") as bar:
        assert isinstance(bar, ProgressLines)
    with progress_bar(3, "x", quiet=True) as bar:
        assert bar.disable


def test_default_out_dir() -> None:
    now = datetime(2026, 1, 2, 3, 4, 5)
    assert default_out_dir("medcalc", "gold", now=now) == Path("runs/medcalc-gold-20260102-030405")
    later = default_out_dir("medcalc", "gold", now=now + timedelta(seconds=1))
    assert later != default_out_dir("medcalc", "gold", now=now)


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------


def test_cli_runs_and_writes_outputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    out = tmp_path / "out"
    code = cli.main(["bench", "medcalc", "--data", str(path), "--mode", "gold", "--limit", "3",
                     "--out", str(out), "--quiet", "--no-plot"])
    assert code == 0
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert (summary["n"], summary["correct"], summary["limit"]) == (3, 1, 3)
    assert "accuracy 33.3% (1/3)" in capsys.readouterr().out


def test_cli_default_out_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows()[:1])
    monkeypatch.chdir(tmp_path)
    assert cli.main(["bench", "medcalc", "--data", str(path), "--mode", "gold", "--quiet", "--no-plot"]) == 0
    (run_dir,) = list((tmp_path / "runs").iterdir())
    assert run_dir.name.startswith("medcalc-gold-") and (run_dir / "summary.json").exists()


def test_cli_reports_bad_input_with_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cols = [c for c in COLUMNS if c != "Ground Truth Answer"]
    path = write_csv(tmp_path / "d.csv", synthetic_rows(), cols)
    assert cli.main(["bench", "medcalc", "--data", str(path), "--mode", "gold", "--out", str(tmp_path / "o")]) == 2
    assert "'Ground Truth Answer'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["bench", "medcalc", "--data", str(path), "--mode", "gold", "--concurrency", "0"])
    with pytest.raises(SystemExit):
        cli.main(["bench", "medcalc", "--data", str(path), "--mode", "bogus"])


def test_add_bench_parser_plugs_into_another_cli() -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="medmirror")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("other")
    cli.add_bench_parser(sub)
    args = parser.parse_args(["bench", "medcalc", "--data", "x.csv", "--mode", "gold", "--concurrency", "3"])
    assert args.func is cli.handle_medcalc and args.concurrency == 3 and args.limit is None


@pytest.mark.parametrize("selection,expected", [
    ({"skip": 2, "limit": 2}, slice(2, 4)),  # hold out the first rows (e.g. an optimisation's training rows)
    ({"skip": 1, "every": 2}, slice(1, None, 2)),  # a subset spread over the file
], ids=["skip-limit", "skip-every"])
def test_skip_every_limit_select_rows(tmp_path: Path, selection: dict, expected: slice) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    summary = run_medcalc(path, "gold", out_dir=tmp_path / "o", quiet=True, plot=False, echo=lambda s: None,
                          **selection)
    ids = [json.loads(x)["id"] for x in (tmp_path / "o" / "records.jsonl").read_text().splitlines()]
    all_ids = [r.id for r in read_medcalc_csv(path)]
    assert ids == all_ids[expected] and summary["n"] == len(all_ids[expected])
    assert summary["skip"] == selection["skip"] and summary["every"] == selection.get("every", 1)


def test_every_must_be_positive(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", synthetic_rows())
    with pytest.raises(BenchError, match="--every"):
        run_medcalc(path, "gold", every=0, out_dir=tmp_path / "p", quiet=True, plot=False, echo=lambda s: None)
