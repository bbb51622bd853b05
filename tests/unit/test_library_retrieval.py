"""Retrieval over the calculator library: names the question writes, the note's weight, the cards'
categories as a field index (tools/registry.py, tools/cards.py), and bench medcalc's scale figures."""

from __future__ import annotations

import numpy as np

from medmirror.bench.medcalc import make_retrieve, read_medcalc_csv, retrieval_summary
from medmirror.tools.builtin import default_registry
from medmirror.tools.cards import ToolCard
from medmirror.tools.registry import CONTEXT_WEIGHT_NAMED, CONTEXT_WEIGHT_OPEN, RegisteredTool, ToolRegistry


def _tool(name: str, description: str, aliases: tuple[str, ...] = (), always_offer: bool = False,
          **extra: str) -> RegisteredTool:
    card = ToolCard(name=name, category="calculator/risk", description=description, aliases=list(aliases), extra=extra)
    return RegisteredTool(card=card, run=lambda args: {}, args_schema={}, always_offer=always_offer)


def _registry() -> ToolRegistry:
    return ToolRegistry([
        _tool("heart_score", "Chest pain risk of major adverse cardiac events.", ("HEART", "HEART score"),
              disease="Acute Coronary Syndrome", organ_system="Cardiac"),
        _tool("marburg_heart_score", "Coronary artery disease in primary care chest pain.", ("Marburg Heart Score",),
              disease="Coronary Artery Disease", organ_system="Cardiac"),
        _tool("anion_gap", "Serum anion gap from sodium, chloride and bicarbonate.", ("AG",)),
        _tool("albumin_corrected_anion_gap", "Anion gap corrected for a low albumin.",
              ("albumin corrected anion gap",)),
        _tool("pews", "Early warning score for children on the ward: behaviour, capillary refill, tachycardia.",
              ("PEWS", "paediatric early warning score"), disease="Respiratory Distress", specialty="Pediatrics"),
        _tool("ottawa_hf", "Serious adverse events in heart failure in the emergency department: tachycardia.",
              disease="Heart Failure", specialty="Emergency Medicine"),
        _tool("calculate", "Arithmetic: what is the value of an expression.", ("what is",), always_offer=True),
    ])


def _names(reg: ToolRegistry, idx: list[int]) -> list[str]:
    return [reg.names()[i] for i in idx]


def test_card_fields_and_name_phrases() -> None:
    card = ToolCard(name="rcri", category="calculator/risk", description="d",
                    aliases=["RCRI", "Lee index", "MDCalc 1739", "MedCalc-Bench calculator 17"],
                    extra={"specialty": "Anesthesiology", "disease": "Myocardial Infarction", "calc_function": "Prognosis",
                           "medcalc_id": 17})
    assert card.field_text() == "Myocardial Infarction\nAnesthesiology"  # disease first; calc_function is left out
    assert card.name_phrases() == ["rcri", "RCRI", "Lee index"]
    assert ToolCard(name="x", category="c", description="d").field_text() == ""


def test_the_longest_name_the_question_writes_names_the_tool() -> None:
    reg = _registry()
    assert _names(reg, reg.named("What is the albumin corrected anion gap?")) == ["albumin_corrected_anion_gap"]
    assert _names(reg, reg.named("Compute the anion gap.")) == ["anion_gap"]
    assert _names(reg, reg.named("Compute the anion gaps.")) == ["anion_gap"]  # plural or singular alike
    assert _names(reg, reg.named("What is his Marburg Heart Score?")) == ["marburg_heart_score"]
    assert _names(reg, reg.named("Work out this patient's HEART score.")) == ["heart_score"]


def test_a_capitals_abbreviation_that_is_a_word_names_only_in_capitals() -> None:
    reg = _registry()
    assert _names(reg, reg.named("What is her HEART?")) == ["heart_score"]
    assert reg.named("Is her heart failing?") == []
    assert reg.named("What is the value?") == []  # general-purpose tools' generic aliases never name them


def test_a_named_tool_comes_first_even_where_another_card_has_more_words() -> None:
    reg = _registry()
    top = reg.search("Work out this patient's HEART score for her chest pain in primary care.", 2)
    assert top[0].card.name == "heart_score"


def test_the_note_decides_more_when_the_question_names_no_tool() -> None:
    reg = _registry()
    note = "Six-year-old after surgery: lethargic, capillary refill 4 seconds."
    open_question = "Serious adverse events likely on the ward?"  # mostly ottawa_hf's words, no tool's name
    assert reg.search(open_question, 1, context=note)[0].card.name == "pews"
    assert reg.search(open_question, 1, context=note, context_weight=CONTEXT_WEIGHT_NAMED)[0].card.name == "ottawa_hf"
    # what the default weights do, spelled out: the open question's note weighs CONTEXT_WEIGHT_OPEN
    a = reg.lexical_scores(open_question, note)
    b = reg.lexical_scores(open_question, note, context_weight=CONTEXT_WEIGHT_OPEN)
    assert np.allclose(a, b) and CONTEXT_WEIGHT_OPEN > CONTEXT_WEIGHT_NAMED
    # a question naming its tool keeps it first whatever the note says
    named = reg.search("What is the Ottawa heart failure risk (ottawa hf)?", 1, context=note + " " + note)
    assert named[0].card.name == "ottawa_hf"


def test_the_categories_break_ties_between_cards_the_text_scores_alike() -> None:
    reg = ToolRegistry([_tool("a_score", "Risk score.", disease="Pancreatitis"),
                        _tool("b_score", "Risk score.", disease="Pneumonia")])
    assert reg.search("risk score in pneumonia", 1)[0].card.name == "b_score"
    assert reg.search("risk score in pneumonia", 1, field_weight=0.0)[0].card.name == "a_score"  # registry order
    assert reg.field_scores("pneumonia")[1] > 0
    plain = ToolRegistry([_tool("a_score", "Risk score.")])
    assert plain.field_scores("pneumonia").tolist() == [0.0]  # no card has categories: no field index


def test_the_registry_indexes_the_library_categories() -> None:
    reg = default_registry()
    assert reg.get("khorana").card.field_text()
    assert reg.field_scores("pancreatic cancer chemotherapy venous thrombosis").argmax() == reg.names().index("khorana")


def test_bench_medcalc_retrieve_reports_build_time_and_latency(tmp_path) -> None:
    csv_path = tmp_path / "rows.csv"
    csv_path.write_text(
        "Row Number,Calculator ID,Calculator Name,Category,Output Type,Patient Note,Question,Ground Truth Answer,Lower Limit,Upper Limit\n"
        "1,6,Body Mass Index (BMI),physical,decimal,A man of 80 kg and 180 cm.,What is the patient's BMI?,24.69,23.5,25.9\n"
        "2,2,Creatinine Clearance,lab,decimal,A woman.,Cockcroft-Gault creatinine clearance?,50,45,55\n")
    run = make_retrieve({"k": 5, "embeddings": None, "settings": {"embeddings_provider": "none"}})
    records = [run(row) for row in read_medcalc_csv(csv_path)]
    summary = retrieval_summary(records)
    build = summary["index_build"]
    assert build["cards"] == len(default_registry()) and build["bm25_s"] >= 0 and build["dense"] is None
    lat = summary["latency_ms"]
    assert lat["p50"] is not None and lat["p95"] >= lat["p50"] and lat["max"] >= lat["p95"]
    assert summary["recall"]["@1"] == 1.0
