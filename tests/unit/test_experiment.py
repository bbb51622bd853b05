"""The experiment harness (medmirror.bench.experiment*): the TOML file and its checks, the statistics on
hand-made records, and `medmirror experiment` end to end on tiny data (gold, extract with the rule
extractor, and agent mode with the scripted model: no real model anywhere)."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import medmirror
import medmirror.bench.experiment as experiment_module
from medmirror.bench.common import load_records
from medmirror.bench.experiment import ExperimentError, concurrency_for, run_experiment
from medmirror.bench.experiment_config import ExperimentConfigError, load_experiment, parse_experiment
from medmirror.bench.experiment_stats import (
    bootstrap_difference,
    holm,
    mcnemar_exact,
    paired_comparisons,
    summary_table,
    tidy_frame,
)
from medmirror.bench.medcalc import COLUMNS
from medmirror.cli import main

PARAPHRASED = Path(medmirror.__file__).parent / "data" / "dev" / "paraphrased.csv"
EXAMPLE = Path(medmirror.__file__).parent / "data" / "experiments" / "one_shot_small.toml"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def parse(tmp_path: Path, text: str):
    cfg = write(tmp_path / "exp.toml", text)
    return load_experiment(cfg, out=tmp_path / "out")


DATASET = f"""
[[datasets]]
name = "dev"
path = "{PARAPHRASED}"
mode = "gold"
limit = 3
"""


# ---------------------------------------------------------------------------
# The file
# ---------------------------------------------------------------------------


def test_conditions_sweeps_and_seeds_expand_into_subruns(tmp_path: Path) -> None:
    exp = parse(tmp_path, f"""
name = "x"
seeds = [0, 1]
[settings]
extractor = "rules"
[sweep]
temperature = [0.0, 0.7]
{DATASET}
[[conditions]]
preset = "mirror"
sweep = {{ theta_plan = [7, 9] }}
[[conditions]]
preset = ["riskagent", "react"]
settings = {{ use_checks = false }}
[[conditions]]
preset = "mirror"
label = "mirror-extract"
mode = "extract"
""")
    labels = [c.label for c in exp.conditions]
    assert labels == [
        "mirror theta_plan=7 temperature=0.0", "mirror theta_plan=7 temperature=0.7",
        "mirror theta_plan=9 temperature=0.0", "mirror theta_plan=9 temperature=0.7",
        "riskagent use_checks=false temperature=0.0", "react use_checks=false temperature=0.0",
        "riskagent use_checks=false temperature=0.7", "react use_checks=false temperature=0.7",
        "mirror-extract temperature=0.0", "mirror-extract temperature=0.7",
    ]
    subs = exp.subruns()
    assert len(subs) == 10 * 2
    first = subs[0]
    assert first.settings == {"extractor": "rules", "theta_plan": 7, "temperature": 0.0, "seed": 0}
    assert first.mode == "gold" and subs[-1].mode == "extract"
    assert str(first.folder) == "runs/dev/mirror__theta_plan=7__temperature=0.0/seed-0"
    assert exp.out == tmp_path / "out" and exp.seeds == [0, 1] and exp.concurrency == 4


def test_the_example_file_parses(monkeypatch: pytest.MonkeyPatch) -> None:
    if not Path("/work/shared/data/medcalc/one_shot.csv").is_file():
        pytest.skip("the one-shot file is not on this machine")
    monkeypatch.chdir(Path(medmirror.__file__).parents[1])  # the repository: the file's data path is relative to it
    exp = load_experiment(EXAMPLE)
    assert [c.label for c in exp.conditions] == ["mirror theta_plan=7", "mirror theta_plan=8", "mirror theta_plan=9",
                                                 "riskagent", "react", "reflexion"]
    # one seed: at temperature 0 a second one repeats the first (issue 32)
    assert exp.seeds == [0] and exp.datasets[0].every == 11 and exp.datasets[0].mode == "agent"


@pytest.mark.parametrize("text, message", [
    ("colour = 1\n" + DATASET + "[[conditions]]\npreset='mirror'", r"colour: unknown key"),
    (DATASET + "[[conditions]]\npreset='mirorr'", r"conditions\[0\]\.preset: unknown preset 'mirorr' \(did you mean mirror\?\)"),
    (DATASET + "[[conditions]]\npreset='mirror'\nsweep={theta_pln=[7]}",
     r"conditions\[0\]\.sweep\.theta_pln: unknown setting \(did you mean theta_plan\?\)"),
    ("[settings]\nmodel_providr='openai'\n" + DATASET + "[[conditions]]\npreset='mirror'",
     r"settings\.model_providr: unknown setting \(did you mean model_provider\?\)"),
    (DATASET + "[[conditions]]\npreset='mirror'\nsettings={seed=3}", r"settings\.seed: .*top-level `seeds`"),
    (DATASET + "[[conditions]]\npreset='mirror'\nsettings={preset='react'}", r"settings\.preset: .*condition's `preset`"),
    ("[settings]\nopenai_api_key='x'\n" + DATASET + "[[conditions]]\npreset='mirror'", r"MEDMIRROR_OPENAI_API_KEY"),
    (DATASET + "[[conditions]]\npreset='mirror'\nsweep={theta_plan=7}", r"sweep\.theta_plan: a sweep takes a non-empty list"),
    (DATASET + "[[conditions]]\npreset='mirror'\nsweep={theta_plan=[7, 11]}",
     r"condition 'mirror theta_plan=11': invalid setting: theta_plan: .*less than or equal to 10"),
    (DATASET + "[[conditions]]\npreset='mirror'\nmode='agnet'", r"conditions\[0\]\.mode: unknown mode 'agnet'"),
    (DATASET.replace('mode = "gold"', 'mode = "fast"') + "[[conditions]]\npreset='mirror'",
     r"datasets\[0\]\.mode: unknown mode 'fast'; modes: gold, retrieve, extract, agent"),
    (DATASET.replace(str(PARAPHRASED), "nowhere.csv") + "[[conditions]]\npreset='mirror'",
     r"datasets\[0\]\.path: data file not found: nowhere\.csv"),
    (DATASET.replace("limit = 3", "every = 0") + "[[conditions]]\npreset='mirror'", r"datasets\[0\]\.every: must be an integer >= 1"),
    (DATASET.replace('name = "dev"', 'benchmark = "mimic"') + "[[conditions]]\npreset='mirror'",
     r"datasets\[0\]\.benchmark: 'mimic' is not supported"),
    (DATASET, r"conditions: give at least one"),
    ("[[conditions]]\npreset='mirror'", r"datasets: give at least one"),
    (DATASET + "[[conditions]]\npreset='mirror'\n[[conditions]]\npreset='mirror'", r"condition 'mirror' appears twice"),
    ("seeds = [0, 0]\n" + DATASET + "[[conditions]]\npreset='mirror'", r"seeds: repeated seed"),
    ("[statistics]\nconfidence = 95\n" + DATASET + "[[conditions]]\npreset='mirror'", r"statistics\.confidence"),
    (DATASET + "[[conditions]]\npreset='mirror'\nsweep={theta_plan=[7]}\nsettings={theta_plan=8}",
     r"sweep\.theta_plan: also fixed in conditions\[0\]\.settings"),
])
def test_a_bad_file_names_the_key(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ExperimentConfigError, match=message):
        parse(tmp_path, text)


def test_a_dataset_without_the_columns_its_mode_needs_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "rows.csv"
    with data.open("w", newline="", encoding="utf-8") as fh:  # no Patient Note / Question: no agent mode
        w = csv.writer(fh)
        w.writerow(["Row Number", "Calculator ID", "Relevant Entities", "Ground Truth Answer", "Lower Limit", "Upper Limit"])
        w.writerow([1, 6, "{'weight': [70, 'kg'], 'height': [175, 'cm']}", "22.857", "21.7", "24.0"])
    with pytest.raises(ExperimentConfigError, match=r"dataset 'rows' \(mode agent\): .*'Patient Note'"):
        parse(tmp_path, "[[datasets]]\npath = 'rows.csv'\n[[conditions]]\npreset = 'mirror'\n")
    assert parse(tmp_path, "[[datasets]]\npath = 'rows.csv'\nmode = 'gold'\n[[conditions]]\npreset = 'mirror'\n")


def test_relative_data_paths_are_read_from_the_current_folder_else_beside_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "conf").mkdir()
    write(tmp_path / "conf" / "rows.csv", PARAPHRASED.read_text(encoding="utf-8"))
    cfg = write(tmp_path / "conf" / "exp.toml", "[[datasets]]\npath = 'rows.csv'\nmode = 'gold'\n"
                                                "[[conditions]]\npreset = 'mirror'\n")
    monkeypatch.chdir(tmp_path)
    assert load_experiment(cfg).datasets[0].path == (tmp_path / "conf" / "rows.csv").resolve()
    assert load_experiment(cfg).out == Path("runs/experiments/exp")


def test_rows_run_concurrently_only_against_a_remote_server(tmp_path: Path) -> None:
    exp = parse(tmp_path, "concurrency = 6\n" + DATASET.replace('"gold"', '"agent"') + """
[[conditions]]
preset = "mirror"
settings = { model_provider = "openai", openai_base_url = "http://localhost:1/v1", openai_model = "m" }
[[conditions]]
preset = "riskagent"
settings = { model_provider = "openai", role_providers = { reviewer = "local" } }
[[conditions]]
preset = "react"
settings = { model_provider = "local" }
""")
    remote, mixed, local = exp.subruns()
    rows, why = concurrency_for(remote, exp.concurrency)
    # a server on this machine (localhost): still 6 at once, as configured, with the warning (issue 32)
    assert rows == 6 and why.startswith("remote model server; warning: --concurrency 6 against http://localhost:1")
    assert concurrency_for(mixed, exp.concurrency) == (1, "local model: one row at a time")
    assert concurrency_for(local, exp.concurrency) == (1, "local model: one row at a time")


# ---------------------------------------------------------------------------
# Statistics on hand-made records
# ---------------------------------------------------------------------------


def test_mcnemar_exact_worked_by_hand() -> None:
    # 3 rows both right, 1 only A right, 6 only B right, 2 both wrong. Exact McNemar: a binomial test on the
    # 7 discordant rows, p = 2 * P(X <= 1 | n=7, 1/2) = 2 * (1 + 7) / 2**7 = 0.125; the statistic is min(1, 6).
    a = [True] * 3 + [True] * 1 + [False] * 6 + [False] * 2
    b = [True] * 3 + [False] * 1 + [True] * 6 + [False] * 2
    res = mcnemar_exact(a, b)
    assert (res["both"], res["a_only"], res["b_only"], res["neither"], res["n"]) == (3, 1, 6, 2, 12)
    assert res["statistic"] == 1
    assert res["p_value"] == pytest.approx(0.125)
    # 0 vs 5 discordant: p = 2 / 2**5
    assert mcnemar_exact([False] * 5, [True] * 5)["p_value"] == pytest.approx(2 / 32)
    assert mcnemar_exact([True, False], [True, False])["p_value"] == pytest.approx(1.0)


def test_bootstrap_interval_contains_the_observed_difference_and_is_reproducible() -> None:
    rng = np.random.default_rng(1)
    a = rng.random(40) < 0.7
    b = rng.random(40) < 0.4
    res = bootstrap_difference(a, b, resamples=2000, random_state=3)
    assert res["diff"] == pytest.approx(a.mean() - b.mean())
    assert res["ci_low"] < res["diff"] < res["ci_high"]
    assert res["ci_method"] == "BCa"
    assert bootstrap_difference(a, b, resamples=2000, random_state=3) == res  # a fixed random state
    wider = bootstrap_difference(a, b, resamples=2000, random_state=3, confidence=0.99)
    assert wider["ci_low"] <= res["ci_low"] and wider["ci_high"] >= res["ci_high"]


def test_bootstrap_of_identical_differences_and_of_one_row() -> None:
    same = bootstrap_difference([1, 1, 0], [0, 0, -1])
    assert (same["diff"], same["ci_low"], same["ci_high"]) == (1.0, 1.0, 1.0)
    assert same["ci_method"].startswith("degenerate")
    one = bootstrap_difference([1], [0])
    assert one["diff"] == 1.0 and math.isnan(one["ci_low"])


def test_holm_adjustment() -> None:
    # sorted 0.01, 0.03, 0.04 -> 0.01*3, max(0.03*2, 0.03), max(0.04*1, 0.06)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert math.isnan(holm([math.nan, 0.2])[0]) and holm([math.nan, 0.2])[1] == pytest.approx(0.2)


def _rows(condition: str, seed: int, correct: list[bool], tokens: list[float], **extra: Any) -> list[dict[str, Any]]:
    return [{"dataset": "d", "condition": condition, "preset": condition, "mode": "agent", "seed": seed,
             "row_id": str(i), "category": "lab" if i % 2 else "risk", "correct": c, "got": json.dumps(int(c)),
             "tokens": t, "calls": 2.0, "seconds": 1.0 + seed, "tools": "bmi", **extra}
            for i, (c, t) in enumerate(zip(correct, tokens))]


def test_mean_and_sd_over_seeds() -> None:
    rows = (_rows("A", 0, [True, False, True, False], [100, 100, 100, 100])      # 0.50, 100 tokens
            + _rows("A", 1, [True, True, True, True], [200, 200, 200, 200])       # 1.00, 200
            + _rows("A", 2, [True, True, True, False], [300, 300, 300, 300])      # 0.75, 300
            + _rows("B", 0, [True, False, False, False], [10, 10, 10, 10]))
    rows[1]["error"] = "RowError: the model's value is not a number"  # a wrong row with an error
    table = summary_table(tidy_frame(rows), ["A", "B"]).set_index("condition")
    a = table.loc["A"]
    assert a["n_seeds"] == 3 and a["n_rows"] == 4
    assert a["accuracy_mean"] == pytest.approx(0.75)
    assert a["accuracy_sd"] == pytest.approx(0.25)  # sample sd of 0.5, 1.0, 0.75
    assert a["tokens_mean"] == pytest.approx(200) and a["tokens_sd"] == pytest.approx(100)
    assert a["seconds_mean"] == pytest.approx(2.0) and a["calls_sd"] == pytest.approx(0.0)
    assert not a["seeds_identical"] and a["errors"] == 1
    b = table.loc["B"]
    assert b["accuracy_mean"] == pytest.approx(0.25) and math.isnan(b["accuracy_sd"]) and b["seeds_identical"] is None


def test_identical_seeds_are_reported() -> None:
    rows = _rows("A", 0, [True, False], [5, 5]) + _rows("A", 1, [True, False], [5, 5])
    table = summary_table(tidy_frame(rows))
    assert bool(table.loc[0, "seeds_identical"]) is True and table.loc[0, "accuracy_sd"] == 0


def test_paired_comparisons_pair_rows_per_seed_and_average_over_seeds() -> None:
    a0 = [True, True, True, True, False, False]
    b0 = [True, False, False, False, False, True]
    a1 = [True, True, False, True, False, False]
    rows = (_rows("A", 0, a0, [1] * 6) + _rows("B", 0, b0, [1] * 6) + _rows("A", 1, a1, [1] * 6)
            + _rows("B", 1, b0, [1] * 6) + _rows("B", 2, b0, [1] * 6))  # seed 2: B only, not compared
    table = paired_comparisons(tidy_frame(rows), ["A", "B"], resamples=1000)
    assert list(table["seed"]) == ["0", "1", "all"]
    s0 = table.iloc[0]
    assert (s0["a"], s0["b"], s0["n"], s0["a_only"], s0["b_only"]) == ("A", "B", 6, 3, 1)
    assert s0["p_value"] == pytest.approx(mcnemar_exact(a0, b0)["p_value"])
    assert s0["diff"] == pytest.approx(4 / 6 - 2 / 6)
    assert s0["ci_low"] <= s0["diff"] <= s0["ci_high"]
    both = table.iloc[2]
    assert both["diff"] == pytest.approx((np.mean(a0) + np.mean(a1)) / 2 - np.mean(b0))
    assert math.isnan(both["p_value"])


# ---------------------------------------------------------------------------
# End to end
# ---------------------------------------------------------------------------


BMI_ROWS = [(70, 175), (68, 182)]


def _bmi_csv(path: Path, rows: list[tuple[int, int]] = BMI_ROWS) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(COLUMNS))
        w.writeheader()
        for n, (kg, cm) in enumerate(rows, 1):
            bmi = kg / (cm / 100) ** 2
            w.writerow({"Row Number": n, "Calculator ID": 6, "Calculator Name": "Body Mass Index (BMI)",
                        "Category": "physical", "Output Type": "decimal", "Note ID": f"n{n}", "Note Type": "synthetic",
                        "Patient Note": f"A 45-year-old man comes for a check-up. Weight {kg} kg, height {cm} cm.",
                        "Question": "What is the patient's BMI in kg/m²?",
                        "Relevant Entities": str({"weight": [float(kg), "kg"], "height": [float(cm), "cm"]}),
                        "Ground Truth Answer": f"{bmi:.3f}", "Lower Limit": f"{bmi * 0.95:.3f}",
                        "Upper Limit": f"{bmi * 1.05:.3f}", "Ground Truth Explanation": ""})
    return path


def _script(path: Path) -> Path:
    """The scripted model's replies for the two BMI rows (MIRROR: a plan, a call, an answer per row)."""
    script: dict[str, list[Any]] = {"planner": [], "tool_agent": [], "answer": []}
    for kg, cm in BMI_ROWS:
        script["planner"].append({"subtasks": [{"description": "compute the BMI", "tool": "bmi"}],
                                  "evaluation": "the BMI calculator answers it", "score": 9})
        script["tool_agent"].append({"tool": "bmi", "arguments": {"weight": kg, "height": cm},
                                     "evaluation": "copied from the note", "score": 8})
        script["answer"].append({"answer": "BMI", "value": repr(kg / (cm / 100) ** 2), "evaluation": "ok", "score": 9})
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


def _config(tmp_path: Path) -> Path:
    data = _bmi_csv(tmp_path / "bmi.csv")
    script = _script(tmp_path / "script.json")
    return write(tmp_path / "exp.toml", f"""
name = "tiny"
seeds = [0, 1]
out = "{tmp_path / 'out'}"
[settings]
extractor = "rules"
data_dir = "{tmp_path / 'data'}"
[statistics]
resamples = 500

[[datasets]]
name = "dev"
path = "{PARAPHRASED}"
mode = "gold"
limit = 3

[[datasets]]
name = "bmi"
path = "{data}"
mode = "gold"

[[conditions]]
preset = "mirror"
label = "gold"

[[conditions]]
preset = "mirror"
label = "extract"
mode = "extract"
sweep = {{ theta_plan = [8] }}

[[conditions]]
preset = "mirror"
label = "agent"
mode = "agent"
datasets = ["bmi"]
settings = {{ model_provider = "scripted", script_path = "{script}" }}
""")


def test_experiment_end_to_end_with_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = _config(tmp_path)
    exp = load_experiment(cfg)
    # dev: gold and extract x 2 seeds; bmi: gold, extract and agent (scripted) x 2 seeds
    assert [str(s.folder) for s in exp.subruns() if s.mode == "agent"] == ["runs/bmi/agent/seed-0",
                                                                           "runs/bmi/agent/seed-1"]
    assert len(exp.subruns()) == 10
    assert main(["experiment", str(cfg)]) == 0
    out = tmp_path / "out"
    for name in ("rows.csv", "summary.csv", "by_category.csv", "comparisons.csv", "gate_scores.csv", "tool_calls.csv",
                 "report.md", "experiment.json", "config.toml", "accuracy_vs_tokens.png", "accuracy_by_category.png",
                 "gate_scores.png", "tool_calls.png"):
        assert (out / name).is_file(), name
    rows = pd.read_csv(out / "rows.csv", dtype={"row_id": str})
    assert len(rows) == 2 * 2 * 3 + 3 * 2 * 2

    # the tidy table holds exactly the records, and the summary is computed from them
    summary = pd.read_csv(out / "summary.csv")
    for sub in exp.subruns():
        recs = load_records(out / sub.folder / "records.jsonl")
        assert recs, sub.folder
        mine = rows[(rows["dataset"] == sub.dataset.name) & (rows["condition"] == sub.condition.label)
                    & (rows["seed"] == sub.seed)].set_index("row_id")
        assert sorted(mine.index) == sorted(str(r["id"]) for r in recs)
        for r in recs:
            assert bool(mine.loc[str(r["id"]), "correct"]) == bool(r["correct"])
            if sub.mode == "agent":
                assert mine.loc[str(r["id"]), "tokens"] == r["input_tokens"] + r["output_tokens"]
                assert mine.loc[str(r["id"]), "calls"] == r["calls"]
                assert mine.loc[str(r["id"]), "tools"] == ";".join(r["tools"])
                assert r["gate_scores"]["plan"] == [9] and r["gate_scores"]["answer"] == [9]  # the script's scores
        line = summary[(summary["dataset"] == sub.dataset.name) & (summary["condition"] == sub.condition.label)].iloc[0]
        assert line["n_rows"] == len(recs)
    bmi_agent = summary[(summary["condition"] == "agent") & (summary["dataset"] == "bmi")].iloc[0]
    per_seed = [load_records(out / f"runs/bmi/agent/seed-{k}/records.jsonl") for k in (0, 1)]
    accuracy = [np.mean([r["correct"] for r in recs]) for recs in per_seed]
    tokens = [np.mean([r["input_tokens"] + r["output_tokens"] for r in recs]) for recs in per_seed]
    assert bmi_agent["accuracy_mean"] == pytest.approx(np.mean(accuracy))
    assert bmi_agent["accuracy_sd"] == pytest.approx(np.std(accuracy, ddof=1))
    assert bmi_agent["tokens_mean"] == pytest.approx(np.mean(tokens))
    assert bool(bmi_agent["seeds_identical"])  # the scripted model replays the same script in every sub-run
    gates = pd.read_csv(out / "gate_scores.csv", dtype={"row_id": str})
    expected_gates = sorted((k, str(r["id"]), gate, float(score)) for k, recs in enumerate(per_seed) for r in recs
                            for gate, scores in r["gate_scores"].items() for score in scores)
    assert sorted(zip(gates["seed"], gates["row_id"], gates["gate"], gates["score"].astype(float))) == expected_gates
    comparisons = pd.read_csv(out / "comparisons.csv", dtype={"seed": str})
    assert {("gold", "extract theta_plan=8"), ("gold", "agent"), ("extract theta_plan=8", "agent")} <= set(
        zip(comparisons["a"], comparisons["b"]))
    assert set(comparisons[comparisons["dataset"] == "dev"]["seed"]) == {"0", "1", "all"}
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "**Wall time**" in report and "`accuracy_vs_tokens.png`" in report and "`gate_scores.png`" in report
    assert "Every seed gave the same answer on every row" in report  # temperature 0: said, not hidden
    assert f"| bmi | agent | agent | 2 | 2 | {100 * np.mean(accuracy):.1f} ± 0.0 |" in report
    assert bmi_agent["errors"] == sum(bool(r["error"]) for recs in per_seed for r in recs)
    assert capsys.readouterr().out.count(": run,") == 10

    # resume: every sub-run finished, so none runs again (the runner is not even called) and nothing changes
    before = {p: p.read_bytes() for p in out.glob("runs/**/records.jsonl")}
    monkeypatch.setattr(experiment_module, "run_medcalc", lambda *a, **k: pytest.fail("a finished sub-run ran again"))
    assert main(["experiment", str(cfg)]) == 0
    assert capsys.readouterr().out.count("finished earlier, skipped") == 10
    assert {p: p.read_bytes() for p in out.glob("runs/**/records.jsonl")} == before
    state = json.loads((out / "experiment.json").read_text())
    assert [i["subruns_skipped"] for i in state["invocations"]] == [0, 10]
    assert pd.read_csv(out / "rows.csv", dtype={"row_id": str}).equals(rows)


def test_an_interrupted_subrun_resumes_row_by_row_and_other_settings_are_refused(tmp_path: Path) -> None:
    cfg = write(tmp_path / "exp.toml", f"""
out = "{tmp_path / 'out'}"
[[datasets]]
name = "dev"
path = "{PARAPHRASED}"
mode = "gold"
limit = 3
[[conditions]]
preset = "mirror"
""")
    exp = load_experiment(cfg)
    run_experiment(exp, echo=lambda s: None)
    folder = tmp_path / "out" / exp.subruns()[0].folder
    # as if killed after one row: the runner's records keep one row, subrun.json says unfinished
    lines = (folder / "records.jsonl").read_text().splitlines()
    (folder / "records.jsonl").write_text(lines[0] + "\n")
    meta = json.loads((folder / "subrun.json").read_text())
    (folder / "subrun.json").write_text(json.dumps({**meta, "finished": False}))
    result = run_experiment(exp, echo=lambda s: None)
    assert result["subruns"][0]["action"] == "resumed" and result["subruns"][0]["rows_run"] == 2
    assert len(load_records(folder / "records.jsonl")) == 3
    # the same folder with other settings is refused, naming what changed
    changed = parse_experiment({"out": str(tmp_path / "out"), "datasets": [{"name": "dev", "path": str(PARAPHRASED),
                                                                             "mode": "gold", "limit": 2}],
                                "conditions": [{"preset": "mirror"}]}, source=cfg)
    with pytest.raises(ExperimentError, match=r"was run with other settings \(limit: 3 -> 2\)"):
        run_experiment(changed, echo=lambda s: None)


def test_cli_reports_a_bad_file_with_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = write(tmp_path / "exp.toml", DATASET + "[[conditions]]\npreset = 'mirorr'\n")
    assert main(["experiment", str(cfg)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("medmirror experiment: error:") and "conditions[0].preset: unknown preset 'mirorr'" in err
    assert main(["experiment", str(tmp_path / "missing.toml")]) == 2
    assert "experiment file not found" in capsys.readouterr().err


def test_dry_run_lists_the_subruns_and_runs_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = write(tmp_path / "exp.toml", f"out = '{tmp_path / 'out'}'\nseeds = [0, 1]\n" + DATASET
                + "[[conditions]]\npreset = 'mirror'\nsweep = { theta_plan = [7, 9] }\n")
    assert main(["experiment", str(cfg), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "runs/dev/mirror__theta_plan=9/seed-1" in out and "4 sub-run(s)" in out
    assert not (tmp_path / "out").exists()
    # the rows (3 per sub-run: limit = 3), and a time estimate: gold mode at 0.05 s per row assumed, 12 rows
    assert "3 row(s), 0 done" in out and "4 sub-run(s), 12 row(s), 0 done" in out
    assert "estimated time left about 1s (assumed 0.05 s per gold row" in out
    # two seeds where nothing samples: the second repeats the first
    assert "warning: seeds 0, 1 at temperature 0 (greedy decoding) give the same answers" in out
    # --report-only runs nothing and still writes the (empty) tables and the report
    assert main(["experiment", str(cfg), "--report-only"]) == 0
    assert not (tmp_path / "out" / "runs").exists()
    assert "(no records)" in (tmp_path / "out" / "report.md").read_text(encoding="utf-8")


def test_dry_run_estimates_from_the_records_already_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = write(tmp_path / "exp.toml", f"out = '{tmp_path / 'out'}'\n" + DATASET + "[[conditions]]\npreset = 'mirror'\n")
    folder = tmp_path / "out" / "runs" / "dev" / "mirror" / "seed-0"
    folder.mkdir(parents=True)
    (folder / "records.jsonl").write_text(json.dumps({"id": "1", "seconds": 40.0}) + "\n", encoding="utf-8")
    assert main(["experiment", str(cfg), "--dry-run"]) == 0
    out = capsys.readouterr().out
    # 3 rows, 1 done at 40 s per row (its own record): 2 x 40 s = 80 s left
    assert "3 row(s), 1 done, about 1m20s left" in out and "(the sub-runs' own records)" in out
    assert "warning: seeds" not in out  # one seed


def test_concurrency_against_a_server_on_this_machine_warns() -> None:
    from medmirror.bench.cli import serial_server_warning
    from medmirror.core.settings import Settings

    local = Settings(model_provider="openai", openai_base_url="http://127.0.0.1:8080/v1", openai_model="m")
    assert "serve one request at a time" in serial_server_warning(local, 3)
    assert serial_server_warning(local, 1) is None  # one at a time: nothing to warn about
    remote = Settings(model_provider="openai", openai_base_url="https://api.example.org/v1", openai_model="m")
    assert serial_server_warning(remote, 3) is None
    localhost = Settings(model_provider="openai", openai_base_url="http://localhost:11434/v1", openai_model="m")
    assert serial_server_warning(localhost, 2)
