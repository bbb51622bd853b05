"""The compact record of an extraction (what a graph keeps in its state): plain data, no copy of the note,
and an equal Extraction back after a JSON or checkpoint-serializer round trip."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from medmirror.tools.extraction import extract
from medmirror.tools.extraction.extractor import Extraction
from medmirror.tools.extraction.model import Sentence, Value
from medmirror.tools.extraction.record import from_record, matches, to_record

CSV = Path(__file__).parents[3].parent / "shared/data/medcalc/one_shot.csv"  # shared/ beside the repo

NOTE = ("A 67-year-old woman on metoprolol 25 mg twice daily and oxycodone 10 mg q6h prn denies chest pain. "
        "Serum creatinine and potassium were 1.39 mg/dL and 4.1 mEq/L, respectively. Sodium 14 mEq/L. "
        "Weight 70 kg, height 165 cm. History of stroke.")


def _plain(obj) -> bool:
    """Only dicts with string keys, lists, strings, numbers, booleans and None."""
    if isinstance(obj, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in obj.items())
    if isinstance(obj, list):
        return all(_plain(v) for v in obj)
    return obj is None or isinstance(obj, (str, int, float, bool))


def test_every_kind_of_object_comes_back_equal():
    ex = extract(NOTE)
    # the note exercises every part: values with alternatives' fields, a tuple in details, medications,
    # negated and historical findings, a refused number
    assert ex.medications and ex.rejected and any(f.negated for f in ex.findings)
    assert isinstance(ex.values["creatinine"].details["label_span"], tuple)
    record = to_record(ex)
    assert _plain(record)
    assert from_record(json.loads(json.dumps(record)), NOTE) == ex


def test_the_record_survives_the_checkpoint_serializer():
    serde = JsonPlusSerializer()
    ex = extract(NOTE)
    back = serde.loads_typed(serde.dumps_typed(to_record(ex)))
    assert back == json.loads(json.dumps(to_record(ex)))
    assert from_record(back, NOTE) == ex


def test_the_record_does_not_copy_the_note():
    ex = extract(NOTE)
    text = json.dumps(to_record(ex))
    assert all(s.text not in text for s in ex.sentences)  # sentences are spans
    assert "Serum creatinine and potassium" not in text and "1.39 mg/dL" not in text  # raw texts are spans
    assert '"unit_assumed"' not in text and '"alternatives"' not in text  # defaults are left out
    assert len(text) < 0.7 * len(json.dumps(ex.to_dict()))  # the full dict repeats every sentence


def test_a_text_that_is_not_a_slice_of_the_note_is_kept():
    note = "Weight 70 kg."
    s = Sentence("a sentence of another text", 0, 13)
    v = Value("weight", 70.0, "kg", "70 kg (as read)", 70.0, "kg", 7, 12, s, alternatives=[
        Value("weight", 71.0, "kg", "71 kg", 71.0, "kg", 0, 5, Sentence("x", 0, 1))])
    ex = Extraction(note=note, values={"weight": v}, sentences=[s])
    record = to_record(ex)
    assert record["values"]["weight"]["raw"] == "70 kg (as read)"
    assert record["sentences"] == [{"text": "a sentence of another text", "start": 0, "end": 13}]
    assert from_record(json.loads(json.dumps(record)), note) == ex


def test_a_record_belongs_to_one_text():
    record = to_record(extract(NOTE))
    assert matches(record, NOTE)
    other = NOTE.replace("70 kg", "71 kg")
    assert not matches(record, other) and not matches(record, NOTE + " ") and not matches(None, NOTE)
    with pytest.raises(ValueError, match="not the analysis of this note"):
        from_record(record, other)
    assert matches(to_record(extract("")), "")


@pytest.mark.skipif(not CSV.exists(), reason="one-shot CSV not available")
def test_one_shot_notes_round_trip():
    with CSV.open(encoding="utf-8") as fh:
        notes = [r["Patient Note"].strip() for r in csv.DictReader(fh)]
    serde = JsonPlusSerializer()
    for note in notes:
        ex = extract(note)
        record = serde.loads_typed(serde.dumps_typed(to_record(ex)))
        assert from_record(record, note) == ex
