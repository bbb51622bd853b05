"""The development sets in app/data/dev/ (original cases, not MedCalc-Bench text).

(a) every paraphrased.csv row, run through the bench's own gold path (read_medcalc_csv + run_gold),
    gives the row's answer within its limits, and the file follows the conventions (±5 % limits on
    decimal rows, equal limits otherwise, at least 4 rows per category);
(b) every short case's `expected` equals our calculator on the values its note states, with the
    arguments written out here per case (not parsed from the note), in the canonical form the graph
    returns (medmirror.nodes.formats.normalise_value);
(c) no note in either file shares a run of 8 or more consecutive words with any note of
    MedCalc-Bench's one-shot file (which is CC-BY-SA; these sets must be original text).
"""

from __future__ import annotations

import ast
import csv
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from medmirror.bench.medcalc import CATEGORIES, normalise_category, read_medcalc_csv, run_gold
from medmirror.nodes.formats import normalise_value
from medmirror.tools.calculators.registry import CALCULATORS

ROOT = Path(__file__).parents[2]
DEV = ROOT / "app" / "data" / "dev"
PARAPHRASED = DEV / "paraphrased.csv"
WEAK = DEV / "weak_calculators.csv"
BLIND = DEV / "blind.csv"
SHORT = DEV / "short_cases.json"
ONE_SHOT = ROOT.parent / "shared" / "data" / "medcalc" / "one_shot.csv"

# the later blind sets (blind3.csv, blind4.csv, ...), each written by a helper without access to the extraction code
LATER_BLIND = sorted(DEV.glob("blind[0-9]*.csv"))
LATER_BLIND_ROWS = [(path.stem, row) for path in LATER_BLIND
                    for row in read_medcalc_csv(path, required=("Relevant Entities", "Patient Note", "Question"))]
# the sets in the style of real case reports: real1 (development) and realblind1 (pure test set)
REAL_SETS = {"real1": 60, "realblind1": 40}
# long case reports (250-600 words): realblind2 (pure test set, one note per one-shot calculator) and real2 (development);
# realblind3 (pure test set, one note per lab/physical/date/dosage calculator) and real3 (development, two per calculator);
# real4 (development, two notes per one-shot risk calculator); real5 (development, three notes per severity/diagnosis
# calculator); their held-out counterpart is realblind4 (pure test set, two notes per risk/severity/diagnosis calculator);
# real6 (development, one note per risk/severity/diagnosis calculator, same held-out counterpart realblind4);
# realblind5 (pure test set, one PMC-style case report per lab/physical/date/dosage calculator, 300-550 words);
# real8 (development, one note per risk/severity/diagnosis calculator, each in its own clinical style; held out:
# realblind6); realblind6 (pure test set, two notes per risk/severity/diagnosis calculator); real9 (development, one
# note per risk/severity/diagnosis calculator in varied clinical styles; held out: realblind7); realblind7 (pure test
# set, two PMC-style notes per risk/severity/diagnosis calculator, implied criteria and values at several time points);
# real10 (development, three notes per severity/diagnosis calculator in different clinical styles; held out: realblind6
# and realblind7)
LONG_SETS = {"realblind2": 55, "real2": None, "realblind3": 36, "real3": 72, "real4": 24, "real5": 21, "realblind4": 38,
             "real6": 19, "realblind5": 36, "real7": 36, "real8": 19, "realblind6": 38, "real9": 19,
             "realblind7": 38, "real10": 21}
REAL_ROWS = [(name, row) for name in [*REAL_SETS, *LONG_SETS] if (DEV / f"{name}.csv").exists()
             for row in read_medcalc_csv(DEV / f"{name}.csv", required=("Relevant Entities", "Patient Note", "Question"))]

ROWS = read_medcalc_csv(PARAPHRASED, required=("Relevant Entities", "Patient Note", "Question"))
WEAK_ROWS = read_medcalc_csv(WEAK, required=("Relevant Entities", "Patient Note", "Question"))
BLIND_ROWS = read_medcalc_csv(BLIND, required=("Relevant Entities", "Patient Note", "Question"))
WEAK_IDS = {15, 18, 20, 21, 25, 27, 28, 29, 33, 36, 43, 48}
SHORT_CASES: list[dict[str, Any]] = json.loads(SHORT.read_text(encoding="utf-8"))

# ---------------------------------------------------------------------------
# (a) paraphrased.csv through the gold path
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("row", ROWS, ids=[f"row-{r.id}-medcalc-{r.calculator_id}" for r in ROWS])
def test_paraphrased_row_gold(row: Any) -> None:
    rec = run_gold(row)
    assert rec["error"] is None, rec["error"]
    assert rec["correct"], f"row {row.id}: expected {rec['expected']} [{rec['lower']}, {rec['upper']}], got {rec['got']}"


def test_paraphrased_conventions() -> None:
    assert 28 <= len(ROWS) <= 32
    assert len({r.id for r in ROWS}) == len(ROWS)
    counts = Counter(r.category for r in ROWS)
    assert set(counts) == set(CATEGORIES)
    assert all(n >= 4 for n in counts.values()), counts
    for r in ROWS:
        assert r.note and r.question and r.explanation, r.id
        try:
            answer = float(r.ground_truth)
        except ValueError:  # dates and (weeks, days): limits equal the answer
            assert r.lower == r.upper == r.ground_truth, r.id
            continue
        lo, hi = float(r.lower), float(r.upper)
        if lo == hi:
            assert lo == answer, r.id
        else:
            assert lo == pytest.approx(answer * 0.95, abs=1e-4), r.id
            assert hi == pytest.approx(answer * 1.05, abs=1e-4), r.id


# ---------------------------------------------------------------------------
# (b) short cases: expected == our calculator on the stated values
# ---------------------------------------------------------------------------

SHORT_ARGS: dict[str, dict[str, Any]] = {
    "anion_gap": {"sodium": 140, "chloride": 104, "bicarbonate": 24},
    "qtc_bazett": {"heart_rate": 60, "qt_interval": 400},
    "due_date": {"last_menstrual_date": "01/01/2024", "cycle_length": 28},
    "due_date_long_cycle": {"last_menstrual_date": "08/20/2023", "cycle_length": 31},
    "conception_date": {"last_menstrual_date": "05/10/2024"},
    "gestational_age": {"last_menstrual_date": "02/01/2025", "current_date": "04/15/2025"},
    "steroid_conversion": {"input_steroid": "Prednisone PO", "dose": 20, "target_steroid": "Dexamethasone PO"},
    "curb65": {"age": 80, "confusion": True, "bun": 25, "respiratory_rate": 32, "systolic_bp": 85,
               "diastolic_bp": 50},
    "gcs": {"eye": "eye opening to pain", "verbal": "inappropriate words", "motor": "withdrawal from pain"},
    "sirs": {"temperature": 38.9, "heart_rate": 110, "respiratory_rate": 22, "wbc": 13000},
}

_FORMAT = {"date": "date", "weeks_days": "weeks_days"}


def test_short_cases_cover_the_categories() -> None:
    assert len(SHORT_CASES) == 10
    assert {c["name"] for c in SHORT_CASES} == set(SHORT_ARGS)
    cats = Counter(c["category"] for c in SHORT_CASES)
    assert set(cats) == set(CATEGORIES)
    assert cats["date"] >= 3
    for case in SHORT_CASES:
        assert {"name", "category", "calculator", "question", "note", "expected"} <= set(case)
        assert CALCULATORS[case["calculator"]].category == case["category"], case["name"]
        assert 2 <= len(re.split(r"(?<=[.!?])\s+", case["note"].strip())) <= 4, case["name"]  # 2-4 sentences


@pytest.mark.parametrize("case", SHORT_CASES, ids=[c["name"] for c in SHORT_CASES])
def test_short_case_expected(case: dict[str, Any]) -> None:
    calc = CALCULATORS[case["calculator"]]
    result = calc.run(SHORT_ARGS[case["name"]])
    fmt = _FORMAT.get(calc.output_type, "number")
    assert normalise_value(result.value, fmt) == case["expected"]


# ---------------------------------------------------------------------------
# (c) no sentence copied from the one-shot notes
# ---------------------------------------------------------------------------

N_WORDS = 8


def _ngrams(text: str, n: int = N_WORDS) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_shared_runs_are_detected() -> None:
    a = "The patient was admitted to the intensive care unit for observation overnight."
    b = "Yesterday she was admitted to the intensive care unit for observation and fluids."
    assert _ngrams(a) & _ngrams(b)
    assert not _ngrams("one two three four five six seven") & _ngrams("one two three four five six seven")


def test_no_note_copies_a_one_shot_sentence() -> None:
    if not ONE_SHOT.exists():
        pytest.skip(f"{ONE_SHOT} not found")
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        reference: set[tuple[str, ...]] = set()
        for r in csv.DictReader(fh):
            reference |= _ngrams(r["Patient Note"])
    ours = [(f"paraphrased row {r.id}", r.note) for r in ROWS]
    ours += [(f"weak_calculators {r.note_id}", r.note) for r in WEAK_ROWS]
    ours += [(f"blind {r.note_id}", r.note) for r in BLIND_ROWS]
    ours += [(f"short case {c['name']}", c["note"]) for c in SHORT_CASES]
    ours += [(f"{name} {r.note_id}", r.note) for name, r in LATER_BLIND_ROWS]
    ours += [(f"{name} {r.note_id}", r.note) for name, r in REAL_ROWS]
    copied = {name: sorted(" ".join(g) for g in _ngrams(text) & reference) for name, text in ours}
    copied = {k: v for k, v in copied.items() if v}
    assert not copied, copied


# ---------------------------------------------------------------------------
# (d) weak_calculators.csv: gold path, split, conventions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("row", WEAK_ROWS, ids=[r.note_id for r in WEAK_ROWS])
def test_weak_row_gold(row: Any) -> None:
    rec = run_gold(row)
    assert rec["error"] is None, rec["error"]
    assert rec["correct"], f"{row.note_id}: expected {rec['expected']}, got {rec['got']}"


def test_weak_split_and_conventions() -> None:
    by_calc: dict[int, list[str]] = {}
    for r in WEAK_ROWS:
        by_calc.setdefault(r.calculator_id, []).append(r.note_id)
        assert r.note and r.question and r.explanation and r.note_type == "Original", r.id
        assert r.lower == r.upper == r.ground_truth and r.output_type == "integer", r.id
    assert set(by_calc) == WEAK_IDS
    for cid, ids in by_calc.items():
        dev = [i for i in ids if i.startswith("dev-")]
        test = [i for i in ids if i.startswith("test-")]
        assert len(dev) >= 3 and len(test) >= 2 and len(dev) + len(test) == len(ids), (cid, ids)
        assert all(i.endswith(("-4", "-5")) for i in test), (cid, test)  # the held-out notes of the first batch


# ---------------------------------------------------------------------------
# (e) blind.csv: two notes per calculator, written without reading the extraction code
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("row", BLIND_ROWS, ids=[r.note_id for r in BLIND_ROWS])
def test_blind_row_gold(row: Any) -> None:
    rec = run_gold(row)
    assert rec["error"] is None, rec["error"]
    assert rec["correct"], f"{row.note_id}: expected {rec['expected']}, got {rec['got']}"


def test_blind_covers_every_one_shot_calculator_twice() -> None:
    if not ONE_SHOT.exists():
        pytest.skip(f"{ONE_SHOT} not found")
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        one_shot_ids = {int(r["Calculator ID"]) for r in csv.DictReader(fh)}
    by_calc: dict[int, list[str]] = {}
    for r in BLIND_ROWS:
        by_calc.setdefault(r.calculator_id, []).append(r.note_id)
        assert r.note_type == "Original" and r.note_id.startswith("blind-"), r.id
    assert set(by_calc) == one_shot_ids
    # the -1 note of each calculator is the development half, the -2 note the held-out half
    assert all(sorted(i[-2:] for i in ids) == ["-1", "-2"] for ids in by_calc.values()), by_calc


# ---------------------------------------------------------------------------
# (f) the later blind sets: every row's gold inputs give its answer, ids name their set, each has its documentation
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, row", LATER_BLIND_ROWS, ids=[r.note_id for _, r in LATER_BLIND_ROWS])
def test_later_blind_row_gold(name: str, row: Any) -> None:
    rec = run_gold(row)
    assert rec["error"] is None, rec["error"]
    assert rec["correct"], f"{row.note_id}: expected {rec['expected']}, got {rec['got']}"
    assert row.note_id.startswith(f"{name}-"), row.note_id


def test_later_blind_sets_are_documented() -> None:
    assert len(LATER_BLIND) >= 4
    for path in LATER_BLIND:
        doc = path.with_suffix(".md")
        assert doc.exists(), f"{path.name} has no {doc.name}"
        ids = [r.note_id for name, r in LATER_BLIND_ROWS if name == path.stem]
        assert len(ids) == len(set(ids)), f"{path.name}: repeated note ids"


# ---------------------------------------------------------------------------
# (g) real1 / realblind1: notes in the style of published case reports, weighted to risk and severity scores
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, row", REAL_ROWS, ids=[r.note_id for _, r in REAL_ROWS])
def test_real_row_gold(name: str, row: Any) -> None:
    rec = run_gold(row)
    assert rec["error"] is None, rec["error"]
    assert rec["correct"], f"{row.note_id}: expected {rec['expected']}, got {rec['got']}"
    assert not rec.get("adapter_notes"), rec["adapter_notes"]  # every entity key is one the calculator knows
    assert row.note_id.startswith(f"{name}-") and row.note_type == "Synthetic", row.note_id
    if row.calculator_id == 24:  # the steroid question names this row's own input and target steroid
        ents = ast.literal_eval(row.entities)
        assert f"dose of {ents['input steroid'][0]}," in row.question, row.question
        assert row.question.endswith(f"mg of {ents['target steroid']}?"), row.question


@pytest.mark.parametrize("name", sorted(REAL_SETS))
def test_real_sets_mix_and_conventions(name: str) -> None:
    rows = [r for n, r in REAL_ROWS if n == name]
    assert len(rows) == REAL_SETS[name]
    assert len({r.note_id for r in rows}) == len(rows), "repeated note ids"
    assert (DEV / f"{name}.md").exists()
    counts = Counter(r.category for r in rows)
    scale = REAL_SETS[name] // 20  # 3 notes per risk/severity calculator in real1, 2 in realblind1
    assert counts["risk"] == 12 * scale and counts["severity"] == 4 * scale, counts
    for r in rows:
        assert len(r.note.split()) >= 60, f"{r.note_id}: a case-report note, not a line"
        lo, hi, answer = float(r.lower), float(r.upper), float(r.ground_truth)
        if r.category in ("risk", "severity", "diagnosis"):
            assert lo == hi == answer, r.note_id
        else:
            assert lo == pytest.approx(answer * 0.95, rel=1e-4) and hi == pytest.approx(answer * 1.05, rel=1e-4), r.id


# ---------------------------------------------------------------------------
# (h) realblind2 / real2: long case reports; realblind2 holds one note per one-shot calculator
# ---------------------------------------------------------------------------


def _limits_follow_the_conventions(r: Any) -> None:
    """Scores, dates and (weeks, days) have limits equal to the answer; other decimals +-5 %."""
    if r.category in ("risk", "severity", "diagnosis", "date"):
        assert r.lower == r.upper == r.ground_truth, r.note_id
        return
    answer, lo, hi = float(r.ground_truth), float(r.lower), float(r.upper)
    assert (lo, hi) == (pytest.approx(min(answer * 0.95, answer * 1.05), rel=1e-4),
                        pytest.approx(max(answer * 0.95, answer * 1.05), rel=1e-4)), r.note_id


@pytest.mark.parametrize("name", sorted(LONG_SETS))
def test_long_sets_are_long_case_reports(name: str) -> None:
    if not (DEV / f"{name}.csv").exists():
        pytest.skip(f"{name}.csv not written yet")
    rows = [r for n, r in REAL_ROWS if n == name]
    assert rows and (DEV / f"{name}.md").exists()
    if LONG_SETS[name] is not None:
        assert len(rows) == LONG_SETS[name]
    assert len({r.note_id for r in rows}) == len(rows), "repeated note ids"
    for r in rows:
        assert 250 <= len(r.note.split()) <= 600, f"{r.note_id}: {len(r.note.split())} words"
        assert r.explanation.strip(), r.note_id
        _limits_follow_the_conventions(r)


def test_realblind2_has_one_note_per_one_shot_calculator() -> None:
    if not ONE_SHOT.exists():
        pytest.skip(f"{ONE_SHOT} not found")
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        one_shot = {int(r["Calculator ID"]): r["Category"] for r in csv.DictReader(fh)}
    rows = [r for n, r in REAL_ROWS if n == "realblind2"]
    assert Counter(r.calculator_id for r in rows) == Counter(list(one_shot))  # each calculator exactly once
    assert all(r.note_id.endswith("-1") for r in rows)
    assert Counter(r.category for r in rows) == Counter(normalise_category(c) for c in one_shot.values())


# ---------------------------------------------------------------------------
# (i) realblind3 / real3: long case reports for the lab, physical, date and dosage calculators
# ---------------------------------------------------------------------------

VALUE_CATEGORIES = {"lab", "physical", "date", "dosage"}


@pytest.mark.parametrize("name, per_calculator", [("realblind3", 1), ("real3", 2), ("realblind5", 1)])
def test_real3_sets_cover_the_value_calculators(name: str, per_calculator: int) -> None:
    """Every one-shot calculator of the lab, physical, date and dosage categories, `per_calculator` notes each."""
    if not ONE_SHOT.exists():
        pytest.skip(f"{ONE_SHOT} not found")
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        one_shot = {int(r["Calculator ID"]): normalise_category(r["Category"]) for r in csv.DictReader(fh)}
    wanted = {cid for cid, cat in one_shot.items() if cat in VALUE_CATEGORIES}
    rows = [r for n, r in REAL_ROWS if n == name]
    assert Counter(r.calculator_id for r in rows) == Counter({cid: per_calculator for cid in wanted})
    assert all(r.category == one_shot[r.calculator_id] for r in rows)
    assert sorted({r.note_id.rsplit("-", 1)[1] for r in rows}) == [str(i) for i in range(1, per_calculator + 1)]


# ---------------------------------------------------------------------------
# (j) real5: long case reports for the severity and diagnosis calculators (development; held out: realblind4)
# ---------------------------------------------------------------------------

REAL5_CALCULATORS = {15: "severity", 20: "severity", 21: "severity", 29: "severity",
                     33: "diagnosis", 48: "diagnosis", 51: "diagnosis"}


@pytest.mark.parametrize("name", ["real5", "real10"])
def test_real5_has_three_notes_per_severity_and_diagnosis_calculator(name: str) -> None:
    """Notes <set>-<calculator id>-1..3 for each severity/diagnosis calculator (real10: a later set of the same mix)."""
    rows = [r for n, r in REAL_ROWS if n == name]
    assert Counter(r.calculator_id for r in rows) == Counter({cid: 3 for cid in REAL5_CALCULATORS})
    assert all(r.category == REAL5_CALCULATORS[r.calculator_id] for r in rows)
    assert sorted(r.note_id for r in rows) == sorted(f"{name}-{cid}-{n}" for cid in REAL5_CALCULATORS for n in (1, 2, 3))
    assert all(r.output_type == "integer" and r.lower == r.upper == r.ground_truth for r in rows)


def test_real10_is_a_development_set_of_varied_case_notes() -> None:
    """280-450 words per note, documented as a development set naming both held-out counterparts, and the three
    notes of a calculator are different patients (no two share their opening words)."""
    rows = [r for n, r in REAL_ROWS if n == "real10"]
    for r in rows:
        assert 280 <= len(r.note.split()) <= 450, f"{r.note_id}: {len(r.note.split())} words"
    for cid in REAL5_CALCULATORS:
        openings = {" ".join(r.note.split()[:6]) for r in rows if r.calculator_id == cid}
        assert len(openings) == 3, (cid, openings)
    doc = (DEV / "real10.md").read_text(encoding="utf-8")
    assert "development set" in doc and "realblind6" in doc and "realblind7" in doc


# ---------------------------------------------------------------------------
# (k) real4: development case reports for the twelve risk calculators, two notes each
# ---------------------------------------------------------------------------


def test_real4_covers_the_risk_calculators_twice() -> None:
    """Every one-shot calculator of the risk category, notes real4-<calculator>-1 and -2, answers from the gold path."""
    if not ONE_SHOT.exists():
        pytest.skip(f"{ONE_SHOT} not found")
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        one_shot = {int(r["Calculator ID"]): normalise_category(r["Category"]) for r in csv.DictReader(fh)}
    risk = {cid for cid, cat in one_shot.items() if cat == "risk"}
    assert len(risk) == 12
    rows = [r for n, r in REAL_ROWS if n == "real4"]
    assert Counter(r.calculator_id for r in rows) == Counter({cid: 2 for cid in risk})
    assert all(r.category == "risk" for r in rows)
    for cid in risk:
        stems = {r.note_id.rsplit("-", 1)[0] for r in rows if r.calculator_id == cid}
        ends = sorted(r.note_id.rsplit("-", 1)[1] for r in rows if r.calculator_id == cid)
        assert len(stems) == 1 and ends == ["1", "2"], (cid, stems, ends)
    # the held-out counterpart is named in the set's description
    assert "realblind4" in (DEV / "real4.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# (l) realblind4: pure test set, long case reports for the risk, severity and diagnosis calculators
# ---------------------------------------------------------------------------

SCORE_CATEGORIES = {"risk", "severity", "diagnosis"}


@pytest.mark.parametrize("name", ["realblind4", "realblind6", "realblind7"])
def test_realblind4_covers_the_score_calculators_twice(name: str) -> None:
    """Two notes (-1, -2) per one-shot calculator of the risk, severity and diagnosis categories, 280-450 words each.

    realblind6 and realblind7 (later pure test sets in the same mix) are held to the same checks, with ids
    <set>-<calculator id>-<n>.
    """
    if not ONE_SHOT.exists():
        pytest.skip(f"{ONE_SHOT} not found")
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        one_shot = {int(r["Calculator ID"]): normalise_category(r["Category"]) for r in csv.DictReader(fh)}
    wanted = {cid for cid, cat in one_shot.items() if cat in SCORE_CATEGORIES}
    assert len(wanted) == 19
    rows = [r for n, r in REAL_ROWS if n == name]
    if name != "realblind4":
        assert sorted(r.note_id for r in rows) == sorted(f"{name}-{cid}-{n}" for cid in wanted for n in (1, 2))
    assert Counter(r.calculator_id for r in rows) == Counter({cid: 2 for cid in wanted})
    assert Counter(r.category for r in rows) == Counter({"risk": 24, "severity": 8, "diagnosis": 6})
    assert all(r.category == one_shot[r.calculator_id] for r in rows)
    assert sorted({r.note_id.rsplit("-", 1)[1] for r in rows}) == ["1", "2"]
    for r in rows:
        assert 280 <= len(r.note.split()) <= 450, f"{r.note_id}: {len(r.note.split())} words"
        assert r.lower == r.upper == r.ground_truth, r.note_id
    assert "pure test set" in (DEV / f"{name}.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# (n) realblind5: pure test set, one PMC-style case report per lab/physical/date/dosage calculator
# ---------------------------------------------------------------------------


def test_realblind5_is_a_pure_test_set_of_case_reports() -> None:
    """Note realblind5-<calculator id>-1 for each value calculator, 300-550 words, documented as a pure test set."""
    rows = [r for n, r in REAL_ROWS if n == "realblind5"]
    assert len(rows) == 36
    assert sorted(r.note_id for r in rows) == sorted(f"realblind5-{r.calculator_id}-1" for r in rows)
    assert Counter(r.category for r in rows) == Counter({"lab": 19, "physical": 12, "date": 3, "dosage": 2})
    for r in rows:
        assert 300 <= len(r.note.split()) <= 550, f"{r.note_id}: {len(r.note.split())} words"
    assert "pure test set" in (DEV / "realblind5.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# (m) real6, real7, real8: development case reports, one per calculator of a category mix, each with its held-out
# counterpart (real6 -> realblind4 and real8 -> realblind6: risk/severity/diagnosis; real7 -> realblind5: value)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, categories, counts, words, counterpart", [
    ("real6", SCORE_CATEGORIES, {"risk": 12, "severity": 4, "diagnosis": 3}, (280, 450), "realblind4"),
    ("real7", VALUE_CATEGORIES, {"lab": 19, "physical": 12, "date": 3, "dosage": 2}, (300, 550), "realblind5"),
    ("real8", SCORE_CATEGORIES, {"risk": 12, "severity": 4, "diagnosis": 3}, (280, 450), "realblind6"),
    ("real9", SCORE_CATEGORIES, {"risk": 12, "severity": 4, "diagnosis": 3}, (280, 450), "realblind7"),
])
def test_development_set_has_one_note_per_calculator(name: str, categories: set[str], counts: dict[str, int],
                                                     words: tuple[int, int], counterpart: str) -> None:
    """Note <set>-<calculator id>-1 for each one-shot calculator of the categories, within the word range, limits as
    the conventions have them, documented as a development set naming its held-out counterpart."""
    if not ONE_SHOT.exists():
        pytest.skip(f"{ONE_SHOT} not found")
    with ONE_SHOT.open(newline="", encoding="utf-8") as fh:
        one_shot = {int(r["Calculator ID"]): normalise_category(r["Category"]) for r in csv.DictReader(fh)}
    wanted = {cid for cid, cat in one_shot.items() if cat in categories}
    assert len(wanted) == sum(counts.values())
    rows = [r for n, r in REAL_ROWS if n == name]
    assert Counter(r.calculator_id for r in rows) == Counter({cid: 1 for cid in wanted})
    assert Counter(r.category for r in rows) == Counter(counts)
    assert all(r.category == one_shot[r.calculator_id] for r in rows)
    assert sorted(r.note_id for r in rows) == sorted(f"{name}-{cid}-1" for cid in wanted)
    for r in rows:
        assert words[0] <= len(r.note.split()) <= words[1], f"{r.note_id}: {len(r.note.split())} words"
        _limits_follow_the_conventions(r)
    doc = (DEV / f"{name}.md").read_text(encoding="utf-8")
    assert "development set" in doc and counterpart in doc


@pytest.mark.parametrize("name", ["real8", "real9", "real10"])
def test_hand_working_ends_on_its_answer(name: str) -> None:
    rows = [r for n, r in REAL_ROWS if n == name]
    assert rows
    for r in rows:
        assert r.explanation.strip().endswith(f"Answer: {r.ground_truth}."), r.note_id
