"""`medmirror experiment` on the execution layer (medmirror.bench.engine): the example file's conditions on a
small scripted slice give the same per-row results in one process and on two worker processes (Ray: in
tests/integration/test_experiment_ray.py); a run stopped mid-way resumes row by row, each row once."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import medmirror
import medmirror.bench.experiment as experiment_module
from medmirror.bench.common import JsonlWriter, load_records
from medmirror.bench.experiment import dry_run, engine_plan, run_experiment
from medmirror.bench.experiment_config import Experiment, parse_experiment
from medmirror.core.settings import ROLES
from tests.unit.test_experiment import _bmi_csv

EXAMPLE = Path(medmirror.__file__).parent / "data" / "experiments" / "one_shot_small.toml"
PARAPHRASED = Path(medmirror.__file__).parent / "data" / "dev" / "paraphrased.csv"
# (weight kg, height cm): the script below proposes 70 kg and 175 cm whatever the note says (no reply depends on
# the order rows run in); the product grounds the arguments in each note, so the rows' values differ
SLICE = [(70, 175), (68, 182), (70, 175)]
SAME = ("id", "got", "correct", "error", "status", "value", "tools", "plan", "calls")


def order_free_script(path: Path) -> Path:
    """Every role answers the same reply to every call, so a reply never depends on which rows ran before."""
    reply = {"planner": {"subtasks": [{"description": "compute the BMI", "tool": "bmi"}],
                         "evaluation": "the BMI calculator answers it", "score": 9},
             "tool_agent": {"tool": "bmi", "arguments": {"weight": 70, "height": 175},
                            "evaluation": "copied from the note", "score": 8},
             "answer": {"answer": "BMI", "value": repr(70 / 1.75 ** 2), "evaluation": "ok", "score": 9}}
    script = {role: [reply.get(role, {"score": 9})] * 400 for role in ROLES}
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


def example_on_slice(tmp_path: Path, name: str) -> Experiment:
    """The example file's conditions (MIRROR θp 7/8/9, RiskAgent, ReAct, Reflexion), agent mode, on the slice
    with the scripted model; and a gold dataset beside it (rows of another benchmark file in the same run)."""
    cfg = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    cfg["datasets"] = [{"name": "bmi", "path": str(_bmi_csv(tmp_path / "bmi.csv", SLICE)), "mode": "agent"},
                       {"name": "dev", "path": str(PARAPHRASED), "mode": "gold", "limit": 4}]
    cfg["settings"] = {"model_provider": "scripted", "script_path": str(order_free_script(tmp_path / "s.json")),
                       "data_dir": str(tmp_path / f"data-{name}"), "embeddings_provider": "none"}
    cfg["out"] = str(tmp_path / name)
    cfg["statistics"] = {"resamples": 200}
    return parse_experiment(cfg, source=EXAMPLE)


def per_row(exp: Experiment) -> dict[tuple[str, str], dict[str, Any]]:
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for sub in exp.subruns():
        recs = load_records(exp.out / sub.folder / "records.jsonl")
        ids = [str(r["id"]) for r in recs]
        assert len(ids) == len(set(ids)), f"{sub.folder}: a row written twice"
        out.update({(str(sub.folder), str(r["id"])): {k: r.get(k) for k in SAME} for r in recs})
    return out


@pytest.mark.slow
def test_example_conditions_give_the_same_rows_in_one_process_and_on_two_workers(tmp_path: Path) -> None:
    one = example_on_slice(tmp_path, "one")
    assert len(one.subruns()) == 12  # 6 conditions x (bmi + dev)
    run_experiment(one, echo=lambda _: None)
    two = example_on_slice(tmp_path, "two")
    lines: list[str] = []
    result = run_experiment(two, echo=lines.append, workers=2)
    rows = per_row(one)
    assert len(rows) == 6 * (3 + 4)
    assert per_row(two) == rows  # folders are relative to each run's out
    # the rows do differ (a mix-up of rows or sub-runs would show): the product reads each note's own numbers
    folder = next(str(s.folder) for s in one.subruns() if s.dataset.name == "bmi" and s.condition.preset == "mirror")
    mirror = {rid: r for (f, rid), r in rows.items() if f == folder}
    assert mirror["1"]["got"] == mirror["3"]["got"] == pytest.approx(70 / 1.75 ** 2)
    assert mirror["2"]["got"] == pytest.approx(68 / 1.82 ** 2)
    assert all(s["concurrency_reason"].startswith("processes") for s in result["subruns"])
    assert "42 row(s) of 12 MedCalc-Bench sub-run(s) on the local engine: 2 worker processes" in lines[1]
    assert sum(s["rows"] for s in result["subruns"]) == 42


class _Killed(KeyboardInterrupt):
    pass


def test_a_run_stopped_mid_way_resumes_row_by_row_without_duplicates(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = {"out": str(tmp_path / "out"), "seeds": [0],
           "datasets": [{"name": "dev", "path": str(PARAPHRASED), "mode": "gold", "limit": 5}],
           "conditions": [{"preset": "mirror", "sweep": {"theta_plan": [7, 8]}}]}
    exp = parse_experiment(cfg, source=EXAMPLE)
    clean = parse_experiment({**cfg, "out": str(tmp_path / "clean")}, source=EXAMPLE)
    run_experiment(clean, echo=lambda _: None)

    written: list[str] = []

    class DiesAfterSix(JsonlWriter):  # the driver is killed after its sixth record (the second sub-run's first)
        def write(self, record: dict[str, Any]) -> None:
            if len(written) == 6:
                self._fh.write('{"id": "3", "cut sh')  # a line cut short by the kill
                self._fh.flush()
                raise _Killed
            written.append(str(record["id"]))
            super().write(record)

    monkeypatch.setattr(experiment_module, "JsonlWriter", DiesAfterSix)
    with pytest.raises(_Killed):
        run_experiment(exp, echo=lambda _: None)
    monkeypatch.undo()
    first, second = (exp.out / sub.folder for sub in exp.subruns())
    assert len(load_records(first / "records.jsonl")) == 5 and len(load_records(second / "records.jsonl")) == 1
    assert not json.loads((second / "subrun.json").read_text())["finished"]

    lines: list[str] = []
    result = run_experiment(exp, echo=lines.append)
    assert "4 row(s) of 2 MedCalc-Bench sub-run(s)" in lines[1]  # only the rows left, nothing counted twice
    assert [s["action"] for s in result["subruns"]] == ["resumed", "resumed"]
    assert [s["rows_run"] for s in result["subruns"]] == [0, 4]
    assert per_row(exp) == per_row(clean)
    again = run_experiment(exp, echo=lines.append)  # finished: nothing runs, nothing is added
    assert [s["action"] for s in again["subruns"]] == ["skipped", "skipped"]
    assert sum(len(load_records(exp.out / s.folder / "records.jsonl")) for s in exp.subruns()) == 10


def test_engine_plan_follows_the_flags_and_the_files_concurrency(tmp_path: Path) -> None:
    base = {"out": str(tmp_path), "datasets": [{"name": "dev", "path": str(PARAPHRASED), "mode": "agent"}],
            "conditions": [{"preset": "react"}]}
    local = parse_experiment(base, source=EXAMPLE)
    remote = parse_experiment({**base, "concurrency": 3, "settings": {
        "model_provider": "openai", "openai_base_url": "http://10.1.2.3:8000/v1", "openai_model": "m"}}, source=EXAMPLE)
    assert engine_plan(local, local.subruns(), 1, "local")[:2] == (1, False)  # the embedded model: one row at a time
    assert engine_plan(local, local.subruns(), 2, "local")[:2] == (2, False)  # worker processes
    assert engine_plan(remote, remote.subruns(), 1, "local")[:2] == (3, True)  # the file's concurrency, threads
    assert engine_plan(remote, remote.subruns(), 2, "local")[:2] == (2, True)
    assert engine_plan(remote, remote.subruns(), 2, "ray")[:2] == (2, False)  # Ray actors
    lines: list[str] = []  # the time estimate counts the workers
    one, two = dry_run(local, lines.append)["seconds_left"], dry_run(local, lines.append, workers=2)["seconds_left"]
    assert two == pytest.approx(one / 2) and "concurrency 2 (2 workers)" in lines[-2]
