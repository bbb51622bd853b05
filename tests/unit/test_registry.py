"""Tool registry: BM25 retrieval over tool cards (paraphrases, note as secondary evidence, scale)."""

import pytest

from medmirror.bench.medcalc import run_medcalc
from medmirror.bench.retrieval import PARAPHRASES, measure, scale_registry
from medmirror.tools.builtin import default_registry
from medmirror.tools.registry import UnknownTool
from medmirror.tools.text_tokens import tokenize


def test_clinical_tokenizer_keeps_and_splits_names() -> None:
    toks = tokenize("What is the patient's CHA2DS2-VASc score? CURB-65; PaO₂/FiO₂")
    assert {"cha2ds2vasc", "cha2ds2", "vasc", "curb65", "curb", "65", "pao2", "fio2"} <= set(toks)
    assert "patient" not in toks and "s" not in toks


@pytest.mark.parametrize("question,target", PARAPHRASES)
def test_paraphrased_questions_find_their_calculator(question: str, target: str) -> None:
    names = [h.card.name for h in default_registry().search(question, 3)]
    assert target in names, names


def test_paraphrase_recall_at_1() -> None:
    hits = sum(default_registry().search(q, 1)[0].card.name == t for q, t in PARAPHRASES)
    assert hits / len(PARAPHRASES) >= 0.9


def test_note_reorders_but_does_not_outvote_the_question() -> None:
    note = ("Blood pressure 150/90, heart rate 110, respiratory rate 24, temperature 38.9 C, GCS 14, "
            "creatinine 2.1, sodium 131, potassium 5.1, pH 7.31, PaO2 70, FiO2 40%, WBC 15, hematocrit 30.")
    top = default_registry().search("What is the patient's body mass index?", 3, context=note)
    assert top[0].card.name == "bmi"
    vague = default_registry().search("What is the score?", 3, context=note)
    assert vague[0].score > 0  # with an uninformative question the note decides


def test_unknown_tool_error_names_it() -> None:
    with pytest.raises(UnknownTool, match="unknown tool 'nope'"):
        default_registry().get("nope")


def test_thousand_card_registry_still_ranks_real_calculators() -> None:
    registry = scale_registry(1000)
    assert len(registry) == 1000
    report = measure(1000, repeats=1)
    assert report["paraphrase_recall"]["@5"] == 1.0


def test_retrieve_mode_records_rank_and_top5(tmp_path) -> None:
    csv_path = tmp_path / "rows.csv"
    csv_path.write_text(
        "Row Number,Calculator ID,Calculator Name,Category,Output Type,Patient Note,Question,Ground Truth Answer,Lower Limit,Upper Limit\n"
        "1,6,Body Mass Index (BMI),physical,decimal,A man of 80 kg and 180 cm.,What is the patient's BMI?,24.69,23.5,25.9\n"
        "2,999,Unknown,risk,integer,note,What is the score?,1,1,1\n")
    summary = run_medcalc(csv_path, "retrieve", out_dir=tmp_path / "out", quiet=True, plot=False, echo=lambda s: None)
    import json
    recs = [json.loads(line) for line in (tmp_path / "out" / "records.jsonl").read_text().splitlines()]
    assert recs[0]["rank"] == 1 and recs[0]["top5"][0] == "bmi" and len(recs[0]["top5"]) == 5
    assert recs[1]["rank"] is None and "999" in recs[1]["error"]
    assert summary["recall"]["@1"] == 0.5
