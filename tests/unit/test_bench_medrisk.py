"""bench medrisk at runner level on small fixture rows written here (the dataset's format, no real rows)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medmirror.bench.cli import main
from medmirror.bench.medcalc import BenchError
from medmirror.bench.medrisk import MedRiskDataError, parse_letter, read_medrisk, run_medrisk
from medmirror.core.models.scripted import ScriptedChatModel

GDS = 10566  # the library's first score (GDS-15): one point per answer in the depressed direction
NOT_IN_LIBRARY = 999_999  # no calculator will ever serve it

GDS_OPTIONS = {"option_a": "No significant depressive symptoms", "option_b": "Mild depression suggested",
               "option_c": "Moderate depression suggested", "option_d": "Severe depression suggested"}


def gds_row(rid: int, points: int, correct: str, *, drop: str | None = None, **extra) -> dict:
    raw = {f"q{i}": (1 if i <= points else 0) for i in range(1, 16)}
    if drop:
        raw.pop(drop)
    return {"input_id": rid, "cal_id": GDS, "split": "train", "question": "How would you read this screening?",
            "patient_info": "An 80-year-old woman answered the fifteen-item questionnaire in clinic.",
            **GDS_OPTIONS, "correct_answer": correct, "inputs": "{}", "inputs_raw": repr(raw),
            "relevant_tools": repr([GDS, 40, 23]), **extra}


def other_row(rid: int) -> dict:
    return {"input_id": rid, "cal_id": NOT_IN_LIBRARY, "split": "train", "question": "Which risk group?",
            "patient_info": "A synthetic case.", "option_a": "Low", "option_b": "High", "option_c": "Moderate",
            "option_d": "Very high", "correct_answer": "A", "inputs": "{}", "inputs_raw": "{}",
            "relevant_tools": "[40, 999999]"}


def write(tmp_path: Path, rows: list[dict]) -> Path:
    p = tmp_path / "rows.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return p


def test_gold_scores_rows_with_a_calculator_and_counts_the_others_apart(tmp_path):
    # 6 points -> 5-7: mild (B); 0 -> none (A); 12 -> severe (D) but labelled C; a row without a gold answer is
    # recomputed over that answer: 4 or 5 points change the reading (refused), 2 or 3 do not (answered, row 6)
    data = write(tmp_path, [gds_row(1, 6, "B"), gds_row(2, 0, "A"), gds_row(3, 12, "C"), gds_row(4, 4, "A", drop="q9"),
                            other_row(5), gds_row(6, 2, "A", drop="q9")])
    out = tmp_path / "out"
    s = run_medrisk(data, "gold", out_dir=out, quiet=True, plot=False, echo=lambda _m: None)
    assert (s["with_calculator"], s["no_calculator"], s["correct"]) == (5, 1, 3)
    assert s["accuracy"] == 0.6 and s["calculators_missing"] == 1
    assert s["misses"] == {"matcher_wrong_option": 1, "calculator_refused": 1}
    recs = {r["id"]: r for r in map(json.loads, (out / "records.jsonl").read_text().splitlines())}
    assert recs["1"]["got"] == "B" and "level: mild" in recs["1"]["match"]["reason"]
    assert recs["3"]["miss"] == "matcher_wrong_option" and recs["3"]["got"] == "D"
    assert recs["4"]["miss"] == "calculator_refused" and "q9" in recs["4"]["error"]
    assert recs["6"]["correct"] and recs["6"]["robust_over"] == ["q9"]
    assert recs["5"]["no_calculator"] is True and recs["5"]["correct"] is False and recs["5"]["miss"] is None
    assert "Family Practice" in s["by_specialty"]
    # resume: nothing re-run
    again = run_medrisk(data, "gold", out_dir=out, quiet=True, plot=False, echo=lambda _m: None)
    assert again["rows_run"] == 0 and again["correct"] == 3
    with pytest.raises(BenchError, match="mode gold"):
        run_medrisk(data, "retrieve", out_dir=out, quiet=True, plot=False, echo=lambda _m: None,
                    options={"embeddings": None})


def test_extract_reads_yes_no_items_from_the_case_or_refuses(tmp_path):
    row = gds_row(1, 0, "A")
    row["patient_info"] = "She says she is basically satisfied with her life."  # one item of fifteen
    data = write(tmp_path, [row, other_row(2)])
    s = run_medrisk(data, "extract", out_dir=tmp_path / "x", quiet=True, plot=False, echo=lambda _m: None)
    rec = json.loads((tmp_path / "x" / "records.jsonl").read_text().splitlines()[0])
    assert rec["reader"] == "vignette (rules)" and rec["params"]["q1"]["extracted"] == "Yes"
    assert rec["miss"] == "calculator_refused" and s["no_calculator"] == 1


def test_agent_scores_a_strict_letter_with_the_scripted_model(tmp_path):
    data = write(tmp_path, [gds_row(1, 6, "B"), gds_row(2, 0, "A")])
    answer = ScriptedChatModel(responses=[
        {"answer": "Mild depression is suggested.", "value": "B", "evaluation": "ok", "score": 9},
        {"answer": "No depressive symptoms.", "value": "C", "evaluation": "ok", "score": 9}], name_="answer")
    ms = {"answer": answer, **{r: ScriptedChatModel(responses=[], name_=r) for r in ("planner", "tool_agent", "reviewer")}}
    s = run_medrisk(data, "agent", out_dir=tmp_path / "a", quiet=True, plot=False, echo=lambda _m: None,
                    options={"preset": "cot", "models": ms})
    assert (s["correct"], s["with_calculator"]) == (1, 2) and s["misses"] == {"wrong_letter": 1}
    assert s["usage"]["calls"] == 2
    assert "A. No significant depressive symptoms" in str(answer.calls[0])


def test_parse_letter_is_strict():
    assert parse_letter("B") == "B" and parse_letter("(c)") == "C" and parse_letter("D.") == "D"
    assert parse_letter("B or C") is None and parse_letter("E") is None and parse_letter(None) is None


def test_retrieve_reports_recall_beside_the_datasets_ranking(tmp_path):
    data = write(tmp_path, [gds_row(1, 6, "B", question="Geriatric depression scale reading?"), other_row(2)])
    s = run_medrisk(data, "retrieve", out_dir=tmp_path / "r", quiet=True, plot=False, echo=lambda _m: None,
                    options={"embeddings": None, "k": 5})
    assert s["judged_rows"] == 1 and s["recall"]["@1"] == 1.0
    assert s["dataset_recall_same_rows"]["@1"] == 1.0 and s["dataset_recall_all_rows"] == {"@1": 0.5, "@5": 1.0}
    assert s["index_build"]["cards"] > 50 and s["query_ms"]["median"] is not None


def test_bad_rows_are_named(tmp_path):
    bad = gds_row(1, 1, "E")
    with pytest.raises(MedRiskDataError, match="line 1: correct_answer"):
        read_medrisk(write(tmp_path, [bad]))
    with pytest.raises(MedRiskDataError, match="duplicate input_id 1"):
        read_medrisk(write(tmp_path, [gds_row(1, 1, "A"), gds_row(1, 2, "A")]))


def test_cli_runs_gold(tmp_path, capsys):
    data = write(tmp_path, [gds_row(1, 6, "B")])
    assert main(["bench", "medrisk", "--data", str(data), "--mode", "gold", "--out", str(tmp_path / "c"),
                 "--no-plot", "--quiet"]) == 0
    assert "accuracy 100.0% (1/1 rows with a calculator)" in capsys.readouterr().out
    assert main(["bench", "medrisk", "--data", str(tmp_path / "none.jsonl"), "--mode", "gold"]) == 2


def test_miss_table_lists_every_miss_with_its_fault():
    from medmirror.bench.medrisk_misses import FAULTS, build, classify_miss

    recs = [
        {"id": "1", "tool": "mews", "correct": False, "miss": "matcher_no_option", "expected": "B", "got": None,
         "value": 6, "unit": "points", "interpretation": "MEWS 5 or more"},
        {"id": "2", "tool": "some_new_score", "correct": False, "miss": "matcher_wrong_option", "expected": "A",
         "got": "C", "value": 2, "unit": "points", "interpretation": "Low", "error": "option C: level: low"},
        {"id": "3", "tool": "mews", "correct": True},
        {"id": "4", "tool": "x", "correct": False, "no_calculator": True},
    ]
    assert classify_miss(recs[0]) == FAULTS["mews"]
    assert classify_miss(recs[1])[0] == "matcher" and "unreviewed" in classify_miss(recs[1])[1]
    text = build({"train": recs})
    assert "| 1 | train | mews |" in text and "| 2 | train | some_new_score |" in text and "| 3 |" not in text
    assert "train: accuracy 33.3% (1/3); misses 2: calculator 0, matcher 1, dataset 1" in text


def test_extract_answers_only_when_every_recomputation_over_the_unsettled_items_agrees(tmp_path):
    from medmirror.bench.medrisk import RowError, _choose_robust, base_record, by_mdcalc_id, read_medrisk

    calc = by_mdcalc_id(GDS)
    settled = {f"q{i}": "No" for i in range(2, 16)}  # q1 'No' scores 1; q2-q15 'No' score 0 except q5, q7, q11, q13
    # q1 unsettled: 'No' (+1) or 'Yes' (0). Settled points: q5, q7, q11, q13 answered 'No' = 4 -> total 4 or 5
    variants = [{**settled, "q1": v} for v in ("No", "Yes")]
    row = read_medrisk(write(tmp_path, [gds_row(1, 0, "A")]))[0]
    rec = {**base_record(row, "extract"), "left": {"q1": "no sentence names it"}}
    with pytest.raises(RowError, match="depends on unsettled items"):  # 4 -> none (A), 5 -> mild (B)
        _choose_robust(rec, row, calc, variants)
    # one more settled point: 5 or 6, mild either way -> B, answered
    settled["q2"] = "Yes"
    rec = {**base_record(row, "extract"), "left": {"q1": "no sentence names it"}}
    _choose_robust(rec, row, calc, [{**settled, "q1": v} for v in ("No", "Yes")])
    assert rec["got"] == "B" and rec["robust_over"] == ["q1"] and rec["variants"]["n"] == 2
    with pytest.raises(RowError, match="unsettled"):  # too many combinations (None): refused by name
        _choose_robust(rec, row, calc, None)



def test_errors_per_specialty_add_up_to_the_overall_line(tmp_path):
    from medmirror.bench.medrisk import render_tables, summarise

    recs = [{"id": "1", "specialty": "Cardiology", "cal_id": 1, "tool": "x", "correct": False, "miss": "wrong_letter",
             "error": None},
            {"id": "2", "specialty": "Cardiology", "cal_id": 1, "tool": "x", "correct": True, "miss": None},
            {"id": "3", "specialty": "Neurology", "cal_id": 2, "tool": "y", "correct": False, "miss": "no_letter",
             "error": "no option letter"}]
    s = summarise(recs)
    assert s["by_specialty"]["Cardiology"]["errors"] == 1 and s["by_specialty"]["Neurology"]["errors"] == 1
    table = render_tables({**s, "mode": "agent"})
    overall = next(line for line in table.splitlines() if line.startswith("overall"))
    assert overall.split()[-1] == "2" == str(sum(g["errors"] for g in s["by_specialty"].values()))
